package main

import (
	"bufio"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/msaa"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/texcache"
)

func init() {
	register(command{
		name:    "msaa",
		summary: "AMD multisample load (the patent's figures), resolve, image_msaa_load assembly",
		run:     runMSAA,
	})
}

var msaaSubcommands = []struct {
	name, summary string
	run           func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}{
	{"load", "run multisample loads on one pixel and show strides, phases, registers, traffic (-figure 5A..5D)", runMSAALoad},
	{"stats", "compare one multisample load with the equivalent per-sample loads over a wave", runMSAAStats},
	{"resolve", "resolve a multisample surface (average, min, max, sample0, weighted) to PNG", runMSAAResolve},
	{"asm", "assemble image_msaa_load lines for gfx1030 or gfx1100 (llvm-mc -show-encoding output)", runMSAAAsm},
	{"disasm", "disassemble image_msaa_load machine words", runMSAADisasm},
}

func msaaUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: texunit msaa <subcommand> [flags]\n\n"+
		"The multisample load instruction of AMD's patent US 2021/0407182 (MSAA load)\n"+
		"and RDNA's image_msaa_load. Subcommands:\n\n")
	for _, s := range msaaSubcommands {
		fmt.Fprintf(w, "\t%-8s %s\n", s.name, s.summary)
	}
	fmt.Fprintf(w, "\nRun \"texunit msaa <subcommand> -h\" for its flags. See docs/MSAA.md.\n")
}

func runMSAA(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		msaaUsage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		msaaUsage(stdout)
		return 0
	}
	for _, s := range msaaSubcommands {
		if s.name == args[0] {
			return s.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "texunit msaa: unknown subcommand %q\n\n", args[0])
	msaaUsage(stderr)
	return 2
}

// msaaFlags parses fs; it returns -1 to go on, or the exit status.
func msaaParse(fs *flag.FlagSet, args []string, stdout io.Writer) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.Usage()
			return 0
		}
		return 2
	}
	return -1
}

// msaaParseNoArgs is msaaParse for subcommands that take flags only: an
// argument left over is a usage error naming it.
func msaaParseNoArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	if st := msaaParse(fs, args, stdout); st >= 0 {
		return st
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "texunit %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2
	}
	return -1
}

// msaaSurfaceFlags are the flags that describe the surface a subcommand
// works on: a JSON surface object of the batch protocol, or a generated
// surface.
type msaaSurfaceFlags struct {
	file                               *string
	size                               *string
	layers, samples, components, frags *int
	spacing, pixelPitch, rowPitch      *int
	element, layout, data, fmask       *string
	depth                              *bool
	seed                               *uint
	maxBytes                           *byteSize
	mem                                *budget.Budget // made by build
}

func addMSAASurfaceFlags(fs *flag.FlagSet, samples int) *msaaSurfaceFlags {
	return &msaaSurfaceFlags{
		file:       fs.String("surface", "", "read the surface from `file`: a JSON surface object of the batch protocol (2d_ms or 2d_ms_array); otherwise one is generated"),
		size:       fs.String("size", "4x4", "generated surface: `WxH` pixels"),
		layers:     fs.Int("layers", 1, "generated surface: array slices"),
		samples:    fs.Int("samples", samples, "generated surface: samples per pixel (1, 2, 4, 8, 16)"),
		components: fs.Int("components", 4, "generated surface: components per sample (1..16)"),
		frags:      fs.Int("fragments", 0, "generated surface: fragments stored per pixel with an FMASK (0: uncompressed)"),
		element:    fs.String("element", "uint32", "generated surface: element `type` (unorm8, snorm8, srgb8, uint8, sint8, unorm16, snorm16, uint16, sint16, float16, float32, uint32, sint32)"),
		layout:     fs.String("layout", "sample", "storage layout: sample (components of a sample contiguous, Figs 5A-5C) or component (Fig 5D)"),
		spacing:    fs.Int("spacing", 0, "storage: `elements` from one sample's first component to the next sample's (layout sample), or from one component's first sample to the next component's (layout component); 0: no padding"),
		pixelPitch: fs.Int("pixel-pitch", 0, "storage: `bytes` from one pixel's block to the next; 0: the block's size"),
		rowPitch:   fs.Int("row-pitch", 0, "storage: `bytes` from one row of pixels to the next; 0: width times the pixel pitch"),
		data:       fs.String("data", "labels", "generated surface: labels (component c of sample s of pixel p holds 100p+10(s+1)+c+1: S1C1 = 11), hash, or scene (shapes with hard edges, sampled at the standard sample positions)"),
		fmask:      fs.String("fmask", "", "FMASK word for every pixel, hex (needs -fragments)"),
		depth:      fs.Bool("depth", false, "generated surface: a depth surface (one component, unorm16 or float32)"),
		seed:       fs.Uint("seed", 1, "generated surface: seed of -data hash"),
		maxBytes:   memoryFlag(fs, "the command: the surface, the file it is read from and the results together"),
	}
}

func (f *msaaSurfaceFlags) build() (*msaa.Surface, bool, error) {
	layout, err := msaa.ParseLayout(*f.layout)
	if err != nil {
		return nil, false, err
	}
	f.mem = budget.New(budgetOf(f.maxBytes))
	if *f.file != "" {
		text, err := readSmallFile(*f.file, f.mem)
		if err != nil {
			return nil, false, err
		}
		spec, err := batch.DecodeSurface(text)
		f.mem.Release(int64(len(text)))
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", *f.file, err)
		}
		view, err := (&batch.Worker{Budget: f.mem, CacheBytes: -1}).View(spec)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", *f.file, err)
		}
		s, err := msaa.FromCoreStorage(view.Surface, msaa.Storage{Layout: layout, Spacing: *f.spacing, PixelPitch: *f.pixelPitch, RowPitch: *f.rowPitch}, f.mem)
		f.mem.Release(int64(len(view.Surface.Data)))
		return s, false, err
	}
	w, h, err := msaaParseSize(*f.size)
	if err != nil {
		return nil, false, err
	}
	el, err := msaa.ParseElement(*f.element)
	if err != nil {
		return nil, false, err
	}
	comps := *f.components
	if *f.depth {
		comps = 1
		if *f.element == "uint32" {
			el = msaa.Float32
		}
	}
	s, err := msaa.NewIn(msaa.Desc{Width: w, Height: h, Layers: *f.layers, Samples: *f.samples, Components: comps,
		Element: el, Depth: *f.depth, Layout: layout, Fragments: *f.frags,
		Spacing: *f.spacing, PixelPitch: *f.pixelPitch, RowPitch: *f.rowPitch}, f.mem)
	if err != nil {
		return nil, false, err
	}
	labels := false
	switch *f.data {
	case "labels":
		labels = true
		for l := 0; l < s.Layers; l++ {
			for y := 0; y < s.Height; y++ {
				for x := 0; x < s.Width; x++ {
					p := (l*s.Height+y)*s.Width + x
					for fr := 0; fr < s.Stored(); fr++ {
						for c := 0; c < s.Components; c++ {
							v := uint32(100*p + 10*(fr+1) + c + 1)
							if s.Depth {
								v = uint32(100*p + fr + 1)
							}
							_ = s.SetElementBits(x, y, l, fr, c, msaaLabelBits(el, v))
						}
					}
				}
			}
		}
	case "hash":
		h := uint32(*f.seed)
		for i := range s.Data {
			h ^= h << 13
			h ^= h >> 17
			h ^= h << 5
			s.Data[i] = byte(h >> 8)
		}
		if el == msaa.Float32 {
			for i := 0; i+4 <= len(s.Data); i += 4 {
				v := float32(s.Data[i+1]) / 255
				b := math.Float32bits(v)
				s.Data[i], s.Data[i+1], s.Data[i+2], s.Data[i+3] = byte(b), byte(b>>8), byte(b>>16), byte(b>>24)
			}
		}
	case "scene":
		msaaScene(s)
	default:
		return nil, false, fmt.Errorf("-data %q: want labels, hash or scene", *f.data)
	}
	if *f.fmask != "" {
		word, err := strconv.ParseUint(strings.TrimPrefix(*f.fmask, "0x"), 16, 64)
		if err != nil {
			return nil, false, fmt.Errorf("-fmask %q: not a hex word", *f.fmask)
		}
		for l := 0; l < s.Layers; l++ {
			for y := 0; y < s.Height; y++ {
				for x := 0; x < s.Width; x++ {
					if err := s.SetFMask(x, y, l, word); err != nil {
						return nil, false, err
					}
				}
			}
		}
	}
	return s, labels && (el == msaa.Uint32 || el == msaa.Float32), nil
}

// msaaLabelBits stores label v in an element of type el: the value itself
// for 32-bit elements (float32 holds it exactly), the low bits otherwise.
func msaaLabelBits(el msaa.Element, v uint32) uint32 {
	if el == msaa.Float32 {
		return math.Float32bits(float32(v))
	}
	return v
}

func msaaParseSize(v string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(v), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("-size %q: want WxH, for example 4x4", v)
	}
	return w, h, nil
}

// msaaLabel prints an element: SxCy (or Dx) for labelled surfaces, the
// value otherwise.
func msaaLabel(s *msaa.Surface, labels bool, kind msaa.ValueKind, bits uint32, half bool) string {
	if half {
		return fmt.Sprintf("%#06x", bits)
	}
	if labels {
		v := bits
		if s.Element == msaa.Float32 {
			v = uint32(math.Float32frombits(bits))
		}
		v %= 100
		if v == 0 {
			return "0"
		}
		if s.Depth {
			return fmt.Sprintf("D%d", v)
		}
		if s.Fragments > 0 {
			return fmt.Sprintf("F%dC%d", v/10, v%10) // stored fragment, read through the FMASK
		}
		return fmt.Sprintf("S%dC%d", v/10, v%10)
	}
	switch kind {
	case msaa.ValueUint:
		return strconv.FormatUint(uint64(bits), 10)
	case msaa.ValueSint:
		return strconv.FormatInt(int64(int32(bits)), 10)
	}
	return strconv.FormatFloat(float64(math.Float32frombits(bits)), 'g', -1, 32)
}

func msaaDescribe(w io.Writer, s *msaa.Surface) {
	kind := "colour"
	if s.Depth {
		kind = "depth"
	}
	fig := "components of a sample contiguous, Figs 5A-5C"
	if s.Layout == msaa.ComponentContiguous {
		fig = "same component of the samples contiguous, Fig 5D"
	}
	fmt.Fprintf(w, "surface: %dx%dx%d %s, %d samples, %d components of %s, layout %s (%s)",
		s.Width, s.Height, s.Layers, kind, s.Samples, s.Components, s.Element, s.Layout, fig)
	if s.Fragments > 0 {
		fmt.Fprintf(w, ", FMASK with %d fragments", s.Fragments)
	}
	if s.Spacing != unpaddedSpacing(&s.Desc) || s.PixelPitch != s.Stored()*s.Components*s.Element.Bytes || s.RowPitch != s.Width*s.PixelPitch {
		fmt.Fprintf(w, ", spacing %d elements, pixel pitch %d bytes, row pitch %d bytes", s.Spacing, s.PixelPitch, s.RowPitch)
	}
	fmt.Fprintln(w)
}

// unpaddedSpacing is the Spacing of d without padding: a group's length.
func unpaddedSpacing(d *msaa.Desc) int {
	if d.Layout == msaa.ComponentContiguous {
		if d.Fragments > 0 {
			return d.Fragments
		}
		return d.Samples
	}
	return d.Components
}

type msaaFigureLoad struct {
	name   string
	in     msaa.Instruction
	sample int32
}

// msaaFigures lists each figure's loads: the sampling rate, layout, whether
// it needs a depth surface, and the loads.
var msaaFigures = map[string]struct {
	samples int
	layout  msaa.Layout
	loads   []msaaFigureLoad
	depth   []msaaFigureLoad
}{
	"5A": {4, msaa.SampleContiguous,
		[]msaaFigureLoad{{"506(1) color buffer load - same component (C1)", msaa.Instruction{Mode: msaa.SameComponent}, 0},
			{"506(2) color buffer load - same sample (S1)", msaa.Instruction{Mode: msaa.SameSample}, 0}},
		[]msaaFigureLoad{{"507(1) depth buffer load", msaa.Instruction{Mode: msaa.DepthSamples}, 0}}},
	"5B": {2, msaa.SampleContiguous,
		[]msaaFigureLoad{{"526(1) same component, rest repeated", msaa.Instruction{Mode: msaa.SameComponent}, 0},
			{"526(1) same component, rest zeros", msaa.Instruction{Mode: msaa.SameComponent, Fill: msaa.FillZero}, 0},
			{"526(2) same sample (S1)", msaa.Instruction{Mode: msaa.SameSample}, 0}},
		[]msaaFigureLoad{{"527(1) depth buffer load", msaa.Instruction{Mode: msaa.DepthSamples}, 0}}},
	"5C": {8, msaa.SampleContiguous,
		[]msaaFigureLoad{{"546(1) same component, first phase", msaa.Instruction{Mode: msaa.SameComponent, Phase: 0}, 0},
			{"546(2) same component, second phase", msaa.Instruction{Mode: msaa.SameComponent, Phase: 1}, 0},
			{"546(1)+546(2) one instruction, two registers", msaa.Instruction{Mode: msaa.SameComponent, AllPhases: true}, 0},
			{"546(3) same sample (S1)", msaa.Instruction{Mode: msaa.SameSample}, 0}},
		[]msaaFigureLoad{{"547(1) depth, first phase", msaa.Instruction{Mode: msaa.DepthSamples, Phase: 0}, 0},
			{"547(2) depth, second phase", msaa.Instruction{Mode: msaa.DepthSamples, Phase: 1}, 0}}},
	"5D": {4, msaa.ComponentContiguous,
		[]msaaFigureLoad{{"506(1) same component (C1)", msaa.Instruction{Mode: msaa.SameComponent}, 0},
			{"506(2) same sample (S1)", msaa.Instruction{Mode: msaa.SameSample}, 0}}, nil},
}

func runMSAALoad(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("msaa load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sf := addMSAASurfaceFlags(fs, 4)
	figure := fs.String("figure", "", "run the loads of a figure of the patent: 5A, 5B, 5C or 5D (sets -samples and -layout)")
	mode := fs.String("mode", "same_component", "loading mode: same_component, same_sample or depth")
	comp := fs.Int("component", 0, "same_component: the component loaded (0 is the patent's C1)")
	elems := fs.Int("elements", msaa.DefaultElements, "elements per destination register")
	fill := fs.String("fill", "repeat", "fill policy for elements without a source: repeat, zero or constant")
	constant := fs.Uint("constant", 0, "fill constant: the 32-bit result pattern")
	phase := fs.Int("phase", 0, "phase: the group of elements loaded when there are more than fit")
	all := fs.Bool("all-phases", false, "one instruction writes every phase into consecutive registers")
	fromSample := fs.Bool("group-from-sample", false, "take the group from -sample (4*floor(index/4), as RDNA's image_msaa_load)")
	sample := fs.Int("sample", 0, "sample index (same_sample mode, -group-from-sample)")
	half := fs.Bool("half", false, "half-precision results, two per register word (d16)")
	tfe := fs.Bool("tfe", false, "append the residency code (tfe)")
	x := fs.Int("x", 0, "pixel x")
	y := fs.Int("y", 0, "pixel y")
	slice := fs.Int("slice", 0, "array slice")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: texunit msaa load [flags]\n\n"+
			"Runs multisample loads on one pixel and prints the pixel's elements in\n"+
			"memory order, the stride, phases and register contents of each load, and\n"+
			"the bytes and 64-byte lines it touched. -figure runs a figure's loads.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if st := msaaParseNoArgs(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	var loads, depthLoads []msaaFigureLoad
	if *figure != "" {
		fg, ok := msaaFigures[strings.ToUpper(*figure)]
		if !ok {
			fmt.Fprintf(stderr, "texunit msaa load: -figure %q: want 5A, 5B, 5C or 5D\n", *figure)
			return 2
		}
		*sf.samples, *sf.layout = fg.samples, fg.layout.String()
		*sf.size = "1x1"
		loads, depthLoads = fg.loads, fg.depth
	} else {
		m, err := msaa.ParseMode(*mode)
		if err != nil {
			fmt.Fprintf(stderr, "texunit msaa load: %v\n", err)
			return 2
		}
		fp, err := msaa.ParseFill(*fill)
		if err != nil {
			fmt.Fprintf(stderr, "texunit msaa load: %v\n", err)
			return 2
		}
		if m == msaa.DepthSamples {
			*sf.depth = true
		}
		loads = []msaaFigureLoad{{"load", msaa.Instruction{Mode: m, Component: *comp, Elements: *elems, Fill: fp,
			Constant: uint32(*constant), Phase: *phase, AllPhases: *all, GroupFromSample: *fromSample, Half: *half, Residency: *tfe}, int32(*sample)}}
	}
	s, labels, err := sf.build()
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa load: %v\n", err)
		return 1
	}
	if err := msaaRunLoads(stdout, s, labels, loads, *x, *y, *slice); err != nil {
		fmt.Fprintf(stderr, "texunit msaa load: %v\n", err)
		return 1
	}
	if len(depthLoads) > 0 {
		*sf.depth = true
		d, labels, err := sf.build()
		if err != nil {
			fmt.Fprintf(stderr, "texunit msaa load: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout)
		if err := msaaRunLoads(stdout, d, labels, depthLoads, *x, *y, *slice); err != nil {
			fmt.Fprintf(stderr, "texunit msaa load: %v\n", err)
			return 1
		}
	}
	return 0
}

func msaaRunLoads(w io.Writer, s *msaa.Surface, labels bool, loads []msaaFigureLoad, x, y, slice int) error {
	msaaDescribe(w, s)
	if x < 0 || x >= s.Width || y < 0 || y >= s.Height || slice < 0 || slice >= s.Layers {
		return fmt.Errorf("pixel (%d, %d, %d) is outside the %dx%dx%d surface", x, y, slice, s.Width, s.Height, s.Layers)
	}
	fmt.Fprintf(w, "pixel (%d, %d, %d), elements in memory order:", x, y, slice)
	group := unpaddedSpacing(&s.Desc)
	groups := s.Stored() * s.Components / group
	order := make([]string, groups*s.Spacing) // the block, each group's padding included
	for i := range order {
		order[i] = "_" // padding
	}
	for f := 0; f < s.Stored(); f++ {
		for c := 0; c < s.Components; c++ {
			order[s.ElementIndex(f, c)] = msaaLabel(s, labels, s.Element.Kind(), s.ElementBits(x, y, slice, f, c), false)
		}
	}
	fmt.Fprintf(w, " %s\n", strings.Join(order, " "))
	if s.Fragments > 0 {
		fmt.Fprintf(w, "FMASK %#x, samples identical: %v\n", s.FMask[(slice*s.Height+y)*s.Width+x], s.SamplesIdentical(x, y, slice))
	}
	wave := &msaa.Wave{Size: 32, Exec: 1, X: make([]int32, 32), Y: make([]int32, 32), Slice: make([]int32, 32), Sample: make([]int32, 32)}
	wave.X[0], wave.Y[0], wave.Slice[0] = int32(x), int32(y), int32(slice)
	var res msaa.Result
	for _, l := range loads {
		wave.Sample[0] = l.sample
		in := l.in
		if err := s.Load(&in, wave, &res); err != nil {
			return err
		}
		p := res.Plan
		fmt.Fprintf(w, "\n%s\n  mode %s, stride %d, %d %s in %d phase(s) of %d elements",
			l.name, p.Mode, p.Stride, p.Items, map[bool]string{true: "components", false: "samples"}[p.Mode == msaa.SameSample], p.Phases, p.Elements)
		if !in.AllPhases && !in.GroupFromSample {
			fmt.Fprintf(w, ", phase %d: %d loaded, %d filled (%s)", in.Phase, p.Loaded(in.Phase), p.Elements-p.Loaded(in.Phase), in.Fill)
		}
		fmt.Fprintln(w)
		for r := 0; r < p.Registers; r++ {
			var el []string
			for d := 0; d < p.RegisterDwords; d++ {
				el = append(el, msaaLabel(s, labels, res.Kind, res.Dword[r*p.RegisterDwords+d][0], in.Half))
			}
			fmt.Fprintf(w, "  register %d: %s\n", r, strings.Join(el, " "))
		}
		if in.Residency {
			fmt.Fprintf(w, "  residency code: %d\n", res.Dword[p.Dwords-1][0])
		}
		fmt.Fprintf(w, "  traffic: %d bytes, %d 64-byte lines, %d element reads, %d FMASK reads\n",
			res.Traffic.Bytes, res.Traffic.Lines, res.Traffic.ElementReads, res.Traffic.FMaskReads)
	}
	return nil
}

func runMSAAStats(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("msaa stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sf := addMSAASurfaceFlags(fs, 8)
	comp := fs.Int("component", 0, "the component loaded")
	wave := fs.Int("wave", 32, "lanes in the wave (16, 32 or 64), one pixel each in row order from (0, 0)")
	cacheSpec := fs.String("cache", "", "also run each side through its own texture cache model `BYTES/LINE/WAYS[/POLICY]` (such as 16KiB/64/4/lru, or 256/64/2) and print its hits, misses and memory traffic")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: texunit msaa stats [flags]\n\n"+
			"Loads one component of every sample for a wave of pixels twice — one\n"+
			"multisample load, and the equivalent per-sample loads — on the same\n"+
			"surface, and prints the instructions, element reads, bytes and 64-byte\n"+
			"lines of each (summed over instructions), as the patent's cache argument.\n"+
			"With -cache, each side's reads also go through a cache model (package\n"+
			"texcache: lanes in order, each lane's reads in order).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if st := msaaParseNoArgs(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	if *wave != 16 && *wave != 32 && *wave != 64 {
		fmt.Fprintf(stderr, "texunit msaa stats: -wave %d: want 16, 32 or 64\n", *wave)
		return 2
	}
	var cache *texcache.Config
	if *cacheSpec != "" {
		l1, err := texcache.ParseLevel("cache", *cacheSpec)
		if err != nil {
			fmt.Fprintf(stderr, "texunit msaa stats: -cache: %v\n", err)
			return 2
		}
		cache = &texcache.Config{L1: l1}
	}
	s, _, err := sf.build()
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa stats: %v\n", err)
		return 1
	}
	w := &msaa.Wave{Size: *wave, X: make([]int32, *wave), Y: make([]int32, *wave), Slice: make([]int32, *wave)}
	pixels := s.Width * s.Height * s.Layers
	for i := 0; i < *wave && i < pixels; i++ {
		w.Exec |= 1 << i
		w.X[i], w.Y[i], w.Slice[i] = int32(i%s.Width), int32(i/s.Width%s.Height), int32(i/(s.Width*s.Height))
	}
	var m, p msaa.LoadStats
	if cache != nil {
		m, p, err = msaa.CompareLoadsCached(s, w, *comp, *cache)
	} else {
		m, p, err = msaa.CompareLoads(s, w, *comp)
	}
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa stats: %v\n", err)
		return 1
	}
	msaaDescribe(stdout, s)
	fmt.Fprintf(stdout, "%d active lanes, component %d of %d samples each\n\n", min(*wave, pixels), *comp, s.Samples)
	fmt.Fprintf(stdout, "%-18s %12s %13s %11s %10s %14s\n", "", "instructions", "element reads", "FMASK reads", "bytes", "64-byte lines")
	for _, r := range []struct {
		name string
		st   msaa.LoadStats
	}{{"multisample load", m}, {"per-sample loads", p}} {
		fmt.Fprintf(stdout, "%-18s %12d %13d %11d %10d %14d\n", r.name, r.st.Instructions, r.st.ElementReads, r.st.FMaskReads, r.st.Bytes, r.st.Lines)
	}
	if m.Lines > 0 {
		fmt.Fprintf(stdout, "\nper-sample loads touch lines %.2fx as often\n", float64(p.Lines)/float64(m.Lines))
	}
	if cache != nil {
		fmt.Fprintf(stdout, "\nthrough a cache of %s, each side starting empty:\n", cache.L1)
		fmt.Fprintf(stdout, "%-18s %12s %10s %10s %12s %12s\n", "", "line lookups", "hits", "misses", "memory lines", "memory bytes")
		for _, r := range []struct {
			name string
			st   msaa.LoadStats
		}{{"multisample load", m}, {"per-sample loads", p}} {
			c := r.st.Cache
			fmt.Fprintf(stdout, "%-18s %12d %10d %10d %12d %12d\n", r.name, c.L1.Lookups, c.L1.Hits, c.L1.Misses, c.MemoryLines, c.MemoryBytes)
		}
	}
	return 0
}

func runMSAAResolve(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("msaa resolve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sf := addMSAASurfaceFlags(fs, 4)
	op := fs.String("op", "average", "resolve: average, min, max, sample0 or weighted")
	out := fs.String("o", "resolve.png", "write the resolved image to `file` (PNG)")
	layer := fs.Int("layer", 0, "the array slice written")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: texunit msaa resolve [flags]\n\n"+
			"Resolves a multisample surface into a single-sample image with multisample\n"+
			"loads and writes one slice as PNG (float values clamped to [0, 1]; sRGB\n"+
			"surfaces are averaged in linear space and written sRGB-encoded).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if st := msaaParseNoArgs(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	rop, err := msaa.ParseResolveOp(*op)
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa resolve: %v\n", err)
		return 2
	}
	if *sf.file == "" && *sf.data == "labels" {
		*sf.data = "scene"
	}
	if *sf.file == "" && *sf.element == "uint32" && !*sf.depth {
		*sf.element = "srgb8"
	}
	if *sf.file == "" && *sf.size == "4x4" {
		*sf.size = "96x64"
	}
	s, _, err := sf.build()
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa resolve: %v\n", err)
		return 1
	}
	if *layer < 0 || *layer >= s.Layers {
		fmt.Fprintf(stderr, "texunit msaa resolve: -layer %d: the surface has %d slices\n", *layer, s.Layers)
		return 2
	}
	im, tr, n, err := msaa.ResolveIn(s, rop, sf.mem)
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa resolve: %v\n", err)
		return 1
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa resolve: %v\n", err)
		return 1
	}
	if err := png.Encode(f, im.ToImage(*layer)); err != nil {
		f.Close()
		os.Remove(*out)
		fmt.Fprintf(stderr, "texunit msaa resolve: %s: %v\n", *out, err)
		return 1
	}
	if err := f.Close(); err != nil {
		fmt.Fprintf(stderr, "texunit msaa resolve: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, %s of %d samples): %d load instructions, %d element reads, %d bytes, %d 64-byte lines\n",
		*out, im.Width, im.Height, rop, s.Samples, n, tr.ElementReads, tr.Bytes, tr.Lines)
	return 0
}

// msaaLines returns the arguments, or the lines of -i (or stdin) when
// there are none, skipping blank lines.
func msaaLines(fs *flag.FlagSet, input string, stdin io.Reader) ([]string, error) {
	if fs.NArg() > 0 {
		return fs.Args(), nil
	}
	r := stdin
	if input != "" && input != "-" {
		f, err := os.Open(input)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var lines []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}

// msaaCodeArgs parses the flags of "msaa asm" and "msaa disasm" (what
// says which) and returns the target and the input lines; rc ≥ 0 means
// return that exit status.
func msaaCodeArgs(what, operands, about string, args []string, stdin io.Reader, stdout, stderr io.Writer) (t msaa.Target, lines []string, rc int) {
	fs := flag.NewFlagSet("msaa "+what, flag.ContinueOnError)
	fs.SetOutput(stderr)
	target := fs.String("target", "gfx1100", "target: gfx1030 or gfx1100")
	input := fs.String("i", "", "read lines from `file` (default: the arguments, or stdin)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: texunit msaa %s [flags] [%s ...]\n\n%s\n\nFlags:\n", what, operands, about)
		fs.PrintDefaults()
	}
	if st := msaaParse(fs, args, stdout); st >= 0 {
		return t, nil, st
	}
	t, err := msaa.ParseTarget(*target)
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa %s: %v\n", what, err)
		return t, nil, 2
	}
	lines, err = msaaLines(fs, *input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "texunit msaa %s: %v\n", what, err)
		return t, nil, 1
	}
	return t, lines, -1
}

func runMSAAAsm(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	t, lines, rc := msaaCodeArgs("asm", "line", "Assembles image_msaa_load lines as LLVM 15's llvm-mc -show-encoding does:\n"+
		"the canonical text and the bytes, or LINE:COLUMN: error: MESSAGE on stderr.", args, stdin, stdout, stderr)
	if rc >= 0 {
		return rc
	}
	status := 0
	for i, line := range lines {
		code, _, _ := strings.Cut(line, ";")
		code, _, _ = strings.Cut(code, "//")
		if strings.TrimSpace(code) == "" {
			continue // blank or comment only, as llvm-mc takes it
		}
		in, err := msaa.Parse(t, line)
		if err != nil {
			if ae, ok := err.(*msaa.AsmError); ok {
				fmt.Fprintf(stderr, "%d:%d: error: %s\n%s\n%s^\n", i+1, ae.Col, ae.Msg, line, strings.Repeat(" ", ae.Col-1))
			} else {
				fmt.Fprintf(stderr, "%d: error: %v\n", i+1, err)
			}
			status = 1
			continue
		}
		b, err := in.Encode(t)
		if err != nil {
			fmt.Fprintf(stderr, "%d: error: %v\n", i+1, err)
			status = 1
			continue
		}
		var hb []string
		for _, c := range b {
			hb = append(hb, fmt.Sprintf("0x%02x", c))
		}
		fmt.Fprintf(stdout, "\t%s ; encoding: [%s]\n", in, strings.Join(hb, ","))
	}
	return status
}

func runMSAADisasm(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	t, lines, rc := msaaCodeArgs("disasm", "words", "Disassembles one image_msaa_load per line, given as llvm-mc's byte lists\n"+
		"(0x18,0x01,0x60,0xf0,0x04,0x00,0x00,0x00) or as hex (180160f004000000).", args, stdin, stdout, stderr)
	if rc >= 0 {
		return rc
	}
	status := 0
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		b, err := msaaBytes(line)
		if err != nil {
			fmt.Fprintf(stderr, "%d: error: %v\n", i+1, err)
			status = 1
			continue
		}
		in, n, err := msaa.Decode(t, b)
		if err != nil {
			fmt.Fprintf(stderr, "%d: error: %v\n", i+1, err)
			status = 1
			continue
		}
		fmt.Fprintf(stdout, "\t%s\n", in)
		if n < len(b) {
			fmt.Fprintf(stderr, "%d: warning: %d bytes after the instruction ignored\n", i+1, len(b)-n)
		}
	}
	return status
}

// msaaBytes parses "0x18,0x01,…" or plain hex.
func msaaBytes(s string) ([]byte, error) {
	if strings.Contains(s, ",") || strings.HasPrefix(s, "0x") && len(s) <= 4 {
		var out []byte
		for i, f := range strings.Split(s, ",") {
			f = strings.TrimSpace(f)
			v, err := strconv.ParseUint(strings.TrimPrefix(f, "0x"), 16, 8)
			if err != nil {
				return nil, fmt.Errorf("byte %d: %q is not a hex byte", i, f)
			}
			out = append(out, byte(v))
		}
		return out, nil
	}
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		return nil, fmt.Errorf("%q: not hex bytes: %v", s, err)
	}
	return b, nil
}

// msaaScene fills s with a picture sampled at each sample's standard
// position, as a rasterizer would: an orange disc and a blue bar with
// hard edges on grey, so that resolves show anti-aliased edges. Depth
// surfaces get the distance from the centre. FMASK surfaces store the
// samples' first fragments only.
func msaaScene(s *msaa.Surface) {
	var buf [4]byte
	for l := 0; l < s.Layers; l++ {
		for y := 0; y < s.Height; y++ {
			for x := 0; x < s.Width; x++ {
				for f := 0; f < s.Stored(); f++ {
					px, py, _ := sampler.SamplePosition(s.Samples, f)
					u := (float64(x) + 0.5 + float64(px)) / float64(s.Width)
					v := (float64(y) + 0.5 + float64(py)) / float64(s.Height)
					rgba := [4]float64{0.5, 0.5, 0.5, 1}
					dx, dy := u-0.4, v-0.45
					if dx*dx+dy*dy < 0.09 {
						rgba = [4]float64{1, 0.55, 0.1, 1}
					}
					if d := (u - 0.3) + 0.6*(v-0.8); d > -0.06 && d < 0.06 && v > 0.3 {
						rgba = [4]float64{0.1, 0.3, 0.9, 1}
					}
					for c := 0; c < s.Components; c++ {
						val := rgba[c%4]
						if s.Depth {
							val = math.Hypot(u-0.5, v-0.5)
						}
						var bits uint32
						switch s.Element {
						case msaa.Float32:
							bits = math.Float32bits(float32(val))
						case msaa.Float16:
							bits = uint32(format.Float64ToHalf(val))
						case msaa.Unorm16:
							bits = uint32(math.Round(val * 65535))
						case msaa.Srgb8:
							format.R8G8B8A8Srgb.Encode(buf[:], [4]float64{val, val, val, val})
							bits = uint32(buf[min(c, 3)])
						case msaa.Snorm8:
							bits = uint32(uint8(int8(math.Round(val * 127))))
						case msaa.Uint32:
							bits = uint32(val * 255)
						default:
							bits = uint32(math.Round(val * 255))
						}
						_ = s.SetElementBits(x, y, l, f, c, bits)
					}
				}
			}
		}
	}
}
