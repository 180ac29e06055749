package surface_test

import (
	"fmt"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

func ExampleNew() {
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 13, Height: 7})
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Levels, len(s.Data))
	for l := range s.Levels {
		w, h, _ := s.LevelSize(l)
		fmt.Printf("level %d: %dx%d at byte %d\n", l, w, h, s.LevelOffset(l))
	}
	_, err = surface.New(surface.Desc{Kind: surface.KindCube, Format: format.R8Unorm, Width: 8, Height: 4})
	fmt.Println(err)
	// Output:
	// 4 452
	// level 0: 13x7 at byte 0
	// level 1: 6x3 at byte 364
	// level 2: 3x1 at byte 436
	// level 3: 1x1 at byte 448
	// surface.height: 4 must equal the width 8 for kind cube
}

func ExampleSurface_TexelOffset() {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4, Layers: 2})
	s.FillCoords() // R = x, G = y, B = z + layer, A = 16·level + sample
	dec := s.Format.Decoder()
	o := s.TexelOffset(1, 1, 0, 0, 1, 0) // level 1, x 1, y 0, layer 1
	fmt.Println(s.Data[o:o+4], dec(s.Data[o:]))
	// Output: [1 0 1 16] [0.003921569 0 0.003921569 0.0627451]
}

func ExampleSurface_SetResident() {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R32Sfloat, Width: 512, Height: 512, Levels: 1})
	fmt.Println(s.TileSize())
	_ = s.SetResident(0, 0, 1, 0, 0, false) // texels x 128..255, y 0..127
	fmt.Println(s.Resident(0, 127, 0, 0, 0), s.Resident(0, 128, 0, 0, 0), s.Resident(0, 128, 128, 0, 0))
	// Output:
	// 128 128 1
	// true false true
}

func ExampleNewView() {
	s, _ := surface.New(surface.Desc{Kind: surface.KindCubeArray, Format: format.R8Unorm, Width: 16, Height: 16, Layers: 12})
	v, err := surface.NewView(s, 2, 0, 6, 0) // levels 2.., the second cube
	fmt.Println(v.BaseLevel, v.Levels, v.BaseLayer, v.Layers, err)
	fmt.Println(v.LevelSize(0))
	_, err = surface.NewView(s, 0, 0, 0, 8)
	fmt.Println(err)
	// Output:
	// 2 3 6 6 <nil>
	// 4 4 1
	// surface.view.layers: 8 is not a multiple of 6 (kind cube_array)
}

func ExampleParseSwizzle() {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 4, Height: 4})
	sw, _ := surface.ParseSwizzle("rrr1") // a grey, opaque view of one channel
	v, _ := s.View().WithSwizzle(sw)
	fmt.Println(v.Swizzle, v.Swizzle.IsIdentity())
	_, err := surface.ParseSwizzle("rgbx")
	fmt.Println(err)
	// Output:
	// rrr1 false
	// surface.view.swizzle: "rgbx" has 'x' at position 3 (want r, g, b, a, 0 or 1)
}

func ExampleView_WithAspect() {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.D32SfloatS8Uint, Width: 4, Height: 4})
	v, err := s.View().WithAspect(format.AspectStencil)
	fmt.Println(v.Aspect, err)
	// Output: stencil <nil>
}
