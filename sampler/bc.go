package sampler

import (
	"math"
	"math/bits"
	"sync"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
)

// The BC formats (BC1–BC7, UNORM, SNORM, sRGB and the BC6H floats) on the
// specialised path and the lane loop. The two read texels at byte offsets
// computed from a level's base offset and its x, y and layer strides
// (fastLevel); a texel of a 4×4 block has no byte offset of its own. For
// the BC formats setupBC gives the levels virtual offsets instead — texel
// (i, j) of layer L at relative level l is l·2^26 + L·2^(bx+by) + j·2^bx +
// i, with 2^bx ≥ w and 2^by ≥ h — so that every stage that computes
// offsets (the Go and assembly footprints, pipeline.Plan.CubeEdge, filterLevel2D,
// gather2D) computes them unchanged, and the texel reads turn a virtual
// offset back into the block's byte offset and the texel's index within
// it, as surface.BlockOffset does (bcLevel). The lane loop's kernels read
// a chunk's blocks through a window of them decoded once per chunk and
// level (bcwindow.go); the other reads (fastDecode, the kernels' chunks
// whose blocks make no window) through bcCache, the request's cache of
// decoded blocks. Both hold the format's own block decoder's texels
// (format.BlockDecodeFunc, or for BC1 its palette rebuilt from the same
// exact fractions: bc1tables.go), so results are the reference path's
// bits. Nothing decoded outlives the request: the caller may change the
// texel data between requests.

// bcLevelShift is the bit of a virtual offset where the relative level
// starts; the layer, row and column lie below it.
const bcLevelShift = lanes.BCLevelShift

// bcSlotBits and bcSlots: bcCache keeps 2^bcSlotBits decoded blocks.
const (
	bcSlotBits = 7
	bcSlots    = 1 << bcSlotBits
)

// bcLevel maps the virtual offsets of one level to blocks
// (pipeline.BCLevel: the lane pipeline's BC windows read the same table).
type bcLevel = pipeline.BCLevel

// bcCache is a request's decoded blocks, direct-mapped by the block's byte
// offset. It belongs to one request (one goroutine), which takes it from
// the pool at its first read (bcReader) and gives it back at its end.
type bcCache struct {
	keys   [bcSlots]int32 // block byte offset + 1; 0 = empty
	texels [bcSlots][16][4]float32
}

var bcCaches = sync.Pool{New: func() any { return new(bcCache) }}

// releaseBCCache returns c to the pool.
func releaseBCCache(c *bcCache) { bcCaches.Put(c) }

// bcReader returns the request's bcCache, empty at its first read.
func (x *exec) bcReader() *bcCache {
	if x.bcc == nil {
		x.bcc = bcCaches.Get().(*bcCache)
		x.bcc.keys = [bcSlots]int32{}
	}
	return x.bcc
}

// isBC reports whether f is one of the BC formats (4×4 blocks of 8 or 16
// bytes).
func isBC(f format.Format) bool {
	switch f {
	case format.BC1RGBUnormBlock, format.BC1RGBSrgbBlock, format.BC1RGBAUnormBlock, format.BC1RGBASrgbBlock,
		format.BC2UnormBlock, format.BC2SrgbBlock, format.BC3UnormBlock, format.BC3SrgbBlock,
		format.BC4UnormBlock, format.BC4SnormBlock, format.BC5UnormBlock, format.BC5SnormBlock,
		format.BC6HUfloatBlock, format.BC6HSfloatBlock, format.BC7UnormBlock, format.BC7SrgbBlock:
		return true
	}
	return false
}

// bitsFor is the number of bits that hold the values 0..n−1.
func bitsFor(n int) int { return bits.Len(uint(n - 1)) }

// bcFits reports whether the virtual offsets of the view's levels, in every
// layer of the surface, fit below bcLevelShift, and the block offsets in
// int32.
func (x *exec) bcFits() bool {
	s := x.surf
	if len(s.Data) >= math.MaxInt32 {
		return false
	}
	lb := bitsFor(s.Layers)
	for l := 0; l < x.levels; l++ {
		w, h, _ := s.LevelSize(x.view.BaseLevel + l)
		if bitsFor(w)+bitsFor(h)+lb > bcLevelShift {
			return false
		}
	}
	return true
}

// setupBC fills the specialised path's level tables of a BC view with
// virtual offsets, and the lane pipeline's plan the map back to blocks
// (pipeline.Plan.BCLevels) and BC1's palette decode (Plan.BC1).
func (x *exec) setupBC(f format.Format) {
	s := x.surf
	x.fast.plan.BC1 = lanes.BC1ModeOf(f)
	x.fast.plan.BlockDec, x.fast.plan.BlockBytes = x.blockDec, x.blockBytes
	for l := 0; l < x.levels; l++ {
		abs := x.view.BaseLevel + l
		w, h, _ := s.LevelSize(abs)
		bx, by := bitsFor(w), bitsFor(h)
		fl := &x.fast.levels[l]
		*fl = fastLevel{Abs: abs, Off: l << bcLevelShift, W: int32(w), H: int32(h), XS: 1, YS: 1 << bx, LS: 1 << (bx + by)}
		o, _ := s.BlockOffset(abs, 0, 0, 0, 0)
		bl := bcLevel{Off: int32(o), IM: 1<<bx - 1, JM: 1<<by - 1, JSh: uint8(bx), LSh: uint8(bx + by), MX: blockMask(w), MY: blockMask(h)}
		if w > 4 {
			bo, _ := s.BlockOffset(abs, 4, 0, 0, 0)
			bl.XB = int32(bo - o)
		}
		if h > 4 {
			bo, _ := s.BlockOffset(abs, 0, 4, 0, 0)
			bl.YB = int32(bo - o)
		}
		if s.Layers > 1 {
			bo, _ := s.BlockOffset(abs, 0, 0, 0, 1)
			bl.LS = int32(bo - o)
		}
		x.fast.plan.BCLevels[l] = bl
	}
}

// blockMask is bcLevel's MX for a level n texels wide.
func blockMask(n int) int32 {
	if n&(n-1) != 0 {
		return -1
	}
	return int32(max(n>>2, 1) - 1)
}

// bcTexel returns the texel at virtual offset vo of the surface's blocks,
// decoding its block unless the request's cache holds it.
func (x *exec) bcTexel(vo int32) [4]float32 {
	return x.bcReader().texel(x.plan, x.surf.Data, vo)
}

// texel returns the texel at virtual offset vo of data's blocks (p's
// levels and decoder), decoding its block unless the cache holds it.
func (c *bcCache) texel(p *plan, data []byte, vo int32) [4]float32 {
	off, t := p.fast.plan.BCLevels[vo>>bcLevelShift].Block(vo)
	slot := uint32(off>>3) * 0x9e3779b1 >> (32 - bcSlotBits)
	if c.keys[slot] != off+1 {
		p.blockDec(data[off:off+int32(p.blockBytes)], c.texels[slot][:])
		c.keys[slot] = off + 1
	}
	return c.texels[slot][t]
}

// bilinearBCLanesGo is the lane loop's bilinear kernel for the BC formats
// through the request's cache: bilinearRGBA8LanesGo's arithmetic on the
// decoded texels. Their components are finite (BC6H's halves never
// decode to an infinity or a NaN), and so are the results.
func (x *exec) bilinearBCLanesGo(fp *footprints, n int, out *chunkOut) {
	c, d := x.bcReader(), x.surf.Data
	for k := 0; k < n; k++ {
		t00 := c.texel(x.plan, d, fp.O[0][k])
		t10 := c.texel(x.plan, d, fp.O[1][k])
		t01 := c.texel(x.plan, d, fp.O[2][k])
		t11 := c.texel(x.plan, d, fp.O[3][k])
		w00, w10, w01, w11 := lanes.BilinearWeights(fp.FA[k], fp.FB[k])
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

// gatherBCLanesGo is the lane loop's gather kernel for the BC formats
// through the request's cache: each entry's channel ch of its four texels.
func (x *exec) gatherBCLanesGo(fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut) {
	c, d := x.bcReader(), x.surf.Data
	for k := 0; k < n; k++ {
		cc := ch[k] & 3
		for r, q := range lanes.GatherTexel {
			out[r][k] = c.texel(x.plan, d, fp.O[q][k])[cc]
		}
	}
}
