package pipeline

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// Operands are a request's operand rows, as package sampler's Request
// holds them: its lane count and its slices (the arrays by pointer), not
// copies of the data. The vector gatherers (gather_amd64.go) read the
// rows of a chunk's lanes; a row the operation has no use for may be nil.
type Operands struct {
	Lanes    int
	Coord    *[4][]float32 // s, t, r (or the array layer), q (a cube array's layer)
	DDX, DDY *[3][]float32 // the gradients along x and y
	Lod      []float32     // explicit LODs
	Bias     []float32     // shader biases
	Ref      []float32     // compare references
	MinLod   []float32     // the lanes' lower LOD clamps, or nil
}

// ProbeSteps[N][k−1] is where probe k of N lies along the major axis of
// an anisotropic footprint, as a multiple of the derivative: −½ +
// k/(N+1), as package sampler's sampleAt places it (the same binary32
// operations, once).
var ProbeSteps = func() (t [17][16]float32) {
	for n := 2; n <= 16; n++ {
		for k := 1; k <= n; k++ {
			t[n][k-1] = float32(-0.5) + float32(k)/float32(n+1)
		}
	}
	return
}()

// Pad pads the chunk's entries to a multiple of 8 with copies of the
// first entry, so that the kernels may take whole groups of eight.
func Pad(c *lanes.Set) {
	if c.N == 0 {
		return
	}
	c.NP = (c.N + 7) &^ 7
	for k := c.N; k < c.NP; k++ {
		c.S[k], c.T[k], c.OffU[k], c.OffV[k], c.Ref[k], c.Ch[k] = c.S[0], c.T[0], c.OffU[0], c.OffV[0], c.Ref[0], c.Ch[0]
		c.Layer[k], c.Face[k] = c.Layer[0], c.Face[0]
		c.Hi[k], c.Lo[k], c.Delta[k] = c.Hi[0], c.Lo[0], 0
	}
}

// ClampLayer is clamp(RNE(a), 0, n − 1); NaN selects layer 0 (package
// sampler's clampLayer, the array layer's rounding of Vulkan's "Texel
// Coordinate Systems").
func ClampLayer(a float32, n int32) int32 {
	if a != a {
		return 0
	}
	r := math.RoundToEven(float64(a))
	if r < 0 {
		return 0
	}
	if r > float64(n-1) {
		return n - 1
	}
	return int32(r)
}

// ChunkRun is the state of one chunk's run through the 2D lane loop's
// stages (RunChunk2D) or the 3D loop's (RunVolChunk): what the caller
// fills or traces where a call returns true, and where the run resumes on
// the next call. Its zero value starts an untraced chunk.
type ChunkRun struct {
	// Trace, set by the caller before the first call, asks for a
	// hand-back after each level's footprint stage (Footprints), for the
	// caller's trace stage to keep the footprints.
	Trace bool
	// Footprints reports a trace hand-back: c.FP (c.Vol on the 3D loop)
	// holds the footprints at the levels Level, and nothing is to be
	// filled.
	Footprints bool
	// Otherwise Level and Out are the level table (the entries' levels:
	// c.Hi or c.Lo) and the rows of the level the caller fills: the
	// entries c.FP.Slow (c.Vol.Slow) lists (below c.N; the padding
	// after), by the reference pipeline; and first, where Kernel is set,
	// every entry's footprint (c.FP), which Plan.Kernel declined: a BC
	// chunk whose blocks make no window, read through the request's cache
	// of decoded blocks. (Out is the rows themselves, not a pointer: a
	// ChunkRun holds no pointer into itself, which would move the
	// caller's to the heap.)
	Level  *[lanes.Chunk]int32
	Out    lanes.Out
	Kernel bool

	phase  uint8     // where the next call resumes (runStart …)
	blend  bool      // the chunk's entries blend two levels
	direct bool      // the last stage writes the result's rows (out), not c.Acc
	out    lanes.Out // the last stage's rows
}

// handBack prepares a trace hand-back after the footprint stage of the
// levels lvl (Footprints, Level) where the caller asked for them (Trace),
// and reports whether it did: the run then returns true to the caller.
func (r *ChunkRun) handBack(lvl *[lanes.Chunk]int32) bool {
	if !r.Trace {
		return false
	}
	r.Footprints, r.Level = true, lvl
	return true
}

// The phases of a chunk's run: where the next call resumes.
const (
	runStart     uint8 = iota // the first call: the finer levels' footprints
	runKernel                 // the finer levels' kernel
	runLower                  // the coarser levels' footprints
	runLowerKern              // the coarser levels' kernel
	runBlend                  // both levels done: the blend and the stores
	runStore                  // one level done: the stores
)

// RunChunk2D runs a chunk of the 2D lane loop whose entries a gatherer
// filled (c), with the texel data d and the request's state of the
// footprint stage fs, into the result's rows bits: the footprints at the
// finer levels (ChunkFootprints) and the kernel (Kernel), and for the
// chunks whose entries blend two levels the coarser levels' footprints and
// kernel and the blend (lanes.BlendLanes); then the stores. (Their
// Resident flags stay as the caller set them: the lane loop's views have
// no residency tiles.) A run of consecutive lanes, one entry each, is
// written by the last stage straight into the result's rows
// (lanes.ResultRows; the stages' results are lanes.Canonical already);
// otherwise the lanes' results are stored from c.Acc, an anisotropic
// lane's the average of its probes, as package sampler's sampleAt sums
// and divides (StoreChunk).
//
// It returns true where a level's stage left entries for the caller —
// footprints the stage marked slow (a border texel, a mirrored wrap, a
// cube corner, coordinates beyond ±2^30) or a kernel it declined —, with
// r saying which (Level, Out, Kernel), and, where r.Trace is set, after
// each level's footprint stage (r.Footprints); the caller fills or traces
// them and calls it again with the same r, and it resumes. It returns
// false when the chunk is done. No call is made per lane, and nothing of
// the request is held beyond the call.
func (p *Plan) RunChunk2D(d []byte, c *lanes.Set, bits *[4][]uint32, fs *FootState, r *ChunkRun) bool {
	if r.phase == runStart {
		n := c.N
		r.direct = c.Lanes == n && n == c.NP &&
			int(c.Lane[n-1]) == int(c.Lane[0])+n-1 && lanes.ResultRows(bits, int(c.Lane[0]), &r.out)
		if !r.direct {
			r.out = lanes.OutOf(&c.Acc)
		}
		p.ChunkFootprints(c, &c.Hi, &c.FP, fs)
		r.blend = lanes.Blends(&c.Delta, c.NP)
		r.phase = runKernel
		if r.handBack(&c.Hi) {
			return true
		}
	}
	if r.phase == runKernel {
		r.Footprints = false
		if r.blend {
			r.phase = runLower
			acc := lanes.OutOf(&c.Acc)
			if p.chunkLevel(d, c, &c.Hi, &acc, r) {
				return true
			}
		} else {
			r.phase = runStore
			if p.chunkLevel(d, c, &c.Hi, &r.out, r) {
				return true
			}
		}
	}
	if r.phase == runLower {
		p.ChunkFootprints(c, &c.Lo, &c.FP, fs)
		r.phase = runLowerKern
		if r.handBack(&c.Lo) {
			return true
		}
	}
	if r.phase == runLowerKern {
		r.Footprints = false
		lower := lanes.OutOf(&c.Lower)
		r.phase = runBlend
		if p.chunkLevel(d, c, &c.Lo, &lower, r) {
			return true
		}
	}
	if r.phase == runBlend {
		lanes.BlendLanes(&c.Delta, &c.Acc, &c.Lower, c.NP, &r.out)
	}
	if !r.direct {
		StoreChunk(c, bits)
	}
	return false
}

// chunkLevel runs the kernel over the footprints of the entries at the
// levels lvl into out, and reports whether the caller has entries to fill
// (r's Level, Out and Kernel set).
func (p *Plan) chunkLevel(d []byte, c *lanes.Set, lvl *[lanes.Chunk]int32, out *lanes.Out, r *ChunkRun) bool {
	r.Kernel = !p.Kernel(d, c, out, p.Inside)
	if !r.Kernel && c.FP.NSlow == 0 {
		return false
	}
	r.Level, r.Out = lvl, *out
	return true
}

// StoreChunk stores the results of the chunk's lanes from c.Acc into the
// result's rows bits: a run of consecutive lanes, one entry each, by
// lanes.StoreRun; other lanes one by one, an anisotropic lane's the
// average of its probes, as package sampler's sampleAt sums and divides.
func StoreChunk(c *lanes.Set, bits *[4][]uint32) {
	n := c.N
	r, g, b, a := bits[0], bits[1], bits[2], bits[3]
	if c.Lanes == n { // one entry per lane
		if i0 := int(c.Lane[0]); int(c.Lane[n-1]) == i0+n-1 { // consecutive lanes
			lanes.StoreRun(bits, &c.Acc, i0, n)
			return
		}
		for k, i := range c.Lane[:n] {
			r[i], g[i], b[i], a[i] = lanes.ResultBits(c.Acc[0][k]), lanes.ResultBits(c.Acc[1][k]), lanes.ResultBits(c.Acc[2][k]), lanes.ResultBits(c.Acc[3][k])
		}
		return
	}
	for j, i := range c.Lane[:c.Lanes] {
		k := c.First[j]
		var v [4]float32
		if m := c.Count[j]; m == 1 {
			v = [4]float32{c.Acc[0][k], c.Acc[1][k], c.Acc[2][k], c.Acc[3][k]}
		} else {
			// The probes' average, as sampleAt sums and divides.
			for ch := range v {
				s := float32(0)
				for _, e := range c.Acc[ch][k : k+m] {
					s += e
				}
				v[ch] = s / float32(m)
			}
		}
		r[i], g[i], b[i], a[i] = lanes.ResultBits(v[0]), lanes.ResultBits(v[1]), lanes.ResultBits(v[2]), lanes.ResultBits(v[3])
	}
}
