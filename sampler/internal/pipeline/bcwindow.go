package pipeline

import (
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
)

// Windows of decoded blocks: the lane loop's kernels for the BC formats
// (package sampler's bc.go gives a BC view's levels virtual offsets, and
// sets up the map back to blocks, Plan.BCLevels). A chunk's footprints at
// one level read texels of a few neighbouring blocks. When every footprint
// of the chunk lies at one level and layer and the blocks they touch fit
// in a rectangle of at most lanes.BCWindowSlots blocks (the window), the
// kernel maps each footprint texel's virtual offset to the window slot of
// its block and its index in the block (lanes.BCWindowIndex), decodes each
// of the window's blocks once (BC1–BC3: Plan.BC1's palettes from the exact
// fractions; the others the format's block decoder, Plan.BlockDec), and
// filters or gathers from the table (lanes.BCFilterWindow,
// lanes.BCGatherWindow). Other chunks make no window: Plan.Kernel reports
// false, and package sampler reads their texels through the request's
// cache of decoded blocks. The window is the working set's (lanes.Set.BCW)
// and is rebuilt for every chunk and level: nothing decoded outlives the
// request.

// BCLevel maps the virtual offsets of one level of a BC view to blocks.
type BCLevel struct {
	Off    int32 // byte offset of the level's first block
	XB, YB int32 // byte strides of a block column and a block row
	LS     int32 // byte stride of a layer
	IM, JM int32 // masks of i and j
	JSh    uint8 // bx: the bit where j starts
	LSh    uint8 // bx+by: the bit where the layer starts
	// MX and MY are the masks of a block column and row where the level's
	// width (height) is a power of two, so that a block index wraps around
	// the level as the repeat mode's texel indices do; −1 otherwise.
	MX, MY int32
}

// Block returns the byte offset of the block that holds the texel at
// virtual offset vo of level l, and the texel's index in it.
func (lv *BCLevel) Block(vo int32) (off, t int32) {
	r := vo & (1<<lanes.BCLevelShift - 1)
	i, j, layer := r&lv.IM, r>>lv.JSh&lv.JM, r>>lv.LSh
	return lv.Off + layer*lv.LS + (j>>2)*lv.YB + (i>>2)*lv.XB, (j&3)<<2 | i&3
}

// BCPlan is the BC formats' part of a plan: the levels' map from virtual
// offsets to blocks, BC1's palette decode, and the format's block decoder
// and block size.
type BCPlan struct {
	BCLevels   [MaxLevels]BCLevel
	BC1        lanes.BC1Decode
	BlockDec   format.BlockDecodeFunc
	BlockBytes int
}

// bcKernel is the lane loop's kernel for the BC formats: the chunk's
// footprints, filtered or gathered into out from a window of decoded
// blocks of the texel data d; it reports false, writing nothing, where
// they make none.
func (p *Plan) bcKernel(d []byte, c *lanes.Set, out *lanes.Out) bool {
	fp, n := &c.FP, c.NP
	if c.BCW == nil {
		c.BCW = new(lanes.BCWindow)
	}
	w := c.BCW
	if !p.bcWindowOf(d, fp, n, w) {
		return false
	}
	if p.Key.Loop == LoopGather {
		lanes.BCGatherWindow(w, n, &c.Ch, out)
		return true
	}
	lanes.BCFilterWindow(w, fp, n, out)
	return true
}

// bcWindowOf makes w the window of the n footprints fp (n a multiple of
// 8), decoded, and reports whether they make one. The offsets of entries
// that the kernels do not take (fp.Slow: package sampler filters them through the reference)
// are replaced first by another entry's, so that they fall in the window.
func (p *Plan) bcWindowOf(d []byte, fp *lanes.Footprints, n int, w *lanes.BCWindow) bool {
	if n == 0 || n&7 != 0 || n > lanes.Chunk {
		return false
	}
	if fp.NSlow > 0 {
		var slow uint64
		for _, k := range fp.Slow[:fp.NSlow] {
			slow |= 1 << uint(k)
		}
		ref := -1
		for k := 0; k < n; k++ {
			if slow&(1<<uint(k)) == 0 {
				ref = k
				break
			}
		}
		if ref < 0 {
			return false // every entry is slow: nothing for the kernel
		}
		for _, k := range fp.Slow[:fp.NSlow] {
			for q := range fp.O {
				fp.O[q][k] = fp.O[q][ref]
			}
		}
	}
	v0 := fp.O[0][0]
	lv := &p.BCLevels[v0>>lanes.BCLevelShift]
	wp := &w.P
	*wp = lanes.BCWindowParams{Im: lv.IM, Jm: lv.JM, Jsh: int32(lv.JSh), Lsh: int32(lv.LSh), Key: v0 >> lv.LSh, Mx: lv.MX, My: lv.MY}
	// The origin half a window's width before the first texel's block, so
	// that a window around it does not wrap in its coordinates.
	if lv.MX != -1 {
		wp.Rx = (v0&lv.IM>>2 - lanes.BCWindowSlots/2) & lv.MX
	}
	if lv.MY != -1 {
		wp.Ry = (v0>>lv.JSh&lv.JM>>2 - lanes.BCWindowSlots/2) & lv.MY
	}
	if !lanes.BCWindowIndex(&fp.O, n, wp, &w.Idx) {
		return false
	}
	// The blocks' byte offsets, row by row (inside the data: the window's
	// blocks hold texels of the level and layer that footprints read).
	base := lv.Off + (v0&(1<<lanes.BCLevelShift-1))>>lv.LSh*lv.LS
	ns := int(wp.Bw * wp.Bh)
	s := 0
	lo, hi := int32(math.MaxInt32), int32(-1)
	for r := wp.By0; r < wp.By0+wp.Bh; r++ {
		row := base + (r+wp.Ry)&wp.My*lv.YB
		for c := wp.Bx0; c < wp.Bx0+wp.Bw; c++ {
			o := row + (c+wp.Rx)&wp.Mx*lv.XB
			w.Offs[s] = o
			lo, hi = min(lo, o), max(hi, o)
			s++
		}
	}
	for ; s&7 != 0; s++ {
		w.Offs[s] = w.Offs[0]
	}
	if lo < 0 || int(hi)+p.BlockBytes > len(d) {
		return false // (not so: the footprints' texels lie in the level)
	}
	if p.BC1.Palettes() {
		p.BC1.DecodeWindow(d, w, ns)
		return true
	}
	p.bcDecodeWindowGo(d, w, ns)
	return true
}

// bcDecodeWindowGo decodes the window's ns blocks with the format's block
// decoder into w.Tex.
func (p *Plan) bcDecodeWindowGo(d []byte, w *lanes.BCWindow, ns int) {
	nb := int32(p.BlockBytes)
	for s := range ns {
		o := w.Offs[s]
		p.BlockDec(d[o:o+nb], w.Tex[16*s:16*s+16])
	}
}
