package txd

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// listingArch returns the architecture a golden listing was printed for:
// ptxas_smNN, sweep_smNN, dims_smNN; sweep.sass is SM52.
func listingArch(t *testing.T, name string) Arch {
	t.Helper()
	i := strings.Index(name, "_sm")
	if i < 0 {
		return SM52
	}
	a, err := ParseArch(strings.TrimSuffix(name[i+1:], ".sass"))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// nvidiaListings are the golden listings of testdata/nvidia.
var nvidiaListings = []string{"ptxas_sm50.sass", "ptxas_sm52.sass", "sweep.sass",
	"sweep_sm50.sass", "sweep_sm53.sass", "sweep_sm60.sass", "sweep_sm61.sass", "sweep_sm62.sass",
	"dims_sm50.sass", "dims_sm52.sass", "dims_sm53.sass", "dims_sm60.sass", "dims_sm61.sass", "dims_sm62.sass"}

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
	for _, name := range nvidiaListings {
		arch := listingArch(t, name)
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
			if err := in.CheckArch(arch); err != nil {
				t.Errorf("%s line %d: %q: nvdisasm -b %s printed it, CheckArch says %v", name, e.Line, e.Text, arch, err)
			}
			d, err := DecodeArch(e.Word, arch)
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
			if strings.HasPrefix(name, "ptxas") {
				if err := in.Check(); err != nil {
					t.Errorf("%s line %d: ptxas output %q breaks a register rule: %v", name, e.Line, e.Text, err)
				}
			}
		}
		t.Logf("%s: %d TXD instructions", name, len(es))
	}
}

// TestNVIDIASweepProgram: the raw code of the sweep and of the dimension
// and phase words decodes (control words included) for each architecture to
// exactly the instructions nvdisasm -b SMNN printed, in order: the reserved
// dimensions 3D, ARRAY_3D, CUBE, ARRAY_CUBE and phase 3 (.INVALIDPHASE3)
// included. The code re-encodes to the same instruction words.
func TestNVIDIASweepProgram(t *testing.T) {
	for _, name := range nvidiaListings {
		if strings.HasPrefix(name, "ptxas") {
			continue
		}
		arch := listingArch(t, name)
		bin := strings.TrimSuffix(name, ".sass") + ".bin"
		switch {
		case name == "sweep.sass" || strings.HasPrefix(name, "sweep_") && arch != SM50:
			bin = "sweep.bin"
		case strings.HasPrefix(name, "dims_") && arch != SM50:
			bin = "dims.bin"
		}
		code, err := os.ReadFile(filepath.Join("testdata", "nvidia", bin))
		if err != nil {
			t.Fatal(err)
		}
		prog, err := DecodeProgramArch(code, arch)
		if err != nil {
			t.Fatalf("%s as %s: %v", bin, arch, err)
		}
		es := readListing(t, name)
		if len(prog) != len(es) {
			t.Fatalf("%s: decoded %d instructions, nvdisasm printed %d", name, len(prog), len(es))
		}
		phases := map[Phase]int{}
		dims := map[Param]int{}
		for i, in := range prog {
			phases[in.Phase]++
			dims[in.Param]++
			w, err := Encode(in)
			if err != nil {
				t.Errorf("%s instruction %d: Encode: %v", name, i, err)
			} else if want := es[i].Word; w != want && !(in.Bindless && w == want&^ignoredBindless) {
				t.Errorf("%s instruction %d: encodes to %#016x, nvdisasm read %#016x", name, i, w, want)
			}
			in.Sched = Sched{} // nvdisasm does not print barriers and wait masks
			if got := in.String(); got != es[i].Text {
				t.Errorf("%s instruction %d: %q, nvdisasm printed %q", name, i, got, es[i].Text)
			}
		}
		if strings.HasPrefix(name, "dims_") && (len(phases) != 4 || len(dims) != 8) {
			t.Errorf("%s: %d phases and %d dimensions, want 4 and 8", name, len(phases), len(dims))
		}
	}
}

// TestNVIDIASM50Refusals: the words nvdisasm -b SM50 refuses (.LC, a
// sparse predicate) are refused by DecodeArch(SM50) and read by SM52 as
// nvdisasm -b SM52 prints them.
func TestNVIDIASM50Refusals(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "nvidia", "sm50_reject.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for _, line := range lines {
		f := strings.Split(line, " | ")
		if len(f) != 3 || !strings.Contains(f[1], "nvdisasm error") {
			t.Fatalf("bad line %q (SM50 must have refused the word)", line)
		}
		w, err := strconv.ParseUint(strings.TrimPrefix(f[0], "0x"), 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeArch(w, SM50); err == nil {
			t.Errorf("%#016x: SM50 decodes it; nvdisasm -b SM50: %s", w, f[1])
		}
		in, err := DecodeArch(w, SM52)
		if err != nil {
			t.Errorf("%#016x: SM52: %v", w, err)
			continue
		}
		want := strings.TrimSuffix(strings.TrimPrefix(f[2], "SM52: "), ";") + " ;"
		if got := in.String(); got != want {
			t.Errorf("%#016x: SM52 prints %q, nvdisasm %q", w, got, want)
		}
	}
	if len(lines) < 20 {
		t.Fatalf("%d refusals", len(lines))
	}
}
