package sampler

import (
	"math"
	"testing"

	"github.com/texunit/texunit/surface"
)

func TestEmptyMask(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	st := DefaultState()
	for _, op := range []Op{OpSample, OpSampleL, OpGather4, OpLod, OpFetch, OpResInfo} {
		req := &Request{Op: op, Lanes: 4, Active: make([]bool, 4),
			Coord: [4][]float32{f32s(1, 2, 3, 4), f32s(1, 2, 3, 4)}, Lod: f32s(0, 0, 0, 0),
			Texel: [4][]int32{i32s(1, 2, 3, 4), i32s(0, 0, 0, 0)}}
		res := run(t, &Engine{}, s.View(), &st, req)
		for i := 0; i < 4; i++ {
			if res.Vec(i) != [4]float32{} || !res.Resident[i] {
				t.Errorf("%s: inactive lane %d = %v resident %v", op, i, res.Vec(i), res.Resident[i])
			}
		}
	}
	// Zero lanes is a valid, empty request.
	res := run(t, &Engine{}, s.View(), &st, &Request{Op: OpSampleL})
	if len(res.Bits[0]) != 0 {
		t.Errorf("zero lanes gave %d results", len(res.Bits[0]))
	}
}

// TestTexelBoundaries: nearest filtering takes ⌊u⌋, so a coordinate exactly
// on a boundary belongs to the texel on its right; one ulp below belongs to
// the left one.
func TestTexelBoundaries(t *testing.T) {
	s := coordSurface(t, surface.Kind2D, 8, 8, 1, 1)
	st := DefaultState()
	for _, tc := range []struct {
		u    float32
		want float32
	}{
		{3.0 / 8, 3},
		{math.Nextafter32(3.0/8, 0), 2},
		{0, 0},
		{math.Nextafter32(0, -1), 7}, // the smallest negative wraps to the last texel
		{1, 0},                       // u = 1 wraps to texel 0 with repeat
	} {
		got := one(t, s.View(), st, OpSampleL, func(r *Request) {
			r.Coord = [4][]float32{f32s(tc.u), f32s(0.5 / 8)}
			r.Lod = f32s(0)
		})
		if got[0] != tc.want {
			t.Errorf("nearest at u = %v (%#x): texel %v, want %v", tc.u, math.Float32bits(tc.u), got[0], tc.want)
		}
	}
	// Linear: exactly on a texel centre the weight of the next texel is zero.
	st = linearState()
	got := one(t, s.View(), st, OpSampleL, func(r *Request) {
		r.Coord = [4][]float32{f32s(4.5 / 8), f32s(0.5 / 8)}
		r.Lod = f32s(0)
	})
	if got[0] != 4 {
		t.Errorf("linear at a texel centre: %v, want 4", got[0])
	}
}

// TestOffsetCornerValues uses the extreme aoffimmi values −8 and 7.
func TestOffsetCornerValues(t *testing.T) {
	s := coordSurface(t, surface.Kind3D, 16, 16, 16, 1)
	st := DefaultState()
	for _, off := range []int32{-8, 7} {
		got := one(t, s.View(), st, OpSampleL, func(r *Request) {
			r.Coord = [4][]float32{f32s(8.5 / 16), f32s(8.5 / 16), f32s(8.5 / 16)}
			r.Lod = f32s(0)
			r.Offset = [3][]int32{i32s(off), i32s(off), i32s(off)}
		})
		w := float32(8 + off)
		if got != [4]float32{w, w, w, 0} {
			t.Errorf("offset %d on all axes = %v, want texel %v", off, got, w)
		}
	}
	for _, off := range []int32{-9, 8} {
		req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0), f32s(0), f32s(0)}, Lod: f32s(0),
			Offset: [3][]int32{nil, i32s(off)}}
		var res Result
		if err := (&Engine{}).Execute(s.View(), &st, req, &res); err != nil || res.LaneErr[0] == nil {
			t.Errorf("offset %d: err %v, lane errors %v; want a lane error", off, err, res.LaneErr)
		}
	}
}
