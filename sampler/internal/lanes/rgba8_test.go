package lanes

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
)

// TestRGBA8DecodeKernelsAgree checks the lane loop's kernels for the 8-bit
// formats (BilinearRGBA8DecLanes, GatherRGBA8DecLanes: the
// assembly where the build and CPU have it, else the Go kernels, and the Go
// kernels themselves) against each footprint filtered texel by texel
// through the format's own decoder, in the reference's order: the weights
// (1 − α)(1 − β), α(1 − β), (1 − α)β, αβ, then the products added in texel
// order from zero; a gather's component r from texel GatherTexel[r].
func TestRGBA8DecodeKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2026))
	d := make([]byte, 1<<12)
	for i := range d {
		d[i] = byte(rng.Uint32())
	}
	d[0], d[1], d[2], d[3] = 0, 255, 1, 254
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
	decs := []struct {
		dec Decoder
		f   format.Format
	}{
		{DecodeRGBA8Unorm, format.R8G8B8A8Unorm},
		{DecodeRGBA8Srgb, format.R8G8B8A8Srgb},
		{DecodeBGRA8Unorm, format.B8G8R8A8Unorm},
		{DecodeBGRA8Srgb, format.B8G8R8A8Srgb},
		{DecodeRGBA8Snorm, format.R8G8B8A8Snorm},
		{DecodeR8Unorm, format.R8Unorm},
		{DecodeR8Srgb, format.R8Srgb},
		{DecodeR8Snorm, format.R8Snorm},
		{DecodeR8G8Unorm, format.R8G8Unorm},
		{DecodeR8G8Srgb, format.R8G8Srgb},
		{DecodeR8G8Snorm, format.R8G8Snorm},
	}
	for iter := 0; iter < 4000; iter++ {
		n := 1 + rng.IntN(Chunk)
		if rng.IntN(2) == 0 {
			n = 8 * (1 + rng.IntN(Chunk/8)) // the vector kernels' chunks
		}
		dc := decs[rng.IntN(len(decs))]
		size := int(dc.dec.RGBA8().Size)
		texels := len(d) / size
		var fp Footprints
		adjacent := rng.IntN(2) == 0 // rows of two adjacent texels (gatherRows' loads)
		for k := 0; k < n; k++ {
			for q := range fp.O {
				fp.O[q][k] = int32(size * rng.IntN(texels))
				if rng.IntN(16) == 0 {
					fp.O[q][k] = int32(len(d) - size) // the data's last texel
				}
			}
			if adjacent && rng.IntN(32) != 0 {
				fp.O[0][k], fp.O[2][k] = int32(size*rng.IntN(texels-1)), int32(size*rng.IntN(texels-1))
				fp.O[1][k], fp.O[3][k] = fp.O[0][k]+int32(size), fp.O[2][k]+int32(size)
			}
			fp.FA[k], fp.FB[k] = frac(), frac()
		}
		var ch [Chunk]uint8
		for k := range ch {
			ch[k] = uint8(rng.IntN(256)) // the kernels take ch & 3
		}
		decode := dc.f.Decoder()
		var want, got, plain [4][Chunk]float32
		for k := 0; k < n; k++ {
			var tx [4][4]float32
			for q := range tx {
				tx[q] = decode(d[fp.O[q][k]:])
			}
			wi0, wi1, wj0, wj1 := 1-fp.FA[k], fp.FA[k], 1-fp.FB[k], fp.FB[k]
			w := [4]float32{float32(wi0 * wj0), float32(wi1 * wj0), float32(wi0 * wj1), float32(wi1 * wj1)}
			for c := range want {
				a := float32(0)
				for q := range tx {
					a += float32(w[q] * tx[q][c])
				}
				want[c][k] = a
			}
		}
		go_, po := OutOf(&got), OutOf(&plain)
		BilinearRGBA8DecLanes(d, dc.dec, &fp, n, &go_, rng.IntN(2) == 0)
		bilinearRGBA8DecLanesGo(d, dc.dec.RGBA8(), &fp, n, &po)
		sameBits(t, "bilinear "+dc.f.String(), n, &got, &want)
		sameBits(t, "bilinear Go "+dc.f.String(), n, &plain, &want)

		for k := 0; k < n; k++ {
			for r, q := range GatherTexel {
				want[r][k] = decode(d[fp.O[q][k]:])[ch[k]&3]
			}
		}
		GatherRGBA8DecLanes(d, dc.dec, &fp, n, &ch, &go_, rng.IntN(2) == 0)
		gatherRGBA8DecLanesGo(d, dc.dec.RGBA8(), &fp, n, &ch, &po)
		sameBits(t, "gather "+dc.f.String(), n, &got, &want)
		sameBits(t, "gather Go "+dc.f.String(), n, &plain, &want)
	}
}

// TestSRGB8TableIsFormats checks srgb8Table against format.SRGBToLinear.
func TestSRGB8TableIsFormats(t *testing.T) {
	for c := range 256 {
		if got, want := srgb8Table[c], format.SRGBToLinear(uint8(c)); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("srgb8Table[%d] = %v, want %v", c, got, want)
		}
	}
}

// TestTableDecodesAreFormats checks every 8-bit table decode (rgba8Decodes)
// against its format's own decoder for every value of every byte of the
// texel (the other bytes random), the missing channels' constants
// included: at and channel give the decoder's bits, the texel size is the
// format's, and a channel of kind chanZero or chanOne reads zero8Table or
// one8Table.
func TestTableDecodesAreFormats(t *testing.T) {
	formats := map[Decoder]format.Format{
		DecodeRGBA8Unorm: format.R8G8B8A8Unorm, DecodeRGBA8Srgb: format.R8G8B8A8Srgb, DecodeRGBA8Snorm: format.R8G8B8A8Snorm,
		DecodeBGRA8Unorm: format.B8G8R8A8Unorm, DecodeBGRA8Srgb: format.B8G8R8A8Srgb,
		DecodeR8Unorm: format.R8Unorm, DecodeR8Srgb: format.R8Srgb, DecodeR8Snorm: format.R8Snorm,
		DecodeR8G8Unorm: format.R8G8Unorm, DecodeR8G8Srgb: format.R8G8Srgb, DecodeR8G8Snorm: format.R8G8Snorm,
	}
	rng := rand.New(rand.NewPCG(8, 256))
	for dc := range Decoder(DecoderCount) {
		dec := dc.RGBA8()
		f, ok := formats[dc]
		if (dec != nil) != ok {
			t.Fatalf("decoder %d: table decode %v, in the test's list %v", dc, dec != nil, ok)
		}
		if dec == nil {
			continue
		}
		if int(dec.Size) != f.Info().Bytes {
			t.Errorf("%s: size %d, want %d", f, dec.Size, f.Info().Bytes)
		}
		for c := range 4 {
			if dec.pos[c] >= dec.Size {
				t.Errorf("%s channel %d: byte %d beyond the texel", f, c, dec.pos[c])
			}
			want := map[uint8]*[256]float32{chanZero: &zero8Table, chanOne: &one8Table}[dec.kind[c]]
			if want != nil && dec.tab[c] != want || want == nil && (dec.tab[c] == &zero8Table || dec.tab[c] == &one8Table) {
				t.Errorf("%s channel %d: kind %d and its table disagree", f, c, dec.kind[c])
			}
		}
		decode := f.Decoder()
		texel := make([]byte, dec.Size)
		for p := range int(dec.Size) {
			for b := range 256 {
				for i := range texel {
					texel[i] = byte(rng.Uint32())
				}
				texel[p] = byte(b)
				got, want := dec.At(texel, 0), decode(texel)
				for c := range 4 {
					if math.Float32bits(got[c]) != math.Float32bits(want[c]) || math.Float32bits(dec.Channel(texel, 0, c)) != math.Float32bits(want[c]) {
						t.Fatalf("%s texel % x channel %d: %v (channel %v), want %v", f, texel, c, got[c], dec.Channel(texel, 0, c), want[c])
					}
				}
			}
		}
	}
}
