package format

import (
	"fmt"
	"strings"
)

// Aspect selects which part of a texel an image view reads, as a Vulkan image
// view's aspectMask does: the colour, the depth or the stencil component. A
// depth/stencil view reads exactly one of depth and stencil.
type Aspect uint8

// The aspects.
const (
	// AspectDefault is the format's first aspect: colour for colour
	// formats, depth for depth and depth/stencil formats, stencil for
	// s8_uint.
	AspectDefault Aspect = iota
	AspectColor          // the colour components
	AspectDepth          // the depth component
	AspectStencil        // the stencil component: integer reads (uint)
	// AspectPlane0, AspectPlane1 and AspectPlane2 select one plane of a
	// multi-planar format (VK_IMAGE_ASPECT_PLANE_n_BIT), read as the
	// plane's own format (Info.Planes) with no Y′CbCr conversion.
	AspectPlane0
	AspectPlane1
	AspectPlane2

	numAspects
)

var aspectNames = [numAspects]string{"default", "color", "depth", "stencil", "plane_0", "plane_1", "plane_2"}

// Plane returns the plane an aspect selects (0, 1 or 2) and whether it
// selects one.
func (a Aspect) Plane() (int, bool) {
	if a >= AspectPlane0 && a <= AspectPlane2 {
		return int(a - AspectPlane0), true
	}
	return 0, false
}

// String returns "default", "color", "depth" or "stencil"; "invalid(N)"
// otherwise.
func (a Aspect) String() string {
	if a < numAspects {
		return aspectNames[a]
	}
	return fmt.Sprintf("invalid(%d)", uint8(a))
}

// ParseAspect returns the aspect with the given name (as printed by String,
// case ignored).
func ParseAspect(name string) (Aspect, error) {
	for a := range numAspects {
		if strings.EqualFold(name, aspectNames[a]) {
			return a, nil
		}
	}
	return 0, fmt.Errorf("format: unknown aspect %q (valid: %s)", name, strings.Join(aspectNames[:], ", "))
}

// AspectFormat returns how aspect a of format f is read: the format whose
// decoder, border conversion and class apply, and the byte offset of that
// format's texel within a texel of f. A colour, depth or stencil format reads
// itself at offset 0; the depth aspect of d16_unorm_s8_uint reads d16_unorm
// at 0, of d24_unorm_s8_uint x8_d24_unorm_pack32 at 0 and of
// d32_sfloat_s8_uint d32_sfloat at 0; their stencil aspects read s8_uint at
// offsets 2, 3 and 4 (see docs/FORMATS.md for the memory layouts). The
// plane aspects of a multi-planar format read the plane's format, at offset
// 0 within the plane (package surface addresses the planes). An aspect the
// format does not have is an error naming both.
func (f Format) AspectFormat(a Aspect) (Format, int, error) {
	if !f.Valid() {
		return Undefined, 0, fmt.Errorf("format: %v has no aspects", f)
	}
	in := &infos[f]
	bad := func() (Format, int, error) {
		return Undefined, 0, fmt.Errorf("aspect: %v is not an aspect of format %v", a, f)
	}
	switch a {
	case AspectDefault:
		if in.Depth && in.Stencil {
			return f.AspectFormat(AspectDepth)
		}
		return f, 0, nil
	case AspectColor:
		if in.Depth || in.Stencil {
			return bad()
		}
		return f, 0, nil
	case AspectDepth:
		switch {
		case !in.Depth:
			return bad()
		case !in.Stencil:
			return f, 0, nil
		}
		switch f {
		case D16UnormS8Uint:
			return D16Unorm, 0, nil
		case D24UnormS8Uint:
			return X8D24UnormPack32, 0, nil
		}
		return D32Sfloat, 0, nil
	case AspectPlane0, AspectPlane1, AspectPlane2:
		// A plane's texels are not within the gathered texel: the
		// surface addresses the plane (surface.Surface.Plane).
		if p, _ := a.Plane(); p < in.PlaneCount {
			return in.Planes[p].Format, 0, nil
		}
		return bad()
	case AspectStencil:
		if !in.Stencil {
			return bad()
		}
		for _, c := range layouts[f].comps {
			if c.ch == chStencil {
				off := c.pos
				if layouts[f].pack != 0 {
					off /= 8
				}
				return S8Uint, off, nil
			}
		}
	}
	return bad()
}
