package sampler

import (
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// The zero State is valid and samples as documented: nearest, level base,
// λ clamped to 0 (magnification); DefaultState minifies through the chain.
func TestZeroState(t *testing.T) {
	var zero State
	if err := zero.Validate(); err != nil {
		t.Fatalf("the zero State: %v", err)
	}
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8})
	// Level 0 all 0x40, level 1 all 0x80: which level a lane reads shows.
	for l := 0; l < s.Levels; l++ {
		for i := s.LevelOffset(l); i < s.LevelOffset(l+1); i++ {
			s.Data[i] = byte(0x40 * (l + 1))
		}
	}
	req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{{0.5}, {0.5}}, Lod: []float32{1}}
	var res Result
	var eng Engine
	if err := eng.Execute(s.View(), &zero, req, &res); err != nil {
		t.Fatal(err)
	}
	if got := res.Float(0, 0); got != 0x40/255.0 {
		t.Errorf("zero State at LOD 1 read %v, want level 0's %v", got, 0x40/255.0)
	}
	def := DefaultState()
	if err := eng.Execute(s.View(), &def, req, &res); err != nil {
		t.Fatal(err)
	}
	if got := res.Float(0, 0); got != 0x80/255.0 {
		t.Errorf("DefaultState at LOD 1 read %v, want level 1's %v", got, 0x80/255.0)
	}
	// MaxAnisotropy 0 is off, as 1: the same bits on an anisotropic footprint.
	grad := &Request{Op: OpSampleD, Lanes: 1, Coord: [4][]float32{{0.3}, {0.6}},
		DDX: [3][]float32{{0.5}, {0}}, DDY: [3][]float32{{0}, {0.05}}}
	a, b := DefaultState(), DefaultState()
	a.MinFilter, b.MinFilter = Linear, Linear
	a.MaxAnisotropy, b.MaxAnisotropy = 0, 1
	var ra, rb Result
	if err := eng.Execute(s.View(), &a, grad, &ra); err != nil {
		t.Fatal(err)
	}
	if err := eng.Execute(s.View(), &b, grad, &rb); err != nil {
		t.Fatal(err)
	}
	if ra.Vec(0) != rb.Vec(0) {
		t.Errorf("MaxAnisotropy 0 gave %v, 1 gave %v", ra.Vec(0), rb.Vec(0))
	}
	bad := DefaultState()
	bad.MaxAnisotropy = 0.5
	if err := bad.Validate(); err == nil {
		t.Error("MaxAnisotropy 0.5 is valid")
	}
}
