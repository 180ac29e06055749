//go:build goexperiment.simd

#include "textflag.h"

// AVX2 texel reads for the vector kernels (kernels_simd.go), from byte
// offsets that the callers have checked to lie inside the texel data
// (texelsInside): eight 32-bit words per VPGATHERDD (each gather takes an
// all-ones mask, which VPGATHERDD clears), or, for footprints, each row's
// two adjacent texels in one load and a transpose. n is a multiple of 8.
//
// Rows of [4][laneChunk]int32 and [..][laneChunk]uint32 are 256 bytes apart.

// func gatherWords(d *byte, o *int32, n int, t *uint32)
// t[k] = word at d + o[k], k < n (a multiple of 8), eight at a time: one
// 8-byte gather of four where each even k's next word is its neighbour's
// (o[k+1] = o[k] + 4, as a quad's two pixels in a row fetch), else one
// 4-byte gather of eight (every o[k] is inside the data, so the 8-byte
// reads are too).
TEXT ·gatherWords(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	XORQ DX, DX
	MOVL $4, R9
	VMOVD R9, X14
	VPBROADCASTD X14, Y14 // the step between a pair's offsets
words:
	CMPQ DX, CX
	JGE wordsDone
	VMOVDQU (SI)(DX*4), Y0
	VPSRLQ $32, Y0, Y1 // o[k+1] at k, for even k
	VPSUBD Y0, Y1, Y1
	VPCMPEQD Y14, Y1, Y1
	VMOVMSKPS Y1, R9
	ANDL $0x55, R9
	CMPL R9, $0x55
	JNE wordsSingle
	VPSHUFD $0x08, Y0, Y2 // o[k] for even k, in each half's low two dwords
	VPERMQ $0x08, Y2, Y2  // all four in X2
	VPCMPEQD Y15, Y15, Y15
	VPGATHERDQ Y15, (AX)(X2*1), Y1
	JMP wordsStore
wordsSingle:
	VPCMPEQD Y15, Y15, Y15
	VPGATHERDD Y15, (AX)(Y0*1), Y1
wordsStore:
	VMOVDQU Y1, (DI)(DX*4)
	ADDQ $8, DX
	JMP words
wordsDone:
	VZEROUPPER
	RET

// GATHER4(c) gathers word c of the 16-byte texels at the offsets in Y0,
// Y2, Y4, Y6 (texels 0–3 of eight footprints) to t[c][0..3][k..] at DI +
// 4·DX (gatherRows128's groups that a wrap separates).
#define GATHER4(c) \
	VPCMPEQD Y15, Y15, Y15; VPGATHERDD Y15, (4*c)(AX)(Y0*1), Y1; VMOVDQU Y1, (1024*c)(DI)(DX*4); \
	VPCMPEQD Y14, Y14, Y14; VPGATHERDD Y14, (4*c)(AX)(Y2*1), Y3; VMOVDQU Y3, (1024*c+256)(DI)(DX*4); \
	VPCMPEQD Y13, Y13, Y13; VPGATHERDD Y13, (4*c)(AX)(Y4*1), Y5; VMOVDQU Y5, (1024*c+512)(DI)(DX*4); \
	VPCMPEQD Y12, Y12, Y12; VPGATHERDD Y12, (4*c)(AX)(Y6*1), Y7; VMOVDQU Y7, (1024*c+768)(DI)(DX*4)

// ADJACENT(step, other) sets BX to the offsets of the group at DX (o[0][DX],
// 4 bytes each, rows 256 bytes apart) and jumps to other unless each
// footprint's texels (i1, j) lie step bytes after (i0, j) in both rows.
#define ADJACENT(step, other) \
	LEAQ (SI)(DX*4), BX; MOVL $step, R9; VMOVD R9, X15; VPBROADCASTD X15, Y15; \
	VMOVDQU (BX), Y0; VMOVDQU 256(BX), Y1; VMOVDQU 512(BX), Y2; VMOVDQU 768(BX), Y3; \
	VPSUBD Y0, Y1, Y1; VPSUBD Y2, Y3, Y3; VPCMPEQD Y15, Y1, Y1; VPCMPEQD Y15, Y3, Y3; \
	VPAND Y3, Y1, Y1; VMOVMSKPS Y1, R9; CMPL R9, $0xff; JNE other

// Eight rows of two adjacent 16-byte texels, Y0–Y7 (row j: texel x0's
// channels in the low half, x1's in the high half), transposed in place of
// a gather: column c of the rows is channel c of texel x0 of the eight
// footprints, column 4 + c channel c of texel x1. Rows are read from the
// byte offsets at (BX) (o[q][k..k+8]); the columns are stored to
// t[c][q][k..] and t[c][q+1][k..] at DI + 4·DX + qt (qt = 256·q).
#define ROWS(q) \
	MOVL (256*q+0)(BX), R8; VMOVUPS (AX)(R8*1), Y0; \
	MOVL (256*q+4)(BX), R8; VMOVUPS (AX)(R8*1), Y1; \
	MOVL (256*q+8)(BX), R8; VMOVUPS (AX)(R8*1), Y2; \
	MOVL (256*q+12)(BX), R8; VMOVUPS (AX)(R8*1), Y3; \
	MOVL (256*q+16)(BX), R8; VMOVUPS (AX)(R8*1), Y4; \
	MOVL (256*q+20)(BX), R8; VMOVUPS (AX)(R8*1), Y5; \
	MOVL (256*q+24)(BX), R8; VMOVUPS (AX)(R8*1), Y6; \
	MOVL (256*q+28)(BX), R8; VMOVUPS (AX)(R8*1), Y7; \
	VUNPCKLPS Y1, Y0, Y8; VUNPCKHPS Y1, Y0, Y9; \
	VUNPCKLPS Y3, Y2, Y10; VUNPCKHPS Y3, Y2, Y11; \
	VUNPCKLPS Y5, Y4, Y12; VUNPCKHPS Y5, Y4, Y13; \
	VUNPCKLPS Y7, Y6, Y14; VUNPCKHPS Y7, Y6, Y15; \
	VSHUFPS $0x44, Y10, Y8, Y0; VSHUFPS $0xEE, Y10, Y8, Y1; \
	VSHUFPS $0x44, Y11, Y9, Y2; VSHUFPS $0xEE, Y11, Y9, Y3; \
	VSHUFPS $0x44, Y14, Y12, Y4; VSHUFPS $0xEE, Y14, Y12, Y5; \
	VSHUFPS $0x44, Y15, Y13, Y6; VSHUFPS $0xEE, Y15, Y13, Y7; \
	VPERM2F128 $0x20, Y4, Y0, Y8; VPERM2F128 $0x31, Y4, Y0, Y9; \
	VPERM2F128 $0x20, Y5, Y1, Y10; VPERM2F128 $0x31, Y5, Y1, Y11; \
	VPERM2F128 $0x20, Y6, Y2, Y12; VPERM2F128 $0x31, Y6, Y2, Y13; \
	VPERM2F128 $0x20, Y7, Y3, Y14; VPERM2F128 $0x31, Y7, Y3, Y15; \
	VMOVUPS Y8, (256*q)(DI)(DX*4); VMOVUPS Y9, (256*q+256)(DI)(DX*4); \
	VMOVUPS Y10, (1024+256*q)(DI)(DX*4); VMOVUPS Y11, (1024+256*q+256)(DI)(DX*4); \
	VMOVUPS Y12, (2048+256*q)(DI)(DX*4); VMOVUPS Y13, (2048+256*q+256)(DI)(DX*4); \
	VMOVUPS Y14, (3072+256*q)(DI)(DX*4); VMOVUPS Y15, (3072+256*q+256)(DI)(DX*4)

// func gatherRows128(d *byte, o *[4][laneChunk]int32, n int, t *[4][4][laneChunk]uint32)
// t[c][q][k] = word c of the 16-byte texel at d + o[q][k], q < 4, k < n:
// the four texels of each footprint in a 128-bit format, by channel,
// reading each footprint's two rows with one 32-byte
// load each where the rows' texels are adjacent (o[1] = o[0] + 16 and
// o[3] = o[2] + 16 for all eight footprints of a group; every offset, and so
// every row's last byte, is inside the texel data) and gathering the
// groups where they are not (a wrap from the last column to the first).
TEXT ·gatherRows128(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	XORQ DX, DX
rows:
	CMPQ DX, CX
	JGE rowsDone
	ADJACENT(16, rowsGather)
	ROWS(0)
	ROWS(2)
	ADDQ $8, DX
	JMP rows
rowsGather:
	VMOVDQU (BX), Y0
	VMOVDQU 256(BX), Y2
	VMOVDQU 512(BX), Y4
	VMOVDQU 768(BX), Y6
	GATHER4(0)
	GATHER4(1)
	GATHER4(2)
	GATHER4(3)
	ADDQ $8, DX
	JMP rows
rowsDone:
	VZEROUPPER
	RET

// Eight rows of two adjacent 4-byte texels, read from the byte offsets at
// (BX) (o[q][k..k+8]) as 8-byte loads and split into texel x0's words
// (t[q][k..]) and x1's (t[q+1][k..]): X0 = rows 0, 1, X1 = rows 4, 5, X2 =
// rows 2, 3, X3 = rows 6, 7; VSHUFPS takes the even and the odd words of
// each half.
#define ROWS32(q) \
	MOVL (256*q+0)(BX), R8; MOVL (256*q+4)(BX), R9; VMOVQ (AX)(R8*1), X0; VPINSRQ $1, (AX)(R9*1), X0, X0; \
	MOVL (256*q+16)(BX), R8; MOVL (256*q+20)(BX), R9; VMOVQ (AX)(R8*1), X1; VPINSRQ $1, (AX)(R9*1), X1, X1; \
	MOVL (256*q+8)(BX), R8; MOVL (256*q+12)(BX), R9; VMOVQ (AX)(R8*1), X2; VPINSRQ $1, (AX)(R9*1), X2, X2; \
	MOVL (256*q+24)(BX), R8; MOVL (256*q+28)(BX), R9; VMOVQ (AX)(R8*1), X3; VPINSRQ $1, (AX)(R9*1), X3, X3; \
	VINSERTI128 $1, X1, Y0, Y0; VINSERTI128 $1, X3, Y2, Y2; \
	VSHUFPS $0x88, Y2, Y0, Y4; VSHUFPS $0xDD, Y2, Y0, Y5; \
	VMOVUPS Y4, (256*q)(DI)(DX*4); VMOVUPS Y5, (256*q+256)(DI)(DX*4)

// func gatherRows(d *byte, o *[4][laneChunk]int32, n int, t *[4][laneChunk]uint32)
// t[q][k] = word at d + o[q][k], q < 4, k < n: the four texels of each
// footprint in a 32-bit format, reading each footprint's two rows with one 8-byte load
// each where the rows' texels are adjacent (o[1] = o[0] + 4 and o[3] =
// o[2] + 4 for all eight footprints of a group) and gathering the groups
// where they are not.
TEXT ·gatherRows(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	XORQ DX, DX
rows32:
	CMPQ DX, CX
	JGE rows32Done
	ADJACENT(4, rows32Gather)
	ROWS32(0)
	ROWS32(2)
	ADDQ $8, DX
	JMP rows32
rows32Gather:
	VPCMPEQD Y15, Y15, Y15
	VPCMPEQD Y14, Y14, Y14
	VPCMPEQD Y13, Y13, Y13
	VPCMPEQD Y12, Y12, Y12
	VMOVDQU (BX), Y0
	VMOVDQU 256(BX), Y2
	VMOVDQU 512(BX), Y4
	VMOVDQU 768(BX), Y6
	VPGATHERDD Y15, (AX)(Y0*1), Y1
	VPGATHERDD Y14, (AX)(Y2*1), Y3
	VPGATHERDD Y13, (AX)(Y4*1), Y5
	VPGATHERDD Y12, (AX)(Y6*1), Y7
	VMOVDQU Y1, (DI)(DX*4)
	VMOVDQU Y3, 256(DI)(DX*4)
	VMOVDQU Y5, 512(DI)(DX*4)
	VMOVDQU Y7, 768(DI)(DX*4)
	ADDQ $8, DX
	JMP rows32
rows32Done:
	VZEROUPPER
	RET
