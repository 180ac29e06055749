//go:build goexperiment.simd && amd64 && !purego

package sampler

import (
	"math"
	"math/bits"
	"simd/archsimd"
)

// The lane loop's stages eight entries per instruction (AVX2). Each
// vector operation is the IEEE-754 binary32 operation the plain-Go stage
// performs per entry, in the same order, with no fused multiply-add, so
// the result bits are the same (TestVectorKernelsAgree, and every agreement
// test of the package run in this build). The one fused multiply-add,
// unorm8's, computes the reference's quotient u/255 exactly, by another
// route.

// vectorKernels reports whether the vector kernels are compiled in and the
// CPU runs them (AVX2, and FMA for unorm8).
var vectorKernels = archsimd.X86.AVX2() && archsimd.X86.FMA()

// unorm8 returns 2^24·fl(u/255) for byte c (rep = unormRep[c]) of each of
// the eight words t.
func unorm8(t archsimd.Uint32x8, rep archsimd.Int8x32, k archsimd.Float32x8) archsimd.Float32x8 {
	a := t.AsUint8x32().PermuteOrZeroGrouped(rep).AsInt32x8().ConvertToFloat32()
	return a.MulAdd(k, a)
}

// canonical8 is canonical for eight values.
func canonical8(v archsimd.Float32x8) archsimd.Float32x8 {
	return archsimd.BroadcastUint32x8(canonicalNaN).AsFloat32x8().Merge(v, v.IsNaN())
}

// blends is blendsGo eight entries at a time.
func blends(c *laneSet) bool {
	if !vectorKernels || c.np&7 != 0 {
		return blendsGo(c)
	}
	var zero archsimd.Float32x8
	all := uint8(0xff)
	for k := 0; k < c.np; k += 8 {
		all &= archsimd.LoadFloat32x8((*[8]float32)(c.delta[k : k+8])).Equal(zero).ToBits()
	}
	archsimd.ClearAVXUpperBits()
	return all != 0xff
}

// blendLanes is blendLanesGo eight entries at a time; entries with δ = 0
// take acc unchanged, as the plain loop does (the sum would turn an
// infinite lower result into NaN).
func blendLanes(c *laneSet, out *chunkOut) {
	if !vectorKernels || c.np&7 != 0 {
		blendLanesGo(c, out)
		return
	}
	one := archsimd.BroadcastFloat32x8(1)
	var zero archsimd.Float32x8
	for k := 0; k < c.np; k += 8 {
		d := archsimd.LoadFloat32x8((*[8]float32)(c.delta[k : k+8]))
		skip := d.Equal(zero)
		wHi := one.Sub(d)
		for ch := range c.acc {
			a := archsimd.LoadFloat32x8((*[8]float32)(c.acc[ch][k : k+8]))
			l := archsimd.LoadFloat32x8((*[8]float32)(c.lower[ch][k : k+8]))
			canonical8(a.Merge(wHi.Mul(a).Add(d.Mul(l)), skip)).Store((*[8]float32)(out[ch][k : k+8]))
		}
	}
	archsimd.ClearAVXUpperBits()
}

// storeRun is storeRunGo eight lanes at a time.
func storeRun(res *Result, acc *[4][laneChunk]float32, i0, n int) {
	if !vectorKernels || n < 8 {
		storeRunGo(res, acc, i0, n)
		return
	}
	nan := archsimd.BroadcastUint32x8(canonicalNaN)
	for c := range acc {
		dst := res.Bits[c][i0 : i0+n]
		k := 0
		for ; k+8 <= n; k += 8 {
			v := archsimd.LoadFloat32x8((*[8]float32)(acc[c][k : k+8]))
			nan.Merge(v.AsUint32x8(), v.IsNaN()).Store((*[8]uint32)(dst[k : k+8]))
		}
		for ; k < n; k++ {
			dst[k] = resultBits(acc[c][k])
		}
	}
	archsimd.ClearAVXUpperBits()
}

// texelsInside reports whether every footprint offset o[q][k], k < n,
// reads size bytes inside d, so that the gathers (gather_amd64.s), which
// have no bounds checks, may take them. The footprint stage computes them
// inside by construction; this is the check the plain kernels' slice
// expressions make, once per chunk.
func texelsInside(d []byte, o *[4][laneChunk]int32, n, size int) bool {
	var hi archsimd.Uint32x8 // unsigned: a negative offset is beyond any limit
	for q := range o {
		for k := 0; k < n; k += 8 {
			hi = hi.Max(archsimd.LoadInt32x8((*[8]int32)(o[q][k : k+8])).AsUint32x8())
		}
	}
	return maxInside(d, hi, size)
}

// maxInside reports whether the largest offset hi (unsigned, per element)
// reads size bytes inside d.
func maxInside(d []byte, hi archsimd.Uint32x8, size int) bool {
	lim := len(d) - size
	if lim < 0 || lim > math.MaxInt32 {
		return false
	}
	l := archsimd.BroadcastUint32x8(uint32(lim))
	ok := hi.Max(l).Equal(l).ToBits() == 0xff
	archsimd.ClearAVXUpperBits()
	return ok
}

// weights8 is bilinearWeights for entries [k, k+8).
func weights8(fp *footprints, k int) (w00, w10, w01, w11 archsimd.Float32x8) {
	one := archsimd.BroadcastFloat32x8(1)
	fa := archsimd.LoadFloat32x8((*[8]float32)(fp.fa[k : k+8]))
	fb := archsimd.LoadFloat32x8((*[8]float32)(fp.fb[k : k+8]))
	wi0, wj0 := one.Sub(fa), one.Sub(fb)
	return wi0.Mul(wj0), fa.Mul(wj0), wi0.Mul(fb), fa.Mul(fb)
}

func bilinearRGBA8Lanes(d []byte, fp *footprints, n int, out *chunkOut, inside bool) {
	if !vectorKernels || n&7 != 0 || !(inside || texelsInside(d, &fp.o, n, 4)) {
		bilinearRGBA8LanesGo(d, fp, n, out)
		return
	}
	bilinear32(&d[0], &fp.o, &fp.fa, &fp.fb, n, out)
}

func bilinearRGBA32FLanes(d []byte, fp *footprints, n int, out *chunkOut, inside bool) {
	if !vectorKernels || n&7 != 0 || !(inside || texelsInside(d, &fp.o, n, 16)) {
		bilinearRGBA32FLanesGo(d, fp, n, out)
		return
	}
	bilinear128(&d[0], &fp.o, &fp.fa, &fp.fb, n, out)
}

// footprintsVec computes the chunk's footprints eight entries at a time
// when every entry is at the same level and both address modes are repeat
// on a power-of-two size or clamp-to-edge; it reports false (and computes
// nothing) otherwise. A cube footprint beyond its face takes cubeEdge (or
// the reference) on its own, and an entry with a coordinate beyond ±2^30
// or NaN footprintRange.
func (x *exec) footprintsVec(c *laneSet, lvl *[laneChunk]int32, fp *footprints) bool {
	if !vectorKernels {
		return false
	}
	l := lvl[0]
	l8 := archsimd.BroadcastInt32x8(l)
	for k := 0; k < c.np; k += 8 { // np is a multiple of 8
		if archsimd.LoadInt32x8((*[8]int32)(lvl[k:k+8])).NotEqual(l8).ToBits() != 0 {
			archsimd.ClearAVXUpperBits()
			return false
		}
	}
	lv := &x.fast.levels[l]
	am0, am1 := x.st.Address[0], x.st.Address[1]
	if x.cube { // interior footprints only, as footprintRange
		am0, am1 = WrapClampToEdge, WrapClampToEdge
	}
	if !vecWrap(am0, lv.w) || !vecWrap(am1, lv.h) {
		return false
	}
	fw, fh := archsimd.BroadcastFloat32x8(float32(lv.w)), archsimd.BroadcastFloat32x8(float32(lv.h))
	half := archsimd.BroadcastFloat32x8(0.5)
	lim, nlim := archsimd.BroadcastFloat32x8(1<<30), archsimd.BroadcastFloat32x8(-(1 << 30))
	one, neg := archsimd.BroadcastInt32x8(1), archsimd.BroadcastInt32x8(-1)
	var zero archsimd.Int32x8
	wm, hm := archsimd.BroadcastInt32x8(lv.w-1), archsimd.BroadcastInt32x8(lv.h-1)
	xs, ys, ls := archsimd.BroadcastInt32x8(int32(lv.xs)), archsimd.BroadcastInt32x8(int32(lv.ys)), archsimd.BroadcastInt32x8(int32(lv.ls))
	off := archsimd.BroadcastInt32x8(int32(lv.off))
	// A plain chunk's entries have no offsets and one layer (laneSet.plain).
	// Leaving out the offset's +0 changes no bits: s·w and s·w + 0 differ
	// only for −0, and both minus ½ are −½.
	plain := c.plain
	plainBase := archsimd.BroadcastInt32x8(c.plainLayer).Mul(ls).Add(off)
	var rejected uint64 // bit k: entry k takes footprintRange (laneChunk ≤ 64)
	var edges uint64    // bit k: entry k is a cube footprint beyond its face, at (ei[k], ej[k])
	var ei, ej [laneChunk]int32
	for k := 0; k < c.np; k += 8 {
		s := archsimd.LoadFloat32x8((*[8]float32)(c.s[k : k+8]))
		t := archsimd.LoadFloat32x8((*[8]float32)(c.t[k : k+8]))
		u, v := s.Mul(fw), t.Mul(fh)
		if !plain {
			u = u.Add(archsimd.LoadInt32x8((*[8]int32)(c.offU[k : k+8])).ConvertToFloat32())
			v = v.Add(archsimd.LoadInt32x8((*[8]int32)(c.offV[k : k+8])).ConvertToFloat32())
		}
		u, v = u.Sub(half), v.Sub(half)
		in := u.Less(lim).And(u.Greater(nlim)).And(v.Less(lim)).And(v.Greater(nlim))
		fu, fv := u.Floor(), v.Floor()
		i0, j0 := fu.ConvertToInt32(), fv.ConvertToInt32()
		if x.cube {
			inRange := in
			in = in.And(i0.Greater(neg)).And(j0.Greater(neg)).And(i0.Less(wm)).And(j0.Less(hm))
			if inBits := in.ToBits(); inBits != 0xff {
				// Footprints beyond the face with coordinates in range
				// take cubeEdge from their corner, after the loop.
				edges |= uint64(inRange.ToBits()&^inBits) << k
				i0.Store((*[8]int32)(ei[k : k+8]))
				j0.Store((*[8]int32)(ej[k : k+8]))
			}
		}
		u.Sub(fu).Store((*[8]float32)(fp.fa[k : k+8]))
		v.Sub(fv).Store((*[8]float32)(fp.fb[k : k+8]))
		i1, j1 := i0.Add(one), j0.Add(one)
		var x0, x1, y0, y1 archsimd.Int32x8
		if am0 == WrapRepeat {
			x0, x1 = i0.And(wm), i1.And(wm)
		} else {
			x0, x1 = i0.Max(zero).Min(wm), i1.Max(zero).Min(wm)
		}
		if am1 == WrapRepeat {
			y0, y1 = j0.And(hm), j1.And(hm)
		} else {
			y0, y1 = j0.Max(zero).Min(hm), j1.Max(zero).Min(hm)
		}
		base := plainBase
		if !plain {
			base = archsimd.LoadInt32x8((*[8]int32)(c.layer[k : k+8])).Mul(ls).Add(off)
		}
		r0, r1 := base.Add(y0.Mul(ys)), base.Add(y1.Mul(ys))
		c0, c1 := x0.Mul(xs), x1.Mul(xs)
		r0.Add(c0).Store((*[8]int32)(fp.o[0][k : k+8]))
		r0.Add(c1).Store((*[8]int32)(fp.o[1][k : k+8]))
		r1.Add(c0).Store((*[8]int32)(fp.o[2][k : k+8]))
		r1.Add(c1).Store((*[8]int32)(fp.o[3][k : k+8]))
		rejected |= uint64(^in.ToBits()) << k
	}
	archsimd.ClearAVXUpperBits()
	// The entries the test rejected, one by one and in order, so that
	// fp.slow stays sorted: a cube footprint beyond its face takes cubeEdge
	// (footprintRange's cube case, with the fractions stored above), or
	// the reference; a coordinate beyond ±2^30 or NaN footprintRange,
	// which rewrites all of its footprint.
	for ; rejected != 0; rejected &= rejected - 1 {
		e := bits.TrailingZeros64(rejected)
		if edges&(1<<e) == 0 {
			x.footprintRange(c, lvl, fp, e, e+1)
		} else if !cubeEdge(lv, c.layer[e], c.face[e], ei[e], ej[e], fp, e) {
			fp.setSlow(e, lv)
		}
	}
	return true
}

// footprintsVec's rejected entries are the bits of a uint64.
var _ [64 - laneChunk]struct{}

func gatherRGBA8Lanes(d []byte, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) {
	if !vectorKernels || n&7 != 0 || !(inside || texelsInside(d, &fp.o, n, 4)) {
		gatherRGBA8LanesGo(d, fp, n, ch, out)
		return
	}
	gather8(&d[0], &fp.o, ch, n, out)
}

// compareMask is compare(op, ref, d) for eight entries.
func compareMask(op CompareOp, ref, d archsimd.Float32x8) archsimd.Mask32x8 {
	switch op {
	case CompareLess:
		return ref.Less(d)
	case CompareEqual:
		return ref.Equal(d)
	case CompareLessOrEqual:
		return ref.LessEqual(d)
	case CompareGreater:
		return ref.Greater(d)
	case CompareNotEqual:
		return ref.NotEqual(d)
	case CompareGreaterOrEqual:
		return ref.GreaterEqual(d)
	}
	all := archsimd.BroadcastInt32x8(0).Equal(archsimd.BroadcastInt32x8(0))
	if op == CompareAlways {
		return all
	}
	return archsimd.BroadcastInt32x8(0).NotEqual(archsimd.BroadcastInt32x8(0))
}

// depthWords returns the gathered 32-bit depths t[q] of entries [k, k+8).
func depthWords(t *[4][laneChunk]uint32, q, k int) archsimd.Float32x8 {
	return archsimd.LoadUint32x8((*[8]uint32)(t[q][k : k+8])).AsFloat32x8()
}

func gatherDepthLanes(d []byte, fp *footprints, n int, ref *[laneChunk]float32, op CompareOp, t, f float32, out *chunkOut, inside bool) {
	if !vectorKernels || n&7 != 0 || !(inside || texelsInside(d, &fp.o, n, 4)) {
		gatherDepthLanesGo(d, fp, n, ref, op, t, f, out)
		return
	}
	w := &fp.tex
	gatherRows(&d[0], &fp.o, n, w)
	tv, fv := archsimd.BroadcastFloat32x8(t), archsimd.BroadcastFloat32x8(f)
	for k := 0; k < n; k += 8 {
		r8 := archsimd.LoadFloat32x8((*[8]float32)(ref[k : k+8]))
		for r, q := range gatherTexel {
			m := compareMask(op, r8, depthWords(w, q, k))
			tv.Merge(fv, m).Store((*[8]float32)(out[r][k : k+8]))
		}
	}
	archsimd.ClearAVXUpperBits()
}

func pcfDepthLanes(d []byte, fp *footprints, n int, ref *[laneChunk]float32, op CompareOp, t, f *[4]float32, out *chunkOut, inside bool) {
	if !vectorKernels || n&7 != 0 || !(inside || texelsInside(d, &fp.o, n, 4)) {
		pcfDepthLanesGo(d, fp, n, ref, op, t, f, out)
		return
	}
	w := &fp.tex
	gatherRows(&d[0], &fp.o, n, w)
	// The channels whose results t, f are (+0, +0) or (1, +0) — all of
	// them without a swizzle — take a shorter form with the same bits: the
	// weights are finite and not negative, so w·(+0) = +0 and w·1 = w, and
	// the sum of the selected weights is the reference's.
	var form [4]uint8
	for c := range form {
		tb, fb := math.Float32bits(t[c]), math.Float32bits(f[c])
		switch {
		case tb == 0 && fb == 0:
			form[c] = pcfZero
		case tb == 0x3f800000 && fb == 0:
			form[c] = pcfWhere
		}
	}
	var zero archsimd.Float32x8
	for k := 0; k < n; k += 8 {
		r8 := archsimd.LoadFloat32x8((*[8]float32)(ref[k : k+8]))
		m00 := compareMask(op, r8, depthWords(w, 0, k))
		m10 := compareMask(op, r8, depthWords(w, 1, k))
		m01 := compareMask(op, r8, depthWords(w, 2, k))
		m11 := compareMask(op, r8, depthWords(w, 3, k))
		w00, w10, w01, w11 := weights8(fp, k)
		for c := range 4 {
			var a archsimd.Float32x8
			switch form[c] {
			case pcfZero:
			case pcfWhere:
				a = zero.Add(w00.Masked(m00)).Add(w10.Masked(m10)).Add(w01.Masked(m01)).Add(w11.Masked(m11))
			default:
				tv, fv := archsimd.BroadcastFloat32x8(t[c]), archsimd.BroadcastFloat32x8(f[c])
				a = zero.Add(w00.Mul(tv.Merge(fv, m00)))
				a = a.Add(w10.Mul(tv.Merge(fv, m10)))
				a = a.Add(w01.Mul(tv.Merge(fv, m01)))
				a = a.Add(w11.Mul(tv.Merge(fv, m11)))
			}
			a.Store((*[8]float32)(out[c][k : k+8]))
		}
	}
	archsimd.ClearAVXUpperBits()
}

// pcfDepthLanes' forms of a channel (pcfGeneral: w·t or w·f summed).
const (
	pcfGeneral = iota
	pcfZero    // t = f = +0: +0
	pcfWhere   // t = 1, f = +0: the sum of the weights where the compare passes
)

// fetchVec runs runFetch2D's bounds checks, offsets and r8g8b8a8_unorm
// decode eight lanes at a time, for requests with every lane active, no
// offsets, no levels (level 0), no swizzle and a multiple of 8 lanes; it
// reports false (and does nothing) for the others.
func (x *exec) fetchVec(req *Request, res *Result) bool {
	n := req.Lanes
	if !vectorKernels || x.fast.dec != decodeRGBA8Unorm || x.swz || n&7 != 0 || req.Active != nil || req.Level != nil ||
		req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil {
		return false
	}
	// A lane outside the level reads the word 0 in place of its texel:
	// it decodes to (+0, +0, +0, +0), zeroTexel without a swizzle.
	if z := &x.zeroTexel; math.Float32bits(z[0])|math.Float32bits(z[1])|math.Float32bits(z[2])|math.Float32bits(z[3]) != 0 {
		return false
	}
	lv := &x.fast.levels[0]
	d := x.surf.Data
	if len(d) >= math.MaxInt32 {
		return false // the offsets are int32, as the lane loop's (setupLaneLoop)
	}
	layers := 1
	if x.array {
		layers = x.layers
	}
	// Every lane inside the level reads inside the data; outside lanes
	// read the level's first texel.
	if !x.levelInside(lv, layers, 4) {
		return false
	}
	first := lv.off + x.view.BaseLayer*lv.ls
	if !x.array && lv.xs == 4 {
		// The whole request in one pass, straight into the result's rows.
		p := [4]int32{lv.w, lv.h, int32(lv.ys), int32(first)}
		fetchRGBA8(&d[0], &req.Texel[0][0], &req.Texel[1][0], n, &p, &res.Bits[0][0], &res.Bits[1][0], &res.Bits[2][0], &res.Bits[3][0])
		return true
	}
	k8 := archsimd.BroadcastFloat32x8(unormK)
	scale := archsimd.BroadcastFloat32x8(unormScale)
	rep0, rep1 := archsimd.LoadInt8x32(&unormRep[0]), archsimd.LoadInt8x32(&unormRep[1])
	rep2, rep3 := archsimd.LoadInt8x32(&unormRep[2]), archsimd.LoadInt8x32(&unormRep[3])
	// Blocks of up to laneChunk lanes: the addresses, one gather pass,
	// the decode.
	var o [laneChunk]int32
	var t [laneChunk]uint32
	var in [laneChunk / 8]archsimd.Mask32x8
	for b := 0; b < n; b += laneChunk {
		m := min(n-b, laneChunk)
		x.fetchAddrs(req, b, m, lv, int32(first), &o, &in)
		gatherWords(&d[0], &o[0], m, &t[0])
		// The channels written out, so that the constants stay in
		// registers.
		r, g, bl, a := res.Bits[0][b:b+m], res.Bits[1][b:b+m], res.Bits[2][b:b+m], res.Bits[3][b:b+m]
		for k := 0; k+8 <= m; k += 8 {
			words := archsimd.LoadUint32x8((*[8]uint32)(t[k : k+8])).Masked(in[k/8])
			unorm8(words, rep0, k8).Mul(scale).AsUint32x8().Store((*[8]uint32)(r[k : k+8]))
			unorm8(words, rep1, k8).Mul(scale).AsUint32x8().Store((*[8]uint32)(g[k : k+8]))
			unorm8(words, rep2, k8).Mul(scale).AsUint32x8().Store((*[8]uint32)(bl[k : k+8]))
			unorm8(words, rep3, k8).Mul(scale).AsUint32x8().Store((*[8]uint32)(a[k : k+8]))
		}
	}
	archsimd.ClearAVXUpperBits()
	return true
}

// fetchAddrs sets o[k] to the byte offset of the texel of lanes b+k,
// k < m, of a fetch at level 0 (lv, whose first texel of the view's first
// layer is at first), or first for a lane outside the level or the view's
// layers, and in[k/8] to whether each is inside.
func (x *exec) fetchAddrs(req *Request, b, m int, lv *fastLevel, first int32, o *[laneChunk]int32, in *[laneChunk / 8]archsimd.Mask32x8) {
	tx, ty := req.Texel[0][b:b+m], req.Texel[1][b:b+m]
	neg := archsimd.BroadcastInt32x8(-1)
	w, h := archsimd.BroadcastInt32x8(lv.w), archsimd.BroadcastInt32x8(lv.h)
	xs, ys := archsimd.BroadcastInt32x8(int32(lv.xs)), archsimd.BroadcastInt32x8(int32(lv.ys))
	base := archsimd.BroadcastInt32x8(first)
	if x.array {
		tl := req.Texel[2][b : b+m]
		nl, ls := archsimd.BroadcastInt32x8(int32(x.layers)), archsimd.BroadcastInt32x8(int32(lv.ls))
		for k := 0; k+8 <= m; k += 8 {
			u := archsimd.LoadInt32x8((*[8]int32)(tx[k : k+8]))
			v := archsimd.LoadInt32x8((*[8]int32)(ty[k : k+8]))
			l := archsimd.LoadInt32x8((*[8]int32)(tl[k : k+8]))
			ok := u.Greater(neg).And(u.Less(w)).And(v.Greater(neg)).And(v.Less(h)).And(l.Greater(neg)).And(l.Less(nl))
			base.Add(l.Mul(ls)).Add(u.Mul(xs)).Add(v.Mul(ys)).Merge(base, ok).Store((*[8]int32)(o[k : k+8]))
			in[k/8] = ok
		}
		return
	}
	for k := 0; k+8 <= m; k += 8 {
		u := archsimd.LoadInt32x8((*[8]int32)(tx[k : k+8]))
		v := archsimd.LoadInt32x8((*[8]int32)(ty[k : k+8]))
		ok := u.Greater(neg).And(u.Less(w)).And(v.Greater(neg)).And(v.Less(h))
		base.Add(u.Mul(xs)).Add(v.Mul(ys)).Merge(base, ok).Store((*[8]int32)(o[k : k+8]))
		in[k/8] = ok
	}
}

// gatherPlainVec is gatherPlainLanes eight lanes at a time, for the
// requests laneForms' formVec admits: it fills the chunk with lanes [first,
// end) (at most laneChunk) and returns end, or reports false (filling
// nothing) when their count is not a multiple of 8. The LOD
// arithmetic is gatherPlainLanes' per lane, compare for compare; ρ's square
// roots are exact in both, and log2f8 is log2f.
func (x *exec) gatherPlainVec(req *Request, c *laneSet, first, end int) (int, bool) {
	m := end - first
	if !vectorKernels || m&7 != 0 {
		return first, false
	}
	src := req.Op.LodSource()
	if base := int32(x.view.BaseLayer); !c.plain || c.plainLayer != base {
		// The entries' constant operands, once for all the chunks that
		// follow (writing them for each chunk cost W1 about 15 %).
		plainEntries(c, base)
	}
	mode := x.levelMode(src)
	seq := archsimd.LoadInt32x8(&laneSeq)
	bias := archsimd.BroadcastFloat32x8(x.bias0)
	for k := 0; k < m; k += 8 {
		i := first + k
		archsimd.LoadFloat32x8Slice(req.Coord[0][i:]).Store((*[8]float32)(c.s[k : k+8]))
		archsimd.LoadFloat32x8Slice(req.Coord[1][i:]).Store((*[8]float32)(c.t[k : k+8]))
		seq.Add(archsimd.BroadcastInt32x8(int32(i))).Store((*[8]int32)(c.lane[k : k+8]))
		if x.compare != CompareNone {
			archsimd.LoadFloat32x8Slice(req.Ref[i:]).Store((*[8]float32)(c.ref[k : k+8]))
		}
		// λ: 0 for the base-level forms, else lambdas (exact mode) of the
		// explicit LOD or of the isotropic scale factor's logarithm.
		var lambda archsimd.Float32x8
		switch src {
		case LodExplicit:
			lambda = x.lambda8(req, i, archsimd.LoadFloat32x8Slice(req.Lod[i:]), bias)
		case LodZero:
			lambda = x.lambda8(req, i, lambda, bias)
		case LodGradient:
			// ρ now, the logarithms and levels after the loop
			// (gradLevels), all groups' at once.
			x.gradRho8(req, i).Store((*[8]float32)(c.arg[k : k+8]))
			continue
		}
		x.levels8(lambda, mode, c, k)
	}
	if src == LodGradient {
		x.gradLevels(req, c, first, m, mode, false)
	}
	archsimd.ClearAVXUpperBits()
	c.n, c.np, c.lanes = m, m, m
	return end, true
}

// gradLevels finishes the levels of lanes [first, first+m) whose scale
// factors ρ the gatherer left in c.arg (and, with bias, their shader bias
// in c.bias): λ_base = log2 ρ for all of them at once, so that the
// logarithms' long dependency chains overlap, then lambdas and the levels.
func (x *exec) gradLevels(req *Request, c *laneSet, first, m int, mode MipFilter, bias bool) {
	x.log2Lanes(&c.arg, m)
	b := archsimd.BroadcastFloat32x8(x.bias0)
	for k := 0; k < m; k += 8 {
		if bias {
			b = archsimd.LoadFloat32x8((*[8]float32)(c.bias[k : k+8]))
		}
		x.levels8(x.lambda8(req, first+k, archsimd.LoadFloat32x8((*[8]float32)(c.arg[k:k+8])), b), mode, c, k)
	}
}

// gradRho8 is the scale factor ρ of the isotropic gradients of lanes
// [i, i+8) of a 2D request.
func (x *exec) gradRho8(req *Request, i int) archsimd.Float32x8 {
	sz0, sz1 := archsimd.BroadcastFloat32x8(float32(x.base[0])), archsimd.BroadcastFloat32x8(float32(x.base[1]))
	ux := archsimd.LoadFloat32x8Slice(req.DDX[0][i:]).Mul(sz0)
	vx := archsimd.LoadFloat32x8Slice(req.DDX[1][i:]).Mul(sz1)
	uy := archsimd.LoadFloat32x8Slice(req.DDY[0][i:]).Mul(sz0)
	vy := archsimd.LoadFloat32x8Slice(req.DDY[1][i:]).Mul(sz1)
	return rho8(ux, vx, uy, vy)
}

// Vector constants live in memory: a composite literal would be built on
// the stack with scalar stores each time, and the vector load that follows
// cannot take its value from those stores (a store-forwarding stall).
var (
	laneSeq   = [8]int32{0, 1, 2, 3, 4, 5, 6, 7}
	quadPixel = [3][8]uint32{ // the pixels (0,0), (1,0), (0,1) of each quad
		{0, 0, 0, 0, 4, 4, 4, 4},
		{1, 1, 1, 1, 5, 5, 5, 5},
		{2, 2, 2, 2, 6, 6, 6, 6},
	}
)

// cubeSSign, cubeTSign and cubeMSign are cubeFaces' signs by face, for Permute: sc = sSign·r_s,
// tc = tSign·r_t, |rc| = mSign·r_m.
var cubeSSign, cubeTSign, cubeMSign = func() (sS, tS, mS [8]float32) {
	for f, fi := range cubeFaces {
		sS[f], tS[f], mS[f] = fi.sSign, fi.tSign, fi.mSign
	}
	return
}()

// gatherCubeVec is gatherLanes eight lanes at a time for the requests
// laneForms' formCubeVec admits (a cube view that is not an array, isotropic
// filtering, no offsets, every lane active, no channel to check, no
// reference to clamp): selectFace, faceCoords, faceDerivative, scaleArg and
// lambdas per lane, compare for compare and operation for operation. It
// fills the chunk with lanes [first, first+64) (or to the request's end)
// and returns the next lane, or reports false (filling nothing) when the
// chunk's lane count or first lane is not a multiple of 8.
func (x *exec) gatherCubeVec(req *Request, c *laneSet, first int) (int, bool) {
	end := min(first+laneChunk, req.Lanes)
	m := end - first
	if !vectorKernels || m&7 != 0 || first&7 != 0 {
		return first, false
	}
	c.plain = false
	src := req.Op.LodSource()
	mode := x.levelMode(src)
	var zero archsimd.Float32x8
	var zeroI archsimd.Int32x8
	half := archsimd.BroadcastFloat32x8(0.5)
	sz0, sz1 := archsimd.BroadcastFloat32x8(float32(x.base[0])), archsimd.BroadcastFloat32x8(float32(x.base[1]))
	sS, tS, mS := archsimd.LoadFloat32x8(&cubeSSign), archsimd.LoadFloat32x8(&cubeTSign), archsimd.LoadFloat32x8(&cubeMSign)
	f0, f1, f2, f3, f4, f5 := zeroI, archsimd.BroadcastInt32x8(1), archsimd.BroadcastInt32x8(2),
		archsimd.BroadcastInt32x8(3), archsimd.BroadcastInt32x8(4), archsimd.BroadcastInt32x8(5)
	base0 := archsimd.BroadcastInt32x8(int32(x.view.BaseLayer))
	biasV := archsimd.BroadcastFloat32x8(lodBias(x.st.LodBias, 0))
	// The quads' pixels (0,0), (1,0), (0,1) for quadDerivatives.
	p0, p1, p2 := archsimd.LoadUint32x8(&quadPixel[0]), archsimd.LoadUint32x8(&quadPixel[1]), archsimd.LoadUint32x8(&quadPixel[2])
	deferred := src == LodImplicit || src == LodBias || src == LodGradient
	for k := 0; k < m; k += 8 {
		i := first + k
		var r [3]archsimd.Float32x8
		for a := range r {
			r[a] = archsimd.LoadFloat32x8Slice(req.Coord[a][i:])
		}
		// selectFace: the major axis (ties to z, then y), its sign bit
		// (−0 selects the negative face, a NaN the positive one).
		ax := r[0].AsInt32x8().And(archsimd.BroadcastInt32x8(0x7fffffff)).AsFloat32x8()
		ay := r[1].AsInt32x8().And(archsimd.BroadcastInt32x8(0x7fffffff)).AsFloat32x8()
		az := r[2].AsInt32x8().And(archsimd.BroadcastInt32x8(0x7fffffff)).AsFloat32x8()
		neg := func(v archsimd.Float32x8) archsimd.Mask32x8 {
			return v.Less(zero).Or(v.Equal(zero).And(v.AsInt32x8().Less(zeroI)))
		}
		fx := f1.Merge(f0, neg(r[0]))
		fy := f3.Merge(f2, neg(r[1]))
		fz := f5.Merge(f4, neg(r[2]))
		face := fz.Merge(fy.Merge(fx, ay.GreaterEqual(ax)), az.GreaterEqual(ax).And(az.GreaterEqual(ay)))
		isX, isY, isZ := face.Less(f2), face.Greater(f1).And(face.Less(f4)), face.Greater(f3)
		idx := face.AsUint32x8()
		fsS, ftS, fmS := sS.Permute(idx), tS.Permute(idx), mS.Permute(idx)
		// faceCoords.
		sc := fsS.Mul(r[2].Merge(r[0], isX))
		tc := ftS.Mul(r[2].Merge(r[1], isY))
		ma := fmS.Mul(r[2].Merge(r[1].Merge(r[0], isY), isZ))
		sc.Div(ma).Mul(half).Add(half).Store((*[8]float32)(c.s[k : k+8]))
		tc.Div(ma).Mul(half).Add(half).Store((*[8]float32)(c.t[k : k+8]))
		face.Store((*[8]int32)(c.face[k : k+8]))
		face.Add(base0).Store((*[8]int32)(c.layer[k : k+8]))
		x.entries8(req, c, i, k)

		lambda := zero
		switch {
		case deferred:
			// laneDerivatives: the gradients or the quads' differences,
			// then faceDerivative and scaleArg's isotropic case.
			var dx, dy [3]archsimd.Float32x8
			for a := range dx {
				if src == LodGradient {
					dx[a] = archsimd.LoadFloat32x8Slice(req.DDX[a][i:])
					dy[a] = archsimd.LoadFloat32x8Slice(req.DDY[a][i:])
				} else {
					q0 := r[a].Permute(p0)
					dx[a] = r[a].Permute(p1).Sub(q0)
					dy[a] = r[a].Permute(p2).Sub(q0)
				}
			}
			ma2 := ma.Mul(ma)
			faceD := func(d *[3]archsimd.Float32x8) (ds, dt archsimd.Float32x8) {
				dsc := fsS.Mul(d[2].Merge(d[0], isX))
				dtc := ftS.Mul(d[2].Merge(d[1], isY))
				dma := fmS.Mul(d[2].Merge(d[1].Merge(d[0], isY), isZ))
				ds = ma.Mul(dsc).Sub(sc.Mul(dma)).Div(ma2).Mul(half)
				dt = ma.Mul(dtc).Sub(tc.Mul(dma)).Div(ma2).Mul(half)
				return ds, dt
			}
			dsx, dtx := faceD(&dx)
			dsy, dty := faceD(&dy)
			ux, vx := dsx.Mul(sz0), dtx.Mul(sz1)
			uy, vy := dsy.Mul(sz0), dty.Mul(sz1)
			if src == LodBias {
				x.lodBias8(req, i).Store((*[8]float32)(c.bias[k : k+8]))
			}
			rho8(ux, vx, uy, vy).Store((*[8]float32)(c.arg[k : k+8]))
			continue // the levels after the loop (gradLevels)
		case src == LodExplicit:
			lambda = x.lambda8(req, i, archsimd.LoadFloat32x8Slice(req.Lod[i:]), biasV)
		case src == LodZero:
			lambda = x.lambda8(req, i, zero, biasV)
		}
		x.levels8(lambda, mode, c, k)
	}
	if deferred {
		x.gradLevels(req, c, first, m, mode, src == LodBias)
	}
	archsimd.ClearAVXUpperBits()
	c.n, c.np, c.lanes = m, m, m
	return end, true
}

// anisoGroup is eight lanes' anisotropic filtering, for gatherAnisoVec:
// each lane's probe count N, the major axis' derivative (s, t) and its
// levels and δ.
type anisoGroup struct {
	probes   [8]int32
	axS, axT [8]float32
	hi, lo   [8]int32
	delta    [8]float32
}

// gatherAnisoVec is gatherLanes for the requests laneForms' formAnisoVec
// admits (anisotropic 2D sampling, every lane active, no offsets, no
// channel to check, no layer, no reference to clamp, the LOD from
// gradients or the quads' derivatives): scaleArg, the logarithm, lambdas
// and the level selection eight lanes at a time (anisoLanes), then each
// lane's N probes at (−½ + k/(N+1))·∂ along the major axis, as sampleAt
// places them. It fills the chunk with the lanes from first whose probes
// fit and returns the next lane, or reports false (filling nothing) when
// the request's lane count is not a multiple of 8.
func (x *exec) gatherAnisoVec(req *Request, c *laneSet, first int) (int, bool) {
	if !vectorKernels || req.Lanes&7 != 0 {
		return first, false
	}
	if base := int32(x.view.BaseLayer); !c.plain || c.plainLayer != base {
		plainEntries(c, base) // the entries' constant operands
	}
	compare := x.compare != CompareNone
	us, vs := req.Coord[0][:req.Lanes], req.Coord[1][:req.Lanes]
	var g anisoGroup
	n, nl, i := 0, 0, first
	for i < req.Lanes {
		b := i &^ 7 // the group of eight lanes i is in
		x.anisoLanes(req, b, &g)
		for ; i < b+8; i++ {
			j := i - b
			m := int(g.probes[j])
			if n+m > laneChunk {
				goto full
			}
			c.lane[nl], c.first[nl], c.count[nl] = int32(i), int32(n), int32(m)
			nl++
			s0, t0 := us[i], vs[i]
			hi, lo, d := g.hi[j], g.lo[j], g.delta[j]
			var ref float32
			if compare {
				ref = req.Ref[i]
			}
			if m == 1 {
				c.s[n], c.t[n], c.hi[n], c.lo[n], c.delta[n], c.ref[n] = s0, t0, hi, lo, d, ref
				n++
				continue
			}
			as, at := g.axS[j], g.axT[j]
			for _, t := range probeSteps[m][:m] {
				c.s[n] = s0 + float32(t*as)
				c.t[n] = t0 + float32(t*at)
				c.hi[n], c.lo[n], c.delta[n], c.ref[n] = hi, lo, d, ref
				n++
			}
		}
	}
full:
	c.n, c.lanes = n, nl
	x.pad(c)
	return i, true
}

// anisoLanes is scaleArg, log2f, lambdas and the level selection of lanes
// [b, b+8) of a request gatherAnisoVec takes, compare for compare.
func (x *exec) anisoLanes(req *Request, b int, g *anisoGroup) {
	var dx0, dx1, dy0, dy1 archsimd.Float32x8
	if req.Op.LodSource() == LodGradient {
		dx0, dx1 = archsimd.LoadFloat32x8Slice(req.DDX[0][b:]), archsimd.LoadFloat32x8Slice(req.DDX[1][b:])
		dy0, dy1 = archsimd.LoadFloat32x8Slice(req.DDY[0][b:]), archsimd.LoadFloat32x8Slice(req.DDY[1][b:])
	} else { // quadDerivatives
		p0, p1, p2 := archsimd.LoadUint32x8(&quadPixel[0]), archsimd.LoadUint32x8(&quadPixel[1]), archsimd.LoadUint32x8(&quadPixel[2])
		s, t := archsimd.LoadFloat32x8Slice(req.Coord[0][b:]), archsimd.LoadFloat32x8Slice(req.Coord[1][b:])
		s0, t0 := s.Permute(p0), t.Permute(p0)
		dx0, dx1 = s.Permute(p1).Sub(s0), t.Permute(p1).Sub(t0)
		dy0, dy1 = s.Permute(p2).Sub(s0), t.Permute(p2).Sub(t0)
	}
	sz0, sz1 := archsimd.BroadcastFloat32x8(float32(x.base[0])), archsimd.BroadcastFloat32x8(float32(x.base[1]))
	ux, vx, uy, vy := dx0.Mul(sz0), dx1.Mul(sz1), dy0.Mul(sz0), dy1.Mul(sz1)
	rhoX := ux.Mul(ux).Add(vx.Mul(vx)).Sqrt()
	rhoY := uy.Mul(uy).Add(vy.Mul(vy)).Sqrt()
	yMajor := rhoY.GreaterEqual(rhoX)
	rhoMax, rhoMin := rhoY.Merge(rhoX, yMajor), rhoX.Merge(rhoY, yMajor)
	dy0.Merge(dx0, yMajor).Store(&g.axS)
	dy1.Merge(dx1, yMajor).Store(&g.axT)
	// η = min(ρmax/ρmin, max anisotropy); a NaN quotient stays NaN, as
	// min's. scaleArg's special cases need no tests of their own: ρmin = 0
	// < ρmax makes the quotient +∞ and η the maximum, as scaleArg sets it;
	// ρmax = 0 (0/0) and a NaN ρmax or ρmin make η NaN, isotropic as they
	// are.
	maxA := archsimd.BroadcastFloat32x8(x.st.MaxAnisotropy)
	ratio := rhoMax.Div(rhoMin)
	eta := maxA.Merge(ratio, ratio.Greater(maxA))
	// Anisotropic (N = ⌈η⌉ probes, ρmax/η) where η > 1 (not NaN); else
	// one probe and ρmax.
	aniso := eta.Greater(archsimd.BroadcastFloat32x8(1))
	eta.Ceil().ConvertToInt32().Merge(archsimd.BroadcastInt32x8(1), aniso).Store(&g.probes)
	var arg [8]float32
	rhoMax.Div(eta).Merge(rhoMax, aniso).Store(&arg)
	log2f8(&arg, &arg)
	bias := archsimd.BroadcastFloat32x8(x.bias0)
	if req.Op.LodSource() == LodBias {
		bias = x.lodBias8(req, b)
	}
	hi, lo, delta := x.levelSel8(x.lambda8(req, b, archsimd.LoadFloat32x8(&arg), bias), x.st.MipFilter)
	hi.Store(&g.hi)
	lo.Store(&g.lo)
	delta.Store(&g.delta)
	archsimd.ClearAVXUpperBits()
}

// rho8 is ρmax of scaleArg's isotropic case for eight lanes (λ_base is
// its logarithm), from the derivatives scaled to texels: ρx = √(ux² + vx²),
// ρy = √(uy² + vy²), ρmax = ρy where ρy ≥ ρx, else ρx (the square roots
// are exact in binary32, as sqrt32's).
func rho8(ux, vx, uy, vy archsimd.Float32x8) archsimd.Float32x8 {
	rhoX := ux.Mul(ux).Add(vx.Mul(vx)).Sqrt()
	rhoY := uy.Mul(uy).Add(vy.Mul(vy)).Sqrt()
	return rhoY.Merge(rhoX, rhoY.GreaterEqual(rhoX))
}

// levelMode is the level selection laneLevels makes for the request's LOD
// source: selectLevels' mip filter when sampling; for a gather the nearest
// level, or none (the base level) for the base-level forms and without
// mipmapping.
func (x *exec) levelMode(src LodSource) MipFilter {
	if x.fast.lanes != laneGather {
		return x.st.MipFilter
	}
	if src == LodBaseLevel || x.st.MipFilter == MipNone {
		return MipNone
	}
	return MipNearest
}

// entries8 fills the per-entry operands of lanes [i, i+8) as entries
// [k, k+8) that do not depend on the view: no offsets, no channel, the
// depth reference, and one entry per lane.
func (x *exec) entries8(req *Request, c *laneSet, i, k int) {
	var zero archsimd.Float32x8
	var zeroI archsimd.Int32x8
	seq := archsimd.LoadInt32x8(&laneSeq)
	zeroI.Store((*[8]int32)(c.offU[k : k+8]))
	zeroI.Store((*[8]int32)(c.offV[k : k+8]))
	*(*[8]uint8)(c.ch[k : k+8]) = [8]uint8{}
	if x.compare != CompareNone {
		archsimd.LoadFloat32x8Slice(req.Ref[i:]).Store((*[8]float32)(c.ref[k : k+8]))
	} else {
		zero.Store((*[8]float32)(c.ref[k : k+8]))
	}
	seq.Add(archsimd.BroadcastInt32x8(int32(i))).Store((*[8]int32)(c.lane[k : k+8]))
	seq.Add(archsimd.BroadcastInt32x8(int32(k))).Store((*[8]int32)(c.first[k : k+8]))
	archsimd.BroadcastInt32x8(1).Store((*[8]int32)(c.count[k : k+8]))
}

// plainEntries writes the operands that are the same in every plain chunk
// (laneSet.plain) to all the chunk's entries: layer, no cube face, no
// offsets, no channel, reference 0, one entry per lane.
func plainEntries(c *laneSet, layer int32) {
	var zero archsimd.Float32x8
	var zeroI archsimd.Int32x8
	seq := archsimd.LoadInt32x8(&laneSeq)
	l := archsimd.BroadcastInt32x8(layer)
	neg := archsimd.BroadcastInt32x8(-1)
	for k := 0; k < laneChunk; k += 8 {
		l.Store((*[8]int32)(c.layer[k : k+8]))
		neg.Store((*[8]int32)(c.face[k : k+8]))
		zeroI.Store((*[8]int32)(c.offU[k : k+8]))
		zeroI.Store((*[8]int32)(c.offV[k : k+8]))
		*(*[8]uint8)(c.ch[k : k+8]) = [8]uint8{}
		zero.Store((*[8]float32)(c.ref[k : k+8]))
		seq.Add(archsimd.BroadcastInt32x8(int32(k))).Store((*[8]int32)(c.first[k : k+8]))
		archsimd.BroadcastInt32x8(1).Store((*[8]int32)(c.count[k : k+8]))
	}
	c.plain, c.plainLayer = true, layer
}

// lambda8 is lambdas (exact mode) for lanes [i, i+8): λ_base base (a NaN
// is 0) plus the clamped bias, clamped to the maximum LOD and then to the
// lane's lower clamp (laneMinLod).
func (x *exec) lambda8(req *Request, i int, base, bias archsimd.Float32x8) archsimd.Float32x8 {
	var zero archsimd.Float32x8
	maxLod, minLod := archsimd.BroadcastFloat32x8(x.st.MaxLod), archsimd.BroadcastFloat32x8(x.st.MinLod)
	base = zero.Merge(base, base.IsNaN())
	if req.MinLod != nil {
		ml := archsimd.LoadFloat32x8Slice(req.MinLod[i:])
		minLod = ml.Merge(minLod, ml.Greater(minLod))
	}
	lambda := base.Add(bias)
	lambda = maxLod.Merge(lambda, lambda.Greater(maxLod))
	return minLod.Merge(lambda, lambda.Less(minLod))
}

// lodBias8 is lodBias for lanes [i, i+8) of the shader's bias operand.
func (x *exec) lodBias8(req *Request, i int) archsimd.Float32x8 {
	var zero archsimd.Float32x8
	lim := archsimd.BroadcastFloat32x8(MaxLodBias)
	nlim := archsimd.BroadcastFloat32x8(-MaxLodBias)
	b := archsimd.BroadcastFloat32x8(x.st.LodBias).Add(archsimd.LoadFloat32x8Slice(req.Bias[i:]))
	b = zero.Merge(b, b.IsNaN())
	b = nlim.Merge(b, b.Less(nlim))
	return lim.Merge(b, b.Greater(lim))
}

// levels8 stores entries [k, k+8)'s levels and δ for λ lambda (levelSel8).
func (x *exec) levels8(lambda archsimd.Float32x8, mode MipFilter, c *laneSet, k int) {
	hi, lo, delta := x.levelSel8(lambda, mode)
	hi.Store((*[8]int32)(c.hi[k : k+8]))
	lo.Store((*[8]int32)(c.lo[k : k+8]))
	delta.Store((*[8]float32)(c.delta[k : k+8]))
}

// levelSel8 is the level selection for eight λ: selectLevels (mode
// MipNearest or MipLinear), or level 0 (MipNone).
func (x *exec) levelSel8(lambda archsimd.Float32x8, mode MipFilter) (hi, lo archsimd.Int32x8, delta archsimd.Float32x8) {
	var zero archsimd.Float32x8
	q := archsimd.BroadcastFloat32x8(float32(x.levels - 1))
	// d' = clamp(λ, 0, q) as min(max(λ, 0), q): a zero λ gives +0.
	d := lambda.Merge(zero, lambda.Greater(zero))
	d = q.Merge(d, d.Greater(q))
	switch mode {
	case MipNearest:
		// ⌈d' + ½⌉ − 1 = ⌈d' − ½⌉, and d' − ½ is exact in binary32 for
		// ½ ≤ d' < 2^23; below ½ both are 0.
		hi = d.Sub(archsimd.BroadcastFloat32x8(0.5)).Ceil().ConvertToInt32()
		lo = hi
	case MipLinear:
		f := d.Floor()
		hi = f.ConvertToInt32()
		lo = hi.Add(archsimd.BroadcastInt32x8(1)).Min(archsimd.BroadcastInt32x8(int32(x.levels - 1)))
		delta = d.Sub(f)
	}
	return hi, lo, delta
}

// log2Lanes replaces a[0, n) by their logarithms, log2f's, eight at a
// time (log2f8).
func (x *exec) log2Lanes(a *[laneChunk]float32, n int) {
	if !vectorKernels {
		for k, v := range a[:n] {
			a[k] = x.log2(v)
		}
		return
	}
	log2Vec(a[:(n+7)&^7]) // the padding's logarithms are not used
}

// plainLevel reports whether runPlainLevel takes the chunks of a request
// laneForms' formVec admits: every lane reads level 0 whatever its LOD (the
// view has one level, or the request's level selection is MipNone), both
// wraps at level 0 are footprintsVec's, and every footprint at level 0
// reads inside the data (so that the kernels need no bounds pass).
func (x *exec) plainLevel(src LodSource) bool {
	if !vectorKernels || x.cube || x.array || x.levels != 1 && x.levelMode(src) != MipNone {
		return false
	}
	lv := &x.fast.levels[0]
	if !vecWrap(x.st.Address[0], lv.w) || !vecWrap(x.st.Address[1], lv.h) || lv.xs&(lv.xs-1) != 0 {
		return false // runPlainLevel shifts by the x stride
	}
	// Wrapped indices lie in [0, w−1] and [0, h−1].
	return x.levelInside(lv, 1, x.fast.texelBytes())
}

// runPlainLevel runs lanes [first, end) of a request plainLevel admits and
// returns end: their footprints at level 0 straight from the request's
// coordinates (footprintsVec's arithmetic for a plain chunk; the LODs,
// which select level 0 whatever their value, are not computed), the
// kernel with no bounds pass, and the results written into res's rows. It
// reports false, having written nothing to res, when the lanes are not a
// multiple of 8 or a coordinate is beyond ±2^30 or NaN (footprintsVec's
// fallback).
func (x *exec) runPlainLevel(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	m := end - first
	if m&7 != 0 {
		return first, false
	}
	if base := int32(x.view.BaseLayer); !c.plain || c.plainLayer != base {
		plainEntries(c, base)
	}
	lv := &x.fast.levels[0]
	// The operands as slices of exactly m values, read once: the loop's
	// stores could otherwise alias the request's fields.
	us, vs := req.Coord[0][first:end], req.Coord[1][first:end]
	var refs []float32
	if x.compare != CompareNone {
		refs = req.Ref[first:end]
	}
	fw, fh := archsimd.BroadcastFloat32x8(float32(lv.w)), archsimd.BroadcastFloat32x8(float32(lv.h))
	half := archsimd.BroadcastFloat32x8(0.5)
	// |u| < 2^30 as the bits of |u| below those of 2^30 (a NaN's are above).
	abs, lim := archsimd.BroadcastInt32x8(0x7fffffff), archsimd.BroadcastInt32x8(0x4e800000)
	one := archsimd.BroadcastInt32x8(1)
	var zero archsimd.Int32x8
	wm, hm := archsimd.BroadcastInt32x8(lv.w-1), archsimd.BroadcastInt32x8(lv.h-1)
	ys := archsimd.BroadcastInt32x8(int32(lv.ys))
	// The x stride is a texel's size, 4 or 16 bytes: a shift.
	xsh := uint64(bits.TrailingZeros(uint(lv.xs)))
	if lv.w == 1 {
		xsh = 0 // the stride is 0, and both x indices are 0
	}
	base := archsimd.BroadcastInt32x8(int32(lv.off + x.view.BaseLayer*lv.ls))
	rep0, rep1 := x.st.Address[0] == WrapRepeat, x.st.Address[1] == WrapRepeat
	fp := &c.fp
	for k := 0; k < m; k += 8 {
		u := archsimd.LoadFloat32x8((*[8]float32)(us[k : k+8])).Mul(fw).Sub(half)
		v := archsimd.LoadFloat32x8((*[8]float32)(vs[k : k+8])).Mul(fh).Sub(half)
		if u.AsInt32x8().And(abs).Less(lim).And(v.AsInt32x8().And(abs).Less(lim)).ToBits() != 0xff {
			archsimd.ClearAVXUpperBits()
			return first, false
		}
		fu, fv := u.Floor(), v.Floor()
		i0, j0 := fu.ConvertToInt32(), fv.ConvertToInt32()
		u.Sub(fu).Store((*[8]float32)(fp.fa[k : k+8]))
		v.Sub(fv).Store((*[8]float32)(fp.fb[k : k+8]))
		i1, j1 := i0.Add(one), j0.Add(one)
		var x0, x1, y0, y1 archsimd.Int32x8
		if rep0 {
			x0, x1 = i0.And(wm), i1.And(wm)
		} else {
			x0, x1 = i0.Max(zero).Min(wm), i1.Max(zero).Min(wm)
		}
		if rep1 {
			y0, y1 = j0.And(hm), j1.And(hm)
		} else {
			y0, y1 = j0.Max(zero).Min(hm), j1.Max(zero).Min(hm)
		}
		r0, r1 := base.Add(y0.Mul(ys)), base.Add(y1.Mul(ys))
		c0, c1 := x0.ShiftAllLeft(xsh), x1.ShiftAllLeft(xsh)
		r0.Add(c0).Store((*[8]int32)(fp.o[0][k : k+8]))
		r0.Add(c1).Store((*[8]int32)(fp.o[1][k : k+8]))
		r1.Add(c0).Store((*[8]int32)(fp.o[2][k : k+8]))
		r1.Add(c1).Store((*[8]int32)(fp.o[3][k : k+8]))
		if refs != nil {
			archsimd.LoadFloat32x8((*[8]float32)(refs[k : k+8])).Store((*[8]float32)(c.ref[k : k+8]))
		}
	}
	archsimd.ClearAVXUpperBits()
	fp.nslow = 0
	c.n, c.np, c.lanes = m, m, m
	// The kernel's rows: the result's, or the chunk's accumulators.
	out := outOf(&c.acc)
	direct := resultRows(res, first, &out)
	x.kernel(c, &out, true)
	if !direct {
		storeRun(res, &c.acc, first, m)
	}
	return end, true
}
