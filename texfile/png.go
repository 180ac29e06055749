package texfile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"

	"github.com/texunit/texunit/surface"
)

// PNG colour types (the PNG specification, 11.2.2 IHDR).
const (
	pngGrey      = 0
	pngRGB       = 2
	pngPalette   = 3
	pngGreyAlpha = 4
	pngRGBA      = 6
)

var pngColourNames = map[byte]string{pngGrey: "grey", pngRGB: "rgb", pngPalette: "palette", pngGreyAlpha: "grey+alpha", pngRGBA: "rgba"}

// pngFormat returns the surface format for a PNG colour type and bit depth,
// with or without a tRNS chunk (see the package documentation).
func pngFormat(colour, depth byte, trns bool) string {
	alpha := colour == pngGreyAlpha || colour == pngRGBA || trns
	switch colour {
	case pngGrey, pngGreyAlpha:
		switch {
		case depth == 16 && alpha:
			return "r16g16_unorm"
		case depth == 16:
			return "r16_unorm"
		case alpha:
			return "r8g8_unorm"
		}
		return "r8_unorm"
	case pngPalette:
		return "r8g8b8a8_srgb"
	}
	if depth == 16 {
		return "r16g16b16a16_unorm"
	}
	return "r8g8b8a8_srgb"
}

// walkPNG checks the chunk structure of a PNG file (lengths, CRCs, IHDR
// first, IEND last) and returns IHDR's colour type and bit depth, whether
// a tRNS chunk is present, and the offset of the first IDAT chunk.
func (r *reader) walkPNG() (w, h uint32, colour, depth byte, trns bool, idat int64, idatLen uint64, err error) {
	b := r.b
	off := uint64(len(pngMagic))
	seenIHDR, seenIEND := false, false
	idat = -1
	for n := 0; off < uint64(len(b)); n++ {
		if seenIEND {
			return 0, 0, 0, 0, false, 0, 0, r.malformed("chunk", int64(off), nil, "follows IEND")
		}
		if err := r.need("chunk header", off, 8); err != nil {
			return 0, 0, 0, 0, false, 0, 0, err
		}
		length := uint64(binary.BigEndian.Uint32(b[off:]))
		typ := string(b[off+4 : off+8])
		field := fmt.Sprintf("chunk[%d] %q", n, typ)
		if length > 1<<31-1 {
			return 0, 0, 0, 0, false, 0, 0, r.malformed(field+".length", int64(off), length, "exceeds 2^31-1")
		}
		if err := r.need(field, off+8, length+4); err != nil {
			return 0, 0, 0, 0, false, 0, 0, err
		}
		data := b[off+8 : off+8+length]
		crc := binary.BigEndian.Uint32(b[off+8+length:])
		if got := crc32.ChecksumIEEE(b[off+4 : off+8+length]); got != crc {
			return 0, 0, 0, 0, false, 0, 0, r.malformed(field+".crc", int64(off+8+length), fmt.Sprintf("%08x", crc), "does not match the chunk's CRC %08x", got)
		}
		switch {
		case n == 0 && typ != "IHDR":
			return 0, 0, 0, 0, false, 0, 0, r.malformed(field, int64(off), nil, "is not IHDR, which must come first")
		case typ == "IHDR":
			if n != 0 || length != 13 {
				return 0, 0, 0, 0, false, 0, 0, r.malformed(field, int64(off), length, "IHDR must be the first chunk and 13 bytes long")
			}
			seenIHDR = true
			w, h = binary.BigEndian.Uint32(data), binary.BigEndian.Uint32(data[4:])
			depth, colour = data[8], data[9]
		case typ == "tRNS":
			trns = true
		case typ == "IDAT":
			if idat < 0 {
				idat = int64(off)
			}
			idatLen += length
		case typ == "IEND":
			seenIEND = true
		}
		off += 12 + length
	}
	if !seenIHDR {
		return 0, 0, 0, 0, false, 0, 0, r.malformed("IHDR", int64(len(pngMagic)), nil, "missing")
	}
	if !seenIEND {
		return 0, 0, 0, 0, false, 0, 0, r.malformed("IEND", int64(len(b)), nil, "missing (the file is truncated)")
	}
	if idat < 0 {
		return 0, 0, 0, 0, false, 0, 0, r.malformed("IDAT", int64(len(b)), nil, "missing")
	}
	return w, h, colour, depth, trns, idat, idatLen, nil
}

func (r *reader) decodePNG() (*File, error) {
	const ihdr = 16 // offset of IHDR's data
	w, h, colour, depth, trns, idat, idatLen, err := r.walkPNG()
	if err != nil {
		return nil, err
	}
	name, ok := pngColourNames[colour]
	if !ok {
		return nil, r.malformed("IHDR.colour_type", ihdr+9, colour, "is not a PNG colour type (0, 2, 3, 4, 6)")
	}
	switch {
	case depth != 1 && depth != 2 && depth != 4 && depth != 8 && depth != 16,
		colour != pngGrey && colour != pngPalette && depth < 8,
		colour == pngPalette && depth == 16:
		return nil, r.malformed("IHDR.bit_depth", ihdr+8, depth, "is not allowed with colour type %s", name)
	}
	if w < 1 || w > surface.MaxExtent {
		return nil, r.unsupported("IHDR.width", ihdr, w, "is out of range (1..%d)", surface.MaxExtent)
	}
	if h < 1 || h > surface.MaxExtent {
		return nil, r.unsupported("IHDR.height", ihdr+4, h, "is out of range (1..%d)", surface.MaxExtent)
	}
	// Deflate expands at most 1032:1, so the IDAT chunks bound the size of
	// the scanlines: a filter byte and the packed pixels per row or, for
	// interlaced images (whose passes have rows of their own), at least
	// the packed pixels.
	channels := map[byte]uint64{pngGrey: 1, pngRGB: 3, pngPalette: 1, pngGreyAlpha: 2, pngRGBA: 4}[colour]
	raw := uint64(h) * (1 + (uint64(w)*channels*uint64(depth)+7)/8)
	if r.b[ihdr+12] != 0 {
		raw = (uint64(h)*uint64(w)*channels*uint64(depth) + 7) / 8
	}
	if raw > 1032*idatLen+1032 {
		return nil, r.malformed("IDAT", idat, fmt.Sprintf("%d bytes", idatLen), "cannot inflate to the %d bytes of %dx%d %s %d-bit scanlines (deflate expands at most 1032:1)", raw, w, h, name, depth)
	}
	fmtName := pngFormat(colour, depth, trns)
	f, err := r.parseFormat("IHDR.colour_type", ihdr+9, fmt.Sprintf("%s %d-bit", name, depth), fmtName)
	if err != nil {
		return nil, err
	}
	s, err := r.newSurface(surface.Desc{Kind: surface.Kind2D, Format: f, Width: int(w), Height: int(h), Levels: 1}, ihdr)
	if err != nil {
		return nil, err
	}
	// image/png holds the whole decoded image (and, for interlaced files,
	// the images of the passes) before it is converted: reserve it too.
	imgBytes := pngDecodeBytes(w, h, colour, depth, trns, r.b[ihdr+12] != 0)
	if err := r.reserve("decoded image", ihdr, imgBytes); err != nil {
		return nil, err
	}
	defer r.release(imgBytes)
	img, err := png.Decode(bytes.NewReader(r.b))
	if err != nil {
		return nil, r.malformed("IDAT", idat, nil, "%v", err)
	}
	if img.Bounds().Dx() != int(w) || img.Bounds().Dy() != int(h) {
		return nil, r.malformed("IDAT", idat, nil, "decodes to %v, not %dx%d", img.Bounds(), w, h)
	}
	pngToSurface(img, s)
	desc := fmt.Sprintf("png %s %d-bit", name, depth)
	if trns {
		desc += " with tRNS"
	}
	return &File{Surface: s, Header: desc}, nil
}

// pngDecodeBytes returns the memory image/png allocates to decode a PNG:
// the image of the Go type it returns for the colour type, bit depth and
// tRNS chunk (image.Gray, Gray16, Paletted, RGBA, NRGBA, RGBA64 or
// NRGBA64: 1, 2, 4 or 8 bytes per pixel, see image/png's readImagePass),
// as much again for the pass images of an interlaced file (they hold every
// pixel once between them), and the two scanline buffers.
func pngDecodeBytes(w, h uint32, colour, depth byte, trns, interlaced bool) uint64 {
	var pixel uint64
	switch {
	case colour == pngPalette:
		pixel = 1
	case colour == pngGrey && depth == 16 && !trns:
		pixel = 2
	case colour == pngGrey && !trns:
		pixel = 1
	case depth == 16:
		pixel = 8 // NRGBA64 or RGBA64
	default:
		pixel = 4 // NRGBA or RGBA
	}
	n := uint64(w) * uint64(h) * pixel
	if interlaced {
		n *= 2
	}
	channels := map[byte]uint64{pngGrey: 1, pngRGB: 3, pngPalette: 1, pngGreyAlpha: 2, pngRGBA: 4}[colour]
	return n + 2*(1+(uint64(w)*channels*uint64(depth)+7)/8)
}

// pngToSurface stores the pixels of img in level 0 of s, whose format was
// chosen by pngFormat: 1 to 4 components of 8 or 16 bits. Grey formats take
// the red channel of the colour model (grey replicated), two-component
// formats take grey and alpha; 16-bit components are stored little-endian.
func pngToSurface(img image.Image, s *surface.Surface) {
	info := s.Format.Info()
	n, eb := info.Components, info.ElementBytes
	b := img.Bounds()
	i := 0
	put := func(v uint32) { // v is 16-bit
		if eb == 1 {
			s.Data[i] = byte(v >> 8)
		} else {
			binary.LittleEndian.PutUint16(s.Data[i:], uint16(v))
		}
		i += eb
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := pngPixel(img, x, y)
			switch n {
			case 1:
				put(c[0])
			case 2:
				put(c[0])
				put(c[3])
			default:
				put(c[0])
				put(c[1])
				put(c[2])
				put(c[3])
			}
		}
	}
}

// pngPixel returns the non-premultiplied 16-bit RGBA of one pixel, with a
// fast path for the types image/png returns.
func pngPixel(img image.Image, x, y int) [4]uint32 {
	switch m := img.(type) {
	case *image.Gray:
		v := uint32(m.GrayAt(x, y).Y) * 0x101
		return [4]uint32{v, v, v, 0xffff}
	case *image.Gray16:
		v := uint32(m.Gray16At(x, y).Y)
		return [4]uint32{v, v, v, 0xffff}
	case *image.NRGBA:
		c := m.NRGBAAt(x, y)
		return [4]uint32{uint32(c.R) * 0x101, uint32(c.G) * 0x101, uint32(c.B) * 0x101, uint32(c.A) * 0x101}
	case *image.NRGBA64:
		c := m.NRGBA64At(x, y)
		return [4]uint32{uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)}
	case *image.Paletted:
		if c, ok := m.Palette[m.ColorIndexAt(x, y)].(color.NRGBA); ok {
			return [4]uint32{uint32(c.R) * 0x101, uint32(c.G) * 0x101, uint32(c.B) * 0x101, uint32(c.A) * 0x101}
		}
	}
	// RGBA and RGBA64 (opaque images) and anything else: un-premultiply.
	r, g, b, a := img.At(x, y).RGBA()
	if a != 0 && a != 0xffff {
		r, g, b = r*0xffff/a, g*0xffff/a, b*0xffff/a
	}
	return [4]uint32{r, g, b, a}
}
