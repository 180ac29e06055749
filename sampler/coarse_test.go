package sampler

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestCoarsePixel checks Request.CoarsePixel: an implicit-LOD request with
// coarse fragments of (sx, sy) pixels gives exactly what sample_d gives
// with the quads' differences divided by sx along x and sy along y (for
// sample on a 2D view, isotropic and anisotropic), that the LOD query's
// unclamped LOD drops by log2(s) for s×s, that the bias form runs; 0 and 1
// change nothing; other sizes are request errors.
func TestCoarsePixel(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	s2 := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Levels: 7}, false)
	s2.FillHash(5, 0, 1)
	for _, aniso := range []float32{1, 8} {
		st := linearState()
		st.MipFilter, st.MaxAnisotropy = MipLinear, aniso
		for _, size := range [][2]float32{{2, 2}, {4, 4}, {2, 1}, {1, 4}, {4, 2}} {
			const n = 16
			u, v, bias := make([]float32, n), make([]float32, n), make([]float32, n)
			for i := range u {
				u[i], v[i], bias[i] = r.Float32(), r.Float32(), r.Float32()-0.5
			}
			base := Request{Op: OpSample, Lanes: n, Coord: [4][]float32{u, v}}
			coarse := base
			coarse.CoarsePixel = size
			got := run(t, &Engine{}, s2.View(), &st, &coarse)
			// The same with explicit gradients: the quads' differences scaled.
			dx, dy := [2][]float32{make([]float32, n), make([]float32, n)}, [2][]float32{make([]float32, n), make([]float32, n)}
			for i := 0; i < n; i++ {
				b := i &^ 3
				for a, c := range [2][]float32{u, v} {
					dx[a][i] = (c[b+1] - c[b]) / size[0]
					dy[a][i] = (c[b+2] - c[b]) / size[1]
				}
			}
			grad := Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{u, v}, DDX: [3][]float32{dx[0], dx[1]}, DDY: [3][]float32{dy[0], dy[1]}}
			want := run(t, &Engine{}, s2.View(), &st, &grad)
			for i := 0; i < n; i++ {
				if got.Vec(i) != want.Vec(i) {
					t.Errorf("aniso %v, size %v, lane %d: %v, sample_d with scaled differences %v", aniso, size, i, got.Vec(i), want.Vec(i))
				}
			}
			// The LOD query: the unclamped LOD drops by exactly log2(s) for
			// a square power-of-two size when the differences are exact.
			if size[0] == size[1] && aniso == 1 {
				q := []float32{0.125, 0.125 + 0.0625, 0.125, 0.125 + 0.0625}
				p := []float32{0.25, 0.25, 0.25 + 0.0625, 0.25 + 0.0625}
				lod := func(cp [2]float32) float32 {
					return run(t, &Engine{}, s2.View(), &st, &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{q, p}, CoarsePixel: cp}).Vec(0)[1]
				}
				if a, b := lod([2]float32{}), lod(size); a-b != float32(math.Log2(float64(size[0]))) {
					t.Errorf("size %v: LOD %v → %v, want a drop of log2 %v", size, a, b, size[0])
				}
			}
			// The bias form adds its bias to the compensated λ.
			bc := coarse
			bc.Op, bc.Bias = OpSampleB, bias
			if res := run(t, &Engine{}, s2.View(), &st, &bc); res.LaneErr != nil {
				t.Errorf("sample_b with coarse pixels: %v", res.LaneErr)
			}
		}
		// 0 and 1 are one pixel: the lane loop and the reference agree.
		for _, cp := range [][2]float32{{}, {1, 1}, {0, 1}} {
			u, v := make([]float32, 8), make([]float32, 8)
			for i := range u {
				u[i], v[i] = r.Float32(), r.Float32()
			}
			a := run(t, &Engine{}, s2.View(), &st, &Request{Op: OpSample, Lanes: 8, Coord: [4][]float32{u, v}, CoarsePixel: cp})
			b := run(t, &Engine{}, s2.View(), &st, &Request{Op: OpSample, Lanes: 8, Coord: [4][]float32{u, v}})
			for i := 0; i < 8; i++ {
				if a.Vec(i) != b.Vec(i) {
					t.Errorf("CoarsePixel %v changed lane %d", cp, i)
				}
			}
		}
	}
	st := linearState()
	for _, cp := range [][2]float32{{0.5, 1}, {1, float32(math.NaN())}, {float32(math.Inf(1)), 1}, {-2, 2}} {
		err := (&Engine{}).Execute(s2.View(), &st, &Request{Op: OpSample, Lanes: 4, Coord: [4][]float32{make([]float32, 4), make([]float32, 4)}, CoarsePixel: cp}, &Result{})
		if err == nil || !strings.Contains(err.Error(), "coarse_pixel[") {
			t.Errorf("CoarsePixel %v: %v", cp, err)
		}
	}
}
