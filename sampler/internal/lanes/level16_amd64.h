// PlainLevelV's front (wide512_amd64.s), shared as macros with the other
// sixteen-lane one-level forms: the group's entries (GROUP16), its u and
// v (UV16), the footprint's indices with the range and pair tests
// (FOOT16) and the texel words (WINDOW16 where the group's footprints lie
// in 16 × 3 texels; else the offsets, OFFS16 and ROW1, and PAIRS16 where
// every footprint's texels are pairs in each row, else WORDS16); and
// TEX16, the pair test and reads of footprints made elsewhere
// (gatherDepthV, pcfDepthV). Each macro's comment names its registers in
// and out; a form that includes this header keeps their roles: DX the
// group's first entry, CX the entries in all, K7 the group's entries, AX
// the texel data, SI and DI the s and t rows, R12 the FootParams, R14 the
// layers and R10 the y stride (PlainLevelV's set-up; R9 and R13 are the
// macros' temporaries); Z20, Z21 d16even and d16odd, Z22–Z30 FOOT16's
// constants, Z31 0xc0000000 in every lane (FOOT16's range test; TEX16
// wants 4 there instead). Include after textflag.h and go_asm.h. Plan 9
// operand order: VOP b, a, dst is dst = a OP b.
//
// Changes to the macros' interfaces (registers in and out) since they
// moved here from wide512_amd64.s:
//   - FOOT16 takes Z31 = 0xc0000000 (was 4, for TEX16's test), makes the
//     range test (K2) and the pair tests (K3 in x, K4 in y) itself, under
//     K7, and stops at the texel indices (x0 Z0, y0 Z5, floor(u) Z18,
//     floor(v) Z19); o00 is OFFS16's, row y1 and o01 ROW1's, both made
//     only where PlainLevelV gathers, and α, β FRAC16's, made only for the
//     kernels that weigh (u and v wait in Z16, Z17: UV16 leaves them there,
//     not in Z0, Z1). PlainLevelV runs UV16, FOOT16, then
//     WINDOW16, or OFFS16, ROW1 and PAIRS16, or OFFS16, ROW1 and WORDS16
//     (no longer TEX16).
//   - PAIRS16 and WORDS16 are TEX16's two reads, by themselves.
//   - UV16 takes four labels and a flag (w and h powers of two: one
//     fused operation each) and must follow GROUP16 at once (it branches
//     on GROUP16's flags: whole loads for sixteen entries, masked for
//     eight).
//   - WINDOW16 is new: it needs R10 and two frame slots set
//     (PlainLevelV's set-up), borrows BX, and leaves the window's rows and
//     indices for WINSPLIT16 (the texel words) or a kernel of its own.
//     Its bound on the corner's offset was R13; it is FootParams.Last1
//     now (FootParams.Derive, once per set-up).
//   - PARAMS16 no longer makes UV16's flag: it is FootParams.Pow2.
//   - QUICK16 (session 16) is WINDOW16's test and reads made from the
//     floors alone, before FOOT16; where it declines a group, FOOTI16 (FOOT16
//     without its conversions) and the reads above follow.

// The even and the odd dwords of two registers (VPERMI2D's indices).
DATA d16even<>+0(SB)/4, $0
DATA d16even<>+4(SB)/4, $2
DATA d16even<>+8(SB)/4, $4
DATA d16even<>+12(SB)/4, $6
DATA d16even<>+16(SB)/4, $8
DATA d16even<>+20(SB)/4, $10
DATA d16even<>+24(SB)/4, $12
DATA d16even<>+28(SB)/4, $14
DATA d16even<>+32(SB)/4, $16
DATA d16even<>+36(SB)/4, $18
DATA d16even<>+40(SB)/4, $20
DATA d16even<>+44(SB)/4, $22
DATA d16even<>+48(SB)/4, $24
DATA d16even<>+52(SB)/4, $26
DATA d16even<>+56(SB)/4, $28
DATA d16even<>+60(SB)/4, $30
GLOBL d16even<>(SB), RODATA|NOPTR, $64
DATA d16odd<>+0(SB)/4, $1
DATA d16odd<>+4(SB)/4, $3
DATA d16odd<>+8(SB)/4, $5
DATA d16odd<>+12(SB)/4, $7
DATA d16odd<>+16(SB)/4, $9
DATA d16odd<>+20(SB)/4, $11
DATA d16odd<>+24(SB)/4, $13
DATA d16odd<>+28(SB)/4, $15
DATA d16odd<>+32(SB)/4, $17
DATA d16odd<>+36(SB)/4, $19
DATA d16odd<>+40(SB)/4, $21
DATA d16odd<>+44(SB)/4, $23
DATA d16odd<>+48(SB)/4, $25
DATA d16odd<>+52(SB)/4, $27
DATA d16odd<>+56(SB)/4, $29
DATA d16odd<>+60(SB)/4, $31
GLOBL d16odd<>(SB), RODATA|NOPTR, $64

// PARAMS16(ysh) is the one-level forms' set-up of the FootParams at R12:
// Z22–Z31 as FOOT16 takes them (w and h as floats, 1, +0, w − 1, h − 1,
// the y stride or, where it has one, its shift, the base, the x shift,
// lvrange); ysh is a label. (UV16's flag, w and h powers of two, is
// FootParams.Pow2, made once per set-up by Derive.)
#define PARAMS16(ysh) \
	VBROADCASTSS FootParams_Fw(R12), Z22; \
	VBROADCASTSS FootParams_Fh(R12), Z23; \
	VPTERNLOGD $0xff, Z24, Z24, Z24; \
	VPSRLD $31, Z24, Z24; \
	VPXORD Z25, Z25, Z25; \
	VPBROADCASTD FootParams_Wm(R12), Z26; \
	VPBROADCASTD FootParams_Hm(R12), Z27; \
	VPBROADCASTD FootParams_Ys(R12), Z28; \
	CMPL FootParams_Ysh(R12), $0; \
	JLT ysh; \
	VPBROADCASTD FootParams_Ysh(R12), Z28; \
ysh: \
	VPBROADCASTD FootParams_Base(R12), Z29; \
	VPBROADCASTD FootParams_Xsh(R12), Z30; \
	VPBROADCASTD lvrange<>(SB), Z31

// GROUP16(done) sets K7 to the entries of the group at DX (CX entries in
// all): sixteen, or eight where only eight are left; none left: done. It
// leaves the flags of its CMPQ of the entries left with 16, which UV16
// reads (less: a group of eight).
#define GROUP16(done) \
	MOVQ CX, R9; \
	SUBQ DX, R9; \
	JLE done; \
	KXNORW K7, K7, K7; \
	CMPQ R9, $16; \
	JGE 3(PC); \
	MOVL $0xff, R9; \
	KMOVW R9, K7

// PAIRS16 sets Z4–Z7 to the texel words at o00, o00 + 4, o01, o01 + 4
// (o00 in Z8, o01 in Z10) of the group's entries (K7) from the data at
// AX: each row's pairs of adjacent texels read with two VPGATHERDQ and
// split by Z20/Z21 into x0's and x1's words (gatherRowsV's reads). Z8,
// Z10, Z12–Z15 and K1 are overwritten.
#define PAIRS16 \
	KMOVW K7, K1; \
	VPGATHERDQ (AX)(Y8*1), K1, Z12; \
	VEXTRACTI64X4 $1, Z8, Y8; \
	KSHIFTRW $8, K7, K1; \
	VPGATHERDQ (AX)(Y8*1), K1, Z13; \
	KMOVW K7, K1; \
	VPGATHERDQ (AX)(Y10*1), K1, Z14; \
	VEXTRACTI64X4 $1, Z10, Y10; \
	KSHIFTRW $8, K7, K1; \
	VPGATHERDQ (AX)(Y10*1), K1, Z15; \
	VMOVDQA64 Z20, Z4; \
	VPERMI2D Z13, Z12, Z4; \
	VMOVDQA64 Z21, Z5; \
	VPERMI2D Z13, Z12, Z5; \
	VMOVDQA64 Z20, Z6; \
	VPERMI2D Z15, Z14, Z6; \
	VMOVDQA64 Z21, Z7; \
	VPERMI2D Z15, Z14, Z7

// GATHER16 sets Z4–Z7 to the texel words at the offsets o00, o10, o01,
// o11 in Z8–Z11 of the group's entries (K7) from the data at AX, one
// VPGATHERDD a texel; K1 is overwritten.
#define GATHER16 \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z8*1), K1, Z4; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z9*1), K1, Z5; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z10*1), K1, Z6; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z11*1), K1, Z7

// TEX16(words, read) sets Z4–Z7 to the texel words at the offsets o00,
// o10, o01, o11 in Z8–Z11 of the group's entries (K7) from the data at
// AX: with PAIRS16 where every entry's rows are pairs of adjacent texels
// (x1's offset x0's + 4, tested in both rows), else (words) with
// GATHER16. Z31 holds 4 in every lane; Z8–Z15 and K1–K3 are overwritten.
#define TEX16(words, read) \
	VPSUBD Z8, Z9, Z12; \
	VPSUBD Z10, Z11, Z13; \
	VPCMPEQD Z31, Z12, K7, K2; \
	VPCMPEQD Z31, Z13, K2, K2; \
	KXORW K2, K7, K3; \
	KORTESTW K3, K3; \
	JNE words; \
	PAIRS16; \
	JMP read; \
words: \
	GATHER16; \
read:

// The constants of PlainLevelV's footprints (plain_amd64.s's).
DATA lvhalf<>+0(SB)/4, $0x3f000000 // 0.5
GLOBL lvhalf<>(SB), RODATA|NOPTR, $4
DATA lvrange<>+0(SB)/4, $0xc0000000 // an |index| of 2^30 or more (Z31)
GLOBL lvrange<>(SB), RODATA|NOPTR, $4
DATA lvwidth<>+0(SB)/4, $15 // WINDOW16's columns, less one
GLOBL lvwidth<>(SB), RODATA|NOPTR, $4
DATA lvheight<>+0(SB)/4, $2 // WINDOW16's rows of x0, y0
GLOBL lvheight<>(SB), RODATA|NOPTR, $4

// UV16(part, loaded, pow2, separate, done), straight after GROUP16 (its
// flags), sets Z16 and Z17 to u = s·w − ½ and v = t·h − ½ of the group's
// entries at SI and DI, Z22 = w, Z23 = h: sixteen entries read whole, a
// group of eight (part) under K7 with +0's for the others (the operands'
// rows may end there; a masked load also waits for the K7 GROUP16 has
// just written). Where pow2 (FootParams.Pow2, its low byte read) is not
// 0 — w and h are powers of two — each is one VFMSUB, s·w − ½ rounded once: s·2^k is
// exact (a float times 2^k, k ≥ 0, loses no bits, and one beyond the
// largest float rounds to ∞ either way), so it is the reference's
// fl(fl(s·w) − ½); else (separate) VMULPS, then VSUBPS. Z2 is overwritten.
#define UV16(part, loaded, pow2, separate, done) \
	JLT part; \
	VMOVUPS (SI)(DX*4), Z16; \
	VMOVUPS (DI)(DX*4), Z17; \
	JMP loaded; \
part: \
	VMOVUPS.Z (SI)(DX*4), K7, Z16; \
	VMOVUPS.Z (DI)(DX*4), K7, Z17; \
loaded: \
	VBROADCASTSS lvhalf<>(SB), Z2; \
	CMPB pow2, $0; \
	JEQ separate; \
	VFMSUB213PS Z2, Z22, Z16; \
	VFMSUB213PS Z2, Z23, Z17; \
	JMP done; \
separate: \
	VMULPS Z22, Z16, Z16; \
	VSUBPS Z2, Z16, Z16; \
	VMULPS Z23, Z17, Z17; \
	VSUBPS Z2, Z17, Z17; \
done:

// FOOT16(clampU, v, clampV, rows) is PlainFootprintsAsm's AVX-512 loop
// body on the group (its u and v in Z16, Z17: UV16), in registers, up to
// the texel indices (the offsets are OFFS16's and ROW1's, the fractions
// FRAC16's), with the FootParams at R12. Z22–Z30 hold w, h, 1, 0, w − 1,
// h − 1, the y stride or its shift, the base and the x shift, Z31
// 0xc0000000. Out: K2 the entries (of K7) whose u or v is not inside
// (−2^30, 2^30) or is NaN; K3 those whose x1 is not x0 + 1 (a wrap from
// the last column, a clamp at an edge, a level one texel wide); K4 those
// of K7 whose y1 is y0 + 1 by clamp-to-edge (all of K7 by repeat: y1 =
// y0 + 1 but where y0 = h − 1, which WINDOW16's bound rules out); x0 in
// Z0, y0 in Z5, floor(u) in Z18 and floor(v) in Z19 (integers); u and v
// stay in Z16, Z17. Z2 and Z3 are overwritten.
//
// floor(u) is VCVTPS2DQ rounding down, the integer i0 FQ_RANGE's
// VROUNDPS and VCVTTPS2DQ make, and its conversion back (FRAC16) the float
// floor(u) (exact: |i0| ≤ 2^30, and where |u| ≥ 2^23 u is an integer),
// except for u = −0, whose floor would be +0, not −0 — u is s·w − ½
// rounded, never −0. A u beyond int32 or NaN converts to 0x80000000, so
// |i0| < 2^30 (as unsigned: |0x80000000| is itself) is exactly −2^30 < u <
// 2^30 (the floats near −2^30 are 64 apart), for u and v at once by the OR
// of their |i0|, |j0|. x1 = x0 + 1 is (i0 & (w − 1)) ≠ w − 1 by repeat,
// 0 ≤ i0 < w − 1 by clamp-to-edge: with 4-byte texels (Xsh 2, or a level
// one texel wide), o10 = o00 + 4 and o11 = o01 + 4, TEX16's test.
#define FOOT16(clampU, v, clampV, rows) \
	VCVTPS2DQ.RD_SAE Z16, Z18; \
	VCVTPS2DQ.RD_SAE Z17, Z19; \
	FOOTI16(clampU, v, clampV, rows)

// FOOTI16(clampU, v, clampV, rows) is FOOT16 after its two conversions:
// from the floors in Z18 and Z19 (QUICK16's, where it declines a group).
#define FOOTI16(clampU, v, clampV, rows) \
	VPABSD Z18, Z2; \
	VPABSD Z19, Z3; \
	VPORD Z3, Z2, Z2; \
	VPTESTMD Z31, Z2, K7, K2; \
	CMPL FootParams_Rep0(R12), $0; \
	JEQ clampU; \
	VPANDD Z26, Z18, Z0; \
	VPCMPEQD Z26, Z0, K7, K3; \
	JMP v; \
clampU: \
	VPCMPUD $5, Z26, Z18, K7, K3; \
	VPMAXSD Z25, Z18, Z0; \
	VPMINSD Z26, Z0, Z0; \
v: \
	CMPL FootParams_Rep1(R12), $0; \
	JEQ clampV; \
	VPANDD Z27, Z19, Z5; \
	KMOVW K7, K4; \
	JMP rows; \
clampV: \
	VPCMPUD $1, Z27, Z19, K7, K4; \
	VPMAXSD Z25, Z19, Z5; \
	VPMINSD Z27, Z5, Z5; \
rows:

// FRAC16 sets Z16 and Z17 to the footprint's fractions α = u − floor(u)
// and β = v − floor(v) from UV16's u, v (Z16, Z17) and FOOT16's floors
// (Z18, Z19), for the kernels that weigh texels (the gathers need none).
// Z2 and Z3 are overwritten.
#define FRAC16 \
	VCVTDQ2PS Z18, Z2; \
	VCVTDQ2PS Z19, Z3; \
	VSUBPS Z2, Z16, Z16; \
	VSUBPS Z3, Z17, Z17

// OFFS16(rows, mulRows, layers, base) sets Z8 to o00 from FOOT16's x0
// (Z0) and y0 (Z5) (and the entries' layers at R14), and leaves for ROW1
// and WORDS16 x0's offset plus the base in Z2, row y0's offset (y0 times
// the stride, plus the layer's) in Z6 and the layer's offset in Z3 (array
// views). Only the gathers need it (WINDOW16 finds its corner's offset
// from entry 0's x0 and y0).
#define OFFS16(rows, mulRows, layers, base) \
	CMPL FootParams_Ysh(R12), $0; \
	JLT mulRows; \
	VPSLLVD Z28, Z5, Z6; \
	JMP layers; \
mulRows: \
	VPMULLD Z28, Z5, Z6; \
layers: \
	CMPL FootParams_Layers(R12), $0; \
	JEQ base; \
	VPBROADCASTD FootParams_Ls(R12), Z2; \
	VPMULLD (R14)(DX*4), Z2, Z3; \
	VPADDD Z3, Z6, Z6; \
base: \
	VPSLLVD Z30, Z0, Z2; \
	VPADDD Z29, Z2, Z2; \
	VPADDD Z2, Z6, Z8

// WRAP16(rep, m, r, clamp, done) wraps the indices in r in place as the
// axis does: where rep (a doubleword in memory) is not 0, repeat, r & m
// (m the size less one, a power of two less one); else clamp-to-edge,
// min(max(r, 0), m) (Z25 +0). clamp and done are labels.
#define WRAP16(rep, m, r, clamp, done) \
	CMPL rep, $0; \
	JEQ clamp; \
	VPANDD m, r, r; \
	JMP done; \
clamp: \
	VPMAXSD Z25, r, r; \
	VPMINSD m, r, r; \
done:

// ROW1(clampV1, rows1, layers1, base1) sets Z10 to o01 and Z1 to row
// y1's offset (y1 times the stride, plus the layer's) from FOOT16's
// floor(v) (Z19) and OFFS16's Z2 and Z3: y1 = floor(v) + 1 wrapped as y0
// is. Only the gathers need it (WINDOW16 reads row y0 + 1 as a row of its
// window).
#define ROW1(clampV1, rows1, layers1, base1) \
	VPADDD Z24, Z19, Z1; \
	WRAP16(FootParams_Rep1(R12), Z27, Z1, clampV1, rows1); \
	CMPL FootParams_Ysh(R12), $0; \
	JLT 3(PC); \
	VPSLLVD Z28, Z1, Z1; \
	JMP layers1; \
	VPMULLD Z28, Z1, Z1; \
layers1: \
	CMPL FootParams_Layers(R12), $0; \
	JEQ base1; \
	VPADDD Z3, Z1, Z1; \
base1: \
	VPADDD Z2, Z1, Z10

// WORDS16(clampX1, x1) sets Z4–Z7 to the texel words of the group's
// footprints from FOOT16's and ROW1's registers (floor(u) Z18, rows Z6 and
// Z1, o00 Z8, o01 Z10): x1 = i0 + 1 wrapped, o10 and o11 in Z9 and Z11,
// then GATHER16. Z2 and K1 are overwritten.
#define WORDS16(clampX1, x1) \
	VPADDD Z24, Z18, Z2; \
	WRAP16(FootParams_Rep0(R12), Z26, Z2, clampX1, x1); \
	VPSLLVD Z30, Z2, Z2; \
	VPADDD Z29, Z2, Z2; \
	VPADDD Z2, Z6, Z9; \
	VPADDD Z2, Z1, Z11; \
	GATHER16

// WINIDX16(x, y, x0, y0, k, fail) is the window's test and indices,
// QUICK16's and WINDOW16's: each entry's x − x[0] and y − y[0] (x, y the
// registers of column and row indices, x0, y0 their low quarters, whose
// lane 0 is entry 0's) in [0, 14] and {0, 1} for every entry of k, else a
// jump to fail; then the entries' indices in the window's rows,
// (x − x[0]) + 16·(y − y[0]), in Z6, and one more (x1's) in Z7. Z12, Z13
// and K5 are overwritten.
#define WINIDX16(x, y, x0, y0, k, fail) \
	VPBROADCASTD x0, Z12; \
	VPBROADCASTD y0, Z13; \
	VPSUBD Z12, x, Z12; \
	VPSUBD Z13, y, Z13; \
	VPCMPUD.BCST $1, lvwidth<>(SB), Z12, k, K5; \
	VPCMPUD.BCST $1, lvheight<>(SB), Z13, K5, K5; \
	KORTESTW K5, K5; \
	JCC fail; \
	VPSLLD $4, Z13, Z13; \
	VPADDD Z13, Z12, Z6; \
	VPADDD Z24, Z6, Z7

// WINROWS16 reads the window's three rows into Z12–Z14: R9 the first
// row's offset less AX, R10 the y stride.
#define WINROWS16 \
	ADDQ AX, R9; \
	VMOVDQU32 (R9), Z12; \
	VMOVDQU32 (R9)(R10*1), Z13; \
	VMOVDQU32 (R9)(R10*2), Z14

// QUICK16(fail, base, ref) is WINDOW16's test and reads
// straight from the floors of the group's u and v (Z18, Z19: FOOT16's
// conversions, made before it), without FOOT16's wraps, range and pair
// tests, for the group whose footprints lie in the window whose corner is
// entry 0's footprint: where entry 0's floors f0, g0 are inside ±2^30
// (exclusive, as FOOT16's range test), its wrapped corner x0 = f0 & mx, y0
// = g0 & my (mx, my: w − 1, h − 1 by repeat, all ones by clamp-to-edge)
// has x0 < bw = w − 15 and y0 < bh = h − 2 (so the window's 16 columns and
// 3 rows lie in the level: bw is 0 where w < 16 or on array views, bh 0
// where h < 3), and every entry's floors differ from entry 0's by 0 to 14
// in u and 0 or 1 in v. Then each entry's x0 is x0 + (f − f0) and x1 its
// next column, no wrap or clamp between (both lie in [0, w − 1]), y0 and
// y1 = y0 + 1 likewise: the footprint FOOT16 makes, and inside its range
// (an entry beyond ±2^30 — NaN converts to −2^31 — differs from entry 0
// by more than 14). It leaves what WINDOW16 leaves (rows Z12–Z14, indices
// Z6, Z7) and restores BX from ref; else (a group of eight too) it jumps
// to fail, with BX still borrowed. R9, R13 and K5 are overwritten; base
// (a quadword in memory) is the level's first byte less AX; mx, my, bw
// and bh are the FootParams' (Derive).
#define QUICK16(fail, base, ref) \
	VMOVD X18, R9; \
	VMOVD X19, BX; \
	LEAL 0x3fffffff(R9), R13; \
	CMPL R13, $0x7fffffff; \
	JCC fail; \
	LEAL 0x3fffffff(BX), R13; \
	CMPL R13, $0x7fffffff; \
	JCC fail; \
	ANDL FootParams_Mx(R12), R9; \
	CMPL R9, FootParams_Bw(R12); \
	JCC fail; \
	ANDL FootParams_My(R12), BX; \
	CMPL BX, FootParams_Bh(R12); \
	JCC fail; \
	WINIDX16(Z18, Z19, X18, X19, K7, fail); \
	IMULQ R10, BX; \
	LEAQ (BX)(R9*4), R9; \
	ADDQ base, R9; \
	MOVQ ref, BX; \
	WINROWS16

// WINDOW16(gathers, base, ref) reads the group's footprints (pairs in x:
// FOOT16's K3 clear) as a window of 16 × 3 texels where all sixteen lie in
// one whose corner is entry 0's (x0, y0), as the first quad's top-left
// pixel is in texbench's quads and most screen-space groups: x0 − x0[0]
// in [0, 14], y0 − y0[0] in {0, 1}, y1 = y0 + 1 (K4), and the window's
// three rows of 64 bytes end inside the level (the corner's offset less
// the base, y0[0]·ys + 4·x0[0], less than FootParams.Last1 = (h − 1)·ys +
// 4w − 2·ys − 63 (Derive; 0: none, for array views),
// R10 = ys; so y0[0] ≤ h − 3, and the bytes read past column w − 1 are
// never picked). It leaves the rows y0[0], y0[0] + 1, y0[0] + 2 in
// Z12–Z14 (three loads at the corner's offset plus base, a quadword in
// memory, instead of PAIRS16's four gathers) and each entry's index in
// them, (x0 − x0[0]) + 16·(y0 − y0[0]), in Z6 (+ 1, x1's, in Z7), for
// WINSPLIT16 or a kernel that picks from decoded rows; else (a group of
// eight too) it jumps to gathers. Taking entry 0 as the corner needs no
// reduction over the group (session 14's window, which found the corner
// with two, cost more than the gathers), and its offset is two lanes'
// scalars, not a vector of offsets. In: FOOT16's x0 Z0, y0 Z5, K4. It
// borrows BX (restored from ref, a quadword in memory); K5 and R9 are
// overwritten.
#define WINDOW16(gathers, base, ref) \
	VMOVD X5, R9; \
	IMULQ R10, R9; \
	VMOVD X0, BX; \
	LEAQ (R9)(BX*4), R9; \
	MOVQ ref, BX; \
	CMPQ R9, FootParams_Last1(R12); \
	JGE gathers; \
	WINIDX16(Z0, Z5, X0, X5, K4, gathers); \
	ADDQ base, R9; \
	WINROWS16

// WINSPLIT16 picks WINDOW16's texel words into Z4–Z7 (o00, o00 + 4, o01,
// o01 + 4): four VPERMI2D by the indices in Z6 and Z7 from the rows in
// Z12–Z14.
#define WINSPLIT16 \
	VMOVDQA64 Z6, Z4; \
	VMOVDQA64 Z7, Z5; \
	VPERMI2D Z13, Z12, Z4; \
	VPERMI2D Z13, Z12, Z5; \
	VPERMI2D Z14, Z13, Z6; \
	VPERMI2D Z14, Z13, Z7
