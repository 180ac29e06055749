package sampler

import (
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestBC1AllocatesNothing: BC1 requests, which take the lane loop with a
// window of decoded blocks in the working set, a pooled decoded-block
// cache (bc.go) and a cached set-up, allocate nothing once a Result has
// grown.
func TestBC1AllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.BC1RGBAUnormBlock, Width: 64, Height: 64, Levels: 3}, false)
	st := linearState()
	st.MipFilter = MipLinear
	const n = 64
	sample := &Request{Op: OpSampleL, Lanes: n, Coord: [4][]float32{make([]float32, n), make([]float32, n)}, Lod: make([]float32, n)}
	gather := &Request{Op: OpGather4, Lanes: n, Coord: [4][]float32{make([]float32, n), make([]float32, n)}}
	for i := range n {
		sample.Coord[0][i], sample.Coord[1][i], sample.Lod[i] = float32(i)/50, float32(i)/70, float32(i)/40
		gather.Coord[0][i], gather.Coord[1][i] = float32(i)/50, float32(i)/70
	}
	for _, req := range []*Request{sample, gather} {
		var eng Engine
		var res Result
		run := func() {
			for range 2 {
				if err := eng.Execute(s.View(), &st, req, &res); err != nil {
					t.Fatal(err)
				}
			}
		}
		run()
		if a := testing.AllocsPerRun(100, run); a != 0 {
			t.Errorf("%v: %v allocations per two requests", req.Op, a)
		}
	}
}
