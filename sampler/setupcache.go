package sampler

import (
	"math"
	"reflect"
	"sync/atomic"
	"unsafe"

	"github.com/texunit/texunit/sampler/internal/lanes"
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
	hot     hotRoad              // the road of the key's simplest requests (Engine.Execute)
}

// hotRoad is the road Execute sends a request of a cached set-up's key
// down before anything else, where the set-up has one and the request's
// operands have the simplest shape (setupEntry.hotMatch): the set-up's
// one-level chunks (runPlainLevels) or its fetch kernel (fetchAsm). It is
// made once, with the cache's entry (hotRoadOf), from what the set-up
// decided; what a request may change is hotMatch's to check.
type hotRoad struct {
	road   uint8     // hotNone, hotLevel or hotFetch
	coords uint8     // the coordinate operands read (Coord, or Texel for a fetch): 2, or 3 on array views
	lod    bool      // the LOD operand (Lod: LodExplicit)
	ref    bool      // the compare reference (Ref)
	kind   ValueKind // the results' kind
}

// The hot roads.
const (
	hotNone  = iota // every request takes Execute's general path (execute)
	hotLevel        // runPlainLevels: sampling and gathers with formLevel
	hotFetch        // fetchAsm: fetches with the set-up's kernel (setupFetch)
)

// hotRoadOf returns the hot road of p, the set-up of operation op: none
// for a block-compressed format (whose requests borrow decoded-block
// caches that Execute gives back), a LOD source other than an explicit
// LOD, LOD 0 or the base level, or a view with other than two spatial
// coordinates.
func hotRoadOf(p *plan, op Op) hotRoad {
	h := hotRoad{coords: uint8(p.kind.Dims()), kind: ValueFloat}
	if p.array {
		h.coords++
	}
	if p.compressed || p.sparse || p.ycc.on || p.kind.Dims() != 2 {
		return hotRoad{}
	}
	switch src := op.LodSource(); {
	case p.fast.forms&formLevel != 0 && (op.Kind() == KindSample || op.Kind() == KindGather) &&
		(src == LodExplicit || src == LodZero || src == LodBaseLevel):
		h.road, h.lod, h.ref = hotLevel, src == LodExplicit, op.Compare()
	case op == OpFetch && p.fast.fetch.kind != fetchNone:
		h.road, h.kind = hotFetch, valueKind(p.finfo.Class)
	default:
		return hotRoad{}
	}
	return h
}

// hotMatch reports whether req takes c's hot road with (p, view, st):
// its shape is the road's (a multiple of 8 lanes, every lane active, no
// offsets, coarse derivatives of 1×1 pixels, the operands the road reads
// for every lane, and no channel (sampling and gathers) or levels
// (fetches)), and c matches (p, view, st, req.Op) as matches tells. Every
// such request passes checkOperands (TestHotRoadAdmits), and
// runPlainLevels or fetchAsm takes it (plainLevelRequest, fetchAsm's own
// test): Execute runs it without them. It is one call where the shape's
// test (admits), matches, sameKey and SameKey were four (a 64-lane gather
// in Execute 48.5 → 46.5 ns, BenchmarkPlainLevel; texunit bench W1 +2 %,
// W8 +3 %): matches' parts are its inlined helpers and sameKey's two
// lines, the view's surface read once the view is the cached one.
func (c *setupEntry) hotMatch(p *Precision, view *surface.View, st *State, req *Request) bool {
	n := req.Lanes
	if n <= 0 || n&7 != 0 || req.Active != nil || req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil ||
		req.Derivatives != DerivativesCoarse || math.Float32bits(req.CoarsePixel[0])|math.Float32bits(req.CoarsePixel[1]) != 0 {
		return false
	}
	h := &c.hot
	if h.road == hotFetch {
		if !(len(req.Texel[0]) >= n && len(req.Texel[1]) >= n && (h.coords < 3 || len(req.Texel[2]) >= n) &&
			req.Level == nil && (req.Sample == nil || len(req.Sample) >= n)) {
			return false
		}
	} else if !(len(req.Coord[0]) >= n && len(req.Coord[1]) >= n && (h.coords < 3 || len(req.Coord[2]) >= n) &&
		(!h.lod || len(req.Lod) >= n) && (!h.ref || len(req.Ref) >= n) &&
		req.Channel == nil && (req.MinLod == nil || len(req.MinLod) >= n)) {
		return false
	}
	if !c.sameSetup(p, req.Op) {
		return false
	}
	if lanes.AsmKernels {
		if !lanes.SameKey((*byte)(unsafe.Pointer(&c.st)), (*byte)(unsafe.Pointer(st)),
			(*byte)(unsafe.Pointer(&c.view)), (*byte)(unsafe.Pointer(view)), &keyMask) {
			return false
		}
	} else if !(sameView(&c.view, view) && sameState(&c.st, st)) {
		return false
	}
	return c.sameData(view)
}

// setup runs x.setup for req on a pooled plan, or takes the cached plan of
// the same key. The view comes by pointer, as matches takes it: copies of
// the struct passed by value were read with 16-byte loads from its 8-byte
// stores, which no Intel core forwards (pipeline.Key.FootParams found the same).
func (e *Engine) setup(x *exec, vp *surface.View, st *State, req *Request) error {
	c := (*setupEntry)(atomic.LoadPointer(&e.last))
	if c != nil && st != nil && vp.Surface != nil && c.matches(&e.Precision, vp, st, req.Op) {
		e.hit()
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
		n := &setupEntry{prec: e.Precision, view: *vp, st: *st, op: req.Op, nofast: fastDisabled, dataLen: len(vp.Surface.Data), plan: *p,
			hot: hotRoadOf(p, req.Op)}
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

// hit notes a request that took the cached set-up: the misses start
// again from 0.
func (e *Engine) hit() {
	if atomic.LoadInt32(&e.misses) != 0 { // a store on every hit would be a locked instruction
		atomic.StoreInt32(&e.misses, 0)
	}
}

// matches reports whether c is the set-up of (p, view, st, op) on the
// surface as it is now: the same residency (the specialised path takes
// only surfaces without non-resident tiles) and texel data length.
func (c *setupEntry) matches(p *Precision, view *surface.View, st *State, op Op) bool {
	return c.sameSetup(p, op) && sameKey(&c.st, st, &c.view, view) && c.sameData(view)
}

// sameSetup is matches' test of the precision, the operation and the
// fast path's switch.
func (c *setupEntry) sameSetup(p *Precision, op Op) bool {
	return c.op == op && c.prec == *p && c.nofast == fastDisabled
}

// sameData is matches' test of the surface's residency and texel data
// length, for a view that is c's (so its surface is not nil).
func (c *setupEntry) sameData(view *surface.View) bool {
	return c.plan.sparse == view.Surface.HasNonResident() && c.dataLen == len(view.Surface.Data)
}

// sameKey is sameState(sa, sb) && sameView(va, vb): where the assembly
// runs, one AVX2 compare of the two under keyMask (lanes.SameKey), some
// twenty operations for the Go code's sixty.
func sameKey(sa, sb *State, va, vb *surface.View) bool {
	if lanes.AsmKernels {
		return lanes.SameKey((*byte)(unsafe.Pointer(sa)), (*byte)(unsafe.Pointer(sb)),
			(*byte)(unsafe.Pointer(va)), (*byte)(unsafe.Pointer(vb)), &keyMask)
	}
	return sameView(va, vb) && sameState(sa, sb)
}

// The sizes lanes.SameKey compares are State's and View's: a build where
// they differ fails here.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(State{})-lanes.StateBytes+unsafe.Sizeof(surface.View{})-lanes.ViewBytes]
	_ = [1]struct{}{}[lanes.StateBytes-unsafe.Sizeof(State{})+lanes.ViewBytes-unsafe.Sizeof(surface.View{})]
)

// keyMask is lanes.SameKey's mask: stateMask's bytes, then ones in the
// bytes of View's fields (found by reflection) and zeros in its padding.
var keyMask = func() (m [lanes.KeyBytes]byte) {
	copy(m[:], (*[stateWords * 8]byte)(unsafe.Pointer(&stateMask))[:])
	rt := reflect.TypeOf(surface.View{})
	for i := range rt.NumField() {
		f := rt.Field(i)
		for k := f.Offset; k < f.Offset+f.Type.Size(); k++ {
			m[lanes.StateBytes+k] = 0xff
		}
	}
	return m
}()

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
	// Unrolled: two independent chains of five words (State is ten words
	// today: a State of fewer fails to compile here, one of more takes the
	// loop).
	d0 := (wa[0]^wb[0])&m[0] | (wa[1]^wb[1])&m[1] | (wa[2]^wb[2])&m[2] | (wa[3]^wb[3])&m[3] | (wa[4]^wb[4])&m[4]
	d1 := (wa[5]^wb[5])&m[5] | (wa[6]^wb[6])&m[6] | (wa[7]^wb[7])&m[7] | (wa[8]^wb[8])&m[8] | (wa[9]^wb[9])&m[9]
	for i := 10; i < int(stateWords); i++ {
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
