//go:build !purego

#include "textflag.h"
#include "go_asm.h"

// The depth kernels' AVX-512 forms (Wide512; kernels_dispatch_amd64.go):
// gatherDepthV and pcfDepthV read each group of sixteen footprints' texel
// words into registers (as gatherRowsV reads them) and compare and weigh
// them there, sixteen entries an instruction, instead of gatherRowsV's
// store of the words and gatherDepth's and pcfDepth's loads of them eight
// at a time. The compares are VCMPPS into mask registers with the AVX2
// kernels' predicates (ref p texel), the selections VBLENDMPS (t where the
// mask is set, else f) or a zeroing move, the weights and sums the AVX2
// kernels' operations in the same order, so every entry's result has the
// Go kernels' bits (TestDepthForms). K7 holds the group's entries: all
// sixteen, or the last eight of a chunk whose n is not a multiple of 16;
// no gather reads and no store writes past them (the loads of the
// operands' rows stay inside their Chunk entries: such a group starts at
// n − 8 ≤ Chunk − 16).
//
// Operand order is Plan 9's: VCMPPS $p, b, a, k sets k to a p b;
// VBLENDMPS x, y, k, z sets z to x where k, else y.

// The VCMPPS predicates of compareMask's operations (kernels_amd64.s).
#define PRED_LESS $0x01
#define PRED_EQUAL $0x00
#define PRED_LESS_EQUAL $0x02
#define PRED_GREATER $0x0e
#define PRED_NOT_EQUAL $0x04
#define PRED_GREATER_EQUAL $0x0d
#define PRED_ALWAYS $0x0f
#define PRED_NEVER $0x0b

// The even and the odd dwords of two registers (VPERMI2D's indices).
DATA d16even<>+0(SB)/4, $0
DATA d16even<>+4(SB)/4, $2
DATA d16even<>+8(SB)/4, $4
DATA d16even<>+12(SB)/4, $6
DATA d16even<>+16(SB)/4, $8
DATA d16even<>+20(SB)/4, $10
DATA d16even<>+24(SB)/4, $12
DATA d16even<>+28(SB)/4, $14
DATA d16even<>+32(SB)/4, $16
DATA d16even<>+36(SB)/4, $18
DATA d16even<>+40(SB)/4, $20
DATA d16even<>+44(SB)/4, $22
DATA d16even<>+48(SB)/4, $24
DATA d16even<>+52(SB)/4, $26
DATA d16even<>+56(SB)/4, $28
DATA d16even<>+60(SB)/4, $30
GLOBL d16even<>(SB), RODATA|NOPTR, $64
DATA d16odd<>+0(SB)/4, $1
DATA d16odd<>+4(SB)/4, $3
DATA d16odd<>+8(SB)/4, $5
DATA d16odd<>+12(SB)/4, $7
DATA d16odd<>+16(SB)/4, $9
DATA d16odd<>+20(SB)/4, $11
DATA d16odd<>+24(SB)/4, $13
DATA d16odd<>+28(SB)/4, $15
DATA d16odd<>+32(SB)/4, $17
DATA d16odd<>+36(SB)/4, $19
DATA d16odd<>+40(SB)/4, $21
DATA d16odd<>+44(SB)/4, $23
DATA d16odd<>+48(SB)/4, $25
DATA d16odd<>+52(SB)/4, $27
DATA d16odd<>+56(SB)/4, $29
DATA d16odd<>+60(SB)/4, $31
GLOBL d16odd<>(SB), RODATA|NOPTR, $64

// GROUP16(done) sets K7 to the entries of the group at DX (CX entries in
// all): sixteen, or eight where only eight are left; none left: done.
#define GROUP16(done) \
	MOVQ CX, R9; \
	SUBQ DX, R9; \
	JLE done; \
	KXNORW K7, K7, K7; \
	CMPQ R9, $16; \
	JGE 3(PC); \
	MOVL $0xff, R9; \
	KMOVW R9, K7

// TEX16(words, read) sets Z4–Z7 to the texel words at o00, o10, o01, o11
// (at SI, Chunk entries apart) of the group's entries (K7) from the data
// at AX. Where every entry's rows are pairs of adjacent texels (x1's
// offset x0's + 4) each row's pairs are read with two VPGATHERDQ and split
// by Z20/Z21 into x0's and x1's words (gatherRowsV's reads); else (words)
// each texel is gathered by itself. Z31 holds 4 in every lane; Z0–Z3,
// Z8, Z9, Z16–Z19, K1–K3 and BX are overwritten.
#define TEX16(words, read) \
	LEAQ (SI)(DX*4), BX; \
	VMOVDQU32 (BX), Z0; \
	VMOVDQU32 256(BX), Z1; \
	VMOVDQU32 512(BX), Z2; \
	VMOVDQU32 768(BX), Z3; \
	VPSUBD Z0, Z1, Z8; \
	VPSUBD Z2, Z3, Z9; \
	VPCMPEQD Z31, Z8, K7, K2; \
	VPCMPEQD Z31, Z9, K2, K2; \
	KXORW K2, K7, K3; \
	KORTESTW K3, K3; \
	JNE words; \
	KMOVW K7, K1; \
	VPGATHERDQ (AX)(Y0*1), K1, Z16; \
	VEXTRACTI64X4 $1, Z0, Y0; \
	KSHIFTRW $8, K7, K1; \
	VPGATHERDQ (AX)(Y0*1), K1, Z17; \
	KMOVW K7, K1; \
	VPGATHERDQ (AX)(Y2*1), K1, Z18; \
	VEXTRACTI64X4 $1, Z2, Y2; \
	KSHIFTRW $8, K7, K1; \
	VPGATHERDQ (AX)(Y2*1), K1, Z19; \
	VMOVDQA64 Z20, Z4; \
	VPERMI2D Z17, Z16, Z4; \
	VMOVDQA64 Z21, Z5; \
	VPERMI2D Z17, Z16, Z5; \
	VMOVDQA64 Z20, Z6; \
	VPERMI2D Z19, Z18, Z6; \
	VMOVDQA64 Z21, Z7; \
	VPERMI2D Z19, Z18, Z7; \
	JMP read; \
words: \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z0*1), K1, Z4; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z1*1), K1, Z5; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z2*1), K1, Z6; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z3*1), K1, Z7; \
read:

// MASKS16(p) sets K2–K5 to ref p texel (Z0 = ref) for the texels in
// Z4–Z7: compareMask's m00, m10, m01, m11.
#define MASKS16(p) \
	VCMPPS p, Z4, Z0, K2; \
	VCMPPS p, Z5, Z0, K3; \
	VCMPPS p, Z6, Z0, K4; \
	VCMPPS p, Z7, Z0, K5

// OPMASKS(op, done, less, equal, lessEqual, greater, notEqual,
// greaterEqual, always) is MASKS16 for the compare operation op (a byte
// in memory), then a jump to done.
#define OPMASKS(op, done, less, equal, lessEqual, greater, notEqual, greaterEqual, always) \
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
	JEQ always; \
	MASKS16(PRED_NEVER); \
	JMP done; \
less: \
	MASKS16(PRED_LESS); \
	JMP done; \
equal: \
	MASKS16(PRED_EQUAL); \
	JMP done; \
lessEqual: \
	MASKS16(PRED_LESS_EQUAL); \
	JMP done; \
greater: \
	MASKS16(PRED_GREATER); \
	JMP done; \
notEqual: \
	MASKS16(PRED_NOT_EQUAL); \
	JMP done; \
greaterEqual: \
	MASKS16(PRED_GREATER_EQUAL); \
	JMP done; \
always: \
	MASKS16(PRED_ALWAYS); \
done:

// GDV(r, k) stores result component r of the group: t (Z14) where k, else
// f (Z15), to out[r] (out at R11) under K7.
#define GDV(r, k) \
	VBLENDMPS Z14, Z15, k, Z16; \
	MOVQ (8*r)(R11), R9; \
	VMOVUPS Z16, K7, (R9)(DX*4)

// func gatherDepthV(d *byte, o *[4][Chunk]int32, ref *[Chunk]float32, n int, op CompareOp, t, f float32, out *Out)
// gatherRows and gatherDepth on sixteen entries at a time: the components
// in GatherTexel's order, (i0,j1), (i1,j1), (i1,j0), (i0,j0).
TEXT ·gatherDepthV(SB), NOSPLIT, $0-56
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ ref+16(FP), DI
	MOVQ n+24(FP), CX
	VBROADCASTSS t+36(FP), Z14
	VBROADCASTSS f+40(FP), Z15
	MOVQ out+48(FP), R11
	VMOVDQU32 d16even<>(SB), Z20
	VMOVDQU32 d16odd<>(SB), Z21
	MOVL $4, R9
	VPBROADCASTD R9, Z31
	XORQ DX, DX
gdv:
	GROUP16(gdvDone)
	TEX16(gdvWords, gdvRead)
	VMOVUPS (DI)(DX*4), Z0 // ref
	OPMASKS(op+32(FP), gdvMasks, gdvLess, gdvEqual, gdvLessEqual, gdvGreater, gdvNotEqual, gdvGreaterEqual, gdvAlways)
	GDV(0, K4)
	GDV(1, K5)
	GDV(2, K3)
	GDV(3, K2)
	ADDQ $16, DX
	JMP gdv
gdvDone:
	VZEROUPPER
	RET

// PCFV(c, zero, where, store) computes channel c of the group in its form
// form[c] (at R13) and stores it to out[c] (out at R11) under K7: zero:
// +0; where: the sum from zero of the weights (Z8–Z11) the compares (K2–K5)
// select, each a zeroing move (pcfDepth's VPAND); general: the sum from
// zero of the weights times the channel's t or f (at R8, R10), VBLENDMPS'd
// by the compares. Z30 = zero; Z12, Z13, Z16 and Z17 are temporaries.
#define PCFV(c, zero, where, store) \
	CMPB (c)(R13), $const_pcfFormZero; \
	JEQ zero; \
	CMPB (c)(R13), $const_pcfFormWhere; \
	JEQ where; \
	VBROADCASTSS (4*c)(R8), Z12; \
	VBROADCASTSS (4*c)(R10), Z13; \
	VBLENDMPS Z12, Z13, K2, Z17; VMULPS Z17, Z8, Z17; VADDPS Z17, Z30, Z16; \
	VBLENDMPS Z12, Z13, K3, Z17; VMULPS Z17, Z9, Z17; VADDPS Z17, Z16, Z16; \
	VBLENDMPS Z12, Z13, K4, Z17; VMULPS Z17, Z10, Z17; VADDPS Z17, Z16, Z16; \
	VBLENDMPS Z12, Z13, K5, Z17; VMULPS Z17, Z11, Z17; VADDPS Z17, Z16, Z16; \
	JMP store; \
where: \
	VMOVAPS.Z Z8, K2, Z17; VADDPS Z17, Z30, Z16; \
	VMOVAPS.Z Z9, K3, Z17; VADDPS Z17, Z16, Z16; \
	VMOVAPS.Z Z10, K4, Z17; VADDPS Z17, Z16, Z16; \
	VMOVAPS.Z Z11, K5, Z17; VADDPS Z17, Z16, Z16; \
	JMP store; \
zero: \
	VMOVAPS Z30, Z16; \
store: \
	MOVQ (8*c)(R11), R9; \
	VMOVUPS Z16, K7, (R9)(DX*4)

// func pcfDepthV(d *byte, o *[4][Chunk]int32, ref, fa, fb *[Chunk]float32, n int, op CompareOp, t, f *[4]float32, form *[4]uint8, out *Out)
// gatherRows and pcfDepth on sixteen entries at a time: the four compare
// masks, the bilinear weights (weights8: w00 = (1 − α)(1 − β), w10 =
// α(1 − β), w01 = (1 − α)β, w11 = αβ) and each channel in its form.
TEXT ·pcfDepthV(SB), NOSPLIT, $0-88
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ ref+16(FP), DI
	MOVQ fa+24(FP), R14
	MOVQ fb+32(FP), R12
	MOVQ n+40(FP), CX
	MOVQ t+56(FP), R8
	MOVQ f+64(FP), R10
	MOVQ form+72(FP), R13
	MOVQ out+80(FP), R11
	VMOVDQU32 d16even<>(SB), Z20
	VMOVDQU32 d16odd<>(SB), Z21
	MOVL $4, R9
	VPBROADCASTD R9, Z31
	VXORPS Z30, Z30, Z30           // zero
	VBROADCASTSS ·asmOne(SB), Z15 // one
	XORQ DX, DX
pcfv:
	GROUP16(pcfvDone)
	TEX16(pcfvWords, pcfvRead)
	VMOVUPS (DI)(DX*4), Z0 // ref
	OPMASKS(op+48(FP), pcfvMasks, pcfvLess, pcfvEqual, pcfvLessEqual, pcfvGreater, pcfvNotEqual, pcfvGreaterEqual, pcfvAlways)
	VMOVUPS (R14)(DX*4), Z24 // α
	VMOVUPS (R12)(DX*4), Z25 // β
	VSUBPS Z24, Z15, Z26     // wi0
	VSUBPS Z25, Z15, Z27     // wj0
	VMULPS Z27, Z26, Z8
	VMULPS Z27, Z24, Z9
	VMULPS Z25, Z26, Z10
	VMULPS Z25, Z24, Z11
	PCFV(0, pcfvZero0, pcfvWhere0, pcfvStore0)
	PCFV(1, pcfvZero1, pcfvWhere1, pcfvStore1)
	PCFV(2, pcfvZero2, pcfvWhere2, pcfvStore2)
	PCFV(3, pcfvZero3, pcfvWhere3, pcfvStore3)
	ADDQ $16, DX
	JMP pcfv
pcfvDone:
	VZEROUPPER
	RET
