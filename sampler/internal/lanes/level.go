package lanes

import "math"

// The constants of the one-level plain road (package sampler's
// runPlainLevel): PlainFootprintsAsm's parameters and the kernels of
// PlainLevelV (its single call, kernels_dispatch_amd64.go), named in every
// build so that package sampler's set-up makes them once.

// FootParams are PlainFootprintsAsm's constants: runPlainLevel's for
// level 0.
type FootParams struct {
	Fw, Fh float32 // the level's size
	Wm, Hm int32   // the size minus 1
	Ys     int32   // the y stride
	Base   int32   // the view's first texel (an array's: the level's first, layers apart)
	Layers int32   // 1: an array view, each entry's layer c.layer[j] (absolute) at ls bytes a layer
	Ls     int32
	Xsh    int32   // the x stride's shift (the stride is 4 or 16 bytes)
	Rep0   int32   // 1: repeat on u (a power of two), 0: clamp-to-edge
	Rep1   int32   // the same on v
	Hw     int32   // 1: hardware precision, u and v rounded to SubtexelBits fraction bits (subtexel)
	Sub    float32 // 2^SubtexelBits and 2^−SubtexelBits (hw)
	SubInv float32
	// Ysh is the y stride's shift where the stride is a power of two
	// (ShiftOf), else −1: the rows' offsets are then shifts, not
	// multiplications (VPMULLD is 10 cycles' latency and two µops on
	// Intel cores, 3 cycles and one on AMD Zen).
	Ysh int32
}

// LevelKernel is PlainLevelV's kernel: which (Kind) and, for the depth
// kernels, the compare operation, its results t (T) and f (F) and
// pcfDepth's channel forms (Form).
type LevelKernel struct {
	Kind int32
	Op   CompareOp
	Form [4]uint8
	T, F [4]float32
}

// LevelKernel.Kind: the kernels PlainLevelV runs after its footprints.
const (
	LevelNone        = iota // none: runPlainLevel's stages
	LevelGather8            // gather8V (r8g8b8a8_unorm gathers, every channel 0)
	LevelPCF                // pcfDepthV (32-bit depth, percentage-closer filtering)
	LevelGatherDepth        // gatherDepthV (32-bit depth gathers with a compare)
	LevelBilinear32         // bilinear32V (r8g8b8a8_unorm bilinear)
	LevelBilinear128        // plainLevel128V (r32g32b32a32_sfloat bilinear: level128_amd64.s)
)

// PCFKernel returns the LevelKernel of pcfDepthV for op with results t
// and f (their channel forms as pcfDepthAsm finds them).
func PCFKernel(op CompareOp, t, f *[4]float32) LevelKernel {
	return LevelKernel{Kind: LevelPCF, Op: op, Form: pcfForms(t, f), T: *t, F: *f}
}

// pcfForms returns pcfDepth's form of each channel: those whose results
// t, f are (+0, +0) or (1, +0) — all of them without a swizzle — take a
// shorter form with the same bits: the weights are finite and not
// negative, so w·(+0) = +0 and w·1 = w, and the sum of the selected weights
// is the reference's.
func pcfForms(t, f *[4]float32) (form [4]uint8) {
	for c := range form {
		tb, fb := math.Float32bits(t[c]), math.Float32bits(f[c])
		switch {
		case tb == 0 && fb == 0:
			form[c] = pcfFormZero
		case tb == 0x3f800000 && fb == 0:
			form[c] = pcfFormWhere
		}
	}
	return form
}

// pcfDepth's forms of a channel (pcfFormGeneral: w·t or w·f summed), read
// by the assembly through go_asm.h.
const (
	pcfFormGeneral = iota
	pcfFormZero    // t = f = +0: +0
	pcfFormWhere   // t = 1, f = +0: the sum of the weights where the compare passes
)
