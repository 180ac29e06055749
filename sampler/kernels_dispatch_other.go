//go:build !amd64 || purego

package sampler

// Without the assembly kernels (other architectures, the purego tag) the
// chunk stages run their Go code: see kernels_dispatch_amd64.go.

func blendsAsm(c *laneSet) (blend, ok bool)                               { return false, false }
func blendLanesAsm(c *laneSet, out *chunkOut) bool                        { return false }
func storeRunAsm(res *Result, acc *[4][laneChunk]float32, i0, n int) bool { return false }
func gatherDepthAsm(d []byte, fp *footprints, n int, ref *[laneChunk]float32, op CompareOp, t, f float32, out *chunkOut, inside bool) bool {
	return false
}
func pcfDepthAsm(d []byte, fp *footprints, n int, ref *[laneChunk]float32, op CompareOp, t, f *[4]float32, out *chunkOut, inside bool) bool {
	return false
}
