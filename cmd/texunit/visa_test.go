package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runArgs(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestVisaExamples runs the kernels of examples/visa as the README does.
func TestVisaExamples(t *testing.T) {
	ex := filepath.Join("..", "..", "examples", "visa")
	for _, c := range []struct{ name, want string }{
		{"sample_l", `{"rg":[0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3]}` + "\n"},
		{"resinfo", `{"size":[64,32,4,0,0,0,0,0,16,8,1,0,0,0,0,0,5,5,5,0,0,0,0,0,7,7,7,7,0,0,0,0]}` + "\n"},
		{"gather", ""},
	} {
		code, out, errs := runArgs("visa", "run", filepath.Join(ex, c.name+".visaasm"), "--state", filepath.Join(ex, c.name+".json"))
		if code != 0 {
			t.Errorf("%s: exit %d: %s", c.name, code, errs)
		}
		if c.want != "" && out != c.want {
			t.Errorf("%s: got %s want %s", c.name, out, c.want)
		}
		if c.name == "gather" && !strings.HasPrefix(out, `{"texels":[`) {
			t.Errorf("gather: %s", out)
		}
	}
}

func TestVisaAsmDisasm(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "visa", "testdata", "igc", "ops.visaasm")
	isa := filepath.Join(dir, "ops.isa")
	if code, _, errs := runArgs("visa", "asm", "-o", isa, src); code != 0 {
		t.Fatalf("asm: %d %s", code, errs)
	}
	golden, _ := os.ReadFile(filepath.Join("..", "..", "visa", "testdata", "igc", "ops.isa"))
	got, _ := os.ReadFile(isa)
	if !bytes.Equal(got, golden) {
		t.Error("asm output differs from visa/testdata/igc/ops.isa")
	}
	code, fromBin, errs := runArgs("visa", "disasm", isa)
	if code != 0 {
		t.Fatalf("disasm: %d %s", code, errs)
	}
	code, fromText, _ := runArgs("visa", "disasm", src)
	if code != 0 || fromText != fromBin || !strings.Contains(fromBin, ".decl S1 v_type=S num_elts=1 v_name=smpc") {
		t.Errorf("disasm of text and of bytes differ or are not canonical:\n%s\n%s", fromText, fromBin)
	}
	// Flags after the kernel, and -version.
	newops := filepath.Join("..", "..", "visa", "testdata", "igc", "newops.visaasm")
	if code, out, errs := runArgs("visa", "asm", newops, "-version", "3.6"); code != 2 || out != "" || !strings.Contains(errs, "needs the 16-bit Op field") {
		t.Errorf("asm -version 3.6 of sample4_po_l: exit %d %s", code, errs)
	}
	src36 := filepath.Join("..", "..", "visa", "testdata", "igc", "ops36.visaasm")
	if code, out, errs := runArgs("visa", "asm", src36, "-version", "4.1"); code != 0 || !strings.HasPrefix(out, "CISA\x04\x01") {
		t.Errorf("asm -version 4.1: exit %d %s", code, errs)
	}
}

func TestVisaUsage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.visaasm")
	os.WriteFile(bad, []byte(".kernel \"k\"\nsample_3d.RGBA (M1, 16) 0x0:uw s x d.0 u.0\n"), 0o666)
	state := filepath.Join(dir, "s.json")
	os.WriteFile(state, []byte(`{"vars": {"nope": [1]}}`), 0o666)
	ex := filepath.Join("..", "..", "examples", "visa", "sample_l.visaasm")
	prec := filepath.Join(dir, "p.json")
	os.WriteFile(prec, []byte(`{"precision": {"mode": "fast"}}`), 0o666)
	prec2 := filepath.Join(dir, "p2.json")
	os.WriteFile(prec2, []byte(`{"precision": {"mode": "hardware", "subtexel_bits": 4},
		"surfaces": {"tex": {"type": "2d", "format": "r32g32b32a32_sfloat", "width": 4, "height": 4, "levels": 1, "data": {"coords": true}}},
		"vars": {"u": [0.125, 0.375, 0.625, 0.875, 0.125, 0.375, 0.625, 0.875, 0.125, 0.375, 0.625, 0.875, 0.125, 0.375, 0.625, 0.875]}}`), 0o666)
	short := filepath.Join(dir, "short.json")
	os.WriteFile(short, []byte(`{"vars": {"u": [0.125, 0.375]}}`), 0o666)
	unknown := filepath.Join(dir, "unknown.json")
	os.WriteFile(unknown, []byte(`{"dispatchmask": 3}`), 0o666)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"visa"}, 2, "Usage:"},
		{[]string{"visa", "-h"}, 0, ""},
		{[]string{"visa", "run", "-h"}, 0, ""},
		{[]string{"visa", "frob"}, 2, `unknown subcommand "frob"`},
		{[]string{"visa", "asm"}, 2, "want exactly one KERNEL file, got 0"},
		{[]string{"visa", "asm", bad}, 2, "line 2, column 32: s is not a declared sampler variable"},
		{[]string{"visa", "disasm", filepath.Join(dir, "missing")}, 2, "no such file"},
		{[]string{"visa", "run", ex}, 2, "--state is required"},
		{[]string{"visa", "run", ex, "--state", state}, 2, "vars.nope: the kernel has no general or predicate variable nope"},
		{[]string{"visa", "run", ex, "--state", state, "-platform", "GEN99"}, 2, "unknown platform"},
		{[]string{"visa", "run", ex, "--state", prec}, 2, "precision.mode: unknown value \"fast\""},
		{[]string{"visa", "run", ex, "--state", prec2}, 0, `{"rg":[0,1,2,3`},
		{[]string{"visa", "run", ex, "--state", short}, 2, "vars.u: 2 values for 16 elements (give every element)"},
		{[]string{"visa", "run", ex, "--state", unknown}, 2, "state.dispatchmask: unknown field (valid fields: platform, dispatch_mask, surfaces, quilts, coarse_pixel, samplers, vars, precision)"},
	} {
		code, out, errs := runArgs(c.args...)
		if code != c.code || !strings.Contains(out+errs, c.msg) {
			t.Errorf("%v: exit %d, output %q %q; want %d and ...%s...", c.args, code, out, errs, c.code, c.msg)
		}
	}
}

func TestVisaRunErrors(t *testing.T) {
	dir := t.TempDir()
	k := filepath.Join(dir, "k.visaasm")
	os.WriteFile(k, []byte(`.kernel "k"
.decl u v_type=G type=f num_elts=8
.decl o v_type=G type=d num_elts=8
.decl d v_type=G type=f num_elts=32
.decl s v_type=S num_elts=1
.decl x v_type=T num_elts=1
sample4_po.R (M1, 8) 0x0:uw s x d.0 u.0 u.0 o.0 o.0
`), 0o666)
	st := filepath.Join(dir, "s.json")
	// A 1D surface: gather4_po on it fails as a whole.
	os.WriteFile(st, []byte(`{"surfaces": {"x": {"type": "1d", "format": "r8_unorm", "width": 8}}, "vars": {"o": [1, 2, 3, "@ffffffff", 0, 0, 0, 0]}}`), 0o666)
	code, out, errs := runArgs("visa", "run", k, "--state", st)
	if code != 1 || out != "" || !strings.Contains(errs, "line 7, column 1: sample4_po:") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestVisaHelp(t *testing.T) {
	for _, sub := range []string{"run", "asm", "disasm"} {
		code, out, errs := runArgs("visa", sub, "-h")
		if code != 0 || errs != "" || strings.Count(out, "Usage: texunit visa "+sub) != 1 {
			t.Errorf("visa %s -h: exit %d, stdout %q, stderr %q", sub, code, out, errs)
		}
		code, out, errs = runArgs("visa", sub, "-nope")
		if code != 2 || out != "" || !strings.Contains(errs, "flag provided but not defined: -nope") {
			t.Errorf("visa %s -nope: exit %d, stdout %q, stderr %q", sub, code, out, errs)
		}
	}
}

// TestVisaPlatformRules checks that asm, disasm and run apply -platform's
// rules: the pixel null mask from SKL, 64-byte GRF alignment on PVC.
func TestVisaPlatformRules(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "k.visaasm")
	kernel := `.version 4.1
.kernel "k"
.decl u v_type=G type=f num_elts=32 align=GRF
.decl d v_type=G type=f num_elts=64 align=GRF
.decl s v_type=S num_elts=1
.decl x v_type=T num_elts=1
sample_lz.pixel_null_mask.R (M1, 8) 0x0:uw s x d.0 u.32
`
	if err := os.WriteFile(src, []byte(kernel), 0o644); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "s.json")
	if err := os.WriteFile(state, []byte(`{"surfaces": {"x": {"type": "2d", "format": "r8g8b8a8_unorm", "width": 4, "height": 4}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		platform string
		msg      string
	}{
		{"", ""},
		{"TGLLP", ""},
		{"SKL", ""},
		{"BDW", ".pixel_null_mask needs SKL or later (platform BDW)"},
		{"PVC", "not on a 64-byte GRF boundary of platform PVC"},
		{"GEN42", "unknown platform"},
	} {
		for _, sub := range []string{"asm", "disasm", "run"} {
			args := []string{"visa", sub, src}
			if sub == "run" {
				args = append(args, "--state", state)
			}
			if c.platform != "" {
				args = append(args, "-platform", c.platform)
			}
			code, _, errs := runArgs(args...)
			if c.msg == "" {
				if code != 0 {
					t.Errorf("%s -platform %q: exit %d: %s", sub, c.platform, code, errs)
				}
			} else if code != 2 || !strings.Contains(errs, c.msg) {
				t.Errorf("%s -platform %q: exit %d, %q; want 2 and ...%s...", sub, c.platform, code, errs, c.msg)
			}
		}
	}
}
