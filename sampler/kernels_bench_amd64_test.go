//go:build amd64 && !purego

package sampler

import (
	"math/rand/v2"
	"testing"
)

// benchFootprints returns a chunk of 64 footprints of adjacent texels
// (texel size sz, rows ys bytes apart) at random places of d, as a
// magnified bilinear request reads them.
func benchFootprints(d []byte, sz, ys int) *footprints {
	rng := rand.New(rand.NewPCG(5, 6))
	fp := new(footprints)
	for k := range laneChunk {
		o := int32(rng.IntN((len(d)-ys-2*sz)/sz) * sz)
		fp.o[0][k], fp.o[1][k], fp.o[2][k], fp.o[3][k] = o, o+int32(sz), o+int32(ys), o+int32(ys+sz)
		fp.fa[k], fp.fb[k] = rng.Float32(), rng.Float32()
	}
	return fp
}

// BenchmarkKernelChunk times the assembly bilinear kernels on one chunk
// of 64 footprints of a 1024-texel-wide level (and the Go sRGB kernel, for
// comparison): the cost of a format's decode in the lane loop.
func BenchmarkKernelChunk(b *testing.B) {
	if !asmKernels {
		b.Skip("no assembly kernels")
	}
	d := make([]byte, 8<<20)
	for i := range d {
		d[i] = byte(i * 7 >> 3)
	}
	var acc [4][laneChunk]float32
	out := outOf(&acc)
	fp4, fp1, fp8 := benchFootprints(d, 4, 4096), benchFootprints(d, 1, 1024), benchFootprints(d, 8, 8192)
	var ch [laneChunk]uint8
	b.Run("unorm", func(b *testing.B) {
		for range b.N {
			bilinear32(&d[0], &fp4.o, &fp4.fa, &fp4.fb, laneChunk, &out)
		}
	})
	b.Run("srgb", func(b *testing.B) {
		for range b.N {
			bilinearSRGB8(&d[0], &fp4.o, &fp4.fa, &fp4.fb, laneChunk, &out)
		}
	})
	b.Run("srgbVBMI", func(b *testing.B) {
		if !srgbVBMI {
			b.Skip("no AVX-512 VBMI")
		}
		for range b.N {
			bilinearSRGB8V(&d[0], &fp4.o, &fp4.fa, &fp4.fb, laneChunk, &out)
		}
	})
	b.Run("srgbGo", func(b *testing.B) {
		for range b.N {
			bilinearRGBA8DecLanesGo(d, decodeRGBA8Srgb.rgba8(), fp4, laneChunk, &out)
		}
	})
	b.Run("srgbGather", func(b *testing.B) {
		for range b.N {
			gatherTab(&d[0], &fp4.o, &ch, laneChunk, &out, decodeRGBA8Srgb.rgba8())
		}
	})
	b.Run("r8unorm", func(b *testing.B) {
		for range b.N {
			bilinearTab(&d[0], &fp1.o, &fp1.fa, &fp1.fb, laneChunk, &out, decodeR8Unorm.rgba8())
		}
	})
	b.Run("half", func(b *testing.B) {
		if !asmHalf {
			b.Skip("no F16C")
		}
		for range b.N {
			bilinearHalf(&d[0], &fp8.o, &fp8.fa, &fp8.fb, laneChunk, &out)
		}
	})
}
