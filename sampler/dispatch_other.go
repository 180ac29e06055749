//go:build !amd64 || purego

package sampler

// Without the assembly kernels (other architectures, the purego tag) every
// stage runs its Go code: see dispatch_amd64.go.

func bilinearRGBA8Asm(d []byte, fp *footprints, n int, out *chunkOut, inside bool) bool { return false }
func bilinearRGBA32FAsm(d []byte, fp *footprints, n int, out *chunkOut, inside bool) bool {
	return false
}
func gatherRGBA8Asm(d []byte, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) bool {
	return false
}
func log2Asm(a *[laneChunk]float32, n int) bool         { return false }
func (x *exec) fetchAsm(req *Request, res *Result) bool { return false }
func bilinearSRGB8Asm(d []byte, bgra bool, fp *footprints, n int, out *chunkOut, inside bool) bool {
	return false
}
func bilinearTabAsm(d []byte, dec *rgba8Decode, fp *footprints, n int, out *chunkOut, inside bool) bool {
	return false
}
func gatherTabAsm(d []byte, dec *rgba8Decode, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) bool {
	return false
}
func bilinearHalfAsm(d []byte, fp *footprints, n int, out *chunkOut, inside bool) bool { return false }
func gatherHalfAsm(d []byte, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) bool {
	return false
}
