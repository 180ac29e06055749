package texfile

import (
	"fmt"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/format/astc"
	"github.com/texunit/texunit/surface"
)

// astcHeaderSize is the size of an .astc file's header: the magic number,
// the block's three dimensions (one byte each) and the image's three
// (three bytes each, little-endian).
const astcHeaderSize = 16

// decodeASTC reads astcenc's .astc file (the format of ARM's astcenc and of
// the ASTC specification's reference tools): a 16-byte header, then the
// image's blocks, x fastest, then y, then z, 16 bytes each, one mip level.
// A block depth of 1 is a 2D footprint (and a z size above 1 a 3D image
// of 2D slices); a block depth above 1 is a 3D footprint. The file does
// not say whether its blocks are LDR, sRGB or HDR content: num (Options.ASTC)
// chooses the format family.
func (r *reader) decodeASTC(num format.Numeric) (*File, error) {
	b := r.b
	if err := r.need("header", 0, astcHeaderSize); err != nil {
		return nil, err
	}
	bw, bh, bd := int(b[4]), int(b[5]), int(b[6])
	u24 := func(off int) int { return int(b[off]) | int(b[off+1])<<8 | int(b[off+2])<<16 }
	w, h, d := u24(7), u24(10), u24(13)
	var name string
	switch {
	case bd == 1 && astc.ValidFootprint(bw, bh, bd):
		name = fmt.Sprintf("astc_%dx%d_%v_block", bw, bh, num)
	case bd > 1 && astc.ValidFootprint(bw, bh, bd):
		name = fmt.Sprintf("astc_%dx%dx%d_%v_block", bw, bh, bd, num)
	default:
		return nil, r.malformed("blockdim", 4, fmt.Sprintf("%dx%dx%d", bw, bh, bd), "is not an ASTC block footprint (2D: 4x4 … 12x12 with depth 1; 3D: 3x3x3 … 6x6x6)")
	}
	for i, v := range []int{w, h, d} {
		if v == 0 || v > surface.MaxExtent {
			return nil, r.sizeErr([]string{"xsize", "ysize", "zsize"}[i], int64(7+3*i), uint32(v), v == 0)
		}
	}
	f, err := r.parseFormat("blockdim", 4, fmt.Sprintf("%dx%dx%d", bw, bh, bd), name)
	if err != nil {
		return nil, err
	}
	desc := surface.Desc{Kind: surface.Kind2D, Format: f, Width: w, Height: h, Levels: 1}
	if d > 1 || bd > 1 {
		desc.Kind, desc.Depth = surface.Kind3D, d
	}
	size, _ := dataSize(desc)
	if err := r.need("blocks", astcHeaderSize, size); err != nil {
		return nil, err
	}
	if extra := uint64(len(b)) - astcHeaderSize - size; extra != 0 {
		return nil, r.malformed("blocks", int64(astcHeaderSize+size), fmt.Sprintf("%d bytes", extra), "follow the %d blocks a %dx%dx%d image of %dx%dx%d blocks has", size/16, w, h, d, bw, bh, bd)
	}
	s, err := r.newSurface(desc, 0)
	if err != nil {
		return nil, err
	}
	copy(s.Data, b[astcHeaderSize:]) // the surface's linear order: z, y, x
	header := fmt.Sprintf("ASTC %dx%dx%d blocks, read as %v", bw, bh, bd, num)
	return &File{Surface: s, Header: header}, nil
}
