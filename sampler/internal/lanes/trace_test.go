package lanes

import (
	"math/rand/v2"
	"testing"
)

// randomQuads returns Quads of n entries with random columns, positions
// that leave gaps (a blending entry's coarser level between two), and
// offsets of both signs (a BC view's virtual offsets are large).
func randomQuads(r *rand.Rand, n int, ones bool) (*Quads, int) {
	var cols [10][Chunk]int32
	var fa, fb [Chunk]float32
	var outer [Chunk]float64
	var pos, lane [Chunk]int32
	q := &Quads{Pos: &pos, Lane: &lane, FA: &fa, FB: &fb, Outer: &outer, Ones: ones}
	for t := range 4 {
		q.X[t], q.Y[t], q.O[t] = &cols[t&1], &cols[2+t>>1], &cols[4+t]
		q.Layer[t] = &cols[8]
	}
	at := 0
	for k := range n {
		for c := range cols {
			cols[c][k] = int32(r.Uint32()) >> r.IntN(31)
		}
		fa[k], fb[k] = r.Float32(), r.Float32()
		outer[k] = 1 / float64(1+r.IntN(16)) * r.Float64()
		lane[k] = int32(k/(1+r.IntN(3))) + int32(r.IntN(2))
		pos[k] = int32(at)
		at += 4 + 4*r.IntN(2)
	}
	if ones {
		q.Outer = nil
	}
	return q, at
}

// TestTraceQuadsAgrees checks TraceQuads (its assembly where the CPU has
// it) against its Go twin, record by record and word by word, for every
// entry count of a chunk (the assembly's fours and the twin's remainder),
// gathers' unit weights and sampling's products, and that it writes
// nothing outside its records.
func TestTraceQuadsAgrees(t *testing.T) {
	if !TraceAsm {
		t.Log("no assembly on this CPU or build: the Go twin against itself")
	}
	r := rand.New(rand.NewPCG(25, 14))
	for n := 1; n <= Chunk; n++ {
		for _, ones := range []bool{false, true} {
			q, size := randomQuads(r, n, ones)
			got, want := make([]Record, size+2), make([]Record, size+2)
			for i := range got {
				for w := range got[i] {
					got[i][w], want[i][w] = 0xdeadbeef, 0xdeadbeef
				}
			}
			TraceQuads(got[1:size+1], q, int32(r.IntN(15)), n)
			traceQuadsGo(want[1:size+1], q, 0, n)
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("n %d ones %v: record %d = %x, want %x", n, ones, i-1, got[i], want[i])
				}
			}
		}
	}
}

// TestTraceQuadsPositions checks that TraceQuads refuses positions outside
// dst (the assembly has no bounds checks) and more than a chunk of entries.
func TestTraceQuadsPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	q, size := randomQuads(r, 8, false)
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"position past the end", func() { TraceQuads(make([]Record, q.Pos[7]+3), q, 0, 8) }},
		{"negative position", func() { q.Pos[3] = -1; TraceQuads(make([]Record, size), q, 0, 8) }},
		{"more than a chunk", func() { TraceQuads(make([]Record, size), q, 0, Chunk+1) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			c.f()
		}()
	}
}

// BenchmarkTraceQuads writes a 64-entry chunk's 256 records.
func BenchmarkTraceQuads(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, ones := range []bool{false, true} {
		name := "bilinear"
		if ones {
			name = "gather"
		}
		q, _ := randomQuads(r, Chunk, ones)
		for k := range Chunk {
			q.Pos[k] = int32(4 * k)
		}
		dst := make([]Record, 4*Chunk)
		b.Run(name+"/asm", func(b *testing.B) {
			for b.Loop() {
				TraceQuads(dst, q, 3, Chunk)
			}
		})
		b.Run(name+"/go", func(b *testing.B) {
			for b.Loop() {
				traceQuadsGo(dst, q, 0, Chunk)
			}
		})
	}
}
