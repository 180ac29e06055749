package astc

import (
	"bufio"
	"compress/gzip"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// hdrCase is one line of astcenc_hdr_WxH.txt.gz or astcenc_3d_WxHxD.txt.gz (testdata/README.md).
type hdrCase struct {
	line      int
	block     []byte
	hdr       []uint16 // astcenc -dH: half bits, texel-major RGBA
	ldr, srgb []uint8  // astcenc -dl and -ds (3D files only): 8-bit, texel-major RGBA
}

func readHDRGolden(t testing.TB, name string, texels int, fields int) []hdrCase {
	t.Helper()
	path := filepath.Join("testdata", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n := texels * 4
	var out []hdrCase
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		fs := strings.Fields(sc.Text())
		if len(fs) != fields || len(fs[1]) != 4*n || fields == 4 && (len(fs[2]) != 2*n || len(fs[3]) != 2*n) {
			t.Fatalf("%s:%d: malformed line", path, ln)
		}
		g := hdrCase{line: ln, hdr: make([]uint16, n)}
		if g.block, err = hex.DecodeString(fs[0]); err != nil {
			t.Fatalf("%s:%d: %v", path, ln, err)
		}
		for i := range n {
			v, err := strconv.ParseUint(fs[1][4*i:4*i+4], 16, 16)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, ln, err)
			}
			g.hdr[i] = uint16(v)
		}
		if fields == 4 {
			if g.ldr, err = hex.DecodeString(fs[2]); err != nil {
				t.Fatalf("%s:%d: %v", path, ln, err)
			}
			if g.srgb, err = hex.DecodeString(fs[3]); err != nil {
				t.Fatalf("%s:%d: %v", path, ln, err)
			}
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// halfBits returns the FP16 bits of f, which must be a value a half holds exactly (every HDR-mode
// result is); ok is false otherwise.
func halfBits(f float32) (h uint16, ok bool) {
	b := math.Float32bits(f)
	if b>>23&0xFF == 0xFF { // infinity or NaN: sign, and the top 10 bits of the payload
		h = uint16(b>>16&0x8000 | 0x7C00 | b>>13&0x3FF)
		return h, halfToFloat32(h) == f || f != f
	}
	h = float32ToHalf(f)
	return h, halfToFloat32(h) == f
}

// blockStats counts what a golden comparison covered.
type blockStats struct {
	blocks, errorBlocks, errorTexels, hdrBlocks, mixedBlocks, voidHDR int
}

// classify notes whether the block has HDR and LDR endpoint modes in different partitions.
func (s *blockStats) classify(block []byte, fp footprint) {
	var b bits128
	for i := 7; i >= 0; i-- {
		b.lo = b.lo<<8 | uint64(block[i])
		b.hi = b.hi<<8 | uint64(block[i+8])
	}
	s.blocks++
	if b.get(0, 9) == 0x1FC {
		if b.get(9, 1) == 1 {
			s.voidHDR++
		}
		return
	}
	var d decoder
	dst := make([][4]float32, fp.w*fp.h*fp.d)
	d.decode(b, fp, HDR, dst)
	if dst[0] == errorColour {
		return
	}
	parts := int(b.get(11, 2)) + 1
	hdr, ldr := false, false
	for p := range parts {
		if isHDRMode(d.cems[p]) {
			hdr = true
		} else {
			ldr = true
		}
	}
	if hdr {
		s.hdrBlocks++
	}
	if hdr && ldr {
		s.mixedBlocks++
	}
}

func isHDRMode(cem int) bool {
	switch cem {
	case 2, 3, 7, 11, 14, 15:
		return true
	}
	return false
}

// astcencHDRError reports whether astcenc's HDR texel is its error colour: NaN in every channel
// (0xFFFF, as the KDFS recommends) or magenta.
func astcencHDRError(h []uint16) bool {
	nan := true
	for _, v := range h {
		nan = nan && v&0x7C00 == 0x7C00 && v&0x3FF != 0
	}
	return nan || h[0] == 0x3C00 && h[1] == 0 && h[2] == 0x3C00 && h[3] == 0x3C00
}

// compareHDR compares our HDR decode of g's block with astcenc's, texel by texel.
func compareHDR(t *testing.T, g hdrCase, fp footprint, st *blockStats) (bad int) {
	t.Helper()
	n := fp.w * fp.h * fp.d
	got := make([][4]float32, n)
	if err := DecodeBlock(g.block, fp.w, fp.h, fp.d, HDR, got); err != nil {
		t.Fatal(err)
	}
	if got[0] == ErrorColour {
		st.errorBlocks++
	}
	for i := range n {
		want := g.hdr[4*i : 4*i+4]
		if got[i] == ErrorColour && astcencHDRError(want) {
			st.errorTexels++
			continue
		}
		for c := range 4 {
			h, ok := halfBits(got[i][c])
			nans := got[i][c] != got[i][c] && want[c]&0x7C00 == 0x7C00 && want[c]&0x3FF != 0
			if !ok || h != want[c] && !nans {
				if bad < 5 {
					t.Errorf("line %d block %x texel %d channel %d: %v (half %04x), astcenc %04x",
						g.line, g.block, i, c, got[i][c], h, want[c])
				}
				bad++
			}
		}
	}
	return bad
}

// TestAgainstAstcencHDR compares the HDR mode of every 2D footprint with astcenc 4.2.0's HDR
// profile (astcenc -dH; testdata/README.md): every texel's FP16 bits must be equal, and where we
// return the error colour astcenc must return its own (NaN or magenta).
func TestAgainstAstcencHDR(t *testing.T) {
	var total blockStats
	for _, s := range BlockSizes {
		fp := footprint{s[0], s[1], 1}
		t.Run(fmt.Sprintf("%dx%d", fp.w, fp.h), func(t *testing.T) {
			var st blockStats
			bad := 0
			for _, g := range readHDRGolden(t, fmt.Sprintf("astcenc_hdr_%dx%d.txt.gz", fp.w, fp.h), fp.w*fp.h, 2) {
				st.classify(g.block, fp)
				bad += compareHDR(t, g, fp, &st)
			}
			if bad > 0 {
				t.Errorf("%d values differ", bad)
			}
			t.Logf("%d blocks (%d with HDR endpoints, %d mixing LDR and HDR partitions, %d HDR void extents, %d error blocks, %d error texels): all equal",
				st.blocks, st.hdrBlocks, st.mixedBlocks, st.voidHDR, st.errorBlocks, st.errorTexels)
			total.hdrBlocks += st.hdrBlocks
			total.mixedBlocks += st.mixedBlocks
		})
	}
	if total.hdrBlocks < 500 || total.mixedBlocks < 20 {
		t.Errorf("the golden files cover %d HDR blocks and %d mixed LDR/HDR blocks; want at least 500 and 20", total.hdrBlocks, total.mixedBlocks)
	}
}

// TestAgainstAstcenc3D compares every 3D footprint with astcenc 4.2.0 in the three modes: HDR
// (astcenc -dH, FP16 bits equal), LDR (astcenc -dl, 8 bits: astcenc writes the FP16 of the
// UNORM16 result C rounded to 8 bits, which we compute from our C/65535 the same way) and sRGB
// (astcenc -ds, 8 bits equal).
func TestAgainstAstcenc3D(t *testing.T) {
	for _, s := range BlockSizes3D {
		fp := footprint{s[0], s[1], s[2]}
		t.Run(fmt.Sprintf("%dx%dx%d", fp.w, fp.h, fp.d), func(t *testing.T) {
			var st blockStats
			n := fp.w * fp.h * fp.d
			bad := 0
			for _, g := range readHDRGolden(t, fmt.Sprintf("astcenc_3d_%dx%dx%d.txt.gz", fp.w, fp.h, fp.d), n, 4) {
				st.classify(g.block, fp)
				bad += compareHDR(t, g, fp, &st)
				for _, mode := range []Mode{LDR, SRGB} {
					got := make([][4]float32, n)
					if err := DecodeBlock(g.block, fp.w, fp.h, fp.d, mode, got); err != nil {
						t.Fatal(err)
					}
					want := g.ldr
					if mode == SRGB {
						want = g.srgb
					}
					for i := range n {
						if got[i] == ErrorColour && astcencLDRError(want[4*i:4*i+4]) {
							continue
						}
						for c := range 4 {
							var v int
							if mode == SRGB {
								v = int(got[i][c] * 255)
							} else {
								// astcenc holds the UNORM16 result as its FP16 (the
								// decode_float16 rule) and rounds that to 8 bits.
								v = int(math.Round(float64(halfToFloat32(linearToHalf(got[i][c]))) * 255))
							}
							if v != int(want[4*i+c]) {
								if bad < 5 {
									t.Errorf("line %d block %x %v texel %d channel %d: %v (%d), astcenc %d",
										g.line, g.block, mode, i, c, got[i][c], v, want[4*i+c])
								}
								bad++
							}
						}
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d values differ", bad)
			}
			t.Logf("%d blocks (%d with HDR endpoints, %d mixing LDR and HDR partitions, %d HDR void extents, %d error blocks): all equal",
				st.blocks, st.hdrBlocks, st.mixedBlocks, st.voidHDR, st.errorBlocks)
		})
	}
}

// astcencLDRError reports whether astcenc's 8-bit texel is its error colour: magenta as 255 or, in
// linear LDR, as UNORM16 0xFF00 rounded to 8 bits (254).
func astcencLDRError(v []uint8) bool {
	return v[1] == 0 && (v[0] == 255 && v[2] == 255 && v[3] == 255 || v[0] == 254 && v[2] == 254 && v[3] == 254)
}
