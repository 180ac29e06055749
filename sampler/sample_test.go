package sampler

import (
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

func TestWrap(t *testing.T) {
	const n = 8
	tests := []struct {
		mode   AddressMode
		i      int32
		want   int32
		border bool
	}{
		{WrapRepeat, 0, 0, false}, {WrapRepeat, 7, 7, false}, {WrapRepeat, 8, 0, false},
		{WrapRepeat, -1, 7, false}, {WrapRepeat, -8, 0, false}, {WrapRepeat, -9, 7, false}, {WrapRepeat, 17, 1, false},
		{WrapMirroredRepeat, 0, 0, false}, {WrapMirroredRepeat, 7, 7, false}, {WrapMirroredRepeat, 8, 7, false},
		{WrapMirroredRepeat, 9, 6, false}, {WrapMirroredRepeat, 15, 0, false}, {WrapMirroredRepeat, 16, 0, false},
		{WrapMirroredRepeat, -1, 0, false}, {WrapMirroredRepeat, -3, 2, false}, {WrapMirroredRepeat, -8, 7, false},
		{WrapMirroredRepeat, -9, 7, false}, {WrapMirroredRepeat, -10, 6, false},
		{WrapClampToEdge, -5, 0, false}, {WrapClampToEdge, 3, 3, false}, {WrapClampToEdge, 8, 7, false}, {WrapClampToEdge, 100, 7, false},
		{WrapClampToBorder, -1, 0, true}, {WrapClampToBorder, 0, 0, false}, {WrapClampToBorder, 7, 7, false}, {WrapClampToBorder, 8, 0, true},
		{WrapMirrorClampToEdge, -1, 0, false}, {WrapMirrorClampToEdge, -3, 2, false}, {WrapMirrorClampToEdge, -20, 7, false},
		{WrapMirrorClampToEdge, 5, 5, false}, {WrapMirrorClampToEdge, 9, 7, false},
	}
	for _, tc := range tests {
		got, border := wrap(tc.i, n, tc.mode)
		if border != tc.border || (!border && got != tc.want) {
			t.Errorf("wrap(%d, %d, %s) = %d, %v; want %d, %v", tc.i, n, tc.mode, got, border, tc.want, tc.border)
		}
	}
}

// TestAddressModes samples texel centres outside [0, 1] with nearest
// filtering on a coordinate texture: R returns the wrapped texel index.
func TestAddressModes(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	tests := []struct {
		mode AddressMode
		x    int
		want float32 // wrapped x, or −1 for the border colour
	}{
		{WrapRepeat, -1, 7}, {WrapRepeat, 9, 1}, {WrapRepeat, -9, 7},
		{WrapMirroredRepeat, -1, 0}, {WrapMirroredRepeat, -3, 2}, {WrapMirroredRepeat, 9, 6}, {WrapMirroredRepeat, 16, 0},
		{WrapClampToEdge, -1, 0}, {WrapClampToEdge, 12, 7},
		{WrapClampToBorder, -1, -1}, {WrapClampToBorder, 8, -1}, {WrapClampToBorder, 7, 7},
		{WrapMirrorClampToEdge, -1, 0}, {WrapMirrorClampToEdge, -3, 2}, {WrapMirrorClampToEdge, 9, 7},
	}
	for _, tc := range tests {
		st := DefaultState()
		st.Address = [3]AddressMode{tc.mode, WrapClampToEdge, WrapClampToEdge}
		st.Border = BorderCustom
		st.BorderColor = [4]float64{-1, -2, -3, -4}
		u := (float32(tc.x) + 0.5) / 8
		got := one(t, s.View(), st, OpSampleL, func(r *Request) {
			r.Coord = [4][]float32{f32s(u), f32s(3.5 / 8)}
			r.Lod = f32s(0)
		})
		if got[0] != tc.want {
			t.Errorf("%s at texel %d: R = %v, want %v (result %v)", tc.mode, tc.x, got[0], tc.want, got)
		}
		if tc.want == -1 && got != [4]float32{-1, -2, -3, -4} {
			t.Errorf("%s border: got %v, want the custom border colour", tc.mode, got)
		}
	}
}

func TestBilinearWeights(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	st := linearState()
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
	tests := []struct {
		u, v   float32 // in texels
		wx, wy float32
	}{
		{2.5, 3.5, 2, 3},     // texel centre
		{2.75, 3.5, 2.25, 3}, // a quarter to the right
		{3.0, 4.0, 2.5, 3.5}, // texel corner: mean of four
		{0.25, 0.25, 0, 0},   // clamped at the edge
		{7.75, 7.9, 7, 7},    // clamped at the far edge
		{5.125, 1.875, 4.625, 1.375},
	}
	for _, tc := range tests {
		got := one(t, s.View(), st, OpSampleL, func(r *Request) {
			r.Coord = [4][]float32{f32s(tc.u / 8), f32s(tc.v / 8)}
			r.Lod = f32s(0)
		})
		if !near(got[0], tc.wx, 1e-6) || !near(got[1], tc.wy, 1e-6) {
			t.Errorf("bilinear at (%v, %v) texels = %v, want (%v, %v)", tc.u, tc.v, got, tc.wx, tc.wy)
		}
	}
}

func TestBilinearRepeatWrapsAcrossEdge(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	st := linearState()
	// At u = 0 the footprint is texels 7 and 0, half each.
	got := one(t, s.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(0), f32s(0.5 / 8)}
		r.Lod = f32s(0)
	})
	if got[0] != 3.5 {
		t.Errorf("repeat across the edge: R = %v, want 3.5", got[0])
	}
	// Negative coordinate: u − ½ = −0.75 texel → texels −1 (= 7) with weight
	// 1 − α = 0.75 and 0 with α = 0.25.
	got = one(t, s.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(-0.25 / 8), f32s(0.5 / 8)}
		r.Lod = f32s(0)
	})
	if !near(got[0], 0.75*7, 1e-6) {
		t.Errorf("repeat of a negative coordinate: R = %v, want %v", got[0], 0.75*7)
	}
}

// levelOf reads the level from a coordinate texture's alpha (16·level).
func levelOf(v [4]float32) float32 { return v[3] / 16 }

func TestMipSelection(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 16, 16, 1, 0) // 5 levels
	tests := []struct {
		mip  MipFilter
		lod  float32
		want float32 // level (fractional for linear)
	}{
		{MipNone, 3, 0},
		{MipNearest, 0, 0}, {MipNearest, 0.49, 0}, {MipNearest, 0.5, 0}, {MipNearest, 0.51, 1},
		{MipNearest, 1.5, 1}, {MipNearest, 2.5, 2}, {MipNearest, 3.7, 4}, {MipNearest, 9, 4}, {MipNearest, -2, 0},
		{MipLinear, 0.25, 0.25}, {MipLinear, 1.75, 1.75}, {MipLinear, 4, 4}, {MipLinear, 7, 4}, {MipLinear, -1, 0},
	}
	for _, tc := range tests {
		st := DefaultState()
		st.MipFilter = tc.mip
		got := one(t, s.View(), st, OpSampleL, func(r *Request) {
			r.Coord = [4][]float32{f32s(0.5), f32s(0.5)}
			r.Lod = f32s(tc.lod)
		})
		if !near(levelOf(got), tc.want, 1e-6) {
			t.Errorf("%s mip at lod %v: level %v, want %v", tc.mip, tc.lod, levelOf(got), tc.want)
		}
	}
}

func TestLodBiasAndClamp(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 64, 64, 1, 0) // 7 levels
	tests := []struct {
		name             string
		samplerBias      float32
		minLod, maxLod   float32
		op               Op
		lod, bias        float32
		wantLvl, wantRaw float32 // level sampled (nearest) and λ' reported by the lod query
	}{
		{"explicit", 0, 0, 1000, OpSampleL, 2, 0, 2, 2},
		{"sampler bias applies to explicit lod", 1, 0, 1000, OpSampleL, 2, 0, 3, 3},
		{"negative sampler bias", -1.5, 0, 1000, OpSampleL, 3, 0, 1, 1.5},
		{"max lod clamps", 0, 0, 2.2, OpSampleL, 5, 0, 2, 5},
		{"min lod clamps", 0, 3, 1000, OpSampleL, 1, 0, 3, 1},
		{"lz", 0, 0, 1000, OpSampleLZ, 0, 0, 0, 0},
		{"lz with min lod", 0, 2, 1000, OpSampleLZ, 0, 0, 2, 0},
	}
	for _, tc := range tests {
		st := DefaultState()
		st.LodBias, st.MinLod, st.MaxLod = tc.samplerBias, tc.minLod, tc.maxLod
		got := one(t, s.View(), st, tc.op, func(r *Request) {
			r.Coord = [4][]float32{f32s(0.5), f32s(0.5)}
			r.Lod = f32s(tc.lod)
		})
		if levelOf(got) != tc.wantLvl {
			t.Errorf("%s: level %v, want %v", tc.name, levelOf(got), tc.wantLvl)
		}
	}
}

// quad builds the four lanes of one 2×2 quad at (u, v) with screen-space
// derivatives (dudx, dvdx) and (dudy, dvdy).
func quad(u, v, dudx, dvdx, dudy, dvdy float32) (us, vs []float32) {
	us = []float32{u, u + dudx, u + dudy, u + dudx + dudy}
	vs = []float32{v, v + dvdx, v + dvdy, v + dvdx + dvdy}
	return
}

func TestImplicitLodFromQuads(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 64, 64, 1, 0)
	st := DefaultState()
	st.MipFilter = MipLinear
	// Derivatives of 4 texels per pixel along x, 1 along y: ρ = 4, λ = 2.
	us, vs := quad(0.3, 0.4, 4.0/64, 0, 0, 1.0/64)
	req := &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{us, vs}}
	res := run(t, &Engine{}, s.View(), &st, req)
	for i := 0; i < 4; i++ {
		if got := res.Vec(i); got != [4]float32{2, 2, 0, 0} {
			t.Errorf("lod lane %d = %v, want [2 2 0 0]", i, got)
		}
	}
	// sample_b adds the lane's bias; inactive lanes still feed derivatives.
	req = &Request{Op: OpSampleB, Lanes: 4, Coord: [4][]float32{us, vs}, Bias: f32s(0.5, 0.5, 0.5, 0.5),
		Active: []bool{true, false, false, true}}
	res = run(t, &Engine{}, s.View(), &st, req)
	if got := levelOf(res.Vec(0)); got != 2.5 {
		t.Errorf("sample_b level = %v, want 2.5", got)
	}
	if res.Bits[0][1] != 0 || res.Bits[3][2] != 0 {
		t.Errorf("inactive lanes were written: %v %v", res.Vec(1), res.Vec(2))
	}
	// sample_d with the same gradients gives the same answer.
	reqD := &Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{us[:1], vs[:1]},
		DDX: [3][]float32{f32s(4.0 / 64), f32s(0)}, DDY: [3][]float32{f32s(0), f32s(1.0 / 64)}}
	reqS := &Request{Op: OpSample, Lanes: 4, Coord: [4][]float32{us, vs}}
	d := run(t, &Engine{}, s.View(), &st, reqD).Vec(0)
	q := run(t, &Engine{}, s.View(), &st, reqS).Vec(0)
	if d != q {
		t.Errorf("sample_d %v != sample (quad) %v", d, q)
	}
}

func TestLodQueryClampedAndUnclamped(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 16, 16, 1, 0) // 5 levels, q = 4
	tests := []struct {
		mip          MipFilter
		rho          float32
		maxLod       float32
		wantX, wantY float32
	}{
		{MipLinear, 2, 1000, 1, 1},
		{MipLinear, 0.5, 1000, 0, -1},
		{MipLinear, 64, 1000, 4, 6},
		{MipLinear, 64, 2.5, 2.5, 6},
		{MipNearest, 2.8, 1000, 1, 1.4854268}, // λ = log2(2.8) → nearest level 1
		{MipNone, 8, 1000, 0, 3},
	}
	for _, tc := range tests {
		st := DefaultState()
		st.MipFilter, st.MaxLod = tc.mip, tc.maxLod
		d := tc.rho / 16
		us, vs := quad(0.5, 0.5, d, 0, 0, d)
		res := run(t, &Engine{}, s.View(), &st, &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{us, vs}})
		got := res.Vec(0)
		if !near(got[0], tc.wantX, 1e-5) || !near(got[1], tc.wantY, 1e-5) {
			t.Errorf("lod %s rho %v maxLod %v = %v, want (%v, %v)", tc.mip, tc.rho, tc.maxLod, got, tc.wantX, tc.wantY)
		}
	}
}

func TestMagMinSelection(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 0)
	st := DefaultState()
	st.MagFilter, st.MinFilter = Linear, Nearest
	at := func(lod float32) [4]float32 {
		return one(t, s.View(), st, OpSampleL, func(r *Request) {
			r.Coord = [4][]float32{f32s(3.0 / 8), f32s(3.5 / 8)} // between texels 2 and 3 at level 0
			r.Lod = f32s(lod)
		})
	}
	if got := at(0); got[0] != 2.5 {
		t.Errorf("λ = 0 is magnification (linear): R = %v, want 2.5", got[0])
	}
	if got := at(0.25); got[0] != 3 {
		t.Errorf("λ = 0.25 is minification (nearest) at level 0: R = %v, want 3", got[0])
	}
}

func TestCompareOps(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 4, Height: 4}, true)
	// Texel (1,1): i = 1 + 4·1 = 5, D = 5.5/16.
	d := float32(5.5 / 16)
	tests := []struct {
		op               CompareOp
		below, eq, above float32 // results for ref < D, ref == D, ref > D
	}{
		{CompareNever, 0, 0, 0}, {CompareLess, 1, 0, 0}, {CompareEqual, 0, 1, 0}, {CompareLessOrEqual, 1, 1, 0},
		{CompareGreater, 0, 0, 1}, {CompareNotEqual, 1, 0, 1}, {CompareGreaterOrEqual, 0, 1, 1}, {CompareAlways, 1, 1, 1},
	}
	for _, tc := range tests {
		st := DefaultState()
		st.Compare = tc.op
		for k, ref := range []float32{d - 0.01, d, d + 0.01} {
			want := [3]float32{tc.below, tc.eq, tc.above}[k]
			got := one(t, s.View(), st, OpSampleLC, func(r *Request) {
				r.Coord = [4][]float32{f32s(1.5 / 4), f32s(1.5 / 4)}
				r.Lod, r.Ref = f32s(0), f32s(ref)
			})
			if got != [4]float32{want, 0, 0, 0} {
				t.Errorf("%s ref %v vs %v: %v, want [%v 0 0 0]", tc.op, ref, d, got, want)
			}
		}
	}
}

func TestCompareBeforeFilteringAndUnormRefClamp(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D16Unorm, Width: 4, Height: 4}, true)
	st := linearState()
	st.Compare = CompareLessOrEqual
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
	// Footprint of texels (1,1),(2,1),(1,2),(2,2) with i = 5, 6, 9, 10.
	// ref between texels 6 and 9 passes for 9 and 10 only → 0.5.
	ref := float32(7.5 / 16)
	got := one(t, s.View(), st, OpSampleLC, func(r *Request) {
		r.Coord = [4][]float32{f32s(2.0 / 4), f32s(2.0 / 4)}
		r.Lod, r.Ref = f32s(0), f32s(ref)
	})
	if got[0] != 0.5 {
		t.Errorf("PCF = %v, want 0.5 (compare each texel, then filter)", got[0])
	}
	// A unorm depth format clamps D_ref to [0, 1]: ref 2 → 1, and 1 <= D fails for all D < 1.
	st.Compare = CompareGreaterOrEqual
	got = one(t, s.View(), st, OpSampleLC, func(r *Request) {
		r.Coord = [4][]float32{f32s(2.0 / 4), f32s(2.0 / 4)}
		r.Lod, r.Ref = f32s(0), f32s(-3)
	})
	if got[0] != 0 {
		t.Errorf("ref −3 clamped to 0 with >= on D > 0: %v, want 0", got[0])
	}
}

func TestReductionMinMax(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	for _, tc := range []struct {
		red  Reduction
		u    float32
		want float32
	}{
		{ReductionMin, 3.0, 2}, {ReductionMax, 3.0, 3},
		// At a texel centre α = 0: the second texel has weight 0 and is excluded.
		{ReductionMax, 2.5, 2}, {ReductionMin, 2.5, 2},
		{ReductionWeightedAverage, 3.0, 2.5},
	} {
		st := linearState()
		st.Reduction = tc.red
		got := one(t, s.View(), st, OpSampleL, func(r *Request) {
			r.Coord = [4][]float32{f32s(tc.u / 8), f32s(4.0 / 8)}
			r.Lod = f32s(0)
		})
		if got[0] != tc.want {
			t.Errorf("%s at u = %v texels: R = %v, want %v", tc.red, tc.u, got[0], tc.want)
		}
	}
}

func TestGatherOrderChannelsAndOffsets(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	st := DefaultState()
	st.Address = [3]AddressMode{WrapRepeat, WrapRepeat, WrapRepeat}
	// Footprint at (3, 4) texels: i0 = 2, j0 = 3.
	u, v := float32(3.0/8), float32(4.0/8)
	for ch, want := range [][4]float32{
		{2, 3, 3, 2}, // R: x of (i0,j1), (i1,j1), (i1,j0), (i0,j0)
		{4, 4, 3, 3}, // G: y
		{0, 0, 0, 0}, // B
		{0, 0, 0, 0}, // A: level 0
	} {
		got := one(t, s.View(), st, OpGather4, func(r *Request) {
			r.Coord = [4][]float32{f32s(u), f32s(v)}
			r.Channel = []uint8{uint8(ch)}
		})
		if got != want {
			t.Errorf("gather4 channel %d = %v, want %v", ch, got, want)
		}
	}
	// Constant offsets and programmable offsets (beyond ±8, wrapping).
	got := one(t, s.View(), st, OpGather4, func(r *Request) {
		r.Coord = [4][]float32{f32s(u), f32s(v)}
		r.Offset = [3][]int32{i32s(-8), i32s(7)}
	})
	if want := [4]float32{2, 3, 3, 2}; got[0] != float32(mod(2-8, 8)) || got[1] != float32(mod(3-8, 8)) {
		t.Errorf("gather4 offset (−8, 7): %v (unshifted %v)", got, want)
	}
	got = one(t, s.View(), st, OpGather4PO, func(r *Request) {
		r.Coord = [4][]float32{f32s(u), f32s(v)}
		r.Offset = [3][]int32{i32s(-32), i32s(31)}
		r.Channel = []uint8{1}
	})
	if want := [4]float32{float32(mod(3+31+1, 8)), float32(mod(3+31+1, 8)), float32(mod(3+31, 8)), float32(mod(3+31, 8))}; got != want {
		t.Errorf("gather4_po offsets (−32, 31), G = %v, want %v", got, want)
	}
}

func TestGatherLevels(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 16, 16, 1, 0)
	st := DefaultState()
	st.MipFilter = MipLinear
	get := func(op Op, fill func(r *Request)) float32 {
		req := &Request{Op: op, Lanes: 4, Channel: []uint8{3, 3, 3, 3}}
		req.Coord = [4][]float32{f32s(0.5, 0.5, 0.5, 0.5), f32s(0.5, 0.5, 0.5, 0.5)}
		fill(req)
		return run(t, &Engine{}, s.View(), &st, req).Vec(0)[0] / 16
	}
	if l := get(OpGather4, func(*Request) {}); l != 0 {
		t.Errorf("gather4 reads level %v, want the base level", l)
	}
	if l := get(OpGather4L, func(r *Request) { r.Lod = f32s(1.6, 1.6, 1.6, 1.6) }); l != 2 {
		t.Errorf("gather4_l at 1.6 reads level %v, want 2", l)
	}
	us, vs := quad(0.5, 0.5, 4.0/16, 0, 0, 4.0/16)
	if l := get(OpGather4I, func(r *Request) { r.Coord = [4][]float32{us, vs} }); l != 2 {
		t.Errorf("gather4_i with ρ = 4 reads level %v, want 2", l)
	}
	if l := get(OpGather4B, func(r *Request) { r.Coord = [4][]float32{us, vs}; r.Bias = f32s(-1, -1, -1, -1) }); l != 1 {
		t.Errorf("gather4_b with ρ = 4, bias −1 reads level %v, want 1", l)
	}
}

func TestGatherCompare(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 4, Height: 4}, true)
	st := DefaultState()
	st.Compare = CompareLess
	// Footprint texels (1,1)=5, (2,1)=6, (1,2)=9, (2,2)=10 in i; D = (i+½)/16.
	got := one(t, s.View(), st, OpGather4C, func(r *Request) {
		r.Coord = [4][]float32{f32s(2.0 / 4), f32s(2.0 / 4)}
		r.Ref = f32s(7.0 / 16)
		r.Channel = []uint8{2} // ignored by compare forms
	})
	// R = (i0,j1) = 9, G = (i1,j1) = 10, B = (i1,j0) = 6, A = (i0,j0) = 5; ref < D for 9, 10.
	if want := [4]float32{1, 1, 0, 0}; got != want {
		t.Errorf("gather4_c = %v, want %v", got, want)
	}
}

// TestGatherCompareIgnoresChannel: the compare gather forms ignore the
// Channel operand (Request's contract), so even a value beyond 3 is no lane
// error — on the specialised path and on the reference path — while the
// non-compare forms report it.
func TestGatherCompareIgnoresChannel(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 4, Height: 4}, true)
	st := DefaultState()
	st.Compare = CompareLess
	for _, fast := range []bool{true, false} {
		fastDisabled = !fast
		req := &Request{Op: OpGather4C, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5)}, Ref: f32s(7.0 / 16), Channel: []uint8{9}}
		var res Result
		err := (&Engine{}).Execute(s.View(), &st, req, &res)
		fastDisabled = false
		if err != nil {
			t.Fatal(err)
		}
		if len(res.LaneErr) > 0 && res.LaneErr[0] != nil {
			t.Errorf("fast path %v: gather4_c with channel 9: lane error %v", fast, res.LaneErr[0])
		}
		if want := [4]float32{1, 1, 0, 0}; res.Vec(0) != want {
			t.Errorf("fast path %v: gather4_c = %v, want %v", fast, res.Vec(0), want)
		}
	}
	rgba := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4}, false)
	req := &Request{Op: OpGather4, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5)}, Channel: []uint8{9}}
	var res Result
	if err := (&Engine{}).Execute(rgba.View(), &st, req, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.LaneErr) == 0 || res.LaneErr[0] == nil || !strings.Contains(res.LaneErr[0].Error(), "channel: 9") {
		t.Errorf("gather4 with channel 9: lane errors %v, want a channel error", res.LaneErr)
	}
}

func TestFetch(t *testing.T) {
	s := coordSurface(t, surface.Kind2DArray, 8, 4, 3, 0)
	st := DefaultState()
	tests := []struct {
		texel [3]int32
		level int32
		off   [2]int32
		want  [4]float32
	}{
		{[3]int32{5, 2, 1}, 0, [2]int32{}, [4]float32{5, 2, 1, 0}},
		{[3]int32{1, 0, 2}, 1, [2]int32{}, [4]float32{1, 0, 2, 16}},
		{[3]int32{1, 1, 0}, 0, [2]int32{3, -1}, [4]float32{4, 0, 0, 0}},
		{[3]int32{8, 0, 0}, 0, [2]int32{}, [4]float32{}},     // x out of range
		{[3]int32{-1, 0, 0}, 0, [2]int32{}, [4]float32{}},    // negative
		{[3]int32{0, 0, 3}, 0, [2]int32{}, [4]float32{}},     // layer out of range
		{[3]int32{0, 0, 0}, 4, [2]int32{}, [4]float32{}},     // level out of range
		{[3]int32{0, 0, 0}, -1, [2]int32{}, [4]float32{}},    // negative level
		{[3]int32{3, 0, 0}, 1, [2]int32{1, 0}, [4]float32{}}, // offset leaves the level
	}
	for _, tc := range tests {
		got := one(t, s.View(), st, OpFetch, func(r *Request) {
			r.Texel = [4][]int32{i32s(tc.texel[0]), i32s(tc.texel[1]), i32s(tc.texel[2])}
			r.Level = i32s(tc.level)
			r.Offset = [3][]int32{i32s(tc.off[0]), i32s(tc.off[1])}
		})
		if got != tc.want {
			t.Errorf("fetch %v level %d off %v = %v, want %v", tc.texel, tc.level, tc.off, got, tc.want)
		}
	}
}

func TestFetchMS(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2DMSArray, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4, Layers: 2, Samples: 4}, true)
	for _, tc := range []struct {
		x, y, layer, sample int32
		want                [4]float32
	}{
		{1, 2, 1, 3, [4]float32{1, 2, 1, 3}},
		{0, 0, 0, 0, [4]float32{0, 0, 0, 0}},
		{3, 3, 0, 2, [4]float32{3, 3, 0, 2}},
		{3, 3, 0, 4, [4]float32{}}, // sample out of range
	} {
		got := one(t, s.View(), DefaultState(), OpFetchMS, func(r *Request) {
			r.Texel = [4][]int32{i32s(tc.x), i32s(tc.y), i32s(tc.layer)}
			r.Sample = i32s(tc.sample)
		})
		if got != tc.want {
			t.Errorf("fetch_ms %+v = %v, want %v", tc, got, tc.want)
		}
	}
}

func TestResInfo(t *testing.T) {
	tests := []struct {
		d     surface.Desc
		level int32
		want  [4]uint32
	}{
		{surface.Desc{Kind: surface.Kind1D, Width: 40}, 2, [4]uint32{10, 0, 0, 6}},
		{surface.Desc{Kind: surface.Kind1DArray, Width: 40, Layers: 3}, 1, [4]uint32{20, 3, 0, 6}},
		{surface.Desc{Kind: surface.Kind2D, Width: 40, Height: 10}, 3, [4]uint32{5, 1, 0, 6}},
		{surface.Desc{Kind: surface.Kind2D, Width: 40, Height: 10}, 6, [4]uint32{0, 0, 0, 6}},
		{surface.Desc{Kind: surface.Kind2D, Width: 40, Height: 10}, -1, [4]uint32{0, 0, 0, 6}},
		{surface.Desc{Kind: surface.Kind2DArray, Width: 8, Height: 8, Layers: 5, Levels: 2}, 1, [4]uint32{4, 4, 5, 2}},
		{surface.Desc{Kind: surface.Kind3D, Width: 8, Height: 4, Depth: 16}, 2, [4]uint32{2, 1, 4, 5}},
		{surface.Desc{Kind: surface.KindCube, Width: 8, Height: 8}, 1, [4]uint32{4, 4, 1, 4}},
		{surface.Desc{Kind: surface.KindCubeArray, Width: 8, Height: 8, Layers: 18}, 0, [4]uint32{8, 8, 3, 4}},
		{surface.Desc{Kind: surface.Kind2DMS, Width: 8, Height: 6, Samples: 4}, 0, [4]uint32{8, 6, 0, 1}},
		{surface.Desc{Kind: surface.Kind2DMSArray, Width: 8, Height: 6, Layers: 2, Samples: 2}, 0, [4]uint32{8, 6, 2, 1}},
	}
	for _, tc := range tests {
		tc.d.Format = format.R8G8B8A8Unorm
		s := newSurface(t, tc.d, false)
		st := DefaultState()
		res := run(t, &Engine{}, s.View(), &st, &Request{Op: OpResInfo, Lanes: 1, Level: i32s(tc.level)})
		got := [4]uint32{res.Uint(0, 0), res.Uint(1, 0), res.Uint(2, 0), res.Uint(3, 0)}
		if res.Kind != ValueUint || got != tc.want {
			t.Errorf("resinfo %s %dx%dx%d level %d = %v (%s), want %v", tc.d.Kind, tc.d.Width, tc.d.Height, tc.d.Depth, tc.level, got, res.Kind, tc.want)
		}
	}
}

func TestSampleInfoAndPositions(t *testing.T) {
	for _, n := range []int{1, 2, 4, 8, 16} {
		kind := surface.Kind2DMS
		if n == 1 {
			kind = surface.Kind2D
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: format.R8Unorm, Width: 4, Height: 4, Samples: n}, false)
		st := DefaultState()
		res := run(t, &Engine{}, s.View(), &st, &Request{Op: OpSampleInfo, Lanes: 1})
		if res.Uint(0, 0) != uint32(n) || res.Uint(3, 0) != 0 {
			t.Errorf("sampleinfo %d samples = %v", n, res.Bits)
		}
		// The standard positions are distinct and lie within the pixel.
		lanes := n + 1
		req := &Request{Op: OpSamplePos, Lanes: lanes, Sample: make([]int32, lanes)}
		for i := range req.Sample {
			req.Sample[i] = int32(i)
		}
		res = &Result{}
		if err := (&Engine{}).Execute(s.View(), &st, req, res); err != nil {
			t.Fatal(err)
		}
		if len(res.LaneErr) != lanes || res.LaneErr[n] == nil || !strings.Contains(res.LaneErr[n].Error(), "sample: ") {
			t.Errorf("%d samples: index %d should be a lane error, got %v", n, n, res.LaneErr)
		}
		seen := map[[2]float32]bool{}
		for i := 0; i < n; i++ {
			p := [2]float32{res.Float(0, i), res.Float(1, i)}
			if p[0] < -0.5 || p[0] >= 0.5 || p[1] < -0.5 || p[1] >= 0.5 || seen[p] {
				t.Errorf("%d samples: position %d = %v", n, i, p)
			}
			seen[p] = true
		}
	}
	// Spot values from the Vulkan table.
	for _, tc := range []struct {
		n, s int
		x, y float32
	}{{1, 0, 0, 0}, {2, 0, 0.25, 0.25}, {4, 1, 0.375, -0.125}, {8, 7, 0.4375, -0.4375}, {16, 15, -0.4375, -0.5}} {
		x, y, ok := SamplePosition(tc.n, tc.s)
		if !ok || x != tc.x || y != tc.y {
			t.Errorf("SamplePosition(%d, %d) = %v, %v, %v; want %v, %v", tc.n, tc.s, x, y, ok, tc.x, tc.y)
		}
	}
}

func TestBorderColours(t *testing.T) {
	tests := []struct {
		f      format.Format
		preset BorderPreset
		custom [4]float64
		want   [4]float32
	}{
		{format.R8G8B8A8Unorm, BorderOpaqueWhite, [4]float64{}, [4]float32{1, 1, 1, 1}},
		{format.R8G8B8A8Unorm, BorderOpaqueBlack, [4]float64{}, [4]float32{0, 0, 0, 1}},
		{format.R8G8B8A8Unorm, BorderTransparentBlack, [4]float64{}, [4]float32{0, 0, 0, 0}},
		{format.R8Unorm, BorderOpaqueWhite, [4]float64{}, [4]float32{1, 0, 0, 1}}, // component substitution
		{format.R8G8B8A8Unorm, BorderCustom, [4]float64{2, -1, 0.5, 0.25}, [4]float32{1, 0, 0.5, 0.25}},
		{format.R8G8B8A8Snorm, BorderCustom, [4]float64{2, -3, 0.5, 0.25}, [4]float32{1, -1, 0.5, 0.25}},
		{format.R32G32B32A32Sfloat, BorderCustom, [4]float64{2, -3, 0.5, 7}, [4]float32{2, -3, 0.5, 7}},
	}
	for _, tc := range tests {
		s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: tc.f, Width: 4, Height: 4}, false)
		st := DefaultState()
		st.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
		st.Border, st.BorderColor = tc.preset, tc.custom
		got := one(t, s.View(), st, OpSampleL, func(r *Request) {
			r.Coord = [4][]float32{f32s(-0.5), f32s(0.5)}
			r.Lod = f32s(0)
		})
		if got != tc.want {
			t.Errorf("%s border %s %v = %v, want %v", tc.f, tc.preset, tc.custom, got, tc.want)
		}
	}
}

func TestIntegerFormats(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Sint, Width: 4, Height: 4}, false)
	st := DefaultState()
	res := run(t, &Engine{}, s.View(), &st, &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0.1), f32s(0.1)}, Lod: f32s(0)})
	o := s.TexelOffset(0, 0, 0, 0, 0, 0)
	if res.Kind != ValueSint {
		t.Fatalf("kind = %s, want sint", res.Kind)
	}
	for c := 0; c < 4; c++ {
		if want := int32(int8(s.Data[o+c])); res.Int(c, 0) != want {
			t.Errorf("channel %d = %d, want %d", c, res.Int(c, 0), want)
		}
	}
	st.MagFilter = Linear
	var r Result
	err := (&Engine{}).Execute(s.View(), &st, &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0.1), f32s(0.1)}, Lod: f32s(0)}, &r)
	if err == nil || !strings.Contains(err.Error(), "r8g8b8a8_sint") {
		t.Errorf("linear filtering of an integer format: err = %v", err)
	}
}

func TestSRGBDecodedBeforeFiltering(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind1D, Format: format.R8G8B8A8Srgb, Width: 2}, false)
	copy(s.Data, []byte{0, 0, 0, 0, 255, 255, 255, 255})
	st := linearState()
	st.Address = [3]AddressMode{WrapClampToEdge}
	got := one(t, s.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(0.5)}
		r.Lod = f32s(0)
	})
	// Linear average of 0 and 1 is 0.5 in linear space (alpha is linear).
	if got != [4]float32{0.5, 0.5, 0.5, 0.5} {
		t.Errorf("sRGB midpoint = %v, want 0.5 everywhere", got)
	}
}

func TestKinds1DAnd3DAndArrays(t *testing.T) {
	st := linearState()
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
	s1 := coordSurface(t, surface.Kind1DArray, 8, 1, 4, 1)
	got := one(t, s1.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(3.0 / 8), f32s(2.5)} // RNE(2.5) = 2
		r.Lod = f32s(0)
	})
	if got != [4]float32{2.5, 0, 2, 0} {
		t.Errorf("1d_array = %v, want [2.5 0 2 0]", got)
	}
	got = one(t, s1.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(3.0 / 8), f32s(9)}
		r.Lod = f32s(0)
	})
	if got[2] != 3 {
		t.Errorf("layer 9 clamps to the last layer: B = %v", got[2])
	}
	s3 := coordSurface(t, surface.Kind3D, 4, 4, 4, 1)
	got = one(t, s3.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(1.75 / 4), f32s(2.0 / 4), f32s(2.25 / 4)}
		r.Lod = f32s(0)
	})
	if got != [4]float32{1.25, 1.5, 1.75, 0} {
		t.Errorf("3d trilinear = %v, want [1.25 1.5 1.75 0]", got)
	}
	s2 := coordSurface(t, surface.Kind2DArray, 4, 4, 3, 1)
	got = one(t, s2.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(0.5 / 4), f32s(0.5 / 4), f32s(-0.7)}
		r.Lod = f32s(0)
	})
	if got[2] != 0 {
		t.Errorf("layer −0.7 rounds to −1 and clamps to 0: B = %v", got[2])
	}
}

func TestViews(t *testing.T) {
	s := coordSurface(t, surface.Kind2DArray, 16, 16, 4, 0)
	v, err := surface.NewView(s, 1, 2, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	st := DefaultState()
	got := one(t, v, st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(0.5), f32s(0.5), f32s(5)}
		r.Lod = f32s(9)
	})
	// Level 9 clamps to the view's last level (1 + 1 = 2), layer 5 to 2 + 1 = 3.
	if got[2] != 3 || levelOf(got) != 2 {
		t.Errorf("view sample = %v, want layer 3 at level 2", got)
	}
	res := run(t, &Engine{}, v, &st, &Request{Op: OpResInfo, Lanes: 1, Level: i32s(0)})
	if g := [4]uint32{res.Uint(0, 0), res.Uint(1, 0), res.Uint(2, 0), res.Uint(3, 0)}; g != [4]uint32{8, 8, 2, 2} {
		t.Errorf("view resinfo = %v, want [8 8 2 2]", g)
	}
	// The LOD is computed from the view's base level size (8×8 here).
	us, vs := quad(0.5, 0.5, 2.0/8, 0, 0, 2.0/8)
	lres := run(t, &Engine{}, v, &st, &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{us, vs, f32s(0, 0, 0, 0)}})
	if got := lres.Vec(0); got[1] != 1 {
		t.Errorf("view lod = %v, want λ' = 1", got)
	}
}

func TestNaNInputs(t *testing.T) {
	s := coordSurface(t, surface.Kind2DArray, 8, 8, 3, 0)
	st := DefaultState()
	nan := float32(math.NaN())
	got := one(t, s.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(nan), f32s(3.5 / 8), f32s(nan)}
		r.Lod = f32s(nan)
	})
	if got != [4]float32{0, 3, 0, 0} {
		t.Errorf("NaN u, layer and lod = %v, want texel (0, 3) of layer 0 at level 0", got)
	}
	inf := float32(math.Inf(1))
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
	got = one(t, s.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(inf), f32s(-inf), f32s(inf)}
		r.Lod = f32s(inf)
	})
	if got != [4]float32{0, 0, 2, 48} {
		t.Errorf("infinite inputs = %v, want [0 0 2 48] (level 3 is 1×1)", got)
	}
}

func TestResidency(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Levels: 1}, false)
	if err := s.SetTileSize(16, 16, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetResident(0, 0, 1, 0, 0, false); err != nil { // texels x 16..31, y 0..15
		t.Fatal(err)
	}
	st := linearState()
	req := &Request{Op: OpSampleL, Lanes: 4,
		Coord: [4][]float32{f32s(8.0/64, 20.0/64, 16.0/64, 8.0/64), f32s(8.0/64, 8.0/64, 8.0/64, 40.0/64)},
		Lod:   f32s(0, 0, 0, 0)}
	res := run(t, &Engine{}, s.View(), &st, req)
	want := []bool{true, false, false, true} // lane 2 straddles x = 15/16
	for i, w := range want {
		if res.Resident[i] != w {
			t.Errorf("lane %d resident = %v, want %v", i, res.Resident[i], w)
		}
	}
	if got := res.Vec(1); got != [4]float32{} {
		t.Errorf("non-resident texels read as %v, want zeros", got)
	}
	// A border texel reads no memory.
	st.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
	res = run(t, &Engine{}, s.View(), &st, &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(2), f32s(0.1)}, Lod: f32s(0)})
	if !res.Resident[0] {
		t.Errorf("border-only footprint cleared residency")
	}
}

func TestLaneErrorsKeepOtherLanes(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	st := DefaultState()
	req := &Request{Op: OpSampleL, Lanes: 3,
		Coord:  [4][]float32{f32s(0.5/8, 1.5/8, 2.5/8), f32s(0.5/8, 0.5/8, 0.5/8)},
		Lod:    f32s(0, 0, 0),
		Offset: [3][]int32{i32s(0, 9, 1), i32s(0, 0, 0), i32s(0, 0, 3)}}
	var res Result
	if err := (&Engine{}).Execute(s.View(), &st, req, &res); err != nil {
		t.Fatal(err)
	}
	if res.LaneErr[0] != nil || res.LaneErr[1] == nil || res.LaneErr[2] == nil {
		t.Fatalf("lane errors = %v", res.LaneErr)
	}
	if !strings.Contains(res.LaneErr[1].Error(), "offset[0]: 9") || !strings.Contains(res.LaneErr[2].Error(), "offset[2]: 3") {
		t.Errorf("lane errors do not name the field and value: %v", res.LaneErr)
	}
	if res.Vec(0) != [4]float32{0, 0, 0, 0} && res.Float(0, 0) != 0 {
		t.Errorf("lane 0 = %v", res.Vec(0))
	}
}

func TestRequestErrors(t *testing.T) {
	s2 := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	s3 := coordSurface(t, surface.Kind3D, 4, 4, 4, 1)
	ms := newSurface(t, surface.Desc{Kind: surface.Kind2DMS, Format: format.R8Unorm, Width: 4, Height: 4, Samples: 4}, false)
	cube := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8Unorm, Width: 4, Height: 4}, false)
	short := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	short.Data = short.Data[:len(short.Data)-1]
	st := DefaultState()
	tests := []struct {
		name string
		v    surface.View
		st   func(*State)
		req  Request
		want string
	}{
		{"short data", short.View(), nil, Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0.9), f32s(0.9)}, Lod: f32s(0)},
			"surface.data: 1023 bytes is shorter than the 1024"},
		{"short data fetch", short.View(), nil, Request{Op: OpFetch, Lanes: 1, Texel: [4][]int32{i32s(7), i32s(7)}}, "surface.data: 1023 bytes"},
		{"not from New", surface.View{Surface: &surface.Surface{}}, nil, Request{Op: OpFetch, Lanes: 1, Texel: [4][]int32{i32s(0), i32s(0)}},
			"not made by surface.New"},
		{"quads", s2.View(), nil, Request{Op: OpSample, Lanes: 3, Coord: [4][]float32{f32s(0, 0, 0), f32s(0, 0, 0)}}, "multiple of 4"},
		{"missing lod", s2.View(), nil, Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0), f32s(0)}}, "lod: 0 values for 1 lanes"},
		{"missing coord", s2.View(), nil, Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0)}, Lod: f32s(0)}, "coord[1]"},
		{"gather 3d", s3.View(), nil, Request{Op: OpGather4, Lanes: 1, Coord: [4][]float32{f32s(0), f32s(0), f32s(0)}}, "gather4 needs"},
		{"compare colour", s2.View(), func(s *State) { s.Compare = CompareLess }, Request{Op: OpSampleLC, Lanes: 1, Coord: [4][]float32{f32s(0), f32s(0)}, Lod: f32s(0), Ref: f32s(0)}, "needs a depth format"},
		{"sample ms", ms.View(), nil, Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0), f32s(0)}, Lod: f32s(0)}, "multisample"},
		{"fetch cube", cube.View(), nil, Request{Op: OpFetch, Lanes: 1, Texel: [4][]int32{i32s(0), i32s(0), i32s(0)}}, "not defined on cube"},
		{"cube offsets", cube.View(), nil, Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(1), f32s(0), f32s(0)}, Lod: f32s(0), Offset: [3][]int32{i32s(1)}}, "offsets are not allowed"},
		{"bad aniso", s2.View(), func(s *State) { s.MaxAnisotropy = 32 }, Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0), f32s(0)}, Lod: f32s(0)}, "max_anisotropy: 32"},
		{"unnormalized op", s2.View(), func(s *State) {
			s.Unnormalized, s.MaxLod, s.Address = true, 0, [3]AddressMode{WrapClampToEdge, WrapClampToEdge}
		}, Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{f32s(0), f32s(0)}, DDX: [3][]float32{f32s(0), f32s(0)}, DDY: [3][]float32{f32s(0), f32s(0)}}, "sample_d is not allowed"},
	}
	for _, tc := range tests {
		st := st
		if tc.st != nil {
			tc.st(&st)
		}
		var res Result
		err := (&Engine{}).Execute(tc.v, &st, &tc.req, &res)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
}

func TestUnnormalizedCoordinates(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	st := linearState()
	st.Unnormalized, st.MaxLod = true, 0
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge}
	got := one(t, s.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(3.0), f32s(4.5)}
		r.Lod = f32s(0)
	})
	if got != [4]float32{2.5, 4, 0, 0} {
		t.Errorf("unnormalized (3, 4.5) = %v, want [2.5 4 0 0]", got)
	}
}

func TestHardwarePrecision(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 0)
	st := linearState()
	st.MipFilter = MipLinear
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge}
	hw := &Engine{Precision: HardwarePrecision()}
	req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s((2.5 + 1.0/3) / 8), f32s(3.5 / 8)}, Lod: f32s(0.1)}
	res := run(t, hw, s.View(), &st, req)
	// α = 1/3 quantized to 8 bits is 85/256; λ = 0.1 → 26/256.
	wantX := float32(85.0 / 256 * 3)
	_ = wantX
	exact := run(t, &Engine{}, s.View(), &st, req)
	if res.Vec(0) == exact.Vec(0) {
		t.Errorf("hardware precision gave the exact result %v", res.Vec(0))
	}
	// Pure level-0 check of the weight quantization.
	req.Lod = f32s(0)
	res = run(t, hw, s.View(), &st, req)
	if got, want := res.Float(0, 0), float32(2+85.0/256); got != want {
		t.Errorf("hardware bilinear R = %v, want %v (α = 85/256)", got, want)
	}
	// The LOD query reports the quantized λ'.
	us, vs := quad(0.5, 0.5, 1.3/8, 0, 0, 1.3/8)
	lres := run(t, hw, s.View(), &st, &Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{us, vs}})
	l := float32(math.Log2(1.3))
	wantL := float32(math.Round(float64(l)*256) / 256)
	if got := lres.Float(1, 0); !near(got, wantL, 1e-6) || got*256 != float32(math.Round(float64(got*256))) {
		t.Errorf("hardware λ' = %v, want %v (8 fraction bits)", got, wantL)
	}
	if err := (Precision{Mode: Hardware, SubtexelBits: 0, LodBits: 8}).Validate(); err == nil || !strings.Contains(err.Error(), "subtexel_bits: 0") {
		t.Errorf("precision validation: %v", err)
	}
}
