package format

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format/astc"
	"github.com/texunit/texunit/format/bc"
	"github.com/texunit/texunit/format/etc"
)

func TestCompressedInfo(t *testing.T) {
	tests := []struct {
		f           Format
		w, h, bytes int
		comps       int
		num         Numeric
	}{
		{BC1RGBUnormBlock, 4, 4, 8, 3, NumericUnorm},
		{BC1RGBASrgbBlock, 4, 4, 8, 4, NumericSrgb},
		{BC2UnormBlock, 4, 4, 16, 4, NumericUnorm},
		{BC3SrgbBlock, 4, 4, 16, 4, NumericSrgb},
		{BC4SnormBlock, 4, 4, 8, 1, NumericSnorm},
		{BC5UnormBlock, 4, 4, 16, 2, NumericUnorm},
		{BC6HUfloatBlock, 4, 4, 16, 3, NumericUfloat},
		{BC6HSfloatBlock, 4, 4, 16, 3, NumericSfloat},
		{BC7SrgbBlock, 4, 4, 16, 4, NumericSrgb},
		{ETC2R8G8B8UnormBlock, 4, 4, 8, 3, NumericUnorm},
		{ETC2R8G8B8A1SrgbBlock, 4, 4, 8, 4, NumericSrgb},
		{ETC2R8G8B8A8UnormBlock, 4, 4, 16, 4, NumericUnorm},
		{EACR11SnormBlock, 4, 4, 8, 1, NumericSnorm},
		{EACR11G11UnormBlock, 4, 4, 16, 2, NumericUnorm},
		{ASTC4x4UnormBlock, 4, 4, 16, 4, NumericUnorm},
		{ASTC5x4SrgbBlock, 5, 4, 16, 4, NumericSrgb},
		{ASTC10x6UnormBlock, 10, 6, 16, 4, NumericUnorm},
		{ASTC12x12SrgbBlock, 12, 12, 16, 4, NumericSrgb},
		{ASTC4x4SfloatBlock, 4, 4, 16, 4, NumericSfloat},
		{ASTC12x10SfloatBlock, 12, 10, 16, 4, NumericSfloat},
	}
	for _, tt := range tests {
		in := tt.f.Info()
		if !in.Compressed || in.BlockWidth != tt.w || in.BlockHeight != tt.h || in.BlockDepth != 1 || in.Bytes != tt.bytes ||
			in.Components != tt.comps || in.Numeric != tt.num || in.Class != ClassFloat || in.ElementBytes != 1 ||
			!tt.f.Filterable() || tt.f.BlockDecoder() == nil {
			t.Errorf("%v.Info() = %+v", tt.f, *in)
		}
	}
	for _, f := range All() {
		in := f.Info()
		if in.Compressed != strings.HasSuffix(in.Name, "_block") || (f.BlockDecoder() != nil) != in.Compressed {
			t.Errorf("%v: Compressed %v, BlockDecoder %v", f, in.Compressed, f.BlockDecoder() != nil)
		}
		if in.BlockDepth != 1 && !strings.HasPrefix(in.Name, "astc_") {
			t.Errorf("%v: BlockDepth %d", f, in.BlockDepth)
		}
	}
	// The 3D ASTC formats: every footprint in UNORM, SRGB and SFLOAT.
	n3 := 0
	for _, s := range astc.BlockSizes3D {
		for _, num := range []Numeric{NumericUnorm, NumericSrgb, NumericSfloat} {
			name := fmt.Sprintf("astc_%dx%dx%d_%v_block", s[0], s[1], s[2], num)
			f, err := Parse(name)
			if err != nil {
				t.Fatal(err)
			}
			in := f.Info()
			if !in.Compressed || in.BlockWidth != s[0] || in.BlockHeight != s[1] || in.BlockDepth != s[2] ||
				in.Bytes != 16 || in.Components != 4 || in.Numeric != num || in.Class != ClassFloat {
				t.Errorf("%v.Info() = %+v", f, *in)
			}
			n3++
		}
	}
	if n3 != 30 {
		t.Errorf("%d 3D ASTC formats", n3)
	}
}

// TestBlockDecoders checks every compressed format's block decoder against
// its package's decoder on pseudo-random blocks: the same values, with the
// sRGB EOTF applied to R, G, B of the sRGB formats. Decode returns the
// block's first texel.
func TestBlockDecoders(t *testing.T) {
	x := uint64(0x243f6a8885a308d3)
	for _, f := range All() {
		in := f.Info()
		if !in.Compressed {
			continue
		}
		dec := f.BlockDecoder()
		for range 300 {
			block := make([]byte, in.Bytes)
			for i := range block {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				block[i] = byte(x >> 32)
			}
			n := in.BlockWidth * in.BlockHeight * in.BlockDepth
			want := make([][4]float32, n)
			var err error
			if b, ok := bcFormats[f]; ok {
				err = bc.Decode(b, block, (*[16][4]float32)(want))
			} else if e, ok := etcFormats[f]; ok {
				err = etc.Decode(e, block, (*[16][4]float32)(want))
			} else {
				mode := map[Numeric]astc.Mode{NumericUnorm: astc.LDR, NumericSrgb: astc.SRGB, NumericSfloat: astc.HDR}[in.Numeric]
				err = astc.DecodeBlock(block, in.BlockWidth, in.BlockHeight, in.BlockDepth, mode, want)
			}
			if err != nil {
				t.Fatal(err)
			}
			got := make([][4]float32, n)
			dec(block, got)
			for i := range n {
				w := want[i]
				if in.Numeric == NumericSrgb {
					for c := range 3 {
						w[c] = SRGBToLinearFloat(w[c])
					}
				}
				for c := range 4 {
					if !bitsEqual(got[i][c], w[c]) && !(got[i][c] != got[i][c] && w[c] != w[c]) {
						t.Fatalf("%v block % x texel %d = %v, want %v", f, block, i, got[i], w)
					}
				}
				if c := in.Components; c < 4 && (got[i][3] != 1 || c < 3 && got[i][2] != 0 || c < 2 && got[i][1] != 0) {
					t.Fatalf("%v texel %d = %v: missing components not substituted", f, i, got[i])
				}
			}
			if d := f.Decode(block); d != got[0] && d == d {
				t.Fatalf("%v.Decode = %v, block texel 0 = %v", f, d, got[0])
			}
		}
	}
}

// TestSRGBToLinearFloat: 8-bit values decode as the table does; other
// values by the float64 formula rounded once; clamping and NaN.
func TestSRGBToLinearFloat(t *testing.T) {
	for c := range 256 {
		if got := SRGBToLinearFloat(unorm8[c]); !bitsEqual(got, SRGBToLinear(uint8(c))) {
			t.Fatalf("SRGBToLinearFloat(%d/255) = %v, want %v", c, got, SRGBToLinear(uint8(c)))
		}
	}
	for _, v := range []float32{0.001, 0.04045, 0.0405, 0.3, 0.5001, 0.99999} {
		x := float64(v)
		want := float32(math.Pow((x+0.055)/1.055, 2.4))
		if x <= 0.04045 {
			want = float32(x / 12.92)
		}
		if got := SRGBToLinearFloat(v); !bitsEqual(got, want) {
			t.Errorf("SRGBToLinearFloat(%v) = %v, want %v", v, got, want)
		}
	}
	if SRGBToLinearFloat(-1) != 0 || SRGBToLinearFloat(2) != 1 {
		t.Error("SRGBToLinearFloat does not clamp")
	}
	if v := SRGBToLinearFloat(float32(math.NaN())); v == v {
		t.Error("SRGBToLinearFloat(NaN) is not NaN")
	}
}

func TestCompressedNoAlloc(t *testing.T) {
	buf := make([][4]float32, maxBlockTexels)
	block := make([]byte, 16)
	for _, f := range All() {
		if bd := f.BlockDecoder(); bd != nil {
			if n := testing.AllocsPerRun(20, func() { bd(block[:f.Info().Bytes], buf) }); n != 0 {
				t.Errorf("%v block decoder allocates %v times", f, n)
			}
		}
	}
}
