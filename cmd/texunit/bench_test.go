package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestBenchJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"bench", "--workloads", "W1,fetch,W10", "--threads", "1,2", "--json", "-grid", "64x16", "-k", "2", "-reps", "1"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines, want 6:\n%s", len(lines), out.String())
	}
	want := []struct {
		w string
		t int
	}{{"W1", 1}, {"W1", 2}, {"W8", 1}, {"W8", 2}, {"W10", 1}, {"W10", 2}}
	for i, l := range lines {
		var r struct {
			Workload string    `json:"workload"`
			Threads  int       `json:"threads"`
			MSamples float64   `json:"msamples_per_s"`
			Samples  int64     `json:"samples"`
			Checksum float64   `json:"checksum"`
			NetAll   []float64 `json:"net_ms_all"`
			Stable   bool      `json:"stable"`
			TooShort bool      `json:"too_short"`
			Notes    []string  `json:"notes"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Workload != want[i].w || r.Threads != want[i].t || r.MSamples <= 0 || r.Samples != 128*8*2 || r.Checksum <= 0 ||
			len(r.NetAll) != 1 || !r.Stable || r.TooShort != (len(r.Notes) > 0) {
			t.Errorf("line %d: %+v", i, r)
		}
	}
}

// TestBenchTable checks the table's header and rows, and that a time too
// short to measure is flagged rather than turned into a figure.
func TestBenchTable(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"bench", "-workloads", "W8", "-threads", "1", "-grid", "32x2", "-k", "1", "-reps", "3"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "median of 3 passes") || !strings.Contains(lines[1], "spread") {
		t.Fatalf("table:\n%s", out.String())
	}
	f := strings.Fields(lines[2])
	if f[0] != "W8" || f[1] != "fetch" || f[2] != "1" || f[3] != "?" || !strings.Contains(lines[2], "too short to measure") {
		t.Errorf("row %q", lines[2])
	}
	if errb.Len() != 0 { // progress only on a terminal
		t.Errorf("stderr %q", errb.String())
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

// fakeTexbench writes a shell script that prints texbench -j lines (or
// fails as told) and returns its path.
func fakeTexbench(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "texbench")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBenchAgainst(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	good := fakeTexbench(t, `echo '{"type":"machine","cpu":"x"}'
echo '{"type":"result","workload":"W1","threads":1,"msamples_per_s":2.5,"net_ms":40,"spread":0.02,"checksum":1e6}'
echo '{"type":"result","workload":"W8","threads":1,"msamples_per_s":-55.9,"net_ms":-0.147,"spread":0}'`)
	var out, errb bytes.Buffer
	code := run([]string{"bench", "-workloads", "W1,W8", "-threads", "1", "-grid", "64x16", "-k", "2", "-reps", "1", "-against", good}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[1], "lavapipe") || !strings.Contains(lines[2], "2.5") || !strings.Contains(lines[2], "-1.0e+00") ||
		!strings.Contains(lines[3], "lavapipe's net time -0.147 ms is too short to measure") || strings.Contains(lines[3], "-55.9") {
		t.Errorf("table:\n%s", out.String())
	}
}

// TestBenchAgainstPartial checks that when one of texbench's configurations
// fails (it exits 1 after printing the others), the rows it has still get
// their lavapipe figures and the failure is reported.
func TestBenchAgainstPartial(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	partial := fakeTexbench(t, `echo '{"type":"machine","cpu":"x"}'
echo '{"type":"result","workload":"W1","threads":1,"msamples_per_s":2.5,"net_ms":40,"spread":0.02}'
echo '{"type":"result","workload":"W1","threads":2,"lp_num_threads":null,"gallivm_perf":"","error":"child failed"}'
exit 1`)
	var out, errb bytes.Buffer
	code := run([]string{"bench", "-workloads", "W1", "-threads", "1,2", "-grid", "64x16", "-k", "2", "-reps", "1", "-against", partial}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[2], "2.5") || !strings.Contains(errb.String(), "texbench failed for W1 with 2 threads (child failed)") {
		t.Errorf("table:\n%s\nstderr: %s", out.String(), errb.String())
	}
}

func TestBenchUsage(t *testing.T) {
	dir := t.TempDir()
	notExec := filepath.Join(dir, "texbench")
	if err := os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	failing := fakeTexbench(t, `echo "texbench: error: unknown workload 'W9' (-l lists them)" >&2; exit 1`)
	quick := []string{"-grid", "64x16", "-k", "1", "-reps", "1", "-workloads", "W1"}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bench", "-l"}, 0, "W6  cube_trilinear"},
		{[]string{"bench", "-l"}, 0, "W10 bc1_trilinear"},
		{[]string{"bench", "-h"}, 0, "Engine.Execute"},
		{[]string{"bench", "-workloads", "W11"}, 2, `workload "W11": unknown`},
		{[]string{"bench", "-threads", "0"}, 2, `"0" is not a thread count`},
		{[]string{"bench", "-grid", "10x10"}, 2, "grid width 10"},
		{[]string{"bench", "-grid", "big"}, 2, `"big" is not WxH`},
		{[]string{"bench", "extra"}, 2, `unexpected argument "extra"`},
		{append([]string{"bench", "-cpuprofile", "/nonexistent/dir/cpu.pprof"}, quick...), 1, "-cpuprofile: open /nonexistent/dir/cpu.pprof"},
		{append([]string{"bench", "-against", "/nonexistent/texbench"}, quick...), 1,
			"bench: -against: texbench binary /nonexistent/texbench does not exist (build it with \"make -C ../shared/oracle texbench\")\n"},
		{append([]string{"bench", "-against", dir}, quick...), 1, "is a directory\n"},
		{append([]string{"bench", "-against", notExec}, quick...), 1, "is not executable\n"},
		{append([]string{"bench", "-against", failing}, quick...), 1, "failed (exit status 1): texbench: error: unknown workload 'W9' (-l lists them)\n"},
	} {
		var out, errb bytes.Buffer
		code := run(c.args, nil, &out, &errb)
		if code != c.code || !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("%v: exit %d, output %q %q; want exit %d and %q", c.args, code, out.String(), errb.String(), c.code, c.want)
		}
	}
}

// TestBenchRounds checks -against's row-by-row runs and -rounds: texbench
// runs once a row and round, for that row's workload and threads alone,
// each time just before texunit's run; the row shown is the round whose
// ratio is the median of the rounds' (in the JSON, with every round's
// figure and ratio), and the table notes the ratios' range.
func TestBenchRounds(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "calls")
	// Each call logs its arguments and reports 1, 2, 3, 1, 2, 3, … M/s.
	tb := fakeTexbench(t, `echo "$*" >> `+log+`
n=$(wc -l < `+log+`)
f=$(( (n - 1) % 3 + 1 ))
echo '{"type":"machine","cpu":"x"}'
for w in W1 W8; do for th in 1 2; do
echo '{"type":"result","workload":"'$w'","threads":'$th',"msamples_per_s":'$f',"net_ms":40,"spread":0.02,"checksum":1e6}'
done; done`)
	var out, errb bytes.Buffer
	// A grid long enough that texunit's time is measurable (a ratio needs it).
	code := run([]string{"bench", "-workloads", "W1,W8", "-threads", "1", "-grid", "256x128", "-k", "64", "-reps", "1", "-against", tb, "-rounds", "3", "-json"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	calls, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	cl := strings.Split(strings.TrimSpace(string(calls)), "\n")
	if len(cl) != 6 || !strings.Contains(cl[0], "-w W1 -T 1 ") || !strings.Contains(cl[2], "-w W1 -T 1 ") || !strings.Contains(cl[3], "-w W8 -T 1 ") {
		t.Fatalf("texbench calls:\n%s", calls)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for i, l := range lines {
		var r struct {
			MSamples      float64   `json:"msamples_per_s"`
			Lavapipe      float64   `json:"lavapipe_msamples_per_s"`
			Ratio         float64   `json:"ratio"`
			Rounds        int       `json:"rounds"`
			RoundMSamples []float64 `json:"round_msamples_per_s"`
			RoundRatios   []float64 `json:"round_ratios"`
			Notes         []string  `json:"notes"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Rounds != 3 || len(r.RoundMSamples) != 3 || len(r.RoundRatios) != 3 {
			t.Fatalf("line %d: %+v", i, r)
		}
		// The rounds' lavapipe figures were 1, 2 and 3: each ratio is
		// texunit's figure over that round's.
		for k, lpf := range []float64{1, 2, 3} {
			if got := r.RoundRatios[k]; got != r.RoundMSamples[k]/lpf {
				t.Errorf("line %d round %d: ratio %g, figure %g over %g", i, k, got, r.RoundMSamples[k], lpf)
			}
		}
		sorted := slices.Clone(r.RoundRatios)
		slices.Sort(sorted)
		if r.Ratio != sorted[1] || r.Ratio != r.MSamples/r.Lavapipe {
			t.Errorf("line %d: ratio %g, the rounds' %v (median %g)", i, r.Ratio, r.RoundRatios, sorted[1])
		}
		if len(r.Notes) == 0 || !strings.Contains(r.Notes[0], "3 rounds: ratio ") {
			t.Errorf("line %d: notes %q", i, r.Notes)
		}
	}
	// The table's note; -rounds out of range.
	out.Reset()
	errb.Reset()
	if code := run([]string{"bench", "-workloads", "W1", "-threads", "1", "-grid", "64x16", "-k", "2", "-reps", "1", "-rounds", "2"}, nil, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "2 rounds: ") || !strings.Contains(out.String(), " M/s") {
		t.Errorf("exit %d, table:\n%s%s", code, out.String(), errb.String())
	}
	errb.Reset()
	if code := run([]string{"bench", "-rounds", "0"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "-rounds: 0 is out of range (1..100)") {
		t.Errorf("-rounds 0: exit %d, %q", code, errb.String())
	}
}
