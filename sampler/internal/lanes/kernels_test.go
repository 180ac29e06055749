package lanes

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestVectorKernelsAgree runs the lane loop's vector kernels and
// their plain-Go forms on the same inputs — raw texel bits (NaNs with
// payloads, infinities, signed zeros, subnormals), fractions at 0, 1 − ulp
// and in between, coordinates at texel edges, beyond ±2^30, NaN and
// infinite — and requires the same bits. Package sampler's agreement
// tests, run in the vector build, compare them with the reference path.
func TestVectorKernelsAgree(t *testing.T) {
	if !AsmKernels {
		t.Skip("no vector kernels in this build (purego, another architecture) or on this CPU (no AVX2)")
	}
	rng := rand.New(rand.NewPCG(8, 2026))
	special := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 1, 0x80000001, 0x3f800000, 0x00800000}
	d := make([]byte, 1<<14)
	for i := 0; i < len(d); i += 4 {
		v := rng.Uint32()
		if rng.IntN(4) == 0 {
			v = special[rng.IntN(len(special))]
		}
		binary.LittleEndian.PutUint32(d[i:], v)
	}
	frac := func() float32 {
		switch rng.IntN(5) {
		case 0:
			return 0
		case 1:
			return math.Nextafter32(1, 0)
		case 2:
			return 0.5
		}
		return rng.Float32()
	}
	for iter := 0; iter < 3000; iter++ {
		n := 8 * (1 + rng.IntN(Chunk/8))
		var fp Footprints
		// A third of the chunks have Footprints whose rows are pairs of
		// adjacent 4-byte texels (gatherRows' loads), a third of adjacent
		// 16-byte texels (bilinear128's), but for an entry now and then (its
		// group is gathered).
		rows := []int32{0, 4, 16}[rng.IntN(3)]
		for k := 0; k < n; k++ {
			for q := range fp.O {
				fp.O[q][k] = int32(4 * rng.IntN(len(d)/4-8))
			}
			if rows != 0 && rng.IntN(32) != 0 {
				fp.O[1][k], fp.O[3][k] = fp.O[0][k]+rows, fp.O[2][k]+rows
			}
			fp.FA[k], fp.FB[k] = frac(), frac()
		}
		var vec, plain [4][Chunk]float32
		vo, po := OutOf(&vec), OutOf(&plain)
		bilinearRGBA8Lanes(d, &fp, n, &vo, false)
		bilinearRGBA8LanesGo(d, &fp, n, &po)
		sameBits(t, "r8g8b8a8_unorm", n, &vec, &plain)
		BilinearRGBA32FLanes(d, &fp, n, &vo, false)
		bilinearRGBA32FLanesGo(d, &fp, n, &po)
		sameBits(t, "r32g32b32a32_sfloat", n, &vec, &plain)

		var ch [Chunk]uint8
		var ref [Chunk]float32
		for k := 0; k < n; k++ {
			ch[k] = uint8(rng.IntN(256)) // the kernels take ch & 3
			ref[k] = math.Float32frombits(rng.Uint32())
			switch rng.IntN(3) {
			case 0:
				ref[k] = math.Float32frombits(special[rng.IntN(len(special))])
			case 1: // equal to a texel's depth
				ref[k] = math.Float32frombits(binary.LittleEndian.Uint32(d[fp.O[rng.IntN(4)][k]:]))
			}
		}
		gatherRGBA8Lanes(d, &fp, n, &ch, &vo, false)
		gatherRGBA8LanesGo(d, &fp, n, &ch, &po)
		sameBits(t, "gather r8g8b8a8_unorm", n, &vec, &plain)
		op := CompareOp(rng.IntN(9))
		tv, fv := [4]float32{1, 0, 0, 0}, [4]float32{0, 0, 0, 0}
		if rng.IntN(2) == 0 { // a swizzle's results: (1, 1, 1, 1) and (0, 0, 0, 1)
			tv, fv = [4]float32{1, 1, 1, 1}, [4]float32{0, 0, 0, 1}
		}
		GatherDepthLanes(d, &fp, n, &ref, op, tv[0], fv[0], &vo, false)
		gatherDepthLanesGo(d, &fp, n, &ref, op, tv[0], fv[0], &po)
		sameBits(t, "gather compare "+op.String(), n, &vec, &plain)
		PCFDepthLanes(d, &fp, n, &ref, op, &tv, &fv, &vo, false)
		pcfDepthLanesGo(d, &fp, n, &ref, op, &tv, &fv, &po)
		sameBits(t, "pcf "+op.String(), n, &vec, &plain)
	}
}

// TestVectorBlendAndStoreAgree compares the vector levels' blend and
// result stores with their plain forms: δ = 0 entries with infinite or NaN
// lower results (which the blend must leave alone), δ near 0 and 1, and
// stores of NaNs, infinities and signed zeros.
func TestVectorBlendAndStoreAgree(t *testing.T) {
	if !AsmKernels {
		t.Skip("no assembly kernels in this build (purego, another architecture) or on this CPU (no AVX2)")
	}
	rng := rand.New(rand.NewPCG(4, 2026))
	special := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1, 1e-30, 3e38}
	val := func() float32 {
		if rng.IntN(4) == 0 {
			return special[rng.IntN(len(special))]
		}
		return rng.Float32()*4 - 2
	}
	for iter := 0; iter < 2000; iter++ {
		var vec, plain testChunk
		vec.np = 8 * (1 + rng.IntN(Chunk/8))
		for k := 0; k < vec.np; k++ {
			vec.delta[k] = []float32{0, 0, math.Nextafter32(0, 1), math.Nextafter32(1, 0), 0.5, rng.Float32()}[rng.IntN(6)]
			for ch := range vec.acc {
				vec.acc[ch][k], vec.lower[ch][k] = val(), val()
			}
		}
		plain = vec
		// Into a separate output (a result's rows), then in place.
		var vs, ps [4][Chunk]float32
		vo, po := OutOf(&vs), OutOf(&ps)
		BlendLanes(&vec.delta, &vec.acc, &vec.lower, vec.np, &vo)
		blendLanesGo(&plain.delta, &plain.acc, &plain.lower, plain.np, &po)
		sameBits(t, "blend", vec.np, &vs, &ps)
		vo, po = OutOf(&vec.acc), OutOf(&plain.acc)
		BlendLanes(&vec.delta, &vec.acc, &vec.lower, vec.np, &vo)
		blendLanesGo(&plain.delta, &plain.acc, &plain.lower, plain.np, &po)
		sameBits(t, "blend in place", vec.np, &vec.acc, &plain.acc)
		sameBits(t, "blend into rows vs in place", vec.np, &vs, &vec.acc)

		n := 1 + rng.IntN(Chunk)
		i0 := rng.IntN(5)
		var rv, rp testResult
		for c := range rv.Bits {
			rv.Bits[c], rp.Bits[c] = make([]uint32, i0+n), make([]uint32, i0+n)
		}
		StoreRun(&rv.Bits, &vec.acc, i0, n)
		storeRunGo(&rp.Bits, &vec.acc, i0, n)
		for c := range rv.Bits {
			for k := range rv.Bits[c] {
				if rv.Bits[c][k] != rp.Bits[c][k] {
					t.Fatalf("store of %d lanes at %d: lane %d channel %d: vector %08x, plain %08x", n, i0, k, c, rv.Bits[c][k], rp.Bits[c][k])
				}
			}
		}
	}
}
