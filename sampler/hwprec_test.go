package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// quantValues are texel coordinates and LODs for every fraction width b
// (1..16): multiples of 2^−b and the ties between them, each with its
// neighbours one ulp away, negatives, zeros of both signs, subnormals,
// magnitudes from 2^22 to 2^31 and random values of every exponent.
func quantValues(rng *rand.Rand) []float32 {
	v := []float32{0, float32(math.Copysign(0, -1)), 1e-45, -1e-45, 1e-40, -1e-38, 0.5, -0.5,
		1 << 22, -(1 << 22), (1 << 23) + 0.5, 1 << 23, -(1 << 23), 1<<24 + 2, 1 << 29, -(1 << 29),
		(1 << 30) - 64, -(1 << 30) + 64, 3e38, -3e38}
	for b := 1; b <= 16; b++ {
		step := math.Ldexp(1, -b)
		for range 200 {
			k := float64(rng.IntN(1<<12) - 1<<11)
			if rng.IntN(8) == 0 {
				k = float64(rng.IntN(1<<30) - 1<<29)
			}
			for _, m := range []float64{k, k + 0.5} {
				x := float32(m * step)
				v = append(v, x, math.Nextafter32(x, float32(math.Inf(1))), math.Nextafter32(x, float32(math.Inf(-1))))
			}
		}
	}
	for range 20000 {
		v = append(v, math.Float32frombits(rng.Uint32()&^(0xff<<23)|uint32(90+rng.IntN(70))<<23))
	}
	return v
}

// TestQuantizeTwins checks the lane loop's roundings (hwprec.go) against
// the reference's: subtexel's floor and fraction are split's index and
// weight, bit for bit, and lodStep is quantizeLod, for every SubtexelBits
// and LodBits.
func TestQuantizeTwins(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	vals := quantValues(rng)
	lods := append(vals, float32(math.Inf(1)), float32(math.Inf(-1)))
	for b := 1; b <= 16; b++ {
		p := Precision{Mode: Hardware, SubtexelBits: b, LodBits: b}
		x := exec{plan: &plan{prec: p, hw: true, subMul: math.Ldexp(1, b), lodMul: math.Ldexp(1, b), q: quantStepsFor(p)}}
		for _, u := range vals {
			if !(abs32(u) < 1<<30) {
				continue
			}
			i, f := x.split(u)
			uq := x.q.subtexel(u)
			fl := floor32(uq)
			if int32(fl) != i || math.Float32bits(uq-fl) != math.Float32bits(f) {
				t.Fatalf("b %d: subtexel(%v) = %v: floor %v, fraction %v; split gives %d, %v", b, u, uq, fl, uq-fl, i, f)
			}
		}
		for _, l := range lods {
			if got, want := x.q.lodStep(l), x.quantizeLod(l); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("b %d: lodStep(%v) = %v, quantizeLod %v", b, l, got, want)
			}
		}
	}
	// NaN and the infinities stay what they are (the loops send them to
	// the reference).
	q := quantStepsFor(Precision{Mode: Hardware, SubtexelBits: 8, LodBits: 8})
	for _, v := range []float32{float32(math.Inf(1)), float32(math.Inf(-1))} {
		if q.subtexel(v) != v || q.lodStep(v) != v {
			t.Errorf("%v: subtexel %v, lodStep %v", v, q.subtexel(v), q.lodStep(v))
		}
	}
	if nan := float32(math.NaN()); !isNaN32(q.subtexel(nan)) || !isNaN32(q.lodStep(nan)) {
		t.Error("NaN does not stay NaN")
	}
}

// hwPrecision returns a hardware precision with random widths (1..16).
func hwPrecision(rng *rand.Rand) Precision {
	return Precision{Mode: Hardware, SubtexelBits: 1 + rng.IntN(16), LodBits: 1 + rng.IntN(16)}
}

// hwCoord returns a normalized coordinate whose texel coordinate on an
// axis of n texels lies at a SubtexelBits boundary (a multiple of 2^−b, or
// the tie between two), one ulp beside one, a texel centre or edge, or
// far outside; or one of the specials.
func hwCoord(rng *rand.Rand, n, b int) float32 {
	step := math.Ldexp(1, -b)
	k := float64(rng.IntN(4*n<<b) - n<<b)
	switch rng.IntN(10) {
	case 0:
		return []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e9, -1e9, 3e38,
			float32(math.Copysign(0, -1)), 0, 1, 0.5}[rng.IntN(10)]
	case 1, 2, 3: // a tie: u − ½ = (k + ½)·2^−b
		return float32(((k+0.5)*step + 0.5) / float64(n))
	case 4, 5: // on the grid
		return float32((k*step + 0.5) / float64(n))
	case 6: // an ulp beside a tie
		s := float32(((k+0.5)*step + 0.5) / float64(n))
		return math.Nextafter32(s, float32(math.Inf(1-2*rng.IntN(2))))
	case 7:
		return float32(rng.IntN(2*n+1)-n/2) / float32(2*n)
	}
	return rng.Float32()*3 - 1
}

// hwLod returns an LOD (or bias) at a LodBits boundary: a multiple of
// 2^−b, a tie, an ulp beside one, or a special.
func hwLod(rng *rand.Rand, b int, special bool) float32 {
	step := math.Ldexp(1, -b)
	k := float64(rng.IntN(12<<b) - 4<<b)
	switch rng.IntN(8) {
	case 0:
		if special {
			return []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e30, -1e30,
				float32(math.Copysign(0, -1))}[rng.IntN(6)]
		}
	case 1, 2, 3:
		return float32((k + 0.5) * step)
	case 4:
		return math.Nextafter32(float32((k+0.5)*step), float32(math.Inf(1-2*rng.IntN(2))))
	case 5:
		return float32(k * step)
	}
	return float32(rng.IntN(25)-6) / 4
}

// TestHardwareLanesAgree runs the lane loop in hardware precision against
// the reference: random SubtexelBits and LodBits, every format, view kind
// (2D, 2D array, cube, cube array) and operation the loop takes (bilinear
// and trilinear sampling with every LOD source, anisotropic, gathers,
// percentage-closer filtering), coordinates and LODs at the roundings'
// boundaries (ties, negatives, an ulp beside, huge values, NaN), and
// checks that the vector gatherers take their share.
func TestHardwareLanesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261125, 12))
	type setup struct {
		f   format.Format
		ops []Op
	}
	colour := []Op{OpSample, OpSampleB, OpSampleL, OpSampleLZ, OpSampleD, OpGather4, OpGather4L, OpGather4PO}
	setups := []setup{
		{format.R8G8B8A8Unorm, colour}, {format.R8G8B8A8Srgb, colour}, {format.B8G8R8A8Unorm, colour},
		{format.B8G8R8A8Srgb, colour}, {format.R32G32B32A32Sfloat, colour}, {format.BC1RGBAUnormBlock, colour},
		{format.D32Sfloat, []Op{OpSampleC, OpSampleLC, OpSampleDC, OpSampleCLZ, OpGather4C}},
	}
	forms := map[laneForm]int{}
	checked := 0
	for iter := 0; iter < 3000; iter++ {
		su := setups[rng.IntN(len(setups))]
		op := su.ops[rng.IntN(len(su.ops))]
		prec := hwPrecision(rng)
		sb, lb := prec.SubtexelBits, prec.LodBits
		kind, layers := surface.Kind2D, 1
		switch rng.IntN(5) {
		case 1:
			kind, layers = surface.Kind2DArray, 1+rng.IntN(4)
		case 2:
			kind, layers = surface.KindCube, 6
		case 3:
			kind, layers = surface.KindCubeArray, 12
		}
		cube := kind.IsCube()
		if cube && op == OpGather4PO {
			op = OpGather4
		}
		w, h := []int{1, 4, 8, 13, 64}[rng.IntN(5)], []int{1, 2, 8, 11, 64}[rng.IntN(5)]
		if cube {
			h = w
		}
		s := newSurface(t, surface.Desc{Kind: kind, Format: su.f, Width: w, Height: h, Layers: layers,
			Levels: []int{1, 0}[rng.IntN(2)]}, false)
		st := linearState()
		st.MipFilter = MipFilter(rng.IntN(3))
		st.Address = [3]AddressMode{AddressMode(rng.IntN(5)), AddressMode(rng.IntN(5)), WrapRepeat}
		if rng.IntN(3) == 0 {
			m := []AddressMode{WrapRepeat, WrapClampToEdge}[rng.IntN(2)] // the vector footprints' wraps
			st.Address[0], st.Address[1] = m, m
		}
		st.LodBias = hwLod(rng, lb, false) / 2
		if rng.IntN(2) == 0 {
			st.MinLod = min(max(hwLod(rng, lb, false), -4), 4)
			st.MaxLod = st.MinLod + float32(rng.IntN(8))/2
		}
		if op.Kind() != KindGather && rng.IntN(3) == 0 {
			st.MaxAnisotropy = []float32{2, 4.5, 16}[rng.IntN(3)]
		}
		if op.Compare() {
			st.Compare = CompareOp(1 + rng.IntN(8))
		}
		lanes := []int{5, 8, 16, 64, 72, 136}[rng.IntN(6)]
		if op.Implicit() {
			lanes &^= 3 // quads
		}
		req := &Request{Op: op, Lanes: lanes}
		for c := range 4 {
			req.Coord[c] = make([]float32, lanes)
		}
		lvl := rng.IntN(s.Levels) // the level whose texel boundaries the coordinates hit
		lw, lh := max(1, w>>lvl), max(1, h>>lvl)
		for i := range lanes {
			req.Coord[0][i], req.Coord[1][i] = hwCoord(rng, lw, sb), hwCoord(rng, lh, sb)
			req.Coord[2][i] = float32(rng.IntN(2*layers+3)-2) / 2 // layers, their ties included
			if cube {
				// A major axis of ±1: the face coordinates are (s, t).
				ma := float32(1 - 2*rng.IntN(2))
				sc, tc := 2*req.Coord[0][i]-1, 2*req.Coord[1][i]-1
				switch rng.IntN(3) {
				case 0:
					req.Coord[0][i], req.Coord[1][i], req.Coord[2][i] = ma, tc, sc
				case 1:
					req.Coord[0][i], req.Coord[1][i], req.Coord[2][i] = sc, ma, tc
				default:
					req.Coord[0][i], req.Coord[1][i], req.Coord[2][i] = sc, tc, ma
				}
				req.Coord[3][i] = float32(rng.IntN(5)-1) / 2
			}
		}
		if op.Implicit() {
			// Quads whose differences are powers of two over the size, so
			// that ρ is a power of two and λ lands on a tie with the bias.
			dims := 2
			if cube {
				dims = 3
			}
			for i := 0; i+3 < lanes; i += 4 {
				d := float32(math.Ldexp(1, rng.IntN(6)-2)) / float32(w)
				for c := range dims {
					req.Coord[c][i+1] = req.Coord[c][i] + d*float32(rng.IntN(2))
					req.Coord[c][i+2] = req.Coord[c][i] + d*float32(rng.IntN(2))
					req.Coord[c][i+3] = req.Coord[c][i]
				}
			}
		}
		switch op.LodSource() {
		case LodExplicit:
			req.Lod = make([]float32, lanes)
			for i := range req.Lod {
				req.Lod[i] = hwLod(rng, lb, true)
			}
		case LodBias:
			req.Bias = make([]float32, lanes)
			for i := range req.Bias {
				req.Bias[i] = hwLod(rng, lb, true)
			}
		case LodGradient:
			for c := range 3 {
				req.DDX[c], req.DDY[c] = make([]float32, lanes), make([]float32, lanes)
				for i := range lanes {
					req.DDX[c][i] = float32(math.Ldexp(1, rng.IntN(7)-2)) / float32(w) * float32(rng.IntN(3)-1)
					req.DDY[c][i] = float32(math.Ldexp(1, rng.IntN(7)-2)) / float32(h) * float32(rng.IntN(3)-1)
					if rng.IntN(16) == 0 {
						req.DDX[c][i] = cubeSpecials[rng.IntN(len(cubeSpecials))]
					}
				}
			}
		}
		if rng.IntN(3) == 0 && op.LodSource() != LodBaseLevel {
			req.MinLod = make([]float32, lanes)
			for i := range req.MinLod {
				req.MinLod[i] = hwLod(rng, lb, false)
			}
		}
		if op.Compare() {
			req.Ref = make([]float32, lanes)
			for i := range req.Ref {
				req.Ref[i] = float32(rng.IntN(9)) / 8
			}
		}
		if op.Kind() == KindGather && !op.Compare() {
			req.Channel = make([]uint8, lanes)
			for i := range req.Channel {
				req.Channel[i] = uint8(rng.IntN(4))
			}
		}
		if !cube && (op.ProgrammableOffsets() || rng.IntN(4) == 0) {
			lo, hi := -8, 7
			if op.ProgrammableOffsets() {
				lo, hi = -32, 31
			}
			for c := range 2 {
				req.Offset[c] = make([]int32, lanes)
				for i := range req.Offset[c] {
					req.Offset[c][i] = int32(lo + rng.IntN(hi-lo+1))
				}
			}
		}
		if rng.IntN(5) == 0 {
			req.Active = make([]bool, lanes)
			for i := range req.Active {
				req.Active[i] = rng.IntN(4) != 0
			}
		}
		var x exec
		if err := x.setup(prec, s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		if x.fast.lanes == laneNone {
			t.Fatalf("%s %s %s: the lane loop is not taken in hardware precision", su.f, kind, op)
		}
		fv := x.laneForms(req)
		for _, f := range []laneForm{formPlain, formVec, formCubeVec, formAnisoVec, formLevel} {
			if fv&f != 0 {
				forms[f]++
			}
		}
		fast, ref := bothPathsIn(t, prec, s.View(), &st, req)
		for i := range lanes {
			if laneErr(fast, i) != laneErr(ref, i) {
				t.Fatalf("%s %s lane %d: error %q, reference %q", su.f, op, i, laneErr(fast, i), laneErr(ref, i))
			}
			for c := range 4 {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%s %s %dx%d %s precision %+v state %+v lane %d (%v, %v, %v) channel %d: fast %08x, reference %08x",
						su.f, kind, w, h, op, prec, st, i, req.Coord[0][i], req.Coord[1][i], req.Coord[2][i], c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
		checked++
	}
	t.Logf("%d requests compared; forms plain %d, vec %d, cube %d, aniso %d, level %d", checked,
		forms[formPlain], forms[formVec], forms[formCubeVec], forms[formAnisoVec], forms[formLevel])
	for _, f := range []laneForm{formPlain, formVec, formCubeVec, formAnisoVec, formLevel} {
		if forms[f] < 20 && (f != formLevel || lanes.AsmKernels) { // formLevel needs the assembly
			t.Errorf("form %d taken by %d requests only", f, forms[f])
		}
	}
}

// altPrecision is exact precision for even i and, for odd i, a hardware
// precision whose widths vary with i: the agreement tests run both without
// a change to their random streams.
func altPrecision(i int) Precision {
	if i%2 == 0 {
		return Precision{}
	}
	return Precision{Mode: Hardware, SubtexelBits: 1 + i*7%16, LodBits: 1 + i*5%16}
}

// setPrecision sets the plan of an exec made without setup to precision p,
// as setup does.
func setPrecision(x *exec, p Precision) {
	x.prec, x.hw = p, p.Mode == Hardware
	if x.hw {
		x.subMul, x.lodMul, x.q = math.Ldexp(1, p.SubtexelBits), math.Ldexp(1, p.LodBits), quantStepsFor(p)
	}
}
