// Package f32text converts float32 values to and from decimal text quickly
// and exactly as package strconv does: AppendShortest writes what
// strconv.AppendFloat(dst, float64(f), 'g', -1, 32) writes (Go 1.27's: Go
// 1.26's rounds one tie, 2⁻¹², the wrong way, so the text now is the same
// whichever release built texunit), and Parse reads a JSON number as
// strconv.ParseFloat(s, 32) does. The batch protocol
// (package batch) formats and parses millions of them: AppendJSON is
// AppendShortest with the JSON strings the protocol writes for NaN and the
// infinities, and ScanJSONList reads the numbers of a JSON array a run at
// a time. The tests compare them with strconv (every float32 with
// -exhaustive).
package f32text

import (
	"math"
	"math/bits"
	"strconv"
)

// pow10f64 holds the powers of ten that are exact in float64.
var pow10f64 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// Parse returns float32(strconv.ParseFloat(s, 32)) and its error, for s
// a JSON number (-? int frac? exp?; other text goes to strconv as it is).
//
// The fast path reads at most 19 significant digits into an integer m and a
// decimal exponent e; when m < 2⁵³ and |e| ≤ 22, m·10^e rounded once to
// float64 is exact-rounded (Clinger), and rounding that to float32 gives
// the correctly rounded float32 unless the float64 lies exactly on a
// midpoint between two float32 values (a float64 on either side of a
// midpoint rounds to the float32 on the same side as the true value,
// because the midpoint is itself a float64). Midpoints and every other case
// go to strconv.
func Parse(s string) (float32, error) {
	if f, n, st := ScanJSON(s); st == Fast && n == len(s) {
		return f, nil
	}
	f, err := strconv.ParseFloat(s, 32)
	return float32(f), err
}

// Status says what ScanJSON found.
type Status uint8

// The values of Status.
const (
	Invalid Status = iota // s does not start with a JSON number
	Slow                  // a JSON number the fast path does not take: Parse(s[:n])
	Fast                  // a JSON number, and f is its value
)

// ScanJSON reads the JSON number at the start of s (RFC 8259: -? (0 |
// [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?) in one pass, checking its
// grammar, and returns its length n and, when the fast path applies
// (Fast), its value. The number ends at the first byte that cannot
// continue it; what follows is the caller's to check.
//
// Numbers without an exponent and with at most 19 digits (leading zeros
// included) take a shorter path: the first eight digits of a fraction
// that has eight bytes of text from its start (as a number inside a line
// has) are read at once (SWAR), any others a byte at a time with no test
// beyond "is it a digit". Every other text, and every number that path
// would not convert, is read by scanJSON, whose results these are too
// (TestScanJSONEight).
func ScanJSON(s string) (f float32, n int, st Status) {
	if f, n, ok := scanShort(s, 0); ok {
		return f, n, Fast
	}
	return scanJSON(s)
}

// ScanJSONList reads the numbers of a JSON array from s[pos:] while each
// is one that ScanJSON's shorter path converts and is followed by ", "
// and the first byte of another number, appending their values to dst
// while it has room (it never grows dst). It returns the position of the
// first number it did not take — the array's last, one followed by
// something else, or one the shorter path does not convert — and dst, for
// the caller to read that number on with ScanJSON and the grammar. (An
// array's numbers in one loop: the batch's columnar lanes.)
func ScanJSONList(s string, pos int, dst []float32) (int, []float32) {
	for len(dst) < cap(dst) {
		if len(s)-pos >= 32 {
			if f, n := scanUnit(s[pos : pos+32]); n > 0 {
				dst = append(dst, f)
				pos += n
				continue
			}
		}
		f, end, ok := scanShort(s, pos)
		if !ok || end+2 >= len(s) || s[end] != ',' || s[end+1] != ' ' {
			break
		}
		if c := s[end+2]; c-'0' >= 10 && c != '-' {
			break
		}
		dst = append(dst, f)
		pos = end + 2
	}
	return pos, dst
}

// scanUnit is ScanJSONList's step for the commonest shape of number, one
// digit, a point and 1 to 15 more, followed by ", " and the first byte of
// another number, all within t (32 bytes; the indexes past the eight-byte
// load are masked to them, which they never exceed, so that they need no
// bounds checks): the fraction's first eight digits are read at once,
// with no test per byte. It returns the number's value and its length with
// the separator, or n 0 for any other text (which scanShort then reads).
func scanUnit(t string) (f float32, n int) {
	t = t[:32]
	c := t[0] - '0'
	if c >= 10 || t[1] != '.' {
		return 0, 0
	}
	x := le64(t[2:10])
	k := leadingDigits(x)
	if k == 0 {
		return 0, 0
	}
	m := digitsValue(x, k)
	if k == 8 { // the few digits after eight, one by one
		for ; k < 15 && t[(2+k)&31]-'0' < 10; k++ {
			m = m*10 + uint64(t[(2+k)&31]-'0')
		}
	}
	if t[(2+k)&31] != ',' || t[(3+k)&31] != ' ' {
		return 0, 0
	}
	if d := t[(4+k)&31]; d-'0' >= 10 && d != '-' {
		return 0, 0
	}
	m += uint64(c) * pow10u64[k&15]
	if m >= 1<<53 {
		return 0, 0
	}
	v := float64(m) / pow10f64[k&15] // m = 0 gives +0
	if math.Float64bits(v)&(1<<29-1) == 1<<28 {
		return 0, 0 // a float32 midpoint (see scanJSON)
	}
	return float32(v), 4 + k
}

// scanShort is ScanJSON's shorter path for the number at s[i:]: its value
// and end, or ok false for text it does not take.
func scanShort(s string, i int) (f float32, end int, ok bool) {
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	if i >= len(s) {
		return 0, 0, false
	}
	var m uint64
	nd := 0 // the digits read into m, leading zeros included: m < 10^nd
	switch c := s[i]; {
	case c == '0':
		i++
		if i < len(s) && s[i]-'0' < 10 {
			return 0, 0, false // a leading zero
		}
	case c-'1' < 9:
		for ; i < len(s) && s[i]-'0' < 10; i++ {
			m = m*10 + uint64(s[i]-'0')
			nd++
		}
	default:
		return 0, 0, false
	}
	e10 := 0
	if i < len(s) && s[i] == '.' {
		i++
		if len(s)-i >= 8 && nd <= 11 {
			// Eight bytes at once (k = 0 leaves m of no meaning, but
			// the test of e10 below turns that text away).
			x := le64(s[i : i+8])
			k := leadingDigits(x)
			m = m*pow10u64[k&15] + digitsValue(x, k)
			nd += k
			i += k
			e10 -= k
		}
		for ; i < len(s) && s[i]-'0' < 10; i++ {
			m = m*10 + uint64(s[i]-'0')
			nd++
			e10--
		}
		if e10 == 0 {
			return 0, 0, false // no digit after the point
		}
	}
	if nd > 19 || i < len(s) && s[i]|0x20 == 'e' {
		return 0, 0, false // more digits than m holds, or an exponent
	}
	if m == 0 {
		if neg {
			return float32(math.Copysign(0, -1)), i, true
		}
		return 0, i, true
	}
	if m >= 1<<53 || e10 < -22 {
		return 0, 0, false
	}
	v := float64(m) / pow10f64[-e10]
	if math.Float64bits(v)&(1<<29-1) == 1<<28 {
		return 0, 0, false // a float32 midpoint (see scanJSON)
	}
	if neg {
		v = -v
	}
	return float32(v), i, true
}

// le64 returns the eight bytes that start s (which has them) as a
// little-endian word: the first byte lowest.
func le64(s string) uint64 {
	s = s[:8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// leadingDigits returns how many of the eight bytes of x (le64's order)
// are decimal digits before the first that is not (SWAR: a byte b is a
// digit when b < 0x80, b&0x7f + 0x46 < 0x80 and b&0x7f + 0x50 ≥ 0x80,
// sums that carry into no other byte).
func leadingDigits(x uint64) int {
	lo := x & 0x7f7f7f7f7f7f7f7f
	return bits.TrailingZeros64((lo+0x4646464646464646|^(lo+0x5050505050505050)|x)&0x8080808080808080) >> 3
}

// digitsValue returns the value of the first k digits of x (le64's order;
// 1 ≤ k ≤ 8, k = 0 gives a value of no meaning): shifted to the top with
// zeros below, they are combined in pairs, fours and eights by three
// multiplications.
func digitsValue(x uint64, k int) uint64 {
	x = (x & 0x0f0f0f0f0f0f0f0f) << ((64 - 8*k) & 63)
	x = x * 2561 >> 8 & 0x00ff00ff00ff00ff
	x = x * 6553601 >> 16 & 0x0000ffff0000ffff
	return x * 42949672960001 >> 32
}

// scanJSON is ScanJSON a byte at a time: for any text.
func scanJSON(s string) (f float32, n int, st Status) {
	i := 0
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	var m uint64
	nd := 0  // significant digits read into m
	e10 := 0 // decimal exponent of m
	fast := true
	switch {
	case i >= len(s):
		return 0, 0, Invalid
	case s[i] == '0':
		i++
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			return 0, 0, Invalid // a leading zero
		}
	case s[i] >= '1' && s[i] <= '9':
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if nd == 19 {
				fast = false
				continue
			}
			m = m*10 + uint64(s[i]-'0')
			nd++
		}
	default:
		return 0, 0, Invalid
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return 0, 0, Invalid
		}
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if m == 0 && s[i] == '0' {
				e10--
				continue
			}
			if nd == 19 {
				fast = false
				continue
			}
			m = m*10 + uint64(s[i]-'0')
			nd++
			e10--
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return 0, 0, Invalid
		}
		x := 0
		for start := i; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if i-start >= 4 {
				fast = false
				continue
			}
			x = x*10 + int(s[i]-'0')
		}
		if eneg {
			x = -x
		}
		e10 += x
	}
	if !fast {
		return 0, i, Slow
	}
	if m == 0 {
		if neg {
			return float32(math.Copysign(0, -1)), i, Fast
		}
		return 0, i, Fast
	}
	if m >= 1<<53 || e10 < -22 || e10 > 22 {
		return 0, i, Slow
	}
	v := float64(m)
	if e10 >= 0 {
		v *= pow10f64[e10]
	} else {
		v /= pow10f64[-e10]
	}
	// A float32 midpoint has a float64 mantissa whose 29 low bits are
	// 1 followed by zeros (the value is a normal float32 here: 10⁻²² ≤
	// |v| < 2⁵³·10²² < MaxFloat32).
	if math.Float64bits(v)&(1<<29-1) == 1<<28 {
		return 0, i, Slow
	}
	if neg {
		v = -v
	}
	return float32(v), i, Fast
}
