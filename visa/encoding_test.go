package visa

import (
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/encodings.golden")

// TestInstructionEncodings keeps the bytes of one instruction of every
// operation, in both versions, in testdata/encodings.golden (regenerate with
// go test ./visa -run Encodings -update). The bytes of the operations IGC
// 1.0.12504 knows are the ones it reads back in testdata/igc.
func TestInstructionEncodings(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("# One instruction per operation: the text, then its bytes (opcode first).\n")
	sb.WriteString("# Operands: dst d.0 (id 32), parameters p.0 .. (id 33), sampler 0, surface 6.\n")
	for _, ver := range SupportedVersions {
		fmt.Fprintf(&sb, "\n# vISA %s\n", ver)
		for _, o := range Ops() {
			if o.Wide && !ver.wide() {
				continue
			}
			var ps []string
			for range o.Params {
				ps = append(ps, "p.0")
			}
			var inst string
			switch {
			case o.Sub == ResInfo:
				inst = "resinfo.RGBA (M1, 16) x q.0 q.0"
			case o.Sub == SampleInfo:
				inst = "sampleinfo.RGBA (M1, 8) x q.0"
			case o.Opcode == OpcodeSample4:
				inst = fmt.Sprintf("%s.pixel_null_mask.A (M5, 16) 0x123:uw s x d.0 %s", o.Mnemonic, strings.Join(ps, " "))
			default:
				inst = fmt.Sprintf("(!P1.any) %s.pixel_null_mask.RGA (M1_NM, 8) 0x123:uw s x d.0 %s", o.Mnemonic, strings.Join(ps, " "))
			}
			src := fmt.Sprintf(".version %s\n.kernel \"k\"\n.decl d v_type=G type=f num_elts=256 align=GRF\n"+
				".decl p v_type=G type=f num_elts=16 align=GRF\n.decl q v_type=G type=ud num_elts=64 align=GRF\n"+
				".decl P1 v_type=P num_elts=16\n.decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n%s\n", ver, inst)
			k, err := Assemble(src)
			if err != nil {
				t.Fatalf("%s: %v", o.Mnemonic, err)
			}
			b, err := k.Encode()
			if err != nil {
				t.Fatal(err)
			}
			k2, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&sb, "%s\n    %s\n", k2.InstText(0), hex.EncodeToString(b[k2.Insts[0].Offset:]))
		}
	}
	const golden = "testdata/encodings.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if sb.String() != string(want) {
		t.Errorf("encodings differ from %s (run with -update after checking):\n%s", golden, sb.String())
	}
}
