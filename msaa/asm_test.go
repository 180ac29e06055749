package msaa

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var targets = []Target{GFX1030, GFX1100}

// knownMessageDiffs are the rejected cases where the model's message
// differs from LLVM's (both reject).
var knownMessageDiffs = map[string]string{
	"image_msaa_load v[0:3], v[4:6], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA": "LLVM's positional operand parser fails at the next modifier",
	"image_msaa_load_x v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA":        "LLVM suggests a spelling; the model names the one instruction it knows",
}

func parseBytes(t *testing.T, s string) []byte {
	t.Helper()
	var out []byte
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimSpace(f), "0x"), 16, 8)
		if err != nil {
			t.Fatalf("bad byte %q in %q", f, s)
		}
		out = append(out, byte(v))
	}
	return out
}

func readLines(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "llvm", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, strings.Split(sc.Text(), "\t"))
	}
	return out
}

// TestAssembleLLVM checks every case of testdata/llvm/cases.s against
// LLVM 15's llvm-mc on both targets: the same accept/reject decision, the
// same canonical text and the same bytes; and that the text we print
// assembles to the same bytes again. LLVM's error messages are matched
// exactly where the model gives the same reason; the rate is logged.
func TestAssembleLLVM(t *testing.T) {
	for _, tg := range targets {
		lines := readLines(t, "asm-"+tg.String()+".txt")
		var ok, rejected, sameMsg int
		for _, l := range lines {
			src, status := l[0], l[1]
			in, err := Parse(tg, src)
			if status == "ok" {
				if err != nil {
					t.Errorf("%s: %q: LLVM accepts it, we say %v", tg, src, err)
					continue
				}
				if got := in.String(); got != l[2] {
					t.Errorf("%s: %q prints %q, LLVM %q", tg, src, got, l[2])
				}
				b, err := in.Encode(tg)
				if err != nil {
					t.Errorf("%s: %q: encode: %v", tg, src, err)
					continue
				}
				if want := parseBytes(t, l[3]); string(b) != string(want) {
					t.Errorf("%s: %q encodes to % x, LLVM % x", tg, src, b, want)
				}
				again, err := Parse(tg, in.String())
				if err != nil {
					t.Errorf("%s: printed form %q does not assemble: %v", tg, in.String(), err)
				} else if b2, _ := again.Encode(tg); string(b2) != string(b) {
					t.Errorf("%s: printed form %q encodes differently", tg, in.String())
				}
				ok++
				continue
			}
			if err == nil {
				t.Errorf("%s: %q: LLVM rejects it (%s), we accept it as %q", tg, src, strings.Join(l[2:], " "), in)
				continue
			}
			rejected++
			if status == "error" && len(l) == 4 {
				if ae, isAsm := err.(*AsmError); isAsm && strconv.Itoa(ae.Col) == l[2] && ae.Msg == l[3] {
					sameMsg++
				} else if knownMessageDiffs[src] == "" {
					t.Errorf("%s: %q: LLVM %s: %s; we %v", tg, src, l[2], l[3], err)
				}
			}
		}
		t.Logf("%s: %d accepted with LLVM's bytes, %d rejected as LLVM does (%d with LLVM's column and message)", tg, ok, rejected, sameMsg)
	}
}

// TestDisassembleLLVM checks the decoder against llvm-mc --disassemble on
// every word list of testdata/llvm/dis-*.txt.
func TestDisassembleLLVM(t *testing.T) {
	for _, tg := range targets {
		var ok, rejected int
		for _, l := range readLines(t, "dis-"+tg.String()+".txt") {
			b := parseBytes(t, l[0])
			in, n, err := Decode(tg, b)
			if strings.HasPrefix(l[1], "image_msaa_load ") {
				if err != nil {
					t.Errorf("%s: % x: LLVM decodes %q, we say %v", tg, b, l[1], err)
					continue
				}
				if got := in.String(); got != l[1] {
					t.Errorf("%s: % x decodes to %q, LLVM %q", tg, b, got, l[1])
				}
				if n > len(b) {
					t.Errorf("%s: % x: length %d", tg, b, n)
				}
				ok++
				continue
			}
			if err == nil {
				t.Errorf("%s: % x: LLVM says %q, we decode %q", tg, b, l[1], in)
				continue
			}
			rejected++
		}
		t.Logf("%s: %d decoded as LLVM does, %d rejected (LLVM: invalid or another instruction)", tg, ok, rejected)
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	for _, tg := range targets {
		for _, src := range []string{
			"image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm",
			"image_msaa_load v[10:14], [v1, v9, v3, v2], ttmp[8:15] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY glc slc dlc tfe lwe",
			"image_msaa_load v[0:1], v[4:5], s[96:103] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY r128 a16 d16",
		} {
			if tg == GFX1030 {
				src = strings.Replace(strings.Replace(src, "v[0:3]", "v0", 1), "v[10:14]", "v[10:11]", 1)
				src = strings.Replace(src, "v[0:1], v[4:5]", "v0, v[4:5]", 1)
			}
			in, err := Parse(tg, src)
			if err != nil {
				t.Fatalf("%s: %q: %v", tg, src, err)
			}
			b, err := in.Encode(tg)
			if err != nil {
				t.Fatal(err)
			}
			out, n, err := Decode(tg, b)
			if err != nil || n != len(b) || out.String() != in.String() {
				t.Errorf("%s: %q -> % x -> %v (%d bytes, %v)", tg, src, b, out, n, err)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	base := func() *Inst {
		return &Inst{VData: 0, VDataRegs: 4, VAddr: []uint8{4, 5, 6}, DMask: 1, Dim: Dim2DMSAA, HasDim: true}
	}
	for _, c := range []struct {
		mod  func(*Inst)
		want string
	}{
		{func(in *Inst) { in.Dim = Dim2D }, "msaa: dim: SQ_RSRC_IMG_2D is not a multisample dim (SQ_RSRC_IMG_2D_MSAA or SQ_RSRC_IMG_2D_MSAA_ARRAY)"},
		{func(in *Inst) { in.HasDim = false }, "msaa: dim: (none) is required on gfx1100"},
		{func(in *Inst) { in.VDataRegs = 3 }, "msaa: vdata: v[0:2] has 3 registers; dmask 0x1, d16 false and tfe false need 4 on gfx1100"},
		{func(in *Inst) { in.VAddr = in.VAddr[:2] }, "msaa: vaddr: 2 registers given; dim SQ_RSRC_IMG_2D_MSAA with a16 false needs 3"},
		{func(in *Inst) { in.DMask = 3 }, "msaa: dmask: 0x3 must have exactly one of its low 4 bits set on gfx1100"},
		{func(in *Inst) { in.SRsrc = 2 }, "msaa: srsrc: 2 is not the first register of an aligned s[N:N+7] or ttmp[N:N+7]"},
		{func(in *Inst) { in.SRsrc = 100 }, "msaa: srsrc: 100 is not the first register of an aligned s[N:N+7] or ttmp[N:N+7]"},
		{func(in *Inst) { in.VData = 253 }, "msaa: vdata: v[253:256] is not a VGPR range within v0–v255"},
	} {
		in := base()
		c.mod(in)
		if _, err := in.Encode(GFX1100); err == nil || err.Error() != c.want {
			t.Errorf("%+v: %v, want %q", in, err, c.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		t    Target
		hex  string
		want string
	}{
		{GFX1100, "186060f0", "byte 4: truncated: 4 bytes, an instruction needs 8"},
		{GFX1100, "180160e004000000", "byte 3: encoding bits 0x38 are not MIMG (0x3c)"},
		{GFX1100, "180164f004000000", "byte 2: opcode 0x19 is not image_msaa_load (0x18)"},
		{GFX1030, "300f00f004000000", "byte 0: opcode 0x0 is not image_msaa_load (0x80)"},
		{GFX1030, "310f00f004002000", "byte 6: sampler field 1 must be 0: image_msaa_load takes no sampler"},
		{GFX1030, "350f00f004000000050607080900000000", "byte 0: NSA with 2 extra dwords, but dim SQ_RSRC_IMG_2D_MSAA with a16 false has 3 addresses (1 extra dwords)"},
		{GFX1030, "330100f004000000", "byte 8: truncated: 8 bytes, the NSA form needs 12"},
		{GFX1100, "180160f004fd0000", "byte 5: vdata v253 with 4 registers runs past v255"},
	} {
		b, _ := hex.DecodeString(c.hex)
		if _, _, err := Decode(c.t, b); err == nil || err.Error() != c.want {
			t.Errorf("%s % x: %v, want %q", c.t, b, err, c.want)
		}
	}
}

func ExampleParse() {
	in, err := Parse(GFX1100, "image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm")
	if err != nil {
		panic(err)
	}
	b, _ := in.Encode(GFX1100)
	fmt.Printf("%s ; % x\n", in, b)
	_, err = Parse(GFX1100, "image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA")
	fmt.Println(err)
	// Output:
	// image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm ; 98 01 60 f0 04 00 00 00
	// 40: invalid image_gather dmask: only one bit must be set
}
