package sampler

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// The anisotropic filters of State.Anisotropy (aniso.go): EWA and footprint
// assembly, against independent float64 models and hand cases.

// modelTexel is texel (i, j) of a r32g32b32a32_sfloat surface's level and
// layer after the wrap (a border texel reads transparent black).
func modelTexel(s *surface.Surface, st *State, level, layer, i, j int) [4]float64 {
	w, h, _ := s.LevelSize(level)
	x, bx := modelWrap(i, w, st.Address[0])
	y, by := modelWrap(j, h, st.Address[1])
	var t [4]float64
	if bx || by {
		return t
	}
	o := s.TexelOffset(level, x, y, 0, layer, 0)
	for c := range t {
		t[c] = float64(math.Float32frombits(binary.LittleEndian.Uint32(s.Data[o+4*c:])))
	}
	return t
}

// modelLevels is the level selection for λ (mip filter, levels q + 1):
// the levels and their weights.
func modelLevels(st *State, levels int, lambda float64) (ls []int, ws []float64) {
	lambda = math.Min(math.Max(lambda, float64(st.MinLod)), float64(st.MaxLod))
	d := math.Min(math.Max(lambda, 0), float64(levels-1))
	switch st.MipFilter {
	case MipNearest:
		return []int{int(math.Ceil(d+0.5)) - 1}, []float64{1}
	case MipLinear:
		hi := math.Floor(d)
		if d == hi {
			return []int{int(hi)}, []float64{1}
		}
		return []int{int(hi), min(int(hi)+1, levels-1)}, []float64{1 - (d - hi), d - hi}
	}
	return []int{0}, []float64{1}
}

// modelSVD returns the singular values σ1 ≥ σ2 of J = [[ux, uy], [vx, vy]]
// and the angle of σ1's direction, from J·Jᵀ's eigen decomposition.
func modelSVD(ux, vx, uy, vy float64) (s1, s2, theta float64) {
	p, r, q := ux*ux+uy*uy, vx*vx+vy*vy, ux*vx+uy*vy
	m := (p + r) / 2
	h := math.Hypot((p-r)/2, q)
	return math.Sqrt(m + h), math.Sqrt(math.Max(m-h, 0)), 0.5 * math.Atan2(2*q, p-r)
}

// modelEWA is the float64 model of AnisoEWA for a 2D sample at (u, v) with
// normalized derivatives dx, dy: the exact Gaussian exp(−2r²) − exp(−2)
// (the engine takes it from a 1024-entry table), over every texel of a
// window that surely holds the ellipse.
func modelEWA(s *surface.Surface, st *State, u, v float64, layer int, dx, dy [2]float64) [4]float64 {
	a := float64(st.MaxAnisotropy)
	w0, h0 := float64(s.Width), float64(s.Height)
	s1, s2, _ := modelSVD(dx[0]*w0, dx[1]*h0, dy[0]*w0, dy[1]*h0)
	lambda := math.Log2(math.Max(s2, s1/a))
	ls, lws := modelLevels(st, s.Levels, lambda)
	var out [4]float64
	for k, l := range ls {
		wl, hl, _ := s.LevelSize(l)
		s1, s2, th := modelSVD(dx[0]*float64(wl), dx[1]*float64(hl), dy[0]*float64(wl), dy[1]*float64(hl))
		m2 := math.Min(math.Max(math.Max(s2, s1/a), 1), 2)
		m1 := math.Min(math.Max(s1, m2), a*m2)
		cu, cv := u*float64(wl), v*float64(hl)
		c, sn := math.Cos(th), math.Sin(th)
		var sum [4]float64
		var wsum float64
		for j := int(cv) - 40; j <= int(cv)+40; j++ {
			for i := int(cu) - 40; i <= int(cu)+40; i++ {
				du, dv := float64(i)+0.5-cu, float64(j)+0.5-cv
				t1, t2 := c*du+sn*dv, -sn*du+c*dv
				r2 := t1*t1/(m1*m1) + t2*t2/(m2*m2)
				if r2 >= 1 {
					continue
				}
				w := math.Exp(-2*r2) - math.Exp(-2)
				t := modelTexel(s, st, l, layer, i, j)
				for c := range sum {
					sum[c] += w * t[c]
				}
				wsum += w
			}
		}
		for c := range out {
			out[c] += lws[k] * sum[c] / wsum
		}
	}
	return out
}

// modelBilinear is a linear 2D sample of level l at (u, v).
func modelBilinear(s *surface.Surface, st *State, l, layer int, u, v float64) [4]float64 {
	wl, hl, _ := s.LevelSize(l)
	x, y := u*float64(wl)-0.5, v*float64(hl)-0.5
	i0, j0 := math.Floor(x), math.Floor(y)
	a, b := x-i0, y-j0
	var out [4]float64
	for dj := range 2 {
		for di := range 2 {
			w := []float64{1 - a, a}[di] * []float64{1 - b, b}[dj]
			t := modelTexel(s, st, l, layer, int(i0)+di, int(j0)+dj)
			for c := range out {
				out[c] += w * t[c]
			}
		}
	}
	return out
}

// modelAssembly is the float64 model of AnisoFootprintAssembly with linear
// filters.
func modelAssembly(s *surface.Surface, st *State, u, v float64, layer int, dx, dy [2]float64) [4]float64 {
	a := float64(st.MaxAnisotropy)
	w0, h0 := float64(s.Width), float64(s.Height)
	ux, vx, uy, vy := dx[0]*w0, dx[1]*h0, dy[0]*w0, dy[1]*h0
	rx, ry := math.Hypot(ux, vx), math.Hypot(uy, vy)
	rmax, major := rx, dx
	if ry >= rx {
		rmax, major = ry, dy
	}
	minor := math.Abs(ux*vy-uy*vx) / rmax
	eta := a
	if minor > 0 {
		eta = math.Min(rmax/minor, a)
	}
	n := 1
	lambda := math.Log2(rmax)
	if eta > 1 {
		n = 1 << int(math.Ceil(math.Log2(eta)))
		lambda = math.Log2(rmax / eta)
	}
	ls, lws := modelLevels(st, s.Levels, lambda)
	var out [4]float64
	for k := range n {
		t := (float64(k)+0.5)/float64(n) - 0.5
		for m, l := range ls {
			b := modelBilinear(s, st, l, layer, u+t*major[0], v+t*major[1])
			for c := range out {
				out[c] += lws[m] * b[c] / float64(n)
			}
		}
	}
	return out
}

// anisoModelSeed is TestAnisoMethodsModel's second seed (a variable, so
// that a soak can vary it).
var anisoModelSeed uint64 = 1

// TestAnisoMethodsModel runs random 2D and 2D-array sample_d requests with
// each new method against its float64 model: EWA within 5e-3 (the
// engine's weights come from a 1024-entry table of the Gaussian, each
// within 0.2 % of the model's, and its float32 sums), footprint assembly
// within 2e-5.
func TestAnisoMethodsModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, anisoModelSeed))
	iters := 200
	if testing.Short() {
		iters = 40
	}
	for it := range iters {
		method := []AnisoMethod{AnisoEWA, AnisoFootprintAssembly}[it%2]
		kind, layers := surface.Kind2D, 1
		if rng.IntN(3) == 0 {
			kind, layers = surface.Kind2DArray, 3
		}
		w, h := []int{8, 16, 32, 64, 48}[rng.IntN(5)], []int{8, 16, 32, 64, 20}[rng.IntN(5)]
		s := newSurface(t, surface.Desc{Kind: kind, Format: format.R32G32B32A32Sfloat, Width: w, Height: h, Layers: layers}, false)
		st := linearState()
		st.MipFilter = []MipFilter{MipLinear, MipLinear, MipNone}[rng.IntN(3)]
		st.MaxAnisotropy = []float32{2, 4, 5.5, 8, 16}[rng.IntN(5)]
		st.Anisotropy = method
		for c := range 2 {
			st.Address[c] = []AddressMode{WrapRepeat, WrapMirroredRepeat, WrapClampToEdge, WrapClampToBorder}[rng.IntN(4)]
		}
		const lanes = 16
		req := &Request{Op: OpSampleD, Lanes: lanes}
		for c := range 3 {
			req.Coord[c] = make([]float32, lanes)
		}
		for c := range 2 {
			req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
		}
		for i := range lanes {
			req.Coord[0][i] = rng.Float32()*1.4 - 0.2
			req.Coord[1][i] = rng.Float32()*1.4 - 0.2
			req.Coord[2][i] = float32(rng.IntN(layers))
			// Two derivative vectors of 1/4 to 64 texels in any directions.
			for _, d := range []*[3][]float32{&req.DDX, &req.DDY} {
				l := math.Exp2(rng.Float64()*8 - 2)
				a := rng.Float64() * 2 * math.Pi
				d[0][i] = float32(l * math.Cos(a) / float64(w))
				d[1][i] = float32(l * math.Sin(a) / float64(h))
			}
		}
		res := run(t, &Engine{}, s.View(), &st, req)
		tol := 5e-3
		if method == AnisoFootprintAssembly {
			tol = 2e-5
		}
		for i := range lanes {
			u, v := float64(req.Coord[0][i]), float64(req.Coord[1][i])
			dx := [2]float64{float64(req.DDX[0][i]), float64(req.DDX[1][i])}
			dy := [2]float64{float64(req.DDY[0][i]), float64(req.DDY[1][i])}
			var want [4]float64
			if method == AnisoEWA {
				want = modelEWA(s, &st, u, v, int(req.Coord[2][i]), dx, dy)
			} else {
				want = modelAssembly(s, &st, u, v, int(req.Coord[2][i]), dx, dy)
			}
			for c := range want {
				if got := float64(res.Float(c, i)); math.Abs(got-want[c]) > tol {
					t.Fatalf("it %d %s %dx%d %+v lane %d (u %v v %v dx %v dy %v) channel %d: %v, model %v", it, method, w, h, st, i, u, v, dx, dy, c, got, want[c])
				}
			}
		}
	}
}

// sampleD runs a one-lane sample_d (2D) and returns its vector.
func sampleD(t *testing.T, p Precision, v surface.View, st *State, u, vv float32, dx, dy [2]float32) [4]float32 {
	t.Helper()
	req := &Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{f32s(u), f32s(vv)},
		DDX: [3][]float32{f32s(dx[0]), f32s(dx[1])}, DDY: [3][]float32{f32s(dy[0]), f32s(dy[1])}}
	return run(t, &Engine{Precision: p}, v, st, req).Vec(0)
}

// TestEllipseAxes: the axes of known derivatives, and that the major
// axis' end lies on Heckbert's implicit ellipse A u² + B uv + C v² = F
// with A = vx² + vy², B = −2(ux vx + uy vy), C = ux² + uy²,
// F = (ux vy − uy vx)², and the minor's end too.
func TestEllipseAxes(t *testing.T) {
	for _, tc := range []struct {
		ux, vx, uy, vy float32
		major, minor   float32
		c, s           float32
	}{
		{4, 0, 0, 1, 4, 1, 1, 0},
		{1, 0, 0, 4, 4, 1, 0, 1},
		{3, 0, 0, 3, 3, 3, 1, 0},                   // a circle: (1, 0)
		{3, 4, -2, 1.5, 5, 2.5, 0.6, 0.8},          // orthogonal: 5 along (3, 4)/5, 2.5
		{8, 0, 0, 0, 8, 0, 1, 0},                   // a line: F = 0
		{0, 0, 0, 0, 0, 0, 1, 0},                   // a point
		{2, 2, 2, 2, 4, 0, 0.70710677, 0.70710677}, // equal derivatives: a line along (1, 1)
	} {
		e, ok := ellipseOf([3]float32{tc.ux, tc.vx}, [3]float32{tc.uy, tc.vy}, 1, 1)
		if !ok || !near(e.major, tc.major, 1e-5) || !near(e.minor, tc.minor, 1e-5) || !near(e.c, tc.c, 1e-6) || !near(e.s, tc.s, 1e-6) {
			t.Errorf("%+v: ellipse %+v ok %v", tc, e, ok)
			continue
		}
		A := float64(tc.vx*tc.vx + tc.vy*tc.vy)
		B := -2 * float64(tc.ux*tc.vx+tc.uy*tc.vy)
		C := float64(tc.ux*tc.ux + tc.uy*tc.uy)
		F := math.Pow(float64(tc.ux*tc.vy-tc.uy*tc.vx), 2)
		if F == 0 {
			continue
		}
		for _, p := range [][2]float64{
			{float64(e.major * e.c), float64(e.major * e.s)},
			{float64(-e.minor * e.s), float64(e.minor * e.c)},
		} {
			if q := A*p[0]*p[0] + B*p[0]*p[1] + C*p[1]*p[1]; math.Abs(q-F) > 1e-4*F {
				t.Errorf("%+v: axis end %v gives %v, F = %v", tc, p, q, F)
			}
		}
	}
	inf := float32(math.Inf(1))
	for _, d := range [][4]float32{{float32(math.NaN()), 0, 0, 1}, {inf, 0, 0, 1}, {1e30, 0, 0, 1}, {1e20, 1e20, 1e20, -1e20}} {
		if _, ok := ellipseOf([3]float32{d[0], d[1]}, [3]float32{d[2], d[3]}, 1, 1); ok {
			t.Errorf("%v: an ellipse that is not finite is ok", d)
		}
	}
}

// TestEWAIsotropicIsGaussian: isotropic derivatives of one texel on a
// level make a circle of radius 1; centred on a texel corner it holds the
// four texels around it at r² = ½, equally weighted: their mean, which is
// the bilinear sample there. Centred on a texel, the four neighbours lie
// on the circle (r = 1, not inside): the texel itself.
func TestEWAIsotropicIsGaussian(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter = MipLinear
	st.MaxAnisotropy = 16
	lin := st
	st.Anisotropy = AnisoEWA
	for _, sigma := range []float32{1, 4, 16} { // λ = 0, 2, 4 exactly
		d := sigma / 64
		u, v := float32(20)/64*sigma, float32(36)/64*sigma // a corner of the level's texels
		got := sampleD(t, Precision{}, s.View(), &st, u, v, [2]float32{d, 0}, [2]float32{0, d})
		want := sampleD(t, Precision{}, s.View(), &lin, u, v, [2]float32{d, 0}, [2]float32{0, d})
		if !vecNear(got, want, 1e-6) {
			t.Errorf("σ %v at a corner: EWA %v, the bilinear mean %v", sigma, got, want)
		}
		u += 0.5 / 64 * sigma
		v += 0.5 / 64 * sigma // a texel centre
		got = sampleD(t, Precision{}, s.View(), &st, u, v, [2]float32{d, 0}, [2]float32{0, d})
		want = sampleD(t, Precision{}, s.View(), &lin, u, v, [2]float32{d, 0}, [2]float32{0, d})
		if !vecNear(got, want, 1e-6) { // (w·t)/w: two roundings
			t.Errorf("σ %v at a centre: EWA %v, the texel %v", sigma, got, want)
		}
	}
}

// TestEWARotationInvariant: rotating the screen's axes (dx, dy) →
// (cos θ dx + sin θ dy, −sin θ dx + cos θ dy) maps the same ellipse, so
// EWA's value does not change (to rounding); Vulkan's method, which
// follows the longer derivative, does.
func TestEWARotationInvariant(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter = MipLinear
	st.MaxAnisotropy = 16
	st.Anisotropy = AnisoEWA
	vk := st
	vk.Anisotropy = AnisoVulkan
	dx, dy := [2]float32{6.0 / 64, 2.0 / 64}, [2]float32{-0.5 / 64, 1.5 / 64}
	base := sampleD(t, Precision{}, s.View(), &st, 0.31, 0.62, dx, dy)
	vbase := sampleD(t, Precision{}, s.View(), &vk, 0.31, 0.62, dx, dy)
	vkChanged := false
	for k := 1; k < 12; k++ {
		th := float64(k) * math.Pi / 12
		c, sn := float32(math.Cos(th)), float32(math.Sin(th))
		rx := [2]float32{c*dx[0] + sn*dy[0], c*dx[1] + sn*dy[1]}
		ry := [2]float32{-sn*dx[0] + c*dy[0], -sn*dx[1] + c*dy[1]}
		if got := sampleD(t, Precision{}, s.View(), &st, 0.31, 0.62, rx, ry); !vecNear(got, base, 2e-5) {
			t.Errorf("θ %v: EWA %v, unrotated %v", th, got, base)
		}
		if sampleD(t, Precision{}, s.View(), &vk, 0.31, 0.62, rx, ry) != vbase {
			vkChanged = true
		}
	}
	if !vkChanged {
		t.Error("Vulkan's method did not change under the rotation: the case does not tell the methods apart")
	}
}

// TestEWADegenerate: derivatives that make no ellipse have defined
// results. Zero derivatives (F = 0, a point) are the unit Gaussian at the
// base level; a line (F = 0) is widened to 1/MaxAnisotropy of its length;
// NaN, infinite and overflowing derivatives take the isotropic filter
// (anisotropy off); a huge eccentricity reads a bounded footprint.
func TestEWADegenerate(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter = MipLinear
	st.MaxAnisotropy = 8
	st.Anisotropy = AnisoEWA
	off := st
	off.MaxAnisotropy = 1
	u, v := float32(0.3), float32(0.55)
	// A point: the base level's unit circle, centred at (u, v).
	got := sampleD(t, Precision{}, s.View(), &st, u, v, [2]float32{}, [2]float32{})
	want := modelEWA(s, &st, float64(u), float64(v), 0, [2]float64{}, [2]float64{})
	if !vecNear(got, [4]float32{float32(want[0]), float32(want[1]), float32(want[2]), float32(want[3])}, 5e-3) {
		t.Errorf("zero derivatives: %v, model %v", got, want)
	}
	// A line of 16 texels along u: minor 16/8 = 2, λ = 1.
	lodReq := func(dx, dy [2]float32) *Request {
		us, vs := quad(u, v, dx[0], dx[1], dy[0], dy[1])
		return &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{us, vs}}
	}
	if l := run(t, &Engine{}, s.View(), &st, lodReq([2]float32{16.0 / 64, 0}, [2]float32{})).Float(1, 0); l != 1 {
		t.Errorf("a line: λ' %v, want 1", l)
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, d := range [][2][2]float32{
		{{nan, 0}, {0, 1.0 / 64}},
		{{inf, 0}, {0, 1.0 / 64}},
		{{1e30, 1e30}, {0, 1.0 / 64}},
		{{inf, inf}, {inf, inf}},
	} {
		got := sampleD(t, Precision{}, s.View(), &st, u, v, d[0], d[1])
		want := sampleD(t, Precision{}, s.View(), &off, u, v, d[0], d[1])
		if got != want {
			t.Errorf("derivatives %v: EWA %v, isotropic %v", d, got, want)
		}
	}
	// Eccentricities up to 1e30 and a max LOD that holds λ at 0: the
	// trace stays within the bound (2·ewaMaxMinor·16 + 1)² per level.
	for _, e := range []float32{1e3, 1e6, 1e30} {
		for _, maxLod := range []float32{1000, 0} {
			st := st
			st.MaxAnisotropy, st.MaxLod = 16, maxLod
			req := &Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{f32s(u), f32s(v)},
				DDX: [3][]float32{f32s(e / 64), f32s(e / 64)}, DDY: [3][]float32{f32s(-1e-3 / 64), f32s(1e-3 / 64)}}
			res, tr := traced(t, s.View(), &st, req)
			const bound = (2*ewaMaxMinor*16 + 1) * (2*ewaMaxMinor*16 + 1) * 2
			if n := len(tr.Lane(0)); n == 0 || n > bound {
				t.Errorf("eccentricity %v max LOD %v: %d texels", e, maxLod, n)
			}
			for c := range 4 {
				if f := res.Float(c, 0); f != f || f < 0 || f > 1 {
					t.Errorf("eccentricity %v max LOD %v: channel %d = %v", e, maxLod, c, f)
				}
			}
		}
	}
}

// TestAnisoMethodLods checks λ' from the LOD query for each method where
// they differ: an axis-aligned 32 × 1 footprint (all three clamp η to
// MaxAnisotropy 4: λ = log2(32/4) = 3), and a sheared parallelogram
// a = (8, 0), b = (4, 1) texels, whose height over a is 1: footprint
// assembly's η = 8 (λ = 0), Vulkan's ρmax/ρmin = 8/√17 (λ = log2 √17),
// EWA's singular values σ1σ2 = 8, σ1² + σ2² = 81.
func TestAnisoMethodLods(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	s1, s2, _ := modelSVD(8, 0, 4, 1)
	for _, tc := range []struct {
		method   AnisoMethod
		maxAniso float32
		dx, dy   [2]float32
		want     float64
	}{
		{AnisoVulkan, 4, [2]float32{32, 0}, [2]float32{0, 1}, 3},
		{AnisoEWA, 4, [2]float32{32, 0}, [2]float32{0, 1}, 3},
		{AnisoFootprintAssembly, 4, [2]float32{32, 0}, [2]float32{0, 1}, 3},
		{AnisoVulkan, 16, [2]float32{8, 0}, [2]float32{4, 1}, math.Log2(math.Sqrt(17))},
		{AnisoFootprintAssembly, 16, [2]float32{8, 0}, [2]float32{4, 1}, 0},
		{AnisoEWA, 16, [2]float32{8, 0}, [2]float32{4, 1}, math.Log2(math.Max(s2, s1/16))},
		{AnisoEWA, 2, [2]float32{8, 0}, [2]float32{4, 1}, math.Log2(s1 / 2)},
		{AnisoFootprintAssembly, 2, [2]float32{8, 0}, [2]float32{4, 1}, 2},
	} {
		st := linearState()
		st.MipFilter = MipLinear
		st.MaxAnisotropy = tc.maxAniso
		st.Anisotropy = tc.method
		us, vs := quad(0.5, 0.5, tc.dx[0]/64, tc.dx[1]/64, tc.dy[0]/64, tc.dy[1]/64)
		res := run(t, &Engine{}, s.View(), &st, &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{us, vs}})
		if got := float64(res.Float(1, 0)); math.Abs(got-tc.want) > 1e-5 {
			t.Errorf("%s max %v, dx %v dy %v: λ' %v, want %v", tc.method, tc.maxAniso, tc.dx, tc.dy, got, tc.want)
		}
	}
}

// TestFootprintAssemblyProbes: N is the power of two at or above η (η = 3
// takes 4 probes), at (k + ½)/N − ½ along the major axis, each an
// isotropic trilinear sample at λ = log2(ρmax/η); and the result differs
// from Vulkan's 3 probes at k/4 − ½.
func TestFootprintAssemblyProbes(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	for _, tc := range []struct {
		dudx, dvdy float32
		maxAniso   float32
		n          int
		lod        float32
	}{
		{12, 4, 16, 4, 2},        // η = 3: N = 4, λ = log2(12/3)
		{8, 2, 16, 4, 1},         // η = 4
		{10, 1, 6, 8, 0.7369656}, // η clamps to 6: N = 8, λ = log2(10/6)
		{2.5, 2, 16, 2, 1},       // η = 1.25: N = 2, λ = log2(2)
	} {
		st := linearState()
		st.MipFilter = MipLinear
		st.MaxAnisotropy = tc.maxAniso
		st.Anisotropy = AnisoFootprintAssembly
		u, v := float32(0.4), float32(0.55)
		dx := tc.dudx / 64
		got := sampleD(t, Precision{}, s.View(), &st, u, v, [2]float32{dx, 0}, [2]float32{0, tc.dvdy / 64})
		st.MaxAnisotropy = 1
		var sum [4]float32
		for k := 0; k < tc.n; k++ {
			off := float32(2*k+1)/float32(2*tc.n) - 0.5
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
			t.Errorf("%+v = %v, want the probe average %v", tc, got, sum)
		}
		st.MaxAnisotropy, st.Anisotropy = tc.maxAniso, AnisoVulkan
		if vk := sampleD(t, Precision{}, s.View(), &st, u, v, [2]float32{dx, 0}, [2]float32{0, tc.dvdy / 64}); vk == got && tc.n != 2 {
			t.Errorf("%+v: Vulkan's method gives the same %v", tc, vk)
		}
	}
}

// TestAnisoMethodsIsotropic: a round footprint is one probe for footprint
// assembly (the isotropic sample) and the same for every MaxAnisotropy;
// with MaxAnisotropy 1 both methods are off (the isotropic sample).
func TestAnisoMethodsIsotropic(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter = MipLinear
	d := [2]float32{3.0 / 64, 0}
	e := [2]float32{0, 3.0 / 64}
	iso := sampleD(t, Precision{}, s.View(), &st, 0.3, 0.7, d, e)
	for _, m := range []AnisoMethod{AnisoEWA, AnisoFootprintAssembly} {
		st.Anisotropy, st.MaxAnisotropy = m, 1
		if got := sampleD(t, Precision{}, s.View(), &st, 0.3, 0.7, [2]float32{9.0 / 64, 1.0 / 64}, e); got != sampleD(t, Precision{}, s.View(), &linearStateMip, 0.3, 0.7, [2]float32{9.0 / 64, 1.0 / 64}, e) {
			t.Errorf("%s with max anisotropy 1: %v is not the isotropic sample", m, got)
		}
	}
	st.Anisotropy, st.MaxAnisotropy = AnisoFootprintAssembly, 16
	if got := sampleD(t, Precision{}, s.View(), &st, 0.3, 0.7, d, e); got != iso {
		t.Errorf("footprint assembly, a round footprint: %v, isotropic %v", got, iso)
	}
	st.Anisotropy = AnisoEWA
	a := sampleD(t, Precision{}, s.View(), &st, 0.3, 0.7, d, e)
	st.MaxAnisotropy = 3
	if b := sampleD(t, Precision{}, s.View(), &st, 0.3, 0.7, d, e); a != b {
		t.Errorf("EWA, a round footprint: %v with max anisotropy 16, %v with 3", a, b)
	}
}

var linearStateMip = func() State { st := linearState(); st.MipFilter = MipLinear; return st }()

// TestAnisoMethodsReductionCompareOffsets: min and max are the minimum and
// maximum over the texels the trace lists; a compare filters the 0/1
// results with the traced weights (percentage-closer filtering per texel
// or per probe); an offset moves the footprint by whole texels.
func TestAnisoMethodsReductionCompareOffsets(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 32, Height: 32}, false)
	dep := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 32, Height: 32}, false)
	req := func(op Op) *Request {
		r := &Request{Op: op, Lanes: 1, Coord: [4][]float32{f32s(0.41), f32s(0.37)},
			DDX: [3][]float32{f32s(5.0 / 32), f32s(1.0 / 32)}, DDY: [3][]float32{f32s(-0.5 / 32), f32s(1.2 / 32)}, Ref: f32s(0.5)}
		return r
	}
	for _, m := range []AnisoMethod{AnisoEWA, AnisoFootprintAssembly} {
		for _, red := range []Reduction{ReductionMin, ReductionMax} {
			st := linearState()
			st.MipFilter, st.MaxAnisotropy, st.Anisotropy, st.Reduction = MipLinear, 8, m, red
			res, tr := traced(t, s.View(), &st, req(OpSampleD))
			var want [4]float32
			for k, e := range tr.Lane(0) {
				if e.Weight == 0 {
					continue
				}
				v := modelTexel(s, &st, int(e.Level), 0, int(e.X), int(e.Y))
				for c := range want {
					f := float32(v[c])
					if k == 0 || red == ReductionMin && f < want[c] || red == ReductionMax && f > want[c] {
						want[c] = f
					}
				}
			}
			if got := res.Vec(0); got != want {
				t.Errorf("%s %s: %v, over the traced texels %v", m, red, got, want)
			}
		}
		st := linearState()
		st.MipFilter, st.MaxAnisotropy, st.Anisotropy, st.Compare = MipLinear, 8, m, CompareLess
		res, tr := traced(t, dep.View(), &st, req(OpSampleDC))
		var want float64
		for _, e := range tr.Lane(0) {
			d := math.Float32frombits(binary.LittleEndian.Uint32(dep.Data[e.Offset:]))
			if 0.5 < d {
				want += e.Weight
			}
		}
		if got := float64(res.Float(0, 0)); math.Abs(got-want) > 1e-6 || got == 0 || got == 1 {
			t.Errorf("%s compare: %v, traced %v", m, got, want)
		}
		st = linearState()
		st.MipFilter, st.MaxAnisotropy, st.Anisotropy = MipNone, 8, m
		r := req(OpSampleD)
		r.Offset = [3][]int32{i32s(3), i32s(-2)}
		moved := run(t, &Engine{}, s.View(), &st, r).Vec(0)
		r = req(OpSampleD)
		r.Coord = [4][]float32{f32s(0.41 + 3.0/32), f32s(0.37 - 2.0/32)}
		if want := run(t, &Engine{}, s.View(), &st, r).Vec(0); !vecNear(moved, want, 1e-6) {
			t.Errorf("%s offset (3, −2): %v, moved coordinates %v", m, moved, want)
		}
	}
}

// TestAnisoMethodsHardwarePrecision: in hardware precision EWA's centre is
// rounded to SubtexelBits (coordinates within one step read the same) and
// λ to LodBits.
func TestAnisoMethodsHardwarePrecision(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter, st.MaxAnisotropy, st.Anisotropy = MipLinear, 8, AnisoEWA
	hw := Precision{Mode: Hardware, SubtexelBits: 4, LodBits: 2}
	dx, dy := [2]float32{5.0 / 64, 1.0 / 64}, [2]float32{-0.5 / 64, 1.7 / 64}
	u := float32(20.5) / 64 // on the 1/16 grid at level 0 and 1
	a := sampleD(t, hw, s.View(), &st, u, 0.5, dx, dy)
	b := sampleD(t, hw, s.View(), &st, u+0.01/64, 0.5, dx, dy)
	if a != b {
		t.Errorf("hardware precision: %v and %v differ within a subtexel step", a, b)
	}
	if sampleD(t, Precision{}, s.View(), &st, u, 0.5, dx, dy) == sampleD(t, Precision{}, s.View(), &st, u+0.01/64, 0.5, dx, dy) {
		t.Error("exact precision: the two centres read the same")
	}
	us, vs := quad(0.5, 0.5, dx[0], dx[1], dy[0], dy[1])
	for _, m := range []AnisoMethod{AnisoEWA, AnisoFootprintAssembly} {
		st.Anisotropy = m
		res := run(t, &Engine{Precision: hw}, s.View(), &st, &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{us, vs}})
		if l := res.Float(1, 0); l*4 != float32(math.Round(float64(l*4))) {
			t.Errorf("%s hardware λ' %v is not on the quarter grid", m, l)
		}
	}
}

// TestAnisoMethodErrors: the new methods on views other than 2D and 2D
// array (and, for footprint assembly, cube) are a request error naming
// sampler.anisotropy when anisotropy is on; with MaxAnisotropy 1, and for
// gathers, they do not apply.
func TestAnisoMethodErrors(t *testing.T) {
	cube := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8, Layers: 6}, false)
	vol := newSurface(t, surface.Desc{Kind: surface.Kind3D, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8, Depth: 8}, false)
	for _, s := range []*surface.Surface{cube, vol} {
		for _, m := range []AnisoMethod{AnisoEWA, AnisoFootprintAssembly} {
			st := linearState()
			st.Anisotropy, st.MaxAnisotropy = m, 4
			req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5), f32s(0.5)}, Lod: f32s(0)}
			err := (&Engine{}).Execute(s.View(), &st, req, new(Result))
			if m == AnisoFootprintAssembly && s == cube {
				if err != nil {
					t.Errorf("%s on %s: %v", m, s.Kind, err)
				}
			} else if err == nil || !strings.Contains(err.Error(), "sampler.anisotropy: "+m.String()) {
				t.Errorf("%s on %s: error %v", m, s.Kind, err)
			}
			st.MaxAnisotropy = 1
			if err := (&Engine{}).Execute(s.View(), &st, req, new(Result)); err != nil {
				t.Errorf("%s on %s with max anisotropy 1: %v", m, s.Kind, err)
			}
		}
	}
	st := DefaultState()
	st.Anisotropy = 3
	if err := st.Validate(); err == nil || !strings.Contains(err.Error(), "sampler.anisotropy") {
		t.Errorf("anisotropy 3: %v", err)
	}
	for _, n := range []string{"vulkan", "ewa", "footprint_assembly"} {
		if m, err := ParseAnisoMethod(n); err != nil || m.String() != n {
			t.Errorf("ParseAnisoMethod(%q) = %v, %v", n, m, err)
		}
	}
}

// TestAnisoMethodsDeclineLaneLoop: a request the lane loop takes with
// Vulkan's method takes the reference pipeline with the others, and the
// two roads (specialised path on and off) agree bit for bit.
func TestAnisoMethodsDeclineLaneLoop(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 32, Height: 32}, false)
	rng := rand.New(rand.NewPCG(5, 6))
	const lanes = 64
	req := &Request{Op: OpSampleD, Lanes: lanes}
	for c := range 2 {
		req.Coord[c] = make([]float32, lanes)
		req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
		for i := range lanes {
			req.Coord[c][i] = rng.Float32()*1.2 - 0.1
			req.DDX[c][i], req.DDY[c][i] = (rng.Float32()-0.5)/4, (rng.Float32()-0.5)/16
		}
	}
	for _, m := range []AnisoMethod{AnisoVulkan, AnisoEWA, AnisoFootprintAssembly} {
		for _, p := range []Precision{{}, {Mode: Hardware, SubtexelBits: 8, LodBits: 8}} {
			st := linearState()
			st.MipFilter, st.MaxAnisotropy, st.Anisotropy = MipLinear, 16, m
			var x exec
			if err := x.setup(p, s.View(), &st, req); err != nil {
				t.Fatal(err)
			}
			if took := x.fast.lanes != laneNone; took != (m == AnisoVulkan) {
				t.Errorf("%s: lane loop %v", m, took)
			}
			fast, ref := bothPathsIn(t, p, s.View(), &st, req)
			for i := range lanes {
				for c := range 4 {
					if fast.Bits[c][i] != ref.Bits[c][i] {
						t.Fatalf("%s %v lane %d channel %d: %08x, reference %08x", m, p.Mode, i, c, fast.Bits[c][i], ref.Bits[c][i])
					}
				}
			}
		}
	}
}

// TestFootprintAssemblyCube: on a cube face the probes lie along the face
// derivative of the major axis, each the isotropic sample at its
// direction: for derivatives along z and y at face +X (ma = 1), probe k's
// direction is (1, y, z + t_k·dz), t_k = (2k − 1)/(2N) − ½.
func TestFootprintAssemblyCube(t *testing.T) {
	for _, kind := range []surface.Kind{surface.KindCube, surface.KindCubeArray} {
		layers := 6
		if kind == surface.KindCubeArray {
			layers = 12
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: format.R32G32B32A32Sfloat, Width: 64, Height: 64, Layers: layers}, false)
		st := linearState()
		st.MipFilter, st.MaxAnisotropy, st.Anisotropy = MipLinear, 16, AnisoFootprintAssembly
		y, z, dz, dy := float32(0.1), float32(-0.2), float32(12.0/32), float32(3.0/32) // 12 × 3 texels: η = 4, λ = log2(3)
		req := &Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{f32s(1), f32s(y), f32s(z), f32s(1)},
			DDX: [3][]float32{f32s(0), f32s(0), f32s(dz)}, DDY: [3][]float32{f32s(0), f32s(dy), f32s(0)}}
		got := run(t, &Engine{}, s.View(), &st, req).Vec(0)
		iso := linearState()
		iso.MipFilter = MipLinear
		var want [4]float32
		const n = 4
		for k := 1; k <= n; k++ {
			tk := float32(2*k-1)/float32(2*n) - 0.5
			p := run(t, &Engine{}, s.View(), &iso, &Request{Op: OpSampleL, Lanes: 1,
				Coord: [4][]float32{f32s(1), f32s(y), f32s(z + tk*dz), f32s(1)}, Lod: f32s(float32(math.Log2(3)))}).Vec(0)
			for c := range want {
				want[c] += p[c] / n
			}
		}
		if !vecNear(got, want, 2e-6) {
			t.Errorf("%s: %v, want the probe average %v", kind, got, want)
		}
		st.Anisotropy = AnisoVulkan
		if vk := run(t, &Engine{}, s.View(), &st, req).Vec(0); vk == got {
			t.Errorf("%s: Vulkan's method gives the same %v", kind, vk)
		}
	}
}

// TestEWAHugeFiniteEllipse: derivatives whose ellipse is finite but whose
// major-axis eigenvector (d + h, Q) has squares beyond float32's range —
// a line of 4.9e9 or 6e9 texels on a texture without mips, where the
// footprint is held at the base level — filter the same ellipse as any
// other line too long for the bounded footprint (s1 = 16·s2 along u): the
// result equals that of a 1e6-texel line, under every reduction, and is
// never the NaN of an empty footprint (or a min/max of no texels).
func TestEWAHugeFiniteEllipse(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 8, Levels: 1}, false)
	for _, red := range []Reduction{ReductionWeightedAverage, ReductionMin, ReductionMax} {
		st := linearState()
		st.MaxAnisotropy, st.Anisotropy, st.Reduction = 16, AnisoEWA, red
		for _, uv := range [][2]float32{{0.3, 0.55}, {0.71, 0.2}} {
			ref := sampleD(t, Precision{}, s.View(), &st, uv[0], uv[1], [2]float32{1e6 / 8, 0}, [2]float32{0, 1.0 / 8})
			for _, ux := range []float32{4.9e9, 6e9} {
				for _, sign := range []float32{1, -1} {
					dx := [2]float32{sign * ux / 8, 0}
					if e, ok := ellipseOf([3]float32{dx[0], dx[1]}, [3]float32{0, 1.0 / 8}, 8, 8); !ok {
						t.Fatalf("%v: the ellipse is not finite", ux)
					} else if e.c*e.c+e.s*e.s < 0.99 {
						t.Errorf("%v: the major axis' direction (%v, %v) is not a unit vector", ux, e.c, e.s)
					}
					got := sampleD(t, Precision{}, s.View(), &st, uv[0], uv[1], dx, [2]float32{0, 1.0 / 8})
					if got != ref {
						t.Errorf("%v at %v, a line of %v texels: %v, a line of 1e6 texels %v", red, uv, sign*ux, got, ref)
					}
				}
			}
		}
	}
}
