package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestConformUsage(t *testing.T) {
	if code, out, errs := runCmd(t, "", "conform", "-h"); code != 0 || !strings.Contains(out, "Usage: texunit conform") || errs != "" {
		t.Errorf("-h: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, args := range [][]string{
		{"conform", "-bogus"},
		{"conform", "-n", "0"},
		{"conform", "-seed", "x"},
		{"conform", "-request"},
		{"conform", "-case", "1.x"},
		{"conform", "extra"},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestConformMissingOracle(t *testing.T) {
	code, out, errs := runCmd(t, "", "conform", "-n", "10", "-seed", "77", "-oracle", "/nonexistent/texoracle")
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.HasPrefix(out, "seed 77\n") {
		t.Errorf("stdout %q does not start with the seed", out)
	}
	if !strings.Contains(errs, "oracle not available") {
		t.Errorf("stderr %q does not say the oracle is missing", errs)
	}
}

func TestConformRequest(t *testing.T) {
	code, out, _ := runCmd(t, "", "conform", "-seed", "5", "-case", "3", "-request")
	if code != 0 || !strings.HasPrefix(out, "# texunit conform group 3 ") || !strings.Contains(out, "\ntexture type=") {
		t.Errorf("exit %d, output %q", code, out)
	}
	// The same group whatever else the run holds.
	_, again, _ := runCmd(t, "", "conform", "-seed", "5", "-case", "3.1", "-request", "-n", "7")
	if again != out {
		t.Error("-case 3.1 -request prints another group than -case 3")
	}
}

// TestConformLive runs a small batch and a hand-written request against
// the oracle named by TEXUNIT_ORACLE.
func TestConformLive(t *testing.T) {
	path := os.Getenv("TEXUNIT_ORACLE")
	if path == "" {
		t.Skip("TEXUNIT_ORACLE is not set")
	}
	code, out, errs := runCmd(t, "", "conform", "-n", "80", "-seed", "9", "-oracle", path, "-json")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	first, rest, _ := strings.Cut(out, "\n")
	if first != "seed 9" {
		t.Errorf("first line %q", first)
	}
	var rep struct {
		Cases      int `json:"cases"`
		Categories []struct {
			Category string `json:"category"`
			Cases    int    `json:"cases"`
		} `json:"categories"`
		Failures []any `json:"failures"`
	}
	if err := json.Unmarshal([]byte(rest), &rep); err != nil {
		t.Fatalf("JSON report: %v\n%s", err, rest)
	}
	if rep.Cases < 80 || len(rep.Categories) == 0 || len(rep.Failures) != 0 {
		t.Errorf("report %+v", rep)
	}
	req := "texture type=2d format=R8G8B8A8_UNORM width=4 height=4 levels=3\ndata coords\n" +
		"sampler mag=linear min=linear mip=linear\nlod p=0.3,0.6 lod=0.5\nfetch t=1,2 level=1\n" +
		"tex p=0.5,0.5 dx=0.25,0 dy=0,0.25\n"
	code, out, errs = runCmd(t, req, "conform", "-req", "-", "-oracle", path)
	if code != 0 || !strings.Contains(out, "ok 0.2 tex") {
		t.Errorf("-req: exit %d\n%s\n%s", code, out, errs)
	}
}
