package sampler

import (
	"encoding/binary"
	"math"
)

// The linear lane loop: the specialised path's loop for the commonest
// sampling requests — linear magnification and minification, isotropic
// (no anisotropy), weighted average, no compare, exact precision, on
// r8g8b8a8_unorm or r32g32b32a32_sfloat 2D and 2D-array views that decode
// in place. Per lane it takes the LOD as runSample does (laneLod), then
// filters each selected level in one function with the coordinates,
// floors, wraps, addresses, decode and weighted sum written out, instead of
// going through sampleAt, sampleLevels, filterLevel and the per-texel
// helpers. The arithmetic is the reference's, in its order, so results are
// bit-identical (TestFastPathAgrees, FuzzExecute); a footprint that touches
// a border texel, or coordinates beyond ±2^30, take filterLevel2D.

// setupLinearLoop decides whether runSample takes runLinear2D.
func (x *exec) setupLinearLoop(op Op) {
	x.fast.linearLevels = (x.fast.on || x.fast.cube) && x.st.Reduction == ReductionWeightedAverage && !x.hw &&
		x.compare == CompareNone && (x.fast.dec == decodeRGBA8Unorm || x.fast.dec == decodeRGBA32Float)
	x.fast.linear = x.fast.on && x.fast.linearLevels && op.Kind() == KindSample &&
		x.st.MaxAnisotropy <= 1 && x.st.MagFilter == Linear && x.st.MinFilter == Linear
}

// runLinear2D is runSample for requests setupLinearLoop accepts.
func (x *exec) runLinear2D(req *Request, res *Result) {
	src := req.Op.LodSource()
	n := req.Lanes
	r, g, b, a := res.Bits[0][:n], res.Bits[1][:n], res.Bits[2][:n], res.Bits[3][:n]
	noOffsets := req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil
	us, vs := req.Coord[0][:n], req.Coord[1][:n]
	for i := 0; i < n; i++ {
		if !req.active(i) {
			continue
		}
		var off [3]int32
		if !noOffsets && !x.laneOffsets(req, i, &off, res) {
			continue
		}
		p := point{s: [3]float32{us[i], vs[i]}, face: -1}
		layer := int32(0)
		if x.array {
			layer = clampLayer(req.Coord[2][i], int32(x.layers))
		}
		p.layer = layer + int32(x.view.BaseLayer)
		var lr lodResult
		x.laneLod(req, i, src, &p.s, &p, &lr)
		sel := x.selectLevels(lr.lambda)
		v := x.linearLevel(sel.hi, &p, off)
		if sel.delta != 0 {
			lo := x.linearLevel(sel.lo, &p, off)
			wHi := 1 - sel.delta
			for c := range v {
				v[c] = float32(wHi*v[c]) + float32(sel.delta*lo[c])
			}
		}
		r[i], g[i], b[i], a[i] = math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]), math.Float32bits(v[3])
		res.Resident[i] = true
	}
}

// linearLevel is filterLevel2D's linear filter with weighted average and no
// compare, written out for the two formats setupLinearLoop admits.
func (x *exec) linearLevel(l int32, p *point, off [3]int32) [4]float32 {
	lv := &x.fast.levels[l]
	u := float32(p.s[0]*float32(lv.w)) + float32(off[0]) - 0.5
	v := float32(p.s[1]*float32(lv.h)) + float32(off[1]) - 0.5
	if !(abs32(u) < 1<<30 && abs32(v) < 1<<30) {
		return x.filterLevel2DGeneric(l, p, Linear, off, 0)
	}
	i0, j0 := int32(u), int32(v)
	if float32(i0) > u {
		i0--
	}
	if float32(j0) > v {
		j0--
	}
	fa, fb := u-float32(i0), v-float32(j0)
	x0, x1, okx := wrapPair(i0, lv.w, x.st.Address[0])
	y0, y1, oky := wrapPair(j0, lv.h, x.st.Address[1])
	if !okx || !oky {
		return x.filterLevel2DGeneric(l, p, Linear, off, 0)
	}
	base := lv.off + int(p.layer)*lv.ls
	r0, r1 := base+int(y0)*lv.ys, base+int(y1)*lv.ys
	c0, c1 := int(x0)*lv.xs, int(x1)*lv.xs
	wi0, wi1 := 1-fa, fa
	wj0, wj1 := 1-fb, fb
	d := x.surf.Data
	if x.fast.dec == decodeRGBA8Unorm {
		return bilinearRGBA8(d, r0+c0, r0+c1, r1+c0, r1+c1, wi0, wi1, wj0, wj1)
	}
	w00, w10 := float32(wi0*wj0), float32(wi1*wj0)
	w01, w11 := float32(wi0*wj1), float32(wi1*wj1)
	var acc [4]float32
	t00 := [16]byte(d[r0+c0 : r0+c0+16])
	t10 := [16]byte(d[r0+c1 : r0+c1+16])
	t01 := [16]byte(d[r1+c0 : r1+c0+16])
	t11 := [16]byte(d[r1+c1 : r1+c1+16])
	for c := range acc {
		k := 4 * c
		s := float32(0)
		s += float32(w00 * math.Float32frombits(binary.LittleEndian.Uint32(t00[k:])))
		s += float32(w10 * math.Float32frombits(binary.LittleEndian.Uint32(t10[k:])))
		s += float32(w01 * math.Float32frombits(binary.LittleEndian.Uint32(t01[k:])))
		s += float32(w11 * math.Float32frombits(binary.LittleEndian.Uint32(t11[k:])))
		acc[c] = s
	}
	return acc
}

// wrapPair wraps texel indices i and i+1 of an axis of size n for the modes
// that never produce a border texel and keep the pair adjacent or wrapped:
// repeat and clamp-to-edge; ok is false for the others.
func wrapPair(i, n int32, mode AddressMode) (w0, w1 int32, ok bool) {
	switch mode {
	case WrapRepeat:
		w0 = mod(i, n)
		if w1 = w0 + 1; w1 == n {
			w1 = 0
		}
		return w0, w1, true
	case WrapClampToEdge:
		return min(max(i, 0), n-1), min(max(i+1, 0), n-1), true
	}
	return 0, 0, false
}
