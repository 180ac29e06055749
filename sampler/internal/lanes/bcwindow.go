package lanes

import "math"

// The BC formats' window kernels (sampler's bcwindow.go makes the window
// of a chunk's footprints): the window's bounds and its texels' places,
// BC1's palettes (BC2's and BC3's colours), and the bilinear and gather
// kernels on the decoded texels — in Go, and in assembly
// (bcwindow_amd64.s) where the build and the CPU have it.

// BCLevelShift is the bit of a BC format's virtual texel offset (sampler's
// bc.go) where the relative level starts; the layer, row and column lie
// below it.
const BCLevelShift = 26

// BCWindowSlots is the most blocks a window holds.
const BCWindowSlots = 64

// BCWindow is a chunk's window: its blocks' byte offsets, their decoded
// texels and each footprint texel's place among them.
type BCWindow struct {
	// tex holds texel t (row-major in its block) of the window's block s
	// at tex[16·s+t].
	Tex [BCWindowSlots * 16][4]float32
	// idx holds the byte offset in tex of texel q of entry k's footprint:
	// the texel is tex[idx[q][k]>>4].
	Idx [4][Chunk]int32
	// offs holds the byte offset of block s, row-major over the window;
	// the entries from the window's size to the next multiple of 8 repeat
	// the first.
	Offs [BCWindowSlots]int32
	P    BCWindowParams
	// pal is the assembly BC1 decode's scratch: the palettes of eight
	// blocks by channel (entries [c][e] of 8 blocks) and by block (entries
	// [b][e] of 4 channels).
	pal [2][8][4][4]float32
}

// BCWindowParams are a window's level and its place. The window is a
// rectangle of block columns and rows counted from (rx, ry) and wrapped
// with the level's masks mx, my (bcLevel): block column bx is the
// window's column ((bx − rx) & mx) − bx0, so that a chunk whose
// footprints wrap around a level whose size is a power of two still makes
// a small window. The assembly reads the fields through go_asm.h.
type BCWindowParams struct {
	Im, Jm   int32 // the level's masks of i and j
	Jsh, Lsh int32 // the bits where j and the layer start
	Key      int32 // virtual offset >> lsh of every texel: the level and the layer
	Rx, Ry   int32 // the origin of the window's block coordinates
	Mx, My   int32 // the level's block masks
	// The window, set by bcWindowIndex: its first column and row and its
	// size, in the block coordinates above.
	Bx0, By0, Bw, Bh int32
}

// bcWindowIndexGo sets p's window to the blocks of the n footprints o,
// and idx to their texels' places in it: texel (i, j) at window column
// ((i>>2 − rx) & mx) − bx0 and row ((j>>2 − ry) & my) − by0 (its byte
// offset in BCWindow.tex). The
// footprints are a grid, as the footprint stages make them: texel (i1,
// j0) has the column of (i1, j1) and the row, layer and level of (i0,
// j0), texel (i0, j1) the column of (i0, j0) and the rest of (i1, j1); so
// the bounds are those of texels (i0, j0) and (i1, j1). It reports false
// (p's window and idx unspecified) where a footprint is not such a grid
// (a cube footprint across a face edge), where texel (i0, j0) or (i1, j1)
// has another key above bit p.Lsh (another level or layer), or where the
// blocks span more than BCWindowSlots.
func bcWindowIndexGo(o *[4][Chunk]int32, n int, p *BCWindowParams, idx *[4][Chunk]int32) bool {
	im, jm, jsh, lsh, key := p.Im, p.Jm, p.Jsh, p.Lsh, p.Key
	rx, ry, mx, my := p.Rx, p.Ry, p.Mx, p.My
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
	if bw > BCWindowSlots || bh > BCWindowSlots || bw*bh > BCWindowSlots {
		return false
	}
	p.Bx0, p.By0, p.Bw, p.Bh = bx0, by0, bw, bh
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

// DecodeWindow decodes the window's ns blocks of a format with BC1's
// colour blocks (BC1, BC2, BC3; at w.Offs in d) into w.Tex: the colours
// (bc1DecodeWindowAsm, or bc1DecodeWindowGo), then BC2's or BC3's alpha.
func (dec *BC1Decode) DecodeWindow(d []byte, w *BCWindow, ns int) {
	if !bc1DecodeWindowAsm(d, dec, w, ns) {
		bc1DecodeWindowGo(d, dec, w, ns)
	}
	if dec.alpha != alphaNone {
		bcAlphaWindow(d, dec, w, ns)
	}
}

// bc1DecodeWindowGo decodes the colour blocks of the window's ns blocks
// (at w.Offs plus the colour's offset in d) into w.Tex: each texel the
// colour of the block's palette that its 2-bit index picks (texel t's
// index at bits 2t, 2t+1 of the colour block's last four bytes).
func bc1DecodeWindowGo(d []byte, dec *BC1Decode, w *BCWindow, ns int) {
	for s := range ns {
		o := w.Offs[s] + dec.colourOffset()
		b := d[o : o+8 : o+8]
		pal := dec.palette(b)
		idx := uint32(b[4]) | uint32(b[5])<<8 | uint32(b[6])<<16 | uint32(b[7])<<24
		for t := range 16 {
			e := idx >> (2 * uint(t)) & 3
			w.Tex[16*s+t] = [4]float32{pal[0][e], pal[1][e], pal[2][e], pal[3][e]}
		}
	}
}

// bcFilterWindowGo is the bilinear kernel on a window: bilinearBCLanesGo's
// arithmetic on the texels of w.Tex at w.Idx.
func bcFilterWindowGo(w *BCWindow, fp *Footprints, n int, out *Out) {
	for k := 0; k < n; k++ {
		w00, w10, w01, w11 := BilinearWeights(fp.FA[k], fp.FB[k])
		t00, t10, t01, t11 := &w.Tex[w.Idx[0][k]>>4], &w.Tex[w.Idx[1][k]>>4], &w.Tex[w.Idx[2][k]>>4], &w.Tex[w.Idx[3][k]>>4]
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
func bcGatherWindowGo(w *BCWindow, n int, ch *[Chunk]uint8, out *Out) {
	for k := 0; k < n; k++ {
		c := ch[k] & 3
		for r, q := range GatherTexel {
			out[r][k] = w.Tex[w.Idx[q][k]>>4][c]
		}
	}
}

// BCWindowIndex sets p's window to the blocks of the n footprints o and
// idx to their texels' places in it (bcWindowIndexGo, in assembly where it
// takes the call); it reports whether the footprints make a window.
func BCWindowIndex(o *[4][Chunk]int32, n int, p *BCWindowParams, idx *[4][Chunk]int32) bool {
	ok, taken := bcWindowIndexAsm(o, n, p, idx)
	if !taken {
		ok = bcWindowIndexGo(o, n, p, idx)
	}
	return ok
}

// BCFilterWindow is the bilinear kernel on the window w (bcFilterWindowGo,
// in assembly where it takes the call).
func BCFilterWindow(w *BCWindow, fp *Footprints, n int, out *Out) {
	if !bcFilterWindowAsm(w, fp, n, out) {
		bcFilterWindowGo(w, fp, n, out)
	}
}

// BCGatherWindow is the gather kernel on the window w (bcGatherWindowGo,
// in assembly where it takes the call).
func BCGatherWindow(w *BCWindow, n int, ch *[Chunk]uint8, out *Out) {
	if !bcGatherWindowAsm(w, n, ch, out) {
		bcGatherWindowGo(w, n, ch, out)
	}
}

// Palettes reports whether dec decodes BC1's colour blocks from their
// palettes (DecodeWindow): BC1, BC2 and BC3; the other formats' windows
// decode with their own block decoder.
func (dec *BC1Decode) Palettes() bool { return dec.tab != nil }
