package sampler

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
	// tex holds channel c of texel t (row-major in its block) of the
	// window's block s at tex[c][16·s+t].
	tex [4][bcWindowSlots * 16]float32
	// idx holds texel q of entry k's footprint at tex[·][idx[q][k]].
	idx [4][laneChunk]int32
	// offs holds the byte offset of block s, row-major over the window;
	// the entries from the window's size to the next multiple of 8 repeat
	// the first.
	offs [bcWindowSlots]int32
	// The window: its first block column and row, and its size in blocks.
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
			for q := range fp.o {
				fp.o[q][k] = fp.o[q][ref]
			}
		}
	}
	lv := &x.bcLevels[fp.o[0][0]>>bcLevelShift]
	if !bcWindowIndexAsm(&fp.o, n, lv, w) && !bcWindowIndexGo(&fp.o, n, lv, w) {
		return false
	}
	// The blocks' byte offsets, row by row (inside the data: the window
	// spans the blocks of texels the footprints read at one level and
	// layer).
	layer := (fp.o[0][0] & (1<<bcLevelShift - 1)) >> lv.lsh
	base := lv.off + layer*lv.ls
	ns := int(w.bw * w.bh)
	s := 0
	for by := w.by0; by < w.by0+w.bh; by++ {
		row := base + by*lv.yb
		for bx := w.bx0; bx < w.bx0+w.bw; bx++ {
			w.offs[s] = row + bx*lv.xb
			s++
		}
	}
	for ; s&7 != 0; s++ {
		w.offs[s] = w.offs[0]
	}
	if x.bc1.tab != nil {
		if !bc1DecodeWindowAsm(x.surf.Data, &x.bc1, w, ns) {
			bc1DecodeWindowGo(x.surf.Data, &x.bc1, w, ns)
		}
		return true
	}
	x.bcDecodeWindowGo(w, ns)
	return true
}

// bcWindowIndexGo sets w's window to the blocks of the n footprints o,
// which lie at level lv, and w.idx to their texels' places in it; it
// reports false (w unspecified) where the footprints lie on more than
// one level or layer, or their blocks span more than bcWindowSlots.
func bcWindowIndexGo(o *[4][laneChunk]int32, n int, lv *bcLevel, w *bcWindow) bool {
	key := o[0][0] >> lv.lsh // the level and the layer
	bx0, bx1 := int32(1<<30), int32(-1)
	by0, by1 := bx0, bx1
	for q := range o {
		for _, v := range o[q][:n] {
			if v>>lv.lsh != key {
				return false
			}
			bx, by := v&lv.im>>2, v>>lv.jsh&lv.jm>>2
			bx0, bx1 = min(bx0, bx), max(bx1, bx)
			by0, by1 = min(by0, by), max(by1, by)
		}
	}
	bw, bh := bx1-bx0+1, by1-by0+1
	if bw*bh > bcWindowSlots {
		return false
	}
	w.bx0, w.by0, w.bw, w.bh = bx0, by0, bw, bh
	for q := range o {
		for k, v := range o[q][:n] {
			i, j := v&lv.im, v>>lv.jsh&lv.jm
			s := (j>>2-by0)*bw + i>>2 - bx0
			w.idx[q][k] = s<<4 | (j&3)<<2 | i&3
		}
	}
	return true
}

// bc1DecodeWindowGo decodes the window's ns BC1 blocks (at w.offs in d)
// into w.tex: each texel the colour of the block's palette that its 2-bit
// index picks (texel t's index at bits 2t, 2t+1 of the block's last four
// bytes).
func bc1DecodeWindowGo(d []byte, dec *bc1Decode, w *bcWindow, ns int) {
	for s := range ns {
		o := w.offs[s]
		b := d[o : o+8 : o+8]
		pal := dec.palette(b)
		idx := uint32(b[4]) | uint32(b[5])<<8 | uint32(b[6])<<16 | uint32(b[7])<<24
		for t := range 16 {
			e := idx >> (2 * uint(t)) & 3
			for c := range pal {
				w.tex[c][16*s+t] = pal[c][e]
			}
		}
	}
}

// bcDecodeWindowGo decodes the window's ns blocks with the format's block
// decoder into w.tex.
func (x *exec) bcDecodeWindowGo(w *bcWindow, ns int) {
	d, nb := x.surf.Data, int32(x.blockBytes)
	var texels [16][4]float32
	for s := range ns {
		o := w.offs[s]
		x.blockDec(d[o:o+nb], texels[:])
		for t, v := range texels {
			w.tex[0][16*s+t], w.tex[1][16*s+t], w.tex[2][16*s+t], w.tex[3][16*s+t] = v[0], v[1], v[2], v[3]
		}
	}
}

// bcFilterWindowGo is the bilinear kernel on a window: bilinearBCLanesGo's
// arithmetic on the texels of w.tex at w.idx.
func bcFilterWindowGo(w *bcWindow, fp *footprints, n int, out *chunkOut) {
	for k := 0; k < n; k++ {
		w00, w10, w01, w11 := bilinearWeights(fp.fa[k], fp.fb[k])
		i00, i10, i01, i11 := w.idx[0][k], w.idx[1][k], w.idx[2][k], w.idx[3][k]
		for ch := range out {
			t := &w.tex[ch]
			a := float32(0)
			a += float32(w00 * t[i00])
			a += float32(w10 * t[i10])
			a += float32(w01 * t[i01])
			a += float32(w11 * t[i11])
			out[ch][k] = a
		}
	}
}

// bcGatherWindowGo is the gather kernel on a window: each entry's channel
// ch of its four texels, in gather order.
func bcGatherWindowGo(w *bcWindow, n int, ch *[laneChunk]uint8, out *chunkOut) {
	for k := 0; k < n; k++ {
		t := &w.tex[ch[k]&3]
		for r, q := range gatherTexel {
			out[r][k] = t[w.idx[q][k]]
		}
	}
}
