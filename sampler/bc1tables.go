package sampler

import (
	"encoding/binary"

	"github.com/texunit/texunit/format"
)

// BC1's decode as a palette lookup. Package format/bc decodes a BC1 block
// into four colours whose components are exact fractions of the 5:6:5
// endpoints e0, e1 rounded once to float32 — e0/m, e1/m, and (2e0 + e1)/3m,
// (e0 + 2e1)/3m (four-colour mode, c0 > c1) or (e0 + e1)/2m and 0
// (three-colour mode) for m = 31 (red, blue) or 63 (green) — then picks a
// colour per texel by its 2-bit index; the sRGB formats apply the sRGB EOTF
// to each texel's components after. Over the common denominator 6m each
// fraction is n/6m for an integer n (6e0, 6e1, 4e0 + 2e1, 2e0 + 4e1,
// 3(e0 + e1), 0), and the same rational number rounds to the same float32,
// so a table of n/186 (red, blue) and one of n/378 (green) hold every
// component a palette can have: the tables below, each entry computed as
// package bc computes its fractions (float64 quotient, rounded to float32),
// and for the sRGB formats with the EOTF applied (the texel's component is
// a palette entry, so the EOTF of the entry is the texel's). The three-
// colour mode's fourth colour is transparent black for the RGBA formats
// and opaque black for the RGB ones. TestBC1PaletteAgrees holds the decode
// to the format's own block decoder for every format and both modes.

// bc1Tables are the components n/186 (r: red and blue) and n/378 (g:
// green) as one BC1 format decodes them; the lengths are padded to a
// multiple of 8.
type bc1Tables struct {
	r [192]float32
	g [384]float32
}

// bc1Unorm and bc1Srgb are the UNORM and the sRGB formats' tables.
var bc1Unorm, bc1Srgb = func() (u, s bc1Tables) {
	for n := 0; n <= 186; n++ {
		u.r[n] = float32(float64(n) / 186)
		s.r[n] = format.SRGBToLinearFloat(u.r[n])
	}
	for n := 0; n <= 378; n++ {
		u.g[n] = float32(float64(n) / 378)
		s.g[n] = format.SRGBToLinearFloat(u.g[n])
	}
	return u, s
}()

// bc1Decode is a plan's BC1 palette decode: the format's tables (nil for
// the formats that are not BC1), whether the three-colour mode's fourth
// colour is transparent (BC1 RGBA), and whether the tables are the UNORM
// ones, n/6m, which the assembly computes as that binary32 quotient
// instead (IEEE division rounds once, as the tables' entries are rounded:
// TestBC1TablesAreQuotients).
type bc1Decode struct {
	tab   *bc1Tables
	punch bool
	div   bool
}

// bc1ModeOf returns format f's bc1Decode.
func bc1ModeOf(f format.Format) bc1Decode {
	switch f {
	case format.BC1RGBUnormBlock:
		return bc1Decode{tab: &bc1Unorm, div: true}
	case format.BC1RGBSrgbBlock:
		return bc1Decode{tab: &bc1Srgb}
	case format.BC1RGBAUnormBlock:
		return bc1Decode{tab: &bc1Unorm, punch: true, div: true}
	case format.BC1RGBASrgbBlock:
		return bc1Decode{tab: &bc1Srgb, punch: true}
	}
	return bc1Decode{}
}

// palette returns the four colours of BC1 block b (8 bytes), channel c of
// colour e at pal[c][e].
func (d *bc1Decode) palette(b []byte) (pal [4][4]float32) {
	c0 := uint32(binary.LittleEndian.Uint16(b))
	c1 := uint32(binary.LittleEndian.Uint16(b[2:]))
	four := c0 > c1
	ends := [3][2]uint32{{c0 >> 11, c1 >> 11}, {c0 >> 5 & 63, c1 >> 5 & 63}, {c0 & 31, c1 & 31}}
	for c, e := range ends {
		n := [4]uint32{6 * e[0], 6 * e[1], 3 * (e[0] + e[1]), 0}
		if four {
			n[2], n[3] = 4*e[0]+2*e[1], 2*e[0]+4*e[1]
		}
		t := d.tab.r[:]
		if c == 1 {
			t = d.tab.g[:]
		}
		for k := range n {
			pal[c][k] = t[n[k]]
		}
	}
	pal[3] = [4]float32{1, 1, 1, 1}
	if !four && d.punch {
		pal[3][3] = 0
	}
	return pal
}
