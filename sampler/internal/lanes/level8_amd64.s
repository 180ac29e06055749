//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "kernels8_amd64.h"

// PlainLevel8 (level8_amd64.go): the one-level road's single call in
// AVX2, eight entries an instruction: per group of eight, the footprints
// of PlainFootprintsAsm's AVX2 loop (plain_amd64.s: the same operations on
// each entry, made in registers, never stored to a Set), the texel words
// read as the staged kernels read them (PAIRSAT's 8-byte pair loads where
// every footprint's texels are pairs in each row, else GATHER4's
// gathers; QUICK8's window of the level's rows where the group lies in
// one), the staged kernel's arithmetic on them (gather8's GATHERED8,
// bilinear32's WEIGHTSOF and CHANNEL8, pcfDepth's compares, weights and
// PCF8, gatherDepth's GDOF, bilinear128's TEXEL128AT, GATHER128AT and
// CANON_STORE: kernels8_amd64.h's macros, shared with those kernels) and
// the stores into the result's rows.
//
// The loop is software-pipelined by one group: each pass makes the next
// group's footprint (UV8, FRAC8 for the weighing kernels, then QUICK8's
// window or X8, YROWS8 and OFFS8) and leaves what its kernel needs in a slot of
// the frame (the offsets PAIRSAT reads, which must be in memory, the
// fractions, the pair test's lanes), then runs the kernel of the group
// whose footprint the pass before left in the other slot. A group's
// footprint is a chain of some 35 cycles (a load, VMULPS, VSUBPS,
// VROUNDPS, VCVTTPS2DQ, the wraps and offsets, the store the pair loads
// read back) before its texel reads can start; in program order after the
// kernel it fed, it kept the kernel waiting (single call slower than the
// stages it replaces, BenchmarkPlainLevel8), while made a pass ahead it
// runs beside the kernel before it. The loop starts at group −8, whose
// kernel it skips, so that its first pass makes group 0's footprint with
// the same code as every other's. Where the next group has a coordinate
// out of range, this group's kernel still runs and the call then reports
// false: the groups before the declined one are written, as PlainLevelV
// leaves them.
//
// Registers, for the whole call: AX the texel data, CX n (the end of the
// groups to run), DX the group whose kernel runs, SI and DI the s and t
// rows, R10 the references, R11 the result rows, R12 the FootParams, R13
// the LevelKernel (the gather and bilinear loops use it as GATHERED8's and
// CHANNEL8's temporary), R14 a slot, BX a 32-byte aligned block of the
// frame: the two slots, then the footprint's constants, each in every
// lane (L8_ below), which the footprint's macros read as memory operands (AVX2 has sixteen vector
// registers; the kernels need most of them). The result (ret) is set to
// true at the start and to false where a group declines. Plan 9 operand
// order: VOP b, a, dst is dst = a OP b.

// A slot (at R14; the slots are BX and BX + 256, group k's at BX +
// 32·(k & 8)): the group's offsets o00, o10, o01, o11 (o10 and o11 only
// where some footprint is no pair), fractions α, β (the weighing
// kernels') and how its texels are read (S8_NP: the lanes whose
// footprints are no pair, X8's bits, 0 where all are pairs: PAIRSAT
// reads o00 and o01; S8_WINDOW where they lie in a window, QUICK8's:
// then the slot holds the window's corner offset and each lane's column
// in it and row mask, where o10 and o11 would be).
#define S8_O00 0
#define S8_O10 32
#define S8_O01 64
#define S8_O11 96
#define S8_FA 128
#define S8_FB 160
#define S8_NP 192
#define S8_CORNER 196
#define S8_DX S8_O10
#define S8_DY S8_O11
#define S8_WINDOW $0x100
#define S8_NARROW $0x200

// The constants at BX, after the slots.
#define L8_FW 512(BX)    // w, as a float
#define L8_FH 544(BX)    // h
#define L8_HALF 576(BX)  // 0.5
#define L8_WM 608(BX)    // w − 1
#define L8_HM 640(BX)    // h − 1
#define L8_ONE 672(BX)   // 1
#define L8_YS 704(BX)    // the y stride, or its shift where FootParams.Ysh ≥ 0
#define L8_BASE 736(BX)  // the view's first texel
#define L8_XSH 768(BX)   // the x stride's shift
#define L8_RANGE 800(BX) // 0xc0000000: an |index| of 2^30 or more
#define L8_ZERO 832(BX)  // 0
#define L8_SIX 864(BX)   // 6: QUICK8's last column of x0 in its window
#define L8_BW8 896(BX)   // QUICK8's bound on the corner's x0, w − 7 (a doubleword; 0: no window)
#define L8_NOT3 928(BX)  // ^3: QUICK8's test of x0's column in its narrow window (0 to 3)
#define L8_NOT1 960(BX)  // ^1: QUICK8's test of y0's row in its windows (0 or 1)

DATA l8half<>+0(SB)/4, $0x3f000000 // 0.5
GLOBL l8half<>(SB), RODATA|NOPTR, $4
DATA l8range<>+0(SB)/4, $0xc0000000
GLOBL l8range<>(SB), RODATA|NOPTR, $4

// SLOT8(k) sets R14 to group k's slot (k a register, the group's first
// entry): BX + 32·(k & 8).
#define SLOT8(k) \
	MOVQ k, R14; \
	ANDQ $8, R14; \
	SHLQ $5, R14; \
	ADDQ BX, R14

// UV8(e) is the group's u = s·w − ½ and v = t·h − ½ (Y14, Y15) from the
// rows at SI, DI (e bytes past entry DX: 0, or 32 for the next group;
// PlainFootprintsAsm's VMULPS and VSUBPS), their floors ⌊u⌋, ⌊v⌋ (Y2, Y3:
// VROUNDPS $1) and i0, j0 (Y4, Y5: VCVTTPS2DQ of the floors).
#define UV8(e) \
	VMOVUPS e(SI)(DX*4), Y14; \
	VMULPS L8_FW, Y14, Y14; \
	VSUBPS L8_HALF, Y14, Y14; \
	VMOVUPS e(DI)(DX*4), Y15; \
	VMULPS L8_FH, Y15, Y15; \
	VSUBPS L8_HALF, Y15, Y15; \
	VROUNDPS $1, Y14, Y2; \
	VROUNDPS $1, Y15, Y3; \
	VCVTTPS2DQ Y2, Y4; \
	VCVTTPS2DQ Y3, Y5

// RANGE8(reject) is the range test of UV8's group: a jump to reject
// unless every u and v is inside (−2^30, 2^30) and not NaN. That is
// PlainFootprintsAsm's test (|u| < 2^30 as bits) made on the integers i0,
// j0 (Y4, Y5), as level16_amd64.h's FOOT16 makes it: a u inside has
// −2^30 < ⌊u⌋ < 2^30 (the floats near −2^30 are 64 apart, so u ≥ −2^30 +
// 64 is an integer there), one beyond has an |⌊u⌋| of 2^30 or more, and a
// NaN or a u beyond int32 converts to 0x80000000, whose VPABSD is itself;
// so the OR of |i0| and |j0| has no bit of 0xc0000000 exactly where every
// u and v is in range. QUICK8's groups need none (its test bounds every
// lane by lane 0's, whose floors it tests). Y6 and Y7 are overwritten.
#define RANGE8(reject) \
	VPABSD Y4, Y6; \
	VPABSD Y5, Y7; \
	VPOR Y7, Y6, Y6; \
	VPTEST L8_RANGE, Y6; \
	JNE reject

// FRAC8 stores the fractions α = u − ⌊u⌋, β = v − ⌊v⌋ from UV8's u, v
// (Y14, Y15) and floors (Y2, Y3) to the slot at R14, for the kernels that
// weigh texels.
#define FRAC8 \
	VSUBPS Y2, Y14, Y14; \
	VSUBPS Y3, Y15, Y15; \
	VMOVUPS Y14, S8_FA(R14); \
	VMOVUPS Y15, S8_FB(R14)

// X8(clampU, done) sets Y6 to x0, i0 (Y4) wrapped: repeat, i0 & (w − 1);
// clamp-to-edge, min(max(i0, 0), w − 1); and R9 to the lanes (bits) whose
// x1 is not x0 + 1, so that their footprint's texels are no pair: by
// repeat x0 = w − 1 (x1 wraps to 0, or w is 1), by clamp-to-edge i0
// outside [0, w − 1) (x0 = i0 < w − 1 is the pair's test); R9 is stored
// to the slot at R14. Y7 and Y13 are overwritten; clampU and done are
// labels.
#define X8(clampU, done) \
	CMPL FootParams_Rep0(R12), $0; \
	JEQ clampU; \
	VPAND L8_WM, Y4, Y6; \
	VPCMPEQD L8_WM, Y6, Y7; \
	VMOVMSKPS Y7, R9; \
	JMP done; \
clampU: \
	VPMAXSD L8_ZERO, Y4, Y6; \
	VPMINSD L8_WM, Y6, Y6; \
	VPCMPEQD Y4, Y6, Y7; \
	VPCMPEQD L8_WM, Y6, Y13; \
	VPANDN Y7, Y13, Y7; \
	VMOVMSKPS Y7, R9; \
	XORL $0xff, R9; \
done: \
	MOVL R9, S8_NP(R14)

// INRANGE30(r, fail) jumps to fail unless the floor in r (a doubleword
// register) is inside (−2^30, 2^30): RANGE8's test on one lane.
#define INRANGE30(r, fail) \
	CMPL r, $0x3fffffff; \
	JGT fail; \
	CMPL r, $-0x3fffffff; \
	JLT fail

// QUICK8(fail, wide, done) reads the group's footprints as a window of
// texels where they lie in one whose corner is lane 0's footprint,
// straight from the floors i0, j0 (Y4, Y5: UV8's), as level16_amd64.h's
// QUICK16 does on sixteen: lane 0's floors are inside ±2^30 (exclusive,
// RANGE8's test), its corner x0 = i0[0] & mx, y0 = j0[0] & my (mx, my:
// w − 1, h − 1 by repeat, all ones by clamp-to-edge; FootParams.Derive's)
// has x0 < w − 7 (L8_BW8: 0 where w < 8 or on array views) and y0 < h − 2
// (FootParams.Bh), and every lane's j0 − j0[0] is in {0, 1} and i0 − i0[0]
// in [0, 3] (the narrow window, 5 × 3 texels: READ8 reads each texel of
// the footprints with one VPERMD from two rows' columns x0…x0 + 3 or
// x0 + 1…x0 + 4 side by side) or else in [0, 6] (the wide one, 8 × 3: a
// VPERMD of each row and a VPBLENDVB of two). Then each lane's x0 is x0[0]
// + (i0 − i0[0]) and x1 the next column, no wrap or clamp between (both
// lie in [0, w − 1]), y0 and y1 = y0 + 1 likewise: the footprint X8,
// YROWS8 and OFFS8 make, inside RANGE8's range (a lane beyond ±2^30 —
// NaN converts to −2^31 — lies more than 6 columns or 1 row from lane 0:
// the floats near ±2^30 are 64 apart, so a floor inside is at most
// 2^30 − 64 and one beyond at least 2^30, or the same below −2^30),
// its texels in the window's three rows, which lie in the level. It
// stores the corner's offset (base + y0·ys + 4·x0; the texels are 4 bytes,
// w being 8 or more) and how to read it to the slot at R14 — S8_NARROW and
// each lane's index (i0 − i0[0]) + 4·(j0 − j0[0]) in two rows of four, or
// S8_WINDOW, each lane's column i0 − i0[0] and its row mask (all ones
// where j0 − j0[0] is 1) — and jumps to done; else (the group's range not
// tested) to fail. Y6, Y7, Y13, R8 and R9 are overwritten; wide is a
// label.
#define QUICK8(fail, wide, done) \
	VMOVD X4, R9; \
	INRANGE30(R9, fail); \
	ANDL FootParams_Mx(R12), R9; \
	CMPL R9, L8_BW8; \
	JCC fail; \
	VMOVD X5, R8; \
	INRANGE30(R8, fail); \
	ANDL FootParams_My(R12), R8; \
	CMPL R8, FootParams_Bh(R12); \
	JCC fail; \
	IMULL FootParams_Ys(R12), R8; \
	LEAL (R8)(R9*4), R8; \
	ADDL FootParams_Base(R12), R8; \
	MOVL R8, S8_CORNER(R14); \
	VPBROADCASTD X4, Y6; \
	VPSUBD Y6, Y4, Y6; \
	VPBROADCASTD X5, Y7; \
	VPSUBD Y7, Y5, Y7; \
	VPTEST L8_NOT1, Y7; \
	JNE fail; \
	VPTEST L8_NOT3, Y6; \
	JNE wide; \
	VPSLLD $2, Y7, Y7; \
	VPADDD Y7, Y6, Y6; \
	VMOVDQU Y6, S8_DX(R14); \
	MOVL S8_NARROW, S8_NP(R14); \
	JMP done; \
wide: \
	VPMAXUD L8_SIX, Y6, Y13; \
	VPCMPEQD L8_SIX, Y13, Y13; \
	VMOVMSKPS Y13, R8; \
	CMPL R8, $0xff; \
	JNE fail; \
	VMOVDQU Y6, S8_DX(R14); \
	VPCMPEQD L8_ONE, Y7, Y7; \
	VMOVDQU Y7, S8_DY(R14); \
	MOVL S8_WINDOW, S8_NP(R14); \
	JMP done

// YROWS8(clampV, done) sets Y5 to y0 and Y7 to y1 from j0 (Y5): j0 and j0
// + 1 wrapped as X8 wraps i0 (Rep1, h − 1); clampV and done are labels.
#define YROWS8(clampV, done) \
	VPADDD L8_ONE, Y5, Y7; \
	CMPL FootParams_Rep1(R12), $0; \
	JEQ clampV; \
	VPAND L8_HM, Y5, Y5; \
	VPAND L8_HM, Y7, Y7; \
	JMP done; \
clampV: \
	VPMAXSD L8_ZERO, Y5, Y5; \
	VPMINSD L8_HM, Y5, Y5; \
	VPMAXSD L8_ZERO, Y7, Y7; \
	VPMINSD L8_HM, Y7, Y7; \
done:

// OFFS8(e, mul, shifted, base, pairs, clampX1, x1) stores the group's
// offsets to the slot at R14: o00 and o01 from the rows y0's and y1's
// offsets (Y5, Y7: base, + layer·ls on array views with the entries'
// layers at the argument layer, e bytes past entry DX, + y·ys: y << ysh
// where the stride is a power of two, else VPMULLD) and x0's (x0 << xsh);
// where some footprint is no pair (R9, X8's, not 0), o10 and o11 too,
// from x1 = i0 + 1 (i0 in Y4) wrapped as x0. These are the footprints
// stage's sums (integers, so in any order the same bits). Y0–Y7 and R9
// are overwritten; the arguments after e are labels.
#define OFFS8(e, mul, shifted, base, pairs, clampX1, x1) \
	CMPL FootParams_Ysh(R12), $0; \
	JLT mul; \
	VPSLLVD L8_YS, Y5, Y5; \
	VPSLLVD L8_YS, Y7, Y7; \
	JMP shifted; \
mul: \
	VPMULLD L8_YS, Y5, Y5; \
	VPMULLD L8_YS, Y7, Y7; \
shifted: \
	VPADDD L8_BASE, Y5, Y5; \
	VPADDD L8_BASE, Y7, Y7; \
	CMPL FootParams_Layers(R12), $0; \
	JEQ base; \
	MOVQ layer+48(FP), R9; \
	VPBROADCASTD FootParams_Ls(R12), Y3; \
	VPMULLD e(R9)(DX*4), Y3, Y3; \
	VPADDD Y3, Y5, Y5; \
	VPADDD Y3, Y7, Y7; \
base: \
	VPSLLVD L8_XSH, Y6, Y6; \
	VPADDD Y6, Y5, Y0; \
	VPADDD Y6, Y7, Y2; \
	VMOVDQU Y0, S8_O00(R14); \
	VMOVDQU Y2, S8_O01(R14); \
	CMPL S8_NP(R14), $0; \
	JEQ pairs; \
	VPADDD L8_ONE, Y4, Y4; \
	CMPL FootParams_Rep0(R12), $0; \
	JEQ clampX1; \
	VPAND L8_WM, Y4, Y4; \
	JMP x1; \
clampX1: \
	VPMAXSD L8_ZERO, Y4, Y4; \
	VPMINSD L8_WM, Y4, Y4; \
x1: \
	VPSLLVD L8_XSH, Y4, Y4; \
	VPADDD Y4, Y5, Y1; \
	VPADDD Y4, Y7, Y3; \
	VMOVDQU Y1, S8_O10(R14); \
	VMOVDQU Y3, S8_O11(R14); \
pairs:

// READ8(window, gathers, read, narrow) sets Y4–Y7 to the texel words at
// o00, o10, o01, o11 of the footprints in the slot at R14 from the data at
// AX: where they lie in a narrow window (S8_NP S8_NARROW) from its rows
// read as four registers of two rows' four columns side by side (x0's and
// x1's columns of rows y0, y0 + 1 and of rows y0 + 1, y0 + 2: a 16-byte
// load and a 16-byte insert each), each word a VPERMD of one of them by
// the lane's index; in a wide one (S8_WINDOW) from its three rows, each
// word a VPERMD of a row by the lane's column (or the next) and a
// VPBLENDVB of two rows by its row mask; where every footprint's texels
// are pairs (S8_NP 0) with PAIRSAT's 8-byte loads from o00 and o01, else
// (gathers) GATHER4 on the four offsets. Y0–Y3, Y13, R8 and R9 are
// overwritten; window, gathers, read and narrow are labels.
#define READ8(window, gathers, read, narrow) \
	MOVLQSX S8_CORNER(R14), R9; \
	ADDQ AX, R9; \
	MOVLQSX FootParams_Ys(R12), R8; \
	CMPL S8_NP(R14), S8_NARROW; \
	JEQ narrow; \
	CMPL S8_NP(R14), $0; \
	JNE window; \
	PAIRSAT(S8_O00, R14, Y4, Y5); \
	PAIRSAT(S8_O01, R14, Y6, Y7); \
	JMP read; \
window: \
	CMPL S8_NP(R14), S8_WINDOW; \
	JNE gathers; \
	VMOVDQU S8_DX(R14), Y0; \
	VPADDD L8_ONE, Y0, Y1; \
	VMOVDQU S8_DY(R14), Y3; \
	VPERMD (R9), Y0, Y4; \
	VPERMD (R9)(R8*1), Y0, Y2; \
	VPBLENDVB Y3, Y2, Y4, Y4; \
	VPERMD (R9)(R8*2), Y0, Y6; \
	VPBLENDVB Y3, Y6, Y2, Y6; \
	VPERMD (R9), Y1, Y5; \
	VPERMD (R9)(R8*1), Y1, Y2; \
	VPBLENDVB Y3, Y2, Y5, Y5; \
	VPERMD (R9)(R8*2), Y1, Y7; \
	VPBLENDVB Y3, Y7, Y2, Y7; \
	JMP read; \
narrow: \
	VMOVDQU S8_DX(R14), Y0; \
	VMOVDQU (R9), X4; \
	VINSERTI128 $1, (R9)(R8*1), Y4, Y4; \
	VMOVDQU 4(R9), X5; \
	VINSERTI128 $1, 4(R9)(R8*1), Y5, Y5; \
	VMOVDQU (R9)(R8*1), X6; \
	VINSERTI128 $1, (R9)(R8*2), Y6, Y6; \
	VMOVDQU 4(R9)(R8*1), X7; \
	VINSERTI128 $1, 4(R9)(R8*2), Y7, Y7; \
	VPERMD Y4, Y0, Y4; \
	VPERMD Y5, Y0, Y5; \
	VPERMD Y6, Y0, Y6; \
	VPERMD Y7, Y0, Y7; \
	JMP read; \
gathers: \
	VMOVDQU S8_O00(R14), Y0; \
	VMOVDQU S8_O10(R14), Y1; \
	VMOVDQU S8_O01(R14), Y2; \
	VMOVDQU S8_O11(R14), Y3; \
	GATHER4; \
read:

// MASKSOF8(p) sets Y1–Y4 to the compare masks m00, m10, m01, m11, ref
// (Y0) p texel for the texel words Y4–Y7 (pcfDepth's MASKS).
#define MASKSOF8(p) \
	VCMPPS p, Y4, Y0, Y1; \
	VCMPPS p, Y5, Y0, Y2; \
	VCMPPS p, Y6, Y0, Y3; \
	VCMPPS p, Y7, Y0, Y4

// GD8(p) stores the depth gather's four components for the texel words
// Y4–Y7 (GDOF: Y0 ref, Y14 t, Y15 f) in GatherTexel's order, (i0,j1),
// (i1,j1), (i1,j0), (i0,j0).
#define GD8(p) \
	GDOF(p, 0, Y6); \
	GDOF(p, 1, Y7); \
	GDOF(p, 2, Y5); \
	GDOF(p, 3, Y4)

// func PlainLevel8(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
// The set-up: the block's constants from p, then one loop per kernel (k
// read once); a kind without a loop here declines (false) at once. The
// frame is the block (992 bytes) and room to align it; too large for NOSPLIT, the
// function has the usual stack check.
TEXT ·PlainLevel8(SB), $1024-73
	MOVQ p+0(FP), R12
	MOVQ k+8(FP), R13
	MOVQ d+16(FP), AX
	MOVQ s+24(FP), SI
	MOVQ t+32(FP), DI
	MOVQ ref+40(FP), R10
	MOVQ n+56(FP), CX
	MOVQ out+64(FP), R11
	MOVB $1, ret+72(FP)
	LEAQ block-1024(SP), BX
	ADDQ $31, BX
	ANDQ $~31, BX
	VBROADCASTSS FootParams_Fw(R12), Y0
	VMOVUPS Y0, L8_FW
	VBROADCASTSS FootParams_Fh(R12), Y0
	VMOVUPS Y0, L8_FH
	VBROADCASTSS l8half<>(SB), Y0
	VMOVUPS Y0, L8_HALF
	VPBROADCASTD FootParams_Wm(R12), Y0
	VMOVDQU Y0, L8_WM
	VPBROADCASTD FootParams_Hm(R12), Y0
	VMOVDQU Y0, L8_HM
	VPCMPEQD Y0, Y0, Y0
	VPSRLD $31, Y0, Y0
	VMOVDQU Y0, L8_ONE
	VPBROADCASTD FootParams_Ys(R12), Y0
	CMPL FootParams_Ysh(R12), $0
	JLT 2(PC)
	VPBROADCASTD FootParams_Ysh(R12), Y0
	VMOVDQU Y0, L8_YS
	VPBROADCASTD FootParams_Base(R12), Y0
	VMOVDQU Y0, L8_BASE
	VPBROADCASTD FootParams_Xsh(R12), Y0
	VMOVDQU Y0, L8_XSH
	VPBROADCASTD l8range<>(SB), Y0
	VMOVDQU Y0, L8_RANGE
	VPXOR Y0, Y0, Y0
	VMOVDQU Y0, L8_ZERO
	MOVL $6, R9
	VMOVD R9, X0
	VPBROADCASTD X0, Y0
	VMOVDQU Y0, L8_SIX
	MOVL $~3, R9
	VMOVD R9, X0
	VPBROADCASTD X0, Y0
	VMOVDQU Y0, L8_NOT3
	MOVL $~1, R9
	VMOVD R9, X0
	VPBROADCASTD X0, Y0
	VMOVDQU Y0, L8_NOT1
	// L8_BW8: w − 7 (Wm − 6) where it is positive, the view is no
	// array's and the texels are 4 bytes, else 0 (no window).
	XORL R8, R8
	MOVL FootParams_Wm(R12), R9
	SUBL $6, R9
	CMOVLLT R8, R9
	CMPL FootParams_Layers(R12), $0
	CMOVLNE R8, R9
	CMPL FootParams_Xsh(R12), $2 // the window's texels are 4 bytes
	CMOVLNE R8, R9
	MOVL R9, L8_BW8
	MOVQ $-8, DX // the first pass makes group 0's footprint and no kernel
	CMPQ CX, $0
	JLE l8Done
	MOVL LevelKernel_Kind(R13), R9
	CMPL R9, $const_LevelGather8
	JEQ l8Gather
	CMPL R9, $const_LevelPCF
	JEQ l8PCF
	CMPL R9, $const_LevelGatherDepth
	JEQ l8GatherDepth
	CMPL R9, $const_LevelBilinear32
	JEQ l8Bilinear
	CMPL R9, $const_LevelBilinear128
	JEQ l8Bilinear128
	JMP l8Reject

// gather8 with every channel 0: Y8 unormRep's indices of channel 0
// (unormRepBase), Y11 asmUnormK, Y12 asmUnormScale.
l8Gather:
	VMOVDQU ·unormRepBase(SB), Y8
	VBROADCASTSS ·asmUnormK(SB), Y11
	VBROADCASTSS ·asmUnormScale(SB), Y12
l8g:
	LEAQ 8(DX), R9
	CMPQ R9, CX
	JGE l8gKernel
	SLOT8(R9)
	UV8(32)
	QUICK8(l8gApart1, l8gWide1, l8gFooted1)
l8gApart1:
	RANGE8(l8gDecline)
	X8(l8gClampU1, l8gX1)
	YROWS8(l8gClampV1, l8gY1)
	OFFS8(32, l8gMul1, l8gShifted1, l8gBase1, l8gPairs1, l8gClampX11, l8gX11)
l8gFooted1:
l8gKernel:
	TESTQ DX, DX
	JS l8gNext
	SLOT8(DX)
	READ8(l8gWindow, l8gGathers, l8gRead, l8gNarrow)
	GATHERED8(0, Y6) // (i0, j1)
	GATHERED8(1, Y7) // (i1, j1)
	GATHERED8(2, Y5) // (i1, j0)
	GATHERED8(3, Y4) // (i0, j0)
l8gNext:
	ADDQ $8, DX
	CMPQ DX, CX
	JLT l8g
	JMP l8Done
l8gDecline:
	// The next group declined: this group's kernel, then false.
	MOVB $0, ret+72(FP)
	LEAQ 8(DX), CX
	JMP l8gKernel

// bilinear32: the weights (WEIGHTSOF on the slot's α, β), each times
// 2^−24, then CHANNEL8 (Y12 asmUnormK) for each channel.
l8Bilinear:
l8b:
	LEAQ 8(DX), R9
	CMPQ R9, CX
	JGE l8bKernel
	SLOT8(R9)
	UV8(32)
	FRAC8
	QUICK8(l8bApart1, l8bWide1, l8bFooted1)
l8bApart1:
	RANGE8(l8bDecline)
	X8(l8bClampU1, l8bX1)
	YROWS8(l8bClampV1, l8bY1)
	OFFS8(32, l8bMul1, l8bShifted1, l8bBase1, l8bPairs1, l8bClampX11, l8bX11)
l8bFooted1:
l8bKernel:
	TESTQ DX, DX
	JS l8bNext
	SLOT8(DX)
	READ8(l8bWindow, l8bGathers, l8bRead, l8bNarrow)
	VMOVUPS S8_FA(R14), Y14
	VMOVUPS S8_FB(R14), Y15
	WEIGHTS24OF(Y14, Y15, Y2, Y3, Y12, Y8, Y9, Y10, Y11)
	BILINEAR8W
l8bNext:
	ADDQ $8, DX
	CMPQ DX, CX
	JLT l8b
	JMP l8Done
l8bDecline:
	// The next group declined: this group's kernel, then false.
	MOVB $0, ret+72(FP)
	LEAQ 8(DX), CX
	JMP l8bKernel

// pcfDepth: the masks by k's operation (one predicate each, its others
// and past-the-end values CompareNever's), the weights (weights8:
// WEIGHTSOF on the slot's α, β into Y5–Y8), each channel in its form
// (PCF8, k's T, F and Form at R13). Y9 holds +0.
l8PCF:
	VXORPS Y9, Y9, Y9
l8p:
	LEAQ 8(DX), R9
	CMPQ R9, CX
	JGE l8pKernel
	SLOT8(R9)
	UV8(32)
	FRAC8
	QUICK8(l8pApart1, l8pWide1, l8pFooted1)
l8pApart1:
	RANGE8(l8pDecline)
	X8(l8pClampU1, l8pX1)
	YROWS8(l8pClampV1, l8pY1)
	OFFS8(32, l8pMul1, l8pShifted1, l8pBase1, l8pPairs1, l8pClampX11, l8pX11)
l8pFooted1:
l8pKernel:
	TESTQ DX, DX
	JS l8pNext
	SLOT8(DX)
	READ8(l8pWindow, l8pGathers, l8pRead, l8pNarrow)
	VMOVUPS (R10)(DX*4), Y0 // ref
	OPJUMPS(LevelKernel_Op(R13), l8pLess, l8pEqual, l8pLessEqual, l8pGreater, l8pNotEqual, l8pGreaterEqual, l8pAlways)
	MASKSOF8(PRED_NEVER)
	JMP l8pWeights
l8pLess:
	MASKSOF8(PRED_LESS)
	JMP l8pWeights
l8pEqual:
	MASKSOF8(PRED_EQUAL)
	JMP l8pWeights
l8pLessEqual:
	MASKSOF8(PRED_LESS_EQUAL)
	JMP l8pWeights
l8pGreater:
	MASKSOF8(PRED_GREATER)
	JMP l8pWeights
l8pNotEqual:
	MASKSOF8(PRED_NOT_EQUAL)
	JMP l8pWeights
l8pGreaterEqual:
	MASKSOF8(PRED_GREATER_EQUAL)
	JMP l8pWeights
l8pAlways:
	MASKSOF8(PRED_ALWAYS)
l8pWeights:
	VMOVUPS S8_FA(R14), Y14
	VMOVUPS S8_FB(R14), Y15
	WEIGHTSOF(Y14, Y15, Y12, Y11, Y10, Y5, Y6, Y7, Y8)
	PCF8((LevelKernel_T+0)(R13), (LevelKernel_F+0)(R13), (LevelKernel_Form+0)(R13), 0, l8pZero0, l8pWhere0, l8pStore0)
	PCF8((LevelKernel_T+4)(R13), (LevelKernel_F+4)(R13), (LevelKernel_Form+1)(R13), 1, l8pZero1, l8pWhere1, l8pStore1)
	PCF8((LevelKernel_T+8)(R13), (LevelKernel_F+8)(R13), (LevelKernel_Form+2)(R13), 2, l8pZero2, l8pWhere2, l8pStore2)
	PCF8((LevelKernel_T+12)(R13), (LevelKernel_F+12)(R13), (LevelKernel_Form+3)(R13), 3, l8pZero3, l8pWhere3, l8pStore3)
l8pNext:
	ADDQ $8, DX
	CMPQ DX, CX
	JLT l8p
	JMP l8Done
l8pDecline:
	// The next group declined: this group's kernel, then false.
	MOVB $0, ret+72(FP)
	LEAQ 8(DX), CX
	JMP l8pKernel

// gatherDepth: k's t and f (T[0], F[0]) in Y14, Y15, then GD8 by k's
// operation.
l8GatherDepth:
l8d:
	LEAQ 8(DX), R9
	CMPQ R9, CX
	JGE l8dKernel
	SLOT8(R9)
	UV8(32)
	QUICK8(l8dApart1, l8dWide1, l8dFooted1)
l8dApart1:
	RANGE8(l8dDecline)
	X8(l8dClampU1, l8dX1)
	YROWS8(l8dClampV1, l8dY1)
	OFFS8(32, l8dMul1, l8dShifted1, l8dBase1, l8dPairs1, l8dClampX11, l8dX11)
l8dFooted1:
l8dKernel:
	TESTQ DX, DX
	JS l8dNext
	SLOT8(DX)
	READ8(l8dWindow, l8dGathers, l8dRead, l8dNarrow)
	VMOVUPS (R10)(DX*4), Y0 // ref
	VBROADCASTSS LevelKernel_T(R13), Y14
	VBROADCASTSS LevelKernel_F(R13), Y15
	OPJUMPS(LevelKernel_Op(R13), l8dLess, l8dEqual, l8dLessEqual, l8dGreater, l8dNotEqual, l8dGreaterEqual, l8dAlways)
	GD8(PRED_NEVER)
	JMP l8dNext
l8dLess:
	GD8(PRED_LESS)
	JMP l8dNext
l8dEqual:
	GD8(PRED_EQUAL)
	JMP l8dNext
l8dLessEqual:
	GD8(PRED_LESS_EQUAL)
	JMP l8dNext
l8dGreater:
	GD8(PRED_GREATER)
	JMP l8dNext
l8dNotEqual:
	GD8(PRED_NOT_EQUAL)
	JMP l8dNext
l8dGreaterEqual:
	GD8(PRED_GREATER_EQUAL)
	JMP l8dNext
l8dAlways:
	GD8(PRED_ALWAYS)
l8dNext:
	ADDQ $8, DX
	CMPQ DX, CX
	JLT l8d
	JMP l8Done
l8dDecline:
	// The next group declined: this group's kernel, then false.
	MOVB $0, ret+72(FP)
	LEAQ 8(DX), CX
	JMP l8dKernel


// bilinear128 (r32g32b32a32_sfloat, 16-byte texels: no window, whose
// rows hold 4-byte texels): the weights (WEIGHTSOF on the slot's α, β into
// Y12–Y15, bilinear128's WEIGHTS128) and accumulators Y8–Y11 from +0, then
// each texel's channels weighted and added (TEXEL128AT's rows of two
// 16-byte texels where every footprint's are pairs, else GATHER128AT),
// each channel stored with its NaNs made canonicalNaN (CANON_STORE, Y7).
l8Bilinear128:
l8f:
	LEAQ 8(DX), R9
	CMPQ R9, CX
	JGE l8fKernel
	SLOT8(R9)
	UV8(32)
	RANGE8(l8fDecline)
	FRAC8
	X8(l8fClampU1, l8fX1)
	YROWS8(l8fClampV1, l8fY1)
	OFFS8(32, l8fMul1, l8fShifted1, l8fBase1, l8fPairs1, l8fClampX11, l8fX11)
l8fKernel:
	TESTQ DX, DX
	JS l8fNext
	SLOT8(DX)
	VMOVUPS S8_FA(R14), Y0
	VMOVUPS S8_FB(R14), Y1
	WEIGHTSOF(Y0, Y1, Y2, Y3, Y4, Y12, Y13, Y14, Y15)
	VXORPS Y8, Y8, Y8
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	CMPL S8_NP(R14), $0
	JNE l8fGathers
	TEXEL128AT(S8_O00, R14, 0, Y12)
	TEXEL128AT(S8_O00, R14, 16, Y13)
	TEXEL128AT(S8_O01, R14, 0, Y14)
	TEXEL128AT(S8_O01, R14, 16, Y15)
	JMP l8fStore
l8fGathers:
	GATHER128AT(S8_O00, R14, Y12)
	GATHER128AT(S8_O10, R14, Y13)
	GATHER128AT(S8_O01, R14, Y14)
	GATHER128AT(S8_O11, R14, Y15)
l8fStore:
	CANON_STORE4
l8fNext:
	ADDQ $8, DX
	CMPQ DX, CX
	JLT l8f
	JMP l8Done
l8fDecline:
	// The next group declined: this group's kernel, then false.
	MOVB $0, ret+72(FP)
	LEAQ 8(DX), CX
	JMP l8fKernel

l8Done:
	VZEROUPPER
	RET
l8Reject:
	VZEROUPPER
	MOVB $0, ret+72(FP)
	RET
