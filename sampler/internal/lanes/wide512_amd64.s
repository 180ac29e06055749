//go:build !purego

#include "textflag.h"
#include "go_asm.h"

// The depth kernels' AVX-512 forms (Wide512; kernels_dispatch_amd64.go):
// gatherDepthV and pcfDepthV read each group of sixteen footprints' texel
// words into registers (as gatherRowsV reads them) and compare and weigh
// them there, sixteen entries an instruction, instead of gatherRowsV's
// store of the words and gatherDepth's and pcfDepth's loads of them eight
// at a time. The compares are VCMPPS into mask registers with the AVX2
// kernels' predicates (ref p texel), the selections VBLENDMPS (t where the
// mask is set, else f) or a zeroing move, the weights and sums the AVX2
// kernels' operations in the same order, so every entry's result has the
// Go kernels' bits (TestDepthForms). K7 holds the group's entries: all
// sixteen, or the last eight of a chunk whose n is not a multiple of 16;
// no gather reads and no store writes past them (the loads of the
// operands' rows stay inside their Chunk entries: such a group starts at
// n − 8 ≤ Chunk − 16).
//
// Operand order is Plan 9's: VCMPPS $p, b, a, k sets k to a p b;
// VBLENDMPS x, y, k, z sets z to x where k, else y.

// The VCMPPS predicates of compareMask's operations (PRED_LESS and the
// others) and the compare operation's jumps (OPJUMPS) are the AVX2
// kernels'.
#include "kernels8_amd64.h"
#include "level16_amd64.h"

// LOADO16 sets Z8–Z11 to the offsets o00, o10, o01, o11 of the group's
// entries at SI (Chunk entries apart).
#define LOADO16 \
	LEAQ (SI)(DX*4), BX; \
	VMOVDQU32 (BX), Z8; \
	VMOVDQU32 256(BX), Z9; \
	VMOVDQU32 512(BX), Z10; \
	VMOVDQU32 768(BX), Z11

// MASKS16(p) sets K2–K5 to ref p texel (Z0 = ref) for the texels in
// Z4–Z7: compareMask's m00, m10, m01, m11.
#define MASKS16(p) \
	VCMPPS p, Z4, Z0, K2; \
	VCMPPS p, Z5, Z0, K3; \
	VCMPPS p, Z6, Z0, K4; \
	VCMPPS p, Z7, Z0, K5

// OPMASKS(op, done, less, equal, lessEqual, greater, notEqual,
// greaterEqual, always) is MASKS16 for the compare operation op (a byte
// in memory), then a jump to done.
#define OPMASKS(op, done, less, equal, lessEqual, greater, notEqual, greaterEqual, always) \
	OPJUMPS(op, less, equal, lessEqual, greater, notEqual, greaterEqual, always); \
	MASKS16(PRED_NEVER); \
	JMP done; \
less: \
	MASKS16(PRED_LESS); \
	JMP done; \
equal: \
	MASKS16(PRED_EQUAL); \
	JMP done; \
lessEqual: \
	MASKS16(PRED_LESS_EQUAL); \
	JMP done; \
greater: \
	MASKS16(PRED_GREATER); \
	JMP done; \
notEqual: \
	MASKS16(PRED_NOT_EQUAL); \
	JMP done; \
greaterEqual: \
	MASKS16(PRED_GREATER_EQUAL); \
	JMP done; \
always: \
	MASKS16(PRED_ALWAYS); \
done:

// GDV(r, k) stores result component r of the group: t (Z18) where k, else
// f (Z19), to out[r] (out at R11) under K7.
#define GDV(r, k) \
	VBLENDMPS Z18, Z19, k, Z16; \
	MOVQ (8*r)(R11), R9; \
	VMOVUPS Z16, K7, (R9)(DX*4)

// func gatherDepthV(d *byte, o *[4][Chunk]int32, ref *[Chunk]float32, n int, op CompareOp, t, f float32, out *Out)
// gatherRows and gatherDepth on sixteen entries at a time: the components
// in GatherTexel's order, (i0,j1), (i1,j1), (i1,j0), (i0,j0).
TEXT ·gatherDepthV(SB), NOSPLIT, $0-56
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ ref+16(FP), DI
	MOVQ n+24(FP), CX
	VBROADCASTSS t+36(FP), Z18
	VBROADCASTSS f+40(FP), Z19
	MOVQ out+48(FP), R11
	VMOVDQU32 d16even<>(SB), Z20
	VMOVDQU32 d16odd<>(SB), Z21
	MOVL $4, R9
	VPBROADCASTD R9, Z31
	XORQ DX, DX
gdv:
	GROUP16(gdvDone)
	LOADO16
	TEX16(gdvWords, gdvRead)
	VMOVUPS (DI)(DX*4), Z0 // ref
	OPMASKS(op+32(FP), gdvMasks, gdvLess, gdvEqual, gdvLessEqual, gdvGreater, gdvNotEqual, gdvGreaterEqual, gdvAlways)
	GDV(0, K4)
	GDV(1, K5)
	GDV(2, K3)
	GDV(3, K2)
	ADDQ $16, DX
	JMP gdv
gdvDone:
	VZEROUPPER
	RET

// PCFV(tm, fm, formm, r, zero, zeroL, whereL, storeL) computes a channel
// of the group in its form formm (a byte in memory) and stores it to
// out[r] (out at R11) under K7: zeroL: +0; whereL: the sum from zero of
// the weights (Z8–Z11) the compares (K2–K5) select (pcfDepth's VPAND and
// VADDPS), as the first selected weight or +0 (a zeroing move: 0 + w = w,
// the weights being +0 or above) and three adds under the other masks
// (where a mask is clear the reference adds w·(+0) = +0 to a sum that is
// +0 or above, which leaves it as it is); general: the sum from zero of
// the weights times the channel's t or f (tm, fm: floats in memory),
// VBLENDMPS'd by the compares. zero holds +0; Z12–Z15 are temporaries.
#define PCFV(tm, fm, formm, r, zero, zeroL, whereL, storeL) \
	CMPB formm, $const_pcfFormZero; \
	JEQ zeroL; \
	CMPB formm, $const_pcfFormWhere; \
	JEQ whereL; \
	VBROADCASTSS tm, Z12; \
	VBROADCASTSS fm, Z13; \
	VBLENDMPS Z12, Z13, K2, Z14; VMULPS Z14, Z8, Z14; VADDPS Z14, zero, Z15; \
	VBLENDMPS Z12, Z13, K3, Z14; VMULPS Z14, Z9, Z14; VADDPS Z14, Z15, Z15; \
	VBLENDMPS Z12, Z13, K4, Z14; VMULPS Z14, Z10, Z14; VADDPS Z14, Z15, Z15; \
	VBLENDMPS Z12, Z13, K5, Z14; VMULPS Z14, Z11, Z14; VADDPS Z14, Z15, Z15; \
	JMP storeL; \
whereL: \
	VMOVAPS.Z Z8, K2, Z15; \
	VADDPS Z9, Z15, K3, Z15; \
	VADDPS Z10, Z15, K4, Z15; \
	VADDPS Z11, Z15, K5, Z15; \
	JMP storeL; \
zeroL: \
	VMOVAPS zero, Z15; \
storeL: \
	MOVQ (8*r)(R11), R9; \
	VMOVUPS Z15, K7, (R9)(DX*4)

// PCFWEIGHTS sets Z8–Z11 to weights8's w00 = (1 − α)(1 − β), w10 =
// α(1 − β), w01 = (1 − α)β, w11 = αβ for α in Z16, β in Z17, one in
// Z18 (pcfDepth's operations); Z12 and Z13 are overwritten.
#define PCFWEIGHTS \
	VSUBPS Z16, Z18, Z12; \
	VSUBPS Z17, Z18, Z13; \
	VMULPS Z13, Z12, Z8; \
	VMULPS Z13, Z16, Z9; \
	VMULPS Z17, Z12, Z10; \
	VMULPS Z17, Z16, Z11

// func pcfDepthV(d *byte, o *[4][Chunk]int32, ref, fa, fb *[Chunk]float32, n int, op CompareOp, t, f *[4]float32, form *[4]uint8, out *Out)
// gatherRows and pcfDepth on sixteen entries at a time: the four compare
// masks, the bilinear weights (weights8: w00 = (1 − α)(1 − β), w10 =
// α(1 − β), w01 = (1 − α)β, w11 = αβ) and each channel in its form.
TEXT ·pcfDepthV(SB), NOSPLIT, $0-88
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ ref+16(FP), DI
	MOVQ fa+24(FP), R14
	MOVQ fb+32(FP), R12
	MOVQ n+40(FP), CX
	MOVQ t+56(FP), R8
	MOVQ f+64(FP), R10
	MOVQ form+72(FP), R13
	MOVQ out+80(FP), R11
	VMOVDQU32 d16even<>(SB), Z20
	VMOVDQU32 d16odd<>(SB), Z21
	MOVL $4, R9
	VPBROADCASTD R9, Z31
	VXORPS Z30, Z30, Z30           // zero
	VBROADCASTSS ·asmOne(SB), Z18 // one
	XORQ DX, DX
pcfv:
	GROUP16(pcfvDone)
	LOADO16
	TEX16(pcfvWords, pcfvRead)
	VMOVUPS (DI)(DX*4), Z0 // ref
	OPMASKS(op+48(FP), pcfvMasks, pcfvLess, pcfvEqual, pcfvLessEqual, pcfvGreater, pcfvNotEqual, pcfvGreaterEqual, pcfvAlways)
	VMOVUPS (R14)(DX*4), Z16 // α
	VMOVUPS (R12)(DX*4), Z17 // β
	PCFWEIGHTS
	PCFV(0(R8), 0(R10), 0(R13), 0, Z30, pcfvZero0, pcfvWhere0, pcfvStore0)
	PCFV(4(R8), 4(R10), 1(R13), 1, Z30, pcfvZero1, pcfvWhere1, pcfvStore1)
	PCFV(8(R8), 8(R10), 2(R13), 2, Z30, pcfvZero2, pcfvWhere2, pcfvStore2)
	PCFV(12(R8), 12(R10), 3(R13), 3, Z30, pcfvZero3, pcfvWhere3, pcfvStore3)
	ADDQ $16, DX
	JMP pcfv
pcfvDone:
	VZEROUPPER
	RET

// GATHERV(r, t) stores gather component r of the group, the unorm8 value
// of byte 0 of the texels t, to out[r] (out at R11) under K7: gather8V's
// GATHERED16 with every channel 0 (Z18 unormRep4Base, Z14 asmUnorm32Scale):
// the byte four times, converted rounding up, times 2^−32 (asm_amd64.go).
#define GATHERV(r, t) \
	VPSHUFB Z18, t, Z13; VCVTUDQ2PS.RU_SAE Z13, Z13; VMULPS Z14, Z13, Z13; \
	MOVQ (8*r)(R11), R9; VMOVUPS Z13, K7, (R9)(DX*4)

// DECODEROW(t) is GATHERV's decode in place on the texel words t (Z18
// unormRep4Base, Z15 asmUnorm32Scale).
#define DECODEROW(t) \
	VPSHUFB Z18, t, t; VCVTUDQ2PS.RU_SAE t, t; VMULPS Z15, t, t

// TERMV(t, w) is bilinear32V's TERM16 for a channel (unormRep4[c] in
// Z18) of the texels t, weight w (times 2^−32), summed into Z13.
#define TERMV(t, w) \
	VPSHUFB Z18, t, Z14; VCVTUDQ2PS.RU_SAE Z14, Z14; \
	VMULPS w, Z14, Z14; VADDPS Z14, Z13, Z13

// CHANNELV(c, rep) is bilinear32V's CHANNEL16(c): texels Z4–Z7, weights
// Z8–Z11, unormRep4[c] at ·unormRep4+rep, stored to out[c] under K7. The
// sum starts at the first product, not at 0 + it: every weight and decode
// here is +0 or above (the fractions α, β are u − floor(u) ≥ +0 and at
// most 1, so 1 − α and 1 − β are too, and x − x is +0; the decodes are
// bytes' multiples), so the first product is finite and not −0, and
// 0 + x = x — the reference's first sum, without its VADDPS.
#define CHANNELV(c, rep) \
	VBROADCASTI64X4 ·unormRep4+rep(SB), Z18; \
	VPSHUFB Z18, Z4, Z13; VCVTUDQ2PS.RU_SAE Z13, Z13; VMULPS Z8, Z13, Z13; \
	TERMV(Z5, Z9); TERMV(Z6, Z10); TERMV(Z7, Z11); \
	MOVQ (8*c)(R11), R9; VMOVUPS Z13, K7, (R9)(DX*4)

// func PlainLevelV(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
// runPlainLevel's chunk in one call, in AVX-512 (exact precision, p.hw
// 0; 4-byte texels): sixteen entries at a time, PlainFootprintsAsm's
// AVX-512 footprints with the range check of their u and v (FOOT16: false
// where one is not inside ±2^30 or is NaN: the groups before it have been
// written), the texel words read from a window of the level's rows where
// the group's footprints lie in one (WINDOW16), else as gatherRowsV reads
// them (PAIRS16 where every footprint's texels are pairs, else WORDS16),
// and k's kernel
// (gather8V, bilinear32V, pcfDepthV or gatherDepthV on those registers),
// its results stored to out's rows: the same operations in the same order
// as the footprints stage and the kernel, so the same bits, without the
// footprints' stores and loads. The operands s, t, ref are read under K7
// only (they are the request's, not Chunk long).
// PlainLevelV itself has no frame: it jumps, with its arguments, to the
// r32g32b32a32_sfloat bilinear form (plainLevel128V, level128_amd64.s),
// the r8g8b8a8_unorm one (plainLevelBV) or the others' (plainLevelV),
// whose frames it could not leave by a jump.
TEXT ·PlainLevelV(SB), NOSPLIT, $0-73
	MOVQ k+8(FP), R8
	CMPL LevelKernel_Kind(R8), $const_LevelBilinear128
	JNE 2(PC)
	JMP ·plainLevel128V(SB)
	CMPL LevelKernel_Kind(R8), $const_LevelBilinear32
	JNE 2(PC)
	JMP ·plainLevelBV(SB)
	JMP ·plainLevelV(SB)

// LVSETUP(ysh) is plainLevelV's and plainLevelBV's set-up: the
// arguments in their registers, PARAMS16 (ysh its label), d16even and
// d16odd in Z20 and Z21, R10 the y stride, base-8(SP) the base and
// refp-16(SP) ref (QUICK16 and WINDOW16 borrow BX; their bounds are the
// FootParams', Derive's).
#define LVSETUP(ysh) \
	MOVQ p+0(FP), R12; \
	MOVQ k+8(FP), R8; \
	MOVQ d+16(FP), AX; \
	MOVQ s+24(FP), SI; \
	MOVQ t+32(FP), DI; \
	MOVQ ref+40(FP), BX; \
	MOVQ layer+48(FP), R14; \
	MOVQ n+56(FP), CX; \
	MOVQ out+64(FP), R11; \
	PARAMS16(ysh); \
	VMOVDQU32 d16even<>(SB), Z20; \
	VMOVDQU32 d16odd<>(SB), Z21; \
	MOVLQSX FootParams_Ys(R12), R10; \
	MOVLQSX FootParams_Base(R12), R9; \
	MOVQ R9, base-8(SP); \
	MOVQ BX, refp-16(SP)

// func plainLevelV(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
// PlainLevelV for the gathers and PCF: each group's head (UV16 to the
// texel words) and kernel in turn. Their kernels are short (some 15–25
// vector operations a group): pipelined as plainLevelBV is, the slots'
// stores and loads cost them more than the overlap gains (texunit bench:
// W4 and W5 −13 %).
TEXT ·plainLevelV(SB), NOSPLIT, $16-73
	LVSETUP(lvSetup)
	XORQ DX, DX
lv:
	GROUP16(lvDone)
	UV16(lvPart, lvLoaded, FootParams_Pow2(R12), lvUVSeparate, lvUV)
	// The floors, then the window straight from them (QUICK16) where the
	// group lies in one; else FOOT16's tests and reads.
	VCVTPS2DQ.RD_SAE Z16, Z18
	VCVTPS2DQ.RD_SAE Z17, Z19
	QUICK16(lvFoot, base-8(SP), refp-16(SP))
	JMP lvWin
lvFoot:
	MOVQ refp-16(SP), BX
	FOOTI16(lvClampU, lvV, lvClampV, lvRows)
	KORTESTW K2, K3
	JNE lvApart // out of range, or not pairs
	WINDOW16(lvPairs, base-8(SP), refp-16(SP))
lvWin:
	CMPL LevelKernel_Kind(R8), $const_LevelGather8
	JEQ lvGatherW
	WINSPLIT16
	JMP lvRead
lvPairs:
	OFFS16(lvRows0, lvMulRows0, lvLayers0, lvBase0)
	ROW1(lvClampV1, lvRows1, lvLayers1, lvBase1)
	PAIRS16
lvRead:
	CMPL LevelKernel_Kind(R8), $const_LevelGather8
	JEQ lvGather
	CMPL LevelKernel_Kind(R8), $const_LevelGatherDepth
	JEQ lvGatherDepth
	// LevelPCF
	FRAC16
	VMOVUPS.Z (BX)(DX*4), K7, Z0 // ref
	OPMASKS(LevelKernel_Op(R8), lvPcfMasks, lvPcfLess, lvPcfEqual, lvPcfLessEqual, lvPcfGreater, lvPcfNotEqual, lvPcfGreaterEqual, lvPcfAlways)
	VBROADCASTSS ·asmOne(SB), Z18
	PCFWEIGHTS
	PCFV((LevelKernel_T+0)(R8), (LevelKernel_F+0)(R8), (LevelKernel_Form+0)(R8), 0, Z25, lvPcfZero0, lvPcfWhere0, lvPcfStore0)
	PCFV((LevelKernel_T+4)(R8), (LevelKernel_F+4)(R8), (LevelKernel_Form+1)(R8), 1, Z25, lvPcfZero1, lvPcfWhere1, lvPcfStore1)
	PCFV((LevelKernel_T+8)(R8), (LevelKernel_F+8)(R8), (LevelKernel_Form+2)(R8), 2, Z25, lvPcfZero2, lvPcfWhere2, lvPcfStore2)
	PCFV((LevelKernel_T+12)(R8), (LevelKernel_F+12)(R8), (LevelKernel_Form+3)(R8), 3, Z25, lvPcfZero3, lvPcfWhere3, lvPcfStore3)
	JMP lvNext
lvGatherDepth:
	VMOVUPS.Z (BX)(DX*4), K7, Z0 // ref
	OPMASKS(LevelKernel_Op(R8), lvGdMasks, lvGdLess, lvGdEqual, lvGdLessEqual, lvGdGreater, lvGdNotEqual, lvGdGreaterEqual, lvGdAlways)
	VBROADCASTSS LevelKernel_T(R8), Z18
	VBROADCASTSS LevelKernel_F(R8), Z19
	GDV(0, K4)
	GDV(1, K5)
	GDV(2, K3)
	GDV(3, K2)
	JMP lvNext
lvGather:
	VBROADCASTI64X4 ·unormRep4Base(SB), Z18
	VBROADCASTSS ·asmUnorm32Scale(SB), Z14
	GATHERV(0, Z6) // (i0, j1)
	GATHERV(1, Z7) // (i1, j1)
	GATHERV(2, Z5) // (i1, j0)
	GATHERV(3, Z4) // (i0, j0)
	JMP lvNext
lvGatherW:
	// gather8V's decode on the window's rows (byte 0 of each of their 48
	// texels), then each component picked from them: the same values, each
	// decoded once, and twelve operations for sixteen.
	VBROADCASTI64X4 ·unormRep4Base(SB), Z18
	VBROADCASTSS ·asmUnorm32Scale(SB), Z15
	DECODEROW(Z12)
	DECODEROW(Z13)
	DECODEROW(Z14)
	VMOVDQA64 Z6, Z4
	VPERMI2D Z14, Z13, Z4 // (i0, j1)
	MOVQ (8*0)(R11), R9; VMOVUPS Z4, K7, (R9)(DX*4)
	VMOVDQA64 Z7, Z5
	VPERMI2D Z14, Z13, Z5 // (i1, j1)
	MOVQ (8*1)(R11), R9; VMOVUPS Z5, K7, (R9)(DX*4)
	VPERMI2D Z13, Z12, Z7 // (i1, j0)
	MOVQ (8*2)(R11), R9; VMOVUPS Z7, K7, (R9)(DX*4)
	VPERMI2D Z13, Z12, Z6 // (i0, j0)
	MOVQ (8*3)(R11), R9; VMOVUPS Z6, K7, (R9)(DX*4)
	JMP lvNext
lvNext:
	ADDQ $16, DX
	JMP lv
lvDone:
	VZEROUPPER
	MOVB $1, ret+72(FP)
	RET
lvApart:
	KORTESTW K2, K2
	JNE lvReject
	OFFS16(lvWRows0, lvWMulRows0, lvWLayers0, lvWBase0)
	ROW1(lvWClampV1, lvWRows1, lvWLayers1, lvWBase1)
	WORDS16(lvClampX1, lvX1)
	JMP lvRead
lvReject:
	VZEROUPPER
	MOVB $0, ret+72(FP)
	RET

// func plainLevelBV(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
// PlainLevelV for bilinear32V's kernel (some 85 vector operations a
// group against the gathers' 15–25), software-pipelined by one group, as
// PlainLevel8 does (level8_amd64.s): each pass makes the next group's
// head — UV16 to the texel words and the fractions (FRAC16) — and leaves
// them in that group's slot of the frame, then runs the kernel of the
// group whose head the pass before left in the other slot. A head is a
// chain of some 45 cycles (the operands' loads, the conversions, the
// window test through a general register, the window's loads and
// permutes); in program order after the kernel before it, it waited
// behind that kernel's operations on the two vector ports, while made a
// pass ahead it runs beside it (texunit bench: W1 +12 %). The gathers and
// PCF, whose kernels are short, run each group's head and kernel in turn:
// pipelined, the slot's stores and loads cost them more than the overlap
// gains (W4 and W5 −13 %). Where the next group has a coordinate out of
// range, this group's kernel still runs and the call reports false: the
// groups before the declined one are written, nothing from it on, as
// the other kernels leave them.
//
// A slot (SLOTV: at R13, 64-byte aligned; group g's is slot (g/16) & 1)
// holds the group's texel words (SV_W0–SV_W3: o00, o00 + 4, o01,
// o01 + 4) and its fractions α, β (SV_FA, SV_FB).
#define SV_W0 0
#define SV_W1 64
#define SV_W2 128
#define SV_W3 192
#define SV_FA 256
#define SV_FB 320

// SLOTV sets R13 to group DX's slot: sbase + 512·((DX/16) & 1).
#define SLOTV \
	MOVQ DX, R13; \
	ANDQ $16, R13; \
	SHLQ $5, R13; \
	ADDQ sbase-24(SP), R13

// KMASK16 sets K7 to the entries of the group at DX (CX entries in all,
// some left): GROUP16 for a group whose head has been made.
#define KMASK16 \
	MOVQ CX, R9; \
	SUBQ DX, R9; \
	KXNORW K7, K7, K7; \
	CMPQ R9, $16; \
	JGE 3(PC); \
	MOVL $0xff, R9; \
	KMOVW R9, K7

// The frame: base-8, refp-16 (QUICK16's and WINDOW16's), sbase-24 (the
// slots' aligned start) and the block the two slots lie in. Too large for
// NOSPLIT: the function has the usual stack check (PlainLevelV's jump
// keeps its caller's frame and arguments, which a stack growth copies).
// DX is the group whose kernel runs in the pass (its head in its slot;
// −16: none); each pass first makes the next group's head, where there
// is one.
TEXT ·plainLevelBV(SB), $1152-73
	LVSETUP(lbSetup)
	LEAQ block-1152(SP), R9
	ADDQ $63, R9
	ANDQ $~63, R9
	MOVQ R9, sbase-24(SP)
	MOVB $1, ret+72(FP)
	MOVQ $-16, DX
lb:
	LEAQ 16(DX), R9
	CMPQ R9, CX
	JGE lbKernel
	MOVQ R9, DX
	GROUP16(lbDone)
	UV16(lbPart, lbLoaded, FootParams_Pow2(R12), lbUVSeparate, lbUV)
	VCVTPS2DQ.RD_SAE Z16, Z18
	VCVTPS2DQ.RD_SAE Z17, Z19
	QUICK16(lbFoot, base-8(SP), refp-16(SP))
	JMP lbWin
lbFoot:
	MOVQ refp-16(SP), BX
	FOOTI16(lbClampU, lbV, lbClampV, lbRows)
	KORTESTW K2, K3
	JNE lbApart // out of range, or not pairs
	WINDOW16(lbPairs, base-8(SP), refp-16(SP))
lbWin:
	WINSPLIT16
	JMP lbWords
lbPairs:
	OFFS16(lbRows0, lbMulRows0, lbLayers0, lbBase0)
	ROW1(lbClampV1, lbRows1, lbLayers1, lbBase1)
	PAIRS16
	JMP lbWords
lbApart:
	KORTESTW K2, K2
	JNE lbDecline
	OFFS16(lbWRows0, lbWMulRows0, lbWLayers0, lbWBase0)
	ROW1(lbWClampV1, lbWRows1, lbWLayers1, lbWBase1)
	WORDS16(lbClampX1, lbX1)
lbWords:
	FRAC16
	SLOTV
	VMOVDQA64 Z4, SV_W0(R13)
	VMOVDQA64 Z5, SV_W1(R13)
	VMOVDQA64 Z6, SV_W2(R13)
	VMOVDQA64 Z7, SV_W3(R13)
	VMOVAPS Z16, SV_FA(R13)
	VMOVAPS Z17, SV_FB(R13)
	SUBQ $16, DX
lbKernel:
	TESTQ DX, DX
	JS lbNext
	KMASK16
	SLOTV
	VMOVDQA64 SV_W0(R13), Z4
	VMOVDQA64 SV_W1(R13), Z5
	VMOVDQA64 SV_W2(R13), Z6
	VMOVDQA64 SV_W3(R13), Z7
	VMOVAPS SV_FA(R13), Z16
	VMOVAPS SV_FB(R13), Z17
	// bilinear32V's WEIGHTS on sixteen entries, each times 2^−32 (the
	// round-up decode's scale), with the scale taken into α's factors:
	// w00 = ((1 − α)·2^−32)(1 − β), w10 = (α·2^−32)(1 − β),
	// w01 = ((1 − α)·2^−32)β, w11 = (α·2^−32)β, (1 − α)·2^−32 as one fused
	// 2^−32 − α·2^−32. The same bits as fl(fl(1 − α)·fl(1 − β))·2^−32 and
	// the rest: scaling by a power of two commutes with rounding where
	// nothing falls below 2^−126, and α, 1 − α, β, 1 − β are +0 or at least
	// 2^−24 (the footprint's α is u − floor(u) of a u that is a multiple of
	// 2^−24 near 0, or 1 − 2^−25 rounded up to 1), so every factor and
	// product is +0 or at least 2^−80.
	VBROADCASTSS ·asmUnorm32Scale(SB), Z12
	VBROADCASTSS ·asmOne(SB), Z13
	VMULPS Z12, Z16, Z2          // α·2^−32
	VFNMADD213PS Z12, Z12, Z16   // (1 − α)·2^−32
	VSUBPS Z17, Z13, Z3          // 1 − β
	VMULPS Z3, Z16, Z8
	VMULPS Z3, Z2, Z9
	VMULPS Z17, Z16, Z10
	VMULPS Z17, Z2, Z11
	CHANNELV(0, 0)
	CHANNELV(1, 32)
	CHANNELV(2, 64)
	CHANNELV(3, 96)
lbNext:
	ADDQ $16, DX
	CMPQ DX, CX
	JLT lb
lbDone:
	VZEROUPPER
	RET
lbDecline:
	// The next group (DX) has a coordinate out of range: the kernel of the
	// group before it (if any), then false; the groups end there.
	MOVB $0, ret+72(FP)
	MOVQ DX, CX
	SUBQ $16, DX
	JMP lbKernel
