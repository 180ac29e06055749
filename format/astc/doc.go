// Package astc decodes ASTC (Adaptive Scalable Texture Compression) blocks under the LDR profile,
// for every 2D footprint from 4x4 to 12x12. It owns the decoding of one 128-bit block to float32
// texels; it knows nothing of surfaces, sRGB transfer or filtering.
//
// The decoder follows the Khronos Data Format Specification 1.3 (KDFS), chapter "ASTC Compressed
// Texture Image Formats": block mode, void-extent blocks, partitioning (the partition hash),
// colour endpoint modes, integer sequence encoding with trits and quints, colour and weight
// unquantization, weight infill, dual-plane weights and the LDR interpolation.
//
// # Decode modes and precision
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
// An illegal encoding decodes to opaque magenta (1, 0, 1, 1) in every texel: a reserved block mode,
// a weight grid larger than the block, more than 64 weights, fewer than 24 or more than 96 weight
// bits, four partitions with dual-plane weights, more than 18 colour endpoint values, too few bits
// for colour endpoints of at least 6 levels, a void extent with reserved bits other than 11 or a
// bad extent rectangle. Under the LDR profile an HDR void extent is an error for the whole block,
// and a partition whose colour endpoint mode is HDR (modes 2, 3, 7, 11, 14, 15) decodes its own
// texels to magenta while other partitions decode normally, as astcenc does. Implementations
// differ in how they represent magenta outside UNORM8: astcenc writes 0xFF00 in UNORM16 (and NaN
// in some paths); this package returns exactly 1.0 and 0.0. They also differ on void extents whose
// reserved bits 10..11 are not 11: astcenc (ARM's reference) and this package return the error
// colour, Mesa ignores the bits and returns the constant colour.
//
// Decode never panics; it returns an error only for a block that is not 16 bytes, a footprint that
// is not an ASTC 2D footprint, or a destination too short.
package astc
