//go:build goexperiment.simd

#include "textflag.h"

// AVX2 gathered loads for the vector kernels (kernels_simd.go): eight
// 32-bit words per VPGATHERDD, from byte offsets that the callers have
// checked to lie inside the texel data (texelsInside). Each gather takes an
// all-ones mask (VPGATHERDD clears it). n is a multiple of 8.
//
// Rows of [4][laneChunk]int32 and [..][laneChunk]uint32 are 256 bytes apart.

// func gatherWords(d *byte, o *int32, n int, t *uint32)
// t[k] = word at d + o[k], k < n.
TEXT ·gatherWords(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	XORQ DX, DX
words:
	CMPQ DX, CX
	JGE wordsDone
	VPCMPEQD Y15, Y15, Y15
	VMOVDQU (SI)(DX*4), Y0
	VPGATHERDD Y15, (AX)(Y0*1), Y1
	VMOVDQU Y1, (DI)(DX*4)
	ADDQ $8, DX
	JMP words
wordsDone:
	VZEROUPPER
	RET

// func gatherFootprints(d *byte, o *[4][laneChunk]int32, n int, t *[4][laneChunk]uint32)
// t[q][k] = word at d + o[q][k], q < 4, k < n: the four texels of each
// footprint in a 32-bit format.
TEXT ·gatherFootprints(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	XORQ DX, DX
fp4:
	CMPQ DX, CX
	JGE fp4Done
	VPCMPEQD Y15, Y15, Y15
	VPCMPEQD Y14, Y14, Y14
	VPCMPEQD Y13, Y13, Y13
	VPCMPEQD Y12, Y12, Y12
	VMOVDQU (SI)(DX*4), Y0
	VMOVDQU 256(SI)(DX*4), Y2
	VMOVDQU 512(SI)(DX*4), Y4
	VMOVDQU 768(SI)(DX*4), Y6
	VPGATHERDD Y15, (AX)(Y0*1), Y1
	VPGATHERDD Y14, (AX)(Y2*1), Y3
	VPGATHERDD Y13, (AX)(Y4*1), Y5
	VPGATHERDD Y12, (AX)(Y6*1), Y7
	VMOVDQU Y1, (DI)(DX*4)
	VMOVDQU Y3, 256(DI)(DX*4)
	VMOVDQU Y5, 512(DI)(DX*4)
	VMOVDQU Y7, 768(DI)(DX*4)
	ADDQ $8, DX
	JMP fp4
fp4Done:
	VZEROUPPER
	RET

#define GATHER4(c) \
	VPCMPEQD Y15, Y15, Y15; VPGATHERDD Y15, (4*c)(AX)(Y0*1), Y1; VMOVDQU Y1, (1024*c)(DI)(DX*4); \
	VPCMPEQD Y14, Y14, Y14; VPGATHERDD Y14, (4*c)(AX)(Y2*1), Y3; VMOVDQU Y3, (1024*c+256)(DI)(DX*4); \
	VPCMPEQD Y13, Y13, Y13; VPGATHERDD Y13, (4*c)(AX)(Y4*1), Y5; VMOVDQU Y5, (1024*c+512)(DI)(DX*4); \
	VPCMPEQD Y12, Y12, Y12; VPGATHERDD Y12, (4*c)(AX)(Y6*1), Y7; VMOVDQU Y7, (1024*c+768)(DI)(DX*4)

// func gatherFootprints128(d *byte, o *[4][laneChunk]int32, n int, t *[4][4][laneChunk]uint32)
// t[c][q][k] = word c of the 16-byte texel at d + o[q][k]: the four
// texels of each footprint in a 128-bit format, by channel.
TEXT ·gatherFootprints128(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	XORQ DX, DX
fp16:
	CMPQ DX, CX
	JGE fp16Done
	VMOVDQU (SI)(DX*4), Y0
	VMOVDQU 256(SI)(DX*4), Y2
	VMOVDQU 512(SI)(DX*4), Y4
	VMOVDQU 768(SI)(DX*4), Y6
	GATHER4(0)
	GATHER4(1)
	GATHER4(2)
	GATHER4(3)
	ADDQ $8, DX
	JMP fp16
fp16Done:
	VZEROUPPER
	RET

// func log2Tables(idx *[8]int32, m0, inv *[8]float64)
// m0[e], inv[e] = log2M0[idx[e]], log2Inv[idx[e]]; every idx[e] is in
// [0, 255] (log2f8 masks them).
TEXT ·log2Tables(SB), NOSPLIT, $0-24
	MOVQ idx+0(FP), AX
	MOVQ m0+8(FP), BX
	MOVQ inv+16(FP), CX
	LEAQ ·log2M0(SB), SI
	LEAQ ·log2Inv(SB), DI
	VMOVDQU (AX), X0
	VMOVDQU 16(AX), X1
	VPCMPEQD Y15, Y15, Y15
	VPCMPEQD Y14, Y14, Y14
	VPCMPEQD Y13, Y13, Y13
	VPCMPEQD Y12, Y12, Y12
	VGATHERDPD Y15, (SI)(X0*8), Y2
	VGATHERDPD Y14, (SI)(X1*8), Y3
	VGATHERDPD Y13, (DI)(X0*8), Y4
	VGATHERDPD Y12, (DI)(X1*8), Y5
	VMOVUPD Y2, (BX)
	VMOVUPD Y3, 32(BX)
	VMOVUPD Y4, (CX)
	VMOVUPD Y5, 32(CX)
	VZEROUPPER
	RET
