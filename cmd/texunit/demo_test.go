package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestDemoWritesPNG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.png")
	var stdout, stderr bytes.Buffer
	code := run([]string{"demo", "-o", out, "-size", "64x48", "-j", "2", "-texture", "64"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	re := regexp.MustCompile(`^wrote .*d\.png \(128x96\): \d+ samples in \d+\.\d\d s, \d+\.\d M samples/s\n$`)
	if !re.MatchString(stdout.String()) {
		t.Errorf("stdout %q does not match %v", stdout.String(), re)
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr %q, want nothing", stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 128 || b.Dy() != 96 {
		t.Errorf("PNG is %v, want 128x96", b)
	}
}

func TestDemoDefaultOutput(t *testing.T) {
	t.Chdir(t.TempDir())
	var stdout, stderr bytes.Buffer
	if code := run([]string{"demo", "-size", "32x32", "-texture", "16"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if _, err := os.Stat("demo.png"); err != nil {
		t.Errorf("no demo.png in the current directory: %v", err)
	}
}

func TestDemoUsage(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{[]string{"demo", "-h"}, 0, "Usage: texunit demo", ""},
		{[]string{"demo", "-size", "12"}, 2, "", "want WxH"},
		{[]string{"demo", "-size", "10x10"}, 2, "", "each side must be"},
		{[]string{"demo", "-j", "-1"}, 2, "", "-j -1"},
		{[]string{"demo", "-texture", "5"}, 2, "", "-texture 5"},
		{[]string{"demo", "extra"}, 2, "", "unexpected argument"},
		{[]string{"demo", "-aniso", "gaussian"}, 2, "", `-aniso "gaussian": want vulkan, ewa or footprint_assembly`},
		{[]string{"demo", "-o", filepath.Join(os.DevNull, "x", "y.png"), "-size", "32x32", "-texture", "16"}, 1, "", "texunit demo:"},
		{[]string{"-h"}, 0, "demo ", ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, nil, &stdout, &stderr)
		if code != tc.code {
			t.Errorf("%q: exit %d, want %d (stderr %q)", tc.args, code, tc.code, stderr.String())
		}
		if !strings.Contains(stdout.String(), tc.inStdout) {
			t.Errorf("%q: stdout %q lacks %q", tc.args, stdout.String(), tc.inStdout)
		}
		if !strings.Contains(stderr.String(), tc.inStderr) {
			t.Errorf("%q: stderr %q lacks %q", tc.args, stderr.String(), tc.inStderr)
		}
	}
}
