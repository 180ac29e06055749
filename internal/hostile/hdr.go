package hostile

import "fmt"

// hdrHeader returns a Radiance header for a w×h image, top row first.
func hdrHeader(w, h int) []byte {
	return fmt.Appendf(nil, "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y %d +X %d\n", h, w)
}

// HDROldRLE returns a valid w×h Radiance file whose scanlines use the
// old-style run-length encoding: each is one literal pixel (red = the row
// number's low byte, then 0x80, 0x40, exponent 0x81) and runs (1, 1, 1, n)
// that repeat it, the successive counts of one run being the bytes of
// w−1 from the lowest (Radiance's color.c, oldreadcolrs). A scanline takes
// 8 bytes for w ≤ 256 and 12 up to 65536, far less than new-style RLE's
// minimum of 8 bytes per 127 pixels.
func HDROldRLE(w, h int) []byte {
	b := hdrHeader(w, h)
	for y := range h {
		b = append(b, byte(y), 0x80, 0x40, 0x81)
		for n := w - 1; n > 0; n >>= 8 {
			b = append(b, 1, 1, 1, byte(n))
		}
	}
	return b
}

// HDRHugeResolution returns a Radiance header of 32767×32767 (16 GiB as
// float RGBA) followed by 64 bytes of pixels.
func HDRHugeResolution() []byte {
	b := hdrHeader(32767, 32767)
	for range 16 {
		b = append(b, 0x80, 0x40, 0x20, 0x81)
	}
	return b
}
