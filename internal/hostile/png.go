package hostile

import (
	"encoding/binary"
	"hash/crc32"
)

var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// pngChunk appends one chunk: length, type, data and CRC.
func pngChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// PNG returns a PNG file with the given IHDR (bit depth 8, no interlace),
// the zlib stream idat as one IDAT chunk, and IEND.
func PNG(w, h uint32, colour byte, idat []byte) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, colour, 0, 0, 0)
	b := append([]byte(nil), pngMagic...)
	b = pngChunk(b, "IHDR", ihdr)
	b = pngChunk(b, "IDAT", idat)
	return pngChunk(b, "IEND", nil)
}

// PNGColourRGBA is PNG's colour type 6 (truecolour with alpha).
const PNGColourRGBA = 6

// PNGBomb returns a w×h 8-bit RGBA PNG image whose IDAT really inflates to
// its h·(1+4w) bytes of scanlines (filter 0, black transparent pixels),
// at DEFLATE's largest ratio: 1 MB for 16384×16384 (1 GiB of scanlines).
func PNGBomb(w, h uint32) []byte {
	return PNG(w, h, PNGColourRGBA, ZlibZeros(int64(h)*(1+4*int64(w))))
}

// PNGDimensionLie returns a PNG whose IHDR says 16384×16384 RGBA and whose
// IDAT inflates to one byte.
func PNGDimensionLie() []byte {
	return PNG(16384, 16384, PNGColourRGBA, ZlibZeros(1))
}
