package sampler

import (
	"errors"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// SampleAt and SampleGrid give what the requests they stand for give, and
// allocate nothing once warm.
func TestConvenience(t *testing.T) {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16})
	s.FillHash(5, 0, 1)
	st := DefaultState()
	st.MagFilter, st.MinFilter, st.MipFilter = Linear, Linear, MipLinear
	var eng Engine
	got, err := eng.SampleAt(s.View(), &st, OpSampleL, [4]float32{0.3, 0.7}, 1.25)
	if err != nil {
		t.Fatal(err)
	}
	var res Result
	req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{{0.3}, {0.7}}, Lod: []float32{1.25}}
	if err := eng.Execute(s.View(), &st, req, &res); err != nil {
		t.Fatal(err)
	}
	if got != res.Vec(0) {
		t.Errorf("SampleAt %v, Execute %v", got, res.Vec(0))
	}
	if _, err := eng.SampleAt(s.View(), &st, OpSample, [4]float32{0.3, 0.7}, 0); !errors.Is(err, ErrRequest) {
		t.Errorf("SampleAt(sample): %v, want a request error", err)
	}

	// A 6×4 grid of implicit-LOD samples: the same as one request of its
	// six quads, lane 4q+j pixel j of quad q.
	const w, h = 6, 4
	dst := make([][4]float32, w*h)
	if err := eng.SampleGrid(s.View(), &st, OpSample, w, h, 0, dst); err != nil {
		t.Fatal(err)
	}
	quads := &Request{Op: OpSample, Lanes: w * h, Coord: [4][]float32{make([]float32, w*h), make([]float32, w*h)}}
	var at []int
	for by := 0; by < h; by += 2 {
		for bx := 0; bx < w; bx += 2 {
			for j := range 4 {
				x, y := bx+j&1, by+j>>1
				k := len(at)
				quads.Coord[0][k], quads.Coord[1][k] = (float32(x)+0.5)/w, (float32(y)+0.5)/h
				at = append(at, y*w+x)
			}
		}
	}
	if err := eng.Execute(s.View(), &st, quads, &res); err != nil {
		t.Fatal(err)
	}
	for k, i := range at {
		if dst[i] != res.Vec(k) {
			t.Fatalf("point %d: SampleGrid %v, the quads' request %v", i, dst[i], res.Vec(k))
		}
	}
	if err := eng.SampleGrid(s.View(), &st, OpSample, 5, 4, 0, dst); !errors.Is(err, ErrRequest) {
		t.Errorf("odd implicit grid: %v", err)
	}
	// An odd grid of an explicit-LOD operation pads its quads.
	odd := make([][4]float32, 5*3)
	if err := eng.SampleGrid(s.View(), &st, OpSampleL, 5, 3, 0.5, odd); err != nil {
		t.Fatal(err)
	}
	v, _ := eng.SampleAt(s.View(), &st, OpSampleL, [4]float32{4.5 / 5, 2.5 / 3}, 0.5)
	if odd[2*5+4] != v {
		t.Errorf("the odd grid's last point %v, SampleAt %v", odd[2*5+4], v)
	}
	if !raceEnabled {
		big := make([][4]float32, 64*64)
		if n := testing.AllocsPerRun(20, func() {
			eng.SampleAt(s.View(), &st, OpSampleL, [4]float32{0.3, 0.7}, 1.25)
			eng.SampleGrid(s.View(), &st, OpSample, 64, 64, 0, big)
		}); n != 0 {
			t.Errorf("%v allocations per call", n)
		}
	}
}
