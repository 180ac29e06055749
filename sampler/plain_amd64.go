//go:build amd64 && !purego

package sampler

import "github.com/texunit/texunit/sampler/internal/lanes"

// The one-level run in assembly (package lanes' plain_amd64.s, through
// the lane pipeline's plan: pipeline.Plan.RunChunk and Plan.Footprints),
// for every amd64 build where lanes.AsmKernels holds: which set-ups take
// it (plainLevelAsm) and the kernel that follows the staged form. The
// vector gatherers (the plain requests', the cube and anisotropic ones)
// are the plan's: package pipeline's gather_amd64.go.

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
// NaN. Where the set-up chose a kernel for the single call
// (lanes.PlainLevelV with AVX-512, lanes.PlainLevel8 with AVX2 alone)
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
