//go:build linux && amd64 && !purego

package lanes

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestCubeLanes16OperandsEnd runs CubeLanes16 on chunks whose last group
// is eight lanes (n = 8, 24, 40, 56) with each of the request's rows — the
// direction's three, and the gradients' six — ending right before a page
// that cannot be read: it reads them under its group mask only (a
// request's rows are n long, not Chunk), so it must neither fault nor
// differ from CubeLanesAsm, without derivatives, with the quads'
// differences and with gradients.
func TestCubeLanes16OperandsEnd(t *testing.T) {
	if !Wide512 {
		t.Skip("no AVX-512 kernels on this CPU")
	}
	// Each row's page is followed by an unreadable one; rows returns the
	// last n float32s before the unreadable page q.
	mem, page := guardedPages(t, 18, 1, 3, 5, 7, 9, 11, 13, 15, 17)
	rows := func(q, n int) []float32 { return floatsBefore(mem, page, q, n) }
	rng := rand.New(rand.NewPCG(24, 2026))
	var c8, c16 Set
	for _, n := range []int{8, 24, 40, 56} {
		for deriv := int32(0); deriv < 3; deriv++ {
			a := CubeArgs{Sz: [2]float32{64, 64}, Base: 6, Deriv: deriv}
			for i := range 3 {
				r, dx, dy := rows(1+2*i, n), rows(7+2*i, n), rows(13+2*i, n)
				for k := range n {
					r[k], dx[k], dy[k] = rng.Float32()*2-1, rng.Float32()/64, rng.Float32()/64
				}
				a.Coord[i], a.Ddx[i], a.Ddy[i] = &r[0], &dx[0], &dy[0]
			}
			CubeLanesAsm(&a, n, &c8)
			CubeLanes16(&a, n, &c16)
			for k := range n {
				if math.Float32bits(c16.S[k]) != math.Float32bits(c8.S[k]) || math.Float32bits(c16.T[k]) != math.Float32bits(c8.T[k]) ||
					c16.Face[k] != c8.Face[k] || c16.Layer[k] != c8.Layer[k] || deriv != 0 && math.Float32bits(c16.Arg[k]) != math.Float32bits(c8.Arg[k]) {
					t.Fatalf("n %d deriv %d lane %d: AVX-512 (%v, %v) face %d layer %d ρ %v, AVX2 (%v, %v) %d %d %v", n, deriv, k,
						c16.S[k], c16.T[k], c16.Face[k], c16.Layer[k], c16.Arg[k], c8.S[k], c8.T[k], c8.Face[k], c8.Layer[k], c8.Arg[k])
				}
			}
		}
	}
}
