//go:build amd64 && !purego

package lanes

// The lane loop's chunk stages that have assembly kernels in every amd64
// build (kernels_amd64.s): the depth compares (gathers and PCF), the blend
// of two levels and the store of the results. Each wrapper reports false,
// doing nothing, where the kernel does not take the call (no AVX2, a chunk
// not a multiple of 8, a footprint that may read outside the data), and the
// caller runs the Go stage (stages_kernels.go). The kernels are
// the retired simd/archsimd stages translated operation for operation, so
// their results are the Go stages' bits (TestVectorKernelsAgree,
// TestVectorBlendAndStoreAgree, TestAsmKernelsAgree).

// blendsAsm is blends: whether any of the chunk's entries (the padding
// included) has a δ other than 0; ok is false where the kernel does not
// take the call.
func blendsAsm(delta *[Chunk]float32, np int) (blend, ok bool) {
	if !AsmKernels || np&7 != 0 || np > Chunk {
		return false, false
	}
	return deltasNonZero(delta, np), true
}

// blendLanesAsm is blendLanes: (1 − δ)·acc + δ·lower for the entries with
// δ ≠ 0, acc for the others, a NaN made canonicalNaN.
func blendLanesAsm(delta *[Chunk]float32, acc, lower *[4][Chunk]float32, np int, out *Out) bool {
	if !AsmKernels || np&7 != 0 || np > Chunk {
		return false
	}
	blendRows(delta, acc, lower, np, out)
	return true
}

// storeRunAsm is storeRun for runs of at least 8 lanes: the bits of
// acc[·][0, n) to res.Bits[·][i0, i0+n), a NaN as canonicalNaN.
func storeRunAsm(bits *[4][]uint32, acc *[4][Chunk]float32, i0, n int) bool {
	if !AsmKernels || n < 8 || n > Chunk || i0 < 0 {
		return false
	}
	for _, b := range bits {
		if len(b)-i0 < n {
			return false // the Go stage's bounds check fails
		}
	}
	storeRows(bits, i0, acc, n)
	return true
}

// gatherDepthAsm is GatherDepthLanes: the four texels' compare results, t
// or f, in gather order.
func gatherDepthAsm(d []byte, fp *Footprints, n int, ref *[Chunk]float32, op CompareOp, t, f float32, out *Out, inside bool) bool {
	if !asmTakes(d, fp, n, 4, inside) {
		return false
	}
	if Wide512 {
		gatherDepthV(&d[0], &fp.O, ref, n, op, t, f, out)
		return true
	}
	gatherRowsAsm(d, fp, n)
	gatherDepth(&fp.Tex, ref, n, op, t, f, out)
	return true
}

// pcfDepthAsm is PCFDepthLanes: each texel's compare result (the swizzled
// vector t or f), weighted with the bilinear weights and summed.
func pcfDepthAsm(d []byte, fp *Footprints, n int, ref *[Chunk]float32, op CompareOp, t, f *[4]float32, out *Out, inside bool) bool {
	if !asmTakes(d, fp, n, 4, inside) {
		return false
	}
	form := pcfForms(t, f)
	if Wide512 {
		pcfDepthV(&d[0], &fp.O, ref, &fp.FA, &fp.FB, n, op, t, f, &form, out)
		return true
	}
	gatherRowsAsm(d, fp, n)
	pcfDepth(&fp.Tex, ref, &fp.FA, &fp.FB, n, op, t, f, &form, out)
	return true
}

// deltasNonZero reports whether any of delta[0, n) (n a multiple of 8) is
// not 0 (a NaN is not).
//
//go:noescape
func deltasNonZero(delta *[Chunk]float32, n int) bool

// blendRows writes out[c][k] = Canonical(acc[c][k]) for δ = delta[k] = 0,
// else Canonical((1 − δ)·acc[c][k] + δ·lower[c][k]), k < n (a multiple of
// 8); out may be acc.
//
//go:noescape
func blendRows(delta *[Chunk]float32, acc, lower *[4][Chunk]float32, n int, out *Out)

// storeRows writes resultBits(acc[c][k]) to dst[c][i0+k], k < n (8 ≤ n ≤
// Chunk, every dst[c] at least i0+n long).
//
//go:noescape
func storeRows(dst *[4][]uint32, i0 int, acc *[4][Chunk]float32, n int)

// gatherDepth writes out[r][k] = t if Compare(op, ref[k], tex[q][k]) else
// f, q = GatherTexel[r], k < n (a multiple of 8).
//
//go:noescape
func gatherDepth(tex *[4][Chunk]uint32, ref *[Chunk]float32, n int, op CompareOp, t, f float32, out *Out)

// pcfDepth writes out[c][k] = (((0 + w00·v00[c]) + w10·v10[c]) +
// w01·v01[c]) + w11·v11[c], vq = t if Compare(op, ref[k], tex[q][k]) else
// f, the weights BilinearWeights(fa[k], fb[k]), k < n (a multiple of 8),
// channel c in form form[c].
//
//go:noescape
func pcfDepth(tex *[4][Chunk]uint32, ref, fa, fb *[Chunk]float32, n int, op CompareOp, t, f *[4]float32, form *[4]uint8, out *Out)

// gatherDepthV and pcfDepthV are gatherRows followed by gatherDepth and
// pcfDepth in AVX-512 (depth512_amd64.s): sixteen entries at a time, the
// texel words read into registers rather than fp.Tex (which they leave
// alone), the same bits; Wide512 chooses them (TestDepthForms runs both
// forms).
//
//go:noescape
func gatherDepthV(d *byte, o *[4][Chunk]int32, ref *[Chunk]float32, n int, op CompareOp, t, f float32, out *Out)

//go:noescape
func pcfDepthV(d *byte, o *[4][Chunk]int32, ref, fa, fb *[Chunk]float32, n int, op CompareOp, t, f *[4]float32, form *[4]uint8, out *Out)

// gatherRowsAsm reads the footprints' texel words into fp.Tex: gatherRows,
// or its AVX-512 form where Wide512 says so (the same words).
func gatherRowsAsm(d []byte, fp *Footprints, n int) {
	if Wide512 {
		gatherRowsV(&d[0], &fp.O, n, &fp.Tex)
		return
	}
	gatherRows(&d[0], &fp.O, n, &fp.Tex)
}

// PlainLevel512 reports whether PlainLevelV runs here (Wide512 and
// Foot512: AVX-512 F, BW and VL). A variable, so that the tests run both
// roads.
var PlainLevel512 = Wide512 && Foot512

// PlainLevelV is runPlainLevel's chunk of n entries (a multiple of 8) in
// one call: PlainFootprintsAsm's footprints at level 0 of the points
// (s[j], t[j]) (the layers layer[j] where p.Layers; p.Hw must be 0, the
// texels 4 bytes: p.Xsh 2, or 0 where the level is one texel wide), their
// texels in d read in registers and k's kernel (gather8V, bilinear32V,
// pcfDepthV with the references ref[j], gatherDepthV), the results written
// to out's rows [0, n). It reports false when a coordinate is beyond
// ±2^30 or NaN, having written the rows of the groups of sixteen before
// that coordinate's (the caller runs the chunk again by another road,
// which writes every entry: checking every coordinate first, to write
// nothing, cost about 9 % of the call). Every footprint must read inside d
// (runPlainLevel's bound on the level). The same bits as the footprints
// stage followed by the kernel (TestPlainLevelVAgrees).
//
//go:noescape
func PlainLevelV(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
