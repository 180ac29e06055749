// PlainLevelV's front (wide512_amd64.s), shared as macros with the other
// sixteen-lane one-level forms: the group's entries (GROUP16), its u and
// v (UV16), the footprint (FOOT16) and the texel words (TEX16), with the
// constants they read. Each macro's comment names its registers in and
// out; a form that includes this header keeps those registers' roles:
// DX the group's first entry, CX the entries in all, K7 the group's
// entries, AX the texel data, SI and DI the s and t rows, R12 the
// FootParams, R14 the layers; Z20, Z21 d16even and d16odd, Z22–Z30
// FOOT16's constants, Z31 4 in every lane. Include after textflag.h and
// go_asm.h.
// Plan 9 operand order: VOP b, a, dst is dst = a OP b.

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

// GROUP16(done) sets K7 to the entries of the group at DX (CX entries in
// all): sixteen, or eight where only eight are left; none left: done.
#define GROUP16(done) \
	MOVQ CX, R9; \
	SUBQ DX, R9; \
	JLE done; \
	KXNORW K7, K7, K7; \
	CMPQ R9, $16; \
	JGE 3(PC); \
	MOVL $0xff, R9; \
	KMOVW R9, K7

// TEX16(words, read) sets Z4–Z7 to the texel words at the offsets o00,
// o10, o01, o11 in Z8–Z11 of the group's entries (K7) from the data at AX.
// Where every entry's rows are pairs of adjacent texels (x1's offset x0's
// + 4) each row's pairs are read with two VPGATHERDQ and split by Z20/Z21
// into x0's and x1's words (gatherRowsV's reads); else (words) each texel
// is gathered by itself. Z31 holds 4 in every lane; Z8–Z15 and K1–K3 are
// overwritten.
#define TEX16(words, read) \
	VPSUBD Z8, Z9, Z12; \
	VPSUBD Z10, Z11, Z13; \
	VPCMPEQD Z31, Z12, K7, K2; \
	VPCMPEQD Z31, Z13, K2, K2; \
	KXORW K2, K7, K3; \
	KORTESTW K3, K3; \
	JNE words; \
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
	VPERMI2D Z15, Z14, Z7; \
	JMP read; \
words: \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z8*1), K1, Z4; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z9*1), K1, Z5; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z10*1), K1, Z6; \
	KMOVW K7, K1; \
	VPGATHERDD (AX)(Z11*1), K1, Z7; \
read:

// The constants of PlainLevelV's footprints (plain_amd64.s's).
DATA lvhalf<>+0(SB)/4, $0x3f000000 // 0.5
GLOBL lvhalf<>(SB), RODATA|NOPTR, $4
DATA lvabs<>+0(SB)/4, $0x7fffffff // |u|'s bits
GLOBL lvabs<>(SB), RODATA|NOPTR, $4
DATA lvlim<>+0(SB)/4, $0x4e800000 // 2^30's bits
GLOBL lvlim<>(SB), RODATA|NOPTR, $4

// UV16 sets Z0 and Z1 to u = s·w − ½ and v = t·h − ½ of the group's
// entries (K7; +0's for the others) at SI and DI, Z22 = w, Z23 = h; Z2 is
// overwritten.
#define UV16 \
	VMOVUPS.Z (SI)(DX*4), K7, Z0; \
	VMULPS Z22, Z0, Z0; \
	VBROADCASTSS lvhalf<>(SB), Z2; \
	VSUBPS Z2, Z0, Z0; \
	VMOVUPS.Z (DI)(DX*4), K7, Z1; \
	VMULPS Z23, Z1, Z1; \
	VSUBPS Z2, Z1, Z1

// FOOT16(clampU, v, clampV, offsets, rows, mulRows, addRows) is
// PlainFootprintsAsm's AVX-512 loop body on the group (its u and v in Z0,
// Z1: UV16), in registers: α to Z16, β to Z17 and the offsets o00, o10,
// o01, o11 to Z8–Z11, FootParams at R12, the layers (p.layers) at R14.
// Z22–Z30 hold w, h, 1, 0, w − 1, h − 1, the y stride or its shift, the
// base and the x shift; Z0–Z6 are overwritten.
#define FOOT16(clampU, v, clampV, offsets, rows, mulRows, addRows) \
	VRNDSCALEPS $1, Z0, Z2; \
	VRNDSCALEPS $1, Z1, Z3; \
	VCVTTPS2DQ Z2, Z4; \
	VCVTTPS2DQ Z3, Z5; \
	VSUBPS Z2, Z0, Z16; \
	VSUBPS Z3, Z1, Z17; \
	VPADDD Z24, Z4, Z0; \
	VPADDD Z24, Z5, Z1; \
	CMPL FootParams_Rep0(R12), $0; \
	JEQ clampU; \
	VPANDD Z26, Z4, Z4; \
	VPANDD Z26, Z0, Z0; \
	JMP v; \
clampU: \
	VPMAXSD Z25, Z4, Z4; \
	VPMINSD Z26, Z4, Z4; \
	VPMAXSD Z25, Z0, Z0; \
	VPMINSD Z26, Z0, Z0; \
v: \
	CMPL FootParams_Rep1(R12), $0; \
	JEQ clampV; \
	VPANDD Z27, Z5, Z5; \
	VPANDD Z27, Z1, Z1; \
	JMP offsets; \
clampV: \
	VPMAXSD Z25, Z5, Z5; \
	VPMINSD Z27, Z5, Z5; \
	VPMAXSD Z25, Z1, Z1; \
	VPMINSD Z27, Z1, Z1; \
offsets: \
	VMOVDQA32 Z29, Z3; \
	CMPL FootParams_Layers(R12), $0; \
	JEQ rows; \
	VPBROADCASTD FootParams_Ls(R12), Z6; \
	VPMULLD (R14)(DX*4), Z6, Z2; \
	VPADDD Z2, Z3, Z3; \
rows: \
	CMPL FootParams_Ysh(R12), $0; \
	JLT mulRows; \
	VPSLLVD Z28, Z5, Z5; \
	VPSLLVD Z28, Z1, Z1; \
	JMP addRows; \
mulRows: \
	VPMULLD Z28, Z5, Z5; \
	VPMULLD Z28, Z1, Z1; \
addRows: \
	VPADDD Z5, Z3, Z5; \
	VPADDD Z1, Z3, Z1; \
	VPSLLVD Z30, Z4, Z4; \
	VPSLLVD Z30, Z0, Z0; \
	VPADDD Z4, Z5, Z8; \
	VPADDD Z0, Z5, Z9; \
	VPADDD Z4, Z1, Z10; \
	VPADDD Z0, Z1, Z11
