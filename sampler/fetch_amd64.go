//go:build amd64 && !purego

package sampler

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// fetchAsm is fetchVec in assembly: runFetch2D's bounds checks, offsets
// and r8g8b8a8_unorm decode eight lanes at a time, for requests with every
// lane active, no offsets, no levels (level 0), no swizzle and a multiple
// of 8 lanes, straight into the result's rows; it reports false (and does
// nothing) for the others. 2D views whose texels are 4 bytes apart take
// lanes.FetchRGBA8, arrays and the others lanes.FetchRGBA8Layers.
func (x *exec) fetchAsm(req *Request, res *Result) bool {
	n := req.Lanes
	if dec := x.fast.dec.RGBA8(); dec != nil && x.fast.dec != decodeRGBA8Unorm {
		return x.fetchTabAsm(req, res, dec)
	}
	if !lanes.AsmKernels || x.fast.dec != decodeRGBA8Unorm || x.swz || n&7 != 0 || n == 0 || req.Active != nil || req.Level != nil ||
		req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil {
		return false
	}
	// A lane outside the level reads the word 0 in place of its texel:
	// it decodes to (+0, +0, +0, +0), zeroTexel without a swizzle.
	if z := &x.zeroTexel; math.Float32bits(z[0])|math.Float32bits(z[1])|math.Float32bits(z[2])|math.Float32bits(z[3]) != 0 {
		return false
	}
	// Every lane inside the level reads inside the data; outside lanes
	// read the level's first texel.
	lv := &x.fast.levels[0]
	if !x.fetchInside(lv) {
		return false
	}
	first := lv.Off + x.view.BaseLayer*lv.LS
	if x.array || lv.XS != 4 {
		x.fetchLayersAsm(req, res, lv, first)
		return true
	}
	// The whole request in one pass, straight into the result's rows.
	d := x.surf.Data
	p := [4]int32{lv.W, lv.H, int32(lv.YS), int32(first)}
	lanes.FetchRGBA8(&d[0], &req.Texel[0][0], &req.Texel[1][0], n, &p, &res.Bits[0][0], &res.Bits[1][0], &res.Bits[2][0], &res.Bits[3][0])
	return true
}

// fetchTabAsm is fetchAsm for the 8-bit formats decoded through tables
// but r8g8b8a8_unorm (fetchRGBA8's): the same requests — every lane
// active, no offsets, no levels (level 0), no swizzle, a multiple of 8
// lanes — on 2D and 2D-array views, straight into the result's rows. A
// lane outside the level (or the view's layers) decodes byte 0 of each
// channel, which is the format's decode of zero memory (x.zeroTexel
// without a swizzle).
func (x *exec) fetchTabAsm(req *Request, res *Result, dec *rgba8Decode) bool {
	n := req.Lanes
	if !lanes.AsmKernels || x.swz || n&7 != 0 || n == 0 || req.Active != nil || req.Level != nil ||
		req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil || len(x.surf.Data) >= math.MaxInt32 {
		return false
	}
	lv := &x.fast.levels[0]
	layers := 1
	if x.array {
		layers = x.layers
	}
	if !x.levelInside(lv, layers, int(dec.Size)) {
		return false
	}
	var p lanes.FetchParams
	tl := x.setFetch(&p, req, lv, lv.Off+x.view.BaseLayer*lv.LS)
	tx, ty := req.Texel[0][:n], req.Texel[1][:n]
	r, g, b, a := res.Bits[0][:n], res.Bits[1][:n], res.Bits[2][:n], res.Bits[3][:n]
	lanes.FetchTab(&x.surf.Data[0], &tx[0], &ty[0], tl, n, &p, dec, &r[0], &g[0], &b[0], &a[0])
	return true
}

// fetchLayersAsm is fetchAsm's pass for the r8g8b8a8_unorm fetches that
// fetchRGBA8 does not take: arrays, and texels not 4 bytes apart (a level
// one texel wide). Lanes inside the level (and the view's layers) lie
// inside the data (levelInside); the others read the first texel, as
// zero.
func (x *exec) fetchLayersAsm(req *Request, res *Result, lv *fastLevel, first int) {
	n := req.Lanes
	var p lanes.FetchParams
	tl := x.setFetch(&p, req, lv, first)
	tx, ty := req.Texel[0][:n], req.Texel[1][:n]
	r, g, b, a := res.Bits[0][:n], res.Bits[1][:n], res.Bits[2][:n], res.Bits[3][:n]
	lanes.FetchRGBA8Layers(&x.surf.Data[0], &tx[0], &ty[0], tl, n, &p, &r[0], &g[0], &b[0], &a[0])
}

// fetchInside reports whether lv's texels in the view's layers lie inside
// data no longer than int32 offsets reach, so that fetchAsm's kernels
// may take the request.
func (x *exec) fetchInside(lv *fastLevel) bool {
	if len(x.surf.Data) >= math.MaxInt32 {
		return false // the offsets are int32, as the lane loop's (setupLaneLoop)
	}
	layers := 1
	if x.array {
		layers = x.layers
	}
	return x.levelInside(lv, layers, 4)
}

// setFetch fills p for fetches of lv's texels from byte first (the view's
// first layer) and returns req's layer operand, nil but on array views:
// what lanes.FetchTab and lanes.FetchRGBA8Layers take.
func (x *exec) setFetch(p *lanes.FetchParams, req *Request, lv *fastLevel, first int) *int32 {
	*p = lanes.FetchParams{W: lv.W, H: lv.H, Xs: int32(lv.XS), Ys: int32(lv.YS), First: int32(first), Layers: 1, Ls: int32(lv.LS)}
	if !x.array {
		return nil
	}
	p.Layers = int32(x.layers)
	return &req.Texel[2][:req.Lanes][0]
}
