package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texfile"
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
	maxBytes := memoryFlag(fs, "the whole conversion")
	astcNum := astcFlag(fs)
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "Usage: texunit convert [flags] IN OUT\n\n"+
			"Reads IN (PNG, KTX 2.0, KTX 1.1, DDS, Radiance HDR or astcenc's .astc;\n"+
			"-astc says how to read ASTC blocks whose file does not say) and writes\n"+
			"OUT as PNG (one image: -level, -layer, -slice) or KTX 2.0 (every level\n"+
			"and layer), chosen by OUT's extension (.png, .ktx2). -format converts\n"+
			"the texels first, -mips then replaces the mip chain by one generated\n"+
			"from level 0.\n"+
			"The whole conversion runs within one memory budget of -max-bytes: the\n"+
			"input file, the surfaces, the mip chain and the writer's buffers held\n"+
			"at once. OUT is written through a temporary file in its directory,\n"+
			"renamed into place when it is complete. See docs/TEXFILES.md.\n\n"+
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
	num, err := parseASTCFlag(*astcNum)
	if err != nil {
		fmt.Fprintf(stderr, "texunit convert: -astc: %v\n", err)
		return 2
	}
	var target format.Format
	if *formatName != "" {
		if target, err = format.Parse(*formatName); err != nil {
			fmt.Fprintf(stderr, "texunit convert: -format: %v\n", err)
			return 2
		}
	}
	// One budget for the whole command: each surface's reservation is
	// released when the next one replaces it.
	bud := budget.New(budgetOf(maxBytes))
	f, err := texfile.ReadFile(in, &texfile.Options{Budget: bud, ASTC: num})
	if err != nil {
		fmt.Fprintf(stderr, "texunit convert: %v\n", fileError(in, err))
		return 1
	}
	s := f.Surface
	if target.Valid() && target != s.Format {
		c, err := texfile.ConvertFormatIn(s, target, bud)
		if err != nil {
			fmt.Fprintf(stderr, "texunit convert: %s: %v\n", in, err)
			return 1
		}
		bud.Release(int64(len(s.Data)))
		s = c
	}
	if *mips {
		m, err := surface.WithMipsIn(s, 0, bud)
		if err != nil {
			fmt.Fprintf(stderr, "texunit convert: %s: -mips: %v\n", in, err)
			return 1
		}
		bud.Release(int64(len(s.Data)))
		s = m
	}
	err = writeAtomically(out, func(w io.Writer) error {
		switch outKind {
		case texfile.PNG:
			return texfile.WritePNG(w, s, &texfile.PNGOptions{Bits: *bits, ToneMap: tone, Level: *level, Layer: *layer, Slice: *slice, Budget: bud})
		default:
			return texfile.WriteKTX2(w, s, &texfile.KTX2Options{Zstd: *zstdOut, Budget: bud})
		}
	})
	if err != nil {
		fmt.Fprintf(stderr, "texunit convert: %s: %v\n", out, err)
		return 1
	}
	if outKind == texfile.PNG {
		// One image of the surface: say which, at its own size.
		w, h, _ := s.LevelSize(*level)
		var of []string
		if s.Levels > 1 {
			of = append(of, fmt.Sprintf("level %d of %d", *level, s.Levels))
		}
		switch {
		case s.Kind == surface.KindCube:
			of = append(of, fmt.Sprintf("face %d", *layer))
		case s.Kind.IsCube():
			of = append(of, fmt.Sprintf("face %d of cube %d", *layer%6, *layer/6))
		case s.Layers > 1:
			of = append(of, fmt.Sprintf("layer %d of %d", *layer, s.Layers))
		}
		if _, _, d := s.LevelSize(*level); d > 1 {
			of = append(of, fmt.Sprintf("slice %d of %d", *slice, d))
		}
		what := ""
		if len(of) > 0 {
			what = fmt.Sprintf(" (%s of the %v %dx%dx%d)", strings.Join(of, ", "), s.Kind, s.Width, s.Height, s.Depth)
		}
		fmt.Fprintf(stdout, "wrote %s: %v %dx%d%s\n", out, s.Format, w, h, what)
		return 0
	}
	fmt.Fprintf(stdout, "wrote %s: %v %v %dx%dx%d, %d levels, %d layers\n", out, s.Kind, s.Format, s.Width, s.Height, s.Depth, s.Levels, s.Layers)
	return 0
}

// writeAtomically writes the file name through write: into a temporary file
// in name's directory (through a 64 KiB buffer), renamed to name when
// write and the close succeed. On failure the temporary file is removed and
// name is left as it was.
func writeAtomically(name string, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
