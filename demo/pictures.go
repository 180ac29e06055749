package demo

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// The documentation's pictures, drawn from the sampler's own answers: which
// texels a bilinear sample reads and with what weights, and how a 2×2 quad's
// coordinate differences become the LOD.

const (
	picTexels = 6  // the footprint picture's grid: picTexels×picTexels texels
	picCell   = 64 // pixels per texel
	picMargin = 40
)

var (
	picBG     = color.RGBA{250, 250, 247, 255}
	picGrid   = color.RGBA{170, 170, 170, 255}
	picInk    = color.RGBA{30, 30, 30, 255}
	picPoint  = color.RGBA{220, 40, 30, 255}
	picAccent = color.RGBA{30, 90, 200, 255}
)

// FootprintPicture draws the bilinear footprint of a sample_l at LOD 0 at
// the normalized coordinates (u, v) on a 6×6 texture: each texel shaded by
// its weight in the result, the weight printed in the texels that have one,
// the sample point in red and the texel centres as dots. Each texel's weight
// is the engine's answer for a texture that is 1 at that texel and 0
// elsewhere.
func FootprintPicture(u, v float32) (*image.RGBA, error) {
	size := picTexels * picCell
	title := fmt.Sprintf("sample_l at (u, v) = (%.3f, %.3f), LOD 0: the texels it reads, with their weights", u, v)
	note := "weights: texunit's engine, one texel at a time. Dots: texel centres. Red: the sample point."
	img := picture(size, size+30, title, note)
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R32Sfloat, Width: picTexels, Height: picTexels, Levels: 1})
	if err != nil {
		return nil, err
	}
	st := sampler.DefaultState()
	st.MagFilter, st.MinFilter = sampler.Linear, sampler.Linear
	st.Address = [3]sampler.AddressMode{sampler.WrapClampToEdge, sampler.WrapClampToEdge, sampler.WrapClampToEdge}
	var eng sampler.Engine
	one := math.Float32bits(1)
	for ty := range picTexels {
		for tx := range picTexels {
			clear(s.Data)
			o := s.TexelOffset(0, tx, ty, 0, 0, 0)
			s.Data[o], s.Data[o+1], s.Data[o+2], s.Data[o+3] = byte(one), byte(one>>8), byte(one>>16), byte(one>>24)
			r, err := eng.SampleAt(s.View(), &st, sampler.OpSampleL, [4]float32{u, v}, 0)
			if err != nil {
				return nil, err
			}
			w := r[0]
			x0, y0 := picMargin+tx*picCell, picMargin+ty*picCell
			cell := image.Rect(x0, y0, x0+picCell, y0+picCell)
			shade := uint8(250 - 160*w)
			fill(img, cell, color.RGBA{shade, shade, 250, 255})
			if w > 0 {
				drawText(img, fmt.Sprintf("%.3f", w), x0+6, y0+picCell-14, 1, picInk)
			}
			fill(img, image.Rect(x0+picCell/2-1, y0+picCell/2-1, x0+picCell/2+2, y0+picCell/2+2), picGrid)
		}
	}
	for i := 0; i <= picTexels; i++ {
		fill(img, image.Rect(picMargin+i*picCell, picMargin, picMargin+i*picCell+1, picMargin+size+1), picGrid)
		fill(img, image.Rect(picMargin, picMargin+i*picCell, picMargin+size+1, picMargin+i*picCell+1), picGrid)
	}
	px, py := picMargin+int(u*float32(size)), picMargin+int(v*float32(size))
	fill(img, image.Rect(px-4, py-4, px+5, py+5), picPoint)
	drawText(img, title, picMargin, 14, 1, picInk)
	drawText(img, note, picMargin, picMargin+size+12, 1, picInk)
	return img, nil
}

// QuadPicture draws a 2×2 quad of pixels whose texture coordinates come
// from a perspective view of a 16×16 texture: the four sample points on
// the texel grid, the coarse differences ddx (pixel (1,0) − (0,0)) and ddy
// (pixel (0,1) − (0,0)) as lines, and the LOD λ the engine's lod query
// gives for the quad.
func QuadPicture() (*image.RGBA, error) {
	const texels, cell = 16, 32
	size := texels * cell
	// A ground plane seen in perspective: screen pixel (x, y) maps to
	// (u, v) through a projective map; the quad's four pixels.
	uv := func(x, y float64) (float32, float32) {
		z := 1 + 0.5*y
		return float32(0.3 + 0.15*x/z), float32(0.2 + 0.45*y/z)
	}
	var us, vs [4]float32
	for j := range 4 {
		us[j], vs[j] = uv(float64(j&1), float64(j>>1))
	}
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: texels, Height: texels})
	if err != nil {
		return nil, err
	}
	st := sampler.DefaultState()
	st.MagFilter, st.MinFilter, st.MipFilter = sampler.Linear, sampler.Linear, sampler.MipLinear
	req := &sampler.Request{Op: sampler.OpLod, Lanes: 4, Coord: [4][]float32{us[:], vs[:]}}
	var res sampler.Result
	var eng sampler.Engine
	if err := eng.Execute(s.View(), &st, req, &res); err != nil {
		return nil, err
	}
	lambda := res.Float(1, 0) // the unclamped LOD
	du, dv := (us[1]-us[0])*texels, (vs[1]-vs[0])*texels
	eu, ev := (us[2]-us[0])*texels, (vs[2]-vs[0])*texels
	rho := max(math.Hypot(float64(du), float64(dv)), math.Hypot(float64(eu), float64(ev)))
	title := "A 2x2 quad of pixels on a 16x16 texture: one quad of a ground plane seen in perspective."
	line1 := fmt.Sprintf("ddx = pixel (1,0) - (0,0) = (%.2f, %.2f) texels (blue). ddy = pixel (0,1) - (0,0) = (%.2f, %.2f) texels (red).", du, dv, eu, ev)
	line2 := fmt.Sprintf("rho = max(length(ddx), length(ddy)) = %.3f. texunit's lod query gives lambda = %.3f = log2(rho).", rho, lambda)
	longest := line1
	if len(line2) > len(longest) {
		longest = line2
	}
	img := picture(size, size+40, title, longest)
	for i := 0; i <= texels; i++ {
		fill(img, image.Rect(picMargin+i*cell, picMargin, picMargin+i*cell+1, picMargin+size+1), picGrid)
		fill(img, image.Rect(picMargin, picMargin+i*cell, picMargin+size+1, picMargin+i*cell+1), picGrid)
	}
	at := func(j int) (int, int) {
		return picMargin + int(us[j]*float32(size)), picMargin + int(vs[j]*float32(size))
	}
	x0, y0 := at(0)
	x1, y1 := at(1)
	x2, y2 := at(2)
	line(img, x0, y0, x1, y1, picAccent)
	line(img, x0, y0, x2, y2, picPoint)
	for j := range 4 {
		x, y := at(j)
		fill(img, image.Rect(x-3, y-3, x+4, y+4), picInk)
		label := fmt.Sprintf("pixel (%d,%d)", j&1, j>>1)
		lx := x + 8
		if j&1 == 0 {
			lx = x - 8 - textWidth(label, 1)
		}
		drawText(img, label, lx, y-3, 1, picInk)
	}
	drawText(img, title, picMargin, 14, 1, picInk)
	drawText(img, line1, picMargin, picMargin+size+10, 1, picInk)
	drawText(img, line2, picMargin, picMargin+size+24, 1, picInk)
	return img, nil
}

// picture returns a blank picture for a drawing of w×h pixels, wide enough
// for its title and note.
func picture(w, h int, title, note string) *image.RGBA {
	w = max(w, textWidth(title, 1), textWidth(note, 1))
	img := image.NewRGBA(image.Rect(0, 0, w+2*picMargin, h+2*picMargin))
	fill(img, img.Bounds(), picBG)
	return img
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

// line draws a 2-pixel-wide line from (x0, y0) to (x1, y1).
func line(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	n := max(abs(x1-x0), abs(y1-y0), 1)
	for i := 0; i <= n; i++ {
		x := x0 + (x1-x0)*i/n
		y := y0 + (y1-y0)*i/n
		fill(img, image.Rect(x, y, x+2, y+2), c)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// AnisoPicture draws the anisotropic panel of Render's picture (panels of
// w × h pixels, 0 meaning the defaults) once per anisotropic filter —
// Vulkan's reference probes, EWA and footprint assembly — side by side,
// each labelled, so that the three can be compared on the same ground. It
// keeps the panels' upper two thirds: the distant ground, where the
// filters differ (up close all three magnify level 0).
func AnisoPicture(w, h int) (*image.RGBA, error) {
	methods := []sampler.AnisoMethod{sampler.AnisoVulkan, sampler.AnisoEWA, sampler.AnisoFootprintAssembly}
	var out *image.RGBA
	for k, m := range methods {
		img, _, err := Render(Options{Width: w, Height: h, Anisotropy: m})
		if err != nil {
			return nil, err
		}
		pw, ph := img.Bounds().Dx()/2, img.Bounds().Dy()/2
		if out == nil {
			out = image.NewRGBA(image.Rect(0, 0, len(methods)*pw, ph*2/3))
		}
		for y := range out.Bounds().Dy() {
			copy(out.Pix[out.PixOffset(k*pw, y):out.PixOffset((k+1)*pw, y)], img.Pix[img.PixOffset(pw, ph+y):img.PixOffset(2*pw, ph+y)])
		}
	}
	return out, nil
}
