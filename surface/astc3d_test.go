package surface

import (
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

// TestASTC3DGeometry checks how surfaces store the 3D ASTC formats: ⌈w/bw⌉×⌈h/bh⌉×⌈d/bd⌉ blocks per
// level and layer, in every level of the mip chain, BlockOffset's block and index, the data size
// in every layout, and that other kinds refuse them with an error naming the field.
func TestASTC3DGeometry(t *testing.T) {
	f := format.ASTC5x4x4SfloatBlock // 5×4×4 blocks
	s, err := New(Desc{Kind: Kind3D, Format: f, Width: 17, Height: 9, Depth: 10})
	if err != nil {
		t.Fatal(err)
	}
	if w, h := s.BlockSize(); w != 5 || h != 4 || s.BlockDepth() != 4 {
		t.Fatalf("block size %dx%dx%d", w, h, s.BlockDepth())
	}
	want := 0
	for l := range s.Levels {
		w, h, d := s.LevelSize(l)
		bx, by := s.LevelBlocks(l)
		bz := s.LevelBlockSlices(l)
		if bx != (w+4)/5 || by != (h+3)/4 || bz != (d+3)/4 {
			t.Fatalf("level %d (%dx%dx%d): %dx%dx%d blocks", l, w, h, d, bx, by, bz)
		}
		if s.LevelOffset(l) != want {
			t.Fatalf("level %d at %d, want %d", l, s.LevelOffset(l), want)
		}
		want += bx * by * bz * 16
	}
	if len(s.Data) != want || s.DataBytes() != want {
		t.Fatalf("data %d bytes, want %d", len(s.Data), want)
	}
	if n, err := SizeOf(s.Desc); err != nil || n != int64(want) {
		t.Errorf("SizeOf = %d, %v; want %d", n, err, want)
	}
	// Level 0 is 4×3×3 blocks: texel (12, 5, 9) is in block (2, 1, 2), texel (2, 1, 1) of it.
	off, idx := s.BlockOffset(0, 12, 5, 9, 0)
	if wantOff := ((2*3+1)*4 + 2) * 16; off != wantOff || idx != (1*4+1)*5+2 {
		t.Errorf("BlockOffset(0, 12, 5, 9) = %d, %d; want %d, %d", off, idx, wantOff, (1*4+1)*5+2)
	}
	// Every layout holds the same blocks: the linear stream round-trips.
	for i := range s.Data {
		s.Data[i] = byte(i * 7)
	}
	for _, l := range []Layout{LayoutMorton, LayoutTileY, LayoutTile4, LayoutBlockLinear} {
		tiled, err := WithLayout(s, l, 0, 0)
		if err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		if uint64(len(tiled.Data)) != tiled.Desc.dataBytes() {
			t.Errorf("%v: %d bytes, dataBytes %d", l, len(tiled.Data), tiled.Desc.dataBytes())
		}
		for lvl := range s.Levels {
			if string(tiled.LinearLevel(lvl)) != string(s.LinearLevel(lvl)) {
				t.Fatalf("%v level %d: linear stream differs", l, lvl)
			}
		}
		for _, p := range [][3]int{{0, 0, 0}, {16, 8, 9}, {7, 3, 4}} {
			o1, i1 := s.BlockOffset(0, p[0], p[1], p[2], 0)
			o2, i2 := tiled.BlockOffset(0, p[0], p[1], p[2], 0)
			if i1 != i2 || string(s.Data[o1:o1+16]) != string(tiled.Data[o2:o2+16]) {
				t.Errorf("%v: block of texel %v differs", l, p)
			}
		}
	}
	// Other kinds refuse a 3D block format; 2D block formats stay allowed on 3D surfaces.
	for _, k := range []Kind{Kind2D, Kind2DArray, KindCube, KindCubeArray, Kind1D, Kind2DMS} {
		d := Desc{Kind: k, Format: f, Width: 8, Height: 8}
		switch {
		case k == Kind1D:
			d.Height = 1
		case k == Kind2DMS:
			d.Samples = 4
		}
		_, err := New(d)
		if err == nil || !strings.HasPrefix(err.Error(), "surface.format: astc_5x4x4_sfloat_block ") {
			t.Errorf("%v: error %v", k, err)
		}
	}
	if _, err := New(Desc{Kind: Kind3D, Format: format.ASTC6x6SfloatBlock, Width: 8, Height: 8, Depth: 3}); err != nil {
		t.Errorf("2D ASTC blocks on a 3D surface: %v", err)
	}
}

// TestASTC3DImage decodes a 3D ASTC surface slice by slice through Image: every texel of a block
// of void extents reads its block's colour, in every z slice the block covers.
func TestASTC3DImage(t *testing.T) {
	s, err := New(Desc{Kind: Kind3D, Format: format.ASTC3x3x3UnormBlock, Width: 6, Height: 3, Depth: 6, Levels: 1})
	if err != nil {
		t.Fatal(err)
	}
	// 2×1×2 blocks, each an LDR void extent of grey g = 0x1100·(block index + 1).
	for i := range 4 {
		b := s.Data[16*i : 16*i+16]
		lo := uint64(0x1FC) | (1<<54-1)<<10 // all-ones 9-bit extents
		g := uint64(0x1100 * (i + 1))
		hi := g | g<<16 | g<<32 | 0xFFFF<<48
		for k := range 8 {
			b[k], b[8+k] = byte(lo>>(8*k)), byte(hi>>(8*k))
		}
	}
	for z := range 6 {
		img, err := s.Image(0, 0, z)
		if err != nil {
			t.Fatal(err)
		}
		for x := range 6 {
			r, _, _, _ := img.At(x, 1).RGBA()
			block := x/3 + 2*(z/3)
			if want := uint32(0x11*(block+1)) * 0x101; r != want { // Image holds 8 bits
				t.Errorf("z %d x %d: %#x, want %#x", z, x, r, want)
			}
		}
	}
}
