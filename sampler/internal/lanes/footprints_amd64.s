//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "quant_amd64.h"
#include "footquad_amd64.h"

// AVX2 footprints (footprints_amd64.go): the retired simd/archsimd
// footprintsVec loop, one instruction for each
// archsimd operation in the same order, so that every float result has the
// Go stages' bits: VMULPS, VADDPS, VSUBPS (no fused multiply-add),
// VCMPPS LT_OS/GT_OS (false for NaN), VROUNDPS floor, VCVTTPS2DQ; the
// integer operations wrap as Go's int32 do. Struct fields are addressed
// through go_asm.h; rows of [4][laneChunk]int32 are 256 bytes apart
// (footprints_amd64.go checks it). Plan 9 operand order: VOP b, a, dst is
// dst = a OP b.

// The frame's constants, 32 bytes each, at the hardware SP: footprints8's.
#define F_XS 0(SP)
#define F_YS 32(SP)
#define F_LS 64(SP)
#define F_OFF 96(SP)
#define F_PLAIN 128(SP)
#define F_SUB 160(SP)
#define F_SUBINV 192(SP)

// Eight dwords of one value.
#define DW8(name, v) \
	DATA name+0(SB)/4, v; DATA name+4(SB)/4, v; DATA name+8(SB)/4, v; DATA name+12(SB)/4, v; \
	DATA name+16(SB)/4, v; DATA name+20(SB)/4, v; DATA name+24(SB)/4, v; DATA name+28(SB)/4, v; \
	GLOBL name(SB), RODATA|NOPTR, $32

DW8(fpHalf<>, $0x3f000000) // 0.5
DW8(fpLim<>, $0x4e800000)  // 2^30
DW8(fpNLim<>, $0xce800000) // −2^30
DW8(fpNeg<>, $-1)

// func LevelsUniform(lvl *[laneChunk]int32, n int) bool
// Whether lvl[k] = lvl[0] for k < n (a multiple of 8).
TEXT ·LevelsUniform(SB), NOSPLIT, $0-17
	MOVQ lvl+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ DX, DX
	VPBROADCASTD (SI), Y1
uniform:
	CMPQ DX, CX
	JGE uniformYes
	VPCMPEQD (SI)(DX*4), Y1, Y0
	VMOVMSKPS Y0, R8
	CMPL R8, $0xff
	JNE uniformNo
	ADDQ $8, DX
	JMP uniform
uniformYes:
	MOVB $1, ret+16(FP)
	VZEROUPPER
	RET
uniformNo:
	MOVB $0, ret+16(FP)
	VZEROUPPER
	RET

// func Footprints8(c *laneSet, fp *footprints, p *footprintParams, ei, ej *[laneChunk]int32) (rejected, edges uint64)
// For each group of eight entries k (CX) < c.np, as footprintsVec:
//	u = s·w (+ offU) − ½, v = t·h (+ offV) − ½ (each rounded)
//	hardware precision: u, v = subtexel(u), subtexel(v) (QSUB)
//	in = −2^30 < u < 2^30 and −2^30 < v < 2^30
//	i0, j0 = trunc(floor(u)), trunc(floor(v))
//	cube: in &= −1 < i0 < w − 1 and −1 < j0 < h − 1, edges |= (in before &^ in) << k, (i0, j0) to ei, ej
//	fa, fb = u − floor(u), v − floor(v)
//	x0, x1 = wrap(i0), wrap(i0 + 1); y0, y1 = wrap(j0), wrap(j0 + 1)
//	base = plainBase (one layer), or layer·ls + off
//	r0, r1 = base + y0·ys, base + y1·ys; c0, c1 = x0·xs, x1·xs
//	o = r0 + c0, r0 + c1, r1 + c0, r1 + c1
//	rejected |= ^in << k
// Registers: Y15 fw, Y14 fh, Y13 ½, Y12 2^30, Y11 −2^30, Y10 w − 1, Y9
// h − 1; SI c, DI fp, R10 the flags, CX k, BX np, R11 rejected, R12 edges.
TEXT ·Footprints8(SB), NOSPLIT, $224-56
	MOVQ c+0(FP), SI
	MOVQ fp+8(FP), DI
	MOVQ p+16(FP), AX
	MOVQ ei+24(FP), R8
	MOVQ ej+32(FP), R9
	MOVQ Set_NP(SI), BX
	MOVL FootprintParams_Flags(AX), R10
	VBROADCASTSS FootprintParams_Fw(AX), Y15
	VBROADCASTSS FootprintParams_Fh(AX), Y14
	VMOVUPS fpHalf<>(SB), Y13
	VMOVUPS fpLim<>(SB), Y12
	VMOVUPS fpNLim<>(SB), Y11
	VPBROADCASTD FootprintParams_Wm(AX), Y10
	VPBROADCASTD FootprintParams_Hm(AX), Y9
	VPBROADCASTD FootprintParams_Xs(AX), Y0
	VMOVDQU Y0, F_XS
	VPBROADCASTD FootprintParams_Ys(AX), Y0
	VMOVDQU Y0, F_YS
	VPBROADCASTD FootprintParams_Ls(AX), Y0
	VMOVDQU Y0, F_LS
	VPBROADCASTD FootprintParams_Off(AX), Y0
	VMOVDQU Y0, F_OFF
	VPBROADCASTD FootprintParams_PlainBase(AX), Y0
	VMOVDQU Y0, F_PLAIN
	VBROADCASTSS FootprintParams_Sub(AX), Y0
	VMOVUPS Y0, F_SUB
	VBROADCASTSS FootprintParams_SubInv(AX), Y0
	VMOVUPS Y0, F_SUBINV
	XORQ R11, R11
	XORQ R12, R12
	XORQ CX, CX
fpLoop:
	CMPQ CX, BX
	JGE fpDone
	VMOVUPS Set_S(SI)(CX*4), Y0
	VMOVUPS Set_T(SI)(CX*4), Y1
	VMULPS Y15, Y0, Y0               // u = s·w
	VMULPS Y14, Y1, Y1               // v = t·h
	TESTL $const_FpPlain, R10
	JNZ fpNoOffsets
	VCVTDQ2PS Set_OffU(SI)(CX*4), Y2
	VADDPS Y2, Y0, Y0                // u + offU
	VCVTDQ2PS Set_OffV(SI)(CX*4), Y2
	VADDPS Y2, Y1, Y1                // v + offV
fpNoOffsets:
	VSUBPS Y13, Y0, Y0               // u − ½
	VSUBPS Y13, Y1, Y1               // v − ½
	TESTL $const_FpHW, R10
	JZ fpRange
	QSUB(Y0, F_SUB, F_SUBINV, Y13, Y2, Y3)
	QSUB(Y1, F_SUB, F_SUBINV, Y13, Y2, Y3)
fpRange:
	FQ_RANGE                         // in, floor(u), floor(v), i0, j0
	TESTL $const_FpCube, R10
	JZ fpInterior
	VPCMPGTD fpNeg<>(SB), Y6, Y2     // i0 > −1
	VPAND Y2, Y3, Y8
	VPCMPGTD fpNeg<>(SB), Y7, Y2     // j0 > −1
	VPAND Y2, Y8, Y8
	VPCMPGTD Y6, Y10, Y2             // i0 < w − 1
	VPAND Y2, Y8, Y8
	VPCMPGTD Y7, Y9, Y2              // j0 < h − 1
	VPAND Y2, Y8, Y8
	// Footprints beyond the face with coordinates in range take cubeEdge
	// from their corner, after the loop.
	VMOVMSKPS Y8, AX                 // in
	VMOVMSKPS Y3, DX                 // in range
	NOTL AX
	ANDL AX, DX
	SHLQ CX, DX
	ORQ DX, R12
	VMOVDQU Y6, (R8)(CX*4)
	VMOVDQU Y7, (R9)(CX*4)
	VMOVDQA Y8, Y3
fpInterior:
	FQ_WRAP                          // the fractions; x0, x1, y0, y1
	TESTL $const_FpOneLayer, R10
	JZ fpLayer
	VMOVDQU F_PLAIN, Y2
	JMP fpBase
fpLayer:
	VMOVDQU Set_Layer(SI)(CX*4), Y2
	VPMULLD F_LS, Y2, Y2
	VPADDD F_OFF, Y2, Y2             // base
fpBase:
	FQ_OFFSETS(F_YS, F_XS)           // o; rejected
	ADDQ $8, CX
	JMP fpLoop
fpDone:
	MOVQ R11, rejected+40(FP)
	MOVQ R12, edges+48(FP)
	VZEROUPPER
	RET
