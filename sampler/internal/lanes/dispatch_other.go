//go:build !amd64 || purego

package lanes

// Without the assembly kernels (other architectures, the purego tag) every
// stage runs its Go code: see dispatch_amd64.go.

func bilinearRGBA8Asm(d []byte, fp *Footprints, n int, out *Out, inside bool) bool { return false }
func bilinearRGBA32FAsm(d []byte, fp *Footprints, n int, out *Out, inside bool) bool {
	return false
}
func gatherRGBA8Asm(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) bool {
	return false
}

// Log2Asm declines: the logarithms take log2f one by one.
func Log2Asm(a *[Chunk]float32, n int) bool { return false }
func bilinearSRGB8Asm(d []byte, bgra bool, fp *Footprints, n int, out *Out, inside bool) bool {
	return false
}
func bilinearTabAsm(d []byte, dec *RGBA8Decode, fp *Footprints, n int, out *Out, inside bool) bool {
	return false
}
func gatherTabAsm(d []byte, dec *RGBA8Decode, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) bool {
	return false
}
func bilinearHalfAsm(d []byte, fp *Footprints, n int, out *Out, inside bool) bool { return false }
func gatherHalfAsm(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) bool {
	return false
}
