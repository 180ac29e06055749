package sampler

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// TestLog2fIsMathLog2 checks that log2f returns float32(math.Log2(x)) bit
// for bit: every power of two and its neighbours, values near 1, the
// specials, and 4 million random bit patterns. TEXUNIT_LOG2_EXHAUSTIVE=1
// checks all 2^32 patterns instead (about a minute).
func TestLog2fIsMathLog2(t *testing.T) {
	check := func(b uint32) {
		v := math.Float32frombits(b)
		want := float32(math.Log2(float64(v)))
		if got := log2f(v); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("log2f(%v = %#08x) = %v (%#08x), math.Log2 gives %v (%#08x)", v, b, got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
	if os.Getenv("TEXUNIT_LOG2_EXHAUSTIVE") != "" {
		for b := uint64(0); b < 1<<32; b++ {
			check(uint32(b))
		}
		return
	}
	for e := uint32(0); e < 256; e++ {
		for d := uint32(0); d < 64; d++ {
			check(e<<23 + d)
			check(e<<23 - d - 1)
			check(e<<23 | 0x7fff00 + d)
		}
	}
	for d := uint32(0); d < 1<<16; d++ { // around 1
		check(0x3f800000 + d)
		check(0x3f800000 - d)
	}
	rng := rand.New(rand.NewPCG(2, 32))
	for range 1 << 22 {
		check(rng.Uint32())
	}
}
