package sampler

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestVectorKernelsAgree runs the lane loop's vector stages and
// their plain-Go forms on the same inputs — raw texel bits (NaNs with
// payloads, infinities, signed zeros, subnormals), fractions at 0, 1 − ulp
// and in between, coordinates at texel edges, beyond ±2^30, NaN and
// infinite — and requires the same bits. The package's other agreement
// tests, run in the vector build, compare it with the reference path.
func TestVectorKernelsAgree(t *testing.T) {
	if !asmKernels {
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
		n := 8 * (1 + rng.IntN(laneChunk/8))
		var fp footprints
		// A third of the chunks have footprints whose rows are pairs of
		// adjacent 4-byte texels (gatherRows' loads), a third of adjacent
		// 16-byte texels (bilinear128's), but for an entry now and then (its
		// group is gathered).
		rows := []int32{0, 4, 16}[rng.IntN(3)]
		for k := 0; k < n; k++ {
			for q := range fp.o {
				fp.o[q][k] = int32(4 * rng.IntN(len(d)/4-8))
			}
			if rows != 0 && rng.IntN(32) != 0 {
				fp.o[1][k], fp.o[3][k] = fp.o[0][k]+rows, fp.o[2][k]+rows
			}
			fp.fa[k], fp.fb[k] = frac(), frac()
		}
		var vec, plain [4][laneChunk]float32
		vo, po := outOf(&vec), outOf(&plain)
		bilinearRGBA8Lanes(d, &fp, n, &vo, false)
		bilinearRGBA8LanesGo(d, &fp, n, &po)
		sameBits(t, "r8g8b8a8_unorm", n, &vec, &plain)
		bilinearRGBA32FLanes(d, &fp, n, &vo, false)
		bilinearRGBA32FLanesGo(d, &fp, n, &po)
		sameBits(t, "r32g32b32a32_sfloat", n, &vec, &plain)

		var ch [laneChunk]uint8
		var ref [laneChunk]float32
		for k := 0; k < n; k++ {
			ch[k] = uint8(rng.IntN(256)) // the kernels take ch & 3
			ref[k] = math.Float32frombits(rng.Uint32())
			switch rng.IntN(3) {
			case 0:
				ref[k] = math.Float32frombits(special[rng.IntN(len(special))])
			case 1: // equal to a texel's depth
				ref[k] = math.Float32frombits(binary.LittleEndian.Uint32(d[fp.o[rng.IntN(4)][k]:]))
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
		gatherDepthLanes(d, &fp, n, &ref, op, tv[0], fv[0], &vo, false)
		gatherDepthLanesGo(d, &fp, n, &ref, op, tv[0], fv[0], &po)
		sameBits(t, "gather compare "+op.String(), n, &vec, &plain)
		pcfDepthLanes(d, &fp, n, &ref, op, &tv, &fv, &vo, false)
		pcfDepthLanesGo(d, &fp, n, &ref, op, &tv, &fv, &po)
		sameBits(t, "pcf "+op.String(), n, &vec, &plain)
	}

	coord := func(size int32) float32 {
		switch rng.IntN(8) {
		case 0:
			return float32(rng.IntN(4*int(size)+1)-2*int(size)) / float32(2*size) // texel centres and edges
		case 1:
			return []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9, 2e-9}[rng.IntN(6)]
		}
		return rng.Float32()*6 - 3
	}
	for iter := 0; iter < 3000 && asmKernels; iter++ { // the vector footprints
		w, h := int32(1)<<rng.IntN(7), []int32{1, 2, 3, 16, 64, 37}[rng.IntN(6)]
		layers := 1 + rng.IntN(3)
		s := newSurface(t, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: int(w), Height: int(h), Layers: layers}, false)
		st := linearState()
		st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
		var x exec
		req := &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{{0}, {0}, {0}}}
		if err := x.setup(altPrecision(iter), s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		var c laneSet
		c.n = 1 + rng.IntN(laneChunk)
		c.np = (c.n + 7) &^ 7
		level := int32(rng.IntN(x.levels))
		lv := &x.fast.levels[level]
		for k := 0; k < c.np; k++ {
			c.s[k], c.t[k] = coord(lv.w), coord(lv.h)
			c.layer[k] = int32(rng.IntN(layers))
			if rng.IntN(2) == 0 {
				c.offU[k], c.offV[k] = int32(rng.IntN(16)-8), int32(rng.IntN(16)-8)
			}
			c.hi[k] = level
		}
		var vec, plain footprints
		if !x.footprintsVec(&c, &c.hi, &vec) {
			if vecWrap(st.Address[0], lv.w) && vecWrap(st.Address[1], lv.h) {
				t.Fatalf("%dx%d %v: the vector footprints declined a uniform level", w, h, st.Address)
			}
			continue
		}
		x.footprintRange(&c, &c.hi, &plain, 0, c.np)
		if vec.nslow != plain.nslow || vec.slow != plain.slow || vec.o != plain.o {
			t.Fatalf("%dx%d %v: footprints differ:\nvector %v %v\nplain  %v %v", w, h, st.Address, vec.slow[:vec.nslow], vec.o, plain.slow[:plain.nslow], plain.o)
		}
		for k := 0; k < c.np; k++ {
			if math.Float32bits(vec.fa[k]) != math.Float32bits(plain.fa[k]) || math.Float32bits(vec.fb[k]) != math.Float32bits(plain.fb[k]) {
				t.Fatalf("%dx%d entry %d (%v, %v): fractions (%v, %v), plain (%v, %v)", w, h, k, c.s[k], c.t[k], vec.fa[k], vec.fb[k], plain.fa[k], plain.fb[k])
			}
		}
	}
}

// TestVectorBlendAndStoreAgree compares the vector levels' blend and
// result stores with their plain forms: δ = 0 entries with infinite or NaN
// lower results (which the blend must leave alone), δ near 0 and 1, and
// stores of NaNs, infinities and signed zeros.
func TestVectorBlendAndStoreAgree(t *testing.T) {
	if !asmKernels {
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
		var vec, plain laneSet
		vec.np = 8 * (1 + rng.IntN(laneChunk/8))
		for k := 0; k < vec.np; k++ {
			vec.delta[k] = []float32{0, 0, math.Nextafter32(0, 1), math.Nextafter32(1, 0), 0.5, rng.Float32()}[rng.IntN(6)]
			for ch := range vec.acc {
				vec.acc[ch][k], vec.lower[ch][k] = val(), val()
			}
		}
		plain = vec
		// Into a separate output (a result's rows), then in place.
		var vs, ps [4][laneChunk]float32
		vo, po := outOf(&vs), outOf(&ps)
		blendLanes(&vec, &vo)
		blendLanesGo(&plain, &po)
		sameBits(t, "blend", vec.np, &vs, &ps)
		vo, po = outOf(&vec.acc), outOf(&plain.acc)
		blendLanes(&vec, &vo)
		blendLanesGo(&plain, &po)
		sameBits(t, "blend in place", vec.np, &vec.acc, &plain.acc)
		sameBits(t, "blend into rows vs in place", vec.np, &vs, &vec.acc)

		n := 1 + rng.IntN(laneChunk)
		i0 := rng.IntN(5)
		var rv, rp Result
		for c := range rv.Bits {
			rv.Bits[c], rp.Bits[c] = make([]uint32, i0+n), make([]uint32, i0+n)
		}
		storeRun(&rv, &vec.acc, i0, n)
		storeRunGo(&rp, &vec.acc, i0, n)
		for c := range rv.Bits {
			for k := range rv.Bits[c] {
				if rv.Bits[c][k] != rp.Bits[c][k] {
					t.Fatalf("store of %d lanes at %d: lane %d channel %d: vector %08x, plain %08x", n, i0, k, c, rv.Bits[c][k], rp.Bits[c][k])
				}
			}
		}
	}
}

func sameBits(t *testing.T, what string, n int, a, b *[4][laneChunk]float32) {
	t.Helper()
	for c := range a {
		for k := 0; k < n; k++ {
			if math.Float32bits(a[c][k]) != math.Float32bits(b[c][k]) {
				t.Fatalf("%s entry %d channel %d: vector %08x, plain %08x", what, k, c, math.Float32bits(a[c][k]), math.Float32bits(b[c][k]))
			}
		}
	}
}

// TestNaNResultsCanonical checks the NaN rule: a sample or gather result
// that is NaN is canonicalNaN whatever payloads the texels carry — also
// when two NaNs of different payloads meet in one sum, whose IEEE result
// depends on the operand order the compiler picks — on the lane loop and
// on the reference path, while a fetch returns the texel's own bits.
func TestNaNResultsCanonical(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4}, false)
	payloads := []uint32{0x7f800001, 0xffc12345, 0x7fc00000, 0xff800000, 0x7f800000}
	rng := rand.New(rand.NewPCG(1, 9))
	for i := 0; i+4 <= len(s.Data); i += 4 {
		if rng.IntN(3) == 0 { // NaNs of several payloads, and infinities times zero weights
			binary.LittleEndian.PutUint32(s.Data[i:], payloads[rng.IntN(len(payloads))])
		}
	}
	const lanes = 64
	for _, op := range []Op{OpSampleL, OpGather4} {
		for _, filter := range []Filter{Nearest, Linear} {
			st := DefaultState()
			st.MagFilter, st.MinFilter = filter, filter
			req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes)}}
			if op == OpSampleL {
				req.Lod = make([]float32, lanes)
			}
			for i := 0; i < lanes; i++ {
				// Texel centres (weights 0 and 1: ∞·0) and fractions.
				req.Coord[0][i] = float32(rng.IntN(16)) / 16
				req.Coord[1][i] = float32(rng.IntN(16)) / 16
			}
			fast, ref := bothPaths(t, s.View(), &st, req)
			nans := 0
			for c := 0; c < 4; c++ {
				for i := 0; i < lanes; i++ {
					for _, b := range []uint32{fast.Bits[c][i], ref.Bits[c][i]} {
						if v := math.Float32frombits(b); v != v {
							nans++
							if b != canonicalNaN {
								t.Fatalf("%s %s lane %d channel %d: NaN %08x, want %08x", op, filter, i, c, b, uint32(canonicalNaN))
							}
						}
					}
					if fast.Bits[c][i] != ref.Bits[c][i] {
						t.Fatalf("%s %s lane %d channel %d: lane loop %08x, reference %08x", op, filter, i, c, fast.Bits[c][i], ref.Bits[c][i])
					}
				}
			}
			if nans == 0 {
				t.Fatalf("%s %s: no NaN results; the test does not exercise the rule", op, filter)
			}
		}
	}
	// A fetch returns the texel's bits, its NaN payload included.
	req := &Request{Op: OpFetch, Lanes: 16, Texel: [4][]int32{make([]int32, 16), make([]int32, 16)}}
	for i := 0; i < 16; i++ {
		req.Texel[0][i], req.Texel[1][i] = int32(i%4), int32(i/4)
	}
	st := DefaultState()
	res := run(t, &Engine{}, s.View(), &st, req)
	for i := 0; i < 16; i++ {
		for c := 0; c < 4; c++ {
			if want := binary.LittleEndian.Uint32(s.Data[16*i+4*c:]); res.Bits[c][i] != want {
				t.Fatalf("fetch lane %d channel %d: %08x, want the texel's %08x", i, c, res.Bits[c][i], want)
			}
		}
	}
}
