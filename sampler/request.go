package sampler

import (
	"fmt"
	"math"
)

// Request is one SIMD message: an operation over Lanes lanes, with every
// per-lane operand held as a structure of arrays. Operand slices the
// operation does not use may be nil; a slice the operation uses must have
// at least Lanes elements, except the optional ones documented as "nil: 0".
//
// Implicit-LOD operations (sample, sample_b, sample_c, sample_b_c, lod,
// gather4_i, ...) work on 2×2 quads: lanes 4k..4k+3 are the pixels (0,0),
// (1,0), (0,1), (1,1) of quad k, Lanes must be a multiple of 4, and inactive
// lanes still provide their coordinates to the derivatives (as helper
// invocations do) but produce no result.
type Request struct {
	Op    Op
	Lanes int
	// Active marks the lanes that execute; nil means all.
	Active []bool
	// Coord holds the coordinates by surface kind:
	// 1d [u]; 1d_array [u, layer]; 2d [u, v]; 2d_array [u, v, layer];
	// 3d [u, v, w]; cube [x, y, z]; cube_array [x, y, z, layer].
	// Coordinates are normalized unless the sampler is unnormalized;
	// array layers are never normalized.
	Coord [4][]float32
	Lod   []float32    // explicit LOD (sample_l, sample_l_c, gather4_l, ...)
	Bias  []float32    // LOD bias (sample_b, sample_b_c, gather4_b, ...)
	Ref   []float32    // depth reference (compare forms)
	DDX   [3][]float32 // gradients of the spatial coordinates along x (sample_d, sample_d_c)
	DDY   [3][]float32 // gradients along y
	// Offset holds texel offsets per axis (u, v, w). Sampling and gather ops
	// take −8..7 (the Intel aoffimmi range); the _po gather forms take −32..31.
	// An offset on an axis the surface does not have must be 0. Cube kinds
	// take no offsets: any non-nil Offset slice fails the request there.
	// nil: 0.
	Offset [3][]int32
	// Channel selects the gathered component 0..3 (R, G, B, A) of the
	// non-compare gather forms; other operations ignore it. nil: 0.
	Channel []uint8
	// Texel holds integer texel coordinates for fetch and fetch_ms, with the
	// array layer last: 1d [x]; 1d_array [x, layer]; 2d [x, y];
	// 2d_array [x, y, layer]; 3d [x, y, z]; 2d_ms [x, y]; 2d_ms_array [x, y, layer].
	Texel  [4][]int32
	Level  []int32 // fetch and resinfo: mip level relative to the view's base level. nil: 0.
	Sample []int32 // fetch_ms and samplepos: sample index (samplepos: out of range is a lane error). nil: 0.
	// MinLod is the per-lane minimum LOD of Vulkan's MinLod image operand
	// (SPIR-V MinLod, NVIDIA's TXD LOD clamp): for every operation that
	// computes a LOD, λ is clamped below by max(sampler MinLod, MinLod[lane])
	// and above by the sampler's MaxLod, the lower bound winning where the
	// two cross (Vulkan leaves that case undefined). A NaN value is ignored.
	// nil: no operand.
	MinLod []float32
	// CoarsePixel is the size in pixels, along x and y, of the fragments of
	// the request's quads under coarse pixel shading (Vulkan's fragment
	// shading rate; Intel's CPS): the implicit derivatives, the quads'
	// differences, are divided by it, so that λ is the LOD of one pixel
	// rather than of one coarse fragment (Intel's CPS LOD compensation).
	// For a square size s this lowers λ by log2(s) and changes nothing
	// else. It applies to the implicit-LOD operations only (gradients in
	// DDX/DDY are taken as given). Each value is 0 (meaning 1) or finite and
	// at least 1.
	CoarsePixel [2]float32
	// Derivatives is how the implicit-LOD operations take a quad's
	// differences: DerivativesCoarse (the default), one ddx and one ddy for
	// the whole quad; DerivativesFine, per row and per column.
	Derivatives Derivatives
	// Projective makes the operation projective (SPIR-V's OpImageSampleProj*,
	// GLSL textureProj*): the coordinates carry q after the view's
	// dimensions (1D (s, q), 2D (s, t, q), 3D (s, t, r, q) in Coord), and
	// s, t, r — and the compare reference of a compare operation — are
	// divided by q (one binary32 division each) before anything else, so
	// that implicit derivatives are those of the projected coordinates;
	// gradients (sample_d) are taken as the projected coordinates'. A q of
	// 0 or below divides as IEEE 754 does (±Inf, NaN, a sign flip; Vulkan
	// leaves it undefined), and the coordinates' NaN and saturation rules
	// apply. 1D, 2D and 3D views (not arrays, cubes or multisample) and the
	// sampling operations and lod only.
	Projective bool
}

// Derivatives selects coarse or fine implicit derivatives.
type Derivatives uint8

// The derivative modes (GLSL dFdxCoarse/dFdxFine, SPIR-V DPdxCoarse/
// DPdxFine, HLSL ddx_coarse/ddx_fine). For a quad of lanes 0 (top left),
// 1 (top right), 2 (bottom left), 3 (bottom right):
const (
	// DerivativesCoarse: every lane takes ddx = c₁ − c₀ and ddy = c₂ − c₀.
	DerivativesCoarse Derivatives = iota
	// DerivativesFine: ddx is its row's difference (c₁ − c₀ for lanes 0
	// and 1, c₃ − c₂ for lanes 2 and 3) and ddy its column's (c₂ − c₀ for
	// lanes 0 and 2, c₃ − c₁ for lanes 1 and 3).
	DerivativesFine
)

// String returns "coarse" or "fine".
func (d Derivatives) String() string {
	switch d {
	case DerivativesCoarse:
		return "coarse"
	case DerivativesFine:
		return "fine"
	}
	return fmt.Sprintf("Derivatives(%d)", uint8(d))
}

// ParseDerivatives parses "coarse" or "fine".
func ParseDerivatives(s string) (Derivatives, error) {
	switch s {
	case "coarse":
		return DerivativesCoarse, nil
	case "fine":
		return DerivativesFine, nil
	}
	return 0, fmt.Errorf("derivatives: %q is not coarse or fine", s)
}

// coarse reports whether the request's implicit derivatives are scaled
// (CoarsePixel other than 1×1).
func (r *Request) coarse() bool {
	return r.CoarsePixel[0] != 0 && r.CoarsePixel[0] != 1 || r.CoarsePixel[1] != 0 && r.CoarsePixel[1] != 1
}

// ValueKind says how a result's bits are to be read.
type ValueKind uint8

// Result value kinds.
const (
	ValueFloat ValueKind = iota // IEEE-754 binary32
	ValueUint                   // uint32
	ValueSint                   // int32, two's complement
)

func (k ValueKind) String() string {
	switch k {
	case ValueFloat:
		return "float"
	case ValueUint:
		return "uint"
	case ValueSint:
		return "sint"
	}
	return fmt.Sprintf("ValueKind(%d)", uint8(k))
}

// Result holds one request's results: four channels per lane as raw 32-bit
// patterns whose meaning Kind gives, and the lane's residency. Lanes that
// are inactive or have an error are left zero with Resident true.
//
// A Result is reused from one request to the next (its slices, and the
// engine's working set for sampling, which it keeps), so that a caller who
// keeps one per goroutine allocates nothing in steady state; like its
// slices, it is not for two requests at once.
type Result struct {
	Kind     ValueKind
	Bits     [4][]uint32 // Bits[channel][lane]
	Resident []bool      // false when a texel came from a non-resident tile
	// LaneErr holds per-lane errors (a bad offset, channel or index): nil
	// when every lane succeeded (and after a request error), else one
	// entry per lane, nil for the lanes that succeeded. The other lanes'
	// results are valid.
	LaneErr []error
	// Trace, when not nil, receives the request's footprint: every texel
	// each lane read, its weight and its address (trace.go). The lane
	// loops trace most 2D, array, cube and 3D sampling and gathers, the
	// reference pipeline the rest; without a Trace nothing is recorded.
	Trace *Trace
	// tracer is the engine's tracing state, kept here so that tracing
	// allocates nothing but the Trace's own growth.
	tracer tracer
	// proj holds a projective request's divided coordinates and
	// reference (Request.Projective), kept across requests.
	proj [4][]float32
	// laneErrs is LaneErr's storage, kept across requests so that a
	// request with lane errors after the first allocates none.
	laneErrs []error
	// shaped says that the request run with this result has the shape of
	// one the engine accepted on the same view and state: this module's
	// front-ends set it (samplerhooks.ShapedFlag).
	shaped bool
	// work is runLanes2D's working set (about 12 KB), made by the first
	// request that needs it: the result's own, rather than a pool's, costs
	// nothing to take and keeps the entries' constant operands written
	// (laneSet.plain) from one request to the next.
	work *laneSet
}

// Float returns channel c of lane i as a float32.
func (r *Result) Float(c, i int) float32 { return math.Float32frombits(r.Bits[c][i]) }

// Uint returns channel c of lane i as a uint32.
func (r *Result) Uint(c, i int) uint32 { return r.Bits[c][i] }

// Int returns channel c of lane i as an int32.
func (r *Result) Int(c, i int) int32 { return int32(r.Bits[c][i]) }

// Vec returns lane i's four channels as float32 (meaningful for ValueFloat).
func (r *Result) Vec(i int) [4]float32 {
	return [4]float32{r.Float(0, i), r.Float(1, i), r.Float(2, i), r.Float(3, i)}
}

// allResident is a run of true Resident flags.
var allResident = func() (a [64]bool) {
	for i := range a {
		a[i] = true
	}
	return
}()

// resize makes the result hold n lanes, reusing its storage, and clears it
// (its channels only when clearBits: a run that writes every lane's
// channels need not). Its channels get room for a multiple of laneChunk
// lanes, so that the lane loop's last chunk can be written in place too
// (lanes.ResultRows).
func (r *Result) resize(n int, clearBits bool) {
	if !clearBits && r.reuse(n) {
		return
	}
	r.grow(n, clearBits)
}

// reuse is resize(n, false) for the common case, written out: a request of
// a chunk or less into a result grown before, whose lanes the run writes.
// It reports false, having done nothing, where that is not the case. Each
// slice is cut in place (its length stored alone), and LaneErr cleared only
// where it is set (a pointer store tests the write barrier).
func (r *Result) reuse(n int) bool {
	if uint(n) > uint(len(allResident)) || cap(r.Resident) < len(allResident) ||
		cap(r.Bits[0]) < n || cap(r.Bits[1]) < n || cap(r.Bits[2]) < n || cap(r.Bits[3]) < n {
		return false
	}
	r.Bits[0] = r.Bits[0][:n]
	r.Bits[1] = r.Bits[1][:n]
	r.Bits[2] = r.Bits[2][:n]
	r.Bits[3] = r.Bits[3][:n]
	r.Resident = r.Resident[:n]
	*(*[len(allResident)]bool)(r.Resident[:len(allResident)]) = allResident
	if r.LaneErr != nil {
		r.LaneErr = nil
	}
	r.Kind = ValueFloat
	return true
}

// grow is resize where reuse does not apply.
func (r *Result) grow(n int, clearBits bool) {
	for c := range r.Bits {
		if cap(r.Bits[c]) < n {
			r.Bits[c] = make([]uint32, n, (n+laneChunk-1)/laneChunk*laneChunk)
		}
		r.Bits[c] = r.Bits[c][:n]
		if clearBits {
			clear(r.Bits[c])
		}
	}
	if cap(r.Resident) < n {
		r.Resident = make([]bool, (n+laneChunk-1)/laneChunk*laneChunk)
	}
	r.Resident = r.Resident[:n]
	if n <= len(allResident) && cap(r.Resident) >= len(allResident) {
		// One array assignment, two vector stores (the flags past n are
		// beyond the slice's length; a longer request sets them again).
		*(*[len(allResident)]bool)(r.Resident[:len(allResident)]) = allResident
	} else {
		for i := 0; i < n; i += len(allResident) { // a copy moves 8 or more flags per instruction
			copy(r.Resident[i:], allResident[:])
		}
	}
	r.LaneErr = nil
	r.Kind = ValueFloat
}

func (r *Result) laneError(n, lane int, err error) {
	if r.LaneErr == nil {
		if cap(r.laneErrs) < n {
			r.laneErrs = make([]error, n)
		}
		r.LaneErr = r.laneErrs[:n]
		clear(r.LaneErr)
	}
	r.LaneErr[lane] = fmt.Errorf("lane %d: %w", lane, err)
}

// PrecisionMode selects the arithmetic of the engine.
type PrecisionMode uint8

// Precision modes.
const (
	// Exact evaluates the Vulkan equations in float32 with exact log2 and
	// unquantized weights.
	Exact PrecisionMode = iota
	// Hardware quantizes the sub-texel weights (α, β, γ) to SubtexelBits
	// fraction bits and the LOD to LodBits fraction bits, as fixed-function
	// samplers do (Vulkan subTexelPrecisionBits and mipmapPrecisionBits).
	Hardware
)

// Precision is the engine's arithmetic configuration.
type Precision struct {
	Mode         PrecisionMode
	SubtexelBits int // Hardware: fraction bits of the filter weights (1..16, default 8)
	LodBits      int // Hardware: fraction bits of the LOD (1..16, default 8)
}

// HardwarePrecision returns the hardware-like mode with 8-bit weights and LOD fraction.
func HardwarePrecision() Precision { return Precision{Mode: Hardware, SubtexelBits: 8, LodBits: 8} }

// Validate checks the precision parameters.
func (p Precision) Validate() error {
	switch p.Mode {
	case Exact:
		return nil
	case Hardware:
		if p.SubtexelBits < 1 || p.SubtexelBits > 16 {
			return fmt.Errorf("precision.subtexel_bits: %d is out of range (1..16)", p.SubtexelBits)
		}
		if p.LodBits < 1 || p.LodBits > 16 {
			return fmt.Errorf("precision.lod_bits: %d is out of range (1..16)", p.LodBits)
		}
		return nil
	}
	return fmt.Errorf("precision.mode: invalid mode %d", p.Mode)
}
