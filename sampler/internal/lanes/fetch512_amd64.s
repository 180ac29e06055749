//go:build !purego

#include "textflag.h"

// The r8g8b8a8_unorm fetch of 2D views in AVX-512 (fetchRGBA8V; FetchRGBA8
// chooses it where Wide512): FetchRGBA8's loop (gather_amd64.s) sixteen
// lanes an instruction, the same bounds test, offsets, words and decode, so
// every lane's channels have the AVX2 form's bits (TestFetchRGBA8Forms).
// K7 holds the group's lanes: all sixteen, or the last eight where n is
// not a multiple of 16; no load reads, no gather reads and no store writes
// past them.

// FDECODE16(c, rep, out) stores channel c of the words in Z4 (byte c of
// each, u/255 as unorm8 decodes it: 2^24·fl(u/255) = A + A·fl(1/(2^24 −
// 1)), A = u·0x010101 from the VPSHUFB indices rep, with one rounding, then
// scaled by 2^−24) to out[k..k+16] under K7.
#define FDECODE16(rep, out) \
	VPSHUFB rep, Z4, Z5; VCVTDQ2PS Z5, Z5; VFMADD132PS Z14, Z5, Z5; VMULPS Z15, Z5, Z5; \
	VMOVDQU32 Z5, K7, (out)(DX*4)

// func fetchRGBA8V(d *byte, tx, ty *int32, n int, lv *[4]int32, c0, c1, c2, c3 *uint32)
// For each group of sixteen lanes k (DX) < n (a multiple of 8):
//	in = 0 ≤ u < w and 0 ≤ v < h (one unsigned compare each: w, h ≥ 1)
//	o = first + 4·u + ys·v where in, else first
//	words = the word at d + o where in, else 0: one VPGATHERDQ of the
//	even lanes' 8-byte pairs where each even lane's next word is its
//	neighbour's (o[k+1] = o[k] + 4, a quad's two pixels in a row), else
//	one VPGATHERDD of the sixteen words
//	c0 … c3 = the words' bytes 0 … 3, decoded
// Registers: Z8 w, Z9 h, Z10 ys, Z11 first, Z12 4, Z14 fl(1/(2^24 − 1)),
// Z15 2^−24, Z16–Z19 the four channels' VPSHUFB indices; K6 the even
// lanes; AX d, SI tx, DI ty, CX n, R8–R11 c0–c3, R12 the group's pairs'
// mask (eight or four qwords).
TEXT ·fetchRGBA8V(SB), NOSPLIT, $0-72
	MOVQ d+0(FP), AX
	MOVQ tx+8(FP), SI
	MOVQ ty+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ lv+32(FP), BX
	MOVQ c0+40(FP), R8
	MOVQ c1+48(FP), R9
	MOVQ c2+56(FP), R10
	MOVQ c3+64(FP), R11
	VPBROADCASTD 0(BX), Z8           // w
	VPBROADCASTD 4(BX), Z9           // h
	VPBROADCASTD 8(BX), Z10          // y stride
	VPBROADCASTD 12(BX), Z11         // the level's first texel
	MOVL $4, R12
	VPBROADCASTD R12, Z12            // 4: a pair's step
	VBROADCASTSS ·asmUnormK(SB), Z14
	VBROADCASTSS ·asmUnormScale(SB), Z15
	VBROADCASTI32X4 ·unormRep+0(SB), Z16
	VBROADCASTI32X4 ·unormRep+32(SB), Z17
	VBROADCASTI32X4 ·unormRep+64(SB), Z18
	VBROADCASTI32X4 ·unormRep+96(SB), Z19
	MOVL $0x5555, R12
	KMOVW R12, K6
	XORQ DX, DX
fv:
	MOVQ CX, R13
	SUBQ DX, R13
	JLE fvDone
	KXNORW K7, K7, K7
	MOVL $0xff, R12
	CMPQ R13, $16
	JGE fvGroup
	KMOVW R12, K7                    // the last eight
	MOVL $0x0f, R12
fvGroup:
	VMOVDQU32.Z (SI)(DX*4), K7, Z0   // u
	VMOVDQU32.Z (DI)(DX*4), K7, Z1   // v
	VPCMPUD $1, Z8, Z0, K7, K1       // u < w
	VPCMPUD $1, Z9, Z1, K1, K1       // and v < h: inside
	VPSLLD $2, Z0, Z0
	VPMULLD Z10, Z1, Z1
	VPADDD Z1, Z0, Z0
	VMOVDQA32 Z11, Z2
	VPADDD Z11, Z0, K1, Z2           // offsets; outside: the first texel
	VPSRLQ $32, Z2, Z3               // o[k+1] at k, for even k
	VPSUBD Z2, Z3, Z3
	KANDW K6, K7, K2                 // the group's even lanes
	VPCMPEQD Z12, Z3, K2, K3
	KXORW K2, K3, K3
	KORTESTW K3, K3
	JNE fvSingle
	VPMOVQD Z2, Y3                   // the even lanes' offsets
	KMOVW R12, K4
	VPXORD Z4, Z4, Z4
	VPGATHERDQ (AX)(Y3*1), K4, Z4
	JMP fvDecode
fvSingle:
	KMOVW K7, K4
	VPXORD Z4, Z4, Z4
	VPGATHERDD (AX)(Z2*1), K4, Z4
fvDecode:
	VMOVDQA32.Z Z4, K1, Z4           // outside lanes: the word 0
	FDECODE16(Z16, R8)
	FDECODE16(Z17, R9)
	FDECODE16(Z18, R10)
	FDECODE16(Z19, R11)
	ADDQ $16, DX
	JMP fv
fvDone:
	VZEROUPPER
	RET
