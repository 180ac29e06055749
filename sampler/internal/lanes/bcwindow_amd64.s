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

// HMIN(y, x) and HMAX(y, x) reduce the words of y (x its X register) to
// their least (greatest) in every word of x, using X0.
#define HMIN(y, x) \
	VEXTRACTI128 $1, y, X0; VPMINSD X0, x, x; VPSHUFD $0x4E, x, X0; VPMINSD X0, x, x; \
	VPSHUFD $0xB1, x, X0; VPMINSD X0, x, x
#define HMAX(y, x) \
	VEXTRACTI128 $1, y, X0; VPMAXSD X0, x, x; VPSHUFD $0x4E, x, X0; VPMAXSD X0, x, x; \
	VPSHUFD $0xB1, x, X0; VPMAXSD X0, x, x

// BOUNDS(q) adds row q's texels (offsets at 256·q(R9)) to the window's
// bounds: their key's difference to Y6, their columns to Y5 (least) and
// Y4 (greatest), their rows to Y3 and Y2.
#define BOUNDS(q) \
	VMOVDQU (256*q)(R9), Y0; \
	VPSRAD X12, Y0, Y1; VPXOR Y11, Y1, Y1; VPOR Y1, Y6, Y6; \
	VPAND Y15, Y0, Y1; VPSRAD $2, Y1, Y1; VPSUBD Y10, Y1, Y1; VPAND Y8, Y1, Y1; \
	VPMINSD Y1, Y5, Y5; VPMAXSD Y1, Y4, Y4; \
	VPSRAD X13, Y0, Y0; VPAND Y14, Y0, Y0; VPSRAD $2, Y0, Y0; VPSUBD Y9, Y0, Y0; VPAND Y7, Y0, Y0; \
	VPMINSD Y0, Y3, Y3; VPMAXSD Y0, Y2, Y2

// GRID adds to Y6 the differences that make a footprint no grid: texel
// (i1, j0)'s column against (i1, j1)'s and the rest against (i0, j0)'s;
// texel (i0, j1)'s column against (i0, j0)'s and the rest against (i1,
// j1)'s.
#define GRID \
	VMOVDQU 256(R9), Y0; VPXOR 768(R9), Y0, Y1; VPAND Y15, Y1, Y1; VPOR Y1, Y6, Y6; \
	VPXOR (R9), Y0, Y1; VPSRAD X13, Y1, Y1; VPOR Y1, Y6, Y6; \
	VMOVDQU 512(R9), Y0; VPXOR (R9), Y0, Y1; VPAND Y15, Y1, Y1; VPOR Y1, Y6, Y6; \
	VPXOR 768(R9), Y0, Y1; VPSRAD X13, Y1, Y1; VPOR Y1, Y6, Y6

// COLPART(q, b) sets b to the column parts, col<<8 + (i&3)<<4, and
// ROWPART(q, a) a to the row parts, (row·bw)<<8 + (j&3)<<6, of row q's
// texels; each takes Y0 and Y1.
#define COLPART(q, b) \
	VMOVDQU (256*q)(R9), Y0; VPAND Y15, Y0, Y1; \
	VPSRAD $2, Y1, b; VPSUBD Y10, b, b; VPAND Y8, b, b; VPSUBD Y6, b, b; VPSLLD $8, b, b; \
	VPAND Y12, Y1, Y1; VPSLLD $4, Y1, Y1; VPADDD Y1, b, b
#define ROWPART(q, a) \
	VMOVDQU (256*q)(R9), Y0; VPSRAD X13, Y0, Y0; VPAND Y14, Y0, Y0; \
	VPSRAD $2, Y0, a; VPSUBD Y9, a, a; VPAND Y7, a, a; VPSUBD Y5, a, a; VPMULLD Y4, a, a; VPSLLD $8, a, a; \
	VPAND Y12, Y0, Y0; VPSLLD $6, Y0, Y0; VPADDD Y0, a, a

// func bcWindowIndex(o *[4][laneChunk]int32, n int, p *bcWindowParams, idx *[4][laneChunk]int32) bool
// bcWindowIndexGo: the grid and key tests and the bounds of texels (i0,
// j0) and (i1, j1), then the places, as sums of the row and column parts
// (Y13 holds the shift of j throughout).
TEXT ·bcWindowIndex(SB), NOSPLIT, $0-33
	MOVQ o+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ p+16(FP), R8
	MOVQ idx+24(FP), DI
	VPBROADCASTD BCWindowParams_Im(R8), Y15
	VPBROADCASTD BCWindowParams_Jm(R8), Y14
	VMOVD BCWindowParams_Jsh(R8), X13
	VMOVD BCWindowParams_Lsh(R8), X12
	VPBROADCASTD BCWindowParams_Key(R8), Y11
	VPBROADCASTD BCWindowParams_Rx(R8), Y10
	VPBROADCASTD BCWindowParams_Ry(R8), Y9
	VPBROADCASTD BCWindowParams_Mx(R8), Y8
	VPBROADCASTD BCWindowParams_My(R8), Y7
	VPXOR Y6, Y6, Y6               // the differences, ORed
	VPBROADCASTD bcBig<>(SB), Y5   // the least column
	VPCMPEQD Y4, Y4, Y4            // the greatest (−1)
	VMOVDQA Y5, Y3                 // the least row
	VMOVDQA Y4, Y2                 // the greatest
	XORQ DX, DX
wiBounds:
	CMPQ DX, CX
	JGE wiBounded
	LEAQ (SI)(DX*4), R9
	GRID
	BOUNDS(0)
	BOUNDS(3)
	ADDQ $8, DX
	JMP wiBounds
wiBounded:
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
	CMPL R12, $const_BCWindowSlots
	JG wiFail
	CMPL R14, $const_BCWindowSlots
	JG wiFail
	MOVL R12, AX
	IMULL R14, AX
	CMPL AX, $const_BCWindowSlots
	JG wiFail
	MOVL R11, BCWindowParams_Bx0(R8)
	MOVL R13, BCWindowParams_By0(R8)
	MOVL R12, BCWindowParams_Bw(R8)
	MOVL R14, BCWindowParams_Bh(R8)
	VPBROADCASTD BCWindowParams_Bx0(R8), Y6
	VPBROADCASTD BCWindowParams_By0(R8), Y5
	VPBROADCASTD BCWindowParams_Bw(R8), Y4
	VPBROADCASTD bcThree<>(SB), Y12
	XORQ DX, DX
wiPlaces:
	CMPQ DX, CX
	JGE wiDone
	LEAQ (SI)(DX*4), R9
	LEAQ (DI)(DX*4), BX
	ROWPART(0, Y3)
	COLPART(0, Y2)
	COLPART(3, Y11)
	VPADDD Y2, Y3, Y0
	VMOVDQU Y0, (BX)
	VPADDD Y11, Y3, Y0
	VMOVDQU Y0, 256(BX)
	ROWPART(3, Y3)
	VPADDD Y2, Y3, Y0
	VMOVDQU Y0, 512(BX)
	VPADDD Y11, Y3, Y0
	VMOVDQU Y0, 768(BX)
	ADDQ $8, DX
	JMP wiPlaces
wiDone:
	MOVB $1, ret+32(FP)
	VZEROUPPER
	RET
wiFail:
	MOVB $0, ret+32(FP)
	VZEROUPPER
	RET

// NUMERATORS computes channel c's numerators of the eight blocks' four
// palette entries from their endpoints e0 (Y4) and e1 (Y5), the
// four-colour mode's mask in Y3: n0 = 6e0 (Y10), n1 = 6e1 (Y11), n2 =
// 4e0 + 2e1 (four colours) or 3(e0 + e1) (Y12), n3 = 2e0 + 4e1 (four
// colours) or 0 (Y9).
#define NUMERATORS \
	VPADDD Y4, Y4, Y6; VPADDD Y5, Y5, Y7; \
	VPADDD Y6, Y6, Y8; VPADDD Y7, Y7, Y9; \
	VPADDD Y6, Y8, Y10; VPADDD Y7, Y9, Y11; \
	VPADDD Y7, Y8, Y8; VPADDD Y6, Y9, Y9; \
	VPADDD Y4, Y5, Y12; VPADDD Y12, Y12, Y13; VPADDD Y13, Y12, Y12; \
	VPBLENDVB Y3, Y8, Y12, Y12; VPAND Y3, Y9, Y9

// LOOKUP(tab) sets Y4–Y7 to the entries n/6m of the numerators, gathered
// from the table at tab.
#define LOOKUP(tab) \
	VPCMPEQD Y14, Y14, Y14; VGATHERDPS Y14, (tab)(Y10*4), Y4; \
	VPCMPEQD Y14, Y14, Y14; VGATHERDPS Y14, (tab)(Y11*4), Y5; \
	VPCMPEQD Y14, Y14, Y14; VGATHERDPS Y14, (tab)(Y12*4), Y6; \
	VPCMPEQD Y14, Y14, Y14; VGATHERDPS Y14, (tab)(Y9*4), Y7

// DIVIDE(den) sets Y4–Y7 to the binary32 quotients n/den (the UNORM
// tables' entries, bc1Decode.div).
#define DIVIDE(den) \
	VBROADCASTSS den, Y13; \
	VCVTDQ2PS Y10, Y4; VDIVPS Y13, Y4, Y4; VCVTDQ2PS Y11, Y5; VDIVPS Y13, Y5, Y5; \
	VCVTDQ2PS Y12, Y6; VDIVPS Y13, Y6, Y6; VCVTDQ2PS Y9, Y7; VDIVPS Y13, Y7, Y7

// STORESOA(c) stores channel c's entries Y4–Y7 of the eight blocks to
// pal[0] (at R10) as [c][e][8 blocks].
#define STORESOA(c) \
	VMOVUPS Y4, (128*c+0)(R10); VMOVUPS Y5, (128*c+32)(R10); VMOVUPS Y6, (128*c+64)(R10); VMOVUPS Y7, (128*c+96)(R10)

// STOREAOS(e) stores colour e of each of the eight blocks — its four
// channels, at pal[0] [c][e] — as pal[1][b][e] (a transpose of 4×8).
#define STOREAOS(e) \
	VMOVUPS (0*128+32*e)(R10), Y4; VMOVUPS (1*128+32*e)(R10), Y5; VMOVUPS (2*128+32*e)(R10), Y6; VMOVUPS (3*128+32*e)(R10), Y7; \
	VUNPCKLPS Y5, Y4, Y8; VUNPCKHPS Y5, Y4, Y9; VUNPCKLPS Y7, Y6, Y10; VUNPCKHPS Y7, Y6, Y11; \
	VUNPCKLPD Y10, Y8, Y4; VUNPCKHPD Y10, Y8, Y5; VUNPCKLPD Y11, Y9, Y6; VUNPCKHPD Y11, Y9, Y7; \
	VMOVUPS X4, (512+0*64+16*e)(R10); VEXTRACTF128 $1, Y4, (512+4*64+16*e)(R10); \
	VMOVUPS X5, (512+1*64+16*e)(R10); VEXTRACTF128 $1, Y5, (512+5*64+16*e)(R10); \
	VMOVUPS X6, (512+2*64+16*e)(R10); VEXTRACTF128 $1, Y6, (512+6*64+16*e)(R10); \
	VMOVUPS X7, (512+3*64+16*e)(R10); VEXTRACTF128 $1, Y7, (512+7*64+16*e)(R10)

// ENDPOINTS(x, k) inserts the first word (the endpoints) of the blocks
// k..k+3 of the group into x.
#define ENDPOINTS(x, k) \
	MOVL (4*k)(SI)(R11*4), R12; VMOVD (AX)(R12*1), x; \
	MOVL (4*k+4)(SI)(R11*4), R12; VPINSRD $1, (AX)(R12*1), x, x; \
	MOVL (4*k+8)(SI)(R11*4), R12; VPINSRD $2, (AX)(R12*1), x, x; \
	MOVL (4*k+12)(SI)(R11*4), R12; VPINSRD $3, (AX)(R12*1), x, x

// PAIRAT(b, t) writes texels t and t+1 of block b (DX: block 0's
// first): the colours at R13 (16 bytes each) whose offsets, twice the
// texels' 2-bit indices times 8, are in bits 1–2 of R14 and R9.
#define PAIRAT(b, t) \
	ANDL $6, R14; VMOVUPS (R13)(R14*8), X0; ANDL $6, R9; VINSERTF128 $1, (R13)(R9*8), Y0, Y0; \
	VMOVUPS Y0, (256*b+16*t)(DX)

// PAIR(b, t) is PAIRAT for t > 0, the indices taken from R12.
#define PAIR(b, t) \
	MOVL R12, R14; SHRL $(2*t-1), R14; MOVL R12, R9; SHRL $(2*t+1), R9; PAIRAT(b, t)

// EXPAND(b) writes block b's sixteen texels to tex[16·(s0+b) …] (DX =
// tex + 256·s0): each the colour its 2-bit index picks.
#define EXPAND(b) \
	MOVL (4*b)(SI)(R11*4), R12; MOVL 4(AX)(R12*1), R12; LEAQ (512+64*b)(R10), R13; \
	MOVL R12, R14; SHLL $1, R14; MOVL R12, R9; SHRL $1, R9; PAIRAT(b, 0); \
	PAIR(b, 2); PAIR(b, 4); PAIR(b, 6); PAIR(b, 8); PAIR(b, 10); PAIR(b, 12); PAIR(b, 14)

// NEXT(b) ends the decode where block s0+b is the window's last but one
// (s0+b = ns: the blocks from ns on are padding).
#define NEXT(b) \
	LEAQ b(R11), R14; CMPQ R14, CX; JGE bc1Done

DATA bc186<>+0(SB)/4, $0x433a0000 // 186.0
GLOBL bc186<>(SB), RODATA|NOPTR, $4
DATA bc378<>+0(SB)/4, $0x43bd0000 // 378.0
GLOBL bc378<>(SB), RODATA|NOPTR, $4

// func bc1DecodeWindow(d *byte, offs *[bcWindowSlots]int32, ns int, dec *bc1Decode, tex *[bcWindowSlots * 16][4]float32, pal *[2][8][4][4]float32)
// bc1DecodeWindowGo for the blocks s < ns rounded up to a multiple of 8
// (offs holds their offsets), eight at a time: the endpoints and the mode
// of eight blocks, their palettes channel by channel (quotients, or
// gathers from the tables), transposed to each block's four colours, then
// each block's texels, two at a time.
TEXT ·bc1DecodeWindow(SB), NOSPLIT, $0-48
	MOVQ d+0(FP), AX
	MOVQ offs+8(FP), SI
	MOVQ ns+16(FP), CX
	MOVQ dec+24(FP), BX
	MOVQ BC1Decode_tab(BX), R8
	MOVQ tex+32(FP), DI
	MOVQ pal+40(FP), R10
	XORQ R11, R11
bc1Blocks:
	CMPQ R11, CX
	JGE bc1Done
	LEAQ bc1Tables_g(R8), R9 // (EXPAND takes R9)
	ENDPOINTS(X1, 0)
	ENDPOINTS(X0, 4)
	VINSERTI128 $1, X0, Y1, Y1     // c0 | c1<<16
	VPSRLD $16, Y1, Y2             // c1
	VPBROADCASTD bcLow16<>(SB), Y0
	VPAND Y0, Y1, Y1               // c0
	VPCMPGTD Y2, Y1, Y3            // c0 > c1: four colours
	CMPB BC1Decode_four(BX), $0
	JEQ bc1Red0
	VPCMPEQD Y3, Y3, Y3            // BC2, BC3: always four
bc1Red0:
	// Red: bits 11–15.
	VPSRLD $11, Y1, Y4
	VPSRLD $11, Y2, Y5
	NUMERATORS
	CMPB BC1Decode_div(BX), $0
	JEQ bc1RedTable
	DIVIDE(bc186<>(SB))
	JMP bc1Red
bc1RedTable:
	LOOKUP(R8)
bc1Red:
	STORESOA(0)
	// Green: bits 5–10.
	VPBROADCASTD bcLow16<>(SB), Y0
	VPSRLD $10, Y0, Y0             // 63
	VPSRLD $5, Y1, Y4
	VPAND Y0, Y4, Y4
	VPSRLD $5, Y2, Y5
	VPAND Y0, Y5, Y5
	NUMERATORS
	CMPB BC1Decode_div(BX), $0
	JEQ bc1GreenTable
	DIVIDE(bc378<>(SB))
	JMP bc1Green
bc1GreenTable:
	LOOKUP(R9)
bc1Green:
	STORESOA(1)
	// Blue: bits 0–4.
	VPBROADCASTD bcLow16<>(SB), Y0
	VPSRLD $11, Y0, Y0             // 31
	VPAND Y0, Y1, Y4
	VPAND Y0, Y2, Y5
	NUMERATORS
	CMPB BC1Decode_div(BX), $0
	JEQ bc1BlueTable
	DIVIDE(bc186<>(SB))
	JMP bc1Blue
bc1BlueTable:
	LOOKUP(R8)
bc1Blue:
	STORESOA(2)
	// Alpha: 1, but the three-colour mode's fourth colour with punch.
	VBROADCASTSS ·asmOne(SB), Y4
	VMOVAPS Y4, Y5
	VMOVAPS Y4, Y6
	VMOVAPS Y4, Y7
	CMPB BC1Decode_punch(BX), $0
	JEQ bc1Alpha
	VANDPS Y3, Y7, Y7
bc1Alpha:
	STORESOA(3)
	STOREAOS(0)
	STOREAOS(1)
	STOREAOS(2)
	STOREAOS(3)
	MOVQ R11, DX
	SHLQ $8, DX
	ADDQ DI, DX
	EXPAND(0)
	NEXT(1)
	EXPAND(1)
	NEXT(2)
	EXPAND(2)
	NEXT(3)
	EXPAND(3)
	NEXT(4)
	EXPAND(4)
	NEXT(5)
	EXPAND(5)
	NEXT(6)
	EXPAND(6)
	NEXT(7)
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

// LOAD2(q, e, x, y) reads texel q of the group's entries e and e+4 (their
// byte offsets at idx[q], SI) into the halves of y (x its X register).
#define LOAD2(q, e, x, y) \
	MOVL (256*q+4*e)(SI)(DX*4), R8; VMOVUPS (AX)(R8*1), x; \
	MOVL (256*q+4*e+16)(SI)(DX*4), R9; VINSERTF128 $1, (AX)(R9*1), y, y

// TEXELS(q, w) reads texel q of the group's eight entries, transposes
// them to their channels and adds each channel times w to Y12–Y15.
#define TEXELS(q, w) \
	LOAD2(q, 0, X0, Y0); LOAD2(q, 1, X1, Y1); LOAD2(q, 2, X2, Y2); LOAD2(q, 3, X3, Y3); \
	VUNPCKLPS Y1, Y0, Y4; VUNPCKHPS Y1, Y0, Y5; VUNPCKLPS Y3, Y2, Y6; VUNPCKHPS Y3, Y2, Y7; \
	VUNPCKLPD Y6, Y4, Y0; VUNPCKHPD Y6, Y4, Y1; VUNPCKLPD Y7, Y5, Y2; VUNPCKHPD Y7, Y5, Y3; \
	VMULPS w, Y0, Y0; VADDPS Y0, Y12, Y12; VMULPS w, Y1, Y1; VADDPS Y1, Y13, Y13; \
	VMULPS w, Y2, Y2; VADDPS Y2, Y14, Y14; VMULPS w, Y3, Y3; VADDPS Y3, Y15, Y15

// func bcFilterWindow(tex *[bcWindowSlots * 16][4]float32, idx *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
// bcFilterWindowGo, eight entries at a time: each texel's four channels
// as one 16-byte read, the eight entries' transposed to channels.
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
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	VXORPS Y14, Y14, Y14
	VXORPS Y15, Y15, Y15
	TEXELS(0, Y8)
	TEXELS(1, Y9)
	TEXELS(2, Y10)
	TEXELS(3, Y11)
	MOVQ 0(R11), R13
	VMOVUPS Y12, (R13)(DX*4)
	MOVQ 8(R11), R13
	VMOVUPS Y13, (R13)(DX*4)
	MOVQ 16(R11), R13
	VMOVUPS Y14, (R13)(DX*4)
	MOVQ 24(R11), R13
	VMOVUPS Y15, (R13)(DX*4)
	ADDQ $8, DX
	JMP bfLoop
bfDone:
	VZEROUPPER
	RET

// BCGATHERED(r, q) stores result component r of the gathers: texel q's
// channel (Y8, per entry) to out[r][k..k+8].
#define BCGATHERED(r, q) \
	VMOVDQU (256*q)(SI)(DX*4), Y0; VPSRLD $2, Y0, Y0; VPADDD Y8, Y0, Y0; \
	VPCMPEQD Y13, Y13, Y13; VGATHERDPS Y13, (AX)(Y0*4), Y1; \
	MOVQ (8*r)(R11), R13; VMOVUPS Y1, (R13)(DX*4)

// func bcGatherWindow(tex *[bcWindowSlots * 16][4]float32, idx *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut)
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
	BCGATHERED(0, 2)
	BCGATHERED(1, 3)
	BCGATHERED(2, 1)
	BCGATHERED(3, 0)
	ADDQ $8, DX
	JMP bgLoop
bgDone:
	VZEROUPPER
	RET
