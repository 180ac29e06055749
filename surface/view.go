package surface

import (
	"fmt"

	"github.com/texunit/texunit/format"
)

// View selects a range of mip levels and array layers of a surface, as a
// Vulkan image view's subresource range does, the aspect it reads and the
// component swizzle applied to what it reads. Its kind is the surface's.
// Create it with Surface.View or NewView, then WithAspect and WithSwizzle.
type View struct {
	Surface   *Surface // the viewed surface
	BaseLevel int      // first mip level of the view
	Levels    int      // number of mip levels, ≥ 1
	BaseLayer int      // first array layer of the view
	Layers    int      // number of array layers, ≥ 1 (a multiple of 6 for cube kinds)
	// Aspect selects the depth or the stencil component of a depth/stencil
	// format (Vulkan's aspectMask); the zero value, format.AspectDefault,
	// reads colour, depth, or the stencil of s8_uint.
	Aspect format.Aspect
	// Swizzle is the view's component mapping (VkComponentMapping); the
	// zero value is the identity.
	Swizzle Swizzle
}

// ComponentSwizzle says where one output component of a view comes from, as
// VkComponentSwizzle does (with the same numeric values).
type ComponentSwizzle uint8

// The component swizzles.
const (
	SwizzleIdentity ComponentSwizzle = iota // the component itself
	SwizzleZero                             // 0
	SwizzleOne                              // 1: the float 1.0, or the integer 1 for integer formats
	SwizzleR                                // the R component
	SwizzleG                                // the G component
	SwizzleB                                // the B component
	SwizzleA                                // the A component

	numSwizzles
)

// Swizzle is a view's component mapping: for each output component R, G,
// B, A, where its value comes from. Vulkan's "Component Swizzle" applies it
// to every texel after border replacement and the depth compare, before
// filtering and gathering.
type Swizzle [4]ComponentSwizzle

var swizzleChars = [numSwizzles]byte{'=', '0', '1', 'r', 'g', 'b', 'a'}

// Resolve returns s with every SwizzleIdentity replaced by its own component
// (SwizzleR for R, and so on).
func (s Swizzle) Resolve() Swizzle {
	for c := range s {
		if s[c] == SwizzleIdentity {
			s[c] = SwizzleR + ComponentSwizzle(c)
		}
	}
	return s
}

// IsIdentity reports whether s maps every component to itself.
func (s Swizzle) IsIdentity() bool {
	return s.Resolve() == Swizzle{SwizzleR, SwizzleG, SwizzleB, SwizzleA}
}

// Valid reports whether every component of s is one of the constants.
func (s Swizzle) Valid() bool {
	for _, c := range s {
		if c >= numSwizzles {
			return false
		}
	}
	return true
}

// String returns the resolved swizzle as four characters from "rgba01"
// ("rgba" for the identity, "bgr1" for …); an invalid component prints as
// '?'.
func (s Swizzle) String() string {
	var b [4]byte
	for c, v := range s.Resolve() {
		b[c] = '?'
		if v < numSwizzles {
			b[c] = swizzleChars[v]
		}
	}
	return string(b[:])
}

// ParseSwizzle parses four characters, one per output component R, G, B,
// A, each one of r, g, b, a, 0, 1 (case ignored): "rgba" is the identity,
// "bgra" swaps red and blue, "rrr1" replicates red into an opaque grey. The
// error is an *Error naming the value.
func ParseSwizzle(text string) (Swizzle, error) {
	var s Swizzle
	if len(text) != 4 {
		return s, errorf("view.swizzle", fmt.Sprintf("%q", text), "is not four characters from r, g, b, a, 0, 1")
	}
	for c := range 4 {
		ch := text[c]
		if ch >= 'A' && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		switch ch {
		case 'r', 'g', 'b', 'a', '0', '1':
		default:
			return s, errorf("view.swizzle", fmt.Sprintf("%q", text), "has %q at position %d (want r, g, b, a, 0 or 1)", text[c], c)
		}
		for v, sc := range swizzleChars {
			if sc == ch {
				s[c] = ComponentSwizzle(v)
			}
		}
	}
	return s, nil
}

// WithSwizzle returns v with component mapping s. An invalid component
// gives an *Error.
func (v View) WithSwizzle(s Swizzle) (View, error) {
	if !s.Valid() {
		return v, errorf("view.swizzle", fmt.Sprint([4]ComponentSwizzle(s)), "has a component outside 0..%d", numSwizzles-1)
	}
	v.Swizzle = s
	return v, nil
}

// WithAspect returns v reading aspect a of its surface's format. An aspect
// the format does not have (stencil of d32_sfloat, depth of a colour
// format) gives an *Error naming both.
func (v View) WithAspect(a format.Aspect) (View, error) {
	if v.Surface == nil {
		return v, errorf("view.surface", "nil", "is not a surface")
	}
	if _, _, err := v.Surface.Format.AspectFormat(a); err != nil {
		return v, errorf("view.aspect", a, "is not an aspect of format %v", v.Surface.Format)
	}
	v.Aspect = a
	return v, nil
}

// View returns a view of every level and layer of s.
func (s *Surface) View() View {
	return View{Surface: s, Levels: s.Levels, Layers: s.Layers}
}

// NewView returns a view of levels baseLevel … baseLevel+levels−1 and layers
// baseLayer … baseLayer+layers−1 of s. levels 0 means all levels from
// baseLevel on, layers 0 all layers from baseLayer on; for the cube kinds
// layers must be a multiple of 6 (exactly 6 for cube) and 0 means the largest
// multiple of 6 that fits. baseLayer may be any layer, not only the first of
// a cube. Invalid arguments give an *Error naming the field and value.
func NewView(s *Surface, baseLevel, levels, baseLayer, layers int) (View, error) {
	if s == nil {
		return View{}, errorf("view.surface", "nil", "is not a surface")
	}
	if baseLevel < 0 || baseLevel >= s.Levels {
		return View{}, errorf("view.base_level", baseLevel, "is out of range (0..%d)", s.Levels-1)
	}
	if levels == 0 {
		levels = s.Levels - baseLevel
	}
	if levels < 1 || levels > s.Levels-baseLevel {
		return View{}, errorf("view.levels", levels, "is out of range (1..%d) for base level %d", s.Levels-baseLevel, baseLevel)
	}
	if baseLayer < 0 || baseLayer >= s.Layers {
		return View{}, errorf("view.base_layer", baseLayer, "is out of range (0..%d)", s.Layers-1)
	}
	remaining := s.Layers - baseLayer
	if layers == 0 {
		layers = remaining
		if s.Kind.IsCube() {
			layers -= layers % 6
			if s.Kind == KindCube {
				layers = min(layers, 6)
			}
			if layers == 0 {
				return View{}, errorf("view.layers", 0, "(all remaining) leaves %d layers from base layer %d, fewer than one cube (6)", remaining, baseLayer)
			}
		}
	}
	if layers < 1 || layers > remaining {
		return View{}, errorf("view.layers", layers, "is out of range (1..%d) for base layer %d", remaining, baseLayer)
	}
	switch {
	case s.Kind == KindCube && layers != 6:
		return View{}, errorf("view.layers", layers, "must be 6 for kind %v", s.Kind)
	case s.Kind == KindCubeArray && layers%6 != 0:
		return View{}, errorf("view.layers", layers, "is not a multiple of 6 (kind %v)", s.Kind)
	}
	return View{Surface: s, BaseLevel: baseLevel, Levels: levels, BaseLayer: baseLayer, Layers: layers}, nil
}

// LevelSize returns the size in texels of level `level` of the view, that is
// level BaseLevel+level of the surface.
func (v View) LevelSize(level int) (w, h, d int) { return v.Surface.LevelSize(v.BaseLevel + level) }
