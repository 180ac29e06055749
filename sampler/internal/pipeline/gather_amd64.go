//go:build amd64 && !purego

package pipeline

import "github.com/texunit/texunit/sampler/internal/lanes"

// The 2D lane loop's vector gatherers in assembly (package lanes'
// plain_amd64.s and cube_amd64.s), for every amd64 build where
// lanes.AsmKernels holds: they fill a chunk's entries from the request's
// operand rows (Operands) eight lanes at a time — the lanes' coordinates,
// cube faces, layers, references, scale factors, logarithms, LODs and
// levels, and an anisotropic lane's probes —, each operation the
// reference's binary32 operation in its order, so that the bits are
// package sampler's per-lane gatherer's (gatherLanes, gatherPlainLanes:
// its cube_asm_test.go and plain_asm_test.go compare them entry by entry).
// Package sampler decides which requests they may take (its laneForms:
// no offsets, every lane active, no channel operand to check, no
// reference to clamp); the code here decides which chunks (whole groups of
// eight lanes) and the chunk's counts.

// LevelParams returns lanes.LevelsAsm's constants for the level
// selection (package sampler's levelKey compiles them).
func (l *LevelStage) LevelParams() lanes.LevelParams {
	p := lanes.LevelParams{Bias: l.Bias0, MinLod: l.MinLod, MaxLod: l.MaxLod,
		Top: float32(l.Levels - 1), TopI: l.Levels - 1, Mode: l.Mip}
	if l.Hardware {
		p.Hw, p.Lod, p.LodInv = 1, l.LodStep, l.LodStepInv
	}
	return p
}

// GatherPlain fills the chunk c with the entries of lanes [first, end)
// (at most lanes.Chunk) of a plain request (2D or 2D array, isotropic, the
// LOD explicit, zero, the base level's or from gradients) and returns end,
// or reports false (filling nothing) when their count is not a multiple of
// 8 or the CPU lacks the assembly's features.
func (p *Plan) GatherPlain(o *Operands, c *lanes.Set, first, end int) (int, bool) {
	m := end - first
	if !lanes.AsmKernels || m&7 != 0 || m <= 0 || m > lanes.Chunk {
		return first, false
	}
	k, ls := &p.Key, &p.LevelStage
	var a *float32 // the layer coordinates (an array view's)
	if k.Array {
		a = &o.Coord[2][first:end][0]
	}
	Entries(k, a, m, c)
	// The operands are sliced to the lanes: the kernels read m of each.
	var ref *float32
	if k.Compare != lanes.CompareNone {
		ref = &o.Ref[first:end][0]
	}
	lanes.PlainLanesAsm(c, &o.Coord[0][first:end][0], &o.Coord[1][first:end][0], ref, m, first)
	lp := ls.LevelParams()
	var minLod *float32
	if o.MinLod != nil {
		minLod = &o.MinLod[first:end][0]
	}
	// λ: lambdas of the explicit LOD, of 0, or of the
	// isotropic scale factor's logarithm; 0 for the base-level forms.
	switch ls.Lod {
	case LodExplicit:
		lanes.LevelsAsm(&lp, &o.Lod[first:end][0], nil, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	case LodZero:
		lanes.LevelsAsm(&lp, nil, nil, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	case LodGradient:
		lanes.GradRhoAsm(&ls.Size, &o.DDX[0][first:end][0], &o.DDX[1][first:end][0],
			&o.DDY[0][first:end][0], &o.DDY[1][first:end][0], m, &c.Arg[0])
		gradLevels(o, c, first, m, &lp, false)
	default:
		lp.Only = 1
		lanes.LevelsAsm(&lp, nil, nil, nil, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	}
	c.N, c.NP, c.Lanes = m, m, m
	return end, true
}

// gradLevels is the level stage of lanes [first, first+m) whose scale
// factors are in c.Arg: λ_base = log2 ρ all at once, then lambdas (with
// the shader biases in c.Bias where bias is set) and the levels
// (lanes.LevelsAsm with lp).
func gradLevels(o *Operands, c *lanes.Set, first, m int, lp *lanes.LevelParams, bias bool) {
	lanes.Log2Asm(&c.Arg, m) // it runs wherever lanes.AsmKernels holds
	var b, minLod *float32
	if bias {
		b = &c.Bias[0]
	}
	if o.MinLod != nil {
		minLod = &o.MinLod[first : first+m][0]
	}
	lanes.LevelsAsm(lp, &c.Arg[0], b, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
}

// GatherCube fills the chunk c with the entries of lanes [first,
// first+64) (or to the request's end) of an isotropic cube or cube-array
// request and returns the next lane, or reports false (filling nothing)
// when the chunk's lane count or first lane is not a multiple of 8 or the
// CPU lacks the assembly's features.
func (p *Plan) GatherCube(o *Operands, c *lanes.Set, first int) (int, bool) {
	end := min(first+lanes.Chunk, o.Lanes)
	m := end - first
	if !lanes.AsmKernels || m&7 != 0 || m <= 0 || first&7 != 0 {
		return first, false
	}
	k, ls := &p.Key, &p.LevelStage
	c.Plain = false
	src := ls.Lod
	deferred := src == LodImplicit || src == LodBias || src == LodGradient
	// The operands are sliced to the lanes: the stages read m of each.
	a := lanes.CubeArgs{Sz: ls.Size, Base: k.BaseLayer}
	for i := range a.Coord {
		a.Coord[i] = &o.Coord[i][first:end][0]
	}
	switch src {
	case LodImplicit, LodBias:
		a.Deriv = 1
	case LodGradient:
		a.Deriv = 2
		for i := range a.Ddx {
			a.Ddx[i], a.Ddy[i] = &o.DDX[i][first:end][0], &o.DDY[i][first:end][0]
		}
	}
	if lanes.Wide512 { // sixteen lanes an instruction, the same bits
		lanes.CubeLanes16(&a, m, c)
	} else {
		lanes.CubeLanesAsm(&a, m, c)
	}
	if k.Array { // a cube array: 6·clampLayer + face + base
		lp := k.LayerParams(6)
		lanes.LayersAsm(&lp, &o.Coord[3][first:end][0], &c.Face[0], m, &c.Layer[0])
	}
	var ref *float32
	if k.Compare != lanes.CompareNone {
		ref = &o.Ref[first:end][0]
	}
	lanes.EntriesAsm(c, 0, m, first, ref)
	lp := ls.LevelParams()
	var minLod *float32
	if o.MinLod != nil {
		minLod = &o.MinLod[first:end][0]
	}
	switch {
	case deferred:
		// The logarithms and levels of the scale factors in c.Arg, with
		// the shader biases in c.Bias.
		if src == LodBias {
			lanes.LodBiasAsm(ls.LodBias, &o.Bias[first:end][0], m, &c.Bias[0])
		}
		gradLevels(o, c, first, m, &lp, src == LodBias)
	case src == LodExplicit:
		lanes.LevelsAsm(&lp, &o.Lod[first:end][0], nil, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	case src == LodZero:
		lanes.LevelsAsm(&lp, nil, nil, minLod, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	default: // λ = 0, the base level's forms
		lp.Only = 1
		lanes.LevelsAsm(&lp, nil, nil, nil, m, &c.Hi[0], &c.Lo[0], &c.Delta[0])
	}
	c.N, c.NP, c.Lanes = m, m, m
	return end, true
}

// GatherAniso fills the chunk c with the entries of an anisotropic 2D or
// 2D-array request (the LOD from derivatives): scaleArg, the logarithm,
// lambdas and the level selection eight lanes at a time (AnisoLanes), then
// each lane's N probes at (−½ + k/(N+1))·∂ along the major axis, as
// package sampler's sampleAt places them. It takes the lanes from first
// whose probes fit and returns the next lane, or reports false (filling
// nothing) when the request's lane count is not a multiple of 8 or the
// CPU lacks the assembly's features.
func (p *Plan) GatherAniso(o *Operands, c *lanes.Set, first int) (int, bool) {
	if !lanes.AsmKernels || o.Lanes&7 != 0 {
		return first, false
	}
	k := &p.Key
	// The entries' constant operands; an array's layers are each lane's.
	array := k.Array
	if array {
		lanes.PlainEntriesVec(c, -1)
	} else {
		lanes.PlainEntriesVec(c, k.BaseLayer)
	}
	compare := k.Compare != lanes.CompareNone
	us, vs := o.Coord[0][:o.Lanes], o.Coord[1][:o.Lanes]
	var g lanes.AnisoProbes
	n, nl, i := 0, 0, first
	for i < o.Lanes {
		b := i &^ 7 // the group of eight lanes i is in
		p.AnisoLanes(o, b, &g)
		for ; i < b+8; i++ {
			j := i - b
			m := int(g.Probes[j])
			if n+m > lanes.Chunk {
				goto full
			}
			c.Lane[nl], c.First[nl], c.Count[nl] = int32(i), int32(n), int32(m)
			nl++
			s0, t0 := us[i], vs[i]
			hi, lo, d := g.Hi[j], g.Lo[j], g.Delta[j]
			var ref float32
			if compare {
				ref = o.Ref[i]
			}
			if m == 1 {
				c.S[n], c.T[n], c.Hi[n], c.Lo[n], c.Delta[n], c.Ref[n] = s0, t0, hi, lo, d, ref
				n++
				continue
			}
			as, at := g.AxS[j], g.AxT[j]
			for _, t := range ProbeSteps[m][:m] {
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
		base, layers := k.BaseLayer, k.Layers
		as := o.Coord[2]
		for j := range nl {
			l := base + ClampLayer(as[c.Lane[j]], layers)
			e0 := c.First[j]
			for e := e0; e < e0+c.Count[j]; e++ {
				c.Layer[e] = l
			}
		}
	}
	c.N, c.Lanes = n, nl
	Pad(c)
	return i, true
}

// AnisoLanes is the anisotropic gatherer's level stage for lanes [b, b+8)
// of a request GatherAniso takes: scaleArg (lanes.AnisoScaleAsm), log2f,
// lambdas and the level selection (lanes.LevelsAsm), into g.
func (p *Plan) AnisoLanes(o *Operands, b int, g *lanes.AnisoProbes) {
	e := b + 8
	ls := &p.LevelStage
	a := lanes.AnisoArgs{Sz: ls.Size, MaxAniso: ls.MaxAnisotropy}
	src := ls.Lod
	if src == LodGradient {
		a.Grad = 1
		for i := range a.Ddx {
			a.Ddx[i], a.Ddy[i] = &o.DDX[i][b:e][0], &o.DDY[i][b:e][0]
		}
	} else {
		a.S, a.T = &o.Coord[0][b:e][0], &o.Coord[1][b:e][0]
	}
	lanes.AnisoScaleAsm(&a, g)
	lanes.Log2Vec(g.Arg[:])
	lp := ls.LevelParams()
	var bias, minLod *float32
	if src == LodBias {
		lanes.LodBiasAsm(ls.LodBias, &o.Bias[b:e][0], 8, &g.Bias[0])
		bias = &g.Bias[0]
	}
	if o.MinLod != nil {
		minLod = &o.MinLod[b:e][0]
	}
	lanes.LevelsAsm(&lp, &g.Arg[0], bias, minLod, 8, &g.Hi[0], &g.Lo[0], &g.Delta[0])
}
