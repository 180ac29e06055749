package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/texunit/texunit/texcache"
)

// runLines runs the JSON lines with opts and returns the output lines.
func runLines(t *testing.T, opts Options, lines ...string) ([]string, Stats) {
	t.Helper()
	var out bytes.Buffer
	st, err := Run(context.Background(), strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, opts)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), st
}

// TestTraceLayoutCache: "trace": true writes each lane's texels; the
// layout changes the offsets, not the results; Options.Cache adds each
// job's counts and MemTrace its misses, in job order, the same with four
// workers as with one.
func TestTraceLayoutCache(t *testing.T) {
	job := func(id, layout string, trace bool) string {
		l := ""
		if layout != "" {
			l = `, "layout": "` + layout + `"`
		}
		tr := ""
		if trace {
			tr = `, "trace": true`
		}
		return `{"id": "` + id + `", "surface": {"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16` + l + `}, ` +
			`"sampler": {"mag": "linear", "min": "linear", "mip": "linear"}, "op": "sample_l"` + tr + `, ` +
			`"lanes": {"coord": [[0.5, 0.25, 0.9], [0.5, 0.75, 0.1]], "lod": [0, 0.5, 1.25], "active": [true, false, true]}}`
	}
	type result struct {
		Results [][]float32
		Texels  [][][7]float64
		Cache   *struct{ Lookups, Hits, Misses, Lines, Memory_bytes int64 }
	}
	parse := func(line string) result {
		var r result
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		return r
	}
	out, _ := runLines(t, Options{Workers: 1}, job("a", "", true), job("b", "tile_y", true), job("c", "", false))
	a, b, c := parse(out[0]), parse(out[1]), parse(out[2])
	if len(a.Texels) != 3 || len(a.Texels[0]) != 4 || a.Texels[1] != nil || len(a.Texels[2]) != 8 {
		t.Fatalf("texels: %v", out[0])
	}
	// Lane 0: u = 0.5·16 − ½ = 7.5: texels 7–8 × 7–8 at level 0, ¼ each.
	if got := a.Texels[0][0]; got != [7]float64{0, 0, 7, 7, 0, 0.25, 4 * (7*16 + 7)} {
		t.Errorf("lane 0's first texel %v", got)
	}
	if c.Texels != nil || c.Cache != nil {
		t.Errorf("an untraced job has texels or cache: %s", out[2])
	}
	for i := range a.Results {
		for k := range a.Results[i] {
			if a.Results[i][k] != b.Results[i][k] {
				t.Errorf("lane %d: tile_y %v, linear %v", i, b.Results[i], a.Results[i])
			}
		}
	}
	if b.Texels[0][0][6] == a.Texels[0][0][6] && b.Texels[0][1][6] == a.Texels[0][1][6] && b.Texels[0][2][6] == a.Texels[0][2][6] {
		t.Errorf("tile_y gave the linear offsets: %v", b.Texels[0])
	}

	cache := &texcache.Config{L1: texcache.Level{LineBytes: 64, Bytes: 256, Ways: 2}}
	var mem1, mem4 bytes.Buffer
	lines := []string{job("a", "", false), job("b", "morton", true), job("c", "block_linear", false), job("d", "", false)}
	out1, st1 := runLines(t, Options{Workers: 1, Cache: cache, MemTrace: &mem1}, lines...)
	out4, st4 := runLines(t, Options{Workers: 4, Cache: cache, MemTrace: &mem4}, lines...)
	if strings.Join(out1, "\n") != strings.Join(out4, "\n") || mem1.String() != mem4.String() || st1.Cache != st4.Cache {
		t.Fatalf("four workers differ from one:\n%s\n%s", strings.Join(out1, "\n"), strings.Join(out4, "\n"))
	}
	var misses int64
	for i, l := range out1 {
		r := parse(l)
		if r.Cache == nil || r.Cache.Lookups == 0 || r.Cache.Hits+r.Cache.Misses != r.Cache.Lookups || r.Cache.Memory_bytes != 64*r.Cache.Misses || r.Cache.Lines > r.Cache.Misses {
			t.Errorf("job %d: cache %+v", i, r.Cache)
		}
		if (r.Texels != nil) != (i == 1) {
			t.Errorf("job %d: texels %v", i, r.Texels != nil)
		}
		misses += r.Cache.Misses
	}
	trace := strings.Split(strings.TrimSuffix(mem1.String(), "\n"), "\n")
	if int64(len(trace)) != misses || st1.Cache.L1.Misses != misses || !strings.HasPrefix(trace[0], "0x") || !strings.HasSuffix(trace[0], " R") {
		t.Errorf("%d trace lines (%q…), %d misses, stats %+v", len(trace), trace[0], misses, st1.Cache)
	}

	// Errors.
	out, _ = runLines(t, Options{}, strings.Replace(job("e", "tiled", false), "", "", 1),
		strings.Replace(job("f", "", false), `"op"`, `"trace": 1, "op"`, 1),
		`{"id": "g", "surface": {"type": "2d", "format": "r8g8b8_unorm", "width": 4, "layout": "tile_4"}, "op": "fetch", "lanes": [{"texel": [0, 0]}]}`)
	for i, want := range []string{`surface.layout: unknown value \"tiled\"`, `trace: `, `surface.layout: tile_4 needs texels (or blocks) of 1, 2, 4, 8 or 16 bytes; r8g8b8_unorm has 3`} {
		if !strings.Contains(out[i], want) {
			t.Errorf("line %d: %s, want %q", i, out[i], want)
		}
	}
	if _, err := Run(context.Background(), strings.NewReader(""), &bytes.Buffer{}, Options{Cache: &texcache.Config{L1: texcache.Level{LineBytes: 64, Bytes: 100, Ways: 1}}}); err == nil {
		t.Error("a bad cache was accepted")
	}
}

// TestFootprintJobs: "footprint" turns a sampling job into the footprint
// query: the lanes' footprints as Engine.Footprint gives them (2D and 3D),
// null for inactive lanes, and the query's errors naming the field.
func TestFootprintJobs(t *testing.T) {
	out, _ := runLines(t, Options{Workers: 2},
		`{"id": 1, "surface": {"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16}, "sampler": {"mag": "linear", "min": "linear", "mip": "linear"}, `+
			`"op": "sample_l", "footprint": {"granularity": 1}, "lanes": {"coord": [[0.5, 0.5, 0.1], [0.0625, 0.0625, 0.2]], "lod": [0, 0.5, 0], "active": [true, true, false]}}`,
		`{"id": 2, "surface": {"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16}, "sampler": {"mag": "linear", "min": "linear", "mip": "linear"}, `+
			`"op": "sample_l", "footprint": {"granularity": 1, "coarse": true}, "lanes": {"coord": [[0.5, 0.5], [0.0625, 0.0625]], "lod": [0, 0.5]}}`,
		`{"id": 3, "surface": {"type": "3d", "format": "r8_unorm", "width": 8, "height": 8, "depth": 8}, "sampler": {"mag": "linear", "min": "linear"}, `+
			`"op": "sample_lz", "footprint": {"granularity": 1}, "lanes": [{"coord": [0.5, 0.5, 0.5]}]}`,
		`{"id": 4, "surface": {"type": "cube", "format": "r8_unorm", "width": 8, "height": 8}, "op": "sample_lz", "footprint": {"granularity": 1}, "lanes": [{"coord": [1, 0, 0]}]}`,
		`{"id": 5, "surface": {"type": "2d", "format": "r8_unorm", "width": 8}, "op": "sample_lz", "footprint": {"granularity": 8}, "lanes": [{"coord": [0.5, 0.5]}]}`,
		`{"id": 6, "surface": {"type": "2d", "format": "r8_unorm", "width": 8}, "op": "sample_lz", "footprint": {"coarse": true}, "lanes": [{"coord": [0.5, 0.5]}]}`,
		`{"id": 7, "surface": {"type": "2d", "format": "r8_unorm", "width": 8}, "op": "gather4", "footprint": {"granularity": 1}, "lanes": [{"coord": [0.5, 0.5]}]}`,
		`{"id": 8, "surface": {"type": "3d", "format": "r8_unorm", "width": 300, "height": 4, "depth": 4, "levels": 1}, "sampler": {"mag": "linear", "min": "linear", "max_anisotropy": 16, "address": "clamp_to_edge"}, `+
			`"op": "sample_d", "footprint": {"granularity": 14}, "lanes": [{"coord": [0.5, 0.5, 0.5], "ddx": [1, 0, 0], "ddy": [0, 0.01, 0]}, {"coord": [0.5, 0.5, 0.5], "ddx": [0.01, 0, 0], "ddy": [0, 0.01, 0]}]}`,
	)
	for i, want := range []string{
		// Lanes 0 and 1 at (0.5, 0.0625): texels 7–8 × 0–1 of level 0, groups
		// (3, 0) and (4, 0); lane 1 (λ 0.5) reads level 1 too.
		`{"id":1,"footprints":[{"single":true,"anchor":[1,0],"offset":[5,0],"mask":[24,0],"lod":0,"granularity":0},{"single":false,"anchor":[1,0],"offset":[5,0],"mask":[24,0],"lod":0,"granularity":0},null]}`,
		// Coarse: lane 0 reads one level (empty footprint); lane 1 texels
		// 3–4 × 0–1 of level 1, groups (1, 0) and (2, 0).
		`{"id":2,"footprints":[{"single":true,"anchor":[0,0],"offset":[0,0],"mask":[0,0],"lod":0,"granularity":0},{"single":false,"anchor":[1,0],"offset":[7,0],"mask":[6,0],"lod":1,"granularity":0}]}`,
		`{"id":3,"footprints":[{"single":true,"anchor":[1,1,1],"offset":[3,3,3],"mask":[`,
		`{"id":4,"error":"surface.type: cube has no footprint (2d and 3d only)"}`,
		`{"id":5,"error":"granularity: 8 is not supported for 2D footprints (1-7, 11-15)"}`,
		`{"id":6,"error":"footprint.granularity: missing"}`,
		`{"id":7,"error":"op: gather4 has no footprint (sample, sample_b, sample_l, sample_lz, sample_d)"}`,
		// Lane 0's sixteen probes span the 300 texels of x, five groups of
		// 64 at the largest 3D granularity: the footprint says it is
		// truncated; lane 1's bilinear footprint (texels 149–150, group 2) fits.
		`{"id":8,"footprints":[{"single":true,"anchor":[0,0,0],"offset":[0,0,0],"mask":[15,0],"lod":0,"granularity":0,"truncated":true},{"single":true,"anchor":[1,0,0],"offset":[2,0,0],"mask":[4,0],"lod":0,"granularity":0}]}`,
	} {
		if !strings.HasPrefix(out[i], want) {
			t.Errorf("job %d:\n got %s\nwant %s", i+1, out[i], want)
		}
	}
}

// TestDerivativesJob: "derivatives": "fine" reaches the request (a
// non-affine quad's LOD changes in lanes 1–3, not in lane 0), "coarse" is
// the default, and another value is an error naming it.
func TestDerivativesJob(t *testing.T) {
	job := func(d string) string {
		return `{"surface": {"type": "2d", "format": "r8_unorm", "width": 64, "height": 64}, "sampler": {"mag": "linear", "min": "linear", "mip": "linear"}, "op": "lod"` + d +
			`, "lanes": {"coord": [[0.1, 0.2, 0.1, 0.5], [0.1, 0.1, 0.3, 0.9]]}}`
	}
	out, _ := runLines(t, Options{Workers: 1}, job(""), job(`, "derivatives": "coarse"`), job(`, "derivatives": "fine"`), job(`, "derivatives": "medium"`))
	type lod struct{ Results [][]float32 }
	var c, c2, f lod
	for i, v := range []*lod{&c, &c2, &f} {
		if err := json.Unmarshal([]byte(out[i]), v); err != nil {
			t.Fatalf("%s: %v", out[i], err)
		}
	}
	if fmt.Sprint(c.Results) != fmt.Sprint(c2.Results) || c.Results[0][1] != f.Results[0][1] || c.Results[3][1] == f.Results[3][1] {
		t.Errorf("coarse %v, coarse %v, fine %v", c.Results, c2.Results, f.Results)
	}
	if !strings.Contains(out[3], `derivatives: unknown value \"medium\" (want one of coarse, fine)`) {
		t.Errorf("medium: %s", out[3])
	}
}

// TestProjectiveJob: "projective": true takes q after the coordinates
// (row and columnar lanes) and divides them, as the request does.
func TestProjectiveJob(t *testing.T) {
	surf := `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8}`
	out, _ := runLines(t, Options{Workers: 1},
		`{"surface": `+surf+`, "op": "sample_lz", "projective": true, "lanes": [{"coord": [0.75, 0.25, 1.5]}, {"coord": [1, 2, 4]}]}`,
		`{"surface": `+surf+`, "op": "sample_lz", "projective": true, "lanes": {"coord": [[0.75, 1], [0.25, 2], [1.5, 4]]}}`,
		`{"surface": `+surf+`, "op": "sample_lz", "lanes": [{"coord": [0.5, 0.16666667]}, {"coord": [0.25, 0.5]}]}`,
		`{"surface": `+surf+`, "op": "sample_lz", "projective": true, "lanes": [{"coord": [0.5, 0.5]}]}`,
		`{"surface": {"type": "2d_array", "format": "r8_unorm", "width": 8, "layers": 2}, "op": "sample_lz", "projective": true, "lanes": [{"coord": [0.5, 0.5, 0, 1]}]}`,
	)
	if out[0] != out[1] || out[0] != out[2] {
		t.Errorf("projective rows %s\ncolumns %s\ndivided %s", out[0], out[1], out[2])
	}
	if !strings.Contains(out[3], `lanes[0].coord: want 3 values for 2d, got 2`) {
		t.Errorf("missing q: %s", out[3])
	}
	if !strings.Contains(out[4], `projective: 2d_array surfaces have no projective operations`) {
		t.Errorf("array: %s", out[4])
	}
}
