package sampler

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// bcFormats are the formats of bc.go's path.
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
	w := new(bcWindow)
	wa := new(bcWindow)
	for _, f := range bcFormats[:8] {
		dec := bc1ModeOf(f)
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
			w.offs[0] = int32(n * i)
			bc1DecodeWindowGo(data, &dec, w, 1)
			if dec.alpha != alphaNone {
				bcAlphaWindow(data, &dec, w, 1)
			}
			for tx := range want {
				for c := range 4 {
					if got := w.tex[tx][c]; math.Float32bits(got) != math.Float32bits(want[tx][c]) {
						t.Fatalf("%v block %d % x texel %d channel %d: %v, the format's decoder %v", f, i, b, tx, c, got, want[tx][c])
					}
				}
			}
		}
		// The assembly, over windows of 1 to 64 blocks of the buffer.
		for iter := 0; iter < 200; iter++ {
			ns := 1 + rng.IntN(bcWindowSlots)
			for s := range (ns + 7) &^ 7 {
				w.offs[s] = int32(n * rng.IntN(len(colours)))
			}
			wa.offs = w.offs
			bc1DecodeWindowGo(data, &dec, w, ns)
			if !bc1DecodeWindowAsm(data, &dec, wa, ns) {
				if lanes.AsmKernels {
					t.Fatalf("%v: the assembly declined %d blocks", f, ns)
				}
				continue
			}
			for c := range 4 {
				for x := range 16 * ns {
					if math.Float32bits(w.tex[x][c]) != math.Float32bits(wa.tex[x][c]) {
						t.Fatalf("%v: %d blocks, block %d texel %d channel %d: assembly %v, Go %v", f, ns, x/16, x%16, c, wa.tex[x][c], w.tex[x][c])
					}
				}
			}
		}
	}
}

// TestBC1TablesAreQuotients: the UNORM tables' entries, package bc's
// fractions, are the binary32 quotients n/186 and n/378 that the assembly
// computes instead (bc1Decode.div).
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
// footprints on another layer), and the bilinear and gather kernels on
// random texels, places, fractions and channels, over chunks of 8 to 64.
func TestBCWindowAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(7, 2026))
	fits, misses := 0, 0
	for iter := 0; iter < 3000; iter++ {
		w, h := []int{1, 3, 4, 13, 64, 100, 1024}[rng.IntN(7)], []int{1, 2, 4, 11, 64, 256}[rng.IntN(6)]
		layers := 1 + rng.IntN(3)
		bx, by := bitsFor(w), bitsFor(h)
		lv := bcLevel{im: 1<<bx - 1, jm: 1<<by - 1, jsh: uint8(bx), lsh: uint8(bx + by), mx: blockMask(w), my: blockMask(h)}
		l := int32(rng.IntN(5))
		layer := int32(rng.IntN(layers))
		n := 8 * (1 + rng.IntN(8))
		// Grid footprints around a centre, spread over a few blocks or the
		// level, wrapping at its edges; now and then one on another layer
		// or not a grid (a cube footprint across a face edge).
		ci, cj := rng.IntN(w), rng.IntN(h)
		spread := []int{2, 8, 30, 200}[rng.IntN(4)]
		var o [4][laneChunk]int32
		for k := range n {
			i0 := ((ci+rng.IntN(spread)-spread/2)%w + w) % w
			j0 := ((cj+rng.IntN(spread/4+1)-spread/8)%h + h) % h
			i1, j1 := (i0+1)%w, (j0+1)%h
			ly := layer
			if rng.IntN(500) == 0 {
				ly = (layer + 1) % int32(layers)
			}
			at := func(i, j int) int32 { return l<<bcLevelShift | ly<<lv.lsh | int32(j)<<lv.jsh | int32(i) }
			o[0][k], o[1][k], o[2][k], o[3][k] = at(i0, j0), at(i1, j0), at(i0, j1), at(i1, j1)
			if rng.IntN(1000) == 0 {
				o[1+rng.IntN(2)][k] = at(rng.IntN(w), rng.IntN(h))
			}
		}
		v0 := o[0][0]
		p := bcWindowParams{im: lv.im, jm: lv.jm, jsh: int32(lv.jsh), lsh: int32(lv.lsh), key: v0 >> lv.lsh, mx: lv.mx, my: lv.my}
		if lv.mx != -1 {
			p.rx = (v0&lv.im>>2 - bcWindowSlots/2) & lv.mx
		}
		if lv.my != -1 {
			p.ry = (v0>>lv.jsh&lv.jm>>2 - bcWindowSlots/2) & lv.my
		}
		pa := p
		var idx, idxa [4][laneChunk]int32
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
				vi, vj := o[q][k]&lv.im, o[q][k]>>lv.jsh&lv.jm
				bi := (p.bx0 + s%p.bw + p.rx) & p.mx
				bj := (p.by0 + s/p.bw + p.ry) & p.my
				if s >= p.bw*p.bh || idx[q][k]&15 != 0 || bi != vi>>2 || bj != vj>>2 || tx != (vj&3)<<2|vi&3 {
					t.Fatalf("%d×%d: texel (%d, %d) at slot %d texel %d of %+v", w, h, vi, vj, s, tx, p)
				}
			}
		}
	}
	if fits < 1000 || misses < 100 {
		t.Errorf("%d windows, %d misses", fits, misses)
	}
	// The kernels.
	win := new(bcWindow)
	for x := range win.tex {
		for c := range win.tex[x] {
			win.tex[x][c] = rng.Float32()*4 - 2
		}
	}
	win.tex[5][1] = float32(math.Copysign(0, -1))
	var fp footprints
	var ch [laneChunk]uint8
	for iter := 0; iter < 300; iter++ {
		n := 8 * (1 + rng.IntN(8))
		for q := range win.idx {
			for k := range laneChunk {
				win.idx[q][k] = int32(rng.IntN(bcWindowSlots*16)) << 4
				if rng.IntN(4) == 0 {
					win.idx[q][k] = 5 << 4
				}
			}
		}
		for k := range laneChunk {
			fp.FA[k], fp.FB[k] = rng.Float32(), rng.Float32()
			if rng.IntN(4) == 0 {
				fp.FA[k] = 0
			}
			ch[k] = uint8(rng.IntN(256))
		}
		var a, b [4][laneChunk]float32
		outA, outB := lanes.OutOf(&a), lanes.OutOf(&b)
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

// TestBCLanesAgree runs every BC format through the lane loop — windows
// of decoded blocks for coherent requests (2×2 quads a texel or two
// apart, across block edges and the level's wrap), the decoded-block
// cache for scattered ones — against the reference path: trilinear and
// bilinear sampling with every LOD source, gathers with and without a
// channel operand, 2D, array and cube views, every address mode.
func TestBCLanesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 11))
	windows, caches := 0, 0
	for iter := 0; iter < 320; iter++ {
		f := bcFormats[iter%len(bcFormats)]
		kind := []surface.Kind{surface.Kind2D, surface.Kind2D, surface.Kind2DArray, surface.KindCube}[rng.IntN(4)]
		w := []int{4, 13, 32, 64, 128}[rng.IntN(5)]
		h := []int{4, 8, 11, 64}[rng.IntN(4)]
		layers := 1
		switch kind {
		case surface.Kind2DArray:
			layers = 3
		case surface.KindCube:
			h, layers = w, 6
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
		if rng.IntN(4) != 0 { // the modes the kernels take (the others go to the reference's functions)
			st.Address[0], st.Address[1] = []AddressMode{WrapRepeat, WrapClampToEdge}[rng.IntN(2)], []AddressMode{WrapRepeat, WrapClampToEdge}[rng.IntN(2)]
		}
		ops := []Op{OpSampleL, OpSampleD, OpSample, OpSampleLZ, OpGather4, OpGather4L}
		op := ops[rng.IntN(len(ops))]
		lanes := []int{8, 60, 64, 128}[rng.IntN(4)]
		req := &Request{Op: op, Lanes: lanes}
		for c := range 3 {
			req.Coord[c] = make([]float32, lanes)
			req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
		}
		req.Lod = make([]float32, lanes)
		if op.Kind() == KindGather && rng.IntN(2) == 0 {
			req.Channel = make([]uint8, lanes)
		}
		coherent := rng.IntN(4) != 0
		scale := float32(rng.IntN(3)+1) / float32(w)
		u0, v0 := rng.Float32()*1.5-0.25, rng.Float32()*1.5-0.25
		lod := float32(rng.IntN(9)) / 4
		layer := float32(rng.IntN(3))
		for i := range lanes {
			q, p := i/4, i%4
			x, y := float32(2*(q%8)+p%2), float32(2*(q/8)+p/2)
			if coherent {
				req.Coord[0][i], req.Coord[1][i] = u0+x*scale, v0+y*scale
			} else {
				req.Coord[0][i], req.Coord[1][i] = rng.Float32()*3-1, rng.Float32()*3-1
			}
			req.Coord[2][i] = layer
			if !coherent {
				req.Coord[2][i] = float32(rng.IntN(3))
			}
			if kind == surface.KindCube {
				req.Coord[0][i], req.Coord[1][i] = 2*req.Coord[0][i]-1, 2*req.Coord[1][i]-1
				req.Coord[2][i] = []float32{1, -1}[rng.IntN(2)]
			}
			req.DDX[0][i], req.DDY[1][i] = scale*float32(1+rng.IntN(3)), scale
			req.Lod[i] = lod
			if req.Channel != nil {
				req.Channel[i] = uint8(rng.IntN(4))
			}
		}
		fast, ref := *staleResult(lanes), Result{}
		eng := &Engine{}
		for range 2 { // the second request takes the cached set-up
			if err := eng.Execute(s.View(), &st, req, &fast); err != nil {
				t.Fatal(err)
			}
		}
		fastDisabled = true
		err := (&Engine{}).Execute(s.View(), &st, req, &ref)
		fastDisabled = false
		if err != nil {
			t.Fatal(err)
		}
		for i := range lanes {
			for c := range 4 {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%v %v %d×%d %v %v lane %d (%v, %v) channel %d: fast %08x, reference %08x",
						f, kind, w, h, op, st.Address, i, req.Coord[0][i], req.Coord[1][i], c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
		if fast.work != nil && fast.work.bcw != nil {
			if fast.work.bcw.p.bw > 0 {
				windows++
			} else {
				caches++
			}
		}
	}
	if windows < 100 || caches < 10 {
		t.Errorf("%d requests ended on a window, %d on the cache", windows, caches)
	}
	t.Logf("%d requests ended on a window, %d on the cache", windows, caches)
}

// TestBCDecodedFinite: the BC kernels write their results without making
// NaNs lanes.Canonical, which holds because no BC format decodes to a NaN or an
// infinity (BC6H's halves are at most 0x7bff in magnitude): random blocks
// of every format decode to finite texels.
func TestBCDecodedFinite(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var texels [16][4]float32
	for _, f := range bcFormats {
		dec, n := f.BlockDecoder(), f.Info().Bytes
		b := make([]byte, n)
		for range 20000 {
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			dec(b, texels[:])
			for _, v := range texels {
				for _, c := range v {
					if math.IsNaN(float64(c)) || math.IsInf(float64(c), 0) {
						t.Fatalf("%v block % x decodes to %v", f, b, v)
					}
				}
			}
		}
	}
}
