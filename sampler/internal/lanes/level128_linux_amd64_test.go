//go:build linux && amd64 && !purego

package lanes

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestPlainLevel128VEnds runs the single call's r32g32b32a32_sfloat
// bilinear kernel (LevelBilinear128; each form, PlainLevelV and
// PlainLevel8) where a read past its bounds would fault: the
// operand rows s and t ending right before an unreadable page, for chunks
// whose last group is eight entries (n = 8, 24, 40, 56), and levels of
// 16-byte texels whose last texel ends right before one (rows packed or
// padded, the last not), sampled by screen-space quads all over them, the
// last rows and columns included, by repeat and clamp-to-edge — a pair's
// 32-byte row and a wrapped footprint's 16-byte texels alike. It must
// neither fault nor differ from the footprints stage and the Go kernel.
func TestPlainLevel128VEnds(t *testing.T) {
	if len(plainLevelForms()) == 0 {
		t.Skip("no assembly kernels in this build or on this CPU")
	}
	// s's, t's and the texels' pages are each followed by an unreadable one.
	mem, page := guardedPages(t, 8, 1, 3, 7)
	rows := func(q, n int) []float32 { return floatsBefore(mem, page, q, n) } // the last n float32s before page q
	rng := rand.New(rand.NewPCG(129, 2026))
	check := func(name string, p *FootParams, d []byte, s, tc []float32, n int) {
		t.Helper()
		c := new(Set)
		if !PlainFootprintsAsm(p, &s[0], &tc[0], nil, n, c) {
			t.Fatalf("%s: the footprints stage declined coordinates in range", name)
		}
		var plain [4][Chunk]float32
		po := OutOf(&plain)
		bilinearRGBA32FLanesGo(d, &c.FP, n, &po)
		k := LevelKernel{Kind: LevelBilinear128}
		for _, f := range plainLevelForms() {
			vec := untouched()
			vo := OutOf(&vec)
			if !f.call(p, &k, &d[0], &s[0], &tc[0], nil, nil, n, &vo) {
				t.Fatalf("%s: %s declined coordinates in range", name, f.name)
			}
			sameForms(t, name+", "+f.name, true, n, &vec, &plain)
		}
	}
	fill := func(d []byte) {
		for i := 0; i < len(d); i += 4 {
			binary.LittleEndian.PutUint32(d[i:], math.Float32bits(rng.Float32()*4-2))
		}
	}
	// The operands at a page's end.
	d := mem[4*page : 6*page]
	fill(d)
	p := FootParams{Fw: 16, Fh: 16, Wm: 15, Hm: 15, Ys: 256, Xsh: 4, Rep0: 1, Rep1: 1}
	p.Derive()
	for _, n := range []int{8, 24, 40, 56} {
		s, tc := rows(1, n), rows(3, n)
		for j := range n {
			s[j], tc[j] = rng.Float32(), rng.Float32()
		}
		check("operands at a page's end", &p, d, s, tc, n)
	}
	// Levels at the texels' end.
	for _, lv := range []struct{ w, h, pad int32 }{{16, 16, 0}, {32, 4, 0}, {20, 12, 0}, {8, 8, 32}, {64, 3, 0}, {17, 4, 16}} {
		size := int((lv.h-1)*(16*lv.w+lv.pad) + 16*lv.w)
		d := mem[7*page-size : 7*page]
		fill(d)
		for _, rep := range []int32{0, 1} {
			p := FootParams{Fw: float32(lv.w), Fh: float32(lv.h), Wm: lv.w - 1, Hm: lv.h - 1, Ys: 16*lv.w + lv.pad, Xsh: 4}
			if lv.w&(lv.w-1) == 0 && lv.h&(lv.h-1) == 0 {
				p.Rep0, p.Rep1 = rep, rep
			}
			p.Derive()
			for iter := 0; iter < 200; iter++ {
				n := 8 * (1 + rng.IntN(Chunk/8))
				s, tc := make([]float32, n), make([]float32, n)
				s0, t0 := rng.Float32(), rng.Float32()
				if iter%2 == 0 {
					s0, t0 = 1-float32(rng.IntN(12))/p.Fw, 1-float32(rng.IntN(5))/p.Fh
				}
				step := []float32{1, 0.5, 0.9, 1.02}[rng.IntN(4)]
				for j := range n {
					g, q, pp := j/16, j%16/4, j%4
					x, y := float32(q*2+pp%2+8*(g%2)), float32(pp/2+2*(g/2))
					s[j], tc[j] = s0+x*step/p.Fw, t0+y*step/p.Fh
				}
				check("a level at the data's end", &p, d, s, tc, n)
			}
		}
	}
}
