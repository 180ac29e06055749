package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runMSAATest(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"msaa"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestMSAAHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"load", "-h"}, {"stats", "-h"}, {"resolve", "-h"}, {"asm", "-h"}, {"disasm", "-h"}} {
		code, out, _ := runMSAATest(t, "", args...)
		if code != 0 || !strings.Contains(out, "Usage: texunit msaa") {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
	}
	for _, args := range [][]string{{}, {"nope"}, {"load", "-bogus"}, {"load", "-figure", "5E"}, {"load", "-mode", "x"},
		{"stats", "-wave", "8"}, {"resolve", "-op", "median"}, {"asm", "-target", "gfx900"}, {"load", "extra"}} {
		if code, _, _ := runMSAATest(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestMSAALoadFigures runs each figure and checks the registers it prints.
func TestMSAALoadFigures(t *testing.T) {
	for _, c := range []struct {
		fig  string
		want []string
	}{
		{"5A", []string{"stride 4", "register 0: S1C1 S2C1 S3C1 S4C1", "register 0: S1C1 S1C2 S1C3 S1C4", "register 0: D1 D2 D3 D4"}},
		{"5B", []string{"register 0: S1C1 S2C1 S1C1 S2C1", "register 0: S1C1 S2C1 0 0", "register 0: D1 D2 D1 D2"}},
		{"5C", []string{"register 0: S5C1 S6C1 S7C1 S8C1", "register 1: S5C1 S6C1 S7C1 S8C1", "register 0: D5 D6 D7 D8", "2 phase(s)"}},
		{"5D", []string{"elements in memory order: S1C1 S2C1 S3C1 S4C1 S1C2", "mode same_component, stride 1", "mode same_sample, stride 4", "register 0: S1C1 S1C2 S1C3 S1C4"}},
	} {
		code, out, errs := runMSAATest(t, "", "load", "-figure", c.fig)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.fig, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("figure %s: output lacks %q:\n%s", c.fig, w, out)
			}
		}
	}
}

func TestMSAALoadFlags(t *testing.T) {
	code, out, errs := runMSAATest(t, "", "load", "-samples", "16", "-components", "5", "-mode", "same_component",
		"-component", "4", "-group-from-sample", "-sample", "6", "-tfe", "-x", "1", "-y", "2", "-size", "3x3")
	if code != 0 || !strings.Contains(out, "register 0: S5C5 S6C5 S7C5 S8C5") || !strings.Contains(out, "stride 5") || !strings.Contains(out, "residency code: 0") {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
	code, out, _ = runMSAATest(t, "", "load", "-samples", "8", "-fragments", "2", "-fmask", "10101010", "-all-phases")
	if code != 0 || !strings.Contains(out, "register 0: F1C1 F2C1 F1C1 F2C1") || !strings.Contains(out, "samples identical: false") {
		t.Errorf("FMASK: exit %d: %s", code, out)
	}
	if code, _, errs := runMSAATest(t, "", "load", "-x", "9"); code != 1 || !strings.Contains(errs, "pixel (9, 0, 0) is outside the 4x4x1 surface") {
		t.Errorf("outside: exit %d: %s", code, errs)
	}
	if code, _, errs := runMSAATest(t, "", "load", "-phase", "3"); code != 1 || !strings.Contains(errs, "msaa: phase: 3 is out of range") {
		t.Errorf("phase: exit %d: %s", code, errs)
	}
	if code, _, errs := runMSAATest(t, "", "load", "-fmask", "zz", "-fragments", "2"); code != 1 || !strings.Contains(errs, `-fmask "zz"`) {
		t.Errorf("fmask: exit %d: %s", code, errs)
	}
}

// TestMSAASpacing runs a load on RGBX storage (three components, four
// elements apart) and the stats on the patent's 16-lane wave.
func TestMSAASpacing(t *testing.T) {
	code, out, errs := runMSAATest(t, "", "load", "-components", "3", "-spacing", "4", "-row-pitch", "300", "-x", "1", "-y", "1")
	for _, w := range []string{"spacing 4 elements, pixel pitch 64 bytes, row pitch 300 bytes",
		"elements in memory order: S1C1 S1C2 S1C3 _ S2C1 S2C2 S2C3 _ S3C1", "stride 4, 4 samples", "register 0: S1C1 S2C1 S3C1 S4C1"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("exit %d, output lacks %q:\n%s%s", code, w, out, errs)
		}
	}
	if code, _, errs := runMSAATest(t, "", "load", "-components", "3", "-spacing", "2"); code != 1 ||
		!strings.Contains(errs, "msaa: spacing: 2 is out of range (3, the components per sample, .. 256 elements)") {
		t.Errorf("spacing 2: exit %d: %s", code, errs)
	}
	code, out, errs = runMSAATest(t, "", "stats", "-samples", "8", "-element", "float32", "-size", "16x1", "-wave", "16", "-components", "3", "-spacing", "4")
	if code != 0 || !strings.Contains(out, "16 active lanes") || !strings.Contains(out, "multisample load              1           128           0        512             32") {
		t.Errorf("stats -wave 16: exit %d:\n%s%s", code, out, errs)
	}
}

// TestMSAAStatsCache runs the comparison through a two-line cache: the
// per-sample loads miss every time, the multisample load once per line.
func TestMSAAStatsCache(t *testing.T) {
	code, out, errs := runMSAATest(t, "", "stats", "-samples", "8", "-element", "float32", "-size", "8x1", "-wave", "16", "-cache", "128/64/2")
	for _, w := range []string{"through a cache of 128B 64B lines 2-way lru, each side starting empty:",
		"multisample load             64         48         16           16         1024",
		"per-sample loads             64          0         64           64         4096"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("exit %d, output lacks %q:\n%s%s", code, w, out, errs)
		}
	}
	if code, _, errs := runMSAATest(t, "", "stats", "-cache", "100/64/3"); code != 2 ||
		!strings.Contains(errs, "-cache: texcache: cache.bytes: 100 is not a multiple of line_bytes·ways = 192 up to 1073741824") {
		t.Errorf("bad cache: exit %d: %s", code, errs)
	}
}

func TestMSAAStats(t *testing.T) {
	code, out, errs := runMSAATest(t, "", "stats", "-samples", "8", "-element", "float32", "-size", "8x1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{"multisample load              1            64           0        256             16",
		"per-sample loads              8            64           0        256             64", "4.00x"} {
		if !strings.Contains(out, w) {
			t.Errorf("stats lacks %q:\n%s", w, out)
		}
	}
}

func TestMSAAResolveCLI(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.png")
	code, stdout, errs := runMSAATest(t, "", "resolve", "-op", "weighted", "-samples", "8", "-o", out)
	if code != 0 || !strings.Contains(stdout, "wrote") {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 96 {
		t.Fatalf("PNG: %v %v", err, img.Bounds())
	}
	// The scene generator for every element type, colour and depth.
	for _, args := range [][]string{{"-element", "float16"}, {"-element", "unorm8", "-components", "3"}, {"-element", "snorm8"},
		{"-depth", "-op", "min"}, {"-depth", "-element", "unorm16", "-op", "max"}, {"-element", "uint8", "-op", "sample0"},
		{"-fragments", "2", "-samples", "8", "-layers", "2", "-layer", "1", "-layout", "component"}} {
		a := append([]string{"resolve", "-o", out, "-size", "8x8"}, args...)
		if code, _, errs := runMSAATest(t, "", a...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
	if code, _, _ := runMSAATest(t, "", "resolve", "-o", out, "-layer", "1"); code != 2 {
		t.Errorf("-layer 1 of 1: exit %d, want 2", code)
	}
	// A JSON surface of the batch protocol.
	js := filepath.Join(dir, "s.json")
	_ = os.WriteFile(js, []byte(`{"type": "2d_ms", "format": "r8g8b8a8_srgb", "width": 8, "height": 4, "samples": 4, "data": {"hash": {"seed": 3}}}`), 0o644)
	if code, stdout, errs := runMSAATest(t, "", "resolve", "-surface", js, "-o", out, "-op", "max"); code != 0 || !strings.Contains(stdout, "8x4") {
		t.Errorf("JSON surface: exit %d: %s%s", code, stdout, errs)
	}
	_ = os.WriteFile(js, []byte(`{"type": "2d", "format": "r8_unorm", "width": 8, "height": 4}`), 0o644)
	if code, _, errs := runMSAATest(t, "", "resolve", "-surface", js, "-o", out); code != 1 || !strings.Contains(errs, "not a multisample kind") {
		t.Errorf("2d surface: exit %d: %s", code, errs)
	}
	if code, _, errs := runMSAATest(t, "", "resolve", "-op", "average", "-element", "uint8", "-o", out); code != 1 || !strings.Contains(errs, "needs float elements") {
		t.Errorf("uint average: exit %d: %s", code, errs)
	}
}

func TestMSAAAsm(t *testing.T) {
	code, out, errs := runMSAATest(t, "", "asm", "-target", "gfx1100", "image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm")
	if code != 0 || out != "\timage_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm ; encoding: [0x98,0x01,0x60,0xf0,0x04,0x00,0x00,0x00]\n" {
		t.Errorf("exit %d: %q %s", code, out, errs)
	}
	in := "image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2D_MSAA\n\nimage_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2D\n"
	code, out, errs = runMSAATest(t, in, "asm", "-target", "gfx1030")
	if code != 1 || !strings.Contains(out, "[0x31,0x01,0x00,0xf0,0x04,0x00,0x00,0x00]") || !strings.Contains(errs, "3:46: error: invalid dim; must be MSAA type") {
		t.Errorf("stdin: exit %d: %q %q", code, out, errs)
	}
}

func TestMSAADisasm(t *testing.T) {
	code, out, errs := runMSAATest(t, "", "disasm", "-target", "gfx1100", "0x98,0x01,0x60,0xf0,0x04,0x00,0x00,0x00", "190160f004000000")
	if code != 1 || !strings.Contains(out, "image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm") ||
		!strings.Contains(errs, "2: error: byte 8: truncated") {
		t.Errorf("exit %d: %q %q", code, out, errs)
	}
	code, out, _ = runMSAATest(t, "190160f004000000090600", "disasm")
	if code != 1 {
		t.Errorf("odd hex: exit %d %q", code, out)
	}
	code, out, _ = runMSAATest(t, "0x19,0x01,0x60,0xf0,0x04,0x00,0x00,0x00,0x09,0x06,0x00,0x00\n", "disasm")
	if code != 0 || !strings.Contains(out, "[v4, v9, v6]") {
		t.Errorf("stdin: exit %d %q", code, out)
	}
}
