package hostile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Names of the files and links the batch inputs refer to. They cannot all
// be checked in (a FIFO, symbolic links, a file outside the corpus
// directory), so the tests make them in the directory they run the batch
// in (cmd/texunit/hostile_test.go), which the batch takes as its root.
const (
	// OKFile is a 16-byte data file inside the root (OKFileBytes), which a
	// good {"file": ...} job reads.
	OKFile = "ok.bin"
	// FIFOFile is a named pipe inside the root: reading it would block
	// until a writer comes, which none does.
	FIFOFile = "fifo"
	// DirFile is a directory inside the root.
	DirFile = "subdir"
	// LinkOut is a symbolic link inside the root to SecretFile, outside it.
	LinkOut = "link-out"
	// LinkDir is a symbolic link inside the root to /etc.
	LinkDir = "link-etc"
	// SecretFile is the path, relative to the root, of a file just
	// outside it, holding Secret.
	SecretFile = "../x"
)

// Secret is the content of SecretFile: no output may contain it, nor its
// length.
const Secret = "TEXUNIT-HOSTILE-SECRET: file access was not confined to the root\n"

// OKFileBytes is the content of OKFile.
var OKFileBytes = []byte("0123456789abcdef")

// Input is one hostile input of the corpus.
type Input struct {
	// Name is the input's file name in the corpus directory; its extension
	// says what reads it (.ktx2, .png, .hdr, .dds: texture readers; .json:
	// msaa -surface; .jsonl: texunit batch; .bin: a data file).
	Name string
	// About says what the input is and what it tests.
	About string
	// Large marks an input that is not checked in (over 200 KB): WriteDir
	// writes it only when asked to, and tests make it when they run.
	Large bool
	// Bytes makes the input.
	Bytes func() []byte
}

func lines(ls ...[]byte) []byte {
	var b []byte
	for _, l := range ls {
		b = append(b, l...)
	}
	return b
}

// Corpus returns every input, in a fixed order.
func Corpus() []Input {
	return []Input{
		{"ktx2-zstd-bomb.ktx2", "4×4 r8g8b8a8_unorm KTX2 whose level declares 64 bytes; its zstd frame declares (Frame_Content_Size) and holds 1 GiB of zeros.", false, KTX2ZstdBomb},
		{"ktx2-zstd-bomb-nosize.ktx2", "As ktx2-zstd-bomb, but the frame has no Frame_Content_Size: only decoding it tells its size.", false, KTX2ZstdBombNoSize},
		{"ktx2-zstd-bomb-falsesize.ktx2", "As ktx2-zstd-bomb, but the frame declares a Frame_Content_Size of 64 and holds 1 GiB.", false, KTX2ZstdBombFalseSize},
		{"ktx2-zstd-bomb-twoframes.ktx2", "As ktx2-zstd-bomb, but the level is an honest 64-byte frame followed by a 1 GiB frame without a size.", false, KTX2ZstdBombTwoFrames},
		{"ktx2-zlib-bomb.ktx2", "4×4 r8g8b8a8_unorm KTX2 whose level declares 64 bytes; its zlib stream inflates to 64 MiB.", false, KTX2ZlibBomb},
		{"ktx2-zstd-16384-rgba8.ktx2", "Honest 16384×16384 r8g8b8a8_unorm KTX2, one level, zstd with content size: 1 GiB decoded.", false, func() []byte { return KTX2ZstdHonest(16384, true) }},
		{"ktx2-zstd-8192-rgba8.ktx2", "Honest 8192×8192 r8g8b8a8_unorm KTX2, zstd: 256 MiB decoded, as much as a 256 MiB budget.", false, func() []byte { return KTX2ZstdHonest(8192, true) }},
		{"ktx2-zstd-4096-rgba8.ktx2", "Honest 4096×4096 r8g8b8a8_unorm KTX2, zstd: 64 MiB decoded; convert to PNG should work in a 256 MiB budget.", false, func() []byte { return KTX2ZstdHonest(4096, true) }},
		{"ktx2-zstd-16384-r8.ktx2", "Honest 16384×16384 r8_unorm KTX2, zstd: 256 MiB decoded; the source of issue 20's convert -mips case.", false, func() []byte { return KTX2ZstdHonest(16384, false) }},
		{"ktx2-zstd-8192-r8.ktx2", "Honest 8192×8192 r8_unorm KTX2, zstd: 64 MiB decoded (85 MiB with mips), for convert -mips in a 256 MiB budget.", false, func() []byte { return KTX2ZstdHonest(8192, false) }},
		{"ktx2-huge-array.ktx2", "KTX2 of a 16384×16384 r8g8b8a8_unorm 2D array of 2048 layers (2 TiB), honest header, a zstd level cut short.", false, KTX2HugeArray},
		{"ktx2-huge-width.ktx2", "KTX2 with pixelWidth 2^31.", false, KTX2HugeWidth},
		{"ktx2-dfd-totalsize.ktx2", "4×4 r8g8b8a8_unorm KTX2 whose dfdTotalSize (0xfffffff0) disagrees with dfdByteLength (92).", false, KTX2DFDTotalSizeLie},
		{"ktx2-dfd-otherformat.ktx2", "4×4 r8g8b8a8_unorm KTX2 whose DFD describes r32g32b32a32_sfloat.", false, KTX2DFDOtherFormat},
		{"ktx2-dfd-blocksize.ktx2", "4×4 r8g8b8a8_unorm KTX2 whose DFD block claims 65535 bytes (4094 samples) in a 92-byte DFD.", false, KTX2DFDBlockSizeLie},
		{"png-bomb-16384.png", "16384×16384 RGBA8 PNG whose IDAT really inflates to its 1 GiB of scanlines (1 MB file).", true, func() []byte { return PNGBomb(16384, 16384) }},
		{"png-bomb-8192x4096.png", "8192×4096 RGBA8 PNG whose IDAT really inflates to 128 MiB: within the reader's 8-bytes-a-pixel pre-check at 256 MiB.", false, func() []byte { return PNGBomb(8192, 4096) }},
		{"png-dimension-lie.png", "PNG whose IHDR says 16384×16384 RGBA8 and whose IDAT inflates to 1 byte.", false, PNGDimensionLie},
		{"hdr-huge-resolution.hdr", "Radiance header of -Y 32767 +X 32767 (16 GiB as floats) with 64 bytes of pixels.", false, HDRHugeResolution},
		{"hdr-oldrle-100x100.hdr", "Valid 100×100 Radiance file in old-style RLE (8 bytes a scanline): must be read.", false, func() []byte { return HDROldRLE(100, 100) }},
		{"hdr-oldrle-1000x100.hdr", "Valid 1000×100 Radiance file in old-style RLE (12 bytes a scanline, 1200 in all): must be read; new-style RLE would need 6400.", false, func() []byte { return HDROldRLE(1000, 100) }},
		{"hdr-oldrle-4096x4096.hdr", "Valid 4096×4096 old-style RLE Radiance file: 48 KiB that decode to 256 MiB of floats.", false, func() []byte { return HDROldRLE(4096, 4096) }},
		{"hdr-oldrle-32767x2048.hdr", "Valid 32767×2048 old-style RLE Radiance file: 24 KiB that decode to 1 GiB of floats.", false, func() []byte { return HDROldRLE(32767, 2048) }},
		{"dds-huge-mips.dds", "DX10 DDS header of a 65536×65536 r8g8b8a8 texture with 17 levels (21 GiB) and 64 bytes of data.", false, DDSHugeMips},
		{"dds-mipcount.dds", "4×4 RGBA8 DDS with dwMipMapCount 0xffffffff.", false, DDSMipCount},
		{"dds-cube-array.dds", "DX10 DDS of 10923 16384×16384 BC1 cube maps (65538 faces).", false, DDSCubeArray},
		{"dds-huge-volume.dds", "DX10 DDS header of a 65536×65536×65536 r8 volume (256 TiB) and 64 bytes of data.", false, DDSHugeVolume},
		{"ktx1-huge-mips.ktx", "KTX 1.1 header of a 65536×65536 RGBA8 texture with 17 levels (21 GiB) and 64 bytes of data.", false, KTX1HugeMips},
		{"ktx1-huge-array.ktx", "KTX 1.1 header of a 16384×16384 RGBA8 2D array of 65535 layers (64 TiB) and 64 bytes of data.", false, KTX1HugeArray},
		{"ktx1-imagesize.ktx", "4×4 RGBA8 KTX 1.1 whose level's imageSize says 0xfffffff0 bytes.", false, KTX1ImageSizeLie},
		{"ktx1-keyvalue.ktx", "4×4 RGBA8 KTX 1.1 whose bytesOfKeyValueData says 0xfffffff0.", false, KTX1KeyValueLie},
		{"ktx1-mipcount.ktx", "4×4 RGBA8 KTX 1.1 with numberOfMipmapLevels 0xffffffff.", false, KTX1MipCount},
		{"astc-huge-3d.astc", ".astc header of a 16777215×16777215×16777215 image in 6×6×6 blocks and one block.", false, func() []byte { return ASTCFile(6, 6, 6, 1<<24-1, 1<<24-1, 1<<24-1, make([]byte, 16)) }},
		{"astc-huge-2d.astc", ".astc header of a 65536×65536 image in 4×4 blocks (4 GiB of blocks) and one block.", false, func() []byte { return ASTCFile(4, 4, 1, 65536, 65536, 1, make([]byte, 16)) }},
		{"astc-blockdim.astc", ".astc header with block size 255×255×255.", false, func() []byte { return ASTCFile(255, 255, 255, 4, 4, 1, make([]byte, 16)) }},
		{"msaa-surface-1g.json", "msaa -surface JSON of a 4096×4096 2d_ms r32g32b32a32_sfloat surface of 4 samples: 1 GiB.", false, func() []byte { return MSAASurface(4096, 4096, 4) }},
		{"msaa-surface-256m.json", "msaa -surface JSON of a 2048×2048 2d_ms r32g32b32a32_sfloat surface of 4 samples: 256 MiB.", false, func() []byte { return MSAASurface(2048, 2048, 4) }},
		{OKFile, "16 bytes of data inside the root, for batch-file-ok.", false, func() []byte { return OKFileBytes }},
		{"batch-file-ok.jsonl", "Batch job reading ok.bin (inside the root) as a 1D r8_uint surface: allowed by default, refused with -files none.", false, func() []byte { return FileJob("ok-file", OKFile, len(OKFileBytes)) }},
		{"batch-file-etc-passwd.jsonl", "Batch job with {\"file\": \"/etc/passwd\"} on a 4096-wide 1D r8_uint surface: the error must not tell the file's size.", false, func() []byte { return FileJob("etc-passwd", "/etc/passwd", 4096) }},
		{"batch-file-dotdot.jsonl", "Batch job with {\"file\": \"../x\"}, a file just outside the root, on a surface of its size: fetch would print it.", false, func() []byte { return FileJob("dotdot", SecretFile, len(Secret)) }},
		{"batch-image-etc-passwd.jsonl", "Batch job with {\"image\": \"/etc/passwd\"}: the error must not quote the file's first bytes.", false, func() []byte { return ImageJob("image-etc-passwd", "/etc/passwd", "2d") }},
		{"batch-file-dev-zero.jsonl", "Batch job with {\"file\": \"/dev/zero\"} on a 16-byte surface: a device, endless.", false, func() []byte { return FileJob("dev-zero", "/dev/zero", 16) }},
		{"batch-file-dev-zero-1g.jsonl", "Batch job with {\"file\": \"/dev/zero\"} on a 16384×16384 r8g8b8a8_unorm surface (1 GiB).", false, func() []byte { return SurfaceJob("dev-zero-1g", "r8g8b8a8_unorm", 16384, 16384, "/dev/zero") }},
		{"batch-file-fifo.jsonl", "Batch job with {\"file\": \"fifo\"}, a named pipe the test makes in the root: reading it would hang.", false, func() []byte { return FileJob("fifo", FIFOFile, 16) }},
		{"batch-image-fifo.jsonl", "Batch job with {\"image\": \"fifo\"}.", false, func() []byte { return ImageJob("image-fifo", FIFOFile, "2d") }},
		{"batch-file-dir.jsonl", "Batch job with {\"file\": \"subdir\"}, a directory.", false, func() []byte { return FileJob("dir", DirFile, 16) }},
		{"batch-file-symlink.jsonl", "Batch job with {\"file\": \"link-out\"}, a symbolic link in the root to ../x, outside it.", false, func() []byte { return FileJob("symlink", LinkOut, len(Secret)) }},
		{"batch-file-symlink-dir.jsonl", "Batch job with {\"file\": \"link-etc/passwd\"} through a symbolic link in the root to /etc.", false, func() []byte { return FileJob("symlink-dir", LinkDir+"/passwd", 4096) }},
		{"batch-surface-2g.jsonl", "Batch job on a 16384×8192 r32g32b32a32_sfloat surface: 2 GiB.", false, func() []byte { return SurfaceJob("surface-2g", "r32g32b32a32_sfloat", 16384, 8192, "") }},
		{"batch-id-invalid-utf8.jsonl", "A good batch job whose id holds the bytes ff fe and 80: not UTF-8; the result line must still be valid JSON.", false, InvalidUTF8ID},
		{"batch-line-56mb.jsonl", "One batch job of 2,000,000 sample_l lanes: a 56 MB line.", true, func() []byte { return LongLine("long-line", LongLineLanes) }},
	}
}

// Find returns the input called name.
func Find(name string) (Input, bool) {
	for _, in := range Corpus() {
		if in.Name == name {
			return in, true
		}
	}
	return Input{}, false
}

// README returns the README.md of a corpus directory: how it is made and a
// table of the inputs with their sizes.
func README() []byte {
	var b strings.Builder
	b.WriteString(`# Hostile-input corpus

Inputs that try to exhaust texunit's memory, reach files they were not
given, hang, or take a batch down (issue 20). Made by

    go run ./internal/hostile/cmd/gen internal/hostile/testdata

from package github.com/texunit/texunit/internal/hostile (see its doc.go for how the streams
are built); TestCheckedIn fails when these files are not what the generator
makes now. Inputs marked "not checked in" are larger than 200 KB: the
tests make them when they run (` + "`gen -large DIR`" + ` writes them too).
cmd/texunit/hostile_test.go runs every input through the command.

The batch inputs name files the tests make in the directory the batch runs
in (the root): ` + "`ok.bin`" + ` (here), ` + "`fifo`" + ` (a named pipe), ` + "`subdir`" + ` (a directory),
` + "`link-out`" + ` (a symbolic link to ` + "`../x`" + `), ` + "`link-etc`" + ` (a symbolic link to /etc), and
` + "`../x`" + `, a file outside the root.

| file | bytes | what it is |
|---|---:|---|
`)
	for _, in := range Corpus() {
		about := in.About
		if in.Large {
			about += " (not checked in)"
		}
		fmt.Fprintf(&b, "| `%s` | %d | %s |\n", in.Name, len(in.Bytes()), strings.ReplaceAll(about, "|", `\|`))
	}
	return []byte(b.String())
}

// WriteDir writes the corpus and its README.md into dir, which must exist:
// every input, the Large ones only when large is true.
func WriteDir(dir string, large bool) error {
	for _, in := range Corpus() {
		if in.Large && !large {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, in.Name), in.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "README.md"), README(), 0o644)
}
