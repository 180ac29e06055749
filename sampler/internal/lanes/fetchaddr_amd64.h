// The bounds test and byte offsets of eight 2D (and 2D-array) fetches,
// shared by FetchRGBA8Layers (fetch_amd64.s) and FetchTab (table_amd64.s).
// Plan 9 operand order: VOP b, a, dst is dst = a OP b; VPBLENDVB m, x, y,
// dst is dst = m ? x : y.

// FETCH_PARAMS(nl, ls) loads the FetchParams at R8: Y8 all ones, Y9 w, Y10
// h, Y11 xs, Y12 ys, Y13 first, and the frame slots nl (layers) and ls
// (the layer stride), eight lanes each (Y0 clobbered).
#define FETCH_PARAMS(nl, ls) \
	VPCMPEQD Y8, Y8, Y8; \
	VPBROADCASTD FetchParams_W(R8), Y9; \
	VPBROADCASTD FetchParams_H(R8), Y10; \
	VPBROADCASTD FetchParams_Xs(R8), Y11; \
	VPBROADCASTD FetchParams_Ys(R8), Y12; \
	VPBROADCASTD FetchParams_First(R8), Y13; \
	VPBROADCASTD FetchParams_Layers(R8), Y0; \
	VMOVDQU Y0, nl; \
	VPBROADCASTD FetchParams_Ls(R8), Y0; \
	VMOVDQU Y0, ls

// FETCH_ADDRESS(nl, ls) sets, for lanes DX to DX + 7 of the coordinates u
// (SI), v (DI) and layers l (BX, or none where BX is 0), Y2 to in:
// −1 < u < w, −1 < v < h and −1 < l < layers, and Y0 to in ? first +
// l·ls + u·xs + v·ys : first (int32 arithmetic that wraps as Go's does;
// Y1, Y3, Y5, Y6, Y7 clobbered).
#define FETCH_ADDRESS(nl, ls) \
	VMOVDQU (SI)(DX*4), Y0; \
	VMOVDQU (DI)(DX*4), Y1; \
	VPCMPGTD Y8, Y0, Y2; \
	VPCMPGTD Y0, Y9, Y3; \
	VPAND Y3, Y2, Y2; \
	VPCMPGTD Y8, Y1, Y3; \
	VPAND Y3, Y2, Y2; \
	VPCMPGTD Y1, Y10, Y3; \
	VPAND Y3, Y2, Y2; \
	VMOVDQA Y13, Y6; \
	TESTQ BX, BX; \
	JZ fetchAddress; \
	VMOVDQU (BX)(DX*4), Y7; \
	VPCMPGTD Y8, Y7, Y3; \
	VPAND Y3, Y2, Y2; \
	VMOVDQU nl, Y5; \
	VPCMPGTD Y7, Y5, Y3; \
	VPAND Y3, Y2, Y2; \
	VPMULLD ls, Y7, Y7; \
	VPADDD Y7, Y6, Y6; \
fetchAddress: \
	VPMULLD Y11, Y0, Y0; \
	VPADDD Y0, Y6, Y6; \
	VPMULLD Y12, Y1, Y1; \
	VPADDD Y1, Y6, Y6; \
	VPBLENDVB Y2, Y6, Y13, Y0
