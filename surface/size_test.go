package surface

import (
	"testing"

	"github.com/texunit/texunit/format"
)

func TestSizeOf(t *testing.T) {
	for _, d := range []Desc{
		{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 37, Height: 5, Levels: 0},
		{Kind: KindCubeArray, Format: format.R16G16B16A16Sfloat, Width: 16, Height: 16, Layers: 12, Levels: 3},
		{Kind: Kind3D, Format: format.R32Sfloat, Width: 9, Height: 7, Depth: 5},
		{Kind: Kind2DArray, Format: format.BC1RGBAUnormBlock, Width: 13, Height: 9, Layers: 3},
		{Kind: Kind2DMS, Format: format.R8Unorm, Width: 8, Height: 8, Samples: 4},
	} {
		s, err := New(d)
		if err != nil {
			t.Fatalf("%+v: %v", d, err)
		}
		got, err := SizeOf(d)
		if err != nil || got != int64(len(s.Data)) {
			t.Errorf("%v %v: SizeOf %d, %v; len(Data) %d", d.Kind, d.Format, got, err, len(s.Data))
		}
	}
	// A description far beyond any limit is measured, not allocated.
	huge := Desc{Kind: Kind2DArray, Format: format.R32G32B32A32Sfloat, Width: MaxExtent, Height: MaxExtent, Layers: MaxExtent}
	if n, err := SizeOf(huge); err != nil || n < 1<<50 {
		t.Errorf("huge: SizeOf %d, %v", n, err)
	}
	if _, err := SizeOf(Desc{Kind: Kind2D, Format: format.R8Unorm}); err == nil {
		t.Error("width 0: SizeOf gave no error")
	}
}
