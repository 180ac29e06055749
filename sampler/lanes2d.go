package sampler

import (
	"encoding/binary"
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
)

// The 2D lane loop: the specialised path's loop for the commonest
// requests on r8g8b8a8_unorm, r8g8b8a8_srgb, b8g8r8a8_unorm,
// b8g8r8a8_srgb, the other 8-bit formats of lanes.RGBA8Decode (r8g8b8a8_snorm and
// the one- and two-channel ones), r16g16b16a16_sfloat,
// r32g32b32a32_sfloat, the BC formats (bc.go: through windows of decoded
// blocks, bcwindow.go) and (with a compare)
// 32-bit depth 2D and 2D-array views that decode in place, in exact
// precision — isotropic bilinear and trilinear sampling with weighted
// average (percentage-closer filtering with a compare), and gathers.
// b8g8r8a8_srgb, r32g32b32a32_sfloat, the BC1 formats (bc1.go: in Go,
// through a per-request cache of decoded blocks) and (with a compare)
// 32-bit depth 2D and 2D-array views that decode in place, in either
// precision (hardware precision's roundings: hwprec.go) — isotropic
// bilinear and trilinear sampling with weighted average
// (percentage-closer filtering with a compare), and gathers.
//
// It works in stages over chunks of up to 64 lanes, one array per quantity
// (structure of arrays): the lanes' operands, LODs and levels; the
// footprints at the finer level; a kernel that reads and filters (or
// gathers) every footprint of the chunk; for trilinear lanes the coarser
// level's footprints, kernel and blend; and the stores. No stage calls a
// function per lane. The arithmetic is the reference's, per lane and in its
// order, so results are bit-identical (TestFastPathAgrees,
// TestLinearLoopAgrees, TestSpecialisedLoopsAgree, FuzzExecute). A
// footprint that touches a border texel or has coordinates beyond ±2^30
// takes filterLevel2D or gather2D on its own.

// laneLoop names the lane loop a request takes (pipeline.Loop).
type laneLoop = pipeline.Loop

const (
	laneNone   = pipeline.LoopNone   // runSample's lane-by-lane loop
	laneFilter = pipeline.LoopFilter // bilinear/trilinear sampling and PCF
	laneGather = pipeline.LoopGather // gathers
	laneVolume = pipeline.LoopVolume // trilinear sampling of 3D views (lanes3d.go)
)

// laneForm names runLanes2D's gatherers (a set of them: laneForms).
type laneForm uint8

const (
	// formPlain: gatherPlainLanes takes the request (2D, isotropic, no
	// offsets, the LOD explicit, zero, the base level's or from gradients).
	formPlain laneForm = 1 << iota
	// formVec: the plan's GatherPlain takes it (plain, with every lane active, no
	// channel to check and no reference to clamp; an array's layers are
	// rounded eight lanes at a time).
	formVec
	// formCubeVec: the plan's GatherCube takes it (an isotropic cube or cube-array
	// request with no offsets, every lane active, no channel to check and
	// no reference to clamp).
	formCubeVec
	// formAnisoVec: the plan's GatherAniso takes it (anisotropic 2D or 2D-array
	// sampling with no offsets, every lane active, no channel, no
	// reference to clamp, and the LOD from derivatives).
	formAnisoVec
	// formLevel: runPlainLevel takes its chunks (vec, with every lane
	// reading level 0: plainLevel).
	formLevel
)

// setupForms is laneForms for a request with no offsets, every lane
// active and no channel operand: what the set-up (whose key holds the
// operation, so its LOD source src) decides.
func (x *exec) setupForms(src LodSource) laneForm {
	var f laneForm
	iso := x.st.MaxAnisotropy <= 1
	simple := x.compare == CompareNone || !x.clampRef
	if !x.cube && iso && (src == LodExplicit || src == LodZero || src == LodBaseLevel || src == LodGradient) {
		f |= formPlain
		if simple {
			f |= formVec
			if x.plainLevel(src) {
				f |= formLevel
			}
		}
	}
	if x.cube && iso && simple {
		f |= formCubeVec
	}
	if !x.cube && !iso && simple && x.fast.lanes == laneFilter && (src == LodGradient || src == LodImplicit || src == LodBias) {
		f |= formAnisoVec
	}
	return f
}

// laneForms returns the gatherers runLanes2D may take for req: the
// set-up's forms (fast.forms), none with offsets, and only formPlain where
// a lane may be inactive or a channel operand must be checked.
func (x *exec) laneForms(req *Request) laneForm {
	if req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil {
		return 0
	}
	if req.Active != nil || x.readsChannel && req.Channel != nil {
		return x.fast.forms & formPlain
	}
	return x.fast.forms
}

// runLanes2D is runSample for requests setupLaneLoop accepts. A traced
// request's chunks take runChunkTraced (tracelanes.go): the test is at the
// calls rather than in runChunk, whose code it made worse (about 1.8 %
// more instructions per sample on anisotropic requests, W3, whose chunks
// hold few lanes).
func (x *exec) runLanes2D(req *Request, res *Result) {
	// The working set is the result's rather than on the stack, which
	// would clear it on every request. Every stage writes the entries it
	// reads, as it does from one chunk to the next.
	c := res.work
	if c == nil {
		c = new(laneSet)
		res.work = c
	}
	forms := x.laneForms(req)
	plain, vec, cubeVec, anisoVec := forms&formPlain != 0, forms&formVec != 0, forms&formCubeVec != 0, forms&formAnisoVec != 0
	level := forms&formLevel != 0 // traced, without the single call (runPlainLevelAsm)
	pl := &x.fast.plan
	// The request's operand rows, for the plan's vector gatherers.
	var o pipeline.Operands
	if vec || cubeVec || anisoVec {
		o = laneOperands(req)
	}
	for i := 0; i < req.Lanes; {
		if level {
			var ok bool
			if i, ok = x.runPlainLevel(req, res, c, i, min(i+laneChunk, req.Lanes)); ok {
				continue
			}
		}
		if cubeVec {
			var ok bool
			if i, ok = pl.GatherCube(&o, c, i); ok {
				if x.tr != nil { // traced (tracelanes.go)
					x.runChunkTraced(res, c)
				} else {
					x.runChunk(res, c)
				}
				continue
			}
		}
		if anisoVec {
			var ok bool
			if i, ok = pl.GatherAniso(&o, c, i); ok {
				if x.tr != nil { // traced (tracelanes.go)
					x.runChunkTraced(res, c)
				} else {
					x.runChunk(res, c)
				}
				continue
			}
		}
		if vec {
			var ok bool
			if i, ok = pl.GatherPlain(&o, c, i, min(i+laneChunk, req.Lanes)); ok {
				if x.tr != nil { // traced (tracelanes.go)
					x.runChunkTraced(res, c)
				} else {
					x.runChunk(res, c)
				}
				continue
			}
		}
		if plain && !x.hw {
			i = x.gatherPlainLanes(req, res, c, i)
		} else {
			i = x.gatherLanes(req, res, c, i)
		}
		if c.N > 0 {
			if x.tr != nil { // traced (tracelanes.go)
				x.runChunkTraced(res, c)
			} else {
				x.runChunk(res, c)
			}
		}
	}
}

// laneOperands returns req's operand rows as the plan's vector gatherers
// read them (pipeline.Operands: the slices, not their data).
func laneOperands(req *Request) pipeline.Operands {
	return pipeline.Operands{Lanes: req.Lanes, Coord: &req.Coord, DDX: &req.DDX, DDY: &req.DDY,
		Lod: req.Lod, Bias: req.Bias, Ref: req.Ref, MinLod: req.MinLod}
}

// writesEveryLane reports whether the run of req writes every lane's
// channels, so that Execute need not clear them first: the lane loop's
// requests that laneForms gives formVec, formCubeVec or formAnisoVec
// (every lane is active and none can fail, so that every one becomes an
// entry of a chunk, whichever gatherer takes it, and runChunk or
// runPlainLevel writes it), and the
// fetches runFetch2D takes with every lane active and no offsets (which
// it writes, in fetchVec or lane by lane, as the texel or zeroTexel).
func (x *exec) writesEveryLane(req *Request) bool {
	if req.Active != nil {
		return false
	}
	switch req.Op.Kind() {
	case KindSample, KindGather:
		if !x.takesLaneLoop(req) {
			return false
		}
		return x.laneForms(req)&(formVec|formCubeVec|formAnisoVec) != 0
	case KindFetch:
		return req.Op == OpFetch && x.fast.on && req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil
	}
	return false
}

// runChunk filters the chunk's entries and stores its lanes' results:
// the lane pipeline's stages (pipeline.Plan.RunChunk2D), which return
// where a level's footprints need the reference pipeline (slowFootprints)
// or a BC chunk's blocks make no window (bcKernel, on the request's cache
// of decoded blocks), for this to fill before they resume.
func (x *exec) runChunk(res *Result, c *laneSet) {
	var r pipeline.ChunkRun
	for x.fast.plan.RunChunk2D(x.surf.Data, c, &res.Bits, &x.foot, &r) {
		if r.Kernel {
			x.bcKernel(c, &r.Out)
		}
		x.slowFootprints(c, r.Level, &r.Out)
	}
}

// gatherLanes fills the chunk with entries for the active lanes from lane
// first on whose operands are valid — coordinates, layers, offsets,
// references, channels, LODs, levels, and a lane's anisotropic probes —
// until the request or the chunk ends, and returns the next lane.
func (x *exec) gatherLanes(req *Request, res *Result, c *laneSet, first int) int {
	c.Plain = false
	src := req.Op.LodSource()
	gather := x.fast.lanes == laneGather
	readCh := x.readsChannel && req.Channel != nil
	noOffsets := req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil
	us, vs := req.Coord[0], req.Coord[1]
	// The most entries a lane can have: N = ⌈η⌉ ≤ ⌈max anisotropy⌉.
	room := 1
	if !gather {
		room = max(1, int(math.Ceil(float64(x.st.MaxAnisotropy)))) // 0 is off, as 1
	}
	n, nl := 0, 0
	var lastLambda uint32
	var sel levelSel
	// With derivatives, λ_base = log2(arg): the lanes' arguments, shader
	// biases and lower clamps are kept, and the logarithms, λ and the
	// levels computed for the whole chunk after the loop (log2Lanes).
	deferred := src == LodImplicit || src == LodBias || src == LodGradient
	arg, bias, minLods := &c.Arg, &c.Bias, &c.MinLod
	i := first
	for ; i < req.Lanes; i++ {
		if n+room > laneChunk {
			break
		}
		if !req.active(i) {
			continue
		}
		var off [3]int32
		if !noOffsets && !x.laneOffsets(req, i, &off, res) {
			continue
		}
		var ch uint8
		if readCh {
			var ok bool
			if ch, ok = laneChannel(req, res, i); !ok {
				continue
			}
		}
		ref := x.laneRef(req, i)
		var p point
		if x.cube {
			p = x.project(x.laneCoord(req, i), req, i)
		} else {
			p = point{s: [3]float32{us[i], vs[i]}, face: -1, layer: int32(x.view.BaseLayer)}
			if x.array {
				p.layer += clampLayer(req.Coord[2][i], int32(x.layers))
			}
		}
		lr := lodResult{probes: 1}
		switch src {
		case LodBaseLevel:
		case LodExplicit, LodZero:
			minLod := x.laneMinLod(req, i)
			var base float32
			if src == LodExplicit {
				base = req.Lod[i]
			}
			_, lr.lambda = x.lambdas(base, 0, minLod)
		default: // laneLod up to the logarithm
			dir := p.s
			if x.cube {
				dir = x.laneCoord(req, i)
			}
			dx, dy := x.laneDerivatives(req, i, src, &dir, &p)
			arg[nl] = x.scaleArg(dx, dy, &lr)
			bias[nl] = 0
			if src == LodBias {
				bias[nl] = req.Bias[i]
			}
			minLods[nl] = x.laneMinLod(req, i)
		}
		if !deferred {
			if lb := math.Float32bits(lr.lambda); lb != lastLambda || nl == 0 {
				// Lanes often share λ (a uniform LOD, a quad's derivatives):
				// the selection is computed when it changes.
				lastLambda = lb
				sel = x.laneLevels(lr.lambda, gather, src)
			}
		}
		if gather {
			lr.probes = 1 // a gather reads one footprint
		}
		probes := max(lr.probes, 1) // sampleAt's test: N ≤ 1 is isotropic
		c.Lane[nl], c.First[nl], c.Count[nl] = int32(i), int32(n), int32(probes)
		nl++
		// The lane's point, or its N probes at (−½ + k/(N+1))·∂ along the
		// major axis, as sampleAt places them.
		for k := 1; k <= probes; k++ {
			c.S[n], c.T[n] = p.s[0], p.s[1]
			if probes > 1 {
				t := pipeline.ProbeSteps[probes][k-1]
				c.S[n] = p.s[0] + float32(t*lr.axis[0])
				c.T[n] = p.s[1] + float32(t*lr.axis[1])
				if x.cube { // a probe stays on the face it started on
					c.S[n] = min(max(c.S[n], 0), 1)
					c.T[n] = min(max(c.T[n], 0), 1)
				}
			}
			c.OffU[n], c.OffV[n] = off[0], off[1]
			c.Layer[n], c.Face[n], c.Ref[n], c.Ch[n] = p.layer, int32(p.face), ref, ch
			c.Hi[n], c.Lo[n], c.Delta[n] = sel.hi, sel.lo, sel.delta
			n++
		}
	}
	if deferred && nl > 0 {
		// finishLambda and the level selection for the chunk's lanes.
		x.log2Lanes(arg, nl)
		for j := range nl {
			_, lambda := x.lambdas(arg[j], bias[j], minLods[j])
			if lb := math.Float32bits(lambda); lb != lastLambda || j == 0 {
				lastLambda = lb
				sel = x.laneLevels(lambda, gather, src)
			}
			for k := c.First[j]; k < c.First[j]+c.Count[j]; k++ {
				c.Hi[k], c.Lo[k], c.Delta[k] = sel.hi, sel.lo, sel.delta
			}
		}
	}
	c.N, c.Lanes = n, nl
	pipeline.Pad(c)
	return i
}

// gatherPlainLanes is gatherLanes for the commonest requests — 2D, no
// offsets, no anisotropy, the LOD explicit, zero, the base level's or from
// gradients — with the LOD operations written out (scaleLambda's isotropic
// case, lambdas with the request's bias), in the same arithmetic, in exact
// precision (runLanes2D gives hardware precision's to gatherLanes: a test
// of the precision in this loop would cost exact precision's about 2 %
// more instructions per sample).
func (x *exec) gatherPlainLanes(req *Request, res *Result, c *laneSet, first int) int {
	c.Plain = false
	src := req.Op.LodSource()
	gather := x.fast.lanes == laneGather
	readCh := x.readsChannel && req.Channel != nil
	end := min(first+laneChunk, req.Lanes)
	us, vs := req.Coord[0][:end], req.Coord[1][:end]
	var lods, dx0, dx1, dy0, dy1 []float32
	switch src {
	case LodExplicit:
		lods = req.Lod[:end]
	case LodGradient:
		dx0, dx1, dy0, dy1 = req.DDX[0][:end], req.DDX[1][:end], req.DDY[0][:end], req.DDY[1][:end]
	}
	sz0, sz1 := float32(x.base[0]), float32(x.base[1])
	// lambdas' bias with no shader bias: the same for every lane.
	bias := lodBias(x.st.LodBias, 0)
	maxLod := x.st.MaxLod
	baseLayer := int32(x.view.BaseLayer)
	n := 0
	var lastLambda uint32
	var sel levelSel
	for i := first; i < end; i++ {
		if req.Active != nil && !req.Active[i] {
			continue
		}
		var ch uint8
		if readCh {
			var ok bool
			if ch, ok = laneChannel(req, res, i); !ok {
				continue
			}
		}
		ref := x.laneRef(req, i)
		layer := baseLayer
		if x.array {
			layer += clampLayer(req.Coord[2][i], int32(x.layers))
		}
		var lambda float32
		if src != LodBaseLevel {
			var base float32
			switch src {
			case LodExplicit:
				base = lods[i]
			case LodGradient:
				// scaleLambda with two dimensions and no anisotropy.
				ux, vx := float32(dx0[i]*sz0), float32(dx1[i]*sz1)
				uy, vy := float32(dy0[i]*sz0), float32(dy1[i]*sz1)
				rhoX := sqrt32(float32(ux*ux) + float32(vx*vx))
				rhoY := sqrt32(float32(uy*uy) + float32(vy*vy))
				rhoMax := rhoX
				if rhoY >= rhoX {
					rhoMax = rhoY
				}
				base = x.log2(rhoMax)
			}
			// lambdas, exact mode.
			if isNaN32(base) {
				base = 0
			}
			minLod := x.laneMinLod(req, i)
			lambda = base + bias
			if lambda > maxLod {
				lambda = maxLod
			}
			if lambda < minLod {
				lambda = minLod
			}
		}
		if lb := math.Float32bits(lambda); lb != lastLambda || n == 0 {
			lastLambda = lb
			sel = x.laneLevels(lambda, gather, src)
		}
		c.Lane[n], c.First[n], c.Count[n] = int32(i), int32(n), 1
		c.S[n], c.T[n], c.OffU[n], c.OffV[n] = us[i], vs[i], 0, 0
		c.Layer[n], c.Face[n], c.Ref[n], c.Ch[n] = layer, -1, ref, ch
		c.Hi[n], c.Lo[n], c.Delta[n] = sel.hi, sel.lo, sel.delta
		n++
	}
	c.N, c.Lanes = n, n
	pipeline.Pad(c)
	return end
}

// laneLevels is the level selection for λ: selectLevels when sampling;
// for a gather the nearest level (Vulkan's gathers read one level), or the
// base level for the base-level forms and without mipmapping.
func (x *exec) laneLevels(lambda float32, gather bool, src LodSource) levelSel {
	if !gather {
		return x.selectLevels(lambda)
	}
	if src == LodBaseLevel || x.st.MipFilter == MipNone {
		return levelSel{}
	}
	l := x.nearestLevel(lambda)
	return levelSel{hi: l, lo: l}
}

// footprints computes the chunk's bilinear footprints at the levels lvl:
// linearLevel's coordinates, floors and wraps, for every entry including
// the padding (the lane pipeline's footprint stage,
// pipeline.Plan.ChunkFootprints, with the request's state of it).
func (x *exec) footprints(c *laneSet, lvl *[laneChunk]int32, fp *footprints) {
	x.fast.plan.ChunkFootprints(c, lvl, fp, &x.foot)
}

// slowFootprints runs the entries footprints could not take through
// filterLevel2D or gather2D, one by one.
func (x *exec) slowFootprints(c *laneSet, lvl *[laneChunk]int32, out *chunkOut) {
	for _, k := range c.FP.Slow[:c.FP.NSlow] {
		if int(k) >= c.N {
			break // the padding
		}
		p := point{s: [3]float32{c.S[k], c.T[k]}, layer: c.Layer[k], face: int(c.Face[k])}
		off := [3]int32{c.OffU[k], c.OffV[k]}
		var v [4]float32
		switch {
		case x.fast.lanes == laneGather:
			v = x.gather(lvl[k], &p, off, int(c.Ch[k]), c.Ref[k])
		case x.cube:
			v = x.filterLevel(lvl[k], &p, Linear, off, c.Ref[k])
		default:
			v = x.filterLevel2D(lvl[k], &p, Linear, off, c.Ref[k])
		}
		out[0][k], out[1][k], out[2][k], out[3][k] = lanes.Canonical(v[0]), lanes.Canonical(v[1]), lanes.Canonical(v[2]), lanes.Canonical(v[3])
	}
}

// kernel filters or gathers the chunk's footprints (the padding included)
// into out; inside reports that every footprint offset reads inside the
// data (the assembly kernels check it otherwise: offsetsInside): the
// kernel the lane pipeline's key chooses (pipeline.Plan.Kernel; for the BC
// formats a window of decoded blocks), or for a BC chunk whose blocks make
// no window the request's cache of decoded blocks (bcKernel).
func (x *exec) kernel(c *laneSet, out *chunkOut, inside bool) {
	if !x.fast.plan.Kernel(x.surf.Data, c, out, inside) {
		x.bcKernel(c, out)
	}
}

// linearLevel is filterLevel2D's linear filter with weighted average and no
// compare, written out for the colour formats setupLaneLoop admits.
func (x *exec) linearLevel(l int32, p *point, off [3]int32) [4]float32 {
	lv := &x.fast.levels[l]
	u := float32(p.s[0]*float32(lv.W)) + float32(off[0]) - 0.5
	v := float32(p.s[1]*float32(lv.H)) + float32(off[1]) - 0.5
	if !(abs32(u) < 1<<30 && abs32(v) < 1<<30) {
		return x.filterLevel2DGeneric(l, p, Linear, off, 0)
	}
	i0, j0 := int32(u), int32(v)
	if float32(i0) > u {
		i0--
	}
	if float32(j0) > v {
		j0--
	}
	fa, fb := u-float32(i0), v-float32(j0)
	x0, x1, okx := wrapPair(i0, lv.W, x.st.Address[0])
	y0, y1, oky := wrapPair(j0, lv.H, x.st.Address[1])
	if !okx || !oky {
		return x.filterLevel2DGeneric(l, p, Linear, off, 0)
	}
	base := lv.Off + int(p.layer)*lv.LS
	r0, r1 := base+int(y0)*lv.YS, base+int(y1)*lv.YS
	c0, c1 := int(x0)*lv.XS, int(x1)*lv.XS
	wi0, wi1 := 1-fa, fa
	wj0, wj1 := 1-fb, fb
	d := x.surf.Data
	if x.fast.dec == decodeRGBA8Unorm {
		return bilinearRGBA8(d, r0+c0, r0+c1, r1+c0, r1+c1, wi0, wi1, wj0, wj1)
	}
	if dec := x.fast.dec.RGBA8(); dec != nil {
		return lanes.BilinearRGBA8Dec(d, dec, r0+c0, r0+c1, r1+c0, r1+c1, wi0, wi1, wj0, wj1)
	}
	if x.fast.dec == decodeRGBA16Float {
		return lanes.BilinearTexels(lanes.HalfAt(d, r0+c0), lanes.HalfAt(d, r0+c1), lanes.HalfAt(d, r1+c0), lanes.HalfAt(d, r1+c1), wi0, wi1, wj0, wj1)
	}
	w00, w10 := float32(wi0*wj0), float32(wi1*wj0)
	w01, w11 := float32(wi0*wj1), float32(wi1*wj1)
	var acc [4]float32
	t00 := [16]byte(d[r0+c0 : r0+c0+16])
	t10 := [16]byte(d[r0+c1 : r0+c1+16])
	t01 := [16]byte(d[r1+c0 : r1+c0+16])
	t11 := [16]byte(d[r1+c1 : r1+c1+16])
	for c := range acc {
		k := 4 * c
		s := float32(0)
		s += float32(w00 * math.Float32frombits(binary.LittleEndian.Uint32(t00[k:])))
		s += float32(w10 * math.Float32frombits(binary.LittleEndian.Uint32(t10[k:])))
		s += float32(w01 * math.Float32frombits(binary.LittleEndian.Uint32(t01[k:])))
		s += float32(w11 * math.Float32frombits(binary.LittleEndian.Uint32(t11[k:])))
		acc[c] = s
	}
	return acc
}

// vecWrap reports whether the vector footprints wrap an axis of size n in
// mode m: repeat on a power of two (a mask), or clamp-to-edge
// (pipeline.VecWrap on the lane pipeline's key).
func vecWrap(m AddressMode, n int32) bool {
	return m == WrapClampToEdge || m == WrapRepeat && n&(n-1) == 0
}

// floor2 returns ⌊u⌋ and ⌊v⌋ for |u|, |v| < 2^30, by truncation
// (pipeline.Floor2).
func floor2(u, v float32) (int32, int32) { return pipeline.Floor2(u, v) }

// wrapPair wraps texel indices i and i+1 of an axis of size n for the modes
// that never produce a border texel and keep the pair adjacent or wrapped:
// repeat and clamp-to-edge; ok is false for the others (pipeline.WrapPair
// on the lane pipeline's key).
func wrapPair(i, n int32, mode AddressMode) (w0, w1 int32, ok bool) {
	switch mode {
	case WrapRepeat:
		w0 = mod(i, n)
		if w1 = w0 + 1; w1 == n {
			w1 = 0
		}
		return w0, w1, true
	case WrapClampToEdge:
		return min(max(i, 0), n-1), min(max(i+1, 0), n-1), true
	}
	return 0, 0, false
}
