package sampler

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestProjective: a projective request gives, bit for bit, what the same
// request gives on coordinates (and a compare reference) divided by q
// beforehand, for 1D, 2D and 3D views, implicit, explicit and gradient
// LODs, the LOD query and the compare forms, with q ≤ 0 among the lanes
// (divided as IEEE 754 does); arrays, cubes and gathers are errors.
func TestProjective(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	const n = 16
	for _, c := range []struct {
		kind surface.Kind
		f    format.Format
		op   Op
	}{
		{surface.Kind1D, format.R8G8B8A8Unorm, OpSampleL},
		{surface.Kind2D, format.R8G8B8A8Unorm, OpSample},
		{surface.Kind2D, format.R32G32B32A32Sfloat, OpSampleD},
		{surface.Kind2D, format.R8G8B8A8Unorm, OpLod},
		{surface.Kind2D, format.D32Sfloat, OpSampleLC},
		{surface.Kind2D, format.D16Unorm, OpSampleC},
		{surface.Kind3D, format.R8G8B8A8Unorm, OpSampleB},
	} {
		d := surface.Desc{Kind: c.kind, Format: c.f, Width: 32, Height: 32}
		if c.kind == surface.Kind1D {
			d.Height = 1
		}
		if c.kind == surface.Kind3D {
			d.Depth = 8
		}
		s := newSurface(t, d, false)
		st := linearState()
		st.MipFilter = MipLinear
		if c.op.Compare() {
			st.Compare = CompareLessOrEqual
		}
		dims := c.kind.Dims()
		proj := &Request{Op: c.op, Lanes: n, Projective: true, Lod: make([]float32, n), Bias: make([]float32, n), Ref: make([]float32, n)}
		plain := &Request{Op: c.op, Lanes: n, Lod: proj.Lod, Bias: proj.Bias}
		q := make([]float32, n)
		for i := range q {
			q[i] = 0.25 + 3*rng.Float32()
		}
		q[5], q[9], q[13] = 0, -1.5, float32(math.Inf(1))
		for k := range dims {
			proj.Coord[k], plain.Coord[k] = make([]float32, n), make([]float32, n)
			proj.DDX[k], proj.DDY[k] = make([]float32, n), make([]float32, n)
			for i := range n {
				proj.Coord[k][i] = 2 * rng.Float32()
				plain.Coord[k][i] = proj.Coord[k][i] / q[i]
				proj.DDX[k][i], proj.DDY[k][i] = 0.05*rng.Float32(), 0.05*rng.Float32()
			}
			plain.DDX[k], plain.DDY[k] = proj.DDX[k], proj.DDY[k]
		}
		proj.Coord[dims] = q
		plain.Ref = make([]float32, n)
		for i := range n {
			proj.Lod[i], proj.Bias[i], proj.Ref[i] = 3*rng.Float32(), rng.Float32()-0.5, rng.Float32()
			plain.Ref[i] = proj.Ref[i] / q[i]
		}
		if !c.op.Compare() {
			proj.Ref, plain.Ref = nil, nil
		}
		got := run(t, &Engine{}, s.View(), &st, proj)
		want := run(t, &Engine{}, s.View(), &st, plain)
		for i := range n {
			for ch := range 4 {
				if got.Bits[ch][i] != want.Bits[ch][i] {
					t.Fatalf("%v %s lane %d (q %v): %v, divided first %v", c.kind, c.op, i, q[i], got.Vec(i), want.Vec(i))
				}
			}
		}
	}
	arr := newSurface(t, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8Unorm, Width: 4, Height: 4, Layers: 2}, false)
	flat := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 4, Height: 4}, false)
	st := linearState()
	one := []float32{0.5}
	for _, tc := range []struct {
		v    surface.View
		req  *Request
		want string
	}{
		{arr.View(), &Request{Op: OpSampleLZ, Lanes: 1, Projective: true, Coord: [4][]float32{one, one, one}}, "projective: 2d_array surfaces have no projective operations"},
		{flat.View(), &Request{Op: OpGather4, Lanes: 1, Projective: true, Coord: [4][]float32{one, one, one}}, "projective: gather4 has no projective form"},
		{flat.View(), &Request{Op: OpSampleLZ, Lanes: 1, Projective: true, Coord: [4][]float32{one, one}}, "coord[2]"},
	} {
		if err := (&Engine{}).Execute(tc.v, &st, tc.req, &Result{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.req.Op, err, tc.want)
		}
	}
}
