//go:build goexperiment.simd && amd64 && !purego

package sampler

import (
	"math"
	"simd/archsimd"
	"testing"
)

// TestUnorm8IsDivision checks unorm8 against the binary32 quotient u/255
// the reference decodes, for every byte in every channel position, and the
// weights' 2^24 scale: w·2^−24 times unorm8's value is fl(w·(u/255)) for
// weights from 1 down to the smallest a footprint has.
func TestUnorm8IsDivision(t *testing.T) {
	if !vectorKernels {
		t.Skip("no AVX2 and FMA")
	}
	k8 := archsimd.BroadcastFloat32x8(unormK)
	scale := archsimd.BroadcastFloat32x8(unormScale)
	weights := []float32{1, 0.5, 0.75, 1.0 / 3, 0.999999940395, 1.0 / (1 << 26), 1.0 / (1 << 52), 0.1234567}
	for c := range 4 {
		for e := range 8 { // gather8 builds unormRep's words from unormRepBase
			r := unormRep[c][4*e : 4*e+4]
			if w := uint32(uint8(r[0])) | uint32(uint8(r[1]))<<8 | uint32(uint8(r[2]))<<16 | uint32(uint8(r[3]))<<24; w != unormRepBase[e]+uint32(c)*0x010101 {
				t.Fatalf("unormRep[%d] word %d: %08x, unormRepBase gives %08x", c, e, w, unormRepBase[e]+uint32(c)*0x010101)
			}
		}
		rep := archsimd.LoadInt8x32(&unormRep[c])
		for u0 := 0; u0 < 256; u0 += 8 {
			var words [8]uint32
			for e := range words {
				u := uint32(u0 + e)
				words[e] = 0xa5a5a5a5&^(0xff<<(8*c)) | u<<(8*c) // other channels hold other bytes
			}
			v := unorm8(archsimd.LoadUint32x8(&words), rep, k8)
			var got [8]float32
			v.Mul(scale).Store(&got)
			for _, w := range weights {
				var prod [8]float32
				archsimd.BroadcastFloat32x8(w).Mul(scale).Mul(v).Store(&prod)
				for e := range got {
					want := float32(u0+e) / 255
					if math.Float32bits(got[e]) != math.Float32bits(want) {
						t.Fatalf("channel %d byte %d: %v (%08x), want %v (%08x)", c, u0+e, got[e], math.Float32bits(got[e]), want, math.Float32bits(want))
					}
					if wp := w * want; math.Float32bits(prod[e]) != math.Float32bits(wp) {
						t.Fatalf("channel %d byte %d weight %v: product %v, want %v", c, u0+e, w, prod[e], wp)
					}
				}
			}
		}
	}
	archsimd.ClearAVXUpperBits()
}
