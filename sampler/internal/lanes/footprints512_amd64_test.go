//go:build amd64 && !purego

package lanes

import (
	"math"
	"math/rand/v2"
	"testing"
)

// footCoord returns a coordinate for TestFootprintsForms on a level of the
// given size: texel centres and edges, ±2^30 texels exactly (s·w − ½
// rounds to s·w) and one float either side, NaN (quiet and signalling),
// the infinities, ±0, huge values, just inside or beyond the level's (or a
// cube face's) edges, any bits at all (subnormals among them), or else
// uniform in [−0.25, 1.25).
func footCoord(rng *rand.Rand, size int32) float32 {
	switch rng.IntN(10) {
	case 0:
		return float32(rng.IntN(4*int(size)+1)-2*int(size)) / float32(2*size)
	case 1:
		lim := float32(1<<30) / float32(size)
		return []float32{lim, -lim, math.Nextafter32(lim, 0), math.Nextafter32(-lim, 0),
			math.Nextafter32(lim, float32(math.Inf(1))), math.Nextafter32(-lim, float32(math.Inf(-1))),
			float32(math.NaN()), math.Float32frombits(0x7f800001), math.Float32frombits(0xffc00000),
			float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9, 2e-9, 0, float32(math.Copysign(0, -1))}[rng.IntN(16)]
	case 2:
		return []float32{0, 1, 0.5 / float32(size), 1 - 0.5/float32(size), -0.25 / float32(size),
			1 + 0.25/float32(size), -0.5 / float32(size), 1 + 0.5/float32(size)}[rng.IntN(8)]
	case 3:
		if rng.IntN(4) == 0 {
			return math.Float32frombits(rng.Uint32())
		}
	}
	return rng.Float32()*1.5 - 0.25
}

// footInt returns an offset, a layer, a stride or a first byte for
// TestFootprintsForms: mostly small, sometimes any int32 (so that the
// offsets' int32 arithmetic wraps around).
func footInt(rng *rand.Rand, small int) int32 {
	switch rng.IntN(12) {
	case 0:
		return int32(rng.Uint32())
	case 1:
		return []int32{math.MinInt32, math.MaxInt32, -1, 1 << 30}[rng.IntN(4)]
	}
	return int32(rng.IntN(2*small+1) - small)
}

// TestFootprintsForms holds Footprints16 (the AVX-512 form) to Footprints8
// (the AVX2 loop) bit for bit: the fractions, the four offsets, ei and ej,
// the rejected and edges bit sets, for every flag combination (plain, one
// layer, repeat or clamp-to-edge on each axis, cube, hardware precision
// with 4 and 8 fraction bits), every chunk length (multiples of 8 up to
// Chunk: a last group of eight where np is not a multiple of 16), levels
// one texel wide or tall up to 1024 (powers of two and not), coordinates
// inside, across and beyond the level (footCoord: NaN, ±Inf, ±2^30, −0,
// texel centres), offsets and layers small and of any int32 (wrapping the
// offsets), and strides that wrap too. Both forms start from the same
// garbage in the footprints and in ei and ej, and neither may write an
// entry at or past np (fp.O, FA, FB, ei, ej keep the garbage there), nor
// any other field of fp.
func TestFootprintsForms(t *testing.T) {
	if !Wide512 {
		t.Skip("no AVX-512 kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(16, 2026))
	var c Set
	var fp8, fp16, garbage Footprints
	var ei8, ej8, ei16, ej16, eg [Chunk]int32
	var rejectedAll, edgesAll, cases int
	for iter := 0; iter < 40; iter++ {
		for flags := uint32(0); flags < 1<<6; flags++ {
			for np := 8; np <= Chunk; np += 8 {
				sizes := []int32{1, 2, 3, 8, 37, 64, 256, 1024}
				w, h := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
				if flags&FpCube != 0 {
					h = w // a cube's faces are square
				}
				p := FootprintParams{
					Fw: float32(w), Fh: float32(h), Wm: w - 1, Hm: h - 1,
					Xs: []int32{4, 8, 16}[rng.IntN(3)], Ls: footInt(rng, 1<<20), Off: footInt(rng, 1<<16),
					PlainBase: footInt(rng, 1<<20), Flags: flags,
				}
				p.Ys = p.Xs * w
				if rng.IntN(6) == 0 {
					p.Ys, p.Xs = footInt(rng, 1<<16), footInt(rng, 64)
				}
				if flags&FpHW != 0 {
					b := []int{4, 8}[rng.IntN(2)]
					p.Sub, p.SubInv = float32(int(1)<<b), 1/float32(int(1)<<b)
				}
				c.NP = np
				c.N = np - rng.IntN(8)
				for k := range Chunk {
					c.S[k], c.T[k] = footCoord(rng, w), footCoord(rng, h)
					c.OffU[k], c.OffV[k], c.Layer[k] = footInt(rng, 8), footInt(rng, 8), footInt(rng, 6)
				}
				for k := range Chunk {
					for q := range garbage.O {
						garbage.O[q][k] = int32(rng.Uint32())
					}
					garbage.FA[k], garbage.FB[k] = math.Float32frombits(rng.Uint32()), math.Float32frombits(rng.Uint32())
					garbage.Tex[0][k], garbage.Slow[k] = rng.Uint32(), int32(rng.Uint32())
					eg[k] = int32(rng.Uint32())
				}
				garbage.NSlow = rng.IntN(Chunk)
				fp8, fp16 = garbage, garbage
				ei8, ej8, ei16, ej16 = eg, eg, eg, eg
				var r8, e8, r16, e16 uint64
				if flags&FpCube != 0 {
					r8, e8 = Footprints8(&c, &fp8, &p, &ei8, &ej8)
					r16, e16 = Footprints16(&c, &fp16, &p, &ei16, &ej16)
				} else {
					r8, e8 = Footprints8(&c, &fp8, &p, nil, nil)
					r16, e16 = Footprints16(&c, &fp16, &p, nil, nil)
				}
				cases++
				if r16 != r8 || e16 != e8 {
					t.Fatalf("flags %#x np %d %dx%d %+v: rejected %#x edges %#x, AVX2 %#x %#x", flags, np, w, h, p, r16, e16, r8, e8)
				}
				if np < 64 && (r16>>np != 0 || e16>>np != 0) {
					t.Fatalf("flags %#x np %d: bits past np: rejected %#x edges %#x", flags, np, r16, e16)
				}
				for k := range Chunk {
					same := math.Float32bits(fp16.FA[k]) == math.Float32bits(fp8.FA[k]) && math.Float32bits(fp16.FB[k]) == math.Float32bits(fp8.FB[k])
					for q := range fp16.O {
						same = same && fp16.O[q][k] == fp8.O[q][k]
					}
					same = same && ei16[k] == ei8[k] && ej16[k] == ej8[k]
					if !same {
						t.Fatalf("flags %#x np %d %dx%d %+v entry %d (s %v, t %v, off %d %d, layer %d): AVX-512 fa %08x fb %08x o %d %d %d %d ei %d ej %d; AVX2 fa %08x fb %08x o %d %d %d %d ei %d ej %d",
							flags, np, w, h, p, k, c.S[k], c.T[k], c.OffU[k], c.OffV[k], c.Layer[k],
							math.Float32bits(fp16.FA[k]), math.Float32bits(fp16.FB[k]), fp16.O[0][k], fp16.O[1][k], fp16.O[2][k], fp16.O[3][k], ei16[k], ej16[k],
							math.Float32bits(fp8.FA[k]), math.Float32bits(fp8.FB[k]), fp8.O[0][k], fp8.O[1][k], fp8.O[2][k], fp8.O[3][k], ei8[k], ej8[k])
					}
					if k >= np {
						untouched := math.Float32bits(fp16.FA[k]) == math.Float32bits(garbage.FA[k]) &&
							math.Float32bits(fp16.FB[k]) == math.Float32bits(garbage.FB[k]) &&
							fp16.O[0][k] == garbage.O[0][k] && fp16.O[3][k] == garbage.O[3][k] && ei16[k] == eg[k] && ej16[k] == eg[k]
						if !untouched {
							t.Fatalf("flags %#x np %d: entry %d past np written", flags, np, k)
						}
					}
				}
				if fp16.Tex != garbage.Tex || fp16.NSlow != garbage.NSlow || fp16.Slow != garbage.Slow {
					t.Fatalf("flags %#x np %d: a field other than O, FA, FB written", flags, np)
				}
				if flags&FpCube == 0 && (ei16 != eg || ej16 != eg) {
					t.Fatalf("flags %#x np %d: ei or ej written without FpCube", flags, np)
				}
				for m := r16; m != 0; m &= m - 1 {
					rejectedAll++
				}
				for m := e16; m != 0; m &= m - 1 {
					edgesAll++
				}
			}
		}
	}
	// The random cases reach both bit sets often (a test that never sets
	// them would not hold them).
	if rejectedAll < 10000 || edgesAll < 2000 {
		t.Errorf("%d cases: %d rejected entries, %d cube edges: too few", cases, rejectedAll, edgesAll)
	}
	t.Logf("%d cases: %d rejected entries, %d cube edges", cases, rejectedAll, edgesAll)
}

// BenchmarkFootprintsForms times the footprint stage alone on a full chunk
// (64 entries inside a 256 × 256 level), its AVX2 form (Footprints8)
// against its AVX-512 one (Footprints16): a plain chunk by repeat (W2's),
// one with offsets and layers by clamp-to-edge, a cube chunk (W6's:
// clamp-to-edge, ei and ej) and a plain chunk at hardware precision.
func BenchmarkFootprintsForms(b *testing.B) {
	if !AsmKernels {
		b.Skip("no assembly kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var c Set
	c.N, c.NP = Chunk, Chunk
	for k := range Chunk {
		c.S[k], c.T[k] = rng.Float32(), rng.Float32()
		c.OffU[k], c.OffV[k], c.Layer[k] = int32(rng.IntN(16)-8), int32(rng.IntN(16)-8), int32(rng.IntN(4))
	}
	base := FootprintParams{Fw: 256, Fh: 256, Wm: 255, Hm: 255, Xs: 4, Ys: 1024, Ls: 1 << 18, Sub: 256, SubInv: 1.0 / 256}
	var fp Footprints
	var ei, ej [Chunk]int32
	for _, tc := range []struct {
		name  string
		flags uint32
	}{
		{"plainRepeat", FpPlain | FpOneLayer | FpRepeat0 | FpRepeat1},
		{"offsetsClamp", 0},
		{"cube", FpPlain | FpOneLayer | FpCube},
		{"plainHW", FpPlain | FpOneLayer | FpRepeat0 | FpRepeat1 | FpHW},
	} {
		p := base
		p.Flags = tc.flags
		forms := []struct {
			name string
			f    func(*Set, *Footprints, *FootprintParams, *[Chunk]int32, *[Chunk]int32) (uint64, uint64)
		}{{"avx2", Footprints8}, {"avx512", Footprints16}}
		for _, form := range forms {
			if form.name == "avx512" && !Wide512 {
				continue
			}
			b.Run(tc.name+"/"+form.name, func(b *testing.B) {
				for b.Loop() {
					form.f(&c, &fp, &p, &ei, &ej)
				}
			})
		}
	}
}
