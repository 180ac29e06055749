//go:build amd64 && !purego

package sampler

import (
	"math/bits"
	"unsafe"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// The plain (2D) requests' gathering of lanes and the one-level run in
// assembly (package lanes' plain_amd64.s), for every amd64 build where lanes.AsmKernels holds:
// the vector build's gatherPlainVec, runPlainLevel and the stages they use
// (the retired simd/archsimd code), each archsimd operation one AVX2 instruction in the
// same order, so that the bits are the same. The Go code here keeps the
// control: which requests and chunks the kernels take, the operands'
// bounds, the chunk's counts and the kernel that follows.
//
// The stages work on whole chunks of flat arrays, so that the cube and
// anisotropic gatherers can take them too: lanes.PlainEntriesAsm (plainEntries),
// lanes.EntriesAsm (entries8), lanes.LodBiasAsm (lodBias8), lanes.GradRhoAsm (gradRho8 and
// rho8), lanes.LevelsAsm (lambda8, levelSel8 and levels8), and lanes.PlainLanesAsm and
// lanes.PlainFootprintsAsm, gatherPlainVec's and runPlainLevel's own loops.

// layerParamsFor returns lanes.LayersAsm's constants for the view, mul layers
// a step of the coordinate.
func (x *exec) layerParamsFor(mul int32) lanes.LayerParams {
	return lanes.LayerParams{Top: float32(x.layers - 1), Base: int32(x.view.BaseLayer), Mul: mul}
}

// levelParamsFor returns lanes.LevelsAsm's constants for the level selection
// mode.
func (x *exec) levelParamsFor(mode MipFilter) lanes.LevelParams {
	p := lanes.LevelParams{Bias: x.bias0, MinLod: x.st.MinLod, MaxLod: x.st.MaxLod,
		Top: float32(x.levels - 1), TopI: int32(x.levels - 1), Mode: int32(mode)}
	if x.hw {
		p.Hw, p.Lod, p.LodInv = 1, x.q.lod, x.q.lodInv
	}
	return p
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
	x.plainEntries(req, c, first, end)
	// The operands are sliced to the lanes: the kernels read m of each.
	var ref *float32
	if x.compare != CompareNone {
		ref = &req.Ref[first:end][0]
	}
	lanes.PlainLanesAsm(c, &req.Coord[0][first:end][0], &req.Coord[1][first:end][0], ref, m, first)
	p := x.levelParamsFor(x.levelMode(src))
	var minLod *float32
	if req.MinLod != nil {
		minLod = &req.MinLod[first:end][0]
	}
	// λ: lambdas of the explicit LOD, of 0, or of the
	// isotropic scale factor's logarithm; 0 for the base-level forms.
	switch src {
	case LodExplicit:
		lanes.LevelsAsm(&p, &req.Lod[first:end][0], nil, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	case LodZero:
		lanes.LevelsAsm(&p, nil, nil, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	case LodGradient:
		sz := [2]float32{float32(x.base[0]), float32(x.base[1])}
		lanes.GradRhoAsm(&sz, &req.DDX[0][first:end][0], &req.DDX[1][first:end][0],
			&req.DDY[0][first:end][0], &req.DDY[1][first:end][0], m, &c.Arg[0])
		x.gradLevelsAsm(req, c, first, m, &p, false)
	default:
		p.Only = 1
		lanes.LevelsAsm(&p, nil, nil, nil, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	}
	c.N, c.NP, c.Lanes = m, m, m
	return end, true
}

// gradLevelsAsm is gradLevels: λ_base = log2 ρ for lanes [first,
// first+m) whose scale factors are in c.arg, all at once, then lambdas
// (with the shader biases in c.bias where bias is set) and the levels
// (lanes.LevelsAsm with p).
func (x *exec) gradLevelsAsm(req *Request, c *laneSet, first, m int, p *lanes.LevelParams, bias bool) {
	x.log2Lanes(&c.Arg, m)
	var b, minLod *float32
	if bias {
		b = &c.Bias[0]
	}
	if req.MinLod != nil {
		minLod = &req.MinLod[first : first+m][0]
	}
	lanes.LevelsAsm(p, &c.Arg[0], b, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
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
// results written into res's rows; it returns end, or reports false when
// the lanes are not a multiple of 8 or a coordinate is beyond ±2^30 or
// NaN. Where the set-up chose a kernel for lanes.PlainLevelV
// (setupPlainLevel) and res's rows have room, the footprints, the kernel
// and the stores are that one call, which may have written some of the
// lanes' rows when it reports false.
func (x *exec) runPlainLevelAsm(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	m := end - first
	if !lanes.AsmKernels || m&7 != 0 || m <= 0 || m > laneChunk {
		return first, false
	}
	var ref *float32
	if x.compare != CompareNone {
		ref = &req.Ref[first:end][0]
	}
	s, t := &req.Coord[0][first:end][0], &req.Coord[1][first:end][0]
	var rows lanes.Out
	if x.tr == nil && x.fast.level.Kind != lanes.LevelNone && lanes.ResultRows(&res.Bits, first, &rows) {
		var layer *int32
		if x.array {
			lp := x.layerParamsFor(1)
			lanes.LayersAsm(&lp, &req.Coord[2][first:end][0], nil, m, &c.Layer[0])
			layer = &c.Layer[0]
		}
		if !lanes.PlainLevelV(&x.fast.foot, &x.fast.level, &x.surf.Data[0], s, t, ref, layer, m, &rows) {
			return first, false
		}
		return end, true
	}
	x.plainEntries(req, c, first, end)
	if !lanes.PlainFootprintsAsm(&x.fast.foot, s, t, ref, m, c) {
		return first, false
	}
	c.FP.NSlow = 0
	c.N, c.NP, c.Lanes = m, m, m
	if x.tr != nil {
		x.tracePlainLevel(c, first)
	}
	// The kernel's rows: the result's, or the chunk's accumulators.
	out := lanes.OutOf(&c.Acc)
	direct := lanes.ResultRows(&res.Bits, first, &out)
	x.kernel(c, &out, true)
	if !direct {
		lanes.StoreRun(&res.Bits, &c.Acc, first, m)
	}
	return end, true
}

// plainLevelCalls is runPlainLevels for a request of a 2D view whose
// set-up chose a kernel for lanes.PlainLevelV and whose Result has room
// for whole chunks: one call per chunk, with the operands' rows sliced and
// the Result's rows found once per request rather than per chunk
// (runPlainLevelAsm); done is false where it does not take the request,
// ok as runPlainLevels reports.
func (x *exec) plainLevelCalls(req *Request, res *Result) (ok, done bool) {
	n := req.Lanes
	b := &res.Bits
	if x.fast.level.Kind == lanes.LevelNone || x.array || min(cap(b[0]), cap(b[1]), cap(b[2]), cap(b[3])) < (n+laneChunk-1)/laneChunk*laneChunk {
		return false, false
	}
	if n > 0 && n <= laneChunk {
		// One call (texbench's requests): no loop to carry the rows and
		// operands across calls, which cost a chunk a dozen spills.
		var ref *float32
		if x.compare != CompareNone {
			ref = &req.Ref[:n][0]
		}
		rows := lanes.Out{(*[laneChunk]float32)(unsafe.Pointer(unsafe.SliceData(b[0]))), (*[laneChunk]float32)(unsafe.Pointer(unsafe.SliceData(b[1]))),
			(*[laneChunk]float32)(unsafe.Pointer(unsafe.SliceData(b[2]))), (*[laneChunk]float32)(unsafe.Pointer(unsafe.SliceData(b[3])))}
		return lanes.PlainLevelV(&x.fast.foot, &x.fast.level, &x.surf.Data[0], &req.Coord[0][:n][0], &req.Coord[1][:n][0], ref, nil, n, &rows), true
	}
	s, t := req.Coord[0][:n], req.Coord[1][:n]
	var ref []float32
	if x.compare != CompareNone {
		ref = req.Ref[:n]
	}
	r0, r1, r2, r3 := unsafe.Pointer(unsafe.SliceData(b[0])), unsafe.Pointer(unsafe.SliceData(b[1])), unsafe.Pointer(unsafe.SliceData(b[2])), unsafe.Pointer(unsafe.SliceData(b[3]))
	d := &x.surf.Data[0]
	for i := 0; i < n; i += laneChunk {
		rows := lanes.Out{(*[laneChunk]float32)(unsafe.Add(r0, 4*i)), (*[laneChunk]float32)(unsafe.Add(r1, 4*i)),
			(*[laneChunk]float32)(unsafe.Add(r2, 4*i)), (*[laneChunk]float32)(unsafe.Add(r3, 4*i))}
		var rp *float32
		if ref != nil {
			rp = &ref[i]
		}
		if !lanes.PlainLevelV(&x.fast.foot, &x.fast.level, d, &s[i], &t[i], rp, nil, min(laneChunk, n-i), &rows) {
			return false, true
		}
	}
	return true, true
}

// setupPlainLevel makes runPlainLevelAsm's constants for a set-up whose
// forms have formLevel: level 0's footprint parameters and, where the CPU
// runs lanes.PlainLevelV (AVX-512) and the request has exact precision,
// the kernel of its single call for the kernels it has — r8g8b8a8_unorm
// gathers (every lane's channel 0: formLevel has no channel operand) and
// bilinear sampling, r32g32b32a32_sfloat bilinear sampling, 32-bit depth
// gathers with a compare and PCF — as kernel would choose them.
func (x *exec) setupPlainLevel() {
	x.footParamsLevel0(&x.fast.foot)
	x.fast.level = lanes.LevelKernel{}
	if !lanes.PlainLevel512 || x.hw {
		return
	}
	op := lanes.CompareOp(x.compare)
	switch {
	case x.fast.dec == decodeBC:
	case x.fast.lanes == laneGather && x.compare != CompareNone:
		x.fast.level = lanes.LevelKernel{Kind: lanes.LevelGatherDepth, Op: op, T: x.cmpTrue, F: x.cmpFalse}
	case x.fast.lanes == laneGather && x.fast.dec == decodeRGBA8Unorm:
		x.fast.level.Kind = lanes.LevelGather8
	case x.fast.lanes == laneFilter && x.compare != CompareNone:
		x.fast.level = lanes.PCFKernel(op, &x.cmpTrue, &x.cmpFalse)
	case x.fast.lanes == laneFilter && x.fast.dec == decodeRGBA8Unorm:
		x.fast.level.Kind = lanes.LevelBilinear32
	case x.fast.lanes == laneFilter && x.fast.dec == decodeRGBA32Float:
		x.fast.level.Kind = lanes.LevelBilinear128
	}
}

// footParamsLevel0 sets p to lanes.PlainFootprintsAsm's constants for
// level 0 of a request plainLevelAsm admits. It stores each field by
// itself: a FootParams built and returned as a value is copied with
// 16-byte moves that read its 4-byte stores back before they have left the
// store buffer, which no Intel core forwards (a stall of a dozen cycles
// each, 8 % of a 64-lane gather request on the session 13 machine).
func (x *exec) footParamsLevel0(p *lanes.FootParams) {
	lv := &x.fast.levels[0]
	// The x stride is a texel's size, a power of two (1 to 16 bytes): a shift.
	xsh := int32(bits.TrailingZeros(uint(lv.xs)))
	if lv.w == 1 {
		xsh = 0 // the stride is 0, and both x indices are 0
	}
	p.Fw, p.Fh, p.Wm, p.Hm = float32(lv.w), float32(lv.h), lv.w-1, lv.h-1
	p.Ys, p.Ysh, p.Xsh = int32(lv.ys), lanes.ShiftOf(int32(lv.ys)), xsh
	p.Base, p.Layers, p.Ls = int32(lv.off+x.view.BaseLayer*lv.ls), 0, 0
	if x.array { // each entry's layer (lanes.LayersAsm's, absolute)
		p.Base, p.Layers, p.Ls = int32(lv.off), 1, int32(lv.ls)
	}
	p.Rep0, p.Rep1 = 0, 0
	if x.st.Address[0] == WrapRepeat {
		p.Rep0 = 1
	}
	if x.st.Address[1] == WrapRepeat {
		p.Rep1 = 1
	}
	p.Hw, p.Sub, p.SubInv = 0, 0, 0
	if x.hw {
		p.Hw, p.Sub, p.SubInv = 1, x.q.sub, x.q.subInv
	}
}

// plainEntries writes a plain chunk's entries for lanes [first, end) of
// req: one a lane, at the view's base layer, or on array views at each
// lane's layer, clamp(RNE(a), 0, layers − 1) + base_layer (LayersAsm).
func (x *exec) plainEntries(req *Request, c *laneSet, first, end int) {
	if !x.array {
		lanes.PlainEntriesVec(c, int32(x.view.BaseLayer))
		return
	}
	lanes.PlainEntriesVec(c, -1)
	lp := x.layerParamsFor(1)
	lanes.LayersAsm(&lp, &req.Coord[2][first:end][0], nil, end-first, &c.Layer[0])
}
