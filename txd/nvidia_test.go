package txd

import (
	"os"
	"path/filepath"
	"testing"
)

// readListing returns the TXD entries of a golden listing made by
// testdata/nvidia/gen.sh.
func readListing(t *testing.T, name string) []ListingEntry {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "nvidia", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	es, err := ParseListing(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) == 0 {
		t.Fatalf("%s: no TXD instructions", name)
	}
	for _, e := range es {
		if e.Word == 0 {
			t.Fatalf("%s line %d: no instruction word", name, e.Line)
		}
	}
	return es
}

// TestNVIDIAListings: every TXD line that NVIDIA's tools printed parses,
// prints back identically, encodes to the word they printed, and the word
// decodes to the same text (phase excepted: it lives in the control word).
func TestNVIDIAListings(t *testing.T) {
	for _, name := range []string{"ptxas_sm50.sass", "ptxas_sm52.sass", "sweep.sass"} {
		es := readListing(t, name)
		for _, e := range es {
			in, err := Parse(e.Text)
			if err != nil {
				t.Errorf("%s line %d: Parse(%q): %v", name, e.Line, e.Text, err)
				continue
			}
			if got := in.String(); got != e.Text {
				t.Errorf("%s line %d: printed %q, want %q", name, e.Line, got, e.Text)
			}
			w, err := Encode(in)
			if err != nil {
				t.Errorf("%s line %d: Encode: %v", name, e.Line, err)
				continue
			}
			want := e.Word
			if in.Bindless {
				want &^= ignoredBindless // tsPtrIdx bits are ignored in bindless words
			}
			if w != want {
				t.Errorf("%s line %d: %q encodes to %#016x, want %#016x", name, e.Line, e.Text, w, want)
			}
			d, err := Decode(e.Word)
			if err != nil {
				t.Errorf("%s line %d: Decode(%#016x): %v", name, e.Line, e.Word, err)
				continue
			}
			d.Phase = in.Phase
			if d != in {
				t.Errorf("%s line %d: Decode(%#016x) = %q, want %q", name, e.Line, e.Word, d, in)
			}
			// ptxas obeys the register rules (Rd of a 3-component mask on a
			// multiple of 4, Ra of s, t on a multiple of 2, ...).
			if name != "sweep.sass" {
				if err := in.Check(); err != nil {
					t.Errorf("%s line %d: ptxas output %q breaks a register rule: %v", name, e.Line, e.Text, err)
				}
			}
		}
		t.Logf("%s: %d TXD instructions", name, len(es))
	}
}

// TestNVIDIASweepProgram: the raw code of the sweep decodes (control words
// included) to exactly the instructions nvdisasm printed, in order.
func TestNVIDIASweepProgram(t *testing.T) {
	code, err := os.ReadFile(filepath.Join("testdata", "nvidia", "sweep.bin"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := DecodeProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	es := readListing(t, "sweep.sass")
	if len(prog) != len(es) {
		t.Fatalf("decoded %d instructions, nvdisasm printed %d", len(prog), len(es))
	}
	for i, in := range prog {
		in.Sched = Sched{} // nvdisasm does not print barriers and wait masks
		if got := in.String(); got != es[i].Text {
			t.Errorf("instruction %d: %q, nvdisasm printed %q", i, got, es[i].Text)
		}
	}
}
