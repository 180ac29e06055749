//go:build linux

package main

import (
	"syscall"
	"testing"
	"unsafe"

	"github.com/texunit/texunit/sampler"
)

// guarded returns n values of T that end where an inaccessible page
// begins, so that any read past them faults.
func guarded[T any](t *testing.T, n int) []T {
	t.Helper()
	page := syscall.Getpagesize()
	var x T
	size := n * int(unsafe.Sizeof(x))
	pages := (size+page-1)/page + 1
	mem, err := syscall.Mmap(-1, 0, pages*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[(pages-1)*page:], syscall.PROT_NONE); err != nil {
		t.Skip(err)
	}
	end := (pages - 1) * page
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[end-size])), n)
}

// TestOperandsInPlace reads component-major operands and writes
// component-major results in place: each array ends at an inaccessible
// page, so a kernel that read or wrote past a request's lanes would fault. Every lane count up to 70 on the paths the lane
// loop and its assembly take.
func TestOperandsInPlace(t *testing.T) {
	s, err := newSurface(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64, "levels": 0}`)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := newSampler(`{"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 8}`)
	for n := 1; n <= 70; n++ {
		coord := guarded[float32](t, 2*n)
		for i := range coord {
			coord[i] = float32(i%17) / 13
		}
		lod := guarded[float32](t, n)
		grad := guarded[float32](t, 2*n)
		for i := range grad {
			grad[i] = float32(i%5) / 40
		}
		texel := guarded[int32](t, 2*n)
		for i := range texel {
			texel[i] = int32(i % 70)
		}
		chans := guarded[int32](t, n)
		for _, c := range []struct {
			op sampler.Op
			in operands
		}{
			{sampler.OpSampleL, operands{coord: &coord[0], lod: &lod[0]}},
			{sampler.OpSampleLZ, operands{coord: &coord[0]}},
			{sampler.OpSampleD, operands{coord: &coord[0], ddx: &grad[0], ddy: &grad[0]}},
			{sampler.OpGather4, operands{coord: &coord[0], channel: &chans[0]}},
			{sampler.OpFetch, operands{texel: &texel[0]}},
		} {
			c.in.lanes, c.in.layout = int32(n), componentMajor
			out := newOutput(n)
			// The results too: written in place, within the lanes.
			values, resident := guarded[uint32](t, 4*n), guarded[uint8](t, n)
			out.r.values, out.r.resident, out.r.layout = unsafe.Pointer(&values[0]), &resident[0], componentMajor
			if _, err := execute(&sampler.Engine{}, s.view, st, c.op, &c.in, &out.r, nil); err != nil {
				t.Fatalf("%s, %d lanes: %v", c.op, n, err)
			}
		}
	}
}
