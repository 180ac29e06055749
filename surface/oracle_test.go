package surface

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

// oracleKinds maps the reference harness's texture type names to kinds.
var oracleKinds = map[string]Kind{
	"1d": Kind1D, "1darray": Kind1DArray, "2d": Kind2D, "2darray": Kind2DArray, "3d": Kind3D,
	"cube": KindCube, "cubearray": KindCubeArray, "2dms": Kind2DMS, "2dmsarray": Kind2DMSArray,
}

// oracleData is the data line of a harness request.
type oracleData struct {
	coords   bool
	seed     uint32
	lo, hi   float64
	haveLoHi bool
}

// parseOracleRequest reads the texture and data lines of a harness request
// (see the comment at the top of texoracle.c). Note the harness's defaults:
// levels=1 (not the full chain) and "data hash 1".
func parseOracleRequest(text string) (Desc, oracleData, error) {
	d := Desc{Levels: 1}
	data := oracleData{seed: 1, lo: 0, hi: 1}
	haveTex := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		tok := strings.Fields(line)
		if len(tok) == 0 {
			continue
		}
		switch tok[0] {
		case "texture":
			haveTex = true
			for _, kv := range tok[1:] {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return d, data, fmt.Errorf("bad token %q", kv)
				}
				if k == "type" {
					kind, ok := oracleKinds[v]
					if !ok {
						return d, data, fmt.Errorf("unknown type %q", v)
					}
					d.Kind = kind
					continue
				}
				if k == "format" {
					f, err := format.Parse(v)
					if err != nil {
						return d, data, err
					}
					d.Format = f
					continue
				}
				n, err := strconv.Atoi(v)
				if err != nil {
					return d, data, err
				}
				switch k {
				case "width", "w":
					d.Width = n
				case "height", "h":
					d.Height = n
				case "depth", "d":
					d.Depth = n
				case "layers":
					d.Layers = n
				case "levels":
					d.Levels = n
				case "samples":
					d.Samples = n
				default: // view keys do not change the data
				}
			}
		case "data":
			switch {
			case len(tok) == 2 && tok[1] == "coords":
				data.coords = true
			case (len(tok) == 3 || len(tok) == 5) && tok[1] == "hash":
				seed, err := strconv.ParseUint(tok[2], 0, 32)
				if err != nil {
					return d, data, err
				}
				data.seed = uint32(seed)
				if len(tok) == 5 {
					if data.lo, err = strconv.ParseFloat(tok[3], 64); err != nil {
						return d, data, err
					}
					if data.hi, err = strconv.ParseFloat(tok[4], 64); err != nil {
						return d, data, err
					}
					data.haveLoHi = true
				}
			default:
				return d, data, fmt.Errorf("unsupported data line %q", line)
			}
		}
	}
	if !haveTex {
		return d, data, fmt.Errorf("no texture line")
	}
	if d.Kind == Kind1D || d.Kind == Kind1DArray {
		d.Height = 1 // the harness ignores height for 1D types
	}
	return d, data, nil
}

// parseDump reads the output of texoracle -d: lines
// "level layer z y x sample : hex bytes…" in stream order.
func parseDump(text string) ([]byte, error) {
	var out []byte
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		_, hexes, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("bad dump line %q", line)
		}
		b, err := hex.DecodeString(strings.Join(strings.Fields(hexes), ""))
		if err != nil {
			return nil, fmt.Errorf("bad dump line %q: %v", line, err)
		}
		out = append(out, b...)
	}
	return out, sc.Err()
}

// generate builds the surface a harness request describes and fills it.
func generate(t *testing.T, req string) *Surface {
	t.Helper()
	d, data, err := parseOracleRequest(req)
	if err != nil {
		t.Fatalf("request: %v", err)
	}
	s, err := New(d)
	if err != nil {
		t.Fatalf("New(%+v): %v", d, err)
	}
	if data.coords {
		s.FillCoords()
	} else {
		s.FillHash(data.seed, data.lo, data.hi)
	}
	return s
}

// firstDiff describes the first difference between got and want.
func firstDiff(s *Surface, got, want []byte) string {
	if len(got) != len(want) {
		return fmt.Sprintf("length %d, want %d", len(got), len(want))
	}
	i := 0
	for i = range got {
		if got[i] != want[i] {
			break
		}
	}
	tb := s.Format.Info().Bytes
	t0 := i / tb * tb
	return fmt.Sprintf("byte %d (texel at byte %d): got % x, want % x", i, t0, got[t0:t0+tb], want[t0:t0+tb])
}

// TestGolden checks FillHash and FillCoords against dumps of the reference
// harness frozen in testdata (see testdata/README.md).
func TestGolden(t *testing.T) {
	reqs, err := filepath.Glob("testdata/*.req")
	if err != nil || len(reqs) == 0 {
		t.Fatalf("no golden requests: %v", err)
	}
	for _, path := range reqs {
		name := strings.TrimSuffix(filepath.Base(path), ".req")
		t.Run(name, func(t *testing.T) {
			req, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dump, err := os.ReadFile(strings.TrimSuffix(path, ".req") + ".dump")
			if err != nil {
				t.Fatal(err)
			}
			want, err := parseDump(string(dump))
			if err != nil {
				t.Fatal(err)
			}
			s := generate(t, string(req))
			if !bytes.Equal(s.Data, want) {
				t.Errorf("data differs from the harness: %s", firstDiff(s, s.Data, want))
			}
		})
	}
}

// oracleRequests are checked against the live harness by TestOracle.
var oracleRequests = func() []string {
	var reqs []string
	formats := []string{"R8_UNORM", "R8G8_UNORM", "R8G8B8A8_UNORM", "R8G8B8A8_SRGB", "R8G8B8A8_SNORM",
		"B8G8R8A8_UNORM", "B8G8R8A8_SRGB", "R16_SFLOAT", "R16G16B16A16_SFLOAT", "R32_SFLOAT",
		"R32G32B32A32_SFLOAT", "D16_UNORM", "D32_SFLOAT"}
	textures := []string{
		"type=2d width=13 height=7 levels=0",
		"type=2darray width=5 height=9 layers=3 levels=0",
		"type=3d width=6 height=5 depth=7 levels=0",
		"type=cube width=8 height=8 levels=0",
		"type=cubearray width=4 height=4 layers=12 levels=3",
		"type=2dms width=5 height=3 samples=4",
		"type=2dmsarray width=3 height=2 layers=2 samples=8",
		"type=1d width=37 levels=0",
		"type=1darray width=9 layers=4 levels=2",
		"type=2d width=300 height=2 levels=0",
	}
	datas := []string{"data hash 1", "data hash 3735928559 -2.5 1000", "data hash 7 0 1",
		"data hash 12345 -70000 70000", "data hash 99 0.25 0.25", "data coords"}
	for fi, f := range formats {
		depth := strings.HasPrefix(f, "D")
		for ti, tex := range textures {
			if depth && strings.Contains(tex, "3d") {
				continue // the harness refuses 3D depth (it dumps multisampled depth)
			}
			for di, data := range datas {
				if (fi+ti+di)%3 != 0 && data != "data coords" && di != 0 {
					continue // a sample of the combinations, all formats × kinds × coords
				}
				if depth && strings.Contains(data, "-") {
					data = "data hash 5 0 1" // D32 must stay within [0, 1]
				}
				reqs = append(reqs, fmt.Sprintf("texture %s format=%s\n%s\n", tex, f, data))
			}
		}
	}
	// Infinities and NaN from lo, hi = ±inf, and hi < lo.
	for _, f := range []string{"R16_SFLOAT", "R32G32B32A32_SFLOAT"} {
		reqs = append(reqs,
			"texture type=2d width=7 height=5 format="+f+"\ndata hash 4 -inf inf\n",
			"texture type=2d width=7 height=5 format="+f+"\ndata hash 4 0 inf\n",
			"texture type=2d width=7 height=5 format="+f+"\ndata hash 4 1e-7 -3e-5\n")
	}
	return reqs
}()

// TestOracle compares FillHash and FillCoords with the live reference harness
// when TEXUNIT_ORACLE names its binary (texoracle); it is skipped otherwise.
//
//	TEXUNIT_ORACLE=/tmp/oracle/texoracle go test -run Oracle ./surface/
func TestOracle(t *testing.T) {
	bin := os.Getenv("TEXUNIT_ORACLE")
	if bin == "" {
		t.Skip("set TEXUNIT_ORACLE to the texoracle binary to compare with the live harness")
	}
	for _, req := range oracleRequests {
		cmd := exec.Command(bin, "-d")
		cmd.Stdin = strings.NewReader(req)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("%q: texoracle: %v: %s", req, err, stderr.String())
			continue
		}
		want, err := parseDump(string(out))
		if err != nil {
			t.Fatal(err)
		}
		s := generate(t, req)
		if !bytes.Equal(s.Data, want) {
			t.Errorf("%q: %s", req, firstDiff(s, s.Data, want))
		}
	}
	t.Logf("%d requests compared", len(oracleRequests))
}
