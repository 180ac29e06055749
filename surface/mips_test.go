package surface

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"texunit/format"
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
