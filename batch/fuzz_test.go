package batch

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/sampler"
)

// FuzzJob decodes and runs arbitrary lines, on surfaces of at most 64 KiB
// and without file access. No input may panic (a recovered panic is
// reported as ErrPanic, which fails the test), and every result or error
// line must be valid JSON.
func FuzzJob(f *testing.F) {
	golden, err := os.ReadFile("testdata/golden.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range bytes.Split(golden, []byte("\n")) {
		f.Add(line)
	}
	for _, s := range []string{
		``, `{}`, `[]`, `null`, `{"id": 1}`, `{"id": "\xff"}`,
		job(surf2D, "", "sample", `[{"coord": [0, 0]}, {"coord": [1, 0]}, {"coord": [0, 1]}, {"coord": [1, 1]}]`),
		job(`{"type": "cube_array", "format": "r8g8b8a8_srgb", "width": 2, "height": 2, "layers": 12}`, `{"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 16, "seamless_cube": false}`, "sample_d",
			`[{"coord": [1, "NaN", 0, 1e30], "ddx": ["Inf", 0, 0], "ddy": [0, 1e-30, 0]}]`),
		job(`{"type": "2d_array", "format": "d16_unorm", "width": 3, "height": 5, "layers": 2, "tile": [1, 1], "nonresident": [[0, 1, 2, 4]]}`, `{"compare": "never", "reduction": "weighted_average"}`, "gather4_po_l_c",
			`[{"coord": [0.5, 0.5, 1], "lod": -1e10, "ref": "@7f800001", "offset": [-32, 31]}]`),
		job(`{"type": "3d", "format": "r16g16b16a16_sfloat", "width": 7, "height": 3, "depth": 9}`, `{"address": "mirror_clamp_to_edge", "border": [1, 2, 3, 4]}`, "gather4_i",
			`[{"coord": [0.5, 0.5, 0.5]}, {"coord": [0.5, 0.5, 0.5]}, {"coord": [0.5, 0.5, 0.5]}, {"coord": [0.5, 0.5, 0.5]}]`),
	} {
		f.Add([]byte(s))
	}
	// Protocol version 2: definitions, named surfaces ("t" is defined
	// before each input), columnar lanes, bits.
	for _, s := range []string{
		`{"define": "u", "surface": {"type": "2d", "format": "r8_unorm", "width": 4, "height": 4}}`,
		`{"define": "t", "surface": {"type": "1d", "format": "r8_unorm", "width": 4}}`,
		`{"define": "", "surface": {}}`, `{"define": 1}`, `{"define": "x", "surface": "t"}`,
		v2job("1", `"t"`, "sample_l", `{"coord": [[0.5, 0.25], [0.5, "@3f800000"]], "lod": [0, "NaN"]}`, `, "bits": false`),
		v2job("2", `"t"`, "gather4_po", `{"coord": [[0.5], [0.5]], "offset": [[-32], [31]], "channel": [3], "active": [false]}`, ""),
		v2job("3", `"nope"`, "sample", `{"coord": [[0, 1, 0, 1], [0, 0, 1, 1]]}`, `, "bits": true`),
		job(surf2D, "", "fetch", `{"texel": [[0, 1, 2], [3, 4, 5]], "level": [0, 1, 9], "offset": [[1, 2, 3]]}`),
		job(surf2D, "", "sample_d", `{"coord": [[0.5], [0.5]], "ddx": [[1e-3], [0]], "ddy": [[0], [1e-3]], "min_lod": [2]}`),
		job(surf2D, "", "sample_l", `{"coord": [[0.5, 1], [0.5]], "lod": [0, 0]}`),
	} {
		f.Add([]byte(s))
	}
	// The hostile corpus's batch lines (internal/hostile).
	hostile, _ := filepath.Glob("../internal/hostile/testdata/batch-*.jsonl")
	for _, name := range hostile {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range bytes.Split(b, []byte("\n")) {
			f.Add(line)
		}
	}
	noFiles := func(string) ([]byte, error) { return nil, errors.New("no files while fuzzing") }
	f.Fuzz(func(t *testing.T, line []byte) {
		mem := budget.New(16 << 20)
		w := &Worker{MaxSurfaceBytes: 1 << 16, CacheBytes: -1, ReadFile: noFiles}
		def, err := w.Decode([]byte(`{"define": "t", "surface": {"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8}}`))
		if err != nil {
			t.Fatal(err)
		}
		if err := def.Run(w, nil); err != nil {
			t.Fatal(err)
		}
		w.Budget = mem
		j, err := w.Decode(line)
		if err != nil {
			if errors.Is(err, ErrPanic) {
				t.Fatalf("Decode(%q): %v", line, err)
			}
			var id json.RawMessage
			var je *JobError
			if errors.As(err, &je) {
				id = je.ID
			}
			if out := AppendError(nil, id, err); !json.Valid(out) || !utf8.Valid(out) {
				t.Fatalf("Decode(%q): invalid error line %s", line, out)
			}
			if mem.Used() != 0 {
				t.Fatalf("Decode(%q) failed and left %d bytes reserved", line, mem.Used())
			}
			return
		}
		var res sampler.Result
		if err := j.Run(w, &res); err != nil {
			if errors.Is(err, ErrPanic) {
				t.Fatalf("Run(%q): %v", line, err)
			}
			if out := AppendError(nil, j.ID, err); !json.Valid(out) {
				t.Fatalf("Run(%q): invalid error line %s", line, out)
			}
			return
		}
		out := AppendResult(nil, j.ID, j.Request.Active, &res)
		var r struct {
			Results []json.RawMessage
		}
		if err := json.Unmarshal(out, &r); err != nil || len(r.Results) != j.Request.Lanes {
			t.Fatalf("Run(%q): result line %s: %v", line, out, err)
		}
	})
}
