package pipeline

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// footprint is a footprint as the specification computes it (Vulkan's
// "Texel Coordinate Systems" and "Wrapping Operation", linear filtering):
// u = s·w + offset − ½ (hardware precision: rounded to subBits fraction
// bits, ties up), i0 = ⌊u⌋, α = u − i0, the two indices of each axis
// wrapped (repeat: i mod n; clamp-to-edge), and the four texels' byte
// offsets (i0, j0), (i1, j0), (i0, j1), (i1, j1) at the entry's layer. ok
// is false where the lane pipeline hands the footprint to the reference: a
// coordinate beyond ±2^30 or NaN, or a wrap other than repeat and
// clamp-to-edge.
func footprint(k *Key, lv *Level, subBits int, s, t float32, offU, offV, layer int32) (o [4]int32, fa, fb float32, ok bool) {
	u := float32(s*float32(lv.W)) + float32(offU) - 0.5
	v := float32(t*float32(lv.H)) + float32(offV) - 0.5
	if k.Hardware {
		m := math.Ldexp(1, subBits)
		u = float32(math.Floor(float64(u)*m+0.5) / m)
		v = float32(math.Floor(float64(v)*m+0.5) / m)
	}
	if !(abs(u) < 1<<30 && abs(v) < 1<<30) || k.Wrap[0] == WrapOther || k.Wrap[1] == WrapOther {
		return o, 0, 0, false
	}
	i0, j0 := int32(math.Floor(float64(u))), int32(math.Floor(float64(v)))
	fa, fb = u-float32(i0), v-float32(j0)
	wrap := func(i, n int32, w Wrap) int32 {
		if w == WrapRepeat {
			return ((i % n) + n) % n
		}
		return min(max(i, 0), n-1)
	}
	x0, x1 := wrap(i0, lv.W, k.Wrap[0]), wrap(i0+1, lv.W, k.Wrap[0])
	y0, y1 := wrap(j0, lv.H, k.Wrap[1]), wrap(j0+1, lv.H, k.Wrap[1])
	base := int32(lv.Off) + layer*int32(lv.LS)
	r0, r1 := base+y0*int32(lv.YS), base+y1*int32(lv.YS)
	c0, c1 := x0*int32(lv.XS), x1*int32(lv.XS)
	return [4]int32{r0 + c0, r0 + c1, r1 + c0, r1 + c1}, fa, fb, true
}

// layerOf is an array entry's absolute layer: clamp(RNE(a), 0, layers −
// 1) + base_layer, a NaN layer 0 (Vulkan's "Image Operations": the array
// layer; NaN as Direct3D's float-to-integer rule).
func layerOf(k *Key, a float32) int32 {
	if a != a {
		return k.BaseLayer
	}
	r := math.RoundToEven(float64(a))
	return int32(min(max(r, 0), float64(k.Layers-1))) + k.BaseLayer
}

func abs(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

// TestChunkFootprintsAgree runs the 2D lane loop's footprint stage
// (Plan.ChunkFootprints: the assembly at one level or through the
// request's level table where it runs, else FootprintsOneLevel's loop, and
// FootprintRange) on chunks of 2D and 2D-array views with a full mip chain
// against the specification's footprint at each entry's level: every
// address mode the key tells apart (repeat on any size, clamp-to-edge, the
// others the reference's), texel offsets, both precisions, chunks at one
// level and at several. An entry the stage hands to the reference is in
// Slow, in order, with its offsets at its level's first texel and
// fractions 0.
func TestChunkFootprintsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	slowSeen, tableSeen := 0, 0
	for iter := range 600 {
		xs := []int{1, 4, 8, 16}[rng.IntN(4)]
		w, h := []int32{1, 8, 64, 256, 24, 100}[rng.IntN(6)], []int32{1, 16, 13, 64}[rng.IntN(4)]
		k := Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Unorm, Layers: 1}
		for i := range 2 {
			k.Wrap[i] = []Wrap{WrapRepeat, WrapClampToEdge, WrapRepeat, WrapClampToEdge, WrapOther}[rng.IntN(5)]
		}
		if rng.IntN(2) == 0 {
			k.Array, k.Layers = true, int32(1+rng.IntN(4))
		}
		subBits := 0
		if iter%3 == 2 {
			subBits = []int{4, 8}[rng.IntN(2)]
			k.Hardware, k.Sub, k.SubInv = true, float32(math.Ldexp(1, subBits)), float32(math.Ldexp(1, -subBits))
		}
		var levels [MaxLevels]Level
		off := 64 * rng.IntN(4)
		for l := range MaxLevels {
			lw, lh := max(w>>l, 1), max(h>>l, 1)
			lv := Level{Abs: l, Off: off, W: lw, H: lh, D: 1, XS: xs, YS: int(lw) * xs}
			lv.LS = lv.YS * int(lh)
			off += lv.LS * int(k.Layers)
			levels[l] = lv
			k.Levels = int32(l + 1)
			if lw == 1 && lh == 1 {
				break
			}
		}
		p := Plan{Key: k, Levels: &levels}
		var st FootState
		c := new(lanes.Set)
		for chunk := range 3 { // chunks of one request: the level table filled once
			np := 8 * (1 + rng.IntN(lanes.Chunk/8))
			c.NP, c.N = np, np
			one := rng.IntN(2) == 0
			l0 := int32(rng.IntN(int(k.Levels)))
			offsets := rng.IntN(3) == 0
			for j := range np {
				c.S[j], c.T[j] = rng.Float32()*5-2, rng.Float32()*5-2
				if rng.IntN(50) == 0 {
					c.S[j] = footSpecials2[rng.IntN(len(footSpecials2))]
				}
				c.OffU[j], c.OffV[j] = 0, 0
				if offsets {
					c.OffU[j], c.OffV[j] = int32(rng.IntN(16)-8), int32(rng.IntN(16)-8)
				}
				c.Layer[j] = int32(rng.IntN(int(k.Layers)))
				c.Face[j] = -1
				c.Hi[j] = l0
				if !one {
					c.Hi[j] = int32(rng.IntN(int(k.Levels)))
				}
			}
			c.Plain = false
			var fp lanes.Footprints
			p.ChunkFootprints(c, &c.Hi, &fp, &st)
			if st.state == tableReady {
				tableSeen++
			}
			si := 0
			for j := range np {
				lv := &levels[c.Hi[j]]
				o, fa, fb, ok := footprint(&k, lv, subBits, c.S[j], c.T[j], c.OffU[j], c.OffV[j], c.Layer[j])
				if !ok {
					o = [4]int32{int32(lv.Off), int32(lv.Off), int32(lv.Off), int32(lv.Off)}
					if si >= fp.NSlow || fp.Slow[si] != int32(j) {
						t.Fatalf("iteration %d chunk %d entry %d (%v, %v) level %d wraps %v: not listed slow (%v)", iter, chunk, j, c.S[j], c.T[j], c.Hi[j], k.Wrap, fp.Slow[:fp.NSlow])
					}
					si++
					slowSeen++
				}
				if fp.O[0][j] != o[0] || fp.O[1][j] != o[1] || fp.O[2][j] != o[2] || fp.O[3][j] != o[3] {
					t.Fatalf("iteration %d chunk %d entry %d (%v, %v) + (%d, %d) level %d (%+v) layer %d wraps %v hw %v: offsets %v, want %v", iter, chunk, j,
						c.S[j], c.T[j], c.OffU[j], c.OffV[j], c.Hi[j], *lv, c.Layer[j], k.Wrap, k.Hardware, [4]int32{fp.O[0][j], fp.O[1][j], fp.O[2][j], fp.O[3][j]}, o)
				}
				if math.Float32bits(fp.FA[j]) != math.Float32bits(fa) || math.Float32bits(fp.FB[j]) != math.Float32bits(fb) {
					t.Fatalf("iteration %d entry %d: fractions (%v, %v), want (%v, %v)", iter, j, fp.FA[j], fp.FB[j], fa, fb)
				}
			}
			if si != fp.NSlow {
				t.Fatalf("iteration %d chunk %d: %d slow entries, want %d", iter, chunk, fp.NSlow, si)
			}
		}
	}
	if slowSeen == 0 {
		t.Error("no entry was handed to the reference")
	}
	t.Logf("%d slow entries, %d chunks through the level table", slowSeen, tableSeen)
}

// footSpecials2 are coordinates beyond ±2^30 or NaN at every level size.
var footSpecials2 = []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1 << 31, -1 << 31, 3e38}
