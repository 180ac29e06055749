package pipeline

// The fetches' kernels (fetch_amd64.go): FetchPlan, made once per set-up
// of a fetch (package sampler decides which set-ups may take one: level 0
// of 2D and 2D-array views on its specialised path, with no swizzle) and
// run per request on the request's texel coordinates.

// FetchKernel is the kernel of a set-up's fetches.
type FetchKernel uint8

const (
	FetchNone   FetchKernel = iota // none: package sampler's Go loop (runFetch2D)
	FetchRGBA8                     // lanes.FetchRGBA8: r8g8b8a8_unorm, 2D, texels 4 bytes apart
	FetchLayers                    // lanes.FetchRGBA8Layers: r8g8b8a8_unorm arrays and levels one texel wide
	FetchTab                       // lanes.FetchTab: the other 8-bit formats decoded through tables
)

// LevelInside reports whether every texel of level lv in the layers
// [base, base+layers) (size bytes each) lies inside texel data of dataLen
// bytes: its first and its last do, since strides are not negative.
func LevelInside(lv *Level, base, layers, size, dataLen int) bool {
	first := lv.Off + base*lv.LS
	last := first + (layers-1)*lv.LS + int(lv.W-1)*lv.XS + int(lv.H-1)*lv.YS
	return first >= 0 && last+size <= dataLen
}
