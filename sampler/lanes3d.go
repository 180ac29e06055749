package sampler

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
)

// The 3D lane loop: trilinear sampling (linear magnification and
// minification, weighted average, no compare) of 3D views in
// r8g8b8a8_unorm, r8g8b8a8_srgb, b8g8r8a8_unorm, b8g8r8a8_srgb and
// r32g32b32a32_sfloat, in either precision, every LOD source, mipmap
// mode, offsets and anisotropic probes. It works in chunks of up to 64
// entries as the 2D lane loop does (runChunk's stages, laneSet): the
// lanes' operands, LODs and levels (gatherVolLanes, through the
// reference's own laneLod), the footprints at the finer level — eight
// texels, (i0 + i, j0 + j, k0 + k) at byte offset o[i + 2j + 4k], each
// axis wrapped once per footprint (repeat, clamp-to-edge), and the
// fractions α, β, γ — a kernel that reads and filters every footprint,
// for trilinear lanes the coarser level's and the blend, and the stores.
// The kernel's arithmetic is filterLevel's for three dimensions: weights
// ((w_i·w_j)·w_k) rounded to float32, the eight products added from zero
// in the order k outer, j, i; so results are bit-identical to the
// reference (TestVolumeLanesAgree, FuzzExecute). A footprint with a
// coordinate beyond ±2^30 (or NaN) or another address mode takes
// filterLevel on its own.

// volDecodes reports whether the 3D kernels decode the view's texels:
// r32g32b32a32_sfloat and the four-byte 8-bit formats (the kernels read a
// texel's four bytes; the one- and two-channel formats and the half floats
// take the reference path).
func (x *exec) volDecodes() bool {
	if x.fast.dec == decodeRGBA32Float {
		return true
	}
	dec := x.fast.dec.RGBA8()
	return dec != nil && dec.Size == 4
}

// volInside reports whether every texel of every level of the 3D view lies
// inside the texel data.
func (x *exec) volInside() bool {
	size := x.fast.texelBytes()
	for l := range x.levels {
		lv := &x.fast.levels[l]
		last := lv.Off + int(lv.W-1)*lv.XS + int(lv.H-1)*lv.YS + int(lv.D-1)*lv.ZS
		if lv.Off < 0 || last+size > len(x.surf.Data) {
			return false
		}
	}
	return true
}

// runLanes3D is runSample for requests setupVolLoop accepts.
func (x *exec) runLanes3D(req *Request, res *Result) {
	c := res.work
	if c == nil {
		c = new(laneSet)
		res.work = c
	}
	if c.Vol == nil {
		c.Vol = new(volSet)
	}
	for i := 0; i < req.Lanes; {
		i = x.gatherVolLanes(req, res, c, i)
		switch {
		case c.N == 0:
		case x.tr != nil:
			x.runVolChunkTraced(res, c) // tracelanes.go
		default:
			x.runVolChunk(res, c)
		}
	}
}

// gatherVolLanes fills the chunk with entries for the active lanes from
// lane first on whose offsets are valid — coordinates, LODs (laneLod),
// levels, and a lane's anisotropic probes, placed as sampleAt places them
// — until the request or the chunk ends, and returns the next lane.
func (x *exec) gatherVolLanes(req *Request, res *Result, c *laneSet, first int) int {
	c.Plain = false
	v := c.Vol
	src := req.Op.LodSource()
	noOffsets := req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil
	room := max(1, int(math.Ceil(float64(x.st.MaxAnisotropy)))) // the most probes a lane can have
	n, nl := 0, 0
	var lastLambda uint32
	var sel levelSel
	i := first
	for ; i < req.Lanes; i++ {
		if n+room > laneChunk {
			break
		}
		if !req.active(i) {
			continue
		}
		var off [3]int32
		if !noOffsets && !x.laneOffsets(req, i, &off, res) {
			continue
		}
		dir := x.laneCoord(req, i)
		p := x.project(dir, req, i)
		var lr lodResult
		x.laneLod(req, i, src, &dir, &p, &lr)
		if lb := math.Float32bits(lr.lambda); lb != lastLambda || nl == 0 {
			lastLambda = lb
			sel = x.selectLevels(lr.lambda)
		}
		probes := max(lr.probes, 1)
		c.Lane[nl], c.First[nl], c.Count[nl] = int32(i), int32(n), int32(probes)
		nl++
		for k := 1; k <= probes; k++ {
			s := p.s
			if probes > 1 {
				t := pipeline.ProbeSteps[probes][k-1]
				for d := range s {
					s[d] = p.s[d] + float32(t*lr.axis[d])
				}
			}
			c.S[n], c.T[n], v.R[n] = s[0], s[1], s[2]
			c.OffU[n], c.OffV[n], v.OffW[n] = off[0], off[1], off[2]
			c.Layer[n], c.Face[n], c.Ref[n], c.Ch[n] = p.layer, -1, 0, 0
			c.Hi[n], c.Lo[n], c.Delta[n] = sel.hi, sel.lo, sel.delta
			n++
		}
	}
	c.N, c.Lanes = n, nl
	pipeline.Pad(c)
	for k := c.N; k < c.NP; k++ {
		v.R[k], v.OffW[k] = v.R[0], v.OffW[0]
	}
	return i
}

// runVolChunk filters the chunk's entries at their levels, blends the
// trilinear ones and stores its lanes' results.
func (x *exec) runVolChunk(res *Result, c *laneSet) {
	acc := lanes.OutOf(&c.Acc)
	x.volFootprints(c, &c.Hi)
	x.volKernel(c, &acc)
	x.volSlow(c, &c.Hi, &acc)
	if lanes.Blends(&c.Delta, c.NP) {
		lower := lanes.OutOf(&c.Lower)
		x.volFootprints(c, &c.Lo)
		x.volKernel(c, &lower)
		x.volSlow(c, &c.Lo, &lower)
		lanes.BlendLanes(&c.Delta, &c.Acc, &c.Lower, c.NP, &acc)
	}
	storeChunk(res, c)
}

// storeChunk stores the results of the chunk's lanes from c.acc: one
// entry's, or the average of a lane's anisotropic probes, as sampleAt sums
// and divides. It is runChunk's stores, copied: called from runChunk
// instead, it cost the 2D anisotropic requests about 2 % more instructions
// per sample. runChunkTraced calls it (tracelanes.go).
func storeChunk(res *Result, c *laneSet) {
	n := c.N
	r, g, b, a := res.Bits[0], res.Bits[1], res.Bits[2], res.Bits[3]
	if c.Lanes == n { // one entry per lane
		if i0 := int(c.Lane[0]); int(c.Lane[n-1]) == i0+n-1 { // consecutive lanes
			lanes.StoreRun(&res.Bits, &c.Acc, i0, n)
			return
		}
		for k, i := range c.Lane[:n] {
			r[i], g[i], b[i], a[i] = resultBits(c.Acc[0][k]), resultBits(c.Acc[1][k]), resultBits(c.Acc[2][k]), resultBits(c.Acc[3][k])
		}
		return
	}
	for j, i := range c.Lane[:c.Lanes] {
		k := c.First[j]
		var v [4]float32
		if m := c.Count[j]; m == 1 {
			v = [4]float32{c.Acc[0][k], c.Acc[1][k], c.Acc[2][k], c.Acc[3][k]}
		} else {
			// The probes' average, as sampleAt sums and divides.
			for ch := range v {
				s := float32(0)
				for _, e := range c.Acc[ch][k : k+m] {
					s += e
				}
				v[ch] = s / float32(m)
			}
		}
		r[i], g[i], b[i], a[i] = resultBits(v[0]), resultBits(v[1]), resultBits(v[2]), resultBits(v[3])
	}
}

// volFootprints computes the chunk's footprints at the levels lvl, the
// padding included: u = s·w + Δ − ½ (v, w likewise; in hardware precision
// rounded by subtexel), the floors and fractions, and each axis' pair of
// texels wrapped (as wrapPair; the level's wraps decided when the level
// changes from one entry to the next). An entry with a coordinate beyond
// ±2^30 or NaN, or an axis in another address mode, is listed in slow,
// with offsets that read in bounds.
func (x *exec) volFootprints(c *laneSet, lvl *[laneChunk]int32) {
	v := c.Vol
	v.NSlow = 0
	cur := int32(-1)
	var lv *fastLevel
	var fw, fh, fd float32
	var modes [3]uint8
	var xs, ys, zs, base int32
	for k := 0; k < c.NP; k++ {
		if lvl[k] != cur {
			cur = lvl[k]
			lv = &x.fast.levels[cur]
			fw, fh, fd = float32(lv.W), float32(lv.H), float32(lv.D)
			for a, n := range [3]int32{lv.W, lv.H, lv.D} {
				modes[a] = axisMode(x.st.Address[a], n)
			}
			xs, ys, zs, base = int32(lv.XS), int32(lv.YS), int32(lv.ZS), int32(lv.Off)
		}
		u := float32(c.S[k]*fw) + float32(c.OffU[k]) - 0.5
		t := float32(c.T[k]*fh) + float32(c.OffV[k]) - 0.5
		r := float32(v.R[k]*fd) + float32(v.OffW[k]) - 0.5
		if x.hw {
			u, t, r = x.q.subtexel(u), x.q.subtexel(t), x.q.subtexel(r)
		}
		if !(abs32(u) < 1<<30 && abs32(t) < 1<<30 && abs32(r) < 1<<30) {
			setVolSlow(v, k, lv)
			continue
		}
		i0, j0 := floor2(u, t)
		k0, _ := floor2(r, r)
		x0, x1, okx := wrapAxis(i0, lv.W, modes[0])
		y0, y1, oky := wrapAxis(j0, lv.H, modes[1])
		z0, z1, okz := wrapAxis(k0, lv.D, modes[2])
		if !okx || !oky || !okz {
			setVolSlow(v, k, lv)
			continue
		}
		v.FA[k], v.FB[k], v.FC[k] = u-float32(i0), t-float32(j0), r-float32(k0)
		c0, c1 := x0*xs, x1*xs
		r0, r1 := base+y0*ys, base+y1*ys
		s0, s1 := z0*zs, z1*zs
		v.O[0][k], v.O[1][k], v.O[2][k], v.O[3][k] = s0+r0+c0, s0+r0+c1, s0+r1+c0, s0+r1+c1
		v.O[4][k], v.O[5][k], v.O[6][k], v.O[7][k] = s1+r0+c0, s1+r0+c1, s1+r1+c0, s1+r1+c1
	}
}

// The wraps of an axis volFootprints computes itself (axisMode).
const (
	wrapMask  = iota // repeat on a power of two: a mask
	wrapClamp        // clamp-to-edge
	wrapMod          // repeat on another size: mod
	wrapOther        // another mode: the reference's
)

// axisMode is how volFootprints wraps an axis of size n in mode m.
func axisMode(m AddressMode, n int32) uint8 {
	switch {
	case m == WrapRepeat && n&(n-1) == 0:
		return wrapMask
	case m == WrapRepeat:
		return wrapMod
	case m == WrapClampToEdge:
		return wrapClamp
	}
	return wrapOther
}

// wrapAxis is wrapPair for axisMode's modes: texel indices i and i+1 of
// an axis of size n wrapped; ok is false for wrapOther.
func wrapAxis(i, n int32, mode uint8) (w0, w1 int32, ok bool) {
	switch mode {
	case wrapMask:
		return i & (n - 1), (i + 1) & (n - 1), true
	case wrapClamp:
		return min(max(i, 0), n-1), min(max(i+1, 0), n-1), true
	case wrapMod:
		return wrapPair(i, n, WrapRepeat)
	}
	return 0, 0, false
}

// setSlow lists entry k in fp.Slow, with offsets that read in bounds (the
// level's first texel) and fractions 0.
func setVolSlow(v *volSet, k int, lv *fastLevel) {
	v.Slow[v.NSlow] = int32(k)
	v.NSlow++
	for q := range v.O {
		v.O[q][k] = int32(lv.Off)
	}
	v.FA[k], v.FB[k], v.FC[k] = 0, 0, 0
}

// volKernel filters the chunk's footprints (the padding included) into
// out: the eight texels decoded and weighted, the products added from
// zero in texel order (filterLevel's k outer, then j, then i).
func (x *exec) volKernel(c *laneSet, out *chunkOut) {
	d, v, n := x.surf.Data, c.Vol, c.NP
	if dec := x.fast.dec.RGBA8(); dec != nil {
		lanes.TrilinearRGBA8(d, dec, &v.O, &v.FA, &v.FB, &v.FC, n, out)
		return
	}
	lanes.TrilinearRGBA32F(d, &v.O, &v.FA, &v.FB, &v.FC, n, out)
}

// volSlow runs the entries volFootprints could not take through
// filterLevel, one by one.
func (x *exec) volSlow(c *laneSet, lvl *[laneChunk]int32, out *chunkOut) {
	v := c.Vol
	for _, k := range v.Slow[:v.NSlow] {
		if int(k) >= c.N {
			break // the padding
		}
		p := point{s: [3]float32{c.S[k], c.T[k], v.R[k]}, layer: c.Layer[k], face: -1}
		off := [3]int32{c.OffU[k], c.OffV[k], v.OffW[k]}
		r := x.filterLevel(lvl[k], &p, Linear, off, 0)
		out[0][k], out[1][k], out[2][k], out[3][k] = lanes.Canonical(r[0]), lanes.Canonical(r[1]), lanes.Canonical(r[2]), lanes.Canonical(r[3])
	}
}
