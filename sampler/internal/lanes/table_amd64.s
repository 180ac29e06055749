//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "fetchaddr_amd64.h"

// AVX2 kernels for the lane loop's formats that decode through tables
// (rgba8Decode: the 8-bit one- and two-channel formats and
// r8g8b8a8_snorm; b8g8r8a8_srgb and the sRGB gathers too) and for
// r16g16b16a16_sfloat (F16C's VCVTPH2PS, exact). A table's entries are
// read one at a time: each texel's byte is loaded into a general register
// and its entry broadcast (VBROADCASTSS) and blended into its lane, which
// on the machines measured is several times faster than a VPGATHERDD of
// eight entries (gather_amd64.s's bilinearSRGB8 does the same). Every
// load reads bytes of the texel it is for and no others, so the callers
// check the offsets against the texel's own size (asmTakes). n is a
// multiple of 8; rows of [4][laneChunk]int32 are 256 bytes apart. The
// float constants are Go's (asmOne, asmNaN: asm_amd64.go).

// fetchTab's frame: the group's offsets and inside masks, and fetchParams'
// layers and ls as eight dwords.
#define T_OFF 0(SP)
#define T_MSK 32(SP)
#define T_NL 64(SP)
#define T_LS 96(SP)

// FTABLANE(kk, m) blends T[b] into lane kk (mask m) of Y4, b the byte at
// R13 + the lane's offset, or 0 for a lane outside the level.
#define FTABLANE(kk, m) \
	MOVL (4*kk)(SP), R8; MOVBLZX (R13)(R8*1), R9; ANDL (32+4*kk)(SP), R9; \
	VBROADCASTSS (R12)(R9*4), Y3; VBLENDPS $m, Y3, Y4, Y4

// FETCHCHAN(c, out) stores channel c of the group's texels, decoded through
// dec.tab[c] (byte dec.pos[c]), to out[k..k+8].
#define FETCHCHAN(c, out) \
	MOVQ dec+48(FP), R12; MOVBLZX (RGBA8Decode_pos+c)(R12), R13; ADDQ AX, R13; MOVQ (RGBA8Decode_tab+8*c)(R12), R12; \
	FTABLANE(0, 0x01); FTABLANE(1, 0x02); FTABLANE(2, 0x04); FTABLANE(3, 0x08); \
	FTABLANE(4, 0x10); FTABLANE(5, 0x20); FTABLANE(6, 0x40); FTABLANE(7, 0x80); \
	MOVQ out, R10; VMOVDQU Y4, (R10)(DX*4)

// TAB_ARGS loads the bilinear kernels' arguments (d, o, fa, fb, n, out)
// and starts at entry 0 (gather_amd64.s's BILINEAR_ARGS).
#define TAB_ARGS \
	MOVQ d+0(FP), AX; MOVQ o+8(FP), SI; MOVQ fa+16(FP), DI; MOVQ fb+24(FP), R10; \
	MOVQ n+32(FP), CX; MOVQ out+40(FP), R11; XORQ DX, DX

// TAB_WEIGHTS sets Y8–Y11 to the group's bilinear weights w00 = (1 −
// α)(1 − β), w10 = α(1 − β), w01 = (1 − α)β, w11 = αβ (BilinearWeights'
// products) from fa, fb at (DI), (R10); Y0–Y3 and Y12 are temporaries.
#define TAB_WEIGHTS \
	VMOVUPS (DI)(DX*4), Y0; VMOVUPS (R10)(DX*4), Y1; VBROADCASTSS ·asmOne(SB), Y2; \
	VSUBPS Y0, Y2, Y3; VSUBPS Y1, Y2, Y12; \
	VMULPS Y12, Y3, Y8; VMULPS Y12, Y0, Y9; VMULPS Y1, Y3, Y10; VMULPS Y1, Y0, Y11

// TABLANE(q, kk, m) blends T[b] into lane kk (blend mask m) of Y1, b the
// byte at R13 + o[q][k+kk] (R13: d plus the channel's byte), T the table
// at R12.
#define TABLANE(q, kk, m) \
	MOVL (256*q+4*kk)(BX), R8; MOVBLZX (R13)(R8*1), R9; VBROADCASTSS (R12)(R9*4), Y0; VBLENDPS $m, Y0, Y1, Y1

// TABTEXEL(q, w) adds texel q's channel, weighted (weight register w), to
// the accumulator Y13.
#define TABTEXEL(q, w) \
	MOVL (256*q)(BX), R8; MOVBLZX (R13)(R8*1), R9; VBROADCASTSS (R12)(R9*4), Y1; \
	TABLANE(q, 1, 0x02); TABLANE(q, 2, 0x04); TABLANE(q, 3, 0x08); TABLANE(q, 4, 0x10); \
	TABLANE(q, 5, 0x20); TABLANE(q, 6, 0x40); TABLANE(q, 7, 0x80); \
	VMULPS w, Y1, Y1; VADDPS Y1, Y13, Y13

// func bilinearTab(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut, dec *rgba8Decode)
// The bilinear kernel of an 8-bit format decoded through tables, for
// entries k < n (a multiple of 8), eight at a time: out[c][k] = (((0 +
// w00·t00) + w10·t10) + w01·t01) + w11·t11, t the texels' channel c,
// dec.tab[c][byte dec.pos[c]], each product and sum rounded to float32 as
// bilinearRGBA8DecLanesGo rounds them, the weights BilinearWeights'. A
// channel of kind chanZero (zero8Table) is +0 (every weight is finite and
// not negative), one of kind chanOne (one8Table) ((w00 + w10) + w01) +
// w11, without reading. Every offset is inside the texel data.
TEXT ·bilinearTab(SB), NOSPLIT, $0-56
	TAB_ARGS
tab:
	CMPQ DX, CX
	JGE tabDone
	TAB_WEIGHTS
	LEAQ (SI)(DX*4), BX
	XORQ R14, R14 // the channel
tabChannel:
	MOVQ dec+48(FP), R12
	MOVBLZX RGBA8Decode_kind(R12)(R14*1), R9
	CMPL R9, $const_chanZero
	JEQ tabZero
	CMPL R9, $const_chanOne
	JEQ tabOne
	MOVBLZX RGBA8Decode_pos(R12)(R14*1), R13
	ADDQ AX, R13
	MOVQ RGBA8Decode_tab(R12)(R14*8), R12
	VXORPS Y13, Y13, Y13
	TABTEXEL(0, Y8)
	TABTEXEL(1, Y9)
	TABTEXEL(2, Y10)
	TABTEXEL(3, Y11)
tabStore:
	MOVQ (R11)(R14*8), R13
	VMOVUPS Y13, (R13)(DX*4)
	INCQ R14
	CMPQ R14, $4
	JLT tabChannel
	ADDQ $8, DX
	JMP tab
tabZero:
	VXORPS Y13, Y13, Y13
	JMP tabStore
tabOne:
	VADDPS Y9, Y8, Y13
	VADDPS Y10, Y13, Y13
	VADDPS Y11, Y13, Y13
	JMP tabStore
tabDone:
	VZEROUPPER
	RET

// GTABLANE(q, kk, m, y) blends T[b] into lane kk (mask m) of y, b the
// byte at R13 + o[q][k+kk].
#define GTABLANE(q, kk, m, y) \
	MOVL (256*q+4*kk)(BX), R8; MOVBLZX (R13)(R8*1), R9; VBROADCASTSS (R12)(R9*4), Y0; VBLENDPS $m, Y0, y, y

// GTAB(kk, m) reads entry k+kk's channel ch&3 of its four texels, in
// gather order (texels 2, 3, 1, 0: GatherTexel), into lane kk of Y1–Y4.
#define GTAB(kk, m) \
	MOVBLZX kk(DI)(DX*1), R9; ANDL $3, R9; \
	MOVBLZX RGBA8Decode_pos(R10)(R9*1), R13; ADDQ AX, R13; MOVQ RGBA8Decode_tab(R10)(R9*8), R12; \
	GTABLANE(2, kk, m, Y1); GTABLANE(3, kk, m, Y2); GTABLANE(1, kk, m, Y3); GTABLANE(0, kk, m, Y4)

// func gatherTab(d *byte, o *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut, dec *rgba8Decode)
// The gather kernel of an 8-bit format decoded through tables, for
// entries k < n (a multiple of 8), eight at a time: out[r][k] =
// dec.tab[c][byte dec.pos[c] of texel GatherTexel[r]], c = ch[k]&3, as
// gatherRGBA8DecLanesGo gives it. Every offset is inside the texel data.
TEXT ·gatherTab(SB), NOSPLIT, $0-48
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ ch+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), R11
	MOVQ dec+40(FP), R10
	XORQ DX, DX
gtab:
	CMPQ DX, CX
	JGE gtabDone
	LEAQ (SI)(DX*4), BX
	GTAB(0, 0x01)
	GTAB(1, 0x02)
	GTAB(2, 0x04)
	GTAB(3, 0x08)
	GTAB(4, 0x10)
	GTAB(5, 0x20)
	GTAB(6, 0x40)
	GTAB(7, 0x80)
	MOVQ 0(R11), R13
	VMOVUPS Y1, (R13)(DX*4)
	MOVQ 8(R11), R13
	VMOVUPS Y2, (R13)(DX*4)
	MOVQ 16(R11), R13
	VMOVUPS Y3, (R13)(DX*4)
	MOVQ 24(R11), R13
	VMOVUPS Y4, (R13)(DX*4)
	ADDQ $8, DX
	JMP gtab
gtabDone:
	VZEROUPPER
	RET

// TEXELH(q, w) reads texel q (offsets o[q][k..k+8] at 256·q(BX)) of the
// group's eight footprints, converts its four halves to float32
// (VCVTPH2PS, exact), transposes it to channels and adds its weighted
// channels (weight register w) to the accumulators Y8–Y11: Y0–Y3 are
// [footprint k+i | footprint k+4+i] after the conversion, and the in-lane
// 4×4 transpose (gather_amd64.s's TEXEL128) leaves channel c of the eight
// footprints in Y(c), in order.
#define TEXELH(q, w) \
	MOVL (256*q+0)(BX), R8; MOVL (256*q+16)(BX), R9; VMOVQ (AX)(R8*1), X0; VPINSRQ $1, (AX)(R9*1), X0, X0; VCVTPH2PS X0, Y0; \
	MOVL (256*q+4)(BX), R8; MOVL (256*q+20)(BX), R9; VMOVQ (AX)(R8*1), X1; VPINSRQ $1, (AX)(R9*1), X1, X1; VCVTPH2PS X1, Y1; \
	MOVL (256*q+8)(BX), R8; MOVL (256*q+24)(BX), R9; VMOVQ (AX)(R8*1), X2; VPINSRQ $1, (AX)(R9*1), X2, X2; VCVTPH2PS X2, Y2; \
	MOVL (256*q+12)(BX), R8; MOVL (256*q+28)(BX), R9; VMOVQ (AX)(R8*1), X3; VPINSRQ $1, (AX)(R9*1), X3, X3; VCVTPH2PS X3, Y3; \
	VUNPCKLPS Y1, Y0, Y4; VUNPCKHPS Y1, Y0, Y5; VUNPCKLPS Y3, Y2, Y6; VUNPCKHPS Y3, Y2, Y7; \
	VSHUFPS $0x44, Y6, Y4, Y0; VSHUFPS $0xEE, Y6, Y4, Y1; VSHUFPS $0x44, Y7, Y5, Y2; VSHUFPS $0xEE, Y7, Y5, Y3; \
	VMULPS w, Y0, Y0; VADDPS Y0, Y8, Y8; \
	VMULPS w, Y1, Y1; VADDPS Y1, Y9, Y9; \
	VMULPS w, Y2, Y2; VADDPS Y2, Y10, Y10; \
	VMULPS w, Y3, Y3; VADDPS Y3, Y11, Y11

// HSTORE(acc, c) stores accumulator acc, NaNs made canonicalNaN (Y7 holds
// it), to out[c][k..k+8] (out at R11).
#define HSTORE(acc, c) \
	VCMPPS $0x03, acc, acc, Y0; VBLENDVPS Y0, Y7, acc, acc; MOVQ (8*c)(R11), R13; VMOVUPS acc, (R13)(DX*4)

// func bilinearHalf(d *byte, o *[4][laneChunk]int32, fa, fb *[laneChunk]float32, n int, out *chunkOut)
// The r16g16b16a16_sfloat bilinear kernel for entries k < n (a multiple
// of 8), eight at a time: out[c][k] = canonical(((0 + w00·t00) + w10·t10)
// + w01·t01) + w11·t11 for channel c, t the texels' halves converted to
// float32, each product and sum rounded to float32 as
// bilinearRGBA16FLanesGo rounds them, the weights BilinearWeights'. Every
// offset is inside the texel data (8 bytes each).
TEXT ·bilinearHalf(SB), NOSPLIT, $0-48
	TAB_ARGS
bh:
	CMPQ DX, CX
	JGE bhDone
	TAB_WEIGHTS
	VMOVUPS Y8, Y12
	VMOVUPS Y9, Y13
	VMOVUPS Y10, Y14
	VMOVUPS Y11, Y15
	VXORPS Y8, Y8, Y8
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	LEAQ (SI)(DX*4), BX
	TEXELH(0, Y12)
	TEXELH(1, Y13)
	TEXELH(2, Y14)
	TEXELH(3, Y15)
	VBROADCASTSS ·asmNaN(SB), Y7
	HSTORE(Y8, 0)
	HSTORE(Y9, 1)
	HSTORE(Y10, 2)
	HSTORE(Y11, 3)
	ADDQ $8, DX
	JMP bh
bhDone:
	VZEROUPPER
	RET

// GHALF(kk) inserts entry k+kk's channel ch&3 (the half at byte 2·(ch&3))
// of its four texels, in gather order (texels 2, 3, 1, 0: GatherTexel),
// into word kk of X1–X4.
#define GHALF(kk) \
	MOVBLZX kk(DI)(DX*1), R9; ANDL $3, R9; LEAQ (AX)(R9*2), R13; \
	MOVL (512+4*kk)(BX), R8; VPINSRW $kk, (R13)(R8*1), X1, X1; \
	MOVL (768+4*kk)(BX), R8; VPINSRW $kk, (R13)(R8*1), X2, X2; \
	MOVL (256+4*kk)(BX), R8; VPINSRW $kk, (R13)(R8*1), X3, X3; \
	MOVL (0+4*kk)(BX), R8; VPINSRW $kk, (R13)(R8*1), X4, X4

// func gatherHalf(d *byte, o *[4][laneChunk]int32, ch *[laneChunk]uint8, n int, out *chunkOut)
// The r16g16b16a16_sfloat gather kernel for entries k < n (a multiple of
// 8), eight at a time: out[r][k] = canonical(channel ch[k]&3 of texel
// GatherTexel[r], converted to float32), as gatherRGBA16FLanesGo gives
// it. Every offset is inside the texel data.
TEXT ·gatherHalf(SB), NOSPLIT, $0-40
	MOVQ d+0(FP), AX
	MOVQ o+8(FP), SI
	MOVQ ch+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), R11
	VBROADCASTSS ·asmNaN(SB), Y7
	XORQ DX, DX
gh:
	CMPQ DX, CX
	JGE ghDone
	LEAQ (SI)(DX*4), BX
	GHALF(0)
	GHALF(1)
	GHALF(2)
	GHALF(3)
	GHALF(4)
	GHALF(5)
	GHALF(6)
	GHALF(7)
	VCVTPH2PS X1, Y1
	VCVTPH2PS X2, Y2
	VCVTPH2PS X3, Y3
	VCVTPH2PS X4, Y4
	HSTORE(Y1, 0)
	HSTORE(Y2, 1)
	HSTORE(Y3, 2)
	HSTORE(Y4, 3)
	ADDQ $8, DX
	JMP gh
ghDone:
	VZEROUPPER
	RET

// func FetchTab(d *byte, tx, ty, tl *int32, n int, p *fetchParams, dec *rgba8Decode, c0, c1, c2, c3 *uint32)
// The fetch of an 8-bit format decoded through tables, for lanes k < n (a
// multiple of 8), eight at a time, as runFetch2D's loop with no offsets
// and level 0:
//	in = −1 < u < w and −1 < v < h (and −1 < l < layers)
//	o = first (+ l·ls) + u·xs + v·ys where in, else first
//	c0 … c3 = dec.tab[c][byte dec.pos[c] at d + o] where in, else
//	dec.tab[c][0] (the decode of zero memory, the format's zeroTexel)
// Every texel of the level lies inside the data. Registers: Y8 −1, Y9 w,
// Y10 h, Y11 xs, Y12 ys, Y13 first; AX d, SI tx, DI ty, BX tl (or nil),
// CX n.
TEXT ·FetchTab(SB), NOSPLIT, $128-88
	MOVQ d+0(FP), AX
	MOVQ tx+8(FP), SI
	MOVQ ty+16(FP), DI
	MOVQ tl+24(FP), BX
	MOVQ n+32(FP), CX
	MOVQ p+40(FP), R8
	FETCH_PARAMS(T_NL, T_LS)
	XORQ DX, DX
ftLoop:
	CMPQ DX, CX
	JGE ftDone
	FETCH_ADDRESS(T_NL, T_LS)           // in ? o : first
	VMOVDQU Y0, T_OFF
	VMOVDQU Y2, T_MSK
	FETCHCHAN(0, c0+56(FP))
	FETCHCHAN(1, c1+64(FP))
	FETCHCHAN(2, c2+72(FP))
	FETCHCHAN(3, c3+80(FP))
	ADDQ $8, DX
	JMP ftLoop
ftDone:
	VZEROUPPER
	RET
