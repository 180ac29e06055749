//go:build amd64 && !purego

package sampler

import "golang.org/x/sys/cpu"

// The table and half-float kernels (table_amd64.s). Each wrapper reports
// false, doing nothing, where the kernel does not take the call (no AVX2,
// for the halves no F16C, a chunk not a multiple of 8, a footprint that
// may read outside the data), and the caller runs the Go kernel.

// asmHalf reports whether the half-float kernels run on this CPU: they
// convert with F16C's VCVTPH2PS, which every AVX2 processor made so far
// has, but which is its own CPUID bit.
var asmHalf = asmKernels && cpu.X86.HasF16C

// bilinearTabAsm is bilinearRGBA8DecLanesGo for dec in assembly.
func bilinearTabAsm(d []byte, dec *rgba8Decode, fp *footprints, n int, out *chunkOut, inside bool) bool {
	if !asmTakes(d, fp, n, int(dec.size), inside) {
		return false
	}
	bilinearTab(&d[0], &fp.o, &fp.fa, &fp.fb, n, out, dec)
	return true
}

// gatherTabAsm is gatherRGBA8DecLanesGo for dec in assembly.
func gatherTabAsm(d []byte, dec *rgba8Decode, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) bool {
	if !asmTakes(d, fp, n, int(dec.size), inside) {
		return false
	}
	gatherTab(&d[0], &fp.o, ch, n, out, dec)
	return true
}

// bilinearHalfAsm is bilinearRGBA16FLanesGo in assembly.
func bilinearHalfAsm(d []byte, fp *footprints, n int, out *chunkOut, inside bool) bool {
	if !asmHalf || !asmTakes(d, fp, n, 8, inside) {
		return false
	}
	bilinearHalf(&d[0], &fp.o, &fp.fa, &fp.fb, n, out)
	return true
}

// gatherHalfAsm is gatherRGBA16FLanesGo in assembly.
func gatherHalfAsm(d []byte, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) bool {
	if !asmHalf || !asmTakes(d, fp, n, 8, inside) {
		return false
	}
	gatherHalf(&d[0], &fp.o, ch, n, out)
	return true
}

//go:noescape
func bilinearTab(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut, dec *rgba8Decode)

//go:noescape
func gatherTab(d *byte, o *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut, dec *rgba8Decode)

//go:noescape
func bilinearHalf(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)

//go:noescape
func gatherHalf(d *byte, o *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut)
