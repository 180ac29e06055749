package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	batchOK       = `{"id": 1, "surface": {"type": "2d", "format": "r8_unorm", "width": 8, "height": 4}, "op": "resinfo", "lanes": [{}]}`
	batchOKOut    = `{"id":1,"results":[[8,4,0,4]],"bits":[["00000008","00000004","00000000","00000004"]],"resident":[true]}`
	batchBadJob   = `{"id": 2, "surface": {"type": "2d", "format": "r9", "width": 8}, "op": "resinfo", "lanes": [{}]}`
	batchDefine   = `{"define": "t", "surface": {"type": "2d", "format": "r8_unorm", "width": 8, "height": 4}}`
	batchNamed    = `{"id": 1, "surface": "t", "op": "resinfo", "lanes": {"level": [0]}}`
	batchR9Hint   = ` (did you mean r8_unorm, r8g8_unorm, r8g8b8a8_unorm, r8g8b8a8_srgb, r8g8b8a8_snorm, r8g8b8a8_uint? Vulkan's format names without VK_FORMAT_; \"texunit formats\" lists all 256)`
	batchLaneFail = `{"id": 3, "surface": {"type": "2d", "format": "r8_unorm", "width": 8}, "op": "fetch", "lanes": [{"texel": [0, 0], "offset": [8]}]}`
)

func TestBatch(t *testing.T) {
	dir := t.TempDir()
	jobs := filepath.Join(dir, "jobs.jsonl")
	if err := os.WriteFile(jobs, []byte(batchOK+"\n\n"+batchOK+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		args     []string
		stdin    string
		code     int
		stdout   string // exact, unless "" (then only checked to be empty when code is 2)
		inStderr string
	}{
		{"stdin to stdout", []string{"batch"}, batchOK + "\n", 0, batchOKOut + "\n", ""},
		{"explicit -i - -o -", []string{"batch", "-i", "-", "-o", "-", "-j", "1"}, batchOK, 0, batchOKOut + "\n", ""},
		{"empty input", []string{"batch"}, "", 0, "", ""},
		{"-i file", []string{"batch", "-i", jobs, "-j", "3"}, "", 0, batchOKOut + "\n" + batchOKOut + "\n", ""},
		{"a job fails", []string{"batch"}, batchOK + "\n" + batchBadJob + "\n", 1,
			batchOKOut + "\n" + `{"id":2,"error":"surface.format: unknown format \"r9\" (did you mean r8_unorm, r8g8_unorm, r8g8b8a8_unorm, r8g8b8a8_srgb, r8g8b8a8_snorm, r8g8b8a8_uint? Vulkan's format names without VK_FORMAT_; \"texunit formats\" lists all 256)"}` + "\n",
			"texunit batch: 1 of 2 jobs failed, 0 lane errors"},
		{"a lane fails", []string{"batch"}, batchLaneFail + "\n" + batchOK + "\n", 1,
			`{"id":3,"results":[null],"bits":[null],"resident":[null],"errors":["lane 0: offset[0]: 8 is out of range (-8..7)"]}` + "\n" + batchOKOut + "\n",
			"texunit batch: 0 of 2 jobs failed, 1 lane error"},
		{"malformed JSON", []string{"batch"}, "\n{\n", 1, `{"error":"line 2: invalid JSON: unexpected end of line"}` + "\n", "1 of 1 jobs failed"},
		{"-bits=false", []string{"batch", "-bits=false"}, batchOK + "\n", 0, `{"id":1,"results":[[8,4,0,4]],"resident":[true]}` + "\n", ""},
		{"a definition and a job naming it", []string{"batch"}, batchDefine + "\n" + batchNamed + "\n", 0, batchOKOut + "\n", ""},
		{"a definition fails", []string{"batch", "-bits=false"}, `{"define": "t", "surface": {"type": "2d", "format": "r9", "width": 8}}` + "\n" + batchNamed + "\n", 1,
			`{"id":1,"error":"surface: \"t\": its definition on line 1 failed: surface.format: unknown format \"r9\"` + batchR9Hint + `"}` + "\n",
			"texunit batch: line 1: define \"t\": surface.format: unknown format \"r9\"" + strings.ReplaceAll(batchR9Hint, `\"`, `"`) + "\ntexunit batch: 1 of 1 jobs failed, 0 lane errors, 1 of 1 definition failed\n"},
		{"-h", []string{"batch", "-h"}, "", 0, "", ""},
		{"bad flag", []string{"batch", "-x"}, "", 2, "", "flag provided but not defined: -x"},
		{"argument", []string{"batch", "jobs.jsonl"}, "", 2, "", `unexpected argument "jobs.jsonl"`},
		{"-j -1", []string{"batch", "-j", "-1"}, "", 2, "", "-j -1: must be 0 (one per CPU) to 256"},
		{"-j 1000000", []string{"batch", "-j", "1000000"}, "", 2, "", "-j 1000000: must be 0 (one per CPU) to 256"},
		{"-max-bytes x", []string{"batch", "-max-bytes", "lots"}, "", 2, "", `invalid value "lots" for flag -max-bytes`},
		{"-files missing", []string{"batch", "-files", filepath.Join(dir, "nope")}, "", 2, "", "texunit batch: -files "},
		{"-o and -resume", []string{"batch", "-o", "a.jsonl", "-resume", "b.jsonl"}, "", 2, "", "-resume appends to its own file"},
		{"-j x", []string{"batch", "-j", "x"}, "", 2, "", `invalid value "x" for flag -j`},
		{"missing -i", []string{"batch", "-i", filepath.Join(dir, "nope.jsonl")}, "", 2, "", "texunit batch: -i: open "},
		{"-i directory", []string{"batch", "-i", dir}, "", 2, "", "is a directory"},
		{"-o in a missing directory", []string{"batch", "-o", filepath.Join(dir, "no", "out.jsonl")}, batchOK, 2, "", "texunit batch: -o: open "},
		{"-o is -i", []string{"batch", "-i", jobs, "-o", jobs}, "", 2, "", "is the input file"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tc.name, code, tc.code, stderr.String())
		}
		if tc.name == "-h" {
			if !strings.HasPrefix(stdout.String(), "Usage: texunit batch") || stderr.Len() != 0 {
				t.Errorf("-h: stdout %q, stderr %q", stdout.String(), stderr.String())
			}
			continue
		}
		if stdout.String() != tc.stdout {
			t.Errorf("%s: stdout\n%s\nwant\n%s", tc.name, stdout.String(), tc.stdout)
		}
		if !strings.Contains(stderr.String(), tc.inStderr) || (tc.inStderr == "" && stderr.Len() != 0) {
			t.Errorf("%s: stderr %q, want it to contain %q", tc.name, stderr.String(), tc.inStderr)
		}
	}
	if b, _ := os.ReadFile(jobs); !strings.HasPrefix(string(b), batchOK) {
		t.Errorf("the input file was changed: %q", b)
	}
}

func TestBatchOutputFile(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	var jobs strings.Builder
	for range 50 {
		jobs.WriteString(batchOK + "\n")
	}
	if err := os.WriteFile(in, []byte(jobs.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte("old contents that are longer than the new ones\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"batch", "-i", in, "-o", out, "-j", "2"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if stdout.Len() != 0 || stderr.Len() != 0 {
		t.Errorf("stdout %q, stderr %q, want nothing", stdout.String(), stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Repeat(batchOKOut+"\n", 50); string(b) != want {
		t.Errorf("output file:\n%s", b)
	}
}

// A write error part-way (a full disk) is exit status 1.
func TestBatchWriteError(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"batch", "-o", "/dev/full"}, strings.NewReader(batchOK+"\n"), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "writing output: ") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

func TestBatchListed(t *testing.T) {
	var stdout bytes.Buffer
	run([]string{"-h"}, nil, &stdout, &stdout)
	if !strings.Contains(stdout.String(), "batch      run JSON Lines sampling jobs (stdin → stdout)") {
		t.Errorf("usage does not list batch:\n%s", stdout.String())
	}
}

// TestBatchReadme runs the commands of the README's batch section as
// written (from the repository's root) and compares what they print.
func TestBatchReadme(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "## The batch protocol: `texunit batch`")
	if !ok {
		t.Fatal("README: no batch section")
	}
	_, block, _ := strings.Cut(section, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	t.Chdir("../..")
	commands := 0
	for _, cmd := range strings.Split(block, "$ ")[1:] {
		line, want, _ := strings.Cut(cmd, "\n")
		line, _, _ = strings.Cut(line, "#")
		args := strings.Fields(line)
		var got string
		switch {
		case len(args) == 2 && args[0] == "cat":
			b, err := os.ReadFile(args[1])
			if err != nil {
				t.Fatal(err)
			}
			got = string(b)
		case len(args) > 3 && strings.Join(args[:3], " ") == "go run ./cmd/texunit":
			var stdout, stderr bytes.Buffer
			if code := run(args[3:], strings.NewReader(""), &stdout, &stderr); code != 0 && !strings.Contains(stderr.String(), "lane error") {
				t.Errorf("%s: exit %d: %s", line, code, stderr.String())
			}
			got = stdout.String()
		default:
			t.Fatalf("README: a command the test does not know: %q", line)
		}
		if got != want {
			t.Errorf("%s:\ngot\n%s\nwant (README)\n%s", line, got, want)
		}
		commands++
	}
	if commands != 4 {
		t.Errorf("%d commands in the README's batch section, want 4", commands)
	}
}

// -resume completes an output cut off after some jobs of a stream with
// definitions: the resumed run still builds them for the jobs it runs.
func TestBatchResumeDefinitions(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	var jobs strings.Builder
	for i := range 30 {
		if i%10 == 0 {
			fmt.Fprintf(&jobs, `{"define": "t%d", "surface": {"type": "2d", "format": "r8_unorm", "width": %d, "height": 4}}`+"\n", i, 8+i)
		}
		fmt.Fprintf(&jobs, `{"id": %d, "surface": "t%d", "op": "resinfo", "bits": false, "lanes": {"level": [0, 1]}}`+"\n", i, i/10*10)
	}
	if err := os.WriteFile(in, []byte(jobs.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"batch", "-i", in, "-o", out, "-j", "3"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	full, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(full), "\n"); n != 30 || strings.Contains(string(full), "error") {
		t.Fatalf("%d lines:\n%s", n, full)
	}
	for _, cut := range []int{0, 1, len(full) / 3, len(full)/2 + 5, len(full) - 1} {
		if err := os.WriteFile(out, full[:cut], 0o666); err != nil {
			t.Fatal(err)
		}
		stderr.Reset()
		if code := run([]string{"batch", "-i", in, "-resume", out, "-j", "2"}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("cut %d: exit %d, stderr %q", cut, code, stderr.String())
		}
		if b, _ := os.ReadFile(out); !bytes.Equal(b, full) {
			t.Errorf("cut %d: resumed output differs:\n%s", cut, b)
		}
	}
}

// TestBatchCacheFlags runs -cache and -memtrace on the v2 example: each
// result gets its cache counts, the trace has one line per miss, and the
// totals go to stderr; -memtrace without -cache and a bad -cache are usage
// errors.
func TestBatchCacheFlags(t *testing.T) {
	dir := t.TempDir()
	trace, out := filepath.Join(dir, "m.trace"), filepath.Join(dir, "r.jsonl")
	var stdout, stderr bytes.Buffer
	code := run([]string{"batch", "-files", "../..", "-i", "../../examples/batch/v2.jsonl", "-cache", "4KiB/64/4", "-memtrace", trace, "-o", out}, nil, &stdout, &stderr)
	if code != 0 || !strings.Contains(stderr.String(), "cache 4KiB 64B lines 4-way lru, each job starting empty:") {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	res, _ := os.ReadFile(out)
	tr, _ := os.ReadFile(trace)
	misses := 0
	for _, l := range strings.Split(strings.TrimSpace(string(res)), "\n") {
		var r struct{ Cache struct{ Misses int } }
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		misses += r.Cache.Misses
	}
	if n := strings.Count(string(tr), " R\n"); n != misses || misses == 0 {
		t.Errorf("%d trace lines, %d misses", n, misses)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "-memtrace", trace}, "-memtrace needs -cache"},
		{[]string{"batch", "-cache", "12KiB/64/3/plru"}, "-cache: texcache: cache.ways: 3"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, strings.NewReader(""), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, stderr.String())
		}
	}
}

// TestBatchYCbCrExample runs examples/batch/ycbcr.jsonl, whose output
// docs/FORMATS.md shows.
func TestBatchYCbCrExample(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"batch", "-files", "../..", "-i", "../../examples/batch/ycbcr.jsonl"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	doc, err := os.ReadFile("../../docs/FORMATS.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		if !strings.Contains(string(doc), line+"\n") {
			t.Errorf("docs/FORMATS.md does not show %s", line)
		}
	}
}
