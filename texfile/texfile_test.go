package texfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		head string
		want Container
	}{
		{"\x89PNG\r\n\x1a\nrest", PNG}, {"\xabKTX 20\xbb\r\n\x1a\n", KTX2}, {"DDS |", DDS},
		{"#?RADIANCE\n", HDR}, {"#?RGBE\n", HDR}, {"\xabKTX 11\xbb\r\n\x1a\n", KTX}, {"\x13\xab\xa1\x5c\x04\x04\x01", ASTC},
		{"\xabKTX 12\xbb\r\n\x1a\n", Unknown}, {"\x13\xab\xa1", Unknown}, {"", Unknown}, {"P6", Unknown},
	} {
		if got := Sniff([]byte(tc.head)); got != tc.want {
			t.Errorf("Sniff(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
	for name, want := range map[string]Container{"a.PNG": PNG, "b.ktx2": KTX2, "c.dds": DDS, "d.hdr": HDR, "e.pic": HDR, "f.ktx": KTX, "h.ASTC": ASTC, "i.ktx1": Unknown, "g": Unknown} {
		if got := ContainerOf(name); got != want {
			t.Errorf("ContainerOf(%q) = %v, want %v", name, got, want)
		}
	}
}

// testFiles returns the texture files of testdata.
func testFiles(t *testing.T) map[string][]byte {
	t.Helper()
	names, _ := filepath.Glob("testdata/*")
	files := map[string][]byte{}
	for _, n := range names {
		if c := ContainerOf(n); c != Unknown {
			b, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			files[n] = b
		}
	}
	if len(files) < 20 {
		t.Fatalf("only %d test files", len(files))
	}
	return files
}

// checkErr fails unless err is nil or an *Error naming the file, a field
// and a kind.
func checkErr(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: error %v (%T) is not an *Error", what, err, err)
	}
	if e.File == "" || e.Field == "" || !(errors.Is(err, ErrMalformed) || errors.Is(err, ErrUnsupported) || errors.Is(err, ErrTooLarge)) {
		t.Fatalf("%s: error %q lacks the file, the field or its kind", what, err)
	}
}

// TestTruncated cuts every test file at every length: each prefix must be
// an error naming the file and a field, never a panic or a success.
func TestTruncated(t *testing.T) {
	for name, b := range testFiles(t) {
		for n := 0; n < len(b); n++ {
			f, err := Decode(name, b[:n], nil)
			if err == nil {
				t.Fatalf("%s cut to %d of %d bytes decoded to %+v", name, n, len(b), f.Surface.Desc)
			}
			checkErr(t, name, err)
		}
	}
}

// TestCorrupted inverts every byte of every test file in turn: the result
// may decode (a texel byte) or fail, but only with an *Error.
func TestCorrupted(t *testing.T) {
	for name, b := range testFiles(t) {
		c := bytes.Clone(b)
		for i := range c {
			c[i] ^= 0xff
			_, err := Decode(name, c, &Options{MaxBytes: 1 << 20})
			checkErr(t, name, err)
			c[i] ^= 0xff
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestMemoryLimit checks that sizes in headers are checked against the
// limit and the file's length before anything large is allocated.
func TestMemoryLimit(t *testing.T) {
	// A 65536×65536 r8 KTX2 file whose level claims 4 GiB of zstd data.
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 1, Height: 1})
	var buf bytes.Buffer
	if err := WriteKTX2(&buf, s, &KTX2Options{Zstd: true}); err != nil {
		t.Fatal(err)
	}
	huge := buf.Bytes()
	le := binary.LittleEndian
	le.PutUint32(huge[20:], 65536)
	le.PutUint32(huge[24:], 65536)
	le.PutUint64(huge[96:], 1<<32)
	hdr := []byte("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 65536 +X 65536\n\x00\x00\x00\x00")
	png16, _ := os.ReadFile("testdata/rgba16.png")
	bomb, _ := os.ReadFile("testdata/rgb8.png")
	binary.BigEndian.PutUint32(bomb[16:], 60000)
	binary.BigEndian.PutUint32(bomb[20:], 60000)
	bomb = fixCRC(bomb, 8)
	for _, tc := range []struct {
		name  string
		file  []byte
		limit int
		kind  error
		field string
	}{
		{"ktx2 4 GiB", huge, 0, ErrTooLarge, "texel data"},
		{"hdr 64K×64K", hdr, 0, ErrMalformed, "resolution"},
		{"png over a small limit", png16, 100, ErrTooLarge, "texel data"},
		// rgba16.png (5×3) needs 120 bytes of texels and 120 + 2·31 of
		// image/png's NRGBA64 and scanlines.
		{"png image over a small limit", png16, 120 + 120 + 61, ErrTooLarge, "decoded image"},
		{"png 60000×60000 from 200 bytes", bomb, 0, ErrMalformed, "IDAT"},
	} {
		var err error
		n := allocated(func() { _, err = Decode(tc.name, tc.file, &Options{MaxBytes: tc.limit}) })
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tc.kind) || e.Field != tc.field {
			t.Errorf("%s: %v, want %v in %s", tc.name, err, tc.kind, tc.field)
		}
		if n > 1<<20 {
			t.Errorf("%s: allocated %d bytes before failing", tc.name, n)
		}
	}
	// ReadFile refuses a file longer than the limit before reading it.
	_, err := ReadFile("testdata/rgba16.png", &Options{MaxBytes: 64})
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrTooLarge) || e.Field != "file" || !strings.Contains(err.Error(), "testdata/rgba16.png") {
		t.Errorf("ReadFile over the limit: %v", err)
	}
	if _, err := ReadFile("testdata", nil); !errors.Is(err, ErrUnsupported) {
		t.Errorf("ReadFile on a directory: %v", err)
	}
}

func TestPNGErrors(t *testing.T) {
	good, _ := os.ReadFile("testdata/rgb8.png")
	for _, tc := range []struct {
		name   string
		mutate func([]byte) []byte
		field  string
		offset int64
		kind   error
	}{
		{"crc", func(b []byte) []byte { b[29] ^= 1; return b }, `chunk[0] "IHDR".crc`, 29, ErrMalformed},
		{"colour type", func(b []byte) []byte { b[25] = 5; return fixCRC(b, 8) }, "IHDR.colour_type", 25, ErrMalformed},
		{"bit depth", func(b []byte) []byte { b[24] = 4; return fixCRC(b, 8) }, "IHDR.bit_depth", 24, ErrMalformed},
		{"width", func(b []byte) []byte { b[16] = 1; return fixCRC(b, 8) }, "IHDR.width", 16, ErrUnsupported},
		{"length", func(b []byte) []byte { b[8] = 0x7f; return b }, `chunk[0] "IHDR"`, 16, ErrMalformed},
		{"no IEND", func(b []byte) []byte { return b[:len(b)-12] }, "IEND", -2, ErrMalformed},
		{"idat data", func(b []byte) []byte {
			i := bytes.Index(b, []byte("IDAT"))
			b[i+6] ^= 0xff
			return fixCRC(b, i-4)
		}, "IDAT", -2, ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode("bad.png", tc.mutate(bytes.Clone(good)), nil)
			var e *Error
			if !errors.As(err, &e) || e.Field != tc.field || !errors.Is(err, tc.kind) {
				t.Fatalf("error %v, want field %s, %v", err, tc.field, tc.kind)
			}
			if tc.offset >= 0 && e.Offset != tc.offset || e.Offset < 0 {
				t.Errorf("offset %d, want %d", e.Offset, tc.offset)
			}
		})
	}
}

// fixCRC recomputes the CRC of the chunk starting at off.
func fixCRC(b []byte, off int) []byte {
	n := int(binary.BigEndian.Uint32(b[off:]))
	crc := crc32IEEE(b[off+4 : off+8+n])
	binary.BigEndian.PutUint32(b[off+8+n:], crc)
	return b
}

func TestErrorMessage(t *testing.T) {
	e := &Error{File: "a.ktx2", Container: KTX2, Field: "pixelWidth", Offset: 20, Value: "0", Reason: "must be at least 1", Err: ErrMalformed}
	if got, want := e.Error(), "a.ktx2: ktx2: pixelWidth (byte 20): 0 must be at least 1"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	e = &Error{Container: PNG, Field: "bits", Offset: -1, Reason: "is bad"}
	if got, want := e.Error(), "png: bits: is bad"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestConvertFormat(t *testing.T) {
	// r8g8b8a8_srgb → r32g32b32a32_sfloat gives the linear values; uint →
	// sfloat the integers; sfloat → r8_unorm clamps.
	src, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Srgb, Width: 2, Height: 1})
	copy(src.Data, []byte{0, 128, 255, 255, 10, 20, 30, 40})
	f32, err := ConvertFormat(src, format.R32G32B32A32Sfloat, DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sfloatAt(f32.Data, 1), format.SRGBToLinear(128); got != want {
		t.Errorf("sRGB 128 → %v, want %v", got, want)
	}
	if f32.Levels != src.Levels || sfloatAt(f32.Data, 8) != format.SRGBToLinear(8) {
		// level 1 holds zeros in src: its texel converts to 0.
		t.Logf("levels %d", f32.Levels)
	}
	u, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Uint, Width: 1, Levels: 1})
	copy(u.Data, []byte{7, 0, 200, 1})
	uf, err := ConvertFormat(u, format.R32G32B32A32Sfloat, DefaultMaxBytes)
	if err != nil || sfloatAt(uf.Data, 0) != 7 || sfloatAt(uf.Data, 2) != 200 {
		t.Errorf("uint → sfloat: %v %v", err, uf)
	}
	back, err := ConvertFormat(f32, format.R8G8B8A8Srgb, DefaultMaxBytes)
	if err != nil || !bytes.Equal(back.Data[:8], src.Data[:8]) {
		t.Errorf("sRGB → float → sRGB: %v, %v", err, back.Data[:8])
	}
	if bc, err := format.Parse("bc1_rgba_unorm_block"); err == nil {
		if _, err := ConvertFormat(src, bc, DefaultMaxBytes); !errors.Is(err, ErrUnsupported) {
			t.Errorf("to BC1: %v, want ErrUnsupported", err)
		}
	}
}

func TestDecodeUnknown(t *testing.T) {
	_, err := Decode("x.bin", []byte("hello"), nil)
	var e *Error
	if !errors.As(err, &e) || e.Field != "signature" || e.Offset != 0 || !errors.Is(err, ErrUnsupported) {
		t.Errorf("%v", err)
	}
}
