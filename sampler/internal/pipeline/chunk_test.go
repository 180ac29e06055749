package pipeline

import (
	"math"
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// TestClampLayer holds ClampLayer to the array layer's rule: round to
// nearest even, clamp to [0, n − 1], NaN to 0.
func TestClampLayer(t *testing.T) {
	nan := float32(math.NaN())
	for _, c := range []struct {
		a    float32
		n    int32
		want int32
	}{
		{0, 4, 0}, {float32(math.Copysign(0, -1)), 4, 0}, {0.5, 4, 0}, {1.5, 4, 2}, {2.5, 4, 2}, {2.5000002, 4, 3},
		{-0.5, 4, 0}, {-0.7, 4, 0}, {-3e38, 4, 0}, {3, 4, 3}, {3.5, 4, 3}, {3e38, 4, 3},
		{float32(math.Inf(1)), 4, 3}, {float32(math.Inf(-1)), 4, 0}, {nan, 4, 0}, {7, 1, 0}, {0.49999997, 2, 0},
	} {
		if got := ClampLayer(c.a, c.n); got != c.want {
			t.Errorf("ClampLayer(%v, %d) = %d, want %d", c.a, c.n, got, c.want)
		}
	}
}

// TestPad checks that Pad copies entry 0's operands into the entries up
// to the next multiple of 8 with δ 0, leaves the chunk's own entries, and
// leaves an empty chunk alone.
func TestPad(t *testing.T) {
	for n := 0; n <= lanes.Chunk; n++ {
		c := new(lanes.Set)
		for k := range c.S {
			c.S[k], c.T[k], c.Ref[k], c.Delta[k] = float32(k)+0.25, float32(k)+0.5, float32(k)+0.75, 0.5
			c.OffU[k], c.OffV[k], c.Layer[k], c.Face[k], c.Hi[k], c.Lo[k] = int32(k), -int32(k), 3*int32(k), int32(k%6), int32(k%5), int32(k%5)+1
			c.Ch[k] = uint8(k % 4)
		}
		c.N, c.NP = n, -1
		Pad(c)
		if n == 0 {
			if c.NP != -1 {
				t.Fatalf("an empty chunk: NP %d", c.NP)
			}
			continue
		}
		if want := (n + 7) &^ 7; c.NP != want {
			t.Fatalf("%d entries: NP %d, want %d", n, c.NP, want)
		}
		for k := range c.NP {
			src, delta := k, float32(0.5)
			if k >= n {
				src, delta = 0, 0
			}
			if c.S[k] != float32(src)+0.25 || c.T[k] != float32(src)+0.5 || c.Ref[k] != float32(src)+0.75 || c.Delta[k] != delta ||
				c.OffU[k] != int32(src) || c.OffV[k] != -int32(src) || c.Layer[k] != 3*int32(src) || c.Face[k] != int32(src%6) ||
				c.Hi[k] != int32(src%5) || c.Lo[k] != int32(src%5)+1 || c.Ch[k] != uint8(src%4) {
				t.Fatalf("%d entries: entry %d is not entry %d's (δ %v)", n, k, src, c.Delta[k])
			}
		}
	}
}

// TestProbeSteps checks the probes' places along the major axis: N
// probes strictly inside (−½, ½), increasing, symmetric about 0, at
// −½ + k/(N+1) to within an ulp.
func TestProbeSteps(t *testing.T) {
	for n := 2; n <= 16; n++ {
		s := ProbeSteps[n][:n]
		for k, v := range s {
			want := -0.5 + float64(k+1)/float64(n+1)
			if !(v > -0.5 && v < 0.5) || math.Abs(float64(v)-want) > 1e-7 {
				t.Fatalf("N %d probe %d at %v, want %v", n, k+1, v, want)
			}
			if k > 0 && !(v > s[k-1]) {
				t.Fatalf("N %d probe %d at %v, not after %v", n, k+1, v, s[k-1])
			}
			if math.Abs(float64(v+s[n-1-k])) > 1e-7 {
				t.Fatalf("N %d probes %d and %d at %v and %v", n, k+1, n-k, v, s[n-1-k])
			}
		}
		for _, v := range ProbeSteps[n][n:] {
			if v != 0 {
				t.Fatalf("N %d: a step past the probes", n)
			}
		}
	}
}
