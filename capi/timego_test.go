package main

import (
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/texunit/texunit/sampler"
)

// TestTimeGoMany runs requests that share some operand arrays and not
// others, in both layouts, through timeGoMany: each request's own rows
// then hold what the C interface writes for it (execute), bit for bit; the
// copies are Go's, one for each caller array however many requests name
// it; a request the library refuses is named by its index.
func TestTimeGoMany(t *testing.T) {
	s, err := newSurface(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64, "levels": 0, "data": {"hash": {"seed": 2}}}`)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := newSampler(`{"mag": "linear", "min": "linear", "mip": "linear"}`)
	const n = 100
	coordA, coordB, lod := make([]float32, 2*n), make([]float32, 2*n), make([]float32, n)
	texel, chans := make([]int32, 2*n), make([]int32, n)
	for i := range coordA {
		coordA[i], coordB[i] = float32(i%23)/19, float32(i%29)/17
		texel[i] = int32(i % 70)
	}
	for i := range lod {
		lod[i], chans[i] = float32(i%7)/3, int32(i%4)
	}
	type req struct {
		op sampler.Op
		in operands
	}
	var reqs []req
	for _, layout := range []int32{laneMajor, componentMajor} {
		reqs = append(reqs,
			req{sampler.OpSampleL, operands{coord: &coordA[0], lod: &lod[0]}},
			req{sampler.OpSampleL, operands{coord: &coordB[0], lod: &lod[0]}},
			req{sampler.OpGather4, operands{coord: &coordA[0], channel: &chans[0]}},
			req{sampler.OpFetch, operands{texel: &texel[0]}},
			req{sampler.OpSampleL, operands{coord: &coordA[0], lod: &lod[0]}})
		for i := len(reqs) - 5; i < len(reqs); i++ {
			reqs[i].in.lanes, reqs[i].in.layout = n, layout
		}
	}
	var eng sampler.Engine
	runs := make([]goRequest, len(reqs))
	copies := goCopies{}
	for i := range reqs {
		if err := runs[i].set(s.view, st, int(reqs[i].op), &reqs[i].in, nil, copies); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := timeGoMany(&eng, runs, 3); err != nil {
		t.Fatal(err)
	}
	for i, r := range reqs {
		out := newOutput(n)
		values := make([]uint32, 4*n)
		out.r.values, out.r.layout = unsafe.Pointer(&values[0]), componentMajor
		if _, err := execute(&eng, s.view, st, r.op, &r.in, &out.r, nil); err != nil {
			t.Fatal(err)
		}
		for c := range 4 {
			if !slices.Equal(runs[i].bits[c], values[c*n:(c+1)*n]) {
				t.Errorf("request %d (%s, layout %d), channel %d: the Go run's rows differ from execute's", i, r.op, r.in.layout, c)
			}
		}
		if !slices.Equal(runs[i].resident, unsafe.Slice((*bool)(unsafe.Pointer(out.r.resident)), n)) {
			t.Errorf("request %d: residency differs", i)
		}
	}
	// Requests 0, 1, 4, 5, 6 and 9 share lod, and 5 and 9 their
	// component-major coord (0 and 4 transpose theirs, each its own):
	// one copy each, Go's, not the caller's.
	first := func(s []float32) *float32 { return unsafe.SliceData(s) }
	for _, i := range []int{1, 4, 5, 6, 9} {
		if first(runs[i].req.Lod) != first(runs[0].req.Lod) {
			t.Errorf("requests 0 and %d name one lod array but do not share its copy", i)
		}
	}
	if first(runs[5].req.Coord[0]) != first(runs[9].req.Coord[0]) || first(runs[5].req.Coord[0]) == first(runs[6].req.Coord[0]) ||
		first(runs[0].req.Coord[0]) == first(runs[4].req.Coord[0]) {
		t.Error("component-major requests naming one coord array do not share its copy, or requests naming two share one")
	}
	if first(runs[0].req.Lod) == &lod[0] || first(runs[5].req.Coord[0]) == &coordA[0] {
		t.Error("a request reads the caller's array, not Go's copy")
	}
	// Each request's rows are its own.
	if unsafe.SliceData(runs[0].bits[0]) == unsafe.SliceData(runs[4].bits[0]) {
		t.Error("two requests share result rows")
	}
	// A request the library refuses, by its index; rounds too few.
	bad := goRequest{}
	if err := bad.set(s.view, st, int(sampler.OpSampleL), &operands{lanes: n, coord: &coordA[0], lod: &lod[0], bias: &lod[0]}, nil, copies); err == nil ||
		err.Error() != "bias: sample_l does not use bias" {
		t.Errorf("a request with an operand its operation does not take: %v", err)
	}
	if err := bad.set(s.view, st, numOps, &operands{lanes: n}, nil, copies); err == nil || !strings.HasPrefix(err.Error(), "op: ") {
		t.Errorf("op past the last: %v", err)
	}
	// A request the engine refuses when run: linear filtering of an integer format.
	is, err := newSurface(`{"type": "2d", "format": "r32_uint", "width": 8, "height": 8}`)
	if err != nil {
		t.Fatal(err)
	}
	two := make([]goRequest, 2)
	for i, v := range []*surfaceObject{s, is} {
		if err := two[i].set(v.view, st, int(sampler.OpSampleL), &operands{lanes: n, layout: componentMajor, coord: &coordA[0], lod: &lod[0]}, nil, copies); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := timeGoMany(&eng, two, 1); err == nil || !strings.HasPrefix(err.Error(), "requests[1]: ") {
		t.Errorf("a request the engine refuses: %v", err)
	}
}

// TestCloneShared: one copy an array, equal to it, whatever the requests.
func TestCloneShared(t *testing.T) {
	m := goCopies{}
	a, b := []float32{1, 2, 3}, []int32{4, 5}
	ca, cb := cloneShared(m, a), cloneShared(m, b)
	if !slices.Equal(ca, a) || !slices.Equal(cb, b) || &ca[0] == &a[0] || &cb[0] == &b[0] {
		t.Fatal("not an equal copy of its own")
	}
	if again := cloneShared(m, a); &again[0] != &ca[0] {
		t.Error("a second request naming the array got a second copy")
	}
	if short := cloneShared(m, a[:2]); &short[0] == &ca[0] || len(short) != 2 {
		t.Error("a shorter array at the same address took the longer one's copy")
	}
	if cloneShared(m, []bool(nil)) != nil {
		t.Error("nil copied")
	}
}
