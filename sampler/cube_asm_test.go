//go:build amd64 && !purego

package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// The cube and anisotropic requests' assembly stages (cube_amd64.s)
// against the Go code they stand for, entry by entry and bit for bit:
// GatherCube and GatherAniso against gatherLanes (selectFace,
// faceCoords, faceDerivative, scaleArg, log2f, lambdas and the level
// selection lane by lane), and lanes.AnisoScaleAsm against scaleArg. (While the
// archsimd gatherers existed, these tests also held the assembly to their
// bits, NaN payloads included.)

// cubeAsmSpecials are operands at the rules' edges: signed zeros (the
// face by the sign bit), infinities, NaNs of several payloads and signs,
// huge values (whose squares overflow), tiny and subnormal ones.
var cubeAsmSpecials = []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5,
	float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
	math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00000), math.Float32frombits(0x7f800001),
	1e30, -1e30, 3e38, -3e38, 1e19, 1e-30, -1e-30, 1e-40, -1e-40, 16777216, 16777217}

// cubeAsmComp returns a direction component: random, near an edge or a
// face centre, or (special) one of cubeAsmSpecials.
func cubeAsmComp(rng *rand.Rand, special bool) float32 {
	if special && rng.IntN(3) == 0 {
		return cubeAsmSpecials[rng.IntN(len(cubeAsmSpecials))]
	}
	switch rng.IntN(4) {
	case 0:
		return []float32{1, -1}[rng.IntN(2)] * (1 - float32(rng.IntN(3))/64)
	case 1:
		return float32(rng.IntN(5)-2) / 1e4
	}
	return rng.Float32()*2 - 1
}

// sameEntries reports whether two laneSets' entries [0, n) and lanes [0,
// lanes) agree bit for bit, or names the first field that does not.
func sameEntries(got, want *laneSet, n, lanes int) (string, int, bool) {
	for j := range lanes {
		if got.Lane[j] != want.Lane[j] || got.First[j] != want.First[j] || got.Count[j] != want.Count[j] {
			return "lane/first/count", j, false
		}
	}
	for k := range n {
		ints := [...][2]int32{{got.Layer[k], want.Layer[k]}, {got.Face[k], want.Face[k]}, {got.OffU[k], want.OffU[k]},
			{got.OffV[k], want.OffV[k]}, {got.Hi[k], want.Hi[k]}, {got.Lo[k], want.Lo[k]}}
		for q, v := range ints {
			if v[0] != v[1] {
				return [...]string{"layer", "face", "offU", "offV", "hi", "lo"}[q], k, false
			}
		}
		floats := [...][2]float32{{got.S[k], want.S[k]}, {got.T[k], want.T[k]}, {got.Ref[k], want.Ref[k]}, {got.Delta[k], want.Delta[k]}}
		for q, v := range floats {
			if math.Float32bits(v[0]) != math.Float32bits(v[1]) {
				return [...]string{"s", "t", "ref", "delta"}[q], k, false
			}
		}
		if got.Ch[k] != want.Ch[k] {
			return "ch", k, false
		}
	}
	return "", 0, true
}

func TestGatherCubeAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	rng := rand.New(rand.NewPCG(41, 43))
	ops := map[format.Format][]Op{
		format.R8G8B8A8Unorm:      {OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD, OpGather4, OpGather4L},
		format.R32G32B32A32Sfloat: {OpSample, OpSampleB, OpSampleL, OpSampleD, OpGather4},
		format.D32Sfloat:          {OpSampleC, OpSampleBC, OpSampleLC, OpSampleCLZ, OpSampleDC, OpGather4C},
	}
	formats := []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat, format.D32Sfloat}
	checked, declined := 0, 0
	for iter := 0; iter < 1500; iter++ {
		f := formats[rng.IntN(len(formats))]
		op := ops[f][rng.IntN(len(ops[f]))]
		size := []int{1, 2, 5, 16, 32, 256}[rng.IntN(6)]
		// A cube array one time in two (its own random stream).
		krng := rand.New(rand.NewPCG(uint64(iter), 3))
		kind, cubes := surface.KindCube, 1
		if krng.IntN(2) == 0 && size <= 32 {
			kind, cubes = surface.KindCubeArray, 1+krng.IntN(3)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: size, Height: size, Layers: 6 * cubes, Levels: []int{1, 0}[rng.IntN(2)]}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.LodBias = float32(rng.IntN(9)-4) / 2
		if rng.IntN(3) == 0 {
			st.MinLod = float32(rng.IntN(9)-2) / 4
			st.MaxLod = st.MinLod + float32(rng.IntN(12))/4
		}
		if op.Compare() {
			st.Compare = CompareOp(1 + rng.IntN(8))
		}
		lanes := 8 * (1 + rng.IntN(17))
		req := &Request{Op: op, Lanes: lanes}
		for c := range 3 {
			req.Coord[c] = make([]float32, lanes)
			req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
		}
		req.Ref, req.Lod, req.Bias = make([]float32, lanes), make([]float32, lanes), make([]float32, lanes)
		if kind == surface.KindCubeArray {
			req.Coord[3] = layerCoords(krng, lanes, cubes)
		}
		if rng.IntN(3) == 0 {
			req.MinLod = make([]float32, lanes)
		}
		special := rng.IntN(3) == 0
		for i := range lanes {
			for c := range 3 {
				req.Coord[c][i] = cubeAsmComp(rng, special)
				req.DDX[c][i], req.DDY[c][i] = (rng.Float32()-0.5)/8, (rng.Float32()-0.5)/32
				if special && rng.IntN(6) == 0 {
					req.DDX[c][i] = cubeAsmSpecials[rng.IntN(len(cubeAsmSpecials))]
				}
				if special && rng.IntN(6) == 0 {
					req.DDY[c][i] = cubeAsmSpecials[rng.IntN(len(cubeAsmSpecials))]
				}
			}
			switch {
			case special && rng.IntN(3) == 0: // a tie between two or three axes' magnitudes
				a, b := rng.IntN(3), rng.IntN(3)
				req.Coord[a][i] = []float32{1, -1}[rng.IntN(2)] * abs32(req.Coord[b][i])
				if rng.IntN(2) == 0 { // perhaps all three
					req.Coord[rng.IntN(3)][i] = []float32{1, -1}[rng.IntN(2)] * abs32(req.Coord[b][i])
				}
			case special && rng.IntN(8) == 0: // a zero direction: the face by the sign bits
				for c := range 3 {
					req.Coord[c][i] = cubeAsmSpecials[rng.IntN(2)]
				}
			case special && rng.IntN(8) == 0: // degenerate gradients
				for c := range 3 {
					req.DDX[c][i], req.DDY[c][i] = 0, 0
				}
				if rng.IntN(2) == 0 {
					req.DDY[rng.IntN(3)][i] = req.DDX[rng.IntN(3)][i]
				}
			}
			if req.MinLod != nil {
				req.MinLod[i] = float32(rng.IntN(9)-2) / 4
			}
			req.Ref[i] = float32(rng.IntN(9)) / 8
			req.Lod[i] = float32(rng.IntN(13)-2) / 4
			req.Bias[i] = float32(rng.IntN(9)-4) / 2
			if special && rng.IntN(8) == 0 {
				req.Lod[i] = cubeAsmSpecials[rng.IntN(len(cubeAsmSpecials))]
				req.Bias[i] = cubeAsmSpecials[rng.IntN(len(cubeAsmSpecials))]
			}
		}
		var x exec
		if err := x.setup(altPrecision(iter), s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		if x.laneForms(req)&formCubeVec == 0 {
			t.Fatalf("%s %s: not formCubeVec", f, op)
		}
		// The layer is the face plus the view's first layer: both
		// gatherers read it from the view.
		x.view.BaseLayer = 6 * rng.IntN(3)
		x.fast.plan.Key.BaseLayer = int32(x.view.BaseLayer)
		o := laneOperands(req)
		first := 8 * rng.IntN(lanes/8)
		end := min(first+laneChunk, lanes)
		want := new(laneSet)
		if x.gatherLanes(req, nil, want, first) != end {
			t.Fatal("gatherLanes took another chunk")
		}
		got := new(laneSet)
		for _, wide := range wideForms { // lanes.CubeLanesAsm, and lanes.CubeLanes16 where lanes.Wide512
			setWide512(wide)
			got = new(laneSet)
			next, ok := x.fast.plan.GatherCube(&o, got, first)
			if !ok || next != end {
				t.Fatalf("AVX-512 %v: GatherCube(%d) = %d, %v; want %d", wide, first, next, ok, end)
			}
			if got.N != want.N || got.NP != want.NP || got.Lanes != want.Lanes {
				t.Fatalf("AVX-512 %v: counts %d %d %d, want %d %d %d", wide, got.N, got.NP, got.Lanes, want.N, want.NP, want.Lanes)
			}
			if name, k, ok := sameEntries(got, want, got.N, got.Lanes); !ok {
				i := first + k
				t.Fatalf("AVX-512 %v: %s %d %s mip %v bias %v lod [%v, %v] lane %d (%v, %v, %v) dx (%v, %v, %v) dy (%v, %v, %v): %s differs: "+
					"s %v t %v face %d layer %d hi %d lo %d δ %v, want s %v t %v face %d layer %d hi %d lo %d δ %v",
					wide, f, size, op, st.MipFilter, st.LodBias, st.MinLod, st.MaxLod, i, req.Coord[0][i], req.Coord[1][i], req.Coord[2][i],
					req.DDX[0][i], req.DDX[1][i], req.DDX[2][i], req.DDY[0][i], req.DDY[1][i], req.DDY[2][i], name,
					got.S[k], got.T[k], got.Face[k], got.Layer[k], got.Hi[k], got.Lo[k], got.Delta[k],
					want.S[k], want.T[k], want.Face[k], want.Layer[k], want.Hi[k], want.Lo[k], want.Delta[k])
			}
		}
		setWide512(wideForms[len(wideForms)-1])
		// Chunks the gatherer declines: a first lane or a lane count that
		// is not a multiple of 8.
		if _, ok := x.fast.plan.GatherCube(&o, got, first+1+rng.IntN(7)); ok {
			t.Fatal("GatherCube took a chunk at an unaligned lane")
		}
		short := *req
		short.Lanes = lanes - 1 - rng.IntN(7)
		if end >= short.Lanes {
			so := laneOperands(&short)
			if _, ok := x.fast.plan.GatherCube(&so, got, first); ok {
				t.Fatalf("GatherCube took a chunk of %d lanes", short.Lanes-first)
			}
			declined++
		}
		checked++
	}
	t.Logf("%d chunks compared, %d short chunks declined", checked, declined)
}

// sameOrNaN reports whether a and b have the same bits or are both NaN: a
// NaN ρ becomes λ_base 0 whatever its payload, and the Go code's operand
// order, which sets the payload of an operation on two NaNs, is the
// compiler's (the vector build's test holds the stage to archsimd's bits).
func sameOrNaN(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
}

// TestCubeLanesAsmFaces runs lanes.CubeLanesAsm's face selection, face
// coordinates and scale factor (of gradients or of the quads' differences)
// on directions and derivatives made of special values only — every tie,
// signed zero, infinity, NaN and overflow — against selectFace,
// faceCoords, faceDerivative and scaleArg.
func TestCubeLanesAsmFaces(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	rng := rand.New(rand.NewPCG(45, 47))
	vals := append([]float32{2, -2, 3, 0.25}, cubeAsmSpecials...)
	x := exec{plan: &plan{dims: 2, kind: surface.KindCube, cube: true}, st: &State{MaxAnisotropy: 1}}
	checked := 0
	for iter := 0; iter < 4000; iter++ {
		size := []int{1, 16, 1 << 14}[rng.IntN(3)]
		x.base = [3]int32{int32(size), int32(size), 1}
		var r, dx, dy [3][laneChunk]float32
		for c := range 3 {
			for k := range laneChunk {
				r[c][k] = vals[rng.IntN(len(vals))]
				dx[c][k] = vals[rng.IntN(len(vals))]
				dy[c][k] = vals[rng.IntN(len(vals))]
				if rng.IntN(3) == 0 { // ties of magnitudes
					r[c][k] = []float32{1, -1}[rng.IntN(2)] * abs32(r[rng.IntN(3)][k])
				}
			}
		}
		base := int32(6 * rng.IntN(4))
		// The gradients, or the quads' differences of the directions.
		deriv := int32(1 + rng.IntN(2))
		a := lanes.CubeArgs{Sz: [2]float32{float32(size), float32(size)}, Base: base, Deriv: deriv}
		for c := range 3 {
			a.Coord[c], a.Ddx[c], a.Ddy[c] = &r[c][0], &dx[c][0], &dy[c][0]
		}
		for _, wide := range wideForms {
			c := new(laneSet)
			if wide {
				lanes.CubeLanes16(&a, laneChunk, c)
			} else {
				lanes.CubeLanesAsm(&a, laneChunk, c)
			}
			checked += cubeFacesAgree(t, &x, c, &r, &dx, &dy, deriv, base, size)
		}
	}
	t.Logf("%d directions compared", checked)
}

// cubeFacesAgree checks TestCubeLanesAsmFaces' chunk c (one form's result)
// against the Go stages and returns the lanes compared.
func cubeFacesAgree(t *testing.T, x *exec, c *laneSet, r, dx, dy *[3][laneChunk]float32, deriv, base int32, size int) (checked int) {
	t.Helper()
	for k := range laneChunk {
		dir := [3]float32{r[0][k], r[1][k], r[2][k]}
		face := selectFace(dir)
		s, tt := faceCoords(face, dir)
		var lr lodResult
		dxf, dyf := [3]float32{dx[0][k], dx[1][k], dx[2][k]}, [3]float32{dy[0][k], dy[1][k], dy[2][k]}
		if deriv == 1 {
			q := k &^ 3
			for c := range 3 {
				dxf[c], dyf[c] = r[c][q+1]-r[c][q], r[c][q+2]-r[c][q]
			}
		}
		var sx, sy [3]float32
		sx[0], sx[1] = faceDerivative(face, dir, dxf)
		sy[0], sy[1] = faceDerivative(face, dir, dyf)
		arg := x.scaleArg(sx, sy, &lr)
		if c.Face[k] != int32(face) || c.Layer[k] != base+int32(face) || math.Float32bits(c.S[k]) != math.Float32bits(s) ||
			math.Float32bits(c.T[k]) != math.Float32bits(tt) || !sameOrNaN(c.Arg[k], arg) {
			t.Fatalf("direction %v (%08x %08x %08x) dx %v dy %v size %d: face %d layer %d (%08x, %08x) ρ %08x, want %d %d (%08x, %08x) %08x",
				dir, math.Float32bits(dir[0]), math.Float32bits(dir[1]), math.Float32bits(dir[2]), dxf, dyf, size,
				c.Face[k], c.Layer[k], math.Float32bits(c.S[k]), math.Float32bits(c.T[k]), math.Float32bits(c.Arg[k]), face, base+int32(face), math.Float32bits(s), math.Float32bits(tt), math.Float32bits(arg))
		}
		checked++
	}
	return checked
}

// anisoAsmDerivatives returns lane derivatives (dx, dy) for texels of a
// w×h level whose η is about eta along x or y, or (special) degenerate
// ones: no footprint, ρmin = 0, infinite, NaN or huge axes, ρx = ρy.
func anisoAsmDerivatives(rng *rand.Rand, w, h int, special bool) (dx, dy [2]float32) {
	major := float32(rng.IntN(64)+1) / 8
	eta := float32(1+rng.IntN(17)) + []float32{0, 0.5, 1.0 / 1024, -1.0 / 1024}[rng.IntN(4)]
	dx = [2]float32{major / float32(w), 0}
	dy = [2]float32{0, major / eta / float32(h)}
	if rng.IntN(2) == 0 {
		dx, dy = [2]float32{dy[1] * float32(h) / float32(w), 0}, [2]float32{0, dx[0] * float32(w) / float32(h)}
	}
	if rng.IntN(4) == 0 { // a diagonal footprint
		dx[1], dy[0] = dx[0]/3, -dy[1]*2
	}
	if !special {
		return dx, dy
	}
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	switch rng.IntN(10) {
	case 0:
		dx, dy = [2]float32{}, [2]float32{}
	case 1:
		dy = [2]float32{float32(math.Copysign(0, -1)), 0}
	case 2:
		dx[0] = inf
		if rng.IntN(2) == 0 {
			dy[1] = -inf
		}
	case 3:
		*[]*float32{&dx[0], &dx[1], &dy[0], &dy[1]}[rng.IntN(4)] = []float32{nan, math.Float32frombits(0xffc00001)}[rng.IntN(2)]
	case 4:
		dy = [2]float32{dx[1], dx[0]}
	case 5: // squares that overflow
		dx[0], dy[1] = 1e30, []float32{1e30, 1e29, 1}[rng.IntN(3)]
	case 6: // squares that underflow
		dx[0], dy[1] = 1e-30, []float32{1e-30, 1e-25, 0}[rng.IntN(3)]
	case 7:
		dx, dy = dy, dx
	case 8: // NaNs of two payloads in one axis, or in both
		dx = [2]float32{math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00002)}
		if rng.IntN(2) == 0 {
			dy = [2]float32{math.Float32frombits(0x7fc00003), math.Float32frombits(0x7f800004)}
		}
	}
	return dx, dy
}

func TestGatherAnisoAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	rng := rand.New(rand.NewPCG(51, 53))
	checked, entries := 0, 0
	var probes [17]int
	for iter := 0; iter < 1500; iter++ {
		f := []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat, format.D32Sfloat}[rng.IntN(3)]
		ops := []Op{OpSample, OpSampleB, OpSampleD}
		if f == format.D32Sfloat {
			ops = []Op{OpSampleC, OpSampleBC, OpSampleDC}
		}
		op := ops[rng.IntN(len(ops))]
		src := op.LodSource()
		w, h := []int{1, 5, 16, 64, 1024}[rng.IntN(5)], []int{1, 8, 13, 64}[rng.IntN(4)]
		// A 2D array one time in two (its own random stream).
		krng := rand.New(rand.NewPCG(uint64(iter), 4))
		kind, layers := surface.Kind2D, 1
		if krng.IntN(2) == 0 {
			kind, layers = surface.Kind2DArray, 1+krng.IntN(5)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers, Levels: []int{1, 0}[rng.IntN(2)]}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.MaxAnisotropy = []float32{1.5, 2, 3, 4.5, 8, 15.75, 16}[rng.IntN(7)]
		st.LodBias = float32(rng.IntN(9)-4) / 2
		if rng.IntN(3) == 0 {
			st.MinLod = float32(rng.IntN(9)-2) / 4
			st.MaxLod = st.MinLod + float32(rng.IntN(12))/4
		}
		if op.Compare() {
			st.Compare = CompareOp(1 + rng.IntN(8))
		}
		lanes := 8 * (1 + rng.IntN(17))
		req := &Request{Op: op, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes)}}
		if kind == surface.Kind2DArray {
			req.Coord[2] = layerCoords(krng, lanes, layers)
		}
		if op.Compare() {
			req.Ref = make([]float32, lanes)
		}
		if src == LodBias {
			req.Bias = make([]float32, lanes)
		}
		if src == LodGradient {
			for c := range 2 {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
			}
		}
		if rng.IntN(3) == 0 {
			req.MinLod = make([]float32, lanes)
		}
		special := rng.IntN(3) == 0
		for i := range lanes {
			req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
			dx, dy := anisoAsmDerivatives(rng, w, h, special)
			if src == LodGradient {
				for c := range 2 {
					req.DDX[c][i], req.DDY[c][i] = dx[c], dy[c]
				}
			} else if q := i &^ 3; i != q && i&3 != 3 {
				// The quad's pixels (1,0) and (0,1) at its (0,0) plus the
				// derivatives.
				d := dx
				if i&3 == 2 {
					d = dy
				}
				req.Coord[0][i] = req.Coord[0][q] + d[0]
				req.Coord[1][i] = req.Coord[1][q] + d[1]
			}
			if special && rng.IntN(16) == 0 {
				req.Coord[rng.IntN(2)][i] = cubeAsmSpecials[rng.IntN(len(cubeAsmSpecials))]
			}
			if req.Ref != nil {
				req.Ref[i] = float32(rng.IntN(9)) / 8
			}
			if req.Bias != nil {
				req.Bias[i] = float32(rng.IntN(9)-4) / 2
				if special && rng.IntN(8) == 0 {
					req.Bias[i] = cubeAsmSpecials[rng.IntN(len(cubeAsmSpecials))]
				}
			}
			if req.MinLod != nil {
				req.MinLod[i] = float32(rng.IntN(9)-2) / 4
			}
		}
		var x exec
		if err := x.setup(altPrecision(iter), s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		if x.laneForms(req)&formAnisoVec == 0 {
			t.Fatalf("%s %s: not formAnisoVec", f, op)
		}
		first := rng.IntN(lanes) // any lane: a chunk may end inside a group
		got, want := new(laneSet), new(laneSet)
		o := laneOperands(req)
		next, ok := x.fast.plan.GatherAniso(&o, got, first)
		if !ok {
			t.Fatalf("GatherAniso(%d) declined", first)
		}
		x.gatherLanes(req, nil, want, first)
		// gatherLanes keeps room for the most probes a lane may have, so
		// it may stop sooner: the lanes both took agree, entry for entry.
		nl := min(got.Lanes, want.Lanes)
		if nl == 0 || got.Lane[0] != int32(first) || next != first+got.Lanes {
			t.Fatalf("GatherAniso(%d) = %d with %d lanes", first, next, got.Lanes)
		}
		n := int(got.First[nl-1] + got.Count[nl-1])
		if name, k, ok := sameEntries(got, want, n, nl); !ok {
			t.Fatalf("%s %dx%d %s aniso %v mip %v entry %d: %s differs (got lane %d count %d s %v t %v hi %d lo %d δ %v, want lane %d count %d s %v t %v hi %d lo %d δ %v)",
				f, w, h, op, st.MaxAnisotropy, st.MipFilter, k, name, got.Lane[min(k, nl-1)], got.Count[min(k, nl-1)],
				got.S[k], got.T[k], got.Hi[k], got.Lo[k], got.Delta[k], want.Lane[min(k, nl-1)], want.Count[min(k, nl-1)],
				want.S[k], want.T[k], want.Hi[k], want.Lo[k], want.Delta[k])
		}
		// A chunk it ends is full: the next lane's probes do not fit.
		if next < lanes {
			var g anisoProbes
			x.fast.plan.AnisoLanes(&o, next&^7, &g)
			if int(g.Probes[next&7])+got.N <= laneChunk {
				t.Fatalf("GatherAniso stopped at lane %d with %d entries, and its %d probes fit", next, got.N, g.Probes[next&7])
			}
		}
		if got.NP != (got.N+7)&^7 {
			t.Fatalf("padding %d for %d entries", got.NP, got.N)
		}
		for j := range got.Lanes {
			probes[got.Count[j]]++
		}
		checked++
		entries += got.N
	}
	for n := 1; n <= 16; n++ {
		if probes[n] == 0 {
			t.Errorf("no lane had %d probes", n)
		}
	}
	t.Logf("%d chunks, %d entries compared; lanes by probe count %v", checked, entries, probes[1:])
}

// TestAnisoScaleAsmAgrees runs lanes.AnisoScaleAsm on derivatives at the rules'
// edges — η at and around every integer up to 16 and beyond the maximum,
// zero, infinite, NaN, huge and tiny axes, ρx = ρy — against scaleArg:
// the probe count, the major axis and log2's argument (a NaN's payload
// aside: see sameOrNaN).
func TestAnisoScaleAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	rng := rand.New(rand.NewPCG(55, 57))
	checked := 0
	for iter := 0; iter < 6000; iter++ {
		w, h := []int{1, 5, 64, 4096}[rng.IntN(4)], []int{1, 13, 64}[rng.IntN(3)]
		x := exec{plan: &plan{dims: 2, base: [3]int32{int32(w), int32(h), 1}}, st: &State{MaxAnisotropy: []float32{1.5, 2, 4, 7.5, 16}[rng.IntN(5)]}}
		var dx0, dx1, dy0, dy1 [8]float32
		special := rng.IntN(2) == 0
		for k := range 8 {
			dx, dy := anisoAsmDerivatives(rng, w, h, special)
			dx0[k], dx1[k], dy0[k], dy1[k] = dx[0], dx[1], dy[0], dy[1]
		}
		a := lanes.AnisoArgs{Ddx: [2]*float32{&dx0[0], &dx1[0]}, Ddy: [2]*float32{&dy0[0], &dy1[0]},
			Sz: [2]float32{float32(w), float32(h)}, MaxAniso: x.st.MaxAnisotropy, Grad: 1}
		var g anisoProbes
		lanes.AnisoScaleAsm(&a, &g)
		for k := range 8 {
			var lr lodResult
			dx, dy := [3]float32{dx0[k], dx1[k]}, [3]float32{dy0[k], dy1[k]}
			arg := x.scaleArg(dx, dy, &lr)
			if int(g.Probes[k]) != lr.probes || !sameOrNaN(g.Arg[k], arg) {
				t.Fatalf("%dx%d max %v dx %v dy %v: N %d arg %v, want %d %v", w, h, x.st.MaxAnisotropy, dx, dy,
					g.Probes[k], g.Arg[k], lr.probes, arg)
			}
			if lr.probes > 1 && (math.Float32bits(g.AxS[k]) != math.Float32bits(lr.axis[0]) || math.Float32bits(g.AxT[k]) != math.Float32bits(lr.axis[1])) {
				t.Fatalf("%dx%d dx %v dy %v: axis (%v, %v), want %v", w, h, dx, dy, g.AxS[k], g.AxT[k], lr.axis)
			}
			checked++
		}
	}
	t.Logf("%d lanes compared", checked)
}

// TestCubeSignsAreFaces holds the assembly's face signs (lanes.CubeSigns)
// to Vulkan's face table as cube.go writes it (cubeFaces).
func TestCubeSignsAreFaces(t *testing.T) {
	for f, fi := range cubeFaces {
		got := [3]float32{lanes.CubeSigns[0][f], lanes.CubeSigns[1][f], lanes.CubeSigns[2][f]}
		if want := [3]float32{fi.sSign, fi.tSign, fi.mSign}; got != want {
			t.Errorf("face %d: signs %v, want %v", f, got, want)
		}
	}
}

// anisoProbes is eight lanes' anisotropic filtering (lanes.AnisoProbes),
// by a name the tests' lane counts called lanes do not hide.
type anisoProbes = lanes.AnisoProbes
