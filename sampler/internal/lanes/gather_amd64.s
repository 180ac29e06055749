//go:build !purego

#include "textflag.h"
#include "kernels8_amd64.h"

// AVX2 texel reads and kernels for the lane loop's stages (dispatch_amd64.go),
// from byte offsets that the callers have checked to lie inside the texel
// data (offsetsInside, or once per set-up): texel words (gatherWords,
// gatherRows), and whole kernels that filter, gather or fetch the texels
// they read in registers (bilinear32, bilinear128, gather8, fetchRGBA8).
// A footprint's two texels in a row are read together where they are
// adjacent, else gathered: eight 32-bit words per VPGATHERDD (each gather
// takes an all-ones mask, which VPGATHERDD clears; gathers are slow on some
// machines, so the common cases avoid them). n is a multiple of 8. The
// float constants are Go's (asmOne and the others, asm_amd64.go).
//
// Rows of [4][laneChunk]int32 and [..][laneChunk]uint32 are 256 bytes apart.

// BILINEAR_ARGS loads the bilinear kernels' arguments (d, o, fa, fb, n,
// out) and starts at entry 0.
#define BILINEAR_ARGS \
	MOVQ d+0(FP), AX; MOVQ o+8(FP), SI; MOVQ fa+16(FP), DI; MOVQ fb+24(FP), R10; \
	MOVQ n+32(FP), CX; MOVQ out+40(FP), R11; XORQ DX, DX

// PAIRS4(a, b, c, d, lo, hi, dst) reads the 8-byte pairs of words at the
// byte offsets a, b, c, d (registers) into dst, in that order (lo and hi
// are dst's and a temporary's X registers).
#define PAIRS4(a, b, c, d, lo, hi, dst) \
	VMOVQ (AX)(a*1), lo; VPINSRQ $1, (AX)(b*1), lo, lo; \
	VMOVQ (AX)(c*1), hi; VPINSRQ $1, (AX)(d*1), hi, hi; VINSERTI128 $1, hi, dst, dst

// func gatherWords(d *byte, o *int32, n int, t *uint32)
// t[k] = word at d + o[k], k < n (a multiple of 8), eight at a time: four
// 8-byte loads where each even k's next word is its neighbour's (o[k+1] =
// o[k] + 4, as a quad's two pixels in a row fetch), else one 4-byte gather
// of eight (every o[k] is inside the data, so the 8-byte reads are too).
TEXT ·gatherWords(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	XORQ DX, DX
	MOVL $4, R9
	VMOVD R9, X14
	VPBROADCASTD X14, Y14 // the step between a pair's offsets
words:
	CMPQ DX, CX
	JGE wordsDone
	VMOVDQU (SI)(DX*4), Y0
	VPSRLQ $32, Y0, Y1 // o[k+1] at k, for even k
	VPSUBD Y0, Y1, Y1
	VPCMPEQD Y14, Y1, Y1
	VMOVMSKPS Y1, R9
	ANDL $0x55, R9
	CMPL R9, $0x55
	JNE wordsSingle
	// The four pairs as 8-byte loads (faster here than a VPGATHERDQ).
	MOVL (SI)(DX*4), R8
	MOVL 8(SI)(DX*4), R10
	MOVL 16(SI)(DX*4), R11
	MOVL 24(SI)(DX*4), R12
	PAIRS4(R8, R10, R11, R12, X1, X2, Y1)
	JMP wordsStore
wordsSingle:
	VPCMPEQD Y15, Y15, Y15
	VPGATHERDD Y15, (AX)(Y0*1), Y1
wordsStore:
	VMOVDQU Y1, (DI)(DX*4)
	ADDQ $8, DX
	JMP words
wordsDone:
	VZEROUPPER
	RET

// ADJACENT(step, other) sets BX to the offsets of the group at DX (o[0][DX],
// 4 bytes each, rows 256 bytes apart) and jumps to other unless each
// footprint's texels (i1, j) lie step bytes after (i0, j) in both rows.
#define ADJACENT(step, other) \
	LEAQ (SI)(DX*4), BX; MOVL $step, R9; VMOVD R9, X15; VPBROADCASTD X15, Y15; \
	VMOVDQU (BX), Y0; VMOVDQU 256(BX), Y1; VMOVDQU 512(BX), Y2; VMOVDQU 768(BX), Y3; \
	VPSUBD Y0, Y1, Y1; VPSUBD Y2, Y3, Y3; VPCMPEQD Y15, Y1, Y1; VPCMPEQD Y15, Y3, Y3; \
	VPAND Y3, Y1, Y1; VMOVMSKPS Y1, R9; CMPL R9, $0xff; JNE other

// GATHER4ROWS gathers the four texels (words at the offsets o[q][k..k+8],
// q < 4, at 256·q(BX)) of the group's eight footprints into Y4–Y7 (Y0–Y3
// hold the offsets, Y13 the gathers' mask): GATHER4
// (kernels8_amd64.h) on the loaded offsets.
#define GATHER4ROWS \
	VMOVDQU (BX), Y0; VMOVDQU 256(BX), Y1; VMOVDQU 512(BX), Y2; VMOVDQU 768(BX), Y3; \
	GATHER4

// PAIRS(q, lo, hi) reads row q (o[q][k..k+8], at (BX)) of the group's
// eight footprints, each a pair of adjacent 4-byte texels, as 8-byte loads
// and splits them into the texels x0's words (lo) and x1's (hi): PAIRSAT
// (kernels8_amd64.h) at 256·q(BX).
#define PAIRS(q, lo, hi) PAIRSAT(256*q, BX, lo, hi)

// TEXELS32(other) reads the group's four 4-byte texels (i0,j0), (i1,j0),
// (i0,j1), (i1,j1) into Y4–Y7 as pairs, or jumps to other (which gathers
// them: GATHER4ROWS) where a pair is not adjacent.
#define TEXELS32(other) \
	ADJACENT(4, other); PAIRS(0, Y4, Y5); PAIRS(2, Y6, Y7)

// ROWS32(q) is PAIRS(q) stored: texel x0's words to t[q][k..] and x1's
// to t[q+1][k..].
#define ROWS32(q) \
	PAIRS(q, Y4, Y5); VMOVUPS Y4, (256*q)(DI)(DX*4); VMOVUPS Y5, (256*q+256)(DI)(DX*4)

// func gatherRows(d *byte, o *[4][laneChunk]int32, n int, t *[4][laneChunk]uint32)
// t[q][k] = word at d + o[q][k], q < 4, k < n: the four texels of each
// footprint in a 32-bit format, reading each footprint's two rows with one 8-byte load
// each where the rows' texels are adjacent (o[1] = o[0] + 4 and o[3] =
// o[2] + 4 for all eight footprints of a group) and gathering the groups
// where they are not.
TEXT ·gatherRows(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	XORQ DX, DX
rows32:
	CMPQ DX, CX
	JGE rows32Done
	ADJACENT(4, rows32Gather)
	ROWS32(0)
	ROWS32(2)
	ADDQ $8, DX
	JMP rows32
rows32Gather:
	GATHER4ROWS
	VMOVDQU Y4, (DI)(DX*4)
	VMOVDQU Y5, 256(DI)(DX*4)
	VMOVDQU Y6, 512(DI)(DX*4)
	VMOVDQU Y7, 768(DI)(DX*4)
	ADDQ $8, DX
	JMP rows32
rows32Done:
	VZEROUPPER
	RET


// TEXEL128(row, disp, w) reads texel (disp = 0: i0, 16: i1) of row (0:
// j0, 2: j1) of the eight footprints of the group at DX, transposes it to
// channels and adds its weighted channels (weight register w) to the
// accumulators Y8–Y11: TEXEL128AT (kernels8_amd64.h) at 256·row(BX).
#define TEXEL128(row, disp, w) TEXEL128AT(256*row, BX, disp, w)

// CANON_STORE, the stores of bilinear128's accumulators, is
// kernels8_amd64.h's.

// WEIGHTS(t, w00, w10, w01, w11) sets the group's bilinear weights w00 =
// (1 − α)(1 − β), w10 = α(1 − β), w01 = (1 − α)β, w11 = αβ (BilinearWeights'
// products) from fa, fb at (DI), (R10): WEIGHTSOF (kernels8_amd64.h) on
// α in Y0, β in Y1; Y2, Y3 and t are temporaries.
#define WEIGHTS(t, w00, w10, w01, w11) \
	VMOVUPS (DI)(DX*4), Y0; VMOVUPS (R10)(DX*4), Y1; \
	WEIGHTSOF(Y0, Y1, Y2, Y3, t, w00, w10, w01, w11)

// WEIGHTS128 sets Y12–Y15 to the group's weights and clears the
// accumulators Y8–Y11.
#define WEIGHTS128 \
	WEIGHTS(Y4, Y12, Y13, Y14, Y15); \
	VXORPS Y8, Y8, Y8; VXORPS Y9, Y9, Y9; VXORPS Y10, Y10, Y10; VXORPS Y11, Y11, Y11

// GATHER128(q, w) gathers texel q (offsets o[q][k..k+8], at 256·q(BX))
// of the group's eight footprints channel by channel and adds its weighted
// channels (weight register w) to the accumulators Y8–Y11: GATHER128AT
// (kernels8_amd64.h).
#define GATHER128(q, w) GATHER128AT(256*q, BX, w)

// func bilinear128(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
// The r32g32b32a32_sfloat bilinear kernel for entries k < n (a multiple
// of 8), eight at a time: out[c][k] = canonical(((0 + w00·t00) + w10·t10)
// + w01·t01) + w11·t11 for channel c, each product and sum rounded to
// float32 as bilinearRGBA32FLanesGo rounds them, the weights
// BilinearWeights'. A group whose texels (i1, j) lie 16 bytes after (i0,
// j) in both rows is read as 16-byte rows and transposed; any other (a
// wrap from the last column to the first, a cube footprint across a
// face's edge) is gathered channel by channel. Every offset, and so every
// row's last byte, is inside the texel data.
TEXT ·bilinear128(SB), NOSPLIT, $0-48
	BILINEAR_ARGS
b128:
	CMPQ DX, CX
	JGE b128Done
	ADJACENT(16, b128Gather)
	WEIGHTS128
	TEXEL128(0, 0, Y12)
	TEXEL128(0, 16, Y13)
	TEXEL128(2, 0, Y14)
	TEXEL128(2, 16, Y15)
b128Store:
	CANON_STORE4
	ADDQ $8, DX
	JMP b128
b128Gather:
	WEIGHTS128
	GATHER128(0, Y12)
	GATHER128(1, Y13)
	GATHER128(2, Y14)
	GATHER128(3, Y15)
	JMP b128Store
b128Done:
	VZEROUPPER
	RET


// DECODE(c, out) stores channel c of the words in Y4 (byte c of each,
// u/255 as unorm8 decodes it: 2^24·fl(u/255) = A + A·fl(1/(2^24 − 1)),
// A = u·0x010101, with one rounding, then scaled by 2^−24) to out[k..k+8].
#define DECODE(c, out) \
	VPSHUFB ·unormRep+(32*c)(SB), Y4, Y5; VCVTDQ2PS Y5, Y5; VFMADD132PS Y14, Y5, Y5; VMULPS Y15, Y5, Y5; \
	MOVQ out, R13; VMOVDQU Y5, (R13)(DX*4)

// func FetchRGBA8(d *byte, tx, ty *int32, n int, lv *[4]int32, c0, c1, c2, c3 *uint32)
// The r8g8b8a8_unorm fetch of lanes k < n (a multiple of 8) at one level of
// a 2D view, eight at a time: lane k's texel (tx[k], ty[k]) lies at byte
// lv[3] + 4·tx + lv[2]·ty if 0 ≤ tx < lv[0] and 0 ≤ ty < lv[1], and reads
// as the word 0 otherwise; its channels, decoded, go to c0[k] … c3[k]. fetchAddrs, gatherWords and fetchVec's decode in one pass: a
// group's four pairs of neighbouring texels (a quad's two pixels in a row)
// are read with four 8-byte loads, any other group with one gather. Every
// texel of the level lies inside the data (so do the 8-byte reads, and the
// first texel that an outside lane reads in place of its own).
TEXT ·FetchRGBA8(SB), NOSPLIT, $0-72
	CMPB ·Wide512(SB), $0
	JEQ fetchAVX2
	JMP ·fetchRGBA8V(SB)          // the AVX-512 form, with these arguments
fetchAVX2:
	MOVQ d+0(FP), AX
	MOVQ tx+8(FP), SI
	MOVQ ty+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ lv+32(FP), BX
	VPCMPEQD Y8, Y8, Y8          // −1
	VPBROADCASTD 0(BX), Y9       // w
	VPBROADCASTD 4(BX), Y10      // h
	VPBROADCASTD 8(BX), Y11      // y stride
	VPBROADCASTD 12(BX), Y12     // the level's first texel
	VPSRLD $31, Y8, Y13
	VPSLLD $2, Y13, Y13          // 4: a pair's step
	VBROADCASTSS ·asmUnormK(SB), Y14
	VBROADCASTSS ·asmUnormScale(SB), Y15
	XORQ DX, DX
fetch:
	CMPQ DX, CX
	JGE fetchDone
	VMOVDQU (SI)(DX*4), Y0       // u
	VMOVDQU (DI)(DX*4), Y1       // v
	VPCMPGTD Y8, Y0, Y2          // u > −1
	VPCMPGTD Y0, Y9, Y3          // w > u
	VPAND Y3, Y2, Y2
	VPCMPGTD Y8, Y1, Y3          // v > −1
	VPAND Y3, Y2, Y2
	VPCMPGTD Y1, Y10, Y3         // h > v
	VPAND Y3, Y2, Y2             // inside
	VPSLLD $2, Y0, Y0
	VPMULLD Y11, Y1, Y1
	VPADDD Y1, Y0, Y0
	VPADDD Y12, Y0, Y0
	VPBLENDVB Y2, Y0, Y12, Y0    // offsets; outside: the first texel
	VPSRLQ $32, Y0, Y3           // o[k+1] at k, for even k
	VPSUBD Y0, Y3, Y3
	VPCMPEQD Y13, Y3, Y3
	VMOVMSKPS Y3, R9
	ANDL $0x55, R9
	CMPL R9, $0x55
	JNE fetchSingle
	VMOVD X0, R8
	VPEXTRD $2, X0, R10
	VEXTRACTI128 $1, Y0, X3
	VMOVD X3, R11
	VPEXTRD $2, X3, R12
	PAIRS4(R8, R10, R11, R12, X4, X5, Y4)
	JMP fetchDecode
fetchSingle:
	VPCMPEQD Y3, Y3, Y3
	VPGATHERDD Y3, (AX)(Y0*1), Y4
fetchDecode:
	VPAND Y2, Y4, Y4             // outside lanes: the word 0
	DECODE(0, c0+40(FP))
	DECODE(1, c1+48(FP))
	DECODE(2, c2+56(FP))
	DECODE(3, c3+64(FP))
	ADDQ $8, DX
	JMP fetch
fetchDone:
	VZEROUPPER
	RET


// TERM8 and CHANNEL8, bilinear32's arithmetic, are kernels8_amd64.h's
// (PlainLevel8 shares them).

// func bilinear32(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
// The r8g8b8a8_unorm bilinear kernel for entries k < n (a multiple of 8),
// eight at a time: out[c][k] = (((0 + w00·t00) + w10·t10) + w01·t01) +
// w11·t11 for channel c, t the texels' unorm8 decodes, each product and
// sum rounded to float32 as bilinearRGBA8LanesGo rounds them, the weights
// BilinearWeights' (scaled by 2^−24 here, against unorm8's 2^24). A group
// whose texels (i1, j) lie 4 bytes after (i0, j) in both rows is read as
// 8-byte pairs, any other (a wrap from the last column to the first, a
// cube footprint across a face's edge) with four gathers. Every offset,
// and so every row's last byte, is inside the texel data.
TEXT ·bilinear32(SB), NOSPLIT, $0-48
	BILINEAR_ARGS
b32:
	CMPQ DX, CX
	JGE b32Done
	TEXELS32(b32Gather)
b32Filter:
	// Weights, then each times 2^−24.
	WEIGHTS(Y12, Y8, Y9, Y10, Y11)
	BILINEAR8
	ADDQ $8, DX
	JMP b32
b32Gather:
	GATHER4ROWS
	JMP b32Filter
b32Done:
	VZEROUPPER
	RET

DATA g8three<>+0(SB)/4, $3
GLOBL g8three<>(SB), RODATA|NOPTR, $4
DATA g8rep<>+0(SB)/4, $0x010101
GLOBL g8rep<>(SB), RODATA|NOPTR, $4
DATA g8rep4<>+0(SB)/4, $0x01010101 // gather8V's: unormRep4's step
GLOBL g8rep4<>(SB), RODATA|NOPTR, $4

// GATHERED8, gather8's decode and store, is kernels8_amd64.h's
// (PlainLevel8 shares it).

// func gather8(d *byte, o *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut)
// The r8g8b8a8_unorm gather kernel for entries k < n (a multiple of 8),
// eight at a time: out[r][k] = channel ch[k]&3 of the footprint's texel
// GatherTexel[r], unorm8 decoded, as gatherRGBA8LanesGo gives it. A group
// whose texels (i1, j) lie 4 bytes after (i0, j) in both rows is read as
// 8-byte pairs, any other with four gathers. Every offset is inside the
// texel data.
TEXT ·gather8(SB), NOSPLIT, $0-40
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ ch+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), R11
	VPBROADCASTD g8three<>(SB), Y9
	VPBROADCASTD g8rep<>(SB), Y10
	VBROADCASTSS ·asmUnormK(SB), Y11
	VBROADCASTSS ·asmUnormScale(SB), Y12
	XORQ DX, DX
g8:
	CMPQ DX, CX
	JGE g8Done
	TEXELS32(g8Gather)
g8Decode:
	// Each lane's unormRep[ch&3]: unormRepBase + (ch&3)·0x010101.
	VPMOVZXBD (DI)(DX*1), Y8
	VPAND Y9, Y8, Y8
	VPMULLD Y10, Y8, Y8
	VPADDD ·unormRepBase(SB), Y8, Y8
	GATHERED8(0, Y6) // (i0, j1)
	GATHERED8(1, Y7) // (i1, j1)
	GATHERED8(2, Y5) // (i1, j0)
	GATHERED8(3, Y4) // (i0, j0)
	ADDQ $8, DX
	JMP g8
g8Gather:
	GATHER4ROWS
	JMP g8Decode
g8Done:
	VZEROUPPER
	RET

// SRGB3(q, kk, m) blends the sRGB decodes (table at R12) of bytes 0, 1
// and 2 of texel q of entry kk of the group at BX into lane kk (blend mask
// m) of Y1, Y2 and Y3.
#define SRGB3(q, kk, m) \
	MOVL (256*q+4*kk)(BX), R8; MOVL (AX)(R8*1), R9; \
	MOVBLZX R9, R13; VBROADCASTSS (R12)(R13*4), Y0; VBLENDPS $m, Y0, Y1, Y1; \
	SHRL $8, R9; MOVBLZX R9, R13; VBROADCASTSS (R12)(R13*4), Y0; VBLENDPS $m, Y0, Y2, Y2; \
	SHRL $8, R9; MOVBLZX R9, R13; VBROADCASTSS (R12)(R13*4), Y0; VBLENDPS $m, Y0, Y3, Y3

// SRGB3FIRST(q) is SRGB3(q, 0, 1), the broadcasts straight into Y1–Y3.
#define SRGB3FIRST(q) \
	MOVL (256*q)(BX), R8; MOVL (AX)(R8*1), R9; \
	MOVBLZX R9, R13; VBROADCASTSS (R12)(R13*4), Y1; \
	SHRL $8, R9; MOVBLZX R9, R13; VBROADCASTSS (R12)(R13*4), Y2; \
	SHRL $8, R9; MOVBLZX R9, R13; VBROADCASTSS (R12)(R13*4), Y3

// SRGBTEXEL(q, w) adds texel q's weighted R, G and B (weight register w)
// to the accumulators Y12–Y14.
#define SRGBTEXEL(q, w) \
	SRGB3FIRST(q); SRGB3(q, 1, 0x02); SRGB3(q, 2, 0x04); SRGB3(q, 3, 0x08); \
	SRGB3(q, 4, 0x10); SRGB3(q, 5, 0x20); SRGB3(q, 6, 0x40); SRGB3(q, 7, 0x80); \
	VMULPS w, Y1, Y1; VADDPS Y1, Y12, Y12; \
	VMULPS w, Y2, Y2; VADDPS Y2, Y13, Y13; \
	VMULPS w, Y3, Y3; VADDPS Y3, Y14, Y14

// func bilinearSRGB8(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
// The r8g8b8a8_srgb bilinear kernel for entries k < n (a multiple of 8),
// eight at a time: out[c][k] = (((0 + w00·t00) + w10·t10) + w01·t01) +
// w11·t11 for byte c of the texels, t its decode — for bytes 0–2
// srgb8Table's, read entry by entry, for byte 3 unorm8's as bilinear32
// computes it — each product and sum rounded to float32 as
// bilinearRGBA8DecLanesGo rounds them, the weights BilinearWeights'. Byte
// 3 is read as bilinear32 reads its texels (8-byte pairs, or gathers).
// Every offset is inside the texel data.
TEXT ·bilinearSRGB8(SB), NOSPLIT, $0-48
	BILINEAR_ARGS
	LEAQ ·srgb8Table(SB), R12
bs8:
	CMPQ DX, CX
	JGE bs8Done
	TEXELS32(bs8Gather)
bs8Filter:
	WEIGHTS(Y12, Y8, Y9, Y10, Y11)
	// Alpha as bilinear32 decodes it: the weights times 2^−24 (exact),
	// against unorm8's 2^24.
	VBROADCASTSS ·asmUnormScale(SB), Y15
	VMULPS Y15, Y8, Y0
	VMULPS Y15, Y9, Y1
	VMULPS Y15, Y10, Y2
	VMULPS Y15, Y11, Y3
	VBROADCASTSS ·asmUnormK(SB), Y12
	VXORPS Y13, Y13, Y13
	TERM8(3, Y4, Y0); TERM8(3, Y5, Y1); TERM8(3, Y6, Y2); TERM8(3, Y7, Y3)
	MOVQ 24(R11), R13
	VMOVUPS Y13, (R13)(DX*4)
	// R, G and B through the table.
	LEAQ (SI)(DX*4), BX
	LEAQ ·srgb8Table(SB), R12
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	VXORPS Y14, Y14, Y14
	SRGBTEXEL(0, Y8)
	SRGBTEXEL(1, Y9)
	SRGBTEXEL(2, Y10)
	SRGBTEXEL(3, Y11)
	MOVQ 0(R11), R13
	VMOVUPS Y12, (R13)(DX*4)
	MOVQ 8(R11), R13
	VMOVUPS Y13, (R13)(DX*4)
	MOVQ 16(R11), R13
	VMOVUPS Y14, (R13)(DX*4)
	ADDQ $8, DX
	JMP bs8
bs8Gather:
	GATHER4ROWS
	JMP bs8Filter
bs8Done:
	VZEROUPPER
	RET

// The r8g8b8a8_srgb bilinear kernel with AVX-512 VBMI (bilinearSRGB8V),
// which bilinearSRGB8Asm chooses where the CPU has AVX512F, AVX512BW and
// AVX512_VBMI (srgbVBMI): the bytes of srgb8Table's entries as four
// 256-byte planes (srgbPlanes) held in Z16–Z31, and 64 bytes looked up at
// once per plane with two VPERMI2B (bytes below 128 from one pair of
// registers, the others from the other: a write mask from the byte's top
// bit), the four planes' bytes then interleaved into the entries. The
// texels' bytes are permuted first (srgbPerm) so that the interleave
// leaves each channel of eight footprints in order: for texels q, q+1,
// [R_q | R_q+1], [G_q | G_q+1], [B_q | B_q+1]. The arithmetic is
// bilinearSRGB8's, in the same order (0 + w00·t00 is w00·t00: both are
// finite and not negative); only the table reads differ.

DATA srgbPerm<>+0(SB)/8, $0x0d0905010c080400
DATA srgbPerm<>+8(SB)/8, $0x0f0b07030e0a0602
DATA srgbPerm<>+16(SB)/8, $0x1d1915111c181410
DATA srgbPerm<>+24(SB)/8, $0x1f1b17131e1a1612
DATA srgbPerm<>+32(SB)/8, $0x2d2925212c282420
DATA srgbPerm<>+40(SB)/8, $0x2f2b27232e2a2622
DATA srgbPerm<>+48(SB)/8, $0x3d3935313c383430
DATA srgbPerm<>+56(SB)/8, $0x3f3b37333e3a3632
GLOBL srgbPerm<>(SB), RODATA|NOPTR, $64

// VBMIRGB(t0, t1, w) decodes R, G and B of the texels whose words are in
// t0 and t1 (Yq, Yq+1; Z4 or Z6 the register of t0) and multiplies them by
// the weights [wq | wq+1] in w: Z3 = [R], Z12 = [G], Z13 = [B] products,
// texel q's in the low half. Z0–Z2, Z14, K2 and K3 are temporaries.
#define VBMIRGB(t0, t1, w) \
	VINSERTI64X4 $1, t1, t0, Z0; VPERMB Z0, Z15, Z0; \
	VPMOVB2M Z0, K2; KNOTQ K2, K3; \
	VMOVDQA64 Z0, Z1; VPERMI2B Z17, Z16, K3, Z1; VPERMI2B Z19, Z18, K2, Z1; \
	VMOVDQA64 Z0, Z2; VPERMI2B Z21, Z20, K3, Z2; VPERMI2B Z23, Z22, K2, Z2; \
	VMOVDQA64 Z0, Z3; VPERMI2B Z25, Z24, K3, Z3; VPERMI2B Z27, Z26, K2, Z3; \
	VMOVDQA64 Z0, Z12; VPERMI2B Z29, Z28, K3, Z12; VPERMI2B Z31, Z30, K2, Z12; \
	VPUNPCKLBW Z2, Z1, Z13; VPUNPCKHBW Z2, Z1, Z14; VPUNPCKLBW Z12, Z3, Z1; VPUNPCKHBW Z12, Z3, Z2; \
	VPUNPCKLWD Z1, Z13, Z3; VPUNPCKHWD Z1, Z13, Z12; VPUNPCKLWD Z2, Z14, Z13; \
	VMULPS w, Z3, Z3; VMULPS w, Z12, Z12; VMULPS w, Z13, Z13

// VBMIADD(z, acc) adds the low then the high half of z to acc.
#define VBMIADD(z, y, acc) \
	VADDPS y, acc, acc; VEXTRACTF64X4 $1, z, Y1; VADDPS Y1, acc, acc

// func bilinearSRGB8V(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
// bilinearSRGB8 with the table reads above.
TEXT ·bilinearSRGB8V(SB), NOSPLIT, $0-48
	BILINEAR_ARGS
	LEAQ ·srgbPlanes(SB), R12
	VMOVDQU64 0(R12), Z16
	VMOVDQU64 64(R12), Z17
	VMOVDQU64 128(R12), Z18
	VMOVDQU64 192(R12), Z19
	VMOVDQU64 256(R12), Z20
	VMOVDQU64 320(R12), Z21
	VMOVDQU64 384(R12), Z22
	VMOVDQU64 448(R12), Z23
	VMOVDQU64 512(R12), Z24
	VMOVDQU64 576(R12), Z25
	VMOVDQU64 640(R12), Z26
	VMOVDQU64 704(R12), Z27
	VMOVDQU64 768(R12), Z28
	VMOVDQU64 832(R12), Z29
	VMOVDQU64 896(R12), Z30
	VMOVDQU64 960(R12), Z31
bv:
	CMPQ DX, CX
	JGE bvDone
	TEXELS32(bvGather)
bvFilter:
	WEIGHTS(Y12, Y8, Y9, Y10, Y11)
	// Alpha as bilinearSRGB8 computes it.
	VBROADCASTSS ·asmUnormScale(SB), Y12
	VMULPS Y12, Y8, Y0
	VMULPS Y12, Y9, Y1
	VMULPS Y12, Y10, Y2
	VMULPS Y12, Y11, Y3
	VBROADCASTSS ·asmUnormK(SB), Y12
	VXORPS Y13, Y13, Y13
	TERM8(3, Y4, Y0); TERM8(3, Y5, Y1); TERM8(3, Y6, Y2); TERM8(3, Y7, Y3)
	MOVQ 24(R11), R13
	VMOVUPS Y13, (R13)(DX*4)
	// The weights as [w00 | w10] (Z8) and [w01 | w11] (Z10); the sums in
	// Y9 (R), Y11 (G) and Y5 (B).
	VINSERTF64X4 $1, Y9, Z8, Z8
	VINSERTF64X4 $1, Y11, Z10, Z10
	VMOVDQU64 srgbPerm<>(SB), Z15 // (ADJACENT writes Y15)
	VBMIRGB(Z4, Y5, Z8)
	VMOVAPS Y3, Y9
	VEXTRACTF64X4 $1, Z3, Y1
	VADDPS Y1, Y9, Y9
	VMOVAPS Y12, Y11
	VEXTRACTF64X4 $1, Z12, Y1
	VADDPS Y1, Y11, Y11
	VMOVAPS Y13, Y5
	VEXTRACTF64X4 $1, Z13, Y1
	VADDPS Y1, Y5, Y5
	VBMIRGB(Z6, Y7, Z10)
	VBMIADD(Z3, Y3, Y9)
	VBMIADD(Z12, Y12, Y11)
	VBMIADD(Z13, Y13, Y5)
	MOVQ 0(R11), R13
	VMOVUPS Y9, (R13)(DX*4)
	MOVQ 8(R11), R13
	VMOVUPS Y11, (R13)(DX*4)
	MOVQ 16(R11), R13
	VMOVUPS Y5, (R13)(DX*4)
	ADDQ $8, DX
	JMP bv
bvGather:
	GATHER4ROWS
	JMP bvFilter
bvDone:
	VZEROUPPER
	RET

// TERM16(c, t, w) is TERM8 on sixteen entries with the AVX-512 decode
// (asm_amd64.go: byte c four times, converted rounding up, so 2^32·fl(u/255)
// in one conversion, no multiply-add): Z24–Z27 hold unormRep4[c] in both
// halves, the weights w are scaled by 2^−32.
#define TERM16(c, t, w) \
	VPSHUFB c, t, Z14; VCVTUDQ2PS.RU_SAE Z14, Z14; \
	VMULPS w, Z14, Z14; VADDPS Z14, Z13, Z13

// CHANNEL16(c, rep) is CHANNEL8(c) on sixteen entries: texels Z4–Z7,
// weights Z8–Z11 (times 2^−32), unormRep4[c] in rep.
#define CHANNEL16(c, rep) \
	VXORPS Z13, Z13, Z13; \
	TERM16(rep, Z4, Z8); TERM16(rep, Z5, Z9); TERM16(rep, Z6, Z10); TERM16(rep, Z7, Z11); \
	MOVQ (8*c)(R11), R13; VMOVUPS Z13, (R13)(DX*4)

// The even and the odd dwords of two registers (VPERMI2D's indices).
DATA b16even<>+0(SB)/4, $0
DATA b16even<>+4(SB)/4, $2
DATA b16even<>+8(SB)/4, $4
DATA b16even<>+12(SB)/4, $6
DATA b16even<>+16(SB)/4, $8
DATA b16even<>+20(SB)/4, $10
DATA b16even<>+24(SB)/4, $12
DATA b16even<>+28(SB)/4, $14
DATA b16even<>+32(SB)/4, $16
DATA b16even<>+36(SB)/4, $18
DATA b16even<>+40(SB)/4, $20
DATA b16even<>+44(SB)/4, $22
DATA b16even<>+48(SB)/4, $24
DATA b16even<>+52(SB)/4, $26
DATA b16even<>+56(SB)/4, $28
DATA b16even<>+60(SB)/4, $30
GLOBL b16even<>(SB), RODATA|NOPTR, $64
DATA b16odd<>+0(SB)/4, $1
DATA b16odd<>+4(SB)/4, $3
DATA b16odd<>+8(SB)/4, $5
DATA b16odd<>+12(SB)/4, $7
DATA b16odd<>+16(SB)/4, $9
DATA b16odd<>+20(SB)/4, $11
DATA b16odd<>+24(SB)/4, $13
DATA b16odd<>+28(SB)/4, $15
DATA b16odd<>+32(SB)/4, $17
DATA b16odd<>+36(SB)/4, $19
DATA b16odd<>+40(SB)/4, $21
DATA b16odd<>+44(SB)/4, $23
DATA b16odd<>+48(SB)/4, $25
DATA b16odd<>+52(SB)/4, $27
DATA b16odd<>+56(SB)/4, $29
DATA b16odd<>+60(SB)/4, $31
GLOBL b16odd<>(SB), RODATA|NOPTR, $64

// PAIRS16 reads sixteen footprints' two rows when every row is a pair of
// adjacent texels (x1's offset x0's + 4): the offsets of entries DX…DX+15
// at SI (o00, o10, o01, o11, 64 entries apart), each row's sixteen pairs
// with two VPGATHERDQ from the data at AX, split by Z20/Z21 (b16even,
// b16odd) into Z4 (row 0's x0 texels), Z5 (its x1), Z6 and Z7 (row 1's).
// Z31 holds 4 in every lane. Where any row is not such a pair it jumps to
// notPairs with the offsets in Z0–Z3 (Z1 and Z3 as differences).
#define PAIRS16(notPairs) \
	LEAQ (SI)(DX*4), BX \
	VMOVDQU32 (BX), Z0 \
	VMOVDQU32 256(BX), Z1 \
	VMOVDQU32 512(BX), Z2 \
	VMOVDQU32 768(BX), Z3 \
	VPSUBD Z0, Z1, Z1 \
	VPSUBD Z2, Z3, Z3 \
	VPCMPEQD Z31, Z1, K2 \
	VPCMPEQD Z31, Z3, K2, K2 \
	KORTESTW K2, K2 \
	JCC notPairs \
	KXNORW K1, K1, K1 \
	VPGATHERDQ (AX)(Y0*1), K1, Z16 \
	VEXTRACTI64X4 $1, Z0, Y0 \
	KXNORW K1, K1, K1 \
	VPGATHERDQ (AX)(Y0*1), K1, Z17 \
	KXNORW K1, K1, K1 \
	VPGATHERDQ (AX)(Y2*1), K1, Z18 \
	VEXTRACTI64X4 $1, Z2, Y2 \
	KXNORW K1, K1, K1 \
	VPGATHERDQ (AX)(Y2*1), K1, Z19 \
	VMOVDQA64 Z20, Z4 \
	VPERMI2D Z17, Z16, Z4 \
	VMOVDQA64 Z21, Z5 \
	VPERMI2D Z17, Z16, Z5 \
	VMOVDQA64 Z20, Z6 \
	VPERMI2D Z19, Z18, Z6 \
	VMOVDQA64 Z21, Z7 \
	VPERMI2D Z19, Z18, Z7

// func bilinear32V(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
// bilinear32 in AVX-512 (Wide512): sixteen entries at a time. Where
// all sixteen footprints' rows are pairs of adjacent texels, each row's
// pairs are read with two VPGATHERDQ (eight 8-byte pairs each: on the Intel
// machine cheaper than 32 scalar offsets and loads and their shuffles) and
// split into x0's and x1's words with VPERMI2D; else each half's texels
// are read as bilinear32 reads them (TEXELS32, or the gathers) and joined.
// Then the weights and the sums of bilinear32 on sixteen lanes, the same
// operations in the same order (so the same bits); a last group of eight
// (n not a multiple of 16) takes bilinear32's loop. On Intel cores the
// 512-bit multiplies, conversions and FMAs run on two ports where the
// 256-bit ones share ports 0 and 1.
TEXT ·bilinear32V(SB), NOSPLIT, $0-48
	BILINEAR_ARGS
	VBROADCASTI64X4 ·unormRep4+0(SB), Z24
	VBROADCASTI64X4 ·unormRep4+32(SB), Z25
	VBROADCASTI64X4 ·unormRep4+64(SB), Z26
	VBROADCASTI64X4 ·unormRep4+96(SB), Z27
	VBROADCASTSS ·asmUnorm32Scale(SB), Z29
	VBROADCASTSS ·asmOne(SB), Z30
	VMOVDQU32 b16even<>(SB), Z20
	VMOVDQU32 b16odd<>(SB), Z21
	MOVL $4, R9
	VPBROADCASTD R9, Z31
b16:
	MOVQ CX, R9
	SUBQ DX, R9
	CMPQ R9, $16
	JLT b16Tail
	// All sixteen footprints' rows pairs of adjacent texels: each row's
	// sixteen pairs with two VPGATHERDQ, split into x0's and x1's words.
	PAIRS16(b16Halves)
	JMP b16Weights
b16Halves:
	TEXELS32(b16GatherA)
b16A:
	VMOVDQA32 Y4, Y16
	VMOVDQA32 Y5, Y17
	VMOVDQA32 Y6, Y18
	VMOVDQA32 Y7, Y19
	ADDQ $8, DX
	TEXELS32(b16GatherB)
b16B:
	SUBQ $8, DX
	VINSERTI64X4 $1, Y4, Z16, Z4
	VINSERTI64X4 $1, Y5, Z17, Z5
	VINSERTI64X4 $1, Y6, Z18, Z6
	VINSERTI64X4 $1, Y7, Z19, Z7
b16Weights:
	// WEIGHTS on sixteen entries, then each times 2^−32 (TERM16's
	// decode's scale).
	VMOVUPS (DI)(DX*4), Z0
	VMOVUPS (R10)(DX*4), Z1
	VSUBPS Z0, Z30, Z3               // 1 − α
	VSUBPS Z1, Z30, Z2               // 1 − β
	VMULPS Z2, Z3, Z8
	VMULPS Z2, Z0, Z9
	VMULPS Z1, Z3, Z10
	VMULPS Z1, Z0, Z11
	VMULPS Z29, Z8, Z8
	VMULPS Z29, Z9, Z9
	VMULPS Z29, Z10, Z10
	VMULPS Z29, Z11, Z11
	CHANNEL16(0, Z24)
	CHANNEL16(1, Z25)
	CHANNEL16(2, Z26)
	CHANNEL16(3, Z27)
	ADDQ $16, DX
	JMP b16
b16GatherA:
	GATHER4ROWS
	JMP b16A
b16GatherB:
	GATHER4ROWS
	JMP b16B
b16Tail:
	CMPQ DX, CX
	JGE b16Done
	TEXELS32(b16Gather8)
b16Filter8:
	WEIGHTS(Y12, Y8, Y9, Y10, Y11)
	BILINEAR8
	ADDQ $8, DX
	JMP b16Tail
b16Gather8:
	GATHER4ROWS
	JMP b16Filter8
b16Done:
	VZEROUPPER
	RET

// GATHERED16(r, t) is GATHERED8 on sixteen entries with TERM16's decode:
// Z8 the channels' indices (unormRep4's), Z12 asmUnorm32Scale.
#define GATHERED16(r, t) \
	VPSHUFB Z8, t, Z13; VCVTUDQ2PS.RU_SAE Z13, Z13; VMULPS Z12, Z13, Z13; \
	MOVQ (8*r)(R11), R13; VMOVUPS Z13, (R13)(DX*4)

// func gather8V(d *byte, o *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut)
// gather8 in AVX-512 (Wide512): sixteen entries at a time, their texels
// read as bilinear32V reads them (four VPGATHERDQ where all sixteen rows
// are adjacent pairs, else each half as gather8 reads it), then gather8's
// channel selection and decode on sixteen lanes (the same bits); a last
// group of eight takes gather8's loop.
TEXT ·gather8V(SB), NOSPLIT, $0-40
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ ch+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), R11
	VPBROADCASTD g8three<>(SB), Z9
	VPBROADCASTD g8rep4<>(SB), Z10
	VBROADCASTSS ·asmUnorm32Scale(SB), Z12
	VBROADCASTI64X4 ·unormRep4Base(SB), Z22
	VMOVDQU32 b16even<>(SB), Z20
	VMOVDQU32 b16odd<>(SB), Z21
	MOVL $4, R9
	VPBROADCASTD R9, Z31
	XORQ DX, DX
g16:
	MOVQ CX, R9
	SUBQ DX, R9
	CMPQ R9, $16
	JLT g16Tail
	PAIRS16(g16Halves)
	JMP g16Decode
g16Halves:
	TEXELS32(g16GatherA)
g16A:
	VMOVDQA32 Y4, Y16
	VMOVDQA32 Y5, Y17
	VMOVDQA32 Y6, Y18
	VMOVDQA32 Y7, Y19
	ADDQ $8, DX
	TEXELS32(g16GatherB)
g16B:
	SUBQ $8, DX
	VINSERTI64X4 $1, Y4, Z16, Z4
	VINSERTI64X4 $1, Y5, Z17, Z5
	VINSERTI64X4 $1, Y6, Z18, Z6
	VINSERTI64X4 $1, Y7, Z19, Z7
g16Decode:
	// Each lane's unormRep4[ch&3]: unormRep4Base + (ch&3)·0x01010101.
	VPMOVZXBD (DI)(DX*1), Z8
	VPANDD Z9, Z8, Z8
	VPMULLD Z10, Z8, Z8
	VPADDD Z22, Z8, Z8
	GATHERED16(0, Z6) // (i0, j1)
	GATHERED16(1, Z7) // (i1, j1)
	GATHERED16(2, Z5) // (i1, j0)
	GATHERED16(3, Z4) // (i0, j0)
	ADDQ $16, DX
	JMP g16
g16GatherA:
	GATHER4ROWS
	JMP g16A
g16GatherB:
	GATHER4ROWS
	JMP g16B
g16Tail:
	CMPQ DX, CX
	JGE g16Done
	TEXELS32(g16Gather8)
g16Decode8:
	// gather8's decode and its constants (Y10–Y12: the sixteen-entry
	// groups' are the AVX-512 decode's).
	VPBROADCASTD g8rep<>(SB), Y10
	VBROADCASTSS ·asmUnormK(SB), Y11
	VBROADCASTSS ·asmUnormScale(SB), Y12
	VPMOVZXBD (DI)(DX*1), Y8
	VPAND Y9, Y8, Y8
	VPMULLD Y10, Y8, Y8
	VPADDD ·unormRepBase(SB), Y8, Y8
	GATHERED8(0, Y6)
	GATHERED8(1, Y7)
	GATHERED8(2, Y5)
	GATHERED8(3, Y4)
	ADDQ $8, DX
	JMP g16Tail
g16Gather8:
	GATHER4ROWS
	JMP g16Decode8
g16Done:
	VZEROUPPER
	RET

// func gatherRowsV(d *byte, o *[4][laneChunk]int32, n int, t *[4][laneChunk]uint32)
// gatherRows in AVX-512 (Wide512): sixteen footprints whose rows are all
// pairs of adjacent texels are read as bilinear32V reads them (four
// VPGATHERDQ, split with VPERMI2D) and stored; any other group of eight
// as gatherRows reads it.
TEXT ·gatherRowsV(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DI
	VMOVDQU32 b16even<>(SB), Z20
	VMOVDQU32 b16odd<>(SB), Z21
	MOVL $4, R9
	VPBROADCASTD R9, Z31
	XORQ DX, DX
rv:
	MOVQ CX, R9
	SUBQ DX, R9
	CMPQ R9, $16
	JLT rv8
	PAIRS16(rv8)
	VMOVDQU32 Z4, (DI)(DX*4)
	VMOVDQU32 Z5, 256(DI)(DX*4)
	VMOVDQU32 Z6, 512(DI)(DX*4)
	VMOVDQU32 Z7, 768(DI)(DX*4)
	ADDQ $16, DX
	JMP rv
rv8:
	CMPQ DX, CX
	JGE rvDone
	ADJACENT(4, rvGather8)
	ROWS32(0)
	ROWS32(2)
	ADDQ $8, DX
	JMP rv
rvGather8:
	GATHER4ROWS
	VMOVDQU Y4, (DI)(DX*4)
	VMOVDQU Y5, 256(DI)(DX*4)
	VMOVDQU Y6, 512(DI)(DX*4)
	VMOVDQU Y7, 768(DI)(DX*4)
	ADDQ $8, DX
	JMP rv
rvDone:
	VZEROUPPER
	RET
