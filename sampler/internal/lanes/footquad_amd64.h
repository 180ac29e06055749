// The bilinear footprint's quad, shared by the one-level footprint stage
// (Footprints8, footprints_amd64.s) and the multi-level one
// (FootprintsLevels8, footlevels_amd64.s), which use the same registers:
// Y0 u, Y1 v (then x1, y1), Y3 in, Y4 floor(u), Y5 floor(v), Y6 i0 (then
// x0), Y7 j0 (then y0), Y9 the height's wrap value (h − 1, or the mask),
// Y10 the width's, Y11 −2^30, Y12 2^30; SI the Set, DI the Footprints, CX
// the group's first entry, R10 the flags, R11 rejected; Y2 clobbered.
// Include after quant_amd64.h (Q8). Plan 9 operand order: VOP b, a, dst is
// dst = a OP b.

Q8(fqOne<>, $1)

// FQ_RANGE sets in (Y3) to −2^30 < u < 2^30 and −2^30 < v < 2^30 (false
// for NaN: VCMPPS LT_OS, GT_OS), floor(u), floor(v) (VROUNDPS) and their
// truncations i0, j0 (VCVTTPS2DQ).
#define FQ_RANGE \
	VCMPPS $0x01, Y12, Y0, Y3; \
	VCMPPS $0x0e, Y11, Y0, Y2; \
	VPAND Y2, Y3, Y3; \
	VCMPPS $0x01, Y12, Y1, Y2; \
	VPAND Y2, Y3, Y3; \
	VCMPPS $0x0e, Y11, Y1, Y2; \
	VPAND Y2, Y3, Y3; \
	VROUNDPS $0x01, Y0, Y4; \
	VROUNDPS $0x01, Y1, Y5; \
	VCVTTPS2DQ Y4, Y6; \
	VCVTTPS2DQ Y5, Y7

// FQ_WRAP stores the fractions u − floor(u) and v − floor(v) (Footprints
// FA, FB) and wraps i0, i0 + 1 into x0, x1 (Y6, Y0) and j0, j0 + 1 into
// y0, y1 (Y7, Y1): by repeat as a mask (the size a power of two; the
// flags' FpRepeat0, FpRepeat1) or clamp-to-edge as max and min.
#define FQ_WRAP \
	VSUBPS Y4, Y0, Y0; \
	VMOVUPS Y0, Footprints_FA(DI)(CX*4); \
	VSUBPS Y5, Y1, Y1; \
	VMOVUPS Y1, Footprints_FB(DI)(CX*4); \
	VPADDD fqOne<>(SB), Y6, Y0; \
	VPADDD fqOne<>(SB), Y7, Y1; \
	TESTL $const_FpRepeat0, R10; \
	JZ fqClampX; \
	VPAND Y10, Y6, Y6; \
	VPAND Y10, Y0, Y0; \
	JMP fqWrappedX; \
fqClampX: \
	VPXOR Y2, Y2, Y2; \
	VPMAXSD Y2, Y6, Y6; \
	VPMINSD Y10, Y6, Y6; \
	VPMAXSD Y2, Y0, Y0; \
	VPMINSD Y10, Y0, Y0; \
fqWrappedX: \
	TESTL $const_FpRepeat1, R10; \
	JZ fqClampY; \
	VPAND Y9, Y7, Y7; \
	VPAND Y9, Y1, Y1; \
	JMP fqWrappedY; \
fqClampY: \
	VPXOR Y2, Y2, Y2; \
	VPMAXSD Y2, Y7, Y7; \
	VPMINSD Y9, Y7, Y7; \
	VPMAXSD Y2, Y1, Y1; \
	VPMINSD Y9, Y1, Y1; \
fqWrappedY:

// FQ_OFFSETS(ys, xs) stores the quad's byte offsets from the base in Y2:
// r0, r1 = base + y0·ys, base + y1·ys; c0, c1 = x0·xs, x1·xs; o = r0 +
// c0, r0 + c1, r1 + c0, r1 + c1 (int32 arithmetic that wraps as Go's
// does), and adds the group's rejected entries (not in) to R11 at bit CX.
#define FQ_OFFSETS(ys, xs) \
	VPMULLD ys, Y7, Y7; \
	VPADDD Y7, Y2, Y7; \
	VPMULLD ys, Y1, Y1; \
	VPADDD Y1, Y2, Y1; \
	VPMULLD xs, Y6, Y6; \
	VPMULLD xs, Y0, Y0; \
	VPADDD Y6, Y7, Y2; \
	VMOVDQU Y2, (Footprints_O+0)(DI)(CX*4); \
	VPADDD Y0, Y7, Y2; \
	VMOVDQU Y2, (Footprints_O+256)(DI)(CX*4); \
	VPADDD Y6, Y1, Y2; \
	VMOVDQU Y2, (Footprints_O+512)(DI)(CX*4); \
	VPADDD Y0, Y1, Y2; \
	VMOVDQU Y2, (Footprints_O+768)(DI)(CX*4); \
	VMOVMSKPS Y3, AX; \
	XORL $0xff, AX; \
	SHLQ CX, AX; \
	ORQ AX, R11
