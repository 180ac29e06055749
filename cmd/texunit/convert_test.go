package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texfile"
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
	restoreMemoryLimit(t)
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
		{[]string{"convert", "-max-bytes", "1x", "../../texfile/testdata/rgb8.png", filepath.Join(dir, "x.ktx2")}, 2, "is not a byte count"},
		{[]string{"convert", "../../texfile/testdata/rgb8.png", filepath.Join(dir, "missing", "x.ktx2")}, 1, "missing"},
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

// TestConvertBudget runs conversions within -max-bytes: the input, the
// surfaces, the mip chain and the writer's buffers share one budget, a
// refusal names what needed the memory, and a failed conversion leaves no
// output (not even a partial or temporary file).
func TestConvertBudget(t *testing.T) {
	restoreMemoryLimit(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "in.ktx2")
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 256, Height: 128, Levels: 1}) // 128 KiB
	s.FillCoords()
	var buf bytes.Buffer
	if err := texfile.WriteKTX2(&buf, s, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.ktx2")
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"-max-bytes", "256MiB", "-mips", "-zstd", "-format", "r32g32b32a32_sfloat"}, 0, ""},
		// Reading holds the file (128 KiB and a header) and the texels
		// (128 KiB); converting, the texels and the 512 KiB of floats
		// (and a row); -mips, the floats and the 682.7 KiB of the chain
		// (and a row cache of 72 KiB); -zstd, the encoder (3 MiB and two
		// windows of 512 KiB) and the compressed levels.
		{[]string{"-max-bytes", "100KiB"}, 1, "in.ktx2: ktx2: file: 131292 bytes exceed the memory budget of 102400 bytes (100 KiB)"},
		{[]string{"-max-bytes", "200KiB"}, 1, "ktx2: texel data (byte 80): 131072 bytes exceed the memory budget of 204800 bytes (200 KiB) (131292 bytes (128.2 KiB) already in use)"},
		{[]string{"-max-bytes", "700KiB", "-format", "r32g32b32a32_sfloat"}, 0, ""},
		{[]string{"-max-bytes", "600KiB", "-format", "r32g32b32a32_sfloat"}, 1, "converting r8g8b8a8_unorm to r32g32b32a32_sfloat: converted texel data: 524288 bytes exceed the memory budget of 614400 bytes (600 KiB) (131072 bytes (128 KiB) already in use)"},
		{[]string{"-max-bytes", "1MiB", "-mips", "-format", "r32g32b32a32_sfloat"}, 1, "-mips: mip chain: 699056 bytes exceed the memory budget of 1048576 bytes (1 MiB) (524288 bytes (512 KiB) already in use)"},
		{[]string{"-max-bytes", "1270KiB", "-mips", "-format", "r32g32b32a32_sfloat"}, 0, ""},
		{[]string{"-max-bytes", "1270KiB", "-mips", "-zstd", "-format", "r32g32b32a32_sfloat"}, 1, "out.ktx2: ktx2: zstd encoder: 4194304 bytes exceed the memory budget"},
	} {
		os.Remove(out)
		args := append(append([]string{"convert"}, tc.args...), src, out)
		var stdout, stderr bytes.Buffer
		code := run(args, nil, &stdout, &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.stderr)
		}
		_, err := os.Stat(out)
		if (err == nil) != (tc.code == 0) {
			t.Errorf("%v: exit %d, but the output file: %v", tc.args, code, err)
		}
	}
	// A conversion that fails while writing leaves an existing OUT as it
	// was, and no temporary file.
	png := filepath.Join(dir, "keep.png")
	if err := os.WriteFile(png, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"convert", "-level", "4", src, png}, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "level 4 is out of range") {
		t.Errorf("-level 4: exit %d, stderr %q", code, stderr.String())
	}
	if b, err := os.ReadFile(png); err != nil || string(b) != "old" {
		t.Errorf("the failed conversion changed %s: %q, %v", png, b, err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	// The written file is whole and readable, with the usual mode.
	stdout.Reset()
	if code := run([]string{"convert", src, png}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("to PNG: exit %d, stderr %q", code, stderr.String())
	}
	if st, err := os.Stat(png); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("%s: %v, mode %v", png, err, st.Mode())
	}
	if f, err := texfile.ReadFile(png, nil); err != nil || f.Surface.Width != 256 {
		t.Errorf("reading the PNG back: %v", err)
	}
	stdout.Reset()
	if code := run([]string{"convert", "-h"}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "of the whole conversion") {
		t.Errorf("-h: %q", stdout.String())
	}
}

// A PNG holds one image of the surface: convert says which, at its own
// size, and a range error names the field once.
func TestConvertPNGReport(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"convert", "../../texfile/testdata/ktx2_cube_r8.ktx2", filepath.Join(dir, "f.png"), "-layer", "3", "-level", "1"}, 0,
			"r8_unorm 1x1 (level 1 of 2, face 3 of the cube 2x2x1)\n"},
		{[]string{"convert", "../../texfile/testdata/rgba8.png", filepath.Join(dir, "p.png")}, 0, "r8g8b8a8_srgb 5x3\n"},
		{[]string{"convert", "../../texfile/testdata/rgba8.png", filepath.Join(dir, "q.png"), "-layer", "3"}, 1,
			"png: image: layer 3 is out of range (0..0)\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, nil, &stdout, &stderr)
		if code != tc.code || !strings.HasSuffix(stdout.String()+stderr.String(), tc.out) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and ...%q", tc.args, code, stdout.String(), stderr.String(), tc.code, tc.out)
		}
	}
}
