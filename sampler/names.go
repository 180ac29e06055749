package sampler

import (
	"fmt"
	"strings"
)

// The textual names used by the batch protocol and the command-line tool.
var (
	filterNames    = []string{"nearest", "linear", "cubic"}
	mipNames       = []string{"none", "nearest", "linear"}
	addressNames   = []string{"repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_border", "mirror_clamp_to_edge"}
	compareNames   = []string{"none", "never", "less", "equal", "less_or_equal", "greater", "not_equal", "greater_or_equal", "always"}
	reductionNames = []string{"weighted_average", "min", "max", "weighted_average_rangeclamp"}
	borderNames    = []string{"transparent_black", "opaque_black", "opaque_white", "custom"}
	anisoNames     = []string{"vulkan", "ewa", "footprint_assembly"}
	cubicNames     = []string{"catmull_rom", "zero_tangent_cardinal", "b_spline", "mitchell_netravali"}
)

func name(names []string, i uint8) string {
	if int(i) < len(names) {
		return names[i]
	}
	return fmt.Sprintf("invalid(%d)", i)
}

func parse(field string, names []string, s string) (uint8, error) {
	for i, n := range names {
		if n == s {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("%s: unknown value %q (want one of %s)", field, s, strings.Join(names, ", "))
}

func (f Filter) String() string       { return name(filterNames, uint8(f)) }
func (m MipFilter) String() string    { return name(mipNames, uint8(m)) }
func (a AddressMode) String() string  { return name(addressNames, uint8(a)) }
func (c CompareOp) String() string    { return name(compareNames, uint8(c)) }
func (r Reduction) String() string    { return name(reductionNames, uint8(r)) }
func (b BorderPreset) String() string { return name(borderNames, uint8(b)) }
func (a AnisoMethod) String() string  { return name(anisoNames, uint8(a)) }

// ParseAnisoMethod parses "vulkan", "ewa" or "footprint_assembly".
func ParseAnisoMethod(s string) (AnisoMethod, error) {
	v, err := parse("anisotropy", anisoNames, s)
	return AnisoMethod(v), err
}
func (w CubicWeights) String() string { return name(cubicNames, uint8(w)) }

// ParseFilter parses "nearest", "linear" or "cubic".
func ParseFilter(s string) (Filter, error) {
	v, err := parse("filter", filterNames, s)
	return Filter(v), err
}

// ParseCubicWeights parses "catmull_rom", "zero_tangent_cardinal",
// "b_spline" or "mitchell_netravali".
func ParseCubicWeights(s string) (CubicWeights, error) {
	v, err := parse("cubic weights", cubicNames, s)
	return CubicWeights(v), err
}

// ParseMipFilter parses "none", "nearest" or "linear".
func ParseMipFilter(s string) (MipFilter, error) {
	v, err := parse("mip filter", mipNames, s)
	return MipFilter(v), err
}

// ParseAddressMode parses an address mode name such as "clamp_to_edge".
func ParseAddressMode(s string) (AddressMode, error) {
	v, err := parse("address mode", addressNames, s)
	return AddressMode(v), err
}

// ParseCompareOp parses a compare function name such as "less_or_equal".
func ParseCompareOp(s string) (CompareOp, error) {
	v, err := parse("compare op", compareNames, s)
	return CompareOp(v), err
}

// ParseReduction parses "weighted_average", "min", "max" or
// "weighted_average_rangeclamp".
func ParseReduction(s string) (Reduction, error) {
	v, err := parse("reduction", reductionNames, s)
	return Reduction(v), err
}

// ParseBorderPreset parses "transparent_black", "opaque_black" or "opaque_white".
func ParseBorderPreset(s string) (BorderPreset, error) {
	v, err := parse("border", borderNames[:3], s)
	return BorderPreset(v), err
}
