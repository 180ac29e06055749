package format

import (
	"math"
	"strconv"
	"strings"
)

// BlockDecodeFunc decodes one texel block of a block-compressed format.
// block holds the block's Bytes bytes; dst receives its BlockWidth ×
// BlockHeight × BlockDepth texels in row-major order (dst[(z·BlockHeight +
// y)·BlockWidth + x]; z is 0 except for the 3D ASTC formats) as R, G, B, A
// floats: linear values for sRGB formats, and components the format does not
// store set to G = B = 0, A = 1. len(dst) must be at least
// BlockWidth·BlockHeight·BlockDepth.
//
// A block the format's decoder rejects (a reserved BC6H or BC7 mode, an
// illegal ASTC encoding, or an ASTC block with HDR endpoints in a UNORM or
// SRGB format) decodes to the format's error colour, listed in
// docs/FORMATS.md: ASTC's is magenta (1, 0, 1, 1) as the ASTC specification
// requires, in every ASTC format; the BC formats' is zero in every component.
type BlockDecodeFunc func(block []byte, dst [][4]float32)

// shape is the block shape and sampling description of a compressed format.
type shape struct {
	w, h, d int // block size in texels (d 1 for 2D blocks)
	bytes   int
	comps   int
	num     Numeric
}

// compressedShape describes the block-compressed format with the given name,
// or reports false for an uncompressed name.
func compressedShape(name string) (shape, bool) {
	if !strings.HasSuffix(name, "_block") {
		return shape{}, false
	}
	parts := strings.Split(name, "_") // e.g. bc1 rgb unorm block, astc 4x4 srgb block
	num, err := parseNumeric(parts[len(parts)-2])
	if err != nil {
		return shape{}, false
	}
	s := shape{w: 4, h: 4, d: 1, bytes: 16, comps: 4, num: num}
	switch parts[0] {
	case "bc1":
		s.bytes = 8
		if parts[1] == "rgb" {
			s.comps = 3
		}
	case "bc4":
		s.bytes, s.comps = 8, 1
	case "bc5":
		s.comps = 2
	case "bc6h":
		s.comps = 3
	case "etc2":
		switch parts[1] {
		case "r8g8b8":
			s.bytes, s.comps = 8, 3
		case "r8g8b8a1":
			s.bytes = 8
		}
	case "eac":
		if parts[1] == "r11" {
			s.bytes, s.comps = 8, 1
		} else {
			s.comps = 2
		}
	case "astc":
		whd := strings.Split(parts[1], "x") // "4x4" or "4x4x4"
		if len(whd) != 2 && len(whd) != 3 {
			return shape{}, false
		}
		s.w, _ = strconv.Atoi(whd[0])
		s.h, _ = strconv.Atoi(whd[1])
		if len(whd) == 3 {
			s.d, _ = strconv.Atoi(whd[2])
		}
	}
	return s, true
}

// blockDecoders holds the block decoder of each compressed format; nil for
// the others.
var blockDecoders [numFormats]BlockDecodeFunc

// BlockDecoder returns the block decoder of a block-compressed format, chosen
// once so that per-block work does not switch on the format; nil for
// uncompressed, Undefined and invalid formats.
func (f Format) BlockDecoder() BlockDecodeFunc {
	if f < numFormats {
		return blockDecoders[f]
	}
	return nil
}

// SRGBToLinearFloat applies the sRGB EOTF of Vulkan's "sRGB to Linear
// Conversion" to an encoded value v in [0, 1] (block decoders give sRGB
// components as such values): v/12.92 for v ≤ 0.04045 and
// ((v+0.055)/1.055)^2.4 otherwise, in float64, rounded once to float32. A v
// that is the float32 nearest to c/255 for an 8-bit code c gives exactly
// SRGBToLinear(c), so 8-bit sRGB data decodes alike whether it is compressed
// or not. NaN stays NaN; values outside [0, 1] are clamped to it first.
func SRGBToLinearFloat(v float32) float32 {
	if v != v {
		return v
	}
	v = min(max(v, 0), 1)
	c := math.RoundToEven(float64(v) * 255)
	if unorm8[int(c)] == v {
		return math.Float32frombits(srgbToLinear[int(c)])
	}
	x := float64(v)
	if x <= 0.04045 {
		return float32(x / 12.92)
	}
	return float32(math.Pow((x+0.055)/1.055, 2.4))
}

// finishBlock applies what every block decoder's output needs: the sRGB EOTF
// to R, G, B of sRGB formats, and component substitution (G = B = 0, A = 1)
// for the components the format does not store.
func finishBlock(in *Info, dst [][4]float32) {
	n := min(len(dst), in.BlockWidth*in.BlockHeight*in.BlockDepth)
	if in.Numeric == NumericSrgb {
		for i := range n {
			for c := range 3 {
				dst[i][c] = SRGBToLinearFloat(dst[i][c])
			}
		}
	}
	if in.Components < 4 {
		for i := range n {
			for c := in.Components; c < 3; c++ {
				dst[i][c] = 0
			}
			dst[i][3] = 1
		}
	}
}

// fillError writes the error colour of a format into a block's texels.
func fillError(in *Info, dst [][4]float32, errColour [4]float32) {
	n := min(len(dst), in.BlockWidth*in.BlockHeight*in.BlockDepth)
	for i := range n {
		dst[i] = errColour
	}
}

// initBlockDecoders fills blockDecoders from the decoder packages (wired in
// blocks.go).
func initBlockDecoders() {
	for f := Undefined + 1; f < numFormats; f++ {
		if infos[f].Compressed {
			blockDecoders[f] = wireBlockDecoder(f)
		}
	}
}
