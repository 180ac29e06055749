package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestVolumeLanesAgree runs 3D views through the 3D lane loop
// (lanes3d.go) against the reference: every format it decodes, every
// address mode on each of the three axes, every mipmap mode and LOD
// source, offsets, anisotropic probes, inactive lanes, lane counts across
// chunks, both precisions (hardware with random widths), and coordinates
// on texel centres and edges, on the roundings' ties, far outside, NaN and
// infinite.
func TestVolumeLanesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	formats := []format.Format{format.R8G8B8A8Unorm, format.R8G8B8A8Srgb, format.B8G8R8A8Unorm, format.B8G8R8A8Srgb,
		format.R32G32B32A32Sfloat}
	ops := []Op{OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD}
	checked, slowModes := 0, 0
	for iter := 0; iter < 1200; iter++ {
		f := formats[rng.IntN(len(formats))]
		op := ops[rng.IntN(len(ops))]
		prec := Precision{}
		if rng.IntN(2) == 0 {
			prec = hwPrecision(rng)
		}
		w, h, d := []int{1, 2, 5, 8, 16}[rng.IntN(5)], []int{1, 3, 8, 16}[rng.IntN(4)], []int{1, 2, 4, 7, 16}[rng.IntN(5)]
		s := newSurface(t, surface.Desc{Kind: surface.Kind3D, Format: f, Width: w, Height: h, Depth: d,
			Levels: []int{1, 0, 0}[rng.IntN(3)]}, false)
		v := s.View()
		if s.Levels > 1 && rng.IntN(3) == 0 {
			v.BaseLevel = rng.IntN(s.Levels)
			v.Levels = s.Levels - v.BaseLevel
		}
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		for c := range st.Address {
			st.Address[c] = []AddressMode{WrapRepeat, WrapClampToEdge, AddressMode(rng.IntN(5))}[rng.IntN(3)]
		}
		st.Border = BorderPreset(rng.IntN(4))
		st.LodBias = float32(rng.IntN(9)-4) / 4
		if rng.IntN(3) == 0 {
			st.MinLod = float32(rng.IntN(5)) / 4
			st.MaxLod = st.MinLod + float32(rng.IntN(8))/2
		}
		if rng.IntN(4) == 0 {
			st.MaxAnisotropy = []float32{2, 4.5, 16}[rng.IntN(3)]
		}
		lanes := []int{4, 8, 32, 64, 68, 132}[rng.IntN(6)]
		req := &Request{Op: op, Lanes: lanes}
		sizes := [3]int{w, h, d}
		for c := range 3 {
			req.Coord[c] = make([]float32, lanes)
			for i := range lanes {
				req.Coord[c][i] = volCoord(rng, sizes[c], prec)
			}
		}
		if op.Implicit() {
			for i := 0; i+3 < lanes; i += 4 {
				for c := range 3 {
					dd := float32(math.Ldexp(1, rng.IntN(5)-2)) / float32(sizes[c]) * float32(rng.IntN(3)-1)
					req.Coord[c][i+1] = req.Coord[c][i] + dd*float32(rng.IntN(2))
					req.Coord[c][i+2] = req.Coord[c][i] + dd*float32(rng.IntN(2))
					req.Coord[c][i+3] = req.Coord[c][i]
				}
			}
		}
		switch op.LodSource() {
		case LodExplicit:
			req.Lod = make([]float32, lanes)
			for i := range req.Lod {
				req.Lod[i] = float32(rng.IntN(21)-4) / 4
			}
		case LodBias:
			req.Bias = make([]float32, lanes)
			for i := range req.Bias {
				req.Bias[i] = float32(rng.IntN(9)-4) / 2
			}
		case LodGradient:
			for c := range 3 {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
				for i := range lanes {
					req.DDX[c][i] = (rng.Float32() - 0.5) * float32(rng.IntN(4)) / float32(sizes[c])
					req.DDY[c][i] = (rng.Float32() - 0.5) * float32(rng.IntN(4)) / float32(sizes[c])
					if rng.IntN(24) == 0 {
						req.DDX[c][i] = cubeSpecials[rng.IntN(len(cubeSpecials))]
					}
				}
			}
		}
		if op.LodSource() != LodImplicit && op.LodSource() != LodBias && rng.IntN(4) == 0 {
			req.MinLod = make([]float32, lanes)
			for i := range req.MinLod {
				req.MinLod[i] = float32(rng.IntN(9)-2) / 4
			}
		}
		if rng.IntN(3) == 0 {
			for c := range 3 {
				req.Offset[c] = make([]int32, lanes)
				for i := range req.Offset[c] {
					req.Offset[c][i] = int32(rng.IntN(16) - 8)
				}
			}
		}
		if rng.IntN(4) == 0 {
			req.Active = make([]bool, lanes)
			for i := range req.Active {
				req.Active[i] = rng.IntN(4) != 0
			}
		}
		var x exec
		if err := x.setup(prec, v, &st, req); err != nil {
			t.Fatal(err)
		}
		if x.fast.lanes != laneVolume {
			t.Fatalf("%s %s: the 3D lane loop is not taken", f, op)
		}
		for _, m := range st.Address {
			if m != WrapRepeat && m != WrapClampToEdge {
				slowModes++
				break
			}
		}
		fast, ref := bothPathsIn(t, prec, v, &st, req)
		for i := range lanes {
			if laneErr(fast, i) != laneErr(ref, i) || fast.Resident[i] != ref.Resident[i] {
				t.Fatalf("%s %s lane %d: error %q resident %v, reference %q %v", f, op, i, laneErr(fast, i), fast.Resident[i],
					laneErr(ref, i), ref.Resident[i])
			}
			for c := range 4 {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%s %dx%dx%d %s precision %+v state %+v lane %d (%v, %v, %v) channel %d: fast %08x, reference %08x",
						f, w, h, d, op, prec, st, i, req.Coord[0][i], req.Coord[1][i], req.Coord[2][i], c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
		checked++
	}
	t.Logf("%d requests compared, %d with an address mode the footprints send to the reference", checked, slowModes)
}

// volCoord returns a normalized coordinate on an axis of n texels: a
// texel centre or edge, a subtexel tie in hardware precision p, a random
// one, or a special (NaN, infinities, huge, −0).
func volCoord(rng *rand.Rand, n int, p Precision) float32 {
	switch rng.IntN(8) {
	case 0:
		return []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9,
			float32(math.Copysign(0, -1)), 0, 1}[rng.IntN(8)]
	case 1, 2:
		return float32(rng.IntN(4*n+1)-n) / float32(2*n)
	case 3:
		if p.Mode == Hardware {
			return hwCoord(rng, n, p.SubtexelBits)
		}
	}
	return rng.Float32()*3 - 1
}

// TestVolumeSetup checks which 3D requests take the 3D lane loop: sampling
// of its formats with linear filters and weighted average; not a compare,
// nearest filtering, min/max reduction, a gather or another format.
func TestVolumeSetup(t *testing.T) {
	for _, tc := range []struct {
		f    format.Format
		op   Op
		edit func(*State)
		want bool
	}{
		{format.R8G8B8A8Unorm, OpSampleL, nil, true},
		{format.R32G32B32A32Sfloat, OpSampleD, nil, true},
		{format.B8G8R8A8Srgb, OpSample, func(st *State) { st.MaxAnisotropy = 16 }, true},
		{format.R8G8B8A8Unorm, OpSampleL, func(st *State) { st.MinFilter = Nearest }, false},
		{format.R8G8B8A8Unorm, OpSampleL, func(st *State) { st.Reduction = ReductionMax }, false},
		{format.R16G16B16A16Sfloat, OpSampleL, nil, false},
		{format.R8Unorm, OpSampleL, nil, false},
		{format.R8G8Unorm, OpSampleL, nil, false},
		{format.R8G8B8A8Snorm, OpSampleL, nil, true},
		{format.R8G8B8A8Unorm, OpLod, nil, false},
		{format.R8G8B8A8Unorm, OpFetch, nil, false},
	} {
		s := newSurface(t, surface.Desc{Kind: surface.Kind3D, Format: tc.f, Width: 4, Height: 4, Depth: 4}, false)
		st := linearState()
		if tc.edit != nil {
			tc.edit(&st)
		}
		req := &Request{Op: tc.op, Lanes: 4, Coord: [4][]float32{f32s(0, 0, 0, 0), f32s(0, 0, 0, 0), f32s(0, 0, 0, 0)},
			Lod: f32s(0, 0, 0, 0), Texel: [4][]int32{i32s(0, 0, 0, 0), i32s(0, 0, 0, 0), i32s(0, 0, 0, 0)},
			DDX: [3][]float32{f32s(0, 0, 0, 0), f32s(0, 0, 0, 0), f32s(0, 0, 0, 0)}, DDY: [3][]float32{f32s(0, 0, 0, 0), f32s(0, 0, 0, 0), f32s(0, 0, 0, 0)}}
		var x exec
		if err := x.setup(Precision{}, s.View(), &st, req); err != nil {
			t.Fatalf("%s %s: %v", tc.f, tc.op, err)
		}
		if got := x.fast.lanes == laneVolume; got != tc.want {
			t.Errorf("%s %s: the 3D lane loop %v, want %v", tc.f, tc.op, got, tc.want)
		}
		if x.fast.on || x.fast.cube {
			t.Errorf("%s %s: a 3D view on the 2D specialised path", tc.f, tc.op)
		}
	}
}
