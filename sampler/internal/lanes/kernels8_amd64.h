// The AVX2 kernels' shared parts, eight entries an instruction: the texel
// reads and the kernels' arithmetic of the staged kernels (gather_amd64.s's
// gatherRows, bilinear32, gather8; kernels_amd64.s's gatherDepth and
// pcfDepth), which read their footprints from a Set, and of PlainLevel8
// (level8_amd64.s), which makes them in registers. Each macro's comment
// names its registers in and out; the callers keep those roles (AX the
// texel data, DX the group's first entry, R11 the result rows, Out's four
// row pointers). Include after textflag.h (and go_asm.h where PCF8 is
// used). Plan 9 operand order: VOP b, a, dst is dst = a OP b; VCMPPS $p,
// b, a, m sets m to a p b; VBLENDVPS m, x, y, z sets z to x where m, else
// y.

// The VCMPPS predicates of compareMask's operations (ref op d): LT_OS,
// EQ_OQ, LE_OS, GT_OS, NEQ_UQ (true for a NaN, as Go's !=), GE_OS; and
// TRUE_UQ and FALSE_OQ for CompareAlways and the others (CompareNone,
// CompareNever), whose masks are all ones or all zeros whatever the
// operands, as compareMask's constants.
#define PRED_LESS $0x01
#define PRED_EQUAL $0x00
#define PRED_LESS_EQUAL $0x02
#define PRED_GREATER $0x0e
#define PRED_NOT_EQUAL $0x04
#define PRED_GREATER_EQUAL $0x0d
#define PRED_ALWAYS $0x0f
#define PRED_NEVER $0x0b

// PAIRSAT(o, b, lo, hi) reads a row of the group's eight footprints,
// each a pair of adjacent 4-byte texels at the byte offsets (from AX)
// o(b), o+4(b), …, o+28(b) (b a register), as 8-byte loads and splits them
// into the texels x0's words (lo) and x1's (hi): X0 = rows 0, 1, X1 = rows
// 4, 5, X2 = rows 2, 3, X3 = rows 6, 7 (temporaries); VSHUFPS takes the
// even and the odd words of each half. R8 and R9 are overwritten.
#define PAIRSAT(o, b, lo, hi) \
	MOVL (o+0)(b), R8; MOVL (o+4)(b), R9; VMOVQ (AX)(R8*1), X0; VPINSRQ $1, (AX)(R9*1), X0, X0; \
	MOVL (o+16)(b), R8; MOVL (o+20)(b), R9; VMOVQ (AX)(R8*1), X1; VPINSRQ $1, (AX)(R9*1), X1, X1; \
	MOVL (o+8)(b), R8; MOVL (o+12)(b), R9; VMOVQ (AX)(R8*1), X2; VPINSRQ $1, (AX)(R9*1), X2, X2; \
	MOVL (o+24)(b), R8; MOVL (o+28)(b), R9; VMOVQ (AX)(R8*1), X3; VPINSRQ $1, (AX)(R9*1), X3, X3; \
	VINSERTI128 $1, X1, Y0, Y0; VINSERTI128 $1, X3, Y2, Y2; \
	VSHUFPS $0x88, Y2, Y0, lo; VSHUFPS $0xDD, Y2, Y0, hi

// GATHER4 gathers the four texels (words at the byte offsets in Y0–Y3
// from AX: o00, o10, o01, o11) of the group's eight footprints into
// Y4–Y7; Y13 is the gathers' mask (overwritten), Y0–Y3 are left alone.
#define GATHER4 \
	VPCMPEQD Y13, Y13, Y13; VPGATHERDD Y13, (AX)(Y0*1), Y4; \
	VPCMPEQD Y13, Y13, Y13; VPGATHERDD Y13, (AX)(Y1*1), Y5; \
	VPCMPEQD Y13, Y13, Y13; VPGATHERDD Y13, (AX)(Y2*1), Y6; \
	VPCMPEQD Y13, Y13, Y13; VPGATHERDD Y13, (AX)(Y3*1), Y7

// WEIGHTSOF(a, b, one, wa, t, w00, w10, w01, w11) sets the bilinear
// weights w00 = (1 − α)(1 − β), w10 = α(1 − β), w01 = (1 − α)β, w11 = αβ
// (BilinearWeights' products) from α in a and β in b; one (1 in every
// lane), wa (1 − α) and t (1 − β) are overwritten.
#define WEIGHTSOF(a, b, one, wa, t, w00, w10, w01, w11) \
	VBROADCASTSS ·asmOne(SB), one; \
	VSUBPS a, one, wa; VSUBPS b, one, t; \
	VMULPS t, wa, w00; VMULPS t, a, w10; VMULPS b, wa, w01; VMULPS b, a, w11

// TEXEL128AT(o, b, disp, w) reads texel (disp = 0: i0, 16: i1) of a row
// of the eight footprints of the group, 16 bytes each at the byte offsets
// (from AX) o(b), o+4(b), …, o+28(b) (b a register), transposes it to
// channels and adds its weighted channels (weight register w) to the
// accumulators Y8–Y11 (bilinear128's). Y0–Y3 are rows [footprint k+i |
// footprint k+4+i] (one 16-byte load and one 16-byte insert each); the
// in-lane 4×4 transpose leaves channel c of the eight footprints in Y(c),
// in order. Y0–Y7, R8 and R9 are overwritten.
#define TEXEL128AT(o, b, disp, w) \
	MOVL (o+0)(b), R8; MOVL (o+16)(b), R9; VMOVUPS disp(AX)(R8*1), X0; VINSERTF128 $1, disp(AX)(R9*1), Y0, Y0; \
	MOVL (o+4)(b), R8; MOVL (o+20)(b), R9; VMOVUPS disp(AX)(R8*1), X1; VINSERTF128 $1, disp(AX)(R9*1), Y1, Y1; \
	MOVL (o+8)(b), R8; MOVL (o+24)(b), R9; VMOVUPS disp(AX)(R8*1), X2; VINSERTF128 $1, disp(AX)(R9*1), Y2, Y2; \
	MOVL (o+12)(b), R8; MOVL (o+28)(b), R9; VMOVUPS disp(AX)(R8*1), X3; VINSERTF128 $1, disp(AX)(R9*1), Y3, Y3; \
	VUNPCKLPS Y1, Y0, Y4; VUNPCKHPS Y1, Y0, Y5; VUNPCKLPS Y3, Y2, Y6; VUNPCKHPS Y3, Y2, Y7; \
	VSHUFPS $0x44, Y6, Y4, Y0; VSHUFPS $0xEE, Y6, Y4, Y1; VSHUFPS $0x44, Y7, Y5, Y2; VSHUFPS $0xEE, Y7, Y5, Y3; \
	VMULPS w, Y0, Y0; VADDPS Y0, Y8, Y8; \
	VMULPS w, Y1, Y1; VADDPS Y1, Y9, Y9; \
	VMULPS w, Y2, Y2; VADDPS Y2, Y10, Y10; \
	VMULPS w, Y3, Y3; VADDPS Y3, Y11, Y11

// GATHER128AT(o, b, w) gathers a texel (the eight footprints' byte
// offsets at o(b), b a register) channel by channel and adds its weighted
// channels (weight register w) to the accumulators Y8–Y11 (bilinear128's
// texels apart). Y0–Y2 are overwritten.
#define GATHER128AT(o, b, w) \
	VMOVDQU o(b), Y0; \
	VPCMPEQD Y2, Y2, Y2; VPGATHERDD Y2, 0(AX)(Y0*1), Y1; VMULPS w, Y1, Y1; VADDPS Y1, Y8, Y8; \
	VPCMPEQD Y2, Y2, Y2; VPGATHERDD Y2, 4(AX)(Y0*1), Y1; VMULPS w, Y1, Y1; VADDPS Y1, Y9, Y9; \
	VPCMPEQD Y2, Y2, Y2; VPGATHERDD Y2, 8(AX)(Y0*1), Y1; VMULPS w, Y1, Y1; VADDPS Y1, Y10, Y10; \
	VPCMPEQD Y2, Y2, Y2; VPGATHERDD Y2, 12(AX)(Y0*1), Y1; VMULPS w, Y1, Y1; VADDPS Y1, Y11, Y11

// CANON_STORE(acc, c) stores accumulator acc, NaNs made canonicalNaN (Y7
// holds it), to out[c][k..k+8] (out at R11); Y0 and R13 are overwritten.
#define CANON_STORE(acc, c) \
	VCMPPS $0x03, acc, acc, Y0; VBLENDVPS Y0, Y7, acc, acc; MOVQ (8*c)(R11), R13; VMOVUPS acc, (R13)(DX*4)

// CANON_STORE4 stores the accumulators Y8–Y11 to out[0..3][k..k+8] (out
// at R11), NaNs made canonicalNaN (loaded into Y7): bilinear128's stores.
// Y0, Y7 and R13 are overwritten.
#define CANON_STORE4 \
	VBROADCASTSS ·asmNaN(SB), Y7; \
	CANON_STORE(Y8, 0); \
	CANON_STORE(Y9, 1); \
	CANON_STORE(Y10, 2); \
	CANON_STORE(Y11, 3)

// TERM8(c, t, w) adds w·2^24·fl(u/255), u byte c of each word of t
// (unorm8), to Y13 (Y12 = asmUnormK); Y14 is overwritten.
#define TERM8(c, t, w) \
	VPSHUFB ·unormRep+(32*c)(SB), t, Y14; VCVTDQ2PS Y14, Y14; VFMADD132PS Y12, Y14, Y14; \
	VMULPS w, Y14, Y14; VADDPS Y14, Y13, Y13

// CHANNEL8(c) filters channel c of the four texels Y4–Y7 with the weights
// Y8–Y11 (times 2^−24) and stores it to out[c][k..k+8] (out at R11);
// Y13, Y14 and R13 are overwritten.
#define CHANNEL8(c) \
	VXORPS Y13, Y13, Y13; \
	TERM8(c, Y4, Y8); TERM8(c, Y5, Y9); TERM8(c, Y6, Y10); TERM8(c, Y7, Y11); \
	MOVQ (8*c)(R11), R13; VMOVUPS Y13, (R13)(DX*4)

// BILINEAR8 filters the four texels Y4–Y7 of the group with the weights
// Y8–Y11, scaling them by 2^−24 first (asmUnormScale, against unorm8's
// 2^24), and stores the four channels to out[c][k..k+8] (out at R11):
// bilinear32's arithmetic after its weights. Y2, Y12–Y14 and R13 are
// overwritten.
#define BILINEAR8 \
	VBROADCASTSS ·asmUnormScale(SB), Y2; \
	VMULPS Y2, Y8, Y8; \
	VMULPS Y2, Y9, Y9; \
	VMULPS Y2, Y10, Y10; \
	VMULPS Y2, Y11, Y11; \
	VBROADCASTSS ·asmUnormK(SB), Y12; \
	CHANNEL8(0); \
	CHANNEL8(1); \
	CHANNEL8(2); \
	CHANNEL8(3)

// WEIGHTS24OF(a, b, s, as, t, w00, w10, w01, w11) is WEIGHTSOF's
// weights each times 2^−24 (BILINEAR8's scale) with the scale taken into
// α's factors, as PlainLevelV's bilinear weights take 2^−32: w00 =
// ((1 − α)·2^−24)(1 − β), w10 = (α·2^−24)(1 − β), w01 = ((1 − α)·2^−24)β,
// w11 = (α·2^−24)β, (1 − α)·2^−24 as one fused 2^−24 − α·2^−24, seven
// operations for WEIGHTSOF's six and BILINEAR8's four scalings. The same
// bits where α and β are +0 or at least 2^−25 (a footprint's fractions
// u − ⌊u⌋ of a u = s·w − ½ rounded: PlainLevel8's): scaling by a power of
// two commutes with rounding where nothing falls below 2^−126, and every
// factor and product here is +0 or at least 2^−74. s (2^−24), as (α·2^−24)
// and t (1, then 1 − β) are overwritten, and a ((1 − α)·2^−24).
#define WEIGHTS24OF(a, b, s, as, t, w00, w10, w01, w11) \
	VBROADCASTSS ·asmUnormScale(SB), s; \
	VBROADCASTSS ·asmOne(SB), t; \
	VMULPS s, a, as; \
	VFNMADD213PS s, s, a; \
	VSUBPS b, t, t; \
	VMULPS t, a, w00; VMULPS t, as, w10; VMULPS b, a, w01; VMULPS b, as, w11

// FIRST8(c, t, w) sets Y13 to TERM8's term, w·2^24·fl(u/255) for byte c
// of each word of t: the sum's first term without the reference's 0 + it,
// where every weight and decode is +0 or above (then the product is finite
// and not −0, and 0 + x = x). Y14 is overwritten.
#define FIRST8(c, t, w) \
	VPSHUFB ·unormRep+(32*c)(SB), t, Y14; VCVTDQ2PS Y14, Y14; VFMADD132PS Y12, Y14, Y14; \
	VMULPS w, Y14, Y13

// BILINEAR8W is BILINEAR8 with the weights Y8–Y11 already times 2^−24
// (WEIGHTS24OF) and each channel's sum from its first term (FIRST8), for
// footprints whose fractions are +0 or at least 2^−25 (PlainLevel8's).
// Y12–Y14 and R13 are overwritten.
#define BILINEAR8W \
	VBROADCASTSS ·asmUnormK(SB), Y12; \
	CHANNEL8W(0); \
	CHANNEL8W(1); \
	CHANNEL8W(2); \
	CHANNEL8W(3)

// CHANNEL8W(c) is CHANNEL8(c) from the first term (FIRST8).
#define CHANNEL8W(c) \
	FIRST8(c, Y4, Y8); TERM8(c, Y5, Y9); TERM8(c, Y6, Y10); TERM8(c, Y7, Y11); \
	MOVQ (8*c)(R11), R13; VMOVUPS Y13, (R13)(DX*4)

// OPJUMPS(op, less, equal, lessEqual, greater, notEqual, greaterEqual,
// always) jumps to the label of the compare operation op (a byte in
// memory or a byte register), and falls through for the others
// (CompareNone, CompareNever). Needs go_asm.h.
#define OPJUMPS(op, less, equal, lessEqual, greater, notEqual, greaterEqual, always) \
	CMPB op, $const_CompareLess; \
	JEQ less; \
	CMPB op, $const_CompareEqual; \
	JEQ equal; \
	CMPB op, $const_CompareLessOrEqual; \
	JEQ lessEqual; \
	CMPB op, $const_CompareGreater; \
	JEQ greater; \
	CMPB op, $const_CompareNotEqual; \
	JEQ notEqual; \
	CMPB op, $const_CompareGreaterOrEqual; \
	JEQ greaterEqual; \
	CMPB op, $const_CompareAlways; \
	JEQ always

// GATHERED8(r, t) stores result component r of a gather, the channel
// that Y8 selects (unormRep's indices, per lane) of the texels in t,
// decoded (unorm8: Y11 asmUnormK, times 2^−24: Y12 asmUnormScale), to
// out[r][k..k+8] (out at R11); Y13 and R13 are overwritten.
#define GATHERED8(r, t) \
	VPSHUFB Y8, t, Y13; VCVTDQ2PS Y13, Y13; VFMADD132PS Y11, Y13, Y13; VMULPS Y12, Y13, Y13; \
	MOVQ (8*r)(R11), R13; VMOVUPS Y13, (R13)(DX*4)

// GDOF(p, r, x) stores result component r of a depth gather from the
// texel words in x: tv (Y14) where ref (Y0) p texel (compareMask), else fv
// (Y15), to out[r][k..k+8] (out at R11). x and R9 are overwritten.
#define GDOF(p, r, x) \
	VCMPPS p, x, Y0, x; \
	VBLENDVPS x, Y14, Y15, x; \
	MOVQ (8*r)(R11), R9; \
	VMOVUPS x, (R9)(DX*4)

// PCF8(tm, fm, formm, c, zero, where, store) computes channel c of a PCF
// group in its form (formm, a byte in memory) and stores it to
// out[c][k..k+8] (out at R11): zero: +0; where: the sum from zero of the
// weights (Y5–Y8) masked by the compares (Y1–Y4); general: the sum from
// zero of the weights times the channel's t or f (tm, fm: floats in
// memory), Merge'd by the compares. Y9 = zero; Y10–Y13 and R9 are
// overwritten; zero, where and store are labels.
#define PCF8(tm, fm, formm, c, zero, where, store) \
	CMPB formm, $const_pcfFormZero; \
	JEQ zero; \
	CMPB formm, $const_pcfFormWhere; \
	JEQ where; \
	VBROADCASTSS tm, Y11; \
	VBROADCASTSS fm, Y12; \
	VBLENDVPS Y1, Y11, Y12, Y10; VMULPS Y10, Y5, Y10; VADDPS Y10, Y9, Y10; \
	VBLENDVPS Y2, Y11, Y12, Y13; VMULPS Y13, Y6, Y13; VADDPS Y13, Y10, Y10; \
	VBLENDVPS Y3, Y11, Y12, Y13; VMULPS Y13, Y7, Y13; VADDPS Y13, Y10, Y10; \
	VBLENDVPS Y4, Y11, Y12, Y13; VMULPS Y13, Y8, Y13; VADDPS Y13, Y10, Y10; \
	JMP store; \
where: \
	VPAND Y1, Y5, Y10; VADDPS Y10, Y9, Y10; \
	VPAND Y2, Y6, Y13; VADDPS Y13, Y10, Y10; \
	VPAND Y3, Y7, Y13; VADDPS Y13, Y10, Y10; \
	VPAND Y4, Y8, Y13; VADDPS Y13, Y10, Y10; \
	JMP store; \
zero: \
	VMOVAPS Y9, Y10; \
store: \
	MOVQ (8*c)(R11), R9; \
	VMOVUPS Y10, (R9)(DX*4)
