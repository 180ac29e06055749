package sampler

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// TestVectorFootprintsAgree runs the lane loop's vector footprints and
// their plain-Go form (pipeline.Plan.FootprintRange) on the same chunks — coordinates at
// texel edges, beyond ±2^30, NaN and infinite, offsets, every address
// mode — and requires the same offsets, fractions and slow entries. (The
// kernels' agreement is package lanes' TestVectorKernelsAgree.)
func TestVectorFootprintsAgree(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("no vector kernels in this build (purego, another architecture) or on this CPU (no AVX2)")
	}
	rng := rand.New(rand.NewPCG(8, 2026))
	coord := func(size int32) float32 {
		switch rng.IntN(8) {
		case 0:
			return float32(rng.IntN(4*int(size)+1)-2*int(size)) / float32(2*size) // texel centres and edges
		case 1:
			return []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9, 2e-9}[rng.IntN(6)]
		}
		return rng.Float32()*6 - 3
	}
	for iter := 0; iter < 3000 && lanes.AsmKernels; iter++ { // the vector footprints
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
		c.N = 1 + rng.IntN(laneChunk)
		c.NP = (c.N + 7) &^ 7
		level := int32(rng.IntN(x.levels))
		lv := &x.fast.levels[level]
		for k := 0; k < c.NP; k++ {
			c.S[k], c.T[k] = coord(lv.W), coord(lv.H)
			c.Layer[k] = int32(rng.IntN(layers))
			if rng.IntN(2) == 0 {
				c.OffU[k], c.OffV[k] = int32(rng.IntN(16)-8), int32(rng.IntN(16)-8)
			}
			c.Hi[k] = level
		}
		var vec, plain footprints
		if !x.fast.plan.FootprintsAsm(&c, &c.Hi, &vec) {
			if vecWrap(st.Address[0], lv.W) && vecWrap(st.Address[1], lv.H) {
				t.Fatalf("%dx%d %v: the vector footprints declined a uniform level", w, h, st.Address)
			}
			continue
		}
		x.fast.plan.FootprintRange(&c, &c.Hi, &plain, 0, c.NP)
		if vec.NSlow != plain.NSlow || vec.Slow != plain.Slow || vec.O != plain.O {
			t.Fatalf("%dx%d %v: footprints differ:\nvector %v %v\nplain  %v %v", w, h, st.Address, vec.Slow[:vec.NSlow], vec.O, plain.Slow[:plain.NSlow], plain.O)
		}
		for k := 0; k < c.NP; k++ {
			if math.Float32bits(vec.FA[k]) != math.Float32bits(plain.FA[k]) || math.Float32bits(vec.FB[k]) != math.Float32bits(plain.FB[k]) {
				t.Fatalf("%dx%d entry %d (%v, %v): fractions (%v, %v), plain (%v, %v)", w, h, k, c.S[k], c.T[k], vec.FA[k], vec.FB[k], plain.FA[k], plain.FB[k])
			}
		}
	}
}

// sameBits fails t unless a and b hold the same bits in entries [0, n).
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

// TestLanesMirrorsAgree holds package lanes' copies of this package's
// rules to them: the depth compare of every function (and of values beyond
// them, which compare false) on signed zeros, infinities, NaNs and equal
// values, through the kernels' Go forms against compare; and ResultBits
// against resultBits on every special value. (lanes.go checks the
// functions' numbers and the canonical NaN when it compiles.)
func TestLanesMirrorsAgree(t *testing.T) {
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.Float32frombits(0x7f800001), math.Float32frombits(0xffc12345), math.SmallestNonzeroFloat32}
	d := make([]byte, 4*len(special))
	for i, v := range special {
		binary.LittleEndian.PutUint32(d[4*i:], math.Float32bits(v))
	}
	for op := CompareOp(0); op <= CompareAlways+1; op++ {
		for _, ref := range special {
			var fp lanes.Footprints
			var refs [laneChunk]float32
			n := len(special)
			for k := range n {
				refs[k] = ref
				for q := range fp.O {
					fp.O[q][k] = int32(4 * k)
				}
			}
			var out [4][laneChunk]float32
			o := lanes.OutOf(&out)
			lanes.GatherDepthLanes(d, &fp, n, &refs, lanes.CompareOp(op), 1, 0, &o, false)
			for k, v := range special[:n] {
				want := float32(0)
				if compare(op, ref, v) {
					want = 1
				}
				if out[0][k] != want {
					t.Fatalf("compare %v: ref %v, depth %v: lanes %v, sampler %v", op, ref, v, out[0][k], want)
				}
			}
		}
	}
	for _, v := range special {
		if got, want := lanes.ResultBits(v), resultBits(v); got != want {
			t.Errorf("ResultBits(%08x) = %08x, resultBits %08x", math.Float32bits(v), got, want)
		}
	}
}
