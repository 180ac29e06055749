package msaa

import "testing"

func TestCompareLoads(t *testing.T) {
	// 8 samples × 4 components × 4 bytes = 128 bytes per pixel (2 lines);
	// component 0 of the 8 samples lies in both lines.
	s := labelled(t, Desc{Width: 8, Height: 1, Samples: 8, Components: 4, Element: Float32})
	w := &Wave{Size: 32, Exec: 0xff, X: make([]int32, 32), Y: make([]int32, 32)}
	for i := 0; i < 8; i++ {
		w.X[i] = int32(i)
	}
	m, p, err := CompareLoads(s, w, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := (LoadStats{Instructions: 1, ElementReads: 64, Bytes: 256, Lines: 16}); m != want {
		t.Errorf("multisample: %+v, want %+v", m, want)
	}
	if want := (LoadStats{Instructions: 8, ElementReads: 64, Bytes: 256, Lines: 64}); p != want {
		t.Errorf("per sample: %+v, want %+v", p, want)
	}
	// Component-contiguous layout: the 8 values of component 0 are 32
	// contiguous bytes, one line per pixel.
	c := labelled(t, Desc{Width: 8, Height: 1, Samples: 8, Components: 4, Element: Float32, Layout: ComponentContiguous})
	m, p, _ = CompareLoads(c, w, 0)
	if m.Lines != 8 || p.Lines != 64 {
		t.Errorf("component layout: %d and %d lines, want 8 and 64", m.Lines, p.Lines)
	}
}
