package sampler

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestCompareColor: with State.CompareColor the compare operations read
// r32_sfloat and r16_unorm colour surfaces exactly as they read d32_sfloat
// and d16_unorm surfaces holding the same bytes (the reference clamped for
// UNORM), on the lane loop and the reference path alike; without it, and
// on other colour formats, they are request errors naming the format.
func TestCompareColor(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	for _, pair := range [][2]format.Format{{format.R32Sfloat, format.D32Sfloat}, {format.R16Unorm, format.D16Unorm}} {
		colour := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: pair[0], Width: 16, Height: 16}, false)
		depth := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: pair[1], Width: 16, Height: 16}, false)
		colour.FillHash(9, -0.5, 1.5)
		copy(depth.Data, colour.Data)
		for _, op := range []Op{OpSampleLC, OpSampleCLZ, OpGather4C, OpSampleDC} {
			st := linearState()
			st.MipFilter = MipLinear
			st.Compare = CompareOp(1 + rng.IntN(8))
			st.CompareColor = true
			const lanes = 32
			req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes)},
				Lod: make([]float32, lanes), Ref: make([]float32, lanes),
				DDX: [3][]float32{make([]float32, lanes), make([]float32, lanes)}, DDY: [3][]float32{make([]float32, lanes), make([]float32, lanes)}}
			for i := range lanes {
				req.Coord[0][i], req.Coord[1][i] = rng.Float32(), rng.Float32()
				req.Lod[i], req.Ref[i] = 3*rng.Float32(), 1.6*rng.Float32()-0.3
				req.DDX[0][i], req.DDY[1][i] = 0.1*rng.Float32(), 0.1*rng.Float32()
			}
			got := run(t, &Engine{}, colour.View(), &st, req)
			want := run(t, &Engine{}, depth.View(), &st, req)
			for i := range lanes {
				if got.Vec(i) != want.Vec(i) {
					t.Fatalf("%v %s lane %d: %v, %v gives %v", pair[0], op, i, got.Vec(i), pair[1], want.Vec(i))
				}
			}
			fastDisabled = true
			ref := run(t, &Engine{}, colour.View(), &st, req)
			fastDisabled = false
			for i := range lanes {
				if ref.Vec(i) != got.Vec(i) {
					t.Fatalf("%v %s lane %d: the reference path %v, the fast one %v", pair[0], op, i, ref.Vec(i), got.Vec(i))
				}
			}
			st.CompareColor = false
			if err := (&Engine{}).Execute(colour.View(), &st, req, &Result{}); err == nil || !strings.Contains(err.Error(), "needs a depth format, not "+pair[0].String()+" (sampler.compare_color allows") {
				t.Errorf("%v %s without CompareColor: %v", pair[0], op, err)
			}
		}
	}
	rgba := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4}, false)
	st := linearState()
	st.Compare, st.CompareColor = CompareLess, true
	err := (&Engine{}).Execute(rgba.View(), &st, &Request{Op: OpSampleCLZ, Lanes: 1, Coord: [4][]float32{{0.5}, {0.5}}, Ref: []float32{0.5}}, &Result{})
	if err == nil || !strings.Contains(err.Error(), "r32_sfloat, r16_sfloat, r16_unorm or r8_unorm, not r8g8b8a8_unorm") {
		t.Errorf("r8g8b8a8_unorm: %v", err)
	}
}
