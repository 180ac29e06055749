package texfile

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

func sfloatAt(b []byte, i int) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
}

// TestReadHDRImageMagick compares the ImageMagick-made RLE files with
// ImageMagick's own decode (a float PFM, through its 16-bit quantum: 1e-4).
func TestReadHDRImageMagick(t *testing.T) {
	for _, name := range []string{"hdr_rle", "hdr_small"} {
		f := readTestFile(t, name+".hdr")
		s := f.Surface
		w, h, ref := readPFM(t, name+".pfm")
		if s.Format.String() != "r32g32b32a32_sfloat" || s.Width != w || s.Height != h {
			t.Fatalf("%s: %v %dx%d, ImageMagick %dx%d", name, s.Format, s.Width, s.Height, w, h)
		}
		for p := 0; p < w*h; p++ {
			for c := 0; c < 3; c++ {
				if got := sfloatAt(s.Data, 4*p+c); !near(float64(got), float64(ref[3*p+c]), 1e-4) {
					t.Fatalf("%s pixel %d channel %d = %v, ImageMagick %v", name, p, c, got, ref[3*p+c])
				}
			}
			if a := sfloatAt(s.Data, 4*p+3); a != 1 {
				t.Fatalf("%s pixel %d alpha %v, want 1", name, p, a)
			}
		}
	}
}

func TestRGBE(t *testing.T) {
	for _, tc := range []struct {
		m, e byte
		want float32
	}{
		{0, 0, 0}, {200, 0, 0}, {128, 129, 1}, {255, 136, 255}, {1, 1, float32(math.Ldexp(1, -135))}, {255, 255, float32(math.Ldexp(255, 119))},
	} {
		if got := rgbeToFloat(tc.m, tc.e); got != tc.want {
			t.Errorf("rgbeToFloat(%d, %d) = %v, want %v", tc.m, tc.e, got, tc.want)
		}
	}
}

// TestReadHDRVariants covers flat, old-style RLE, adaptive RLE and the
// bottom-up orientation with hand-made files.
func TestReadHDRVariants(t *testing.T) {
	px := func(r, g, b, e byte) string { return string([]byte{r, g, b, e}) }
	one := px(128, 64, 32, 129) // (1, 0.5, 0.25)
	two := px(128, 128, 128, 130)
	// 8 pixels of channel runs: R run of 8×128, G literal 8 bytes, B run, E run.
	rle := "\x02\x02\x00\x08" + "\x88\x80" + "\x08" + "\x01\x02\x03\x04\x05\x06\x07\x08" + "\x88\x00" + "\x88\x81"
	for _, tc := range []struct {
		name, body string
		w, h       int
		want       map[[2]int][3]float32 // (x, y) → RGB
	}{
		{"flat", "-Y 2 +X 1\n" + one + two, 1, 2, map[[2]int][3]float32{{0, 0}: {1, 0.5, 0.25}, {0, 1}: {2, 2, 2}}},
		{"bottom-up", "+Y 2 +X 1\n" + one + two, 1, 2, map[[2]int][3]float32{{0, 1}: {1, 0.5, 0.25}, {0, 0}: {2, 2, 2}}},
		{"old rle", "-Y 1 +X 4\n" + one + "\x01\x01\x01\x02" + two, 4, 1, map[[2]int][3]float32{{2, 0}: {1, 0.5, 0.25}, {3, 0}: {2, 2, 2}}},
		{"adaptive rle", "-Y 1 +X 8\n" + rle, 8, 1, map[[2]int][3]float32{{0, 0}: {1, 1.0 / 128, 0}, {7, 0}: {1, 8.0 / 128, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode(tc.name, []byte("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\nEXPOSURE=2\n\n"+tc.body), nil)
			if err != nil {
				t.Fatal(err)
			}
			s := f.Surface
			if s.Width != tc.w || s.Height != tc.h {
				t.Fatalf("size %dx%d, want %dx%d", s.Width, s.Height, tc.w, tc.h)
			}
			for xy, want := range tc.want {
				i := xy[1]*tc.w + xy[0]
				for c := 0; c < 3; c++ {
					if got := sfloatAt(s.Data, 4*i+c); got != want[c] {
						t.Errorf("pixel %v channel %d = %v, want %v", xy, c, got, want[c])
					}
				}
			}
		})
	}
}

func TestReadHDRErrors(t *testing.T) {
	const head = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n"
	for _, tc := range []struct {
		name, file, field string
		kind              error
	}{
		{"no newline", "#?RADIANCE", "header", ErrMalformed},
		{"no blank line", "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n", "header", ErrMalformed},
		{"xyze", "#?RADIANCE\nFORMAT=32-bit_rle_xyze\n\n-Y 1 +X 1\n\x00\x00\x00\x00", "FORMAT", ErrUnsupported},
		{"no resolution", head, "resolution", ErrMalformed},
		{"orientation", head + "+X 1 -Y 1\n\x00\x00\x00\x00", "resolution", ErrUnsupported},
		{"height", head + "-Y 0 +X 1\n", "resolution height", ErrMalformed},
		{"width", head + "-Y 1 +X x\n", "resolution width", ErrMalformed},
		{"too wide", head + "-Y 1 +X 70000\n", "resolution width", ErrUnsupported},
		{"short", head + "-Y 2 +X 1\n\x00\x00\x00\x00", "resolution", ErrMalformed},
		{"rle width", head + "-Y 1 +X 8\n\x02\x02\x00\x09" + strings.Repeat("\x88\x00", 4), "scanline[0].width", ErrMalformed},
		{"rle run", head + "-Y 1 +X 8\n\x02\x02\x00\x08\x89\x00" + strings.Repeat("\x88\x00", 3), "scanline[0].run", ErrMalformed},
		{"rle zero literal", head + "-Y 1 +X 8\n\x02\x02\x00\x08\x00" + strings.Repeat("\x88\x00", 4), "scanline[0].literal", ErrMalformed},
		{"rle cut", head + "-Y 1 +X 8\n\x02\x02\x00\x08\x88\x00\x88\x00\x88\x00\x88", "scanline[0]", ErrMalformed},
		{"old run first", head + "-Y 1 +X 2\n\x01\x01\x01\x01\x00\x00\x00\x00", "scanline[0].run", ErrMalformed},
		{"old run past", head + "-Y 1 +X 2\n\x00\x00\x00\x00\x01\x01\x01\x05", "scanline[0].run", ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode("bad.hdr", []byte(tc.file), nil)
			var e *Error
			if !errors.As(err, &e) || e.Field != tc.field || !errors.Is(err, tc.kind) || e.Offset < 0 {
				t.Fatalf("error %v, want field %q, %v, with an offset", err, tc.field, tc.kind)
			}
		})
	}
}

// TestHDRToRGB9E5Exact converts every RGBE mantissa with every exponent
// 113..144 (flat pixels, G = B = the mantissa's complement) to
// e5b9g9r9_ufloat_pack32: the values must be unchanged.
func TestHDRToRGB9E5Exact(t *testing.T) {
	rgb9e5, err := format.Parse("e5b9g9r9_ufloat_pack32")
	if err != nil {
		t.Skip("no e5b9g9r9_ufloat_pack32 yet")
	}
	var body []byte
	for e := 113; e <= 144; e++ {
		for m := 0; m < 256; m++ {
			body = append(body, byte(m), byte(255-m), byte(m/3), byte(e))
		}
	}
	file := append([]byte("#?RADIANCE\n\n-Y 32 +X 256\n"), body...)
	f, err := Decode("all.hdr", file, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConvertFormat(f.Surface, rgb9e5, DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 256*32; i++ {
		got := rgb9e5.Decode(c.Data[4*i:])
		p := body[4*i:]
		for k := 0; k < 3; k++ {
			if want := rgbeToFloat(p[k], p[3]); got[k] != want {
				t.Fatalf("RGBE %v channel %d: %v, want %v", p[:4], k, got[k], want)
			}
		}
	}
}
