package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/texunit/texunit/internal/batchwork"
	"github.com/texunit/texunit/sampler"
)

// Tests of protocol version 2: definitions, columnar lanes, "bits": false.

// v2job is a job line with an id, a surface (an object, or a name as a
// JSON string), op and lanes, and extra members (", ..." or "").
func v2job(id, surf, op, lanes, extra string) string {
	return fmt.Sprintf(`{"id": %s, "surface": %s, "sampler": {"mag": "linear", "min": "linear", "mip": "linear"}, "op": %q, "lanes": %s%s}`, id, surf, op, lanes, extra)
}

// resultsOf returns the "results" member of a result line (or its error).
func resultsOf(t *testing.T, line string) string {
	t.Helper()
	var r struct {
		Results json.RawMessage
		Error   string
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if r.Error != "" {
		return "error: " + r.Error
	}
	return string(r.Results)
}

// collectDefineErrors returns Options that record DefineError calls.
func collectDefineErrors(opts Options, errs *[]string) Options {
	opts.DefineError = func(line int, err error) { *errs = append(*errs, err.Error()) }
	return opts
}

func TestDefine(t *testing.T) {
	const tex = `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16, "data": {"hash": {"seed": 9}}}`
	lanes := `[{"coord": [0.3, 0.7], "lod": 0.5}, {"coord": [0.9, 0.1], "lod": 1.25}]`
	inline := v2job("1", tex, "sample_l", lanes, "")
	var errs []string
	got, st := runBatch(t, collectDefineErrors(Options{Workers: 2}, &errs),
		`{"define": "tex", "surface": `+tex+`}`,
		v2job("1", `"tex"`, "sample_l", lanes, ""),
		v2job("2", `"nope"`, "sample_l", lanes, ""),
		inline,
		v2job("3", `"tex"`, "resinfo", `[{"level": 1}]`, ""),
	)
	if len(got) != 4 {
		t.Fatalf("%d result lines, want 4 (none for the definition):\n%s", len(got), strings.Join(got, "\n"))
	}
	want, _ := runBatch(t, Options{}, inline)
	if resultsOf(t, got[0]) != resultsOf(t, want[0]) || resultsOf(t, got[2]) != resultsOf(t, want[0]) {
		t.Errorf("a defined surface gives\n%s\nthe surface object gives\n%s", got[0], want[0])
	}
	if !strings.Contains(got[1], `"id":2,"error":"surface: \"nope\" is not defined`) {
		t.Errorf("unknown name: %s", got[1])
	}
	if resultsOf(t, got[3]) != "[[8,8,0,5]]" {
		t.Errorf("resinfo of the definition's level 1: %s", got[3])
	}
	if st.Definitions != 1 || st.DefineErrors != 0 || st.Jobs != 4 || st.Failed != 1 || len(errs) != 0 {
		t.Errorf("stats %+v, define errors %q", st, errs)
	}
}

func TestDefineErrors(t *testing.T) {
	const tex = `{"type": "2d", "format": "r8_unorm", "width": 4, "height": 4}`
	lane := `[{"coord": [0.5, 0.5], "lod": 0}]`
	var errs []string
	got, st := runBatch(t, collectDefineErrors(Options{Workers: 3}, &errs),
		v2job("0", `"late"`, "sample_l", lane, ""), // line 1: defined only on line 2
		`{"define": "late", "surface": `+tex+`}`,
		`{"define": "a", "surface": `+tex+`}`,
		v2job("1", `"a"`, "sample_l", lane, ""),
		`{"define": "a", "surface": `+tex+`}`, // line 5: a redefinition
		v2job("2", `"a"`, "sample_l", lane, ""),
		`{"define": "bad", "surface": {"type": "2d", "format": "r9", "width": 4}}`, // line 7
		v2job("3", `"bad"`, "sample_l", lane, ""),
		`{"define": "nofile", "surface": {"type": "2d", "format": "r8_unorm", "width": 4, "data": {"file": "no/such/file"}}}`, // line 9
		v2job("4", `"nofile"`, "sample_l", lane, ""),
		`{"define": "x", "surface": `+tex+`, "id": 7}`, // line 11: definitions have no id
		`{"define": 3, "surface": `+tex+`}`,
		`{"define": "", "surface": `+tex+`}`,
		`{"define": "s", "surface": "a"}`,
		v2job("5", `""`, "sample_l", lane, ""),
		v2job("6", `"late"`, "sample_l", lane, ""),
	)
	wantLines := []struct{ id, text string }{
		{"0", `surface: \"late\" is not defined (a job names a surface defined on an earlier line`},
		{"1", `"results"`},
		{"2", `surface: \"a\" was defined again on line 5 (first on line 3); a name is defined once`},
		{"3", `surface: \"bad\": its definition on line 7 failed: surface.format: unknown format \"r9\"`},
		{"4", `surface: \"nofile\": its definition on line 9 failed: surface.data.file: \"no/such/file\": no such file`},
		{"5", `surface: empty name`},
		{"6", `"results"`},
	}
	if len(got) != len(wantLines) {
		t.Fatalf("%d result lines, want %d:\n%s", len(got), len(wantLines), strings.Join(got, "\n"))
	}
	for i, w := range wantLines {
		if !strings.HasPrefix(got[i], `{"id":`+w.id+`,`) || !strings.Contains(got[i], w.text) {
			t.Errorf("line %d: %s\nwant id %s and %s", i, got[i], w.id, w.text)
		}
	}
	wantErrs := []string{
		`line 5: define "a": already defined on line 3`,
		`line 7: define "bad": surface.format: unknown format "r9"`,
		`line 9: define "nofile": surface.data.file: "no/such/file": no such file`,
		`line 11: define line: unknown field "id" (want define, surface)`,
		`line 12: define: want a string, got 3`,
		`line 13: define: empty name`,
		`line 14: define "s": surface: want an object, got "a"`,
	}
	if len(errs) != len(wantErrs) {
		t.Fatalf("define errors:\n%s", strings.Join(errs, "\n"))
	}
	for i, w := range wantErrs {
		if !strings.HasPrefix(errs[i], w) {
			t.Errorf("define error %d: %s\nwant %s…", i, errs[i], w)
		}
	}
	if st.Definitions != 9 || st.DefineErrors != 7 || st.OK() {
		t.Errorf("stats %+v", st)
	}
}

// A defined surface is built once and counts against the batch's budget
// once, however many workers sample it; it stays for the batch.
func TestDefineBudget(t *testing.T) {
	// 2 MiB surfaces in a 5.5 MiB budget: a second definition fits, a
	// third does not, and 40 jobs on the first run side by side (each
	// needs 1 MiB for its line's tree: those refused because the others
	// held it run again alone).
	surf := func(seed int) string {
		return fmt.Sprintf(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 1024, "height": 512, "levels": 1, "data": {"hash": {"seed": %d}}}`, seed)
	}
	lines := []string{`{"define": "a", "surface": ` + surf(1) + `}`, `{"define": "b", "surface": ` + surf(2) + `}`, `{"define": "c", "surface": ` + surf(3) + `}`}
	for i := range 40 {
		lines = append(lines, v2job(fmt.Sprint(i), `"a"`, "sample_l", `{"coord": [[0.25, 0.5], [0.75, 0.125]], "lod": [0, 0]}`, ""))
	}
	var errs []string
	got, st := runBatch(t, collectDefineErrors(Options{Workers: 4, MaxBytes: 11 << 19, Worker: Worker{CacheBytes: -1}}, &errs), lines...)
	if len(errs) != 1 || !strings.Contains(errs[0], `line 3: define "c": surface: 2097152 bytes exceed the memory budget`) {
		t.Errorf("define errors: %q", errs)
	}
	if st.Failed != 0 || len(got) != 40 {
		t.Fatalf("%d lines, %d failed:\n%s", len(got), st.Failed, strings.Join(got, "\n"))
	}
}

// Columnar lanes give the results of the same lanes as lane objects.
func TestColumnarLanes(t *testing.T) {
	for _, tc := range []struct {
		surf, op, rows, columns string
	}{
		{`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8}`, "sample_l",
			`[{"coord": [0.1, 0.2], "lod": 0}, {"coord": [0.7, "@3f000000"], "lod": 1.5, "offset": [1, -2]}, {"coord": [0.5, 0.5], "lod": 0, "active": false}]`,
			`{"lod": [0, 1.5, 0], "coord": [[0.1, 0.7, 0.5], [0.2, "@3f000000", 0.5]], "offset": [[0, 1, 0], [0, -2, 0]], "active": [true, true, false]}`},
		{`{"type": "2d_array", "format": "r8g8b8a8_unorm", "width": 8, "height": 8, "layers": 3}`, "gather4_po",
			`[{"coord": [0.1, 0.2, 1], "offset": [3, -31], "channel": 2}, {"coord": [0.6, 0.3, 2], "offset": [0, 5], "channel": 1}]`,
			`{"coord": [[0.1, 0.6], [0.2, 0.3], [1, 2]], "offset": [[3, 0], [-31, 5]], "channel": [2, 1]}`},
		{`{"type": "3d", "format": "r16g16b16a16_sfloat", "width": 8, "height": 4, "depth": 4}`, "fetch",
			`[{"texel": [1, 2, 3], "level": 0}, {"texel": [0, 0, 1], "level": 1}, {"texel": [9, 0, 0]}]`,
			`{"texel": [[1, 0, 9], [2, 0, 0], [3, 1, 0]], "level": [0, 1, 0]}`},
		{`{"type": "cube", "format": "r8g8b8a8_srgb", "width": 8, "height": 8}`, "sample_d",
			`[{"coord": [1, 0.2, -0.3], "ddx": [0.1, 0, 0], "ddy": [0, 0.1, 0], "min_lod": 0.5}, {"coord": [-0.2, -1, 0.4], "ddx": [0.01, 0, 0.02], "ddy": [0, "NaN", 0], "min_lod": 1}]`,
			`{"coord": [[1, -0.2], [0.2, -1], [-0.3, 0.4]], "ddx": [[0.1, 0.01], [0, 0], [0, 0.02]], "ddy": [[0, 0], [0.1, "NaN"], [0, 0]], "min_lod": [0.5, 1]}`},
		{`{"type": "2d", "format": "d32_sfloat", "width": 8, "height": 8}`, "sample_c",
			`[{"coord": [0.1, 0.1], "ref": 0.5}, {"coord": [0.2, 0.1], "ref": 0.25}, {"coord": [0.1, 0.2], "ref": "-Inf"}, {"coord": [0.2, 0.2], "ref": 1e-3}]`,
			`{"coord": [[0.1, 0.2, 0.1, 0.2], [0.1, 0.1, 0.2, 0.2]], "ref": [0.5, 0.25, "-Inf", 1e-3], "bias": null}`},
		{`{"type": "2d", "format": "r8_unorm", "width": 8, "height": 8}`, "sample_l", `[]`, `{}`},
		{`{"type": "2d", "format": "r8_unorm", "width": 8, "height": 8}`, "sample_l", `[]`, `{"coord": [[], []], "lod": []}`},
	} {
		smp := `{"mag": "linear", "min": "linear", "mip": "linear", "compare": "less"}`
		if !strings.HasSuffix(tc.op, "_c") {
			smp = `{"mag": "linear", "min": "linear", "mip": "linear"}`
		}
		rows := runLine(t, nil, job(tc.surf, smp, tc.op, tc.rows))
		cols := runLine(t, nil, job(tc.surf, smp, tc.op, tc.columns))
		if rows != cols || strings.Contains(rows, `"error"`) {
			t.Errorf("%s:\nrows    %s\ncolumns %s", tc.op, rows, cols)
		}
	}
}

func TestColumnarErrors(t *testing.T) {
	const s2d = `{"type": "2d", "format": "r8_unorm", "width": 4, "height": 4}`
	for _, tc := range []struct{ op, lanes, want string }{
		{"sample_l", `{"coord": [[0, 1], [0, 1]], "lod": [0, 1, 2]}`, `lanes.lod: 3 values, but lanes.coord[0] has 2 (columnar lanes: one value per lane in every array)`},
		{"sample_l", `{"lod": [0], "coord": [[0, 1], [0]]}`, `lanes.coord[0]: 2 values, but lanes.lod has 1`},
		{"sample_l", `{"coord": [[0, 1], [0, 1, 1]], "lod": [0, 1]}`, `lanes.coord[1]: 3 values, but lanes.coord[0] has 2`},
		{"sample_l", `{"coord": [0.5, 0.5], "lod": [0]}`, `lanes.coord: want 2 arrays of per-lane values (component-major, such as [[u…], [v…]]) for 2d, got an array of 2 numbers`},
		{"sample_l", `{"coord": [[0.5], [0.5], [0.5]], "lod": [0]}`, `lanes.coord: want 2 arrays of per-lane values (component-major, such as [[u…], [v…]]) for 2d, got 3`},
		{"sample_l", `{"coord": [[0.5], {"v": 1}], "lod": [0]}`, `lanes.coord[1]: want an array with a value per lane, got an object`},
		{"sample_l", `{"coord": "x", "lod": [0]}`, `lanes.coord: want 2 arrays of per-lane values (component-major, such as [[u…], [v…]]) for 2d, got "x"`},
		{"sample_l", `{"coord": [[0.5, 0.1], [0.5, "x"]], "lod": [0, 0]}`, `lanes.coord[1][1]: "x" is not a number`},
		{"sample_l", `{"coord": [[0.5, 0.1], [0.5, 0.2]], "lod": [0, null]}`, `lanes.lod[1]: want a number, got null`},
		{"sample_l", `{"coord": [[0.5, 0.1], [0.5, 0.2]], "lod": [0, 1e39]}`, `lanes.lod[1]: 1e39 is out of range for float32`},
		{"sample_l", `{"coord": [[0.5], [0.5]], "lod": 0}`, `lanes.lod: want an array with a value per lane, got 0`},
		{"sample_l", `{"coord": [[0.5], [0.5]]}`, `lanes.lod: missing (sample_l needs it)`},
		{"sample_l", `{"coord": [[0.5], [0.5]], "lod": [0], "bias": [0]}`, `lanes.bias: sample_l does not use bias`},
		{"sample_l", `{"coord": [[0.5], [0.5]], "lod": [0], "active": [1]}`, `lanes.active[0]: want true or false, got 1`},
		{"sample_l", `{"coord": [[0.5], [0.5]], "lod": [0], "lanes": [0]}`, `lanes: unknown field "lanes" (want coord, lod`},
		{"sample_l", `{"coord": [[0.5], [0.5]], "lod": [0], "coord": [[0.5], [0.5]]}`, `lanes: duplicate field "coord"`},
		{"sample_l", `{"coord": [[0.5], [0.5]], "lod": [0], "offset": [[1], [2], [3], [4]]}`, `lanes.offset: want 1 to 3 arrays`},
		{"sample_l", `{"coord": [[0.5], [0.5]], "lod": [0], "offset": [[1.5]]}`, `lanes.offset[0][0]: 1.5 is not an integer`},
		{"gather4", `{"coord": [[0.5], [0.5]], "channel": [4]}`, `lane 0: channel: 4 is out of range`},
		{"gather4", `{"coord": [[0.5], [0.5]], "channel": [256]}`, `lanes.channel[0]: 256 is out of range (0..255)`},
		{"sample_l", `[{"coord": [[0.5], [0.5]], "lod": 0}]`, `lanes[0].coord[0]: want a number, got an array`},
		{"sample_l", `[1, 2]`, `lanes[0]: want an object, got 1`},
	} {
		got, _ := runBatch(t, Options{}, job(s2d, "", tc.op, tc.lanes))
		if !strings.Contains(got[0], jsonText(tc.want)) {
			t.Errorf("%s %s:\ngot  %s\nwant %s", tc.op, tc.lanes, got[0], tc.want)
		}
	}
}

// jsonText is s as it appears inside a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func TestBitsFalse(t *testing.T) {
	lanes := `[{"coord": [0.5, 0.5], "lod": 0}]`
	with := v2job("1", surf2D, "sample_l", lanes, "")
	without := v2job("2", surf2D, "sample_l", lanes, `, "bits": false`)
	forced := v2job("3", surf2D, "sample_l", lanes, `, "bits": true`)
	got, _ := runBatch(t, Options{}, with, without, forced)
	if !strings.Contains(got[0], `"bits":`) || strings.Contains(got[1], `"bits":`) || !strings.Contains(got[2], `"bits":`) {
		t.Errorf("default, false, true:\n%s", strings.Join(got, "\n"))
	}
	if resultsOf(t, got[0]) != resultsOf(t, got[1]) {
		t.Error("bits false changes the results")
	}
	got, _ = runBatch(t, Options{NoBits: true}, with, without, forced)
	if strings.Contains(got[0], `"bits":`) || strings.Contains(got[1], `"bits":`) || !strings.Contains(got[2], `"bits":`) {
		t.Errorf("NoBits: default, false, true:\n%s", strings.Join(got, "\n"))
	}
	got, _ = runBatch(t, Options{}, v2job("4", surf2D, "sample_l", lanes, `, "bits": "no"`))
	if !strings.Contains(got[0], `"error":"bits: want true or false, got \"no\""`) {
		t.Errorf("bits \"no\": %s", got[0])
	}
}

// v2Stream is a mixed stream of definitions, version 1 and version 2 jobs
// (with errors among them), for the resume and concurrency tests.
func v2Stream() []string {
	var in []string
	for i := range 40 {
		if i%9 == 0 {
			in = append(in, fmt.Sprintf(`{"define": "t%d", "surface": {"type": "2d", "format": "r8g8b8a8_unorm", "width": 32, "height": 32, "data": {"hash": {"seed": %d}}}}`, i, i))
		}
		id := fmt.Sprint(i % 6)
		if i%7 == 0 {
			id = "null"
		}
		name := fmt.Sprintf(`"t%d"`, i/9*9)
		switch i % 4 {
		case 0:
			in = append(in, v2job(id, name, "sample_l", fmt.Sprintf(`{"coord": [[0.%d, 0.5], [0.25, 0.%d]], "lod": [0, 1]}`, i, i), `, "bits": false`))
		case 1:
			in = append(in, v2job(id, name, "sample_l", fmt.Sprintf(`[{"coord": [0.%d, 0.5], "lod": 0.5}]`, i), ""))
		case 2:
			in = append(in, v2job(id, `"missing"`, "sample_l", `[]`, ""))
		case 3:
			in = append(in, v2job(id, surf2D, "sample_l", fmt.Sprintf(`{"coord": [[0.%d], [0.5]], "lod": [2]}`, i), ""))
		}
	}
	return in
}

// A resumed run sees the definitions before the jobs it skips.
func TestResumeDefinitions(t *testing.T) {
	in := v2Stream()
	full, _ := runBatch(t, Options{Workers: 3}, in...)
	whole := strings.Join(full, "\n") + "\n"
	for _, cut := range []int{0, 1, len(whole) / 5, len(whole) / 3, len(whole)/2 + 7, len(whole) - 1, len(whole)} {
		prefix := whole[:cut]
		done, valid, err := Completed(strings.NewReader(prefix))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		out.WriteString(prefix[:valid])
		st, err := Run(context.Background(), strings.NewReader(strings.Join(in, "\n")), &out, Options{Workers: 2, Skip: done})
		if err != nil {
			t.Fatal(err)
		}
		if out.String() != whole {
			t.Errorf("cut %d: resumed output differs (skipped %d, ran %d):\n%s", cut, st.Skipped, st.Jobs, out.String())
		}
	}
}

// Workers do not change the output, definitions included.
func TestDefinitionsConcurrent(t *testing.T) {
	in := v2Stream()
	one, _ := runBatch(t, Options{Workers: 1}, in...)
	for _, j := range []int{2, 4, 8} {
		got, _ := runBatch(t, Options{Workers: j, Window: 3}, in...)
		if strings.Join(got, "\n") != strings.Join(one, "\n") {
			t.Errorf("-j %d differs from -j 1", j)
		}
	}
	// And the workload gives version 1's results.
	v1, _ := runBatch(t, Options{Workers: 4}, strings.Split(strings.TrimSpace(string(batchwork.V1(20))), "\n")...)
	v2, _ := runBatch(t, Options{Workers: 4}, strings.Split(strings.TrimSpace(string(batchwork.V2(20))), "\n")...)
	for i := range v1 {
		if resultsOf(t, v1[i]) != resultsOf(t, v2[i]) {
			t.Fatalf("job %d: v1 %s\nv2 %s", i, v1[i], v2[i])
		}
	}
}

// A Worker used on its own runs definitions and the jobs that name them.
func TestWorkerDefinitions(t *testing.T) {
	var w Worker
	var res sampler.Result
	def, err := w.Decode([]byte(`{"define": "t", "surface": {"type": "2d_array", "format": "r8_unorm", "width": 4, "height": 4, "layers": 2}}`))
	if err != nil || def.Define != "t" {
		t.Fatalf("%+v, %v", def, err)
	}
	if _, err := Decode([]byte(v2job("1", `"t"`, "resinfo", `[{}]`, ""))); err == nil || !strings.Contains(err.Error(), `"t" is not defined`) {
		t.Errorf("Decode without definitions: %v", err)
	}
	if err := def.Run(&w, &res); err != nil {
		t.Fatal(err)
	}
	j, err := w.Decode([]byte(v2job("1", `"t"`, "sample_l", `{"coord": [[0.5], [0.5], [1]], "lod": [0]}`, "")))
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Run(&w, &res); err != nil || len(res.Bits[0]) != 1 {
		t.Fatalf("%v, %d lanes", err, len(res.Bits[0]))
	}
	if err := def.Run(&w, &res); err == nil || !strings.Contains(err.Error(), `define "t": already defined`) {
		t.Errorf("redefinition: %v", err)
	}
}

// Jobs that need the same file at once share one read and one surface,
// however many workers run them; with a cache too small to keep it, the
// jobs that use it at once still share it (how many reads that makes
// depends on the timing).
func TestSharedBuildOnce(t *testing.T) {
	data := bytes.Repeat([]byte{1, 2, 3, 4}, 64*64)
	for _, cacheBytes := range []int{0, 1 << 10} {
		var mu sync.Mutex
		reads := 0
		read := func(name string) ([]byte, error) {
			mu.Lock()
			reads++
			mu.Unlock()
			time.Sleep(20 * time.Millisecond) // the other workers ask meanwhile
			return data, nil
		}
		var lines []string
		for i := range 32 {
			lines = append(lines, v2job(fmt.Sprint(i), `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64, "levels": 1, "data": {"file": "f"}}`, "sample_l", `{"coord": [[0.5], [0.5]], "lod": [0]}`, ""))
		}
		got, st := runBatch(t, Options{Workers: 8, Window: 8, Worker: Worker{ReadFile: read, CacheBytes: cacheBytes}}, lines...)
		if st.Failed != 0 || len(got) != 32 {
			t.Fatalf("%d failed:\n%s", st.Failed, strings.Join(got, "\n"))
		}
		if cacheBytes == 0 && reads != 1 {
			t.Errorf("the file was read %d times by 8 workers, want once", reads)
		}
	}
}
