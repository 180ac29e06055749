//go:build amd64 && !purego

package sampler

import (
	"math/rand/v2"
	"testing"
)

// benchFootprints returns a chunk of 64 footprints of adjacent texels
// (texel size sz, rows ys bytes apart) at random places of a d-byte
// surface, as a magnified bilinear request reads them.
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

func BenchmarkKernelChunk(b *testing.B) {
	if !asmKernels {
		b.Skip("no assembly kernels")
	}
	d := make([]byte, 4<<20)
	for i := range d {
		d[i] = byte(i * 7 >> 3)
	}
	fp := benchFootprints(d, 4, 4096)
	var acc [4][laneChunk]float32
	out := outOf(&acc)
	b.Run("unorm", func(b *testing.B) {
		for range b.N {
			bilinear32(&d[0], &fp.o, &fp.fa, &fp.fb, laneChunk, &out)
		}
	})
	b.Run("srgb", func(b *testing.B) {
		for range b.N {
			bilinearSRGB8(&d[0], &fp.o, &fp.fa, &fp.fb, laneChunk, &out)
		}
	})
	b.Run("srgbGo", func(b *testing.B) {
		for range b.N {
			bilinearRGBA8DecLanesGo(d, decodeRGBA8Srgb.rgba8(), fp, laneChunk, &out)
		}
	})
}
