package lanes

import "unsafe"

// The sizes SameKey compares: a sampler state (80 bytes, sampler.State)
// and a view (48 bytes, surface.View); the sampler checks that its types
// have these sizes.
const (
	StateBytes = 80
	ViewBytes  = 48
	KeyBytes   = StateBytes + ViewBytes
)

// sameKeyGo is SameKey in Go: the masked differences of the two ranges'
// bytes, eight at a time.
func sameKeyGo(a, b, va, vb *byte, m *[KeyBytes]byte) bool {
	sa, sb := (*[StateBytes / 8]uint64)(unsafe.Pointer(a)), (*[StateBytes / 8]uint64)(unsafe.Pointer(b))
	wa, wb := (*[ViewBytes / 8]uint64)(unsafe.Pointer(va)), (*[ViewBytes / 8]uint64)(unsafe.Pointer(vb))
	mw := (*[KeyBytes / 8]uint64)(unsafe.Pointer(m))
	var d uint64
	for i := range sa {
		d |= (sa[i] ^ sb[i]) & mw[i]
	}
	for i := range wa {
		d |= (wa[i] ^ wb[i]) & mw[StateBytes/8+i]
	}
	return d == 0
}
