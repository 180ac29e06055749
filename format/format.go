package format

import (
	"errors"
	"fmt"
	"strings"
)

// Format identifies a texel format. The zero value is Undefined. The
// constants are in formats_gen.go.
type Format uint16

// Numeric is the numeric type of a format's components, the suffix of its
// Vulkan name.
type Numeric uint8

// The numeric types.
const (
	NumericUnorm   Numeric = iota // unsigned normalized: c/(2^b−1)
	NumericSnorm                  // signed normalized: max(c/(2^(b−1)−1), −1)
	NumericSrgb                   // sRGB-encoded unsigned normalized colour, linear alpha
	NumericUint                   // unsigned integer
	NumericSint                   // signed (two's complement) integer
	NumericSfloat                 // IEEE 754 floating point
	NumericUscaled                // unsigned integer converted to float: c
	NumericSscaled                // signed integer converted to float: c
	NumericUfloat                 // unsigned floating point (11-, 10-bit, shared exponent, BC6H)
)

var numericNames = [...]string{"unorm", "snorm", "srgb", "uint", "sint", "sfloat", "uscaled", "sscaled", "ufloat"}

// String returns the lower-case Vulkan suffix ("unorm", "sfloat", …).
func (n Numeric) String() string {
	if int(n) < len(numericNames) {
		return numericNames[n]
	}
	return fmt.Sprintf("invalid(%d)", uint8(n))
}

// Class is what texel input operations return for a format: floats, or
// unsigned or signed integers (the GLSL sampler, usampler and isampler types).
type Class uint8

// The sampling result classes.
const (
	ClassFloat Class = iota // float results (unorm, snorm, srgb, scaled, sfloat, ufloat, depth)
	ClassUint               // unsigned integer results (uint, stencil), carried as float32 bits
	ClassSint               // signed integer results, carried as float32 bits
)

var classNames = [...]string{"float", "uint", "sint"}

// String returns "float", "uint" or "sint".
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return fmt.Sprintf("invalid(%d)", uint8(c))
}

// Info describes a format. Values returned by Format.Info point into a static
// table and must not be modified.
type Info struct {
	// Name is the format's name as returned by Format.String; "undefined" for
	// Undefined and invalid formats.
	Name string
	// Bytes is the size of one texel block in bytes: one texel for
	// uncompressed formats, one BlockWidth×BlockHeight×BlockDepth block for
	// block-compressed formats.
	Bytes int
	// Components is the number of stored components: colour channels (the
	// shared exponent of e5b9g9r9_ufloat_pack32 and unused x bits are not
	// components), 1 for depth or stencil formats and 2 for depth/stencil
	// formats.
	Components int
	// ElementBytes is the size of one data element, the unit of the hash
	// generator (surface.FillHash): one element per component (1 for 8-bit,
	// 2 for 16-bit, 4 for 32-bit components); for packed, depth and stencil
	// formats one element per texel (the texel's Bytes); for block-compressed
	// formats one element per byte (1).
	ElementBytes int
	// Numeric is the numeric type of the components (of the depth component
	// for depth/stencil formats).
	Numeric Numeric
	// Class is what sampling returns (through the default aspect for
	// depth/stencil formats: depth, float).
	Class Class
	// Depth reports a format with a depth component.
	Depth bool
	// Stencil reports a format with a stencil component.
	Stencil bool
	// BGRA reports that the components are stored in memory in the order
	// B, G, R(, A): the b8g8r8 and b8g8r8a8 array formats.
	BGRA bool
	// Packed is the size in bits of the word a packed format's components
	// share (8, 16 or 32: the _packN suffix, and x8_d24_unorm_pack32 and
	// d24_unorm_s8_uint, which are stored as one little-endian 32-bit word);
	// 0 for other formats.
	Packed int
	// Bits holds the width in bits of the R, G, B and A components; 0 for a
	// component the format does not store, and for depth, stencil and
	// block-compressed formats.
	Bits [4]int
	// Compressed reports a block-compressed format.
	Compressed bool
	// BlockWidth, BlockHeight and BlockDepth are the size in texels of a
	// texel block: 1, 1 and 1 for uncompressed formats. BlockDepth is more
	// than 1 only for the 3D ASTC formats (astc_3x3x3_unorm_block …
	// astc_6x6x6_sfloat_block), which only 3D surfaces may use; the
	// single-plane 4:2:2 YCbCr formats have 2×1×1 blocks.
	BlockWidth, BlockHeight, BlockDepth int
	// YCbCr reports a format of Vulkan's "Formats Requiring Sampler Y′CBCR
	// Conversion" table: the multi-planar formats (ycbcr.go). Sampling one
	// as a whole takes a sampler Y′CbCr conversion; a view of one plane
	// reads the plane's own format.
	YCbCr bool
	// PlaneCount is the number of planes of a multi-planar format (2 or
	// 3), 0 for single-plane formats; Planes[:PlaneCount] describes them,
	// in plane order (VK_IMAGE_ASPECT_PLANE_0_BIT first). For these formats
	// Bytes, ElementBytes and Decode describe one texel gathered from its
	// planes: G, B, R in that order (see parsePlanar).
	PlaneCount int
	Planes     [3]Plane
	// ChromaDivisor is the factor by which the chroma components (B and
	// R) are subsampled in x and y: 2, 2 for the _420 formats, 2, 1 for
	// _422 and 1, 1 for every other format.
	ChromaDivisor [2]int
}

var infos [numFormats]Info

// ErrUnknown is wrapped by the error Parse returns for a name that is not a
// format.
var ErrUnknown = errors.New("unknown format")

// Info returns the description of f. The result points into a static table
// and must not be modified. Undefined and invalid formats return an Info whose
// Name is "undefined" and whose other fields are zero.
func (f Format) Info() *Info {
	if f < numFormats {
		return &infos[f]
	}
	return &infos[Undefined]
}

// Valid reports whether f is one of the defined formats (not Undefined).
func (f Format) Valid() bool { return f > Undefined && f < numFormats }

// Filterable reports whether f may be filtered linearly: false for the
// integer classes (uint, sint) and for invalid formats, true otherwise.
func (f Format) Filterable() bool { return f.Valid() && infos[f].Class == ClassFloat }

// String returns the format's name: Vulkan's without the VK_FORMAT_ prefix,
// in lower case ("r8g8b8a8_unorm"). Undefined is "undefined"; values outside
// the enumeration print as "invalid(N)".
func (f Format) String() string {
	if f < numFormats {
		return formatNames[f]
	}
	return fmt.Sprintf("invalid(%d)", uint16(f))
}

// All returns every defined format (Undefined excluded) in enumeration order.
// The caller owns the returned slice.
func All() []Format {
	all := make([]Format, 0, numFormats-1)
	for f := Undefined + 1; f < numFormats; f++ {
		all = append(all, f)
	}
	return all
}

// Parse returns the format with the given name (as printed by String). Case
// is ignored, so Vulkan's upper-case spelling "R8G8B8A8_UNORM" is accepted.
// "undefined" is not a format that can be parsed. The error wraps ErrUnknown,
// names the value and suggests the nearest names (Hint).
func Parse(name string) (Format, error) {
	for f := Undefined + 1; f < numFormats; f++ {
		if strings.EqualFold(name, infos[f].Name) {
			return f, nil
		}
	}
	return Undefined, fmt.Errorf("format: %w %q (%s)", ErrUnknown, name, Hint(name))
}

// Hint is the help for a name Parse does not know: up to six valid names
// that share the longest prefix with it (case ignored), and where to find
// them all: "did you mean r8_unorm, r8g8_unorm? Vulkan's format names
// without VK_FORMAT_; "texunit formats" lists all 256".
func Hint(name string) string {
	name = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(name)), "vk_format_")
	var best []string
	bestLen := 0
	for f := Undefined + 1; f < numFormats; f++ {
		n := infos[f].Name
		k := 0
		for k < len(n) && k < len(name) && n[k] == name[k] {
			k++
		}
		switch {
		case k == 0:
		case k > bestLen:
			best, bestLen = []string{n}, k
		case k == bestLen && len(best) < 6:
			best = append(best, n)
		}
	}
	where := fmt.Sprintf("Vulkan's format names without VK_FORMAT_; \"texunit formats\" lists all %d", numFormats-1)
	if len(best) == 0 {
		return where
	}
	return "did you mean " + strings.Join(best, ", ") + "? " + where
}
