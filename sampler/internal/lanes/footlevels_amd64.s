//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "quant_amd64.h"
#include "footquad_amd64.h"

// The multi-level footprint stage (footlevels_amd64.go): Footprints8's
// loop (footprints_amd64.s) with each entry's level values looked up in a
// LevelTable rather than broadcast, and the operations footprintRange
// performs, in its order: u = s·w + offU − ½ (VMULPS, VADDPS, VSUBPS: no
// fused multiply-add), v likewise, hardware precision's subtexel (QSUB),
// the ±2^30 test (VCMPPS LT_OS/GT_OS: false for NaN), floor (VROUNDPS)
// and truncation (VCVTTPS2DQ), the fractions, the wraps (repeat on a power
// of two as a mask, clamp-to-edge as max and min) and the offsets in
// int32 arithmetic that wraps as Go's does. Plan 9 operand order: VOP b,
// a, dst is dst = a OP b; VPERMD table, index, dst; VPBLENDVB m, x, y,
// dst is dst = m ? x : y.

// The frame: each entry's strides and first byte (looked up), and the
// hardware-precision constants, 32 bytes each, at the hardware SP.
#define L_XS 0(SP)
#define L_YS 32(SP)
#define L_LS 64(SP)
#define L_OFF 96(SP)
#define L_SUB 128(SP)
#define L_SUBINV 160(SP)

// Eight dwords of one value.
#define LW8(name, v) \
	DATA name+0(SB)/4, v; DATA name+4(SB)/4, v; DATA name+8(SB)/4, v; DATA name+12(SB)/4, v; \
	DATA name+16(SB)/4, v; DATA name+20(SB)/4, v; DATA name+24(SB)/4, v; DATA name+28(SB)/4, v; \
	GLOBL name(SB), RODATA|NOPTR, $32

LW8(flHalf<>, $0x3f000000) // 0.5
LW8(flLim<>, $0x4e800000)  // 2^30
LW8(flNLim<>, $0xce800000) // −2^30
LW8(flLast<>, $15)         // TableLevels − 1

// LOOK(field, dst) sets dst to t.field[lvl] for the eight levels in Y8
// (R9 t, Y7 all ones where the level is 8 or more; Y6 clobbered).
#define LOOK(field, dst) \
	VPERMD (field)(R9), Y8, dst; \
	VPERMD (field+32)(R9), Y8, Y6; \
	VPBLENDVB Y7, Y6, dst, dst

// func FootprintsLevels8(c *Set, fp *Footprints, p *FootprintParams, lvl *[Chunk]int32, t *LevelTable) (rejected uint64)
// For each group of eight entries k (CX) < c.NP, at levels l = lvl[k]:
//	w, h, wm, hm, xs, ys, ls, off = t's values at l
//	u = s·w + offU − ½, v = t·h + offV − ½ (each rounded)
//	hardware precision: u, v = subtexel(u), subtexel(v) (QSUB)
//	in = −2^30 < u < 2^30 and −2^30 < v < 2^30 and l < TableLevels
//	i0, j0 = trunc(floor(u)), trunc(floor(v))
//	fa, fb = u − floor(u), v − floor(v)
//	x0, x1 = wrap(i0), wrap(i0 + 1); y0, y1 = wrap(j0), wrap(j0 + 1)
//	base = layer·ls + off
//	r0, r1 = base + y0·ys, base + y1·ys; c0, c1 = x0·xs, x1·xs
//	o = r0 + c0, r0 + c1, r1 + c0, r1 + c1
//	rejected |= ^in << k
// Registers: Y15 w, Y14 h, Y13 ½, Y12 2^30, Y11 −2^30, Y10 wm, Y9 hm, Y8
// the levels, then whether they are in the table; SI c, DI fp, R8 lvl, R9 t, R10 the
// flags, CX k, BX np, R11 rejected.
TEXT ·FootprintsLevels8(SB), NOSPLIT, $192-48
	MOVQ c+0(FP), SI
	MOVQ fp+8(FP), DI
	MOVQ p+16(FP), AX
	MOVQ lvl+24(FP), R8
	MOVQ t+32(FP), R9
	MOVQ Set_NP(SI), BX
	MOVL FootprintParams_Flags(AX), R10
	VBROADCASTSS FootprintParams_Sub(AX), Y0
	VMOVUPS Y0, L_SUB
	VBROADCASTSS FootprintParams_SubInv(AX), Y0
	VMOVUPS Y0, L_SUBINV
	VMOVUPS flHalf<>(SB), Y13
	VMOVUPS flLim<>(SB), Y12
	VMOVUPS flNLim<>(SB), Y11
	XORQ R11, R11
	XORQ CX, CX
flLoop:
	CMPQ CX, BX
	JGE flDone
	VMOVDQU (R8)(CX*4), Y8           // l
	VPSLLD $28, Y8, Y7
	VPSRAD $31, Y7, Y7               // l & 8: the table's second half
	LOOK(LevelTable_Xs, Y0)
	VMOVDQU Y0, L_XS
	LOOK(LevelTable_Ys, Y0)
	VMOVDQU Y0, L_YS
	LOOK(LevelTable_Ls, Y0)
	VMOVDQU Y0, L_LS
	LOOK(LevelTable_Off, Y0)
	VMOVDQU Y0, L_OFF
	LOOK(LevelTable_Fw, Y15)
	LOOK(LevelTable_Fh, Y14)
	LOOK(LevelTable_Wm, Y10)
	LOOK(LevelTable_Hm, Y9)
	VPMINUD flLast<>(SB), Y8, Y7
	VPCMPEQD Y7, Y8, Y8              // 0 ≤ l < TableLevels (unsigned l ≤ 15)
	VMOVUPS Set_S(SI)(CX*4), Y0
	VMOVUPS Set_T(SI)(CX*4), Y1
	VMULPS Y15, Y0, Y0               // u = s·w
	VMULPS Y14, Y1, Y1               // v = t·h
	VCVTDQ2PS Set_OffU(SI)(CX*4), Y2
	VADDPS Y2, Y0, Y0                // u + offU
	VCVTDQ2PS Set_OffV(SI)(CX*4), Y2
	VADDPS Y2, Y1, Y1                // v + offV
	VSUBPS Y13, Y0, Y0               // u − ½
	VSUBPS Y13, Y1, Y1               // v − ½
	TESTL $const_FpHW, R10
	JZ flRange
	QSUB(Y0, L_SUB, L_SUBINV, Y13, Y2, Y3)
	QSUB(Y1, L_SUB, L_SUBINV, Y13, Y2, Y3)
flRange:
	FQ_RANGE                         // in, floor(u), floor(v), i0, j0
	VPAND Y8, Y3, Y3                 // in: and a level in the table
	FQ_WRAP                          // the fractions; x0, x1, y0, y1
	VMOVDQU Set_Layer(SI)(CX*4), Y2
	VPMULLD L_LS, Y2, Y2
	VPADDD L_OFF, Y2, Y2             // base
	FQ_OFFSETS(L_YS, L_XS)           // o; rejected
	ADDQ $8, CX
	JMP flLoop
flDone:
	MOVQ R11, rejected+40(FP)
	VZEROUPPER
	RET
