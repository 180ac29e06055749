//go:build amd64 && !purego

package sampler

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// fetchPlan is fetchAsm's kernel and its parameters, chosen once per
// set-up (setupFetch; the set-up cache keeps it): what depends on the
// view, its format and the CPU alone.
type fetchPlan struct {
	kind   fetchKernel
	lv     [4]int32          // fetchRGBA8's level: w, h, row stride, first texel
	params lanes.FetchParams // fetchLayers' and fetchTab's
	dec    *rgba8Decode      // fetchTab's decode
}

// fetchKernel is the kernel of a set-up's fetches.
type fetchKernel uint8

const (
	fetchNone   fetchKernel = iota // runFetch2D's Go loop
	fetchRGBA8                     // lanes.FetchRGBA8: r8g8b8a8_unorm, 2D, texels 4 bytes apart
	fetchLayers                    // lanes.FetchRGBA8Layers: r8g8b8a8_unorm arrays and levels one texel wide
	fetchTab                       // lanes.FetchTab: the other 8-bit formats decoded through tables
)

// setupFetch chooses the set-up's fetch kernel (x.fast.fetch) for fetches
// of level 0 of 2D and 2D-array views on the specialised path with no
// swizzle, where every texel of the level in the view's layers lies inside
// data that int32 offsets reach (fetchInside), and for r8g8b8a8_unorm,
// whose kernels read the word 0 for a lane outside the level, where that
// decodes to the format's zero texel (it does: (+0, +0, +0, +0)); the
// table kernel reads byte 0 of each channel there, the format's decode of
// zero memory.
func (x *exec) setupFetch() {
	x.fast.fetch = fetchPlan{}
	if !lanes.AsmKernels || !x.fast.on || x.swz {
		return
	}
	lv := &x.fast.levels[0]
	first := lv.Off + x.view.BaseLayer*lv.LS
	if dec := x.fast.dec.RGBA8(); dec != nil && x.fast.dec != decodeRGBA8Unorm {
		if x.fetchInside(lv, int(dec.Size)) {
			x.fast.fetch = fetchPlan{kind: fetchTab, dec: dec}
			x.setFetch(&x.fast.fetch.params, lv, first)
		}
		return
	}
	z := &x.zeroTexel
	if x.fast.dec != decodeRGBA8Unorm || math.Float32bits(z[0])|math.Float32bits(z[1])|math.Float32bits(z[2])|math.Float32bits(z[3]) != 0 ||
		!x.fetchInside(lv, 4) {
		return
	}
	if x.array || lv.XS != 4 {
		x.fast.fetch.kind = fetchLayers
		x.setFetch(&x.fast.fetch.params, lv, first)
		return
	}
	x.fast.fetch = fetchPlan{kind: fetchRGBA8, lv: [4]int32{lv.W, lv.H, int32(lv.YS), int32(first)}}
}

// fetchAsm is fetchVec in assembly: runFetch2D's bounds checks, offsets
// and decode eight or sixteen lanes at a time with the set-up's kernel
// (setupFetch), for requests with every lane active, no offsets, no
// levels (level 0) and a multiple of 8 lanes, straight into the result's
// rows; it reports false (and does nothing) for the others. A lane outside
// the level (or the view's layers) reads as the format's zero texel.
func (x *exec) fetchAsm(req *Request, res *Result) bool {
	n := req.Lanes
	if x.fast.fetch.kind == fetchNone || n&7 != 0 || n == 0 || req.Active != nil || req.Level != nil ||
		req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil {
		return false
	}
	x.fetchRun(req, res)
	return true
}

// fetchRun is fetchAsm for a request it takes (and the set-up cache's hot
// road, whose test implies fetchAsm's): the set-up's kernel.
func (x *exec) fetchRun(req *Request, res *Result) {
	f := &x.fast.fetch
	n := req.Lanes
	d := &x.surf.Data[0]
	tx, ty := req.Texel[0][:n], req.Texel[1][:n]
	// The result's rows hold n lanes (Result.resize).
	r, g, b, a := &res.Bits[0][0], &res.Bits[1][0], &res.Bits[2][0], &res.Bits[3][0]
	if f.kind == fetchRGBA8 {
		lanes.FetchRGBA8(d, &tx[0], &ty[0], n, &f.lv, r, g, b, a)
		return
	}
	var tl *int32 // the layers, on array views
	if x.array {
		tl = &req.Texel[2][:n][0]
	}
	if f.kind == fetchTab {
		lanes.FetchTab(d, &tx[0], &ty[0], tl, n, &f.params, f.dec, r, g, b, a)
	} else {
		lanes.FetchRGBA8Layers(d, &tx[0], &ty[0], tl, n, &f.params, r, g, b, a)
	}
}

// fetchInside reports whether lv's texels (size bytes each) in the view's
// layers lie inside data no longer than int32 offsets reach, so that
// fetchAsm's kernels may take the set-up's requests.
func (x *exec) fetchInside(lv *fastLevel, size int) bool {
	if len(x.surf.Data) >= math.MaxInt32 {
		return false // the offsets are int32, as the lane loop's (setupLaneLoop)
	}
	layers := 1
	if x.array {
		layers = x.layers
	}
	return x.levelInside(lv, layers, size)
}

// setFetch fills p for fetches of lv's texels from byte first (the view's
// first layer): what lanes.FetchTab and lanes.FetchRGBA8Layers take.
func (x *exec) setFetch(p *lanes.FetchParams, lv *fastLevel, first int) {
	*p = lanes.FetchParams{W: lv.W, H: lv.H, Xs: int32(lv.XS), Ys: int32(lv.YS), First: int32(first), Layers: 1, Ls: int32(lv.LS)}
	if x.array {
		p.Layers = int32(x.layers)
	}
}
