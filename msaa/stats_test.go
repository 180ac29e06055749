package msaa

import (
	"testing"

	"github.com/texunit/texunit/texcache"
)

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

// TestCompareLoadsCached feeds both sides through a cache model: with room
// for the wave's lines both bring the same 16 lines from memory; with a
// cache of two lines, the per-sample loads come back for lines the
// instructions between have evicted (64 fetches), while the multisample
// load reads each pixel's two lines together (16).
func TestCompareLoadsCached(t *testing.T) {
	s := labelled(t, Desc{Width: 8, Height: 1, Samples: 8, Components: 4, Element: Float32})
	w := &Wave{Size: 16, Exec: 0xff, X: make([]int32, 16), Y: make([]int32, 16)}
	for i := 0; i < 8; i++ {
		w.X[i] = int32(i)
	}
	for _, c := range []struct {
		l1          texcache.Level
		multi, per  int64
		multiHits   int64
		perSampleHi int64
	}{
		{texcache.Level{LineBytes: 64, Bytes: 16 << 10, Ways: 4}, 16, 16, 48, 48},
		{texcache.Level{LineBytes: 64, Bytes: 128, Ways: 2}, 16, 64, 48, 0},
	} {
		m, p, err := CompareLoadsCached(s, w, 0, texcache.Config{L1: c.l1})
		if err != nil {
			t.Fatal(err)
		}
		if m.Cache.MemoryLines != c.multi || p.Cache.MemoryLines != c.per || m.Cache.L1.Hits != c.multiHits || p.Cache.L1.Hits != c.perSampleHi ||
			m.Cache.L1.Lookups != 64 || p.Cache.L1.Lookups != 64 || m.Cache.MemoryBytes != 64*c.multi {
			t.Errorf("%v: multisample %+v, per-sample %+v", c.l1, m.Cache, p.Cache)
		}
		if m.Lines != 16 || p.Lines != 64 {
			t.Errorf("%v: the footprints changed: %d and %d lines", c.l1, m.Lines, p.Lines)
		}
	}
	if _, _, err := CompareLoadsCached(s, w, 0, texcache.Config{L1: texcache.Level{LineBytes: 64, Bytes: 100, Ways: 1}}); err == nil {
		t.Error("a bad cache configuration was accepted")
	}
}
