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

// Compare the three anisotropic filters on one sheared footprint: the
// derivatives span the texel vectors (8, 0) and (4, 1) of a 64×64
// texture. Vulkan's method takes the shorter vector's length as the
// footprint's width (η = 8/√17, λ = log2 √17); footprint assembly the
// parallelogram's height, 1 (η = 8, λ = 0); EWA the ellipse's minor
// semi-axis (λ = log2 0.89…, below 0: level 0, as magnification).
func ExampleState_anisotropy() {
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64})
	if err != nil {
		panic(err)
	}
	s.FillHash(1, 0, 1)
	for _, m := range []sampler.AnisoMethod{sampler.AnisoVulkan, sampler.AnisoEWA, sampler.AnisoFootprintAssembly} {
		st := sampler.DefaultState()
		st.MagFilter, st.MinFilter, st.MipFilter = sampler.Linear, sampler.Linear, sampler.MipLinear
		st.MaxAnisotropy, st.Anisotropy = 16, m
		req := &sampler.Request{Op: sampler.OpSampleD, Lanes: 1,
			Coord: [4][]float32{{0.5}, {0.5}},
			DDX:   [3][]float32{{8.0 / 64}, {0}}, DDY: [3][]float32{{4.0 / 64}, {1.0 / 64}}}
		lod := &sampler.Request{Op: sampler.OpLod, Lanes: 4, // a quad with those differences
			Coord: [4][]float32{{0.5, 0.5 + 8.0/64, 0.5 + 4.0/64, 0.5 + 12.0/64}, {0.5, 0.5, 0.5 + 1.0/64, 0.5 + 1.0/64}}}
		var res, l sampler.Result
		var eng sampler.Engine
		if err := eng.Execute(s.View(), &st, req, &res); err != nil {
			panic(err)
		}
		if err := eng.Execute(s.View(), &st, lod, &l); err != nil {
			panic(err)
		}
		fmt.Printf("%-18s λ' %7.4f  red %.4f\n", m, l.Float(1, 0), res.Float(0, 0))
	}
	// Output:
	// vulkan             λ'  2.0437  red 0.2267
	// ewa                λ' -0.1628  red 0.4976
	// footprint_assembly λ'  0.0000  red 0.4968
}

// Filter a 1D texture 0 0 0 1 0 0 0 0 (a single bright texel) with the
// cubic filter: at the bright texel's centre Catmull-Rom returns it and
// B-spline blurs it, and halfway beside it Catmull-Rom's negative lobe
// shows.
func ExampleCubicWeights() {
	s, err := surface.New(surface.Desc{Kind: surface.Kind1D, Format: format.R32Sfloat, Width: 8, Height: 1, Levels: 1})
	if err != nil {
		panic(err)
	}
	s.Data[3*4+3] = 0x3f // texel 3 = 1.0 (0x3f800000, little-endian)
	s.Data[3*4+2] = 0x80
	for _, w := range []sampler.CubicWeights{sampler.CubicCatmullRom, sampler.CubicBSpline} {
		st := sampler.DefaultState()
		st.MagFilter, st.MinFilter, st.CubicWeights = sampler.Cubic, sampler.Cubic, w
		req := &sampler.Request{Op: sampler.OpSampleLZ, Lanes: 3, Coord: [4][]float32{{3.5 / 8, 5.0 / 8, 3.0 / 8}}}
		var res sampler.Result
		if err := (&sampler.Engine{}).Execute(s.View(), &st, req, &res); err != nil {
			panic(err)
		}
		fmt.Printf("%-11s centre %.4f, 1½ texels right %.4f, ½ texel left %.4f\n", w, res.Float(0, 0), res.Float(0, 1), res.Float(0, 2))
	}
	// Output:
	// catmull_rom centre 1.0000, 1½ texels right -0.0625, ½ texel left 0.5625
	// b_spline    centre 0.6667, 1½ texels right 0.0208, ½ texel left 0.4792
}

// Sample an NV12 frame (g8_b8r8_2plane_420_unorm: a Y′ plane, then a
// half-size plane of interleaved C_B, C_R) through a BT.709 narrow-range
// Y′CbCr conversion. The left half of the 4×2 frame is narrow-range white
// (Y′ 235), the right half pure red (Y′ 63, C_B 102, C_R 240, the
// standard's 8-bit code), so red reads as (1, 0, 0) within the code's
// quantization; plane 1 read alone is the chroma codes as r8g8_unorm.
func ExampleYCbCrConversion() {
	frame := []byte{
		235, 235, 63, 63, // Y′, row 0
		235, 235, 63, 63, // Y′, row 1
		128, 128, 102, 240, // (C_B, C_R) of the left and right 2×2 blocks
	}
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.G8B8R82Plane420Unorm, Width: 4, Height: 2})
	if err != nil {
		panic(err)
	}
	if err := s.Load(frame); err != nil {
		panic(err)
	}
	st := sampler.DefaultState()
	st.Address = [3]sampler.AddressMode{sampler.WrapClampToEdge, sampler.WrapClampToEdge, sampler.WrapClampToEdge}
	st.YCbCr = sampler.YCbCrConversion{Model: sampler.YCbCr709, Range: sampler.RangeITUNarrow}
	req := &sampler.Request{Op: sampler.OpSampleL, Lanes: 2, Coord: [4][]float32{{0.125, 0.875}, {0.25, 0.75}}, Lod: []float32{0, 0}}
	var res sampler.Result
	if err := (&sampler.Engine{}).Execute(s.View(), &st, req, &res); err != nil {
		panic(err)
	}
	fmt.Println(res.Vec(0))
	v := res.Vec(1)
	fmt.Printf("[%.3f %.3f %.3f %g]\n", v[0], v[1], v[2], v[3])

	plane, _ := s.View().WithAspect(format.AspectPlane1)
	fetch := &sampler.Request{Op: sampler.OpFetch, Lanes: 1, Texel: [4][]int32{{1}, {0}}}
	fmt.Println((&sampler.Engine{}).Execute(plane, &st, fetch, &res)) // a plane is not converted
	st.YCbCr = sampler.YCbCrConversion{}
	if err := (&sampler.Engine{}).Execute(plane, &st, fetch, &res); err != nil {
		panic(err)
	}
	c := res.Vec(0)
	fmt.Printf("C_B %.0f, C_R %.0f\n", c[0]*255, c[1]*255)
	// Output:
	// [1 1 1 1]
	// [1.002 0.002 -0.001 1]
	// invalid request: sampler.ycbcr: a conversion reads a YCbCr format (multi-planar or 4:2:2) as a whole, not r8g8_unorm
	// C_B 102, C_R 240
}
