package sampler

import (
	"math"
	"sync/atomic"
	"unsafe"

	"texunit/surface"
)

// The set-up cache. A request's set-up — validating the precision, the
// view and the sampler state, and deriving the format's decoder, the
// swizzle, the border, the level tables of the specialised path and the
// lane loop's choice — depends only on (precision, view, state, operation),
// which a simulator replaying a draw repeats for every request. Each Engine
// keeps the set-up of its last distinct key as an immutable setupEntry;
// a request with the same key (the state compared bit for bit, so that
// −0 and +0 differ) copies it and runs only the request's own checks
// (checkOp). The entry is replaced after missMax consecutive misses, so
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
	x       exec                 // st is the caller's pointer; blocks is nil (block-compressed formats are not cached)
	levels  [maxLevels]fastLevel // x.fast.levels
}

// setup runs x.setup for req, or copies the cached set-up of the same key.
func (e *Engine) setup(x *exec, view surface.View, st *State, req *Request) error {
	c := (*setupEntry)(atomic.LoadPointer(&e.last))
	if c != nil && st != nil && view.Surface != nil && c.matches(e.Precision, view, st, req.Op) {
		if atomic.LoadInt32(&e.misses) != 0 { // a store on every hit would be a locked instruction
			atomic.StoreInt32(&e.misses, 0)
		}
		*x = c.x
		x.st = st
		if req.Lanes < 0 {
			return reqErr("lanes: %d is negative", req.Lanes)
		}
		return x.checkOp(req)
	}
	if err := x.setup(e.Precision, view, st, req); err != nil || x.blocks != nil {
		return err
	}
	if c == nil || atomic.AddInt32(&e.misses, 1) >= missMax {
		atomic.StoreInt32(&e.misses, 0)
		n := &setupEntry{prec: e.Precision, view: view, st: *st, op: req.Op, nofast: fastDisabled, dataLen: len(view.Surface.Data), x: *x}
		if x.fast.levels != nil {
			n.levels = *x.fast.levels
			n.x.fast.levels, n.x.fast.pooledLevels = &n.levels, false
		}
		atomic.StorePointer(&e.last, unsafe.Pointer(n))
	}
	return nil
}

// matches reports whether c is the set-up of (p, view, st, op) on the
// surface as it is now: the same residency (the specialised path takes
// only surfaces without non-resident tiles) and texel data length.
func (c *setupEntry) matches(p Precision, view surface.View, st *State, op Op) bool {
	return c.op == op && c.view == view && c.prec == p && c.nofast == fastDisabled && sameState(&c.st, st) &&
		c.x.sparse == view.Surface.HasNonResident() && c.dataLen == len(view.Surface.Data)
}

// sameState reports whether a and b have the same bits in every field
// (TestSameStateCoversEveryField).
func sameState(a, b *State) bool {
	f32 := math.Float32bits
	f64 := math.Float64bits
	return a.MagFilter == b.MagFilter && a.MinFilter == b.MinFilter && a.MipFilter == b.MipFilter &&
		a.Address == b.Address && a.Border == b.Border &&
		f64(a.BorderColor[0]) == f64(b.BorderColor[0]) && f64(a.BorderColor[1]) == f64(b.BorderColor[1]) &&
		f64(a.BorderColor[2]) == f64(b.BorderColor[2]) && f64(a.BorderColor[3]) == f64(b.BorderColor[3]) &&
		f32(a.LodBias) == f32(b.LodBias) && f32(a.MinLod) == f32(b.MinLod) && f32(a.MaxLod) == f32(b.MaxLod) &&
		f32(a.MaxAnisotropy) == f32(b.MaxAnisotropy) && a.Compare == b.Compare && a.Reduction == b.Reduction &&
		a.Unnormalized == b.Unnormalized && a.NonSeamless == b.NonSeamless
}
