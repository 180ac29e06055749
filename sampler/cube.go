package sampler

import "github.com/texunit/texunit/sampler/internal/pipeline"

// Cube map face selection, coordinate and derivative transformation, and
// seamless edge handling (Vulkan "Cube Map Face Selection and
// Transformations" and "Cube Map Edge Handling").

// cubeFaceInfo describes a face by the axes that give its coordinates:
// sc = sSign·r[sAxis], tc = tSign·r[tAxis], |rc| = mSign·r[mAxis].
type cubeFaceInfo struct {
	sAxis, tAxis, mAxis int
	sSign, tSign, mSign float32
}

// cubeFaces follows the Vulkan "Cube Map Face and Coordinate Selection" table,
// in layer order +X, −X, +Y, −Y, +Z, −Z.
var cubeFaces = [6]cubeFaceInfo{
	{2, 1, 0, -1, -1, +1}, // +X: sc = −rz, tc = −ry
	{2, 1, 0, +1, -1, -1}, // −X: sc = +rz, tc = −ry
	{0, 2, 1, +1, +1, +1}, // +Y: sc = +rx, tc = +rz
	{0, 2, 1, +1, -1, -1}, // −Y: sc = +rx, tc = −rz
	{0, 1, 2, +1, -1, +1}, // +Z: sc = +rx, tc = −ry
	{0, 1, 2, -1, -1, -1}, // −Z: sc = −rx, tc = −ry
}

// selectFace returns the face the direction r selects. Ties go to z, then y,
// then x, as the Vulkan specification recommends. A zero (or NaN) direction
// selects a face deterministically by the same comparisons.
func selectFace(r [3]float32) int {
	ax, ay, az := abs32(r[0]), abs32(r[1]), abs32(r[2])
	switch {
	case az >= ax && az >= ay:
		if r[2] < 0 || (r[2] == 0 && signbit32(r[2])) {
			return 5
		}
		return 4
	case ay >= ax:
		if r[1] < 0 || (r[1] == 0 && signbit32(r[1])) {
			return 3
		}
		return 2
	default:
		if r[0] < 0 || (r[0] == 0 && signbit32(r[0])) {
			return 1
		}
		return 0
	}
}

// faceCoords returns (s_face, t_face) of direction r on face f:
// s_face = ½·sc/|rc| + ½.
func faceCoords(f int, r [3]float32) (s, t float32) {
	fi := &cubeFaces[f]
	sc := fi.sSign * r[fi.sAxis]
	tc := fi.tSign * r[fi.tAxis]
	ma := fi.mSign * r[fi.mAxis]
	s = float32(float32(sc/ma)*0.5) + 0.5
	t = float32(float32(tc/ma)*0.5) + 0.5
	return s, t
}

// faceDerivative transforms the derivative d of direction r into the
// derivative of (s_face, t_face) on face f:
// ∂s_face = ½·(|rc|·∂sc − sc·∂|rc|) / rc².
func faceDerivative(f int, r, d [3]float32) (ds, dt float32) {
	fi := &cubeFaces[f]
	sc := fi.sSign * r[fi.sAxis]
	tc := fi.tSign * r[fi.tAxis]
	ma := fi.mSign * r[fi.mAxis]
	dsc := fi.sSign * d[fi.sAxis]
	dtc := fi.tSign * d[fi.tAxis]
	dma := fi.mSign * d[fi.mAxis]
	ma2 := ma * ma
	ds = float32(float32(float32(ma*dsc)-float32(sc*dma))/ma2) * 0.5
	dt = float32(float32(float32(ma*dtc)-float32(tc*dma))/ma2) * 0.5
	return ds, dt
}

// cubeNeighbor maps texel (i, j) of face f of an n×n level, lying outside
// the face in exactly one of i and j, to the adjacent texel of the
// neighbouring face. It works in exact integer geometry: texel centres are
// points of the cube [−n, n]³ scaled by n, a centre beyond an edge is
// folded over that edge onto the neighbouring face's plane, and the folded
// point is projected with the face-selection table.
func cubeNeighbor(f int, i, j, n int32) (nf int, ni, nj int32) {
	fi := &cubeFaces[f]
	a := 2*i + 1 - n // sc·n
	b := 2*j + 1 - n // tc·n
	var p [3]int32
	m := n
	switch {
	case a < -n:
		m = n - (-n - a)
		a = -n
	case a > n:
		m = n - (a - n)
		a = n
	case b < -n:
		m = n - (-n - b)
		b = -n
	case b > n:
		m = n - (b - n)
		b = n
	}
	p[fi.mAxis] = int32(fi.mSign) * m
	p[fi.sAxis] = int32(fi.sSign) * a
	p[fi.tAxis] = int32(fi.tSign) * b
	// The folded point has exactly one coordinate of magnitude n.
	switch {
	case p[2] == n:
		nf = 4
	case p[2] == -n:
		nf = 5
	case p[1] == n:
		nf = 2
	case p[1] == -n:
		nf = 3
	case p[0] == n:
		nf = 0
	default:
		nf = 1
	}
	nfi := &cubeFaces[nf]
	sc := int32(nfi.sSign) * p[nfi.sAxis]
	tc := int32(nfi.tSign) * p[nfi.tAxis]
	return nf, (sc + n - 1) / 2, (tc + n - 1) / 2
}

// cubeSide is a texel's position just beyond one edge of an n×n face, with
// t its coordinate along the edge (0 ≤ t < n): (−1, t), (n, t), (t, −1) or
// (t, n).
type cubeSide = pipeline.CubeSide

const (
	sideLeft   = pipeline.SideLeft   // i = −1
	sideRight  = pipeline.SideRight  // i = n
	sideBottom = pipeline.SideBottom // j = −1
	sideTop    = pipeline.SideTop    // j = n
)

// cubeStep is cubeNeighbor for the texels beyond one edge of a face, as an
// affine map of t: the neighbouring face is DF faces on, and the texel there
// is (I1·(n−1) + IT·t, J1·(n−1) + JT·t) (pipeline.CubeStep: the lane
// pipeline's footprints across an edge read this table).
type cubeStep = pipeline.CubeStep

// cubeSteps is cubeNeighbor's map by face and side, read off cubeNeighbor
// itself on a 5×5 face (TestCubeStepsMatchNeighbor checks it for every
// size). A coordinate of the neighbouring texel that t does not move is 0
// or n−1; one that it moves goes up from 0 or down from n−1.
var cubeSteps = func() (m [6][4]cubeStep) {
	const n = 5
	for f := range 6 {
		for side := range cubeSide(4) {
			i, j := sideTexel(side, 0, n)
			nf, i0, j0 := cubeNeighbor(f, i, j, n)
			i, j = sideTexel(side, 1, n)
			_, i1, j1 := cubeNeighbor(f, i, j, n)
			s := cubeStep{DF: int32(nf - f), IT: i1 - i0, JT: j1 - j0}
			if i0 == n-1 {
				s.I1 = 1
			}
			if j0 == n-1 {
				s.J1 = 1
			}
			m[f][side] = s
		}
	}
	return m
}()

// sideTexel returns the texel at t beyond side of an n×n face.
func sideTexel(side cubeSide, t, n int32) (i, j int32) {
	switch side {
	case sideLeft:
		return -1, t
	case sideRight:
		return n, t
	case sideBottom:
		return t, -1
	}
	return t, n
}
