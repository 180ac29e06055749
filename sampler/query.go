package sampler

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/surface"
)

// runQuery executes resinfo, sampleinfo and samplepos.
func (x *exec) runQuery(req *Request, res *Result) {
	n := req.Lanes
	if req.Op != OpSamplePos {
		res.Kind = ValueUint
	}
	for i := 0; i < n; i++ {
		if !req.active(i) {
			continue
		}
		var v [4]uint32
		switch req.Op {
		case OpResInfo:
			var level int32
			if req.Level != nil {
				level = req.Level[i]
			}
			v = x.resinfo(level)
		case OpSampleInfo:
			// Sample count and the sample position palette index (0: the
			// standard positions).
			v[0] = uint32(x.surf.Samples)
		case OpSamplePos:
			var s int32
			if req.Sample != nil {
				s = req.Sample[i]
			}
			px, py, ok := SamplePosition(x.surf.Samples, int(s))
			if !ok {
				res.laneError(n, i, fmt.Errorf("sample: %d is out of range (0..%d)", s, x.surf.Samples-1))
				continue
			}
			v[0], v[1] = math.Float32bits(px), math.Float32bits(py)
		}
		for c := 0; c < 4; c++ {
			res.Bits[c][i] = v[c]
		}
	}
}

// resinfo follows the table of the Intel INFO document: (width, height or
// layers, depth or layers, level count) at a level relative to the view's
// base level. Sizes are max(1, size >> level); a level outside the view
// returns zero sizes and still the level count.
func (x *exec) resinfo(level int32) [4]uint32 {
	v := [4]uint32{3: uint32(x.levels)}
	if level < 0 || int(level) >= x.levels {
		return v
	}
	w, h, d := x.surf.LevelSize(x.view.BaseLevel + int(level))
	layers := uint32(x.view.Layers)
	switch x.kind {
	case surface.Kind1D:
		v[0] = uint32(w)
	case surface.Kind1DArray:
		v[0], v[1] = uint32(w), layers
	case surface.Kind2D, surface.Kind2DMS:
		v[0], v[1] = uint32(w), uint32(h)
	case surface.Kind2DArray, surface.Kind2DMSArray:
		v[0], v[1], v[2] = uint32(w), uint32(h), layers
	case surface.Kind3D:
		v[0], v[1], v[2] = uint32(w), uint32(h), uint32(d)
	case surface.KindCube, surface.KindCubeArray:
		v[0], v[1], v[2] = uint32(w), uint32(h), layers/6
	}
	return v
}

// standardSamplePositions are the Vulkan / Direct3D standard sample
// locations in sixteenths of a pixel from the pixel's upper-left corner.
var standardSamplePositions = map[int][][2]int8{
	1:  {{8, 8}},
	2:  {{12, 12}, {4, 4}},
	4:  {{6, 2}, {14, 6}, {2, 10}, {10, 14}},
	8:  {{9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1}},
	16: {{9, 9}, {7, 5}, {5, 10}, {12, 7}, {3, 6}, {10, 13}, {13, 11}, {11, 3}, {6, 14}, {8, 1}, {4, 2}, {2, 12}, {0, 8}, {15, 4}, {14, 15}, {1, 0}},
}

// SamplePosition returns the standard position of sample s of a pixel with
// the given sample count, in pixels from the pixel's centre (x right, y
// down). ok is false for an unknown count or an index out of range.
func SamplePosition(samples, s int) (x, y float32, ok bool) {
	tab, found := standardSamplePositions[samples]
	if !found || s < 0 || s >= len(tab) {
		return 0, 0, false
	}
	return float32(tab[s][0]-8) / 16, float32(tab[s][1]-8) / 16, true
}
