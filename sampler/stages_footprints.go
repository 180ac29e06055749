package sampler

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/pipeline"
)

// The fetch of a request, eight lanes at a time where the assembly
// kernels run (the lane pipeline's fetch plan: pipeline.FetchPlan, whose
// kernel the set-up chooses); elsewhere (the purego tag, other
// architectures, a CPU without AVX2 and FMA) it reports false and the Go
// stage takes it. (A chunk's footprints are the lane pipeline's:
// pipeline.Plan.ChunkFootprints.)

// fetchPlan is the set-up's fetch road (setupFetch; the set-up cache
// keeps it): the lane pipeline's plan, and its kernel's kind, which
// Execute tests before it takes a request to fetchAsm.
type fetchPlan struct {
	kind fetchKernel // plan.Kind()
	plan pipeline.FetchPlan
}

// fetchKernel is the kernel of a set-up's fetches (pipeline.FetchKernel).
type fetchKernel = pipeline.FetchKernel

const fetchNone = pipeline.FetchNone

// setupFetch chooses the set-up's fetch kernel (x.fast.fetch) for fetches
// of level 0 of 2D and 2D-array views on the specialised path with no
// swizzle (pipeline.FetchPlan.SetupFetch: where every texel of the level
// in the view's layers lies inside the data, for r8g8b8a8_unorm where the
// format's zero texel is +0 in every channel).
func (x *exec) setupFetch() {
	x.fast.fetch = fetchPlan{}
	if !x.fast.on || x.swz {
		return
	}
	z := &x.zeroTexel
	zero := math.Float32bits(z[0])|math.Float32bits(z[1])|math.Float32bits(z[2])|math.Float32bits(z[3]) == 0
	f := &x.fast.fetch
	f.plan.SetupFetch(x.fast.dec, &x.fast.levels[0], x.view.BaseLayer, x.array, x.layers, zero, len(x.surf.Data))
	f.kind = f.plan.Kind()
}

// fetchAsm runs a fetch request through the set-up's kernel
// (pipeline.FetchPlan.Fetch: runFetch2D's bounds checks, offsets and
// decode eight or sixteen lanes at a time) where every lane is active and
// it has no offsets, no levels (level 0) and a multiple of 8 lanes,
// straight into the result's rows (which hold req.Lanes lanes:
// Result.resize); it reports false (and does nothing) for the others. A
// lane outside the level (or the view's layers) reads as the format's
// zero texel.
func (x *exec) fetchAsm(req *Request, res *Result) bool {
	if x.fast.fetch.kind == fetchNone || req.Active != nil || req.Level != nil ||
		req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil {
		return false
	}
	return x.fast.fetch.plan.Fetch(&x.surf.Data[0], &req.Texel, req.Lanes, x.array, &res.Bits)
}

// fetchVec runs a fetch request eight lanes at a time (fetchAsm); where it
// reports false, runFetch2D takes the lanes one by one.
func (x *exec) fetchVec(req *Request, res *Result) bool {
	return x.fetchAsm(req, res)
}
