//go:build amd64 && !purego

package sampler

import (
	"math/bits"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// The plain (2D) requests' gathering of lanes and the one-level run in
// assembly (plain_amd64.s), for every amd64 build where lanes.AsmKernels holds:
// the vector build's gatherPlainVec, runPlainLevel and the stages they use
// (the retired simd/archsimd code), each archsimd operation one AVX2 instruction in the
// same order, so that the bits are the same. The Go code here keeps the
// control: which requests and chunks the kernels take, the operands'
// bounds, the chunk's counts and the kernel that follows.
//
// The stages work on whole chunks of flat arrays, so that the cube and
// anisotropic gatherers can take them too: plainEntriesAsm (plainEntries),
// entriesAsm (entries8), lodBiasAsm (lodBias8), gradRhoAsm (gradRho8 and
// rho8), levelsAsm (lambda8, levelSel8 and levels8), and plainLanesAsm and
// plainFootprintsAsm, gatherPlainVec's and runPlainLevel's own loops.

// levelParams are levelsAsm's constants: lambda8's and levelSel8's.
type levelParams struct {
	bias   float32 // the bias where levelsAsm has no bias operand (bias0)
	minLod float32 // the sampler's lower clamp
	maxLod float32 // the sampler's upper clamp
	top    float32 // the last level, float32(levels − 1)
	topI   int32   // levels − 1
	mode   int32   // the level selection, a MipFilter
	only   int32   // 1: λ is the base operand as it is (levelSel8 alone), 0: lambda8 first
	hw     int32   // 1: hardware precision, λ rounded to LodBits fraction bits (lodStep)
	lod    float32 // 2^LodBits and 2^−LodBits (hw)
	lodInv float32
}

// footParams are plainFootprintsAsm's constants: runPlainLevel's for
// level 0.
type footParams struct {
	fw, fh float32 // the level's size
	wm, hm int32   // the size minus 1
	ys     int32   // the y stride
	base   int32   // the view's first texel (an array's: the level's first, layers apart)
	layers int32   // 1: an array view, each entry's layer c.layer[j] (absolute) at ls bytes a layer
	ls     int32
	xsh    int32   // the x stride's shift (the stride is 4 or 16 bytes)
	rep0   int32   // 1: repeat on u (a power of two), 0: clamp-to-edge
	rep1   int32   // the same on v
	hw     int32   // 1: hardware precision, u and v rounded to SubtexelBits fraction bits (subtexel)
	sub    float32 // 2^SubtexelBits and 2^−SubtexelBits (hw)
	subInv float32
}

// layerParams are layersAsm's constants: the view's last layer (of a
// cube array, its last cube) as a float, its first layer, and the layers a
// step of the coordinate moves (1, or 6 for a cube array).
type layerParams struct {
	top  float32
	base int32
	mul  int32
}

// layersAsm sets out[j] = base + mul·clamp(RNE(a[j]), 0, top) (a NaN a[j]
// is layer 0), plus face[j] where face is not nil, for j < n (a multiple
// of 8): clampLayer's layer as project places it.
//
//go:noescape
func layersAsm(p *layerParams, a *float32, face *int32, n int, out *int32)

// layerParamsFor returns layersAsm's constants for the view, mul layers
// a step of the coordinate.
func (x *exec) layerParamsFor(mul int32) layerParams {
	return layerParams{top: float32(x.layers - 1), base: int32(x.view.BaseLayer), mul: mul}
}

// plainEntriesAsm writes plainEntries' operands (layer, no cube face, no
// offsets, no channel, reference 0, one entry per lane) to all of c's
// entries.
//
//go:noescape
func plainEntriesAsm(c *laneSet, layer int32)

// entriesAsm writes entries8's operands for lanes [lane, lane+n) as
// entries [k, k+n), n a multiple of 8: no offsets, no channel, the
// reference ref[j] (0 where ref is nil), the lane, the entry as its first
// and one entry per lane.
//
//go:noescape
func entriesAsm(c *laneSet, k, n, lane int, ref *float32)

// plainLanesAsm writes gatherPlainVec's per-lane operands of lanes
// [lane, lane+n) (n a multiple of 8) as entries [0, n): s[j], t[j], the
// lane, and ref[j] where ref is not nil.
//
//go:noescape
func plainLanesAsm(c *laneSet, s, t, ref *float32, n, lane int)

// lodBiasAsm sets out[j] = lodBias(lodBias, bias[j]), j < n (a multiple of
// 8): lodBias8's arithmetic.
//
//go:noescape
func lodBiasAsm(lodBias float32, bias *float32, n int, out *float32)

// gradRhoAsm sets out[j] to the isotropic scale factor ρ of the gradients
// (dx0, dx1)[j], (dy0, dy1)[j] scaled by the size sz, j < n (a multiple
// of 8): gradRho8's and rho8's arithmetic.
//
//go:noescape
func gradRhoAsm(sz *[2]float32, dx0, dx1, dy0, dy1 *float32, n int, out *float32)

// levelsAsm sets hi[j], lo[j] and delta[j], j < n (a multiple of 8), to
// the level selection (p.mode, levelSel8) of λ = lambda8(base[j], bias[j],
// minLod[j]), or of λ = base[j] where p.only is set. A nil base is 0, a
// nil bias p.bias and a nil minLod the sampler's p.minLod alone.
//
//go:noescape
func levelsAsm(p *levelParams, base, bias, minLod *float32, n int, hi, lo *int32, delta *float32)

// plainFootprintsAsm is runPlainLevel's loop for entries [0, n) (a
// multiple of 8): the footprints at level 0 of the points (s[j], t[j])
// into c.fp, and the references ref[j] (where not nil) into c.ref. It
// reports false when a coordinate is beyond ±2^30 or NaN, having stopped
// at that group.
//
//go:noescape
func plainFootprintsAsm(p *footParams, s, t, ref *float32, n int, c *laneSet) bool

// levelParamsFor returns levelsAsm's constants for the level selection
// mode.
func (x *exec) levelParamsFor(mode MipFilter) levelParams {
	p := levelParams{bias: x.bias0, minLod: x.st.MinLod, maxLod: x.st.MaxLod,
		top: float32(x.levels - 1), topI: int32(x.levels - 1), mode: int32(mode)}
	if x.hw {
		p.hw, p.lod, p.lodInv = 1, x.q.lod, x.q.lodInv
	}
	return p
}

// plainEntriesVec writes the constant operands of every plain chunk
// (layer, no face, no offsets, no channel, one entry per lane) unless the
// working set holds them already for this layer (laneSet.plain): once for
// all the chunks that follow. Layer −1 is an array view's: the gatherer
// writes each entry's layer.
func plainEntriesVec(c *laneSet, layer int32) {
	if c.plain && c.plainLayer == layer {
		return
	}
	plainEntriesAsm(c, layer)
	c.plain, c.plainLayer = true, layer
}

// gatherPlainAsm is gatherPlainVec in assembly: it fills the chunk with
// lanes [first, end) (at most laneChunk) of a request laneForms' formVec
// admits and returns end, or reports false (filling nothing) when their
// count is not a multiple of 8 or the CPU lacks the assembly's features.
func (x *exec) gatherPlainAsm(req *Request, c *laneSet, first, end int) (int, bool) {
	m := end - first
	if !lanes.AsmKernels || m&7 != 0 || m <= 0 || m > laneChunk {
		return first, false
	}
	src := req.Op.LodSource()
	if x.array {
		plainEntriesVec(c, -1)
		lp := x.layerParamsFor(1)
		layersAsm(&lp, &req.Coord[2][first:end][0], nil, m, &c.layer[0])
	} else {
		plainEntriesVec(c, int32(x.view.BaseLayer))
	}
	// The operands are sliced to the lanes: the kernels read m of each.
	var ref *float32
	if x.compare != CompareNone {
		ref = &req.Ref[first:end][0]
	}
	plainLanesAsm(c, &req.Coord[0][first:end][0], &req.Coord[1][first:end][0], ref, m, first)
	p := x.levelParamsFor(x.levelMode(src))
	var minLod *float32
	if req.MinLod != nil {
		minLod = &req.MinLod[first:end][0]
	}
	// λ: lambdas of the explicit LOD, of 0, or of the
	// isotropic scale factor's logarithm; 0 for the base-level forms.
	switch src {
	case LodExplicit:
		levelsAsm(&p, &req.Lod[first:end][0], nil, minLod, m, &c.hi[0], &c.lo[0], &c.delta[0])
	case LodZero:
		levelsAsm(&p, nil, nil, minLod, m, &c.hi[0], &c.lo[0], &c.delta[0])
	case LodGradient:
		sz := [2]float32{float32(x.base[0]), float32(x.base[1])}
		gradRhoAsm(&sz, &req.DDX[0][first:end][0], &req.DDX[1][first:end][0],
			&req.DDY[0][first:end][0], &req.DDY[1][first:end][0], m, &c.arg[0])
		x.gradLevelsAsm(req, c, first, m, &p, false)
	default:
		p.only = 1
		levelsAsm(&p, nil, nil, nil, m, &c.hi[0], &c.lo[0], &c.delta[0])
	}
	c.n, c.np, c.lanes = m, m, m
	return end, true
}

// gradLevelsAsm is gradLevels: λ_base = log2 ρ for lanes [first,
// first+m) whose scale factors are in c.arg, all at once, then lambdas
// (with the shader biases in c.bias where bias is set) and the levels
// (levelsAsm with p).
func (x *exec) gradLevelsAsm(req *Request, c *laneSet, first, m int, p *levelParams, bias bool) {
	x.log2Lanes(&c.arg, m)
	var b, minLod *float32
	if bias {
		b = &c.bias[0]
	}
	if req.MinLod != nil {
		minLod = &req.MinLod[first : first+m][0]
	}
	levelsAsm(p, &c.arg[0], b, minLod, m, &c.hi[0], &c.lo[0], &c.delta[0])
}

// plainLevelAsm is plainLevel where the assembly runs: it reports whether
// runPlainLevelAsm takes the chunks of a request laneForms' formVec
// admits (every lane reads level 0 whatever its LOD, both wraps at level
// 0 are vecWrap's, the x stride is a power of two, and every footprint at
// level 0 reads inside the data).
func (x *exec) plainLevelAsm(src LodSource) bool {
	if !lanes.AsmKernels || x.cube || x.levels != 1 && x.levelMode(src) != MipNone {
		return false
	}
	lv := &x.fast.levels[0]
	if !vecWrap(x.st.Address[0], lv.w) || !vecWrap(x.st.Address[1], lv.h) || lv.xs&(lv.xs-1) != 0 {
		return false // the kernel shifts by the x stride
	}
	// Wrapped indices lie in [0, w−1] and [0, h−1], layers in the view's.
	layers := 1
	if x.array {
		layers = x.layers
	}
	return x.levelInside(lv, layers, x.fast.texelBytes())
}

// runPlainLevelAsm is runPlainLevel in assembly: lanes [first, end) of a
// request plainLevelAsm admits, their footprints at level 0 straight from
// the request's coordinates, the kernel with no bounds pass, and the
// results written into res's rows; it returns end, or reports false,
// having written nothing to res, when the lanes are not a multiple of 8
// or a coordinate is beyond ±2^30 or NaN.
func (x *exec) runPlainLevelAsm(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	m := end - first
	if !lanes.AsmKernels || m&7 != 0 || m <= 0 || m > laneChunk {
		return first, false
	}
	if x.array {
		plainEntriesVec(c, -1)
		lp := x.layerParamsFor(1)
		layersAsm(&lp, &req.Coord[2][first:end][0], nil, m, &c.layer[0])
	} else {
		plainEntriesVec(c, int32(x.view.BaseLayer))
	}
	p := x.footParamsLevel0()
	var ref *float32
	if x.compare != CompareNone {
		ref = &req.Ref[first:end][0]
	}
	if !plainFootprintsAsm(&p, &req.Coord[0][first:end][0], &req.Coord[1][first:end][0], ref, m, c) {
		return first, false
	}
	c.fp.nslow = 0
	c.n, c.np, c.lanes = m, m, m
	// The kernel's rows: the result's, or the chunk's accumulators.
	out := lanes.OutOf(&c.acc)
	direct := lanes.ResultRows(&res.Bits, first, &out)
	x.kernel(c, &out, true)
	if !direct {
		lanes.StoreRun(&res.Bits, &c.acc, first, m)
	}
	return end, true
}

// footParamsLevel0 returns plainFootprintsAsm's constants for level 0 of
// a request plainLevelAsm admits.
func (x *exec) footParamsLevel0() footParams {
	lv := &x.fast.levels[0]
	// The x stride is a texel's size, a power of two (1 to 16 bytes): a shift.
	xsh := int32(bits.TrailingZeros(uint(lv.xs)))
	if lv.w == 1 {
		xsh = 0 // the stride is 0, and both x indices are 0
	}
	p := footParams{fw: float32(lv.w), fh: float32(lv.h), wm: lv.w - 1, hm: lv.h - 1, ys: int32(lv.ys),
		base: int32(lv.off + x.view.BaseLayer*lv.ls), xsh: xsh}
	if x.array { // each entry's layer (layersAsm's, absolute)
		p.base, p.layers, p.ls = int32(lv.off), 1, int32(lv.ls)
	}
	if x.st.Address[0] == WrapRepeat {
		p.rep0 = 1
	}
	if x.st.Address[1] == WrapRepeat {
		p.rep1 = 1
	}
	if x.hw {
		p.hw, p.sub, p.subInv = 1, x.q.sub, x.q.subInv
	}
	return p
}
