package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/demo"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texcache"
)

func init() {
	register(command{
		name:    "footprint",
		summary: "draw the texels one sample reads, or a cache-miss heat map of the demo scene (PNG)",
		run:     runFootprint,
	})
}

// defaultFootprintSurface is the surface footprint draws on without -surface.
const defaultFootprintSurface = `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16}`

func runFootprint(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("footprint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "footprint.png", "write the picture to `file`")
	surfFile := fs.String("surface", "", "read the surface from `file`, a JSON surface object of the batch protocol (default: a 16x16 r8g8b8a8_unorm 2d with mips)")
	samplerJSON := fs.String("sampler", `{"mag": "linear", "min": "linear", "mip": "linear"}`, "the sampler state, a JSON sampler object of the batch protocol")
	opName := fs.String("op", "sample_l", "the operation (sample_l, sample_d, sample_lz, gather4, fetch, ...; implicit-LOD forms take -ddx and -ddy as the quad's differences)")
	coord := fs.String("coord", "0.53,0.47", "the lane's coordinates `s,t[,r[,a]]` (fetch: integer texel coordinates)")
	lod := fs.Float64("lod", 0.4, "the lane's LOD (sample_l), bias (sample_b) or level (fetch)")
	ddx := fs.String("ddx", "0.05,0", "the lane's derivative d/dx `ds,dt[,dr]` (sample_d)")
	ddy := fs.String("ddy", "0,0.05", "the lane's derivative d/dy `ds,dt[,dr]` (sample_d)")
	heatmap := fs.Bool("heatmap", false, "draw a heat map of texture cache misses per pixel over one panel of the demo scene instead")
	layout := fs.String("layout", "linear", "-heatmap: the texture's storage `layout` (linear, morton, tile_y, tile_4, block_linear)")
	blockHeight := fs.Int("block-height", 0, "-heatmap: GOBs per block of the block_linear layout (0: 16)")
	cacheSpec := fs.String("cache", "16KiB/64/4/lru", "-heatmap: the texture cache `BYTES/LINE/WAYS[/POLICY]`")
	order := fs.String("order", "quad", "-heatmap: the order reads reach the cache: lane (lane after lane) or quad (the four lanes of a quad in turn)")
	scale := fs.Int("scale", 0, "-heatmap: the misses per pixel drawn white (0: the picture's maximum), so that pictures compare")
	panel := fs.Int("panel", 2, "-heatmap: the demo panel: 0 nearest, 1 bilinear, 2 trilinear, 3 16x anisotropic")
	size := demoSizeFlag{demo.DefaultWidth, demo.DefaultHeight}
	fs.Var(&size, "size", "-heatmap: the panel's size, `WxH` pixels")
	texSize := fs.Int("texture", demo.DefaultTextureSize, "-heatmap: ground texture of `n`xn texels")
	const usage = "Usage: texunit footprint [flags]\n\n" +
		"Draws, from the engine's footprint trace, the texels one lane of a sampling\n" +
		"operation reads: each level and layer it reads, every texel shaded by its\n" +
		"weight in the value, border texels crossed, texels of another cube face\n" +
		"outlined, the sample point. With -heatmap, it renders a panel of the demo\n" +
		"scene with every texel read fed through a texture cache model and draws the\n" +
		"misses per pixel, for a storage layout and cache (docs/MEMORY.md).\n\nFlags:\n"
	if rc := parseCommandFlags(fs, args, usage, stdout, stderr); rc >= 0 {
		return rc
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "texunit footprint: unexpected argument %q (see texunit footprint -h)\n", fs.Arg(0))
		return 2
	}
	var img image.Image
	if *heatmap {
		l, err := surface.ParseLayout(*layout)
		if err != nil {
			fmt.Fprintf(stderr, "texunit footprint: -layout: %v\n", err)
			return 2
		}
		l1, err := texcache.ParseLevel("cache", *cacheSpec)
		if err != nil {
			fmt.Fprintf(stderr, "texunit footprint: -cache: %v\n", err)
			return 2
		}
		ord, err := demo.ParseReadOrder(*order)
		if err != nil {
			fmt.Fprintf(stderr, "texunit footprint: -order: %v\n", err)
			return 2
		}
		pic, st, err := demo.Heatmap(demo.HeatmapOptions{Width: size.w, Height: size.h, TextureSize: *texSize, Panel: *panel,
			Layout: l, BlockHeight: *blockHeight, Cache: texcache.Config{L1: l1}, Order: ord, Scale: *scale})
		if err != nil {
			fmt.Fprintf(stderr, "texunit footprint: %v\n", err)
			return 1
		}
		c := st.Cache
		fmt.Fprintf(stdout, "%s panel, %v layout, cache %s, reads by %v: %d pixels, %d texel reads, %d line lookups, %d hits, %d misses (%.2f per pixel), %d bytes from memory\n",
			demo.Panels()[*panel].Label, l, l1, ord, st.Pixels, st.Texels, c.L1.Lookups, c.L1.Hits, c.L1.Misses,
			float64(c.L1.Misses)/float64(max(st.Pixels, 1)), c.MemoryBytes)
		img = pic
	} else {
		pic, err := footprintPicture(*surfFile, *samplerJSON, *opName, *coord, *lod, *ddx, *ddy, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "texunit footprint: %v\n", err)
			return 1
		}
		img = pic
	}
	f, err := os.Create(*out)
	if err == nil {
		err = png.Encode(f, img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "texunit footprint: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d)\n", *out, img.Bounds().Dx(), img.Bounds().Dy())
	return 0
}

// footprintPicture builds the one-lane request the flags describe and
// draws its trace.
func footprintPicture(surfFile, samplerJSON, opName, coord string, lod float64, ddx, ddy string, stdout io.Writer) (image.Image, error) {
	mem := budget.New(0)
	text := []byte(defaultFootprintSurface)
	if surfFile != "" {
		var err error
		if text, err = readSmallFile(surfFile, mem); err != nil {
			return nil, err
		}
	}
	spec, err := batch.DecodeSurface(text)
	if err != nil {
		return nil, fmt.Errorf("-surface: %w", err)
	}
	view, err := (&batch.Worker{Budget: mem, CacheBytes: -1}).View(spec)
	if err != nil {
		return nil, fmt.Errorf("-surface: %w", err)
	}
	st, err := batch.DecodeSampler([]byte(samplerJSON))
	if err != nil {
		return nil, fmt.Errorf("-sampler: %w", err)
	}
	op, err := sampler.ParseOp(opName)
	if err != nil {
		return nil, fmt.Errorf("-op: %w", err)
	}
	floats := func(name, s string) ([]float64, error) {
		var v []float64
		for _, f := range strings.Split(s, ",") {
			x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				return nil, fmt.Errorf("-%s %q: %q is not a number", name, s, f)
			}
			v = append(v, x)
		}
		if len(v) > 4 {
			return nil, fmt.Errorf("-%s %q: more than 4 components", name, s)
		}
		return v, nil
	}
	c, err := floats("coord", coord)
	if err != nil {
		return nil, err
	}
	dx, err := floats("ddx", ddx)
	if err != nil {
		return nil, err
	}
	dy, err := floats("ddy", ddy)
	if err != nil {
		return nil, err
	}
	// One lane, or a quad whose lane 0 has the given differences for the
	// implicit-LOD forms.
	lanes := 1
	if op.LodSource() == sampler.LodImplicit || op.LodSource() == sampler.LodBias {
		lanes = 4
	}
	req := &sampler.Request{Op: op, Lanes: lanes}
	for a, v := range c {
		req.Coord[a] = make([]float32, lanes)
		req.Texel[a] = make([]int32, lanes)
		for i := range lanes {
			x := v
			if lanes == 4 && a < 3 {
				x += float64(i&1)*at(dx, a) + float64(i>>1)*at(dy, a)
			}
			req.Coord[a][i], req.Texel[a][i] = float32(x), int32(v)
		}
	}
	one := func(x float64) []float32 {
		s := make([]float32, lanes)
		for i := range s {
			s[i] = float32(x)
		}
		return s
	}
	req.Lod, req.Bias = one(lod), one(lod)
	req.Level = []int32{int32(lod)}
	for a := range 3 {
		req.DDX[a], req.DDY[a] = one(at(dx, a)), one(at(dy, a))
	}
	if op.Kind() == sampler.KindGather {
		req.Channel = make([]uint8, lanes)
	}
	pic, val, err := demo.TracePicture(view, &st, req, 0)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stdout, "%s at %s: value (%g, %g, %g, %g)\n", op, coord, val[0], val[1], val[2], val[3])
	return pic, nil
}

func at(v []float64, i int) float64 {
	if i < len(v) {
		return v[i]
	}
	return 0
}
