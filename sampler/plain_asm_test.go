//go:build amd64 && !purego

package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
	"github.com/texunit/texunit/surface"
)

// The plain requests' assembly stages (plain_amd64.s) against the Go
// code they stand for, entry by entry and bit for bit: the plan's GatherPlain
// against gatherPlainLanes, the stages the cube and anisotropic gatherers
// will share (lanes.EntriesAsm, lanes.LodBiasAsm, lanes.LevelsAsm with bias and lower-clamp
// operands) against entries8's values, lodBias, lambdas and the level
// selection, and lanes.PlainFootprintsAsm against pipeline.Plan.FootprintsOneLevel.

// plainSpecials are the operands at the rules' edges.
var plainSpecials = []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9, 2e9,
	float32(math.Copysign(0, -1)), 0, 0.5, -0.5, 1, -1, 1e-40, 3e38, -3e38, 16, -16, 17}

// plainOperand returns a value of plainSpecials or a random one near the
// levels.
func plainOperand(rng *rand.Rand, levels int) float32 {
	if rng.IntN(6) == 0 {
		return plainSpecials[rng.IntN(len(plainSpecials))]
	}
	return float32(rng.IntN(8*levels+16)-8) / 8
}

func TestGatherPlainAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	type setup struct {
		f   format.Format
		ops []Op
	}
	checked := 0
	for _, su := range []setup{
		{format.R8G8B8A8Unorm, []Op{OpSampleL, OpSampleLZ, OpSampleD, OpGather4, OpGather4L}},
		{format.R32G32B32A32Sfloat, []Op{OpSampleL, OpSampleD, OpGather4}},
		{format.D32Sfloat, []Op{OpSampleLC, OpSampleCLZ, OpSampleDC, OpGather4C}},
	} {
		for iter := 0; iter < 200; iter++ {
			op := su.ops[rng.IntN(len(su.ops))]
			lanes := 8 * (1 + rng.IntN(20))
			w, h := []int{1, 4, 13, 64, 256}[rng.IntN(5)], []int{1, 8, 11, 64}[rng.IntN(4)]
			levels := 1
			for max(w, h)>>levels > 0 {
				levels++
			}
			// A 2D array one time in two (its own random stream).
			krng := rand.New(rand.NewPCG(uint64(iter), uint64(su.f)))
			kind, layers := surface.Kind2D, 1
			if krng.IntN(2) == 0 {
				kind, layers = surface.Kind2DArray, 1+krng.IntN(5)
			}
			s := newSurface(t, surface.Desc{Kind: kind, Format: su.f, Width: w, Height: h, Levels: levels, Layers: layers}, false)
			v := s.View()
			if layers > 1 {
				v.BaseLayer = krng.IntN(layers)
				v.Layers = layers - v.BaseLayer
			}
			if levels > 1 && rng.IntN(3) == 0 {
				v.BaseLevel = rng.IntN(levels)
				v.Levels = levels - v.BaseLevel
			}
			st := linearState()
			st.MipFilter = MipFilter(rng.IntN(3))
			// A valid state: a finite bias, clamps not NaN and in order.
			for st.LodBias = plainOperand(rng, 2); !finite32(st.LodBias); st.LodBias = plainOperand(rng, 2) {
			}
			if rng.IntN(2) == 0 {
				for st.MinLod = plainOperand(rng, levels); st.MinLod != st.MinLod; st.MinLod = plainOperand(rng, levels) {
				}
				st.MaxLod = st.MinLod + float32(rng.IntN(8))/2
			}
			if op.Compare() {
				st.Compare = CompareOp(1 + rng.IntN(8))
			}
			req := &Request{Op: op, Lanes: lanes}
			req.Coord[0], req.Coord[1] = make([]float32, lanes), make([]float32, lanes)
			if kind == surface.Kind2DArray {
				req.Coord[2] = layerCoords(krng, lanes, v.Layers)
			}
			req.Lod, req.Ref = make([]float32, lanes), make([]float32, lanes)
			for c := range 2 {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
			}
			if rng.IntN(3) == 0 {
				req.MinLod = make([]float32, lanes)
			}
			for i := range lanes {
				req.Coord[0][i], req.Coord[1][i] = plainOperand(rng, 1), plainOperand(rng, 1)
				req.Ref[i] = plainOperand(rng, 1)
				req.Lod[i] = plainOperand(rng, levels)
				for c := range 2 {
					req.DDX[c][i] = plainOperand(rng, 1) / float32(max(w, h))
					req.DDY[c][i] = plainOperand(rng, 1) / float32(max(w, h))
				}
				if req.MinLod != nil {
					req.MinLod[i] = plainOperand(rng, levels)
				}
			}
			var x exec
			if err := x.setup(altPrecision(iter), v, &st, req); err != nil {
				t.Fatal(err)
			}
			if x.laneForms(req)&formVec == 0 {
				t.Fatalf("%s %s: not formVec", su.f, op)
			}
			first := 8 * rng.IntN(lanes/8)
			end := min(first+laneChunk, lanes) // gatherPlainLanes' chunk
			got, want := new(laneSet), new(laneSet)
			o := laneOperands(req)
			if next, ok := x.fast.plan.GatherPlain(&o, got, first, end); !ok || next != end {
				t.Fatalf("GatherPlain(%d, %d) = %d, %v", first, end, next, ok)
			}
			if x.hw {
				x.gatherLanes(req, nil, want, first) // runLanes2D's Go gatherer in hardware precision
			} else {
				x.gatherPlainLanes(req, nil, want, first)
			}
			if got.N != want.N || got.NP != want.NP || got.Lanes != want.Lanes {
				t.Fatalf("counts %d %d %d, want %d %d %d", got.N, got.NP, got.Lanes, want.N, want.NP, want.Lanes)
			}
			ints := map[string][2]*[laneChunk]int32{"lane": {&got.Lane, &want.Lane}, "first": {&got.First, &want.First},
				"count": {&got.Count, &want.Count}, "layer": {&got.Layer, &want.Layer}, "face": {&got.Face, &want.Face},
				"offU": {&got.OffU, &want.OffU}, "offV": {&got.OffV, &want.OffV}, "hi": {&got.Hi, &want.Hi}, "lo": {&got.Lo, &want.Lo}}
			floats := map[string][2]*[laneChunk]float32{"s": {&got.S, &want.S}, "t": {&got.T, &want.T},
				"ref": {&got.Ref, &want.Ref}, "delta": {&got.Delta, &want.Delta}}
			for k := range end - first {
				i := first + k
				for name, a := range ints {
					if a[0][k] != a[1][k] {
						t.Fatalf("%s %s %dx%d view %d+%d mip %v bias %v lod [%v, %v] lane %d (lod %v, dx %v %v, dy %v %v, minLod %v): %s %d, want %d",
							su.f, op, w, h, v.BaseLevel, v.Levels, st.MipFilter, st.LodBias, st.MinLod, st.MaxLod, i, req.Lod[i],
							req.DDX[0][i], req.DDX[1][i], req.DDY[0][i], req.DDY[1][i], req.MinLod, name, a[0][k], a[1][k])
					}
				}
				for name, a := range floats {
					if math.Float32bits(a[0][k]) != math.Float32bits(a[1][k]) {
						t.Fatalf("%s %s lane %d: %s %v, want %v", su.f, op, i, name, a[0][k], a[1][k])
					}
				}
				if got.Ch[k] != want.Ch[k] {
					t.Fatalf("%s %s lane %d: channel %d, want %d", su.f, op, i, got.Ch[k], want.Ch[k])
				}
			}
			checked++
		}
	}
	t.Logf("%d chunks compared", checked)
}

// TestLevelStagesAgree runs the level stages with the operands only the
// cube and anisotropic gatherers give them (shader biases, lower clamps,
// every mode) against lodBias, lambdas and the level selection lane by
// lane, and lanes.EntriesAsm against entries8's values.
func TestLevelStagesAgree(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	rng := rand.New(rand.NewPCG(23, 24))
	for iter := 0; iter < 2000; iter++ {
		levels := 1 + rng.IntN(15)
		st := DefaultState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.LodBias = plainOperand(rng, 2)
		st.MinLod = plainOperand(rng, levels)
		st.MaxLod = plainOperand(rng, levels)
		x := exec{plan: &plan{levels: levels}, st: &st}
		setPrecision(&x, altPrecision(iter))
		x.bias0 = lodBias(st.LodBias, 0)
		n := 8 * (1 + rng.IntN(laneChunk/8))
		var base, shader, minLod, bias [laneChunk]float32
		for j := range n {
			base[j], shader[j], minLod[j] = plainOperand(rng, levels), plainOperand(rng, 2), plainOperand(rng, levels)
		}
		lanes.LodBiasAsm(st.LodBias, &shader[0], n, &bias[0])
		for j := range n {
			if want := lodBias(st.LodBias, shader[j]); math.Float32bits(bias[j]) != math.Float32bits(want) {
				t.Fatalf("lodBias(%v, %v) = %v, want %v", st.LodBias, shader[j], bias[j], want)
			}
		}
		withMin := rng.IntN(2) == 0
		var ml *float32
		req := &Request{}
		if withMin {
			ml, req.MinLod = &minLod[0], minLod[:n]
		}
		var hi, lo [laneChunk]int32
		var delta [laneChunk]float32
		var ls pipeline.LevelStage
		x.levelKey(&ls, st.MipFilter, LodExplicit)
		p := ls.LevelParams()
		only := rng.IntN(4) == 0
		if only {
			// λ as it is, which the stage takes from lambdas and the
			// base-level forms' 0: never NaN (the Go selection's min and
			// max would keep a NaN, the vector's compares make it 0).
			p.Only = 1
			for j := range n {
				if base[j] != base[j] {
					base[j] = 0
				}
			}
		}
		bp := &bias[0]
		if rng.IntN(2) == 0 {
			bp = nil // bias0
		}
		lanes.LevelsAsm(&p, &base[0], bp, ml, n, &hi[0], &lo[0], &delta[0])
		for j := range n {
			lambda := base[j]
			if !only {
				shaderBias := shader[j]
				if bp == nil {
					shaderBias = 0
				}
				_, lambda = x.lambdas(base[j], shaderBias, x.laneMinLod(req, j))
			}
			want := x.selectLevels(lambda)
			if hi[j] != want.hi || lo[j] != want.lo || math.Float32bits(delta[j]) != math.Float32bits(want.delta) {
				t.Fatalf("levels %d mip %v bias %v lod [%v, %v] only %v: base %v shader %v minLod %v (%v): (%d, %d, %v), want (%d, %d, %v)",
					levels, st.MipFilter, st.LodBias, st.MinLod, st.MaxLod, only, base[j], shader[j], minLod[j], withMin,
					hi[j], lo[j], delta[j], want.hi, want.lo, want.delta)
			}
		}
		// entries8 for a group of lanes at some entries.
		c := new(laneSet)
		for k := range laneChunk {
			c.OffU[k], c.OffV[k], c.Ch[k], c.Ref[k], c.Lane[k], c.First[k], c.Count[k] = 9, 9, 9, 9, 9, 9, 9
		}
		k0 := 8 * rng.IntN(laneChunk/8)
		m := 8 * (1 + rng.IntN((laneChunk-k0)/8))
		lane := rng.IntN(1000)
		var rp *float32
		if rng.IntN(2) == 0 {
			rp = &base[0]
		}
		lanes.EntriesAsm(c, k0, m, lane, rp)
		for k := range laneChunk {
			in := k >= k0 && k < k0+m
			var ref float32
			if rp != nil && in {
				ref = base[k-k0]
			}
			ok := c.OffU[k] == 0 && c.OffV[k] == 0 && c.Ch[k] == 0 && math.Float32bits(c.Ref[k]) == math.Float32bits(ref) &&
				c.Lane[k] == int32(lane+k-k0) && c.First[k] == int32(k) && c.Count[k] == 1
			untouched := c.OffU[k] == 9 && c.OffV[k] == 9 && c.Ch[k] == 9 && c.Ref[k] == 9 && c.Lane[k] == 9 && c.First[k] == 9 && c.Count[k] == 9
			if in && !ok || !in && !untouched {
				t.Fatalf("lanes.EntriesAsm(k %d, n %d, lane %d): entry %d (%d %d %d %v %d %d %d)", k0, m, lane, k,
					c.OffU[k], c.OffV[k], c.Ch[k], c.Ref[k], c.Lane[k], c.First[k], c.Count[k])
			}
		}
	}
}

// TestPlainFootprintsAsmAgrees runs runPlainLevel's footprint loop against
// pipeline.Plan.FootprintsOneLevel on the same points at level 0: every offset and
// fraction, and false exactly where a group has a coordinate beyond ±2^30
// or NaN; on 2D views and on 2D arrays (each entry at a layer of its own).
func TestPlainFootprintsAsmAgrees(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("the assembly does not run on this CPU")
	}
	// Both forms where the CPU has AVX-512 (lanes.Foot512), else the AVX2
	// one alone; hardware precision runs the AVX2 form in both passes.
	forms := []bool{false}
	if lanes.Foot512 {
		forms = append(forms, true)
	}
	defer func(v bool) { lanes.Foot512 = v }(lanes.Foot512)
	for _, wide := range forms {
		lanes.Foot512 = wide
		rng := rand.New(rand.NewPCG(25, 26))
		rejected := 0
		for iter := 0; iter < 600; iter++ {
			f := []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat}[rng.IntN(2)]
			// Widths 5 and 24 give rows a multiplication apart (lanes.FootParams.Ysh
			// −1), the others rows a shift apart.
			w, h := []int{1, 2, 16, 64, 256, 5, 24}[rng.IntN(7)], []int{1, 8, 13, 64}[rng.IntN(4)]
			// A 2D array one time in two (its own random stream).
			krng := rand.New(rand.NewPCG(uint64(iter), 5))
			kind, layers := surface.Kind2D, 1
			if krng.IntN(2) == 0 {
				kind, layers = surface.Kind2DArray, 1+krng.IntN(4)
			}
			s := newSurface(t, surface.Desc{Kind: kind, Format: f, Width: 2 * w, Height: 2 * h, Levels: 2, Layers: layers}, false)
			// The surface's second level (w × h) as a view of one level, or its
			// first (2w × 2h).
			v := surface.View{Surface: s, BaseLevel: 1, Levels: 1, Layers: layers}
			if layers > 1 {
				v.BaseLayer = krng.IntN(layers)
				v.Layers = layers - v.BaseLayer
			}
			if rng.IntN(2) == 0 {
				v.BaseLevel = 0
				w, h = 2*w, 2*h
			}
			st := linearState()
			st.Address[0], st.Address[1] = AddressMode(rng.IntN(2)*int(WrapClampToEdge)), AddressMode(rng.IntN(2)*int(WrapClampToEdge))
			if !vecWrap(st.Address[0], int32(w)) {
				st.Address[0] = WrapClampToEdge
			}
			if !vecWrap(st.Address[1], int32(h)) {
				st.Address[1] = WrapClampToEdge
			}
			req := &Request{Op: OpSampleLZ, Lanes: laneChunk}
			req.Coord[0], req.Coord[1], req.Coord[2] = make([]float32, laneChunk), make([]float32, laneChunk), make([]float32, laneChunk)
			var x exec
			if err := x.setup(altPrecision(iter), v, &st, req); err != nil {
				t.Fatal(err)
			}
			if !x.plainLevelAsm(LodZero) {
				t.Fatalf("%s %dx%d address %v: plainLevelAsm false", f, w, h, st.Address)
			}
			n := 8 * (1 + rng.IntN(laneChunk/8))
			special := rng.IntN(4) == 0
			got, want := new(laneSet), new(laneSet)
			for k := range n {
				u, v := rng.Float32()*5-2, rng.Float32()*5-2
				if rng.IntN(3) == 0 { // texel centres and edges
					u = float32(rng.IntN(8*w+1)-4*w) / float32(2*w)
				}
				if special && rng.IntN(16) == 0 {
					u = plainSpecials[rng.IntN(len(plainSpecials))]
				}
				got.S[k], got.T[k], want.S[k], want.T[k] = u, v, u, v
				want.Layer[k], want.Face[k] = int32(x.view.BaseLayer), -1
				if x.array { // the entry's layer, as lanes.LayersAsm writes it
					want.Layer[k] += int32(krng.IntN(x.layers))
					got.Layer[k] = want.Layer[k]
				}
			}
			want.NP = n
			var refs [laneChunk]float32
			for k := range refs {
				refs[k] = float32(k)
			}
			var p lanes.FootParams
			x.fast.plan.Key.FootParams(&x.fast.levels[0], &p)
			ok := lanes.PlainFootprintsAsm(&p, &got.S[0], &got.T[0], &refs[0], n, got)
			var lvl [laneChunk]int32
			if !x.fast.plan.FootprintsOneLevel(want, &lvl, &want.FP) {
				t.Fatal("pipeline.Plan.FootprintsOneLevel declined")
			}
			inRange := true
			for k := range n {
				u := float32(want.S[k]*float32(w)) - 0.5
				v := float32(want.T[k]*float32(h)) - 0.5
				inRange = inRange && abs32(u) < 1<<30 && abs32(v) < 1<<30
			}
			if ok != inRange {
				t.Fatalf("lanes.PlainFootprintsAsm = %v, want %v", ok, inRange)
			}
			if !ok {
				rejected++
				continue
			}
			for k := range n {
				for q := range 4 {
					if got.FP.O[q][k] != want.FP.O[q][k] {
						t.Fatalf("%s %dx%d layer %d address %v entry %d (%v, %v): offset %d = %d, want %d", f, w, h, x.view.BaseLayer,
							st.Address, k, got.S[k], got.T[k], q, got.FP.O[q][k], want.FP.O[q][k])
					}
				}
				if math.Float32bits(got.FP.FA[k]) != math.Float32bits(want.FP.FA[k]) || math.Float32bits(got.FP.FB[k]) != math.Float32bits(want.FP.FB[k]) {
					t.Fatalf("entry %d (%v, %v): fractions (%v, %v), want (%v, %v)", k, got.S[k], got.T[k],
						got.FP.FA[k], got.FP.FB[k], want.FP.FA[k], want.FP.FB[k])
				}
				if got.Ref[k] != refs[k] {
					t.Fatalf("entry %d: reference %v, want %v", k, got.Ref[k], refs[k])
				}
			}
			// Entries past n are left alone (the AVX-512 form's last eight).
			for k := n; k < laneChunk; k++ {
				if got.FP.O[0][k]|got.FP.O[1][k]|got.FP.O[2][k]|got.FP.O[3][k] != 0 || got.FP.FA[k] != 0 || got.FP.FB[k] != 0 || got.Ref[k] != 0 {
					t.Fatalf("wide %v, n %d: entry %d written", wide, n, k)
				}
			}
		}
		t.Logf("wide %v: %d chunks rejected", wide, rejected)
	}
}
