package main

/*
#include <stdlib.h>
#include "texunit.h"
*/
import "C"

import "unsafe"

// The Go tests cannot use cgo, so this file gives them texunit_execute_many
// as C calls it: requests, operands, results and options in C memory,
// copied from and back to Go slices around one call of the export. Nothing
// in the library calls it.

// cArrays is a request's operand arrays (the tests' arrays), nil where not
// given.
type cArrays struct {
	coord, lod, bias, ref, ddx, ddy, minLod []float32
	offset, channel, texel, level, sample   []int32
	active                                  []uint8
}

// cRequest is one request of executeManyInC, with its outputs.
type cRequest struct {
	surf, smp     uint64
	op            int32
	lanes, layout int32
	offsetCount   int32
	a             cArrays
	derivatives   int32 // texunit_request_options, given when either is not 0
	projective    int32
	// The results: values (4 × lanes words), resident, errors and messages
	// (nil: not given), and the results' layout.
	values    []uint32
	resident  []uint8
	errors    []int32
	messages  []byte
	outLayout int32
	// Written by the call.
	status, kind, failed int32
	needed               uint64
}

// cCopy returns a copy of s in C memory (nil for nil), to be freed with
// the others in frees.
func cCopy[T any](s []T, frees *[]unsafe.Pointer) *T {
	if s == nil {
		return nil
	}
	var x T
	p := C.malloc(C.size_t(max(1, len(s)) * int(unsafe.Sizeof(x))))
	*frees = append(*frees, p)
	copy(unsafe.Slice((*T)(p), len(s)), s)
	return (*T)(p)
}

// cBack copies n values from C memory at p back into s.
func cBack[T any](s []T, p *T) {
	if s != nil && p != nil {
		copy(s, unsafe.Slice(p, len(s)))
	}
}

// executeManyInC runs reqs through texunitGoExecuteMany from C memory and
// returns its status, with each request's outputs copied back.
func executeManyInC(engine uint64, reqs []cRequest) int {
	var frees []unsafe.Pointer
	defer func() {
		for _, p := range frees {
			C.free(p)
		}
	}()
	var creqs *C.texunit_request
	if len(reqs) > 0 {
		p := C.calloc(C.size_t(len(reqs)), C.size_t(unsafe.Sizeof(C.texunit_request{})))
		frees = append(frees, p)
		creqs = (*C.texunit_request)(p)
	}
	all := unsafe.Slice(creqs, len(reqs))
	var lastOpts *C.texunit_request_options // shared by consecutive requests with the same options
	for i := range reqs {
		r, c := &reqs[i], &all[i]
		c.surface.id, c.sampler.id, c.op = C.uint64_t(r.surf), C.uint64_t(r.smp), C.int32_t(r.op)
		c.in.lanes, c.in.layout, c.in.offset_count = C.int32_t(r.lanes), C.int32_t(r.layout), C.int32_t(r.offsetCount)
		c.in.coord = (*C.float)(cCopy(r.a.coord, &frees))
		c.in.lod = (*C.float)(cCopy(r.a.lod, &frees))
		c.in.bias = (*C.float)(cCopy(r.a.bias, &frees))
		c.in.ref = (*C.float)(cCopy(r.a.ref, &frees))
		c.in.ddx = (*C.float)(cCopy(r.a.ddx, &frees))
		c.in.ddy = (*C.float)(cCopy(r.a.ddy, &frees))
		c.in.min_lod = (*C.float)(cCopy(r.a.minLod, &frees))
		c.in.offset = (*C.int32_t)(cCopy(r.a.offset, &frees))
		c.in.channel = (*C.int32_t)(cCopy(r.a.channel, &frees))
		c.in.texel = (*C.int32_t)(cCopy(r.a.texel, &frees))
		c.in.level = (*C.int32_t)(cCopy(r.a.level, &frees))
		c.in.sample = (*C.int32_t)(cCopy(r.a.sample, &frees))
		c.in.active = (*C.uint8_t)(cCopy(r.a.active, &frees))
		c.out.values = unsafe.Pointer(cCopy(r.values, &frees))
		c.out.resident = (*C.uint8_t)(cCopy(r.resident, &frees))
		c.out.errors = (*C.int32_t)(cCopy(r.errors, &frees))
		c.out.messages = (*C.char)(unsafe.Pointer(cCopy(r.messages, &frees)))
		c.out.messages_size = C.size_t(len(r.messages))
		c.out.layout = C.int32_t(r.outLayout)
		if r.derivatives != 0 || r.projective != 0 {
			o := lastOpts
			if o == nil || o.derivatives != C.int32_t(r.derivatives) || o.projective != C.int32_t(r.projective) {
				o = (*C.texunit_request_options)(C.calloc(1, C.size_t(unsafe.Sizeof(C.texunit_request_options{}))))
				frees = append(frees, unsafe.Pointer(o))
				o.derivatives, o.projective = C.int32_t(r.derivatives), C.int32_t(r.projective)
			}
			c.options, lastOpts = o, o
		}
	}
	status := int(texunitGoExecuteMany(C.uint64_t(engine), C.size_t(len(reqs)), creqs))
	for i := range reqs {
		r, c := &reqs[i], &all[i]
		cBack(r.values, (*uint32)(c.out.values))
		cBack(r.resident, (*uint8)(c.out.resident))
		cBack(r.errors, (*int32)(c.out.errors))
		cBack(r.messages, (*byte)(unsafe.Pointer(c.out.messages)))
		r.status, r.kind, r.failed, r.needed = int32(c.status), int32(c.out.kind), int32(c.out.failed), uint64(c.out.messages_needed)
	}
	return status
}

// executeManyNil calls the export with no requests array and count n.
func executeManyNil(engine uint64, n int) int {
	return int(texunitGoExecuteMany(C.uint64_t(engine), C.size_t(n), nil))
}

// lastError is this thread's texunit_last_error (the caller locks its
// goroutine to the thread around the failing call and this).
func lastError() string { return C.GoString(C.texunit_last_error()) }
