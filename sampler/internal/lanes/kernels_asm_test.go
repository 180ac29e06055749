package lanes

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestAsmKernelsAgree runs the assembly chunk stages (kernels_amd64.s,
// through their wrappers) and the Go stages on the same inputs and
// requires the same bits, on what TestVectorKernelsAgree and
// TestVectorBlendAndStoreAgree leave out: compare results t and f other
// than the samplers' (signed zeros, subnormals, arbitrary finite values:
// channels in the general form), every compare operation including
// CompareNone and values beyond CompareAlways, δ that are NaN or −0, and
// stores of every run length at unaligned starts, with the lanes around the
// run left alone. It also checks which calls the wrappers decline.
func TestAsmKernelsAgree(t *testing.T) {
	if !AsmKernels {
		t.Skip("no assembly kernels in this build (purego, another architecture) or on this CPU (no AVX2)")
	}
	rng := rand.New(rand.NewPCG(21, 2026))
	special := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 1, 0x80000001, 0x3f800000, 0x00800000, 0x3f000000}
	word := func() uint32 {
		if rng.IntN(3) == 0 {
			return special[rng.IntN(len(special))]
		}
		return rng.Uint32()
	}
	// A compare's results are finite (a swizzle's 0 and 1): a NaN from
	// w·∞ or one in t or f would carry a payload that depends on the
	// operand order the Go compiler picks for the plain stage's sums.
	finite := func() float32 {
		for {
			if v := math.Float32frombits(word()); !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) {
				return v
			}
		}
	}
	d := make([]byte, 1<<12)
	for i := 0; i < len(d); i += 4 {
		binary.LittleEndian.PutUint32(d[i:], word())
	}
	ops := []CompareOp{CompareNone, CompareNever, CompareLess, CompareEqual, CompareLessOrEqual, CompareGreater, CompareNotEqual, CompareGreaterOrEqual, CompareAlways, CompareAlways + 1, 255}
	for iter := 0; iter < 4000; iter++ {
		n := 8 * (1 + rng.IntN(Chunk/8))
		var fp Footprints
		for k := 0; k < n; k++ {
			for q := range fp.O {
				fp.O[q][k] = int32(4 * rng.IntN(len(d)/4))
			}
			if rng.IntN(2) == 0 { // adjacent texels (gatherRows' pairs)
				fp.O[0][k] = min(fp.O[0][k], int32(len(d)-8))
				fp.O[2][k] = min(fp.O[2][k], int32(len(d)-8))
				fp.O[1][k], fp.O[3][k] = fp.O[0][k]+4, fp.O[2][k]+4
			}
			// Fractions in [0, 1), as the Footprints give them.
			fp.FA[k] = []float32{0, 0.5, math.Nextafter32(1, 0), rng.Float32()}[rng.IntN(4)]
			fp.FB[k] = []float32{0, 0.5, math.Nextafter32(1, 0), rng.Float32()}[rng.IntN(4)]
		}
		var ref [Chunk]float32
		for k := 0; k < n; k++ {
			ref[k] = math.Float32frombits(word())
			if rng.IntN(3) == 0 { // equal to a texel's depth
				ref[k] = math.Float32frombits(binary.LittleEndian.Uint32(d[fp.O[rng.IntN(4)][k]:]))
			}
		}
		op := ops[rng.IntN(len(ops))]
		var tv, fv [4]float32
		for c := range tv {
			switch rng.IntN(4) {
			case 0:
				tv[c], fv[c] = 1, 0
			case 1:
				tv[c], fv[c] = 0, 0
			default:
				tv[c], fv[c] = finite(), finite()
			}
		}
		var asm, plain [4][Chunk]float32
		ao, po := OutOf(&asm), OutOf(&plain)
		if !gatherDepthAsm(d, &fp, n, &ref, op, tv[0], fv[0], &ao, false) {
			t.Fatal("gatherDepthAsm declined a chunk inside the data")
		}
		gatherDepthLanesGo(d, &fp, n, &ref, op, tv[0], fv[0], &po)
		sameBits(t, "gather compare "+op.String(), n, &asm, &plain)
		if !pcfDepthAsm(d, &fp, n, &ref, op, &tv, &fv, &ao, false) {
			t.Fatal("pcfDepthAsm declined a chunk inside the data")
		}
		pcfDepthLanesGo(d, &fp, n, &ref, op, &tv, &fv, &po)
		sameBits(t, "pcf "+op.String(), n, &asm, &plain)

		var c testChunk
		c.np = n
		for k := 0; k < n; k++ {
			c.delta[k] = 0
			if rng.IntN(2) == 0 {
				c.delta[k] = math.Float32frombits(word())
			}
			for ch := range c.acc {
				c.acc[ch][k], c.lower[ch][k] = math.Float32frombits(word()), math.Float32frombits(word())
			}
		}
		if rng.IntN(4) == 0 { // all zero, −0 or not
			for k := 0; k < n; k++ {
				c.delta[k] = float32(math.Copysign(0, float64(1-2*rng.IntN(2))))
			}
		}
		if b, ok := blendsAsm(&c.delta, c.np); !ok || b != blendsGo(&c.delta, c.np) {
			t.Fatalf("blends of %v: assembly %v (ok %v), Go %v", c.delta[:n], b, ok, blendsGo(&c.delta, c.np))
		}
		if !blendLanesAsm(&c.delta, &c.acc, &c.lower, c.np, &ao) {
			t.Fatal("blendLanesAsm declined")
		}
		blendLanesGo(&c.delta, &c.acc, &c.lower, c.np, &po)
		sameBits(t, "blend", n, &asm, &plain)

		m := 1 + rng.IntN(Chunk)
		i0 := rng.IntN(9)
		var ra, rp testResult
		for ch := range ra.Bits {
			ra.Bits[ch], rp.Bits[ch] = make([]uint32, i0+m+3), make([]uint32, i0+m+3)
			for k := range ra.Bits[ch] {
				ra.Bits[ch][k] = 0xdeadbeef
				rp.Bits[ch][k] = 0xdeadbeef
			}
		}
		if storeRunAsm(&ra.Bits, &c.acc, i0, m) != (m >= 8) {
			t.Fatalf("storeRunAsm of %d lanes: taken %v", m, m >= 8)
		}
		storeRunGo(&rp.Bits, &c.acc, i0, m)
		for ch := range ra.Bits {
			for k := range ra.Bits[ch] {
				if ra.Bits[ch][k] != rp.Bits[ch][k] && m >= 8 {
					t.Fatalf("store of %d lanes at %d: lane %d channel %d: assembly %08x, Go %08x", m, i0, k, ch, ra.Bits[ch][k], rp.Bits[ch][k])
				}
			}
		}
	}

	// The calls the wrappers decline, leaving out as it was.
	var fp Footprints
	var ref [Chunk]float32
	var tv, fv [4]float32
	var out [4][Chunk]float32
	o := OutOf(&out)
	fp.O[3][5] = int32(len(d) - 2) // reads beyond the data
	if gatherDepthAsm(d, &fp, 8, &ref, CompareLess, 1, 0, &o, false) || pcfDepthAsm(d, &fp, 8, &ref, CompareLess, &tv, &fv, &o, false) {
		t.Error("a depth kernel took a footprint beyond the data")
	}
	if gatherDepthAsm(d, &fp, 12, &ref, CompareLess, 1, 0, &o, true) || pcfDepthAsm(d, &fp, 0, &ref, CompareLess, &tv, &fv, &o, true) {
		t.Error("a depth kernel took a chunk that is not a positive multiple of 8")
	}
	var c testChunk
	c.np = 12
	if _, ok := blendsAsm(&c.delta, c.np); ok || blendLanesAsm(&c.delta, &c.acc, &c.lower, c.np, &o) {
		t.Error("a blend kernel took a chunk that is not a multiple of 8")
	}
	var res testResult
	for ch := range res.Bits {
		res.Bits[ch] = make([]uint32, 16)
	}
	res.Bits[2] = res.Bits[2][:15]
	if storeRunAsm(&res.Bits, &c.acc, 0, 16) || storeRunAsm(&res.Bits, &c.acc, 0, 7) {
		t.Error("storeRunAsm took a run beyond a row or shorter than 8 lanes")
	}
}

// BenchmarkChunkStages times each chunk stage on a full chunk (64 entries),
// its assembly kernel (asm, where this build has one) against its Go form
// (go): the depth kernels with a Less compare and the samplers' results,
// on Footprints of adjacent texels.
func BenchmarkChunkStages(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 2026))
	d := make([]byte, 1<<16)
	for i := range d {
		d[i] = byte(rng.Uint32())
	}
	const n = Chunk
	var c testChunk
	c.np = n
	for k := 0; k < n; k++ {
		o := int32(4 * rng.IntN(len(d)/4-64))
		c.fp.O[0][k], c.fp.O[1][k], c.fp.O[2][k], c.fp.O[3][k] = o, o+4, o+128, o+132
		c.fp.FA[k], c.fp.FB[k] = rng.Float32(), rng.Float32()
		c.ref[k] = rng.Float32()
		c.delta[k] = rng.Float32()
		for ch := range c.acc {
			c.acc[ch][k], c.lower[ch][k] = rng.Float32(), rng.Float32()
		}
	}
	var z testChunk
	z.np = n
	tv, fv := [4]float32{1, 0, 0, 0}, [4]float32{0, 0, 0, 0}
	var rows [4][Chunk]float32
	out := OutOf(&rows)
	var res testResult
	for ch := range res.Bits {
		res.Bits[ch] = make([]uint32, n+3)
	}
	stages := []struct {
		name       string
		asm, plain func()
	}{
		{"blends", func() { blendsAsm(&c.delta, c.np) }, func() { blendsGo(&c.delta, c.np) }},
		{"blendsNone", func() { blendsAsm(&z.delta, z.np) }, func() { blendsGo(&z.delta, z.np) }}, // every δ = 0: the whole chunk
		{"blendLanes", func() { blendLanesAsm(&c.delta, &c.acc, &c.lower, c.np, &out) }, func() { blendLanesGo(&c.delta, &c.acc, &c.lower, c.np, &out) }},
		{"storeRun", func() { storeRunAsm(&res.Bits, &c.acc, 3, n) }, func() { storeRunGo(&res.Bits, &c.acc, 3, n) }},
		{"gatherDepth", func() { gatherDepthAsm(d, &c.fp, n, &c.ref, CompareLess, 1, 0, &out, true) }, func() { gatherDepthLanesGo(d, &c.fp, n, &c.ref, CompareLess, 1, 0, &out) }},
		{"pcfDepth", func() { pcfDepthAsm(d, &c.fp, n, &c.ref, CompareLess, &tv, &fv, &out, true) }, func() { pcfDepthLanesGo(d, &c.fp, n, &c.ref, CompareLess, &tv, &fv, &out) }},
	}
	for _, s := range stages {
		if AsmKernels {
			b.Run(s.name+"/asm", func(b *testing.B) {
				for b.Loop() {
					s.asm()
				}
			})
		}
		b.Run(s.name+"/go", func(b *testing.B) {
			for b.Loop() {
				s.plain()
			}
		})
	}
}
