package texfile

import (
	"fmt"
	"sort"
)

//go:generate go run gen_vkformat.go

// vkFormatEntry is one VkFormat: its number and its name in package
// format's spelling (Vulkan's name, lower case, without "VK_FORMAT_").
type vkFormatEntry struct {
	num  uint32
	name string
}

// vkFormatName returns the name of VkFormat n, or "" when the Vulkan
// headers texunit was generated from do not define it.
func vkFormatName(n uint32) string {
	i := sort.Search(len(vkFormats), func(i int) bool { return vkFormats[i].num >= n })
	if i < len(vkFormats) && vkFormats[i].num == n {
		return vkFormats[i].name
	}
	return ""
}

var vkFormatByName = func() map[string]uint32 {
	m := make(map[string]uint32, len(vkFormats))
	for _, e := range vkFormats {
		m[e.name] = e.num
	}
	return m
}()

// vkFormatNumber returns the VkFormat number of a format name, or false.
func vkFormatNumber(name string) (uint32, bool) {
	n, ok := vkFormatByName[name]
	return n, ok && n != 0
}

// vkFormatText describes VkFormat n for messages: "37 (VK_FORMAT_R8G8B8A8_UNORM)".
func vkFormatText(n uint32) string {
	name := vkFormatName(n)
	if name == "" {
		return fmt.Sprintf("%d (not a VkFormat of Vulkan 1.3.%d)", n, vkHeaderVersion)
	}
	return fmt.Sprintf("%d (VK_FORMAT_%s)", n, upper(name))
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
