package texfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// Zstandard frames (RFC 8878, section 3.1). A KTX 2.0 level supercompressed
// with zstd is one or more frames whose content, together, is the level's
// uncompressedByteLength bytes.
const (
	zstdMagic          = 0xfd2fb528
	zstdSkippableMagic = 0x184d2a50 // and the 15 values after it
	zstdMinWindow      = zstd.MinWindowSize
	zstdMaxBlock       = 128 << 10 // Block_Maximum_Size's upper bound
)

// zstdFrame is what inflating a level needs to know of one frame.
type zstdFrame struct {
	size       int    // bytes of the whole frame (header, blocks, checksum)
	skippable  bool   // a skippable frame (no content)
	wdOff      int    // offset of the Window_Descriptor in the frame; -1 for single-segment frames
	window     uint64 // Window_Size (for single-segment frames, the content size, at least 1 KiB)
	content    uint64 // Frame_Content_Size, when hasContent
	hasContent bool
}

// parseZstdFrame reads the frame at the start of b: its header (RFC 8878,
// 3.1.1.1) and the headers of its blocks (3.1.1.2), to find where it ends.
// It allocates nothing.
func parseZstdFrame(b []byte) (zstdFrame, error) {
	var f zstdFrame
	if len(b) < 4 {
		return f, fmt.Errorf("%d bytes are not a frame (the magic number alone takes 4)", len(b))
	}
	magic := binary.LittleEndian.Uint32(b)
	if magic&^0xf == zstdSkippableMagic {
		if len(b) < 8 {
			return f, fmt.Errorf("skippable frame header is cut off")
		}
		n := uint64(binary.LittleEndian.Uint32(b[4:]))
		if n > uint64(len(b)-8) {
			return f, fmt.Errorf("skippable frame of %d bytes runs past the level's %d", n, len(b)-8)
		}
		return zstdFrame{size: 8 + int(n), skippable: true, wdOff: -1}, nil
	}
	if magic != zstdMagic {
		return f, fmt.Errorf("magic number %#08x is not a zstd frame's %#08x", magic, zstdMagic)
	}
	p := 4
	if len(b) < p+1 {
		return f, fmt.Errorf("frame header is cut off")
	}
	fhd := b[p]
	p++
	if fhd&0x08 != 0 {
		return f, fmt.Errorf("frame header descriptor %#02x has the reserved bit set", fhd)
	}
	single := fhd&0x20 != 0
	f.wdOff = -1
	if !single {
		if len(b) < p+1 {
			return f, fmt.Errorf("frame header is cut off")
		}
		f.wdOff = p
		f.window = zstdWindowSize(b[p])
		p++
	}
	p += [4]int{0, 1, 2, 4}[fhd&3] // Dictionary_ID
	fcsSize := [4]int{0, 2, 4, 8}[fhd>>6]
	if fhd>>6 == 0 && single {
		fcsSize = 1
	}
	if len(b) < p+fcsSize {
		return f, fmt.Errorf("frame header is cut off")
	}
	switch fcsSize {
	case 1:
		f.content = uint64(b[p])
	case 2:
		f.content = uint64(binary.LittleEndian.Uint16(b[p:])) + 256
	case 4:
		f.content = uint64(binary.LittleEndian.Uint32(b[p:]))
	case 8:
		f.content = binary.LittleEndian.Uint64(b[p:])
	}
	f.hasContent = fcsSize > 0
	p += fcsSize
	if single {
		f.window = max(f.content, zstdMinWindow)
	}
	for last := false; !last; {
		if len(b)-p < 3 {
			return f, fmt.Errorf("block header at byte %d of the frame is cut off", p)
		}
		bh := uint32(b[p]) | uint32(b[p+1])<<8 | uint32(b[p+2])<<16
		p += 3
		last = bh&1 != 0
		n := int(bh >> 3)
		switch (bh >> 1) & 3 {
		case 1: // RLE: one byte repeated n times
			n = 1
		case 3:
			return f, fmt.Errorf("block at byte %d of the frame has the reserved block type", p-3)
		}
		if n > len(b)-p {
			return f, fmt.Errorf("block at byte %d of the frame runs past the end of the level", p-3)
		}
		p += n
	}
	if fhd&0x04 != 0 { // Content_Checksum
		if len(b)-p < 4 {
			return f, fmt.Errorf("content checksum is cut off")
		}
		p += 4
	}
	f.size = p
	return f, nil
}

// zstdWindowSize decodes a Window_Descriptor (RFC 8878, 3.1.1.1.2).
func zstdWindowSize(wd byte) uint64 {
	base := uint64(1) << (10 + wd>>3)
	return base + base/8*uint64(wd&7)
}

// zstdWindowFor returns the smallest Window_Descriptor whose window holds
// n bytes (and at least zstd's minimum of 1 KiB), and that window.
func zstdWindowFor(n uint64) (byte, uint64) {
	for wd := 0; wd < 256; wd++ {
		if w := zstdWindowSize(byte(wd)); w >= n {
			return byte(wd), w
		}
	}
	return 255, zstdWindowSize(255)
}

// zstdLevelReader delivers the frames of a level to the zstd decoder with
// two changes that do not change their content: skippable frames are left
// out, and a Window_Descriptor larger than limit is replaced by limit's
// (wd). A frame's window bounds how far back its matches may reach, and a
// frame whose content fits the level never reaches further back than the
// level's size, so a smaller window that still holds the level decodes
// every valid frame alike; it bounds the history buffer the decoder
// allocates (the window and two blocks) by the level's size, where the
// frame's own descriptor (8 MiB for a 256-byte level that the zstd command
// compressed from a pipe, any size in a hostile file) would not. A frame
// that needs more than the level's size fails, as it must.
type zstdLevelReader struct {
	src      []byte
	pos, end int // next byte to deliver; end of the current frame
	patchAt  int // offset in src of the byte to replace, or -1
	wd       byte
	limit    uint64
}

func (z *zstdLevelReader) Read(p []byte) (int, error) {
	for z.pos == z.end {
		if z.pos == len(z.src) {
			return 0, io.EOF
		}
		f, err := parseZstdFrame(z.src[z.pos:])
		if err != nil {
			return 0, err
		}
		z.patchAt = -1
		if f.skippable {
			z.pos += f.size
			z.end = z.pos
			continue
		}
		if f.wdOff >= 0 && f.window > z.limit {
			z.patchAt = z.pos + f.wdOff
		}
		z.end = z.pos + f.size
	}
	n := copy(p, z.src[z.pos:z.end])
	if z.patchAt >= z.pos && z.patchAt < z.pos+n {
		p[z.patchAt-z.pos] = z.wd
	}
	z.pos += n
	return n, nil
}

// zstdDecoderBytes is the memory the streaming zstd decoder allocates for
// frames of window w (github.com/klauspost/compress v1.20.3, zstd/history.go
// ensureBlockRing and zstd/blockdec.go reset, with WithDecoderLowmem): a
// history ring of the window and two blocks of min(w, 128 KiB) + 16 bytes,
// a block's compressed data, its output and its literals (one such block
// each), and 64 KiB for the entropy tables and the frame decoder.
func zstdDecoderBytes(w uint64) uint64 {
	block := min(w, zstdMaxBlock) + 16
	return w + 5*block + 64<<10
}

// inflateZstd decompresses src, the zstd frames of level field, into dst,
// whose length is the size the level index declares. Nothing is allocated
// in proportion to what the frames would inflate to: the frames are walked
// first (their headers and block headers) to check the content sizes they
// declare against len(dst) and to find the window the decoder will need;
// that window (at most len(dst), see zstdLevelReader) is reserved from the
// budget; then the frames are decoded as a stream straight into dst, and
// one more byte is asked for to detect content beyond it.
func (r *reader) inflateZstd(dst, src []byte, field string, off int64) error {
	n := uint64(len(dst))
	wd, limit := zstdWindowFor(n)
	var window, content uint64
	for p, i := 0, 0; p < len(src); i++ {
		f, err := parseZstdFrame(src[p:])
		if err != nil {
			return r.malformed(field, off+int64(p), nil, "zstd frame %d: %v", i, err)
		}
		if f.hasContent {
			if f.content > n-content {
				return r.malformed(field, off+int64(p), fmt.Sprintf("%d bytes", f.content), "of content in zstd frame %d (after %d bytes in the frames before it) exceed the %d bytes the level index declares", i, content, n)
			}
			content += f.content
		}
		if !f.skippable {
			window = max(window, min(f.window, limit))
		}
		p += f.size
	}
	window = max(window, zstdMinWindow)
	need := zstdDecoderBytes(window)
	if err := r.reserve(field+" zstd window", off, need); err != nil {
		return err
	}
	defer r.release(need)
	zr := &zstdLevelReader{src: src, patchAt: -1, wd: wd, limit: limit}
	dec, err := zstd.NewReader(zr, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxWindow(window), zstd.WithDecoderMaxMemory(window), zstd.WithDecodeBuffersBelow(0))
	if err != nil {
		return r.malformed(field, off, nil, "zstd: %v", err)
	}
	defer dec.Close()
	k, err := io.ReadFull(dec, dst)
	if err == nil {
		// Any content after the level's bytes is an error too.
		var one [1]byte
		switch k, err = io.ReadFull(dec, one[:]); {
		case k != 0:
			return r.malformed(field, off, nil, "zstd: inflates to more than the %d bytes the level index declares", n)
		case err == io.EOF:
			return nil
		}
		k = len(dst)
	}
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return r.malformed(field, off, nil, "zstd: inflates to %d bytes, not the %d the level index declares", k, n)
	case errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded):
		// The window is the level's size (see zstdLevelReader): a block
		// or a match that needs more inflates to more than the level.
		return r.malformed(field, off, nil, "zstd: inflates to more than the %d bytes the level index declares (%v after %d bytes)", n, err, k)
	}
	return r.malformed(field, off, nil, "zstd: %v, after %d of the %d bytes the level index declares", err, k, n)
}
