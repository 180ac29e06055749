package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/texunit/texunit/budget"
)

// fetchJob is a job that fetches the first bytes of a 1D r8_uint surface
// whose data is the file name: it would print the file's bytes.
func fetchJob(id, data string) string {
	return `{"id": "` + id + `", "surface": {"type": "1d", "format": "r8_uint", "width": 8, "levels": 1, "data": ` + data + `}, "op": "fetch", "lanes": [{"texel": [0], "level": 0}]}`
}

// runBatch runs lines through Run with opts and returns the result lines.
func runBatch(t *testing.T, opts Options, lines ...string) ([]string, Stats) {
	t.Helper()
	var out bytes.Buffer
	st, err := Run(context.Background(), strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for i, l := range got {
		if !json.Valid([]byte(l)) || !utf8.ValidString(l) {
			t.Errorf("result line %d is not valid JSON: %q", i, l)
		}
	}
	return got, st
}

// Files reads regular files under its directory only; every refusal says
// nothing about the file it names.
func TestFilesConfined(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(dir, "secret")
	os.WriteFile(secret, []byte("SECRET-CONTENT"), 0o644)
	os.WriteFile(filepath.Join(root, "ok.bin"), []byte("12345678"), 0o644)
	os.WriteFile(filepath.Join(root, "sub", "ok.bin"), []byte("abcdefgh"), 0o644)
	if err := os.Symlink(secret, filepath.Join(root, "out-link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../secret", filepath.Join(root, "rel-link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("ok.bin", filepath.Join(root, "in-link")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := OpenFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	for _, tc := range []struct {
		name, want string // want: the bytes, or a piece of the error
	}{
		{"ok.bin", "12345678"},
		{"sub/ok.bin", "abcdefgh"},
		{"./sub/../ok.bin", "outside"}, // no ".." at all
		{filepath.Join(root, "ok.bin"), "12345678"},
		{"in-link", "12345678"},
		{secret, "outside"},
		{"/etc/passwd", "outside"},
		{"../secret", "outside"},
		{"sub/../../secret", "outside"},
		{"out-link", "outside"},
		{"rel-link", "outside"},
		{"fifo", "not a regular file"},
		{"sub", "is a directory"},
		{"missing", "no such file"},
		{"/dev/zero", "outside"},
	} {
		mem := budget.New(1 << 20)
		b, err := files.ReadFile(tc.name, mem)
		got := string(b)
		if err != nil {
			got = err.Error()
			if mem.Used() != 0 {
				t.Errorf("%s: %d bytes left reserved after an error", tc.name, mem.Used())
			}
		} else if mem.Used() != int64(len(b)) {
			t.Errorf("%s: %d bytes reserved for %d read", tc.name, mem.Used(), len(b))
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
		if strings.Contains(got, "SECRET") || strings.Contains(got, "14 bytes") {
			t.Errorf("%s: the error reveals the file: %q", tc.name, got)
		}
	}
	// A file larger than the budget is refused before it is read.
	if _, err := files.ReadFile("ok.bin", budget.New(4)); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("8 bytes in a budget of 4: %v", err)
	}
	if _, err := NoFiles().ReadFile("ok.bin", nil); err == nil || !strings.Contains(err.Error(), "file access is off") {
		t.Errorf("NoFiles: %v", err)
	}
}

// A batch job cannot read a file outside the files directory, and the jobs
// around it are answered.
func TestBatchFilesOutside(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "ok.bin"), []byte("12345678"), 0o644)
	files, err := OpenFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	good := fetchJob("good", `{"hash": {"seed": 1}}`)
	lines, st := runBatch(t, Options{Workers: 2, Worker: Worker{Files: files}},
		good,
		fetchJob("passwd", `{"file": "/etc/passwd"}`),
		fetchJob("image", `{"image": "/etc/passwd"}`),
		fetchJob("dotdot", `{"file": "../ok.bin"}`),
		fetchJob("zero", `{"file": "/dev/zero"}`),
		fetchJob("ok", `{"file": "ok.bin"}`),
		good,
	)
	if len(lines) != 7 || st.Failed != 4 {
		t.Fatalf("%d lines, %d failed:\n%s", len(lines), st.Failed, strings.Join(lines, "\n"))
	}
	for i, l := range lines {
		switch i {
		case 1, 2, 3, 4:
			if !strings.Contains(l, `"error":"surface.data.`) || !strings.Contains(l, "outside") || strings.Contains(l, "root:") {
				t.Errorf("line %d: %s", i, l)
			}
		case 5:
			if !strings.Contains(l, `"results":[[49,0,0,1]]`) {
				t.Errorf("the file inside: %s", l)
			}
		default:
			if !strings.Contains(l, `"results"`) {
				t.Errorf("line %d: %s", i, l)
			}
		}
	}
	lines, _ = runBatch(t, Options{Worker: Worker{Files: NoFiles()}}, fetchJob("ok", `{"file": "ok.bin"}`))
	if !strings.Contains(lines[0], "file access is off") {
		t.Errorf("-files none: %s", lines[0])
	}
}

// A job beyond the memory budget gets an error line naming what needed
// the memory; the jobs around it are answered.
func TestBatchBudget(t *testing.T) {
	good := job(surf2D, "", "sample_l", `[{"coord": [0.5, 0.5], "lod": 0}]`)
	big := strings.Replace(job(`{"type": "2d", "format": "r32g32b32a32_sfloat", "width": 2048, "height": 2048}`, "", "sample_l", `[{"coord": [0.5, 0.5], "lod": 0}]`), `"id": 1`, `"id": "big"`, 1)
	long := strings.Replace(job(surf2D, "", "sample_l", manyLanes(40000, `{"coord": [0.5, 0.5], "lod": 0}`)), `"id": 1`, `"id": "long"`, 1)
	lines, st := runBatch(t, Options{Workers: 2, MaxBytes: 8 << 20}, good, big, long, good)
	if len(lines) != 4 || st.Failed != 2 {
		t.Fatalf("%d lines, %d failed:\n%s", len(lines), st.Failed, strings.Join(lines, "\n"))
	}
	if !strings.Contains(lines[1], `"id":"big","error":"surface: 89478480 bytes exceed the memory budget of 8388608 bytes (8 MiB)`) {
		t.Errorf("big surface: %s", lines[1])
	}
	if !strings.Contains(lines[2], `"id":"long","error":"line of`) || !strings.Contains(lines[2], "exceed the memory budget") {
		t.Errorf("long line: %.300s", lines[2])
	}
	for _, i := range []int{0, 3} {
		if !strings.Contains(lines[i], `"results"`) {
			t.Errorf("line %d: %s", i, lines[i])
		}
	}
}

// Jobs that each need most of the budget all run: one refused because the
// jobs beside it held the memory runs again alone, so whether a job fits
// does not depend on what ran beside it.
func TestBatchBudgetContention(t *testing.T) {
	// Each job's surface is 2 MiB of a 3 MiB budget.
	j := job(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 1024, "height": 512, "data": {"hash": {"seed": SEED}}}`, "", "sample_l", `[{"coord": [0.5, 0.5], "lod": 0}]`)
	var lines []string
	for i := range 24 {
		lines = append(lines, strings.Replace(j, "SEED", fmt.Sprint(i), 1))
	}
	got, st := runBatch(t, Options{Workers: 4, MaxBytes: 3 << 20, Worker: Worker{CacheBytes: -1}}, lines...)
	if st.Failed != 0 || len(got) != 24 {
		t.Fatalf("%d failed of %d:\n%s", st.Failed, len(got), strings.Join(got, "\n"))
	}
	// The same results as one at a time with all the memory it wants.
	want, _ := runBatch(t, Options{Workers: 1}, lines...)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Error("results differ from an unconstrained run")
	}
}

// Result lines reach the writer whole: every Write ends a line.
func TestWholeLines(t *testing.T) {
	big := job(surf2D, "", "sample_l", manyLanes(3000, `{"coord": [0.25, 0.75], "lod": 0}`))
	small := job(surf2D, "", "sample_l", `[{"coord": [0.5, 0.5], "lod": 0}]`)
	var in []string
	for i := range 40 {
		if i%7 == 3 {
			in = append(in, big)
		} else {
			in = append(in, small)
		}
	}
	w := &writeRecorder{}
	if _, err := Run(context.Background(), strings.NewReader(strings.Join(in, "\n")), w, Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	for i, b := range w.writes {
		if len(b) == 0 || b[len(b)-1] != '\n' {
			t.Fatalf("write %d of %d (%d bytes) does not end a line", i, len(w.writes), len(b))
		}
	}
	if n := bytes.Count(bytes.Join(w.writes, nil), []byte("\n")); n != 40 {
		t.Errorf("%d lines, want 40", n)
	}
}

type writeRecorder struct{ writes [][]byte }

func (w *writeRecorder) Write(b []byte) (int, error) {
	w.writes = append(w.writes, bytes.Clone(b))
	return len(b), nil
}

// An id with invalid UTF-8 is echoed with U+FFFD escapes: the line stays
// valid JSON and reads back as the string the job's id decodes to.
func TestInvalidUTF8ID(t *testing.T) {
	line := strings.Replace(job(surf2D, "", "sample_l", `[{"coord": [0.5, 0.5], "lod": 0}]`), `"id": 1`, "\"id\": \"a\xffb\xc3\"", 1)
	lines, _ := runBatch(t, Options{}, line, strings.Replace(line, `"op"`, `"oops"`, 1))
	for _, l := range lines {
		var v struct{ ID string }
		if err := json.Unmarshal([]byte(l), &v); err != nil || v.ID != "a\uFFFDb\uFFFD" {
			t.Errorf("%q: id %q, %v", l, v.ID, err)
		}
	}
}

// Completed finds the whole result lines of an interrupted output, and Run
// with their ids as Skip writes exactly the rest.
func TestResume(t *testing.T) {
	var in []string
	for i := range 30 {
		id := fmt.Sprint(i % 7) // repeated ids, and jobs without one
		l := strings.Replace(job(surf2D, "", "sample_l", fmt.Sprintf(`[{"coord": [0.%d, 0.5], "lod": 0}]`, i)), `"id": 1`, `"id": `+id, 1)
		if i%5 == 0 {
			l = strings.Replace(l, `"id": `+id+`, `, "", 1)
		}
		if i == 11 {
			l = "{not json"
		}
		in = append(in, l)
	}
	full, _ := runBatch(t, Options{Workers: 3}, in...)
	whole := strings.Join(full, "\n") + "\n"
	for _, cut := range []int{0, 1, len(whole) / 3, len(whole)/2 + 7, len(whole) - 1, len(whole)} {
		prefix := whole[:cut]
		done, valid, err := Completed(strings.NewReader(prefix))
		if err != nil {
			t.Fatal(err)
		}
		if valid > int64(cut) || (valid > 0 && prefix[valid-1] != '\n') {
			t.Fatalf("cut %d: valid prefix %d", cut, valid)
		}
		var out bytes.Buffer
		out.WriteString(prefix[:valid])
		st, err := Run(context.Background(), strings.NewReader(strings.Join(in, "\n")), &out, Options{Workers: 2, Skip: done})
		if err != nil {
			t.Fatal(err)
		}
		if out.String() != whole {
			t.Errorf("cut %d: resumed output differs (skipped %d, ran %d)", cut, st.Skipped, st.Jobs)
		}
	}
}

// manyLanes is a "lanes" array of n copies of lane.
func manyLanes(n int, lane string) string {
	return "[" + strings.TrimSuffix(strings.Repeat(lane+",", n), ",") + "]"
}

// A texture file given as raw "file" data: the error points to "image".
func TestFileIsTexture(t *testing.T) {
	w := &Worker{Files: openFiles(t, ".."), CacheBytes: -1}
	got := runLine(t, w, fetchJob("png", `{"file": "texfile/testdata/rgba8.png"}`))
	if !strings.Contains(got, `(it is a PNG file: {\"image\": \"texfile/testdata/rgba8.png\"} reads texture files)`) {
		t.Errorf("got %s", got)
	}
}
