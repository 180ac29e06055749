//go:build amd64 && !purego

package lanes

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// TestLog2f8IsMathLog2 checks the vector build's log2f8 as
// TestLog2fIsMathLog2 checks log2f: float32(math.Log2(x)) bit for bit, on
// the same inputs, eight at a time in shuffled groups (so each group mixes
// accepted elements and fallbacks). TEXUNIT_LOG2_EXHAUSTIVE=1 checks all
// 2^32 patterns.
func TestLog2f8IsMathLog2(t *testing.T) {
	if !AsmKernels {
		t.Skip("no AVX2")
	}
	var in, out [8]float32
	n := 0
	flush := func() {
		log2f8(&in, &out)
		g := in
		log2f8(&g, &g) // in place, as log2Lanes and the gatherers call it
		for k := range n {
			if math.Float32bits(g[k]) != math.Float32bits(out[k]) {
				t.Fatalf("log2f8 in place, element %d: log2(%v) = %v, not %v", k, in[k], g[k], out[k])
			}
			want := float32(math.Log2(float64(in[k])))
			if math.Float32bits(out[k]) != math.Float32bits(want) {
				t.Fatalf("log2f8 element %d: log2(%v = %#08x) = %v (%#08x), math.Log2 gives %v (%#08x)",
					k, in[k], math.Float32bits(in[k]), out[k], math.Float32bits(out[k]), want, math.Float32bits(want))
			}
		}
		n = 0
	}
	check := func(b uint32) {
		in[n] = math.Float32frombits(b)
		if n++; n == 8 {
			flush()
		}
	}
	if os.Getenv("TEXUNIT_LOG2_EXHAUSTIVE") != "" {
		for b := uint64(0); b < 1<<32; b++ {
			check(uint32(b))
		}
		return
	}
	var bits []uint32
	for e := uint32(0); e < 256; e++ {
		for d := uint32(0); d < 64; d++ {
			bits = append(bits, e<<23+d, e<<23-d-1, e<<23|0x7fff00+d)
		}
	}
	for d := uint32(0); d < 1<<16; d++ { // around 1
		bits = append(bits, 0x3f800000+d, 0x3f800000-d)
	}
	rng := rand.New(rand.NewPCG(2, 32))
	for range 1 << 22 {
		bits = append(bits, rng.Uint32())
	}
	rng.Shuffle(len(bits), func(i, j int) { bits[i], bits[j] = bits[j], bits[i] })
	for _, b := range bits {
		check(b)
	}
	for n != 0 {
		check(0x3f800000)
	}
}

// TestLog2VecIsMathLog2 checks Log2Vec, log2Fast's loop over up to 64
// values, against math.Log2: lengths of 8 to 64, groups that mix accepted
// values with rejected ones (specials, values near 1, subnormals) at every
// position, so that each group's rejections land at their own bits.
func TestLog2VecIsMathLog2(t *testing.T) {
	if !AsmKernels {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(7, 64))
	special := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 1, 0x807fffff, 0x3f800000, 0x3f800001, 0x3f7fffff, 0xbf800000}
	for iter := 0; iter < 20000; iter++ {
		n := 8 * (1 + rng.IntN(8))
		var a, in [64]float32
		for k := range n {
			b := rng.Uint32()
			switch rng.IntN(4) {
			case 0:
				b = special[rng.IntN(len(special))]
			case 1:
				b = 0x3f800000 + uint32(rng.IntN(1<<16)) - 1<<15 // near 1
			}
			a[k] = math.Float32frombits(b)
		}
		in = a
		Log2Vec(a[:n])
		for k := range 64 {
			want := in[k]
			if k < n {
				want = float32(math.Log2(float64(in[k])))
			}
			if math.Float32bits(a[k]) != math.Float32bits(want) {
				t.Fatalf("Log2Vec of %d values, value %d: log2(%v = %#08x) = %v (%#08x), want %v (%#08x)",
					n, k, in[k], math.Float32bits(in[k]), a[k], math.Float32bits(a[k]), want, math.Float32bits(want))
			}
		}
	}
}
