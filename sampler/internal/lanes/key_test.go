package lanes

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestSameKeyAgrees holds SameKey (AVX2 where AsmKernels, else the Go
// twin) to a byte-by-byte compare: random states and views, equal or with
// one to three bytes changed anywhere (under the mask or in its holes),
// under random masks of whole bytes, and a change in each byte of each
// range in turn under the full mask.
func TestSameKeyAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(128, 80))
	want := func(a, b, va, vb []byte, m *[KeyBytes]byte) bool {
		for i := range StateBytes {
			if (a[i]^b[i])&m[i] != 0 {
				return false
			}
		}
		for i := range ViewBytes {
			if (va[i]^vb[i])&m[StateBytes+i] != 0 {
				return false
			}
		}
		return true
	}
	check := func(a, b, va, vb []byte, m *[KeyBytes]byte) {
		t.Helper()
		w := want(a, b, va, vb, m)
		if got := SameKey(&a[0], &b[0], &va[0], &vb[0], m); got != w {
			t.Fatalf("SameKey %v, want %v (a %x b %x va %x vb %x m %x)", got, w, a, b, va, vb, m)
		}
		if AsmKernels {
			if got := sameKeyGo(&a[0], &b[0], &va[0], &vb[0], m); got != w {
				t.Fatalf("sameKeyGo %v, want %v", got, w)
			}
		}
	}
	// Buffers of their own, 8-byte aligned as the sampler's structures are.
	buf := func(n int) []byte { w := make([]uint64, n/8); return unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), n) }
	a, b, va, vb := buf(StateBytes), buf(StateBytes), buf(ViewBytes), buf(ViewBytes)
	var full [KeyBytes]byte
	for i := range full {
		full[i] = 0xff
	}
	for k := range KeyBytes {
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		for i := range va {
			va[i] = byte(rng.Uint32())
		}
		copy(b, a)
		copy(vb, va)
		check(a, b, va, vb, &full)
		if k < StateBytes {
			b[k] ^= 1 << rng.IntN(8)
		} else {
			vb[k-StateBytes] ^= 1 << rng.IntN(8)
		}
		check(a, b, va, vb, &full)
	}
	for range 20000 {
		var m [KeyBytes]byte
		for i := range m {
			if rng.IntN(5) != 0 {
				m[i] = 0xff
			}
		}
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		for i := range va {
			va[i] = byte(rng.Uint32())
		}
		copy(b, a)
		copy(vb, va)
		for range rng.IntN(4) {
			if k := rng.IntN(KeyBytes); k < StateBytes {
				b[k] = byte(rng.Uint32())
			} else {
				vb[k-StateBytes] = byte(rng.Uint32())
			}
		}
		check(a, b, va, vb, &m)
	}
}
