package sampler

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// TestPlainLanesAgree runs plain requests (2D, every lane active, no
// offsets: the plan's GatherPlain in the vector build) on mipmapped surfaces
// against the reference: one or two levels per group of eight lanes, groups
// whose lanes are at different levels, every kernel (bilinear on
// r8g8b8a8_unorm and r32g32b32a32_sfloat, percentage-closer filtering and
// gathers on d32_sfloat with every compare function, gathers of
// r8g8b8a8_unorm), every address mode, sizes that are and are not powers
// of two, infinite and NaN texels, and coordinates, LODs, derivatives and
// references at the rules' edges (NaN, infinities, beyond ±2^30, level
// ties, signed zeros).
func TestPlainLanesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9, 2e9,
		float32(math.Copysign(0, -1)), 0, 1, -1}
	type setup struct {
		f   format.Format
		ops []Op
	}
	checked := 0
	for _, su := range []setup{
		{format.R8G8B8A8Unorm, []Op{OpSampleL, OpSampleLZ, OpSampleD, OpGather4, OpGather4L}},
		{format.R32G32B32A32Sfloat, []Op{OpSampleL, OpSampleD}},
		{format.D32Sfloat, []Op{OpSampleLC, OpSampleCLZ, OpSampleDC, OpGather4C}},
	} {
		for iter := 0; iter < 120; iter++ {
			op := su.ops[rng.IntN(len(su.ops))]
			lanes := []int{8, 16, 24, 64, 72, 136, 13}[rng.IntN(7)]
			w, h := []int{1, 4, 13, 64, 256}[rng.IntN(5)], []int{1, 8, 11, 64}[rng.IntN(4)]
			levels := 1
			for max(w, h)>>levels > 0 {
				levels++
			}
			s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: su.f, Width: w, Height: h, Levels: levels}, false)
			if su.f == format.R32G32B32A32Sfloat {
				// Infinite, NaN, signed-zero and huge texels: the blend's δ =
				// 0 lanes must keep an infinite or NaN finer result and not
				// add 0·∞ of the coarser one.
				for k := 0; k+4 <= len(s.Data); k += 4 {
					if rng.IntN(16) == 0 {
						v := []float32{float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), float32(math.Copysign(0, -1)), 3e38}[rng.IntN(5)]
						binary.LittleEndian.PutUint32(s.Data[k:], math.Float32bits(v))
					}
				}
			}
			st := linearState()
			st.MipFilter = MipFilter(rng.IntN(3))
			st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
			if rng.IntN(2) == 0 { // the vectorised wraps, most of the time
				st.Address[0], st.Address[1] = AddressMode(rng.IntN(2)*int(WrapClampToEdge)), AddressMode(rng.IntN(2)*int(WrapClampToEdge))
			}
			st.LodBias = float32(rng.IntN(5)-2) / 2
			if rng.IntN(3) == 0 {
				st.MinLod = float32(rng.IntN(3)) / 2
				st.MaxLod = st.MinLod + float32(rng.IntN(4))/2
			}
			if op.Compare() {
				st.Compare = CompareOp(1 + rng.IntN(8))
			}
			req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes)}}
			req.Lod, req.Ref = make([]float32, lanes), make([]float32, lanes)
			for c := 0; c < 2; c++ {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
			}
			for g := 0; g < lanes; g += 8 {
				// Per group: one LOD and one derivative for every lane (one
				// level), or one each.
				uniform := rng.IntN(3) != 0
				lod := float32(rng.IntN(4*levels+4)-2) / 4
				d := float32(math.Ldexp(float64(0.5+rng.Float32()), rng.IntN(levels+2)-1)) / float32(max(w, h))
				special := rng.IntN(8) == 0
				for i := g; i < min(g+8, lanes); i++ {
					req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
					if rng.IntN(4) == 0 { // texel centres and edges
						req.Coord[0][i] = float32(rng.IntN(4*w+1)-w) / float32(2*w)
					}
					req.Ref[i] = float32(rng.IntN(9)) / 8
					req.Lod[i] = lod
					req.DDX[0][i], req.DDY[1][i] = d, d*float32(0.5+rng.Float32())
					if !uniform {
						req.Lod[i] = float32(rng.IntN(4*levels+4)-2) / 4
						req.DDX[0][i] = float32(math.Ldexp(float64(0.5+rng.Float32()), rng.IntN(levels+2)-1)) / float32(max(w, h))
					}
					if special && rng.IntN(4) == 0 {
						v := specials[rng.IntN(len(specials))]
						switch rng.IntN(6) {
						case 0:
							req.Coord[0][i] = v
						case 1:
							req.Coord[1][i] = v
						case 2:
							req.Lod[i] = v
						case 3:
							req.DDX[0][i] = v
						case 4:
							req.DDY[1][i] = v
						default:
							req.Ref[i] = v
						}
					}
				}
			}
			if rng.IntN(4) == 0 {
				req.MinLod = make([]float32, lanes)
				for i := range req.MinLod {
					req.MinLod[i] = float32(rng.IntN(9)-2) / 4
				}
			}
			var x exec
			prec := altPrecision(iter)
			if err := x.setup(prec, s.View(), &st, req); err != nil {
				t.Fatal(err)
			}
			if x.fast.lanes == laneNone {
				t.Fatalf("%s %s: the lane loop is not taken", su.f, op)
			}
			fast, ref := bothPathsIn(t, prec, s.View(), &st, req)
			for i := 0; i < lanes; i++ {
				if laneErr(fast, i) != laneErr(ref, i) {
					t.Fatalf("%s %s lane %d: error %q, reference %q", su.f, op, i, laneErr(fast, i), laneErr(ref, i))
				}
				for c := 0; c < 4; c++ {
					if fast.Bits[c][i] != ref.Bits[c][i] {
						t.Fatalf("%s %dx%d (%d levels) %s address %v mip %v compare %v lane %d (%v, %v) lod %v dx %v dy %v ref %v channel %d: fast %08x, reference %08x",
							su.f, w, h, levels, op, st.Address, st.MipFilter, st.Compare, i, req.Coord[0][i], req.Coord[1][i],
							req.Lod[i], req.DDX[0][i], req.DDY[1][i], req.Ref[i], c, fast.Bits[c][i], ref.Bits[c][i])
					}
				}
			}
			checked++
		}
	}
	t.Logf("%d requests compared", checked)
}

// TestLaneSetReuse runs plain requests between requests whose gatherers
// write the entries' constant operands otherwise (offsets, a cube face, a
// channel), on one goroutine so that they share the lane loop's pooled
// working set: a plain chunk must not read another gatherer's offsets,
// faces or channels (laneSet.plain).
func TestLaneSetReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	flat := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16}, false)
	cube := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8, Layers: 6}, false)
	st := linearState()
	coords := func(req *Request, n int) {
		for c := range 3 {
			req.Coord[c] = make([]float32, req.Lanes)
			for i := range req.Coord[c] {
				req.Coord[c][i] = rng.Float32()*2 - 1
			}
		}
		req.Lod = make([]float32, req.Lanes)
	}
	for iter := 0; iter < 20; iter++ {
		// Each request that writes other constant operands is followed by a
		// plain one that reads them.
		for step := 0; step < 6; step++ {
			req := &Request{Op: OpSampleL, Lanes: 64}
			coords(req, 64)
			v := flat.View()
			switch step {
			case 0: // offsets: gatherLanes
				for c := range 2 {
					req.Offset[c] = make([]int32, req.Lanes)
					for i := range req.Offset[c] {
						req.Offset[c][i] = int32(rng.IntN(15) - 7)
					}
				}
			case 2: // a cube: the plan's GatherCube (faces, layers)
				v = cube.View()
			case 4: // channels: gatherPlainLanes
				req.Op = OpGather4
				req.Channel = make([]uint8, req.Lanes)
				for i := range req.Channel {
					req.Channel[i] = uint8(1 + rng.IntN(3))
				}
			case 5: // a plain gather reads channel 0
				req.Op = OpGather4
			}
			fast, ref := bothPaths(t, v, &st, req)
			for i := 0; i < req.Lanes; i++ {
				for c := range 4 {
					if fast.Bits[c][i] != ref.Bits[c][i] {
						t.Fatalf("iteration %d step %d lane %d channel %d: %08x, reference %08x", iter, step, i, c, fast.Bits[c][i], ref.Bits[c][i])
					}
				}
			}
		}
	}
}

// TestPlainLevelAgrees runs plain requests whose lanes all read level 0
// (runPlainLevel in the vector build: views of one level, or no
// mipmapping) against the reference: every kernel, both vectorised wraps
// and the others, views of a level other than the surface's first, whole
// and partial chunks, and coordinates at the
// rules' edges (NaN, infinities, beyond ±2^30: the chunk falls back to the
// staged path). Where runPlainLevel's vector run exists (plainLevelRuns) it
// also checks that the requests with pipeline.Plan.FootprintsAsm's wraps take it.
func TestPlainLevelAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 2e9, -2e9,
		float32(math.Copysign(0, -1)), 0, 1, -1}
	type setup struct {
		f   format.Format
		ops []Op
	}
	engaged, single := 0, 0
	for _, su := range []setup{
		{format.R8G8B8A8Unorm, []Op{OpSampleL, OpSampleLZ, OpSampleD, OpGather4, OpGather4L}},
		{format.R32G32B32A32Sfloat, []Op{OpSampleL, OpSampleLZ, OpGather4}},
		{format.D32Sfloat, []Op{OpSampleLC, OpSampleCLZ, OpGather4C}},
	} {
		for iter := 0; iter < 150; iter++ {
			op := su.ops[rng.IntN(len(su.ops))]
			lanes := []int{8, 64, 72, 128, 13}[rng.IntN(5)]
			w, h := []int{1, 2, 13, 64, 256}[rng.IntN(5)], []int{1, 8, 11, 64}[rng.IntN(4)]
			d := surface.Desc{Kind: surface.Kind2D, Format: su.f, Width: 2 * w, Height: 2 * h, Levels: 2}
			s := newSurface(t, d, false)
			// The surface's second level (w × h) as a view of one level, or
			// its first (2w × 2h).
			v := surface.View{Surface: s, BaseLevel: 1, Levels: 1, Layers: 1}
			st := linearState()
			switch rng.IntN(3) {
			case 0:
				v.BaseLevel = 0
				w, h = 2*w, 2*h
			case 1: // both levels, no mipmapping: level 0 only
				v.BaseLevel, v.Levels = 0, 2
				w, h = 2*w, 2*h
				st.MipFilter = MipNone
			}
			st.Address = [3]AddressMode{WrapRepeat, WrapClampToEdge, WrapRepeat}
			if rng.IntN(2) == 0 {
				st.Address[0], st.Address[1] = AddressMode(rng.IntN(2)*int(WrapClampToEdge)), AddressMode(rng.IntN(2)*int(WrapClampToEdge))
			}
			if rng.IntN(5) == 0 { // the others: the staged path
				st.Address[0], st.Address[1] = AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5))
			}
			if op.Compare() {
				st.Compare = CompareOp(1 + rng.IntN(8))
				if rng.IntN(3) == 0 { // the compare results swizzled: every channel form
					for c := range v.Swizzle {
						v.Swizzle[c] = surface.ComponentSwizzle(rng.IntN(7))
					}
				}
			}
			req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes)}}
			req.Lod, req.Ref = make([]float32, lanes), make([]float32, lanes)
			for c := 0; c < 2; c++ {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
			}
			special := rng.IntN(6) == 0
			for i := 0; i < lanes; i++ {
				req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
				if rng.IntN(4) == 0 { // texel centres and edges
					req.Coord[0][i] = float32(rng.IntN(4*w+1)-w) / float32(2*w)
					req.Coord[1][i] = float32(rng.IntN(4*h+1)-h) / float32(2*h)
				}
				req.Ref[i] = float32(rng.IntN(9)) / 8
				req.Lod[i] = float32(rng.IntN(12)-4) / 4
				req.DDX[0][i], req.DDY[1][i] = rng.Float32()/4, rng.Float32()/4
				if special && rng.IntN(8) == 0 {
					x := specials[rng.IntN(len(specials))]
					switch rng.IntN(4) {
					case 0:
						req.Coord[0][i] = x
					case 1:
						req.Coord[1][i] = x
					case 2:
						req.Lod[i] = x
					default:
						req.Ref[i] = x
					}
				}
			}
			var x exec
			prec := altPrecision(iter)
			if err := x.setup(prec, v, &st, req); err != nil {
				t.Fatal(err)
			}
			if x.fast.lanes == laneNone {
				t.Fatalf("%s %s: the lane loop is not taken", su.f, op)
			}
			wraps := vecWrap(st.Address[0], int32(w)) && vecWrap(st.Address[1], int32(h))
			if got := x.plainLevel(op.LodSource()); got != (plainLevelRuns && wraps) {
				t.Fatalf("%s %s %dx%d address %v: plainLevel %v", su.f, op, w, h, st.Address, got)
			} else if got {
				engaged++
			}
			// Each of runPlainLevel's roads this CPU runs: the stages and
			// the single call's forms (plainRoads).
			for _, road := range plainRoads {
				setPlainRoad(road)
				if road.single() {
					var y exec
					if err := y.setup(prec, v, &st, req); err != nil {
						t.Fatal(err)
					}
					if y.fast.forms&formLevel != 0 && y.fast.plan.Single() {
						single++
					}
				}
				fast, ref := bothPathsIn(t, prec, v, &st, req)
				for i := 0; i < lanes; i++ {
					for c := 0; c < 4; c++ {
						if fast.Bits[c][i] != ref.Bits[c][i] {
							t.Fatalf("%s %dx%d view %+v %s address %v mip %v compare %v road %v lane %d (%v, %v) lod %v ref %v channel %d: fast %08x, reference %08x",
								su.f, w, h, v, op, st.Address, st.MipFilter, st.Compare, road, i, req.Coord[0][i], req.Coord[1][i],
								req.Lod[i], req.Ref[i], c, fast.Bits[c][i], ref.Bits[c][i])
						}
					}
				}
			}
			setPlainRoad(plainRoads[len(plainRoads)-1])
		}
	}
	t.Logf("%d requests took runPlainLevel, %d of them its single call", engaged, single)
	if plainRoads[len(plainRoads)-1].single() && single == 0 {
		t.Error("no request took runPlainLevel's single call")
	}
}

// plainRoad is one of runPlainLevel's roads: the stages (both false), the
// single call in AVX2 (lanes.PlainLevel256: PlainLevel8) or in AVX-512
// (lanes.PlainLevel512: PlainLevelV).
type plainRoad struct{ v512, v256 bool }

func (r plainRoad) single() bool { return r.v512 || r.v256 }

func (r plainRoad) String() string {
	switch {
	case r.v512:
		return "PlainLevelV"
	case r.v256:
		return "PlainLevel8"
	}
	return "stages"
}

func setPlainRoad(r plainRoad) { lanes.PlainLevel512, lanes.PlainLevel256 = r.v512, r.v256 }

// plainRoads are the roads this CPU runs, the one it chooses last: the
// stages; the AVX2 single call where the assembly kernels run (an AVX-512
// CPU runs it too); the AVX-512 one where the CPU has it.
var plainRoads = func() []plainRoad {
	roads := []plainRoad{{}}
	if lanes.AsmKernels {
		roads = append(roads, plainRoad{v256: true})
	}
	if lanes.PlainLevel512 {
		roads = append(roads, plainRoad{v512: true})
	}
	return roads
}()

// plainLevelRuns reports whether runPlainLevel has a vector run in this
// build on this CPU: the assembly's (lanes.AsmKernels).
var plainLevelRuns = lanes.AsmKernels

// TestFetchVecAgrees runs fetches that fetchVec takes (r8g8b8a8_unorm,
// every lane active, no offsets or levels, whole groups of eight) against
// the reference: 2D and 2D-array views, views of some layers and of a
// level other than the surface's first, and texel coordinates and layers
// inside, on and beyond every edge (a lane outside reads zeroTexel), at
// random or as quads.
func TestFetchVecAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for iter := 0; iter < 200; iter++ {
		w, h := 1+rng.IntN(40), 1+rng.IntN(40)
		kind, layers := surface.Kind2D, 1
		if rng.IntN(2) == 0 {
			kind, layers = surface.Kind2DArray, 1+rng.IntN(5)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: format.R8G8B8A8Unorm, Width: 2 * w, Height: 2 * h, Levels: 2, Layers: layers}, false)
		v := surface.View{Surface: s, BaseLevel: 1, Levels: 1, Layers: layers}
		if rng.IntN(2) == 0 {
			v.BaseLevel, v.Levels = 0, 2
			w, h = 2*w, 2*h
		}
		if layers > 1 && rng.IntN(2) == 0 {
			v.BaseLayer = rng.IntN(layers)
			v.Layers = 1 + rng.IntN(layers-v.BaseLayer)
		}
		lanes := 8 * (1 + rng.IntN(18))
		req := &Request{Op: OpFetch, Lanes: lanes}
		for c := range 3 {
			req.Texel[c] = make([]int32, lanes)
		}
		// Half the requests are quads of neighbouring texels, as a
		// screen-space fetch is (each even lane's right neighbour is the
		// next lane: read in pairs), but at and beyond the edges.
		quads := rng.IntN(2) == 0
		for i := range lanes {
			req.Texel[0][i] = int32(rng.IntN(w+4) - 2)
			req.Texel[1][i] = int32(rng.IntN(h+4) - 2)
			if quads && i%4 != 0 {
				q := i &^ 3
				req.Texel[0][i], req.Texel[1][i] = req.Texel[0][q]+int32(i&1), req.Texel[1][q]+int32(i>>1&1)
			}
			req.Texel[2][i] = int32(rng.IntN(v.Layers+4) - 2)
			if rng.IntN(16) == 0 {
				req.Texel[rng.IntN(3)][i] = []int32{math.MinInt32, math.MaxInt32, -1 << 20, 1 << 20}[rng.IntN(4)]
			}
		}
		if kind == surface.Kind2D {
			req.Texel[2] = nil
		}
		st := DefaultState()
		fast, ref := bothPaths(t, v, &st, req)
		for i := range lanes {
			for c := range 4 {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%s %dx%d view %+v lane %d texel (%d, %d, %v) channel %d: %08x, reference %08x", kind, w, h, v, i,
						req.Texel[0][i], req.Texel[1][i], req.Texel[2], c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
	}
}
