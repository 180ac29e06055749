package sampler

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/pipeline"
	"github.com/texunit/texunit/surface"
)

// Engine executes requests. It is safe for concurrent use: Execute keeps
// its working state on the stack, and the Engine holds only its
// configuration and the immutable set-up of a recent request
// (setupcache.go), which requests with the same precision, view, state and
// operation reuse. An Engine must not be copied while in use.
type Engine struct {
	Precision Precision

	last   unsafe.Pointer // *setupEntry, atomic
	misses int32          // consecutive requests that did not match last, atomic
}

// ErrRequest is wrapped by every request-level error (one that fails the
// whole request rather than a single lane).
var ErrRequest = errors.New("invalid request")

// zeroMemory is an all-zero texel: non-resident and out-of-bounds reads of
// the uncompressed formats decode it.
var zeroMemory [16]byte

// zeroTexels holds every format's zero texel (zeroTexelOf), made once and
// indexed by format.
var zeroTexels = func() [][4]float32 {
	all := format.All()
	t := make([][4]float32, int(all[len(all)-1])+1)
	for _, f := range all {
		t[f] = makeZeroTexel(f)
	}
	return t
}()

// zeroTexelOf returns what an out-of-bounds or non-resident read of format f
// gives: Vulkan's "zero values" of robustImageAccess2 (Texel Replacement),
// R, G and B zero and A zero where the format has an alpha component, one
// where it has none (Conversion to RGBA).
func zeroTexelOf(f format.Format) [4]float32 {
	if int(f) < len(zeroTexels) {
		return zeroTexels[f]
	}
	return makeZeroTexel(f)
}

// makeZeroTexel makes zeroTexelOf's texel. For an uncompressed format it is
// the decode of all-zero memory, which is exactly that (every component
// decodes zero as zero, and a missing one is 0, 0 or 1: TestZeroTexel). A
// compressed format's all-zero block is not: it decodes as a colour of its
// own (ETC2 and EAC: small non-zero values; BC1 with alpha: opaque black;
// ASTC: the error colour, the block being reserved), so its zero texel is
// made from the component count instead.
func makeZeroTexel(f format.Format) [4]float32 {
	in := f.Info()
	if !in.Compressed {
		return f.Decoder()(zeroMemory[:])
	}
	if in.Components < 4 {
		return [4]float32{0, 0, 0, 1}
	}
	return [4]float32{}
}

func reqErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrRequest, fmt.Sprintf(format, args...))
}

// exec is the per-request context: the request's plan, and the little
// that changes from one request or lane to the next.
type exec struct {
	*plan
	st         *State        // the caller's sampler state (equal to the one the plan was made for)
	pooled     bool          // plan is planPool's, for this request alone (release)
	residentOK bool          // the current lane's residency
	tr         *tracer       // the Result's tracer while a traced request runs (trace.go), else nil
	hooked     bool          // sparse or traced: texel reads go through readHooked
	shaped     bool          // the request has the shape of one accepted before (Result.shaped)
	minLod     float32       // the current lane's lower LOD clamp: max(sampler MinLod, Request.MinLod)
	ewa        [2][3]float32 // the current lane's derivatives dx, dy under AnisoEWA (ewaLambda, ewaLevel)
	lg         struct {      // log2's memo: the bits of the last input and its log2f
		in  uint32
		out float32
		ok  bool
	}

	// The request's decoded blocks of a block-compressed format, taken
	// from their pools at the first read (blockReader, bcReader) and given
	// back when the request ends (releaseCaches): never kept from one
	// request to the next, whose texel data may differ.
	blocks *blockCache
	bcc    *bcCache

	// foot is the request's state of the lane pipeline's footprint stage
	// (pipeline.FootState: the multi-level footprints' level table).
	foot pipeline.FootState
}

// plan is everything derived once from the view, the sampler state and
// the operation, so that the per-lane code does not re-derive it. A
// cached set-up's plan (setupEntry) is shared by the requests that take
// it, on any goroutine: nothing writes a plan once set up.
type plan struct {
	prec   Precision
	hw     bool
	subMul float64    // 2^SubtexelBits
	lodMul float64    // 2^LodBits
	q      quantSteps // the lane loop's binary32 forms of subMul and lodMul (hwprec.go)

	view         surface.View
	surf         *surface.Surface
	kind         surface.Kind
	op           Op
	readsChannel bool         // the op reads Request.Channel: the non-compare gathers
	finfo        *format.Info // the format of the view's aspect
	decode       format.DecodeFunc
	aspectOff    int // byte offset of the aspect's texel within a texel of the surface
	intFmt       bool
	compressed   bool       // a block-compressed format: reads decode its blocks (blockReader, bcReader)
	swz          bool       // the view's swizzle is not the identity
	swzTexel     bool       // swz without a compare: read swizzles each texel
	plainRead    bool       // neither compressed nor swzTexel: read decodes in place
	zeroRead     [4]float32 // zeroTexel as read returns it (swizzled with swzTexel)
	cmpTrue      [4]float32 // the compare results (1, 0, 0, 0) and (0, 0, 0, 0), swizzled
	cmpFalse     [4]float32
	swizzle      surface.Swizzle
	one          float32 // the swizzle's ONE: 1.0, or the integer 1 for integer formats

	dims   int // addressing dimensions within a layer: 1, 2 or 3 (cube faces: 2)
	cube   bool
	array  bool
	layers int // view layers; cube kinds: view cubes
	levels int // view level count
	base   [3]int32
	sparse bool

	border    [4]float32 // border texel after conversion (and before compare)
	compare   CompareOp  // CompareNone unless the op compares
	clampRef  bool       // unorm depth: clamp D_ref to [0, 1]
	bias0     float32    // lodBias(sampler's bias, 0): the bias without a shader bias
	zeroTexel [4]float32 // zeroTexelOf(format): non-resident and out-of-bounds reads
	seamless  bool
	// aniso is the anisotropic filter that applies: State.Anisotropy for
	// the sampling operations and the LOD query with MaxAnisotropy above
	// 1, else AnisoVulkan (aniso.go).
	aniso AnisoMethod

	ycc yccPlan // the sampler's Y′CbCr conversion (ycbcr.go)

	fast fastState // the specialised 2D path (fast.go)
	// (The BC formats on the specialised path, bc.go: the map from the
	// levels' virtual offsets to blocks and BC1's palette decode are the
	// lane pipeline's plan's, fast.plan.BCPlan.)
	blockDec   format.BlockDecodeFunc // block-compressed formats: the block decoder
	blockBytes int                    // and the size of a block
}

// planPool holds the plans of requests whose set-up is not taken from the
// cache (e.setup), for the request's duration.
var planPool = sync.Pool{New: func() any { return new(plan) }}

// release returns a pooled plan and what it holds from pools: the level
// tables.
func (x *exec) release() {
	if x.fast.pooledLevels {
		levelTables.Put(x.fast.levels)
	}
	p := x.plan
	x.plan, x.pooled = nil, false
	planPool.Put(p)
}

// Execute runs req against view with sampler state st and writes res.
// Request-level errors (an operation the surface or format cannot do, a
// missing operand slice, invalid state) are returned and leave res's
// values unspecified, with res.LaneErr nil (no lane ran); per-lane errors
// are reported in res.LaneErr and do not affect the other lanes.
func (e *Engine) Execute(view surface.View, st *State, req *Request, res *Result) error {
	// The set-up cache's hot road first (setupcache.go): a request of the
	// cached set-up's key with the simplest operands (hotMatch) goes
	// to the set-up's kernel with none of execute's tests. A view that
	// matches a cached one is not a plane of a multi-planar surface (the
	// cache keeps the views PlaneView made).
	if c := (*setupEntry)(atomic.LoadPointer(&e.last)); c != nil && c.hot.road != hotNone && res.Trace == nil && st != nil &&
		!req.Projective && c.hotMatch(&e.Precision, &view, st, req) {
		e.hit()
		if !res.reuse(req.Lanes) {
			res.grow(req.Lanes, false)
		}
		if c.hot.road == hotLevel {
			// runPlainLevels's single call straight from here (no exec to
			// build, no frame of its own), where the plan takes the
			// request whole.
			taken, ok := false, false
			if pl := &c.plan.fast.plan; pl.Single() {
				ok, taken = pl.Run(&c.plan.surf.Data[0], &req.Coord, req.Ref, req.Lanes, &res.Bits)
			}
			if !taken {
				x := exec{plan: &c.plan, st: st}
				ok = x.runPlainLevels(req, res)
			}
			if !ok {
				// Declined (a coordinate beyond ±2^30 or NaN): the lane loop.
				x := exec{plan: &c.plan, st: st}
				x.run(req, res)
			}
			return nil
		}
		// fetchAsm's kernel call straight from here: hotMatch implies its
		// test. The kernel takes every such request; were it to decline
		// one, runFetch would fetch it lane by lane.
		res.Kind = c.hot.kind
		if !c.plan.fast.fetch.plan.Fetch(&c.plan.surf.Data[0], &req.Texel, req.Lanes, c.plan.array, &res.Bits) {
			x := exec{plan: &c.plan, st: st}
			x.runFetch(req, res)
		}
		return nil
	}
	return e.execute(&view, st, req, res)
}

// execute is Execute for the requests its hot road does not take.
func (e *Engine) execute(vp *surface.View, st *State, req *Request, res *Result) error {
	if _, ok := vp.Aspect.Plane(); ok {
		// A plane of a multi-planar surface reads as a surface of its own
		// format.
		v, err := vp.PlaneView()
		if err != nil {
			res.LaneErr = nil
			return fmt.Errorf("%w: %w", ErrRequest, err)
		}
		vp = &v
	}
	if req.Projective {
		return e.executeProjective(*vp, st, req, res)
	}
	var x exec
	x.shaped = res.shaped
	err := e.setup(&x, vp, st, req)
	if x.pooled {
		defer x.release()
	}
	if x.plan != nil && x.compressed {
		defer x.releaseCaches()
	}
	if err != nil {
		res.LaneErr = nil
		if res.Trace != nil {
			res.Trace.clear()
		}
		return err
	}
	if res.Trace != nil && x.ycc.on {
		res.LaneErr = nil
		res.Trace.clear()
		return reqErr("trace: requests through a Y′CbCr conversion are not traced (their texels are in several planes)")
	}
	if res.Trace != nil {
		res.tracer = tracer{t: res.Trace}
		x.tr = &res.tracer
		x.tr.begin(req.Lanes)
		res.Trace.TexelBytes = x.surf.Format.Info().Bytes
	}
	x.hooked = x.sparse || x.tr != nil
	if x.fast.forms&formLevel != 0 && x.plainLevelRequest(req) {
		// runPlainLevel's requests: their chunks straight away
		// (stages_plain.go), or, where one declines, the lane loop.
		res.resize(req.Lanes, false)
		if x.runPlainLevels(req, res) {
			return nil
		}
	}
	if x.fast.fetch.kind != fetchNone && x.tr == nil {
		// fetchAsm's requests: straight to the set-up's kernel
		// (pipeline.FetchPlan: stages_footprints.go), or, where it declines, runFetch.
		res.resize(req.Lanes, false)
		res.Kind = valueKind(x.finfo.Class)
		if x.fetchAsm(req, res) {
			return nil
		}
	}
	x.run(req, res)
	return nil
}

// run runs a request whose set-up and checks are done by the general
// roads: the queries, the fetches and the samples' lane loops and
// reference pipeline.
func (x *exec) run(req *Request, res *Result) {
	x.hooked = x.sparse || x.tr != nil
	res.resize(req.Lanes, !x.writesEveryLane(req))
	switch {
	case x.op.Kind() == KindQuery:
		x.runQuery(req, res)
	case x.op.Kind() == KindFetch:
		x.runFetch(req, res)
	default:
		x.runSample(req, res)
	}
	if x.tr != nil {
		x.tr.finish()
	}
}

// setup makes x's plan for the request; x.plan is the plan to fill, zero,
// or nil for a new one.
func (x *exec) setup(p Precision, view surface.View, st *State, req *Request) error {
	if x.plan == nil {
		x.plan = new(plan)
	}
	if err := p.Validate(); err != nil {
		return err
	}
	if view.Surface == nil {
		return reqErr("surface: no surface bound")
	}
	// Every read below indexes Data by the layout's offsets.
	switch need := view.Surface.DataBytes(); {
	case need == 0:
		return reqErr("surface: not made by surface.New")
	case len(view.Surface.Data) < need:
		return reqErr("surface.data: %d bytes is shorter than the %d the surface's layout needs", len(view.Surface.Data), need)
	}
	if st == nil {
		return reqErr("sampler: no sampler state")
	}
	if err := st.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrRequest, err)
	}
	if !req.Op.Valid() {
		return reqErr("op: invalid operation %d", req.Op)
	}
	if req.Lanes < 0 {
		return reqErr("lanes: %d is negative", req.Lanes)
	}
	x.prec = p
	x.hw = p.Mode == Hardware
	if x.hw {
		x.subMul = math.Ldexp(1, p.SubtexelBits)
		x.lodMul = math.Ldexp(1, p.LodBits)
		x.q = quantStepsFor(p)
	}
	x.view = view
	x.surf = view.Surface
	x.kind = x.surf.Kind
	x.st = st
	x.bias0 = lodBias(st.LodBias, 0)
	x.op = req.Op
	x.readsChannel = req.Op.Kind() == KindGather && !req.Op.Compare()
	if !view.Swizzle.Valid() {
		return reqErr("view.swizzle: %v has a component outside 0..6", [4]surface.ComponentSwizzle(view.Swizzle))
	}
	f, aoff, err := x.surf.Format.AspectFormat(view.Aspect)
	if err != nil {
		return reqErr("view.aspect: %v is not an aspect of format %v", view.Aspect, x.surf.Format)
	}
	x.aspectOff = aoff
	x.finfo = f.Info()
	x.decode = f.Decoder()
	x.intFmt = x.finfo.Class != format.ClassFloat
	x.one = 1
	if x.intFmt {
		x.one = math.Float32frombits(1)
	}
	if !view.Swizzle.IsIdentity() {
		x.swz = true
		x.swizzle = view.Swizzle.Resolve()
	}
	if x.finfo.Compressed {
		x.compressed, x.blockDec, x.blockBytes = true, f.BlockDecoder(), x.finfo.Bytes
	}
	x.cube = x.kind.IsCube()
	x.array = x.kind.IsArray()
	x.levels = view.Levels
	x.layers = view.Layers
	if x.cube {
		x.layers = view.Layers / 6
	}
	switch {
	case x.cube:
		x.dims = 2
	default:
		x.dims = x.kind.Dims()
	}
	w, h, d := x.surf.LevelSize(view.BaseLevel)
	x.base = [3]int32{int32(w), int32(h), int32(d)}
	x.sparse = x.surf.HasNonResident()
	x.seamless = x.cube && !st.NonSeamless
	x.zeroTexel = zeroTexelOf(f)

	if err := x.checkOp(req); err != nil {
		return err
	}
	if k := req.Op.Kind(); st.MaxAnisotropy > 1 && (k == KindSample || k == KindLodQuery) {
		x.aniso = st.Anisotropy
	}
	if req.Op.Compare() {
		x.compare = st.Compare
		x.clampRef = x.finfo.Numeric == format.NumericUnorm // UNORM depth, or a UNORM colour format under CompareColor
	}
	// Only clamp-to-border reads the border texel.
	if st.Address[0] == WrapClampToBorder || st.Address[1] == WrapClampToBorder || st.Address[2] == WrapClampToBorder {
		var b [4]float64
		switch st.Border {
		case BorderTransparentBlack:
		case BorderOpaqueBlack:
			b[3] = 1
		case BorderOpaqueWhite:
			b = [4]float64{1, 1, 1, 1}
		case BorderCustom:
			b = st.BorderColor
		}
		x.border = f.Border(b)
	}
	// The swizzle follows the compare: with a compare it is applied to
	// the two possible results, without one to each texel read and to
	// the border once here.
	x.cmpTrue = [4]float32{1, 0, 0, 0}
	if x.swz {
		x.cmpTrue, x.cmpFalse = x.swizzled(x.cmpTrue), x.swizzled(x.cmpFalse)
		if x.compare == CompareNone {
			x.swzTexel = true
			x.border = x.swizzled(x.border)
		}
	}
	x.zeroRead = x.zeroTexel
	if x.swzTexel {
		x.zeroRead = x.swizzled(x.zeroTexel)
	}
	x.plainRead = !x.compressed && !x.swzTexel
	if x.surf.Layout != surface.LayoutLinear || x.ycc.on || x.finfo.YCbCr {
		// The specialised paths read through per-level strides (the
		// linear layout only) and know no Y′CbCr conversion.
		return nil
	}
	k := req.Op.Kind()
	// The BC formats take the specialised path for sampling and gathers
	// (bc.go).
	bcn := x.compressed && !x.swzTexel && isBC(f) && (k == KindSample || k == KindGather)
	if x.plainRead && (k == KindSample || k == KindGather || req.Op == OpFetch) || bcn {
		x.setupFast(f, aoff)
		x.setupLaneLoop(req.Op)
		if req.Op == OpFetch {
			x.setupFetch()
		}
	}
	return nil
}

// checkOp enforces the rules that tie the operation to the surface kind, the
// format and the sampler state (checkOpState), and that the operand slices
// are present (checkOperands).
func (x *exec) checkOp(req *Request) error {
	if err := x.checkOpState(req.Op); err != nil {
		return err
	}
	return x.checkOperands(req)
}

// checkOpState is checkOp's part that depends only on the set-up's key
// (the operation, the view and the state): a cached set-up has passed it.
func (x *exec) checkOpState(op Op) error {
	if err := x.checkYCbCr(op); err != nil {
		return err
	}
	st, kind := x.st, x.kind
	ms := kind.IsMultisample()
	switch op.Kind() {
	case KindQuery:
		return nil
	case KindFetch:
		if op == OpFetchMS && !ms {
			return reqErr("op: fetch_ms needs a multisample surface, not %s", kind)
		}
		if op == OpFetch && ms {
			return reqErr("op: fetch cannot read the multisample surface %s (use fetch_ms)", kind)
		}
		if x.cube {
			return reqErr("op: %s is not defined on %s surfaces", op, kind)
		}
		return nil
	}
	// Sampling, gather and LOD query.
	if ms {
		return reqErr("op: %s cannot sample the multisample surface %s (use fetch_ms)", op, kind)
	}
	if op.Kind() == KindGather {
		switch kind {
		case surface.Kind2D, surface.Kind2DArray, surface.KindCube, surface.KindCubeArray:
		default:
			return reqErr("op: %s needs a 2d, 2d_array, cube or cube_array surface, not %s", op, kind)
		}
	}
	if op.Compare() {
		switch {
		case !x.finfo.Depth && st.CompareColor && !CompareColorFormat(x.surf.Format):
			return reqErr("op: %s needs a depth format, or with sampler.compare_color r32_sfloat, r16_sfloat, r16_unorm or r8_unorm, not %s", op, x.surf.Format)
		case !x.finfo.Depth && !st.CompareColor:
			return reqErr("op: %s needs a depth format, not %s (sampler.compare_color allows single-channel colour formats, as Direct3D does)", op, x.surf.Format)
		}
		if st.Compare == CompareNone {
			return reqErr("sampler.compare: %s needs a compare function", op)
		}
	}
	if st.Anisotropy != AnisoVulkan && st.MaxAnisotropy > 1 && op.Kind() != KindGather {
		switch {
		case kind == surface.Kind2D || kind == surface.Kind2DArray:
		case st.Anisotropy == AnisoFootprintAssembly && x.cube:
		case st.Anisotropy == AnisoFootprintAssembly:
			return reqErr("sampler.anisotropy: %s needs a 2d, 2d_array, cube or cube_array surface, not %s (or max_anisotropy 1)", st.Anisotropy, kind)
		default:
			return reqErr("sampler.anisotropy: %s needs a 2d or 2d_array surface, not %s (or max_anisotropy 1)", st.Anisotropy, kind)
		}
	}
	if err := x.checkCubic(op); err != nil {
		return err
	}
	if x.intFmt {
		if op.Kind() == KindSample || op.Kind() == KindLodQuery {
			if st.MagFilter != Nearest || st.MinFilter != Nearest {
				f := st.MagFilter
				if f == Nearest {
					f = st.MinFilter
				}
				return reqErr("sampler: %s filtering of the integer format %s is not allowed", f, x.surf.Format)
			}
			if st.MipFilter == MipLinear {
				return reqErr("sampler.mip: linear mip filtering of the integer format %s is not allowed", x.surf.Format)
			}
			if st.MaxAnisotropy > 1 {
				return reqErr("sampler.max_anisotropy: anisotropic filtering of the integer format %s is not allowed", x.surf.Format)
			}
		}
		if st.Reduction != ReductionWeightedAverage {
			return reqErr("sampler.reduction: %s reduction of the integer format %s is not allowed", st.Reduction, x.surf.Format)
		}
	}
	if st.Unnormalized {
		switch kind {
		case surface.Kind1D, surface.Kind2D:
		default:
			return reqErr("sampler.unnormalized: unnormalized coordinates need a 1d or 2d surface, not %s", kind)
		}
		switch op {
		case OpSampleL, OpSampleLZ:
		default:
			return reqErr("sampler.unnormalized: %s is not allowed with unnormalized coordinates (sample_l or sample_lz only)", op)
		}
		if x.view.Levels != 1 {
			return reqErr("sampler.unnormalized: the view must have one level, not %d", x.view.Levels)
		}
	}
	return nil
}

// needErr is the error of an operand (indexed by idx when idx >= 0) with
// have values for n lanes.
func needErr(name string, idx, have, n int) error {
	if idx >= 0 {
		name = fmt.Sprintf("%s[%d]", name, idx)
	}
	return reqErr("%s: %d values for %d lanes", name, have, n)
}

// checkOperands is checkOp's part that depends on the request: that every
// operand the operation reads has a value per lane, the lane count of the
// quad operations, and the offsets' rules.
func (x *exec) checkOperands(req *Request) error {
	op := req.Op
	n := req.Lanes
	if req.Active != nil && len(req.Active) < n {
		return needErr("active", -1, len(req.Active), n)
	}
	if req.Derivatives > DerivativesFine {
		return reqErr("derivatives: %v is not coarse or fine", req.Derivatives)
	}
	if req.CoarsePixel != [2]float32{} { // both 0 (or −0): one test, not the loop's two
		for a, v := range req.CoarsePixel {
			if v != 0 && !(v >= 1 && v <= math.MaxFloat32) {
				return reqErr("coarse_pixel[%d]: %v: want 0 (1 pixel) or a finite size of at least 1", a, v)
			}
		}
	}
	switch op.Kind() {
	case KindQuery:
		switch {
		case op == OpResInfo && req.Level != nil && len(req.Level) < n:
			return needErr("level", -1, len(req.Level), n)
		case op == OpSamplePos && req.Sample != nil && len(req.Sample) < n:
			return needErr("sample", -1, len(req.Sample), n)
		}
		return nil
	case KindFetch:
		nc := x.dims
		if x.array {
			nc++
		}
		for c := 0; c < nc; c++ {
			if len(req.Texel[c]) < n {
				return needErr("texel", c, len(req.Texel[c]), n)
			}
		}
		if req.Level != nil && len(req.Level) < n {
			return needErr("level", -1, len(req.Level), n)
		}
		if req.Sample != nil && len(req.Sample) < n {
			return needErr("sample", -1, len(req.Sample), n)
		}
		if req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil {
			return nil // nothing for checkOffsets to check (and no call)
		}
		return x.checkOffsets(req, false)
	}
	if x.st.Unnormalized || x.ycc.on {
		for c := 0; c < 3; c++ {
			if req.Offset[c] != nil && x.ycc.on {
				return reqErr("offset: texel offsets are not allowed with a Y′CbCr conversion")
			}
			if req.Offset[c] != nil {
				return reqErr("offset: offsets are not allowed with unnormalized coordinates")
			}
		}
	}
	if op.Implicit() && n%4 != 0 {
		return reqErr("lanes: %s works on 2x2 quads, so lanes must be a multiple of 4 (have %d)", op, n)
	}
	nc := x.kind.Dims()
	if x.array {
		nc++
	}
	for c := 0; c < nc; c++ {
		if len(req.Coord[c]) < n {
			return needErr("coord", c, len(req.Coord[c]), n)
		}
	}
	switch op.LodSource() {
	case LodExplicit:
		if len(req.Lod) < n {
			return needErr("lod", -1, len(req.Lod), n)
		}
	case LodBias:
		if len(req.Bias) < n {
			return needErr("bias", -1, len(req.Bias), n)
		}
	case LodGradient:
		for c := 0; c < x.kind.Dims(); c++ {
			if len(req.DDX[c]) < n {
				return needErr("ddx", c, len(req.DDX[c]), n)
			}
			if len(req.DDY[c]) < n {
				return needErr("ddy", c, len(req.DDY[c]), n)
			}
		}
	}
	if op.Compare() && len(req.Ref) < n {
		return needErr("ref", -1, len(req.Ref), n)
	}
	if req.Channel != nil && len(req.Channel) < n {
		return needErr("channel", -1, len(req.Channel), n)
	}
	if req.MinLod != nil && len(req.MinLod) < n {
		return needErr("min_lod", -1, len(req.MinLod), n)
	}
	if req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil {
		return nil // nothing for checkOffsets to check (and no call)
	}
	return x.checkOffsets(req, op.ProgrammableOffsets())
}

func (x *exec) checkOffsets(req *Request, po bool) error {
	for c := 0; c < 3; c++ {
		if req.Offset[c] == nil {
			continue
		}
		if len(req.Offset[c]) < req.Lanes {
			return reqErr("offset[%d]: %d values for %d lanes", c, len(req.Offset[c]), req.Lanes)
		}
		if x.cube {
			return reqErr("offset: texel offsets are not allowed on %s surfaces", x.kind)
		}
		if c >= x.dims {
			// Offsets beyond the surface's dimensions must be zero; checked per lane.
			continue
		}
	}
	_ = po
	return nil
}

// laneOffsets sets *off to lane i's texel offsets; a bad offset becomes
// the lane's error and the result is false.
func (x *exec) laneOffsets(req *Request, i int, off *[3]int32, res *Result) bool {
	o, err := x.laneOffset(req, i)
	if err != nil {
		res.laneError(req.Lanes, i, err)
		return false
	}
	*off = o
	return true
}

// laneOffset returns lane i's texel offsets, or an error naming the bad one.
func (x *exec) laneOffset(req *Request, i int) ([3]int32, error) {
	var off [3]int32
	if req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil {
		return off, nil
	}
	lo, hi := int32(-8), int32(7)
	if req.Op.ProgrammableOffsets() {
		lo, hi = -32, 31
	}
	for c := 0; c < 3; c++ {
		if req.Offset[c] == nil {
			continue
		}
		v := req.Offset[c][i]
		if c >= x.dims && v != 0 {
			return off, fmt.Errorf("offset[%d]: %d on a surface with %d offset axes (must be 0)", c, v, x.dims)
		}
		if v < lo || v > hi {
			return off, fmt.Errorf("offset[%d]: %d is out of range (%d..%d)", c, v, lo, hi)
		}
		off[c] = v
	}
	return off, nil
}

func (req *Request) active(i int) bool { return req.Active == nil || req.Active[i] }

// executeProjective runs a projective request (Request.Projective): the
// coordinates and the compare reference divided by q into res.proj, then
// the request as an ordinary one.
func (e *Engine) executeProjective(view surface.View, st *State, req *Request, res *Result) error {
	res.LaneErr = nil
	if view.Surface == nil {
		return reqErr("surface: no surface bound")
	}
	k := view.Surface.Kind
	switch {
	case k.IsArray() || k.IsCube() || k.IsMultisample():
		return reqErr("projective: %v surfaces have no projective operations (1d, 2d and 3d only)", k)
	case req.Op.Kind() != KindSample && req.Op.Kind() != KindLodQuery:
		return reqErr("projective: %s has no projective form (the sampling operations and lod)", req.Op)
	}
	n := req.Lanes
	if n < 0 {
		return reqErr("lanes: %d is negative", n)
	}
	dims := k.Dims()
	q := req.Coord[dims]
	if len(q) < n {
		return needErr("coord", dims, len(q), n)
	}
	p := *req
	p.Projective = false
	grow := func(s []float32) []float32 {
		if cap(s) < n {
			return make([]float32, n)
		}
		return s[:n]
	}
	for c := 0; c < dims; c++ {
		if len(req.Coord[c]) < n {
			return needErr("coord", c, len(req.Coord[c]), n)
		}
		d := grow(res.proj[c])
		for i := range d {
			d[i] = req.Coord[c][i] / q[i]
		}
		res.proj[c], p.Coord[c] = d, d
	}
	p.Coord[dims] = nil
	if req.Op.Compare() {
		if len(req.Ref) < n {
			return needErr("ref", -1, len(req.Ref), n)
		}
		d := grow(res.proj[3])
		for i := range d {
			d[i] = req.Ref[i] / q[i]
		}
		res.proj[3], p.Ref = d, d
	}
	return e.Execute(view, st, &p, res)
}
