package sampler

import "math"

// lodResult is the outcome of the scale-factor and LOD operations for one lane.
type lodResult struct {
	lambdaPrime float32    // λ': λ_base plus the clamped bias (the "unclamped" LOD)
	lambda      float32    // λ: λ' clamped to [min LOD, max LOD]
	probes      int        // anisotropic probe count N (1: isotropic)
	axis        [3]float32 // ∂(s,t,r) along the major axis, for the probes
	ewa         bool       // AnisoEWA filters the lane's ellipse (exec.ewa holds it)
}

// scaleLambda computes λ_base from the derivatives of the normalized
// coordinates (Vulkan "Scale Factor Operation"): ρx, ρy from the derivatives
// scaled by the base level's size, η = min(ρmax/ρmin, maxAniso),
// λ_base = log2(ρmax/η), N = ⌈η⌉. The other anisotropic filters have
// their own (aniso.go).
func (x *exec) scaleLambda(dx, dy [3]float32, r *lodResult) float32 {
	switch x.aniso {
	case AnisoEWA:
		return x.ewaLambda(dx, dy, r)
	case AnisoFootprintAssembly:
		return x.log2(x.assemblyArg(dx, dy, r))
	}
	return x.log2(x.scaleArg(dx, dy, r))
}

// scaleArg is scaleLambda up to the logarithm: it returns ρmax/η (ρmax
// when isotropic), whose log2 is λ_base, and sets the probes.
func (x *exec) scaleArg(dx, dy [3]float32, r *lodResult) float32 {
	var mx, my float32
	for c := 0; c < x.dims; c++ {
		sz := float32(x.base[c])
		ux := float32(dx[c] * sz)
		uy := float32(dy[c] * sz)
		mx += float32(ux * ux)
		my += float32(uy * uy)
	}
	rhoX := sqrt32(mx)
	rhoY := sqrt32(my)
	rhoMax, rhoMin := rhoX, rhoY
	major := dx
	if rhoY >= rhoX {
		rhoMax, rhoMin = rhoY, rhoX
		major = dy
	}
	r.probes = 1
	maxAniso := x.st.MaxAnisotropy
	if maxAniso <= 1 || rhoMax == 0 || isNaN32(rhoMax) || isNaN32(rhoMin) {
		return rhoMax
	}
	eta := maxAniso
	if rhoMin != 0 {
		eta = min(rhoMax/rhoMin, maxAniso)
	}
	if eta <= 1 || isNaN32(eta) { // NaN: ρmax = ρmin = ∞, no axis to follow
		return rhoMax
	}
	n := int(math.Ceil(float64(eta)))
	r.probes = n
	r.axis = major
	return rhoMax / eta
}

// log2 is log2f with a one-entry memo of the request: the lanes of a quad
// share their derivatives, and simulators often replay uniform gradients,
// so consecutive lanes repeat the same ρ. The memo compares bits, so it
// returns exactly what log2f would.
func (x *exec) log2(v float32) float32 {
	b := math.Float32bits(v)
	if x.lg.ok && b == x.lg.in {
		return x.lg.out
	}
	x.lg.in, x.lg.out, x.lg.ok = b, log2f(v), true
	return x.lg.out
}

// finishLambda applies the bias and the clamps (Vulkan "LOD Operation")
// with the lane's lower clamp x.minLod.
func (x *exec) finishLambda(base, shaderBias float32, r *lodResult) {
	r.lambdaPrime, r.lambda = x.lambdas(base, shaderBias, x.minLod)
}

// lambdas returns λ' and λ for λ_base base, the shader's bias and the
// lower clamp minLod. A NaN λ_base is treated as 0, as Direct3D converts
// NaN to 0.
func (x *exec) lambdas(base, shaderBias, minLod float32) (lambdaPrime, lambda float32) {
	if isNaN32(base) {
		base = 0
	}
	lp := base + lodBias(x.st.LodBias, shaderBias)
	if x.hw {
		lp = x.quantizeLod(lp)
	}
	l := lp
	if l > x.st.MaxLod {
		l = x.st.MaxLod
	}
	if l < minLod {
		l = minLod
	}
	if x.hw {
		l = x.quantizeLod(l)
	}
	return lp, l
}

// lodBias is the bias λ' adds: the sampler's plus the shader's, clamped to
// ±MaxLodBias; a NaN sum is 0.
func lodBias(sampler, shader float32) float32 {
	bias := float32(sampler + shader)
	if isNaN32(bias) {
		bias = 0
	}
	return min(max(bias, -MaxLodBias), MaxLodBias)
}

// laneMinLod is lane i's lower LOD clamp: the sampler's, or the request's
// MinLod operand where that is greater.
func (x *exec) laneMinLod(req *Request, i int) float32 {
	if req.MinLod != nil && req.MinLod[i] > x.st.MinLod {
		return req.MinLod[i]
	}
	return x.st.MinLod
}

// quantizeLod rounds λ to LodBits fraction bits (to nearest, ties away from
// zero); infinities stay infinite.
func (x *exec) quantizeLod(l float32) float32 {
	if math.IsInf(float64(l), 0) {
		return l
	}
	return float32(math.Round(float64(l)*x.lodMul) / x.lodMul)
}

// levelSel is the image level selection: the levels (relative to the view's
// base level) and the weight δ of the lower-resolution level dLo.
type levelSel struct {
	hi, lo int32
	delta  float32
}

// selectLevels implements Vulkan "Image Level(s) Selection" relative to the
// view's base level: d' = clamp(λ, 0, q); nearest d = ⌈d' + ½⌉ − 1; linear
// d_hi = ⌊d'⌋, d_lo = min(d_hi + 1, q), δ = frac(d'). MipNone reads level 0.
func (x *exec) selectLevels(lambda float32) levelSel {
	q := float32(x.levels - 1)
	d := min(max(lambda, 0), q)
	switch x.st.MipFilter {
	case MipNearest:
		n := int32(math.Ceil(float64(d)+0.5)) - 1
		return levelSel{hi: n, lo: n}
	case MipLinear:
		hi := int32(math.Floor(float64(d)))
		lo := min(hi+1, int32(x.levels-1))
		return levelSel{hi: hi, lo: lo, delta: d - float32(hi)}
	}
	return levelSel{}
}

// queryLod returns the LOD query's (d_l − level_base, λ').
func (x *exec) queryLod(r *lodResult) (float32, float32) {
	q := float32(x.levels - 1)
	d := min(max(r.lambda, 0), q)
	switch x.st.MipFilter {
	case MipNearest:
		return float32(math.Ceil(float64(d)+0.5) - 1), r.lambdaPrime
	case MipLinear:
		return d, r.lambdaPrime
	}
	return 0, r.lambdaPrime
}

// log2f is float32(math.Log2(float64(v))), the LOD's logarithm, computed
// faster with the same result bits. For positive normal v = m·2^e it
// evaluates e + log2(m₀) + log2(1 + r) in float64 — m₀ = 1 + i/256 from a
// table of 256, r = (m − m₀)/m₀ < 2^−8, a degree-7 series — which is within
// 2^−48 of log2(v); math.Log2 is within 2^−44 (a few float64 ulps of a
// result below 128 in magnitude). When that value is more than 2^−40 from
// every float32 rounding boundary, both round to the same float32; the
// other inputs (within 2^−40 of a boundary, results below 2^−16 in
// magnitude, zero, subnormal, negative, infinite, NaN) take math.Log2.
// TestLog2fIsMathLog2 checks it against math.Log2.
func log2f(v float32) float32 {
	b := math.Float32bits(v)
	if exp := b >> 23; exp-1 < 254 { // positive and normal
		i := (b >> 15) & 255
		r := float64(b&0x7fff) * (1.0 / (1 << 23)) * log2Inv[i] // (m − m₀)/m₀
		// log2(1 + r) = (r − r²/2 + r³/3 − …)/ln 2, Horner.
		p := r * (1 - r*(1.0/2-r*(1.0/3-r*(1.0/4-r*(1.0/5-r*(1.0/6-r*(1.0/7)))))))
		y := float64(int32(exp)-127) + log2M0[i] + p*(1/math.Ln2)
		f := float32(y)
		if d := y - float64(f); f != 0 && abs32(f) >= 1.0/(1<<16) {
			// The nearer rounding boundary is half the gap to the
			// neighbour towards zero.
			h := float64(abs32(f-math.Nextafter32(f, 0))) / 2
			if math.Abs(d) < h-1.0/(1<<40) {
				return f
			}
		}
	}
	return float32(math.Log2(float64(v)))
}

// log2M0 and log2Inv are log2(m₀) and 1/m₀ for m₀ = 1 + i/256.
var log2M0, log2Inv = func() (l, inv [256]float64) {
	for i := range l {
		m0 := 1 + float64(i)/256
		l[i], inv[i] = math.Log2(m0), 1/m0
	}
	return l, inv
}()

func sqrt32(v float32) float32 { return float32(math.Sqrt(float64(v))) }

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

func signbit32(v float32) bool { return math.Float32bits(v)>>31 != 0 }

func isNaN32(v float32) bool { return v != v }
