package pipeline

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
)

// bcSetup returns a plan for bilinear sampling of one w×h level of a BC
// view in format f with random blocks, its texel data and its level table
// in virtual offsets, as package sampler's setupBC makes them: texel (i,
// j) at j·2^bx + i, 2^bx ≥ w, and the map back to blocks (BCLevel).
func bcSetup(rng *rand.Rand, f format.Format, w, h int, wrap Wrap) (*Plan, []byte) {
	bitsFor := func(n int) int { return bits.Len(uint(n - 1)) }
	mask := func(n int) int32 {
		if n&(n-1) != 0 {
			return -1
		}
		return int32(max(n>>2, 1) - 1)
	}
	nb := f.Info().Bytes
	bw, bh := (w+3)/4, (h+3)/4
	data := make([]byte, bw*bh*nb)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	bx, by := bitsFor(w), bitsFor(h)
	levels := new([MaxLevels]Level)
	levels[0] = Level{W: int32(w), H: int32(h), D: 1, XS: 1, YS: 1 << bx, LS: 1 << (bx + by)}
	p := &Plan{Key: Key{Loop: LoopFilter, Dec: lanes.DecodeBC, Wrap: [3]Wrap{wrap, wrap, wrap}, Levels: 1, Layers: 1}, Levels: levels}
	bl := BCLevel{IM: 1<<bx - 1, JM: 1<<by - 1, JSh: uint8(bx), LSh: uint8(bx + by), MX: mask(w), MY: mask(h)}
	if w > 4 {
		bl.XB = int32(nb)
	}
	if h > 4 {
		bl.YB = int32(bw * nb)
	}
	p.BCLevels[0] = bl
	p.BC1 = lanes.BC1ModeOf(f)
	p.BlockDec, p.BlockBytes = f.BlockDecoder(), nb
	return p, data
}

// TestBCWindowAgrees runs chunks of bilinear footprints on BC views
// through the plan's window of decoded blocks (Plan.Kernel) and through the
// format's own block decoder texel by texel, with the weights and sums of
// package sampler's cache road (bilinearBCLanesGo): the same bits for
// every entry the footprint stage took, for BC1 (its palettes from the
// exact fractions) and BC7 (the block decoder), levels of power-of-two and
// other sizes, repeat and clamp-to-edge; chunks whose blocks make no
// window are declined and counted.
func TestBCWindowAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	taken, declined := 0, 0
	for iter := range 300 {
		f := []format.Format{format.BC1RGBAUnormBlock, format.BC7UnormBlock}[iter%2]
		w, h := []int{16, 32, 12, 64}[rng.IntN(4)], []int{16, 8, 20, 64}[rng.IntN(4)]
		wrap := []Wrap{WrapRepeat, WrapClampToEdge}[rng.IntN(2)]
		p, data := bcSetup(rng, f, w, h, wrap)
		c := new(lanes.Set)
		n := 8 * (1 + rng.IntN(8))
		c.N, c.NP = n, n
		// A strip of quads around one point, or (one time in four) points
		// all over the level, which make no window.
		s0, t0 := rng.Float32()*1.4-0.2, rng.Float32()*1.4-0.2
		spread := float32(6) / float32(w)
		if rng.IntN(4) == 0 {
			spread = 1
		}
		for k := range n {
			c.S[k] = s0 + (rng.Float32()-0.5)*spread
			c.T[k] = t0 + (rng.Float32()-0.5)*spread
			c.Layer[k], c.Face[k] = 0, -1
		}
		var st FootState
		p.ChunkFootprints(c, &c.Hi, &c.FP, &st)
		slow := map[int32]bool{}
		for _, k := range c.FP.Slow[:c.FP.NSlow] {
			slow[k] = true
		}
		want := c.FP // the footprints before the kernel (it may move a slow entry's offsets)
		out := lanes.OutOf(&c.Acc)
		if !p.Kernel(data, c, &out, true) {
			declined++
			continue
		}
		taken++
		texel := func(vo int32) [4]float32 {
			off, i := p.BCLevels[vo>>lanes.BCLevelShift].Block(vo)
			var tex [16][4]float32
			p.BlockDec(data[off:off+int32(p.BlockBytes)], tex[:])
			return tex[i]
		}
		for k := range n {
			if slow[int32(k)] {
				continue
			}
			t00, t10 := texel(want.O[0][k]), texel(want.O[1][k])
			t01, t11 := texel(want.O[2][k]), texel(want.O[3][k])
			w00, w10, w01, w11 := lanes.BilinearWeights(want.FA[k], want.FB[k])
			for ch := range 4 {
				a := float32(0)
				a += float32(w00 * t00[ch])
				a += float32(w10 * t10[ch])
				a += float32(w01 * t01[ch])
				a += float32(w11 * t11[ch])
				if math.Float32bits(c.Acc[ch][k]) != math.Float32bits(a) {
					t.Fatalf("iteration %d %v %dx%d wrap %v entry %d (%v, %v) channel %d: window %v, decoder %v", iter, f, w, h, wrap, k, c.S[k], c.T[k], ch, c.Acc[ch][k], a)
				}
			}
		}
	}
	if taken == 0 || declined == 0 {
		t.Errorf("%d chunks through windows, %d declined: want both", taken, declined)
	}
	t.Logf("%d chunks through windows, %d declined", taken, declined)
}
