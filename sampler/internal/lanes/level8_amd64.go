//go:build amd64 && !purego

package lanes

// PlainLevel256 reports whether the one-level road's single call runs in
// its AVX2 form here: PlainLevel8 where the assembly kernels run (AVX2 and
// FMA) and PlainLevel512 (PlainLevelV's AVX-512) does not. A variable, so
// that the tests run each road (setting both false runs the stages).
var PlainLevel256 = AsmKernels && !PlainLevel512

// PlainLevel8 is PlainLevelV in AVX2 (level8_amd64.s), eight entries an
// instruction, with PlainLevelV's arguments and contract: runPlainLevel's
// chunk of n entries (a multiple of 8) in one call, PlainFootprintsAsm's
// footprints at level 0 of the points (s[j], t[j]) (the layers layer[j]
// where p.Layers; p.Hw must be 0, the texels 4 bytes, p.Xsh 2, or 16 for
// LevelBilinear128, p.Xsh 4, or p.Xsh 0 where the level is one texel wide)
// made in registers, their texels in d read as the staged AVX2 kernels
// read them (or as a window of the level's rows where a group's
// footprints lie in one) and k's kernel — the staged kernel's operations
// in the same order (gather8 with every channel 0, bilinear32, pcfDepth
// with the references ref[j], gatherDepth, bilinear128) — its results
// written to out's rows [0, n). It reports false when a coordinate is
// beyond ±2^30 or NaN, having written the rows of the groups of eight
// before that coordinate's, and at once for LevelNone: the caller then
// runs the chunk by another road. Every footprint must read inside d. The
// same bits as the footprints stage followed by the kernel, and as
// PlainLevelV (TestPlainLevelVAgrees, TestPlainLevel128VAgrees and
// TestPlainLevelReads run both forms).
//
//go:noescape
func PlainLevel8(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
