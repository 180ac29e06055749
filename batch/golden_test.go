package batch

import (
	"bytes"
	"context"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.out.jsonl from the current output")

// TestGolden runs testdata/golden.jsonl, a job of every kind of operation,
// surface and option (and a few bad ones), and compares the output with
// testdata/golden.out.jsonl byte for byte. See testdata/README.md.
func TestGolden(t *testing.T) {
	in, err := os.ReadFile("testdata/golden.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	st, err := Run(context.Background(), bytes.NewReader(in), &out, Options{Workers: 4, Window: 5})
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("testdata/golden.out.jsonl", out.Bytes(), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/golden.out.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(out.String(), "\n")
	wantLines := strings.Split(string(want), "\n")
	for i := 0; i < max(len(got), len(wantLines)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Errorf("result line %d:\ngot  %s\nwant %s", i+1, g, w)
		}
	}
	if st.Jobs != 46 || st.Failed != 6 || st.LaneErrors != 3 {
		t.Errorf("stats %+v, want 46 jobs, 6 failed, 3 lane errors", st)
	}
}
