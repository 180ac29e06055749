package txd

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParsePrint(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"TXD R0,R2,R4,5,2D,0xf;", "TXD R0, R2, R4, 0x5, 2D, 0xf ;"}, // the specification's example
		{"TXD R0, R2, R4, 5, 2D", "TXD R0, R2, R4, 0x5, 2D, 0xf ;"},  // wmsk defaults to 0xf
		{"txd.p r4, r4, r8, 0x50, 2d, 0x9", "TXD.P R4, R4, R8, 0x50, 2D, 0x9 ;"},
		{"@!P3 TXD.NODEP.AOFFI.LC.B.T P6, R8, R4, R12, 0x0, ARRAY_1D, 0x1",
			"@!P3 TXD.B.LC.AOFFI.NODEP.T P6, R8, R4, R12, 0x0, ARRAY_1D, 0x1 ;"}, // canonical modifier order
		{"@PT TXD PT, R0, R2, R4, 0x1fff, ARRAY_2D, 0x0", "TXD R0, R2, R4, 0x1fff, ARRAY_2D, 0x0 ;"},
		{"@!PT TXD R0, R2, R4, 0, 1D", "@!PT TXD R0, R2, R4, 0x0, 1D, 0xf ;"},
		{"TXD.B R0, R4, R8, 0x58, 2D", "TXD.B R0, R4, R8, 0x0, 2D, 0xf ;"},   // tsPtrIdx ignored with .B
		{"TXD RZ, R2, R4, 255, 31, 2D", "TXD RZ, R2, R4, 0x1fff, 2D, 0xf ;"}, // legacy tid, smp
		{"TXD R0, R2, R4, 0x7, 0x1, 1D, 0x3", "TXD R0, R2, R4, 0x107, 1D, 0x3 ;"},
		{"TXD.T R0, R2, R4, 1, 2D &req={0,5} &rd=0x1 &wr=0x2 ?WAIT4_END_GROUP ;",
			"TXD.T R0, R2, R4, 0x1, 2D, 0xf &req={0,5} &rd=0x1 &wr=0x2 ?WAIT4_END_GROUP;"},
		{"TXD R0, R2, R4, 1, 2D &req=0x21 &rd1 &wr5", "TXD R0, R2, R4, 0x1, 2D, 0xf &req={0,5} &rd=0x1 &wr=0x5 ;"},
		{"TXD R0, R2, R4, 1, 2D ?trans1", "TXD R0, R2, R4, 0x1, 2D, 0xf ?trans1;"},
		{"TXD R0, R2, R4, 1, 2D &wr=0x1 ?trans3;", "TXD R0, R2, R4, 0x1, 2D, 0xf &wr=0x1 ?trans3;"},
		{"TXD R0, R2, R4, 1, 2D &req={}", "TXD R0, R2, R4, 0x1, 2D, 0xf ;"},
	} {
		in, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if got := in.String(); got != tc.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, got, tc.want)
		}
		again, err := Parse(in.String())
		if err != nil || again != in {
			t.Errorf("canonical text %q does not parse back to the same instruction (%v)", in, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"TXD.T.INVALIDPHASE3 R0, R2, R4, 0x0, 2D", "column 7: modifier .INVALIDPHASE3: only one phase"},
		{"TXD R0, R2, R4, 0x0, 4D", "column 22: #paramA: \"4D\" is not a coordinate description"},
		{"TEX R0, R2, R4, 0x0, 2D", "column 1: mnemonic \"TEX\": expected TXD"},
		{"TXD.Q R0, R2, R4, 0x0, 2D", "column 5: modifier .Q: unknown"},
		{"TXD.B.B R0, R2, R4, 0x0, 2D", "column 7: modifier .B: given twice"},
		{"TXD.T.P R0, R2, R4, 0x0, 2D", "modifier .P: only one phase"},
		{"TXD R255, R2, R4, 0x0, 2D", "column 5: Rd: \"R255\" is not a register"},
		{"TXD R0, R2, X4, 0x0, 2D", "column 13: Rb: \"X4\" is not a register"},
		{"TXD R0, R2, R4, 0x2000, 2D", "column 17: #tsPtrIdxU13: 0x2000 is out of range (0..0x1fff)"},
		{"TXD R0, R2, R4, 256, 0, 2D", "#tidU08: 256 is out of range (0..0xff)"},
		{"TXD R0, R2, R4, 0, 32, 2D", "#smpU05: 32 is out of range (0..0x1f)"},
		{"TXD R0, R2, R4, 0x0, 2D, 0x10", "#wmskU04: 0x10 is out of range (0..0xf)"},
		{"TXD R0, R2, R4, 0x0, 2D, 0xf, 1", "unexpected \",\" after the instruction"},
		{"TXD R0, R2, R4, 0x0", "expected \",\" before #paramA, found end of instruction"},
		{"@P7 TXD R0, R2, R4, 0x0, 2D", "column 2: guard predicate: \"P7\" is not a predicate"},
		{"TXD P7, R0, R2, R4, 0x0, 2D", "Rd: \"P7\" is not a register"},
		{"TXD R0, R2, R4, 0x0, 2D &rd=6", "&rd barrier: 6 is out of range"},
		{"TXD R0, R2, R4, 0x0, 2D &wr=1 &rd=1", "&rd: out of order or repeated"},
		{"TXD R0, R2, R4, 0x0, 2D &req={1,1}", "&req: barrier 1 listed twice"},
		{"TXD R0, R2, R4, 0x0, 2D &foo=1", "&foo: unknown annotation"},
		{"TXD R0, R2, R4, 0x0, 2D ?a ?b", "only one scheduling hint"},
		{"TXD R0, R2, R4, 0x0, 2D $", "column 25: unexpected character '$'"},
		{"TXD R0, R2, R4, 12abc, 2D", "\"12abc\" is not a number"},
		{"", "expected the mnemonic TXD, found end of instruction"},
	} {
		_, err := Parse(tc.in)
		var se *SyntaxError
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &se) {
			t.Errorf("Parse(%q): error %v, want a SyntaxError containing %q", tc.in, err, tc.want)
		}
	}
}

func TestParseProgram(t *testing.T) {
	src := `// the OpenGL note of the specification
S2R R8, SR18;
FMUL R5, R5, R8; FMUL R7, R7, R8
/*0028*/ TXD R0,R2,R4,5,2D,0xf; /* 0xde380057a0470200 */
/* a comment
   over two lines */
`
	prog, err := ParseProgram(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range prog {
		got = append(got, s.String())
	}
	want := []string{"S2R R8, SR18 ;", "FMUL R5, R5, R8 ;", "FMUL R7, R7, R8 ;", "TXD R0, R2, R4, 0x5, 2D, 0xf ;"}
	if strings.Join(got, "|") != strings.Join(want, "|") || prog[3].Line != 4 {
		t.Fatalf("got %q (line %d)", got, prog[3].Line)
	}
	for _, tc := range []struct{ src, want string }{
		{"TXD R0, R2, R4, 0, 2D\n  TXD R0, R2, R4, 0, SPHERE", "line 2, column 22: #paramA: \"SPHERE\" is not"},
		{"S2R R0, SR0", "line 1, column 9: S2R: special register \"SR0\""},
		{"TXD R0, R2, R4, 0, 2D; TXD R0 R2", "line 1, column 31: expected \",\" before Ra"},
		{"@P0 FMUL R0, R1, R2", "a guard predicate is only supported on TXD"},
		{"TXD R0, R2, R4, #5, 2D", "line 1, column 17: unexpected character '#'"},
		{"/* a */ TXD R0, R2, R4, 0, 2D\n/* b\n */ TXD R0, R2, R4, 0, 9D", "line 3, column 24: #paramA: \"9D\""},
	} {
		_, err := ParseProgram(tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseProgram(%q): %v, want %q", tc.src, err, tc.want)
		}
	}
}

// TestOpenGLNote runs the specification's OpenGL example: the dy
// derivatives premultiplied by SR18 = −1 sample like negated dy.
func TestOpenGLNote(t *testing.T) {
	m := testMachine(t)
	m.ConstBank = make([]uint32, 6)
	m.ConstBank[5] = uint32(MakeHandle(2, 0))
	m.SR18 = -1
	prog, err := ParseProgram("S2R R8, SR18; FMUL R5, R5, R8; FMUL R7, R7, R8; TXD R0,R2,R4,5,2D,0xf;")
	if err != nil {
		t.Fatal(err)
	}
	w := NewWarp()
	set2D(w)
	for tid := 0; tid < WarpSize; tid++ {
		w.R[tid][5], w.R[tid][7] = f32(0.03), f32(-0.04)
	}
	steps, err := m.Run(w, prog)
	if err != nil || len(steps) != 4 {
		t.Fatal(err)
	}
	ref := NewWarp()
	set2D(ref)
	for tid := 0; tid < WarpSize; tid++ {
		ref.R[tid][5], ref.R[tid][7] = f32(-0.03), f32(0.04)
	}
	if _, err := m.Exec(ref, mustParse(t, "TXD R0,R2,R4,5,2D,0xf")); err != nil {
		t.Fatal(err)
	}
	for tid := 0; tid < WarpSize; tid++ {
		if w.R[tid][8] != f32(-1) || w.R[tid][5] != f32(-0.03) {
			t.Fatalf("thread %d: R8=%#x R5=%#x", tid, w.R[tid][8], w.R[tid][5])
		}
		for c := 0; c < 4; c++ {
			if w.R[tid][c] != ref.R[tid][c] {
				t.Fatalf("thread %d component %d differs", tid, c)
			}
		}
	}
}

func TestEncodeDecode(t *testing.T) {
	for _, tc := range []struct {
		text string
		word uint64
	}{
		{"TXD.P R4, R4, R8, 0x50, 2D, 0x9 ;", 0xde380504a0870404},                 // from the issue
		{"TXD.P R4, R4, R8, 0x52, 2D, 0xf ;", 0xde380527a0870404},                 // from the issue
		{"TXD.B.AOFFI.P R20, R20, R12, 0x0, ARRAY_2D, 0xf ;", 0xde78000fb0c71414}, // ptxas
		{"@!P2 TXD.LC.NODEP P1, R0, R2, R4, 0x1, 1D, 0x1 ;", 0xde0e0010804a0200},
	} {
		in := mustParse(t, tc.text)
		w, err := Encode(in)
		if err != nil || w != tc.word {
			t.Errorf("Encode(%q) = %#016x, %v; want %#016x", tc.text, w, err, tc.word)
		}
		d, err := Decode(tc.word)
		if err != nil {
			t.Errorf("Decode(%#016x): %v", tc.word, err)
			continue
		}
		d.Phase = in.Phase
		if d != in {
			t.Errorf("Decode(%#016x) = %q, want %q", tc.word, d, in)
		}
	}
	for _, tc := range []struct {
		word uint64
		want string
	}{
		{0x50b0000000070f00, "not TXD"},
	} {
		if _, err := Decode(tc.word); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%#016x): %v, want %q", tc.word, err, tc.want)
		}
	}
	// The reserved dimensions decode and encode as nvdisasm prints them.
	for w, want := range map[uint64]string{
		0xde380587c1870808: "TXD R8, R8, R24, 0x58, 3D, 0xf ;",
		0xde380587d1870808: "TXD R8, R8, R24, 0x58, ARRAY_3D, 0xf ;",
		0xde380587e1870808: "TXD R8, R8, R24, 0x58, CUBE, 0xf ;",
		0xde380587f1870808: "TXD R8, R8, R24, 0x58, ARRAY_CUBE, 0xf ;",
	} {
		in, err := Decode(w)
		if err != nil || in.String() != want {
			t.Errorf("Decode(%#016x) = %q, %v; want %q", w, in, err, want)
			continue
		}
		if back, err := Encode(mustParse(t, want)); err != nil || back != w {
			t.Errorf("Encode(%q) = %#016x, %v; want %#016x", want, back, err, w)
		}
	}
}

func TestProgramBinary(t *testing.T) {
	var prog []Inst
	for _, s := range []string{
		"TXD.T R0, R2, R4, 0x1, 2D, 0xf &req={1,3} &rd=0x0 &wr=0x5 ;",
		"TXD.P P0, R8, R12, R16, 0x2, ARRAY_2D, 0x3 ;",
		"@!P1 TXD.B.LC R4, R8, R12, 0x0, 1D, 0x8 &wr=0x2 ;",
		"TXD R0, R2, R4, 0x1fff, 1D, 0x0 ;",
	} {
		prog = append(prog, mustParse(t, s))
	}
	code, err := EncodeProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	if len(code) != 64 {
		t.Fatalf("%d bytes, want two 32-byte groups", len(code))
	}
	back, err := DecodeProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(prog) {
		t.Fatalf("%d instructions back, want %d", len(back), len(prog))
	}
	for i := range prog {
		if back[i] != prog[i] {
			t.Errorf("instruction %d: %q, want %q", i, back[i], prog[i])
		}
	}
	for _, tc := range []struct {
		code []byte
		want string
	}{
		{code[:40], "byte offset 32: code is 40 bytes"},
		{append(append([]byte{}, code[:8]...), bytes.Repeat([]byte{0}, 24)...), "byte offset 8: word 0x0000000000000000: opcode"},
		{func() []byte { c := append([]byte{}, code...); c[7] |= 0x80; return c }(), "byte offset 0: control word"},
	} {
		if _, err := DecodeProgram(tc.code); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecodeProgram: %v, want %q", err, tc.want)
		}
	}
}

func TestControlSlot(t *testing.T) {
	for s := uint32(0); s < 1<<21; s += 97 {
		c, err := ControlFromSlot(s)
		if s>>5&7 == 6 || s>>8&7 == 6 {
			if err == nil {
				t.Fatalf("slot %#x: barrier 6 accepted", s)
			}
			continue
		}
		if err != nil || c.Slot() != s {
			t.Fatalf("slot %#x: %+v %v → %#x", s, c, err, c.Slot())
		}
	}
}
