//go:build !amd64 || purego

package sampler

// Without the assembly kernels (other architectures, the purego tag) the
// window stages run their Go forms: see bcwindow_amd64.go.

func bcWindowIndexAsm(o *[4][laneChunk]int32, n int, p *bcWindowParams, idx *[4][laneChunk]int32) (ok, taken bool) {
	return false, false
}

func bc1DecodeWindowAsm(d []byte, dec *bc1Decode, w *bcWindow, ns int) bool { return false }

func bcFilterWindowAsm(w *bcWindow, fp *footprints, n int, out *chunkOut) bool { return false }

func bcGatherWindowAsm(w *bcWindow, n int, ch *[laneChunk]uint8, out *chunkOut) bool { return false }
