package texfile

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/texunit/texunit/surface"
)

// DDS header flags and capabilities (Microsoft's "DDS_HEADER structure" and
// "DDS_PIXELFORMAT structure" pages).
const (
	ddsHeaderSize   = 128 // "DDS " + DDS_HEADER
	ddsDX10Size     = 20  // DDS_HEADER_DXT10
	ddsdDepth       = 0x800000
	ddpfAlphaPixels = 0x1
	ddpfFourCC      = 0x4
	ddpfRGB         = 0x40
	ddpfLuminance   = 0x20000
	ddpfBumpDUDV    = 0x80000
	ddsCaps2Cube    = 0x200
	ddsCaps2AllFace = 0xfc00
	ddsCaps2Volume  = 0x200000
	dx10Tex1D       = 2
	dx10Tex2D       = 3
	dx10Tex3D       = 4
	dx10MiscCube    = 0x4
)

// dxgiFormats maps DXGI_FORMAT numbers to Vulkan format names. DXGI names
// packed formats from the least significant bit, Vulkan from the most, so
// B5G6R5 is r5g6b5_unorm_pack16 and R10G10B10A2 is a2b10g10r10_unorm_pack32.
// TYPELESS formats, video formats and those without a Vulkan twin
// (B8G8R8X8, R1, R8G8_B8G8, ...) are absent: such files are unsupported.
var dxgiFormats = map[uint32]string{
	2: "r32g32b32a32_sfloat", 3: "r32g32b32a32_uint", 4: "r32g32b32a32_sint",
	6: "r32g32b32_sfloat", 7: "r32g32b32_uint", 8: "r32g32b32_sint",
	10: "r16g16b16a16_sfloat", 11: "r16g16b16a16_unorm", 12: "r16g16b16a16_uint", 13: "r16g16b16a16_snorm", 14: "r16g16b16a16_sint",
	16: "r32g32_sfloat", 17: "r32g32_uint", 18: "r32g32_sint",
	20: "d32_sfloat_s8_uint",
	24: "a2b10g10r10_unorm_pack32", 25: "a2b10g10r10_uint_pack32",
	26: "b10g11r11_ufloat_pack32",
	28: "r8g8b8a8_unorm", 29: "r8g8b8a8_srgb", 30: "r8g8b8a8_uint", 31: "r8g8b8a8_snorm", 32: "r8g8b8a8_sint",
	34: "r16g16_sfloat", 35: "r16g16_unorm", 36: "r16g16_uint", 37: "r16g16_snorm", 38: "r16g16_sint",
	40: "d32_sfloat", 41: "r32_sfloat", 42: "r32_uint", 43: "r32_sint",
	45: "d24_unorm_s8_uint",
	49: "r8g8_unorm", 50: "r8g8_uint", 51: "r8g8_snorm", 52: "r8g8_sint",
	54: "r16_sfloat", 55: "d16_unorm", 56: "r16_unorm", 57: "r16_uint", 58: "r16_snorm", 59: "r16_sint",
	61: "r8_unorm", 62: "r8_uint", 63: "r8_snorm", 64: "r8_sint", 65: "a8_unorm",
	67: "e5b9g9r9_ufloat_pack32",
	71: "bc1_rgba_unorm_block", 72: "bc1_rgba_srgb_block",
	74: "bc2_unorm_block", 75: "bc2_srgb_block",
	77: "bc3_unorm_block", 78: "bc3_srgb_block",
	80: "bc4_unorm_block", 81: "bc4_snorm_block",
	83: "bc5_unorm_block", 84: "bc5_snorm_block",
	85: "r5g6b5_unorm_pack16", 86: "a1r5g5b5_unorm_pack16",
	87: "b8g8r8a8_unorm", 91: "b8g8r8a8_srgb",
	95: "bc6h_ufloat_block", 96: "bc6h_sfloat_block",
	98: "bc7_unorm_block", 99: "bc7_srgb_block",
	115: "a4r4g4b4_unorm_pack16",
}

// ddsFourCCs maps legacy FourCC codes (and the D3DFORMAT numbers some
// writers put in dwFourCC) to Vulkan format names. DXT2 and DXT4
// (premultiplied alpha) decode as DXT3 and DXT5.
var ddsFourCCs = map[uint32]string{
	fourCC("DXT1"): "bc1_rgba_unorm_block",
	fourCC("DXT2"): "bc2_unorm_block", fourCC("DXT3"): "bc2_unorm_block",
	fourCC("DXT4"): "bc3_unorm_block", fourCC("DXT5"): "bc3_unorm_block",
	fourCC("ATI1"): "bc4_unorm_block", fourCC("BC4U"): "bc4_unorm_block", fourCC("BC4S"): "bc4_snorm_block",
	fourCC("ATI2"): "bc5_unorm_block", fourCC("BC5U"): "bc5_unorm_block", fourCC("BC5S"): "bc5_snorm_block",
	36: "r16g16b16a16_unorm", 110: "r16g16b16a16_snorm",
	111: "r16_sfloat", 112: "r16g16_sfloat", 113: "r16g16b16a16_sfloat",
	114: "r32_sfloat", 115: "r32g32_sfloat", 116: "r32g32b32a32_sfloat",
}

func fourCC(s string) uint32 { return binary.LittleEndian.Uint32([]byte(s)) }

// ddsMask is a legacy uncompressed pixel format: DDPF flags (without
// DDPF_ALPHAPIXELS), bit count and masks.
type ddsMask struct {
	flags, bits, r, g, b, a uint32
}

// ddsMasks maps legacy uncompressed pixel formats to Vulkan format names.
// A name ending in "+opaque" has no alpha in the file: the reader stores
// the format's alpha as all ones (X8R8G8B8 becomes b8g8r8a8_unorm with
// A = 255). Luminance goes to R (and alpha to G), as in the PNG reader.
var ddsMasks = map[ddsMask]string{
	{ddpfRGB, 32, 0xff, 0xff00, 0xff0000, 0xff000000}:          "r8g8b8a8_unorm",
	{ddpfRGB, 32, 0xff0000, 0xff00, 0xff, 0xff000000}:          "b8g8r8a8_unorm",
	{ddpfRGB, 32, 0xff0000, 0xff00, 0xff, 0}:                   "b8g8r8a8_unorm+opaque",
	{ddpfRGB, 32, 0xff, 0xff00, 0xff0000, 0}:                   "r8g8b8a8_unorm+opaque",
	{ddpfRGB, 24, 0xff0000, 0xff00, 0xff, 0}:                   "b8g8r8_unorm",
	{ddpfRGB, 24, 0xff, 0xff00, 0xff0000, 0}:                   "r8g8b8_unorm",
	{ddpfRGB, 16, 0xf800, 0x7e0, 0x1f, 0}:                      "r5g6b5_unorm_pack16",
	{ddpfRGB, 16, 0x7c00, 0x3e0, 0x1f, 0x8000}:                 "a1r5g5b5_unorm_pack16",
	{ddpfRGB, 16, 0xf00, 0xf0, 0xf, 0xf000}:                    "a4r4g4b4_unorm_pack16",
	{ddpfRGB, 32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000}:      "a2b10g10r10_unorm_pack32",
	{ddpfRGB, 32, 0x3ff00000, 0xffc00, 0x3ff, 0xc0000000}:      "a2r10g10b10_unorm_pack32",
	{ddpfRGB, 32, 0xffff, 0xffff0000, 0, 0}:                    "r16g16_unorm",
	{ddpfLuminance, 8, 0xff, 0, 0, 0}:                          "r8_unorm",
	{ddpfLuminance, 16, 0xffff, 0, 0, 0}:                       "r16_unorm",
	{ddpfLuminance, 16, 0xff, 0, 0, 0xff00}:                    "r8g8_unorm",
	{ddpfBumpDUDV, 16, 0xff, 0xff00, 0, 0}:                     "r8g8_snorm",
	{ddpfBumpDUDV, 32, 0xff, 0xff00, 0xff0000, 0xff000000}:     "r8g8b8a8_snorm",
	{ddpfBumpDUDV, 32, 0xffff, 0xffff0000, 0, 0}:               "r16g16_snorm",
	{ddpfBumpDUDV, 32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000}: "a2b10g10r10_snorm_pack32",
}

func (r *reader) decodeDDS() (*File, error) {
	b := r.b
	if err := r.need("DDS_HEADER", 0, ddsHeaderSize); err != nil {
		return nil, err
	}
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	if v := u32(4); v != 124 {
		return nil, r.malformed("dwSize", 4, v, "is not 124")
	}
	if v := u32(76); v != 32 {
		return nil, r.malformed("ddspf.dwSize", 76, v, "is not 32")
	}
	flags, height, width, depth := u32(8), u32(12), u32(16), u32(24)
	mips := max(1, u32(28))
	pfFlags, four := u32(80), u32(84)
	caps2 := u32(112)
	if width == 0 || width > surface.MaxExtent {
		return nil, r.sizeErr("dwWidth", 16, width, width == 0)
	}
	if height == 0 || height > surface.MaxExtent {
		return nil, r.sizeErr("dwHeight", 12, height, height == 0)
	}
	d := surface.Desc{Kind: surface.Kind2D, Width: int(width), Height: int(height), Depth: 1, Layers: 1}
	dataOff := uint64(ddsHeaderSize)
	var fmtName, header string
	var fmtField string
	var fmtOff int64
	opaque := false
	cube := false
	if pfFlags&ddpfFourCC != 0 && four == fourCC("DX10") {
		if err := r.need("DDS_HEADER_DXT10", ddsHeaderSize, ddsDX10Size); err != nil {
			return nil, err
		}
		dataOff += ddsDX10Size
		dxgi, dim, misc, arraySize := u32(128), u32(132), u32(136), u32(140)
		header = fmt.Sprintf("dx10 DXGI_FORMAT %d", dxgi)
		fmtName, fmtField, fmtOff = dxgiFormats[dxgi], "dxgiFormat", 128
		if fmtName == "" {
			return nil, r.unsupported("dxgiFormat", 128, dxgi, "is not a DXGI format texunit maps to a Vulkan format")
		}
		if arraySize == 0 {
			return nil, r.malformed("arraySize", 140, 0, "must be at least 1")
		}
		if arraySize > surface.MaxExtent {
			return nil, r.sizeErr("arraySize", 140, arraySize, false)
		}
		d.Layers = int(arraySize)
		switch dim {
		case dx10Tex1D:
			if height != 1 {
				return nil, r.malformed("dwHeight", 12, height, "must be 1 for a 1D texture")
			}
			d.Kind = surface.Kind1D
			if arraySize > 1 {
				d.Kind = surface.Kind1DArray
			}
		case dx10Tex2D:
			if arraySize > 1 {
				d.Kind = surface.Kind2DArray
			}
			if misc&dx10MiscCube != 0 {
				cube = true
				if 6*arraySize > surface.MaxExtent {
					return nil, r.sizeErr("arraySize", 140, arraySize, false)
				}
				d.Layers = 6 * int(arraySize)
				d.Kind = surface.KindCube
				if arraySize > 1 {
					d.Kind = surface.KindCubeArray
				}
			}
		case dx10Tex3D:
			if arraySize != 1 {
				return nil, r.unsupported("arraySize", 140, arraySize, "with a 3D texture: texunit has no 3D array surfaces")
			}
			if depth == 0 || depth > surface.MaxExtent {
				return nil, r.sizeErr("dwDepth", 24, depth, depth == 0)
			}
			d.Kind, d.Depth = surface.Kind3D, int(depth)
		default:
			return nil, r.malformed("resourceDimension", 132, dim, "is not 2 (1D), 3 (2D) or 4 (3D)")
		}
	} else {
		switch {
		case pfFlags&ddpfFourCC != 0:
			fmtName, fmtField, fmtOff = ddsFourCCs[four], "ddspf.dwFourCC", 84
			header = "legacy FourCC " + fourCCText(four)
			if fmtName == "" {
				return nil, r.unsupported("ddspf.dwFourCC", 84, fourCCText(four), "is not a FourCC texunit maps to a Vulkan format")
			}
		default:
			m := ddsMask{pfFlags &^ ddpfAlphaPixels, u32(88), u32(92), u32(96), u32(100), u32(104)}
			if pfFlags&ddpfAlphaPixels == 0 && m.flags == ddpfRGB {
				m.a = 0
			}
			fmtName, fmtField, fmtOff = ddsMasks[m], "ddspf", 76
			header = fmt.Sprintf("legacy masks flags %#x, %d bits, R %#x G %#x B %#x A %#x", pfFlags, m.bits, m.r, m.g, m.b, m.a)
			if fmtName == "" {
				return nil, r.unsupported("ddspf", 76, fmt.Sprintf("flags %#x, %d bits, masks %#x %#x %#x %#x", pfFlags, m.bits, m.r, m.g, m.b, m.a), "is not a pixel format texunit maps to a Vulkan format")
			}
			if n, ok := strings.CutSuffix(fmtName, "+opaque"); ok {
				fmtName, opaque = n, true
			}
		}
		switch {
		case caps2&ddsCaps2Cube != 0:
			if caps2&ddsCaps2AllFace != ddsCaps2AllFace {
				return nil, r.unsupported("dwCaps2", 112, fmt.Sprintf("%#x", caps2), "describes a cube map without all six faces")
			}
			cube = true
			d.Kind, d.Layers = surface.KindCube, 6
		case caps2&ddsCaps2Volume != 0 || flags&ddsdDepth != 0 && depth > 1:
			if depth == 0 || depth > surface.MaxExtent {
				return nil, r.sizeErr("dwDepth", 24, depth, depth == 0)
			}
			d.Kind, d.Depth = surface.Kind3D, int(depth)
		}
	}
	if cube && width != height {
		return nil, r.malformed("dwHeight", 12, height, "differs from dwWidth %d in a cube map", width)
	}
	f, err := r.parseFormat(fmtField, fmtOff, header, fmtName)
	if err != nil {
		return nil, err
	}
	full := uint32(0)
	for v := max(width, height, uint32(d.Depth)); v > 0; v >>= 1 {
		full++
	}
	if mips > full {
		return nil, r.malformed("dwMipMapCount", 28, mips, "exceeds the %d levels of a %dx%dx%d texture", full, width, height, d.Depth)
	}
	d.Format, d.Levels = f, int(mips)
	size, ok := dataSize(d)
	if !ok {
		return nil, r.unsupported(fmtField, fmtOff, f, "has no known texel block size")
	}
	if err := r.needAt("texel data", int64(dataOff), dataOff, size); err != nil {
		return nil, err
	}
	s, err := r.newSurface(d, ddsHeaderSize)
	if err != nil {
		return nil, err
	}
	// The file holds, for each layer (cube face), every mip level; the
	// surface holds, for each level, every layer.
	src := b[dataOff:]
	layerOf := func(l int) uint64 {
		return levelBytes(surface.Desc{Kind: d.Kind, Format: d.Format, Width: d.Width, Height: d.Height, Depth: d.Depth, Layers: 1}, l)
	}
	for layer := 0; layer < d.Layers; layer++ {
		for l := 0; l < d.Levels; l++ {
			n := layerOf(l)
			dst := s.Data[uint64(s.LevelOffset(l))+uint64(layer)*n:][:n]
			copy(dst, src[:n])
			src = src[n:]
		}
	}
	if opaque {
		setOpaque(s)
	}
	return &File{Surface: s, Header: header}, nil
}

// setOpaque sets the alpha byte of every texel of an 8-bit RGBA or BGRA
// surface to 255.
func setOpaque(s *surface.Surface) {
	for i := 3; i < len(s.Data); i += 4 {
		s.Data[i] = 0xff
	}
}

func fourCCText(v uint32) string {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], v)
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			return fmt.Sprintf("%#x", v)
		}
	}
	return fmt.Sprintf("%q", b[:])
}
