package sampler

import (
	"math/bits"
	"slices"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// The lane loops' trace stage. A traced request (Result.Trace) takes
// runLanes2D or runLanes3D like an untraced one (tracesLanes), though not
// through runPlainLevel. A test per chunk in runLanes2D gives its chunks
// to runChunkTraced rather than runChunk: the same stages, with the trace
// stage after each level's footprints stage, which records from the
// chunk's footprints (the byte offsets and fractions of c.FP) each lane's
// texels in the reference's order and with its weights (the 3D loop
// likewise: runVolChunkTraced, traceVol):
//
//   - lanes in order; within a lane its probes (entries) in order (the
//     gatherers never split a lane's probes between chunks, which
//     storeChunk relies on too); within a probe the finer level's four
//     texels, then, when it blends (δ ≠ 0), the coarser level's —
//     filterLevel's order, (i0, j0), (i1, j0), (i0, j1), (i1, j1); a
//     gather's four in its component order, (i0, j1), (i1, j1), (i1, j0),
//     (i0, j0) (gather). The finer level's pass leaves each entry's coarser
//     texels' places free for the coarser level's pass (traceGrow makes
//     room for both; traceLevel);
//   - a texel's weight is the float64 product the reference's tracer forms:
//     ((1/N) · (1 − δ or δ)) · float32(w_i · w_j) for sampling and
//     percentage-closer filtering (1/N only for N > 1 probes, the level's
//     factor only when δ ≠ 0), and 1 for a gather's texels;
//   - level, layer, x and y are recovered from the offset with the level
//     table (fastLevel: offset, x, y and layer strides, divided by
//     multiplication: levelDiv), which covers the texels of a neighbouring
//     cube face (cubeEdge) like any other, and for the BC formats their
//     virtual offsets, which bcLevel maps to the block's byte offset and
//     the texel's index in it (Block); z and the sample are 0, Border
//     false (the lane loop reads no border texel), Resident true (its views
//     have no residency tiles), Block −1 but for the BC formats.
//
// A footprint the loop hands to the reference's functions (slowFootprints:
// border texels, mirrored wraps, cube corners, coordinates beyond ±2^30 or
// NaN) would need the reference's own trace: when a chunk of a traced
// request has one, the trace stage stops recording (tracer.slow) and
// runSample traces the whole request again on the reference pipeline,
// whose results are the same.

// tracesLanes reports whether a traced request may take the set-up's lane
// loop (takesLaneLoop): every lane loop traces (the 2D loop's sampling,
// percentage-closer filtering and gathers, the 3D loop's sampling).
func (x *exec) tracesLanes() bool {
	return x.fast.lanes != laneNone
}

// runChunkTraced is runChunk for a traced request: the same stages, with
// the trace stage (traceLevel) after each level's footprints, and the
// results stored from c.Acc (storeChunk).
func (x *exec) runChunkTraced(res *Result, c *laneSet) {
	tr := x.tr
	x.footprints(c, &c.Hi, &c.FP)
	at := x.traceGrow(c, 4, slowEntries(&c.FP, c.N))
	blends := lanes.Blends(&c.Delta, c.NP)
	// A 2D view's blending chunk is traced in one pass over both levels
	// (traceBoth2D), from a copy of the finer level's footprints.
	both := at >= 0 && blends && !x.cube && x.fast.lanes == laneFilter
	switch {
	case both:
		if res.traceHi == nil {
			res.traceHi = new(footprints)
		}
		res.traceHi.O, res.traceHi.FA, res.traceHi.FB = c.FP.O, c.FP.FA, c.FP.FB
	case at >= 0:
		x.traceLevel(c, at, false)
	}
	acc := lanes.OutOf(&c.Acc)
	if blends {
		x.kernel(c, &acc, x.fast.inside)
		x.slowFootprints(c, &c.Hi, &acc)
		lower := lanes.OutOf(&c.Lower)
		x.footprints(c, &c.Lo, &c.FP)
		if at >= 0 && !tr.slow {
			switch {
			case slowEntries(&c.FP, c.N):
				tr.slow = true
			case both:
				x.traceBoth2D(c, at, res.traceHi, &c.FP)
			default:
				x.traceLevel(c, at, true)
			}
		}
		x.kernel(c, &lower, x.fast.inside)
		x.slowFootprints(c, &c.Lo, &lower)
		lanes.BlendLanes(&c.Delta, &c.Acc, &c.Lower, c.NP, &acc)
	} else {
		x.kernel(c, &acc, x.fast.inside)
		x.slowFootprints(c, &c.Hi, &acc)
	}
	storeChunk(res, c)
}

// traceGrow makes room in the trace for the chunk's texels, per a level,
// and returns the index of the first; or −1, recording nothing, when the
// request is not traced here (tracer.slow: slow, a footprint of this
// chunk's finer level, or one of an earlier chunk is slow).
func (x *exec) traceGrow(c *laneSet, per int, slow bool) int {
	tr := x.tr
	if tr.slow || c.N == 0 {
		return -1
	}
	if slow {
		tr.slow = true
		return -1
	}
	// Every entry reads per texels (a 2D footprint's four, a 3D one's
	// eight), and as many more where it blends.
	m := per * c.N
	for _, d := range c.Delta[:c.N] {
		if d != 0 {
			m += per
		}
	}
	t := tr.t
	at := len(t.Texels)
	t.Texels = slices.Grow(t.Texels, m)[:at+m]
	tr.starts = true
	return at
}

// traceLevel records the texels of the chunk's footprints in c.FP — at the
// finer levels (c.Hi), or for lo at the coarser (c.Lo) of the entries that
// blend — in their places from Texels[at]: lane by lane, each entry's
// finer level's four texels then its coarser level's four (see above).
// The finer level's pass sets the lanes' Start.
func (x *exec) traceLevel(c *laneSet, at int, lo bool) {
	if !x.cube && !lo {
		x.traceLevel2D(c, at)
		return
	}
	tr := x.tr
	t := tr.t
	fp := &c.FP
	gather := x.fast.lanes == laneGather
	lvl := &c.Hi
	if lo {
		lvl = &c.Lo
	}
	pos := at
	for j, lane := range c.Lane[:c.Lanes] {
		if !lo {
			// Start: this lane's first texel, which every lane before it
			// without texels (inactive or failed) shares.
			for s := int32(pos); tr.next <= int(lane); tr.next++ {
				t.Start[tr.next] = s
			}
		}
		first, n, w := laneEntries(c, j)
		for k := first; k < first+n; k++ {
			d := c.Delta[k]
			e := (*[4]TracedTexel)(t.Texels[pos:])
			switch {
			case gather:
				x.traceGatherEntry(e, lane, x.levelDiv(lvl[k]), fp, k, c.Layer[k])
			case lo:
				if d != 0 {
					e = (*[4]TracedTexel)(t.Texels[pos+4:])
					x.traceLinearEntry(e, lane, x.levelDiv(lvl[k]), fp, k, c.Layer[k], w*float64(d))
				}
			case d == 0:
				x.traceLinearEntry(e, lane, x.levelDiv(lvl[k]), fp, k, c.Layer[k], w)
			default: // sampleLevels' weights: 1 − δ for the finer level, δ for the coarser
				x.traceLinearEntry(e, lane, x.levelDiv(lvl[k]), fp, k, c.Layer[k], w*float64(1-d))
			}
			pos += 4
			if d != 0 {
				pos += 4
			}
		}
	}
}

// traceLevel2D is traceLevel's finer-level pass for 2D and 2D-array views,
// written out (a blending chunk of samples takes traceBoth2D instead).
func (x *exec) traceLevel2D(c *laneSet, at int) {
	tr := x.tr
	t := tr.t
	fp := &c.FP
	gather := x.fast.lanes == laneGather
	texels := t.Texels[at:]
	pos := 0
	curL, div := int32(-1), (*levelDiv)(nil) // the level of the last entry, as chunks mostly have one
	for j, lane := range c.Lane[:c.Lanes] {
		for s := int32(at + pos); tr.next <= int(lane); tr.next++ {
			t.Start[tr.next] = s
		}
		first, n, w := laneEntries(c, j)
		for k := first; k < first+n; k++ {
			d := c.Delta[k]
			outer, q := w, pos
			pos += 4
			if d != 0 { // the coarser level's texels follow (traceLevel's second pass)
				pos += 4
				outer = w * float64(1-d)
			}
			if l := c.Hi[k]; l != curL {
				curL, div = l, x.levelDiv(l)
			}
			e := (*[4]TracedTexel)(texels[q : q+4])
			if !gather {
				traceBilinear2D(e, lane, div, fp, k, c.Layer[k], outer)
				continue
			}
			// gather's order, (i0, j1), (i1, j1), (i1, j0), (i0, j0), of weight 1
			o := [4]int32{fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k]}
			layer := c.Layer[k]
			i0, i1, j0, j1 := div.quad(o, layer)
			setTexel(&e[0], lane, div.abs, layer, i0, j1, 1, o[2])
			setTexel(&e[1], lane, div.abs, layer, i1, j1, 1, o[3])
			setTexel(&e[2], lane, div.abs, layer, i1, j0, 1, o[1])
			setTexel(&e[3], lane, div.abs, layer, i0, j0, 1, o[0])
			if div.bc {
				div.blocks(e)
			}
		}
	}
}

// runVolChunkTraced is runVolChunk for a traced request: the same
// stages, with traceVol after each level's footprints stage.
func (x *exec) runVolChunkTraced(res *Result, c *laneSet) {
	tr, v := x.tr, c.Vol
	acc := lanes.OutOf(&c.Acc)
	x.volFootprints(c, &c.Hi)
	at := x.traceGrow(c, 8, slowEntryList(v.Slow[:v.NSlow], c.N))
	if at >= 0 {
		x.traceVol(c, at, false)
	}
	x.volKernel(c, &acc)
	x.volSlow(c, &c.Hi, &acc)
	if lanes.Blends(&c.Delta, c.NP) {
		lower := lanes.OutOf(&c.Lower)
		x.volFootprints(c, &c.Lo)
		if at >= 0 && !tr.slow {
			if slowEntryList(v.Slow[:v.NSlow], c.N) {
				tr.slow = true
			} else {
				x.traceVol(c, at, true)
			}
		}
		x.volKernel(c, &lower)
		x.volSlow(c, &c.Lo, &lower)
		lanes.BlendLanes(&c.Delta, &c.Acc, &c.Lower, c.NP, &acc)
	}
	storeChunk(res, c)
}

// traceVol is traceLevel for the 3D loop's footprints (c.Vol): eight
// texels an entry, (i0 + i, j0 + j, k0 + k) at o[i + 2j + 4k], in that
// order (filterLevel's k outer, then j, then i), each of weight outer ·
// float32(float32(w_i·w_j)·w_k).
func (x *exec) traceVol(c *laneSet, at int, lo bool) {
	tr := x.tr
	t := tr.t
	v := c.Vol
	lvl := &c.Hi
	if lo {
		lvl = &c.Lo
	}
	pos := at
	for j, lane := range c.Lane[:c.Lanes] {
		if !lo {
			for s := int32(pos); tr.next <= int(lane); tr.next++ {
				t.Start[tr.next] = s
			}
		}
		first, n, w := laneEntries(c, j)
		for k := first; k < first+n; k++ {
			d := c.Delta[k]
			q, outer := pos, w
			pos += 8
			if d != 0 {
				pos += 8
				outer = w * float64(1-d)
				if lo {
					q, outer = q+8, w*float64(d)
				}
			} else if lo {
				continue
			}
			div := x.levelDiv(lvl[k])
			fa, fb, fc := v.FA[k], v.FB[k], v.FC[k]
			wi, wj, wk := [2]float32{1 - fa, fa}, [2]float32{1 - fb, fb}, [2]float32{1 - fc, fc}
			e := (*[8]TracedTexel)(t.Texels[q : q+8])
			for p := range e {
				o := v.O[p][k]
				layer, r := div.ls.split(uint32(o - div.off))
				z, r := div.zs.split(r)
				y, r := div.ys.split(r)
				i, _ := div.xs.split(r)
				wt := float32(wi[p&1] * wj[p>>1&1])
				wt = float32(wt * wk[p>>2])
				setTexel(&e[p], lane, div.abs, int32(layer), int32(i), int32(y), outer*float64(wt), o)
				e[p].Z = int32(z)
			}
		}
	}
}

// slowEntryList reports whether one of the chunk's n entries (not the
// padding) is in the slow list.
func slowEntryList(slow []int32, n int) bool {
	for _, k := range slow {
		if int(k) < n {
			return true
		}
	}
	return false
}

// traceBoth2D is traceLevel2D's two passes over a chunk of 2D sampling
// in one: each entry's footprint at its finer level (hi), then where it
// blends at its coarser (lo).
func (x *exec) traceBoth2D(c *laneSet, at int, hi, lo *footprints) {
	tr := x.tr
	t := tr.t
	texels := t.Texels[at:]
	pos := 0
	hiL, hiDiv := int32(-1), (*levelDiv)(nil)
	loL, loDiv := int32(-1), (*levelDiv)(nil)
	for j, lane := range c.Lane[:c.Lanes] {
		for s := int32(at + pos); tr.next <= int(lane); tr.next++ {
			t.Start[tr.next] = s
		}
		first, n, w := laneEntries(c, j)
		for k := first; k < first+n; k++ {
			if l := c.Hi[k]; l != hiL {
				hiL, hiDiv = l, x.levelDiv(l)
			}
			d := c.Delta[k]
			if d == 0 {
				traceBilinear2D((*[4]TracedTexel)(texels[pos:pos+4]), lane, hiDiv, hi, k, c.Layer[k], w)
				pos += 4
				continue
			}
			if l := c.Lo[k]; l != loL {
				loL, loDiv = l, x.levelDiv(l)
			}
			e := (*[8]TracedTexel)(texels[pos : pos+8])
			traceBilinear2D((*[4]TracedTexel)(e[:4]), lane, hiDiv, hi, k, c.Layer[k], w*float64(1-d))
			traceBilinear2D((*[4]TracedTexel)(e[4:]), lane, loDiv, lo, k, c.Layer[k], w*float64(d))
			pos += 8
		}
	}
}

// traceBilinear2D sets e to entry k's bilinear footprint fp (lane lane's,
// on layer layer of div's level), whose texels weigh outer times their
// filter weights as filterLevel forms them.
func traceBilinear2D(e *[4]TracedTexel, lane int32, div *levelDiv, fp *footprints, k, layer int32, outer float64) {
	o := [4]int32{fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k]}
	i0, i1, j0, j1 := div.quad(o, layer)
	fa, fb := fp.FA[k], fp.FB[k]
	setTexel(&e[0], lane, div.abs, layer, i0, j0, outer*float64(float32((1-fa)*(1-fb))), o[0])
	setTexel(&e[1], lane, div.abs, layer, i1, j0, outer*float64(float32(fa*(1-fb))), o[1])
	setTexel(&e[2], lane, div.abs, layer, i0, j1, outer*float64(float32((1-fa)*fb)), o[2])
	setTexel(&e[3], lane, div.abs, layer, i1, j1, outer*float64(float32(fa*fb)), o[3])
	if div.bc {
		div.blocks(e)
	}
}

// slowEntries reports whether one of the chunk's n entries (not the
// padding) is in fp's slow list.
func slowEntries(fp *footprints, n int) bool { return slowEntryList(fp.Slow[:fp.NSlow], n) }

// levelDiv turns a byte offset into a level's texel (traceOffset): the
// level's table, with the divisions by its layer, row and texel strides as
// multiplications (divisor).
type levelDiv struct {
	abs, off       int32
	ls, zs, ys, xs divisor // zs: a 3D level's (0 otherwise)
	xsh            uint8   // log2 of the texel stride, a power of two (or 0 for a level one texel wide)
	xpow           bool    // xsh applies
	// bc: the offsets are a BC view's virtual offsets, which bcl maps to
	// blocks (bc.go).
	bc  bool
	bcl bcLevel
}

// blocks turns the virtual offsets of e's texels of a BC view into their
// blocks' byte offsets and the texels' indices in them (Block), as
// surface.BlockOffset gives them to the reference's trace.
func (div *levelDiv) blocks(e *[4]TracedTexel) {
	for q := range e {
		off, t := div.bcl.block(int32(e[q].Offset))
		e[q].Offset, e[q].Block = int64(off), t
	}
}

// divisor divides the offsets (0 ≤ n < 2^31) by d: ⌊n/d⌋ = ⌊n·m / 2^s⌋
// with s = 31 + ⌈log2 d⌉ and m = ⌈2^s/d⌉ (Granlund and Montgomery,
// "Division by invariant integers using multiplication", 1994: exact as
// m·d − 2^s < d ≤ 2^⌈log2 d⌉; n·m < 2^31·(2^32 + 1) fits 64 bits). A
// stride of 0 (a level one texel wide or high, a surface of one layer) has
// m = 0: the quotient 0, the remainder n.
type divisor struct {
	m uint64
	s uint8
	d uint32
}

// divisorOf returns the divisor for the stride d ≥ 0.
func divisorOf(d int) divisor {
	if d <= 0 {
		return divisor{}
	}
	l := uint8(bits.Len(uint(d - 1))) // ⌈log2 d⌉
	s := 31 + l
	return divisor{m: (uint64(1)<<s + uint64(d) - 1) / uint64(d), s: s, d: uint32(d)}
}

// split returns ⌊n/d⌋ and n mod d.
func (v divisor) split(n uint32) (q, r uint32) {
	q = uint32(uint64(n) * v.m >> v.s)
	return q, n - q*v.d
}

// levelDiv returns relative level l's levelDiv, made on the request's
// first use of the level (makeLevelDiv).
func (x *exec) levelDiv(l int32) *levelDiv {
	if x.tr.divOK&(1<<l) == 0 {
		x.makeLevelDiv(l)
	}
	return &x.tr.divs[l]
}

// makeLevelDiv makes relative level l's levelDiv.
func (x *exec) makeLevelDiv(l int32) {
	lv := &x.fast.levels[l]
	x.tr.divs[l] = levelDiv{abs: int32(lv.abs), off: int32(lv.off), ls: divisorOf(lv.ls), zs: divisorOf(lv.zs), ys: divisorOf(lv.ys), xs: divisorOf(lv.xs),
		xsh: uint8(bits.TrailingZeros(uint(lv.xs))), xpow: lv.xs&(lv.xs-1) == 0 && lv.xs > 0}
	if x.fast.dec == decodeBC {
		x.tr.divs[l].bc, x.tr.divs[l].bcl = true, x.bcLevels[l]
	}
	x.tr.divOK |= 1 << l
}

// traceLinearEntry records in e entry k's bilinear footprint fp (lane
// lane's, on the level of div, layer layer), whose texels weigh outer times
// their filter weights as filterLevel forms them.
func (x *exec) traceLinearEntry(e *[4]TracedTexel, lane int32, div *levelDiv, fp *footprints, k, layer int32, outer float64) {
	fa, fb := fp.FA[k], fp.FB[k]
	w := [4]float64{outer * float64(float32((1-fa)*(1-fb))), outer * float64(float32(fa*(1-fb))),
		outer * float64(float32((1-fa)*fb)), outer * float64(float32(fa*fb))}
	o := [4]int32{fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k]}
	if x.cube {
		traceTexels(e, lane, div, o, &w, [4]int{0, 1, 2, 3})
		return
	}
	i0, i1, j0, j1 := div.quad(o, layer)
	setTexel(&e[0], lane, div.abs, layer, i0, j0, w[0], o[0])
	setTexel(&e[1], lane, div.abs, layer, i1, j0, w[1], o[1])
	setTexel(&e[2], lane, div.abs, layer, i0, j1, w[2], o[2])
	setTexel(&e[3], lane, div.abs, layer, i1, j1, w[3], o[3])
	if div.bc {
		div.blocks(e)
	}
}

// gatherWeights are a gather's texels' weights.
var gatherWeights = [4]float64{1, 1, 1, 1}

// traceGatherEntry records in e entry k's gathered footprint fp, in the
// order gather reads it: (i0, j1), (i1, j1), (i1, j0), (i0, j0) (the rows
// 2, 3, 1, 0 of footprints.O), four texels of weight 1.
func (x *exec) traceGatherEntry(e *[4]TracedTexel, lane int32, div *levelDiv, fp *footprints, k, layer int32) {
	o := [4]int32{fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k]}
	if x.cube {
		traceTexels(e, lane, div, o, &gatherWeights, [4]int{2, 3, 1, 0})
		return
	}
	i0, i1, j0, j1 := div.quad(o, layer)
	setTexel(&e[0], lane, div.abs, layer, i0, j1, 1, o[2])
	setTexel(&e[1], lane, div.abs, layer, i1, j1, 1, o[3])
	setTexel(&e[2], lane, div.abs, layer, i1, j0, 1, o[1])
	setTexel(&e[3], lane, div.abs, layer, i0, j0, 1, o[0])
	if div.bc {
		div.blocks(e)
	}
}

// traceTexels sets e[p] to lane lane's texel at byte offset o[order[p]] of
// div's level, of weight w[p], recovering its layer and coordinates from the
// level table: any four texels (a cube footprint's may lie on two faces).
func traceTexels(e *[4]TracedTexel, lane int32, div *levelDiv, o [4]int32, w *[4]float64, order [4]int) {
	var xy [4][3]uint32
	for q := range o {
		layer, r := div.ls.split(uint32(o[q] - div.off))
		j, r := div.ys.split(r)
		i, _ := div.xs.split(r)
		xy[q] = [3]uint32{i, j, layer}
	}
	for p, q := range order {
		setTexel(&e[p], lane, div.abs, int32(xy[q][2]), int32(xy[q][0]), int32(xy[q][1]), w[p], o[q])
	}
	if div.bc {
		div.blocks(e)
	}
}

// quad returns the columns and rows of a footprint of layer layer of a 2D
// or 2D-array view at offsets o: texels 0 and 1 on one row, 2 and 3 on
// another (o[0] = r0 + c0, o[1] = r0 + c1, o[2] = r1 + c0, o[3] = r1 + c1:
// the wrapped rows' and columns' offsets, as every 2D footprint is made).
// The second column and row are the first's neighbours, or the same
// (clamped), or another that a wrap gave, which alone takes a division.
func (div *levelDiv) quad(o [4]int32, layer int32) (i0, i1, j0, j1 int32) {
	base := uint32(o[0]-div.off) - uint32(layer)*div.ls.d // r0 + c0 within the layer
	y0, c0 := div.ys.split(base)
	var x0 uint32
	if div.xpow {
		x0 = c0 >> div.xsh
	} else {
		x0, _ = div.xs.split(c0)
	}
	i0, j0 = int32(x0), int32(y0)
	switch dx := uint32(o[1] - o[0]); {
	case dx == 0:
		i1 = i0
	case dx == div.xs.d:
		i1 = i0 + 1
	default:
		x1, _ := div.xs.split(dx + c0)
		i1 = int32(x1)
	}
	switch dy := uint32(o[2] - o[0]); {
	case dy == 0:
		j1 = j0
	case dy == div.ys.d:
		j1 = j0 + 1
	default:
		y1, _ := div.ys.split(dy + base)
		j1 = int32(y1)
	}
	return i0, i1, j0, j1
}

// setTexel sets e field by field: a composite literal is built on the
// stack and copied, and the wide loads of its narrow stores stall (store
// forwarding), which cost about three times the rest of the trace stage.
func setTexel(e *TracedTexel, lane, level, layer, i, j int32, w float64, o int32) {
	e.Lane, e.Level, e.Layer, e.X, e.Y, e.Z, e.Sample = lane, level, layer, i, j, 0, 0
	e.Weight, e.Border, e.Resident, e.Offset, e.Block = w, false, true, int64(o), -1
}

// laneEntries returns lane j's entries in chunk c — its own entry j when
// the chunk holds one entry a lane, else First[j] and Count[j] (which only
// such chunks' gatherers write) — and each entry's weight in the lane's
// value: 1, or 1/N for each of N anisotropic probes (sampleAt).
func laneEntries(c *laneSet, j int) (first, n int32, w float64) {
	first, n, w = int32(j), 1, 1
	if c.Lanes != c.N {
		first, n = c.First[j], c.Count[j]
	}
	if n > 1 {
		w = 1 / float64(n)
	}
	return first, n, w
}
