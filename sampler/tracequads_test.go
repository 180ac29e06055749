package sampler

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// TestTracedTexelLayout: lanes.Record spells out TracedTexel's layout,
// which lanes.TraceQuads writes through a cast.
func TestTracedTexelLayout(t *testing.T) {
	if !tracedTexelIsRecord {
		t.Fatalf("TracedTexel (%d bytes) is not lanes.Record's layout", unsafe.Sizeof(TracedTexel{}))
	}
	var r lanes.Record
	tt := (*TracedTexel)(unsafe.Pointer(&r))
	r = lanes.Record{1, 2, 3, 4, 5, 6, 7, 0, uint32(math.Float64bits(0.25)), uint32(math.Float64bits(0.25) >> 32), 0x100, 0, 0xfffffff0, 0xffffffff, 0xffffffff, 0}
	want := TracedTexel{Lane: 1, Level: 2, Layer: 3, X: 4, Y: 5, Z: 6, Sample: 7, Weight: 0.25, Resident: true, Offset: -16, Block: -1}
	if *tt != want {
		t.Fatalf("record read as %+v, want %+v", *tt, want)
	}
}

// TestTraceQuadsRoad: the kept 2D chunks written by lanes.TraceQuads
// (traceQuadsOn) equal the Go road's texels field for field and weight
// bit for bit — bilinear, trilinear (two levels, entries that blend and
// entries that do not, in one chunk), gathers, PCF and anisotropic probes, 2D and 2D
// arrays (layers), cube and cube-array views (faces' interiors, edges),
// r8g8b8a8, BC1 and d32,
// repeat and clamp wraps, 1 to 70 lanes, inactive lanes.
func TestTraceQuadsRoad(t *testing.T) {
	if !traceQuadsOn {
		t.Skip("no lanes.TraceQuads assembly on this CPU or build")
	}
	defer func() { traceQuadsOn = true }()
	rng := rand.New(rand.NewPCG(25, 15))
	ops := []Op{OpSampleL, OpSample, OpSampleD, OpGather4, OpSampleLC, OpGather4C}
	for iter := range 300 {
		op := ops[rng.IntN(len(ops))]
		f := []format.Format{format.R8G8B8A8Unorm, format.BC1RGBAUnormBlock}[rng.IntN(2)]
		if op.Compare() {
			f = format.D32Sfloat
		}
		kind := []surface.Kind{surface.Kind2D, surface.Kind2DArray, surface.KindCube, surface.KindCubeArray}[rng.IntN(4)]
		cube := kind == surface.KindCube || kind == surface.KindCubeArray
		layers := 1
		switch kind {
		case surface.Kind2DArray:
			layers = 1 + rng.IntN(4)
		case surface.KindCube:
			layers = 6
		case surface.KindCubeArray:
			layers = 6 * (1 + rng.IntN(2))
		}
		w, h := []int{8, 13, 32, 64}[rng.IntN(4)], []int{8, 11, 32}[rng.IntN(3)]
		if cube {
			h = w
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers, Levels: 0}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.MaxAnisotropy = []float32{0, 1, 4}[rng.IntN(3)]
		wraps := []AddressMode{WrapRepeat, WrapClampToEdge}
		st.Address = [3]AddressMode{wraps[rng.IntN(2)], wraps[rng.IntN(2)], WrapRepeat}
		if op.Compare() {
			st.Compare = CompareLessOrEqual
		}
		n := 1 + rng.IntN(70)
		if op == OpSample { // implicit derivatives: 2×2 quads
			n = 4 * (1 + rng.IntN(17))
		}
		req := &Request{Op: op, Lanes: n, Lod: make([]float32, n), Ref: make([]float32, n)}
		for c := range 3 {
			req.Coord[c], req.DDX[c], req.DDY[c] = make([]float32, n), make([]float32, n), make([]float32, n)
		}
		req.Coord[3] = make([]float32, n)
		lods := rng.IntN(3) // every lane on one pair of levels, or on level 0 blending or not, or spread
		for i := range n {
			req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
			req.Coord[2][i] = float32(rng.IntN(layers))
			if cube { // a direction, most footprints inside a face
				req.Coord[0][i], req.Coord[1][i], req.Coord[2][i] = rng.Float32()*2-1, rng.Float32()*2-1, rng.Float32()*2-1
				req.Coord[3][i] = float32(rng.IntN(layers / 6))
				req.DDX[2][i] = req.DDX[0][i]
			}
			req.DDX[0][i], req.DDY[1][i] = (rng.Float32()+0.1)/8, (rng.Float32()+0.1)/32
			switch lods {
			case 0:
				req.Lod[i] = 0.5
			case 1:
				req.Lod[i] = float32(rng.IntN(2)) / 2
			default:
				req.Lod[i] = float32(rng.IntN(9)) / 4
			}
			req.Ref[i] = rng.Float32()
		}
		if rng.IntN(4) == 0 {
			req.Active = make([]bool, n)
			for i := range req.Active {
				req.Active[i] = rng.IntN(4) != 0
			}
		}
		var got [2][]TracedTexel
		var starts [2][]int32
		for road, on := range []bool{true, false} {
			traceQuadsOn = on
			res := &Result{Trace: &Trace{}}
			if err := (&Engine{}).Execute(s.View(), &st, req, res); err != nil {
				t.Fatal(err)
			}
			got[road] = append([]TracedTexel(nil), res.Trace.Texels()...)
			starts[road] = append([]int32(nil), res.Trace.Start...)
		}
		what := fmt.Sprintf("iter %d: %v %v %s %dx%d×%d lanes %d mip %v aniso %v address %v", iter, op, f, kind, w, h, layers, n, st.MipFilter, st.MaxAnisotropy, st.Address)
		if fmt.Sprint(starts[0]) != fmt.Sprint(starts[1]) {
			t.Fatalf("%s: Start %v with the kernels, %v without", what, starts[0], starts[1])
		}
		if len(got[0]) != len(got[1]) {
			t.Fatalf("%s: %d texels with TraceQuads, %d without", what, len(got[0]), len(got[1]))
		}
		for i := range got[0] {
			a, b := got[0][i], got[1][i]
			if a != b || math.Float64bits(a.Weight) != math.Float64bits(b.Weight) {
				t.Fatalf("%s: texel %d = %+v with TraceQuads, %+v without", what, i, a, b)
			}
		}
	}
}

// TestPlainLevelTraceMatchesReference: traced requests whose chunks
// runPlainLevel takes (every lane active, no offsets, level 0, whole
// groups of eight lanes: gathers, bilinear sampling at LOD 0, PCF and
// depth gathers, on 2D and 2D-array views, one chunk or several) trace
// there, without the single call, and their traces and results equal the
// reference pipeline's, half of them traced into one reused Result (whose
// kept chunks tracePlainLevel may find holding their lanes already);
// coordinates beyond ±2^30 make the chunk decline to the other gatherers.
func TestPlainLevelTraceMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 17))
	inLoop := 0
	shared := &Result{Trace: &Trace{}} // every other request traces into the Result of those before it
	for iter := range 120 {
		op := []Op{OpGather4, OpSampleLZ, OpSampleL, OpSampleLC, OpGather4C}[rng.IntN(5)]
		f := []format.Format{format.R8G8B8A8Unorm, format.R8G8B8A8Srgb, format.BC1RGBAUnormBlock}[rng.IntN(3)]
		if op.Compare() {
			f = format.D32Sfloat
		}
		kind := []surface.Kind{surface.Kind2D, surface.Kind2DArray}[rng.IntN(2)]
		layers := 1
		if kind == surface.Kind2DArray {
			layers = 1 + rng.IntN(4)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: []int{8, 32, 64}[rng.IntN(3)], Height: []int{8, 13, 32}[rng.IntN(3)], Layers: layers, Levels: 1}, false)
		st := linearState()
		st.Address = [3]AddressMode{WrapRepeat, WrapClampToEdge, WrapRepeat}
		if op.Compare() {
			st.Compare = CompareLessOrEqual
		}
		n := 8 * (1 + rng.IntN(17))
		req := &Request{Op: op, Lanes: n, Lod: make([]float32, n), Ref: make([]float32, n)}
		for c := range 3 {
			req.Coord[c] = make([]float32, n)
		}
		for i := range n {
			req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
			req.Coord[2][i] = float32(rng.IntN(layers))
			req.Ref[i] = rng.Float32()
			if iter%10 == 9 && rng.IntN(20) == 0 {
				req.Coord[0][i] = 3e9
			}
		}
		var reused *Result
		if iter%2 == 0 {
			reused = shared
		}
		fast, ref, loop := tracedBoth(t, Precision{}, s.View(), &st, req, reused)
		sameTrace(t, fmt.Sprintf("iter %d: %v %v %s lanes %d", iter, op, f, kind, n), req, fast, ref)
		if loop {
			inLoop++
		}
	}
	if inLoop < 60 {
		t.Errorf("only %d of 120 requests traced in the lane loop", inLoop)
	}
}
