package sampler

import (
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestOpEquivalences ties every operation form to a simpler one it must
// equal: implicit, biased, gradient and zero LODs to the explicit LOD they
// produce, and the programmable-offset gathers to the constant-offset ones.
func TestOpEquivalences(t *testing.T) {
	depth := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 32, Height: 32}, false)
	color := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 32, Height: 32}, false)
	st := linearState()
	st.MipFilter = MipLinear
	stC := st
	stC.Compare = CompareLessOrEqual
	stG := DefaultState() // gathers: nearest level of λ
	stGC := stG
	stGC.Compare = CompareGreater

	u, v := float32(0.37), float32(0.61)
	// One quad whose coarse derivatives give ρ = 2 (λ = 1) on the 32×32 base level.
	us, vs := quad(u, v, 2.0/32, 0, 0, 2.0/32)
	four := func(x float32) []float32 { return f32s(x, x, x, x) }
	ref := four(0.5)
	ch := []uint8{1, 1, 1, 1}
	offX, offY := []int32{5, 5, 5, 5}, []int32{-3, -3, -3, -3}

	type form struct {
		name string
		s    *surface.Surface
		st   State
		req  Request
	}
	tests := []struct{ got, want form }{
		{form{"sample", color, st, Request{Op: OpSample, Coord: [4][]float32{us, vs}}},
			form{"sample_l", color, st, Request{Op: OpSampleL, Coord: [4][]float32{us, vs}, Lod: four(1)}}},
		{form{"sample_b", color, st, Request{Op: OpSampleB, Coord: [4][]float32{us, vs}, Bias: four(0.75)}},
			form{"sample_l", color, st, Request{Op: OpSampleL, Coord: [4][]float32{us, vs}, Lod: four(1.75)}}},
		{form{"sample_d", color, st, Request{Op: OpSampleD, Coord: [4][]float32{us, vs},
			DDX: [3][]float32{four(2.0 / 32), four(0)}, DDY: [3][]float32{four(0), four(2.0 / 32)}}},
			form{"sample_l", color, st, Request{Op: OpSampleL, Coord: [4][]float32{us, vs}, Lod: four(1)}}},
		{form{"sample_lz", color, st, Request{Op: OpSampleLZ, Coord: [4][]float32{us, vs}}},
			form{"sample_l", color, st, Request{Op: OpSampleL, Coord: [4][]float32{us, vs}, Lod: four(0)}}},
		{form{"sample_c", depth, stC, Request{Op: OpSampleC, Coord: [4][]float32{us, vs}, Ref: ref}},
			form{"sample_l_c", depth, stC, Request{Op: OpSampleLC, Coord: [4][]float32{us, vs}, Lod: four(1), Ref: ref}}},
		{form{"sample_b_c", depth, stC, Request{Op: OpSampleBC, Coord: [4][]float32{us, vs}, Bias: four(-0.5), Ref: ref}},
			form{"sample_l_c", depth, stC, Request{Op: OpSampleLC, Coord: [4][]float32{us, vs}, Lod: four(0.5), Ref: ref}}},
		{form{"sample_d_c", depth, stC, Request{Op: OpSampleDC, Coord: [4][]float32{us, vs}, Ref: ref,
			DDX: [3][]float32{four(2.0 / 32), four(0)}, DDY: [3][]float32{four(0), four(2.0 / 32)}}},
			form{"sample_l_c", depth, stC, Request{Op: OpSampleLC, Coord: [4][]float32{us, vs}, Lod: four(1), Ref: ref}}},
		{form{"sample_c_lz", depth, stC, Request{Op: OpSampleCLZ, Coord: [4][]float32{us, vs}, Ref: ref}},
			form{"sample_l_c", depth, stC, Request{Op: OpSampleLC, Coord: [4][]float32{us, vs}, Lod: four(0), Ref: ref}}},
		{form{"gather4_i", color, stG, Request{Op: OpGather4I, Coord: [4][]float32{us, vs}, Channel: ch}},
			form{"gather4_l", color, stG, Request{Op: OpGather4L, Coord: [4][]float32{us, vs}, Lod: four(1), Channel: ch}}},
		{form{"gather4_i_c", depth, stGC, Request{Op: OpGather4IC, Coord: [4][]float32{us, vs}, Ref: ref}},
			form{"gather4_c at level 1", depth, stGC, Request{Op: OpGather4POLC, Coord: [4][]float32{us, vs}, Lod: four(1), Ref: ref}}},
		{form{"gather4_po", color, stG, Request{Op: OpGather4PO, Coord: [4][]float32{us, vs}, Channel: ch, Offset: [3][]int32{offX, offY}}},
			form{"gather4", color, stG, Request{Op: OpGather4, Coord: [4][]float32{us, vs}, Channel: ch, Offset: [3][]int32{offX, offY}}}},
		{form{"gather4_po_c", depth, stGC, Request{Op: OpGather4POC, Coord: [4][]float32{us, vs}, Ref: ref, Offset: [3][]int32{offX, offY}}},
			form{"gather4_c", depth, stGC, Request{Op: OpGather4C, Coord: [4][]float32{us, vs}, Ref: ref, Offset: [3][]int32{offX, offY}}}},
		{form{"gather4_po_l", color, stG, Request{Op: OpGather4POL, Coord: [4][]float32{us, vs}, Lod: four(1), Channel: ch, Offset: [3][]int32{offX, offY}}},
			form{"gather4_l", color, stG, Request{Op: OpGather4L, Coord: [4][]float32{us, vs}, Lod: four(1), Channel: ch, Offset: [3][]int32{offX, offY}}}},
		{form{"gather4_po_b", color, stG, Request{Op: OpGather4POB, Coord: [4][]float32{us, vs}, Bias: four(1), Channel: ch, Offset: [3][]int32{offX, offY}}},
			form{"gather4_b", color, stG, Request{Op: OpGather4B, Coord: [4][]float32{us, vs}, Bias: four(1), Channel: ch, Offset: [3][]int32{offX, offY}}}},
		{form{"gather4_b", color, stG, Request{Op: OpGather4B, Coord: [4][]float32{us, vs}, Bias: four(1), Channel: ch}},
			form{"gather4_l", color, stG, Request{Op: OpGather4L, Coord: [4][]float32{us, vs}, Lod: four(2), Channel: ch}}},
		{form{"gather4_po_i", color, stG, Request{Op: OpGather4POI, Coord: [4][]float32{us, vs}, Channel: ch, Offset: [3][]int32{offX, offY}}},
			form{"gather4_po_l", color, stG, Request{Op: OpGather4POL, Coord: [4][]float32{us, vs}, Lod: four(1), Channel: ch, Offset: [3][]int32{offX, offY}}}},
		{form{"gather4_po_i_c", depth, stGC, Request{Op: OpGather4POIC, Coord: [4][]float32{us, vs}, Ref: ref, Offset: [3][]int32{offX, offY}}},
			form{"gather4_po_l_c", depth, stGC, Request{Op: OpGather4POLC, Coord: [4][]float32{us, vs}, Lod: four(1), Ref: ref, Offset: [3][]int32{offX, offY}}}},
	}
	for _, tc := range tests {
		tc.got.req.Lanes, tc.want.req.Lanes = 4, 4
		g := run(t, &Engine{}, tc.got.s.View(), &tc.got.st, &tc.got.req)
		w := run(t, &Engine{}, tc.want.s.View(), &tc.want.st, &tc.want.req)
		for i := 0; i < 4; i++ {
			if g.Vec(i) != w.Vec(i) {
				t.Errorf("%s lane %d = %v, want %s's %v", tc.got.name, i, g.Vec(i), tc.want.name, w.Vec(i))
			}
		}
	}
	// The level-1 gathers really read level 1 (not the base level).
	a := run(t, &Engine{}, color.View(), &stG, &Request{Op: OpGather4L, Lanes: 1, Coord: [4][]float32{us[:1], vs[:1]}, Lod: f32s(1), Channel: ch[:1]})
	b := run(t, &Engine{}, color.View(), &stG, &Request{Op: OpGather4, Lanes: 1, Coord: [4][]float32{us[:1], vs[:1]}, Channel: ch[:1]})
	if a.Vec(0) == b.Vec(0) {
		t.Errorf("gather4_l at λ = 1 equals the base-level gather4: %v", a.Vec(0))
	}
}
