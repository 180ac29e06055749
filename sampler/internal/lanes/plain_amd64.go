//go:build amd64 && !purego

package lanes

import "golang.org/x/sys/cpu"

// The plain (2D) requests' stages in assembly (plain_amd64.s): the
// entries' operands, LOD biases, gradients' ρ, λ and the level selection,
// the array layers, and runPlainLevel's footprints, on whole chunks (Set)
// of flat arrays. Package sampler's plain_amd64.go decides which requests
// and chunks they take and fills their parameters.

// LevelParams are LevelsAsm's constants: lambda8's and levelSel8's.
type LevelParams struct {
	Bias   float32 // the bias where LevelsAsm has no bias operand (bias0)
	MinLod float32 // the sampler's lower clamp
	MaxLod float32 // the sampler's upper clamp
	Top    float32 // the last level, float32(levels − 1)
	TopI   int32   // levels − 1
	Mode   int32   // the level selection, a MipFilter
	Only   int32   // 1: λ is the base operand as it is (levelSel8 alone), 0: lambda8 first
	Hw     int32   // 1: hardware precision, λ rounded to LodBits fraction bits (lodStep)
	Lod    float32 // 2^LodBits and 2^−LodBits (hw)
	LodInv float32
}

// LayerParams are LayersAsm's constants: the view's last layer (of a
// cube array, its last cube) as a float, its first layer, and the layers a
// step of the coordinate moves (1, or 6 for a cube array).
type LayerParams struct {
	Top  float32
	Base int32
	Mul  int32
}

// LayersAsm sets out[j] = base + mul·clamp(RNE(a[j]), 0, top) (a NaN a[j]
// is layer 0), plus face[j] where face is not nil, for j < n (a multiple
// of 8): clampLayer's layer as project places it.
//
//go:noescape
func LayersAsm(p *LayerParams, a *float32, face *int32, n int, out *int32)

// PlainEntriesAsm writes pipeline.Entries' operands (layer, no cube face, no
// offsets, no channel, reference 0, one entry per lane) to all of c's
// entries.
//
//go:noescape
func PlainEntriesAsm(c *Set, layer int32)

// EntriesAsm writes entries8's operands for lanes [lane, lane+n) as
// entries [k, k+n), n a multiple of 8: no offsets, no channel, the
// reference ref[j] (0 where ref is nil), the lane, the entry as its first
// and one entry per lane.
//
//go:noescape
func EntriesAsm(c *Set, k, n, lane int, ref *float32)

// PlainLanesAsm writes pipeline.Plan.GatherPlain's per-lane operands of lanes
// [lane, lane+n) (n a multiple of 8) as entries [0, n): s[j], t[j], the
// lane, and ref[j] where ref is not nil.
//
//go:noescape
func PlainLanesAsm(c *Set, s, t, ref *float32, n, lane int)

// LodBiasAsm sets out[j] = lodBias(lodBias, bias[j]), j < n (a multiple of
// 8): lodBias8's arithmetic.
//
//go:noescape
func LodBiasAsm(lodBias float32, bias *float32, n int, out *float32)

// GradRhoAsm sets out[j] to the isotropic scale factor ρ of the gradients
// (dx0, dx1)[j], (dy0, dy1)[j] scaled by the size sz, j < n (a multiple
// of 8): gradRho8's and rho8's arithmetic.
//
//go:noescape
func GradRhoAsm(sz *[2]float32, dx0, dx1, dy0, dy1 *float32, n int, out *float32)

// LevelsAsm sets hi[j], lo[j] and delta[j], j < n (a multiple of 8), to
// the level selection (p.mode, levelSel8) of λ = lambda8(base[j], bias[j],
// minLod[j]), or of λ = base[j] where p.only is set. A nil base is 0, a
// nil bias p.bias and a nil minLod the sampler's p.minLod alone.
//
//go:noescape
func LevelsAsm(p *LevelParams, base, bias, minLod *float32, n int, hi, lo *int32, delta *float32)

// PlainFootprintsAsm is runPlainLevel's loop for entries [0, n) (a
// multiple of 8): the footprints at level 0 of the points (s[j], t[j])
// into c.fp, and the references ref[j] (where not nil) into c.ref. It
// reports false when a coordinate is beyond ±2^30 or NaN, having stopped
// at that group. It runs its AVX-512 form where Foot512 says so and the
// request has exact precision, else its AVX2 one: the same bits
// (TestPlainFootprintsAsmAgrees runs both).
//
//go:noescape
func PlainFootprintsAsm(p *FootParams, s, t, ref *float32, n int, c *Set) bool

// Foot512 reports whether PlainFootprintsAsm takes its AVX-512 form
// (sixteen entries an instruction, where the CPU has AVX-512F: 43.5 →
// 29.5 ns a 64-entry chunk on session 13's Intel Xeon, median of 3,000
// interleaved trials). A variable, so that the tests run both.
var Foot512 = AsmKernels && cpu.X86.HasAVX512F

// PlainEntriesVec writes the constant operands of every plain chunk
// (layer, no face, no offsets, no channel, one entry per lane) unless the
// working set holds them already for this layer (laneSet.plain): once for
// all the chunks that follow. Layer −1 is an array view's: the gatherer
// writes each entry's layer.
func PlainEntriesVec(c *Set, layer int32) {
	if c.Plain && c.PlainLayer == layer {
		return
	}
	PlainEntriesAsm(c, layer)
	c.Plain, c.PlainLayer = true, layer
}
