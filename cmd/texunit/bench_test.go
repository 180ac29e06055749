package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBenchJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"bench", "--workloads", "W1,fetch", "--threads", "1,2", "--json", "-grid", "64x16", "-k", "2", "-reps", "1"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4:\n%s", len(lines), out.String())
	}
	want := []struct {
		w string
		t int
	}{{"W1", 1}, {"W1", 2}, {"W8", 1}, {"W8", 2}}
	for i, l := range lines {
		var r struct {
			Workload string  `json:"workload"`
			Threads  int     `json:"threads"`
			MSamples float64 `json:"msamples_per_s"`
			Samples  int64   `json:"samples"`
			Checksum float64 `json:"checksum"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Workload != want[i].w || r.Threads != want[i].t || r.MSamples <= 0 || r.Samples != 128*8*2 || r.Checksum <= 0 {
			t.Errorf("line %d: %+v", i, r)
		}
	}
}

func TestBenchCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.pprof")
	var out, errb bytes.Buffer
	if code := run([]string{"bench", "-workloads", "W1", "-threads", "1", "-grid", "64x16", "-k", "2", "-reps", "1", "-cpuprofile", path}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b { // pprof profiles are gzipped protobuf
		t.Errorf("%s is not a gzipped profile (%d bytes)", path, len(b))
	}
}

func TestBenchUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bench", "-l"}, 0, "W6  cube_trilinear"},
		{[]string{"bench", "-workloads", "W9"}, 2, `workload "W9": unknown`},
		{[]string{"bench", "-threads", "0"}, 2, `"0" is not a thread count`},
		{[]string{"bench", "-grid", "10x10"}, 2, "grid width 10"},
		{[]string{"bench", "-grid", "big"}, 2, `"big" is not WxH`},
		{[]string{"bench", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"bench", "-cpuprofile", "/nonexistent/dir/cpu.pprof", "-grid", "64x16", "-k", "1", "-reps", "1", "-workloads", "W1"}, 1, "-cpuprofile: open /nonexistent/dir/cpu.pprof"},
		{[]string{"bench", "-against", "/nonexistent/texbench", "-grid", "64x16", "-k", "1", "-reps", "1", "-workloads", "W1"}, 1, "/nonexistent/texbench"},
	} {
		var out, errb bytes.Buffer
		code := run(c.args, nil, &out, &errb)
		if code != c.code || !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("%v: exit %d, output %q %q; want exit %d and %q", c.args, code, out.String(), errb.String(), c.code, c.want)
		}
	}
}
