//go:build amd64 && !purego

package lanes

import (
	"math/rand/v2"
	"testing"
)

// benchFootprints returns a chunk of 64 Footprints of adjacent texels
// (texel size sz, rows ys bytes apart) at random places of d, as a
// magnified bilinear request reads them.
func benchFootprints(d []byte, sz, ys int) *Footprints {
	rng := rand.New(rand.NewPCG(5, 6))
	fp := new(Footprints)
	for k := range Chunk {
		o := int32(rng.IntN((len(d)-ys-2*sz)/sz) * sz)
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = o, o+int32(sz), o+int32(ys), o+int32(ys+sz)
		fp.FA[k], fp.FB[k] = rng.Float32(), rng.Float32()
	}
	return fp
}

// BenchmarkKernelChunk times the assembly bilinear kernels on one chunk
// of 64 Footprints of a 1024-texel-wide level (and the Go sRGB kernel, for
// comparison): the cost of a format's decode in the lane loop.
func BenchmarkKernelChunk(b *testing.B) {
	if !AsmKernels {
		b.Skip("no assembly kernels")
	}
	d := make([]byte, 8<<20)
	for i := range d {
		d[i] = byte(i * 7 >> 3)
	}
	var acc [4][Chunk]float32
	out := OutOf(&acc)
	fp4, fp1, fp8 := benchFootprints(d, 4, 4096), benchFootprints(d, 1, 1024), benchFootprints(d, 8, 8192)
	var ch [Chunk]uint8
	b.Run("unorm", func(b *testing.B) {
		for range b.N {
			bilinear32(&d[0], &fp4.O, &fp4.FA, &fp4.FB, Chunk, &out)
		}
	})
	b.Run("srgb", func(b *testing.B) {
		for range b.N {
			bilinearSRGB8(&d[0], &fp4.O, &fp4.FA, &fp4.FB, Chunk, &out)
		}
	})
	b.Run("SRGBVBMI", func(b *testing.B) {
		if !SRGBVBMI {
			b.Skip("no AVX-512 VBMI")
		}
		for range b.N {
			bilinearSRGB8V(&d[0], &fp4.O, &fp4.FA, &fp4.FB, Chunk, &out)
		}
	})
	b.Run("srgbGo", func(b *testing.B) {
		for range b.N {
			bilinearRGBA8DecLanesGo(d, DecodeRGBA8Srgb.RGBA8(), fp4, Chunk, &out)
		}
	})
	b.Run("srgbGather", func(b *testing.B) {
		for range b.N {
			gatherTab(&d[0], &fp4.O, &ch, Chunk, &out, DecodeRGBA8Srgb.RGBA8())
		}
	})
	b.Run("r8unorm", func(b *testing.B) {
		for range b.N {
			bilinearTab(&d[0], &fp1.O, &fp1.FA, &fp1.FB, Chunk, &out, DecodeR8Unorm.RGBA8())
		}
	})
	b.Run("half", func(b *testing.B) {
		if !asmHalf {
			b.Skip("no F16C")
		}
		for range b.N {
			bilinearHalf(&d[0], &fp8.O, &fp8.FA, &fp8.FB, Chunk, &out)
		}
	})
}

// BenchmarkPlainFootprints times PlainFootprintsAsm on a chunk of 64
// points of a 1024 × 1024 RGBA8 level (W1's and W4's texture: rows 4096
// bytes apart) by repeat, and by clamp-to-edge on a level 1000 texels wide
// (rows not a power of two apart).
func BenchmarkPlainFootprints(b *testing.B) {
	if !AsmKernels {
		b.Skip("no assembly kernels")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var s, t [Chunk]float32
	for k := range Chunk {
		s[k], t[k] = rng.Float32(), rng.Float32()
	}
	c := new(Set)
	for _, tc := range []struct {
		name string
		p    FootParams
	}{
		{"repeat1024", FootParams{Fw: 1024, Fh: 1024, Wm: 1023, Hm: 1023, Ys: 4096, Xsh: 2, Rep0: 1, Rep1: 1}},
		{"clamp1000", FootParams{Fw: 1000, Fh: 1000, Wm: 999, Hm: 999, Ys: 4000, Xsh: 2}},
	} {
		for _, mul := range []bool{false, true} {
			p, name := tc.p, tc.name
			p.Derive()
			if mul { // the multiplication where a shift would do
				p.Ysh, name = -1, name+"Mul"
			} else if p.Ysh < 0 {
				continue
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					PlainFootprintsAsm(&p, &s[0], &t[0], nil, Chunk, c)
				}
			})
		}
	}
}
