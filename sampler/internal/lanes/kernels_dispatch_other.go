//go:build !amd64 || purego

package lanes

// Without the assembly kernels (other architectures, the purego tag) the
// chunk stages run their Go code: see kernels_dispatch_amd64.go.

func blendsAsm(delta *[Chunk]float32, np int) (blend, ok bool) { return false, false }
func blendLanesAsm(delta *[Chunk]float32, acc, lower *[4][Chunk]float32, np int, out *Out) bool {
	return false
}
func storeRunAsm(bits *[4][]uint32, acc *[4][Chunk]float32, i0, n int) bool { return false }
func gatherDepthAsm(d []byte, fp *Footprints, n int, ref *[Chunk]float32, op CompareOp, t, f float32, out *Out, inside bool) bool {
	return false
}
func pcfDepthAsm(d []byte, fp *Footprints, n int, ref *[Chunk]float32, op CompareOp, t, f *[4]float32, out *Out, inside bool) bool {
	return false
}
