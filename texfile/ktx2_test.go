package texfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// ktxPattern is the texel bytes of gen_ktx2.mjs: (level·64 + i·7 + 3) & 255.
func ktxPattern(level, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(level*64 + i*7 + 3)
	}
	return b
}

// TestReadKTX2 reads the files ktx-parse wrote (testdata/gen_ktx2.mjs).
func TestReadKTX2(t *testing.T) {
	for _, tc := range []struct {
		file                 string
		kind                 surface.Kind
		format               string
		w, h, d, levels, lay int
		scheme               string
		pattern              bool
	}{
		{"ktx2_rgba8_mips.ktx2", surface.Kind2D, "r8g8b8a8_unorm", 4, 2, 1, 3, 1, "none", true},
		{"ktx2_cube_r8.ktx2", surface.KindCube, "r8_unorm", 2, 2, 1, 2, 6, "none", true},
		{"ktx2_cubearray_r8.ktx2", surface.KindCubeArray, "r8_unorm", 1, 1, 1, 1, 12, "none", true},
		{"ktx2_array_rg16f.ktx2", surface.Kind2DArray, "r16g16_sfloat", 2, 2, 1, 1, 3, "none", false},
		{"ktx2_3d_r32f.ktx2", surface.Kind3D, "r32_sfloat", 2, 2, 2, 2, 1, "none", false},
		{"ktx2_1darray_r8.ktx2", surface.Kind1DArray, "r8_unorm", 4, 1, 1, 3, 2, "none", true},
		{"ktx2_zstd_srgb.ktx2", surface.Kind2D, "r8g8b8a8_srgb", 8, 8, 1, 4, 1, "zstd", true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f := readTestFile(t, tc.file)
			s := f.Surface
			if s.Kind != tc.kind || s.Format.String() != tc.format || s.Width != tc.w || s.Height != tc.h || s.Depth != tc.d ||
				s.Levels != tc.levels || s.Layers != tc.lay || f.Supercompression != tc.scheme {
				t.Fatalf("got %v %v %dx%dx%d %d levels %d layers %s", s.Kind, s.Format, s.Width, s.Height, s.Depth, s.Levels, s.Layers, f.Supercompression)
			}
			for l := 0; l < s.Levels; l++ {
				got := s.Data[s.LevelOffset(l):s.LevelOffset(l+1)]
				if tc.pattern && !bytes.Equal(got, ktxPattern(l, len(got))) {
					t.Errorf("level %d = %v, want the pattern", l, got)
				}
			}
		})
	}
	// Values of the non-pattern files.
	s := readTestFile(t, "ktx2_array_rg16f.ktx2").Surface
	for i := 0; i < 24; i++ {
		if h := binary.LittleEndian.Uint16(s.Data[2*i:]); h != 0x3c00+uint16(i) {
			t.Fatalf("half %d = %#x, want %#x", i, h, 0x3c00+i)
		}
	}
	s = readTestFile(t, "ktx2_3d_r32f.ktx2").Surface
	for i, want := range []float32{0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 100.5} {
		if got := sfloatAt(s.Data, i); got != want {
			t.Errorf("float %d = %v, want %v", i, got, want)
		}
	}
}

// TestReadKTX2BC1 checks that the BC1 blocks ktx-parse stored read as the
// same surface as the DDS file they came from.
func TestReadKTX2BC1(t *testing.T) {
	if !knows("bc1_rgba_unorm_block") {
		_, err := ReadFile("testdata/ktx2_bc1.ktx2", nil)
		if !errors.Is(err, ErrUnsupported) {
			t.Fatalf("before bc1 exists: %v, want ErrUnsupported", err)
		}
		return
	}
	k := readTestFile(t, "ktx2_bc1.ktx2").Surface
	d := readTestFile(t, "dxt1_mips.dds").Surface // 4 levels; the KTX2 file has the first 3
	if k.Format != d.Format || k.Width != d.Width || k.Levels != 3 || !bytes.Equal(k.Data, d.Data[:d.LevelOffset(3)]) {
		t.Errorf("ktx2 %+v and dds %+v differ", k.Desc, d.Desc)
	}
}

func TestReadKTX2Unsupported(t *testing.T) {
	_, err := ReadFile("testdata/ktx2_pvrtc.ktx2", nil)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrUnsupported) || e.Field != "vkFormat" || e.Offset != 12 ||
		e.Value != "1000054000 (VK_FORMAT_PVRTC1_2BPP_UNORM_BLOCK_IMG)" {
		t.Fatalf("error %v, want the unsupported vkFormat named", err)
	}
}

// ktxRoundTrip writes s and reads it back.
func ktxRoundTrip(t *testing.T, s *surface.Surface, o *KTX2Options) *File {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteKTX2(&buf, s, o); err != nil {
		t.Fatalf("%v %v: %v", s.Kind, s.Format, err)
	}
	f, err := Decode("rt.ktx2", buf.Bytes(), nil)
	if err != nil {
		t.Fatalf("%v %v: %v", s.Kind, s.Format, err)
	}
	return f
}

// TestKTX2RoundTripEveryFormat writes every format package format knows,
// raw and zstd-supercompressed, and reads it back unchanged: the VkFormat
// mapping is complete in both directions.
func TestKTX2RoundTripEveryFormat(t *testing.T) {
	for _, f := range format.All() {
		in := f.Info()
		d := surface.Desc{Kind: surface.Kind2D, Format: f, Width: 2 * in.BlockWidth, Height: 2 * in.BlockHeight}
		if in.BlockDepth > 1 {
			d.Kind, d.Depth = surface.Kind3D, 2*in.BlockDepth+1
		}
		s, err := surface.New(d)
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		if in.YCbCr {
			// KTX 2.0 does not allow multi-planar formats; texunit writes
			// no descriptor for the 4:2:2 ones.
			if err := WriteKTX2(io.Discard, s, nil); err == nil || !strings.Contains(err.Error(), "KTX 2.0") || !strings.Contains(err.Error(), s.Format.String()) {
				t.Errorf("%v: %v", f, err)
			}
			continue
		}
		s.FillHash(uint32(f), 0, 1)
		for _, o := range []*KTX2Options{nil, {Zstd: true}} {
			got := ktxRoundTrip(t, s, o).Surface
			if got.Desc != s.Desc || !bytes.Equal(got.Data, s.Data) {
				t.Errorf("%v (zstd %v): read back %+v", f, o != nil, got.Desc)
			}
		}
	}
}

// TestKTX2RoundTripKinds writes every kind (but multisample) and reads it
// back.
func TestKTX2RoundTripKinds(t *testing.T) {
	for _, d := range []surface.Desc{
		{Kind: surface.Kind1D, Width: 8},
		{Kind: surface.Kind1DArray, Width: 8, Layers: 3},
		{Kind: surface.Kind2D, Width: 5, Height: 3},
		{Kind: surface.Kind2DArray, Width: 4, Height: 4, Layers: 1},
		{Kind: surface.Kind3D, Width: 4, Height: 2, Depth: 3},
		{Kind: surface.KindCube, Width: 4, Height: 4},
		{Kind: surface.KindCubeArray, Width: 2, Height: 2, Layers: 12, Levels: 1},
	} {
		d.Format = format.R16G16B16A16Sfloat
		s, err := surface.New(d)
		if err != nil {
			t.Fatal(err)
		}
		s.FillCoords()
		got := ktxRoundTrip(t, s, &KTX2Options{Zstd: true, ZstdLevel: 19}).Surface
		if got.Desc != s.Desc || !bytes.Equal(got.Data, s.Data) {
			t.Errorf("%v: read back %+v", d.Kind, got.Desc)
		}
	}
	ms, _ := surface.New(surface.Desc{Kind: surface.Kind2DMS, Format: format.R8Unorm, Width: 2, Height: 2, Samples: 4})
	if err := WriteKTX2(&bytes.Buffer{}, ms, nil); !errors.Is(err, ErrUnsupported) {
		t.Errorf("multisample: %v, want ErrUnsupported", err)
	}
}

// TestKTX2Layout checks the writer's layout rules: levels smallest first,
// offsets aligned, a DFD whose total size matches, KTXwriter.
func TestKTX2Layout(t *testing.T) {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R16G16B16A16Sfloat, Width: 4, Height: 4})
	var buf bytes.Buffer
	if err := WriteKTX2(&buf, s, nil); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	le := binary.LittleEndian
	if vk := le.Uint32(b[12:]); vk != 97 {
		t.Errorf("vkFormat %d, want 97", vk)
	}
	if ts := le.Uint32(b[16:]); ts != 2 {
		t.Errorf("typeSize %d, want 2", ts)
	}
	prev := uint64(math.MaxUint64)
	for l := 0; l < 3; l++ {
		off := le.Uint64(b[80+24*l:])
		if off%8 != 0 || off >= prev {
			t.Errorf("level %d at %d: not 8-aligned or not before level %d", l, off, l-1)
		}
		prev = off
	}
	dfdOff, dfdLen := le.Uint32(b[48:]), le.Uint32(b[52:])
	if le.Uint32(b[dfdOff:]) != dfdLen || dfdLen != 4+24+16*4 {
		t.Errorf("DFD total %d, length %d, want %d", le.Uint32(b[dfdOff:]), dfdLen, 4+24+16*4)
	}
	kvOff, kvLen := le.Uint32(b[56:]), le.Uint32(b[60:])
	if !bytes.Contains(b[kvOff:kvOff+kvLen], []byte("KTXwriter\x00texunit\x00")) {
		t.Errorf("no KTXwriter in %q", b[kvOff:kvOff+kvLen])
	}
}

// ktxFile returns a valid small KTX 2.0 file (2×2 r8_unorm, 2 levels) for
// the corruption tests.
func ktxFile(t *testing.T) []byte {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 2, Height: 2})
	var buf bytes.Buffer
	if err := WriteKTX2(&buf, s, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestReadKTX2Errors(t *testing.T) {
	put32 := func(off int, v uint32) func([]byte) []byte {
		return func(b []byte) []byte { binary.LittleEndian.PutUint32(b[off:], v); return b }
	}
	put64 := func(off int, v uint64) func([]byte) []byte {
		return func(b []byte) []byte { binary.LittleEndian.PutUint64(b[off:], v); return b }
	}
	for _, tc := range []struct {
		name   string
		mutate func([]byte) []byte
		field  string
		offset int64
		kind   error
	}{
		{"width 0", put32(20, 0), "pixelWidth", 20, ErrMalformed},
		{"width huge", put32(20, 1<<20), "pixelWidth", 20, ErrUnsupported},
		{"faces", put32(36, 3), "faceCount", 36, ErrMalformed},
		{"cube not square", func(b []byte) []byte { put32(36, 6)(b); return put32(24, 1)(b) }, "faceCount", 36, ErrMalformed},
		{"3d array", func(b []byte) []byte { put32(28, 2)(b); return put32(32, 2)(b) }, "layerCount", 32, ErrUnsupported},
		{"levels", put32(40, 3), "levelCount", 40, ErrMalformed},
		{"scheme", put32(44, 9), "supercompressionScheme", 44, ErrMalformed},
		{"basislz", put32(44, 1), "supercompressionScheme", 44, ErrUnsupported},
		{"vkformat 0", put32(12, 0), "vkFormat", 12, ErrUnsupported},
		{"vkformat unknown", put32(12, 99999), "vkFormat", 12, ErrUnsupported},
		{"dfd length 0", put32(52, 0), "dfdByteLength", 52, ErrMalformed},
		{"dfd outside", put32(48, 1<<30), "dfdByteOffset/dfdByteLength", 48, ErrMalformed},
		{"dfd total", func(b []byte) []byte { o := binary.LittleEndian.Uint32(b[48:]); return put32(int(o), 7)(b) }, "dfdTotalSize", -2, ErrMalformed},
		{"kvd outside", put32(60, 1<<20), "kvdByteOffset/kvdByteLength", 56, ErrMalformed},
		{"kvd entry", func(b []byte) []byte { o := binary.LittleEndian.Uint32(b[56:]); return put32(int(o), 1000)(b) }, "keyValueData[0].keyAndValueByteLength", -2, ErrMalformed},
		{"sgd outside", func(b []byte) []byte { put64(64, 10)(b); return put64(72, 1<<40)(b) }, "sgdByteOffset/sgdByteLength", 64, ErrMalformed},
		{"level offset", put64(80, 1<<40), "level[0].byteOffset/byteLength", 80, ErrMalformed},
		{"level into header", put64(80, 8), "level[0].byteOffset", 80, ErrMalformed},
		{"level length", put64(88, 3), "level[0].byteLength", 88, ErrMalformed},
		{"uncompressed length", put64(96, 5), "level[0].uncompressedByteLength", 96, ErrMalformed},
		{"truncated index", func(b []byte) []byte { return b[:100] }, "levelIndex", 80, ErrMalformed},
		{"truncated header", func(b []byte) []byte { return b[:79] }, "header", 0, ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode("bad.ktx2", tc.mutate(ktxFile(t)), nil)
			var e *Error
			if !errors.As(err, &e) || e.Field != tc.field || !errors.Is(err, tc.kind) || e.File != "bad.ktx2" {
				t.Fatalf("error %v, want field %s, %v", err, tc.field, tc.kind)
			}
			// Offsets: exact, or (−2) the offset of a region found in the header.
			switch {
			case tc.offset >= 0 && e.Offset != tc.offset:
				t.Errorf("offset %d, want %d", e.Offset, tc.offset)
			case e.Offset < 0:
				t.Errorf("no offset in %v", err)
			}
		})
	}
}

// TestReadKTX2Supercompressed covers zlib (written here with the standard
// library) and corrupt zstd data.
func TestReadKTX2Supercompressed(t *testing.T) {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 4, Height: 4, Levels: 1})
	s.FillHash(3, 0, 1)
	var buf bytes.Buffer
	if err := WriteKTX2(&buf, s, &KTX2Options{Zstd: true}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	off := binary.LittleEndian.Uint64(b[80:])
	b[off+4] |= 0x08 // corrupt the zstd frame: the reserved bit of its header
	_, err := Decode("z.ktx2", b, nil)
	var e *Error
	if !errors.As(err, &e) || e.Field != "level[0] data" || e.Offset != int64(off) {
		t.Errorf("corrupt zstd: %v, want a level[0] data error at %d", err, off)
	}
	if got := fmt.Sprint(err); got == "" {
		t.Error("empty message")
	}
}
