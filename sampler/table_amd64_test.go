//go:build amd64 && !purego

package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestFetchTabAsmAgrees runs fetchTabAsm against the reference on fetches
// of every table format but r8g8b8a8_unorm from 2D and 2D-array views
// (lanes inside, at and beyond the level's edges and the view's layers,
// extreme coordinates), and requires that it takes every one of them: the
// lanes outside read as the format's zero texel, (0, 0, 0, 1) for the
// formats without alpha.
func TestFetchTabAsmAgrees(t *testing.T) {
	if !asmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	formats := []format.Format{format.R8G8B8A8Srgb, format.R8G8B8A8Snorm, format.B8G8R8A8Unorm, format.B8G8R8A8Srgb,
		format.R8Unorm, format.R8Srgb, format.R8Snorm, format.R8G8Unorm, format.R8G8Srgb, format.R8G8Snorm}
	rng := rand.New(rand.NewPCG(5, 22))
	for iter := 0; iter < 400; iter++ {
		f := formats[rng.IntN(len(formats))]
		w, h := []int{1, 1, 2, 7, 33}[rng.IntN(5)], []int{1, 2, 5, 40}[rng.IntN(4)]
		kind, layers := surface.Kind2D, 1
		if rng.IntN(3) != 0 {
			kind, layers = surface.Kind2DArray, 1+rng.IntN(6)
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers}, false)
		for i := range s.Data {
			s.Data[i] = byte(rng.Uint32()) // every byte value
		}
		v := s.View()
		if layers > 1 && rng.IntN(2) == 0 {
			v.BaseLayer = rng.IntN(layers)
			v.Layers = 1 + rng.IntN(layers-v.BaseLayer)
		}
		lanes := 8 * (1 + rng.IntN(20))
		req := &Request{Op: OpFetch, Lanes: lanes}
		for c := range 3 {
			req.Texel[c] = make([]int32, lanes)
		}
		for i := range lanes {
			req.Texel[0][i] = int32(rng.IntN(w+4) - 2)
			req.Texel[1][i] = int32(rng.IntN(h+4) - 2)
			req.Texel[2][i] = int32(rng.IntN(v.Layers+4) - 2)
			if rng.IntN(16) == 0 {
				req.Texel[rng.IntN(3)][i] = []int32{math.MinInt32, math.MaxInt32, -1 << 20, 1 << 20}[rng.IntN(4)]
			}
		}
		if kind == surface.Kind2D {
			req.Texel[2] = nil
		}
		st := DefaultState()
		var x exec
		if err := x.setup(Precision{}, v, &st, req); err != nil {
			t.Fatal(err)
		}
		if !x.fast.on {
			t.Fatalf("%s %s %dx%d: the fetch does not take the specialised path", f, kind, w, h)
		}
		var got Result
		got.resize(lanes, false)
		for c := range got.Bits {
			for i := range got.Bits[c] {
				got.Bits[c][i] = 0xdeadbeef // every lane is written
			}
		}
		if !x.fetchAsm(req, &got) {
			t.Fatalf("%s %s %dx%d view %+v: fetchAsm declined", f, kind, w, h, v)
		}
		_, ref := bothPaths(t, v, &st, req)
		for i := range lanes {
			for c := range 4 {
				if got.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%s %s %dx%d view %+v lane %d texel (%d, %d, %v) channel %d: %08x, reference %08x", f, kind, w, h, v, i,
						req.Texel[0][i], req.Texel[1][i], req.Texel[2], c, got.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
	}
}

// TestSRGB8KernelsAgree runs both assembly forms of the r8g8b8a8_srgb
// bilinear kernel — the AVX2 one (bilinearSRGB8) and, where the CPU has
// AVX-512 VBMI, bilinearSRGB8V — against the Go kernel on random texels (every
// byte value), fractions and footprints, adjacent pairs (read as 8-byte
// pairs) and not (gathered), chunks of 8 to 64 entries, the data's last
// texel included.
func TestSRGB8KernelsAgree(t *testing.T) {
	if !asmKernels {
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
		n := 8 * (1 + rng.IntN(laneChunk/8))
		var fp footprints
		adjacent := rng.IntN(2) == 0
		for k := 0; k < n; k++ {
			for q := range fp.o {
				fp.o[q][k] = int32(4 * rng.IntN(texels))
				if rng.IntN(16) == 0 {
					fp.o[q][k] = int32(len(d) - 4)
				}
			}
			if adjacent && rng.IntN(32) != 0 {
				fp.o[0][k], fp.o[2][k] = int32(4*rng.IntN(texels-1)), int32(4*rng.IntN(texels-1))
				fp.o[1][k], fp.o[3][k] = fp.o[0][k]+4, fp.o[2][k]+4
			}
			fp.fa[k], fp.fb[k] = frac(), frac()
		}
		var want, got [4][laneChunk]float32
		wo, gotOut := outOf(&want), outOf(&got)
		bilinearRGBA8DecLanesGo(d, decodeRGBA8Srgb.rgba8(), &fp, n, &wo)
		bilinearSRGB8(&d[0], &fp.o, &fp.fa, &fp.fb, n, &gotOut)
		sameBits(t, "bilinearSRGB8", n, &got, &want)
		if srgbVBMI {
			got = [4][laneChunk]float32{}
			bilinearSRGB8V(&d[0], &fp.o, &fp.fa, &fp.fb, n, &gotOut)
			sameBits(t, "bilinearSRGB8V", n, &got, &want)
		}
	}
	if !srgbVBMI {
		t.Log("no AVX-512 VBMI on this CPU: bilinearSRGB8V not run")
	}
}

// TestSRGB8AVX2Path runs the sRGB agreement tests with the AVX2 kernel
// where the CPU would choose the AVX-512 one, so that both forms are
// checked through the engine.
func TestSRGB8AVX2Path(t *testing.T) {
	if !srgbVBMI {
		t.Skip("the AVX2 kernel is the one chosen: the other tests run it")
	}
	srgbVBMI = false
	defer func() { srgbVBMI = true }()
	t.Run("kernels", TestRGBA8DecodeKernelsAgree)
	t.Run("loops", TestSpecialisedLoopsAgree)
	t.Run("linear", TestLinearLoopAgrees)
}

// TestTableWrappersDecline checks the preconditions the table and
// half-float kernels' wrappers enforce: a chunk of a multiple of 8 entries
// whose footprints read their texel's own bytes inside the data — the last
// texel taken, one byte further declined — unless the caller vouches for
// every offset (inside).
func TestTableWrappersDecline(t *testing.T) {
	if !asmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	d := make([]byte, 96)
	var out [4][laneChunk]float32
	o := outOf(&out)
	var ch [laneChunk]uint8
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
			var fp footprints
			fp.o[0][0] = c.last
			var got, gotGather bool
			if size == 8 {
				got = bilinearHalfAsm(d, &fp, c.n, &o, c.inside)
				gotGather = gatherHalfAsm(d, &fp, c.n, &ch, &o, c.inside)
				if !asmHalf {
					c.want = false
				}
			} else {
				dec := map[int]texelDecoder{1: decodeR8Unorm, 2: decodeR8G8Srgb, 4: decodeRGBA8Snorm}[size].rgba8()
				got = bilinearTabAsm(d, dec, &fp, c.n, &o, c.inside)
				gotGather = gatherTabAsm(d, dec, &fp, c.n, &ch, &o, c.inside)
			}
			if got != c.want || gotGather != c.want {
				t.Errorf("size %d, %d entries, offset %d, inside %v: bilinear %v, gather %v, want %v", size, c.n, c.last, c.inside, got, gotGather, c.want)
			}
		}
	}
}
