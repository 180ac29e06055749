package nulls

import (
	"math/rand/v2"
	"testing"
)

// TestMask holds Mask (the AVX2 form where the CPU has it) and maskGo to
// the definition on every single zero word, on every pattern of zeros in
// the first and last eight words, and on random patterns of zero, small,
// pointer-like and all-ones words.
func TestMask(t *testing.T) {
	check := func(w *[16]uintptr) {
		t.Helper()
		var want uint32
		for i, v := range w {
			if v == 0 {
				want |= 1 << i
			}
		}
		if got := Mask(w); got != want {
			t.Fatalf("Mask(%x) = %#x, want %#x", *w, got, want)
		}
		if got := maskGo(w); got != want {
			t.Fatalf("maskGo(%x) = %#x, want %#x", *w, got, want)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	values := []uintptr{1, 0x7f0000001000, 1 << 32, ^uintptr(0), 0x100000000 - 1}
	for p := 0; p < 1<<8; p++ {
		for _, shift := range []int{0, 8} {
			var w [16]uintptr
			for i := range w {
				w[i] = values[r.IntN(len(values))]
				if i >= shift && i < shift+8 && p>>(i-shift)&1 != 0 {
					w[i] = 0
				}
			}
			check(&w)
		}
	}
	for k := 0; k < 10000; k++ {
		var w [16]uintptr
		for i := range w {
			if r.IntN(2) == 0 {
				w[i] = values[r.IntN(len(values))]
			}
		}
		check(&w)
	}
}
