package lanes

import (
	"encoding/binary"
	"math"
)

// trilinearWeights returns filterLevel's weights of the eight texels of a
// footprint with fractions α, β, γ: texel (i, j, k)'s at i + 2j + 4k,
// (w_i·w_j)·w_k with w_0 = 1 − fraction and w_1 = fraction, each product
// rounded to float32.
func trilinearWeights(fa, fb, fc float32) (w [8]float32) {
	wi0, wj0, wk0 := 1-fa, 1-fb, 1-fc
	w00, w10, w01, w11 := float32(wi0*wj0), float32(fa*wj0), float32(wi0*fb), float32(fa*fb)
	return [8]float32{float32(w00 * wk0), float32(w10 * wk0), float32(w01 * wk0), float32(w11 * wk0),
		float32(w00 * fc), float32(w10 * fc), float32(w01 * fc), float32(w11 * fc)}
}

// TrilinearRGBA8 is the 3D lane loop's kernel (sampler's lanes3d.go) for
// the 8-bit four-channel formats, decoded through dec: the eight texels of
// each footprint at o[i + 2j + 4k] with fractions α, β, γ, weighted
// ((w_i·w_j)·w_k) and added from zero in texel order (filterLevel's k
// outer, then j, then i), for the entries k < n.
func TrilinearRGBA8(d []byte, dec *RGBA8Decode, o *[8][Chunk]int32, fa, fb, fc *[Chunk]float32, n int, out *Out) {
	for k := 0; k < n; k++ {
		w := trilinearWeights(fa[k], fb[k], fc[k])
		t0, t1 := [4]byte(d[o[0][k]:]), [4]byte(d[o[1][k]:])
		t2, t3 := [4]byte(d[o[2][k]:]), [4]byte(d[o[3][k]:])
		t4, t5 := [4]byte(d[o[4][k]:]), [4]byte(d[o[5][k]:])
		t6, t7 := [4]byte(d[o[6][k]:]), [4]byte(d[o[7][k]:])
		for c := range out {
			tab, p := dec.tab[c], dec.pos[c]&3
			a := float32(0)
			a += float32(w[0] * tab[t0[p]])
			a += float32(w[1] * tab[t1[p]])
			a += float32(w[2] * tab[t2[p]])
			a += float32(w[3] * tab[t3[p]])
			a += float32(w[4] * tab[t4[p]])
			a += float32(w[5] * tab[t5[p]])
			a += float32(w[6] * tab[t6[p]])
			a += float32(w[7] * tab[t7[p]])
			out[c][k] = a
		}
	}
}

// TrilinearRGBA32F is TrilinearRGBA8 for r32g32b32a32_sfloat.
func TrilinearRGBA32F(d []byte, o *[8][Chunk]int32, fa, fb, fc *[Chunk]float32, n int, out *Out) {
	f := func(o int32, c int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(d[int(o)+4*c:])) }
	for k := 0; k < n; k++ {
		w := trilinearWeights(fa[k], fb[k], fc[k])
		for c := range out {
			a := float32(0)
			for q := range w {
				a += float32(w[q] * f(o[q][k], c))
			}
			out[c][k] = Canonical(a)
		}
	}
}
