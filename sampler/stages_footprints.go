package sampler

// The fetch of a request, eight lanes at a time where the assembly
// kernels run (fetch_amd64.go); elsewhere (the purego tag, other
// architectures, a CPU without AVX2 and FMA) it reports false and the Go
// stage takes it. (A chunk's footprints are the lane pipeline's:
// pipeline.Plan.ChunkFootprints.)

// fetchVec runs a fetch request eight lanes at a time (fetchAsm); where it
// reports false, runFetch2D takes the lanes one by one.
func (x *exec) fetchVec(req *Request, res *Result) bool {
	return x.fetchAsm(req, res)
}
