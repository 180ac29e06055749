package sampler

import (
	"math/bits"
	"slices"

	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
)

// The lane loops' trace stage. A traced request (Result.Trace) takes
// runLanes2D or runLanes3D like an untraced one (tracesLanes), though not
// through Execute's runPlainLevels nor runPlainLevel's single call (its
// chunks trace after their footprints: tracePlainLevel). A test per chunk
// in runLanes2D gives its other chunks
// to runChunkTraced rather than runChunk: the same stages
// (pipeline.Plan.RunChunk2D, which hands back each level's footprints
// where ChunkRun.Trace is set), with the trace stage after each level's
// footprints stage, which keeps a copy of the
// chunk's footprints (the byte offsets and fractions of c.FP, the entries'
// levels, layers and δ, the lanes' entries: traceChunk) and sets the lanes'
// Start (the 3D loop likewise: runVolChunkTraced). Trace.Texels writes the
// texels from the kept chunks at its first call (expand), each lane's in
// the reference's order and with its weights:
//
//   - lanes in order; within a lane its probes (entries) in order (the
//     gatherers never split a lane's probes between chunks, which
//     pipeline.StoreChunk relies on too); within a probe the finer level's four
//     texels, then, when it blends (δ ≠ 0), the coarser level's —
//     filterLevel's order, (i0, j0), (i1, j0), (i0, j1), (i1, j1); a
//     gather's four in its component order, (i0, j1), (i1, j1), (i1, j0),
//     (i0, j0) (gather);
//   - a texel's weight is the float64 product the reference's tracer forms:
//     ((1/N) · (1 − δ or δ)) · float32(w_i · w_j) for sampling and
//     percentage-closer filtering (1/N only for N > 1 probes, the level's
//     factor only when δ ≠ 0), and 1 for a gather's texels;
//   - level, layer, x and y are recovered from the offset with the level
//     table (fastLevel, kept with the chunks: offset, x, y and
//     layer strides, divided by multiplication: levelDiv), which covers the
//     texels of a neighbouring cube face (pipeline.Plan.CubeEdge) like any other, and for
//     the BC formats their virtual offsets, which bcLevel maps to the
//     block's byte offset and the texel's index in it (Block); z and the
//     sample are 0, Border false (the lane loop reads no border texel),
//     Resident true (its views have no residency tiles), Block −1 but for
//     the BC formats.
//
// A footprint the loop hands to the reference's functions (slowFootprints:
// border texels, mirrored wraps, cube corners, coordinates beyond ±2^30 or
// NaN) would need the reference's own trace: when a chunk of a traced
// request has one, the trace stage stops keeping chunks (tracer.slow) and
// runSample traces the whole request again lane by lane, whose results are
// the same: on the reference pipeline, or where the specialised path's
// per-lane forms take a lane, through them (traceIso2D, traceLevelAt).

// tracesLanes reports whether a traced request may take the set-up's lane
// loop (takesLaneLoop): every lane loop traces (the 2D loop's sampling,
// percentage-closer filtering and gathers, the 3D loop's sampling).
func (x *exec) tracesLanes() bool {
	return x.fast.lanes != laneNone
}

// tracesFetch2D reports whether a traced fetch on the specialised 2D path
// may take runFetch2D, whose texels traceFetch2D then records: one
// without offsets (no lane fails, and each active lane reads the texel at
// its coordinates or nothing).
func tracesFetch2D(req *Request) bool {
	return req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil
}

// traceFetch2D records the texels runFetch2D read for a request without
// offsets (tracesFetch2D), as fetchHooked records the reference's: for
// each active lane whose level, coordinates and layer are in range, the
// texel at them, of weight 1, with its byte offset (the level table's,
// which holds the aspect's offset). (Fetches of the BC formats take the
// reference pipeline: setup.)
func (x *exec) traceFetch2D(req *Request) {
	tr := x.tr
	t := tr.t
	n := req.Lanes
	tx, ty := req.Texel[0][:n], req.Texel[1][:n]
	var tl []int32
	if x.array {
		tl = req.Texel[2][:n]
	}
	base := int64(x.view.BaseLayer)
	levels := x.fast.levels
	at := len(t.texels)
	t.texels = slices.Grow(t.texels, n)[:at+n]
	e := t.texels[at : at+n]
	start := t.Start[:n]
	m := 0
	if req.Active == nil && req.Level == nil && tl == nil {
		// Every lane active, at level 0 of a view's one layer: the loop
		// below with what it tests per lane made once.
		lv := &levels[0]
		w, h, abs, layer := uint32(lv.W), uint32(lv.H), int32(lv.Abs), int32(base)
		o0, xs, ys := lv.Off+int(base)*lv.LS, lv.XS, lv.YS
		for i := range n {
			start[i] = int32(at + m)
			u, v := tx[i], ty[i]
			if uint32(u) >= w || uint32(v) >= h {
				continue
			}
			r := &e[m]
			r.Lane, r.Level, r.Layer, r.X, r.Y, r.Z, r.Sample = int32(i), abs, layer, u, v, 0, 0
			r.Weight, r.Border, r.Resident, r.Offset, r.Block = 1, false, true, int64(o0+int(u)*xs+int(v)*ys), -1
			m++
		}
		t.texels = t.texels[:at+m]
		tr.starts, tr.next, tr.pos = true, n, at+m
		return
	}
	for i := range n {
		start[i] = int32(at + m) // Start as it goes (finish sets Start[n])
		if !req.active(i) {
			continue
		}
		var level int32
		if req.Level != nil {
			level = req.Level[i]
		}
		if level < 0 || int(level) >= x.levels {
			continue
		}
		lv := &levels[level]
		u, w := int64(tx[i]), int64(ty[i])
		layer := base
		inside := u >= 0 && u < int64(lv.W) && w >= 0 && w < int64(lv.H)
		if tl != nil {
			inside = inside && tl[i] >= 0 && int(tl[i]) < x.layers
			layer += int64(tl[i])
		}
		if !inside {
			continue
		}
		o := lv.Off + int(layer)*lv.LS + int(u)*lv.XS + int(w)*lv.YS
		r := &e[m]
		r.Lane, r.Level, r.Layer, r.X, r.Y, r.Z, r.Sample = int32(i), int32(lv.Abs), int32(layer), int32(u), int32(w), 0, 0
		r.Weight, r.Border, r.Resident, r.Offset, r.Block = 1, false, true, int64(o), -1
		m++
	}
	t.texels = t.texels[:at+m]
	tr.starts, tr.next, tr.pos = true, n, at+m
}

// traceIso2D records the texels sampleIso2D read at p for λ (one probe,
// the specialised 2D path's per-lane form: fine derivatives, nearest
// filtering, wraps and border texels, the formats and views the lane loop
// does not take), as the reference's sampleLevels and filterLevel record
// them: the finer level's texels then, where it blends, the coarser's, of
// weights (1 − δ)·w and δ·w, with w the filter weights in filterLevel's
// order, (i0, j0), (i1, j0), (i0, j1), (i1, j1).
func (x *exec) traceIso2D(p *point, lambda float32, off [3]int32) {
	f := x.st.MinFilter
	if lambda <= 0 || isNaN32(lambda) {
		f = x.st.MagFilter
	}
	sel := x.selectLevels(lambda)
	w0 := x.tr.w
	if sel.delta == 0 {
		x.traceLevelAt(sel.hi, p, f, off, w0)
		return
	}
	x.traceLevelAt(sel.hi, p, f, off, w0*float64(1-sel.delta))
	x.traceLevelAt(sel.lo, p, f, off, w0*float64(sel.delta))
}

// traceLevelAt records the texels filterLevel reads at p on relative
// level l of a 2D or 2D-array view, or inside a cube face (cubeInterior:
// every texel in range, which the wrap leaves as it is), with filter f
// (nearest or linear), of weight outer times their filter weights.
// filterLevel calls it for traced requests on the specialised path
// (anisotropic probes, footprint assembly's among them), after
// filterLevel2D.
func (x *exec) traceLevelAt(l int32, p *point, f Filter, off [3]int32, outer float64) {
	abs, size := x.levelGeom(l)
	u := x.texelCoord(p.s[0], size[0], off[0])
	v := x.texelCoord(p.s[1], size[1], off[1])
	tr := x.tr
	w0 := tr.w
	if f == Nearest {
		i, _ := x.split(u)
		j, _ := x.split(v)
		tr.w = outer
		x.traceTexel2D(l, abs, size, i, j, p.layer)
		tr.w = w0
		return
	}
	i0, a := x.split(u - 0.5)
	j0, b := x.split(v - 0.5)
	// The two columns and rows, each wrapped once (wrap, as texel wraps
	// each texel's), and the four texels in filterLevel's order.
	var col, row [2]int32
	var outC, outR [2]bool
	col[0], outC[0] = wrap(i0, size[0], x.st.Address[0])
	col[1], outC[1] = wrap(i0+1, size[0], x.st.Address[0])
	row[0], outR[0] = wrap(j0, size[1], x.st.Address[1])
	row[1], outR[1] = wrap(j0+1, size[1], x.st.Address[1])
	lv := &x.fast.levels[l]
	base := lv.Off + int(p.layer)*lv.LS
	bcv := x.fast.dec == decodeBC
	t := tr.t
	n := len(t.texels)
	t.texels = slices.Grow(t.texels, 4)[:n+4]
	e := (*[4]TracedTexel)(t.texels[n:])
	for q := range e {
		di, dj := q&1, q>>1
		w := float32(weight(a, di) * weight(b, dj))
		r := &e[q]
		if outC[di] || outR[dj] {
			// a border texel at its unwrapped coordinates (tracer.addBorder)
			r.Lane, r.Level, r.Layer, r.X, r.Y, r.Z, r.Sample = tr.lane, int32(abs), p.layer, i0+int32(di), j0+int32(dj), 0, 0
			r.Weight, r.Border, r.Resident, r.Offset, r.Block = outer*float64(w), true, true, -1, -1
			continue
		}
		o, block := int64(base+int(col[di])*lv.XS+int(row[dj])*lv.YS), int32(-1)
		if bcv {
			off, t := x.fast.plan.BCLevels[l].Block(int32(o))
			o, block = int64(off), t
		}
		r.Lane, r.Level, r.Layer, r.X, r.Y, r.Z, r.Sample = tr.lane, int32(abs), p.layer, col[di], row[dj], 0, 0
		r.Weight, r.Border, r.Resident, r.Offset, r.Block = outer*float64(w), false, true, o, block
	}
}

// traceTexel2D records texel (i, j) before wrapping of layer layer of
// relative level l (absolute abs), as texel and read record it: a border
// texel at (i, j), or the wrapped texel (resident: the specialised path's
// surfaces have no residency tiles) at its offset from the level table
// (which holds the aspect's offset), for the BC formats its block's.
func (x *exec) traceTexel2D(l int32, abs int, size [3]int32, i, j, layer int32) {
	wi, bi := wrap(i, size[0], x.st.Address[0])
	if !bi {
		wj, bj := wrap(j, size[1], x.st.Address[1])
		if !bj {
			lv := &x.fast.levels[l]
			o, block := lv.Off+int(layer)*lv.LS+int(wi)*lv.XS+int(wj)*lv.YS, -1
			if x.fast.dec == decodeBC {
				off, t := x.fast.plan.BCLevels[l].Block(int32(o))
				o, block = int(off), int(t)
			}
			x.tr.add(abs, layer, wi, wj, 0, 0, true, o, block)
			return
		}
	}
	x.tr.addBorder(abs, layer, [3]int32{i, j, 0})
}

// tracePending is what a Trace keeps of the lane loops' chunks until
// Texels writes their texels: the chunks, the request's kind of chunk, and
// the level tables of the levels they use.
type tracePending struct {
	chunks []traceChunk
	n      int // chunks kept
	total  int // their texels
	// gather: the chunks are gathers'; cube: a cube view's; vol: the 3D
	// loop's; bc: the offsets are a BC view's virtual offsets.
	gather, cube, vol, bc bool
	levels                [maxLevels]fastLevel // the view's level tables
	bcLevels              [maxLevels]bcLevel   // a BC view's
	divs                  [maxLevels]levelDiv  // those in divOK, made from levels
	divOK                 uint32
	divMade               uint32               // divs made by any request, each from divFrom's table
	divFrom               [maxLevels]fastLevel // (and, for BC views, bcLevels)
	quads                 [2]traceQuadCols     // lanes.TraceQuads' columns (tracequads.go)
	quadLevels            [2]lanes.QuadLevel   // lanes.TraceQuadLevel's
}

// traceChunk is a chunk of a lane loop as its trace stage keeps it: its
// lanes' entries (laneEntries), the entries' levels, layers and δ, and
// their footprints at the finer level (fp[0]) and, where the chunk blends,
// the coarser (fp[1]).
type traceChunk struct {
	at       int // the index of its first texel
	n, lanes int
	blends   bool
	plain    bool // tracePlainLevel's: one entry a lane, every entry at level 0 with δ 0
	// plainOK: lane, hi, delta and layer hold what tracePlainLevel wrote
	// for a chunk of lanes plainFirst to plainFirst+plainN on layer
	// plainLayer (a 2D view's), which it need not write again.
	plainOK            bool
	plainFirst, plainN int
	plainLayer         int32
	lane               [laneChunk]int32
	first, count       [laneChunk]int32 // where lanes ≠ n
	hi, lo             [laneChunk]int32
	layer              [laneChunk]int32
	delta              [laneChunk]float32
	fp                 [2]traceFoot
}

// traceFoot is a copy of a chunk's footprints: a 2D footprint's four
// offsets (footprints.O) or a 3D one's eight (volSet.O) and fractions.
type traceFoot struct {
	o          [8][laneChunk]int32
	fa, fb, fc [laneChunk]float32
}

// runChunkTraced is runChunk for a traced request: the same stages
// (pipeline.Plan.RunChunk2D), asked to hand back each level's footprints
// too (ChunkRun.Trace), for the trace stage (traceKeep, traceFoot.keep2D)
// to keep them.
func (x *exec) runChunkTraced(res *Result, c *laneSet) {
	tr := x.tr
	var ch *traceChunk
	r := pipeline.ChunkRun{Trace: true}
	for x.fast.plan.RunChunk2D(x.surf.Data, c, &res.Bits, &x.foot, &r) {
		switch {
		case r.Footprints && r.Level == &c.Hi:
			ch = x.traceKeep(c, 4, slowEntries(&c.FP, c.N))
			if ch != nil {
				ch.fp[0].keep2D(&c.FP, c.N)
			}
		case r.Footprints: // the coarser levels'
			if ch != nil && !tr.slow {
				if slowEntries(&c.FP, c.N) {
					tr.slow = true
				} else {
					traceKeepLo(c, ch)
					ch.fp[1].keep2D(&c.FP, c.N)
				}
			}
		default:
			if r.Kernel {
				x.bcKernel(c, &r.Out)
			}
			x.slowFootprints(c, r.Level, &r.Out)
		}
	}
}

// tracePlainLevel is the trace stage of a traced chunk that
// runPlainLevelAsm takes (without the single call): its c.N entries are
// lanes first, first+1, … at level 0 without a blend, whose footprints
// PlainFootprintsAsm made (none slow: it declines those chunks).
func (x *exec) tracePlainLevel(c *laneSet, first int) {
	tr := x.tr
	if tr.slow {
		return
	}
	n := c.N
	ch := x.traceChunkNew(n, n)
	// What traceKeep would copy, written here: the lanes first, first+1,
	// …, level 0, δ 0; and their Start, four texels each.
	pos, next := tr.pos, tr.next
	start := tr.t.Start
	for ; next < first; next++ {
		start[next] = int32(pos)
	}
	st := start[first : first+n]
	for k := range st {
		st[k] = int32(pos + 4*k)
	}
	// The lanes, levels, δ and (but for arrays) layers are those this
	// kept chunk held for the last request where it was such a chunk of
	// the same lanes and layer and no traceKeep wrote it since (plainOK).
	layer := c.Layer[0]
	if !ch.plainOK || ch.plainFirst != first || ch.plainN != n || ch.plainLayer != layer || x.array {
		for k := range n {
			ch.lane[k] = int32(first + k)
		}
		clear(ch.hi[:n])
		clear(ch.delta[:n])
		copy(ch.layer[:n], c.Layer[:n])
		// (An array view's layers are the entries' own: not kept for the next.)
		ch.plainOK, ch.plainFirst, ch.plainN, ch.plainLayer = !x.array, first, n, layer
	}
	ch.plain = true
	f := &ch.fp[0]
	for r := range c.FP.O {
		copy(f.o[r][:n], c.FP.O[r][:n])
	}
	if !tr.t.pend.gather { // a gather's texels weigh 1: no fractions
		copy(f.fa[:n], c.FP.FA[:n])
		copy(f.fb[:n], c.FP.FB[:n])
	}
	tr.pos, tr.next, tr.t.pend.total = pos+4*n, first+n, pos+4*n
}

// runVolChunkTraced is runVolChunk for a traced request: the same
// stages (pipeline.Plan.RunVolChunk), asked to hand back each level's
// footprints too, for the trace stage to keep them.
func (x *exec) runVolChunkTraced(res *Result, c *laneSet) {
	tr, v := x.tr, c.Vol
	var ch *traceChunk
	r := pipeline.ChunkRun{Trace: true}
	for x.fast.plan.RunVolChunk(x.surf.Data, c, &res.Bits, &r) {
		switch {
		case r.Footprints && r.Level == &c.Hi:
			ch = x.traceKeep(c, 8, slowEntryList(v.Slow[:v.NSlow], c.N))
			if ch != nil {
				ch.fp[0].keepVol(v, c.N)
			}
		case r.Footprints: // the coarser levels'
			if ch != nil && !tr.slow {
				if slowEntryList(v.Slow[:v.NSlow], c.N) {
					tr.slow = true
				} else {
					traceKeepLo(c, ch)
					ch.fp[1].keepVol(v, c.N)
				}
			}
		default:
			x.volSlow(c, r.Level, &r.Out)
		}
	}
}

// traceChunkNew returns the trace's next kept chunk, of n entries and nl
// lanes from the trace's position, making the Trace's pending state at
// its first chunk and taking the view's kind and level tables at the
// request's first.
func (x *exec) traceChunkNew(n, nl int) *traceChunk {
	tr := x.tr
	t := tr.t
	p := t.pend
	if p == nil {
		p = new(tracePending)
		t.pend = p
	}
	if !tr.starts {
		// The request's first kept chunk: its kind, and the view's level
		// tables.
		tr.starts = true
		p.gather, p.cube, p.vol, p.bc = x.fast.lanes == laneGather, x.cube, x.fast.lanes == laneVolume, x.fast.dec == decodeBC
		p.divOK = 0
		lv := min(x.levels, maxLevels)
		copy(p.levels[:lv], x.fast.levels[:lv])
		if p.bc {
			copy(p.bcLevels[:lv], x.fast.plan.BCLevels[:lv])
		}
	}
	if p.n == len(p.chunks) {
		p.chunks = append(p.chunks, traceChunk{})
	}
	ch := &p.chunks[p.n]
	p.n++
	ch.at, ch.n, ch.lanes, ch.blends, ch.plain = tr.pos, n, nl, false, false
	return ch
}

// traceKeep keeps the chunk's lanes, entries, finer levels, layers and δ
// in the trace, sets its lanes' Start (each entry reads per texels, a 2D
// footprint's four or a 3D one's eight, at each level it reads) and
// returns the kept chunk for its footprints; or nil, keeping nothing, when
// the request is not traced here (tracer.slow: slow, a footprint of this
// chunk's finer level, or one of an earlier chunk is slow).
func (x *exec) traceKeep(c *laneSet, per int, slow bool) *traceChunk {
	tr := x.tr
	if tr.slow || c.N == 0 {
		return nil
	}
	if slow {
		tr.slow = true
		return nil
	}
	ch := x.traceChunkNew(c.N, c.Lanes)
	t, p := tr.t, tr.t.pend
	n, nl := c.N, c.Lanes
	ch.plainOK = false // (tracePlainLevel's lanes, levels, δ and layers overwritten)
	copy(ch.lane[:nl], c.Lane[:nl])
	copy(ch.hi[:n], c.Hi[:n])
	copy(ch.layer[:n], c.Layer[:n])
	copy(ch.delta[:n], c.Delta[:n])
	// Start: each lane's first texel, which every lane before it without
	// texels (inactive or failed) shares.
	pos, next := tr.pos, tr.next
	start := t.Start
	switch {
	case nl == n && int(c.Lane[0]) == next && int(c.Lane[nl-1]) == next+nl-1:
		// The lanes next, next+1, …: Start without the lanes' gaps.
		st := start[next : next+nl]
		for j, d := range c.Delta[:nl] {
			st[j] = int32(pos)
			pos += per
			if d != 0 {
				pos += per
			}
		}
		next += nl
	case nl == n:
		for j, lane := range c.Lane[:nl] {
			for ; next <= int(lane); next++ {
				start[next] = int32(pos)
			}
			pos += per
			if c.Delta[j] != 0 {
				pos += per
			}
		}
	default:
		copy(ch.first[:nl], c.First[:nl])
		copy(ch.count[:nl], c.Count[:nl])
		for j, lane := range c.Lane[:nl] {
			for ; next <= int(lane); next++ {
				start[next] = int32(pos)
			}
			first, cnt := c.First[j], c.Count[j]
			for _, d := range c.Delta[first : first+cnt] {
				pos += per
				if d != 0 {
					pos += per
				}
			}
		}
	}
	tr.pos, tr.next, p.total = pos, next, pos
	return ch
}

// traceKeepLo keeps the coarser levels of ch's entries.
func traceKeepLo(c *laneSet, ch *traceChunk) {
	ch.blends = true
	copy(ch.lo[:c.N], c.Lo[:c.N])
}

// keep2D copies a 2D chunk's n footprints.
func (f *traceFoot) keep2D(fp *footprints, n int) {
	for r := range fp.O {
		copy(f.o[r][:n], fp.O[r][:n])
	}
	copy(f.fa[:n], fp.FA[:n])
	copy(f.fb[:n], fp.FB[:n])
}

// keepVol copies a 3D chunk's n footprints.
func (f *traceFoot) keepVol(v *volSet, n int) {
	for r := range v.O {
		copy(f.o[r][:n], v.O[r][:n])
	}
	copy(f.fa[:n], v.FA[:n])
	copy(f.fb[:n], v.FB[:n])
	copy(f.fc[:n], v.FC[:n])
}

// expand writes the texels of the kept chunks (Texels).
func (t *Trace) expand() {
	p := t.pend
	// Four records' room past the end: both2D's dump.
	t.texels = slices.Grow(t.texels[:0], p.total+4)[:p.total]
	for i := range p.chunks[:p.n] {
		ch := &p.chunks[i]
		switch {
		case p.vol:
			p.traceVol(t, ch, false)
			if ch.blends {
				p.traceVol(t, ch, true)
			}
		case ch.blends && !p.cube && !p.gather:
			p.traceBoth2D(t, ch)
		case !p.cube:
			p.traceLevel2D(t, ch)
		case traceQuadsOn && p.cubeQuads(t, ch):
		default:
			p.traceLevel(t, ch, false)
			if ch.blends {
				p.traceLevel(t, ch, true)
			}
		}
	}
	p.n, p.total = 0, 0
}

// entries returns lane j's entries in ch and each one's weight in the
// lane's value (laneEntries).
func (ch *traceChunk) entries(j int) (first, n int32, w float64) {
	first, n, w = int32(j), 1, 1
	if ch.lanes != ch.n {
		first, n = ch.first[j], ch.count[j]
	}
	if n > 1 {
		w = 1 / float64(n)
	}
	return first, n, w
}

// traceLevel writes the texels of ch's footprints at the finer levels, or
// for lo at the coarser of the entries that blend, in their places from
// Texels[ch.at]: lane by lane, each entry's finer level's four texels then
// its coarser level's four (see above). Cube views take it (their
// footprints may lie on two faces).
func (p *tracePending) traceLevel(t *Trace, ch *traceChunk, lo bool) {
	fp := &ch.fp[0]
	lvl := &ch.hi
	if lo {
		fp, lvl = &ch.fp[1], &ch.lo
	}
	pos := ch.at
	for j, lane := range ch.lane[:ch.lanes] {
		first, n, w := ch.entries(j)
		for k := first; k < first+n; k++ {
			d := ch.delta[k]
			e := (*[4]TracedTexel)(t.texels[pos:])
			switch {
			case p.gather:
				p.traceGatherEntry(e, lane, p.levelDiv(lvl[k]), fp, k, ch.layer[k])
			case lo:
				if d != 0 {
					e = (*[4]TracedTexel)(t.texels[pos+4:])
					p.traceLinearEntry(e, lane, p.levelDiv(lvl[k]), fp, k, ch.layer[k], w*float64(d))
				}
			case d == 0:
				p.traceLinearEntry(e, lane, p.levelDiv(lvl[k]), fp, k, ch.layer[k], w)
			default: // sampleLevels' weights: 1 − δ for the finer level, δ for the coarser
				p.traceLinearEntry(e, lane, p.levelDiv(lvl[k]), fp, k, ch.layer[k], w*float64(1-d))
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
func (p *tracePending) traceLevel2D(t *Trace, ch *traceChunk) {
	if traceQuadsOn && p.quads2D(t, ch) {
		return
	}
	fp := &ch.fp[0]
	texels := t.texels[ch.at:]
	pos := 0
	curL, div := int32(-1), (*levelDiv)(nil) // the level of the last entry, as chunks mostly have one
	for j, lane := range ch.lane[:ch.lanes] {
		first, n, w := ch.entries(j)
		for k := first; k < first+n; k++ {
			d := ch.delta[k]
			outer, q := w, pos
			pos += 4
			if d != 0 { // the coarser level's texels follow (traceLevel's second pass)
				pos += 4
				outer = w * float64(1-d)
			}
			if l := ch.hi[k]; l != curL {
				curL, div = l, p.levelDiv(l)
			}
			e := (*[4]TracedTexel)(texels[q : q+4])
			if !p.gather {
				traceBilinear2D(e, lane, div, fp, k, ch.layer[k], outer)
				continue
			}
			// gather's order, (i0, j1), (i1, j1), (i1, j0), (i0, j0), of weight 1
			o := [4]int32{fp.o[0][k], fp.o[1][k], fp.o[2][k], fp.o[3][k]}
			layer := ch.layer[k]
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

// traceVol is traceLevel for the 3D loop's footprints: eight texels an
// entry, (i0 + i, j0 + j, k0 + k) at o[i + 2j + 4k], in that order
// (filterLevel's k outer, then j, then i), each of weight outer ·
// float32(float32(w_i·w_j)·w_k).
func (p *tracePending) traceVol(t *Trace, ch *traceChunk, lo bool) {
	v := &ch.fp[0]
	lvl := &ch.hi
	if lo {
		v, lvl = &ch.fp[1], &ch.lo
	}
	pos := ch.at
	for j, lane := range ch.lane[:ch.lanes] {
		first, n, w := ch.entries(j)
		for k := first; k < first+n; k++ {
			d := ch.delta[k]
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
			div := p.levelDiv(lvl[k])
			fa, fb, fc := v.fa[k], v.fb[k], v.fc[k]
			wi, wj, wk := [2]float32{1 - fa, fa}, [2]float32{1 - fb, fb}, [2]float32{1 - fc, fc}
			e := (*[8]TracedTexel)(t.texels[q : q+8])
			for r := range e {
				o := v.o[r][k]
				layer, rem := div.ls.split(uint32(o - div.off))
				z, rem := div.zs.split(rem)
				y, rem := div.ys.split(rem)
				i, _ := div.xs.split(rem)
				wt := float32(wi[r&1] * wj[r>>1&1])
				wt = float32(wt * wk[r>>2])
				setTexel(&e[r], lane, div.abs, int32(layer), int32(i), int32(y), outer*float64(wt), o)
				e[r].Z = int32(z)
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
// in one: each entry's footprint at its finer level, then where it
// blends at its coarser.
func (p *tracePending) traceBoth2D(t *Trace, ch *traceChunk) {
	if traceQuadsOn && p.both2D(t, ch, int32(len(t.texels))) {
		return
	}
	hi, lo := &ch.fp[0], &ch.fp[1]
	texels := t.texels[ch.at:]
	pos := 0
	hiL, hiDiv := int32(-1), (*levelDiv)(nil)
	loL, loDiv := int32(-1), (*levelDiv)(nil)
	for j, lane := range ch.lane[:ch.lanes] {
		first, n, w := ch.entries(j)
		for k := first; k < first+n; k++ {
			if l := ch.hi[k]; l != hiL {
				hiL, hiDiv = l, p.levelDiv(l)
			}
			d := ch.delta[k]
			if d == 0 {
				traceBilinear2D((*[4]TracedTexel)(texels[pos:pos+4]), lane, hiDiv, hi, k, ch.layer[k], w)
				pos += 4
				continue
			}
			if l := ch.lo[k]; l != loL {
				loL, loDiv = l, p.levelDiv(l)
			}
			e := (*[8]TracedTexel)(texels[pos : pos+8])
			traceBilinear2D((*[4]TracedTexel)(e[:4]), lane, hiDiv, hi, k, ch.layer[k], w*float64(1-d))
			traceBilinear2D((*[4]TracedTexel)(e[4:]), lane, loDiv, lo, k, ch.layer[k], w*float64(d))
			pos += 8
		}
	}
}

// traceBilinear2D sets e to entry k's bilinear footprint fp (lane lane's,
// on layer layer of div's level), whose texels weigh outer times their
// filter weights as filterLevel forms them.
func traceBilinear2D(e *[4]TracedTexel, lane int32, div *levelDiv, fp *traceFoot, k, layer int32, outer float64) {
	o := [4]int32{fp.o[0][k], fp.o[1][k], fp.o[2][k], fp.o[3][k]}
	i0, i1, j0, j1 := div.quad(o, layer)
	fa, fb := fp.fa[k], fp.fb[k]
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
	w, h           uint32  // the level's size
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
		off, t := div.bcl.Block(int32(e[q].Offset))
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

// levelDiv returns relative level l's levelDiv, made on the first use of
// the level since the request (makeLevelDiv) unless an earlier request
// made it from the same table (divFrom; its divisors take four 64-bit
// divisions).
func (p *tracePending) levelDiv(l int32) *levelDiv {
	if p.divOK&(1<<l) == 0 {
		d := &p.divs[l]
		if p.divMade&(1<<l) == 0 || p.divFrom[l] != p.levels[l] || d.bc != p.bc || (p.bc && d.bcl != p.bcLevels[l]) {
			p.makeLevelDiv(l)
		}
		p.divOK |= 1 << l
		p.divMade |= 1 << l
		p.divFrom[l] = p.levels[l]
	}
	return &p.divs[l]
}

// makeLevelDiv makes relative level l's levelDiv from its kept table.
func (p *tracePending) makeLevelDiv(l int32) {
	lv := &p.levels[l]
	p.divs[l] = levelDiv{abs: int32(lv.Abs), off: int32(lv.Off), w: uint32(lv.W), h: uint32(lv.H), ls: divisorOf(lv.LS), zs: divisorOf(lv.ZS), ys: divisorOf(lv.YS), xs: divisorOf(lv.XS),
		xsh: uint8(bits.TrailingZeros(uint(lv.XS))), xpow: lv.XS&(lv.XS-1) == 0 && lv.XS > 0}
	if p.bc {
		p.divs[l].bc, p.divs[l].bcl = true, p.bcLevels[l]
	}
	p.divOK |= 1 << l
}

// traceLinearEntry records in e entry k's bilinear footprint fp (lane
// lane's, on the level of div, layer layer), whose texels weigh outer times
// their filter weights as filterLevel forms them.
func (p *tracePending) traceLinearEntry(e *[4]TracedTexel, lane int32, div *levelDiv, fp *traceFoot, k, layer int32, outer float64) {
	fa, fb := fp.fa[k], fp.fb[k]
	w := [4]float64{outer * float64(float32((1-fa)*(1-fb))), outer * float64(float32(fa*(1-fb))),
		outer * float64(float32((1-fa)*fb)), outer * float64(float32(fa*fb))}
	o := [4]int32{fp.o[0][k], fp.o[1][k], fp.o[2][k], fp.o[3][k]}
	if p.cube {
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
func (p *tracePending) traceGatherEntry(e *[4]TracedTexel, lane int32, div *levelDiv, fp *traceFoot, k, layer int32) {
	o := [4]int32{fp.o[0][k], fp.o[1][k], fp.o[2][k], fp.o[3][k]}
	if p.cube {
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
	layer, r := div.ls.split(uint32(o[0] - div.off))
	j, r := div.ys.split(r)
	i, _ := div.xs.split(r)
	xy[0] = [3]uint32{i, j, layer}
	if uint32(o[1]-o[0]) == div.xs.d && uint32(o[2]-o[0]) == div.ys.d && uint32(o[3]-o[1]) == div.ys.d && i+1 < div.w && j+1 < div.h {
		// A face's interior footprint: (i, j) to (i+1, j+1) on one layer,
		// whose offsets are o[0] + {0, xs, ys, xs + ys} (the division of
		// each would give the same).
		xy[1], xy[2], xy[3] = [3]uint32{i + 1, j, layer}, [3]uint32{i, j + 1, layer}, [3]uint32{i + 1, j + 1, layer}
	} else {
		for q := 1; q < 4; q++ {
			layer, r := div.ls.split(uint32(o[q] - div.off))
			j, r := div.ys.split(r)
			i, _ := div.xs.split(r)
			xy[q] = [3]uint32{i, j, layer}
		}
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
