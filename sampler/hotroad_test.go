package sampler

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// hotCase is a set-up TestHotRoadAdmits caches and the road it expects of
// it where the assembly runs.
type hotCase struct {
	name string
	view surface.View
	st   State
	op   Op
	road uint8
}

func hotCases(t *testing.T) []hotCase {
	rgba := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 32, Height: 16, Levels: 1}, false)
	depth := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 16, Height: 16, Levels: 1}, false)
	float := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 8, Levels: 1}, false)
	array := newSurface(t, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 16, Height: 8, Layers: 3, Levels: 1}, false)
	r8 := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 16, Height: 16, Levels: 1}, false)
	mips := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Levels: 3}, false)
	bc := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.BC1RGBAUnormBlock, Width: 16, Height: 16, Levels: 1}, false)
	lin, cmp, near := linearState(), linearState(), DefaultState()
	cmp.Compare = CompareLess
	lin.Address = [3]AddressMode{WrapRepeat, WrapRepeat, WrapRepeat}
	trilinear := linearState()
	trilinear.MipFilter = MipLinear
	return []hotCase{
		{"bilinear", rgba.View(), lin, OpSampleL, hotLevel},
		{"bilinear lz", rgba.View(), lin, OpSampleLZ, hotLevel},
		{"nearest", rgba.View(), near, OpSampleL, hotNone}, // not the lane loop's (laneFilter)
		{"gather", rgba.View(), lin, OpGather4, hotLevel},
		{"pcf", depth.View(), cmp, OpSampleLC, hotLevel},
		{"depth gather", depth.View(), cmp, OpGather4C, hotLevel},
		{"rgba32f", float.View(), lin, OpSampleL, hotLevel},
		{"array", array.View(), lin, OpSampleL, hotLevel},
		{"fetch", rgba.View(), near, OpFetch, hotFetch},
		{"fetch array", array.View(), near, OpFetch, hotFetch},
		{"fetch r8", r8.View(), near, OpFetch, hotFetch},
		{"implicit", rgba.View(), lin, OpSample, hotNone},         // LodImplicit
		{"gradients", rgba.View(), lin, OpSampleD, hotNone},       // LodGradient
		{"trilinear", mips.View(), trilinear, OpSampleL, hotNone}, // levels other than 0
		{"bc1", bc.View(), lin, OpSampleL, hotNone},               // decoded-block caches
		{"resinfo", rgba.View(), lin, OpResInfo, hotNone},
	}
}

// hotRequest is a request of op with every operand a road may read, 64
// lanes of 72-element slices, inside the view.
func hotRequest(rng *rand.Rand, op Op) *Request {
	const n, m = 64, 72
	req := &Request{Op: op, Lanes: n, Lod: make([]float32, m), Ref: make([]float32, m), Bias: make([]float32, m)}
	for c := range 3 {
		req.Coord[c], req.Texel[c] = make([]float32, m), make([]int32, m)
		req.DDX[c], req.DDY[c] = slices.Repeat([]float32{1.0 / 16}, m), slices.Repeat([]float32{1.0 / 32}, m)
		for i := range m {
			req.Coord[c][i] = rng.Float32()*3 - 1
			req.Texel[c][i] = int32(rng.IntN(8))
		}
	}
	for i := range m {
		req.Lod[i] = float32(rng.IntN(9)-2) / 4
		req.Ref[i] = rng.Float32()
	}
	return req
}

// hotMutations change one thing of a request: the shapes hotMatch
// must tell apart, and values that make the road decline.
var hotMutations = []func(rng *rand.Rand, r *Request){
	func(rng *rand.Rand, r *Request) { r.Lanes = []int{-8, -1, 0, 4, 8, 12, 16, 24, 65, 72}[rng.IntN(10)] },
	func(rng *rand.Rand, r *Request) { r.Active = slices.Repeat([]bool{true}, 64-rng.IntN(2)) },
	func(rng *rand.Rand, r *Request) { r.Offset[rng.IntN(3)] = make([]int32, 72) },
	func(rng *rand.Rand, r *Request) { r.Channel = make([]uint8, 64-rng.IntN(2)) },
	func(rng *rand.Rand, r *Request) { r.MinLod = make([]float32, 64-rng.IntN(2)) },
	func(rng *rand.Rand, r *Request) { r.Level = make([]int32, 64-rng.IntN(2)) },
	func(rng *rand.Rand, r *Request) { r.Sample = make([]int32, 64-rng.IntN(2)) },
	func(rng *rand.Rand, r *Request) { r.Derivatives = Derivatives(1 + rng.IntN(2)) },
	func(rng *rand.Rand, r *Request) {
		r.CoarsePixel = [][2]float32{{float32(math.Copysign(0, -1)), 0}, {1, 1}, {0, 2}, {0.5, 0}, {float32(math.NaN()), 0}}[rng.IntN(5)]
	},
	func(rng *rand.Rand, r *Request) {
		c := rng.IntN(4)
		r.Coord[c] = r.Coord[c][:min(len(r.Coord[c]), rng.IntN(2)*63)]
	},
	func(rng *rand.Rand, r *Request) {
		c := rng.IntN(4)
		r.Texel[c] = r.Texel[c][:min(len(r.Texel[c]), rng.IntN(2)*63)]
	},
	func(rng *rand.Rand, r *Request) { r.Lod = r.Lod[:rng.IntN(2)*63] },
	func(rng *rand.Rand, r *Request) { r.Ref = r.Ref[:rng.IntN(2)*63] },
	func(rng *rand.Rand, r *Request) { r.Projective = true },
	func(rng *rand.Rand, r *Request) { // a coordinate the one-level kernels decline
		if s := r.Coord[rng.IntN(2)]; len(s) > 0 {
			s[rng.IntN(len(s))] = []float32{float32(math.NaN()), 1 << 31, -1 << 30}[rng.IntN(3)]
		}
	},
	func(rng *rand.Rand, r *Request) {
		if s := r.Texel[rng.IntN(2)]; len(s) > 0 {
			s[rng.IntN(len(s))] = []int32{-1, 1 << 30, math.MinInt32}[rng.IntN(3)]
		}
	},
}

// TestHotRoadAdmits checks the set-up cache's hot road (hotRoad, Execute):
// a cached set-up has the road expected of it where the assembly runs;
// every request its hotMatch takes passes checkOperands and is one that
// runPlainLevels (plainLevelRequest) or fetchAsm takes, so that Execute
// may run it without them; and every request, admitted or not, gets from
// an Engine whose set-up is cached the error or the results, bit for bit,
// lane errors, residency and kind, that a new Engine gives it.
func TestHotRoadAdmits(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	for _, hc := range hotCases(t) {
		var eng Engine
		st := hc.st
		var res Result
		if err := eng.Execute(hc.view, &st, hotRequest(rng, hc.op), &res); err != nil {
			t.Fatalf("%s: %v", hc.name, err)
		}
		c := (*setupEntry)(eng.last)
		view := hc.view
		want := hc.road
		if !lanes.AsmKernels {
			want = hotNone
		}
		if c.hot.road != want {
			t.Fatalf("%s: hot road %d, want %d", hc.name, c.hot.road, want)
		}
		admitted, declined := 0, 0
		for iter := range 600 {
			req := hotRequest(rng, hc.op)
			for range rng.IntN(3) {
				hotMutations[rng.IntN(len(hotMutations))](rng, req)
			}
			if c.hot.road != hotNone && c.hotMatch(&eng.Precision, &view, &st, req) {
				admitted++
				x := exec{plan: &c.plan, st: &st}
				if err := x.checkOperands(req); err != nil {
					t.Fatalf("%s iteration %d: admitted, but checkOperands reports %v", hc.name, iter, err)
				}
				if c.hot.road == hotLevel && !x.plainLevelRequest(req) {
					t.Fatalf("%s iteration %d: admitted, but not a request plainLevelRequest takes", hc.name, iter)
				}
				if c.hot.road == hotFetch {
					var r Result
					r.resize(req.Lanes, false)
					if !x.fetchAsm(req, &r) {
						t.Fatalf("%s iteration %d: admitted, but fetchAsm declines it", hc.name, iter)
					}
				}
			} else {
				declined++
			}
			var got, fresh Result
			errGot := eng.Execute(hc.view, &st, req, &got)
			errWant := (&Engine{}).Execute(hc.view, &st, req, &fresh)
			if (errGot == nil) != (errWant == nil) || errGot != nil && errGot.Error() != errWant.Error() {
				t.Fatalf("%s iteration %d: error %v, a new engine's %v", hc.name, iter, errGot, errWant)
			}
			if errGot != nil {
				continue
			}
			if got.Kind != fresh.Kind || len(got.LaneErr) != len(fresh.LaneErr) {
				t.Fatalf("%s iteration %d: kind %v, %d lane errors; a new engine's %v, %d", hc.name, iter, got.Kind, len(got.LaneErr), fresh.Kind, len(fresh.LaneErr))
			}
			for i := range req.Lanes {
				if laneErr(&got, i) != laneErr(&fresh, i) || got.Resident[i] != fresh.Resident[i] {
					t.Fatalf("%s iteration %d lane %d: error %q resident %v, a new engine's %q %v", hc.name, iter, i, laneErr(&got, i), got.Resident[i], laneErr(&fresh, i), fresh.Resident[i])
				}
				for ch := range 4 {
					if got.Bits[ch][i] != fresh.Bits[ch][i] {
						t.Fatalf("%s iteration %d lane %d channel %d: %08x, a new engine's %08x", hc.name, iter, i, ch, got.Bits[ch][i], fresh.Bits[ch][i])
					}
				}
			}
		}
		t.Logf("%s: road %d, %d admitted, %d not", hc.name, c.hot.road, admitted, declined)
		if c.hot.road != hotNone && (admitted < 50 || declined < 50) {
			t.Errorf("%s: %d requests admitted, %d not: the mutations do not cover both", hc.name, admitted, declined)
		}
	}
}

// TestHotRoadConcurrent runs requests of two keys that take the hot road
// (one-level bilinear sampling and a fetch) and a third that does not on
// one Engine from several goroutines, each with its own Result: under go
// test -race it checks that the road shares the cached plan read-only.
func TestHotRoadConcurrent(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 32, Height: 32, Levels: 1}, false)
	rng := rand.New(rand.NewPCG(5, 6))
	states := [3]State{linearState(), DefaultState(), linearState()}
	reqs := [3]*Request{hotRequest(rng, OpSampleL), hotRequest(rng, OpFetch), hotRequest(rng, OpSample)}
	runConcurrently(t, s.View(), states[:], reqs[:], func(g, it int) int { return (g + it/5) % 3 })
}
