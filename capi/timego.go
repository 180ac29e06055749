package main

/*
#include "texunit.h"
*/
import "C"

import (
	"fmt"
	"slices"
	"time"
	"unsafe"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// goRequest is one request of texunit_time_go_many as the Go library
// runs it: Go-owned operands and Go-owned result rows of its own.
type goRequest struct {
	view     surface.View
	st       *sampler.State
	req      sampler.Request
	bits     [4][]uint32
	resident []bool
	// built is the call that built req, kept for the whole export so
	// that the scratch of two requests' transposed operands are never at
	// one address (goCopies would take the second for the first).
	built *call
}

// goCopies makes Go-owned copies of the caller's arrays, one for each
// array however many requests name it, so that requests sharing an array
// share its copy as they share the array.
type goCopies map[unsafe.Pointer]any

// cloneShared returns the Go copy of s: the one made before for the same
// array, else a new one.
func cloneShared[T any](m goCopies, s []T) []T {
	if len(s) == 0 {
		return s
	}
	k := unsafe.Pointer(unsafe.SliceData(s))
	if c, ok := m[k].([]T); ok && len(c) == len(s) {
		return c
	}
	c := slices.Clone(s)
	m[k] = c
	return c
}

// goOwned replaces every operand slice of req by its Go copy.
func goOwned(m goCopies, req *sampler.Request) {
	for k := range req.Coord {
		req.Coord[k] = cloneShared(m, req.Coord[k])
		req.Texel[k] = cloneShared(m, req.Texel[k])
	}
	for k := range req.DDX {
		req.DDX[k], req.DDY[k], req.Offset[k] = cloneShared(m, req.DDX[k]), cloneShared(m, req.DDY[k]), cloneShared(m, req.Offset[k])
	}
	req.Lod, req.Bias, req.Ref, req.MinLod = cloneShared(m, req.Lod), cloneShared(m, req.Bias), cloneShared(m, req.Ref), cloneShared(m, req.MinLod)
	req.Level, req.Sample = cloneShared(m, req.Level), cloneShared(m, req.Sample)
	req.Active, req.Channel = cloneShared(m, req.Active), cloneShared(m, req.Channel)
}

// timeGoMany runs reqs rounds times, in order, through eng with one
// sampler.Result whose rows are each request's own (as the C interface
// gives the engine the caller's component-major rows), after one warm
// round, and returns the time the Engine.Execute calls took.
func timeGoMany(eng *sampler.Engine, reqs []goRequest, rounds int64) (time.Duration, error) {
	var res sampler.Result
	run := func(r *goRequest) error {
		res.Bits, res.Resident = r.bits, r.resident
		return eng.Execute(r.view, r.st, &r.req, &res)
	}
	for i := range reqs {
		if err := run(&reqs[i]); err != nil {
			return 0, fmt.Errorf("requests[%d]: %w", i, requestError(err))
		}
	}
	start := time.Now()
	for k := int64(0); k < rounds; k++ {
		for i := range reqs {
			if err := run(&reqs[i]); err != nil {
				return 0, fmt.Errorf("requests[%d]: %w", i, requestError(err))
			}
		}
	}
	return time.Since(start), nil
}

//export texunitGoTimeGoMany
func texunitGoTimeGoMany(engine C.uint64_t, count C.size_t, reqs *C.texunit_request, rounds C.int64_t) (ns C.int64_t) {
	var status C.int
	defer func() {
		guard(&status)
		if status != 0 {
			ns = C.int64_t(status)
		}
	}()
	switch {
	case reqs == nil && count > 0:
		return C.int64_t(missing("requests"))
	case uint64(count) > maxRequests:
		return C.int64_t(fail(invalid("count: %d is out of range (0..%d)", uint64(count), maxRequests)))
	case rounds < 1:
		return C.int64_t(fail(invalid("rounds: %d (want at least 1)", rounds)))
	}
	eng, err := engineOf(engine)
	if err != nil {
		return C.int64_t(fail(err))
	}
	if count == 0 {
		return 0
	}
	all := unsafe.Slice(reqs, int(count))
	runs := make([]goRequest, len(all))
	copies := goCopies{}
	var hc handleCache
	for i := range all {
		if err := goRequestOf(&runs[i], &hc, copies, &all[i]); err != nil {
			return C.int64_t(fail(fmt.Errorf("requests[%d]: %w", i, err)))
		}
	}
	d, err := timeGoMany(eng, runs, int64(rounds))
	if err != nil {
		return C.int64_t(fail(err))
	}
	return C.int64_t(d / time.Nanosecond)
}

// engineOf looks up an engine handle (0: the shared exact engine).
func engineOf(engine C.uint64_t) (*sampler.Engine, error) {
	if engine == 0 {
		return &sharedEngine, nil
	}
	o, err := lookup(kindEngine, uint64(engine))
	if err != nil {
		return nil, &statusError{statusHandle, err}
	}
	return o.eng, nil
}

// goRequestOf sets g to r's request with Go-owned operands and result rows,
// checked as texunit_execute_many checks it (r's outputs are not written).
func goRequestOf(g *goRequest, hc *handleCache, copies goCopies, r *C.texunit_request) error {
	surf, st, err := hc.objects(uint64(r.surface.id), uint64(r.sampler.id))
	if err != nil {
		return err
	}
	var opts *reqOptions
	if r.options != nil {
		if d, p := r.options.derivatives, r.options.projective; d != 0 && d != 1 || p != 0 && p != 1 {
			return invalid("options: derivatives %d, projective %d: want 0 or 1", d, p)
		}
		v := optionsOf(r.options)
		opts = &v
	}
	return g.set(surf.view, st, int(r.op), goOperands(&r.in), opts, copies)
}

// set makes g the request op of in on view with st: Go-owned copies of
// in's arrays (from copies, or made and kept there) and result rows of its
// own.
func (g *goRequest) set(view surface.View, st *sampler.State, op int, in *operands, opts *reqOptions, copies goCopies) error {
	if op < 0 || op >= numOps {
		return invalid("op: %d is not an operation (0..%d)", op, numOps-1)
	}
	c := new(call)
	if err := c.build(sampler.Op(op), view.Surface.Kind, in, opts); err != nil {
		return err
	}
	g.view, g.st, g.req, g.built = view, st, c.req, c
	goOwned(copies, &g.req)
	n := int(in.lanes)
	for k := range g.bits {
		g.bits[k] = make([]uint32, n)
	}
	g.resident = make([]bool, n)
	return nil
}
