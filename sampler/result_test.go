package sampler

import (
	"errors"
	"testing"
)

// TestResizeResetsResult checks that a reused Result starts every request
// with zero bits, every lane resident and no lane errors, for lane counts
// across allResident's runs.
func TestResizeResetsResult(t *testing.T) {
	var r Result
	for _, n := range []int{0, 1, 63, 64, 65, 200, 7} {
		for c := range r.Bits {
			for i := range r.Bits[c][:cap(r.Bits[c])] {
				r.Bits[c][:cap(r.Bits[c])][i] = 0xdeadbeef
			}
		}
		for i := range r.Resident[:cap(r.Resident)] {
			r.Resident[:cap(r.Resident)][i] = false
		}
		r.laneError(max(n, 1), 0, errors.New("stale"))
		r.resize(n, true)
		if len(r.Resident) != n || len(r.LaneErr) != 0 {
			t.Fatalf("n %d: %d flags, %d lane errors", n, len(r.Resident), len(r.LaneErr))
		}
		for i := range n {
			if !r.Resident[i] {
				t.Fatalf("n %d: lane %d not resident", n, i)
			}
			for c := range r.Bits {
				if len(r.Bits[c]) != n || r.Bits[c][i] != 0 {
					t.Fatalf("n %d: channel %d lane %d: %d bits, %08x", n, c, i, len(r.Bits[c]), r.Bits[c][i])
				}
			}
		}
	}
}
