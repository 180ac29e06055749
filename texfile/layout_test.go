package texfile

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestReadIntoLayout reads texture files into every layout: the texels
// are the linear read's (AppendLinear gives its bytes back), writing the
// surface again gives the same KTX2 and PNG files as the linear read, and
// the reservation left in the budget is the laid-out surface's.
func TestReadIntoLayout(t *testing.T) {
	for _, name := range []string{"rgba8.png", "dxt1_mips.dds", "grey16.png", "bgra.dds", "ktx2_cube_r8.ktx2", "ktx2_3d_r32f.ktx2", "ktx2_array_rg16f.ktx2"} {
		path := filepath.Join("testdata", name)
		lin, err := ReadFile(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		var wantKTX, wantPNG bytes.Buffer
		if err := WriteKTX2(&wantKTX, lin.Surface, nil); err != nil {
			t.Fatal(err)
		}
		pngErr := WritePNG(&wantPNG, lin.Surface, nil)
		for _, l := range []surface.Layout{surface.LayoutMorton, surface.LayoutTileY, surface.LayoutTile4, surface.LayoutBlockLinear} {
			b := budget.New(64 << 20)
			f, err := ReadFile(path, &Options{Budget: b, Layout: l})
			if err != nil {
				t.Fatalf("%s into %v: %v", name, l, err)
			}
			s := f.Surface
			if s.Layout != l {
				t.Fatalf("%s: layout %v, want %v", name, s.Layout, l)
			}
			var got []byte
			for lvl := range s.Levels {
				got = s.AppendLinear(got, lvl)
			}
			if !bytes.Equal(got, lin.Surface.Data) {
				t.Fatalf("%s into %v: the texels differ from the linear read", name, l)
			}
			if b.Used() != int64(len(s.Data)) {
				t.Errorf("%s into %v: %d bytes reserved, the surface has %d", name, l, b.Used(), len(s.Data))
			}
			var k, p bytes.Buffer
			if err := WriteKTX2(&k, s, nil); err != nil || !bytes.Equal(k.Bytes(), wantKTX.Bytes()) {
				t.Errorf("%s in %v: WriteKTX2 (%v) differs from the linear surface's", name, l, err)
			}
			if err := WritePNG(&p, s, nil); (err == nil) != (pngErr == nil) || !bytes.Equal(p.Bytes(), wantPNG.Bytes()) {
				t.Errorf("%s in %v: WritePNG (%v) differs from the linear surface's (%v)", name, l, err, pngErr)
			}
		}
	}
	// A layout that cannot hold the format is refused, naming it, and
	// nothing stays reserved.
	rgb, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8Unorm, Width: 5, Height: 3})
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := WriteKTX2(&file, rgb, nil); err != nil {
		t.Fatal(err)
	}
	b := budget.New(64 << 20)
	_, err = Decode("rgb.ktx2", file.Bytes(), &Options{Budget: b, Layout: surface.LayoutTileY})
	if err == nil || !strings.Contains(err.Error(), "layout: tile_y cannot hold the file's surface: surface.layout: tile_y needs texels (or blocks) of 1, 2, 4, 8 or 16 bytes; r8g8b8_unorm has 3") || b.Used() != 0 {
		t.Errorf("r8g8b8 into tile_y: %v (%d bytes reserved)", err, b.Used())
	}
	if _, err = Decode("rgb.ktx2", file.Bytes(), &Options{Layout: surface.LayoutMorton}); err != nil {
		t.Errorf("r8g8b8 into morton: %v", err)
	}
}
