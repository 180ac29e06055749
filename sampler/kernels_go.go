//go:build !(goexperiment.simd && amd64)

package sampler

// Without GOEXPERIMENT=simd on amd64 the kernels are the plain-Go ones.
// (Direct calls, not function variables: a call through a variable would
// move the caller's working set to the heap.)

func bilinearRGBA8Lanes(d []byte, fp *footprints, n int, out *chunkOut, inside bool) {
	bilinearRGBA8LanesGo(d, fp, n, out)
}

func bilinearRGBA32FLanes(d []byte, fp *footprints, n int, out *chunkOut, inside bool) {
	bilinearRGBA32FLanesGo(d, fp, n, out)
}

func gatherRGBA8Lanes(d []byte, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) {
	gatherRGBA8LanesGo(d, fp, n, ch, out)
}

func gatherDepthLanes(d []byte, fp *footprints, n int, ref *[laneChunk]float32, op CompareOp, t, f float32, out *chunkOut, inside bool) {
	gatherDepthLanesGo(d, fp, n, ref, op, t, f, out)
}

func pcfDepthLanes(d []byte, fp *footprints, n int, ref *[laneChunk]float32, op CompareOp, t, f *[4]float32, out *chunkOut, inside bool) {
	pcfDepthLanesGo(d, fp, n, ref, op, t, f, out)
}

func blendLanes(c *laneSet, out *chunkOut) { blendLanesGo(c, out) }

func blends(c *laneSet) bool { return blendsGo(c) }

func storeRun(res *Result, acc *[4][laneChunk]float32, i0, n int) {
	storeRunGo(res, acc, i0, n)
}

// gatherPlainVec is gatherPlainLanes eight lanes at a time where a vector
// unit is available; this build has none, so it reports false.
func (x *exec) gatherPlainVec(req *Request, c *laneSet, first, end int) (int, bool) {
	return first, false
}

// gatherCubeVec is gatherLanes eight lanes at a time for cube requests
// where a vector unit is available; this build has none, so it reports
// false.
func (x *exec) gatherCubeVec(req *Request, c *laneSet, first int) (int, bool) {
	return first, false
}

// gatherAnisoVec is gatherLanes eight lanes at a time for anisotropic 2D
// requests where a vector unit is available; this build has none, so it
// reports false.
func (x *exec) gatherAnisoVec(req *Request, c *laneSet, first int) (int, bool) {
	return first, false
}

// log2Lanes replaces a[0, n) by their logarithms, log2f's (through the
// request's one-entry memo).
func (x *exec) log2Lanes(a *[laneChunk]float32, n int) {
	for k, v := range a[:n] {
		a[k] = x.log2(v)
	}
}

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
	return false
}

// vectorKernels reports whether the vector kernels are compiled in and the
// CPU runs them.
const vectorKernels = false

// plainLevel reports whether runPlainLevel takes a plain request's chunks
// where a vector unit is available; this build has none.
func (x *exec) plainLevel(src LodSource) bool { return false }

// runPlainLevel runs a plain request's chunk at level 0 where a vector
// unit is available; this build has none, so it reports false.
func (x *exec) runPlainLevel(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	return first, false
}
