package sampler

import (
	"math"
	"math/bits"
	"sync"

	"github.com/texunit/texunit/format"
)

// BC1 on the specialised path and the lane loop. The two read texels at
// byte offsets computed from a level's base offset and its x, y and layer
// strides (fastLevel); a BC1 texel has no byte offset of its own. For the
// BC1 formats (bc1_rgb_unorm_block, bc1_rgb_srgb_block,
// bc1_rgba_unorm_block, bc1_rgba_srgb_block) setupBC1 gives the levels
// virtual offsets instead — texel (i, j) of layer L at relative level l is
// l·2^26 + L·2^(bx+by) + j·2^bx + i, with 2^bx ≥ w and 2^by ≥ h — so that
// every stage that computes offsets (the Go and assembly footprints,
// cubeEdge, filterLevel2D, gather2D) computes them unchanged, and the
// texel reads (fastDecode and the BC1 kernels, in Go only) turn a virtual
// offset back into the block's byte offset and the texel's index within it,
// as surface.BlockOffset does, and read the texel through bc1Cache. The
// texels are the format's own block decoder's (format.BlockDecodeFunc), so
// results are the reference path's bits.

// bc1LevelShift is the bit of a virtual offset where the relative level
// starts; the layer, row and column lie below it.
const bc1LevelShift = 26

// bc1SlotBits and bc1Slots: bc1Cache keeps 2^bc1SlotBits decoded blocks.
const (
	bc1SlotBits = 7
	bc1Slots    = 1 << bc1SlotBits
)

// bc1Level maps the virtual offsets of one level to blocks.
type bc1Level struct {
	off    int32 // byte offset of the level's first block
	xb, yb int32 // byte strides of a block column and a block row
	ls     int32 // byte stride of a layer
	im, jm int32 // masks of i and j
	jsh    uint8 // bx: the bit where j starts
	lsh    uint8 // bx+by: the bit where the layer starts
}

// bc1Cache is a request's decoded BC1 blocks, direct-mapped by the block's
// byte offset, and the map from virtual offsets to blocks. It belongs to one
// request (one goroutine); the caches are recycled through a pool.
type bc1Cache struct {
	decode format.BlockDecodeFunc
	levels [maxLevels]bc1Level
	keys   [bc1Slots]int32 // block byte offset + 1; 0 = empty
	texels [bc1Slots][16][4]float32
}

var bc1Caches = sync.Pool{New: func() any { return new(bc1Cache) }}

// releaseBC1Cache returns c to the pool.
func releaseBC1Cache(c *bc1Cache) {
	c.decode = nil
	bc1Caches.Put(c)
}

// isBC1 reports whether f is one of the BC1 formats.
func isBC1(f format.Format) bool {
	switch f {
	case format.BC1RGBUnormBlock, format.BC1RGBSrgbBlock, format.BC1RGBAUnormBlock, format.BC1RGBASrgbBlock:
		return true
	}
	return false
}

// bitsFor is the number of bits that hold the values 0..n−1.
func bitsFor(n int) int { return bits.Len(uint(n - 1)) }

// bc1Fits reports whether the virtual offsets of the view's levels, in every
// layer of the surface, fit below bc1LevelShift, and the block offsets in
// int32.
func (x *exec) bc1Fits() bool {
	s := x.surf
	if len(s.Data) >= math.MaxInt32 {
		return false
	}
	lb := bitsFor(s.Layers)
	for l := 0; l < x.levels; l++ {
		w, h, _ := s.LevelSize(x.view.BaseLevel + l)
		if bitsFor(w)+bitsFor(h)+lb > bc1LevelShift {
			return false
		}
	}
	return true
}

// setupBC1 fills the specialised path's level tables of a BC1 view with
// virtual offsets and the request's bc1Cache with the map back to blocks.
func (x *exec) setupBC1(f format.Format) {
	s := x.surf
	c := bc1Caches.Get().(*bc1Cache)
	c.decode = f.BlockDecoder()
	c.keys = [bc1Slots]int32{}
	x.bc1 = c
	for l := 0; l < x.levels; l++ {
		abs := x.view.BaseLevel + l
		w, h, _ := s.LevelSize(abs)
		bx, by := bitsFor(w), bitsFor(h)
		fl := &x.fast.levels[l]
		*fl = fastLevel{abs: abs, off: l << bc1LevelShift, w: int32(w), h: int32(h), xs: 1, ys: 1 << bx, ls: 1 << (bx + by)}
		o, _ := s.BlockOffset(abs, 0, 0, 0, 0)
		bl := bc1Level{off: int32(o), im: 1<<bx - 1, jm: 1<<by - 1, jsh: uint8(bx), lsh: uint8(bx + by)}
		if w > 4 {
			bo, _ := s.BlockOffset(abs, 4, 0, 0, 0)
			bl.xb = int32(bo - o)
		}
		if h > 4 {
			bo, _ := s.BlockOffset(abs, 0, 4, 0, 0)
			bl.yb = int32(bo - o)
		}
		if s.Layers > 1 {
			bo, _ := s.BlockOffset(abs, 0, 0, 0, 1)
			bl.ls = int32(bo - o)
		}
		c.levels[l] = bl
	}
}

// texel returns the texel at virtual offset vo of data's blocks, decoding
// its block unless the cache holds it.
func (c *bc1Cache) texel(data []byte, vo int32) [4]float32 {
	lv := &c.levels[vo>>bc1LevelShift]
	r := vo & (1<<bc1LevelShift - 1)
	i, j, layer := r&lv.im, r>>lv.jsh&lv.jm, r>>lv.lsh
	off := lv.off + layer*lv.ls + (j>>2)*lv.yb + (i>>2)*lv.xb
	slot := uint32(off>>3) * 0x9e3779b1 >> (32 - bc1SlotBits)
	if c.keys[slot] != off+1 {
		c.decode(data[off:off+8], c.texels[slot][:])
		c.keys[slot] = off + 1
	}
	return c.texels[slot][(j&3)<<2|i&3]
}

// bilinearBC1LanesGo is the lane loop's bilinear kernel for the BC1
// formats: bilinearRGBA8LanesGo's arithmetic on the texels c decodes.
func bilinearBC1LanesGo(d []byte, c *bc1Cache, fp *footprints, n int, out *chunkOut) {
	for k := 0; k < n; k++ {
		t00 := c.texel(d, fp.o[0][k])
		t10 := c.texel(d, fp.o[1][k])
		t01 := c.texel(d, fp.o[2][k])
		t11 := c.texel(d, fp.o[3][k])
		w00, w10, w01, w11 := bilinearWeights(fp.fa[k], fp.fb[k])
		for ch := range out {
			a := float32(0)
			a += float32(w00 * t00[ch])
			a += float32(w10 * t10[ch])
			a += float32(w01 * t01[ch])
			a += float32(w11 * t11[ch])
			out[ch][k] = a
		}
	}
}

// gatherBC1LanesGo is the lane loop's gather kernel for the BC1 formats:
// each entry's channel ch of its four texels.
func gatherBC1LanesGo(d []byte, c *bc1Cache, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut) {
	for k := 0; k < n; k++ {
		cc := ch[k] & 3
		for r, q := range gatherTexel {
			out[r][k] = c.texel(d, fp.o[q][k])[cc]
		}
	}
}
