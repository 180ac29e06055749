//go:build amd64 && !purego

package sampler

import (
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
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
	if !vecWrap(x.st.Address[0], lv.W) || !vecWrap(x.st.Address[1], lv.H) || lv.XS&(lv.XS-1) != 0 {
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
// the request's coordinates (the plan's entries and footprints,
// pipeline.Plan.Footprints), the kernel with no bounds pass, and the
// results written into res's rows; it returns end, or reports false when
// the lanes are not a multiple of 8 or a coordinate is beyond ±2^30 or
// NaN. Where the set-up chose a kernel for lanes.PlainLevelV
// (pipeline.Plan.Setup, Single) and res's rows have room, the footprints,
// the kernel and the stores are that one call (pipeline.Plan.RunChunk),
// which may have written some of the lanes' rows when it reports false.
func (x *exec) runPlainLevelAsm(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	m := end - first
	if !lanes.AsmKernels || m&7 != 0 || m <= 0 || m > laneChunk {
		return first, false
	}
	var ref *float32
	if x.compare != CompareNone {
		ref = &req.Ref[first:end][0]
	}
	var a *float32 // the layer coordinates (an array view's)
	if x.array {
		a = &req.Coord[2][first:end][0]
	}
	s, t := &req.Coord[0][first:end][0], &req.Coord[1][first:end][0]
	pl := &x.fast.plan
	var rows lanes.Out
	if x.tr == nil && pl.Single() && lanes.ResultRows(&res.Bits, first, &rows) {
		if !pl.RunChunk(&x.surf.Data[0], s, t, ref, a, m, c, &rows) {
			return first, false
		}
		return end, true
	}
	if !pl.Footprints(s, t, ref, a, m, c) {
		return first, false
	}
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

// plainEntries writes a plain chunk's entries for lanes [first, end) of
// req: one a lane, at the view's base layer, or on array views at each
// lane's layer, clamp(RNE(a), 0, layers − 1) + base_layer (LayersAsm).
func (x *exec) plainEntries(req *Request, c *laneSet, first, end int) {
	var a *float32
	if x.array {
		a = &req.Coord[2][first:end][0]
	}
	pipeline.Entries(&x.fast.plan.Key, a, end-first, c)
}
