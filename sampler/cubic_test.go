package sampler

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// modelCubicMatrix is the float64 model's copy of the specification's
// matrices (Vulkan "Texel Cubic Filtering"), written out independently of
// cubicMatrices: rows are the powers of α, columns the texels i0…i3, and
// the last number is the denominator. Zero Tangent Cardinal's last entry is
// 2 (see CubicZeroTangentCardinal).
var modelCubicMatrix = map[CubicWeights][17]float64{
	CubicCatmullRom:          {0, 2, 0, 0, -1, 0, 1, 0, 2, -5, 4, -1, -1, 3, -3, 1, 2},
	CubicZeroTangentCardinal: {0, 2, 0, 0, -2, 0, 2, 0, 4, -4, 2, -2, -2, 2, -2, 2, 2},
	CubicBSpline:             {1, 4, 1, 0, -3, 0, 3, 0, 3, -6, 3, 0, -1, 3, -3, 1, 6},
	CubicMitchellNetravali:   {1, 16, 1, 0, -9, 0, 9, 0, 15, -36, 27, -6, -7, 21, -21, 7, 18},
}

// modelWeights is [1 a a² a³]·M/d in float64.
func modelWeights(kind CubicWeights, a float64) (w [4]float64) {
	m := modelCubicMatrix[kind]
	p := [4]float64{1, a, a * a, a * a * a}
	for c := range w {
		for r := range p {
			w[c] += p[r] * m[4*r+c]
		}
		w[c] /= m[16]
	}
	return w
}

// TestCubicWeightsKnownValues checks each weight set at α = 0 and ½ (and
// the matrix polynomial at α = 1, the next footprint's α = 0) against
// values worked out by hand, exactly: every one is a binary fraction or
// the nearest binary32 to n/6 or n/18.
func TestCubicWeightsKnownValues(t *testing.T) {
	cases := []struct {
		kind CubicWeights
		a    float32
		want [4]float32
	}{
		{CubicCatmullRom, 0, [4]float32{0, 1, 0, 0}},
		{CubicCatmullRom, 0.5, [4]float32{-1.0 / 16, 9.0 / 16, 9.0 / 16, -1.0 / 16}},
		{CubicCatmullRom, 0.25, [4]float32{-9.0 / 128, 111.0 / 128, 29.0 / 128, -3.0 / 128}},
		{CubicCatmullRom, 1, [4]float32{0, 0, 1, 0}},
		{CubicZeroTangentCardinal, 0, [4]float32{0, 1, 0, 0}},
		{CubicZeroTangentCardinal, 0.5, [4]float32{-1.0 / 8, 5.0 / 8, 5.0 / 8, -1.0 / 8}},
		{CubicZeroTangentCardinal, 1, [4]float32{0, 0, 1, 0}},
		{CubicBSpline, 0, [4]float32{1.0 / 6, 4.0 / 6, 1.0 / 6, 0}},
		{CubicBSpline, 0.5, [4]float32{1.0 / 48, 23.0 / 48, 23.0 / 48, 1.0 / 48}},
		{CubicBSpline, 1, [4]float32{0, 1.0 / 6, 4.0 / 6, 1.0 / 6}},
		{CubicMitchellNetravali, 0, [4]float32{1.0 / 18, 16.0 / 18, 1.0 / 18, 0}},
		{CubicMitchellNetravali, 0.5, [4]float32{-5.0 / 144, 77.0 / 144, 77.0 / 144, -5.0 / 144}},
		{CubicMitchellNetravali, 1, [4]float32{0, 1.0 / 18, 16.0 / 18, 1.0 / 18}},
	}
	for _, c := range cases {
		if got := cubicWeights(c.kind, c.a); got != c.want {
			t.Errorf("%s at α = %v: %v, want %v", c.kind, c.a, got, c.want)
		}
		m := modelWeights(c.kind, float64(c.a))
		for k := range m {
			if float32(m[k]) != c.want[k] {
				t.Errorf("model %s at α = %v: %v, want %v", c.kind, c.a, m, c.want)
			}
		}
	}
}

// TestCubicWeightsSumToOne checks, for every weight set over 10⁵ random
// fractions and every 8-bit fraction, that the binary32 weights sum to 1
// within 4·2⁻²⁴ and are within 2⁻²² of the float64 model's.
func TestCubicWeightsSumToOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	for kind := CubicCatmullRom; kind <= CubicMitchellNetravali; kind++ {
		for it := 0; it < 100000+256; it++ {
			a := float32(it-100000) / 256
			if it < 100000 {
				a = rng.Float32()
			}
			w := cubicWeights(kind, a)
			m := modelWeights(kind, float64(a))
			sum := 0.0
			for k := range w {
				sum += float64(w[k])
				if math.Abs(float64(w[k])-m[k]) > 0x1p-22 {
					t.Fatalf("%s at α = %v: weight %d %v, model %v", kind, a, k, w[k], m[k])
				}
			}
			if math.Abs(sum-1) > 4*0x1p-24 {
				t.Fatalf("%s at α = %v: weights %v sum to %v", kind, a, w, sum)
			}
		}
	}
}

// cubicState is a cubic sampler: mag and min cubic, the given weights.
func cubicState(w CubicWeights) State {
	st := DefaultState()
	st.MagFilter, st.MinFilter, st.CubicWeights = Cubic, Cubic, w
	return st
}

// cubicModel is the independent float64 model of a cubic sample_l on a
// 1D, 2D, 2D-array or 3D view of a float (non-integer) format: level
// selection from the explicit LOD, then per level the specification's
// i0 = ⌊u − 3/2⌋, α = frac(u − ½) (quantized to SubtexelBits fraction bits
// in hardware precision), the weights [1 α α² α³]·M/d, the wrap modes and
// border texels, and the reduction. It takes u as the engine's
// coordinate step computes it (float32 s·size + Δ, shared with every
// filter and covered by the other tests) and does the rest in float64.
type cubicModel struct {
	s     *surface.Surface
	st    *State
	prec  Precision
	layer int
}

func (m *cubicModel) texel(level int, i [3]int) [4]float64 {
	var border bool
	lw, lh, ld := m.s.LevelSize(level)
	size := [3]int{lw, lh, ld}
	for c := 0; c < m.s.Kind.Dims(); c++ {
		var b bool
		i[c], b = modelWrap(i[c], size[c], m.st.Address[c])
		border = border || b
	}
	var v [4]float32
	if border {
		var b [4]float64
		switch m.st.Border {
		case BorderOpaqueBlack:
			b[3] = 1
		case BorderOpaqueWhite:
			b = [4]float64{1, 1, 1, 1}
		case BorderCustom:
			b = m.st.BorderColor
		}
		v = m.s.Format.Border(b)
	} else {
		o := m.s.TexelOffset(level, i[0], i[1], i[2], m.layer, 0)
		v = m.s.Format.Decoder()(m.s.Data[o:])
	}
	return [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])}
}

// level filters one level; ok is false when no texel had non-zero weight
// (never, for weights that sum to 1).
func (m *cubicModel) level(level int, coord [3]float32, off [3]int32) [4]float64 {
	dims := m.s.Kind.Dims()
	lw, lh, ld := m.s.LevelSize(level)
	size := [3]int{lw, lh, ld}
	var i0 [3]int
	w := [3][4]float64{{1}, {1}, {1}}
	n := [3]int{1, 1, 1}
	for c := 0; c < dims; c++ {
		u := float64(float32(coord[c]*float32(size[c])) + float32(off[c]))
		x := u - 0.5
		if m.prec.Mode == Hardware {
			x = math.Floor(x*math.Ldexp(1, m.prec.SubtexelBits)+0.5) / math.Ldexp(1, m.prec.SubtexelBits)
		}
		i0[c] = int(math.Floor(x)) - 1 // ⌊u − 3/2⌋
		w[c] = modelWeights(m.st.CubicWeights, x-math.Floor(x))
		n[c] = 4
	}
	var acc, lo, hi [4]float64
	first := true
	for dk := 0; dk < n[2]; dk++ {
		for dj := 0; dj < n[1]; dj++ {
			for di := 0; di < n[0]; di++ {
				wt := w[0][di] * w[1][dj] * w[2][dk]
				t := m.texel(level, [3]int{i0[0] + di, i0[1] + dj, i0[2] + dk})
				switch m.st.Reduction {
				case ReductionWeightedAverage:
					for c := range acc {
						acc[c] += wt * t[c]
					}
				case ReductionRangeClamp:
					for c := range acc {
						acc[c] += wt * t[c]
						if wt != 0 && (first || t[c] < lo[c]) {
							lo[c] = t[c]
						}
						if wt != 0 && (first || t[c] > hi[c]) {
							hi[c] = t[c]
						}
					}
					if wt != 0 {
						first = false
					}
				default:
					if wt == 0 {
						continue
					}
					for c := range acc {
						switch {
						case first:
							acc[c] = t[c]
						case m.st.Reduction == ReductionMin:
							acc[c] = math.Min(acc[c], t[c])
						default:
							acc[c] = math.Max(acc[c], t[c])
						}
					}
					first = false
				}
			}
		}
	}
	if m.st.Reduction == ReductionRangeClamp {
		for c := range acc {
			acc[c] = math.Min(math.Max(acc[c], lo[c]), hi[c])
		}
	}
	return acc
}

// sample is the whole sample_l at explicit LOD lod (a multiple of 2⁻⁴, so
// that hardware precision's LOD quantization leaves it as it is).
func (m *cubicModel) sample(coord [3]float32, lod float32, off [3]int32) [4]float64 {
	q := float64(m.s.Levels - 1)
	lambda := math.Min(math.Max(float64(lod), float64(m.st.MinLod)), float64(m.st.MaxLod))
	d := math.Min(math.Max(lambda, 0), q)
	var hi, lo int
	delta := 0.0
	switch m.st.MipFilter {
	case MipNearest:
		hi = int(math.Ceil(d+0.5)) - 1
	case MipLinear:
		hi = int(math.Floor(d))
		delta = d - float64(hi)
		lo = min(hi+1, m.s.Levels-1)
	}
	a := m.level(hi, coord, off)
	if delta == 0 {
		return a
	}
	b := m.level(lo, coord, off)
	for c := range a {
		switch m.st.Reduction {
		case ReductionMin:
			a[c] = math.Min(a[c], b[c])
		case ReductionMax:
			a[c] = math.Max(a[c], b[c])
		default:
			a[c] = (1-delta)*a[c] + delta*b[c]
		}
	}
	return a
}

// TestCubicModel compares the engine's cubic sampling with the float64
// model over random 1D, 2D, 2D-array and 3D views of r32g32b32a32_sfloat
// (values in [−1, 2]) and r8g8b8a8_unorm, every weight set, wrap mode,
// border colour, reduction (the range clamp included) and mip mode,
// offsets, and both precision modes. Tolerance: 2⁻¹⁶ absolute (the binary32 weights differ from the
// model's by at most 2⁻²², 64 texels of magnitude ≤ 2 summed in binary32);
// min and max reductions are exact (they select texels, and the model
// selects the same ones).
func TestCubicModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 2))
	kinds := []surface.Kind{surface.Kind1D, surface.Kind1DArray, surface.Kind2D, surface.Kind2DArray, surface.Kind3D}
	n := 400
	if testing.Short() {
		n = 120
	}
	for it := 0; it < n; it++ {
		kind := kinds[rng.IntN(len(kinds))]
		d := surface.Desc{Kind: kind, Format: format.R32G32B32A32Sfloat, Width: 1 + rng.IntN(12), Height: 1, Depth: 1, Layers: 1}
		if rng.IntN(3) == 0 {
			d.Format = format.R8G8B8A8Unorm
		}
		switch kind {
		case surface.Kind2D, surface.Kind2DArray:
			d.Height = 1 + rng.IntN(12)
		case surface.Kind3D:
			d.Height, d.Depth = 1+rng.IntN(6), 1+rng.IntN(6)
		}
		if kind.IsArray() {
			d.Layers = 1 + rng.IntN(3)
		}
		s, err := surface.New(d)
		if err != nil {
			t.Fatal(err)
		}
		s.FillHash(uint32(it), -1, 2)
		st := cubicState(CubicWeights(rng.IntN(4)))
		st.MipFilter = MipFilter(rng.IntN(3))
		for c := range st.Address {
			st.Address[c] = AddressMode(rng.IntN(5))
		}
		st.Border = BorderPreset(rng.IntN(4))
		st.BorderColor = [4]float64{0.25, -0.5, 1.5, 0.75}
		st.Reduction = Reduction(rng.IntN(4))
		if rng.IntN(4) == 0 && st.Reduction != ReductionRangeClamp {
			st.MagFilter = Linear // min cubic, mag linear: λ > 0 only below
		}
		prec := Precision{}
		if rng.IntN(2) == 0 {
			prec = Precision{Mode: Hardware, SubtexelBits: 1 + rng.IntN(10), LodBits: 4 + rng.IntN(5)}
		}
		const lanes = 16
		req := &Request{Op: OpSampleL, Lanes: lanes, Lod: make([]float32, lanes)}
		for c := range 4 {
			req.Coord[c] = make([]float32, lanes)
		}
		offs := rng.IntN(2) == 0
		if offs {
			for c := 0; c < kind.Dims(); c++ {
				req.Offset[c] = make([]int32, lanes)
			}
		}
		for j := range lanes {
			for c := range 3 {
				req.Coord[c][j] = -0.4 + 1.8*rng.Float32()
				if rng.IntN(8) == 0 { // a texel centre or edge of level 0
					req.Coord[c][j] = float32(rng.IntN(2*d.Width+1)) / float32(2*d.Width)
				}
			}
			req.Coord[kind.Dims()][j] = float32(rng.IntN(d.Layers + 1))
			req.Lod[j] = float32(rng.IntN(80)-16) / 16
			if st.MagFilter == Linear {
				req.Lod[j] = float32(1+rng.IntN(64)) / 16
			}
			if offs {
				for c := 0; c < kind.Dims(); c++ {
					req.Offset[c][j] = int32(rng.IntN(16)) - 8
				}
			}
		}
		var res Result
		if err := (&Engine{Precision: prec}).Execute(s.View(), &st, req, &res); err != nil {
			t.Fatalf("it %d: %v", it, err)
		}
		for j := range lanes {
			var coord [3]float32
			var off [3]int32
			for c := 0; c < kind.Dims(); c++ {
				coord[c] = req.Coord[c][j]
				if offs {
					off[c] = req.Offset[c][j]
				}
			}
			layer := 0
			if kind.IsArray() {
				layer = int(clampLayer(req.Coord[kind.Dims()][j], int32(d.Layers)))
			}
			m := cubicModel{s: s, st: &st, prec: prec, layer: layer}
			want := m.sample(coord, req.Lod[j], off)
			tol := 0x1p-16
			if st.Reduction == ReductionMin || st.Reduction == ReductionMax {
				tol = 0
			}
			for c := range 4 {
				if got := float64(res.Float(c, j)); math.Abs(got-want[c]) > tol {
					t.Fatalf("it %d lane %d channel %d: %s %v %dx%dx%d×%d, %s %v %s %s %v, s %v lod %v off %v: %v, model %v",
						it, j, c, kind, d.Format, d.Width, d.Height, d.Depth, d.Layers, st.CubicWeights, st.Address, st.Reduction, st.MipFilter, prec,
						coord, req.Lod[j], off, got, want[c])
				}
			}
		}
	}
}

// TestCubicConstant: a constant texture filters to its constant with
// every weight set at any point, within 4 binary32 rounding steps of the
// constant (the weights sum to 1 within 4·2⁻²⁴, TestCubicWeightsSumToOne).
func TestCubicConstant(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 7, Height: 5}, false)
	for o := 0; o < len(s.Data); o += 16 {
		for c, v := range []float32{0.3, -2, 1, 1000} {
			putF32(s.Data[o+4*c:], v)
		}
	}
	rng := rand.New(rand.NewPCG(26, 3))
	for kind := CubicCatmullRom; kind <= CubicMitchellNetravali; kind++ {
		st := cubicState(kind)
		for range 200 {
			u, v := -1+3*rng.Float32(), -1+3*rng.Float32()
			got := one(t, s.View(), st, OpSampleLZ, func(r *Request) { r.Coord[0], r.Coord[1] = f32s(u), f32s(v) })
			for c, want := range []float32{0.3, -2, 1, 1000} {
				if math.Abs(float64(got[c]-want)) > 4*math.Abs(float64(want))*0x1p-23 {
					t.Fatalf("%s at (%v, %v): channel %d %v, want %v", kind, u, v, c, got[c], want)
				}
			}
		}
	}
}

func putF32(b []byte, v float32) {
	u := math.Float32bits(v)
	b[0], b[1], b[2], b[3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
}

// TestCubicInterpolatesAtCentres: at a texel centre α = β = 0, so
// Catmull-Rom (and Zero Tangent Cardinal) weigh the centre texel 1 and the
// others 0: the result is the texel, bit for bit, in both precision modes
// and on every level; B-spline there is (t₋₁ + 4t₀ + t₊₁)/6 per axis.
func TestCubicInterpolatesAtCentres(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 4, Levels: 2}, false)
	for _, prec := range []Precision{{}, HardwarePrecision()} {
		for _, kind := range []CubicWeights{CubicCatmullRom, CubicZeroTangentCardinal} {
			st := cubicState(kind)
			for l := range 2 {
				w, h, _ := s.LevelSize(l)
				for y := range h {
					for x := range w {
						req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s((float32(x) + 0.5) / float32(w)), f32s((float32(y) + 0.5) / float32(h))}, Lod: f32s(float32(l))}
						var res Result
						if err := (&Engine{Precision: prec}).Execute(s.View(), &st, req, &res); err != nil {
							t.Fatal(err)
						}
						want := s.Format.Decoder()(s.Data[s.TexelOffset(l, x, y, 0, 0, 0):])
						if got := res.Vec(0); got != want {
							t.Fatalf("%v %s level %d texel (%d, %d): %v, want %v", prec, kind, l, x, y, got, want)
						}
					}
				}
			}
		}
	}
	// B-spline on a 1D ramp t_i = i (repeat off: clamp to edge) at the
	// centre of texel 3: (2 + 4·3 + 4)/6 = 3, and at texel 0: (0 + 0 + 1)/6
	// with the clamped texel −1 = texel 0: (0 + 4·0 + 1)/6.
	ramp := newSurface(t, surface.Desc{Kind: surface.Kind1D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 1}, true)
	st := cubicState(CubicBSpline)
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
	for _, c := range []struct{ x, want float32 }{{3, 3}, {0, 1.0 / 6}, {7, 7 - 1.0/6}} {
		got := one(t, ramp.View(), st, OpSampleLZ, func(r *Request) { r.Coord[0] = f32s((c.x + 0.5) / 8) })
		if !near(got[0], c.want, 1e-6) {
			t.Errorf("b_spline at texel %v: %v, want %v", c.x, got[0], c.want)
		}
	}
}

// TestCubicBorder: clamp_to_border mixes the border colour into the
// footprint by the border texels' weights. With Catmull-Rom at the
// surface's corner (u = v = 0: α = β = ½, weights ¼·(−1, 9, 9, −1) per
// axis), texels −2 and −1 of each axis are border texels and weigh ½ in
// each axis, so a constant texture c gives c/4 + 3b/4; at a texel centre
// next to the edge (α = 0) the border has weight 0 and the result is c.
// Min and max then include the border colour where its weight is not 0.
func TestCubicBorder(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4}, false)
	for o := 0; o < len(s.Data); o += 16 {
		for c := range 4 {
			putF32(s.Data[o+4*c:], 0.5)
		}
	}
	st := cubicState(CubicCatmullRom)
	st.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
	st.Border, st.BorderColor = BorderCustom, [4]float64{1, 0, -1, 0.5}
	at := func(st State, u, v float32) [4]float32 {
		return one(t, s.View(), st, OpSampleLZ, func(r *Request) { r.Coord[0], r.Coord[1] = f32s(u), f32s(v) })
	}
	if got, want := at(st, 0, 0), [4]float32{0.875, 0.125, -0.625, 0.5}; got != want {
		t.Errorf("corner: %v, want %v", got, want)
	}
	// u = 0, v at row 1's centre: only the i axis reaches the border (½).
	if got, want := at(st, 0, 1.5/4), [4]float32{0.75, 0.25, -0.25, 0.5}; got != want {
		t.Errorf("edge: %v, want %v", got, want)
	}
	if got, want := at(st, 0.5/4, 0.5/4), [4]float32{0.5, 0.5, 0.5, 0.5}; got != want {
		t.Errorf("texel centre beside the border: %v, want %v", got, want)
	}
	st.Reduction = ReductionMin
	if got, want := at(st, 0, 0), [4]float32{0.5, 0, -1, 0.5}; got != want {
		t.Errorf("min at the corner: %v, want %v", got, want)
	}
	if got, want := at(st, 0.5/4, 0.5/4), [4]float32{0.5, 0.5, 0.5, 0.5}; got != want {
		t.Errorf("min at a centre (border weight 0): %v, want %v", got, want)
	}
	st.Reduction = ReductionMax
	if got, want := at(st, 0, 0), [4]float32{1, 0.5, 0.5, 0.5}; got != want {
		t.Errorf("max at the corner: %v, want %v", got, want)
	}
}

// TestCubicMinMax: min and max reduce over the texels of non-zero weight
// only. A single extreme texel changes the result exactly when its weight
// is not zero: Catmull-Rom at a texel centre weighs one texel, B-spline
// there a 3×3 block (its fourth column and row weigh 0), and any weight
// set off-centre all 16.
func TestCubicMinMax(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 8}, false)
	for o := 0; o < len(s.Data); o += 16 {
		for c := range 4 {
			putF32(s.Data[o+4*c:], 0.5)
		}
	}
	spike := func(x, y int, v float32) {
		o := s.TexelOffset(0, x, y, 0, 0, 0)
		for c := range 4 {
			putF32(s.Data[o+4*c:], v)
		}
	}
	// Footprint of the centre of texel (3, 3): i0 = j0 = 2.
	centre := func(st State) float32 {
		return one(t, s.View(), st, OpSampleLZ, func(r *Request) { r.Coord[0], r.Coord[1] = f32s(3.5/8), f32s(3.5/8) })[0]
	}
	off := func(st State) float32 { // u − ½ = 3.25: α = β = ¼, all 16 weights non-zero
		return one(t, s.View(), st, OpSampleLZ, func(r *Request) { r.Coord[0], r.Coord[1] = f32s(3.75/8), f32s(3.75/8) })[0]
	}
	for _, c := range []struct {
		x, y    int
		kind    CubicWeights
		centre  bool // the spike counts at the centre
		offside bool // and off-centre
	}{
		{3, 3, CubicCatmullRom, true, true},
		{2, 3, CubicCatmullRom, false, true},
		{5, 5, CubicCatmullRom, false, true},
		{2, 2, CubicBSpline, true, true},
		{4, 3, CubicBSpline, true, true},
		{5, 3, CubicBSpline, false, true},
		{3, 5, CubicMitchellNetravali, false, true},
		{4, 4, CubicMitchellNetravali, true, true},
		{6, 3, CubicCatmullRom, false, false}, // outside the footprint
	} {
		spike(c.x, c.y, -3)
		st := cubicState(c.kind)
		st.Reduction = ReductionMin
		want := func(counts bool) float32 {
			if counts {
				return -3
			}
			return 0.5
		}
		if got := centre(st); got != want(c.centre) {
			t.Errorf("%s min, spike at (%d, %d), centre: %v, want %v", c.kind, c.x, c.y, got, want(c.centre))
		}
		if got := off(st); got != want(c.offside) {
			t.Errorf("%s min, spike at (%d, %d), off centre: %v, want %v", c.kind, c.x, c.y, got, want(c.offside))
		}
		spike(c.x, c.y, 9)
		st.Reduction = ReductionMax
		if got := centre(st); (got == 9) != c.centre {
			t.Errorf("%s max, spike at (%d, %d), centre: %v", c.kind, c.x, c.y, got)
		}
		spike(c.x, c.y, 0.5)
	}
}

// TestCubicValidation checks the rules on which states, views, formats and
// operations cubic filtering allows, and that each error names the field
// and the value.
func TestCubicValidation(t *testing.T) {
	col := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4}, false)
	sample := &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5), f32s(0.5), f32s(0)}}
	cases := []struct {
		name string
		desc surface.Desc
		st   func(*State)
		req  *Request
		want string // "" for success
	}{
		{"2d", col.Desc, nil, sample, ""},
		{"min only", col.Desc, func(s *State) { s.MagFilter = Nearest }, sample, ""},
		{"anisotropy", col.Desc, func(s *State) { s.MaxAnisotropy = 4 }, sample, "sampler.max_anisotropy: anisotropy 4 is not allowed with cubic filtering (sampler.mag cubic)"},
		{"anisotropy, min cubic", col.Desc, func(s *State) { s.MagFilter, s.MaxAnisotropy = Linear, 2 }, sample, "(sampler.min cubic)"},
		{"weights", col.Desc, func(s *State) { s.CubicWeights = 4 }, sample, "sampler.cubic_weights: invalid cubic weights 4"},
		{"filter", col.Desc, func(s *State) { s.MagFilter = 3 }, sample, "sampler.mag: invalid filter 3"},
		{"integer", surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Uint, Width: 4, Height: 4}, nil, sample, "sampler.mag: cubic filtering of the integer format r8g8b8a8_uint is not allowed"},
		{"depth", surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 4, Height: 4}, nil, sample, "sampler.mag: cubic filtering of the depth format d32_sfloat is not allowed"},
		{"compare colour", surface.Desc{Kind: surface.Kind2D, Format: format.R32Sfloat, Width: 4, Height: 4},
			func(s *State) { s.Compare, s.CompareColor = CompareLess, true },
			&Request{Op: OpSampleCLZ, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5)}, Ref: f32s(0.5)}, "sampler.mag: cubic filtering is not allowed with a depth compare (sample_c_lz)"},
		{"cube", surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4, Layers: 6}, func(s *State) { s.MagFilter = Linear },
			&Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(1), f32s(0), f32s(0)}, Lod: f32s(1)}, "sampler.min: cubic filtering of cube surfaces needs sampler.seamless_cube false"},
		{"non-seamless cube", surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4, Layers: 6}, func(s *State) { s.NonSeamless = true },
			&Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(1), f32s(0), f32s(0)}, Lod: f32s(1)}, ""},
		{"2d multisample", surface.Desc{Kind: surface.Kind2DMS, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4, Samples: 4}, nil, sample, "cannot sample the multisample surface"},
		{"1d", surface.Desc{Kind: surface.Kind1D, Format: format.R16G16B16A16Sfloat, Width: 4, Height: 1}, nil, sample, ""},
		{"3d", surface.Desc{Kind: surface.Kind3D, Format: format.R8G8B8A8Srgb, Width: 4, Height: 4, Depth: 4}, nil, sample, ""},
		{"bc1", surface.Desc{Kind: surface.Kind2D, Format: format.BC1RGBAUnormBlock, Width: 8, Height: 8}, nil, sample, ""},
		{"gather on a cube", surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4, Layers: 6}, nil,
			&Request{Op: OpGather4, Lanes: 1, Coord: [4][]float32{f32s(1), f32s(0), f32s(0)}}, ""},
		{"lod query on an integer format", surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Uint, Width: 4, Height: 4}, nil,
			&Request{Op: OpLod, Lanes: 4, Coord: [4][]float32{f32s(0, 1, 0, 1), f32s(0, 0, 1, 1)}}, "sampler: cubic filtering of the integer format r8g8b8a8_uint is not allowed"},
	}
	for _, c := range cases {
		d := c.desc
		if d.Levels == 0 {
			d.Levels = 1
		}
		s := newSurface(t, d, false)
		st := cubicState(CubicCatmullRom)
		if c.st != nil {
			c.st(&st)
		}
		var res Result
		err := (&Engine{}).Execute(s.View(), &st, c.req, &res)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	if f, err := ParseFilter("cubic"); f != Cubic || err != nil || Cubic.String() != "cubic" {
		t.Errorf("ParseFilter(cubic) = %v, %v", f, err)
	}
	for k := CubicCatmullRom; k <= CubicMitchellNetravali; k++ {
		if w, err := ParseCubicWeights(k.String()); w != k || err != nil {
			t.Errorf("ParseCubicWeights(%q) = %v, %v", k.String(), w, err)
		}
	}
	if _, err := ParseCubicWeights("lanczos"); err == nil || !strings.Contains(err.Error(), `"lanczos"`) {
		t.Errorf("ParseCubicWeights(lanczos): %v", err)
	}
}

// TestCubicUnaffected: gathers ignore the filter and the LOD query does
// not filter, so a cubic sampler gives what a linear one gives, bit for
// bit, on both paths; an unnormalized cubic sample equals the normalized
// one at the same texel coordinates.
func TestCubicUnaffected(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Levels: 5}, false)
	const lanes = 16
	u, v := make([]float32, lanes), make([]float32, lanes)
	rng := rand.New(rand.NewPCG(26, 4))
	for i := range lanes {
		u[i], v[i] = rng.Float32(), rng.Float32()
	}
	cub, lin := cubicState(CubicBSpline), linearState()
	for _, op := range []Op{OpGather4, OpLod, OpGather4L, OpSampleL} {
		req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{u, v}, Lod: make([]float32, lanes), Channel: make([]uint8, lanes)}
		for i := range lanes {
			req.Lod[i], req.Channel[i] = float32(i)/4, uint8(i%4)
		}
		a := run(t, &Engine{}, s.View(), &cub, req)
		b := run(t, &Engine{}, s.View(), &lin, req)
		same := fmt.Sprint(a.Bits) == fmt.Sprint(b.Bits)
		if op == OpSampleL && same {
			t.Errorf("sample_l: cubic and linear agree: the test cannot tell them apart")
		}
		if op != OpSampleL && !same {
			t.Errorf("%s: cubic %v, linear %v", op, a.Bits, b.Bits)
		}
	}
	one1 := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 6, Height: 5, Levels: 1}, false)
	un := cubicState(CubicCatmullRom)
	un.Unnormalized, un.MaxLod, un.MipFilter = true, 0, MipNearest
	un.Address = [3]AddressMode{WrapClampToEdge, WrapClampToBorder, WrapClampToEdge}
	nm := un
	nm.Unnormalized = false
	for range 50 {
		x, y := -1+8*rng.Float32(), -1+7*rng.Float32()
		a := one(t, one1.View(), un, OpSampleLZ, func(r *Request) { r.Coord[0], r.Coord[1] = f32s(x), f32s(y) })
		b := one(t, one1.View(), nm, OpSampleLZ, func(r *Request) { r.Coord[0], r.Coord[1] = f32s(x/6), f32s(y/5) })
		if !vecNear(a, b, 1e-5) {
			t.Fatalf("unnormalized (%v, %v): %v, normalized %v", x, y, a, b)
		}
	}
}

// TestCubicTrace: a cubic footprint's trace lists its 16 texels (64 in 3D,
// 4 in 1D) in the engine's order — k, then j, then i — at the
// specification's i0 = ⌊u − 3/2⌋ … i0 + 3, with the model's weights, and
// the weighted sum of the traced texels is the value.
func TestCubicTrace(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 5))
	for it := 0; it < 60; it++ {
		kind := []surface.Kind{surface.Kind1D, surface.Kind2D, surface.Kind2DArray, surface.Kind3D}[it%4]
		d := surface.Desc{Kind: kind, Format: format.R32G32B32A32Sfloat, Width: 2 + rng.IntN(9), Height: 1, Depth: 1, Layers: 1, Levels: 1}
		if kind != surface.Kind1D {
			d.Height = 2 + rng.IntN(9)
		}
		if kind == surface.Kind3D {
			d.Depth = 2 + rng.IntN(5)
		}
		if kind == surface.Kind2DArray {
			d.Layers = 3
		}
		s := newSurface(t, d, false)
		st := cubicState(CubicWeights(rng.IntN(4)))
		for c := range st.Address {
			st.Address[c] = AddressMode(rng.IntN(5))
		}
		const lanes = 4
		req := &Request{Op: OpSampleLZ, Lanes: lanes}
		for c := range 4 {
			req.Coord[c] = make([]float32, lanes)
			for j := range lanes {
				req.Coord[c][j] = -0.3 + 1.6*rng.Float32()
			}
		}
		res, tr := traced(t, s.View(), &st, req)
		dims := kind.Dims()
		for j := range lanes {
			got := texelsOf(tr, j)
			if want := 1 << (2 * dims); len(got) != want {
				t.Fatalf("it %d %s lane %d: %d texels, want %d", it, kind, j, len(got), want)
			}
			size := [3]int{d.Width, d.Height, d.Depth}
			var i0 [3]int
			var w [3][4]float64
			for c := range 3 {
				w[c] = [4]float64{1}
				if c < dims {
					x := float64(float32(req.Coord[c][j]*float32(size[c]))) - 0.5
					i0[c] = int(math.Floor(x - 1)) // ⌊u − 3/2⌋
					w[c] = modelWeights(st.CubicWeights, x-math.Floor(x))
				}
			}
			var sum [4]float64
			for n, e := range got {
				di, dj, dk := n%4, n/4%4, n/16
				if dims == 1 {
					di, dj, dk = n, 0, 0
				}
				want := [3]int{i0[0] + di, i0[1] + dj, i0[2] + dk}
				border := false
				for c := 0; c < dims; c++ {
					var b bool
					want[c], b = modelWrap(want[c], size[c], st.Address[c])
					if b {
						border = true
					}
				}
				if border {
					want = [3]int{i0[0] + di, i0[1] + dj, i0[2] + dk}
				}
				if dims < 3 {
					want[2] = 0
				}
				if dims < 2 {
					want[1] = 0
				}
				ww := w[0][di] * w[1][dj] * w[2][dk]
				if int(e.x) != want[0] || int(e.y) != want[1] || int(e.z) != want[2] || math.Abs(e.w-ww) > 1e-6 {
					t.Fatalf("it %d %s lane %d texel %d: %+v, model (%v, %v)", it, kind, j, n, e, want, ww)
				}
				tt := tr.Lane(j)[n]
				var v [4]float32
				if !tt.Border {
					v = s.Format.Decoder()(s.Data[tt.Offset:])
				}
				for c := range sum {
					sum[c] += e.w * float64(v[c])
				}
			}
			for c := range 4 {
				if g := float64(res.Float(c, j)); math.Abs(g-sum[c]) > 1e-5 {
					t.Fatalf("it %d %s lane %d channel %d: value %v, traced sum %v", it, kind, j, c, g, sum[c])
				}
			}
		}
	}
}

// TestCubicDeclinesFastPath: a cubic sampling request takes neither the
// specialised path nor the lane loop; a gather or fetch with the same
// state still does (they ignore the filter).
func TestCubicDeclinesFastPath(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8}, false)
	for _, c := range []struct {
		op       Op
		mag, min Filter
		want     bool
	}{
		{OpSampleL, Cubic, Cubic, false},
		{OpSampleL, Linear, Cubic, false},
		{OpSampleL, Cubic, Nearest, false},
		{OpSampleL, Linear, Linear, true},
		{OpGather4, Cubic, Cubic, true},
		{OpFetch, Cubic, Cubic, true},
	} {
		st := DefaultState()
		st.MagFilter, st.MinFilter = c.mag, c.min
		var x exec
		if err := x.setup(Precision{}, s.View(), &st, &Request{Op: c.op}); err != nil {
			t.Fatal(err)
		}
		if x.fast.on != c.want || (!c.want && x.fast.lanes != laneNone) {
			t.Errorf("%s mag %s min %s: fast path %v (lanes %v), want %v", c.op, c.mag, c.min, x.fast.on, x.fast.lanes, c.want)
		}
	}
}

// TestCubicRangeClamp: VK_QCOM_filter_cubic_clamp's reduction clamps the
// average to the range of the texels of non-zero weight. On a step
// 0 0 0 1 1 1 1 1, Catmull-Rom overshoots to 137/128 over texels 2–5 at
// α = ¼ and undershoots to −9/128 over texels 0–3 at α = ¾; the clamp
// gives 1 and 0, and leaves a value inside the range as the weighted
// average has it, bit for bit. It needs cubic mag and min filters.
func TestCubicRangeClamp(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind1D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 1, Levels: 1}, false)
	for x := range 8 {
		v := float32(0)
		if x >= 3 {
			v = 1
		}
		for c := range 4 {
			putF32(s.Data[16*x+4*c:], v)
		}
	}
	st := cubicState(CubicCatmullRom)
	st.Address[0] = WrapClampToEdge
	at := func(st State, u float32) float32 {
		return one(t, s.View(), st, OpSampleLZ, func(r *Request) { r.Coord[0] = f32s(u / 8) })[0]
	}
	rc := st
	rc.Reduction = ReductionRangeClamp
	for _, c := range []struct{ u, avg, clamped float32 }{
		{3.75, 137.0 / 128, 1},
		{2.25, -9.0 / 128, 0},
		{3.25, 102.0 / 128, 102.0 / 128}, // texels 1–4 at α = ¾: inside the range
	} {
		if avg := at(st, c.u); avg != c.avg {
			t.Errorf("u %v: average %v, want %v", c.u, avg, c.avg)
		}
		if got := at(rc, c.u); got != c.clamped {
			t.Errorf("u %v: range clamp %v, want %v", c.u, got, c.clamped)
		}
	}
	for _, bad := range []func(*State){
		func(s *State) { s.MagFilter = Linear },
		func(s *State) { s.MinFilter = Nearest },
	} {
		b := rc
		bad(&b)
		var res Result
		err := (&Engine{}).Execute(s.View(), &b, &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{f32s(0.5)}}, &res)
		if err == nil || !strings.Contains(err.Error(), "sampler.reduction: weighted_average_rangeclamp needs cubic mag and min filters") {
			t.Errorf("range clamp with mag %s min %s: %v", b.MagFilter, b.MinFilter, err)
		}
	}
	if r, err := ParseReduction("weighted_average_rangeclamp"); r != ReductionRangeClamp || err != nil {
		t.Errorf("ParseReduction: %v, %v", r, err)
	}
}

// TestCubicNoAllocations: a cubic request allocates nothing once its
// Result has grown.
func TestCubicNoAllocations(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	st := cubicState(CubicMitchellNetravali)
	st.MipFilter = MipLinear
	u, v := benchCoords(64, 1.5/64)
	req := &Request{Op: OpSampleL, Lanes: 64, Coord: [4][]float32{u, v}, Lod: fill(64, 0.585)}
	eng, res := &Engine{}, &Result{}
	if n := testing.AllocsPerRun(20, func() { _ = eng.Execute(s.View(), &st, req, res) }); n != 0 {
		t.Errorf("%v allocations per request", n)
	}
}

// BenchmarkCubic measures 64-lane sample_l requests on a 1024² r8g8b8a8_unorm
// surface: bicubic (one level) and tricubic (two levels), against bilinear
// and trilinear on the same path (the reference path: -nofast is implied
// for cubic, which the specialised path declines) and on the lane loop.
func BenchmarkCubic(b *testing.B) {
	for _, c := range []struct {
		name   string
		filter Filter
		mip    MipFilter
		lod    float32
		ref    bool
	}{
		{"bicubic", Cubic, MipNone, 0, true},
		{"tricubic", Cubic, MipLinear, 0.585, true},
		{"bilinear-reference", Linear, MipNone, 0, true},
		{"trilinear-reference", Linear, MipLinear, 0.585, true},
		{"bilinear-lanes", Linear, MipNone, 0, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			u, v := benchCoords(benchLanes, 1.5/1024)
			st := DefaultState()
			st.MagFilter, st.MinFilter, st.MipFilter = c.filter, c.filter, c.mip
			req := &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, c.lod)}
			old := *noFast
			*noFast = c.ref
			defer func() { *noFast = old }()
			benchRun(b, rgba8(b), st, req)
		})
	}
}

// TestCubicResidency: every texel of the 4×4 footprint is read, those of
// zero weight included, so a non-resident tile under any of them clears
// the lane's residency flag (and reads as zero), as for the other filters.
func TestCubicResidency(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Levels: 1}, false)
	if err := s.SetTileSize(4, 4, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetResident(0, 0, 1, 0, 0, false); err != nil { // texels 4–7 × 0–3
		t.Fatal(err)
	}
	st := cubicState(CubicCatmullRom)
	// Texel (2, 1)'s centre: α = β = 0, texels 1–4 × 0–3; texel column 4
	// (non-resident) weighs 0.
	req := &Request{Op: OpSampleLZ, Lanes: 2, Coord: [4][]float32{f32s(2.5/16, 1.5/16), f32s(1.5/16, 1.5/16)}}
	res := run(t, &Engine{}, s.View(), &st, req)
	if res.Resident[0] {
		t.Error("a zero-weight texel in a non-resident tile: lane 0 resident")
	}
	if !res.Resident[1] { // texels 0–3: all resident
		t.Error("lane 1 not resident")
	}
	want := s.Format.Decoder()(s.Data[s.TexelOffset(0, 2, 1, 0, 0, 0):])
	if got := res.Vec(0); got != want {
		t.Errorf("lane 0: %v, want texel (2, 1) %v", got, want)
	}
}

// TestCubicNonSeamlessCube: with seamless cube filtering off, each face of
// a cube or cube-array view is a 2D image, so a cubic sample of direction r
// equals, bit for bit, the cubic sample of a 2D-array view of the same
// bytes at r's face coordinates on the layer of r's face, with every wrap
// mode, weight set and reduction.
func TestCubicNonSeamlessCube(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 6))
	for it := 0; it < 40; it++ {
		kind, layers := surface.KindCube, 6
		if it%2 == 1 {
			kind, layers = surface.KindCubeArray, 12
		}
		w := 1 + rng.IntN(9)
		cube := newSurface(t, surface.Desc{Kind: kind, Format: format.R16G16B16A16Sfloat, Width: w, Height: w, Layers: layers, Levels: 1}, false)
		arr, err := surface.New(surface.Desc{Kind: surface.Kind2DArray, Format: format.R16G16B16A16Sfloat, Width: w, Height: w, Layers: layers, Levels: 1})
		if err != nil {
			t.Fatal(err)
		}
		copy(arr.Data, cube.Data)
		st := cubicState(CubicWeights(rng.IntN(4)))
		st.NonSeamless = true
		st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
		st.Border = BorderOpaqueWhite
		st.Reduction = Reduction(rng.IntN(4))
		const lanes = 16
		req := &Request{Op: OpSampleLZ, Lanes: lanes}
		ar := &Request{Op: OpSampleLZ, Lanes: lanes}
		for c := range 4 {
			req.Coord[c], ar.Coord[c] = make([]float32, lanes), make([]float32, lanes)
		}
		for i := range lanes {
			var r [3]float32
			for c := range r {
				r[c] = 2*rng.Float32() - 1
				req.Coord[c][i] = r[c]
			}
			a := float32(rng.IntN(layers/6 + 1))
			req.Coord[3][i] = a
			f := selectFace(r)
			ar.Coord[0][i], ar.Coord[1][i] = faceCoords(f, r)
			ar.Coord[2][i] = float32(int(clampLayer(a, int32(layers/6)))*6 + f)
		}
		got := run(t, &Engine{}, cube.View(), &st, req)
		want := run(t, &Engine{}, arr.View(), &st, ar)
		for i := range lanes {
			for c := range 4 {
				if got.Bits[c][i] != want.Bits[c][i] {
					t.Fatalf("it %d %s lane %d channel %d: cube %08x, 2d array face %08x", it, kind, i, c, got.Bits[c][i], want.Bits[c][i])
				}
			}
		}
	}
}

// TestCubicAgainstPillow holds Catmull-Rom to an independent referee:
// Pillow's bicubic enlargement (Image.resize(..., Image.BICUBIC) of mode
// "F" images; Keys' cubic with a = −½, which is Catmull-Rom, evaluated in
// float64 per pass, testdata/pillow_bicubic.txt.gz and README.md). An
// output pixel X of a W → W2 enlargement is Pillow's filter centred at
// u = (X + ½)·W/W2, texunit's sample at s = (X + ½)/W2. Pillow clips its
// filter window at the image's edges and renormalizes the weights, where
// Vulkan wraps, so only pixels whose 4×4 footprint lies inside the image
// (1.5 ≤ u ≤ W − 2.5 on both axes) are compared: within 2⁻²⁰ (Pillow
// rounds its horizontal pass to float32; texunit sums 16 binary32
// products).
func TestCubicAgainstPillow(t *testing.T) {
	f, err := os.Open("testdata/pillow_bicubic.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	read := func(tag string) (w, h int, v []uint32) {
		if !sc.Scan() {
			return 0, 0, nil
		}
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || fs[0] != tag {
			t.Fatalf("want a %q line, got %.40q", tag, sc.Text())
		}
		w, _ = strconv.Atoi(fs[1])
		h, _ = strconv.Atoi(fs[2])
		for _, x := range fs[3:] {
			u, err := strconv.ParseUint(x, 16, 32)
			if err != nil {
				t.Fatal(err)
			}
			v = append(v, uint32(u))
		}
		if len(v) != w*h {
			t.Fatalf("%s %dx%d: %d values", tag, w, h, len(v))
		}
		return w, h, v
	}
	compared, images := 0, 0
	worst := 0.0
	for {
		w, h, in := read("in")
		if in == nil {
			break
		}
		w2, h2, out := read("out")
		s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32Sfloat, Width: w, Height: h, Levels: 1}, false)
		for y := range h {
			for x := range w {
				binary.LittleEndian.PutUint32(s.Data[s.TexelOffset(0, x, y, 0, 0, 0):], in[y*w+x])
			}
		}
		st := cubicState(CubicCatmullRom)
		st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
		req := &Request{Op: OpSampleLZ, Lanes: w2 * h2, Coord: [4][]float32{make([]float32, w2*h2), make([]float32, w2*h2)}}
		for y := range h2 {
			for x := range w2 {
				req.Coord[0][y*w2+x] = (float32(x) + 0.5) / float32(w2)
				req.Coord[1][y*w2+x] = (float32(y) + 0.5) / float32(h2)
			}
		}
		res := run(t, &Engine{}, s.View(), &st, req)
		inside := func(x, n, n2 int) bool {
			u := (float64(x) + 0.5) * float64(n) / float64(n2)
			return u >= 1.5 && u <= float64(n)-2.5
		}
		for y := range h2 {
			for x := range w2 {
				if !inside(x, w, w2) || !inside(y, h, h2) {
					continue
				}
				got := float64(res.Float(0, y*w2+x))
				want := float64(math.Float32frombits(out[y*w2+x]))
				d := math.Abs(got - want)
				worst = max(worst, d)
				if d > 0x1p-20 {
					t.Fatalf("%dx%d → %dx%d pixel (%d, %d): texunit %v, Pillow %v", w, h, w2, h2, x, y, got, want)
				}
				compared++
			}
		}
		images++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if images != 5 || compared < 2500 {
		t.Fatalf("%d images, %d pixels compared", images, compared)
	}
	t.Logf("%d pixels of %d images within %.3g of Pillow", compared, images, worst)
}
