package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"texunit/format"
	"texunit/surface"
	"texunit/texfile"
)

func init() {
	register(command{
		name:    "convert",
		summary: "convert a texture file to PNG or KTX2 (formats, mip chains)",
		run:     runConvert,
	})
}

func runConvert(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mips := fs.Bool("mips", false, "generate the full mip chain from level 0 (box filter, see surface.GenerateMips)")
	formatName := fs.String("format", "", "convert the texels to `format` (a texunit format name) first")
	bits := fs.Int("bits", 0, "PNG bit depth, 8 or 16 (0: 16 for formats with more than 8 bits or floats)")
	toneName := fs.String("tonemap", "clamp", "PNG tone mapping of float formats: clamp or reinhard")
	level := fs.Int("level", 0, "PNG: the mip `level` to write")
	layer := fs.Int("layer", 0, "PNG: the array `layer` (6·cube + face for cube maps) to write")
	slice := fs.Int("slice", 0, "PNG: the z `slice` of a 3D texture to write")
	zstdOut := fs.Bool("zstd", false, "KTX2: supercompress the levels with zstd")
	maxBytes := fs.Int("max-bytes", texfile.DefaultMaxBytes, "refuse files and results needing more than `n` bytes of memory")
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "Usage: texunit convert [flags] IN OUT\n\n"+
			"Reads IN (PNG, KTX 2.0, DDS or Radiance HDR) and writes OUT as PNG (one\n"+
			"image: -level, -layer, -slice) or KTX 2.0 (every level and layer), chosen\n"+
			"by OUT's extension (.png, .ktx2). -format converts the texels first,\n"+
			"-mips then replaces the mip chain by one generated from level 0.\n"+
			"See docs/TEXFILES.md.\n\n"+
			"Exit status: 0 ok, 1 reading, converting or writing failed, 2 usage error.\n\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	fs.Usage = func() {}
	files, code := parseInterspersed(fs, args, stdout, stderr, usage)
	if code >= 0 {
		return code
	}
	if len(files) != 2 {
		fmt.Fprintf(stderr, "texunit convert: want IN and OUT, got %d arguments\n", len(files))
		usage(stderr)
		return 2
	}
	in, out := files[0], files[1]
	outKind := texfile.ContainerOf(out)
	if outKind != texfile.PNG && outKind != texfile.KTX2 {
		fmt.Fprintf(stderr, "texunit convert: %s: can write .png and .ktx2 files only\n", out)
		return 2
	}
	tone, err := texfile.ParseToneMap(*toneName)
	if err != nil {
		fmt.Fprintf(stderr, "texunit convert: -tonemap: %v\n", err)
		return 2
	}
	if *bits != 0 && *bits != 8 && *bits != 16 {
		fmt.Fprintf(stderr, "texunit convert: -bits %d: want 8 or 16\n", *bits)
		return 2
	}
	var target format.Format
	if *formatName != "" {
		if target, err = format.Parse(*formatName); err != nil {
			fmt.Fprintf(stderr, "texunit convert: -format: %v\n", err)
			return 2
		}
	}
	f, err := texfile.ReadFile(in, &texfile.Options{MaxBytes: *maxBytes})
	if err != nil {
		fmt.Fprintf(stderr, "texunit convert: %v\n", fileError(in, err))
		return 1
	}
	s := f.Surface
	if target.Valid() && target != s.Format {
		if s, err = texfile.ConvertFormat(s, target, *maxBytes); err != nil {
			fmt.Fprintf(stderr, "texunit convert: %s: %v\n", in, err)
			return 1
		}
	}
	if *mips {
		if s, err = surface.WithMips(s, 0, *maxBytes); err != nil {
			fmt.Fprintf(stderr, "texunit convert: %s: -mips: %v\n", in, err)
			return 1
		}
	}
	var buf bytes.Buffer
	switch outKind {
	case texfile.PNG:
		err = texfile.WritePNG(&buf, s, &texfile.PNGOptions{Bits: *bits, ToneMap: tone, Level: *level, Layer: *layer, Slice: *slice})
	case texfile.KTX2:
		err = texfile.WriteKTX2(&buf, s, &texfile.KTX2Options{Zstd: *zstdOut})
	}
	if err != nil {
		fmt.Fprintf(stderr, "texunit convert: %s: %v\n", out, err)
		return 1
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "texunit convert: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: %v %v %dx%dx%d, %d levels, %d layers\n", out, s.Kind, s.Format, s.Width, s.Height, s.Depth, s.Levels, s.Layers)
	return 0
}
