// Package nulls finds the zero words among sixteen: which of a
// texunit_request's pointers are NULL, compared request by request by
// libtexunit's texunit_execute_many (capi/many.go). On amd64 with AVX2
// four compares of four words do it (nulls_amd64.s), chosen once per
// process; maskGo is the reference and the fallback (and the only form
// with the purego build tag), and TestMask holds the two to the same bits.
package nulls

// Mask returns bit i set for each w[i] that is zero.
func Mask(w *[16]uintptr) uint32 {
	if asm {
		return maskAsm(w)
	}
	return maskGo(w)
}

// maskGo is Mask in Go (not inlined, so that Mask is).
//
//go:noinline
func maskGo(w *[16]uintptr) uint32 {
	var m uint32
	for i, v := range w {
		if v == 0 {
			m |= 1 << i
		}
	}
	return m
}
