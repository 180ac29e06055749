package sampler

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// decodedTwin returns an r32g32b32a32_sfloat surface holding every texel of
// the block-compressed surface s as its block decoder gives it.
func decodedTwin(t testing.TB, s *surface.Surface) *surface.Surface {
	t.Helper()
	d := s.Desc
	d.Format = format.R32G32B32A32Sfloat
	tw, err := surface.New(d)
	if err != nil {
		t.Fatal(err)
	}
	in := s.Format.Info()
	dec := s.Format.BlockDecoder()
	buf := make([][4]float32, in.BlockWidth*in.BlockHeight*in.BlockDepth)
	for l := range s.Levels {
		w, h, dd := s.LevelSize(l)
		for layer := range s.Layers {
			for z := range dd {
				for y := range h {
					for x := range w {
						o, idx := s.BlockOffset(l, x, y, z, layer)
						dec(s.Data[o:o+in.Bytes], buf)
						v := buf[idx]
						to := tw.TexelOffset(l, x, y, z, layer, 0)
						tw.Format.Encode(tw.Data[to:], [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])})
					}
				}
			}
		}
	}
	return tw
}

// TestCompressedMatchesTwin samples every block-compressed format (the 3D
// ASTC formats on 3D surfaces, in blocks that span z slices), on
// surfaces whose sizes are not multiples of the block size, with nearest,
// linear, trilinear and cubic filtering, gathers and fetches, and checks that the
// results equal those of the decoded twin bit for bit: the block path reads
// the same texels and filters them alike.
func TestCompressedMatchesTwin(t *testing.T) {
	kinds := []surface.Desc{
		{Kind: surface.Kind2D, Width: 13, Height: 7},
		{Kind: surface.Kind2DArray, Width: 6, Height: 9, Layers: 2},
		{Kind: surface.KindCube, Width: 5, Height: 5},
		{Kind: surface.Kind3D, Width: 5, Height: 6, Depth: 3},
		{Kind: surface.Kind3D, Width: 7, Height: 5, Depth: 9},
	}
	eng := &Engine{}
	rng := uint32(7)
	rnd := func() float32 {
		rng ^= rng << 13
		rng ^= rng >> 17
		rng ^= rng << 5
		return float32(rng>>8) / (1 << 24)
	}
	tested := 0
	for _, f := range format.All() {
		if !f.Info().Compressed {
			continue
		}
		tested++
		for _, d := range kinds {
			d.Format = f
			if f.Info().BlockDepth > 1 && d.Kind != surface.Kind3D {
				continue // 3D ASTC blocks: 3D surfaces only
			}
			s, err := surface.New(d)
			if err != nil {
				t.Fatal(err)
			}
			s.FillHash(uint32(f), 0, 1)
			if strings.HasPrefix(f.String(), "astc_") {
				// Random bytes are mostly illegal ASTC blocks (magenta): make
				// every other block an LDR void-extent block, a constant
				// colour taken from its last eight (hash) bytes.
				for o := 0; o < len(s.Data); o += 32 {
					copy(s.Data[o:], []byte{0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
				}
			}
			tw := decodedTwin(t, s)
			if v := tw.Format.Decode(tw.Data); strings.HasPrefix(f.String(), "astc_") && v == [4]float32{1, 0, 1, 1} {
				t.Fatalf("%v: the void-extent block at the origin decodes to the error colour", f)
			}
			const n = 32
			for _, mode := range []struct {
				op  Op
				st  State
				lod float32
			}{
				{OpSampleL, DefaultState(), 0},
				{OpSampleL, linearState(), 0.3},
				{OpSampleL, func() State {
					s := linearState()
					s.MipFilter = MipLinear
					s.Address = [3]AddressMode{WrapRepeat, WrapMirroredRepeat, WrapRepeat}
					return s
				}(), 1.4},
				{OpGather4, DefaultState(), 0},
				// Cubic filtering (4, 16 or 64 texels across block edges,
				// and across the z slices of 3D blocks), with B-spline
				// weights and the range clamp between two levels.
				{OpSampleL, func() State {
					s := linearState()
					s.MagFilter, s.MinFilter, s.NonSeamless = Cubic, Cubic, true
					s.Address = [3]AddressMode{WrapMirroredRepeat, WrapClampToEdge, WrapRepeat}
					return s
				}(), 0},
				{OpSampleL, func() State {
					s := linearState()
					s.MagFilter, s.MinFilter, s.NonSeamless, s.MipFilter = Cubic, Cubic, true, MipLinear
					s.CubicWeights, s.Reduction = CubicBSpline, ReductionRangeClamp
					return s
				}(), 0.6},
			} {
				if mode.op == OpGather4 && d.Kind == surface.Kind3D {
					continue
				}
				req := &Request{Op: mode.op, Lanes: n, Lod: make([]float32, n)}
				dims := d.Kind.Dims()
				for c := 0; c < dims; c++ {
					req.Coord[c] = make([]float32, n)
				}
				if d.Kind.IsArray() {
					req.Coord[dims] = make([]float32, n)
				}
				for i := range n {
					for c := 0; c < dims; c++ {
						req.Coord[c][i] = 1.4*rnd() - 0.2
						if d.Kind.IsCube() {
							req.Coord[c][i] = 2*rnd() - 1
						}
					}
					if d.Kind.IsArray() {
						req.Coord[dims][i] = 2 * rnd()
					}
					req.Lod[i] = mode.lod
				}
				a := run(t, eng, s.View(), &mode.st, req)
				b := run(t, eng, tw.View(), &mode.st, req)
				for i := range n {
					for c := range 4 {
						if a.Bits[c][i] != b.Bits[c][i] {
							t.Fatalf("%v %v %v lane %d: %v, twin %v", f, d.Kind, mode.op, i, a.Vec(i), b.Vec(i))
						}
					}
				}
			}
			// Fetch every texel of level 1 (and one beyond the edge).
			if d.Kind.IsCube() {
				continue
			}
			w, h, dd := s.LevelSize(1)
			req := &Request{Op: OpFetch, Lanes: (w + 1) * h * dd, Level: make([]int32, (w+1)*h*dd)}
			for c := range 3 {
				req.Texel[c] = make([]int32, req.Lanes)
			}
			i := 0
			for z := range dd {
				for y := range h {
					for x := range w + 1 {
						req.Texel[0][i], req.Texel[1][i], req.Level[i] = int32(x), int32(y), 1
						req.Texel[2][i] = int32(z)
						if d.Kind.IsArray() {
							req.Texel[2][i] = 1
						}
						i++
					}
				}
			}
			st := DefaultState()
			a := run(t, eng, s.View(), &st, req)
			b := run(t, eng, tw.View(), &st, req)
			for i := range req.Lanes {
				oob := req.Texel[0][i] == int32(w)
				for c := range 4 {
					if !oob && a.Bits[c][i] != b.Bits[c][i] {
						t.Fatalf("%v %v fetch lane %d: %v, twin %v", f, d.Kind, i, a.Vec(i), b.Vec(i))
					}
				}
				if oob {
					// Out of bounds reads robustImageAccess2's zero values
					// (TestZeroTexel), not the decode of a zero block.
					z := [4]float32{0, 0, 0, 1}
					if s.Format.Info().Components == 4 {
						z[3] = 0
					}
					if a.Vec(i) != z {
						t.Fatalf("%v out-of-bounds fetch = %v, want %v", f, a.Vec(i), z)
					}
				}
			}
		}
	}
	if tested < 98 {
		t.Fatalf("%d compressed formats tested, want 98", tested)
	}
}

// TestCompressedBorderAndSwizzle: the border of a compressed format is
// converted per its components, and the swizzle applies to block texels.
func TestCompressedBorderAndSwizzle(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.BC4UnormBlock, Width: 8, Height: 8}, false)
	st := DefaultState()
	st.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
	st.Border = BorderCustom
	st.BorderColor = [4]float64{2, 0.5, 0.5, 0.5}
	got := one(t, s.View(), st, OpSampleL, func(r *Request) { r.Coord[0], r.Coord[1], r.Lod = f32s(-1), f32s(0.5), f32s(0) })
	if got != [4]float32{1, 0, 0, 1} { // R clamped; G, B, A substituted
		t.Errorf("bc4 border = %v", got)
	}
	v := s.View()
	v.Swizzle = mustSwizzle(t, "rrr1")
	got = one(t, v, DefaultState(), OpFetch, func(r *Request) { r.Texel[0], r.Texel[1] = i32s(5), i32s(6) })
	o, idx := s.BlockOffset(0, 5, 6, 0, 0)
	buf := make([][4]float32, 16)
	s.Format.BlockDecoder()(s.Data[o:o+8], buf)
	if r := buf[idx][0]; got != [4]float32{r, r, r, 1} {
		t.Errorf("bc4 rrr1 = %v, want (%v, %v, %v, 1)", got, r, r, r)
	}
	// sRGB: the linear value of the encoded one.
	srgb := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.BC1RGBSrgbBlock, Width: 4, Height: 4}, false)
	unorm, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.BC1RGBUnormBlock, Width: 4, Height: 4})
	copy(unorm.Data, srgb.Data)
	a := one(t, srgb.View(), DefaultState(), OpFetch, func(r *Request) { r.Texel[0], r.Texel[1] = i32s(1), i32s(2) })
	b := one(t, unorm.View(), DefaultState(), OpFetch, func(r *Request) { r.Texel[0], r.Texel[1] = i32s(1), i32s(2) })
	for c := range 3 {
		if a[c] != format.SRGBToLinearFloat(b[c]) {
			t.Errorf("bc1 srgb component %d = %v, unorm %v", c, a[c], b[c])
		}
	}
	if a[3] != b[3] || math.IsNaN(float64(a[3])) {
		t.Errorf("bc1 srgb alpha %v, unorm %v", a[3], b[3])
	}
}

// TestASTC3DOps runs every operation a 3D view takes on a 3D HDR ASTC surface — level 0 astcenc's
// own 4x4x4 blocks (../texfile/testdata/astc_4x4x4_hdr.astc), the smaller levels HDR void extents
// — and checks each against the decoded r32g32b32a32_sfloat twin bit for bit: implicit LOD in
// quads, bias, explicit LOD, LOD zero, gradients, the LOD query, fetch and resinfo, with linear
// and nearest filtering, mip interpolation and wrapping across block edges.
func TestASTC3DOps(t *testing.T) {
	raw, err := os.ReadFile("../texfile/testdata/astc_4x4x4_hdr.astc")
	if err != nil {
		t.Fatal(err)
	}
	s, err := surface.New(surface.Desc{Kind: surface.Kind3D, Format: format.ASTC4x4x4SfloatBlock, Width: 9, Height: 7, Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	if n := copy(s.Data, raw[16:]); n != s.LevelOffset(1) {
		t.Fatalf("level 0 holds %d bytes, the file %d", s.LevelOffset(1), n)
	}
	for o := s.LevelOffset(1); o < len(s.Data); o += 16 { // HDR void extents: FP16 constants
		h := uint16(0x3C00 + o)
		copy(s.Data[o:], []byte{0xfc, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, byte(h), byte(h >> 8), 0, 0x50, byte(o), 0x40, 0, 0x3c})
	}
	tw := decodedTwin(t, s)
	eng := &Engine{}
	const n = 32
	rng := uint32(11)
	rnd := func() float32 {
		rng ^= rng << 13
		rng ^= rng >> 17
		rng ^= rng << 5
		return float32(rng>>8) / (1 << 24)
	}
	trilinear := linearState()
	trilinear.MipFilter = MipLinear
	trilinear.Address = [3]AddressMode{WrapRepeat, WrapMirroredRepeat, WrapClampToEdge}
	for _, op := range []Op{OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD, OpLod, OpFetch, OpResInfo} {
		for _, st := range []State{DefaultState(), trilinear} {
			req := &Request{Op: op, Lanes: n}
			for c := range 3 {
				req.Coord[c] = make([]float32, n)
				req.DDX[c], req.DDY[c] = make([]float32, n), make([]float32, n)
				req.Texel[c] = make([]int32, n)
			}
			req.Lod, req.Bias, req.Level = make([]float32, n), make([]float32, n), make([]int32, n)
			for i := range n {
				for c := range 3 {
					// Quads of nearby coordinates, so that implicit LODs vary.
					req.Coord[c][i] = 1.3*rnd() - 0.15
					req.DDX[c][i], req.DDY[c][i] = 0.3*rnd(), 0.3*rnd()
				}
				req.Texel[0][i], req.Texel[1][i], req.Texel[2][i] = int32(rnd()*9), int32(rnd()*7), int32(rnd()*6)
				req.Lod[i], req.Bias[i], req.Level[i] = 2.5*rnd(), rnd()-0.5, int32(rnd()*3)
			}
			if op == OpFetch {
				for i := range n {
					req.Level[i] = 0
				}
			}
			// The whole chain, and a view of levels 1 and 2.
			va, err := surface.NewView(s, 1, 2, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			vb, err := surface.NewView(tw, 1, 2, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range [][2]surface.View{{s.View(), tw.View()}, {va, vb}} {
				if k == 1 && op == OpFetch {
					for i := range n {
						// Inside the view's first level, 4×3×3 (out-of-range fetches of block
						// formats decode an all-zero block, which the twin does not hold).
						req.Texel[0][i], req.Texel[1][i], req.Texel[2][i] = req.Texel[0][i]%4, req.Texel[1][i]%3, req.Texel[2][i]%3
					}
				}
				a := run(t, eng, v[0], &st, req)
				b := run(t, eng, v[1], &st, req)
				for i := range n {
					for c := range 4 {
						if a.Bits[c][i] != b.Bits[c][i] {
							t.Fatalf("%v view %d lane %d: %v, twin %v", op, k, i, a.Vec(i), b.Vec(i))
						}
					}
				}
				if op == OpSampleL && st.MipFilter == MipLinear && a.Vec(0) == [4]float32{} {
					t.Errorf("%v: lane 0 reads zero", op)
				}
			}
		}
	}
}

// TestCompressedAnisoMatchesTwin samples every 2D block-compressed format
// with each anisotropic filter (sample_d on a sheared footprint, trilinear,
// max anisotropy 16) on 2D, 2D-array and cube views (EWA: not cubes), and
// checks the results equal the decoded twin's bit for bit: EWA and
// footprint assembly read block texels (the BC formats' specialised
// reads included) as they read plain ones.
func TestCompressedAnisoMatchesTwin(t *testing.T) {
	kinds := []surface.Desc{
		{Kind: surface.Kind2D, Width: 13, Height: 7},
		{Kind: surface.Kind2DArray, Width: 6, Height: 9, Layers: 2},
		{Kind: surface.KindCube, Width: 5, Height: 5},
	}
	tested := 0
	for _, f := range format.All() {
		if in := f.Info(); !in.Compressed || in.BlockDepth > 1 {
			continue
		}
		tested++
		for _, d := range kinds {
			d.Format = f
			s, err := surface.New(d)
			if err != nil {
				t.Fatal(err)
			}
			s.FillHash(uint32(f), 0, 1)
			if strings.HasPrefix(f.String(), "astc_") { // LDR void extents, as in TestCompressedMatchesTwin
				for o := 0; o < len(s.Data); o += 32 {
					copy(s.Data[o:], []byte{0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
				}
			}
			tw := decodedTwin(t, s)
			for _, m := range []AnisoMethod{AnisoVulkan, AnisoEWA, AnisoFootprintAssembly} {
				if d.Kind == surface.KindCube && m == AnisoEWA {
					continue
				}
				st := linearState()
				st.MipFilter, st.MaxAnisotropy, st.Anisotropy = MipLinear, 16, m
				const lanes = 16
				req := &Request{Op: OpSampleD, Lanes: lanes}
				for c := range 3 {
					req.Coord[c] = make([]float32, lanes)
					req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
				}
				for i := range lanes {
					req.Coord[0][i] = float32(i)/lanes*1.2 - 0.1
					req.Coord[1][i] = float32(i*7%lanes)/lanes*1.2 - 0.1
					req.Coord[2][i] = float32(i % 2)
					if d.Kind == surface.KindCube {
						req.Coord[0][i], req.Coord[1][i], req.Coord[2][i] = 2*req.Coord[0][i]-1, 2*req.Coord[1][i]-1, 0.7
					}
					req.DDX[0][i], req.DDX[1][i] = 0.6, 0.05*float32(i%3)
					req.DDY[0][i], req.DDY[1][i] = 0.1, 0.04
				}
				a := run(t, &Engine{}, s.View(), &st, req)
				b := run(t, &Engine{}, tw.View(), &st, req)
				for i := range lanes {
					if a.Vec(i) != b.Vec(i) {
						t.Fatalf("%v %v %v lane %d: %v, twin %v", f, d.Kind, m, i, a.Vec(i), b.Vec(i))
					}
				}
			}
		}
	}
	if tested < 68 {
		t.Fatalf("%d 2D compressed formats tested, want 68", tested)
	}
}
