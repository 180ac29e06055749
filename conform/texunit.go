package conform

import (
	"errors"
	"fmt"
	"math"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// unit runs one group's queries on texunit: the surface and view built from
// the group's texture, the sampler state from its sampler, and reusable
// request and result buffers.
type unit struct {
	eng  sampler.Engine
	view surface.View
	st   sampler.State
	tt   *TexType
	req  sampler.Request
	res  sampler.Result
	// lane storage
	coord  [4][4]float32
	lod    [4]float32
	bias   [4]float32
	ref    [4]float32
	ddx    [3][4]float32
	ddy    [3][4]float32
	off    [3][4]int32
	ch     [4]uint8
	texel  [4][4]int32
	level  [4]int32
	sample [4]int32
	// clampRef clamps D_ref to [0, 1] before running (a d32_sfloat decode
	// twin of a d16_unorm texture, which texunit would not clamp).
	clampRef bool
}

// newUnit builds the texunit side of group g.
func newUnit(g *Group) (*unit, error) {
	t := &g.Tex
	s, err := t.newSurface()
	if err != nil {
		return nil, fmt.Errorf("conform: group %d: %w", g.ID, err)
	}
	data, err := Stream(t)
	if err != nil {
		return nil, err
	}
	if err := s.Load(data); err != nil {
		return nil, fmt.Errorf("conform: group %d: %w", g.ID, err)
	}
	v, err := surface.NewView(s, t.BaseLevel, t.NLevels, t.BaseLayer, t.NLayers)
	if err != nil {
		return nil, fmt.Errorf("conform: group %d: %w", g.ID, err)
	}
	st, err := State(&g.Smp)
	if err != nil {
		return nil, fmt.Errorf("conform: group %d: %w", g.ID, err)
	}
	return &unit{view: v, st: st, tt: t.Type}, nil
}

var (
	filterMap = map[string]sampler.Filter{"nearest": sampler.Nearest, "linear": sampler.Linear}
	mipMap    = map[string]sampler.MipFilter{"nearest": sampler.MipNearest, "linear": sampler.MipLinear}
	addrMap   = map[string]sampler.AddressMode{"repeat": sampler.WrapRepeat, "mirror": sampler.WrapMirroredRepeat,
		"clamp": sampler.WrapClampToEdge, "border": sampler.WrapClampToBorder, "mirrorclamp": sampler.WrapMirrorClampToEdge}
	compareMap = map[string]sampler.CompareOp{"never": sampler.CompareNever, "less": sampler.CompareLess,
		"equal": sampler.CompareEqual, "lequal": sampler.CompareLessOrEqual, "greater": sampler.CompareGreater,
		"notequal": sampler.CompareNotEqual, "gequal": sampler.CompareGreaterOrEqual, "always": sampler.CompareAlways}
	reductionMap = map[string]sampler.Reduction{"": sampler.ReductionWeightedAverage, "avg": sampler.ReductionWeightedAverage,
		"min": sampler.ReductionMin, "max": sampler.ReductionMax}
	borderMap = map[string]sampler.BorderPreset{"float_transparent_black": sampler.BorderTransparentBlack,
		"float_opaque_black": sampler.BorderOpaqueBlack, "float_opaque_white": sampler.BorderOpaqueWhite,
		"custom": sampler.BorderCustom}
)

// ErrCubicUnrefereed is State's error for a cubic filter ("mag=cubic" or
// "min=cubic"): lavapipe on Mesa 22.3 has no VK_EXT_filter_cubic, so the
// oracle cannot run it and the harness has nothing to compare texunit's
// cubic filtering with. Its referee is the float64 model of the
// specification's cubic equations in package sampler's tests
// (docs/CONFORMANCE.md, "Cubic filtering").
var ErrCubicUnrefereed = errors.New("cubic filtering: lavapipe (Mesa 22.3) has no VK_EXT_filter_cubic, so the oracle cannot referee it (its referee is sampler's float64 model, docs/CONFORMANCE.md)")

// State translates an oracle sampler into texunit's sampler state.
func State(s *Sampler) (sampler.State, error) {
	var st sampler.State
	var ok bool
	if s.Mag == "cubic" || s.Min == "cubic" {
		field := "mag"
		if s.Mag != "cubic" {
			field = "min"
		}
		return st, fmt.Errorf("sampler %s %q: %w", field, "cubic", ErrCubicUnrefereed)
	}
	if st.MagFilter, ok = filterMap[s.Mag]; !ok {
		return st, fmt.Errorf("sampler mag %q", s.Mag)
	}
	if st.MinFilter, ok = filterMap[s.Min]; !ok {
		return st, fmt.Errorf("sampler min %q", s.Min)
	}
	if st.MipFilter, ok = mipMap[s.Mip]; !ok {
		return st, fmt.Errorf("sampler mip %q", s.Mip)
	}
	for i, a := range s.Addr {
		if st.Address[i], ok = addrMap[a]; !ok {
			return st, fmt.Errorf("sampler address %q", a)
		}
	}
	if st.Border, ok = borderMap[s.Border.Preset]; !ok {
		return st, fmt.Errorf("sampler border %q", s.Border.Preset)
	}
	if st.Border == sampler.BorderCustom {
		for i, c := range s.Border.Custom {
			st.BorderColor[i] = float64(c)
		}
	}
	st.LodBias = s.Bias
	st.MinLod = s.MinLod
	st.MaxLod = s.EffMaxLod()
	st.MaxAnisotropy = 1
	if s.Aniso {
		st.MaxAnisotropy = min(max(s.MaxAniso, 1), 16)
	}
	st.Compare = sampler.CompareNone
	if s.Compare {
		if st.Compare, ok = compareMap[s.CompareOp]; !ok {
			return st, fmt.Errorf("sampler compareop %q", s.CompareOp)
		}
	}
	if st.Reduction, ok = reductionMap[s.Reduction]; !ok {
		return st, fmt.Errorf("sampler reduction %q", s.Reduction)
	}
	st.Unnormalized = s.Unnorm
	st.NonSeamless = s.NonSeamless
	return st, st.Validate()
}

// lanes resets the request to op over n lanes, pointing its operand slices
// at the unit's lane storage.
func (u *unit) lanes(op sampler.Op, n int) *sampler.Request {
	r := &u.req
	*r = sampler.Request{Op: op, Lanes: n}
	for c := 0; c < 4; c++ {
		r.Coord[c] = u.coord[c][:n]
		r.Texel[c] = u.texel[c][:n]
	}
	for c := 0; c < 3; c++ {
		r.DDX[c] = u.ddx[c][:n]
		r.DDY[c] = u.ddy[c][:n]
	}
	r.Lod, r.Bias, r.Ref = u.lod[:n], u.bias[:n], u.ref[:n]
	r.Channel, r.Level, r.Sample = u.ch[:n], u.level[:n], u.sample[:n]
	return r
}

func (u *unit) setOffset(r *sampler.Request, q *Query, n int) {
	if !q.HasOff {
		return
	}
	for c := 0; c < u.tt.Offs; c++ {
		for i := 0; i < n; i++ {
			u.off[c][i] = q.Off[c]
		}
		r.Offset[c] = u.off[c][:n]
	}
}

// setPoint puts the query's coordinates into lane 0.
func (u *unit) setPoint(q *Query) {
	for c := 0; c < u.tt.Coords; c++ {
		u.coord[c][0] = q.P[c]
	}
}

// setQuad builds the 2×2 quad the oracle renders: pixel (i, j) at
// p + i·dx + j·dy, evaluated in float32 as (p + dx) + dy, spatial
// components only; lanes 0..3 are pixels (0,0), (1,0), (0,1), (1,1).
func (u *unit) setQuad(q *Query) {
	for c := 0; c < u.tt.Coords; c++ {
		p := q.P[c]
		if c < u.tt.Grads {
			dx, dy := q.DX[c], q.DY[c]
			px := float32(p + dx)
			u.coord[c][0] = p
			u.coord[c][1] = px
			u.coord[c][2] = float32(p + dy)
			u.coord[c][3] = float32(px + dy)
		} else {
			for i := 0; i < 4; i++ {
				u.coord[c][i] = p
			}
		}
	}
}

// exec runs the request and returns lane 0's result bits.
func (u *unit) exec(st *sampler.State) ([4]uint32, error) {
	if u.clampRef {
		for i := range u.ref {
			u.ref[i] = min(max(u.ref[i], 0), 1)
		}
	}
	if err := u.eng.Execute(u.view, st, &u.req, &u.res); err != nil {
		return [4]uint32{}, err
	}
	if len(u.res.LaneErr) > 0 && u.res.LaneErr[0] != nil {
		return [4]uint32{}, u.res.LaneErr[0]
	}
	var b [4]uint32
	for c := 0; c < 4; c++ {
		b[c] = u.res.Bits[c][0]
	}
	return b, nil
}

// run executes query q the way the oracle does, under sampler state st, and
// returns texunit's result in the oracle's output layout.
func (u *unit) run(st *sampler.State, s *Sampler, q *Query) ([4]uint32, error) {
	cmp := s.Compare
	switch q.Op {
	case OpLod:
		op := sampler.OpSampleL
		if cmp {
			op = sampler.OpSampleLC
		}
		r := u.lanes(op, 1)
		u.setPoint(q)
		u.lod[0], u.ref[0] = q.Lod, q.Dref
		u.setOffset(r, q, 1)
		b, err := u.exec(st)
		return u.shadow(cmp, b), err
	case OpGrad:
		op := sampler.OpSampleD
		if cmp {
			op = sampler.OpSampleDC
		}
		r := u.lanes(op, 1)
		u.setPoint(q)
		for c := 0; c < 3; c++ {
			u.ddx[c][0], u.ddy[c][0] = q.DX[c], q.DY[c]
		}
		u.ref[0] = q.Dref
		u.setOffset(r, q, 1)
		b, err := u.exec(st)
		return u.shadow(cmp, b), err
	case OpGather:
		wide := false
		for c := 0; c < u.tt.Offs && q.HasOff; c++ {
			wide = wide || q.Off[c] < -8 || q.Off[c] > 7
		}
		var op sampler.Op
		switch {
		case wide && cmp:
			op = sampler.OpGather4POC
		case wide:
			op = sampler.OpGather4PO
		case cmp:
			op = sampler.OpGather4C
		default:
			op = sampler.OpGather4
		}
		r := u.lanes(op, 1)
		u.setPoint(q)
		u.ch[0], u.ref[0] = uint8(q.Comp), q.Dref
		if cmp {
			u.ch[0] = 0
		}
		u.setOffset(r, q, 1)
		return u.exec(st)
	case OpFetch:
		op := sampler.OpFetch
		if u.tt.MS {
			op = sampler.OpFetchMS
		}
		r := u.lanes(op, 1)
		for c := 0; c < u.tt.Fetch; c++ {
			u.texel[c][0] = q.T[c]
		}
		u.level[0], u.sample[0] = q.Level, q.Sample
		u.setOffset(r, q, 1)
		return u.exec(st)
	case OpSize, OpLevels:
		u.lanes(sampler.OpResInfo, 1)
		u.level[0] = q.Level
		b, err := u.exec(st)
		if err != nil {
			return b, err
		}
		var o [4]uint32
		if q.Op == OpLevels {
			o[0] = math.Float32bits(float32(b[3]))
			return o, nil
		}
		for c := 0; c < u.tt.Size; c++ {
			o[c] = math.Float32bits(float32(b[c]))
		}
		return o, nil
	case OpSamples:
		u.lanes(sampler.OpSampleInfo, 1)
		b, err := u.exec(st)
		return [4]uint32{math.Float32bits(float32(b[0]))}, err
	case OpQueryLod:
		u.lanes(sampler.OpLod, 4)
		u.setQuad(q)
		b, err := u.exec(st)
		b[2], b[3] = 0, 0
		return b, err
	case OpTex:
		op := sampler.OpSampleB
		if cmp {
			op = sampler.OpSampleBC
		}
		r := u.lanes(op, 4)
		u.setQuad(q)
		for i := 0; i < 4; i++ {
			u.bias[i], u.ref[i] = q.Bias, q.Dref
		}
		u.setOffset(r, q, 4)
		b, err := u.exec(st)
		return u.shadow(cmp, b), err
	}
	return [4]uint32{}, fmt.Errorf("conform: op %v", q.Op)
}

// shadow puts a compare result in the oracle's shape: the result in x, the
// other components 0.
func (u *unit) shadow(cmp bool, b [4]uint32) [4]uint32 {
	if cmp {
		b[1], b[2], b[3] = 0, 0, 0
	}
	return b
}

// sampleAtLod samples q's point (and offset and reference) with sample_l
// at the given base LOD λ_base under state st: the value the oracle's
// implicit-LOD or gradient query should give if its LOD were λ_base.
func (u *unit) sampleAtLod(st *sampler.State, cmp bool, q *Query, lambdaBase float32) ([4]uint32, error) {
	op := sampler.OpSampleL
	if cmp {
		op = sampler.OpSampleLC
	}
	r := u.lanes(op, 1)
	u.setPoint(q)
	u.lod[0], u.ref[0] = lambdaBase, q.Dref
	u.setOffset(r, q, 1)
	b, err := u.exec(st)
	return u.shadow(cmp, b), err
}
