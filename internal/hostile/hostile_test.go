package hostile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestCheckedIn checks that testdata holds exactly what the generator
// writes now: every input that is not Large, byte for byte, and the
// README. Regenerate with "go run ./internal/hostile/cmd/gen
// internal/hostile/testdata" after changing the corpus.
func TestCheckedIn(t *testing.T) {
	want := map[string][]byte{"README.md": README()}
	for _, in := range Corpus() {
		if !in.Large {
			want[in.Name] = in.Bytes()
		}
	}
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		seen[e.Name()] = true
		w, ok := want[e.Name()]
		if !ok {
			t.Errorf("testdata/%s is not made by the generator (remove it, or regenerate)", e.Name())
			continue
		}
		got, err := os.ReadFile(filepath.Join("testdata", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, w) {
			t.Errorf("testdata/%s (%d bytes) differs from the generator's output (%d bytes): regenerate with go run ./internal/hostile/cmd/gen internal/hostile/testdata", e.Name(), len(got), len(w))
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("testdata/%s is missing: regenerate with go run ./internal/hostile/cmd/gen internal/hostile/testdata", name)
		}
	}
}

// TestCorpus checks the list itself: unique names, sizes within what may
// be checked in (200 KB a file, 1 MB in all), and inputs that come out the
// same twice.
func TestCorpus(t *testing.T) {
	names := map[string]bool{}
	total := 0
	for _, in := range Corpus() {
		if names[in.Name] {
			t.Errorf("%s: listed twice", in.Name)
		}
		names[in.Name] = true
		if in.About == "" {
			t.Errorf("%s: no description", in.Name)
		}
		if in.Large {
			continue
		}
		b := in.Bytes()
		if len(b) > 200_000 {
			t.Errorf("%s: %d bytes, more than 200 KB: mark it Large", in.Name, len(b))
		}
		if !bytes.Equal(b, in.Bytes()) {
			t.Errorf("%s: differs between two calls", in.Name)
		}
		total += len(b)
	}
	if total > 1_000_000 {
		t.Errorf("the checked-in corpus is %d bytes, more than 1 MB", total)
	}
	if _, ok := Find("ktx2-zstd-bomb.ktx2"); !ok {
		t.Errorf("Find does not find ktx2-zstd-bomb.ktx2")
	}
}

// zstdCount decodes a stream of zstd frames and returns how many bytes it
// inflates to and whether every byte was v.
func zstdCount(t *testing.T, frames []byte, v byte) (int64, bool) {
	t.Helper()
	d, err := zstd.NewReader(bytes.NewReader(frames), zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(1<<20))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var n int64
	same := true
	buf := make([]byte, 1<<20)
	for {
		k, err := d.Read(buf)
		for _, c := range buf[:k] {
			if c != v {
				same = false
				break
			}
		}
		n += int64(k)
		if err == io.EOF {
			return n, same
		}
		if err != nil {
			t.Fatalf("decoding: %v after %d bytes", err, n)
		}
	}
}

func TestZstdFrame(t *testing.T) {
	for _, c := range []struct {
		n, size int64
	}{
		{0, 0}, {1, 1}, {64, 64}, {64, NoContentSize}, {zstdBlock, zstdBlock}, {zstdBlock + 1, NoContentSize},
		{3*zstdBlock - 5, 3*zstdBlock - 5}, {1 << 33, 1 << 33},
	} {
		t.Run(fmt.Sprint(c.n, "/", c.size), func(t *testing.T) {
			f := ZstdFrame(c.n, 0x5a, c.size)
			var h zstd.Header
			if err := h.Decode(f); err != nil {
				t.Fatalf("frame header: %v", err)
			}
			if h.SingleSegment || h.WindowSize != zstdBlock || h.HasFCS != (c.size >= 0) || h.HasFCS && h.FrameContentSize != uint64(c.size) {
				t.Fatalf("frame header %+v, want a 128 KiB window and content size %d", h, c.size)
			}
			if c.n > 1<<30 {
				return // the header is what matters; the blocks are those of the smaller frames
			}
			if c.n <= 1<<20 {
				d, _ := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
				defer d.Close()
				out, err := d.DecodeAll(f, nil)
				if err != nil || int64(len(out)) != c.n || !bytes.Equal(out, bytes.Repeat([]byte{0x5a}, int(c.n))) {
					t.Fatalf("DecodeAll: %d bytes, %v; want %d bytes of 0x5a", len(out), err, c.n)
				}
			}
			if n, same := zstdCount(t, f, 0x5a); n != c.n || !same {
				t.Fatalf("inflates to %d bytes (all 0x5a: %v), want %d", n, same, c.n)
			}
		})
	}
}

// TestBombs checks that each bomb is what it says: the KTX2 bombs' level
// data inflates to 1 GiB (64 MiB for zlib) where the index says 64 bytes.
func TestBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("inflates several GiB")
	}
	level := func(t *testing.T, file []byte) (data []byte, uncompressed uint64) {
		off := binary.LittleEndian.Uint64(file[80:])
		n := binary.LittleEndian.Uint64(file[88:])
		return file[off : off+n], binary.LittleEndian.Uint64(file[96:])
	}
	for _, c := range []struct {
		name string
		file []byte
		want int64
	}{
		{"zstd", KTX2ZstdBomb(), BombBytes},
		{"nosize", KTX2ZstdBombNoSize(), BombBytes},
		{"falsesize", KTX2ZstdBombFalseSize(), BombBytes}, // counted from its blocks: a decoder stops at the declared size
		{"twoframes", KTX2ZstdBombTwoFrames(), BombBytes + SmallLevelBytes},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, unc := level(t, c.file)
			if unc != SmallLevelBytes {
				t.Fatalf("uncompressedByteLength %d, want %d", unc, SmallLevelBytes)
			}
			var n int64
			for f := data; len(f) > 0; {
				// Split the frames: each is one run of blocks after its header.
				end, content := frameEnd(t, f)
				if c.name == "falsesize" {
					n += content
					f = f[end:]
					continue
				}
				v := byte(0)
				if c.name == "twoframes" && n == 0 {
					v = 0x55
				}
				k, same := zstdCount(t, f[:end], v)
				if !same {
					t.Fatalf("frame at %d does not hold only %#x", len(data)-len(f), v)
				}
				n += k
				f = f[end:]
			}
			if n != c.want {
				t.Fatalf("inflates to %d bytes, want %d", n, c.want)
			}
		})
	}
	t.Run("zlib", func(t *testing.T) {
		data, unc := level(t, KTX2ZlibBomb())
		if unc != SmallLevelBytes {
			t.Fatalf("uncompressedByteLength %d, want %d", unc, SmallLevelBytes)
		}
		if n := zlibCount(t, data); n != ZlibBombBytes {
			t.Fatalf("inflates to %d bytes, want %d", n, ZlibBombBytes)
		}
	})
}

// frameEnd returns the length of the zstd frame at the start of f (one of
// ZstdFrame's: no checksum, no dictionary) and the sum of its blocks'
// sizes, the bytes it inflates to.
func frameEnd(t *testing.T, f []byte) (int, int64) {
	if binary.LittleEndian.Uint32(f) != zstdMagic {
		t.Fatalf("no frame magic")
	}
	off := 6 + map[byte]int{0: 0, 2: 4, 3: 8}[f[4]>>6]
	var content int64
	for {
		h := uint32(f[off]) | uint32(f[off+1])<<8 | uint32(f[off+2])<<16
		size := int(h >> 3)
		content += int64(size)
		if h>>1&3 == 1 {
			size = 1
		}
		off += 3 + size
		if h&1 != 0 {
			return off, content
		}
	}
}

// zlibCount inflates a zlib stream, checks that every byte is zero and
// returns how many there are.
func zlibCount(t *testing.T, b []byte) int64 {
	t.Helper()
	r, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	buf := make([]byte, 1<<20)
	for {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			if c != 0 {
				t.Fatalf("byte %d is %#x, not 0", n, c)
			}
		}
		n += int64(k)
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("inflating: %v after %d bytes (the checksum is checked at the end)", err, n)
		}
	}
}

func TestZlibZeros(t *testing.T) {
	for _, n := range []int64{1, 2, 3, 258, 259, 260, 516, 517, 1000, 65520, 65521, 65522, 1 << 20, 1<<20 + 7} {
		if got := zlibCount(t, ZlibZeros(n)); got != n {
			t.Errorf("ZlibZeros(%d) inflates to %d bytes", n, got)
		}
	}
	if n := len(DeflateZeros(1 << 30)); n > (1<<30)/1000 {
		t.Errorf("DeflateZeros(1 GiB) is %d bytes: not the 1032:1 ratio", n)
	}
}

func TestPNG(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(PNGBomb(37, 5)))
	if err != nil || img.Bounds().Dx() != 37 || img.Bounds().Dy() != 5 {
		t.Fatalf("PNGBomb(37, 5): %v, %v", img.Bounds(), err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(PNGDimensionLie()))
	if err != nil || cfg.Width != 16384 || cfg.Height != 16384 {
		t.Fatalf("PNGDimensionLie: %+v, %v", cfg, err)
	}
	if _, err := png.Decode(bytes.NewReader(PNGDimensionLie())); err == nil {
		t.Fatalf("PNGDimensionLie decodes")
	}
}

func TestHDROldRLE(t *testing.T) {
	for _, c := range []struct{ w, h, perLine int }{{1, 3, 4}, {100, 100, 8}, {256, 2, 8}, {257, 2, 12}, {1000, 100, 12}, {32767, 2, 12}} {
		b := HDROldRLE(c.w, c.h)
		header := len(hdrHeader(c.w, c.h))
		if got := len(b) - header; got != c.h*c.perLine {
			t.Errorf("HDROldRLE(%d, %d): %d bytes of pixels, want %d", c.w, c.h, got, c.h*c.perLine)
		}
		// Replay the runs: each scanline must cover exactly w pixels.
		p := b[header:]
		for y := 0; y < c.h; y++ {
			x, shift := 1, 0
			p = p[4:]
			for len(p) >= 4 && p[0] == 1 && p[1] == 1 && p[2] == 1 {
				x += int(p[3]) << shift
				shift += 8
				p = p[4:]
			}
			if x != c.w {
				t.Fatalf("HDROldRLE(%d, %d): scanline %d covers %d pixels", c.w, c.h, y, x)
			}
		}
	}
}

func TestLongRun(t *testing.T) {
	b := LongRun(100, 2)
	lines := bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
	if len(lines) != 100 || !bytes.Equal(b, LongRun(100, 2)) {
		t.Fatalf("LongRun(100, 2): %d lines, or not reproducible", len(lines))
	}
	for j, l := range lines {
		want := 2
		if j%50 == 49 {
			want = 32
		}
		if n := bytes.Count(l, []byte(`"lod"`)); n != want {
			t.Errorf("LongRun job %d has %d lanes, want %d", j, n, want)
		}
	}
	long := LongLine("x", 1000)
	if len(long) < 28_000 || len(long) > 28_300 {
		t.Fatalf("LongLine of 1000 lanes is %d bytes", len(long))
	}
}

// ExampleZstdFrame shows how small a 1 GiB frame of RLE blocks is.
func ExampleZstdFrame() {
	fmt.Println(len(ZstdFrame(1<<30, 0, NoContentSize)))
	// Output: 32774
}

// ExampleCorpus lists a few of the corpus's inputs.
func ExampleCorpus() {
	var names []string
	for _, in := range Corpus() {
		if filepath.Ext(in.Name) == ".dds" {
			names = append(names, in.Name)
		}
	}
	sort.Strings(names)
	fmt.Println(names)
	// Output: [dds-cube-array.dds dds-huge-mips.dds dds-huge-volume.dds dds-mipcount.dds]
}
