package main

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"github.com/texunit/texunit/sampler"
)

// rotated returns req with its lanes rotated by k (lane i takes lane
// i+k's operands): another request of the same shape, on other values.
func rotated(req *sampler.Request, k int) sampler.Request {
	n := req.Lanes
	r := *req
	rot := func(s []float32) []float32 {
		if s == nil {
			return nil
		}
		return append(slices.Clone(s[k%max(n, 1):n]), s[:k%max(n, 1)]...)
	}
	roti := func(s []int32) []int32 {
		if s == nil {
			return nil
		}
		return append(slices.Clone(s[k%max(n, 1):n]), s[:k%max(n, 1)]...)
	}
	for c := range r.Coord {
		r.Coord[c], r.Texel[c] = rot(r.Coord[c]), roti(r.Texel[c])
	}
	for c := range r.DDX {
		r.DDX[c], r.DDY[c], r.Offset[c] = rot(r.DDX[c]), rot(r.DDY[c]), roti(r.Offset[c])
	}
	r.Lod, r.Bias, r.Ref, r.MinLod = rot(r.Lod), rot(r.Bias), rot(r.Ref), rot(r.MinLod)
	r.Level, r.Sample = roti(r.Level), roti(r.Sample)
	if r.Active != nil {
		r.Active = append(slices.Clone(r.Active[k%n:]), r.Active[:k%n]...)
	}
	if r.Channel != nil {
		r.Channel = append(slices.Clone(r.Channel[k%n:]), r.Channel[:k%n]...)
	}
	return r
}

// manyCase is a request of a texunit_execute_many call and what its own
// texunit_execute call gives.
type manyCase struct {
	name   string
	req    cRequest
	want   *output
	status int
	err    error
}

// sameShapeCases makes the requests of TestManySameShape: for each test
// job and layout, four requests of one shape on rotated lanes, each with
// its own arrays, and the results a fresh call gives each.
func sameShapeCases(t *testing.T, handle func(*object) uint64, jobs []testJob, layout int) []manyCase {
	var cases []manyCase
	for _, j := range jobs {
		s, err := newSurface(j.surf)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := newSampler(j.smp)
		if j.prec != "" && j.prec != "null" {
			continue // one engine for the call: the exact one
		}
		sid, smp := handle(&object{kind: kindSurface, surf: s}), handle(&object{kind: kindSampler, st: st})
		op, _ := parseOp(j.op)
		for k := 0; k < 4; k++ {
			req := rotated(&j.job.Request, 4*k)
			a, in := operandsOf(&req, s.view.Surface.Kind, layout)
			want := newOutput(req.Lanes)
			want.r.layout = int32(layout)
			status, err := execute(&sampler.Engine{}, s.view, st, op, &in, &want.r, nil)
			got := newOutput(req.Lanes)
			cases = append(cases, manyCase{
				name: fmt.Sprintf("%s/layout%d/rotated%d", j.id, layout, 4*k),
				req: cRequest{surf: sid, smp: smp, op: int32(op), lanes: in.lanes, layout: in.layout, offsetCount: in.offsetCount,
					a: cArrays(*a), values: got.values, resident: got.resident, errors: got.errors, messages: got.messages,
					outLayout: int32(layout)},
				want: want, status: status, err: err,
			})
		}
	}
	return cases
}

// runMany runs the cases in one texunit_execute_many call and checks each
// request's status, results, lane errors and messages against its own
// call's; it returns the number of requests that took the set-up of the
// one before.
func runMany(t *testing.T, cases []manyCase) int {
	t.Helper()
	reqs := make([]cRequest, len(cases))
	for i := range cases {
		reqs[i] = cases[i].req
	}
	rebound := -1
	manyHook = func(n int) { rebound = n }
	defer func() { manyHook = nil }()
	executeManyInC(0, reqs)
	for i, c := range cases {
		r := &reqs[i]
		if int(r.status) != c.status {
			t.Fatalf("%s (request %d): status %d, want %d (%v)", c.name, i, r.status, c.status, c.err)
		}
		if c.status < 0 {
			msg := c.err.Error()
			if got := string(r.messages[:bytes.IndexByte(r.messages, 0)]); got != msg || r.needed != uint64(len(msg)+1) {
				t.Errorf("%s: message %q (needed %d), want %q", c.name, got, r.needed, msg)
			}
			continue
		}
		if !slices.Equal(r.values, c.want.values) || !slices.Equal(r.resident, c.want.resident) ||
			!slices.Equal(r.errors, c.want.errors) || !bytes.Equal(r.messages, c.want.messages) ||
			r.kind != c.want.r.kind || r.failed != c.want.r.failed || r.needed != uint64(c.want.r.messagesNeeded) {
			t.Errorf("%s (request %d): results differ from its own call's", c.name, i)
		}
	}
	return rebound
}

// TestManySameShape runs requests of the same shape one after another
// through texunit_execute_many — each test job's requests four times on
// rotated lanes, in both layouts — and checks that each gives what its own
// call gives, that the requests after the first of a run take its set-up,
// and that a request of the shape whose values need the full checks (a
// channel out of range, every lane inactive) or whose shape differs in
// one operand, a result array or the options still gets its own
// call's results and errors.
func TestManySameShape(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	handle := testHandles(t)
	jobs := readJobs(t)
	byID := jobsByID(jobs)
	// Four requests of one shape: the last three take the first's set-up.
	for _, layout := range []int{laneMajor, componentMajor} {
		cases := sameShapeCases(t, handle, []testJob{byID["bilinear"]}, layout)
		if n := runMany(t, cases); n != 3 {
			t.Errorf("layout %d: %d requests took the set-up of the one before, want 3", layout, n)
		}
	}
	// Every job, both layouts, in one call.
	var all []manyCase
	for _, layout := range []int{laneMajor, componentMajor} {
		all = append(all, sameShapeCases(t, handle, jobs, layout)...)
	}
	if n := runMany(t, all); n < len(all)/2 {
		t.Errorf("%d of %d requests took the set-up of the one before", n, len(all))
	}

	// A request whose lanes are all inactive may leave out what its
	// operation needs; the next, of its shape with an active lane, may
	// not.
	for _, layout := range []int{laneMajor, componentMajor} {
		cases := sameShapeCases(t, handle, []testJob{byID["bilinear"]}, layout)
		var pair []manyCase
		for k, on := range []uint8{0, 1} {
			c := cases[k]
			c.name += fmt.Sprintf("/active %d, no lod", on)
			c.req.a = cloneArrays(c.req.a)
			c.req.a.lod, c.req.a.active = nil, make([]uint8, c.req.lanes)
			c.req.a.active[1] = on
			c.want, c.status, c.err = expectOf(t, byID["bilinear"], &c.req)
			pair = append(pair, c)
		}
		if pair[0].status != statusOK || pair[1].status != statusInvalid || pair[1].err.Error() != "lod: missing (sample_l needs it)" {
			t.Fatalf("own calls: %d, %d %v", pair[0].status, pair[1].status, pair[1].err)
		}
		runMany(t, pair)
	}

	// Requests of a run whose values or shape differ from the run's.
	variants := []struct {
		job    string
		name   string
		change func(c *manyCase)
		status int    // TEXUNIT_OK: it runs (its lanes may fail)
		err    string // its message, where status is negative
	}{
		{"gather", "a channel out of range", func(c *manyCase) { c.req.a.channel[1] = 300 }, statusInvalid,
			"channel[1]: 300 is out of range (0..255)"},
		{"gather", "a channel of -1", func(c *manyCase) { c.req.a.channel[2] = -1 }, statusInvalid,
			"channel[2]: -1 is out of range (0..255)"},
		{"quads", "every lane inactive", func(c *manyCase) { clear(c.req.a.active) }, statusOK, ""},
		{"bilinear", "an operand the operation does not use", func(c *manyCase) { c.req.a.bias = make([]float32, c.req.lanes) },
			statusInvalid, "bias: sample_l does not use bias"},
		{"bilinear", "a needed operand missing", func(c *manyCase) { c.req.a.lod = nil }, statusInvalid,
			"lod: missing (sample_l needs it)"},
		{"bilinear", "no values", func(c *manyCase) { c.req.values = nil }, statusInvalid,
			"values: NULL (the results need somewhere to go)"},
		{"bilinear", "an optional operand given", func(c *manyCase) { c.req.a.minLod = make([]float32, c.req.lanes) }, statusOK, ""},
		{"bilinear", "no residency array", func(c *manyCase) { c.req.resident = nil }, statusOK, ""},
		{"bilinear", "fine derivatives", func(c *manyCase) { c.req.derivatives = 1 }, statusOK, ""},
		{"bilinear", "bad derivatives", func(c *manyCase) { c.req.derivatives = 5 }, statusInvalid,
			"options.derivatives: 5 is neither TEXUNIT_DERIVATIVES_COARSE (0) nor TEXUNIT_DERIVATIVES_FINE (1)"},
		{"quads", "lanes not a multiple of 4", func(c *manyCase) { c.req.lanes-- }, statusRequest,
			"lanes: sample works on 2x2 quads, so lanes must be a multiple of 4 (have 7)"},
		{"bilinear", "the operands' other layout", func(c *manyCase) { c.req.layout = 1 - c.req.layout }, statusOK, ""},
		{"bilinear", "the results' other layout", func(c *manyCase) { c.req.outLayout = 1 - c.req.outLayout }, statusOK, ""},
		{"bilinear", "two offsets a lane", func(c *manyCase) { c.req.offsetCount = 2 }, statusOK, ""},
		{"bilinear", "another surface", func(c *manyCase) {
			c.req.surf = handle(&object{kind: kindSurface, surf: mustSurface(t, `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16, "levels": 0, "data": {"hash": {"seed": 8}}}`)})
		}, statusOK, ""},
		{"bilinear", "another sampler", func(c *manyCase) {
			st, err := newSampler(`{"mag": "nearest", "min": "nearest", "mip": "nearest"}`)
			if err != nil {
				t.Fatal(err)
			}
			c.req.smp = handle(&object{kind: kindSampler, st: st})
		}, statusOK, ""},
		{"fetch", "a request error", func(c *manyCase) {
			c.req.surf = handle(&object{kind: kindSurface, surf: mustSurface(t, `{"type": "2d_ms", "format": "r8_unorm", "width": 4, "height": 4, "samples": 4}`)})
		}, statusRequest, "op: fetch cannot read the multisample surface 2d_ms (use fetch_ms)"},
	}
	for _, v := range variants {
		for _, layout := range []int{laneMajor, componentMajor} {
			cases := sameShapeCases(t, handle, []testJob{byID[v.job]}, layout)
			// The second request changed, and the fourth a copy of it:
			// each after a request of the run's shape.
			odd := cases[1]
			odd.name += "/" + v.name
			odd.req.a = cloneArrays(odd.req.a)
			odd.req.values, odd.req.resident = slices.Clone(odd.req.values), slices.Clone(odd.req.resident)
			odd.req.errors, odd.req.messages = slices.Clone(odd.req.errors), slices.Clone(odd.req.messages)
			v.change(&odd)
			odd.want, odd.status, odd.err = expectOf(t, byID[v.job], &odd.req)
			ran := v.status == statusOK && odd.status == statusLaneErrors // the job's lane errors
			if odd.status != v.status && !ran || v.err != "" && (odd.err == nil || odd.err.Error() != v.err) {
				t.Fatalf("%s: its own call gives %d, %v; want %d, %s", odd.name, odd.status, odd.err, v.status, v.err)
			}
			again := odd
			again.name += " again"
			again.req.a = cloneArrays(odd.req.a)
			if odd.req.values != nil {
				again.req.values = slices.Clone(odd.req.values)
			}
			if odd.req.resident != nil {
				again.req.resident = slices.Clone(odd.req.resident)
			}
			again.req.errors, again.req.messages = slices.Clone(odd.req.errors), slices.Clone(odd.req.messages)
			runMany(t, []manyCase{cases[0], odd, cases[2], again, cases[3]})
		}
	}
}

func mustSurface(t *testing.T, text string) *surfaceObject {
	s, err := newSurface(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// cloneArrays returns a copy of a, array by array.
func cloneArrays(a cArrays) cArrays {
	return cArrays{
		coord: slices.Clone(a.coord), lod: slices.Clone(a.lod), bias: slices.Clone(a.bias), ref: slices.Clone(a.ref),
		ddx: slices.Clone(a.ddx), ddy: slices.Clone(a.ddy), minLod: slices.Clone(a.minLod),
		offset: slices.Clone(a.offset), channel: slices.Clone(a.channel), texel: slices.Clone(a.texel),
		level: slices.Clone(a.level), sample: slices.Clone(a.sample), active: slices.Clone(a.active),
	}
}

// expectOf runs r alone through texunit_execute's Go side, on its surface
// and sampler, and returns its results, status and error.
func expectOf(t *testing.T, _ testJob, r *cRequest) (*output, int, error) {
	t.Helper()
	o, err := lookup(kindSurface, r.surf)
	if err != nil {
		t.Fatal(err)
	}
	so, err := lookup(kindSampler, r.smp)
	if err != nil {
		t.Fatal(err)
	}
	st := so.st
	p := func(s []float32) *float32 { return ptr(s) }
	q := func(s []int32) *int32 { return ptr(s) }
	in := operands{lanes: r.lanes, layout: r.layout, offsetCount: r.offsetCount,
		coord: p(r.a.coord), lod: p(r.a.lod), bias: p(r.a.bias), ref: p(r.a.ref), ddx: p(r.a.ddx), ddy: p(r.a.ddy),
		minLod: p(r.a.minLod), offset: q(r.a.offset), channel: q(r.a.channel), texel: q(r.a.texel),
		level: q(r.a.level), sample: q(r.a.sample), active: ptr(r.a.active)}
	out := newOutput(int(r.lanes))
	out.r.layout = r.outLayout
	if r.values == nil {
		out.r.values = nil
	}
	if r.resident == nil {
		out.r.resident, out.resident = nil, nil
	}
	if r.derivatives < 0 || r.derivatives > 1 {
		return out, statusInvalid, fmt.Errorf("options.derivatives: %d is neither TEXUNIT_DERIVATIVES_COARSE (0) nor TEXUNIT_DERIVATIVES_FINE (1)", r.derivatives)
	}
	op := sampler.Op(r.op)
	c := new(call)
	status, err := c.executeOpts(&sampler.Engine{}, o.surf.view, st, op, &in, &reqOptions{derivatives: r.derivatives, projective: r.projective == 1}, &out.r, nil)
	return out, status, err
}

// TestLayoutsAgree runs requests of every lane count from 1 to 70 in both
// layouts (operands and results) through texunit_execute's Go side: the
// lane-major words are the component-major ones transposed, whatever the
// count (the transpositions' eight-lane assembly and its Go tail).
func TestLayoutsAgree(t *testing.T) {
	s := mustSurface(t, `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 32, "height": 32, "levels": 0, "data": {"hash": {"seed": 9}}}`)
	st, _ := newSampler(`{"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 4}`)
	for n := 1; n <= 70; n++ {
		coord, grad := make([]float32, 2*n), make([]float32, 2*n)
		texel, lod := make([]int32, 2*n), make([]float32, n)
		for i := range coord {
			coord[i] = float32(i*7%23) / 19
			grad[i] = float32(i%5) / 50
			texel[i] = int32(i * 3 % 32)
		}
		for i := range lod {
			lod[i] = float32(i%4) / 3
		}
		for _, c := range []struct {
			op sampler.Op
			in operands
		}{
			{sampler.OpSampleL, operands{coord: &coord[0], lod: &lod[0]}},
			{sampler.OpSampleD, operands{coord: &coord[0], ddx: &grad[0], ddy: &grad[0]}},
			{sampler.OpFetch, operands{texel: &texel[0]}},
		} {
			var outs [2]*output
			for layout := range outs {
				in := c.in
				in.lanes, in.layout = int32(n), int32(layout)
				// The same lanes in either layout: component-major arrays
				// are the lane-major ones transposed.
				if layout == componentMajor {
					in.coord, in.ddx, in.ddy = cm(in.coord, n), cm(in.ddx, n), cm(in.ddy, n)
					in.texel = (*int32)(unsafe.Pointer(cm((*float32)(unsafe.Pointer(in.texel)), n)))
				}
				outs[layout] = newOutput(n)
				outs[layout].r.layout = int32(layout)
				if _, err := execute(&sampler.Engine{}, s.view, st, c.op, &in, &outs[layout].r, nil); err != nil {
					t.Fatalf("%s, %d lanes, layout %d: %v", c.op, n, layout, err)
				}
			}
			for i := 0; i < n; i++ {
				for ch := 0; ch < 4; ch++ {
					if lm, cmv := outs[0].values[4*i+ch], outs[1].values[ch*n+i]; lm != cmv {
						t.Fatalf("%s, %d lanes: lane %d channel %d: %#x lane-major, %#x component-major", c.op, n, i, ch, lm, cmv)
					}
				}
			}
			if outs[0].values[4*n] != 0xdeadbeef || !slices.Equal(outs[0].resident, outs[1].resident) {
				t.Fatalf("%s, %d lanes: wrote past the lanes, or residency differs", c.op, n)
			}
		}
	}
}

// cm returns the component-major copy of the n lanes × 2 values at p (nil
// for nil).
func cm(p *float32, n int) *float32 {
	if p == nil {
		return nil
	}
	src := unsafe.Slice(p, 2*n)
	dst := make([]float32, 2*n)
	for i := 0; i < n; i++ {
		dst[i], dst[n+i] = src[2*i], src[2*i+1]
	}
	return &dst[0]
}

// TestOperandIndexes checks that the operands' indexes are their bits'
// and that operandOffsets holds each one's pointer, by name.
func TestOperandIndexes(t *testing.T) {
	bits := []uint32{opCoord, opLod, opBias, opRef, opDDX, opDDY, opOffset, opChannel, opTexel, opLevel, opSample, opMinLod}
	idx := []int{iCoord, iLod, iBias, iRef, iDDX, iDDY, iOffset, iChannel, iTexel, iLevel, iSample, iMinLod}
	for k := range bits {
		if bits[k] != 1<<idx[k] {
			t.Errorf("operand %s: bit %#x, index %d", operandNames[k], bits[k], idx[k])
		}
	}
	var in operands
	fields := map[string]uintptr{
		"coord": unsafe.Offsetof(in.coord), "lod": unsafe.Offsetof(in.lod), "bias": unsafe.Offsetof(in.bias),
		"ref": unsafe.Offsetof(in.ref), "ddx": unsafe.Offsetof(in.ddx), "ddy": unsafe.Offsetof(in.ddy),
		"offset": unsafe.Offsetof(in.offset), "channel": unsafe.Offsetof(in.channel), "texel": unsafe.Offsetof(in.texel),
		"level": unsafe.Offsetof(in.level), "sample": unsafe.Offsetof(in.sample), "min_lod": unsafe.Offsetof(in.minLod),
	}
	for k, name := range operandNames {
		if operandOffsets[k] != fields[name] {
			t.Errorf("operandOffsets[%d] = %d, %s is at %d", k, operandOffsets[k], name, fields[name])
		}
	}
	if operandOffsets[opActive] != unsafe.Offsetof(in.active) {
		t.Errorf("operandOffsets[opActive] = %d", operandOffsets[opActive])
	}
}

// TestManyCarriesShape runs requests of one shape through several
// texunit_execute_many calls in turn and checks that each gives what its
// own call gives, that a call's first request takes the set-up the call
// before left (call.keepShape) where it may — reads in place, rows
// written in place, no options, no handle freed since — and that it does
// not where a handle was freed between the calls (the freed one among
// them: its request fails as it would alone), the request has options, or
// its operands are transposed.
func TestManyCarriesShape(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	handle := testHandles(t)
	jobs := readJobs(t)
	byID := jobsByID(jobs)
	// A call's requests on one call object from the pool (most often the
	// one the call before used, but the pool promises nothing): the
	// second call's first request takes the first's set-up in some of the
	// tries, and gives its own call's results in all.
	freeOne := func() {
		other := handle(&object{kind: kindSampler, st: &defaultState})
		if err := freeHandle(kindSampler, other); err != nil {
			t.Fatal(err)
		}
	}
	var carries []string
	for _, j := range jobs {
		id := j.id
		cases := sameShapeCases(t, handle, []testJob{byID[id]}, componentMajor)
		if len(cases) == 0 {
			continue
		}
		// b: the requests a call takes the set-up of the one before within
		// the call (a handle freed just before: nothing carried), 1, or 0
		// where the shape cannot be rebound.
		freeOne()
		b := runMany(t, cases[:2])
		carried := 0
		for try := 0; try < 20; try++ {
			for _, half := range [][]manyCase{cases[:2], cases[2:]} {
				n := runMany(t, half)
				if n == b+1 && b == 1 {
					carried++
				} else if n != b {
					t.Fatalf("%s: %d requests of 2 took the set-up of the one before, want %d (or %d)", id, n, b, b+1)
				}
			}
		}
		if carried > 0 {
			carries = append(carries, id)
		}
	}
	// (Jobs with channel values or active flags, checked each request,
	// are rebound within a call but not carried: quads, gather, fetch.)
	for _, id := range []string{"bilinear", "cube_d", "compare", "gather_po", "gather_c", "fetch_uint", "sparse", "bc1", "aniso_ewa", "cubic"} {
		if !slices.Contains(carries, id) {
			t.Errorf("%s: no call's first request took the set-up of the call before (20 tries); those that did: %q", id, carries)
		}
	}
	// A handle freed between two calls: the second call checks its first
	// request in full.
	cases := sameShapeCases(t, handle, []testJob{byID["bilinear"]}, componentMajor)
	for try := 0; try < 5; try++ {
		runMany(t, cases[:2])
		freeOne()
		if n := runMany(t, cases[2:]); n != 1 {
			t.Fatalf("a handle freed between the calls: %d requests took the set-up of the one before, want 1", n)
		}
	}
	// The request's own surface freed between two calls: it fails as it
	// would alone, with the same handle error.
	s := mustSurface(t, `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16, "levels": 0, "data": {"hash": {"seed": 8}}}`)
	sid, err := newHandle(&object{kind: kindSurface, surf: s})
	if err != nil {
		t.Fatal(err)
	}
	mine := slices.Clone(cases)
	for i := range mine {
		mine[i].req.surf = sid
		mine[i].want, mine[i].status, mine[i].err = expectOf(t, byID["bilinear"], &mine[i].req)
	}
	runMany(t, mine[:2])
	if err := freeHandle(kindSurface, sid); err != nil {
		t.Fatal(err)
	}
	for i := range mine[2:] {
		mine[2+i].want, mine[2+i].status, mine[2+i].err = nil, statusHandle, &errHandle{want: kindSurface, id: sid}
	}
	if n := runMany(t, mine[2:]); n != 0 {
		t.Fatalf("a freed surface: %d requests took the set-up of the one before, want 0", n)
	}
	// Options, or lane-major operands: never carried.
	for _, c := range []struct {
		name   string
		layout int
		change func(c *manyCase)
	}{
		{"options", componentMajor, func(c *manyCase) { c.req.derivatives = 1 }},
		{"lane-major operands", laneMajor, func(*manyCase) {}},
	} {
		cases := sameShapeCases(t, handle, []testJob{byID["bilinear"]}, c.layout)
		for i := range cases {
			c.change(&cases[i])
			cases[i].want, cases[i].status, cases[i].err = expectOf(t, byID["bilinear"], &cases[i].req)
		}
		for try := 0; try < 5; try++ {
			runMany(t, cases[:2])
			if n := runMany(t, cases[2:]); n != 1 {
				t.Fatalf("%s: %d requests took the set-up of the one before, want 1", c.name, n)
			}
		}
	}
}

// testHandles returns a function that makes a handle for an object, failing
// t where it cannot and freeing the handle when the test ends.
func testHandles(t *testing.T) func(o *object) uint64 {
	return func(o *object) uint64 {
		id, err := newHandle(o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { freeHandle(o.kind, id) })
		return id
	}
}

// jobsByID indexes the test jobs by their ids.
func jobsByID(jobs []testJob) map[string]testJob {
	byID := map[string]testJob{}
	for _, j := range jobs {
		byID[j.id] = j
	}
	return byID
}
