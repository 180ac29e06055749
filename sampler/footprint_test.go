package sampler

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestFootprintCase checks a footprint worked out by hand: bilinear at
// texels 7–8 × 0–1 of a 16×16 level in 2×2 groups covers groups (3, 0) and
// (4, 0): the neighbourhood starts at group 3, so anchor (1, 0), offset
// (5, 0), and local groups 3 and 4 (mask 0x18).
func TestFootprintCase(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16}, false)
	st := linearState()
	st.MipFilter = MipLinear
	req := &Request{Op: OpSampleL, Lanes: 2, Coord: [4][]float32{f32s(8.0/16, 8.0/16), f32s(1.0/16, 1.0/16)}, Lod: f32s(0, 0.5)}
	out := make([]Footprint, 2)
	if _, err := (&Engine{}).Footprint(s.View(), &st, req, FootprintQuery{Granularity: 1}, out); err != nil {
		t.Fatal(err)
	}
	want := Footprint{SingleLevel: true, Anchor: [3]uint32{1, 0, 0}, Offset: [3]uint32{5, 0, 0}, Mask: 0x18}
	if out[0] != want {
		t.Errorf("lane 0: %v, want %v", out[0], want)
	}
	if out[1].SingleLevel || out[1].Lod != 0 {
		t.Errorf("lane 1 (λ 0.5, two levels), fine: %v", out[1])
	}
	// The coarse footprint: level 1 (8×8), texels 3–4 × 0 (v = 1/16·8 − ½ = 0): groups (1, 0) and (2, 0).
	if _, err := (&Engine{}).Footprint(s.View(), &st, req, FootprintQuery{Granularity: 1, Coarse: true}, out); err != nil {
		t.Fatal(err)
	}
	if out[0] != (Footprint{SingleLevel: true}) {
		t.Errorf("lane 0 coarse (one level): %v, want the empty footprint", out[0])
	}
	want = Footprint{Anchor: [3]uint32{1, 0, 0}, Offset: [3]uint32{7, 0, 0}, Mask: 0x06, Lod: 1}
	if out[1] != want {
		t.Errorf("lane 1 coarse: %v, want %v", out[1], want)
	}
}

// TestFootprintCovers checks random 2D and 3D footprints (cubic ones
// among them) against the
// specification's formulas: every texel the operation reads in the
// footprint's level lies in a covered group (Covers), every covered group
// holds one, and the granularity is the requested one unless anisotropy
// made the footprint too large for it; a footprint too large even for the
// largest granularity says so (Truncated), and only then leaves texels out.
// The second sequence reaches such footprints (implicit LODs of lanes far
// apart on one-level 3D textures).
func TestFootprintCovers(t *testing.T) {
	for _, seed := range []uint64{11, 1} {
		footprintCovers(t, seed)
	}
}

func footprintCovers(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 12))
	ops := []Op{OpSampleL, OpSampleD, OpSampleLZ, OpSample, OpSampleB}
	promoted, masks, empty, truncated := 0, 0, 0, 0
	defer func() {
		t.Logf("seed %d: %d footprints with a mask, %d empty, %d at a larger granularity, %d truncated", seed, masks, empty, promoted, truncated)
		if promoted == 0 || masks == 0 {
			t.Error("the cases did not reach a larger granularity or a mask")
		}
		if seed == 1 && truncated == 0 {
			t.Error("the second sequence did not reach a truncated footprint")
		}
	}()
	for it := 0; it < 300; it++ {
		dims := 2 + rng.IntN(2)
		d := surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 1 + rng.IntN(300), Height: 1 + rng.IntN(300)}
		if dims == 3 {
			d.Kind, d.Depth = surface.Kind3D, 1+rng.IntN(40)
		}
		s := newSurface(t, d, false)
		st := DefaultState()
		st.MagFilter, st.MinFilter = Filter(rng.IntN(2)), Filter(rng.IntN(2))
		st.MipFilter = MipFilter(rng.IntN(3))
		st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
		st.MaxAnisotropy = float32(1 + rng.IntN(16))
		if dims == 2 {
			st.Anisotropy = AnisoMethod(rng.IntN(3)) // EWA's ellipses and footprint assembly's probes too
		}
		if it%4 == 3 { // cubic: 4×4 (4×4×4) texels per level; rng's sequence unchanged
			st.MagFilter, st.MinFilter, st.MaxAnisotropy = Cubic, Cubic, 1
		}
		codes := []int{1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15}
		if dims == 3 {
			codes = []int{1, 3, 10, 11, 12, 13, 14}
		}
		q := FootprintQuery{Granularity: codes[rng.IntN(len(codes))], Coarse: rng.IntN(2) == 0}
		const lanes = 16
		req := &Request{Op: ops[rng.IntN(len(ops))], Lanes: lanes}
		for c := range 4 {
			req.Coord[c] = make([]float32, lanes)
		}
		req.Lod, req.Bias = make([]float32, lanes), make([]float32, lanes)
		for c := range 3 {
			req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
		}
		for j := range lanes {
			for c := range 3 {
				req.Coord[c][j] = -0.2 + 1.4*rng.Float32()
				req.DDX[c][j], req.DDY[c][j] = 0.1*(rng.Float32()-0.5), 0.02*(rng.Float32()-0.5)
			}
			req.Lod[j], req.Bias[j] = 6*rng.Float32()-1, rng.Float32()-0.5
		}
		out := make([]Footprint, lanes)
		if _, err := (&Engine{}).Footprint(s.View(), &st, req, q, out); err != nil {
			t.Fatal(err)
		}
		res := &Result{Trace: &Trace{}}
		if err := (&Engine{}).Execute(s.View(), &st, req, res); err != nil {
			t.Fatal(err)
		}
		for j := range lanes {
			fp := out[j]
			texels := res.Trace.Lane(j)
			levels := map[int32]bool{}
			for _, e := range texels {
				levels[e.Level] = true
			}
			if fp.SingleLevel != (len(levels) <= 1) {
				t.Fatalf("it %d lane %d: single %v, %d levels read", it, j, fp.SingleLevel, len(levels))
			}
			if q.Coarse && fp.SingleLevel {
				if fp.Mask != 0 {
					t.Fatalf("it %d lane %d: coarse footprint of one level not empty: %v", it, j, fp)
				}
				continue
			}
			if fp.Mask == 0 {
				empty++
			} else {
				masks++
			}
			g := q.Granularity
			if fp.Granularity != 0 {
				promoted++
				if st.MaxAnisotropy <= 1 || int(fp.Granularity) <= g {
					t.Fatalf("it %d lane %d: granularity %d for requested %d without need: %v", it, j, fp.Granularity, g, fp)
				}
				g = int(fp.Granularity)
			}
			group, _ := FootprintGroup(g, dims)
			if fp.Truncated {
				truncated++
				if largest := map[int]int{2: 15, 3: 14}[dims]; g != largest {
					t.Fatalf("it %d lane %d: truncated at granularity %d, not the largest (%d): %v", it, j, g, largest, fp)
				}
			}
			uncovered := false
			covered := map[[3]int32]bool{}
			for _, e := range texels {
				if int(e.Level) != int(fp.Lod) {
					continue
				}
				if !fp.Covers(e.X, e.Y, e.Z, group, dims) {
					if !fp.Truncated {
						t.Fatalf("it %d lane %d: texel (%d, %d, %d) of level %d not covered by %v (group %v)", it, j, e.X, e.Y, e.Z, e.Level, fp, group)
					}
					uncovered = true
					continue
				}
				covered[[3]int32{e.X / group[0], e.Y / group[1], e.Z / group[2]}] = true
			}
			bits := 0
			for m := fp.Mask; m != 0; m &= m - 1 {
				bits++
			}
			if bits != len(covered) {
				t.Fatalf("it %d lane %d: %d mask bits, %d groups read: %v", it, j, bits, len(covered), fp)
			}
			if fp.Truncated != uncovered {
				t.Fatalf("it %d lane %d: truncated %v, but texels left out %v: %v", it, j, fp.Truncated, uncovered, fp)
			}
		}
	}
}

func TestFootprintErrors(t *testing.T) {
	s2 := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 8, Height: 8}, false)
	s3 := newSurface(t, surface.Desc{Kind: surface.Kind3D, Format: format.R8Unorm, Width: 8, Height: 8, Depth: 8}, false)
	cube := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8Unorm, Width: 8, Height: 8}, false)
	st := linearState()
	req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5), f32s(0.5)}, Lod: f32s(0)}
	out := make([]Footprint, 1)
	for _, c := range []struct {
		v    surface.View
		req  *Request
		q    FootprintQuery
		out  []Footprint
		want string
	}{
		{cube.View(), req, FootprintQuery{Granularity: 1}, out, "surface.type: cube has no footprint (2d and 3d only)"},
		{s2.View(), &Request{Op: OpGather4, Lanes: 1}, FootprintQuery{Granularity: 1}, out, "op: gather4 has no footprint"},
		{s2.View(), req, FootprintQuery{Granularity: 8}, out, "granularity: 8 is not supported for 2D footprints (1-7, 11-15)"},
		{s2.View(), req, FootprintQuery{Granularity: 0}, out, "granularity: 0 is not supported for 2D footprints"},
		{s3.View(), req, FootprintQuery{Granularity: 2}, out, "granularity: 2 is not supported for 3D footprints (1, 3, 10-14)"},
		{s2.View(), req, FootprintQuery{Granularity: 16}, out, "granularity: 16 is not supported"},
		{s2.View(), req, FootprintQuery{Granularity: 1}, nil, "footprints: 0 given for 1 lanes"},
	} {
		_, err := (&Engine{}).Footprint(c.v, &st, c.req, c.q, c.out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.q, err, c.want)
		}
	}
}
