package sampler

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
)

// The lane pipeline's decision. A request takes one of the lane loops —
// runLanes2D (bilinear and trilinear sampling, percentage-closer filtering
// and gathers of 2D, 2D-array and seamless cube views), runLanes3D
// (trilinear sampling of 3D views) — or runSample's lane-by-lane reference
// pipeline. The decision is made in two places only: laneLoopFor, once per
// set-up from its key (the operation, the view and its format's decoder,
// the sampler state, the precision: the set-up cache keeps it), and
// takesLaneLoop, per request. A sampler feature, filter mode or operation
// the lane loops do not implement declines them by adding its condition to
// one of the two; everything else about the loops (the chunks, their
// stages, the kernels of package lanes) follows from what they return.

// takesLaneLoop reports whether runSample takes the set-up's lane loop for
// req: when the set-up chose one (laneLoopFor), the request's implicit
// derivatives are not scaled (Request.CoarsePixel, which only the
// reference's quadDerivatives applies) nor fine (Request.Derivatives), and
// it is untraced or its loop traces (Result.Trace; tracesLanes: the 2D
// loop; tracelanes.go).
func (x *exec) takesLaneLoop(req *Request) bool {
	return x.fast.lanes != laneNone && !req.coarse() && req.Derivatives == DerivativesCoarse && (x.tr == nil || x.tracesLanes())
}

// laneLoopFor returns the lane loop that takes the requests of the set-up
// for op, or laneNone: on views the specialised path takes (setupFast: 2D,
// 2D array, seamless cube, 3D, linear layout, no residency tiles, a
// decoder of its own), data whose byte offsets fit int32, linear
// magnification and minification with weighted average (or a gather), and
// a format the kernels decode — without a compare the inline decoders
// (and for 2D views the BC formats), with one 32-bit depth (2D views) —
// and, on 2D views, Vulkan's anisotropic filter (State.Anisotropy).
func (x *exec) laneLoopFor(op Op) laneLoop {
	if len(x.surf.Data) >= math.MaxInt32 { // the footprints' byte offsets are int32
		return laneNone
	}
	filters := x.st.Reduction == ReductionWeightedAverage && x.st.MagFilter == Linear && x.st.MinFilter == Linear
	switch {
	case x.fast.vol:
		if op.Kind() == KindSample && x.compare == CompareNone && x.volDecodes() && filters && x.volInside() {
			return laneVolume
		}
	case x.aniso != AnisoVulkan: // EWA and footprint assembly: the reference path alone (aniso.go)
	case x.fast.on || x.fast.cube:
		inline := x.compare == CompareNone && (x.fast.dec.Inline() || x.fast.dec == decodeBC)
		depth := x.compare != CompareNone && x.fast.dec == decodeR32Float
		switch {
		case op.Kind() == KindSample && (inline || depth) && filters:
			return laneFilter
		case op.Kind() == KindGather && (inline || depth):
			return laneGather
		}
	}
	return laneNone
}

// setupLaneLoop makes the set-up's lane loop decision (laneLoopFor), the
// lane pipeline's key (laneKey), the 2D loop's gatherers (setupForms),
// whether its footprints all read inside the data (levelsInside) and
// runPlainLevel's constants (pipeline.Plan.Setup), and whether the
// specialised path's linear footprints take linearLevel.
func (x *exec) setupLaneLoop(op Op) {
	x.fast.linearLevels = (x.fast.on || x.fast.cube) && x.st.Reduction == ReductionWeightedAverage && !x.hw &&
		x.compare == CompareNone && x.fast.dec.Inline()
	x.fast.lanes = x.laneLoopFor(op)
	if x.fast.lanes == laneVolume {
		x.laneKey(&x.fast.plan.Key, op.LodSource())
		x.fast.plan.Levels = x.fast.levels
	}
	if x.fast.lanes == laneFilter || x.fast.lanes == laneGather {
		x.laneKey(&x.fast.plan.Key, op.LodSource())
		x.levelKey(&x.fast.plan.LevelStage, x.levelMode(op.LodSource()), op.LodSource())
		x.fast.plan.Levels, x.fast.plan.Cube = x.fast.levels, &cubeSteps
		x.fast.forms = x.setupForms(op.LodSource())
		x.fast.plan.Inside = x.levelsInside()
		if x.fast.forms&formLevel != 0 {
			x.fast.plan.Setup(&x.fast.levels[0])
		}
	}
}

// laneKey compiles the set-up's key for the lane pipeline (package
// pipeline) into k for an operation whose LOD source is src: the lane
// loop laneLoopFor chose, the decoder, the compare and its swizzled
// results, the wraps, the precision's steps and the view's layers (the
// level stage's constants are levelKey's).
func (x *exec) laneKey(k *pipeline.Key, src LodSource) {
	*k = pipeline.Key{Loop: x.fast.lanes, Dec: x.fast.dec, Compare: lanes.CompareOp(x.compare),
		CmpTrue: x.cmpTrue, CmpFalse: x.cmpFalse, Hardware: x.hw,
		Cube: x.cube, Levels: int32(x.levels), Array: x.array, BaseLayer: int32(x.view.BaseLayer), Layers: int32(x.layers)}
	for i, m := range x.st.Address {
		switch m {
		case WrapRepeat:
			k.Wrap[i] = pipeline.WrapRepeat
		case WrapClampToEdge:
			k.Wrap[i] = pipeline.WrapClampToEdge
		}
	}
	if x.hw {
		k.Sub, k.SubInv = x.q.sub, x.q.subInv
	}
}

// levelKey compiles the level stage's constants into l for the level
// selection mode and an operation whose LOD source is src: the sampler's
// bias with no shader bias, its bias, LOD clamps and maximum anisotropy,
// the view's levels, the base level's size and hardware precision's LOD
// steps (the vector gatherers', package pipeline's LevelStage: its
// LevelParams are lanes.LevelParams).
func (x *exec) levelKey(l *pipeline.LevelStage, mode MipFilter, src LodSource) {
	*l = pipeline.LevelStage{Lod: pipelineLod(src), Hardware: x.hw, Mip: int32(mode), Levels: int32(x.levels),
		Bias0: x.bias0, LodBias: x.st.LodBias, MinLod: x.st.MinLod, MaxLod: x.st.MaxLod, MaxAnisotropy: x.st.MaxAnisotropy,
		Size: [2]float32{float32(x.base[0]), float32(x.base[1])}}
	if x.hw {
		l.LodStep, l.LodStepInv = x.q.lod, x.q.lodInv
	}
}

// pipelineLod maps the LOD sources of the lane loop's operations to
// package pipeline's (the sources it has no use for to LodBaseLevel, which
// no lane loop reads for them).
func pipelineLod(src LodSource) pipeline.LodSource {
	switch src {
	case LodExplicit:
		return pipeline.LodExplicit
	case LodZero:
		return pipeline.LodZero
	case LodGradient:
		return pipeline.LodGradient
	case LodImplicit:
		return pipeline.LodImplicit
	case LodBias:
		return pipeline.LodBias
	}
	return pipeline.LodBaseLevel
}
