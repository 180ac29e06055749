package surface

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
)

func TestMipTaps(t *testing.T) {
	for _, tc := range []struct {
		n, i int
		want []mipTap
	}{
		{1, 0, []mipTap{{0, 1}}},
		{2, 0, []mipTap{{0, 0.5}, {1, 0.5}}},
		{4, 1, []mipTap{{2, 0.5}, {3, 0.5}}},
		{3, 0, []mipTap{{0, 1.0 / 3}, {1, 1.0 / 3}, {2, 1.0 / 3}}},
		{5, 0, []mipTap{{0, 2.0 / 5}, {1, 2.0 / 5}, {2, 1.0 / 5}}},
		{5, 1, []mipTap{{2, 1.0 / 5}, {3, 2.0 / 5}, {4, 2.0 / 5}}},
		{7, 1, []mipTap{{2, 2.0 / 7}, {3, 3.0 / 7}, {4, 2.0 / 7}}},
	} {
		got := mipTaps(tc.n, tc.i)
		if len(got) != len(tc.want) {
			t.Errorf("mipTaps(%d, %d) = %v, want %v", tc.n, tc.i, got, tc.want)
			continue
		}
		for k := range got {
			if got[k].src != tc.want[k].src || math.Abs(got[k].weight-tc.want[k].weight) > 1e-15 {
				t.Errorf("mipTaps(%d, %d) = %v, want %v", tc.n, tc.i, got, tc.want)
			}
		}
	}
	// Every source texel contributes a total weight of (next size)/n, so
	// that no texel is dropped or counted twice, and every destination's
	// weights sum to 1.
	for n := 1; n <= 33; n++ {
		m := max(1, n/2)
		cover := make([]float64, n)
		for i := 0; i < m; i++ {
			sum := 0.0
			for _, tp := range mipTaps(n, i) {
				sum += tp.weight
				cover[tp.src] += tp.weight
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("n=%d i=%d: weights sum to %v", n, i, sum)
			}
		}
		for k, c := range cover {
			if math.Abs(c-float64(m)/float64(n)) > 1e-12 {
				t.Errorf("n=%d: source texel %d has total weight %v, want %v", n, k, c, float64(m)/float64(n))
			}
		}
	}
}

// mipSurface builds a surface of format f with level 0 holding the encoded
// values and generates its mips.
func mipSurface(t *testing.T, d Desc, vals [][4]float64) *Surface {
	t.Helper()
	s, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Format.Info().Bytes
	for i, v := range vals {
		s.Format.Encode(s.Data[i*b:], v)
	}
	if err := s.GenerateMips(); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestGenerateMips(t *testing.T) {
	f := func(name string) format.Format {
		t.Helper()
		ff, err := format.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		return ff
	}
	for _, tc := range []struct {
		name  string
		desc  Desc
		vals  [][4]float64
		level int
		want  []byte // the level's bytes
	}{
		// 127.5 rounds to even: 128.
		{"unorm even", Desc{Kind: Kind1D, Format: f("r8_unorm"), Width: 4}, [][4]float64{{0}, {1}, {100.0 / 255}, {50.0 / 255}}, 1, []byte{128, 75}},
		// 3 texels → 1 with weights ⅓: (30+60+120)/3 = 70.
		{"unorm odd", Desc{Kind: Kind1D, Format: f("r8_unorm"), Width: 3}, [][4]float64{{30.0 / 255}, {60.0 / 255}, {120.0 / 255}}, 1, []byte{70}},
		// 5 → 2: (2·10 + 2·20 + 1·30)/5 = 18, (1·30 + 2·40 + 2·50)/5 = 42.
		{"unorm 5 to 2", Desc{Kind: Kind1D, Format: f("r8_unorm"), Width: 5}, [][4]float64{{10.0 / 255}, {20.0 / 255}, {30.0 / 255}, {40.0 / 255}, {50.0 / 255}}, 1, []byte{18, 42}},
		// 2×2 → 1×1 in 2D.
		{"2d", Desc{Kind: Kind2D, Format: f("r8_unorm"), Width: 2, Height: 2}, [][4]float64{{0}, {20.0 / 255}, {40.0 / 255}, {60.0 / 255}}, 1, []byte{30}},
		// sRGB averages in linear space: black and white give linear 0.5,
		// sRGB 0.7354 → 187.5… → 188; alpha 0.5 → 127.5 → 128.
		{"srgb linear", Desc{Kind: Kind1D, Format: f("r8g8b8a8_srgb"), Width: 2}, [][4]float64{{0, 0, 0, 0}, {1, 1, 1, 1}}, 1, []byte{188, 188, 188, 128}},
		// Unsigned integers: 1.5 → 2, 2.5 → 2, 3.5 → 4 (ties to even).
		{"uint", Desc{Kind: Kind1D, Format: f("r8g8b8a8_uint"), Width: 2}, [][4]float64{{1, 2, 3, 200}, {2, 3, 4, 255}}, 1, []byte{2, 2, 4, 228}},
		// Signed integers: (−3 + −4)/2 = −3.5 → −4.
		{"sint", Desc{Kind: Kind1D, Format: f("r8g8b8a8_sint"), Width: 2}, [][4]float64{{-3, 5, -128, 127}, {-4, 6, -127, 126}}, 1, []byte{0xfc, 6, 0x80, 126}},
		// Depth: (0.25 + 0.75)/2 = 0.5.
		{"depth", Desc{Kind: Kind2D, Format: f("d32_sfloat"), Width: 2}, [][4]float64{{0.25}, {0.75}}, 1, []byte{0, 0, 0, 0x3f}},
		// Half floats: mean of 1 and 2 is 1.5 (0x3e00).
		{"half", Desc{Kind: Kind1D, Format: f("r16_sfloat"), Width: 2}, [][4]float64{{1}, {2}}, 1, []byte{0x00, 0x3e}},
		// 3D: z is filtered too.
		{"3d", Desc{Kind: Kind3D, Format: f("r8_unorm"), Width: 1, Height: 1, Depth: 2}, [][4]float64{{10.0 / 255}, {30.0 / 255}}, 1, []byte{20}},
		// Array layers are filtered independently.
		{"array", Desc{Kind: Kind1DArray, Format: f("r8_unorm"), Width: 2, Layers: 2}, [][4]float64{{0}, {2.0 / 255}, {100.0 / 255}, {200.0 / 255}}, 1, []byte{1, 150}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mipSurface(t, tc.desc, tc.vals)
			got := s.Data[s.LevelOffset(tc.level):s.LevelOffset(tc.level+1)]
			if string(got) != string(tc.want) {
				t.Errorf("level %d = %v, want %v", tc.level, got, tc.want)
			}
		})
	}
}

func TestGenerateMipsStencil(t *testing.T) {
	f, err := format.Parse("d32_sfloat_s8_uint")
	if err != nil {
		t.Skip("no d32_sfloat_s8_uint yet")
	}
	s := mipSurface(t, Desc{Kind: Kind2D, Format: f, Width: 2}, [][4]float64{{0.25, 7}, {0.75, 9}})
	got := s.Data[s.LevelOffset(1):s.LevelOffset(2)]
	dec, _, _ := f.AspectFormat(format.AspectDepth)
	d := dec.Decode(got)
	_, soff, _ := f.AspectFormat(format.AspectStencil)
	if d[0] != 0.5 || got[soff] != 7 {
		t.Errorf("depth %v stencil %d, want 0.5 and 7 (the first texel's stencil)", d[0], got[soff])
	}
}

func TestGenerateMipsChain(t *testing.T) {
	// A 7×5 ramp: every level is the exact box average of level 0 (box
	// filters compose), checked on the 1×1 level against the mean of the
	// original, within the rounding of each level (±1 code per level).
	f, _ := format.Parse("r16_unorm")
	if !f.Valid() {
		t.Skip("no r16_unorm yet")
	}
	s, err := New(Desc{Kind: Kind2D, Format: f, Width: 7, Height: 5})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for i := 0; i < 35; i++ {
		v := float64(i*1000) / 65535
		sum += v
		f.Encode(s.Data[2*i:], [4]float64{v})
	}
	if err := s.GenerateMips(); err != nil {
		t.Fatal(err)
	}
	last := f.Decode(s.Data[s.LevelOffset(s.Levels-1):])
	if math.Abs(float64(last[0])-sum/35) > 3.0/65535 {
		t.Errorf("1×1 level = %v, want the mean %v", last[0], sum/35)
	}
}

func TestGenerateMipsErrors(t *testing.T) {
	if f, err := format.Parse("bc1_rgba_unorm_block"); err == nil {
		s, err := New(Desc{Kind: Kind2D, Format: f, Width: 8, Height: 8})
		if err != nil {
			t.Fatal(err)
		}
		var se *Error
		if err := s.GenerateMips(); !errors.As(err, &se) || se.Field != "format" {
			t.Errorf("GenerateMips on %v = %v, want a format error", f, err)
		}
	}
	s, _ := New(Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Height: 4, Levels: 1})
	if err := s.GenerateMips(); err != nil {
		t.Errorf("one level: %v", err)
	}
}

func TestWithMips(t *testing.T) {
	src, _ := New(Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Height: 2, Levels: 1})
	copy(src.Data, []byte{0, 4, 8, 12, 16, 20, 24, 28})
	s, err := WithMips(src, 0, DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	if s.Levels != 3 {
		t.Fatalf("levels = %d, want 3", s.Levels)
	}
	// Level 1 (2×1): (0+4+16+20)/4 = 10, (8+12+24+28)/4 = 18; level 2: 14.
	if got := s.Data[s.LevelOffset(1):]; string(got) != string([]byte{10, 18, 14}) {
		t.Errorf("levels 1, 2 = %v, want [10 18 14]", got)
	}
}

// generateMipsRef is GenerateMips before it worked in bounded memory: it
// decoded a whole source level (of one layer) to float64 RGBA before
// filtering it. The new GenerateMips must give the same bytes.
func generateMipsRef(s *Surface) error {
	if s.Levels == 1 {
		return nil
	}
	in := s.Format.Info()
	if in.Compressed {
		return errorf("format", s.Format, "is block-compressed: mip generation needs an encoder, which texunit does not have")
	}
	if s.Samples != 1 {
		return errorf("samples", s.Samples, "multisampled surfaces have no mip levels")
	}
	read, write, err := mipCodec(s.Format)
	if err != nil {
		return err
	}
	for l := 1; l < s.Levels; l++ {
		sw, sh, sd := s.LevelSize(l - 1)
		dw, dh, dd := s.LevelSize(l)
		src := make([][4]float64, sw*sh*sd)
		// The taps of each destination column, row and slice, once per level.
		taps := func(n, m int) [][]mipTap {
			t := make([][]mipTap, m)
			for i := range t {
				t[i] = mipTaps(n, i)
			}
			return t
		}
		tapsX, tapsY, tapsZ := taps(sw, dw), taps(sh, dh), taps(sd, dd)
		for layer := 0; layer < s.Layers; layer++ {
			for z := 0; z < sd; z++ {
				for y := 0; y < sh; y++ {
					for x := 0; x < sw; x++ {
						src[(z*sh+y)*sw+x] = read(s.Data[s.TexelOffset(l-1, x, y, z, layer, 0):])
					}
				}
			}
			for z := 0; z < dd; z++ {
				tz := tapsZ[z]
				for y := 0; y < dh; y++ {
					ty := tapsY[y]
					for x := 0; x < dw; x++ {
						tx := tapsX[x]
						var sum [4]float64
						for _, a := range tz {
							for _, b := range ty {
								for _, c := range tx {
									wt := a.weight * b.weight * c.weight
									p := &src[(a.src*sh+b.src)*sw+c.src]
									for k := range sum {
										sum[k] += wt * p[k]
									}
								}
							}
						}
						first := src[(tz[0].src*sh+ty[0].src)*sw+tx[0].src]
						write(s.Data[s.TexelOffset(l, x, y, z, layer, 0):], sum, first)
					}
				}
			}
		}
	}
	return nil
}

// TestGenerateMipsReference compares GenerateMips with the whole-level
// reference byte for byte, for every uncompressed format package format
// knows (unorm, snorm, sRGB, float16, float32, uint, sint, scaled, depth,
// stencil, depth/stencil, packed and shared-exponent formats) and every
// kind, with odd and even sizes.
func TestGenerateMipsReference(t *testing.T) {
	descs := []Desc{
		{Kind: Kind1D, Width: 13},
		{Kind: Kind1DArray, Width: 8, Layers: 3},
		{Kind: Kind2D, Width: 7, Height: 5},
		{Kind: Kind2D, Width: 8, Height: 6},
		{Kind: Kind2D, Width: 5, Height: 9},
		{Kind: Kind2D, Width: 1, Height: 7},
		{Kind: Kind2D, Width: 33, Height: 2},
		{Kind: Kind2DArray, Width: 6, Height: 3, Layers: 2},
		{Kind: Kind3D, Width: 5, Height: 3, Depth: 7},
		{Kind: Kind3D, Width: 4, Height: 4, Depth: 4},
		{Kind: Kind3D, Width: 2, Height: 1, Depth: 9},
		{Kind: KindCube, Width: 5, Height: 5},
		{Kind: KindCubeArray, Width: 4, Height: 4, Layers: 12},
	}
	n := 0
	for _, f := range format.All() {
		in := f.Info()
		if in.Compressed || in.YCbCr {
			continue
		}
		for i, d := range descs {
			d.Format = f
			if (in.Depth || in.Stencil) && d.Kind == Kind3D {
				continue
			}
			a, err := New(d)
			if err != nil {
				t.Fatalf("%v %v: %v", f, d.Kind, err)
			}
			a.FillHash(uint32(f)*31+uint32(i), -3, 5)
			b, _ := New(d)
			copy(b.Data, a.Data)
			errA, errB := a.GenerateMips(), generateMipsRef(b)
			if (errA == nil) != (errB == nil) {
				t.Fatalf("%v %+v: %v, reference %v", f, d, errA, errB)
			}
			if !bytes.Equal(a.Data, b.Data) {
				for l := 0; l < a.Levels; l++ {
					if !bytes.Equal(a.Data[a.LevelOffset(l):a.LevelOffset(l+1)], b.Data[b.LevelOffset(l):b.LevelOffset(l+1)]) {
						t.Fatalf("%v %v %dx%dx%d×%d: level %d differs from the reference", f, d.Kind, d.Width, d.Height, d.Depth, a.Layers, l)
					}
				}
			}
			n++
		}
	}
	t.Logf("%d surfaces compared", n)
}

// TestWithMipsBudget checks WithMips' limit (0: the default) and
// WithMipsIn's reservations: the new surface stays reserved, the row cache
// is reserved while it runs, and a refusal keeps nothing.
func TestWithMipsBudget(t *testing.T) {
	src, _ := New(Desc{Kind: Kind2D, Format: format.R8G8B8A8Srgb, Width: 64, Height: 32, Levels: 1})
	src.FillHash(5, 0, 1)
	for _, limit := range []int{0, -1} {
		if _, err := WithMips(src, 0, limit); err != nil {
			t.Errorf("WithMips(…, %d): %v, want the default limit", limit, err)
		}
	}
	want, _ := WithMips(src, 0, 0)
	b := budget.New(0)
	got, err := WithMipsIn(src, 0, b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Data, want.Data) {
		t.Error("WithMipsIn and WithMips differ")
	}
	if b.Used() != int64(len(got.Data)) || b.Peak() != int64(len(got.Data))+MipRowCacheBytes(64) {
		t.Errorf("used %d, peak %d; want %d and %d", b.Used(), b.Peak(), len(got.Data), int64(len(got.Data))+MipRowCacheBytes(64))
	}
	for _, limit := range []int64{int64(len(got.Data)) - 1, int64(len(got.Data)) + MipRowCacheBytes(64) - 1} {
		small := budget.New(limit)
		_, err := WithMipsIn(src, 0, small)
		var be *budget.Error
		if !errors.As(err, &be) || !errors.Is(err, budget.ErrExceeded) || small.Used() != 0 {
			t.Errorf("within %d bytes: %v, %d bytes reserved", limit, err, small.Used())
		}
	}
	// WithMips' maxBytes bounds the surface and the row cache together.
	if _, err := WithMips(src, 0, len(got.Data)); err == nil {
		t.Error("WithMips within the surface's bytes alone succeeded")
	}
	// A block-compressed surface is refused before anything is reserved.
	bc, _ := New(Desc{Kind: Kind2D, Format: format.BC1RGBUnormBlock, Width: 8, Height: 8, Levels: 1})
	b = budget.New(0)
	var se *Error
	if _, err := WithMipsIn(bc, 0, b); !errors.As(err, &se) || se.Field != "format" || b.Peak() != 0 {
		t.Errorf("BC1: %v, peak %d", err, b.Peak())
	}
}

func BenchmarkGenerateMips(b *testing.B) {
	for _, f := range []format.Format{format.R8G8B8A8Srgb, format.R16G16B16A16Sfloat} {
		b.Run(f.String(), func(b *testing.B) {
			s, _ := New(Desc{Kind: Kind2D, Format: f, Width: 512, Height: 512})
			s.FillHash(1, 0, 1)
			b.SetBytes(int64(512 * 512 * f.Info().Bytes))
			for b.Loop() {
				if err := s.GenerateMips(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A 5×3 texture's mip chain: odd sizes use the 3-tap box, so every texel of
// level 0 contributes to level 1.
func ExampleSurface_GenerateMips() {
	s, _ := New(Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 5, Height: 3})
	for i := range 15 {
		s.Data[i] = byte(10 * i) // row y holds 50y, 50y+10, …, 50y+40
	}
	if err := s.GenerateMips(); err != nil {
		fmt.Println(err)
		return
	}
	w, h, _ := s.LevelSize(1)
	fmt.Println(s.Levels, "levels; level 1 is", w, "x", h, ":", s.Data[s.LevelOffset(1):s.LevelOffset(2)])
	// Output: 3 levels; level 1 is 2 x 1 : [58 82]
}

// A mip chain made within a memory budget: the chain stays reserved (the
// row cache only while it is made), and the source's bytes are released by
// the caller once the chain replaces it.
func ExampleWithMipsIn() {
	b := budget.New(38 << 10)
	src, _ := New(Desc{Kind: Kind2D, Format: format.R8G8B8A8Srgb, Width: 64, Height: 32, Levels: 1})
	_ = b.Reserve("source", int64(len(src.Data)))
	m, err := WithMipsIn(src, 0, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	b.Release(int64(len(src.Data)))
	fmt.Println(m.Levels, "levels,", len(m.Data), "bytes reserved:", b.Used())
	// A second chain fits, but not with the row cache (9 rows of 64
	// texels of 32 bytes) beside both.
	_, err = WithMipsIn(m, 0, b)
	fmt.Println(err)
	// Output:
	// 7 levels, 10924 bytes reserved: 10924
	// mip row cache: 18432 bytes exceed the memory budget of 38912 bytes (38 KiB) (21848 bytes (21.3 KiB) already in use)
}
