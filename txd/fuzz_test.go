package txd

import (
	"encoding/binary"
	"testing"
)

// FuzzParse: Parse never panics, and whatever it accepts prints to a
// canonical text that parses back to the same instruction and prints
// identically; an accepted instruction encodes and decodes back.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"TXD R0,R2,R4,5,2D,0xf;",
		"@!P3 TXD.B.LC.AOFFI.NODEP.T P6, R8, R4, R12, 0x0, ARRAY_1D, 0x1 &req={0,5} &rd=0x1 &wr=0x2 ?WAIT4 ;",
		"TXD R0, R2, R4, 2, 3, 2D",
		"TXD R0, R2, R4, 0x0, CUBE",
		"TXD R0, R2, R4, 1, 2D &req=0x21 &rd1 &wr5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		in, err := Parse(s)
		if err != nil {
			return
		}
		text := in.String()
		again, err := Parse(text)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", text, s, err)
		}
		if again != in || again.String() != text {
			t.Fatalf("%q: canonical %q parses to %q", s, text, again)
		}
		w, err := Encode(in)
		if err != nil {
			t.Fatalf("%q: Encode: %v", text, err)
		}
		d, err := Decode(w)
		if err != nil {
			t.Fatalf("%q: Decode(%#x): %v", text, w, err)
		}
		d.Phase, d.Sched = in.Phase, in.Sched
		if d != in {
			t.Fatalf("%q: decoded %q", text, d)
		}
		_ = in.Check()
	})
}

// FuzzParseProgram: ParseProgram never panics.
func FuzzParseProgram(f *testing.F) {
	f.Add("S2R R8, SR18;\nFMUL R5, R5, R8; /* c */ TXD R0,R2,R4,5,2D,0xf; // x\n/* y */")
	f.Add("/*0008*/ TXD.P R4, R4, R8, 0x50, 2D, 0x9 ; /* 0xde380504a0870404 */")
	f.Fuzz(func(t *testing.T, s string) {
		prog, err := ParseProgram(s)
		if err != nil {
			return
		}
		for _, st := range prog {
			if _, err := ParseProgram(st.String()); err != nil {
				t.Fatalf("%q does not parse back: %v", st, err)
			}
		}
	})
}

// FuzzDecode: Decode never panics; a decoded word re-encodes to itself
// (bindless words up to the ignored tsPtrIdx bits) and its text parses back.
func FuzzDecode(f *testing.F) {
	for _, w := range []uint64{0xde380504a0870404, 0xde78000fb0c71414, 0xde0e0010804a0200, NOP, 0} {
		f.Add(w)
	}
	f.Fuzz(func(t *testing.T, w uint64) {
		in, err := Decode(w)
		if err != nil {
			return
		}
		e, err := Encode(in)
		if err != nil {
			t.Fatalf("%#x: Encode: %v", w, err)
		}
		want := w
		if in.Bindless {
			want &^= ignoredBindless
		}
		if e != want {
			t.Fatalf("%#x re-encodes to %#x", w, e)
		}
		p, err := Parse(in.String())
		if err != nil || p != in {
			t.Fatalf("%#x: %q parses to %q, %v", w, in, p, err)
		}
	})
}

// FuzzDecodeProgram: DecodeProgram never panics, and what it decodes
// encodes and decodes back to the same instructions.
func FuzzDecodeProgram(f *testing.F) {
	var seed []byte
	seed = binary.LittleEndian.AppendUint64(seed, 0x001f8400fe2407b1)
	for _, w := range []uint64{0xde380504a0870404, 0xde78000fb0c71414, NOP} {
		seed = binary.LittleEndian.AppendUint64(seed, w)
	}
	f.Add(seed)
	f.Fuzz(func(t *testing.T, code []byte) {
		prog, err := DecodeProgram(code)
		if err != nil {
			return
		}
		re, err := EncodeProgram(prog)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeProgram(re)
		if err != nil || len(back) != len(prog) {
			t.Fatalf("re-encoded program: %v", err)
		}
		for i := range prog {
			if back[i] != prog[i] {
				t.Fatalf("instruction %d: %q, want %q", i, back[i], prog[i])
			}
		}
	})
}
