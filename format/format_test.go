package format

import (
	"errors"
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
	// The names in the order of the enumeration are Vulkan's.
	want := "r8_unorm r8g8_unorm r8g8b8a8_unorm r8g8b8a8_srgb r8g8b8a8_snorm b8g8r8a8_unorm b8g8r8a8_srgb " +
		"r8g8b8a8_uint r8g8b8a8_sint r16_sfloat r16g16b16a16_sfloat r32_sfloat r32g32b32a32_sfloat r32_uint " +
		"d16_unorm d32_sfloat"
	var got []string
	for _, f := range all {
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
		if !strings.Contains(msg, `"`+s+`"`) || !strings.Contains(msg, "r8g8b8a8_unorm") || !strings.Contains(msg, "d32_sfloat") {
			t.Errorf("Parse(%q) error %q should name the value and list the valid names", s, msg)
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
	if len(rows) != len(All()) {
		t.Fatalf("table has %d rows, want one per format (%d)", len(rows), len(All()))
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
