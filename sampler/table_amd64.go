//go:build amd64 && !purego

package sampler

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

// fetchTabAsm is fetchAsm for the 8-bit formats decoded through tables
// but r8g8b8a8_unorm (fetchRGBA8's): the same requests — every lane
// active, no offsets, no levels (level 0), no swizzle, a multiple of 8
// lanes — on 2D and 2D-array views, straight into the result's rows. A
// lane outside the level (or the view's layers) decodes byte 0 of each
// channel, which is the format's decode of zero memory (x.zeroTexel
// without a swizzle).
func (x *exec) fetchTabAsm(req *Request, res *Result, dec *rgba8Decode) bool {
	n := req.Lanes
	if !asmKernels || x.swz || n&7 != 0 || n == 0 || req.Active != nil || req.Level != nil ||
		req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil || len(x.surf.Data) >= math.MaxInt32 {
		return false
	}
	lv := &x.fast.levels[0]
	layers := 1
	if x.array {
		layers = x.layers
	}
	if !x.levelInside(lv, layers, int(dec.size)) {
		return false
	}
	p := fetchParams{w: lv.w, h: lv.h, xs: int32(lv.xs), ys: int32(lv.ys), first: int32(lv.off + x.view.BaseLayer*lv.ls), layers: 1, ls: int32(lv.ls)}
	tx, ty := req.Texel[0][:n], req.Texel[1][:n]
	var tl *int32
	if x.array {
		tl = &req.Texel[2][:n][0]
		p.layers = int32(x.layers)
	}
	r, g, b, a := res.Bits[0][:n], res.Bits[1][:n], res.Bits[2][:n], res.Bits[3][:n]
	fetchTab(&x.surf.Data[0], &tx[0], &ty[0], tl, n, &p, dec, &r[0], &g[0], &b[0], &a[0])
	return true
}

//go:noescape
func fetchTab(d *byte, tx, ty, tl *int32, n int, p *fetchParams, dec *rgba8Decode, c0, c1, c2, c3 *uint32)

// srgbVBMI reports whether the r8g8b8a8_srgb bilinear kernel takes its
// AVX-512 form (bilinearSRGB8V: the table's bytes in sixteen registers,
// looked up 64 at a time with VPERMI2B) rather than the AVX2 one
// (bilinearSRGB8: an entry at a time); the two give the same bits
// (TestSRGB8KernelsAgree). A variable, so that the tests run both.
var srgbVBMI = asmKernels && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI

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
func bilinearSRGB8V(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
