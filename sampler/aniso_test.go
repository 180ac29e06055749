package sampler

import (
	"math"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

func TestAnisotropicRoundFootprintIsIsotropic(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter = MipLinear
	req := &Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{f32s(0.3), f32s(0.7)},
		DDX: [3][]float32{f32s(3.0 / 64), f32s(0)}, DDY: [3][]float32{f32s(0), f32s(3.0 / 64)}}
	iso := run(t, &Engine{}, s.View(), &st, req).Vec(0)
	st.MaxAnisotropy = 16
	an := run(t, &Engine{}, s.View(), &st, req).Vec(0)
	if iso != an {
		t.Errorf("round footprint: anisotropic %v != isotropic %v", an, iso)
	}
}

// TestAnisotropicProbes checks Vulkan's reference algorithm: N = ⌈η⌉ probes
// along the major axis at (−½ + k/(N+1))·∂, each sampled at λ = log2(ρmax/η).
func TestAnisotropicProbes(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	for _, tc := range []struct {
		dudx, dvdy float32 // texels per pixel
		maxAniso   float32
		n          int
		lod        float32
	}{
		{8, 2, 16, 4, 1},         // η = 4: λ = log2(8/4)
		{10, 1, 4, 4, 1.3219281}, // η clamps to 4: λ = log2(10/4)
		{3, 1, 16, 3, 0},         // η = 3
		{2.5, 1, 16, 3, 0},       // η = 2.5, N = 3, λ = log2(1) = 0
	} {
		st := linearState()
		st.MipFilter = MipLinear
		st.MaxAnisotropy = tc.maxAniso
		u, v := float32(0.4), float32(0.55)
		dx := tc.dudx / 64
		req := &Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{f32s(u), f32s(v)},
			DDX: [3][]float32{f32s(dx), f32s(0)}, DDY: [3][]float32{f32s(0), f32s(tc.dvdy / 64)}}
		got := run(t, &Engine{}, s.View(), &st, req).Vec(0)

		st.MaxAnisotropy = 1
		var sum [4]float32
		for k := 1; k <= tc.n; k++ {
			off := float32(-0.5) + float32(k)/float32(tc.n+1)
			p := run(t, &Engine{}, s.View(), &st, &Request{Op: OpSampleL, Lanes: 1,
				Coord: [4][]float32{f32s(u + float32(off*dx)), f32s(v)}, Lod: f32s(tc.lod)}).Vec(0)
			for c := range sum {
				sum[c] += p[c]
			}
		}
		for c := range sum {
			sum[c] /= float32(tc.n)
		}
		if !vecNear(got, sum, 2e-7) {
			t.Errorf("aniso %+v = %v, want the probe average %v", tc, got, sum)
		}
	}
}

// TestAnisotropicInfiniteFootprint: with both scale factors infinite the
// anisotropy ratio ρmax/ρmin is NaN; the footprint has no axis to follow,
// so the sample is isotropic at λ = log2(∞), the coarsest level.
func TestAnisotropicInfiniteFootprint(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter = MipLinear
	st.MaxAnisotropy = 16
	inf := float32(math.Inf(1))
	req := &Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{f32s(0.3), f32s(0.7)},
		DDX: [3][]float32{f32s(inf), f32s(0)}, DDY: [3][]float32{f32s(0), f32s(inf)}}
	got := run(t, &Engine{}, s.View(), &st, req).Vec(0)
	st.MaxAnisotropy = 1
	coarsest := run(t, &Engine{}, s.View(), &st, &Request{Op: OpSampleL, Lanes: 1,
		Coord: [4][]float32{f32s(0.3), f32s(0.7)}, Lod: f32s(6)}).Vec(0)
	if got != coarsest {
		t.Errorf("infinite footprint = %v, want the coarsest level's %v", got, coarsest)
	}
}
