package lanes

import (
	"math/bits"
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

// divisorFor returns d's multiplier and shift as sampler's divisorOf
// makes them.
func divisorFor(d int) (m, s uint64) {
	if d <= 0 {
		return 0, 0
	}
	l := uint64(bits.Len(uint(d - 1)))
	s = 31 + l
	return (uint64(1)<<s + uint64(d) - 1) / uint64(d), s
}

// randomQuadLevel returns a QuadLevel of n entries on a random level
// (texel strides of 1 to 16 bytes, powers of two or not; rows padded;
// layers; a level offset) whose footprints are as the footprints stage
// makes them: neighbours, clamped (the same column or row twice) or
// wrapped (the last and the first), with their true columns and rows.
func randomQuadLevel(r *rand.Rand, n int) (q *QuadLevel, want [][4]int32) {
	xs := []int{1, 2, 3, 4, 6, 8, 12, 16}[r.IntN(8)]
	w, h := 1+r.IntN(300), 1+r.IntN(300)
	ys := w*xs + r.IntN(3)*4
	ls := ys*h + r.IntN(2)*64
	if h == 1 && r.IntN(2) == 0 {
		ys = 0 // a level one texel high
	}
	off := r.IntN(1 << 20)
	var o [4][Chunk]int32
	var layer, lane [Chunk]int32
	var fa, fb, delta [Chunk]float32
	q = &QuadLevel{Layer: &layer, Lane: &lane, FA: &fa, FB: &fb, Delta: &delta, Level: int32(r.IntN(14)),
		YD: uint32(ys), XD: uint32(xs), Off: uint32(off), LS: uint32(ls), Mode: int32(r.IntN(4))}
	q.YM, q.YS = divisorFor(ys)
	q.XM, q.XS = divisorFor(xs)
	if r.IntN(2) == 0 { // a BC view's blocks
		q.BC, q.BOff, q.BLS, q.BXB, q.BYB = true, int32(r.IntN(1<<20)), int32(r.IntN(1<<16)), int32(8<<r.IntN(2)), int32(r.IntN(1<<12))
	}
	for t := range 4 {
		q.O[t] = &o[t]
	}
	for k := range n {
		i0, j0 := r.IntN(w), r.IntN(h)
		i1, j1 := i0+1, j0+1
		switch r.IntN(3) {
		case 0:
			i1 = i0
		case 1:
			if i1 == w {
				i1 = 0
			}
		}
		if i1 >= w {
			i1 = i0
		}
		switch r.IntN(3) {
		case 0:
			j1 = j0
		case 1:
			if j1 == h {
				j1 = 0
			}
		}
		if j1 >= h {
			j1 = j0
		}
		if ys == 0 {
			j0, j1 = 0, 0
		}
		layer[k] = int32(r.IntN(6))
		b := off + int(layer[k])*ls
		o[0][k], o[1][k] = int32(b+j0*ys+i0*xs), int32(b+j0*ys+i1*xs)
		o[2][k], o[3][k] = int32(b+j1*ys+i0*xs), int32(b+j1*ys+i1*xs)
		lane[k] = int32(2*k + r.IntN(2))
		fa[k], fb[k], delta[k] = r.Float32(), r.Float32(), r.Float32()
		want = append(want, [4]int32{int32(i0), int32(i1), int32(j0), int32(j1)})
	}
	return q, want
}

// TestTraceQuadLevelAgrees checks TraceQuadLevel (its assembly where the
// CPU has it) against its Go twin word for word, for every entry count of
// a chunk, every mode, strides of 4 and 8 records, levels of every kind
// of stride, BC views' blocks, and negative offsets; and Quad's columns and rows against the ones the
// offsets were made from.
func TestTraceQuadLevelAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 16))
	for iter := range 400 {
		n := 1 + iter%Chunk
		q, want := randomQuadLevel(r, n)
		for k := range n {
			if i0, i1, j0, j1 := q.Quad(k); [4]int32{i0, i1, j0, j1} != want[k] {
				t.Fatalf("iter %d entry %d: Quad = %d %d %d %d, want %v", iter, k, i0, i1, j0, j1, want[k])
			}
		}
		if iter%3 == 0 { // offsets of both signs (the sign-extended Offset), the quads then any
			for k := range n {
				q.O[r.IntN(4)][k] = -int32(r.Uint32() >> 1)
			}
		}
		stride := 4 + 4*r.IntN(2)
		size := (n-1)*stride + 4
		for again := range 2 { // the same QuadLevel on another level: its indices made again
			q.Level += int32(again)
			got, exp := make([]Record, size+2), make([]Record, size+2)
			for i := range got {
				for w := range got[i] {
					got[i][w], exp[i][w] = 0xdeadbeef, 0xdeadbeef
				}
			}
			TraceQuadLevel(got[1:size+1], q, n, stride)
			traceQuadLevelGo(exp[1:size+1], q, 0, n, stride)
			for i := range got {
				if got[i] != exp[i] {
					t.Fatalf("iter %d: n %d mode %d BC %v stride %d level %d: record %d = %x, want %x", iter, n, q.Mode, q.BC, stride, q.Level, i-1, got[i], exp[i])
				}
			}
		}
	}
}

// BenchmarkTraceQuadLevel writes a 64-entry chunk level's 256 records
// (stride 4), assembly and Go twin, per mode.
func BenchmarkTraceQuadLevel(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, mode := range []int32{QuadOuterOne, QuadGather} {
		q, _ := randomQuadLevel(r, Chunk)
		q.Mode, q.BC = mode, false
		dst := make([]Record, 4*Chunk)
		name := map[int32]string{QuadOuterOne: "bilinear", QuadGather: "gather"}[mode]
		b.Run(name+"/asm", func(b *testing.B) {
			for b.Loop() {
				TraceQuadLevel(dst, q, Chunk, 4)
			}
		})
		b.Run(name+"/go", func(b *testing.B) {
			for b.Loop() {
				traceQuadLevelGo(dst, q, 0, Chunk, 4)
			}
		})
	}
}
