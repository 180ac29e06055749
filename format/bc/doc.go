// Package bc decodes the BC (S3TC, RGTC and BPTC) block-compressed texel formats: BC1 to BC7, with
// the signed variants of BC4, BC5 and BC6H. It owns the decoding of one 4x4 block to float32 texels;
// it knows nothing of surfaces, sRGB or filtering. The sRGB variants (BC1, BC2, BC3 and BC7 _SRGB)
// use the UNORM format here: Decode returns the encoded value and the caller applies the sRGB
// transfer function.
//
// The decoders follow the Khronos Data Format Specification 1.3 (KDFS), chapters "S3TC compressed
// texture image formats" (BC1 to BC3), "RGTC compressed texture image formats" (BC4, BC5) and "BPTC
// compressed texture image formats" (BC6H, BC7), with the Direct3D 11.3 functional specification
// section 19.5 where the KDFS leaves a choice.
//
// # Precision and where implementations may differ
//
// Decode works to full precision: no value passes through an 8-bit intermediate the format does
// not itself define.
//
//   - BC1, BC2, BC3 colour. The endpoints are 5:6:5 UNORM (r/31, g/63, b/31). The KDFS gives the
//     interpolated colours as (2·c0 + c1)/3 and (c0 + 2·c1)/3, and (c0 + c1)/2 in three-colour mode;
//     D3D11 allows any result within a tolerance of that, and hardware differs (some decoders
//     expand to 8 bits first and truncate, AMD and NVIDIA use fixed-point weights). Decode returns
//     the exact fraction of the endpoint integers, e.g. (2·r0 + r1)/(3·31), rounded once to
//     float32.
//   - BC1 three-colour mode (color0 <= color1, including equal endpoints): index 3 is black. For
//     BC1 (RGB) its alpha is 1; for BC1A (RGBA) it is 0 with RGB 0 (transparent black), the Vulkan
//     BC1_RGBA rule. BC2 and BC3 always decode their colour block in four-colour mode, whatever
//     the order of the endpoints (KDFS, D3D11); some old hardware honoured the three-colour mode
//     there too.
//   - BC2 alpha is the 4-bit value /15.
//   - BC3 alpha and BC4/BC5: the interpolated values are the exact fractions ((7-k)·a0 + k·a1)/(7·255)
//     (or /(5·255) in the six-value mode), rounded once to float32. Signed BC4/BC5 endpoints are
//     two's-complement bytes where -128 and -127 both mean -1.0 (the KDFS and Vulkan SNORM rule);
//     the comparison that picks the mode uses the raw signed bytes; interpolation uses the clamped
//     endpoints, /(7·127). The six-value mode's constants are 0 and 1 (unsigned) or -1 and 1
//     (signed). Mesa instead interpolates a -128 endpoint unclamped in 8 bits, so its results
//     differ by up to 2/127 next to such an endpoint.
//   - BC6H: bit exact. The endpoints are unquantized, interpolated with the 6-bit weights and
//     rounded ((64-w)·e0 + w·e1 + 32) >> 6, and scaled to half by 31/64 (unsigned) or 31/32
//     (signed) exactly as the KDFS and D3D11 give it; Decode returns the resulting half value as
//     float32, so unsigned results lie in [0, 65504] and signed in [-65504, 65504], never
//     infinite or NaN. One choice is ours: in the signed 16-bit mode (code 01111) an endpoint of
//     -32768 would pass unquantization unchanged and finish as the half 0xFC00 (-infinity);
//     Decode reads it as -32767 (like the SNORM rule that -128 means -127), giving -65504, so
//     that no BC6H block decodes to an infinity. Mesa follows the formula literally and returns
//     -infinity there; in every other case the two agree bit for bit. The four reserved mode codes (10011, 10111, 11011, 11111) decode to RGB 0
//     (D3D11: "reserved mode ... returns zero").
//   - BC7: bit exact; the interpolated 8-bit integers are divided by 255. A block with no mode bit
//     (first byte 0, "mode 8") decodes to (0, 0, 0, 0), as D3D11 and the KDFS require.
//
// Decode never panics: every bit pattern of the right length is a valid block.
//
// The partition tables (tables.go) were produced by testdata/probe_partitions.py from an
// independent decoder's output and checked against the ARB_texture_compression_bptc masks.
package bc
