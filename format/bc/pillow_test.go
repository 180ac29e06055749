package bc

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goldenCase is one block and Pillow's 8-bit decoding of it.
type goldenCase struct {
	line  int
	block []byte
	px    []byte
}

func readGolden(t *testing.T, name string) []goldenCase {
	t.Helper()
	path := filepath.Join("testdata", "pillow_"+name+".txt.gz")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []goldenCase
	sc := bufio.NewScanner(zr)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 {
			t.Fatalf("%s:%d: want 2 fields, got %d", path, n, len(fields))
		}
		b, err1 := hex.DecodeString(fields[0])
		p, err2 := hex.DecodeString(fields[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad hex", path, n)
		}
		out = append(out, goldenCase{n, b, p})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("%s: only %d cases", path, len(out))
	}
	return out
}

// TestAgainstPillow compares every format with Pillow 9.4.0's decoder (testdata/README.md gives
// the tolerances and why they are not zero).
func TestAgainstPillow(t *testing.T) {
	type check struct {
		golden   string
		f        Format
		channels int    // channels per Pillow texel
		map8     [4]int // Pillow channel for our R, G, B, A; -1: expect the constant
		consts   [4]float32
		tol      float64 // in 8-bit units
		compare  func(ours float32, pillow byte) float64
	}
	unorm := func(ours float32, p byte) float64 { return math.Abs(float64(ours)*255 - float64(p)) }
	half := func(ours float32, p byte) float64 {
		// Pillow truncates min(max(v, 0), 1)·255 to an integer.
		v := math.Floor(float64(min(max(ours, 0), 1)) * 255)
		return math.Abs(v - float64(p))
	}
	// Pillow 9.4 decodes BC6HS values that are negative, or near zero (its interpolation omits the
	// +32 rounding term and can cross zero), wrongly (as 255 or other garbage), so only blocks whose
	// every value is at least 2^-10 compare.
	halfSigned := half
	checks := []check{
		{"dxt1", BC1A, 4, [4]int{0, 1, 2, 3}, [4]float32{}, 1.5, unorm},
		{"dxt1", BC1, 4, [4]int{0, 1, 2, -1}, [4]float32{0, 0, 0, 1}, 1.5, unorm},
		{"dxt3", BC2, 4, [4]int{0, 1, 2, 3}, [4]float32{}, 1.5, unorm},
		{"dxt5", BC3, 4, [4]int{0, 1, 2, 3}, [4]float32{}, 1.5, unorm},
		{"bc4", BC4, 1, [4]int{0, -1, -1, -1}, [4]float32{0, 0, 0, 1}, 1, unorm},
		{"bc5", BC5, 3, [4]int{0, 1, -1, -1}, [4]float32{0, 0, 0, 1}, 1, unorm},
		{"bc6h", BC6H, 3, [4]int{0, 1, 2, -1}, [4]float32{0, 0, 0, 1}, 1, half},
		{"bc6hs", BC6HS, 3, [4]int{0, 1, 2, -1}, [4]float32{0, 0, 0, 1}, 1, halfSigned},
		{"bc7", BC7, 4, [4]int{0, 1, 2, 3}, [4]float32{}, 0, unorm},
	}
	for _, c := range checks {
		t.Run(c.f.String(), func(t *testing.T) {
			cases := readGolden(t, c.golden)
			worst, compared := 0.0, 0
			for _, g := range cases {
				var got [16][4]float32
				if err := Decode(c.f, g.block, &got); err != nil {
					t.Fatalf("line %d: %v", g.line, err)
				}
				if c.f == BC6HS && anyNegative(&got) {
					continue // see halfSigned
				}
				for i := range 16 {
					for ch := range 4 {
						src := c.map8[ch]
						if src < 0 {
							if got[i][ch] != c.consts[ch] {
								t.Fatalf("line %d block %x texel %d channel %d = %v, want %v", g.line, g.block, i, ch, got[i][ch], c.consts[ch])
							}
							continue
						}
						d := c.compare(got[i][ch], g.px[i*c.channels+src])
						if math.IsNaN(d) {
							continue
						}
						compared++
						worst = max(worst, d)
						if d > c.tol+1e-4 {
							t.Errorf("line %d block %x texel %d channel %d = %v, Pillow %d (difference %.3f > %.3f)",
								g.line, g.block, i, ch, got[i][ch], g.px[i*c.channels+src], d, c.tol)
						}
					}
				}
			}
			t.Logf("%d blocks, %d values compared, worst difference %.3f (8-bit units), tolerance %.1f", len(cases), compared, worst, c.tol)
		})
	}
}

// TestSignedAgainstPillowBC5S checks BC5S, and BC4S on the first half of each block, against
// Pillow's BC5S decoding. Pillow 9.4 maps an endpoint s to the byte q = (s+255)>>1, interpolates
// in q with truncation, and writes the constants -1 and +1 of the six-value mode as 0 and 255; so
// a value compares as |ours·127 - (2q - 254.5)| <= 3, the constants compare exactly, and a block
// half whose endpoints Pillow's mapping merges (q0 == q1 but s0 != s1) selects a different
// palette mode and is skipped.
func TestSignedAgainstPillowBC5S(t *testing.T) {
	compared, worst := 0, 0.0
	for _, g := range readGolden(t, "bc5s") {
		var two, one [16][4]float32
		if err := Decode(BC5S, g.block, &two); err != nil {
			t.Fatal(err)
		}
		if err := Decode(BC4S, g.block[:8], &one); err != nil {
			t.Fatal(err)
		}
		for i := range 16 {
			if one[i][0] != two[i][0] || one[i][1] != 0 || one[i][2] != 0 || one[i][3] != 1 || two[i][2] != 0 || two[i][3] != 1 {
				t.Fatalf("line %d texel %d: BC4S %v, BC5S %v", g.line, i, one[i], two[i])
			}
		}
		for ch := range 2 {
			h := g.block[8*ch : 8*ch+8]
			s0, s1 := int(int8(h[0])), int(int8(h[1]))
			if (s0+255)>>1 == (s1+255)>>1 && s0 != s1 {
				continue
			}
			idx := binary.LittleEndian.Uint64(h) >> 16
			for i := range 16 {
				ours, p := two[i][ch], g.px[3*i+ch]
				k := idx >> (3 * uint(i)) & 7
				if s0 <= s1 && k >= 6 {
					want, wantP := float32(-1), byte(0)
					if k == 7 {
						want, wantP = 1, 255
					}
					if ours != want || p != wantP {
						t.Errorf("line %d texel %d channel %d: index %d gives %v, Pillow %d", g.line, i, ch, k, ours, p)
					}
					continue
				}
				d := math.Abs(float64(ours)*127 - (2*float64(p) - 254.5))
				compared++
				worst = max(worst, d)
				if d > 3 {
					t.Errorf("line %d texel %d channel %d: %v vs Pillow %d (difference %.3f > 3)", g.line, i, ch, ours, p, d)
				}
			}
		}
	}
	t.Logf("%d values compared, worst difference %.3f (units of 1/127)", compared, worst)
}

func anyNegative(px *[16][4]float32) bool {
	for _, t := range px {
		for _, v := range t {
			if v < 1.0/1024 {
				return true
			}
		}
	}
	return false
}
