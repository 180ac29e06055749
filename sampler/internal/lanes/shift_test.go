package lanes

import "testing"

// TestShiftOf: log2 of the powers of two, −1 for everything else.
func TestShiftOf(t *testing.T) {
	for k := range int32(31) {
		if got := ShiftOf(1 << k); got != k {
			t.Errorf("ShiftOf(1<<%d) = %d", k, got)
		}
	}
	for _, v := range []int32{0, -1, -4, 3, 5, 6, 12, 96, 4000, 1<<30 + 1, -1 << 31} {
		if got := ShiftOf(v); got != -1 {
			t.Errorf("ShiftOf(%d) = %d, want -1", v, got)
		}
	}
}
