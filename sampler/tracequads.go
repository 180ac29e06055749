package sampler

import (
	"math"
	"unsafe"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// Trace.expand's kernels, where lanes has their assembly (lanes.TraceAsm:
// AVX-512 F and VL), which build each record in vector registers and store
// it as two 32-byte halves, with the texels, their order and their float64
// weights of the Go road (traceBilinear2D, traceLevel2D's gather,
// traceLinearEntry, traceGatherEntry: the reference, and the road without
// the assembly — purego, other architectures, other CPUs):
//
//   - lanes.TraceQuadLevel takes a chunk level whose entries are one lane's
//     each, on one mip level, and all blending or none (records four or
//     eight apart): it finds the quads from the offsets itself (quad's
//     divisions, vectorised) and, for BC views, the blocks (bcLevel.block).
//     2D and 2D-array views (quads2D, both2D) and cube views (cubeQuads,
//     whose entries at a face's edge the Go road writes again) take it.
//   - lanes.TraceQuads takes the other 2D chunk levels on one mip level
//     (anisotropic probes, chunks where some entries blend): the Go loop
//     below finds each entry's quad, lane, first record and outer weight.
//     A BC view's such chunks keep the Go road (their offsets would be
//     turned into blocks in a second pass: 5,007 → 5,601 ns a BC1
//     trilinear request traced and read when they took it).
//
// A chunk level on several mip levels keeps the Go road (the kernels take
// one a call).

// tracedTexelIsRecord reports whether TracedTexel's layout is the one
// lanes.Record spells out (TestTracedTexelLayout checks it too): the
// kernel writes records through a cast.
var tracedTexelIsRecord = unsafe.Sizeof(TracedTexel{}) == unsafe.Sizeof(lanes.Record{}) &&
	unsafe.Offsetof(TracedTexel{}.Level) == 4 && unsafe.Offsetof(TracedTexel{}.Layer) == 8 &&
	unsafe.Offsetof(TracedTexel{}.X) == 12 && unsafe.Offsetof(TracedTexel{}.Y) == 16 &&
	unsafe.Offsetof(TracedTexel{}.Z) == 20 && unsafe.Offsetof(TracedTexel{}.Sample) == 24 &&
	unsafe.Offsetof(TracedTexel{}.Weight) == 32 && unsafe.Offsetof(TracedTexel{}.Border) == 40 &&
	unsafe.Offsetof(TracedTexel{}.Resident) == 41 && unsafe.Offsetof(TracedTexel{}.Offset) == 48 &&
	unsafe.Offsetof(TracedTexel{}.Block) == 56

// traceQuadsOn: the kept 2D chunks take lanes.TraceQuads (a variable, for
// the tests to compare the two roads).
var traceQuadsOn = lanes.TraceAsm && tracedTexelIsRecord

// traceQuadCols are one pass's columns for lanes.TraceQuads.
type traceQuadCols struct {
	q                  lanes.Quads
	i0, i1, j0, j1     [laneChunk]int32
	pos, lane          [laneChunk]int32
	outer              [laneChunk]float64
	gather, blendsOnly bool
}

// set points q at the columns, fp's offsets and fractions and the
// chunk's layers, in traceBilinear2D's order, or the gather's.
func (c *traceQuadCols) set(fp *traceFoot, layer *[laneChunk]int32, gather bool) {
	q := &c.q
	q.Pos, q.Lane, q.Layer = &c.pos, &c.lane, [4]*[laneChunk]int32{layer, layer, layer, layer}
	q.FA, q.FB, q.Outer, q.Ones = &fp.fa, &fp.fb, &c.outer, gather
	if gather { // (i0, j1), (i1, j1), (i1, j0), (i0, j0)
		q.X, q.Y = [4]*[laneChunk]int32{&c.i0, &c.i1, &c.i1, &c.i0}, [4]*[laneChunk]int32{&c.j1, &c.j1, &c.j0, &c.j0}
		q.O = [4]*[laneChunk]int32{&fp.o[2], &fp.o[3], &fp.o[1], &fp.o[0]}
		q.Outer = nil
		return
	}
	q.X, q.Y = [4]*[laneChunk]int32{&c.i0, &c.i1, &c.i0, &c.i1}, [4]*[laneChunk]int32{&c.j0, &c.j0, &c.j1, &c.j1}
	q.O = [4]*[laneChunk]int32{&fp.o[0], &fp.o[1], &fp.o[2], &fp.o[3]}
}

// entry sets entry k's columns (its footprint's quad on div's level),
// lane, first record and outer weight.
func (c *traceQuadCols) entry(div *levelDiv, fp *traceFoot, k, layer, lane, pos int32, outer float64) {
	o := [4]int32{fp.o[0][k], fp.o[1][k], fp.o[2][k], fp.o[3][k]}
	c.i0[k], c.i1[k], c.j0[k], c.j1[k] = div.quad(o, layer)
	c.lane[k], c.pos[k], c.outer[k] = lane, pos, outer
}

// sameLevel is oneLevel for every entry, without branches: whether the n
// entries (n > 0) are all on level l[0].
func sameLevel(l *[laneChunk]int32, n int) (int32, bool) {
	l0 := l[0]
	var diff int32
	for _, v := range l[:n] {
		diff |= v ^ l0
	}
	return l0, diff == 0 && l0 >= 0
}

// oneLevel reports whether the chunk's n entries are all on level l[0]
// (where only those that blend count, of those with δ ≠ 0).
func oneLevel(l *[laneChunk]int32, delta *[laneChunk]float32, n int, blendsOnly bool) (int32, bool) {
	lv := int32(-1)
	for k := range n {
		if blendsOnly && delta[k] == 0 {
			continue
		}
		if lv < 0 {
			lv = l[k]
		} else if l[k] != lv {
			return 0, false
		}
	}
	return lv, lv >= 0
}

// records returns t's texels from 0 to cap as lanes.Records.
func (t *Trace) records() []lanes.Record {
	s := t.texels[:cap(t.texels)]
	return unsafe.Slice((*lanes.Record)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// quads2D is traceLevel2D by lanes.TraceQuads; it reports false, writing
// nothing, where the chunk's entries are on several levels.
func (p *tracePending) quads2D(t *Trace, ch *traceChunk) bool {
	var l int32
	if !ch.plain { // (a plain chunk's entries are at level 0)
		var ok bool
		if l, ok = sameLevel(&ch.hi, ch.n); !ok {
			return false
		}
	}
	div := p.levelDiv(l)
	if ch.plain || ch.lanes == ch.n && noneBlend(&ch.delta, ch.n) {
		// One entry a lane, four records each: the kernel finds the quads.
		mode := lanes.QuadOuterOne
		if p.gather {
			mode = lanes.QuadGather
		}
		lanes.TraceQuadLevel(t.records()[ch.at:], p.quadLevel(0, div, ch, &ch.fp[0], mode), ch.n, 4)
		return true
	}
	if p.bc {
		return false
	}
	c := &p.quads[0]
	c.set(&ch.fp[0], &ch.layer, p.gather)
	pos := int32(ch.at)
	for j, lane := range ch.lane[:ch.lanes] {
		first, n, w := ch.entries(j)
		for k := first; k < first+n; k++ {
			d := ch.delta[k]
			outer := w
			if d != 0 {
				outer = w * float64(1-d)
			}
			c.entry(div, &ch.fp[0], k, ch.layer[k], lane, pos, outer)
			pos += 4
			if d != 0 {
				pos += 4
			}
		}
	}
	lanes.TraceQuads(t.records(), &c.q, div.abs, ch.n)
	if div.bc {
		p.quadBlocks(t, c, div, ch, false)
	}
	return true
}

// both2D is traceBoth2D by lanes.TraceQuads: a pass over the finer
// levels and one over the coarser, where an entry that does not blend
// writes its coarser texels past the trace's end (dump, which the caller
// makes room for) rather than take a branch in the kernel. It reports
// false, writing nothing, where the entries' finer or coarser levels
// differ.
func (p *tracePending) both2D(t *Trace, ch *traceChunk, dump int32) bool {
	hl, ok := oneLevel(&ch.hi, &ch.delta, ch.n, false)
	if !ok {
		return false
	}
	ll, ok := oneLevel(&ch.lo, &ch.delta, ch.n, true)
	if !ok {
		return false
	}
	hiDiv, loDiv := p.levelDiv(hl), p.levelDiv(ll)
	if ch.lanes == ch.n && allBlend(&ch.delta, ch.n) {
		// One entry a lane, each blending: eight records apart, the finer
		// level's four then the coarser's.
		r := t.records()[ch.at:]
		lanes.TraceQuadLevel(r, p.quadLevel(0, hiDiv, ch, &ch.fp[0], lanes.QuadOuterFiner), ch.n, 8)
		lanes.TraceQuadLevel(r[4:], p.quadLevel(1, loDiv, ch, &ch.fp[1], lanes.QuadOuterCoarser), ch.n, 8)
		return true
	}
	if p.bc {
		return false
	}
	hi, lo := &p.quads[0], &p.quads[1]
	hi.set(&ch.fp[0], &ch.layer, false)
	lo.set(&ch.fp[1], &ch.layer, false)
	pos := int32(ch.at)
	for j, lane := range ch.lane[:ch.lanes] {
		first, n, w := ch.entries(j)
		for k := first; k < first+n; k++ {
			layer, d := ch.layer[k], ch.delta[k]
			if d == 0 {
				hi.entry(hiDiv, &ch.fp[0], k, layer, lane, pos, w)
				lo.lane[k], lo.pos[k] = lane, dump // its quad: any, not written
				pos += 4
				continue
			}
			hi.entry(hiDiv, &ch.fp[0], k, layer, lane, pos, w*float64(1-d))
			lo.entry(loDiv, &ch.fp[1], k, layer, lane, pos+4, w*float64(d))
			pos += 8
		}
	}
	r := t.records()
	lanes.TraceQuads(r, &hi.q, hiDiv.abs, ch.n)
	lanes.TraceQuads(r, &lo.q, loDiv.abs, ch.n)
	if hiDiv.bc {
		p.quadBlocks(t, hi, hiDiv, ch, false)
		p.quadBlocks(t, lo, loDiv, ch, true)
	}
	return true
}

// quadBlocks turns the virtual offsets of a BC view's records just
// written into blocks (levelDiv.blocks); blendsOnly skips the entries
// that wrote past the trace's end.
func (p *tracePending) quadBlocks(t *Trace, c *traceQuadCols, div *levelDiv, ch *traceChunk, blendsOnly bool) {
	for k := range ch.n {
		if blendsOnly && ch.delta[k] == 0 {
			continue
		}
		div.blocks((*[4]TracedTexel)(t.texels[c.pos[k]:]))
	}
}

// quadLevel returns p.levels' i-th lanes.QuadLevel set for ch's
// footprints fp on div's level.
func (p *tracePending) quadLevel(i int, div *levelDiv, ch *traceChunk, fp *traceFoot, mode int32) *lanes.QuadLevel {
	q := &p.quadLevels[i]
	q.O = [4]*[laneChunk]int32{&fp.o[0], &fp.o[1], &fp.o[2], &fp.o[3]}
	q.Layer, q.Lane, q.FA, q.FB, q.Delta = &ch.layer, &ch.lane, &fp.fa, &fp.fb, &ch.delta
	q.YM, q.YS, q.YD = div.ys.m, uint64(div.ys.s), div.ys.d
	q.XM, q.XS, q.XD = div.xs.m, uint64(div.xs.s), div.xs.d
	q.Off, q.LS, q.Level, q.Mode = uint32(div.off), div.ls.d, div.abs, mode
	q.BC = div.bc
	if div.bc {
		b := &div.bcl
		q.BOff, q.BLS, q.BXB, q.BYB = b.Off, b.LS, b.XB, b.YB
	}
	return q
}

// noneBlend reports whether none of the n entries blends (δ = ±0, its
// bits but the sign all zero); allBlend whether each does.
func noneBlend(delta *[laneChunk]float32, n int) bool {
	var or uint32
	for _, d := range delta[:n] {
		or |= math.Float32bits(d) << 1
	}
	return or == 0
}

func allBlend(delta *[laneChunk]float32, n int) bool {
	for _, d := range delta[:n] {
		if d == 0 {
			return false
		}
	}
	return true
}

// cubeQuads is traceLevel's two passes over a chunk of a cube view by
// lanes.TraceQuadLevel, where every entry is one lane's and on one level
// a pass, and every entry blends or none does; it reports false, writing
// nothing, otherwise. The kernel takes each footprint for a 2D quad on its
// entry's layer, which a face's interior footprint is (insideFace); the
// others (at an edge, two texels on the neighbouring face) are written
// again by traceLinearEntry or traceGatherEntry, as traceLevel writes
// them.
func (p *tracePending) cubeQuads(t *Trace, ch *traceChunk) bool {
	if ch.lanes != ch.n {
		return false
	}
	hl, ok := oneLevel(&ch.hi, &ch.delta, ch.n, false)
	if !ok {
		return false
	}
	hiDiv := p.levelDiv(hl)
	r := t.records()[ch.at:]
	if noneBlend(&ch.delta, ch.n) {
		mode := lanes.QuadOuterOne
		if p.gather {
			mode = lanes.QuadGather
		}
		lanes.TraceQuadLevel(r, p.quadLevel(0, hiDiv, ch, &ch.fp[0], mode), ch.n, 4)
		for k := range int32(ch.n) {
			if insideFace(hiDiv, &ch.fp[0], ch.layer[k], k) {
				continue
			}
			e := (*[4]TracedTexel)(t.texels[ch.at+4*int(k):])
			if p.gather {
				p.traceGatherEntry(e, ch.lane[k], hiDiv, &ch.fp[0], k, ch.layer[k])
			} else {
				p.traceLinearEntry(e, ch.lane[k], hiDiv, &ch.fp[0], k, ch.layer[k], 1)
			}
		}
		return true
	}
	if !ch.blends || p.gather || !allBlend(&ch.delta, ch.n) {
		return false
	}
	ll, ok := oneLevel(&ch.lo, &ch.delta, ch.n, true)
	if !ok {
		return false
	}
	loDiv := p.levelDiv(ll)
	lanes.TraceQuadLevel(r, p.quadLevel(0, hiDiv, ch, &ch.fp[0], lanes.QuadOuterFiner), ch.n, 8)
	lanes.TraceQuadLevel(r[4:], p.quadLevel(1, loDiv, ch, &ch.fp[1], lanes.QuadOuterCoarser), ch.n, 8)
	for k := range int32(ch.n) {
		at, d := ch.at+8*int(k), ch.delta[k]
		if !insideFace(hiDiv, &ch.fp[0], ch.layer[k], k) {
			p.traceLinearEntry((*[4]TracedTexel)(t.texels[at:]), ch.lane[k], hiDiv, &ch.fp[0], k, ch.layer[k], float64(1-d))
		}
		if !insideFace(loDiv, &ch.fp[1], ch.layer[k], k) {
			p.traceLinearEntry((*[4]TracedTexel)(t.texels[at+4:]), ch.lane[k], loDiv, &ch.fp[1], k, ch.layer[k], float64(d))
		}
	}
	return true
}

// insideFace reports whether entry k's footprint is a face's interior
// quad: offsets o0 + {0, xs, ys, xs + ys}, the first and the last inside
// the entry's layer. A footprint that reaches beyond an edge has two
// texels on another face, another layer (pipeline.Plan.CubeEdge), and one at a face's
// last column or row would have its neighbours in the next row or layer:
// so these four are the texels (i, j) to (i+1, j+1) of the entry's face,
// which traceTexels' divisions would give and the kernel's quad gives.
func insideFace(div *levelDiv, fp *traceFoot, layer, k int32) bool {
	xs, ys, ls := div.xs.d, div.ys.d, div.ls.d
	o0 := fp.o[0][k]
	base := uint32(div.off) + uint32(layer)*ls
	return uint32(fp.o[1][k]-o0) == xs && uint32(fp.o[2][k]-o0) == ys && uint32(fp.o[3][k]-o0) == xs+ys &&
		uint32(o0)-base < ls && uint32(fp.o[3][k])-base < ls
}
