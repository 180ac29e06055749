package surface

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/texunit/texunit/format"
)

// Images of every 8- and 16-bit kind go into a surface and come back out
// unchanged, through image/png too.
func TestImageRoundTrip(t *testing.T) {
	r := image.Rect(3, -2, 3+16, -2+16) // Bounds need not start at 0
	gray, gray16 := image.NewGray(r), image.NewGray16(r)
	nrgba, nrgba64 := image.NewNRGBA(r), image.NewNRGBA64(r)
	for i := range gray.Pix {
		gray.Pix[i] = uint8(i * 7)
	}
	for i := range gray16.Pix {
		gray16.Pix[i] = uint8(i * 13)
	}
	for i := range nrgba.Pix {
		nrgba.Pix[i] = uint8(i)
	}
	for i := range nrgba64.Pix {
		nrgba64.Pix[i] = uint8(i * 31)
	}
	for _, tc := range []struct {
		img  image.Image
		want format.Format
	}{{gray, format.R8Unorm}, {gray16, format.R16Unorm}, {nrgba, format.R8G8B8A8Srgb}, {nrgba64, format.R16G16B16A16Unorm}} {
		s, err := FromImage(tc.img)
		if err != nil {
			t.Fatal(err)
		}
		if s.Format != tc.want || s.Width != 16 || s.Height != 16 || s.Levels != 1 {
			t.Fatalf("%T: surface %v %dx%d, %d levels", tc.img, s.Format, s.Width, s.Height, s.Levels)
		}
		back, err := s.Image(0, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		sameImage(t, tc.img, back)
		var buf bytes.Buffer
		if err := png.Encode(&buf, back); err != nil {
			t.Fatal(err)
		}
		dec, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		sameImage(t, tc.img, dec)
	}
	// A premultiplied image is stored without the premultiplication.
	rgba := image.NewRGBA(r)
	rgba.SetRGBA(5, 0, color.RGBA{R: 40, G: 20, B: 10, A: 80})
	s, _ := FromImage(rgba)
	if got, want := s.Data[s.TexelOffset(0, 2, 2, 0, 0, 0):][:4], []byte{127, 63, 31, 80}; !bytes.Equal(got, want) {
		t.Errorf("premultiplied (40, 20, 10, 80) stored as %v, want %v", got, want)
	}
}

func sameImage(t *testing.T, want, got image.Image) {
	t.Helper()
	wb, gb := want.Bounds(), got.Bounds()
	if wb.Dx() != gb.Dx() || wb.Dy() != gb.Dy() {
		t.Fatalf("%T: size %v, want %v", got, gb, wb)
	}
	for y := 0; y < wb.Dy(); y++ {
		for x := 0; x < wb.Dx(); x++ {
			w := color.NRGBA64Model.Convert(want.At(wb.Min.X+x, wb.Min.Y+y))
			g := color.NRGBA64Model.Convert(got.At(gb.Min.X+x, gb.Min.Y+y))
			if w != g {
				t.Fatalf("%T → %T: pixel (%d, %d) = %v, want %v", want, got, x, y, g, w)
			}
		}
	}
}

// The image holds the format's own encoding: every sRGB code comes back
// as itself (through the linear decode), floats and SNORM are clamped,
// depth is grey, compressed LDR formats are 8-bit, integer formats have no
// image.
func TestSurfaceImage(t *testing.T) {
	s, _ := New(Desc{Kind: Kind2D, Format: format.R8G8B8A8Srgb, Width: 64, Height: 4, Levels: 1})
	for i := range s.Data {
		s.Data[i] = uint8(i)
	}
	m, err := s.Image(0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m.(*image.NRGBA).Pix, s.Data) {
		t.Error("an sRGB surface's image differs from its bytes")
	}

	f, _ := New(Desc{Kind: Kind2D, Format: format.R32G32B32A32Sfloat, Width: 2, Height: 1, Levels: 1})
	for i, v := range []float32{-1, 0.25, 2, float32(math.NaN()), 0, 1, 0.5, 1} {
		binary.LittleEndian.PutUint32(f.Data[4*i:], math.Float32bits(v))
	}
	m, _ = f.Image(0, 0, 0)
	if got, want := m.(*image.NRGBA64).NRGBA64At(0, 0), (color.NRGBA64{0, 16384, 65535, 0}); got != want {
		t.Errorf("float texel (-1, 0.25, 2, NaN) = %v, want %v", got, want)
	}

	d, _ := New(Desc{Kind: Kind2D, Format: format.D16Unorm, Width: 2, Height: 1, Levels: 1})
	binary.LittleEndian.PutUint16(d.Data[2:], 0x1234)
	m, _ = d.Image(0, 0, 0)
	if got := m.(*image.Gray16).Gray16At(1, 0).Y; got != 0x1234 {
		t.Errorf("d16 texel 0x1234 = %#x", got)
	}

	bc, _ := New(Desc{Kind: Kind2D, Format: format.BC1RGBAUnormBlock, Width: 8, Height: 8, Levels: 1})
	bc.FillHash(3, 0, 1)
	m, err = bc.Image(0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var block [16][4]float32
	format.BC1RGBAUnormBlock.BlockDecoder()(bc.Data[8:16], block[:]) // block (1, 0)
	want := block[1*4+2]                                             // texel (6, 1)
	got := m.(*image.NRGBA).NRGBAAt(6, 1)
	for c, v := range []uint8{got.R, got.G, got.B, got.A} {
		if float64(v) != math.RoundToEven(float64(want[c])*255) {
			t.Errorf("bc1 texel (6, 1) channel %d = %d, want %v·255", c, v, want[c])
		}
	}

	for _, tc := range []struct {
		f               format.Format
		level, layer, z int
		want            string
	}{
		{format.R32Uint, 0, 0, 0, "surface.format: r32_uint is an integer format"},
		{format.R8G8B8A8Unorm, 1, 0, 0, "surface.level: 1 is out of range (0..0)"},
		{format.R8G8B8A8Unorm, 0, 1, 0, "surface.layer: 1 is out of range (0..0)"},
		{format.R8G8B8A8Unorm, 0, 0, 1, "surface.slice: 1 is out of range (0..0)"},
	} {
		s, _ := New(Desc{Kind: Kind2D, Format: tc.f, Width: 2, Height: 2, Levels: 1})
		if _, err := s.Image(tc.level, tc.layer, tc.z); err == nil || err.Error()[:len(tc.want)] != tc.want {
			t.Errorf("%v level %d layer %d slice %d: %v, want %q", tc.f, tc.level, tc.layer, tc.z, err, tc.want)
		}
	}
}

// A Go image in, a sampled level out: FromImage and Image connect texunit
// with image/png, image/jpeg and golang.org/x/image/draw.
func ExampleFromImage() {
	src := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	src.SetNRGBA(1, 2, color.NRGBA{R: 200, G: 100, B: 50, A: 255})
	s, _ := FromImage(src) // r8g8b8a8_srgb, one level
	m, _ := WithMips(s, 0, 0)
	img, _ := m.Image(1, 0, 0) // the 2×2 level as an *image.NRGBA
	fmt.Println(s.Format, img.Bounds(), img.At(0, 1))
	// Output: r8g8b8a8_srgb (0,0)-(2,2) {106 50 22 64}
}

// A one-component sRGB format's image holds its stored sRGB codes too.
func TestSurfaceImageR8Srgb(t *testing.T) {
	s, _ := New(Desc{Kind: Kind2D, Format: format.R8Srgb, Width: 2, Height: 1, Levels: 1})
	copy(s.Data, []byte{50, 200})
	m, err := s.Image(0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.(*image.Gray).Pix; !bytes.Equal(got, []byte{50, 200}) {
		t.Errorf("r8_srgb [50 200] came back as %v", got)
	}
}
