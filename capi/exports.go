package main

/*
#include <stdlib.h>
#include "texunit.h"

void texunit_set_error(const char *msg, size_t n);
*/
import "C"

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// The functions capi.c calls. Each recovers from a panic (a bug) into
// TEXUNIT_EINTERNAL, sets this thread's last error on failure, and
// returns a status.

// setError makes err this thread's last error (texunit_last_error): the
// C caller's thread runs this Go code, so C's thread-local variable is
// the caller's.
func setError(err error) {
	msg := err.Error()
	if msg == "" {
		msg = "error"
	}
	b := []byte(msg)
	C.texunit_set_error((*C.char)(unsafe.Pointer(&b[0])), C.size_t(len(b)))
}

// fail reports err and returns its status.
func fail(err error) C.int {
	setError(err)
	return C.int(statusOf(err))
}

// guard turns a panic into TEXUNIT_EINTERNAL; deferred by every export.
func guard(status *C.int) {
	if p := recover(); p != nil {
		*status = fail(fmt.Errorf("%w: panic: %v", batch.ErrPanic, p))
	}
}

// goString returns a C string's text, and whether it was given.
func goString(s *C.char) (string, bool) {
	if s == nil {
		return "", false
	}
	return C.GoString(s), true
}

// store makes a handle for o and writes it to out.
func store(o *object, out *C.uint64_t) C.int {
	id, err := newHandle(o)
	if err != nil {
		return fail(err)
	}
	*out = C.uint64_t(id)
	return statusOK
}

func missing(what string) C.int { return fail(invalid("%s: NULL", what)) }

//export texunitGoSurfaceNew
func texunitGoSurfaceNew(text *C.char, out *C.uint64_t) (status C.int) {
	defer guard(&status)
	if out == nil {
		return missing("out")
	}
	*out = 0
	t, ok := goString(text)
	if !ok {
		return missing("json")
	}
	s, err := newSurface(t)
	if err != nil {
		return fail(err)
	}
	return store(&object{kind: kindSurface, surf: s}, out)
}

//export texunitGoSurfaceFromFile
func texunitGoSurfaceFromFile(path, text *C.char, out *C.uint64_t) (status C.int) {
	defer guard(&status)
	if out == nil {
		return missing("out")
	}
	*out = 0
	p, ok := goString(path)
	if !ok {
		return missing("path")
	}
	var tp *string
	if t, ok := goString(text); ok {
		tp = &t
	}
	s, err := surfaceFromFile(p, tp)
	if err != nil {
		return fail(err)
	}
	return store(&object{kind: kindSurface, surf: s}, out)
}

//export texunitGoSurfaceFromMemory
func texunitGoSurfaceFromMemory(text *C.char, data unsafe.Pointer, size C.size_t, out *C.uint64_t) (status C.int) {
	defer guard(&status)
	if out == nil {
		return missing("out")
	}
	*out = 0
	t, ok := goString(text)
	if !ok {
		return missing("json")
	}
	if data == nil && size > 0 {
		return missing("data")
	}
	if uint64(size) > maxMemoryBytes {
		return fail(&statusError{statusMemory, fmt.Errorf("size: %d bytes exceed the limit of %d bytes for one surface", uint64(size), uint64(maxMemoryBytes))})
	}
	var b []byte
	if size > 0 {
		b = C.GoBytes(data, C.int(size)) // the library's own copy
	}
	s, err := surfaceFromMemory(t, b)
	if err != nil {
		return fail(err)
	}
	return store(&object{kind: kindSurface, surf: s}, out)
}

//export texunitGoSurfaceInfo
func texunitGoSurfaceInfo(id C.uint64_t, out *C.texunit_surface_info) (status C.int) {
	defer guard(&status)
	if out == nil {
		return missing("out")
	}
	o, err := lookup(kindSurface, uint64(id))
	if err != nil {
		return fail(&statusError{statusHandle, err})
	}
	in := infoOf(o.surf)
	*out = C.texunit_surface_info{}
	copyName(out._type[:], in.kind)
	copyName(out.format[:], in.format)
	out.width, out.height, out.depth = C.int32_t(in.width), C.int32_t(in.height), C.int32_t(in.depth)
	out.layers, out.levels, out.samples = C.int32_t(in.layers), C.int32_t(in.levels), C.int32_t(in.samples)
	out.base_level, out.level_count = C.int32_t(in.baseLevel), C.int32_t(in.levelCount)
	out.base_layer, out.layer_count = C.int32_t(in.baseLayer), C.int32_t(in.layerCount)
	out.coord_count, out.gradient_count = C.int32_t(in.coordCount), C.int32_t(in.gradCount)
	out.bytes = C.size_t(in.bytes)
	return statusOK
}

// copyName writes s into a fixed C char array, NUL-terminated (cut to fit).
func copyName(dst []C.char, s string) {
	n := min(len(s), len(dst)-1)
	for i := 0; i < n; i++ {
		dst[i] = C.char(s[i])
	}
	dst[n] = 0
}

//export texunitGoFree
func texunitGoFree(kind C.int, id C.uint64_t) (status C.int) {
	defer guard(&status)
	if err := freeHandle(handleKind(kind), uint64(id)); err != nil {
		return fail(&statusError{statusHandle, err})
	}
	return statusOK
}

//export texunitGoSamplerNew
func texunitGoSamplerNew(text *C.char, out *C.uint64_t) (status C.int) {
	defer guard(&status)
	if out == nil {
		return missing("out")
	}
	*out = 0
	t, _ := goString(text)
	st, err := newSampler(t)
	if err != nil {
		return fail(err)
	}
	return store(&object{kind: kindSampler, st: st}, out)
}

//export texunitGoEngineNew
func texunitGoEngineNew(text *C.char, out *C.uint64_t) (status C.int) {
	defer guard(&status)
	if out == nil {
		return missing("out")
	}
	*out = 0
	t, _ := goString(text)
	e, err := newEngine(t)
	if err != nil {
		return fail(err)
	}
	return store(&object{kind: kindEngine, eng: e}, out)
}

//export texunitGoOp
func texunitGoOp(name *C.char) (status C.int) {
	defer guard(&status)
	n, ok := goString(name)
	if !ok {
		return missing("name")
	}
	op, err := parseOp(n)
	if err != nil {
		return fail(err)
	}
	return C.int(op)
}

//export texunitGoExecute
func texunitGoExecute(engine, surf, smp C.uint64_t, op C.int, in *C.texunit_operands, out *C.texunit_results) (status C.int) {
	defer guard(&status)
	return executeEx(engine, surf, smp, op, in, out, &C.texunit_request_options{})
}

//export texunitGoExecuteTraced
func texunitGoExecuteTraced(engine, surf, smp C.uint64_t, op C.int, in *C.texunit_operands, out *C.texunit_results, trace *C.texunit_trace) (status C.int) {
	defer guard(&status)
	if trace == nil {
		if out != nil {
			out.kind, out.failed, out.messages_needed = 0, 0, 0
		}
		return missing("trace")
	}
	return executeEx(engine, surf, smp, op, in, out, &C.texunit_request_options{trace: trace})
}

//export texunitGoExecuteEx
func texunitGoExecuteEx(engine, surf, smp C.uint64_t, op C.int, in *C.texunit_operands, out *C.texunit_results, options *C.texunit_request_options) (status C.int) {
	defer guard(&status)
	opts := C.texunit_request_options{}
	if options != nil {
		opts = *options
	}
	return executeEx(engine, surf, smp, op, in, out, &opts)
}

// executeEx runs a request with options (texunit_execute_ex).
func executeEx(engine, surf, smp C.uint64_t, op C.int, in *C.texunit_operands, out *C.texunit_results, opts *C.texunit_request_options) C.int {
	if out != nil {
		out.kind, out.failed, out.messages_needed = 0, 0, 0
	}
	if opts.trace != nil {
		opts.trace.count, opts.trace.texel_bytes = 0, 0
	}
	switch {
	case in == nil:
		return missing("in")
	case out == nil:
		return missing("out")
	}
	eng, view, st, err := objects(engine, surf, smp)
	if err != nil {
		return fail(err)
	}
	c := calls.Get().(*call)
	s, err := c.runC(eng, view.view, st, op, in, out, opts)
	c.clearRequest()
	calls.Put(c)
	if err != nil {
		setError(err)
	}
	return C.int(s)
}

// runC runs one request from C's structures with c's working memory
// (texunit_execute_ex and each request of texunit_execute_many): in and
// out are not nil, opts is (the zero options for none). c.req keeps the
// caller's arrays until c.clearRequest.
func (c *call) runC(eng *sampler.Engine, view surface.View, st *sampler.State, op C.int, in *C.texunit_operands, out *C.texunit_results, opts *C.texunit_request_options) (int, error) {
	out.kind, out.failed, out.messages_needed = 0, 0, 0
	trace := opts.trace
	switch {
	case trace != nil && trace.texels == nil && trace.capacity > 0:
		return statusInvalid, invalid("trace.texels: NULL with capacity %d", trace.capacity)
	case opts.derivatives != 0 && opts.derivatives != 1:
		return statusInvalid, invalid("options.derivatives: %d is neither TEXUNIT_DERIVATIVES_COARSE (0) nor TEXUNIT_DERIVATIVES_FINE (1)", opts.derivatives)
	case opts.projective != 0 && opts.projective != 1:
		return statusInvalid, invalid("options.projective: %d is neither 0 nor 1", opts.projective)
	case op < 0:
		return statusInvalid, invalid("op: %d is not an operation (0..%d)", op, numOps-1)
	}
	o := goOperands(in)
	o.derivatives, o.projective = int32(opts.derivatives), opts.projective == 1
	o.coarsePixel = [2]float32{float32(opts.coarse_pixel[0]), float32(opts.coarse_pixel[1])}
	r := results{
		values:       out.values,
		resident:     (*uint8)(out.resident),
		errors:       (*int32)(out.errors),
		messages:     (*byte)(unsafe.Pointer(out.messages)),
		messagesSize: uintptr(out.messages_size),
		layout:       int32(out.layout),
	}
	var t *traceOut
	if trace != nil {
		trace.count, trace.texel_bytes = 0, 0
		t = &traceOut{write: func(tr *sampler.Trace) { writeTrace(trace, tr) }}
	}
	s, err := c.execute(eng, view, st, sampler.Op(op), &o, &r, t)
	out.kind, out.failed, out.messages_needed = C.int32_t(r.kind), C.int32_t(r.failed), C.size_t(r.messagesNeeded)
	return s, err
}

// writeTrace writes a traced request's footprint to the caller's
// texunit_trace.
func writeTrace(trace *C.texunit_trace, tr *sampler.Trace) {
	texels := tr.Texels()
	trace.count, trace.texel_bytes = C.size_t(len(texels)), C.int32_t(tr.TexelBytes)
	if n := min(len(texels), int(trace.capacity)); n > 0 {
		dst := unsafe.Slice(trace.texels, n)
		for i, e := range texels[:n] {
			dst[i] = C.texunit_texel{lane: C.int32_t(e.Lane), level: C.int32_t(e.Level), layer: C.int32_t(e.Layer),
				x: C.int32_t(e.X), y: C.int32_t(e.Y), z: C.int32_t(e.Z), sample: C.int32_t(e.Sample),
				border: C.int32_t(b2i(e.Border)), resident: C.int32_t(b2i(e.Resident)), block: C.int32_t(e.Block),
				weight: C.double(e.Weight), offset: C.int64_t(e.Offset)}
		}
	}
	if trace.lane_start != nil {
		dst := unsafe.Slice(trace.lane_start, len(tr.Start))
		for i, v := range tr.Start {
			dst[i] = C.int32_t(v)
		}
	}
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
	all := unsafe.Slice(reqs, int(count))
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
	all      []C.texunit_request
	notOK    bool // a request's status is not TEXUNIT_OK
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
			next = i + 1
		}
	}()
	for ; i < len(m.all); i++ {
		s, err := m.c.runRequest(m.eng, &m.hc, &m.all[i])
		m.finish(i, s, err)
	}
	return i
}

// finish records request i's status and error.
func (m *manyRun) finish(i, s int, err error) {
	r := &m.all[i]
	r.status = C.int32_t(s)
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

// runRequest runs one request of texunit_execute_many.
func (c *call) runRequest(eng *sampler.Engine, hc *handleCache, r *C.texunit_request) (int, error) {
	if requestHook != nil {
		requestHook(int32(r.op))
	}
	out := &r.out
	out.kind, out.failed, out.messages_needed = 0, 0, 0
	surf, st, err := hc.objects(uint64(r.surface.id), uint64(r.sampler.id))
	if err != nil {
		return statusHandle, err
	}
	opts := &noOptions
	if r.options != nil {
		opts = r.options
	}
	return c.runC(eng, surf.view, st, C.int(r.op), &r.in, out, opts)
}

// requestHook, when set (by the tests), is called with each request's
// operation before it runs.
var requestHook func(op int32)

// noOptions is a request's options where it gives none.
var noOptions C.texunit_request_options

// requestMessage writes a failed request's message to its results'
// messages (cut to fit, NUL-terminated) and the size it needs to
// messages_needed.
func requestMessage(out *C.texunit_results, err error) {
	msg := err.Error()
	out.messages_needed = C.size_t(len(msg) + 1)
	if out.messages == nil || out.messages_size == 0 {
		return
	}
	buf := unsafe.Slice((*byte)(unsafe.Pointer(out.messages)), int(out.messages_size))
	n := copy(buf[:len(buf)-1], msg)
	buf[n] = 0
}

//export texunitGoFootprint
func texunitGoFootprint(engine, surf, smp C.uint64_t, op C.int, in *C.texunit_operands, options *C.texunit_request_options,
	granularity, coarse C.int32_t, out *C.texunit_footprint) (status C.int) {
	defer guard(&status)
	switch {
	case in == nil:
		return missing("in")
	case out == nil && in.lanes > 0:
		return missing("out")
	case coarse != 0 && coarse != 1:
		return fail(invalid("coarse: %d is neither 0 nor 1", coarse))
	}
	eng, view, st, err := objects(engine, surf, smp)
	if err != nil {
		return fail(err)
	}
	if op < 0 || int(op) >= numOps {
		return fail(invalid("op: %d is not an operation (0..%d)", op, numOps-1))
	}
	o := goOperands(in)
	if options != nil {
		if options.derivatives != 0 && options.derivatives != 1 || options.projective != 0 && options.projective != 1 {
			return fail(invalid("options: derivatives %d, projective %d: want 0 or 1", options.derivatives, options.projective))
		}
		o.derivatives, o.projective = int32(options.derivatives), options.projective == 1
		o.coarsePixel = [2]float32{float32(options.coarse_pixel[0]), float32(options.coarse_pixel[1])}
	}
	s, err := footprint(eng, view.view, st, sampler.Op(op), &o, sampler.FootprintQuery{Granularity: int(granularity), Coarse: coarse == 1},
		func(i int, f *sampler.Footprint, code int32) {
			d := (*C.texunit_footprint)(unsafe.Add(unsafe.Pointer(out), uintptr(i)*unsafe.Sizeof(*out)))
			*d = C.texunit_footprint{single_level: C.int32_t(b2i(f.SingleLevel)), lod: C.uint32_t(f.Lod), granularity: C.uint32_t(f.Granularity),
				truncated: C.int32_t(b2i(f.Truncated)), error: C.int32_t(code)}
			for a := range 3 {
				d.anchor[a], d.offset[a] = C.uint32_t(f.Anchor[a]), C.uint32_t(f.Offset[a])
			}
			d.mask[0], d.mask[1] = C.uint32_t(f.Mask), C.uint32_t(f.Mask>>32)
		})
	if err != nil {
		setError(err)
	}
	return C.int(s)
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

//export texunitGoTimeGo
func texunitGoTimeGo(engine, surf, smp C.uint64_t, op C.int, in *C.texunit_operands, iterations C.int64_t) (ns C.int64_t) {
	var status C.int
	defer func() {
		guard(&status)
		if status != 0 {
			ns = C.int64_t(status)
		}
	}()
	if in == nil {
		return C.int64_t(missing("in"))
	}
	eng, view, st, err := objects(engine, surf, smp)
	if err != nil {
		return C.int64_t(fail(err))
	}
	if op < 0 {
		return C.int64_t(fail(invalid("op: %d is not an operation", op)))
	}
	o := goOperands(in)
	d, err := timeGo(eng, view.view, st, sampler.Op(op), &o, int64(iterations))
	if err != nil {
		return C.int64_t(fail(err))
	}
	return C.int64_t(d / time.Nanosecond)
}

// goOperands copies texunit_operands' fields (its pointers are the
// caller's arrays, read during the call only).
func goOperands(in *C.texunit_operands) operands {
	return operands{
		lanes: int32(in.lanes), layout: int32(in.layout),
		coord: (*float32)(in.coord), lod: (*float32)(in.lod), bias: (*float32)(in.bias),
		ref: (*float32)(in.ref), ddx: (*float32)(in.ddx), ddy: (*float32)(in.ddy),
		offset: (*int32)(in.offset), offsetCount: int32(in.offset_count),
		channel: (*int32)(in.channel), texel: (*int32)(in.texel),
		level: (*int32)(in.level), sample: (*int32)(in.sample),
		minLod: (*float32)(in.min_lod), active: (*uint8)(in.active),
	}
}

// sharedEngine runs the requests of the zero engine handle; defaultState
// is the zero sampler handle's state.
var (
	sharedEngine sampler.Engine
	defaultState = sampler.DefaultState()
)

// objects looks up a request's handles.
func objects(engine, surf, smp C.uint64_t) (*sampler.Engine, *surfaceObject, *sampler.State, error) {
	eng, st := &sharedEngine, &defaultState
	if engine != 0 {
		o, err := lookup(kindEngine, uint64(engine))
		if err != nil {
			return nil, nil, nil, &statusError{statusHandle, err}
		}
		eng = o.eng
	}
	o, err := lookup(kindSurface, uint64(surf))
	if err != nil {
		return nil, nil, nil, &statusError{statusHandle, err}
	}
	if smp != 0 {
		s, err := lookup(kindSampler, uint64(smp))
		if err != nil {
			return nil, nil, nil, &statusError{statusHandle, err}
		}
		st = s.st
	}
	return eng, o.surf, st, nil
}

// opName is texunit_op_name, for the tests.
func opName(op int) (string, bool) {
	s := C.texunit_op_name(C.int(op))
	if s == nil {
		return "", false
	}
	return C.GoString(s), true
}
