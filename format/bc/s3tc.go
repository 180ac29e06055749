package bc

import "encoding/binary"

// colourMode selects how a BC1-style colour block treats color0 <= color1.
type colourMode uint8

const (
	colourOpaque       colourMode = iota // BC1 RGB: three-colour mode, index 3 is opaque black
	colourPunchThrough                   // BC1 RGBA: three-colour mode, index 3 is transparent black
	colourFour                           // BC2, BC3: always four-colour mode
)

// ratio returns n/d rounded once to the nearest float32. n/d is first rounded to float64; double
// rounding cannot change the result because n/d with d in {3·31, 3·63, 2·31, 7·255, 5·255, ...} is
// never within 2^-40 (relative) of a float32 rounding midpoint.
func ratio(n, d int32) float32 {
	return float32(float64(n) / float64(d))
}

// decodeColour decodes the 8-byte BC1 colour block b into the RGB (and, for BC1, A) channels of
// dst. The palette is computed from the 5:6:5 endpoint integers as exact fractions (for example
// (2·r0 + r1) / (3·31)) rounded once to float32, not through 8-bit intermediates.
func decodeColour(b []byte, dst *[16][4]float32, mode colourMode) {
	c0 := binary.LittleEndian.Uint16(b[0:])
	c1 := binary.LittleEndian.Uint16(b[2:])
	idx := binary.LittleEndian.Uint32(b[4:])
	e0 := [3]int32{int32(c0 >> 11), int32(c0 >> 5 & 63), int32(c0 & 31)}
	e1 := [3]int32{int32(c1 >> 11), int32(c1 >> 5 & 63), int32(c1 & 31)}
	max := [3]int32{31, 63, 31}
	var pal [4][4]float32
	for c := 0; c < 3; c++ {
		pal[0][c] = ratio(e0[c], max[c])
		pal[1][c] = ratio(e1[c], max[c])
		if c0 > c1 || mode == colourFour {
			pal[2][c] = ratio(2*e0[c]+e1[c], 3*max[c])
			pal[3][c] = ratio(e0[c]+2*e1[c], 3*max[c])
		} else {
			pal[2][c] = ratio(e0[c]+e1[c], 2*max[c])
			pal[3][c] = 0
		}
	}
	pal[0][3], pal[1][3], pal[2][3], pal[3][3] = 1, 1, 1, 1
	if c0 <= c1 && mode == colourPunchThrough {
		pal[3][3] = 0
	}
	for i := range dst {
		p := &pal[idx>>(2*uint(i))&3]
		if mode == colourFour {
			dst[i][0], dst[i][1], dst[i][2] = p[0], p[1], p[2]
		} else {
			dst[i] = *p
		}
	}
}

// decodeExplicitAlpha decodes BC2's 64 bits of 4-bit alpha (texel 0 in the low nibble of byte 0).
func decodeExplicitAlpha(b []byte, dst *[16][4]float32) {
	a := binary.LittleEndian.Uint64(b)
	for i := range dst {
		dst[i][3] = ratio(int32(a>>(4*uint(i))&15), 15)
	}
}

// decodeInterpolatedUnsigned decodes a BC3 alpha / BC4 unsigned block into channel ch of dst.
// Interpolated values are the exact fractions ((7-k)·a0 + k·a1) / (7·255) (or /(5·255)), rounded
// once to float32.
func decodeInterpolatedUnsigned(b []byte, dst *[16][4]float32, ch int) {
	a0, a1 := int32(b[0]), int32(b[1])
	var pal [8]float32
	pal[0], pal[1] = ratio(a0, 255), ratio(a1, 255)
	if a0 > a1 {
		for k := int32(1); k <= 6; k++ {
			pal[k+1] = ratio((7-k)*a0+k*a1, 7*255)
		}
	} else {
		for k := int32(1); k <= 4; k++ {
			pal[k+1] = ratio((5-k)*a0+k*a1, 5*255)
		}
		pal[6], pal[7] = 0, 1
	}
	idx := binary.LittleEndian.Uint64(b) >> 16
	for i := range dst {
		dst[i][ch] = pal[idx>>(3*uint(i))&7]
	}
}

// decodeInterpolatedSigned decodes a BC4/BC5 signed block into channel ch of dst. The endpoints are
// two's-complement bytes; -128 reads as -127 (both are -1.0), and the interpolated values are the
// exact fractions ((7-k)·r0 + k·r1) / (7·127) of the clamped endpoints, rounded once to float32.
func decodeInterpolatedSigned(b []byte, dst *[16][4]float32, ch int) {
	s0, s1 := int32(int8(b[0])), int32(int8(b[1]))
	r0, r1 := max(s0, -127), max(s1, -127)
	var pal [8]float32
	pal[0], pal[1] = ratio(r0, 127), ratio(r1, 127)
	if s0 > s1 {
		for k := int32(1); k <= 6; k++ {
			pal[k+1] = ratio((7-k)*r0+k*r1, 7*127)
		}
	} else {
		for k := int32(1); k <= 4; k++ {
			pal[k+1] = ratio((5-k)*r0+k*r1, 5*127)
		}
		pal[6], pal[7] = -1, 1
	}
	idx := binary.LittleEndian.Uint64(b) >> 16
	for i := range dst {
		dst[i][ch] = pal[idx>>(3*uint(i))&7]
	}
}
