package main

/*
#include "texunit.h"
*/
import "C"

import (
	"fmt"
	"sync/atomic"
	"unsafe"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/capi/internal/nulls"
	"github.com/texunit/texunit/internal/samplerhooks"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// texunit_execute_many: many requests in one call into the library.
//
// A request costs the checks and set-up of a single call (runRequest),
// except where it has the shape of the request before it in the call —
// the same surface and sampler handles, operation, options, lane count,
// layouts and operands given — which most requests of a simulator's
// cycle have: those are not checked again (the checks depend on the
// shape alone, but for the channel values and the active flags, which
// rebind checks again), and their request structure is the last one's
// with the new arrays' addresses (rebind). Their results and errors are
// those of a request of their own, bit for bit and word for word
// (TestExecuteMany, TestManySameShape).

// request is texunit_request with Go types, field for field, so that the
// caller's array is read and written where it is (TestLayouts).
type request struct {
	surface, sampler uint64
	op               int32
	status           int32
	options          *C.texunit_request_options
	in               operands
	out              results
}

//export texunitGoExecuteMany
func texunitGoExecuteMany(engine C.uint64_t, count C.size_t, reqs *C.texunit_request) (status C.int) {
	defer guard(&status)
	if count == 0 {
		return statusOK
	}
	if reqs == nil {
		return missing("requests")
	}
	if uint64(count) > maxRequests {
		return fail(invalid("count: %d is out of range (0..%d)", uint64(count), maxRequests))
	}
	all := unsafe.Slice((*request)(unsafe.Pointer(reqs)), int(count))
	eng := &sharedEngine
	if engine != 0 {
		o, err := lookup(kindEngine, uint64(engine))
		if err != nil {
			for i := range all {
				all[i].status = statusHandle
			}
			return fail(&statusError{statusHandle, err})
		}
		eng = o.eng
	}
	// The handles freed so far, read before this call looks any up: the
	// shape it leaves to the next call holds while no handle is freed.
	frees := handleFrees.Load()
	m := manyRun{c: calls.Get().(*call), eng: eng, all: all, first: -1}
	m.last = m.c.takeShape(eng, frees)
	for i := 0; i < len(all); {
		i = m.run(i)
	}
	m.c.keepShape(eng, frees)
	calls.Put(m.c)
	if manyHook != nil {
		manyHook(m.rebound)
	}
	if m.firstErr != nil {
		setError(fmt.Errorf("requests[%d]: %w", m.first, m.firstErr))
	}
	if m.notOK {
		return statusLaneErrors
	}
	return statusOK
}

// manyRun is one texunit_execute_many call's state.
type manyRun struct {
	c        *call
	eng      *sampler.Engine
	hc       handleCache
	last     *shape // of the last request, where the next may rebind (c.many)
	all      []request
	notOK    bool // a request's status is not TEXUNIT_OK
	rebound  int  // the requests that took the last one's set-up
	cur      int  // the request running
	first    int  // the first failed request, and its error
	firstErr error
}

// run runs the requests from i on and returns where it stopped: the end,
// or the request after one that panicked (a bug), which then fails alone
// with TEXUNIT_EINTERNAL; the next run starts with fresh working memory.
// (One deferred recovery for a run of requests, not one a request.)
func (m *manyRun) run(from int) (next int) {
	defer func() {
		if p := recover(); p != nil {
			m.finish(m.cur, statusInternal, fmt.Errorf("%w: panic: %v", batch.ErrPanic, p))
			m.c = new(call) // a panic may have left the call's memory half set
			m.last = &m.c.many
			next = m.cur + 1
		}
	}()
	all := m.all
	for i := from; i < len(all); i++ {
		m.cur = i
		r := &all[i]
		if requestHook != nil {
			requestHook(r.op)
		}
		s, err := m.runSame(r)
		if s == notSame {
			s, err = m.c.runRequest(m.eng, &m.hc, r)
			m.last.learn(r, s, m.c, m.hc.view(), m.hc.st)
		} else {
			m.rebound++
		}
		r.status = int32(s)
		if s != statusOK {
			m.failed(i, err)
		}
	}
	return len(all)
}

// shape is what the checks and set-up of a request of
// texunit_execute_many depend on, but for the values in its arrays, and
// how a request of the shape takes them: a request of the last one's
// shape is checked and set up as it was.
type shape struct {
	ok               bool // the last request ran (its status is not negative) and can be rebound
	surface, sampler uint64
	options          *C.texunit_request_options
	op               int32
	lanesLayout      uint64 // in.lanes and in.layout, as one word
	offsetCount      int32
	resultLayout     int32
	// nulls has bit i set for each of the request's words from in.coord
	// to out.resident (pointers) that is NULL, but for in.offset_count's
	// word (countBit), which is compared as a number.
	nulls uint32
	// slots are the request structure's slices of the caller's arrays:
	// rebinding sets each to an operand's pointer plus its offset.
	slots  [maxSlots]slot
	nslots int
	// others: some operand is not read in place (transposed, converted
	// or checked); rebind binds every operand.
	others bool
	// rows: the results are component-major (and the lanes not 0): the
	// engine writes them in place, to c.inPlace; resident: into the
	// caller's residency flags.
	rows, resident bool
	// The request's surface view and sampler state.
	view surface.View
	st   *sampler.State
}

// pointerWords is the number of words from in.coord to out.resident in
// a request; maxSlots the most component slices a request reads in place.
const (
	pointerWords = (unsafe.Offsetof(request{}.out)+unsafe.Offsetof(results{}.resident)-unsafe.Offsetof(request{}.in)-unsafe.Offsetof(operands{}.coord))/8 + 1
	maxSlots     = 4 + 1 + 1 + 1 + 3 + 3 + 3 + 4 + 1 + 1 + 1 // coord, lod, bias, ref, ddx, ddy, offset, texel, level, sample, min_lod
)

// The words from in.coord to out.resident are the sixteen of
// nulls.Mask; countBit is in.offset_count's (and its padding's).
const countBit = 1 << ((unsafe.Offsetof(operands{}.offsetCount) - unsafe.Offsetof(operands{}.coord)) / 8)

var _ = [1]struct{}{}[pointerWords-16]

// A slot is one slice of the request structure read in place: its data
// pointer is the operand's pointer (at src in operands) plus off.
type slot struct {
	dst *uintptr // the slice's data pointer, written as a number: see runSame
	src uintptr
	off uintptr
}

// pointers returns r's words from in.coord to out.resident.
func pointers(r *request) *[16]uintptr {
	return (*[16]uintptr)(unsafe.Pointer(&r.in.coord))
}

// learn makes k the shape of r, which ran with status s and set up c.req
// with c's working memory, where a request of the same shape can take
// that set-up: r ran (its status is not negative), on some active lane,
// untraced.
func (k *shape) learn(r *request, s int, c *call, view surface.View, st *sampler.State) {
	k.ok = false
	if s < 0 || !c.rebindable || r.options != nil && r.options.trace != nil {
		return
	}
	k.surface, k.sampler, k.options, k.op = r.surface, r.sampler, r.options, r.op
	k.lanesLayout, k.offsetCount, k.resultLayout = *(*uint64)(unsafe.Pointer(&r.in.lanes)), r.in.offsetCount, r.out.layout
	k.nulls = nulls.Mask(pointers(r)) &^ countBit
	k.nslots, k.others = 0, false
	stride := uintptr(r.in.lanes) * 4
	for _, b := range c.binds[:c.nbind] {
		if b.kind != bindInPlace {
			k.others = true
			continue
		}
		for j := range uintptr(b.n) {
			k.slots[k.nslots] = slot{dst: (*uintptr)(unsafe.Add(b.dst, j*unsafe.Sizeof([]uint32{}))), src: b.src, off: j * stride}
			k.nslots++
		}
	}
	k.rows = r.out.layout == componentMajor && r.in.lanes > 0
	k.resident = r.out.resident != nil
	k.view, k.st = view, st
	if c.inPlaceShaped == nil {
		c.inPlaceShaped = shapedFlag(&c.inPlace)
	}
	k.ok = true
}

// shapedFlag returns a result's shaped flag (samplerhooks.ShapedFlag):
// set, Engine.Execute takes the request for one of the shape of a request
// the engine accepted on the same view and state, and does not make its
// checks of the operands, which depend on that shape alone, again. run
// sets it for each request; runSame sets c.inPlace's.
var shapedFlag = samplerhooks.ShapedFlag.(func(*sampler.Result) *bool)

// notSame is runSame's status for a request it did not run.
const notSame = 1 << 30

// runSame runs r with the set-up of the request before it, where r has
// its shape, and returns its status and error; where not, notSame, and
// r is to run in full (c.req may have been changed).
func (m *manyRun) runSame(r *request) (int, error) {
	k := m.last
	if !k.ok || r.surface != k.surface || r.sampler != k.sampler || r.op != k.op || r.options != k.options ||
		*(*uint64)(unsafe.Pointer(&r.in.lanes)) != k.lanesLayout || r.in.offsetCount != k.offsetCount || r.out.layout != k.resultLayout {
		return notSame, nil
	}
	// The same pointers NULL: the operands, values and residency flags
	// given are the shape's.
	if nulls.Mask(pointers(r))&^countBit != k.nulls {
		return notSame, nil
	}
	// The slices' data pointers and the result rows' are written as
	// numbers, without the collector's write barrier: they only ever hold
	// the caller's arrays (the last request's before, this one's after),
	// memory the collector does not manage (C memory, or Go memory that
	// cgo's rules have the caller pin), whose addresses it ignores.
	c := m.c
	in := unsafe.Pointer(&r.in)
	for i := 0; i < k.nslots; i++ {
		sl := &k.slots[i]
		*sl.dst = *(*uintptr)(unsafe.Add(in, sl.src)) + sl.off
	}
	if k.others && !c.rebind(&r.in) {
		return notSame, nil
	}
	out := &r.out
	if !k.rows {
		out.kind, out.failed, out.messagesNeeded = 0, 0, 0
		return c.run(m.eng, k.view, k.st, out, nil, true)
	}
	// The rows and flags of the last request's results, which had as many
	// lanes, moved to this one's arrays (the engine writes within them and
	// does not replace them).
	res := &c.inPlace
	row, values := uintptr(r.in.lanes)*4, uintptr(out.values)
	*(*uintptr)(unsafe.Pointer(&res.Bits[0])) = values
	*(*uintptr)(unsafe.Pointer(&res.Bits[1])) = values + row
	*(*uintptr)(unsafe.Pointer(&res.Bits[2])) = values + 2*row
	*(*uintptr)(unsafe.Pointer(&res.Bits[3])) = values + 3*row
	if k.resident {
		*(*uintptr)(unsafe.Pointer(&res.Resident)) = uintptr(unsafe.Pointer(out.resident))
	}
	// (Without the caller's flags, the engine's own, c.resident, have
	// room for the lanes: it does not replace them.)
	*c.inPlaceShaped = true
	if err := m.eng.Execute(k.view, k.st, &c.req, res); err != nil {
		out.kind, out.failed, out.messagesNeeded = 0, 0, 0
		return statusRequest, requestError(err)
	}
	out.kind, out.failed = int32(res.Kind), 0
	if res.LaneErr != nil {
		laneErrors(res.LaneErr, out)
		return statusLaneErrors, nil
	}
	if out.errors != nil {
		clear(unsafe.Slice(out.errors, r.in.lanes))
	}
	if out.messages != nil && out.messagesSize > 0 {
		*out.messages = 0
	}
	out.messagesNeeded = 1
	return statusOK, nil
}

// handleFrees counts the handles freed (freeHandle). A shape a
// texunit_execute_many call leaves to the next (call.keepShape) holds the
// view and state its handles named when that call began; the next takes
// it only while no handle has been freed since, so that a freed handle's
// request fails as it would alone, and its objects are never used.
var handleFrees atomic.Uint64

// takeShape returns c's shape for a texunit_execute_many call on eng that
// began when frees handles had been freed: the one the last call on c left
// (keepShape), where it was on the same engine and no handle has been
// freed since, so that the call's first request of that shape takes its
// set-up as the requests after it do; else a shape that does not hold.
func (c *call) takeShape(eng *sampler.Engine, frees uint64) *shape {
	k := &c.many
	if k.ok && (c.manyEng != eng || c.manyFrees != frees) {
		k.ok = false
	}
	return k
}

// keepShape ends a texunit_execute_many call on eng, begun when frees
// handles had been freed: where its last shape holds, has no options (the
// caller may change those between calls at the same address), reads every
// operand in place and writes component-major rows, c keeps the shape and
// its set-up for the next call (takeShape) with every pointer to the
// caller's arrays dropped — the slots' and the rows' data pointers, which
// a request of the shape sets before the engine reads them; else it
// drops the set-up (clearRequest).
func (c *call) keepShape(eng *sampler.Engine, frees uint64) {
	k := &c.many
	if !k.ok || k.options != nil || k.others || !k.rows {
		c.clearRequest()
		return
	}
	for i := 0; i < k.nslots; i++ {
		*k.slots[i].dst = 0
	}
	res := &c.inPlace
	for j := range res.Bits {
		*(*uintptr)(unsafe.Pointer(&res.Bits[j])) = 0
	}
	if k.resident {
		*(*uintptr)(unsafe.Pointer(&res.Resident)) = 0
	}
	c.manyEng, c.manyFrees = eng, frees
}

// finish records request i's status and error.
func (m *manyRun) finish(i, s int, err error) {
	m.all[i].status = int32(s)
	if s != statusOK {
		m.failed(i, err)
	}
}

// failed records that request i's status is not TEXUNIT_OK, and its
// error where it has one.
func (m *manyRun) failed(i int, err error) {
	m.notOK = true
	if err != nil {
		if m.first < 0 {
			m.first, m.firstErr = i, err
		}
		requestMessage(&m.all[i].out, err)
	}
}

// maxRequests bounds one texunit_execute_many call.
const maxRequests = 1 << 24

// handleCache holds the last surface and sampler a many-requests call
// looked up, so that a run of requests on the same objects looks each up
// once.
type handleCache struct {
	surfID, smpID uint64
	surf          *surfaceObject
	st            *sampler.State
}

// view returns the last surface's view (the zero view before one).
func (hc *handleCache) view() surface.View {
	if hc.surf == nil {
		return surface.View{}
	}
	return hc.surf.view
}

// objects returns the surface and sampler state of the handles.
func (hc *handleCache) objects(surf, smp uint64) (*surfaceObject, *sampler.State, error) {
	if surf != hc.surfID || hc.surf == nil {
		o, err := lookup(kindSurface, surf)
		if err != nil {
			return nil, nil, &statusError{statusHandle, err}
		}
		hc.surfID, hc.surf = surf, o.surf
	}
	if smp != hc.smpID || hc.st == nil {
		st := &defaultState
		if smp != 0 {
			o, err := lookup(kindSampler, smp)
			if err != nil {
				return nil, nil, &statusError{statusHandle, err}
			}
			st = o.st
		}
		hc.smpID, hc.st = smp, st
	}
	return hc.surf, hc.st, nil
}

// runRequest runs one request of texunit_execute_many, checked and set up
// in full.
func (c *call) runRequest(eng *sampler.Engine, hc *handleCache, r *request) (int, error) {
	c.rebindable = false
	out := &r.out
	out.kind, out.failed, out.messagesNeeded = 0, 0, 0
	surf, st, err := hc.objects(r.surface, r.sampler)
	if err != nil {
		return statusHandle, err
	}
	opts := &noOptions
	if r.options != nil {
		opts = r.options
	}
	return c.runC(eng, surf.view, st, r.op, &r.in, out, opts)
}

// requestHook, when set (by the tests), is called with each request's
// operation before it runs; manyHook at the end of each
// texunit_execute_many call with the number of requests that took the
// set-up of the one before (rebind).
var (
	requestHook func(op int32)
	manyHook    func(rebound int)
)

// noOptions is a request's options where it gives none.
var noOptions C.texunit_request_options

// requestMessage writes a failed request's message to its results'
// messages (cut to fit, NUL-terminated) and the size it needs to
// messagesNeeded.
func requestMessage(out *results, err error) {
	msg := err.Error()
	out.messagesNeeded = uintptr(len(msg) + 1)
	if out.messages == nil || out.messagesSize == 0 {
		return
	}
	buf := unsafe.Slice(out.messages, int(out.messagesSize))
	n := copy(buf[:len(buf)-1], msg)
	buf[n] = 0
}

// layoutErrors compares the Go structures read in place with the C ones
// of texunit.h, field by field, and returns the differences (TestLayouts).
func layoutErrors() []string {
	var errs []string
	check := func(what string, goOff, cOff uintptr) {
		if goOff != cOff {
			errs = append(errs, fmt.Sprintf("%s: at %d in Go, %d in C", what, goOff, cOff))
		}
	}
	var o operands
	var co C.texunit_operands
	check("operands size", unsafe.Sizeof(o), unsafe.Sizeof(co))
	check("operands.lanes", unsafe.Offsetof(o.lanes), unsafe.Offsetof(co.lanes))
	check("operands.layout", unsafe.Offsetof(o.layout), unsafe.Offsetof(co.layout))
	check("operands.coord", unsafe.Offsetof(o.coord), unsafe.Offsetof(co.coord))
	check("operands.lod", unsafe.Offsetof(o.lod), unsafe.Offsetof(co.lod))
	check("operands.bias", unsafe.Offsetof(o.bias), unsafe.Offsetof(co.bias))
	check("operands.ref", unsafe.Offsetof(o.ref), unsafe.Offsetof(co.ref))
	check("operands.ddx", unsafe.Offsetof(o.ddx), unsafe.Offsetof(co.ddx))
	check("operands.ddy", unsafe.Offsetof(o.ddy), unsafe.Offsetof(co.ddy))
	check("operands.offset", unsafe.Offsetof(o.offset), unsafe.Offsetof(co.offset))
	check("operands.offset_count", unsafe.Offsetof(o.offsetCount), unsafe.Offsetof(co.offset_count))
	check("operands.channel", unsafe.Offsetof(o.channel), unsafe.Offsetof(co.channel))
	check("operands.texel", unsafe.Offsetof(o.texel), unsafe.Offsetof(co.texel))
	check("operands.level", unsafe.Offsetof(o.level), unsafe.Offsetof(co.level))
	check("operands.sample", unsafe.Offsetof(o.sample), unsafe.Offsetof(co.sample))
	check("operands.min_lod", unsafe.Offsetof(o.minLod), unsafe.Offsetof(co.min_lod))
	check("operands.active", unsafe.Offsetof(o.active), unsafe.Offsetof(co.active))
	var r results
	var cr C.texunit_results
	check("results size", unsafe.Sizeof(r), unsafe.Sizeof(cr))
	check("results.values", unsafe.Offsetof(r.values), unsafe.Offsetof(cr.values))
	check("results.resident", unsafe.Offsetof(r.resident), unsafe.Offsetof(cr.resident))
	check("results.errors", unsafe.Offsetof(r.errors), unsafe.Offsetof(cr.errors))
	check("results.messages", unsafe.Offsetof(r.messages), unsafe.Offsetof(cr.messages))
	check("results.messages_size", unsafe.Offsetof(r.messagesSize), unsafe.Offsetof(cr.messages_size))
	check("results.layout", unsafe.Offsetof(r.layout), unsafe.Offsetof(cr.layout))
	check("results.kind", unsafe.Offsetof(r.kind), unsafe.Offsetof(cr.kind))
	check("results.failed", unsafe.Offsetof(r.failed), unsafe.Offsetof(cr.failed))
	check("results.messages_needed", unsafe.Offsetof(r.messagesNeeded), unsafe.Offsetof(cr.messages_needed))
	var q request
	var cq C.texunit_request
	check("request size", unsafe.Sizeof(q), unsafe.Sizeof(cq))
	check("request.surface", unsafe.Offsetof(q.surface), unsafe.Offsetof(cq.surface))
	check("request.sampler", unsafe.Offsetof(q.sampler), unsafe.Offsetof(cq.sampler))
	check("request.op", unsafe.Offsetof(q.op), unsafe.Offsetof(cq.op))
	check("request.status", unsafe.Offsetof(q.status), unsafe.Offsetof(cq.status))
	check("request.options", unsafe.Offsetof(q.options), unsafe.Offsetof(cq.options))
	check("request.in", unsafe.Offsetof(q.in), unsafe.Offsetof(cq.in))
	check("request.out", unsafe.Offsetof(q.out), unsafe.Offsetof(cq.out))
	return errs
}
