package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/texfile"
)

func init() {
	register(command{
		name:    "info",
		summary: "describe a texture file (PNG, KTX2, KTX, DDS, Radiance HDR, .astc)",
		run:     runInfo,
	})
}

// fileInfo is what "texunit info" reports about one file.
type fileInfo struct {
	File             string `json:"file"`
	Container        string `json:"container"`
	Header           string `json:"header"`
	Kind             string `json:"kind"`
	Format           string `json:"format"`
	Width            int    `json:"width"`
	Height           int    `json:"height"`
	Depth            int    `json:"depth"`
	Levels           int    `json:"levels"`
	Layers           int    `json:"layers"`
	Bytes            int    `json:"bytes"`
	Supercompression string `json:"supercompression"`
}

func describeFile(f *texfile.File) fileInfo {
	s := f.Surface
	return fileInfo{File: f.Name, Container: f.Container.String(), Header: f.Header, Kind: s.Kind.String(), Format: s.Format.String(),
		Width: s.Width, Height: s.Height, Depth: s.Depth, Levels: s.Levels, Layers: s.Layers, Bytes: len(s.Data), Supercompression: f.Supercompression}
}

func runInfo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("info", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per file")
	maxBytes := memoryFlag(fs, "each file")
	astcNum := astcFlag(fs)
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "Usage: texunit info [-json] [-max-bytes n] [-astc unorm|srgb|sfloat] FILE...\n\n"+
			"Reads each texture file (PNG, KTX 2.0, KTX 1.1, DDS, Radiance HDR,\n"+
			"astcenc's .astc; the type is recognised from the file's signature) and\n"+
			"prints its container, the texunit surface it becomes (kind, format,\n"+
			"size, levels, layers) and the size of its texel data in bytes. Each\n"+
			"file is read within a memory budget of -max-bytes of its own (the\n"+
			"file's bytes, the decoder's buffers and the texel data together).\n"+
			"-astc says how to read ASTC blocks whose file does not say whether\n"+
			"they are LDR, sRGB or HDR content. See docs/TEXFILES.md.\n\n"+
			"Exit status: 0 every file was read, 1 a file could not be read, 2 usage error.\n\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	fs.Usage = func() {}
	files, code := parseInterspersed(fs, args, stdout, stderr, usage)
	if code >= 0 {
		return code
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "texunit info: no file given\n")
		usage(stderr)
		return 2
	}
	num, err := parseASTCFlag(*astcNum)
	if err != nil {
		fmt.Fprintf(stderr, "texunit info: -astc: %v\n", err)
		return 2
	}
	limit := budgetOf(maxBytes)
	status := 0
	for _, name := range files {
		// Each file has a budget of its own: reading file N+1 starts from
		// zero.
		f, err := texfile.ReadFile(name, &texfile.Options{Budget: budget.New(limit), ASTC: num})
		if err != nil {
			fmt.Fprintf(stderr, "texunit info: %v\n", fileError(name, err))
			status = 1
			continue
		}
		in := describeFile(f)
		if *asJSON {
			b, _ := json.Marshal(in)
			fmt.Fprintf(stdout, "%s\n", b)
			continue
		}
		fmt.Fprintf(stdout, "file:             %s\ncontainer:        %s (%s)\nkind:             %s\nformat:           %s\nsize:             %dx%dx%d\nlevels:           %d\nlayers:           %d\nbytes:            %d\nsupercompression: %s\n",
			in.File, in.Container, in.Header, in.Kind, in.Format, in.Width, in.Height, in.Depth, in.Levels, in.Layers, in.Bytes, in.Supercompression)
		if len(files) > 1 {
			fmt.Fprintln(stdout)
		}
	}
	return status
}

// astcFlag defines -astc, the format family of ASTC data whose file does
// not say it (texfile.Options.ASTC).
func astcFlag(fs *flag.FlagSet) *string {
	return fs.String("astc", "unorm", "read the ASTC blocks of .astc files and KTX 1.1's RGBA ASTC formats as `unorm`, srgb or sfloat (HDR)")
}

// parseASTCFlag parses -astc's value.
func parseASTCFlag(v string) (format.Numeric, error) {
	switch v {
	case "unorm":
		return format.NumericUnorm, nil
	case "srgb":
		return format.NumericSrgb, nil
	case "sfloat":
		return format.NumericSfloat, nil
	}
	return 0, fmt.Errorf("%q is not unorm, srgb or sfloat", v)
}

// fileError makes sure an error names the file (texfile's errors do; those
// of opening it do as well through *os.PathError).
func fileError(name string, err error) error {
	var te *texfile.Error
	if errors.As(err, &te) && te.File == "" {
		te.File = name
	}
	return err
}

// parseInterspersed parses flags that may come before or after the
// positional arguments. It returns the positional arguments and -1, or an
// exit status when parsing ends the command (0 for -h, 2 for a bad flag).
func parseInterspersed(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, usage func(io.Writer)) ([]string, int) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage(stdout)
				return nil, 0
			}
			usage(stderr)
			return nil, 2
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, -1
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), -1
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
