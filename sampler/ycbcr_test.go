package sampler

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// yccRef is an independent float64 model of Vulkan's sampler Y′CbCr
// conversion, written from the specification's equations ("Chroma
// Reconstruction", "Sampler Y′CBCR Range Expansion", "Sampler Y′CBCR
// Model Conversion") over the integer codes read from the planes' bytes.
type yccRef struct {
	n         int         // bits per component
	w, h      int         // luma size
	cw, ch    int         // chroma size
	y, cb, cr [][]float64 // codes [row][column]
	conv      YCbCrConversion
	sub       [2]bool // subsampled axes
}

// newYCCRef reads layer 0 of the linear multi-planar surface s.
func newYCCRef(s *surface.Surface, conv YCbCrConversion) *yccRef {
	in := s.Format.Info()
	r := &yccRef{n: in.Bits[1], w: s.Width, h: s.Height, conv: conv}
	r.cw, r.ch = s.Width/in.ChromaDivisor[0], s.Height/in.ChromaDivisor[1]
	r.sub = [2]bool{in.ChromaDivisor[0] == 2, in.ChromaDivisor[1] == 2}
	eb := in.ElementBytes
	code := func(b []byte) float64 {
		if eb == 1 {
			return float64(b[0])
		}
		return float64(binary.LittleEndian.Uint16(b) >> (16 - r.n))
	}
	grid := func(data []byte, w, h, stride, off int) [][]float64 {
		g := make([][]float64, h)
		for j := range g {
			g[j] = make([]float64, w)
			for i := range g[j] {
				g[j][i] = code(data[(j*w+i)*stride+off:])
			}
		}
		return g
	}
	if pk, ok := packed422Layout[s.Format]; ok {
		// Blocks of 4 components: G of the even texel, G of the odd one,
		// B and R at the byte offsets of the specification's description.
		r.y = make([][]float64, r.h)
		bw := r.w / 2
		for j := range r.h {
			r.y[j] = make([]float64, r.w)
			for i := range r.w {
				g := pk[0]
				if i%2 == 1 {
					g = pk[1]
				}
				r.y[j][i] = code(s.Data[(j*bw+i/2)*4*eb+g*eb:])
			}
		}
		r.cb = grid(s.Data, r.cw, r.ch, 4*eb, pk[2]*eb)
		r.cr = grid(s.Data, r.cw, r.ch, 4*eb, pk[3]*eb)
		return r
	}
	r.y = grid(s.Plane(0).Data, r.w, r.h, eb, 0)
	if s.PlaneCount() == 2 {
		r.cb = grid(s.Plane(1).Data, r.cw, r.ch, 2*eb, 0)
		r.cr = grid(s.Plane(1).Data, r.cw, r.ch, 2*eb, eb)
	} else {
		r.cb = grid(s.Plane(1).Data, r.cw, r.ch, eb, 0)
		r.cr = grid(s.Plane(2).Data, r.cw, r.ch, eb, 0)
	}
	return r
}

// packed422Layout holds, for the single-plane 4:2:2 formats, the
// component index (in containers) of the even texel's G, the odd texel's
// G, B and R, from the format descriptions of the specification.
var packed422Layout = map[format.Format][4]int{
	format.G8B8G8R8422Unorm: {0, 2, 1, 3}, format.B8G8R8G8422Unorm: {1, 3, 0, 2},
	format.G10X6B10X6G10X6R10X6422Unorm4Pack16: {0, 2, 1, 3}, format.B10X6G10X6R10X6G10X6422Unorm4Pack16: {1, 3, 0, 2},
	format.G12X4B12X4G12X4R12X4422Unorm4Pack16: {0, 2, 1, 3}, format.B12X4G12X4R12X4G12X4422Unorm4Pack16: {1, 3, 0, 2},
	format.G16B16G16R16422Unorm: {0, 2, 1, 3}, format.B16G16R16G16422Unorm: {1, 3, 0, 2},
}

// filt filters grid g (w×h, values code/(2^n−1)) at texel coordinates
// (u, v) with clamp-to-edge.
func (r *yccRef) filt(g [][]float64, w, h int, u, v float64, f Filter) float64 {
	at := func(i, j int) float64 {
		i, j = min(max(i, 0), w-1), min(max(j, 0), h-1)
		return g[j][i] / float64(int(1)<<r.n-1)
	}
	if f == Nearest {
		return at(int(math.Floor(u)), int(math.Floor(v)))
	}
	i0, j0 := math.Floor(u-0.5), math.Floor(v-0.5)
	a, b := u-0.5-i0, v-0.5-j0
	i, j := int(i0), int(j0)
	return (1-a)*(1-b)*at(i, j) + a*(1-b)*at(i+1, j) + (1-a)*b*at(i, j+1) + a*b*at(i+1, j+1)
}

// chroma is the reconstructed (C_B, C_R) at luma texel coordinates (u, v):
// u_ds = u/2 (midpoint) or u/2 + ¼ (cosited_even) on a subsampled axis,
// the midpoint for the nearest chroma filter; f for 4:4:4.
func (r *yccRef) chroma(u, v float64, f Filter) (cb, cr float64) {
	loc := [2]ChromaLocation{r.conv.XChromaOffset, r.conv.YChromaOffset}
	c := [2]float64{u, v}
	for a := range 2 {
		if r.sub[a] {
			c[a] /= 2
			if loc[a] == ChromaCositedEven && r.conv.ChromaFilter == Linear {
				c[a] += 0.25
			}
		}
	}
	if r.sub[0] || r.sub[1] {
		f = r.conv.ChromaFilter
	}
	return r.filt(r.cb, r.cw, r.ch, c[0], c[1], f), r.filt(r.cr, r.cw, r.ch, c[0], c[1], f)
}

// convert is the swizzle, range expansion and model conversion.
func (r *yccRef) convert(t [4]float64) [4]float64 {
	sw := r.conv.Components.Resolve()
	var s [4]float64
	for c := range 4 {
		switch sw[c] {
		case surface.SwizzleZero:
		case surface.SwizzleOne:
			s[c] = 1
		default:
			s[c] = t[sw[c]-surface.SwizzleR]
		}
	}
	if r.conv.Model == YCbCrRGBIdentity {
		return s
	}
	m := float64(int(1)<<r.n - 1)
	k := float64(int(1) << (r.n - 8))
	cr, y, cb := s[0], s[1], s[2]
	if r.conv.Range == RangeITUNarrow {
		y = (y*m - 16*k) / (219 * k)
		cb = (cb*m - 128*k) / (224 * k)
		cr = (cr*m - 128*k) / (224 * k)
	} else {
		half := float64(int(1)<<(r.n-1)) / m
		cb, cr = cb-half, cr-half
	}
	if r.conv.Model == YCbCrIdentity {
		return [4]float64{cr, y, cb, s[3]}
	}
	kr, kb := map[YCbCrModel]float64{YCbCr709: 0.2126, YCbCr601: 0.299, YCbCr2020: 0.2627}[r.conv.Model],
		map[YCbCrModel]float64{YCbCr709: 0.0722, YCbCr601: 0.114, YCbCr2020: 0.0593}[r.conv.Model]
	kg := 1 - kr - kb
	return [4]float64{
		y + (2-2*kr)*cr,
		y - (2*kb-2*kb*kb)/kg*cb - (2*kr-2*kr*kr)/kg*cr,
		y + (2-2*kb)*cb,
		s[3],
	}
}

// sample is the conversion's result at normalized (s, t) with filter f.
func (r *yccRef) sample(s, t float64, f Filter) [4]float64 {
	u, v := s*float64(r.w), t*float64(r.h)
	texel := func(i, j int) [4]float64 {
		i, j = min(max(i, 0), r.w-1), min(max(j, 0), r.h-1)
		cb, cr := r.chroma(float64(i)+0.5, float64(j)+0.5, Nearest)
		return r.convert([4]float64{cr, r.y[j][i] / float64(int(1)<<r.n-1), cb, 1})
	}
	if !r.conv.ForceExplicitReconstruction {
		y := r.filt(r.y, r.w, r.h, u, v, f)
		cb, cr := r.chroma(u, v, f)
		return r.convert([4]float64{cr, y, cb, 1})
	}
	if f == Nearest {
		return texel(int(math.Floor(u)), int(math.Floor(v)))
	}
	i0, j0 := math.Floor(u-0.5), math.Floor(v-0.5)
	a, b := u-0.5-i0, v-0.5-j0
	i, j := int(i0), int(j0)
	var out [4]float64
	for c := range out {
		out[c] = (1-a)*(1-b)*texel(i, j)[c] + a*(1-b)*texel(i+1, j)[c] + (1-a)*b*texel(i, j+1)[c] + a*b*texel(i+1, j+1)[c]
	}
	return out
}

// yccState is a sampler for conversion c: clamp-to-edge, filter f.
func yccState(c YCbCrConversion, f Filter) State {
	st := DefaultState()
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
	st.MagFilter, st.MinFilter = f, f
	st.YCbCr = c
	return st
}

// TestYCbCrAgainstModel samples random multi-planar surfaces through
// random conversions and compares every lane with the float64 model. The
// coordinates are multiples of 2⁻¹² (so u = s·w is exact), which leaves
// the float32 roundings of the texel values, the weights and the
// conversion, about a dozen operations on values below 4: the tolerance
// is 2⁻²⁰ absolute (the largest difference seen is 3.4·10⁻⁷, about 2⁻²¹·⁵;
// relative to the result it is larger only where the model's terms cancel
// to near 0).
func TestYCbCrAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	var fs []format.Format
	for _, f := range format.All() {
		if f.Info().YCbCr {
			fs = append(fs, f)
		}
	}
	const tol = 0x1p-20
	worstAbs, worstUlp := 0.0, 0.0
	defer func() { t.Logf("largest difference %g (%g ulp of the result)", worstAbs, worstUlp) }()
	for iter := range 400 {
		f := fs[iter%len(fs)]
		w, h := 2*(1+rng.IntN(9)), 2*(1+rng.IntN(7))
		s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: w, Height: h})
		if err != nil {
			t.Fatal(err)
		}
		s.FillHash(uint32(iter), 0, 1)
		conv := YCbCrConversion{
			Model:                       YCbCrModel(1 + rng.IntN(5)),
			Range:                       YCbCrRange(rng.IntN(2)),
			XChromaOffset:               ChromaLocation(rng.IntN(2)),
			YChromaOffset:               ChromaLocation(rng.IntN(2)),
			ChromaFilter:                Filter(rng.IntN(2)),
			ForceExplicitReconstruction: rng.IntN(2) == 0,
		}
		if rng.IntN(4) == 0 {
			conv.Components = surface.Swizzle{surface.SwizzleB, surface.SwizzleIdentity, surface.SwizzleR, surface.SwizzleOne}
		}
		filter := Filter(rng.IntN(2))
		st := yccState(conv, filter)
		ref := newYCCRef(s, conv)
		const n = 64
		req := &Request{Op: OpSampleL, Lanes: n, Lod: make([]float32, n)}
		for c := range 2 {
			req.Coord[c] = make([]float32, n)
			for i := range n {
				req.Coord[c][i] = float32(rng.IntN(4096+1024)-512) / 4096
			}
		}
		res := run(t, &Engine{}, s.View(), &st, req)
		for i := range n {
			want := ref.sample(float64(req.Coord[0][i]), float64(req.Coord[1][i]), filter)
			got := res.Vec(i)
			for c := range 4 {
				d := math.Abs(float64(got[c]) - want[c])
				worstAbs = max(worstAbs, d)
				if ulp := float64(math.Nextafter32(float32(math.Abs(want[c])), 10) - float32(math.Abs(want[c]))); d/ulp > worstUlp {
					worstUlp = d / ulp
				}
				if math.Abs(float64(got[c])-want[c]) > tol {
					t.Fatalf("%v %dx%d %+v filter %v at (%v, %v): %v, model %v", f, w, h, conv, filter, req.Coord[0][i], req.Coord[1][i], got, want)
				}
			}
		}
	}
}

// yccSurface makes a w×h surface of format f holding Y′ (plane 0) and
// chroma codes from the functions (chroma at chroma-plane positions).
func yccSurface(t *testing.T, f format.Format, w, h int, y func(i, j int) int, cb, cr func(i, j int) int) *surface.Surface {
	t.Helper()
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: w, Height: h})
	if err != nil {
		t.Fatal(err)
	}
	in := f.Info()
	eb, pad := in.ElementBytes, 8*in.ElementBytes-in.Bits[1]
	put := func(b []byte, code int) {
		if eb == 1 {
			b[0] = byte(code)
			return
		}
		binary.LittleEndian.PutUint16(b, uint16(code<<pad))
	}
	for j := range h {
		for i := range w {
			put(s.Plane(0).Data[(j*w+i)*eb:], y(i, j))
		}
	}
	cw, ch := w/in.ChromaDivisor[0], h/in.ChromaDivisor[1]
	for j := range ch {
		for i := range cw {
			k := j*cw + i
			if s.PlaneCount() == 2 {
				put(s.Plane(1).Data[2*k*eb:], cb(i, j))
				put(s.Plane(1).Data[(2*k+1)*eb:], cr(i, j))
			} else {
				put(s.Plane(1).Data[k*eb:], cb(i, j))
				put(s.Plane(2).Data[k*eb:], cr(i, j))
			}
		}
	}
	return s
}

func constant(v int) func(i, j int) int { return func(int, int) int { return v } }

// TestYCbCrKnownColours converts the colours of the standards' tables:
// narrow-range black and white exactly, and the BT.601 and BT.709
// primaries within their 8-bit quantization (1.5/219).
func TestYCbCrKnownColours(t *testing.T) {
	for _, c := range []struct {
		model     YCbCrModel
		y, cb, cr int
		want      [3]float32
		tol       float32
	}{
		{YCbCr709, 16, 128, 128, [3]float32{0, 0, 0}, 0},
		{YCbCr709, 235, 128, 128, [3]float32{1, 1, 1}, 0},
		{YCbCr601, 16, 128, 128, [3]float32{0, 0, 0}, 0},
		{YCbCr2020, 235, 128, 128, [3]float32{1, 1, 1}, 0},
		{YCbCr709, 63, 102, 240, [3]float32{1, 0, 0}, 0.012},
		{YCbCr709, 173, 42, 26, [3]float32{0, 1, 0}, 0.012},
		{YCbCr709, 32, 240, 118, [3]float32{0, 0, 1}, 0.012},
		{YCbCr601, 81, 90, 240, [3]float32{1, 0, 0}, 0.012},
		{YCbCr601, 145, 54, 34, [3]float32{0, 1, 0}, 0.012},
		{YCbCr601, 41, 240, 110, [3]float32{0, 0, 1}, 0.012},
	} {
		for _, f := range []format.Format{format.G8B8R82Plane420Unorm, format.G8B8R83Plane444Unorm, format.G10X6B10X6R10X62Plane420Unorm3Pack16, format.G16B16R163Plane422Unorm} {
			sh := f.Info().Bits[1] - 8
			s := yccSurface(t, f, 4, 2, constant(c.y<<sh), constant(c.cb<<sh), constant(c.cr<<sh))
			// Nearest filters: a blend of equal texels may round by an ulp.
			st := yccState(YCbCrConversion{Model: c.model, Range: RangeITUNarrow}, Nearest)
			got := one(t, s.View(), st, OpSampleL, func(r *Request) { r.Coord[0], r.Coord[1], r.Lod = f32s(0.3), f32s(0.6), f32s(0) })
			for k := range 3 {
				if !near(got[k], c.want[k], c.tol) {
					t.Errorf("%v %v (%d, %d, %d) = %v, want %v ± %v", f, c.model, c.y, c.cb, c.cr, got, c.want, c.tol)
					break
				}
			}
			if got[3] != 1 {
				t.Errorf("%v: alpha %v", f, got[3])
			}
		}
	}
}

// TestYCbCrPaddingIgnored checks that the padding bits of the 10x6 and
// 12x4 planes change no result.
func TestYCbCrPaddingIgnored(t *testing.T) {
	for _, f := range []format.Format{format.G10X6B10X6R10X62Plane420Unorm3Pack16, format.G12X4B12X4R12X43Plane422Unorm3Pack16} {
		s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: 8, Height: 4})
		s.FillHash(3, 0, 1)
		pad := uint16(1)<<(16-f.Info().Bits[1]) - 1
		clean := append([]byte(nil), s.Data...)
		for k := 0; k < len(clean); k += 2 {
			binary.LittleEndian.PutUint16(clean[k:], binary.LittleEndian.Uint16(clean[k:])&^pad)
		}
		c, _ := surface.New(s.Desc)
		c.Load(clean)
		st := yccState(YCbCrConversion{Model: YCbCr2020, Range: RangeITUFull, ChromaFilter: Linear}, Linear)
		req := &Request{Op: OpSampleL, Lanes: 3, Coord: [4][]float32{f32s(0.1, 0.5, 0.93), f32s(0.2, 0.5, 0.8)}, Lod: f32s(0, 0, 0)}
		a, b := run(t, &Engine{}, s.View(), &st, req), run(t, &Engine{}, c.View(), &st, req)
		for i := range 3 {
			if a.Vec(i) != b.Vec(i) {
				t.Errorf("%v lane %d: %v with padding, %v without", f, i, a.Vec(i), b.Vec(i))
			}
		}
		if string(clean) == string(s.Data) {
			t.Errorf("%v: the hash set no padding bit", f)
		}
	}
}

// TestYCbCrExplicitTable checks explicit reconstruction against the
// specification's table for 4:2:2 and 4:2:0, at every luma texel centre
// (nearest sampling), edges included: chroma codes 0, 64, 128, … along
// the subsampled axes, read back through ycbcr_identity in full range
// (B = C_B/255 − 128/255).
func TestYCbCrExplicitTable(t *testing.T) {
	for _, f := range []format.Format{format.G8B8R83Plane422Unorm, format.G8B8R82Plane420Unorm} {
		w, h := 8, 4
		in := f.Info()
		cb := func(i, j int) int { return 16*i + 64*j }
		s := yccSurface(t, f, w, h, constant(100), cb, constant(7))
		for _, loc := range []ChromaLocation{ChromaCositedEven, ChromaMidpoint} {
			for _, cf := range []Filter{Nearest, Linear} {
				for _, impl := range []bool{false, true} {
					conv := YCbCrConversion{Model: YCbCrIdentity, Range: RangeITUFull, XChromaOffset: loc, YChromaOffset: loc, ChromaFilter: cf, ForceExplicitReconstruction: !impl}
					st := yccState(conv, Nearest)
					// The specification's weights along one axis for
					// luma texel i of a subsampled axis of n chroma texels.
					axis := func(i, n int) [][2]float64 { // (chroma index, weight)
						c := func(k int) int { return min(max(k, 0), n-1) }
						switch {
						case cf == Nearest:
							return [][2]float64{{float64(c(i / 2)), 1}}
						case loc == ChromaCositedEven && i%2 == 0:
							return [][2]float64{{float64(c(i / 2)), 1}}
						case loc == ChromaCositedEven:
							return [][2]float64{{float64(c(i / 2)), 0.5}, {float64(c(i/2 + 1)), 0.5}}
						case i%2 == 0:
							return [][2]float64{{float64(c(i/2 - 1)), 0.25}, {float64(c(i / 2)), 0.75}}
						}
						return [][2]float64{{float64(c(i / 2)), 0.75}, {float64(c(i/2 + 1)), 0.25}}
					}
					for j := range h {
						for i := range w {
							xs := axis(i, w/2)
							ys := [][2]float64{{float64(j), 1}}
							if in.ChromaDivisor[1] == 2 {
								ys = axis(j, h/2)
							}
							want := 0.0
							for _, a := range xs {
								for _, b := range ys {
									want += a[1] * b[1] * float64(cb(int(a[0]), int(b[0])))
								}
							}
							want = want/255 - 128.0/255
							got := one(t, s.View(), st, OpSampleL, func(r *Request) {
								r.Coord[0], r.Coord[1], r.Lod = f32s((float32(i)+0.5)/float32(w)), f32s((float32(j)+0.5)/float32(h)), f32s(0)
							})
							if math.Abs(float64(got[2])-want) > 0x1p-22 {
								t.Errorf("%v %v %v implicit %v: luma texel (%d, %d): C_B %v, want %v", f, loc, cf, impl, i, j, got[2], want)
							}
							if got[1] != float32(100.0/255) || !near(got[0], float32(7.0/255-128.0/255), 0x1p-22) {
								t.Errorf("%v: Y′ %v, C_R %v", f, got[1], got[0])
							}
						}
					}
				}
			}
		}
	}
}

// TestYCbCrPlaneView checks that a plane aspect samples the plane as its
// own format, bit for bit like a separate surface of that format holding
// the plane's bytes.
func TestYCbCrPlaneView(t *testing.T) {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.G8B8R82Plane420Unorm, Width: 8, Height: 6})
	s.FillHash(9, 0, 1)
	st := linearState()
	for p := range 2 {
		v, err := s.View().WithAspect(format.AspectPlane0 + format.Aspect(p))
		if err != nil {
			t.Fatal(err)
		}
		own, _ := surface.New(s.Plane(p).Desc)
		own.Load(s.Plane(p).Data)
		req := &Request{Op: OpSampleL, Lanes: 4, Coord: [4][]float32{f32s(0.1, 0.33, 0.5, 0.9), f32s(0.7, 0.2, 0.5, 0.1)}, Lod: f32s(0, 0, 0, 0)}
		a, b := run(t, &Engine{}, v, &st, req), run(t, &Engine{}, own.View(), &st, req)
		for i := range 4 {
			if a.Vec(i) != b.Vec(i) {
				t.Errorf("plane %d lane %d: %v, own surface %v", p, i, a.Vec(i), b.Vec(i))
			}
		}
		fetch := &Request{Op: OpFetch, Lanes: 1, Texel: [4][]int32{i32s(1), i32s(2)}}
		if a, b := run(t, &Engine{}, v, &st, fetch), run(t, &Engine{}, own.View(), &st, fetch); a.Vec(0) != b.Vec(0) {
			t.Errorf("plane %d fetch: %v, own surface %v", p, a.Vec(0), b.Vec(0))
		}
	}
}

// TestYCbCrErrors checks the rules of the conversion, each refused for the
// whole request with the field and the value.
func TestYCbCrErrors(t *testing.T) {
	nv12, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.G8B8R82Plane420Unorm, Width: 4, Height: 2})
	rgba, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 4, Height: 2, Levels: 1})
	yuyv, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.G8B8G8R8422Unorm, Width: 4, Height: 2})
	good := YCbCrConversion{Model: YCbCr709, Range: RangeITUNarrow}
	sample := func(r *Request) { r.Coord[0], r.Coord[1], r.Lod = f32s(0.5), f32s(0.5), f32s(0) }
	for _, c := range []struct {
		name string
		s    *surface.Surface
		st   func(st *State)
		op   Op
		fill func(r *Request)
		view func(v surface.View) surface.View
		want string
	}{
		{"no conversion", nv12, func(st *State) { st.YCbCr = YCbCrConversion{} }, OpSampleL, sample, nil, "sampler.ycbcr: the YCbCr format g8_b8r8_2plane_420_unorm needs a Y′CbCr conversion (sampler.ycbcr) to be read as a whole, or a view of one plane"},
		{"fetch without", nv12, func(st *State) { st.YCbCr = YCbCrConversion{} }, OpFetch, func(r *Request) { r.Texel[0], r.Texel[1] = i32s(0), i32s(0) }, nil, "needs a Y′CbCr conversion"},
		{"not ycbcr", rgba, nil, OpSampleL, sample, nil, "sampler.ycbcr: a conversion reads a YCbCr format (multi-planar or 4:2:2) as a whole, not r8g8b8a8_unorm"},
		{"fetch", nv12, nil, OpFetch, func(r *Request) { r.Texel[0], r.Texel[1] = i32s(0), i32s(0) }, nil, "op: fetch cannot use a sampler with a Y′CbCr conversion"},
		{"gather", nv12, nil, OpGather4, sample, nil, "op: gather4 cannot use a sampler with a Y′CbCr conversion"},
		{"lod", nv12, nil, OpLod, sample, nil, "op: lod cannot use"},
		{"repeat", nv12, func(st *State) { st.Address[1] = WrapRepeat }, OpSampleL, sample, nil, "sampler.address[1]: repeat is not allowed with a Y′CbCr conversion"},
		{"aniso", nv12, func(st *State) { st.MaxAnisotropy = 4 }, OpSampleL, sample, nil, "sampler.max_anisotropy: 4 is not allowed"},
		{"cubic mag", nv12, func(st *State) { st.MagFilter = Cubic }, OpSampleL, sample, nil, "sampler.mag: cubic is not allowed with a Y′CbCr conversion (nearest or linear)"},
		{"cubic min", nv12, func(st *State) { st.MinFilter = Cubic }, OpSampleL, sample, nil, "sampler.min: cubic is not allowed with a Y′CbCr conversion"},
		{"reduction", nv12, func(st *State) { st.Reduction = ReductionMax }, OpSampleL, sample, nil, "sampler.reduction: max is not allowed"},
		{"offset", nv12, nil, OpSampleL, func(r *Request) { sample(r); r.Offset[0] = i32s(1) }, nil, "offset: texel offsets are not allowed with a Y′CbCr conversion"},
		{"view swizzle", nv12, nil, OpSampleL, sample, func(v surface.View) surface.View { v.Swizzle = surface.Swizzle{surface.SwizzleG}; return v }, "view.swizzle: ggba must be the identity"},
		{"g swizzle", nv12, func(st *State) { st.YCbCr.Components = surface.Swizzle{0, surface.SwizzleR} }, OpSampleL, sample, nil, "sampler.ycbcr.components: rrba: G must be the identity"},
		{"rb one", nv12, func(st *State) { st.YCbCr.Components = surface.Swizzle{surface.SwizzleB, 0, surface.SwizzleB} }, OpSampleL, sample, nil, "R and B must be the identity or swapped"},
		{"zero 444", nil, func(st *State) { st.YCbCr.Components = surface.Swizzle{surface.SwizzleZero} }, OpSampleL, sample, nil, "sampler.ycbcr.components: 0gba: R must read a stored component with model ycbcr_709"},
		{"bad model", nv12, func(st *State) { st.YCbCr.Model = 9 }, OpSampleL, sample, nil, "sampler.ycbcr.model: invalid model 9"},
		{"none with fields", nv12, func(st *State) { st.YCbCr = YCbCrConversion{Range: RangeITUNarrow} }, OpSampleL, sample, nil, "sampler.ycbcr.model: none, with other fields"},
		{"plane 2 of nv12", nv12, nil, OpSampleL, sample, func(v surface.View) surface.View { v.Aspect = format.AspectPlane2; return v }, "surface.view.aspect: plane_2 is not an aspect"},
		{"yuyv without", yuyv, func(st *State) { st.YCbCr = YCbCrConversion{} }, OpSampleL, sample, nil, "sampler.ycbcr: the YCbCr format g8b8g8r8_422_unorm needs a Y′CbCr conversion (sampler.ycbcr) to be read as a whole"},
	} {
		s := c.s
		if s == nil {
			s, _ = surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.G8B8R83Plane444Unorm, Width: 3, Height: 3})
		}
		st := yccState(good, Linear)
		if c.st != nil {
			c.st(&st)
		}
		v := s.View()
		if c.view != nil {
			v = c.view(v)
		}
		req := &Request{Op: c.op, Lanes: 1}
		c.fill(req)
		var res Result
		err := (&Engine{}).Execute(v, &st, req, &res)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// resinfo of the whole image needs no conversion.
	st := yccState(YCbCrConversion{}, Nearest)
	res := run(t, &Engine{}, nv12.View(), &st, &Request{Op: OpResInfo, Lanes: 1})
	if res.Uint(0, 0) != 4 || res.Uint(1, 0) != 2 {
		t.Errorf("resinfo %v", res.Vec(0))
	}
	// A traced request is refused, naming the trace.
	st = yccState(good, Linear)
	tr := &Result{Trace: &Trace{}}
	req := &Request{Op: OpSampleL, Lanes: 1}
	sample(req)
	if err := (&Engine{}).Execute(nv12.View(), &st, req, tr); err == nil || !strings.Contains(err.Error(), "trace:") {
		t.Errorf("trace: %v", err)
	}
}

// TestYCbCrLayersAndLayouts checks that a conversion reads a 2d_array
// layer as a 2d surface holding that layer's planes, and that every
// storage layout samples the same bits as the linear one.
func TestYCbCrLayersAndLayouts(t *testing.T) {
	for _, f := range []format.Format{format.G8B8R82Plane420Unorm, format.G10X6B10X6R10X63Plane422Unorm3Pack16, format.G8B8G8R8422Unorm, format.B16G16R16G16422Unorm} {
		arr, err := surface.New(surface.Desc{Kind: surface.Kind2DArray, Format: f, Width: 10, Height: 6, Layers: 3})
		if err != nil {
			t.Fatal(err)
		}
		arr.FillHash(11, 0, 1)
		conv := YCbCrConversion{Model: YCbCr601, Range: RangeITUNarrow, XChromaOffset: ChromaCositedEven, ChromaFilter: Linear}
		st := yccState(conv, Linear)
		rng := rand.New(rand.NewPCG(3, 4))
		const n = 32
		for layer := range 3 {
			req := &Request{Op: OpSampleL, Lanes: n, Lod: make([]float32, n)}
			flat := &Request{Op: OpSampleL, Lanes: n, Lod: make([]float32, n)}
			for c := range 2 {
				req.Coord[c] = make([]float32, n)
				for i := range n {
					req.Coord[c][i] = rng.Float32()*1.2 - 0.1
				}
				flat.Coord[c] = req.Coord[c]
			}
			req.Coord[2] = make([]float32, n)
			for i := range n {
				req.Coord[2][i] = float32(layer)
			}
			// The layer's bytes as a 2d surface: each plane's (or the
			// blocks') layer, one after the other.
			one, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: 10, Height: 6})
			var data []byte
			if arr.PlaneCount() == 0 {
				lb := len(arr.Data) / 3
				data = arr.Data[layer*lb : (layer+1)*lb]
			}
			for p := range arr.PlaneCount() {
				pd := arr.Plane(p).Data
				lb := len(pd) / 3
				data = append(data, pd[layer*lb:(layer+1)*lb]...)
			}
			if err := one.Load(data); err != nil {
				t.Fatal(err)
			}
			want := run(t, &Engine{}, one.View(), &st, flat)
			for _, l := range []surface.Layout{surface.LayoutLinear, surface.LayoutMorton, surface.LayoutTileY, surface.LayoutBlockLinear} {
				s, err := surface.WithLayout(arr, l, 0, 0)
				if err != nil {
					t.Fatal(err)
				}
				got := run(t, &Engine{}, s.View(), &st, req)
				for i := range n {
					if got.Vec(i) != want.Vec(i) {
						t.Fatalf("%v %v layer %d lane %d: %v, the layer alone %v", f, l, layer, i, got.Vec(i), want.Vec(i))
					}
				}
			}
		}
	}
}

// TestYCbCrCoefficients checks the model coefficients against the
// decimal forms of Vulkan's "Sampler Y′CBCR Model Conversion" equations,
// each the float32 nearest to the exact quotient.
func TestYCbCrCoefficients(t *testing.T) {
	q := func(a, b string) float32 {
		x, _ := new(big.Rat).SetString(a)
		y, _ := new(big.Rat).SetString(b)
		f, _ := x.Quo(x, y).Float32()
		return f
	}
	for m, want := range map[YCbCrModel][4]float32{
		YCbCr709:  {q("1.5748", "1"), q("0.13397432", "0.7152"), q("0.33480248", "0.7152"), q("1.8556", "1")},
		YCbCr601:  {q("1.402", "1"), q("0.202008", "0.587"), q("0.419198", "0.587"), q("1.772", "1")},
		YCbCr2020: {q("1.4746", "1"), q("0.11156702", "0.6780"), q("0.38737742", "0.6780"), q("1.8814", "1")},
	} {
		if yccCoefficients[m] != want {
			t.Errorf("%v: %v, want %v", m, yccCoefficients[m], want)
		}
	}
}

// TestYCbCrHardwarePrecision checks that hardware precision rounds the
// conversion's texel coordinates to SubtexelBits: on coordinates whose
// luma and chroma texel coordinates are multiples of 2⁻⁴ it samples as
// exact precision does with 4 bits, and off that grid it does not.
func TestYCbCrHardwarePrecision(t *testing.T) {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.G8B8R83Plane420Unorm, Width: 16, Height: 8})
	s.FillHash(4, 0, 1)
	hw := Precision{Mode: Hardware, SubtexelBits: 4, LodBits: 8}
	for _, explicit := range []bool{false, true} {
		conv := YCbCrConversion{Model: YCbCr709, Range: RangeITUNarrow, XChromaOffset: ChromaCositedEven, ChromaFilter: Linear, ForceExplicitReconstruction: explicit}
		st := yccState(conv, Linear)
		// u = k/8 texel: u/2 + ¼ is a multiple of 1/16.
		on := &Request{Op: OpSampleL, Lanes: 4, Coord: [4][]float32{f32s(3.0/8/16, 37.0/8/16, 101.0/8/16, 127.0/8/16), f32s(5.0/8/8, 21.0/8/8, 0.5, 63.0/8/8)}, Lod: f32s(0, 0, 0, 0)}
		var a, b Result
		if err := (&Engine{Precision: hw}).Execute(s.View(), &st, on, &a); err != nil {
			t.Fatal(err)
		}
		if err := (&Engine{}).Execute(s.View(), &st, on, &b); err != nil {
			t.Fatal(err)
		}
		for i := range 4 {
			if a.Vec(i) != b.Vec(i) {
				t.Errorf("explicit %v lane %d on the 2⁻⁴ grid: hardware %v, exact %v", explicit, i, a.Vec(i), b.Vec(i))
			}
		}
		// Off the grid: u = 3.3 texels rounds to 3.3125; the results
		// differ from exact precision's.
		off := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(3.3 / 16), f32s(2.2 / 8)}, Lod: f32s(0)}
		if err := (&Engine{Precision: hw}).Execute(s.View(), &st, off, &a); err != nil {
			t.Fatal(err)
		}
		if err := (&Engine{}).Execute(s.View(), &st, off, &b); err != nil {
			t.Fatal(err)
		}
		if a.Vec(0) == b.Vec(0) {
			t.Errorf("explicit %v: hardware precision rounded nothing (%v)", explicit, a.Vec(0))
		}
	}
}
