package pipeline

import (
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// TestRunChunk2DResumes runs chunks of 2D r8g8b8a8_unorm views with full
// mip chains through RunChunk2D, filling what each call hands back with
// marked values (an entry's level and index), against the same stages
// called one by one (ChunkFootprints, Kernel, the marks at the entries
// the footprint stage lists slow, BlendLanes) and the results stored lane
// by lane (an anisotropic lane's probes averaged as package sampler's
// sampleAt does): chunks at one level and blending two, with and without
// slow entries (the address modes the stage hands to the reference, and
// coordinates beyond ±2^30), lanes consecutive (the last stage writing
// the result's rows) or not, one entry a lane or several. It checks that
// a call hands back the finer levels first and then the coarser ones, and
// only levels with slow entries; and, for traced chunks (ChunkRun.Trace),
// each level's footprints, as the stage computed them, before its kernel.
func TestRunChunk2DResumes(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	handed := [5]int{}
	for iter := range 400 {
		w, h := []int32{1, 8, 64, 24}[rng.IntN(4)], []int32{1, 16, 13}[rng.IntN(3)]
		k := Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Unorm, Layers: 1}
		for i := range 2 {
			k.Wrap[i] = []Wrap{WrapRepeat, WrapClampToEdge, WrapOther}[rng.IntN(3)]
		}
		var levels [MaxLevels]Level
		off := 0
		for l := range MaxLevels {
			lw, lh := max(w>>l, 1), max(h>>l, 1)
			levels[l] = Level{Abs: l, Off: off, W: lw, H: lh, D: 1, XS: 4, YS: int(lw) * 4, LS: int(lw) * 4 * int(lh)}
			off += levels[l].LS
			k.Levels = int32(l + 1)
			if lw == 1 && lh == 1 {
				break
			}
		}
		data := make([]byte, off)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		p := Plan{Key: k, Levels: &levels, Inside: true}
		// The chunk: lanes with one entry each, or probes.
		c := new(lanes.Set)
		probes := rng.IntN(3) == 0
		consecutive := rng.IntN(2) == 0
		blend := rng.IntN(2) == 0
		lanesN := 1 + rng.IntN(lanes.Chunk)
		n, lane := 0, rng.IntN(8)
		nl := 0
		for nl < lanesN {
			m := 1
			if probes {
				m = 1 + rng.IntN(4)
			}
			if n+m > lanes.Chunk {
				break
			}
			c.Lane[nl], c.First[nl], c.Count[nl] = int32(lane), int32(n), int32(m)
			nl++
			lane++
			if !consecutive {
				lane += rng.IntN(3)
			}
			for range m {
				c.S[n], c.T[n] = rng.Float32()*3-1, rng.Float32()*3-1
				if rng.IntN(40) == 0 {
					c.S[n] = footSpecials2[rng.IntN(len(footSpecials2))]
				}
				c.Layer[n], c.Face[n] = 0, -1
				l := int32(rng.IntN(int(k.Levels)))
				c.Hi[n], c.Lo[n] = l, l
				if blend && l+1 < k.Levels {
					c.Lo[n], c.Delta[n] = l+1, float32(rng.IntN(7)+1)/8
				}
				n++
			}
		}
		c.N, c.Lanes = n, nl
		Pad(c)
		rowsN := lane + lanes.Chunk
		var got, want [4][]uint32
		for ch := range 4 {
			got[ch], want[ch] = make([]uint32, rowsN), make([]uint32, rowsN)
		}
		mark := func(lvl *[lanes.Chunk]int32, out *lanes.Out, fp *lanes.Footprints) bool {
			slow := false
			for _, e := range fp.Slow[:fp.NSlow] {
				if int(e) >= c.N {
					break
				}
				for ch := range 4 {
					out[ch][e] = float32(1000*int(lvl[e]) + 10*int(e) + ch)
				}
				slow = true
			}
			return slow
		}
		// The stages one by one, on a copy of the chunk.
		cw := new(lanes.Set)
		*cw = *c
		var st FootState
		acc, lower := lanes.OutOf(&cw.Acc), lanes.OutOf(&cw.Lower)
		// The hand-backs RunChunk2D should make, in order: where traced,
		// each level's footprints (as the stage computed them), and each
		// level with slow entries.
		traced := iter%2 == 1
		type handBack struct {
			level *[lanes.Chunk]int32
			foot  *lanes.Footprints
		}
		var seq []handBack
		var fpHi, fpLo lanes.Footprints
		p.ChunkFootprints(cw, &cw.Hi, &cw.FP, &st)
		if traced {
			fpHi = cw.FP
			seq = append(seq, handBack{&c.Hi, &fpHi})
		}
		if !p.Kernel(data, cw, &acc, true) {
			t.Fatal("the kernel declined a chunk")
		}
		if mark(&cw.Hi, &acc, &cw.FP) {
			seq = append(seq, handBack{&c.Hi, nil})
		}
		blends := lanes.Blends(&cw.Delta, cw.NP)
		if blends {
			p.ChunkFootprints(cw, &cw.Lo, &cw.FP, &st)
			if traced {
				fpLo = cw.FP
				seq = append(seq, handBack{&c.Lo, &fpLo})
			}
			p.Kernel(data, cw, &lower, true)
			if mark(&cw.Lo, &lower, &cw.FP) {
				seq = append(seq, handBack{&c.Lo, nil})
			}
			lanes.BlendLanes(&cw.Delta, &cw.Acc, &cw.Lower, cw.NP, &acc)
		}
		for j := range nl {
			i, e, m := cw.Lane[j], cw.First[j], cw.Count[j]
			for ch := range 4 {
				v := cw.Acc[ch][e]
				if m > 1 {
					s := float32(0)
					for _, a := range cw.Acc[ch][e : e+m] {
						s += a
					}
					v = s / float32(m)
				}
				want[ch][i] = lanes.ResultBits(v)
			}
		}
		// RunChunk2D, filling what it hands back.
		r := ChunkRun{Trace: traced}
		var st2 FootState
		calls := 0
		for p.RunChunk2D(data, c, &got, &st2, &r) {
			if r.Kernel {
				t.Fatal("RunChunk2D handed back a kernel on an r8g8b8a8_unorm view")
			}
			if calls >= len(seq) || r.Level != seq[calls].level || r.Footprints != (seq[calls].foot != nil) {
				t.Fatalf("iteration %d (traced %v) call %d: handed back level table %p, footprints %v (hi %p, lo %p; want %v) with %d slow entries",
					iter, traced, calls, r.Level, r.Footprints, &c.Hi, &c.Lo, seq, c.FP.NSlow)
			}
			if f := seq[calls].foot; f != nil {
				for e := range c.NP {
					if c.FP.O[0][e] != f.O[0][e] || c.FP.O[3][e] != f.O[3][e] || c.FP.FA[e] != f.FA[e] || c.FP.FB[e] != f.FB[e] {
						t.Fatalf("iteration %d call %d: entry %d's footprint is not the level's", iter, calls, e)
					}
				}
			} else {
				mark(r.Level, &r.Out, &c.FP)
			}
			calls++
		}
		if calls != len(seq) {
			t.Fatalf("iteration %d: %d calls handed back, want %d", iter, calls, len(seq))
		}
		handed[calls]++
		for ch := range 4 {
			for i := range rowsN {
				if got[ch][i] != want[ch][i] {
					t.Fatalf("iteration %d (blends %v, probes %v, consecutive %v, wraps %v): lane %d channel %d: %#x, want %#x",
						iter, blends, probes, consecutive, k.Wrap, i, ch, got[ch][i], want[ch][i])
				}
			}
		}
	}
	if handed[1] == 0 || handed[2] == 0 || handed[4] == 0 {
		t.Errorf("chunks by levels handed back %v: want some with one and with two", handed)
	}
	t.Logf("chunks by levels handed back: %v", handed)
}
