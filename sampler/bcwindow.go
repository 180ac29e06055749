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
// of at most bcWindowSlots blocks (the window), the kernel
//
//  1. maps each footprint texel's virtual offset to the window slot of its
//     block and its index in the block (bcWindowIndex, with the window's
//     bounds),
//  2. decodes each of the window's blocks once into a table of texels,
//     one row per channel (bc1DecodeWindow for BC1: its palette from the
//     exact-fraction tables, bc1tables.go; the format's block decoder for
//     the others), and
//  3. filters or gathers from the table (bcFilterWindow, bcGatherWindow:
//     the texels by their table indices, the bilinear kernels' arithmetic).
//
// Other chunks (footprints on two levels, a cube footprint across a face
// edge, a wrap from one side of the level to the other that makes the
// rectangle too large) read their texels through the request's bcCache
// (bilinearBCLanesGo, gatherBCLanesGo). On amd64 with AVX2 the stages run
// in assembly (bcwindow_amd64.s) with the Go forms below as their
// reference, eight entries or blocks per instruction. The window is the
// working set's (laneSet.bcw) and is rebuilt for every chunk and level:
// nothing decoded outlives the request.

// bcWindowSlots is the most blocks a window holds.
const bcWindowSlots = 64

// bcWindow is a chunk's window: its blocks' byte offsets, their decoded
// texels and each footprint texel's place among them.
type bcWindow struct {
	// tex holds texel t (row-major in its block) of the window's block s
	// at tex[16·s+t].
	tex [bcWindowSlots * 16][4]float32
	// idx holds the byte offset in tex of texel q of entry k's footprint:
	// the texel is tex[idx[q][k]>>4].
	idx [4][laneChunk]int32
	// offs holds the byte offset of block s, row-major over the window;
	// the entries from the window's size to the next multiple of 8 repeat
	// the first.
	offs [bcWindowSlots]int32
	p    bcWindowParams
	// pal is the assembly BC1 decode's scratch: the palettes of eight
	// blocks by channel (entries [c][e] of 8 blocks) and by block (entries
	// [b][e] of 4 channels).
	pal [2][8][4][4]float32
}

// bcWindowParams are a window's level and its place. The window is a
// rectangle of block columns and rows counted from (rx, ry) and wrapped
// with the level's masks mx, my (bcLevel): block column bx is the
// window's column ((bx − rx) & mx) − bx0, so that a chunk whose
// footprints wrap around a level whose size is a power of two still makes
// a small window. The assembly reads the fields through go_asm.h.
type bcWindowParams struct {
	im, jm   int32 // the level's masks of i and j
	jsh, lsh int32 // the bits where j and the layer start
	key      int32 // virtual offset >> lsh of every texel: the level and the layer
	rx, ry   int32 // the origin of the window's block coordinates
	mx, my   int32 // the level's block masks
	// The window, set by bcWindowIndex: its first column and row and its
	// size, in the block coordinates above.
	bx0, by0, bw, bh int32
}

// bcKernel is the lane loop's kernel for the BC formats: the chunk's
// footprints, filtered or gathered into out from a window of decoded
// blocks, or through the request's cache where they make none.
func (x *exec) bcKernel(c *laneSet, out *chunkOut) {
	fp, n := &c.fp, c.np
	if c.bcw == nil {
		c.bcw = new(bcWindow)
	}
	w := c.bcw
	if !x.bcWindowOf(fp, n, w) {
		if x.fast.lanes == laneGather {
			x.gatherBCLanesGo(fp, n, &c.ch, out)
		} else {
			x.bilinearBCLanesGo(fp, n, out)
		}
		return
	}
	if x.fast.lanes == laneGather {
		if !bcGatherWindowAsm(w, n, &c.ch, out) {
			bcGatherWindowGo(w, n, &c.ch, out)
		}
		return
	}
	if !bcFilterWindowAsm(w, fp, n, out) {
		bcFilterWindowGo(w, fp, n, out)
	}
}

// bcWindowOf makes w the window of the n footprints fp (n a multiple of
// 8), decoded, and reports whether they make one. The offsets of entries
// that the kernels do not take (fp.slow: slowFootprints filters them)
// are replaced first by another entry's, so that they fall in the window.
func (x *exec) bcWindowOf(fp *footprints, n int, w *bcWindow) bool {
	if n == 0 || n&7 != 0 || n > laneChunk {
		return false
	}
	if fp.nslow > 0 {
		var slow uint64
		for _, k := range fp.slow[:fp.nslow] {
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
		for _, k := range fp.slow[:fp.nslow] {
			for q := range fp.O {
				fp.O[q][k] = fp.O[q][ref]
			}
		}
	}
	v0 := fp.O[0][0]
	lv := &x.bcLevels[v0>>bcLevelShift]
	p := &w.p
	*p = bcWindowParams{im: lv.im, jm: lv.jm, jsh: int32(lv.jsh), lsh: int32(lv.lsh), key: v0 >> lv.lsh, mx: lv.mx, my: lv.my}
	// The origin half a window's width before the first texel's block, so
	// that a window around it does not wrap in its coordinates.
	if lv.mx != -1 {
		p.rx = (v0&lv.im>>2 - bcWindowSlots/2) & lv.mx
	}
	if lv.my != -1 {
		p.ry = (v0>>lv.jsh&lv.jm>>2 - bcWindowSlots/2) & lv.my
	}
	ok, taken := bcWindowIndexAsm(&fp.O, n, p, &w.idx)
	if !taken {
		ok = bcWindowIndexGo(&fp.O, n, p, &w.idx)
	}
	if !ok {
		return false
	}
	// The blocks' byte offsets, row by row (inside the data: the window's
	// blocks hold texels of the level and layer that footprints read).
	base := lv.off + (v0&(1<<bcLevelShift-1))>>lv.lsh*lv.ls
	ns := int(p.bw * p.bh)
	s := 0
	lo, hi := int32(math.MaxInt32), int32(-1)
	for r := p.by0; r < p.by0+p.bh; r++ {
		row := base + (r+p.ry)&p.my*lv.yb
		for c := p.bx0; c < p.bx0+p.bw; c++ {
			o := row + (c+p.rx)&p.mx*lv.xb
			w.offs[s] = o
			lo, hi = min(lo, o), max(hi, o)
			s++
		}
	}
	for ; s&7 != 0; s++ {
		w.offs[s] = w.offs[0]
	}
	if lo < 0 || int(hi)+x.blockBytes > len(x.surf.Data) {
		return false // (not so: the footprints' texels lie in the level)
	}
	if x.bc1.tab != nil {
		x.bc1.decodeWindow(x.surf.Data, w, ns)
		return true
	}
	x.bcDecodeWindowGo(w, ns)
	return true
}

// bcWindowIndexGo sets p's window to the blocks of the n footprints o,
// and idx to their texels' places in it: texel (i, j) at window column
// ((i>>2 − rx) & mx) − bx0 and row ((j>>2 − ry) & my) − by0 (its byte
// offset in bcWindow.tex). The
// footprints are a grid, as the footprint stages make them: texel (i1,
// j0) has the column of (i1, j1) and the row, layer and level of (i0,
// j0), texel (i0, j1) the column of (i0, j0) and the rest of (i1, j1); so
// the bounds are those of texels (i0, j0) and (i1, j1). It reports false
// (p's window and idx unspecified) where a footprint is not such a grid
// (a cube footprint across a face edge), where texel (i0, j0) or (i1, j1)
// has another key above bit p.lsh (another level or layer), or where the
// blocks span more than bcWindowSlots.
func bcWindowIndexGo(o *[4][laneChunk]int32, n int, p *bcWindowParams, idx *[4][laneChunk]int32) bool {
	im, jm, jsh, lsh, key := p.im, p.jm, p.jsh, p.lsh, p.key
	rx, ry, mx, my := p.rx, p.ry, p.mx, p.my
	bx0, bx1 := int32(math.MaxInt32), int32(-1)
	by0, by1 := bx0, bx1
	bad := int32(0)
	for k := range n {
		v0, v1, v2, v3 := o[0][k], o[1][k], o[2][k], o[3][k]
		bad |= (v0>>lsh ^ key) | (v3>>lsh ^ key) | (v1^v3)&im | (v1^v0)>>jsh | (v2^v0)&im | (v2^v3)>>jsh
		c0, c3 := (v0&im>>2-rx)&mx, (v3&im>>2-rx)&mx
		r0, r3 := (v0>>jsh&jm>>2-ry)&my, (v3>>jsh&jm>>2-ry)&my
		bx0, bx1 = min(bx0, c0, c3), max(bx1, c0, c3)
		by0, by1 = min(by0, r0, r3), max(by1, r0, r3)
	}
	if bad != 0 {
		return false
	}
	bw, bh := bx1-bx0+1, by1-by0+1
	if bw > bcWindowSlots || bh > bcWindowSlots || bw*bh > bcWindowSlots {
		return false
	}
	p.bx0, p.by0, p.bw, p.bh = bx0, by0, bw, bh
	// Each place as the sum of its row's part, (row·bw)<<8 + (j&3)<<6, and
	// its column's, col<<8 + (i&3)<<4: 16 bytes a texel.
	for k := range n {
		v0, v3 := o[0][k], o[3][k]
		i0, j0, i3, j3 := v0&im, v0>>jsh&jm, v3&im, v3>>jsh&jm
		a0 := ((j0>>2-ry)&my-by0)*bw<<8 + (j0&3)<<6
		a3 := ((j3>>2-ry)&my-by0)*bw<<8 + (j3&3)<<6
		b0 := ((i0>>2-rx)&mx-bx0)<<8 + (i0&3)<<4
		b3 := ((i3>>2-rx)&mx-bx0)<<8 + (i3&3)<<4
		idx[0][k], idx[1][k], idx[2][k], idx[3][k] = a0+b0, a0+b3, a3+b0, a3+b3
	}
	return true
}

// decodeWindow decodes the window's ns blocks of a format with BC1's
// colour blocks (BC1, BC2, BC3; at w.offs in d) into w.tex: the colours
// (bc1DecodeWindowAsm, or bc1DecodeWindowGo), then BC2's or BC3's alpha.
func (dec *bc1Decode) decodeWindow(d []byte, w *bcWindow, ns int) {
	if !bc1DecodeWindowAsm(d, dec, w, ns) {
		bc1DecodeWindowGo(d, dec, w, ns)
	}
	if dec.alpha != alphaNone {
		bcAlphaWindow(d, dec, w, ns)
	}
}

// bc1DecodeWindowGo decodes the colour blocks of the window's ns blocks
// (at w.offs plus the colour's offset in d) into w.tex: each texel the
// colour of the block's palette that its 2-bit index picks (texel t's
// index at bits 2t, 2t+1 of the colour block's last four bytes).
func bc1DecodeWindowGo(d []byte, dec *bc1Decode, w *bcWindow, ns int) {
	for s := range ns {
		o := w.offs[s] + dec.colourOffset()
		b := d[o : o+8 : o+8]
		pal := dec.palette(b)
		idx := uint32(b[4]) | uint32(b[5])<<8 | uint32(b[6])<<16 | uint32(b[7])<<24
		for t := range 16 {
			e := idx >> (2 * uint(t)) & 3
			w.tex[16*s+t] = [4]float32{pal[0][e], pal[1][e], pal[2][e], pal[3][e]}
		}
	}
}

// bcDecodeWindowGo decodes the window's ns blocks with the format's block
// decoder into w.tex.
func (x *exec) bcDecodeWindowGo(w *bcWindow, ns int) {
	d, nb := x.surf.Data, int32(x.blockBytes)
	for s := range ns {
		o := w.offs[s]
		x.blockDec(d[o:o+nb], w.tex[16*s:16*s+16])
	}
}

// bcFilterWindowGo is the bilinear kernel on a window: bilinearBCLanesGo's
// arithmetic on the texels of w.tex at w.idx.
func bcFilterWindowGo(w *bcWindow, fp *footprints, n int, out *chunkOut) {
	for k := 0; k < n; k++ {
		w00, w10, w01, w11 := lanes.BilinearWeights(fp.FA[k], fp.FB[k])
		t00, t10, t01, t11 := &w.tex[w.idx[0][k]>>4], &w.tex[w.idx[1][k]>>4], &w.tex[w.idx[2][k]>>4], &w.tex[w.idx[3][k]>>4]
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

// bcGatherWindowGo is the gather kernel on a window: each entry's channel
// ch of its four texels, in gather order.
func bcGatherWindowGo(w *bcWindow, n int, ch *[laneChunk]uint8, out *chunkOut) {
	for k := 0; k < n; k++ {
		c := ch[k] & 3
		for r, q := range lanes.GatherTexel {
			out[r][k] = w.tex[w.idx[q][k]>>4][c]
		}
	}
}
