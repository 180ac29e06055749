package format

import (
	"encoding/binary"
	"math"
)

// DecodeFunc decodes one texel, whose bytes start at src[0] in the format's
// memory layout (len(src) must be at least the format's Bytes), into R, G, B,
// A. For block-compressed formats src is a whole block and the result is its
// first texel (use Format.BlockDecoder to decode whole blocks).
//
// Float-class formats return float values, with G, B = 0 and A = 1 for
// components the format does not store (Vulkan's "conversion to RGBA"); depth
// formats return (D, 0, 0, 1). Integer-class formats return, in each lane, the
// 32-bit integer value of the component (sign-extended for sint) carried as
// float32 bits, math.Float32frombits(uint32(v)); missing G, B are 0 and a
// missing A is the integer 1.
type DecodeFunc func(src []byte) [4]float32

var (
	unorm8 [256]float32 // float32 nearest to c/255
	snorm8 [256]float32 // indexed by the raw byte: max(int8(c)/127, −1)
	// intOne is the integer 1 as float32 bits: alpha of integer formats
	// without an alpha component.
	intOne = math.Float32frombits(1)
)

func init() {
	for c := range 256 {
		unorm8[c] = float32(float64(c) / 255)
		snorm8[c] = float32(max(float64(int8(c))/127, -1))
	}
}

// unorm16 returns the float32 nearest to c/65535. float64 division is
// correctly rounded and the exact quotient is never a float32 midpoint, so
// one rounding to float32 gives the correctly rounded result (the tests
// check all 65536 values).
func unorm16(c uint16) float32 { return float32(float64(c) / 65535) }

func decodeUndefined([]byte) [4]float32 { return [4]float32{} }

func decodeR8Unorm(s []byte) [4]float32 { return [4]float32{unorm8[s[0]], 0, 0, 1} }

func decodeR8G8Unorm(s []byte) [4]float32 {
	_ = s[1]
	return [4]float32{unorm8[s[0]], unorm8[s[1]], 0, 1}
}

func decodeR8G8B8A8Unorm(s []byte) [4]float32 {
	_ = s[3]
	return [4]float32{unorm8[s[0]], unorm8[s[1]], unorm8[s[2]], unorm8[s[3]]}
}

func decodeR8G8B8A8Srgb(s []byte) [4]float32 {
	_ = s[3]
	return [4]float32{
		math.Float32frombits(srgbToLinear[s[0]]),
		math.Float32frombits(srgbToLinear[s[1]]),
		math.Float32frombits(srgbToLinear[s[2]]),
		unorm8[s[3]],
	}
}

func decodeR8G8B8A8Snorm(s []byte) [4]float32 {
	_ = s[3]
	return [4]float32{snorm8[s[0]], snorm8[s[1]], snorm8[s[2]], snorm8[s[3]]}
}

func decodeB8G8R8A8Unorm(s []byte) [4]float32 {
	_ = s[3]
	return [4]float32{unorm8[s[2]], unorm8[s[1]], unorm8[s[0]], unorm8[s[3]]}
}

func decodeB8G8R8A8Srgb(s []byte) [4]float32 {
	_ = s[3]
	return [4]float32{
		math.Float32frombits(srgbToLinear[s[2]]),
		math.Float32frombits(srgbToLinear[s[1]]),
		math.Float32frombits(srgbToLinear[s[0]]),
		unorm8[s[3]],
	}
}

func decodeR8G8B8A8Uint(s []byte) [4]float32 {
	_ = s[3]
	return [4]float32{
		math.Float32frombits(uint32(s[0])),
		math.Float32frombits(uint32(s[1])),
		math.Float32frombits(uint32(s[2])),
		math.Float32frombits(uint32(s[3])),
	}
}

func decodeR8G8B8A8Sint(s []byte) [4]float32 {
	_ = s[3]
	return [4]float32{
		math.Float32frombits(uint32(int32(int8(s[0])))),
		math.Float32frombits(uint32(int32(int8(s[1])))),
		math.Float32frombits(uint32(int32(int8(s[2])))),
		math.Float32frombits(uint32(int32(int8(s[3])))),
	}
}

func decodeR16Sfloat(s []byte) [4]float32 {
	return [4]float32{HalfToFloat32(binary.LittleEndian.Uint16(s)), 0, 0, 1}
}

func decodeR16G16B16A16Sfloat(s []byte) [4]float32 {
	_ = s[7]
	return [4]float32{
		HalfToFloat32(binary.LittleEndian.Uint16(s[0:])),
		HalfToFloat32(binary.LittleEndian.Uint16(s[2:])),
		HalfToFloat32(binary.LittleEndian.Uint16(s[4:])),
		HalfToFloat32(binary.LittleEndian.Uint16(s[6:])),
	}
}

func decodeR32Sfloat(s []byte) [4]float32 {
	return [4]float32{math.Float32frombits(binary.LittleEndian.Uint32(s)), 0, 0, 1}
}

func decodeR32G32B32A32Sfloat(s []byte) [4]float32 {
	_ = s[15]
	return [4]float32{
		math.Float32frombits(binary.LittleEndian.Uint32(s[0:])),
		math.Float32frombits(binary.LittleEndian.Uint32(s[4:])),
		math.Float32frombits(binary.LittleEndian.Uint32(s[8:])),
		math.Float32frombits(binary.LittleEndian.Uint32(s[12:])),
	}
}

func decodeR32Uint(s []byte) [4]float32 {
	return [4]float32{math.Float32frombits(binary.LittleEndian.Uint32(s)), 0, 0, intOne}
}

func decodeD16Unorm(s []byte) [4]float32 {
	return [4]float32{unorm16(binary.LittleEndian.Uint16(s)), 0, 0, 1}
}

func decodeD32Sfloat(s []byte) [4]float32 {
	return [4]float32{math.Float32frombits(binary.LittleEndian.Uint32(s)), 0, 0, 1}
}

var decoders = [numFormats]DecodeFunc{
	Undefined:          decodeUndefined,
	R8Unorm:            decodeR8Unorm,
	R8G8Unorm:          decodeR8G8Unorm,
	R8G8B8A8Unorm:      decodeR8G8B8A8Unorm,
	R8G8B8A8Srgb:       decodeR8G8B8A8Srgb,
	R8G8B8A8Snorm:      decodeR8G8B8A8Snorm,
	B8G8R8A8Unorm:      decodeB8G8R8A8Unorm,
	B8G8R8A8Srgb:       decodeB8G8R8A8Srgb,
	R8G8B8A8Uint:       decodeR8G8B8A8Uint,
	R8G8B8A8Sint:       decodeR8G8B8A8Sint,
	R16Sfloat:          decodeR16Sfloat,
	R16G16B16A16Sfloat: decodeR16G16B16A16Sfloat,
	R32Sfloat:          decodeR32Sfloat,
	R32G32B32A32Sfloat: decodeR32G32B32A32Sfloat,
	R32Uint:            decodeR32Uint,
	D16Unorm:           decodeD16Unorm,
	D32Sfloat:          decodeD32Sfloat,
}

// Decoder returns the decoding function specialised for f, chosen once so
// that per-texel work has no switch on the format and no allocation.
// Undefined and invalid formats get a decoder that returns (0, 0, 0, 0).
func (f Format) Decoder() DecodeFunc {
	if f < numFormats {
		return decoders[f]
	}
	return decodeUndefined
}

// Decode decodes one texel of format f from src; see DecodeFunc. In loops,
// call Decoder once and use the function it returns.
func (f Format) Decode(src []byte) [4]float32 { return f.Decoder()(src) }
