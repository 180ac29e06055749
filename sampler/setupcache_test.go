package sampler

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"unsafe"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// TestSameStateCoversEveryField changes each field of State in turn (and
// each float field from +0 to −0): sameState must see every change, so
// that a field added to State without a comparison fails here.
func TestSameStateCoversEveryField(t *testing.T) {
	base := DefaultState()
	rt := reflect.TypeOf(base)
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		changes := []func(v reflect.Value){}
		switch f.Type.Kind() {
		case reflect.Bool:
			changes = append(changes, func(v reflect.Value) { v.SetBool(!v.Bool()) })
		case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Int, reflect.Int32:
			changes = append(changes, func(v reflect.Value) {
				if v.CanUint() {
					v.SetUint(v.Uint() + 1)
				} else {
					v.SetInt(v.Int() + 1)
				}
			})
		case reflect.Float32, reflect.Float64:
			changes = append(changes,
				func(v reflect.Value) { v.SetFloat(v.Float() + 0.5) },
				func(v reflect.Value) { v.SetFloat(math.Copysign(0, -1)) }) // from +0 or another value
		case reflect.Array:
			for e := 0; e < f.Type.Len(); e++ {
				switch f.Type.Elem().Kind() {
				case reflect.Float64, reflect.Float32:
					changes = append(changes,
						func(v reflect.Value) { v.Index(e).SetFloat(v.Index(e).Float() + 0.5) },
						func(v reflect.Value) { v.Index(e).SetFloat(math.Copysign(0, -1)) })
				default:
					changes = append(changes, func(v reflect.Value) { v.Index(e).SetUint(v.Index(e).Uint() + 1) })
				}
			}
		case reflect.Struct: // YCbCr: each of its fields (uint8, bool, [4]uint8)
			for k := 0; k < f.Type.NumField(); k++ {
				sf := f.Type.Field(k)
				switch sf.Type.Kind() {
				case reflect.Bool:
					changes = append(changes, func(v reflect.Value) { v.Field(k).SetBool(!v.Field(k).Bool()) })
				case reflect.Uint8:
					changes = append(changes, func(v reflect.Value) { v.Field(k).SetUint(v.Field(k).Uint() + 1) })
				case reflect.Array:
					for e := 0; e < sf.Type.Len(); e++ {
						changes = append(changes, func(v reflect.Value) { v.Field(k).Index(e).SetUint(v.Field(k).Index(e).Uint() + 1) })
					}
				default:
					t.Fatalf("State.%s.%s: kind %v not covered by this test", f.Name, sf.Name, sf.Type.Kind())
				}
			}
		default:
			t.Fatalf("State.%s: kind %v not covered by this test", f.Name, f.Type.Kind())
		}
		for j, change := range changes {
			a, b := base, base
			change(reflect.ValueOf(&b).Elem().Field(i))
			if reflect.DeepEqual(a, b) && math.Signbit(0) == math.Signbit(0) && j == 0 {
				t.Fatalf("State.%s: change %d changed nothing", f.Name, j)
			}
			if sameState(&a, &b) {
				t.Errorf("State.%s change %d (%v → %v): sameState reports the same state", f.Name, j, reflect.ValueOf(a).Field(i), reflect.ValueOf(b).Field(i))
			}
			var v surface.View
			if sameKey(&a, &b, &v, &v) {
				t.Errorf("State.%s change %d (%v → %v): sameKey reports the same state", f.Name, j, reflect.ValueOf(a).Field(i), reflect.ValueOf(b).Field(i))
			}
		}
	}
	a := DefaultState()
	if !sameState(&a, &a) {
		t.Error("sameState(a, a) is false")
	}
}

// TestSetupCacheAgrees runs a random sequence of requests through one
// Engine, which reuses its set-ups, and each through a new Engine: views,
// states changed in place (border colours of −0 and +0, address modes,
// compare functions), operations, precisions, residency changes, and
// requests that fail their own checks after a cached set-up.
func TestSetupCacheAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	tiled := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Levels: 3}, false)
	depth := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 16, Height: 16}, false)
	float := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 8, Levels: 2}, false)
	views := []surface.View{tiled.View(), depth.View(), float.View()}
	sw := float.View()
	sw.Swizzle = surface.Swizzle{surface.SwizzleB, surface.SwizzleG, surface.SwizzleR, surface.SwizzleOne}
	views = append(views, sw)
	lvl, err := surface.NewView(tiled, 1, 2, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	views = append(views, lvl)
	ops := []Op{OpSampleL, OpSampleLZ, OpGather4, OpFetch, OpSampleLC, OpGather4C, OpResInfo}
	var eng Engine
	st := linearState()
	for iter := 0; iter < 4000; iter++ {
		// Most requests repeat the last key; some change one part of it.
		switch rng.IntN(12) {
		case 0:
			st.Address[rng.IntN(2)] = AddressMode(rng.IntN(5))
		case 1:
			st.BorderColor[rng.IntN(4)] = []float64{0, math.Copysign(0, -1), 0.25}[rng.IntN(3)]
			st.Border = BorderCustom
		case 2:
			st.Compare = CompareOp(1 + rng.IntN(8))
		case 3:
			eng.Precision = []Precision{{}, HardwarePrecision()}[rng.IntN(2)]
		case 5:
			st.MagFilter, st.MinFilter = Filter(rng.IntN(2)), Filter(rng.IntN(2))
		case 4:
			if err := tiled.SetResident(0, 0, 0, 0, 0, rng.IntN(2) == 0); err != nil {
				t.Fatal(err)
			}
		}
		v := views[rng.IntN(len(views))]
		op := ops[rng.IntN(len(ops))]
		lanes := 8 * (1 + rng.IntN(4))
		req := &Request{Op: op, Lanes: lanes, Lod: make([]float32, lanes), Ref: make([]float32, lanes)}
		for c := range 2 {
			req.Coord[c] = make([]float32, lanes)
			req.Texel[c] = make([]int32, lanes)
			for i := range lanes {
				req.Coord[c][i] = rng.Float32()*3 - 1
				req.Texel[c][i] = int32(rng.IntN(10) - 1)
			}
		}
		for i := range lanes {
			req.Lod[i] = float32(rng.IntN(9)-2) / 4
			req.Ref[i] = rng.Float32()
		}
		switch rng.IntN(16) {
		case 0:
			req.Lanes = -1 // a request error after a cached set-up
		case 1:
			req.Coord[1] = req.Coord[1][:1] // a missing operand
			req.Texel[1] = req.Texel[1][:1]
		}
		var got, want Result
		errGot := eng.Execute(v, &st, req, &got)
		fresh := Engine{Precision: eng.Precision}
		errWant := fresh.Execute(v, &st, req, &want)
		if (errGot == nil) != (errWant == nil) || errGot != nil && errGot.Error() != errWant.Error() {
			t.Fatalf("iteration %d %s: error %v, a new engine's %v", iter, op, errGot, errWant)
		}
		if errGot != nil {
			continue
		}
		for i := range req.Lanes {
			if laneErr(&got, i) != laneErr(&want, i) || got.Resident[i] != want.Resident[i] {
				t.Fatalf("iteration %d %s lane %d: error %q resident %v, a new engine's %q %v", iter, op, i, laneErr(&got, i), got.Resident[i], laneErr(&want, i), want.Resident[i])
			}
			for c := range 4 {
				if got.Bits[c][i] != want.Bits[c][i] {
					t.Fatalf("iteration %d %s (state %+v, view %+v) lane %d channel %d: %08x, a new engine's %08x", iter, op, st, v, i, c, got.Bits[c][i], want.Bits[c][i])
				}
			}
		}
	}
}

// TestSetupCacheSignedZero changes a state in place from a border colour
// of +0 to one of −0 between two requests on one Engine: the border texels
// of a float format differ in their sign bit, so the set-up must not be
// reused (sameState compares bits, not values).
func TestSetupCacheSignedZero(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4}, false)
	st := DefaultState()
	st.Address = [3]AddressMode{WrapClampToBorder, WrapClampToBorder, WrapClampToBorder}
	st.Border = BorderCustom
	req := &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{{-3}, {-3}}, Lod: []float32{0}}
	var eng Engine
	for _, z := range []float64{0, math.Copysign(0, -1), 0} {
		st.BorderColor = [4]float64{z, z, z, z}
		var res Result
		if err := eng.Execute(s.View(), &st, req, &res); err != nil {
			t.Fatal(err)
		}
		if got := math.Float32frombits(res.Bits[0][0]); math.Signbit(float64(got)) != math.Signbit(z) {
			t.Fatalf("border %v: result %v", z, got)
		}
	}
}

// TestSetupCacheConcurrent runs requests of two keys on one Engine from
// several goroutines (go test -race checks the cache's synchronisation, and
// that nothing writes the plan the requests of a key share): the second
// key's requests (min reduction, inactive lanes, LODs from the quads) run
// runSample's per-lane loop, which keeps per-lane state.
func TestSetupCacheConcurrent(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Levels: 3}, false)
	states := [2]State{linearState(), linearState()}
	states[1].Address = [3]AddressMode{WrapClampToEdge, WrapMirroredRepeat, WrapRepeat}
	states[1].MipFilter, states[1].Reduction = MipLinear, ReductionMin // the per-lane loop
	reqs := [2]*Request{
		{Op: OpSampleL, Lanes: 16, Coord: [4][]float32{make([]float32, 16), make([]float32, 16)}, Lod: make([]float32, 16)},
		{Op: OpSample, Lanes: 16, Coord: [4][]float32{make([]float32, 16), make([]float32, 16)}, Active: make([]bool, 16)},
	}
	for i := range 16 {
		for _, req := range reqs {
			req.Coord[0][i], req.Coord[1][i] = float32(i*i)/50-1, float32(i)/7
		}
		reqs[1].Active[i] = i%3 != 0
	}
	runConcurrently(t, s.View(), states[:], reqs[:], func(g, it int) int { return (g + it/7) & 1 })
}

// TestExecuteAllocatesNothing: once a Result has grown, Execute allocates
// nothing, for a repeated key and for requests alternating between two
// keys (a miss takes its level tables from a pool).
func TestExecuteAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Levels: 3}, false)
	states := [2]State{linearState(), linearState()}
	states[1].Address = [3]AddressMode{WrapClampToEdge, WrapMirroredRepeat, WrapRepeat}
	const n = 64
	sample := &Request{Op: OpSampleL, Lanes: n, Coord: [4][]float32{make([]float32, n), make([]float32, n)}, Lod: make([]float32, n)}
	fetch := &Request{Op: OpFetch, Lanes: n, Texel: [4][]int32{make([]int32, n), make([]int32, n)}}
	for i := range n {
		sample.Coord[0][i], sample.Coord[1][i], sample.Lod[i] = float32(i)/50, float32(i)/70, float32(i)/40
		fetch.Texel[0][i], fetch.Texel[1][i] = int32(i), int32(i/2)
	}
	for _, req := range []*Request{sample, fetch} {
		for _, alternate := range []bool{false, true} {
			var eng Engine
			var res Result
			// Two requests per run (AllocsPerRun rounds the average down).
			run := func() {
				for k := range 2 {
					if !alternate {
						k = 0
					}
					if err := eng.Execute(s.View(), &states[k], req, &res); err != nil {
						t.Fatal(err)
					}
				}
			}
			run()
			if a := testing.AllocsPerRun(200, run); a != 0 {
				t.Errorf("%v, alternating keys %v: %v allocations per two requests", req.Op, alternate, a)
			}
		}
	}
}

// TestSameStateIgnoresPadding sets the padding bytes between State's
// fields, and View's: two states (views) with the same fields are the same
// state (view), whatever their padding holds (a copy need not preserve
// it), to sameState, sameView and sameKey.
func TestSameStateIgnoresPadding(t *testing.T) {
	a, b := DefaultState(), DefaultState()
	bb := (*[stateWords * 8]byte)(unsafe.Pointer(&b))
	mb := (*[stateWords * 8]byte)(unsafe.Pointer(&stateMask))
	padding := 0
	for k := range bb {
		if mb[k] == 0 {
			bb[k] = 0xa5
			padding++
		}
	}
	var v, w surface.View
	vb := (*[unsafe.Sizeof(w)]byte)(unsafe.Pointer(&w))
	for k := range vb {
		if keyMask[lanes.StateBytes+k] == 0 {
			vb[k] = 0x5a
			padding++
		}
	}
	if !sameState(&a, &b) || !sameView(&v, &w) || !sameKey(&a, &b, &v, &w) {
		t.Fatalf("states and views differing only in %d padding bytes are not the same", padding)
	}
	b.Address[2]++
	if sameState(&a, &b) || sameKey(&a, &b, &v, &w) {
		t.Fatal("states differing in address[2] are the same")
	}
}

// TestSameViewCoversEveryField changes each field of surface.View in turn
// (each swizzle component on its own): sameView must see every change, so
// that a field added to View without a comparison fails here.
func TestSameViewCoversEveryField(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4}, false)
	base := s.View()
	if st := DefaultState(); !sameView(&base, &base) || !sameKey(&st, &st, &base, &base) {
		t.Fatal("a view is not the same as itself")
	}
	rt := reflect.TypeOf(base)
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		var changes []func(v reflect.Value)
		switch f.Type.Kind() {
		case reflect.Pointer:
			changes = append(changes, func(v reflect.Value) { v.Set(reflect.ValueOf(new(surface.Surface))) })
		case reflect.Int, reflect.Uint8:
			changes = append(changes, func(v reflect.Value) {
				if v.CanUint() {
					v.SetUint(v.Uint() + 1)
				} else {
					v.SetInt(v.Int() + 1)
				}
			})
		case reflect.Array:
			for e := 0; e < f.Type.Len(); e++ {
				changes = append(changes, func(v reflect.Value) { v.Index(e).SetUint(v.Index(e).Uint() + 1) })
			}
		default:
			t.Fatalf("View.%s: kind %v not covered by this test", f.Name, f.Type.Kind())
		}
		for j, change := range changes {
			b := base
			change(reflect.ValueOf(&b).Elem().Field(i))
			st := DefaultState()
			if sameView(&base, &b) || sameKey(&st, &st, &base, &b) || b == base {
				t.Fatalf("View.%s: change %d not seen", f.Name, j)
			}
		}
	}
}

// TestSetupCacheNewStateFields runs, on one Engine, requests whose states
// differ only in a field that chooses the filter without changing the
// view or the operation — Anisotropy, CubicWeights, the range clamp —
// each after the other state's set-up has been cached: every result must
// be a new Engine's, and the two states' results must differ (so that a
// stale plan would be seen).
func TestSetupCacheNewStateFields(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 32, Height: 32, Levels: 6}, false)
	const lanes = 16
	rng := rand.New(rand.NewPCG(31, 32))
	req := &Request{Op: OpSampleD, Lanes: lanes}
	for c := range 2 {
		req.Coord[c] = make([]float32, lanes)
		req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
	}
	for i := range lanes {
		req.Coord[0][i], req.Coord[1][i] = rng.Float32(), rng.Float32()
		// Sheared derivatives: 8 texels along x, (4, 1) along y.
		req.DDX[0][i], req.DDY[0][i], req.DDY[1][i] = 8.0/32, 4.0/32, 1.0/32
	}
	aniso := func(m AnisoMethod) State {
		st := linearState()
		st.MipFilter, st.MaxAnisotropy, st.Anisotropy = MipLinear, 16, m
		return st
	}
	cubic := func(w CubicWeights, r Reduction) State {
		st := linearState()
		st.MagFilter, st.MinFilter, st.CubicWeights, st.Reduction = Cubic, Cubic, w, r
		return st
	}
	// Cubic magnifies: explicit LOD 0 at arbitrary points.
	reqL := &Request{Op: OpSampleL, Lanes: lanes, Coord: req.Coord, Lod: make([]float32, lanes)}
	for _, pair := range []struct {
		name string
		a, b State
		req  *Request
	}{
		{"anisotropy vulkan/ewa", aniso(AnisoVulkan), aniso(AnisoEWA), req},
		{"anisotropy ewa/footprint_assembly", aniso(AnisoEWA), aniso(AnisoFootprintAssembly), req},
		{"cubic_weights catmull_rom/b_spline", cubic(CubicCatmullRom, ReductionWeightedAverage), cubic(CubicBSpline, ReductionWeightedAverage), reqL},
		{"cubic_weights mitchell/zero_tangent", cubic(CubicMitchellNetravali, ReductionWeightedAverage), cubic(CubicZeroTangentCardinal, ReductionWeightedAverage), reqL},
		{"reduction weighted_average/rangeclamp", cubic(CubicCatmullRom, ReductionWeightedAverage), cubic(CubicCatmullRom, ReductionRangeClamp), reqL},
	} {
		var eng Engine
		for _, st := range []State{pair.a, pair.b, pair.a} {
			for range missMax + 1 { // the last ones run on the cached set-up
				got := run(t, &eng, s.View(), &st, pair.req)
				want := run(t, &Engine{}, s.View(), &st, pair.req)
				for i := range lanes {
					if got.Vec(i) != want.Vec(i) {
						t.Fatalf("%s (%v): lane %d %v, a new engine's %v", pair.name, st, i, got.Vec(i), want.Vec(i))
					}
				}
			}
		}
		a, b := run(t, &Engine{}, s.View(), &pair.a, pair.req), run(t, &Engine{}, s.View(), &pair.b, pair.req)
		differ := false
		for i := range lanes {
			differ = differ || a.Vec(i) != b.Vec(i)
		}
		if !differ {
			t.Errorf("%s: the two states give the same results", pair.name)
		}
	}
}

// TestCachedPlanOwnsLevels checks that a cached set-up's level table is
// its own for both roads that read it: the specialised path's
// (fastState.levels) and the lane pipeline's plan (pipeline.Plan.Levels),
// which the set-up made on a pooled table that Execute returns to the pool
// — a plan left pointing there would read another set-up's levels.
func TestCachedPlanOwnsLevels(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 32, Height: 32, Levels: 3}, false)
	st := linearState()
	req := &Request{Op: OpSampleL, Lanes: 8, Lod: make([]float32, 8)}
	req.Coord[0], req.Coord[1] = make([]float32, 8), make([]float32, 8)
	var eng Engine
	var res Result
	if err := eng.Execute(s.View(), &st, req, &res); err != nil {
		t.Fatal(err)
	}
	c := (*setupEntry)(eng.last)
	if c == nil {
		t.Fatal("no set-up cached")
	}
	if c.plan.fast.lanes != laneFilter {
		t.Fatalf("the set-up takes lane loop %d, want the 2D loop's filtering", c.plan.fast.lanes)
	}
	if c.plan.fast.levels != &c.levels || c.plan.fast.plan.Levels != &c.levels || c.plan.fast.pooledLevels {
		t.Fatalf("cached level tables %p (pooled %v) and %p, want the entry's own %p", c.plan.fast.levels, c.plan.fast.pooledLevels, c.plan.fast.plan.Levels, &c.levels)
	}
	if c.plan.fast.plan.Levels[2].W != 8 || c.plan.fast.plan.Key.Levels != 3 {
		t.Fatalf("level 2 is %+v of %d levels, want 8×8 of 3", c.plan.fast.plan.Levels[2], c.plan.fast.plan.Key.Levels)
	}
}

// runConcurrently runs reqs[k] with states[k] on one Engine from four
// goroutines, 300 requests each, k = pick(goroutine, iteration), each
// goroutine with its own Result, and fails where a request errs or its
// bits or kind differ from a new engine's.
func runConcurrently(t *testing.T, view surface.View, states []State, reqs []*Request, pick func(g, it int) int) {
	t.Helper()
	want := make([]Result, len(reqs))
	for k := range reqs {
		if err := (&Engine{}).Execute(view, &states[k], reqs[k], &want[k]); err != nil {
			t.Fatal(err)
		}
	}
	var eng Engine
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var res Result
			for it := range 300 {
				k := pick(g, it)
				if err := eng.Execute(view, &states[k], reqs[k], &res); err != nil {
					errs <- err.Error()
					return
				}
				if !reflect.DeepEqual(res.Bits, want[k].Bits) || res.Kind != want[k].Kind {
					errs <- fmt.Sprintf("%s: results differ from a new engine's", reqs[k].Op)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
