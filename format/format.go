package format

import (
	"errors"
	"fmt"
	"strings"
)

// Format identifies a texel format. The zero value is Undefined.
type Format uint16

// The texel formats. Each is the Vulkan format of the same name
// (VK_FORMAT_R8_UNORM is R8Unorm, and so on).
const (
	Undefined          Format = iota // no format; Valid reports false
	R8Unorm                          // one 8-bit unsigned normalized component
	R8G8Unorm                        // two 8-bit unsigned normalized components
	R8G8B8A8Unorm                    // four 8-bit unsigned normalized components
	R8G8B8A8Srgb                     // four 8-bit components, RGB sRGB-encoded, A unsigned normalized
	R8G8B8A8Snorm                    // four 8-bit signed normalized components
	B8G8R8A8Unorm                    // four 8-bit unsigned normalized components stored B, G, R, A
	B8G8R8A8Srgb                     // as B8G8R8A8Unorm with B, G, R sRGB-encoded
	R8G8B8A8Uint                     // four 8-bit unsigned integer components
	R8G8B8A8Sint                     // four 8-bit signed integer components
	R16Sfloat                        // one IEEE binary16 component
	R16G16B16A16Sfloat               // four IEEE binary16 components
	R32Sfloat                        // one IEEE binary32 component
	R32G32B32A32Sfloat               // four IEEE binary32 components
	R32Uint                          // one 32-bit unsigned integer component
	D16Unorm                         // 16-bit unsigned normalized depth
	D32Sfloat                        // IEEE binary32 depth

	numFormats // number of Format values including Undefined
)

// Numeric is the numeric type of a format's components, the suffix of its
// Vulkan name.
type Numeric uint8

// The numeric types.
const (
	NumericUnorm  Numeric = iota // unsigned normalized: c/(2^b−1)
	NumericSnorm                 // signed normalized: max(c/(2^(b−1)−1), −1)
	NumericSrgb                  // sRGB-encoded unsigned normalized colour, linear alpha
	NumericUint                  // unsigned integer
	NumericSint                  // signed (two's complement) integer
	NumericSfloat                // IEEE 754 floating point
)

var numericNames = [...]string{"unorm", "snorm", "srgb", "uint", "sint", "sfloat"}

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
	ClassFloat Class = iota // float results (unorm, snorm, srgb, sfloat, depth)
	ClassUint               // unsigned integer results, carried as float32 bits
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
	// Bytes is the size of one texel in bytes.
	Bytes int
	// Components is the number of stored components (1 for depth formats).
	Components int
	// ElementBytes is the size of one data element: one element per component
	// (1 for 8-bit, 2 for 16-bit, 4 for 32-bit components), or for depth
	// formats one element per texel (2 for d16_unorm, 4 for d32_sfloat).
	ElementBytes int
	// Numeric is the numeric type of the components.
	Numeric Numeric
	// Class is what sampling returns.
	Class Class
	// Depth reports a depth format.
	Depth bool
	// BGRA reports that the components are stored in memory in the order
	// B, G, R, A.
	BGRA bool
}

var infos = [numFormats]Info{
	Undefined:          {Name: "undefined"},
	R8Unorm:            {Name: "r8_unorm", Bytes: 1, Components: 1, ElementBytes: 1, Numeric: NumericUnorm},
	R8G8Unorm:          {Name: "r8g8_unorm", Bytes: 2, Components: 2, ElementBytes: 1, Numeric: NumericUnorm},
	R8G8B8A8Unorm:      {Name: "r8g8b8a8_unorm", Bytes: 4, Components: 4, ElementBytes: 1, Numeric: NumericUnorm},
	R8G8B8A8Srgb:       {Name: "r8g8b8a8_srgb", Bytes: 4, Components: 4, ElementBytes: 1, Numeric: NumericSrgb},
	R8G8B8A8Snorm:      {Name: "r8g8b8a8_snorm", Bytes: 4, Components: 4, ElementBytes: 1, Numeric: NumericSnorm},
	B8G8R8A8Unorm:      {Name: "b8g8r8a8_unorm", Bytes: 4, Components: 4, ElementBytes: 1, Numeric: NumericUnorm, BGRA: true},
	B8G8R8A8Srgb:       {Name: "b8g8r8a8_srgb", Bytes: 4, Components: 4, ElementBytes: 1, Numeric: NumericSrgb, BGRA: true},
	R8G8B8A8Uint:       {Name: "r8g8b8a8_uint", Bytes: 4, Components: 4, ElementBytes: 1, Numeric: NumericUint, Class: ClassUint},
	R8G8B8A8Sint:       {Name: "r8g8b8a8_sint", Bytes: 4, Components: 4, ElementBytes: 1, Numeric: NumericSint, Class: ClassSint},
	R16Sfloat:          {Name: "r16_sfloat", Bytes: 2, Components: 1, ElementBytes: 2, Numeric: NumericSfloat},
	R16G16B16A16Sfloat: {Name: "r16g16b16a16_sfloat", Bytes: 8, Components: 4, ElementBytes: 2, Numeric: NumericSfloat},
	R32Sfloat:          {Name: "r32_sfloat", Bytes: 4, Components: 1, ElementBytes: 4, Numeric: NumericSfloat},
	R32G32B32A32Sfloat: {Name: "r32g32b32a32_sfloat", Bytes: 16, Components: 4, ElementBytes: 4, Numeric: NumericSfloat},
	R32Uint:            {Name: "r32_uint", Bytes: 4, Components: 1, ElementBytes: 4, Numeric: NumericUint, Class: ClassUint},
	D16Unorm:           {Name: "d16_unorm", Bytes: 2, Components: 1, ElementBytes: 2, Numeric: NumericUnorm, Depth: true},
	D32Sfloat:          {Name: "d32_sfloat", Bytes: 4, Components: 1, ElementBytes: 4, Numeric: NumericSfloat, Depth: true},
}

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
		return infos[f].Name
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
// names the value and lists the valid names.
func Parse(name string) (Format, error) {
	for f := Undefined + 1; f < numFormats; f++ {
		if strings.EqualFold(name, infos[f].Name) {
			return f, nil
		}
	}
	names := make([]string, 0, numFormats-1)
	for f := Undefined + 1; f < numFormats; f++ {
		names = append(names, infos[f].Name)
	}
	return Undefined, fmt.Errorf("format: %w %q (valid: %s)", ErrUnknown, name, strings.Join(names, ", "))
}
