package lanes

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

// BC1Decode is a plan's BC1 palette decode: the format's tables (nil for
// the formats that are not BC1), whether the three-colour mode's fourth
// colour is transparent (BC1 RGBA), and whether the tables are the UNORM
// ones, n/6m, which the assembly computes as that binary32 quotient
// instead (IEEE division rounds once, as the tables' entries are rounded:
// TestBC1TablesAreQuotients).
type BC1Decode struct {
	tab   *bc1Tables
	punch bool
	div   bool
	// BC2 and BC3: the colour block is the block's second half, always
	// in four-colour mode, and alpha (bcAlphaWindow) the first.
	four  bool
	alpha uint8 // alphaNone, alphaExplicit (BC2), alphaInterpolated (BC3)
}

// BC1Decode.alpha's values.
const (
	alphaNone         = iota
	alphaExplicit     // BC2: 4 bits a texel, n/15
	alphaInterpolated // BC3: two 8-bit endpoints and 3-bit indices
)

// colourOffset is the byte offset of the colour block in a block of the
// format (8 for BC2 and BC3).
func (d *BC1Decode) colourOffset() int32 {
	if d.alpha != alphaNone {
		return 8
	}
	return 0
}

// BC1ModeOf returns format f's BC1Decode: the BC1 formats', and BC2's and
// BC3's, whose colour blocks are BC1's in four-colour mode (and whose
// alpha bcAlphaWindow decodes).
func BC1ModeOf(f format.Format) BC1Decode {
	switch f {
	case format.BC1RGBUnormBlock:
		return BC1Decode{tab: &bc1Unorm, div: true}
	case format.BC1RGBSrgbBlock:
		return BC1Decode{tab: &bc1Srgb}
	case format.BC1RGBAUnormBlock:
		return BC1Decode{tab: &bc1Unorm, punch: true, div: true}
	case format.BC1RGBASrgbBlock:
		return BC1Decode{tab: &bc1Srgb, punch: true}
	case format.BC2UnormBlock:
		return BC1Decode{tab: &bc1Unorm, div: true, four: true, alpha: alphaExplicit}
	case format.BC2SrgbBlock:
		return BC1Decode{tab: &bc1Srgb, four: true, alpha: alphaExplicit}
	case format.BC3UnormBlock:
		return BC1Decode{tab: &bc1Unorm, div: true, four: true, alpha: alphaInterpolated}
	case format.BC3SrgbBlock:
		return BC1Decode{tab: &bc1Srgb, four: true, alpha: alphaInterpolated}
	}
	return BC1Decode{}
}

// palette returns the four colours of BC1 block b (8 bytes), channel c of
// colour e at pal[c][e].
func (d *BC1Decode) palette(b []byte) (pal [4][4]float32) {
	c0 := uint32(binary.LittleEndian.Uint16(b))
	c1 := uint32(binary.LittleEndian.Uint16(b[2:]))
	four := c0 > c1 || d.four
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

// bc2Alpha is BC2's alpha n/15, as package bc computes it.
var bc2Alpha = func() (t [16]float32) {
	for n := range t {
		t[n] = float32(float64(n) / 15)
	}
	return t
}()

// bcAlphaWindow decodes the alpha of the window's ns BC2 or BC3 blocks (at
// w.Offs in d) into channel 3 of w.Tex, as package bc does: BC2's 4-bit
// values n/15; BC3's palette of the endpoints a0, a1 and their exact
// fractions ((7−k)·a0 + k·a1)/(7·255) (a0 > a1) or ((5−k)·a0 + k·a1)/(5·255)
// with 0 and 1, each rounded once to float32, picked by 3-bit indices.
func bcAlphaWindow(d []byte, dec *BC1Decode, w *BCWindow, ns int) {
	for s := range ns {
		o := w.Offs[s]
		bits := binary.LittleEndian.Uint64(d[o : o+8 : o+8])
		tex := w.Tex[16*s : 16*s+16 : 16*s+16]
		if dec.alpha == alphaExplicit {
			for t := range tex {
				tex[t][3] = bc2Alpha[bits>>(4*uint(t))&15]
			}
			continue
		}
		a0, a1 := int32(bits&255), int32(bits>>8&255)
		var pal [8]float32
		pal[0], pal[1] = float32(float64(a0)/255), float32(float64(a1)/255)
		if a0 > a1 {
			for k := int32(1); k <= 6; k++ {
				pal[k+1] = float32(float64((7-k)*a0+k*a1) / (7 * 255))
			}
		} else {
			for k := int32(1); k <= 4; k++ {
				pal[k+1] = float32(float64((5-k)*a0+k*a1) / (5 * 255))
			}
			pal[6], pal[7] = 0, 1
		}
		idx := bits >> 16
		for t := range tex {
			tex[t][3] = pal[idx>>(3*uint(t))&7]
		}
	}
}
