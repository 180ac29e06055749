package bc

import (
	"bufio"
	"compress/gzip"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

type mesaCase struct {
	line  int
	block []byte
	want  [16][4]float32
}

func readMesa(t *testing.T, f Format) []mesaCase {
	t.Helper()
	path := filepath.Join("testdata", "mesa_"+strings.ToLower(f.String())+".txt.gz")
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []mesaCase
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) != 66 || fields[0] != f.String() {
			t.Fatalf("%s:%d: malformed line", path, n)
		}
		c := mesaCase{line: n}
		if c.block, err = hex.DecodeString(fields[1]); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		for i, s := range fields[2:] {
			u, err := strconv.ParseUint(s, 16, 32)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
			c.want[i/4][i%4] = math.Float32frombits(uint32(u))
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestAgainstMesa compares every format with Mesa 22.3.6's decoders (testdata/README.md gives the
// tolerances): bit exact for BC6H; BC7's 8-bit integers equal (Mesa's float is up to one ulp from
// v/255); within 2 steps of Mesa's 8-bit results for BC1-BC5, which Mesa interpolates in 8 bits
// with its own rounding (and, for BC4S/BC5S, with an endpoint of -128 not yet clamped to -127).
func TestAgainstMesa(t *testing.T) {
	tolerance := map[Format]float64{
		BC1: 2.0 / 255, BC1A: 2.0 / 255, BC2: 2.0 / 255, BC3: 2.0 / 255, BC4: 2.0 / 255, BC5: 2.0 / 255,
		BC4S: 2.0 / 127, BC5S: 2.0 / 127, BC6H: 0, BC6HS: 0, BC7: 1e-7,
	}
	for _, f := range Formats() {
		t.Run(f.String(), func(t *testing.T) {
			worst, bad, clamped := 0.0, 0, 0
			cases := readMesa(t, f)
			for _, c := range cases {
				var got [16][4]float32
				if err := Decode(f, c.block, &got); err != nil {
					t.Fatal(err)
				}
				for i := range 16 {
					for ch := range 4 {
						d := math.Abs(float64(got[i][ch]) - float64(c.want[i][ch]))
						if math.IsNaN(d) {
							d = math.Inf(1)
						}
						if f == BC6HS && math.IsInf(float64(c.want[i][ch]), -1) && got[i][ch] == -65504 {
							d = 0 // documented choice: -32768 reads as -32767 (doc.go)
							clamped++
						}
						worst = max(worst, d)
						if f == BC7 && math.Round(float64(got[i][ch])*255) != math.Round(float64(c.want[i][ch])*255) {
							d = math.Inf(1)
						}
						if d > tolerance[f] {
							if bad < 5 {
								t.Errorf("line %d block %x texel %d channel %d = %v, Mesa %v", c.line, c.block, i, ch, got[i][ch], c.want[i][ch])
							}
							bad++
						}
					}
				}
			}
			t.Logf("%d blocks, worst difference %.4g, %d values over tolerance %.4g", len(cases), worst, bad, tolerance[f])
			if clamped > 0 {
				t.Logf("%d values where Mesa gives -inf for a -32768 endpoint and we give -65504", clamped)
			}
		})
	}
}
