package visa

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

func seeds(f *testing.F, ext string) {
	files, _ := filepath.Glob("testdata/igc/*" + ext)
	for _, name := range files {
		if strings.Contains(name, ".igc-") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// FuzzDecode: Decode never panics, and what it accepts encodes to bytes that
// decode to the same kernel.
func FuzzDecode(f *testing.F) {
	seeds(f, ".isa")
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := Decode(b)
		if err != nil {
			return
		}
		out, err := k.Encode()
		if err != nil {
			t.Fatalf("decoded kernel does not encode: %v", err)
		}
		k2, err := Decode(out)
		if err != nil {
			t.Fatalf("re-encoded kernel does not decode: %v", err)
		}
		if k.Text() != k2.Text() {
			t.Fatalf("round trip changed the kernel:\n%s\n%s", k.Text(), k2.Text())
		}
	})
}

// FuzzAssemble: Assemble never panics; what it accepts prints to text that
// assembles to the same kernel, and encodes to bytes that decode to it.
func FuzzAssemble(f *testing.F) {
	seeds(f, ".visaasm")
	f.Fuzz(func(t *testing.T, src []byte) {
		k, err := Assemble(string(src))
		if err != nil {
			return
		}
		k.Canonicalize()
		text := k.Text()
		k2, err := Assemble(text)
		if err != nil {
			t.Fatalf("canonical text does not assemble: %v\n%s", err, text)
		}
		if k2.Text() != text {
			t.Fatalf("text round trip changed the kernel:\n%s\n%s", text, k2.Text())
		}
		b, err := k.Encode()
		if err != nil {
			if strings.Contains(err.Error(), "too long") {
				return
			}
			t.Fatalf("assembled kernel does not encode: %v", err)
		}
		k3, err := Decode(b)
		if err != nil {
			t.Fatalf("encoded kernel does not decode: %v", err)
		}
		if k3.Text() != text {
			t.Fatalf("binary round trip changed the kernel:\n%s\n%s", text, k3.Text())
		}
	})
}

// FuzzExec: any kernel that decodes and validates runs on any register
// contents without panicking (a 2D float surface bound to every surface
// variable).
func FuzzExec(f *testing.F) {
	seeds(f, ".isa")
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 8})
	if err != nil {
		f.Fatal(err)
	}
	s.FillCoords()
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := Decode(b)
		if err != nil {
			return
		}
		m, err := NewMachine(k, DefaultPlatform)
		if err != nil {
			return
		}
		for i := range m.Surfaces {
			m.Surfaces[i] = s.View()
		}
		// Registers from the input itself, so that the fuzzer steers them.
		j := 0
		for _, v := range m.Regs.Vars {
			for i := range v {
				v[i] = b[j%len(b)]
				j++
			}
		}
		for i := range m.Regs.Preds {
			m.Regs.Preds[i] = uint32(b[i%len(b)]) * 0x01010101
		}
		m.Regs.Dispatch = uint32(len(b)) * 0x9e3779b9
		for i := range k.Insts {
			m.Exec(i) // errors are fine; panics are not
		}
	})
}
