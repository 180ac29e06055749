package sampler_test

import (
	"fmt"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Sample a 4×4 texture whose texels hold their own coordinates with
// bilinear filtering at an explicit LOD, over two lanes.
func ExampleEngine_Execute() {
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4, Levels: 1})
	if err != nil {
		panic(err)
	}
	s.FillCoords() // texel (x, y) holds R = x, G = y

	st := sampler.DefaultState()
	st.MagFilter, st.MinFilter = sampler.Linear, sampler.Linear
	req := &sampler.Request{
		Op:    sampler.OpSampleL,
		Lanes: 2,
		Coord: [4][]float32{
			{0.375, 0.5}, // u of lanes 0 and 1: 1.5 and 2 texels
			{0.625, 0.5}, // v of lanes 0 and 1: 2.5 and 2 texels
		},
		Lod: []float32{0, 0},
	}
	var res sampler.Result
	if err := (&sampler.Engine{}).Execute(s.View(), &st, req, &res); err != nil {
		panic(err)
	}
	for lane := 0; lane < req.Lanes; lane++ {
		fmt.Println(res.Vec(lane))
	}
	// Output:
	// [1 2 0 0]
	// [1.5 1.5 0 0]
}

// Gather the red channel of the 2×2 footprint: R, G, B, A are the texels
// (i0, j1), (i1, j1), (i1, j0), (i0, j0).
func ExampleEngine_Execute_gather() {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4, Levels: 1})
	s.FillCoords()
	st := sampler.DefaultState()
	req := &sampler.Request{Op: sampler.OpGather4, Lanes: 1, Coord: [4][]float32{{0.5}, {0.5}}, Channel: []uint8{0}}
	var res sampler.Result
	if err := (&sampler.Engine{}).Execute(s.View(), &st, req, &res); err != nil {
		panic(err)
	}
	fmt.Println(res.Vec(0))
	// Output: [1 2 2 1]
}
