package sampler

import (
	"math"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/pipeline"
	"github.com/texunit/texunit/surface"
)

func TestSelectFace(t *testing.T) {
	tests := []struct {
		r    [3]float32
		face int
	}{
		{[3]float32{1, 0, 0}, 0}, {[3]float32{-1, 0.5, 0.5}, 1}, {[3]float32{0.2, 1, -0.3}, 2}, {[3]float32{0, -2, 1}, 3},
		{[3]float32{0, 0, 1}, 4}, {[3]float32{0.9, 0.9, -1}, 5},
		// Ties: z wins over y and x, y wins over x.
		{[3]float32{1, 1, 1}, 4}, {[3]float32{-1, 1, -1}, 5}, {[3]float32{1, -1, 0}, 3}, {[3]float32{-1, 1, 0.5}, 2},
		{[3]float32{1, 0, -1}, 5},
		// The zero direction is deterministic.
		{[3]float32{0, 0, 0}, 4},
	}
	for _, tc := range tests {
		if got := selectFace(tc.r); got != tc.face {
			t.Errorf("selectFace(%v) = %d, want %d", tc.r, got, tc.face)
		}
	}
}

func TestFaceCoords(t *testing.T) {
	tests := []struct {
		face int
		r    [3]float32
		s, t float32
	}{
		{0, [3]float32{1, 0, 0}, 0.5, 0.5},
		{0, [3]float32{1, -1, -1}, 1, 1}, // sc = −rz, tc = −ry
		{1, [3]float32{-2, 1, 1}, 0.75, 0.25},
		{2, [3]float32{0.5, 1, 0.5}, 0.75, 0.75},
		{3, [3]float32{0.5, -1, 0.5}, 0.75, 0.25},
		{4, [3]float32{-0.5, 0.5, 1}, 0.25, 0.25},
		{5, [3]float32{-0.5, 0.5, -1}, 0.75, 0.25},
	}
	for _, tc := range tests {
		s, tt := faceCoords(tc.face, tc.r)
		if s != tc.s || tt != tc.t {
			t.Errorf("faceCoords(%d, %v) = (%v, %v), want (%v, %v)", tc.face, tc.r, s, tt, tc.s, tc.t)
		}
	}
}

// TestFaceDerivative checks the transformed derivative against a finite
// difference of the face coordinates.
func TestFaceDerivative(t *testing.T) {
	dirs := [][3]float32{{1, 0.3, -0.2}, {-1, 0.1, 0.4}, {0.2, 1, 0.3}, {0.1, -1, -0.6}, {0.5, 0.2, 1}, {-0.4, 0.3, -1}}
	d := [3]float32{0.01, -0.02, 0.015}
	for f, r := range dirs {
		if selectFace(r) != f {
			t.Fatalf("direction %v does not select face %d", r, f)
		}
		ds, dt := faceDerivative(f, r, d)
		const h = 1e-3
		var r2 [3]float32
		for c := range r {
			r2[c] = r[c] + h*d[c]
		}
		s0, t0 := faceCoords(f, r)
		s1, t1 := faceCoords(f, r2)
		if !near(ds, (s1-s0)/h, 2e-3) || !near(dt, (t1-t0)/h, 2e-3) {
			t.Errorf("face %d: derivative (%v, %v), finite difference (%v, %v)", f, ds, dt, (s1-s0)/h, (t1-t0)/h)
		}
	}
}

// texelCentre returns the centre of texel (i, j) of face f as an integer
// point of the cube [−n, n]³.
func texelCentre(f int, i, j, n int32) [3]int32 {
	fi := &cubeFaces[f]
	var p [3]int32
	p[fi.mAxis] = int32(fi.mSign) * n
	p[fi.sAxis] = int32(fi.sSign) * (2*i + 1 - n)
	p[fi.tAxis] = int32(fi.tSign) * (2*j + 1 - n)
	return p
}

func TestCubeNeighbor(t *testing.T) {
	for _, n := range []int32{1, 2, 4, 5} {
		for f := 0; f < 6; f++ {
			for k := int32(0); k < n; k++ {
				for _, out := range [][2]int32{{-1, k}, {n, k}, {k, -1}, {k, n}} {
					nf, ni, nj := cubeNeighbor(f, out[0], out[1], n)
					if nf == f || ni < 0 || ni >= n || nj < 0 || nj >= n {
						t.Fatalf("n=%d face %d texel %v → face %d (%d, %d)", n, f, out, nf, ni, nj)
					}
					// The edge texel and its neighbour are one texel apart across the edge.
					ei, ej := min(max(out[0], 0), n-1), min(max(out[1], 0), n-1)
					a, b := texelCentre(f, ei, ej, n), texelCentre(nf, ni, nj, n)
					var d2 int32
					for c := range a {
						d2 += (a[c] - b[c]) * (a[c] - b[c])
					}
					if d2 != 2 {
						t.Errorf("n=%d face %d texel %v → face %d (%d, %d): centres %v %v not adjacent", n, f, out, nf, ni, nj, a, b)
					}
					// Stepping back over the edge from the neighbour returns to the edge texel.
					back := 0
					for _, o := range [][2]int32{{ni - 1, nj}, {ni + 1, nj}, {ni, nj - 1}, {ni, nj + 1}} {
						if o[0] >= 0 && o[0] < n && o[1] >= 0 && o[1] < n {
							continue
						}
						bf, bi, bj := cubeNeighbor(nf, o[0], o[1], n)
						if bf == f && bi == ei && bj == ej {
							back++
						}
					}
					if back != 1 {
						t.Errorf("n=%d face %d texel %v: the way back was found %d times", n, f, out, back)
					}
				}
			}
		}
	}
	// +X's s grows towards −z: texel 4 of a 4-wide +X row is texel 0 of −Z.
	if nf, ni, nj := cubeNeighbor(0, 4, 1, 4); nf != 5 || ni != 0 || nj != 1 {
		t.Errorf("+X (4, 1) → face %d (%d, %d), want −Z (0, 1)", nf, ni, nj)
	}
}

func TestCubeStepsMatchNeighbor(t *testing.T) {
	for n := int32(1); n <= 40; n++ {
		for f := range 6 {
			for side := range cubeSide(4) {
				m := cubeSteps[f][side]
				for k := range n {
					i, j := sideTexel(side, k, n)
					nf, ni, nj := cubeNeighbor(f, i, j, n)
					gf, gi, gj := f+int(m.DF), m.I1*(n-1)+m.IT*k, m.J1*(n-1)+m.JT*k
					if gf != nf || gi != ni || gj != nj {
						t.Fatalf("n=%d face %d texel (%d, %d): cubeSteps gives face %d (%d, %d), cubeNeighbor face %d (%d, %d)",
							n, f, i, j, gf, gi, gj, nf, ni, nj)
					}
				}
			}
		}
	}
}

// TestCubeEdge checks pipeline.Plan.CubeEdge's offsets, for every footprint position
// around small faces, against each texel mapped on its own: inside the
// face as it is, beyond one edge by cubeNeighbor; and that it refuses a
// footprint with a texel beyond a corner or two texels out.
func TestCubeEdge(t *testing.T) {
	for n := int32(1); n <= 9; n++ {
		lv := fastLevel{Off: 100, W: n, H: n, XS: 4, YS: 4 * int(n), LS: 4 * int(n*n)}
		for f := range int32(6) {
			const layer = 6 // the second cube of an array
			for j0 := int32(-3); j0 <= n+1; j0++ {
				for i0 := int32(-3); i0 <= n+1; i0++ {
					interior := i0 >= 0 && j0 >= 0 && i0+1 < n && j0+1 < n
					if interior {
						continue
					}
					var want [4]int32
					ok := i0 >= -1 && j0 >= -1 && i0 < n && j0 < n
					for q := range 4 {
						i, j, l := i0+int32(q&1), j0+int32(q>>1), int32(layer)+f
						outI, outJ := i < 0 || i >= n, j < 0 || j >= n
						if outI && outJ {
							ok = false
							break
						}
						if outI || outJ {
							var nf int
							nf, i, j = cubeNeighbor(int(f), i, j, n)
							l += int32(nf) - f
						}
						want[q] = int32(lv.Off) + l*int32(lv.LS) + j*int32(lv.YS) + i*int32(lv.XS)
					}
					var fp footprints
					got := (&pipeline.Plan{Cube: &cubeSteps}).CubeEdge(&lv, layer+f, f, i0, j0, &fp, 3)
					if got != ok {
						t.Fatalf("n=%d face %d footprint (%d, %d): pipeline.Plan.CubeEdge reports %v, want %v", n, f, i0, j0, got, ok)
					}
					if !ok {
						continue
					}
					for q := range 4 {
						if fp.O[q][3] != want[q] {
							t.Fatalf("n=%d face %d footprint (%d, %d) texel %d: offset %d, want %d", n, f, i0, j0, q, fp.O[q][3], want[q])
						}
					}
				}
			}
		}
	}
}

func cubeCoordSurface(t *testing.T, n int) *surface.Surface {
	return newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R32G32B32A32Sfloat, Width: n, Height: n, Levels: 1}, true)
}

// dirOnFace returns the direction that hits face f at (s, t).
func dirOnFace(f int, s, t float32) [3]float32 {
	fi := &cubeFaces[f]
	var r [3]float32
	r[fi.mAxis] = fi.mSign
	r[fi.sAxis] = fi.sSign * (2*s - 1)
	r[fi.tAxis] = fi.tSign * (2*t - 1)
	return r
}

func sampleDir(t *testing.T, v surface.View, st State, r [3]float32) [4]float32 {
	return one(t, v, st, OpSampleL, func(q *Request) {
		q.Coord = [4][]float32{f32s(r[0]), f32s(r[1]), f32s(r[2])}
		q.Lod = f32s(0)
	})
}

func TestCubeSeamlessEdgeAndCorner(t *testing.T) {
	s := cubeCoordSurface(t, 4)
	st := linearState()
	// Near +X's right edge on row 1: taps i = 3 (weight ¾) on +X and i = 4 → −Z (layer 5) with ¼.
	r := dirOnFace(0, 1-0.25/4, 1.5/4)
	got := sampleDir(t, s.View(), st, r)
	if got[2] != 1.25 || got[0] != 0.75*3 || got[1] != 1 {
		t.Errorf("seamless edge = %v, want [2.25 1 1.25 0]", got)
	}
	// Without seamless filtering, the footprint clamps to the face.
	st.NonSeamless = true
	st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
	if got := sampleDir(t, s.View(), st, r); got != [4]float32{3, 1, 0, 0} {
		t.Errorf("non-seamless edge = %v, want [3 1 0 0]", got)
	}
	// At the corner: (4, 4) is the mean of +X (3,3), −Z via i and −Y via j.
	st = linearState()
	r = dirOnFace(0, 1-0.25/4, 1-0.25/4)
	got = sampleDir(t, s.View(), st, r)
	want := float32(0.5625*0) + float32(0.1875*5) + float32(0.1875*3) + float32(0.0625*(float32(0+5+3)/3))
	if !near(got[2], want, 1e-6) {
		t.Errorf("seamless corner B = %v, want %v", got[2], want)
	}
	// Nearest filtering at the very edge clamps on the face.
	st.MagFilter, st.MinFilter = Nearest, Nearest
	if got := sampleDir(t, s.View(), st, [3]float32{1, -0.999, -0.999}); got != [4]float32{3, 3, 0, 0} {
		t.Errorf("nearest at the corner = %v, want texel (3, 3) of +X", got)
	}
}

func TestCubeArrayLayers(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.KindCubeArray, Format: format.R32G32B32A32Sfloat, Width: 2, Height: 2, Layers: 12, Levels: 1}, true)
	st := DefaultState()
	got := one(t, s.View(), st, OpSampleL, func(q *Request) {
		q.Coord = [4][]float32{f32s(0), f32s(-1), f32s(0.1), f32s(1.2)}
		q.Lod = f32s(0)
	})
	if got[2] != 6+3 {
		t.Errorf("cube array: layer %v, want cube 1 face −Y = 9", got[2])
	}
}

// TestCubeLodPerPixel checks that cube derivatives go through each pixel's
// own face projection, so pixels of one quad can get different LODs.
func TestCubeLodPerPixel(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64}, false)
	st := DefaultState()
	st.MipFilter = MipLinear
	// A quad at the centre of +Z and one near its edge, with the same
	// world-space derivatives ddx = (0.02, 0, 0.02), ddy = (0, 0.005, 0).
	xs := f32s(0, 0.02, 0, 0.02, 0.9, 0.92, 0.9, 0.92)
	ys := f32s(0, 0, 0.005, 0.005, 0, 0, 0.005, 0.005)
	zs := f32s(1, 1.02, 1, 1.02, 1, 1.02, 1, 1.02)
	res := run(t, &Engine{}, s.View(), &st, &Request{Op: OpLod, Lanes: 8, Coord: [4][]float32{xs, ys, zs}})
	centre, edge := res.Float(1, 0), res.Float(1, 4)
	// At the centre ∂s/∂x = ½·0.02 → 0.64 texels per pixel: λ = log2(0.64).
	if !near(centre, log2f(0.64), 1e-5) {
		t.Errorf("centre λ = %v, want %v", centre, log2f(0.64))
	}
	// Near the edge ∂s/∂x = ½·(0.02 − 0.9·0.02) → 0.064 texels, so ρy = 0.16 decides.
	if !near(edge, log2f(0.16), 1e-5) {
		t.Errorf("edge λ = %v, want %v (centre %v)", edge, log2f(0.16), centre)
	}
}

// TestCubeNonFiniteDirections: directions mixing NaN and ±Inf give
// infinite face coordinates; every footprint still reads texels of the
// cube (no panic, values within the texels' range).
func TestCubeNonFiniteDirections(t *testing.T) {
	s := newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4, Layers: 6}, false)
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	dirs := [][3]float32{{1, nan, inf}, {nan, inf, 1}, {inf, -inf, nan}, {-inf, nan, nan}, {0, 0, 0}, {nan, nan, nan}, {1, -inf, nan}}
	n := len(dirs)
	var x, y, z []float32
	for _, d := range dirs {
		x, y, z = append(x, d[0]), append(y, d[1]), append(z, d[2])
	}
	for _, prec := range []Precision{{}, {Mode: Hardware, SubtexelBits: 8, LodBits: 8}} {
		for _, st := range []State{DefaultState(), linearState()} {
			for _, op := range []Op{OpSampleL, OpGather4} {
				req := &Request{Op: op, Lanes: n, Coord: [4][]float32{x, y, z}, Lod: fill(n, 0)}
				res := run(t, &Engine{Precision: prec}, s.View(), &st, req)
				for i := 0; i < n; i++ {
					for c := 0; c < 4; c++ {
						if v := res.Float(c, i); !(v >= 0 && v <= 1) {
							t.Errorf("%s %v direction %v: channel %d = %v", op, st.MagFilter, dirs[i], c, v)
						}
					}
				}
			}
		}
	}
}
