package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

func TestFormats(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"formats"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(format.All())+1 {
		t.Errorf("%d lines for %d formats", len(lines), len(format.All()))
	}
	out.Reset()
	if code := run([]string{"formats", "-json", "bc1_rgba_srgb", "x8_d24", "g8_b8r8_2plane_422"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rows []formatRow
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r formatRow
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	want := []formatRow{
		{Name: "x8_d24_unorm_pack32", Bytes: 4, Block: [2]int{1, 1}, Components: 1, Numeric: "unorm", Class: "float", Depth: true, Packed: 32, Filterable: true},
		{Name: "bc1_rgba_srgb_block", Bytes: 8, Block: [2]int{4, 4}, Components: 4, Numeric: "srgb", Class: "float", Compressed: true, Filterable: true},
		{Name: "g8_b8r8_2plane_422_unorm", Bytes: 3, Block: [2]int{1, 1}, Components: 3, Numeric: "unorm", Class: "float", Planes: 2, Chroma: "422", Filterable: true},
	}
	if len(rows) != 3 || rows[0] != want[0] || rows[1] != want[1] || rows[2] != want[2] {
		t.Errorf("rows %+v\nwant %+v", rows, want)
	}
	// The 3D ASTC formats give their block depth.
	out.Reset()
	if code := run([]string{"formats", "-json", "astc_5x4x4_sfloat"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var r formatRow
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || r != (formatRow{Name: "astc_5x4x4_sfloat_block", Bytes: 16, Block: [2]int{5, 4}, BlockDepth: 4,
		Components: 4, Numeric: "sfloat", Class: "float", Compressed: true, Filterable: true}) {
		t.Errorf("astc_5x4x4_sfloat_block: %+v, %v", r, err)
	}
	out.Reset()
	if code := run([]string{"formats", "astc_3x3x3_srgb"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "3x3x3    4 srgb") ||
		!strings.Contains(out.String(), "3D surfaces only") {
		t.Errorf("astc_3x3x3_srgb_block: %q", out.String())
	}
	errb.Reset()
	if code := run([]string{"formats", "zz9"}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "zz9") {
		t.Errorf("no match: exit %d, %q", code, errb.String())
	}
}
