package surface

import (
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/texunit/texunit/format"
)

// FromImage returns a 2D surface of one level holding img's pixels, texel
// (x, y) from the pixel at img.Bounds().Min + (x, y), in the format whose
// texels store the image's values without loss:
//
//   - *image.Gray: r8_unorm; *image.Gray16: r16_unorm;
//   - *image.RGBA64 and *image.NRGBA64: r16g16b16a16_unorm, not
//     premultiplied;
//   - every other image (*image.RGBA, *image.NRGBA, *image.Paletted,
//     *image.YCbCr, ...): r8g8b8a8_srgb, not premultiplied, since the
//     values of Go's 8-bit colour types are sRGB-encoded, as PNG and JPEG
//     files store them.
//
// The surface is allocated within DefaultMaxBytes.
func FromImage(img image.Image) (*Surface, error) {
	b := img.Bounds()
	f := format.R8G8B8A8Srgb
	switch img.(type) {
	case *image.Gray:
		f = format.R8Unorm
	case *image.Gray16:
		f = format.R16Unorm
	case *image.RGBA64, *image.NRGBA64:
		f = format.R16G16B16A16Unorm
	}
	s, err := New(Desc{Kind: Kind2D, Format: f, Width: b.Dx(), Height: b.Dy(), Levels: 1})
	if err != nil {
		return nil, err
	}
	i := 0
	switch m := img.(type) { // the type once, not per pixel
	case *image.Gray:
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				s.Data[i] = m.GrayAt(x, y).Y
				i++
			}
		}
	case *image.Gray16:
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				v := m.Gray16At(x, y).Y
				s.Data[i], s.Data[i+1] = byte(v), byte(v>>8)
				i += 2
			}
		}
	case *image.RGBA64, *image.NRGBA64:
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := color.NRGBA64Model.Convert(img.At(x, y)).(color.NRGBA64)
				for _, v := range [4]uint16{c.R, c.G, c.B, c.A} {
					s.Data[i], s.Data[i+1] = byte(v), byte(v>>8)
					i += 2
				}
			}
		}
	default:
		nrgba, _ := img.(*image.NRGBA)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				var c color.NRGBA
				if nrgba != nil {
					c = nrgba.NRGBAAt(x, y)
				} else {
					c = color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				}
				s.Data[i], s.Data[i+1], s.Data[i+2], s.Data[i+3] = c.R, c.G, c.B, c.A
				i += 4
			}
		}
	}
	return s, nil
}

// Image returns one image of s — mip level level, array layer layer (6·cube
// + face for cube maps), slice z of a 3D level — as a Go image, a copy, for
// image/png, golang.org/x/image/draw and the like. The pixels hold the
// values the format stores, encoded as the format says: an sRGB format's
// image holds sRGB-encoded values, a UNORM format's its linear codes.
//
//   - Formats of at most 8 bits per component that are UNORM or sRGB
//     (including BC1–BC3, BC7, ETC2 and ASTC LDR) give 8-bit images, the
//     others 16-bit ones: *image.Gray or *image.Gray16 for one component
//     (depth too), *image.NRGBA or *image.NRGBA64 otherwise (components the
//     format does not store read as 0, alpha as 1).
//   - SNORM, float and depth values are clamped to [0, 1] and rounded to
//     the image's depth; a stencil-only format gives its 8-bit values.
//   - Integer colour formats (UINT, SINT, USCALED, SSCALED) and multisample
//     surfaces have no colour image: an *Error names the format.
func (s *Surface) Image(level, layer, z int) (image.Image, error) {
	in := s.Format.Info()
	switch {
	case level < 0 || level >= s.Levels:
		return nil, errorf("level", level, "is out of range (0..%d)", s.Levels-1)
	case layer < 0 || layer >= s.Layers:
		return nil, errorf("layer", layer, "is out of range (0..%d)", s.Layers-1)
	case s.Samples != 1:
		return nil, errorf("samples", s.Samples, "a multisample surface has no one image per level")
	case s.Format.Info().YCbCr:
		return nil, errorf("format", s.Format, "is a YCbCr format: its colours need a Y′CbCr conversion (take the image of a Plane)")
	}
	w, h, d := s.LevelSize(level)
	if z < 0 || z >= d {
		return nil, errorf("slice", z, "is out of range (0..%d)", d-1)
	}
	stencil := in.Stencil && !in.Depth
	if !stencil && !in.Depth {
		switch in.Class {
		case format.ClassUint, format.ClassSint:
			return nil, errorf("format", s.Format, "is an integer format: its values are not colours")
		}
		switch in.Numeric {
		case format.NumericUscaled, format.NumericSscaled:
			return nil, errorf("format", s.Format, "is an integer format: its values are not colours")
		}
	}
	srgb := in.Numeric == format.NumericSrgb
	bits := 0
	for _, b := range in.Bits {
		bits = max(bits, b)
	}
	eight := stencil || !in.Depth && (in.Numeric == format.NumericUnorm || srgb) && bits > 0 && bits <= 8
	if in.Compressed {
		// Compressed LDR colour formats hold 8-bit values; BC4, BC5 and
		// EAC R11/RG11 more (and BC6H is float).
		n := s.Format.String()
		eight = (in.Numeric == format.NumericUnorm || srgb) &&
			!strings.HasPrefix(n, "bc4") && !strings.HasPrefix(n, "bc5") && !strings.HasPrefix(n, "eac_")
	}
	grey := in.Components == 1 || in.Depth || stencil
	texel, err := s.texelReader(level, layer, z)
	if err != nil {
		return nil, err
	}
	// quant maps a decoded value of channel c to [0, max].
	quant := func(v float32, c int, max float64) uint32 {
		x := float64(v)
		if stencil {
			return uint32(math.Float32bits(v))
		}
		if srgb && c < 3 {
			x = format.LinearToSRGB(math.Min(math.Max(x, 0), 1))
		}
		if !(x > 0) { // NaN and negatives
			return 0
		}
		return uint32(math.RoundToEven(math.Min(x, 1) * max))
	}
	r := image.Rect(0, 0, w, h)
	switch {
	case grey && eight:
		m := image.NewGray(r)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				m.Pix[y*m.Stride+x] = uint8(min(quant(texel(x, y)[0], 0, 255), 255))
			}
		}
		return m, nil
	case grey:
		m := image.NewGray16(r)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				v := quant(texel(x, y)[0], 0, 65535)
				m.Pix[y*m.Stride+2*x], m.Pix[y*m.Stride+2*x+1] = uint8(v>>8), uint8(v)
			}
		}
		return m, nil
	case eight:
		m := image.NewNRGBA(r)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				t := texel(x, y)
				p := m.Pix[y*m.Stride+4*x:]
				for c := range 4 {
					p[c] = uint8(quant(t[c], c, 255))
				}
			}
		}
		return m, nil
	}
	m := image.NewNRGBA64(r)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := texel(x, y)
			p := m.Pix[y*m.Stride+8*x:]
			for c := range 4 {
				v := quant(t[c], c, 65535)
				p[2*c], p[2*c+1] = uint8(v>>8), uint8(v)
			}
		}
	}
	return m, nil
}

// texelReader returns a function that decodes texel (x, y) of one image of
// s (block-compressed formats a block at a time, the last block kept).
func (s *Surface) texelReader(level, layer, z int) (func(x, y int) [4]float32, error) {
	in := s.Format.Info()
	if !in.Compressed {
		dec := s.Format.Decoder() // a stencil format's: the integer's bits
		return func(x, y int) [4]float32 { return dec(s.Data[s.TexelOffset(level, x, y, z, layer, 0):]) }, nil
	}
	dec := s.Format.BlockDecoder()
	if dec == nil {
		return nil, errorf("format", s.Format, "has no block decoder")
	}
	block := make([][4]float32, in.BlockWidth*in.BlockHeight*in.BlockDepth)
	last := -1
	return func(x, y int) [4]float32 {
		off, idx := s.BlockOffset(level, x, y, z, layer)
		if off != last {
			dec(s.Data[off:off+in.Bytes], block)
			last = off
		}
		return block[idx]
	}, nil
}
