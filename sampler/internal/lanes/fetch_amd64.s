//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "fetchaddr_amd64.h"

// The AVX2 r8g8b8a8_unorm fetch of 2D-array views and of views whose texels
// are not 4 bytes apart (fetch_amd64.go): the retired simd/archsimd
// fetchVec/fetchAddrs loop, one instruction for each archsimd operation in
// the same order.

// The frame's constants, 32 bytes each, at the hardware SP.
#define F_NL 0(SP)
#define F_FLS 32(SP)
#define F_STEP 64(SP)

// FDECODE(c, out) stores channel c of the words in Y4 (byte c of each,
// u/255 as unorm8 decodes it: 2^24·fl(u/255) = A + A·fl(1/(2^24 − 1)),
// A = u·0x010101, with one rounding, then scaled by 2^−24) to out[k..k+8].
#define FDECODE(c, out) \
	VPSHUFB ·unormRep+(32*c)(SB), Y4, Y5; VCVTDQ2PS Y5, Y5; VFMADD132PS Y14, Y5, Y5; VMULPS Y15, Y5, Y5; \
	MOVQ out, R13; VMOVDQU Y5, (R13)(DX*4)

// func FetchRGBA8Layers(d *byte, tx, ty, tl *int32, n int, p *FetchParams, c0, c1, c2, c3 *uint32)
// The AVX-512 form where Wide512 (fetchRGBA8LayersV, fetch512_amd64.s),
// else the AVX2 loop (fetchRGBA8Layers2, which has a frame): a jump either
// way, with these arguments.
TEXT ·FetchRGBA8Layers(SB), NOSPLIT, $0-80
	CMPB ·Wide512(SB), $0
	JEQ 2(PC)
	JMP ·fetchRGBA8LayersV(SB)
	JMP ·fetchRGBA8Layers2(SB)

// func fetchRGBA8Layers2(d *byte, tx, ty, tl *int32, n int, p *FetchParams, c0, c1, c2, c3 *uint32)
// For each group of eight lanes k (DX) < n, as fetchAddrs, gatherWords and
// fetchVec's decode:
//	in = −1 < u < w and −1 < v < h (and −1 < l < layers)
//	o = first (+ l·ls) + u·xs + v·ys where in, else first
//	words = the word at d + o where in, else 0 (four 8-byte loads where
//	each even lane's next word is its neighbour's, else one gather)
//	c0 … c3 = the words' bytes 0 … 3, decoded
// Registers: Y8 −1, Y9 w, Y10 h, Y11 xs, Y12 ys, Y13 first, Y14 fl(1/(2^24
// − 1)), Y15 2^−24; AX d, SI tx, DI ty, BX tl (or nil), CX n.
TEXT ·fetchRGBA8Layers2(SB), NOSPLIT, $96-80
	MOVQ d+0(FP), AX
	MOVQ tx+8(FP), SI
	MOVQ ty+16(FP), DI
	MOVQ tl+24(FP), BX
	MOVQ n+32(FP), CX
	MOVQ p+40(FP), R8
	FETCH_PARAMS(F_NL, F_FLS)
	VPSRLD $31, Y8, Y0
	VPSLLD $2, Y0, Y0
	VMOVDQU Y0, F_STEP
	VBROADCASTSS ·asmUnormK(SB), Y14
	VBROADCASTSS ·asmUnormScale(SB), Y15
	XORQ DX, DX
flLoop:
	CMPQ DX, CX
	JGE flDone
	FETCH_ADDRESS(F_NL, F_FLS)           // in ? o : first
	// gatherWords: pairs where o[k+1] = o[k] + 4 for every even k.
	VPSRLQ $32, Y0, Y3               // o[k+1] at k, for even k
	VPSUBD Y0, Y3, Y3
	VPCMPEQD F_STEP, Y3, Y3          // 4: a pair's step
	VMOVMSKPS Y3, R9
	ANDL $0x55, R9
	CMPL R9, $0x55
	JNE flSingle
	VMOVD X0, R8
	VPEXTRD $2, X0, R10
	VEXTRACTI128 $1, Y0, X3
	VMOVD X3, R11
	VPEXTRD $2, X3, R12
	VMOVQ (AX)(R8*1), X4
	VPINSRQ $1, (AX)(R10*1), X4, X4
	VMOVQ (AX)(R11*1), X5
	VPINSRQ $1, (AX)(R12*1), X5, X5
	VINSERTI128 $1, X5, Y4, Y4
	JMP flDecode
flSingle:
	VPCMPEQD Y3, Y3, Y3
	VPGATHERDD Y3, (AX)(Y0*1), Y4
flDecode:
	VPAND Y2, Y4, Y4                 // Masked(in): outside lanes the word 0
	FDECODE(0, c0+48(FP))
	FDECODE(1, c1+56(FP))
	FDECODE(2, c2+64(FP))
	FDECODE(3, c3+72(FP))
	ADDQ $8, DX
	JMP flLoop
flDone:
	VZEROUPPER
	RET
