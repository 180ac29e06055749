package sampler

import (
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestLaneLoopFor pins the lane pipeline's decision (laneloop.go) on the
// set-ups at its edges: which loop each takes, and which the reference
// pipeline keeps. A new sampler feature that the lane loops do not
// implement adds a row here with its condition in laneLoopFor.
func TestLaneLoopFor(t *testing.T) {
	rgba8, d32 := format.R8G8B8A8Unorm, format.D32Sfloat
	linear := linearState()
	nearest := linearState()
	nearest.MagFilter = Nearest
	minRed := linearState()
	minRed.Reduction = ReductionMin
	cmp := linearState()
	cmp.Compare = CompareLess
	border := linearState()
	border.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
	cases := []struct {
		name string
		kind surface.Kind
		f    format.Format
		st   State
		op   Op
		want laneLoop
	}{
		{"2D bilinear", surface.Kind2D, rgba8, linear, OpSampleL, laneFilter},
		{"2D gather", surface.Kind2D, rgba8, linear, OpGather4, laneGather},
		{"2D nearest gather", surface.Kind2D, rgba8, nearest, OpGather4, laneGather},
		{"2D array bilinear", surface.Kind2DArray, rgba8, linear, OpSampleL, laneFilter},
		{"cube bilinear", surface.KindCube, rgba8, linear, OpSampleL, laneFilter},
		{"3D bilinear", surface.Kind3D, rgba8, linear, OpSampleL, laneVolume},
		{"2D PCF", surface.Kind2D, d32, cmp, OpSampleLC, laneFilter},
		{"2D depth gather compare", surface.Kind2D, d32, cmp, OpGather4C, laneGather},
		{"2D border wraps (slow footprints)", surface.Kind2D, rgba8, border, OpSampleL, laneFilter},
		{"2D nearest", surface.Kind2D, rgba8, nearest, OpSampleL, laneNone},
		{"2D min reduction", surface.Kind2D, rgba8, minRed, OpSampleL, laneNone},
		{"2D r16g16b16a16_unorm", surface.Kind2D, format.R16G16B16A16Unorm, linear, OpSampleL, laneNone},
		{"3D r16g16b16a16_sfloat", surface.Kind3D, format.R16G16B16A16Sfloat, linear, OpSampleL, laneNone},
		{"3D min reduction", surface.Kind3D, rgba8, minRed, OpSampleL, laneNone},
		{"1D", surface.Kind1D, rgba8, linear, OpSampleL, laneNone},
		{"lod query", surface.Kind2D, rgba8, linear, OpLod, laneNone},
		{"fetch", surface.Kind2D, rgba8, linear, OpFetch, laneNone},
	}
	for _, c := range cases {
		d := surface.Desc{Kind: c.kind, Format: c.f, Width: 16, Height: 16, Depth: 1, Layers: 1}
		switch c.kind {
		case surface.Kind1D:
			d.Height = 1
		case surface.Kind3D:
			d.Depth = 8
		case surface.Kind2DArray:
			d.Layers = 3
		case surface.KindCube:
			d.Layers = 6
		}
		s := newSurface(t, d, false)
		st := c.st
		req := &Request{Op: c.op, Lanes: 0}
		var x exec
		if err := x.setup(Precision{}, s.View(), &st, req); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if x.fast.lanes != c.want {
			t.Errorf("%s: lane loop %d, want %d", c.name, x.fast.lanes, c.want)
		}
	}
}
