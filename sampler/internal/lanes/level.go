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

	// Derived from the fields above by Derive, once per set-up, for
	// PlainLevelV's sixteen-lane forms (level16_amd64.h), which would
	// otherwise make them at every call. Their zero values turn the
	// shortcuts they steer off (a slower road, the same bits), never on.
	Pow2   int32  // 1 where w and h are powers of two: UV16's one fused step
	Mx, My uint32 // QUICK16's corner masks: w − 1, h − 1 by repeat, all ones by clamp-to-edge
	Bw, Bh int32  // QUICK16's bounds on the corner: w − 15 and h − 2 (0: no window)
	// Last1 is one more than WINDOW16's last corner offset less the base,
	// (h − 1)·ys + 4w − 2·ys − 63 (0: no window, as on array views).
	Last1 int64
}

// Derive sets p's y shift (ShiftOf(Ys)) and its derived fields from the
// others; call it once the others are set.
func (p *FootParams) Derive() {
	p.Ysh = ShiftOf(p.Ys)
	p.Pow2 = 0
	if (math.Float32bits(p.Fw)|math.Float32bits(p.Fh))&0x7fffff == 0 {
		p.Pow2 = 1
	}
	p.Mx, p.My = ^uint32(0), ^uint32(0)
	if p.Rep0 != 0 {
		p.Mx = uint32(p.Wm)
	}
	if p.Rep1 != 0 {
		p.My = uint32(p.Hm)
	}
	p.Bw, p.Bh, p.Last1 = 0, max(p.Hm-1, 0), 0
	if p.Layers == 0 {
		p.Bw = max(p.Wm-14, 0)
		ys := int64(p.Ys)
		p.Last1 = max(int64(p.Hm)*ys+4*int64(p.Wm)+4-2*ys-63, 0)
	}
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
