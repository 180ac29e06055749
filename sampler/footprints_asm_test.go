//go:build amd64 && !purego

package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// TestFootprintsAsmAgree runs pipeline.Plan.FootprintsAsm (lanes.Footprints8) and pipeline.Plan.FootprintRange
// on the same chunks and requires the same footprints, fractions and slow
// entries: 2D arrays with every address mode, plain chunks (one layer, no
// offsets) and chunks with offsets and layers, cube and cube-array levels
// with footprints inside, across one edge and across a corner of their
// faces, and coordinates at texel centres and edges, beyond ±2^30, NaN and
// infinite. A chunk whose levels differ, or whose wraps lanes.Footprints8 does
// not take, must be declined. Both assembly forms run (lanes.Footprints8, and
// lanes.Footprints16 where lanes.Wide512), each on footprints filled with
// garbage, whose offsets past c.NP it must leave alone.
func TestFootprintsAsmAgree(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	rng := rand.New(rand.NewPCG(21, 2026))
	coord := func(size int32) float32 { return edgeCoord(rng, size, -0.25, 1.5) }
	var taken, declined, edges, slow int
	for iter := 0; iter < 4000; iter++ {
		cube := rng.IntN(3) == 0
		var s *surface.Surface
		var req *Request
		layers := 1 + rng.IntN(3)
		if cube {
			size := []int{1, 2, 3, 8, 32}[rng.IntN(5)]
			kind := surface.KindCube
			if layers > 1 {
				kind = surface.KindCubeArray
			}
			s = newSurface(t, surface.Desc{Kind: kind, Format: format.R8G8B8A8Unorm, Width: size, Height: size, Layers: 6 * layers}, false)
			req = &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{{1}, {0}, {0}, {0}}}
		} else {
			w, h := 1<<rng.IntN(7), []int{1, 2, 3, 16, 64, 37}[rng.IntN(6)]
			s = newSurface(t, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: w, Height: h, Layers: layers}, false)
			req = &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{{0}, {0}, {0}}}
		}
		st := linearState()
		st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
		var x exec
		if err := x.setup(altPrecision(iter), s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		if cube != x.cube {
			t.Fatalf("cube %v: the set-up's cube %v", cube, x.cube)
		}
		var c laneSet
		c.N = 1 + rng.IntN(laneChunk)
		c.NP = (c.N + 7) &^ 7
		level := int32(rng.IntN(x.levels))
		lv := &x.fast.levels[level]
		c.Plain = !cube && rng.IntN(2) == 0
		c.PlainLayer = int32(rng.IntN(layers))
		for k := 0; k < c.NP; k++ {
			c.S[k], c.T[k] = coord(lv.W), coord(lv.H)
			c.Hi[k] = level
			c.Face[k] = -1
			switch {
			case c.Plain:
				c.Layer[k] = c.PlainLayer
			case cube:
				c.Face[k] = int32(rng.IntN(6))
				c.Layer[k] = 6*int32(rng.IntN(layers)) + c.Face[k]
			default:
				c.Layer[k] = int32(rng.IntN(layers))
				if rng.IntN(2) == 0 {
					c.OffU[k], c.OffV[k] = int32(rng.IntN(16)-8), int32(rng.IntN(16)-8)
				}
			}
		}
		mixed := x.levels > 1 && rng.IntN(8) == 0
		if mixed {
			c.Hi[rng.IntN(c.NP)] = (level + 1) % int32(x.levels)
		}
		// The reference (the Go stage), then the assembly: its AVX2 form
		// and, where the CPU has it, its AVX-512 one (lanes.Footprints16),
		// each from the same garbage in the footprints.
		var want, garbage footprints
		x.fast.plan.FootprintRange(&c, &c.Hi, &want, 0, c.NP)
		for q := range garbage.O {
			for k := range garbage.O[q] {
				garbage.O[q][k] = int32(rng.Uint32())
			}
		}
		for _, wide := range wideForms {
			setWide512(wide)
			got := garbage
			got.NSlow = 0
			ok := x.fast.plan.FootprintsAsm(&c, &c.Hi, &got)
			wraps := cube || vecWrap(st.Address[0], lv.W) && vecWrap(st.Address[1], lv.H)
			if mixed || !wraps {
				if ok {
					t.Fatalf("%v %v mixed %v AVX-512 %v: pipeline.Plan.FootprintsAsm took a chunk it does not take", s.Kind, st.Address, mixed, wide)
				}
				declined++
				break
			}
			if !ok {
				t.Fatalf("%v %dx%d %v AVX-512 %v: pipeline.Plan.FootprintsAsm declined a uniform level", s.Kind, lv.W, lv.H, st.Address, wide)
			}
			taken++
			for q := range got.O { // the entries', and past c.NP the garbage
				copy(want.O[q][c.NP:], garbage.O[q][c.NP:])
			}
			if got.NSlow != want.NSlow || got.Slow != want.Slow || got.O != want.O {
				t.Fatalf("%v %dx%d %v plain %v AVX-512 %v: footprints differ:\nasm   %v %v\nplain %v %v", s.Kind, lv.W, lv.H, st.Address, c.Plain, wide,
					got.Slow[:got.NSlow], got.O, want.Slow[:want.NSlow], want.O)
			}
			for k := 0; k < c.NP; k++ {
				if math.Float32bits(got.FA[k]) != math.Float32bits(want.FA[k]) || math.Float32bits(got.FB[k]) != math.Float32bits(want.FB[k]) {
					t.Fatalf("%v %dx%d AVX-512 %v entry %d (%v, %v): fractions (%v, %v), plain (%v, %v)", s.Kind, lv.W, lv.H, wide, k, c.S[k], c.T[k], got.FA[k], got.FB[k], want.FA[k], want.FB[k])
				}
			}
			isSlow := make(map[int32]bool)
			for _, k := range got.Slow[:got.NSlow] {
				isSlow[k] = true
			}
			for k := 0; k < c.NP; k++ {
				i0, j0 := floor2(c.S[k]*float32(lv.W)-0.5, c.T[k]*float32(lv.H)-0.5)
				beyond := i0 < 0 || i0+1 >= lv.W || j0 < 0 || j0+1 >= lv.H
				if cube && beyond && !isSlow[int32(k)] { // pipeline.Plan.CubeEdge's
					edges++
				}
			}
			slow += got.NSlow
		}
		setWide512(wideForms[len(wideForms)-1])
	}
	if taken < 1000 || declined < 100 || edges < 100 || slow < 100 {
		t.Errorf("%d chunks taken, %d declined, %d cube footprints across a face's edge, %d slow entries: too few", taken, declined, edges, slow)
	}
	t.Logf("%d chunks taken, %d declined, %d cube footprints across a face's edge, %d slow entries", taken, declined, edges, slow)
}

// TestFetchAsmAgrees runs fetchAsm's two kernels against the reference on
// the fetches lanes.FetchRGBA8Layers takes — arrays (the view's layers, lanes
// on, inside and beyond the first and last layer) and levels one texel
// wide (texels not 4 bytes apart) — and on fetchRGBA8's, and requires that
// fetchAsm takes every one of them.
func TestFetchAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	rng := rand.New(rand.NewPCG(5, 21))
	for iter := 0; iter < 300; iter++ {
		w, h := []int{1, 1, 2, 7, 33}[rng.IntN(5)], []int{1, 2, 5, 40}[rng.IntN(4)]
		kind, layers := surface.Kind2D, 1
		if rng.IntN(3) != 0 {
			kind, layers = surface.Kind2DArray, 1+rng.IntN(6)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: format.R8G8B8A8Unorm, Width: w, Height: h, Layers: layers}, false)
		v := s.View()
		if layers > 1 && rng.IntN(2) == 0 {
			v.BaseLayer = rng.IntN(layers)
			v.Layers = 1 + rng.IntN(layers-v.BaseLayer)
		}
		lanes := 8 * (1 + rng.IntN(20))
		req := &Request{Op: OpFetch, Lanes: lanes}
		for c := range 3 {
			req.Texel[c] = make([]int32, lanes)
		}
		// A third of the requests are pairs of neighbouring texels in a
		// row, as a quad's two pixels are (read as 8-byte pairs), but at
		// and beyond the edges.
		pairs := rng.IntN(3) == 0
		for i := range lanes {
			req.Texel[0][i] = int32(rng.IntN(w+4) - 2)
			req.Texel[1][i] = int32(rng.IntN(h+4) - 2)
			req.Texel[2][i] = int32(rng.IntN(v.Layers+4) - 2)
			if pairs {
				req.Texel[0][i] = int32(rng.IntN(w+1) - 1)
				req.Texel[1][i] = int32(rng.IntN(h + 1))
				req.Texel[2][i] = int32(rng.IntN(v.Layers + 1))
				if i&1 == 1 && rng.IntN(16) != 0 {
					req.Texel[0][i], req.Texel[1][i], req.Texel[2][i] = req.Texel[0][i-1]+1, req.Texel[1][i-1], req.Texel[2][i-1]
				}
			}
			if rng.IntN(16) == 0 {
				req.Texel[rng.IntN(3)][i] = []int32{math.MinInt32, math.MaxInt32, -1 << 20, 1 << 20}[rng.IntN(4)]
			}
		}
		if kind == surface.Kind2D {
			req.Texel[2] = nil
		}
		st := DefaultState()
		var x exec
		if err := x.setup(Precision{}, v, &st, req); err != nil {
			t.Fatal(err)
		}
		if !x.fast.on {
			t.Fatalf("%s %dx%d: the fetch does not take the specialised path", kind, w, h)
		}
		_, ref := bothPaths(t, v, &st, req)
		for _, wide := range wideForms {
			setWide512(wide) // lanes.FetchRGBA8's AVX-512 form, or its AVX2 form
			var got Result
			got.resize(lanes, false)
			for c := range got.Bits {
				for i := range got.Bits[c] {
					got.Bits[c][i] = 0xdeadbeef // every lane is written
				}
			}
			if !x.fetchAsm(req, &got) {
				t.Fatalf("%s %dx%d view %+v: fetchAsm declined", kind, w, h, v)
			}
			for i := range lanes {
				for c := range 4 {
					if got.Bits[c][i] != ref.Bits[c][i] {
						t.Fatalf("%s %dx%d view %+v AVX-512 %v lane %d texel (%d, %d, %v) channel %d: %08x, reference %08x", kind, w, h, v, wide, i,
							req.Texel[0][i], req.Texel[1][i], req.Texel[2], c, got.Bits[c][i], ref.Bits[c][i])
					}
				}
			}
		}
		setWide512(wideForms[len(wideForms)-1])
	}
}

// wideForms are the values of lanes.Wide512 this CPU runs: false, and
// true where it has the AVX-512 kernels.
var wideForms = func() []bool {
	if lanes.Wide512 {
		return []bool{false, true}
	}
	return []bool{false}
}()

func setWide512(v bool) { lanes.Wide512 = v }

// BenchmarkFootprints times a chunk's footprints (64 entries at one level
// of a 256×256 2D array, repeat) in pipeline.Plan.FootprintsAsm and in the Go stage it
// replaces, pipeline.Plan.FootprintsOneLevel: a plain chunk, and one with offsets and
// layers.
func BenchmarkFootprints(b *testing.B) {
	s := newSurface(b, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 256, Height: 256, Layers: 4}, false)
	st := linearState()
	req := &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{{0}, {0}, {0}}}
	var x exec
	if err := x.setup(Precision{}, s.View(), &st, req); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, plain := range []bool{true, false} {
		var c laneSet
		c.N, c.NP, c.Plain = laneChunk, laneChunk, plain
		for k := range laneChunk {
			c.S[k], c.T[k] = rng.Float32(), rng.Float32()
			if !plain {
				c.Layer[k], c.OffU[k], c.OffV[k] = int32(rng.IntN(4)), int32(rng.IntN(16)-8), int32(rng.IntN(16)-8)
			}
		}
		name := map[bool]string{true: "plain", false: "offsets"}[plain]
		var fp footprints
		b.Run(name+"/asm", func(b *testing.B) {
			for b.Loop() {
				fp.NSlow = 0
				if !x.fast.plan.FootprintsAsm(&c, &c.Hi, &fp) {
					b.Fatal("declined")
				}
			}
		})
		b.Run(name+"/go", func(b *testing.B) {
			for b.Loop() {
				fp.NSlow = 0
				if !x.fast.plan.FootprintsOneLevel(&c, &c.Hi, &fp) {
					b.Fatal("declined")
				}
			}
		})
	}
}

// BenchmarkFetchLayers times a 4096-lane r8g8b8a8_unorm fetch from a 2D
// array (lanes.FetchRGBA8Layers) against the same fetch with every lane marked
// active (which fetchAsm declines: runFetch2D's Go loop).
func BenchmarkFetchLayers(b *testing.B) {
	s := newSurface(b, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 256, Height: 256, Layers: 4}, false)
	st := DefaultState()
	const lanes = 4096
	req := &Request{Op: OpFetch, Lanes: lanes}
	for c := range 3 {
		req.Texel[c] = make([]int32, lanes)
	}
	for i := range lanes {
		req.Texel[0][i], req.Texel[1][i], req.Texel[2][i] = int32(i%128*2+i&1), int32(i/256), int32(i%4)
	}
	active := make([]bool, lanes)
	for i := range active {
		active[i] = true
	}
	var eng Engine
	var res Result
	for _, go_ := range []bool{false, true} {
		req.Active = nil
		name := "asm"
		if go_ {
			req.Active, name = active, "go"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if err := eng.Execute(s.View(), &st, req, &res); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// edgeCoord returns a coordinate for a footprint stage's agreement tests
// on a level of the size: texel centres and edges, ±2^30 texels exactly
// (s·w − ½ rounds to s·w) and just inside, NaN, the infinities and huge
// values, just inside or beyond the level's (or a cube face's) edges, or
// else uniform in [lo, lo + span).
func edgeCoord(rng *rand.Rand, size int32, lo, span float32) float32 {
	switch rng.IntN(8) {
	case 0:
		return float32(rng.IntN(4*int(size)+1)-2*int(size)) / float32(2*size)
	case 1:
		lim := float32(1<<30) / float32(size)
		return []float32{lim, -lim, math.Nextafter32(lim, 0), math.Nextafter32(-lim, 0),
			float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9, 2e-9, float32(math.Copysign(0, -1))}[rng.IntN(11)]
	case 2:
		return []float32{0, 1, 0.5 / float32(size), 1 - 0.5/float32(size), -0.25 / float32(size), 1 + 0.25/float32(size)}[rng.IntN(6)]
	}
	return rng.Float32()*span + lo
}
