// Package etc decodes the ETC2 and EAC block-compressed texel formats: ETC2 RGB8 (a superset of
// ETC1), ETC2 RGB8 with punch-through alpha, ETC2 RGBA8 (EAC alpha), and EAC R11 and RG11 unsigned
// and signed. It owns the decoding of one 4x4 block to float32 texels; it knows nothing of
// surfaces, sRGB or filtering. The sRGB ETC2 formats use the UNORM constant here: Decode returns
// the encoded value and the caller applies the sRGB transfer function.
//
// The decoders follow the Khronos Data Format Specification 1.3, chapter "ETC2 compressed texture
// image formats" (the same text as the OpenGL ES 3.0 specification, appendix C.1): blocks are read
// big-endian (bit 63 is the top bit of the first byte) and pixel indices run down the columns
// (pixel p is at x = p/4, y = p%4); Decode writes texel (x, y) at dst[y*4+x].
//
//   - ETC2 RGB: individual, differential, T, H and planar modes, selected by the diff bit and by
//     which of the red, green and blue differentials overflows [0, 31]. H mode's third distance
//     bit is 1 when (R1, G1, B1) >= (R2, G2, B2) as 12-bit integers.
//   - Punch-through alpha: bit 33 is the opaque flag and the block is always differential (or T,
//     H, planar). Without it, pixel index 2 is transparent black (0, 0, 0, 0) and, in differential
//     mode, index 0 is the base colour unmodified. Planar blocks are always opaque.
//   - EAC R11: unsigned value clamp(8·base + 4 + 8·modifier·multiplier, 0, 2047), signed
//     clamp(8·base + 8·modifier·multiplier, -1023, 1023) with base -128 read as -127; a multiplier
//     of 0 applies the modifier unscaled.
//
// Precision: ETC2 colour and EAC alpha are 8-bit integers and decode to v/255; EAC R11 and RG11 carry
// 11 bits and decode to v/2047 (UNORM) or v/1023 (SNORM), each rounded once to float32, not through
// 8 or 16 bits. The ETC2 formats are fully specified integer arithmetic, so conforming decoders
// agree exactly; implementations differ only in how they widen EAC's 11 bits (Mesa, for example,
// stores R11 as 16-bit UNORM/SNORM, off by up to 1/65535 or 1/32767).
//
// Decode never panics: every bit pattern of the right length is a valid block.
package etc
