package lanes

import (
	"encoding/binary"

	"github.com/texunit/texunit/format"
)

// r16g16b16a16_sfloat on the specialised path and the lane loop: each
// channel a binary16 value, converted exactly to float32 by the format's
// own conversion (format.HalfToFloat32: every half, denormals and
// infinities included, is a float32; a NaN keeps its payload). The kernels
// make a NaN result canonicalNaN, as the r32g32b32a32_sfloat ones do, so
// that a NaN's payload — which the assembly's conversion (VCVTPH2PS) quiets
// — does not reach a result.

// HalfAt decodes the r16g16b16a16_sfloat texel at byte offset o of d.
func HalfAt(d []byte, o int) [4]float32 {
	b := d[o : o+8 : o+8]
	return [4]float32{
		format.HalfToFloat32(binary.LittleEndian.Uint16(b[0:])),
		format.HalfToFloat32(binary.LittleEndian.Uint16(b[2:])),
		format.HalfToFloat32(binary.LittleEndian.Uint16(b[4:])),
		format.HalfToFloat32(binary.LittleEndian.Uint16(b[6:])),
	}
}

// bilinearRGBA16FLanesGo is the r16g16b16a16_sfloat bilinear kernel in
// plain Go: bilinearRGBA32FLanesGo's arithmetic on the converted halves.
func bilinearRGBA16FLanesGo(d []byte, fp *Footprints, n int, out *Out) {
	for k := 0; k < n; k++ {
		t00 := HalfAt(d, int(fp.O[0][k]))
		t10 := HalfAt(d, int(fp.O[1][k]))
		t01 := HalfAt(d, int(fp.O[2][k]))
		t11 := HalfAt(d, int(fp.O[3][k]))
		w00, w10, w01, w11 := BilinearWeights(fp.FA[k], fp.FB[k])
		for c := range out {
			a := float32(0)
			a += float32(w00 * t00[c])
			a += float32(w10 * t10[c])
			a += float32(w01 * t01[c])
			a += float32(w11 * t11[c])
			out[c][k] = Canonical(a)
		}
	}
}

// gatherRGBA16FLanesGo is the r16g16b16a16_sfloat gather kernel in plain
// Go: each entry's channel ch of its four texels.
func gatherRGBA16FLanesGo(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out) {
	for k := 0; k < n; k++ {
		c := 2 * int(ch[k]&3)
		for r, q := range GatherTexel {
			out[r][k] = Canonical(format.HalfToFloat32(binary.LittleEndian.Uint16(d[int(fp.O[q][k])+c:])))
		}
	}
}

// BilinearRGBA16FLanes runs the r16g16b16a16_sfloat bilinear kernel: the
// assembly (bilinearHalf) where the build and the CPU have it, else Go.
func BilinearRGBA16FLanes(d []byte, fp *Footprints, n int, out *Out, inside bool) {
	if !bilinearHalfAsm(d, fp, n, out, inside) {
		bilinearRGBA16FLanesGo(d, fp, n, out)
	}
}

// GatherRGBA16FLanes runs the r16g16b16a16_sfloat gather kernel: the
// assembly (gatherHalf) where the build and the CPU have it, else Go.
func GatherRGBA16FLanes(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) {
	if !gatherHalfAsm(d, fp, n, ch, out, inside) {
		gatherRGBA16FLanesGo(d, fp, n, ch, out)
	}
}
