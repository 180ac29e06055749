//go:build amd64 && !purego

package lanes

import (
	"math"
	"math/bits"

	"golang.org/x/sys/cpu"
)

// The assembly kernels (gather_amd64.s, log2_amd64.s, plain_amd64.s,
// cube_amd64.s, footprints_amd64.s, kernels_amd64.s) are built on amd64
// unless the purego tag asks for the Go code alone, and run where the CPU
// has AVX2 and FMA (the r8g8b8a8_unorm decode's one fused multiply-add),
// decided once per process. Their results are the plain-Go stages' bits: each vector
// operation is the binary32 operation the Go code performs per entry, in
// the same order.

// AsmKernels reports whether the assembly kernels run on this CPU.
var AsmKernels = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// The r8g8b8a8_unorm decode without a division. In binary, u/255 =
// 0.uuu… (the byte u repeated), so 2^24·u/255 = A + A/(2^24 − 1), A =
// u·0x010101 (the byte three times, at most 2^24 − 1, so converting it is
// exact). One fused multiply-add, A·fl(1/(2^24 − 1)) + A rounded once, is
// 2^24·fl(u/255) for every byte u (TestUnorm8IsDivision checks all 256):
// the approximated term's error is far below the distance of 2^24·u/255
// from a rounding boundary. The kernels (gather8, bilinear32, fetchRGBA8)
// compute this scaled value and multiply it by 2^−24 or fold it into the bilinear weights, exactly, since
// scaling by a power of two commutes with rounding and no product is
// subnormal.

// unormRep[c] are VPSHUFB indices that replace each word by byte c of it in
// bytes 0–2 and zero in byte 3 (A for channel c).
var unormRep = func() (r [4][32]int8) {
	for c := range r {
		for b := range r[c] {
			r[c][b] = int8(b&12 + c) // within its 16-byte group
			if b&3 == 3 {
				r[c][b] = -128 // the sign bit: zero
			}
		}
	}
	return
}()

// unormRepBase is unormRep[0]'s words: unormRep[c]'s are unormRepBase +
// c·0x010101.
var unormRepBase = [8]uint32{0x80000000, 0x80040404, 0x80080808, 0x800c0c0c, 0x80000000, 0x80040404, 0x80080808, 0x800c0c0c}

// unormK is fl(1/(2^24 − 1)); unormScale 2^−24.
const (
	unormK     = float32(1.0 / (1<<24 - 1))
	unormScale = float32(1.0 / (1 << 24))
)

// The AVX-512 kernels' r8g8b8a8_unorm decode, one operation shorter: one
// conversion rounding up, no multiply-add. With the byte four times, Y =
// u·0x01010101 (at most 2^32 − 1), 2^32·u/255 = Y + u/255, so the exact
// value lies above Y by ε = u/255 in (0, 1] (u > 0). Where Y's leading bit
// is 24 + k (u in [2^k, 2^(k+1))), a float's step there is 2^(k+1) and
// the bits of Y below it are u itself (the byte's last copy holds them
// all), at least 2^k, half a step: Y + ε is always beyond the midpoint
// (or, for u = 255, exactly the next float), so rounding it to nearest is
// rounding Y up. 2^32·fl(u/255) is therefore Y converted as an unsigned
// word with rounding toward +∞ (VCVTUDQ2PS.RU_SAE, which only the 512-bit
// encoding offers), and 0 for u = 0 (TestUnorm8RoundUp checks all 256).
// Its scale 2^−32 folds into the weights or one multiply, as 2^−24 does.

// unormRep4[c] are VPSHUFB indices that replace each word by byte c of it
// in all four bytes (Y for channel c); unormRep4Base is unormRep4[0]'s
// words, and unormRep4[c]'s are unormRep4Base + c·0x01010101.
var unormRep4 = func() (r [4][32]int8) {
	for c := range r {
		for b := range r[c] {
			r[c][b] = int8(b&12 + c) // within its 16-byte group
		}
	}
	return
}()

var unormRep4Base = [8]uint32{0, 0x04040404, 0x08080808, 0x0c0c0c0c, 0, 0x04040404, 0x08080808, 0x0c0c0c0c}

// unorm32Scale is 2^−32, the round-up decode's scale.
const unorm32Scale = float32(1.0 / (1 << 32))

// The assembly's float constants, the Go constants' values.
var (
	asmOne          float32 = 1
	asmUnormK               = unormK
	asmUnormScale           = unormScale
	asmUnorm32Scale         = unorm32Scale
	asmNaN                  = math.Float32frombits(CanonicalNaN)
)

// The gathers (gather_amd64.s).

//go:noescape
func gatherWords(d *byte, o *int32, n int, t *uint32)

//go:noescape
func gatherRows(d *byte, o *[4][Chunk]int32, n int, t *[4][Chunk]uint32)

// FetchRGBA8 is the r8g8b8a8_unorm fetch of lanes k < n (a multiple of 8)
// at one level of a 2D view: lane k's texel (tx[k], ty[k]) lies at byte
// lv[3] + 4·tx + lv[2]·ty if 0 ≤ tx < lv[0] and 0 ≤ ty < lv[1] (every such
// texel inside d, and lv[3] too), and reads as the word 0 otherwise; its
// channels, decoded, go to c0[k] … c3[k]. Eight lanes an instruction
// (gather_amd64.s), or where Wide512 sixteen (fetchRGBA8V, which
// FetchRGBA8's first instructions jump to: a Go wrapper choosing between
// the two is not inlined, and cost 22 instructions a call); the same bits
// (TestFetchRGBA8Forms).
//
//go:noescape
func FetchRGBA8(d *byte, tx, ty *int32, n int, lv *[4]int32, c0, c1, c2, c3 *uint32)

//go:noescape
func fetchRGBA8V(d *byte, tx, ty *int32, n int, lv *[4]int32, c0, c1, c2, c3 *uint32)

//go:noescape
func gather8(d *byte, o *[4][Chunk]int32, ch *[Chunk]uint8, n int, out *Out)

//go:noescape
func bilinear32(d *byte, o *[4][Chunk]int32, fa, fb *[Chunk]float32, n int, out *Out)

// bilinear32V, gather8V and gatherRowsV are bilinear32, gather8 and
// gatherRows in AVX-512, sixteen entries at a time (the same bits);
// Wide512 chooses them.
//
//go:noescape
func bilinear32V(d *byte, o *[4][Chunk]int32, fa, fb *[Chunk]float32, n int, out *Out)

//go:noescape
func gather8V(d *byte, o *[4][Chunk]int32, ch *[Chunk]uint8, n int, out *Out)

//go:noescape
func gatherRowsV(d *byte, o *[4][Chunk]int32, n int, t *[4][Chunk]uint32)

// Wide512 reports whether the r8g8b8a8_unorm bilinear and gather kernels
// and the depth kernels take their AVX-512 forms (bilinear32V, gather8V,
// gatherRowsV; pcfDepthV and gatherDepthV, which compare in registers)
// rather than the AVX2 ones (bilinear32, gather8, gatherRows with pcfDepth
// and gatherDepth), and whether package pipeline's one-level footprint
// stage calls Footprints16 rather than Footprints8: chosen once per
// process where the CPU has AVX-512 F, BW and VL. A variable, so that the
// tests run both (TestBilinear32Forms, TestGather8Forms,
// TestGatherRowsForms, TestDepthForms; TestFootprintsForms calls the two
// footprint forms itself).
var Wide512 = AsmKernels && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL

//go:noescape
func bilinearSRGB8(d *byte, o *[4][Chunk]int32, fa, fb *[Chunk]float32, n int, out *Out)

//go:noescape
func bilinear128(d *byte, o *[4][Chunk]int32, fa, fb *[Chunk]float32, n int, out *Out)

// log2f8 is log2f for eight values (in may be out).
func log2f8(in, out *[8]float32) {
	if in != out {
		*out = *in
	}
	if reject := log2Fast(&out[0], 8); reject != 0 {
		log2Rejected(out[:], reject)
	}
}

// Log2Vec replaces a's values (a multiple of 8, at most 64) by their
// logarithms, log2f's: log2Fast computes eight lanes and the boundary test
// in registers (log2_amd64.s) — the same table, a degree-5 series with
// fused multiply-adds and 1/ln 2 folded into its coefficients, within
// 2^−48 of log2(v) like log2f's — and the lanes the test rejects take
// math.Log2, as log2f's do.
func Log2Vec(a []float32) {
	if len(a) == 0 {
		return
	}
	if reject := log2Fast(&a[0], len(a)); reject != 0 {
		log2Rejected(a, reject)
	}
}

// log2Rejected replaces the values of a that log2Fast rejected (bit k of
// reject for a[k]) by math.Log2's results.
func log2Rejected(a []float32, reject uint64) {
	for ; reject != 0; reject &= reject - 1 {
		k := bits.TrailingZeros64(reject)
		a[k] = float32(math.Log2(float64(a[k])))
	}
}

//go:noescape
func log2Fast(a *float32, n int) (reject uint64)

// log2Pairs[i] is (log2(m₀), 2^−23/m₀) for m₀ = 1 + i/256 (sampler's
// log2M0 and log2Inv, computed alike, the second scaled exactly), so that
// r = (m − m₀)/m₀ is one product with the low mantissa bits; one 16-byte
// load reads both.
var log2Pairs = func() (t [256][2]float64) {
	for i := range t {
		m0 := 1 + float64(i)/256
		t[i] = [2]float64{math.Log2(m0), (1 / m0) * (1.0 / (1 << 23))}
	}
	return t
}()

// log2Poly holds the series' coefficients a₅ … a₁, aₖ = (−1)^(k+1)/(k·ln 2)
// (each rounded once from the exact constant), four copies each for the
// assembly's memory operands.
var log2Poly = [5][4]float64{
	{1 / (5 * math.Ln2), 1 / (5 * math.Ln2), 1 / (5 * math.Ln2), 1 / (5 * math.Ln2)},
	{-1 / (4 * math.Ln2), -1 / (4 * math.Ln2), -1 / (4 * math.Ln2), -1 / (4 * math.Ln2)},
	{1 / (3 * math.Ln2), 1 / (3 * math.Ln2), 1 / (3 * math.Ln2), 1 / (3 * math.Ln2)},
	{-1 / (2 * math.Ln2), -1 / (2 * math.Ln2), -1 / (2 * math.Ln2), -1 / (2 * math.Ln2)},
	{1 / math.Ln2, 1 / math.Ln2, 1 / math.Ln2, 1 / math.Ln2},
}
