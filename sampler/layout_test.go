package sampler

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestLayoutsSampleAlike checks that the storage layout changes addresses
// only: every operation on every kind, over random states and operands,
// returns the same bits, residency and lane errors on a surface in each
// layout as on the same texels in the linear layout (which also takes the
// specialised path where the others do not).
func TestLayoutsSampleAlike(t *testing.T) {
	layouts := []surface.Layout{surface.LayoutMorton, surface.LayoutTileY, surface.LayoutTile4, surface.LayoutBlockLinear}
	kinds := []surface.Kind{surface.Kind1D, surface.Kind1DArray, surface.Kind2D, surface.Kind2DArray, surface.Kind3D,
		surface.KindCube, surface.KindCubeArray, surface.Kind2DMS, surface.Kind2DMSArray}
	formats := []format.Format{format.R8G8B8A8Unorm, format.R8G8B8A8Srgb, format.R32G32B32A32Sfloat, format.R16G16B16A16Sfloat,
		format.R8Unorm, format.R32Uint, format.BC1RGBAUnormBlock, format.BC7UnormBlock, format.ETC2R8G8B8UnormBlock, format.R8G8B8Unorm}
	depths := []format.Format{format.D32Sfloat, format.D16Unorm}
	ops := Ops()
	rng := rand.New(rand.NewPCG(5, 25))
	n := 600
	if testing.Short() {
		n = 150
	}
	compared := 0
	for i := 0; i < n; i++ {
		op := ops[rng.IntN(len(ops))]
		kind := kinds[rng.IntN(len(kinds))]
		fm := formats[rng.IntN(len(formats))]
		switch {
		case op == OpFetchMS:
			kind = []surface.Kind{surface.Kind2DMS, surface.Kind2DMSArray}[rng.IntN(2)]
		case op.Kind() == KindGather && kind != surface.Kind2DArray && !kind.IsCube():
			kind = surface.Kind2D
		case kind.IsMultisample() && op.Kind() != KindQuery:
			kind = surface.Kind2DArray
		case op == OpFetch && kind.IsCube():
			kind = surface.Kind2DArray
		}
		if op.Compare() {
			fm = depths[rng.IntN(len(depths))]
			if kind == surface.Kind3D {
				kind = surface.Kind2D
			}
		}
		if fm.Info().Compressed && (kind.Dims() == 1 || kind.IsMultisample()) {
			fm = format.R8G8B8A8Unorm
		}
		w, h := 1+rng.IntN(70), 1+rng.IntN(40)
		d := surface.Desc{Kind: kind, Format: fm, Width: w, Height: h, Depth: 1 + rng.IntN(5), Layers: 1 + rng.IntN(3)}
		switch {
		case kind == surface.KindCube:
			d.Height, d.Layers = w, 6
		case kind == surface.KindCubeArray:
			d.Height, d.Layers = w, 6*d.Layers
		case kind.Dims() == 1:
			d.Height = 1
		}
		if kind != surface.Kind3D {
			d.Depth = 1
		}
		if !kind.IsArray() && !kind.IsCube() {
			d.Layers = 1
		}
		if kind.IsMultisample() {
			d.Samples = 1 << rng.IntN(4)
		}
		lin, err := surface.New(d)
		if err != nil {
			t.Fatalf("%+v: %v", d, err)
		}
		lin.FillHash(rng.Uint32(), -1, 2)
		if rng.IntN(3) == 0 && d.Samples <= 1 {
			if err := lin.SetTileSize(4, 4, 1); err == nil {
				_ = lin.SetResident(0, 0, 0, 0, 0, false)
			}
		}
		st := DefaultState()
		st.MagFilter, st.MinFilter = Filter(rng.IntN(2)), Filter(rng.IntN(2))
		st.MipFilter = MipFilter(rng.IntN(3))
		for c := range st.Address {
			st.Address[c] = AddressMode(rng.IntN(5))
		}
		st.Reduction = Reduction(rng.IntN(3))
		st.MaxAnisotropy = float32(1 + 4*rng.IntN(4))
		st.Border = BorderPreset(rng.IntN(4))
		if op.Compare() {
			st.Compare = CompareOp(1 + rng.IntN(8))
		}
		if fm.Info().Class != format.ClassFloat {
			st.MagFilter, st.MinFilter, st.MaxAnisotropy, st.Reduction = Nearest, Nearest, 1, ReductionWeightedAverage
			if st.MipFilter == MipLinear {
				st.MipFilter = MipNearest
			}
		}
		eng := &Engine{}
		if rng.IntN(4) == 0 {
			eng.Precision = HardwarePrecision()
		}
		const lanes = 16
		req := &Request{Op: op, Lanes: lanes}
		fl := func(lo, hi float32) []float32 {
			v := make([]float32, lanes)
			for j := range v {
				v[j] = lo + (hi-lo)*rng.Float32()
				if rng.IntN(40) == 0 {
					v[j] = float32(math.NaN())
				}
			}
			return v
		}
		il := func(lo, hi int) []int32 {
			v := make([]int32, lanes)
			for j := range v {
				v[j] = int32(lo + rng.IntN(hi-lo+1))
			}
			return v
		}
		for c := range 4 {
			req.Coord[c] = fl(-0.5, 1.5)
		}
		req.Lod, req.Bias, req.Ref = fl(-1, 5), fl(-2, 2), fl(-0.2, 1.2)
		for c := range 3 {
			req.DDX[c], req.DDY[c] = fl(-0.2, 0.2), fl(-0.2, 0.2)
		}
		for c := range 4 {
			req.Texel[c] = il(-2, 72)
		}
		req.Level, req.Sample = il(-1, 7), il(-1, 16)
		if rng.IntN(3) == 0 && !kind.IsCube() {
			for c := 0; c < kind.Dims(); c++ {
				req.Offset[c] = il(-8, 7)
			}
		}
		if op.Kind() == KindGather {
			req.Channel = make([]uint8, lanes)
			for j := range req.Channel {
				req.Channel[j] = uint8(rng.IntN(4))
			}
		}
		var want Result
		errWant := eng.Execute(lin.View(), &st, req, &want)
		for _, l := range layouts {
			s, err := surface.WithLayout(lin, l, []int{0, 1, 2, 32}[rng.IntN(4)]*b2i(l == surface.LayoutBlockLinear), 0)
			if err != nil {
				continue // a format the layout does not tile (r8g8b8_unorm)
			}
			name := fmt.Sprintf("case %d: %s on %v %v %dx%dx%d×%d, layout %v", i, op, kind, fm, d.Width, d.Height, d.Depth, d.Layers, l)
			var got Result
			errGot := eng.Execute(s.View(), &st, req, &got)
			if fmt.Sprint(errGot) != fmt.Sprint(errWant) {
				t.Fatalf("%s: error %v, linear %v", name, errGot, errWant)
			}
			if errWant != nil {
				continue
			}
			for j := range lanes {
				if laneErr(&got, j) != laneErr(&want, j) || got.Resident[j] != want.Resident[j] {
					t.Fatalf("%s lane %d: error %q resident %v, linear %q %v", name, j, laneErr(&got, j), got.Resident[j], laneErr(&want, j), want.Resident[j])
				}
				for c := range 4 {
					if got.Bits[c][j] != want.Bits[c][j] {
						t.Fatalf("%s lane %d channel %d: %08x, linear %08x", name, j, c, got.Bits[c][j], want.Bits[c][j])
					}
				}
			}
			compared++
		}
	}
	if compared < n {
		t.Fatalf("only %d requests compared", compared)
	}
	t.Logf("%d requests compared across layouts", compared)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
