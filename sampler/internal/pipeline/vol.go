package pipeline

import "github.com/texunit/texunit/sampler/internal/lanes"

// The 3D lane loop's stages: trilinear sampling (linear magnification and
// minification, weighted average, no compare) of 3D views whose texels
// the 3D kernels decode (r32g32b32a32_sfloat and the four-byte 8-bit
// formats), in either precision. Package sampler's gatherer (its
// gatherVolLanes, through the reference's own laneLod) fills the chunk's
// entries and their third coordinates and offsets (lanes.VolSet); the
// footprints at the finer level — eight texels, (i0 + i, j0 + j, k0 + k)
// at byte offset o[i + 2j + 4k], each axis wrapped once per footprint
// (repeat, clamp-to-edge), and the fractions α, β, γ —, a kernel that
// reads and filters every footprint, for trilinear lanes the coarser
// level's and the blend, and the stores are here (RunVolChunk). The
// kernel's arithmetic is the reference's filterLevel for three
// dimensions: weights ((w_i·w_j)·w_k) rounded to float32, the eight
// products added from zero in the order k outer, j, i; so results are
// bit-identical to the reference (package sampler's TestVolumeLanesAgree,
// FuzzExecute). A footprint with a coordinate beyond ±2^30 (or NaN) or an
// axis in another address mode is handed back to the caller, which runs
// it through the reference's filterLevel.

// RunVolChunk runs a chunk of the 3D lane loop with the texel data d into
// the result's rows bits: the footprints at the finer levels
// (VolFootprints), the kernel (VolKernel), and for the chunks whose
// entries blend two levels the coarser levels' and the blend; then the
// stores from c.Acc (StoreChunk). Like RunChunk2D it returns true where a
// level's footprints have entries the stage listed slow (c.Vol.Slow),
// with r's Level and Out the level table and rows the caller fills them
// into, and, where r.Trace is set, after each level's footprint stage
// (r.Footprints), before it calls again with the same r; and false when
// the chunk is done.
func (p *Plan) RunVolChunk(d []byte, c *lanes.Set, bits *[4][]uint32, r *ChunkRun) bool {
	if r.phase == runStart {
		p.VolFootprints(c, &c.Hi)
		r.phase = runKernel
		if r.handBack(&c.Hi) {
			return true
		}
	}
	if r.phase == runKernel && p.volKernel(d, c, r, &c.Hi, lanes.OutOf(&c.Acc), runLower) {
		return true
	}
	if r.phase == runLower {
		r.phase = runStore
		if lanes.Blends(&c.Delta, c.NP) {
			p.VolFootprints(c, &c.Lo)
			r.phase = runLowerKern
			if r.handBack(&c.Lo) {
				return true
			}
		}
	}
	if r.phase == runLowerKern && p.volKernel(d, c, r, &c.Lo, lanes.OutOf(&c.Lower), runBlend) {
		return true
	}
	if r.phase == runBlend {
		acc := lanes.OutOf(&c.Acc)
		lanes.BlendLanes(&c.Delta, &c.Acc, &c.Lower, c.NP, &acc)
	}
	StoreChunk(c, bits)
	return false
}

// volKernel is RunVolChunk's kernel phase at the levels lvl into the rows
// out, the next call resuming at next: true where entries are slow (the
// caller fills them, at r.Level into r.Out).
func (p *Plan) volKernel(d []byte, c *lanes.Set, r *ChunkRun, lvl *[lanes.Chunk]int32, out lanes.Out, next uint8) bool {
	r.Footprints = false
	p.VolKernel(d, c, &out)
	r.phase = next
	if c.Vol.NSlow > 0 {
		r.Level, r.Out = lvl, out
		return true
	}
	return false
}

// VolFootprints computes the chunk's footprints at the levels lvl into
// c.Vol, the padding included: u = s·w + Δ − ½ (v, w likewise; in
// hardware precision rounded by Subtexel), the floors and fractions, and
// each axis' pair of texels wrapped (as WrapPair; the level's wraps
// decided when the level changes from one entry to the next). An entry
// with a coordinate beyond ±2^30 or NaN, or an axis in another address
// mode, is listed in c.Vol.Slow, with offsets that read in bounds.
func (p *Plan) VolFootprints(c *lanes.Set, lvl *[lanes.Chunk]int32) {
	v := c.Vol
	k := &p.Key
	v.NSlow = 0
	cur := int32(-1)
	var lv *Level
	var fw, fh, fd float32
	var modes [3]uint8
	var xs, ys, zs, base int32
	for e := 0; e < c.NP; e++ {
		if lvl[e] != cur {
			cur = lvl[e]
			lv = &p.Levels[cur]
			fw, fh, fd = float32(lv.W), float32(lv.H), float32(lv.D)
			for a, n := range [3]int32{lv.W, lv.H, lv.D} {
				modes[a] = axisMode(k.Wrap[a], n)
			}
			xs, ys, zs, base = int32(lv.XS), int32(lv.YS), int32(lv.ZS), int32(lv.Off)
		}
		u := float32(c.S[e]*fw) + float32(c.OffU[e]) - 0.5
		t := float32(c.T[e]*fh) + float32(c.OffV[e]) - 0.5
		r := float32(v.R[e]*fd) + float32(v.OffW[e]) - 0.5
		if k.Hardware {
			u, t, r = k.subtexel(u), k.subtexel(t), k.subtexel(r)
		}
		if !(abs32(u) < 1<<30 && abs32(t) < 1<<30 && abs32(r) < 1<<30) {
			setVolSlow(v, e, lv)
			continue
		}
		i0, j0 := Floor2(u, t)
		k0, _ := Floor2(r, r)
		x0, x1, okx := wrapAxis(i0, lv.W, modes[0])
		y0, y1, oky := wrapAxis(j0, lv.H, modes[1])
		z0, z1, okz := wrapAxis(k0, lv.D, modes[2])
		if !okx || !oky || !okz {
			setVolSlow(v, e, lv)
			continue
		}
		v.FA[e], v.FB[e], v.FC[e] = u-float32(i0), t-float32(j0), r-float32(k0)
		c0, c1 := x0*xs, x1*xs
		r0, r1 := base+y0*ys, base+y1*ys
		s0, s1 := z0*zs, z1*zs
		v.O[0][e], v.O[1][e], v.O[2][e], v.O[3][e] = s0+r0+c0, s0+r0+c1, s0+r1+c0, s0+r1+c1
		v.O[4][e], v.O[5][e], v.O[6][e], v.O[7][e] = s1+r0+c0, s1+r0+c1, s1+r1+c0, s1+r1+c1
	}
}

// The wraps of an axis VolFootprints computes itself (axisMode).
const (
	wrapMask  = iota // repeat on a power of two: a mask
	wrapClamp        // clamp-to-edge
	wrapMod          // repeat on another size: mod
	wrapOther        // another mode: the reference's
)

// axisMode is how VolFootprints wraps an axis of size n in mode m.
func axisMode(m Wrap, n int32) uint8 {
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

// wrapAxis is WrapPair for axisMode's modes: texel indices i and i+1 of
// an axis of size n wrapped; ok is false for wrapOther.
func wrapAxis(i, n int32, mode uint8) (w0, w1 int32, ok bool) {
	switch mode {
	case wrapMask:
		return i & (n - 1), (i + 1) & (n - 1), true
	case wrapClamp:
		return min(max(i, 0), n-1), min(max(i+1, 0), n-1), true
	case wrapMod:
		return WrapPair(i, n, WrapRepeat)
	}
	return 0, 0, false
}

// setVolSlow lists entry e in v.Slow, with offsets that read in bounds
// (the level's first texel) and fractions 0.
func setVolSlow(v *lanes.VolSet, e int, lv *Level) {
	v.Slow[v.NSlow] = int32(e)
	v.NSlow++
	for q := range v.O {
		v.O[q][e] = int32(lv.Off)
	}
	v.FA[e], v.FB[e], v.FC[e] = 0, 0, 0
}

// VolKernel filters the chunk's footprints (the padding included) into
// out: the eight texels decoded and weighted, the products added from
// zero in texel order (filterLevel's k outer, then j, then i).
func (p *Plan) VolKernel(d []byte, c *lanes.Set, out *lanes.Out) {
	v, n := c.Vol, c.NP
	if dec := p.Key.Dec.RGBA8(); dec != nil {
		lanes.TrilinearRGBA8(d, dec, &v.O, &v.FA, &v.FB, &v.FC, n, out)
		return
	}
	lanes.TrilinearRGBA32F(d, &v.O, &v.FA, &v.FB, &v.FC, n, out)
}
