package surface

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/texunit/texunit/format"
)

var nonLinear = []Layout{LayoutMorton, LayoutTileY, LayoutTile4, LayoutBlockLinear}

// TestLayoutGolden checks addresses worked out by hand from the layouts'
// definitions (the Intel tile bit tables of Mesa's isl documentation and
// tiled-memcpy tests, the GOB of the Tegra documentation, Z-order).
func TestLayoutGolden(t *testing.T) {
	type at struct{ x, y, want int }
	for _, c := range []struct {
		d   Desc
		pts []at
	}{
		// Tile-Y, 4-byte texels: 16-byte columns of 32 rows.
		{Desc{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Levels: 1, Layout: LayoutTileY},
			[]at{{0, 0, 0}, {1, 0, 4}, {3, 0, 12}, {0, 1, 16}, {4, 0, 512}, {0, 31, 496}, {31, 31, 7*512 + 496 + 12},
				{32, 0, 4096}, {0, 32, 2 * 4096}, {33, 33, 3*4096 + 16 + 4}}},
		// Tile 4, 4-byte texels: v4 v3 u6 v2 u5 u4 v1 v0 u3..u0.
		{Desc{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Levels: 1, Layout: LayoutTile4},
			[]at{{0, 0, 0}, {1, 0, 4}, {0, 1, 16}, {0, 3, 48}, {4, 0, 64}, {12, 0, 192}, {0, 4, 256}, {16, 0, 512},
				{0, 8, 1024}, {0, 16, 2048}, {0, 24, 3072}, {31, 31, 4095 - 3}, {32, 0, 4096}, {0, 32, 8192}}},
		// Block-linear, 4-byte texels, 16-GOB blocks of a 64-row level
		// shrink to 8 GOBs: u5 v2 v1 u4 v0 u3..u0 in a GOB.
		{Desc{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 32, Height: 64, Levels: 1, Layout: LayoutBlockLinear},
			[]at{{0, 0, 0}, {1, 0, 4}, {0, 1, 16}, {4, 0, 32}, {0, 2, 64}, {0, 6, 192}, {8, 0, 256}, {15, 7, 511 - 3},
				{0, 8, 512}, {0, 63, 7*512 + 192 + 16}, {16, 0, 8 * 512}, {16, 8, 9 * 512}}},
		// Block-linear with 2-GOB blocks: the second block row starts after
		// two blocks of two GOBs.
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 128, Height: 32, Levels: 1, Layout: LayoutBlockLinear, BlockHeight: 2},
			[]at{{0, 0, 0}, {16, 0, 32}, {32, 0, 256}, {0, 8, 512}, {64, 0, 1024}, {64, 8, 1536}, {0, 16, 2048}, {64, 16, 3072}}},
		// Z-order, square and rectangular.
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Height: 4, Levels: 1, Layout: LayoutMorton},
			[]at{{0, 0, 0}, {1, 0, 1}, {0, 1, 2}, {1, 1, 3}, {2, 0, 4}, {0, 2, 8}, {3, 3, 15}}},
		{Desc{Kind: Kind2D, Format: format.R16Uint, Width: 8, Height: 2, Levels: 1, Layout: LayoutMorton},
			[]at{{1, 1, 6}, {2, 0, 8}, {4, 1, 20}, {7, 1, 30}}},
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 3, Height: 5, Levels: 1, Layout: LayoutMorton}, // padded to 4×8
			[]at{{2, 1, 6}, {0, 4, 16}, {1, 4, 17}, {2, 4, 20}}},
	} {
		s, err := New(c.d)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.pts {
			if got := s.TexelOffset(0, p.x, p.y, 0, 0, 0); got != p.want {
				t.Errorf("%v %v %dx%d: texel (%d, %d) at %d, want %d", c.d.Layout, c.d.Format, c.d.Width, c.d.Height, p.x, p.y, got, p.want)
			}
		}
	}
}

// layoutCases are surfaces of every kind, odd sizes, samples and block
// formats for the layout tests.
func layoutCases() []Desc {
	return []Desc{
		{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 37, Height: 13},
		{Kind: Kind2D, Format: format.R8Unorm, Width: 300, Height: 5},
		{Kind: Kind2D, Format: format.R32G32B32A32Sfloat, Width: 9, Height: 70, Levels: 3},
		{Kind: Kind2D, Format: format.R16G16Sfloat, Width: 1, Height: 1},
		{Kind: Kind2DArray, Format: format.R8G8Unorm, Width: 20, Height: 33, Layers: 3},
		{Kind: KindCube, Format: format.B8G8R8A8Srgb, Width: 16, Height: 16},
		{Kind: Kind3D, Format: format.R16Unorm, Width: 10, Height: 6, Depth: 5},
		{Kind: Kind2DMS, Format: format.R8G8B8A8Unorm, Width: 7, Height: 9, Samples: 4},
		{Kind: Kind2DMSArray, Format: format.R32Sfloat, Width: 5, Height: 3, Layers: 2, Samples: 8},
		{Kind: Kind2D, Format: format.BC1RGBAUnormBlock, Width: 50, Height: 30},
		{Kind: Kind2DArray, Format: format.BC7UnormBlock, Width: 17, Height: 9, Layers: 2},
		{Kind: Kind1D, Format: format.D32Sfloat, Width: 40},
		{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Levels: 1}, // whole tiles
	}
}

// TestLayoutInjective checks that every layout's address function maps
// the texels (samples, blocks) of every level and image to disjoint bytes
// inside Data, that SizeOf gives len(Data), and that a surface made of
// whole tiles has no padding (the map is a bijection onto it).
func TestLayoutInjective(t *testing.T) {
	for _, base := range layoutCases() {
		for _, l := range append([]Layout{LayoutLinear}, nonLinear...) {
			for _, bh := range []int{0, 1, 4} {
				if bh != 0 && l != LayoutBlockLinear {
					continue
				}
				d := base
				d.Layout, d.BlockHeight = l, bh
				name := fmt.Sprintf("%v %v %v %dx%dx%d bh %d", l, d.Kind, d.Format, d.Width, d.Height, d.Depth, bh)
				s, err := New(d)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if n, err := SizeOf(d); err != nil || n != int64(len(s.Data)) {
					t.Errorf("%s: SizeOf %d, %v; Data %d bytes", name, n, err, len(s.Data))
				}
				used := make([]bool, len(s.Data))
				count := 0
				tb := s.texelBytes
				for lvl := range s.Levels {
					bx, by := s.LevelBlocks(lvl)
					_, _, dd := s.LevelSize(lvl)
					for layer := range s.Layers {
						for z := range dd {
							for y := range by {
								for x := range bx {
									for smp := range s.Samples {
										o := s.TexelOffset(lvl, x, y, z, layer, smp)
										if o < 0 || o+tb > len(s.Data) {
											t.Fatalf("%s: level %d (%d,%d,%d) layer %d sample %d at %d, outside %d bytes", name, lvl, x, y, z, layer, smp, o, len(s.Data))
										}
										for b := o; b < o+tb; b++ {
											if used[b] {
												t.Fatalf("%s: level %d (%d,%d,%d) layer %d sample %d at %d overlaps another texel", name, lvl, x, y, z, layer, smp, o)
											}
											used[b] = true
										}
										count += tb
									}
								}
							}
						}
					}
				}
				if count != s.LinearBytes() {
					t.Errorf("%s: %d texel bytes, LinearBytes %d", name, count, s.LinearBytes())
				}
				if l == LayoutLinear && count != len(s.Data) {
					t.Errorf("%s: the linear layout has %d bytes of padding", name, len(s.Data)-count)
				}
				if d.Width == 64 && d.Height == 64 && d.Levels == 1 && l != LayoutBlockLinear && count != len(s.Data) {
					t.Errorf("%s: whole tiles, but %d bytes of padding", name, len(s.Data)-count)
				}
			}
		}
	}
}

// TestLayoutSameTexels checks that the layouts hold the same texels:
// FillHash and FillCoords give every layout the linear surface's values
// (AppendLinear gives its bytes back), WithLayout and LoadLinear carry
// texels and residency across, and Image reads the same picture.
func TestLayoutSameTexels(t *testing.T) {
	for _, d := range layoutCases() {
		lin, err := New(d)
		if err != nil {
			t.Fatal(err)
		}
		for fill := range 2 {
			if fill == 0 {
				lin.FillHash(7, -1, 2)
			} else if CoordsSupported(d.Format) {
				lin.FillCoords()
			} else {
				continue
			}
			if err := lin.SetResident(0, 0, 0, 0, 0, false); err != nil {
				t.Fatal(err)
			}
			for _, l := range nonLinear {
				dl := d
				dl.Layout = l
				name := fmt.Sprintf("%v %v %v fill %d", l, d.Kind, d.Format, fill)
				s, err := New(dl)
				if err != nil {
					t.Fatal(err)
				}
				if fill == 0 {
					s.FillHash(7, -1, 2)
				} else {
					s.FillCoords()
				}
				var got []byte
				for lvl := range s.Levels {
					got = s.AppendLinear(got, lvl)
					if !bytes.Equal(s.LinearLevel(lvl), lin.LinearLevel(lvl)) {
						t.Fatalf("%s: LinearLevel(%d) differs from the linear surface's", name, lvl)
					}
				}
				if !bytes.Equal(got, lin.Data) {
					t.Fatalf("%s: the fill's texels differ from the linear surface's", name)
				}
				w, err := WithLayout(lin, l, 0, 0)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(w.Data, s.Data) || w.Resident(0, 0, 0, 0, 0) || w.tileW != lin.tileW {
					t.Fatalf("%s: WithLayout differs from the filled surface, or lost the residency", name)
				}
				back, err := WithLayout(w, LayoutLinear, 0, 0)
				if err != nil || !bytes.Equal(back.Data, lin.Data) {
					t.Fatalf("%s: WithLayout back to linear: %v", name, err)
				}
				if d.Levels == 0 && d.Samples <= 1 && fill == 0 {
					m1, err1 := WithMips(lin, 0, 0)
					m2, err2 := WithMips(s, 0, 0)
					if (err1 == nil) != (err2 == nil) {
						t.Fatalf("%s: WithMips: %v / %v", name, err1, err2)
					}
					for lvl := 0; err1 == nil && lvl < m1.Levels; lvl++ {
						if m2.Layout != l || !bytes.Equal(m1.LinearLevel(lvl), m2.LinearLevel(lvl)) {
							t.Fatalf("%s: WithMips level %d differs from the linear surface's", name, lvl)
						}
					}
				}
				z, _ := New(dl)
				if err := z.LoadLinear(lin.Data); err != nil || !bytes.Equal(z.Data, s.Data) {
					t.Fatalf("%s: LoadLinear: %v", name, err)
				}
				if d.Samples <= 1 && d.Format.Decoder() != nil {
					a, err1 := lin.Image(0, 0, 0)
					b, err2 := s.Image(0, 0, 0)
					if (err1 == nil) != (err2 == nil) {
						t.Fatalf("%s: Image: %v / %v", name, err1, err2)
					}
					if err1 == nil {
						r := a.Bounds()
						for y := r.Min.Y; y < r.Max.Y; y++ {
							for x := r.Min.X; x < r.Max.X; x++ {
								if a.At(x, y) != b.At(x, y) {
									t.Fatalf("%s: Image pixel (%d, %d) %v, linear %v", name, x, y, b.At(x, y), a.At(x, y))
								}
							}
						}
					}
				}
			}
		}
	}
}

func TestLayoutErrors(t *testing.T) {
	for _, c := range []struct {
		d    Desc
		want string
	}{
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Layout: 9}, "surface.layout: invalid(9) is not a layout (linear, morton, tile_y, tile_4, block_linear)"},
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Layout: LayoutTileY, BlockHeight: 2}, "surface.block_height: 2 is for the block_linear layout, not tile_y"},
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, BlockHeight: 2}, "surface.block_height: 2 is for the block_linear layout, not linear"},
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Layout: LayoutBlockLinear, BlockHeight: 3}, "surface.block_height: 3 is not a power of two in 1..32 (GOBs per block)"},
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Layout: LayoutBlockLinear, BlockHeight: 64}, "surface.block_height: 64 is not a power of two in 1..32 (GOBs per block)"},
		{Desc{Kind: Kind2D, Format: format.R8G8B8Unorm, Width: 4, Layout: LayoutTile4}, "surface.layout: tile_4 needs texels (or blocks) of 1, 2, 4, 8 or 16 bytes; r8g8b8_unorm has 3"},
		{Desc{Kind: Kind2D, Format: format.R32G32B32Sfloat, Width: 4, Layout: LayoutBlockLinear}, "surface.layout: block_linear needs texels (or blocks) of 1, 2, 4, 8 or 16 bytes; r32g32b32_sfloat has 12"},
	} {
		if _, err := New(c.d); err == nil || err.Error() != c.want {
			t.Errorf("New(%+v): %v, want %q", c.d, err, c.want)
		}
	}
	// Z-order takes any texel size.
	if _, err := New(Desc{Kind: Kind2D, Format: format.R8G8B8Unorm, Width: 5, Layout: LayoutMorton}); err != nil {
		t.Error(err)
	}
	if _, err := ParseLayout("tiled"); err == nil || err.Error() != "surface.layout: tiled is not a layout (linear, morton, tile_y, tile_4, block_linear)" {
		t.Errorf("ParseLayout: %v", err)
	}
	for l := range layoutCount {
		if p, err := ParseLayout(l.String()); err != nil || p != l {
			t.Errorf("ParseLayout(%q) = %v, %v", l.String(), p, err)
		}
	}
	s, _ := New(Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Height: 4, Layout: LayoutTileY})
	if err := s.LoadLinear(make([]byte, 3)); err == nil || err.Error() != "surface.data: 3 bytes does not match the surface's linear size (21 bytes)" {
		t.Errorf("LoadLinear: %v", err)
	}
}
