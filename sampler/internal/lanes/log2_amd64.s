//go:build !purego

#include "textflag.h"

// log2Fast, the lane loop's logarithm (asm_amd64.go, Log2Vec): AVX2
// and FMA, all eight lanes in registers. For positive normal v = m·2^e,
// m₀ = 1 + i/256 (i the top 8 mantissa bits) and r = (m − m₀)/m₀ < 2^−8, it
// evaluates y = (e + log2(m₀)) + r·(a₁ + r·(a₂ + … + r·a₅)) in float64, aₖ
// = (−1)^(k+1)/(k·ln 2) (log2Poly), and accepts the lanes whose y is more
// than 2^−40 from every float32 rounding boundary, as log2f's test does.

// Eight dwords, or four qwords, of one value.
#define DW8(name, v) \
	DATA name+0(SB)/4, v; DATA name+4(SB)/4, v; DATA name+8(SB)/4, v; DATA name+12(SB)/4, v; \
	DATA name+16(SB)/4, v; DATA name+20(SB)/4, v; DATA name+24(SB)/4, v; DATA name+28(SB)/4, v; \
	GLOBL name(SB), RODATA|NOPTR, $32
#define QW4(name, v) \
	DATA name+0(SB)/8, v; DATA name+8(SB)/8, v; DATA name+16(SB)/8, v; DATA name+24(SB)/8, v; \
	GLOBL name(SB), RODATA|NOPTR, $32

DW8(l2c255<>, $255)
DW8(l2c7fff<>, $0x7fff)
DW8(l2c127<>, $127)
DW8(l2abs32<>, $0x7fffffff)
DW8(l2tiny<>, $0x37800000) // 2^−16 as float32
QW4(l2abs64<>, $0x7fffffffffffffff)
QW4(l2half<>, $0x3fe0000000000000)   // 0.5
QW4(l2margin<>, $0x3d70000000000000) // 2^−40

DATA l2bits<>+0(SB)/4, $1
DATA l2bits<>+4(SB)/4, $2
DATA l2bits<>+8(SB)/4, $4
DATA l2bits<>+12(SB)/4, $8
DATA l2bits<>+16(SB)/4, $16
DATA l2bits<>+20(SB)/4, $32
DATA l2bits<>+24(SB)/4, $64
DATA l2bits<>+28(SB)/4, $128
GLOBL l2bits<>(SB), RODATA|NOPTR, $32

// ACCEPT4(f, y, r) sets the low four bits of r where |y − f| < h − 2^−40
// for four lanes: y their binary64 values, f their float32 roundings, X4
// their gaps f − g (h is half the gap).
#define ACCEPT4(f, y, r) \
	VCVTPS2PD X4, Y5; VANDPD l2abs64<>(SB), Y5, Y5; VMULPD l2half<>(SB), Y5, Y5; VSUBPD l2margin<>(SB), Y5, Y5; \
	VCVTPS2PD f, Y7; VSUBPD Y7, y, Y7; VANDPD l2abs64<>(SB), Y7, Y7; VCMPPD $0x01, Y5, Y7, Y7; VMOVMSKPD Y7, r

// Horner step: t = t·r + log2Poly[k] (four copies each).
#define HORNER(k, r, t) VFMADD213PD ·log2Poly+(32*k)(SB), r, t

// func log2Fast(a *float32, n int) (reject uint64)
// a[k] = float32(log2(a[k])), k < n (a multiple of 8, at most 64), eight
// at a time; the lanes the boundary test rejects keep their input and
// their bits are set in reject (log2Lanes passes them to math.Log2). The
// groups are independent, so their long dependency chains overlap.
TEXT ·log2Fast(SB), NOSPLIT, $32-24
	MOVQ a+0(FP), AX
	MOVQ n+8(FP), R12
	LEAQ ·log2Pairs(SB), SI
	XORQ R11, R11
	XORQ DX, DX
group:
	CMPQ DX, R12
	JGE done
	VMOVDQU (AX)(DX*4), Y0     // b
	VPSRLD $23, Y0, Y1         // exp (with the sign bit)
	VPSRLD $15, Y0, Y2
	VPAND l2c255<>(SB), Y2, Y2 // i
	VPAND l2c7fff<>(SB), Y0, Y3 // m − m₀, in units of 2^−23

	// The table's pairs (log2(m₀), 2^−23/m₀) of the eight lanes, read
	// with plain loads (the indices through the stack) and split:
	// Y5/Y6 = log2(m₀) of lanes 0–3/4–7, Y7/Y8 = 2^−23/m₀.
	VMOVDQU Y2, 0(SP)
	MOVL 0(SP), R8; SHLQ $4, R8; VMOVUPD (SI)(R8*1), X5
	MOVL 8(SP), R8; SHLQ $4, R8; VINSERTF128 $1, (SI)(R8*1), Y5, Y5 // lanes 0, 2
	MOVL 4(SP), R8; SHLQ $4, R8; VMOVUPD (SI)(R8*1), X7
	MOVL 12(SP), R8; SHLQ $4, R8; VINSERTF128 $1, (SI)(R8*1), Y7, Y7 // lanes 1, 3
	MOVL 16(SP), R8; SHLQ $4, R8; VMOVUPD (SI)(R8*1), X6
	MOVL 24(SP), R8; SHLQ $4, R8; VINSERTF128 $1, (SI)(R8*1), Y6, Y6 // lanes 4, 6
	MOVL 20(SP), R8; SHLQ $4, R8; VMOVUPD (SI)(R8*1), X8
	MOVL 28(SP), R8; SHLQ $4, R8; VINSERTF128 $1, (SI)(R8*1), Y8, Y8 // lanes 5, 7
	VUNPCKHPD Y7, Y5, Y4
	VUNPCKLPD Y7, Y5, Y5
	VMOVAPD Y4, Y7
	VUNPCKHPD Y8, Y6, Y4
	VUNPCKLPD Y8, Y6, Y6
	VMOVAPD Y4, Y8

	// Positive and normal: 0 < exp < 255 (the sign bit makes exp ≥ 256).
	VPXOR Y13, Y13, Y13
	VPCMPGTD Y13, Y1, Y13      // exp > 0
	VMOVDQU l2c255<>(SB), Y14
	VPCMPGTD Y1, Y14, Y14      // 255 > exp
	VPAND Y14, Y13, Y13
	VPSUBD l2c127<>(SB), Y1, Y1 // e

	// r, then p = r·(a₁ + r·(…)).
	VCVTDQ2PD X3, Y9
	VMULPD Y7, Y9, Y9          // r, lanes 0–3
	VEXTRACTI128 $1, Y3, X10
	VCVTDQ2PD X10, Y10
	VMULPD Y8, Y10, Y10        // r, lanes 4–7
	VMOVUPD ·log2Poly(SB), Y11
	VMOVUPD Y11, Y12
	HORNER(1, Y9, Y11)
	HORNER(1, Y10, Y12)
	HORNER(2, Y9, Y11)
	HORNER(2, Y10, Y12)
	HORNER(3, Y9, Y11)
	HORNER(3, Y10, Y12)
	HORNER(4, Y9, Y11)
	HORNER(4, Y10, Y12)
	VMULPD Y9, Y11, Y11        // p, lanes 0–3
	VMULPD Y10, Y12, Y12

	// y = (e + log2(m₀)) + p.
	VCVTDQ2PD X1, Y9
	VADDPD Y5, Y9, Y9
	VADDPD Y11, Y9, Y9         // y, lanes 0–3
	VEXTRACTI128 $1, Y1, X10
	VCVTDQ2PD X10, Y10
	VADDPD Y6, Y10, Y10
	VADDPD Y12, Y10, Y10       // y, lanes 4–7
	VCVTPD2PSY Y9, X11
	VCVTPD2PSY Y10, X12
	VINSERTF128 $1, X12, Y11, Y3 // f

	// |f| ≥ 2^−16 and normal input.
	VPAND l2abs32<>(SB), Y3, Y6
	VCMPPS $0x0d, l2tiny<>(SB), Y6, Y6
	VPAND Y6, Y13, Y13
	VMOVMSKPS Y13, R8

	// gap = |f − g|, g the float32 next to f towards zero (bits − 1);
	// accept where |y − f| < gap/2 − 2^−40.
	VPCMPEQD Y4, Y4, Y4
	VPADDD Y4, Y3, Y4
	VSUBPS Y4, Y3, Y4          // f − g, exact
	ACCEPT4(X11, Y9, R9)        // lanes 0–3
	VEXTRACTF128 $1, Y4, X4
	ACCEPT4(X12, Y10, R10)      // lanes 4–7
	SHLL $4, R10
	ORL R10, R9
	ANDL R8, R9

	// Store f where every lane is accepted: a predicted branch, so that
	// the store (and the caller's load of it) need not wait for the test.
	CMPL R9, $0xff
	JNE partial
	VMOVUPS Y3, (AX)(DX*4)
next:
	ADDQ $8, DX
	JMP group

partial:
	// Keep the input where the lane is rejected; collect the rejections.
	VMOVD R9, X4
	VPBROADCASTD X4, Y4
	VPAND l2bits<>(SB), Y4, Y4
	VPCMPEQD l2bits<>(SB), Y4, Y4
	VBLENDVPS Y4, Y3, Y0, Y0
	VMOVUPS Y0, (AX)(DX*4)
	NOTL R9
	ANDL $0xff, R9
	MOVQ DX, CX
	SHLQ CX, R9
	ORQ R9, R11
	JMP next

done:
	VZEROUPPER
	MOVQ R11, reject+16(FP)
	RET
