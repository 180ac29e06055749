package texfile

import (
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"strings"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
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
	// Budget is the memory budget the writer's buffers are reserved from
	// while it runs (see WritePNG); nil means a budget of DefaultMaxBytes.
	Budget *budget.Budget
}

// zlibWriterBytes is what a compress/flate writer at the default level
// allocates (its window, hash chains and token buffer, about 0.8 MiB),
// rounded up: it is reserved with the buffers of the writers that use one.
const zlibWriterBytes = 1 << 20

// idatSize is the size of the IDAT chunks WritePNG writes (the last one may
// be shorter), as image/png's.
const idatSize = 1 << 15

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
//
// The image is encoded a row at a time and streamed to w (IHDR, IDAT
// chunks of 32 KiB, IEND): the writer's memory is a row of decoded texels
// (a row of blocks for block-compressed formats), six scanlines (the
// current one under each of the five PNG filters and the previous one),
// an IDAT buffer and the zlib writer, reserved from opts.Budget while it
// runs and released when it returns. The rows are decoded twice for
// formats with alpha (once to find whether the image is opaque). Each row
// takes the filter whose filtered bytes have the least sum of absolute
// values (the PNG specification's suggested heuristic), the lowest filter
// type on a tie.
func WritePNG(w io.Writer, s *surface.Surface, opts *PNGOptions) error {
	var o PNGOptions
	if opts != nil {
		o = *opts
	}
	fail := func(field string, value any, reason string, args ...any) error {
		v := ""
		if value != nil {
			v = fmt.Sprint(value)
		}
		return &Error{Container: PNG, Field: field, Offset: -1, Value: v, Reason: fmt.Sprintf(reason, args...), Err: ErrUnsupported}
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
	ir, err := newImageRows(s, o.Level, o.Layer, o.Slice)
	if err != nil {
		return fail("image", nil, "%v", err) // names the level, layer or slice and its range
	}
	width, height := ir.w, ir.h
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
	// The stored samples of a pixel: grey; grey and alpha (R and G); R, G,
	// B (and A). comp maps each to its function and decoded component.
	type sample struct {
		f func(float32) float64
		c int
	}
	var comp []sample
	var colour byte
	switch n {
	case 1:
		colour, comp = pngGrey, []sample{{maps[0], 0}}
	case 2:
		colour, comp = pngGreyAlpha, []sample{{maps[0], 0}, {maps[1], 1}}
	default:
		colour, comp = pngRGBA, []sample{{maps[0], 0}, {maps[1], 1}, {maps[2], 2}, {maps[3], 3}}
	}
	sampleBytes := bits / 8
	rowLen := uint64(width) * uint64(len(comp)*sampleBytes)
	bud := budget.Or(o.Budget, 0)
	need := ir.Bytes() + 6*(1+rowLen) + idatSize + zlibWriterBytes
	if err := bud.Reserve("PNG writer buffers", int64(need)); err != nil {
		return &Error{Container: PNG, Field: "image", Offset: -1, Value: fmt.Sprintf("%d bytes", need), Reason: "of buffers for a " + fmt.Sprintf("%dx%d", width, height) + " image " + budgetReason(err), Err: err}
	}
	defer bud.Release(int64(need))
	if colour == pngRGBA {
		// An opaque image is written as RGB, as image/png writes an
		// opaque NRGBA image: every alpha code must be the largest.
		opaque := true
		for y := 0; y < height && opaque; y++ {
			for _, p := range ir.row(y) {
				if quant(comp[3].f(p[comp[3].c])) != uint16(maxCode) {
					opaque = false
					break
				}
			}
		}
		if opaque {
			colour, comp = pngRGB, comp[:3]
			rowLen = uint64(width) * uint64(3*sampleBytes)
		}
	}
	pw := &pngStream{w: w}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = byte(bits), colour
	pw.write(pngMagic)
	pw.chunk("IHDR", ihdr[:])
	zw := zlib.NewWriter(pw)
	var cr [5][]byte
	for i := range cr {
		cr[i] = make([]byte, 1+rowLen)
		cr[i][0] = byte(i)
	}
	pr := make([]byte, 1+rowLen)
	bpp := len(comp) * sampleBytes
	for y := 0; y < height && pw.err == nil; y++ {
		row := cr[0][1:]
		for _, p := range ir.row(y) {
			for _, c := range comp {
				v := quant(c.f(p[c.c]))
				if bits == 8 {
					row[0] = byte(v)
				} else {
					row[0], row[1] = byte(v>>8), byte(v)
				}
				row = row[sampleBytes:]
			}
		}
		f := pngFilter(&cr, pr, bpp)
		zw.Write(cr[f])
		pr, cr[0] = cr[0], pr
	}
	zw.Close()
	pw.flush()
	pw.chunk("IEND", nil)
	return pw.err
}

// pngStream writes a PNG file to w: the signature, whole chunks, and the
// zlib stream of the scanlines as IDAT chunks of idatSize bytes (it is the
// io.Writer of the zlib writer). The first error sticks.
type pngStream struct {
	w    io.Writer
	err  error
	idat []byte
}

func (p *pngStream) write(b []byte) {
	if p.err == nil {
		_, p.err = p.w.Write(b)
	}
}

// chunk writes one chunk: length, type, data, CRC.
func (p *pngStream) chunk(typ string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:], uint32(len(data)))
	copy(head[4:], typ)
	crc := crc32.Update(crc32.ChecksumIEEE(head[4:]), crc32.IEEETable, data)
	p.write(head[:])
	p.write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc)
	p.write(tail[:])
}

// Write buffers zlib output and writes each full idatSize bytes as an IDAT
// chunk.
func (p *pngStream) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 && p.err == nil {
		if p.idat == nil {
			p.idat = make([]byte, 0, idatSize)
		}
		k := copy(p.idat[len(p.idat):cap(p.idat)], b)
		p.idat, b = p.idat[:len(p.idat)+k], b[k:]
		if len(p.idat) == cap(p.idat) {
			p.flush()
		}
	}
	if p.err != nil {
		return 0, p.err
	}
	return n, nil
}

// flush writes the buffered zlib output as an IDAT chunk.
func (p *pngStream) flush() {
	if len(p.idat) > 0 {
		p.chunk("IDAT", p.idat)
		p.idat = p.idat[:0]
	}
}

// pngFilter chooses the filter of the scanline cr[0] (whose previous
// scanline is pr, pixels of bpp bytes), leaves the filtered scanline in
// cr[filter] and returns the filter type: the one whose filtered bytes,
// read as signed, have the least sum of absolute values (the heuristic the
// PNG specification suggests in 12.8), the lowest type on a tie. Bytes
// before the first pixel, and the previous scanline of the first, are 0.
func pngFilter(cr *[5][]byte, pr []byte, bpp int) int {
	raw, prev := cr[0][1:], pr[1:]
	best, bestSum := 0, -1
	for t := 0; t < 5; t++ {
		out := cr[t][1:]
		sum := 0
		for i, x := range raw {
			var a, b, c byte // left, up, upper left
			if i >= bpp {
				a, c = raw[i-bpp], prev[i-bpp]
			}
			b = prev[i]
			var pred byte
			switch t {
			case 1:
				pred = a
			case 2:
				pred = b
			case 3:
				pred = byte((int(a) + int(b)) / 2)
			case 4:
				pred = paeth(a, b, c)
			}
			d := x - pred
			if t > 0 {
				out[i] = d
			}
			sum += abs(int(int8(d)))
		}
		if bestSum < 0 || sum < bestSum {
			best, bestSum = t, sum
		}
	}
	return best
}

// paeth is the Paeth predictor of the PNG specification (9.4): of the left
// (a), upper (b) and upper-left (c) bytes, the one nearest to a + b − c,
// in that order on ties.
func paeth(a, b, c uint8) uint8 {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
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
