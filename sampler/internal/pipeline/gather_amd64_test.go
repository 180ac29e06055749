//go:build amd64 && !purego

package pipeline

import (
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// TestGatherPlainBaseLevel runs GatherPlain on plain 2D and 2D-array
// keys of the base level's forms (λ = 0: every entry at level 0, δ 0),
// on its own set-ups: one entry a lane, the lane's coordinates, layer
// (the view's base layer, or clamp(RNE(a), 0, layers − 1) + base_layer on
// an array view) and reference (0 without a compare), and the chunk's
// counts; and chunks it declines (lane counts that are not a multiple of
// 8, none, more than a chunk), filling nothing. (Package sampler's
// TestGatherPlainAsmAgrees holds every LOD source to its per-lane
// gatherer.)
func TestGatherPlainBaseLevel(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	rng := rand.New(rand.NewPCG(71, 72))
	for iter := 0; iter < 500; iter++ {
		n := 8 * (1 + rng.IntN(24))
		k := Key{Loop: LoopGather, Dec: lanes.DecodeRGBA8Unorm, Levels: int32(1 + rng.IntN(8)), Layers: int32(1 + rng.IntN(5))}
		k.BaseLayer = int32(rng.IntN(3))
		k.Array = rng.IntN(2) == 0
		if rng.IntN(2) == 0 {
			k.Compare = lanes.CompareLess
		}
		var coord [4][]float32
		ref := make([]float32, n)
		for i := range coord[:3] {
			coord[i] = make([]float32, n)
		}
		for i := range n {
			coord[0][i], coord[1][i] = rng.Float32()*4-2, rng.Float32()*4-2
			coord[2][i] = float32(rng.IntN(17)-4) / 2
			ref[i] = rng.Float32()
		}
		p := Plan{Key: k, LevelStage: LevelStage{Lod: LodBaseLevel, Levels: k.Levels, MaxLod: 1000}}
		o := Operands{Lanes: n, Coord: &coord, Ref: ref}
		first := 8 * rng.IntN(n/8)
		end := min(first+lanes.Chunk, n)
		c := new(lanes.Set)
		if next, ok := p.GatherPlain(&o, c, first, end); !ok || next != end {
			t.Fatalf("GatherPlain(%d, %d) = %d, %v", first, end, next, ok)
		}
		m := end - first
		if c.N != m || c.NP != m || c.Lanes != m {
			t.Fatalf("counts %d %d %d, want %d", c.N, c.NP, c.Lanes, m)
		}
		for j := range m {
			i := first + j
			layer := k.BaseLayer
			if k.Array {
				layer += ClampLayer(coord[2][i], k.Layers)
			}
			var r float32
			if k.Compare != lanes.CompareNone {
				r = ref[i]
			}
			if c.Lane[j] != int32(i) || c.S[j] != coord[0][i] || c.T[j] != coord[1][i] || c.Layer[j] != layer || c.Face[j] != -1 ||
				c.Ref[j] != r || c.OffU[j] != 0 || c.OffV[j] != 0 || c.Hi[j] != 0 || c.Lo[j] != 0 || c.Delta[j] != 0 {
				t.Fatalf("array %v compare %v lane %d: lane %d s %v t %v layer %d face %d ref %v levels %d %d δ %v, want s %v t %v layer %d ref %v",
					k.Array, k.Compare, i, c.Lane[j], c.S[j], c.T[j], c.Layer[j], c.Face[j], c.Ref[j], c.Hi[j], c.Lo[j], c.Delta[j],
					coord[0][i], coord[1][i], layer, r)
			}
		}
		for _, e := range []int{end - 1 - rng.IntN(7), first, first + lanes.Chunk + 8} {
			d := new(lanes.Set)
			if next, ok := p.GatherPlain(&o, d, first, e); ok || next != first || d.N != 0 {
				t.Fatalf("GatherPlain(%d, %d) = %d, %v with %d entries: want it declined", first, e, next, ok, d.N)
			}
		}
	}
}

// TestGatherCubeAnisoDecline checks the chunks the cube and anisotropic
// gatherers decline, filling nothing: a cube chunk whose first lane or
// lane count is not a multiple of 8, an anisotropic request whose lane
// count is not.
func TestGatherCubeAnisoDecline(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	p := Plan{Key: Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Unorm, Levels: 1, Layers: 1, Cube: true}, LevelStage: LevelStage{Lod: LodExplicit, Levels: 1}}
	var coord [4][]float32
	for i := range coord {
		coord[i] = make([]float32, 80)
	}
	for _, c := range []struct{ lanes, first int }{{80, 3}, {80, 9}, {77, 64}, {5, 0}} {
		o := Operands{Lanes: c.lanes, Coord: &coord, Lod: coord[0]}
		s := new(lanes.Set)
		if next, ok := p.GatherCube(&o, s, c.first); ok || next != c.first || s.N != 0 {
			t.Errorf("GatherCube of %d lanes from %d = %d, %v: want it declined", c.lanes, c.first, next, ok)
		}
	}
	p.Key.Cube, p.LevelStage.Lod = false, LodGradient
	for _, n := range []int{1, 7, 63, 65} {
		o := Operands{Lanes: n, Coord: &coord}
		s := new(lanes.Set)
		if next, ok := p.GatherAniso(&o, s, 0); ok || next != 0 || s.N != 0 {
			t.Errorf("GatherAniso of %d lanes = %d, %v: want it declined", n, next, ok)
		}
	}
}
