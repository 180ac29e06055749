package sampler

import (
	"fmt"
	"github.com/texunit/texunit/format"
	"math"
)

// Filter is a filter within one mip level (Vulkan VkFilter).
type Filter uint8

// Filters. Cubic is VK_FILTER_CUBIC_EXT (VK_EXT_filter_cubic): a 4-texel
// (1D), 4×4 (2D) or 4×4×4 (3D) footprint weighted by the state's
// CubicWeights (cubic.go).
const (
	Nearest Filter = iota
	Linear
	Cubic
)

// MipFilter selects how mip levels are combined (Vulkan VkSamplerMipmapMode, plus "none").
type MipFilter uint8

// Mip filters. MipNone always reads the view's base level (the LOD is still
// computed, and still chooses between the magnification and minification filter).
const (
	MipNone MipFilter = iota
	MipNearest
	MipLinear
)

// AddressMode is the wrapping operation of one coordinate axis (Vulkan VkSamplerAddressMode).
type AddressMode uint8

// Address modes, as in the Vulkan specification's "Wrapping Operation".
const (
	WrapRepeat AddressMode = iota
	WrapMirroredRepeat
	WrapClampToEdge
	WrapClampToBorder
	WrapMirrorClampToEdge
)

// CompareOp is a depth compare function. CompareNone disables comparison.
// The reference D_ref is compared with the texel D_tex as "D_ref op D_tex".
type CompareOp uint8

// Compare functions.
const (
	CompareNone CompareOp = iota
	CompareNever
	CompareLess
	CompareEqual
	CompareLessOrEqual
	CompareGreater
	CompareNotEqual
	CompareGreaterOrEqual
	CompareAlways
)

// Reduction is the sampler reduction mode (Vulkan VkSamplerReductionMode).
type Reduction uint8

// Reduction modes. Min and Max take the component-wise minimum or maximum of
// the texels (and levels, and anisotropic probes) of non-zero weight.
// ReductionRangeClamp is VK_QCOM_filter_cubic_clamp's
// WEIGHTED_AVERAGE_RANGECLAMP: the cubic filter's weighted average clamped,
// per level and component, to the minimum and maximum of the texels of
// non-zero weight (levels then blend as for the weighted average); it
// needs cubic mag and min filters.
const (
	ReductionWeightedAverage Reduction = iota
	ReductionMin
	ReductionMax
	ReductionRangeClamp
)

// AnisoMethod is the anisotropic filter a sampler applies when
// MaxAnisotropy is above 1 (docs/ANISOTROPY.md has the formulas).
type AnisoMethod uint8

// Anisotropic filters.
//
// AnisoVulkan (the zero value) is the Vulkan specification's reference
// method: N = ⌈η⌉ probes at (−½ + k/(N+1))·∂ along the longer derivative,
// each filtered by the sampler's filters at λ = log2(ρmax/η), averaged.
//
// AnisoEWA is Heckbert's elliptical weighted average (Greene and Heckbert
// 1986, Heckbert 1989): the texels inside the ellipse that the pixel's
// unit circle maps to, weighted by a truncated Gaussian
// exp(−2r²) − exp(−2) of their elliptical radius r and normalized by the
// weights' sum, at the level where the minor semi-axis (widened to at
// least 1/MaxAnisotropy of the major) is one texel; the Gaussian replaces
// the magnification and minification filters, the mip filter applies.
//
// AnisoFootprintAssembly is the hardware-like footprint assembly of
// Schilling, Knittel and Strasser's Texram (1996): the footprint is the
// parallelogram the derivatives span, its width the parallelogram's
// height over the longer side (|det J|/ρmax, not the shorter side's
// length), N the power of two at or above η, and the N probes centred on N
// equal segments of the major axis, at (k + ½)/N − ½, averaged.
//
// Both new methods apply to the sampling operations and the LOD query on
// 2D and 2D-array views, footprint assembly also on cube and cube-array
// views (its probes, like Vulkan's, stay on the face the lane selects);
// other views are a request error when MaxAnisotropy is above 1. Gathers
// keep Vulkan's λ.
const (
	AnisoVulkan AnisoMethod = iota
	AnisoEWA
	AnisoFootprintAssembly
)

// BorderPreset names a standard border colour.
type BorderPreset uint8

// Border colours. BorderCustom uses State.BorderColor.
const (
	BorderTransparentBlack BorderPreset = iota
	BorderOpaqueBlack
	BorderOpaqueWhite
	BorderCustom
)

// MaxLodBias is maxSamplerLodBias: the sum of the sampler and instruction
// biases is clamped to ±MaxLodBias.
const MaxLodBias = 16

// State is a sampler state object: everything a sampler descriptor holds.
// Each field's zero value means off or the first of its options, so the
// zero State is valid: nearest filtering, no mipmapping (MipNone: level
// base only), repeat, transparent black border, no bias, anisotropy off
// (MaxAnisotropy 0 reads as 1), no compare, weighted average, and the LOD
// range [MinLod, MaxLod] = [0, 0]. That range clamps λ to 0, so the
// magnification filter applies everywhere: a state that minifies or
// mipmaps sets MaxLod (DefaultState sets 1000, Vulkan's usual
// VK_LOD_CLAMP_NONE stand-in, and nearest mipmapping).
type State struct {
	MagFilter     Filter
	MinFilter     Filter
	MipFilter     MipFilter
	Address       [3]AddressMode // u, v, w
	Border        BorderPreset
	BorderColor   [4]float64 // custom border colour (BorderCustom); integer formats read it as integers
	LodBias       float32
	MinLod        float32
	MaxLod        float32
	MaxAnisotropy float32 // 1 to 16; 0 and 1 are off
	Compare       CompareOp
	Reduction     Reduction
	Unnormalized  bool // unnormalized coordinates (Vulkan unnormalizedCoordinates)
	NonSeamless   bool // disable seamless cube filtering (VK_EXT_non_seamless_cube_map)
	// CompareColor allows the compare operations (sample_c …, gather4_c …)
	// on single-channel float and UNORM colour formats — r32_sfloat,
	// r16_sfloat, r16_unorm and r8_unorm — compared against their R
	// channel, as Direct3D allows comparison sampling of R32_FLOAT and
	// R16_UNORM views (and the vISA documents "against the red channel");
	// false keeps Vulkan's rule, depth formats only. The reference is
	// clamped to [0, 1] for the UNORM formats, as for UNORM depth.
	CompareColor bool
	// YCbCr is the sampler's Y′CbCr conversion (VkSamplerYcbcrConversion,
	// ycbcr.go); the zero value is none. Sampling a multi-planar format as
	// a whole needs one.
	YCbCr YCbCrConversion
	// Anisotropy is the anisotropic filter applied when MaxAnisotropy is
	// above 1: AnisoVulkan (the zero value), AnisoEWA or
	// AnisoFootprintAssembly.
	Anisotropy AnisoMethod
	// CubicWeights selects the weights of the Cubic filter
	// (VK_QCOM_filter_cubic_weights); the zero value is Catmull-Rom,
	// VK_EXT_filter_cubic's own. Other filters ignore it.
	CubicWeights CubicWeights
}

// CompareColorFormat reports whether f is one of the colour formats that
// State.CompareColor lets the compare operations read.
func CompareColorFormat(f format.Format) bool {
	switch f {
	case format.R32Sfloat, format.R16Sfloat, format.R16Unorm, format.R8Unorm:
		return true
	}
	return false
}

// DefaultState returns the state a new sampler has in the batch protocol:
// the zero State but for nearest mipmapping and the LOD range [0, 1000]
// (so that minification and the mip chain apply), with MaxAnisotropy 1.
func DefaultState() State {
	return State{MipFilter: MipNearest, MaxLod: 1000, MaxAnisotropy: 1}
}

// Validate checks the state on its own (format- and surface-independent rules).
func (s *State) Validate() error {
	if s.MagFilter > Cubic {
		return fmt.Errorf("sampler.mag: invalid filter %d", s.MagFilter)
	}
	if s.MinFilter > Cubic {
		return fmt.Errorf("sampler.min: invalid filter %d", s.MinFilter)
	}
	if err := s.validateCubic(); err != nil {
		return err
	}
	if s.MipFilter > MipLinear {
		return fmt.Errorf("sampler.mip: invalid mip filter %d", s.MipFilter)
	}
	for i, a := range s.Address {
		if a > WrapMirrorClampToEdge {
			return fmt.Errorf("sampler.address[%d]: invalid address mode %d", i, a)
		}
	}
	if s.Border > BorderCustom {
		return fmt.Errorf("sampler.border: invalid border preset %d", s.Border)
	}
	for i, c := range s.BorderColor {
		if math.IsNaN(c) {
			return fmt.Errorf("sampler.border[%d]: NaN is not a border colour", i)
		}
	}
	if !finite32(s.LodBias) {
		return fmt.Errorf("sampler.lod_bias: %v is not finite", s.LodBias)
	}
	if math.IsNaN(float64(s.MinLod)) {
		return fmt.Errorf("sampler.min_lod: NaN")
	}
	if math.IsNaN(float64(s.MaxLod)) {
		return fmt.Errorf("sampler.max_lod: NaN")
	}
	if s.MinLod > s.MaxLod {
		return fmt.Errorf("sampler.min_lod: %v is greater than max_lod %v", s.MinLod, s.MaxLod)
	}
	if !(s.MaxAnisotropy == 0 || s.MaxAnisotropy >= 1 && s.MaxAnisotropy <= 16) {
		return fmt.Errorf("sampler.max_anisotropy: %v is out of range (1..16)", s.MaxAnisotropy)
	}
	if s.Anisotropy > AnisoFootprintAssembly {
		return fmt.Errorf("sampler.anisotropy: invalid anisotropic filter %d", s.Anisotropy)
	}
	if s.Compare > CompareAlways {
		return fmt.Errorf("sampler.compare: invalid compare op %d", s.Compare)
	}
	if s.Reduction > ReductionRangeClamp {
		return fmt.Errorf("sampler.reduction: invalid reduction %d", s.Reduction)
	}
	if s.Reduction != ReductionWeightedAverage && s.Compare != CompareNone {
		return fmt.Errorf("sampler.reduction: %s cannot be combined with a depth compare", s.Reduction)
	}
	if err := s.YCbCr.Validate(); err != nil {
		return err
	}
	if s.Unnormalized {
		// Vulkan VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01072..01076.
		switch {
		case s.MagFilter != s.MinFilter:
			return fmt.Errorf("sampler.unnormalized: needs mag == min filter (mag %s, min %s)", s.MagFilter, s.MinFilter)
		case s.MipFilter == MipLinear:
			return fmt.Errorf("sampler.unnormalized: needs mip filter none or nearest, not %s", s.MipFilter)
		case s.MinLod != 0 || s.MaxLod != 0:
			return fmt.Errorf("sampler.unnormalized: needs min_lod = max_lod = 0 (have %v, %v)", s.MinLod, s.MaxLod)
		case s.MaxAnisotropy > 1:
			return fmt.Errorf("sampler.unnormalized: anisotropy %v is not allowed", s.MaxAnisotropy)
		case s.Compare != CompareNone:
			return fmt.Errorf("sampler.unnormalized: depth compare %s is not allowed", s.Compare)
		}
		for i := 0; i < 2; i++ {
			if a := s.Address[i]; a != WrapClampToEdge && a != WrapClampToBorder {
				return fmt.Errorf("sampler.address[%d]: %s is not allowed with unnormalized coordinates (clamp_to_edge or clamp_to_border)", i, a)
			}
		}
	}
	return nil
}

func finite32(f float32) bool { return !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) }
