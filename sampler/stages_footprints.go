package sampler

// The footprints of a chunk and the fetch of a request, eight lanes at a
// time where the assembly kernels run (footprints_amd64.go,
// fetch_amd64.go); elsewhere (the purego tag, other architectures, a CPU
// without AVX2 and FMA) they report false and the Go stages take them.

// footprintsVec computes the chunk's footprints eight entries at a time
// (footprintsAsm); where it reports false, footprints takes
// footprintsOneLevel or the entries one by one.
func (x *exec) footprintsVec(c *laneSet, lvl *[laneChunk]int32, fp *footprints) bool {
	return x.footprintsAsm(c, lvl, fp)
}

// fetchVec runs a fetch request eight lanes at a time (fetchAsm); where it
// reports false, runFetch2D takes the lanes one by one.
func (x *exec) fetchVec(req *Request, res *Result) bool {
	return x.fetchAsm(req, res)
}
