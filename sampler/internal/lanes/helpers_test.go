package lanes

import (
	"fmt"
	"math"
	"testing"
)

// testChunk is the part of a chunk (sampler's laneSet) that the kernels
// read and write: the footprints, the compare references, the levels'
// weights and the two levels' results.
type testChunk struct {
	np         int
	fp         Footprints
	ref        [Chunk]float32
	delta      [Chunk]float32
	acc, lower [4][Chunk]float32
}

// testResult holds a result's rows, as sampler.Result's Bits.
type testResult struct{ Bits [4][]uint32 }

// String names the compare function in the tests' messages.
func (op CompareOp) String() string { return fmt.Sprintf("compare %d", uint8(op)) }

// sameBits fails t unless a and b hold the same bits in entries [0, n).
func sameBits(t *testing.T, what string, n int, a, b *[4][Chunk]float32) {
	t.Helper()
	for c := range a {
		for k := 0; k < n; k++ {
			if math.Float32bits(a[c][k]) != math.Float32bits(b[c][k]) {
				t.Fatalf("%s entry %d channel %d: vector %08x, plain %08x", what, k, c, math.Float32bits(a[c][k]), math.Float32bits(b[c][k]))
			}
		}
	}
}
