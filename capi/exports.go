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
	s, err := c.runC(eng, view.view, st, int32(op), goOperands(in), goResults(out), opts)
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
func (c *call) runC(eng *sampler.Engine, view surface.View, st *sampler.State, op int32, in *operands, out *results, opts *C.texunit_request_options) (int, error) {
	out.kind, out.failed, out.messagesNeeded = 0, 0, 0
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
	o := optionsOf(opts)
	var t *traceOut
	if trace != nil {
		trace.count, trace.texel_bytes = 0, 0
		t = &traceOut{write: func(tr *sampler.Trace) { writeTrace(trace, tr) }}
	}
	return c.executeOpts(eng, view, st, sampler.Op(op), in, &o, out, t)
}

// optionsOf returns what opts sets in a request.
func optionsOf(opts *C.texunit_request_options) reqOptions {
	return reqOptions{derivatives: int32(opts.derivatives), projective: opts.projective == 1,
		coarsePixel: [2]float32{float32(opts.coarse_pixel[0]), float32(opts.coarse_pixel[1])}}
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
	var o reqOptions
	if options != nil {
		if options.derivatives != 0 && options.derivatives != 1 || options.projective != 0 && options.projective != 1 {
			return fail(invalid("options: derivatives %d, projective %d: want 0 or 1", options.derivatives, options.projective))
		}
		o = optionsOf(options)
	}
	s, err := footprint(eng, view.view, st, sampler.Op(op), goOperands(in), &o, sampler.FootprintQuery{Granularity: int(granularity), Coarse: coarse == 1},
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
	d, err := timeGo(eng, view.view, st, sampler.Op(op), goOperands(in), int64(iterations))
	if err != nil {
		return C.int64_t(fail(err))
	}
	return C.int64_t(d / time.Nanosecond)
}

// goOperands is texunit_operands read in place (its pointers are the
// caller's arrays, read during the call only).
func goOperands(in *C.texunit_operands) *operands { return (*operands)(unsafe.Pointer(in)) }

// goResults is texunit_results read and written in place.
func goResults(out *C.texunit_results) *results { return (*results)(unsafe.Pointer(out)) }

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
