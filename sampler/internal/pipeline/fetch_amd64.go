//go:build amd64 && !purego

package pipeline

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// FetchPlan is a set-up's fetch kernel and its parameters (SetupFetch):
// what depends on the view, its format and the CPU alone. Its zero value
// takes no request.
type FetchPlan struct {
	kind   FetchKernel
	lv     [4]int32           // FetchRGBA8's level: w, h, row stride, first texel
	params lanes.FetchParams  // FetchLayers' and FetchTab's
	dec    *lanes.RGBA8Decode // FetchTab's decode
}

// Kind returns the plan's kernel (FetchNone: it takes no request).
func (f *FetchPlan) Kind() FetchKernel { return f.kind }

// SetupFetch chooses the kernel for fetches of level lv (the view's level
// 0) of a 2D or 2D-array view (array; layers layers from base) whose
// format's decoder is dec, over texel data of dataLen bytes: where every
// texel of the level in the view's layers lies inside data that int32
// offsets reach, the table kernel for the 8-bit formats other than
// r8g8b8a8_unorm (it reads byte 0 of each channel for a lane outside the
// level, the format's decode of zero memory), and for r8g8b8a8_unorm,
// whose kernels read the word 0 for a lane outside the level, where that
// decodes to the format's zero texel (zero: its four values are +0).
// Where the CPU lacks the assembly's features it chooses none.
func (f *FetchPlan) SetupFetch(dec lanes.Decoder, lv *Level, base int, array bool, layers int, zero bool, dataLen int) {
	*f = FetchPlan{}
	if !lanes.AsmKernels {
		return
	}
	if !array {
		layers = 1
	}
	first := lv.Off + base*lv.LS
	if d := dec.RGBA8(); d != nil && dec != lanes.DecodeRGBA8Unorm {
		if fetchInside(lv, base, layers, int(d.Size), dataLen) {
			*f = FetchPlan{kind: FetchTab, dec: d}
			f.setParams(lv, first, array, layers)
		}
		return
	}
	if dec != lanes.DecodeRGBA8Unorm || !zero || !fetchInside(lv, base, layers, 4, dataLen) {
		return
	}
	if array || lv.XS != 4 {
		f.kind = FetchLayers
		f.setParams(lv, first, array, layers)
		return
	}
	*f = FetchPlan{kind: FetchRGBA8, lv: [4]int32{lv.W, lv.H, int32(lv.YS), int32(first)}}
}

// setParams fills the parameters for fetches of lv's texels from byte
// first (the view's first layer): what lanes.FetchTab and
// lanes.FetchRGBA8Layers take.
func (f *FetchPlan) setParams(lv *Level, first int, array bool, layers int) {
	f.params = lanes.FetchParams{W: lv.W, H: lv.H, Xs: int32(lv.XS), Ys: int32(lv.YS), First: int32(first), Layers: 1, Ls: int32(lv.LS)}
	if array {
		f.params.Layers = int32(layers)
	}
}

// Fetch runs the bounds checks, offsets and decode of n lanes (a
// multiple of 8; every lane active, no offsets, level 0: package
// sampler's checks) eight or sixteen at a time with the set-up's kernel,
// the texel data at d, the lanes' texel coordinates texel (the layers
// read on array views), straight into the result's rows bits, which hold
// n lanes; it reports false (and does nothing) where the plan has no
// kernel or n is not a multiple of 8. A lane outside the level (or the
// view's layers) reads as the format's zero texel.
func (f *FetchPlan) Fetch(d *byte, texel *[4][]int32, n int, array bool, bits *[4][]uint32) bool {
	if f.kind == FetchNone || n&7 != 0 || n == 0 {
		return false
	}
	tx, ty := texel[0][:n], texel[1][:n]
	r, g, b, a := &bits[0][0], &bits[1][0], &bits[2][0], &bits[3][0]
	if f.kind == FetchRGBA8 {
		lanes.FetchRGBA8(d, &tx[0], &ty[0], n, &f.lv, r, g, b, a)
		return true
	}
	var tl *int32 // the layers, on array views
	if array {
		tl = &texel[2][:n][0]
	}
	if f.kind == FetchTab {
		lanes.FetchTab(d, &tx[0], &ty[0], tl, n, &f.params, f.dec, r, g, b, a)
	} else {
		lanes.FetchRGBA8Layers(d, &tx[0], &ty[0], tl, n, &f.params, r, g, b, a)
	}
	return true
}

// fetchInside reports whether lv's texels (size bytes each) in the
// view's layers lie inside data no longer than int32 offsets reach, so
// that the fetch kernels may take the set-up's requests.
func fetchInside(lv *Level, base, layers, size, dataLen int) bool {
	if dataLen >= math.MaxInt32 {
		return false // the offsets are int32, as the lane loop's
	}
	return LevelInside(lv, base, layers, size, dataLen)
}
