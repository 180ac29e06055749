//go:build amd64 && !purego

package sampler

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestPlainLevel128Specials samples one-level r32g32b32a32_sfloat views
// bilinearly through Execute, on both of runPlainLevel's roads where the CPU
// has the single call (lanes.PlainLevelV with LevelBilinear128) and against
// the reference: texels whose channels are NaNs (quiet and signalling,
// with payloads, either sign), ±∞, ±0, subnormals and ordinary values, so
// that the sums' NaNs (made canonical), infinities and signed zeros come
// through the engine with the reference's bits; repeat and clamp-to-edge,
// quads and points at random.
func TestPlainLevel128Specials(t *testing.T) {
	rng := rand.New(rand.NewPCG(130, 2026))
	special := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00123, 0x7f800001, 0xff812345,
		1, 0x807fffff, 0x3f800000, 0xbf800000, 0x7f7fffff}
	single := 0
	for iter := 0; iter < 40; iter++ {
		w, h := []int{4, 8, 16, 5}[iter%4], []int{4, 8, 3}[iter%3]
		s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: w, Height: h, Levels: 1}, false)
		for i := 0; i < len(s.Data); i += 4 {
			v := math.Float32bits(rng.Float32()*4 - 2)
			if rng.IntN(4) == 0 {
				v = special[rng.IntN(len(special))]
			}
			binary.LittleEndian.PutUint32(s.Data[i:], v)
		}
		st := linearState()
		if iter%2 == 1 {
			st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
		}
		const lanes = 64
		req := &Request{Op: OpSampleL, Lanes: lanes, Coord: [4][]float32{make([]float32, lanes), make([]float32, lanes)}, Lod: make([]float32, lanes)}
		s0, t0 := rng.Float32(), rng.Float32()
		for j := range lanes {
			q, p := j/4, j%4
			req.Coord[0][j] = s0 + float32((q%8)*2+p%2)/float32(w)
			req.Coord[1][j] = t0 + float32((q/8)*2+p/2)/float32(h)
			if iter%4 == 3 {
				req.Coord[0][j], req.Coord[1][j] = rng.Float32()*3-1, rng.Float32()*3-1
			}
		}
		for _, road := range plainRoads {
			setPlainRoad(road)
			var x exec
			if err := x.setup(Precision{}, s.View(), &st, req); err != nil {
				t.Fatal(err)
			}
			if road.single() && x.fast.plan.Single() { // r32g32b32a32_sfloat bilinear: LevelBilinear128 (TestSetupKernels)
				single++
			}
			fast, ref := bothPaths(t, s.View(), &st, req)
			for i := range lanes {
				for c := range 4 {
					if fast.Bits[c][i] != ref.Bits[c][i] {
						t.Fatalf("%dx%d address %v road %v lane %d (%v, %v) channel %d: fast %08x, reference %08x",
							w, h, st.Address[0], road, i, req.Coord[0][i], req.Coord[1][i], c, fast.Bits[c][i], ref.Bits[c][i])
					}
				}
			}
		}
		setPlainRoad(plainRoads[len(plainRoads)-1])
	}
	if plainRoads[len(plainRoads)-1].single() && single == 0 {
		t.Error("no request took the single call's r32g32b32a32_sfloat kernel")
	}
}
