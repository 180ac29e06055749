// Package texfile reads texture files into surfaces and writes surfaces to
// files: PNG, KTX 2.0, KTX 1.1, DDS, Radiance HDR and astcenc's .astc in,
// PNG and KTX 2.0 out.
//
// It owns the containers, not the texels: a file becomes a surface.Surface
// (kind, format, size, mip levels, array layers, texel data in package
// surface's stream order), and the texels are decoded by package format.
// The containers follow their specifications: the PNG specification
// (ISO/IEC 15948, through the standard library's image/png for the pixel
// data), the Khronos KTX 2.0 specification (header, level index, data
// format descriptor, key/value data, zstd and zlib supercompression),
// Microsoft's DDS reference (DDS_HEADER, DDS_PIXELFORMAT, DDS_HEADER_DXT10
// and the DXGI_FORMAT list), the Radiance picture format (RGBE with
// adaptive and old-style run-length encoding), the Khronos KTX File Format
// Specification 1.1 (ktx1.go) and the .astc file of ARM's astcenc
// (astcfile.go). docs/TEXFILES.md lists the
// supported variants and every mapping and choice; the doc comments of
// Decode, WritePNG, WriteKTX2, ConvertFormat and the tables say the same
// at the code.
//
// # Formats
//
// KTX 2.0 names its format by VkFormat number: the number maps to Vulkan's
// name (a table generated from vulkan_core.h by gen_vkformat.go), and the
// name, lower case without VK_FORMAT_, is parsed by format.Parse, so every
// format package format knows is read and written. DDS names its format by
// DXGI_FORMAT, FourCC or legacy bit masks, and KTX 1.1 by OpenGL's
// glInternalFormat, which tables map to the same Vulkan names. An .astc file
// names only its block size, and KTX 1.1's RGBA ASTC formats do not say
// whether their content is LDR or HDR: Options.ASTC chooses the UNORM (the
// default), SRGB or SFLOAT format family. A valid file in a format texunit does not know is an error
// wrapping ErrUnsupported that names the file's own identification of the
// format ("vkFormat (byte 12): 1000054000 (VK_FORMAT_PVRTC1_2BPP_UNORM_BLOCK_IMG)
// is pvrtc1_2bpp_unorm_block_img, which is not a format texunit knows").
//
// # Hostile files and the memory budget
//
// Readers trust nothing: every size in a header is checked against the
// file's length, and every buffer whose size comes from the file (the
// file's bytes in ReadFile, a zstd level's decoder window, image/png's
// decoded image, a scanline, the surface) is reserved from a memory budget
// (package github.com/texunit/texunit/budget; Options.MaxBytes or Options.Budget, 1 GiB by
// default) before it is allocated, so that the buffers alive at once never
// exceed it. Decompressors are bounded by the sizes the container declares:
// a zstd or zlib level inflates into the level's bytes and no further, with
// a zstd window no larger than the level. ConvertFormatIn, WritePNG and
// WriteKTX2 work a row (or a level) at a time within a budget too, and
// package surface's WithMipsIn likewise. Every problem is an *Error naming
// the file, the field, its byte offset and the value, wrapping
// ErrMalformed, ErrUnsupported or ErrTooLarge (a refused reservation also
// wraps the *budget.Error). The fuzz targets (FuzzPNG, FuzzKTX2, FuzzDDS,
// FuzzHDR) hold the readers to that. docs/TEXFILES.md lists what each step
// reserves.
package texfile
