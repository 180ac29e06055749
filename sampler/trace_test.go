package sampler

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// traced runs req with a Trace and checks that tracing did not change the
// results (the untraced run may take the specialised paths).
func traced(t *testing.T, v surface.View, st *State, req *Request) (*Result, *Trace) {
	t.Helper()
	var plain, res Result
	tr := &Trace{}
	res.Trace = tr
	errPlain := (&Engine{}).Execute(v, st, req, &plain)
	err := (&Engine{}).Execute(v, st, req, &res)
	if fmt.Sprint(err) != fmt.Sprint(errPlain) {
		t.Fatalf("%s: traced error %v, untraced %v", req.Op, err, errPlain)
	}
	if err != nil {
		t.Fatalf("%s: %v", req.Op, err)
	}
	for i := 0; i < req.Lanes; i++ {
		if laneErr(&res, i) != laneErr(&plain, i) || res.Resident[i] != plain.Resident[i] {
			t.Fatalf("%s lane %d: traced %q %v, untraced %q %v", req.Op, i, laneErr(&res, i), res.Resident[i], laneErr(&plain, i), plain.Resident[i])
		}
		for c := range 4 {
			if res.Bits[c][i] != plain.Bits[c][i] {
				t.Fatalf("%s lane %d channel %d: traced %08x, untraced %08x", req.Op, i, c, res.Bits[c][i], plain.Bits[c][i])
			}
		}
	}
	if len(tr.Start) != req.Lanes+1 {
		t.Fatalf("%d Start entries for %d lanes", len(tr.Start), req.Lanes)
	}
	return &res, tr
}

type tx struct {
	level, layer, x, y, z int32
	w                     float64
}

func texelsOf(t *Trace, lane int) []tx {
	var out []tx
	for _, e := range t.Lane(lane) {
		out = append(out, tx{e.Level, e.Layer, e.X, e.Y, e.Z, e.Weight})
	}
	return out
}

// TestTraceCases checks traces worked out by hand: bilinear and trilinear
// footprints (order k, j, i; weights), a level blend, border texels, a
// gather's four texels in Vulkan's order, fetch_ms's sample, BC1's block
// and index, a non-resident texel, a cube corner's three texels, and
// inactive lanes and lane errors (no texels).
func TestTraceCases(t *testing.T) {
	col := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4}, true)
	st := linearState()
	st.MipFilter = MipLinear
	req := &Request{Op: OpSampleL, Lanes: 3, Coord: [4][]float32{f32s(0.5, 0.5, 0.5), f32s(0.5, 0.5, 0.5)},
		Lod: f32s(0, 0.25, 0), Active: []bool{true, true, false}}
	_, tr := traced(t, col.View(), &st, req)
	want0 := []tx{{0, 0, 1, 1, 0, 0.25}, {0, 0, 2, 1, 0, 0.25}, {0, 0, 1, 2, 0, 0.25}, {0, 0, 2, 2, 0, 0.25}}
	if got := texelsOf(tr, 0); fmt.Sprint(got) != fmt.Sprint(want0) {
		t.Errorf("bilinear: %v, want %v", got, want0)
	}
	// λ = 0.25: level 0 weighs 0.75, level 1 (2×2, u = 0.5) 0.25.
	want1 := []tx{{0, 0, 1, 1, 0, 0.1875}, {0, 0, 2, 1, 0, 0.1875}, {0, 0, 1, 2, 0, 0.1875}, {0, 0, 2, 2, 0, 0.1875},
		{1, 0, 0, 0, 0, 0.0625}, {1, 0, 1, 0, 0, 0.0625}, {1, 0, 0, 1, 0, 0.0625}, {1, 0, 1, 1, 0, 0.0625}}
	if got := texelsOf(tr, 1); fmt.Sprint(got) != fmt.Sprint(want1) {
		t.Errorf("trilinear: %v, want %v", got, want1)
	}
	if len(tr.Lane(2)) != 0 {
		t.Errorf("inactive lane: %v", tr.Lane(2))
	}
	for _, e := range tr.Lane(0) {
		if e.Offset != int64(col.TexelOffset(0, int(e.X), int(e.Y), 0, 0, 0)) || e.Block != -1 || e.Border || !e.Resident {
			t.Errorf("texel %+v: offset, block or flags wrong", e)
		}
	}

	// Clamp to border: u = 0.1·4 − ½ = −0.1, so column −1 is the border.
	bst := linearState()
	bst.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
	_, tr = traced(t, col.View(), &bst, &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{f32s(0.1), f32s(0.5)}})
	lane := tr.Lane(0)
	if len(lane) != 4 || !lane[0].Border || lane[0].X != -1 || lane[0].Offset != -1 || lane[1].Border || lane[2].X != -1 || !lane[2].Border {
		t.Errorf("border: %+v", lane)
	}

	// Gather: R = (i0, j1), G = (i1, j1), B = (i1, j0), A = (i0, j0).
	_, tr = traced(t, col.View(), &st, &Request{Op: OpGather4, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5)}, Channel: []uint8{0}})
	if got, want := texelsOf(tr, 0), []tx{{0, 0, 1, 2, 0, 1}, {0, 0, 2, 2, 0, 1}, {0, 0, 2, 1, 0, 1}, {0, 0, 1, 1, 0, 1}}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("gather: %v, want %v", got, want)
	}

	// fetch_ms: the sample's own bytes; an out-of-range sample reads nothing.
	ms := newSurface(t, surface.Desc{Kind: surface.Kind2DMS, Format: format.R8G8B8A8Unorm, Width: 3, Height: 3, Samples: 4}, false)
	_, tr = traced(t, ms.View(), &st, &Request{Op: OpFetchMS, Lanes: 2, Texel: [4][]int32{i32s(2, 0), i32s(1, 0)}, Sample: i32s(3, 4)})
	if l := tr.Lane(0); len(l) != 1 || l[0].Sample != 3 || l[0].Offset != int64(ms.TexelOffset(0, 2, 1, 0, 0, 3)) || len(tr.Lane(1)) != 0 {
		t.Errorf("fetch_ms: %+v / %+v", tr.Lane(0), tr.Lane(1))
	}

	// BC1: the block's offset and the texel's index in it.
	bc := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.BC1RGBAUnormBlock, Width: 16, Height: 16, Levels: 1}, false)
	_, tr = traced(t, bc.View(), &st, &Request{Op: OpFetch, Lanes: 1, Texel: [4][]int32{i32s(6), i32s(9)}})
	if l := tr.Lane(0); len(l) != 1 || l[0].Offset != int64(8*(2*4+1)) || l[0].Block != 1*4+2 {
		t.Errorf("bc1: %+v", l)
	}

	// A non-resident tile: the texel is traced, not resident.
	sp := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8, Levels: 1}, false)
	if err := sp.SetTileSize(4, 4, 1); err != nil {
		t.Fatal(err)
	}
	if err := sp.SetResident(0, 0, 1, 0, 0, false); err != nil {
		t.Fatal(err)
	}
	_, tr = traced(t, sp.View(), &st, &Request{Op: OpFetch, Lanes: 2, Texel: [4][]int32{i32s(5, 1), i32s(1, 1)}})
	if a, b := tr.Lane(0), tr.Lane(1); len(a) != 1 || a[0].Resident || len(b) != 1 || !b[0].Resident {
		t.Errorf("residency: %+v / %+v", a, b)
	}

	// A lane error (a gather channel out of range) reads nothing.
	_, tr = traced(t, col.View(), &st, &Request{Op: OpGather4, Lanes: 2, Coord: [4][]float32{f32s(0.5, 0.5), f32s(0.5, 0.5)}, Channel: []uint8{9, 1}})
	if len(tr.Lane(0)) != 0 || len(tr.Lane(1)) != 4 {
		t.Errorf("lane error: %d and %d texels", len(tr.Lane(0)), len(tr.Lane(1)))
	}

	// A cube corner: the footprint at a face's corner reads three texels
	// (this face's corner and the two adjacent faces' edge texels), 1/3 of
	// the corner's weight each; the weights sum to 1.
	cube := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4, Levels: 1}, false)
	cst := linearState()
	_, tr = traced(t, cube.View(), &cst, &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{f32s(1), f32s(0.999), f32s(0.999)}})
	sum := 0.0
	faces := map[int32]bool{}
	for _, e := range tr.Lane(0) {
		sum += e.Weight
		faces[e.Layer] = true
	}
	if n := len(tr.Lane(0)); n != 6 || math.Abs(sum-1) > 1e-6 || len(faces) != 3 {
		t.Errorf("cube corner: %d texels on %d faces summing to %v: %+v", n, len(faces), sum, tr.Lane(0))
	}
}

// TestTraceSumsToValue checks, over random 2D, array, 3D and cube
// requests (sampling with every filter — cubic's 4, 16 or 64 texels
// included — mip mode and address mode,
// offsets, anisotropy, gradients and implicit LODs) on an RGBA32F surface:
// the traced texels' weighted sum is the lane's value (within rounding; the
// engine sums in float32), their weights sum to 1, every texel's offset
// reads its own value, and the results are the untraced ones.
func TestTraceSumsToValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := []surface.Kind{surface.Kind1D, surface.Kind2D, surface.Kind2DArray, surface.Kind3D, surface.KindCube, surface.KindCubeArray}
	ops := []Op{OpSampleL, OpSampleD, OpSample, OpSampleB, OpSampleLZ}
	n := 300
	if testing.Short() {
		n = 80
	}
	for it := 0; it < n; it++ {
		kind := kinds[rng.IntN(len(kinds))]
		w := 1 + rng.IntN(20)
		d := surface.Desc{Kind: kind, Format: format.R32G32B32A32Sfloat, Width: w, Height: 1 + rng.IntN(20), Depth: 1, Layers: 1}
		switch kind {
		case surface.Kind1D:
			d.Height = 1
		case surface.Kind2DArray:
			d.Layers = 1 + rng.IntN(3)
		case surface.Kind3D:
			d.Depth = 1 + rng.IntN(6)
		case surface.KindCube:
			d.Height, d.Layers = w, 6
		case surface.KindCubeArray:
			d.Height, d.Layers = w, 12
		}
		s := newSurface(t, d, false)
		st := DefaultState()
		st.MagFilter, st.MinFilter = Filter(rng.IntN(2)), Filter(rng.IntN(2))
		st.MipFilter = MipFilter(rng.IntN(3))
		for c := range st.Address {
			st.Address[c] = AddressMode(rng.IntN(5))
		}
		st.Border = BorderPreset(rng.IntN(3))
		st.MaxAnisotropy = float32(1 + 3*rng.IntN(3))
		switch {
		case kind == surface.Kind2D || kind == surface.Kind2DArray:
			st.Anisotropy = AnisoMethod(rng.IntN(3)) // EWA's texels weigh w/Σw
		case kind.IsCube():
			st.Anisotropy = []AnisoMethod{AnisoVulkan, AnisoFootprintAssembly}[rng.IntN(2)]
		}
		st.NonSeamless = rng.IntN(2) == 0
		if !kind.IsCube() && rng.IntN(4) == 0 {
			// Cubic: 4, 16 or 64 texels per level, no anisotropy.
			st.MagFilter, st.MinFilter, st.MaxAnisotropy = Cubic, Filter(2*rng.IntN(2)), 1
			st.CubicWeights = CubicWeights(rng.IntN(4))
		}
		op := ops[rng.IntN(len(ops))]
		const lanes = 16
		req := &Request{Op: op, Lanes: lanes}
		fl := func(lo, hi float32) []float32 {
			v := make([]float32, lanes)
			for j := range v {
				v[j] = lo + (hi-lo)*rng.Float32()
			}
			return v
		}
		for c := range 4 {
			req.Coord[c] = fl(-0.3, 1.3)
		}
		if kind.IsCube() {
			for c := range 3 {
				req.Coord[c] = fl(-1, 1)
			}
		}
		req.Lod, req.Bias = fl(-1, 4), fl(-1, 1)
		for c := range 3 {
			req.DDX[c], req.DDY[c] = fl(-0.3, 0.3), fl(-0.3, 0.3)
		}
		if rng.IntN(3) == 0 && !kind.IsCube() {
			for c := 0; c < kind.Dims(); c++ {
				req.Offset[c] = []int32{int32(rng.IntN(8)) - 4, -1, 0, 1, 2, 3, -8, 7, 0, 0, 1, 1, 2, 2, 3, 3}
			}
		}
		res, tr := traced(t, s.View(), &st, req)
		border := [4]float32{0, 0, 0, 0} // BorderTransparentBlack
		switch st.Border {
		case BorderOpaqueBlack:
			border[3] = 1
		case BorderOpaqueWhite:
			border = [4]float32{1, 1, 1, 1}
		}
		for i := range lanes {
			if laneErr(res, i) != "" {
				continue
			}
			var sum [4]float64
			var mag, wsum float64
			for _, e := range tr.Lane(i) {
				var v [4]float32
				if e.Border {
					v = border
				} else {
					for c := range v {
						v[c] = math.Float32frombits(binary.LittleEndian.Uint32(s.Data[e.Offset+4*int64(c):]))
					}
					if e.Level < 0 || int(e.Level) >= s.Levels || e.Offset != int64(s.TexelOffset(int(e.Level), int(e.X), int(e.Y), int(e.Z), int(e.Layer), 0)) {
						t.Fatalf("it %d lane %d: texel %+v: its offset is not its coordinates'", it, i, e)
					}
				}
				wsum += e.Weight
				for c := range v {
					sum[c] += e.Weight * float64(v[c])
					mag += math.Abs(e.Weight * float64(v[c]))
				}
			}
			if math.Abs(wsum-1) > 1e-5 {
				t.Fatalf("it %d: %s on %v %dx%dx%d lane %d: weights sum to %v: %+v", it, op, kind, d.Width, d.Height, d.Depth, i, wsum, tr.Lane(i))
			}
			for c := range 4 {
				got := float64(res.Float(c, i))
				if math.Abs(got-sum[c]) > 1e-5*(mag+1) {
					t.Fatalf("it %d: %s on %v lane %d channel %d: value %v, traced sum %v (%+v)", it, op, kind, i, c, got, sum[c], tr.Lane(i))
				}
			}
		}
	}
}

// TestTraceModel checks 2D and array traces against an independent float64
// model of the Vulkan equations (explicit LOD, the level selection, u =
// s·size + Δ − ½, the bilinear weights, the wrap modes): the same texels,
// in the engine's order, with the same weights.
func TestTraceModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for it := 0; it < 200; it++ {
		w, h, layers := 1+rng.IntN(17), 1+rng.IntN(17), 1+rng.IntN(3)
		s := newSurface(t, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: w, Height: h, Layers: layers}, false)
		st := DefaultState()
		st.MagFilter, st.MinFilter = Linear, Linear
		st.MipFilter = MipFilter(rng.IntN(3))
		st.Address[0], st.Address[1] = AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5))
		const lanes = 8
		req := &Request{Op: OpSampleL, Lanes: lanes}
		for c := range 3 {
			req.Coord[c] = make([]float32, lanes)
		}
		req.Lod = make([]float32, lanes)
		for j := range lanes {
			req.Coord[0][j], req.Coord[1][j] = -0.4+1.8*rng.Float32(), -0.4+1.8*rng.Float32()
			req.Coord[2][j] = float32(rng.IntN(layers))
			req.Lod[j] = -0.5 + 5*rng.Float32()
		}
		_, tr := traced(t, s.View(), &st, req)
		for j := range lanes {
			want := modelTrace(s, &st, req.Coord[0][j], req.Coord[1][j], int32(req.Coord[2][j]), req.Lod[j])
			got := texelsOf(tr, j)
			if len(got) != len(want) {
				t.Fatalf("it %d lane %d: %v, model %v", it, j, got, want)
			}
			for k := range got {
				g, m := got[k], want[k]
				if g.level != m.level || g.layer != m.layer || g.x != m.x || g.y != m.y || math.Abs(g.w-m.w) > 1e-6 {
					t.Fatalf("it %d lane %d (%dx%d, %v, λ %v): texel %d %v, model %v\nall: %v\nmodel: %v", it, j, w, h, st.Address, req.Lod[j], k, g, m, got, want)
				}
			}
		}
	}
}

// modelTrace is the float64 model: the texels a linear 2D sample at (u, v)
// on layer layer with explicit LOD lod reads, level by level, k, j, i.
func modelTrace(s *surface.Surface, st *State, u, v float32, layer int32, lod float32) []tx {
	q := float64(s.Levels - 1)
	d := math.Min(math.Max(float64(lod), 0), q)
	type lw struct {
		level int
		w     float64
	}
	var levels []lw
	switch st.MipFilter {
	case MipNone:
		levels = []lw{{0, 1}}
	case MipNearest:
		levels = []lw{{int(math.Ceil(d+0.5)) - 1, 1}}
	case MipLinear:
		hi := int(math.Floor(d))
		delta := d - float64(hi)
		levels = []lw{{hi, 1}}
		if delta != 0 {
			levels = []lw{{hi, 1 - delta}, {min(hi+1, s.Levels-1), delta}}
		}
	}
	var out []tx
	for _, l := range levels {
		lw, lh, _ := s.LevelSize(l.level)
		x := float64(u)*float64(lw) - 0.5
		y := float64(v)*float64(lh) - 0.5
		i0, j0 := math.Floor(x), math.Floor(y)
		a, b := x-i0, y-j0
		for dj := range 2 {
			for di := range 2 {
				wi, wj := 1-a, 1-b
				if di == 1 {
					wi = a
				}
				if dj == 1 {
					wj = b
				}
				xi, bx := modelWrap(int(i0)+di, lw, st.Address[0])
				yj, by := modelWrap(int(j0)+dj, lh, st.Address[1])
				if bx || by {
					xi, yj = int(i0)+di, int(j0)+dj
				}
				out = append(out, tx{int32(l.level), layer, int32(xi), int32(yj), 0, wi * wj * l.w})
			}
		}
	}
	return out
}

// modelWrap is Vulkan's wrapping operation ("Wrapping Operation").
func modelWrap(i, n int, m AddressMode) (int, bool) {
	switch m {
	case WrapRepeat:
		return ((i % n) + n) % n, false
	case WrapMirroredRepeat:
		t := ((i % (2 * n)) + 2*n) % (2 * n)
		if t >= n {
			t = 2*n - 1 - t
		}
		return t, false
	case WrapClampToEdge:
		return min(max(i, 0), n-1), false
	case WrapClampToBorder:
		return i, i < 0 || i >= n
	case WrapMirrorClampToEdge:
		if i < 0 {
			i = -1 - i
		}
		return min(i, n-1), false
	}
	return i, false
}

// TestTraceAllocs: a traced request reuses its Trace; an untraced one is
// unchanged (0 allocations either way in steady state).
func TestTraceAllocs(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	st := linearState()
	st.MipFilter = MipLinear
	req := &Request{Op: OpSampleL, Lanes: 64, Coord: [4][]float32{make([]float32, 64), make([]float32, 64)}, Lod: make([]float32, 64)}
	for i := range 64 {
		req.Coord[0][i], req.Coord[1][i], req.Lod[i] = float32(i)/64, float32(i%7)/7, float32(i%5)*0.7
	}
	eng := &Engine{}
	res := &Result{Trace: &Trace{}}
	if n := testing.AllocsPerRun(20, func() { _ = eng.Execute(s.View(), &st, req, res) }); n != 0 {
		t.Errorf("traced: %v allocations per request", n)
	}
	want := 0
	for _, l := range req.Lod {
		want += 8
		if l == 0 { // λ = 0: one level
			want -= 4
		}
	}
	if len(res.Trace.Texels()) != want {
		t.Errorf("%d texels, want %d", len(res.Trace.Texels()), want)
	}
}

// BenchmarkTrace measures a 64-lane trilinear request on r8g8b8a8_unorm
// untraced, traced (Execute alone: the lane loop keeps its chunks'
// footprints) and traced-read (Execute, then Texels, which writes the
// texels), in samples/s: the cost of tracing.
func BenchmarkTrace(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.5/1024)
	st := linearState()
	st.MipFilter = MipLinear
	req := &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, 0.585)}
	view := rgba8(b)
	for _, name := range []string{"untraced", "traced", "traced-read"} {
		b.Run(name, func(b *testing.B) {
			eng := &Engine{}
			var res Result
			if name != "untraced" {
				res.Trace = &Trace{}
			}
			read := name == "traced-read"
			if err := eng.Execute(view, &st, req, &res); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				_ = eng.Execute(view, &st, req, &res)
				if read {
					_ = res.Trace.Texels()
				}
			}
			b.ReportMetric(float64(b.N)*float64(req.Lanes)/b.Elapsed().Seconds(), "samples/s")
		})
	}
}

// BenchmarkTraceForms measures requests shaped like the sampler
// benchmarks' (64 lanes) untraced, traced and traced-read (BenchmarkTrace),
// in samples/s, with the metric lane-loop 1 where the traced request took
// a lane loop's trace stage or the 2D fetch path's (traceFetch2D), 0 where
// the reference pipeline traced it: bilinear at LOD 0 (which untraced
// takes runPlainLevel, traced the chunk stages), a gather, PCF on 32-bit
// depth, anisotropy 16 from gradients, a cube trilinear ring (cube edges
// inside the loop), BC1 trilinear from gradients, a 3D trilinear request
// (the 3D lane loop), a fetch (the 2D fetch path); and forms the reference
// pipeline traces: bicubic sampling, EWA and footprint assembly
// (anisotropy 16) and trilinear sampling with fine derivatives (implicit
// LOD, the lanes' coordinates as quads), of a 2D view and of the cube ring.
func BenchmarkTraceForms(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.0/1024)
	lin := linearState()
	tri := linearState()
	tri.MipFilter = MipLinear
	aniso := tri
	aniso.MaxAnisotropy = 16
	pcf := linearState()
	pcf.Compare = CompareLessOrEqual
	n := benchLanes
	cx, cy, cz := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := 0; i < n; i++ {
		a := float64(i) * 0.01
		cx[i], cy[i], cz[i] = float32(math.Cos(a)), 0.3, float32(math.Sin(a))
	}
	step := float32(1.3 / 256)
	fetch := &Request{Op: OpFetch, Lanes: n, Texel: [4][]int32{make([]int32, n), make([]int32, n)}}
	for i := range u {
		fetch.Texel[0][i], fetch.Texel[1][i] = int32(u[i]*100), int32(v[i]*100)
	}
	cubic := DefaultState()
	cubic.MagFilter, cubic.MinFilter = Cubic, Cubic
	ewa, assembly := aniso, aniso
	ewa.Anisotropy, assembly.Anisotropy = AnisoEWA, AnisoFootprintAssembly
	fu, fv := make([]float32, n), make([]float32, n)
	for i := range fu { // 2×2 quads of neighbouring pixels, 1.5 texels apart
		q := i / 4
		fu[i] = (float32(q%8*2+i&1)*1.5 + 100) / 1024
		fv[i] = (float32(q/8*2+i>>1&1)*1.5 + 100) / 1024
	}
	cases := []struct {
		name string
		view surface.View
		st   State
		req  *Request
	}{
		{"bilinear", rgba8(b), lin, &Request{Op: OpSampleL, Lanes: n, Coord: [4][]float32{u, v}, Lod: fill(n, 0)}},
		{"gather", rgba8(b), DefaultState(), &Request{Op: OpGather4, Lanes: n, Coord: [4][]float32{u, v}}},
		{"pcf", benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 1024, Height: 1024}), pcf,
			&Request{Op: OpSampleLC, Lanes: n, Coord: [4][]float32{u, v}, Lod: fill(n, 0), Ref: fill(n, 0.5)}},
		{"aniso16", rgba8(b), aniso, &Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{u, v},
			DDX: [3][]float32{fill(n, 16.0/1024), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, 1.0/1024)}}},
		{"cube", benchSurface(b, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 256, Height: 256}), tri,
			&Request{Op: OpSample, Lanes: n, Coord: [4][]float32{cx, cy, cz}}},
		{"bc1", benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.BC1RGBAUnormBlock, Width: 256, Height: 256, Levels: 0}), tri,
			&Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{u, v}, DDX: [3][]float32{fill(n, step), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, step)}}},
		{"volume", benchSurface(b, surface.Desc{Kind: surface.Kind3D, Format: format.R8G8B8A8Unorm, Width: 128, Height: 128, Depth: 128}), tri,
			&Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{u, v, fill(n, 0.3)},
				DDX: [3][]float32{fill(n, 2.46/128), fill(n, 0), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, 2.46/128), fill(n, 0)}}},
		{"fetch", rgba8(b), DefaultState(), fetch},
		{"cubic", rgba8(b), cubic, &Request{Op: OpSampleL, Lanes: n, Coord: [4][]float32{u, v}, Lod: fill(n, 0)}},
		{"ewa16", rgba8(b), ewa, &Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{u, v},
			DDX: [3][]float32{fill(n, 16.0/1024), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, 1.0/1024)}}},
		{"assembly16", rgba8(b), assembly, &Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{u, v},
			DDX: [3][]float32{fill(n, 16.0/1024), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, 1.0/1024)}}},
		{"fine", rgba8(b), tri, &Request{Op: OpSample, Lanes: n, Coord: [4][]float32{fu, fv}, Derivatives: DerivativesFine}},
		{"cubefine", benchSurface(b, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 256, Height: 256}), tri,
			&Request{Op: OpSample, Lanes: n, Coord: [4][]float32{cx, cy, cz}, Derivatives: DerivativesFine}},
	}
	for _, cs := range cases {
		for _, name := range []string{"untraced", "traced", "traced-read"} {
			b.Run(cs.name+"/"+name, func(b *testing.B) {
				eng := &Engine{}
				var res Result
				if name != "untraced" {
					res.Trace = &Trace{}
				}
				read := name == "traced-read"
				if err := eng.Execute(cs.view, &cs.st, cs.req, &res); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					_ = eng.Execute(cs.view, &cs.st, cs.req, &res)
					if read {
						_ = res.Trace.Texels()
					}
				}
				b.ReportMetric(float64(b.N)*float64(cs.req.Lanes)/b.Elapsed().Seconds(), "samples/s")
				if name != "untraced" {
					loop := 0.0
					if res.tracer.starts && !res.tracer.slow {
						loop = 1
					}
					b.ReportMetric(loop, "lane-loop")
				}
			})
		}
	}
}
