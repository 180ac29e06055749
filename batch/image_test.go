package batch

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texfile"
)

// writeImage writes a 3×2 r8g8b8a8_srgb PNG whose texel (x, y) holds the
// bytes (10x, 20y, 30, 255) and returns its path.
func writeImage(t *testing.T) string {
	t.Helper()
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Srgb, Width: 3, Height: 2, Levels: 1})
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 2; y++ {
		for x := 0; x < 3; x++ {
			copy(s.Data[4*(y*3+x):], []byte{byte(10 * x), byte(20 * y), 30, 255})
		}
	}
	name := filepath.Join(t.TempDir(), "img.png")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := texfile.WritePNG(f, s, nil); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return name
}

func TestImageData(t *testing.T) {
	name := writeImage(t)
	self, err := filepath.Abs("image_test.go")
	if err != nil {
		t.Fatal(err)
	}
	w := &Worker{Files: openFiles(t, "/")}
	path := strings.ReplaceAll(name, `\`, `\\`)
	fetch := `"op": "fetch", "lanes": [{"texel": [2, 1]}]`
	for _, tc := range []struct {
		name, surface string
		want          [4]float32 // fetched texel (2, 1)
		err           string
	}{
		{"file's desc", `{"type": "2d", "data": {"image": "` + path + `"}}`, [4]float32{format.SRGBToLinear(20), format.SRGBToLinear(20), format.SRGBToLinear(30), 1}, ""},
		{"agreeing fields", `{"type": "2d", "format": "r8g8b8a8_srgb", "width": 3, "height": 2, "levels": 1, "data": {"image": "` + path + `"}}`, [4]float32{format.SRGBToLinear(20), format.SRGBToLinear(20), format.SRGBToLinear(30), 1}, ""},
		{"unorm twin", `{"type": "2d", "format": "r8g8b8a8_unorm", "data": {"image": "` + path + `"}}`, [4]float32{20.0 / 255, 20.0 / 255, 30.0 / 255, 1}, ""},
		{"array form", `{"type": "2d_array", "data": {"image": "` + path + `"}}`, [4]float32{}, "texel"},
		{"width differs", `{"type": "2d", "width": 4, "data": {"image": "` + path + `"}}`, [4]float32{}, "surface.width: 4 does not match the file's 3"},
		{"format differs", `{"type": "2d", "format": "r8_unorm", "data": {"image": "` + path + `"}}`, [4]float32{}, "surface.format: r8_unorm does not match the file's format r8g8b8a8_srgb"},
		{"kind differs", `{"type": "1d_array", "data": {"image": "` + path + `"}}`, [4]float32{}, "surface.type: 1d_array does not match the 2d texture"},
		{"missing file", `{"type": "2d", "data": {"image": "` + path + `.none"}}`, [4]float32{}, "surface.data.image: \"" + path + ".none\": no such file in the files directory"},
		{"not a texture", `{"type": "2d", "data": {"image": "` + strings.ReplaceAll(self, `\`, `\\`) + `"}}`, [4]float32{}, "surface.data.image: " + self + ": unknown: signature (byte 0)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j, err := Decode([]byte(`{"surface": ` + tc.surface + `, ` + fetch + `}`))
			if err != nil {
				if tc.err != "" && strings.Contains(err.Error(), tc.err) {
					return
				}
				t.Fatal(err)
			}
			var res sampler.Result
			err = j.Run(w, &res)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Vec(0); got != tc.want {
				t.Errorf("texel (2, 1) = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestImageDataDecode(t *testing.T) {
	for _, tc := range []struct{ line, err string }{
		{`{"surface": {"data": {"image": "x.png"}}, "op": "fetch", "lanes": []}`, "surface.type: missing"},
		{`{"surface": {"type": "2d", "data": {"image": ""}}, "op": "fetch", "lanes": []}`, "surface.data.image: empty path"},
		{`{"surface": {"type": "2d", "data": {"image": 3}}, "op": "fetch", "lanes": []}`, "surface.data.image"},
	} {
		if _, err := Decode([]byte(tc.line)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.line, err, tc.err)
		}
	}
}

// TestImageDataKTX2 reads a cube map from a KTX 2.0 file (ktx-parse made it)
// and fetches from it as a 2D array of its faces.
func TestImageDataKTX2(t *testing.T) {
	// Level 1 (1×1) of face 4 holds pattern byte 4 of level 1: (64 + 28 + 3) & 255 = 95.
	line := `{"surface": {"type": "2d_array", "data": {"image": "texfile/testdata/ktx2_cube_r8.ktx2"}}, "op": "fetch", "lanes": [{"texel": [0, 0, 4], "level": 1}]}`
	j, err := Decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	var res sampler.Result
	w := &Worker{Files: openFiles(t, "..")}
	if err := j.Run(w, &res); err != nil {
		t.Fatal(err)
	}
	if got, want := res.Vec(0)[0], float32(95.0/255); got != want {
		t.Errorf("face 4 level 1 = %v, want %v", got, want)
	}
	// As a cube, a direction along −Z (face 5) at LOD 1 reads (64 + 35 + 3) & 255 = 102.
	line = `{"surface": {"type": "cube", "data": {"image": "texfile/testdata/ktx2_cube_r8.ktx2"}}, "op": "sample_l", "lanes": [{"coord": [0, 0, -1], "lod": 1}]}`
	if j, err = Decode([]byte(line)); err != nil {
		t.Fatal(err)
	}
	if err := j.Run(w, &res); err != nil {
		t.Fatal(err)
	}
	if got, want := res.Vec(0)[0], float32(102.0/255); got != want {
		t.Errorf("-Z at LOD 1 = %v, want %v", got, want)
	}
}

// TestImageDataBC1 fetches from a DDS file of BC1 blocks (ImageMagick made
// it): the sampler must return what the format's block decoder gives.
func TestImageDataBC1(t *testing.T) {
	bc1, err := format.Parse("bc1_rgba_unorm_block")
	if err != nil {
		t.Skip("no bc1_rgba_unorm_block yet")
	}
	b, err := os.ReadFile("../texfile/testdata/dxt1_mips.dds")
	if err != nil {
		t.Fatal(err)
	}
	var block [16][4]float32
	bc1.BlockDecoder()(b[128+8:128+16], block[:]) // block (1, 0) of level 0
	line := `{"surface": {"type": "2d", "data": {"image": "texfile/testdata/dxt1_mips.dds"}}, "op": "fetch", "lanes": [{"texel": [6, 1]}]}`
	j, err := Decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	var res sampler.Result
	if err := j.Run(&Worker{Files: openFiles(t, "..")}, &res); err != nil {
		t.Fatal(err)
	}
	if got, want := res.Vec(0), block[1*4+2]; got != want {
		t.Errorf("texel (6, 1) = %v, want %v", got, want)
	}
}

// openFiles opens dir as a Files closed when the test ends.
func openFiles(t *testing.T, dir string) *Files {
	t.Helper()
	f, err := OpenFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestImageDataASTC reads astcenc's 3D HDR .astc file: as UNORM without a format (HDR blocks are
// magenta), as SFLOAT when the job names astc_4x4x4_sfloat_block, where each fetched texel must
// equal astcenc's own decode of it (its -dH output, read from the KTX 1.1 file beside it); a
// 3D linear sample_l runs on it too, and a format of another block size is refused.
func TestImageDataASTC(t *testing.T) {
	w := &Worker{Files: openFiles(t, "..")}
	ref, err := texfile.ReadFile("../texfile/testdata/astc_4x4x4_hdr.dH.ktx", nil)
	if err != nil {
		t.Fatal(err)
	}
	const file = "texfile/testdata/astc_4x4x4_hdr.astc"
	var lanes []string
	var want [][4]float32
	for _, p := range [][3]int{{0, 0, 0}, {8, 6, 5}, {4, 3, 4}, {7, 1, 2}} {
		lanes = append(lanes, `{"texel": [`+itoa(p[0])+`, `+itoa(p[1])+`, `+itoa(p[2])+`]}`)
		want = append(want, ref.Surface.Format.Decode(ref.Surface.Data[ref.Surface.TexelOffset(0, p[0], p[1], p[2], 0, 0):]))
	}
	run := func(surf, op, lanes string) (*sampler.Result, error) {
		j, err := Decode([]byte(`{"surface": ` + surf + `, "op": "` + op + `", "lanes": [` + lanes + `]}`))
		if err != nil {
			return nil, err
		}
		var res sampler.Result
		return &res, j.Run(w, &res)
	}
	res, err := run(`{"type": "3d", "format": "astc_4x4x4_sfloat_block", "data": {"image": "`+file+`"}}`, "fetch", strings.Join(lanes, ", "))
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got := res.Vec(i); got != want[i] {
			t.Errorf("lane %d: %v, astcenc %v", i, got, want[i])
		}
	}
	res, err = run(`{"type": "3d", "data": {"image": "`+file+`"}}`, "fetch", strings.Join(lanes, ", "))
	if err != nil {
		t.Fatal(err)
	}
	magenta := 0
	for i := range want {
		if res.Vec(i) == [4]float32{1, 0, 1, 1} {
			magenta++
		}
	}
	if magenta == 0 {
		t.Error("read as UNORM, no HDR block is magenta")
	}
	res, err = run(`{"type": "3d", "format": "astc_4x4x4_sfloat_block", "data": {"image": "`+file+`"}}`, "sample_l",
		`{"coord": [0.5, 0.5, 0.5], "lod": 0}`)
	if err != nil || res.Vec(0)[0] <= 0 {
		t.Errorf("sample_l: %v, %v", err, res)
	}
	if _, err = run(`{"type": "3d", "format": "astc_6x6x6_sfloat_block", "data": {"image": "`+file+`"}}`, "fetch", lanes[0]); err == nil ||
		!strings.Contains(err.Error(), "surface.format: astc_6x6x6_sfloat_block does not match") {
		t.Errorf("other block size: %v", err)
	}
}

func itoa(v int) string { return strconv.Itoa(v) }
