package etc

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

type goldenCase struct {
	line  int
	block []byte
	want  [16][4]float32
}

func readGolden(t *testing.T, name string) []goldenCase {
	t.Helper()
	path := filepath.Join("testdata", "mesa_"+name+".txt.gz")
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
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) != 65 {
			t.Fatalf("%s:%d: %d fields, want 65", path, n, len(fields))
		}
		g := goldenCase{line: n}
		if g.block, err = hex.DecodeString(fields[0]); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		for i, s := range fields[1:] {
			u, err := strconv.ParseUint(s, 16, 32)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
			g.want[i/4][i%4] = math.Float32frombits(uint32(u))
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("%s: only %d cases", path, len(out))
	}
	return out
}

// TestAgainstMesa compares every format with Mesa 22.3.6's decoder (testdata/README.md).
// ETC2 colour and alpha are 8-bit in both: the 8-bit integers must be equal (Mesa's float may be
// one float32 ulp from v/255). Mesa stores EAC R11 as 16-bit UNORM/SNORM, so EAC values compare
// within 1/65535 (unsigned) or 1/32767 (signed) of ours, and the 11-bit integers must be equal.
func TestAgainstMesa(t *testing.T) {
	for _, f := range Formats() {
		t.Run(f.String(), func(t *testing.T) {
			cases := readGolden(t, strings.ToLower(f.String()))
			worst := 0.0
			tol, scale := 1e-7, 255.0
			switch f {
			case EACR11, EACRG11:
				tol, scale = 1.0/65535, 2047
			case EACR11S, EACRG11S:
				tol, scale = 1.0/32767, 1023
			}
			for _, g := range cases {
				var got [16][4]float32
				if err := Decode(f, g.block, &got); err != nil {
					t.Fatalf("line %d: %v", g.line, err)
				}
				for i := range 16 {
					for c := range 4 {
						d := math.Abs(float64(got[i][c]) - float64(g.want[i][c]))
						worst = max(worst, d)
						same := math.Round(float64(got[i][c])*scale) == math.Round(float64(g.want[i][c])*scale)
						if d > tol || !same {
							t.Errorf("line %d block %x texel %d channel %d = %v, Mesa %v", g.line, g.block, i, c, got[i][c], g.want[i][c])
						}
					}
				}
			}
			t.Logf("%d blocks, worst difference %.3g, tolerance %.3g, integers (x%v) equal", len(cases), worst, tol, scale)
		})
	}
}
