package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// layerCoord returns an array coordinate for a view of n layers (or
// cubes): a layer, a tie between two (RNE), just beside one, outside the
// view on either side, or a special (NaN, infinities, −0, huge).
func layerCoord(rng *rand.Rand, n int) float32 {
	switch rng.IntN(6) {
	case 0:
		return []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Copysign(0, -1)),
			-0.5, 0.5, 1e30, -1e30, 3e9, float32(n) - 0.5, float32(n) + 0.5}[rng.IntN(11)]
	case 1, 2: // a tie
		return float32(rng.IntN(n+3)-2) + 0.5
	case 3:
		return math.Nextafter32(float32(rng.IntN(n+2)-1)+0.5, float32(math.Inf(1-2*rng.IntN(2))))
	}
	return float32(rng.IntN(n+4) - 2)
}

// layerCoords returns lanes layerCoord values.
func layerCoords(rng *rand.Rand, lanes, n int) []float32 {
	a := make([]float32, lanes)
	for i := range a {
		a[i] = layerCoord(rng, n)
	}
	return a
}

// TestArrayLanesReuse runs a sequence of requests through one Engine and
// one Result (so one working set, laneSet): 2D-array, cube-array and
// anisotropic array requests, whose vector gatherers (and runPlainLevel,
// on a view of one level) write each entry's layer, between plain ones, which write the constant layer once for
// their chunks (laneSet.Plain, PlainLayer), on views with other first
// layers, in both precisions, each against the reference.
func TestArrayLanesReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	flat := newSurface(t, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Layers: 5}, false)
	cubes := newSurface(t, surface.Desc{Kind: surface.KindCubeArray, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8, Layers: 18}, false)
	one := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16}, false)
	// One level: runPlainLevel's chunks (formLevel).
	flat1 := newSurface(t, surface.Desc{Kind: surface.Kind2DArray, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 4, Layers: 4, Levels: 1}, false)
	view := func(s *surface.Surface, base, layers int) surface.View {
		v := s.View()
		v.BaseLayer, v.Layers = base, layers
		return v
	}
	type step struct {
		v     surface.View
		op    Op
		aniso bool
	}
	steps := []step{
		{view(flat, 0, 5), OpSampleL, false},
		{one.View(), OpSampleL, false},
		{view(flat, 2, 3), OpSampleL, false},
		{view(flat, 2, 3), OpSampleD, true},
		{one.View(), OpSampleD, true},
		{view(flat, 1, 1), OpGather4, false},
		{view(cubes, 6, 12), OpSampleL, false},
		{view(flat, 0, 5), OpSampleD, true},
		{view(cubes, 0, 18), OpGather4, false},
		{one.View(), OpGather4, false},
		{view(flat1, 1, 3), OpSampleL, false},
		{one.View(), OpSampleLZ, false},
		{view(flat1, 0, 4), OpSampleL, false},
	}
	for _, prec := range []Precision{{}, HardwarePrecision()} {
		eng, res := &Engine{Precision: prec}, new(Result)
		for round := range 3 {
			for k, sp := range steps {
				const nLanes = 128
				req := &Request{Op: sp.op, Lanes: nLanes}
				for c := range 4 {
					req.Coord[c] = make([]float32, nLanes)
					for i := range nLanes {
						req.Coord[c][i] = rng.Float32()*2 - 1
					}
				}
				layers := sp.v.Layers
				if sp.v.Surface.Kind.IsCube() {
					layers /= 6
					req.Coord[3] = layerCoords(rng, nLanes, layers)
				} else if sp.v.Surface.Kind.IsArray() {
					req.Coord[2] = layerCoords(rng, nLanes, layers)
				}
				req.Lod = make([]float32, nLanes)
				for c := range 3 {
					req.DDX[c], req.DDY[c] = make([]float32, nLanes), make([]float32, nLanes)
					for i := range nLanes {
						req.DDX[c][i], req.DDY[c][i] = rng.Float32()/8, rng.Float32()/64
					}
				}
				st := linearState()
				st.MipFilter = MipLinear
				if sp.aniso {
					st.MaxAnisotropy = 8
				}
				var x exec
				if err := x.setup(prec, sp.v, &st, req); err != nil {
					t.Fatal(err)
				}
				forms := x.laneForms(req)
				if forms&(formVec|formCubeVec|formAnisoVec) == 0 {
					t.Fatalf("step %d (%s %s): no vector gatherer takes it", k, sp.v.Surface.Kind, sp.op)
				}
				if sp.v.Surface == flat1 && lanes.AsmKernels && forms&formLevel == 0 {
					t.Fatalf("step %d: a one-level array view not on runPlainLevel", k)
				}
				if err := eng.Execute(sp.v, &st, req, res); err != nil {
					t.Fatal(err)
				}
				fastDisabled = true
				ref := new(Result)
				err := (&Engine{Precision: prec}).Execute(sp.v, &st, req, ref)
				fastDisabled = false
				if err != nil {
					t.Fatal(err)
				}
				for i := range nLanes {
					for c := range 4 {
						if res.Bits[c][i] != ref.Bits[c][i] {
							t.Fatalf("precision %v round %d step %d (%s %s): lane %d channel %d: %08x, reference %08x",
								prec.Mode, round, k, sp.v.Surface.Kind, sp.op, i, c, res.Bits[c][i], ref.Bits[c][i])
						}
					}
				}
			}
		}
	}
}
