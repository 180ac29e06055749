package visa

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

const decls = header + `.decl u v_type=G type=f num_elts=32 align=GRF
.decl h v_type=G type=hf num_elts=32 align=GRF
.decl o v_type=G type=d num_elts=32 align=GRF
.decl d v_type=G type=f num_elts=256 align=GRF
.decl q v_type=G type=ud num_elts=64 align=GRF
.decl P1 v_type=P num_elts=32
.decl s v_type=S num_elts=1
.decl x v_type=T num_elts=1
`

// declLines is the number of lines before the instruction in the cases.
var declLines = strings.Count(decls, "\n")

func TestAssembleErrors(t *testing.T) {
	cases := []struct {
		inst string
		col  int
		msg  string
	}{
		{"sample_3d. (M1, 16) 0x0:uw s x d.0 u.0", 12, "expected a modifier or channels"},
		{"sample_3d.RGBA (M1, 32) 0x0:uw s x d.0 u.0", 0, ""},
		{"sample4.R (M8, 4) 0x0:uw s x d.0 u.0", 0, ""},
		{"sample_3d.RGBA (M7_NM, 2) 0x0:uw s x d.0 u.0", 0, ""},
		{"resinfo.R (M8, 1) x q.0 q.0", 0, ""},
		{"sample_3d.RGBA (M8, 8) 0x0:uw s x d.0 u.0", 1, "execution mask M8 cannot go with exec size 8"},
		{"sample_3d.cps.RGBA (M1, 4) 0x0:uw s x d.0 u.0", 1, ".cps (CPS LOD compensation) needs exec size 8 or 16, got 4"},
		{"sample_3d.cps.RGBA (M1, 32) 0x0:uw s x d.0 u.0", 1, "needs exec size 8 or 16, got 32"},
		{"sample_3d.RGBA (M2, 16) 0x0:uw s x d.0 u.0", 1, "execution mask M2 cannot go with exec size 16"},
		{"sample_3d.RGBA (M5, 32) 0x0:uw s x d.0 u.0", 1, "exec size 32"},
		{"sample_3d.RBG (M1, 16) 0x0:uw s x d.0 u.0", 11, `"RBG" is neither a modifier`},
		{"sample_3d.RGBA (M1, 16) 0x1000:uw s x d.0 u.0", 25, "bits 15..12 are reserved"},
		{"sample_3d.RGBA (M1, 16) 0x0:ud s x d.0 u.0", 0, ""},
		{"sample_3d.RGBA (M1, 16) 0x7f:b s x d.0 u.0", 0, ""},
		{"sample_3d.RGBA (M1, 16) 0x80:b s x d.0 u.0", 25, "want a value 0..0x7f of type b"},
		{"sample_3d.RGBA (M1, 16) -1:d s x d.0 u.0", 25, "want a value 0..0xffff of type d"},
		{"sample_3d.RGBA (M1, 16) 0x10123:ud s x d.0 u.0", 25, "want a value 0..0xffff of type ud"},
		{"sample_3d.RGBA (M1, 16) 0x1123:q s x d.0 u.0", 25, "bits 15..12 are reserved"},
		{"sample_3d.RGBA (M1, 16) 0x0:f s x d.0 u.0", 29, "aoffimmi must have an integer type"},
		{"sample_3d.RGBA (M1, 16) 0x0:xx s x d.0 u.0", 29, "unknown type"},
		{"sample_3d.RGBA (NoMask, 16) 0x0:uw s x d.0 u.0", 0, ""},
		{"sample_3d.RGBA (M1_NoMask, 16) 0x0:uw s x d.0 u.0", 17, "want M1..M8, M1_NM..M8_NM or NoMask"},
		{"sample_3d.cps.pixel_null_mask.RGBA (M1, 16) 0x0:uw s x d.0 u.0", 15, ".pixel_null_mask after .cps"},
		{"sample_3d.divS.cps.RGBA (M1, 16) 0x0:uw s x d.0 u.0", 16, ".cps after .divS"},
		{"sample_3d.pixel_null_mask.cps.divS.RGBA (M1, 16) 0x0:uw s x d.0 u.0", 0, ""},
		{"sample_3d.RGBA (M1, 16) 0x0:uw s x d.0", 39, "needs at least one parameter"},
		{"sample_3d.RGBA (M1, 16) 0x0:uw s x d.0 u.0 u.0 u.0 u.0 u.0", 0, ""},
		{"sample_d_c.RGBA (M1, 16) 0x0:uw s x d.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0", 0, ""},
		{"sample_d_c.RGBA (M1, 16) 0x0:uw s x d.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0", 101, "more than 15 parameters"},
		{"sample_3d.RGBA (M1, 16) 0x0:uw s x d.0 w.0", 40, "w is not a declared general variable"},
		{"sample_3d.RGBA (M1, 16) 0x0:uw x x d.0 u.0", 32, "x is not a declared sampler variable"},
		{"sample_3d.RGBA (M1, 16) 0x0:uw s s d.0 u.0", 34, "s is not a declared surface variable"},
		{"sample_3d.RGBA (M1, 16) 0x0:uw s x d u.0", 36, "needs a byte offset"},
		{"sample_3d.RGBA (M1, 16) 0x0:uw s x q.0 u.0", 1, "dst q has type ud"}, // ud is allowed
		{"sample_3d.RGBA (M1, 16) 0x0:uw s x o.0 u.0", 0, ""},
		{"sample4.RG (M1, 16) 0x0:uw s x d.0 u.0", 9, "the source channel must be one of R, G, B, A"},
		{"sample4.cps.R (M1, 16) 0x0:uw s x d.0 u.0", 1, "3D_SAMPLE4 takes no .cps"},
		{"sample_l.cps.R (M1, 16) 0x0:uw s x d.0 u.0", 1, ".cps (CPS LOD compensation) is only allowed"},
		{"sample_3d.cps.cps.R (M1, 16) 0x0:uw s x d.0 u.0", 15, ".cps given twice"},
		{"(P2) sample_3d.R (M1, 16) 0x0:uw s x d.0 u.0", 2, "P2 is not a declared predicate"},
		{"(P1.none) sample_3d.R (M1, 16) 0x0:uw s x d.0 u.0", 5, "want .any or .all"},
		{"(P1) resinfo.R (M1, 16) x q.0 q.0", 1, "resinfo takes no predicate"},
		{"resinfo.R (M1, 16) x u.0 q.0", 1, "resinfo: lod u has type f; want ud"},
		{"resinfo.R (M1, 16) x q.0 d.0", 0, ""},
		{"resinfo.R (M1, 16) x q.0 o.0", 0, ""},
		{"resinfo.R (M1, 16) x q.0 h.0", 1, "INFO's Dst must have a 32-bit type"},
		{"sampleinfo.R (M1, 32) x q.0", 0, ""},
		{"sample_foo.R (M1, 16) 0x0:uw s x d.0 u.0", 1, `unknown mnemonic "sample_foo"`},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.0 u.0 extra", 41, "needs a byte offset"},
		{"sample_3d.R (M1, 16) 0x0:uw s x %null.4 u.0", 39, "%null must have offset 0"},
		{"sample_3d.R (M1, 16) u(0,0)<1;1,0> s x d.0 u.0", 28, "the region must be <0;1,0>"},
		{"sample_3d.R (M1, 16) u(0,0)<0;1,0> s x d.0 u.0", 1, "aoffimmi: variable u has type f, want uw"},
		{"sample_3d.R (M1, 17) 0x0:uw s x d.0 u.0", 18, "exec size 17"},
		{"ret (M1, 8)", 1, "ret must be (M1, 1)"},
		{"sample4_po_l.R (M1, 16) 0x0:uw s x d.0 u.0", 0, ""},
	}
	for _, c := range cases {
		_, err := Assemble(decls + c.inst + "\n")
		if c.msg == "" || strings.Contains(c.msg, "dst q has type ud") {
			if err != nil {
				t.Errorf("%s: unexpected error %v", c.inst, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: got %v, want an *Error", c.inst, err)
			continue
		}
		if e.Line != declLines+1 || e.Col != c.col || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%s:\n got line %d col %d: %s\nwant line %d col %d: ...%s...", c.inst, e.Line, e.Col, e.Msg, declLines+1, c.col, c.msg)
		}
	}
}

func TestAssembleDeclErrors(t *testing.T) {
	cases := []struct{ src, msg string }{
		{".version 5.0\n.kernel \"k\"\n", "version 5.0 is not supported"},
		{".kernel \"k\"\n.decl a v_type=G type=zz num_elts=1\n", "type=zz: unknown type"},
		{".kernel \"k\"\n.decl a v_type=G type=f num_elts=0\n", "num_elts=0: want 1..65535"},
		{".kernel \"k\"\n.decl a v_type=G type=f num_elts=1\n.decl a v_type=G type=f num_elts=1\n", "a declared twice"},
		{".kernel \"k\"\n.decl a v_type=Q num_elts=1\n", "v_type=Q: want G, P, S or T"},
		{".kernel \"k\"\n.decl a v_type=P num_elts=33\n", "at most 32 elements"},
		{".kernel \"k\"\n.decl a v_type=G type=f num_elts=8 alias=<b, 0>\n", "b is not a declared general variable"},
		{".kernel \"k\"\n.decl b v_type=G type=f num_elts=8\n.decl a v_type=G type=f num_elts=8 alias=<b, 4>\n", "a's 32 bytes do not fit in b's 32 bytes"},
		{".kernel \"k\"\n.decl a v_type=G type=f num_elts=8 alias=<%r0, 0>\n", "%r0 is not a declared general variable"},
		{".kernel \"k\"\n.decl a v_type=G type=f num_elts=8 foo=1\n", "attribute foo is not supported"},
		{".kernel \"k\"\n.input a offset=0 size=4\n", ".input a: not a declared general variable"},
		{".kernel \"k\"\n.decl a v_type=G type=f num_elts=8\n.input a offset=0 bytes=4\n", "expected size=, found \"bytes\""},
		{".kernel \"k\"\n.decl a v_type=G type=f num_elts=8\n.input a offset=40000\n", "offset: 40000 is out of range"},
		{".kernel \"k\"\n.implicit_LOCAL_ID a offset=0 size=4\n", "unknown directive .implicit_LOCAL_ID"},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.0 u.0\n", "instruction before .kernel"},
		{"", "no .kernel line"},
		{".kernel \"k\"\n.decl a v_type=G type=f num_elts=8 @\n", "unexpected character '@'"},
	}
	for _, c := range cases {
		_, err := Assemble(c.src)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: got %v, want ...%s...", c.src, err, c.msg)
		}
	}
}

func TestPlatformRules(t *testing.T) {
	skl, _ := LookupPlatform("SKL")
	bdw, _ := LookupPlatform("BDW")
	pvc, _ := LookupPlatform("PVC")
	tgl, _ := LookupPlatform("tgllp")
	cases := []struct {
		inst string
		p    Platform
		msg  string
	}{
		{"sample_l.R (M1, 16) 0x0:uw s x d.0 h.0 h.0", tgl, ""},
		{"sample_l.R (M1, 16) 0x0:uw s x d.0 h.0 h.0", skl, "platform SKL (before ICLLP) needs type f"},
		{"sample_l.R (M1, 16) 0x0:uw s x d.0 u.0 h.0", tgl, "all parameters must have the same type"},
		{"sample_l.R (M1, 16) 0x0:uw s x d.0 u.0 o.0", tgl, "want f or hf"},
		{"sample_3d.cps.R (M1, 16) 0x0:uw s x d.0 u.0", skl, ".cps needs ICLLP or later"},
		{"sample_3d.pixel_null_mask.R (M1, 16) 0x0:uw s x d.0 u.0", skl, ""},
		{"sample_3d.pixel_null_mask.R (M1, 16) 0x0:uw s x d.0 u.0", bdw, ".pixel_null_mask needs SKL or later (platform BDW)"},
		{"sample4.pixel_null_mask.R (M1, 16) 0x0:uw s x d.0 u.0", bdw, ".pixel_null_mask needs SKL or later"},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.0 u.4", tgl, "parameter 0 (u) u.4 starts at byte 4 of u, not on a 32-byte GRF boundary"},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.4 u.0", tgl, "dst d.4 starts at byte 4"},
		{"resinfo.R (M1, 16) x q.4 q.0", tgl, "lod q.4 starts at byte 4"},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.32 u.32 u.0", tgl, ""},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.32 u.0", pvc, "dst d.32 starts at byte 32 of d, not on a 64-byte GRF boundary of platform PVC"},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.0 u.32", pvc, "parameter 0 (u) u.32"},
		{"resinfo.R (M1, 16) x q.32 q.0", pvc, "lod q.32"},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.0 u.0 u.0 u.0 u.0 u.4", tgl, "parameter 4 (beyond sample_3d's table) u.4"},
		{"sample_3d.R (M1, 16) 0x0:uw s x d.0 u.0 u.0 u.0 u.0 h.0", tgl, "parameter 4 (beyond sample_3d's table) h has type hf but u has type f"},
		{"sample4_po.R (M1, 16) 0x0:uw s x d.0 u.0 u.0 u.0", tgl, "offsets must have type d"},
		{"sample4_po.R (M1, 16) 0x0:uw s x d.0 u.0 u.0 o.0 o.0", tgl, ""},
		{"sample4_po_i.R (M1, 16) 0x0:uw s x d.0 h.0 h.0 h.0 h.0", tgl, "packed offsets need a 32-bit type"},
	}
	for _, c := range cases {
		k := mustAssemble(t, decls+c.inst+"\n")
		err := k.ValidateFor(c.p)
		if c.msg == "" {
			if err != nil {
				t.Errorf("%s on %s: %v", c.inst, c.p.Name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s on %s: got %v, want ...%s...", c.inst, c.p.Name, err, c.msg)
		}
	}
	if _, err := LookupPlatform("GEN42"); err == nil {
		t.Error("unknown platform accepted")
	}
	if err := (Platform{Name: "x", GRFSize: 48}).Validate(); err == nil {
		t.Error("GRF size 48 accepted")
	}
}

// TestExecErrors checks the errors an instruction reports at run time; none
// of them writes anything.
func TestExecErrors(t *testing.T) {
	cases := []struct {
		inst string
		msg  string
	}{
		{"sample_lz.R (M1, 16) 0x0:uw s x d.0 u.0 u.0 u.0 u.0 u.0", "parameter 4 (beyond sample_lz's table): the operation's table has 4 parameters (u v r ai)"},
		{"sample_lz.RGBA (M1, 16) 0x0:uw s x d.832 u.0", "need bytes 832..1087, but d has 1024 bytes"},
		{"sample_lz.R (M1, 16) 0x0:uw s x d.0 u.96", "read bytes 96..159, but u has 128 bytes"},
		{"sample4_po.R (M1, 16) 0x1:uw s x d.0 u.0 u.0 o.0 o.0", "aoffimmi must be 0 for the programmable-offset gathers"},
	}
	for _, c := range cases {
		k := mustAssemble(t, decls+c.inst+"\n")
		m, err := NewMachine(k, DefaultPlatform)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Exec(0); err == nil || !strings.Contains(err.Error(), "not bound") {
			t.Errorf("unbound surface: %v", err)
		}
		m.Surfaces[0] = coordsSurface(t, 2, 8, 8)
		for i := range m.Regs.Vars[3] {
			m.Regs.Vars[3][i] = 0x55
		}
		_, err = m.Exec(0)
		if err == nil || !errors.Is(err, ErrExec) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want ...%s...", c.inst, err, c.msg)
		}
		for _, b := range m.Regs.Vars[3] {
			if b != 0x55 {
				t.Fatalf("%s: dst written by a failed instruction", c.inst)
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	k := mustAssemble(t, decls+"sample_3d.RGBA (M1, 16) 0x0:uw s x d.0 u.0\nresinfo.R (M1, 8) x q.0 q.0\n")
	b, err := k.Encode()
	if err != nil {
		t.Fatal(err)
	}
	// Every truncation fails with an error, never a panic.
	for n := 0; n < len(b); n++ {
		if _, err := Decode(b[:n]); err == nil {
			t.Errorf("%d-byte prefix decoded", n)
		}
	}
	if _, err := Decode(b); err != nil {
		t.Fatal(err)
	}
	k2, _ := Decode(b)
	at := k2.Insts[0].Offset
	if b[at] != byte(OpcodeSample3D) {
		t.Fatalf("layout changed: byte %d is %#x", at, b[at])
	}
	corrupt := []struct {
		off  int
		val  byte
		msg  string
		want int
	}{
		{0, 'X', "not vISA bytecode", 0},
		{4, 5, "version 5.1 is not supported", 4},
		{at, 0x6e, "opcode 0x6e (3D_LOAD) is not supported", at},
		{at + 1, 0x07, "sub-opcode 0x07 is not a 3D_SAMPLE operation", at + 1},
		{at + 3, 0x47, "exec size code 7 is out of range", at + 3},
		{at + 3, 0x14, "execution mask M2 cannot go with exec size 16", at},
		{at + 6, 0x00, "channel mask is empty", at},
		{at + 7, 0x09, "aoffimmi operand class byte 0x09", at + 7},
		{at + 8, 0x07, "aoffimmi immediate has type f, want an integer type", at + 8},
		{at + 10, 0x10, "bits 15..12 are reserved", at},
		{at + 13, 0x03, "sampler id 3 is not a declared sampler", at + 13},
		{at + 14, 0x05, "surface id 5 is not a declared surface", at + 14},
		{at + 15, 0x02, "variable id 2 is not a declared general variable", at + 15},
		{at + 21, 0x00, "NumParams 0 is out of range", at + 21},
		{at + 21, 0x10, "NumParams 16 is out of range", at + 21},
	}
	for _, c := range corrupt {
		bb := append([]byte(nil), b...)
		bb[c.off] = c.val
		_, err := Decode(bb)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, c.msg) || (c.want >= 0 && e.Offset != c.want) {
			t.Errorf("byte %d = %#x: got %v, want offset %d ...%s...", c.off, c.val, err, c.want, c.msg)
		}
	}
}

// TestDecodeEmptyStateName: a sampler or surface whose stored name (its
// v_name) is the empty string is refused, naming it: printed, it would
// show no v_name and encode back under its S<i>/T<i> name, so the round
// trip changed the kernel (FuzzDecode's find in CI,
// testdata/fuzz/FuzzDecode/8c7b1dd0cddd00a0). The kernel's own name is
// empty here, string 0, which the declarations are pointed at.
func TestDecodeEmptyStateName(t *testing.T) {
	k := mustAssemble(t, ".version 4.1\n.kernel \"\"\n"+decls[len(header):]+"sample_3d.RGBA (M1, 16) 0x0:uw s x d.0 u.0\n")
	b, err := k.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(b); err != nil {
		t.Fatal(err)
	}
	// The string pool: "", u, h, o, d, q, P1, s (7), x (8), Target; a
	// state declaration is its name's index, 1 element and no attributes.
	for _, c := range []struct {
		index byte
		msg   string
	}{{7, "sampler 0: its name (v_name) is empty"}, {8, "surface 0: its name (v_name) is empty"}} {
		decl := []byte{c.index, 0, 0, 0, 1, 0, 0}
		if bytes.Count(b, decl) != 1 {
			t.Fatalf("%s: the declaration's bytes % x occur %d times", c.msg, decl, bytes.Count(b, decl))
		}
		at := bytes.Index(b, decl)
		bb := append([]byte(nil), b...)
		bb[at] = 0
		_, err := Decode(bb)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, c.msg) || e.Offset != at {
			t.Errorf("got %v, want offset %d ...%s...", err, at, c.msg)
		}
	}
}
