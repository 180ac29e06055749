package format

import (
	"encoding/binary"
	"math"
)

// clampRound clamps v to [lo, hi] and rounds it to the nearest integer, ties
// to even. NaN gives 0, as Vulkan's conversions to fixed point require.
func clampRound(v, lo, hi float64) float64 {
	if v != v {
		return 0
	}
	return math.RoundToEven(min(max(v, lo), hi))
}

// encodeUnorm returns the b-bit UNORM code nearest to v·(2^b−1) after
// clamping v to [0, 1] (ties to even; NaN gives 0).
func encodeUnorm(v float64, maxCode float64) float64 {
	if v != v {
		return 0
	}
	return math.RoundToEven(min(max(v, 0), 1) * maxCode)
}

// encodeSnorm returns the SNORM code nearest to v·(2^(b−1)−1) after clamping v
// to [−1, 1] (ties to even; NaN gives 0).
func encodeSnorm(v float64, maxCode float64) float64 {
	if v != v {
		return 0
	}
	return math.RoundToEven(min(max(v, -1), 1) * maxCode)
}

// Encode writes one texel of format f to dst (len(dst) must be at least the
// format's Bytes), the inverse of Decode, for tests and data generators. v
// holds R, G, B, A; components the format does not store are ignored.
//
//   - unorm: the nearest code to clamp(v, 0, 1)·(2^b−1), ties to even;
//   - snorm: the nearest code to clamp(v, −1, 1)·(2^(b−1)−1), ties to even;
//   - srgb: R, G, B are encoded with LinearToSRGB(clamp(v, 0, 1)) and then as
//     unorm, so that Encode inverts SRGBToLinear exactly; A is unorm;
//   - uscaled, sscaled, uint, sint: v is the integer, clamped to the
//     component's range and rounded to the nearest integer (ties to even);
//   - sfloat: rounded to nearest even float32 or float16 (Float64ToHalf);
//   - ufloat: Float64ToUFloat11, Float64ToUFloat10 or Float64ToRGB9E5;
//   - depth: v[0]; stencil: v[0] for s8_uint and v[1] for the depth/stencil
//     formats (whose depth is v[0]); unused bits are written as 0.
//
// NaN encodes as 0 for the fixed-point and integer types. The single-plane
// 4:2:2 formats write a 2×1 block of two texels of v (both G from v[1]).
// Undefined, invalid and block-compressed formats write nothing.
func (f Format) Encode(dst []byte, v [4]float64) {
	if !f.Valid() || infos[f].Compressed {
		return
	}
	in, lay := &infos[f], &layouts[f]
	_ = dst[in.Bytes-1]
	switch f {
	case B10G11R11UfloatPack32:
		binary.LittleEndian.PutUint32(dst, Float64ToUFloat11(v[0])|Float64ToUFloat11(v[1])<<11|Float64ToUFloat10(v[2])<<22)
		return
	case E5B9G9R9UfloatPack32:
		binary.LittleEndian.PutUint32(dst, Float64ToRGB9E5(v[0], v[1], v[2]))
		return
	}
	var word uint64
	clear(dst[:in.Bytes])
	for _, c := range lay.comps {
		var x float64
		switch c.ch {
		case chUnused, chExponent:
			continue
		case chDepth:
			x = v[0]
		case chStencil:
			x = v[0]
			if in.Depth {
				x = v[1]
			}
		default:
			x = v[c.ch]
		}
		code := encodeComponent(c, x)
		if lay.words16 {
			binary.LittleEndian.PutUint16(dst[c.pos:], uint16(code<<(16-c.bits)))
			continue
		}
		if lay.pack != 0 {
			word |= (code & (1<<c.bits - 1)) << c.pos
			continue
		}
		switch c.bits {
		case 8:
			dst[c.pos] = byte(code)
		case 16:
			binary.LittleEndian.PutUint16(dst[c.pos:], uint16(code))
		default:
			binary.LittleEndian.PutUint32(dst[c.pos:], uint32(code))
		}
	}
	if g0, g1, _, _, elem, ok := f.Packed422(); ok {
		copy(dst[g1:g1+elem], dst[g0:g0+elem]) // a block of two equal texels
	}
	switch lay.pack {
	case 8:
		dst[0] = byte(word)
	case 16:
		binary.LittleEndian.PutUint16(dst, uint16(word))
	case 32:
		binary.LittleEndian.PutUint32(dst, uint32(word))
	}
}

// encodeComponent returns the bits of component c holding the value x (two's
// complement for the signed types, in the low c.bits bits).
func encodeComponent(c component, x float64) uint64 {
	b := c.bits
	maxU := float64(uint64(1)<<b - 1)
	maxS := float64(uint64(1)<<(b-1) - 1)
	signed := func(r float64) uint64 { return uint64(int64(r)) & (1<<b - 1) }
	switch c.num {
	case NumericUnorm:
		return uint64(encodeUnorm(x, maxU))
	case NumericSrgb:
		if c.ch == chA || x != x {
			return uint64(encodeUnorm(x, maxU))
		}
		return uint64(encodeUnorm(LinearToSRGB(min(max(x, 0), 1)), maxU))
	case NumericSnorm:
		return signed(encodeSnorm(x, maxS))
	case NumericUint, NumericUscaled:
		return uint64(clampRound(x, 0, maxU))
	case NumericSint, NumericSscaled:
		return signed(clampRound(x, -maxS-1, maxS))
	case NumericSfloat:
		if b == 16 {
			return uint64(Float64ToHalf(x))
		}
		return uint64(math.Float32bits(float32(x)))
	}
	return 0
}

// Border returns the border colour b (R, G, B, A) as sampling format f
// returns it: Vulkan's "Border Replacement" followed by the component
// substitution of "conversion to RGBA".
//
// For float-class formats b holds float values, clamped to the format's range
// (unorm, srgb and unorm depth: [0, 1]; snorm: [−1, 1]; uscaled: [0, 2^b−1];
// sscaled: [−2^(b−1), 2^(b−1)−1]; ufloat: [0, +∞]; sfloat and d32_sfloat:
// unclamped, only rounded to float32). Only the components the format stores
// are replaced; the others take 0, 0 and alpha 1 as for texels, so r8_unorm
// with opaque white gives (1, 0, 0, 1), a8_unorm (0, 0, 0, B_a) and depth
// formats give (B_r, 0, 0, 1). sRGB formats take the border as linear values
// (no transfer function). Depth/stencil formats convert for their default
// aspect (depth); use AspectFormat for the stencil aspect.
//
// For integer classes (and stencil) b holds integer values in the floats (1.0
// means the integer 1), clamped to the component's range (0..2^b−1 for uint,
// −2^(b−1)..2^(b−1)−1 for sint), rounded to the nearest integer (ties to
// even; NaN gives 0) and returned as float32 bits like Decode. Undefined and
// invalid formats return (0, 0, 0, 0).
func (f Format) Border(b [4]float64) [4]float32 {
	if !f.Valid() {
		return [4]float32{}
	}
	in := &infos[f]
	if in.Depth && in.Stencil {
		d, _, _ := f.AspectFormat(AspectDepth)
		return d.Border(b)
	}
	spec := &borderSpecs[f]
	r := defaultTexel(in.Class)
	if f == A8Unorm {
		r[3] = 0
	}
	for _, c := range spec.comps[:spec.n] {
		x := b[c.lane]
		if c.integer {
			r[c.lane] = math.Float32frombits(uint32(int64(clampRound(x, c.lo, c.hi))))
			continue
		}
		if x == x { // NaN passes through unclamped
			x = min(max(x, c.lo), c.hi)
		}
		r[c.lane] = float32(x)
	}
	return r
}

// borderComp says how Border converts one component: the lane it replaces
// and the range it is clamped to; integer components are also rounded.
type borderComp struct {
	lane    int
	lo, hi  float64
	integer bool
}

// borderSpec lists the components a format's border replaces.
type borderSpec struct {
	comps [4]borderComp
	n     int
}

var borderSpecs [numFormats]borderSpec

// initBorders computes every format's borderSpec, so that Border neither
// allocates nor walks the layout.
func initBorders() {
	for f := Undefined + 1; f < numFormats; f++ {
		in := &infos[f]
		add := func(ch, bits int, num Numeric) {
			bc := borderComp{lane: lane(ch), lo: math.Inf(-1), hi: math.Inf(1)}
			switch num {
			case NumericUint:
				bc.integer, bc.lo, bc.hi = true, 0, float64(uint64(1)<<bits-1)
			case NumericSint:
				bc.integer, bc.hi = true, float64(uint64(1)<<(bits-1)-1)
				bc.lo = -bc.hi - 1
			case NumericUnorm, NumericSrgb:
				bc.lo, bc.hi = 0, 1
			case NumericSnorm:
				bc.lo, bc.hi = -1, 1
			case NumericUscaled:
				bc.lo, bc.hi = 0, float64(uint64(1)<<bits-1)
			case NumericSscaled:
				bc.hi = float64(uint64(1)<<(bits-1) - 1)
				bc.lo = -bc.hi - 1
			case NumericUfloat:
				bc.lo = 0
			}
			sp := &borderSpecs[f]
			if sp.n < 4 {
				sp.comps[sp.n] = bc
				sp.n++
			}
		}
		if in.Compressed {
			for c := range in.Components {
				add(c, 0, in.Numeric)
			}
			continue
		}
		for _, c := range layouts[f].comps {
			if c.ch != chUnused && c.ch != chExponent {
				add(c.ch, c.bits, c.num)
			}
		}
	}
}
