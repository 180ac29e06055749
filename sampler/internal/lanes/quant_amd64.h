// Hardware precision's roundings in AVX2 (hwprec.go's subtexel and
// lodStep, the same binary32 operations in the same order, every one of
// them exact), for footprints_amd64.s and plain_amd64.s. Plan 9 operand
// order: VOP b, a, dst is dst = a OP b; VPBLENDVB m, x, y, dst is dst = m ?
// x : y.

#define Q8(name, v) \
	DATA name+0(SB)/4, v; DATA name+4(SB)/4, v; DATA name+8(SB)/4, v; DATA name+12(SB)/4, v; \
	DATA name+16(SB)/4, v; DATA name+20(SB)/4, v; DATA name+24(SB)/4, v; DATA name+28(SB)/4, v; \
	GLOBL name(SB), RODATA|NOPTR, $32

Q8(qHalf<>, $0x3f000000)  // 0.5
Q8(qOne<>, $0x3f800000)   // 1.0
Q8(qAbs<>, $0x7fffffff)   // |x|'s bits
Q8(qSign<>, $0x80000000)  // the sign bit
Q8(qTwo23<>, $0x4b000000) // 2^23

// QSUB(u, mul, inv, half, t1, t2) sets u to subtexel(u): v = u·mul (2^b),
// f = ⌊v⌋, f + 1 where v − f ≥ ½ (else f + 0: +0 for −0; false for NaN),
// times inv (2^−b). half holds ½ in each lane; t1, t2 are clobbered.
#define QSUB(u, mul, inv, half, t1, t2) \
	VMULPS mul, u, t1; \
	VROUNDPS $1, t1, t2; \
	VSUBPS t2, t1, t1; \
	VCMPPS $13, half, t1, t1; \
	VANDPS qOne<>(SB), t1, t1; \
	VADDPS t1, t2, t2; \
	VMULPS inv, t2, u

// QLOD(y, mul, inv, t1, t2, t3, t4) sets y to lodStep(y): v = y·mul (2^b),
// t = trunc(v), t ± 1 (the sign of v) where |v − t| ≥ ½, times inv (2^−b),
// where |v| < 2^23 (false for NaN); y itself elsewhere. t1 … t4 are
// clobbered.
#define QLOD(y, mul, inv, t1, t2, t3, t4) \
	VMULPS mul, y, t1; \
	VROUNDPS $3, t1, t2; \
	VSUBPS t2, t1, t3; \
	VANDPS qAbs<>(SB), t3, t3; \
	VCMPPS $13, qHalf<>(SB), t3, t3; \
	VANDPS qSign<>(SB), t1, t4; \
	VORPS qOne<>(SB), t4, t4; \
	VADDPS t4, t2, t4; \
	VPBLENDVB t3, t4, t2, t2; \
	VMULPS inv, t2, t2; \
	VANDPS qAbs<>(SB), t1, t1; \
	VCMPPS $1, qTwo23<>(SB), t1, t1; \
	VPBLENDVB t1, t2, y, y
