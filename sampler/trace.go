package sampler

import "slices"

// TracedTexel is one texel an operation read for one lane (Result.Trace):
// where it is, what it weighed in the lane's value, and where its bytes are.
type TracedTexel struct {
	Lane int32 // the lane that read it
	// Level is the absolute mip level; Layer the absolute array layer
	// (6·cube + face for the cube kinds); X, Y, Z the texel's coordinates
	// after wrapping (for a border texel, before: the coordinates that fell
	// outside); Sample the sample index (fetch_ms; 0 otherwise).
	Level, Layer, X, Y, Z, Sample int32
	// Weight is the texel's weight in the lane's value: its filter weight
	// (bilinear or trilinear within the level; 1 for nearest, fetch and
	// gather texels) times the level's weight in the mip blend (1 − δ or δ)
	// times 1/N for one of N anisotropic probes, and 1/3 for each of the
	// three texels that stand for a missing cube corner. With min or max
	// reduction the value is the minimum or maximum over the texels of
	// non-zero weight instead of their weighted sum, and with the cubic
	// range clamp (ReductionRangeClamp) the weighted sum clamped to them;
	// gathers return one texel per channel.
	Weight float64
	// Border: the texel is the border colour (clamp-to-border), not read
	// from memory; Offset and Block are then −1.
	Border bool
	// Resident is false when the texel lies in a non-resident tile (it
	// then reads as zero).
	Resident bool
	// Offset is the byte offset in the surface's Data of the texel (its
	// sample), or of the block that holds it for block-compressed formats,
	// whose Block is the texel's index within the block's decoded texels
	// ((y mod block height) · block width + x mod block width); Block is −1
	// for the other formats.
	Offset int64
	Block  int32
}

// Trace is the footprint of a request: every texel each lane's operation
// read, lane by lane and, within a lane, in the order the engine read
// them. Execute fills it when the Result's Trace is not nil, reusing its
// storage, with the same results as untraced. The lane loops trace the
// requests they take (2D, 2D-array, cube and 3D sampling, PCF, gathers:
// tracelanes.go) unless a footprint of the request reads a border texel,
// wraps by mirroring, reaches a cube corner or has huge coordinates; every
// other traced request takes the reference pipeline.
//
// The lane loops keep their chunks' footprints (byte offsets, fractions,
// levels, layers), and Texels and Lane write the texels from them at their
// first call after Execute: a Trace is not safe for use by several
// goroutines at once until Texels has been called, and a copy of a Trace
// value made before then shares the kept chunks with it (the first of the
// two to call Texels gets the texels).
type Trace struct {
	// Start holds, for lane i, the index of its first texel in Texels():
	// lane i's texels are Texels()[Start[i]:Start[i+1]] (len(Start) is the
	// request's lanes + 1; lanes that are inactive, failed or read nothing
	// have none).
	Start []int32
	// TexelBytes is the size in memory of what one traced read covers: a
	// texel (all its aspects), or a block for block-compressed formats.
	TexelBytes int
	texels     []TracedTexel
	// pend holds the lane loops' chunks whose texels Texels has yet to
	// write (tracelanes.go); nil until a lane loop traces.
	pend *tracePending
}

// Texels returns every lane's texels, lane by lane (Start); the slice is
// the Trace's, reused by the next request traced into it.
func (t *Trace) Texels() []TracedTexel {
	if t.pend != nil && t.pend.n > 0 {
		t.expand()
	}
	return t.texels
}

// Lane returns lane i's texels (a subslice of Texels()).
func (t *Trace) Lane(i int) []TracedTexel { return t.Texels()[t.Start[i]:t.Start[i+1]] }

// clear empties the trace (a request that failed as a whole).
func (t *Trace) clear() {
	t.texels, t.Start = t.texels[:0], t.Start[:0]
	t.dropPending()
}

// dropPending forgets the lane loops' chunks.
func (t *Trace) dropPending() {
	if t.pend != nil {
		t.pend.n, t.pend.total = 0, 0
	}
}

// tracer is the engine's state while it traces a request.
type tracer struct {
	t    *Trace
	lane int32
	w    float64 // the weight of what the current read stands for in the lane's value
	// slow: a lane loop met a footprint it hands to the reference's
	// functions, and stopped recording (tracelanes.go).
	slow bool
	// starts: the lane loop's trace stage kept chunks (or traceFetch2D
	// recorded texels) and set Start for the lanes before next (finish
	// sets the rest), whose texels end at pos.
	starts    bool
	next, pos int
}

// begin starts a request of n lanes.
func (tr *tracer) begin(n int) {
	tr.t.texels = tr.t.texels[:0]
	tr.t.dropPending()
	if cap(tr.t.Start) < n+1 {
		tr.t.Start = make([]int32, n+1)
	}
	tr.t.Start = tr.t.Start[:n+1]
}

// startLane starts lane i (lanes come in increasing order).
func (tr *tracer) startLane(i int) {
	tr.lane, tr.w = int32(i), 1
}

// finish sets Start from the lanes of the texels.
func (tr *tracer) finish() {
	t := tr.t
	if tr.starts && !tr.slow {
		for i := tr.next; i < len(t.Start); i++ {
			t.Start[i] = int32(tr.pos)
		}
		return
	}
	k := 0
	for i := range t.Start {
		for k < len(t.texels) && int(t.texels[k].Lane) < i {
			k++
		}
		t.Start[i] = int32(k)
	}
}

// scale multiplies the current weight by f and returns the weight before,
// for the caller to restore.
func (tr *tracer) scale(f float64) float64 {
	w := tr.w
	tr.w *= f
	return w
}

// add records a texel read from memory, field by field into the grown
// slice (an appended composite literal is built on the stack and copied,
// its narrow stores read back by wide loads: setTexel).
func (tr *tracer) add(level int, layer, x, y, z, sample int32, resident bool, offset, block int) {
	t := tr.t
	n := len(t.texels)
	if n == cap(t.texels) {
		t.texels = slices.Grow(t.texels, 1)
	}
	t.texels = t.texels[:n+1]
	e := &t.texels[n]
	e.Lane, e.Level, e.Layer, e.X, e.Y, e.Z, e.Sample = tr.lane, int32(level), layer, x, y, z, sample
	e.Weight, e.Border, e.Resident, e.Offset, e.Block = tr.w, false, resident, int64(offset), int32(block)
}

// addBorder records a border texel at the unwrapped coordinates i.
func (tr *tracer) addBorder(level int, layer int32, i [3]int32) {
	tr.t.texels = append(tr.t.texels, TracedTexel{Lane: tr.lane, Level: int32(level), Layer: layer, X: i[0], Y: i[1], Z: i[2],
		Weight: tr.w, Border: true, Resident: true, Offset: -1, Block: -1})
}

// traceRead records the read of texel (i, j, k) of layer `layer` of level
// abs (sample 0) by read or readBlock.
func (x *exec) traceRead(abs int, i, j, k, layer int32, resident bool) {
	off, block := 0, -1
	if x.compressed {
		off, block = x.surf.BlockOffset(abs, int(i), int(j), int(k), int(layer))
	} else {
		off = x.surf.TexelOffset(abs, int(i), int(j), int(k), int(layer), 0) + x.aspectOff
	}
	x.tr.add(abs, layer, i, j, k, 0, resident, off, block)
}

// readHooked is read's path for sparse and traced requests: the residency
// check, the trace, then the read. It is kept out of read so that the
// common path pays one test for both.
//
//go:noinline
func (x *exec) readHooked(abs int, i, j, k, layer int32) [4]float32 {
	resident := !x.sparse || x.surf.Resident(abs, int(i), int(j), int(k), int(layer))
	if x.tr != nil {
		x.traceRead(abs, i, j, k, layer, resident)
	}
	switch {
	case !resident:
		x.residentOK = false
		return x.zeroRead
	case x.plainRead:
		o := x.surf.TexelOffset(abs, int(i), int(j), int(k), int(layer), 0)
		return x.decode(x.surf.Data[o+x.aspectOff:])
	}
	return x.readSlow(abs, i, j, k, layer)
}

// fetchHooked is fetchLane's residency check and trace for sparse and
// traced requests; it reports whether the texel is resident.
//
//go:noinline
func (x *exec) fetchHooked(abs int, t [3]int32, layer, sample int32) bool {
	resident := !x.sparse || x.surf.Resident(abs, int(t[0]), int(t[1]), int(t[2]), int(layer))
	if x.tr != nil {
		if x.compressed {
			x.traceRead(abs, t[0], t[1], t[2], layer, resident)
		} else {
			o := x.surf.TexelOffset(abs, int(t[0]), int(t[1]), int(t[2]), int(layer), int(sample)) + x.aspectOff
			x.tr.add(abs, layer, t[0], t[1], t[2], sample, resident, o, -1)
		}
	}
	return resident
}
