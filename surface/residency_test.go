package surface

import (
	"errors"
	"testing"

	"github.com/texunit/texunit/format"
)

func TestTileSizeDefaults(t *testing.T) {
	f8, f16, f32, f64, f128 := format.R8Unorm, format.R16Sfloat, format.R8G8B8A8Unorm, format.R16G16B16A16Sfloat, format.R32G32B32A32Sfloat
	tests := []struct {
		kind    Kind
		f       format.Format
		samples int
		want    [3]int
	}{
		// Standard sparse image block shapes (single sample), 2D.
		{Kind2D, f8, 1, [3]int{256, 256, 1}},
		{Kind2D, f16, 1, [3]int{256, 128, 1}},
		{Kind2D, format.R8G8Unorm, 1, [3]int{256, 128, 1}},
		{Kind2D, format.D16Unorm, 1, [3]int{256, 128, 1}},
		{Kind2D, f32, 1, [3]int{128, 128, 1}},
		{Kind2D, format.D32Sfloat, 1, [3]int{128, 128, 1}},
		{Kind2D, f64, 1, [3]int{128, 64, 1}},
		{Kind2D, f128, 1, [3]int{64, 64, 1}},
		{Kind2DArray, f32, 1, [3]int{128, 128, 1}},
		{KindCube, f64, 1, [3]int{128, 64, 1}},
		{KindCubeArray, f128, 1, [3]int{64, 64, 1}},
		{Kind1D, f8, 1, [3]int{256, 256, 1}},
		{Kind1DArray, f128, 1, [3]int{64, 64, 1}},
		// 3D.
		{Kind3D, f8, 1, [3]int{64, 32, 32}},
		{Kind3D, f16, 1, [3]int{32, 32, 32}},
		{Kind3D, f32, 1, [3]int{32, 32, 16}},
		{Kind3D, f64, 1, [3]int{32, 16, 16}},
		{Kind3D, f128, 1, [3]int{16, 16, 16}},
		// MSAA shapes.
		{Kind2DMS, f8, 1, [3]int{256, 256, 1}},
		{Kind2DMS, f8, 2, [3]int{128, 256, 1}},
		{Kind2DMS, f8, 4, [3]int{128, 128, 1}},
		{Kind2DMS, f8, 8, [3]int{64, 128, 1}},
		{Kind2DMS, f8, 16, [3]int{64, 64, 1}},
		{Kind2DMSArray, f32, 2, [3]int{64, 128, 1}},
		{Kind2DMSArray, f32, 4, [3]int{64, 64, 1}},
		{Kind2DMS, f32, 8, [3]int{32, 64, 1}},
		{Kind2DMS, f32, 16, [3]int{32, 32, 1}},
		{Kind2DMS, f128, 2, [3]int{32, 64, 1}},
		{Kind2DMS, f128, 16, [3]int{16, 16, 1}},
	}
	for _, tt := range tests {
		desc := Desc{Kind: tt.kind, Format: tt.f, Width: 6, Height: 6, Samples: tt.samples}
		if tt.kind.Dims() == 1 {
			desc.Height = 1
		}
		s := mustNew(t, desc)
		w, h, d := s.TileSize()
		if [3]int{w, h, d} != tt.want {
			t.Errorf("%v %v ×%d: TileSize() = %d×%d×%d, want %v", tt.kind, tt.f, tt.samples, w, h, d, tt.want)
		}
		// Every standard block is 64 KiB.
		if n := w * h * d * tt.samples * tt.f.Info().Bytes; n != 65536 {
			t.Errorf("%v %v ×%d: block of %d bytes", tt.kind, tt.f, tt.samples, n)
		}
	}
}

func TestSetTileSize(t *testing.T) {
	s := mustNew(t, Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 8, Height: 8})
	if err := s.SetTileSize(4, 2, 1); err != nil {
		t.Fatal(err)
	}
	if w, h, d := s.TileSize(); w != 4 || h != 2 || d != 1 {
		t.Errorf("TileSize() = %d×%d×%d", w, h, d)
	}
	errs := []struct {
		w, h, d int
		msg     string
	}{
		{0, 1, 1, "surface.tile.width: 0 is not a power of two in 1..65536"},
		{3, 1, 1, "surface.tile.width: 3 is not a power of two in 1..65536"},
		{1, -2, 1, "surface.tile.height: -2 is not a power of two in 1..65536"},
		{1, 1, 1 << 17, "surface.tile.depth: 131072 is not a power of two in 1..65536"},
		{1, 1, 12, "surface.tile.depth: 12 is not a power of two in 1..65536"},
	}
	for _, tt := range errs {
		err := s.SetTileSize(tt.w, tt.h, tt.d)
		var e *Error
		if !errors.As(err, &e) || err.Error() != tt.msg {
			t.Errorf("SetTileSize(%d, %d, %d) = %v, want %q", tt.w, tt.h, tt.d, err, tt.msg)
		}
	}
	if w, h, d := s.TileSize(); w != 4 || h != 2 || d != 1 {
		t.Errorf("a failed SetTileSize changed the size to %d×%d×%d", w, h, d)
	}
	// Changing the tile size makes everything resident.
	if err := s.SetResident(0, 0, 1, 1, 0, false); err != nil || !s.HasNonResident() {
		t.Fatalf("SetResident: %v", err)
	}
	if err := s.SetTileSize(2, 2, 1); err != nil || s.HasNonResident() {
		t.Errorf("SetTileSize kept non-resident tiles: %v", err)
	}
}

func TestResidency(t *testing.T) {
	// 10×7, 3 layers, levels 10×7, 5×3, 2×1, 1×1; tiles 4×2 → grids 3×4, 2×2, 1×1, 1×1.
	s := mustNew(t, Desc{Kind: Kind2DArray, Format: format.R8Unorm, Width: 10, Height: 7, Layers: 3})
	if err := s.SetTileSize(4, 2, 1); err != nil {
		t.Fatal(err)
	}
	if s.HasNonResident() || !s.Resident(0, 9, 6, 0, 2) {
		t.Fatal("new surface not resident")
	}
	// Marking a tile resident when all are is a no-op.
	if err := s.SetResident(0, 0, 0, 0, 0, true); err != nil || s.HasNonResident() || s.tileBits != nil {
		t.Fatalf("SetResident(resident) on a resident surface: %v", err)
	}
	// Tile (1, 2) of level 0, layer 1: texels x 4..7, y 4..5.
	if err := s.SetResident(0, 1, 1, 2, 0, false); err != nil {
		t.Fatal(err)
	}
	// The partial edge tile (2, 3) of level 0, layer 1: texels x 8..9, y 6.
	if err := s.SetResident(0, 1, 2, 3, 0, false); err != nil {
		t.Fatal(err)
	}
	// The whole of level 2, layer 0.
	if err := s.SetResident(2, 0, 0, 0, 0, false); err != nil {
		t.Fatal(err)
	}
	if !s.HasNonResident() {
		t.Fatal("HasNonResident() = false")
	}
	nonResident := map[[4]int]bool{} // level, layer, x, y
	for x := 4; x <= 7; x++ {
		for y := 4; y <= 5; y++ {
			nonResident[[4]int{0, 1, x, y}] = true
		}
	}
	nonResident[[4]int{0, 1, 8, 6}] = true
	nonResident[[4]int{0, 1, 9, 6}] = true
	nonResident[[4]int{2, 0, 0, 0}] = true
	nonResident[[4]int{2, 0, 1, 0}] = true
	for l := range s.Levels {
		w, h, _ := s.LevelSize(l)
		for layer := range s.Layers {
			for y := range h {
				for x := range w {
					want := !nonResident[[4]int{l, layer, x, y}]
					if got := s.Resident(l, x, y, 0, layer); got != want {
						t.Errorf("Resident(level %d, %d, %d, layer %d) = %v, want %v", l, x, y, layer, got, want)
					}
				}
			}
		}
	}
	// Boundaries of tile (1, 2) explicitly.
	for _, c := range []struct {
		x, y int
		want bool
	}{{3, 4, true}, {4, 4, false}, {7, 5, false}, {8, 5, true}, {4, 3, true}, {4, 6, true}, {7, 6, true}} {
		if got := s.Resident(0, c.x, c.y, 0, 1); got != c.want {
			t.Errorf("Resident(0, %d, %d, 0, 1) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	// Setting a tile twice does not count twice.
	if err := s.SetResident(0, 1, 1, 2, 0, false); err != nil || s.nonResident != 3 {
		t.Errorf("non-resident count %d after a repeated SetResident, want 3 (%v)", s.nonResident, err)
	}
	for _, tile := range [][5]int{{0, 1, 1, 2, 0}, {0, 1, 2, 3, 0}, {2, 0, 0, 0, 0}} {
		if err := s.SetResident(tile[0], tile[1], tile[2], tile[3], tile[4], true); err != nil {
			t.Fatal(err)
		}
	}
	if s.HasNonResident() || !s.Resident(0, 4, 4, 0, 1) {
		t.Error("surface not resident after restoring every tile")
	}

	errs := []struct {
		level, layer, tx, ty, tz int
		msg                      string
	}{
		{-1, 0, 0, 0, 0, "surface.tile.level: -1 is out of range (0..3)"},
		{4, 0, 0, 0, 0, "surface.tile.level: 4 is out of range (0..3)"},
		{0, 3, 0, 0, 0, "surface.tile.layer: 3 is out of range (0..2)"},
		{0, -1, 0, 0, 0, "surface.tile.layer: -1 is out of range (0..2)"},
		{0, 0, 3, 0, 0, "surface.tile.x: 3 is out of range (0..2) for level 0"},
		{1, 0, 2, 0, 0, "surface.tile.x: 2 is out of range (0..1) for level 1"},
		{0, 0, 0, 4, 0, "surface.tile.y: 4 is out of range (0..3) for level 0"},
		{0, 0, -1, 0, 0, "surface.tile.x: -1 is out of range (0..2) for level 0"},
		{0, 0, 0, 0, 1, "surface.tile.z: 1 is out of range (0..0) for level 0"},
	}
	for _, tt := range errs {
		err := s.SetResident(tt.level, tt.layer, tt.tx, tt.ty, tt.tz, false)
		var e *Error
		if !errors.As(err, &e) || err.Error() != tt.msg {
			t.Errorf("SetResident(%d, %d, %d, %d, %d) = %v, want %q", tt.level, tt.layer, tt.tx, tt.ty, tt.tz, err, tt.msg)
		}
	}
	if s.HasNonResident() {
		t.Error("a failed SetResident changed residency")
	}
}

func TestResidency3D(t *testing.T) {
	// Default 8-bit 3D tiles are 64×32×32; a 130×33×40 volume has 3×2×2 tiles at level 0.
	s := mustNew(t, Desc{Kind: Kind3D, Format: format.R8Unorm, Width: 130, Height: 33, Depth: 40, Levels: 2})
	if err := s.SetResident(0, 0, 2, 1, 1, false); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y, z int
		want    bool
	}{
		{128, 32, 32, false}, {129, 32, 39, false}, {127, 32, 32, true}, {128, 31, 32, true},
		{128, 32, 31, true}, {0, 0, 0, true}, {129, 32, 0, true},
	} {
		if got := s.Resident(0, c.x, c.y, c.z, 0); got != c.want {
			t.Errorf("Resident(0, %d, %d, %d) = %v, want %v", c.x, c.y, c.z, got, c.want)
		}
	}
	if err := s.SetResident(0, 0, 0, 0, 2, false); err == nil || err.Error() != "surface.tile.z: 2 is out of range (0..1) for level 0" {
		t.Errorf("SetResident(tz 2) = %v", err)
	}
	// Level 1 (65×16×20) has its own 2×1×1 grid and is unaffected.
	if !s.Resident(1, 64, 15, 19, 0) {
		t.Error("level 1 affected by a level 0 tile")
	}
	if err := s.SetResident(1, 0, 1, 0, 0, false); err != nil || s.Resident(1, 64, 15, 19, 0) || !s.Resident(1, 63, 15, 19, 0) {
		t.Errorf("level 1 tile (1, 0, 0): %v", err)
	}
}

func TestResidencyCubeLayers(t *testing.T) {
	s := mustNew(t, Desc{Kind: KindCubeArray, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4, Layers: 12})
	if err := s.SetResident(1, 7, 0, 0, 0, false); err != nil {
		t.Fatal(err)
	}
	for l := range s.Levels {
		for layer := range 12 {
			want := l != 1 || layer != 7
			if got := s.Resident(l, 1, 1, 0, layer); got != want {
				t.Errorf("Resident(level %d, layer %d) = %v, want %v", l, layer, got, want)
			}
		}
	}
}
