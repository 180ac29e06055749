// Package modtest holds the test that texunit can be used as a dependency,
// as a new user would: a module of its own that requires
// github.com/texunit/texunit, builds and runs a program that reads a PNG,
// samples it through the image bridges and writes a PNG.
package modtest

import (
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const program = `package main

import (
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		panic(err)
	}
	img, err := png.Decode(f)
	if err != nil {
		panic(err)
	}
	s, err := surface.FromImage(img)
	if err != nil {
		panic(err)
	}
	st := sampler.DefaultState()
	st.MagFilter, st.MinFilter = sampler.Linear, sampler.Linear
	const w, h = 12, 8
	vals := make([][4]float32, w*h)
	var eng sampler.Engine
	if err := eng.SampleGrid(s.View(), &st, sampler.OpSampleL, w, h, 0, vals); err != nil {
		panic(err)
	}
	out, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: s.Format, Width: w, Height: h, Levels: 1})
	if err != nil {
		panic(err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := vals[y*w+x]
			out.Format.Encode(out.Data[out.TexelOffset(0, x, y, 0, 0, 0):], [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])})
		}
	}
	im, err := out.Image(0, 0, 0)
	if err != nil {
		panic(err)
	}
	g, err := os.Create(os.Args[2])
	if err != nil {
		panic(err)
	}
	if err := png.Encode(g, im); err != nil {
		panic(err)
	}
	g.Close()
	fmt.Println("wrote", im.Bounds(), im.(*image.NRGBA).NRGBAAt(0, 0))
}
`

// TestModule builds a program in a module of its own that requires
// texunit by its module path (a replace directive points it at this
// checkout, as "go get github.com/texunit/texunit/sampler@COMMIT" would
// fetch it) and runs it on a PNG.
func TestModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/app\n\ngo 1.26\n\nrequire github.com/texunit/texunit v0.0.0\n\nreplace github.com/texunit/texunit => " + root + "\n"
	for name, text := range map[string]string{"go.mod": mod, "go.sum": string(sum), "main.go": program} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out.png")
	cmd := exec.Command("go", "run", ".", filepath.Join(root, "texfile", "testdata", "rgba8.png"), out)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, b)
	}
	if !strings.HasPrefix(string(b), "wrote (0,0)-(12,8)") {
		t.Errorf("the program printed %q", b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 12 || img.Bounds().Dy() != 8 {
		t.Errorf("the PNG it wrote: %v, %v", err, img)
	}
}
