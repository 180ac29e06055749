package demo

import (
	"fmt"
	"image"
	"image/color"
	"slices"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// TracePicture draws lane `lane` of req, run on view with state st, from
// the engine's footprint trace (sampler.Result.Trace): one panel per level
// and layer (cube face) read, each showing the level's texel grid around
// the footprint, every texel read shaded by its weight in the lane's value
// (the weight printed in it), texels outside the level (border colour)
// crossed in red, texels on another layer than the first (a cube face
// across an edge) outlined in blue, the level's edge as a thick line, and,
// for 1D, 2D and 3D views, the sample point (u·width, v·height) in red.
// It returns the picture and the lane's value.
func TracePicture(view surface.View, st *sampler.State, req *sampler.Request, lane int) (*image.RGBA, [4]float32, error) {
	var val [4]float32
	if lane < 0 || lane >= req.Lanes {
		return nil, val, fmt.Errorf("demo: lane %d is out of range (0..%d)", lane, req.Lanes-1)
	}
	res := &sampler.Result{Trace: &sampler.Trace{}}
	if err := (&sampler.Engine{}).Execute(view, st, req, res); err != nil {
		return nil, val, err
	}
	if res.LaneErr != nil && res.LaneErr[lane] != nil {
		return nil, val, fmt.Errorf("demo: lane %d: %w", lane, res.LaneErr[lane])
	}
	val = res.Vec(lane)
	texels := res.Trace.Lane(lane)
	if len(texels) == 0 {
		return nil, val, fmt.Errorf("demo: lane %d read no texels (inactive, or an operation that reads none)", lane)
	}
	type key struct{ level, layer, z int32 }
	var keys []key
	for _, t := range texels {
		k := key{t.Level, t.Layer, t.Z}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	firstLayer := texels[0].Layer
	const cell = 56
	const gap = 30
	// Each panel: the bounding box of its texels, one texel more around.
	type panel struct {
		k              key
		x0, y0, x1, y1 int32 // texel range shown, inclusive
		w, h           int32 // the level's size
	}
	var panels []panel
	width, height := 0, 0
	for _, k := range keys {
		w, h, _ := view.Surface.LevelSize(int(k.level))
		p := panel{k: k, x0: 1 << 30, y0: 1 << 30, x1: -1 << 30, y1: -1 << 30, w: int32(w), h: int32(h)}
		for _, t := range texels {
			if (key{t.Level, t.Layer, t.Z}) == k {
				p.x0, p.y0, p.x1, p.y1 = min(p.x0, t.X), min(p.y0, t.Y), max(p.x1, t.X), max(p.y1, t.Y)
			}
		}
		p.x0, p.y0, p.x1, p.y1 = p.x0-1, p.y0-1, p.x1+1, p.y1+1
		// At most 12 texels a side: anisotropic footprints are cut.
		p.x1, p.y1 = min(p.x1, p.x0+11), min(p.y1, p.y0+11)
		panels = append(panels, p)
		width = max(width, int(p.x1-p.x0+1)*cell)
		height += int(p.y1-p.y0+1)*cell + gap
	}
	title := fmt.Sprintf("%s, lane %d: %d texels read, value (%.4g, %.4g, %.4g, %.4g)", req.Op, lane, len(texels), val[0], val[1], val[2], val[3])
	note := "shade and number: the texel's weight in the value. Red cross: border colour. Blue outline: another layer or face. Red dot: the sample point."
	img := picture(width, height+30, title, note)
	drawText(img, title, picMargin, 14, 1, picInk)
	y := picMargin
	for _, p := range panels {
		label := fmt.Sprintf("level %d (%dx%d), layer %d", p.k.level, p.w, p.h, p.k.layer)
		if view.Surface.Kind == surface.Kind3D {
			label += fmt.Sprintf(", slice z = %d", p.k.z)
		}
		drawText(img, label, picMargin, y, 1, picInk)
		y += 14
		for ty := p.y0; ty <= p.y1; ty++ {
			for tx := p.x0; tx <= p.x1; tx++ {
				x0, y0 := picMargin+int(tx-p.x0)*cell, y+int(ty-p.y0)*cell
				r := image.Rect(x0, y0, x0+cell, y0+cell)
				inside := tx >= 0 && ty >= 0 && tx < p.w && ty < p.h
				bg := picBG
				if !inside {
					bg = color.RGBA{228, 228, 222, 255}
				}
				var wsum float64
				border, other, read := false, false, false
				for _, t := range texels {
					if t.Level == p.k.level && t.Layer == p.k.layer && t.Z == p.k.z && t.X == tx && t.Y == ty {
						wsum += t.Weight
						read = true
						border = border || t.Border
						other = other || t.Layer != firstLayer
					}
				}
				fill(img, r, bg)
				if read {
					shade := uint8(245 - 150*min(wsum*2, 1))
					fill(img, r, color.RGBA{shade, shade, 250, 255})
					drawText(img, fmt.Sprintf("%.3f", wsum), x0+5, y0+cell-14, 1, picInk)
				}
				if border {
					line(img, x0+6, y0+6, x0+cell-8, y0+cell-8, picPoint)
					line(img, x0+cell-8, y0+6, x0+6, y0+cell-8, picPoint)
				}
				if other {
					outline(img, r.Inset(2), picAccent)
				}
				drawText(img, fmt.Sprintf("%d,%d", tx, ty), x0+4, y0+4, 1, picGrid)
			}
		}
		cols, rows := int(p.x1-p.x0+1), int(p.y1-p.y0+1)
		for i := 0; i <= cols; i++ {
			fill(img, image.Rect(picMargin+i*cell, y, picMargin+i*cell+1, y+rows*cell+1), picGrid)
		}
		for j := 0; j <= rows; j++ {
			fill(img, image.Rect(picMargin, y+j*cell, picMargin+cols*cell+1, y+j*cell+1), picGrid)
		}
		// The level's edges inside the panel.
		for _, e := range []int32{0, p.w} {
			if e >= p.x0 && e <= p.x1+1 {
				x := picMargin + int(e-p.x0)*cell
				fill(img, image.Rect(x-1, y, x+2, y+rows*cell), picInk)
			}
		}
		for _, e := range []int32{0, p.h} {
			if e >= p.y0 && e <= p.y1+1 {
				yy := y + int(e-p.y0)*cell
				fill(img, image.Rect(picMargin, yy-1, picMargin+cols*cell, yy+2), picInk)
			}
		}
		if k := view.Surface.Kind; (k == surface.Kind2D || k == surface.Kind2DArray || k == surface.Kind3D || k.Dims() == 1) && !st.Unnormalized &&
			req.Coord[0] != nil && (req.Coord[1] != nil || k.Dims() == 1) {
			u := float64(req.Coord[0][lane]) * float64(p.w)
			v := 0.5
			if k.Dims() >= 2 {
				v = float64(req.Coord[1][lane]) * float64(p.h)
			}
			px, py := picMargin+int((u-float64(p.x0))*cell), y+int((v-float64(p.y0))*cell)
			if px >= picMargin && py >= y && px < picMargin+cols*cell && py < y+rows*cell {
				fill(img, image.Rect(px-4, py-4, px+5, py+5), picPoint)
			}
		}
		y += rows*cell + gap
	}
	drawText(img, note, picMargin, y, 1, picInk)
	return img, val, nil
}

// outline draws a 2-pixel rectangle outline.
func outline(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+2), c)
	fill(img, image.Rect(r.Min.X, r.Max.Y-2, r.Max.X, r.Max.Y), c)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+2, r.Max.Y), c)
	fill(img, image.Rect(r.Max.X-2, r.Min.Y, r.Max.X, r.Max.Y), c)
}
