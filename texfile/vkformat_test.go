package texfile

import (
	"fmt"
	"strings"
	"testing"
)

func TestVkFormatTable(t *testing.T) {
	for num, name := range map[uint32]string{
		9: "r8_unorm", 37: "r8g8b8a8_unorm", 43: "r8g8b8a8_srgb", 44: "b8g8r8a8_unorm", 64: "a2b10g10r10_unorm_pack32",
		97: "r16g16b16a16_sfloat", 109: "r32g32b32a32_sfloat", 122: "b10g11r11_ufloat_pack32", 123: "e5b9g9r9_ufloat_pack32",
		124: "d16_unorm", 126: "d32_sfloat", 129: "d24_unorm_s8_uint", 131: "bc1_rgb_unorm_block", 133: "bc1_rgba_unorm_block",
		143: "bc6h_ufloat_block", 146: "bc7_srgb_block", 147: "etc2_r8g8b8_unorm_block", 153: "eac_r11_unorm_block",
		157: "astc_4x4_unorm_block", 184: "astc_12x12_srgb_block", 1000340000: "a4r4g4b4_unorm_pack16",
		1000470001: "a8_unorm", 1000066000: "astc_4x4_sfloat_block",
	} {
		if got := vkFormatName(num); got != name {
			t.Errorf("vkFormatName(%d) = %q, want %q", num, got, name)
		}
		if got, ok := vkFormatNumber(name); !ok || got != num {
			t.Errorf("vkFormatNumber(%q) = %d, %v, want %d", name, got, ok, num)
		}
	}
	if vkFormatName(185) != "" || vkFormatName(1<<31) != "" {
		t.Error("numbers outside the table have names")
	}
	if _, ok := vkFormatNumber("undefined"); ok {
		t.Error("undefined has a number")
	}
	if got := vkFormatText(43); got != "43 (VK_FORMAT_R8G8B8A8_SRGB)" {
		t.Errorf("vkFormatText(43) = %q", got)
	}
	if got := vkFormatText(185); !strings.HasPrefix(got, "185 (not a VkFormat") {
		t.Errorf("vkFormatText(185) = %q", got)
	}
}

// TestDDSTablesNameVulkanFormats checks every name the DDS tables map to
// against the VkFormat table, so that a typo cannot hide as "unsupported".
func TestDDSTablesNameVulkanFormats(t *testing.T) {
	check := func(what, name string) {
		name = strings.TrimSuffix(name, "+opaque")
		if _, ok := vkFormatNumber(name); !ok {
			t.Errorf("%s maps to %q, not a Vulkan format name", what, name)
		}
	}
	for k, v := range dxgiFormats {
		check(fmt.Sprint("DXGI_FORMAT ", k), v)
	}
	for k, v := range ddsFourCCs {
		check("FourCC "+fourCCText(k), v)
	}
	for k, v := range ddsMasks {
		check(fmt.Sprintf("masks %+v", k), v)
	}
}
