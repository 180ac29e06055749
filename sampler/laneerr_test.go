package sampler

import (
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// LaneErr is nil whenever no lane failed: after a request whose lanes all
// succeed following one with lane errors (the Result reused), and after a
// request error, which runs no lane.
func TestLaneErrReset(t *testing.T) {
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8})
	if err != nil {
		t.Fatal(err)
	}
	st := DefaultState()
	var eng Engine
	var res Result
	bad := &Request{Op: OpSampleL, Lanes: 2, Coord: [4][]float32{{0.5, 0.5}, {0.5, 0.5}}, Lod: []float32{0, 0},
		Offset: [3][]int32{{0, 9}, {0, 0}}}
	if err := eng.Execute(s.View(), &st, bad, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.LaneErr) != 2 || res.LaneErr[0] != nil || res.LaneErr[1] == nil {
		t.Fatalf("lane errors %v, want lane 1's only", res.LaneErr)
	}
	good := &Request{Op: OpSampleL, Lanes: 2, Coord: [4][]float32{{0.5, 0.5}, {0.5, 0.5}}, Lod: []float32{0, 0}}
	if err := eng.Execute(s.View(), &st, good, &res); err != nil {
		t.Fatal(err)
	}
	if res.LaneErr != nil {
		t.Errorf("after a request without lane errors, LaneErr = %#v, want nil", res.LaneErr)
	}
	// Lane errors again reuse the storage; then a request error clears them.
	if err := eng.Execute(s.View(), &st, bad, &res); err != nil || res.LaneErr[1] == nil {
		t.Fatalf("%v, %v", err, res.LaneErr)
	}
	noLod := &Request{Op: OpSampleL, Lanes: 2, Coord: [4][]float32{{0.5, 0.5}, {0.5, 0.5}}}
	if err := eng.Execute(s.View(), &st, noLod, &res); err == nil {
		t.Fatal("a sample_l without Lod ran")
	}
	if res.LaneErr != nil {
		t.Errorf("after a request error, LaneErr = %v, want nil", res.LaneErr)
	}
}
