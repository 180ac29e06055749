//go:build amd64 && !purego

package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// TestFetchTabAsmAgrees runs fetchAsm's table kernel (lanes.FetchTab)
// against the reference on fetches of every table format but
// r8g8b8a8_unorm from 2D and 2D-array views
// (lanes inside, at and beyond the level's edges and the view's layers,
// extreme coordinates), and requires that it takes every one of them: the
// lanes outside read as the format's zero texel, (0, 0, 0, 1) for the
// formats without alpha.
func TestFetchTabAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	formats := []format.Format{format.R8G8B8A8Srgb, format.R8G8B8A8Snorm, format.B8G8R8A8Unorm, format.B8G8R8A8Srgb,
		format.R8Unorm, format.R8Srgb, format.R8Snorm, format.R8G8Unorm, format.R8G8Srgb, format.R8G8Snorm}
	rng := rand.New(rand.NewPCG(5, 22))
	for iter := 0; iter < 400; iter++ {
		f := formats[rng.IntN(len(formats))]
		w, h := []int{1, 1, 2, 7, 33}[rng.IntN(5)], []int{1, 2, 5, 40}[rng.IntN(4)]
		kind, layers := surface.Kind2D, 1
		if rng.IntN(3) != 0 {
			kind, layers = surface.Kind2DArray, 1+rng.IntN(6)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers}, false)
		for i := range s.Data {
			s.Data[i] = byte(rng.Uint32()) // every byte value
		}
		v := s.View()
		if layers > 1 && rng.IntN(2) == 0 {
			v.BaseLayer = rng.IntN(layers)
			v.Layers = 1 + rng.IntN(layers-v.BaseLayer)
		}
		lanes := 8 * (1 + rng.IntN(20))
		req := &Request{Op: OpFetch, Lanes: lanes}
		for c := range 3 {
			req.Texel[c] = make([]int32, lanes)
		}
		for i := range lanes {
			req.Texel[0][i] = int32(rng.IntN(w+4) - 2)
			req.Texel[1][i] = int32(rng.IntN(h+4) - 2)
			req.Texel[2][i] = int32(rng.IntN(v.Layers+4) - 2)
			if rng.IntN(16) == 0 {
				req.Texel[rng.IntN(3)][i] = []int32{math.MinInt32, math.MaxInt32, -1 << 20, 1 << 20}[rng.IntN(4)]
			}
		}
		if kind == surface.Kind2D {
			req.Texel[2] = nil
		}
		st := DefaultState()
		var x exec
		if err := x.setup(Precision{}, v, &st, req); err != nil {
			t.Fatal(err)
		}
		if !x.fast.on {
			t.Fatalf("%s %s %dx%d: the fetch does not take the specialised path", f, kind, w, h)
		}
		var got Result
		got.resize(lanes, false)
		for c := range got.Bits {
			for i := range got.Bits[c] {
				got.Bits[c][i] = 0xdeadbeef // every lane is written
			}
		}
		if !x.fetchAsm(req, &got) {
			t.Fatalf("%s %s %dx%d view %+v: fetchAsm declined", f, kind, w, h, v)
		}
		_, ref := bothPaths(t, v, &st, req)
		for i := range lanes {
			for c := range 4 {
				if got.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%s %s %dx%d view %+v lane %d texel (%d, %d, %v) channel %d: %08x, reference %08x", f, kind, w, h, v, i,
						req.Texel[0][i], req.Texel[1][i], req.Texel[2], c, got.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
	}
}

// TestSRGB8AVX2Path runs the sRGB agreement tests with the AVX2 kernel
// where the CPU would choose the AVX-512 one, so that both forms are
// checked through the engine.
func TestSRGB8AVX2Path(t *testing.T) {
	if !lanes.SRGBVBMI {
		t.Skip("the AVX2 kernel is the one chosen: the other tests run it")
	}
	lanes.SRGBVBMI = false
	defer func() { lanes.SRGBVBMI = true }()
	t.Run("loops", TestSpecialisedLoopsAgree)
	t.Run("linear", TestLinearLoopAgrees)
}
