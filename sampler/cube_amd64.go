//go:build amd64 && !purego

package sampler

import "github.com/texunit/texunit/sampler/internal/lanes"

// The cube and anisotropic requests' gathering of lanes in assembly
// (package lanes' cube_amd64.s), for every amd64 build where lanes.AsmKernels holds: the vector
// build's gatherCubeVec, gatherAnisoVec and anisoLanes (the retired simd/archsimd code),
// each archsimd operation one AVX2 instruction in the same order, so that
// the bits are the same. The Go code here keeps the control: which
// requests and chunks the stages take, the operands' bounds, the chunk's
// counts and the order of the entries (each anisotropic lane's probes).
// The entries' operands, biases, logarithms and levels are lanes' plain_amd64.s's
// stages (lanes.EntriesAsm, lanes.PlainEntriesAsm, lanes.LodBiasAsm, lanes.LevelsAsm) and
// log2_amd64.s's.

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
	c.Plain = false
	src := req.Op.LodSource()
	deferred := src == LodImplicit || src == LodBias || src == LodGradient
	// The operands are sliced to the lanes: the stages read m of each.
	a := lanes.CubeArgs{Sz: [2]float32{float32(x.base[0]), float32(x.base[1])}, Base: int32(x.view.BaseLayer)}
	for k := range a.Coord {
		a.Coord[k] = &req.Coord[k][first:end][0]
	}
	switch src {
	case LodImplicit, LodBias:
		a.Deriv = 1
	case LodGradient:
		a.Deriv = 2
		for k := range a.Ddx {
			a.Ddx[k], a.Ddy[k] = &req.DDX[k][first:end][0], &req.DDY[k][first:end][0]
		}
	}
	lanes.CubeLanesAsm(&a, m, c)
	if x.array { // a cube array: 6·clampLayer + face + base
		lp := x.layerParamsFor(6)
		lanes.LayersAsm(&lp, &req.Coord[3][first:end][0], &c.Face[0], m, &c.Layer[0])
	}
	var ref *float32
	if x.compare != CompareNone {
		ref = &req.Ref[first:end][0]
	}
	lanes.EntriesAsm(c, 0, m, first, ref)
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
			lanes.LodBiasAsm(x.st.LodBias, &req.Bias[first:end][0], m, &c.Bias[0])
		}
		x.gradLevelsAsm(req, c, first, m, &p, src == LodBias)
	case src == LodExplicit:
		lanes.LevelsAsm(&p, &req.Lod[first:end][0], nil, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	case src == LodZero:
		lanes.LevelsAsm(&p, nil, nil, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	default: // λ = 0, the base level's forms
		p.Only = 1
		lanes.LevelsAsm(&p, nil, nil, nil, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	}
	c.N, c.NP, c.Lanes = m, m, m
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
		lanes.PlainEntriesVec(c, -1)
	} else {
		lanes.PlainEntriesVec(c, int32(x.view.BaseLayer))
	}
	compare := x.compare != CompareNone
	us, vs := req.Coord[0][:req.Lanes], req.Coord[1][:req.Lanes]
	var g lanes.AnisoProbes
	n, nl, i := 0, 0, first
	for i < req.Lanes {
		b := i &^ 7 // the group of eight lanes i is in
		x.anisoLanesAsm(req, b, &g)
		for ; i < b+8; i++ {
			j := i - b
			m := int(g.Probes[j])
			if n+m > laneChunk {
				goto full
			}
			c.Lane[nl], c.First[nl], c.Count[nl] = int32(i), int32(n), int32(m)
			nl++
			s0, t0 := us[i], vs[i]
			hi, lo, d := g.Hi[j], g.Lo[j], g.Delta[j]
			var ref float32
			if compare {
				ref = req.Ref[i]
			}
			if m == 1 {
				c.S[n], c.T[n], c.Hi[n], c.Lo[n], c.Delta[n], c.Ref[n] = s0, t0, hi, lo, d, ref
				n++
				continue
			}
			as, at := g.AxS[j], g.AxT[j]
			for _, t := range probeSteps[m][:m] {
				c.S[n] = s0 + float32(t*as)
				c.T[n] = t0 + float32(t*at)
				c.Hi[n], c.Lo[n], c.Delta[n], c.Ref[n] = hi, lo, d, ref
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
			l := base + clampLayer(as[c.Lane[j]], layers)
			k := c.First[j]
			for e := k; e < k+c.Count[j]; e++ {
				c.Layer[e] = l
			}
		}
	}
	c.N, c.Lanes = n, nl
	x.pad(c)
	return i, true
}

// anisoLanesAsm is anisoLanes in assembly: scaleArg (lanes.AnisoScaleAsm),
// log2f, lambdas and the level selection (lanes.LevelsAsm) of lanes [b, b+8) of
// a request gatherAnisoAsm takes, compare for compare.
func (x *exec) anisoLanesAsm(req *Request, b int, g *anisoProbes) {
	e := b + 8
	a := lanes.AnisoArgs{Sz: [2]float32{float32(x.base[0]), float32(x.base[1])}, MaxAniso: x.st.MaxAnisotropy}
	src := req.Op.LodSource()
	if src == LodGradient {
		a.Grad = 1
		for k := range a.Ddx {
			a.Ddx[k], a.Ddy[k] = &req.DDX[k][b:e][0], &req.DDY[k][b:e][0]
		}
	} else {
		a.S, a.T = &req.Coord[0][b:e][0], &req.Coord[1][b:e][0]
	}
	lanes.AnisoScaleAsm(&a, g)
	lanes.Log2Vec(g.Arg[:])
	p := x.levelParamsFor(x.st.MipFilter)
	var bias, minLod *float32
	if src == LodBias {
		lanes.LodBiasAsm(x.st.LodBias, &req.Bias[b:e][0], 8, &g.Bias[0])
		bias = &g.Bias[0]
	}
	if req.MinLod != nil {
		minLod = &req.MinLod[b:e][0]
	}
	lanes.LevelsAsm(&p, &g.Arg[0], bias, minLod, 8, &g.Hi[0], &g.Lo[0], &g.Delta[0])
}

// anisoProbes is eight lanes' anisotropic filtering (lanes.AnisoProbes).
type anisoProbes = lanes.AnisoProbes
