// Package format describes the texel formats of the texture unit and converts
// texels between their memory layout and the RGBA values that texel input
// operations return.
//
// It owns:
//
//   - the Format enumeration, its names (Vulkan's VK_FORMAT_* names without the
//     prefix, in lower case) and a static description table (Info);
//   - decoding one texel to RGBA (Format.Decoder, Format.Decode), following the
//     Vulkan specification, chapter "Fixed-Point Data Conversions"
//     (Conversion from Normalized Fixed-Point to Floating-Point), section
//     "Format Conversion" / "Conversion to RGBA" of "Texel Input Operations",
//     and "sRGB to Linear Conversion" of "Texel Input Operations";
//   - encoding (Format.Encode), the inverse used by tests and data generators
//     ("Conversion from Floating-Point to Normalized Fixed-Point");
//   - border colours ("Texel Replacement" / "Border Replacement" of
//     "Texel Input Operations"), Format.Border;
//   - IEEE 754 binary16 conversions (HalfToFloat32, Float64ToHalf), the
//     unsigned 11- and 10-bit floats and the shared-exponent format
//     (UFloat11ToFloat32, RGB9E5ToFloat32 and their encoders, after the
//     Khronos Data Format Specification) and the sRGB transfer functions
//     (SRGBToLinear, SRGBToLinearFloat, LinearToSRGB);
//   - aspects of depth/stencil formats (Aspect, Format.AspectFormat);
//   - the YCbCr formats of VK_KHR_sampler_ycbcr_conversion (ycbcr.go): the
//     multi-planar formats with their planes' compatible formats and
//     subsampling (Info.Planes, Vulkan's "Plane Format Compatibility"), the
//     single-plane 4:2:2 formats (Format.Packed422) and the padded
//     r10x6/r12x4 formats, whose padding bits are ignored;
//   - block-compressed formats: the block shape in Info and the per-format
//     block decoder (Format.BlockDecoder), built on the decoder packages
//     format/bc (BC1–BC7), format/etc (ETC2, EAC) and format/astc (ASTC:
//     UNORM and SRGB in the LDR and sRGB modes, SFLOAT in the HDR mode;
//     every 2D block size, and the 3D ones, whose Info.BlockDepth is more
//     than 1).
//
// The formats are every Vulkan colour format with 8-, 16- and 32-bit
// components in R, RG, RGB, RGBA and the BGR(A) orders in every numeric type
// Vulkan defines for them, the packed 8-, 16- and 32-bit formats, the two
// packed float formats, the depth and stencil formats, the
// block-compressed formats and the YCbCr formats; docs/FORMATS.md lists them with their layouts,
// conversion rules and the places where implementations may differ. A
// format's layout is derived from its Vulkan name (layout.go); the names are
// generated from one list (gen_formats.go).
//
// # Values returned by decoding
//
// Every decoder returns [4]float32 in R, G, B, A order. For float-class formats
// (unorm, snorm, srgb, sfloat and depth) these are the float values of the
// components. For integer-class formats (uint, sint) each lane carries the
// 32-bit integer bit pattern of the component, reinterpreted as float32 bits
// (math.Float32frombits(uint32(v))), so that no precision is lost and the
// sampler can move integer texels through the same [4]float32 lanes; use
// math.Float32bits to get the integer back. Components a format does not store
// take G = B = 0 and A = 1 (the float 1.0 for float classes, the integer 1 for
// integer classes), as in Vulkan's "conversion to RGBA". Depth formats return
// (D, 0, 0, 1).
//
// # Exactness
//
// Normalized conversions are correctly rounded: an UNORM value c of b bits
// decodes to the float32 nearest to c/(2^b−1), and an SNORM value to the
// float32 nearest to max(c/(2^(b−1)−1), −1). The sRGB decode is the float32
// nearest to the float64 evaluation of the sRGB EOTF, taken from a 256-entry
// table. Half floats convert exactly, including denormals, infinities and NaN
// payloads. The tests check all of this exhaustively.
//
// Dispatch on the format happens once: Format.Decoder returns a function
// specialised for the format that neither allocates nor switches on the format.
package format
