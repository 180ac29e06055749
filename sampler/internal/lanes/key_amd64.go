//go:build amd64 && !purego

package lanes

// SameKey reports whether the StateBytes bytes at a and b agree in every
// byte where m[0:StateBytes] is 0xff, and the ViewBytes bytes at va and vb
// in every byte where m[StateBytes:] is (the other bytes of m are 0: the
// padding between the fields of the structures compared). It is the
// sampler's set-up cache compare of a sampler state and a view
// (sampler's sameKey) in AVX2: five 32- or 16-byte loads and differences
// on each side, masked, and one test, for what the Go code does in some
// forty scalar operations. Callers test AsmKernels first; key_other.go
// holds the Go twin, which TestSameKeyAgrees holds it to.
//
//go:noescape
func SameKey(a, b, va, vb *byte, m *[KeyBytes]byte) bool
