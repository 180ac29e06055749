package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/texunit/texunit/demo"
	"github.com/texunit/texunit/sampler"
)

func init() {
	register(command{
		name:    "demo",
		summary: "render a picture of the sampler's filters at work (demo.png)",
		run:     runDemo,
	})
}

// demoSizeFlag is a "WxH" flag value.
type demoSizeFlag struct{ w, h int }

func (s *demoSizeFlag) String() string { return fmt.Sprintf("%dx%d", s.w, s.h) }

func (s *demoSizeFlag) Set(v string) error {
	ws, hs, ok := strings.Cut(strings.ToLower(v), "x")
	if !ok {
		return errors.New("want WxH, for example 384x288")
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil {
		return errors.New("want WxH, for example 384x288")
	}
	if w < demo.MinPanelSize || w > demo.MaxPanelSize || h < demo.MinPanelSize || h > demo.MaxPanelSize {
		return fmt.Errorf("%dx%d: each side must be %d..%d", w, h, demo.MinPanelSize, demo.MaxPanelSize)
	}
	s.w, s.h = w, h
	return nil
}

func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "demo.png", "write the picture to `file`")
	size := demoSizeFlag{demo.DefaultWidth, demo.DefaultHeight}
	fs.Var(&size, "size", "size of one panel, `WxH` pixels (the picture is twice as wide and high)")
	workers := fs.Int("j", 0, "sample on `n` goroutines (0: one per CPU)")
	pictures := fs.String("pictures", "", "also write the documentation's pictures (footprint.png, quad.png, aniso.png) to `dir`")
	aniso := fs.String("aniso", "vulkan", "the anisotropic panel's filter: `method` vulkan, ewa or footprint_assembly")
	texSize := fs.Int("texture", demo.DefaultTextureSize, fmt.Sprintf("ground texture of `n`xn texels (%d..%d)", demo.MinTextureSize, demo.MaxTextureSize))
	const usage = "Usage: texunit demo [flags]\n\n" +
		"Renders a textured ground plane in perspective in four panels: nearest,\n" +
		"bilinear, trilinear and 16x anisotropic filtering, every ground pixel one\n" +
		"implicit-LOD sample of the sampler, and writes it as PNG. It prints the\n" +
		"number of samples taken and the sampling rate. -aniso chooses the\n" +
		"anisotropic panel's filter: Vulkan's reference probes (the default),\n" +
		"Heckbert's elliptical weighted average or footprint assembly.\n\nFlags:\n"
	if rc := parseCommandFlags(fs, args, usage, stdout, stderr); rc >= 0 {
		return rc
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "texunit demo: unexpected argument %q (see texunit demo -h)\n", fs.Arg(0))
		return 2
	}
	if *workers < 0 {
		fmt.Fprintf(stderr, "texunit demo: -j %d: must be at least 0\n", *workers)
		return 2
	}
	if *texSize < demo.MinTextureSize || *texSize > demo.MaxTextureSize {
		fmt.Fprintf(stderr, "texunit demo: -texture %d: must be %d..%d\n", *texSize, demo.MinTextureSize, demo.MaxTextureSize)
		return 2
	}
	method, err := sampler.ParseAnisoMethod(*aniso)
	if err != nil {
		fmt.Fprintf(stderr, "texunit demo: -aniso %q: want vulkan, ewa or footprint_assembly\n", *aniso)
		return 2
	}
	img, st, err := demo.Render(demo.Options{Width: size.w, Height: size.h, TextureSize: *texSize, Workers: *workers, Anisotropy: method})
	if err != nil {
		fmt.Fprintf(stderr, "texunit demo: %v\n", err)
		return 1
	}
	if err := writeDemoPNG(*out, img); err != nil {
		fmt.Fprintf(stderr, "texunit demo: %v\n", err)
		return 1
	}
	b := img.Bounds()
	fmt.Fprintf(stdout, "wrote %s (%dx%d): %d samples in %.2f s, %.1f M samples/s\n",
		*out, b.Dx(), b.Dy(), st.Samples, st.Elapsed.Seconds(), st.SamplesPerSecond()/1e6)
	if *pictures != "" {
		fp, err := demo.FootprintPicture(0.4, 0.55)
		if err == nil {
			err = writeDemoPNG(filepath.Join(*pictures, "footprint.png"), fp)
		}
		var q *image.RGBA
		if err == nil {
			q, err = demo.QuadPicture()
		}
		if err == nil {
			err = writeDemoPNG(filepath.Join(*pictures, "quad.png"), q)
		}
		var a *image.RGBA
		if err == nil {
			a, err = demo.AnisoPicture(320, 240)
		}
		if err == nil {
			err = writeDemoPNG(filepath.Join(*pictures, "aniso.png"), a)
		}
		if err != nil {
			fmt.Fprintf(stderr, "texunit demo: -pictures: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s, %s and %s\n", filepath.Join(*pictures, "footprint.png"), filepath.Join(*pictures, "quad.png"), filepath.Join(*pictures, "aniso.png"))
	}
	return 0
}

// writeDemoPNG encodes img as PNG into the file name, replacing it.
func writeDemoPNG(name string, img image.Image) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		os.Remove(name)
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}
