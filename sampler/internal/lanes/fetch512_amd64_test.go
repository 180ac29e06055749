//go:build amd64 && !purego

package lanes

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFetchRGBA8Forms holds FetchRGBA8's AVX-512 form (fetchRGBA8V) and
// its AVX2 form (Wide512 set false) to the r8g8b8a8_unorm decode of each
// lane's word (Unorm8Table, format's own decoder), the word 0 for a lane
// outside the level: levels one texel wide or tall and wider, row strides
// of the texels' or more (powers of two, a shift, or not, and 0 for a
// level one texel tall), the level's first texel at byte 0 or beyond;
// lanes inside, on every edge and beyond it, negative and huge (±2^20, the
// int32 extremes); groups of adjacent pairs (read as 8-byte pairs), broken
// now and then by a lane or by an outside neighbour, and random lanes;
// every length from 8 to 136 lanes (a last group of eight where n is not a
// multiple of 16). Neither form writes past lane n.
func TestFetchRGBA8Forms(t *testing.T) {
	if !AsmKernels {
		t.Skip("no assembly kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(21, 2026))
	const most = 136
	for iter := 0; iter < 4000; iter++ {
		w := []int32{1, 1, 2, 3, 16, 17, 64}[rng.IntN(7)]
		h := []int32{1, 2, 5, 31}[rng.IntN(4)]
		ys := 4*w + 4*int32(rng.IntN(3)) // a power of two (a shift) or not
		if h == 1 && rng.IntN(2) == 0 {
			ys = 0 // as the sampler's level tables have it
		}
		first := 4 * int32(rng.IntN(5))
		d := make([]byte, int(first+(h-1)*ys+4*w))
		for i := range d {
			d[i] = byte(rng.Uint32())
		}
		n := 8 * (1 + rng.IntN(most/8))
		tx, ty := make([]int32, n), make([]int32, n)
		pairs := rng.IntN(3) != 0
		for k := range n {
			tx[k], ty[k] = int32(rng.IntN(int(w)+4))-2, int32(rng.IntN(int(h)+4))-2
			if pairs {
				tx[k], ty[k] = int32(rng.IntN(int(w)+1)), int32(rng.IntN(int(h)))
				if k&1 == 1 && rng.IntN(24) != 0 {
					tx[k], ty[k] = tx[k-1]+1, ty[k-1]
				}
			}
			if rng.IntN(20) == 0 {
				c := []*int32{&tx[k], &ty[k]}[rng.IntN(2)]
				*c = []int32{math.MinInt32, math.MaxInt32, -1 << 20, 1 << 20, -1}[rng.IntN(5)]
			}
		}
		lv := [4]int32{w, h, ys, first}
		for _, wide := range []bool{false, true} {
			if wide && !Wide512 {
				continue
			}
			c := sentinelRows(most + 16)
			setWide512(wide)
			FetchRGBA8(&d[0], &tx[0], &ty[0], n, &lv, &c[0][0], &c[1][0], &c[2][0], &c[3][0])
			setWide512(wide512)
			for k := range c[0] {
				var word [4]byte
				if k < n && tx[k] >= 0 && tx[k] < w && ty[k] >= 0 && ty[k] < h {
					o := first + 4*tx[k] + ys*ty[k]
					copy(word[:], d[o:o+4])
				}
				for ch := range c {
					want := fetchedBits(word, ch, k, n)
					if c[ch][k] != want {
						t.Fatalf("wide %v, level %dx%d ys %d first %d, n %d: lane %d (%d, %d) channel %d: %08x, want %08x",
							wide, w, h, ys, first, n, k, tx[k%n], ty[k%n], ch, c[ch][k], want)
					}
				}
			}
		}
	}
}

// sentinelRows returns four result rows of m lanes, each 0xdeadbeef: a
// fetch's rows before the call, whose lanes at n and past must stay so.
func sentinelRows(m int) (c [4][]uint32) {
	for i := range c {
		c[i] = make([]uint32, m)
		for k := range c[i] {
			c[i][k] = 0xdeadbeef
		}
	}
	return c
}

// fetchedBits is what a fetch leaves in lane k of channel ch's row of n
// lanes: word's byte ch as unorm8 decodes it (word zero where the lane is
// outside the level), and past n the sentinel untouched.
func fetchedBits(word [4]byte, ch, k, n int) uint32 {
	if k >= n {
		return 0xdeadbeef
	}
	return math.Float32bits(Unorm8Table[word[ch]])
}

// wide512 is Wide512 as the CPU sets it; setWide512 sets the variable
// that FetchRGBA8's first instructions read.
var wide512 = Wide512

func setWide512(v bool) { Wide512 = v }

// BenchmarkFetchRGBA8Forms times FetchRGBA8's two forms on 64 lanes of a
// 1024² level: W8's quads (adjacent pairs, read as pairs) and lanes at
// random (gathered); and FetchRGBA8Layers' two on the quads in layer 1 of
// a 1024² array of two (layers/quads).
func BenchmarkFetchRGBA8Forms(b *testing.B) {
	const n, w = 64, 1024
	d := make([]byte, 4*w*w)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range d {
		d[i] = byte(rng.Uint32())
	}
	lv := [4]int32{w, w, 4 * w, 0}
	var c [4][n]uint32
	for _, quads := range []bool{true, false} {
		var tx, ty [n]int32
		for k := range n {
			q, p := k/4, k%4
			tx[k], ty[k] = int32(300+(q%4)*2+p%2), int32(500+(q/4)*2+p/2)
			if !quads {
				tx[k], ty[k] = int32(rng.IntN(w)), int32(rng.IntN(w))
			}
		}
		for _, wide := range []bool{false, true} {
			if wide && !Wide512 {
				continue
			}
			name := map[bool]string{true: "quads", false: "random"}[quads] + map[bool]string{true: "/avx512", false: "/avx2"}[wide]
			b.Run(name, func(b *testing.B) {
				setWide512(wide)
				for b.Loop() {
					FetchRGBA8(&d[0], &tx[0], &ty[0], n, &lv, &c[0][0], &c[1][0], &c[2][0], &c[3][0])
				}
				setWide512(wide512)
			})
			if !quads {
				continue
			}
			b.Run("layers/"+name, func(b *testing.B) {
				p := FetchParams{W: w, H: w / 2, Xs: 4, Ys: 4 * w, Layers: 2, Ls: 2 * w * w}
				var tl [n]int32
				for k := range tl {
					tl[k] = 1
					ty[k] -= 300
				}
				setWide512(wide)
				for b.Loop() {
					FetchRGBA8Layers(&d[0], &tx[0], &ty[0], &tl[0], n, &p, &c[0][0], &c[1][0], &c[2][0], &c[3][0])
				}
				setWide512(wide512)
				for k := range tl {
					ty[k] += 300
				}
			})
		}
	}
}

// TestFetchRGBA8LayersForms holds FetchRGBA8Layers' AVX-512 form
// (fetchRGBA8LayersV) and its AVX2 form (fetchRGBA8Layers2) to the
// r8g8b8a8_unorm decode of each lane's word, the word 0 for a lane outside
// the level or the view's layers: array views (a layer operand, layers on,
// inside and beyond the first and last, negative and the int32 extremes)
// and 2D views (none), levels one texel wide (x stride 0) and wider, row
// strides of the texels' or more, lanes as pairs of neighbours or at
// random, every length from 8 to 136. Neither form writes past lane n.
func TestFetchRGBA8LayersForms(t *testing.T) {
	if !AsmKernels {
		t.Skip("no assembly kernels on this CPU")
	}
	rng := rand.New(rand.NewPCG(22, 2026))
	const most = 136
	for iter := 0; iter < 3000; iter++ {
		w := []int32{1, 1, 2, 3, 16, 17}[rng.IntN(6)]
		h := []int32{1, 2, 5, 31}[rng.IntN(4)]
		layers := int32(1 + rng.IntN(4))
		var p FetchParams
		p.W, p.H, p.Xs, p.Ys, p.Layers = w, h, 4, 4*w+4*int32(rng.IntN(3)), layers
		if w == 1 {
			p.Xs = 0
		}
		p.Ls = p.Ys*h + 4*int32(rng.IntN(3))
		p.First = 4 * int32(rng.IntN(5))
		d := make([]byte, int(p.First+(layers-1)*p.Ls+(h-1)*p.Ys+4*w))
		for i := range d {
			d[i] = byte(rng.Uint32())
		}
		n := 8 * (1 + rng.IntN(most/8))
		tx, ty, tl := make([]int32, n), make([]int32, n), make([]int32, n)
		pairs := rng.IntN(3) != 0
		for k := range n {
			tx[k], ty[k], tl[k] = int32(rng.IntN(int(w)+4))-2, int32(rng.IntN(int(h)+4))-2, int32(rng.IntN(int(layers)+4))-2
			if pairs {
				tx[k], ty[k], tl[k] = int32(rng.IntN(int(w)+1)), int32(rng.IntN(int(h))), int32(rng.IntN(int(layers)))
				if k&1 == 1 && rng.IntN(24) != 0 {
					tx[k], ty[k], tl[k] = tx[k-1]+1, ty[k-1], tl[k-1]
				}
			}
			if rng.IntN(20) == 0 {
				c := []*int32{&tx[k], &ty[k], &tl[k]}[rng.IntN(3)]
				*c = []int32{math.MinInt32, math.MaxInt32, -1 << 20, 1 << 20, -1}[rng.IntN(5)]
			}
		}
		array := rng.IntN(3) != 0
		var tlp *int32
		if array {
			tlp = &tl[0]
		} else {
			p.Layers = 1
		}
		for _, wide := range []bool{false, true} {
			if wide && !Wide512 {
				continue
			}
			c := sentinelRows(most + 16)
			setWide512(wide)
			FetchRGBA8Layers(&d[0], &tx[0], &ty[0], tlp, n, &p, &c[0][0], &c[1][0], &c[2][0], &c[3][0])
			setWide512(wide512)
			for k := range c[0] {
				var word [4]byte
				if k < n && tx[k] >= 0 && tx[k] < w && ty[k] >= 0 && ty[k] < h && (!array || tl[k] >= 0 && tl[k] < layers) {
					o := p.First + p.Xs*tx[k] + p.Ys*ty[k]
					if array {
						o += p.Ls * tl[k]
					}
					copy(word[:], d[o:o+4])
				}
				for ch := range c {
					want := fetchedBits(word, ch, k, n)
					if c[ch][k] != want {
						t.Fatalf("wide %v, array %v, level %dx%d ys %d layers %d ls %d first %d, n %d: lane %d (%d, %d, %d) channel %d: %08x, want %08x",
							wide, array, w, h, p.Ys, layers, p.Ls, p.First, n, k, tx[k%n], ty[k%n], tl[k%n], ch, c[ch][k], want)
					}
				}
			}
		}
	}
}
