package conform

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"sort"

	"github.com/texunit/texunit/format"
)

// GenOptions tune the generator.
type GenOptions struct {
	// MinQueries and MaxQueries bound the number of queries of a group
	// (defaults 16 and 48). Every group is one oracle run.
	MinQueries, MaxQueries int
}

func (o GenOptions) bounds() (int, int) {
	lo, hi := o.MinQueries, o.MaxQueries
	if lo <= 0 {
		lo = 16
	}
	if hi < lo {
		hi = max(lo, 48)
	}
	return lo, hi
}

// GroupSeed derives group id's seed from the run seed (SplitMix64 of both),
// so any group can be regenerated on its own.
func GroupSeed(seed uint64, id int) uint64 {
	z := seed + 0x9e3779b97f4a7c15*uint64(id+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Generate returns groups 0, 1, … of the run with the given seed until they
// hold at least n cases.
func Generate(seed uint64, n int, o GenOptions) []*Group {
	var gs []*Group
	for total, id := 0, 0; total < n; id++ {
		g := GenerateGroup(seed, id, o)
		gs = append(gs, g)
		total += len(g.Queries)
	}
	return gs
}

// gen is the state of generating one group.
type gen struct {
	r      *rand.Rand
	g      *Group
	stream []byte // the texture's texel stream, built on demand
}

func (z *gen) intn(n int) int               { return z.r.IntN(n) }
func (z *gen) chance(p float64) bool        { return z.r.Float64() < p }
func (z *gen) uniform(a, b float64) float64 { return a + (b-a)*z.r.Float64() }
func pick[T any](z *gen, v ...T) T          { return v[z.r.IntN(len(v))] }

// GenerateGroup returns group id of the run with the given seed. It depends
// only on (seed, id, o).
func GenerateGroup(seed uint64, id int, o GenOptions) *Group {
	gs := GroupSeed(seed, id)
	z := &gen{r: rand.New(rand.NewPCG(gs, gs^0x5851f42d4c957f2d)), g: &Group{ID: id, Seed: gs}}
	z.group(o)
	return z.g
}

// themes and their weights: most groups exercise general sampling; some
// aim at features that need a restricted setup.
var themes = []struct {
	name   string
	weight int
}{
	{"general", 12},
	{"point", 4},
	{"compare", 4},
	{"minmax", 2},
	{"aniso", 2},
	{"unnorm", 1},
	{"ms", 2},
}

func (z *gen) theme() string {
	total := 0
	for _, t := range themes {
		total += t.weight
	}
	k := z.intn(total)
	for _, t := range themes {
		if k < t.weight {
			return t.name
		}
		k -= t.weight
	}
	return "general"
}

func (z *gen) group(o GenOptions) {
	g := z.g
	g.Theme = z.theme()
	g.Smp = DefaultSampler()
	z.texture()
	z.sampler()
	lo, hi := o.bounds()
	n := lo + z.intn(hi-lo+1)
	z.queries(n)
}

// texture picks the type, format, size, levels, view and data.
func (z *gen) texture() {
	g := z.g
	t := &g.Tex
	var types []string
	var fmts []format.Format
	colour := []format.Format{format.R8Unorm, format.R8G8Unorm, format.R8G8B8A8Unorm, format.R8G8B8A8Srgb,
		format.R8G8B8A8Snorm, format.B8G8R8A8Unorm, format.B8G8R8A8Srgb, format.R16Sfloat,
		format.R16G16B16A16Sfloat, format.R32Sfloat, format.R32G32B32A32Sfloat}
	all := append(append([]format.Format(nil), colour...), format.D16Unorm, format.D32Sfloat)
	switch g.Theme {
	case "ms":
		types = []string{"2dms", "2dmsarray"}
		fmts = colour
	case "compare":
		types = []string{"1d", "1darray", "2d", "2darray", "cube", "cubearray"}
		fmts = []format.Format{format.D16Unorm, format.D32Sfloat}
	case "minmax":
		types = []string{"1d", "1darray", "2d", "2darray", "3d", "cube", "cubearray"}
		for _, f := range Formats {
			if f.MinMax { // min/max reduction needs FILTER_MINMAX
				fmts = append(fmts, f.Format)
			}
		}
	case "aniso":
		// Not 1d/1darray: anisotropic sampling of 1D textures crashes lavapipe.
		types = []string{"2d", "2darray", "2d", "cube", "cubearray", "3d"}
		fmts = colour
	case "unnorm":
		types = []string{"1d", "2d"}
		fmts = all
	default:
		types = []string{"1d", "1darray", "2d", "2darray", "3d", "cube", "cubearray", "2d", "2darray"}
		fmts = all
	}
	tt, _ := LookupTexType(pick(z, types...))
	t.Type = tt
	t.Format = pick(z, fmts...)
	if t.Format.Info().Depth && tt.Name == "3d" {
		t.Format = pick(z, colour...)
	}
	// Size: mostly small, sometimes non-power-of-two, sometimes large.
	dim := func(maxLog int) int {
		switch {
		case z.chance(0.5):
			return 1 << z.intn(maxLog+1)
		default:
			return 1 + z.intn(1<<maxLog)
		}
	}
	t.Height, t.Depth = 1, 1
	switch {
	case tt.Grads == 1 && !tt.MS:
		t.Width = dim(8)
	case tt.Name == "3d":
		t.Width, t.Height, t.Depth = dim(4), dim(4), dim(4)
	case tt.Cube:
		t.Width = dim(5)
		t.Height = t.Width
	case tt.MS:
		t.Width, t.Height = dim(4), dim(4)
	default:
		t.Width, t.Height = dim(6), dim(6)
		if z.chance(0.1) {
			t.Width, t.Height = dim(8), dim(8)
		}
	}
	switch {
	case tt.Name == "cube":
		t.Layers = 6
	case tt.Name == "cubearray":
		t.Layers = 6 * (1 + z.intn(3))
	case tt.Array:
		t.Layers = 1 + z.intn(5)
	default:
		t.Layers = 1
	}
	full := bits.Len(uint(max(t.Width, t.Height, t.Depth)))
	t.Samples = 1
	t.Levels = 1
	if tt.MS {
		t.Samples = pick(z, 1, 4, 4)
	} else if z.chance(0.8) {
		t.Levels = 1 + z.intn(full)
		if z.chance(0.5) {
			t.Levels = full
		}
	}
	// View: sometimes a sub-range of levels and layers.
	if t.Levels > 1 && z.chance(0.25) {
		t.BaseLevel = z.intn(t.Levels)
		t.NLevels = 1 + z.intn(t.Levels-t.BaseLevel)
	}
	if tt.Array && t.Layers > 1 && z.chance(0.3) {
		if tt.Cube {
			cubes := t.Layers / 6
			b := z.intn(cubes)
			t.BaseLayer = 6 * b
			if z.chance(0.3) && cubes-b > 1 {
				t.BaseLayer = 6*b + 1 + z.intn(5) // a view may start at any layer
				if t.Layers-t.BaseLayer < 6 {
					t.BaseLayer = 6 * b
				}
			}
			t.NLayers = 6 * (1 + z.intn((t.Layers-t.BaseLayer)/6))
		} else {
			t.BaseLayer = z.intn(t.Layers)
			t.NLayers = 1 + z.intn(t.Layers-t.BaseLayer)
		}
	}
	// Data.
	t.Data = Data{Mode: DataHash, Seed: z.r.Uint32(), Lo: 0, Hi: 1}
	in := t.Format.Info()
	if in.Numeric == format.NumericSfloat && !in.Depth {
		switch z.intn(4) {
		case 0:
			t.Data.Lo, t.Data.Hi = -1, 1
		case 1:
			t.Data.Lo, t.Data.Hi = -100, 300
		case 2:
			t.Data.Lo, t.Data.Hi = 0.25, 0.5
		}
	}
	if g.Theme == "aniso" {
		t.Data.Mode = DataLevelConst
	} else if z.chance(0.15) && !in.Depth {
		t.Data.Mode = DataCoords
	}
}

// sampler picks the sampler state within the group's theme.
func (z *gen) sampler() {
	g := z.g
	s := &g.Smp
	t := &g.Tex
	filt := func() string { return pick(z, "nearest", "linear") }
	s.Mag, s.Min, s.Mip = filt(), filt(), filt()
	modes := []string{"repeat", "mirror", "clamp", "border", "mirrorclamp"}
	for i := range s.Addr {
		s.Addr[i] = pick(z, modes...)
	}
	if z.chance(0.4) {
		s.Addr[1], s.Addr[2] = s.Addr[0], s.Addr[0]
	}
	switch z.intn(5) {
	case 0:
		s.Border = Border{Preset: "float_opaque_black"}
	case 1:
		s.Border = Border{Preset: "float_opaque_white"}
	case 2:
		s.Border = Border{Preset: "custom"}
		for i := range s.Border.Custom {
			s.Border.Custom[i] = float32(z.uniform(-0.5, 1.5))
		}
	}
	if z.chance(0.3) {
		s.Bias = float32(z.uniform(-3, 3))
		if z.chance(0.25) {
			// |mipLodBias| ≤ maxSamplerLodBias (16) is valid usage; with a
			// shader bias the sum can still exceed it.
			s.Bias = float32(pick(z, -16.0, 16.0, 15.5, -15.5))
		}
	}
	if z.chance(0.3) {
		s.MinLod = float32(z.uniform(0, 3))
		if z.chance(0.3) {
			s.MinLod = float32(z.intn(3))
		}
	}
	if z.chance(0.3) {
		s.MaxLodNone = false
		s.MaxLod = s.MinLod + float32(z.uniform(0, 4))
		if z.chance(0.3) {
			s.MaxLod = s.MinLod
		}
	}
	if t.Type.Cube && z.chance(0.2) {
		s.NonSeamless = true
	}
	depth := t.Format.Info().Depth
	switch g.Theme {
	case "point":
		s.Mag, s.Min, s.Mip = "nearest", "nearest", "nearest"
	case "compare":
		s.Compare = true
		s.CompareOp = pick(z, "never", "less", "equal", "lequal", "greater", "notequal", "gequal", "always")
	case "minmax":
		s.Reduction = pick(z, "min", "max")
		s.Min = s.Mag
	case "aniso":
		s.Mag, s.Min = "linear", "linear"
		s.Aniso = true
		s.MaxAniso = float32(pick(z, 2, 4, 8, 16, 1+z.intn(16)))
		for i := range s.Addr {
			if s.Addr[i] == "border" {
				s.Addr[i] = "clamp"
			}
		}
	case "unnorm":
		s.Unnorm = true
		s.Min = s.Mag
		s.Mip = "nearest"
		s.MinLod, s.MaxLod, s.MaxLodNone = 0, 0, false
		s.Bias = 0
		s.Addr[0] = pick(z, "clamp", "border")
		s.Addr[1] = pick(z, "clamp", "border")
		t.NLevels = 1
	}
	if depth && g.Theme != "compare" && g.Theme != "minmax" && z.chance(0.5) {
		// Depth formats lack FILTER_LINEAR on lavapipe; keep half of the
		// non-compare depth groups to nearest filtering.
		s.Mag, s.Min = "nearest", "nearest"
	}
}

// queries appends n queries valid for the group's texture and sampler.
func (z *gen) queries(n int) {
	g := z.g
	tt := g.Tex.Type
	var ops []Op
	switch {
	case tt.MS:
		ops = []Op{OpFetch, OpFetch, OpFetch, OpFetch, OpSize, OpSamples}
	case g.Smp.Unnorm:
		ops = []Op{OpLod, OpLod, OpLod, OpLod, OpFetch, OpSize}
	case g.Smp.Aniso:
		ops = []Op{OpTex, OpTex, OpTex, OpTex, OpQueryLod}
	default:
		ops = []Op{OpLod, OpLod, OpLod, OpGrad, OpGrad, OpTex, OpTex, OpQueryLod, OpLevels, OpSize}
		if tt.Gather {
			ops = append(ops, OpGather, OpGather, OpGather)
		}
		if tt.Fetch > 0 {
			ops = append(ops, OpFetch, OpFetch)
		}
	}
	// A small palette of offsets per group keeps the oracle's shader variants
	// (one per distinct offset) few, so its compiled shaders are reused.
	var offs [][3]int32
	for k := 0; k < 3; k++ {
		var o [3]int32
		for c := 0; c < tt.Offs; c++ {
			o[c] = int32(z.intn(16) - 8)
		}
		offs = append(offs, o)
	}
	gatherOff := offs[z.intn(3)]
	if z.chance(0.3) {
		for c := 0; c < tt.Offs; c++ {
			gatherOff[c] = int32(z.intn(64) - 32)
		}
	}
	sizeLevel := int32(z.intn(g.Tex.ViewLevels()))
	for len(g.Queries) < n {
		op := pick(z, ops...)
		q := Query{Op: op}
		switch op {
		case OpLod:
			z.point(&q)
			q.Lod = z.lod()
			if g.Smp.Unnorm {
				q.Lod = 0
			}
		case OpGrad, OpQueryLod:
			z.point(&q)
			z.derivs(&q)
		case OpTex:
			z.point(&q)
			if z.chance(0.4) && z.texBiasOK() {
				q.HasBias = true
				q.Bias = float32(z.uniform(-2, 2))
			}
			z.derivs(&q)
			if !z.texBiasOK() {
				q.HasBias, q.Bias = false, 0
			}
		case OpGather:
			z.point(&q)
			q.Comp = z.intn(4)
			if tt.Offs > 0 && z.chance(0.4) {
				q.HasOff, q.Off = true, gatherOff
			}
		case OpFetch:
			z.fetch(&q)
		case OpSize:
			q.Level = sizeLevel
		}
		if g.Smp.Compare && (op == OpLod || op == OpGrad || op == OpGather || op == OpTex) {
			q.Dref = z.dref()
			if z.chance(0.3) {
				if d, ok := z.texelAt(&q); ok {
					q.Dref = d // equal to a texel: the compare ops differ on equality
				}
			}
		}
		if (op == OpLod || op == OpGrad || op == OpTex) && tt.Offs > 0 && !g.Smp.Unnorm && z.chance(0.3) {
			q.HasOff, q.Off = true, offs[z.intn(len(offs))]
		}
		if op == OpFetch && tt.Offs > 0 && !tt.MS && z.chance(0.3) {
			o := offs[z.intn(len(offs))]
			// Keep the offset texel inside the level (out-of-range fetches
			// are undefined without robustImageAccess2).
			s := g.Tex.LevelSize(g.Tex.BaseLevel + int(q.Level))
			ok := true
			for c := 0; c < tt.Offs; c++ {
				v := q.T[c] + o[c]
				ok = ok && v >= 0 && int(v) < s[c]
			}
			if ok {
				q.HasOff, q.Off = true, o
			}
		}
		g.Queries = append(g.Queries, q)
	}
	// Size queries go first: lavapipe's textureSize takes the level of lane
	// 0 of each SIMD vector (README), whatever op that lane runs, so every
	// vector holding a size query must start with one of the same level.
	sort.SliceStable(g.Queries, func(i, j int) bool { return g.Queries[i].Op == OpSize && g.Queries[j].Op != OpSize })
}

// texBiasOK reports whether GLSL has texture(…, bias) for the sampler type:
// not for sampler2DArrayShadow and samplerCubeArrayShadow.
func (z *gen) texBiasOK() bool {
	g := z.g
	if !g.Smp.Compare {
		return true
	}
	return g.Tex.Type.Name != "2darray" && g.Tex.Type.Name != "cubearray"
}

// coordinate returns a normalized coordinate: uniform, on a texel centre
// or edge of some level, or outside [0, 1].
func (z *gen) coordinate(size int) float32 {
	switch z.intn(6) {
	case 0: // texel centre of level 0 or 1
		s := max(1, size>>z.intn(2))
		return float32((float64(z.intn(s)) + 0.5) / float64(s))
	case 1: // near a texel edge
		s := max(1, size>>z.intn(2))
		return float32((float64(z.intn(s+1)) + z.uniform(-1e-3, 1e-3)) / float64(s))
	case 2:
		return float32(z.uniform(-1.5, 2.5))
	default:
		return float32(z.r.Float64())
	}
}

// point sets q.P: normalized (or unnormalized) coordinates and the layer.
func (z *gen) point(q *Query) {
	g := z.g
	t := &g.Tex
	tt := t.Type
	size := t.LevelSize(t.BaseLevel)
	if tt.Cube {
		z.direction(q)
	} else {
		for c := 0; c < tt.Grads; c++ {
			if g.Smp.Unnorm {
				q.P[c] = float32(z.uniform(-1, float64(size[c])+1))
				if z.chance(0.3) {
					q.P[c] = float32(z.intn(size[c]+1)) + pick(z, float32(0), 0.5)
				}
			} else {
				q.P[c] = z.coordinate(size[c])
			}
		}
	}
	if tt.Array {
		layers := t.ViewLayers()
		if tt.Cube {
			layers /= 6
		}
		a := float64(z.intn(layers))
		switch z.intn(4) {
		case 0:
			a += z.uniform(-0.5, 0.5)
		case 1:
			a = float64(z.intn(layers+2)) - 1 // out of range: clamped
		case 2:
			a += 0.5 // RNE tie
		}
		q.P[tt.Coords-1] = float32(a)
	}
}

// direction sets a cube map direction: random, near an edge or corner, or on
// a face-selection tie.
func (z *gen) direction(q *Query) {
	var d [3]float64
	for c := range d {
		d[c] = z.r.NormFloat64()
	}
	k := z.intn(6)
	if z.g.Smp.Aniso {
		// Away from edges: lavapipe's anisotropic cube LOD is unmodelled
		// for quads that straddle faces (compare.go).
		k = 5
	}
	switch k {
	case 0: // near an edge: two largest magnitudes nearly equal
		i, j := z.intn(3), 0
		j = (i + 1 + z.intn(2)) % 3
		m := math.Max(math.Abs(d[i]), math.Abs(d[j])) + 0.5
		d[i] = math.Copysign(m, d[i])
		d[j] = math.Copysign(m*(1+z.uniform(-2e-3, 2e-3)), d[j])
	case 1: // exact tie between two axes
		i := z.intn(3)
		j := (i + 1 + z.intn(2)) % 3
		m := math.Max(math.Abs(d[i]), math.Abs(d[j])) + 0.5
		d[i] = math.Copysign(m, d[i])
		d[j] = math.Copysign(m, d[j])
	case 2: // near a corner
		m := 1.0
		for c := range d {
			d[c] = math.Copysign(m*(1+z.uniform(-3e-3, 3e-3)), d[c])
		}
	}
	for c := range d {
		q.P[c] = float32(d[c])
	}
}

// lod returns an explicit LOD: uniform over the levels and beyond, integers,
// and exact nearest-mip ties (k + ½).
func (z *gen) lod() float32 {
	q := float64(z.g.Tex.ViewLevels() - 1)
	switch z.intn(5) {
	case 0:
		return float32(z.intn(int(q)+2)) + 0.5
	case 1:
		return float32(z.intn(int(q) + 2))
	}
	return float32(z.uniform(-1.5, q+1.5))
}

// derivs sets the derivatives: a footprint of 2^-3 … 2^5 texels of the base
// level, isotropic or anisotropic, in a random direction.
func (z *gen) derivs(q *Query) {
	g := z.g
	t := &g.Tex
	tt := t.Type
	size := t.LevelSize(t.BaseLevel)
	scale := math.Exp2(z.uniform(-3, 5))
	if z.chance(0.05) {
		scale = math.Exp2(z.uniform(-14, -8)) // tiny footprints: λ_base far below 0
	}
	if b := g.Smp.Bias; math.Abs(float64(b)) >= 15.5 && q.Op == OpTex && !g.Smp.Aniso && z.chance(0.6) {
		// Make the ±16 clamp of the bias sum visible: a shader bias of the
		// same sign, and a footprint that brings λ' = λ_base + bias back
		// into the level range.
		q.HasBias = true
		q.Bias = float32(math.Copysign(z.uniform(0.5, 2), float64(b)))
		// Vulkan's λ' = λ_base ± 16 lands inside the levels; lavapipe's
		// unclamped sum lands up to 2 levels further.
		target := z.uniform(0.2, max(0.4, float64(t.ViewLevels()-1)-0.2))
		scale = math.Exp2(target - math.Copysign(16, float64(b)))
	}
	if tt.Cube && g.Smp.Aniso {
		// lavapipe's anisotropic cube LOD is unmodelled when the quad
		// straddles faces (compare.go); keep most footprints on one face.
		scale = math.Exp2(z.uniform(-3, 2))
	}
	ratio := 1.0
	if z.chance(0.6) {
		ratio = math.Exp2(z.uniform(0, 5))
	}
	if tt.Cube {
		// Derivatives of the direction; a face spans 2 units of the
		// unnormalized direction.
		for c := 0; c < 3; c++ {
			q.DX[c] = float32(z.r.NormFloat64() * scale * 2 / float64(size[0]) * 0.6)
			q.DY[c] = float32(z.r.NormFloat64() * scale * 2 / float64(size[0]) * 0.6 / ratio)
		}
		if z.chance(0.5) {
			q.DX, q.DY = q.DY, q.DX
		}
		return
	}
	a := z.uniform(0, 2*math.Pi)
	var ux, uy [3]float64
	switch tt.Grads {
	case 1:
		ux[0] = math.Cos(a)
		uy[0] = math.Sin(a)
	case 2:
		ux[0], ux[1] = math.Cos(a), math.Sin(a)
		uy[0], uy[1] = -math.Sin(a), math.Cos(a)
	default:
		for c := 0; c < 3; c++ {
			ux[c], uy[c] = z.r.NormFloat64()*0.6, z.r.NormFloat64()*0.6
		}
	}
	for c := 0; c < tt.Grads; c++ {
		q.DX[c] = float32(ux[c] * scale / float64(size[c]))
		q.DY[c] = float32(uy[c] * scale / ratio / float64(size[c]))
	}
	if z.chance(0.5) {
		q.DX, q.DY = q.DY, q.DX
	}
	if z.chance(0.05) {
		q.DX, q.DY = [3]float32{}, [3]float32{}
	}
}

// dref returns a depth reference: uniform in and around [0, 1], or exactly
// a value a D16 texel can have.
func (z *gen) dref() float32 {
	switch z.intn(5) {
	case 0:
		return float32(float64(z.intn(65536)) / 65535)
	case 1:
		return pick(z, float32(0), 1, -0.25, 1.25)
	}
	return float32(z.uniform(-0.05, 1.05))
}

// texelAt returns the depth texunit decodes for the texel under q's point
// at the view's base level (nearest, clamped), for a D_ref equal to it.
// Not for cube maps.
func (z *gen) texelAt(q *Query) (float32, bool) {
	t := &z.g.Tex
	tt := t.Type
	if tt.Cube || !t.Format.Info().Depth {
		return 0, false
	}
	if z.stream == nil {
		b, err := Stream(t)
		if err != nil {
			return 0, false
		}
		z.stream = b
	}
	l := t.BaseLevel
	size := t.LevelSize(l)
	var xyz [3]int
	for c := 0; c < tt.Grads; c++ {
		v := math.Floor(float64(q.P[c]) * float64(size[c]))
		xyz[c] = int(min(max(v, 0), float64(size[c]-1)))
	}
	layer := t.BaseLayer
	if tt.Array {
		a := math.RoundToEven(float64(q.P[tt.Coords-1]))
		layer += int(min(max(a, 0), float64(t.ViewLayers()-1)))
	}
	off := 0
	for k := 0; k < l; k++ {
		s := t.LevelSize(k)
		off += s[0] * s[1] * s[2] * t.Layers * t.Samples * t.Format.Info().Bytes
	}
	i := ((layer*size[2]+xyz[2])*size[1]+xyz[1])*size[0] + xyz[0]
	off += i * t.Format.Info().Bytes
	return t.Format.Decode(z.stream[off:])[0], true
}

// fetch sets an in-range texel, level and sample.
func (z *gen) fetch(q *Query) {
	t := &z.g.Tex
	tt := t.Type
	if !tt.MS {
		q.Level = int32(z.intn(t.ViewLevels()))
	}
	s := t.LevelSize(t.BaseLevel + int(q.Level))
	dims := tt.Fetch
	if tt.Array {
		dims--
		q.T[dims] = int32(z.intn(t.ViewLayers()))
	}
	for c := 0; c < dims; c++ {
		q.T[c] = int32(z.intn(s[c]))
	}
	if tt.MS {
		q.Sample = int32(z.intn(t.Samples))
	}
}
