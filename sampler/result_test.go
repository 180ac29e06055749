package sampler

import (
	"errors"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
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

// TestStaleResultRewritten runs requests into a result that holds another
// request's values and into a new one: whether or not Execute clears the
// channels first (writesEveryLane), every lane must come out the same —
// inactive lanes, lanes with a bad offset, fetches outside the level.
func TestStaleResultRewritten(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16}, false)
	st := linearState()
	n := 72
	coord := make([]float32, n)
	texel := make([]int32, n)
	for i := range coord {
		coord[i] = float32(i)/float32(n)*1.5 - 0.25
		texel[i] = int32(i%24) - 4 // some outside the level
	}
	active := make([]bool, n)
	for i := range active {
		active[i] = i%3 != 0
	}
	offsets := make([]int32, n)
	for i := range offsets {
		offsets[i] = int32(i%20) - 10 // some outside −8..7: lane errors
	}
	for _, op := range []Op{OpSampleL, OpGather4, OpFetch} {
		for _, withActive := range []bool{false, true} {
			for _, withOffsets := range []bool{false, true} {
				req := &Request{Op: op, Lanes: n, Coord: [4][]float32{coord, coord}, Lod: make([]float32, n),
					Texel: [4][]int32{texel, texel}}
				if withActive {
					req.Active = active
				}
				if withOffsets {
					req.Offset[0] = offsets
				}
				stale, fresh := staleResult(n), new(Result)
				for _, r := range []*Result{stale, fresh} {
					if err := (&Engine{}).Execute(s.View(), &st, req, r); err != nil {
						t.Fatalf("%s: %v", op, err)
					}
				}
				for i := range n {
					if laneErr(stale, i) != laneErr(fresh, i) || stale.Resident[i] != fresh.Resident[i] {
						t.Fatalf("%s active %v offsets %v lane %d: error %q resident %v, on a new result %q %v", op, withActive, withOffsets,
							i, laneErr(stale, i), stale.Resident[i], laneErr(fresh, i), fresh.Resident[i])
					}
					for c := range 4 {
						if stale.Bits[c][i] != fresh.Bits[c][i] {
							t.Fatalf("%s active %v offsets %v lane %d channel %d: %08x, on a new result %08x", op, withActive, withOffsets,
								i, c, stale.Bits[c][i], fresh.Bits[c][i])
						}
					}
				}
			}
		}
	}
}
