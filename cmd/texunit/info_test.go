package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestInfo(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"info", "../../texfile/testdata/ktx2_cube_r8.ktx2"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	for _, want := range []string{"container:        ktx2 (vkFormat 9 (VK_FORMAT_R8_UNORM))", "kind:             cube", "format:           r8_unorm",
		"size:             2x2x1", "levels:           2", "layers:           6", "bytes:            30", "supercompression: none"} {
		if !strings.Contains(stdout.String(), want+"\n") {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
}

func TestInfoJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	// Flags may follow the files.
	code := run([]string{"info", "../../texfile/testdata/ktx2_zstd_srgb.ktx2", "../../texfile/testdata/rgb16.png", "-json"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines, got %q", stdout.String())
	}
	var a, b fileInfo
	if err := json.Unmarshal([]byte(lines[0]), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &b); err != nil {
		t.Fatal(err)
	}
	if a.Container != "ktx2" || a.Format != "r8g8b8a8_srgb" || a.Levels != 4 || a.Bytes != 340 || a.Supercompression != "zstd" || a.Width != 8 {
		t.Errorf("ktx2: %+v", a)
	}
	if b.Container != "png" || b.Format != "r16g16b16a16_unorm" || b.Header != "png rgb 16-bit" || b.Bytes != 120 || b.Kind != "2d" {
		t.Errorf("png: %+v", b)
	}
}

func TestInfoErrors(t *testing.T) {
	restoreMemoryLimit(t)
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"info"}, 2, "no file given"},
		{[]string{"info", "-bogus", "x"}, 2, "flag provided but not defined"},
		{[]string{"info", "info_test.go"}, 1, "info_test.go: unknown: signature (byte 0)"},
		{[]string{"info", "missing.png"}, 1, "missing.png"},
		{[]string{"info", "-max-bytes", "100", "../../texfile/testdata/rgba16.png"}, 1, "png: texel data (byte 16): 120 bytes exceed the memory budget of 100 bytes"},
		{[]string{"info", "-max-bytes", "64", "../../texfile/testdata/rgba16.png"}, 1, "rgba16.png: png: file: 95 bytes exceed the memory budget of 64 bytes"},
		{[]string{"info", "-max-bytes", "lots", "../../texfile/testdata/rgba16.png"}, 2, "is not a byte count"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, nil, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.stderr)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"info", "-h"}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "Usage: texunit info") {
		t.Errorf("-h: exit %d, stdout %q", code, stdout.String())
	}
}

// TestInfoBudget reads files within -max-bytes: each file has a budget of
// its own, a zstd bomb is refused naming the level, and the help names
// what the budget covers.
func TestInfoBudget(t *testing.T) {
	restoreMemoryLimit(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"info", "-max-bytes", "256MiB", "-json", "../../texfile/testdata/ktx2_zstd_srgb.ktx2", "../../texfile/testdata/rgb8.png"}, nil, &stdout, &stderr)
	if code != 0 || strings.Count(stdout.String(), "\n") != 2 {
		t.Fatalf("-max-bytes 256MiB: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	big := filepath.Join(t.TempDir(), "big.png")
	// 256 KiB of texels and 256 KiB (+ 2 scanlines) decoded by image/png:
	// three such files fit 600 KiB each, not together, and one does not fit
	// 400 KiB.
	img := image.NewNRGBA(image.Rect(0, 0, 256, 256))
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"info", "-max-bytes", "600KiB", big, big, big}, nil, &stdout, &stderr); code != 0 || strings.Count(stdout.String(), "file:") != 3 {
		t.Errorf("three files of 513 KiB within 600 KiB each: exit %d, stderr %q", code, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"info", "-max-bytes", "400KiB", big}, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "png: decoded image (byte 16): 264194 bytes exceed the memory budget of 409600 bytes (400 KiB)") {
		t.Errorf("within 400 KiB: exit %d, stderr %q", code, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"info", "-h"}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "of each file") {
		t.Errorf("-h: %q", stdout.String())
	}
}

// restoreMemoryLimit gives the test process its soft memory limit back
// when the test ends: -max-bytes sets it (to the budget plus the runtime's
// overhead), and a small budget would leave the tests after it collecting
// garbage all the time.
func restoreMemoryLimit(t *testing.T) {
	limit := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(limit) })
}

// TestInfoASTC reads astcenc's .astc and KTX 1.1 files: UNORM by default, -astc choosing the
// family (after the file too), a bad -astc value a usage error.
func TestInfoASTC(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"info", "../../texfile/testdata/astc_4x4x4_hdr.astc"}, []string{"container:        astc (ASTC 4x4x4 blocks, read as unorm)", "kind:             3d",
			"format:           astc_4x4x4_unorm_block", "size:             9x7x6", "bytes:            192"}},
		{[]string{"info", "../../texfile/testdata/astc_4x4x4_hdr.astc", "-astc", "sfloat"}, []string{"format:           astc_4x4x4_sfloat_block"}},
		{[]string{"info", "-astc", "srgb", "../../texfile/testdata/ktx1_astc_6x6.ktx"}, []string{"container:        ktx (glInternalFormat 0x93b4", "format:           astc_6x6_srgb_block", "size:             13x9x1"}},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", tc.args, code, stderr.String())
		}
		for _, w := range tc.want {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("%v: stdout lacks %q:\n%s", tc.args, w, stdout.String())
			}
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"info", "-astc", "snorm", "x.astc"}, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `-astc: "snorm" is not unorm, srgb or sfloat`) {
		t.Errorf("-astc snorm: exit %d, %q", code, stderr.String())
	}
}
