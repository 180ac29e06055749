package sampler

import (
	"encoding/binary"
	"math"
)

// The filter kernels of the linear lane loop: n bilinear footprints of one
// format in, four channels of n results out. Each is the reference's
// arithmetic for one footprint — the weights (1 − α)(1 − β), α(1 − β),
// (1 − α)β, αβ rounded to float32, then the four products added in texel
// order (i0,j0), (i1,j0), (i0,j1), (i1,j1) from zero — applied entry by
// entry, so it has the same result bits. With GOEXPERIMENT=simd on amd64
// the same arithmetic runs eight entries per instruction
// (kernels_simd.go); kernelsGo keeps these for the agreement test.

// bilinearRGBA8LanesGo is the r8g8b8a8_unorm kernel in plain Go.
func bilinearRGBA8LanesGo(d []byte, fp *footprints, n int, out *[4][laneChunk]float32) {
	for k := 0; k < n; k++ {
		t00 := [4]byte(d[fp.o[0][k]:])
		t10 := [4]byte(d[fp.o[1][k]:])
		t01 := [4]byte(d[fp.o[2][k]:])
		t11 := [4]byte(d[fp.o[3][k]:])
		fa, fb := fp.fa[k], fp.fb[k]
		wi0, wj0 := 1-fa, 1-fb
		w00, w10 := float32(wi0*wj0), float32(fa*wj0)
		w01, w11 := float32(wi0*fb), float32(fa*fb)
		for c := range out {
			a := float32(0)
			a += float32(w00 * unorm8Table[t00[c]])
			a += float32(w10 * unorm8Table[t10[c]])
			a += float32(w01 * unorm8Table[t01[c]])
			a += float32(w11 * unorm8Table[t11[c]])
			out[c][k] = a
		}
	}
}

// bilinearRGBA32FLanesGo is the r32g32b32a32_sfloat kernel in plain Go.
func bilinearRGBA32FLanesGo(d []byte, fp *footprints, n int, out *[4][laneChunk]float32) {
	for k := 0; k < n; k++ {
		t00 := [16]byte(d[fp.o[0][k]:])
		t10 := [16]byte(d[fp.o[1][k]:])
		t01 := [16]byte(d[fp.o[2][k]:])
		t11 := [16]byte(d[fp.o[3][k]:])
		fa, fb := fp.fa[k], fp.fb[k]
		wi0, wj0 := 1-fa, 1-fb
		w00, w10 := float32(wi0*wj0), float32(fa*wj0)
		w01, w11 := float32(wi0*fb), float32(fa*fb)
		for c := range out {
			o := 4 * c
			a := float32(0)
			a += float32(w00 * math.Float32frombits(binary.LittleEndian.Uint32(t00[o:])))
			a += float32(w10 * math.Float32frombits(binary.LittleEndian.Uint32(t10[o:])))
			a += float32(w01 * math.Float32frombits(binary.LittleEndian.Uint32(t01[o:])))
			a += float32(w11 * math.Float32frombits(binary.LittleEndian.Uint32(t11[o:])))
			out[c][k] = a
		}
	}
}

// vecWrap reports whether footprintsVec wraps an axis of size n in mode m:
// repeat on a power of two (a mask), or clamp-to-edge.
func vecWrap(m AddressMode, n int32) bool {
	return m == WrapClampToEdge || m == WrapRepeat && n&(n-1) == 0
}
