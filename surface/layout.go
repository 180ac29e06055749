package surface

import (
	"fmt"
	"math/bits"
)

// Layout is the storage layout of a surface's texel data: how a texel's
// coordinates become a byte offset in Data. It changes addresses only,
// never values: a surface holds the same texels in every layout, and every
// operation samples them bit for bit the same (see docs/MEMORY.md).
//
// Every layout stores the levels one after the other, each level's images
// (one per array layer and, for 3D, per z slice: image layer·depth + z) one
// after the other, and addresses each image in two dimensions: x in bytes
// (the element of a texel is Samples·texel bytes, sample s at s·texel
// bytes into it; block-compressed formats count blocks), y in rows of
// texels (or blocks). The tiled layouts pad each image to whole tiles.
type Layout uint8

// The layouts.
const (
	// LayoutLinear stores rows one after the other, with no padding: the
	// layout New has always given (row-major, x fastest).
	LayoutLinear Layout = iota
	// LayoutMorton stores each image's elements in Z-order: the element
	// index's bits alternate x and y (x₀ in bit 0, y₀ in bit 1, …) while
	// both coordinates have bits, over the image padded to powers of two,
	// and the larger dimension's remaining bits come above them.
	LayoutMorton
	// LayoutTileY is Intel's legacy Y-major tiling (TILE_Y, Gen4 to Gen12):
	// 4 KiB tiles of 128 bytes × 32 rows, tiles row-major; within a tile
	// the byte address bits are, from bit 11 down,
	// u₆ u₅ u₄ v₄ v₃ v₂ v₁ v₀ u₃ u₂ u₁ u₀ for byte column u and row v: 16-byte
	// columns of 32 rows, each 64-byte cache line 16 bytes × 4 rows.
	LayoutTileY
	// LayoutTile4 is Intel's Tile 4 (Xe-HPG and later, TILE4): the same
	// 4 KiB tiles of 128 bytes × 32 rows, with the bits
	// v₄ v₃ u₆ v₂ u₅ u₄ v₁ v₀ u₃ u₂ u₁ u₀: 64-byte lines of 16 bytes × 4
	// rows, four across make 64 bytes × 4 rows, two down a 512-byte block of
	// 64 bytes × 8 rows, two across and four down the tile.
	LayoutTile4
	// LayoutBlockLinear is NVIDIA's block-linear layout (Tegra, Maxwell and
	// later): GOBs of 64 bytes × 8 rows (512 bytes) with the bits
	// u₅ v₂ v₁ u₄ v₀ u₃ u₂ u₁ u₀ (bit 8 down), stacked BlockHeight GOBs
	// high into blocks, blocks row-major. A level whose height is fewer
	// than BlockHeight GOBs uses the smallest power of two that covers it,
	// as drivers shrink the block height of small levels.
	LayoutBlockLinear
	layoutCount
)

var layoutNames = [...]string{"linear", "morton", "tile_y", "tile_4", "block_linear"}

// String returns the layout's name: linear, morton, tile_y, tile_4 or
// block_linear.
func (l Layout) String() string {
	if l < layoutCount {
		return layoutNames[l]
	}
	return fmt.Sprintf("invalid(%d)", uint8(l))
}

// Valid reports whether l is one of the layouts.
func (l Layout) Valid() bool { return l < layoutCount }

// ParseLayout parses a layout name as String prints it.
func ParseLayout(s string) (Layout, error) {
	for i, n := range layoutNames {
		if n == s {
			return Layout(i), nil
		}
	}
	return 0, errorf("layout", s, "is not a layout (linear, morton, tile_y, tile_4, block_linear)")
}

// DefaultBlockHeight is the block height, in GOBs, of block-linear
// surfaces whose Desc gives 0: 16 GOBs (128 rows), the largest drivers
// choose for 2D textures.
const DefaultBlockHeight = 16

// The tile geometry of the tiled layouts.
const (
	intelTileBytes = 4096 // Tile-Y and Tile 4: 128 bytes × 32 rows
	gobBytes       = 512  // a GOB: 64 bytes × 8 rows
)

// checkLayout validates the layout fields of a normalised d (format,
// kind and samples already checked) and resolves BlockHeight.
func (d *Desc) checkLayout() error {
	if !d.Layout.Valid() {
		return errorf("layout", d.Layout, "is not a layout (linear, morton, tile_y, tile_4, block_linear)")
	}
	if d.Layout != LayoutBlockLinear {
		if d.BlockHeight != 0 {
			return errorf("block_height", d.BlockHeight, "is for the block_linear layout, not %v", d.Layout)
		}
		return nil
	}
	if d.BlockHeight == 0 {
		d.BlockHeight = DefaultBlockHeight
	}
	if d.BlockHeight < 1 || d.BlockHeight > 32 || d.BlockHeight&(d.BlockHeight-1) != 0 {
		return errorf("block_height", d.BlockHeight, "is not a power of two in 1..32 (GOBs per block)")
	}
	return nil
}

// checkLayoutFormat refuses the byte-swizzled layouts for texels whose
// size is not a power of two up to 16 bytes: the swizzles keep 16 bytes of
// a row together, so a texel must not straddle them (the hardware does
// not tile 24-, 48- and 96-bit formats either).
func (d *Desc) checkLayoutFormat() error {
	if d.Format.MultiPlanar() {
		return nil // each plane is tiled as a surface of its own format (1, 2 or 4 bytes)
	}
	switch d.Layout {
	case LayoutTileY, LayoutTile4, LayoutBlockLinear:
		if tb := d.Format.Info().Bytes; tb > 16 || tb&(tb-1) != 0 {
			return errorf("layout", d.Layout, "needs texels (or blocks) of 1, 2, 4, 8 or 16 bytes; %v has %d", d.Format, tb)
		}
	}
	return nil
}

// tiledLevel fills the geometry of a non-linear layout into lv (whose w,
// h, d are set) for a level of bx × by elements of elem bytes, and returns
// the bytes of one image.
func (d *Desc) tiledLevel(lv *levelLayout, bx, by, elem int) uint64 {
	lv.elem = elem
	row := uint64(bx) * uint64(elem) // bytes of a row of elements
	switch d.Layout {
	case LayoutMorton:
		lv.mx, lv.my = uint8(bits.Len(uint(bx-1))), uint8(bits.Len(uint(by-1)))
		return uint64(elem) << (lv.mx + lv.my)
	case LayoutTileY, LayoutTile4:
		lv.imgTilesX = int((row + 127) / 128)
		return uint64(lv.imgTilesX) * uint64((by+31)/32) * intelTileBytes
	case LayoutBlockLinear:
		lv.imgTilesX = int((row + 63) / 64)
		gobsHigh := (by + 7) / 8
		g := min(d.BlockHeight, 1<<bits.Len(uint(gobsHigh-1)))
		lv.gobShift = uint8(bits.TrailingZeros(uint(g)))
		blocksY := (gobsHigh + g - 1) / g
		return uint64(lv.imgTilesX) * uint64(blocksY) * uint64(g) * gobBytes
	}
	return row * uint64(by)
}

// tiledOffset is TexelOffset for the non-linear layouts: x counts
// elements (texels, or blocks), y rows.
func (s *Surface) tiledOffset(lv *levelLayout, x, y, z, layer, sample int) int {
	base := lv.offset + (layer*lv.bz+z)*lv.img
	if s.Layout == LayoutMorton {
		return base + morton(x, y, lv.mx, lv.my)*lv.elem + sample*s.texelBytes
	}
	u := x*lv.elem + sample*s.texelBytes // byte column
	switch s.Layout {
	case LayoutTileY:
		return base + ((y>>5)*lv.imgTilesX+u>>7)*intelTileBytes + tileY(u&127, y&31)
	case LayoutTile4:
		return base + ((y>>5)*lv.imgTilesX+u>>7)*intelTileBytes + tile4(u&127, y&31)
	}
	// LayoutBlockLinear
	g := int(lv.gobShift)
	block := (y>>(3+g))*lv.imgTilesX + u>>6
	return base + ((block<<g)+(y>>3)&(1<<g-1))*gobBytes + gob(u&63, y&7)
}

// tileY places byte column u (0..127) of row v (0..31) within a Tile-Y
// tile: u₆u₅u₄ v₄…v₀ u₃…u₀.
func tileY(u, v int) int { return u&15 | v<<4 | (u>>4)<<9 }

// tile4 places byte column u (0..127) of row v (0..31) within a Tile 4
// tile: v₄v₃ u₆ v₂ u₅u₄ v₁v₀ u₃…u₀.
func tile4(u, v int) int {
	return u&15 | (v&3)<<4 | (u>>4&3)<<6 | (v>>2&1)<<8 | (u>>6&1)<<9 | (v>>3)<<10
}

// gob places byte column u (0..63) of row v (0..7) within a GOB:
// u₅ v₂v₁ u₄ v₀ u₃…u₀.
func gob(u, v int) int { return u&15 | (v&1)<<4 | (u>>4&1)<<5 | (v>>1)<<6 | (u>>5)<<8 }

// morton returns the Z-order index of element (x, y) of an image padded to
// 2^mx × 2^my elements: the low min(mx, my) bits of x and y interleaved
// (x in the even bits), the larger dimension's higher bits above.
func morton(x, y int, mx, my uint8) int {
	n := min(mx, my)
	m := spread(x&(1<<n-1)) | spread(y&(1<<n-1))<<1
	if mx > my {
		return m | (x>>n)<<(2*n)
	}
	return m | (y>>n)<<(2*n)
}

// spread moves bit i of v (v < 2^16) to bit 2i.
func spread(v int) int {
	v = (v | v<<8) & 0x00ff00ff
	v = (v | v<<4) & 0x0f0f0f0f
	v = (v | v<<2) & 0x33333333
	v = (v | v<<1) & 0x55555555
	return v
}

// LinearBytes returns the size of the texel stream of a linear surface of
// s's description: what LoadLinear takes and AppendLinear gives.
func (s *Surface) LinearBytes() int {
	n := 0
	for l := range s.Levels {
		n += s.LinearLevelBytes(l)
	}
	return n
}

// LinearLevelBytes returns the size of level l's texels in the linear
// layout (what LinearLevel gives).
func (s *Surface) LinearLevelBytes(l int) int {
	if s.planes != nil {
		n := 0
		for _, p := range s.planes {
			n += p.LinearLevelBytes(l)
		}
		return n
	}
	lv := &s.levels[l]
	bx, by := s.LevelBlocks(l)
	return bx * by * lv.bz * s.Layers * s.Samples * s.texelBytes
}

// LoadLinear copies b, a whole texel stream in the linear layout (as
// Data of a LayoutLinear surface of the same description holds it), into
// the surface in its own layout. len(b) must equal LinearBytes.
func (s *Surface) LoadLinear(b []byte) error {
	if len(b) != s.LinearBytes() {
		return errorf("data", fmt.Sprintf("%d bytes", len(b)), "does not match the surface's linear size (%d bytes)", s.LinearBytes())
	}
	if s.Layout == LayoutLinear {
		copy(s.Data, b)
		return nil
	}
	if s.planes != nil {
		s.LoadLinearLevel(0, b)
		return nil
	}
	for l := range s.Levels {
		n := s.LinearLevelBytes(l)
		s.LoadLinearLevel(l, b[:n])
		b = b[n:]
	}
	return nil
}

// LoadLinearLevel copies level l's texels from b, the level in the linear
// layout (len(b) must be its linear size: blocks across × blocks down ×
// depth × layers × samples × texel bytes), into the surface.
func (s *Surface) LoadLinearLevel(l int, b []byte) {
	if s.Layout == LayoutLinear {
		copy(s.Data[s.levels[l].offset:s.levels[l+1].offset], b)
		return
	}
	if s.planes != nil { // the planes, one after the other
		for _, p := range s.planes {
			n := p.LinearLevelBytes(l)
			p.LoadLinearLevel(l, b[:n])
			b = b[n:]
		}
		return
	}
	lv := &s.levels[l]
	bx, by := s.LevelBlocks(l)
	for img := range lv.bz * s.Layers {
		s.scatterImage(lv, img, b[img*bx*by*lv.elem:][:bx*by*lv.elem], bx, by)
	}
}

// scatterImage copies image img of level lv from lin, the image's rows of
// bx elements in the linear layout, into Data; gatherImage copies the
// other way.
func (s *Surface) scatterImage(lv *levelLayout, img int, lin []byte, bx, by int) {
	s.copyRows(lv, img, 0, by, lin, bx, true)
}

func (s *Surface) gatherImage(lv *levelLayout, img int, lin []byte, bx, by int) {
	s.copyRows(lv, img, 0, by, lin, bx, false)
}

// copyRows copies rows y0..y1−1 of image img of level lv between lin (those
// rows of bx elements, linear) and Data: into Data when in is true.
func (s *Surface) copyRows(lv *levelLayout, img, y0, y1 int, lin []byte, bx int, in bool) {
	layer, z := img/lv.bz, img%lv.bz
	tb := s.texelBytes
	o := 0
	for y := y0; y < y1; y++ {
		for x := range bx {
			for smp := range s.Samples {
				t := s.tiledOffset(lv, x, y, z, layer, smp)
				if in {
					copy(s.Data[t:t+tb], lin[o:o+tb])
				} else {
					copy(lin[o:o+tb], s.Data[t:t+tb])
				}
				o += tb
			}
		}
	}
}

// AppendLinear appends level l's texels in the linear layout to dst (the
// level's bytes of Data, for a linear surface) and returns the result.
func (s *Surface) AppendLinear(dst []byte, l int) []byte {
	if s.Layout == LayoutLinear {
		return append(dst, s.Data[s.levels[l].offset:s.levels[l+1].offset]...)
	}
	if s.planes != nil {
		for _, p := range s.planes {
			dst = p.AppendLinear(dst, l)
		}
		return dst
	}
	lv := &s.levels[l]
	bx, by := s.LevelBlocks(l)
	n := bx * by * lv.elem
	for img := range lv.bz * s.Layers {
		dst = append(dst, make([]byte, n)...)
		s.gatherImage(lv, img, dst[len(dst)-n:], bx, by)
	}
	return dst
}

// LinearLevel returns level l's texels in the linear layout: the level's
// bytes of Data itself (not a copy) for a linear surface, otherwise a new
// slice.
func (s *Surface) LinearLevel(l int) []byte {
	if s.Layout == LayoutLinear {
		return s.Data[s.levels[l].offset:s.levels[l+1].offset]
	}
	return s.AppendLinear(make([]byte, 0, s.LinearLevelBytes(l)), l)
}

// WithLayout returns a new surface with s's description and texels in
// layout l (block-linear with blockHeight GOBs per block, 0 for the
// default; 0 for the other layouts), its Data at most maxBytes bytes (0:
// DefaultMaxBytes). Residency tiles and their state are copied.
func WithLayout(s *Surface, l Layout, blockHeight, maxBytes int) (*Surface, error) {
	d := s.Desc
	d.Layout, d.BlockHeight = l, blockHeight
	dst, err := NewWithLimit(d, maxBytes)
	if err != nil {
		return nil, err
	}
	var buf []byte
	for lvl := range s.Levels {
		if s.Layout == LayoutLinear {
			dst.LoadLinearLevel(lvl, s.Data[s.levels[lvl].offset:s.levels[lvl+1].offset])
			continue
		}
		buf = s.AppendLinear(buf[:0], lvl)
		dst.LoadLinearLevel(lvl, buf)
	}
	dst.copyResidency(s)
	return dst, nil
}

// copyResidency gives s the tile size and residency of src, a surface of
// the same description but its layout.
func (s *Surface) copyResidency(src *Surface) {
	s.setTileSize(src.tileW, src.tileH, src.tileD)
	if src.tileBits != nil {
		s.tileBits = append([]uint64(nil), src.tileBits...)
		s.nonResident = src.nonResident
	}
}

// imageBand is the most bytes of one image forEachImage stages at a time.
const imageBand = 1 << 20

// forEachImage runs fill over the linear texel stream of a non-linear
// surface in order, a band of whole rows of one image at a time: lin is a
// scratch buffer for the band and offset its byte offset in the linear
// stream; the band's texels are then stored in the surface's layout. The
// scratch is at most one row or imageBand bytes.
func (s *Surface) forEachImage(fill func(lin []byte, offset int)) {
	offset := 0
	var buf []byte
	for l := range s.Levels {
		lv := &s.levels[l]
		bx, by := s.LevelBlocks(l)
		row := bx * lv.elem
		rows := max(1, min(by, imageBand/row))
		if cap(buf) < rows*row {
			buf = make([]byte, rows*row)
		}
		for img := range lv.bz * s.Layers {
			for y0 := 0; y0 < by; y0 += rows {
				n := min(rows, by-y0)
				b := buf[:n*row]
				fill(b, offset)
				s.copyRows(lv, img, y0, y0+n, b, bx, true)
				offset += len(b)
			}
		}
	}
}
