//go:build !purego

#include "textflag.h"
#include "go_asm.h"

// The r8g8b8a8_unorm fetch in AVX-512, chosen where Wide512: of 2D views
// (fetchRGBA8V, which FetchRGBA8 jumps to: its loop in gather_amd64.s) and
// of arrays and levels one texel wide (fetchRGBA8LayersV, which
// FetchRGBA8Layers jumps to: fetch_amd64.s), sixteen lanes an instruction,
// the same bounds tests, offsets, words and decode as the AVX2 loops, so
// every lane's channels have their bits (TestFetchRGBA8Forms,
// TestFetchRGBA8LayersForms).
// K7 holds the group's lanes: all sixteen, or the last eight where n is
// not a multiple of 16; no load reads, no gather reads and no store writes
// past them.

// FDECODE16(rep, out) stores channel c of the words in Z4, rep its
// VPSHUFB indices (unormRep4's), to out[k..k+16] under K7: byte c of each
// word, u/255 as unorm8 decodes it (2^32·fl(u/255) is the byte four
// times, u·0x01010101, converted rounding up: asm_amd64.go; then scaled by
// 2^−32).
#define FDECODE16(rep, out) \
	VPSHUFB rep, Z4, Z5; VCVTUDQ2PS.RU_SAE Z5, Z5; VMULPS Z15, Z5, Z5; \
	VMOVDQU32 Z5, K7, (out)(DX*4)

// FV_GROUP(done, group) sets K7 to the group at DX (CX lanes in all) and
// R12 to its pairs' qword mask: sixteen lanes (0xff), or eight where only
// eight are left (0x0f); none left: done.
#define FV_GROUP(done, group) \
	MOVQ CX, R13; \
	SUBQ DX, R13; \
	JLE done; \
	KXNORW K7, K7, K7; \
	MOVL $0xff, R12; \
	CMPQ R13, $16; \
	JGE group; \
	KMOVW R12, K7; \
	MOVL $0x0f, R12; \
group:

// FV_WORDS(single, decode) sets Z4 to the words at the group's offsets Z2
// (K7), the word 0 where K1 (inside) is clear: one VPGATHERDQ of the even
// lanes' 8-byte pairs where each even lane's next word is its neighbour's
// (o[k+1] = o[k] + 4, a quad's two pixels in a row), else one VPGATHERDD
// of the sixteen words. Z3, K2–K4 are overwritten.
#define FV_WORDS(single, decode) \
	VPSRLQ $32, Z2, Z3; \
	VPSUBD Z2, Z3, Z3; \
	KANDW K6, K7, K2; \
	VPCMPEQD Z12, Z3, K2, K3; \
	KXORW K2, K3, K3; \
	KORTESTW K3, K3; \
	JNE single; \
	VPMOVQD Z2, Y3; \
	KMOVW R12, K4; \
	VPXORD Z4, Z4, Z4; \
	VPGATHERDQ (AX)(Y3*1), K4, Z4; \
	JMP decode; \
single: \
	KMOVW K7, K4; \
	VPXORD Z4, Z4, Z4; \
	VPGATHERDD (AX)(Z2*1), K4, Z4; \
decode: \
	VMOVDQA32.Z Z4, K1, Z4

// FV_DECODE stores the four channels of the words in Z4, decoded
// (FDECODE16), to c0–c3 at R8–R11 under K7.
#define FV_DECODE \
	FDECODE16(Z16, R8); \
	FDECODE16(Z17, R9); \
	FDECODE16(Z18, R10); \
	FDECODE16(Z19, R11)

// FV_CONSTS sets Z12 to 4 (a pair's step), Z15 to the decode's scale,
// Z16–Z19 to the channels' VPSHUFB indices and K6 to the even lanes; R12
// is overwritten.
#define FV_CONSTS \
	MOVL $4, R12; \
	VPBROADCASTD R12, Z12; \
	VBROADCASTSS ·asmUnorm32Scale(SB), Z15; \
	VBROADCASTI32X4 ·unormRep4+0(SB), Z16; \
	VBROADCASTI32X4 ·unormRep4+32(SB), Z17; \
	VBROADCASTI32X4 ·unormRep4+64(SB), Z18; \
	VBROADCASTI32X4 ·unormRep4+96(SB), Z19; \
	MOVL $0x5555, R12; \
	KMOVW R12, K6

// func fetchRGBA8V(d *byte, tx, ty *int32, n int, lv *[4]int32, c0, c1, c2, c3 *uint32)
// For each group of sixteen lanes k (DX) < n (a multiple of 8):
//	in = 0 ≤ u < w and 0 ≤ v < h (one unsigned compare each: w, h ≥ 1)
//	o = first + 4·u + ys·v where in, else first
//	words = the word at d + o where in, else 0: one VPGATHERDQ of the
//	even lanes' 8-byte pairs where each even lane's next word is its
//	neighbour's (o[k+1] = o[k] + 4, a quad's two pixels in a row), else
//	one VPGATHERDD of the sixteen words
//	c0 … c3 = the words' bytes 0 … 3, decoded
// Registers: Z8 w, Z9 h, Z10 ys, Z11 first, Z12 4, X13 ys's shift, Z15
// 2^−32, Z16–Z19 the four channels' VPSHUFB indices (unormRep4's); K6 the even lanes; AX d, SI tx, DI ty, CX n, R8–R11 c0–c3, R12
// the group's pairs' mask (eight or four qwords), BX 1 where ys is a
// shift.
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
	// A y stride that is a power of two (or 0, a level one texel tall:
	// VPSLLD by 32 gives 0) is a shift, not a VPMULLD (two µops and ten
	// cycles' latency on Intel cores): its count in X13, BX 1.
	MOVL 8(BX), R12
	XORQ BX, BX
	MOVL $32, R13
	TESTL R12, R12
	JEQ fvShift
	LEAL -1(R12), R13
	TESTL R13, R12
	JNE fvStride
	BSFL R12, R13
fvShift:
	VMOVD R13, X13
	MOVQ $1, BX
fvStride:
	FV_CONSTS
	XORQ DX, DX
fv:
	FV_GROUP(fvDone, fvGroup)
	VMOVDQU32.Z (SI)(DX*4), K7, Z0   // u
	VMOVDQU32.Z (DI)(DX*4), K7, Z1   // v
	VPCMPUD $1, Z8, Z0, K7, K1       // u < w
	VPCMPUD $1, Z9, Z1, K1, K1       // and v < h: inside
	VPSLLD $2, Z0, Z0
	TESTQ BX, BX
	JEQ fvMul
	VPSLLD X13, Z1, Z1
	JMP fvRow
fvMul:
	VPMULLD Z10, Z1, Z1
fvRow:
	VPADDD Z1, Z0, Z0
	VMOVDQA32 Z11, Z2
	VPADDD Z11, Z0, K1, Z2           // offsets; outside: the first texel
	FV_WORDS(fvSingle, fvDecode)
	FV_DECODE
	ADDQ $16, DX
	JMP fv
fvDone:
	VZEROUPPER
	RET

// func fetchRGBA8LayersV(d *byte, tx, ty, tl *int32, n int, p *FetchParams, c0, c1, c2, c3 *uint32)
// FetchRGBA8Layers (fetch_amd64.s) sixteen lanes an instruction, the same
// bits: for each group of lanes k (DX) < n (a multiple of 8)
//	in = 0 ≤ u < w, 0 ≤ v < h and (tl not nil) 0 ≤ l < layers
//	o = first + l·ls + u·xs + v·ys where in, else first
//	words and decode as fetchRGBA8V's
// Registers: as fetchRGBA8V's, and Z13 xs, Z20 layers, Z21 ls; BX tl (or
// nil).
TEXT ·fetchRGBA8LayersV(SB), NOSPLIT, $0-80
	MOVQ d+0(FP), AX
	MOVQ tx+8(FP), SI
	MOVQ ty+16(FP), DI
	MOVQ tl+24(FP), BX
	MOVQ n+32(FP), CX
	MOVQ p+40(FP), R8
	VPBROADCASTD FetchParams_W(R8), Z8
	VPBROADCASTD FetchParams_H(R8), Z9
	VPBROADCASTD FetchParams_Ys(R8), Z10
	VPBROADCASTD FetchParams_First(R8), Z11
	VPBROADCASTD FetchParams_Xs(R8), Z13
	VPBROADCASTD FetchParams_Layers(R8), Z20
	VPBROADCASTD FetchParams_Ls(R8), Z21
	MOVQ c0+48(FP), R8
	MOVQ c1+56(FP), R9
	MOVQ c2+64(FP), R10
	MOVQ c3+72(FP), R11
	FV_CONSTS
	XORQ DX, DX
fl:
	FV_GROUP(flDone, flGroup)
	VMOVDQU32.Z (SI)(DX*4), K7, Z0   // u
	VMOVDQU32.Z (DI)(DX*4), K7, Z1   // v
	VPCMPUD $1, Z8, Z0, K7, K1       // u < w
	VPCMPUD $1, Z9, Z1, K1, K1       // and v < h
	VPMULLD Z13, Z0, Z0
	VPMULLD Z10, Z1, Z1
	VPADDD Z1, Z0, Z0
	TESTQ BX, BX
	JZ flOffsets
	VMOVDQU32.Z (BX)(DX*4), K7, Z3   // l
	VPCMPUD $1, Z20, Z3, K1, K1      // and l < layers: inside
	VPMULLD Z21, Z3, Z3
	VPADDD Z3, Z0, Z0
flOffsets:
	VMOVDQA32 Z11, Z2
	VPADDD Z11, Z0, K1, Z2           // offsets; outside: the first texel
	FV_WORDS(flSingle, flDecode)
	FV_DECODE
	ADDQ $16, DX
	JMP fl
flDone:
	VZEROUPPER
	RET
