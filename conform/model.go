package conform

import (
	"math"
)

// This file holds the models of the oracle's documented deviations from the
// Vulkan specification (see docs/CONFORMANCE.md) and the exact float64 LOD
// that texunit's own LOD is checked against.

// fastLog2 is lavapipe's log2 approximation, read off the float32 bits:
// (biased exponent − 127) + mantissa/2^23, that is e + (m − 1) for
// x = m·2^e with m in [1, 2). Zero gives −127 (so a zero footprint has
// λ = −63.5), denormals −127 + mantissa/2^23. Evaluated in float32 (exact).
func fastLog2(x float32) float32 {
	if x != x || x < 0 {
		return float32(math.NaN())
	}
	b := math.Float32bits(x)
	e := float32(int32(b>>23&0xff) - 127)
	m := float32(b&0x7fffff) * 0x1p-23
	return e + m
}

// cubeFace returns the major axis (0, 1, 2) and the face (0..5: +X −X +Y
// −Y +Z −Z) of direction r, with Vulkan's preferred tie order z, y, x.
func cubeFace(r [3]float64) (axis, face int) {
	ax, ay, az := math.Abs(r[0]), math.Abs(r[1]), math.Abs(r[2])
	switch {
	case az >= ax && az >= ay:
		axis = 2
	case ay >= ax:
		axis = 1
	default:
		axis = 0
	}
	face = 2 * axis
	if math.Signbit(r[axis]) {
		face++
	}
	return axis, face
}

// cubeAxes gives, per face, the (sc, tc, rc) axes and signs of Vulkan's
// "Cube Map Face and Coordinate Selection" table.
var cubeAxes = [6]struct {
	s, t, m    int
	ss, ts, ms float64
}{
	{2, 1, 0, -1, -1, 1},  // +X: sc = −rz, tc = −ry, rc = rx
	{2, 1, 0, 1, -1, -1},  // −X: sc = +rz, tc = −ry, rc = rx
	{0, 2, 1, 1, 1, 1},    // +Y: sc = +rx, tc = +rz, rc = ry
	{0, 2, 1, 1, -1, -1},  // −Y: sc = +rx, tc = −rz, rc = ry
	{0, 1, 2, 1, -1, 1},   // +Z: sc = +rx, tc = −ry, rc = rz
	{0, 1, 2, -1, -1, -1}, // −Z: sc = −rx, tc = −ry, rc = rz
}

// cubeDerivs transforms direction derivatives into face-coordinate
// derivatives (Vulkan "Cube Map Derivative Transformation"):
// ∂s_face = ½·(∂sc·|rc| − sc·∂|rc|)/rc².
func cubeDerivs(r, d [3]float64) (ds, dt float64) {
	_, f := cubeFace(r)
	a := cubeAxes[f]
	sc, tc, ma := a.ss*r[a.s], a.ts*r[a.t], a.ms*r[a.m]
	dsc, dtc, dma := a.ss*d[a.s], a.ts*d[a.t], a.ms*d[a.m]
	ds = 0.5 * (dsc*ma - sc*dma) / (ma * ma)
	dt = 0.5 * (dtc*ma - tc*dma) / (ma * ma)
	return ds, dt
}

// lodInput is what the LOD models need about a texture and a query's
// derivatives.
type lodInput struct {
	tt     *TexType
	size   [3]int // the view's base level
	p      [3]float64
	dx, dy [3]float64 // derivatives of the spatial coordinates
	// quad holds the spatial coordinates of pixels (0,0), (1,0) and (0,1)
	// of an implicit-LOD quad, as float32 (p, p + dx, p + dy).
	quad   [3][3]float32
	isQuad bool
}

// faceCoord returns (s_face, t_face) of direction r, in float64.
func faceCoord(r [3]float64) (s, t float64) {
	_, f := cubeFace(r)
	a := cubeAxes[f]
	ma := a.ms * r[a.m]
	return 0.5*a.ss*r[a.s]/ma + 0.5, 0.5*a.ts*r[a.t]/ma + 0.5
}

// straddles reports whether the pixels (0,0), (1,0) and (0,1) of a cube quad
// select different faces (after dropping r with zeroR).
func (in *lodInput) straddles(zeroR bool) bool {
	var f [3]int
	for i := 0; i < 3; i++ {
		r := [3]float64{float64(in.quad[i][0]), float64(in.quad[i][1]), float64(in.quad[i][2])}
		if zeroR {
			r[2] = 0
		}
		_, f[i] = cubeFace(r)
	}
	return f[0] != f[1] || f[0] != f[2]
}

// finiteDiff returns the texel-space derivatives of a cube quad as the
// differences of its pixels' face coordinates (each pixel on its own face):
// lavapipe's anisotropic path derives its LOD this way instead of with the
// Vulkan derivative transformation. zeroR drops the r component first.
func (in *lodInput) finiteDiff(zeroR bool) (mx, my [3]float64) {
	var st [3][2]float64
	for i := 0; i < 3; i++ {
		r := [3]float64{float64(in.quad[i][0]), float64(in.quad[i][1]), float64(in.quad[i][2])}
		if zeroR {
			r[2] = 0
		}
		st[i][0], st[i][1] = faceCoord(r)
	}
	n := float64(in.size[0])
	mx = [3]float64{(st[1][0] - st[0][0]) * n, (st[1][1] - st[0][1]) * n}
	my = [3]float64{(st[2][0] - st[0][0]) * n, (st[2][1] - st[0][1]) * n}
	return mx, my
}

// scaled returns the texel-space derivative vectors (m_ux, m_vx, m_wx) and
// (m_uy, m_vy, m_wy); cube derivatives are first projected on the face.
// zeroR models lavapipe's cube LOD query, which sets the r (z) component of
// the direction and of its derivatives to 0 before selecting the face.
func (in *lodInput) scaled(zeroR bool) (mx, my [3]float64) {
	if in.tt.Cube {
		p, dx, dy := in.p, in.dx, in.dy
		if zeroR {
			p[2], dx[2], dy[2] = 0, 0, 0
		}
		sx, tx := cubeDerivs(p, dx)
		sy, ty := cubeDerivs(p, dy)
		n := float64(in.size[0])
		return [3]float64{sx * n, tx * n}, [3]float64{sy * n, ty * n}
	}
	for c := 0; c < in.tt.Grads; c++ {
		mx[c] = in.dx[c] * float64(in.size[c])
		my[c] = in.dy[c] * float64(in.size[c])
	}
	return mx, my
}

// exactLambdaBase is λ_base of the Vulkan "Scale Factor Operation" with
// ρ = the Euclidean length of the scaled derivatives (texunit's choice of
// f_x, f_y), in float64: log2(ρmax/η), η = min(ρmax/ρmin, maxAniso).
func exactLambdaBase(in *lodInput, maxAniso float64) float64 {
	mx, my := in.scaled(false)
	rx := math.Sqrt(mx[0]*mx[0] + mx[1]*mx[1] + mx[2]*mx[2])
	ry := math.Sqrt(my[0]*my[0] + my[1]*my[1] + my[2]*my[2])
	rmax, rmin := max(rx, ry), min(rx, ry)
	eta := 1.0
	if maxAniso > 1 && rmax > 0 {
		eta = maxAniso
		if rmin > 0 {
			eta = min(rmax/rmin, maxAniso)
		}
		eta = max(eta, 1)
	}
	return math.Log2(rmax / eta)
}

// lavapipeLambdaBase is the oracle's λ_base (README: "The LOD from gradients
// is 0.5*fastlog2(max(rhoX^2, rhoY^2))"), with ρ² summed in float32. With
// anisotropy it is 0.5·fastlog2(min(ρx², ρy²)) (README: "Its LOD is
// log2(rho_min); maxAniso does not raise it"). zeroR models the LOD query on
// cube maps, which drops the r component (see lodInput.scaled).
//
// On cube maps lavapipe projects the derivatives with the Vulkan formula,
// except for anisotropic samplers and samplers whose minLod equals maxLod
// (fd): those take differences of the quad pixels' face coordinates.
func lavapipeLambdaBase(in *lodInput, aniso, zeroR, fd bool) float32 {
	mx, my := in.scaled(zeroR)
	if (aniso || fd) && in.tt.Cube && in.isQuad {
		mx, my = in.finiteDiff(zeroR)
	}
	if aniso && in.tt.Name == "3d" {
		// lavapipe's anisotropic LOD ignores the w derivatives of 3D textures.
		mx[2], my[2] = 0, 0
	}
	sq := func(m [3]float64) float32 {
		var s float32
		for c := 0; c < 3; c++ {
			v := float32(m[c])
			s += float32(v * v)
		}
		return s
	}
	rx, ry := sq(mx), sq(my)
	r := max(rx, ry)
	if aniso {
		r = min(rx, ry)
	}
	return 0.5 * fastLog2(r)
}

// roundHalfEven is lavapipe's nearest-mip rounding (README: "Nearest-mip
// ties are rounded half to even").
func roundHalfEven(d float32) float32 { return float32(math.RoundToEven(float64(d))) }

// vulkanNearest is Vulkan's preferred nearest(d') = ⌈d' + ½⌉ − 1, texunit's choice.
func vulkanNearest(d float32) float32 { return float32(math.Ceil(float64(d)+0.5) - 1) }

// clampBias is Vulkan's clamp(sampler.bias + shaderOp.bias, ±maxSamplerLodBias)
// with lavapipe's maxSamplerLodBias of 16.
func clampBias(b float32) float32 { return min(max(b, -16), 16) }

// lambdaClamp applies the sampler's LOD clamps (Vulkan "LOD Operation").
func lambdaClamp(s *Sampler, lp float32) float32 {
	l := lp
	if l > s.EffMaxLod() {
		l = s.EffMaxLod()
	}
	if l < s.MinLod {
		l = s.MinLod
	}
	return l
}
