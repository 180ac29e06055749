//go:build amd64 && !purego

package lanes

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestPlainLevel128VAgrees holds the single call's r32g32b32a32_sfloat
// bilinear kernel (LevelBilinear128: PlainLevelV's plainLevel128V, and
// PlainLevel8's, each where the CPU runs it) to PlainFootprintsAsm
// followed by the Go kernel (bilinearRGBA32FLanesGo), bit for bit: 16-byte
// texels whose channels are random or special (±0, ±∞, NaNs quiet and
// signalling with payloads, subnormals, ±1, ½, the largest finite), on
// random levels (sizes powers of two or not, one texel wide or tall,
// repeat or clamp-to-edge on each axis, y strides that are powers of two
// or not, array layers), every chunk length (a last group of eight where n
// is not a multiple of 16), coordinates inside, on and beyond the edges
// (footprints that wrap or clamp, read texel by texel) or as screen-space
// quads (pairs, read 32 bytes a row), and now and then one beyond ±2^30 or
// NaN, which it must report, having written nothing from its group (of
// sixteen, or eight) on and the groups before it as the stages do; the
// rows' entries past n are left alone.
func TestPlainLevel128VAgrees(t *testing.T) {
	forms := plainLevelForms()
	if len(forms) == 0 {
		t.Skip("no assembly kernels in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(128, 2026))
	d := make([]byte, 1<<20)
	special := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0x7fa00000,
		1, 0x807fffff, 0x3f800000, 0xbf800000, 0x3f000000, 0x7f7fffff, 0xff7fffff}
	for i := 0; i < len(d); i += 4 {
		v := math.Float32bits(rng.Float32()*8 - 4)
		if rng.IntN(6) == 0 {
			v = special[rng.IntN(len(special))]
		}
		binary.LittleEndian.PutUint32(d[i:], v)
	}
	rejected, apart, pairs := 0, 0, 0
	for iter := 0; iter < 6000; iter++ {
		p, layers, ls, off := randomLevel(rng, 16)
		if int(off+layers*ls) > len(d) {
			continue
		}
		n := 8 * (1 + rng.IntN(Chunk/8))
		s, tc := make([]float32, n), make([]float32, n)
		var layer [Chunk]int32
		coord := func(size float32) float32 {
			switch rng.IntN(6) {
			case 0:
				return (float32(rng.IntN(int(size))) + 0.5) / size
			case 1:
				return float32(math.Copysign(0, -1))
			case 2:
				return 1
			case 3:
				return float32(rng.IntN(int(size)+1)) / size // on a texel's edge: α or β +0
			}
			return rng.Float32()*5 - 2
		}
		coherent := rng.IntN(2) == 0
		steps := []float32{1, 0.5, 0.9, 1.02, 1.7, 2}
		s0, t0, stepX, stepY := rng.Float32(), rng.Float32(), steps[rng.IntN(len(steps))], steps[rng.IntN(len(steps))]
		for j := 0; j < n; j++ {
			s[j], tc[j] = coord(p.Fw), coord(p.Fh)
			if coherent {
				g, q, pp := j/16, j%16/4, j%4
				x, y := float32((q%4)*2+pp%2+8*(g%2)), float32((q/4)*2+pp/2+2*(g/2))
				s[j], tc[j] = s0+x*stepX/p.Fw, t0+y*stepY/p.Fh
			}
			layer[j] = int32(rng.IntN(int(layers)))
		}
		badAt := -1
		if rng.IntN(20) == 0 {
			bads := []float32{1 << 31, -(1 << 31), float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))}
			j := rng.IntN(n)
			badAt = j
			if rng.IntN(2) == 0 {
				s[j] = bads[rng.IntN(len(bads))]
			} else {
				tc[j] = bads[rng.IntN(len(bads))]
			}
		}
		k := LevelKernel{Kind: LevelBilinear128}
		c := new(Set)
		c.Layer = layer
		var plain [4][Chunk]float32
		po := OutOf(&plain)
		ok := PlainFootprintsAsm(&p, &s[0], &tc[0], nil, n, c)
		if ok {
			bilinearRGBA32FLanesGo(d, &c.FP, n, &po)
			allPairs := true
			for j := 0; j < n; j++ {
				if c.FP.O[1][j] != c.FP.O[0][j]+16 || c.FP.O[3][j] != c.FP.O[2][j]+16 {
					allPairs = false
				}
			}
			if allPairs {
				pairs++
			} else {
				apart++
			}
		}
		name := fmt.Sprintf("%dx%d ys %d rep %d/%d layers %d", p.Wm+1, p.Hm+1, p.Ys, p.Rep0, p.Rep1, p.Layers)
		if !ok {
			rejected++
			if badAt < 0 {
				t.Fatalf("%s, n %d: rejected coordinates in range", name, n)
			}
		}
		for _, f := range forms {
			vec := untouched()
			vo := OutOf(&vec)
			got := f.call(&p, &k, &d[0], &s[0], &tc[0], nil, &layer[0], n, &vo)
			if got != ok {
				t.Fatalf("%s, n %d: %s reports %v, the footprints stage %v", name, n, f.name, got, ok)
			}
			if ok {
				sameForms(t, name+", "+f.name, true, n, &vec, &plain)
				continue
			}
			checkDeclined(t, fmt.Sprintf("%s, n %d", name, n), f, badAt, &vec, &p, &s[0], &tc[0], nil, &layer,
				func(c *Set, m int, o *Out) { bilinearRGBA32FLanesGo(d, &c.FP, m, o) })
		}
	}
	t.Logf("%d chunks rejected, %d read texel by texel, %d as pairs", rejected, apart, pairs)
	if rejected == 0 || apart < 100 || pairs < 100 {
		t.Errorf("%d chunks rejected, %d read texel by texel, %d as pairs: too few", rejected, apart, pairs)
	}
}
