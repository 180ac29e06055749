package format

import (
	"encoding/binary"
	"math"
)

// Decoding tables of 8-bit components, indexed by the raw byte.
var (
	srgb8    [256]float32 // SRGBToLinear
	uscaled8 [256]float32 // c
	sscaled8 [256]float32 // int8(c)
	uint8s   [256]float32 // the integer c as float32 bits
	sint8s   [256]float32 // the integer int8(c) as float32 bits
)

// table8 returns the table that decodes an 8-bit component of numeric type
// n; alpha of sRGB formats is UNORM.
func table8(n Numeric, ch int) *[256]float32 {
	switch n {
	case NumericSnorm:
		return &snorm8
	case NumericSrgb:
		if ch == chA {
			return &unorm8
		}
		return &srgb8
	case NumericUscaled:
		return &uscaled8
	case NumericSscaled:
		return &sscaled8
	case NumericUint:
		return &uint8s
	case NumericSint:
		return &sint8s
	}
	return &unorm8
}

// defaultTexel is what a texel holds before its components are stored:
// G = B = 0 and A = 1 (the float 1, or the integer 1 for integer classes).
func defaultTexel(c Class) [4]float32 {
	if c == ClassFloat {
		return [4]float32{0, 0, 0, 1}
	}
	return [4]float32{0, 0, 0, intOne}
}

// initDecoders fills the decoders of the formats without a hand-written one.
func initDecoders() {
	for c := range 256 {
		srgb8[c] = math.Float32frombits(srgbToLinear[c])
		uscaled8[c] = float32(c)
		sscaled8[c] = float32(int8(c))
		uint8s[c] = math.Float32frombits(uint32(c))
		sint8s[c] = math.Float32frombits(uint32(int32(int8(c))))
	}
	initBlockDecoders()
	for f := Undefined + 1; f < numFormats; f++ {
		switch {
		case decoders[f] != nil:
		case infos[f].Compressed:
			decoders[f] = wireTexelDecoder(f)
		default:
			decoders[f] = buildDecoder(f)
		}
	}
}

// buildDecoder returns a decoder for an uncompressed format from its layout.
func buildDecoder(f Format) DecodeFunc {
	in, lay := &infos[f], &layouts[f]
	def := defaultTexel(in.Class)
	if f == A8Unorm {
		def[3] = 0 // conversion to RGBA of a single alpha component: (0, 0, 0, A)
	}
	switch f {
	case B10G11R11UfloatPack32:
		return func(s []byte) [4]float32 {
			w := binary.LittleEndian.Uint32(s)
			return [4]float32{UFloat11ToFloat32(w), UFloat11ToFloat32(w >> 11), UFloat10ToFloat32(w >> 22), 1}
		}
	case E5B9G9R9UfloatPack32:
		return func(s []byte) [4]float32 {
			r, g, b := RGB9E5ToFloat32(binary.LittleEndian.Uint32(s))
			return [4]float32{r, g, b, 1}
		}
	}
	if lay.words16 {
		// A 16-bit word per component, its bits at the top.
		n := len(lay.comps)
		var lanes, pos [4]int
		var shift [4]uint
		var conv [4]func(uint32) float32
		for i, c := range lay.comps {
			lanes[i], pos[i], shift[i] = lane(c.ch), c.pos, uint(16-c.bits)
			conv[i] = convBits(c.num, c.bits, c.ch)
		}
		return func(s []byte) [4]float32 {
			_ = s[in.Bytes-1]
			r := def
			for i := range n {
				r[lanes[i]] = conv[i](uint32(binary.LittleEndian.Uint16(s[pos[i]:]) >> shift[i]))
			}
			return r
		}
	}
	if lay.pack == 0 {
		// Byte-addressed components of equal width; stencil and depth
		// formats read their first component only (the default aspect).
		n := len(lay.comps)
		if in.Depth || in.Stencil {
			n = 1
		}
		var lanes, pos [4]int
		for i := range n {
			lanes[i], pos[i] = lane(lay.comps[i].ch), lay.comps[i].pos
		}
		switch lay.comps[0].bits {
		case 8:
			var tabs [4]*[256]float32
			for i := range n {
				tabs[i] = table8(lay.comps[i].num, lay.comps[i].ch)
			}
			return func(s []byte) [4]float32 {
				_ = s[in.Bytes-1]
				r := def
				for i := range n {
					r[lanes[i]] = tabs[i][s[pos[i]]]
				}
				return r
			}
		case 16:
			conv := conv16(lay.comps[0].num)
			return func(s []byte) [4]float32 {
				_ = s[in.Bytes-1]
				r := def
				for i := range n {
					r[lanes[i]] = conv(binary.LittleEndian.Uint16(s[pos[i]:]))
				}
				return r
			}
		case 32:
			conv := conv32(lay.comps[0].num)
			return func(s []byte) [4]float32 {
				_ = s[in.Bytes-1]
				r := def
				for i := range n {
					r[lanes[i]] = conv(binary.LittleEndian.Uint32(s[pos[i]:]))
				}
				return r
			}
		}
		panic("format: no decoder for " + in.Name)
	}
	// Packed: fields of one little-endian word.
	type field struct {
		lane, shift int
		mask        uint32
		conv        func(uint32) float32
	}
	var fields []field
	for _, c := range lay.comps {
		switch c.ch {
		case chUnused, chExponent:
			continue
		case chStencil:
			if in.Depth { // depth/stencil: the default aspect is depth
				continue
			}
		}
		fields = append(fields, field{lane(c.ch), c.pos, 1<<c.bits - 1, convBits(c.num, c.bits, c.ch)})
	}
	read := func(s []byte) uint32 { return binary.LittleEndian.Uint32(s) }
	switch lay.pack {
	case 8:
		read = func(s []byte) uint32 { return uint32(s[0]) }
	case 16:
		read = func(s []byte) uint32 { return uint32(binary.LittleEndian.Uint16(s)) }
	}
	return func(s []byte) [4]float32 {
		w := read(s)
		r := def
		for _, fl := range fields {
			r[fl.lane] = fl.conv(w >> fl.shift & fl.mask)
		}
		return r
	}
}

// conv16 returns the conversion of a 16-bit component of numeric type n.
func conv16(n Numeric) func(uint16) float32 {
	switch n {
	case NumericUnorm:
		return unorm16
	case NumericSnorm:
		return func(c uint16) float32 { return float32(max(float64(int16(c))/32767, -1)) }
	case NumericUscaled:
		return func(c uint16) float32 { return float32(c) }
	case NumericSscaled:
		return func(c uint16) float32 { return float32(int16(c)) }
	case NumericUint:
		return func(c uint16) float32 { return math.Float32frombits(uint32(c)) }
	case NumericSint:
		return func(c uint16) float32 { return math.Float32frombits(uint32(int32(int16(c)))) }
	}
	return HalfToFloat32
}

// conv32 returns the conversion of a 32-bit component of numeric type n
// (uint, sint or sfloat: the float32 bits are the result in every case).
func conv32(Numeric) func(uint32) float32 { return math.Float32frombits }

// convBits returns the conversion of a packed b-bit component of numeric
// type n and channel ch (sRGB alpha is UNORM).
func convBits(n Numeric, b int, ch int) func(uint32) float32 {
	maxU := float64(uint64(1)<<b - 1)
	maxS := float64(uint64(1)<<(b-1) - 1)
	signed := func(c uint32) int32 { return int32(c<<(32-b)) >> (32 - b) }
	switch n {
	case NumericUnorm:
		return func(c uint32) float32 { return float32(float64(c) / maxU) }
	case NumericSrgb:
		if ch == chA {
			return func(c uint32) float32 { return float32(float64(c) / maxU) }
		}
		return func(c uint32) float32 { return srgb8[c&0xff] } // sRGB packed components are 8-bit
	case NumericSnorm:
		return func(c uint32) float32 { return float32(max(float64(signed(c))/maxS, -1)) }
	case NumericUscaled:
		return func(c uint32) float32 { return float32(c) }
	case NumericSscaled:
		return func(c uint32) float32 { return float32(signed(c)) }
	case NumericUint:
		return func(c uint32) float32 { return math.Float32frombits(c) }
	case NumericSint:
		return func(c uint32) float32 { return math.Float32frombits(uint32(signed(c))) }
	case NumericSfloat: // d32 in a packed word does not occur; kept total
		return math.Float32frombits
	}
	panic("format: no conversion for " + n.String())
}
