//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The footprint stage in AVX-512 (Footprints16, chosen where Wide512):
// Footprints8's loop (footprints_amd64.s, the retired footprintsVec) on
// sixteen entries an instruction, each operation the AVX2 loop's in the
// same order, so that every result has its bits: VMULPS, VADDPS, VSUBPS
// (no fused multiply-add), VCMPPS LT_OS/GT_OS/GE_OS into mask registers
// (false for NaN, as the AVX2 compares' lanes are), VRNDSCALEPS rounding
// down (VROUNDPS $1's floor: the same result, −0 and NaN included),
// VCVTTPS2DQ (0x80000000 beyond int32 or NaN, as the 256-bit form), and
// integer operations that wrap as Go's int32 do. Where the AVX2 loop ANDs
// vector masks, this form ANDs mask registers (each compare under the
// previous mask), and its masked moves stand for VANDPS with a mask
// (QSUB16: 1 or +0, then the same VADDPS). K7 holds the group's entries:
// sixteen, or the last eight of a chunk whose np is not a multiple of 16.
// The loads of the Set's rows are zeroing-masked by K7 and every store
// (fractions, offsets, ei, ej) is masked by K7, so nothing past np is
// written, and the rejected and edges bits are those of K7's entries
// only. Struct fields are addressed through go_asm.h; rows of
// [4][Chunk]int32 are 256 bytes apart (lanes.go checks it). Plan 9
// operand order: VOP b, a, dst is dst = a OP b; VCMPPS $p, b, a, k, dst
// sets dst to (a p b) and k; KANDNW b, a, dst sets dst to ^a & b.

// The constants: one dword each, broadcast into registers.
DATA f16Half<>+0(SB)/4, $0x3f000000 // 0.5
GLOBL f16Half<>(SB), RODATA|NOPTR, $4
DATA f16Lim<>+0(SB)/4, $0x4e800000 // 2^30
GLOBL f16Lim<>(SB), RODATA|NOPTR, $4
DATA f16NLim<>+0(SB)/4, $0xce800000 // −2^30
GLOBL f16NLim<>(SB), RODATA|NOPTR, $4
DATA f16One<>+0(SB)/4, $0x3f800000 // 1.0
GLOBL f16One<>(SB), RODATA|NOPTR, $4

// QSUB16(u) sets u to subtexel(u), QSUB's operations on sixteen lanes: v
// = u·2^b (Z21), f = ⌊v⌋, f + 1 where v − f ≥ ½ (Z13), else f + 0 (+0
// for −0, as QSUB adds; false for NaN), times 2^−b (Z22). Z24 holds 1.0;
// Z2, Z3 and K1 are clobbered.
#define QSUB16(u) \
	VMULPS Z21, u, Z2; \
	VRNDSCALEPS $1, Z2, Z3; \
	VSUBPS Z3, Z2, Z2; \
	VCMPPS $13, Z13, Z2, K1; \
	VMOVAPS.Z Z24, K1, Z2; \
	VADDPS Z2, Z3, Z3; \
	VMULPS Z22, Z3, u

// FQ_RANGE16 is FQ_RANGE on sixteen lanes: K3 the entries of K7 with
// −2^30 < u < 2^30 and −2^30 < v < 2^30 (u in Z0, v in Z1; Z12 2^30, Z11
// −2^30), floor(u) Z4, floor(v) Z5 and their truncations i0 Z6, j0 Z7.
#define FQ_RANGE16 \
	VCMPPS $0x01, Z12, Z0, K7, K3; \
	VCMPPS $0x0e, Z11, Z0, K3, K3; \
	VCMPPS $0x01, Z12, Z1, K3, K3; \
	VCMPPS $0x0e, Z11, Z1, K3, K3; \
	VRNDSCALEPS $0x01, Z0, Z4; \
	VRNDSCALEPS $0x01, Z1, Z5; \
	VCVTTPS2DQ Z4, Z6; \
	VCVTTPS2DQ Z5, Z7

// FQ_WRAP16 is FQ_WRAP on sixteen lanes: it stores the fractions u −
// floor(u), v − floor(v) of K7's entries to FA and FB, and wraps i0, i0 +
// 1 into x0, x1 (Z6, Z0) and j0, j0 + 1 into y0, y1 (Z7, Z1), by repeat
// as a mask (Z10, Z9: w − 1, h − 1) or clamp-to-edge as max and min. Z23
// holds 1 in each dword; Z2 is clobbered.
#define FQ_WRAP16 \
	VSUBPS Z4, Z0, Z0; \
	VMOVUPS Z0, K7, Footprints_FA(DI)(CX*4); \
	VSUBPS Z5, Z1, Z1; \
	VMOVUPS Z1, K7, Footprints_FB(DI)(CX*4); \
	VPADDD Z23, Z6, Z0; \
	VPADDD Z23, Z7, Z1; \
	TESTL $const_FpRepeat0, R10; \
	JZ f16ClampX; \
	VPANDD Z10, Z6, Z6; \
	VPANDD Z10, Z0, Z0; \
	JMP f16WrappedX; \
f16ClampX: \
	VPXORD Z2, Z2, Z2; \
	VPMAXSD Z2, Z6, Z6; \
	VPMINSD Z10, Z6, Z6; \
	VPMAXSD Z2, Z0, Z0; \
	VPMINSD Z10, Z0, Z0; \
f16WrappedX: \
	TESTL $const_FpRepeat1, R10; \
	JZ f16ClampY; \
	VPANDD Z9, Z7, Z7; \
	VPANDD Z9, Z1, Z1; \
	JMP f16WrappedY; \
f16ClampY: \
	VPXORD Z2, Z2, Z2; \
	VPMAXSD Z2, Z7, Z7; \
	VPMINSD Z9, Z7, Z7; \
	VPMAXSD Z2, Z1, Z1; \
	VPMINSD Z9, Z1, Z1; \
f16WrappedY:

// FQ_OFFSETS16 is FQ_OFFSETS on sixteen lanes: it stores K7's entries'
// byte offsets from the base in Z2 — r0, r1 = base + y0·ys, base + y1·ys
// (Z17 ys); c0, c1 = x0·xs, x1·xs (Z16 xs); o = r0 + c0, r0 + c1, r1 + c0,
// r1 + c1 — and adds the group's rejected entries (K7 and not K3) to R11
// at bit CX. AX and K1 are clobbered.
#define FQ_OFFSETS16 \
	VPMULLD Z17, Z7, Z7; \
	VPADDD Z7, Z2, Z7; \
	VPMULLD Z17, Z1, Z1; \
	VPADDD Z1, Z2, Z1; \
	VPMULLD Z16, Z6, Z6; \
	VPMULLD Z16, Z0, Z0; \
	VPADDD Z6, Z7, Z2; \
	VMOVDQU32 Z2, K7, (Footprints_O+0)(DI)(CX*4); \
	VPADDD Z0, Z7, Z2; \
	VMOVDQU32 Z2, K7, (Footprints_O+256)(DI)(CX*4); \
	VPADDD Z6, Z1, Z2; \
	VMOVDQU32 Z2, K7, (Footprints_O+512)(DI)(CX*4); \
	VPADDD Z0, Z1, Z2; \
	VMOVDQU32 Z2, K7, (Footprints_O+768)(DI)(CX*4); \
	KANDNW K7, K3, K1; \
	KMOVW K1, AX; \
	SHLQ CX, AX; \
	ORQ AX, R11

// func Footprints16(c *Set, fp *Footprints, p *FootprintParams, ei, ej *[Chunk]int32) (rejected, edges uint64)
// Footprints8 on groups of sixteen entries k (CX) < c.NP (the last one
// eight where np is not a multiple of 16: K7), each step as Footprints8's:
//	u = s·w (+ offU) − ½, v = t·h (+ offV) − ½ (each rounded)
//	hardware precision: u, v = subtexel(u), subtexel(v) (QSUB16)
//	in = −2^30 < u < 2^30 and −2^30 < v < 2^30
//	i0, j0 = trunc(floor(u)), trunc(floor(v))
//	cube: in &= −1 < i0 < w − 1 and −1 < j0 < h − 1, edges |= (in before &^ in) << k, (i0, j0) to ei, ej
//	fa, fb = u − floor(u), v − floor(v)
//	x0, x1 = wrap(i0), wrap(i0 + 1); y0, y1 = wrap(j0), wrap(j0 + 1)
//	base = plainBase (one layer), or layer·ls + off
//	r0, r1 = base + y0·ys, base + y1·ys; c0, c1 = x0·xs, x1·xs
//	o = r0 + c0, r0 + c1, r1 + c0, r1 + c1
//	rejected |= ^in << k
// Registers: Z15 fw, Z14 fh, Z13 ½, Z12 2^30, Z11 −2^30, Z10 w − 1, Z9
// h − 1, Z16 xs, Z17 ys, Z18 ls, Z19 off, Z20 plainBase, Z21 2^b, Z22
// 2^−b, Z23 1 (dwords), Z24 1.0, Z25 −1 (dwords); SI c, DI fp, R8 ei, R9
// ej, R10 the flags, CX k, BX np, R11 rejected, R12 edges, K7 the group.
TEXT ·Footprints16(SB), NOSPLIT, $0-56
	MOVQ c+0(FP), SI
	MOVQ fp+8(FP), DI
	MOVQ p+16(FP), AX
	MOVQ ei+24(FP), R8
	MOVQ ej+32(FP), R9
	MOVQ Set_NP(SI), BX
	MOVL FootprintParams_Flags(AX), R10
	VBROADCASTSS FootprintParams_Fw(AX), Z15
	VBROADCASTSS FootprintParams_Fh(AX), Z14
	VBROADCASTSS f16Half<>(SB), Z13
	VBROADCASTSS f16Lim<>(SB), Z12
	VBROADCASTSS f16NLim<>(SB), Z11
	VPBROADCASTD FootprintParams_Wm(AX), Z10
	VPBROADCASTD FootprintParams_Hm(AX), Z9
	VPBROADCASTD FootprintParams_Xs(AX), Z16
	VPBROADCASTD FootprintParams_Ys(AX), Z17
	VPBROADCASTD FootprintParams_Ls(AX), Z18
	VPBROADCASTD FootprintParams_Off(AX), Z19
	VPBROADCASTD FootprintParams_PlainBase(AX), Z20
	VBROADCASTSS FootprintParams_Sub(AX), Z21
	VBROADCASTSS FootprintParams_SubInv(AX), Z22
	VPTERNLOGD $0xff, Z25, Z25, Z25  // −1
	VPSRLD $31, Z25, Z23             // 1
	VBROADCASTSS f16One<>(SB), Z24
	XORQ R11, R11
	XORQ R12, R12
	XORQ CX, CX
f16Loop:
	// K7: the group's entries, sixteen or the last eight.
	MOVQ BX, AX
	SUBQ CX, AX
	JLE f16Done
	KXNORW K7, K7, K7
	CMPQ AX, $16
	JGE f16Group
	MOVL $0xff, AX
	KMOVW AX, K7
f16Group:
	VMOVUPS.Z Set_S(SI)(CX*4), K7, Z0
	VMOVUPS.Z Set_T(SI)(CX*4), K7, Z1
	VMULPS Z15, Z0, Z0               // u = s·w
	VMULPS Z14, Z1, Z1               // v = t·h
	TESTL $const_FpPlain, R10
	JNZ f16NoOffsets
	VMOVDQU32.Z Set_OffU(SI)(CX*4), K7, Z2
	VCVTDQ2PS Z2, Z2
	VADDPS Z2, Z0, Z0                // u + offU
	VMOVDQU32.Z Set_OffV(SI)(CX*4), K7, Z2
	VCVTDQ2PS Z2, Z2
	VADDPS Z2, Z1, Z1                // v + offV
f16NoOffsets:
	VSUBPS Z13, Z0, Z0               // u − ½
	VSUBPS Z13, Z1, Z1               // v − ½
	TESTL $const_FpHW, R10
	JZ f16Range
	QSUB16(Z0)
	QSUB16(Z1)
f16Range:
	FQ_RANGE16                       // in (K3), floor(u), floor(v), i0, j0
	TESTL $const_FpCube, R10
	JZ f16Interior
	VPCMPGTD Z25, Z6, K3, K4         // i0 > −1
	VPCMPGTD Z25, Z7, K4, K4         // j0 > −1
	VPCMPGTD Z6, Z10, K4, K4         // i0 < w − 1
	VPCMPGTD Z7, Z9, K4, K4          // j0 < h − 1
	// Footprints beyond the face with coordinates in range take cubeEdge
	// from their corner, after the loop.
	KANDNW K3, K4, K1                // in range and not in
	KMOVW K1, DX
	SHLQ CX, DX
	ORQ DX, R12
	VMOVDQU32 Z6, K7, (R8)(CX*4)
	VMOVDQU32 Z7, K7, (R9)(CX*4)
	KMOVW K4, K3
f16Interior:
	FQ_WRAP16                        // the fractions; x0, x1, y0, y1
	TESTL $const_FpOneLayer, R10
	JZ f16Layer
	VMOVDQA32 Z20, Z2
	JMP f16Base
f16Layer:
	VMOVDQU32.Z Set_Layer(SI)(CX*4), K7, Z2
	VPMULLD Z18, Z2, Z2
	VPADDD Z19, Z2, Z2               // base
f16Base:
	FQ_OFFSETS16                     // o; rejected
	ADDQ $16, CX
	JMP f16Loop
f16Done:
	MOVQ R11, rejected+40(FP)
	MOVQ R12, edges+48(FP)
	VZEROUPPER
	RET
