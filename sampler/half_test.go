package sampler

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// allHalves returns data holding every binary16 value once, in order:
// texel t's channel c is the half 4t + c.
func allHalves() []byte {
	d := make([]byte, 2<<16)
	for h := range 1 << 16 {
		binary.LittleEndian.PutUint16(d[2*h:], uint16(h))
	}
	return d
}

// TestHalfLanesAgree runs r16g16b16a16_sfloat surfaces whose texels are
// random bits — NaNs (signalling and quiet), infinities, denormals and
// zeros of both signs among them — through the lane loop (bilinear,
// trilinear, gathers of every channel) and the fetch, and through the
// reference path, and requires the same result bits.
func TestHalfLanesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 17))
	special := []uint16{0x0000, 0x8000, 0x0001, 0x83ff, 0x7c00, 0xfc00, 0x7c01, 0xfe00, 0x7e00, 0x7bff, 0x3c00}
	checked := 0
	for iter := 0; iter < 300; iter++ {
		w, h := []int{1, 3, 8, 13, 64}[rng.IntN(5)], []int{1, 2, 8, 16}[rng.IntN(4)]
		s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R16G16B16A16Sfloat, Width: w, Height: h}, false)
		for i := 0; i < len(s.Data); i += 2 {
			v := uint16(rng.Uint32())
			if rng.IntN(3) == 0 {
				v = special[rng.IntN(len(special))]
			}
			binary.LittleEndian.PutUint16(s.Data[i:], v)
		}
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
		op := []Op{OpSampleL, OpSampleD, OpGather4, OpGather4L, OpFetch}[rng.IntN(5)]
		lanes := []int{8, 32, 64, 68}[rng.IntN(4)]
		req := &Request{Op: op, Lanes: lanes}
		if op == OpFetch {
			req.Texel = [4][]int32{make([]int32, lanes), make([]int32, lanes)}
			for i := 0; i < lanes; i++ {
				req.Texel[0][i], req.Texel[1][i] = int32(rng.IntN(w+2)-1), int32(rng.IntN(h+2)-1)
			}
		} else {
			req.Coord = [4][]float32{make([]float32, lanes), make([]float32, lanes)}
			for i := 0; i < lanes; i++ {
				req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
			}
		}
		switch op.LodSource() {
		case LodExplicit:
			req.Lod = make([]float32, lanes)
			for i := range req.Lod {
				req.Lod[i] = float32(rng.IntN(13)-2) / 4
			}
		case LodGradient:
			for c := 0; c < 2; c++ {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
				for i := 0; i < lanes; i++ {
					req.DDX[c][i], req.DDY[c][i] = rng.Float32()/4, rng.Float32()/4
				}
			}
		}
		if op.Kind() == KindGather {
			req.Channel = make([]uint8, lanes)
			for i := range req.Channel {
				req.Channel[i] = uint8(rng.IntN(4))
			}
		}
		fast, ref := bothPaths(t, s.View(), &st, req)
		for i := 0; i < lanes; i++ {
			for c := 0; c < 4; c++ {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%dx%d %s address %v lane %d channel %d: fast %08x, reference %08x",
						w, h, op, st.Address, i, c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
		checked++
	}
	t.Logf("%d requests compared", checked)
}
