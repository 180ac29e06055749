//go:build amd64 && !purego

package lanes

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSRGB8KernelsAgree runs both assembly forms of the r8g8b8a8_srgb
// bilinear kernel — the AVX2 one (bilinearSRGB8) and, where the CPU has
// AVX-512 VBMI, bilinearSRGB8V — against the Go kernel on random texels (every
// byte value), fractions and Footprints, adjacent pairs (read as 8-byte
// pairs) and not (gathered), chunks of 8 to 64 entries, the data's last
// texel included.
func TestSRGB8KernelsAgree(t *testing.T) {
	if !AsmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	rng := rand.New(rand.NewPCG(8, 512))
	d := make([]byte, 1<<12)
	for i := range d {
		d[i] = byte(rng.Uint32())
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
	texels := len(d) / 4
	for iter := 0; iter < 3000; iter++ {
		n := 8 * (1 + rng.IntN(Chunk/8))
		var fp Footprints
		adjacent := rng.IntN(2) == 0
		for k := 0; k < n; k++ {
			for q := range fp.O {
				fp.O[q][k] = int32(4 * rng.IntN(texels))
				if rng.IntN(16) == 0 {
					fp.O[q][k] = int32(len(d) - 4)
				}
			}
			if adjacent && rng.IntN(32) != 0 {
				fp.O[0][k], fp.O[2][k] = int32(4*rng.IntN(texels-1)), int32(4*rng.IntN(texels-1))
				fp.O[1][k], fp.O[3][k] = fp.O[0][k]+4, fp.O[2][k]+4
			}
			fp.FA[k], fp.FB[k] = frac(), frac()
		}
		var want, got [4][Chunk]float32
		wo, gotOut := OutOf(&want), OutOf(&got)
		bilinearRGBA8DecLanesGo(d, DecodeRGBA8Srgb.RGBA8(), &fp, n, &wo)
		bilinearSRGB8(&d[0], &fp.O, &fp.FA, &fp.FB, n, &gotOut)
		sameBits(t, "bilinearSRGB8", n, &got, &want)
		if SRGBVBMI {
			got = [4][Chunk]float32{}
			bilinearSRGB8V(&d[0], &fp.O, &fp.FA, &fp.FB, n, &gotOut)
			sameBits(t, "bilinearSRGB8V", n, &got, &want)
		}
	}
	if !SRGBVBMI {
		t.Log("no AVX-512 VBMI on this CPU: bilinearSRGB8V not run")
	}
}

// TestSRGB8AVX2Path runs the 8-bit kernels' agreement test with the AVX2
// sRGB kernel where the CPU would choose the AVX-512 one, so that both
// forms are checked (package sampler's TestSRGB8AVX2Path runs them through
// the engine).
func TestSRGB8AVX2Path(t *testing.T) {
	if !SRGBVBMI {
		t.Skip("the AVX2 kernel is the one chosen: the other tests run it")
	}
	SRGBVBMI = false
	defer func() { SRGBVBMI = true }()
	t.Run("kernels", TestRGBA8DecodeKernelsAgree)
}

// TestTableWrappersDecline checks the preconditions the table and
// half-float kernels' wrappers enforce: a chunk of a multiple of 8 entries
// whose Footprints read their texel's own bytes inside the data — the last
// texel taken, one byte further declined — unless the caller vouches for
// every offset (inside).
func TestTableWrappersDecline(t *testing.T) {
	if !AsmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	d := make([]byte, 96)
	var out [4][Chunk]float32
	o := OutOf(&out)
	var ch [Chunk]uint8
	for _, size := range []int{1, 2, 4, 8} {
		for _, c := range []struct {
			n      int
			last   int32 // entry 0's first texel offset
			inside bool
			want   bool
		}{
			{8, int32(len(d) - size), false, true},
			{16, int32(len(d) - size + 1), false, false},
			{8, -1, false, false},
			{7, 0, false, false},
			{0, 0, true, false},
			{64, 0, true, true},
		} {
			var fp Footprints
			fp.O[0][0] = c.last
			var got, gotGather bool
			if size == 8 {
				got = bilinearHalfAsm(d, &fp, c.n, &o, c.inside)
				gotGather = gatherHalfAsm(d, &fp, c.n, &ch, &o, c.inside)
				if !asmHalf {
					c.want = false
				}
			} else {
				dec := map[int]Decoder{1: DecodeR8Unorm, 2: DecodeR8G8Srgb, 4: DecodeRGBA8Snorm}[size].RGBA8()
				got = bilinearTabAsm(d, dec, &fp, c.n, &o, c.inside)
				gotGather = gatherTabAsm(d, dec, &fp, c.n, &ch, &o, c.inside)
			}
			if got != c.want || gotGather != c.want {
				t.Errorf("size %d, %d entries, offset %d, inside %v: bilinear %v, gather %v, want %v", size, c.n, c.last, c.inside, got, gotGather, c.want)
			}
		}
	}
}
