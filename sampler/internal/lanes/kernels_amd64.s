//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "kernels8_amd64.h"

// AVX2 kernels for the lane loop's chunk stages (kernels_dispatch_amd64.go):
// the blend of two levels (deltasNonZero, blendRows), the store of the
// results (storeRows) and the depth compares (gatherDepth, pcfDepth). Each
// is the retired simd/archsimd stage translated operation for operation —
// one instruction per archsimd method, in the same order, no fused
// multiply-add — so each lane's result has the plain-Go stage's bits. A
// Merge is VBLENDVPS (its masks are whole elements), Masked VPAND, IsNaN
// VCMPPS $3 (unordered). n is a multiple of 8 (storeRows: at least 8).
// The float constants are Go's (asmOne, asmNaN, asm_amd64.go).
//
// Operand order is Plan 9's, the reverse of Intel's: VCMPPS $p, b, a, m
// sets m to a p b; VSUBPS b, a, c sets c to a − b (a is the first source,
// whose NaN x86 keeps); VBLENDVPS m, x, y, z sets z to x where m, else y.
//
// Rows of [4][laneChunk]float32 and [4][laneChunk]uint32 are 256 bytes
// apart; a []uint32 header is 24 bytes.

// func deltasNonZero(delta *[laneChunk]float32, n int) bool
// blends: the AND of the groups' (δ == 0) masks is all ones unless some δ
// is not 0. The loop stops at the first group whose mask is not (the AND
// can only lose bits), as blendsGo stops at the first δ that is not 0.
TEXT ·deltasNonZero(SB), NOSPLIT, $0-17
	MOVQ delta+0(FP), SI
	MOVQ n+8(FP), CX
	VXORPS Y15, Y15, Y15 // zero
	MOVL $0xff, AX       // all
	XORQ DX, DX
deltas:
	CMPQ DX, CX
	JGE deltasDone
	VMOVUPS (SI)(DX*4), Y0
	VCMPPS $0x00, Y15, Y0, Y0 // δ == 0 (EQ_OQ)
	VMOVMSKPS Y0, R8
	ANDL R8, AX
	CMPL AX, $0xff
	JNE deltasDone
	ADDQ $8, DX
	JMP deltas
deltasDone:
	CMPL AX, $0xff
	SETNE ret+16(FP)
	VZEROUPPER
	RET

// BLEND(ch) blends channel ch of the group at DX into out[ch] (out at R11):
// a = acc, l = lower, canonical8(a.Merge(wHi·a + δ·l, skip)). Y0 = δ, Y1 =
// skip, Y2 = wHi, Y13 = canonicalNaN; Y3–Y6 are temporaries.
#define BLEND(ch) \
	VMOVUPS (256*ch)(DI)(DX*4), Y3; \
	VMOVUPS (256*ch)(R8)(DX*4), Y4; \
	VMULPS Y3, Y2, Y5; \
	VMULPS Y4, Y0, Y6; \
	VADDPS Y6, Y5, Y5; \
	VBLENDVPS Y1, Y3, Y5, Y5; \
	VCMPPS $0x03, Y5, Y5, Y6; \
	VBLENDVPS Y6, Y13, Y5, Y5; \
	MOVQ (8*ch)(R11), R9; \
	VMOVUPS Y5, (R9)(DX*4)

// func blendRows(delta *[laneChunk]float32, acc, lower *[4][laneChunk]float32, n int, out *chunkOut)
// blendLanes: entries with δ = 0 take acc unchanged, as the plain loop does
// (the sum would turn an infinite lower result into NaN). Each channel's
// row is read before it is written, so out may be acc.
TEXT ·blendRows(SB), NOSPLIT, $0-40
	MOVQ delta+0(FP), SI
	MOVQ acc+8(FP), DI
	MOVQ lower+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), R11
	VBROADCASTSS ·asmOne(SB), Y15 // one
	VXORPS Y14, Y14, Y14          // zero
	VBROADCASTSS ·asmNaN(SB), Y13
	XORQ DX, DX
blend:
	CMPQ DX, CX
	JGE blendDone
	VMOVUPS (SI)(DX*4), Y0     // δ
	VCMPPS $0x00, Y14, Y0, Y1  // skip: δ == 0
	VSUBPS Y0, Y15, Y2         // wHi = 1 − δ
	BLEND(0)
	BLEND(1)
	BLEND(2)
	BLEND(3)
	ADDQ $8, DX
	JMP blend
blendDone:
	VZEROUPPER
	RET

// STORE8 stores the group at DX of the row at R11 to the row at R10, a NaN
// as canonicalNaN (Y15): nan.Merge(v, v.IsNaN()).
#define STORE8 \
	VMOVUPS (R11)(DX*4), Y0; \
	VCMPPS $0x03, Y0, Y0, Y1; \
	VBLENDVPS Y1, Y15, Y0, Y0; \
	VMOVUPS Y0, (R10)(DX*4)

// STOREROW(c, group, store) stores row c (acc at DI, dst at SI, i0 in R8)
// eight lanes at a time; the last group of a run that is not a multiple of
// 8 starts at n − 8 (R9) and stores some lanes again, with the same bits
// (the plain stage's tail loop, resultBits, has them too).
#define STOREROW(c, group, store) \
	MOVQ (24*c)(SI), R10; \
	LEAQ (R10)(R8*4), R10; \
	LEAQ (256*c)(DI), R11; \
	XORQ DX, DX; \
group: \
	CMPQ DX, R9; \
	JLE store; \
	MOVQ R9, DX; \
store: \
	STORE8; \
	ADDQ $8, DX; \
	CMPQ DX, CX; \
	JLT group

// func storeRows(dst *[4][]uint32, i0 int, acc *[4][laneChunk]float32, n int)
// storeRun for n ≥ 8 lanes.
TEXT ·storeRows(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), SI
	MOVQ i0+8(FP), R8
	MOVQ acc+16(FP), DI
	MOVQ n+24(FP), CX
	LEAQ -8(CX), R9
	VBROADCASTSS ·asmNaN(SB), Y15
	STOREROW(0, store0Group, store0Store)
	STOREROW(1, store1Group, store1Store)
	STOREROW(2, store2Group, store2Store)
	STOREROW(3, store3Group, store3Store)
	VZEROUPPER
	RET

// GD(p, r, q) stores result component r of the group at DX: tv where ref
// p depthWords(q) (compareMask), else fv: GDOF (kernels8_amd64.h) on the
// words loaded into Y1. Y0 = ref, Y14 = tv, Y15 = fv, tex at SI, out at
// R11.
#define GD(p, r, q) \
	VMOVUPS (256*q)(SI)(DX*4), Y1; \
	GDOF(p, r, Y1)

// GDLOOP(p, loop) is gatherDepth's loop for the compare predicate p: the
// components in GatherTexel's order, (i0,j1), (i1,j1), (i1,j0), (i0,j0).
#define GDLOOP(p, loop) \
loop: \
	CMPQ DX, CX; \
	JGE gdDone; \
	VMOVUPS (DI)(DX*4), Y0; \
	GD(p, 0, 2); \
	GD(p, 1, 3); \
	GD(p, 2, 1); \
	GD(p, 3, 0); \
	ADDQ $8, DX; \
	JMP loop

// The VCMPPS predicates of compareMask's operations (PRED_LESS and the
// others) are kernels8_amd64.h's.

// func gatherDepth(tex *[4][laneChunk]uint32, ref *[laneChunk]float32, n int, op CompareOp, t, f float32, out *chunkOut)
// GatherDepthLanes after its gatherRows: one loop per compare operation.
TEXT ·gatherDepth(SB), NOSPLIT, $0-48
	MOVQ tex+0(FP), SI
	MOVQ ref+8(FP), DI
	MOVQ n+16(FP), CX
	MOVBLZX op+24(FP), AX
	VBROADCASTSS t+28(FP), Y14
	VBROADCASTSS f+32(FP), Y15
	MOVQ out+40(FP), R11
	XORQ DX, DX
	CMPL AX, $const_CompareLess
	JEQ gdLess
	CMPL AX, $const_CompareEqual
	JEQ gdEqual
	CMPL AX, $const_CompareLessOrEqual
	JEQ gdLessEqual
	CMPL AX, $const_CompareGreater
	JEQ gdGreater
	CMPL AX, $const_CompareNotEqual
	JEQ gdNotEqual
	CMPL AX, $const_CompareGreaterOrEqual
	JEQ gdGreaterEqual
	CMPL AX, $const_CompareAlways
	JEQ gdAlways
	GDLOOP(PRED_NEVER, gdNever)
	GDLOOP(PRED_LESS, gdLess)
	GDLOOP(PRED_EQUAL, gdEqual)
	GDLOOP(PRED_LESS_EQUAL, gdLessEqual)
	GDLOOP(PRED_GREATER, gdGreater)
	GDLOOP(PRED_NOT_EQUAL, gdNotEqual)
	GDLOOP(PRED_GREATER_EQUAL, gdGreaterEqual)
	GDLOOP(PRED_ALWAYS, gdAlways)
gdDone:
	VZEROUPPER
	RET

// MASKS(p) sets Y1–Y4 to the masks m00, m10, m01, m11 of the group at DX:
// compareMask(op, ref, depthWords(q)) for predicate p, Y0 = ref, tex at SI.
#define MASKS(p) \
	VMOVUPS (SI)(DX*4), Y1; VCMPPS p, Y1, Y0, Y1; \
	VMOVUPS 256(SI)(DX*4), Y2; VCMPPS p, Y2, Y0, Y2; \
	VMOVUPS 512(SI)(DX*4), Y3; VCMPPS p, Y3, Y0, Y3; \
	VMOVUPS 768(SI)(DX*4), Y4; VCMPPS p, Y4, Y0, Y4

// PCFCHANNEL(c, zero, where, store) computes channel c of the group at DX in
// its form form[c] (at R13) and stores it to out[c] (out at R11): PCF8
// (kernels8_amd64.h) with the channel's t and f at R8 and R10. Masks Y1–Y4,
// weights Y5–Y8, Y9 = zero; Y10–Y13 are temporaries.
#define PCFCHANNEL(c, zero, where, store) \
	PCF8((4*c)(R8), (4*c)(R10), (c)(R13), c, zero, where, store)

// func pcfDepth(tex *[4][laneChunk]uint32, ref, fa, fb *[laneChunk]float32, n int, op CompareOp, t, f *[4]float32, form *[4]uint8, out *chunkOut)
// PCFDepthLanes after its gatherRows: per group the four compare masks (by
// the operation, one predicate each), the bilinear weights (weights8), and
// each channel in its form.
TEXT ·pcfDepth(SB), NOSPLIT, $0-80
	MOVQ tex+0(FP), SI
	MOVQ ref+8(FP), DI
	MOVQ fa+16(FP), AX
	MOVQ fb+24(FP), BX
	MOVQ n+32(FP), CX
	MOVBLZX op+40(FP), R12
	MOVQ t+48(FP), R8
	MOVQ f+56(FP), R10
	MOVQ form+64(FP), R13
	MOVQ out+72(FP), R11
	VXORPS Y9, Y9, Y9             // zero
	VBROADCASTSS ·asmOne(SB), Y15 // one
	XORQ DX, DX
pcf:
	CMPQ DX, CX
	JGE pcfDone
	VMOVUPS (DI)(DX*4), Y0 // ref
	CMPL R12, $const_CompareLess
	JEQ pcfLess
	CMPL R12, $const_CompareEqual
	JEQ pcfEqual
	CMPL R12, $const_CompareLessOrEqual
	JEQ pcfLessEqual
	CMPL R12, $const_CompareGreater
	JEQ pcfGreater
	CMPL R12, $const_CompareNotEqual
	JEQ pcfNotEqual
	CMPL R12, $const_CompareGreaterOrEqual
	JEQ pcfGreaterEqual
	CMPL R12, $const_CompareAlways
	JEQ pcfAlways
	MASKS(PRED_NEVER)
	JMP pcfWeights
pcfLess:
	MASKS(PRED_LESS)
	JMP pcfWeights
pcfEqual:
	MASKS(PRED_EQUAL)
	JMP pcfWeights
pcfLessEqual:
	MASKS(PRED_LESS_EQUAL)
	JMP pcfWeights
pcfGreater:
	MASKS(PRED_GREATER)
	JMP pcfWeights
pcfNotEqual:
	MASKS(PRED_NOT_EQUAL)
	JMP pcfWeights
pcfGreaterEqual:
	MASKS(PRED_GREATER_EQUAL)
	JMP pcfWeights
pcfAlways:
	MASKS(PRED_ALWAYS)
pcfWeights:
	// weights8: wi0 = 1 − α, wj0 = 1 − β; w00 = wi0·wj0, w10 = α·wj0,
	// w01 = wi0·β, w11 = α·β.
	VMOVUPS (AX)(DX*4), Y10 // α
	VMOVUPS (BX)(DX*4), Y11 // β
	VSUBPS Y10, Y15, Y12    // wi0
	VSUBPS Y11, Y15, Y13    // wj0
	VMULPS Y13, Y12, Y5
	VMULPS Y13, Y10, Y6
	VMULPS Y11, Y12, Y7
	VMULPS Y11, Y10, Y8
	PCFCHANNEL(0, pcfZero0, pcfWhere0, pcfStore0)
	PCFCHANNEL(1, pcfZero1, pcfWhere1, pcfStore1)
	PCFCHANNEL(2, pcfZero2, pcfWhere2, pcfStore2)
	PCFCHANNEL(3, pcfZero3, pcfWhere3, pcfStore3)
	ADDQ $8, DX
	JMP pcf
pcfDone:
	VZEROUPPER
	RET
