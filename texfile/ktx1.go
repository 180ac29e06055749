package texfile

import (
	"encoding/binary"
	"fmt"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// ktx1HeaderSize is the size of a KTX 1.1 header: the 12-byte identifier
// and thirteen 32-bit fields.
const ktx1HeaderSize = 64

// ktx1Formats maps KTX 1.1's glInternalFormat (OpenGL's sized internal
// formats and compressed formats) to package format's names. The ASTC
// formats are added by init (ktx1ASTC); GL_ETC1_RGB8_OES reads as ETC2 RGB,
// of which ETC1 is a subset.
var ktx1Formats = map[uint32]string{
	// 8-bit components.
	0x8229: "r8_unorm", 0x822B: "r8g8_unorm", 0x8051: "r8g8b8_unorm", 0x8058: "r8g8b8a8_unorm",
	0x8F94: "r8_snorm", 0x8F95: "r8g8_snorm", 0x8F96: "r8g8b8_snorm", 0x8F97: "r8g8b8a8_snorm",
	0x8232: "r8_uint", 0x8238: "r8g8_uint", 0x8D7D: "r8g8b8_uint", 0x8D7C: "r8g8b8a8_uint",
	0x8231: "r8_sint", 0x8237: "r8g8_sint", 0x8D8F: "r8g8b8_sint", 0x8D8E: "r8g8b8a8_sint",
	0x8C41: "r8g8b8_srgb", 0x8C43: "r8g8b8a8_srgb", 0x93A1: "b8g8r8a8_unorm",
	// 16-bit components.
	0x822A: "r16_unorm", 0x822C: "r16g16_unorm", 0x8054: "r16g16b16_unorm", 0x805B: "r16g16b16a16_unorm",
	0x8F98: "r16_snorm", 0x8F99: "r16g16_snorm", 0x8F9A: "r16g16b16_snorm", 0x8F9B: "r16g16b16a16_snorm",
	0x8234: "r16_uint", 0x823A: "r16g16_uint", 0x8D77: "r16g16b16_uint", 0x8D76: "r16g16b16a16_uint",
	0x8233: "r16_sint", 0x8239: "r16g16_sint", 0x8D89: "r16g16b16_sint", 0x8D88: "r16g16b16a16_sint",
	0x822D: "r16_sfloat", 0x822F: "r16g16_sfloat", 0x881B: "r16g16b16_sfloat", 0x881A: "r16g16b16a16_sfloat",
	// 32-bit components.
	0x8236: "r32_uint", 0x823C: "r32g32_uint", 0x8D71: "r32g32b32_uint", 0x8D70: "r32g32b32a32_uint",
	0x8235: "r32_sint", 0x823B: "r32g32_sint", 0x8D83: "r32g32b32_sint", 0x8D82: "r32g32b32a32_sint",
	0x822E: "r32_sfloat", 0x8230: "r32g32_sfloat", 0x8815: "r32g32b32_sfloat", 0x8814: "r32g32b32a32_sfloat",
	// Packed (OpenGL's packed types name the components from the most significant bit, as Vulkan's
	// _packN formats do; the _REV types from the least significant).
	0x8D62: "r5g6b5_unorm_pack16", 0x8056: "r4g4b4a4_unorm_pack16", 0x8057: "r5g5b5a1_unorm_pack16",
	0x8059: "a2b10g10r10_unorm_pack32", 0x906F: "a2b10g10r10_uint_pack32",
	0x8C3A: "b10g11r11_ufloat_pack32", 0x8C3D: "e5b9g9r9_ufloat_pack32",
	// Depth.
	0x81A5: "d16_unorm", 0x8CAC: "d32_sfloat",
	// S3TC, RGTC, BPTC.
	0x83F0: "bc1_rgb_unorm_block", 0x83F1: "bc1_rgba_unorm_block", 0x83F2: "bc2_unorm_block", 0x83F3: "bc3_unorm_block",
	0x8C4C: "bc1_rgb_srgb_block", 0x8C4D: "bc1_rgba_srgb_block", 0x8C4E: "bc2_srgb_block", 0x8C4F: "bc3_srgb_block",
	0x8DBB: "bc4_unorm_block", 0x8DBC: "bc4_snorm_block", 0x8DBD: "bc5_unorm_block", 0x8DBE: "bc5_snorm_block",
	0x8E8C: "bc7_unorm_block", 0x8E8D: "bc7_srgb_block", 0x8E8E: "bc6h_sfloat_block", 0x8E8F: "bc6h_ufloat_block",
	// ETC2 and EAC (and ETC1).
	0x9274: "etc2_r8g8b8_unorm_block", 0x9275: "etc2_r8g8b8_srgb_block",
	0x9276: "etc2_r8g8b8a1_unorm_block", 0x9277: "etc2_r8g8b8a1_srgb_block",
	0x9278: "etc2_r8g8b8a8_unorm_block", 0x9279: "etc2_r8g8b8a8_srgb_block",
	0x9270: "eac_r11_unorm_block", 0x9271: "eac_r11_snorm_block", 0x9272: "eac_r11g11_unorm_block", 0x9273: "eac_r11g11_snorm_block",
	0x8D64: "etc2_r8g8b8_unorm_block",
}

// ktx1ASTC maps the ASTC glInternalFormats to their footprints, "4x4" or
// "3x3x3", and whether they are sRGB: GL_COMPRESSED_RGBA_ASTC_*_KHR
// (0x93B0…0x93BD), GL_COMPRESSED_SRGB8_ALPHA8_ASTC_*_KHR (0x93D0…), and
// OES_texture_compression_astc's 3D ones (0x93C0…0x93C9, 0x93E0…).
var ktx1ASTC = func() map[uint32]struct {
	size string
	srgb bool
} {
	m := map[uint32]struct {
		size string
		srgb bool
	}{}
	for i, s := range []string{"4x4", "5x4", "5x5", "6x5", "6x6", "8x5", "8x6", "8x8", "10x5", "10x6", "10x8", "10x10", "12x10", "12x12"} {
		m[0x93B0+uint32(i)] = struct {
			size string
			srgb bool
		}{s, false}
		m[0x93D0+uint32(i)] = struct {
			size string
			srgb bool
		}{s, true}
	}
	for i, s := range []string{"3x3x3", "4x3x3", "4x4x3", "4x4x4", "5x4x4", "5x5x4", "5x5x5", "6x5x5", "6x6x5", "6x6x6"} {
		m[0x93C0+uint32(i)] = struct {
			size string
			srgb bool
		}{s, false}
		m[0x93E0+uint32(i)] = struct {
			size string
			srgb bool
		}{s, true}
	}
	return m
}()

// OpenGL's pixel formats and types (glFormat, glType) of KTX 1.1's
// uncompressed texels.
const (
	glRed, glRG, glRGB, glRGBA, glBGRA               = 0x1903, 0x8227, 0x1907, 0x1908, 0x80E1
	glRedInt, glRGInt, glRGBInt, glRGBAInt           = 0x8D94, 0x8228, 0x8D98, 0x8D99
	glDepthComponent                                 = 0x1902
	glByte, glUnsignedByte, glShort, glUnsignedShort = 0x1400, 0x1401, 0x1402, 0x1403
	glInt, glUnsignedInt, glFloat, glHalfFloat       = 0x1404, 0x1405, 0x1406, 0x140B
	glHalfFloatOES                                   = 0x8D61
	glUnsignedShort565, glUnsignedShort4444          = 0x8363, 0x8033
	glUnsignedShort5551, glUnsignedInt2101010Rev     = 0x8034, 0x8368
	glUnsignedInt10F11F11FRev, glUnsignedInt5999Rev  = 0x8C3B, 0x8C3E
)

// ktx1Upload returns the glFormat and glType whose texels are those of
// format f, read through glInternalFormat internal: the components in
// R, G, B, A order (B, G, R, A for GL_BGRA8_EXT), GL_*_INTEGER for the
// integer formats, each component of its own type, and the packed types of
// the packed formats (whose texels are one 16- or 32-bit word). ok is
// false for a compressed format.
func ktx1Upload(internal uint32, f format.Format) (glFormat, glType uint32, ok bool) {
	in := f.Info()
	switch internal {
	case 0x8D62:
		return glRGB, glUnsignedShort565, true
	case 0x8056:
		return glRGBA, glUnsignedShort4444, true
	case 0x8057:
		return glRGBA, glUnsignedShort5551, true
	case 0x8059:
		return glRGBA, glUnsignedInt2101010Rev, true
	case 0x906F:
		return glRGBAInt, glUnsignedInt2101010Rev, true
	case 0x8C3A:
		return glRGB, glUnsignedInt10F11F11FRev, true
	case 0x8C3D:
		return glRGB, glUnsignedInt5999Rev, true
	case 0x93A1:
		return glBGRA, glUnsignedByte, true
	}
	if in.Compressed || in.Components < 1 || in.Components > 4 {
		return 0, 0, false
	}
	signed := in.Numeric == format.NumericSnorm || in.Numeric == format.NumericSint
	switch {
	case in.Depth:
		glFormat = glDepthComponent
	case in.Numeric == format.NumericUint || in.Numeric == format.NumericSint:
		glFormat = [...]uint32{glRedInt, glRGInt, glRGBInt, glRGBAInt}[in.Components-1]
	default:
		glFormat = [...]uint32{glRed, glRG, glRGB, glRGBA}[in.Components-1]
	}
	switch {
	case in.ElementBytes == 1 && signed:
		glType = glByte
	case in.ElementBytes == 1:
		glType = glUnsignedByte
	case in.ElementBytes == 2 && in.Numeric == format.NumericSfloat:
		glType = glHalfFloat
	case in.ElementBytes == 2 && signed:
		glType = glShort
	case in.ElementBytes == 2:
		glType = glUnsignedShort
	case in.ElementBytes == 4 && in.Numeric == format.NumericSfloat:
		glType = glFloat
	case in.ElementBytes == 4 && signed:
		glType = glInt
	case in.ElementBytes == 4:
		glType = glUnsignedInt
	default:
		return 0, 0, false
	}
	return glFormat, glType, true
}

// decodeKTX1 reads a KTX 1.1 file (Khronos "KTX File Format
// Specification", version 1.1): the header, key/value data (skipped), and
// for each mip level its imageSize and images — array elements, faces, z
// slices, rows (uncompressed rows padded to 4 bytes, GL_UNPACK_ALIGNMENT;
// rows without the padding are taken too where imageSize gives their size,
// as astcenc writes them), cube padding to 4 bytes (the faces of a cube
// map without array elements only) and mip padding. Big-endian files
// (endianness 0x01020304) have their header and their texels'
// glTypeSize-byte elements swapped.
// num (Options.ASTC) is the family of GL_COMPRESSED_RGBA_ASTC_* data.
func (r *reader) decodeKTX1(num format.Numeric) (*File, error) {
	b := r.b
	if err := r.need("header", 0, ktx1HeaderSize); err != nil {
		return nil, err
	}
	var order binary.ByteOrder = binary.LittleEndian
	switch e := binary.LittleEndian.Uint32(b[12:]); e {
	case 0x04030201:
	case 0x01020304:
		order = binary.BigEndian
	default:
		return nil, r.malformed("endianness", 12, fmt.Sprintf("%#08x", e), "is neither 0x04030201 nor its byte-swapped form")
	}
	u32 := func(off int) uint32 { return order.Uint32(b[off:]) }
	glType, glTypeSize, glFormat, glInternal := u32(16), u32(20), u32(24), u32(28)
	width, height, depth := u32(36), u32(40), u32(44)
	arrays, faces, mips, kvd := u32(48), u32(52), u32(56), u32(60)
	header := fmt.Sprintf("glInternalFormat %#04x, glFormat %#04x, glType %#04x", glInternal, glFormat, glType)

	// The format.
	name := ktx1Formats[glInternal]
	if a, ok := ktx1ASTC[glInternal]; ok {
		n := num
		if a.srgb {
			n = format.NumericSrgb
		}
		name = fmt.Sprintf("astc_%s_%v_block", a.size, n)
		header += fmt.Sprintf(", ASTC read as %v", n)
	}
	f, err := r.parseFormat("glInternalFormat", 28, fmt.Sprintf("%#04x", glInternal), name)
	if err != nil {
		return nil, err
	}
	in := f.Info()
	switch {
	case in.Compressed && glType != 0:
		// (glFormat should be 0 too; some writers set it, and nothing depends on it.)
		return nil, r.malformed("glType", 16, fmt.Sprintf("%#04x", glType), "must be 0 for the compressed %v", f)
	case !in.Compressed && glType == 0:
		return nil, r.malformed("glType", 16, 0, "is 0 (compressed) for the uncompressed %v", f)
	case glTypeSize != 1 && glTypeSize != 2 && glTypeSize != 4:
		return nil, r.malformed("glTypeSize", 20, glTypeSize, "is not 1, 2 or 4")
	case in.Compressed && glTypeSize != 1:
		return nil, r.malformed("glTypeSize", 20, glTypeSize, "must be 1 for the compressed %v", f)
	case !in.Compressed && in.Bytes%int(glTypeSize) != 0:
		return nil, r.malformed("glTypeSize", 20, glTypeSize, "does not divide the %d-byte texels of %v", in.Bytes, f)
	}
	if !in.Compressed {
		// glFormat and glType say how the file's texels are laid out; texunit
		// reads those of glInternalFormat's own layout, and GL_BGRA bytes of
		// the 8-bit RGBA formats as the b8g8r8a8 formats.
		wantFormat, wantType, ok := ktx1Upload(glInternal, f)
		if !ok {
			return nil, r.unsupported("glInternalFormat", 28, fmt.Sprintf("%#04x", glInternal), "(%v) has no KTX 1.1 texel layout texunit reads", f)
		}
		if glFormat == glBGRA && wantFormat == glRGBA && glType == glUnsignedByte && in.Components == 4 && in.ElementBytes == 1 && in.Packed == 0 &&
			(in.Numeric == format.NumericUnorm || in.Numeric == format.NumericSrgb) {
			if f, err = format.Parse(fmt.Sprintf("b8g8r8a8_%v", in.Numeric)); err != nil {
				return nil, r.unsupported("glFormat", 24, fmt.Sprintf("%#04x", glFormat), "GL_BGRA: %v", err)
			}
			in, wantFormat = f.Info(), glBGRA
			header += fmt.Sprintf(", GL_BGRA read as %v", f)
		}
		switch {
		case glFormat != wantFormat:
			return nil, r.unsupported("glFormat", 24, fmt.Sprintf("%#04x", glFormat), "is not %#04x, the layout of %v (glInternalFormat %#04x) that texunit reads", wantFormat, f, glInternal)
		case glType != wantType && !(wantType == glHalfFloat && glType == glHalfFloatOES):
			return nil, r.unsupported("glType", 16, fmt.Sprintf("%#04x", glType), "is not %#04x, the component type of %v (glInternalFormat %#04x) that texunit reads", wantType, f, glInternal)
		case order == binary.BigEndian && int(glTypeSize) != in.ElementBytes:
			// A big-endian file's texels are swapped in glTypeSize-byte
			// elements: any other size would leave them in the wrong order.
			return nil, r.malformed("glTypeSize", 20, glTypeSize, "is not %d, the size of glType %#04x, by which this big-endian file's texels are swapped", in.ElementBytes, glType)
		}
	}

	// The kind and size.
	if width == 0 || width > surface.MaxExtent {
		return nil, r.sizeErr("pixelWidth", 36, width, width == 0)
	}
	if height > surface.MaxExtent {
		return nil, r.sizeErr("pixelHeight", 40, height, false)
	}
	if depth > surface.MaxExtent {
		return nil, r.sizeErr("pixelDepth", 44, depth, false)
	}
	if arrays > surface.MaxExtent {
		return nil, r.sizeErr("numberOfArrayElements", 48, arrays, false)
	}
	d := surface.Desc{Format: f, Width: int(width), Height: max(1, int(height)), Depth: max(1, int(depth)), Layers: max(1, int(arrays))}
	switch {
	case faces != 1 && faces != 6:
		return nil, r.malformed("numberOfFaces", 52, faces, "is not 1 or 6")
	case faces == 6 && (depth != 0 || height != width):
		return nil, r.malformed("numberOfFaces", 52, faces, "is 6 (a cube map) for a %dx%dx%d image, which is not square and 2D", width, height, depth)
	case faces == 6 && arrays > 0:
		if d.Layers*6 > surface.MaxExtent {
			return nil, r.sizeErr("numberOfArrayElements", 48, arrays, false)
		}
		d.Kind, d.Layers = surface.KindCubeArray, 6*d.Layers
	case faces == 6:
		d.Kind, d.Layers = surface.KindCube, 6
	case depth > 0 && arrays > 0:
		return nil, r.unsupported("numberOfArrayElements", 48, arrays, "makes an array of 3D textures, which Vulkan and texunit do not have")
	case depth > 0:
		d.Kind = surface.Kind3D
	case height == 0 && arrays > 0:
		d.Kind = surface.Kind1DArray
	case height == 0:
		d.Kind = surface.Kind1D
	case arrays > 0:
		d.Kind = surface.Kind2DArray
	default:
		d.Kind = surface.Kind2D
	}
	full := uint32(0)
	for v := max(width, height, depth); v > 0; v >>= 1 {
		full++
	}
	switch {
	case mips == 0: // "the loader should generate a full mipmap pyramid": texunit reads the one level
		mips = 1
	case mips > full:
		return nil, r.malformed("numberOfMipmapLevels", 56, mips, "exceeds the %d levels of a %dx%dx%d texture", full, width, height, depth)
	}
	d.Levels = int(mips)
	if err := r.needAt("bytesOfKeyValueData", 60, ktx1HeaderSize, uint64(kvd)); err != nil {
		return nil, err
	}
	if _, ok := dataSize(d); !ok {
		return nil, r.unsupported("glInternalFormat", 28, f, "has no known texel block size")
	}
	// The file must hold every level's imageSize and at least its texels
	// (rows without padding, the least the loop below accepts): checked
	// before the surface is allocated, so that a header that lies about
	// the texture's size costs no memory. The error names the first level
	// that cannot fit, as the loop would.
	for l, p := 0, uint64(ktx1HeaderSize)+uint64(kvd); l < d.Levels; l++ {
		if err := r.need(fmt.Sprintf("level[%d].imageSize", l), p, 4); err != nil {
			return nil, err
		}
		n := levelBytes(d, l)
		if err := r.needAt(fmt.Sprintf("level[%d]", l), int64(p), p+4, n); err != nil {
			return nil, err
		}
		p = (p + 4 + n + 3) &^ 3
	}
	s, err := r.newSurface(d, ktx1HeaderSize)
	if err != nil {
		return nil, err
	}

	// The levels: file order is level, array element, face, z, row, as the surface's (whose
	// layer is 6·element + face); uncompressed rows drop their padding to 4 bytes.
	p := uint64(ktx1HeaderSize) + uint64(kvd)
	swap := order == binary.BigEndian && glTypeSize > 1
	for l := 0; l < d.Levels; l++ {
		field := fmt.Sprintf("level[%d].imageSize", l)
		if err := r.need(field, p, 4); err != nil {
			return nil, err
		}
		imageSize := uint64(u32(int(p)))
		bx, by := s.LevelBlocks(l)
		bz := s.LevelBlockSlices(l)
		row := uint64(bx) * uint64(in.Bytes) // bytes of a row of texels or blocks in the surface
		pitch := row
		if !in.Compressed {
			pitch = (row + 3) &^ 3
		}
		sizes := func(pitch uint64) (face, facePadded, want uint64) {
			face = pitch * uint64(by) * uint64(bz)
			// cubePadding is empty but for a cube map without array elements.
			facePadded = face
			want = face * uint64(d.Layers) // every element and face of the level
			if d.Kind == surface.KindCube {
				facePadded = (face + 3) &^ 3
				want = face // a non-array cube map's imageSize is one face's
			}
			return face, facePadded, want
		}
		face, facePadded, want := sizes(pitch)
		if imageSize != want && pitch != row {
			// Rows without their padding to 4 bytes, as astcenc (4.2) and other
			// writers store them despite the specification: imageSize tells.
			if f2, p2, w2 := sizes(row); imageSize == w2 {
				pitch, face, facePadded, want = row, f2, p2, w2
			}
		}
		if imageSize != want {
			return nil, r.malformed(field, int64(p), imageSize, "differs from the %d bytes level %d of a %v %dx%dx%d %v texture holds", want, l, d.Kind, d.Width, d.Height, d.Depth, f)
		}
		p += 4
		if err := r.needAt(fmt.Sprintf("level[%d]", l), int64(p-4), p, facePadded*uint64(d.Layers)); err != nil {
			return nil, err
		}
		dst := s.Data[s.LevelOffset(l):s.LevelOffset(l+1)]
		for range d.Layers {
			for range by * bz {
				copy(dst[:row], b[p:p+row])
				if swap {
					swapElements(dst[:row], int(glTypeSize))
				}
				dst = dst[row:]
				p += pitch
			}
			p += facePadded - face // cube padding
		}
		p = (p + 3) &^ 3 // mip padding
	}
	return &File{Surface: s, Header: header}, nil
}

// swapElements reverses the bytes of each n-byte element of b (n 2 or 4).
func swapElements(b []byte, n int) {
	for i := 0; i+n <= len(b); i += n {
		for j, k := i, i+n-1; j < k; j, k = j+1, k-1 {
			b[j], b[k] = b[k], b[j]
		}
	}
}
