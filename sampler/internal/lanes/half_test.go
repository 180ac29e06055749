package lanes

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
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

// TestHalfDecodesAsFormat checks HalfAt against the format's own decoder
// for every half (normal, denormal, zero, infinity, NaN) in every channel:
// the same bits, NaN payloads included.
func TestHalfDecodesAsFormat(t *testing.T) {
	d := allHalves()
	decode := format.R16G16B16A16Sfloat.Decoder()
	for o := 0; o < len(d); o += 8 {
		got, want := HalfAt(d, o), decode(d[o:])
		for c := range got {
			if math.Float32bits(got[c]) != math.Float32bits(want[c]) {
				t.Fatalf("half %#04x: %08x, want %08x", o/2+c, math.Float32bits(got[c]), math.Float32bits(want[c]))
			}
		}
	}
}

// TestHalfKernelsAgree checks the r16g16b16a16_sfloat kernels
// (BilinearRGBA16FLanes, GatherRGBA16FLanes: the assembly where the
// build and the CPU have it, and the Go kernels) against the format's decoder:
// every half gathered from every channel, and random Footprints over every
// half filtered in the reference's order, a NaN result canonicalNaN.
func TestHalfKernelsAgree(t *testing.T) {
	d := allHalves()
	decode := format.R16G16B16A16Sfloat.Decoder()
	texels := len(d) / 8
	// Gathers: entry k of each chunk reads texel k·4+q as its texel q, so
	// that every texel is read; channel ch varies by entry.
	rng := rand.New(rand.NewPCG(16, 65536))
	var got, plain, want [4][Chunk]float32
	go_, po := OutOf(&got), OutOf(&plain)
	for first := 0; first < texels; first += 4 * Chunk {
		n := min(Chunk, (texels-first)/4)
		var fp Footprints
		var ch [Chunk]uint8
		for k := 0; k < n; k++ {
			for q := range fp.O {
				fp.O[q][k] = int32(8 * (first + 4*k + q))
			}
			ch[k] = uint8(rng.IntN(256))
		}
		for c := range 4 { // every channel of every texel
			for k := 0; k < n; k++ {
				ch[k] = ch[k]&^3 | uint8(c)
				for r, q := range GatherTexel {
					want[r][k] = Canonical(decode(d[fp.O[q][k]:])[c])
				}
			}
			GatherRGBA16FLanes(d, &fp, n, &ch, &go_, c&1 == 0)
			gatherRGBA16FLanesGo(d, &fp, n, &ch, &po)
			sameBits(t, "gather", n, &got, &want)
			sameBits(t, "gather Go", n, &plain, &want)
		}
	}
	frac := func() float32 {
		switch rng.IntN(5) {
		case 0:
			return 0
		case 1:
			return math.Nextafter32(1, 0)
		case 2:
			return 0.5
		}
		return rng.Float32()
	}
	for iter := 0; iter < 3000; iter++ {
		n := 8 * (1 + rng.IntN(Chunk/8))
		if rng.IntN(4) == 0 {
			n = 1 + rng.IntN(Chunk) // the Go kernel's short chunks
		}
		var fp Footprints
		for k := 0; k < n; k++ {
			for q := range fp.O {
				fp.O[q][k] = int32(8 * rng.IntN(texels))
			}
			if rng.IntN(2) == 0 {
				fp.O[0][k] = int32(8 * rng.IntN(texels-1))
				fp.O[1][k] = fp.O[0][k] + 8
			}
			fp.FA[k], fp.FB[k] = frac(), frac()
		}
		for k := 0; k < n; k++ {
			w00, w10, w01, w11 := BilinearWeights(fp.FA[k], fp.FB[k])
			w := [4]float32{w00, w10, w01, w11}
			for c := range want {
				a := float32(0)
				for q := range w {
					a += float32(w[q] * decode(d[fp.O[q][k]:])[c])
				}
				want[c][k] = Canonical(a)
			}
		}
		BilinearRGBA16FLanes(d, &fp, n, &go_, rng.IntN(2) == 0)
		bilinearRGBA16FLanesGo(d, &fp, n, &po)
		sameBits(t, "bilinear", n, &got, &want)
		sameBits(t, "bilinear Go", n, &plain, &want)
	}
}
