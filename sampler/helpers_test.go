package sampler

import (
	"errors"
	"math"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// newSurface builds a surface filled with its own coordinates
// (R = x, G = y, B = z + layer, A = 16·level + sample) or a hash.
func newSurface(t testing.TB, d surface.Desc, coords bool) *surface.Surface {
	t.Helper()
	s, err := surface.New(d)
	if err != nil {
		t.Fatalf("surface.New(%+v): %v", d, err)
	}
	if coords {
		s.FillCoords()
	} else {
		s.FillHash(1, 0, 1)
	}
	return s
}

func coordSurface(t testing.TB, kind surface.Kind, w, h, dl, levels int) *surface.Surface {
	d := surface.Desc{Kind: kind, Format: format.R32G32B32A32Sfloat, Width: w, Height: h, Levels: levels}
	switch {
	case kind == surface.Kind3D:
		d.Depth = dl
	case kind.IsArray():
		d.Layers = dl
	}
	return newSurface(t, d, true)
}

func linearState() State {
	st := DefaultState()
	st.MagFilter, st.MinFilter = Linear, Linear
	return st
}

// run executes a request and fails the test on a request error.
func run(t testing.TB, eng *Engine, v surface.View, st *State, req *Request) *Result {
	t.Helper()
	var res Result
	if err := eng.Execute(v, st, req, &res); err != nil {
		t.Fatalf("Execute(%s): %v", req.Op, err)
	}
	for i, e := range res.LaneErr {
		if e != nil {
			t.Fatalf("lane %d: %v", i, e)
		}
	}
	return &res
}

// one runs a single-lane request built by fill and returns the lane's vector.
func one(t testing.TB, v surface.View, st State, op Op, fill func(r *Request)) [4]float32 {
	t.Helper()
	req := &Request{Op: op, Lanes: 1}
	fill(req)
	res := run(t, &Engine{}, v, &st, req)
	return res.Vec(0)
}

func f32s(v ...float32) []float32 { return v }

func i32s(v ...int32) []int32 { return v }

func near(a, b, tol float32) bool {
	if isNaN32(a) || isNaN32(b) {
		return isNaN32(a) && isNaN32(b)
	}
	return float32(math.Abs(float64(a-b))) <= tol
}

func vecNear(a, b [4]float32, tol float32) bool {
	for c := range a {
		if !near(a[c], b[c], tol) {
			return false
		}
	}
	return true
}

// bothPaths executes req on the specialised path (the lane loops) and on
// the reference path (fastDisabled), in exact precision.
func bothPaths(t testing.TB, v surface.View, st *State, req *Request) (fast, ref *Result) {
	t.Helper()
	return bothPathsIn(t, Precision{}, v, st, req)
}

// bothPathsIn is bothPaths in precision p.
func bothPathsIn(t testing.TB, p Precision, v surface.View, st *State, req *Request) (fast, ref *Result) {
	t.Helper()
	fast, ref = staleResult(req.Lanes), new(Result)
	if err := (&Engine{Precision: p}).Execute(v, st, req, fast); err != nil {
		t.Fatal(err)
	}
	fastDisabled = true
	err := (&Engine{Precision: p}).Execute(v, st, req, ref)
	fastDisabled = false
	if err != nil {
		t.Fatal(err)
	}
	return fast, ref
}

// staleResult returns a result whose storage for n lanes holds another
// request's values (0xdeadbeef, no residency, a lane error), so that a run
// that leaves a lane's channels unwritten (Result.resize's clearBits)
// differs from the reference, which runs on a new result.
func staleResult(n int) *Result {
	r := new(Result)
	m := (n + laneChunk - 1) / laneChunk * laneChunk
	for c := range r.Bits {
		r.Bits[c] = make([]uint32, m)
		for i := range r.Bits[c] {
			r.Bits[c][i] = 0xdeadbeef
		}
	}
	r.Resident = make([]bool, m)
	r.laneError(max(n, 1), 0, errors.New("stale"))
	return r
}
