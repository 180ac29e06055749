//go:build !(goexperiment.simd && amd64 && !purego)

package sampler

// The footprints of a chunk and the fetch of a request, eight lanes at a
// time where a vector unit is available.

// footprintsVec computes the chunk's footprints eight entries at a time
// where a vector unit is available; this build has none, so it reports
// false and footprints takes the entries one by one.
func (x *exec) footprintsVec(c *laneSet, lvl *[laneChunk]int32, fp *footprints) bool {
	return false
}

// fetchVec runs a fetch request eight lanes at a time where a vector unit
// is available; this build has none, so it reports false and runFetch2D
// takes the lanes one by one.
func (x *exec) fetchVec(req *Request, res *Result) bool {
	return x.fetchAsm(req, res)
}
