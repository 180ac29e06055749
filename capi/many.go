package main

/*
#include "texunit.h"
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/sampler"
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
	m := manyRun{c: calls.Get().(*call), eng: eng, all: all, first: -1}
	for i := 0; i < len(all); {
		i = m.run(i)
	}
	m.c.clearRequest()
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
	last     shape // of the last request, where the next may rebind
	all      []request
	notOK    bool // a request's status is not TEXUNIT_OK
	rebound  int  // the requests that took the last one's set-up
	first    int  // the first failed request, and its error
	firstErr error
}

// run runs the requests from i on and returns where it stopped: the end,
// or the request after one that panicked (a bug), which then fails alone
// with TEXUNIT_EINTERNAL; the next run starts with fresh working memory.
// (One deferred recovery for a run of requests, not one a request.)
func (m *manyRun) run(i int) (next int) {
	defer func() {
		if p := recover(); p != nil {
			m.finish(i, statusInternal, fmt.Errorf("%w: panic: %v", batch.ErrPanic, p))
			m.c = new(call) // a panic may have left the call's memory half set
			m.last = shape{}
			next = i + 1
		}
	}()
	for ; i < len(m.all); i++ {
		r := &m.all[i]
		if requestHook != nil {
			requestHook(r.op)
		}
		var s int
		var err error
		if m.last.of(r) && m.c.rebind(&r.in) {
			r.out.kind, r.out.failed, r.out.messagesNeeded = 0, 0, 0
			m.rebound++
			s, err = m.c.run(m.eng, m.hc.surf.view, m.hc.st, &r.out, nil)
		} else {
			s, err = m.c.runRequest(m.eng, &m.hc, r)
			m.last.learn(r, s, m.c)
		}
		m.finish(i, s, err)
	}
	return i
}

// shape is what the checks and set-up of a request of
// texunit_execute_many depend on, but for the values in its arrays: a
// request of the last one's shape is checked and set up as it was.
type shape struct {
	ok               bool // the last request ran (its status is not negative) and can be rebound
	surface, sampler uint64
	options          *C.texunit_request_options
	op               int32
	lanes, layout    int32
	offsetCount      int32
	resultLayout     int32
	pointers         uint32
}

// pointersOf returns which of a request's operands are given (given's
// bits, active's after them) and whether its values are.
func pointersOf(r *request) uint32 {
	return r.in.given() | bit(r.in.active != nil)<<opActive | bit(r.out.values != nil)<<(opActive+1)
}

// of reports whether r has the shape.
func (k *shape) of(r *request) bool {
	return k.ok && r.surface == k.surface && r.sampler == k.sampler && r.op == k.op && r.options == k.options &&
		r.in.lanes == k.lanes && r.in.layout == k.layout && r.in.offsetCount == k.offsetCount &&
		r.out.layout == k.resultLayout && pointersOf(r) == k.pointers
}

// learn makes k the shape of r, which ran with status s and set up c.req
// with c's working memory, where a request of the same shape can take
// that set-up: r ran (its status is not negative), on some active lane,
// untraced.
func (k *shape) learn(r *request, s int, c *call) {
	*k = shape{}
	if s < 0 || !c.rebindable || r.options != nil && r.options.trace != nil {
		return
	}
	*k = shape{ok: true, surface: r.surface, sampler: r.sampler, options: r.options, op: r.op,
		lanes: r.in.lanes, layout: r.in.layout, offsetCount: r.in.offsetCount, resultLayout: r.out.layout,
		pointers: pointersOf(r)}
}

// finish records request i's status and error.
func (m *manyRun) finish(i, s int, err error) {
	r := &m.all[i]
	r.status = int32(s)
	if s != statusOK {
		m.notOK = true
	}
	if err != nil {
		if m.first < 0 {
			m.first, m.firstErr = i, err
		}
		requestMessage(&r.out, err)
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
