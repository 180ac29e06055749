package texfile

import (
	"fmt"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// imageRows decodes one image of a surface (slice z of array layer `layer`
// of mip level `level`) a row at a time, to one RGBA value per texel as
// package format decodes them (integer classes carry integer bits in the
// floats). Block-compressed formats go through Format.BlockDecoder, one
// row of blocks at a time. Its buffer holds one row of texels, or one row
// of blocks (BlockHeight rows) for block-compressed formats: Bytes says
// how large it is, for the callers' budgets.
type imageRows struct {
	s               *surface.Surface
	level, layer, z int
	w, h            int
	dec             format.DecodeFunc      // uncompressed formats
	block           format.BlockDecodeFunc // block-compressed formats
	bw, bh, bb, bx  int                    // block size in texels and bytes; blocks per row
	bd, zi          int                    // block depth; the image's slice within its blocks
	buf             [][4]float32           // one row, or bh rows of blocks
	tmp             [][4]float32           // one block's texels
	blockRow        int                    // the block row buf holds; -1 none
	// spare is a buffer to use for buf and tmp when it is large enough
	// (the backing of an earlier imageRows'), and then their backing.
	spare [][4]float32
}

// alloc sets buf (n texels) and tmp (t texels) up, from spare when it is
// large enough.
func (ir *imageRows) alloc(n, t int) {
	if cap(ir.spare) < n+t {
		ir.spare = make([][4]float32, n+t)
	}
	all := ir.spare[:n+t]
	ir.buf, ir.tmp = all[:n:n], all[n:]
}

// newImageRows checks the image's coordinates and returns its row reader.
// The row buffer (Bytes) is allocated by the first call of row: callers
// that keep a budget reserve Bytes before.
func newImageRows(s *surface.Surface, level, layer, z int) (*imageRows, error) {
	if s.Format.Info().YCbCr {
		return nil, fmt.Errorf("%v is a YCbCr format: its colours need a Y′CbCr conversion (write a plane, surface.Plane)", s.Format)
	}
	if level < 0 || level >= s.Levels {
		return nil, fmt.Errorf("level %d is out of range (0..%d)", level, s.Levels-1)
	}
	if layer < 0 || layer >= s.Layers {
		return nil, fmt.Errorf("layer %d is out of range (0..%d)", layer, s.Layers-1)
	}
	w, h, d := s.LevelSize(level)
	if z < 0 || z >= d {
		return nil, fmt.Errorf("slice %d is out of range (0..%d)", z, d-1)
	}
	if s.Samples != 1 {
		return nil, fmt.Errorf("multisampled surfaces are not written to files")
	}
	ir := &imageRows{s: s, level: level, layer: layer, z: z, w: w, h: h, blockRow: -1}
	in := s.Format.Info()
	if !in.Compressed {
		ir.dec = s.Format.Decoder()
		return ir, nil
	}
	ir.block = s.Format.BlockDecoder()
	if ir.block == nil {
		return nil, fmt.Errorf("format %v has no block decoder", s.Format)
	}
	ir.bw, ir.bh, ir.bb, ir.bd = in.BlockWidth, in.BlockHeight, in.Bytes, in.BlockDepth
	ir.bx = (w + ir.bw - 1) / ir.bw
	ir.zi = z % ir.bd
	return ir, nil
}

// rowBytes returns the size of the row buffer of an image of width w in
// format f: 16 bytes per texel of one row, or of BlockHeight rows (whole
// blocks) and one block (all BlockDepth slices of a 3D block) for
// block-compressed formats.
func rowBytes(f format.Format, w int) uint64 {
	in := f.Info()
	if !in.Compressed {
		return 16 * uint64(w)
	}
	bx := (uint64(w) + uint64(in.BlockWidth) - 1) / uint64(in.BlockWidth)
	return 16*uint64(in.BlockWidth*in.BlockHeight)*bx + 16*uint64(in.BlockWidth*in.BlockHeight*in.BlockDepth)
}

// Bytes is the size of the buffer rows allocates: rowBytes.
func (ir *imageRows) Bytes() uint64 { return rowBytes(ir.s.Format, ir.w) }

// row returns the decoded texels of row y (0 ≤ y < h), valid until the
// next call.
func (ir *imageRows) row(y int) [][4]float32 {
	s := ir.s
	if ir.dec != nil {
		if ir.buf == nil {
			ir.alloc(ir.w, 0)
		}
		for x := range ir.buf {
			ir.buf[x] = ir.dec(s.Data[s.TexelOffset(ir.level, x, y, ir.z, ir.layer, 0):])
		}
		return ir.buf
	}
	if ir.buf == nil {
		ir.alloc(ir.bx*ir.bw*ir.bh, ir.bw*ir.bh*ir.bd)
	}
	stride := ir.bx * ir.bw // texels per buffered row
	j := y / ir.bh
	if j != ir.blockRow {
		for i := 0; i < ir.bx; i++ {
			off, _ := s.BlockOffset(ir.level, i*ir.bw, j*ir.bh, ir.z, ir.layer)
			ir.block(s.Data[off:off+ir.bb], ir.tmp)
			slice := ir.tmp[ir.zi*ir.bw*ir.bh:] // the image's slice of a 3D block
			for r := 0; r < ir.bh; r++ {
				copy(ir.buf[r*stride+i*ir.bw:r*stride+(i+1)*ir.bw], slice[r*ir.bw:(r+1)*ir.bw])
			}
		}
		ir.blockRow = j
	}
	r := y - j*ir.bh
	return ir.buf[r*stride : r*stride+ir.w]
}
