//go:build !amd64 || purego

package lanes

// Without the assembly kernels (other architectures, the purego tag) the
// window stages run their Go forms: see bcwindow_amd64.go.

func bcWindowIndexAsm(o *[4][Chunk]int32, n int, p *BCWindowParams, idx *[4][Chunk]int32) (ok, taken bool) {
	return false, false
}

func bc1DecodeWindowAsm(d []byte, dec *BC1Decode, w *BCWindow, ns int) bool { return false }

func bcFilterWindowAsm(w *BCWindow, fp *Footprints, n int, out *Out) bool { return false }

func bcGatherWindowAsm(w *BCWindow, n int, ch *[Chunk]uint8, out *Out) bool { return false }
