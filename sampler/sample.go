package sampler

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
	"github.com/texunit/texunit/surface"
)

// point is one lane's coordinates after coordinate processing: the
// normalized (or unnormalized) spatial coordinates within a layer (for cube
// maps, (s_face, t_face) on the selected face), and the layer.
type point struct {
	s     [3]float32
	layer int32 // absolute array layer, including the face and the view's base layer
	face  int   // cube face, or −1
}

// runSample executes sampling, gather and LOD-query operations.
func (x *exec) runSample(req *Request, res *Result) {
	if x.takesLaneLoop(req) {
		if x.fast.lanes == laneVolume {
			x.runLanes3D(req, res)
		} else {
			x.runLanes2D(req, res)
		}
		if x.tr == nil || !x.tr.slow {
			return
		}
		// A chunk had a footprint the loop hands to the reference's
		// functions: the reference pipeline traces the whole request
		// (tracelanes.go), with the same results.
		x.tr.t.texels = x.tr.t.texels[:0]
		x.tr.t.dropPending()
	}
	op := req.Op
	ints := op.Kind() != KindLodQuery && x.intFmt // integer results: their bits are the integers'
	if ints {
		res.Kind = valueKind(x.finfo.Class)
	}
	src := op.LodSource()
	n := req.Lanes
	bits := [4][]uint32{res.Bits[0][:n], res.Bits[1][:n], res.Bits[2][:n], res.Bits[3][:n]}
	noOffsets := req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil
	readCh := x.readsChannel && req.Channel != nil
	for i := 0; i < n; i++ {
		if !req.active(i) {
			continue
		}
		if x.tr != nil {
			x.tr.startLane(i)
		}
		var off [3]int32
		if !noOffsets && !x.laneOffsets(req, i, &off, res) {
			continue
		}
		var ch uint8
		if readCh {
			var ok bool
			if ch, ok = laneChannel(req, res, i); !ok {
				continue
			}
		}
		dir := x.laneCoord(req, i)
		p := x.project(dir, req, i)

		var lr lodResult
		x.laneLod(req, i, src, &dir, &p, &lr)

		ref := x.laneRef(req, i)

		x.residentOK = true
		var v [4]float32
		switch op.Kind() {
		case KindLodQuery:
			v[0], v[1] = x.queryLod(&lr)
		case KindGather:
			v = x.gather(x.laneLevels(lr.lambda, true, src).hi, &p, off, int(ch), ref)
		default:
			switch iso := x.fast.iso && lr.probes <= 1 && !lr.ewa; {
			case iso && x.tr == nil:
				v = x.sampleIso2D(&p, lr.lambda, off, ref)
			case iso:
				v = x.sampleIso2D(&p, lr.lambda, off, ref)
				x.traceIso2D(&p, lr.lambda, off) // tracelanes.go
			default:
				v = x.sampleAt(&p, &lr, off, ref)
			}
		}
		if ints {
			bits[0][i], bits[1][i], bits[2][i], bits[3][i] = math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]), math.Float32bits(v[3])
		} else {
			bits[0][i], bits[1][i], bits[2][i], bits[3][i] = resultBits(v[0]), resultBits(v[1]), resultBits(v[2]), resultBits(v[3])
		}
		res.Resident[i] = x.residentOK
	}
}

// canonicalNaN is the NaN every sampling result that is NaN becomes
// (lanes.CanonicalNaN, the lane loop's stores' too).
const canonicalNaN = lanes.CanonicalNaN

// resultBits is a sampling result's bits: v's, or canonicalNaN for a NaN.
// IEEE 754 leaves open which payload an operation on two NaNs keeps; x86
// keeps its first operand's, and the compiler may swap the operands of a
// sum, so without this a filtered result's NaN payload would depend on the
// compilation (and on the host: ARM's default NaN differs from x86's).
// Both roads use lanes.ResultBits.
func resultBits(v float32) uint32 { return lanes.ResultBits(v) }

// laneChannel returns lane i's gathered channel from Request.Channel;
// beyond 3 it is a lane error, and ok is false. Only the non-compare gather
// forms read the operand (exec.readsChannel); the others ignore it.
func laneChannel(req *Request, res *Result, i int) (ch uint8, ok bool) {
	ch = req.Channel[i]
	if ch > 3 {
		res.laneError(req.Lanes, i, fmt.Errorf("channel: %d is out of range (0..3)", ch))
		return 0, false
	}
	return ch, true
}

// laneRef returns lane i's depth reference D_ref, clamped to [0, 1] for
// UNORM depth; 0 without a compare.
func (x *exec) laneRef(req *Request, i int) float32 {
	if x.compare == CompareNone {
		return 0
	}
	ref := req.Ref[i]
	if x.clampRef {
		ref = min(max(ref, 0), 1)
	}
	return ref
}

// laneLod runs the scale-factor and LOD operations for lane i: the LOD
// from the source src (explicit, zero, the lane's gradients or its quad's
// differences), the bias and the clamps, the lane's MinLod operand included.
func (x *exec) laneLod(req *Request, i int, src LodSource, dir *[3]float32, p *point, lr *lodResult) {
	x.minLod = x.laneMinLod(req, i)
	*lr = lodResult{probes: 1}
	switch src {
	case LodImplicit, LodBias, LodGradient:
		var bias float32
		if src == LodBias {
			bias = req.Bias[i]
		}
		dx, dy := x.laneDerivatives(req, i, src, dir, p)
		base := x.scaleLambda(dx, dy, lr)
		x.finishLambda(base, bias, lr)
	case LodExplicit:
		x.finishLambda(req.Lod[i], 0, lr)
	case LodZero:
		x.finishLambda(0, 0, lr)
	}
}

// laneDerivatives returns lane i's derivatives for the scale factors: its
// gradients (src LodGradient) or its quad's differences, on a cube face
// the face coordinates' (faceDerivative).
func (x *exec) laneDerivatives(req *Request, i int, src LodSource, dir *[3]float32, p *point) (dx, dy [3]float32) {
	if src == LodGradient {
		for c := 0; c < x.kind.Dims(); c++ {
			dx[c] = req.DDX[c][i]
			dy[c] = req.DDY[c][i]
		}
	} else {
		dx, dy = x.quadDerivatives(req, i)
	}
	if x.cube {
		dx[0], dx[1] = faceDerivative(p.face, *dir, dx)
		dy[0], dy[1] = faceDerivative(p.face, *dir, dy)
		dx[2], dy[2] = 0, 0
	}
	return dx, dy
}

func valueKind(c format.Class) ValueKind {
	switch c {
	case format.ClassUint:
		return ValueUint
	case format.ClassSint:
		return ValueSint
	}
	return ValueFloat
}

// nearestLevel is the nearest level to λ: ⌈clamp(λ, 0, q) + ½⌉ − 1.
func (x *exec) nearestLevel(lambda float32) int32 {
	d := min(max(lambda, 0), float32(x.levels-1))
	return int32(math.Ceil(float64(d)+0.5)) - 1
}

// laneCoord returns lane i's spatial coordinates (for cube maps, the direction).
func (x *exec) laneCoord(req *Request, i int) [3]float32 {
	var c [3]float32
	for k := 0; k < x.kind.Dims(); k++ {
		c[k] = req.Coord[k][i]
	}
	return c
}

// quadDerivatives returns lane i's implicit derivatives from its quad:
// coarse, ddx = pixel (1,0) − pixel (0,0) and ddy = pixel (0,1) −
// pixel (0,0) for every lane; fine (Request.Derivatives), the differences
// of the lane's own row and column.
func (x *exec) quadDerivatives(req *Request, i int) (dx, dy [3]float32) {
	b := i &^ 3
	bx, by := b, b // coarse: row 0's and column 0's differences
	if req.Derivatives == DerivativesFine {
		bx, by = b+i&2, b+i&1 // the lane's row and column
	}
	for k := 0; k < x.kind.Dims(); k++ {
		c := req.Coord[k]
		dx[k] = c[bx+1] - c[bx]
		dy[k] = c[by+2] - c[by]
	}
	if req.coarse() {
		// CPS LOD compensation: per-pixel derivatives of coarse fragments.
		for a, s := range req.CoarsePixel {
			if s == 0 || s == 1 {
				continue
			}
			d := &dx
			if a == 1 {
				d = &dy
			}
			for k := range d {
				d[k] /= s
			}
		}
	}
	return dx, dy
}

// project turns lane i's coordinates into a point: the cube face and face
// coordinates, and the array layer l = clamp(RNE(a), 0, layers − 1) + base.
func (x *exec) project(dir [3]float32, req *Request, i int) point {
	p := point{s: dir, face: -1}
	layer := int32(0)
	if x.array {
		a := req.Coord[x.kind.Dims()][i]
		layer = clampLayer(a, int32(x.layers))
	}
	if x.cube {
		p.face = selectFace(dir)
		p.s[0], p.s[1] = faceCoords(p.face, dir)
		p.s[2] = 0
		layer = layer*6 + int32(p.face)
	}
	p.layer = layer + int32(x.view.BaseLayer)
	return p
}

// clampLayer is clamp(RNE(a), 0, n − 1); NaN selects layer 0
// (pipeline.ClampLayer, one definition for both roads).
func clampLayer(a float32, n int32) int32 { return pipeline.ClampLayer(a, n) }

// sampleAt filters at the point: it selects the filter (magnification when
// λ ≤ 0), the level(s), and runs the anisotropic probes if any.
func (x *exec) sampleAt(p *point, lr *lodResult, off [3]int32, ref float32) [4]float32 {
	f := x.st.MinFilter
	if lr.lambda <= 0 || isNaN32(lr.lambda) {
		f = x.st.MagFilter
	}
	if lr.ewa {
		return x.sampleEWA(p, lr.lambda, off, ref)
	}
	sel := x.selectLevels(lr.lambda)
	if lr.probes <= 1 {
		return x.sampleLevels(p, sel, f, off, ref)
	}
	// Vulkan's reference anisotropic filter: N isotropic probes at
	// offsets (−½ + k/(N+1))·∂ along the major axis, averaged; footprint
	// assembly's probes sit at (2k − 1)/(2N) − ½ (probeOffset).
	n := lr.probes
	red := x.st.Reduction
	var acc [4]float32
	assembly := x.aniso == AnisoFootprintAssembly
	for k := 1; k <= n; k++ {
		t := probeOffset(assembly, k, n)
		q := *p
		for c := 0; c < x.dims; c++ {
			q.s[c] = p.s[c] + float32(t*lr.axis[c])
		}
		if x.cube {
			// A probe stays on the face it started on.
			q.s[0] = min(max(q.s[0], 0), 1)
			q.s[1] = min(max(q.s[1], 0), 1)
		}
		var w0 float64
		if x.tr != nil && red == ReductionWeightedAverage {
			w0 = x.tr.scale(1 / float64(n))
		}
		v := x.sampleLevels(&q, sel, f, off, ref)
		if x.tr != nil && red == ReductionWeightedAverage {
			x.tr.w = w0
		}
		switch {
		case k == 1 && red != ReductionWeightedAverage:
			acc = v
		case red == ReductionMin:
			acc = min4(acc, v)
		case red == ReductionMax:
			acc = max4(acc, v)
		default:
			for c := range acc {
				acc[c] += v[c]
			}
		}
	}
	if red == ReductionWeightedAverage {
		for c := range acc {
			acc[c] /= float32(n)
		}
	}
	return acc
}

// sampleLevels filters level sel.hi and, for linear mipmapping with δ > 0,
// level sel.lo, and combines them: (1 − δ)·τ_hi + δ·τ_lo.
func (x *exec) sampleLevels(p *point, sel levelSel, f Filter, off [3]int32, ref float32) [4]float32 {
	var w0 float64 // tracing: hi's texels weigh 1 − δ, lo's δ
	if x.tr != nil && sel.delta != 0 {
		w0 = x.tr.scale(float64(1 - sel.delta))
	}
	hi := x.filterLevel(sel.hi, p, f, off, ref)
	if sel.delta == 0 {
		return hi
	}
	if x.tr != nil {
		x.tr.w = w0 * float64(sel.delta)
	}
	lo := x.filterLevel(sel.lo, p, f, off, ref)
	if x.tr != nil {
		x.tr.w = w0
	}
	return x.combineLevels(hi, lo, sel.delta)
}

// combineLevels combines the filtered levels τ_hi and τ_lo of linear
// mipmapping: (1 − δ)·τ_hi + δ·τ_lo, or with min or max reduction their
// component-wise minimum or maximum.
func (x *exec) combineLevels(hi, lo [4]float32, delta float32) [4]float32 {
	switch x.st.Reduction {
	case ReductionMin:
		return min4(hi, lo)
	case ReductionMax:
		return max4(hi, lo)
	}
	wHi := 1 - delta
	var v [4]float32
	for c := range v {
		v[c] = float32(wHi*hi[c]) + float32(delta*lo[c])
	}
	return v
}

// levelGeom is a level's size (relative level l of the view).
func (x *exec) levelGeom(l int32) (abs int, size [3]int32) {
	abs = x.view.BaseLevel + int(l)
	w, h, d := x.surf.LevelSize(abs)
	return abs, [3]int32{int32(w), int32(h), int32(d)}
}

// texelCoord scales a normalized coordinate to the level and adds the
// offset: u = s·size + Δ (unnormalized coordinates are used as they are).
func (x *exec) texelCoord(s float32, size, off int32) float32 {
	if x.st.Unnormalized {
		return s
	}
	return float32(s*float32(size)) + float32(off)
}

// split returns ⌊u⌋ and frac(u). In hardware precision u is first rounded
// to SubtexelBits fraction bits. NaN reads as 0; magnitudes beyond 2^30
// saturate.
func (x *exec) split(u float32) (int32, float32) {
	if isNaN32(u) {
		return 0, 0
	}
	const lim = 1 << 30
	if u >= lim {
		return lim, 0
	}
	if u <= -lim {
		return -lim, 0
	}
	if x.hw {
		fx := int64(math.Floor(float64(u)*x.subMul + 0.5))
		bits := uint(x.prec.SubtexelBits)
		i := fx >> bits
		fr := float64(fx-i<<bits) / x.subMul
		return int32(i), float32(fr)
	}
	// ⌊u⌋ by truncation: exact for |u| < 2^30 (beyond 2^24 every float32 is
	// an integer, so the truncation is u itself).
	t := int32(u)
	if float32(t) > u {
		t--
	}
	return t, u - float32(t)
}

// filterLevel filters one level with filter f (nearest, linear or cubic),
// applying the reduction mode within the level.
func (x *exec) filterLevel(l int32, p *point, f Filter, off [3]int32, ref float32) [4]float32 {
	if x.ycc.on {
		return x.filterYCbCr(p, f)
	}
	if f == Cubic {
		return x.filterCubic(l, p, off, ref)
	}
	if x.fast.on || (x.fast.cube && x.cubeInterior(l, p, f)) {
		if x.tr == nil {
			return x.filterLevel2D(l, p, f, off, ref)
		}
		v := x.filterLevel2D(l, p, f, off, ref) // traced (tracelanes.go)
		x.traceLevelAt(l, p, f, off, x.tr.w)
		return v
	}
	abs, size := x.levelGeom(l)
	var i0 [3]int32
	var frac [3]float32
	for c := 0; c < x.dims; c++ {
		u := x.texelCoord(p.s[c], size[c], off[c])
		if f == Linear {
			u -= 0.5
		}
		i0[c], frac[c] = x.split(u)
	}
	if f == Nearest {
		if x.seamless {
			// Nearest filtering on a cube face clamps to the edge.
			i0[0] = min(max(i0[0], 0), size[0]-1)
			i0[1] = min(max(i0[1], 0), size[1]-1)
		}
		return x.texel(abs, size, i0, p, ref)
	}
	red := x.st.Reduction
	var acc [4]float32
	first := true
	var outer float64 // tracing: the weight of the whole footprint
	if x.tr != nil {
		outer = x.tr.w
	}
	nk, nj := 1, 1
	if x.dims >= 2 {
		nj = 2
	}
	if x.dims >= 3 {
		nk = 2
	}
	// Sum order: k outer, then j, then i; weight = (w_i·w_j)·w_k.
	for dk := 0; dk < nk; dk++ {
		wk := float32(1)
		if x.dims >= 3 {
			wk = weight(frac[2], dk)
		}
		for dj := 0; dj < nj; dj++ {
			wj := float32(1)
			if x.dims >= 2 {
				wj = weight(frac[1], dj)
			}
			for di := 0; di < 2; di++ {
				wi := weight(frac[0], di)
				w := float32(wi * wj)
				w = float32(w * wk)
				if x.tr != nil {
					x.tr.w = outer * float64(w)
				}
				t := x.texel(abs, size, [3]int32{i0[0] + int32(di), i0[1] + int32(dj), i0[2] + int32(dk)}, p, ref)
				switch red {
				case ReductionWeightedAverage:
					for c := range acc {
						acc[c] += float32(w * t[c])
					}
				default:
					if w == 0 {
						continue
					}
					acc, first = minMax(acc, t, first, red), false
				}
			}
		}
	}
	if x.tr != nil {
		x.tr.w = outer
	}
	return acc
}

// weight is 1 − α for the first texel of an axis and α for the second.
func weight(frac float32, d int) float32 {
	if d == 0 {
		return 1 - frac
	}
	return frac
}

// texel returns the texel at integer coordinates i (before wrapping) of the
// absolute level abs: it applies the wrapping operation (or cube edge
// handling), border replacement, the residency check and the depth compare.
func (x *exec) texel(abs int, size [3]int32, i [3]int32, p *point, ref float32) [4]float32 {
	layer := p.layer
	if x.seamless {
		n := size[0]
		// Face coordinates lie in [0, 1], so a footprint reaches at most one
		// texel beyond the face; only a non-finite direction (NaN beside
		// ±Inf components) gives infinite face coordinates, whose saturated
		// indices are clamped to that one-texel border here.
		i[0] = min(max(i[0], -1), n)
		i[1] = min(max(i[1], -1), n)
		outI := i[0] < 0 || i[0] >= n
		outJ := i[1] < 0 || i[1] >= n
		switch {
		case outI && outJ:
			return x.cubeCorner(abs, size, i, p, ref)
		case outI || outJ:
			nf, ni, nj := cubeNeighbor(p.face, i[0], i[1], n)
			layer = layer - int32(p.face) + int32(nf)
			return x.read(abs, ni, nj, 0, layer, ref)
		}
		return x.read(abs, i[0], i[1], 0, layer, ref)
	}
	unwrapped := i
	for c := 0; c < x.dims; c++ {
		var border bool
		i[c], border = wrap(i[c], size[c], x.st.Address[c])
		if border {
			if x.tr != nil {
				x.tr.addBorder(abs, layer, unwrapped)
			}
			return x.compared(x.border, ref)
		}
	}
	return x.read(abs, i[0], i[1], i[2], layer, ref)
}

// cubeCorner replaces a texel beyond a cube corner by the mean of the three
// texels that meet there: this face's corner texel and the two edge texels
// of the adjacent faces. Integer formats take this face's corner texel.
func (x *exec) cubeCorner(abs int, size [3]int32, i [3]int32, p *point, ref float32) [4]float32 {
	n := size[0]
	ci := min(max(i[0], 0), n-1)
	cj := min(max(i[1], 0), n-1)
	var w0 float64 // tracing: each of the three texels weighs 1/3
	if x.tr != nil && !x.intFmt {
		w0 = x.tr.scale(1.0 / 3)
	}
	a := x.read(abs, ci, cj, 0, p.layer, ref)
	if x.intFmt {
		return a
	}
	base := p.layer - int32(p.face)
	f1, i1, j1 := cubeNeighbor(p.face, i[0], cj, n)
	b := x.read(abs, i1, j1, 0, base+int32(f1), ref)
	f2, i2, j2 := cubeNeighbor(p.face, ci, i[1], n)
	c := x.read(abs, i2, j2, 0, base+int32(f2), ref)
	if x.tr != nil {
		x.tr.w = w0
	}
	var v [4]float32
	for k := range v {
		v[k] = float32(a[k]+b[k]+c[k]) / 3
	}
	return v
}

// read decodes the texel at in-range coordinates, honouring residency, and
// applies the swizzle (when there is no compare) and the depth compare.
func (x *exec) read(abs int, i, j, k, layer int32, ref float32) [4]float32 {
	var t [4]float32
	if x.hooked {
		t = x.readHooked(abs, i, j, k, layer)
	} else if x.plainRead {
		o := x.surf.TexelOffset(abs, int(i), int(j), int(k), int(layer), 0)
		t = x.decode(x.surf.Data[o+x.aspectOff:])
	} else {
		t = x.readSlow(abs, i, j, k, layer)
	}
	return x.compared(t, ref)
}

// readSlow is read's path for block-compressed formats and swizzled views
// without a compare, kept out of read so that the common path stays small.
//
//go:noinline
func (x *exec) readSlow(abs int, i, j, k, layer int32) [4]float32 {
	var t [4]float32
	if x.compressed {
		o, idx := x.surf.BlockOffset(abs, int(i), int(j), int(k), int(layer))
		t = x.blockReader().texel(x.surf.Data, o, idx)
	} else {
		o := x.surf.TexelOffset(abs, int(i), int(j), int(k), int(layer), 0)
		t = x.decode(x.surf.Data[o+x.aspectOff:])
	}
	if x.swzTexel {
		t = x.swizzled(t)
	}
	return t
}

// compared applies the depth compare to a texel: the result replaces D
// with 1 or 0 (Vulkan "Depth Compare Operation"), followed by the view's
// swizzle, which setup has applied to the two possible results (cmpTrue,
// cmpFalse). Without a compare, read and setup have already swizzled the
// texel and the border.
func (x *exec) compared(t [4]float32, ref float32) [4]float32 {
	if x.compare == CompareNone {
		return t
	}
	if compare(x.compare, ref, t[0]) {
		return x.cmpTrue
	}
	return x.cmpFalse
}

// readBlock returns texel (i, j, k) of a block-compressed surface from the
// request's block cache. It is kept out of read (not inlined) so that the
// uncompressed path stays small.
//
//go:noinline
func (x *exec) readBlock(abs int, i, j, k, layer int32) [4]float32 {
	o, idx := x.surf.BlockOffset(abs, int(i), int(j), int(k), int(layer))
	return x.blockReader().texel(x.surf.Data, o, idx)
}

// swizzled applies the view's component swizzle to a texel. It is not
// inlined, to keep the texel reads small for the identity swizzle.
//
//go:noinline
func (x *exec) swizzled(t [4]float32) [4]float32 {
	var r [4]float32
	for c, s := range x.swizzle {
		switch s {
		case surface.SwizzleZero:
		case surface.SwizzleOne:
			r[c] = x.one
		default:
			r[c] = t[s-surface.SwizzleR]
		}
	}
	return r
}

// compare evaluates "ref op d" (Vulkan "Depth Compare Operation"), with
// the lane loop's kernels' lanes.Compare, so the two roads share one
// definition (sampler/lanes.go checks the two enumerations agree).
func compare(op CompareOp, ref, d float32) bool { return lanes.Compare(lanes.CompareOp(op), ref, d) }

// wrap applies the wrapping operation of one axis (Vulkan "Wrapping
// Operation") and reports whether the texel is a border texel.
func wrap(i, size int32, mode AddressMode) (int32, bool) {
	switch mode {
	case WrapRepeat:
		return mod(i, size), false
	case WrapMirroredRepeat:
		return (size - 1) - mirror(mod(i, 2*size)-size), false
	case WrapClampToEdge:
		return min(max(i, 0), size-1), false
	case WrapClampToBorder:
		if i < 0 || i >= size {
			return 0, true
		}
		return i, false
	case WrapMirrorClampToEdge:
		return min(mirror(i), size-1), false
	}
	return i, false
}

func mod(i, n int32) int32 {
	m := i % n
	if m < 0 {
		m += n
	}
	return m
}

func mirror(n int32) int32 {
	if n >= 0 {
		return n
	}
	return -(1 + n)
}

// minMax folds texel t into acc for min or max reduction (red): t itself
// when it is the first texel of non-zero weight, else min4 or max4.
func minMax(acc, t [4]float32, first bool, red Reduction) [4]float32 {
	switch {
	case first:
		return t
	case red == ReductionMin:
		return min4(acc, t)
	}
	return max4(acc, t)
}

func min4(a, b [4]float32) [4]float32 {
	for c := range a {
		a[c] = minNaN(a[c], b[c])
	}
	return a
}

func max4(a, b [4]float32) [4]float32 {
	for c := range a {
		a[c] = maxNaN(a[c], b[c])
	}
	return a
}

// minNaN and maxNaN are IEEE 754-2008 minNum/maxNum: a NaN operand loses.
func minNaN(a, b float32) float32 {
	switch {
	case isNaN32(a):
		return b
	case isNaN32(b):
		return a
	case b < a:
		return b
	}
	return a
}

func maxNaN(a, b float32) float32 {
	switch {
	case isNaN32(a):
		return b
	case isNaN32(b):
		return a
	case b > a:
		return b
	}
	return a
}
