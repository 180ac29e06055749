package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFootprintCommand(t *testing.T) {
	dir := t.TempDir()
	surf := filepath.Join(dir, "s.json")
	if err := os.WriteFile(surf, []byte(`{"type": "cube", "format": "r32g32b32a32_sfloat", "width": 8, "height": 8}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"footprint"}, "sample_l at 0.53,0.47: value ("},
		{[]string{"footprint", "-op", "sample_d", "-coord", "0.02,0.5", "-sampler", `{"mag": "linear", "min": "linear", "address": "clamp_to_border", "max_anisotropy": 4}`}, "sample_d at 0.02,0.5"},
		{[]string{"footprint", "-op", "gather4", "-coord", "0.5,0.5"}, "gather4 at 0.5,0.5"},
		{[]string{"footprint", "-op", "sample", "-coord", "0.5,0.5"}, "sample at 0.5,0.5"},
		{[]string{"footprint", "-surface", surf, "-coord", "1,0.99,0.99", "-lod", "0"}, "sample_l at 1,0.99,0.99"},
		{[]string{"footprint", "-heatmap", "-size", "64x48", "-texture", "64", "-panel", "3", "-cache", "2KiB/64/2/plru", "-layout", "tile_4", "-order", "lane"},
			"16x aniso panel, tile_4 layout, cache 2KiB 64B lines 2-way plru, reads by lane: "},
	} {
		out := filepath.Join(dir, "f.png")
		var stdout, stderr bytes.Buffer
		if code := run(append(c.args, "-o", out), nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, stdout.String(), stderr.String())
			continue
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(f); err != nil {
			t.Errorf("%v: %v", c.args, err)
		}
		f.Close()
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"footprint", "-heatmap", "-layout", "tiled"}, 2, "-layout: surface.layout: tiled is not a layout"},
		{[]string{"footprint", "-heatmap", "-cache", "1KiB/64/3"}, 2, "-cache: texcache:"},
		{[]string{"footprint", "-heatmap", "-order", "pixel"}, 2, "-order:"},
		{[]string{"footprint", "-op", "resample"}, 1, "-op:"},
		{[]string{"footprint", "-coord", "x,1"}, 1, `-coord "x,1": "x" is not a number`},
		{[]string{"footprint", "-sampler", "{"}, 1, "-sampler:"},
		{[]string{"footprint", "-op", "lod"}, 1, "read no texels"},
		{[]string{"footprint", "extra"}, 2, `unexpected argument "extra"`},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append(c.args, "-o", filepath.Join(dir, "x.png")), nil, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}
