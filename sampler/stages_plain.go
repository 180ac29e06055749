//go:build !(goexperiment.simd && amd64 && !purego)

package sampler

// The plain (2D) requests' gathering of lanes, their logarithms and the
// one-level run, eight lanes at a time where a vector unit is available.

// gatherPlainVec is gatherPlainLanes eight lanes at a time where a vector
// unit is available; this build has none, so it reports false.
func (x *exec) gatherPlainVec(req *Request, c *laneSet, first, end int) (int, bool) {
	return first, false
}

// log2Lanes replaces a[0, n) by their logarithms, log2f's (through the
// request's one-entry memo).
func (x *exec) log2Lanes(a *[laneChunk]float32, n int) {
	if log2Asm(a, n) {
		return
	}
	for k, v := range a[:n] {
		a[k] = x.log2(v)
	}
}

// plainLevel reports whether runPlainLevel takes a plain request's chunks
// where a vector unit is available; this build has none.
func (x *exec) plainLevel(src LodSource) bool { return false }

// runPlainLevel runs a plain request's chunk at level 0 where a vector
// unit is available; this build has none, so it reports false.
func (x *exec) runPlainLevel(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	return first, false
}
