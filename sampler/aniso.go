package sampler

import "math"

// The anisotropic filters beside Vulkan's reference method (State.Anisotropy):
// Heckbert's elliptical weighted average and Texram's footprint assembly.
// docs/ANISOTROPY.md gives their formulas with the float32 operations in
// the order written here. Both run on the reference path: the lane loop
// declines them (setupLaneLoop), and the footprint assembly's probes go
// through filterLevel like Vulkan's.

// ewaAlpha is α of the EWA weight exp(−α r²) − exp(−α): the Gaussian's
// standard deviation is half the ellipse's radius, and the weight falls
// to 0 at its edge (r = 1), so a texel entering or leaving the ellipse
// changes the sum continuously.
const ewaAlpha = 2

// ewaTableBits is log2 of the weight table's size: a texel of squared
// elliptical radius r² < 1 weighs ewaWeights[⌊r²·2^ewaTableBits⌋].
const ewaTableBits = 10

// ewaWeights[k] is exp(−α·k/1024) − exp(−α), rounded once to float32:
// positive for every k < 1024, so every texel inside the ellipse has a
// non-zero weight.
var ewaWeights = func() (t [1 << ewaTableBits]float32) {
	edge := math.Exp(-ewaAlpha)
	for k := range t {
		t[k] = float32(math.Exp(-ewaAlpha*float64(k)/(1<<ewaTableBits)) - edge)
	}
	return t
}()

// ewaMaxMinor is the most texels the ellipse's minor semi-axis spans on
// the level it is filtered on: at the level λ chooses it spans 1 to 2;
// a finer level (a negative bias, the max LOD, the end of the mip chain,
// no mipmapping) shrinks the ellipse to this, keeping its shape up to
// MaxAnisotropy, so a lane reads at most (2·2·16 + 1)² texels per level.
const ewaMaxMinor = 2

// ellipse is the ellipse that a pixel's unit circle maps to through the
// Jacobian J = [[ux, uy], [vx, vy]] (the derivatives in texels): its
// semi-axes major ≥ minor (J's singular values) and the unit vector (c, s)
// of its major axis.
type ellipse struct {
	major, minor float32
	c, s         float32
}

// ellipseOf returns the ellipse of the normalized derivatives dx, dy on a
// level of w × h texels, and whether it is finite. With P = ux² + uy²,
// R = vx² + vy², Q = ux·vx + uy·vy (J·Jᵀ = [[P, Q], [Q, R]]; Heckbert's
// implicit ellipse A u² + B uv + C v² = F has A = R, B = −2Q, C = P and
// F = det J²): major² = m + h and minor = |det J|/major, m = (P + R)/2,
// h = √(((P − R)/2)² + Q²), and the major axis is the eigenvector
// (d + h, Q) for P ≥ R, else (Q, h − d), d = (P − R)/2, normalized
// ((1, 0) for a circle, whose eigenvector is zero; first scaled by 2^−64
// where a component exceeds 2^60, so that its squares cannot overflow).
func ellipseOf(dx, dy [3]float32, w, h float32) (ellipse, bool) {
	ux := float32(dx[0] * w)
	vx := float32(dx[1] * h)
	uy := float32(dy[0] * w)
	vy := float32(dy[1] * h)
	p := float32(ux*ux) + float32(uy*uy)
	r := float32(vx*vx) + float32(vy*vy)
	q := float32(ux*vx) + float32(uy*vy)
	det := float32(ux*vy) - float32(uy*vx)
	d := (p - r) / 2
	m := (p + r) / 2
	hh := sqrt32(float32(d*d) + float32(q*q))
	var e ellipse
	e.major = sqrt32(m + hh)
	if !finite32(p) || !finite32(r) || !finite32(q) || !finite32(det) || !finite32(e.major) {
		return e, false
	}
	if e.major != 0 {
		e.minor = abs32(det) / e.major
	}
	ex, ey := d+hh, q
	if p < r {
		ex, ey = q, hh-d
	}
	if max(abs32(ex), abs32(ey)) > 0x1p60 {
		// A finite ellipse whose eigenvector's squares would overflow
		// (n = +Inf made (c, s) = (0, 0), an empty footprint): scaled
		// by 2^−64, exactly, which leaves (c, s) as it would be.
		ex, ey = ex*0x1p-64, ey*0x1p-64
	}
	e.c, e.s = 1, 0
	if n := sqrt32(float32(ex*ex) + float32(ey*ey)); n != 0 {
		e.c, e.s = ex/n, ey/n
	}
	return e, true
}

// ewaLambda is scaleLambda for AnisoEWA: λ_base = log2(max(minor,
// major/MaxAnisotropy)) of the base level's ellipse, the level on which
// the (widened) minor semi-axis spans one texel. The lane's derivatives
// are kept in x.ewa for ewaLevel. An ellipse that is not finite (a NaN or
// infinite derivative, or one so large that its squares overflow) falls
// back to the isotropic filter at λ_base = log2(ρmax), as anisotropy off.
func (x *exec) ewaLambda(dx, dy [3]float32, r *lodResult) float32 {
	r.probes = 1
	e, ok := ellipseOf(dx, dy, float32(x.base[0]), float32(x.base[1]))
	if !ok {
		return x.log2(isotropicRho(dx, dy, x.base))
	}
	r.ewa = true
	x.ewa = [2][3]float32{dx, dy}
	return x.log2(max(e.minor, e.major/x.st.MaxAnisotropy))
}

// isotropicRho is ρmax of the scale factor operation with anisotropy off.
func isotropicRho(dx, dy [3]float32, base [3]int32) float32 {
	var mx, my float32
	for c := 0; c < 2; c++ {
		sz := float32(base[c])
		ux := float32(dx[c] * sz)
		uy := float32(dy[c] * sz)
		mx += float32(ux * ux)
		my += float32(uy * uy)
	}
	return max(sqrt32(mx), sqrt32(my))
}

// sampleEWA is sampleAt for a lane with an ellipse (AnisoEWA): the levels
// λ selects, each filtered by ewaLevel, combined as sampleLevels combines
// them — (1 − δ)·τ_hi + δ·τ_lo, or their minimum or maximum.
func (x *exec) sampleEWA(p *point, lambda float32, off [3]int32, ref float32) [4]float32 {
	sel := x.selectLevels(lambda)
	var w0 float64 // tracing: hi's texels weigh 1 − δ, lo's δ
	if x.tr != nil && sel.delta != 0 {
		w0 = x.tr.scale(float64(1 - sel.delta))
	}
	hi := x.ewaLevel(sel.hi, p, off, ref)
	if sel.delta == 0 {
		return hi
	}
	if x.tr != nil {
		x.tr.w = w0 * float64(sel.delta)
	}
	lo := x.ewaLevel(sel.lo, p, off, ref)
	if x.tr != nil {
		x.tr.w = w0
	}
	return x.combineLevels(hi, lo, sel.delta)
}

// ewaLevel filters level l with the lane's ellipse (AnisoEWA). The
// ellipse of the lane's derivatives on this level has its minor semi-axis
// s2 = clamp(max(minor, major/MaxAnisotropy), 1, ewaMaxMinor) and its
// major s1 = clamp(major, s2, MaxAnisotropy·s2) (in texels: at least one,
// so that it covers a texel centre, and bounded). Every texel (i, j) of
// the box |i + ½ − u| ≤ umax, |j + ½ − v| ≤ vmax around the centre (u, v)
// whose squared elliptical radius r² = t1²/s1² + t2²/s2² is below 1 — t1,
// t2 the texel centre's offset along the major and minor axes — weighs
// ewaWeights[⌊1024·r²⌋]; the value is the weighted sum over the weights'
// sum, in rows (j) then columns (i), or the minimum or maximum over those
// texels under min/max reduction.
func (x *exec) ewaLevel(l int32, p *point, off [3]int32, ref float32) [4]float32 {
	abs, size := x.levelGeom(l)
	e, _ := ellipseOf(x.ewa[0], x.ewa[1], float32(size[0]), float32(size[1])) // finite: the base level's is
	maxAniso := x.st.MaxAnisotropy
	s2 := min(max(e.minor, e.major/maxAniso, 1), ewaMaxMinor)
	s1 := min(max(e.major, s2), float32(maxAniso*s2))
	s1s, s2s := float32(s1*s1), float32(s2*s2)
	k1, k2 := 1/s1s, 1/s2s
	c, s := e.c, e.s
	cc, ss := float32(c*c), float32(s*s)
	umax := sqrt32(float32(cc*s1s) + float32(ss*s2s))
	vmax := sqrt32(float32(ss*s1s) + float32(cc*s2s))
	u := x.ewaCentre(x.texelCoord(p.s[0], size[0], off[0]))
	v := x.ewaCentre(x.texelCoord(p.s[1], size[1], off[1]))
	i0 := int32(math.Ceil(float64(u) - 0.5 - float64(umax)))
	i1 := int32(math.Floor(float64(u) - 0.5 + float64(umax)))
	j0 := int32(math.Ceil(float64(v) - 0.5 - float64(vmax)))
	j1 := int32(math.Floor(float64(v) - 0.5 + float64(vmax)))
	// r2 is a texel's squared elliptical radius: its centre's offset
	// (du, dv) = (i + ½ − u, j + ½ − v), exact in float64 and rounded once.
	r2 := func(i, j int32) float32 {
		du := float32(float64(i) + 0.5 - float64(u))
		dv := float32(float64(j) + 0.5 - float64(v))
		t1 := float32(c*du) + float32(s*dv)
		t2 := float32(c*dv) - float32(s*du)
		return float32(float32(t1*t1)*k1) + float32(float32(t2*t2)*k2)
	}
	var outer, inv float64 // tracing: the footprint's weight, and 1/Σw
	if x.tr != nil {
		outer = x.tr.w
		var sum float32
		for j := j0; j <= j1; j++ {
			for i := i0; i <= i1; i++ {
				if q := r2(i, j); q < 1 {
					sum += ewaWeights[int(q*(1<<ewaTableBits))]
				}
			}
		}
		inv = 1 / float64(sum)
	}
	red := x.st.Reduction
	var acc [4]float32
	var wsum float32
	first := true
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			q := r2(i, j)
			if !(q < 1) {
				continue
			}
			w := ewaWeights[int(q*(1<<ewaTableBits))]
			if x.tr != nil {
				x.tr.w = outer * float64(w) * inv
			}
			t := x.texel(abs, size, [3]int32{i, j, 0}, p, ref)
			switch {
			case red == ReductionWeightedAverage:
				for k := range acc {
					acc[k] += float32(w * t[k])
				}
				wsum += w
			default:
				acc, first = minMax(acc, t, first, red), false
			}
		}
	}
	if x.tr != nil {
		x.tr.w = outer
	}
	if red == ReductionWeightedAverage {
		for k := range acc {
			acc[k] /= wsum
		}
	}
	return acc
}

// ewaCentre is the ellipse's centre on one axis, as split takes a texel
// coordinate: NaN reads as 0, magnitudes beyond 2^30 saturate, and in
// hardware precision it is rounded to SubtexelBits fraction bits.
func (x *exec) ewaCentre(u float32) float32 {
	const lim = 1 << 30
	switch {
	case isNaN32(u):
		return 0
	case u >= lim:
		return lim
	case u <= -lim:
		return -lim
	}
	if x.hw {
		return float32(math.Floor(float64(u)*x.subMul+0.5) / x.subMul)
	}
	return u
}

// assemblyArg is scaleArg for AnisoFootprintAssembly: it returns ρmax/η
// and sets the probes. The footprint is the parallelogram of the
// derivatives in texels a = (ux, vx), b = (uy, vy); its major side is the
// longer (b on a tie, as Vulkan's ρy ≥ ρx), ρmax = its length, and its
// width is the parallelogram's height over that side,
// ρminor = |ux·vy − uy·vx|/ρmax. η = min(ρmax/ρminor, MaxAnisotropy)
// (MaxAnisotropy when ρminor is 0), N = the power of two at or above η,
// and λ_base = log2(ρmax/η), the minor axis' level. A zero, NaN or
// infinite ρmax, a NaN ρminor, or η ≤ 1 is isotropic (N = 1,
// λ_base = log2(ρmax)).
func (x *exec) assemblyArg(dx, dy [3]float32, r *lodResult) float32 {
	w, h := float32(x.base[0]), float32(x.base[1])
	ux := float32(dx[0] * w)
	vx := float32(dx[1] * h)
	uy := float32(dy[0] * w)
	vy := float32(dy[1] * h)
	rhoX := sqrt32(float32(ux*ux) + float32(vx*vx))
	rhoY := sqrt32(float32(uy*uy) + float32(vy*vy))
	rhoMax, major := rhoX, dx
	if rhoY >= rhoX {
		rhoMax, major = rhoY, dy
	}
	r.probes = 1
	if rhoMax == 0 || !finite32(rhoMax) {
		return rhoMax
	}
	minor := abs32(float32(ux*vy)-float32(uy*vx)) / rhoMax
	if isNaN32(minor) {
		return rhoMax
	}
	eta := x.st.MaxAnisotropy
	if minor != 0 {
		eta = min(rhoMax/minor, eta)
	}
	if !(eta > 1) {
		return rhoMax
	}
	n := 2
	for float32(n) < eta {
		n *= 2
	}
	r.probes = n
	r.axis = major
	return rhoMax / eta
}

// probeOffset is the k-th of n probes' position along the major axis
// (k = 1 … n), as a fraction of the axis' derivative: Vulkan's
// −½ + k/(N+1), or footprint assembly's (2k − 1)/(2N) − ½ (assembly), the
// centres of N equal segments (exact for the powers of two it takes).
func probeOffset(assembly bool, k, n int) float32 {
	if assembly {
		return float32(2*k-1)/float32(2*n) - 0.5
	}
	return float32(-0.5) + float32(k)/float32(n+1)
}
