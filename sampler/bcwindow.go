package sampler

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// Windows of decoded blocks: the lane loop's kernels for the BC formats.
// A chunk's footprints at one level (the hi or the lo level of its
// entries) read texels of a few neighbouring blocks — a 64-lane request of
// 2×2 quads covers a strip of them. When every footprint of the chunk
// lies at one level and layer and the blocks they touch fit in a rectangle
// of at most lanes.BCWindowSlots blocks (the window), the kernel
//
//  1. maps each footprint texel's virtual offset to the window slot of its
//     block and its index in the block (bcWindowIndex, with the window's
//     bounds),
//  2. decodes each of the window's blocks once into a table of texels,
//     one row per channel (bc1DecodeWindow for BC1: its palette from the
//     exact-fraction tables, lanes' bc1tables.go; the format's block decoder for
//     the others), and
//  3. filters or gathers from the table (bcFilterWindow, bcGatherWindow:
//     the texels by their table indices, the bilinear kernels' arithmetic).
//
// Other chunks (footprints on two levels, a cube footprint across a face
// edge, a wrap from one side of the level to the other that makes the
// rectangle too large) read their texels through the request's bcCache
// (bilinearBCLanesGo, gatherBCLanesGo). The window's kernels (steps 1 to 3
// for BC1–BC3) are package lanes' (lanes.BCWindowIndex,
// BC1Decode.DecodeWindow, lanes.BCFilterWindow, lanes.BCGatherWindow),
// on amd64 with AVX2 in assembly (bcwindow_amd64.s) with Go forms as their
// reference, eight entries or blocks per instruction. The window is the
// working set's (laneSet.BCW) and is rebuilt for every chunk and level:
// nothing decoded outlives the request.

// bcKernel is the lane loop's kernel for the BC formats: the chunk's
// footprints, filtered or gathered into out from a window of decoded
// blocks, or through the request's cache where they make none.
func (x *exec) bcKernel(c *laneSet, out *chunkOut) {
	fp, n := &c.FP, c.NP
	if c.BCW == nil {
		c.BCW = new(lanes.BCWindow)
	}
	w := c.BCW
	if !x.bcWindowOf(fp, n, w) {
		if x.fast.lanes == laneGather {
			x.gatherBCLanesGo(fp, n, &c.Ch, out)
		} else {
			x.bilinearBCLanesGo(fp, n, out)
		}
		return
	}
	if x.fast.lanes == laneGather {
		lanes.BCGatherWindow(w, n, &c.Ch, out)
		return
	}
	lanes.BCFilterWindow(w, fp, n, out)
}

// bcWindowOf makes w the window of the n footprints fp (n a multiple of
// 8), decoded, and reports whether they make one. The offsets of entries
// that the kernels do not take (fp.slow: slowFootprints filters them)
// are replaced first by another entry's, so that they fall in the window.
func (x *exec) bcWindowOf(fp *footprints, n int, w *lanes.BCWindow) bool {
	if n == 0 || n&7 != 0 || n > laneChunk {
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
	lv := &x.bcLevels[v0>>bcLevelShift]
	p := &w.P
	*p = lanes.BCWindowParams{Im: lv.IM, Jm: lv.JM, Jsh: int32(lv.JSh), Lsh: int32(lv.LSh), Key: v0 >> lv.LSh, Mx: lv.MX, My: lv.MY}
	// The origin half a window's width before the first texel's block, so
	// that a window around it does not wrap in its coordinates.
	if lv.MX != -1 {
		p.Rx = (v0&lv.IM>>2 - lanes.BCWindowSlots/2) & lv.MX
	}
	if lv.MY != -1 {
		p.Ry = (v0>>lv.JSh&lv.JM>>2 - lanes.BCWindowSlots/2) & lv.MY
	}
	if !lanes.BCWindowIndex(&fp.O, n, p, &w.Idx) {
		return false
	}
	// The blocks' byte offsets, row by row (inside the data: the window's
	// blocks hold texels of the level and layer that footprints read).
	base := lv.Off + (v0&(1<<bcLevelShift-1))>>lv.LSh*lv.LS
	ns := int(p.Bw * p.Bh)
	s := 0
	lo, hi := int32(math.MaxInt32), int32(-1)
	for r := p.By0; r < p.By0+p.Bh; r++ {
		row := base + (r+p.Ry)&p.My*lv.YB
		for c := p.Bx0; c < p.Bx0+p.Bw; c++ {
			o := row + (c+p.Rx)&p.Mx*lv.XB
			w.Offs[s] = o
			lo, hi = min(lo, o), max(hi, o)
			s++
		}
	}
	for ; s&7 != 0; s++ {
		w.Offs[s] = w.Offs[0]
	}
	if lo < 0 || int(hi)+x.blockBytes > len(x.surf.Data) {
		return false // (not so: the footprints' texels lie in the level)
	}
	if x.bc1.Palettes() {
		x.bc1.DecodeWindow(x.surf.Data, w, ns)
		return true
	}
	x.bcDecodeWindowGo(w, ns)
	return true
}

// bcDecodeWindowGo decodes the window's ns blocks with the format's block
// decoder into w.Tex.
func (x *exec) bcDecodeWindowGo(w *lanes.BCWindow, ns int) {
	d, nb := x.surf.Data, int32(x.blockBytes)
	for s := range ns {
		o := w.Offs[s]
		x.blockDec(d[o:o+nb], w.Tex[16*s:16*s+16])
	}
}
