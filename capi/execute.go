package main

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/texunit/texunit/capi/internal/transpose"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Status codes (texunit.h).
const (
	statusOK         = 0
	statusLaneErrors = 1
	statusInvalid    = -1
	statusHandle     = -2
	statusRequest    = -3
	statusFile       = -4
	statusMemory     = -5
	statusInternal   = -6
)

// Lane error codes (texunit.h).
const (
	laneOK      = 0
	laneOffset  = 1
	laneChannel = 2
	laneSample  = 3
	laneOther   = 4
)

// Layouts (texunit.h).
const (
	laneMajor      = 0
	componentMajor = 1
)

// maxLanes bounds one request, so that every lanes × components product
// and byte count fits comfortably in an int32 and an int.
const maxLanes = 1 << 24

// operands is texunit_operands with Go types, field for field, so that
// the C structure is read where it is (TestLayouts): the caller's arrays
// (C memory, or Go memory in the tests), nil where not given.
type operands struct {
	lanes, layout int32
	coord         *float32
	lod           *float32
	bias          *float32
	ref           *float32
	ddx, ddy      *float32
	offset        *int32
	offsetCount   int32
	channel       *int32
	texel         *int32
	level         *int32
	sample        *int32
	minLod        *float32
	active        *uint8
}

// reqOptions is what texunit_request_options sets in a request (its
// trace aside); nil and the zero value are none.
type reqOptions struct {
	derivatives int32
	projective  bool
	coarsePixel [2]float32
}

// results is texunit_results with Go types, field for field (read and
// written in place: TestLayouts).
type results struct {
	values       unsafe.Pointer // lanes × 4 uint32
	resident     *uint8
	errors       *int32
	messages     *byte
	messagesSize uintptr
	layout       int32 // of values
	// Written by execute:
	kind           int32
	failed         int32
	messagesNeeded uintptr
}

// statusError is an error with the status code it is reported with.
type statusError struct {
	status int
	err    error
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

func invalid(format string, args ...any) error {
	return &statusError{statusInvalid, fmt.Errorf(format, args...)}
}

// The operands as bits, in the batch's order of lane fields (which
// orders the messages when several are wrong).
const (
	opCoord = 1 << iota
	opLod
	opBias
	opRef
	opDDX
	opDDY
	opOffset
	opChannel
	opTexel
	opLevel
	opSample
	opMinLod
	numOperands = iota
)

var operandNames = [numOperands]string{"coord", "lod", "bias", "ref", "ddx", "ddy", "offset", "channel", "texel", "level", "sample", "min_lod"}

// usesOf returns the operands an operation takes: the batch's lane fields
// (batch/lanes.go, operandsOf), so that a request is refused here exactly
// where a batch lane with the field would be.
func usesOf(op sampler.Op) uint32 {
	k := op.Kind()
	var u uint32
	set := func(bit uint32, on bool) {
		if on {
			u |= bit
		}
	}
	set(opCoord, k == sampler.KindSample || k == sampler.KindLodQuery || k == sampler.KindGather)
	set(opLod, op.LodSource() == sampler.LodExplicit)
	set(opBias, op.LodSource() == sampler.LodBias)
	set(opDDX|opDDY, op.LodSource() == sampler.LodGradient)
	set(opRef, op.Compare())
	set(opOffset, k == sampler.KindSample || k == sampler.KindGather || k == sampler.KindFetch)
	set(opChannel, k == sampler.KindGather && !op.Compare())
	set(opTexel, k == sampler.KindFetch)
	set(opLevel, op == sampler.OpFetch || op == sampler.OpResInfo)
	set(opSample, op == sampler.OpFetchMS || op == sampler.OpSamplePos)
	set(opMinLod, k == sampler.KindSample || k == sampler.KindLodQuery ||
		(k == sampler.KindGather && op.LodSource() != sampler.LodBaseLevel))
	return u
}

// numOps is the number of operations; opUses their operands.
var (
	numOps = len(sampler.Ops())
	opUses = func() []uint32 {
		u := make([]uint32, numOps)
		for i := range u {
			u[i] = usesOf(sampler.Op(i))
		}
		return u
	}()
)

// needs is the operands an operation needs on its active lanes (coord on
// every lane): all it takes but offset, channel, level, sample and min_lod,
// which default to 0 (min_lod: none).
const needs = opCoord | opLod | opBias | opRef | opDDX | opDDY | opTexel

// call is one request's working memory, pooled so that a call allocates
// nothing once its pool holds one of the size it needs.
type call struct {
	req sampler.Request
	// shape is which of req's fields the last build set, or the zero
	// reqShape when req is all zero: a build of the same shape sets every
	// field the last one did, so it need not clear req first.
	shape reqShape
	// binds is how the last build set req from the operands' arrays, one
	// entry an operand (nbind of them): what rebind does again for a
	// request of the same shape on other arrays.
	binds [numOperands + 1]binding
	nbind int
	// rebindable says that the last build succeeded on a request with an
	// active lane: another request of its shape can be rebound.
	rebindable bool
	res        sampler.Result // the engine's result in its own memory
	// inPlace is the engine's result over the caller's component-major
	// rows during a call (and resident its own flags where the caller
	// gives none).
	inPlace sampler.Result
	// inPlaceShaped is inPlace's shaped flag (shapedFlag), once a
	// request has been rebound.
	inPlaceShaped *bool
	resident      []bool
	f32           []float32 // transposed lane-major float operands, and zeros
	i32           []int32   // transposed lane-major integer operands, and zeros
	active        []bool
	channel       []uint8
	trace         sampler.Trace // a traced call's footprint (texunitGoExecuteTraced)
	// many is the shape of the last request of a texunit_execute_many
	// call on c (manyRun.last), kept for the next call on c (keepShape,
	// takeShape) with the engine it ran on and the handles freed when it
	// began; clearRequest drops it.
	many      shape
	manyEng   *sampler.Engine
	manyFrees uint64
}

var calls = sync.Pool{New: func() any { return new(call) }}

// clearRequest drops every operand slice and result row, so that the
// pooled call keeps no pointer to the caller's memory.
func (c *call) clearRequest() {
	c.req, c.shape, c.nbind, c.rebindable = sampler.Request{}, reqShape{}, 0, false
	c.binds = [numOperands + 1]binding{}
	c.inPlace.Bits, c.inPlace.Resident = [4][]uint32{}, nil
	c.many.ok, c.manyEng = false, nil
}

// reqShape says which fields of a request build sets: those of the
// operation's operands, of the given ones and of active, with nCoord and
// nGrad components.
type reqShape struct {
	op            sampler.Op
	given         uint32
	active        bool
	nCoord, nGrad int8
	set           bool // not the zero shape
}

// A binding is how build set one operand of c.req from the caller's
// array: the operand's pointer at offset src in operands, and the n slices
// of req from dst on.
type binding struct {
	dst  unsafe.Pointer // the operand's first slice in c.req ([]float32, []int32, []bool or []uint8)
	src  uintptr        // the offset of the operand's pointer in operands
	n    int32          // components
	kind int32
}

// The kinds of binding.
const (
	bindInPlace   = iota // n slices of the caller's component-major (or one-component) array
	bindTranspose        // n slices of scratch, a transposed copy of the caller's lane-major array
	bindActive           // the caller's bytes as bools (c.active)
	bindChannel          // the caller's int32 channels as bytes (c.channel), each checked
)

// operandOffsets is the offset of each operand's pointer in operands, by
// its bit's index (opCoord ... opMinLod), and of active after them.
var operandOffsets = [numOperands + 1]uintptr{
	unsafe.Offsetof(operands{}.coord), unsafe.Offsetof(operands{}.lod), unsafe.Offsetof(operands{}.bias),
	unsafe.Offsetof(operands{}.ref), unsafe.Offsetof(operands{}.ddx), unsafe.Offsetof(operands{}.ddy),
	unsafe.Offsetof(operands{}.offset), unsafe.Offsetof(operands{}.channel), unsafe.Offsetof(operands{}.texel),
	unsafe.Offsetof(operands{}.level), unsafe.Offsetof(operands{}.sample), unsafe.Offsetof(operands{}.minLod),
	unsafe.Offsetof(operands{}.active),
}

// The operands' bit indexes (opCoord is 1<<iCoord, ...), and active's
// after them: their indexes in operandOffsets.
const (
	iCoord = iota
	iLod
	iBias
	iRef
	iDDX
	iDDY
	iOffset
	iChannel
	iTexel
	iLevel
	iSample
	iMinLod
	opActive
)

var _ = [1]struct{}{}[opActive-numOperands] // one index an operand

// bind records a binding of the operand with bit index op.
func (c *call) bind(op int, kind int32, dst unsafe.Pointer, n int) {
	c.binds[c.nbind] = binding{dst: dst, src: operandOffsets[op], n: int32(n), kind: kind}
	c.nbind++
}

// counts returns the values per lane of coord and texel, and of the
// gradients, for a surface of kind k (the batch's nCoord and nGrad).
func counts(k surface.Kind) (nCoord, nGrad int) {
	nCoord = k.Dims()
	if k.IsArray() {
		nCoord++
	}
	return nCoord, k.Dims()
}

// split sets dst to the n component slices of lanes values each of the
// component-major array at p: the caller's memory itself.
func split[T float32 | int32](p *T, lanes int, dst [][]T) {
	var x T
	stride := uintptr(lanes) * unsafe.Sizeof(x)
	for c := range dst {
		dst[c] = unsafe.Slice((*T)(unsafe.Add(unsafe.Pointer(p), uintptr(c)*stride)), lanes)
	}
}

// components sets dst to the n component slices of lanes values each
// that the array at p holds in the given layout: the caller's memory
// itself for component-major arrays and one-component ones, else a
// transposed copy in scratch (from *used on). It records the binding of
// operand op in c.
func components[T float32 | int32](c *call, op int, p *T, n, lanes, layout int, scratch []T, used *int, dst [][]T) {
	dst = dst[:n]
	if layout == componentMajor || n == 1 {
		split(p, lanes, dst)
		c.bind(op, bindInPlace, unsafe.Pointer(&dst[0]), n)
		return
	}
	for k := range dst {
		dst[k] = scratch[*used : *used+lanes : *used+lanes]
		*used += lanes
	}
	c.bind(op, bindTranspose, unsafe.Pointer(&dst[0]), n)
	transposeIn(p, dst)
}

// word is the operands' 32-bit types.
type word interface{ float32 | int32 | uint32 }

// transposeIn splits the lanes × n values at p (lane-major) into the n
// component slices dst, of one length.
func transposeIn[T word](p *T, dst [][]T) {
	if len(dst[0]) == 0 {
		return
	}
	all := unsafe.Slice(p, len(dst)*len(dst[0]))
	switch len(dst) {
	case 2:
		transpose.Split2(words(all), words(dst[0]), words(dst[1]))
	case 3:
		transpose3(all, dst[0], dst[1], dst[2])
	default:
		n := len(dst)
		for c, d := range dst {
			for i := range d {
				d[i] = all[i*n+c]
			}
		}
	}
}

// words returns s's memory as 32-bit words.
func words[T word](s []T) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// transpose3 splits lanes × 3 values into their three components.
func transpose3[T word](src, a, b, c []T) {
	if len(a) == 0 {
		return
	}
	b, c = b[:len(a)], c[:len(a)]
	triples := unsafe.Slice((*[3]T)(unsafe.Pointer(unsafe.SliceData(src))), len(a))
	for i, p := range triples {
		a[i], b[i], c[i] = p[0], p[1], p[2]
	}
}

// bit is 1 for true, as a uint32 (a SETcc, no branch).
func bit(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// given returns the operands in gives.
func (in *operands) given() uint32 {
	return bit(in.coord != nil) | bit(in.lod != nil)<<1 | bit(in.bias != nil)<<2 | bit(in.ref != nil)<<3 |
		bit(in.ddx != nil)<<4 | bit(in.ddy != nil)<<5 | bit(in.offset != nil)<<6 | bit(in.channel != nil)<<7 |
		bit(in.texel != nil)<<8 | bit(in.level != nil)<<9 | bit(in.sample != nil)<<10 | bit(in.minLod != nil)<<11
}

// grow returns s with length n, reusing its storage.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// zeros returns k·n zeros from the scratch s (from *used on), as k slices
// of n in dst.
func zeros[T float32 | int32](s []T, used *int, n int, dst [][]T) {
	for j := range dst {
		z := s[*used : *used+n : *used+n]
		clear(z)
		*used += n
		dst[j] = z
	}
}

// one sets *dst to the n values at p (operand op), or to zeros where p is
// nil.
func (c *call) one(op int, p *float32, dst *[]float32, n int, used *int) {
	if p != nil {
		*dst = unsafe.Slice(p, n)
		c.bind(op, bindInPlace, unsafe.Pointer(dst), 1)
		return
	}
	zeros(c.f32, used, n, unsafe.Slice(dst, 1))
}

// toBools sets dst[i] to src[i] != 0 and reports whether any is.
func toBools(dst []bool, src *uint8) bool {
	var on uint8
	for i, a := range unsafe.Slice(src, len(dst)) {
		dst[i] = a != 0
		on |= a
	}
	return on != 0
}

// toChannels sets dst to src's channels as bytes and returns -1, or the
// first lane whose channel is beyond 255 (dst is then partly set).
func toChannels(dst []uint8, src *int32) int {
	for i, ch := range unsafe.Slice(src, len(dst)) {
		if uint32(ch) > math.MaxUint8 {
			return i
		}
		dst[i] = uint8(ch)
	}
	return -1
}

// build fills c.req from in (and opts, nil for none) for op on a surface
// of kind k, and records in c.binds how it used in's arrays. It checks
// what the batch's lane decoding checks that the engine does not: which
// operands the operation takes and needs, and the channel's range.
// Component-major and one-component operands become slices of the
// caller's arrays; only lane-major multi-component ones, and the zeros of
// a request whose lanes are all inactive, take scratch memory.
func (c *call) build(op sampler.Op, k surface.Kind, in *operands, opts *reqOptions) error {
	c.nbind, c.rebindable = 0, false
	if opts == nil {
		opts = &noReqOptions
	}
	n := int(in.lanes)
	if in.lanes < 0 || in.lanes > maxLanes {
		return invalid("lanes: %d is out of range (0..%d)", in.lanes, maxLanes)
	}
	layout := int(in.layout)
	if layout != laneMajor && layout != componentMajor {
		return invalid("layout: %d is neither TEXUNIT_LANE_MAJOR (0) nor TEXUNIT_COMPONENT_MAJOR (1)", in.layout)
	}
	use := opUses[op]
	nCoord, nGrad := counts(k)
	if opts.projective && use&opTexel == 0 {
		nCoord++ // q after the coordinates
	}
	nOff := int(in.offsetCount)
	if in.offset != nil {
		if nOff == 0 {
			nOff = nGrad
		}
		if nOff < 1 || nOff > 3 {
			return invalid("offset_count: %d is out of range (1..3)", in.offsetCount)
		}
	}
	given := in.given()
	if extra := given &^ use; extra != 0 {
		name := operandNames[bits.TrailingZeros32(extra)]
		return invalid("%s: %s does not use %s", name, op, name)
	}
	anyActive := n > 0
	if in.active != nil {
		c.active = grow(c.active, n)
		anyActive = toBools(c.active, in.active)
	}
	need := use & needs
	if !anyActive {
		need &= opCoord
	}
	if n == 0 {
		need = 0
	}
	if lack := need &^ given; lack != 0 {
		return invalid("%s: missing (%s needs it)", operandNames[bits.TrailingZeros32(lack)], op)
	}
	// Scratch: transposed multi-component operands, and zeros for the
	// needed operands of requests whose lanes are all inactive (the batch
	// gives those zeros) and for the missing trailing offsets.
	var nf, ni int
	if layout == laneMajor {
		if use&opCoord != 0 && nCoord > 1 {
			nf += nCoord
		}
		if use&opDDX != 0 && nGrad > 1 {
			nf += 2 * nGrad
		}
		if in.offset != nil && nOff > 1 {
			ni += nOff
		}
		if use&opTexel != 0 && nCoord > 1 {
			ni += nCoord
		}
	}
	if in.offset != nil {
		ni += 3 - nOff
	}
	if !anyActive {
		nf += 1 + 2*nGrad // lod, bias or ref, and the gradients
		ni += nCoord      // texel
	}
	if nf > 0 {
		c.f32 = grow(c.f32, nf*n)
	}
	if ni > 0 {
		c.i32 = grow(c.i32, ni*n)
	}
	var usedF, usedI int
	req := &c.req
	shape := reqShape{op: op, given: given, active: in.active != nil, nCoord: int8(nCoord), nGrad: int8(nGrad), set: true}
	if c.shape != shape && c.shape.set {
		*req = sampler.Request{}
	}
	c.shape = shape
	req.Op, req.Lanes = op, n
	if in.active != nil {
		req.Active = c.active[:n:n]
		c.bind(opActive, bindActive, nil, n)
	}
	if in.coord != nil {
		components(c, iCoord, in.coord, nCoord, n, layout, c.f32, &usedF, req.Coord[:])
	}
	if use&opLod != 0 {
		c.one(iLod, in.lod, &req.Lod, n, &usedF)
	}
	if use&opBias != 0 {
		c.one(iBias, in.bias, &req.Bias, n, &usedF)
	}
	if use&opRef != 0 {
		c.one(iRef, in.ref, &req.Ref, n, &usedF)
	}
	if use&opDDX != 0 {
		if in.ddx != nil {
			components(c, iDDX, in.ddx, nGrad, n, layout, c.f32, &usedF, req.DDX[:])
		} else {
			zeros(c.f32, &usedF, n, req.DDX[:nGrad])
		}
		if in.ddy != nil {
			components(c, iDDY, in.ddy, nGrad, n, layout, c.f32, &usedF, req.DDY[:])
		} else {
			zeros(c.f32, &usedF, n, req.DDY[:nGrad])
		}
	}
	if in.offset != nil {
		components(c, iOffset, in.offset, nOff, n, layout, c.i32, &usedI, req.Offset[:])
		zeros(c.i32, &usedI, n, req.Offset[nOff:]) // the batch's missing trailing offsets are zeros
	}
	if in.channel != nil {
		c.channel = grow(c.channel, n)
		if i := toChannels(c.channel, in.channel); i >= 0 {
			return invalid("channel[%d]: %d is out of range (0..255)", i, unsafe.Slice(in.channel, n)[i])
		}
		req.Channel = c.channel[:n:n]
		c.bind(iChannel, bindChannel, nil, n)
	}
	if use&opTexel != 0 {
		if in.texel != nil {
			components(c, iTexel, in.texel, nCoord, n, layout, c.i32, &usedI, req.Texel[:])
		} else {
			zeros(c.i32, &usedI, n, req.Texel[:nCoord])
		}
	}
	if in.level != nil {
		req.Level = unsafe.Slice(in.level, n)
		c.bind(iLevel, bindInPlace, unsafe.Pointer(&req.Level), 1)
	}
	if in.sample != nil {
		req.Sample = unsafe.Slice(in.sample, n)
		c.bind(iSample, bindInPlace, unsafe.Pointer(&req.Sample), 1)
	}
	if in.minLod != nil {
		req.MinLod = unsafe.Slice(in.minLod, n)
		c.bind(iMinLod, bindInPlace, unsafe.Pointer(&req.MinLod), 1)
	}
	req.Derivatives, req.Projective, req.CoarsePixel = sampler.Derivatives(opts.derivatives), opts.projective, opts.coarsePixel
	c.rebindable = anyActive
	return nil
}

// noReqOptions is a request's options where it gives none.
var noReqOptions reqOptions

// rebind sets c.req from in's arrays as the last build set it from its
// operands, which had the same shape: the same operation, surface kind,
// lanes, layouts, options and operands given, and some lane active. It
// reports false, and leaves c.req partly set, where in's values need
// build: a channel out of range, an operand now NULL.
func (c *call) rebind(in *operands) bool {
	lanes := int(in.lanes)
	stride := uintptr(lanes) * 4
	for i := range c.binds[:c.nbind] {
		b := &c.binds[i]
		p := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(in), b.src))
		if p == nil {
			return false
		}
		switch b.kind {
		case bindInPlace:
			dst := unsafe.Slice((*[]uint32)(b.dst), b.n)
			for k := range dst {
				dst[k] = unsafe.Slice((*uint32)(unsafe.Add(p, uintptr(k)*stride)), lanes)
			}
		case bindTranspose:
			transposeIn((*uint32)(p), unsafe.Slice((*[]uint32)(b.dst), b.n))
		case bindActive:
			// Every lane inactive needs no other set-up: the shape's
			// needed operands are given (build found an active lane).
			toBools(c.active[:lanes], (*uint8)(p))
		case bindChannel:
			if toChannels(c.channel[:lanes], (*int32)(p)) >= 0 {
				return false
			}
		}
	}
	return true
}

// requestError turns an engine error into the message the batch gives
// (without the engine's "invalid request: " prefix) and its status.
func requestError(err error) error {
	if errors.Is(err, sampler.ErrRequest) {
		if msg, ok := strings.CutPrefix(err.Error(), sampler.ErrRequest.Error()+": "); ok {
			err = errors.New(msg)
		}
	}
	return &statusError{statusRequest, err}
}

// execute runs op on view with st through eng and writes the results to
// out, in in's layout, with a call from the pool.
func execute(eng *sampler.Engine, view surface.View, st *sampler.State, op sampler.Op, in *operands, out *results, tr *traceOut) (status int, err error) {
	c := calls.Get().(*call)
	status, err = c.execute(eng, view, st, op, in, out, tr)
	c.clearRequest()
	calls.Put(c)
	return status, err
}

// execute runs one request without options with c's working memory.
func (c *call) execute(eng *sampler.Engine, view surface.View, st *sampler.State, op sampler.Op, in *operands, out *results, tr *traceOut) (status int, err error) {
	return c.executeOpts(eng, view, st, op, in, nil, out, tr)
}

// executeOpts runs one request with options (nil: none) with c's working
// memory; c.req and c.inPlace keep the caller's arrays until
// c.clearRequest.
func (c *call) executeOpts(eng *sampler.Engine, view surface.View, st *sampler.State, op sampler.Op, in *operands, opts *reqOptions, out *results, tr *traceOut) (status int, err error) {
	out.kind, out.failed, out.messagesNeeded = 0, 0, 0
	if uint(op) >= uint(numOps) {
		return statusInvalid, invalid("op: %d is not an operation (0..%d)", op, numOps-1)
	}
	if out.values == nil {
		return statusInvalid, invalid("values: NULL (the results need somewhere to go)")
	}
	if out.layout != laneMajor && out.layout != componentMajor {
		return statusInvalid, invalid("results layout: %d is neither TEXUNIT_LANE_MAJOR (0) nor TEXUNIT_COMPONENT_MAJOR (1)", out.layout)
	}
	if err := c.build(op, view.Surface.Kind, in, opts); err != nil {
		return statusInvalid, err
	}
	return c.run(eng, view, st, out, tr, false)
}

// run runs c.req and writes its results to out, whose values are not
// nil and whose layout is one of the two: what a request does once its
// operands are checked and set. shaped: c.req has the shape of a request
// eng accepted on view and st (shapedFlag).
func (c *call) run(eng *sampler.Engine, view surface.View, st *sampler.State, out *results, tr *traceOut, shaped bool) (int, error) {
	res, n := &c.res, c.req.Lanes
	// Component-major results are the caller's rows themselves: the engine
	// writes them in place (its writes stay within each slice's capacity,
	// here the lane count).
	inPlace := out.layout == componentMajor && n > 0
	if inPlace {
		// The engine's result over the caller's memory: c.inPlace, whose
		// rows are set each request and dropped by c.clearRequest.
		res = &c.inPlace
		row := uintptr(n) * 4
		res.Bits[0] = unsafe.Slice((*uint32)(out.values), n)
		res.Bits[1] = unsafe.Slice((*uint32)(unsafe.Add(out.values, row)), n)
		res.Bits[2] = unsafe.Slice((*uint32)(unsafe.Add(out.values, 2*row)), n)
		res.Bits[3] = unsafe.Slice((*uint32)(unsafe.Add(out.values, 3*row)), n)
		if out.resident != nil {
			res.Resident = unsafe.Slice((*bool)(unsafe.Pointer(out.resident)), n)
		} else {
			res.Resident = c.resident // the result's own flags, kept from call to call
		}
	}
	if tr != nil {
		res.Trace = &c.trace
	} else if res.Trace != nil {
		res.Trace = nil
	}
	*shapedFlag(res) = shaped
	err := eng.Execute(view, st, &c.req, res)
	if inPlace && out.resident == nil {
		c.resident = res.Resident // the engine may have grown them
	}
	if err != nil {
		res.Trace = nil
		return statusRequest, requestError(err)
	}
	if tr != nil {
		tr.write(res.Trace)
		res.Trace = nil
	}
	out.kind = int32(res.Kind)
	if !inPlace {
		writeValues(out.values, res, n, int(out.layout))
		if out.resident != nil {
			copy(unsafe.Slice((*bool)(unsafe.Pointer(out.resident)), n), res.Resident)
		}
	}
	if res.LaneErr == nil {
		if out.errors != nil {
			clear(unsafe.Slice(out.errors, n))
		}
		if out.messages != nil && out.messagesSize > 0 {
			*out.messages = 0
		}
		out.messagesNeeded = 1
		return statusOK, nil
	}
	laneErrors(res.LaneErr, out)
	return statusLaneErrors, nil
}

// writeValues copies the result's channels to values: lanes × 4 words
// (lane-major) or 4 × lanes (component-major).
func writeValues(values unsafe.Pointer, res *sampler.Result, n, layout int) {
	if n == 0 {
		return
	}
	dst := unsafe.Slice((*uint32)(values), 4*n)
	if layout == componentMajor {
		for c := 0; c < 4; c++ {
			copy(dst[c*n:(c+1)*n], res.Bits[c][:n])
		}
		return
	}
	writeLaneMajor(dst, &res.Bits, n)
}

// writeLaneMajor interleaves the n lanes of the four channels into dst,
// lanes × 4 words.
func writeLaneMajor(dst []uint32, bits *[4][]uint32, n int) {
	rows := [4][]uint32{bits[0][:n], bits[1][:n], bits[2][:n], bits[3][:n]}
	transpose.Interleave4(dst, &rows)
}

// laneErrorCode classifies a lane's error by the operand it names.
func laneErrorCode(err error) int32 {
	msg := err.Error()
	if inner := errors.Unwrap(err); inner != nil {
		msg = inner.Error() // without "lane N: "
	}
	switch {
	case strings.HasPrefix(msg, "offset"):
		return laneOffset
	case strings.HasPrefix(msg, "channel"):
		return laneChannel
	case strings.HasPrefix(msg, "sample"):
		return laneSample
	}
	return laneOther
}

// laneErrors writes the per-lane codes and messages.
func laneErrors(errs []error, out *results) {
	var codes []int32
	if out.errors != nil {
		codes = unsafe.Slice(out.errors, len(errs))
	}
	var buf []byte
	if out.messages != nil && out.messagesSize > 0 {
		buf = unsafe.Slice(out.messages, out.messagesSize)
	}
	w := 0             // bytes written to buf, without the NUL
	need := uintptr(1) // the NUL
	fits := buf != nil
	for i, e := range errs {
		if codes != nil {
			codes[i] = laneOK
		}
		if e == nil {
			continue
		}
		out.failed++
		if codes != nil {
			codes[i] = laneErrorCode(e)
		}
		msg := e.Error()
		need += uintptr(len(msg) + 1)
		// Whole messages, in lane order, while they fit with the NUL.
		if fits = fits && w+len(msg)+1 < len(buf); fits {
			w += copy(buf[w:], msg)
			buf[w] = '\n'
			w++
		}
	}
	if buf != nil {
		buf[w] = 0
	}
	out.messagesNeeded = need
}

// maxMemoryBytes bounds the caller's bytes of one surface, as the batch
// bounds a surface (surface.DefaultMaxBytes).
const maxMemoryBytes = surface.DefaultMaxBytes

// parseOp returns the operation a batch name gives.
func parseOp(name string) (sampler.Op, error) {
	op, err := sampler.ParseOp(name)
	if err != nil {
		names := make([]string, 0, 32)
		for _, o := range sampler.Ops() {
			names = append(names, o.String())
		}
		return 0, invalid("op: unknown operation %q (want one of %s)", name, strings.Join(names, ", "))
	}
	return op, nil
}

// timeGo runs the request in through the Go library itself, iterations
// times on copies of its operands that Go owns, and returns the time the
// Engine.Execute calls took (texunit_time_go).
func timeGo(eng *sampler.Engine, view surface.View, st *sampler.State, op sampler.Op, in *operands, iterations int64) (time.Duration, error) {
	if iterations < 1 {
		return 0, invalid("iterations: %d (want at least 1)", iterations)
	}
	if int(op) >= numOps {
		return 0, invalid("op: %d is not an operation (0..%d)", op, numOps-1)
	}
	c := new(call)
	if err := c.build(op, view.Surface.Kind, in, nil); err != nil {
		return 0, err
	}
	req := c.req // Go's own copies of every slice:
	f := func(s []float32) []float32 { return slices.Clone(s) }
	i := func(s []int32) []int32 { return slices.Clone(s) }
	for k := range req.Coord {
		req.Coord[k] = f(req.Coord[k])
		req.Texel[k] = i(req.Texel[k])
	}
	for k := range req.DDX {
		req.DDX[k], req.DDY[k], req.Offset[k] = f(req.DDX[k]), f(req.DDY[k]), i(req.Offset[k])
	}
	req.Lod, req.Bias, req.Ref, req.MinLod = f(req.Lod), f(req.Bias), f(req.Ref), f(req.MinLod)
	req.Level, req.Sample = i(req.Level), i(req.Sample)
	req.Active, req.Channel = slices.Clone(req.Active), slices.Clone(req.Channel)
	c.clearRequest()
	var res sampler.Result
	if err := eng.Execute(view, st, &req, &res); err != nil { // warm: the result's storage, the set-up
		return 0, requestError(err)
	}
	start := time.Now()
	for k := int64(0); k < iterations; k++ {
		if err := eng.Execute(view, st, &req, &res); err != nil {
			return 0, requestError(err)
		}
	}
	return time.Since(start), nil
}

// traceOut writes a traced request's footprint to the caller's
// texunit_trace (texunitGoExecuteTraced).
type traceOut struct {
	write func(*sampler.Trace)
}

// footprint runs the footprint query of op on view with st and gives each
// lane's footprint and lane error code to put.
func footprint(eng *sampler.Engine, view surface.View, st *sampler.State, op sampler.Op, in *operands, opts *reqOptions, q sampler.FootprintQuery,
	put func(lane int, f *sampler.Footprint, code int32)) (status int, err error) {
	c := calls.Get().(*call)
	defer func() {
		c.clearRequest()
		calls.Put(c)
	}()
	if err := c.build(op, view.Surface.Kind, in, opts); err != nil {
		return statusInvalid, err
	}
	n := int(in.lanes)
	fps := make([]sampler.Footprint, n)
	laneErr, err := eng.Footprint(view, st, &c.req, q, fps)
	if err != nil {
		return statusRequest, requestError(err)
	}
	status = statusOK
	for i := range fps {
		code := int32(laneOK)
		if i < len(laneErr) && laneErr[i] != nil {
			code, status = laneErrorCode(laneErr[i]), statusLaneErrors
			fps[i] = sampler.Footprint{}
		}
		put(i, &fps[i], code)
	}
	return status, nil
}
