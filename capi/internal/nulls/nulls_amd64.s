//go:build !purego

#include "textflag.h"

// func maskAsm(w *[16]uintptr) uint32
// Four words a compare with zero, each compare's sign bits (VMOVMSKPD)
// four bits of the mask.
TEXT ·maskAsm(SB), NOSPLIT, $0-12
	MOVQ w+0(FP), AX
	VPXOR Y0, Y0, Y0
	VPCMPEQQ (AX), Y0, Y1
	VPCMPEQQ 32(AX), Y0, Y2
	VPCMPEQQ 64(AX), Y0, Y3
	VPCMPEQQ 96(AX), Y0, Y4
	VMOVMSKPD Y1, BX
	VMOVMSKPD Y2, CX
	VMOVMSKPD Y3, DX
	VMOVMSKPD Y4, SI
	VZEROUPPER
	SHLL $4, CX
	ORL CX, BX
	SHLL $8, DX
	ORL DX, BX
	SHLL $12, SI
	ORL SI, BX
	MOVL BX, ret+8(FP)
	RET
