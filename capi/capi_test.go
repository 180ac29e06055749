package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// testJob is one line of testdata/jobs.jsonl: the batch's job, and its
// parts as JSON text.
type testJob struct {
	id                  string
	line                []byte
	surf, smp, prec, op string
	job                 *batch.Job
}

func readJobs(t testing.TB) []testJob {
	t.Helper()
	f, err := os.Open("testdata/jobs.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var jobs []testJob
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := append([]byte(nil), sc.Bytes()...)
		var m map[string]json.RawMessage
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatal(err)
		}
		j := testJob{line: line, surf: string(m["surface"]), smp: string(m["sampler"]), prec: string(m["precision"])}
		json.Unmarshal(m["id"], &j.id)
		json.Unmarshal(m["op"], &j.op)
		if j.job, err = batch.Decode(line); err != nil {
			t.Fatalf("%s: %v", j.id, err)
		}
		jobs = append(jobs, j)
	}
	if len(jobs) < 20 {
		t.Fatalf("%d jobs", len(jobs))
	}
	return jobs
}

// arrays holds the caller's arrays of a request (Go memory standing for
// C memory) in one layout.
type arrays struct {
	coord, lod, bias, ref, ddx, ddy, minLod []float32
	offset, channel, texel, level, sample   []int32
	active                                  []uint8
}

// pack writes n components of lanes values each into one array of the
// layout, or nil when the first component is nil.
func pack[T any](comps [][]T, n, lanes, layout int) []T {
	if n == 0 || comps[0] == nil {
		return nil
	}
	out := make([]T, n*lanes)
	for c := 0; c < n; c++ {
		for i := 0; i < lanes; i++ {
			if layout == laneMajor {
				out[i*n+c] = comps[c][i]
			} else {
				out[c*lanes+i] = comps[c][i]
			}
		}
	}
	return out
}

func ptr[T any](s []T) *T {
	if s == nil {
		return nil
	}
	if len(s) == 0 {
		return new(T)
	}
	return &s[0]
}

// operandsOf makes the caller's arrays of a batch request, and the
// operands naming them.
func operandsOf(req *sampler.Request, k surface.Kind, layout int) (*arrays, operands) {
	n := req.Lanes
	nCoord, nGrad := counts(k)
	a := &arrays{
		coord: pack(req.Coord[:], nCoord, n, layout),
		lod:   req.Lod, bias: req.Bias, ref: req.Ref, minLod: req.MinLod,
		ddx: pack(req.DDX[:], nGrad, n, layout), ddy: pack(req.DDY[:], nGrad, n, layout),
		offset: pack(req.Offset[:], 3, n, layout),
		texel:  pack(req.Texel[:], nCoord, n, layout),
		level:  req.Level, sample: req.Sample,
	}
	if req.Channel != nil {
		a.channel = make([]int32, n)
		for i, c := range req.Channel {
			a.channel[i] = int32(c)
		}
	}
	if req.Active != nil {
		a.active = make([]uint8, n)
		for i, on := range req.Active {
			if on {
				a.active[i] = 1
			}
		}
	}
	o := operands{
		lanes: int32(n), layout: int32(layout),
		coord: ptr(a.coord), lod: ptr(a.lod), bias: ptr(a.bias), ref: ptr(a.ref),
		ddx: ptr(a.ddx), ddy: ptr(a.ddy), offset: ptr(a.offset), channel: ptr(a.channel),
		texel: ptr(a.texel), level: ptr(a.level), sample: ptr(a.sample), minLod: ptr(a.minLod),
		active: ptr(a.active),
	}
	if a.offset != nil {
		o.offsetCount = 3
	}
	return a, o
}

// output is a request's result arrays and results naming them.
type output struct {
	values   []uint32
	resident []uint8
	errors   []int32
	messages []byte
	r        results
}

func newOutput(lanes int) *output {
	o := &output{
		values: make([]uint32, 4*lanes+1), resident: make([]uint8, lanes+1),
		errors: make([]int32, lanes+1), messages: make([]byte, 4096),
	}
	for i := range o.values {
		o.values[i] = 0xdeadbeef // every lane's words are written
	}
	o.r = results{
		values: unsafe.Pointer(&o.values[0]), resident: &o.resident[0], errors: &o.errors[0],
		messages: &o.messages[0], messagesSize: uintptr(len(o.messages)),
	}
	return o
}

// run executes a test job through the C interface's Go side.
func (j *testJob) run(t testing.TB, layout int) (*output, int, error) {
	t.Helper()
	s, err := newSurface(j.surf)
	if err != nil {
		t.Fatalf("%s: surface: %v", j.id, err)
	}
	st, err := newSampler(j.smp)
	if err != nil {
		t.Fatalf("%s: sampler: %v", j.id, err)
	}
	eng, err := newEngine(j.prec)
	if err != nil {
		t.Fatalf("%s: precision: %v", j.id, err)
	}
	op, err := parseOp(j.op)
	if err != nil {
		t.Fatal(err)
	}
	_, in := operandsOf(&j.job.Request, s.view.Surface.Kind, layout)
	out := newOutput(j.job.Request.Lanes)
	out.r.layout = int32(layout)
	status, err := execute(eng, s.view, st, op, &in, &out.r, nil)
	return out, status, err
}

// TestAgainstBatch runs every test job through the batch and through the C
// interface in both layouts: the same bits, residency, value kind, lane
// errors and messages, and the same job errors.
func TestAgainstBatch(t *testing.T) {
	for _, j := range readJobs(t) {
		var want sampler.Result
		wantErr := j.job.Run(&batch.Worker{CacheBytes: -1}, &want)
		for _, layout := range []int{laneMajor, componentMajor} {
			t.Run(fmt.Sprintf("%s/layout%d", j.id, layout), func(t *testing.T) {
				out, status, err := j.run(t, layout)
				if wantErr != nil {
					if err == nil || err.Error() != wantErr.Error() || status != statusRequest {
						t.Fatalf("got status %d, %v; want %d, %v", status, err, statusRequest, wantErr)
					}
					return
				}
				if err != nil {
					t.Fatalf("status %d: %v", status, err)
				}
				checkResult(t, &j.job.Request, &want, out, layout)
				line := string(batch.AppendResult(nil, nil, j.job.Request.Active, &want))
				if strings.Contains(line, `"errors"`) != (status == statusLaneErrors) {
					t.Errorf("status %d for %s", status, line)
				}
			})
		}
	}
}

// TestCallReuse runs every test job, in both layouts, one after another
// through one call's working memory without clearing it between them (as
// texunit_execute_many does), three times over in different orders: each
// result is the one a fresh call gives. A request of another shape than
// the last must not see the last one's operands.
func TestCallReuse(t *testing.T) {
	type run struct {
		j      testJob
		layout int
	}
	var runs []run
	for _, j := range readJobs(t) {
		runs = append(runs, run{j, laneMajor}, run{j, componentMajor})
	}
	c := new(call)
	for pass := range 3 {
		for k := range runs {
			r := runs[k]
			if pass == 1 {
				r = runs[len(runs)-1-k]
			} else if pass == 2 {
				r = runs[(k*7)%len(runs)]
			}
			want, wantStatus, wantErr := r.j.run(t, r.layout)
			s, err := newSurface(r.j.surf)
			if err != nil {
				t.Fatal(err)
			}
			st, _ := newSampler(r.j.smp)
			eng, _ := newEngine(r.j.prec)
			op, _ := parseOp(r.j.op)
			_, in := operandsOf(&r.j.job.Request, s.view.Surface.Kind, r.layout)
			got := newOutput(r.j.job.Request.Lanes)
			got.r.layout = int32(r.layout)
			status, err := c.execute(eng, s.view, st, op, &in, &got.r, nil)
			if status != wantStatus || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("%s/layout%d: status %d, %v; a fresh call %d, %v", r.j.id, r.layout, status, err, wantStatus, wantErr)
			}
			if !slices.Equal(got.values, want.values) || !slices.Equal(got.resident, want.resident) ||
				!slices.Equal(got.errors, want.errors) || !bytes.Equal(got.messages, want.messages) || !sameOut(got.r, want.r) {
				t.Fatalf("%s/layout%d: results differ from a fresh call's", r.j.id, r.layout)
			}
		}
	}
}

// sameOut compares what execute writes to results (not the pointers).
func sameOut(a, b results) bool {
	return a.kind == b.kind && a.failed == b.failed && a.messagesNeeded == b.messagesNeeded
}

func checkResult(t *testing.T, req *sampler.Request, want *sampler.Result, out *output, layout int) {
	t.Helper()
	n := req.Lanes
	if out.r.kind != int32(want.Kind) {
		t.Errorf("kind %d, want %d", out.r.kind, want.Kind)
	}
	var msgs []string
	for i := 0; i < n; i++ {
		failed := want.LaneErr != nil && want.LaneErr[i] != nil
		ran := (req.Active == nil || req.Active[i]) && !failed
		for c := 0; c < 4; c++ {
			got := out.values[4*i+c]
			if layout == componentMajor {
				got = out.values[c*n+i]
			}
			w := want.Bits[c][i]
			if !ran {
				w = 0 // the batch writes null; the C interface zero
			}
			if got != w {
				t.Errorf("lane %d channel %d: %#08x, want %#08x", i, c, got, w)
			}
		}
		if r := out.resident[i] != 0; r != want.Resident[i] || (!ran && !r) {
			t.Errorf("lane %d: resident %v, want %v", i, r, want.Resident[i])
		}
		code := out.errors[i]
		if failed {
			msgs = append(msgs, want.LaneErr[i].Error())
			if code == laneOK || code == laneOther {
				t.Errorf("lane %d: code %d for %v", i, code, want.LaneErr[i])
			}
		} else if code != laneOK {
			t.Errorf("lane %d: code %d without an error", i, code)
		}
	}
	if out.values[4*n] != 0xdeadbeef || out.resident[n] != 0 || out.errors[n] != 0 {
		t.Errorf("wrote beyond lane %d", n)
	}
	wantMsgs := ""
	if len(msgs) > 0 {
		wantMsgs = strings.Join(msgs, "\n") + "\n"
	}
	got := string(out.messages[:strings.IndexByte(string(out.messages), 0)])
	if got != wantMsgs || int(out.r.failed) != len(msgs) || out.r.messagesNeeded != uintptr(len(wantMsgs)+1) {
		t.Errorf("messages %q (failed %d, needed %d), want %q", got, out.r.failed, out.r.messagesNeeded, wantMsgs)
	}
}

// TestMessagesCut checks that messages that do not fit are left out
// whole, and that messagesNeeded says what would fit them all.
func TestMessagesCut(t *testing.T) {
	var j testJob
	for _, x := range readJobs(t) {
		if x.id == "bilinear" {
			j = x
		}
	}
	full := "lane 4: offset[0]: 9 is out of range (-8..7)\n"
	for _, size := range []int{0, 1, len(full), len(full) + 1} {
		out, status, err := j.run(t, laneMajor)
		if err != nil || status != statusLaneErrors {
			t.Fatal(status, err)
		}
		msgs := make([]byte, size+1)
		msgs[size] = 'x'
		out.r.messages, out.r.messagesSize = nil, 0
		if size > 0 {
			out.r.messages, out.r.messagesSize = &msgs[0], uintptr(size)
		}
		laneErrors(errorsOf(t, &j), &out.r)
		want := ""
		if size > len(full) {
			want = full
		}
		if size > 0 {
			if got := string(msgs[:strings.IndexByte(string(msgs), 0)]); got != want {
				t.Errorf("size %d: %q, want %q", size, got, want)
			}
		}
		if msgs[size] != 'x' || out.r.messagesNeeded != uintptr(len(full)+1) {
			t.Errorf("size %d: wrote past the end, or needed %d", size, out.r.messagesNeeded)
		}
	}
}

func errorsOf(t *testing.T, j *testJob) []error {
	var res sampler.Result
	if err := j.job.Run(nil, &res); err != nil {
		t.Fatal(err)
	}
	return res.LaneErr
}

// TestOperandErrors checks the errors of operands the batch would refuse
// in a lane, and of what only C can get wrong.
func TestOperandErrors(t *testing.T) {
	s, err := newSurface(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8}`)
	if err != nil {
		t.Fatal(err)
	}
	st := sampler.DefaultState()
	f := make([]float32, 64)
	i32 := make([]int32, 64)
	for _, c := range []struct {
		op     sampler.Op
		in     operands
		status int
		want   string
	}{
		{sampler.OpSampleL, operands{lanes: 4, coord: &f[0]}, statusInvalid, "lod: missing (sample_l needs it)"},
		{sampler.OpSampleL, operands{lanes: 4, lod: &f[0]}, statusInvalid, "coord: missing (sample_l needs it)"},
		{sampler.OpSampleL, operands{lanes: 4, coord: &f[0], lod: &f[0], bias: &f[0]}, statusInvalid, "bias: sample_l does not use bias"},
		{sampler.OpSample, operands{lanes: 4, coord: &f[0], ref: &f[0]}, statusInvalid, "ref: sample does not use ref"},
		{sampler.OpFetch, operands{lanes: 4, coord: &f[0], texel: &i32[0]}, statusInvalid, "coord: fetch does not use coord"},
		{sampler.OpSampleInfo, operands{lanes: 4, level: &i32[0]}, statusInvalid, "level: sampleinfo does not use level"},
		{sampler.OpGather4C, operands{lanes: 4, coord: &f[0], ref: &f[0], channel: &i32[0]}, statusInvalid, "channel: gather4_c does not use channel"},
		{sampler.OpSampleD, operands{lanes: 4, coord: &f[0], ddx: &f[0]}, statusInvalid, "ddy: missing (sample_d needs it)"},
		{sampler.OpGather4, operands{lanes: 4, coord: &f[0], channel: &[]int32{0, 1, 256, 0}[0]}, statusInvalid, "channel[2]: 256 is out of range (0..255)"},
		{sampler.OpSampleLZ, operands{lanes: 4, coord: &f[0], offset: &i32[0], offsetCount: 4}, statusInvalid, "offset_count: 4 is out of range (1..3)"},
		{sampler.OpSampleLZ, operands{lanes: -1, coord: &f[0]}, statusInvalid, "lanes: -1 is out of range (0..16777216)"},
		{sampler.OpSampleLZ, operands{lanes: 4, layout: 2, coord: &f[0]}, statusInvalid, "layout: 2 is neither"},
		{sampler.OpSampleLZ, operands{lanes: 4, coord: &f[0]}, statusInvalid, "results layout: -1 is neither"},
		{sampler.Op(200), operands{lanes: 4}, statusInvalid, "op: 200 is not an operation (0..28)"},
		{sampler.OpSample, operands{lanes: 3, coord: &f[0]}, statusRequest, "lanes: sample works on 2x2 quads, so lanes must be a multiple of 4 (have 3)"},
		{sampler.OpFetchMS, operands{lanes: 1, texel: &i32[0]}, statusRequest, "op: fetch_ms needs a multisample surface"},
	} {
		out := newOutput(64)
		if strings.HasPrefix(c.want, "results layout") {
			out.r.layout = -1
		}
		status, err := execute(&sampler.Engine{}, s.view, &st, c.op, &c.in, &out.r, nil)
		if status != c.status || err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s %+v: status %d, %v; want %d, %q", c.op, c.in, status, err, c.status, c.want)
		}
		if err != nil && statusOf(err) != status {
			t.Errorf("%v: statusOf %d, status %d", err, statusOf(err), status)
		}
	}
	// Every lane inactive: needed operands may be left out, as a batch
	// lane's.
	out := newOutput(4)
	in := operands{lanes: 4, coord: &f[0], active: &make([]uint8, 4)[0]}
	if status, err := execute(&sampler.Engine{}, s.view, &st, sampler.OpSampleL, &in, &out.r, nil); status != statusOK {
		t.Errorf("all inactive: %d, %v", status, err)
	}
	// values NULL.
	out.r.values = nil
	in.active = nil
	in.lod = &f[0]
	if status, err := execute(&sampler.Engine{}, s.view, &st, sampler.OpSampleL, &in, &out.r, nil); status != statusInvalid {
		t.Errorf("values NULL: %d, %v", status, err)
	}
}

// TestObjects checks the surfaces, samplers and engines made from JSON,
// files and memory, and their errors.
func TestObjects(t *testing.T) {
	for _, c := range []struct {
		make   func() error
		status int
		want   string
	}{
		{func() error { _, err := newSurface(`{"type": "2d", "format": "r9", "width": 4}`); return err },
			statusInvalid, `surface.format: unknown format "r9"`},
		{func() error { _, err := newSurface(`{"type": "2d"`); return err }, statusInvalid, "surface: invalid JSON"},
		{func() error {
			_, err := newSurface(`{"type": "2d", "format": "r8_unorm", "width": 65536, "height": 65536}`)
			return err
		}, statusMemory, "surface.size"},
		{func() error {
			_, err := newSurface(`{"type": "2d", "format": "r8_unorm", "width": 4, "height": 4, "levels": 9}`)
			return err
		}, statusInvalid, "surface.levels"},
		{func() error {
			_, err := newSurface(`{"type": "2d", "format": "r32g32b32a32_sfloat", "width": 16384, "height": 16384}`)
			return err
		}, statusMemory, "bytes exceeds the limit of 1073741824 bytes"},
		{func() error {
			_, err := newSurface(`{"type": "2d", "data": {"image": "/etc/passwd"}}`)
			return err
		}, statusFile, "surface.data.image"},
		{func() error { _, err := newSampler(`{"mag": "bicubic"}`); return err }, statusInvalid, `sampler.mag: unknown value "bicubic"`},
		{func() error { _, err := newEngine(`{"mode": "fast"}`); return err }, statusInvalid, `precision.mode: unknown value "fast"`},
		{func() error { _, err := newEngine(`{"mode": "hardware", "lod_bits": 17}`); return err }, statusInvalid, "precision.lod_bits: 17 is out of range (1..16)"},
		{func() error { _, err := newEngine(`{}, "op": "x"`); return err }, statusInvalid, "precision: invalid character"},
		{func() error { _, err := newEngine(`[1]`); return err }, statusInvalid, "precision: json: cannot unmarshal"},
		{func() error {
			_, err := surfaceFromMemory(`{"type": "2d", "format": "r8_unorm", "width": 2, "height": 2}`, []byte{1, 2, 3})
			return err
		}, statusInvalid, "data: the caller's 3 bytes, which"},
		{func() error {
			_, err := surfaceFromMemory(`{"type": "2d", "format": "r8_unorm", "width": 2, "data": {"coords": true}}`, []byte{1, 2})
			return err
		}, statusInvalid, "surface.data: not allowed here"},
		{func() error { _, err := surfaceFromFile("testdata/none.png", nil); return err }, statusFile, "open testdata/none.png"},
		{func() error { _, err := surfaceFromFile("testdata/jobs.jsonl", nil); return err }, statusFile, "testdata/jobs.jsonl"},
		{func() error {
			s := `{"type": "3d"}`
			_, err := surfaceFromFile("../texfile/testdata/rgba8.png", &s)
			return err
		},
			statusInvalid, "surface.type: 3d"},
		{func() error { s := `{"type": "2d"}`; _, err := surfaceFromFile("testdata/none.png", &s); return err },
			statusFile, "surface.data.image"},
	} {
		err := c.make()
		if err == nil || !strings.Contains(err.Error(), c.want) || statusOf(err) != c.status {
			st := 0
			if err != nil {
				st = statusOf(err)
			}
			t.Errorf("%v (status %d), want %q (status %d)", err, st, c.want, c.status)
		}
	}
	// Memory and files give the texels the batch gives.
	s, err := surfaceFromMemory(`{"type": "2d", "format": "r8_unorm", "width": 2, "height": 2, "levels": 1, "swizzle": "rrr1"}`, []byte{0, 51, 102, 255})
	if err != nil {
		t.Fatal(err)
	}
	if got := fetchAll(t, s, 4); got != "[0 0 0 1] [0.2 0.2 0.2 1] [0.4 0.4 0.4 1] [1 1 1 1]" {
		t.Errorf("from memory: %s", got)
	}
	png := "../texfile/testdata/rgba8.png"
	a, err := surfaceFromFile(png, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := `{"type": "2d_array", "format": "r8g8b8a8_unorm"}`
	b, err := surfaceFromFile(png, &text)
	if err != nil {
		t.Fatal(err)
	}
	if in := infoOf(b); in.kind != "2d_array" || in.format != "r8g8b8a8_unorm" || in.coordCount != 3 {
		t.Errorf("info %+v", in)
	}
	all := a.view.Surface.Width * a.view.Surface.Height
	if infoOf(a).format != "r8g8b8a8_srgb" || fetchAll(t, a, all) == fetchAll(t, b, all) {
		t.Errorf("the sRGB file and its UNORM twin read alike: %s", fetchAll(t, a, all))
	}
}

// fetchAll fetches the first n texels of row 0 (layer 0) as floats.
func fetchAll(t *testing.T, s *surfaceObject, n int) string {
	nCoord, _ := counts(s.view.Surface.Kind)
	texel := make([]int32, n*nCoord)
	for i := 0; i < n; i++ {
		texel[i*nCoord] = int32(i % s.view.Surface.Width)
		texel[i*nCoord+1] = int32(i / s.view.Surface.Width)
	}
	out := newOutput(n)
	in := operands{lanes: int32(n), texel: &texel[0]}
	if status, err := execute(&sampler.Engine{}, s.view, &defaultState, sampler.OpFetch, &in, &out.r, nil); err != nil {
		t.Fatal(status, err)
	}
	var parts []string
	for i := 0; i < n; i++ {
		var v [4]float32
		for c := range v {
			v[c] = float32(int(math.Float32frombits(out.values[4*i+c])*1000+0.5)) / 1000
		}
		parts = append(parts, fmt.Sprint(v))
	}
	return strings.Join(parts, " ")
}

// TestHandles checks that handles name their object until freed, and
// that freed, zero, forged and other kinds' handles are refused.
func TestHandles(t *testing.T) {
	st := sampler.DefaultState()
	a, err := newHandle(&object{kind: kindSampler, st: &st})
	if err != nil {
		t.Fatal(err)
	}
	if o, err := lookup(kindSampler, a); err != nil || o.st != &st {
		t.Fatal(o, err)
	}
	for _, c := range []struct {
		kind handleKind
		id   uint64
		want string
	}{
		{kindSampler, 0, "sampler: the handle is zero"},
		{kindSurface, a, "is a sampler handle, not a surface"},
		{kindSampler, a + 1<<40, "names no live sampler"},
		{kindSampler, a | 0xffffffff, "names no live sampler"},
		{kindEngine, 3<<56 | 0xfffffff, "names no live engine"},
	} {
		if _, err := lookup(c.kind, c.id); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("lookup(%s, %#x): %v, want %q", c.kind, c.id, err, c.want)
		}
	}
	if err := freeHandle(kindSurface, a); err == nil {
		t.Error("freed a sampler as a surface")
	}
	if err := freeHandle(kindSampler, a); err != nil {
		t.Fatal(err)
	}
	if _, err := lookup(kindSampler, a); err == nil {
		t.Error("a freed handle still names its object")
	}
	if err := freeHandle(kindSampler, a); err == nil {
		t.Error("freed twice")
	}
	// The slot is reused with a new generation: the old id stays dead.
	ids := map[uint64]bool{}
	for i := 0; i < 3000; i++ {
		b, err := newHandle(&object{kind: kindSampler, st: &st})
		if err != nil {
			t.Fatal(err)
		}
		if b == a || ids[b] {
			t.Fatalf("id %#x given twice", b)
		}
		ids[b] = true
	}
	for id := range ids {
		if err := freeHandle(kindSampler, id); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHeader checks texunit.h's constants against the Go side's, and its
// operation codes and capi.c's names against package sampler's.
func TestHeader(t *testing.T) {
	h, err := os.ReadFile("texunit.h")
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s*(TEXUNIT_[A-Z0-9_]+) = (-?\d+)`).FindAllSubmatch(h, -1) {
		v, _ := strconv.Atoi(string(m[2]))
		consts[string(m[1])] = v
	}
	for name, v := range map[string]int{
		"TEXUNIT_OK": statusOK, "TEXUNIT_LANE_ERRORS": statusLaneErrors, "TEXUNIT_EINVAL": statusInvalid,
		"TEXUNIT_EHANDLE": statusHandle, "TEXUNIT_EREQUEST": statusRequest, "TEXUNIT_EFILE": statusFile,
		"TEXUNIT_EMEMORY": statusMemory, "TEXUNIT_EINTERNAL": statusInternal,
		"TEXUNIT_LANE_OK": laneOK, "TEXUNIT_LANE_OFFSET": laneOffset, "TEXUNIT_LANE_CHANNEL": laneChannel,
		"TEXUNIT_LANE_SAMPLE": laneSample, "TEXUNIT_LANE_OTHER": laneOther,
		"TEXUNIT_FLOAT": int(sampler.ValueFloat), "TEXUNIT_UINT": int(sampler.ValueUint), "TEXUNIT_SINT": int(sampler.ValueSint),
		"TEXUNIT_LANE_MAJOR": laneMajor, "TEXUNIT_COMPONENT_MAJOR": componentMajor,
	} {
		if got, ok := consts[name]; !ok || got != v {
			t.Errorf("%s = %d in texunit.h, %d here", name, got, v)
		}
	}
	ops := sampler.Ops()
	for _, op := range ops {
		name := "TEXUNIT_OP_" + strings.ToUpper(op.String())
		if got, ok := consts[name]; !ok || got != int(op) {
			t.Errorf("%s = %d (present %v), want %d", name, got, ok, op)
		}
		if got, ok := opName(int(op)); !ok || got != op.String() {
			t.Errorf("texunit_op_name(%d) = %q", op, got)
		}
		if got, err := parseOp(op.String()); err != nil || got != op {
			t.Errorf("parseOp(%s) = %d, %v", op, got, err)
		}
	}
	if _, ok := opName(len(ops)); ok {
		t.Error("texunit_op_name names a code past the last")
	}
	if _, ok := opName(-1); ok {
		t.Error("texunit_op_name(-1)")
	}
	if _, err := parseOp("sample_x"); err == nil || !strings.HasPrefix(err.Error(), `op: unknown operation "sample_x" (want one of sample, `) {
		t.Error(err)
	}
}

// TestConcurrent runs every job from many goroutines at once on shared
// objects and engines (go test -race checks the sharing).
func TestConcurrent(t *testing.T) {
	jobs := readJobs(t)
	type prepared struct {
		s    *surfaceObject
		st   *sampler.State
		eng  *sampler.Engine
		op   sampler.Op
		in   operands
		want []uint32
	}
	var ps []prepared
	for _, j := range jobs {
		out, status, err := j.run(t, laneMajor)
		if err != nil {
			continue
		}
		_ = status
		s, _ := newSurface(j.surf)
		st, _ := newSampler(j.smp)
		eng, _ := newEngine(j.prec)
		op, _ := parseOp(j.op)
		arr, in := operandsOf(&j.job.Request, s.view.Surface.Kind, laneMajor)
		runtimeKeep = append(runtimeKeep, arr)
		ps = append(ps, prepared{s, st, eng, op, in, out.values})
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 40; k++ {
				p := &ps[(g+k)%len(ps)]
				out := newOutput(int(p.in.lanes))
				execute(p.eng, p.s.view, p.st, p.op, &p.in, &out.r, nil)
				for i := range p.want {
					if out.values[i] != p.want[i] {
						errs <- fmt.Errorf("goroutine %d: word %d: %#x, want %#x", g, i, out.values[i], p.want[i])
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

var runtimeKeep []*arrays

// TestNoAllocations checks that a warm call allocates nothing, in both
// layouts, with and without the caller's residency flags.
func TestNoAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s, err := newSurface(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64, "levels": 0}`)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := newSampler(`{"mag": "linear", "min": "linear", "mip": "linear"}`)
	for _, layout := range []int{laneMajor, componentMajor} {
		const n = 64
		coord := make([]float32, 2*n)
		lod := make([]float32, n)
		for i := range coord {
			coord[i] = float32(i) / (2 * n)
		}
		in := operands{lanes: n, layout: int32(layout), coord: &coord[0], lod: &lod[0]}
		for _, withResident := range []bool{true, false} {
			out := newOutput(n)
			out.r.layout = int32(layout)
			if !withResident {
				out.r.resident = nil // the flags stay the engine's own, kept from call to call
			}
			eng := &sampler.Engine{}
			allocs := testing.AllocsPerRun(100, func() {
				if _, err := execute(eng, s.view, st, sampler.OpSampleL, &in, &out.r, nil); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 {
				t.Errorf("layout %d, resident %v: %v allocations per call", layout, withResident, allocs)
			}
		}
	}
}

// TestErrorsAreStatus checks statusOf on wrapped errors.
func TestErrorsAreStatus(t *testing.T) {
	if s := statusOf(fmt.Errorf("x: %w", &statusError{statusHandle, errors.New("h")})); s != statusHandle {
		t.Error(s)
	}
	if s := statusOf(fmt.Errorf("x: %w", batch.ErrPanic)); s != statusInternal {
		t.Error(s)
	}
}

// TestExecuteTraced runs every test job through the traced call and
// through the batch's job with a Trace: the same texels, lane starts and
// texel size, and the results of the untraced call.
func TestExecuteTraced(t *testing.T) {
	for _, j := range readJobs(t) {
		want := sampler.Result{Trace: &sampler.Trace{}}
		if err := j.job.Run(&batch.Worker{CacheBytes: -1}, &want); err != nil {
			continue
		}
		s, err := newSurface(j.surf)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := newSampler(j.smp)
		eng, _ := newEngine(j.prec)
		op, _ := parseOp(j.op)
		_, in := operandsOf(&j.job.Request, s.view.Surface.Kind, laneMajor)
		out := newOutput(j.job.Request.Lanes)
		var got struct {
			Texels     []sampler.TracedTexel
			Start      []int32
			TexelBytes int
		}
		tr := traceOut{write: func(x *sampler.Trace) {
			got.Texels = append(got.Texels[:0], x.Texels()...)
			got.Start = append(got.Start[:0], x.Start...)
			got.TexelBytes = x.TexelBytes
		}}
		if _, err := execute(eng, s.view, st, op, &in, &out.r, &tr); err != nil {
			t.Fatalf("%s: %v", j.id, err)
		}
		if fmt.Sprint(got.Texels) != fmt.Sprint(want.Trace.Texels()) || fmt.Sprint(got.Start) != fmt.Sprint(want.Trace.Start) || got.TexelBytes != want.Trace.TexelBytes {
			t.Errorf("%s: traced %d texels %v, the batch's %d %v", j.id, len(got.Texels), got.Start, len(want.Trace.Texels()), want.Trace.Start)
		}
		plain, _, _ := j.run(t, laneMajor)
		if fmt.Sprint(plain.values) != fmt.Sprint(out.values) {
			t.Errorf("%s: traced values differ from untraced", j.id)
		}
	}
}

// TestExecuteMany runs every test job, in both layouts, through
// texunit_execute_many's export from C memory, one call per engine, with
// three requests among them that fail alone: each request's status,
// results, lane errors and messages are those of its own texunit_execute
// call, a failed request's message is in its own messages, and the call's
// status and last error say which failed first. Then the call's own
// errors: no requests, NULL requests, a bad engine handle.
func TestExecuteMany(t *testing.T) {
	runtime.LockOSThread() // the last error is the thread's
	defer runtime.UnlockOSThread()
	handle := testHandles(t)
	type expect struct {
		out    *output
		status int
		err    error
	}
	engines := map[string]uint64{}
	reqs := map[uint64][]cRequest{}
	wants := map[uint64][]expect{}
	var order []uint64
	for _, j := range readJobs(t) {
		s, err := newSurface(j.surf)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := newSampler(j.smp)
		eng, err := newEngine(j.prec)
		if err != nil {
			t.Fatal(err)
		}
		e, ok := engines[j.prec]
		if !ok {
			e = handle(&object{kind: kindEngine, eng: eng})
			engines[j.prec] = e
			order = append(order, e)
		}
		sid, smp := handle(&object{kind: kindSurface, surf: s}), handle(&object{kind: kindSampler, st: st})
		op, _ := parseOp(j.op)
		for _, layout := range []int{laneMajor, componentMajor} {
			out, status, err := j.run(t, layout)
			a, in := operandsOf(&j.job.Request, s.view.Surface.Kind, layout)
			w := newOutput(j.job.Request.Lanes)
			reqs[e] = append(reqs[e], cRequest{surf: sid, smp: smp, op: int32(op), lanes: in.lanes, layout: in.layout,
				offsetCount: in.offsetCount, a: cArrays(*a), values: w.values, resident: w.resident, errors: w.errors,
				messages: w.messages, outLayout: int32(layout)})
			wants[e] = append(wants[e], expect{out, status, err})
		}
	}
	// Three requests that fail alone, after the first: an unknown
	// operation, a freed surface, an operand the operation does not take.
	e0 := order[0]
	good := reqs[e0][0]
	fresh := func() cRequest {
		r := good
		r.values, r.resident = slices.Clone(good.values), slices.Clone(good.resident)
		r.errors, r.messages = slices.Clone(good.errors), make([]byte, 256)
		return r
	}
	badOp, freed, extra := fresh(), fresh(), fresh()
	badOp.op = 99
	dead, _ := newSurface(`{"type": "2d", "format": "r8_unorm", "width": 4, "height": 4}`)
	deadID, _ := newHandle(&object{kind: kindSurface, surf: dead})
	freeHandle(kindSurface, deadID)
	freed.surf = deadID
	extra.a.bias = make([]float32, good.lanes)
	if opUses[good.op]&opBias != 0 {
		t.Fatal("the first job's operation takes bias")
	}
	reqs[e0] = slices.Insert(reqs[e0], 1, badOp, freed, extra)
	wants[e0] = slices.Insert(wants[e0], 1,
		expect{nil, statusInvalid, fmt.Errorf("op: 99 is not an operation (0..%d)", numOps-1)},
		expect{nil, statusHandle, &errHandle{want: kindSurface, id: deadID}},
		expect{nil, statusInvalid, fmt.Errorf("bias: %s does not use bias", sampler.Op(good.op))})
	for _, e := range order {
		rs := reqs[e]
		status := executeManyInC(e, rs)
		wantStatus := statusOK
		for k, w := range wants[e] {
			r := &rs[k]
			if w.status != statusOK {
				wantStatus = statusLaneErrors
			}
			if int(r.status) != w.status {
				t.Fatalf("engine %#x, request %d: status %d, want %d (%v)", e, k, r.status, w.status, w.err)
			}
			if w.status < 0 {
				msg := w.err.Error()
				if got := string(r.messages[:bytes.IndexByte(r.messages, 0)]); got != msg || r.needed != uint64(len(msg)+1) {
					t.Errorf("request %d: message %q (needed %d), want %q", k, got, r.needed, msg)
				}
				continue
			}
			if !slices.Equal(r.values, w.out.values) || !slices.Equal(r.resident, w.out.resident) ||
				!slices.Equal(r.errors, w.out.errors) || !bytes.Equal(r.messages, w.out.messages) ||
				r.kind != w.out.r.kind || r.failed != w.out.r.failed || r.needed != uint64(w.out.r.messagesNeeded) {
				t.Errorf("engine %#x, request %d: results differ from texunit_execute's", e, k)
			}
		}
		if status != wantStatus {
			t.Errorf("engine %#x: status %d, want %d", e, status, wantStatus)
		}
		if e == e0 {
			if want := "requests[1]: op: 99 is not an operation"; !strings.HasPrefix(lastError(), want) {
				t.Errorf("last error %q, want %q...", lastError(), want)
			}
		}
	}
	if s := executeManyInC(e0, nil); s != statusOK {
		t.Errorf("no requests: status %d", s)
	}
	if s := executeManyNil(e0, 2); s != statusInvalid || lastError() != "requests: NULL" {
		t.Errorf("NULL requests: status %d, %q", s, lastError())
	}
	two := []cRequest{fresh(), fresh()}
	if s := executeManyInC(e0+1, two); s != statusHandle || two[0].status != statusHandle || two[1].status != statusHandle ||
		!strings.HasPrefix(lastError(), "engine: handle") {
		t.Errorf("a bad engine: status %d (%d, %d), %q", s, two[0].status, two[1].status, lastError())
	}
	// A panic (a bug) in one request fails it alone, with TEXUNIT_EINTERNAL.
	requestHook = func(op int32) {
		if op == 77 {
			panic("boom")
		}
	}
	three := []cRequest{fresh(), fresh(), fresh()}
	three[1].op = 77
	s := executeManyInC(e0, three)
	requestHook = nil
	msg := string(three[1].messages[:bytes.IndexByte(three[1].messages, 0)])
	if s != statusLaneErrors || three[1].status != statusInternal || !strings.Contains(msg, "panic: boom") ||
		three[0].status != int32(wants[e0][0].status) || three[2].status != int32(wants[e0][0].status) ||
		!slices.Equal(three[2].values, wants[e0][0].out.values) {
		t.Errorf("a panic in one request: status %d (%d, %d, %d), %q", s, three[0].status, three[1].status, three[2].status, msg)
	}
	// The zero engine handle: the shared engine, the same results.
	one := []cRequest{fresh()}
	if s := executeManyInC(0, one); s != wants[e0][0].status || !slices.Equal(one[0].values, wants[e0][0].out.values) {
		t.Errorf("the shared engine: status %d, or other values", s)
	}
}

// TestLayouts checks that the Go structures read and written in place
// are texunit.h's, field for field.
func TestLayouts(t *testing.T) {
	for _, e := range layoutErrors() {
		t.Error(e)
	}
}
