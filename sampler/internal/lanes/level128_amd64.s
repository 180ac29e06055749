//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "level16_amd64.h"

// PlainLevelV's r32g32b32a32_sfloat bilinear kernel (LevelBilinear128):
// PlainLevelV's footprints (level16_amd64.h: GROUP16, UV16, FOOT16,
// OFFS16, ROW1, FRAC16; not WINDOW16, whose windows are 4-byte texels), then
// bilinear128's arithmetic on the sixteen entries of a group, in
// registers, stored to out's rows. The texels are 16 bytes; a footprint
// whose x1 is x0 + 1 (FOOT16's pair test) has its two texels of a row in
// 32 contiguous bytes, read with one 32-byte load, two entries' rows to a
// register; any other footprint's texels are read 16 bytes at a time into
// the same places. The byte offsets go through the frame (FOOT16 makes
// them sixteen to a register). Each register of a row holds [t_r0 | t_r1]
// of two entries, entries j and j + 4 for registers j = 0–3, j + 4 and
// j + 8 for j = 4–7, so that a 4×4 transpose within each 128-bit lane of
// registers 0–3 and of 4–7 and one VSHUFF32X4 per channel and texel leave
// each channel of each texel for the sixteen entries in order: 24 shuffles
// a row. The weights are BilinearWeights' products, and each channel's
// sum is (((+0 + w00·t00) + w10·t10) + w01·t01) + w11·t11, each product
// and sum rounded to binary32 and no FMA, as bilinear128 and
// bilinearRGBA32FLanesGo compute it; a NaN sum becomes CanonicalNaN.

// The frame: the group's byte offsets o00, o01, o10, o11, sixteen each.
#define F_O00 0
#define F_O01 64
#define F_O10 128
#define F_O11 192

// OFFS(Z, X, o) stores the sixteen offsets in Z to the frame at o, as four
// 16-byte stores: the 4-byte loads of them that follow are forwarded from
// those, which no Intel core does from one 64-byte store (the loads wait
// for it to leave the store buffer: a 64-lane fetch took 75 ns that way
// against 35, session 15).
#define OFFS(Z, X, o) \
	VMOVDQU32 X, o(SP); \
	VEXTRACTI32X4 $1, Z, (o+16)(SP); \
	VEXTRACTI32X4 $2, Z, (o+32)(SP); \
	VEXTRACTI32X4 $3, Z, (o+48)(SP)

// PAIRROW(o, e1, e2, Z, Y) reads row o (F_O00 or F_O01) of entries e1 and
// e2 — each two texels, 32 bytes — into the halves of Z (Y its lower).
#define PAIRROW(o, e1, e2, Z, Y) \
	MOVL (o+4*e1)(SP), R10; \
	MOVL (o+4*e2)(SP), R13; \
	VMOVUPS (AX)(R10*1), Y; \
	VINSERTF64X4 $1, (AX)(R13*1), Z, Z

// TEXROW(o0, o1, e1, e2, Z, X) reads texels (i0, j) at offsets o0 and (i1,
// j) at o1 of entries e1 and e2, 16 bytes each, into register Z's four
// 128-bit lanes: [t0(e1) | t1(e1) | t0(e2) | t1(e2)], as PAIRROW's.
#define TEXROW(o0, o1, e1, e2, Z, X) \
	MOVL (o0+4*e1)(SP), R10; \
	MOVL (o1+4*e1)(SP), R13; \
	VMOVUPS (AX)(R10*1), X; \
	VINSERTF32X4 $1, (AX)(R13*1), Z, Z; \
	MOVL (o0+4*e2)(SP), R10; \
	MOVL (o1+4*e2)(SP), R13; \
	VINSERTF32X4 $2, (AX)(R10*1), Z, Z; \
	VINSERTF32X4 $3, (AX)(R13*1), Z, Z

// PAIRS128(o, half) sets Z0–Z7 to row o of the group's entries; for a group
// of eight (K7 not all ones) Z4–Z7 (entries 8–15) are left as they are.
#define PAIRS128(o, half) \
	PAIRROW(o, 0, 4, Z0, Y0); \
	PAIRROW(o, 1, 5, Z1, Y1); \
	PAIRROW(o, 2, 6, Z2, Y2); \
	PAIRROW(o, 3, 7, Z3, Y3); \
	KORTESTW K7, K7; \
	JCC half; \
	PAIRROW(o, 8, 12, Z4, Y4); \
	PAIRROW(o, 9, 13, Z5, Y5); \
	PAIRROW(o, 10, 14, Z6, Y6); \
	PAIRROW(o, 11, 15, Z7, Y7); \
half:

// TEXELS128(o0, o1, half) is PAIRS128 for a row whose texels (i0, j) and
// (i1, j) are at the offsets o0 and o1.
#define TEXELS128(o0, o1, half) \
	TEXROW(o0, o1, 0, 4, Z0, X0); \
	TEXROW(o0, o1, 1, 5, Z1, X1); \
	TEXROW(o0, o1, 2, 6, Z2, X2); \
	TEXROW(o0, o1, 3, 7, Z3, X3); \
	KORTESTW K7, K7; \
	JCC half; \
	TEXROW(o0, o1, 8, 12, Z4, X4); \
	TEXROW(o0, o1, 9, 13, Z5, X5); \
	TEXROW(o0, o1, 10, 14, Z6, X6); \
	TEXROW(o0, o1, 11, 15, Z7, X7); \
half:

// TR4(a0, a1, a2, a3) transposes the 4×4 dwords within each 128-bit lane
// of a0–a3 in place (lane l of a_c becomes [a0[c] a1[c] a2[c] a3[c]] of
// lane l); Z8–Z11 are overwritten.
#define TR4(a0, a1, a2, a3) \
	VUNPCKLPS a1, a0, Z8; \
	VUNPCKHPS a1, a0, Z9; \
	VUNPCKLPS a3, a2, Z10; \
	VUNPCKHPS a3, a2, Z11; \
	VUNPCKLPD Z10, Z8, a0; \
	VUNPCKHPD Z10, Z8, a1; \
	VUNPCKLPD Z11, Z9, a2; \
	VUNPCKHPD Z11, Z9, a3

// FIRST128(a, b, acc) starts channel acc's sum with row 0 (texels t00 and
// t10) of the transposed channel registers a (entries 0–7) and b (8–15):
// acc = (+0 + w00·t00) + w10·t10.
#define FIRST128(a, b, acc) \
	VSHUFF32X4 $0x88, b, a, Z8; \
	VSHUFF32X4 $0xdd, b, a, Z9; \
	VMULPS Z18, Z8, Z8; \
	VADDPS Z25, Z8, acc; \
	VMULPS Z19, Z9, Z9; \
	VADDPS Z9, acc, acc

// NEXT128(a, b, acc) adds row 1 (texels t01 and t11): acc = (acc +
// w01·t01) + w11·t11.
#define NEXT128(a, b, acc) \
	VSHUFF32X4 $0x88, b, a, Z8; \
	VSHUFF32X4 $0xdd, b, a, Z9; \
	VMULPS Z20, Z8, Z8; \
	VADDPS Z8, acc, acc; \
	VMULPS Z21, Z9, Z9; \
	VADDPS Z9, acc, acc

// ROW128(op) transposes the row in Z0–Z7 and adds it to the sums Z12–Z15
// with op (FIRST128 or NEXT128).
#define ROW128(op) \
	TR4(Z0, Z1, Z2, Z3); \
	TR4(Z4, Z5, Z6, Z7); \
	op(Z0, Z4, Z12); \
	op(Z1, Z5, Z13); \
	op(Z2, Z6, Z14); \
	op(Z3, Z7, Z15)

// WEIGHTS128V sets Z18–Z21 to w00 = (1 − α)(1 − β), w10 = α(1 − β), w01 =
// (1 − α)β, w11 = αβ (BilinearWeights') from FRAC16's α, β in Z16, Z17;
// Z2, Z3 are overwritten.
#define WEIGHTS128V \
	VBROADCASTSS ·asmOne(SB), Z2; \
	VSUBPS Z16, Z2, Z3; \
	VSUBPS Z17, Z2, Z2; \
	VMULPS Z2, Z3, Z18; \
	VMULPS Z2, Z16, Z19; \
	VMULPS Z17, Z3, Z20; \
	VMULPS Z17, Z16, Z21

// STORE128(acc, c) stores sum acc, a NaN made CanonicalNaN (Z11), to
// out[c][k..k+16] under K7 (out at R11).
#define STORE128(acc, c) \
	VCMPPS $0x03, acc, acc, K1; \
	VMOVAPS Z11, K1, acc; \
	MOVQ (8*c)(R11), R9; \
	VMOVUPS acc, K7, (R9)(DX*4)

// func plainLevel128V(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
// Registers: as PlainLevelV's (level16_amd64.h), and Z18–Z21 the weights,
// Z12–Z15 the sums, Z0–Z11 the texels and the transposes; R10, R13 the
// texels' offsets.
TEXT ·plainLevel128V(SB), NOSPLIT, $256-73
	MOVQ p+0(FP), R12
	MOVQ d+16(FP), AX
	MOVQ s+24(FP), SI
	MOVQ t+32(FP), DI
	MOVQ layer+48(FP), R14
	MOVQ n+56(FP), CX
	MOVQ out+64(FP), R11
	PARAMS16(l128Setup)
	XORQ DX, DX
l128:
	GROUP16(l128Done)
	UV16(l128Part, l128Loaded, FootParams_Pow2(R12), l128UVSeparate, l128UV)
	FOOT16(l128ClampU, l128V, l128ClampV, l128Rows)
	KORTESTW K2, K3
	JNE l128Apart // out of range, or not pairs
	OFFS16(l128Rows0, l128MulRows0, l128Layers0, l128Base0)
	ROW1(l128ClampV1, l128Rows1, l128Layers1, l128Base1)
	FRAC16
	OFFS(Z8, X8, F_O00)
	OFFS(Z10, X10, F_O01)
	WEIGHTS128V
	PAIRS128(F_O00, l128Half0)
	ROW128(FIRST128)
	PAIRS128(F_O01, l128Half1)
	ROW128(NEXT128)
l128Store:
	VBROADCASTSS ·asmNaN(SB), Z11
	STORE128(Z12, 0)
	STORE128(Z13, 1)
	STORE128(Z14, 2)
	STORE128(Z15, 3)
	ADDQ $16, DX
	JMP l128
l128Done:
	VZEROUPPER
	MOVB $1, ret+72(FP)
	RET
l128Apart:
	KORTESTW K2, K2
	JNE l128Reject
	OFFS16(l128RowsA, l128MulRowsA, l128LayersA, l128BaseA)
	ROW1(l128ClampV1A, l128Rows1A, l128Layers1A, l128Base1A)
	// x1 = i0 + 1 wrapped, and o10, o11 (WORDS16's).
	VPADDD Z24, Z18, Z2
	CMPL FootParams_Rep0(R12), $0
	JEQ l128ClampX1
	VPANDD Z26, Z2, Z2
	JMP l128X1
l128ClampX1:
	VPMAXSD Z25, Z2, Z2
	VPMINSD Z26, Z2, Z2
l128X1:
	VPSLLVD Z30, Z2, Z2
	VPADDD Z29, Z2, Z2
	VPADDD Z2, Z6, Z9
	VPADDD Z2, Z1, Z11
	OFFS(Z8, X8, F_O00)
	OFFS(Z10, X10, F_O01)
	OFFS(Z9, X9, F_O10)
	OFFS(Z11, X11, F_O11)
	FRAC16
	WEIGHTS128V
	TEXELS128(F_O00, F_O10, l128HalfA0)
	ROW128(FIRST128)
	TEXELS128(F_O01, F_O11, l128HalfA1)
	ROW128(NEXT128)
	JMP l128Store
l128Reject:
	VZEROUPPER
	MOVB $0, ret+72(FP)
	RET
