package batch

import (
	"strings"
	"testing"

	"texunit/sampler"
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
	if _, err := DecodeSampler([]byte(`{"mag": "cubic"}`)); err == nil || !strings.Contains(err.Error(), "mag") {
		t.Errorf("DecodeSampler bad mag: %v", err)
	}
}
