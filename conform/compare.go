package conform

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
)

// Categories of checks. Each has its own tolerance, stated in
// docs/CONFORMANCE.md.
const (
	CatFetch      = "fetch"       // texelFetch: exact
	CatFetchMS    = "fetch_ms"    // multisample texelFetch: exact
	CatQuery      = "query"       // size, levels, samples: exact
	CatGather     = "gather"      // textureGather[Offset]: exact
	CatGatherC    = "gather_c"    // depth-compare gather: exact
	CatLodPoint   = "lod_point"   // textureLod, nearest filters: exact
	CatLodLinear  = "lod_linear"  // textureLod, linear filters or mips: tight
	CatLodCompare = "lod_compare" // textureLod with depth compare: exact (nearest) or tight (PCF)
	CatGrad       = "grad"        // textureGrad: value at the modelled LOD, tight
	CatTex        = "tex"         // implicit LOD (quads): value at the modelled LOD, tight
	CatTexAniso   = "tex_aniso"   // implicit LOD with anisotropy: value at the modelled LOD, tight
	CatQueryLod   = "querylod"    // textureQueryLod vs the modelled LOD
	CatUnitLod    = "texunit_lod" // texunit's own LOD (gradients, quads) vs the exact float64 LOD
	CatTwin       = "decode_twin" // texunit on the texture vs texunit on its decode twin
	CatDecode     = "decode"      // texunit's decode of every code vs lavapipe's (measured)
)

// Categories lists every category in report order.
var Categories = []string{CatFetch, CatFetchMS, CatQuery, CatGather, CatGatherC, CatLodPoint, CatLodLinear,
	CatLodCompare, CatGrad, CatTex, CatTexAniso, CatQueryLod, CatUnitLod, CatTwin, CatDecode}

// Model names: the oracle deviations a check had to take into account.
const (
	ModelTieEven       = "mip-tie-even"       // nearest-mip ties rounded half to even
	ModelFastLog2      = "fastlog2"           // gradient LOD 0.5·fastlog2(ρ²)
	ModelAnisoLod      = "aniso-lod"          // anisotropic LOD 0.5·fastlog2(min(ρx², ρy²)) plus the biases
	ModelCubeQuery     = "cube-querylod"      // textureQueryLod on cubes drops the r component
	ModelNonSeamless   = "nonseamless-clamp"  // non-seamless cubes clamp to edge whatever the address mode
	ModelFaceTie       = "cube-face-tie"      // exact face-selection ties: any tied face
	ModelCubeCorner    = "cube-corner"        // cube corner texel: the mean of three, rounded differently, or a copy
	ModelBoundary      = "texel-boundary"     // a coordinate exactly on a texel boundary: the lower side accepted
	ModelMinMaxMip     = "minmax-mip-lerp"    // min/max reduction within levels, linear blend between them
	ModelQueryConstLod = "querylod-const-lod" // d_l ignores minLod/maxLod when they are equal
	ModelAnisoLevel    = "aniso-floor-level"  // anisotropic sampling reads the single level ⌊λ⌋
	ModelAniso3D       = "aniso-3d-no-w"      // anisotropic LOD of 3D textures ignores the w derivatives
	ModelBiasUnclamped = "lod-bias-unclamped" // sampler + shader bias not clamped to ±16
	ModelCubeFD        = "cube-lod-fd"        // cube LOD from face-coordinate differences (anisotropy, minLod = maxLod)
	ModelAnisoEWA      = "aniso-ewa"          // anisotropic filtering as a float32 elliptical weighted average over the level's texels
)

// Check is the outcome of comparing one aspect of one case.
type Check struct {
	Case     CaseID
	Category string
	Pass     bool
	Err      float64 // the category's error measure (value or LOD units)
	Tol      float64 // the tolerance it was held to
	Raw      float64 // |texunit − oracle| before any deviation model, max over components (NaN: not applicable)
	Models   []string
	Oracle   [4]float32
	Texunit  [4]float32 // the texunit value compared (at the modelled LOD where one applies)
	Note     string
	Query    string // the oracle request line of the case
	// Excluded marks a check that is not compared because no model of the
	// oracle applies (decided from the inputs alone, never from the result);
	// Note says why. It counts neither as a pass nor as a failure.
	Excluded bool
}

// comparer compares the cases of one group.
type comparer struct {
	g *Group
	u *unit // texunit on the group's texture and sampler
	m *unit // the model of the oracle: texunit on the decode twin with the state-level deviation models
	t *unit // texunit on the identity decode twin with the group's own state; nil without a twin
	// lodP, when set, replaces the query's coordinates in the LOD models
	// (a face-tie variant whose LOD face differs from its sampling face).
	lodP *[4]float32
	dt   *DecodeTables
	rng  float64
	// mModels lists the state-level models m applies.
	mModels []string
	// decode names the encodings in which lavapipe's decode differs from
	// texunit's for the group's format (the twin models them).
	decode []string
}

func newComparer(g *Group, u *unit, dt *DecodeTables) (*comparer, error) {
	c := &comparer{g: g, u: u, rng: dataRange(&g.Tex)}
	st := u.st
	if g.Tex.Type.Cube && g.Smp.NonSeamless {
		// lavapipe clamps to the edge on non-seamless cube maps whatever
		// the address modes.
		st.Address = [3]sampler.AddressMode{sampler.WrapClampToEdge, sampler.WrapClampToEdge, sampler.WrapClampToEdge}
		if st.Address != u.st.Address {
			c.mModels = append(c.mModels, ModelNonSeamless)
		}
	}
	m, err := twinUnit(g, u, st, dt)
	if err != nil {
		return nil, err
	}
	c.m, c.dt = m, dt
	if _, ok := twinFormat(g.Tex.Format); ok {
		if c.t, err = twinUnit(g, u, u.st, nil); err != nil {
			return nil, err
		}
	}
	for ch := 0; ch < 4 && dt != nil; ch++ {
		if e, ok := encoding(g.Tex.Format, ch); ok && dt.Differ[e] > 0 && !hasModel(c.decode, "decode-"+e.String()) {
			c.decode = append(c.decode, "decode-"+e.String())
		}
	}
	return c, nil
}

func bitsVec(b [4]uint32) [4]float32 {
	var v [4]float32
	for i := range b {
		v[i] = math.Float32frombits(b[i])
	}
	return v
}

// absDiff returns the largest component difference; a NaN on one side only
// counts as +Inf, NaN on both as 0.
func absDiff(a, b [4]float32) float64 {
	m := 0.0
	for i := range a {
		x, y := float64(a[i]), float64(b[i])
		switch {
		case x != x && y != y:
		case x != x || y != y:
			return math.Inf(1)
		case x == y: // also ±Inf and ±0
		default:
			m = max(m, math.Abs(x-y))
		}
	}
	return m
}

// variant is a query as the oracle may have evaluated it: the coordinates
// it sampled (q) and, where they differ, the coordinates it derived its LOD
// from (lodP).
type variant struct {
	q      Query
	lodP   *[4]float32
	models []string
}

// variants returns the query and, for a cube direction whose largest
// magnitudes tie exactly, the same direction nudged by one ulp toward each
// other tied face: lavapipe's tie-breaking depends on the other lanes of
// its SIMD vector, so any tied face is accepted (model cube-face-tie).
func (c *comparer) variants(q *Query) []variant {
	vs := []variant{{q: *q}}
	if q.Op == OpFetch || q.Op == OpSize || q.Op == OpLevels || q.Op == OpSamples {
		return vs
	}
	if !c.g.Tex.Type.Cube {
		if q.Op == OpQueryLod {
			return vs
		}
		return c.boundaryVariants(q, vs)
	}
	dir := q.P
	if q.Op == OpQueryLod && c.cubeQueryDropsR() {
		dir[2] = 0 // lavapipe's cube LOD query drops r
	}
	m := max(abs32f(dir[0]), abs32f(dir[1]), abs32f(dir[2]))
	var tied []int
	for k := 0; k < 3; k++ {
		if abs32f(dir[k]) == m && m != 0 {
			tied = append(tied, k)
		}
	}
	if len(tied) < 2 {
		return vs
	}
	// The directions that break the tie toward each tied axis; the first is
	// the query itself (Vulkan's preferred z, y, x order).
	dirs := [][4]float32{q.P}
	for _, a := range tied {
		p := q.P
		for _, b := range tied {
			if b != a {
				p[b] = float32(math.Nextafter32(q.P[b], 0))
			}
		}
		dirs = append(dirs, p)
	}
	// lavapipe may break the tie differently for the LOD and for the texel
	// coordinates, so every pairing is a variant.
	implicit := q.Op == OpGrad || q.Op == OpTex || q.Op == OpQueryLod
	for i, sp := range dirs {
		for j, lp := range dirs {
			if (i == 0 && j == 0) || (!implicit && j != i) {
				continue
			}
			v := variant{q: *q, models: []string{ModelFaceTie}}
			v.q.P = sp
			if implicit && j != i {
				l := lp
				v.lodP = &l
			}
			vs = append(vs, v)
		}
	}
	return vs
}

// boundaryVariants adds, where a coordinate lies exactly on a texel
// boundary of some level of the view, the query with that coordinate one
// ulp lower: at an exact boundary lavapipe's coordinate sometimes rounds to
// the lower side, depending on the code path (model texel-boundary). The
// boundaries that matter are u = s·size + Δ an integer for nearest
// filtering, and u − ½ an integer for gathers and for min/max reduction
// with linear filtering, where the boundary decides whether a texel of
// zero weight is part of the footprint.
func (c *comparer) boundaryVariants(q *Query, vs []variant) []variant {
	s := &c.g.Smp
	t := &c.g.Tex
	var halves []float32
	if q.Op != OpGather && (s.Mag == "nearest" || s.Min == "nearest") {
		halves = append(halves, 0)
	}
	if q.Op == OpGather || (s.Reduction != "avg" && (s.Mag == "linear" || s.Min == "linear")) {
		halves = append(halves, 0.5)
	}
	if len(halves) == 0 {
		return vs
	}
	// u returns texunit's unnormalized coordinate of axis k at level l for
	// coordinate p (texelCoord: float32(p·size) + Δ), less half.
	u := func(p float32, k, l int, half float32) float32 {
		v := p
		if !s.Unnorm {
			v = float32(p * float32(t.LevelSize(l)[k]))
		}
		if q.HasOff {
			v += float32(q.Off[k])
		}
		return v - half
	}
	// For each axis, the coordinates to try besides q's own: just below
	// the boundary, and, for min/max reduction, where a texel of zero
	// weight joins the footprint on either side, just above it too.
	minmaxLinear := s.Reduction != "avg" && (s.Mag == "linear" || s.Min == "linear")
	type axisNudges struct {
		k  int
		ps []float32
	}
	var axes []axisNudges
	// Every level whose u is on a boundary counts: a nudge just enough at
	// one level can leave u on the boundary at a smaller one (with an
	// offset, u = p·size + Δ rounds back to the integer), so the nudge is
	// the one below (above) the boundary at all of them.
	for k := 0; k < t.Type.Grads; k++ {
		var below, above float32
		found, foundAbove := false, false
		for l := t.BaseLevel; l < t.BaseLevel+t.ViewLevels(); l++ {
			for _, half := range halves {
				u0 := u(q.P[k], k, l, half)
				if u0 != float32(math.Floor(float64(u0))) {
					continue
				}
				// The nearest coordinate below p whose u is below the integer.
				p := q.P[k]
				for i := 0; i < 64 && u(p, k, l, half) >= u0; i++ {
					p = math.Nextafter32(p, float32(math.Inf(-1)))
				}
				if !found || p < below {
					below, found = p, true
				}
				if half != 0 && minmaxLinear {
					p := q.P[k]
					for i := 0; i < 64 && u(p, k, l, half) <= u0; i++ {
						p = math.Nextafter32(p, float32(math.Inf(1)))
					}
					if !foundAbove || p > above {
						above, foundAbove = p, true
					}
				}
			}
		}
		if !found {
			continue
		}
		an := axisNudges{k: k, ps: []float32{below}}
		if foundAbove {
			an.ps = append(an.ps, above)
		}
		axes = append(axes, an)
	}
	// Every combination of the axes' alternatives but q itself.
	combos := []variant{{q: *q, models: []string{ModelBoundary}}}
	for _, a := range axes {
		n := len(combos)
		for _, p := range a.ps {
			for _, v := range combos[:n] {
				v.q.P[a.k] = p
				combos = append(combos, v)
			}
		}
	}
	return append(vs, combos[1:]...)
}

func abs32f(v float32) float32 { return float32(math.Abs(float64(v))) }

// compare runs query qi of the group on texunit and compares it with the
// oracle's output: the oracle checks (the value, or LOD, lavapipe should
// give under the deviation models) and texunit's own LOD checks.
func (c *comparer) compare(qi int, out *Output) []Check {
	g := c.g
	q := &g.Queries[qi]
	id := CaseID{g.ID, qi}
	orc := out.Vec()
	tuBits, err := c.u.run(&c.u.st, &g.Smp, q)
	if err != nil {
		return []Check{{Case: id, Category: c.category(q), Err: math.Inf(1), Raw: math.NaN(), Oracle: orc,
			Note: "texunit error: " + err.Error()}}
	}
	tu := bitsVec(tuBits)
	raw := absDiff(tu, orc)
	var best []Check
	for _, v := range c.variants(q) {
		c.lodP = v.lodP
		ck := c.oracleCheck(id, &v.q, orc, raw)
		c.lodP = nil
		ms := append([]string(nil), v.models...)
		if q.Op == OpLod || q.Op == OpGrad || q.Op == OpGather || q.Op == OpTex {
			ms = append(ms, c.mModels...)
		}
		ck.Models = append(ms, ck.Models...)
		if best == nil || (!best[0].Pass && (ck.Pass || ck.Err < best[0].Err)) {
			best = []Check{ck}
		}
	}
	switch q.Op {
	case OpGrad, OpTex:
		best = append(best, c.unitImplicit(id, q, tu))
	case OpQueryLod:
		best = append(best, c.unitQueryLod(id, q, tu))
	}
	if c.t != nil && q.Op != OpQueryLod && q.Op != OpSize && q.Op != OpLevels && q.Op != OpSamples {
		best = append(best, c.twinCheck(id, q, tu))
	}
	return best
}

// twinCheck holds texunit's result on the texture against its result on
// the identity decode twin (the same texels as texunit decodes them, stored
// as float32) under the same state: they must be equal. The oracle checks
// run on the lavapipe decode twin, so this keeps a texunit error in its own
// decode, border conversion or D_ref clamp from hiding behind the twin.
func (c *comparer) twinCheck(id CaseID, q *Query, tu [4]float32) Check {
	ck := Check{Case: id, Category: CatTwin, Texunit: tu, Raw: math.NaN(), Note: "oracle column: texunit on the identity decode twin"}
	b, err := c.t.run(&c.t.st, &c.g.Smp, q)
	if err != nil {
		ck.Err, ck.Note = math.Inf(1), "texunit error on the twin: "+err.Error()
		return ck
	}
	ck.Oracle = bitsVec(b)
	ck.Err = absDiff(tu, ck.Oracle)
	ck.Pass = ck.Err == 0
	return ck
}

// oracleCheck compares the oracle's result for q with what texunit
// predicts for it under the deviation models.
func (c *comparer) oracleCheck(id CaseID, q *Query, orc [4]float32, raw float64) Check {
	cat := c.category(q)
	if q.Op == OpQueryLod {
		return c.queryLod(id, q, orc, raw)
	}
	if q.Op == OpGrad || q.Op == OpTex {
		return c.implicit(id, q, orc, raw)
	}
	b, err := c.m.run(&c.m.st, &c.g.Smp, q)
	if err != nil {
		return Check{Case: id, Category: cat, Err: math.Inf(1), Raw: raw, Oracle: orc, Note: "texunit error: " + err.Error()}
	}
	tu := bitsVec(b)
	switch q.Op {
	case OpGather:
		ck := c.exact(id, cat, orc, tu, raw)
		if k := c.cubeCorner(q); !ck.Pass && k >= 0 {
			// Vulkan "Cube Map Edge Handling": the corner texel "should" be
			// the mean of the three texels meeting there but "may" be
			// computed otherwise. lavapipe's mean differs from texunit's in
			// the last bits, and with min/max reduction lavapipe copies one
			// of the other three footprint texels instead.
			ck.Models = append(ck.Models, ModelCubeCorner)
			ck.Tol = c.rng * 4 * 0x1p-24
			rest := tu
			rest[k] = orc[k]
			e := absDiff(rest, orc)
			ek := math.Abs(float64(orc[k]) - float64(tu[k]))
			for j := 0; j < 4 && c.g.Smp.Reduction != "avg" && c.g.Smp.Reduction != ""; j++ {
				if j != k && orc[k] == tu[j] {
					ek = 0 // lavapipe copies a neighbour under min/max reduction
				}
			}
			ck.Err = max(e, ek)
			ck.Pass = e == 0 && ek <= ck.Tol
		}
		return ck
	case OpLod:
		return c.explicitLod(id, q, orc, tu, raw)
	}
	return c.exact(id, cat, orc, tu, raw)
}

// cubeCorner returns which gather component (R = (i0,j1), G = (i1,j1),
// B = (i1,j0), A = (i0,j0)) is a cube corner texel, one beyond the face in
// both directions, or −1. Seamless cube maps only.
func (c *comparer) cubeCorner(q *Query) int {
	if !c.g.Tex.Type.Cube || c.g.Smp.NonSeamless {
		return -1
	}
	r := [3]float64{float64(q.P[0]), float64(q.P[1]), float64(q.P[2])}
	_, f := cubeFace(r)
	a := cubeAxes[f]
	n := float64(c.g.Tex.LevelSize(c.g.Tex.BaseLevel)[0])
	// out returns which of the pair (0: i0, 1: i1) lies beyond the face, or −1.
	out := func(sc float64) int {
		i := math.Floor((0.5*sc/(a.ms*r[a.m])+0.5)*n - 0.5)
		switch {
		case i < 0:
			return 0
		case i+1 > n-1:
			return 1
		}
		return -1
	}
	i, j := out(a.ss*r[a.s]), out(a.ts*r[a.t])
	if i < 0 || j < 0 {
		return -1
	}
	return [2][2]int{{3, 0}, {2, 1}}[i][j] // [i][j]: (i0,j0)=A (i0,j1)=R (i1,j0)=B (i1,j1)=G
}

func (c *comparer) category(q *Query) string {
	switch q.Op {
	case OpFetch:
		if c.g.Tex.Type.MS {
			return CatFetchMS
		}
		return CatFetch
	case OpSize, OpLevels, OpSamples:
		return CatQuery
	case OpGather:
		if c.g.Smp.Compare {
			return CatGatherC
		}
		return CatGather
	case OpLod:
		switch {
		case c.g.Smp.Compare:
			return CatLodCompare
		case c.point():
			return CatLodPoint
		}
		return CatLodLinear
	case OpGrad:
		return CatGrad
	case OpTex:
		if c.g.Smp.Anisotropic() {
			return CatTexAniso
		}
		return CatTex
	case OpQueryLod:
		return CatQueryLod
	}
	return "other"
}

// point reports whether the sampler filters nothing: nearest within and
// between levels.
func (c *comparer) point() bool {
	s := &c.g.Smp
	return s.Mag == "nearest" && s.Min == "nearest" && s.Mip == "nearest"
}

// exact compares exactly: m's value (texunit on the decode twin) must
// equal the oracle's.
func (c *comparer) exact(id CaseID, cat string, orc, tu [4]float32, raw float64) Check {
	ck := Check{Case: id, Category: cat, Oracle: orc, Texunit: tu, Raw: raw}
	ck.Err = absDiff(tu, orc)
	ck.Pass = ck.Err == 0
	if raw != ck.Err {
		ck.Models = append(ck.Models, c.decode...)
	}
	return ck
}

// tightTol is the tolerance for filtered values: float32 rounding of the
// unnormalized coordinate (one ulp of |u| per axis moves a weight by that
// much) and of the weighted sums (a few ulps of the result), scaled by the
// data range; plus the sRGB decode bound on sRGB formats. For repeat and
// mirrored repeat, |u| is taken to reach the level's size: lavapipe takes
// fract(s) before scaling, so s = −9e-6 on a 201-texel level becomes
// u = 0.999991·201 − ½, rounded at 200's ulp.
func (c *comparer) tightTol(q *Query) float64 {
	t := &c.g.Tex
	tt := t.Type
	size := t.LevelSize(t.BaseLevel)
	umax := 1.0
	dims := tt.Grads
	if tt.Cube {
		dims = 2
	}
	for k := 0; k < dims; k++ {
		s := float64(size[k])
		p := math.Abs(float64(q.P[k]))
		if tt.Cube {
			p = 1
		}
		if a := c.g.Smp.Addr[k]; a == "repeat" || a == "mirror" {
			// lavapipe wraps these in normalized space, fract(s) (or its
			// mirror) before scaling, so its u can be as large as the
			// level's size even for s near 0 (model repeat-fract).
			p = max(p, 1)
		}
		if c.g.Smp.Unnorm {
			s = 1
		}
		umax = max(umax, p*s+float64(abs32(q.Off[k]))+1)
	}
	return c.rng * (float64(dims)*4*umax*0x1p-24 + 16*0x1p-24)
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// finalState returns a copy of st that samples at exactly the LOD given to
// sample_l: no bias, no clamps, no anisotropy.
func finalState(st sampler.State) sampler.State {
	if st.Unnormalized {
		return st // LOD 0 only; Vulkan forbids other LODs, biases and clamps
	}
	st.LodBias, st.MinLod, st.MaxLod = 0, -1000, 1000
	st.MaxAnisotropy = 1
	return st
}

// lavapipeLevel returns the λ at which texunit (Vulkan's preferred nearest
// rule, ties down) selects the level and filter lavapipe selects for the
// final LOD λ: lavapipe rounds nearest-mip ties half to even.
func (c *comparer) lavapipeLevel(lambda float32) (float32, bool) {
	if c.g.Smp.Mip != "nearest" || !(lambda > 0) {
		return lambda, false
	}
	q := float32(c.g.Tex.ViewLevels() - 1)
	d := min(lambda, q)
	lav := roundHalfEven(d)
	if lav == vulkanNearest(d) {
		return lambda, false
	}
	return lav, true // an integer ≥ 1: texunit selects it, minified as lavapipe is
}

// valueAt samples the query's point with the model unit at the final LOD
// λ, with lavapipe's level selection: nearest-mip ties rounded half to even,
// and with min/max reduction a linear blend of the two levels' reduced
// values (lavapipe does not reduce across levels). st must be a finalState.
// It returns the models that changed the result.
func (c *comparer) valueAt(st *sampler.State, q *Query, lambda float32) ([4]float32, []string, error) {
	l, tie := c.lavapipeLevel(lambda)
	var models []string
	if tie {
		models = append(models, ModelTieEven)
	}
	if c.g.Smp.Reduction == "min" || c.g.Smp.Reduction == "max" {
		if c.g.Smp.Mip == "linear" && lambda > 0 {
			qmax := float32(c.g.Tex.ViewLevels() - 1)
			d := min(lambda, qmax)
			hi := float32(math.Floor(float64(d)))
			delta := d - hi
			if delta > 0 {
				lo := min(hi+1, qmax)
				ns := *st
				ns.MipFilter = sampler.MipNearest
				at := func(level float32) ([4]float32, error) {
					if level == 0 {
						level = 0x1p-20 // minified, nearest level 0
					}
					b, err := c.m.sampleAtLod(&ns, c.g.Smp.Compare, q, level)
					return bitsVec(b), err
				}
				vh, err := at(hi)
				if err != nil {
					return vh, models, err
				}
				vl, err := at(lo)
				if err != nil {
					return vl, models, err
				}
				var v [4]float32
				for i := range v {
					v[i] = vh[i] + float32(delta*float32(vl[i]-vh[i]))
				}
				return v, append(models, ModelMinMaxMip), nil
			}
		}
	}
	b, err := c.m.sampleAtLod(st, c.g.Smp.Compare, q, l)
	return bitsVec(b), models, err
}

// explicitLod compares textureLod: texunit's sample_l result directly, or,
// where lavapipe's nearest-mip tie rounding selects another level, texunit
// at that level.
func (c *comparer) explicitLod(id CaseID, q *Query, orc, tu [4]float32, raw float64) Check {
	cat := c.category(q)
	s := &c.g.Smp
	ck := Check{Case: id, Category: cat, Oracle: orc, Texunit: tu, Raw: raw}
	lp := q.Lod + clampBias(s.Bias)
	lambda := lambdaClamp(s, lp)
	st := finalState(c.m.st)
	if v, ms, err := c.valueAt(&st, q, lambda); err != nil {
		ck.Err, ck.Note = math.Inf(1), "texunit error: "+err.Error()
		return ck
	} else if len(ms) > 0 {
		ck.Texunit = v
		ck.Models = append(ck.Models, ms...)
	}
	if cat == CatLodPoint || (cat == CatLodCompare && s.Mag == "nearest" && s.Min == "nearest" && s.Mip == "nearest") {
		e := c.exact(id, cat, orc, ck.Texunit, raw)
		e.Models = append(ck.Models, e.Models...)
		return e
	}
	ck.Tol = c.tightTol(q)
	ck.Err = absDiff(ck.Texunit, orc)
	ck.Pass = ck.Err <= ck.Tol
	if absDiff(ck.Texunit, tu) != 0 {
		ck.Models = append(ck.Models, c.decode...)
	}
	return ck
}

// lodInputs returns the LOD model inputs of a gradient or quad query: the
// explicit gradients, or the derivatives of the quad as both sides compute
// them, (p + dx) − p and (p + dy) − p in float32.
func (c *comparer) lodInputs(q *Query) lodInput {
	t := &c.g.Tex
	in := lodInput{tt: t.Type, size: t.LevelSize(t.BaseLevel)}
	p := q.P
	if c.lodP != nil {
		p = *c.lodP
	}
	for k := 0; k < t.Type.Grads; k++ {
		in.p[k] = float64(p[k])
		dx, dy := q.DX[k], q.DY[k]
		if q.Op.Fragment() {
			dx = float32(p[k]+q.DX[k]) - p[k]
			dy = float32(p[k]+q.DY[k]) - p[k]
		}
		in.dx[k], in.dy[k] = float64(dx), float64(dy)
		in.quad[0][k] = p[k]
		in.quad[1][k] = float32(p[k] + q.DX[k])
		in.quad[2][k] = float32(p[k] + q.DY[k])
	}
	in.isQuad = q.Op.Fragment()
	return in
}

// lodEps is the uncertainty of the lavapipe LOD model: the README states it
// is exact to 3e-7; cube derivatives carry a few more roundings.
func (c *comparer) lodEps() float32 {
	if c.g.Tex.Type.Cube {
		return 2e-5
	}
	return 1e-6
}

// implicit compares textureGrad and implicit-LOD texture(): the oracle's
// value with texunit's at the modelled lavapipe LOD (category grad, tex or
// tex_aniso).
func (c *comparer) implicit(id CaseID, q *Query, orc [4]float32, raw float64) Check {
	s := &c.g.Smp
	cat := c.category(q)
	in := c.lodInputs(q)
	st := finalState(c.m.st)
	ck := Check{Case: id, Category: cat, Oracle: orc, Raw: raw, Tol: c.tightTol(q)}
	lbase := lavapipeLambdaBase(&in, s.Anisotropic(), false, s.MinLod == s.EffMaxLod())
	// lavapipe does not clamp the bias sum to ±maxSamplerLodBias.
	bias := s.Bias
	if q.HasBias {
		bias += q.Bias
	}
	if clampBias(bias) != bias {
		ck.Models = append(ck.Models, ModelBiasUnclamped)
	}
	ck.Models = append(ck.Models, ModelFastLog2)
	lambda := lambdaClamp(s, lbase+bias)
	if s.Anisotropic() {
		if c.g.Tex.Type.Cube && in.straddles(false) {
			ck.Models = append(ck.Models, ModelCubeFD)
			ck.Excluded = true
			ck.Note = "excluded: the quad straddles cube faces in lavapipe's finite-difference LOD path (unmodelled)"
			return ck
		}
		return c.aniso(ck, q, lambda, lbase)
	}
	eps := c.lodEps()
	best := math.Inf(1)
	for _, l := range []float32{lambda, lambdaClamp(s, lbase+bias-eps), lambdaClamp(s, lbase+bias+eps)} {
		v, ms, err := c.valueAt(&st, q, l)
		if err != nil {
			ck.Err, ck.Note = math.Inf(1), "texunit error: "+err.Error()
			return ck
		}
		if e := absDiff(v, orc); e < best {
			best, ck.Texunit = e, v
			for _, m := range ms {
				if !hasModel(ck.Models, m) {
					ck.Models = append(ck.Models, m)
				}
			}
		}
	}
	ck.Err = best
	ck.Pass = ck.Err <= ck.Tol
	ck.Note = fmt.Sprintf("lavapipe λ=%.7g", lambda)
	return ck
}

// unitImplicit checks texunit's own LOD for a gradient or quad query: its
// result must equal texunit sampled (with sample_l) at the exact Vulkan LOD,
// within the float32 evaluation of that LOD (category texunit_lod).
func (c *comparer) unitImplicit(id CaseID, q *Query, tu [4]float32) Check {
	s := &c.g.Smp
	in := c.lodInputs(q)
	st := finalState(c.u.st)
	ex := exactLambdaBase(&in, float64(c.u.st.MaxAnisotropy))
	sb := s.Bias
	if q.HasBias {
		sb += q.Bias
	}
	lp := ex + float64(clampBias(sb))
	uk := Check{Case: id, Category: CatUnitLod, Texunit: tu, Raw: math.NaN(), Tol: c.tightTol(q)}
	best := math.Inf(1)
	eps64 := 1e-5 * max(1, math.Abs(lp))
	for _, d := range []float64{0, -eps64, eps64} {
		l := lambdaClamp(s, float32(lp+d))
		if math.IsInf(ex, -1) {
			l = lambdaClamp(s, float32(math.Inf(-1)))
		}
		b, err := c.u.sampleAtLod(&st, s.Compare, q, l)
		if err != nil {
			uk.Err, uk.Note = math.Inf(1), "texunit error: "+err.Error()
			return uk
		}
		if e := absDiff(bitsVec(b), tu); e < best {
			best, uk.Oracle = e, bitsVec(b)
		}
	}
	uk.Err = best
	uk.Pass = uk.Err <= uk.Tol
	uk.Note = fmt.Sprintf("exact λ'=%.7g (reference in the oracle column)", lp)
	return uk
}

// aniso compares anisotropic implicit-LOD sampling on level-constant data.
// lavapipe's anisotropic path (README; measured) takes λ from ρmin, adds the
// biases, clamps to [minLod, maxLod] and reads the single level
// ⌊clamp(λ, 0, q)⌋ without blending levels; with every texel of a level
// equal, the probes' positions do not matter, so texunit sampling that
// level predicts the value.
func (c *comparer) aniso(ck Check, q *Query, lambda, lbase float32) Check {
	ck.Models = append(ck.Models, ModelAnisoLod, ModelAnisoLevel, ModelAnisoEWA)
	if c.g.Tex.Type.Name == "3d" {
		ck.Models = append(ck.Models, ModelAniso3D)
	}
	st := finalState(c.m.st)
	st.MipFilter = sampler.MipNearest
	qmax := float32(c.g.Tex.ViewLevels() - 1)
	eps := c.lodEps()
	best := math.Inf(1)
	base := ck.Tol
	for _, l := range []float32{lambda, lambda - eps, lambda + eps} {
		level := float32(math.Floor(float64(min(max(l, 0), qmax))))
		b, err := c.m.sampleAtLod(&st, c.g.Smp.Compare, q, level)
		if err != nil {
			ck.Err, ck.Note = math.Inf(1), "texunit error: "+err.Error()
			return ck
		}
		if e := absDiff(bitsVec(b), ck.Oracle); e < best {
			best, ck.Texunit = e, bitsVec(b)
			ck.Tol = base + c.ewaTol(lbase, level)
		}
	}
	ck.Err = best
	ck.Pass = ck.Err <= ck.Tol
	ck.Note = fmt.Sprintf("lavapipe λ=%.7g", lambda)
	return ck
}

// ewaTol bounds the rounding of lavapipe's anisotropic filter at a level:
// it is an elliptical weighted average (Heckbert's EWA, Mesa's
// lp_build_sample_aniso) over every texel of the ellipse's bounding box,
// each weighted from a Gaussian table, the weighted sum divided by the sum
// of the weights, all in float32. Even on level-constant data, where the
// kernel's shape does not matter, that leaves a relative error of up to
// about one ulp per texel summed, in the numerator and the denominator.
// The ellipse's major radius in texels of the level is at most
// maxAnisotropy·2^(λ_base − level), λ_base being the LOD before the biases,
// so the box holds at most (2·⌈ρ⌉ + 4)² texels.
func (c *comparer) ewaTol(lbase, level float32) float64 {
	rho := float64(c.g.Smp.MaxAniso) * math.Exp2(float64(lbase-level))
	if !(rho < 1<<9) {
		rho = 1 << 9 // a box of over a million texels: the bound no longer matters
	}
	side := 2*math.Ceil(rho) + 4
	return c.rng * 2 * side * side * 0x1p-24
}

func hasModel(ms []string, m string) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// dl is the LOD query's d_l − level_base for the final LOD λ, with the
// given nearest-mip rounding.
func (c *comparer) dl(lambda float32, nearest func(float32) float32) float32 {
	d := min(max(lambda, 0), float32(c.g.Tex.ViewLevels()-1))
	if c.g.Smp.Mip == "nearest" {
		return nearest(d)
	}
	return d
}

// cubeQueryDropsR reports whether lavapipe's LOD query drops the r
// component of the direction: on cube (not cube array) textures of every
// format except r8g8b8a8_unorm and b8g8r8a8_unorm, which take another code
// path in llvmpipe and follow the Vulkan formula.
func (c *comparer) cubeQueryDropsR() bool {
	f := c.g.Tex.Format
	return c.g.Tex.Type.Name == "cube" && f != format.R8G8B8A8Unorm && f != format.B8G8R8A8Unorm
}

// queryLod compares textureQueryLod: the oracle's (d_l, λ') with the
// lavapipe model.
func (c *comparer) queryLod(id CaseID, q *Query, orc [4]float32, raw float64) Check {
	s := &c.g.Smp
	in := c.lodInputs(q)
	ck := Check{Case: id, Category: CatQueryLod, Oracle: orc, Raw: raw, Models: []string{ModelFastLog2}}
	zeroR := c.cubeQueryDropsR()
	if zeroR {
		ck.Models = append(ck.Models, ModelCubeQuery)
	}
	lbase := lavapipeLambdaBase(&in, s.Anisotropic(), zeroR, s.MinLod == s.EffMaxLod())
	if s.Anisotropic() {
		ck.Models = append(ck.Models, ModelAnisoLod)
		if c.g.Tex.Type.Name == "3d" {
			ck.Models = append(ck.Models, ModelAniso3D)
		}
	}
	if c.g.Tex.Type.Cube && (s.Anisotropic() || s.MinLod == s.EffMaxLod()) {
		ck.Models = append(ck.Models, ModelCubeFD)
		if in.straddles(zeroR) {
			ck.Excluded = true
			ck.Note = "excluded: the quad straddles cube faces in lavapipe's finite-difference LOD path (unmodelled)"
			return ck
		}
	}
	eps := c.lodEps()
	ck.Err = math.Inf(1)
	// With minLod == maxLod lavapipe's d_l skips the sampler's LOD clamp.
	constLod := s.MinLod == s.EffMaxLod()
	for _, e := range []float32{0, -eps, eps} {
		lp := lbase + e + clampBias(s.Bias)
		l := lambdaClamp(s, lp)
		if constLod {
			l = lp
		}
		want := [4]float32{c.dl(l, roundHalfEven), lp}
		if d := lodDiff(want, orc); d < ck.Err {
			ck.Err, ck.Texunit = d, want
		}
	}
	if constLod && lambdaClamp(s, lbase+clampBias(s.Bias)) != lbase+clampBias(s.Bias) {
		ck.Models = append(ck.Models, ModelQueryConstLod)
	}
	ck.Tol = float64(eps) * 4 * max(1, math.Abs(float64(lbase)))
	if hasModel(ck.Models, ModelCubeFD) {
		// Differences of float32 face coordinates (each within an ulp,
		// 2^-24, of the exact ones) carry a relative error of about
		// 2^-23·N/ρ into ρ, and 1/ln 2 of that into λ.
		n := float64(c.g.Tex.LevelSize(c.g.Tex.BaseLevel)[0])
		ck.Tol += 2 * 0x1p-23 * n / math.Exp2(float64(lbase)) / math.Ln2
	}
	ck.Pass = ck.Err <= ck.Tol
	ck.Note = "texunit column: the lavapipe model"
	return ck
}

// unitQueryLod checks texunit's LOD query against the exact LOD.
func (c *comparer) unitQueryLod(id CaseID, q *Query, tu [4]float32) Check {
	s := &c.g.Smp
	in := c.lodInputs(q)
	ex := exactLambdaBase(&in, float64(c.u.st.MaxAnisotropy)) + float64(clampBias(s.Bias))
	uk := Check{Case: id, Category: CatUnitLod, Texunit: tu, Raw: math.NaN()}
	uk.Tol = 1e-5 * max(1, math.Abs(ex))
	if math.IsInf(uk.Tol, 0) {
		uk.Tol = 1e-5
	}
	uk.Err = math.Inf(1)
	for _, e := range []float64{0, -uk.Tol, uk.Tol} {
		lp := float32(ex + e)
		want := [4]float32{c.dl(lambdaClamp(s, lp), vulkanNearest), lp}
		if d := lodDiff(want, tu); d < uk.Err {
			uk.Err, uk.Oracle = d, want
		}
	}
	uk.Pass = uk.Err <= uk.Tol
	uk.Note = "oracle column: the exact LOD"
	return uk
}

// lodDiff compares (d_l, λ') pairs; equal infinities match.
func lodDiff(a, b [4]float32) float64 {
	return absDiff([4]float32{a[0], a[1]}, [4]float32{b[0], b[1]})
}
