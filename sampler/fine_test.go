package sampler

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestFineDerivatives: with fine derivatives an implicit-LOD request gives
// what sample_d gives with each lane's own row and column differences
// (lanes 1 and 3, at the quad's right edge, take their row's; lanes 2 and
// 3, at its bottom, their column's), on 2D and cube views, and coarse
// derivatives the quad's first row and column; an invalid mode is a
// request error.
func TestFineDerivatives(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	for _, kind := range []surface.Kind{surface.Kind2D, surface.KindCube} {
		s := newSurface(t, surface.Desc{Kind: kind, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
		st := linearState()
		st.MipFilter = MipLinear
		dims := 2
		if kind == surface.KindCube {
			dims = 3
		}
		const n = 32
		var c [3][]float32
		for k := range dims {
			c[k] = make([]float32, n)
			for i := range c[k] {
				c[k][i] = rng.Float32()
				if kind == surface.KindCube {
					c[k][i] = 2*c[k][i] - 1
				}
			}
		}
		if kind == surface.KindCube {
			for i := range n { // keep the quads on the +x face
				c[0][i] = 1
			}
		}
		for _, mode := range []Derivatives{DerivativesCoarse, DerivativesFine} {
			for _, op := range []Op{OpSample, OpLod} {
				implicit := &Request{Op: op, Lanes: n, Coord: [4][]float32{c[0], c[1], c[2]}, Derivatives: mode}
				got := run(t, &Engine{}, s.View(), &st, implicit)
				grad := &Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{c[0], c[1], c[2]}}
				for k := range dims {
					grad.DDX[k], grad.DDY[k] = make([]float32, n), make([]float32, n)
					for i := range n {
						b := i &^ 3
						bx, by := b, b
						if mode == DerivativesFine {
							bx, by = b+i&2, b+i&1
						}
						grad.DDX[k][i] = c[k][bx+1] - c[k][bx]
						grad.DDY[k][i] = c[k][by+2] - c[k][by]
					}
				}
				if op == OpLod {
					continue // the LOD query has no gradient form; it ran
				}
				want := run(t, &Engine{}, s.View(), &st, grad)
				for i := range n {
					if got.Vec(i) != want.Vec(i) {
						t.Fatalf("%v %v lane %d: %v, sample_d with its differences %v", kind, mode, i, got.Vec(i), want.Vec(i))
					}
				}
			}
		}
		// Fine and coarse differ where a quad is not affine.
		fine := run(t, &Engine{}, s.View(), &st, &Request{Op: OpLod, Lanes: n, Coord: [4][]float32{c[0], c[1], c[2]}, Derivatives: DerivativesFine})
		coarse := run(t, &Engine{}, s.View(), &st, &Request{Op: OpLod, Lanes: n, Coord: [4][]float32{c[0], c[1], c[2]}})
		differ := false
		for i := range n {
			if i%4 == 0 && fine.Vec(i) != coarse.Vec(i) {
				t.Errorf("%v lane %d: fine and coarse differ at the quad's first lane", kind, i)
			}
			differ = differ || fine.Vec(i) != coarse.Vec(i)
		}
		if !differ {
			t.Errorf("%v: fine derivatives changed nothing", kind)
		}
	}
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 4, Height: 4}, false)
	st := linearState()
	err := (&Engine{}).Execute(s.View(), &st, &Request{Op: OpSample, Lanes: 4, Coord: [4][]float32{make([]float32, 4), make([]float32, 4)}, Derivatives: 2}, &Result{})
	if err == nil || !strings.Contains(err.Error(), "derivatives: Derivatives(2) is not coarse or fine") {
		t.Errorf("mode 2: %v", err)
	}
}
