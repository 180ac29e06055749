//go:build amd64 && !purego

package lanes

import (
	"math"

	"golang.org/x/sys/cpu"
)

// The table and half-float kernels (table_amd64.s). Each wrapper reports
// false, doing nothing, where the kernel does not take the call (no AVX2,
// for the halves no F16C, a chunk not a multiple of 8, a footprint that
// may read outside the data), and the caller runs the Go kernel.

// asmHalf reports whether the half-float kernels run on this CPU: they
// convert with F16C's VCVTPH2PS, which every AVX2 processor made so far
// has, but which is its own CPUID bit.
var asmHalf = AsmKernels && cpu.X86.HasF16C

// bilinearTabAsm is bilinearRGBA8DecLanesGo for dec in assembly.
func bilinearTabAsm(d []byte, dec *RGBA8Decode, fp *Footprints, n int, out *Out, inside bool) bool {
	if !asmTakes(d, fp, n, int(dec.Size), inside) {
		return false
	}
	bilinearTab(&d[0], &fp.O, &fp.FA, &fp.FB, n, out, dec)
	return true
}

// gatherTabAsm is gatherRGBA8DecLanesGo for dec in assembly.
func gatherTabAsm(d []byte, dec *RGBA8Decode, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) bool {
	if !asmTakes(d, fp, n, int(dec.Size), inside) {
		return false
	}
	gatherTab(&d[0], &fp.O, ch, n, out, dec)
	return true
}

// bilinearHalfAsm is bilinearRGBA16FLanesGo in assembly.
func bilinearHalfAsm(d []byte, fp *Footprints, n int, out *Out, inside bool) bool {
	if !asmHalf || !asmTakes(d, fp, n, 8, inside) {
		return false
	}
	bilinearHalf(&d[0], &fp.O, &fp.FA, &fp.FB, n, out)
	return true
}

// gatherHalfAsm is gatherRGBA16FLanesGo in assembly.
func gatherHalfAsm(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) bool {
	if !asmHalf || !asmTakes(d, fp, n, 8, inside) {
		return false
	}
	gatherHalf(&d[0], &fp.O, ch, n, out)
	return true
}

//go:noescape
func bilinearTab(d *byte, o *[4][Chunk]int32, fa, fb *[Chunk]float32, n int, out *Out, dec *RGBA8Decode)

//go:noescape
func gatherTab(d *byte, o *[4][Chunk]int32, ch *[Chunk]uint8, n int, out *Out, dec *RGBA8Decode)

//go:noescape
func bilinearHalf(d *byte, o *[4][Chunk]int32, fa, fb *[Chunk]float32, n int, out *Out)

//go:noescape
func gatherHalf(d *byte, o *[4][Chunk]int32, ch *[Chunk]uint8, n int, out *Out)

//go:noescape
func FetchTab(d *byte, tx, ty, tl *int32, n int, p *FetchParams, dec *RGBA8Decode, c0, c1, c2, c3 *uint32)

// SRGBVBMI reports whether the r8g8b8a8_srgb bilinear kernel takes its
// AVX-512 form (bilinearSRGB8V: the table's bytes in sixteen registers,
// looked up 64 at a time with VPERMI2B) rather than the AVX2 one
// (bilinearSRGB8: an entry at a time); the two give the same bits
// (TestSRGB8KernelsAgree). A variable, so that the tests run both.
var SRGBVBMI = AsmKernels && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI

// srgbPlanes are srgb8Table's entries as four planes of bytes: plane b
// holds byte b (little-endian) of every entry.
var srgbPlanes = func() (p [4][256]byte) {
	for u, v := range srgb8Table {
		b := math.Float32bits(v)
		for i := range p {
			p[i][u] = byte(b >> (8 * i))
		}
	}
	return p
}()

//go:noescape
func bilinearSRGB8V(d *byte, o *[4][Chunk]int32, fa, fb *[Chunk]float32, n int, out *Out)
