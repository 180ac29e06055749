package texfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// texelAt decodes texel (x, y, z) of layer 0, level 0 of s.
func texelAt(s *surface.Surface, x, y, z int) [4]float32 {
	in := s.Format.Info()
	if !in.Compressed {
		return s.Format.Decode(s.Data[s.TexelOffset(0, x, y, z, 0, 0):])
	}
	off, idx := s.BlockOffset(0, x, y, z, 0)
	buf := make([][4]float32, in.BlockWidth*in.BlockHeight*in.BlockDepth)
	s.Format.BlockDecoder()(s.Data[off:off+in.Bytes], buf)
	return buf[idx]
}

func readWith(t *testing.T, name string, num format.Numeric) *File {
	t.Helper()
	f, err := ReadFile(filepath.Join("testdata", name), &Options{ASTC: num})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestASTCFilesAgainstAstcenc reads astcenc's own .astc and compressed KTX 1.1 files
// (testdata/gen_astc.py) and compares every texel with astcenc's decode of them, itself read as an
// uncompressed KTX 1.1 file:
//   - HDR files read as SFLOAT: the FP16 values must be equal, bit for bit;
//   - LDR files read as SFLOAT (the HDR profile's FP16 of the UNORM16 result, which is what
//     astcenc rounds to its 8-bit output): round(v·255) must equal astcenc's byte;
//   - LDR files read as UNORM (C/65535): within 1/255 of astcenc's byte (astcenc rounds the FP16
//     of C, we hold C itself);
//   - HDR files read as UNORM: HDR blocks are the error colour, magenta.
func TestASTCFilesAgainstAstcenc(t *testing.T) {
	for _, tc := range []struct {
		file, decoded string
		hdr           bool
		format        string // as read with the default options
		w, h, d       int
	}{
		{"astc_6x6_ldr.astc", "astc_6x6_ldr.dl.ktx", false, "astc_6x6_unorm_block", 13, 9, 1},
		{"ktx1_astc_6x6.ktx", "astc_6x6_ldr.dl.ktx", false, "astc_6x6_unorm_block", 13, 9, 1},
		{"astc_8x8_hdr.astc", "astc_8x8_hdr.dH.ktx", true, "astc_8x8_unorm_block", 19, 11, 1},
		{"astc_4x4x4_hdr.astc", "astc_4x4x4_hdr.dH.ktx", true, "astc_4x4x4_unorm_block", 9, 7, 6},
		{"ktx1_astc_3x3x3.ktx", "ktx1_astc_3x3x3.dl.ktx", false, "astc_3x3x3_unorm_block", 7, 5, 4},
	} {
		t.Run(tc.file, func(t *testing.T) {
			def := readTestFile(t, tc.file)
			s := def.Surface
			wantKind := surface.Kind2D
			if tc.d > 1 {
				wantKind = surface.Kind3D
			}
			if s.Format.String() != tc.format || s.Kind != wantKind || s.Width != tc.w || s.Height != tc.h || s.Depth != tc.d || s.Levels != 1 {
				t.Fatalf("%v %v %dx%dx%d, %d levels; want %s %v %dx%dx%d", s.Format, s.Kind, s.Width, s.Height, s.Depth, s.Levels, tc.format, wantKind, tc.w, tc.h, tc.d)
			}
			hdr := readWith(t, tc.file, format.NumericSfloat).Surface
			if want := strings.Replace(tc.format, "unorm", "sfloat", 1); hdr.Format.String() != want {
				t.Fatalf("read as sfloat: %v, want %s", hdr.Format, want)
			}
			if srgb := readWith(t, tc.file, format.NumericSrgb).Surface; srgb.Format.String() != strings.Replace(tc.format, "unorm", "srgb", 1) {
				t.Fatalf("read as srgb: %v", srgb.Format)
			}
			ref := readTestFile(t, tc.decoded).Surface
			if ref.Width != tc.w || ref.Height != tc.h || ref.Depth != tc.d {
				t.Fatalf("astcenc's decode is %dx%dx%d", ref.Width, ref.Height, ref.Depth)
			}
			magenta := 0
			for z := range tc.d {
				for y := range tc.h {
					for x := range tc.w {
						want := texelAt(ref, x, y, z)
						got := texelAt(hdr, x, y, z)
						ldr := texelAt(s, x, y, z)
						for c := range 4 {
							if tc.hdr {
								if math.Float32bits(got[c]) != math.Float32bits(want[c]) {
									t.Fatalf("(%d,%d,%d) channel %d: %v, astcenc %v", x, y, z, c, got[c], want[c])
								}
								continue
							}
							if math.Round(float64(got[c])*255) != float64(want[c]*255) {
								t.Fatalf("(%d,%d,%d) channel %d as sfloat: %v (%v/255), astcenc %v", x, y, z, c, got[c], got[c]*255, want[c]*255)
							}
							if !near(float64(ldr[c]), float64(want[c]), 1.0/255) {
								t.Fatalf("(%d,%d,%d) channel %d as unorm: %v, astcenc %v", x, y, z, c, ldr[c], want[c])
							}
						}
						if ldr == [4]float32{1, 0, 1, 1} {
							magenta++
						}
					}
				}
			}
			if tc.hdr != (magenta > 0) {
				t.Errorf("%d magenta texels read as unorm; an HDR file should have some, an LDR one none", magenta)
			}
		})
	}
	// The .astc file and the compressed KTX file astcenc made from one image hold the same blocks.
	a, k := readTestFile(t, "astc_6x6_ldr.astc"), readTestFile(t, "ktx1_astc_6x6.ktx")
	if !bytes.Equal(a.Surface.Data, k.Surface.Data) {
		t.Error("astc_6x6_ldr.astc and ktx1_astc_6x6.ktx hold different blocks")
	}
	if a.Container != ASTC || k.Container != KTX || !strings.Contains(k.Header, "glInternalFormat 0x93b4") {
		t.Errorf("containers %v %v, header %q", a.Container, k.Container, k.Header)
	}
}

// ktx1File builds a KTX 1.1 file: the header fields from glType on, key/value data, and the
// levels' images (each given whole, its imageSize computed unless sizes is set), in the byte order
// order.
type ktx1File struct {
	order                                  binary.AppendByteOrder
	glType, glTypeSize, glFormat, internal uint32
	w, h, d, arrays, faces, mips           uint32
	kvd                                    []byte
	levels                                 [][]byte // each level's bytes after imageSize, padding included
	sizes                                  []uint32 // imageSize per level; nil: len(levels[l])
}

func (k ktx1File) bytes() []byte {
	var order binary.AppendByteOrder = binary.LittleEndian
	if k.order != nil {
		order = k.order
	}
	b := append([]byte(nil), ktx1Magic...)
	for _, v := range []uint32{0x04030201, k.glType, k.glTypeSize, k.glFormat, k.internal, k.glFormat, k.w, k.h, k.d, k.arrays, k.faces, k.mips, uint32(len(k.kvd))} {
		b = order.AppendUint32(b, v)
	}
	b = append(b, k.kvd...)
	for l, lv := range k.levels {
		n := uint32(len(lv))
		if k.sizes != nil {
			n = k.sizes[l]
		}
		b = order.AppendUint32(b, n)
		b = append(b, lv...)
	}
	return b
}

// TestKTX1Layouts reads hand-made KTX 1.1 files of every kind: rows padded to 4 bytes, mip
// padding, 2D arrays, cube maps (imageSize one face) and cube arrays, 1D, 3D, key/value data
// skipped, a big-endian file with 16-bit components swapped, BC blocks, and the ASTC option.
func TestKTX1Layouts(t *testing.T) {
	seq := func(n, start int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(start + 3*i)
		}
		return b
	}
	// r8g8b8_unorm 3×2 with 2 levels: rows of 9 bytes padded to 12; level 1 is 1×1 (3 bytes, row
	// padded to 4). (astcenc's files, read above, leave the rows unpadded.)
	rgb := ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1907, internal: 0x8051, w: 3, h: 2, faces: 1, mips: 2,
		kvd: append(binary.LittleEndian.AppendUint32(nil, 12), "KTXorient\x00S\x00"...)}
	l0 := append(append(seq(9, 1), 0, 0, 0), append(seq(9, 100), 0, 0, 0)...)
	rgb.levels = [][]byte{l0, append(seq(3, 200), 0)}
	f, err := Decode("rgb.ktx", rgb.bytes(), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := f.Surface
	want := append(append(seq(9, 1), seq(9, 100)...), seq(3, 200)...)
	if s.Format != format.R8G8B8Unorm || s.Kind != surface.Kind2D || s.Levels != 2 || !bytes.Equal(s.Data, want) {
		t.Errorf("rgb: %v %v %d levels, data % x", s.Format, s.Kind, s.Levels, s.Data)
	}

	// The kinds, each r8_unorm 2×2 (rows of 2 bytes padded to 4), one level.
	face := func(v byte) []byte { return []byte{v, v + 1, 0, 0, v + 2, v + 3, 0, 0} }
	for _, tc := range []struct {
		name          string
		arrays, faces uint32
		h, d          uint32
		images        int
		kind          surface.Kind
		size          uint32 // imageSize
	}{
		{"2d array", 3, 1, 2, 0, 3, surface.Kind2DArray, 24},
		{"cube", 0, 6, 2, 0, 6, surface.KindCube, 8},
		{"cube array", 2, 6, 2, 0, 12, surface.KindCubeArray, 96},
		{"3d", 0, 1, 2, 2, 2, surface.Kind3D, 16},
	} {
		k := ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1903, internal: 0x8229, w: 2, h: tc.h, d: tc.d, arrays: tc.arrays, faces: tc.faces, mips: 1}
		var data, want []byte
		for i := range tc.images {
			data = append(data, face(byte(10*i))...)
			want = append(want, byte(10*i), byte(10*i+1), byte(10*i+2), byte(10*i+3))
		}
		k.levels, k.sizes = [][]byte{data}, []uint32{tc.size}
		f, err := Decode(tc.name, k.bytes(), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if s := f.Surface; s.Kind != tc.kind || !bytes.Equal(s.Data, want) {
			t.Errorf("%s: %v, data % x, want % x", tc.name, s.Kind, s.Data, want)
		}
		k.sizes[0]++
		if _, err := Decode(tc.name, k.bytes(), nil); !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "level[0].imageSize") {
			t.Errorf("%s with a wrong imageSize: %v", tc.name, err)
		}
	}

	// Big-endian r16g16_unorm 1×1 (the 16-bit components swapped), and 1D r8 4 wide.
	be := ktx1File{order: binary.BigEndian, glType: 0x1403, glTypeSize: 2, glFormat: 0x8227, internal: 0x822C, w: 1, h: 1, faces: 1, mips: 1,
		levels: [][]byte{{0x12, 0x34, 0xAB, 0xCD}}}
	if f, err := Decode("be.ktx", be.bytes(), nil); err != nil || !bytes.Equal(f.Surface.Data, []byte{0x34, 0x12, 0xCD, 0xAB}) {
		t.Errorf("big-endian: %v, %v", err, f)
	}
	d1 := ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1903, internal: 0x8229, w: 4, faces: 1, mips: 1, levels: [][]byte{{1, 2, 3, 4}}}
	if f, err := Decode("1d.ktx", d1.bytes(), nil); err != nil || f.Surface.Kind != surface.Kind1D {
		t.Errorf("1D: %v", err)
	}

	// BC1 8×8 with 4 levels (4, 1, 1, 1 blocks), mips 0 (one level).
	bc := ktx1File{internal: 0x83F1, glTypeSize: 1, w: 8, h: 8, faces: 1, mips: 4}
	for _, n := range []int{4, 1, 1, 1} {
		bc.levels = append(bc.levels, seq(8*n, n))
	}
	if f, err := Decode("bc1.ktx", bc.bytes(), nil); err != nil || f.Surface.Format != format.BC1RGBAUnormBlock || f.Surface.Levels != 4 || len(f.Surface.Data) != 56 {
		t.Errorf("bc1: %v", err)
	}
	bc.mips, bc.levels = 0, bc.levels[:1]
	if f, err := Decode("bc1.ktx", bc.bytes(), nil); err != nil || f.Surface.Levels != 1 {
		t.Errorf("bc1 with numberOfMipmapLevels 0: %v", err)
	}

	// ASTC: the option chooses the family of GL_COMPRESSED_RGBA_ASTC_*; the sRGB formats stay sRGB.
	for _, tc := range []struct {
		internal uint32
		num      format.Numeric
		want     format.Format
	}{
		{0x93B0, format.NumericUnorm, format.ASTC4x4UnormBlock},
		{0x93B0, format.NumericSfloat, format.ASTC4x4SfloatBlock},
		{0x93D0, format.NumericSfloat, format.ASTC4x4SrgbBlock},
		{0x93BD, format.NumericSrgb, format.ASTC12x12SrgbBlock},
		{0x93C9, format.NumericSfloat, format.ASTC6x6x6SfloatBlock},
	} {
		in := tc.want.Info()
		k := ktx1File{internal: tc.internal, glTypeSize: 1, w: uint32(in.BlockWidth), h: uint32(in.BlockHeight), faces: 1, mips: 1, levels: [][]byte{seq(16, 0)}}
		if in.BlockDepth > 1 {
			k.d = uint32(in.BlockDepth)
		}
		f, err := Decode("astc.ktx", k.bytes(), &Options{ASTC: tc.num})
		if err != nil || f.Surface.Format != tc.want {
			t.Errorf("%#x as %v: %v, %v", tc.internal, tc.num, f, err)
		}
	}
}

// TestKTX1Errors checks that each broken header field is an error naming it.
func TestKTX1Errors(t *testing.T) {
	good := ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1908, internal: 0x8058, w: 2, h: 2, faces: 1, mips: 1, levels: [][]byte{make([]byte, 16)}}
	if _, err := Decode("good.ktx", good.bytes(), nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field string
		edit  func(k *ktx1File)
		raw   func(b []byte)
	}{
		{"endianness", nil, func(b []byte) { b[12] = 9 }},
		{"glInternalFormat", func(k *ktx1File) { k.internal = 0x1234 }, nil},
		{"glType", func(k *ktx1File) { k.glType = 0 }, nil},
		{"glType", func(k *ktx1File) { k.internal = 0x83F0 }, nil}, // compressed with a glType
		{"glTypeSize", func(k *ktx1File) { k.glTypeSize = 3 }, nil},
		{"pixelWidth", func(k *ktx1File) { k.w = 0 }, nil},
		{"pixelWidth", func(k *ktx1File) { k.w = 1 << 20 }, nil},
		{"numberOfFaces", func(k *ktx1File) { k.faces = 2 }, nil},
		{"numberOfFaces", func(k *ktx1File) { k.faces, k.h = 6, 1 }, nil},
		{"numberOfArrayElements", func(k *ktx1File) { k.arrays, k.d = 2, 2 }, nil},
		{"numberOfMipmapLevels", func(k *ktx1File) { k.mips = 3 }, nil},
		{"bytesOfKeyValueData", nil, func(b []byte) { binary.LittleEndian.PutUint32(b[60:], 1<<30) }},
		{"level[0].imageSize", func(k *ktx1File) { k.sizes = []uint32{15} }, nil},
		{"level[0]", func(k *ktx1File) { k.levels[0] = k.levels[0][:8]; k.sizes = []uint32{16} }, nil},
		{"level[1].imageSize", func(k *ktx1File) { k.mips = 2 }, nil},
		{"header", nil, func(b []byte) {}},
	} {
		k := good
		k.levels = [][]byte{append([]byte(nil), good.levels[0]...)}
		if tc.edit != nil {
			tc.edit(&k)
		}
		b := k.bytes()
		if tc.raw != nil {
			tc.raw(b)
		}
		if tc.field == "header" {
			b = b[:40]
		}
		_, err := Decode("bad.ktx", b, nil)
		var fe *Error
		if !errors.As(err, &fe) || fe.Field != tc.field || fe.Container != KTX {
			t.Errorf("%s: %v", tc.field, err)
		}
	}
	if _, err := Decode("good.ktx", good.bytes(), &Options{ASTC: format.NumericSnorm}); err == nil || !strings.Contains(err.Error(), "Options.ASTC") {
		t.Errorf("ASTC option snorm: %v", err)
	}
}

// TestASTCFileErrors checks the .astc header's fields.
func TestASTCFileErrors(t *testing.T) {
	good := readTestFile(t, "astc_4x4x4_hdr.astc")
	raw := func() []byte {
		b, _ := os.ReadFile(filepath.Join("testdata", "astc_4x4x4_hdr.astc"))
		return b
	}
	if good.Surface.Kind != surface.Kind3D {
		t.Fatal(good.Surface.Kind)
	}
	for _, tc := range []struct {
		field string
		kind  error
		edit  func(b []byte) []byte
	}{
		{"header", ErrMalformed, func(b []byte) []byte { return b[:15] }},
		{"blockdim", ErrMalformed, func(b []byte) []byte { b[4] = 7; return b }},
		{"blockdim", ErrMalformed, func(b []byte) []byte { b[6] = 2; return b }}, // 4x4x2
		{"blockdim", ErrMalformed, func(b []byte) []byte { b[4], b[5], b[6] = 3, 3, 1; return b }},
		{"xsize", ErrMalformed, func(b []byte) []byte { b[7], b[8], b[9] = 0, 0, 0; return b }},
		{"ysize", ErrUnsupported, func(b []byte) []byte { b[12] = 1; return b }},
		{"blocks", ErrMalformed, func(b []byte) []byte { return b[:len(b)-1] }},
		{"blocks", ErrMalformed, func(b []byte) []byte { return append(b, 0) }},
		{"blocks", ErrMalformed, func(b []byte) []byte { b[14] = 1; return b }}, // zsize 256+6
	} {
		_, err := Decode("bad.astc", tc.edit(raw()), nil)
		var fe *Error
		if !errors.As(err, &fe) || fe.Field != tc.field || fe.Container != ASTC || !errors.Is(err, tc.kind) {
			t.Errorf("%s: %v", tc.field, err)
		}
	}
	// A 2D-footprint file with zsize > 1 is a 3D image of 2D-block slices.
	b := raw()
	b[4], b[5], b[6] = 4, 4, 1
	b[13] = 3 // 9x7x3 in 4x4 blocks: 3·2·3 = 18 blocks; the file has 3·2·2 = 12 (4x4x4)
	_, err := Decode("slices.astc", b, nil)
	if !errors.Is(err, ErrMalformed) {
		t.Errorf("short 2D-slice file: %v", err)
	}
	b = append(b, make([]byte, 6*16)...)
	f, err := Decode("slices.astc", b, nil)
	if err != nil || f.Surface.Kind != surface.Kind3D || f.Surface.Format != format.ASTC4x4UnormBlock || f.Surface.Depth != 3 {
		t.Errorf("2D-slice file: %v %v", f, err)
	}
}

// TestKTX1LyingHeader checks that a KTX 1.1 header declaring far more
// texel data than the file holds is refused from the file's length before
// the surface is allocated: an 8192×8192 r8g8b8a8 texture (256 MiB, within
// the default budget) in a 72-byte file, with and without mips, as a cube
// map and as an array.
func TestKTX1LyingHeader(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(k *ktx1File)
	}{
		{"2d", func(k *ktx1File) {}},
		{"mips", func(k *ktx1File) { k.mips = 14 }},
		{"cube", func(k *ktx1File) { k.w, k.h, k.faces = 4096, 4096, 6 }},
		{"array", func(k *ktx1File) { k.w, k.h, k.arrays = 1024, 1024, 256 }},
		{"3d", func(k *ktx1File) { k.w, k.h, k.d = 512, 512, 256 }},
	} {
		k := ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1908, internal: 0x8058, w: 8192, h: 8192, faces: 1, mips: 1,
			levels: [][]byte{make([]byte, 4)}, sizes: []uint32{8192 * 8192 * 4}}
		tc.edit(&k)
		b := k.bytes()
		var err error
		n := allocated(func() { _, err = Decode("lying.ktx", b, nil) })
		var fe *Error
		if !errors.As(err, &fe) || !errors.Is(err, ErrMalformed) || fe.Container != KTX {
			t.Errorf("%s: %v, want a malformed KTX error", tc.name, err)
		}
		if n > 1<<20 {
			t.Errorf("%s: allocated %d bytes before failing (%v)", tc.name, n, err)
		}
	}
}

// TestKTX1UploadType checks that an uncompressed KTX 1.1 file's glFormat
// and glType, which say how its texels are laid out, must be those of its
// glInternalFormat: a file whose texels are in another order or packing
// (GL_BGRA, GL_UNSIGNED_INT_8_8_8_8, floats for a half-float format, a
// luminance format) is an error naming the field, not a silent
// reinterpretation — but for GL_BGRA bytes of an 8-bit RGBA format, which
// read as the b8g8r8a8 format of the same numeric type. Every
// uncompressed format of the table is read with its own pair.
func TestKTX1UploadType(t *testing.T) {
	rgba := ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1908, internal: 0x8058, w: 1, h: 1, faces: 1, mips: 1,
		levels: [][]byte{{1, 2, 3, 4}}}
	for _, tc := range []struct {
		name  string
		edit  func(k *ktx1File)
		field string
	}{
		{"GL_UNSIGNED_INT_8_8_8_8", func(k *ktx1File) { k.glType, k.glTypeSize = 0x8035, 4 }, "glType"},
		{"GL_LUMINANCE_ALPHA", func(k *ktx1File) { k.glFormat = 0x190A }, "glFormat"},
		{"GL_RGBA_INTEGER for unorm", func(k *ktx1File) { k.glFormat = 0x8D99 }, "glFormat"},
		{"GL_BYTE for unorm", func(k *ktx1File) { k.glType = 0x1400 }, "glType"},
		{"GL_RGB for RGBA", func(k *ktx1File) { k.glFormat = 0x1907 }, "glFormat"},
		{"GL_FLOAT for half", func(k *ktx1File) {
			k.internal, k.glType, k.glTypeSize, k.levels = 0x881A, 0x1406, 4, [][]byte{make([]byte, 8)}
		}, "glType"},
		{"GL_BGRA for rgba16", func(k *ktx1File) {
			k.internal, k.glType, k.glTypeSize, k.glFormat, k.levels = 0x805B, 0x1403, 2, 0x80E1, [][]byte{make([]byte, 8)}
		}, "glFormat"},
	} {
		k := rgba
		tc.edit(&k)
		_, err := Decode(tc.name, k.bytes(), nil)
		var fe *Error
		if !errors.As(err, &fe) || fe.Field != tc.field || !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want an unsupported %s", tc.name, err, tc.field)
		}
	}
	// GL_BGRA bytes of RGBA8 and SRGB8_ALPHA8.
	for internal, want := range map[uint32]format.Format{0x8058: format.B8G8R8A8Unorm, 0x8C43: format.B8G8R8A8Srgb} {
		k := rgba
		k.internal, k.glFormat = internal, 0x80E1
		f, err := Decode("bgra.ktx", k.bytes(), nil)
		if err != nil || f.Surface.Format != want || !bytes.Equal(f.Surface.Data, []byte{1, 2, 3, 4}) {
			t.Errorf("GL_BGRA %#x: %v, %v", internal, f, err)
		}
	}
	// GL_HALF_FLOAT_OES is GL_HALF_FLOAT.
	half := rgba
	half.internal, half.glType, half.glTypeSize, half.levels = 0x881A, 0x8D61, 2, [][]byte{make([]byte, 8)}
	if f, err := Decode("half.ktx", half.bytes(), nil); err != nil || f.Surface.Format != format.R16G16B16A16Sfloat {
		t.Errorf("GL_HALF_FLOAT_OES: %v, %v", f, err)
	}
	// Every uncompressed format with its own glFormat and glType.
	for internal, name := range ktx1Formats {
		f, err := format.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		in := f.Info()
		if in.Compressed {
			continue
		}
		glFormat, glType, ok := ktx1Upload(internal, f)
		if !ok {
			t.Errorf("%s (%#x): no glFormat and glType", name, internal)
			continue
		}
		size := uint32(in.ElementBytes)
		k := ktx1File{glType: glType, glTypeSize: size, glFormat: glFormat, internal: internal, w: 1, h: 1, faces: 1, mips: 1,
			levels: [][]byte{make([]byte, (in.Bytes+3)&^3)}}
		if g, err := Decode(name, k.bytes(), nil); err != nil || g.Surface.Format != f {
			t.Errorf("%s (%#x) with glFormat %#x glType %#x: %v", name, internal, glFormat, glType, err)
		}
	}
}

// TestKTX1BigEndianTypeSize: a big-endian file's texels are swapped in
// glTypeSize-byte elements, so a glTypeSize that is not its glType's size
// (1 for 16-bit components) would leave them in the wrong byte order: an
// error naming glTypeSize. A little-endian file, which swaps nothing,
// reads as before.
func TestKTX1BigEndianTypeSize(t *testing.T) {
	be := ktx1File{order: binary.BigEndian, glType: 0x1403, glTypeSize: 1, glFormat: 0x8227, internal: 0x822C, w: 1, h: 1, faces: 1, mips: 1,
		levels: [][]byte{{0x12, 0x34, 0xAB, 0xCD}}}
	_, err := Decode("be.ktx", be.bytes(), nil)
	var fe *Error
	if !errors.As(err, &fe) || fe.Field != "glTypeSize" || !errors.Is(err, ErrMalformed) {
		t.Errorf("big-endian r16g16 with glTypeSize 1: %v", err)
	}
	be.order = binary.LittleEndian
	if f, err := Decode("le.ktx", be.bytes(), nil); err != nil || !bytes.Equal(f.Surface.Data, []byte{0x12, 0x34, 0xAB, 0xCD}) {
		t.Errorf("little-endian r16g16 with glTypeSize 1: %v", err)
	}
}

// TestKTX1UnpaddedImages reads uncompressed KTX 1.1 files whose rows are
// not padded to 4 bytes (as astcenc 4.2 writes its decodes) and whose
// images are not a multiple of 4 bytes: a 7×5×3 r8 3D texture (astcenc
// -dl of a 7×5×3 .astc writes exactly this: imageSize 105, then 3 bytes of
// mip padding) and a 9×7×5 r16_sfloat one (imageSize 630), a 3×3 r8 2D
// array of two layers (imageSize 18) — the specification pads only the
// faces of a cube map without array elements, not array layers or
// volumes — and such a cube map, whose faces are each padded.
func TestKTX1UnpaddedImages(t *testing.T) {
	seq := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(7*i + 1)
		}
		return b
	}
	for _, tc := range []struct {
		name            string
		k               ktx1File
		image, padding  int // texel bytes, and bytes after them in the level
		size            uint32
		kind            surface.Kind
		w, h, d, layers int
	}{
		{"3d r8 7x5x3", ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1903, internal: 0x8229, w: 7, h: 5, d: 3, faces: 1, mips: 1},
			105, 3, 105, surface.Kind3D, 7, 5, 3, 1},
		{"3d r16_sfloat 9x7x5", ktx1File{glType: 0x140B, glTypeSize: 2, glFormat: 0x1903, internal: 0x822D, w: 9, h: 7, d: 5, faces: 1, mips: 1},
			630, 2, 630, surface.Kind3D, 9, 7, 5, 1},
		{"2d array r8 3x3x2", ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1903, internal: 0x8229, w: 3, h: 3, arrays: 2, faces: 1, mips: 1},
			18, 2, 18, surface.Kind2DArray, 3, 3, 1, 2},
	} {
		k := tc.k
		k.levels = [][]byte{append(seq(tc.image), make([]byte, tc.padding)...)}
		k.sizes = []uint32{tc.size}
		f, err := Decode(tc.name, k.bytes(), nil)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		s := f.Surface
		if s.Kind != tc.kind || s.Width != tc.w || s.Height != tc.h || s.Depth != tc.d || s.Layers != tc.layers || !bytes.Equal(s.Data, seq(tc.image)) {
			t.Errorf("%s: %v %dx%dx%d×%d, data % x", tc.name, s.Kind, s.Width, s.Height, s.Depth, s.Layers, s.Data)
		}
	}
	// A cube map of 3×3 r8 faces with unpadded rows: imageSize is one
	// face's 9 bytes, and each face is padded to 12.
	cube := ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1903, internal: 0x8229, w: 3, h: 3, faces: 6, mips: 1, sizes: []uint32{9}}
	var data, want []byte
	for i := range 6 {
		face := seq(9 + i)[i:]
		data = append(append(data, face...), 0, 0, 0)
		want = append(want, face...)
	}
	cube.levels = [][]byte{data}
	if f, err := Decode("cube", cube.bytes(), nil); err != nil || f.Surface.Kind != surface.KindCube || !bytes.Equal(f.Surface.Data, want) {
		t.Errorf("cube with unpadded rows: %v", err)
	}
}
