package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// bcFormats are the formats of bc.go's path.
var bcFormats = []format.Format{
	format.BC1RGBUnormBlock, format.BC1RGBSrgbBlock, format.BC1RGBAUnormBlock, format.BC1RGBASrgbBlock,
	format.BC2UnormBlock, format.BC2SrgbBlock, format.BC3UnormBlock, format.BC3SrgbBlock,
	format.BC4UnormBlock, format.BC4SnormBlock, format.BC5UnormBlock, format.BC5SnormBlock,
	format.BC6HUfloatBlock, format.BC6HSfloatBlock, format.BC7UnormBlock, format.BC7SrgbBlock,
}

// TestBCLanesAgree runs every BC format through the lane loop — windows
// of decoded blocks for coherent requests (2×2 quads a texel or two
// apart, across block edges and the level's wrap), the decoded-block
// cache for scattered ones — against the reference path: trilinear and
// bilinear sampling with every LOD source, gathers with and without a
// channel operand, 2D, array and cube views, every address mode.
func TestBCLanesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 11))
	windows, caches := 0, 0
	for iter := 0; iter < 320; iter++ {
		f := bcFormats[iter%len(bcFormats)]
		kind := []surface.Kind{surface.Kind2D, surface.Kind2D, surface.Kind2DArray, surface.KindCube}[rng.IntN(4)]
		w := []int{4, 13, 32, 64, 128}[rng.IntN(5)]
		h := []int{4, 8, 11, 64}[rng.IntN(4)]
		layers := 1
		switch kind {
		case surface.Kind2DArray:
			layers = 3
		case surface.KindCube:
			h, layers = w, 6
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
		if rng.IntN(4) != 0 { // the modes the kernels take (the others go to the reference's functions)
			st.Address[0], st.Address[1] = []AddressMode{WrapRepeat, WrapClampToEdge}[rng.IntN(2)], []AddressMode{WrapRepeat, WrapClampToEdge}[rng.IntN(2)]
		}
		ops := []Op{OpSampleL, OpSampleD, OpSample, OpSampleLZ, OpGather4, OpGather4L}
		op := ops[rng.IntN(len(ops))]
		lanes := []int{8, 60, 64, 128}[rng.IntN(4)]
		req := &Request{Op: op, Lanes: lanes}
		for c := range 3 {
			req.Coord[c] = make([]float32, lanes)
			req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
		}
		req.Lod = make([]float32, lanes)
		if op.Kind() == KindGather && rng.IntN(2) == 0 {
			req.Channel = make([]uint8, lanes)
		}
		coherent := rng.IntN(4) != 0
		scale := float32(rng.IntN(3)+1) / float32(w)
		u0, v0 := rng.Float32()*1.5-0.25, rng.Float32()*1.5-0.25
		lod := float32(rng.IntN(9)) / 4
		layer := float32(rng.IntN(3))
		for i := range lanes {
			q, p := i/4, i%4
			x, y := float32(2*(q%8)+p%2), float32(2*(q/8)+p/2)
			if coherent {
				req.Coord[0][i], req.Coord[1][i] = u0+x*scale, v0+y*scale
			} else {
				req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
			}
			req.Coord[2][i] = layer
			if !coherent {
				req.Coord[2][i] = float32(rng.IntN(3))
			}
			if kind == surface.KindCube {
				req.Coord[0][i], req.Coord[1][i] = 2*req.Coord[0][i]-1, 2*req.Coord[1][i]-1
				req.Coord[2][i] = []float32{1, -1}[rng.IntN(2)]
			}
			req.DDX[0][i], req.DDY[1][i] = scale*float32(1+rng.IntN(3)), scale
			req.Lod[i] = lod
			if req.Channel != nil {
				req.Channel[i] = uint8(rng.IntN(4))
			}
		}
		fast, ref := *staleResult(lanes), Result{}
		eng := &Engine{}
		for range 2 { // the second request takes the cached set-up
			if err := eng.Execute(s.View(), &st, req, &fast); err != nil {
				t.Fatal(err)
			}
		}
		fastDisabled = true
		err := (&Engine{}).Execute(s.View(), &st, req, &ref)
		fastDisabled = false
		if err != nil {
			t.Fatal(err)
		}
		for i := range lanes {
			for c := range 4 {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%v %v %d×%d %v %v lane %d (%v, %v) channel %d: fast %08x, reference %08x",
						f, kind, w, h, op, st.Address, i, req.Coord[0][i], req.Coord[1][i], c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
		if fast.work != nil && fast.work.BCW != nil {
			if fast.work.BCW.P.Bw > 0 {
				windows++
			} else {
				caches++
			}
		}
	}
	if windows < 100 || caches < 10 {
		t.Errorf("%d requests ended on a window, %d on the cache", windows, caches)
	}
	t.Logf("%d requests ended on a window, %d on the cache", windows, caches)
}

// TestBCDecodedFinite: the BC kernels write their results without making
// NaNs lanes.Canonical, which holds because no BC format decodes to a NaN or an
// infinity (BC6H's halves are at most 0x7bff in magnitude): random blocks
// of every format decode to finite texels.
func TestBCDecodedFinite(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var texels [16][4]float32
	for _, f := range bcFormats {
		dec, n := f.BlockDecoder(), f.Info().Bytes
		b := make([]byte, n)
		for range 20000 {
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			dec(b, texels[:])
			for _, v := range texels {
				for _, c := range v {
					if math.IsNaN(float64(c)) || math.IsInf(float64(c), 0) {
						t.Fatalf("%v block % x decodes to %v", f, b, v)
					}
				}
			}
		}
	}
}
