package texfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestReadPNG reads the ImageMagick-made PNGs and compares every stored
// component with ImageMagick's own decode of the same file (a PAM).
func TestReadPNG(t *testing.T) {
	for _, tc := range []struct {
		file, format, header string
	}{
		{"grey8.png", "r8_unorm", "png grey 8-bit"},
		{"grey16.png", "r16_unorm", "png grey 16-bit"},
		{"greyalpha8.png", "r8g8_unorm", "png grey+alpha 8-bit"},
		{"greyalpha16.png", "r16g16_unorm", "png grey+alpha 16-bit"},
		{"rgb8.png", "r8g8b8a8_srgb", "png rgb 8-bit"},
		{"rgb16.png", "r16g16b16a16_unorm", "png rgb 16-bit"},
		{"rgba8.png", "r8g8b8a8_srgb", "png rgba 8-bit"},
		{"rgba16.png", "r16g16b16a16_unorm", "png rgba 16-bit"},
		{"palette.png", "r8g8b8a8_srgb", "png palette 2-bit"},
		{"rgb8_interlaced.png", "r8g8b8a8_srgb", "png rgb 8-bit"},
		{"grey8_trns.png", "r8g8_unorm", "png grey 8-bit with tRNS"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f := readTestFile(t, tc.file)
			s := f.Surface
			if s.Format.String() != tc.format || f.Header != tc.header || s.Kind != surface.Kind2D || s.Levels != 1 || f.Container != PNG {
				t.Fatalf("got %v %v %q %d levels, want 2d %s %q 1 level", s.Kind, s.Format, f.Header, s.Levels, tc.format, tc.header)
			}
			ref := readPAM(t, tc.file[:len(tc.file)-4]+".pam")
			if ref.w != s.Width || ref.h != s.Height {
				t.Fatalf("size %dx%d, ImageMagick %dx%d", s.Width, s.Height, ref.w, ref.h)
			}
			in := s.Format.Info()
			n, eb := in.Components, in.ElementBytes
			for p := 0; p < ref.w*ref.h; p++ {
				for c := 0; c < n; c++ {
					var got int
					if eb == 1 {
						got = int(s.Data[p*n+c])
					} else {
						got = int(binary.LittleEndian.Uint16(s.Data[2*(p*n+c):]))
					}
					// The PAM's samples: grey [+ alpha] or RGB [+ alpha].
					var want int
					switch {
					case c < ref.depth && !(n == 4 && ref.depth == 2):
						want = ref.samples[p*ref.depth+c]
					default: // alpha of an opaque PAM
						want = ref.maxval
					}
					if n == 4 && c == 3 && ref.depth == 3 {
						want = ref.maxval
					}
					if got != want {
						t.Fatalf("pixel %d component %d = %d, ImageMagick %d", p, c, got, want)
					}
				}
			}
		})
	}
}

// TestPNGFormatChoice covers every colour type and bit depth.
func TestPNGFormatChoice(t *testing.T) {
	for _, tc := range []struct {
		colour, depth byte
		trns          bool
		want          string
	}{
		{pngGrey, 1, false, "r8_unorm"}, {pngGrey, 8, false, "r8_unorm"}, {pngGrey, 16, false, "r16_unorm"},
		{pngGrey, 8, true, "r8g8_unorm"}, {pngGrey, 16, true, "r16g16_unorm"},
		{pngGreyAlpha, 8, false, "r8g8_unorm"}, {pngGreyAlpha, 16, false, "r16g16_unorm"},
		{pngRGB, 8, false, "r8g8b8a8_srgb"}, {pngRGB, 16, false, "r16g16b16a16_unorm"}, {pngRGB, 8, true, "r8g8b8a8_srgb"},
		{pngRGBA, 8, false, "r8g8b8a8_srgb"}, {pngRGBA, 16, false, "r16g16b16a16_unorm"},
		{pngPalette, 4, false, "r8g8b8a8_srgb"}, {pngPalette, 8, true, "r8g8b8a8_srgb"},
	} {
		if got := pngFormat(tc.colour, tc.depth, tc.trns); got != tc.want {
			t.Errorf("colour %d depth %d tRNS %v: %s, want %s", tc.colour, tc.depth, tc.trns, got, tc.want)
		}
	}
}

// pngRoundTrip writes s as PNG and reads it back.
func pngRoundTrip(t *testing.T, s *surface.Surface, o *PNGOptions) *surface.Surface {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePNG(&buf, s, o); err != nil {
		t.Fatal(err)
	}
	f, err := Decode("rt.png", buf.Bytes(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return f.Surface
}

// TestPNGRoundTrip writes every format the PNG reader produces and reads it
// back unchanged, byte for byte.
func TestPNGRoundTrip(t *testing.T) {
	for _, name := range []string{"r8_unorm", "r16_unorm", "r8g8_unorm", "r16g16_unorm", "r8g8b8a8_srgb", "r16g16b16a16_unorm"} {
		f, err := format.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: 7, Height: 3, Levels: 1})
		s.FillHash(5, 0, 1)
		if f.Info().Components == 4 {
			s.Data[3] = 0x80 // not opaque, so that alpha is written
		}
		got := pngRoundTrip(t, s, nil)
		if got.Format != f || !bytes.Equal(got.Data, s.Data) {
			t.Errorf("%s: read back %v, data equal %v", name, got.Format, bytes.Equal(got.Data, s.Data))
		}
	}
}

// TestWritePNGMapping checks the value mapping of each numeric type.
func TestWritePNGMapping(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		format string
		texel  [4]float64
		opts   PNGOptions
		want   []byte // the first pixel of the read-back r8g8b8a8_srgb or r16… surface
	}{
		// Floats: clamp, then the sRGB OETF: 0.5 → 0.7354 → 188; 2 → 1 → 255; −1 → 0.
		{"r32g32b32a32_sfloat", [4]float64{0.5, 2, -1, 0.25}, PNGOptions{Bits: 8}, []byte{188, 255, 0, 64}},
		// Reinhard: 1 → ½ → 188; 3 → ¾ → 225; +Inf → 1.
		{"r32g32b32a32_sfloat", [4]float64{1, 3, inf, 1}, PNGOptions{Bits: 8, ToneMap: ToneReinhard}, []byte{188, 225, 255}},
		// NaN → 0 in both operators.
		{"r16g16b16a16_sfloat", [4]float64{math.NaN(), 0, 0, 1}, PNGOptions{Bits: 8, ToneMap: ToneReinhard}, []byte{0, 0, 0}},
		// snorm: (v + 1)/2: −1 → 0, 0 → 127.5 → 128, 1 → 255.
		{"r8g8b8a8_snorm", [4]float64{-1, 0, 1, 1}, PNGOptions{}, []byte{0, 128, 255}},
		// uint: c/255 for 8 bits.
		{"r8g8b8a8_uint", [4]float64{0, 17, 255, 255}, PNGOptions{}, []byte{0, 17, 255}},
		// sint: (c + 128)/255.
		{"r8g8b8a8_sint", [4]float64{-128, 0, 127, 127}, PNGOptions{}, []byte{0, 128, 255}},
		// unorm: the code itself.
		{"b8g8r8a8_unorm", [4]float64{10.0 / 255, 20.0 / 255, 30.0 / 255, 1}, PNGOptions{}, []byte{10, 20, 30}},
	} {
		f, err := format.Parse(tc.format)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: 1, Levels: 1})
		f.Encode(s.Data, tc.texel)
		got := pngRoundTrip(t, s, &tc.opts)
		if !bytes.Equal(got.Data[:len(tc.want)], tc.want) {
			t.Errorf("%s %v %v: %v, want %v", tc.format, tc.texel, tc.opts.ToneMap, got.Data, tc.want)
		}
	}
}

func TestWritePNGDepthAndLevels(t *testing.T) {
	// d32_sfloat writes 16-bit grey of the clamped depth: 0.5 → 32768.
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2DArray, Format: format.D32Sfloat, Width: 2, Height: 2, Layers: 2})
	off := s.TexelOffset(1, 0, 0, 0, 1, 0)
	format.D32Sfloat.Encode(s.Data[off:], [4]float64{0.5})
	got := pngRoundTrip(t, s, &PNGOptions{Level: 1, Layer: 1})
	if got.Format.String() != "r16_unorm" || got.Width != 1 || binary.LittleEndian.Uint16(got.Data) != 32768 {
		t.Errorf("depth level 1 layer 1: %v %dx%d %v, want r16_unorm 1x1 32768", got.Format, got.Width, got.Height, got.Data)
	}
	var e *Error
	if err := WritePNG(&bytes.Buffer{}, s, &PNGOptions{Level: 2}); !errors.As(err, &e) || e.Field != "image" {
		t.Errorf("level 2: %v, want an image error", err)
	}
	if err := WritePNG(&bytes.Buffer{}, s, &PNGOptions{Bits: 12}); !errors.As(err, &e) || e.Field != "bits" {
		t.Errorf("12 bits: %v, want a bits error", err)
	}
}

// imageMagick returns the path of ImageMagick's convert, or skips the test.
func imageMagick(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/convert-im6.q16", "/usr/bin/convert"} {
		if out, err := exec.Command(p, "-version").Output(); err == nil && bytes.Contains(out, []byte("ImageMagick")) {
			return p
		}
	}
	t.Skip("ImageMagick is not installed (apt-get install imagemagick)")
	return ""
}

// TestPNGWriterImageMagick has ImageMagick read the PNGs WritePNG makes from
// the test PNGs: its decode must equal its decode of the originals.
func TestPNGWriterImageMagick(t *testing.T) {
	im := imageMagick(t)
	dir := t.TempDir()
	for _, name := range []string{"grey8", "grey16", "greyalpha8", "greyalpha16", "rgb8", "rgb16", "rgba8", "rgba16", "palette", "rgb8_interlaced", "grey8_trns"} {
		s := readTestFile(t, name+".png").Surface
		out := filepath.Join(dir, name+".png")
		var buf bytes.Buffer
		if err := WritePNG(&buf, s, nil); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		depth := "8"
		if strings.HasSuffix(name, "16") {
			depth = "16"
		}
		got, err := exec.Command(im, out, "-depth", depth, "pam:-").Output()
		if err != nil {
			t.Fatalf("%s: ImageMagick: %v", name, err)
		}
		want, _ := os.ReadFile(filepath.Join("testdata", name+".pam"))
		if !bytes.Equal(got, want) {
			t.Errorf("%s: ImageMagick reads our PNG differently", name)
		}
	}
}
