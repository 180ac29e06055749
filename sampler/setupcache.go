package sampler

import (
	"reflect"
	"sync/atomic"
	"unsafe"

	"github.com/texunit/texunit/surface"
)

// The set-up cache. A request's set-up — validating the precision, the
// view and the sampler state, and deriving the format's decoder, the
// swizzle, the border, the level tables of the specialised path and the
// lane loop's choice — depends only on (precision, view, state, operation),
// which a simulator replaying a draw repeats for every request. Each Engine
// keeps the set-up of its last distinct key as an immutable setupEntry;
// a request with the same key (the state compared bit for bit, so that
// −0 and +0 differ) shares its plan, read-only, and runs only the
// request's own checks (checkOperands). The entry is replaced after missMax consecutive misses, so
// that requests alternating between a few keys keep one of them cached
// and allocate nothing, and a new key is cached after a few requests.

// missMax is the number of consecutive misses after which a new key
// replaces the cached one.
const missMax = 4

// setupEntry is a finished set-up and its key.
type setupEntry struct {
	prec    Precision
	view    surface.View
	st      State
	op      Op
	nofast  bool                 // fastDisabled (tests' reference path)
	dataLen int                  // len(view.Surface.Data)
	plan    plan                 // the set-up (its caches of decoded blocks are the requests')
	levels  [maxLevels]fastLevel // plan.fast.levels
}

// setup runs x.setup for req on a pooled plan, or takes the cached plan of
// the same key. The view comes by pointer, as matches takes it: copies of
// the struct passed by value were read with 16-byte loads from its 8-byte
// stores, which no Intel core forwards (pipeline.Key.FootParams found the same).
func (e *Engine) setup(x *exec, vp *surface.View, st *State, req *Request) error {
	c := (*setupEntry)(atomic.LoadPointer(&e.last))
	if c != nil && st != nil && vp.Surface != nil && c.matches(&e.Precision, vp, st, req.Op) {
		if atomic.LoadInt32(&e.misses) != 0 { // a store on every hit would be a locked instruction
			atomic.StoreInt32(&e.misses, 0)
		}
		x.plan, x.st = &c.plan, st // shared, not copied: nothing writes a plan once set up
		if req.Lanes < 0 {
			return reqErr("lanes: %d is negative", req.Lanes)
		}
		if x.shaped {
			return nil // checkOperands passed on a request of the shape (Result.shaped)
		}
		return x.checkOperands(req) // the cached set-up passed checkOpState
	}
	// A plan of its own for this request, from the pool (Execute releases
	// it); the cache copies it.
	p := planPool.Get().(*plan)
	*p = plan{}
	x.plan, x.pooled = p, true
	if err := x.setup(e.Precision, *vp, st, req); err != nil {
		return err
	}
	if c == nil || atomic.AddInt32(&e.misses, 1) >= missMax {
		atomic.StoreInt32(&e.misses, 0)
		n := &setupEntry{prec: e.Precision, view: *vp, st: *st, op: req.Op, nofast: fastDisabled, dataLen: len(vp.Surface.Data), plan: *p}
		if p.fast.levels != nil {
			n.levels = *p.fast.levels
			n.plan.fast.levels, n.plan.fast.pooledLevels = &n.levels, false
			if n.plan.fast.plan.Levels != nil { // the lane pipeline's plan reads the same table
				n.plan.fast.plan.Levels = &n.levels
			}
		}
		atomic.StorePointer(&e.last, unsafe.Pointer(n))
	}
	return nil
}

// matches reports whether c is the set-up of (p, view, st, op) on the
// surface as it is now: the same residency (the specialised path takes
// only surfaces without non-resident tiles) and texel data length.
func (c *setupEntry) matches(p *Precision, view *surface.View, st *State, op Op) bool {
	return c.op == op && sameView(&c.view, view) && c.prec == *p && c.nofast == fastDisabled && sameState(&c.st, st) &&
		c.plan.sparse == view.Surface.HasNonResident() && c.dataLen == len(view.Surface.Data)
}

// sameView is view == *b, field by field: the compiler's comparison of
// the struct calls memequal for its byte fields, a tenth of a fetch
// request's time (TestSameViewCoversEveryField).
func sameView(a, b *surface.View) bool {
	return a.Surface == b.Surface && a.BaseLevel == b.BaseLevel && a.Levels == b.Levels &&
		a.BaseLayer == b.BaseLayer && a.Layers == b.Layers && a.Aspect == b.Aspect &&
		*(*uint32)(unsafe.Pointer(&a.Swizzle)) == *(*uint32)(unsafe.Pointer(&b.Swizzle))
}

// sameState reports whether a and b have the same bits in every field
// (TestSameStateCoversEveryField): the two states compared as 64-bit
// words, with the padding between fields masked out (stateMask).
func sameState(a, b *State) bool {
	wa := (*[stateWords]uint64)(unsafe.Pointer(a))
	wb := (*[stateWords]uint64)(unsafe.Pointer(b))
	m := &stateMask
	// Unrolled: two independent chains of four words.
	d0 := (wa[0]^wb[0])&m[0] | (wa[1]^wb[1])&m[1] | (wa[2]^wb[2])&m[2] | (wa[3]^wb[3])&m[3]
	d1 := (wa[4]^wb[4])&m[4] | (wa[5]^wb[5])&m[5] | (wa[6]^wb[6])&m[6] | (wa[7]^wb[7])&m[7]
	for i := 8; i < int(stateWords); i++ { // none today; State may grow
		d0 |= (wa[i] ^ wb[i]) & m[i]
	}
	return d0|d1 == 0
}

// stateWords is the size of State in 64-bit words (its float64 border
// colour aligns it to 8 bytes).
const stateWords = unsafe.Sizeof(State{}) / 8

// stateMask has ones in the bytes of State's fields and zeros in its
// padding, found by reflection so that no field can be left out.
var stateMask = func() (m [stateWords]uint64) {
	b := (*[stateWords * 8]byte)(unsafe.Pointer(&m)) // in the machine's byte order, as sameState reads
	rt := reflect.TypeOf(State{})
	for i := range rt.NumField() {
		f := rt.Field(i)
		for k := f.Offset; k < f.Offset+f.Type.Size(); k++ {
			b[k] = 0xff
		}
	}
	return m
}()
