package demo

import (
	"bytes"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/sampler"
)

// small is a quick configuration for the tests: 2·160 × 2·120 pixels.
var small = Options{Width: 160, Height: 120, TextureSize: 128}

func render(t testing.TB, o Options) (*image.RGBA, Stats) {
	t.Helper()
	img, st, err := Render(o)
	if err != nil {
		t.Fatalf("Render(%+v): %v", o, err)
	}
	return img, st
}

// panelImage returns panel i of the picture.
func panelImage(img *image.RGBA, o Options, i int) *image.RGBA {
	r := image.Rect(0, 0, o.Width, o.Height).Add(image.Pt((i%2)*o.Width, (i/2)*o.Height))
	return img.SubImage(r).(*image.RGBA)
}

func TestRenderSizeAndSamples(t *testing.T) {
	img, st := render(t, small)
	if got, want := img.Bounds(), image.Rect(0, 0, 2*small.Width, 2*small.Height); got != want {
		t.Fatalf("bounds %v, want %v", got, want)
	}
	cam := newCamera(small.Width, small.Height)
	want := int64(4 * small.Width * (small.Height - cam.horizon))
	if st.Samples != want {
		t.Errorf("samples %d, want %d (4 panels × %d ground pixels)", st.Samples, want, want/4)
	}
	if st.Requests != int64(4*(small.Height-cam.horizon)/2) {
		t.Errorf("requests %d, want one per ground quad row", st.Requests)
	}
	if st.Elapsed <= 0 || st.SamplesPerSecond() <= 0 {
		t.Errorf("stats %+v: no time measured", st)
	}
}

// TestOddSize renders panels whose width and height are odd, so that the
// last quad of each row and the last quad row have lanes off the panel.
func TestOddSize(t *testing.T) {
	o := Options{Width: 67, Height: 49, TextureSize: 40}
	img, st := render(t, o)
	if img.Bounds().Dx() != 134 || img.Bounds().Dy() != 98 {
		t.Fatalf("bounds %v", img.Bounds())
	}
	cam := newCamera(o.Width, o.Height)
	if want := int64(4 * o.Width * (o.Height - cam.horizon)); st.Samples != want {
		t.Errorf("samples %d, want %d", st.Samples, want)
	}
}

func TestDeterministic(t *testing.T) {
	o := small
	o.Workers = 1
	a, _ := render(t, o)
	o.Workers = 5
	b, _ := render(t, o)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("renders with 1 and 5 workers differ")
	}
	c, _ := render(t, o)
	if !bytes.Equal(b.Pix, c.Pix) {
		t.Error("two renders with 5 workers differ")
	}
}

func TestSky(t *testing.T) {
	img, _ := render(t, small)
	cam := newCamera(small.Width, small.Height)
	if cam.horizon%2 != 0 || cam.horizon < 2 {
		t.Fatalf("horizon row %d: want a positive even row", cam.horizon)
	}
	for i := range 4 {
		p := panelImage(img, small, i)
		ox, oy := p.Rect.Min.X, p.Rect.Min.Y
		// Every sky pixel outside the label box and, one pixel in from the
		// panel's edges, the dividers.
		box := layoutLabel(small.Width, Panels()[i]).box
		checked := 0
		for y := 1; y < cam.horizon; y++ {
			want := skyColor(y, cam.horizon)
			for x := 1; x < small.Width-1; x++ {
				if image.Pt(x, y).In(box) {
					continue
				}
				checked++
				if got := p.RGBAAt(ox+x, oy+y); got != want {
					t.Fatalf("panel %d pixel (%d, %d) = %v, want the sky %v", i, x, y, got, want)
				}
			}
		}
		if checked < small.Width {
			t.Errorf("panel %d: only %d sky pixels outside the label", i, checked)
		}
		// The first ground row is sampled, not sky.
		y := cam.horizon
		same := 0
		for x := 1; x < small.Width-1; x++ {
			if p.RGBAAt(ox+x, oy+y) == skyColor(y-1, cam.horizon) {
				same++
			}
		}
		if same == small.Width-2 {
			t.Errorf("panel %d: the first ground row %d is sky-coloured", i, y)
		}
	}
	// The gradient runs from the deep top to the pale horizon.
	top, bottom := skyColor(0, cam.horizon), skyColor(cam.horizon-1, cam.horizon)
	if !(top.B > top.R && bottom.R > top.R && bottom.G > top.G) {
		t.Errorf("sky gradient %v → %v is not deep blue to pale", top, bottom)
	}
}

// contrast is the mean absolute difference between horizontally and
// vertically neighbouring pixels over rows y0..y1−1 of a panel (0..255 per
// channel): a measure of how much detail survives.
func contrast(p *image.RGBA, y0, y1 int) float64 {
	var sum float64
	n := 0
	ox, oy := p.Rect.Min.X, p.Rect.Min.Y
	for y := y0; y < y1-1; y++ {
		for x := 1; x < p.Rect.Dx()-2; x++ {
			a := p.RGBAAt(ox+x, oy+y)
			b := p.RGBAAt(ox+x+1, oy+y)
			c := p.RGBAAt(ox+x, oy+y+1)
			for _, q := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.R, c.R}, {a.G, c.G}, {a.B, c.B}} {
				sum += math.Abs(float64(q[0]) - float64(q[1]))
				n++
			}
		}
	}
	return sum / float64(n)
}

func TestPanelsDiffer(t *testing.T) {
	img, _ := render(t, small)
	cam := newCamera(small.Width, small.Height)
	var p [4]*image.RGBA
	for i := range p {
		p[i] = panelImage(img, small, i)
	}
	diff := func(a, b *image.RGBA, y0, y1 int) int {
		n := 0
		for y := y0; y < y1; y++ {
			for x := 1; x < small.Width-1; x++ {
				if a.RGBAAt(a.Rect.Min.X+x, a.Rect.Min.Y+y) != b.RGBAAt(b.Rect.Min.X+x, b.Rect.Min.Y+y) {
					n++
				}
			}
		}
		return n
	}
	names := Panels()
	for i := range 3 {
		if n := diff(p[i], p[i+1], cam.horizon, small.Height-1); n == 0 {
			t.Errorf("panels %q and %q have the same ground", names[i].Label, names[i+1].Label)
		}
	}
	// Up close the texture is magnified: nearest shows hard texel edges,
	// bilinear smooths them, and trilinear and anisotropic equal bilinear
	// there (level 0, magnification filter).
	near0, near1 := small.Height-8, small.Height-2
	if diff(p[0], p[1], near0, near1) == 0 {
		t.Error("nearest and bilinear agree in the near rows")
	}
	// Far away, the unfiltered panels alias (speckle), trilinear blurs and
	// anisotropic filtering keeps more detail than trilinear.
	far0, far1 := cam.horizon, cam.horizon+(small.Height-cam.horizon)/4
	var c [4]float64
	for i := range c {
		c[i] = contrast(p[i], far0, far1)
	}
	t.Logf("far contrast: nearest %.1f, bilinear %.1f, trilinear %.1f, aniso %.1f", c[0], c[1], c[2], c[3])
	if !(c[0] > 2*c[3] && c[1] > 2*c[3]) {
		t.Errorf("far region: nearest (%.1f) and bilinear (%.1f) should speckle far more than 16x aniso (%.1f)", c[0], c[1], c[3])
	}
	if !(c[3] > 1.5*c[2]) {
		t.Errorf("far region: 16x aniso contrast %.1f is not clearly above trilinear %.1f", c[3], c[2])
	}
}

func TestPanels(t *testing.T) {
	ps := Panels()
	want := []string{"nearest", "bilinear", "trilinear", "16x aniso"}
	for i, p := range ps {
		if p.Label != want[i] {
			t.Errorf("panel %d label %q, want %q", i, p.Label, want[i])
		}
		if err := p.State.Validate(); err != nil {
			t.Errorf("panel %q: %v", p.Label, err)
		}
		for _, s := range []string{p.Label, p.Detail} {
			for _, r := range s {
				if _, ok := font[r]; !ok {
					t.Errorf("panel %q: the font has no glyph for %q", p.Label, r)
				}
			}
		}
	}
	if ps[0].State.MagFilter != sampler.Nearest || ps[0].State.MipFilter != sampler.MipNone {
		t.Errorf("nearest: %+v", ps[0].State)
	}
	if ps[1].State.MinFilter != sampler.Linear || ps[1].State.MipFilter != sampler.MipNone {
		t.Errorf("bilinear: %+v", ps[1].State)
	}
	if ps[2].State.MipFilter != sampler.MipLinear || ps[2].State.MaxAnisotropy != 1 {
		t.Errorf("trilinear: %+v", ps[2].State)
	}
	if ps[3].State.MipFilter != sampler.MipLinear || ps[3].State.MaxAnisotropy != 16 {
		t.Errorf("aniso: %+v", ps[3].State)
	}
}

func TestOptionsErrors(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Width: 8}, "width 8"},
		{Options{Height: MaxPanelSize + 1}, "height 8193"},
		{Options{TextureSize: 4}, "texture size 4"},
		{Options{Workers: -1}, "workers -1"},
	} {
		_, _, err := Render(tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Render(%+v) error %v, want one naming %q", tc.o, err, tc.want)
		}
	}
}

// TestQuadRowAllocations checks that a request over a row of quads, once
// the worker's buffers exist, allocates nothing.
func TestQuadRowAllocations(t *testing.T) {
	tex, err := NewTexture(64)
	if err != nil {
		t.Fatal(err)
	}
	cam := newCamera(64, 48)
	panels := Panels()
	r := renderer{img: image.NewRGBA(image.Rect(0, 0, 128, 96)), cam: cam, view: tex.View(), panels: &panels}
	l := newLanes(4 * 32)
	eng := &sampler.Engine{}
	for p := range 4 {
		allocs := testing.AllocsPerRun(20, func() {
			if err := r.quadRow(eng, l, p, cam.horizon/2+3); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("panel %q: %v allocations per request of %d lanes, want 0", panels[p].Label, allocs, l.req.Lanes)
		}
	}
}

func TestGlyphs(t *testing.T) {
	for r, g := range font {
		for row, bits := range g {
			if bits >= 1<<glyphWidth {
				t.Errorf("glyph %q row %d = %#b: wider than %d pixels", r, row, bits, glyphWidth)
			}
		}
	}
	if w := textWidth("ab", 2); w != 2*(2*glyphAdvance-1) {
		t.Errorf("textWidth(ab, 2) = %d", w)
	}
	if textWidth("", 3) != 0 {
		t.Error("textWidth of the empty string is not 0")
	}
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	// Drawing past the edges clips instead of panicking.
	drawText(img, "W?", -3, 4, 2, skyColor(0, 2))
}

func BenchmarkRender(b *testing.B) {
	var samples int64
	var elapsed float64
	for b.Loop() {
		_, st, err := Render(Options{})
		if err != nil {
			b.Fatal(err)
		}
		samples += st.Samples
		elapsed += st.Elapsed.Seconds()
	}
	b.ReportMetric(float64(samples)/b.Elapsed().Seconds(), "samples/s")
	b.ReportMetric(float64(samples)/elapsed, "sampling-samples/s")
}

// BenchmarkPanel measures each panel's sampler state on its own: one
// goroutine renders every ground quad row of the default-size panel.
func BenchmarkPanel(b *testing.B) {
	tex, err := NewTexture(DefaultTextureSize)
	if err != nil {
		b.Fatal(err)
	}
	cam := newCamera(DefaultWidth, DefaultHeight)
	panels := Panels()
	img := image.NewRGBA(image.Rect(0, 0, 2*DefaultWidth, 2*DefaultHeight))
	for p, panel := range panels {
		b.Run(strings.ReplaceAll(panel.Label, " ", "_"), func(b *testing.B) {
			r := renderer{img: img, cam: cam, view: tex.View(), panels: &panels}
			l := newLanes(4 * ((cam.w + 1) / 2))
			eng := &sampler.Engine{}
			b.ReportAllocs()
			for b.Loop() {
				for qy := cam.horizon / 2; qy < (cam.h+1)/2; qy++ {
					if err := r.quadRow(eng, l, p, qy); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(r.samples.Load())/b.Elapsed().Seconds(), "samples/s")
		})
	}
}

// TestAnisoPanels: Options.Anisotropy changes the fourth panel alone, and
// each method draws it differently; every label has its glyphs.
func TestAnisoPanels(t *testing.T) {
	def, _ := render(t, small)
	cam := newCamera(small.Width, small.Height)
	var c [3]float64
	var fourth [3]*image.RGBA
	for k, m := range []sampler.AnisoMethod{sampler.AnisoVulkan, sampler.AnisoEWA, sampler.AnisoFootprintAssembly} {
		o := small
		o.Anisotropy = m
		img, _ := render(t, o)
		for i := range 3 {
			if !imagesEqual(panelImage(img, small, i), panelImage(def, small, i)) {
				t.Errorf("%s: panel %d differs from the default picture's", m, i)
			}
		}
		fourth[k] = panelImage(img, small, 3)
		c[k] = contrast(fourth[k], cam.horizon, cam.horizon+(small.Height-cam.horizon)/4)
		p := PanelsFor(m)[3]
		if p.State.Anisotropy != m || p.State.MaxAnisotropy != 16 {
			t.Errorf("%s: panel state %+v", m, p.State)
		}
		for _, s := range []string{p.Label, p.Detail} {
			for _, r := range s {
				if _, ok := font[r]; !ok {
					t.Errorf("%s: the font has no glyph for %q", m, r)
				}
			}
		}
	}
	if !imagesEqual(fourth[0], panelImage(def, small, 3)) {
		t.Error("Vulkan's method: the anisotropic panel differs from the default picture's")
	}
	for a := range 3 {
		for b := a + 1; b < 3; b++ {
			if imagesEqual(fourth[a], fourth[b]) {
				t.Errorf("anisotropic panels %d and %d are the same", a, b)
			}
		}
	}
	tri := contrast(panelImage(def, small, 2), cam.horizon, cam.horizon+(small.Height-cam.horizon)/4)
	t.Logf("far contrast: trilinear %.1f, vulkan %.1f, ewa %.1f, footprint assembly %.1f", tri, c[0], c[1], c[2])
	for k := range c {
		if !(c[k] > 1.2*tri) {
			t.Errorf("method %d: far contrast %.1f is not above trilinear's %.1f", k, c[k], tri)
		}
	}
	if _, _, err := Render(Options{Width: 32, Height: 32, TextureSize: 16, Anisotropy: 3}); err == nil {
		t.Error("anisotropy 3: no error")
	}
}

// imagesEqual reports whether two images (or panels) of a size have the
// same pixels.
func imagesEqual(a, b *image.RGBA) bool {
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			if a.RGBAAt(a.Rect.Min.X+x, a.Rect.Min.Y+y) != b.RGBAAt(b.Rect.Min.X+x, b.Rect.Min.Y+y) {
				return false
			}
		}
	}
	return true
}

func TestAnisoPicture(t *testing.T) {
	img, err := AnisoPicture(64, 48)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 3*64 || b.Dy() != 32 {
		t.Errorf("bounds %v", b)
	}
}
