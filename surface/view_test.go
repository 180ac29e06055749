package surface

import (
	"errors"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

func mustNew(t testing.TB, d Desc) *Surface {
	t.Helper()
	s, err := New(d)
	if err != nil {
		t.Fatalf("New(%+v): %v", d, err)
	}
	return s
}

func TestView(t *testing.T) {
	arr := mustNew(t, Desc{Kind: Kind2DArray, Format: format.R8Unorm, Width: 16, Height: 8, Layers: 5}) // 5 levels
	cube := mustNew(t, Desc{Kind: KindCube, Format: format.R8Unorm, Width: 8, Height: 8})               // 4 levels
	cubes := mustNew(t, Desc{Kind: KindCubeArray, Format: format.R8Unorm, Width: 4, Height: 4, Layers: 18})
	if v := arr.View(); v != (View{Surface: arr, BaseLevel: 0, Levels: 5, BaseLayer: 0, Layers: 5}) {
		t.Errorf("View() = %+v", v)
	}
	tests := []struct {
		s                                    *Surface
		baseLevel, levels, baseLayer, layers int
		want                                 View
	}{
		{arr, 0, 0, 0, 0, View{Surface: arr, BaseLevel: 0, Levels: 5, BaseLayer: 0, Layers: 5}},
		{arr, 2, 0, 3, 0, View{Surface: arr, BaseLevel: 2, Levels: 3, BaseLayer: 3, Layers: 2}},
		{arr, 1, 2, 4, 1, View{Surface: arr, BaseLevel: 1, Levels: 2, BaseLayer: 4, Layers: 1}},
		{arr, 4, 1, 0, 5, View{Surface: arr, BaseLevel: 4, Levels: 1, BaseLayer: 0, Layers: 5}},
		{cube, 1, 0, 0, 0, View{Surface: cube, BaseLevel: 1, Levels: 3, BaseLayer: 0, Layers: 6}},
		{cube, 0, 4, 0, 6, View{Surface: cube, BaseLevel: 0, Levels: 4, BaseLayer: 0, Layers: 6}},
		{cubes, 0, 0, 0, 0, View{Surface: cubes, BaseLevel: 0, Levels: 3, BaseLayer: 0, Layers: 18}},
		{cubes, 0, 1, 6, 12, View{Surface: cubes, BaseLevel: 0, Levels: 1, BaseLayer: 6, Layers: 12}},
		{cubes, 0, 0, 3, 0, View{Surface: cubes, BaseLevel: 0, Levels: 3, BaseLayer: 3, Layers: 12}}, // any base layer; 0 layers: largest multiple of 6
		{cubes, 0, 0, 5, 6, View{Surface: cubes, BaseLevel: 0, Levels: 3, BaseLayer: 5, Layers: 6}},
	}
	for _, tt := range tests {
		v, err := NewView(tt.s, tt.baseLevel, tt.levels, tt.baseLayer, tt.layers)
		if err != nil || v != tt.want {
			t.Errorf("NewView(%v, %d, %d, %d, %d) = %+v, %v; want %+v", tt.s.Kind, tt.baseLevel, tt.levels,
				tt.baseLayer, tt.layers, v, err, tt.want)
		}
	}
	errs := []struct {
		s                                    *Surface
		baseLevel, levels, baseLayer, layers int
		field, msg                           string
	}{
		{nil, 0, 0, 0, 0, "view.surface", "surface.view.surface: nil is not a surface"},
		{arr, -1, 0, 0, 0, "view.base_level", "surface.view.base_level: -1 is out of range (0..4)"},
		{arr, 5, 0, 0, 0, "view.base_level", "surface.view.base_level: 5 is out of range (0..4)"},
		{arr, 2, 4, 0, 0, "view.levels", "surface.view.levels: 4 is out of range (1..3) for base level 2"},
		{arr, 0, -1, 0, 0, "view.levels", "surface.view.levels: -1 is out of range (1..5) for base level 0"},
		{arr, 0, 0, 5, 0, "view.base_layer", "surface.view.base_layer: 5 is out of range (0..4)"},
		{arr, 0, 0, -2, 0, "view.base_layer", "surface.view.base_layer: -2 is out of range (0..4)"},
		{arr, 0, 0, 3, 3, "view.layers", "surface.view.layers: 3 is out of range (1..2) for base layer 3"},
		{cube, 0, 0, 0, 1, "view.layers", "surface.view.layers: 1 must be 6 for kind cube"},
		{cube, 0, 0, 1, 0, "view.layers", "surface.view.layers: 0 (all remaining) leaves 5 layers from base layer 1, fewer than one cube (6)"},
		{cubes, 0, 0, 0, 7, "view.layers", "surface.view.layers: 7 is not a multiple of 6 (kind cube_array)"},
		{cubes, 0, 0, 13, 0, "view.layers", "surface.view.layers: 0 (all remaining) leaves 5 layers from base layer 13, fewer than one cube (6)"},
		{cubes, 0, 0, 13, 6, "view.layers", "surface.view.layers: 6 is out of range (1..5) for base layer 13"},
	}
	for _, tt := range errs {
		_, err := NewView(tt.s, tt.baseLevel, tt.levels, tt.baseLayer, tt.layers)
		var e *Error
		if !errors.As(err, &e) || e.Field != tt.field || err.Error() != tt.msg {
			t.Errorf("NewView(%d, %d, %d, %d) error = %v, want %q", tt.baseLevel, tt.levels, tt.baseLayer, tt.layers, err, tt.msg)
		}
	}
	v, _ := NewView(arr, 2, 0, 0, 0)
	for l, want := range [][3]int{{4, 2, 1}, {2, 1, 1}, {1, 1, 1}} {
		if w, h, d := v.LevelSize(l); [3]int{w, h, d} != want {
			t.Errorf("view LevelSize(%d) = %d×%d×%d, want %v", l, w, h, d, want)
		}
	}
}

func TestSwizzleParse(t *testing.T) {
	tests := []struct {
		in       string
		want     Swizzle
		str      string
		identity bool
	}{
		{"rgba", Swizzle{SwizzleR, SwizzleG, SwizzleB, SwizzleA}, "rgba", true},
		{"RGBA", Swizzle{SwizzleR, SwizzleG, SwizzleB, SwizzleA}, "rgba", true},
		{"bgra", Swizzle{SwizzleB, SwizzleG, SwizzleR, SwizzleA}, "bgra", false},
		{"rrr1", Swizzle{SwizzleR, SwizzleR, SwizzleR, SwizzleOne}, "rrr1", false},
		{"0001", Swizzle{SwizzleZero, SwizzleZero, SwizzleZero, SwizzleOne}, "0001", false},
	}
	for _, tt := range tests {
		got, err := ParseSwizzle(tt.in)
		if err != nil || got != tt.want || got.String() != tt.str || got.IsIdentity() != tt.identity || !got.Valid() {
			t.Errorf("ParseSwizzle(%q) = %v (%s, identity %v), %v", tt.in, got, got, got.IsIdentity(), err)
		}
	}
	var zero Swizzle
	if !zero.IsIdentity() || zero.String() != "rgba" || zero.Resolve() != (Swizzle{SwizzleR, SwizzleG, SwizzleB, SwizzleA}) {
		t.Errorf("zero swizzle: %v %v", zero.IsIdentity(), zero)
	}
	if s := (Swizzle{SwizzleIdentity, SwizzleR, 9, SwizzleIdentity}); s.Valid() || s.String() != "rr?a" {
		t.Errorf("invalid swizzle: Valid %v String %q", s.Valid(), s.String())
	}
	for _, in := range []string{"", "rgb", "rgbax", "rgbx", "rgb2", "rgb\x00"} {
		_, err := ParseSwizzle(in)
		var e *Error
		if !errors.As(err, &e) || e.Field != "view.swizzle" {
			t.Errorf("ParseSwizzle(%q) error = %v", in, err)
		}
	}
}

func TestViewWith(t *testing.T) {
	ds, err := New(Desc{Kind: Kind2D, Format: format.D24UnormS8Uint, Width: 4, Height: 4})
	if err != nil {
		t.Fatal(err)
	}
	v, err := ds.View().WithAspect(format.AspectStencil)
	if err != nil || v.Aspect != format.AspectStencil {
		t.Errorf("WithAspect(stencil) = %+v, %v", v, err)
	}
	c, err := New(Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Height: 4})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.View().WithAspect(format.AspectDepth)
	if err == nil || err.Error() != "surface.view.aspect: depth is not an aspect of format r8_unorm" {
		t.Errorf("WithAspect(depth) on r8_unorm: %v", err)
	}
	if _, err := (View{}).WithAspect(format.AspectDefault); err == nil {
		t.Error("WithAspect on a view without a surface succeeded")
	}
	sw, _ := ParseSwizzle("bgr1")
	if v, err := c.View().WithSwizzle(sw); err != nil || v.Swizzle != sw {
		t.Errorf("WithSwizzle = %+v, %v", v, err)
	}
	if _, err := c.View().WithSwizzle(Swizzle{7}); err == nil {
		t.Error("WithSwizzle(invalid) succeeded")
	}
}

// FuzzParseSwizzle: ParseSwizzle never panics and what it accepts prints
// back as its lower-case input (identity components resolved).
func FuzzParseSwizzle(f *testing.F) {
	f.Add("rgba")
	f.Add("bg01")
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseSwizzle(in)
		if err != nil {
			return
		}
		if !s.Valid() || s.String() != strings.ToLower(in) {
			t.Fatalf("ParseSwizzle(%q) = %v", in, s)
		}
	})
}
