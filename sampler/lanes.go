package sampler

import "github.com/texunit/texunit/sampler/internal/lanes"

// The lane loop's kernels, assembly and CPU dispatch are package lanes'
// (sampler/internal/lanes): flat arrays in, four channels of results out.
// The stages that fill its chunks from a request (operands, LODs, levels,
// footprints) are this package's; the names below are lanes' under the
// names the stages use.

// laneChunk is the number of entries the lane loop's stages take at a
// time.
const laneChunk = lanes.Chunk

// chunkOut is where a kernel writes its four channels (lanes.Out).
type chunkOut = lanes.Out

// texelDecoder names the inline decoders (lanes.Decoder).
type texelDecoder = lanes.Decoder

// The inline decoders.
const (
	decodeGeneric     = lanes.DecodeGeneric
	decodeRGBA8Unorm  = lanes.DecodeRGBA8Unorm
	decodeRGBA32Float = lanes.DecodeRGBA32Float
	decodeR32Float    = lanes.DecodeR32Float
	decodeRGBA8Srgb   = lanes.DecodeRGBA8Srgb
	decodeBGRA8Unorm  = lanes.DecodeBGRA8Unorm
	decodeBGRA8Srgb   = lanes.DecodeBGRA8Srgb
	decodeBC          = lanes.DecodeBC
	decodeRGBA8Snorm  = lanes.DecodeRGBA8Snorm
	decodeR8Unorm     = lanes.DecodeR8Unorm
	decodeR8Srgb      = lanes.DecodeR8Srgb
	decodeR8Snorm     = lanes.DecodeR8Snorm
	decodeR8G8Unorm   = lanes.DecodeR8G8Unorm
	decodeR8G8Srgb    = lanes.DecodeR8G8Srgb
	decodeR8G8Snorm   = lanes.DecodeR8G8Snorm
	decodeRGBA16Float = lanes.DecodeRGBA16Float
)

// rgba8Decode is the decode of one of the 8-bit formats (lanes.RGBA8Decode).
type rgba8Decode = lanes.RGBA8Decode

// The kernels take the compare functions and the canonical NaN as lanes
// numbers them: compareDiff and nanDiff are zero when they agree with this
// package's, and the constants below do not compile otherwise (the
// negation of a non-zero unsigned constant overflows).
const (
	compareDiff = uint8(lanes.CompareNone) ^ uint8(CompareNone) | uint8(lanes.CompareNever) ^ uint8(CompareNever) |
		uint8(lanes.CompareLess) ^ uint8(CompareLess) | uint8(lanes.CompareEqual) ^ uint8(CompareEqual) |
		uint8(lanes.CompareLessOrEqual) ^ uint8(CompareLessOrEqual) | uint8(lanes.CompareGreater) ^ uint8(CompareGreater) |
		uint8(lanes.CompareNotEqual) ^ uint8(CompareNotEqual) | uint8(lanes.CompareGreaterOrEqual) ^ uint8(CompareGreaterOrEqual) |
		uint8(lanes.CompareAlways) ^ uint8(CompareAlways)
	nanDiff = uint32(lanes.CanonicalNaN ^ canonicalNaN)
	_       = -compareDiff
	_       = -nanDiff
)

// laneSet is the lane loop's working set (lanes.Set), volSet the 3D loop's
// part of it, footprints a chunk's footprints at one level.
type (
	laneSet    = lanes.Set
	volSet     = lanes.VolSet
	footprints = lanes.Footprints
)
