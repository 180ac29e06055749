package bc

import (
	"fmt"
	"math"
	"strings"
)

// bc6hMode describes one BC6H mode (KDFS table "BC6H mode descriptions"; D3D11 functional
// specification 19.5.3).
type bc6hMode struct {
	headerBits    int       // mode bits: 2 or 5
	regions       int       // 1 or 2
	endpointBits  int       // precision of the base endpoint
	deltaBits     [3]int    // precision of the other endpoints per channel (R, G, B)
	transformed   bool      // the other endpoints are deltas from the base endpoint
	layout        string    // endpoint bits in stream order, see parseLayout
	fields        []bitDest // parsed layout, one entry per stream bit
	partitionBits int       // 5 for two regions, 0 for one
	runs          []bitRun  // fields merged into runs of consecutive ascending bits
}

// bitRun copies n stream bits starting at stream position pos (counted after the mode bits) to
// endpoint value `value`, bits lo..lo+n-1.
type bitRun struct{ pos, value, lo, n uint8 }

// bitDest is where one stream bit goes: endpoint value e (0..11 = r0 g0 b0 r1 g1 b1 ... r3 g3 b3,
// ordered by endpoint then channel) bit b.
type bitDest struct{ value, bit uint8 }

// bc6hModes is indexed by the mode value: the low 2 bits when they are 00 or 01, else the low 5 bits.
// The layouts list, in stream order from the bit after the mode bits, each field as name[first..last]
// (bits first to last, stepping by one either way) or name[bit]; names are the channel and the
// endpoint number: r0 g0 b0 (w), r1.. (x), r2.. (y), r3.. (z) in the D3D11 terms.
var bc6hModes = map[uint32]*bc6hMode{
	0x00: {2, 2, 10, [3]int{5, 5, 5}, true, "g2[4] b2[4] b3[4] r0[0..9] g0[0..9] b0[0..9] r1[0..4] g3[4] g2[0..3] g1[0..4] b3[0] g3[0..3] b1[0..4] b3[1] b2[0..3] r2[0..4] b3[2] r3[0..4] b3[3]", nil, 5, nil},
	0x01: {2, 2, 7, [3]int{6, 6, 6}, true, "g2[5] g3[4] g3[5] r0[0..6] b3[0] b3[1] b2[4] g0[0..6] b2[5] b3[2] g2[4] b0[0..6] b3[3] b3[5] b3[4] r1[0..5] g2[0..3] g1[0..5] g3[0..3] b1[0..5] b2[0..3] r2[0..5] r3[0..5]", nil, 5, nil},
	0x02: {5, 2, 11, [3]int{5, 4, 4}, true, "r0[0..9] g0[0..9] b0[0..9] r1[0..4] r0[10] g2[0..3] g1[0..3] g0[10] b3[0] g3[0..3] b1[0..3] b0[10] b3[1] b2[0..3] r2[0..4] b3[2] r3[0..4] b3[3]", nil, 5, nil},
	0x06: {5, 2, 11, [3]int{4, 5, 4}, true, "r0[0..9] g0[0..9] b0[0..9] r1[0..3] r0[10] g3[4] g2[0..3] g1[0..4] g0[10] g3[0..3] b1[0..3] b0[10] b3[1] b2[0..3] r2[0..3] b3[0] b3[2] r3[0..3] g2[4] b3[3]", nil, 5, nil},
	0x0a: {5, 2, 11, [3]int{4, 4, 5}, true, "r0[0..9] g0[0..9] b0[0..9] r1[0..3] r0[10] b2[4] g2[0..3] g1[0..3] g0[10] b3[0] g3[0..3] b1[0..4] b0[10] b2[0..3] r2[0..3] b3[1] b3[2] r3[0..3] b3[4] b3[3]", nil, 5, nil},
	0x0e: {5, 2, 9, [3]int{5, 5, 5}, true, "r0[0..8] b2[4] g0[0..8] g2[4] b0[0..8] b3[4] r1[0..4] g3[4] g2[0..3] g1[0..4] b3[0] g3[0..3] b1[0..4] b3[1] b2[0..3] r2[0..4] b3[2] r3[0..4] b3[3]", nil, 5, nil},
	0x12: {5, 2, 8, [3]int{6, 5, 5}, true, "r0[0..7] g3[4] b2[4] g0[0..7] b3[2] g2[4] b0[0..7] b3[3] b3[4] r1[0..5] g2[0..3] g1[0..4] b3[0] g3[0..3] b1[0..4] b3[1] b2[0..3] r2[0..5] r3[0..5]", nil, 5, nil},
	0x16: {5, 2, 8, [3]int{5, 6, 5}, true, "r0[0..7] b3[0] b2[4] g0[0..7] g2[5] g2[4] b0[0..7] g3[5] b3[4] r1[0..4] g3[4] g2[0..3] g1[0..5] g3[0..3] b1[0..4] b3[1] b2[0..3] r2[0..4] b3[2] r3[0..4] b3[3]", nil, 5, nil},
	0x1a: {5, 2, 8, [3]int{5, 5, 6}, true, "r0[0..7] b3[1] b2[4] g0[0..7] b2[5] g2[4] b0[0..7] b3[5] b3[4] r1[0..4] g3[4] g2[0..3] g1[0..4] b3[0] g3[0..3] b1[0..5] b2[0..3] r2[0..4] b3[2] r3[0..4] b3[3]", nil, 5, nil},
	0x1e: {5, 2, 6, [3]int{6, 6, 6}, false, "r0[0..5] g3[4] b3[0] b3[1] b2[4] g0[0..5] g2[5] b2[5] b3[2] g2[4] b0[0..5] g3[5] b3[3] b3[5] b3[4] r1[0..5] g2[0..3] g1[0..5] g3[0..3] b1[0..5] b2[0..3] r2[0..5] r3[0..5]", nil, 5, nil},
	0x03: {5, 1, 10, [3]int{10, 10, 10}, false, "r0[0..9] g0[0..9] b0[0..9] r1[0..9] g1[0..9] b1[0..9]", nil, 0, nil},
	0x07: {5, 1, 11, [3]int{9, 9, 9}, true, "r0[0..9] g0[0..9] b0[0..9] r1[0..8] r0[10] g1[0..8] g0[10] b1[0..8] b0[10]", nil, 0, nil},
	0x0b: {5, 1, 12, [3]int{8, 8, 8}, true, "r0[0..9] g0[0..9] b0[0..9] r1[0..7] r0[11..10] g1[0..7] g0[11..10] b1[0..7] b0[11..10]", nil, 0, nil},
	0x0f: {5, 1, 16, [3]int{4, 4, 4}, true, "r0[0..9] g0[0..9] b0[0..9] r1[0..3] r0[15..10] g1[0..3] g0[15..10] b1[0..3] b0[15..10]", nil, 0, nil},
}

// bc6hByCode indexes bc6hModes by the low 5 bits of the block (nil: reserved).
var bc6hByCode [32]*bc6hMode

func init() {
	for code, m := range bc6hModes {
		f, err := parseLayout(m.layout)
		if err != nil {
			panic(fmt.Sprintf("bc: BC6H mode %#x: %v", code, err))
		}
		m.fields = f
		for i, d := range f {
			if k := len(m.runs) - 1; k >= 0 {
				r := &m.runs[k]
				if r.value == d.value && r.lo+r.n == d.bit && int(r.pos+r.n) == i {
					r.n++
					continue
				}
			}
			m.runs = append(m.runs, bitRun{uint8(i), d.value, d.bit, 1})
		}
		if code < 2 {
			for hi := uint32(0); hi < 8; hi++ {
				bc6hByCode[hi<<2|code] = m
			}
		} else {
			bc6hByCode[code] = m
		}
	}
}

// parseLayout turns a layout string into the destination of each stream bit.
func parseLayout(s string) ([]bitDest, error) {
	var out []bitDest
	for _, tok := range strings.Fields(s) {
		var ch byte
		var ep, a, b int
		if n, _ := fmt.Sscanf(tok, "%c%d[%d..%d]", &ch, &ep, &a, &b); n == 4 {
		} else if n, _ := fmt.Sscanf(tok, "%c%d[%d]", &ch, &ep, &a); n == 3 {
			b = a
		} else {
			return nil, fmt.Errorf("bad field %q", tok)
		}
		c := strings.IndexByte("rgb", ch)
		if c < 0 || ep < 0 || ep > 3 {
			return nil, fmt.Errorf("bad field %q", tok)
		}
		step := 1
		if b < a {
			step = -1
		}
		for bit := a; ; bit += step {
			out = append(out, bitDest{uint8(3*ep + c), uint8(bit)})
			if bit == b {
				break
			}
		}
	}
	return out, nil
}

// signExtend interprets the low n bits of x as two's complement.
func signExtend(x int32, n int) int32 {
	s := uint(32 - n)
	return x << s >> s
}

// unquantize6 widens an n-bit endpoint to the 16-bit (unsigned) or 15-bit-plus-sign (signed)
// interpolation domain (KDFS section "BC6H", unquantize).
func unquantize6(x int32, n int, signed bool) int32 {
	if !signed {
		switch {
		case n >= 15:
			return x
		case x == 0:
			return 0
		case x == 1<<uint(n)-1:
			return 0xFFFF
		}
		return (x<<15 + 0x4000) >> uint(n-1)
	}
	if n >= 16 {
		// -32768 (reachable only in the 16-bit mode) is read as -32767, so that the result is
		// -65504 rather than the -infinity that finishUnquantize would make of it; see doc.go.
		return max(x, -32767)
	}
	neg := x < 0
	if neg {
		x = -x
	}
	switch {
	case x == 0:
	case x >= 1<<uint(n-1)-1:
		x = 0x7FFF
	default:
		x = (x<<15 + 0x4000) >> uint(n-1)
	}
	if neg {
		return -x
	}
	return x
}

// finishUnquantize scales an interpolated value to the bits of a half-precision float.
func finishUnquantize(x int32, signed bool) uint16 {
	if !signed {
		return uint16(x * 31 >> 6)
	}
	if x < 0 {
		return 0x8000 | uint16((-x)*31>>5)
	}
	return uint16(x * 31 >> 5)
}

// decodeBC6H decodes a BC6H block (KDFS section "BC6H"; D3D11 19.5.3) to the exact half values it
// encodes. A reserved mode (10011, 10111, 11011, 11111) decodes to RGB 0, as D3D11 requires.
func decodeBC6H(b []byte, dst *[16][4]float32, signed bool) {
	v := load128(b)
	mode := bc6hByCode[v.get(0, 5)]
	if mode == nil {
		for i := range dst {
			dst[i] = [4]float32{0, 0, 0, 1}
		}
		return
	}
	var e [12]int32
	for _, r := range mode.runs {
		e[r.value] |= int32(v.get(mode.headerBits+int(r.pos), int(r.n))) << r.lo
	}
	pos := mode.headerBits + len(mode.fields)
	partition := v.get(pos, mode.partitionBits)
	pos += mode.partitionBits

	n := 3 * 2 * mode.regions // endpoint values in use
	if signed {
		for c := 0; c < 3; c++ {
			e[c] = signExtend(e[c], mode.endpointBits)
		}
	}
	for i := 3; i < n; i++ {
		c := i % 3
		if mode.transformed {
			d := signExtend(e[i], mode.deltaBits[c])
			e[i] = (e[c] + d) & (1<<uint(mode.endpointBits) - 1)
			if signed {
				e[i] = signExtend(e[i], mode.endpointBits)
			}
		} else if signed {
			e[i] = signExtend(e[i], mode.endpointBits)
		}
	}
	for i := 0; i < n; i++ {
		e[i] = unquantize6(e[i], mode.endpointBits, signed)
	}

	indexBits := 4
	if mode.regions == 2 {
		indexBits = 3
	}
	w := weights(indexBits)
	for i := range 16 {
		s := 0
		bits := indexBits
		if mode.regions == 2 {
			s = int(partition2[partition][i])
			if i == 0 || i == int(anchor2[partition]) {
				bits--
			}
		} else if i == 0 {
			bits--
		}
		wt := w[v.get(pos, bits)]
		pos += bits
		for c := 0; c < 3; c++ {
			a, z := e[6*s+c], e[6*s+3+c]
			x := ((64-wt)*a + wt*z + 32) >> 6
			dst[i][c] = halfToFloat32(finishUnquantize(x, signed))
		}
		dst[i][3] = 1
	}
}

// halfToFloat32 converts IEEE 754 binary16 bits to float32 exactly.
func halfToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h >> 10 & 0x1F)
	man := uint32(h & 0x3FF)
	switch {
	case exp == 0x1F:
		return math.Float32frombits(sign | 0x7F800000 | man<<13)
	case exp != 0:
		return math.Float32frombits(sign | (exp+112)<<23 | man<<13)
	case man == 0:
		return math.Float32frombits(sign)
	}
	f := float32(man) / 16777216 // man · 2^-24
	if sign != 0 {
		return -f
	}
	return f
}
