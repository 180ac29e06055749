package sampler

import (
	"fmt"
	"sync"

	"github.com/texunit/texunit/surface"
)

// The texel footprint query of VK_NV_shader_image_footprint
// (OpImageSampleFootprintNV; Vulkan "Texel Footprint Evaluation", GLSL's
// textureFootprint*NV): instead of a filtered value, the set of texel
// groups of one mip level that the equivalent sampling operation would
// read, as an anchor, an offset and an 8×8 (2D) or 4×4×4 (3D) mask.

// Footprint is one lane's texel footprint.
type Footprint struct {
	// SingleLevel is true when the sampling operation reads one mip level
	// only (the query's boolean result).
	SingleLevel bool
	// Anchor is the anchor in units of 8 (2D) or 4 (3D) texel groups;
	// Offset the offset relative to it, in texel groups. Group (gx, gy[,
	// gz]) of the level is local group (gx mod 8, gy mod 8), or (gx mod 4,
	// gy mod 4, gz mod 4) in 3D, of the neighbourhood that starts at group
	// 8·Anchor − Offset (4·Anchor − Offset).
	Anchor, Offset [3]uint32
	// Mask has bit lgy·8 + lgx (2D) or lgz·16 + lgy·4 + lgx (3D) set for
	// each local group holding a texel the operation reads: the
	// specification's two 32-bit halves, mask.x + mask.y << 32.
	Mask uint64
	// Lod is the mip level the footprint is in, relative to the view's
	// base level.
	Lod uint32
	// Granularity is 0 when the requested granularity was used, otherwise
	// the larger one the footprint needed (anisotropic footprints).
	Granularity uint32
	// Truncated is true when the texels read in the level span more than
	// one neighbourhood even at the largest granularity (2D 256×256 groups
	// of 8×8, 3D 64×32×32 groups of 4×4×4): the specification cannot
	// express such a footprint, so Mask holds the neighbourhood that starts
	// at the lowest group read and the groups beyond it are left out.
	Truncated bool
}

// FootprintQuery holds the query's own operands: the granularity (the
// specification's code, 1..15, see FootprintGroup) and whether the
// footprint is wanted in the coarse (lower-resolution) of two levels.
type FootprintQuery struct {
	Granularity int
	Coarse      bool
}

// footprintGroups2D and footprintGroups3D are the specification's table of
// texel group sizes by granularity code; zero entries are unsupported.
var (
	footprintGroups2D = [16][3]int32{1: {2, 2, 1}, 2: {4, 2, 1}, 3: {4, 4, 1}, 4: {8, 4, 1}, 5: {8, 8, 1}, 6: {16, 8, 1}, 7: {16, 16, 1},
		11: {64, 64, 1}, 12: {128, 64, 1}, 13: {128, 128, 1}, 14: {256, 128, 1}, 15: {256, 256, 1}}
	footprintGroups3D = [16][3]int32{1: {2, 2, 2}, 3: {4, 4, 2}, 10: {16, 16, 16}, 11: {32, 16, 16}, 12: {32, 32, 16},
		13: {32, 32, 32}, 14: {64, 32, 32}}
)

// FootprintGroup returns the texel group size of granularity code g for a
// 2D (dims 2) or 3D (dims 3) image, and whether the code is supported
// there (the specification's table: 2D 1–7 and 11–15, 3D 1, 3 and 10–14).
func FootprintGroup(g, dims int) (size [3]int32, ok bool) {
	if g < 0 || g > 15 {
		return size, false
	}
	size = footprintGroups2D[g]
	if dims == 3 {
		size = footprintGroups3D[g]
	}
	return size, size[0] != 0
}

// footprintResults pools the traced results Footprint runs.
var footprintResults = sync.Pool{New: func() any { return &Result{Trace: &Trace{}} }}

// Footprint evaluates the texel footprint of req — a sampling operation on
// a 2D or 3D view (sample, sample_b, sample_l, sample_lz or sample_d; the
// specification's textureFootprintNV, …LodNV, …GradNV, with MinLod for the
// Clamp forms) — and writes lane i's into out[i] (len(out) ≥ req.Lanes).
// The footprint is the set of texels the operation reads (the engine's own,
// Result.Trace) in the fine level, or the coarse level when q.Coarse and
// it reads two; when it reads one level, the coarse footprint is empty
// (mask 0, at that level). Inactive lanes and lanes with errors get the
// zero Footprint; their errors are in res.LaneErr as Execute gives them.
// The specification leaves the footprint undefined for address modes other
// than clamp-to-edge; texunit then reports the texels read, wrapped.
func (e *Engine) Footprint(view surface.View, st *State, req *Request, q FootprintQuery, out []Footprint) (laneErr []error, err error) {
	if view.Surface != nil {
		switch k := view.Surface.Kind; {
		case k != surface.Kind2D && k != surface.Kind3D:
			return nil, reqErr("surface.type: %v has no footprint (2d and 3d only)", k)
		}
	}
	switch req.Op {
	case OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD:
	default:
		return nil, reqErr("op: %v has no footprint (sample, sample_b, sample_l, sample_lz, sample_d)", req.Op)
	}
	dims := 2
	if view.Surface != nil && view.Surface.Kind == surface.Kind3D {
		dims = 3
	}
	group, ok := FootprintGroup(q.Granularity, dims)
	if !ok {
		return nil, reqErr("granularity: %d is not supported for %dD footprints (%s)", q.Granularity, dims, footprintCodes(dims))
	}
	if len(out) < req.Lanes {
		return nil, reqErr("footprints: %d given for %d lanes", len(out), req.Lanes)
	}
	res := footprintResults.Get().(*Result)
	defer footprintResults.Put(res)
	if err := e.Execute(view, st, req, res); err != nil {
		return nil, err
	}
	for i := 0; i < req.Lanes; i++ {
		out[i] = footprintOf(res.Trace.Lane(i), view.BaseLevel, q, q.Granularity, group, dims)
	}
	if res.LaneErr != nil {
		laneErr = append([]error(nil), res.LaneErr...)
	}
	return laneErr, nil
}

// footprintCodes lists the supported granularity codes.
func footprintCodes(dims int) string {
	if dims == 3 {
		return "1, 3, 10-14"
	}
	return "1-7, 11-15"
}

// footprintOf makes one lane's footprint from its traced texels.
func footprintOf(texels []TracedTexel, base int, q FootprintQuery, g int, group [3]int32, dims int) Footprint {
	var fp Footprint
	if len(texels) == 0 {
		return fp
	}
	fine, coarse := texels[0].Level, texels[0].Level
	for _, t := range texels {
		fine, coarse = min(fine, t.Level), max(coarse, t.Level)
	}
	fp.SingleLevel = fine == coarse
	level := fine
	if q.Coarse {
		level = coarse
		if fp.SingleLevel {
			fp.Lod = uint32(int(level) - base)
			return fp // one level read: the coarse footprint is empty
		}
	}
	fp.Lod = uint32(int(level) - base)
	n := int32(8) // groups per neighbourhood side
	if dims == 3 {
		n = 4
	}
	// The smallest supported granularity, from the requested one up, whose
	// groups hold the footprint in one neighbourhood.
	var lo, hi [3]int32
	used := g
	for {
		first := true
		for _, t := range texels {
			if t.Level != level || t.Border {
				continue
			}
			c := [3]int32{t.X / group[0], t.Y / group[1], t.Z / group[2]}
			for a := 0; a < dims; a++ {
				if first || c[a] < lo[a] {
					lo[a] = c[a]
				}
				if first || c[a] > hi[a] {
					hi[a] = c[a]
				}
			}
			first = false
		}
		if first {
			return fp // only border texels: nothing in memory
		}
		fits := true
		for a := 0; a < dims; a++ {
			fits = fits && hi[a]-lo[a] < n
		}
		next := used + 1
		for next <= 15 {
			if _, ok := FootprintGroup(next, dims); ok {
				break
			}
			next++
		}
		if fits || next > 15 {
			break
		}
		used = next
		group, _ = FootprintGroup(used, dims)
	}
	if used != g {
		fp.Granularity = uint32(used)
	}
	// The neighbourhood starts at group lo: anchor ⌈lo/n⌉, offset n·anchor − lo.
	for a := 0; a < dims; a++ {
		anchor := (lo[a] + n - 1) / n
		fp.Anchor[a], fp.Offset[a] = uint32(anchor), uint32(n*anchor-lo[a])
	}
	for _, t := range texels {
		if t.Level != level || t.Border {
			continue
		}
		c := [3]int32{t.X / group[0], t.Y / group[1], t.Z / group[2]}
		if c[0]-lo[0] >= n || c[1]-lo[1] >= n || (dims == 3 && c[2]-lo[2] >= n) {
			fp.Truncated = true // beyond the largest granularity's neighbourhood
			continue
		}
		var bit int32
		if dims == 3 {
			bit = (c[2]&3)*16 + (c[1]&3)*4 + c[0]&3
		} else {
			bit = (c[1]&7)*8 + c[0]&7
		}
		fp.Mask |= 1 << bit
	}
	return fp
}

// String returns the footprint as the specification's fields.
func (f Footprint) String() string {
	return fmt.Sprintf("single %v anchor %v offset %v mask %#016x lod %d granularity %d", f.SingleLevel, f.Anchor, f.Offset, f.Mask, f.Lod, f.Granularity)
}

// Covers reports whether texel (i, j, k) of the footprint's level lies in
// a covered group, by the specification's formulas for local group (lgx,
// lgy[, lgz]): i0 = gran.x·(n·anchor.x + lgx) when lgx + offset.x < n, else
// gran.x·(n·(anchor.x − 1) + lgx), and likewise for y and z. group is the
// group size of the footprint's granularity; dims 2 or 3.
func (f Footprint) Covers(i, j, k int32, group [3]int32, dims int) bool {
	n := int32(8)
	if dims == 3 {
		n = 4
	}
	t := [3]int32{i, j, k}
	var lg [3]int32
	for a := 0; a < dims; a++ {
		found := false
		for l := int32(0); l < n; l++ {
			var g0 int32
			if l+int32(f.Offset[a]) < n {
				g0 = group[a] * (n*int32(f.Anchor[a]) + l)
			} else {
				g0 = group[a] * (n*(int32(f.Anchor[a])-1) + l)
			}
			if t[a] >= g0 && t[a] <= g0+group[a]-1 {
				lg[a], found = l, true
				break
			}
		}
		if !found {
			return false
		}
	}
	bit := lg[1]*n + lg[0]
	if dims == 3 {
		bit = lg[2]*16 + lg[1]*4 + lg[0]
	}
	return f.Mask>>bit&1 != 0
}
