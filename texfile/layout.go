package texfile

import (
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// blockShape returns the texel block of f: its width and height in texels
// and its size in bytes (1×1 and the texel size for uncompressed formats),
// from format.Info; ok is false for a format whose size is unknown.
func blockShape(f format.Format) (w, h, bytes int, ok bool) {
	in := f.Info()
	if in.Bytes <= 0 || in.BlockWidth <= 0 || in.BlockHeight <= 0 {
		return 0, 0, 0, false
	}
	return in.BlockWidth, in.BlockHeight, in.Bytes, true
}

// isBlockCompressed reports whether f is stored in blocks of more than one
// texel.
func isBlockCompressed(f format.Format) bool {
	w, h, _, ok := blockShape(f)
	return ok && (w > 1 || h > 1)
}

// levelBytes returns the size in bytes of mip level l of a surface with
// (resolved) description d: for each layer and z slice (slice of 3D blocks
// for the 3D ASTC formats, ⌈d/bd⌉ of them), ⌈w/bw⌉·⌈h/bh⌉ blocks. Every
// extent must be at most surface.MaxExtent.
func levelBytes(d surface.Desc, l int) uint64 {
	bw, bh, bb, _ := blockShape(d.Format)
	bd := max(1, d.Format.Info().BlockDepth)
	w, h, dd := max(1, d.Width>>l), max(1, d.Height>>l), max(1, d.Depth>>l)
	bx, by, bz := (w+bw-1)/bw, (h+bh-1)/bh, (dd+bd-1)/bd
	return uint64(bx) * uint64(by) * uint64(bz) * uint64(max(1, d.Layers)) * uint64(max(1, d.Samples)) * uint64(bb)
}

// dataSize returns the size of the whole texel stream of d (all levels),
// or false when the format's block size is unknown, an extent is out of
// range or the surface has both depth and layers (so that the result cannot
// overflow: 2^16·2^16·2^16 texels of at most 16 bytes and 16 samples stay
// below 2^57 bytes).
func dataSize(d surface.Desc) (uint64, bool) {
	if _, _, _, ok := blockShape(d.Format); !ok || (d.Depth > 1 && d.Layers > 1) {
		return 0, false
	}
	for _, e := range []int{d.Width, d.Height, d.Depth, d.Layers} {
		if e > surface.MaxExtent {
			return 0, false
		}
	}
	var sum uint64
	for l := 0; l < max(1, d.Levels); l++ {
		sum += levelBytes(d, l)
	}
	return sum, true
}
