//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// AVX2 forms of the BC kernels' window stages (bcwindow.go): the window's
// bounds and each footprint texel's place in it (bcWindowIndex), BC1's
// decode of the window's blocks (bc1DecodeWindow), and the bilinear and
// gather kernels on the decoded texels (bcFilterWindow, bcGatherWindow),
// eight entries or blocks per instruction, with the Go forms' integer and
// binary32 operations in their order (no fused multiply-add). n is a
// multiple of 8; rows of [4][laneChunk]int32 are 256 bytes apart, rows of
// bcWindow.tex 4·16·bcWindowSlots = 4096.

DATA bcBig<>+0(SB)/4, $0x7fffffff
GLOBL bcBig<>(SB), RODATA|NOPTR, $4

DATA bcThree<>+0(SB)/4, $3
GLOBL bcThree<>(SB), RODATA|NOPTR, $4

DATA bcLow16<>+0(SB)/4, $0xffff
GLOBL bcLow16<>(SB), RODATA|NOPTR, $4

// bcShifts: the shifts of texels 0–7's and 8–15's 2-bit indices.
DATA bcShifts<>+0(SB)/4, $0
DATA bcShifts<>+4(SB)/4, $2
DATA bcShifts<>+8(SB)/4, $4
DATA bcShifts<>+12(SB)/4, $6
DATA bcShifts<>+16(SB)/4, $8
DATA bcShifts<>+20(SB)/4, $10
DATA bcShifts<>+24(SB)/4, $12
DATA bcShifts<>+28(SB)/4, $14
DATA bcShifts<>+32(SB)/4, $16
DATA bcShifts<>+36(SB)/4, $18
DATA bcShifts<>+40(SB)/4, $20
DATA bcShifts<>+44(SB)/4, $22
DATA bcShifts<>+48(SB)/4, $24
DATA bcShifts<>+52(SB)/4, $26
DATA bcShifts<>+56(SB)/4, $28
DATA bcShifts<>+60(SB)/4, $30
GLOBL bcShifts<>(SB), RODATA|NOPTR, $64

// bcThrees: 3 in each of eight words.
DATA bcThrees<>+0(SB)/4, $3
DATA bcThrees<>+4(SB)/4, $3
DATA bcThrees<>+8(SB)/4, $3
DATA bcThrees<>+12(SB)/4, $3
DATA bcThrees<>+16(SB)/4, $3
DATA bcThrees<>+20(SB)/4, $3
DATA bcThrees<>+24(SB)/4, $3
DATA bcThrees<>+28(SB)/4, $3
GLOBL bcThrees<>(SB), RODATA|NOPTR, $32

// HMIN(y, x) and HMAX(y, x) reduce the words of y (x its X register) to
// their least (greatest) in every word of x, using X0.
#define HMIN(y, x) \
	VEXTRACTI128 $1, y, X0; VPMINSD X0, x, x; VPSHUFD $0x4E, x, X0; VPMINSD X0, x, x; \
	VPSHUFD $0xB1, x, X0; VPMINSD X0, x, x
#define HMAX(y, x) \
	VEXTRACTI128 $1, y, X0; VPMAXSD X0, x, x; VPSHUFD $0x4E, x, X0; VPMAXSD X0, x, x; \
	VPSHUFD $0xB1, x, X0; VPMAXSD X0, x, x

// func bcWindowIndex(o *[4][laneChunk]int32, n int, p *bcWindowParams, idx *[4][laneChunk]int32) bool
// bcWindowIndexGo: the bounds of the footprints' window columns and rows
// and the test of their key (one pass over the four rows of offsets),
// then the places (a second pass).
TEXT ·bcWindowIndex(SB), NOSPLIT, $0-33
	MOVQ o+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ p+16(FP), R8
	MOVQ idx+24(FP), DI
	VPBROADCASTD bcWindowParams_im(R8), Y15
	VPBROADCASTD bcWindowParams_jm(R8), Y14
	VMOVD bcWindowParams_jsh(R8), X13
	VMOVD bcWindowParams_lsh(R8), X12
	VPBROADCASTD bcWindowParams_key(R8), Y11
	VPBROADCASTD bcWindowParams_rx(R8), Y10
	VPBROADCASTD bcWindowParams_ry(R8), Y9
	VPBROADCASTD bcWindowParams_mx(R8), Y8
	VPBROADCASTD bcWindowParams_my(R8), Y7
	VPXOR Y6, Y6, Y6               // the key's differences, ORed
	VPBROADCASTD bcBig<>(SB), Y5   // the least column
	VPCMPEQD Y4, Y4, Y4            // the greatest (−1)
	VMOVDQA Y5, Y3                 // the least row
	VMOVDQA Y4, Y2                 // the greatest
	MOVQ SI, R9
	MOVQ $4, R10
wiRows:
	XORQ DX, DX
wiBounds:
	CMPQ DX, CX
	JGE wiNextRow
	VMOVDQU (R9)(DX*4), Y0
	VPSRAD X12, Y0, Y1
	VPXOR Y11, Y1, Y1
	VPOR Y1, Y6, Y6
	VPAND Y15, Y0, Y1 // i
	VPSRAD $2, Y1, Y1
	VPSUBD Y10, Y1, Y1
	VPAND Y8, Y1, Y1  // the column
	VPMINSD Y1, Y5, Y5
	VPMAXSD Y1, Y4, Y4
	VPSRAD X13, Y0, Y0
	VPAND Y14, Y0, Y0 // j
	VPSRAD $2, Y0, Y0
	VPSUBD Y9, Y0, Y0
	VPAND Y7, Y0, Y0  // the row
	VPMINSD Y0, Y3, Y3
	VPMAXSD Y0, Y2, Y2
	ADDQ $8, DX
	JMP wiBounds
wiNextRow:
	ADDQ $256, R9
	DECQ R10
	JNZ wiRows
	VPTEST Y6, Y6
	JNZ wiFail
	HMIN(Y5, X5)
	HMAX(Y4, X4)
	HMIN(Y3, X3)
	HMAX(Y2, X2)
	VMOVD X5, R11 // bx0
	VMOVD X4, R12
	VMOVD X3, R13 // by0
	VMOVD X2, R14
	SUBL R11, R12
	INCL R12      // bw
	SUBL R13, R14
	INCL R14      // bh
	CMPL R12, $const_bcWindowSlots
	JG wiFail
	CMPL R14, $const_bcWindowSlots
	JG wiFail
	MOVL R12, AX
	IMULL R14, AX
	CMPL AX, $const_bcWindowSlots
	JG wiFail
	MOVL R11, bcWindowParams_bx0(R8)
	MOVL R13, bcWindowParams_by0(R8)
	MOVL R12, bcWindowParams_bw(R8)
	MOVL R14, bcWindowParams_bh(R8)
	VPBROADCASTD bcWindowParams_bx0(R8), Y6
	VPBROADCASTD bcWindowParams_by0(R8), Y5
	VPBROADCASTD bcWindowParams_bw(R8), Y4
	VPBROADCASTD bcThree<>(SB), Y12
	MOVQ SI, R9
	MOVQ DI, BX
	MOVQ $4, R10
wiPlaceRows:
	XORQ DX, DX
wiPlaces:
	CMPQ DX, CX
	JGE wiNextPlaceRow
	VMOVDQU (R9)(DX*4), Y0
	VPAND Y15, Y0, Y1 // i
	VPSRAD X13, Y0, Y0
	VPAND Y14, Y0, Y0 // j
	VPSRAD $2, Y1, Y2
	VPSUBD Y10, Y2, Y2
	VPAND Y8, Y2, Y2
	VPSUBD Y6, Y2, Y2 // the window's column
	VPSRAD $2, Y0, Y3
	VPSUBD Y9, Y3, Y3
	VPAND Y7, Y3, Y3
	VPSUBD Y5, Y3, Y3 // and row
	VPMULLD Y4, Y3, Y3
	VPADDD Y2, Y3, Y3
	VPSLLD $4, Y3, Y3 // the block's first texel
	VPAND Y12, Y1, Y1
	VPAND Y12, Y0, Y0
	VPSLLD $2, Y0, Y0
	VPOR Y1, Y0, Y0
	VPOR Y0, Y3, Y3
	VMOVDQU Y3, (BX)(DX*4)
	ADDQ $8, DX
	JMP wiPlaces
wiNextPlaceRow:
	ADDQ $256, R9
	ADDQ $256, BX
	DECQ R10
	JNZ wiPlaceRows
	MOVB $1, ret+32(FP)
	VZEROUPPER
	RET
wiFail:
	MOVB $0, ret+32(FP)
	VZEROUPPER
	RET

// PALETTE(tab) computes channel c's four palette entries of the eight
// blocks from their endpoints e0 (Y4) and e1 (Y5), the four-colour mode's
// mask in Y3: the numerators n0 = 6e0, n1 = 6e1, n2 = 4e0 + 2e1 (four
// colours) or 3(e0 + e1), n3 = 2e0 + 4e1 (four colours) or 0, gathered
// from the table at tab (float32 n/6m) into Y4–Y7.
#define PALETTE(tab) \
	VPADDD Y4, Y4, Y6; VPADDD Y5, Y5, Y7; \
	VPADDD Y6, Y6, Y8; VPADDD Y7, Y7, Y9; \
	VPADDD Y6, Y8, Y10; VPADDD Y7, Y9, Y11; \
	VPADDD Y7, Y8, Y8; VPADDD Y6, Y9, Y9; \
	VPADDD Y4, Y5, Y12; VPADDD Y12, Y12, Y13; VPADDD Y13, Y12, Y12; \
	VPBLENDVB Y3, Y8, Y12, Y12; VPAND Y3, Y9, Y9; \
	VPCMPEQD Y14, Y14, Y14; VGATHERDPS Y14, (tab)(Y10*4), Y4; \
	VPCMPEQD Y14, Y14, Y14; VGATHERDPS Y14, (tab)(Y11*4), Y5; \
	VPCMPEQD Y14, Y14, Y14; VGATHERDPS Y14, (tab)(Y12*4), Y6; \
	VPCMPEQD Y14, Y14, Y14; VGATHERDPS Y14, (tab)(Y9*4), Y7

// STOREPAL(c) stores the entries Y4–Y7 of channel c as each block's four
// (pal[b][c], at R10): a transpose of 4×8 into eight rows of 4.
#define STOREPAL(c) \
	VUNPCKLPS Y5, Y4, Y8; VUNPCKHPS Y5, Y4, Y9; VUNPCKLPS Y7, Y6, Y10; VUNPCKHPS Y7, Y6, Y11; \
	VUNPCKLPD Y10, Y8, Y4; VUNPCKHPD Y10, Y8, Y5; VUNPCKLPD Y11, Y9, Y6; VUNPCKHPD Y11, Y9, Y7; \
	VMOVUPS X4, (0*64+16*c)(R10); VEXTRACTF128 $1, Y4, (4*64+16*c)(R10); \
	VMOVUPS X5, (1*64+16*c)(R10); VEXTRACTF128 $1, Y5, (5*64+16*c)(R10); \
	VMOVUPS X6, (2*64+16*c)(R10); VEXTRACTF128 $1, Y6, (6*64+16*c)(R10); \
	VMOVUPS X7, (3*64+16*c)(R10); VEXTRACTF128 $1, Y7, (7*64+16*c)(R10)

// EXPAND(b) writes block b's sixteen texels, channel by channel, to
// tex[c][16·(s0+b) …] (R13 = tex + 64·s0): each texel its 2-bit index's
// palette entry (VPERMPS of the entries, broadcast to both halves).
#define EXPAND(b) \
	MOVL (4*b)(SI)(R11*4), R12; MOVL 4(AX)(R12*1), R12; \
	VMOVD R12, X8; VPBROADCASTD X8, Y8; \
	VPSRLVD bcShifts<>+0(SB), Y8, Y9; VPAND bcThrees<>(SB), Y9, Y9; \
	VPSRLVD bcShifts<>+32(SB), Y8, Y10; VPAND bcThrees<>(SB), Y10, Y10; \
	VBROADCASTF128 (b*64+0)(R10), Y11; VPERMPS Y11, Y9, Y4; VPERMPS Y11, Y10, Y5; \
	VMOVUPS Y4, (b*64+0*4096)(R13); VMOVUPS Y5, (b*64+0*4096+32)(R13); \
	VBROADCASTF128 (b*64+16)(R10), Y11; VPERMPS Y11, Y9, Y4; VPERMPS Y11, Y10, Y5; \
	VMOVUPS Y4, (b*64+1*4096)(R13); VMOVUPS Y5, (b*64+1*4096+32)(R13); \
	VBROADCASTF128 (b*64+32)(R10), Y11; VPERMPS Y11, Y9, Y4; VPERMPS Y11, Y10, Y5; \
	VMOVUPS Y4, (b*64+2*4096)(R13); VMOVUPS Y5, (b*64+2*4096+32)(R13); \
	VBROADCASTF128 (b*64+48)(R10), Y11; VPERMPS Y11, Y9, Y4; VPERMPS Y11, Y10, Y5; \
	VMOVUPS Y4, (b*64+3*4096)(R13); VMOVUPS Y5, (b*64+3*4096+32)(R13)

// func bc1DecodeWindow(d *byte, offs *[bcWindowSlots]int32, ns int, tab *bc1Tables, punch bool, tex *[4][bcWindowSlots * 16]float32, pal *[8][4][4]float32)
// bc1DecodeWindowGo for the blocks s < ns rounded up to a multiple of 8
// (offs holds their offsets), eight at a time: the endpoints and the mode
// of eight blocks (one gather), their palettes channel by channel (four
// gathers from the tables each), transposed to pal, then each block's
// texels from its palette.
TEXT ·bc1DecodeWindow(SB), NOSPLIT, $0-56
	MOVQ d+0(FP), AX
	MOVQ offs+8(FP), SI
	MOVQ ns+16(FP), CX
	MOVQ tab+24(FP), R8
	LEAQ bc1Tables_g(R8), R9
	MOVQ tex+40(FP), DI
	MOVQ pal+48(FP), R10
	XORQ R11, R11
bc1Blocks:
	CMPQ R11, CX
	JGE bc1Done
	VMOVDQU (SI)(R11*4), Y0
	VPCMPEQD Y14, Y14, Y14
	VPGATHERDD Y14, (AX)(Y0*1), Y1 // c0 | c1<<16
	VPSRLD $16, Y1, Y2             // c1
	VPBROADCASTD bcLow16<>(SB), Y0
	VPAND Y0, Y1, Y1               // c0
	VPCMPGTD Y2, Y1, Y3            // c0 > c1: four colours
	// Red: bits 11–15.
	VPSRLD $11, Y1, Y4
	VPSRLD $11, Y2, Y5
	PALETTE(R8)
	STOREPAL(0)
	// Green: bits 5–10.
	VPBROADCASTD bcLow16<>(SB), Y0
	VPSRLD $10, Y0, Y0             // 63
	VPSRLD $5, Y1, Y4
	VPAND Y0, Y4, Y4
	VPSRLD $5, Y2, Y5
	VPAND Y0, Y5, Y5
	PALETTE(R9)
	STOREPAL(1)
	// Blue: bits 0–4.
	VPBROADCASTD bcLow16<>(SB), Y0
	VPSRLD $11, Y0, Y0             // 31
	VPAND Y0, Y1, Y4
	VPAND Y0, Y2, Y5
	PALETTE(R8)
	STOREPAL(2)
	// Alpha: 1, but the three-colour mode's fourth colour with punch.
	VBROADCASTSS ·asmOne(SB), Y4
	VMOVAPS Y4, Y5
	VMOVAPS Y4, Y6
	VMOVAPS Y4, Y7
	CMPB punch+32(FP), $0
	JEQ bc1Alpha
	VANDPS Y3, Y7, Y7
bc1Alpha:
	STOREPAL(3)
	MOVQ R11, R13
	SHLQ $6, R13
	ADDQ DI, R13
	EXPAND(0)
	EXPAND(1)
	EXPAND(2)
	EXPAND(3)
	EXPAND(4)
	EXPAND(5)
	EXPAND(6)
	EXPAND(7)
	ADDQ $8, R11
	JMP bc1Blocks
bc1Done:
	VZEROUPPER
	RET

// BCWEIGHTS sets Y8–Y11 to the bilinear weights of the group's fractions
// (fa at DI, fb at R10): bilinearWeights' operations.
#define BCWEIGHTS \
	VMOVUPS (DI)(DX*4), Y0; VMOVUPS (R10)(DX*4), Y1; VBROADCASTSS ·asmOne(SB), Y2; \
	VSUBPS Y0, Y2, Y3; VSUBPS Y1, Y2, Y12; \
	VMULPS Y12, Y3, Y8; VMULPS Y12, Y0, Y9; VMULPS Y1, Y3, Y10; VMULPS Y1, Y0, Y11

// BCTERM(i, w) adds w times the texels of row R12 at the places i to Y1.
#define BCTERM(i, w) \
	VPCMPEQD Y13, Y13, Y13; VGATHERDPS Y13, (R12)(i*4), Y0; VMULPS w, Y0, Y0; VADDPS Y0, Y1, Y1

// BCCHANNEL(c) filters channel c (the rows of tex at AX) of the group's
// footprints (places in Y4–Y7) and stores it to out[c][k..k+8].
#define BCCHANNEL(c) \
	LEAQ (c*4096)(AX), R12; VXORPS Y1, Y1, Y1; \
	BCTERM(Y4, Y8); BCTERM(Y5, Y9); BCTERM(Y6, Y10); BCTERM(Y7, Y11); \
	MOVQ (8*c)(R11), R13; VMOVUPS Y1, (R13)(DX*4)

// func bcFilterWindow(tex *[4][bcWindowSlots * 16]float32, idx *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
// bcFilterWindowGo, eight entries at a time.
TEXT ·bcFilterWindow(SB), NOSPLIT, $0-48
	MOVQ tex+0(FP), AX
	MOVQ idx+8(FP), SI
	MOVQ fa+16(FP), DI
	MOVQ fb+24(FP), R10
	MOVQ n+32(FP), CX
	MOVQ out+40(FP), R11
	XORQ DX, DX
bfLoop:
	CMPQ DX, CX
	JGE bfDone
	BCWEIGHTS
	VMOVDQU (SI)(DX*4), Y4
	VMOVDQU 256(SI)(DX*4), Y5
	VMOVDQU 512(SI)(DX*4), Y6
	VMOVDQU 768(SI)(DX*4), Y7
	BCCHANNEL(0)
	BCCHANNEL(1)
	BCCHANNEL(2)
	BCCHANNEL(3)
	ADDQ $8, DX
	JMP bfLoop
bfDone:
	VZEROUPPER
	RET

// BCGATHERED(r, q) stores result component r of the gathers: texel q's
// channel (Y8: the channel's row, in texels) to out[r][k..k+8].
#define BCGATHERED(r, q) \
	VMOVDQU (256*q)(SI)(DX*4), Y0; VPADDD Y8, Y0, Y0; \
	VPCMPEQD Y13, Y13, Y13; VGATHERDPS Y13, (AX)(Y0*4), Y1; \
	MOVQ (8*r)(R11), R13; VMOVUPS Y1, (R13)(DX*4)

// func bcGatherWindow(tex *[4][bcWindowSlots * 16]float32, idx *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut)
// bcGatherWindowGo, eight entries at a time.
TEXT ·bcGatherWindow(SB), NOSPLIT, $0-40
	MOVQ tex+0(FP), AX
	MOVQ idx+8(FP), SI
	MOVQ ch+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), R11
	VPBROADCASTD bcThree<>(SB), Y9
	XORQ DX, DX
bgLoop:
	CMPQ DX, CX
	JGE bgDone
	VPMOVZXBD (DI)(DX*1), Y8
	VPAND Y9, Y8, Y8
	VPSLLD $10, Y8, Y8 // 1024 texels a row
	BCGATHERED(0, 2)
	BCGATHERED(1, 3)
	BCGATHERED(2, 1)
	BCGATHERED(3, 0)
	ADDQ $8, DX
	JMP bgLoop
bgDone:
	VZEROUPPER
	RET
