package demo

import (
	"image"
	"image/color"
)

// Glyph metrics of the embedded 5×7 bitmap font, in font pixels. Capitals
// and digits are 7 rows high; an eighth row holds the descenders of g, j,
// p, q, y and the comma. A glyph advances the pen by glyphAdvance: its 5
// columns and one column of space.
const (
	glyphWidth   = 5
	glyphHeight  = 8 // rows of a glyph, the descender row included
	glyphAdvance = glyphWidth + 1
)

// font is a 5×7 bitmap font in the style of the HD44780 character ROM: each
// glyph is eight rows, top first (the eighth is the descender row, zero for
// most glyphs), and bit 4 of a row is its leftmost pixel.
// It covers what the demo writes: digits, both cases of the Latin letters
// and some punctuation. Runes it lacks draw as a box.
var font = map[rune][glyphHeight]uint8{
	' ':  {},
	'!':  {0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00000, 0b00100},
	'#':  {0b01010, 0b01010, 0b11111, 0b01010, 0b11111, 0b01010, 0b01010},
	'%':  {0b11000, 0b11001, 0b00010, 0b00100, 0b01000, 0b10011, 0b00011},
	'\'': {0b01100, 0b00100, 0b01000, 0b00000, 0b00000, 0b00000, 0b00000},
	'(':  {0b00010, 0b00100, 0b01000, 0b01000, 0b01000, 0b00100, 0b00010},
	')':  {0b01000, 0b00100, 0b00010, 0b00010, 0b00010, 0b00100, 0b01000},
	'+':  {0b00000, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0b00000},
	',':  {0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b00100, 0b01000},
	'-':  {0b00000, 0b00000, 0b00000, 0b11111, 0b00000, 0b00000, 0b00000},
	'.':  {0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b01100},
	'/':  {0b00000, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b00000},
	':':  {0b00000, 0b01100, 0b01100, 0b00000, 0b01100, 0b01100, 0b00000},
	'=':  {0b00000, 0b00000, 0b11111, 0b00000, 0b11111, 0b00000, 0b00000},
	'?':  {0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b00000, 0b00100},
	'_':  {0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b11111},
	'×':  {0b00000, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b00000},

	'0': {0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110},
	'1': {0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110},
	'2': {0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111},
	'3': {0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110},
	'4': {0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010},
	'5': {0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110},
	'6': {0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110},
	'7': {0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000},
	'8': {0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110},
	'9': {0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100},

	'A': {0b01110, 0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001},
	'B': {0b11110, 0b10001, 0b10001, 0b11110, 0b10001, 0b10001, 0b11110},
	'C': {0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110},
	'D': {0b11100, 0b10010, 0b10001, 0b10001, 0b10001, 0b10010, 0b11100},
	'E': {0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111},
	'F': {0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000},
	'G': {0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111},
	'H': {0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001},
	'I': {0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110},
	'J': {0b00111, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100},
	'K': {0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001},
	'L': {0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111},
	'M': {0b10001, 0b11011, 0b10101, 0b10101, 0b10001, 0b10001, 0b10001},
	'N': {0b10001, 0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001},
	'O': {0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110},
	'P': {0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000},
	'Q': {0b01110, 0b10001, 0b10001, 0b10001, 0b10101, 0b10010, 0b01101},
	'R': {0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001},
	'S': {0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110},
	'T': {0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100},
	'U': {0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110},
	'V': {0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100},
	'W': {0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010},
	'X': {0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001},
	'Y': {0b10001, 0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100},
	'Z': {0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111},

	'a': {0b00000, 0b00000, 0b01110, 0b00001, 0b01111, 0b10001, 0b01111},
	'b': {0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b11110},
	'c': {0b00000, 0b00000, 0b01110, 0b10000, 0b10000, 0b10001, 0b01110},
	'd': {0b00001, 0b00001, 0b01101, 0b10011, 0b10001, 0b10001, 0b01111},
	'e': {0b00000, 0b00000, 0b01110, 0b10001, 0b11111, 0b10000, 0b01110},
	'f': {0b00110, 0b01001, 0b01000, 0b11100, 0b01000, 0b01000, 0b01000},
	'g': {0b00000, 0b00000, 0b01111, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110},
	'h': {0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001},
	'i': {0b00100, 0b00000, 0b01100, 0b00100, 0b00100, 0b00100, 0b01110},
	'j': {0b00010, 0b00000, 0b00110, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100},
	'k': {0b10000, 0b10000, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010},
	'l': {0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110},
	'm': {0b00000, 0b00000, 0b11010, 0b10101, 0b10101, 0b10001, 0b10001},
	'n': {0b00000, 0b00000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001},
	'o': {0b00000, 0b00000, 0b01110, 0b10001, 0b10001, 0b10001, 0b01110},
	'p': {0b00000, 0b00000, 0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000},
	'q': {0b00000, 0b00000, 0b01111, 0b10001, 0b10001, 0b01111, 0b00001, 0b00001},
	'r': {0b00000, 0b00000, 0b10110, 0b11001, 0b10000, 0b10000, 0b10000},
	's': {0b00000, 0b00000, 0b01110, 0b10000, 0b01110, 0b00001, 0b11110},
	't': {0b01000, 0b01000, 0b11100, 0b01000, 0b01000, 0b01001, 0b00110},
	'u': {0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b10011, 0b01101},
	'v': {0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100},
	'w': {0b00000, 0b00000, 0b10001, 0b10001, 0b10101, 0b10101, 0b01010},
	'x': {0b00000, 0b00000, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001},
	'y': {0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110},
	'z': {0b00000, 0b00000, 0b11111, 0b00010, 0b00100, 0b01000, 0b11111},
}

// missingGlyph is drawn for runes the font lacks.
var missingGlyph = [glyphHeight]uint8{0b11111, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11111}

// glyph returns the bitmap of r.
func glyph(r rune) [glyphHeight]uint8 {
	if g, ok := font[r]; ok {
		return g
	}
	return missingGlyph
}

// textWidth is the width in pixels of text drawn at the given scale,
// without the trailing space of the last glyph.
func textWidth(text string, scale int) int {
	n := 0
	for range text {
		n++
	}
	if n == 0 {
		return 0
	}
	return (n*glyphAdvance - 1) * scale
}

// textHeight is the height in pixels of a line drawn at the given scale.
func textHeight(scale int) int { return glyphHeight * scale }

// glyphPixel calls set(x, y) for every pixel of text drawn at the given
// scale with its top-left corner at (x0, y0): each font pixel becomes a
// scale×scale block.
func glyphPixels(text string, x0, y0, scale int, set func(x, y int)) {
	pen := x0
	for _, r := range text {
		g := glyph(r)
		for row, bits := range g {
			for col := range glyphWidth {
				if bits&(1<<(glyphWidth-1-col)) == 0 {
					continue
				}
				for dy := range scale {
					for dx := range scale {
						set(pen+col*scale+dx, y0+row*scale+dy)
					}
				}
			}
		}
		pen += glyphAdvance * scale
	}
}

// drawText draws text in colour c on img with its top-left corner at (x, y),
// clipped to the image.
func drawText(img *image.RGBA, text string, x, y, scale int, c color.RGBA) {
	b := img.Bounds()
	glyphPixels(text, x, y, scale, func(px, py int) {
		if px < b.Min.X || py < b.Min.Y || px >= b.Max.X || py >= b.Max.Y {
			return
		}
		img.SetRGBA(px, py, c)
	})
}
