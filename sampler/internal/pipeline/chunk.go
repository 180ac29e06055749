package pipeline

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// Operands are a request's operand rows, as package sampler's Request
// holds them: its lane count and its slices (the arrays by pointer), not
// copies of the data. The vector gatherers (gather_amd64.go) read the
// rows of a chunk's lanes; a row the operation has no use for may be nil.
type Operands struct {
	Lanes    int
	Coord    *[4][]float32 // s, t, r (or the array layer), q (a cube array's layer)
	DDX, DDY *[3][]float32 // the gradients along x and y
	Lod      []float32     // explicit LODs
	Bias     []float32     // shader biases
	Ref      []float32     // compare references
	MinLod   []float32     // the lanes' lower LOD clamps, or nil
}

// ProbeSteps[N][k−1] is where probe k of N lies along the major axis of
// an anisotropic footprint, as a multiple of the derivative: −½ +
// k/(N+1), as package sampler's sampleAt places it (the same binary32
// operations, once).
var ProbeSteps = func() (t [17][16]float32) {
	for n := 2; n <= 16; n++ {
		for k := 1; k <= n; k++ {
			t[n][k-1] = float32(-0.5) + float32(k)/float32(n+1)
		}
	}
	return
}()

// Pad pads the chunk's entries to a multiple of 8 with copies of the
// first entry, so that the kernels may take whole groups of eight.
func Pad(c *lanes.Set) {
	if c.N == 0 {
		return
	}
	c.NP = (c.N + 7) &^ 7
	for k := c.N; k < c.NP; k++ {
		c.S[k], c.T[k], c.OffU[k], c.OffV[k], c.Ref[k], c.Ch[k] = c.S[0], c.T[0], c.OffU[0], c.OffV[0], c.Ref[0], c.Ch[0]
		c.Layer[k], c.Face[k] = c.Layer[0], c.Face[0]
		c.Hi[k], c.Lo[k], c.Delta[k] = c.Hi[0], c.Lo[0], 0
	}
}

// ClampLayer is clamp(RNE(a), 0, n − 1); NaN selects layer 0 (package
// sampler's clampLayer, the array layer's rounding of Vulkan's "Texel
// Coordinate Systems").
func ClampLayer(a float32, n int32) int32 {
	if a != a {
		return 0
	}
	r := math.RoundToEven(float64(a))
	if r < 0 {
		return 0
	}
	if r > float64(n-1) {
		return n - 1
	}
	return int32(r)
}
