package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestFastPathAgrees runs random requests through the specialised 2D path
// and through the reference path (fastDisabled) and requires bit-identical
// results, in exact and hardware precision: every address mode per axis,
// both filters, every mip mode, min/max reduction, every compare function,
// offsets, array layers, views, and coordinates on texel centres and edges,
// far outside [0, 1], NaN and infinite; cubic filters (which the
// specialised path declines) among the states.
func TestFastPathAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261123, 7))
	formats := []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat, format.D32Sfloat,
		format.R8Unorm, format.R8G8B8A8Srgb, format.R16G16B16A16Sfloat, format.R8G8B8A8Snorm, format.R32Sfloat,
		format.B8G8R8A8Unorm, format.D16Unorm, format.R8G8B8A8Uint, format.D32SfloatS8Uint, format.D24UnormS8Uint,
		format.BC1RGBUnormBlock, format.E5B9G9R9UfloatPack32, format.B8G8R8A8Srgb,
		format.BC1RGBAUnormBlock, format.BC1RGBASrgbBlock, format.R8G8Unorm, format.R8Srgb, format.R8G8Srgb,
		format.R8Snorm, format.R8G8Snorm, format.BC2SrgbBlock, format.BC3UnormBlock,
		format.BC4SnormBlock, format.BC5UnormBlock, format.BC6HSfloatBlock, format.BC6HUfloatBlock, format.BC7UnormBlock,
		format.BC7SrgbBlock}
	swizzles := []string{"rgba", "bgra", "r001", "gggg", "a1b0", "rrr1"}
	sizes := []int{1, 2, 3, 5, 16, 37, 64}
	ops := []Op{OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD, OpSampleC, OpSampleLC, OpSampleDC,
		OpSampleCLZ, OpLod, OpGather4, OpGather4C, OpGather4L, OpGather4PO, OpGather4POC, OpFetch}
	engines := []*Engine{{}, {Precision: Precision{Mode: Hardware, SubtexelBits: 8, LodBits: 8}},
		{Precision: Precision{Mode: Hardware, SubtexelBits: 4, LodBits: 2}}}
	special := []float32{0, 1, 0.5, -0.5, 1e-7, -1e-7, 0.999999, 1.000001, float32(math.NaN()),
		float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9, 3.5, -2.25}
	const lanes = 32
	checked, cubes, cubics := 0, 0, 0
	for iter := 0; iter < 900; iter++ {
		f := formats[rng.IntN(len(formats))]
		in := f.Info()
		kind := surface.Kind2D
		layers := 1
		w, h := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
		switch rng.IntN(6) {
		case 0, 1:
			kind, layers = surface.Kind2DArray, 1+rng.IntN(4)
		case 2:
			kind, layers, h = surface.KindCube, 6, w
		case 3:
			kind, layers, h = surface.KindCubeArray, 6*(1+rng.IntN(2)), w
		}
		cube := kind.IsCube()
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers}, false)
		baseLevel := rng.IntN(s.Levels)
		baseLayer := rng.IntN(layers)
		if cube {
			baseLayer = 6 * rng.IntN(layers/6)
		}
		v, err := surface.NewView(s, baseLevel, rng.IntN(s.Levels-baseLevel+1), baseLayer, 0)
		if err != nil {
			t.Fatal(err)
		}
		if rng.IntN(3) == 0 {
			sw, err := surface.ParseSwizzle(swizzles[rng.IntN(len(swizzles))])
			if err != nil {
				t.Fatal(err)
			}
			if v, err = v.WithSwizzle(sw); err != nil {
				t.Fatal(err)
			}
		}
		if in.Stencil && in.Depth && rng.IntN(2) == 0 {
			if v, err = v.WithAspect(format.AspectStencil); err != nil {
				t.Fatal(err)
			}
			in = format.S8Uint.Info()
		}
		op := ops[rng.IntN(len(ops))]
		if op.Compare() != in.Depth {
			continue
		}
		st := DefaultState()
		intFmt := in.Class != format.ClassFloat
		if !intFmt {
			st.MagFilter, st.MinFilter = Filter(rng.IntN(2)), Filter(rng.IntN(2))
			st.MipFilter = MipFilter(rng.IntN(3))
			st.Reduction = Reduction(rng.IntN(3))
			if rng.IntN(3) == 0 {
				// Anisotropy by each method (the new ones on the reference
				// path alone, whose texel reads the fast path shares;
				// footprint assembly on cubes too).
				st.MaxAnisotropy = []float32{2, 5.5, 16}[rng.IntN(3)]
				st.Anisotropy = AnisoMethod(rng.IntN(3))
				if cube && st.Anisotropy == AnisoEWA {
					st.Anisotropy = AnisoFootprintAssembly
				}
			} else if !cube && !in.Depth && rng.IntN(6) == 0 {
				// Cubic in place of linear: both roads take the
				// reference path for sampling (setupFast declines it),
				// and gathers, fetches and the LOD query ignore it.
				if st.MagFilter == Linear {
					st.MagFilter = Cubic
				}
				if st.MinFilter == Linear || st.MagFilter != Cubic {
					st.MinFilter = Cubic
				}
				st.CubicWeights = CubicWeights(rng.IntN(4))
			}
		}
		for c := range st.Address {
			st.Address[c] = AddressMode(rng.IntN(5))
		}
		st.Border = BorderPreset(rng.IntN(4))
		st.BorderColor = [4]float64{rng.Float64()*4 - 2, rng.Float64(), 0.25, 1}
		st.LodBias = float32(rng.IntN(9)-4) / 2
		st.MinLod = float32(rng.IntN(3)) / 2
		st.MaxLod = st.MinLod + float32(rng.IntN(8))/2
		if op.Compare() {
			st.Compare = CompareOp(1 + rng.IntN(8))
		}
		req := &Request{Op: op, Lanes: lanes}
		coord := func() []float32 {
			c := make([]float32, lanes)
			for i := range c {
				switch rng.IntN(4) {
				case 0:
					c[i] = special[rng.IntN(len(special))]
				case 1: // a texel centre or edge of some level
					n := float32(sizes[rng.IntN(len(sizes))])
					c[i] = float32(rng.IntN(int(2*n+1))-int(n/2)) / (2 * n)
				default:
					c[i] = rng.Float32()*3 - 1
				}
			}
			return c
		}
		if op == OpFetch {
			// Integer texel coordinates around the base level, levels
			// including out-of-range ones.
			nt := 2
			if kind == surface.Kind2DArray {
				nt = 3
			}
			for c := 0; c < nt; c++ {
				req.Texel[c] = make([]int32, lanes)
				for i := range req.Texel[c] {
					req.Texel[c][i] = int32(rng.IntN(max(w, h, layers)+6) - 3)
				}
			}
			if rng.IntN(2) == 0 {
				req.Level = make([]int32, lanes)
				for i := range req.Level {
					req.Level[i] = int32(rng.IntN(v.Levels+2) - 1)
				}
			}
		}
		req.Coord[0], req.Coord[1] = coord(), coord()
		switch kind {
		case surface.Kind2DArray:
			req.Coord[2] = coord()
			for i := range req.Coord[2] {
				req.Coord[2][i] *= float32(layers + 1)
			}
		case surface.KindCube, surface.KindCubeArray:
			// Directions: the two coordinates above scaled around 0, and a
			// major axis of either sign on any of the three.
			req.Coord[2] = coord()
			for i := 0; i < lanes; i++ {
				ax := rng.IntN(3)
				req.Coord[ax][i] = float32(1 - 2*rng.IntN(2))
			}
			if kind == surface.KindCubeArray {
				req.Coord[3] = coord()
				for i := range req.Coord[3] {
					req.Coord[3][i] *= float32(layers/6 + 1)
				}
			}
		}
		if op.Implicit() {
			// Quads: keep each quad's pixels near its first so that the
			// derivatives are footprint-sized.
			for c := 0; c < 2; c++ {
				for i := 0; i < lanes; i += 4 {
					d := (rng.Float32() - 0.5) / 4
					req.Coord[c][i+1] = req.Coord[c][i] + d*float32(rng.IntN(2))
					req.Coord[c][i+2] = req.Coord[c][i] + d*float32(rng.IntN(2))
					req.Coord[c][i+3] = req.Coord[c][i+1] + req.Coord[c][i+2] - req.Coord[c][i]
				}
			}
		}
		switch op.LodSource() {
		case LodExplicit:
			req.Lod = make([]float32, lanes)
			for i := range req.Lod {
				req.Lod[i] = float32(rng.IntN(17)-4) / 4
			}
		case LodBias:
			req.Bias = make([]float32, lanes)
			for i := range req.Bias {
				req.Bias[i] = float32(rng.IntN(9)-4) / 2
			}
		case LodGradient:
			nd := 2
			if cube {
				nd = 3
			}
			for c := 0; c < nd; c++ {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
				for i := 0; i < lanes; i++ {
					req.DDX[c][i] = (rng.Float32() - 0.5) / 8
					req.DDY[c][i] = (rng.Float32() - 0.5) / 8
				}
			}
		}
		if op.Compare() {
			req.Ref = coord()
		}
		if op.Kind() == KindGather && !op.Compare() {
			req.Channel = make([]uint8, lanes)
			for i := range req.Channel {
				req.Channel[i] = uint8(rng.IntN(4))
			}
		}
		if !cube && rng.IntN(2) == 0 {
			lo, hi := -8, 7
			if op.ProgrammableOffsets() {
				lo, hi = -32, 31
			}
			for c := 0; c < 2; c++ {
				req.Offset[c] = make([]int32, lanes)
				for i := range req.Offset[c] {
					req.Offset[c][i] = int32(lo + rng.IntN(hi-lo+1))
				}
			}
		}
		if rng.IntN(4) == 0 {
			req.Active = make([]bool, lanes)
			for i := range req.Active {
				req.Active[i] = rng.IntN(3) != 0
			}
		}
		for _, eng := range engines {
			fast, ref := *staleResult(req.Lanes), Result{}
			errFast := eng.Execute(v, &st, req, &fast)
			fastDisabled = true
			errRef := eng.Execute(v, &st, req, &ref)
			fastDisabled = false
			if (errFast == nil) != (errRef == nil) {
				t.Fatalf("iter %d %s: errors differ: %v / %v", iter, op, errFast, errRef)
			}
			if errRef != nil {
				continue
			}
			checked++
			if cube {
				cubes++
			}
			if st.usesCubic() && op.Kind() == KindSample {
				cubics++
			}
			for i := 0; i < lanes; i++ {
				for c := 0; c < 4; c++ {
					if fast.Bits[c][i] != ref.Bits[c][i] {
						t.Fatalf("iter %d: %s on %s %dx%d (view levels %d..): state %+v precision %+v lane %d (coord %v, %v) channel %d: fast %08x, reference %08x",
							iter, op, f, w, h, v.BaseLevel, st, eng.Precision, i, req.Coord[0][i], req.Coord[1][i], c, fast.Bits[c][i], ref.Bits[c][i])
					}
				}
				if fast.Resident[i] != ref.Resident[i] || laneErr(&fast, i) != laneErr(&ref, i) {
					t.Fatalf("iter %d lane %d: residency or lane errors differ", iter, i)
				}
			}
		}
	}
	if checked < 500 || cubes < 100 || cubics < 20 {
		t.Errorf("only %d requests compared (%d on cubes, %d cubic sampling)", checked, cubes, cubics)
	}
	t.Logf("%d requests compared (%d on cubes, %d cubic sampling)", checked, cubes, cubics)
}

// TestFastPathEngages checks that the hot workloads' requests do take the
// specialised path (and that the others do not).
func TestFastPathEngages(t *testing.T) {
	for _, c := range []struct {
		kind surface.Kind
		f    format.Format
		op   Op
		want bool
	}{
		{surface.Kind2D, format.R8G8B8A8Unorm, OpSampleL, true},
		{surface.Kind2D, format.R8G8B8A8Srgb, OpSampleL, true},
		{surface.Kind2DArray, format.B8G8R8A8Srgb, OpGather4, true},
		{surface.Kind2DArray, format.R32G32B32A32Sfloat, OpGather4, true},
		{surface.Kind2D, format.BC1RGBAUnormBlock, OpSampleL, true},
		{surface.Kind2DArray, format.BC1RGBAUnormBlock, OpGather4, true},
		{surface.Kind2D, format.BC1RGBAUnormBlock, OpFetch, false},
		{surface.Kind2D, format.D32Sfloat, OpSampleLC, true},
		{surface.KindCube, format.R8G8B8A8Unorm, OpSampleL, false},
		{surface.Kind3D, format.R8G8B8A8Unorm, OpSampleL, false},
		{surface.Kind2D, format.R8G8B8A8Unorm, OpFetch, true},
		{surface.Kind2D, format.R8Unorm, OpSampleL, true},
		{surface.Kind2DArray, format.R8G8Srgb, OpGather4, true},
		{surface.Kind2D, format.R16G16B16A16Sfloat, OpSampleL, true},
		{surface.Kind2D, format.R8G8B8A8Snorm, OpFetch, true},
		{surface.Kind2DMS, format.R8G8B8A8Unorm, OpFetchMS, false},
		// ASTC (LDR, HDR, 3D) takes the reference path, which decodes through package format.
		{surface.Kind2D, format.ASTC4x4UnormBlock, OpSampleL, false},
		{surface.Kind2D, format.ASTC8x8SfloatBlock, OpGather4, false},
		{surface.Kind3D, format.ASTC4x4x4SfloatBlock, OpSampleL, false},
		{surface.Kind3D, format.ASTC3x3x3SrgbBlock, OpFetch, false},
	} {
		d := surface.Desc{Kind: c.kind, Format: c.f, Width: 8, Height: 8, Depth: 1}
		if c.kind == surface.Kind3D {
			d.Depth = 8
		}
		s := newSurface(t, d, false)
		st := DefaultState()
		if c.op.Compare() {
			st.Compare = CompareLess
		}
		var x exec
		req := &Request{Op: c.op, Lanes: 0}
		if err := x.setup(Precision{}, s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		if x.fast.on != c.want {
			t.Errorf("%s %s %s: fast path %v, want %v", c.kind, c.f, c.op, x.fast.on, c.want)
		}
	}
}

// TestSplitIsFloor checks split's truncation-based floor against
// math.Floor on texel boundaries, tiny fractions, large magnitudes and
// random values.
func TestSplitIsFloor(t *testing.T) {
	x := exec{plan: new(plan)} // exact mode
	vals := []float32{0, -0.0, 0.5, -0.5, 1, -1, 1e-30, -1e-30, 0.99999994, -0.99999994, 16777215.5, -16777215.5,
		16777216, -16777216, 16777218, -16777218, 1 << 29, -(1 << 29), (1 << 30) - 64, -(1 << 30) + 64, 3.5, -3.5, 7, -7}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100000; i++ {
		vals = append(vals, math.Float32frombits(rng.Uint32()&^(0xff<<23)|uint32(100+rng.IntN(57))<<23))
	}
	for _, u := range vals {
		if math.Abs(float64(u)) >= 1<<30 {
			continue
		}
		i, f := x.split(u)
		fl := float32(math.Floor(float64(u)))
		if i != int32(fl) || f != u-fl {
			t.Fatalf("split(%v) = %d, %v; floor gives %v, %v", u, i, f, fl, u-fl)
		}
	}
}

// TestLinearLoopAgrees covers the lane loop (lanes2d.go) densely for sampling:
// both of its formats, 2D and 2D-array views, every pair of address modes,
// every mip mode and every LOD source, with coordinates clustered on the
// edges of the texture and of its texels, against the reference path.
func TestLinearLoopAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	edge := func(n int) float32 {
		switch rng.IntN(4) {
		case 0:
			return float32(rng.IntN(2*n+1)-n/2) / float32(2*n) // texel centres and edges
		case 1:
			return 1 - float32(rng.IntN(3))/float32(4*n) // just inside the right/bottom edge
		case 2:
			return float32(rng.IntN(3)) / float32(4*n) // just inside the left/top edge
		}
		return rng.Float32()*4 - 2
	}
	checked := 0
	for _, f := range []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat, format.R8G8B8A8Srgb, format.B8G8R8A8Unorm, format.B8G8R8A8Srgb,
		format.BC1RGBAUnormBlock, format.BC1RGBSrgbBlock, format.R8Unorm, format.R8G8Srgb, format.R8G8B8A8Snorm, format.R16G16B16A16Sfloat,
		format.BC3SrgbBlock, format.BC7UnormBlock, format.BC6HSfloatBlock} {
		for _, kind := range []surface.Kind{surface.Kind2D, surface.Kind2DArray} {
			for am := 0; am < 25; am++ {
				for _, op := range []Op{OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD} {
					// Lane counts across the stages' chunks (64) and groups (8).
					lanes := []int{4, 8, 32, 64, 68, 132}[rng.IntN(6)]
					w, h := []int{1, 3, 8, 13, 64}[rng.IntN(5)], []int{1, 2, 8, 11, 16}[rng.IntN(5)]
					layers := 1
					if kind == surface.Kind2DArray {
						layers = 3
					}
					s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers}, false)
					st := linearState()
					st.MipFilter = MipFilter(rng.IntN(3))
					st.Address = [3]AddressMode{AddressMode(am % 5), AddressMode(am / 5), WrapRepeat}
					st.LodBias = float32(rng.IntN(5)-2) / 2
					st.MaxAnisotropy = []float32{1, 1, 2, 4.5, 16}[rng.IntN(5)] // probes become entries
					req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes), make([]float32, lanes)}}
					for i := 0; i < lanes; i++ {
						req.Coord[0][i], req.Coord[1][i] = edge(w), edge(h)
						req.Coord[2][i] = float32(rng.IntN(5) - 1)
					}
					switch op.LodSource() {
					case LodExplicit:
						req.Lod = make([]float32, lanes)
						uniform := rng.IntN(2) == 0 // every lane at one level
						for i := range req.Lod {
							req.Lod[i] = float32(rng.IntN(13)-2) / 4
							if uniform {
								req.Lod[i] = req.Lod[0]
							}
						}
					case LodBias:
						req.Bias = make([]float32, lanes)
						for i := range req.Bias {
							req.Bias[i] = float32(rng.IntN(5) - 2)
						}
					case LodGradient:
						for c := 0; c < 2; c++ {
							req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
							for i := 0; i < lanes; i++ {
								req.DDX[c][i], req.DDY[c][i] = rng.Float32()/4, rng.Float32()/4
							}
						}
						// Special derivatives: zero, infinite, NaN, huge,
						// tiny, and ρx = ρy.
						special := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e30, 1e-30}
						for i := 0; i < lanes; i++ {
							switch rng.IntN(8) {
							case 0:
								req.DDX[rng.IntN(2)][i] = special[rng.IntN(len(special))]
							case 1:
								req.DDY[rng.IntN(2)][i] = special[rng.IntN(len(special))]
							case 2:
								req.DDY[0][i], req.DDY[1][i] = req.DDX[1][i], req.DDX[0][i]
							}
						}
					}
					if rng.IntN(3) == 0 && op.LodSource() != LodImplicit && op.LodSource() != LodBias {
						req.MinLod = make([]float32, lanes)
						for i := range req.MinLod {
							req.MinLod[i] = float32(rng.IntN(9)-2) / 4
						}
					}
					if rng.IntN(2) == 0 {
						for c := 0; c < 2; c++ {
							req.Offset[c] = make([]int32, lanes)
							for i := range req.Offset[c] {
								req.Offset[c][i] = int32(rng.IntN(16) - 8)
							}
						}
					}
					if rng.IntN(3) == 0 {
						req.Active = make([]bool, lanes)
						for i := range req.Active {
							req.Active[i] = rng.IntN(4) != 0
						}
					}
					var x exec
					prec := altPrecision(checked)
					if err := x.setup(prec, s.View(), &st, req); err != nil {
						t.Fatal(err)
					}
					if x.fast.lanes != laneFilter {
						t.Fatalf("%s %s %s: the linear loop is not taken", f, kind, op)
					}
					fast, ref := bothPathsIn(t, prec, s.View(), &st, req)
					for i := 0; i < lanes; i++ {
						if fast.Resident[i] != ref.Resident[i] {
							t.Fatalf("%s %s lane %d: resident %v, reference %v", f, kind, i, fast.Resident[i], ref.Resident[i])
						}
						for c := 0; c < 4; c++ {
							if fast.Bits[c][i] != ref.Bits[c][i] {
								t.Fatalf("%s %s %dx%d %s address %v lane %d (%v, %v) channel %d: fast %08x, reference %08x",
									f, kind, w, h, op, st.Address, i, req.Coord[0][i], req.Coord[1][i], c, fast.Bits[c][i], ref.Bits[c][i])
							}
						}
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d requests compared", checked)
}

// TestSpecialisedLoopsAgree covers the other specialised loops densely:
// percentage-closer filtering of 32-bit depth (every compare function),
// gathers of the inline formats (every channel, with compare on depth),
// fetches, and bilinear sampling of the 8-bit sRGB and BGRA formats, over
// every pair of address modes, against the reference.
func TestSpecialisedLoopsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	coord := func(n int) float32 {
		if rng.IntN(2) == 0 {
			return float32(rng.IntN(2*n+1)-n/2) / float32(2*n)
		}
		return rng.Float32()*3 - 1
	}
	type setup struct {
		f   format.Format
		ops []Op
	}
	checked := 0
	for _, su := range []setup{
		{format.D32Sfloat, []Op{OpSampleLC, OpSampleCLZ, OpSampleC, OpSampleDC, OpGather4C, OpGather4POC}},
		{format.D32SfloatS8Uint, []Op{OpSampleLC, OpSampleCLZ, OpSampleDC, OpGather4C, OpGather4POC}},
		{format.R8G8B8A8Unorm, []Op{OpGather4, OpGather4PO, OpFetch}},
		{format.R8G8B8A8Srgb, []Op{OpGather4, OpGather4PO, OpFetch, OpSampleL, OpSampleD}},
		{format.B8G8R8A8Unorm, []Op{OpGather4, OpFetch, OpSampleL}},
		{format.B8G8R8A8Srgb, []Op{OpGather4, OpGather4L, OpFetch, OpSampleL}},
		{format.R32G32B32A32Sfloat, []Op{OpGather4, OpGather4L, OpFetch}},
		{format.BC1RGBAUnormBlock, []Op{OpGather4, OpGather4PO, OpGather4L, OpFetch, OpSampleL, OpSampleD}},
		{format.R8Unorm, []Op{OpGather4, OpGather4PO, OpFetch, OpSampleL}},
		{format.R8G8Unorm, []Op{OpGather4, OpGather4L, OpFetch, OpSampleL}},
		{format.R8Srgb, []Op{OpGather4, OpFetch, OpSampleL}},
		{format.R8G8Srgb, []Op{OpGather4, OpFetch, OpSampleD}},
		{format.R8Snorm, []Op{OpGather4, OpFetch, OpSampleL}},
		{format.R8G8Snorm, []Op{OpGather4, OpFetch, OpSampleL}},
		{format.R8G8B8A8Snorm, []Op{OpGather4, OpFetch, OpSampleL}},
		{format.R16G16B16A16Sfloat, []Op{OpGather4, OpGather4L, OpFetch, OpSampleL, OpSampleD}},
	} {
		for am := 0; am < 25; am++ {
			for _, op := range su.ops {
				lanes := []int{4, 8, 32, 64, 68, 132}[rng.IntN(6)]
				w, h := []int{1, 3, 8, 13, 64}[rng.IntN(5)], []int{1, 2, 8, 11, 16}[rng.IntN(5)]
				s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: su.f, Width: w, Height: h}, false)
				st := linearState()
				st.MipFilter = MipFilter(rng.IntN(3))
				st.Address = [3]AddressMode{AddressMode(am % 5), AddressMode(am / 5), WrapRepeat}
				st.Border = BorderPreset(rng.IntN(3))
				if op.Compare() {
					st.Compare = CompareOp(1 + rng.IntN(8))
				}
				req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes)}}
				for i := 0; i < lanes; i++ {
					req.Coord[0][i], req.Coord[1][i] = coord(w), coord(h)
				}
				req.Ref, req.Lod, req.Bias = make([]float32, lanes), make([]float32, lanes), make([]float32, lanes)
				for i := 0; i < lanes; i++ {
					req.Ref[i] = float32(rng.IntN(9)) / 8
					if rng.IntN(16) == 0 {
						req.Ref[i] = []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), -0.0}[rng.IntN(4)]
					}
					req.Lod[i] = float32(rng.IntN(9)-2) / 4
				}
				for c := 0; c < 2; c++ {
					req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
					req.Texel[c] = make([]int32, lanes)
					for i := 0; i < lanes; i++ {
						req.DDX[c][i], req.DDY[c][i] = rng.Float32()/4, rng.Float32()/4
						req.Texel[c][i] = int32(rng.IntN(max(w, h)+4) - 2)
					}
				}
				if op.Kind() == KindGather { // compare forms ignore it, even beyond 3
					req.Channel = make([]uint8, lanes)
					for i := range req.Channel {
						req.Channel[i] = uint8(rng.IntN(4))
						if rng.IntN(32) == 0 {
							req.Channel[i] = 4 // a lane error
						}
					}
				}
				if rng.IntN(3) == 0 {
					req.Active = make([]bool, lanes)
					for i := range req.Active {
						req.Active[i] = rng.IntN(4) != 0
					}
				}
				if rng.IntN(2) == 0 {
					lo, hi := -8, 7
					if op.ProgrammableOffsets() {
						lo, hi = -32, 31
					}
					for c := 0; c < 2; c++ {
						req.Offset[c] = make([]int32, lanes)
						for i := range req.Offset[c] {
							req.Offset[c][i] = int32(lo + rng.IntN(hi-lo+1))
						}
					}
				}
				fast, ref := *staleResult(req.Lanes), Result{}
				if err := (&Engine{}).Execute(s.View(), &st, req, &fast); err != nil {
					t.Fatalf("%s %s: %v", su.f, op, err)
				}
				fastDisabled = true
				err := (&Engine{}).Execute(s.View(), &st, req, &ref)
				fastDisabled = false
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i < lanes; i++ {
					if fast.Resident[i] != ref.Resident[i] || laneErr(&fast, i) != laneErr(&ref, i) {
						t.Fatalf("%s %s lane %d: resident %v error %q, reference %v %q", su.f, op, i, fast.Resident[i], laneErr(&fast, i), ref.Resident[i], laneErr(&ref, i))
					}
					for c := 0; c < 4; c++ {
						if fast.Bits[c][i] != ref.Bits[c][i] {
							t.Fatalf("%s %dx%d %s address %v compare %v lane %d (%v, %v) channel %d: fast %08x, reference %08x",
								su.f, w, h, op, st.Address, st.Compare, i, req.Coord[0][i], req.Coord[1][i], c, fast.Bits[c][i], ref.Bits[c][i])
						}
					}
				}
				checked++
			}
		}
	}
	t.Logf("%d requests compared", checked)
}

// laneErr is lane i's error message, "" for none.
func laneErr(r *Result, i int) string {
	if i < len(r.LaneErr) && r.LaneErr[i] != nil {
		return r.LaneErr[i].Error()
	}
	return ""
}

// TestCubeLanesAgree runs cube and cube-array requests through the lane
// loop — face interiors in the kernels, footprints across edges and
// corners on the seamless path — against the reference: directions near
// edges, corners and face centres, anisotropic probes, compare and gather.
// cubeSpecials are direction and derivative components at the rules'
// edges: signed zeros (face selection by the sign bit), infinities, NaN,
// huge and tiny magnitudes.
var cubeSpecials = []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)),
	float32(math.NaN()), 1e30, -1e30, 1e-30, -1e-30}

func TestCubeLanesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 23))
	comp := func() float32 {
		switch rng.IntN(4) {
		case 0:
			return []float32{1, -1}[rng.IntN(2)] * (1 - float32(rng.IntN(3))/64) // near an edge
		case 1:
			return float32(rng.IntN(5)-2) / 1e4 // near a face centre
		}
		return rng.Float32()*2 - 1
	}
	checked, lanesTaken := 0, 0
	for iter := 0; iter < 400; iter++ {
		f := []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat, format.D32Sfloat,
			format.R8G8B8A8Srgb, format.B8G8R8A8Unorm, format.B8G8R8A8Srgb, format.BC1RGBAUnormBlock,
			format.R8Unorm, format.R8G8Srgb, format.R8G8Snorm, format.R16G16B16A16Sfloat}[rng.IntN(11)]
		ops := []Op{OpSample, OpSampleB, OpSampleL, OpSampleD, OpGather4, OpGather4L}
		if f == format.D32Sfloat {
			ops = []Op{OpSampleC, OpSampleLC, OpSampleDC, OpGather4C}
		}
		op := ops[rng.IntN(len(ops))]
		kind, layers := surface.KindCube, 6
		if rng.IntN(2) == 0 {
			kind, layers = surface.KindCubeArray, 12
		}
		size := []int{1, 2, 5, 16, 32}[rng.IntN(5)]
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: size, Height: size, Layers: layers}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.MaxAnisotropy = []float32{1, 1, 4, 16}[rng.IntN(4)]
		st.LodBias = float32(rng.IntN(5)-2) / 2
		if op.Compare() {
			st.Compare = CompareOp(1 + rng.IntN(8))
		}
		lanes := []int{4, 8, 32, 64, 68, 132}[rng.IntN(6)]
		req := &Request{Op: op, Lanes: lanes}
		for c := 0; c < 4; c++ {
			req.Coord[c] = make([]float32, lanes)
		}
		req.Ref, req.Lod, req.Bias = make([]float32, lanes), make([]float32, lanes), make([]float32, lanes)
		for c := 0; c < 3; c++ {
			req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
		}
		special := rng.IntN(4) == 0 // signed zeros, ties, NaNs, infinities
		if rng.IntN(3) == 0 {
			req.MinLod = make([]float32, lanes)
		}
		for i := 0; i < lanes; i++ {
			for c := 0; c < 3; c++ {
				req.Coord[c][i] = comp()
				req.DDX[c][i], req.DDY[c][i] = (rng.Float32()-0.5)/8, (rng.Float32()-0.5)/32
				if special && rng.IntN(4) == 0 {
					req.Coord[c][i] = cubeSpecials[rng.IntN(len(cubeSpecials))]
				}
				if special && rng.IntN(8) == 0 {
					req.DDX[c][i] = cubeSpecials[rng.IntN(len(cubeSpecials))]
				}
			}
			if special && rng.IntN(4) == 0 { // a tie between two axes' magnitudes
				a, b := rng.IntN(3), rng.IntN(3)
				req.Coord[a][i] = []float32{1, -1}[rng.IntN(2)] * abs32(req.Coord[b][i])
			}
			if special && rng.IntN(8) == 0 { // a zero direction: the face by the sign bits
				for c := 0; c < 3; c++ {
					req.Coord[c][i] = cubeSpecials[rng.IntN(2)]
				}
			}
			if req.MinLod != nil {
				req.MinLod[i] = float32(rng.IntN(9)-2) / 4
			}
			req.Coord[3][i] = float32(rng.IntN(3))
			req.Ref[i] = float32(rng.IntN(9)) / 8
			req.Lod[i] = float32(rng.IntN(13)-2) / 4
			req.Bias[i] = float32(rng.IntN(5) - 2)
		}
		var x exec
		prec := altPrecision(iter)
		if err := x.setup(prec, s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		if x.fast.lanes != laneNone {
			lanesTaken++
		}
		fast, ref := *staleResult(req.Lanes), Result{}
		if err := (&Engine{Precision: prec}).Execute(s.View(), &st, req, &fast); err != nil {
			t.Fatal(err)
		}
		fastDisabled = true
		err := (&Engine{Precision: prec}).Execute(s.View(), &st, req, &ref)
		fastDisabled = false
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < lanes; i++ {
			for c := 0; c < 4; c++ {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%s %s %d %s aniso %v lane %d (%v, %v, %v) channel %d: fast %08x, reference %08x",
						f, kind, size, op, st.MaxAnisotropy, i, req.Coord[0][i], req.Coord[1][i], req.Coord[2][i], c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
		checked++
	}
	if lanesTaken < checked/2 {
		t.Errorf("only %d of %d requests took the lane loop", lanesTaken, checked)
	}
	t.Logf("%d requests compared, %d through the lane loop", checked, lanesTaken)
}

// TestAnisoLanesAgree covers the anisotropic requests laneForms gives
// formAnisoVec (the plan's GatherAniso in the vector build, gatherLanes otherwise)
// against the reference: every LOD source it takes, compare on depth, the
// probe counts from 1 to 16 (η just above and at an integer), and
// derivatives whose ρ is zero, infinite or NaN in one or both axes.
func TestAnisoLanesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 37))
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	checked := 0
	for iter := 0; iter < 300; iter++ {
		f := []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat, format.D32Sfloat,
			format.R8G8B8A8Srgb, format.B8G8R8A8Unorm, format.B8G8R8A8Srgb, format.BC1RGBAUnormBlock,
			format.R8Unorm, format.R8G8Srgb, format.R8G8Snorm, format.R16G16B16A16Sfloat}[rng.IntN(11)]
		ops := []Op{OpSample, OpSampleB, OpSampleD}
		if f == format.D32Sfloat {
			ops = []Op{OpSampleC, OpSampleDC}
		}
		op := ops[rng.IntN(len(ops))]
		w, h := []int{1, 5, 16, 64}[rng.IntN(4)], []int{1, 8, 13, 64}[rng.IntN(4)]
		levels := []int{1, 0}[rng.IntN(2)] // one level, or the full chain
		s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: f, Width: w, Height: h, Levels: levels}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.MaxAnisotropy = []float32{1.5, 2, 4.5, 8, 16}[rng.IntN(5)]
		st.LodBias = float32(rng.IntN(5)-2) / 2
		st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
		if op.Compare() {
			st.Compare = CompareOp(1 + rng.IntN(8))
		}
		lanes := []int{8, 16, 64, 72, 136}[rng.IntN(5)]
		req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes)}}
		if op.Compare() {
			req.Ref = make([]float32, lanes)
		}
		if op.LodSource() == LodBias {
			req.Bias = make([]float32, lanes)
		}
		if op.LodSource() == LodGradient {
			for c := range 2 {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
			}
			if rng.IntN(3) == 0 {
				req.MinLod = make([]float32, lanes)
			}
		}
		for i := range lanes {
			req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
			if op.LodSource() != LodGradient && i&3 != 0 && rng.IntN(2) == 0 {
				// A quad stretched along one axis: η from the quads' derivatives.
				q := i &^ 3
				req.Coord[0][i] = req.Coord[0][q] + float32(i&1)*float32(rng.IntN(40))/float32(w)
				req.Coord[1][i] = req.Coord[1][q] + float32(i>>1&1)*float32(rng.IntN(3))/float32(4*h)
			}
			if req.Ref != nil {
				req.Ref[i] = float32(rng.IntN(9)) / 8
			}
			if req.Bias != nil {
				req.Bias[i] = float32(rng.IntN(5) - 2)
			}
			if req.MinLod != nil {
				req.MinLod[i] = float32(rng.IntN(9)-2) / 4
			}
			if req.DDX[0] == nil {
				continue
			}
			// The major axis' length ρmax and η = ρmax/ρmin, along x or y.
			major := float32(rng.IntN(64)+1) / 8
			eta := float32(rng.IntN(20)) + []float32{1, 0.5, 1.0 / 1024}[rng.IntN(3)]
			dx := [2]float32{major / float32(w), 0}
			dy := [2]float32{0, major / eta / float32(h)}
			if rng.IntN(2) == 0 {
				dx, dy = [2]float32{dy[1] * float32(h) / float32(w), 0}, [2]float32{0, dx[0] * float32(w) / float32(h)}
			}
			switch rng.IntN(10) {
			case 0: // no footprint
				dx, dy = [2]float32{}, [2]float32{}
			case 1: // ρmin = 0
				dy = [2]float32{}
			case 2: // an infinite axis, or two
				dx[0] = inf
				if rng.IntN(2) == 0 {
					dy[1] = -inf
				}
			case 3:
				*[]*float32{&dx[0], &dx[1], &dy[0], &dy[1]}[rng.IntN(4)] = nan
			case 4: // ρx = ρy
				dy = [2]float32{dx[1], dx[0]}
			case 5: // a diagonal footprint
				dx[1], dy[0] = dx[0]/3, -dy[1]*2
			}
			for c := range 2 {
				req.DDX[c][i], req.DDY[c][i] = dx[c], dy[c]
			}
		}
		var x exec
		prec := altPrecision(iter)
		if err := x.setup(prec, s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		if x.laneForms(req)&formAnisoVec == 0 {
			t.Fatalf("%s %s: anisoVec does not take the request", f, op)
		}
		fast, ref := bothPathsIn(t, prec, s.View(), &st, req)
		for i := range lanes {
			for c := range 4 {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					var d [4]float32
					if req.DDX[0] != nil {
						d = [4]float32{req.DDX[0][i], req.DDX[1][i], req.DDY[0][i], req.DDY[1][i]}
					}
					t.Fatalf("%s %dx%d %s aniso %v lane %d (%v, %v) derivatives %v channel %d: fast %08x, reference %08x",
						f, w, h, op, st.MaxAnisotropy, i, req.Coord[0][i], req.Coord[1][i], d, c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
		checked++
	}
	t.Logf("%d requests compared", checked)
}

// TestLevelsInside checks the set-up's levelsInside, which lets the lane
// loop's kernels skip their bounds pass: true for views of every kind the
// loop takes, their base layers and levels included, and false once the
// data stops one byte short of a view's last texel.
func TestLevelsInside(t *testing.T) {
	for _, tc := range []struct {
		d                  surface.Desc
		baseLevel, layer0  int
		levels, viewLayers int
	}{
		{surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 13, Height: 7}, 0, 0, 0, 1},
		{surface.Desc{Kind: surface.Kind2DArray, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 8, Layers: 5}, 1, 2, 2, 3},
		{surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4}, 0, 0, 0, 6},
		{surface.Desc{Kind: surface.KindCubeArray, Format: format.D32Sfloat, Width: 8, Height: 8, Layers: 18}, 1, 6, 0, 12},
	} {
		s := newSurface(t, tc.d, false)
		v, err := surface.NewView(s, tc.baseLevel, tc.levels, tc.layer0, tc.viewLayers)
		if err != nil {
			t.Fatal(err)
		}
		st := linearState()
		op, req := OpSampleL, &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5), f32s(0.5), f32s(0)}, Lod: f32s(0)}
		if tc.d.Format == format.D32Sfloat {
			st.Compare = CompareLess
			op, req.Op, req.Ref = OpSampleLC, OpSampleLC, f32s(0.5)
		}
		var x exec
		if err := x.setup(Precision{}, v, &st, req); err != nil {
			t.Fatal(err)
		}
		if x.fast.lanes == laneNone || !x.fast.plan.Inside {
			t.Fatalf("%v %v: lane loop %v, inside %v, want the loop and inside", tc.d.Kind, op, x.fast.lanes, x.fast.plan.Inside)
		}
		// The view's last texel: the last layer of the last level read.
		lv := &x.fast.levels[x.levels-1]
		layers := x.layers
		if x.cube {
			layers *= 6
		}
		end := lv.Off + (x.view.BaseLayer+layers-1)*lv.LS + int(lv.W-1)*lv.XS + int(lv.H-1)*lv.YS + x.fast.texelBytes()
		x.surf = &surface.Surface{Data: s.Data[:end]}
		if !x.levelsInside() {
			t.Errorf("%v: levelsInside false with the data ending at the view's last texel", tc.d.Kind)
		}
		x.surf = &surface.Surface{Data: s.Data[:end-1]}
		if x.levelsInside() {
			t.Errorf("%v: levelsInside true with the data one byte short", tc.d.Kind)
		}
	}
}
