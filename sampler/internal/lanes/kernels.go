package lanes

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// The kernels of the lane loop (sampler's lanes2d.go): n bilinear footprints of one
// format in, four channels of n results out. Each is the reference's
// arithmetic for one footprint — the weights (1 − α)(1 − β), α(1 − β),
// (1 − α)β, αβ rounded to float32, then the four products added in texel
// order (i0,j0), (i1,j0), (i0,j1), (i1,j1) from zero — applied entry by
// entry, so it has the same result bits. On amd64 with AVX2 the same
// arithmetic runs eight entries per instruction in assembly (*_amd64.s);
// the plain forms (…Go) stay as the fallback and the agreement reference.

// Out is where a kernel writes its four channels of a chunk's
// entries: the working set's acc or lower (OutOf), or the result's rows
// (ResultRows).
type Out [4]*[Chunk]float32

// OutOf is the Out of a working-set array.
func OutOf(a *[4][Chunk]float32) Out { return Out{&a[0], &a[1], &a[2], &a[3]} }

// Kernel results may be written into the result as they are: a NaN is
// canonicalNaN (canonical) where one can arise, from r32g32b32a32_sfloat
// texels and the levels' blend of them; the r8g8b8a8_unorm and compare
// kernels' results are finite (finite texels and weights, and finite
// compare results).

// Canonical is v, or the canonical NaN for a NaN (ResultBits).
func Canonical(v float32) float32 { return math.Float32frombits(ResultBits(v)) }

// ResultRows reports whether each of bits's channels has room for
// Chunk lanes from lane i0 on (its capacity; the kernels write only the
// chunk's lanes) and, if so, sets rows to them, viewed as float32; if not,
// it leaves rows as they were.
func ResultRows(bits *[4][]uint32, i0 int, rows *Out) bool {
	// The four checks and four pointers written out: the loops' form cost
	// about 100 instructions a call (callgrind), a tenth of a one-level
	// request's Go.
	if i0 < 0 || min(cap(bits[0]), cap(bits[1]), cap(bits[2]), cap(bits[3]))-i0 < Chunk {
		return false
	}
	rows[0] = (*[Chunk]float32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(bits[0])), 4*i0))
	rows[1] = (*[Chunk]float32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(bits[1])), 4*i0))
	rows[2] = (*[Chunk]float32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(bits[2])), 4*i0))
	rows[3] = (*[Chunk]float32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(bits[3])), 4*i0))
	return true
}

// BilinearWeights returns the reference's weights of texels (i0,j0),
// (i1,j0), (i0,j1), (i1,j1) for fractions α, β: (1 − α)(1 − β), α(1 − β),
// (1 − α)β, αβ, each rounded to float32.
func BilinearWeights(fa, fb float32) (w00, w10, w01, w11 float32) {
	wi0, wj0 := 1-fa, 1-fb
	return float32(wi0 * wj0), float32(fa * wj0), float32(wi0 * fb), float32(fa * fb)
}

// bilinearRGBA8LanesGo is the r8g8b8a8_unorm kernel in plain Go.
func bilinearRGBA8LanesGo(d []byte, fp *Footprints, n int, out *Out) {
	for k := 0; k < n; k++ {
		t00 := [4]byte(d[fp.O[0][k]:])
		t10 := [4]byte(d[fp.O[1][k]:])
		t01 := [4]byte(d[fp.O[2][k]:])
		t11 := [4]byte(d[fp.O[3][k]:])
		w00, w10, w01, w11 := BilinearWeights(fp.FA[k], fp.FB[k])
		for c := range out {
			a := float32(0)
			a += float32(w00 * Unorm8Table[t00[c]])
			a += float32(w10 * Unorm8Table[t10[c]])
			a += float32(w01 * Unorm8Table[t01[c]])
			a += float32(w11 * Unorm8Table[t11[c]])
			out[c][k] = a
		}
	}
}

// bilinearRGBA32FLanesGo is the r32g32b32a32_sfloat kernel in plain Go.
func bilinearRGBA32FLanesGo(d []byte, fp *Footprints, n int, out *Out) {
	for k := 0; k < n; k++ {
		t00 := [16]byte(d[fp.O[0][k]:])
		t10 := [16]byte(d[fp.O[1][k]:])
		t01 := [16]byte(d[fp.O[2][k]:])
		t11 := [16]byte(d[fp.O[3][k]:])
		w00, w10, w01, w11 := BilinearWeights(fp.FA[k], fp.FB[k])
		for c := range out {
			o := 4 * c
			a := float32(0)
			a += float32(w00 * math.Float32frombits(binary.LittleEndian.Uint32(t00[o:])))
			a += float32(w10 * math.Float32frombits(binary.LittleEndian.Uint32(t10[o:])))
			a += float32(w01 * math.Float32frombits(binary.LittleEndian.Uint32(t01[o:])))
			a += float32(w11 * math.Float32frombits(binary.LittleEndian.Uint32(t11[o:])))
			out[c][k] = Canonical(a)
		}
	}
}

// GatherTexel is, for each component of a gather's result, the footprint
// texel it comes from: (i0,j1), (i1,j1), (i1,j0), (i0,j0).
var GatherTexel = [4]int{2, 3, 1, 0}

// gatherRGBA8LanesGo is the r8g8b8a8_unorm gather kernel in plain Go: each
// entry's channel ch of its four texels.
func gatherRGBA8LanesGo(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out) {
	for k := 0; k < n; k++ {
		c := int(ch[k] & 3)
		for r, q := range GatherTexel {
			out[r][k] = Unorm8Table[d[int(fp.O[q][k])+c]]
		}
	}
}

// GatherRGBA32FLanesGo is the r32g32b32a32_sfloat gather kernel.
func GatherRGBA32FLanesGo(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out) {
	for k := 0; k < n; k++ {
		c := 4 * int(ch[k]&3)
		for r, q := range GatherTexel {
			out[r][k] = Canonical(math.Float32frombits(binary.LittleEndian.Uint32(d[int(fp.O[q][k])+c:])))
		}
	}
}

// gatherDepthLanesGo is the gather kernel with a compare on 32-bit depth:
// each texel's compare result, t or f (channel 0 of the swizzled results).
func gatherDepthLanesGo(d []byte, fp *Footprints, n int, ref *[Chunk]float32, op CompareOp, t, f float32, out *Out) {
	for k := 0; k < n; k++ {
		for r, q := range GatherTexel {
			v := f
			if Compare(op, ref[k], math.Float32frombits(binary.LittleEndian.Uint32(d[fp.O[q][k]:]))) {
				v = t
			}
			out[r][k] = v
		}
	}
}

// pcfDepthLanesGo is the percentage-closer filtering kernel on 32-bit
// depth: each texel's compare result (the swizzled vector t or f), weighted
// and summed as the bilinear kernels do.
func pcfDepthLanesGo(d []byte, fp *Footprints, n int, ref *[Chunk]float32, op CompareOp, t, f *[4]float32, out *Out) {
	for k := 0; k < n; k++ {
		var v [4]*[4]float32
		for q := range v {
			v[q] = f
			if Compare(op, ref[k], math.Float32frombits(binary.LittleEndian.Uint32(d[fp.O[q][k]:]))) {
				v[q] = t
			}
		}
		w00, w10, w01, w11 := BilinearWeights(fp.FA[k], fp.FB[k])
		for c := range out {
			a := float32(0)
			a += float32(w00 * v[0][c])
			a += float32(w10 * v[1][c])
			a += float32(w01 * v[2][c])
			a += float32(w11 * v[3][c])
			out[c][k] = a
		}
	}
}

// blendsGo reports whether an entry of delta[0, np) is not zero: whether
// the chunk has a second level to blend.
func blendsGo(delta *[Chunk]float32, np int) bool {
	for _, d := range delta[:np] {
		if d != 0 {
			return true
		}
	}
	return false
}

// blendLanesGo blends the chunk's levels into out: (1 − δ)·acc + δ·lower
// for the entries k < np with δ ≠ 0, acc for the others, the padding
// included.
func blendLanesGo(delta *[Chunk]float32, acc, lower *[4][Chunk]float32, np int, out *Out) {
	for k := 0; k < np; k++ {
		d := delta[k]
		wHi := 1 - d
		for ch := range acc {
			v := acc[ch][k]
			if d != 0 {
				v = float32(wHi*v) + float32(d*lower[ch][k])
			}
			out[ch][k] = Canonical(v)
		}
	}
}

// storeRunGo stores the results acc[·][0, n) of lanes i0, i0+1, … to
// bits: their bits, a NaN as canonicalNaN (ResultBits).
func storeRunGo(bits *[4][]uint32, acc *[4][Chunk]float32, i0, n int) {
	for c := range acc {
		dst := bits[c][i0 : i0+n]
		for k, v := range acc[c][:n] {
			dst[k] = ResultBits(v)
		}
	}
}
