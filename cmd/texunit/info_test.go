package main

import (
	"bytes"
	"encoding/json"
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
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"info"}, 2, "no file given"},
		{[]string{"info", "-bogus", "x"}, 2, "flag provided but not defined"},
		{[]string{"info", "info_test.go"}, 1, "info_test.go: unknown: signature (byte 0)"},
		{[]string{"info", "missing.png"}, 1, "missing.png"},
		{[]string{"info", "-max-bytes", "100", "../../texfile/testdata/rgba16.png"}, 1, "exceed the memory limit"},
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
