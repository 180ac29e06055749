//go:build linux && amd64 && !purego

package lanes

import (
	"math/rand/v2"
	"testing"
)

// TestPlainLevelVOperandsEnd runs the single call (each form: PlainLevel8,
// PlainLevelV) on chunks whose last group
// is eight entries (n = 8, 24, 40, 56) with the request's operand rows s,
// t and ref ending right before a page that cannot be read: the call reads
// them under its group mask only (a request's rows are n long, not
// Chunk), so it must neither fault nor differ from the footprints stage
// and the Go kernels.
func TestPlainLevelVOperandsEnd(t *testing.T) {
	if len(plainLevelForms()) == 0 {
		t.Skip("no assembly kernels in this build or on this CPU")
	}
	// Each operand's page is followed by an unreadable one; rows returns
	// the last n float32s before the unreadable page q.
	mem, page := guardedPages(t, 6, 1, 3, 5)
	rows := func(q, n int) []float32 { return floatsBefore(mem, page, q, n) }
	rng := rand.New(rand.NewPCG(23, 2026))
	d := randomWords(rng)
	p := FootParams{Fw: 32, Fh: 32, Wm: 31, Hm: 31, Ys: 128, Xsh: 2, Rep0: 1}
	p.Derive()
	for _, n := range []int{8, 24, 40, 56} {
		for _, kind := range []int32{LevelGather8, LevelBilinear32, LevelPCF, LevelGatherDepth} {
			s, tc, ref := rows(1, n), rows(3, n), rows(5, n)
			for j := 0; j < n; j++ {
				s[j], tc[j], ref[j] = rng.Float32(), rng.Float32(), rng.Float32()
			}
			checkPlainLevelV(t, "operands at a page's end", &p, kind, d, s, tc, ref, n)
		}
	}
}

// TestPlainLevelVDataEnd runs the single call (each form) on levels whose last texel ends
// right before a page that cannot be read (rows packed, or padded but the
// last one not), sampled by screen-space quads about a texel apart all over
// them, the last rows and columns included: where a group's footprints lie
// in a window of 16 × 3 texels PlainLevelV reads the window's rows whole
// (WINDOW16), and only where those rows end inside the level, so it must
// neither fault nor differ from the footprints stage and the Go kernels.
func TestPlainLevelVDataEnd(t *testing.T) {
	if len(plainLevelForms()) == 0 {
		t.Skip("no assembly kernels in this build or on this CPU")
	}
	mem, page := guardedPages(t, 4, 3) // the last page unreadable
	rng := rand.New(rand.NewPCG(24, 2026))
	for _, lv := range []struct{ w, h, pad int32 }{{16, 16, 0}, {32, 8, 0}, {20, 12, 0}, {24, 24, 8}, {64, 3, 0}, {17, 4, 4}} {
		size := int((lv.h-1)*(4*lv.w+lv.pad) + 4*lv.w)
		d := mem[3*page-size : 3*page]
		for i := range d {
			d[i] = byte(rng.Uint32())
		}
		for _, rep := range []int32{0, 1} {
			p := FootParams{Fw: float32(lv.w), Fh: float32(lv.h), Wm: lv.w - 1, Hm: lv.h - 1, Ys: 4*lv.w + lv.pad, Xsh: 2}
			if lv.w&(lv.w-1) == 0 && lv.h&(lv.h-1) == 0 {
				p.Rep0, p.Rep1 = rep, rep
			}
			p.Derive()
			for iter := 0; iter < 200; iter++ {
				n := Chunk
				s, tc, ref := make([]float32, n), make([]float32, n), make([]float32, n)
				// Quads a texel apart (or less), the chunk's first point
				// anywhere, often in the last rows and columns.
				s0, t0 := rng.Float32(), rng.Float32()
				if iter%2 == 0 {
					s0, t0 = 1-float32(rng.IntN(12))/p.Fw, 1-float32(rng.IntN(5))/p.Fh
				}
				step := []float32{1, 0.5, 0.9, 1.02}[rng.IntN(4)]
				for j := range n {
					g, q, pp := j/16, j%16/4, j%4
					x, y := float32(q*2+pp%2+8*(g%2)), float32(pp/2+2*(g/2))
					s[j], tc[j] = s0+x*step/p.Fw, t0+y*step/p.Fh
					ref[j] = rng.Float32()
				}
				kind := []int32{LevelGather8, LevelBilinear32, LevelPCF, LevelGatherDepth}[iter%4]
				checkPlainLevelV(t, "a level at the data's end", &p, kind, d, s, tc, ref, n)
			}
		}
	}
}
