package batch

import (
	"strings"
	"testing"

	"github.com/texunit/texunit/sampler"
)

func TestDecodeSurfaceAndSampler(t *testing.T) {
	spec, err := DecodeSurface([]byte(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 4, "levels": 2, "data": {"coords": true}}`))
	if err != nil {
		t.Fatal(err)
	}
	var w Worker
	v, err := w.View(spec)
	if err != nil {
		t.Fatal(err)
	}
	if v.Levels != 2 || v.Surface.Desc.Width != 8 {
		t.Errorf("view: levels %d width %d", v.Levels, v.Surface.Desc.Width)
	}
	st, err := DecodeSampler([]byte(`{"mag": "linear", "address": ["clamp_to_edge"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if st.MagFilter != sampler.Linear || st.MinFilter != sampler.Nearest {
		t.Errorf("sampler: mag %v min %v", st.MagFilter, st.MinFilter)
	}
	for _, c := range []struct{ text, want string }{
		{`{"type": "2d"}`, "format"},
		{`{"type": "2d", "format": "r8_unorm", "width": 4, "colour": 1}`, "colour"},
		{`{`, "JSON"},
	} {
		if _, err := DecodeSurface([]byte(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeSurface(%s) = %v, want an error naming %q", c.text, err, c.want)
		}
	}
	if _, err := DecodeSampler([]byte(`{"mag": "bicubic"}`)); err == nil || !strings.Contains(err.Error(), "mag") {
		t.Errorf("DecodeSampler bad mag: %v", err)
	}
}

func TestMinLodLaneField(t *testing.T) {
	job, err := Decode([]byte(`{"surface": {"type": "2d", "format": "r32g32b32a32_sfloat", "width": 16, "height": 16},
		"sampler": {"mag": "linear", "min": "linear", "mip": "linear"}, "op": "sample_l",
		"lanes": [{"coord": [0.3, 0.6], "lod": 0.25, "min_lod": 2}, {"coord": [0.3, 0.6], "lod": 0.25}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if job.Request.MinLod[0] != 2 || job.Request.MinLod[1] == job.Request.MinLod[1] {
		t.Errorf("MinLod %v, want [2 NaN]", job.Request.MinLod)
	}
	var w Worker
	var res sampler.Result
	if err := job.Run(&w, &res); err != nil {
		t.Fatal(err)
	}
	if res.Vec(0) == res.Vec(1) {
		t.Errorf("min_lod 2 gave the same result as none: %v", res.Vec(0))
	}
	for _, c := range []struct{ op, lane, want string }{
		{"gather4", `{"coord": [0, 0], "min_lod": 1}`, "gather4 does not use min_lod"},
		{"fetch", `{"texel": [0, 0], "min_lod": 1}`, "fetch does not use min_lod"},
		{"sample_l", `{"coord": [0, 0], "lod": 0, "min_lod": "x"}`, "min_lod"},
	} {
		_, err := Decode([]byte(`{"surface": {"type": "2d", "format": "r8_unorm", "width": 4}, "op": "` + c.op + `", "lanes": [` + c.lane + `]}`))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want %q", c.op, c.lane, err, c.want)
		}
	}
}

func TestAspectAndSwizzle(t *testing.T) {
	run := func(surf, op, lanes string) (*sampler.Result, error) {
		job, err := Decode([]byte(`{"surface": ` + surf + `, "op": "` + op + `", "lanes": ` + lanes + `}`))
		if err != nil {
			return nil, err
		}
		var w Worker
		var res sampler.Result
		return &res, job.Run(&w, &res)
	}
	// A swizzled view: "bgr1" reads (B, G, R, 1) of the coords data.
	plain, err := run(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 4, "height": 4, "data": {"coords": true}}`, "fetch", `[{"texel": [3, 1]}]`)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := run(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 4, "height": 4, "swizzle": "bgr1", "data": {"coords": true}}`, "fetch", `[{"texel": [3, 1]}]`)
	if err != nil {
		t.Fatal(err)
	}
	p, q := plain.Vec(0), sw.Vec(0)
	if q != [4]float32{p[2], p[1], p[0], 1} {
		t.Errorf("swizzle bgr1: %v from %v", q, p)
	}
	// The stencil aspect reads unsigned integers.
	st, err := run(`{"type": "2d", "format": "d24_unorm_s8_uint", "width": 4, "height": 4, "aspect": "stencil"}`, "fetch", `[{"texel": [1, 1]}]`)
	if err != nil {
		t.Fatal(err)
	}
	if st.Kind != sampler.ValueUint || st.Uint(0, 0) > 255 {
		t.Errorf("stencil aspect: kind %v value %d", st.Kind, st.Uint(0, 0))
	}
	for _, c := range []struct{ surf, want string }{
		{`{"type": "2d", "format": "r8_unorm", "width": 4, "aspect": "stencil"}`, "aspect"},
		{`{"type": "2d", "format": "r8_unorm", "width": 4, "aspect": "side"}`, `surface.aspect: unknown value "side"`},
		{`{"type": "2d", "format": "r8_unorm", "width": 4, "swizzle": "rgbx"}`, `surface.swizzle: "rgbx"`},
		{`{"type": "2d", "format": "bc1_rgb_unorm_block", "width": 8, "height": 8, "data": {"coords": true}}`, "surface.data.coords"},
	} {
		if _, err := run(c.surf, "fetch", `[{"texel": [0, 0]}]`); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.surf, err, c.want)
		}
	}
}
