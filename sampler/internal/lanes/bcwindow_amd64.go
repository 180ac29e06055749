//go:build amd64 && !purego

package lanes

// The window stages of the BC kernels in assembly (bcwindow_amd64.s):
// each wrapper reports false, doing nothing, where the assembly does not
// take the call (no AVX2, a chunk not a multiple of 8, a block outside
// the data), and the caller runs the Go form (bcwindow.go). The results
// are the Go forms' bits (TestBCWindowAsmAgrees).

// bcWindowIndexAsm is bcWindowIndexGo (ok) where taken.
func bcWindowIndexAsm(o *[4][Chunk]int32, n int, p *BCWindowParams, idx *[4][Chunk]int32) (ok, taken bool) {
	if !AsmKernels || n == 0 || n&7 != 0 || n > Chunk {
		return false, false
	}
	return bcWindowIndex(o, n, p, idx), true
}

// bc1DecodeWindowAsm is bc1DecodeWindowGo, where every block at w.Offs[0,
// ns) lies inside d (as bcWindowOf checks; a BC2 or BC3 block's colour at
// its offset + 8, which the assembly reads from d + 8): the palettes of the blocks up
// to ns rounded up to a multiple of 8 (whose offsets bcWindowOf repeats),
// the texels of the blocks up to ns.
func bc1DecodeWindowAsm(d []byte, dec *BC1Decode, w *BCWindow, ns int) bool {
	if !AsmKernels || ns <= 0 || ns > BCWindowSlots || dec.tab == nil {
		return false
	}
	bc1DecodeWindow(&d[dec.colourOffset()], &w.Offs, ns, dec, &w.Tex, &w.pal)
	return true
}

// bcFilterWindowAsm is bcFilterWindowGo (every place in w.Idx is inside
// w.Tex: bcWindowIndex makes them so).
func bcFilterWindowAsm(w *BCWindow, fp *Footprints, n int, out *Out) bool {
	if !AsmKernels || n == 0 || n&7 != 0 || n > Chunk {
		return false
	}
	bcFilterWindow(&w.Tex, &w.Idx, &fp.FA, &fp.FB, n, out)
	return true
}

// bcGatherWindowAsm is bcGatherWindowGo.
func bcGatherWindowAsm(w *BCWindow, n int, ch *[Chunk]uint8, out *Out) bool {
	if !AsmKernels || n == 0 || n&7 != 0 || n > Chunk {
		return false
	}
	bcGatherWindow(&w.Tex, &w.Idx, ch, n, out)
	return true
}

// bcWindowIndex is bcWindowIndexGo for n a multiple of 8.
//
//go:noescape
func bcWindowIndex(o *[4][Chunk]int32, n int, p *BCWindowParams, idx *[4][Chunk]int32) bool

// bc1DecodeWindow decodes the BC1 blocks at offs[0, ns) of d (each
// inside d, and offs[ns, ns rounded up to 8) repeating offs[0]) into tex,
// as bc1DecodeWindowGo does; pal is its scratch.
//
//go:noescape
func bc1DecodeWindow(d *byte, offs *[BCWindowSlots]int32, ns int, dec *BC1Decode, tex *[BCWindowSlots * 16][4]float32, pal *[2][8][4][4]float32)

// bcFilterWindow writes out[c][k] = (((0 + w00·t00) + w10·t10) + w01·t01)
// + w11·t11, tq = tex[idx[q][k]>>4][c], the weights BilinearWeights(fa[k],
// fb[k]), k < n (a multiple of 8).
//
//go:noescape
func bcFilterWindow(tex *[BCWindowSlots * 16][4]float32, idx *[4][Chunk]int32, fa, fb *[Chunk]float32, n int, out *Out)

// bcGatherWindow writes out[r][k] = tex[idx[GatherTexel[r]][k]>>4][ch[k]&3],
// k < n (a multiple of 8).
//
//go:noescape
func bcGatherWindow(tex *[BCWindowSlots * 16][4]float32, idx *[4][Chunk]int32, ch *[Chunk]uint8, n int, out *Out)
