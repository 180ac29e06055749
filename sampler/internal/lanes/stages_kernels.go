package lanes

// The lane loop's kernels on whole chunks of flat arrays: the depth
// compares (gathers and PCF), the blend of two levels and the store of
// the results — the assembly kernels where they take the call
// (kernels_dispatch_amd64.go), else the Go stages.

// GatherDepthLanes is the depth gather kernel: each of the n footprints'
// four 32-bit depths compared (op) with the entry's reference, t where the
// compare holds and f where not, in gather order (gatherDepthLanesGo's
// results).
func GatherDepthLanes(d []byte, fp *Footprints, n int, ref *[Chunk]float32, op CompareOp, t, f float32, out *Out, inside bool) {
	if !gatherDepthAsm(d, fp, n, ref, op, t, f, out, inside) {
		gatherDepthLanesGo(d, fp, n, ref, op, t, f, out)
	}
}

// PCFDepthLanes is percentage-closer filtering of 32-bit depth: each
// footprint's four compare results (t or f), weighted as the bilinear
// kernels weigh texels (pcfDepthLanesGo's results).
func PCFDepthLanes(d []byte, fp *Footprints, n int, ref *[Chunk]float32, op CompareOp, t, f *[4]float32, out *Out, inside bool) {
	if !pcfDepthAsm(d, fp, n, ref, op, t, f, out, inside) {
		pcfDepthLanesGo(d, fp, n, ref, op, t, f, out)
	}
}

// BlendLanes blends the chunk's two levels into out (blendLanesGo).
func BlendLanes(delta *[Chunk]float32, acc, lower *[4][Chunk]float32, np int, out *Out) {
	if !blendLanesAsm(delta, acc, lower, np, out) {
		blendLanesGo(delta, acc, lower, np, out)
	}
}

// Blends reports whether an entry of delta[0, np) is not zero (blendsGo).
func Blends(delta *[Chunk]float32, np int) bool {
	if b, ok := blendsAsm(delta, np); ok {
		return b
	}
	return blendsGo(delta, np)
}

// StoreRun stores acc[·][0, n) to bits[·][i0, i0+n) (storeRunGo).
func StoreRun(bits *[4][]uint32, acc *[4][Chunk]float32, i0, n int) {
	if !storeRunAsm(bits, acc, i0, n) {
		storeRunGo(bits, acc, i0, n)
	}
}
