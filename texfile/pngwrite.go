package texfile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"math"
	"strings"

	"texunit/format"
	"texunit/surface"
)

// ToneMap is the operator that maps linear high-dynamic-range values
// (sfloat and ufloat formats) to [0, 1] before the sRGB encoding of a PNG.
type ToneMap uint8

// The tone-mapping operators.
const (
	ToneClamp    ToneMap = iota // v' = clamp(v, 0, 1); NaN becomes 0
	ToneReinhard                // v' = v/(1+v) for v ≥ 0, 0 for negative values and NaN, 1 for +Inf
)

var toneNames = [...]string{"clamp", "reinhard"}

// String returns "clamp" or "reinhard".
func (t ToneMap) String() string {
	if int(t) < len(toneNames) {
		return toneNames[t]
	}
	return fmt.Sprintf("invalid(%d)", uint8(t))
}

// ParseToneMap returns the operator with the given name.
func ParseToneMap(s string) (ToneMap, error) {
	for i, n := range toneNames {
		if n == s {
			return ToneMap(i), nil
		}
	}
	return 0, fmt.Errorf("unknown tone map %q (want clamp or reinhard)", s)
}

// PNGOptions control WritePNG. The zero value writes level 0, layer 0,
// slice 0 with the automatic bit depth and clamping.
type PNGOptions struct {
	// Bits is the PNG bit depth, 8 or 16; 0 chooses 16 when a component of
	// the format has more than 8 bits (EAC's 11 included) or is a float or a
	// depth, and 8 otherwise.
	Bits int
	// ToneMap maps sfloat and ufloat colour values to [0, 1].
	ToneMap ToneMap
	// Level, Layer and Slice select the image: the mip level, the array
	// layer (6·cube + face for cube kinds) and the z slice of 3D surfaces.
	Level, Layer, Slice int
}

// WritePNG writes one image of s as PNG. Each texel is decoded as package
// format decodes it and mapped to [0, 1] by its numeric type:
//
//   - unorm: unchanged (the stored code, so an r8_unorm or r16_unorm PNG
//     round-trips exactly);
//   - srgb: the decoded linear R, G, B are encoded again with the sRGB
//     transfer function (exact round trip for 8 bits), alpha unchanged;
//   - snorm: (v + 1)/2;
//   - uint, sint, uscaled, sscaled: the integer c of a b-bit component
//     becomes c/(2^b − 1), or (c + 2^(b−1))/(2^b − 1) when signed; 32-bit
//     and block formats use b = 32;
//   - sfloat and ufloat colour (including b10g11r11, e5b9g9r9 and BC6H):
//     linear light, mapped by opts.ToneMap and then encoded with the sRGB
//     transfer function; alpha is clamped to [0, 1];
//   - depth (d16_unorm, d32_sfloat, …): the depth clamped to [0, 1],
//     without a transfer function; stencil: s/255.
//
// The values are rounded to the nearest 8- or 16-bit code. Formats with one
// component become grey PNGs, two components grey+alpha (R is grey, G is
// alpha, as the PNG reader stores grey+alpha), three or four RGB or RGBA
// (an opaque image is written without an alpha channel).
func WritePNG(w io.Writer, s *surface.Surface, opts *PNGOptions) error {
	var o PNGOptions
	if opts != nil {
		o = *opts
	}
	fail := func(field string, value any, reason string, args ...any) error {
		return &Error{Container: PNG, Field: field, Offset: -1, Value: fmt.Sprint(value), Reason: fmt.Sprintf(reason, args...), Err: ErrUnsupported}
	}
	in := s.Format.Info()
	bits := o.Bits
	if bits == 0 {
		bits = 8
		if in.Numeric == format.NumericSfloat || in.Numeric == format.NumericUfloat || in.Depth {
			bits = 16
		}
		for _, b := range in.Bits {
			if b > 8 {
				bits = 16
			}
		}
		if strings.HasPrefix(s.Format.String(), "eac_") { // 11-bit components
			bits = 16
		}
	}
	if bits != 8 && bits != 16 {
		return fail("bits", bits, "is not 8 or 16")
	}
	if o.ToneMap > ToneReinhard {
		return fail("tone_map", o.ToneMap, "is not a tone map")
	}
	px, width, height, err := decodeImage(s, o.Level, o.Layer, o.Slice)
	if err != nil {
		return fail("image", fmt.Sprintf("level %d layer %d slice %d", o.Level, o.Layer, o.Slice), "%v", err)
	}
	maps := channelMaps(s.Format, o.ToneMap)
	maxCode := float64(uint32(1)<<bits - 1)
	quant := func(v float64) uint16 {
		if !(v > 0) {
			return 0
		}
		if v >= 1 {
			return uint16(maxCode)
		}
		return uint16(math.RoundToEven(v * maxCode))
	}
	n := in.Components
	if in.Compressed {
		n = 4
	}
	rect := image.Rect(0, 0, width, height)
	var img image.Image
	switch {
	case n == 1 && bits == 8:
		m := image.NewGray(rect)
		for i, p := range px {
			m.Pix[i] = uint8(quant(maps[0](p[0])))
		}
		img = m
	case n == 1:
		m := image.NewGray16(rect)
		for i, p := range px {
			v := quant(maps[0](p[0]))
			m.Pix[2*i], m.Pix[2*i+1] = uint8(v>>8), uint8(v)
		}
		img = m
	default:
		// Grey+alpha (two components) is written as RGBA with R = G = B,
		// which image/png stores as RGBA; the PNG reader maps it back
		// through its colour type, so write grey+alpha explicitly below.
		var c [4]func(float32) float64
		if n == 2 {
			c = [4]func(float32) float64{maps[0], maps[0], maps[0], maps[1]}
		} else {
			c = maps
		}
		idx := [4]int{0, 1, 2, 3}
		if n == 2 {
			idx = [4]int{0, 0, 0, 1}
		}
		if bits == 8 {
			m := image.NewNRGBA(rect)
			for i, p := range px {
				for k := 0; k < 4; k++ {
					m.Pix[4*i+k] = uint8(quant(c[k](p[idx[k]])))
				}
			}
			img = m
		} else {
			m := image.NewNRGBA64(rect)
			for i, p := range px {
				for k := 0; k < 4; k++ {
					v := quant(c[k](p[idx[k]]))
					m.Pix[8*i+2*k], m.Pix[8*i+2*k+1] = uint8(v>>8), uint8(v)
				}
			}
			img = m
		}
		if n == 2 {
			return writeGreyAlpha(w, img, bits)
		}
	}
	return (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(w, img)
}

// channelMaps returns, for R, G, B and A, the function that maps a decoded
// value of format f to [0, 1] (see WritePNG). Components the format does not
// store are mapped like the stored ones; their decoded values (0, 0, 1) map
// to 0 and opaque alpha.
func channelMaps(f format.Format, tm ToneMap) [4]func(float32) float64 {
	in := f.Info()
	ident := func(v float32) float64 { return float64(v) }
	var m [4]func(float32) float64
	for i := range m {
		m[i] = ident
	}
	switch {
	case in.Stencil && !in.Depth:
		m[0] = func(v float32) float64 { return float64(math.Float32bits(v)) / 255 }
		return m
	case in.Depth:
		return m
	}
	intMap := func(bits int, signed bool) func(float32) float64 {
		if bits == 0 {
			bits = 32
		}
		den := math.Ldexp(1, bits) - 1
		if signed {
			half := math.Ldexp(1, bits-1)
			return func(v float32) float64 { return (float64(int32(math.Float32bits(v))) + half) / den }
		}
		return func(v float32) float64 { return float64(math.Float32bits(v)) / den }
	}
	scaled := func(bits int, signed bool) func(float32) float64 {
		if bits == 0 {
			bits = 32
		}
		den := math.Ldexp(1, bits) - 1
		if signed {
			half := math.Ldexp(1, bits-1)
			return func(v float32) float64 { return (float64(v) + half) / den }
		}
		return func(v float32) float64 { return float64(v) / den }
	}
	for i := range m {
		b := in.Bits[i]
		switch in.Numeric {
		case format.NumericSrgb:
			if i < 3 {
				m[i] = func(v float32) float64 { return format.LinearToSRGB(math.Min(math.Max(float64(v), 0), 1)) }
			}
		case format.NumericSnorm:
			m[i] = func(v float32) float64 { return (float64(v) + 1) / 2 }
		case format.NumericUint:
			m[i] = intMap(b, false)
		case format.NumericSint:
			m[i] = intMap(b, true)
		case format.NumericUscaled:
			m[i] = scaled(b, false)
		case format.NumericSscaled:
			m[i] = scaled(b, true)
		case format.NumericSfloat, format.NumericUfloat:
			if i < 3 {
				m[i] = func(v float32) float64 { return format.LinearToSRGB(tone(float64(v), tm)) }
			}
		}
	}
	// Missing components decode as 0 (G, B) and 1 (A) in every class; keep
	// them so after the mapping (an integer format's A = 1 is the integer 1).
	for i := in.Components; i < 4 && !in.Compressed; i++ {
		if i == 3 {
			m[i] = func(float32) float64 { return 1 }
		} else {
			m[i] = func(float32) float64 { return 0 }
		}
	}
	return m
}

// tone applies the tone-mapping operator to a linear value.
func tone(v float64, tm ToneMap) float64 {
	switch {
	case math.IsNaN(v) || v <= 0:
		return 0
	case tm == ToneReinhard:
		if math.IsInf(v, 1) {
			return 1
		}
		return v / (1 + v)
	}
	return math.Min(v, 1)
}

// writeGreyAlpha writes img (an NRGBA or NRGBA64 image whose R holds the
// grey value) as a PNG of colour type 4, grey+alpha, which image/png does
// not write: IHDR, one IDAT of zlib-compressed scanlines with filter type 0
// (none), IEND.
func writeGreyAlpha(w io.Writer, img image.Image, bits int) error {
	b := img.Bounds()
	bpp := 2 * bits / 8
	raw := make([]byte, 0, b.Dy()*(1+b.Dx()*bpp))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		raw = append(raw, 0)
		for x := b.Min.X; x < b.Max.X; x++ {
			switch m := img.(type) {
			case *image.NRGBA:
				c := m.NRGBAAt(x, y)
				raw = append(raw, c.R, c.A)
			case *image.NRGBA64:
				c := m.NRGBA64At(x, y)
				raw = append(raw, byte(c.R>>8), byte(c.R), byte(c.A>>8), byte(c.A))
			}
		}
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(raw)
	zw.Close()
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8], ihdr[9] = byte(bits), pngGreyAlpha
	out := append([]byte(nil), pngMagic...)
	for _, c := range []struct {
		typ  string
		data []byte
	}{{"IHDR", ihdr[:]}, {"IDAT", z.Bytes()}, {"IEND", nil}} {
		out = binary.BigEndian.AppendUint32(out, uint32(len(c.data)))
		start := len(out)
		out = append(out, c.typ...)
		out = append(out, c.data...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
	}
	_, err := w.Write(out)
	return err
}
