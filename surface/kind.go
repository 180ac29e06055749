package surface

import (
	"fmt"
	"strings"
)

// Kind is the type of a texture resource as a shader sees it: the Vulkan
// image view type, with multisampled 2D images as kinds of their own.
type Kind uint8

// The surface kinds.
const (
	Kind1D        Kind = iota // one-dimensional
	Kind1DArray               // array of one-dimensional layers
	Kind2D                    // two-dimensional
	Kind2DArray               // array of two-dimensional layers
	Kind3D                    // three-dimensional
	KindCube                  // cube map: six square layers, the faces +X, −X, +Y, −Y, +Z, −Z
	KindCubeArray             // array of cube maps: 6·N layers
	Kind2DMS                  // two-dimensional multisampled
	Kind2DMSArray             // array of two-dimensional multisampled layers

	numKinds
)

var kindNames = [numKinds]string{"1d", "1d_array", "2d", "2d_array", "3d", "cube", "cube_array", "2d_ms", "2d_ms_array"}

// String returns the kind's name: "1d", "1d_array", "2d", "2d_array", "3d",
// "cube", "cube_array", "2d_ms" or "2d_ms_array"; "invalid(N)" otherwise.
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("invalid(%d)", uint8(k))
}

// ParseKind returns the kind with the given name (as printed by String, case
// ignored). The error is an *Error naming the value and listing the valid
// names.
func ParseKind(s string) (Kind, error) {
	for k, n := range kindNames {
		if strings.EqualFold(s, n) {
			return Kind(k), nil
		}
	}
	return 0, &Error{Field: "kind", Value: fmt.Sprintf("%q", s),
		Reason: "is not a kind (valid: " + strings.Join(kindNames[:], ", ") + ")"}
}

// Valid reports whether k is one of the defined kinds.
func (k Kind) Valid() bool { return k < numKinds }

// IsArray reports whether k has array layers addressed by a layer coordinate:
// 1d_array, 2d_array, cube_array and 2d_ms_array.
func (k Kind) IsArray() bool {
	return k == Kind1DArray || k == Kind2DArray || k == KindCubeArray || k == Kind2DMSArray
}

// IsCube reports whether k is cube or cube_array.
func (k Kind) IsCube() bool { return k == KindCube || k == KindCubeArray }

// IsMultisample reports whether k is 2d_ms or 2d_ms_array.
func (k Kind) IsMultisample() bool { return k == Kind2DMS || k == Kind2DMSArray }

// Dims returns the number of spatial coordinates of k, not counting the array
// layer: 1 for the 1D kinds, 3 for 3D and the cube kinds (a direction), 2
// otherwise.
func (k Kind) Dims() int {
	switch k {
	case Kind1D, Kind1DArray:
		return 1
	case Kind3D, KindCube, KindCubeArray:
		return 3
	}
	return 2
}
