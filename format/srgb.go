package format

//go:generate go run gen_srgb.go

import "math"

// SRGBToLinear converts an 8-bit sRGB-encoded colour component to linear, as
// in the Vulkan specification's "sRGB to Linear Conversion": with v = c/255,
// the result is v/12.92 for v ≤ 0.04045 and ((v+0.055)/1.055)^2.4 otherwise,
// evaluated in float64 and rounded once to float32 (a table lookup).
func SRGBToLinear(c uint8) float32 {
	return math.Float32frombits(srgbToLinear[c])
}

// LinearToSRGB applies the sRGB OETF, the inverse of the transfer function
// that SRGBToLinear applies: 12.92·v for v ≤ 0.0031308 and
// 1.055·v^(1/2.4) − 0.055 otherwise, in float64. It does not clamp: callers
// that need an encodable value clamp v to [0, 1] first (Format.Encode does).
// NaN gives NaN.
func LinearToSRGB(v float64) float64 {
	if v <= 0.0031308 {
		return v * 12.92
	}
	return 1.055*math.Pow(v, 1/2.4) - 0.055
}
