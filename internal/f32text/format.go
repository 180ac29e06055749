// Copyright 2025 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.
//
// The shortest-digits computation below is Go's float32 Dragonbox
// (internal/strconv/ftoadbox.go, Go 1.26) specialised to float32, with the
// digit formatting of strconv's 'g' verb written for it.

package f32text

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
)

// AppendShortest appends f as strconv.AppendFloat(dst, float64(f), 'g', -1,
// 32) does, byte for byte (Go 1.27's; Go 1.26's differs for ±2⁻¹² alone, see
// shortest): the shortest decimal that reads back as the same float32 (the
// closest such, ties to even), in %e form when the decimal
// exponent is below −4 or at least 6 and in %f form otherwise; NaN as
// "NaN" and the infinities as "+Inf" and "-Inf". It is about twice as fast
// and does not allocate when dst has room.
func AppendShortest(dst []byte, f float32) []byte {
	b := math.Float32bits(f)
	if unitRange(b) {
		sig, e10 := shortestRegular(b&(1<<23-1)|1<<23, int(b>>23)-127-23)
		return appendFraction(dst, sig, -e10)
	}
	return appendOther(dst, b, "")
}

// AppendJSON appends f as AppendShortest does, but NaN and the
// infinities as JSON strings, "NaN", "+Inf" and "-Inf" with their double
// quotes (the batch protocol's text for them).
func AppendJSON(dst []byte, f float32) []byte {
	b := math.Float32bits(f)
	if unitRange(b) {
		sig, e10 := shortestRegular(b&(1<<23-1)|1<<23, int(b>>23)-127-23)
		return appendFraction(dst, sig, -e10)
	}
	return appendOther(dst, b, `"`)
}

// unitRange reports whether the float32 with bits b is the common case,
// taken first: 2⁻¹³ ≤ f < 1 with a mantissa that is not zero (Algorithm
// 5.2's interval), whose shortest decimal lies in [10⁻⁴, 1) (it is within
// half a unit of f: above 1.2·10⁻⁴ and below 1 − 2⁻²⁵), which 'g' writes as
// "0." and the fraction's digits.
func unitRange(b uint32) bool { return b-114<<23 < 13<<23 && b&(1<<23-1) != 0 }

// appendOther is AppendShortest for the float32 with bits b, with the
// text of NaN and the infinities between quote and quote.
func appendOther(dst []byte, b uint32, quote string) []byte {
	neg := b>>31 != 0
	exp := int(b>>23) & 0xff
	mant := b & (1<<23 - 1)
	denorm := false
	switch exp {
	case 0xff:
		dst = append(dst, quote...)
		switch {
		case mant != 0:
			dst = append(dst, "NaN"...)
		case neg:
			dst = append(dst, "-Inf"...)
		default:
			dst = append(dst, "+Inf"...)
		}
		return append(dst, quote...)
	case 0:
		exp++
		denorm = true
	default:
		mant |= 1 << 23
	}
	if neg {
		dst = append(dst, '-')
	}
	if mant == 0 {
		return append(dst, '0')
	}
	sig, e10 := shortest(mant, exp-127-23, denorm)
	// The other results in [10⁻⁴, 1) (below 2⁻¹³, and the powers of two):
	// "0." and the fraction's -e10 digits, sig with its leading zeros (%f
	// below 1, which 'g' takes for decimal exponents −4 to −1: sig <
	// 10^-e10 ≤ 10⁴·sig).
	if w := -e10; w > 0 && w <= 16 && uint64(sig) < pow10u64[w] && uint64(sig)*10000 >= pow10u64[w] {
		return appendFraction(dst, sig, w)
	}
	return appendG(dst, sig, e10)
}

// pow10u64 holds 10⁰ to 10¹⁶.
var pow10u64 = [17]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16}

// appendFraction appends "0." and the w decimal digits of sig < 10^w,
// leading zeros included (1 ≤ w ≤ 16): the digits are written eight at a
// time (eightASCII) with unaligned 8-byte stores into dst's spare capacity,
// so no digit, zero or layout is decided one byte at a time.
func appendFraction(dst []byte, sig uint32, w int) []byte {
	n := len(dst)
	if cap(dst)-n < 18 {
		dst = slices.Grow(dst, 18)
	}
	putFraction((*[18]byte)(dst[n:n+18]), sig, w)
	return dst[:n+2+w]
}

// putFraction writes "0." and the w decimal digits of sig < 10^w, leading
// zeros included (1 ≤ w ≤ 16), at the start of out; the bytes after them
// are of no meaning. Its first case, w ≤ 8 (all but a few results), is
// written inline where speed counts (AppendJSON4).
func putFraction(out *[18]byte, sig uint32, w int) {
	binary.LittleEndian.PutUint16(out[:2], '0'|'.'<<8)
	if w <= 8 {
		binary.LittleEndian.PutUint64(out[2:10], eightASCII(sig)>>(8*(8-w)&63))
		return
	}
	hi := sig / 100000000 // < 43: two digits after six zeros
	binary.LittleEndian.PutUint64(out[2:10], eightASCII(hi)>>(8*(16-w)&63))
	binary.LittleEndian.PutUint64(out[w-6:], eightASCII(sig-hi*100000000))
}

// shortest returns the shortest decimal sig·10^e10 that rounds to the
// float32 mant·2^exp (Dragonbox, Algorithms 5.2, 5.4 and 5.6), as
// internal/strconv's dboxFtoa32 computes it.
func shortest(mant uint32, exp int, denorm bool) (sig uint32, e10 int) {
	if mant == 1<<23 && !denorm {
		// Algorithm 5.6: the lower neighbour is closer.
		k0 := -mulLog10_2MinusLog10_4Over3(exp)
		φ, β := pow(k0, exp)
		xi, zi := rangeOf(φ, β)
		if exp != 2 && exp != 3 {
			xi++
		}
		q := zi / 10
		if xi <= q*10 {
			q, zeros := trimZeros(q)
			return q, -k0 + 1 + zeros
		}
		yru := roundUp(φ, β)
		// A tie between the two candidates happens at one exponent,
		// Dragonbox's shorter_interval_tie_lower_threshold, −35 for
		// binary32 (−77 is binary64's: Go 1.26's dboxFtoa32 has −77, so
		// its strconv rounds 2⁻¹² up to 0.00024414063; Go 1.27's, and
		// this, write 0.00024414062, the even one).
		if exp == -35 && yru%2 != 0 {
			yru--
		} else if yru < xi {
			yru++
		}
		return yru, -k0
	}

	return shortestRegular(mant, exp)
}

// shortestRegular is shortest where the float's lower neighbour is as
// far as its upper one (Algorithms 5.2 and 5.4: every float32 but the
// normal powers of two).
func shortestRegular(mant uint32, exp int) (sig uint32, e10 int) {
	// κ = 1 for float32 (section 5.1.3).
	const (
		κ     = 1
		p10κ  = 10
		p10κ1 = p10κ * 10
	)
	// Algorithm 5.2.
	k0 := -mulLog10_2(exp)
	φ, β := pow(κ+k0, exp)
	zi, exact := mulPow(uint32(mant*2+1)<<β, φ)
	s, r := zi/p10κ1, zi%p10κ1
	δi := delta(φ, β)
	if r < δi {
		if r != 0 || !exact || mant%2 == 0 {
			s, zeros := trimZeros(s)
			return s, -k0 + 1 + zeros
		}
		s--
		r = p10κ * 10
	} else if r == δi {
		parity, exact := parity(mant*2-1, φ, β)
		if parity || (exact && mant%2 == 0) {
			s, zeros := trimZeros(s)
			return s, -k0 + 1 + zeros
		}
	}
	// Algorithm 5.4.
	D := r + p10κ/2 - δi/2
	t, ρ := D/p10κ, D%p10κ
	yru := 10*s + t
	if ρ == 0 {
		parity, exact := parity(mant*2, φ, β)
		if parity != ((D-p10κ/2)%2 != 0) || exact && yru%2 != 0 {
			yru--
		}
	}
	return yru, -k0
}

// mulLog10_2 returns ⌊x·log10(2)⌋ for −1600 ≤ x ≤ 1600.
func mulLog10_2(x int) int { return (x * 78913) >> 18 }

// mulLog2_10 returns ⌊x·log2(10)⌋ for −500 ≤ x ≤ 500.
func mulLog2_10(x int) int { return (x * 108853) >> 15 }

// mulLog10_2MinusLog10_4Over3 returns ⌊x·log10(2) − log10(4/3)⌋.
func mulLog10_2MinusLog10_4Over3(x int) int { return (x*631305 - 261663) >> 21 }

// pow returns φ̃k and β for the binary exponent e.
func pow(k, e int) (φ uint64, β int) {
	return pow10Tab[k-pow10Min], e + 1 + mulLog2_10(k) - 1
}

// mulPow returns the integer part of u·φ/2⁶⁴ (as 32 bits of the upper 64
// of the 96-bit product) and whether the fraction is zero.
func mulPow(u uint32, φ uint64) (uint32, bool) {
	hi, lo := bits.Mul64(uint64(u), φ)
	r := hi<<32 | lo>>32 // the upper 64 of 96 bits
	return uint32(r >> 32), uint32(r) == 0
}

// parity returns the parity of the integer part of mant2·φ and whether
// its fraction is zero (section 5.2.1).
func parity(mant2 uint32, φ uint64, β int) (bool, bool) {
	r := uint64(mant2) * φ // the lower 64 of 96 bits
	return (r>>(64-β))&1 != 0, uint32(r>>(32-β)) == 0
}

// delta returns δ(i).
func delta(φ uint64, β int) uint32 { return uint32(φ >> (64 - 1 - β)) }

// rangeOf returns the left and right endpoints of Algorithm 5.6.
func rangeOf(φ uint64, β int) (left, right uint32) {
	left = uint32((φ - (φ >> (23 + 2))) >> (64 - 23 - 1 - β))
	right = uint32((φ + (φ >> (23 + 1))) >> (64 - 23 - 1 - β))
	return left, right
}

// roundUp returns y(ru).
func roundUp(φ uint64, β int) uint32 { return uint32(φ>>(64-23-2-β)+1) / 2 }

// trimZeros removes the trailing decimal zeros of x and returns how many
// it removed.
func trimZeros(x uint32) (uint32, int) {
	n := 0
	for x != 0 && x%10 == 0 {
		x /= 10
		n++
	}
	return x, n
}

// digitPairs holds "00" to "99".
const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// appendG appends sig·10^e10 as strconv's 'g' verb with the shortest
// precision writes it (sig > 0, at most 10 digits). It writes into dst's
// spare capacity directly: no copy goes through memmove.
func appendG(dst []byte, sig uint32, e10 int) []byte {
	nd := decimalLen(sig)
	dp := nd + e10 // the decimal point's position in the digits
	x := dp - 1
	dst = slices.Grow(dst, 24) // at most 10 digits, a point, 5 more zeros or e-XX
	n := len(dst)
	out := dst[n : n+24]
	k := 0
	switch {
	case x < -4 || x >= 6:
		// %e: d.ddde±XX
		putDigits(out[1:], sig, nd)
		out[0] = out[1]
		k = 1
		if nd > 1 {
			out[1] = '.'
			k = nd + 1
		}
		out[k] = 'e'
		out[k+1] = '+'
		if x < 0 {
			out[k+1] = '-'
			x = -x
		}
		out[k+2], out[k+3] = digitPairs[x*2], digitPairs[x*2+1] // |x| ≤ 45
		k += 4
	case dp <= 0:
		// %f below 1: 0.000ddd (at most 4 zeros)
		out[0], out[1] = '0', '.'
		k = 2
		for ; dp < 0; dp++ {
			out[k] = '0'
			k++
		}
		putDigits(out[k:], sig, nd)
		k += nd
	case dp >= nd:
		// %f integer: ddd000
		putDigits(out, sig, nd)
		for k = nd; k < dp; k++ {
			out[k] = '0'
		}
	default:
		// %f: ddd.ddd
		putDigits(out, sig, nd)
		for i := nd; i > dp; i-- {
			out[i] = out[i-1]
		}
		out[dp] = '.'
		k = nd + 1
	}
	return dst[:n+k]
}

// decimalLen returns the number of decimal digits of v > 0.
func decimalLen(v uint32) int {
	// ⌊log10(v)⌋ is ⌊log10(2)·⌊log2(v)⌋⌋ or one more (1233/4096 ≈ log10 2).
	n := (bits.Len32(v) * 1233) >> 12
	if v >= pow10u32[n] {
		n++
	}
	return n
}

// pow10u32 holds 10⁰ to 10⁹.
var pow10u32 = [...]uint32{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000}

// putDigits writes the nd decimal digits of v at the start of b, and
// perhaps other bytes after them, up to b[9] (b holds at least 10 bytes).
func putDigits(b []byte, v uint32, nd int) {
	if nd > 9 {
		writeDigits(b[:nd], v)
		return
	}
	if nd == 9 {
		q := v / 100000000
		b[0] = byte('0' + q)
		v -= q * 100000000
		b = b[1:]
		nd = 8
	}
	binary.LittleEndian.PutUint64(b[:8], eightASCII(v)>>(8*(8-nd)))
}

// eightASCII returns the 8 decimal digits of v < 10⁸, leading zeros
// included, as ASCII bytes with the first digit lowest (SWAR: each step
// splits every lane in two with one multiplication; the constants divide
// exactly in the lanes' ranges: x·5243>>19 = ⌊x/100⌋ for x < 10⁴, t·103>>10
// = ⌊t/10⌋ for t < 100).
func eightASCII(v uint32) uint64 {
	x := uint64(v/10000) | uint64(v%10000)<<32    // 32-bit lanes: abcd, efgh
	y := x * 5243 >> 19 & 0x0000007f0000007f      // ab, ef
	x = y | (x-y*100)<<16                         // 16-bit lanes: ab, cd, ef, gh
	z := x * 103 >> 10 & 0x000f000f000f000f       // the tens
	return (z | (x-z*10)<<8) | 0x3030303030303030 // bytes: a … h
}

// writeDigits writes the decimal digits of v into b, which holds exactly
// their number.
func writeDigits(b []byte, v uint32) {
	i := len(b)
	for i >= 2 {
		q := v / 100
		d := (v - q*100) * 2
		b[i-2], b[i-1] = digitPairs[d], digitPairs[d+1]
		v = q
		i -= 2
	}
	if i == 1 {
		b[0] = byte('0' + v)
	}
}

// AppendJSON4 appends the four float32 values whose bits are v as
// AppendJSON does, separated by commas: a result's four channels. Values
// in AppendShortest's common range are written into room grown once for
// all four.
func AppendJSON4(dst []byte, v [4]uint32) []byte {
	const room = 4 * 19 // "0.", at most 16 digits and a comma, four times
	n := len(dst)
	if cap(dst)-n < room {
		dst = slices.Grow(dst, room)
	}
	for c, b := range v {
		if c > 0 {
			dst[:cap(dst)][n] = ','
			n++
		}
		if !unitRange(b) {
			dst = appendOther(dst[:n], b, `"`)
			n = len(dst)
			if cap(dst)-n < room {
				dst = slices.Grow(dst, room)
			}
			continue
		}
		sig, e10 := shortestRegular(b&(1<<23-1)|1<<23, int(b>>23)-127-23)
		out, w := (*[18]byte)(dst[n:n+18:cap(dst)]), -e10
		if w <= 8 { // putFraction's first case, inline
			binary.LittleEndian.PutUint16(out[:2], '0'|'.'<<8)
			binary.LittleEndian.PutUint64(out[2:10], eightASCII(sig)>>(8*(8-w)&63))
		} else {
			putFraction(out, sig, w)
		}
		n += 2 + w
	}
	return dst[:n]
}
