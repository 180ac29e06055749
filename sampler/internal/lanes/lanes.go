package lanes

import (
	"math"
	"math/bits"
)

// Chunk is the number of entries the lane loop's stages take at a time
// (at least the most a lane has: N = ⌈η⌉ ≤ 16 anisotropic probes).
const Chunk = 64

// Footprints are the bilinear footprints of a chunk's entries at one
// level each: the byte offsets O of texels (i0,j0), (i1,j0), (i0,j1),
// (i1,j1) and the fractions α (FA) and β (FB), which the kernels read.
// Entries whose footprint the kernels cannot take (a border texel,
// coordinates beyond ±2^30) are listed in Slow, with offsets that read in
// bounds.
type Footprints struct {
	O      [4][Chunk]int32
	FA, FB [Chunk]float32
	// Tex is the 32-bit vector kernels' buffer for the texels they read:
	// texel q of entry k at Tex[q][k]. Here rather than on a kernel's
	// stack, which Go would clear on every call.
	Tex   [4][Chunk]uint32
	NSlow int
	Slow  [Chunk]int32
}

// The assembly takes the rows of [4][Chunk] arrays to be 256 bytes apart.
var _ [4*Chunk - 256]struct{}
var _ [256 - 4*Chunk]struct{}

// CompareOp is a depth compare function, numbered as sampler.CompareOp
// (which checks that the two agree).
type CompareOp uint8

// The compare functions.
const (
	CompareNone CompareOp = iota
	CompareNever
	CompareLess
	CompareEqual
	CompareLessOrEqual
	CompareGreater
	CompareNotEqual
	CompareGreaterOrEqual
	CompareAlways
)

// Compare applies op to the reference ref and the texel's depth d, "ref op
// d" (Vulkan "Depth Compare Operation"): the kernels' and, through
// sampler's compare, the reference pipeline's.
func Compare(op CompareOp, ref, d float32) bool {
	switch op {
	case CompareLess:
		return ref < d
	case CompareEqual:
		return ref == d
	case CompareLessOrEqual:
		return ref <= d
	case CompareGreater:
		return ref > d
	case CompareNotEqual:
		return ref != d
	case CompareGreaterOrEqual:
		return ref >= d
	case CompareAlways:
		return true
	}
	return false
}

// CanonicalNaN is the bits of the NaN every floating-point result that is
// a NaN becomes (sampler's canonicalNaN).
const CanonicalNaN = 0x7fc00000

// ResultBits returns v's bits, a NaN as CanonicalNaN (sampler's
// resultBits).
func ResultBits(v float32) uint32 {
	b := math.Float32bits(v)
	if b&(1<<31-1) > 0x7f800000 { // NaN: all exponent bits and a non-zero fraction
		b = CanonicalNaN
	}
	return b
}

// Decoder names the texel decodes of the sampler's specialised path and
// lane loop.
type Decoder uint8

// The decoders.
const (
	DecodeGeneric Decoder = iota // the format's DecodeFunc
	DecodeRGBA8Unorm
	DecodeRGBA32Float
	DecodeR32Float // one float (d32_sfloat, r32_sfloat)
	DecodeRGBA8Srgb
	DecodeBGRA8Unorm
	DecodeBGRA8Srgb
	DecodeBC          // the BC formats, through decoded blocks (sampler's bc.go)
	DecodeRGBA8Snorm  // this and the 8-bit formats below through tables (rgba8.go)
	DecodeR8Unorm     // (r, 0, 0, 1)
	DecodeR8Srgb      //
	DecodeR8Snorm     //
	DecodeR8G8Unorm   // (r, g, 0, 1)
	DecodeR8G8Srgb    //
	DecodeR8G8Snorm   //
	DecodeRGBA16Float // r16g16b16a16_sfloat (half.go)
	DecoderCount      // the number of Decoders
)

// ShiftOf returns log2(v) where v > 0 is a power of two, else −1 (FootParams.Ysh).
func ShiftOf(v int32) int32 {
	if v <= 0 || v&(v-1) != 0 {
		return -1
	}
	return int32(bits.TrailingZeros32(uint32(v)))
}
