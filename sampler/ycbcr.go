package sampler

import (
	"fmt"
	"math/big"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// YCbCrModel is the colour model conversion of a sampler Y′CbCr conversion
// (VkSamplerYcbcrModelConversion), with YCbCrNone, the zero value, for a
// sampler without one.
type YCbCrModel uint8

// The model conversions: the coefficients K_R and K_B of ITU-R BT.709,
// BT.601 and BT.2020 (the Khronos Data Format Specification's "Y′CBCR
// color model" equations), or none.
const (
	YCbCrNone        YCbCrModel = iota // no conversion: the sampler reads no YCbCr format as a whole
	YCbCrRGBIdentity                   // the values as they are: no range expansion, no model conversion
	YCbCrIdentity                      // range expansion only: (R, G, B) = (C′r, Y′, C′b)
	YCbCr709                           // BT.709: K_R = 0.2126, K_B = 0.0722
	YCbCr601                           // BT.601: K_R = 0.299, K_B = 0.114
	YCbCr2020                          // BT.2020: K_R = 0.2627, K_B = 0.0593
)

// YCbCrRange is the quantization range of the encoded values
// (VkSamplerYcbcrRange).
type YCbCrRange uint8

// The ranges.
const (
	RangeITUFull   YCbCrRange = iota // the whole range of codes: chroma centred at 2^(n−1)
	RangeITUNarrow                   // Y′ 16..235 and chroma 16..240, times 2^(n−8)
)

// ChromaLocation is where subsampled chroma samples lie relative to the
// luma samples (VkChromaLocation).
type ChromaLocation uint8

// The chroma locations.
const (
	ChromaCositedEven ChromaLocation = iota // on the luma samples of even coordinate
	ChromaMidpoint                          // half way between an even luma sample and the next
)

// YCbCrConversion is a sampler Y′CbCr conversion
// (VkSamplerYcbcrConversionCreateInfo without its format, which is the
// view's). The zero value, Model YCbCrNone, is no conversion. With a model,
// sampling a multi-planar format reads each texel's Y′ (G) from plane 0
// and its C_B (B) and C_R (R) from the chroma planes, and applies, in the
// order of Vulkan's "Sampler Y′CBCR Conversion": chroma reconstruction,
// the component swizzle Components, range expansion and the model
// conversion (ycbcr.go, docs/FORMATS.md).
type YCbCrConversion struct {
	Model      YCbCrModel
	Range      YCbCrRange
	Components surface.Swizzle // applied to the reconstructed texel before range expansion; zero is the identity
	// XChromaOffset and YChromaOffset place the subsampled chroma
	// samples; they matter only for the axes a format subsamples, and
	// only with the linear chroma filter (see ycbcrChromaCoord).
	XChromaOffset, YChromaOffset ChromaLocation
	// ChromaFilter filters the chroma planes in chroma reconstruction.
	ChromaFilter Filter
	// ForceExplicitReconstruction reconstructs the chroma at every luma
	// texel before the sampler's filter (explicit reconstruction) instead
	// of filtering the chroma planes at the sample's position (implicit).
	ForceExplicitReconstruction bool
}

var (
	yccModelNames    = []string{"none", "rgb_identity", "ycbcr_identity", "ycbcr_709", "ycbcr_601", "ycbcr_2020"}
	yccRangeNames    = []string{"itu_full", "itu_narrow"}
	chromaLocNames   = []string{"cosited_even", "midpoint"}
	errYCbCrFormat   = "sampler.ycbcr: the YCbCr format %v needs a Y′CbCr conversion (sampler.ycbcr) to be read as a whole%s"
	errYCbCrNotPlane = "sampler.ycbcr: a conversion reads a YCbCr format (multi-planar or 4:2:2) as a whole, not %v"
)

func (m YCbCrModel) String() string     { return name(yccModelNames, uint8(m)) }
func (r YCbCrRange) String() string     { return name(yccRangeNames, uint8(r)) }
func (c ChromaLocation) String() string { return name(chromaLocNames, uint8(c)) }

// ParseYCbCrModel parses a model name such as "ycbcr_709" (or "none").
func ParseYCbCrModel(s string) (YCbCrModel, error) {
	v, err := parse("ycbcr model", yccModelNames, s)
	return YCbCrModel(v), err
}

// ParseYCbCrRange parses "itu_full" or "itu_narrow".
func ParseYCbCrRange(s string) (YCbCrRange, error) {
	v, err := parse("ycbcr range", yccRangeNames, s)
	return YCbCrRange(v), err
}

// ParseChromaLocation parses "cosited_even" or "midpoint".
func ParseChromaLocation(s string) (ChromaLocation, error) {
	v, err := parse("chroma location", chromaLocNames, s)
	return ChromaLocation(v), err
}

// Validate checks the conversion's fields on their own (the rules that tie
// it to a format and a sampler are checked when a request runs).
func (c *YCbCrConversion) Validate() error {
	switch {
	case c.Model > YCbCr2020:
		return fmt.Errorf("sampler.ycbcr.model: invalid model %d", c.Model)
	case c.Model == YCbCrNone && *c != (YCbCrConversion{}):
		return fmt.Errorf("sampler.ycbcr.model: none, with other fields of the conversion set (%+v)", *c)
	case c.Range > RangeITUNarrow:
		return fmt.Errorf("sampler.ycbcr.range: invalid range %d", c.Range)
	case c.XChromaOffset > ChromaMidpoint:
		return fmt.Errorf("sampler.ycbcr.x_chroma_offset: invalid chroma location %d", c.XChromaOffset)
	case c.YChromaOffset > ChromaMidpoint:
		return fmt.Errorf("sampler.ycbcr.y_chroma_offset: invalid chroma location %d", c.YChromaOffset)
	case c.ChromaFilter > Linear:
		return fmt.Errorf("sampler.ycbcr.chroma_filter: invalid filter %d", c.ChromaFilter)
	case !c.Components.Valid():
		return fmt.Errorf("sampler.ycbcr.components: %v has a component outside 0..6", [4]surface.ComponentSwizzle(c.Components))
	}
	return nil
}

// yccPlan is a request's conversion, resolved once in setup.
type yccPlan struct {
	on       bool
	explicit bool
	planes   [3]*surface.Surface
	decode   [3]format.DecodeFunc
	lanes    [3][2]int8 // per plane: the RGBA lanes its channels carry
	nPlanes  int
	// A single-plane 4:2:2 format instead: its surface and the byte
	// offsets in a block of the even and odd texel's G, of B and R, the
	// component's container (1 or 2 bytes) and its padding bits.
	packed         bool
	surf           *surface.Surface
	g0, g1, pb, pr int
	elem           int
	pad            uint
	w, h, cw, ch   int32    // the luma and chroma grids
	div            [2]int32 // chroma subsampling in x and y
	chroma         Filter   // the chroma planes' filter: the conversion's for subsampled formats
	cosited        [2]bool  // per axis: subsampled, cosited and filtered linearly (the ¼ chroma texel shift)
	swz            surface.Swizzle
	swzOn          bool
	model          YCbCrModel
	narrow         bool
	// Range expansion: codes = C·maxCode; Y′ = (codes − yOff)/yDiv and
	// C = (codes − cOff)/cDiv for narrow range, C − cHalf for full range.
	maxCode, yOff, yDiv, cOff, cDiv, cHalf float32
	// The model's coefficients, each the float32 nearest to its real value.
	kRCr, kGCb, kGCr, kBCb float32
}

// checkYCbCr enforces the rules of Vulkan's sampler Y′CbCr conversion on
// the operation, the view's format and the sampler state, and resolves
// the plan's conversion.
func (x *exec) checkYCbCr(op Op) error {
	st := &x.st.YCbCr
	whole := x.finfo.YCbCr
	if st.Model == YCbCrNone {
		if whole && op.Kind() != KindQuery {
			planes := ""
			if x.surf.PlaneCount() != 0 {
				planes = ", or a view of one plane (aspect plane_0, plane_1 …)"
			}
			return reqErr(errYCbCrFormat, x.surf.Format, planes)
		}
		return nil
	}
	if !whole {
		return reqErr(errYCbCrNotPlane, x.surf.Format)
	}
	switch k := op.Kind(); {
	case k == KindQuery:
	case k != KindSample || op.Compare():
		return reqErr("op: %s cannot use a sampler with a Y′CbCr conversion (the sampling operations only, without compare)", op)
	}
	s := x.st
	for i, a := range s.Address {
		if a != WrapClampToEdge {
			return reqErr("sampler.address[%d]: %s is not allowed with a Y′CbCr conversion (clamp_to_edge only)", i, a)
		}
	}
	switch {
	case s.MagFilter > Linear:
		return reqErr("sampler.mag: %s is not allowed with a Y′CbCr conversion (nearest or linear)", s.MagFilter)
	case s.MinFilter > Linear:
		return reqErr("sampler.min: %s is not allowed with a Y′CbCr conversion (nearest or linear)", s.MinFilter)
	case s.MaxAnisotropy > 1:
		return reqErr("sampler.max_anisotropy: %v is not allowed with a Y′CbCr conversion", s.MaxAnisotropy)
	case s.Unnormalized:
		return reqErr("sampler.unnormalized: unnormalized coordinates are not allowed with a Y′CbCr conversion")
	case s.Reduction != ReductionWeightedAverage:
		return reqErr("sampler.reduction: %s is not allowed with a Y′CbCr conversion (weighted_average only)", s.Reduction)
	case s.Compare != CompareNone:
		return reqErr("sampler.compare: %s is not allowed with a Y′CbCr conversion", s.Compare)
	case !x.view.Swizzle.IsIdentity():
		return reqErr("view.swizzle: %v must be the identity with a Y′CbCr conversion (sampler.ycbcr.components swizzles)", x.view.Swizzle)
	}
	in := x.finfo
	sw := st.Components.Resolve()
	sub := in.ChromaDivisor != [2]int{1, 1}
	if sub {
		// VUID-VkSamplerYcbcrConversionCreateInfo-components-02581..02585.
		switch {
		case sw[1] != surface.SwizzleG:
			return reqErr("sampler.ycbcr.components: %v: G must be the identity for the subsampled format %v", st.Components, x.surf.Format)
		case sw[3] != surface.SwizzleA && sw[3] != surface.SwizzleZero && sw[3] != surface.SwizzleOne:
			return reqErr("sampler.ycbcr.components: %v: A must be the identity, 0 or 1 for the subsampled format %v", st.Components, x.surf.Format)
		case !(sw[0] == surface.SwizzleR && sw[2] == surface.SwizzleB || sw[0] == surface.SwizzleB && sw[2] == surface.SwizzleR):
			return reqErr("sampler.ycbcr.components: %v: R and B must be the identity or swapped for the subsampled format %v", st.Components, x.surf.Format)
		}
	}
	if st.Model != YCbCrRGBIdentity {
		for c := range 3 {
			if sw[c] == surface.SwizzleZero || sw[c] == surface.SwizzleOne || sw[c] == surface.SwizzleA {
				return reqErr("sampler.ycbcr.components: %v: %c must read a stored component with model %s", st.Components, "RGB"[c], st.Model)
			}
		}
	}
	y := &x.ycc
	*y = yccPlan{on: true, explicit: st.ForceExplicitReconstruction, model: st.Model, narrow: st.Range == RangeITUNarrow}
	y.nPlanes = x.surf.PlaneCount()
	for p := range y.nPlanes {
		y.planes[p] = x.surf.Plane(p)
		y.decode[p] = in.Planes[p].Format.Decoder()
		y.lanes[p] = in.Planes[p].Lanes
	}
	y.div = [2]int32{int32(in.ChromaDivisor[0]), int32(in.ChromaDivisor[1])}
	y.w, y.h = int32(x.surf.Width), int32(x.surf.Height)
	y.cw, y.ch = y.w/y.div[0], y.h/y.div[1]
	if g0, g1, b, r, elem, ok := x.surf.Format.Packed422(); ok {
		y.packed, y.surf = true, x.surf
		y.g0, y.g1, y.pb, y.pr, y.elem = g0, g1, b, r, elem
		y.pad = uint(8*elem - in.Bits[1])
	}
	y.chroma = st.ChromaFilter
	if !sub {
		y.chroma = Nearest // not used: 4:4:4 chroma takes the sampler's filter
	}
	y.cosited = [2]bool{
		y.div[0] == 2 && st.XChromaOffset == ChromaCositedEven && st.ChromaFilter == Linear,
		y.div[1] == 2 && st.YChromaOffset == ChromaCositedEven && st.ChromaFilter == Linear,
	}
	if !st.Components.IsIdentity() {
		y.swz, y.swzOn = sw, true
	}
	n := in.Bits[1]
	y.maxCode = float32(uint32(1)<<n - 1)
	step := float32(uint32(1) << (n - 8))
	y.yOff, y.yDiv = 16*step, 219*step
	y.cOff, y.cDiv = 128*step, 224*step
	y.cHalf = float32(float64(uint32(1)<<(n-1)) / float64(uint32(1)<<n-1))
	if st.Model >= YCbCr709 {
		y.kRCr, y.kGCb, y.kGCr, y.kBCb = yccCoefficients[st.Model][0], yccCoefficients[st.Model][1], yccCoefficients[st.Model][2], yccCoefficients[st.Model][3]
	}
	return nil
}

// yccCoefficients holds each model's modelCoefficients, computed once.
var yccCoefficients = func() (t [YCbCr2020 + 1][4]float32) {
	for m, k := range map[YCbCrModel][2]string{YCbCr709: {"0.2126", "0.0722"}, YCbCr601: {"0.299", "0.114"}, YCbCr2020: {"0.2627", "0.0593"}} {
		t[m][0], t[m][1], t[m][2], t[m][3] = modelCoefficients(k[0], k[1])
	}
	return t
}()

// modelCoefficients returns the model conversion's coefficients for K_R
// and K_B: 2 − 2K_R (C_R in R), 2K_B(1 − K_B)/K_G and 2K_R(1 − K_R)/K_G
// (C_B and C_R in G) and 2 − 2K_B (C_B in B), with K_G = 1 − K_R − K_B,
// each the float32 nearest to its exact value. The arguments are the
// standards' decimal constants, exactly representable as big.Rat: the
// quotients are computed exactly and rounded once (no float64 step whose
// rounding, or fusion, could differ from host to host).
func modelCoefficients(kr, kb string) (rCr, gCb, gCr, bCb float32) {
	r, _ := new(big.Rat).SetString(kr)
	b, _ := new(big.Rat).SetString(kb)
	one, two := big.NewRat(1, 1), big.NewRat(2, 1)
	kg := new(big.Rat).Sub(one, r)
	kg.Sub(kg, b)
	lin := func(k *big.Rat) float32 { // 2 − 2k
		v, _ := new(big.Rat).Sub(two, new(big.Rat).Mul(two, k)).Float32()
		return v
	}
	quad := func(k *big.Rat) float32 { // 2k(1 − k)/K_G
		v := new(big.Rat).Mul(two, k)
		v.Mul(v, new(big.Rat).Sub(one, k))
		f, _ := v.Quo(v, kg).Float32()
		return f
	}
	return lin(r), quad(b), quad(r), lin(b)
}

// filterYCbCr is filterLevel for a view sampled through a Y′CbCr
// conversion (one level, clamp-to-edge, weighted average). Implicit
// reconstruction filters plane 0 with the sampler's filter f at the
// sample's texel coordinates (u, v), each chroma plane with the chroma
// filter at (ycbcrChromaCoord(u), ycbcrChromaCoord(v)), and converts the
// filtered (C_R, Y′, C_B, 1). Explicit reconstruction converts the texel at
// each luma position (i, j), its chroma reconstructed at the texel's centre
// (i + ½, j + ½) in the same way, and filters the converted texels with f
// — Vulkan's explicit reconstruction equations: chroma τ(⌊i/2⌋) for the
// nearest chroma filter, and for the linear one ¼/¾ (midpoint) or ½/½ and
// 1 (cosited) weights of the two nearest chroma samples per subsampled
// axis.
func (x *exec) filterYCbCr(p *point, f Filter) [4]float32 {
	y := &x.ycc
	u := float32(p.s[0] * float32(y.w))
	v := float32(p.s[1] * float32(y.h))
	layer := p.layer
	if y.explicit {
		return x.planeFilter(u, v, f, y.w, y.h, func(i, j int32) [4]float32 {
			return y.convert(x.yccTexel(i, j, layer))
		})
	}
	return y.convert(x.yccSample(u, v, f, layer))
}

// yccTexel is the texel at luma position (i, j) before the conversion's
// swizzle: Y′ and the chroma reconstructed at the texel's centre.
func (x *exec) yccTexel(i, j, layer int32) [4]float32 {
	y := &x.ycc
	f := y.chroma
	if y.div == [2]int32{1, 1} {
		f = Nearest // a 4:4:4 chroma texel is read at its centre
	}
	t := x.yccChroma(y.chromaCoord(float32(i)+0.5, 0), y.chromaCoord(float32(j)+0.5, 1), f, layer)
	t[1], t[3] = x.yccLuma(i, j, layer), 1
	return t
}

// yccSample is the implicitly reconstructed sample at texel coordinates
// (u, v) of the luma grid, before the conversion's swizzle.
func (x *exec) yccSample(u, v float32, f Filter, layer int32) [4]float32 {
	y := &x.ycc
	lum := x.planeFilter(u, v, f, y.w, y.h, func(i, j int32) [4]float32 {
		return [4]float32{0, x.yccLuma(i, j, layer)}
	})
	cf := y.chroma
	if y.div == [2]int32{1, 1} {
		cf = f // 4:4:4: no reconstruction, the sampler's filter
	}
	t := x.yccChroma(y.chromaCoord(u, 0), y.chromaCoord(v, 1), cf, layer)
	t[1], t[3] = lum[1], 1
	return t
}

// yccChroma filters the chroma grid at its texel coordinates (uc, vc)
// with filter f: (C_R, 0, C_B, 0).
func (x *exec) yccChroma(uc, vc float32, f Filter, layer int32) [4]float32 {
	y := &x.ycc
	return x.planeFilter(uc, vc, f, y.cw, y.ch, func(i, j int32) [4]float32 {
		return x.yccChromaTexel(i, j, layer)
	})
}

// yccLuma reads Y′ at luma texel (i, j): plane 0's texel, or the G of
// the texel's half of a 4:2:2 block.
func (x *exec) yccLuma(i, j, layer int32) float32 {
	y := &x.ycc
	if y.packed {
		o, idx := y.surf.BlockOffset(0, int(i), int(j), 0, int(layer))
		if idx == 0 {
			return y.component(o + y.g0)
		}
		return y.component(o + y.g1)
	}
	p0 := y.planes[0]
	o := p0.TexelOffset(0, int(i), int(j), 0, int(layer), 0)
	return y.decode[0](p0.Data[o:])[0]
}

// yccChromaTexel reads chroma texel (i, j) of the chroma grid: (C_R, 0,
// C_B, 0), from the chroma plane or planes, or from 4:2:2 block i.
func (x *exec) yccChromaTexel(i, j, layer int32) [4]float32 {
	y := &x.ycc
	var t [4]float32
	if y.packed {
		o := y.surf.TexelOffset(0, int(i), int(j), 0, int(layer), 0) // blocks
		t[0], t[2] = y.component(o+y.pr), y.component(o+y.pb)
		return t
	}
	for p := 1; p < y.nPlanes; p++ {
		ps := y.planes[p]
		o := ps.TexelOffset(0, int(i), int(j), 0, int(layer), 0)
		c := y.decode[p](ps.Data[o:])
		for ch, l := range y.lanes[p] {
			if l >= 0 {
				t[l] = c[ch]
			}
		}
	}
	return t
}

// component decodes a 4:2:2 block's component at byte offset o: the
// unorm code (a byte, or a little-endian 16-bit word shifted past its
// padding) as float32(code/(2^n − 1)), as the plane formats decode.
func (y *yccPlan) component(o int) float32 {
	d := y.surf.Data
	if y.elem == 1 {
		return float32(float64(d[o]) / 255)
	}
	c := uint32(d[o]) | uint32(d[o+1])<<8
	return float32(float64(c>>y.pad) / float64(y.maxCode))
}

// chromaCoord maps a texel coordinate u of plane 0 on axis a to the chroma
// plane's: Vulkan's "Chroma Reconstruction" u_ds = u/2 for the midpoint
// location and u/2 + ¼ for cosited_even (the chroma sample k lies on luma
// sample 2k), u itself on an axis that is not subsampled. With the
// nearest chroma filter the location is taken as the midpoint, as the
// specification allows ("an implementation may behave as if xChromaOffset
// and yChromaOffset were both VK_CHROMA_LOCATION_MIDPOINT"), so that the
// chroma of luma texel i is τ(⌊i/2⌋) in both reconstructions, as the
// explicit reconstruction's table gives it.
func (y *yccPlan) chromaCoord(u float32, a int) float32 {
	if y.div[a] == 1 {
		return u
	}
	u = float32(u * 0.5)
	if y.cosited[a] {
		u += 0.25
	}
	return u
}

// planeFilter filters a w×h plane at texel coordinates (u, v) with filter
// f and the clamp-to-edge wrap, reading texels through texel: the texel
// whose square holds (u, v) for nearest, and for linear the four around
// (u − ½, v − ½) weighted and summed in filterLevel's order (j outer, then
// i; weight w_i·w_j), so that a converted surface filters as an ordinary
// one would.
func (x *exec) planeFilter(u, v float32, f Filter, w, h int32, texel func(i, j int32) [4]float32) [4]float32 {
	clamp := func(i, n int32) int32 { return min(max(i, 0), n-1) }
	if f == Nearest {
		i, _ := x.split(u)
		j, _ := x.split(v)
		return texel(clamp(i, w), clamp(j, h))
	}
	i0, fu := x.split(u - 0.5)
	j0, fv := x.split(v - 0.5)
	var acc [4]float32
	for dj := range int32(2) {
		wj := weight(fv, int(dj))
		for di := range int32(2) {
			wt := float32(weight(fu, int(di)) * wj)
			t := texel(clamp(i0+di, w), clamp(j0+dj, h))
			for c := range acc {
				acc[c] += float32(wt * t[c])
			}
		}
	}
	return acc
}

// convert applies the conversion's swizzle, range expansion and model
// conversion to a reconstructed texel (C_R, Y′, C_B, A) in binary32, one
// rounding per operation: Vulkan's "Sampler Y′CBCR Range Expansion" and
// "Sampler Y′CBCR Model Conversion".
func (y *yccPlan) convert(t [4]float32) [4]float32 {
	if y.swzOn {
		var r [4]float32
		for c, s := range y.swz {
			switch s {
			case surface.SwizzleZero:
			case surface.SwizzleOne:
				r[c] = 1
			default:
				r[c] = t[s-surface.SwizzleR]
			}
		}
		t = r
	}
	if y.model == YCbCrRGBIdentity {
		return t // the range is ignored
	}
	cr, yy, cb := t[0], t[1], t[2]
	if y.narrow {
		yy = (float32(yy*y.maxCode) - y.yOff) / y.yDiv
		cb = (float32(cb*y.maxCode) - y.cOff) / y.cDiv
		cr = (float32(cr*y.maxCode) - y.cOff) / y.cDiv
	} else {
		cb -= y.cHalf
		cr -= y.cHalf
	}
	if y.model == YCbCrIdentity {
		return [4]float32{cr, yy, cb, t[3]}
	}
	r := yy + float32(y.kRCr*cr)
	g := (yy - float32(y.kGCb*cb)) - float32(y.kGCr*cr)
	b := yy + float32(y.kBCb*cb)
	return [4]float32{r, g, b, t[3]}
}
