package sampler

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

func mustSwizzle(t testing.TB, s string) surface.Swizzle {
	t.Helper()
	sw, err := surface.ParseSwizzle(s)
	if err != nil {
		t.Fatal(err)
	}
	return sw
}

// TestSwizzle checks the view's component swizzle on every path a texel
// takes: nearest and linear sampling, the border colour, gathers, fetches,
// the depth compare, and integer formats' ONE.
func TestSwizzle(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1) // texel (x, y) = (x, y, 0, 0)
	centre := func(x, y int) func(r *Request) {
		return func(r *Request) {
			r.Coord[0] = f32s((float32(x) + 0.5) / 8)
			r.Coord[1] = f32s((float32(y) + 0.5) / 8)
			r.Lod = f32s(0)
		}
	}
	tests := []struct {
		swz  string
		want [4]float32 // texel (3, 5)
	}{
		{"rgba", [4]float32{3, 5, 0, 0}},
		{"gbar", [4]float32{5, 0, 0, 3}},
		{"rrr1", [4]float32{3, 3, 3, 1}},
		{"0g1r", [4]float32{0, 5, 1, 3}},
		{"RGBA", [4]float32{3, 5, 0, 0}},
	}
	for _, tt := range tests {
		v := s.View()
		v.Swizzle = mustSwizzle(t, tt.swz)
		if got := one(t, v, DefaultState(), OpSampleL, centre(3, 5)); got != tt.want {
			t.Errorf("swizzle %s: sample = %v, want %v", tt.swz, got, tt.want)
		}
		got := one(t, v, DefaultState(), OpFetch, func(r *Request) { r.Texel[0], r.Texel[1] = i32s(3), i32s(5) })
		if got != tt.want {
			t.Errorf("swizzle %s: fetch = %v, want %v", tt.swz, got, tt.want)
		}
	}
	// The zero value is the identity.
	if got := one(t, s.View(), DefaultState(), OpSampleL, centre(3, 5)); got != [4]float32{3, 5, 0, 0} {
		t.Errorf("identity: %v", got)
	}

	// Linear filtering of swizzled texels: halfway between x = 3 and 4,
	// "1r0g" gives (1, 3.5, 0, 5).
	v := s.View()
	v.Swizzle = mustSwizzle(t, "1r0g")
	got := one(t, v, linearState(), OpSampleL, func(r *Request) {
		r.Coord[0], r.Coord[1], r.Lod = f32s(4.0/8), f32s(5.5/8), f32s(0)
	})
	if got != [4]float32{1, 3.5, 0, 5} {
		t.Errorf("linear 1r0g = %v", got)
	}

	// The border colour is swizzled too: Vulkan applies the swizzle after
	// border replacement and component substitution.
	st := DefaultState()
	st.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
	st.Border = BorderCustom
	st.BorderColor = [4]float64{0.25, 0.5, 0.75, 1}
	rgba := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4}, false)
	v = rgba.View()
	v.Swizzle = mustSwizzle(t, "abgr")
	got = one(t, v, st, OpSampleL, func(r *Request) { r.Coord[0], r.Coord[1], r.Lod = f32s(-1), f32s(-1), f32s(0) })
	if got != [4]float32{1, 0.75, 0.5, 0.25} {
		t.Errorf("border through abgr = %v", got)
	}
	r8 := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 4, Height: 4}, false)
	v = r8.View()
	v.Swizzle = mustSwizzle(t, "rrra")
	got = one(t, v, st, OpSampleL, func(r *Request) { r.Coord[0], r.Coord[1], r.Lod = f32s(-1), f32s(-1), f32s(0) })
	if got != [4]float32{0.25, 0.25, 0.25, 1} { // substitution first: (0.25, 0, 0, 1)
		t.Errorf("r8 border through rrra = %v", got)
	}

	// Gather reads the swizzled component: channel 0 of "grba" is G.
	v = s.View()
	v.Swizzle = mustSwizzle(t, "grba")
	g := one(t, v, DefaultState(), OpGather4, func(r *Request) { r.Coord[0], r.Coord[1] = f32s(4.0/8), f32s(6.0/8) })
	if g != [4]float32{6, 6, 5, 5} { // texels (3,6), (4,6), (4,5), (3,5): their y
		t.Errorf("gather of G through grba = %v", g)
	}

	// Integer formats: ONE is the integer 1.
	ui := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Uint, Width: 4, Height: 4}, true)
	v = ui.View()
	v.Swizzle = mustSwizzle(t, "r011")
	got = one(t, v, DefaultState(), OpFetch, func(r *Request) { r.Texel[0], r.Texel[1] = i32s(2), i32s(1) })
	if math.Float32bits(got[0]) != 2 || got[1] != 0 || math.Float32bits(got[2]) != 1 || math.Float32bits(got[3]) != 1 {
		t.Errorf("uint r011 = %#x", [4]uint32{math.Float32bits(got[0]), math.Float32bits(got[1]), math.Float32bits(got[2]), math.Float32bits(got[3])})
	}

	// The swizzle follows the depth compare: "rrr1" spreads the result.
	d := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 4, Height: 4}, true)
	v = d.View()
	v.Swizzle = mustSwizzle(t, "rrr1")
	st = DefaultState()
	st.Compare = CompareAlways
	got = one(t, v, st, OpSampleLC, func(r *Request) {
		r.Coord[0], r.Coord[1], r.Lod, r.Ref = f32s(0.5), f32s(0.5), f32s(0), f32s(0)
	})
	if got != [4]float32{1, 1, 1, 1} {
		t.Errorf("compare through rrr1 = %v", got)
	}

	// An invalid swizzle is a request error.
	v = s.View()
	v.Swizzle = surface.Swizzle{9}
	var res Result
	err := (&Engine{}).Execute(v, &st, &Request{Op: OpSampleL, Lanes: 0}, &res)
	if !errors.Is(err, ErrRequest) || !strings.Contains(err.Error(), "view.swizzle") {
		t.Errorf("invalid swizzle: %v", err)
	}
}

// TestAspect reads the depth and the stencil of the depth/stencil formats
// through views of each aspect.
func TestAspect(t *testing.T) {
	for _, f := range []format.Format{format.D16UnormS8Uint, format.D24UnormS8Uint, format.D32SfloatS8Uint, format.S8Uint} {
		s, err := surface.New(surface.Desc{Kind: surface.Kind2DArray, Format: f, Width: 6, Height: 3, Layers: 2, Levels: 1})
		if err != nil {
			t.Fatal(err)
		}
		s.FillCoords() // depth (i + ½)/N, stencil x & 255
		in := f.Info()
		if in.Depth {
			v, err := s.View().WithAspect(format.AspectDepth)
			if err != nil {
				t.Fatal(err)
			}
			got := one(t, v, DefaultState(), OpFetch, func(r *Request) { r.Texel[0], r.Texel[1], r.Texel[2] = i32s(4), i32s(2), i32s(1) })
			want := (float64(4+6*(2+3*1)) + 0.5) / 36
			if math.Abs(float64(got[0])-want) > 1e-4 || got[1] != 0 || got[2] != 0 || got[3] != 1 {
				t.Errorf("%v depth = %v, want (%v, 0, 0, 1)", f, got, want)
			}
			// The default aspect is depth.
			if g := one(t, s.View(), DefaultState(), OpFetch, func(r *Request) { r.Texel[0], r.Texel[1], r.Texel[2] = i32s(4), i32s(2), i32s(1) }); g != got {
				t.Errorf("%v default aspect = %v, depth %v", f, g, got)
			}
			// Depth compare works on the depth aspect.
			st := DefaultState()
			st.Compare = CompareLess
			c := one(t, v, st, OpSampleLC, func(r *Request) {
				r.Coord[0], r.Coord[1], r.Coord[2], r.Lod, r.Ref = f32s(4.5/6), f32s(2.5/3), f32s(1), f32s(0), f32s(0)
			})
			if c[0] != 1 {
				t.Errorf("%v compare 0 < depth = %v", f, c)
			}
		}
		v, err := s.View().WithAspect(format.AspectStencil)
		if err != nil {
			t.Fatal(err)
		}
		var res Result
		req := &Request{Op: OpFetch, Lanes: 1, Texel: [4][]int32{i32s(5), i32s(1), i32s(1)}}
		if err := (&Engine{}).Execute(v, ptr(DefaultState()), req, &res); err != nil {
			t.Fatal(err)
		}
		if res.Kind != ValueUint || res.Bits[0][0] != 5 || res.Bits[1][0] != 0 || res.Bits[2][0] != 0 || res.Bits[3][0] != 1 {
			t.Errorf("%v stencil = %v %v", f, res.Kind, res.Vec(0))
		}
		// Stencil is an integer: linear filtering and compares are errors.
		st := linearState()
		req = &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5), f32s(0)}, Lod: f32s(0)}
		if err := (&Engine{}).Execute(v, &st, req, &res); !errors.Is(err, ErrRequest) {
			t.Errorf("%v linear stencil: %v", f, err)
		}
		st = DefaultState()
		st.Compare = CompareLess
		req = &Request{Op: OpSampleLC, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5), f32s(0)}, Lod: f32s(0), Ref: f32s(0)}
		if err := (&Engine{}).Execute(v, &st, req, &res); !errors.Is(err, ErrRequest) || !strings.Contains(err.Error(), "depth format") {
			t.Errorf("%v compare on stencil: %v", f, err)
		}
		// The stencil border is an integer: opaque white reads S = 1.
		st = DefaultState()
		st.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
		st.Border = BorderOpaqueWhite
		req = &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(-1), f32s(0.5), f32s(0)}, Lod: f32s(0)}
		if err := (&Engine{}).Execute(v, &st, req, &res); err != nil || res.Bits[0][0] != 1 || res.Bits[3][0] != 1 {
			t.Errorf("%v stencil border = %v, %v", f, res.Vec(0), err)
		}
	}
	// A view of an aspect the format lacks is a request error.
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 4, Height: 4}, true)
	v := s.View()
	v.Aspect = format.AspectStencil
	var res Result
	err := (&Engine{}).Execute(v, ptr(DefaultState()), &Request{Op: OpFetch}, &res)
	if !errors.Is(err, ErrRequest) || !strings.Contains(err.Error(), "view.aspect: stencil is not an aspect of format d32_sfloat") {
		t.Errorf("stencil of d32_sfloat: %v", err)
	}
	if _, err := s.View().WithAspect(format.AspectStencil); err == nil {
		t.Error("WithAspect(stencil) on d32_sfloat succeeded")
	}
}

func ptr[T any](v T) *T { return &v }
