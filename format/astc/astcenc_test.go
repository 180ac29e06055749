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

type goldenCase struct {
	line  int
	block []byte
	lin   []uint16 // half bits, texel-major RGBA
	srgb  []uint8  // 8-bit, texel-major RGBA
}

func readGolden(t testing.TB, bw, bh int) []goldenCase {
	t.Helper()
	path := filepath.Join("testdata", fmt.Sprintf("astcenc_%dx%d.txt.gz", bw, bh))
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n := bw * bh * 4
	var out []goldenCase
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || len(fields[1]) != 4*n || len(fields[2]) != 2*n {
			t.Fatalf("%s:%d: malformed line", path, ln)
		}
		g := goldenCase{line: ln, lin: make([]uint16, n)}
		var err error
		if g.block, err = hex.DecodeString(fields[0]); err != nil {
			t.Fatalf("%s:%d: %v", path, ln, err)
		}
		for i := range n {
			v, err := strconv.ParseUint(fields[1][4*i:4*i+4], 16, 16)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, ln, err)
			}
			g.lin[i] = uint16(v)
		}
		if g.srgb, err = hex.DecodeString(fields[2]); err != nil {
			t.Fatalf("%s:%d: %v", path, ln, err)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// float32ToHalf rounds f to the nearest half (ties to even); f is finite and in [0, 1] here.
func float32ToHalf(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b >> 16 & 0x8000)
	exp := int(b>>23&0xFF) - 127 + 15
	man := b & 0x7FFFFF
	if exp <= 0 { // subnormal half
		if exp < -10 {
			return sign
		}
		man |= 0x800000
		shift := uint(14 - exp)
		h := man >> shift
		rem := man & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || rem == half && h&1 == 1 {
			h++
		}
		return sign | uint16(h)
	}
	h := uint32(exp)<<10 | man>>13
	rem := man & 0x1FFF
	if rem > 0x1000 || rem == 0x1000 && h&1 == 1 {
		h++
	}
	return sign | uint16(h)
}

// TestAgainstAstcenc compares every footprint with astcenc 4.2.0's decoder (testdata/README.md):
// the linear decode, rounded to half as astcenc's OpenEXR output is, must equal astcenc's half
// bits; the sRGB decode must equal astcenc's 8-bit PNG output.
func TestAgainstAstcenc(t *testing.T) {
	for _, s := range BlockSizes {
		bw, bh := s[0], s[1]
		t.Run(fmt.Sprintf("%dx%d", bw, bh), func(t *testing.T) {
			cases := readGolden(t, bw, bh)
			linBad, srgbBad, errorBlocks, errorTexels := 0, 0, 0, 0
			for _, g := range cases {
				lin := make([][4]float32, bw*bh)
				srgb := make([][4]float32, bw*bh)
				if err := Decode(g.block, bw, bh, false, lin); err != nil {
					t.Fatal(err)
				}
				if err := Decode(g.block, bw, bh, true, srgb); err != nil {
					t.Fatal(err)
				}
				if lin[0] == ErrorColour {
					errorBlocks++
				}
				for i := range bw * bh {
					if lin[i] == ErrorColour && astcencError(g.lin[4*i:4*i+4]) {
						// Compare sRGB only: astcenc writes its linear error colour as UNORM16
						// 0xFF00 (half 0x3BF8) or NaN.
						errorTexels++
						for c := range 4 {
							if v := srgb[i][c] * 255; v != float32(g.srgb[4*i+c]) {
								t.Errorf("line %d texel %d: sRGB error colour %v, astcenc %v", g.line, i, srgb[i], g.srgb[4*i:4*i+4])
							}
						}
						continue
					}
					for c := range 4 {
						if h := linearToHalf(lin[i][c]); h != g.lin[4*i+c] {
							if linBad < 5 {
								t.Errorf("line %d block %x texel (%d,%d) channel %d: linear %v (half %04x), astcenc half %04x",
									g.line, g.block, i%bw, i/bw, c, lin[i][c], h, g.lin[4*i+c])
							}
							linBad++
						}
						if v := srgb[i][c] * 255; v != float32(g.srgb[4*i+c]) {
							if srgbBad < 5 {
								t.Errorf("line %d block %x texel (%d,%d) channel %d: sRGB %v, astcenc %d",
									g.line, g.block, i%bw, i/bw, c, v, g.srgb[4*i+c])
							}
							srgbBad++
						}
					}
				}
			}
			if linBad+srgbBad > 0 {
				t.Errorf("%d linear and %d sRGB values differ", linBad, srgbBad)
			}
			t.Logf("%d blocks (%d decode to the error colour; %d error texels) x %d texels x 4 channels: all equal", len(cases), errorBlocks, errorTexels, bw*bh)
		})
	}
}

// linearToHalf converts a linear result C/65535 to the half that the ASTC specification's fp16
// decode mode gives (and astcenc writes to OpenEXR): 0xFFFF is 1.0, any other C is C/65536
// truncated to half precision (unorm16ToHalf, which TestUnorm16ToHalf checks on every C).
func linearToHalf(f float32) uint16 {
	return unorm16ToHalf(uint32(math.Round(float64(f) * 65535)))
}

// astcencError reports whether astcenc's linear (half) texel is one of its error colours: magenta
// as UNORM16 (0xFF00, 0, 0xFF00, 0xFF00, which it writes as half 0x3BF8), magenta as 1.0, or NaN.
func astcencError(h []uint16) bool {
	switch {
	case h[0] == 0x3BF8 && h[1] == 0 && h[2] == 0x3BF8 && h[3] == 0x3BF8:
		return true
	case h[0] == 0x3C00 && h[1] == 0 && h[2] == 0x3C00 && h[3] == 0x3C00:
		return true
	}
	for _, v := range h {
		if v&0x7C00 != 0x7C00 || v&0x3FF == 0 {
			return false
		}
	}
	return true
}
