package batch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/sampler"
)

// runLine decodes and runs one job line with w and returns its result line.
func runLine(t *testing.T, w *Worker, line string) string {
	t.Helper()
	j, err := Decode([]byte(line))
	if err != nil {
		t.Fatalf("Decode(%s): %v", line, err)
	}
	var res sampler.Result
	if err := j.Run(w, &res); err != nil {
		return string(AppendError(nil, j.ID, err))
	}
	return string(AppendResult(nil, j.ID, j.Request.Active, &res))
}

// Values checked by hand.
func TestJobRunValues(t *testing.T) {
	const coords4 = `{"type": "2d", "format": "r32g32b32a32_sfloat", "width": 4, "height": 4, "levels": 1, "data": {"coords": true}}`
	for _, tc := range []struct{ name, line, want string }{
		{"texel centres return their coordinates",
			job(coords4, "", "sample_l", `[{"coord": [0.125, 0.125], "lod": 0}, {"coord": [0.375, 0.875], "lod": 0}, {"coord": [0.875, 0.625], "lod": 0}]`),
			`{"id":1,"results":[[0,0,0,0],[1,3,0,0],[3,2,0,0]],"bits":[["00000000","00000000","00000000","00000000"],["3f800000","40400000","00000000","00000000"],["40400000","40000000","00000000","00000000"]],"resident":[true,true,true]}`},
		{"bilinear halfway between texels",
			job(coords4, `{"mag": "linear", "min": "linear"}`, "sample_l", `[{"coord": [0.25, 0.5], "lod": 0}]`),
			`{"id":1,"results":[[0.5,1.5,0,0]],"bits":[["3f000000","3fc00000","00000000","00000000"]],"resident":[true]}`},
		{"resinfo of an 8x4 surface at levels 0, 2 and out of range",
			job(`{"type": "2d", "format": "r8_unorm", "width": 8, "height": 4}`, "", "resinfo", `[{"level": 0}, {"level": 2}, {"level": 4}]`),
			`{"id":1,"results":[[8,4,0,4],[2,1,0,4],[0,0,0,4]],"bits":[["00000008","00000004","00000000","00000004"],["00000002","00000001","00000000","00000004"],["00000000","00000000","00000000","00000004"]],"resident":[true,true,true]}`},
		{"fetch, an inactive lane, an offset and a per-lane error",
			job(coords4, "", "fetch", `[{"texel": [1, 2]}, {"texel": [0, 0], "active": false}, {"texel": [1, 2], "offset": [2, -2]}, {"texel": [1, 2], "offset": [9]}]`),
			`{"id":1,"results":[[1,2,0,0],null,[3,0,0,0],null],"bits":[["3f800000","40000000","00000000","00000000"],null,["40400000","00000000","00000000","00000000"],null],"resident":[true,null,true,null],"errors":[null,null,null,"lane 3: offset[0]: 9 is out of range (-8..7)"]}`},
		{"gather of the red channel",
			job(coords4, "", "gather4", `[{"coord": [0.5, 0.5]}, {"coord": [0.5, 0.5], "channel": 1}, {"coord": [0.5, 0.5], "channel": 4}]`),
			`{"id":1,"results":[[1,2,2,1],[2,2,1,1],null],"bits":[["3f800000","40000000","40000000","3f800000"],["40000000","40000000","3f800000","3f800000"],null],"resident":[true,true,null],"errors":[null,null,"lane 2: channel: 4 is out of range (0..3)"]}`},
		{"border colour with infinities, a denormal-free tiny value and -0",
			job(coords4, `{"address": "clamp_to_border", "border": ["+Inf", "-Inf", 1e-5, "@80000000"]}`, "sample_lz", `[{"coord": [-1, -1]}]`),
			`{"id":1,"results":[["+Inf","-Inf",1e-05,-0]],"bits":[["7f800000","ff800000","3727c5ac","80000000"]],"resident":[true]}`},
		{"NaN coordinates address texel 0",
			job(coords4, "", "sample_lz", `[{"coord": ["NaN", "@3f200000"]}]`),
			`{"id":1,"results":[[0,2,0,0]],"bits":[["00000000","40000000","00000000","00000000"]],"resident":[true]}`},
		{"hash data over an infinite range gives NaN",
			job(`{"type": "1d", "format": "r32_sfloat", "width": 2, "data": {"hash": {"lo": "-Inf", "hi": "+Inf"}}}`, "", "fetch", `[{"texel": [0]}]`),
			`{"id":1,"results":[["NaN",0,0,1]],"bits":[["ffc00000","00000000","00000000","3f800000"]],"resident":[true]}`},
		{"samplepos of 4 samples",
			job(`{"type": "2d_ms", "format": "r8_unorm", "width": 4, "height": 4, "samples": 4}`, "", "samplepos", `[{"sample": 0}, {"sample": 3}]`),
			`{"id":1,"results":[[-0.125,-0.375,0,0],[0.125,0.375,0,0]],"bits":[["be000000","bec00000","00000000","00000000"],["3e000000","3ec00000","00000000","00000000"]],"resident":[true,true]}`},
		{"sampleinfo",
			job(`{"type": "2d_ms", "format": "r8_unorm", "width": 4, "height": 4, "samples": 8}`, "", "sampleinfo", `[{}]`),
			`{"id":1,"results":[[8,0,0,0]],"bits":[["00000008","00000000","00000000","00000000"]],"resident":[true]}`},
		{"a non-resident tile",
			job(`{"type": "2d", "format": "r32g32b32a32_sfloat", "width": 8, "height": 8, "levels": 1, "tile": [4, 4], "nonresident": [[0, 0, 1, 0]], "data": {"coords": true}}`, "", "fetch", `[{"texel": [1, 1]}, {"texel": [5, 1]}]`),
			`{"id":1,"results":[[1,1,0,0],[0,0,0,0]],"bits":[["3f800000","3f800000","00000000","00000000"],["00000000","00000000","00000000","00000000"]],"resident":[true,false]}`},
		{"a view from level 1 and layer 1",
			job(`{"type": "2d_array", "format": "r32g32b32a32_sfloat", "width": 8, "height": 8, "layers": 3, "base_level": 1, "base_layer": 1, "layer_count": 2, "data": {"coords": true}}`, "", "resinfo", `[{}]`),
			`{"id":1,"results":[[4,4,2,3]],"bits":[["00000004","00000004","00000002","00000003"]],"resident":[true]}`},
	} {
		if got := runLine(t, nil, tc.line); got != tc.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

func TestJobRunErrors(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.bin")
	if err := os.WriteFile(short, []byte{1, 2, 3}, 0o666); err != nil {
		t.Fatal(err)
	}
	exact := filepath.Join(dir, "exact.bin")
	if err := os.WriteFile(exact, bytes.Repeat([]byte{0x80}, 16), 0o666); err != nil {
		t.Fatal(err)
	}
	fileSurf := func(name string) string {
		b, _ := json.Marshal(name)
		return `{"type": "2d", "format": "r8_unorm", "width": 4, "height": 4, "levels": 1, "data": {"file": ` + string(b) + `}}`
	}
	const lanes2D = `[{"coord": [0.5, 0.5]}]`
	fw := &Worker{Files: openFiles(t, dir), CacheBytes: -1}
	for _, tc := range []struct{ line, want string }{
		{job(`{"type": "2d", "format": "r8_unorm", "width": 0}`, "", "resinfo", "[]"), `surface.width: 0 is out of range (1..65536)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": -4}`, "", "resinfo", "[]"), `surface.width: -4 is out of range (1..65536)`},
		{job(`{"type": "1d", "format": "r8_unorm", "width": 4, "height": 2}`, "", "resinfo", "[]"), `surface.height: 2 must be 1 for kind 1d`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "levels": 4}`, "", "resinfo", "[]"), `surface.levels: 4 is out of range (1..3) for size 4x1x1`},
		{job(`{"type": "cube", "format": "r8_unorm", "width": 4, "height": 2}`, "", "resinfo", "[]"), `surface.height: 2 must equal the width 4 for kind cube`},
		{job(`{"type": "3d", "format": "d16_unorm", "width": 4}`, "", "resinfo", "[]"), `surface.format: d16_unorm is a depth format, not allowed with kind 3d`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "base_level": 5}`, "", "resinfo", "[]"), `surface.base_level: 5 is out of range (0..2)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "base_level": 1, "level_count": 3}`, "", "resinfo", "[]"), `surface.level_count: 3 is out of range (1..2) for base level 1`},
		{job(`{"type": "2d_array", "format": "r8_unorm", "width": 4, "layers": 2, "base_layer": 2}`, "", "resinfo", "[]"), `surface.base_layer: 2 is out of range (0..1)`},
		{job(`{"type": "2d_array", "format": "r8_unorm", "width": 4, "layers": 2, "layer_count": 3}`, "", "resinfo", "[]"), `surface.layer_count: 3 is out of range (1..2) for base layer 0`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "tile": [3]}`, "", "resinfo", "[]"), `surface.tile[0]: 3 is not a power of two in 1..65536`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "tile": [4, 4, 5]}`, "", "resinfo", "[]"), `surface.tile[2]: 5 is not a power of two in 1..65536`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "nonresident": [[0, 0, 0], [9, 0, 0]]}`, "", "resinfo", "[]"), `surface.nonresident[1][0]: 9 is out of range (0..2)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "nonresident": [[0, 1, 0]]}`, "", "resinfo", "[]"), `surface.nonresident[0][1]: 1 is out of range (0..0)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "tile": [2, 1], "nonresident": [[0, 0, 2, 0, 0]]}`, "", "resinfo", "[]"), `surface.nonresident[0][2]: 2 is out of range (0..1) for level 0`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "nonresident": [[0, 0, 0, 0, -1]]}`, "", "resinfo", "[]"), `surface.nonresident[0][4]: -1 is out of range (0..0) for level 0`},
		{job(fileSurf(filepath.Join(dir, "missing.bin")), "", "resinfo", "[]"), `surface.data.file: "` + filepath.Join(dir, "missing.bin") + `": no such file in the files directory "` + dir + `"`},
		{job(fileSurf(short), "", "resinfo", "[]"), `surface.data.file: "` + short + `" holds 3 bytes, which does not match the surface size (16 bytes)`},
		{job(`{"type": "2d", "format": "r32g32b32a32_sfloat", "width": 65536, "height": 65536}`, "", "resinfo", "[]"), `surface.size: 91625968976 bytes exceeds the limit of 1073741824 bytes`},
		// The engine's checks.
		{job(surf2D, "", "fetch_ms", `[{"texel": [0, 0]}]`), `op: fetch_ms needs a multisample surface, not 2d`},
		{job(surf2D, "", "sample", `[{"coord": [0, 0]}]`), `lanes: sample works on 2x2 quads, so lanes must be a multiple of 4 (have 1)`},
		{job(`{"type": "cube", "format": "r8_unorm", "width": 4, "height": 4, "layers": 6}`, `{"anisotropy": "ewa", "max_anisotropy": 4}`, "sample_l", `[{"coord": [1, 0, 0], "lod": 0}]`), `sampler.anisotropy: ewa needs a 2d or 2d_array surface, not cube (or max_anisotropy 1)`},
		{job(surf2D, "", "sample_c_lz", `[{"coord": [0, 0], "ref": 0}]`), `op: sample_c_lz needs a depth format, not r8g8b8a8_unorm (sampler.compare_color allows single-channel colour formats, as Direct3D does)`},
		{job(`{"type": "2d", "format": "d16_unorm", "width": 4}`, "", "sample_c_lz", `[{"coord": [0, 0], "ref": 0}]`), `sampler.compare: sample_c_lz needs a compare function`},
		{job(`{"type": "2d", "format": "r32_uint", "width": 4}`, `{"mag": "linear"}`, "sample_lz", lanes2D), `sampler: linear filtering of the integer format r32_uint is not allowed`},
		{job(`{"type": "cube", "format": "r8_unorm", "width": 4, "height": 4}`, "", "sample_lz", `[{"coord": [1, 0, 0], "offset": [1]}]`), `offset: texel offsets are not allowed on cube surfaces`},
		{job(`{"type": "cube", "format": "r8_unorm", "width": 4, "height": 4}`, "", "fetch", `[{"texel": [1, 0, 0]}]`), `op: fetch is not defined on cube surfaces`},
		{job(`{"type": "1d", "format": "r8_unorm", "width": 4}`, "", "gather4", `[{"coord": [0.5]}]`), `op: gather4 needs a 2d, 2d_array, cube or cube_array surface, not 1d`},
		{job(`{"type": "2d_ms", "format": "r8_unorm", "width": 4, "height": 4, "samples": 2}`, "", "sample_lz", lanes2D), `op: sample_lz cannot sample the multisample surface 2d_ms (use fetch_ms)`},
	} {
		got := runLine(t, fw, tc.line)
		var v struct {
			Error string
		}
		if err := json.Unmarshal([]byte(got), &v); err != nil || v.Error != tc.want {
			t.Errorf("%s:\ngot  %s\nwant error %q", tc.line, got, tc.want)
		}
	}
	// The file of the right size loads.
	if got, want := runLine(t, fw, job(fileSurf(exact), "", "fetch", `[{"texel": [3, 3]}]`)),
		`{"id":1,"results":[[0.5019608,0,0,1]],"bits":[["3f008081","00000000","00000000","3f800000"]],"resident":[true]}`; got != want {
		t.Errorf("file data:\ngot  %s\nwant %s", got, want)
	}
}

func TestWorkerCache(t *testing.T) {
	decode := func(surf string) *Job {
		return mustDecode(t, job(surf, "", "resinfo", "[{}]"))
	}
	a := decode(`{"type": "2d_array", "format": "r8_unorm", "width": 64, "height": 64, "layers": 2, "data": {"hash": {"seed": 3}}}`)
	aView := decode(`{"width": 64, "type": "2d_array", "layers": 2, "height": 64, "format": "R8_UNORM", "base_layer": 1, "data": {"hash": {"seed": 3, "lo": 0, "hi": 1.0}}}`)
	b := decode(`{"type": "2d_array", "format": "r8_unorm", "width": 64, "height": 64, "layers": 2, "data": {"hash": {"seed": 4}}}`)
	c := decode(`{"type": "2d_array", "format": "r8_unorm", "width": 64, "height": 64, "layers": 2, "data": {"hash": {"seed": 3, "lo": "@80000000"}}}`)
	d := decode(`{"type": "2d_array", "format": "r8_unorm", "width": 64, "height": 64, "layers": 2, "nonresident": [[0, 1, 0]], "data": {"hash": {"seed": 3}}}`)

	var w Worker
	var res sampler.Result
	surfOf := func(j *Job) any {
		t.Helper()
		if err := j.Run(&w, &res); err != nil {
			t.Fatal(err)
		}
		return w.cache.entries[len(w.cache.entries)-1].surf
	}
	sa := surfOf(a)
	if surfOf(aView) != sa {
		t.Error("the same surface with another view and spelling was built again")
	}
	if res.Uint(2, 0) != 1 {
		t.Errorf("view of 1 layer reports %d layers", res.Uint(2, 0))
	}
	for name, j := range map[string]*Job{"seed": b, "-0": c, "residency": d} {
		if surfOf(j) == sa {
			t.Errorf("a surface with another %s was taken from the cache", name)
		}
	}
	if surfOf(a) != sa {
		t.Error("the first surface was evicted from a cache with room")
	}
	if cacheLen(&w) != 4 {
		t.Errorf("%d surfaces cached, want 4", cacheLen(&w))
	}

	// A budget of one 8 KiB surface keeps only the latest.
	w = Worker{CacheBytes: 10 << 10}
	surfOf(a)
	surfOf(b)
	if cacheLen(&w) != 1 {
		t.Errorf("%d surfaces cached with a budget of one, want 1", cacheLen(&w))
	}
	// No cache.
	w = Worker{CacheBytes: -1}
	if err := a.Run(&w, &res); err != nil || cacheLen(&w) != 0 {
		t.Errorf("CacheBytes -1: %v, %d surfaces cached", err, cacheLen(&w))
	}
}

// A panic while running a job is the job's error, and the batch goes on.
func TestPanicRecovered(t *testing.T) {
	w := &Worker{ReadFile: func(name string) ([]byte, error) { panic("boom " + name) }}
	j := mustDecode(t, job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"file": "f"}}`, "", "resinfo", "[]"))
	var res sampler.Result
	err := j.Run(w, &res)
	if !errors.Is(err, ErrPanic) || !strings.Contains(err.Error(), "panic: boom f at ") {
		t.Errorf("error %v, want ErrPanic naming the panic and where", err)
	}

	in := job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"file": "f"}}`, "", "resinfo", "[]") + "\n" +
		job(surf2D, "", "resinfo", "[{}]") + "\n"
	var out bytes.Buffer
	st, err := Run(context.Background(), strings.NewReader(in), &out, Options{Worker: Worker{ReadFile: w.ReadFile}})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"error":"internal error (please report it): panic: boom f`) || !strings.Contains(lines[1], `"results":[[8,8,0,4]]`) {
		t.Errorf("output:\n%s", out.String())
	}
	if st != (Stats{Jobs: 2, Failed: 1, Lanes: 1}) {
		t.Errorf("stats %+v", st)
	}
}

// resinfoJob is job i of the ordering tests: its result's width is i+1, and
// every seventh job is slow (a large surface).
func resinfoJob(i int) string {
	height, layers := 1, 1
	if i%7 == 3 {
		height, layers = 32, 4 // up to 400 KiB of float data to hash
	}
	return fmt.Sprintf(`{"id": %d, "surface": {"type": "2d_array", "format": "r32g32b32a32_sfloat", "width": %d, "height": %d, "layers": %d, "levels": 1, "data": {"hash": {"seed": %d}}}, "op": "resinfo", "lanes": [{}]}`,
		i, i+1, height, layers, i)
}

func TestRunOrder(t *testing.T) {
	var in strings.Builder
	for i := range 200 {
		in.WriteString(resinfoJob(i) + "\n")
	}
	for _, opts := range []Options{{Workers: 4}, {Workers: 4, Window: 1}, {Workers: 1}, {Workers: 16, Window: 3}, {}} {
		var out bytes.Buffer
		st, err := Run(context.Background(), strings.NewReader(in.String()), &out, opts)
		if err != nil {
			t.Fatal(err)
		}
		if st != (Stats{Jobs: 200, Lanes: 200}) {
			t.Errorf("%+v: stats %+v", opts, st)
		}
		sc := bufio.NewScanner(&out)
		i := 0
		for ; sc.Scan(); i++ {
			var r struct {
				ID      int
				Results [][4]int
			}
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatalf("%+v: line %d: %v: %s", opts, i+1, err, sc.Bytes())
			}
			if r.ID != i || len(r.Results) != 1 || r.Results[0][0] != i+1 {
				t.Fatalf("%+v: line %d is %s, want job %d", opts, i+1, sc.Bytes(), i)
			}
		}
		if i != 200 {
			t.Errorf("%+v: %d lines, want 200", opts, i)
		}
	}
}

func TestRunLines(t *testing.T) {
	ok := job(surf2D, "", "resinfo", "[{}]")
	okOut := `{"id":1,"results":[[8,8,0,4]],"bits":[["00000008","00000008","00000000","00000004"]],"resident":[true]}`
	in := "\n" + ok + "\r\n" + // line 2, CRLF
		"   \t \r\n" + // blank
		`{"id": "x", "op": ` + "\n" + // line 4: not JSON, id kept
		"not json\n" + // line 5
		strings.Repeat(" ", 300) + ok + "\n" + // line 6: too long
		`{"id": 7, "surface": 1}` + "\n" +
		ok // last line without a newline
	var out bytes.Buffer
	st, err := Run(context.Background(), strings.NewReader(in), &out, Options{MaxLineBytes: 256, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := okOut + "\n" +
		`{"id":"x","error":"line 4: invalid JSON: unexpected end of line"}` + "\n" +
		`{"error":"line 5: invalid JSON: invalid character 'o', want 'u' (in literal null) (column 2)"}` + "\n" +
		`{"error":"line 6: longer than the limit of 256 bytes"}` + "\n" +
		`{"id":7,"error":"surface: want an object, got 1"}` + "\n" +
		okOut + "\n"
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	if st != (Stats{Jobs: 6, Failed: 4, Lanes: 2}) {
		t.Errorf("stats %+v", st)
	}
	if st.OK() {
		t.Error("OK() with failed jobs")
	}
}

func TestRunEmpty(t *testing.T) {
	for _, in := range []string{"", "\n\n", "  \r\n"} {
		var out bytes.Buffer
		st, err := Run(context.Background(), strings.NewReader(in), &out, Options{})
		if err != nil || st != (Stats{}) || out.Len() != 0 || !st.OK() {
			t.Errorf("%q: %v, %+v, %q", in, err, st, out.String())
		}
	}
}

func TestRunLaneErrorStats(t *testing.T) {
	in := job(surf2D, "", "fetch", `[{"texel": [0, 0], "offset": [8]}, {"texel": [0, 0]}, {"texel": [0, 0], "offset": [0, -9]}]`) + "\n"
	var out bytes.Buffer
	st, err := Run(context.Background(), strings.NewReader(in), &out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st != (Stats{Jobs: 1, LaneErrors: 2, Lanes: 3}) || st.OK() {
		t.Errorf("stats %+v", st)
	}
	if !strings.Contains(out.String(), `"errors":["lane 0: offset[0]: 8 is out of range (-8..7)",null,"lane 2: offset[1]: -9 is out of range (-8..7)"]`) {
		t.Errorf("output %s", out.String())
	}
}

// failWriter fails once n bytes have been written.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// failReader returns its data, then an error.
type failReader struct{ data *strings.Reader }

func (r failReader) Read(p []byte) (int, error) {
	if r.data.Len() == 0 {
		return 0, errors.New("connection reset")
	}
	return r.data.Read(p)
}

func TestRunIOErrors(t *testing.T) {
	var in strings.Builder
	for i := range 2000 {
		in.WriteString(resinfoJob(i*7) + "\n") // all fast
	}
	st, err := Run(context.Background(), strings.NewReader(in.String()), &failWriter{n: 100000}, Options{Workers: 4})
	if err == nil || !strings.Contains(err.Error(), "writing output: disk full") {
		t.Errorf("write error: got %v", err)
	}
	if st.Jobs == 0 || st.Jobs >= 2000 {
		t.Errorf("write error after %d jobs", st.Jobs)
	}

	var out bytes.Buffer
	st, err = Run(context.Background(), failReader{strings.NewReader(resinfoJob(0) + "\n" + resinfoJob(1) + "\n" + "{\"partial")}, &out, Options{})
	if err == nil || !strings.Contains(err.Error(), "reading input: connection reset") {
		t.Errorf("read error: got %v", err)
	}
	if st.Jobs != 2 || strings.Count(out.String(), "\n") != 2 {
		t.Errorf("read error: %d jobs, output %q", st.Jobs, out.String())
	}
}

func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	_, err := Run(ctx, strings.NewReader(resinfoJob(0)+"\n"), &out, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}

	// Cancel while the input blocks: Run returns once the read does.
	ctx, cancel = context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error)
	go func() {
		_, err := Run(ctx, pr, io.Discard, Options{})
		done <- err
	}()
	fmt.Fprintln(pw, resinfoJob(0))
	cancel()
	pw.Close()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("got %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after cancellation")
	}
}

// A client may send one job and wait for its result before sending the
// next: Run must flush each result while it waits for input.
func TestRunInteractive(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), inR, outW, Options{Workers: 2})
		outW.Close()
		done <- err
	}()
	results := bufio.NewReader(outR)
	for i := range 5 {
		fmt.Fprintln(inW, resinfoJob(i))
		got := make(chan string, 1)
		go func() {
			line, _ := results.ReadString('\n')
			got <- line
		}()
		select {
		case line := <-got:
			if !strings.HasPrefix(line, fmt.Sprintf(`{"id":%d,`, i)) {
				t.Fatalf("result %d: %s", i, line)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no result for job %d while the input stays open", i)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestReadLine(t *testing.T) {
	in := "abc\r\n\nxyz" + strings.Repeat("-", 100) + "\n12345678\nlast"
	br := bufio.NewReaderSize(strings.NewReader(in), 16) // lines span buffer refills
	var got []string
	total := budget.New(1 << 20)
	lr := lineReader{ctx: context.Background(), mem: &batchMemory{total: total, reader: total.Child(0), freed: make(chan struct{}, 1)}}
	for {
		line, long, err := lr.readLine(br, 8)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if long {
			got = append(got, "LONG")
		} else {
			got = append(got, string(line))
		}
	}
	want := []string{"abc", "", "LONG", "12345678", "last"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// cacheLen is the number of surfaces w's cache holds.
func cacheLen(w *Worker) int {
	if w.cache == nil {
		return 0
	}
	return len(w.cache.entries)
}

// TestJobAnisotropy: "anisotropy" reaches the sampler state: each method's
// result is the engine's for that state, and the three differ on a
// sheared footprint.
func TestJobAnisotropy(t *testing.T) {
	const surf = `{"type": "2d", "format": "r32g32b32a32_sfloat", "width": 32, "height": 32, "data": {"hash": {"seed": 7}}}`
	const lanes = `[{"coord": [0.4, 0.6], "ddx": [0.25, 0], "ddy": [0.125, 0.03125]}]`
	seen := map[string]bool{}
	for _, m := range []string{"vulkan", "ewa", "footprint_assembly"} {
		line := job(surf, `{"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 16, "anisotropy": "`+m+`"}`, "sample_d", lanes)
		j := mustDecode(t, line)
		var res sampler.Result
		if err := j.Run(nil, &res); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		w := &Worker{}
		view, err := w.View(&j.Surface)
		if err != nil {
			t.Fatal(err)
		}
		var want sampler.Result
		st := sampler.DefaultState()
		st.MagFilter, st.MinFilter, st.MipFilter, st.MaxAnisotropy = sampler.Linear, sampler.Linear, sampler.MipLinear, 16
		st.Anisotropy, _ = sampler.ParseAnisoMethod(m)
		if err := (&sampler.Engine{}).Execute(view, &st, &j.Request, &want); err != nil {
			t.Fatal(err)
		}
		if res.Vec(0) != want.Vec(0) {
			t.Errorf("%s: job %v, engine %v", m, res.Vec(0), want.Vec(0))
		}
		seen[fmt.Sprint(res.Vec(0))] = true
	}
	if len(seen) != 3 {
		t.Errorf("the three methods give %d distinct values", len(seen))
	}
}
