package lanes

import (
	"encoding/binary"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
)

// bcFormats are the BC formats (sampler's bc.go's path).
var bcFormats = []format.Format{
	format.BC1RGBUnormBlock, format.BC1RGBSrgbBlock, format.BC1RGBAUnormBlock, format.BC1RGBASrgbBlock,
	format.BC2UnormBlock, format.BC2SrgbBlock, format.BC3UnormBlock, format.BC3SrgbBlock,
	format.BC4UnormBlock, format.BC4SnormBlock, format.BC5UnormBlock, format.BC5SnormBlock,
	format.BC6HUfloatBlock, format.BC6HSfloatBlock, format.BC7UnormBlock, format.BC7SrgbBlock,
}

// bc1Blocks returns n BC1 blocks: random ones, and ones in each mode with
// chosen endpoints (c0 > c1, c0 = c1, c0 < c1, the extremes).
func bc1Blocks(rng *rand.Rand, n int) [][8]byte {
	ends := [][2]uint16{{0xffff, 0}, {0, 0xffff}, {0, 0}, {0xffff, 0xffff}, {0x8410, 0x8410}, {0xf800, 0x07e0}, {0x001f, 0xf800}, {1, 0}, {0, 1}}
	blocks := make([][8]byte, n)
	for i := range blocks {
		binary.LittleEndian.PutUint64(blocks[i][:], rng.Uint64())
		switch {
		case i < len(ends):
			binary.LittleEndian.PutUint16(blocks[i][0:], ends[i][0])
			binary.LittleEndian.PutUint16(blocks[i][2:], ends[i][1])
		case i%3 == 0: // the three-colour mode, equal endpoints among them
			c0, c1 := binary.LittleEndian.Uint16(blocks[i][0:]), binary.LittleEndian.Uint16(blocks[i][2:])
			if c0 > c1 {
				binary.LittleEndian.PutUint16(blocks[i][0:], c1)
				binary.LittleEndian.PutUint16(blocks[i][2:], c0)
			}
			if i%9 == 0 {
				binary.LittleEndian.PutUint16(blocks[i][2:], binary.LittleEndian.Uint16(blocks[i][0:]))
			}
		}
	}
	return blocks
}

// TestBC1PaletteAgrees holds the window's decode of BC1 colour blocks
// (bc1tables.go: the palette from the exact-fraction tables; the Go form
// and the assembly) to each format's own block decoder, bit for bit, for
// the four BC1 formats in both modes — four colours (c0 > c1), three
// colours and transparent (RGBA) or opaque (RGB) black (c0 ≤ c1) — and
// for BC2 and BC3 (always four colours, and their alpha: BC3's in both of
// its modes), sRGB included.
func TestBC1PaletteAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 1125))
	colours := bc1Blocks(rng, 6000)
	w := new(BCWindow)
	wa := new(BCWindow)
	for _, f := range bcFormats[:8] {
		dec := BC1ModeOf(f)
		ref := f.BlockDecoder()
		n := f.Info().Bytes
		data := make([]byte, n*len(colours))
		for i, c := range colours {
			b := data[n*i : n*i+n]
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
			copy(b[n-8:], c[:])
			if dec.alpha == alphaInterpolated && i%4 == 0 { // a0 ≤ a1, a0 = a1
				b[0], b[1] = min(b[0], b[1]), max(b[0], b[1])
				if i%8 == 0 {
					b[1] = b[0]
				}
			}
		}
		var want [16][4]float32
		for i := range colours {
			b := data[n*i : n*i+n]
			ref(b, want[:])
			w.Offs[0] = int32(n * i)
			bc1DecodeWindowGo(data, &dec, w, 1)
			if dec.alpha != alphaNone {
				bcAlphaWindow(data, &dec, w, 1)
			}
			for tx := range want {
				for c := range 4 {
					if got := w.Tex[tx][c]; math.Float32bits(got) != math.Float32bits(want[tx][c]) {
						t.Fatalf("%v block %d % x texel %d channel %d: %v, the format's decoder %v", f, i, b, tx, c, got, want[tx][c])
					}
				}
			}
		}
		// The assembly, over windows of 1 to 64 blocks of the buffer.
		for iter := 0; iter < 200; iter++ {
			ns := 1 + rng.IntN(BCWindowSlots)
			for s := range (ns + 7) &^ 7 {
				w.Offs[s] = int32(n * rng.IntN(len(colours)))
			}
			wa.Offs = w.Offs
			bc1DecodeWindowGo(data, &dec, w, ns)
			if !bc1DecodeWindowAsm(data, &dec, wa, ns) {
				if AsmKernels {
					t.Fatalf("%v: the assembly declined %d blocks", f, ns)
				}
				continue
			}
			for c := range 4 {
				for x := range 16 * ns {
					if math.Float32bits(w.Tex[x][c]) != math.Float32bits(wa.Tex[x][c]) {
						t.Fatalf("%v: %d blocks, block %d texel %d channel %d: assembly %v, Go %v", f, ns, x/16, x%16, c, wa.Tex[x][c], w.Tex[x][c])
					}
				}
			}
		}
	}
}

// TestBC1TablesAreQuotients: the UNORM tables' entries, package bc's
// fractions, are the binary32 quotients n/186 and n/378 that the assembly
// computes instead (BC1Decode.div).
func TestBC1TablesAreQuotients(t *testing.T) {
	for n := range bc1Unorm.r {
		if q := float32(n) / 186; n <= 186 && math.Float32bits(q) != math.Float32bits(bc1Unorm.r[n]) {
			t.Errorf("%d/186: %v, table %v", n, q, bc1Unorm.r[n])
		}
	}
	for n := range bc1Unorm.g {
		if q := float32(n) / 378; n <= 378 && math.Float32bits(q) != math.Float32bits(bc1Unorm.g[n]) {
			t.Errorf("%d/378: %v, table %v", n, q, bc1Unorm.g[n])
		}
	}
}

// TestBCWindowAsmAgrees holds the assembly window stages to their Go
// forms: the bounds and places (windows that fit, that wrap around a
// level of a power-of-two size, that are too wide or too tall, and
// Footprints on another layer), and the bilinear and gather kernels on
// random texels, places, fractions and channels, over chunks of 8 to 64.
func TestBCWindowAsmAgrees(t *testing.T) {
	if !AsmKernels {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(7, 2026))
	fits, misses := 0, 0
	for iter := 0; iter < 3000; iter++ {
		w, h := []int{1, 3, 4, 13, 64, 100, 1024}[rng.IntN(7)], []int{1, 2, 4, 11, 64, 256}[rng.IntN(6)]
		layers := 1 + rng.IntN(3)
		bx, by := bitsFor(w), bitsFor(h)
		lv := testBCLevel{Im: 1<<bx - 1, Jm: 1<<by - 1, Jsh: uint8(bx), Lsh: uint8(bx + by), Mx: blockMask(w), My: blockMask(h)}
		l := int32(rng.IntN(5))
		layer := int32(rng.IntN(layers))
		n := 8 * (1 + rng.IntN(8))
		// Grid Footprints around a centre, spread over a few blocks or the
		// level, wrapping at its edges; now and then one on another layer
		// or not a grid (a cube footprint across a face edge).
		ci, cj := rng.IntN(w), rng.IntN(h)
		spread := []int{2, 8, 30, 200}[rng.IntN(4)]
		var o [4][Chunk]int32
		for k := range n {
			i0 := ((ci+rng.IntN(spread)-spread/2)%w + w) % w
			j0 := ((cj+rng.IntN(spread/4+1)-spread/8)%h + h) % h
			i1, j1 := (i0+1)%w, (j0+1)%h
			ly := layer
			if rng.IntN(500) == 0 {
				ly = (layer + 1) % int32(layers)
			}
			at := func(i, j int) int32 { return l<<BCLevelShift | ly<<lv.Lsh | int32(j)<<lv.Jsh | int32(i) }
			o[0][k], o[1][k], o[2][k], o[3][k] = at(i0, j0), at(i1, j0), at(i0, j1), at(i1, j1)
			if rng.IntN(1000) == 0 {
				o[1+rng.IntN(2)][k] = at(rng.IntN(w), rng.IntN(h))
			}
		}
		v0 := o[0][0]
		p := BCWindowParams{Im: lv.Im, Jm: lv.Jm, Jsh: int32(lv.Jsh), Lsh: int32(lv.Lsh), Key: v0 >> lv.Lsh, Mx: lv.Mx, My: lv.My}
		if lv.Mx != -1 {
			p.Rx = (v0&lv.Im>>2 - BCWindowSlots/2) & lv.Mx
		}
		if lv.My != -1 {
			p.Ry = (v0>>lv.Jsh&lv.Jm>>2 - BCWindowSlots/2) & lv.My
		}
		pa := p
		var idx, idxa [4][Chunk]int32
		ok := bcWindowIndexGo(&o, n, &p, &idx)
		oka, taken := bcWindowIndexAsm(&o, n, &pa, &idxa)
		if !taken {
			t.Fatal("the assembly declined")
		}
		if ok != oka {
			t.Fatalf("%d×%d n %d: window %v, assembly %v", w, h, n, ok, oka)
		}
		if !ok {
			misses++
			continue
		}
		fits++
		if p != pa || idx != idxa {
			t.Fatalf("%d×%d n %d: window %+v, assembly %+v", w, h, n, p, pa)
		}
		// Every place is inside the window, and maps back to the texel.
		for q := range o {
			for k := range n {
				s, tx := idx[q][k]>>8, idx[q][k]>>4&15
				vi, vj := o[q][k]&lv.Im, o[q][k]>>lv.Jsh&lv.Jm
				bi := (p.Bx0 + s%p.Bw + p.Rx) & p.Mx
				bj := (p.By0 + s/p.Bw + p.Ry) & p.My
				if s >= p.Bw*p.Bh || idx[q][k]&15 != 0 || bi != vi>>2 || bj != vj>>2 || tx != (vj&3)<<2|vi&3 {
					t.Fatalf("%d×%d: texel (%d, %d) at slot %d texel %d of %+v", w, h, vi, vj, s, tx, p)
				}
			}
		}
	}
	if fits < 1000 || misses < 100 {
		t.Errorf("%d windows, %d misses", fits, misses)
	}
	// The kernels.
	win := new(BCWindow)
	for x := range win.Tex {
		for c := range win.Tex[x] {
			win.Tex[x][c] = rng.Float32()*4 - 2
		}
	}
	win.Tex[5][1] = float32(math.Copysign(0, -1))
	var fp Footprints
	var ch [Chunk]uint8
	for iter := 0; iter < 300; iter++ {
		n := 8 * (1 + rng.IntN(8))
		for q := range win.Idx {
			for k := range Chunk {
				win.Idx[q][k] = int32(rng.IntN(BCWindowSlots*16)) << 4
				if rng.IntN(4) == 0 {
					win.Idx[q][k] = 5 << 4
				}
			}
		}
		for k := range Chunk {
			fp.FA[k], fp.FB[k] = rng.Float32(), rng.Float32()
			if rng.IntN(4) == 0 {
				fp.FA[k] = 0
			}
			ch[k] = uint8(rng.IntN(256))
		}
		var a, b [4][Chunk]float32
		outA, outB := OutOf(&a), OutOf(&b)
		bcFilterWindowGo(win, &fp, n, &outA)
		if !bcFilterWindowAsm(win, &fp, n, &outB) {
			t.Fatal("the assembly filter declined")
		}
		if a != b {
			t.Fatalf("n %d: the filter's results differ", n)
		}
		bcGatherWindowGo(win, n, &ch, &outA)
		if !bcGatherWindowAsm(win, n, &ch, &outB) {
			t.Fatal("the assembly gather declined")
		}
		if a != b {
			t.Fatalf("n %d: the gather's results differ", n)
		}
	}
}

// testBCLevel is the part of sampler's bcLevel (the map from a level's
// virtual offsets to blocks) that a window's parameters take.
type testBCLevel struct {
	Im, Jm   int32
	Jsh, Lsh uint8
	Mx, My   int32
}

// bitsFor is the number of bits that hold the values 0..n−1 (sampler's).
func bitsFor(n int) int { return bits.Len(uint(n - 1)) }

// blockMask is bcLevel's mx for a level n texels wide (sampler's).
func blockMask(n int) int32 {
	if n&(n-1) != 0 {
		return -1
	}
	return int32(max(n>>2, 1) - 1)
}
