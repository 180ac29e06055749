//go:build amd64 && !purego

package sampler

import "github.com/texunit/texunit/sampler/internal/lanes"

// The window stages of the BC kernels in assembly (bcwindow_amd64.s):
// each wrapper reports false, doing nothing, where the assembly does not
// take the call (no AVX2, a chunk not a multiple of 8, a block outside
// the data), and the caller runs the Go form (bcwindow.go). The results
// are the Go forms' bits (TestBCWindowAsmAgrees).

// bcWindowIndexAsm is bcWindowIndexGo (ok) where taken.
func bcWindowIndexAsm(o *[4][laneChunk]int32, n int, p *bcWindowParams, idx *[4][laneChunk]int32) (ok, taken bool) {
	if !lanes.AsmKernels || n == 0 || n&7 != 0 || n > laneChunk {
		return false, false
	}
	return bcWindowIndex(o, n, p, idx), true
}

// bc1DecodeWindowAsm is bc1DecodeWindowGo, where every block at w.offs[0,
// ns) lies inside d (as bcWindowOf checks; a BC2 or BC3 block's colour at
// its offset + 8, which the assembly reads from d + 8): the palettes of the blocks up
// to ns rounded up to a multiple of 8 (whose offsets bcWindowOf repeats),
// the texels of the blocks up to ns.
func bc1DecodeWindowAsm(d []byte, dec *bc1Decode, w *bcWindow, ns int) bool {
	if !lanes.AsmKernels || ns <= 0 || ns > bcWindowSlots || dec.tab == nil {
		return false
	}
	bc1DecodeWindow(&d[dec.colourOffset()], &w.offs, ns, dec, &w.tex, &w.pal)
	return true
}

// bcFilterWindowAsm is bcFilterWindowGo (every place in w.idx is inside
// w.tex: bcWindowIndex makes them so).
func bcFilterWindowAsm(w *bcWindow, fp *footprints, n int, out *chunkOut) bool {
	if !lanes.AsmKernels || n == 0 || n&7 != 0 || n > laneChunk {
		return false
	}
	bcFilterWindow(&w.tex, &w.idx, &fp.FA, &fp.FB, n, out)
	return true
}

// bcGatherWindowAsm is bcGatherWindowGo.
func bcGatherWindowAsm(w *bcWindow, n int, ch *[laneChunk]uint8, out *chunkOut) bool {
	if !lanes.AsmKernels || n == 0 || n&7 != 0 || n > laneChunk {
		return false
	}
	bcGatherWindow(&w.tex, &w.idx, ch, n, out)
	return true
}

// bcWindowIndex is bcWindowIndexGo for n a multiple of 8.
//

// asmOne is the assembly's 1.0 (bcwindow_amd64.s).
var asmOne float32 = 1

//go:noescape
func bcWindowIndex(o *[4][laneChunk]int32, n int, p *bcWindowParams, idx *[4][laneChunk]int32) bool

// bc1DecodeWindow decodes the BC1 blocks at offs[0, ns) of d (each
// inside d, and offs[ns, ns rounded up to 8) repeating offs[0]) into tex,
// as bc1DecodeWindowGo does; pal is its scratch.
//
//go:noescape
func bc1DecodeWindow(d *byte, offs *[bcWindowSlots]int32, ns int, dec *bc1Decode, tex *[bcWindowSlots * 16][4]float32, pal *[2][8][4][4]float32)

// bcFilterWindow writes out[c][k] = (((0 + w00·t00) + w10·t10) + w01·t01)
// + w11·t11, tq = tex[idx[q][k]>>4][c], the weights lanes.BilinearWeights(fa[k],
// fb[k]), k < n (a multiple of 8).
//
//go:noescape
func bcFilterWindow(tex *[bcWindowSlots * 16][4]float32, idx *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)

// bcGatherWindow writes out[r][k] = tex[idx[lanes.GatherTexel[r]][k]>>4][ch[k]&3],
// k < n (a multiple of 8).
//
//go:noescape
func bcGatherWindow(tex *[bcWindowSlots * 16][4]float32, idx *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut)
