//go:build amd64 && !purego

package lanes

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestBilinear32Forms holds the r8g8b8a8_unorm bilinear kernel's AVX-512
// form (bilinear32V) and its AVX2 form (bilinear32) to the Go kernel's
// bits, on chunks of every length (a last group of eight where n is not a
// multiple of 16) whose halves of sixteen are read as pairs, gathered, or
// one of each.
func TestBilinear32Forms(t *testing.T) {
	if !AsmKernels {
		t.Skip("no assembly kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(16, 2026))
	d := randomWords(rng)
	frac := func() float32 {
		return []float32{0, 0.5, math.Nextafter32(1, 0), rng.Float32(), rng.Float32()}[rng.IntN(5)]
	}
	for iter := 0; iter < 3000; iter++ {
		var fp Footprints
		n := pairChunk(rng, d, iter, &fp, func(k int) { fp.FA[k], fp.FB[k] = frac(), frac() })
		var plain [4][Chunk]float32
		po := OutOf(&plain)
		bilinearRGBA8LanesGo(d, &fp, n, &po)
		for _, wide := range []bool{false, true} {
			if wide && !Wide512 {
				continue
			}
			vec := untouched() // entries past n stay as they are
			vo := OutOf(&vec)
			if wide {
				bilinear32V(&d[0], &fp.O, &fp.FA, &fp.FB, n, &vo)
			} else {
				bilinear32(&d[0], &fp.O, &fp.FA, &fp.FB, n, &vo)
			}
			sameForms(t, "r8g8b8a8_unorm", wide, n, &vec, &plain)
		}
	}
}

// TestGather8Forms holds the r8g8b8a8_unorm gather kernel's AVX-512 form
// (gather8V) and its AVX2 form (gather8) to the Go kernel's bits, on the
// chunks TestBilinear32Forms makes, each entry's channel at random (the
// kernels take ch & 3).
func TestGather8Forms(t *testing.T) {
	if !AsmKernels {
		t.Skip("no assembly kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(17, 2026))
	d := randomWords(rng)
	for iter := 0; iter < 3000; iter++ {
		var fp Footprints
		var ch [Chunk]uint8
		n := pairChunk(rng, d, iter, &fp, func(k int) { ch[k] = uint8(rng.IntN(256)) })
		var plain [4][Chunk]float32
		po := OutOf(&plain)
		gatherRGBA8LanesGo(d, &fp, n, &ch, &po)
		for _, wide := range []bool{false, true} {
			if wide && !Wide512 {
				continue
			}
			vec := untouched()
			vo := OutOf(&vec)
			if wide {
				gather8V(&d[0], &fp.O, &ch, n, &vo)
			} else {
				gather8(&d[0], &fp.O, &ch, n, &vo)
			}
			sameForms(t, "r8g8b8a8_unorm gather", wide, n, &vec, &plain)
		}
	}
}

// TestGatherRowsForms holds the depth kernels' texel reads, gatherRowsV
// (AVX-512) and gatherRows (AVX2), to the words at the offsets, on the
// chunks TestBilinear32Forms makes; the rows' entries past n are left
// alone.
func TestGatherRowsForms(t *testing.T) {
	if !AsmKernels {
		t.Skip("no assembly kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(18, 2026))
	d := randomWords(rng)
	for iter := 0; iter < 3000; iter++ {
		var fp Footprints
		n := pairChunk(rng, d, iter, &fp, nil)
		for _, wide := range []bool{false, true} {
			if wide && !Wide512 {
				continue
			}
			var tex [4][Chunk]uint32
			for q := range tex {
				for k := range tex[q] {
					tex[q][k] = 0xdeadbeef
				}
			}
			if wide {
				gatherRowsV(&d[0], &fp.O, n, &tex)
			} else {
				gatherRows(&d[0], &fp.O, n, &tex)
			}
			for q := range tex {
				for k := range tex[q] {
					want := uint32(0xdeadbeef)
					if k < n {
						want = binary.LittleEndian.Uint32(d[fp.O[q][k]:])
					}
					if tex[q][k] != want {
						t.Fatalf("wide %v, n %d: texel %d of entry %d: %08x, want %08x", wide, n, q, k, tex[q][k], want)
					}
				}
			}
		}
	}
}

// randomWords returns 16 KiB of random 32-bit words.
func randomWords(rng *rand.Rand) []byte {
	d := make([]byte, 1<<14)
	for i := 0; i < len(d); i += 4 {
		binary.LittleEndian.PutUint32(d[i:], rng.Uint32())
	}
	return d
}

// pairChunk fills fp with a chunk of n (a multiple of 8) entries of
// random texel offsets into d and returns n: groups of eight adjacent
// pairs, but now and then an entry (its group gathered), or a whole group
// gathered. entry, if not nil, draws an entry's other operands.
func pairChunk(rng *rand.Rand, d []byte, iter int, fp *Footprints, entry func(k int)) int {
	n := 8 * (1 + rng.IntN(Chunk/8))
	for k := 0; k < n; k++ {
		for q := range fp.O {
			fp.O[q][k] = int32(4 * rng.IntN(len(d)/4-8))
		}
		if rng.IntN(48) != 0 && (k/8+iter)%3 != 0 {
			fp.O[1][k], fp.O[3][k] = fp.O[0][k]+4, fp.O[2][k]+4
		}
		if entry != nil {
			entry(k)
		}
	}
	return n
}

// untouched returns four rows of −7, which a kernel must leave past n.
func untouched() (v [4][Chunk]float32) {
	for c := range v {
		for k := range v[c] {
			v[c][k] = -7
		}
	}
	return v
}

// sameForms checks a kernel form's rows against the Go kernel's bits and
// that it wrote nothing past n.
func sameForms(t *testing.T, name string, wide bool, n int, vec, plain *[4][Chunk]float32) {
	t.Helper()
	sameBits(t, name, n, vec, plain)
	for c := range vec {
		for k := n; k < Chunk; k++ {
			if vec[c][k] != -7 {
				t.Fatalf("%s, wide %v, n %d: entry %d channel %d written", name, wide, n, k, c)
			}
		}
	}
}

// TestDepthForms holds the depth kernels' AVX-512 forms (gatherDepthV,
// pcfDepthV: the texel words read and compared in registers) and their
// AVX2 forms (gatherRows, then gatherDepth or pcfDepth) to the Go kernels'
// bits, on the chunks TestBilinear32Forms makes (every length; groups of
// sixteen read as pairs, gathered, or one of each half), every compare
// operation (and values past CompareAlways), references equal to a
// texel's depth or special values, and compare results in every channel
// form (the samplers' 1 and +0, +0 and +0, arbitrary finite values); the
// rows' entries past n are left alone.
func TestDepthForms(t *testing.T) {
	if !AsmKernels {
		t.Skip("no assembly kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(19, 2026))
	special := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 1, 0x80000001, 0x3f800000, 0x00800000, 0x3f000000}
	d := randomWords(rng)
	for i := 0; i < len(d); i += 4 {
		if rng.IntN(4) == 0 {
			binary.LittleEndian.PutUint32(d[i:], special[rng.IntN(len(special))])
		}
	}
	frac := func() float32 {
		return []float32{0, 0.5, math.Nextafter32(1, 0), rng.Float32(), rng.Float32()}[rng.IntN(5)]
	}
	finite := func() float32 {
		for {
			if v := math.Float32frombits(rng.Uint32()); !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) {
				return v
			}
		}
	}
	ops := []CompareOp{CompareNone, CompareNever, CompareLess, CompareEqual, CompareLessOrEqual, CompareGreater, CompareNotEqual, CompareGreaterOrEqual, CompareAlways, CompareAlways + 1, 255}
	for iter := 0; iter < 3000; iter++ {
		var fp Footprints
		var ref [Chunk]float32
		n := pairChunk(rng, d, iter, &fp, func(k int) {
			fp.FA[k], fp.FB[k] = frac(), frac()
			ref[k] = math.Float32frombits(special[rng.IntN(len(special))])
			if rng.IntN(4) != 0 {
				ref[k] = rng.Float32()
			}
		})
		for k := 0; k < n; k++ {
			if rng.IntN(3) == 0 { // equal to one of its texels' depths
				ref[k] = math.Float32frombits(binary.LittleEndian.Uint32(d[fp.O[rng.IntN(4)][k]:]))
			}
		}
		op := ops[iter%len(ops)]
		var tv, fv [4]float32
		for c := range tv {
			switch rng.IntN(4) {
			case 0:
				tv[c], fv[c] = 1, 0
			case 1:
				tv[c], fv[c] = 0, 0
			default:
				tv[c], fv[c] = finite(), finite()
			}
		}
		var form [4]uint8
		for c := range form {
			tb, fb := math.Float32bits(tv[c]), math.Float32bits(fv[c])
			switch {
			case tb == 0 && fb == 0:
				form[c] = pcfFormZero
			case tb == 0x3f800000 && fb == 0:
				form[c] = pcfFormWhere
			}
		}
		var gplain, pplain [4][Chunk]float32
		gpo, ppo := OutOf(&gplain), OutOf(&pplain)
		gatherDepthLanesGo(d, &fp, n, &ref, op, tv[0], fv[0], &gpo)
		pcfDepthLanesGo(d, &fp, n, &ref, op, &tv, &fv, &ppo)
		for _, wide := range []bool{false, true} {
			if wide && !Wide512 {
				continue
			}
			gvec, pvec := untouched(), untouched()
			gvo, pvo := OutOf(&gvec), OutOf(&pvec)
			if wide {
				gatherDepthV(&d[0], &fp.O, &ref, n, op, tv[0], fv[0], &gvo)
				pcfDepthV(&d[0], &fp.O, &ref, &fp.FA, &fp.FB, n, op, &tv, &fv, &form, &pvo)
			} else {
				gatherRows(&d[0], &fp.O, n, &fp.Tex)
				gatherDepth(&fp.Tex, &ref, n, op, tv[0], fv[0], &gvo)
				pcfDepth(&fp.Tex, &ref, &fp.FA, &fp.FB, n, op, &tv, &fv, &form, &pvo)
			}
			sameForms(t, "gather compare "+op.String(), wide, n, &gvec, &gplain)
			sameForms(t, "pcf "+op.String(), wide, n, &pvec, &pplain)
		}
	}
}
