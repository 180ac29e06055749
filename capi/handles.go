package main

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// The handles C holds are 64-bit ids, never pointers: the kind of object
// in the top 8 bits, the slot's generation in the next 24 and the slot's
// index in the low 32. An id of a freed object (its slot's generation has
// moved on), of another kind or of no slot at all is refused, so a stale
// or forged handle is an error rather than a crash or a wrong object.
//
// Looking a handle up takes two atomic loads and no lock: the slots live
// in pages that never move, found through a fixed directory. Making and
// freeing handles take a mutex.

// handleKind is the kind of object a handle names.
type handleKind uint8

const (
	kindSurface handleKind = 1 + iota
	kindSampler
	kindEngine
)

func (k handleKind) String() string {
	switch k {
	case kindSurface:
		return "surface"
	case kindSampler:
		return "sampler"
	case kindEngine:
		return "engine"
	}
	return fmt.Sprintf("handle kind %d", uint8(k))
}

// object is what a live handle names: one of the three, by kind.
type object struct {
	kind handleKind
	gen  uint32
	surf *surfaceObject
	st   *sampler.State
	eng  *sampler.Engine
}

// surfaceObject is a surface handle's view and what made it.
type surfaceObject struct {
	view surface.View
}

const (
	pageBits  = 10
	pageSize  = 1 << pageBits
	dirSize   = 1 << 14 // 16 Mi handles alive at once
	genBits   = 24
	genMask   = 1<<genBits - 1
	indexMask = 1<<32 - 1
)

type page [pageSize]atomic.Pointer[object]

// table is the process's handles.
var table struct {
	dir [dirSize]atomic.Pointer[page]

	mu   sync.Mutex
	gens []uint32 // each slot's current generation (of its next object)
	free []uint32 // slots without an object
}

// errHandle is the error of a handle that names no live object of the
// wanted kind.
type errHandle struct {
	want handleKind
	id   uint64
}

func (e *errHandle) Error() string {
	if e.id == 0 {
		return fmt.Sprintf("%s: the handle is zero (no %s)", e.want, e.want)
	}
	if k := handleKind(e.id >> 56); k != e.want && k >= kindSurface && k <= kindEngine {
		return fmt.Sprintf("%s: handle %#x is a %s handle, not a %s", e.want, e.id, k, e.want)
	}
	return fmt.Sprintf("%s: handle %#x names no live %s (freed, or never made)", e.want, e.id, e.want)
}

// newHandle stores o and returns its id.
func newHandle(o *object) (uint64, error) {
	table.mu.Lock()
	defer table.mu.Unlock()
	var idx uint32
	if len(table.free) > 0 {
		// Oldest first, so that a slot's generation wraps (after 2²⁴
		// objects) as late as it can.
		idx = table.free[0]
		table.free = table.free[1:]
	} else {
		if len(table.gens) >= dirSize*pageSize {
			return 0, fmt.Errorf("%s: %d handles are alive, the most there can be", o.kind, len(table.gens))
		}
		idx = uint32(len(table.gens))
		table.gens = append(table.gens, 0)
		if idx%pageSize == 0 {
			table.dir[idx>>pageBits].Store(new(page))
		}
	}
	o.gen = table.gens[idx]
	table.dir[idx>>pageBits].Load()[idx&(pageSize-1)].Store(o)
	return uint64(o.kind)<<56 | uint64(o.gen)<<32 | uint64(idx), nil
}

// lookup returns the live object id names, if it is of kind k.
func lookup(k handleKind, id uint64) (*object, error) {
	idx := uint32(id & indexMask)
	if handleKind(id>>56) == k && idx>>pageBits < dirSize {
		if p := table.dir[idx>>pageBits].Load(); p != nil {
			o := p[idx&(pageSize-1)].Load()
			if o != nil && o.kind == k && uint64(o.gen) == id>>32&genMask {
				return o, nil
			}
		}
	}
	return nil, &errHandle{want: k, id: id}
}

// freeHandle drops the object id names. A call in flight that looked it up
// before keeps it alive until it returns.
func freeHandle(k handleKind, id uint64) error {
	table.mu.Lock()
	defer table.mu.Unlock()
	if _, err := lookup(k, id); err != nil {
		return err
	}
	idx := uint32(id & indexMask)
	table.dir[idx>>pageBits].Load()[idx&(pageSize-1)].Store(nil)
	table.gens[idx] = (table.gens[idx] + 1) & genMask
	handleFrees.Add(1)
	table.free = append(table.free, idx)
	return nil
}
