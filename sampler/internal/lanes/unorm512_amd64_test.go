//go:build amd64 && !purego

package lanes

import (
	"fmt"
	"math"
	"testing"
)

// roundUp32 is y converted to binary32 rounding toward +∞, as
// VCVTUDQ2PS.RU_SAE converts it.
func roundUp32(y uint32) float32 {
	f := float32(y) // to nearest
	if uint64(f) < uint64(y) {
		f = math.Nextafter32(f, float32(math.Inf(1)))
	}
	return f
}

// TestUnorm8RoundUp checks the AVX-512 kernels' r8g8b8a8_unorm decode
// (asm_amd64.go): for every byte u, the byte four times rounded up to a
// float, times 2^−32, is the binary32 quotient u/255 the reference
// decodes; and unormRep4's words against unormRep4Base. Then PlainLevelV's
// kernels decode every byte in every channel through it: bilinear at
// texel centres (weights 1, 0, 0, 0: the sum is the first texel's decode)
// and the gather, on groups read as a window of rows (WINDOW16) and as
// pairs (PAIRS16).
func TestUnorm8RoundUp(t *testing.T) {
	for u := range 256 {
		if got, want := roundUp32(uint32(u)*0x01010101)*unorm32Scale, float32(u)/255; math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("byte %d: %08x, u/255 is %08x", u, math.Float32bits(got), math.Float32bits(want))
		}
	}
	for c := range 4 {
		for e := range 8 {
			r := unormRep4[c][4*e : 4*e+4]
			if w := uint32(uint8(r[0])) | uint32(uint8(r[1]))<<8 | uint32(uint8(r[2]))<<16 | uint32(uint8(r[3]))<<24; w != unormRep4Base[e]+uint32(c)*0x01010101 {
				t.Fatalf("unormRep4[%d] word %d: %08x, unormRep4Base gives %08x", c, e, w, unormRep4Base[e]+uint32(c)*0x01010101)
			}
		}
	}
	if !PlainLevel512 {
		t.Skip("no AVX-512 on this CPU (or no assembly kernels in this build)")
	}
	// A 256 × 4 level (repeat): texel (x, y)'s byte c is x + 64c + 16y, so
	// each channel of each row holds every byte.
	const w, h = 256, 4
	d := make([]byte, 4*w*h+64)
	texel := func(x, y, c int) byte { return byte(x + 64*c + 16*y) }
	for y := range h {
		for x := range w {
			for c := range 4 {
				d[4*(y*w+x)+c] = texel(x, y, c)
			}
		}
	}
	p := FootParams{Fw: w, Fh: h, Wm: w - 1, Hm: h - 1, Ys: 4 * w, Xsh: 2, Rep0: 1, Rep1: 1}
	p.Derive()
	dec := func(b byte) float32 { return float32(b) / 255 }
	for _, form := range []struct {
		name string
		x, y func(l int) int // lane l's texel, less the group's corner
	}{
		{"window", func(l int) int { return l % 8 }, func(l int) int { return l / 8 }},
		{"pairs", func(l int) int { return l }, func(l int) int { return 0 }},
	} {
		for y0 := range 2 {
			for x0 := 0; x0 < w-16; x0 += 4 {
				var s, tc, ref [Chunk]float32
				var layer [Chunk]int32
				for j := range Chunk {
					l := j % 16
					s[j] = (float32(x0+form.x(l)) + 0.5) / w
					tc[j] = (float32(y0+form.y(l)) + 0.5) / h
				}
				for _, k := range []LevelKernel{{Kind: LevelBilinear32}, {Kind: LevelGather8}} {
					var got [4][Chunk]float32
					out := OutOf(&got)
					if !PlainLevelV(&p, &k, &d[0], &s[0], &tc[0], &ref[0], &layer[0], Chunk, &out) {
						t.Fatalf("%s at (%d, %d): rejected", form.name, x0, y0)
					}
					for j := range Chunk {
						x, y := x0+form.x(j%16), y0+form.y(j%16)
						var want [4]float32
						if k.Kind == LevelBilinear32 {
							for c := range 4 {
								want[c] = dec(texel(x, y, c))
							}
						} else { // (i0, j1), (i1, j1), (i1, j0), (i0, j0), byte 0
							want = [4]float32{dec(texel(x, y+1, 0)), dec(texel(x+1, y+1, 0)), dec(texel(x+1, y, 0)), dec(texel(x, y, 0))}
						}
						for c := range 4 {
							if math.Float32bits(got[c][j]) != math.Float32bits(want[c]) {
								t.Fatalf("%s kernel %d at (%d, %d) entry %d component %d: %08x, want %08x",
									form.name, k.Kind, x0, y0, j, c, math.Float32bits(got[c][j]), math.Float32bits(want[c]))
							}
						}
					}
				}
			}
		}
	}
}

// TestPlainLevelVGroupOutOfRange holds QUICK16's and QUICK8's range tests
// on entry 0's floors: a whole group whose u (or v) is NaN, ±∞, beyond
// int32, or at ±2^30 (its floors all alike, so every entry is the same
// distance from entry 0's), by repeat (where the wrap would hide the
// overflow) and clamp-to-edge, for each kernel: each form of the single
// call declines it, having written the groups before it (as the
// reference gives them) and nothing from the declined group on.
func TestPlainLevelVGroupOutOfRange(t *testing.T) {
	if len(plainLevelForms()) == 0 {
		t.Skip("no assembly kernels in this build or on this CPU")
	}
	const w, h = 1024, 64
	d := make([]byte, 4*w*h+64)
	for i := range d {
		d[i] = byte(i*7>>3 + i>>12)
	}
	nan := float32(math.NaN())
	// Coordinates times the level's size: s·w or t·h.
	bad := []float32{nan, float32(math.Inf(1)), float32(math.Inf(-1)), 1e13, -1e13,
		1 << 30, -(1 << 30), // u = ±2^30 − ½, rounded to ±2^30: |floor| 2^30
	}
	for _, rep := range []int32{1, 0} {
		p := FootParams{Fw: w, Fh: h, Wm: w - 1, Hm: h - 1, Ys: 4 * w, Xsh: 2, Rep0: rep, Rep1: rep}
		p.Derive()
		for _, kind := range []int32{LevelBilinear32, LevelGather8, LevelPCF, LevelGatherDepth} {
			k := LevelKernel{Kind: kind, Op: CompareLess, T: [4]float32{1}}
			k.Form = pcfForms(&k.T, &k.F)
			for axis := range 2 {
				for _, b := range bad {
					const n = 32
					var s, tc, ref [Chunk]float32
					for j := range n {
						x, y := float32(j%4), float32(j%16/8) // a window for sixteen entries and for eight
						s[j], tc[j] = (100.3+x)/w, (20.6+y)/h
						ref[j] = 0.5
						if j >= 16 {
							if axis == 0 {
								s[j] = b / w
							} else {
								tc[j] = b / h
							}
						}
					}
					// The reference for the first group.
					c := new(Set)
					if !PlainFootprintsAsm(&p, &s[0], &tc[0], &ref[0], 16, c) {
						t.Fatal("the footprints stage declined coordinates in range")
					}
					var plain [4][Chunk]float32
					po := OutOf(&plain)
					levelKernelGo(d, &k, c, 16, &po)
					for _, f := range plainLevelForms() {
						vec := untouched()
						vo := OutOf(&vec)
						name := fmt.Sprintf("%s, rep %d kernel %d axis %d value %g", f.name, rep, kind, axis, b)
						if f.call(&p, &k, &d[0], &s[0], &tc[0], &ref[0], nil, n, &vo) {
							t.Fatalf("%s: a group out of range taken", name)
						}
						sameForms(t, name, true, 16, &vec, &plain)
					}
				}
			}
		}
	}
}
