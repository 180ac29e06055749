package sampler

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/pipeline"
)

// Hardware precision on the lane loop. The reference rounds in float64
// (split: ⌊u·2^b + ½⌋ for the texel coordinate; quantizeLod: λ·2^b rounded
// to nearest, ties away from zero); the lane loop's stages perform the same
// roundings in binary32 operations that are all exact, so that they give
// the same bits:
//
//   - subtexel(u) = (⌊v⌋ + [v − ⌊v⌋ ≥ ½])·2^−b, v = u·2^b. The scalings by
//     powers of two are exact (a coordinate the loop takes is below 2^30 in
//     magnitude, b ≤ 16, and an integer once its magnitude reaches 2^23·2^−b,
//     so v never overflows or loses a bit), v − ⌊v⌋ is exact, and ⌊v⌋ + 1
//     is exact where the fraction is not zero (|v| < 2^23). So the result
//     is ⌊u·2^b + ½⌋·2^−b exactly, whose floor and fraction are split's
//     index and weight; it is never −0 (⌊v⌋ + 0 is +0 for ⌊v⌋ = −0), as
//     split's weight is never −0. NaN stays NaN and ±∞ stay infinite (the
//     loops send both, and magnitudes from 2^30 on, to the reference).
//   - lodStep(λ) = (t + [|v − t| ≥ ½]·sign(v))·2^−b, t = trunc(v), v = λ·2^b,
//     where |v| < 2^23; λ itself elsewhere (already a multiple of 2^−b, or
//     infinite, or NaN). The same exactness argument gives quantizeLod's
//     round(λ·2^b)/2^b, −0 included (t is −0 for v in (−½, 0]).
//
// The assembly (quant_amd64.h's QSUB and QLOD, in footprints_amd64.s and
// plain_amd64.s) performs these operations in this order.
// TestQuantizeTwins checks both against split and quantizeLod.

// quantSteps are the powers of two of the hardware roundings, as binary32:
// 2^SubtexelBits and 2^−SubtexelBits, 2^LodBits and 2^−LodBits.
type quantSteps struct {
	sub, subInv float32
	lod, lodInv float32
}

// quantStepsFor returns p's quantSteps (p hardware and valid).
func quantStepsFor(p Precision) quantSteps {
	return quantSteps{
		sub: float32(math.Ldexp(1, p.SubtexelBits)), subInv: float32(math.Ldexp(1, -p.SubtexelBits)),
		lod: float32(math.Ldexp(1, p.LodBits)), lodInv: float32(math.Ldexp(1, -p.LodBits)),
	}
}

// floor32 is ⌊v⌋ (NaN and infinities as they are).
func floor32(v float32) float32 { return float32(math.Floor(float64(v))) }

// subtexel rounds the texel coordinate u to SubtexelBits fraction bits, as
// split does before it takes the index and the weight.
func (q *quantSteps) subtexel(u float32) float32 { return pipeline.Subtexel(u, q.sub, q.subInv) }

// lodStep rounds λ to LodBits fraction bits, as quantizeLod does.
func (q *quantSteps) lodStep(l float32) float32 {
	v := l * q.lod
	if !(abs32(v) < 1<<23) {
		return l
	}
	t := float32(math.Trunc(float64(v)))
	if abs32(v-t) >= 0.5 {
		if signbit32(v) {
			t--
		} else {
			t++
		}
	}
	return t * q.lodInv
}
