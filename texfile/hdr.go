package texfile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/texunit/texunit/surface"
)

// rgbeToFloat returns the value of an 8-bit RGBE mantissa m with shared
// exponent e: m·2^(e−136), and 0 when e is 0. This is the conversion of
// Bruce Walter's rgbe.c, stb_image and ImageMagick (Radiance's own
// colr_color adds ½ to the mantissa; texunit does not, so that black is
// black and the result is exact in float32).
func rgbeToFloat(m, e byte) float32 {
	if e == 0 {
		return 0
	}
	return float32(math.Ldexp(float64(m), int(e)-136))
}

func (r *reader) decodeHDR() (*File, error) {
	b := r.b
	off := 0
	line := func() (string, int, bool) {
		i := bytes.IndexByte(b[off:], '\n')
		if i < 0 {
			return "", off, false
		}
		s, at := string(b[off:off+i]), off
		off += i + 1
		return s, at, true
	}
	_, _, ok := line() // "#?RADIANCE", "#?RGBE" or another program name after the "#?" Sniff checked
	if !ok {
		return nil, r.malformed("header", 0, nil, "has no end of line")
	}
	format := ""
	for {
		s, at, ok := line()
		if !ok {
			return nil, r.malformed("header", int64(off), nil, "does not end with a blank line before the resolution")
		}
		if s == "" {
			break
		}
		if v, ok := strings.CutPrefix(s, "FORMAT="); ok {
			format = v
			if v != "32-bit_rle_rgbe" {
				return nil, r.unsupported("FORMAT", int64(at), strconv.Quote(v), "is not 32-bit_rle_rgbe (XYZE data is not read)")
			}
		}
	}
	res, resAt, ok := line()
	if !ok {
		return nil, r.malformed("resolution", int64(off), nil, "missing")
	}
	fields := strings.Fields(res)
	if len(fields) != 4 || fields[2] != "+X" || (fields[0] != "-Y" && fields[0] != "+Y") {
		return nil, r.unsupported("resolution", int64(resAt), strconv.Quote(res), "is not \"-Y H +X W\" or \"+Y H +X W\" (other orientations are not read)")
	}
	h, err1 := strconv.Atoi(fields[1])
	w, err2 := strconv.Atoi(fields[3])
	if err1 != nil || h < 1 {
		return nil, r.malformed("resolution height", int64(resAt), strconv.Quote(fields[1]), "is not a positive integer")
	}
	if err2 != nil || w < 1 {
		return nil, r.malformed("resolution width", int64(resAt), strconv.Quote(fields[3]), "is not a positive integer")
	}
	if w > surface.MaxExtent {
		return nil, r.unsupported("resolution width", int64(resAt), w, "exceeds texunit's largest extent %d", surface.MaxExtent)
	}
	if h > surface.MaxExtent {
		return nil, r.unsupported("resolution height", int64(resAt), h, "exceeds texunit's largest extent %d", surface.MaxExtent)
	}
	bottomUp := fields[0] == "+Y"
	// A scanline takes at least hdrMinScanline(w) bytes whatever its
	// encoding: refuse a resolution the file cannot hold before allocating
	// (the budget bounds what a file that can hold it may allocate).
	minLine := hdrMinScanline(w)
	if rest := uint64(len(b) - off); uint64(h)*minLine > rest {
		return nil, r.malformed("resolution", int64(resAt), strconv.Quote(res), "needs at least %d bytes of pixel data (%d per scanline), the file has %d", uint64(h)*minLine, minLine, rest)
	}
	f, err := r.parseFormat("FORMAT", 0, "rgbe", "r32g32b32a32_sfloat")
	if err != nil {
		return nil, err
	}
	s, err := r.newSurface(surface.Desc{Kind: surface.Kind2D, Format: f, Width: w, Height: h, Levels: 1}, int64(resAt))
	if err != nil {
		return nil, err
	}
	if err := r.reserve("scanline buffer", int64(resAt), 4*uint64(w)); err != nil {
		return nil, err
	}
	defer r.release(4 * uint64(w))
	scan := make([]byte, 4*w)
	for y := 0; y < h; y++ {
		if off, err = r.hdrScanline(scan, off, y); err != nil {
			return nil, err
		}
		row := y
		if bottomUp {
			row = h - 1 - y
		}
		dst := s.Data[row*w*16:]
		for x := 0; x < w; x++ {
			p := scan[4*x:]
			binary.LittleEndian.PutUint32(dst[16*x:], math.Float32bits(rgbeToFloat(p[0], p[3])))
			binary.LittleEndian.PutUint32(dst[16*x+4:], math.Float32bits(rgbeToFloat(p[1], p[3])))
			binary.LittleEndian.PutUint32(dst[16*x+8:], math.Float32bits(rgbeToFloat(p[2], p[3])))
			binary.LittleEndian.PutUint32(dst[16*x+12:], math.Float32bits(1))
		}
	}
	if format == "" {
		format = "32-bit_rle_rgbe (no FORMAT line)"
	}
	return &File{Surface: s, Header: "radiance " + format + ", " + res}, nil
}

// hdrMinScanline returns the fewest bytes a scanline of w pixels takes in
// any encoding hdrScanline reads. Flat pixels take 4 bytes each; old-style
// runs (1, 1, 1, n) repeat the previous pixel n·256^k times for the k-th
// run in a row (k = 0, 1, 2), so a literal pixel and three runs of 4
// bytes each cover up to 1 + 255·(1 + 256 + 65536) pixels: 4 bytes for
// w = 1, 8 up to 256, 12 up to 65536 (surface.MaxExtent), 16 beyond. The
// adaptive encoding (widths 8 to 32767) takes at least its 4-byte marker
// and 2 bytes per run of up to 127 values of each of the 4 channels, more
// than the old-style runs, so it does not lower the bound.
func hdrMinScanline(w int) uint64 {
	switch {
	case w <= 1:
		return 4
	case w <= 256:
		return 8
	case w <= 65536:
		return 12
	}
	return 16
}

// hdrScanline decodes the scanline starting at byte off into scan (4 bytes
// R, G, B, E per pixel) and returns the offset after it. It reads the
// adaptive run-length encoding (a 2, 2, width marker, then each channel as
// runs and literals), flat pixels, and old-style runs (1, 1, 1, n repeats
// the previous pixel n·256^k times).
func (r *reader) hdrScanline(scan []byte, off, y int) (int, error) {
	b := r.b
	w := len(scan) / 4
	field := fmt.Sprintf("scanline[%d]", y)
	if w >= 8 && w <= 0x7fff && len(b)-off >= 4 && b[off] == 2 && b[off+1] == 2 && b[off+2]&0x80 == 0 {
		if n := int(b[off+2])<<8 | int(b[off+3]); n != w {
			return 0, r.malformed(field+".width", int64(off+2), n, "differs from the image width %d", w)
		}
		off += 4
		for c := 0; c < 4; c++ {
			for x := 0; x < w; {
				if off >= len(b) {
					return 0, r.malformed(field, int64(off), nil, "is cut off by the end of the file (channel %d, pixel %d)", c, x)
				}
				n := int(b[off])
				at := off
				off++
				if n > 128 {
					n -= 128
					if x+n > w {
						return 0, r.malformed(field+".run", int64(at), n, "runs past the width %d (channel %d, pixel %d)", w, c, x)
					}
					if off >= len(b) {
						return 0, r.malformed(field, int64(off), nil, "is cut off by the end of the file (channel %d, pixel %d)", c, x)
					}
					v := b[off]
					off++
					for ; n > 0; n-- {
						scan[4*x+c] = v
						x++
					}
					continue
				}
				if n == 0 || x+n > w {
					return 0, r.malformed(field+".literal", int64(at), n, "is 0 or runs past the width %d (channel %d, pixel %d)", w, c, x)
				}
				if len(b)-off < n {
					return 0, r.malformed(field, int64(off), nil, "is cut off by the end of the file (channel %d, pixel %d)", c, x)
				}
				for ; n > 0; n-- {
					scan[4*x+c] = b[off]
					off++
					x++
				}
			}
		}
		return off, nil
	}
	shift := uint(0)
	for x := 0; x < w; {
		if len(b)-off < 4 {
			return 0, r.malformed(field, int64(off), nil, "is cut off by the end of the file (pixel %d)", x)
		}
		p := b[off : off+4]
		if p[0] == 1 && p[1] == 1 && p[2] == 1 {
			if x == 0 {
				return 0, r.malformed(field+".run", int64(off), nil, "repeats a pixel at the start of a scanline")
			}
			if shift > 16 {
				return 0, r.malformed(field+".run", int64(off), nil, "has too many successive run counts")
			}
			n := int(p[3]) << shift
			if x+n > w {
				return 0, r.malformed(field+".run", int64(off), n, "runs past the width %d (pixel %d)", w, x)
			}
			for ; n > 0; n-- {
				copy(scan[4*x:4*x+4], scan[4*x-4:4*x])
				x++
			}
			shift += 8
			off += 4
			continue
		}
		copy(scan[4*x:4*x+4], p)
		shift = 0
		off += 4
		x++
	}
	return off, nil
}
