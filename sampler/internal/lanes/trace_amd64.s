//go:build amd64 && !purego

#include "textflag.h"
#include "go_asm.h"

// traceQuads(dst *Record, q *Quads, n int) writes the records of entries
// 0 to n (a positive multiple of 4) as traceQuadsGo does, four entries a
// loop. Per texel q of the four: Y0 = [Lane | Layer_q], Y1 = [X_q | Y_q]
// (words 0–15 of the first half's two-table permutation), Y2 the offsets
// sign-extended and Y24+q the weights (qwords 4–7 and 0–3 of the second
// half's); each half is one VPERMI2D or VPERMI2Q under a mask whose
// other lanes keep the index register's constants (Quads.idx: the level
// and zeros; traceIdx1: Resident = 1, Block = −1), and one 32-byte store.
// The weights are the Go twin's operations: wa·wb in binary32 (VMULPS),
// widened (VCVTPS2PD) and multiplied by Outer in binary64 (VMULPD).

// RECORD writes entry e's record of texel q at q·64(addr).
#define RECORD(i0, i1, w, addr, q) \
	VMOVDQA32 i0, Y10; VPERMI2D Y1, Y0, K1, Y10; VMOVDQU Y10, (q*64)(addr); \
	VMOVDQA64 i1, Y11; VPERMI2Q Y2, w, K2, Y11; VMOVDQU Y11, (q*64+32)(addr)

// TEXEL writes the four entries' records of texel q (weights w).
#define TEXEL(q, w) \
	MOVQ (Quads_Layer+8*q)(SI), AX; VINSERTI128 $1, (AX)(BX*1), Y8, Y0; \
	MOVQ (Quads_X+8*q)(SI), AX; VMOVDQU (AX)(BX*1), X1; \
	MOVQ (Quads_Y+8*q)(SI), AX; VINSERTI128 $1, (AX)(BX*1), Y1, Y1; \
	MOVQ (Quads_O+8*q)(SI), AX; VPMOVSXDQ (AX)(BX*1), Y2; \
	RECORD(Y16, Y20, w, R8, q); \
	RECORD(Y17, Y21, w, R9, q); \
	RECORD(Y18, Y22, w, R10, q); \
	RECORD(Y19, Y23, w, R11, q)

// func traceQuads(dst *Record, q *Quads, n int)
TEXT ·traceQuads(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ q+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVDQU32 (Quads_idx+0)(SI), Y16
	VMOVDQU32 (Quads_idx+32)(SI), Y17
	VMOVDQU32 (Quads_idx+64)(SI), Y18
	VMOVDQU32 (Quads_idx+96)(SI), Y19
	VMOVDQU64 ·traceIdx1+0(SB), Y20
	VMOVDQU64 ·traceIdx1+32(SB), Y21
	VMOVDQU64 ·traceIdx1+64(SB), Y22
	VMOVDQU64 ·traceIdx1+96(SB), Y23
	MOVL $0x1d, AX // words 0, 2, 3, 4: Lane, Layer, X, Y
	KMOVW AX, K1
	MOVL $0x5, AX // qwords 0, 2: Weight, Offset
	KMOVW AX, K2
	VBROADCASTSS ·asmOne(SB), X12
	MOVQ $0x3ff0000000000000, AX // 1.0
	MOVQ AX, X13
	VPBROADCASTQ X13, Y13
	MOVBLZX Quads_Ones(SI), R15
	XORQ BX, BX // 4·k

loop:
	MOVQ Quads_Pos(SI), AX
	MOVLQSX 0(AX)(BX*1), R8
	SHLQ $6, R8
	ADDQ DI, R8
	MOVLQSX 4(AX)(BX*1), R9
	SHLQ $6, R9
	ADDQ DI, R9
	MOVLQSX 8(AX)(BX*1), R10
	SHLQ $6, R10
	ADDQ DI, R10
	MOVLQSX 12(AX)(BX*1), R11
	SHLQ $6, R11
	ADDQ DI, R11
	MOVQ Quads_Lane(SI), AX
	VMOVDQU (AX)(BX*1), X8
	TESTQ R15, R15
	JNZ ones
	MOVQ Quads_FA(SI), AX
	VMOVUPS (AX)(BX*1), X5 // wa1 = fa
	VSUBPS X5, X12, X4     // wa0 = 1 − fa
	MOVQ Quads_FB(SI), AX
	VMOVUPS (AX)(BX*1), X7 // wb1 = fb
	VSUBPS X7, X12, X6     // wb0 = 1 − fb
	MOVQ Quads_Outer(SI), AX
	VMOVUPD (AX)(BX*2), Y9
	VMULPS X6, X4, X3
	VCVTPS2PD X3, Y3
	VMULPD Y9, Y3, Y24
	VMULPS X6, X5, X3
	VCVTPS2PD X3, Y3
	VMULPD Y9, Y3, Y25
	VMULPS X7, X4, X3
	VCVTPS2PD X3, Y3
	VMULPD Y9, Y3, Y26
	VMULPS X7, X5, X3
	VCVTPS2PD X3, Y3
	VMULPD Y9, Y3, Y27
	JMP texels

ones:
	VMOVAPD Y13, Y24
	VMOVAPD Y13, Y25
	VMOVAPD Y13, Y26
	VMOVAPD Y13, Y27

texels:
	TEXEL(0, Y24)
	TEXEL(1, Y25)
	TEXEL(2, Y26)
	TEXEL(3, Y27)
	ADDQ $16, BX
	SUBQ $4, CX
	JNZ loop
	VZEROUPPER
	RET

// traceQuadLevel(dst *Record, q *QuadLevel, n, stride int): four entries a
// loop, their quads found as QuadLevel.Quad finds them (each division a
// VPMULUDQ of the zero-extended dividends by the multiplier and a VPSRLQ,
// narrowed by VPMOVQD), X28–X31 = i0, i1, j0, j1; the records as
// traceQuads writes them, the index registers loaded from memory.
// Registers: Y16 ym, X17 ys, X18 yd, Y19 xm, X20 xs, X21 xd, X22 off,
// X23 ls (broadcast), Y24–Y27 the weights, X8 the lanes, X9 the layers.

// DIVIDE: q = ⌊n·m / 2^s⌋ for four dwords (uses Y10).
#define DIVIDE(n, m, s, q) \
	VPMOVZXDQ n, Y10; VPMULUDQ m, Y10, Y10; VPSRLQ s, Y10, Y10; VPMOVQD Y10, q

// RECORDM writes an entry's record of texel q at q·64(addr), the index
// registers from memory.
#define RECORDM(i0, i1, w, addr, q) \
	VMOVDQU32 i0, Y10; VPERMI2D Y1, Y0, K1, Y10; VMOVDQU Y10, (q*64)(addr); \
	VMOVDQU64 i1, Y11; VPERMI2Q Y2, w, K2, Y11; VMOVDQU Y11, (q*64+32)(addr)

// TEXELR writes the four entries' records of texel q from registers x, y
// and the offsets' row o (memory), of weights w.
#define TEXELR(q, x, y, o, w) \
	VINSERTI32X4 $1, y, x, Y1; \
	MOVQ (QuadLevel_O+8*o)(SI), AX; VPMOVSXDQ (AX)(BX*1), Y2; \
	RECORDM((QuadLevel_idx+0)(SI), ·traceIdx1+0(SB), w, R8, q); \
	RECORDM((QuadLevel_idx+32)(SI), ·traceIdx1+32(SB), w, R9, q); \
	RECORDM((QuadLevel_idx+64)(SI), ·traceIdx1+64(SB), w, R10, q); \
	RECORDM((QuadLevel_idx+96)(SI), ·traceIdx1+96(SB), w, R11, q)

// RECORDBC writes an entry's record of texel q of a BC view: the second
// half one VPERMI2D of the weights (words 0–7) and [blocks | indices]
// (words 8–15) under K3, and the block offset's sign into word 5 (Offset
// is the int32 sign-extended, as the Go road's int64 of it).
#define RECORDBC(i0, i1, w, addr, q) \
	VMOVDQU32 i0, Y10; VPERMI2D Y1, Y0, K1, Y10; VMOVDQU Y10, (q*64)(addr); \
	VMOVDQU32 i1, Y11; VPERMI2D Y2, w, K3, Y11; \
	VPSRAD $31, Y11, Y10; VPSLLQ $32, Y10, Y10; VPBLENDD $0x20, Y10, Y11, Y11; \
	VMOVDQU Y11, (q*64+32)(addr)

// TEXELBC writes the four entries' records of texel q of a BC view at
// column x and row y, whose block offsets are c + r and indices bx | by.
#define TEXELBC(q, x, y, c, r, bx, by, w) \
	VINSERTI32X4 $1, y, x, Y1; \
	VPADDD r, c, X2; VPORD by, bx, X10; VINSERTI32X4 $1, X10, Y2, Y2; \
	RECORDBC((QuadLevel_idx+0)(SI), (QuadLevel_idxBC+0)(SI), w, R8, q); \
	RECORDBC((QuadLevel_idx+32)(SI), (QuadLevel_idxBC+32)(SI), w, R9, q); \
	RECORDBC((QuadLevel_idx+64)(SI), (QuadLevel_idxBC+64)(SI), w, R10, q); \
	RECORDBC((QuadLevel_idx+96)(SI), (QuadLevel_idxBC+96)(SI), w, R11, q)

// RECORDG writes entry e's record of texel q of a gather: the first half
// as RECORDM's, the second with no permutation (a gather's weight is 1):
// the offset broadcast from memory, its sign, and two blends into Y14's
// [1.0, Resident, 0, 0, Block −1, 0].
#define RECORDG(i0, e, addr, q) \
	VMOVDQU32 i0, Y10; VPERMI2D Y1, Y0, K1, Y10; VMOVDQU Y10, (q*64)(addr); \
	VPBROADCASTD (4*e)(AX)(BX*1), Y11; VPSRAD $31, Y11, Y3; \
	VPBLENDD $0x10, Y11, Y14, Y11; VPBLENDD $0x20, Y3, Y11, Y11; VMOVDQU Y11, (q*64+32)(addr)

// TEXELG writes the four entries' records of a gather's texel q from
// registers x, y and the offsets' row o.
#define TEXELG(q, x, y, o) \
	VINSERTI32X4 $1, y, x, Y1; \
	MOVQ (QuadLevel_O+8*o)(SI), AX; \
	RECORDG((QuadLevel_idx+0)(SI), 0, R8, q); \
	RECORDG((QuadLevel_idx+32)(SI), 1, R9, q); \
	RECORDG((QuadLevel_idx+64)(SI), 2, R10, q); \
	RECORDG((QuadLevel_idx+96)(SI), 3, R11, q)

// func traceQuadLevel(dst *Record, q *QuadLevel, n, stride int)
TEXT ·traceQuadLevel(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ q+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ stride+24(FP), DX
	SHLQ $6, DX // bytes between entries
	VPBROADCASTQ QuadLevel_YM(SI), Y16
	VMOVQ QuadLevel_YS(SI), X17
	VPBROADCASTD QuadLevel_YD(SI), X18
	VPBROADCASTQ QuadLevel_XM(SI), Y19
	VMOVQ QuadLevel_XS(SI), X20
	VPBROADCASTD QuadLevel_XD(SI), X21
	VPBROADCASTD QuadLevel_Off(SI), X22
	VPBROADCASTD QuadLevel_LS(SI), X23
	MOVL $0x1d, AX
	KMOVW AX, K1
	MOVL $0x5, AX
	KMOVW AX, K2
	MOVL $0x53, AX // words 0, 1, 4, 6: Weight, Offset, Block
	KMOVW AX, K3
	VBROADCASTSS QuadLevel_ones(SI), X12
	MOVQ $0x3ff0000000000000, AX // 1.0
	MOVQ AX, X13
	VPBROADCASTQ X13, Y13
	VMOVDQU ·traceGatherHalf(SB), Y14
	MOVL QuadLevel_Mode(SI), R15
	XORQ BX, BX // 4·k

lloop:
	MOVQ DI, R8
	LEAQ (R8)(DX*1), R9
	LEAQ (R9)(DX*1), R10
	LEAQ (R10)(DX*1), R11
	MOVQ QuadLevel_Lane(SI), AX
	VMOVDQU (AX)(BX*1), X8
	MOVQ QuadLevel_Layer(SI), AX
	VMOVDQU (AX)(BX*1), X9
	VINSERTI128 $1, X9, Y8, Y0 // [Lane | Layer]

	// The weights: Y24–Y27 (a gather's all 1).
	CMPL R15, $3
	JEQ lones
	VMOVAPD Y13, Y3 // outer 1
	CMPL R15, $0
	JEQ louter
	MOVQ QuadLevel_Delta(SI), AX
	VMOVUPS (AX)(BX*1), X3 // δ
	CMPL R15, $2
	JEQ lwide
	VSUBPS X3, X12, X3 // 1 − δ

lwide:
	VCVTPS2PD X3, Y3

louter:
	MOVQ QuadLevel_FA(SI), AX
	VMOVUPS (AX)(BX*1), X5 // wa1 = fa
	VSUBPS X5, X12, X4     // wa0 = 1 − fa
	MOVQ QuadLevel_FB(SI), AX
	VMOVUPS (AX)(BX*1), X7 // wb1 = fb
	VSUBPS X7, X12, X6     // wb0 = 1 − fb
	VMULPS X6, X4, X11
	VCVTPS2PD X11, Y11
	VMULPD Y11, Y3, Y24
	VMULPS X6, X5, X11
	VCVTPS2PD X11, Y11
	VMULPD Y11, Y3, Y25
	VMULPS X7, X4, X11
	VCVTPS2PD X11, Y11
	VMULPD Y11, Y3, Y26
	VMULPS X7, X5, X11
	VCVTPS2PD X11, Y11
	VMULPD Y11, Y3, Y27
	JMP lquad

lones:
	VMOVAPD Y13, Y24
	VMOVAPD Y13, Y25
	VMOVAPD Y13, Y26
	VMOVAPD Y13, Y27

lquad:
	// base = o0 − off − layer·ls; j0 = base / yd, c0 = base − j0·yd,
	// i0 = c0 / xd, i1 = (o1 − o0 + c0) / xd, j1 = (o2 − o0 + base) / yd.
	MOVQ (QuadLevel_O+0)(SI), AX
	VMOVDQU (AX)(BX*1), X3 // o0
	VPMULLD X23, X9, X4
	VPSUBD X22, X3, X5
	VPSUBD X4, X5, X5 // base
	DIVIDE(X5, Y16, X17, X30)
	VPMULLD X18, X30, X4
	VPSUBD X4, X5, X6 // c0
	DIVIDE(X6, Y19, X20, X28)
	MOVQ (QuadLevel_O+8)(SI), AX
	VMOVDQU (AX)(BX*1), X4
	VPSUBD X3, X4, X4
	VPADDD X6, X4, X4
	DIVIDE(X4, Y19, X20, X29)
	MOVQ (QuadLevel_O+16)(SI), AX
	VMOVDQU (AX)(BX*1), X4
	VPSUBD X3, X4, X4
	VPADDD X5, X4, X4
	DIVIDE(X4, Y16, X17, X31)

	CMPB QuadLevel_BC(SI), $0
	JNE lbc
	CMPL R15, $3
	JEQ lgather
	TEXELR(0, Y28, X30, 0, Y24)
	TEXELR(1, Y29, X30, 1, Y25)
	TEXELR(2, Y28, X31, 2, Y26)
	TEXELR(3, Y29, X31, 3, Y27)
	JMP lnext

lgather: // (i0, j1, o2), (i1, j1, o3), (i1, j0, o1), (i0, j0, o0)
	TEXELG(0, Y28, X31, 2)
	TEXELG(1, Y29, X31, 3)
	TEXELG(2, Y29, X30, 1)
	TEXELG(3, Y28, X30, 0)

	JMP lnext

lbc:
	// A BC view's blocks: rows R(j) = BOff + layer·BLS + ⌊j/4⌋·BYB in X4
	// (j0) and X5 (j1), columns C(i) = ⌊i/4⌋·BXB in X6, X7, and the
	// indices' parts (i mod 4) in X3, X14 and (j mod 4)·4 in X15, X9.
	VPBROADCASTD QuadLevel_BLS(SI), X10
	VPMULLD X10, X9, X9
	VPBROADCASTD QuadLevel_BOff(SI), X10
	VPADDD X10, X9, X9
	VPBROADCASTD QuadLevel_BYB(SI), X10
	VPSRLD $2, X30, X4
	VPMULLD X10, X4, X4
	VPADDD X9, X4, X4
	VPSRLD $2, X31, X5
	VPMULLD X10, X5, X5
	VPADDD X9, X5, X5
	VPBROADCASTD QuadLevel_BXB(SI), X10
	VPSRLD $2, X28, X6
	VPMULLD X10, X6, X6
	VPSRLD $2, X29, X7
	VPMULLD X10, X7, X7
	VPBROADCASTD QuadLevel_three(SI), X10
	VPANDD X10, X28, X3
	VPANDD X10, X29, X14
	VPANDD X10, X30, X15
	VPSLLD $2, X15, X15
	VPANDD X10, X31, X9
	VPSLLD $2, X9, X9
	CMPL R15, $3
	JEQ lbcgather
	TEXELBC(0, Y28, X30, X6, X4, X3, X15, Y24)
	TEXELBC(1, Y29, X30, X7, X4, X14, X15, Y25)
	TEXELBC(2, Y28, X31, X6, X5, X3, X9, Y26)
	TEXELBC(3, Y29, X31, X7, X5, X14, X9, Y27)
	JMP lnext

lbcgather:
	TEXELBC(0, Y28, X31, X6, X5, X3, X9, Y24)
	TEXELBC(1, Y29, X31, X7, X5, X14, X9, Y25)
	TEXELBC(2, Y29, X30, X7, X4, X14, X15, Y26)
	TEXELBC(3, Y28, X30, X6, X4, X3, X15, Y27)

lnext:
	LEAQ (R11)(DX*1), DI
	ADDQ $16, BX
	SUBQ $4, CX
	JNZ lloop
	VZEROUPPER
	RET
