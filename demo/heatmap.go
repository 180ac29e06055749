package demo

import (
	"fmt"
	"image"
	"image/color"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texcache"
)

// HeatmapOptions configures Heatmap.
type HeatmapOptions struct {
	// Width, Height and TextureSize are as in Options (0: the defaults).
	Width, Height, TextureSize int
	// Panel is the panel whose sampler state is used: an index into
	// Panels (0 nearest … 3 anisotropic).
	Panel int
	// Layout and BlockHeight are the ground texture's storage layout
	// (surface.Desc.Layout, BlockHeight).
	Layout      surface.Layout
	BlockHeight int
	// Cache is the texture cache the reads go through.
	Cache texcache.Config
	// Scale is the number of misses drawn white (more are white too), so
	// that pictures compare; 0 means the picture's own maximum.
	Scale int
	// Order is the order the reads reach the cache: ByLane (each lane's
	// texels, lane after lane, in the request's quad order) or ByQuad
	// (the four lanes of a 2×2 quad read texel by texel in turn, as a
	// unit that processes a quad together does).
	Order ReadOrder
}

// ReadOrder is the order a request's texel reads are fed to a cache model.
type ReadOrder uint8

// The read orders.
const (
	ByLane ReadOrder = iota // lanes in order, each lane's texels in the order the engine read them
	ByQuad                  // per 2×2 quad: the lanes' first texels, then their second, …
)

// ParseReadOrder parses "lane" or "quad".
func ParseReadOrder(s string) (ReadOrder, error) {
	switch s {
	case "lane":
		return ByLane, nil
	case "quad":
		return ByQuad, nil
	}
	return 0, fmt.Errorf("demo: read order %q is not lane or quad", s)
}

// String returns "lane" or "quad".
func (o ReadOrder) String() string {
	if o == ByQuad {
		return "quad"
	}
	return "lane"
}

// HeatmapStats is what the cache saw over the whole panel.
type HeatmapStats struct {
	Pixels    int64          // ground pixels sampled
	Texels    int64          // texel reads fed to the cache
	Cache     texcache.Stats // the model's counts
	MaxMisses int            // the most misses one pixel had
}

// Heatmap renders one panel of the demonstration's ground plane with every
// texel read traced (sampler.Result.Trace) and fed, at its byte address in
// the texture's layout, through a texture cache model, and draws the
// misses per pixel: black for none, through red and yellow to white for the
// most. Quad rows are sampled top to bottom in one request each, on one
// goroutine, so that the stream, and the picture, are deterministic.
func Heatmap(opts HeatmapOptions) (*image.RGBA, HeatmapStats, error) {
	var stats HeatmapStats
	o, err := Options{Width: opts.Width, Height: opts.Height, TextureSize: opts.TextureSize, Workers: 1}.resolve()
	if err != nil {
		return nil, stats, err
	}
	if opts.Panel < 0 || opts.Panel >= len(Panels()) {
		return nil, stats, fmt.Errorf("demo: panel %d is out of range (0..%d)", opts.Panel, len(Panels())-1)
	}
	model, err := texcache.New(opts.Cache)
	if err != nil {
		return nil, stats, err
	}
	lin, err := NewTexture(o.TextureSize)
	if err != nil {
		return nil, stats, err
	}
	tex := lin
	if opts.Layout != surface.LayoutLinear || opts.BlockHeight != 0 {
		if tex, err = surface.WithLayout(lin, opts.Layout, opts.BlockHeight, 0); err != nil {
			return nil, stats, err
		}
	}
	cam := newCamera(o.Width, o.Height)
	st := Panels()[opts.Panel].State
	misses := make([]int, o.Width*o.Height)
	l := newLanes(4 * ((o.Width + 1) / 2))
	l.res.Trace = &sampler.Trace{}
	eng := &sampler.Engine{}
	n := l.req.Lanes
	for qy := 0; qy < (o.Height+1)/2; qy++ {
		ground := false
		for i := range n {
			px, py := 2*(i/4)+(i&1), 2*qy+((i>>1)&1)
			l.u[i], l.v[i] = cam.uv(px, py)
			l.active[i] = px < o.Width && py < o.Height && py >= cam.horizon
			ground = ground || l.active[i]
		}
		if !ground {
			continue
		}
		if err := eng.Execute(tex.View(), &st, &l.req, &l.res); err != nil {
			return nil, stats, err
		}
		read := func(i int, t *sampler.TracedTexel) {
			stats.Texels++
			if t.Border || t.Offset < 0 {
				return
			}
			before := model.Stats().MemoryLines
			model.Access(uint64(t.Offset), l.res.Trace.TexelBytes)
			if d := int(model.Stats().MemoryLines - before); d > 0 {
				px, py := 2*(i/4)+(i&1), 2*qy+((i>>1)&1)
				misses[py*o.Width+px] += d
			}
		}
		tr := l.res.Trace
		for q := 0; q < n; q += 4 {
			if opts.Order == ByLane {
				for i := q; i < q+4; i++ {
					for k := range tr.Lane(i) {
						read(i, &tr.Lane(i)[k])
					}
				}
				continue
			}
			for k := 0; ; k++ {
				more := false
				for i := q; i < q+4; i++ {
					if lane := tr.Lane(i); k < len(lane) {
						read(i, &lane[k])
						more = true
					}
				}
				if !more {
					break
				}
			}
		}
		for i := range n {
			if l.active[i] {
				stats.Pixels++
			}
		}
	}
	stats.Cache = model.Stats()
	for _, m := range misses {
		stats.MaxMisses = max(stats.MaxMisses, m)
	}
	scale := opts.Scale
	if scale <= 0 {
		scale = stats.MaxMisses
	}
	img := image.NewRGBA(image.Rect(0, 0, o.Width, o.Height))
	for py := range o.Height {
		for px := range o.Width {
			c := color.RGBA{110, 140, 190, 255} // sky
			if py >= cam.horizon {
				c = heat(min(misses[py*o.Width+px], scale), scale)
			}
			img.SetRGBA(px, py, c)
		}
	}
	title := fmt.Sprintf("%s, %v, %s: %d misses", Panels()[opts.Panel].Label, opts.Layout, opts.Cache.L1.Spec(), stats.Cache.L1.Misses)
	box := image.Rect(0, 0, min(o.Width, textWidth(title, 1)+12), textHeight(1)+10)
	fill(img, box, color.RGBA{20, 20, 20, 255})
	drawText(img, title, 6, 5, 1, color.RGBA{240, 240, 240, 255})
	return img, stats, nil
}

// heat maps m of max misses to black → red → yellow → white.
func heat(m, most int) color.RGBA {
	if m == 0 || most == 0 {
		return color.RGBA{0, 0, 0, 255}
	}
	t := float64(m) / float64(most) * 3
	switch {
	case t < 1:
		return color.RGBA{uint8(80 + 175*t), 0, 0, 255}
	case t < 2:
		return color.RGBA{255, uint8(255 * (t - 1)), 0, 255}
	}
	return color.RGBA{255, 255, uint8(255 * min(t-2, 1)), 255}
}
