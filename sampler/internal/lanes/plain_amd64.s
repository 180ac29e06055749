//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "quant_amd64.h"

// The plain requests' lane stages in AVX2 (plain_amd64.go): the vector
// build's gatherPlainVec, runPlainLevel, plainEntries, entries8,
// lodBias8, gradRho8, rho8, lambda8, levelSel8 and levels8
// (the retired simd/archsimd code), each archsimd operation the instruction it compiles
// to, in the same order and with the same operands: Merge(y, mask) is
// VPBLENDVB, the compares VCMPPS with the compiler's predicates (Equal 0,
// Less 1, IsNaN 3, GreaterEqual 13, Greater 14: false on NaN), Floor and
// Ceil VROUNDPS $1 and $2, ConvertToInt32 VCVTTPS2DQ, no fused
// multiply-add. The stages take whole chunks of flat arrays, n entries (a
// multiple of 8) eight at a time; the laneSet's fields are at go_asm.h's
// offsets, its rows laneChunk values each ([..][laneChunk]: 256 bytes
// apart).

DATA plseq<>+0(SB)/4, $0
DATA plseq<>+4(SB)/4, $1
DATA plseq<>+8(SB)/4, $2
DATA plseq<>+12(SB)/4, $3
DATA plseq<>+16(SB)/4, $4
DATA plseq<>+20(SB)/4, $5
DATA plseq<>+24(SB)/4, $6
DATA plseq<>+28(SB)/4, $7
GLOBL plseq<>(SB), RODATA|NOPTR, $32

DATA plhalf<>+0(SB)/4, $0x3f000000 // 0.5
GLOBL plhalf<>(SB), RODATA|NOPTR, $4
DATA plbias<>+0(SB)/4, $0x41800000 // MaxLodBias, 16
GLOBL plbias<>(SB), RODATA|NOPTR, $4
DATA plnbias<>+0(SB)/4, $0xc1800000 // −MaxLodBias
GLOBL plnbias<>(SB), RODATA|NOPTR, $4
DATA plabs<>+0(SB)/4, $0x7fffffff // |u|'s bits
GLOBL plabs<>(SB), RODATA|NOPTR, $4
DATA pllim<>+0(SB)/4, $0x4e800000 // 2^30's bits
GLOBL pllim<>(SB), RODATA|NOPTR, $4

// The offsets of the chunk's rows (laneSet at a register).
#define FP_O(q) (Set_FP+Footprints_O+256*q)
#define FP_FA (Set_FP+Footprints_FA)
#define FP_FB (Set_FP+Footprints_FB)

// SEQ(r, y) sets y to r + (0, 1, …, 7) (r a general register; archsimd's
// laneSeq plus a broadcast).
#define SEQ(r, y) \
	VMOVD r, X15; VPBROADCASTD X15, y; VPADDD plseq<>(SB), y, y

// func PlainEntriesAsm(c *laneSet, layer int32)
// plainEntries: for every entry k of the chunk, layer, face −1, offsets
// (0, 0), channel 0, reference +0, first k and count 1.
TEXT ·PlainEntriesAsm(SB), NOSPLIT, $0-12
	MOVQ c+0(FP), DI
	MOVL layer+8(FP), AX
	VMOVD AX, X0
	VPBROADCASTD X0, Y0          // the layer
	VPCMPEQD Y1, Y1, Y1          // −1
	VPXOR Y2, Y2, Y2             // 0
	XORQ DX, DX
	SEQ(DX, Y3)                  // the entries' own indices
	VPSRLD $31, Y1, Y4           // 1
	VPSLLD $3, Y4, Y5            // 8
pe:
	VMOVDQU Y0, Set_Layer(DI)(DX*4)
	VMOVDQU Y1, Set_Face(DI)(DX*4)
	VMOVDQU Y2, Set_OffU(DI)(DX*4)
	VMOVDQU Y2, Set_OffV(DI)(DX*4)
	MOVQ $0, Set_Ch(DI)(DX*1)
	VMOVDQU Y2, Set_Ref(DI)(DX*4)
	VMOVDQU Y3, Set_First(DI)(DX*4)
	VMOVDQU Y4, Set_Count(DI)(DX*4)
	VPADDD Y5, Y3, Y3
	ADDQ $8, DX
	CMPQ DX, $const_Chunk
	JLT pe
	VZEROUPPER
	RET

// func EntriesAsm(c *laneSet, k, n, lane int, ref *float32)
// entries8 for entries [k, k+n) of lanes [lane, lane+n): offsets (0, 0),
// channel 0, the reference ref[j] (+0 where ref is nil), the lane, first
// the entry itself and count 1.
TEXT ·EntriesAsm(SB), NOSPLIT, $0-40
	MOVQ c+0(FP), DI
	MOVQ k+8(FP), DX
	MOVQ n+16(FP), CX
	MOVQ lane+24(FP), AX
	MOVQ ref+32(FP), SI
	ADDQ DX, CX                  // the end entry
	MOVQ DX, R8
	SHLQ $2, R8
	SUBQ R8, SI                  // ref[j] at (SI)(DX*4), DX = k + j
	SEQ(AX, Y0)                  // the lanes
	SEQ(DX, Y1)                  // the entries
	VPXOR Y2, Y2, Y2
	VPCMPEQD Y4, Y4, Y4
	VPSRLD $31, Y4, Y4           // 1
	VPSLLD $3, Y4, Y5            // 8
	MOVQ ref+32(FP), R8          // nil: no reference
en:
	CMPQ DX, CX
	JGE enDone
	VMOVDQU Y2, Set_OffU(DI)(DX*4)
	VMOVDQU Y2, Set_OffV(DI)(DX*4)
	MOVQ $0, Set_Ch(DI)(DX*1)
	VMOVDQA Y2, Y3
	TESTQ R8, R8
	JZ enRef
	VMOVUPS (SI)(DX*4), Y3
enRef:
	VMOVUPS Y3, Set_Ref(DI)(DX*4)
	VMOVDQU Y0, Set_Lane(DI)(DX*4)
	VMOVDQU Y1, Set_First(DI)(DX*4)
	VMOVDQU Y4, Set_Count(DI)(DX*4)
	VPADDD Y5, Y0, Y0
	VPADDD Y5, Y1, Y1
	ADDQ $8, DX
	JMP en
enDone:
	VZEROUPPER
	RET

// func LayersAsm(p *layerParams, a *float32, face *int32, n int, out *int32)
// clampLayer and project: r = RNE(a[j]); +0 where r > 0 fails (negative,
// −0, NaN); top where r > top; out[j] = base + mul·r (+ face[j] where face
// is not nil).
TEXT ·LayersAsm(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), AX
	MOVQ a+8(FP), SI
	MOVQ face+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), DI
	VBROADCASTSS LayerParams_Top(AX), Y15
	VPBROADCASTD LayerParams_Base(AX), Y14
	VPBROADCASTD LayerParams_Mul(AX), Y13
	VXORPS Y12, Y12, Y12         // 0
	XORQ DX, DX
ly:
	CMPQ DX, CX
	JGE lyDone
	VROUNDPS $0, (SI)(DX*4), Y0  // RNE(a)
	VCMPPS $14, Y12, Y0, Y1      // r > 0
	VPBLENDVB Y1, Y0, Y12, Y0
	VCMPPS $14, Y15, Y0, Y1      // r > top
	VPBLENDVB Y1, Y15, Y0, Y0
	VCVTTPS2DQ Y0, Y0
	VPMULLD Y13, Y0, Y0
	VPADDD Y14, Y0, Y0
	TESTQ R8, R8
	JZ lyStore
	VPADDD (R8)(DX*4), Y0, Y0    // + face
lyStore:
	VMOVDQU Y0, (DI)(DX*4)
	ADDQ $8, DX
	JMP ly
lyDone:
	VZEROUPPER
	RET

// func PlainLanesAsm(c *laneSet, s, t, ref *float32, n, lane int)
// gatherPlainVec's operands of lanes [lane, lane+n) as entries [0, n):
// s, t, the lane and, where ref is not nil, the reference.
TEXT ·PlainLanesAsm(SB), NOSPLIT, $0-48
	MOVQ c+0(FP), DI
	MOVQ s+8(FP), SI
	MOVQ t+16(FP), R8
	MOVQ ref+24(FP), R9
	MOVQ n+32(FP), CX
	MOVQ lane+40(FP), AX
	SEQ(AX, Y0)                  // the lanes
	VPCMPEQD Y5, Y5, Y5
	VPSRLD $31, Y5, Y5
	VPSLLD $3, Y5, Y5            // 8
	XORQ DX, DX
pl:
	CMPQ DX, CX
	JGE plDone
	VMOVUPS (SI)(DX*4), Y1
	VMOVUPS Y1, Set_S(DI)(DX*4)
	VMOVUPS (R8)(DX*4), Y2
	VMOVUPS Y2, Set_T(DI)(DX*4)
	VMOVDQU Y0, Set_Lane(DI)(DX*4)
	VPADDD Y5, Y0, Y0
	TESTQ R9, R9
	JZ plNext
	VMOVUPS (R9)(DX*4), Y3
	VMOVUPS Y3, Set_Ref(DI)(DX*4)
plNext:
	ADDQ $8, DX
	JMP pl
plDone:
	VZEROUPPER
	RET

// func LodBiasAsm(lodBias float32, bias *float32, n int, out *float32)
// lodBias8: b = lodBias + bias[j]; a NaN b is 0; then b = −16 where
// b < −16 and 16 where b > 16.
TEXT ·LodBiasAsm(SB), NOSPLIT, $0-32
	MOVL lodBias+0(FP), AX
	MOVQ bias+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DI
	VMOVD AX, X15
	VBROADCASTSS X15, Y15        // the sampler's bias
	VXORPS Y14, Y14, Y14         // 0
	VBROADCASTSS plnbias<>(SB), Y13
	VBROADCASTSS plbias<>(SB), Y12
	XORQ DX, DX
lb:
	CMPQ DX, CX
	JGE lbDone
	VADDPS (SI)(DX*4), Y15, Y0
	VCMPPS $3, Y0, Y0, Y1        // b is NaN
	VPBLENDVB Y1, Y14, Y0, Y0
	VCMPPS $1, Y13, Y0, Y1       // b < −16
	VPBLENDVB Y1, Y13, Y0, Y0
	VCMPPS $14, Y12, Y0, Y1      // b > 16
	VPBLENDVB Y1, Y12, Y0, Y0
	VMOVUPS Y0, (DI)(DX*4)
	ADDQ $8, DX
	JMP lb
lbDone:
	VZEROUPPER
	RET

// func GradRhoAsm(sz *[2]float32, dx0, dx1, dy0, dy1 *float32, n int, out *float32)
// gradRho8 and rho8: ux = dx0·sz₀, vx = dx1·sz₁, uy = dy0·sz₀, vy =
// dy1·sz₁, ρx = √(ux·ux + vx·vx), ρy = √(uy·uy + vy·vy), ρ = ρy where ρy ≥
// ρx, else ρx.
TEXT ·GradRhoAsm(SB), NOSPLIT, $0-56
	MOVQ sz+0(FP), AX
	MOVQ dx0+8(FP), SI
	MOVQ dx1+16(FP), DI
	MOVQ dy0+24(FP), R8
	MOVQ dy1+32(FP), R9
	MOVQ n+40(FP), CX
	MOVQ out+48(FP), R10
	VBROADCASTSS 0(AX), Y15      // sz₀
	VBROADCASTSS 4(AX), Y14      // sz₁
	XORQ DX, DX
gr:
	CMPQ DX, CX
	JGE grDone
	VMOVUPS (SI)(DX*4), Y0
	VMULPS Y15, Y0, Y0           // ux
	VMOVUPS (DI)(DX*4), Y1
	VMULPS Y14, Y1, Y1           // vx
	VMOVUPS (R8)(DX*4), Y2
	VMULPS Y15, Y2, Y2           // uy
	VMOVUPS (R9)(DX*4), Y3
	VMULPS Y14, Y3, Y3           // vy
	VMULPS Y0, Y0, Y0
	VMULPS Y1, Y1, Y1
	VADDPS Y1, Y0, Y0
	VSQRTPS Y0, Y0               // ρx
	VMULPS Y2, Y2, Y2
	VMULPS Y3, Y3, Y3
	VADDPS Y3, Y2, Y2
	VSQRTPS Y2, Y2               // ρy
	VCMPPS $13, Y0, Y2, Y1       // ρy ≥ ρx
	VPBLENDVB Y1, Y2, Y0, Y0
	VMOVUPS Y0, (R10)(DX*4)
	ADDQ $8, DX
	JMP gr
grDone:
	VZEROUPPER
	RET

// func LevelsAsm(p *levelParams, base, bias, minLod *float32, n int, hi, lo *int32, delta *float32)
// lambda8 (unless p.only): a NaN base is 0; the lane's lower clamp is
// minLod[j] where it is greater than the sampler's; λ = base + bias, then
// maxLod where λ > maxLod, then the lower clamp where λ < it; in hardware
// precision (p.hw) λ is rounded (QLOD) before the clamps and after them. levelSel8
// and levels8: d = λ where λ > 0, else +0, then q where d > q (q = levels
// − 1); MipNearest: hi = lo = ⌈d − ½⌉, δ = +0; MipLinear: hi = ⌊d⌋, lo =
// min(hi + 1, levels − 1), δ = d − ⌊d⌋; MipNone: hi = lo = 0, δ = +0.
TEXT ·LevelsAsm(SB), NOSPLIT, $0-64
	MOVQ p+0(FP), AX
	MOVQ base+8(FP), SI
	MOVQ bias+16(FP), BX
	MOVQ minLod+24(FP), R8
	MOVQ n+32(FP), CX
	MOVQ hi+40(FP), DI
	MOVQ lo+48(FP), R9
	MOVQ delta+56(FP), R10
	MOVL LevelParams_Mode(AX), R11
	MOVL LevelParams_Only(AX), R12
	MOVL LevelParams_Hw(AX), R13
	VBROADCASTSS LevelParams_Lod(AX), Y4
	VBROADCASTSS LevelParams_LodInv(AX), Y5
	VBROADCASTSS LevelParams_MaxLod(AX), Y15
	VBROADCASTSS LevelParams_MinLod(AX), Y14
	VBROADCASTSS LevelParams_Bias(AX), Y13
	VBROADCASTSS LevelParams_Top(AX), Y12
	VPBROADCASTD LevelParams_TopI(AX), Y11
	VXORPS Y10, Y10, Y10         // 0
	VBROADCASTSS plhalf<>(SB), Y9
	VPCMPEQD Y8, Y8, Y8
	VPSRLD $31, Y8, Y8           // 1
	XORQ DX, DX
lv:
	CMPQ DX, CX
	JGE lvDone
	CMPL R11, $0                 // MipNone
	JEQ lvNone
	VXORPS Y0, Y0, Y0
	TESTQ SI, SI
	JZ lvBase
	VMOVUPS (SI)(DX*4), Y0
lvBase:
	CMPL R12, $0
	JNE lvSelect                 // λ = base
	// lambda8.
	VCMPPS $3, Y0, Y0, Y1        // base is NaN
	VPBLENDVB Y1, Y10, Y0, Y0
	VMOVAPS Y14, Y2              // the lower clamp
	TESTQ R8, R8
	JZ lvMin
	VMOVUPS (R8)(DX*4), Y3
	VCMPPS $14, Y14, Y3, Y1      // minLod[j] > the sampler's
	VPBLENDVB Y1, Y3, Y14, Y2
lvMin:
	TESTQ BX, BX
	JZ lvBias
	VADDPS (BX)(DX*4), Y0, Y0
	JMP lvClamp
lvBias:
	VADDPS Y13, Y0, Y0
lvClamp:
	CMPL R13, $0
	JEQ lvClampMax
	QLOD(Y0, Y4, Y5, Y1, Y3, Y6, Y7)
lvClampMax:
	VCMPPS $14, Y15, Y0, Y1      // λ > maxLod
	VPBLENDVB Y1, Y15, Y0, Y0
	VCMPPS $1, Y2, Y0, Y1        // λ < the lower clamp
	VPBLENDVB Y1, Y2, Y0, Y0
	CMPL R13, $0
	JEQ lvSelect
	QLOD(Y0, Y4, Y5, Y1, Y3, Y6, Y7)
lvSelect:
	// levelSel8.
	VCMPPS $14, Y10, Y0, Y1      // λ > 0
	VPBLENDVB Y1, Y0, Y10, Y0
	VCMPPS $14, Y12, Y0, Y1      // d > q
	VPBLENDVB Y1, Y12, Y0, Y0
	CMPL R11, $2                 // MipLinear
	JEQ lvLinear
	VSUBPS Y9, Y0, Y1
	VROUNDPS $2, Y1, Y1
	VCVTTPS2DQ Y1, Y1
	VMOVDQU Y1, (DI)(DX*4)
	VMOVDQU Y1, (R9)(DX*4)
	VMOVUPS Y10, (R10)(DX*4)
	ADDQ $8, DX
	JMP lv
lvLinear:
	VROUNDPS $1, Y0, Y1          // ⌊d⌋
	VCVTTPS2DQ Y1, Y2
	VPADDD Y8, Y2, Y3
	VPMINSD Y11, Y3, Y3
	VSUBPS Y1, Y0, Y0
	VMOVDQU Y2, (DI)(DX*4)
	VMOVDQU Y3, (R9)(DX*4)
	VMOVUPS Y0, (R10)(DX*4)
	ADDQ $8, DX
	JMP lv
lvNone:
	VMOVDQU Y10, (DI)(DX*4)
	VMOVDQU Y10, (R9)(DX*4)
	VMOVUPS Y10, (R10)(DX*4)
	ADDQ $8, DX
	JMP lv
lvDone:
	VZEROUPPER
	RET

// func PlainFootprintsAsm(p *FootParams, s, t, ref *float32, n int, c *Set) bool
// runPlainLevel's loop: u = s·w − ½, v = t·h − ½ (hardware precision,
// p.hw: subtexel's, QSUB); false where |u| or |v|
// is not below 2^30 (compared as bits: a NaN's are above); i0 = ⌊u⌋, j0 =
// ⌊v⌋, α = u − ⌊u⌋, β = v − ⌊v⌋; x0, x1 = i0, i0 + 1 wrapped (repeat: AND
// w − 1; clamp-to-edge: max 0, min w − 1), y0, y1 likewise; the offsets
// base (+ c.layer[j]·ls where p.layers) + y·ys + (x << xsh), y·ys as
// y << ysh where the stride is a power of two (p.ysh ≥ 0: the same bits,
// without VPMULLD's latency on Intel cores); the shifts are VPSLLVD (one
// µop on Intel and AMD cores, where VPSLLD by an X register is two on
// Intel's); the reference where ref is not nil.
TEXT ·PlainFootprintsAsm(SB), NOSPLIT, $0-49
	MOVQ p+0(FP), AX
	MOVQ s+8(FP), SI
	MOVQ t+16(FP), DI
	MOVQ ref+24(FP), R8
	MOVQ n+32(FP), CX
	MOVQ c+40(FP), BX
	CMPB ·Foot512(SB), $0
	JEQ fp8
	CMPL FootParams_Hw(AX), $0
	JEQ f16Start                     // AVX-512, exact precision
fp8:
	MOVL FootParams_Rep0(AX), R9
	MOVL FootParams_Rep1(AX), R10
	MOVL FootParams_Hw(AX), R12
	MOVL FootParams_Layers(AX), R13
	VBROADCASTSS FootParams_Fw(AX), Y15
	VBROADCASTSS FootParams_Fh(AX), Y14
	VPCMPEQD Y13, Y13, Y13
	VPSRLD $31, Y13, Y13         // 1
	VPXOR Y12, Y12, Y12          // 0
	VPBROADCASTD FootParams_Wm(AX), Y11
	VPBROADCASTD FootParams_Hm(AX), Y10
	VPBROADCASTD FootParams_Ys(AX), Y9
	CMPL FootParams_Ysh(AX), $0
	JLT fpMulSetup
	VPBROADCASTD FootParams_Ysh(AX), Y9 // the y stride's shift, for each lane
fpMulSetup:
	VPBROADCASTD FootParams_Base(AX), Y8
	VPBROADCASTD FootParams_Xsh(AX), Y7 // the x stride's shift, for each lane
	VBROADCASTSS plhalf<>(SB), Y6
	XORQ DX, DX
foot:
	CMPQ DX, CX
	JGE fpDone
	VMOVUPS (SI)(DX*4), Y0
	VMULPS Y15, Y0, Y0
	VSUBPS Y6, Y0, Y0            // u
	VMOVUPS (DI)(DX*4), Y1
	VMULPS Y14, Y1, Y1
	VSUBPS Y6, Y1, Y1            // v
	CMPL R12, $0
	JEQ fpRange
	VBROADCASTSS FootParams_Sub(AX), Y4
	VBROADCASTSS FootParams_SubInv(AX), Y5
	QSUB(Y0, Y4, Y5, Y6, Y2, Y3)
	QSUB(Y1, Y4, Y5, Y6, Y2, Y3)
fpRange:
	VPBROADCASTD plabs<>(SB), Y4
	VPAND Y4, Y0, Y2
	VPAND Y4, Y1, Y3
	VPBROADCASTD pllim<>(SB), Y4
	VPCMPGTD Y2, Y4, Y2          // |u| < 2^30
	VPCMPGTD Y3, Y4, Y3          // |v| < 2^30
	VPAND Y3, Y2, Y2
	VMOVMSKPS Y2, R11
	CMPL R11, $0xff
	JNE fpReject
	VROUNDPS $1, Y0, Y2          // ⌊u⌋
	VROUNDPS $1, Y1, Y3          // ⌊v⌋
	VCVTTPS2DQ Y2, Y4            // i0
	VCVTTPS2DQ Y3, Y5            // j0
	VSUBPS Y2, Y0, Y0
	VMOVUPS Y0, FP_FA(BX)(DX*4)
	VSUBPS Y3, Y1, Y1
	VMOVUPS Y1, FP_FB(BX)(DX*4)
	VPADDD Y13, Y4, Y0           // i1
	VPADDD Y13, Y5, Y1           // j1
	CMPL R9, $0
	JEQ fpClampU
	VPAND Y11, Y4, Y4
	VPAND Y11, Y0, Y0
	JMP fpV
fpClampU:
	VPMAXSD Y12, Y4, Y4
	VPMINSD Y11, Y4, Y4
	VPMAXSD Y12, Y0, Y0
	VPMINSD Y11, Y0, Y0
fpV:
	CMPL R10, $0
	JEQ fpClampV
	VPAND Y10, Y5, Y5
	VPAND Y10, Y1, Y1
	JMP fpOffsets
fpClampV:
	VPMAXSD Y12, Y5, Y5
	VPMINSD Y10, Y5, Y5
	VPMAXSD Y12, Y1, Y1
	VPMINSD Y10, Y1, Y1
fpOffsets:
	VMOVDQA Y8, Y3               // base
	CMPL R13, $0
	JEQ fpRows
	VPBROADCASTD FootParams_Ls(AX), Y2
	VPMULLD Set_Layer(BX)(DX*4), Y2, Y2
	VPADDD Y2, Y3, Y3            // base + layer·ls
fpRows:
	CMPL FootParams_Ysh(AX), $0
	JLT fpMulRows                // (after the loop)
	VPSLLVD Y9, Y5, Y5           // y0·ys as a shift
	VPSLLVD Y9, Y1, Y1
fpAddRows:
	VPADDD Y5, Y3, Y5            // r0 = base + y0·ys
	VPADDD Y1, Y3, Y1            // r1
	VPSLLVD Y7, Y4, Y4           // c0 = x0·xs
	VPSLLVD Y7, Y0, Y0           // c1
	VPADDD Y4, Y5, Y2
	VMOVDQU Y2, FP_O(0)(BX)(DX*4)
	VPADDD Y0, Y5, Y2
	VMOVDQU Y2, FP_O(1)(BX)(DX*4)
	VPADDD Y4, Y1, Y2
	VMOVDQU Y2, FP_O(2)(BX)(DX*4)
	VPADDD Y0, Y1, Y2
	VMOVDQU Y2, FP_O(3)(BX)(DX*4)
	TESTQ R8, R8
	JZ fpNext
	VMOVUPS (R8)(DX*4), Y2
	VMOVUPS Y2, Set_Ref(BX)(DX*4)
fpNext:
	ADDQ $8, DX
	JMP foot
fpDone:
	VZEROUPPER
	MOVB $1, ret+48(FP)
	RET
fpReject:
	VZEROUPPER
	MOVB $0, ret+48(FP)
	RET
fpMulRows:
	VPMULLD Y9, Y5, Y5
	VPMULLD Y9, Y1, Y1
	JMP fpAddRows

// PlainFootprintsAsm's AVX-512 form (f16Start, taken where Foot512 is set
// and p.hw is 0): the AVX2 loop above, sixteen entries at a time (the last eight
// where n is not a multiple of 16: K1 holds the group's entries, and no
// read or write of s, t, ref or the Set's rows passes them), for exact
// precision (p.hw 0): the same operations on each entry in the same order
// (VRNDSCALEPS $1 is VROUNDPS $1's floor), so the same bits; the range
// check a compare into K2 under K1. Z16 holds |u|'s mask, Z17 2^30's
// bits, Z18 ls; R12 the y shift (< 0: multiply by ys), R14 K1's bits.
f16Start:
	MOVL FootParams_Rep0(AX), R9
	MOVL FootParams_Rep1(AX), R10
	MOVL FootParams_Layers(AX), R13
	MOVL FootParams_Ysh(AX), R12
	VBROADCASTSS FootParams_Fw(AX), Z15
	VBROADCASTSS FootParams_Fh(AX), Z14
	VPTERNLOGD $0xff, Z13, Z13, Z13
	VPSRLD $31, Z13, Z13             // 1
	VPXORD Z12, Z12, Z12             // 0
	VPBROADCASTD FootParams_Wm(AX), Z11
	VPBROADCASTD FootParams_Hm(AX), Z10
	VPBROADCASTD FootParams_Ys(AX), Z9
	CMPL R12, $0
	JLT f16Setup
	VPBROADCASTD FootParams_Ysh(AX), Z9 // the y stride's shift
f16Setup:
	VPBROADCASTD FootParams_Base(AX), Z8
	VPBROADCASTD FootParams_Xsh(AX), Z7
	VBROADCASTSS plhalf<>(SB), Z6
	VPBROADCASTD plabs<>(SB), Z16
	VPBROADCASTD pllim<>(SB), Z17
	VPBROADCASTD FootParams_Ls(AX), Z18
	XORQ DX, DX
f16:
	CMPQ DX, CX
	JGE f16Done
	MOVL $0xffff, R14
	MOVQ CX, R11
	SUBQ DX, R11
	CMPQ R11, $16
	JGE f16Full
	MOVL $0xff, R14                  // the last eight
f16Full:
	KMOVW R14, K1
	VMOVUPS.Z (SI)(DX*4), K1, Z0
	VMULPS Z15, Z0, Z0
	VSUBPS Z6, Z0, Z0                // u
	VMOVUPS.Z (DI)(DX*4), K1, Z1
	VMULPS Z14, Z1, Z1
	VSUBPS Z6, Z1, Z1                // v
	VPANDD Z16, Z0, Z2
	VPANDD Z16, Z1, Z3
	VPCMPUD $1, Z17, Z2, K1, K2      // |u| < 2^30 (a NaN's bits are above)
	VPCMPUD $1, Z17, Z3, K2, K2      // and |v|
	KMOVW K2, R11
	CMPL R11, R14
	JNE f16Reject
	VRNDSCALEPS $1, Z0, Z2           // ⌊u⌋
	VRNDSCALEPS $1, Z1, Z3           // ⌊v⌋
	VCVTTPS2DQ Z2, Z4                // i0
	VCVTTPS2DQ Z3, Z5                // j0
	VSUBPS Z2, Z0, Z0
	VMOVUPS Z0, K1, FP_FA(BX)(DX*4)
	VSUBPS Z3, Z1, Z1
	VMOVUPS Z1, K1, FP_FB(BX)(DX*4)
	VPADDD Z13, Z4, Z0               // i1
	VPADDD Z13, Z5, Z1               // j1
	CMPL R9, $0
	JEQ f16ClampU
	VPANDD Z11, Z4, Z4
	VPANDD Z11, Z0, Z0
	JMP f16V
f16ClampU:
	VPMAXSD Z12, Z4, Z4
	VPMINSD Z11, Z4, Z4
	VPMAXSD Z12, Z0, Z0
	VPMINSD Z11, Z0, Z0
f16V:
	CMPL R10, $0
	JEQ f16ClampV
	VPANDD Z10, Z5, Z5
	VPANDD Z10, Z1, Z1
	JMP f16Offsets
f16ClampV:
	VPMAXSD Z12, Z5, Z5
	VPMINSD Z10, Z5, Z5
	VPMAXSD Z12, Z1, Z1
	VPMINSD Z10, Z1, Z1
f16Offsets:
	VMOVDQA32 Z8, Z3                 // base
	CMPL R13, $0
	JEQ f16Rows
	VPMULLD Set_Layer(BX)(DX*4), Z18, Z2 // (inside the Set's row: DX ≤ 48)
	VPADDD Z2, Z3, Z3                // base + layer·ls
f16Rows:
	CMPL R12, $0
	JLT f16MulRows
	VPSLLVD Z9, Z5, Z5
	VPSLLVD Z9, Z1, Z1
	JMP f16AddRows
f16MulRows:
	VPMULLD Z9, Z5, Z5
	VPMULLD Z9, Z1, Z1
f16AddRows:
	VPADDD Z5, Z3, Z5                // r0
	VPADDD Z1, Z3, Z1                // r1
	VPSLLVD Z7, Z4, Z4               // c0
	VPSLLVD Z7, Z0, Z0               // c1
	VPADDD Z4, Z5, Z2
	VMOVDQU32 Z2, K1, FP_O(0)(BX)(DX*4)
	VPADDD Z0, Z5, Z2
	VMOVDQU32 Z2, K1, FP_O(1)(BX)(DX*4)
	VPADDD Z4, Z1, Z2
	VMOVDQU32 Z2, K1, FP_O(2)(BX)(DX*4)
	VPADDD Z0, Z1, Z2
	VMOVDQU32 Z2, K1, FP_O(3)(BX)(DX*4)
	TESTQ R8, R8
	JZ f16Next
	VMOVUPS.Z (R8)(DX*4), K1, Z2
	VMOVUPS Z2, K1, Set_Ref(BX)(DX*4)
f16Next:
	ADDQ $16, DX
	JMP f16
f16Done:
	VZEROUPPER
	MOVB $1, ret+48(FP)
	RET
f16Reject:
	VZEROUPPER
	MOVB $0, ret+48(FP)
	RET
