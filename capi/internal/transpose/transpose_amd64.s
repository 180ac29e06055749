//go:build !purego

#include "textflag.h"

// func split2Asm(src, a, b *uint32, n int)
// Eight lanes an iteration: two 32-byte loads of (a, b) pairs, VSHUFPS to
// each component's words (in the order a0 a1 a4 a5 | a2 a3 a6 a7 within
// the 128-bit halves), VPERMPD to lane order. n is a multiple of 8.
TEXT ·split2Asm(SB), NOSPLIT, $0-32
	MOVQ src+0(FP), SI
	MOVQ a+8(FP), DI
	MOVQ b+16(FP), R8
	MOVQ n+24(FP), CX
	XORQ DX, DX
split2:
	CMPQ DX, CX
	JGE split2Done
	VMOVDQU (SI)(DX*8), Y0    // a0 b0 a1 b1 | a2 b2 a3 b3
	VMOVDQU 32(SI)(DX*8), Y1  // a4 b4 a5 b5 | a6 b6 a7 b7
	VSHUFPS $0x88, Y1, Y0, Y2 // a0 a1 a4 a5 | a2 a3 a6 a7
	VSHUFPS $0xDD, Y1, Y0, Y3 // b0 b1 b4 b5 | b2 b3 b6 b7
	VPERMPD $0xD8, Y2, Y2     // a0 .. a7
	VPERMPD $0xD8, Y3, Y3     // b0 .. b7
	VMOVDQU Y2, (DI)(DX*4)
	VMOVDQU Y3, (R8)(DX*4)
	ADDQ $8, DX
	JMP split2
split2Done:
	VZEROUPPER
	RET

// func interleave4Asm(dst, c0, c1, c2, c3 *uint32, n int)
// Eight lanes an iteration: a row's eight words from each of the four,
// unpacked to (r, g, b, a) quadruples of lanes 0-3 and 4-7 in the halves
// of four registers, and those halves put in lane order. n is a multiple
// of 8.
TEXT ·interleave4Asm(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ c0+8(FP), R8
	MOVQ c1+16(FP), R9
	MOVQ c2+24(FP), R10
	MOVQ c3+32(FP), R11
	MOVQ n+40(FP), CX
	XORQ DX, DX
	MOVQ DI, SI
interleave4:
	CMPQ DX, CX
	JGE interleave4Done
	VMOVDQU (R8)(DX*4), Y0
	VMOVDQU (R9)(DX*4), Y1
	VMOVDQU (R10)(DX*4), Y2
	VMOVDQU (R11)(DX*4), Y3
	VPUNPCKLDQ Y1, Y0, Y4   // r0 g0 r1 g1 | r4 g4 r5 g5
	VPUNPCKHDQ Y1, Y0, Y5   // r2 g2 r3 g3 | r6 g6 r7 g7
	VPUNPCKLDQ Y3, Y2, Y6   // b0 a0 b1 a1 | b4 a4 b5 a5
	VPUNPCKHDQ Y3, Y2, Y7   // b2 a2 b3 a3 | b6 a6 b7 a7
	VPUNPCKLQDQ Y6, Y4, Y0  // lane 0 | lane 4
	VPUNPCKHQDQ Y6, Y4, Y1  // lane 1 | lane 5
	VPUNPCKLQDQ Y7, Y5, Y2  // lane 2 | lane 6
	VPUNPCKHQDQ Y7, Y5, Y3  // lane 3 | lane 7
	VPERM2I128 $0x20, Y1, Y0, Y4 // lanes 0, 1
	VPERM2I128 $0x20, Y3, Y2, Y5 // lanes 2, 3
	VPERM2I128 $0x31, Y1, Y0, Y6 // lanes 4, 5
	VPERM2I128 $0x31, Y3, Y2, Y7 // lanes 6, 7
	VMOVDQU Y4, (SI)
	VMOVDQU Y5, 32(SI)
	VMOVDQU Y6, 64(SI)
	VMOVDQU Y7, 96(SI)
	ADDQ $128, SI
	ADDQ $8, DX
	JMP interleave4
interleave4Done:
	VZEROUPPER
	RET
