package sampler

import (
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestWideTexelDepthAgrees runs percentage-closer filtering and compare
// gathers on d32_sfloat_s8_uint, whose texels are 8 bytes (the depth, the
// stencil and three bytes of padding), on 2D and 2D array views of one
// level whose footprints are every kind the one-level road tells apart
// (pairs, wrapped pairs, quads in one window): the same bits as the
// reference. The road's 32-bit depth kernels read a pair of 4-byte texels
// as one quadword, which here would read the stencil and padding as the
// second texel's depth.
func TestWideTexelDepthAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	checked := 0
	for _, kind := range []surface.Kind{surface.Kind2D, surface.Kind2DArray} {
		for _, w := range []int{4, 16, 37, 64} {
			d := surface.Desc{Kind: kind, Format: format.D32SfloatS8Uint, Width: w, Height: 8, Levels: 1}
			if kind == surface.Kind2DArray {
				d.Layers = 2
			}
			s := newSurface(t, d, false)
			s.FillHash(uint32(w), -2, 3)
			for _, op := range []Op{OpSampleLC, OpSampleCLZ, OpSampleDC, OpGather4C} {
				for cmp := CompareOp(1); cmp <= 8; cmp++ {
					for _, wrap := range []AddressMode{WrapRepeat, WrapClampToEdge} {
						st := linearState()
						st.Address = [3]AddressMode{wrap, wrap, WrapRepeat}
						st.Compare = cmp
						const n = 64
						req := &Request{Op: op, Lanes: n}
						for c := 0; c < 3; c++ {
							req.Coord[c] = make([]float32, n)
						}
						req.Ref, req.Lod = make([]float32, n), make([]float32, n)
						for c := 0; c < 2; c++ {
							req.DDX[c], req.DDY[c] = make([]float32, n), make([]float32, n)
						}
						// Quads of lanes a texel apart: one window, pairs.
						u0, v0 := rng.Float32()*1.2-0.1, rng.Float32()*1.2-0.1
						for i := 0; i < n; i++ {
							req.Coord[0][i] = u0 + float32(i%16)/float32(w)
							req.Coord[1][i] = v0 + float32(i/16)/8
							req.Coord[2][i] = float32(i % 2)
							req.Ref[i] = rng.Float32()*5 - 2
							req.DDX[0][i], req.DDY[1][i] = 1/float32(w), 1/8.0
						}
						var fast, ref Result
						errFast := (&Engine{}).Execute(s.View(), &st, req, &fast)
						fastDisabled = true
						errRef := (&Engine{}).Execute(s.View(), &st, req, &ref)
						fastDisabled = false
						if errFast != nil || errRef != nil {
							t.Fatalf("%s on %s width %d: %v / %v", op, kind, w, errFast, errRef)
						}
						for i := 0; i < n; i++ {
							for c := 0; c < 4; c++ {
								if fast.Bits[c][i] != ref.Bits[c][i] {
									t.Fatalf("%s %s on %s width %d, %s: lane %d channel %d: fast %08x, reference %08x",
										op, cmp, kind, w, wrap, i, c, fast.Bits[c][i], ref.Bits[c][i])
								}
							}
						}
						checked++
					}
				}
			}
		}
	}
	t.Logf("%d requests checked", checked)
}
