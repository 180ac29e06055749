package sampler

import "math"

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
func (q *quantSteps) subtexel(u float32) float32 {
	v := u * q.sub
	f := floor32(v)
	inc := float32(0)
	if v-f >= 0.5 {
		inc = 1
	}
	f += inc // +0 where f is −0
	return f * q.subInv
}

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

// oneLevelHW is footprintsOneLevel's loop in hardware precision, the
// coordinates rounded by subtexel before the floor: a loop of its own, so
// that exact precision's keeps its registers (a test in its loop costs it
// about 2 % more instructions per sample).
func (x *exec) oneLevelHW(c *laneSet, lvl *[laneChunk]int32, fp *footprints, lv *fastLevel, rep0, rep1 bool) {
	fw, fh := float32(lv.W), float32(lv.H)
	wm, hm := lv.W-1, lv.H-1
	off, xs, ys, ls := int32(lv.Off), int32(lv.XS), int32(lv.YS), int32(lv.LS)
	q := &x.q
	for k := 0; k < c.NP; k++ {
		u := q.subtexel(float32(c.S[k]*fw) + float32(c.OffU[k]) - 0.5)
		v := q.subtexel(float32(c.T[k]*fh) + float32(c.OffV[k]) - 0.5)
		if !(abs32(u) < 1<<30 && abs32(v) < 1<<30) {
			x.footprintRange(c, lvl, fp, k, k+1)
			continue
		}
		i0, j0 := floor2(u, v)
		fp.FA[k], fp.FB[k] = u-float32(i0), v-float32(j0)
		var x0, x1, y0, y1 int32
		if rep0 {
			x0, x1 = i0&wm, (i0+1)&wm
		} else {
			x0, x1 = min(max(i0, 0), wm), min(max(i0+1, 0), wm)
		}
		if rep1 {
			y0, y1 = j0&hm, (j0+1)&hm
		} else {
			y0, y1 = min(max(j0, 0), hm), min(max(j0+1, 0), hm)
		}
		base := off + c.Layer[k]*ls
		r0, r1 := base+y0*ys, base+y1*ys
		c0, c1 := x0*xs, x1*xs
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = r0+c0, r0+c1, r1+c0, r1+c1
	}
}
