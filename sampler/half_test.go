package sampler

import (
	"encoding/binary"
	"math"
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

// TestHalfDecodesAsFormat checks halfAt against the format's own decoder
// for every half (normal, denormal, zero, infinity, NaN) in every channel:
// the same bits, NaN payloads included.
func TestHalfDecodesAsFormat(t *testing.T) {
	d := allHalves()
	decode := format.R16G16B16A16Sfloat.Decoder()
	for o := 0; o < len(d); o += 8 {
		got, want := halfAt(d, o), decode(d[o:])
		for c := range got {
			if math.Float32bits(got[c]) != math.Float32bits(want[c]) {
				t.Fatalf("half %#04x: %08x, want %08x", o/2+c, math.Float32bits(got[c]), math.Float32bits(want[c]))
			}
		}
	}
}

// TestHalfKernelsAgree checks the r16g16b16a16_sfloat kernels
// (bilinearRGBA16FLanes, gatherRGBA16FLanes: the assembly where the build
// and the CPU have it, and the Go kernels) against the format's decoder:
// every half gathered from every channel, and random footprints over every
// half filtered in the reference's order, a NaN result canonicalNaN.
func TestHalfKernelsAgree(t *testing.T) {
	d := allHalves()
	decode := format.R16G16B16A16Sfloat.Decoder()
	texels := len(d) / 8
	// Gathers: entry k of each chunk reads texel k·4+q as its texel q, so
	// that every texel is read; channel ch varies by entry.
	rng := rand.New(rand.NewPCG(16, 65536))
	var got, plain, want [4][laneChunk]float32
	go_, po := outOf(&got), outOf(&plain)
	for first := 0; first < texels; first += 4 * laneChunk {
		n := min(laneChunk, (texels-first)/4)
		var fp footprints
		var ch [laneChunk]uint8
		for k := 0; k < n; k++ {
			for q := range fp.o {
				fp.o[q][k] = int32(8 * (first + 4*k + q))
			}
			ch[k] = uint8(rng.IntN(256))
		}
		for c := range 4 { // every channel of every texel
			for k := 0; k < n; k++ {
				ch[k] = ch[k]&^3 | uint8(c)
				for r, q := range gatherTexel {
					want[r][k] = canonical(decode(d[fp.o[q][k]:])[c])
				}
			}
			gatherRGBA16FLanes(d, &fp, n, &ch, &go_, c&1 == 0)
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
		n := 8 * (1 + rng.IntN(laneChunk/8))
		if rng.IntN(4) == 0 {
			n = 1 + rng.IntN(laneChunk) // the Go kernel's short chunks
		}
		var fp footprints
		for k := 0; k < n; k++ {
			for q := range fp.o {
				fp.o[q][k] = int32(8 * rng.IntN(texels))
			}
			if rng.IntN(2) == 0 {
				fp.o[0][k] = int32(8 * rng.IntN(texels-1))
				fp.o[1][k] = fp.o[0][k] + 8
			}
			fp.fa[k], fp.fb[k] = frac(), frac()
		}
		for k := 0; k < n; k++ {
			w00, w10, w01, w11 := bilinearWeights(fp.fa[k], fp.fb[k])
			w := [4]float32{w00, w10, w01, w11}
			for c := range want {
				a := float32(0)
				for q := range w {
					a += float32(w[q] * decode(d[fp.o[q][k]:])[c])
				}
				want[c][k] = canonical(a)
			}
		}
		bilinearRGBA16FLanes(d, &fp, n, &go_, rng.IntN(2) == 0)
		bilinearRGBA16FLanesGo(d, &fp, n, &po)
		sameBits(t, "bilinear", n, &got, &want)
		sameBits(t, "bilinear Go", n, &plain, &want)
	}
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
