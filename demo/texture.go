package demo

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TextureFormat is the format of the ground texture.
const TextureFormat = format.R8G8B8A8Srgb

// cells is the number of checkerboard cells along each side of the texture.
const cells = 8

// rgb is a colour as 8-bit sRGB components.
type rgb [3]uint8

// linear returns c as linear RGBA with alpha 1.
func (c rgb) linear() [4]float64 {
	return [4]float64{
		float64(format.SRGBToLinear(c[0])),
		float64(format.SRGBToLinear(c[1])),
		float64(format.SRGBToLinear(c[2])),
		1,
	}
}

// The texture's palette. Cells alternate between a warm white and a dark
// slate; thin grid lines split each cell into quarters, a brighter line
// borders it, and a label in a colour of its column names it.
var (
	lightCell  = rgb{236, 232, 220}
	darkCell   = rgb{40, 46, 60}
	lightGrid  = rgb{120, 124, 136}
	darkGrid   = rgb{150, 156, 170}
	cellBorder = rgb{250, 190, 40}
	// labelHues are the label colours per column: a bright tone for dark
	// cells and a deep one for light cells.
	labelBright = [cells]rgb{
		{255, 96, 80}, {255, 160, 60}, {250, 230, 70}, {110, 230, 100},
		{80, 220, 230}, {110, 150, 255}, {190, 120, 255}, {255, 110, 200},
	}
	labelDeep = [cells]rgb{
		{200, 30, 30}, {210, 100, 0}, {150, 120, 0}, {20, 140, 40},
		{0, 130, 150}, {30, 60, 200}, {110, 40, 190}, {190, 20, 120},
	}
)

// NewTexture returns the demo's ground texture: a size×size r8g8b8a8_srgb
// surface with a full mip chain. Level 0 is an 8×8 checkerboard of labelled
// cells ("A1" … "H8") with thin grid lines; the other levels are made from it
// by box filtering in linear space (see buildMipChain).
func NewTexture(size int) (*surface.Surface, error) {
	if size < MinTextureSize || size > MaxTextureSize {
		return nil, fmt.Errorf("demo: texture size %d is out of range (%d..%d)", size, MinTextureSize, MaxTextureSize)
	}
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: TextureFormat, Width: size, Height: size})
	if err != nil {
		return nil, fmt.Errorf("demo: texture: %w", err)
	}
	buildMipChain(s, pattern(size))
	return s, nil
}

// cellSpan says, for each texel coordinate along one axis, which cell it is
// in, its position within the cell and the cell's length. Cell c covers
// texels c·n/8 … (c+1)·n/8 − 1, so sizes that are not multiples of 8 work.
type cellSpan struct {
	cell, local, length []int
}

func newCellSpan(n int) cellSpan {
	cs := cellSpan{cell: make([]int, n), local: make([]int, n), length: make([]int, n)}
	for c := range cells {
		lo, hi := c*n/cells, (c+1)*n/cells
		for x := lo; x < hi; x++ {
			cs.cell[x], cs.local[x], cs.length[x] = c, x-lo, hi-lo
		}
	}
	return cs
}

// pattern returns level 0 of the ground texture, size×size texels of linear
// RGBA in row-major order.
func pattern(size int) [][4]float64 {
	span := newCellSpan(size)
	img := make([][4]float64, size*size)
	onLine := func(local, length int) (border, grid bool) {
		if local == 0 || local == length-1 {
			return true, false
		}
		q := max(length/4, 2)
		return false, local%q == 0
	}
	for y := range size {
		cy, ly, hy := span.cell[y], span.local[y], span.length[y]
		by, gy := onLine(ly, hy)
		for x := range size {
			cx, lx, hx := span.cell[x], span.local[x], span.length[x]
			bx, gx := onLine(lx, hx)
			dark := (cx+cy)%2 == 1
			c := lightCell
			switch {
			case bx || by:
				c = cellBorder
			case (gx || gy) && dark:
				c = darkGrid
			case gx || gy:
				c = lightGrid
			case dark:
				c = darkCell
			}
			img[y*size+x] = c.linear()
		}
	}
	// Labels: the column letter and the row digit, centred in the cell.
	for cy := range cells {
		y0, y1 := cy*size/cells, (cy+1)*size/cells
		for cx := range cells {
			x0, x1 := cx*size/cells, (cx+1)*size/cells
			label := string([]rune{rune('A' + cx), rune('1' + cy)})
			scale := max(1, min(x1-x0, y1-y0)/16)
			w, h := textWidth(label, scale), textHeight(scale)
			if w > x1-x0-2 || h > y1-y0-2 {
				continue // too small a cell for a label
			}
			col := labelDeep[cx].linear()
			if (cx+cy)%2 == 1 {
				col = labelBright[cx].linear()
			}
			lx, ly := x0+(x1-x0-w)/2, y0+(y1-y0-h)/2
			glyphPixels(label, lx, ly, scale, func(px, py int) { img[py*size+px] = col })
		}
	}
	return img
}

// downsample returns the next mip level of src (w×h texels of linear RGBA):
// max(1, w/2) × max(1, h/2) texels, each the mean of the 2×2 box of source
// texels (2x, 2y) … (2x+1, 2y+1). A box coordinate beyond the source (a
// dimension of 1) is clamped to its last texel, so the box then averages
// a texel with itself.
func downsample(src [][4]float64, w, h int) (dst [][4]float64, dw, dh int) {
	dw, dh = max(1, w/2), max(1, h/2)
	dst = make([][4]float64, dw*dh)
	for y := range dh {
		y0, y1 := min(2*y, h-1), min(2*y+1, h-1)
		for x := range dw {
			x0, x1 := min(2*x, w-1), min(2*x+1, w-1)
			a, b, c, d := &src[y0*w+x0], &src[y0*w+x1], &src[y1*w+x0], &src[y1*w+x1]
			var v [4]float64
			for k := range v {
				v[k] = ((a[k] + b[k]) + (c[k] + d[k])) / 4
			}
			dst[y*dw+x] = v
		}
	}
	return dst, dw, dh
}

// buildMipChain writes level 0 of s from base (linear RGBA, row-major, the
// size of level 0) and every further level by box filtering the previous
// one in linear space with downsample; each level is encoded with the
// surface's format from the unrounded linear values.
func buildMipChain(s *surface.Surface, base [][4]float64) {
	img := base
	w, h, _ := s.LevelSize(0)
	for l := range s.Levels {
		if l > 0 {
			img, w, h = downsample(img, w, h)
		}
		// Encoding (a pow per sRGB component) is most of the work: spread
		// the rows of the large levels over the CPUs.
		chunks := 1
		if w*h >= 1<<14 {
			chunks = min(h, 4*runtime.GOMAXPROCS(0))
		}
		var wg sync.WaitGroup
		for c := range chunks {
			y0, y1 := c*h/chunks, (c+1)*h/chunks
			wg.Go(func() {
				for y := y0; y < y1; y++ {
					for x := range w {
						s.Format.Encode(s.Data[s.TexelOffset(l, x, y, 0, 0, 0):], img[y*w+x])
					}
				}
			})
		}
		wg.Wait()
	}
}
