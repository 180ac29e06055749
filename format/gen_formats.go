//go:build ignore

// gen_formats writes formats_gen.go: the Format constants and their names.
//
// The list below is the only place a format is named. Its first sixteen
// entries keep the values they had when the package began; the others follow
// in the order of Vulkan's VkFormat enumeration. Everything else about a
// format (its components, bit widths, numeric types, block shape) is derived
// from the name by parseName in layout.go, following Vulkan's naming rules.
//
// Run with: go run gen_formats.go (from this directory).
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
	"regexp"
	"strings"
)

var names = []string{
	// The original sixteen, in their original order.
	"r8_unorm", "r8g8_unorm", "r8g8b8a8_unorm", "r8g8b8a8_srgb", "r8g8b8a8_snorm",
	"b8g8r8a8_unorm", "b8g8r8a8_srgb", "r8g8b8a8_uint", "r8g8b8a8_sint", "r16_sfloat",
	"r16g16b16a16_sfloat", "r32_sfloat", "r32g32b32a32_sfloat", "r32_uint", "d16_unorm", "d32_sfloat",

	// Packed 8- and 16-bit formats.
	"r4g4_unorm_pack8", "r4g4b4a4_unorm_pack16", "b4g4r4a4_unorm_pack16",
	"r5g6b5_unorm_pack16", "b5g6r5_unorm_pack16", "r5g5b5a1_unorm_pack16",
	"b5g5r5a1_unorm_pack16", "a1r5g5b5_unorm_pack16",
	// 8-bit components.
	"r8_snorm", "r8_uscaled", "r8_sscaled", "r8_uint", "r8_sint", "r8_srgb",
	"r8g8_snorm", "r8g8_uscaled", "r8g8_sscaled", "r8g8_uint", "r8g8_sint", "r8g8_srgb",
	"r8g8b8_unorm", "r8g8b8_snorm", "r8g8b8_uscaled", "r8g8b8_sscaled", "r8g8b8_uint", "r8g8b8_sint", "r8g8b8_srgb",
	"b8g8r8_unorm", "b8g8r8_snorm", "b8g8r8_uscaled", "b8g8r8_sscaled", "b8g8r8_uint", "b8g8r8_sint", "b8g8r8_srgb",
	"r8g8b8a8_uscaled", "r8g8b8a8_sscaled",
	"b8g8r8a8_snorm", "b8g8r8a8_uscaled", "b8g8r8a8_sscaled", "b8g8r8a8_uint", "b8g8r8a8_sint",
	"a8b8g8r8_unorm_pack32", "a8b8g8r8_snorm_pack32", "a8b8g8r8_uscaled_pack32", "a8b8g8r8_sscaled_pack32",
	"a8b8g8r8_uint_pack32", "a8b8g8r8_sint_pack32", "a8b8g8r8_srgb_pack32",
	// 10-bit packed.
	"a2r10g10b10_unorm_pack32", "a2r10g10b10_snorm_pack32", "a2r10g10b10_uscaled_pack32",
	"a2r10g10b10_sscaled_pack32", "a2r10g10b10_uint_pack32", "a2r10g10b10_sint_pack32",
	"a2b10g10r10_unorm_pack32", "a2b10g10r10_snorm_pack32", "a2b10g10r10_uscaled_pack32",
	"a2b10g10r10_sscaled_pack32", "a2b10g10r10_uint_pack32", "a2b10g10r10_sint_pack32",
	// 16-bit components.
	"r16_unorm", "r16_snorm", "r16_uscaled", "r16_sscaled", "r16_uint", "r16_sint",
	"r16g16_unorm", "r16g16_snorm", "r16g16_uscaled", "r16g16_sscaled", "r16g16_uint", "r16g16_sint", "r16g16_sfloat",
	"r16g16b16_unorm", "r16g16b16_snorm", "r16g16b16_uscaled", "r16g16b16_sscaled", "r16g16b16_uint",
	"r16g16b16_sint", "r16g16b16_sfloat",
	"r16g16b16a16_unorm", "r16g16b16a16_snorm", "r16g16b16a16_uscaled", "r16g16b16a16_sscaled",
	"r16g16b16a16_uint", "r16g16b16a16_sint",
	// 32-bit components.
	"r32_sint", "r32g32_uint", "r32g32_sint", "r32g32_sfloat",
	"r32g32b32_uint", "r32g32b32_sint", "r32g32b32_sfloat",
	"r32g32b32a32_uint", "r32g32b32a32_sint",
	// Packed floats.
	"b10g11r11_ufloat_pack32", "e5b9g9r9_ufloat_pack32",
	// Depth and stencil.
	"x8_d24_unorm_pack32", "s8_uint", "d16_unorm_s8_uint", "d24_unorm_s8_uint", "d32_sfloat_s8_uint",
	// Vulkan 1.3 and 1.4 additions.
	"a4r4g4b4_unorm_pack16", "a4b4g4r4_unorm_pack16", "a1b5g5r5_unorm_pack16", "a8_unorm",

	// Block-compressed: BC (package format/bc).
	"bc1_rgb_unorm_block", "bc1_rgb_srgb_block", "bc1_rgba_unorm_block", "bc1_rgba_srgb_block",
	"bc2_unorm_block", "bc2_srgb_block", "bc3_unorm_block", "bc3_srgb_block",
	"bc4_unorm_block", "bc4_snorm_block", "bc5_unorm_block", "bc5_snorm_block",
	"bc6h_ufloat_block", "bc6h_sfloat_block", "bc7_unorm_block", "bc7_srgb_block",
	// Block-compressed: ETC2 and EAC (package format/etc).
	"etc2_r8g8b8_unorm_block", "etc2_r8g8b8_srgb_block", "etc2_r8g8b8a1_unorm_block",
	"etc2_r8g8b8a1_srgb_block", "etc2_r8g8b8a8_unorm_block", "etc2_r8g8b8a8_srgb_block",
	"eac_r11_unorm_block", "eac_r11_snorm_block", "eac_r11g11_unorm_block", "eac_r11g11_snorm_block",
	// Block-compressed: ASTC UNORM and SRGB, every 2D block size (package format/astc).
	"astc_4x4_unorm_block", "astc_4x4_srgb_block", "astc_5x4_unorm_block", "astc_5x4_srgb_block",
	"astc_5x5_unorm_block", "astc_5x5_srgb_block", "astc_6x5_unorm_block", "astc_6x5_srgb_block",
	"astc_6x6_unorm_block", "astc_6x6_srgb_block", "astc_8x5_unorm_block", "astc_8x5_srgb_block",
	"astc_8x6_unorm_block", "astc_8x6_srgb_block", "astc_8x8_unorm_block", "astc_8x8_srgb_block",
	"astc_10x5_unorm_block", "astc_10x5_srgb_block", "astc_10x6_unorm_block", "astc_10x6_srgb_block",
	"astc_10x8_unorm_block", "astc_10x8_srgb_block", "astc_10x10_unorm_block", "astc_10x10_srgb_block",
	"astc_12x10_unorm_block", "astc_12x10_srgb_block", "astc_12x12_unorm_block", "astc_12x12_srgb_block",
	// Block-compressed: ASTC HDR, every 2D block size (VK_EXT_texture_compression_astc_hdr,
	// core in Vulkan 1.3).
	"astc_4x4_sfloat_block", "astc_5x4_sfloat_block", "astc_5x5_sfloat_block", "astc_6x5_sfloat_block",
	"astc_6x6_sfloat_block", "astc_8x5_sfloat_block", "astc_8x6_sfloat_block", "astc_8x8_sfloat_block",
	"astc_10x5_sfloat_block", "astc_10x6_sfloat_block", "astc_10x8_sfloat_block", "astc_10x10_sfloat_block",
	"astc_12x10_sfloat_block", "astc_12x12_sfloat_block",
	// Block-compressed: ASTC 3D, every 3D block size (VK_EXT_texture_compression_astc_3d; the
	// Vulkan names end in _EXT, which texunit's names leave off).
	"astc_3x3x3_unorm_block", "astc_3x3x3_srgb_block", "astc_3x3x3_sfloat_block",
	"astc_4x3x3_unorm_block", "astc_4x3x3_srgb_block", "astc_4x3x3_sfloat_block",
	"astc_4x4x3_unorm_block", "astc_4x4x3_srgb_block", "astc_4x4x3_sfloat_block",
	"astc_4x4x4_unorm_block", "astc_4x4x4_srgb_block", "astc_4x4x4_sfloat_block",
	"astc_5x4x4_unorm_block", "astc_5x4x4_srgb_block", "astc_5x4x4_sfloat_block",
	"astc_5x5x4_unorm_block", "astc_5x5x4_srgb_block", "astc_5x5x4_sfloat_block",
	"astc_5x5x5_unorm_block", "astc_5x5x5_srgb_block", "astc_5x5x5_sfloat_block",
	"astc_6x5x5_unorm_block", "astc_6x5x5_srgb_block", "astc_6x5x5_sfloat_block",
	"astc_6x6x5_unorm_block", "astc_6x6x5_srgb_block", "astc_6x6x5_sfloat_block",
	"astc_6x6x6_unorm_block", "astc_6x6x6_srgb_block", "astc_6x6x6_sfloat_block",

	// YCbCr (VK_KHR_sampler_ycbcr_conversion, Vulkan 1.1 and 1.3): the
	// multi-planar formats and the single-plane formats their planes read
	// as (ycbcr.go).
	"g8_b8_r8_3plane_420_unorm", "g8_b8r8_2plane_420_unorm", "g8_b8_r8_3plane_422_unorm",
	"g8_b8r8_2plane_422_unorm", "g8_b8_r8_3plane_444_unorm",
	"r10x6_unorm_pack16", "r10x6g10x6_unorm_2pack16",
	"g10x6_b10x6_r10x6_3plane_420_unorm_3pack16", "g10x6_b10x6r10x6_2plane_420_unorm_3pack16",
	"g10x6_b10x6_r10x6_3plane_422_unorm_3pack16", "g10x6_b10x6r10x6_2plane_422_unorm_3pack16",
	"g10x6_b10x6_r10x6_3plane_444_unorm_3pack16",
	"r12x4_unorm_pack16", "r12x4g12x4_unorm_2pack16",
	"g12x4_b12x4_r12x4_3plane_420_unorm_3pack16", "g12x4_b12x4r12x4_2plane_420_unorm_3pack16",
	"g12x4_b12x4_r12x4_3plane_422_unorm_3pack16", "g12x4_b12x4r12x4_2plane_422_unorm_3pack16",
	"g12x4_b12x4_r12x4_3plane_444_unorm_3pack16",
	"g16_b16_r16_3plane_420_unorm", "g16_b16r16_2plane_420_unorm", "g16_b16_r16_3plane_422_unorm",
	"g16_b16r16_2plane_422_unorm", "g16_b16_r16_3plane_444_unorm",
	"g8_b8r8_2plane_444_unorm", "g10x6_b10x6r10x6_2plane_444_unorm_3pack16",
	"g12x4_b12x4r12x4_2plane_444_unorm_3pack16", "g16_b16r16_2plane_444_unorm",
	// The single-plane 4:2:2 formats: a 2×1 block of two Y′ (G) sharing
	// one C_B (B) and one C_R (R).
	"g8b8g8r8_422_unorm", "b8g8r8g8_422_unorm",
	"g10x6b10x6g10x6r10x6_422_unorm_4pack16", "b10x6g10x6r10x6g10x6_422_unorm_4pack16",
	"g12x4b12x4g12x4r12x4_422_unorm_4pack16", "b12x4g12x4r12x4g12x4_422_unorm_4pack16",
	"g16b16g16r16_422_unorm", "b16g16r16g16_422_unorm",
}

// componentsRE matches a list of components such as r8g8b8 or r11g11.
var componentsRE = regexp.MustCompile(`^([rgbax][0-9]+)+$`)

// upperParts are name parts written in capitals in Go names.
var upperParts = map[string]bool{"rgb": true, "rgba": true, "etc2": true, "eac": true, "astc": true}

// goName turns a format name into its Go constant name: the component part
// in capitals, the other parts capitalised ("r8g8b8a8_unorm" is
// R8G8B8A8Unorm, "x8_d24_unorm_pack32" X8D24UnormPack32).
func goName(n string) string {
	parts := strings.Split(n, "_")
	var b strings.Builder
	for i, p := range parts {
		switch {
		case i == 0 || upperParts[p] || strings.HasPrefix(p, "bc") || componentsRE.MatchString(p):
			b.WriteString(strings.ToUpper(p))
		case strings.Contains(p, "x") && p[0] >= '0' && p[0] <= '9': // ASTC block size "4x4", "4x4x4"
			b.WriteString(p)
		case strings.HasSuffix(p, "plane") || strings.Contains(p, "pack") && p[0] >= '0' && p[0] <= '9':
			// "3plane" is 3Plane, "2pack16" 2Pack16, as in vulkan.hpp.
			b.WriteString(p[:1] + strings.ToUpper(p[1:2]) + p[2:])
		default:
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

func main() {
	var b bytes.Buffer
	b.WriteString("// Code generated by gen_formats.go; DO NOT EDIT.\n\npackage format\n\n")
	b.WriteString("// The texel formats. Each is the Vulkan format of the same name\n")
	b.WriteString("// (VK_FORMAT_R8_UNORM is R8Unorm, VK_FORMAT_X8_D24_UNORM_PACK32 is\n")
	b.WriteString("// X8D24UnormPack32, and so on); see docs/FORMATS.md for the list.\n")
	b.WriteString("const (\n\tUndefined Format = iota // no format; Valid reports false\n")
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			log.Fatalf("duplicate %s", n)
		}
		seen[n] = true
		fmt.Fprintf(&b, "\t%s // %s\n", goName(n), n)
	}
	b.WriteString("\n\tnumFormats // number of Format values including Undefined\n)\n\n")
	b.WriteString("// formatNames holds each format's name, indexed by the format.\n")
	b.WriteString("var formatNames = [numFormats]string{\n\tUndefined: \"undefined\",\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\t%s: %q,\n", goName(n), n)
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("formats_gen.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
