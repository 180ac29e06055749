package visa

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIGCGolden checks texunit against the outputs of IGC's GenX_IR kept in
// testdata/igc (made by testdata/igc/compare.sh): the bytecode is the golden
// encoding, it decodes back to the same text, and IGC's canonical text of the
// source and IGC's reading of texunit's bytes equal texunit's canonical text
// except where IGC 1.0.12504 is known to lose information (see the README).
func TestIGCGolden(t *testing.T) {
	ins, err := filepath.Glob("testdata/igc/*.visaasm")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, in := range ins {
		if strings.Contains(in, ".igc-") {
			continue
		}
		n++
		base := strings.TrimSuffix(in, ".visaasm")
		name := filepath.Base(base)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			k, err := Assemble(string(src))
			if err != nil {
				t.Fatal(err)
			}
			k.Canonicalize()
			ours := k.Text()
			b, err := k.Encode()
			if err != nil {
				t.Fatal(err)
			}
			golden, err := os.ReadFile(base + ".isa")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, golden) {
				t.Errorf("bytecode differs from %s.isa:\n got %x\nwant %x", base, b, golden)
			}
			k2, err := Decode(golden)
			if err != nil {
				t.Fatal(err)
			}
			if k2.Text() != ours {
				t.Errorf("text -> bytecode -> text is not the identity:\n%s\nvs\n%s", k2.Text(), ours)
			}
			// What IGC is expected to print for our text.
			want := ours
			if name == "divs" {
				want = strings.ReplaceAll(want, ".divS", "") // IGC 1.0.12504 does not keep the bit
			}
			for _, out := range []string{"igc-text", "igc-readback"} {
				igc, err := os.ReadFile(base + "." + out + ".visaasm")
				if err != nil {
					t.Fatal(err)
				}
				got, exp := NormalizeText(string(igc)), NormalizeText(want)
				if name == "newops" {
					// IGC 1.0.12504 knows lod but none of these gathers: its
					// assembler rejects them, its reader prints
					// sampler_unknown; everything else must agree.
					if out == "igc-text" {
						if !strings.HasPrefix(string(igc), "// GenX_IR rejected") {
							t.Errorf("%s: expected IGC to reject the new gathers", out)
						}
						continue
					}
					gl, el := strings.Split(got, "\n"), strings.Split(exp, "\n")
					if len(gl) != len(el) {
						t.Fatalf("%s: %d lines, want %d", out, len(gl), len(el))
					}
					for i := range gl {
						if strings.HasPrefix(el[i], "sample4_") {
							if !strings.HasPrefix(gl[i], "sampler_unknown.") || gl[i][strings.Index(gl[i], " "):] != el[i][strings.Index(el[i], " "):] {
								t.Errorf("%s line %d: %q, want sampler_unknown with the operands of %q", out, i+1, gl[i], el[i])
							}
						} else if gl[i] != el[i] {
							t.Errorf("%s line %d: %q, want %q", out, i+1, gl[i], el[i])
						}
					}
					continue
				}
				if got != exp {
					t.Errorf("%s differs from texunit's canonical text:\n%s\nwant\n%s", out, got, exp)
				}
			}
		})
	}
	if n < 4 {
		t.Fatalf("found %d kernels in testdata/igc", n)
	}
}

// TestAssembleIGCOutput assembles GenX_IR's own output verbatim (its
// comments, spacing and the instruction on the .kernel_attr line) and gets
// the same kernel.
func TestAssembleIGCOutput(t *testing.T) {
	for _, name := range []string{"ops", "ops36", "alias", "execsize", "syntax"} {
		for _, out := range []string{"igc-text", "igc-readback"} {
			b, err := os.ReadFile("testdata/igc/" + name + "." + out + ".visaasm")
			if err != nil {
				t.Fatal(err)
			}
			k, err := Assemble(string(b))
			if err != nil {
				t.Fatalf("%s.%s: %v", name, out, err)
			}
			src, _ := os.ReadFile("testdata/igc/" + name + ".visaasm")
			want := mustAssemble(t, string(src))
			want.Canonicalize()
			if k.Text() != want.Text() {
				t.Errorf("%s.%s assembles to\n%s\nwant\n%s", name, out, k.Text(), want.Text())
			}
		}
	}
}
