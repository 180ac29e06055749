//go:build amd64 && !purego

package pipeline

import (
	"math"
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// TestSetupFetchKernels checks the kernel SetupFetch chooses: the table
// kernel for the 8-bit formats other than r8g8b8a8_unorm, FetchRGBA8 for
// r8g8b8a8_unorm 2D levels whose texels are 4 bytes apart, FetchLayers
// for its arrays and other strides; none where the zero texel is not +0
// (r8g8b8a8_unorm), the level's texels in the view's layers reach beyond
// the data, the data are beyond int32 offsets, or the format has no 8-bit
// decode. Fetch declines lane counts that are not a multiple of 8, and
// every request on a plan with no kernel.
func TestSetupFetchKernels(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	lv := Level{Off: 16, W: 8, H: 4, D: 1, XS: 4, YS: 32, LS: 128}
	wide := lv
	wide.W, wide.XS, wide.YS, wide.LS = 1, 0, 0, 0
	need := 16 + 2*128 // level 0 in layers 0 and 1
	for _, c := range []struct {
		name    string
		dec     lanes.Decoder
		lv      Level
		base    int
		array   bool
		layers  int
		zero    bool
		dataLen int
		want    FetchKernel
	}{
		{"rgba8 2D", lanes.DecodeRGBA8Unorm, lv, 0, false, 1, true, need, FetchRGBA8},
		{"rgba8 2D, second layer", lanes.DecodeRGBA8Unorm, lv, 1, false, 1, true, need, FetchRGBA8},
		{"rgba8 2D past the data", lanes.DecodeRGBA8Unorm, lv, 0, false, 1, true, 16 + 127, FetchNone},
		{"rgba8 2D, zero texel not +0", lanes.DecodeRGBA8Unorm, lv, 0, false, 1, false, need, FetchNone},
		{"rgba8 array", lanes.DecodeRGBA8Unorm, lv, 0, true, 2, true, need, FetchLayers},
		{"rgba8 array past the data", lanes.DecodeRGBA8Unorm, lv, 1, true, 2, true, need, FetchNone},
		{"rgba8 one texel wide", lanes.DecodeRGBA8Unorm, wide, 0, false, 1, true, need, FetchLayers},
		{"rgba8 beyond int32", lanes.DecodeRGBA8Unorm, lv, 0, false, 1, true, math.MaxInt32, FetchNone},
		{"srgb", lanes.DecodeRGBA8Srgb, lv, 0, false, 1, false, need, FetchTab},
		{"r8 array", lanes.DecodeR8Unorm, lv, 0, true, 2, true, need, FetchTab},
		{"srgb past the data", lanes.DecodeRGBA8Srgb, lv, 2, false, 1, true, need, FetchNone},
		{"rgba32f", lanes.DecodeRGBA32Float, lv, 0, false, 1, true, need, FetchNone},
		{"r32f", lanes.DecodeR32Float, lv, 0, false, 1, true, need, FetchNone},
		{"generic", lanes.DecodeGeneric, lv, 0, false, 1, true, need, FetchNone},
	} {
		var f FetchPlan
		f.SetupFetch(c.dec, &c.lv, c.base, c.array, c.layers, c.zero, c.dataLen)
		if f.Kind() != c.want {
			t.Errorf("%s: kernel %d, want %d", c.name, f.Kind(), c.want)
		}
	}
	// Fetch: n a multiple of 8 and a kernel, or nothing done.
	data := make([]byte, need)
	for i := range data {
		data[i] = byte(i)
	}
	var f FetchPlan
	f.SetupFetch(lanes.DecodeRGBA8Unorm, &lv, 0, false, 1, true, len(data))
	var texel [4][]int32
	var bits [4][]uint32
	for i := range 2 {
		texel[i] = make([]int32, 16)
	}
	for i := range bits {
		bits[i] = make([]uint32, 16)
	}
	for _, n := range []int{0, 7, 9, 15} {
		if f.Fetch(&data[0], &texel, n, false, &bits) {
			t.Errorf("Fetch took %d lanes", n)
		}
	}
	for i := range 16 {
		texel[0][i], texel[1][i] = int32(i%10), int32(i/10*3)
	}
	if !f.Fetch(&data[0], &texel, 16, false, &bits) {
		t.Fatal("Fetch declined 16 lanes")
	}
	for i := range 16 {
		x, y := int(texel[0][i]), int(texel[1][i])
		for ch := range 4 {
			want := float32(0) // outside the level: the zero texel
			if x < 8 && y < 4 {
				want = float32(data[16+y*32+x*4+ch]) / 255
			}
			if got := math.Float32frombits(bits[ch][i]); got != want {
				t.Fatalf("lane %d (%d, %d) channel %d: %v, want %v", i, x, y, ch, got, want)
			}
		}
	}
	var none FetchPlan
	if none.Fetch(&data[0], &texel, 16, false, &bits) {
		t.Error("a plan with no kernel took a request")
	}
}
