package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	rc := run(args, strings.NewReader(stdin), &out, &errb)
	return rc, out.String(), errb.String()
}

func TestTXDRunExamples(t *testing.T) {
	state := filepath.Join("..", "..", "examples", "txd", "state.json")
	for _, tc := range []struct {
		prog string
		want []string
	}{
		{"gradient.txd", []string{"line 3: TXD.T R8, R2, R4, 0x5, 2D, 0xf ;", "t3  R8=5(0x40a00000) R9=4(0x40800000)",
			"line 7: TXD R24, R2, R4, 0x6, 2D, 0xf ;"}},
		{"opengl.txd", []string{"t0  R8=-1(0xbf800000)", "t0  R7=-0.125(0xbe000000)", "t3  R0=5(0x40a00000)"}},
		{"bindless.txd", []string{"t2  R24=2.5(0x40200000) R25=2.5(0x40200000) R26=1.5(0x3fc00000) R27=0(0x00000000) P1=true",
			"t0  (coordinate mismatch) R28=0", "t3  (invalid texture) R0=0(0x00000000)"}},
	} {
		rc, out, errs := runCLI(t, "", "txd", "run", filepath.Join("..", "..", "examples", "txd", tc.prog), "--state", state)
		if rc != 0 {
			t.Fatalf("%s: rc %d: %s", tc.prog, rc, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", tc.prog, w, out)
			}
		}
		if strings.Contains(out, "t4 ") {
			t.Errorf("%s: inactive thread 4 printed", tc.prog)
		}
	}
}

func TestTXDRunErrors(t *testing.T) {
	dir := t.TempDir()
	n := 0
	write := func(name, text string) string { // a fresh file per call: the table is built before it runs
		n++
		p := filepath.Join(dir, strconv.Itoa(n)+name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("s.json", `{"const_bank": [0], "registers": {"R2": 0.5}}`)
	for _, tc := range []struct {
		args []string
		rc   int
		want string
	}{
		{[]string{"txd", "run", "-"}, 2, "--state is required"},
		{[]string{"txd", "run", write("p", "TXD R0, R2, R4, 0, CUBE"), "--state", good}, 2, "line 1: TXD R0, R2, R4, 0x0, CUBE, 0xf ;: #paramA CUBE: TXD cannot"},
		{[]string{"txd", "run", write("p", "TXD.INVALIDPHASE3 R0, R2, R4, 0, 2D"), "--state", good}, 2, "phase .INVALIDPHASE3"},
		{[]string{"txd", "run", "-arch", "sm_50", write("p", "TXD.LC R0, R2, R4, 0, 2D"), "--state", good}, 2, "sm_50 has no .LC"},
		{[]string{"txd", "run", "-arch", "sm_51", write("p", "TXD R0, R2, R4, 0, 2D"), "--state", good}, 2, `architecture "sm_51"`},
		{[]string{"txd", "asm", "-arch", "sm_50", write("p", "TXD P1, R0, R2, R4, 0, 2D")}, 1, "sm_50 has no sparse predicate (Ps P1"},
		{[]string{"txd", "disasm", "-arch", "sm_50", "-hex", write("h", "0xde3c0587a1870808\n")}, 1, "line 1: word 0xde3c0587a1870808: architecture: sm_50 has no .LC"},
		{[]string{"txd", "run", write("p", "TXD R1, R2, R4, 0, 2D"), "--state", good}, 1, "Rd R1 is not aligned to 4"},
		{[]string{"txd", "run", write("p", "TXD R0, R2, R4, 1, 2D"), "--state", good}, 1, "#tsPtrIdxU13 0x1 is beyond the constant bank (1 words)"},
		{[]string{"txd", "run", write("p", "TXD R0, R2, R4, 0, 2D"), "--state", write("b.json", `{"registers": {"R255": 1}}`)}, 2, `registers: "R255" is not a register`},
		{[]string{"txd", "run", write("p", "TXD R0, R2, R4, 0, 2D"), "--state", write("b.json", `{"registers": {"R2": [1, 2]}}`)}, 2, "registers.R2: 2 values, want one or 32"},
		{[]string{"txd", "run", write("p", "TXD R0, R2, R4, 0, 2D"), "--state", write("b.json", `{"const_bank": ["12"]}`)}, 2, `const_bank[0]: "12": a word is an integer`},
		{[]string{"txd", "run", write("p", "TXD R0, R2, R4, 0, 2D"), "--state", write("b.json", `{"headers": {"entries": [{"index": 0, "surface": {"type": "9d"}}]}}`)}, 2, "headers.entries[0].surface"},
		{[]string{"txd", "run", write("p", "TXD R0, R2, R4, 0, 2D"), "--state", write("b.json", `{"bogus": 1}`)}, 2, "unknown field"},
		{[]string{"txd", "bogus"}, 2, "unknown command"},
		{[]string{"txd", "asm", write("p", "S2R R0, SR18")}, 1, "only TXD is encoded"},
		{[]string{"txd", "asm", write("p", "TXD R0, R3, R4, 0, 2D")}, 1, "Ra R3 is not aligned to 2"},
		{[]string{"txd", "disasm", write("b.bin", "0123456789")}, 1, "byte offset 0: code is 10 bytes"},
		{[]string{"txd", "disasm", "-hex", write("h", "0xde380504a0870404\n0x50b0000000070f00\n")}, 1, "line 2: word 0x50b0000000070f00: opcode"},
	} {
		rc, _, errs := runCLI(t, "", tc.args...)
		if rc != tc.rc || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: rc %d, stderr %q; want rc %d and %q", tc.args[1:], rc, errs, tc.rc, tc.want)
		}
	}
}

func TestTXDAsmDisasm(t *testing.T) {
	src := "TXD.T R8, R2, R4, 0x5, 2D, 0xf ;\n@!P1 TXD.B.LC.AOFFI P2, R0, R4, R8, 0x0, ARRAY_1D, 0x3 &req={0,1} &wr=0x3 ;\nTXD.P R4, R4, R8, 0x50, 2D, 0x9 ;\nTXD R0, R2, R4, 0x1, 1D, 0x1 ;\n"
	dir := t.TempDir()
	bin := filepath.Join(dir, "p.bin")
	if rc, _, errs := runCLI(t, src, "txd", "asm", "-o", bin, "-"); rc != 0 {
		t.Fatalf("asm: %s", errs)
	}
	rc, out, errs := runCLI(t, "", "txd", "disasm", bin)
	if rc != 0 || out != src {
		t.Fatalf("disasm: rc %d %s\n%q\nwant\n%q", rc, errs, out, src)
	}
	rc, hex, _ := runCLI(t, src, "txd", "asm", "-hex", "-")
	if rc != 0 || !strings.Contains(hex, "0xde380504a0870404  // TXD.P R4, R4, R8, 0x50, 2D, 0x9 ;") {
		t.Fatalf("asm -hex: %q", hex)
	}
	rc, out, _ = runCLI(t, hex, "txd", "disasm", "-hex", "-")
	if rc != 0 || !strings.Contains(out, "@!P1 TXD.B.LC.AOFFI P2, R0, R4, R8, 0x0, ARRAY_1D, 0x3 ;") {
		t.Fatalf("disasm -hex: %q", out)
	}
	for _, args := range [][]string{{"txd", "-h"}, {"txd", "run", "-h"}, {"txd", "asm", "-h"}, {"txd", "disasm", "-h"}} {
		if rc, out, _ := runCLI(t, "", args...); rc != 0 || !strings.Contains(out, "Usage") {
			t.Errorf("%v: rc %d, %q", args, rc, out)
		}
	}
}

// TestTXDReservedRoundTrip: what nvdisasm prints for the reserved
// dimensions and phase 3 assembles and disassembles back on every
// architecture; sm_50 refuses .LC in all three commands.
func TestTXDReservedRoundTrip(t *testing.T) {
	src := "TXD.INVALIDPHASE3 R8, R8, R24, 0x58, CUBE, 0xf ;\nTXD.B.T R8, R8, R24, 0x0, ARRAY_3D, 0x3 ;\n@!P3 TXD.P R8, R8, R24, 0x58, 3D, 0xf ;\nTXD R8, R8, R24, 0x58, ARRAY_CUBE, 0xf ;\n"
	bin := filepath.Join(t.TempDir(), "p.bin")
	for _, arch := range []string{"sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62"} {
		if rc, _, errs := runCLI(t, src, "txd", "asm", "-arch", arch, "-o", bin, "-"); rc != 0 {
			t.Fatalf("asm -arch %s: %s", arch, errs)
		}
		rc, out, errs := runCLI(t, "", "txd", "disasm", "-arch", arch, bin)
		if rc != 0 || out != src {
			t.Errorf("disasm -arch %s: rc %d %s\n%q\nwant\n%q", arch, rc, errs, out, src)
		}
	}
	lc := "TXD.LC R8, R8, R24, 0x58, 2D, 0xf ;\n"
	if rc, _, _ := runCLI(t, lc, "txd", "asm", "-o", bin, "-"); rc != 0 {
		t.Fatal("asm .LC on sm_52 failed")
	}
	if rc, _, errs := runCLI(t, "", "txd", "disasm", "-arch", "sm_50", bin); rc != 1 || !strings.Contains(errs, "byte offset 8: word 0xde3c0587a1870808: architecture: sm_50 has no .LC") {
		t.Errorf("disasm -arch sm_50 of .LC: rc %d, %q", rc, errs)
	}
	if rc, _, errs := runCLI(t, lc, "txd", "asm", "-arch", "sm_50", "-"); rc != 1 || !strings.Contains(errs, "sm_50 has no .LC") {
		t.Errorf("asm -arch sm_50 of .LC: rc %d, %q", rc, errs)
	}
}
