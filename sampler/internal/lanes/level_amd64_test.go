//go:build amd64 && !purego

package lanes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestPlainLevelVAgrees holds the one-level road's single call, in each
// form this CPU runs (PlainLevel8, AVX2; PlainLevelV, AVX-512), to
// PlainFootprintsAsm followed by the Go kernels, for each of its
// kernels: on random levels (sizes powers of two or not, repeat or
// clamp-to-edge on each axis, y strides that are powers of two or not,
// array layers), every chunk length, coordinates inside, across and beyond
// the level (texel centres, −0, 1) — and, now and then, one beyond ±2^30
// or NaN, which the call must report, having written nothing from its
// group (of eight or sixteen) on — every
// compare operation and channel form of the depth kernels; the rows'
// entries past n are left alone. Both forms agreeing with the same
// reference on every case, they agree with each other bit for bit.
func TestPlainLevelVAgrees(t *testing.T) {
	forms := plainLevelForms()
	if len(forms) == 0 {
		t.Skip("no assembly kernels in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(20, 2026))
	d := randomWords(rng)
	special := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 1, 0x3f800000, 0x3f000000}
	for i := 0; i < len(d); i += 4 {
		if rng.IntN(4) == 0 {
			le32(d[i:], special[rng.IntN(len(special))])
		}
	}
	ops := []CompareOp{CompareNone, CompareNever, CompareLess, CompareEqual, CompareLessOrEqual, CompareGreater, CompareNotEqual, CompareGreaterOrEqual, CompareAlways, CompareAlways + 1}
	rejected := 0
	for iter := 0; iter < 6000; iter++ {
		p, layers, ls, off := randomLevel(rng, 4)
		if int(off+layers*ls)+8 > len(d) {
			continue
		}
		n := 8 * (1 + rng.IntN(Chunk/8))
		s, tc, ref := make([]float32, n), make([]float32, n), make([]float32, n)
		var layer [Chunk]int32
		coord := func(size float32) float32 {
			switch rng.IntN(8) {
			case 0:
				return (float32(rng.IntN(int(size))) + 0.5) / size // a texel's centre
			case 1:
				return float32(math.Copysign(0, -1))
			case 2:
				return 1
			case 3:
				// Corners of the footprint's arithmetic: u = −0.5 (s ±0 or
				// subnormal), u = −2^−25 (its fraction rounds up to 1, its
				// weights 1 − α to +0), u just above −1 and just below 0, u
				// an integer (fraction +0), u at ±(2^30 − 64) (the largest
				// in range) and one ulp of 0.5 from a texel's edge.
				corners := []float32{
					1e-40, -1e-40, float32(math.Copysign(0, -1)),
					(0.5 - 1.0/(1<<25)) / size, (0.5 - 1.0/(1<<24)) / size, (0.5 + 1.0/(1<<24)) / size,
					(1.0/(1<<24) - 0.5) / size, float32(rng.IntN(9)-4) / size,
					((1 << 30) - 64) / size, (64 - (1 << 30)) / size, ((1 << 30) - 128) / size,
					(float32(rng.IntN(9)-4) + 0.5 - 1.0/(1<<22)) / size,
				}
				c := corners[rng.IntN(len(corners))]
				if int(size)&(int(size)-1) != 0 && math.Abs(float64(c)*float64(size)) > 1<<29 {
					c /= 2 // s·w might round to 2^30 (out of range) where w is not a power of two
				}
				return c
			}
			return rng.Float32()*5 - 2
		}
		// Now and then the points of screen-space quads, as texbench's
		// workloads sample them, a few texels apart or less.
		coherent := rng.IntN(2) == 0
		steps := []float32{1, 0.5, 0.9, 1.02, 1.7, 1.9, 2, 2.1}
		s0, t0, stepX, stepY := rng.Float32(), rng.Float32(), steps[rng.IntN(len(steps))], steps[rng.IntN(len(steps))]
		for j := 0; j < n; j++ {
			s[j], tc[j] = coord(p.Fw), coord(p.Fh)
			if coherent {
				g, q, pp := j/16, j%16/4, j%4
				x, y := float32((q%4)*2+pp%2+8*(g%2)), float32((q/4)*2+pp/2+2*(g/2))
				s[j], tc[j] = s0+x*stepX/p.Fw, t0+y*stepY/p.Fh
			}
			ref[j] = rng.Float32()
			if rng.IntN(3) == 0 {
				ref[j] = math.Float32frombits(special[rng.IntN(len(special))])
			}
			layer[j] = int32(rng.IntN(int(layers)))
		}
		badAt := -1
		if rng.IntN(20) == 0 { // beyond ±2^30, or NaN
			// Also u = ±2^30 exactly where the size is a power of two
			// (rejected: the range is open), and an accepted neighbour
			// where it is not.
			bad := func(size float32) float32 {
				bads := []float32{1 << 31, -(1 << 31), float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), (1 << 30) / size, -(1 << 30) / size}
				return bads[rng.IntN(len(bads))]
			}
			j := rng.IntN(n)
			badAt = j
			if rng.IntN(2) == 0 {
				s[j] = bad(p.Fw)
			} else {
				tc[j] = bad(p.Fh)
			}
		}
		var k LevelKernel
		switch iter % 4 {
		case 0:
			k.Kind = LevelGather8
		case 1:
			k.Kind = LevelBilinear32
		case 2, 3:
			var tv, fv [4]float32
			for c := range tv {
				switch rng.IntN(3) {
				case 0:
					tv[c], fv[c] = 1, 0
				case 1:
					tv[c], fv[c] = 0, 0
				default:
					tv[c], fv[c] = rng.Float32()*4-2, rng.Float32()*4-2
				}
			}
			k = PCFKernel(ops[rng.IntN(len(ops))], &tv, &fv)
			if iter%4 == 3 {
				k.Kind = LevelGatherDepth
			}
		}
		// The reference: the footprints stage, then the Go kernel.
		c := new(Set)
		c.Layer = layer
		var plain [4][Chunk]float32
		po := OutOf(&plain)
		ok := PlainFootprintsAsm(&p, &s[0], &tc[0], &ref[0], n, c)
		if ok {
			levelKernelGo(d, &k, c, n, &po)
		}
		name := fmt.Sprintf("kernel %d, %v, %dx%d ys %d rep %d/%d layers %d", k.Kind, k.Op, p.Wm+1, p.Hm+1, p.Ys, p.Rep0, p.Rep1, p.Layers)
		for _, f := range forms {
			vec := untouched()
			vo := OutOf(&vec)
			got := f.call(&p, &k, &d[0], &s[0], &tc[0], &ref[0], &layer[0], n, &vo)
			if got != ok {
				t.Fatalf("%s, n %d: %s reports %v, the footprints stage %v", name, n, f.name, got, ok)
			}
			if !ok {
				rejected++
				if badAt < 0 {
					t.Fatalf("%s, n %d: rejected coordinates in range", name, n)
				}
				checkDeclined(t, fmt.Sprintf("%s, n %d", name, n), f, badAt, &vec, &p, &s[0], &tc[0], &ref[0], &layer,
					func(c *Set, m int, o *Out) { levelKernelGo(d, &k, c, m, o) })
				continue
			}
			sameForms(t, name+", "+f.name, true, n, &vec, &plain)
		}
	}
	if rejected == 0 {
		t.Error("no chunk had a coordinate beyond ±2^30")
	}
}

// levelKernelGo runs k's Go kernel on the n footprints c holds (the
// footprints stage's), into po: PlainLevelV's reference.
func levelKernelGo(d []byte, k *LevelKernel, c *Set, n int, po *Out) {
	var ch [Chunk]uint8
	switch k.Kind {
	case LevelGather8:
		gatherRGBA8LanesGo(d, &c.FP, n, &ch, po)
	case LevelBilinear32:
		bilinearRGBA8LanesGo(d, &c.FP, n, po)
	case LevelPCF:
		pcfDepthLanesGo(d, &c.FP, n, &c.Ref, k.Op, &k.T, &k.F, po)
	case LevelGatherDepth:
		gatherDepthLanesGo(d, &c.FP, n, &c.Ref, k.Op, k.T[0], k.F[0], po)
	}
}

// checkDeclined holds the rows vec of a call of form f that declined its
// chunk at entry badAt (a coordinate beyond ±2^30 or NaN): nothing written
// from that entry's group on, and the groups before it as the footprints
// stage and the Go kernel (kernel, on the stage's Set) write them —
// PlainLevel8 makes the next group's footprint before this group's kernel
// runs, and must still run that kernel. s, tc, ref (nil without a
// compare) and layer are the chunk's operands.
func checkDeclined(t *testing.T, name string, f plainLevelForm, badAt int, vec *[4][Chunk]float32,
	p *FootParams, s, tc, ref *float32, layer *[Chunk]int32, kernel func(c *Set, m int, o *Out)) {
	t.Helper()
	m := badAt &^ (f.group - 1)
	for c := range vec {
		for k := m; k < Chunk; k++ {
			if vec[c][k] != -7 {
				t.Fatalf("%s: %s rejected at entry %d, but entry %d channel %d written", name, f.name, badAt, k, c)
			}
		}
	}
	if m == 0 {
		return
	}
	var before [4][Chunk]float32
	bo := OutOf(&before)
	cb := new(Set)
	cb.Layer = *layer
	if !PlainFootprintsAsm(p, s, tc, ref, m, cb) {
		t.Fatalf("%s: the footprints stage declined the %d entries before entry %d", name, m, badAt)
	}
	kernel(cb, m, &bo)
	sameBits(t, name+", "+f.name+", the groups before the declined one", m, vec, &before)
}

// plainLevelForm is a form of the one-level road's single call: its
// name, its group (the entries an instruction: a declined call has
// written the groups before the declined coordinate's) and the call.
type plainLevelForm struct {
	name  string
	group int
	call  func(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
}

// plainLevelForms returns the forms this CPU runs: PlainLevel8 where the
// assembly kernels run (AVX2 and FMA; whatever PlainLevel256 says, so
// that an AVX-512 machine tests it too), and PlainLevelV where
// PlainLevel512 holds.
func plainLevelForms() []plainLevelForm {
	var forms []plainLevelForm
	if AsmKernels {
		forms = append(forms, plainLevelForm{"PlainLevel8", 8, PlainLevel8})
	}
	if PlainLevel512 {
		forms = append(forms, plainLevelForm{"PlainLevelV", 16, PlainLevelV})
	}
	return forms
}

// checkPlainLevelV runs the single call's kernel kind (compare less,
// results 1 and 0 for the depth kernels) in each form this CPU runs on n
// entries of coordinates in range, and holds it to the footprints stage
// and the Go kernel (levelKernelGo), nothing written past n.
func checkPlainLevelV(t *testing.T, name string, p *FootParams, kind int32, d []byte, s, tc, ref []float32, n int) {
	t.Helper()
	k := LevelKernel{Kind: kind, Op: CompareLess, T: [4]float32{1}}
	k.Form = pcfForms(&k.T, &k.F)
	c := new(Set)
	if !PlainFootprintsAsm(p, &s[0], &tc[0], &ref[0], n, c) {
		t.Fatal("the footprints stage declined coordinates in range")
	}
	var plain [4][Chunk]float32
	po := OutOf(&plain)
	levelKernelGo(d, &k, c, n, &po)
	for _, f := range plainLevelForms() {
		vec := untouched()
		vo := OutOf(&vec)
		if !f.call(p, &k, &d[0], &s[0], &tc[0], &ref[0], nil, n, &vo) {
			t.Fatalf("%s declined coordinates in range", f.name)
		}
		sameForms(t, name+", "+f.name, true, n, &vec, &plain)
	}
}

func le32(b []byte, v uint32) { b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24) }

// randomLevel returns the FootParams of a random level for PlainLevelV's
// agreement tests: w × h texels of size bytes each (4 or 16), w and h
// from 1 to 64 (powers of two or not), a y stride that is w texels or up
// to four more, repeat (on a power of two) or clamp-to-edge on each axis,
// layers of it ls bytes apart from byte off, and either one layer's base
// or the array form (p.Layers, the entries' own layers).
func randomLevel(rng *rand.Rand, size int32) (p FootParams, layers, ls, off int32) {
	sizes := []int32{1, 2, 3, 4, 7, 8, 16, 31, 32, 64}
	w, h := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
	p.Fw, p.Fh, p.Wm, p.Hm, p.Xsh = float32(w), float32(h), w-1, h-1, ShiftOf(size)
	if w == 1 {
		p.Xsh = 0
	}
	p.Ys = size * (w + int32(rng.IntN(2))*int32(rng.IntN(5)))
	if w&(w-1) == 0 && rng.IntN(2) == 0 {
		p.Rep0 = 1
	}
	if h&(h-1) == 0 && rng.IntN(2) == 0 {
		p.Rep1 = 1
	}
	layers = int32(1 + rng.IntN(3))
	ls = p.Ys * h
	off = size * int32(rng.IntN(64))
	p.Base = off + ls*int32(rng.IntN(int(layers)))
	if rng.IntN(2) == 0 {
		p.Base, p.Layers, p.Ls = off, 1, ls
	}
	p.Derive()
	return p, layers, ls, off
}

// TestPlainLevelReads holds the single call's texel reads to the stages
// where they change road: groups of eight whose footprints lie in an 8 × 3
// window or a 5 × 3 one at its bounds (PlainLevel8's QUICK8, its wide and
// narrow windows: the corner at column w − 8 or row h − 3, the last it
// takes, and at w − 7 or h − 2, the first it leaves to the pairs), lanes
// up to 3, 4, 6 and 7 columns and 1 and 2 rows from
// lane 0 or before it, groups where only some footprints are pairs (x0 =
// w − 1 by repeat or clamp-to-edge beside pairs), whole groups gathered,
// on levels 8, 9, 15, 16, 17 and 64 texels wide and 1 to 64 high, each
// point u on a texel's edge (fraction 0) or inside it: each form's bits
// are the footprints stage's and the Go kernel's, for every kernel.
func TestPlainLevelReads(t *testing.T) {
	if len(plainLevelForms()) == 0 {
		t.Skip("no assembly kernels in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(25, 2026))
	d := randomWords(rng)
	for _, w := range []int32{8, 9, 15, 16, 17, 64} {
		for _, h := range []int32{1, 2, 3, 4, 64} {
			for _, rep := range []int32{0, 1} {
				p := FootParams{Fw: float32(w), Fh: float32(h), Wm: w - 1, Hm: h - 1, Ys: 4 * w, Xsh: 2}
				if w&(w-1) == 0 {
					p.Rep0 = rep
				}
				if h&(h-1) == 0 {
					p.Rep1 = rep
				}
				p.Derive()
				for iter := range 40 {
					n := Chunk
					s, tc, ref := make([]float32, n), make([]float32, n), make([]float32, n)
					for g := 0; g < n; g += 8 {
						x0 := []int32{w - 9, w - 8, w - 7, w - 2, w - 1, 0, -1, int32(rng.IntN(int(w)))}[rng.IntN(8)]
						y0 := []int32{h - 4, h - 3, h - 2, h - 1, 0, int32(rng.IntN(int(h)))}[rng.IntN(6)]
						for j := range 8 {
							// A window's spread: 0 to 6 columns (PlainLevel8's
							// wide window) or 0 to 3 (its narrow one), 0 or 1 rows.
							dx, dy := int32(j%4*(1+iter/4%2)), int32(j/4)
							switch rng.IntN(6) {
							case 0:
								dx = int32(rng.IntN(9)) - 1 // up to 7 columns on, or before lane 0
							case 1:
								dy = int32(rng.IntN(4)) - 1 // 2 rows on, or before lane 0
							}
							if j == 0 {
								dx, dy = 0, 0
							}
							fu, fv := float32(0), float32(0) // a texel's edge
							if rng.IntN(2) == 0 {
								fu, fv = rng.Float32(), rng.Float32()
							}
							s[g+j] = (float32(x0+dx) + fu + 0.5) / p.Fw
							tc[g+j] = (float32(y0+dy) + fv + 0.5) / p.Fh
							ref[g+j] = rng.Float32()
						}
					}
					kind := []int32{LevelGather8, LevelBilinear32, LevelPCF, LevelGatherDepth}[iter%4]
					checkPlainLevelV(t, fmt.Sprintf("reads, %dx%d rep %d", w, h, rep), &p, kind, d, s, tc, ref, n)
				}
			}
		}
	}
}

// atDepth calls f under n frames of its own (some 100 bytes each).
//
//go:noinline
func atDepth(n int, f func()) byte {
	var pad [64]byte
	pad[n%64] = byte(n)
	if n > 0 {
		return atDepth(n-1, f) + pad[(n*7)%64]
	}
	f()
	return pad[0]
}

// TestPlainLevelStackGrowth runs each form of the single call on a fresh
// goroutine under 0 to 299 frames, so that some call finds too little
// stack for its frame (plainLevelBV's 1,152 bytes, PlainLevel8's 992: they
// have the stack check, and PlainLevelV reaches plainLevelBV by a jump):
// the stack then grows and the call starts again, with its arguments, and
// every call's results are the footprints stage's and the Go kernel's.
func TestPlainLevelStackGrowth(t *testing.T) {
	if len(plainLevelForms()) == 0 {
		t.Skip("no assembly kernels in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(31, 2026))
	d := randomWords(rng)
	p := FootParams{Fw: 64, Fh: 64, Wm: 63, Hm: 63, Ys: 256, Xsh: 2, Rep0: 1, Rep1: 1}
	p.Derive()
	n := Chunk
	s, tc, ref := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range n {
		s[i], tc[i], ref[i] = rng.Float32(), rng.Float32(), rng.Float32()
	}
	for _, kind := range []int32{LevelBilinear32, LevelGather8, LevelPCF, LevelGatherDepth} {
		k := LevelKernel{Kind: kind, Op: CompareLess, T: [4]float32{1}}
		k.Form = pcfForms(&k.T, &k.F)
		c := new(Set)
		if !PlainFootprintsAsm(&p, &s[0], &tc[0], &ref[0], n, c) {
			t.Fatal("the footprints stage declined coordinates in range")
		}
		var plain [4][Chunk]float32
		po := OutOf(&plain)
		levelKernelGo(d, &k, c, n, &po)
		for _, f := range plainLevelForms() {
			for depth := range 300 {
				vec := untouched()
				ok := make(chan bool)
				go func() {
					vo := OutOf(&vec)
					var r bool
					atDepth(depth, func() { r = f.call(&p, &k, &d[0], &s[0], &tc[0], &ref[0], nil, n, &vo) })
					ok <- r
				}()
				if !<-ok {
					t.Fatalf("%s, kind %d, depth %d: declined coordinates in range", f.name, kind, depth)
				}
				sameForms(t, fmt.Sprintf("%s, kind %d, depth %d", f.name, kind, depth), true, n, &vec, &plain)
			}
		}
	}
}
