package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"texunit/texfile"
)

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args                  []string
		out, format, kind     string
		levels, layers, width int
		scheme                string
	}{
		// PNG → KTX2 with a generated mip chain, zstd.
		{[]string{"../../texfile/testdata/rgba8.png", "a.ktx2", "--mips", "--zstd"}, "a.ktx2", "r8g8b8a8_srgb", "2d", 3, 1, 5, "zstd"},
		// HDR → KTX2 in the shared-exponent format.
		{[]string{"-format", "e5b9g9r9_ufloat_pack32", "../../texfile/testdata/hdr_rle.hdr", "b.ktx2"}, "b.ktx2", "e5b9g9r9_ufloat_pack32", "2d", 1, 1, 16, "none"},
		// Cube KTX2 → PNG of face 3, level 1.
		{[]string{"../../texfile/testdata/ktx2_cube_r8.ktx2", "c.png", "-layer", "3", "-level", "1"}, "c.png", "r8_unorm", "2d", 1, 1, 1, "none"},
		// HDR → 16-bit PNG with Reinhard.
		{[]string{"../../texfile/testdata/hdr_small.hdr", "d.png", "-tonemap", "reinhard"}, "d.png", "r16g16b16a16_unorm", "2d", 1, 1, 4, "none"},
		// DDS → 8-bit PNG.
		{[]string{"../../texfile/testdata/bgra.dds", "e.png", "-bits", "8"}, "e.png", "r8g8b8a8_srgb", "2d", 1, 1, 4, "none"},
	} {
		args := append([]string{"convert"}, tc.args...)
		for i, a := range args {
			if strings.HasSuffix(a, ".ktx2") && !strings.Contains(a, "/") || strings.HasSuffix(a, ".png") && !strings.Contains(a, "/") {
				args[i] = filepath.Join(dir, a)
			}
		}
		var stdout, stderr bytes.Buffer
		if code := run(args, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr.String())
		}
		if !strings.HasPrefix(stdout.String(), "wrote ") {
			t.Errorf("%v: stdout %q", args, stdout.String())
		}
		f, err := texfile.ReadFile(filepath.Join(dir, tc.out), nil)
		if err != nil {
			t.Fatal(err)
		}
		s := f.Surface
		if s.Format.String() != tc.format || s.Kind.String() != tc.kind || s.Levels != tc.levels || s.Layers != tc.layers || s.Width != tc.width || f.Supercompression != tc.scheme {
			t.Errorf("%v: wrote %v %v %d levels %d layers width %d %s", tc.args, s.Kind, s.Format, s.Levels, s.Layers, s.Width, f.Supercompression)
		}
	}
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"convert", "a.png"}, 2, "want IN and OUT, got 1"},
		{[]string{"convert", "../../texfile/testdata/rgb8.png", filepath.Join(dir, "x.dds")}, 2, "can write .png and .ktx2 files only"},
		{[]string{"convert", "-format", "r9", "../../texfile/testdata/rgb8.png", filepath.Join(dir, "x.png")}, 2, "-format"},
		{[]string{"convert", "-tonemap", "aces", "../../texfile/testdata/rgb8.png", filepath.Join(dir, "x.png")}, 2, "-tonemap"},
		{[]string{"convert", "-bits", "4", "../../texfile/testdata/rgb8.png", filepath.Join(dir, "x.png")}, 2, "-bits 4"},
		{[]string{"convert", "convert_test.go", filepath.Join(dir, "x.png")}, 1, "convert_test.go: unknown: signature"},
		{[]string{"convert", "-level", "3", "../../texfile/testdata/rgb8.png", filepath.Join(dir, "x.png")}, 1, "level 3 is out of range"},
		{[]string{"convert", "-mips", "../../texfile/testdata/dxt1_mips.dds", filepath.Join(dir, "x.ktx2")}, 1, "block-compressed"},
		{[]string{"convert", "-format", "bc7_unorm_block", "../../texfile/testdata/rgb8.png", filepath.Join(dir, "x.ktx2")}, 1, "no encoders"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, nil, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.stderr)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"convert", "-h"}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "Usage: texunit convert") {
		t.Errorf("-h: exit %d", code)
	}
}
