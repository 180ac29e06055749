package demo

import (
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texcache"
)

// TestHeatmap: the stream is deterministic; every layout reads the same
// texels (only their addresses differ); the counts add up; on the
// anisotropic panel a tiled layout misses far less than the linear one
// (the picture docs/MEMORY.md shows); a bad option is an error.
func TestHeatmap(t *testing.T) {
	cache := texcache.Config{L1: texcache.Level{LineBytes: 64, Bytes: 4 << 10, Ways: 4}}
	opts := HeatmapOptions{Width: 96, Height: 72, TextureSize: 128, Panel: 3, Cache: cache, Order: ByQuad}
	run := func(l surface.Layout) HeatmapStats {
		o := opts
		o.Layout = l
		img, st, err := Heatmap(o)
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != 96 || img.Bounds().Dy() != 72 {
			t.Fatalf("picture %v", img.Bounds())
		}
		c := st.Cache
		if st.Pixels == 0 || c.L1.Lookups != st.Texels || c.L1.Hits+c.L1.Misses != c.L1.Lookups || c.MemoryLines != c.L1.Misses || c.MemoryBytes != 64*c.L1.Misses {
			t.Fatalf("%v: counts do not add up: %+v", l, st)
		}
		return st
	}
	lin := run(surface.LayoutLinear)
	if again := run(surface.LayoutLinear); again != lin {
		t.Errorf("not deterministic: %+v then %+v", lin, again)
	}
	for _, l := range []surface.Layout{surface.LayoutMorton, surface.LayoutTileY, surface.LayoutTile4, surface.LayoutBlockLinear} {
		st := run(l)
		if st.Texels != lin.Texels || st.Pixels != lin.Pixels {
			t.Errorf("%v: %d texels over %d pixels, linear %d over %d", l, st.Texels, st.Pixels, lin.Texels, lin.Pixels)
		}
		if 2*st.Cache.L1.Misses > lin.Cache.L1.Misses {
			t.Errorf("%v: %d misses, linear %d: tiling should at least halve them here", l, st.Cache.L1.Misses, lin.Cache.L1.Misses)
		}
	}
	o := opts
	o.Order = ByLane
	if _, st, err := Heatmap(o); err != nil || st.Texels != lin.Texels {
		t.Errorf("by lane: %v, %d texels", err, st.Texels)
	}
	o = opts
	o.Panel = 4
	if _, _, err := Heatmap(o); err == nil || !strings.Contains(err.Error(), "panel 4 is out of range") {
		t.Errorf("panel 4: %v", err)
	}
	o = opts
	o.Cache.L1.Ways = 3
	if _, _, err := Heatmap(o); err == nil {
		t.Error("a bad cache was accepted")
	}
	if _, err := ParseReadOrder("pixel"); err == nil {
		t.Error("ParseReadOrder accepted pixel")
	}
}

func TestTracePicture(t *testing.T) {
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8})
	if err != nil {
		t.Fatal(err)
	}
	st := sampler.DefaultState()
	st.MagFilter, st.MinFilter, st.MipFilter = sampler.Linear, sampler.Linear, sampler.MipLinear
	req := &sampler.Request{Op: sampler.OpSampleL, Lanes: 1, Coord: [4][]float32{{0.4}, {0.6}}, Lod: []float32{0.5}}
	img, _, err := TracePicture(s.View(), &st, req, 0)
	if err != nil || img.Bounds().Dx() < 200 {
		t.Fatalf("%v, %v", err, img)
	}
	if _, _, err := TracePicture(s.View(), &st, req, 1); err == nil || !strings.Contains(err.Error(), "lane 1 is out of range") {
		t.Errorf("lane 1: %v", err)
	}
	q := &sampler.Request{Op: sampler.OpLod, Lanes: 4, Coord: [4][]float32{{0.4, 0.5, 0.4, 0.5}, {0.6, 0.6, 0.7, 0.7}}}
	if _, _, err := TracePicture(s.View(), &st, q, 0); err == nil || !strings.Contains(err.Error(), "read no texels") {
		t.Errorf("lod query: %v", err)
	}
}
