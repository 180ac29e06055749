package format

import (
	"strings"

	"github.com/texunit/texunit/format/astc"
	"github.com/texunit/texunit/format/bc"
	"github.com/texunit/texunit/format/etc"
)

// bcFormats and etcFormats map the block-compressed formats to the decoder
// packages' constants. The sRGB formats use their UNORM twin's constant: the
// packages return encoded values and finishBlock applies the sRGB EOTF.
var (
	bcFormats = map[Format]bc.Format{
		BC1RGBUnormBlock: bc.BC1, BC1RGBSrgbBlock: bc.BC1,
		BC1RGBAUnormBlock: bc.BC1A, BC1RGBASrgbBlock: bc.BC1A,
		BC2UnormBlock: bc.BC2, BC2SrgbBlock: bc.BC2,
		BC3UnormBlock: bc.BC3, BC3SrgbBlock: bc.BC3,
		BC4UnormBlock: bc.BC4, BC4SnormBlock: bc.BC4S,
		BC5UnormBlock: bc.BC5, BC5SnormBlock: bc.BC5S,
		BC6HUfloatBlock: bc.BC6H, BC6HSfloatBlock: bc.BC6HS,
		BC7UnormBlock: bc.BC7, BC7SrgbBlock: bc.BC7,
	}
	etcFormats = map[Format]etc.Format{
		ETC2R8G8B8UnormBlock: etc.ETC2RGB8, ETC2R8G8B8SrgbBlock: etc.ETC2RGB8,
		ETC2R8G8B8A1UnormBlock: etc.ETC2RGB8A1, ETC2R8G8B8A1SrgbBlock: etc.ETC2RGB8A1,
		ETC2R8G8B8A8UnormBlock: etc.ETC2RGBA8, ETC2R8G8B8A8SrgbBlock: etc.ETC2RGBA8,
		EACR11UnormBlock: etc.EACR11, EACR11SnormBlock: etc.EACR11S,
		EACR11G11UnormBlock: etc.EACRG11, EACR11G11SnormBlock: etc.EACRG11S,
	}
)

// wireBlockDecoder returns the block decoder of compressed format f, built on
// the decoder packages format/bc, format/etc and format/astc.
func wireBlockDecoder(f Format) BlockDecodeFunc {
	in := &infos[f]
	if isASTC(in) {
		bw, bh, bd, mode := in.BlockWidth, in.BlockHeight, in.BlockDepth, astcMode(in)
		return func(block []byte, dst [][4]float32) {
			if astc.DecodeBlock(block, bw, bh, bd, mode, dst) != nil {
				fillError(in, dst, astcErrorColour)
				return
			}
			finishBlock(in, dst)
		}
	}
	if b, ok := bcFormats[f]; ok {
		return block4x4(in, func(block []byte, dst *[16][4]float32) error { return bc.Decode(b, block, dst) })
	}
	if e, ok := etcFormats[f]; ok {
		return block4x4(in, func(block []byte, dst *[16][4]float32) error { return etc.Decode(e, block, dst) })
	}
	panic("format: no block decoder for " + in.Name)
}

// wireTexelDecoder returns the DecodeFunc of compressed format f: the first
// texel of the block at src. It calls the package's decoder directly so that
// its block buffer stays on the stack.
func wireTexelDecoder(f Format) DecodeFunc {
	in := &infos[f]
	n := in.Bytes
	if isASTC(in) {
		bw, bh, bd, mode := in.BlockWidth, in.BlockHeight, in.BlockDepth, astcMode(in)
		return func(s []byte) [4]float32 {
			var buf [maxBlockTexels][4]float32
			if astc.DecodeBlock(s[:n], bw, bh, bd, mode, buf[:]) != nil {
				return astcErrorColour
			}
			finishBlock(in, buf[:1])
			return buf[0]
		}
	}
	if b, ok := bcFormats[f]; ok {
		return func(s []byte) [4]float32 {
			var buf [16][4]float32
			if bc.Decode(b, s[:n], &buf) != nil {
				return [4]float32{}
			}
			finishBlock(in, buf[:1])
			return buf[0]
		}
	}
	if e, ok := etcFormats[f]; ok {
		return func(s []byte) [4]float32 {
			var buf [16][4]float32
			if etc.Decode(e, s[:n], &buf) != nil {
				return [4]float32{}
			}
			finishBlock(in, buf[:1])
			return buf[0]
		}
	}
	panic("format: no texel decoder for " + in.Name)
}

// block4x4 adapts a decoder of 4×4 blocks. The packages fail only for a
// block of the wrong length, which BlockDecodeFunc's contract excludes; such
// a block decodes to zero.
func block4x4(in *Info, dec func([]byte, *[16][4]float32) error) BlockDecodeFunc {
	return func(block []byte, dst [][4]float32) {
		d := (*[16][4]float32)(dst[:16])
		if err := dec(block, d); err != nil {
			fillError(in, dst, [4]float32{})
			return
		}
		finishBlock(in, dst)
	}
}

// maxBlockTexels is the most texels a block holds (ASTC 6×6×6).
const maxBlockTexels = astc.MaxBlockTexels

// astcErrorColour is the ASTC error colour, magenta (ASTC specification,
// "Error handling"); astc.Decode writes it itself for illegal blocks, and a
// block of the wrong length (excluded by BlockDecodeFunc's contract) gets it
// too.
var astcErrorColour = [4]float32{1, 0, 1, 1}

func isASTC(in *Info) bool { return strings.HasPrefix(in.Name, "astc_") }

// astcMode is the ASTC operation mode of an ASTC format: sRGB for the _srgb
// formats, HDR (decode_float16, FP16 results) for the _sfloat formats of
// VK_EXT_texture_compression_astc_hdr and _astc_3d, linear LDR for _unorm.
func astcMode(in *Info) astc.Mode {
	switch in.Numeric {
	case NumericSrgb:
		return astc.SRGB
	case NumericSfloat:
		return astc.HDR
	}
	return astc.LDR
}
