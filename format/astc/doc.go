// Package astc decodes ASTC (Adaptive Scalable Texture Compression) blocks of the full profile:
// every 2D footprint from 4x4 to 12x12 and every 3D footprint from 3x3x3 to 6x6x6, in the linear
// LDR, sRGB and HDR operation modes. It owns the decoding of one 128-bit block to float32 texels;
// it knows nothing of surfaces, sRGB transfer or filtering.
//
// The decoder follows the Khronos Data Format Specification 1.3 (KDFS), chapter "ASTC Compressed
// Texture Image Formats": block mode (the 2D and 3D tables), void-extent blocks (2D and 3D
// layouts, LDR and HDR), partitioning (the partition hash, with z for 3D blocks), colour endpoint
// modes (LDR and HDR), integer sequence encoding with trits and quints, colour and weight
// unquantization, weight infill (bilinear in 2D, simplex in 3D), dual-plane weights and the LDR and
// HDR interpolation.
//
// Vulkan maps its formats onto the modes: the _UNORM_BLOCK formats decode in linear LDR mode
// (Mode LDR), the _SRGB_BLOCK formats in sRGB mode (SRGB), the _SFLOAT_BLOCK formats of
// VK_EXT_texture_compression_astc_hdr and VK_EXT_texture_compression_astc_3d in HDR mode with the
// decode_float16 decode mode (HDR). Decode is the 2D LDR/sRGB entry point of the package's first
// version; DecodeBlock takes any footprint and mode.
//
// # HDR mode
//
// In HDR mode every result is an FP16 value, returned exactly as a float32. HDR endpoint modes (2,
// 3, 7, 11, 14, 15) give 12-bit pseudo-logarithmic endpoints, which are shifted to 16 bits,
// interpolated as LDR values are, and converted to FP16 by the KDFS's piecewise mantissa mapping
// (a result of +Inf or NaN becomes 0x7BFF, 65504); mode 14's alpha is an 8-bit LDR value. LDR
// endpoints (and LDR void extents) are interpolated to a UNORM16 C and converted by the
// decode_float16 rule: 65535 is 1.0, any other C is C/65536 rounded toward zero. An HDR void
// extent's FP16 constants are the result as they are (negative values, infinities and NaNs
// included; the KDFS leaves infinities and NaNs undefined, and astcenc returns them as stored,
// NaN payloads made canonical). One block may mix LDR and HDR endpoint modes across its
// partitions; each texel follows its own partition's mode. The decode_unorm8 and decode_rgb9e5
// decode modes (VK_EXT_astc_decode_mode) are not modelled.
//
// # LDR and sRGB modes
//
// Endpoints are 8-bit and are widened to 16 bits before interpolation: e<<8 | e in linear mode,
// e<<8 | 0x80 in sRGB mode (KDFS "LDR mode" expansion). The interpolated 16-bit value C is then
//
//   - linear (Decode with srgb false): C/65535, the full UNORM16 result rounded once to float32.
//     The KDFS's default "decode mode" is FP16, which converts C to a half (astcenc 4.2 does it
//     as 0xFFFF to 1.0, other values to C/65536 truncated), and VK_EXT_astc_decode_mode can ask
//     for UNORM8 (C>>8); this package returns the UNORM16 value itself, the most precise of the
//     three, from which either can be derived.
//   - sRGB (srgb true): the top 8 bits C>>8 divided by 255: the encoded sRGB value, to which the
//     caller applies the sRGB transfer function.
//
// Void-extent blocks give their 16-bit constant colour the same way (C/65535, or C>>8 / 255).
//
// # Error colour
//
// An illegal encoding decodes to opaque magenta (1, 0, 1, 1) in every texel, in every mode: a
// reserved block mode, a weight grid larger than the block in any dimension, more than 64 weights,
// fewer than 24 or more than 96 weight bits, four partitions with dual-plane weights, more than 18
// colour endpoint values, too few bits for colour endpoints of at least 6 levels, a 2D void extent
// with reserved bits other than 11, or a void extent with a bad extent box. In the LDR and sRGB
// modes an HDR void extent is an error for the whole block, and a partition whose colour endpoint
// mode is HDR decodes its own texels to magenta while other partitions decode normally, as the
// KDFS and astcenc do. Implementations differ in how they represent the error colour outside
// UNORM8: astcenc writes 0xFF00 in UNORM16 in the LDR modes and NaN in HDR mode (the KDFS allows
// magenta or NaN there); this package returns exactly 1.0 and 0.0 in every mode. They also differ on void extents whose
// reserved bits 10..11 are not 11: astcenc (ARM's reference) and this package return the error
// colour, Mesa ignores the bits and returns the constant colour.
//
// Decode and DecodeBlock never panic; they return an error only for a block that is not 16 bytes,
// a footprint that is not ASTC's, an unknown mode, or a destination too short.
package astc
