package texfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// zstdLevelFile returns a KTX 2.0 file of a 64-byte r8_unorm 8×8 level
// whose zstd data is frames.
func zstdLevelFile(t *testing.T, frames []byte) []byte {
	t.Helper()
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 8, Height: 8, Levels: 1})
	var buf bytes.Buffer
	if err := WriteKTX2(&buf, s, &KTX2Options{Zstd: true}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	le := binary.LittleEndian
	off := le.Uint64(b[80:])
	b = append(b[:off], frames...)
	le.PutUint64(b[88:], uint64(len(frames)))
	return b
}

// zstdFrames compresses data with the encoder options given; stream writes
// it through the streaming encoder (a frame without a content size) instead
// of EncodeAll (which declares the content size).
func zstdFrames(t *testing.T, data []byte, stream bool, opts ...zstd.EOption) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc, err := zstd.NewWriter(&buf, append([]zstd.EOption{zstd.WithEncoderConcurrency(1)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	if !stream {
		return enc.EncodeAll(data, nil)
	}
	if _, err := enc.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestZstdBomb decodes KTX 2.0 levels that declare 64 bytes and whose zstd
// frames inflate to 64 MiB, with and without a frame content size, with a
// window larger or smaller than the level: each is refused naming the
// level and its declared size, and allocates far less than it inflates
// to.
func TestZstdBomb(t *testing.T) {
	zeros := make([]byte, 64<<20)
	for _, tc := range []struct {
		name   string
		frames []byte
		reason string
	}{
		{"content size", zstdFrames(t, zeros, false), "67108864 bytes of content in zstd frame 0"},
		{"no content size, 8 MiB window", zstdFrames(t, zeros, true), "the 64 bytes the level index declares"},
		{"no content size, 1 KiB window", zstdFrames(t, zeros, true, zstd.WithWindowSize(1<<10)), "inflates to more than the 64 bytes the level index declares"},
		{"single segment of 64 MiB", func() []byte {
			// The blocks of a 64-byte frame under a header that declares
			// a single segment of 64 MiB.
			f := zstdFrames(t, zeros[:64], false)
			var h zstd.Header
			if err := h.Decode(f); err != nil {
				t.Fatal(err)
			}
			head := append([]byte{0x28, 0xb5, 0x2f, 0xfd, 0xe0 | f[4]&0x04}, binary.LittleEndian.AppendUint64(nil, 64<<20)...)
			return append(head, f[h.HeaderSize:]...)
		}(), "67108864 bytes of content"},
		{"skippable and two frames", append(append([]byte{0x50, 0x2a, 0x4d, 0x18, 1, 0, 0, 0, 9}, zstdFrames(t, zeros[:64], false)...), zstdFrames(t, zeros[:64], false)...), "the 64 bytes the level index declares"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := zstdLevelFile(t, tc.frames)
			bud := budget.New(0)
			var err error
			n := allocated(func() { _, err = Decode("bomb.ktx2", file, &Options{Budget: bud}) })
			var e *Error
			if !errors.As(err, &e) || e.Field != "level[0] data" || !strings.Contains(err.Error(), tc.reason) || !strings.Contains(err.Error(), "64 bytes") {
				t.Errorf("%v, want a level[0] data error naming %q", err, tc.reason)
			}
			if n > 8<<20 {
				t.Errorf("allocated %d bytes (TotalAlloc) to refuse it", n)
			}
			if u := bud.Used(); u != 0 {
				t.Errorf("%d bytes stay reserved after the failure", u)
			}
			t.Logf("%d bytes of frames; TotalAlloc %d bytes; %v", len(tc.frames), n, err)
		})
	}
}

// TestZstdWindows decodes honest levels whose frames declare a window
// much larger than the level (as the zstd command does when it compresses
// from a pipe: 8 MiB at level 19) or than the bytes it takes, and checks
// that the decoder's memory follows the level's size, not the window.
func TestZstdWindows(t *testing.T) {
	data := make([]byte, 64)
	for i := range data {
		data[i] = byte(i * 7)
	}
	for _, tc := range []struct {
		name   string
		frames []byte
	}{
		{"8 MiB window, no content size", zstdFrames(t, data, true)},
		{"content size", zstdFrames(t, data, false)},
		{"two frames", append(zstdFrames(t, data[:40], true), zstdFrames(t, data[40:], false)...)},
		{"skippable frame first", append([]byte{0x5f, 0x2a, 0x4d, 0x18, 2, 0, 0, 0, 1, 2}, zstdFrames(t, data, true)...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := zstdLevelFile(t, tc.frames)
			var (
				f   *File
				err error
			)
			n := allocated(func() { f, err = Decode("w.ktx2", file, nil) })
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(f.Surface.Data, data) {
				t.Errorf("decoded %v, want %v", f.Surface.Data, data)
			}
			if n > 1<<20 {
				t.Errorf("allocated %d bytes for a 64-byte level", n)
			}
		})
	}
	// The test file the zstd command made from a pipe has 8 MiB windows.
	b, err := os.ReadFile("testdata/ktx2_zstd_srgb.ktx2")
	if err != nil {
		t.Fatal(err)
	}
	if n := allocated(func() { _, err = Decode("ktx2_zstd_srgb.ktx2", b, nil) }); err != nil || n > 1<<20 {
		t.Errorf("ktx2_zstd_srgb.ktx2: %v, %d bytes allocated", err, n)
	}
}

// TestParseZstdFrame checks the frame walker on the frames the encoder
// makes and on broken ones.
func TestParseZstdFrame(t *testing.T) {
	data := bytes.Repeat([]byte("texunit "), 1000)
	for _, frames := range [][]byte{zstdFrames(t, data, false), zstdFrames(t, data, true), zstdFrames(t, data[:10], false, zstd.WithEncoderCRC(false))} {
		f, err := parseZstdFrame(frames)
		if err != nil || f.size != len(frames) {
			t.Errorf("%x…: %+v, %v; want %d bytes", frames[:8], f, err, len(frames))
		}
		for n := 0; n < len(frames); n++ {
			if _, err := parseZstdFrame(frames[:n]); err == nil {
				t.Fatalf("frame cut to %d of %d bytes parsed", n, len(frames))
			}
		}
	}
	for _, tc := range []struct {
		b    []byte
		want string
	}{
		{[]byte{1, 2, 3, 4, 5}, "magic number"},
		{[]byte{0x28, 0xb5, 0x2f, 0xfd, 0x08}, "reserved bit"},
		{[]byte{0x50, 0x2a, 0x4d, 0x18, 9, 0, 0, 0}, "runs past"},
		{[]byte{0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x01, 0x07, 0, 0}, "reserved block type"},
	} {
		if _, err := parseZstdFrame(tc.b); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("% x: %v, want %q", tc.b, err, tc.want)
		}
	}
	for _, tc := range []struct {
		n      uint64
		window uint64
	}{{0, 1 << 10}, {64, 1 << 10}, {1024, 1 << 10}, {1025, 1152}, {5000, 5120}, {1 << 20, 1 << 20}, {1<<20 + 1, 1<<20 + 1<<17}} {
		if wd, w := zstdWindowFor(tc.n); w != tc.window || zstdWindowSize(wd) != w {
			t.Errorf("zstdWindowFor(%d) = %#x, %d; want %d", tc.n, wd, w, tc.window)
		}
	}
}

// TestBudgetAccounting reads every test file through a budget: what stays
// reserved is the surface's data, nothing more; a failed read leaves
// nothing reserved.
func TestBudgetAccounting(t *testing.T) {
	for name, b := range testFiles(t) {
		bud := budget.New(0)
		f, err := Decode(name, b, &Options{Budget: bud})
		if err != nil {
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: %v", name, err)
			}
			if u := bud.Used(); u != 0 {
				t.Errorf("%s: %d bytes stay reserved after %v", name, u, err)
			}
			continue
		}
		if u := bud.Used(); u != int64(len(f.Surface.Data)) {
			t.Errorf("%s: %d bytes reserved for %d bytes of texel data", name, u, len(f.Surface.Data))
		}
		// DDS, KTX 1.1, .astc and uncompressed KTX 2.0 copy the file's bytes
		// into the surface: they have no buffers of their own.
		direct := f.Container == DDS || f.Container == KTX || f.Container == ASTC || f.Container == KTX2 && f.Supercompression == "none"
		if bud.Peak() <= int64(len(f.Surface.Data)) && !direct {
			t.Errorf("%s: peak %d: the decoder's buffers were not reserved", name, bud.Peak())
		}
		// ReadFile also reserves the file, and releases it.
		bud = budget.New(0)
		f, err = ReadFile(name, &Options{Budget: bud})
		if err != nil || bud.Used() != int64(len(f.Surface.Data)) || bud.Peak() < int64(len(b)+len(f.Surface.Data)) {
			t.Errorf("ReadFile(%s): %v, %d bytes reserved, peak %d", name, err, bud.Used(), bud.Peak())
		}
		// A budget one byte under the peak refuses the file, naming a
		// field, and leaves nothing reserved.
		small := budget.New(bud.Peak() - 1)
		_, err = ReadFile(name, &Options{Budget: small})
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrTooLarge) || e.Field == "" || !strings.Contains(err.Error(), fmt.Sprintf("memory budget of %s", budget.Bytes(bud.Peak()-1))) {
			t.Errorf("ReadFile(%s) within %d bytes: %v", name, bud.Peak()-1, err)
		}
		if u := small.Used(); u != 0 {
			t.Errorf("ReadFile(%s) within %d bytes: %d bytes stay reserved", name, bud.Peak()-1, u)
		}
	}
}

// TestReadFileSpecial refuses what is not a regular file.
func TestReadFileSpecial(t *testing.T) {
	for _, name := range []string{"testdata", os.DevNull} {
		_, err := ReadFile(name, nil)
		var e *Error
		if !errors.As(err, &e) || e.Field != "file" || !errors.Is(err, ErrUnsupported) {
			t.Errorf("ReadFile(%s): %v, want a file error", name, err)
		}
	}
	if fifo := makeFIFO(t); fifo != "" {
		_, err := ReadFile(fifo, nil) // must not block in open
		if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("ReadFile(FIFO): %v", err)
		}
	}
	// MaxBytes 0 is the default budget, and a small MaxBytes refuses the
	// file before reading it.
	if _, err := ReadFile("testdata/rgb8.png", &Options{MaxBytes: 0}); err != nil {
		t.Errorf("MaxBytes 0: %v", err)
	}
	_, err := ReadFile("testdata/rgb8.png", &Options{MaxBytes: 10})
	var e *Error
	if !errors.As(err, &e) || e.Field != "file" || !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "exceed the memory budget of 10 bytes") {
		t.Errorf("MaxBytes 10: %v", err)
	}
}

// pngOf encodes img with image/png.
func pngOf(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestPNGBudget checks the PNG reader's reservations: a bomb is refused
// before decoding, a PNG decodes within exactly its surface + decoded image
// + scanlines, and a byte less refuses it naming the decoded image.
func TestPNGBudget(t *testing.T) {
	for _, interlace := range []byte{0, 1} {
		// A 16384×16384 RGBA IHDR over the 1-pixel IDAT of another file.
		bomb := pngOf(t, image.NewNRGBA(image.Rect(0, 0, 1, 1)))
		binary.BigEndian.PutUint32(bomb[16:], 16384)
		binary.BigEndian.PutUint32(bomb[20:], 16384)
		bomb[28] = interlace
		bomb = fixCRC(bomb, 8)
		var err error
		n := allocated(func() { _, err = Decode("bomb.png", bomb, &Options{MaxBytes: 256 << 20}) })
		var e *Error
		if !errors.As(err, &e) || e.Field != "IDAT" || !errors.Is(err, ErrMalformed) || n > 1<<20 {
			t.Errorf("interlace %d: %v (%d bytes allocated), want an IDAT error before decoding", interlace, err, n)
		}
	}
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 13)
	}
	file := pngOf(t, img)
	surfaceBytes := uint64(64 * 64 * 4)
	decoded := uint64(64*64*4) + 2*(1+64*4)
	bud := budget.New(int64(surfaceBytes + decoded))
	f, err := Decode("64.png", file, &Options{Budget: bud})
	if err != nil {
		t.Fatalf("within %d bytes: %v", surfaceBytes+decoded, err)
	}
	if bud.Peak() != int64(surfaceBytes+decoded) || bud.Used() != int64(len(f.Surface.Data)) {
		t.Errorf("peak %d, used %d", bud.Peak(), bud.Used())
	}
	_, err = Decode("64.png", file, &Options{MaxBytes: int(surfaceBytes + decoded - 1)})
	var e *Error
	if !errors.As(err, &e) || e.Field != "decoded image" || !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), fmt.Sprintf("%d bytes exceed the memory budget", decoded)) {
		t.Errorf("within %d bytes: %v", surfaceBytes+decoded-1, err)
	}
	// The reservation is the Go image type image/png returns.
	for _, tc := range []struct {
		img  image.Image
		trns bool
	}{
		{image.NewGray(image.Rect(0, 0, 7, 5)), false},
		{image.NewGray16(image.Rect(0, 0, 7, 5)), false},
		{image.NewRGBA64(image.Rect(0, 0, 7, 5)), false},
		{image.NewNRGBA64(image.Rect(0, 0, 7, 5)), false},
		{image.NewPaletted(image.Rect(0, 0, 7, 5), color.Palette{color.Black, color.White}), false},
	} {
		b := pngOf(t, tc.img)
		got, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		pix := reflect.ValueOf(got).Elem().FieldByName("Pix").Len()
		ihdr := b[16:29]
		want := pngDecodeBytes(7, 5, ihdr[9], ihdr[8], tc.trns, false)
		channels := map[byte]uint64{pngGrey: 1, pngRGB: 3, pngPalette: 1, pngGreyAlpha: 2, pngRGBA: 4}[ihdr[9]]
		if rows := 2 * (1 + (7*channels*uint64(ihdr[8])+7)/8); want-rows != uint64(pix) {
			t.Errorf("%T: reserved %d bytes for an image of %d", got, want-rows, pix)
		}
	}
}

// TestHDROldStyleRLE reads Radiance files whose scanlines are a literal
// pixel and old-style runs (1, 1, 1, n repeating the previous pixel
// n·256^k times), at widths where the size pre-check once assumed the
// adaptive encoding: 100 (two runs of a pixel) and 1000 × 100 (12 bytes a
// scanline, the file of the bug report).
func TestHDROldStyleRLE(t *testing.T) {
	for _, tc := range []struct{ w, h int }{{100, 3}, {1000, 100}, {8, 2}, {65536, 1}} {
		var b bytes.Buffer
		fmt.Fprintf(&b, "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y %d +X %d\n", tc.h, tc.w)
		want := make([][3]float32, 0, tc.w*tc.h)
		for y := 0; y < tc.h; y++ {
			// The first half of the row is one pixel, the rest another,
			// each a literal and runs.
			px := [2][4]byte{{byte(10 + y), 20, 30, 129}, {200, byte(y), 7, 130}}
			half := [2]int{tc.w / 2, tc.w - tc.w/2}
			for i, p := range px {
				b.Write(p[:])
				n := half[i] - 1
				for k := 0; n > 0; k++ {
					b.Write([]byte{1, 1, 1, byte(n & 0xff)})
					n >>= 8
				}
				for range half[i] {
					want = append(want, [3]float32{rgbeToFloat(p[0], p[3]), rgbeToFloat(p[1], p[3]), rgbeToFloat(p[2], p[3])})
				}
			}
		}
		f, err := Decode("old.hdr", b.Bytes(), nil)
		if err != nil {
			t.Fatalf("%dx%d (%d bytes): %v", tc.w, tc.h, b.Len(), err)
		}
		for i, v := range want {
			for c := range 3 {
				if got := sfloatAt(f.Surface.Data, 4*i+c); got != v[c] {
					t.Fatalf("%dx%d: pixel %d channel %d = %v, want %v", tc.w, tc.h, i, c, got, v[c])
				}
			}
		}
	}
	// The pre-check is still a bound: a scanline takes at least 4, 8 or
	// 12 bytes.
	for _, tc := range []struct {
		w    int
		want uint64
	}{{1, 4}, {2, 8}, {256, 8}, {257, 12}, {65536, 12}} {
		if got := hdrMinScanline(tc.w); got != tc.want {
			t.Errorf("hdrMinScanline(%d) = %d, want %d", tc.w, got, tc.want)
		}
	}
	_, err := Decode("short.hdr", []byte("#?RADIANCE\n\n-Y 100 +X 1000\n"+strings.Repeat("\x00", 1199)), nil)
	var e *Error
	if !errors.As(err, &e) || e.Field != "resolution" || !strings.Contains(err.Error(), "needs at least 1200 bytes") {
		t.Errorf("1199 bytes for 100 scanlines of 1000: %v", err)
	}
}

// convertSurfaces are surfaces of many formats, kinds and odd and even
// sizes, filled with hashes, for comparing the row-at-a-time code with the
// whole-image references.
func convertSurfaces(t *testing.T) []*surface.Surface {
	t.Helper()
	var out []*surface.Surface
	for _, f := range format.All() {
		in := f.Info()
		if in.YCbCr { // refused: TestPlanarRefused
			continue
		}
		descs := []surface.Desc{{Kind: surface.Kind2D, Width: 3*in.BlockWidth + 1, Height: 2*in.BlockHeight + 1}}
		if in.BlockDepth > 1 { // 3D ASTC: 3D surfaces only, two slices of blocks, the second partial
			descs = []surface.Desc{{Kind: surface.Kind3D, Width: 3*in.BlockWidth + 1, Height: 2*in.BlockHeight + 1, Depth: in.BlockDepth + 2}}
		} else if !in.Compressed {
			descs = append(descs, surface.Desc{Kind: surface.Kind1DArray, Width: 6, Layers: 2})
			if !in.Depth && !in.Stencil {
				descs = append(descs, surface.Desc{Kind: surface.Kind3D, Width: 5, Height: 3, Depth: 3})
			}
		} else {
			descs = append(descs, surface.Desc{Kind: surface.KindCube, Width: 2 * in.BlockWidth, Height: 2 * in.BlockWidth})
		}
		for _, d := range descs {
			d.Format = f
			s, err := surface.New(d)
			if err != nil {
				t.Fatalf("%v %v: %v", f, d.Kind, err)
			}
			s.FillHash(uint32(f)*7+uint32(d.Kind), -2, 3)
			out = append(out, s)
		}
	}
	return out
}

// TestConvertFormatRows converts surfaces of every format to several
// targets and compares with the whole-image reference: the texels are the
// same, and the budget holds the result only.
func TestConvertFormatRows(t *testing.T) {
	targets := []format.Format{format.R32G32B32A32Sfloat, format.R8G8B8A8Srgb, format.R16G16B16A16Sfloat, format.R8G8B8A8Uint}
	for _, name := range []string{"r16g16_snorm", "a2b10g10r10_unorm_pack32", "r32_sint", "e5b9g9r9_ufloat_pack32"} {
		if f, err := format.Parse(name); err == nil {
			targets = append(targets, f)
		}
	}
	n := 0
	for _, s := range convertSurfaces(t) {
		for _, f := range targets {
			want, werr := convertFormatRef(s, f, 0)
			bud := budget.New(0)
			got, err := ConvertFormatIn(s, f, bud)
			if (err == nil) != (werr == nil) {
				t.Fatalf("%v %v → %v: %v, reference %v", s.Format, s.Kind, f, err, werr)
			}
			if err != nil {
				continue
			}
			n++
			if got.Desc != want.Desc || !bytes.Equal(got.Data, want.Data) {
				t.Fatalf("%v %v → %v: texels differ from the reference", s.Format, s.Kind, f)
			}
			if bud.Used() != int64(len(got.Data)) {
				t.Fatalf("%v → %v: %d bytes reserved for %d", s.Format, f, bud.Used(), len(got.Data))
			}
		}
	}
	t.Logf("%d conversions compared", n)
	// ConvertFormat's maxBytes 0 is the default; a budget too small for
	// the result refuses it with the budget's error and keeps nothing.
	s := convertSurfaces(t)[0]
	if _, err := ConvertFormat(s, format.R32G32B32A32Sfloat, 0); err != nil {
		t.Errorf("maxBytes 0: %v", err)
	}
	bud := budget.New(64)
	_, err := ConvertFormatIn(s, format.R32G32B32A32Sfloat, bud)
	var be *budget.Error
	if !errors.As(err, &be) || !errors.Is(err, ErrTooLarge) || be.What != "converted texel data" || bud.Used() != 0 {
		t.Errorf("within 64 bytes: %v, %d bytes reserved", err, bud.Used())
	}
}

// TestWritePNGRows writes an image of surfaces of every format with the
// streaming writer and with the whole-image reference: image/png decodes
// both to the same image (the same colour type and pixels); the budget is
// back to zero afterwards.
func TestWritePNGRows(t *testing.T) {
	n := 0
	for _, s := range convertSurfaces(t) {
		for _, o := range []PNGOptions{{}, {Bits: 16, ToneMap: ToneReinhard, Level: 1}, {Bits: 8, Layer: s.Layers - 1, Slice: 0}} {
			var want, got bytes.Buffer
			werr := writePNGRef(&want, s, &o)
			bud := budget.New(0)
			o.Budget = bud
			err := WritePNG(&got, s, &o)
			if (err == nil) != (werr == nil) {
				t.Fatalf("%v %v %+v: %v, reference %v", s.Format, s.Kind, o, err, werr)
			}
			if bud.Used() != 0 || (err == nil && bud.Peak() == 0) {
				t.Fatalf("%v: %d bytes stay reserved, peak %d", s.Format, bud.Used(), bud.Peak())
			}
			if err != nil {
				continue
			}
			n++
			a, err1 := png.Decode(&want)
			b, err2 := png.Decode(&got)
			if err1 != nil || err2 != nil {
				t.Fatalf("%v: %v, %v", s.Format, err1, err2)
			}
			if reflect.TypeOf(a) != reflect.TypeOf(b) || !reflect.DeepEqual(a, b) {
				t.Fatalf("%v %v %+v: wrote %T, the reference %T, or different pixels", s.Format, s.Kind, o, b, a)
			}
		}
	}
	t.Logf("%d images compared", n)
	s := convertSurfaces(t)[0]
	err := WritePNG(&bytes.Buffer{}, s, &PNGOptions{Budget: budget.New(1000)})
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "exceed the memory budget of 1000 bytes") {
		t.Errorf("within 1000 bytes: %v", err)
	}
}

// TestWriteKTX2Budget checks that WriteKTX2's zstd buffers are reserved
// while it runs and released afterwards, and that it streams the same
// file as before.
func TestWriteKTX2Budget(t *testing.T) {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 512, Height: 300})
	s.FillCoords()
	bud := budget.New(0)
	var buf bytes.Buffer
	if err := WriteKTX2(&buf, s, &KTX2Options{Zstd: true, Budget: bud}); err != nil {
		t.Fatal(err)
	}
	if bud.Used() != 0 || bud.Peak() < int64(len(s.Data)/4) {
		t.Errorf("used %d, peak %d", bud.Used(), bud.Peak())
	}
	f, err := Decode("w.ktx2", buf.Bytes(), nil)
	if err != nil || !bytes.Equal(f.Surface.Data, s.Data) {
		t.Fatalf("round trip: %v", err)
	}
	small := budget.New(1 << 20)
	err = WriteKTX2(&bytes.Buffer{}, s, &KTX2Options{Zstd: true, Budget: small})
	if !errors.Is(err, ErrTooLarge) || small.Used() != 0 {
		t.Errorf("within 1 MiB: %v, %d bytes reserved", err, small.Used())
	}
	// Without supercompression nothing is buffered: no budget is needed.
	if err := WriteKTX2(&bytes.Buffer{}, s, &KTX2Options{Budget: budget.New(1)}); err != nil {
		t.Errorf("raw within 1 byte: %v", err)
	}
}

// TestWriteKTX2Reference compares WriteKTX2 (streamed, with the zstd
// encoder's window fitted to the largest level) with the reference that
// built the whole file with the default window: the files are the same
// bytes.
func TestWriteKTX2Reference(t *testing.T) {
	for _, d := range []surface.Desc{
		{Kind: surface.Kind2D, Format: format.R8G8B8A8Srgb, Width: 300, Height: 200},
		{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 1500, Height: 1100, Levels: 2},
		{Kind: surface.KindCube, Format: format.R16G16B16A16Sfloat, Width: 64, Height: 64},
		{Kind: surface.Kind3D, Format: format.R32Sfloat, Width: 9, Height: 7, Depth: 5},
		{Kind: surface.Kind2D, Format: format.BC1RGBUnormBlock, Width: 24, Height: 12},
	} {
		s, err := surface.New(d)
		if err != nil {
			t.Fatal(err)
		}
		s.FillCoords()
		for i := 0; i < len(s.Data); i += 5 {
			s.Data[i] = byte(i / 4096) // some matches and some literals
		}
		for _, o := range []*KTX2Options{nil, {Zstd: true}, {Zstd: true, ZstdLevel: 1}, {Zstd: true, ZstdLevel: 7}, {Zstd: true, ZstdLevel: 19}} {
			if o != nil && o.ZstdLevel == 19 && len(s.Data) > 1<<20 {
				continue // slow
			}
			var want, got bytes.Buffer
			if err := writeKTX2Ref(&want, s, o); err != nil {
				t.Fatal(err)
			}
			bud := budget.New(0)
			var oo KTX2Options
			if o != nil {
				oo = *o
			}
			oo.Budget = bud
			var err error
			n := allocated(func() { err = WriteKTX2(&got, s, &oo) })
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%v %v %+v: %d bytes, the reference %d, differ", d.Kind, d.Format, o, got.Len(), want.Len())
			}
			// The reservations cover what the writer allocates: the
			// output buffer aside, and but for the bound-sized buffers of
			// the levels, of which one is alive at a time.
			if o != nil && int64(n)-int64(got.Cap()) > bud.Peak()+int64(len(s.Data)) {
				t.Errorf("%v %v %+v: allocated %d bytes, reserved at most %d", d.Kind, d.Format, o, int64(n)-int64(got.Cap()), bud.Peak())
			}
		}
	}
}

// TestWriteKTX2Streams checks that the writer writes to w as it goes (a
// writer that fails after a few bytes stops it with that error).
func TestWriteKTX2Streams(t *testing.T) {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 64, Height: 64})
	s.FillHash(1, 0, 1) // so that the files are larger than what the writer accepts
	boom := errors.New("disk full")
	for _, o := range []*KTX2Options{nil, {Zstd: true}} {
		if err := WriteKTX2(&failWriter{n: 100, err: boom}, s, o); !errors.Is(err, boom) {
			t.Errorf("%+v: %v, want the writer's error", o, err)
		}
	}
	if err := WritePNG(&failWriter{n: 100, err: boom}, s, nil); !errors.Is(err, boom) {
		t.Errorf("WritePNG: %v, want the writer's error", err)
	}
}

// failWriter accepts n bytes, then fails.
type failWriter struct {
	n   int
	err error
}

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, w.err
	}
	w.n -= len(p)
	return len(p), nil
}

// TestPlanarRefused checks that format conversion and PNG refuse the
// multi-planar formats, whose colours need a Y′CbCr conversion.
func TestPlanarRefused(t *testing.T) {
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.G8B8R82Plane420Unorm, Width: 4, Height: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ConvertFormat(s, format.R8G8B8A8Unorm, 0); err == nil || !strings.Contains(err.Error(), "YCbCr formats are not converted") {
		t.Errorf("ConvertFormat: %v", err)
	}
	if err := WritePNG(io.Discard, s, nil); err == nil || !strings.Contains(err.Error(), "is a YCbCr format") {
		t.Errorf("WritePNG: %v", err)
	}
	if err := WritePNG(io.Discard, s.Plane(1), nil); err != nil {
		t.Errorf("WritePNG of plane 1: %v", err)
	}
}
