package format

import (
	"encoding/binary"
	"math"
)

// clampRound clamps v to [lo, hi] and rounds it to the nearest integer, ties
// to even. NaN gives 0, as Vulkan's conversions to fixed point require.
func clampRound(v, lo, hi float64) float64 {
	if v != v {
		return 0
	}
	return math.RoundToEven(min(max(v, lo), hi))
}

// encodeUnorm returns the b-bit UNORM code nearest to v·(2^b−1) after
// clamping v to [0, 1] (ties to even; NaN gives 0).
func encodeUnorm(v float64, maxCode float64) float64 {
	if v != v {
		return 0
	}
	return math.RoundToEven(min(max(v, 0), 1) * maxCode)
}

// encodeSnorm returns the SNORM code nearest to v·(2^(b−1)−1) after clamping v
// to [−1, 1] (ties to even; NaN gives 0).
func encodeSnorm(v float64, maxCode float64) float64 {
	if v != v {
		return 0
	}
	return math.RoundToEven(min(max(v, -1), 1) * maxCode)
}

// Encode writes one texel of format f to dst (len(dst) must be at least the
// format's Bytes), the inverse of Decode, for tests and data generators. v
// holds R, G, B, A; components the format does not store are ignored.
//
//   - unorm: the nearest code to clamp(v, 0, 1)·(2^b−1), ties to even;
//   - snorm: the nearest code to clamp(v, −1, 1)·(2^(b−1)−1), ties to even;
//   - srgb: R, G, B are encoded with LinearToSRGB(clamp(v, 0, 1)) and then as
//     unorm, so that Encode inverts SRGBToLinear exactly; A is unorm;
//   - sfloat: rounded to nearest even float32 or float16 (Float64ToHalf);
//   - uint, sint: v is the integer, clamped to the component's range and
//     rounded to the nearest integer (ties to even);
//   - depth: v[0] only, as unorm (d16_unorm) or float32 (d32_sfloat).
//
// NaN encodes as 0 for the fixed-point and integer types. Undefined and
// invalid formats write nothing.
func (f Format) Encode(dst []byte, v [4]float64) {
	if !f.Valid() {
		return
	}
	in := &infos[f]
	_ = dst[in.Bytes-1]
	n := in.Components
	for i := range n {
		c := i // the logical component stored as element i
		if in.BGRA && (i == 0 || i == 2) {
			c = 2 - i
		}
		x := v[c]
		switch f {
		case D16Unorm:
			binary.LittleEndian.PutUint16(dst, uint16(encodeUnorm(x, 65535)))
		case D32Sfloat, R32Sfloat, R32G32B32A32Sfloat:
			binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(float32(x)))
		case R16Sfloat, R16G16B16A16Sfloat:
			binary.LittleEndian.PutUint16(dst[2*i:], Float64ToHalf(x))
		case R32Uint:
			binary.LittleEndian.PutUint32(dst, uint32(clampRound(x, 0, math.MaxUint32)))
		default: // 8-bit components
			var b float64
			switch in.Numeric {
			case NumericUnorm:
				b = encodeUnorm(x, 255)
			case NumericSrgb:
				if c == 3 {
					b = encodeUnorm(x, 255)
				} else if x == x {
					b = encodeUnorm(LinearToSRGB(min(max(x, 0), 1)), 255)
				}
			case NumericSnorm:
				b = encodeSnorm(x, 127)
			case NumericUint:
				b = clampRound(x, 0, 255)
			case NumericSint:
				b = clampRound(x, -128, 127)
			}
			dst[i] = byte(int8OrUint8(b))
		}
	}
}

// int8OrUint8 converts an integral float64 in [−128, 255] to its low byte.
func int8OrUint8(b float64) uint8 { return uint8(int32(b)) }

// Border returns the border colour b (R, G, B, A) as sampling format f
// returns it: Vulkan's "Border Replacement" followed by the component
// substitution of "conversion to RGBA".
//
// For float-class formats b holds float values, clamped to the format's range
// (unorm, srgb and d16_unorm: [0, 1]; snorm: [−1, 1]; sfloat and d32_sfloat:
// unclamped, only rounded to float32). Only the components the format stores
// are replaced; the others take 0, 0 and alpha 1 as for texels, so r8_unorm
// with opaque white gives (1, 0, 0, 1) and depth formats give (B_r, 0, 0, 1).
// sRGB formats take the border as linear values (no transfer function).
//
// For integer classes b holds integer values in the floats (1.0 means the
// integer 1), clamped to the component's range (0..255 for 8-bit uint,
// −128..127 for 8-bit sint, 0..2^32−1 for r32_uint), rounded to the nearest
// integer (ties to even; NaN gives 0) and returned as float32 bits like
// Decode. Undefined and invalid formats return (0, 0, 0, 0).
func (f Format) Border(b [4]float64) [4]float32 {
	if !f.Valid() {
		return [4]float32{}
	}
	in := &infos[f]
	switch in.Class {
	case ClassUint, ClassSint:
		lo, hi := 0.0, 255.0
		switch {
		case f == R32Uint:
			hi = math.MaxUint32
		case in.Class == ClassSint:
			lo, hi = -128, 127
		}
		r := [4]float32{0, 0, 0, intOne}
		for i := range in.Components {
			r[i] = math.Float32frombits(uint32(int64(clampRound(b[i], lo, hi))))
		}
		return r
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	switch in.Numeric {
	case NumericUnorm, NumericSrgb:
		lo, hi = 0, 1
	case NumericSnorm:
		lo, hi = -1, 1
	}
	r := [4]float32{0, 0, 0, 1}
	for i := range in.Components {
		x := b[i]
		if x == x { // NaN passes through unclamped
			x = min(max(x, lo), hi)
		}
		r[i] = float32(x)
	}
	return r
}
