package texfile

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

// pam is an image decoded from a Netpbm PAM file (ImageMagick's reference
// decodes): samples row-major, depth per pixel, maxval 255 or 65535.
type pam struct {
	w, h, depth, maxval int
	samples             []int
}

func readPAM(t *testing.T, name string) pam {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var p pam
	rd := bufio.NewReader(bytes.NewReader(b))
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("%s: bad PAM header", name)
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if f[0] == "ENDHDR" {
			break
		}
		if len(f) == 2 {
			v, _ := strconv.Atoi(f[1])
			switch f[0] {
			case "WIDTH":
				p.w = v
			case "HEIGHT":
				p.h = v
			case "DEPTH":
				p.depth = v
			case "MAXVAL":
				p.maxval = v
			}
		}
	}
	n := p.w * p.h * p.depth
	p.samples = make([]int, n)
	for i := range p.samples {
		if p.maxval > 255 {
			hi, _ := rd.ReadByte()
			lo, _ := rd.ReadByte()
			p.samples[i] = int(hi)<<8 | int(lo)
		} else {
			v, _ := rd.ReadByte()
			p.samples[i] = int(v)
		}
	}
	return p
}

// readPFM reads a little-endian colour PFM (ImageMagick writes a comment
// line) and returns its pixels top row first, 3 floats each.
func readPFM(t *testing.T, name string) (w, h int, px []float32) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	rd := bufio.NewReader(bytes.NewReader(b))
	var fields []string
	for len(fields) < 4 {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("%s: bad PFM header", name)
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields = append(fields, strings.Fields(line)...)
	}
	if fields[0] != "PF" {
		t.Fatalf("%s: not a colour PFM", name)
	}
	w, _ = strconv.Atoi(fields[1])
	h, _ = strconv.Atoi(fields[2])
	raw := make([]float32, w*h*3)
	if err := binary.Read(rd, binary.LittleEndian, raw); err != nil {
		t.Fatal(err)
	}
	px = make([]float32, len(raw))
	for y := 0; y < h; y++ { // PFM rows go bottom to top
		copy(px[y*w*3:(y+1)*w*3], raw[(h-1-y)*w*3:(h-y)*w*3])
	}
	return w, h, px
}

func readTestFile(t *testing.T, name string) *File {
	t.Helper()
	f, err := ReadFile(filepath.Join("testdata", name), nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// knows reports whether package format knows the named format yet.
func knows(name string) bool {
	_, err := format.Parse(name)
	return err == nil
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func crc32IEEE(b []byte) uint32 { return crc32.ChecksumIEEE(b) }
