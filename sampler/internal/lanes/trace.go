package lanes

import "math"

// Record is a traced texel's 64 bytes as sampler.TracedTexel lays them out
// on a little-endian machine (sampler checks the layout): the words Lane,
// Level, Layer, X, Y, Z, Sample, padding, Weight (two words), Border and
// Resident (bytes 40 and 41), padding, Offset (two words), Block, padding.
type Record [16]uint32

// Quads holds what TraceQuads writes for the entries of a chunk's level
// whose footprints are four texels each (a 2D bilinear, percentage-closer or
// gathered footprint): for each of the four texels q, in the order they
// are written, the columns of their x, y, layer and byte offset
// (pointers, as texels share them), and per entry its lane, the index of
// its first record, its fractions and its outer weight.
type Quads struct {
	X, Y, Layer, O [4]*[Chunk]int32
	Pos, Lane      *[Chunk]int32
	FA, FB         *[Chunk]float32
	// Outer is each entry's weight outside its level's filter weights;
	// texel q's weight is Outer·float64(float32(wa·wb)), wa = 1 − FA or FA
	// for q&1 = 0 or 1, wb = 1 − FB or FB for q>>1 = 0 or 1 (filterLevel's
	// order). With Ones, every weight is 1 (a gather's texels).
	Outer *[Chunk]float64
	Ones  bool
	// idx: the assembly's permutation indices for entry e of four, with the
	// level in word 1 (TraceQuads sets it).
	idx   [4][8]uint32
	Level int32
}

// traceIdx1 are the assembly's second-half indices for entry e of four:
// qwords (Weight, flags, Offset, Block): e from the weights, 4+e from the
// offsets, and the constants Resident = 1 and Block = −1 in the two lanes
// the permutation leaves.
var traceIdx1 = [4][4]uint64{{0, 0x100, 4, 0xffffffff}, {1, 0x100, 5, 0xffffffff}, {2, 0x100, 6, 0xffffffff}, {3, 0x100, 7, 0xffffffff}}

// traceGatherHalf is the second half of a gather's record but its offset
// (words 4 and 5): weight 1.0, Resident, Block −1 (traceQuadLevel).
var traceGatherHalf = [8]uint32{0, 0x3ff00000, 0x100, 0, 0, 0, 0xffffffff, 0}

// TraceQuads writes entry k's four records at dst[Pos[k]:], k < n: Lane
// k, Level, Layer, X, Y of texel q, Z = Sample = 0, its weight (Quads),
// Border false, Resident true, Offset (the int32 sign-extended) and Block
// −1, padding zero. The assembly (AVX-512: one permutation and one 32-byte
// store a record half) takes the entries in fours where the CPU has it,
// traceQuadsGo the rest and everything elsewhere.
func TraceQuads(dst []Record, q *Quads, level int32, n int) {
	if n > Chunk {
		panic("lanes: TraceQuads of more than a chunk")
	}
	for k := range n { // the kernel has no bounds checks
		if p := q.Pos[k]; p < 0 || int(p)+4 > len(dst) {
			panic("lanes: TraceQuads position outside dst")
		}
	}
	q.Level = level
	done := 0
	if TraceAsm && n >= 4 {
		for e := range q.idx {
			q.idx[e] = [8]uint32{uint32(e), uint32(level), uint32(4 + e), uint32(8 + e), uint32(12 + e)}
		}
		done = n &^ 3
		traceQuads(&dst[0], q, done)
	}
	traceQuadsGo(dst, q, done, n)
}

// traceQuadsGo is TraceQuads' Go twin for entries from to n.
func traceQuadsGo(dst []Record, q *Quads, from, n int) {
	for k := from; k < n; k++ {
		fa, fb := q.FA[k], q.FB[k]
		wa, wb := [2]float32{1 - fa, fa}, [2]float32{1 - fb, fb}
		for t := range 4 {
			w := 1.0
			if !q.Ones {
				w = q.Outer[k] * float64(float32(wa[t&1]*wb[t>>1]))
			}
			wbits := math.Float64bits(w)
			o := int64(q.O[t][k])
			dst[int(q.Pos[k])+t] = Record{uint32(q.Lane[k]), uint32(q.Level), uint32(q.Layer[t][k]), uint32(q.X[t][k]), uint32(q.Y[t][k]), 0, 0, 0,
				uint32(wbits), uint32(wbits >> 32), 0x100, 0, uint32(o), uint32(o >> 32), 0xffffffff, 0}
		}
	}
}

// QuadLevel is what TraceQuadLevel reads: a chunk level's footprints kept
// as the footprints stage made them (offsets, fractions), every entry one
// lane's (Lane) and on one level of one view, whose table the divisors
// give (sampler's levelDiv: a byte offset minus Off minus the layer times
// LS is the row times the row stride plus the texel's offset in the row;
// each division by multiplication, ⌊n·M / 2^S⌋, exact for n < 2^31).
type QuadLevel struct {
	O       [4]*[Chunk]int32
	Layer   *[Chunk]int32
	Lane    *[Chunk]int32
	FA, FB  *[Chunk]float32
	Delta   *[Chunk]float32
	YM, XM  uint64 // the row and texel strides' multipliers (< 2^32)
	YS, XS  uint64 // their shifts
	YD, XD  uint32 // the strides
	Off, LS uint32 // the level's offset, the layer stride
	Level   int32
	Mode    int32 // QuadOuterOne, QuadOuterFiner, QuadOuterCoarser or QuadGather
	// BC: the offsets are a BC view's virtual offsets (xs 1, rows and
	// layers powers of two); a texel's record holds its block's byte
	// offset, BOff + layer·BLS + ⌊y/4⌋·BYB + ⌊x/4⌋·BXB, and its index in
	// the block, (y mod 4)·4 + x mod 4 (sampler's bcLevel.block).
	BC                  bool
	BOff, BLS, BXB, BYB int32
	idx                 [4][8]uint32
	idxBC               [4][8]uint32
	idxSet              bool    // idx, idxBC, ones and three are set (for idx[0][1]'s level)
	ones                float32 // 1, the kernel's constant
	three               uint32  // 3, the kernel's constant
}

// QuadLevel.Mode: each entry's weight outside its filter weights (1; the
// finer level's 1 − δ; the coarser level's δ), or a gather's texels (weight
// 1, in gather's order).
const (
	QuadOuterOne int32 = iota
	QuadOuterFiner
	QuadOuterCoarser
	QuadGather
)

// divide is ⌊n·m / 2^s⌋ (sampler's divisor.split).
func divide(n uint32, m, s uint64) uint32 { return uint32(uint64(n) * m >> s) }

// Quad returns entry k's columns and rows: sampler's levelDiv.quad, with
// each of the four found by a division (where quad takes a neighbour's or
// a shift, the exact division gives the same).
func (q *QuadLevel) Quad(k int) (i0, i1, j0, j1 int32) {
	o0 := q.O[0][k]
	base := uint32(o0) - q.Off - uint32(q.Layer[k])*q.LS
	y0 := divide(base, q.YM, q.YS)
	c0 := base - y0*q.YD
	i0, j0 = int32(divide(c0, q.XM, q.XS)), int32(y0)
	i1 = int32(divide(uint32(q.O[1][k]-o0)+c0, q.XM, q.XS))
	j1 = int32(divide(uint32(q.O[2][k]-o0)+base, q.YM, q.YS))
	return i0, i1, j0, j1
}

// TraceQuadLevel writes entry k's four records at dst[k·stride:], k < n,
// as TraceQuads does with the columns and rows of Quad, the lanes of Lane,
// and Mode's weights and order: the kernel of a chunk level of one entry a
// lane (sampler's quads2D and both2D).
func TraceQuadLevel(dst []Record, q *QuadLevel, n, stride int) {
	if n > Chunk || n < 0 || stride < 4 {
		panic("lanes: TraceQuadLevel of more than a chunk")
	}
	if n > 0 && (n-1)*stride+4 > len(dst) {
		panic("lanes: TraceQuadLevel past dst")
	}
	done := 0
	if TraceAsm && n >= 4 {
		if !q.idxSet || q.idx[0][1] != uint32(q.Level) { // made once a level (a Quads kept from call to call)
			for e := range q.idx {
				q.idx[e] = [8]uint32{uint32(e), uint32(q.Level), uint32(4 + e), uint32(8 + e), uint32(12 + e)}
				q.idxBC[e] = [8]uint32{uint32(2 * e), uint32(2*e + 1), 0x100, 0, uint32(8 + e), 0, uint32(12 + e), 0}
			}
			q.ones, q.three, q.idxSet = 1, 3, true
		}
		done = n &^ 3
		traceQuadLevel(&dst[0], q, done, stride)
	}
	traceQuadLevelGo(dst, q, done, n, stride)
}

// traceQuadLevelGo is TraceQuadLevel's Go twin for entries from to n.
func traceQuadLevelGo(dst []Record, q *QuadLevel, from, n, stride int) {
	for k := from; k < n; k++ {
		i0, i1, j0, j1 := q.Quad(k)
		x, y, o := [4]int32{i0, i1, i0, i1}, [4]int32{j0, j0, j1, j1}, [4]int32{q.O[0][k], q.O[1][k], q.O[2][k], q.O[3][k]}
		if q.Mode == QuadGather {
			x, y, o = [4]int32{i0, i1, i1, i0}, [4]int32{j1, j1, j0, j0}, [4]int32{o[2], o[3], o[1], o[0]}
		}
		outer := 1.0
		switch q.Mode {
		case QuadOuterFiner:
			outer = float64(1 - q.Delta[k])
		case QuadOuterCoarser:
			outer = float64(q.Delta[k])
		}
		fa, fb := q.FA[k], q.FB[k]
		wa, wb := [2]float32{1 - fa, fa}, [2]float32{1 - fb, fb}
		for t := range 4 {
			w := 1.0
			if q.Mode != QuadGather {
				w = outer * float64(float32(wa[t&1]*wb[t>>1]))
			}
			wbits, ot, block := math.Float64bits(w), int64(o[t]), int32(-1)
			if q.BC {
				ot = int64(q.BOff + q.Layer[k]*q.BLS + y[t]>>2*q.BYB + x[t]>>2*q.BXB)
				block = (y[t]&3)<<2 | x[t]&3
			}
			dst[k*stride+t] = Record{uint32(q.Lane[k]), uint32(q.Level), uint32(q.Layer[k]), uint32(x[t]), uint32(y[t]), 0, 0, 0,
				uint32(wbits), uint32(wbits >> 32), 0x100, 0, uint32(ot), uint32(ot >> 32), uint32(block), 0}
		}
	}
}
