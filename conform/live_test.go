package conform

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// oraclePath returns $TEXUNIT_ORACLE or skips the test.
func oraclePath(t *testing.T) string {
	t.Helper()
	p := os.Getenv("TEXUNIT_ORACLE")
	if p == "" {
		t.Skip("TEXUNIT_ORACLE is not set (path of the texoracle binary)")
	}
	if err := (&Oracle{Path: p}).Check(); err != nil {
		t.Skipf("TEXUNIT_ORACLE: %v", err)
	}
	return p
}

// oracleDump runs "texoracle -d" on the texture and data lines of a request
// and returns the stream it generates.
func oracleDump(t *testing.T, path, request string) []byte {
	t.Helper()
	cmd := exec.Command(path, "-d")
	cmd.Stdin = strings.NewReader(request)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("texoracle -d: %v", err)
	}
	var b []byte
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		_, data, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("dump line %q", line)
		}
		raw, err := hex.DecodeString(strings.Join(strings.Fields(data), ""))
		if err != nil {
			t.Fatalf("dump line %q: %v", line, err)
		}
		b = append(b, raw...)
	}
	return b
}

// TestLiveStreams checks the data generators against the oracle's own dump.
func TestLiveStreams(t *testing.T) {
	path := oraclePath(t)
	for id := 0; id < 40; id++ {
		g := GenerateGroup(7, id, GenOptions{})
		g.Queries = nil
		req, err := RequestText(g)
		if err != nil {
			t.Fatal(err)
		}
		want := oracleDump(t, path, req)
		got, err := Stream(&g.Tex)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			n := 0
			for n < len(got) && n < len(want) && got[n] == want[n] {
				n++
			}
			t.Errorf("group %d (%s %s %v): stream differs from the oracle's dump at byte %d of %d/%d",
				id, g.Tex.Type.Name, g.Tex.Format, g.Tex.Data.Mode, n, len(got), len(want))
		}
	}
}

// TestLiveBatch runs a small conformance batch against the oracle.
func TestLiveBatch(t *testing.T) {
	path := oraclePath(t)
	if testing.Short() {
		t.Skip("-short")
	}
	cfg := &Config{Seed: 20240601, N: 300, Oracle: &Oracle{Path: path}}
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.WriteText(&b, true)
	t.Log("\n" + b.String())
	if rep.Cases < 300 {
		t.Errorf("ran %d cases, want ≥ 300", rep.Cases)
	}
	if rep.Failed() {
		t.Errorf("%d checks out of tolerance, %d group errors", len(rep.Failures), len(rep.Errors))
	}
}
