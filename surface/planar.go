package surface

import "github.com/texunit/texunit/format"

// Multi-planar surfaces (the YCbCr formats of VK_KHR_sampler_ycbcr_conversion,
// format.Info.Planes). The single-plane 4:2:2 formats are stored as any
// format with 2×1 texel blocks; the creation rules below apply to them too. Each plane is stored as a surface of the plane's
// own format and extent — plane 0 at the image's size, the chroma planes
// at w/2 or w and h/2 or h as the format's subsampling says (Vulkan's
// "Plane Format Compatibility" table) — in the surface's layout (each
// plane linear, or tiled as a surface of its own), and Data is the planes
// one after the other in plane order, with no padding between them: the
// raw data of a multi-planar image is its planes concatenated. Vulkan's
// image creation rules apply (VkImageCreateInfo): 2d or 2d_array kinds
// only, one mip level, one sample, the width even for the _422 and _420
// formats and the height even for _420.

// checkPlanar enforces the image-creation rules of the YCbCr formats
// (multi-planar and 4:2:2) on the normalised description d.
func (d *Desc) checkPlanar() error {
	in := d.Format.Info()
	if !in.YCbCr {
		return nil
	}
	switch {
	case d.Kind != Kind2D && d.Kind != Kind2DArray:
		return errorf("kind", d.Kind, "is not allowed with the YCbCr format %v (2d or 2d_array)", d.Format)
	case d.Levels != 1:
		return errorf("levels", d.Levels, "must be 1 for the YCbCr format %v", d.Format)
	case in.ChromaDivisor[0] == 2 && d.Width%2 != 0:
		return errorf("width", d.Width, "must be even for the subsampled format %v (VUID-VkImageCreateInfo-format-04712)", d.Format)
	case in.ChromaDivisor[1] == 2 && d.Height%2 != 0:
		return errorf("height", d.Height, "must be even for the 4:2:0 format %v (VUID-VkImageCreateInfo-format-04713)", d.Format)
	}
	return nil
}

// planeDesc is the description of plane p of the normalised multi-planar
// description d.
func (d *Desc) planeDesc(p int) Desc {
	pl := d.Format.Info().Planes[p]
	return Desc{Kind: d.Kind, Format: pl.Format, Width: d.Width / pl.WidthDivisor, Height: d.Height / pl.HeightDivisor,
		Depth: 1, Layers: d.Layers, Levels: 1, Samples: 1, Layout: d.Layout, BlockHeight: d.BlockHeight}
}

// newPlanar makes the surface of the normalised multi-planar description
// d: its planes, and Data holding them in plane order.
func newPlanar(d Desc, maxBytes int) (*Surface, error) {
	n := d.Format.Info().PlaneCount
	s := &Surface{Desc: d, blockW: 1, blockH: 1, planes: make([]*Surface, n)}
	total := 0
	for p := range n {
		pd := d.planeDesc(p)
		if err := pd.normalise(); err != nil {
			return nil, err
		}
		ps, err := build(pd, maxBytes-total)
		if err != nil || ps.DataBytes() > maxBytes-total {
			return nil, d.tooLarge(maxBytes)
		}
		ps.plane = true
		s.planes[p] = ps
		total += ps.DataBytes()
	}
	s.Data = make([]byte, total)
	off := 0
	for _, ps := range s.planes {
		n := ps.DataBytes()
		ps.Data = s.Data[off : off+n : off+n]
		off += n
	}
	// The surface's own addressing is plane 0's (TexelOffset of a
	// multi-planar surface reads the luma plane).
	p0 := s.planes[0]
	s.texelBytes = p0.texelBytes
	s.levels = []levelLayout{p0.levels[0], {offset: total}}
	s.setTileSize(s.defaultTileSize())
	return s, nil
}

// PlaneCount returns the number of planes of the surface's format: 2 or 3
// for the multi-planar formats, 0 for the others.
func (s *Surface) PlaneCount() int { return len(s.planes) }

// Plane returns plane p of a multi-planar surface as a surface of the
// plane's format (format.Info.Planes) and extent, whose Data is the
// plane's part of s.Data (writes through either are seen by both; so
// write a multi-planar surface's texels into Data or with Load, never by
// replacing the slice), or nil when s has no plane p. A view of it samples the plane without a Y′CbCr
// conversion, as a Vulkan view with aspect VK_IMAGE_ASPECT_PLANE_p_BIT
// does (View.PlaneView).
func (s *Surface) Plane(p int) *Surface {
	if p < 0 || p >= len(s.planes) {
		return nil
	}
	return s.planes[p]
}

// PlaneView resolves a view whose aspect selects a plane
// (format.AspectPlane0 …) to the same levels and layers of that plane's
// surface, with the view's swizzle and the default aspect; a view of
// another aspect is returned as it is. A plane the format does not have
// gives an *Error.
func (v View) PlaneView() (View, error) {
	p, ok := v.Aspect.Plane()
	if !ok {
		return v, nil
	}
	if v.Surface == nil || v.Surface.Plane(p) == nil {
		f := format.Undefined
		if v.Surface != nil {
			f = v.Surface.Format
		}
		return v, errorf("view.aspect", v.Aspect, "is not an aspect of format %v", f)
	}
	v.Surface, v.Aspect = v.Surface.planes[p], format.AspectDefault
	return v, nil
}
