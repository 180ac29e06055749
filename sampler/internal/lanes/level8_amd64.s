//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "kernels8_amd64.h"

// PlainLevel8 (level8_amd64.go): the one-level road's single call in
// AVX2, eight entries an instruction: per group of eight, the footprints
// of PlainFootprintsAsm's AVX2 loop (plain_amd64.s: the same operations on
// each entry, in registers, never stored to a Set), the texel words read
// as the staged kernels read them (PAIRSAT's 8-byte pair loads where
// every footprint's texels are pairs in each row, else GATHER4's
// gathers), the staged kernel's arithmetic on them (gather8's GATHERED8,
// bilinear32's WEIGHTSOF and CHANNEL8, pcfDepth's compares, weights and
// PCF8, gatherDepth's GDOF: kernels8_amd64.h's macros, shared with those
// kernels) and the stores into the result's rows. Each macro's comment
// names its registers in and out. For the whole call: AX the texel data,
// CX n, DX the group's first entry, SI and DI the s and t rows, R10 the
// references, R11 the result rows, R12 the FootParams, R13 the
// LevelKernel (the gather and bilinear loops use it as GATHERED8's and
// CHANNEL8's temporary), R14 the layers, BX a 32-byte aligned block of
// the frame: the pairs' offsets and FOOT8's constants, each in every
// lane (L8_ below), which the loops read as memory operands (AVX2 has
// sixteen vector registers; the kernels need most of them). Plan 9 operand
// order: VOP b, a, dst is dst = a OP b.

// The block at BX.
#define L8_O00 0(BX)     // o00, PAIRSAT's first row (PAIRSAT(0, …))
#define L8_O01 32(BX)    // o01, its second (PAIRSAT(32, …))
#define L8_FW 64(BX)     // w, as a float
#define L8_FH 96(BX)     // h
#define L8_HALF 128(BX)  // 0.5
#define L8_WM 160(BX)    // w − 1
#define L8_HM 192(BX)    // h − 1
#define L8_ONE 224(BX)   // 1
#define L8_YS 256(BX)    // the y stride, or its shift where FootParams.Ysh ≥ 0
#define L8_BASE 288(BX)  // the view's first texel
#define L8_XSH 320(BX)   // the x stride's shift
#define L8_RANGE 352(BX) // 0xc0000000: an |index| of 2^30 or more
#define L8_ZERO 384(BX)  // 0

DATA l8half<>+0(SB)/4, $0x3f000000 // 0.5
GLOBL l8half<>(SB), RODATA|NOPTR, $4
DATA l8range<>+0(SB)/4, $0xc0000000
GLOBL l8range<>(SB), RODATA|NOPTR, $4

// UV8(reject) is the group's u = s·w − ½ and v = t·h − ½ (Y14, Y15) from
// the rows at SI, DI (PlainFootprintsAsm's VMULPS and VSUBPS), their
// floors ⌊u⌋, ⌊v⌋ (Y2, Y3: VROUNDPS $1) and i0, j0 (Y4, Y5: VCVTTPS2DQ of
// the floors), and the range test: a jump to reject unless every u and v
// is inside (−2^30, 2^30) and not NaN. That is PlainFootprintsAsm's test
// (|u| < 2^30 as bits) made on the integers, as level16_amd64.h's FOOT16
// makes it: a u inside has −2^30 < ⌊u⌋ < 2^30 (the floats near −2^30 are
// 64 apart, so u ≥ −2^30 + 64 is an integer there), one beyond has an
// |⌊u⌋| of 2^30 or more, and a NaN or a u beyond int32 converts to
// 0x80000000, whose VPABSD is itself; so the OR of |i0| and |j0| has no
// bit of 0xc0000000 exactly where every u and v is in range. Y6 and Y7
// are overwritten.
#define UV8(reject) \
	VMOVUPS (SI)(DX*4), Y14; \
	VMULPS L8_FW, Y14, Y14; \
	VSUBPS L8_HALF, Y14, Y14; \
	VMOVUPS (DI)(DX*4), Y15; \
	VMULPS L8_FH, Y15, Y15; \
	VSUBPS L8_HALF, Y15, Y15; \
	VROUNDPS $1, Y14, Y2; \
	VROUNDPS $1, Y15, Y3; \
	VCVTTPS2DQ Y2, Y4; \
	VCVTTPS2DQ Y3, Y5; \
	VPABSD Y4, Y6; \
	VPABSD Y5, Y7; \
	VPOR Y7, Y6, Y6; \
	VPTEST L8_RANGE, Y6; \
	JNE reject

// FRAC8 sets Y14, Y15 to the fractions α = u − ⌊u⌋, β = v − ⌊v⌋ from
// UV8's u, v and floors (Y2, Y3), for the kernels that weigh texels.
#define FRAC8 \
	VSUBPS Y2, Y14, Y14; \
	VSUBPS Y3, Y15, Y15

// X8(clampU, done) sets Y6 to x0, i0 (Y4) wrapped: repeat, i0 & (w − 1);
// clamp-to-edge, min(max(i0, 0), w − 1); and R9 to the lanes (bits) whose
// x1 is not x0 + 1, so that their footprint's texels are no pair: by
// repeat x0 = w − 1 (x1 wraps to 0, or w is 1), by clamp-to-edge i0
// outside [0, w − 1) (x0 = i0 < w − 1 is the pair's test). Y7 and Y13 are
// overwritten; clampU and done are labels.
#define X8(clampU, done) \
	CMPL FootParams_Rep0(R12), $0; \
	JEQ clampU; \
	VPAND L8_WM, Y4, Y6; \
	VPCMPEQD L8_WM, Y6, Y7; \
	VMOVMSKPS Y7, R9; \
	JMP done; \
clampU: \
	VPMAXSD L8_ZERO, Y4, Y6; \
	VPMINSD L8_WM, Y6, Y6; \
	VPCMPEQD Y4, Y6, Y7; \
	VPCMPEQD L8_WM, Y6, Y13; \
	VPANDN Y7, Y13, Y7; \
	VMOVMSKPS Y7, R9; \
	XORL $0xff, R9; \
done:

// YROWS8(clampV, done) sets Y5 to y0 and Y7 to y1 from j0 (Y5): j0 and j0
// + 1 wrapped as X8 wraps i0 (Rep1, h − 1); clampV and done are labels.
#define YROWS8(clampV, done) \
	VPADDD L8_ONE, Y5, Y7; \
	CMPL FootParams_Rep1(R12), $0; \
	JEQ clampV; \
	VPAND L8_HM, Y5, Y5; \
	VPAND L8_HM, Y7, Y7; \
	JMP done; \
clampV: \
	VPMAXSD L8_ZERO, Y5, Y5; \
	VPMINSD L8_HM, Y5, Y5; \
	VPMAXSD L8_ZERO, Y7, Y7; \
	VPMINSD L8_HM, Y7, Y7; \
done:

// OFFS8(mul, shifted, base) sets Y5 and Y7 to the rows y0's and y1's
// offsets (base, + layer·ls on array views with the entries' layers at
// R14, + y·ys: y << ysh where the stride is a power of two, else
// VPMULLD), Y6 to x0's (x0 << xsh), and Y0 to o00, Y2 to o01: the
// footprints stage's sums (integers, so in any order the same bits). Y3 is
// overwritten; mul, shifted and base are labels.
#define OFFS8(mul, shifted, base) \
	CMPL FootParams_Ysh(R12), $0; \
	JLT mul; \
	VPSLLVD L8_YS, Y5, Y5; \
	VPSLLVD L8_YS, Y7, Y7; \
	JMP shifted; \
mul: \
	VPMULLD L8_YS, Y5, Y5; \
	VPMULLD L8_YS, Y7, Y7; \
shifted: \
	VPADDD L8_BASE, Y5, Y5; \
	VPADDD L8_BASE, Y7, Y7; \
	CMPL FootParams_Layers(R12), $0; \
	JEQ base; \
	VPBROADCASTD FootParams_Ls(R12), Y3; \
	VPMULLD (R14)(DX*4), Y3, Y3; \
	VPADDD Y3, Y5, Y5; \
	VPADDD Y3, Y7, Y7; \
base: \
	VPSLLVD L8_XSH, Y6, Y6; \
	VPADDD Y6, Y5, Y0; \
	VPADDD Y6, Y7, Y2

// READ8(gathers, clampX1, x1, read) sets Y4–Y7 to the texel words at o00,
// o10, o01, o11 of the group's footprints from the data at AX: where every
// footprint's texels are pairs (R9, X8's, is 0) from o00 (Y0) and o01
// (Y2) with PAIRSAT's 8-byte loads, the offsets stored at L8_O00 and
// L8_O01 for its reads; else (gathers) o10 and o11 from x1 = i0 + 1
// wrapped (i0 in Y4; rows Y5, Y7 OFFS8's) into Y1, Y3 and GATHER4. Y0–Y3,
// Y13, R8 and R9 are overwritten; the arguments are labels.
#define READ8(gathers, clampX1, x1, read) \
	TESTL R9, R9; \
	JNE gathers; \
	VMOVDQU Y0, L8_O00; \
	VMOVDQU Y2, L8_O01; \
	PAIRSAT(0, Y4, Y5); \
	PAIRSAT(32, Y6, Y7); \
	JMP read; \
gathers: \
	VPADDD L8_ONE, Y4, Y4; \
	CMPL FootParams_Rep0(R12), $0; \
	JEQ clampX1; \
	VPAND L8_WM, Y4, Y4; \
	JMP x1; \
clampX1: \
	VPMAXSD L8_ZERO, Y4, Y4; \
	VPMINSD L8_WM, Y4, Y4; \
x1: \
	VPSLLVD L8_XSH, Y4, Y4; \
	VPADDD Y4, Y5, Y1; \
	VPADDD Y4, Y7, Y3; \
	GATHER4; \
read:

// MASKSOF8(p) sets Y1–Y4 to the compare masks m00, m10, m01, m11, ref
// (Y0) p texel for the texel words Y4–Y7 (pcfDepth's MASKS).
#define MASKSOF8(p) \
	VCMPPS p, Y4, Y0, Y1; \
	VCMPPS p, Y5, Y0, Y2; \
	VCMPPS p, Y6, Y0, Y3; \
	VCMPPS p, Y7, Y0, Y4

// GD8(p) stores the depth gather's four components for the texel words
// Y4–Y7 (GDOF: Y0 ref, Y14 t, Y15 f) in GatherTexel's order, (i0,j1),
// (i1,j1), (i1,j0), (i0,j0).
#define GD8(p) \
	GDOF(p, 0, Y6); \
	GDOF(p, 1, Y7); \
	GDOF(p, 2, Y5); \
	GDOF(p, 3, Y4)

// func PlainLevel8(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
// The set-up: the block's constants from p, then one loop per kernel (k
// read once); a kind without a loop here declines (false) at once.
TEXT ·PlainLevel8(SB), NOSPLIT, $448-73
	MOVQ p+0(FP), R12
	MOVQ k+8(FP), R13
	MOVQ d+16(FP), AX
	MOVQ s+24(FP), SI
	MOVQ t+32(FP), DI
	MOVQ ref+40(FP), R10
	MOVQ layer+48(FP), R14
	MOVQ n+56(FP), CX
	MOVQ out+64(FP), R11
	// The block: 416 bytes at the frame's first 32-byte boundary (the
	// frame has 32 bytes more).
	LEAQ block-448(SP), BX
	ADDQ $31, BX
	ANDQ $~31, BX
	VBROADCASTSS FootParams_Fw(R12), Y0
	VMOVUPS Y0, L8_FW
	VBROADCASTSS FootParams_Fh(R12), Y0
	VMOVUPS Y0, L8_FH
	VBROADCASTSS l8half<>(SB), Y0
	VMOVUPS Y0, L8_HALF
	VPBROADCASTD FootParams_Wm(R12), Y0
	VMOVDQU Y0, L8_WM
	VPBROADCASTD FootParams_Hm(R12), Y0
	VMOVDQU Y0, L8_HM
	VPCMPEQD Y0, Y0, Y0
	VPSRLD $31, Y0, Y0
	VMOVDQU Y0, L8_ONE
	VPBROADCASTD FootParams_Ys(R12), Y0
	CMPL FootParams_Ysh(R12), $0
	JLT 2(PC)
	VPBROADCASTD FootParams_Ysh(R12), Y0
	VMOVDQU Y0, L8_YS
	VPBROADCASTD FootParams_Base(R12), Y0
	VMOVDQU Y0, L8_BASE
	VPBROADCASTD FootParams_Xsh(R12), Y0
	VMOVDQU Y0, L8_XSH
	VPBROADCASTD l8range<>(SB), Y0
	VMOVDQU Y0, L8_RANGE
	VPXOR Y0, Y0, Y0
	VMOVDQU Y0, L8_ZERO
	XORQ DX, DX
	MOVL LevelKernel_Kind(R13), R9
	CMPL R9, $const_LevelGather8
	JEQ l8Gather
	CMPL R9, $const_LevelPCF
	JEQ l8PCF
	CMPL R9, $const_LevelGatherDepth
	JEQ l8GatherDepth
	CMPL R9, $const_LevelBilinear32
	JEQ l8Bilinear
	JMP l8Reject

// gather8 with every channel 0: Y8 unormRep's indices of channel 0
// (unormRepBase), Y11 asmUnormK, Y12 asmUnormScale.
l8Gather:
	VMOVDQU ·unormRepBase(SB), Y8
	VBROADCASTSS ·asmUnormK(SB), Y11
	VBROADCASTSS ·asmUnormScale(SB), Y12
l8g:
	CMPQ DX, CX
	JGE l8Done
	UV8(l8Reject)
	X8(l8gClampU, l8gX)
	YROWS8(l8gClampV, l8gY)
	OFFS8(l8gMul, l8gShifted, l8gBase)
	READ8(l8gGathers, l8gClampX1, l8gX1, l8gRead)
	GATHERED8(0, Y6) // (i0, j1)
	GATHERED8(1, Y7) // (i1, j1)
	GATHERED8(2, Y5) // (i1, j0)
	GATHERED8(3, Y4) // (i0, j0)
	ADDQ $8, DX
	JMP l8g

// bilinear32: the weights (WEIGHTSOF on α, β), each times 2^−24, then
// CHANNEL8 (Y12 asmUnormK) for each channel.
l8Bilinear:
l8b:
	CMPQ DX, CX
	JGE l8Done
	UV8(l8Reject)
	FRAC8
	X8(l8bClampU, l8bX)
	YROWS8(l8bClampV, l8bY)
	OFFS8(l8bMul, l8bShifted, l8bBase)
	READ8(l8bGathers, l8bClampX1, l8bX1, l8bRead)
	WEIGHTSOF(Y14, Y15, Y2, Y3, Y12, Y8, Y9, Y10, Y11)
	VBROADCASTSS ·asmUnormScale(SB), Y2
	VMULPS Y2, Y8, Y8
	VMULPS Y2, Y9, Y9
	VMULPS Y2, Y10, Y10
	VMULPS Y2, Y11, Y11
	VBROADCASTSS ·asmUnormK(SB), Y12
	CHANNEL8(0)
	CHANNEL8(1)
	CHANNEL8(2)
	CHANNEL8(3)
	ADDQ $8, DX
	JMP l8b

// pcfDepth: the masks by k's operation (one predicate each, its others
// and past-the-end values CompareNever's), the weights (weights8:
// WEIGHTSOF on α, β into Y5–Y8), each channel in its form (PCF8, k's T,
// F and Form at R13). Y9 holds +0.
l8PCF:
	VXORPS Y9, Y9, Y9
l8p:
	CMPQ DX, CX
	JGE l8Done
	UV8(l8Reject)
	FRAC8
	X8(l8pClampU, l8pX)
	YROWS8(l8pClampV, l8pY)
	OFFS8(l8pMul, l8pShifted, l8pBase)
	READ8(l8pGathers, l8pClampX1, l8pX1, l8pRead)
	VMOVUPS (R10)(DX*4), Y0 // ref
	CMPB LevelKernel_Op(R13), $const_CompareLess
	JEQ l8pLess
	CMPB LevelKernel_Op(R13), $const_CompareEqual
	JEQ l8pEqual
	CMPB LevelKernel_Op(R13), $const_CompareLessOrEqual
	JEQ l8pLessEqual
	CMPB LevelKernel_Op(R13), $const_CompareGreater
	JEQ l8pGreater
	CMPB LevelKernel_Op(R13), $const_CompareNotEqual
	JEQ l8pNotEqual
	CMPB LevelKernel_Op(R13), $const_CompareGreaterOrEqual
	JEQ l8pGreaterEqual
	CMPB LevelKernel_Op(R13), $const_CompareAlways
	JEQ l8pAlways
	MASKSOF8(PRED_NEVER)
	JMP l8pWeights
l8pLess:
	MASKSOF8(PRED_LESS)
	JMP l8pWeights
l8pEqual:
	MASKSOF8(PRED_EQUAL)
	JMP l8pWeights
l8pLessEqual:
	MASKSOF8(PRED_LESS_EQUAL)
	JMP l8pWeights
l8pGreater:
	MASKSOF8(PRED_GREATER)
	JMP l8pWeights
l8pNotEqual:
	MASKSOF8(PRED_NOT_EQUAL)
	JMP l8pWeights
l8pGreaterEqual:
	MASKSOF8(PRED_GREATER_EQUAL)
	JMP l8pWeights
l8pAlways:
	MASKSOF8(PRED_ALWAYS)
l8pWeights:
	WEIGHTSOF(Y14, Y15, Y12, Y11, Y10, Y5, Y6, Y7, Y8)
	PCF8((LevelKernel_T+0)(R13), (LevelKernel_F+0)(R13), (LevelKernel_Form+0)(R13), 0, l8pZero0, l8pWhere0, l8pStore0)
	PCF8((LevelKernel_T+4)(R13), (LevelKernel_F+4)(R13), (LevelKernel_Form+1)(R13), 1, l8pZero1, l8pWhere1, l8pStore1)
	PCF8((LevelKernel_T+8)(R13), (LevelKernel_F+8)(R13), (LevelKernel_Form+2)(R13), 2, l8pZero2, l8pWhere2, l8pStore2)
	PCF8((LevelKernel_T+12)(R13), (LevelKernel_F+12)(R13), (LevelKernel_Form+3)(R13), 3, l8pZero3, l8pWhere3, l8pStore3)
	ADDQ $8, DX
	JMP l8p

// gatherDepth: k's t and f (T[0], F[0]) in Y14, Y15, then GD8 by k's
// operation.
l8GatherDepth:
l8d:
	CMPQ DX, CX
	JGE l8Done
	UV8(l8Reject)
	X8(l8dClampU, l8dX)
	YROWS8(l8dClampV, l8dY)
	OFFS8(l8dMul, l8dShifted, l8dBase)
	READ8(l8dGathers, l8dClampX1, l8dX1, l8dRead)
	VMOVUPS (R10)(DX*4), Y0 // ref
	VBROADCASTSS LevelKernel_T(R13), Y14
	VBROADCASTSS LevelKernel_F(R13), Y15
	CMPB LevelKernel_Op(R13), $const_CompareLess
	JEQ l8dLess
	CMPB LevelKernel_Op(R13), $const_CompareEqual
	JEQ l8dEqual
	CMPB LevelKernel_Op(R13), $const_CompareLessOrEqual
	JEQ l8dLessEqual
	CMPB LevelKernel_Op(R13), $const_CompareGreater
	JEQ l8dGreater
	CMPB LevelKernel_Op(R13), $const_CompareNotEqual
	JEQ l8dNotEqual
	CMPB LevelKernel_Op(R13), $const_CompareGreaterOrEqual
	JEQ l8dGreaterEqual
	CMPB LevelKernel_Op(R13), $const_CompareAlways
	JEQ l8dAlways
	GD8(PRED_NEVER)
	JMP l8dNext
l8dLess:
	GD8(PRED_LESS)
	JMP l8dNext
l8dEqual:
	GD8(PRED_EQUAL)
	JMP l8dNext
l8dLessEqual:
	GD8(PRED_LESS_EQUAL)
	JMP l8dNext
l8dGreater:
	GD8(PRED_GREATER)
	JMP l8dNext
l8dNotEqual:
	GD8(PRED_NOT_EQUAL)
	JMP l8dNext
l8dGreaterEqual:
	GD8(PRED_GREATER_EQUAL)
	JMP l8dNext
l8dAlways:
	GD8(PRED_ALWAYS)
l8dNext:
	ADDQ $8, DX
	JMP l8d

l8Done:
	VZEROUPPER
	MOVB $1, ret+72(FP)
	RET
l8Reject:
	VZEROUPPER
	MOVB $0, ret+72(FP)
	RET
