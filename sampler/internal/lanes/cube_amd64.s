//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The cube and anisotropic requests' lane stages in AVX2 (cube_amd64.go):
// the vector build's gatherCubeVec loop and anisoLanes up to the logarithm
// (the retired simd/archsimd code), each archsimd operation the instruction it compiles
// to, in the same order and with the same operands: x.Op(y) is OP y, x,
// dst (the receiver the first source), except that of a commutative Mul or
// Add the first source is the operand the compiler made it in the vector
// build (go tool objdump of gatherCubeVec and anisoLanes), which decides
// the payload of a NaN from two NaN operands. Merge(y, mask) is VPBLENDVB
// (x where the mask is set), Permute VPERMPS, the float compares VCMPPS
// with the compiler's predicates (Equal 0, Less 1, GreaterEqual 13,
// Greater 14: false on NaN), the integer ones VPCMPGTD, Ceil VROUNDPS $2,
// ConvertToInt32 VCVTTPS2DQ, no fused multiply-add. The laneSet's fields
// are at go_asm.h's offsets.

// Eight dwords of one value.
#define DW8(name, v) \
	DATA name+0(SB)/4, v; DATA name+4(SB)/4, v; DATA name+8(SB)/4, v; DATA name+12(SB)/4, v; \
	DATA name+16(SB)/4, v; DATA name+20(SB)/4, v; DATA name+24(SB)/4, v; DATA name+28(SB)/4, v; \
	GLOBL name(SB), RODATA|NOPTR, $32

DW8(cbabs<>, $0x7fffffff)  // |r|'s bits
DW8(cbhalf<>, $0x3f000000) // 0.5
DW8(cbone<>, $0x3f800000)  // 1.0
DW8(cbf1<>, $1)            // the faces −X, +Y, −Y, +Z, −Z (and the integer 1)
DW8(cbf2<>, $2)
DW8(cbf3<>, $3)
DW8(cbf4<>, $4)
DW8(cbf5<>, $5)

// NEG(v, m, t, u) sets m where v is negative or −0 (selectFace's sign
// test): v < 0, or v = 0 with the sign bit set (0 > v as an integer); a
// NaN is neither. Y13 is zero.
#define NEG(v, m, t, u) \
	VCMPPS $1, Y13, v, m; VCMPPS $0, Y13, v, t; VPCMPGTD v, Y13, u; VPAND u, t, t; VPOR t, m, m

// QUADD(p, q, d, ptr) sets d to the quads' difference of the row at ptr:
// pixel p's value minus pixel (0,0)'s (Y13 holds the indices of (0,0), p
// those of the other pixel; q is a scratch register).
#define QUADD(p, q, d, ptr) \
	VPERMPS (ptr)(DX*4), Y13, q; VPERMPS (ptr)(DX*4), p, d; VSUBPS q, d, d

// FACED is faceDerivative of the derivative (Y0, Y1, Y2) of the direction
// on the lanes' faces, scaled to texels and folded into ρ's half:
// ds = (ma·dsc − sc·dma)/ma2·½, dt = (ma·dtc − tc·dma)/ma2·½; u = ds·sz₀,
// v = dt·sz₁; Y0 = √(u·u + v·v). It reads isX, isY, isZ (Y3, Y4, Y5), the
// signs (Y6, Y7, Y8), sc, tc, ma, ma2 (Y9–Y12) and the size at AX, and
// clobbers Y1, Y2, Y13–Y15. Line by line: dsc = fsS·(d2 where isX, else
// d0); dtc = ftS·(d2 where isY, else d1); dma = fmS·(d2 where isZ, else d1
// where isY, else d0); ds; dt; u; v; the square root.
#define FACED \
	VPBLENDVB Y3, Y2, Y0, Y13; VMULPS Y6, Y13, Y13; \
	VPBLENDVB Y4, Y2, Y1, Y14; VMULPS Y7, Y14, Y14; \
	VPBLENDVB Y4, Y1, Y0, Y15; VPBLENDVB Y5, Y2, Y15, Y15; VMULPS Y8, Y15, Y15; \
	VMULPS Y11, Y13, Y0; VMULPS Y9, Y15, Y1; VSUBPS Y1, Y0, Y0; VDIVPS Y12, Y0, Y0; VMULPS cbhalf<>(SB), Y0, Y0; \
	VMULPS Y11, Y14, Y1; VMULPS Y10, Y15, Y2; VSUBPS Y2, Y1, Y1; VDIVPS Y12, Y1, Y1; VMULPS cbhalf<>(SB), Y1, Y1; \
	VBROADCASTSS CubeArgs_Sz+0(AX), Y2; VMULPS Y2, Y0, Y0; \
	VBROADCASTSS CubeArgs_Sz+4(AX), Y2; VMULPS Y2, Y1, Y1; \
	VMULPS Y0, Y0, Y0; VMULPS Y1, Y1, Y1; VADDPS Y0, Y1, Y0; VSQRTPS Y0, Y0

// func CubeLanesAsm(a *cubeArgs, n int, c *laneSet)
// For each group of eight lanes: selectFace, faceCoords (s = sc/ma·½ + ½,
// t = tc/ma·½ + ½), the face and the layer face + base; with derivatives
// (a.deriv 1: the quads' differences, 2: the gradients) faceDerivative of
// ∂/∂x and ∂/∂y and rho8's ρ = ρy where ρy ≥ ρx, else ρx, into c.arg.
TEXT ·CubeLanesAsm(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), AX
	MOVQ n+8(FP), CX
	MOVQ c+16(FP), DI
	MOVQ CubeArgs_Coord+0(AX), R8
	MOVQ CubeArgs_Coord+8(AX), R9
	MOVQ CubeArgs_Coord+16(AX), R10
	MOVL CubeArgs_Deriv(AX), R11
	XORQ DX, DX
cube:
	CMPQ DX, CX
	JGE cubeDone
	VPXOR Y13, Y13, Y13          // 0
	VMOVUPS (R8)(DX*4), Y0       // r0
	VMOVUPS (R9)(DX*4), Y1       // r1
	VMOVUPS (R10)(DX*4), Y2      // r2
	// selectFace: the major axis (ties to z, then y), its sign.
	VPAND cbabs<>(SB), Y0, Y3    // ax
	VPAND cbabs<>(SB), Y1, Y4    // ay
	VPAND cbabs<>(SB), Y2, Y5    // az
	NEG(Y0, Y6, Y7, Y8)
	VPBLENDVB Y6, cbf1<>(SB), Y13, Y9   // fx = 1 where r0 is negative, else 0
	NEG(Y1, Y6, Y7, Y8)
	VMOVDQU cbf2<>(SB), Y7
	VPBLENDVB Y6, cbf3<>(SB), Y7, Y10   // fy
	NEG(Y2, Y6, Y7, Y8)
	VMOVDQU cbf4<>(SB), Y7
	VPBLENDVB Y6, cbf5<>(SB), Y7, Y11   // fz
	VCMPPS $13, Y3, Y4, Y6       // ay ≥ ax
	VPBLENDVB Y6, Y10, Y9, Y9    // fy where ay ≥ ax, else fx
	VCMPPS $13, Y3, Y5, Y6       // az ≥ ax
	VCMPPS $13, Y4, Y5, Y7       // az ≥ ay
	VPAND Y7, Y6, Y6
	VPBLENDVB Y6, Y11, Y9, Y12   // the face
	VMOVDQU cbf2<>(SB), Y6
	VPCMPGTD Y12, Y6, Y3         // isX: face < 2
	VPCMPGTD cbf1<>(SB), Y12, Y4 // face > 1
	VMOVDQU cbf4<>(SB), Y6
	VPCMPGTD Y12, Y6, Y6         // face < 4
	VPAND Y6, Y4, Y4             // isY
	VPCMPGTD cbf3<>(SB), Y12, Y5 // isZ: face > 3
	VPERMPS ·CubeSigns+0(SB), Y12, Y6  // fsS
	VPERMPS ·CubeSigns+32(SB), Y12, Y7 // ftS
	VPERMPS ·CubeSigns+64(SB), Y12, Y8 // fmS
	// faceCoords.
	VPBLENDVB Y3, Y2, Y0, Y9
	VMULPS Y6, Y9, Y9            // sc = fsS·(r2 where isX, else r0)
	VPBLENDVB Y4, Y2, Y1, Y10
	VMULPS Y7, Y10, Y10          // tc = ftS·(r2 where isY, else r1)
	VPBLENDVB Y4, Y1, Y0, Y11
	VPBLENDVB Y5, Y2, Y11, Y11
	VMULPS Y8, Y11, Y11          // ma = fmS·(r2, r1 or r0)
	VDIVPS Y11, Y9, Y14
	VMULPS cbhalf<>(SB), Y14, Y14
	VADDPS cbhalf<>(SB), Y14, Y14
	VMOVUPS Y14, Set_S(DI)(DX*4)
	VDIVPS Y11, Y10, Y14
	VMULPS cbhalf<>(SB), Y14, Y14
	VADDPS cbhalf<>(SB), Y14, Y14
	VMOVUPS Y14, Set_T(DI)(DX*4)
	VMOVDQU Y12, Set_Face(DI)(DX*4)
	VPBROADCASTD CubeArgs_Base(AX), Y14
	VPADDD Y14, Y12, Y14
	VMOVDQU Y14, Set_Layer(DI)(DX*4)
	CMPL R11, $0
	JEQ cubeNext
	VMULPS Y11, Y11, Y12         // ma2 = ma·ma
	// ∂/∂x: the gradients or the quads' differences.
	CMPL R11, $2
	JNE cubeQuadX
	MOVQ CubeArgs_Ddx+0(AX), BX
	VMOVUPS (BX)(DX*4), Y0
	MOVQ CubeArgs_Ddx+8(AX), BX
	VMOVUPS (BX)(DX*4), Y1
	MOVQ CubeArgs_Ddx+16(AX), BX
	VMOVUPS (BX)(DX*4), Y2
	JMP cubeFaceX
cubeQuadX:
	VMOVDQU ·cubeQuad+0(SB), Y13  // pixel (0,0)
	VMOVDQU ·cubeQuad+32(SB), Y14 // pixel (1,0)
	QUADD(Y14, Y15, Y0, R8)
	QUADD(Y14, Y15, Y1, R9)
	QUADD(Y14, Y15, Y2, R10)
cubeFaceX:
	FACED
	VMOVUPS Y0, Set_Arg(DI)(DX*4) // ρx, until ρy
	// ∂/∂y.
	CMPL R11, $2
	JNE cubeQuadY
	MOVQ CubeArgs_Ddy+0(AX), BX
	VMOVUPS (BX)(DX*4), Y0
	MOVQ CubeArgs_Ddy+8(AX), BX
	VMOVUPS (BX)(DX*4), Y1
	MOVQ CubeArgs_Ddy+16(AX), BX
	VMOVUPS (BX)(DX*4), Y2
	JMP cubeFaceY
cubeQuadY:
	VMOVDQU ·cubeQuad+0(SB), Y13  // pixel (0,0)
	VMOVDQU ·cubeQuad+64(SB), Y14 // pixel (0,1)
	QUADD(Y14, Y15, Y0, R8)
	QUADD(Y14, Y15, Y1, R9)
	QUADD(Y14, Y15, Y2, R10)
cubeFaceY:
	FACED                        // ρy
	VMOVUPS Set_Arg(DI)(DX*4), Y2
	VCMPPS $13, Y2, Y0, Y1       // ρy ≥ ρx
	VPBLENDVB Y1, Y0, Y2, Y0
	VMOVUPS Y0, Set_Arg(DI)(DX*4)
cubeNext:
	ADDQ $8, DX
	JMP cube
cubeDone:
	VZEROUPPER
	RET

// func AnisoScaleAsm(a *anisoArgs, p *anisoProbes)
// anisoLanes up to the logarithm for eight lanes: the derivatives (the
// gradients, or the quads' differences of s and t), u = ∂s·w, v = ∂t·h,
// ρx = √(ux·ux + vx·vx), ρy likewise, the major axis y where ρy ≥ ρx,
// η = maxAniso where ρmax/ρmin > maxAniso, else ρmax/ρmin, and where η > 1
// N = ⌈η⌉ and ρmax/η, else 1 and ρmax.
TEXT ·AnisoScaleAsm(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), AX
	MOVQ p+8(FP), DI
	MOVL AnisoArgs_Grad(AX), R8
	CMPL R8, $0
	JEQ anisoQuad
	MOVQ AnisoArgs_Ddx+0(AX), SI
	VMOVUPS (SI), Y0             // dx0
	MOVQ AnisoArgs_Ddx+8(AX), SI
	VMOVUPS (SI), Y1             // dx1
	MOVQ AnisoArgs_Ddy+0(AX), SI
	VMOVUPS (SI), Y2             // dy0
	MOVQ AnisoArgs_Ddy+8(AX), SI
	VMOVUPS (SI), Y3             // dy1
	JMP anisoScale
anisoQuad:
	MOVQ AnisoArgs_S(AX), SI
	MOVQ AnisoArgs_T(AX), BX
	VMOVDQU ·cubeQuad+0(SB), Y4
	VMOVDQU ·cubeQuad+32(SB), Y5
	VMOVDQU ·cubeQuad+64(SB), Y6
	VMOVUPS (SI), Y7             // s
	VMOVUPS (BX), Y8             // t
	VPERMPS Y7, Y4, Y9           // s0
	VPERMPS Y8, Y4, Y10          // t0
	VPERMPS Y7, Y5, Y0
	VSUBPS Y9, Y0, Y0            // dx0
	VPERMPS Y8, Y5, Y1
	VSUBPS Y10, Y1, Y1           // dx1
	VPERMPS Y7, Y6, Y2
	VSUBPS Y9, Y2, Y2            // dy0
	VPERMPS Y8, Y6, Y3
	VSUBPS Y10, Y3, Y3           // dy1
anisoScale:
	VBROADCASTSS AnisoArgs_Sz+0(AX), Y14
	VBROADCASTSS AnisoArgs_Sz+4(AX), Y15
	VMULPS Y14, Y0, Y4           // ux
	VMULPS Y15, Y1, Y5           // vx
	VMULPS Y14, Y2, Y6           // uy
	VMULPS Y15, Y3, Y7           // vy
	VMULPS Y4, Y4, Y4
	VMULPS Y5, Y5, Y5
	VADDPS Y4, Y5, Y4
	VSQRTPS Y4, Y4               // ρx
	VMULPS Y6, Y6, Y6
	VMULPS Y7, Y7, Y7
	VADDPS Y6, Y7, Y6
	VSQRTPS Y6, Y6               // ρy
	VCMPPS $13, Y4, Y6, Y8       // yMajor: ρy ≥ ρx
	VPBLENDVB Y8, Y6, Y4, Y9     // ρmax
	VPBLENDVB Y8, Y4, Y6, Y10    // ρmin
	VPBLENDVB Y8, Y2, Y0, Y11
	VMOVUPS Y11, AnisoProbes_AxS(DI)
	VPBLENDVB Y8, Y3, Y1, Y11
	VMOVUPS Y11, AnisoProbes_AxT(DI)
	VBROADCASTSS AnisoArgs_MaxAniso(AX), Y12
	VDIVPS Y10, Y9, Y11          // ρmax/ρmin
	VCMPPS $14, Y12, Y11, Y13    // > maxAniso
	VPBLENDVB Y13, Y12, Y11, Y11 // η
	VCMPPS $14, cbone<>(SB), Y11, Y13 // aniso: η > 1
	VROUNDPS $2, Y11, Y14
	VCVTTPS2DQ Y14, Y14          // ⌈η⌉
	VMOVDQU cbf1<>(SB), Y15
	VPBLENDVB Y13, Y14, Y15, Y14
	VMOVDQU Y14, AnisoProbes_Probes(DI)
	VDIVPS Y11, Y9, Y14          // ρmax/η
	VPBLENDVB Y13, Y14, Y9, Y14
	VMOVUPS Y14, AnisoProbes_Arg(DI)
	VZEROUPPER
	RET
