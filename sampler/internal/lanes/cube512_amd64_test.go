//go:build amd64 && !purego

package lanes

import (
	"math"
	"math/rand/v2"
	"testing"
)

// cubeValue returns a direction's or a derivative's component for
// TestCubeLanesForms: small and large values of either sign, ±0, the
// infinities, NaNs with different payloads and signs (two NaN operands'
// result takes the first source's payload, so the operand order shows),
// subnormals, values near overflow, or any bits at all.
func cubeValue(rng *rand.Rand) float32 {
	switch rng.IntN(6) {
	case 0:
		return []float32{0, float32(math.Copysign(0, -1)), 1, -1, 2, -2, 0.5, -0.25,
			float32(math.Inf(1)), float32(math.Inf(-1)), math.MaxFloat32, -math.MaxFloat32,
			math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1e-30, 3e19}[rng.IntN(16)]
	case 1:
		return math.Float32frombits([]uint32{0x7fc00000, 0xffc00000, 0x7f800001, 0xff812345, 0x7fd00abc, 0xffffffff}[rng.IntN(6)])
	case 2:
		return math.Float32frombits(rng.Uint32())
	}
	return rng.Float32()*4 - 2
}

// TestCubeLanesForms holds CubeLanes16 (the AVX-512 form) to CubeLanesAsm
// (the AVX2 loop) bit for bit: the face coordinates s and t, the face,
// the layer and ρ (c.Arg), without derivatives, with the quads'
// differences and with gradients, on every lane count (multiples of 8 up
// to Chunk: a last group of eight where n is not a multiple of 16), on
// directions whose components tie in magnitude (ties to z, then y), are
// ±0, infinite, NaN (with payloads), subnormal or any bits (cubeValue).
// The operands' rows end at lane n, each on its own allocation, and both
// forms start from the same garbage in the Set: neither may write an
// entry at or past n.
func TestCubeLanesForms(t *testing.T) {
	if !Wide512 {
		t.Skip("no AVX-512 kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(6, 2026))
	var c8, c16, garbage Set
	cases := 0
	for iter := 0; iter < 300; iter++ {
		for n := 8; n <= Chunk; n += 8 {
			var r, dx, dy [3][]float32
			for i := range 3 {
				r[i], dx[i], dy[i] = make([]float32, n), make([]float32, n), make([]float32, n)
				for k := range n {
					r[i][k], dx[i][k], dy[i][k] = cubeValue(rng), cubeValue(rng), cubeValue(rng)
				}
			}
			for k := range n {
				if rng.IntN(3) == 0 { // ties of magnitudes
					i, j := rng.IntN(3), rng.IntN(3)
					r[i][k] = []float32{1, -1}[rng.IntN(2)] * float32(math.Abs(float64(r[j][k])))
				}
			}
			size := []float32{1, 16, 1 << 14}[rng.IntN(3)]
			a := CubeArgs{Sz: [2]float32{size, size}, Base: int32(6 * rng.IntN(4)), Deriv: int32(rng.IntN(3))}
			if rng.IntN(8) == 0 {
				a.Base = int32(rng.Uint32())
			}
			for i := range 3 {
				a.Coord[i], a.Ddx[i], a.Ddy[i] = &r[i][0], &dx[i][0], &dy[i][0]
			}
			for k := range Chunk {
				garbage.S[k], garbage.T[k] = math.Float32frombits(rng.Uint32()), math.Float32frombits(rng.Uint32())
				garbage.Face[k], garbage.Layer[k] = int32(rng.Uint32()), int32(rng.Uint32())
				garbage.Arg[k] = math.Float32frombits(rng.Uint32())
			}
			c8.S, c8.T, c8.Face, c8.Layer, c8.Arg = garbage.S, garbage.T, garbage.Face, garbage.Layer, garbage.Arg
			c16.S, c16.T, c16.Face, c16.Layer, c16.Arg = garbage.S, garbage.T, garbage.Face, garbage.Layer, garbage.Arg
			CubeLanesAsm(&a, n, &c8)
			CubeLanes16(&a, n, &c16)
			cases++
			for k := range Chunk {
				b8 := [5]uint32{math.Float32bits(c8.S[k]), math.Float32bits(c8.T[k]), uint32(c8.Face[k]), uint32(c8.Layer[k]), math.Float32bits(c8.Arg[k])}
				b16 := [5]uint32{math.Float32bits(c16.S[k]), math.Float32bits(c16.T[k]), uint32(c16.Face[k]), uint32(c16.Layer[k]), math.Float32bits(c16.Arg[k])}
				if b16 != b8 {
					t.Fatalf("n %d deriv %d size %v lane %d: direction (%08x %08x %08x): AVX-512 s, t, face, layer, ρ %08x, AVX2 %08x",
						n, a.Deriv, size, k, math.Float32bits(r[0][min(k, n-1)]), math.Float32bits(r[1][min(k, n-1)]), math.Float32bits(r[2][min(k, n-1)]), b16, b8)
				}
				if k >= n {
					bg := [5]uint32{math.Float32bits(garbage.S[k]), math.Float32bits(garbage.T[k]), uint32(garbage.Face[k]), uint32(garbage.Layer[k]), math.Float32bits(garbage.Arg[k])}
					if b16 != bg {
						t.Fatalf("n %d deriv %d: entry %d past n written", n, a.Deriv, k)
					}
				}
			}
		}
	}
	t.Logf("%d cases", cases)
}

// BenchmarkCubeLanesForms times the cube lane stage on a full chunk (64
// lanes of random directions), CubeLanesAsm against CubeLanes16: without
// derivatives, with the quads' differences (W6's) and with gradients.
func BenchmarkCubeLanesForms(b *testing.B) {
	if !AsmKernels {
		b.Skip("no assembly kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(8, 9))
	var r, dx, dy [3][Chunk]float32
	for i := range 3 {
		for k := range Chunk {
			r[i][k], dx[i][k], dy[i][k] = rng.Float32()*2-1, rng.Float32()/64, rng.Float32()/64
		}
	}
	var c Set
	for deriv := int32(0); deriv < 3; deriv++ {
		a := CubeArgs{Sz: [2]float32{256, 256}, Deriv: deriv}
		for i := range 3 {
			a.Coord[i], a.Ddx[i], a.Ddy[i] = &r[i][0], &dx[i][0], &dy[i][0]
		}
		name := []string{"noDeriv", "quads", "gradients"}[deriv]
		b.Run(name+"/avx2", func(b *testing.B) {
			for b.Loop() {
				CubeLanesAsm(&a, Chunk, &c)
			}
		})
		if Wide512 {
			b.Run(name+"/avx512", func(b *testing.B) {
				for b.Loop() {
					CubeLanes16(&a, Chunk, &c)
				}
			})
		}
	}
}
