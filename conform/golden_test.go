package conform

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
)

const goldenFile = "testdata/golden.jsonl.gz"

func readGoldenFile(t *testing.T) *Golden {
	t.Helper()
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ReadGolden(f)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGolden checks texunit against lavapipe's recorded answers: every
// case must be within its category's tolerance, exactly as in a live run.
func TestGolden(t *testing.T) {
	g := readGoldenFile(t)
	if !strings.Contains(g.Driver, "Mesa") {
		t.Errorf("driver %q does not name the Mesa version", g.Driver)
	}
	rep := CheckGolden(g, 2, false)
	for _, e := range rep.Errors {
		t.Error(e)
	}
	for i, f := range rep.Failures {
		if i == 20 {
			t.Errorf("… %d more failures", len(rep.Failures)-i)
			break
		}
		t.Errorf("case %s %s: %s err %.3g > tol %.3g models %v\n  query %s\n  oracle %v texunit %v",
			f.Case, f.Category, f.Note, f.Err, f.Tol, f.Models, f.Query, f.Oracle, f.Texunit)
	}
	if rep.Cases != g.Cases || rep.Cases < 3000 {
		t.Errorf("checked %d cases, the file records %d (want several thousand)", rep.Cases, g.Cases)
	}
	// Every category must be exercised, and most of its checks compared.
	seen := map[string]CategoryStats{}
	for _, st := range rep.Stats {
		seen[st.Category] = st
	}
	for _, c := range Categories {
		st, ok := seen[c]
		if !ok || st.Cases == 0 {
			t.Errorf("category %s: no checks in the golden vectors", c)
			continue
		}
		if st.Excluded*4 > st.Cases {
			t.Errorf("category %s: %d of %d checks excluded", c, st.Excluded, st.Cases)
		}
	}
	var b strings.Builder
	rep.WriteText(&b, false)
	t.Logf("golden vectors from %s:\n%s", g.Driver, b.String())
}

// TestGoldenRoundTrip checks that WriteGolden and ReadGolden are inverse.
func TestGoldenRoundTrip(t *testing.T) {
	g := readGoldenFile(t)
	var buf bytes.Buffer
	if err := WriteGolden(&buf, g); err != nil {
		t.Fatal(err)
	}
	h, err := ReadGolden(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if h.Seed != g.Seed || h.Cases != g.Cases || h.Driver != g.Driver || !reflect.DeepEqual(h.Groups, g.Groups) ||
		!reflect.DeepEqual(h.Decode.Lavapipe, g.Decode.Lavapipe) {
		t.Error("golden file does not round-trip")
	}
	// Recorded outputs print back to the same text.
	for _, gg := range g.Groups[:10] {
		out, err := ParseOutput([]byte(gg.Output))
		if err != nil {
			t.Fatal(err)
		}
		if got := outputText(out); got != gg.Output {
			t.Errorf("group %d: output text does not round-trip", gg.Group)
		}
	}
}

func TestReadGoldenErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"not gzip", "{\"format\": 1, \"seed\": 2}", "gzip: invalid header"},
	} {
		if _, err := ReadGolden(strings.NewReader(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
	}
	g := readGoldenFile(t)
	var buf bytes.Buffer
	g.Groups = g.Groups[:2]
	if err := WriteGolden(&buf, g); err != nil {
		t.Fatal(err)
	}
	full := buf.Bytes()
	// A truncated file is an error, not a short golden set.
	if _, err := ReadGolden(bytes.NewReader(full[:len(full)/2])); err == nil {
		t.Error("truncated golden file read without error")
	}
}
