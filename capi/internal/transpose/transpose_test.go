package transpose

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// words returns n random words at an offset of off words into a larger
// array, so that arrays start unaligned; the eight words after them (in
// the slice's capacity) are marked.
func words(r *rand.Rand, n, off int) []uint32 {
	s := make([]uint32, n+off+8)
	for i := range s {
		s[i] = 0xdeadbeef
	}
	w := s[off : off+n]
	for i := range w {
		w[i] = r.Uint32()
	}
	return w
}

// untouched reports whether the words after w (within its array) still
// have the mark.
func untouched(w []uint32) bool {
	rest := w[len(w):min(len(w)+8, cap(w))]
	for _, v := range rest {
		if v != 0xdeadbeef {
			return false
		}
	}
	return true
}

// TestSplit2 and TestInterleave4 hold Split2 and Interleave4 (the AVX2
// form where the CPU has it) to the definition, and the Go loops to it,
// for every lane count 0-70 and arrays at each offset 0-7 words.
func TestSplit2(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 70; n++ {
		for off := 0; off < 8; off++ {
			src := words(r, 2*n, off)
			for _, f := range []struct {
				name string
				f    func(src, a, b []uint32)
			}{{"Split2", Split2}, {"split2Go", split2Go}} {
				a, b := words(r, n, (off+3)%8), words(r, n, (off+5)%8)
				f.f(src, a, b)
				for i := 0; i < n; i++ {
					if a[i] != src[2*i] || b[i] != src[2*i+1] {
						t.Fatalf("%s, %d lanes at offset %d: lane %d (%#x, %#x), want (%#x, %#x)", f.name, n, off, i, a[i], b[i], src[2*i], src[2*i+1])
					}
				}
				if !untouched(a) || !untouched(b) {
					t.Fatalf("%s, %d lanes at offset %d: wrote past the lanes", f.name, n, off)
				}
			}
		}
	}
}

func TestInterleave4(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 70; n++ {
		for off := 0; off < 8; off++ {
			var rows [4][]uint32
			for c := range rows {
				rows[c] = words(r, n, (off+c)%8)
			}
			for _, f := range []struct {
				name string
				f    func(dst []uint32, rows *[4][]uint32)
			}{{"Interleave4", Interleave4}, {"interleave4Go", func(dst []uint32, rows *[4][]uint32) {
				interleave4Go(dst, rows[0], rows[1], rows[2], rows[3])
			}}} {
				dst := words(r, 4*n, off)
				f.f(dst, &rows)
				for i := 0; i < n; i++ {
					for c := range 4 {
						if dst[4*i+c] != rows[c][i] {
							t.Fatalf("%s, %d lanes at offset %d: lane %d channel %d: %#x, want %#x", f.name, n, off, i, c, dst[4*i+c], rows[c][i])
						}
					}
				}
				if !untouched(dst) {
					t.Fatalf("%s, %d lanes at offset %d: wrote past the lanes", f.name, n, off)
				}
			}
		}
	}
}

// TestAsmMatchesGo says which form TestSplit2 and TestInterleave4 held
// to the definition: the assembly where the CPU has AVX2 (the tests skip
// nothing otherwise, the Go loops being the form that runs).
func TestAsmMatchesGo(t *testing.T) {
	if !asm {
		t.Skip("no AVX2 (or purego): the Go loops run, and are the ones tested")
	}
	a, b := make([]uint32, 16), make([]uint32, 16)
	src := make([]uint32, 32)
	for i := range src {
		src[i] = uint32(i)
	}
	Split2(src, a, b)
	if !slices.Equal(a, []uint32{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30}) {
		t.Errorf("Split2: %v", a)
	}
}

func BenchmarkSplit2(b *testing.B) {
	src, x, y := make([]uint32, 2048), make([]uint32, 1024), make([]uint32, 1024)
	for b.Loop() {
		Split2(src, x, y)
	}
}

func BenchmarkInterleave4(b *testing.B) {
	var rows [4][]uint32
	for c := range rows {
		rows[c] = make([]uint32, 1024)
	}
	dst := make([]uint32, 4096)
	for b.Loop() {
		Interleave4(dst, &rows)
	}
}
