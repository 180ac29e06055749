package pipeline

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// The 2D lane loop's footprint stage: a chunk's bilinear footprints at
// each entry's level — the texel coordinates u = s·w + offset − ½ (in
// hardware precision rounded to the subtexel steps), their floors and
// fractions, the two indices of each axis wrapped, and the four texels'
// byte offsets — eight entries at a time in assembly where it runs
// (footprints_amd64.go), else in Go. An entry the stage cannot take (a
// border texel, a wrap other than repeat or clamp-to-edge, a cube corner,
// a coordinate beyond ±2^30 or NaN) is listed in the footprints' Slow with
// offsets that read in bounds, and package sampler filters it through the
// reference pipeline.

// FootState is a request's state of the footprint stage: the level table
// of the multi-level footprints (FootprintsLevels8), which the request
// fills at its first chunk whose entries are at different levels, and
// whether it is filled (tableReady) or cannot serve the request
// (tableOff). The zero value is a request's start.
type FootState struct {
	table *lanes.LevelTable
	state uint8
}

// The states of FootState.state.
const (
	tableUnset = iota // not filled yet
	tableReady        // FootState.table holds the view's levels
	tableOff          // the request's chunks at several levels take FootprintRange
)

// CubeSide is a texel's position just beyond one edge of an n×n face, with
// t its coordinate along the edge (0 ≤ t < n): (−1, t), (n, t), (t, −1) or
// (t, n).
type CubeSide uint8

const (
	SideLeft   CubeSide = iota // i = −1
	SideRight                  // i = n
	SideBottom                 // j = −1
	SideTop                    // j = n
)

// CubeStep is the reference's map from the texels beyond one edge of a
// cube face to the neighbouring face's texels, as an affine map of t: the
// neighbouring face is DF faces on, and the texel there is (I1·(n−1) +
// IT·t, J1·(n−1) + JT·t). Package sampler makes the table, by face and
// side, from its cubeNeighbor (Plan.Cube).
type CubeStep struct {
	DF             int32
	I1, IT, J1, JT int32
}

// ChunkFootprints computes the chunk's bilinear footprints at the levels
// lvl into fp, for every entry including the padding: eight entries at a
// time where the assembly runs (every entry at one level, or at several
// through the request's level table st), else footprintsOneLevel's loop
// or FootprintRange's.
func (p *Plan) ChunkFootprints(c *lanes.Set, lvl *[lanes.Chunk]int32, fp *lanes.Footprints, st *FootState) {
	fp.NSlow = 0
	if p.FootprintsAsm(c, lvl, fp) || p.FootprintsLevels(c, lvl, fp, st) || p.FootprintsOneLevel(c, lvl, fp) {
		return
	}
	p.FootprintRange(c, lvl, fp, 0, c.NP)
}

// FootprintsOneLevel is FootprintRange for chunks of a 2D view whose
// entries are all at one level, with the level's wraps (repeat on a power
// of two, clamp-to-edge: VecWrap) decided once for the chunk rather than
// per entry; it reports false (and computes nothing) for other chunks. An
// entry with a coordinate beyond ±2^30 or NaN takes FootprintRange.
func (p *Plan) FootprintsOneLevel(c *lanes.Set, lvl *[lanes.Chunk]int32, fp *lanes.Footprints) bool {
	k := &p.Key
	if k.Cube {
		return false
	}
	l := lvl[0]
	for _, e := range lvl[1:c.NP] {
		if e != l {
			return false
		}
	}
	lv := &p.Levels[l]
	am0, am1 := k.Wrap[0], k.Wrap[1]
	if !VecWrap(am0, lv.W) || !VecWrap(am1, lv.H) {
		return false
	}
	rep0, rep1 := am0 == WrapRepeat, am1 == WrapRepeat
	if k.Hardware {
		p.oneLevelHW(c, lvl, fp, lv, rep0, rep1)
		return true
	}
	fw, fh := float32(lv.W), float32(lv.H)
	wm, hm := lv.W-1, lv.H-1
	off, xs, ys, ls := int32(lv.Off), int32(lv.XS), int32(lv.YS), int32(lv.LS)
	for k := 0; k < c.NP; k++ {
		u := float32(c.S[k]*fw) + float32(c.OffU[k]) - 0.5
		v := float32(c.T[k]*fh) + float32(c.OffV[k]) - 0.5
		if !(abs32(u) < 1<<30 && abs32(v) < 1<<30) {
			p.FootprintRange(c, lvl, fp, k, k+1)
			continue
		}
		i0, j0 := Floor2(u, v)
		fp.FA[k], fp.FB[k] = u-float32(i0), v-float32(j0)
		var x0, x1, y0, y1 int32
		if rep0 { // mod on a power of two
			x0, x1 = i0&wm, (i0+1)&wm
		} else {
			x0, x1 = min(max(i0, 0), wm), min(max(i0+1, 0), wm)
		}
		if rep1 {
			y0, y1 = j0&hm, (j0+1)&hm
		} else {
			y0, y1 = min(max(j0, 0), hm), min(max(j0+1, 0), hm)
		}
		base := off + c.Layer[k]*ls
		r0, r1 := base+y0*ys, base+y1*ys
		c0, c1 := x0*xs, x1*xs
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = r0+c0, r0+c1, r1+c0, r1+c1
	}
	return true
}

// oneLevelHW is FootprintsOneLevel's loop in hardware precision, the
// coordinates rounded by subtexel before the floor: a loop of its own, so
// that exact precision's keeps its registers (a test in its loop costs it
// about 2 % more instructions per sample).
func (p *Plan) oneLevelHW(c *lanes.Set, lvl *[lanes.Chunk]int32, fp *lanes.Footprints, lv *Level, rep0, rep1 bool) {
	fw, fh := float32(lv.W), float32(lv.H)
	wm, hm := lv.W-1, lv.H-1
	off, xs, ys, ls := int32(lv.Off), int32(lv.XS), int32(lv.YS), int32(lv.LS)
	q := &p.Key
	for k := 0; k < c.NP; k++ {
		u := q.subtexel(float32(c.S[k]*fw) + float32(c.OffU[k]) - 0.5)
		v := q.subtexel(float32(c.T[k]*fh) + float32(c.OffV[k]) - 0.5)
		if !(abs32(u) < 1<<30 && abs32(v) < 1<<30) {
			p.FootprintRange(c, lvl, fp, k, k+1)
			continue
		}
		i0, j0 := Floor2(u, v)
		fp.FA[k], fp.FB[k] = u-float32(i0), v-float32(j0)
		var x0, x1, y0, y1 int32
		if rep0 {
			x0, x1 = i0&wm, (i0+1)&wm
		} else {
			x0, x1 = min(max(i0, 0), wm), min(max(i0+1, 0), wm)
		}
		if rep1 {
			y0, y1 = j0&hm, (j0+1)&hm
		} else {
			y0, y1 = min(max(j0, 0), hm), min(max(j0+1, 0), hm)
		}
		base := off + c.Layer[k]*ls
		r0, r1 := base+y0*ys, base+y1*ys
		c0, c1 := x0*xs, x1*xs
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = r0+c0, r0+c1, r1+c0, r1+c1
	}
}

// FootprintRange computes the footprints of entries [from, to) lane by lane.
func (p *Plan) FootprintRange(c *lanes.Set, lvl *[lanes.Chunk]int32, fp *lanes.Footprints, from, to int) {
	q := &p.Key
	am0, am1 := q.Wrap[0], q.Wrap[1]
	pairs := (am0 == WrapRepeat || am0 == WrapClampToEdge) && (am1 == WrapRepeat || am1 == WrapClampToEdge)
	cube := q.Cube
	if cube {
		// Cube footprints inside their face read that face's texels, where
		// every wrap is the identity (package sampler's cubeInterior);
		// clamp-to-edge is that identity, and the others go to its
		// filterLevel's seamless path.
		am0, am1, pairs = WrapClampToEdge, WrapClampToEdge, true
	}
	for k := from; k < to; k++ {
		lv := &p.Levels[lvl[k]]
		u := float32(c.S[k]*float32(lv.W)) + float32(c.OffU[k]) - 0.5
		v := float32(c.T[k]*float32(lv.H)) + float32(c.OffV[k]) - 0.5
		if q.Hardware {
			u, v = q.subtexel(u), q.subtexel(v)
		}
		if !pairs || !(abs32(u) < 1<<30 && abs32(v) < 1<<30) {
			setSlow(fp, k, lv)
			continue
		}
		i0, j0 := Floor2(u, v)
		// A cube footprint outside its face takes cubeEdge's offsets, or
		// the reference.
		interior := !cube || (i0 >= 0 && j0 >= 0 && i0+1 < lv.W && j0+1 < lv.H)
		if !interior && !p.CubeEdge(lv, c.Layer[k], c.Face[k], i0, j0, fp, k) {
			setSlow(fp, k, lv)
			continue
		}
		fp.FA[k], fp.FB[k] = u-float32(i0), v-float32(j0)
		if !interior {
			continue // cubeEdge set the offsets
		}
		x0, x1, _ := WrapPair(i0, lv.W, am0)
		y0, y1, _ := WrapPair(j0, lv.H, am1)
		base := int32(lv.Off) + c.Layer[k]*int32(lv.LS)
		r0, r1 := base+y0*int32(lv.YS), base+y1*int32(lv.YS)
		c0, c1 := x0*int32(lv.XS), x1*int32(lv.XS)
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = r0+c0, r0+c1, r1+c0, r1+c1
	}
}

// setSlow lists entry k in fp.Slow, with offsets that read in bounds (the
// level's first texel) and fractions 0, whatever the vector code stored.
func setSlow(fp *lanes.Footprints, k int, lv *Level) {
	fp.Slow[fp.NSlow] = int32(k)
	fp.NSlow++
	o := int32(lv.Off)
	fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = o, o, o, o
	fp.FA[k], fp.FB[k] = 0, 0
}

// CubeEdge sets entry k's texel offsets for a footprint at (i0, j0) of
// face f on the cube level lv that reaches beyond one edge of the face:
// the two texels beyond the edge are the neighbouring face's texels that
// the reference's cubeNeighbor maps them to (Plan.Cube). It reports false,
// setting nothing, for a footprint with a texel beyond a corner (the
// reference's mean of three) or reaching further than one texel beyond
// the face.
func (p *Plan) CubeEdge(lv *Level, layer, f, i0, j0 int32, fp *lanes.Footprints, k int) bool {
	n := lv.W
	if uint32(i0+1) > uint32(n) || uint32(j0+1) > uint32(n) {
		return false // i0 or j0 outside [−1, n−1]
	}
	outI, outJ := i0 < 0 || i0 == n-1, j0 < 0 || j0 == n-1
	if outI == outJ {
		return false // a corner (or no edge)
	}
	xs, ys, ls := int32(lv.XS), int32(lv.YS), int32(lv.LS)
	base := int32(lv.Off) + layer*ls
	side, t := SideLeft, j0
	switch {
	case outI && i0 >= 0:
		side = SideRight
	case outJ:
		side, t = SideBottom, i0
		if j0 >= 0 {
			side = SideTop
		}
	}
	m := &p.Cube[f][side]
	step := m.IT*xs + m.JT*ys // the neighbouring texel's offset per step of t
	e0 := base + m.DF*ls + m.I1*(n-1)*xs + m.J1*(n-1)*ys + t*step
	e1 := e0 + step
	// The texels inside the face, and those beyond it, in order.
	in0 := base + max(j0, 0)*ys + max(i0, 0)*xs
	switch side {
	case SideLeft: // texels 0 and 2 beyond
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = e0, in0, e1, in0+ys
	case SideRight: // texels 1 and 3
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = in0, e0, in0+ys, e1
	case SideBottom: // texels 0 and 1
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = e0, e1, in0, in0+xs
	default: // texels 2 and 3
		fp.O[0][k], fp.O[1][k], fp.O[2][k], fp.O[3][k] = in0, in0+xs, e0, e1
	}
	return true
}

// fillLevelTable fills t, the working set's table, for FootprintsLevels
// with the values FootprintRange reads of each level, exactly as it
// converts them, and makes it st's table; or marks the table off where
// the stage does not apply to the request: a cube (its footprints beyond a
// face need CubeEdge), more levels than the table holds, or a level some
// address mode cannot wrap as a mask or a clamp (VecWrap: repeat on a size
// that is not a power of two).
func (p *Plan) fillLevelTable(t *lanes.LevelTable, st *FootState) {
	k := &p.Key
	st.state = tableOff
	if k.Cube || int(k.Levels) > len(t.Fw) {
		return
	}
	am0, am1 := k.Wrap[0], k.Wrap[1]
	for l := 0; l < int(k.Levels); l++ {
		lv := &p.Levels[l]
		if !VecWrap(am0, lv.W) || !VecWrap(am1, lv.H) {
			return
		}
		t.Fw[l], t.Fh[l] = float32(lv.W), float32(lv.H)
		t.Wm[l], t.Hm[l] = lv.W-1, lv.H-1
		t.Xs[l], t.Ys[l], t.Ls[l], t.Off[l] = int32(lv.XS), int32(lv.YS), int32(lv.LS), int32(lv.Off)
	}
	st.table, st.state = t, tableReady
}

// VecWrap reports whether the vector footprints wrap an axis of size n in
// mode m: repeat on a power of two (a mask), or clamp-to-edge.
func VecWrap(m Wrap, n int32) bool {
	return m == WrapClampToEdge || m == WrapRepeat && n&(n-1) == 0
}

// Floor2 returns ⌊u⌋ and ⌊v⌋ for |u|, |v| < 2^30, by truncation.
func Floor2(u, v float32) (int32, int32) {
	i, j := int32(u), int32(v)
	if float32(i) > u {
		i--
	}
	if float32(j) > v {
		j--
	}
	return i, j
}

// WrapPair wraps texel indices i and i+1 of an axis of size n for the modes
// that never produce a border texel and keep the pair adjacent or wrapped:
// repeat and clamp-to-edge; ok is false for the others.
func WrapPair(i, n int32, mode Wrap) (w0, w1 int32, ok bool) {
	switch mode {
	case WrapRepeat:
		w0 = i % n
		if w0 < 0 {
			w0 += n
		}
		if w1 = w0 + 1; w1 == n {
			w1 = 0
		}
		return w0, w1, true
	case WrapClampToEdge:
		return min(max(i, 0), n-1), min(max(i+1, 0), n-1), true
	}
	return 0, 0, false
}

// subtexel rounds the texel coordinate u to SubtexelBits fraction bits
// (Subtexel with the key's steps).
func (k *Key) subtexel(u float32) float32 { return Subtexel(u, k.Sub, k.SubInv) }

// Subtexel rounds the texel coordinate u to b fraction bits, sub = 2^b and
// subInv = 2^−b, as the reference's split does before it takes the index
// and the weight: ⌊u·2^b + ½⌋·2^−b, in binary32 operations that are all
// exact (package sampler's quantSteps.subtexel calls it).
func Subtexel(u, sub, subInv float32) float32 {
	v := u * sub
	f := float32(math.Floor(float64(v)))
	inc := float32(0)
	if v-f >= 0.5 {
		inc = 1
	}
	f += inc // +0 where f is −0
	return f * subInv
}

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }
