package sampler

import "github.com/texunit/texunit/sampler/internal/lanes"

// The Go gatherers' logarithms, the level selection's mode and the
// one-level run, eight lanes at a time in assembly where the CPU runs it
// (plain_amd64.go: AVX2 and FMA on amd64 without the purego tag), or
// reporting false so that the lane loop takes the Go gatherer and stages.

// log2Lanes replaces a[0, n) by their logarithms, log2f's (through the
// request's one-entry memo).
func (x *exec) log2Lanes(a *[laneChunk]float32, n int) {
	if lanes.Log2Asm(a, n) {
		return
	}
	for k, v := range a[:n] {
		a[k] = x.log2(v)
	}
}

// levelMode is the level selection laneLevels makes for the request's LOD
// source: selectLevels' mip filter when sampling; for a gather the nearest
// level, or none (the base level) for the base-level forms and without
// mipmapping.
func (x *exec) levelMode(src LodSource) MipFilter {
	if x.fast.lanes != laneGather {
		return x.st.MipFilter
	}
	if src == LodBaseLevel || x.st.MipFilter == MipNone {
		return MipNone
	}
	return MipNearest
}

// plainLevel reports whether runPlainLevel takes the chunks of a request
// laneForms' formVec admits: every lane reads level 0 whatever its LOD (the
// view has one level, or the request's level selection is MipNone), both
// wraps at level 0 are vecWrap's, and every footprint at level 0 reads
// inside the data (plainLevelAsm; false where the assembly does not run).
func (x *exec) plainLevel(src LodSource) bool { return x.plainLevelAsm(src) }

// runPlainLevel runs lanes [first, end) of a request plainLevel admits and
// returns end: their footprints at level 0 straight from the request's
// coordinates (the LODs, which select level 0 whatever their value, are
// not computed), the kernel with no bounds pass, and the results written
// into res's rows. It reports false when the lanes are not a multiple of
// 8 or a coordinate is beyond ±2^30 or NaN (runPlainLevelAsm), having
// written some of the lanes' rows or none: its callers then run the lanes
// by another road (runLanes2D's other gatherers, the lane loop), which
// writes every one of them (every lane of its requests is active).
func (x *exec) runPlainLevel(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	return x.runPlainLevelAsm(req, res, c, first, end)
}

// plainLevelRequest reports whether req, of a set-up whose forms have
// formLevel, is one whose every chunk runPlainLevel may take: untraced, the
// lane loop's (takesLaneLoop), with laneForms' formLevel (every lane
// active, no offsets, no channel operand) and whole groups of eight lanes.
func (x *exec) plainLevelRequest(req *Request) bool {
	return x.tr == nil && req.Lanes&7 == 0 && req.Active == nil &&
		req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil &&
		!(x.readsChannel && req.Channel != nil) && !req.coarse() && req.Derivatives == DerivativesCoarse
}

// runPlainLevels runs a request plainLevelRequest admits: whole, through
// the lane pipeline's plan (pipeline.Plan.Run: lanes.PlainLevelV's or,
// without AVX-512, lanes.PlainLevel8's single call per chunk, where the set-up chose a kernel for it and the Result has
// room for whole chunks), or chunk by chunk through runPlainLevel, as
// runLanes2D would, without its choice of gatherer per chunk; it reports
// false where runPlainLevel declines a
// chunk (a coordinate beyond ±2^30 or NaN), and the caller then runs the
// whole request through the lane loop, which writes the chunks done here
// again with the same bits. The lane loop writes every lane of such a
// request (writesEveryLane), so Execute need not clear the result.
func (x *exec) runPlainLevels(req *Request, res *Result) bool {
	if pl := &x.fast.plan; pl.Single() { // (the test first: Run's slices cost their loads)
		if ok, taken := pl.Run(&x.surf.Data[0], &req.Coord, req.Ref, req.Lanes, &res.Bits); taken {
			return ok
		}
	}
	c := res.work
	if c == nil {
		c = new(laneSet)
		res.work = c
	}
	for i := 0; i < req.Lanes; {
		var ok bool
		if i, ok = x.runPlainLevel(req, res, c, i, min(i+laneChunk, req.Lanes)); !ok {
			return false
		}
	}
	return true
}
