//go:build amd64 && !purego

package sampler

import (
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// TestLayersAsmAgrees runs lanes.LayersAsm against clampLayer and project's
// layer: 2D arrays (a step of 1) and cube arrays (6, plus the face), every
// view size and first layer, coordinates on ties and beyond the view.
func TestLayersAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	rng := rand.New(rand.NewPCG(61, 62))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + rng.IntN(9)
		p := lanes.LayerParams{Top: float32(n - 1), Base: int32(rng.IntN(20)), Mul: []int32{1, 6}[rng.IntN(2)]}
		m := 8 * (1 + rng.IntN(laneChunk/8))
		a := layerCoords(rng, m, n)
		var face, out [laneChunk]int32
		fp := &face[0]
		if p.Mul == 1 {
			fp = nil
		}
		for j := range face {
			face[j] = int32(rng.IntN(6))
			out[j] = -7
		}
		lanes.LayersAsm(&p, &a[0], fp, m, &out[0])
		for j := range laneChunk {
			want := int32(-7)
			if j < m {
				want = p.Base + p.Mul*clampLayer(a[j], int32(n))
				if fp != nil {
					want += face[j]
				}
			}
			if out[j] != want {
				t.Fatalf("layers %d params %+v: a[%d] = %v (face %d): layer %d, want %d", n, p, j, a[j], face[j], out[j], want)
			}
		}
	}
}
