//go:build !purego

#include "textflag.h"

// func SameKey(a, b, va, vb *byte, m *[KeyBytes]byte) bool
//
// The differences of the two states' 80 bytes (two 32-byte and one 16-byte
// load a side) and of the two views' 48 (one 32-byte and one 16-byte),
// each ANDed with its part of the mask, ORed together and tested.
TEXT ·SameKey(SB), NOSPLIT, $0-41
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	MOVQ va+16(FP), CX
	MOVQ vb+24(FP), DX
	MOVQ m+32(FP), SI
	VMOVDQU (AX), Y0
	VPXOR   (BX), Y0, Y0
	VPAND   (SI), Y0, Y0
	VMOVDQU 32(AX), Y1
	VPXOR   32(BX), Y1, Y1
	VPAND   32(SI), Y1, Y1
	VMOVDQU 64(AX), X2
	VPXOR   64(BX), X2, X2
	VPAND   64(SI), X2, X2
	VMOVDQU (CX), Y3
	VPXOR   (DX), Y3, Y3
	VPAND   80(SI), Y3, Y3
	VMOVDQU 32(CX), X4
	VPXOR   32(DX), X4, X4
	VPAND   112(SI), X4, X4
	VPOR    Y1, Y0, Y0
	VPOR    X4, X2, X2
	VPOR    Y3, Y0, Y0
	VPOR    Y2, Y0, Y0
	VPTEST  Y0, Y0
	SETEQ   ret+40(FP)
	VZEROUPPER
	RET
