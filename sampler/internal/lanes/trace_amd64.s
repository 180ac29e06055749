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
