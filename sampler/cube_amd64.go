//go:build amd64 && !purego

package sampler

import "github.com/texunit/texunit/sampler/internal/lanes"

// The cube and anisotropic requests' gathering of lanes in assembly
// (cube_amd64.s), for every amd64 build where lanes.AsmKernels holds: the vector
// build's gatherCubeVec, gatherAnisoVec and anisoLanes (the retired simd/archsimd code),
// each archsimd operation one AVX2 instruction in the same order, so that
// the bits are the same. The Go code here keeps the control: which
// requests and chunks the stages take, the operands' bounds, the chunk's
// counts and the order of the entries (each anisotropic lane's probes).
// The entries' operands, biases, logarithms and levels are plain_amd64.s's
// stages (entriesAsm, plainEntriesAsm, lodBiasAsm, levelsAsm) and
// sampler/internal/lanes' log2_amd64.s's.

// cubeArgs are cubeLanesAsm's operands: pointers to the chunk's first
// lane in the request's rows.
type cubeArgs struct {
	coord    [3]*float32 // the direction (r_x, r_y, r_z)
	ddx, ddy [3]*float32 // the gradients (deriv 2)
	sz       [2]float32  // the base level's size
	base     int32       // the view's first layer
	deriv    int32       // 0: no scale factor, 1: the quads' differences, 2: the gradients
}

// anisoArgs are anisoScaleAsm's operands: pointers to the group's first
// lane in the request's rows.
type anisoArgs struct {
	s, t     *float32 // the coordinates (quads' differences, grad 0)
	ddx, ddy [2]*float32
	sz       [2]float32 // the base level's size
	maxAniso float32    // the sampler's maximum anisotropy
	grad     int32      // 1: the gradients, 0: the quads' differences
}

// anisoProbes is eight lanes' anisotropic filtering, for gatherAnisoAsm
// (the vector build's anisoGroup): each lane's probe count N, the major
// axis' derivative (s, t), log2's argument ρmax/η and the shader bias,
// and the levels and δ.
type anisoProbes struct {
	probes    [8]int32
	axS, axT  [8]float32
	arg, bias [8]float32
	hi, lo    [8]int32
	delta     [8]float32
}

// cubeSigns are cubeFaces' signs by face (sSign, tSign, mSign), for
// VPERMPS: sc = sSign·r_s, tc = tSign·r_t, |rc| = mSign·r_m.
var cubeSigns = func() (t [3][8]float32) {
	for f, fi := range cubeFaces {
		t[0][f], t[1][f], t[2][f] = fi.sSign, fi.tSign, fi.mSign
	}
	return
}()

// cubeQuad holds the quads' pixels (0,0), (1,0), (0,1) of each lane's
// quad within a group of eight, for VPERMPS (quadDerivatives).
var cubeQuad = [3][8]uint32{
	{0, 0, 0, 0, 4, 4, 4, 4},
	{1, 1, 1, 1, 5, 5, 5, 5},
	{2, 2, 2, 2, 6, 6, 6, 6},
}

// cubeLanesAsm is gatherCubeVec's loop for n lanes (a multiple of 8, the
// first at a group of eight): selectFace (ties to z, then y; −0 selects
// the negative face, a NaN the positive one), faceCoords into c.s, c.t,
// the face and its layer (face + a.base) into c.face and c.layer as
// entries [0, n); where a.deriv is set, faceDerivative of the quads'
// differences or the gradients and rho8's isotropic ρ into c.arg.
//
//go:noescape
func cubeLanesAsm(a *cubeArgs, n int, c *laneSet)

// anisoScaleAsm is anisoLanes up to the logarithm for a group of eight
// lanes: scaleArg's ρx and ρy, the major axis' derivative into p.axS and
// p.axT, η = min(ρmax/ρmin, max anisotropy), N = ⌈η⌉ where η > 1 (else 1)
// into p.probes, and log2's argument ρmax/η (ρmax where N is 1) into p.arg.
//
//go:noescape
func anisoScaleAsm(a *anisoArgs, p *anisoProbes)

// gatherCubeAsm is gatherCubeVec in assembly, for the requests laneForms'
// formCubeVec admits: it fills the chunk with lanes [first, first+64) (or
// to the request's end) and returns the next lane, or reports false
// (filling nothing) when the chunk's lane count or first lane is not a
// multiple of 8 or the CPU lacks the assembly's features.
func (x *exec) gatherCubeAsm(req *Request, c *laneSet, first int) (int, bool) {
	end := min(first+laneChunk, req.Lanes)
	m := end - first
	if !lanes.AsmKernels || m&7 != 0 || m <= 0 || first&7 != 0 {
		return first, false
	}
	c.plain = false
	src := req.Op.LodSource()
	deferred := src == LodImplicit || src == LodBias || src == LodGradient
	// The operands are sliced to the lanes: the stages read m of each.
	a := cubeArgs{sz: [2]float32{float32(x.base[0]), float32(x.base[1])}, base: int32(x.view.BaseLayer)}
	for k := range a.coord {
		a.coord[k] = &req.Coord[k][first:end][0]
	}
	switch src {
	case LodImplicit, LodBias:
		a.deriv = 1
	case LodGradient:
		a.deriv = 2
		for k := range a.ddx {
			a.ddx[k], a.ddy[k] = &req.DDX[k][first:end][0], &req.DDY[k][first:end][0]
		}
	}
	cubeLanesAsm(&a, m, c)
	if x.array { // a cube array: 6·clampLayer + face + base
		lp := x.layerParamsFor(6)
		layersAsm(&lp, &req.Coord[3][first:end][0], &c.face[0], m, &c.layer[0])
	}
	var ref *float32
	if x.compare != CompareNone {
		ref = &req.Ref[first:end][0]
	}
	entriesAsm(c, 0, m, first, ref)
	p := x.levelParamsFor(x.levelMode(src))
	var minLod *float32
	if req.MinLod != nil {
		minLod = &req.MinLod[first:end][0]
	}
	switch {
	case deferred:
		// The logarithms and levels of the scale factors in c.arg, with
		// the shader biases in c.bias.
		if src == LodBias {
			lodBiasAsm(x.st.LodBias, &req.Bias[first:end][0], m, &c.bias[0])
		}
		x.gradLevelsAsm(req, c, first, m, &p, src == LodBias)
	case src == LodExplicit:
		levelsAsm(&p, &req.Lod[first:end][0], nil, minLod, m, &c.hi[0], &c.lo[0], &c.delta[0])
	case src == LodZero:
		levelsAsm(&p, nil, nil, minLod, m, &c.hi[0], &c.lo[0], &c.delta[0])
	default: // λ = 0, the base level's forms
		p.only = 1
		levelsAsm(&p, nil, nil, nil, m, &c.hi[0], &c.lo[0], &c.delta[0])
	}
	c.n, c.np, c.lanes = m, m, m
	return end, true
}

// gatherAnisoAsm is gatherAnisoVec in assembly, for the requests
// laneForms' formAnisoVec admits: scaleArg, the logarithm, lambdas and the
// level selection eight lanes at a time (anisoLanesAsm), then each lane's
// N probes at (−½ + k/(N+1))·∂ along the major axis, as sampleAt places
// them. It fills the chunk with the lanes from first whose probes fit and
// returns the next lane, or reports false (filling nothing) when the
// request's lane count is not a multiple of 8 or the CPU lacks the
// assembly's features.
func (x *exec) gatherAnisoAsm(req *Request, c *laneSet, first int) (int, bool) {
	if !lanes.AsmKernels || req.Lanes&7 != 0 {
		return first, false
	}
	// The entries' constant operands; an array's layers are each lane's.
	array := x.array
	if array {
		plainEntriesVec(c, -1)
	} else {
		plainEntriesVec(c, int32(x.view.BaseLayer))
	}
	compare := x.compare != CompareNone
	us, vs := req.Coord[0][:req.Lanes], req.Coord[1][:req.Lanes]
	var g anisoProbes
	n, nl, i := 0, 0, first
	for i < req.Lanes {
		b := i &^ 7 // the group of eight lanes i is in
		x.anisoLanesAsm(req, b, &g)
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
	if array {
		// Each lane's layer for its entries, after the loop (a test in it
		// would cost the others' loop registers).
		base, layers := int32(x.view.BaseLayer), int32(x.layers)
		as := req.Coord[2]
		for j := range nl {
			l := base + clampLayer(as[c.lane[j]], layers)
			k := c.first[j]
			for e := k; e < k+c.count[j]; e++ {
				c.layer[e] = l
			}
		}
	}
	c.n, c.lanes = n, nl
	x.pad(c)
	return i, true
}

// anisoLanesAsm is anisoLanes in assembly: scaleArg (anisoScaleAsm),
// log2f, lambdas and the level selection (levelsAsm) of lanes [b, b+8) of
// a request gatherAnisoAsm takes, compare for compare.
func (x *exec) anisoLanesAsm(req *Request, b int, g *anisoProbes) {
	e := b + 8
	a := anisoArgs{sz: [2]float32{float32(x.base[0]), float32(x.base[1])}, maxAniso: x.st.MaxAnisotropy}
	src := req.Op.LodSource()
	if src == LodGradient {
		a.grad = 1
		for k := range a.ddx {
			a.ddx[k], a.ddy[k] = &req.DDX[k][b:e][0], &req.DDY[k][b:e][0]
		}
	} else {
		a.s, a.t = &req.Coord[0][b:e][0], &req.Coord[1][b:e][0]
	}
	anisoScaleAsm(&a, g)
	lanes.Log2Vec(g.arg[:])
	p := x.levelParamsFor(x.st.MipFilter)
	var bias, minLod *float32
	if src == LodBias {
		lodBiasAsm(x.st.LodBias, &req.Bias[b:e][0], 8, &g.bias[0])
		bias = &g.bias[0]
	}
	if req.MinLod != nil {
		minLod = &req.MinLod[b:e][0]
	}
	levelsAsm(&p, &g.arg[0], bias, minLod, 8, &g.hi[0], &g.lo[0], &g.delta[0])
}
