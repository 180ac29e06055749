//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The cube requests' lane stage in AVX-512 (CubeLanes16, chosen where
// Wide512): CubeLanesAsm's loop (cube_amd64.s) on sixteen lanes an
// instruction, each of its operations in the same order and with the same
// operands in the same places (the first source of a VMULPS, VADDPS or
// VSUBPS decides the payload of a NaN from two NaN operands, so it stays
// the AVX2 loop's), so that every result has its bits: the float compares
// VCMPPS into mask registers with the same predicates (Equal 0, Less 1,
// GreaterEqual 13: false on NaN), the integer ones VPCMPGTD, the blends
// VPBLENDMD (a select, as VPBLENDVB on whole dwords), VPERMPS over the
// same tables, VDIVPS, VSQRTPS, no fused multiply-add. K7 holds the
// group's lanes: sixteen, or the last eight where n is not a multiple of
// 16; the operands' rows are read under it (zeroing: a request's rows may
// end at lane n) and every store is masked by it, so nothing at or past n
// is read or written. Where CubeLanesAsm stores ρx to c.Arg and loads it
// back, this form keeps it in a register (the same value). The Set's
// fields are at go_asm.h's offsets. Plan 9 operand order: VOP b, a, dst is
// dst = a OP b; VCMPPS $p, b, a, k, dst sets dst to (a p b) and k;
// VPBLENDMD x, y, k, dst sets dst to x where k, else y; VPERMPS table,
// index, dst.

// The constants: one dword each, broadcast into registers.
DATA c16abs<>+0(SB)/4, $0x7fffffff // |r|'s bits
GLOBL c16abs<>(SB), RODATA|NOPTR, $4
DATA c16half<>+0(SB)/4, $0x3f000000 // 0.5
GLOBL c16half<>(SB), RODATA|NOPTR, $4

// cubeQuad16 holds the quads' pixels (0,0), (1,0), (0,1) of each lane's
// quad within a group of sixteen, for VPERMPS (cubeQuad's on sixteen).
#define QUAD16(name, p) \
	DATA name+0(SB)/4, $(0+p); DATA name+4(SB)/4, $(0+p); DATA name+8(SB)/4, $(0+p); DATA name+12(SB)/4, $(0+p); \
	DATA name+16(SB)/4, $(4+p); DATA name+20(SB)/4, $(4+p); DATA name+24(SB)/4, $(4+p); DATA name+28(SB)/4, $(4+p); \
	DATA name+32(SB)/4, $(8+p); DATA name+36(SB)/4, $(8+p); DATA name+40(SB)/4, $(8+p); DATA name+44(SB)/4, $(8+p); \
	DATA name+48(SB)/4, $(12+p); DATA name+52(SB)/4, $(12+p); DATA name+56(SB)/4, $(12+p); DATA name+60(SB)/4, $(12+p); \
	GLOBL name(SB), RODATA|NOPTR, $64

QUAD16(c16q00<>, 0)
QUAD16(c16q10<>, 1)
QUAD16(c16q01<>, 2)

// NEG16(v, m) sets the mask m where v is negative or −0 (selectFace's
// sign test, NEG's): v < 0, or v = 0 with the sign bit set (0 > v as an
// integer); a NaN is neither. Z31 is zero; K2 is clobbered.
#define NEG16(v, m) \
	VCMPPS $1, Z31, v, m; VCMPPS $0, Z31, v, K2; VPCMPGTD v, Z31, K2, K2; KORW K2, m, m

// QUADD16(p, d, ptr) sets d to the quads' difference of the row at ptr
// (its group's lanes, under K7): pixel p's value (p's indices) minus pixel
// (0,0)'s (Z18's indices), QUADD's operations. Z13 and Z15 are clobbered.
#define QUADD16(p, d, ptr) \
	VMOVUPS.Z (ptr)(DX*4), K7, Z15; VPERMPS Z15, Z18, Z13; VPERMPS Z15, p, d; VSUBPS Z13, d, d

// DERIV16(d, p, quad, face) sets Z0 to FACED16 of one derivative of the
// direction: where R11 is 2, the gradients' rows at CubeArgs d (at AX),
// else the quads' differences (QUADD16) toward pixel p's indices of the
// rows at R8–R10; quad and face are labels.
#define DERIV16(d, p, quad, face) \
	CMPL R11, $2; \
	JNE quad; \
	MOVQ d+0(AX), BX; \
	VMOVUPS.Z (BX)(DX*4), K7, Z0; \
	MOVQ d+8(AX), BX; \
	VMOVUPS.Z (BX)(DX*4), K7, Z1; \
	MOVQ d+16(AX), BX; \
	VMOVUPS.Z (BX)(DX*4), K7, Z2; \
	JMP face; \
quad: \
	QUADD16(p, Z0, R8); \
	QUADD16(p, Z1, R9); \
	QUADD16(p, Z2, R10); \
face: \
	FACED16

// FACED16 is FACED on sixteen lanes: faceDerivative of the derivative
// (Z0, Z1, Z2) of the direction on the lanes' faces, scaled to texels and
// folded into ρ's half: ds = (ma·dsc − sc·dma)/ma2·½, dt = (ma·dtc −
// tc·dma)/ma2·½; u = ds·sz₀, v = dt·sz₁; Z0 = √(u·u + v·v). It reads isX,
// isY, isZ (K3, K4, K5), the signs (Z6, Z7, Z8), sc, tc, ma, ma2 (Z9–Z12),
// ½ (Z21) and the size at AX, and clobbers Z1, Z2, Z13–Z15. Line by line
// as FACED's: dsc; dtc; dma; ds; dt; u; v; the square root.
#define FACED16 \
	VPBLENDMD Z2, Z0, K3, Z13; VMULPS Z6, Z13, Z13; \
	VPBLENDMD Z2, Z1, K4, Z14; VMULPS Z7, Z14, Z14; \
	VPBLENDMD Z1, Z0, K4, Z15; VPBLENDMD Z2, Z15, K5, Z15; VMULPS Z8, Z15, Z15; \
	VMULPS Z11, Z13, Z0; VMULPS Z9, Z15, Z1; VSUBPS Z1, Z0, Z0; VDIVPS Z12, Z0, Z0; VMULPS Z21, Z0, Z0; \
	VMULPS Z11, Z14, Z1; VMULPS Z10, Z15, Z2; VSUBPS Z2, Z1, Z1; VDIVPS Z12, Z1, Z1; VMULPS Z21, Z1, Z1; \
	VBROADCASTSS CubeArgs_Sz+0(AX), Z2; VMULPS Z2, Z0, Z0; \
	VBROADCASTSS CubeArgs_Sz+4(AX), Z2; VMULPS Z2, Z1, Z1; \
	VMULPS Z0, Z0, Z0; VMULPS Z1, Z1, Z1; VADDPS Z0, Z1, Z0; VSQRTPS Z0, Z0

// func CubeLanes16(a *CubeArgs, n int, c *Set)
// CubeLanesAsm on groups of sixteen lanes (the last one eight where n is
// not a multiple of 16: K7): selectFace, faceCoords (s = sc/ma·½ + ½, t =
// tc/ma·½ + ½), the face and the layer face + base; with derivatives
// (a.deriv 1: the quads' differences, 2: the gradients) faceDerivative of
// ∂/∂x and ∂/∂y and rho8's ρ = ρy where ρy ≥ ρx, else ρx, into c.Arg.
// Registers: Z16 |r|'s mask, Z17 ρx, Z18–Z20 the quads' pixels (0,0),
// (1,0), (0,1), Z21 ½, Z22–Z26 the integers 1–5, Z27 the base, Z28–Z30
// the signs' tables (sSign, tSign, mSign in their low eight lanes), Z31
// zero; AX a, CX n, DI c, R8–R10 the direction's rows, R11 a.deriv, DX
// the group's first lane, K7 the group.
TEXT ·CubeLanes16(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), AX
	MOVQ n+8(FP), CX
	MOVQ c+16(FP), DI
	MOVQ CubeArgs_Coord+0(AX), R8
	MOVQ CubeArgs_Coord+8(AX), R9
	MOVQ CubeArgs_Coord+16(AX), R10
	MOVL CubeArgs_Deriv(AX), R11
	VPBROADCASTD c16abs<>(SB), Z16
	VMOVDQU32 c16q00<>(SB), Z18
	VMOVDQU32 c16q10<>(SB), Z19
	VMOVDQU32 c16q01<>(SB), Z20
	VBROADCASTSS c16half<>(SB), Z21
	VPTERNLOGD $0xff, Z22, Z22, Z22
	VPSRLD $31, Z22, Z22             // 1
	VPADDD Z22, Z22, Z23             // 2
	VPADDD Z22, Z23, Z24             // 3
	VPADDD Z22, Z24, Z25             // 4
	VPADDD Z22, Z25, Z26             // 5
	VPBROADCASTD CubeArgs_Base(AX), Z27
	VMOVUPS ·CubeSigns+0(SB), Y28    // the upper lanes zero: faces index 0–5
	VMOVUPS ·CubeSigns+32(SB), Y29
	VMOVUPS ·CubeSigns+64(SB), Y30
	VPXORD Z31, Z31, Z31             // 0
	XORQ DX, DX
c16:
	// K7: the group's lanes, sixteen or the last eight.
	MOVQ CX, BX
	SUBQ DX, BX
	JLE c16Done
	KXNORW K7, K7, K7
	CMPQ BX, $16
	JGE c16Group
	MOVL $0xff, BX
	KMOVW BX, K7
c16Group:
	VMOVUPS.Z (R8)(DX*4), K7, Z0     // r0
	VMOVUPS.Z (R9)(DX*4), K7, Z1     // r1
	VMOVUPS.Z (R10)(DX*4), K7, Z2    // r2
	// selectFace: the major axis (ties to z, then y), its sign.
	VPANDD Z16, Z0, Z3               // ax
	VPANDD Z16, Z1, Z4               // ay
	VPANDD Z16, Z2, Z5               // az
	NEG16(Z0, K1)
	VPBLENDMD Z22, Z31, K1, Z9       // fx = 1 where r0 is negative, else 0
	NEG16(Z1, K1)
	VPBLENDMD Z24, Z23, K1, Z10      // fy
	NEG16(Z2, K1)
	VPBLENDMD Z26, Z25, K1, Z11      // fz
	VCMPPS $13, Z3, Z4, K1           // ay ≥ ax
	VPBLENDMD Z10, Z9, K1, Z9        // fy where ay ≥ ax, else fx
	VCMPPS $13, Z3, Z5, K1           // az ≥ ax
	VCMPPS $13, Z4, Z5, K1, K1       // and az ≥ ay
	VPBLENDMD Z11, Z9, K1, Z12       // the face
	VPCMPGTD Z12, Z23, K3            // isX: face < 2
	VPCMPGTD Z22, Z12, K4            // face > 1
	VPCMPGTD Z12, Z25, K4, K4        // and face < 4: isY
	VPCMPGTD Z24, Z12, K5            // isZ: face > 3
	VPERMPS Z28, Z12, Z6             // fsS
	VPERMPS Z29, Z12, Z7             // ftS
	VPERMPS Z30, Z12, Z8             // fmS
	// faceCoords.
	VPBLENDMD Z2, Z0, K3, Z9
	VMULPS Z6, Z9, Z9                // sc = fsS·(r2 where isX, else r0)
	VPBLENDMD Z2, Z1, K4, Z10
	VMULPS Z7, Z10, Z10              // tc = ftS·(r2 where isY, else r1)
	VPBLENDMD Z1, Z0, K4, Z11
	VPBLENDMD Z2, Z11, K5, Z11
	VMULPS Z8, Z11, Z11              // ma = fmS·(r2, r1 or r0)
	VDIVPS Z11, Z9, Z14
	VMULPS Z21, Z14, Z14
	VADDPS Z21, Z14, Z14
	VMOVUPS Z14, K7, Set_S(DI)(DX*4)
	VDIVPS Z11, Z10, Z14
	VMULPS Z21, Z14, Z14
	VADDPS Z21, Z14, Z14
	VMOVUPS Z14, K7, Set_T(DI)(DX*4)
	VMOVDQU32 Z12, K7, Set_Face(DI)(DX*4)
	VPADDD Z27, Z12, Z14
	VMOVDQU32 Z14, K7, Set_Layer(DI)(DX*4)
	CMPL R11, $0
	JEQ c16Next
	VMULPS Z11, Z11, Z12             // ma2 = ma·ma
	// ∂/∂x: the gradients or the quads' differences.
	DERIV16(CubeArgs_Ddx, Z19, c16QuadX, c16FaceX)
	VMOVAPS Z0, Z17                  // ρx
	// ∂/∂y.
	DERIV16(CubeArgs_Ddy, Z20, c16QuadY, c16FaceY) // ρy
	VCMPPS $13, Z17, Z0, K1          // ρy ≥ ρx
	VPBLENDMD Z0, Z17, K1, Z0
	VMOVUPS Z0, K7, Set_Arg(DI)(DX*4)
c16Next:
	ADDQ $16, DX
	JMP c16
c16Done:
	VZEROUPPER
	RET
