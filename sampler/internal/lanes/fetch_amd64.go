//go:build amd64 && !purego

package lanes

// FetchParams are FetchRGBA8Layers' and FetchTab's values: the level's
// size and byte strides, the view's first texel (of its first layer) and
// its layers.
type FetchParams struct {
	W, H   int32
	Xs, Ys int32
	First  int32
	Layers int32
	Ls     int32
}

// FetchRGBA8Layers is the r8g8b8a8_unorm fetch of lanes k < n (a multiple
// of 8) at one level (the fetch's addresses, word gather and decode in one
// pass): lane k's texel (tx[k], ty[k], and tl[k] for an array; tl nil
// otherwise) lies at byte first + tl·ls + tx·xs + ty·ys if it is inside the
// level and the view's layers, and reads as the word 0 otherwise; its
// channels, decoded, go to c0[k] … c3[k].
//
// Eight lanes an instruction (fetchRGBA8Layers2), or where Wide512 sixteen
// (fetchRGBA8LayersV), which FetchRGBA8Layers jumps to; the same bits
// (TestFetchRGBA8LayersForms).
//
//go:noescape
func FetchRGBA8Layers(d *byte, tx, ty, tl *int32, n int, p *FetchParams, c0, c1, c2, c3 *uint32)

//go:noescape
func fetchRGBA8Layers2(d *byte, tx, ty, tl *int32, n int, p *FetchParams, c0, c1, c2, c3 *uint32)

//go:noescape
func fetchRGBA8LayersV(d *byte, tx, ty, tl *int32, n int, p *FetchParams, c0, c1, c2, c3 *uint32)
