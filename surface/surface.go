package surface

import (
	"fmt"
	"math/bits"

	"github.com/texunit/texunit/format"
)

// MaxExtent is the largest width, height, depth and layer count New accepts.
const MaxExtent = 1 << 16

// DefaultMaxBytes is the largest Data New allocates: 1 GiB.
const DefaultMaxBytes = 1 << 30

// Error reports an invalid argument: a field of a Desc, a view, a tile or the
// data given to Load. Its message names the field and the value, for example
// "surface.width: 0 is out of range (1..65536)".
type Error struct {
	Field  string // the field, in snake case: "width", "view.base_level", "tile.x", …
	Value  string // the offending value as text
	Reason string // what is wrong with it
}

// Error returns "surface.FIELD: VALUE REASON".
func (e *Error) Error() string { return "surface." + e.Field + ": " + e.Value + " " + e.Reason }

func errorf(field string, value any, reason string, args ...any) *Error {
	return &Error{Field: field, Value: fmt.Sprint(value), Reason: fmt.Sprintf(reason, args...)}
}

// Desc describes a surface. New resolves its defaults; the Desc embedded in a
// Surface has them all resolved.
type Desc struct {
	Kind   Kind          // the kind of resource
	Format format.Format // the texel format; depth formats are not allowed with Kind3D
	// Width, Height and Depth are the size of level 0 in texels, each
	// 1..MaxExtent. Height 0 means 1, and 1D kinds must have height 1; Depth
	// 0 means 1, and only 3D surfaces may have a depth other than 1. Cube
	// kinds need Width == Height.
	Width, Height, Depth int
	// Layers is the number of array layers, 1..MaxExtent: 1 for non-array
	// kinds, 6 for cube, a multiple of 6 (6 per cube) for cube_array. 0 means
	// 6 for the cube kinds and 1 otherwise.
	Layers int
	// Levels is the number of mip levels, 1..⌊log2(max(Width, Height,
	// Depth))⌋+1. 0 means the full mip chain, except for multisample kinds,
	// which have exactly one level (0 means 1).
	Levels int
	// Samples is the number of samples per texel: 1, 2, 4, 8 or 16, and more
	// than 1 only for multisample kinds. 0 means 1.
	Samples int
	// Layout is the storage layout of Data (layout.go): LayoutLinear, the
	// zero value, or a tiled or Z-order layout. It changes byte addresses
	// only, never the texels' values.
	Layout Layout
	// BlockHeight is the height in GOBs of a block-linear surface's blocks:
	// a power of two 1..32, 0 meaning DefaultBlockHeight. It must be 0 for
	// the other layouts.
	BlockHeight int
}

// levelLayout holds what addressing needs for one mip level, computed once.
type levelLayout struct {
	offset                 int // byte offset of the level in Data
	w, h, d                int // size in texels
	bz                     int // z slices stored: d, or ⌈d/BlockDepth⌉ slices of 3D blocks
	xStride, yStride       int // bytes between texels in x, y
	zStride, layerStride   int // bytes between slices in z, between layers
	tilesX, tilesY, tilesZ int // tile grid of one layer
	tileBase               int // index of the level's first tile in the residency bitmap

	// The non-linear layouts (layout.go): the element's bytes (samples ·
	// texel bytes), the bytes of one image (a z slice of a layer), the
	// tiles (Intel) or blocks (block-linear) across an image, the log2 of
	// the Z-order image's padded size, and log2 of the GOBs per block.
	elem, img int
	imgTilesX int
	mx, my    uint8
	gobShift  uint8
}

// Surface is a texture resource and its texel data. Create it with New. The
// embedded Desc is normalised (all defaults resolved) and must not be
// modified. Reading a Surface concurrently is safe; changing residency or
// tile size concurrently with reads is not.
type Surface struct {
	Desc
	// Data is the texel stream: for each level, layer, z, y, x and sample,
	// one texel in the format's memory layout (see the package comment), in
	// the order and with the padding of the surface's Layout.
	Data []byte

	texelBytes             int           // bytes of a texel, or of a block for block-compressed formats
	blockW, blockH, blockD int           // texel block size: 1×1×1 for uncompressed formats
	levels                 []levelLayout // one per level, plus an end marker with offset len(Data)

	tileW, tileH, tileD int
	tileShift           [3]uint  // log2 of the tile size
	nonResident         int      // number of non-resident tiles
	tileBits            []uint64 // bit set = tile not resident; nil while all are resident
	tileCount           int      // tiles of all levels and layers

	// planes are the planes of a multi-planar format (planar.go), each a
	// surface of the plane's format whose Data is its part of Data; nil
	// for single-plane formats.
	planes []*Surface
	plane  bool // a plane of a multi-planar surface
}

// New validates d, resolves its defaults and allocates a zeroed surface of
// at most DefaultMaxBytes bytes. Invalid descriptions give an *Error naming
// the field and the value.
func New(d Desc) (*Surface, error) { return NewWithLimit(d, DefaultMaxBytes) }

// NewWithLimit is New with a limit of maxBytes bytes on the size of Data
// instead of DefaultMaxBytes; 0 (or less) means DefaultMaxBytes, as every
// byte limit of texunit.
func NewWithLimit(d Desc, maxBytes int) (*Surface, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	if err := d.normalise(); err != nil {
		return nil, err
	}
	if d.Format.MultiPlanar() {
		return newPlanar(d, maxBytes)
	}
	s, err := build(d, maxBytes)
	if err != nil {
		return nil, err
	}
	s.Data = make([]byte, s.DataBytes())
	return s, nil
}

// build makes the surface of the normalised single-plane description d,
// everything but its Data.
func build(d Desc, maxBytes int) (*Surface, error) {
	in := d.Format.Info()
	s := &Surface{Desc: d, texelBytes: in.Bytes, blockW: in.BlockWidth, blockH: in.BlockHeight, blockD: in.BlockDepth}
	s.levels = make([]levelLayout, d.Levels+1)
	total := 0
	for l := 0; l < d.Levels; l++ {
		lv := &s.levels[l]
		lv.offset = total
		lv.w, lv.h, lv.d = s.LevelSize(l)
		bx, by := s.LevelBlocks(l)
		lv.bz = s.LevelBlockSlices(l)
		var size int
		ok := true
		if d.Layout == LayoutLinear {
			size, ok = mulLimit(maxBytes, bx, by, lv.bz, d.Layers, d.Samples, s.texelBytes)
		} else {
			img := d.tiledLevel(lv, bx, by, d.Samples*s.texelBytes)
			if img > uint64(maxBytes) {
				return nil, d.tooLarge(maxBytes)
			}
			lv.img = int(img)
			size, ok = mulLimit(maxBytes, lv.img, lv.bz, d.Layers)
		}
		if !ok || size > maxBytes-total {
			return nil, d.tooLarge(maxBytes)
		}
		total += size
		lv.xStride = d.Samples * s.texelBytes
		lv.yStride = bx * lv.xStride
		lv.zStride = by * lv.yStride
		lv.layerStride = lv.bz * lv.zStride
	}
	s.levels[d.Levels].offset = total
	s.setTileSize(s.defaultTileSize())
	return s, nil
}

// tooLarge returns the size error. With every extent at most MaxExtent the
// exact size is below 2^57 bytes, so it fits in a uint64.
func (d *Desc) tooLarge(maxBytes int) *Error {
	return errorf("size", fmt.Sprintf("%d bytes", d.dataBytes()), "exceeds the limit of %d bytes", maxBytes)
}

// dataBytes is the exact size of the texel stream of the normalised
// description d, with no limit (every extent is at most MaxExtent, so it
// is below 2^57).
func (d *Desc) dataBytes() uint64 {
	var sum uint64
	in := d.Format.Info()
	if in.PlaneCount != 0 {
		for p := range in.PlaneCount {
			pd := d.planeDesc(p)
			sum += pd.dataBytes()
		}
		return sum
	}
	for l := 0; l < d.Levels; l++ {
		w, h, dd := max(1, d.Width>>l), max(1, d.Height>>l), max(1, d.Depth>>l)
		w, h = (w+in.BlockWidth-1)/in.BlockWidth, (h+in.BlockHeight-1)/in.BlockHeight
		dd = (dd + in.BlockDepth - 1) / in.BlockDepth
		if d.Layout != LayoutLinear {
			var lv levelLayout
			sum += d.tiledLevel(&lv, w, h, d.Samples*in.Bytes) * uint64(dd) * uint64(d.Layers)
			continue
		}
		sum += uint64(w) * uint64(h) * uint64(dd) * uint64(d.Layers) * uint64(d.Samples) * uint64(in.Bytes)
	}
	return sum
}

// mulLimit returns the product of the non-negative factors and whether it is
// at most limit, without overflowing.
func mulLimit(limit int, factors ...int) (int, bool) {
	p := 1
	for _, f := range factors {
		if f != 0 && p > limit/f {
			return 0, false
		}
		p *= f
	}
	return p, p <= limit
}

// normalise resolves the defaults of d and validates it.
func (d *Desc) normalise() error {
	if !d.Kind.Valid() {
		return errorf("kind", d.Kind, "is not a valid kind")
	}
	k := d.Kind
	if !d.Format.Valid() {
		return errorf("format", d.Format, "is not a valid format")
	}
	if d.Width < 1 || d.Width > MaxExtent {
		return errorf("width", d.Width, "is out of range (1..%d)", MaxExtent)
	}
	if d.Height == 0 {
		d.Height = 1
	}
	if d.Height < 1 || d.Height > MaxExtent {
		return errorf("height", d.Height, "is out of range (1..%d)", MaxExtent)
	}
	if k.Dims() == 1 && d.Height != 1 {
		return errorf("height", d.Height, "must be 1 for kind %v", k)
	}
	if k.IsCube() && d.Height != d.Width {
		return errorf("height", d.Height, "must equal the width %d for kind %v", d.Width, k)
	}
	if d.Depth == 0 {
		d.Depth = 1
	}
	if d.Depth < 1 || d.Depth > MaxExtent {
		return errorf("depth", d.Depth, "is out of range (1..%d)", MaxExtent)
	}
	if k != Kind3D && d.Depth != 1 {
		return errorf("depth", d.Depth, "must be 1 for kind %v", k)
	}
	if d.Layers == 0 {
		d.Layers = 1
		if k.IsCube() {
			d.Layers = 6
		}
	}
	if d.Layers < 1 || d.Layers > MaxExtent {
		return errorf("layers", d.Layers, "is out of range (1..%d)", MaxExtent)
	}
	switch {
	case k == KindCube && d.Layers != 6:
		return errorf("layers", d.Layers, "must be 6 for kind %v", k)
	case k == KindCubeArray && d.Layers%6 != 0:
		return errorf("layers", d.Layers, "is not a multiple of 6 (kind %v)", k)
	case !k.IsArray() && !k.IsCube() && d.Layers != 1:
		return errorf("layers", d.Layers, "must be 1 for kind %v", k)
	}
	full := bits.Len(uint(max(d.Width, d.Height, d.Depth))) // ⌊log2(max)⌋ + 1
	if d.Levels == 0 {
		d.Levels = full
		if k.IsMultisample() || d.Format.Info().YCbCr {
			d.Levels = 1
		}
	}
	if d.Levels < 1 || d.Levels > full {
		return errorf("levels", d.Levels, "is out of range (1..%d) for size %dx%dx%d", full, d.Width, d.Height, d.Depth)
	}
	if k.IsMultisample() && d.Levels != 1 {
		return errorf("levels", d.Levels, "must be 1 for kind %v", k)
	}
	if d.Samples == 0 {
		d.Samples = 1
	}
	switch d.Samples {
	case 1, 2, 4, 8, 16:
	default:
		return errorf("samples", d.Samples, "is not 1, 2, 4, 8 or 16")
	}
	if !k.IsMultisample() && d.Samples != 1 {
		return errorf("samples", d.Samples, "must be 1 for kind %v", k)
	}
	in := d.Format.Info()
	if k == Kind3D && in.Depth {
		return errorf("format", d.Format, "is a depth format, not allowed with kind %v", k)
	}
	if k == Kind3D && in.Stencil {
		return errorf("format", d.Format, "is a stencil format, not allowed with kind %v", k)
	}
	if in.Compressed && (k.Dims() == 1 || k.IsMultisample()) {
		return errorf("format", d.Format, "is block-compressed, not allowed with kind %v", k)
	}
	if in.BlockDepth > 1 && k != Kind3D {
		return errorf("format", d.Format, "has %dx%dx%d (3D) blocks, only allowed with kind 3d, not %v", in.BlockWidth, in.BlockHeight, in.BlockDepth, k)
	}
	if err := d.checkPlanar(); err != nil {
		return err
	}
	if err := d.checkLayout(); err != nil {
		return err
	}
	return d.checkLayoutFormat()
}

// LevelSize returns the size in texels of mip level l ≥ 0: max(1, size>>l)
// in each dimension (height 1 for 1D kinds, depth 1 unless 3D). Levels beyond
// the surface's are allowed and give 1×1×1 eventually.
func (s *Surface) LevelSize(l int) (w, h, d int) {
	return max(1, s.Width>>l), max(1, s.Height>>l), max(1, s.Depth>>l)
}

// LevelOffset returns the byte offset in Data of mip level l, for l in
// 0..Levels; LevelOffset(Levels) is len(Data).
func (s *Surface) LevelOffset(l int) int { return s.levels[l].offset }

// DataBytes returns the length of the texel stream the surface's layout
// needs (the length New gives Data), or 0 for a Surface New did not make.
func (s *Surface) DataBytes() int {
	if len(s.levels) == 0 {
		return 0
	}
	return s.levels[len(s.levels)-1].offset
}

// TexelOffset returns the byte offset in Data of sample `sample` of texel
// (x, y, z) of array layer `layer` of mip level `level`. It does not check
// the coordinates: out-of-range values give wrong offsets, and only an
// out-of-range level panics. For the cube kinds the layer is 6·cube + face.
// For block-compressed formats the coordinates count blocks, not texels (z
// counts slices of blocks for the 3D ASTC formats; see BlockOffset).
func (s *Surface) TexelOffset(level, x, y, z, layer, sample int) int {
	l := &s.levels[level]
	if s.Layout != LayoutLinear {
		return s.tiledOffset(l, x, y, z, layer, sample)
	}
	return l.offset + x*l.xStride + y*l.yStride + z*l.zStride + layer*l.layerStride + sample*s.texelBytes
}

// BlockSize returns the width and height in texels of the format's texel
// blocks: 1×1 for uncompressed formats. BlockDepth gives the third
// dimension.
func (s *Surface) BlockSize() (w, h int) { return s.blockW, s.blockH }

// BlockDepth returns the depth in texels of the format's texel blocks: 1
// except for the 3D ASTC formats (3 to 6).
func (s *Surface) BlockDepth() int { return s.blockD }

// LevelBlocks returns the number of texel blocks across and down mip level
// l: ⌈w/BlockWidth⌉ and ⌈h/BlockHeight⌉ for the level's size w×h (the level's
// width and height for uncompressed formats). Blocks that reach past the
// level's edge are stored whole.
func (s *Surface) LevelBlocks(l int) (bx, by int) {
	w, h, _ := s.LevelSize(l)
	return (w + s.blockW - 1) / s.blockW, (h + s.blockH - 1) / s.blockH
}

// LevelBlockSlices returns the number of z slices of texel blocks in mip
// level l: ⌈d/BlockDepth⌉ for the level's depth d, which is d itself except
// for the 3D ASTC formats. Blocks that reach past the level's far side are
// stored whole.
func (s *Surface) LevelBlockSlices(l int) int {
	_, _, d := s.LevelSize(l)
	return (d + s.blockD - 1) / s.blockD
}

// BlockOffset returns the byte offset in Data of the texel block holding
// texel (x, y, z) of array layer `layer` of mip level `level`, and the index
// of the texel within the block's decoded texels, ((z mod BlockDepth) ·
// BlockHeight + y mod BlockHeight) · BlockWidth + x mod BlockWidth (z mod
// BlockDepth is 0 but for the 3D ASTC formats). For uncompressed formats it
// is TexelOffset of sample 0 and index 0. Like TexelOffset it does not check
// coordinates.
func (s *Surface) BlockOffset(level, x, y, z, layer int) (offset, index int) {
	l := &s.levels[level]
	bx, by, bz := x/s.blockW, y/s.blockH, z
	index = (y-by*s.blockH)*s.blockW + x - bx*s.blockW
	if s.blockD > 1 {
		bz = z / s.blockD
		index += (z - bz*s.blockD) * s.blockW * s.blockH
	}
	if s.Layout != LayoutLinear {
		return s.tiledOffset(l, bx, by, bz, layer, 0), index
	}
	return l.offset + bx*l.xStride + by*l.yStride + bz*l.zStride + layer*l.layerStride, index
}

// Load copies b, a whole texel stream in the layout of Data, into the
// surface. The length of b must equal len(Data).
func (s *Surface) Load(b []byte) error {
	if len(b) != len(s.Data) {
		return errorf("data", fmt.Sprintf("%d bytes", len(b)), "does not match the surface size (%d bytes)", len(s.Data))
	}
	copy(s.Data, b)
	return nil
}
