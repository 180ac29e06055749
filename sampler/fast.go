package sampler

import (
	"encoding/binary"
	"math"
	"sync"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
	"github.com/texunit/texunit/surface"
)

// The specialised 2D path. Most requests a simulator replays sample 2D
// (and 2D array) surfaces; for them the per-texel work of the reference
// path — a generic wrap, the residency test, a texel offset through the
// surface's level table and an indirect decode call per texel — dominates
// the cost. When a request qualifies (decided once, in setup), filterLevel
// and gather read texels through fastLevel, which holds the level's base
// offset and strides, wraps each axis once per footprint rather than once
// per texel, and decodes the formats of the hot workloads inline.
//
// It is the reference path's arithmetic with the same operations in the
// same order, so results are bit-identical in both precision modes; the
// agreement test (fast_test.go) runs every address mode, filter, format
// class, offset, compare function and edge coordinate through both.

// maxLevels bounds the levels of a surface: an extent of at most 65536
// has at most 17.
const maxLevels = pipeline.MaxLevels

// fastLevel is one level of the view for the specialised path: the lane
// pipeline's level (pipeline.Level), one table for both.
type fastLevel = pipeline.Level

// fastState is the specialised path's per-request state.
type fastState struct {
	on    bool
	cube  bool     // a seamless cube view: level tables for cubeInterior's footprints
	vol   bool     // a 3D view: level tables for the 3D lane loop alone (lanes3d.go)
	iso   bool     // on, with weighted-average reduction: sampleIso2D applies
	lanes laneLoop // the lane loop runSample takes (lanes2d.go)
	forms laneForm // the lane loop's gatherers for the simplest requests (setupForms)
	// plan is the lane pipeline's plan (package pipeline): its key,
	// compiled where the set-up takes the 2D lane loop (setupLaneLoop),
	// and runPlainLevel's constants where forms has formLevel.
	plan  pipeline.Plan
	fetch fetchPlan // fetchAsm's kernel (setupFetch: stages_footprints.go)
	// linearLevels: linear footprints take linearLevel (lanes2d.go), also
	// for anisotropic probes and cube interiors.
	linearLevels bool
	dec          texelDecoder
	// levels are the view's level tables, immutable once set up: a cached
	// set-up's own (setupEntry), or, for a set-up not taken from the
	// cache, a pooled table that Execute returns (pooledLevels). A pointer,
	// so that a cached set-up is copied without them.
	levels       *[maxLevels]fastLevel
	pooledLevels bool
}

// levelTables pools the level tables of set-ups not taken from the cache.
var levelTables = sync.Pool{New: func() any { return new([maxLevels]fastLevel) }}

// fastDisabled turns the specialised path off (the agreement test compares
// the two paths).
var fastDisabled bool

// setupFast decides whether the request takes the specialised path; f is
// the format of the view's aspect and aoff the aspect's byte offset within
// a texel. Setup calls it only for reads that decode in place or through
// the BC formats' decoded blocks (bc.go): no other block compression, no
// per-texel swizzle.
func (x *exec) setupFast(f format.Format, aoff int) {
	cube := x.seamless              // seamless cube kinds: interior footprints only (cubeInterior)
	vol := x.kind == surface.Kind3D // the 3D lane loop's formats alone (lanes3d.go)
	if fastDisabled || x.sparse || x.st.Unnormalized || x.levels > maxLevels || x.cubicSampling() ||
		(x.kind != surface.Kind2D && x.kind != surface.Kind2DArray && !cube && !vol) {
		return
	}
	switch f {
	case format.R8G8B8A8Unorm:
		x.fast.dec = decodeRGBA8Unorm
	case format.R8G8B8A8Srgb:
		x.fast.dec = decodeRGBA8Srgb
	case format.B8G8R8A8Unorm:
		x.fast.dec = decodeBGRA8Unorm
	case format.B8G8R8A8Srgb:
		x.fast.dec = decodeBGRA8Srgb
	case format.R8G8B8A8Snorm:
		x.fast.dec = decodeRGBA8Snorm
	case format.R8Unorm:
		x.fast.dec = decodeR8Unorm
	case format.R8Srgb:
		x.fast.dec = decodeR8Srgb
	case format.R8Snorm:
		x.fast.dec = decodeR8Snorm
	case format.R8G8Unorm:
		x.fast.dec = decodeR8G8Unorm
	case format.R8G8Srgb:
		x.fast.dec = decodeR8G8Srgb
	case format.R8G8Snorm:
		x.fast.dec = decodeR8G8Snorm
	case format.R16G16B16A16Sfloat:
		x.fast.dec = decodeRGBA16Float
	case format.R32G32B32A32Sfloat:
		x.fast.dec = decodeRGBA32Float
	case format.D32Sfloat, format.R32Sfloat:
		x.fast.dec = decodeR32Float
	default:
		x.fast.dec = decodeGeneric
		if isBC(f) {
			if !x.bcFits() {
				return
			}
			x.fast.dec = decodeBC
		}
	}
	if vol && !x.fast.dec.Inline() {
		x.fast.dec = decodeGeneric
		return
	}
	s := x.surf
	x.fast.levels, x.fast.pooledLevels = levelTables.Get().(*[maxLevels]fastLevel), true
	if x.fast.dec == decodeBC {
		x.setupBC(f)
	}
	for l := 0; l < x.levels && x.fast.dec != decodeBC; l++ {
		abs := x.view.BaseLevel + l
		w, h, d := s.LevelSize(abs)
		o := s.TexelOffset(abs, 0, 0, 0, 0, 0)
		fl := &x.fast.levels[l]
		*fl = fastLevel{Abs: abs, Off: o + aoff, W: int32(w), H: int32(h), D: 1}
		if w > 1 {
			fl.XS = s.TexelOffset(abs, 1, 0, 0, 0, 0) - o
		}
		if h > 1 {
			fl.YS = s.TexelOffset(abs, 0, 1, 0, 0, 0) - o
		}
		if s.Layers > 1 {
			fl.LS = s.TexelOffset(abs, 0, 0, 0, 1, 0) - o
		}
		if vol {
			fl.D = int32(d)
			if d > 1 {
				fl.ZS = s.TexelOffset(abs, 0, 0, 1, 0, 0) - o
			}
		}
	}
	if vol {
		x.fast.vol = true
		return
	}
	if cube {
		x.fast.cube = true
		return
	}
	x.fast.on = true
	x.fast.iso = x.st.Reduction == ReductionWeightedAverage
}

// levelInside reports whether every texel of level lv in the view's first
// layers layers (size bytes each) lies inside the texel data: its first
// and its last do, since strides are not negative (pipeline.LevelInside).
func (x *exec) levelInside(lv *fastLevel, layers, size int) bool {
	return pipeline.LevelInside(lv, x.view.BaseLayer, layers, size, len(x.surf.Data))
}

// texelBytes is the size of the texels the inline decoder reads (the
// view's aspect's).
func (f *fastState) texelBytes() int {
	switch {
	case f.dec == decodeRGBA32Float:
		return 16
	case f.dec == decodeRGBA16Float:
		return 8
	case f.dec.RGBA8() != nil:
		return int(f.dec.RGBA8().Size)
	}
	return 4
}

// levelsInside reports whether every texel of every level of the view, in
// all of its layers (a cube's faces), lies inside the texel data, so that
// every footprint of the lane loop reads inside it: its wraps and pipeline.Plan.CubeEdge
// keep texels within their level and the view's layers, and an entry it
// cannot take reads its level's first texel.
func (x *exec) levelsInside() bool {
	layers := 1
	switch {
	case x.cube:
		layers = 6 * x.layers
	case x.array:
		layers = x.layers
	}
	for l := range x.levels {
		if !x.levelInside(&x.fast.levels[l], layers, x.fast.texelBytes()) {
			return false
		}
	}
	return true
}

// cubeInterior reports whether filter f's footprint at relative level l
// lies inside the point's cube face. Such a footprint reads only texels of
// that face, where every wrapping mode is the identity, so filterLevel2D
// and gather2D read exactly the texels the seamless path would.
func (x *exec) cubeInterior(l int32, p *point, f Filter) bool {
	lv := &x.fast.levels[l]
	u := x.texelCoord(p.s[0], lv.W, 0)
	v := x.texelCoord(p.s[1], lv.H, 0)
	last := int32(0)
	if f == Linear {
		u -= 0.5
		v -= 0.5
		last = 1
	}
	i, _, j, _ := x.split2(u, v)
	return i >= 0 && j >= 0 && i+last < lv.W && j+last < lv.H
}

// sampleIso2D is sampleAt on the specialised path for one probe (no
// anisotropy) with weighted-average reduction: the filter choice, the level
// selection, both levels' footprints and the blend (1 − δ)·τ_hi + δ·τ_lo,
// without sampleAt's and sampleLevels' general cases.
func (x *exec) sampleIso2D(p *point, lambda float32, off [3]int32, ref float32) [4]float32 {
	f := x.st.MinFilter
	if lambda <= 0 || isNaN32(lambda) {
		f = x.st.MagFilter
	}
	sel := x.selectLevels(lambda)
	hi := x.filterLevel2D(sel.hi, p, f, off, ref)
	if sel.delta == 0 {
		return hi
	}
	lo := x.filterLevel2D(sel.lo, p, f, off, ref)
	wHi := 1 - sel.delta
	return [4]float32{
		float32(wHi*hi[0]) + float32(sel.delta*lo[0]),
		float32(wHi*hi[1]) + float32(sel.delta*lo[1]),
		float32(wHi*hi[2]) + float32(sel.delta*lo[2]),
		float32(wHi*hi[3]) + float32(sel.delta*lo[3]),
	}
}

// rgba8At decodes the r8g8b8a8_unorm texel at byte offset o of d.
func rgba8At(d []byte, o int) [4]float32 {
	b := d[o : o+4 : o+4]
	return [4]float32{lanes.Unorm8Table[b[0]], lanes.Unorm8Table[b[1]], lanes.Unorm8Table[b[2]], lanes.Unorm8Table[b[3]]}
}

// rgba32fAt decodes the r32g32b32a32_sfloat texel at byte offset o of d.
func rgba32fAt(d []byte, o int) [4]float32 {
	b := d[o : o+16 : o+16]
	return [4]float32{
		math.Float32frombits(binary.LittleEndian.Uint32(b[0:])),
		math.Float32frombits(binary.LittleEndian.Uint32(b[4:])),
		math.Float32frombits(binary.LittleEndian.Uint32(b[8:])),
		math.Float32frombits(binary.LittleEndian.Uint32(b[12:])),
	}
}

// fastDecode decodes the texel at byte offset o.
func (x *exec) fastDecode(o int) [4]float32 {
	d := x.surf.Data
	switch x.fast.dec {
	case decodeRGBA8Unorm:
		return rgba8At(d, o)
	case decodeRGBA32Float:
		return rgba32fAt(d, o)
	case decodeRGBA16Float:
		return lanes.HalfAt(d, o)
	case decodeR32Float:
		return [4]float32{math.Float32frombits(binary.LittleEndian.Uint32(d[o : o+4])), 0, 0, 1}
	case decodeBC:
		return x.bcTexel(int32(o))
	}
	if dec := x.fast.dec.RGBA8(); dec != nil {
		return dec.At(d, o)
	}
	return x.decode(d[o:])
}

// fastAxis is one axis of a footprint after wrapping: the byte offsets of
// its two texels and whether each is a border texel.
type fastAxis struct {
	o0, o1 int
	b0, b1 bool
}

// axis wraps texel indices i and i+1 of an axis of size n: as wrap does
// for each, with repeat and clamp-to-edge computed once for the pair.
func axis(i, n int32, mode AddressMode, stride int) fastAxis {
	if w0, w1, ok := wrapPair(i, n, mode); ok {
		return fastAxis{o0: int(w0) * stride, o1: int(w1) * stride}
	}
	w0, b0 := wrap(i, n, mode)
	w1, b1 := wrap(i+1, n, mode)
	return fastAxis{int(w0) * stride, int(w1) * stride, b0, b1}
}

// split2 is split of u and v, with exact mode's floor inline for the
// common case (both finite and below 2^30 in magnitude; NaN fails the
// test and takes split).
func (x *exec) split2(u, v float32) (i int32, a float32, j int32, b float32) {
	if x.hw || !(abs32(u) < 1<<30 && abs32(v) < 1<<30) {
		i, a = x.split(u)
		j, b = x.split(v)
		return i, a, j, b
	}
	i, j = int32(u), int32(v)
	if float32(i) > u {
		i--
	}
	if float32(j) > v {
		j--
	}
	return i, u - float32(i), j, v - float32(j)
}

// depthCompared returns the compare result (as compared does) of the
// 32-bit depth at byte offset o.
func (x *exec) depthCompared(d []byte, o int, ref float32) *[4]float32 {
	if compare(x.compare, ref, math.Float32frombits(binary.LittleEndian.Uint32(d[o:o+4]))) {
		return &x.cmpTrue
	}
	return &x.cmpFalse
}

// fastTexel reads the texel at byte offset o (or the border texel) and
// applies the depth compare, as texel and read do.
func (x *exec) fastTexel(o int, border bool, ref float32) [4]float32 {
	if border {
		return x.compared(x.border, ref)
	}
	return x.compared(x.fastDecode(o), ref)
}

// filterLevel2D is filterLevel for the specialised path.
func (x *exec) filterLevel2D(l int32, p *point, f Filter, off [3]int32, ref float32) [4]float32 {
	if f == Linear && x.fast.linearLevels {
		return x.linearLevel(l, p, off)
	}
	return x.filterLevel2DGeneric(l, p, f, off, ref)
}

// filterLevel2DGeneric is filterLevel2D for every filter, format and wrap
// mode of the specialised path.
func (x *exec) filterLevel2DGeneric(l int32, p *point, f Filter, off [3]int32, ref float32) [4]float32 {
	lv := &x.fast.levels[l]
	base := lv.Off + int(p.layer)*lv.LS
	u := x.texelCoord(p.s[0], lv.W, off[0])
	v := x.texelCoord(p.s[1], lv.H, off[1])
	if f == Nearest {
		i, _, j, _ := x.split2(u, v)
		i, bi := wrap(i, lv.W, x.st.Address[0])
		j, bj := wrap(j, lv.H, x.st.Address[1])
		return x.fastTexel(base+int(i)*lv.XS+int(j)*lv.YS, bi || bj, ref)
	}
	u -= 0.5
	v -= 0.5
	i0, a, j0, b := x.split2(u, v)
	ax := axis(i0, lv.W, x.st.Address[0], lv.XS)
	ay := axis(j0, lv.H, x.st.Address[1], lv.YS)
	wi0, wi1 := 1-a, a
	wj0, wj1 := 1-b, b
	o00, o10 := base+ax.o0+ay.o0, base+ax.o1+ay.o0
	o01, o11 := base+ax.o0+ay.o1, base+ax.o1+ay.o1
	inside := !(ax.b0 || ax.b1 || ay.b0 || ay.b1)
	plain := x.compare == CompareNone && inside
	if x.st.Reduction == ReductionWeightedAverage {
		switch {
		case plain && x.fast.dec == decodeRGBA8Unorm:
			return bilinearRGBA8(x.surf.Data, o00, o10, o01, o11, wi0, wi1, wj0, wj1)
		case plain && x.fast.dec.RGBA8() != nil:
			return lanes.BilinearRGBA8Dec(x.surf.Data, x.fast.dec.RGBA8(), o00, o10, o01, o11, wi0, wi1, wj0, wj1)
		case inside && x.compare != CompareNone && x.fast.dec == decodeR32Float:
			// Percentage-closer filtering of a 32-bit depth: each texel's
			// compare result (cmpTrue or cmpFalse), weighted.
			d := x.surf.Data
			t00 := x.depthCompared(d, o00, ref)
			t10 := x.depthCompared(d, o10, ref)
			t01 := x.depthCompared(d, o01, ref)
			t11 := x.depthCompared(d, o11, ref)
			w00, w10 := float32(wi0*wj0), float32(wi1*wj0)
			w01, w11 := float32(wi0*wj1), float32(wi1*wj1)
			var acc [4]float32
			for c := range acc {
				acc[c] += float32(w00 * t00[c])
				acc[c] += float32(w10 * t10[c])
				acc[c] += float32(w01 * t01[c])
				acc[c] += float32(w11 * t11[c])
			}
			return acc
		}
	}
	var t00, t10, t01, t11 [4]float32
	if plain {
		// No border texel and no compare: decode the four texels inline.
		d := x.surf.Data
		switch x.fast.dec {
		case decodeRGBA8Unorm:
			t00, t10, t01, t11 = rgba8At(d, o00), rgba8At(d, o10), rgba8At(d, o01), rgba8At(d, o11)
		case decodeRGBA32Float:
			t00, t10, t01, t11 = rgba32fAt(d, o00), rgba32fAt(d, o10), rgba32fAt(d, o01), rgba32fAt(d, o11)
		default:
			t00, t10, t01, t11 = x.fastDecode(o00), x.fastDecode(o10), x.fastDecode(o01), x.fastDecode(o11)
		}
	} else {
		t00 = x.fastTexel(o00, ax.b0 || ay.b0, ref)
		t10 = x.fastTexel(o10, ax.b1 || ay.b0, ref)
		t01 = x.fastTexel(o01, ax.b0 || ay.b1, ref)
		t11 = x.fastTexel(o11, ax.b1 || ay.b1, ref)
	}
	// The reference's order: j outer, i inner; weight (w_i·w_j)·1.
	w00, w10 := float32(wi0*wj0), float32(wi1*wj0)
	w01, w11 := float32(wi0*wj1), float32(wi1*wj1)
	if x.st.Reduction == ReductionWeightedAverage {
		var acc [4]float32
		for c := range acc {
			acc[c] += float32(w00 * t00[c])
			acc[c] += float32(w10 * t10[c])
			acc[c] += float32(w01 * t01[c])
			acc[c] += float32(w11 * t11[c])
		}
		return acc
	}
	// Min/max: the texels of non-zero weight, in the same order.
	var acc [4]float32
	first := true
	for k, t := range [4]*[4]float32{&t00, &t10, &t01, &t11} {
		w := [4]float32{w00, w10, w01, w11}[k]
		if w == 0 {
			continue
		}
		switch {
		case first:
			acc, first = *t, false
		case x.st.Reduction == ReductionMin:
			acc = min4(acc, *t)
		default:
			acc = max4(acc, *t)
		}
	}
	return acc
}

// bilinearRGBA8 is the weighted bilinear sum of four r8g8b8a8_unorm
// texels at byte offsets o00, o10, o01, o11, in filterLevel2D's order and
// rounding, without decoding each texel into a vector first.
func bilinearRGBA8(d []byte, o00, o10, o01, o11 int, wi0, wi1, wj0, wj1 float32) [4]float32 {
	t00 := [4]byte(d[o00 : o00+4])
	t10 := [4]byte(d[o10 : o10+4])
	t01 := [4]byte(d[o01 : o01+4])
	t11 := [4]byte(d[o11 : o11+4])
	w00, w10 := float32(wi0*wj0), float32(wi1*wj0)
	w01, w11 := float32(wi0*wj1), float32(wi1*wj1)
	var acc [4]float32
	for c := range acc {
		a := float32(0)
		a += float32(w00 * lanes.Unorm8Table[t00[c]])
		a += float32(w10 * lanes.Unorm8Table[t10[c]])
		a += float32(w01 * lanes.Unorm8Table[t01[c]])
		a += float32(w11 * lanes.Unorm8Table[t11[c]])
		acc[c] = a
	}
	return acc
}

// gather2D is gather for the specialised path.
func (x *exec) gather2D(l int32, p *point, off [3]int32, ch int, ref float32) [4]float32 {
	lv := &x.fast.levels[l]
	base := lv.Off + int(p.layer)*lv.LS
	i0, _, j0, _ := x.split2(x.texelCoord(p.s[0], lv.W, off[0])-0.5, x.texelCoord(p.s[1], lv.H, off[1])-0.5)
	if x.compare != CompareNone {
		ch = 0
	}
	ax := axis(i0, lv.W, x.st.Address[0], lv.XS)
	ay := axis(j0, lv.H, x.st.Address[1], lv.YS)
	o00, o10 := base+ax.o0+ay.o0, base+ax.o1+ay.o0
	o01, o11 := base+ax.o0+ay.o1, base+ax.o1+ay.o1
	if x.compare == CompareNone && !(ax.b0 || ax.b1 || ay.b0 || ay.b1) {
		d := x.surf.Data
		switch x.fast.dec {
		case decodeRGBA8Unorm:
			return [4]float32{rgba8At(d, o01)[ch], rgba8At(d, o11)[ch], rgba8At(d, o10)[ch], rgba8At(d, o00)[ch]}
		case decodeRGBA32Float:
			return [4]float32{rgba32fAt(d, o01)[ch], rgba32fAt(d, o11)[ch], rgba32fAt(d, o10)[ch], rgba32fAt(d, o00)[ch]}
		}
		if dec := x.fast.dec.RGBA8(); dec != nil {
			return [4]float32{dec.Channel(d, o01, ch), dec.Channel(d, o11, ch), dec.Channel(d, o10, ch), dec.Channel(d, o00, ch)}
		}
	}
	return [4]float32{
		x.fastTexel(o01, ax.b0 || ay.b1, ref)[ch],
		x.fastTexel(o11, ax.b1 || ay.b1, ref)[ch],
		x.fastTexel(o10, ax.b1 || ay.b0, ref)[ch],
		x.fastTexel(o00, ax.b0 || ay.b0, ref)[ch],
	}
}
