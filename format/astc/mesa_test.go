package astc

import (
	"bufio"
	"compress/gzip"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgainstMesa compares every footprint with Mesa 22.3.6's ASTC decoder, which decodes to 8 bits
// (testdata/README.md): Mesa's linear result must be the top 8 bits of our UNORM16 result, and its
// sRGB result must equal ours, error colours included.
func TestAgainstMesa(t *testing.T) {
	for _, s := range BlockSizes {
		bw, bh := s[0], s[1]
		t.Run(fmt.Sprintf("%dx%d", bw, bh), func(t *testing.T) {
			path := filepath.Join("testdata", fmt.Sprintf("mesa_%dx%d.txt.gz", bw, bh))
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			zr, err := gzip.NewReader(f)
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(zr)
			sc.Buffer(nil, 1<<20)
			n, bad, skipped := 0, 0, 0
			for ln := 1; sc.Scan(); ln++ {
				fields := strings.Fields(sc.Text())
				if len(fields) != 3 {
					t.Fatalf("%s:%d: malformed line", path, ln)
				}
				block, err1 := hex.DecodeString(fields[0])
				lin8, err2 := hex.DecodeString(fields[1])
				srgb8, err3 := hex.DecodeString(fields[2])
				if err1 != nil || err2 != nil || err3 != nil || len(lin8) != 4*bw*bh || len(srgb8) != 4*bw*bh {
					t.Fatalf("%s:%d: malformed line", path, ln)
				}
				lin := make([][4]float32, bw*bh)
				srgb := make([][4]float32, bw*bh)
				if err := Decode(block, bw, bh, false, lin); err != nil {
					t.Fatal(err)
				}
				if err := Decode(block, bw, bh, true, srgb); err != nil {
					t.Fatal(err)
				}
				n++
				if v := uint32(block[0]) | uint32(block[1])<<8; v&0x1FF == 0x1FC && v>>10&3 != 3 {
					// A void extent whose reserved bits are not 11: astcenc and this package
					// decode the error colour, Mesa ignores the bits (see doc.go).
					skipped++
					continue
				}
				for i := range bw * bh {
					for c := range 4 {
						top := byte(uint32(math.Round(float64(lin[i][c])*65535)) >> 8)
						s8 := byte(math.Round(float64(srgb[i][c]) * 255))
						if top != lin8[4*i+c] || s8 != srgb8[4*i+c] {
							if bad < 5 {
								t.Errorf("line %d block %x texel %d channel %d: linear top byte %d, Mesa %d; sRGB %d, Mesa %d",
									ln, block, i, c, top, lin8[4*i+c], s8, srgb8[4*i+c])
							}
							bad++
						}
					}
				}
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			if bad > 0 {
				t.Errorf("%d values differ", bad)
			}
			t.Logf("%d blocks, %d skipped (void extent with reserved bits other than 11), all values equal", n, skipped)
		})
	}
}
