package format

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"
)

func TestParseRoundTrip(t *testing.T) {
	all := All()
	if len(all) != int(numFormats)-1 {
		t.Fatalf("All() has %d formats, want %d", len(all), numFormats-1)
	}
	seen := map[string]bool{}
	for _, f := range all {
		name := f.String()
		if seen[name] {
			t.Errorf("duplicate name %q", name)
		}
		seen[name] = true
		if name != strings.ToLower(name) {
			t.Errorf("%q is not lower case", name)
		}
		for _, s := range []string{name, strings.ToUpper(name)} {
			g, err := Parse(s)
			if err != nil || g != f {
				t.Errorf("Parse(%q) = %v, %v; want %v", s, g, err, f)
			}
		}
		if !f.Valid() {
			t.Errorf("%v.Valid() = false", f)
		}
		if f.Info().Name != name {
			t.Errorf("%v.Info().Name = %q", f, f.Info().Name)
		}
	}
	// The first sixteen formats keep their original values.
	want := "r8_unorm r8g8_unorm r8g8b8a8_unorm r8g8b8a8_srgb r8g8b8a8_snorm b8g8r8a8_unorm b8g8r8a8_srgb " +
		"r8g8b8a8_uint r8g8b8a8_sint r16_sfloat r16g16b16a16_sfloat r32_sfloat r32g32b32a32_sfloat r32_uint " +
		"d16_unorm d32_sfloat"
	var got []string
	for _, f := range all[:16] {
		got = append(got, f.String())
	}
	if g := strings.Join(got, " "); g != want {
		t.Errorf("names:\n got %s\nwant %s", g, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "undefined", "r8", "rgba8", "r8_unorm ", "VK_FORMAT_R8_UNORM"} {
		f, err := Parse(s)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", s, f)
			continue
		}
		if !errors.Is(err, ErrUnknown) {
			t.Errorf("Parse(%q) error %v does not wrap ErrUnknown", s, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, `"`+s+`"`) || !strings.Contains(msg, `"texunit formats" lists all`) {
			t.Errorf("Parse(%q) error %q should name the value and where the valid names are", s, msg)
		}
		if s != "" && s != "undefined" && !strings.Contains(msg, "did you mean r8_unorm") {
			t.Errorf("Parse(%q) error %q should suggest r8_unorm", s, msg)
		}
	}
}

func TestInfo(t *testing.T) {
	type row struct {
		f                       Format
		bytes, comps, elem      int
		num                     Numeric
		class                   Class
		depth, bgra, filterable bool
	}
	rows := []row{
		{R8Unorm, 1, 1, 1, NumericUnorm, ClassFloat, false, false, true},
		{R8G8Unorm, 2, 2, 1, NumericUnorm, ClassFloat, false, false, true},
		{R8G8B8A8Unorm, 4, 4, 1, NumericUnorm, ClassFloat, false, false, true},
		{R8G8B8A8Srgb, 4, 4, 1, NumericSrgb, ClassFloat, false, false, true},
		{R8G8B8A8Snorm, 4, 4, 1, NumericSnorm, ClassFloat, false, false, true},
		{B8G8R8A8Unorm, 4, 4, 1, NumericUnorm, ClassFloat, false, true, true},
		{B8G8R8A8Srgb, 4, 4, 1, NumericSrgb, ClassFloat, false, true, true},
		{R8G8B8A8Uint, 4, 4, 1, NumericUint, ClassUint, false, false, false},
		{R8G8B8A8Sint, 4, 4, 1, NumericSint, ClassSint, false, false, false},
		{R16Sfloat, 2, 1, 2, NumericSfloat, ClassFloat, false, false, true},
		{R16G16B16A16Sfloat, 8, 4, 2, NumericSfloat, ClassFloat, false, false, true},
		{R32Sfloat, 4, 1, 4, NumericSfloat, ClassFloat, false, false, true},
		{R32G32B32A32Sfloat, 16, 4, 4, NumericSfloat, ClassFloat, false, false, true},
		{R32Uint, 4, 1, 4, NumericUint, ClassUint, false, false, false},
		{D16Unorm, 2, 1, 2, NumericUnorm, ClassFloat, true, false, true},
		{D32Sfloat, 4, 1, 4, NumericSfloat, ClassFloat, true, false, true},
	}
	for _, r := range rows {
		in := r.f.Info()
		if in.Bytes != r.bytes || in.Components != r.comps || in.ElementBytes != r.elem || in.Numeric != r.num ||
			in.Class != r.class || in.Depth != r.depth || in.BGRA != r.bgra {
			t.Errorf("%v.Info() = %+v, want %+v", r.f, *in, r)
		}
		if in.Bytes != in.Components*in.ElementBytes {
			t.Errorf("%v: Bytes %d != Components %d × ElementBytes %d", r.f, in.Bytes, in.Components, in.ElementBytes)
		}
		if r.f.Filterable() != r.filterable {
			t.Errorf("%v.Filterable() = %v", r.f, r.f.Filterable())
		}
		if r.f.Info() != in {
			t.Errorf("%v.Info() is not a pointer into a static table", r.f)
		}
	}
	for _, f := range []Format{Undefined, numFormats, 1000} {
		if f.Valid() || f.Filterable() {
			t.Errorf("%d: Valid %v Filterable %v, want false", f, f.Valid(), f.Filterable())
		}
		if in := f.Info(); *in != (Info{Name: "undefined"}) {
			t.Errorf("Format(%d).Info() = %+v", f, *in)
		}
		if got := f.Decode(make([]byte, 16)); got != ([4]float32{}) {
			t.Errorf("Format(%d).Decode = %v", f, got)
		}
		if got := f.Border([4]float64{1, 1, 1, 1}); got != ([4]float32{}) {
			t.Errorf("Format(%d).Border = %v", f, got)
		}
		f.Encode(nil, [4]float64{}) // must not panic
	}
	if s := Undefined.String(); s != "undefined" {
		t.Errorf("Undefined.String() = %q", s)
	}
	if s := Format(1000).String(); s != "invalid(1000)" {
		t.Errorf("Format(1000).String() = %q", s)
	}
	for n, s := range map[Numeric]string{NumericUnorm: "unorm", NumericSnorm: "snorm", NumericSrgb: "srgb",
		NumericUint: "uint", NumericSint: "sint", NumericSfloat: "sfloat", 9: "invalid(9)"} {
		if n.String() != s {
			t.Errorf("Numeric(%d).String() = %q, want %q", n, n.String(), s)
		}
	}
	for c, s := range map[Class]string{ClassFloat: "float", ClassUint: "uint", ClassSint: "sint", 7: "invalid(7)"} {
		if c.String() != s {
			t.Errorf("Class(%d).String() = %q, want %q", c, c.String(), s)
		}
	}
}

// TestInfoNew spells out the description of formats of every shape added
// after the original sixteen.
func TestInfoNew(t *testing.T) {
	type row struct {
		f                  Format
		bytes, comps, elem int
		num                Numeric
		class              Class
		depth, stencil     bool
		bgra               bool
		packed             int
		bits               [4]int
	}
	rows := []row{
		{R4G4UnormPack8, 1, 2, 1, NumericUnorm, ClassFloat, false, false, false, 8, [4]int{4, 4, 0, 0}},
		{R5G6B5UnormPack16, 2, 3, 2, NumericUnorm, ClassFloat, false, false, false, 16, [4]int{5, 6, 5, 0}},
		{A1R5G5B5UnormPack16, 2, 4, 2, NumericUnorm, ClassFloat, false, false, false, 16, [4]int{5, 5, 5, 1}},
		{A8Unorm, 1, 1, 1, NumericUnorm, ClassFloat, false, false, false, 0, [4]int{0, 0, 0, 8}},
		{R8G8B8Srgb, 3, 3, 1, NumericSrgb, ClassFloat, false, false, false, 0, [4]int{8, 8, 8, 0}},
		{B8G8R8Uint, 3, 3, 1, NumericUint, ClassUint, false, false, true, 0, [4]int{8, 8, 8, 0}},
		{R8Uscaled, 1, 1, 1, NumericUscaled, ClassFloat, false, false, false, 0, [4]int{8, 0, 0, 0}},
		{A2B10G10R10SintPack32, 4, 4, 4, NumericSint, ClassSint, false, false, false, 32, [4]int{10, 10, 10, 2}},
		{R16G16B16Sfloat, 6, 3, 2, NumericSfloat, ClassFloat, false, false, false, 0, [4]int{16, 16, 16, 0}},
		{R32G32B32A32Sint, 16, 4, 4, NumericSint, ClassSint, false, false, false, 0, [4]int{32, 32, 32, 32}},
		{B10G11R11UfloatPack32, 4, 3, 4, NumericUfloat, ClassFloat, false, false, false, 32, [4]int{11, 11, 10, 0}},
		{E5B9G9R9UfloatPack32, 4, 3, 4, NumericUfloat, ClassFloat, false, false, false, 32, [4]int{9, 9, 9, 0}},
		{X8D24UnormPack32, 4, 1, 4, NumericUnorm, ClassFloat, true, false, false, 32, [4]int{}},
		{S8Uint, 1, 1, 1, NumericUint, ClassUint, false, true, false, 0, [4]int{}},
		{D16UnormS8Uint, 3, 2, 3, NumericUnorm, ClassFloat, true, true, false, 0, [4]int{}},
		{D24UnormS8Uint, 4, 2, 4, NumericUnorm, ClassFloat, true, true, false, 32, [4]int{}},
		{D32SfloatS8Uint, 8, 2, 8, NumericSfloat, ClassFloat, true, true, false, 0, [4]int{}},
	}
	for _, r := range rows {
		in := r.f.Info()
		if in.Bytes != r.bytes || in.Components != r.comps || in.ElementBytes != r.elem || in.Numeric != r.num ||
			in.Class != r.class || in.Depth != r.depth || in.Stencil != r.stencil || in.BGRA != r.bgra ||
			in.Packed != r.packed || in.Bits != r.bits || in.Compressed || in.BlockWidth != 1 || in.BlockHeight != 1 {
			t.Errorf("%v.Info() = %+v, want %+v", r.f, *in, r)
		}
	}
	// Every uncompressed format's components fill its bytes (packed and
	// array formats; depth/stencil formats have padding).
	for _, f := range All() {
		in := f.Info()
		if in.Compressed || in.Depth || in.Stencil || f == E5B9G9R9UfloatPack32 || padded(f) || in.BlockWidth == 2 {
			continue
		}
		sum := 0
		for _, b := range in.Bits {
			sum += b
		}
		if sum != 8*in.Bytes {
			t.Errorf("%v: component bits %v do not fill %d bytes", f, in.Bits, in.Bytes)
		}
	}
}

func TestAspectFormat(t *testing.T) {
	tests := []struct {
		f    Format
		a    Aspect
		want Format
		off  int
		err  string
	}{
		{R8G8B8A8Unorm, AspectDefault, R8G8B8A8Unorm, 0, ""},
		{R8G8B8A8Unorm, AspectColor, R8G8B8A8Unorm, 0, ""},
		{R8G8B8A8Unorm, AspectDepth, 0, 0, "aspect: depth is not an aspect of format r8g8b8a8_unorm"},
		{R8G8B8A8Unorm, AspectStencil, 0, 0, "aspect: stencil is not an aspect of format r8g8b8a8_unorm"},
		{D16Unorm, AspectDefault, D16Unorm, 0, ""},
		{D16Unorm, AspectDepth, D16Unorm, 0, ""},
		{D16Unorm, AspectColor, 0, 0, "aspect: color is not an aspect of format d16_unorm"},
		{D32Sfloat, AspectStencil, 0, 0, "aspect: stencil is not an aspect of format d32_sfloat"},
		{S8Uint, AspectDefault, S8Uint, 0, ""},
		{S8Uint, AspectStencil, S8Uint, 0, ""},
		{S8Uint, AspectDepth, 0, 0, "aspect: depth is not an aspect of format s8_uint"},
		{D16UnormS8Uint, AspectDefault, D16Unorm, 0, ""},
		{D16UnormS8Uint, AspectStencil, S8Uint, 2, ""},
		{D24UnormS8Uint, AspectDepth, X8D24UnormPack32, 0, ""},
		{D24UnormS8Uint, AspectStencil, S8Uint, 3, ""},
		{D32SfloatS8Uint, AspectDepth, D32Sfloat, 0, ""},
		{D32SfloatS8Uint, AspectStencil, S8Uint, 4, ""},
		{D32SfloatS8Uint, Aspect(9), 0, 0, "aspect: invalid(9) is not an aspect of format d32_sfloat_s8_uint"},
		{Undefined, AspectDefault, 0, 0, "format: undefined has no aspects"},
		{G8B8R82Plane420Unorm, AspectPlane0, R8Unorm, 0, ""},
		{G8B8R82Plane420Unorm, AspectPlane1, R8G8Unorm, 0, ""},
		{G8B8R82Plane420Unorm, AspectPlane2, 0, 0, "aspect: plane_2 is not an aspect of format g8_b8r8_2plane_420_unorm"},
		{G10X6B10X6R10X63Plane420Unorm3Pack16, AspectPlane2, R10X6UnormPack16, 0, ""},
		{R8Unorm, AspectPlane0, 0, 0, "aspect: plane_0 is not an aspect of format r8_unorm"},
	}
	for _, tt := range tests {
		g, off, err := tt.f.AspectFormat(tt.a)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%v.AspectFormat(%v) error = %v, want %q", tt.f, tt.a, err, tt.err)
			}
			continue
		}
		if err != nil || g != tt.want || off != tt.off {
			t.Errorf("%v.AspectFormat(%v) = %v, %d, %v; want %v, %d", tt.f, tt.a, g, off, err, tt.want, tt.off)
		}
	}
	// The stencil aspect reads the stencil the encoder wrote.
	for _, f := range []Format{D16UnormS8Uint, D24UnormS8Uint, D32SfloatS8Uint} {
		b := make([]byte, f.Info().Bytes)
		f.Encode(b, [4]float64{0.5, 201})
		sf, off, _ := f.AspectFormat(AspectStencil)
		df, doff, _ := f.AspectFormat(AspectDepth)
		if s := sf.Decode(b[off:]); s[0] != math.Float32frombits(201) {
			t.Errorf("%v stencil = %v, want 201", f, math.Float32bits(s[0]))
		}
		if d := df.Decode(b[doff:]); math.Abs(float64(d[0])-0.5) > 1e-4 {
			t.Errorf("%v depth = %v, want 0.5", f, d[0])
		}
	}
	for _, n := range []string{"default", "color", "DEPTH", "Stencil"} {
		a, err := ParseAspect(n)
		if err != nil || !strings.EqualFold(a.String(), n) {
			t.Errorf("ParseAspect(%q) = %v, %v", n, a, err)
		}
	}
	if _, err := ParseAspect("colour"); err == nil || !strings.Contains(err.Error(), `"colour"`) {
		t.Errorf("ParseAspect(colour) error = %v", err)
	}
}

// TestFormatsDocumented checks that docs/FORMATS.md lists every format.
func TestFormatsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/FORMATS.md")
	if err != nil {
		t.Skipf("docs/FORMATS.md: %v", err)
	}
	for _, f := range All() {
		if !strings.Contains(string(doc), "| `"+f.String()+"` |") {
			t.Errorf("docs/FORMATS.md has no row for %v", f)
		}
	}
}
