package pipeline

import (
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// TestFootParams checks Key.FootParams' constants for level 0: the size,
// the strides as shifts (rows a multiplication apart where the y stride is
// not a power of two), the first texel of the view (an array's: of the
// level, each entry at its own layer), the repeat flags and the hardware
// precision's steps.
func TestFootParams(t *testing.T) {
	lv := Level{Off: 128, W: 5, H: 8, D: 1, XS: 4, YS: 20, LS: 160}
	k := Key{Wrap: [3]Wrap{WrapRepeat, WrapClampToEdge, WrapOther}, BaseLayer: 2, Layers: 3}
	var p lanes.FootParams
	k.FootParams(&lv, &p)
	// Derived: w and h not both powers of two; the corner masks w − 1
	// (repeat) and all ones (clamp-to-edge); no window 16 columns wide,
	// h − 2 rows; the last window corner 7·20 + 4·5 − 2·20 − 64 (+ 1).
	want := lanes.FootParams{Fw: 5, Fh: 8, Wm: 4, Hm: 7, Ys: 20, Ysh: -1, Xsh: 2, Base: 128 + 2*160, Rep0: 1,
		Mx: 4, My: 0xffffffff, Bh: 6, Last1: 7*20 + 4*5 - 2*20 - 64 + 1}
	if p != want {
		t.Fatalf("2D: %+v, want %+v", p, want)
	}
	k = Key{Wrap: [3]Wrap{WrapClampToEdge, WrapRepeat}, Array: true, BaseLayer: 1, Layers: 2, Hardware: true, Sub: 256, SubInv: 1.0 / 256}
	lv = Level{Off: 64, W: 1, H: 16, D: 1, XS: 16, YS: 16, LS: 256}
	k.FootParams(&lv, &p)
	// Derived: 1 and 16 are powers of two; no window on an array view.
	want = lanes.FootParams{Fw: 1, Fh: 16, Wm: 0, Hm: 15, Ys: 16, Ysh: 4, Xsh: 0, Base: 64, Layers: 1, Ls: 256, Rep1: 1, Hw: 1, Sub: 256, SubInv: 1.0 / 256,
		Pow2: 1, Mx: 0xffffffff, My: 15, Bh: 14}
	if p != want {
		t.Fatalf("array, hardware precision, width 1: %+v, want %+v", p, want)
	}
}

// TestRunDeclinesWithoutSingle checks that a plan whose set-up chose no
// single call (every plan where lanes.PlainLevel512 and
// lanes.PlainLevel256 are false: other architectures, the purego tag, CPUs
// without AVX2) takes no request.
func TestRunDeclinesWithoutSingle(t *testing.T) {
	defer func(v, w bool) { lanes.PlainLevel512, lanes.PlainLevel256 = v, w }(lanes.PlainLevel512, lanes.PlainLevel256)
	lanes.PlainLevel512, lanes.PlainLevel256 = false, false
	var p Plan
	p.Key = Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Unorm, Layers: 1}
	lv := Level{W: 8, H: 8, D: 1, XS: 4, YS: 32, LS: 256}
	p.Setup(&lv)
	if p.Single() {
		t.Fatal("Single without lanes.PlainLevel512 or lanes.PlainLevel256")
	}
	s := make([]float32, 8)
	var rows [4][]uint32
	for i := range rows {
		rows[i] = make([]uint32, 64)
	}
	coord := [4][]float32{s, s}
	if _, taken := p.Run(&make([]byte, 256)[0], &coord, nil, 8, &rows); taken {
		t.Fatal("Run took a request without a single call")
	}
}
