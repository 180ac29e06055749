package demo

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Defaults and limits of Options.
const (
	DefaultWidth       = 384 // panel width in pixels
	DefaultHeight      = 288 // panel height in pixels
	DefaultTextureSize = 512 // ground texture size in texels

	MinPanelSize   = 32
	MaxPanelSize   = 8192
	MinTextureSize = 8
	MaxTextureSize = 4096
)

// Options configures Render. The zero value renders the default picture.
type Options struct {
	// Width and Height are the size of one panel in pixels
	// (MinPanelSize..MaxPanelSize); 0 means DefaultWidth, DefaultHeight.
	// The picture is 2·Width × 2·Height.
	Width, Height int
	// TextureSize is the width and height of the ground texture in texels
	// (MinTextureSize..MaxTextureSize); 0 means DefaultTextureSize.
	TextureSize int
	// Workers is the number of goroutines that sample; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Anisotropy is the anisotropic filter of the fourth panel
	// (sampler.State.Anisotropy); the zero value, Vulkan's reference
	// method, draws the default picture.
	Anisotropy sampler.AnisoMethod
}

// Stats reports the work Render did.
type Stats struct {
	Samples  int64         // texture samples taken: active lanes over all requests
	Requests int64         // sampler requests executed
	Setup    time.Duration // building the texture and its mip chain
	Elapsed  time.Duration // sampling and shading the four panels (wall time)
}

// SamplesPerSecond is Samples / Elapsed.
func (s Stats) SamplesPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Samples) / s.Elapsed.Seconds()
}

// Panel is one of the picture's four views: a label and the sampler state
// it renders with.
type Panel struct {
	Label  string // "nearest", "bilinear", "trilinear", "16x aniso"
	Detail string // the sampler settings in words
	State  sampler.State
}

// Panels returns the four panels in reading order (left to right, top to
// bottom): nearest (mag/min nearest, mip none), bilinear (linear, mip
// none), trilinear (linear, mip linear) and 16× anisotropic (trilinear with
// MaxAnisotropy 16, Vulkan's reference method). All repeat in u and v.
func Panels() [4]Panel { return PanelsFor(sampler.AnisoVulkan) }

// PanelsFor is Panels with the fourth panel's anisotropic filter m:
// "16x aniso" (Vulkan's), "16x EWA" or "16x assembly".
func PanelsFor(m sampler.AnisoMethod) [4]Panel {
	p := panels()
	switch m {
	case sampler.AnisoEWA:
		p[3].Label, p[3].Detail = "16x EWA", "elliptical Gaussian, max anisotropy 16"
	case sampler.AnisoFootprintAssembly:
		p[3].Label, p[3].Detail = "16x assembly", "footprint assembly, max anisotropy 16"
	}
	p[3].State.Anisotropy = m
	return p
}

func panels() [4]Panel {
	st := func(f sampler.Filter, mip sampler.MipFilter, aniso float32) sampler.State {
		s := sampler.DefaultState()
		s.MagFilter, s.MinFilter, s.MipFilter = f, f, mip
		s.MaxAnisotropy = aniso
		return s
	}
	return [4]Panel{
		{"nearest", "min/mag nearest, no mips", st(sampler.Nearest, sampler.MipNone, 1)},
		{"bilinear", "min/mag linear, no mips", st(sampler.Linear, sampler.MipNone, 1)},
		{"trilinear", "linear, mip linear", st(sampler.Linear, sampler.MipLinear, 1)},
		{"16x aniso", "trilinear, max anisotropy 16", st(sampler.Linear, sampler.MipLinear, 16)},
	}
}

// resolve fills in the defaults and checks the ranges.
func (o Options) resolve() (Options, error) {
	if o.Width == 0 {
		o.Width = DefaultWidth
	}
	if o.Height == 0 {
		o.Height = DefaultHeight
	}
	if o.TextureSize == 0 {
		o.TextureSize = DefaultTextureSize
	}
	if o.Workers == 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	switch {
	case o.Width < MinPanelSize || o.Width > MaxPanelSize:
		return o, fmt.Errorf("demo: width %d is out of range (%d..%d)", o.Width, MinPanelSize, MaxPanelSize)
	case o.Height < MinPanelSize || o.Height > MaxPanelSize:
		return o, fmt.Errorf("demo: height %d is out of range (%d..%d)", o.Height, MinPanelSize, MaxPanelSize)
	case o.TextureSize < MinTextureSize || o.TextureSize > MaxTextureSize:
		return o, fmt.Errorf("demo: texture size %d is out of range (%d..%d)", o.TextureSize, MinTextureSize, MaxTextureSize)
	case o.Workers < 1:
		return o, fmt.Errorf("demo: workers %d must be at least 1", o.Workers)
	case o.Anisotropy > sampler.AnisoFootprintAssembly:
		return o, fmt.Errorf("demo: anisotropy %v is not a filter", o.Anisotropy)
	}
	return o, nil
}

// Render draws the demonstration picture: a ground plane covered with the
// texture of NewTexture, seen in perspective under a sky, in four panels
// laid out 2×2 as Panels lists them, each labelled. Every ground pixel is
// one lane of an implicit-LOD sample request (OpSample) whose 2×2 quads
// are 2×2 pixel blocks; each request covers one row of quads of a panel,
// and the rows are spread over opts.Workers goroutines. The result is
// deterministic: it does not depend on the number of workers.
func Render(opts Options) (*image.RGBA, Stats, error) {
	var stats Stats
	o, err := opts.resolve()
	if err != nil {
		return nil, stats, err
	}
	t0 := time.Now()
	tex, err := NewTexture(o.TextureSize)
	if err != nil {
		return nil, stats, err
	}
	stats.Setup = time.Since(t0)

	img := image.NewRGBA(image.Rect(0, 0, 2*o.Width, 2*o.Height))
	cam := newCamera(o.Width, o.Height)
	panels := PanelsFor(o.Anisotropy)
	r := renderer{img: img, cam: cam, view: tex.View(), panels: &panels}

	t1 := time.Now()
	err = r.run(o.Workers)
	stats.Elapsed = time.Since(t1)
	stats.Samples = r.samples.Load()
	stats.Requests = r.requests.Load()
	if err != nil {
		return nil, stats, err
	}
	for i, p := range panels {
		r.decorate(i, p)
	}
	return img, stats, nil
}

// camera is a pinhole camera at height `height` above the ground plane,
// looking horizontally, so that the horizon is a screen row. Its principal
// point is shifted up so that the horizon lies in the upper part of the
// panel (an off-axis projection: straight lines stay straight).
type camera struct {
	w, h    int
	horizon int     // first ground row of a panel; even, so no quad straddles it
	focal   float64 // focal length in pixels
	// height of the eye above the ground, in texture repeats; the world
	// unit is one repeat of the texture.
	height   float64
	cos, sin float64 // yaw of the view direction
	u0, v0   float64 // texture coordinates under the eye
}

func newCamera(w, h int) camera {
	horizon := int(math.Round(float64(h)*0.25/2)) * 2
	yaw := 25 * math.Pi / 180
	return camera{
		w: w, h: h,
		horizon: horizon,
		focal:   float64(w) * 0.8,
		height:  0.12,
		cos:     math.Cos(yaw),
		sin:     math.Sin(yaw),
		u0:      0.3,
		v0:      0.55,
	}
}

// uv returns the texture coordinates of the ground point seen through the
// centre of pixel (px, py). Pixels at or above the horizon have no ground
// point; they get the coordinates of a row just below it, so that they can
// still feed a quad's derivatives.
func (c *camera) uv(px, py int) (u, v float32) {
	sx := (float64(px) + 0.5 - float64(c.w)/2) / c.focal
	sy := (float64(py) + 0.5 - float64(c.horizon)) / c.focal
	sy = max(sy, 0.5/c.focal)
	dist := c.height / sy // along the view direction
	side := float64(sx * dist)
	// Rotate (side, dist) by the yaw. v decreases with distance so that the
	// texture's top (its labels' tops) faces away from the viewer.
	wx := float64(side*c.cos) + float64(dist*c.sin)
	wz := float64(dist*c.cos) - float64(side*c.sin)
	return float32(c.u0 + wx), float32(c.v0 - wz)
}

// skyColor is the sky's colour in row py of a panel whose ground starts at
// row horizon: a gradient from deep blue at the top to pale blue at the
// horizon, interpolated in 8-bit sRGB.
func skyColor(py, horizon int) color.RGBA {
	top := [3]int{28, 74, 150}
	bottom := [3]int{190, 214, 236}
	if horizon <= 1 {
		return color.RGBA{uint8(bottom[0]), uint8(bottom[1]), uint8(bottom[2]), 255}
	}
	var c [3]uint8
	for k := range c {
		c[k] = uint8(top[k] + (bottom[k]-top[k])*py/(horizon-1))
	}
	return color.RGBA{c[0], c[1], c[2], 255}
}

// linearToSRGB8 maps a linear value, quantized to 1/4095, to its 8-bit sRGB
// code (format.LinearToSRGB rounded to nearest).
var linearToSRGB8 = func() (t [4096]uint8) {
	for i := range t {
		t[i] = uint8(math.Round(255 * format.LinearToSRGB(float64(i)/4095)))
	}
	return t
}()

func toSRGB8(v float32) uint8 {
	if !(v > 0) {
		return 0
	}
	if v >= 1 {
		return 255
	}
	return linearToSRGB8[int(v*4095+0.5)]
}

// renderer holds one Render call's shared state.
type renderer struct {
	img      *image.RGBA
	cam      camera
	view     surface.View
	panels   *[4]Panel
	next     atomic.Int64 // next job: panel·quadRows + quad row
	samples  atomic.Int64
	requests atomic.Int64
}

// lanes holds one worker's request and result buffers, reused for every
// request it makes.
type lanes struct {
	u, v   []float32
	active []bool
	req    sampler.Request
	res    sampler.Result
}

func newLanes(n int) *lanes {
	l := &lanes{u: make([]float32, n), v: make([]float32, n), active: make([]bool, n)}
	l.req = sampler.Request{Op: sampler.OpSample, Lanes: n, Active: l.active,
		Coord: [4][]float32{l.u, l.v}}
	return l
}

// run renders every row of quads of every panel on n goroutines, each
// taking the next job from a shared counter.
func (r *renderer) run(n int) error {
	quadRows := (r.cam.h + 1) / 2
	jobs := int64(len(r.panels) * quadRows)
	laneCount := 4 * ((r.cam.w + 1) / 2)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	for range n {
		wg.Go(func() {
			l := newLanes(laneCount)
			eng := &sampler.Engine{}
			for {
				j := r.next.Add(1) - 1
				if j >= jobs {
					return
				}
				if err := r.quadRow(eng, l, int(j)/quadRows, int(j)%quadRows); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					r.next.Store(jobs) // stop the others
					return
				}
			}
		})
	}
	wg.Wait()
	return firstErr
}

// quadRow renders pixel rows 2·qy and 2·qy+1 of panel p: sky pixels get the
// gradient, ground pixels one sample each from a single request.
func (r *renderer) quadRow(eng *sampler.Engine, l *lanes, p, qy int) error {
	c := &r.cam
	ox, oy := (p%2)*c.w, (p/2)*c.h
	pix, stride := r.img.Pix, r.img.Stride
	n := l.req.Lanes
	ground := 0
	for i := range n {
		px, py := 2*(i/4)+(i&1), 2*qy+((i>>1)&1)
		l.u[i], l.v[i] = c.uv(px, py)
		on := px < c.w && py < c.h && py >= c.horizon
		l.active[i] = on
		if on {
			ground++
		}
	}
	// Sky rows.
	for py := 2 * qy; py < min(2*qy+2, c.h, c.horizon); py++ {
		s := skyColor(py, c.horizon)
		row := pix[(oy+py)*stride+ox*4:]
		for px := range c.w {
			row[4*px], row[4*px+1], row[4*px+2], row[4*px+3] = s.R, s.G, s.B, s.A
		}
	}
	if ground == 0 {
		return nil
	}
	st := &r.panels[p].State
	if err := eng.Execute(r.view, st, &l.req, &l.res); err != nil {
		return fmt.Errorf("demo: panel %q, rows %d-%d: %w", r.panels[p].Label, 2*qy, 2*qy+1, err)
	}
	for _, e := range l.res.LaneErr {
		if e != nil {
			return fmt.Errorf("demo: panel %q, rows %d-%d: %w", r.panels[p].Label, 2*qy, 2*qy+1, e)
		}
	}
	for i := range n {
		if !l.active[i] {
			continue
		}
		px, py := 2*(i/4)+(i&1), 2*qy+((i>>1)&1)
		o := (oy+py)*stride + (ox+px)*4
		pix[o+0] = toSRGB8(l.res.Float(0, i))
		pix[o+1] = toSRGB8(l.res.Float(1, i))
		pix[o+2] = toSRGB8(l.res.Float(2, i))
		pix[o+3] = 255
	}
	r.samples.Add(int64(ground))
	r.requests.Add(1)
	return nil
}

// labelLayout is where a panel's label goes, in panel coordinates: the
// translucent box, the text's origin and scales, and whether the detail line
// fits under the label.
type labelLayout struct {
	box          image.Rectangle
	x, y         int
	scale, small int
	detail       bool
}

func layoutLabel(w int, p Panel) labelLayout {
	scale := max(1, w/192)
	small := max(1, (scale+1)/2)
	pad := 3 * scale
	tw := max(textWidth(p.Label, scale), textWidth(p.Detail, small))
	th := textHeight(scale) + 2*small + textHeight(small)
	detail := true
	if 3*pad+tw > w-pad {
		// Too narrow for the detail line: the label alone.
		detail = false
		tw, th = textWidth(p.Label, scale), textHeight(scale)
	}
	return labelLayout{
		box: image.Rect(pad, pad, 3*pad+tw, 3*pad+th),
		x:   2 * pad, y: 2 * pad,
		scale: scale, small: small,
		detail: detail,
	}
}

// decorate draws panel i's label and the dividing lines.
func (r *renderer) decorate(i int, p Panel) {
	c := &r.cam
	ox, oy := (i%2)*c.w, (i/2)*c.h
	lay := layoutLabel(c.w, p)
	// A translucent dark box behind the text.
	box := lay.box.Add(image.Pt(ox, oy)).Intersect(image.Rect(ox, oy, ox+c.w, oy+c.h))
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			o := r.img.PixOffset(x, y)
			for k := range 3 {
				r.img.Pix[o+k] = uint8(uint16(r.img.Pix[o+k]) * 2 / 5)
			}
		}
	}
	tx, ty := ox+lay.x, oy+lay.y
	drawText(r.img, p.Label, tx, ty, lay.scale, color.RGBA{255, 255, 255, 255})
	if lay.detail {
		drawText(r.img, p.Detail, tx, ty+textHeight(lay.scale)+2*lay.small, lay.small, color.RGBA{200, 210, 225, 255})
	}
	// Dividers: one dark pixel line along the panel's inner edges.
	div := color.RGBA{16, 16, 20, 255}
	if i%2 == 0 {
		for y := oy; y < oy+c.h; y++ {
			r.img.SetRGBA(ox+c.w-1, y, div)
		}
	} else {
		for y := oy; y < oy+c.h; y++ {
			r.img.SetRGBA(ox, y, div)
		}
	}
	if i/2 == 0 {
		for x := ox; x < ox+c.w; x++ {
			r.img.SetRGBA(x, oy+c.h-1, div)
		}
	} else {
		for x := ox; x < ox+c.w; x++ {
			r.img.SetRGBA(x, oy, div)
		}
	}
}
