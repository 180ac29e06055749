package pipeline

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// volFootprint is the specification's trilinear footprint of an entry at
// level lv (Vulkan's "Texel Coordinate Systems" and "Wrapping
// Operation"): u = s·w + Δ − ½ (in hardware precision rounded to subBits
// fraction bits), i0 = ⌊u⌋, α = u − i0, the pair i0, i0 + 1 wrapped by
// repeat (a modulus) or clamp-to-edge, and the texels' byte offsets, z
// outer; ok is false where the lane loop hands the entry to the reference
// (a coordinate beyond ±2^30 or NaN, another address mode).
func volFootprint(k *Key, lv *Level, subBits int, st [3]float32, off [3]int32) (o [8]int32, f [3]float32, ok bool) {
	size := [3]int32{lv.W, lv.H, lv.D}
	stride := [3]int{lv.XS, lv.YS, lv.ZS}
	var idx [3][2]int
	for a := range 3 {
		u := float32(st[a]*float32(size[a])) + float32(off[a]) - 0.5
		if subBits > 0 {
			u = float32(math.Floor(float64(u)*math.Ldexp(1, subBits)+0.5) * math.Ldexp(1, -subBits))
		}
		if !(math.Abs(float64(u)) < 1<<30) {
			return o, f, false
		}
		i0 := math.Floor(float64(u))
		f[a] = u - float32(i0)
		for d := range 2 {
			i, n := int(i0)+d, int(size[a])
			switch k.Wrap[a] {
			case WrapRepeat:
				i = ((i % n) + n) % n
			case WrapClampToEdge:
				i = min(max(i, 0), n-1)
			default:
				return o, f, false
			}
			idx[a][d] = i * stride[a]
		}
	}
	for q := range 8 {
		o[q] = int32(lv.Off + idx[0][q&1] + idx[1][q>>1&1] + idx[2][q>>2])
	}
	return o, f, true
}

// TestVolFootprintsAgree runs the 3D footprint stage (VolFootprints) on
// chunks of 3D views with full mip chains, sizes powers of two or not,
// every address mode the key tells apart, texel offsets and both
// precisions, against the specification's footprint at each entry's
// level; an entry the stage hands to the reference is in c.Vol.Slow, in
// order, with the level's first texel and fractions 0. Then RunVolChunk
// on the chunk, its hand-backs filled with marked values, against the
// stages called one by one and the lanes' results stored, traced (a
// hand-back after each level's footprints) or not.
func TestVolFootprintsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	slowSeen, handed := 0, 0
	for iter := range 300 {
		k := Key{Loop: LoopVolume, Dec: lanes.DecodeRGBA8Unorm, Layers: 1}
		if rng.IntN(2) == 0 {
			k.Dec = lanes.DecodeRGBA32Float
		}
		xs := 4
		if k.Dec == lanes.DecodeRGBA32Float {
			xs = 16
		}
		for a := range 3 {
			k.Wrap[a] = []Wrap{WrapRepeat, WrapClampToEdge, WrapRepeat, WrapClampToEdge, WrapOther}[rng.IntN(5)]
		}
		subBits := 0
		if iter%3 == 2 {
			subBits = []int{4, 8}[rng.IntN(2)]
			k.Hardware, k.Sub, k.SubInv = true, float32(math.Ldexp(1, subBits)), float32(math.Ldexp(1, -subBits))
		}
		w, h, dp := []int32{1, 8, 6}[rng.IntN(3)], []int32{1, 4, 5}[rng.IntN(3)], []int32{1, 8, 3}[rng.IntN(3)]
		var levels [MaxLevels]Level
		off := 16 * rng.IntN(4)
		for l := range MaxLevels {
			lw, lh, ld := max(w>>l, 1), max(h>>l, 1), max(dp>>l, 1)
			lv := Level{Abs: l, Off: off, W: lw, H: lh, D: ld, XS: xs, YS: int(lw) * xs}
			lv.ZS = lv.YS * int(lh)
			off += lv.ZS * int(ld)
			levels[l] = lv
			k.Levels = int32(l + 1)
			if lw == 1 && lh == 1 && ld == 1 {
				break
			}
		}
		data := make([]byte, off+16)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		if k.Dec == lanes.DecodeRGBA32Float { // finite texels
			for i := 3; i < len(data); i += 4 {
				data[i] &= 0x3f
			}
		}
		p := Plan{Key: k, Levels: &levels}
		c := new(lanes.Set)
		c.Vol = new(lanes.VolSet)
		n := 1 + rng.IntN(lanes.Chunk)
		offsets := rng.IntN(3) == 0
		for e := range n {
			c.S[e], c.T[e], c.Vol.R[e] = rng.Float32()*3-1, rng.Float32()*3-1, rng.Float32()*3-1
			if rng.IntN(40) == 0 {
				c.Vol.R[e] = footSpecials2[rng.IntN(len(footSpecials2))]
			}
			c.OffU[e], c.OffV[e], c.Vol.OffW[e] = 0, 0, 0
			if offsets {
				c.OffU[e], c.OffV[e], c.Vol.OffW[e] = int32(rng.IntN(16)-8), int32(rng.IntN(16)-8), int32(rng.IntN(16)-8)
			}
			l := int32(rng.IntN(int(k.Levels)))
			c.Hi[e], c.Lo[e], c.Delta[e] = l, l, 0
			if l+1 < k.Levels && rng.IntN(2) == 0 {
				c.Lo[e], c.Delta[e] = l+1, float32(rng.IntN(7)+1)/8
			}
			c.Lane[e], c.First[e], c.Count[e] = int32(e), int32(e), 1
		}
		c.N, c.Lanes = n, n
		Pad(c)
		for e := c.N; e < c.NP; e++ {
			c.Vol.R[e], c.Vol.OffW[e] = c.Vol.R[0], c.Vol.OffW[0]
		}
		p.VolFootprints(c, &c.Hi)
		v := c.Vol
		si := 0
		for e := range c.NP {
			lv := &levels[c.Hi[e]]
			o, f, ok := volFootprint(&k, lv, subBits, [3]float32{c.S[e], c.T[e], v.R[e]}, [3]int32{c.OffU[e], c.OffV[e], v.OffW[e]})
			if !ok {
				o = [8]int32{int32(lv.Off), int32(lv.Off), int32(lv.Off), int32(lv.Off), int32(lv.Off), int32(lv.Off), int32(lv.Off), int32(lv.Off)}
				f = [3]float32{}
				if si >= v.NSlow || v.Slow[si] != int32(e) {
					t.Fatalf("iteration %d entry %d: not listed slow (%v)", iter, e, v.Slow[:v.NSlow])
				}
				si++
				slowSeen++
			}
			for q := range 8 {
				if v.O[q][e] != o[q] {
					t.Fatalf("iteration %d entry %d (%v, %v, %v) + (%d, %d, %d) level %+v wraps %v hw %v: texel %d at %d, want %d", iter, e,
						c.S[e], c.T[e], v.R[e], c.OffU[e], c.OffV[e], v.OffW[e], *lv, k.Wrap, k.Hardware, q, v.O[q][e], o[q])
				}
			}
			if v.FA[e] != f[0] || v.FB[e] != f[1] || v.FC[e] != f[2] {
				t.Fatalf("iteration %d entry %d: fractions (%v, %v, %v), want %v", iter, e, v.FA[e], v.FB[e], v.FC[e], f)
			}
		}
		if si != v.NSlow {
			t.Fatalf("iteration %d: %d slow entries, want %d", iter, v.NSlow, si)
		}
		// RunVolChunk against the stages one by one.
		mark := func(lvl *[lanes.Chunk]int32, out *lanes.Out, vs *lanes.VolSet) {
			for _, e := range vs.Slow[:vs.NSlow] {
				if int(e) < c.N {
					for ch := range 4 {
						out[ch][e] = float32(1000*int(lvl[e]) + 10*int(e) + ch)
					}
				}
			}
		}
		cw := new(lanes.Set)
		*cw = *c
		cw.Vol = new(lanes.VolSet)
		*cw.Vol = *c.Vol
		acc, lower := lanes.OutOf(&cw.Acc), lanes.OutOf(&cw.Lower)
		p.VolFootprints(cw, &cw.Hi)
		p.VolKernel(data, cw, &acc)
		mark(&cw.Hi, &acc, cw.Vol)
		if lanes.Blends(&cw.Delta, cw.NP) {
			p.VolFootprints(cw, &cw.Lo)
			p.VolKernel(data, cw, &lower)
			mark(&cw.Lo, &lower, cw.Vol)
			lanes.BlendLanes(&cw.Delta, &cw.Acc, &cw.Lower, cw.NP, &acc)
		}
		var got [4][]uint32
		for ch := range got {
			got[ch] = make([]uint32, n)
		}
		r := ChunkRun{Trace: iter%2 == 1}
		feet := 0
		for p.RunVolChunk(data, c, &got, &r) {
			if r.Footprints {
				if !r.Trace || r.Level != [2]*[lanes.Chunk]int32{&c.Hi, &c.Lo}[feet] {
					t.Fatalf("iteration %d: footprints hand-back %d at %p (hi %p, lo %p), traced %v", iter, feet, r.Level, &c.Hi, &c.Lo, r.Trace)
				}
				feet++
				continue
			}
			if r.Level != &c.Hi && r.Level != &c.Lo || c.Vol.NSlow == 0 {
				t.Fatalf("iteration %d: handed back level table %p (hi %p, lo %p) with %d slow entries", iter, r.Level, &c.Hi, &c.Lo, c.Vol.NSlow)
			}
			mark(r.Level, &r.Out, c.Vol)
			handed++
		}
		if wantFeet := map[bool]int{false: 1, true: 2}[lanes.Blends(&c.Delta, c.NP)]; r.Trace && feet != wantFeet {
			t.Fatalf("iteration %d: %d footprints hand-backs, want %d", iter, feet, wantFeet)
		}
		for e := range n {
			for ch := range 4 {
				if want := lanes.ResultBits(cw.Acc[ch][e]); got[ch][e] != want {
					t.Fatalf("iteration %d lane %d channel %d: %#x, want %#x", iter, e, ch, got[ch][e], want)
				}
			}
		}
	}
	if slowSeen == 0 || handed == 0 {
		t.Errorf("%d slow entries, %d levels handed back", slowSeen, handed)
	}
	t.Logf("%d slow entries, %d levels handed back", slowSeen, handed)
}
