package format

import "math"

// HalfToFloat32 converts the IEEE 754 binary16 value with bits h to float32.
// The conversion is exact: every half (normal, denormal, zero, infinity) is
// representable as a float32, and a NaN keeps its sign and its 10-bit payload
// in the top bits of the float32 mantissa (a signalling NaN stays signalling).
func HalfToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch exp {
	case 0:
		// Zero or denormal: mant·2^−24, exact in float32.
		v := float32(mant) * (1.0 / (1 << 24))
		return math.Float32frombits(math.Float32bits(v) | sign)
	case 0x1f:
		// Infinity or NaN.
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}

// Float64ToHalf converts v to the bits of the nearest IEEE 754 binary16 value,
// rounding ties to even. Magnitudes of 65520 and above (the midpoint between
// the largest half, 65504, and 65536) become infinity; magnitudes below the
// smallest normal round to denormals or to a zero of v's sign. A NaN keeps its
// sign and the top 10 bits of its payload, with the quiet bit set (as x86
// conversions do), so the default NaN of float64 arithmetic gives 0x7e00 with
// its sign.
func Float64ToHalf(v float64) uint16 {
	b := math.Float64bits(v)
	sign := uint16(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	frac := b & (1<<52 - 1)
	if exp == 0x7ff {
		if frac == 0 {
			return sign | 0x7c00
		}
		return sign | 0x7c00 | 0x200 | uint16(frac>>42)
	}
	if exp == 0 {
		// Zero or a float64 denormal (< 2^−1022): rounds to zero.
		return sign
	}
	e := exp - 1023 // unbiased exponent: |v| = m·2^(e−52), m in [2^52, 2^53)
	if e >= 16 {
		return sign | 0x7c00
	}
	m := frac | 1<<52
	var shift uint // bits to drop from m
	var base uint64
	if e >= -14 {
		// Normal half: keep 11 significant bits. The result is assembled as
		// biased exponent<<10 + (m>>42 − 1024), so a rounding carry out of the
		// mantissa increments the exponent, and out of the largest exponent
		// gives infinity (0x7c00).
		shift = 42
		base = uint64(e+15)<<10 - 1024
	} else {
		// Denormal half: units of 2^−24, |v|/2^−24 = m·2^(e−28).
		shift = uint(28 - e) // ≥ 43
		if shift > 63 {
			return sign
		}
	}
	q := m >> shift
	rem := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || (rem == half && q&1 == 1) {
		q++
	}
	r := base + q
	if r >= 0x7c00 {
		return sign | 0x7c00
	}
	return sign | uint16(r)
}
