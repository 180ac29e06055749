package sampler

import "github.com/texunit/texunit/sampler/internal/lanes"

// The 2D lane loop's trace stage. A traced request (Result.Trace) takes
// runLanes2D like an untraced one when its set-up's loop is laneFilter or
// laneGather on a view whose texels the kernels read in place (not the BC
// formats' windows of decoded blocks: tracesLanes); runChunk then gives
// each chunk to traceChunk first, its one test of the trace. traceChunk
// computes the chunk's footprints (the same footprints stage, into the
// tracer's own arrays, so that the chunk's are untouched) at its finer
// and, where an entry blends, its coarser levels, and records each lane's
// texels from their byte offsets and fractions, in the reference's order
// and with its weights:
//
//   - lanes in order; within a lane its probes (entries) in order; within a
//     probe the finer level's four texels, then, when it blends (δ ≠ 0),
//     the coarser level's — filterLevel's order, (i0, j0), (i1, j0),
//     (i0, j1), (i1, j1); a gather's four in its component order, (i0,
//     j1), (i1, j1), (i1, j0), (i0, j0) (gather);
//   - a texel's weight is the float64 product the reference's tracer forms:
//     ((1/N) · (1 − δ or δ)) · float32(w_i · w_j) for sampling and
//     percentage-closer filtering (1/N only for N > 1 probes, the level's
//     factor only when δ ≠ 0), and 1 for a gather's texels;
//   - level, layer, x and y are recovered from the offset with the level
//     table (fastLevel: offset, x, y and layer strides), which covers the
//     texels of a neighbouring cube face (cubeEdge) like any other; z and
//     the sample are 0, Border false (the lane loop reads no border
//     texel), Resident true (its views have no residency tiles), Block −1.
//
// A footprint the loop hands to the reference's functions (slowFootprints:
// border texels, cube corners, coordinates beyond ±2^30 or NaN) would need
// the reference's own trace: when a chunk of a traced request has one,
// traceChunk stops recording (tracer.slow) and runSample traces the whole
// request again on the reference pipeline, whose results are the same.

// tracesLanes reports whether a traced request may take the set-up's lane
// loop (takesLaneLoop): the 2D loop's sampling, percentage-closer filtering
// and gathers, except on the BC formats, whose kernels read through
// windows of decoded blocks rather than at the texels' offsets.
func (x *exec) tracesLanes() bool {
	return (x.fast.lanes == laneFilter || x.fast.lanes == laneGather) && x.fast.dec != decodeBC
}

// traceChunk records the texels of the chunk's lanes (see above), or sets
// tracer.slow when one of its entries takes slowFootprints.
func (x *exec) traceChunk(c *laneSet) {
	tr := x.tr
	if tr.slow || c.N == 0 {
		return
	}
	if tr.fp == nil {
		tr.fp = new([2]footprints)
	}
	hi, lo := &tr.fp[0], &tr.fp[1]
	x.footprints(c, &c.Hi, hi)
	if slowEntries(hi, c.N) {
		tr.slow = true
		return
	}
	if lanes.Blends(&c.Delta, c.NP) {
		x.footprints(c, &c.Lo, lo)
		if slowEntries(lo, c.N) {
			tr.slow = true
			return
		}
	}
	gather := x.fast.lanes == laneGather
	for j, lane := range c.Lane[:c.Lanes] {
		tr.lane = lane
		n := c.Count[j]
		w := 1.0 // the lane's weight, and 1/N for each of N probes (sampleAt)
		if n > 1 {
			w *= 1 / float64(n)
		}
		for k := c.First[j]; k < c.First[j]+n; k++ {
			switch d := c.Delta[k]; {
			case gather:
				x.traceGatherEntry(c.Hi[k], hi, k)
			case d == 0:
				x.traceLinearEntry(c.Hi[k], hi, k, w)
			default: // sampleLevels' weights: 1 − δ for the finer level, δ for the coarser
				x.traceLinearEntry(c.Hi[k], hi, k, w*float64(1-d))
				x.traceLinearEntry(c.Lo[k], lo, k, w*float64(d))
			}
		}
	}
}

// slowEntries reports whether one of the chunk's n entries (not the
// padding) is in fp's slow list.
func slowEntries(fp *footprints, n int) bool {
	for _, k := range fp.Slow[:fp.NSlow] {
		if int(k) < n {
			return true
		}
	}
	return false
}

// traceLinearEntry records entry k's bilinear footprint fp at relative
// level l, whose texels weigh outer times their filter weights as
// filterLevel forms them.
func (x *exec) traceLinearEntry(l int32, fp *footprints, k int32, outer float64) {
	fa, fb := fp.FA[k], fp.FB[k]
	wi := [2]float32{1 - fa, fa}
	wj := [2]float32{1 - fb, fb}
	for q := range 4 {
		w := float32(wi[q&1] * wj[q>>1])
		x.tr.w = outer * float64(w)
		x.traceOffset(l, fp.O[q][k])
	}
	x.tr.w = 1
}

// gatherOrder is the order in which gather reads a footprint's texels
// (footprints.O's rows: (i0, j0), (i1, j0), (i0, j1), (i1, j1)).
var gatherOrder = [4]int{2, 3, 1, 0}

// traceGatherEntry records entry k's gathered footprint fp at relative
// level l: four texels of weight 1.
func (x *exec) traceGatherEntry(l int32, fp *footprints, k int32) {
	x.tr.w = 1
	for _, q := range gatherOrder {
		x.traceOffset(l, fp.O[q][k])
	}
}

// traceOffset records the texel at byte offset o of relative level l,
// recovering its layer and coordinates from the level table.
func (x *exec) traceOffset(l int32, o int32) {
	lv := &x.fast.levels[l]
	r := int(o) - lv.off
	var layer, i, j int
	if lv.ls > 0 {
		layer, r = r/lv.ls, r%lv.ls
	}
	if lv.ys > 0 {
		j, r = r/lv.ys, r%lv.ys
	}
	if lv.xs > 0 {
		i = r / lv.xs
	}
	x.tr.add(lv.abs, int32(layer), int32(i), int32(j), 0, 0, true, int(o), -1)
}
