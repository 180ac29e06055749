package surface

import "math/bits"

// defaultTileSize returns Vulkan's standard sparse image block shape for the
// surface: by texel size for single-sample 2D (and 1D, cube, array) and 3D
// surfaces ("Standard Sparse Image Block Shapes (Single Sample)"), and for
// multisampled surfaces the single-sample 2D shape divided by 2×1, 2×2, 4×2
// or 4×4 for 2, 4, 8 or 16 samples ("Standard Sparse Image Block Shapes
// (MSAA)"). Every block is 64 KiB.
func (s *Surface) defaultTileSize() (w, h, d int) {
	if s.blockW > 1 || s.blockH > 1 {
		// Block-compressed: the shape for the block's size in bytes, in
		// blocks, times the block size rounded up to a power of two (exactly
		// Vulkan's shapes for 4×4 blocks).
		i := bits.TrailingZeros(uint(s.texelBytes))
		shapes := [5][2]int{{256, 256}, {256, 128}, {128, 128}, {128, 64}, {64, 64}}
		pw, ph := 1<<bits.Len(uint(s.blockW-1)), 1<<bits.Len(uint(s.blockH-1))
		return shapes[i][0] * pw, shapes[i][1] * ph, 1
	}
	texelBytes := s.texelBytes
	if texelBytes&(texelBytes-1) != 0 {
		// 3-, 6- and 12-byte texels (r8g8b8, r16g16b16, r32g32b32,
		// d16_unorm_s8_uint) take the shape of the next power of two.
		texelBytes = 1 << bits.Len(uint(texelBytes))
	}
	i := bits.TrailingZeros(uint(texelBytes)) // 1, 2, 4, 8, 16 bytes → 0..4
	if s.Kind == Kind3D {
		shapes := [5][3]int{{64, 32, 32}, {32, 32, 32}, {32, 32, 16}, {32, 16, 16}, {16, 16, 16}}
		return shapes[i][0], shapes[i][1], shapes[i][2]
	}
	shapes := [5][2]int{{256, 256}, {256, 128}, {128, 128}, {128, 64}, {64, 64}}
	w, h = shapes[i][0], shapes[i][1]
	switch s.Samples {
	case 2:
		w /= 2
	case 4:
		w, h = w/2, h/2
	case 8:
		w, h = w/4, h/2
	case 16:
		w, h = w/4, h/4
	}
	return w, h, 1
}

// TileSize returns the size in texels of the residency tiles (sparse image
// blocks). It defaults to Vulkan's standard sparse image block shape for the
// texel size: for 2D (and 1D, cube and array) surfaces 256×256×1 for 8-bit
// texels, 256×128×1 for 16-bit, 128×128×1 for 32-bit, 128×64×1 for 64-bit and
// 64×64×1 for 128-bit; for 3D 64×32×32, 32×32×32, 32×32×16, 32×16×16 and
// 16×16×16; multisampled surfaces use Vulkan's MSAA shapes.
func (s *Surface) TileSize() (w, h, d int) { return s.tileW, s.tileH, s.tileD }

// SetTileSize sets the size of the residency tiles. Each dimension must be a
// power of two in 1..MaxExtent. It makes every tile resident again.
func (s *Surface) SetTileSize(w, h, d int) error {
	for _, t := range []struct {
		field string
		v     int
	}{{"tile.width", w}, {"tile.height", h}, {"tile.depth", d}} {
		if t.v < 1 || t.v > MaxExtent || t.v&(t.v-1) != 0 {
			return errorf(t.field, t.v, "is not a power of two in 1..%d", MaxExtent)
		}
	}
	s.setTileSize(w, h, d)
	return nil
}

func (s *Surface) setTileSize(w, h, d int) {
	s.tileW, s.tileH, s.tileD = w, h, d
	s.tileShift = [3]uint{uint(bits.TrailingZeros(uint(w))), uint(bits.TrailingZeros(uint(h))), uint(bits.TrailingZeros(uint(d)))}
	n := 0
	for l := range s.Levels {
		lv := &s.levels[l]
		lv.tilesX = (lv.w + w - 1) >> s.tileShift[0]
		lv.tilesY = (lv.h + h - 1) >> s.tileShift[1]
		lv.tilesZ = (lv.d + d - 1) >> s.tileShift[2]
		lv.tileBase = n
		n += lv.tilesX * lv.tilesY * lv.tilesZ * s.Layers
	}
	s.tileCount = n
	s.tileBits = nil
	s.nonResident = 0
}

// SetResident marks tile (tx, ty, tz) of array layer `layer` of mip level
// `level` resident or not. Tile coordinates count tiles, not texels: the
// tile holds texels tx·TileW … (tx+1)·TileW−1 in x, and likewise in y and z.
// Out-of-range arguments give an *Error naming the field and value.
func (s *Surface) SetResident(level, layer, tx, ty, tz int, resident bool) error {
	if s.Format.Info().YCbCr || s.plane {
		return errorf("format", s.Format, "is a YCbCr format or one's plane: residency is not modelled for them")
	}
	if level < 0 || level >= s.Levels {
		return errorf("tile.level", level, "is out of range (0..%d)", s.Levels-1)
	}
	if layer < 0 || layer >= s.Layers {
		return errorf("tile.layer", layer, "is out of range (0..%d)", s.Layers-1)
	}
	lv := &s.levels[level]
	for _, t := range []struct {
		field string
		v, n  int
	}{{"tile.x", tx, lv.tilesX}, {"tile.y", ty, lv.tilesY}, {"tile.z", tz, lv.tilesZ}} {
		if t.v < 0 || t.v >= t.n {
			return errorf(t.field, t.v, "is out of range (0..%d) for level %d", t.n-1, level)
		}
	}
	i := lv.tileBase + ((layer*lv.tilesZ+tz)*lv.tilesY+ty)*lv.tilesX + tx
	if s.tileBits == nil {
		if resident {
			return nil
		}
		s.tileBits = make([]uint64, (s.tileCount+63)/64)
	}
	w, m := &s.tileBits[i>>6], uint64(1)<<(i&63)
	was := *w&m == 0
	switch {
	case was && !resident:
		*w |= m
		s.nonResident++
	case !was && resident:
		*w &^= m
		s.nonResident--
	}
	return nil
}

// Resident reports whether the tile holding texel (x, y, z) of array layer
// `layer` of mip level `level` is resident. The coordinates must be in range
// (they are not checked). While every tile is resident it returns true at
// once.
func (s *Surface) Resident(level, x, y, z, layer int) bool {
	if s.nonResident == 0 {
		return true
	}
	lv := &s.levels[level]
	i := lv.tileBase + ((layer*lv.tilesZ+z>>s.tileShift[2])*lv.tilesY+y>>s.tileShift[1])*lv.tilesX + x>>s.tileShift[0]
	return s.tileBits[i>>6]&(1<<(i&63)) == 0
}

// HasNonResident reports whether any tile is marked non-resident.
func (s *Surface) HasNonResident() bool { return s.nonResident != 0 }
