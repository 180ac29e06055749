package texfile

// The whole-image implementations that the row-at-a-time ones replaced,
// kept as references: the tests check that the new code gives the same
// texels and pixels.

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

	"github.com/klauspost/compress/zstd"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// decodeImageRef is texfile's decodeImage before the memory budget: it
// decodes slice z of array layer `layer` of mip level `level`
// of s to one RGBA value per texel, row-major, as package format decodes
// them (integer classes carry integer bits in the floats). Block-compressed
// formats go through Format.BlockDecoder.
func decodeImageRef(s *surface.Surface, level, layer, z int) ([][4]float32, int, int, error) {
	if level < 0 || level >= s.Levels {
		return nil, 0, 0, fmt.Errorf("level %d is out of range (0..%d)", level, s.Levels-1)
	}
	if layer < 0 || layer >= s.Layers {
		return nil, 0, 0, fmt.Errorf("layer %d is out of range (0..%d)", layer, s.Layers-1)
	}
	w, h, d := s.LevelSize(level)
	if z < 0 || z >= d {
		return nil, 0, 0, fmt.Errorf("slice %d is out of range (0..%d)", z, d-1)
	}
	if s.Samples != 1 {
		return nil, 0, 0, fmt.Errorf("multisampled surfaces are not written to files")
	}
	out := make([][4]float32, w*h)
	in := s.Format.Info()
	if !in.Compressed {
		dec := s.Format.Decoder()
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				out[y*w+x] = dec(s.Data[s.TexelOffset(level, x, y, z, layer, 0):])
			}
		}
		return out, w, h, nil
	}
	dec := s.Format.BlockDecoder()
	if dec == nil {
		return nil, 0, 0, fmt.Errorf("format %v has no block decoder", s.Format)
	}
	bw, bh, bd, bb := in.BlockWidth, in.BlockHeight, in.BlockDepth, in.Bytes
	bx, by, bz := (w+bw-1)/bw, (h+bh-1)/bh, (d+bd-1)/bd
	imageBytes := bx * by * bb
	base := s.LevelOffset(level) + (layer*bz+z/bd)*imageBytes
	tmp := make([][4]float32, bw*bh*bd)
	slice := (z % bd) * bw * bh // the image's slice of 3D blocks
	for j := 0; j < by; j++ {
		for i := 0; i < bx; i++ {
			off := base + (j*bx+i)*bb
			dec(s.Data[off:off+bb], tmp)
			for y := 0; y < bh && j*bh+y < h; y++ {
				for x := 0; x < bw && i*bw+x < w; x++ {
					out[(j*bh+y)*w+i*bw+x] = tmp[slice+y*bw+x]
				}
			}
		}
	}
	return out, w, h, nil
}

// convertFormatRef is ConvertFormat before the memory budget, which
// decoded each image whole: it returns a copy of s with every texel converted to format f
// (same kind, size, levels and layers), within maxBytes (as
// surface.NewWithLimit). Each texel is decoded by package format
// (block-compressed sources through their block decoders) to its numeric
// values, and encoded with f.Encode: unorm, snorm and float values as they
// are (so sRGB sources convert through linear values, and encoding clamps
// to the target's range); integer values (uint, sint) as the integers
// themselves. Block-compressed targets are refused (texunit has no
// encoders), with an error wrapping ErrUnsupported.
func convertFormatRef(s *surface.Surface, f format.Format, maxBytes int) (*surface.Surface, error) {
	fail := func(reason string, args ...any) error {
		return fmt.Errorf("converting %v to %v: %s: %w", s.Format, f, fmt.Sprintf(reason, args...), ErrUnsupported)
	}
	if !f.Valid() {
		return nil, fail("not a format")
	}
	if f.Info().Compressed {
		return nil, fail("the target is block-compressed, and texunit has no encoders")
	}
	if s.Samples != 1 {
		return nil, fail("multisampled surfaces are not converted")
	}
	d := s.Desc
	d.Format = f
	out, err := surface.NewWithLimit(d, maxBytes)
	if err != nil {
		return nil, err
	}
	class := s.Format.Info().Class
	for l := 0; l < s.Levels; l++ {
		_, _, depth := s.LevelSize(l)
		for layer := 0; layer < s.Layers; layer++ {
			for z := 0; z < depth; z++ {
				px, w, h, err := decodeImageRef(s, l, layer, z)
				if err != nil {
					return nil, fail("%v", err)
				}
				for y := 0; y < h; y++ {
					for x := 0; x < w; x++ {
						f.Encode(out.Data[out.TexelOffset(l, x, y, z, layer, 0):], numeric(px[y*w+x], class))
					}
				}
			}
		}
	}
	return out, nil
}

// writePNGRef is WritePNG before the memory budget, which decoded the
// image whole into an image.Image for image/png: it writes one image of s as PNG. Each texel is decoded as package
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
func writePNGRef(w io.Writer, s *surface.Surface, opts *PNGOptions) error {
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
	px, width, height, err := decodeImageRef(s, o.Level, o.Layer, o.Slice)
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
			return writeGreyAlphaRef(w, img, bits)
		}
	}
	return (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(w, img)
}

// writeGreyAlphaRef writes img (an NRGBA or NRGBA64 image whose R holds the
// grey value) as a PNG of colour type 4, grey+alpha, which image/png does
// not write: IHDR, one IDAT of zlib-compressed scanlines with filter type 0
// (none), IEND.
func writeGreyAlphaRef(w io.Writer, img image.Image, bits int) error {
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

// writeKTX2Ref is WriteKTX2 before the memory budget, which built the
// whole file in memory and compressed with zstd's default window: it writes s as a KTX 2.0 file: the header, the level index, a
// basic data format descriptor (KHR_DF_MODEL_RGBSDA for uncompressed
// formats, the BC, ETC2 or ASTC colour model for block-compressed ones),
// the key/value data {KTXwriter: texunit}, and the levels from the
// smallest to the largest, each aligned to lcm(4, texel block size) when
// not supercompressed. Multisampled surfaces and formats without a VkFormat
// number are refused.
func writeKTX2Ref(w io.Writer, s *surface.Surface, opts *KTX2Options) error {
	var o KTX2Options
	if opts != nil {
		o = *opts
	}
	fail := func(field string, value any, reason string, args ...any) error {
		return &Error{Container: KTX2, Field: field, Offset: -1, Value: fmt.Sprint(value), Reason: fmt.Sprintf(reason, args...), Err: ErrUnsupported}
	}
	if s.Samples != 1 {
		return fail("samples", s.Samples, "multisampled surfaces have no KTX 2.0 form")
	}
	vk, ok := vkFormatNumber(s.Format.String())
	if !ok {
		return fail("vkFormat", s.Format, "has no VkFormat number")
	}
	dfd, err := basicDFD(s.Format)
	if err != nil {
		return fail("dfd", s.Format, "%v", err)
	}
	in := s.Format.Info()
	var width, height, depth, layers, faces uint32 = uint32(s.Width), uint32(s.Height), 0, 0, 1
	switch s.Kind {
	case surface.Kind1D:
		height = 0
	case surface.Kind1DArray:
		height, layers = 0, uint32(s.Layers)
	case surface.Kind2D:
	case surface.Kind2DArray:
		layers = uint32(s.Layers)
	case surface.Kind3D:
		depth = uint32(s.Depth)
	case surface.KindCube:
		faces = 6
	case surface.KindCubeArray:
		faces, layers = 6, uint32(s.Layers/6)
	default:
		return fail("kind", s.Kind, "has no KTX 2.0 form")
	}
	typeSize := uint32(in.ElementBytes)
	switch {
	case in.Compressed, in.Depth && in.Stencil:
		typeSize = 1
	case in.Packed > 0:
		typeSize = uint32(in.Packed / 8)
	}
	scheme := uint32(ktx2None)
	levels := make([][]byte, s.Levels)
	for l := range levels {
		levels[l] = s.Data[s.LevelOffset(l):s.LevelOffset(l+1)]
	}
	if o.Zstd {
		scheme = ktx2Zstd
		lvl := o.ZstdLevel
		if lvl == 0 {
			lvl = 3
		}
		if lvl < 1 || lvl > 22 {
			return fail("zstd_level", lvl, "is out of range (1..22)")
		}
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(lvl)), zstd.WithEncoderConcurrency(1))
		if err != nil {
			return fail("zstd_level", lvl, "%v", err)
		}
		for l := range levels {
			levels[l] = enc.EncodeAll(levels[l], nil)
		}
		enc.Close()
	}
	kvd := kvEntry("KTXwriter", KTXWriter)
	nLevels := uint64(s.Levels)
	dfdOff := uint64(ktx2Header) + 24*nLevels
	kvdOff := dfdOff + uint64(len(dfd))
	end := kvdOff + uint64(len(kvd))
	align := uint64(1)
	if scheme == ktx2None {
		align = lcm(4, uint64(in.Bytes))
	}
	// Levels are stored smallest first.
	offsets := make([]uint64, s.Levels)
	for l := s.Levels - 1; l >= 0; l-- {
		end = (end + align - 1) / align * align
		offsets[l] = end
		end += uint64(len(levels[l]))
	}
	out := make([]byte, 0, end)
	out = append(out, ktx2Magic...)
	for _, v := range []uint32{vk, typeSize, width, height, depth, layers, faces, uint32(s.Levels), scheme,
		uint32(dfdOff), uint32(len(dfd)), uint32(kvdOff), uint32(len(kvd))} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	out = binary.LittleEndian.AppendUint64(out, 0) // sgdByteOffset
	out = binary.LittleEndian.AppendUint64(out, 0) // sgdByteLength
	for l := range levels {
		out = binary.LittleEndian.AppendUint64(out, offsets[l])
		out = binary.LittleEndian.AppendUint64(out, uint64(len(levels[l])))
		out = binary.LittleEndian.AppendUint64(out, uint64(s.LevelOffset(l+1)-s.LevelOffset(l)))
	}
	out = append(out, dfd...)
	out = append(out, kvd...)
	for l := s.Levels - 1; l >= 0; l-- {
		for uint64(len(out)) < offsets[l] {
			out = append(out, 0)
		}
		out = append(out, levels[l]...)
	}
	_, err = w.Write(out)
	return err
}
