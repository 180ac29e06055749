package sampler

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestMinLodOperand checks the per-lane MinLod operand: λ is clamped below
// by max(sampler MinLod, MinLod[lane]), the lower bound wins over MaxLod,
// NaN is ignored, and the LOD query reports the clamped LOD.
func TestMinLodOperand(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter = MipLinear
	st.MinLod, st.MaxLod = 0.5, 4
	eng := &Engine{}
	u, v := f32s(0.3), f32s(0.7)
	at := func(lod float32) [4]float32 {
		return run(t, eng, s.View(), &st, &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{u, v}, Lod: f32s(lod)}).Vec(0)
	}
	nan := float32(math.NaN())
	for _, c := range []struct {
		lod, minLod, want float32
	}{
		{0.2, 1.5, 1.5},   // the operand raises λ
		{2.25, 1.5, 2.25}, // above the clamp: unchanged
		{0.2, 0.25, 0.5},  // the sampler's MinLod is larger
		{0.2, 5, 5},       // above MaxLod: the lower bound wins
		{0.2, nan, 0.5},   // NaN: no operand
		{3.0, -2, 3.0},
	} {
		req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{u, v}, Lod: f32s(c.lod), MinLod: f32s(c.minLod)}
		got := run(t, eng, s.View(), &st, req).Vec(0)
		stHi := st
		stHi.MaxLod = max(st.MaxLod, c.want)
		want := run(t, eng, s.View(), &stHi, &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{u, v}, Lod: f32s(c.want)}).Vec(0)
		if got != want {
			t.Errorf("lod %v MinLod %v: got %v, want the sample at λ = %v: %v", c.lod, c.minLod, got, c.want, want)
		}
		if c.want != max(c.lod, st.MinLod) && got == at(c.lod) {
			t.Errorf("lod %v MinLod %v: the operand had no effect", c.lod, c.minLod)
		}
	}
	// The LOD query reports the clamped LOD in R and λ' in G.
	us, vs := quad(0.3, 0.7, 1.0/64, 0, 0, 1.0/64) // λ' = 0
	req := &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{us, vs}, MinLod: f32s(2, 2, 2, 2)}
	res := run(t, eng, s.View(), &st, req)
	if r, g := res.Float(0, 0), res.Float(1, 0); r != 2 || g != 0 {
		t.Errorf("lod query with MinLod 2: (%v, %v), want (2, 0)", r, g)
	}
	// A short MinLod slice fails the request, naming the operand.
	var out Result
	err := eng.Execute(s.View(), &st, &Request{Op: OpSampleL, Lanes: 2, Coord: [4][]float32{f32s(0, 0), f32s(0, 0)}, Lod: f32s(0, 0), MinLod: f32s(1)}, &out)
	if !errors.Is(err, ErrRequest) || !strings.Contains(err.Error(), "min_lod") {
		t.Errorf("short MinLod: %v", err)
	}
}
