package visa

import (
	"os"
	"strings"
	"testing"
)

// verdictDivergences are the instructions of testdata/igc/verdicts.txt on
// which texunit and GenX_IR 1.0.12504 disagree on purpose, with the reason
// (docs/VISA.md, "Divergences from GenX_IR").
var verdictDivergences = map[string]string{
	"sample_3d.RGBA (M1, 8) 0x1123:uw smp tex dst.0 u.0 v.0":                                                      "Aoffimmi bits 15..12 are reserved (3D_SAMPLE.md); IGC does not check them",
	"sample_3d.RGBA (M1, 8) 0x10123:ud smp tex dst.0 u.0 v.0":                                                     "IGC truncates an immediate Aoffimmi to 16 bits; texunit refuses values that do not fit",
	"sample_3d.RGBA (M1, 8) -1:d smp tex dst.0 u.0 v.0":                                                           "a negative Aoffimmi sets the reserved bits once truncated",
	"resinfo.RGBA (M1, 8) tex lod.0 dsth.0":                                                                       "INFO returns 32-bit values; IGC lets a 16-bit Dst receive them, texunit takes 32-bit types only",
	"resinfo.RGBA (M1, 8) tex u.0 info.0":                                                                         "the LOD must have type UD (INFO.md); IGC converts other types with a mov",
	"sample_3d.RGBA (M1, 8) 0x0:uw smp tex dst.0 u.0 v.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0 u.0": "NumParams is 1..15 (3D_SAMPLE.md); IGC's parser takes 16",
	"sample_3d.cps.RGBA (M1, 8) 0x0:uw smp tex dst.0 u.0 v.0@BDW":                                                 ".cps is ICLLP+ (3D_SAMPLE.md); IGC does not check the platform",
	"sample_3d.RGBA (M1, 8) 0x0:uw smp tex dsth.0 h.0 h.0@SKL":                                                    "HF parameters are ICLLP+ (3D_SAMPLE.md); IGC does not check the platform",
}

// TestIGCVerdicts checks texunit's accept/reject verdict on every
// instruction of testdata/igc/verdicts.txt (made by verdicts.sh with
// GenX_IR) against GenX_IR's, on the platform of the line: Assemble, then
// Kernel.ValidateFor, as "texunit visa asm -platform P" does.
func TestIGCVerdicts(t *testing.T) {
	hdr, err := os.ReadFile("testdata/igc/verdicts.hdr")
	if err != nil {
		t.Fatal(err)
	}
	txt, err := os.ReadFile("testdata/igc/verdicts.txt")
	if err != nil {
		t.Fatal(err)
	}
	n, seen := 0, map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(txt)), "\n") {
		f := strings.SplitN(line, " | ", 3)
		if len(f) != 3 {
			t.Fatalf("bad line %q", line)
		}
		plat, inst, verdict := f[0], f[1], f[2]
		n++
		p, err := LookupPlatform(plat)
		if err != nil {
			t.Fatal(err)
		}
		k, err := Assemble(string(hdr) + inst + "\nret (M1, 1)\n")
		if err == nil {
			err = k.ValidateFor(p)
		}
		igcOK := verdict == "OK"
		key := inst
		if _, ok := verdictDivergences[key]; !ok {
			key = inst + "@" + plat
		}
		why, diverges := verdictDivergences[key]
		if diverges {
			seen[key] = true
			if (err == nil) == igcOK {
				t.Errorf("%s on %s: texunit now agrees with GenX_IR (%s); drop the divergence %q", inst, plat, verdict, why)
			}
			continue
		}
		if (err == nil) != igcOK {
			t.Errorf("%s on %s: GenX_IR says %s, texunit says %v", inst, plat, verdict, err)
		}
	}
	for key := range verdictDivergences {
		if !seen[key] {
			t.Errorf("divergence %q is not in verdicts.txt", key)
		}
	}
	if n < 60 {
		t.Fatalf("only %d verdicts", n)
	}
}
