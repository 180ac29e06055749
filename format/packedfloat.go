package format

import "math"

// UFloat11ToFloat32 converts an unsigned 11-bit float (5-bit exponent biased
// by 15, 6-bit mantissa, no sign; Khronos Data Format Specification "Unsigned
// 11-bit floating-point numbers") in the low bits of v to float32. The
// conversion is exact for every value: zero, denormals (m·2⁻²⁰), normals,
// infinity (exponent 31, mantissa 0) and NaN (exponent 31, mantissa ≠ 0,
// whose mantissa becomes the top bits of the float32 payload).
func UFloat11ToFloat32(v uint32) float32 { return smallFloat(v&0x7ff, 6) }

// UFloat10ToFloat32 converts an unsigned 10-bit float (5-bit exponent biased
// by 15, 5-bit mantissa) in the low bits of v to float32, exactly, as
// UFloat11ToFloat32 does.
func UFloat10ToFloat32(v uint32) float32 { return smallFloat(v&0x3ff, 5) }

// smallFloat converts an unsigned float with a 5-bit exponent (bias 15) and
// an m-bit mantissa.
func smallFloat(v uint32, m uint) float32 {
	exp := v >> m
	mant := v & (1<<m - 1)
	switch exp {
	case 0:
		// Denormal: mant·2^(−14−m), exact in float32.
		return float32(math.Ldexp(float64(mant), -14-int(m)))
	case 31:
		return math.Float32frombits(0x7f800000 | mant<<(23-m))
	}
	return math.Float32frombits((exp+127-15)<<23 | mant<<(23-m))
}

// RGB9E5ToFloat32 decodes a VK_FORMAT_E5B9G9R9_UFLOAT_PACK32 word: R in bits
// 0..8, G in 9..17, B in 18..26 and the shared exponent E in 27..31, each
// component m·2^(E−15−9) (no implied leading one, no infinities or NaN). The
// results are exact.
func RGB9E5ToFloat32(w uint32) (r, g, b float32) {
	scale := math.Ldexp(1, int(w>>27)-24)
	return float32(float64(w&0x1ff) * scale), float32(float64(w>>9&0x1ff) * scale), float32(float64(w>>18&0x1ff) * scale)
}

// float64ToSmallFloat encodes v as an unsigned float with a 5-bit exponent
// and an m-bit mantissa, rounding to nearest even: negative values and −0
// give 0, NaN gives a quiet NaN (exponent 31, top mantissa bit set), and
// values that round above the largest finite value give infinity, following
// Vulkan's "Floating-Point Format Conversions".
func float64ToSmallFloat(v float64, m uint) uint32 {
	switch {
	case v != v:
		return 31<<m | 1<<(m-1)
	case v <= 0:
		return 0
	}
	// Through float16 arithmetic: the same exponent range, more mantissa.
	// Round directly instead, from v's float64 bits.
	b := math.Float64bits(v)
	e := int(b>>52&0x7ff) - 1023
	if e >= 16 {
		return 31 << m
	}
	frac := b&(1<<52-1) | 1<<52
	var shift uint
	var base uint64
	if e >= -14 {
		shift = 52 - m
		base = uint64(e+15)<<m - 1<<m
	} else {
		shift = uint(52 - int(m) + (-14 - e))
		if shift > 63 {
			return 0
		}
	}
	q := frac >> shift
	rem := frac & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || (rem == half && q&1 == 1) {
		q++
	}
	r := base + q
	if r >= 31<<m {
		return 31 << m
	}
	return uint32(r)
}

// Float64ToUFloat11 encodes v as an unsigned 11-bit float, rounding to
// nearest even (see float64ToSmallFloat).
func Float64ToUFloat11(v float64) uint32 { return float64ToSmallFloat(v, 6) }

// Float64ToUFloat10 encodes v as an unsigned 10-bit float, rounding to
// nearest even.
func Float64ToUFloat10(v float64) uint32 { return float64ToSmallFloat(v, 5) }

// Float64ToRGB9E5 encodes (r, g, b) as a VK_FORMAT_E5B9G9R9_UFLOAT_PACK32
// word with the algorithm of the Khronos Data Format Specification ("Shared
// exponent", from EXT_texture_shared_exponent): each component is clamped to
// [0, (2⁹−1)/2⁹·2¹⁶] (NaN to 0), the shared exponent is
// max(−16, ⌊log2(max)⌋) + 16, raised by one when the largest mantissa would
// round to 2⁹, and each mantissa is ⌊c/2^(E−24) + ½⌋.
func Float64ToRGB9E5(r, g, b float64) uint32 {
	const maxV = 511.0 / 512 * 65536
	clamp := func(c float64) float64 {
		if c != c || c <= 0 {
			return 0
		}
		return min(c, maxV)
	}
	r, g, b = clamp(r), clamp(g), clamp(b)
	m := max(r, g, b)
	e := -16
	if m > 0 {
		_, x := math.Frexp(m) // m = f·2^x, f in [½, 1): ⌊log2 m⌋ = x − 1
		e = max(-16, x-1)
	}
	exp := e + 16 // biased: E − 15 = e + 1
	scale := math.Ldexp(1, exp-24)
	if math.Floor(m/scale+0.5) == 512 {
		exp++
		scale *= 2
	}
	q := func(c float64) uint32 { return uint32(math.Floor(c/scale + 0.5)) }
	return uint32(exp)<<27 | q(b)<<18 | q(g)<<9 | q(r)
}
