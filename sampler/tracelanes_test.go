package sampler

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// tracedBoth runs req traced on the default paths (the lane loop where it
// takes the request) and on the reference pipeline (fastDisabled), and
// reports whether the first run's trace came from the 2D lane loop's trace
// stage (it recorded texels and met no slow footprint).
// A reused Result (shared, not nil) holds the working set and trace of
// the requests before it.
func tracedBoth(t *testing.T, p Precision, v surface.View, st *State, req *Request, shared *Result) (fast, ref *Result, inLoop bool) {
	t.Helper()
	fast, ref = shared, new(Result)
	if fast == nil {
		fast = staleResult(req.Lanes)
		fast.Trace = &Trace{texels: make([]TracedTexel, 3)}
	}
	ref.Trace = &Trace{}
	if err := (&Engine{Precision: p}).Execute(v, st, req, fast); err != nil {
		t.Fatal(err)
	}
	inLoop = fast.tracer.starts && !fast.tracer.slow
	fastDisabled = true
	err := (&Engine{Precision: p}).Execute(v, st, req, ref)
	fastDisabled = false
	if err != nil {
		t.Fatal(err)
	}
	return fast, ref, inLoop
}

// sameTrace fails the test unless a and b hold the same texels, field for
// field and weight for weight (bits), in the same order, with the same
// lane starts, and the results agree.
func sameTrace(t *testing.T, what string, req *Request, fast, ref *Result) {
	t.Helper()
	for i := 0; i < req.Lanes; i++ {
		if laneErr(fast, i) != laneErr(ref, i) || fast.Resident[i] != ref.Resident[i] {
			t.Fatalf("%s lane %d: error %q resident %v, reference %q %v", what, i, laneErr(fast, i), fast.Resident[i], laneErr(ref, i), ref.Resident[i])
		}
		for c := range 4 {
			if fast.Bits[c][i] != ref.Bits[c][i] {
				t.Fatalf("%s lane %d channel %d: %08x, reference %08x", what, i, c, fast.Bits[c][i], ref.Bits[c][i])
			}
		}
	}
	a, b := fast.Trace, ref.Trace
	if a.TexelBytes != b.TexelBytes || len(a.Start) != len(b.Start) {
		t.Fatalf("%s: %d bytes, %d starts; reference %d, %d", what, a.TexelBytes, len(a.Start), b.TexelBytes, len(b.Start))
	}
	for i := 0; i < req.Lanes; i++ {
		la, lb := a.Lane(i), b.Lane(i)
		for k := range max(len(la), len(lb)) {
			if k >= len(la) || k >= len(lb) {
				t.Fatalf("%s lane %d: %d texels, reference %d (%+v / %+v)", what, i, len(la), len(lb), la, lb)
			}
			ea, eb := la[k], lb[k]
			if ea != eb || math.Float64bits(ea.Weight) != math.Float64bits(eb.Weight) {
				t.Fatalf("%s lane %d texel %d:\n %+v\nreference\n %+v", what, i, k, ea, eb)
			}
		}
	}
	if len(a.Texels()) != len(b.Texels()) {
		t.Fatalf("%s: %d texels, reference %d", what, len(a.Texels()), len(b.Texels()))
	}
}

// TestLaneLoopTraceMatchesReference: the 2D lane loop's trace (tracelanes.go)
// equals the reference pipeline's texel for texel and bit for bit, and the
// results agree, over random states on the formats the loop takes (8-bit
// colour, half and float colour, 32-bit depth with a compare), 2D, 2D-array,
// cube and cube-array views, every wrap (repeat, mirrored repeat, clamp to
// edge, clamp to border, mirror clamp to edge), offsets, every LOD form,
// mip mode and anisotropy up to 16, gathers and PCF, both precisions, lane
// counts across chunks, inactive lanes and lane errors, on new Results and
// on one reused (its working set stale from other requests); among them requests
// with slow footprints (border texels, cube corners, huge coordinates),
// which the reference traces (traceChunk's rule), and many the lane loop
// traces itself (counted and required).
func TestLaneLoopTraceMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 5))
	colour := []format.Format{format.R8G8B8A8Unorm, format.B8G8R8A8Srgb, format.R8Unorm, format.R8G8Snorm,
		format.R16G16B16A16Sfloat, format.R32G32B32A32Sfloat, format.BC1RGBAUnormBlock, format.BC3SrgbBlock,
		format.BC5SnormBlock, format.BC6HUfloatBlock, format.BC7UnormBlock}
	sampleOps := []Op{OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD}
	gatherOps := []Op{OpGather4, OpGather4L, OpGather4B, OpGather4I, OpGather4PO, OpGather4POL}
	depthOps := []Op{OpSampleC, OpSampleLC, OpSampleCLZ, OpSampleDC, OpGather4C, OpGather4IC, OpGather4POLC}
	inLoop, fallBack, aniso, cube, gathers, bc := 0, 0, 0, 0, 0, 0
	shared := &Result{Trace: &Trace{}}
	iters := 600
	if testing.Short() {
		iters = 150
	}
	for iter := 0; iter < iters; iter++ {
		f := colour[rng.IntN(len(colour))]
		var op Op
		switch {
		case rng.IntN(5) == 0:
			f, op = format.D32Sfloat, depthOps[rng.IntN(len(depthOps))]
		case rng.IntN(3) == 0:
			op = gatherOps[rng.IntN(len(gatherOps))]
		default:
			op = sampleOps[rng.IntN(len(sampleOps))]
		}
		kind := []surface.Kind{surface.Kind2D, surface.Kind2DArray, surface.KindCube, surface.KindCubeArray}[rng.IntN(4)]
		isCube := kind == surface.KindCube || kind == surface.KindCubeArray
		w, h := []int{1, 4, 8, 13, 32, 64}[rng.IntN(6)], []int{1, 2, 8, 11, 32}[rng.IntN(5)]
		layers := 1 + rng.IntN(4)
		if isCube {
			h = w
			layers = 6 * (1 + rng.IntN(2))
			if kind == surface.KindCube {
				layers = 6
			}
		} else if kind == surface.Kind2D {
			layers = 1
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers, Levels: 0}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.MaxAnisotropy = []float32{0, 1, 2, 4, 16}[rng.IntN(5)]
		st.LodBias = float32(rng.IntN(5)-2) / 2
		st.Border = BorderPreset(rng.IntN(3))
		wraps := []AddressMode{WrapRepeat, WrapRepeat, WrapClampToEdge, WrapClampToEdge, AddressMode(rng.IntN(5))}
		st.Address = [3]AddressMode{wraps[rng.IntN(len(wraps))], wraps[rng.IntN(len(wraps))], WrapRepeat}
		if op.Compare() {
			st.Compare = CompareOp(1 + rng.IntN(8))
		}
		lanes := []int{4, 8, 64, 72, 136}[rng.IntN(5)]
		req := &Request{Op: op, Lanes: lanes}
		for c := range 4 {
			req.Coord[c] = make([]float32, lanes)
		}
		req.Ref, req.Lod, req.Bias = make([]float32, lanes), make([]float32, lanes), make([]float32, lanes)
		for c := range 3 {
			req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
		}
		inside := rng.IntN(2) == 0 // coordinates inside the surface, or anywhere around it
		huge := rng.IntN(8) == 0
		for i := 0; i < lanes; i++ {
			for c := range 3 {
				if isCube {
					req.Coord[c][i] = rng.Float32()*2 - 1
				} else if inside {
					req.Coord[c][i] = 0.1 + 0.8*rng.Float32()
				} else {
					req.Coord[c][i] = rng.Float32()*3 - 1
				}
				// Anisotropic derivatives: a long axis and a short one.
				req.DDX[c][i], req.DDY[c][i] = (rng.Float32()-0.5)/4, (rng.Float32()-0.5)/64
			}
			if !isCube {
				req.Coord[2][i] = float32(rng.IntN(layers + 1))
			}
			req.Coord[3][i] = float32(rng.IntN(3))
			if huge && rng.IntN(16) == 0 {
				req.Coord[0][i] = []float32{3e9, -5e9, float32(math.NaN())}[rng.IntN(3)]
			}
			req.Ref[i] = float32(rng.IntN(9)) / 8
			req.Lod[i] = float32(rng.IntN(13)-2) / 4
			req.Bias[i] = float32(rng.IntN(5)-2) / 2
		}
		if op.Kind() == KindGather && !op.Compare() {
			req.Channel = make([]uint8, lanes)
			for i := range req.Channel {
				req.Channel[i] = uint8(rng.IntN(4))
				if rng.IntN(40) == 0 {
					req.Channel[i] = 4 // a lane error
				}
			}
		}
		if rng.IntN(4) == 0 {
			req.Active = make([]bool, lanes)
			for i := range req.Active {
				req.Active[i] = rng.IntN(4) != 0
			}
		}
		if !isCube && rng.IntN(3) == 0 {
			lo, hi := -8, 7
			if op.ProgrammableOffsets() {
				lo, hi = -32, 31
			}
			for c := range 2 {
				req.Offset[c] = make([]int32, lanes)
				for i := range req.Offset[c] {
					req.Offset[c][i] = int32(lo + rng.IntN(hi-lo+1))
				}
			}
		}
		prec := altPrecision(iter)
		var reused *Result // every other request runs on the Result of the ones before
		if iter%4 < 2 {
			reused = shared
		}
		fast, ref, loop := tracedBoth(t, prec, s.View(), &st, req, reused)
		what := fmt.Sprintf("iter %d: %s %v %dx%d×%d %s address %v aniso %v mip %v prec %v", iter, f, kind, w, h, layers, op, st.Address, st.MaxAnisotropy, st.MipFilter, prec.Mode)
		sameTrace(t, what, req, fast, ref)
		if loop {
			inLoop++
			if st.MaxAnisotropy > 1 && op.Kind() == KindSample {
				aniso++
			}
			if isCube {
				cube++
			}
			if op.Kind() == KindGather {
				gathers++
			}
			if isBC(f) {
				bc++
			}
		} else if fast.tracer.slow {
			fallBack++
		}
	}
	t.Logf("%d requests traced in the lane loop (%d anisotropic, %d cube, %d gathers, %d BC), %d fell back to the reference", inLoop, aniso, cube, gathers, bc, fallBack)
	if inLoop < iters/4 || aniso == 0 || cube == 0 || gathers == 0 || bc == 0 || fallBack == 0 {
		t.Errorf("the cases do not cover the lane loop's trace: %d in the loop (%d anisotropic, %d cube, %d gathers, %d BC), %d fell back", inLoop, aniso, cube, gathers, bc, fallBack)
	}
}

// TestLaneLoopTraceReusedResult: a Result that traced an anisotropic
// request (chunks of several entries a lane, whose gatherers write the
// working set's First and Count) then traces plain requests (whose
// vector gatherers leave First and Count as they were, one entry a lane):
// the traces equal the reference's. (Engine.Footprint's pooled Results
// met this: the trace stage read the stale counts.)
func TestLaneLoopTraceReusedResult(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	cube := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Layers: 6}, false)
	const lanes = 64
	aniso := linearState()
	aniso.MipFilter = MipLinear
	aniso.MaxAnisotropy = 8
	anisoReq := &Request{Op: OpSampleD, Lanes: lanes}
	plainReq := &Request{Op: OpSampleL, Lanes: lanes, Lod: make([]float32, lanes)}
	cubeReq := &Request{Op: OpSampleL, Lanes: lanes, Lod: make([]float32, lanes)}
	for c := range 3 {
		anisoReq.Coord[c], anisoReq.DDX[c], anisoReq.DDY[c] = make([]float32, lanes), make([]float32, lanes), make([]float32, lanes)
		plainReq.Coord[c], cubeReq.Coord[c] = make([]float32, lanes), make([]float32, lanes)
	}
	for i := range lanes {
		u, v := 0.2+0.6*float32(i%8)/8, 0.2+0.6*float32(i/8)/8
		anisoReq.Coord[0][i], anisoReq.Coord[1][i] = u, v
		anisoReq.DDX[0][i], anisoReq.DDY[1][i] = 0.1, 0.0125 // 8:1
		plainReq.Coord[0][i], plainReq.Coord[1][i], plainReq.Lod[i] = u, v, 0.5
		cubeReq.Coord[0][i], cubeReq.Coord[1][i], cubeReq.Coord[2][i], cubeReq.Lod[i] = 1, u-0.5, v-0.5, 0.5
	}
	tri := linearState()
	tri.MipFilter = MipLinear
	shared := &Result{Trace: &Trace{}}
	for round := range 2 {
		for _, r := range []struct {
			name string
			v    surface.View
			st   State
			req  *Request
		}{{"aniso", s.View(), aniso, anisoReq}, {"plain", s.View(), tri, plainReq}, {"aniso", s.View(), aniso, anisoReq}, {"cube", cube.View(), tri, cubeReq}} {
			fast, ref, loop := tracedBoth(t, Precision{}, r.v, &r.st, r.req, shared)
			sameTrace(t, fmt.Sprintf("round %d %s", round, r.name), r.req, fast, ref)
			if !loop {
				t.Errorf("round %d %s: not traced in the lane loop", round, r.name)
			}
		}
	}
}

// TestVolumeTraceMatchesReference: the 3D lane loop's trace (traceVol)
// equals the reference pipeline's texel for texel and bit for bit over
// random trilinear requests on 3D views (the four-byte 8-bit formats and
// r32g32b32a32_sfloat; repeat on powers of two and not, clamp to edge, and
// the other wraps, which the reference traces; offsets, every LOD form and
// mip mode, anisotropy, both precisions, inactive lanes, chunks of
// several lanes' probes, a reused Result).
func TestVolumeTraceMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	formats := []format.Format{format.R8G8B8A8Unorm, format.R8G8B8A8Srgb, format.B8G8R8A8Unorm, format.R32G32B32A32Sfloat}
	ops := []Op{OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD}
	shared := &Result{Trace: &Trace{}}
	inLoop, fallBack, aniso := 0, 0, 0
	iters := 200
	if testing.Short() {
		iters = 60
	}
	for iter := 0; iter < iters; iter++ {
		f := formats[rng.IntN(len(formats))]
		op := ops[rng.IntN(len(ops))]
		w, h, d := []int{1, 4, 8, 13}[rng.IntN(4)], []int{1, 2, 8, 11}[rng.IntN(4)], []int{1, 3, 8, 16}[rng.IntN(4)]
		s := newSurface(t, surface.Desc{Kind: surface.Kind3D, Format: f, Width: w, Height: h, Depth: d}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.MaxAnisotropy = []float32{1, 1, 4, 16}[rng.IntN(4)]
		st.LodBias = float32(rng.IntN(5)-2) / 2
		wraps := []AddressMode{WrapRepeat, WrapRepeat, WrapClampToEdge, WrapClampToEdge, AddressMode(rng.IntN(5))}
		for a := range 3 {
			st.Address[a] = wraps[rng.IntN(len(wraps))]
		}
		lanes := []int{4, 8, 64, 136}[rng.IntN(4)]
		req := &Request{Op: op, Lanes: lanes, Lod: make([]float32, lanes), Bias: make([]float32, lanes)}
		for c := range 3 {
			req.Coord[c], req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes), make([]float32, lanes)
		}
		inside := rng.IntN(2) == 0
		for i := range lanes {
			for c := range 3 {
				req.Coord[c][i] = rng.Float32()*3 - 1
				if inside {
					req.Coord[c][i] = 0.1 + 0.8*rng.Float32()
				}
				req.DDX[c][i], req.DDY[c][i] = (rng.Float32()-0.5)/4, (rng.Float32()-0.5)/64
			}
			req.Lod[i], req.Bias[i] = float32(rng.IntN(13)-2)/4, float32(rng.IntN(5)-2)/2
		}
		if rng.IntN(4) == 0 {
			req.Active = make([]bool, lanes)
			for i := range req.Active {
				req.Active[i] = rng.IntN(4) != 0
			}
		}
		if rng.IntN(3) == 0 {
			for c := range 3 {
				req.Offset[c] = make([]int32, lanes)
				for i := range req.Offset[c] {
					req.Offset[c][i] = int32(rng.IntN(16) - 8)
				}
			}
		}
		var reused *Result
		if iter%2 == 0 {
			reused = shared
		}
		prec := altPrecision(iter)
		fast, ref, loop := tracedBoth(t, prec, s.View(), &st, req, reused)
		sameTrace(t, fmt.Sprintf("iter %d: %s %dx%dx%d %s address %v aniso %v mip %v prec %v", iter, f, w, h, d, op, st.Address, st.MaxAnisotropy, st.MipFilter, prec.Mode), req, fast, ref)
		switch {
		case loop:
			inLoop++
			if st.MaxAnisotropy > 1 {
				aniso++
			}
		case fast.tracer.slow:
			fallBack++
		}
	}
	t.Logf("%d requests traced in the 3D lane loop (%d anisotropic), %d fell back to the reference", inLoop, aniso, fallBack)
	if inLoop < iters/4 || aniso == 0 || fallBack == 0 {
		t.Errorf("the cases do not cover the 3D loop's trace: %d in the loop (%d anisotropic), %d fell back", inLoop, aniso, fallBack)
	}
}

// TestLaneLoopTraceDeferred: the lane loops keep their chunks and Texels
// writes the texels at its first call (Trace.expand), so a trace must not
// depend on anything the engine does after Execute. Five lane-loop
// requests (anisotropic, trilinear, a cube ring, a BC1 gather, 3D
// trilinear) run one after another on one Engine, each into its own Trace
// through one reused Result, and only then are their traces read: each
// equals the reference pipeline's trace of its request, texel for texel
// and bit for bit, and a second call of Texels returns the same texels. A
// trace left unread is dropped by the next request, which the reference
// pipeline traces (a border texel). Once grown, Execute and Texels
// together allocate nothing.
func TestLaneLoopTraceDeferred(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Levels: 0}, false)
	cube := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Layers: 6, Levels: 0}, false)
	bc := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.BC1RGBAUnormBlock, Width: 32, Height: 32}, false)
	vol := newSurface(t, surface.Desc{Kind: surface.Kind3D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Depth: 16, Levels: 0}, false)
	const lanes = 70 // two chunks
	mk := func(op Op) *Request {
		r := &Request{Op: op, Lanes: lanes, Lod: make([]float32, lanes)}
		for c := range 3 {
			r.Coord[c], r.DDX[c], r.DDY[c] = make([]float32, lanes), make([]float32, lanes), make([]float32, lanes)
		}
		for i := range lanes {
			u, v := 0.2+0.6*float32(i%8)/8, 0.2+0.6*float32(i/8)/9
			r.Coord[0][i], r.Coord[1][i], r.Coord[2][i] = u, v, 0.4
			r.DDX[0][i], r.DDY[1][i] = 0.1, 0.0125
			r.Lod[i] = 0.3 + float32(i%5)*0.4
		}
		return r
	}
	aniso := linearState()
	aniso.MipFilter, aniso.MaxAnisotropy = MipLinear, 8
	tri := linearState()
	tri.MipFilter = MipLinear
	cubeReq := mk(OpSampleL)
	for i := range lanes {
		a := float64(i) * 0.09
		cubeReq.Coord[0][i], cubeReq.Coord[1][i], cubeReq.Coord[2][i] = float32(math.Cos(a)), 0.3, float32(math.Sin(a))
	}
	cases := []struct {
		name string
		v    surface.View
		st   State
		req  *Request
	}{
		{"aniso", s.View(), aniso, mk(OpSampleD)},
		{"trilinear", s.View(), tri, mk(OpSampleL)},
		{"cube", cube.View(), tri, cubeReq},
		{"bc1 gather", bc.View(), DefaultState(), mk(OpGather4)},
		{"3D", vol.View(), tri, mk(OpSampleL)},
	}
	eng := &Engine{}
	shared := &Result{}
	traces := make([]*Trace, len(cases))
	for i, c := range cases {
		traces[i] = &Trace{}
		shared.Trace = traces[i]
		if err := eng.Execute(c.v, &c.st, c.req, shared); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !shared.tracer.starts || shared.tracer.slow {
			t.Fatalf("%s: not traced in the lane loop", c.name)
		}
	}
	for i, c := range cases {
		ref := &Result{Trace: &Trace{}}
		fastDisabled = true
		err := (&Engine{}).Execute(c.v, &c.st, c.req, ref)
		fastDisabled = false
		if err != nil {
			t.Fatal(err)
		}
		fast := &Result{Trace: traces[i]}
		if err := (&Engine{}).Execute(c.v, &c.st, c.req, &Result{}); err != nil { // the results (sameTrace checks them too)
			t.Fatal(err)
		}
		fast.Bits, fast.Resident, fast.LaneErr = ref.Bits, ref.Resident, ref.LaneErr
		sameTrace(t, c.name, c.req, fast, ref)
		first := traces[i].Texels()
		if again := traces[i].Texels(); len(again) != len(first) || &again[0] != &first[0] {
			t.Errorf("%s: a second Texels gave %d texels at another place", c.name, len(again))
		}
	}

	// An unread trace, then a request the reference traces.
	tr := &Trace{}
	res := &Result{Trace: tr}
	if err := eng.Execute(s.View(), &tri, mk(OpSampleL), res); err != nil {
		t.Fatal(err)
	}
	border := linearState()
	border.Address[0] = WrapClampToBorder
	breq := mk(OpSampleL)
	breq.Coord[0][3] = -0.01
	if err := eng.Execute(s.View(), &border, breq, res); err != nil {
		t.Fatal(err)
	}
	if !res.tracer.slow {
		t.Fatal("the border request was traced in the lane loop")
	}
	fast, ref, _ := tracedBoth(t, Precision{}, s.View(), &border, breq, res)
	sameTrace(t, "border after an unread trace", breq, fast, ref)

	// Allocations, with the trace read.
	req := mk(OpSampleL)
	res = &Result{Trace: &Trace{}}
	if n := testing.AllocsPerRun(20, func() {
		_ = eng.Execute(s.View(), &tri, req, res)
		_ = res.Trace.Texels()
	}); n != 0 {
		t.Errorf("traced and read: %v allocations per request", n)
	}
}

// TestFetchTraceMatchesReference: traced fetches without offsets take the
// specialised 2D path (runFetch2D, its vector form where every lane is
// active) and traceFetch2D records their texels: the trace equals the
// reference pipeline's texel for texel, over 2D and 2D-array views (a base
// layer and level), 8-bit, float, depth and BC formats, levels, coordinates
// and layers in and out of range, inactive lanes; and with offsets (the
// reference pipeline traces them, its lane errors included).
func TestFetchTraceMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 7))
	formats := []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat, format.R16G16B16A16Sfloat, format.D32Sfloat,
		format.R8Unorm, format.BC1RGBAUnormBlock, format.BC7UnormBlock}
	for iter := range 120 {
		f := formats[rng.IntN(len(formats))]
		kind := []surface.Kind{surface.Kind2D, surface.Kind2DArray}[rng.IntN(2)]
		w, h := []int{1, 5, 16, 33}[rng.IntN(4)], []int{1, 4, 13}[rng.IntN(3)]
		layers := 1
		if kind == surface.Kind2DArray {
			layers = 1 + rng.IntN(4)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers, Levels: 0}, false)
		view := s.View()
		if s.Levels > 1 && rng.IntN(3) == 0 {
			view.BaseLevel, view.Levels = 1, s.Levels-1
		}
		if layers > 1 && rng.IntN(2) == 0 {
			view.BaseLayer, view.Layers = 1, layers-1
		}
		n := 1 + rng.IntN(80)
		req := &Request{Op: OpFetch, Lanes: n}
		dims := 2
		if kind == surface.Kind2DArray {
			dims = 3
		}
		for c := range dims {
			req.Texel[c] = make([]int32, n)
		}
		if rng.IntN(2) == 0 {
			req.Level = make([]int32, n)
		}
		if rng.IntN(3) == 0 {
			req.Active = make([]bool, n)
		}
		offsets := rng.IntN(4) == 0
		if offsets {
			req.Offset[0], req.Offset[1] = make([]int32, n), make([]int32, n)
		}
		for i := range n {
			req.Texel[0][i], req.Texel[1][i] = int32(rng.IntN(w+2))-1, int32(rng.IntN(h+2))-1
			if dims == 3 {
				req.Texel[2][i] = int32(rng.IntN(layers+1)) - int32(rng.IntN(2))
			}
			if req.Level != nil {
				req.Level[i] = int32(rng.IntN(s.Levels+1)) - int32(rng.IntN(2))
			}
			if req.Active != nil {
				req.Active[i] = rng.IntN(4) != 0
			}
			if offsets {
				req.Offset[0][i], req.Offset[1][i] = int32(rng.IntN(20))-10, int32(rng.IntN(3))-1
			}
		}
		st := DefaultState()
		fast, ref, _ := tracedBoth(t, Precision{}, view, &st, req, nil)
		sameTrace(t, fmt.Sprintf("iter %d %v %v %dx%d×%d lanes %d", iter, f, kind, w, h, layers, n), req, fast, ref)
	}
}

// TestIsoTraceMatchesReference: traced requests that the lane loop does
// not take (fine derivatives, nearest filtering, footprint assembly, min
// and max reduction) or hands back (border texels, mirrored wraps) take
// the specialised path's per-lane forms — sampleIso2D for one probe,
// traced by traceIso2D, and filterLevel2D for each level of each probe
// otherwise, traced by traceLevelAt — and their trace equals the reference
// pipeline's texel for texel and bit for bit, over 2D and 2D-array views of
// colour, depth (with a compare) and BC formats, every wrap, nearest and
// linear filters, every mip mode, Vulkan's anisotropy, footprint assembly
// and EWA, the three reductions, offsets, a base level, inactive lanes,
// both precisions.
func TestIsoTraceMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 11))
	formats := []format.Format{format.R8G8B8A8Unorm, format.R8G8B8A8Srgb, format.R8Unorm, format.R16G16B16A16Sfloat,
		format.R32G32B32A32Sfloat, format.D32Sfloat, format.BC1RGBAUnormBlock, format.BC7UnormBlock}
	for iter := range 400 {
		f := formats[rng.IntN(len(formats))]
		kind := []surface.Kind{surface.Kind2D, surface.Kind2DArray}[rng.IntN(2)]
		w, h := []int{1, 4, 13, 32}[rng.IntN(4)], []int{1, 8, 11}[rng.IntN(3)]
		layers := 1
		if kind == surface.Kind2DArray {
			layers = 1 + rng.IntN(3)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers, Levels: 0}, false)
		view := s.View()
		if s.Levels > 2 && rng.IntN(3) == 0 {
			view.BaseLevel, view.Levels = 1, s.Levels-1
		}
		st := DefaultState()
		st.MagFilter, st.MinFilter = Filter(rng.IntN(2)), Filter(rng.IntN(2))
		st.MipFilter = MipFilter(rng.IntN(3))
		for c := range 2 {
			st.Address[c] = AddressMode(rng.IntN(5))
		}
		if rng.IntN(2) == 0 {
			st.MaxAnisotropy = []float32{4, 16}[rng.IntN(2)]
			st.Anisotropy = []AnisoMethod{AnisoVulkan, AnisoFootprintAssembly, AnisoEWA}[rng.IntN(3)]
		}
		if rng.IntN(4) == 0 && f != format.D32Sfloat { // not with a compare
			st.Reduction = []Reduction{ReductionMin, ReductionMax}[rng.IntN(2)]
		}
		op := OpSample
		if f == format.D32Sfloat {
			st.Compare, op = CompareLessOrEqual, OpSampleC
		}
		n := 4 * (1 + rng.IntN(10)) // implicit derivatives work on quads
		req := &Request{Op: op, Lanes: n, Derivatives: DerivativesFine}
		if rng.IntN(3) == 0 {
			req.Derivatives = DerivativesCoarse // nearest filters and border texels leave the lane loop too
		}
		dims := 2
		if kind == surface.Kind2DArray {
			dims = 3
		}
		for c := range dims {
			req.Coord[c] = make([]float32, n)
		}
		if op == OpSampleC {
			req.Ref = make([]float32, n)
		}
		if rng.IntN(3) == 0 {
			req.Active = make([]bool, n)
		}
		if rng.IntN(4) == 0 {
			req.Offset[0], req.Offset[1] = make([]int32, n), make([]int32, n)
		}
		scale := float32([]float64{0.3, 1, 4}[rng.IntN(3)])
		for i := range n {
			// quads of neighbouring pixels, with their own spacing
			req.Coord[0][i] = (float32(rng.IntN(40))-10)/float32(w)*scale/4 + float32(i&1)*scale/float32(w)
			req.Coord[1][i] = (float32(rng.IntN(40))-10)/float32(h)*scale/4 + float32(i>>1&1)*scale/float32(h)
			if dims == 3 {
				req.Coord[2][i] = float32(rng.IntN(layers + 1))
			}
			if req.Ref != nil {
				req.Ref[i] = rng.Float32()
			}
			if req.Active != nil {
				req.Active[i] = rng.IntN(4) != 0
			}
			if req.Offset[0] != nil {
				req.Offset[0][i], req.Offset[1][i] = int32(rng.IntN(5))-2, int32(rng.IntN(5))-2
			}
		}
		p := Precision{}
		if rng.IntN(3) == 0 {
			p = Precision{Mode: Hardware, SubtexelBits: 8, LodBits: 8}
		}
		fast, ref, _ := tracedBoth(t, p, view, &st, req, nil)
		sameTrace(t, fmt.Sprintf("iter %d %v %v %dx%d×%d %+v", iter, f, kind, w, h, layers, st), req, fast, ref)
	}
}
