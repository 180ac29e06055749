package sampler

// The lane loop's kernels on whole chunks of flat arrays: the depth
// compares (gathers and PCF), the blend of two levels and the store of
// the results — the assembly kernels where they take the call
// (kernels_dispatch_amd64.go), else the Go stages.

func gatherDepthLanes(d []byte, fp *footprints, n int, ref *[laneChunk]float32, op CompareOp, t, f float32, out *chunkOut, inside bool) {
	if !gatherDepthAsm(d, fp, n, ref, op, t, f, out, inside) {
		gatherDepthLanesGo(d, fp, n, ref, op, t, f, out)
	}
}

func pcfDepthLanes(d []byte, fp *footprints, n int, ref *[laneChunk]float32, op CompareOp, t, f *[4]float32, out *chunkOut, inside bool) {
	if !pcfDepthAsm(d, fp, n, ref, op, t, f, out, inside) {
		pcfDepthLanesGo(d, fp, n, ref, op, t, f, out)
	}
}

func blendLanes(c *laneSet, out *chunkOut) {
	if !blendLanesAsm(c, out) {
		blendLanesGo(c, out)
	}
}

func blends(c *laneSet) bool {
	if b, ok := blendsAsm(c); ok {
		return b
	}
	return blendsGo(c)
}

func storeRun(res *Result, acc *[4][laneChunk]float32, i0, n int) {
	if !storeRunAsm(res, acc, i0, n) {
		storeRunGo(res, acc, i0, n)
	}
}
