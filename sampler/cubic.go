package sampler

import (
	"fmt"

	"github.com/texunit/texunit/surface"
)

// Cubic filtering: VK_EXT_filter_cubic (Vulkan "Texel Cubic Filtering")
// with the weights of VK_QCOM_filter_cubic_weights.
//
// Within a level the footprint is 4 texels per axis:
//
//	i0 = ⌊u − ½⌋ − 1, i1 = i0 + 1, i2 = i0 + 2, i3 = i0 + 3,  α = frac(u − ½)
//
// (and j, β from v; k, γ from w on 3D views). The specification writes
// i0 = ⌊u − 3/2⌋; we split u − ½ once, as linear filtering does, so that
// i0 and α come from one rounding of one value and the two can never
// disagree: ⌊u − ½⌋ − 1 = ⌊u − 3/2⌋ in exact arithmetic. In hardware
// precision u − ½ is quantized to SubtexelBits fraction bits first, as for
// linear filtering, so α is a multiple of 2^−SubtexelBits; the weights
// are then computed from that α in binary32 as below and not quantized
// further (linear's 1 − α and α need no rounding at all; hardware that
// also rounds its cubic weights would differ by their last bits).
//
// Each axis's four weights are [w0 w1 w2 w3] = (1/d)·[1 α α² α³]·M for the
// selected weights' matrix M and denominator d (cubicMatrices). They are
// computed in binary32 by Horner's rule, one rounding per operation and no
// fused multiply-add:
//
//	t = M3c;  t = float32(α·t) + M2c;  t = float32(α·t) + M1c;  t = float32(α·t) + M0c;  w_c = t / d
//
// The texels are combined as linear filtering combines its four (or
// eight): k outer, then j, then i, each texel weighing (w_i·w_j)·w_k, and
// the weighted average accumulated as acc += float32(w·τ) per channel in
// that order; min and max reduction take the component-wise minimum or
// maximum over the texels of non-zero weight (filterCubicMinmax), which for
// Catmull-Rom at α = 0 is the single texel i1. The range clamp
// (VK_QCOM_filter_cubic_clamp, ReductionRangeClamp) computes both and
// returns min(max(average, minimum), maximum) per component, with
// IEEE 754 minNum/maxNum (a NaN average becomes the minimum, as NaN loses
// to a number; NaN texels lose in the minimum and maximum as in min and
// max reduction). Every texel of the footprint is read, zero weight or not
// (residency, traces). Levels then combine as for the other filters
// ((1 − δ)·τ_hi + δ·τ_lo, or min/max).
//
// Which requests may filter with Cubic (validateCubic, checkCubic):
//   - not with anisotropy (VUID-VkSamplerCreateInfo-magFilter-01081);
//   - not with a depth compare, and not on depth formats:
//     FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_CUBIC is a per-format capability
//     that drivers commonly expose for colour formats only (lavapipe has
//     no cubic filtering at all), and no implementation we can compare
//     with weighs compare results cubically;
//   - not on integer formats (no format feature for them either);
//   - on 1D, 1D-array, 2D, 2D-array and 3D views (the specification's 4,
//     16 and 64 texels), and on cube and cube-array views without seamless
//     filtering (VK_EXT_non_seamless_cube_map, State.NonSeamless), where
//     each face is filtered as a 2D image with the sampler's wrap modes.
//     Seamless cube filtering is refused: the cube views' filterCubic
//     capability is optional, and a 4×4 footprint reaches two texels
//     across a face edge, where the specification's corner rule for cubic
//     filtering ("the twelve available samples") is left to the
//     implementation.
//
// Gathers ignore the filter and the LOD query does not filter, so neither
// is affected by a cubic sampler. Unnormalized coordinates are allowed:
// no VUID forbids them with cubic filtering (mag and min must be equal, as
// for the others).

// CubicWeights selects the weights of cubic filtering
// (VkCubicFilterWeightsQCOM); CubicCatmullRom, the zero value, is
// VK_EXT_filter_cubic's.
type CubicWeights uint8

// Cubic weights, in VkCubicFilterWeightsQCOM's order.
const (
	CubicCatmullRom CubicWeights = iota
	// CubicZeroTangentCardinal is the specification's "Zero Tangent
	// Cardinal" matrix with its last entry read as 2 rather than the
	// printed 1: as printed the weights sum to 1 − α³/2, so a constant
	// texture would not filter to its constant (Vulkan-Docs issue 2701,
	// open when this was written, proposes the same correction). With it
	// the rows are those of a cardinal spline of tangent p(i+1) − p(i−1).
	CubicZeroTangentCardinal
	CubicBSpline
	CubicMitchellNetravali
)

// cubicMatrix is a weights matrix M (rows: the powers α⁰ … α³; columns:
// the texels i0 … i3) and its denominator d.
type cubicMatrix struct {
	m [4][4]float32
	d float32
}

// cubicMatrices are the specification's matrices (Vulkan "Texel Cubic
// Filtering"), by CubicWeights.
var cubicMatrices = [...]cubicMatrix{
	CubicCatmullRom: {m: [4][4]float32{
		{0, 2, 0, 0},
		{-1, 0, 1, 0},
		{2, -5, 4, -1},
		{-1, 3, -3, 1}}, d: 2},
	CubicZeroTangentCardinal: {m: [4][4]float32{
		{0, 2, 0, 0},
		{-2, 0, 2, 0},
		{4, -4, 2, -2},
		{-2, 2, -2, 2}}, d: 2},
	CubicBSpline: {m: [4][4]float32{
		{1, 4, 1, 0},
		{-3, 0, 3, 0},
		{3, -6, 3, 0},
		{-1, 3, -3, 1}}, d: 6},
	CubicMitchellNetravali: {m: [4][4]float32{
		{1, 16, 1, 0},
		{-9, 0, 9, 0},
		{15, -36, 27, -6},
		{-7, 21, -21, 7}}, d: 18},
}

// cubicWeights returns the four weights of one axis at fraction a.
func cubicWeights(kind CubicWeights, a float32) (w [4]float32) {
	cm := &cubicMatrices[kind]
	for c := range w {
		t := cm.m[3][c]
		t = float32(a*t) + cm.m[2][c]
		t = float32(a*t) + cm.m[1][c]
		t = float32(a*t) + cm.m[0][c]
		w[c] = t / cm.d
	}
	return w
}

// usesCubic reports whether either filter of the state is Cubic.
func (s *State) usesCubic() bool { return s.MagFilter == Cubic || s.MinFilter == Cubic }

// cubicField names the state field that selects cubic filtering.
func (s *State) cubicField() string {
	if s.MagFilter == Cubic {
		return "sampler.mag"
	}
	return "sampler.min"
}

// validateCubic is Validate's part for cubic filtering: the weights, and
// the rules on the state alone.
func (s *State) validateCubic() error {
	if s.CubicWeights > CubicMitchellNetravali {
		return fmt.Errorf("sampler.cubic_weights: invalid cubic weights %d", s.CubicWeights)
	}
	if s.Reduction == ReductionRangeClamp && (s.MagFilter != Cubic || s.MinFilter != Cubic) {
		// VUID-vkCmdDraw-reductionMode-09213: the range clamp samples
		// with the cubic filter only.
		return fmt.Errorf("sampler.reduction: %s needs cubic mag and min filters (have mag %s, min %s)", s.Reduction, s.MagFilter, s.MinFilter)
	}
	if !s.usesCubic() {
		return nil
	}
	if s.MaxAnisotropy > 1 {
		// VUID-VkSamplerCreateInfo-magFilter-01081.
		return fmt.Errorf("sampler.max_anisotropy: anisotropy %v is not allowed with cubic filtering (%s cubic)", s.MaxAnisotropy, s.cubicField())
	}
	return nil
}

// cubicSampling reports whether the request filters with a cubic filter:
// a sampling operation with a state whose mag or min filter is Cubic.
// The specialised path and the lane loop decline such requests (setupFast).
func (x *exec) cubicSampling() bool {
	return x.op.Kind() == KindSample && x.st.usesCubic()
}

// checkCubic is checkOpState's part for cubic filtering: which views,
// formats and operations a cubic filter may sample.
func (x *exec) checkCubic(op Op) error {
	if op.Kind() != KindSample || !x.st.usesCubic() {
		return nil
	}
	field := x.st.cubicField()
	switch x.kind {
	case surface.Kind1D, surface.Kind1DArray, surface.Kind2D, surface.Kind2DArray, surface.Kind3D:
	case surface.KindCube, surface.KindCubeArray:
		if x.seamless {
			return reqErr("%s: cubic filtering of %s surfaces needs sampler.seamless_cube false (seamless cube filtering is not supported with cubic)", field, x.kind)
		}
	default:
		return reqErr("%s: cubic filtering of %s surfaces is not supported (1d, 1d_array, 2d, 2d_array, 3d, and cube views without seamless filtering)", field, x.kind)
	}
	switch {
	case x.intFmt:
		return reqErr("%s: cubic filtering of the integer format %s is not allowed", field, x.surf.Format)
	case x.finfo.Depth:
		return reqErr("%s: cubic filtering of the depth format %s is not allowed (no FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_CUBIC)", field, x.surf.Format)
	case op.Compare():
		return reqErr("%s: cubic filtering is not allowed with a depth compare (%s)", field, op)
	}
	return nil
}

// filterCubic filters relative level l with the cubic filter: the 4, 16
// or 64 texels around the point with the state's weights, combined by the
// reduction mode.
func (x *exec) filterCubic(l int32, p *point, off [3]int32, ref float32) [4]float32 {
	abs, size := x.levelGeom(l)
	var i0 [3]int32
	w := [3][4]float32{{1}, {1}, {1}} // an axis the view lacks: one tap of weight 1
	n := [3]int32{1, 1, 1}
	for c := 0; c < x.dims; c++ {
		u := x.texelCoord(p.s[c], size[c], off[c]) - 0.5
		i, a := x.split(u)
		i0[c] = i - 1
		w[c] = cubicWeights(x.st.CubicWeights, a)
		n[c] = 4
	}
	// Each axis's four texels wrapped once per footprint, rather than once
	// per texel as texel does: the same wrapping operation, the same border
	// texels (cubic never filters a seamless cube, texel's other case).
	var wi [3][4]int32
	var border [3][4]bool
	for c := 0; c < x.dims; c++ {
		for d := range 4 {
			wi[c][d], border[c][d] = wrap(i0[c]+int32(d), size[c], x.st.Address[c])
		}
	}
	red := x.st.Reduction
	var acc, lo, hi [4]float32 // the weighted average, and the range clamp's bounds
	first := true
	var outer float64 // tracing: the weight of the whole footprint
	if x.tr != nil {
		outer = x.tr.w
	}
	// Sum order: k outer, then j, then i; weight = (w_i·w_j)·w_k.
	for dk := int32(0); dk < n[2]; dk++ {
		wk := w[2][dk]
		for dj := int32(0); dj < n[1]; dj++ {
			wj := w[1][dj]
			for di := int32(0); di < n[0]; di++ {
				wt := float32(w[0][di] * wj)
				wt = float32(wt * wk)
				if x.tr != nil {
					x.tr.w = outer * float64(wt)
				}
				var t [4]float32
				if border[0][di] || border[1][dj] || border[2][dk] {
					if x.tr != nil {
						x.tr.addBorder(abs, p.layer, [3]int32{i0[0] + di, i0[1] + dj, i0[2] + dk})
					}
					t = x.compared(x.border, ref)
				} else {
					t = x.read(abs, wi[0][di], wi[1][dj], wi[2][dk], p.layer, ref)
				}
				switch red {
				case ReductionWeightedAverage:
					for c := range acc {
						acc[c] += float32(wt * t[c])
					}
				case ReductionRangeClamp:
					for c := range acc {
						acc[c] += float32(wt * t[c])
					}
					if wt == 0 {
						continue
					}
					if first {
						lo, hi, first = t, t, false
					} else {
						lo, hi = min4(lo, t), max4(hi, t)
					}
				default:
					if wt == 0 {
						continue
					}
					acc, first = minMax(acc, t, first, red), false
				}
			}
		}
	}
	if x.tr != nil {
		x.tr.w = outer
	}
	if red == ReductionRangeClamp {
		acc = min4(max4(acc, lo), hi)
	}
	return acc
}
