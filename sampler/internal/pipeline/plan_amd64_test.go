//go:build amd64 && !purego

package pipeline

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// footSpecials are coordinates beyond ±2^30 or NaN at every level size:
// the road declines a chunk holding one.
var footSpecials = []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1 << 31, -1 << 31, 3e38, -3e38}

// randomKeyLevel returns a key and level 0 of a view the one-level road
// takes (package sampler's plainLevel): wraps repeat on a power of two or
// clamp-to-edge, an x stride a power of two, rows a multiplication apart
// (widths 5 and 24) or a shift.
func randomKeyLevel(rng *rand.Rand, hw bool) (Key, Level, int) {
	xs := []int{1, 2, 4, 8, 16}[rng.IntN(5)]
	w, h := []int32{1, 2, 16, 64, 256, 5, 24}[rng.IntN(7)], []int32{1, 8, 13, 64}[rng.IntN(4)]
	k := Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Unorm, Layers: 1}
	for i, n := range []int32{w, h} {
		k.Wrap[i] = WrapClampToEdge
		if n&(n-1) == 0 && rng.IntN(2) == 0 {
			k.Wrap[i] = WrapRepeat
		}
	}
	lv := Level{Off: 64 * rng.IntN(4), W: w, H: h, D: 1, XS: xs, YS: int(w) * xs}
	lv.LS = lv.YS * int(h)
	if rng.IntN(2) == 0 {
		k.Array, k.Layers = true, int32(1+rng.IntN(4))
	} else if rng.IntN(2) == 0 {
		k.Layers = int32(1 + rng.IntN(3))
	}
	k.BaseLayer = int32(rng.IntN(int(k.Layers)))
	k.Layers -= k.BaseLayer
	subBits := 0
	if hw {
		subBits = []int{4, 8}[rng.IntN(2)]
		k.Hardware, k.Sub, k.SubInv = true, float32(math.Ldexp(1, subBits)), float32(math.Ldexp(1, -subBits))
	}
	return k, lv, subBits
}

// TestFootprintsAgree runs the one-level road's staged footprints
// (Plan.Footprints: Entries and lanes.PlainFootprintsAsm on Key.FootParams'
// constants) against the specification's footprint (footprint), on 2D and
// 2D-array views of every level size and stride the road takes, in both
// precisions and both of the assembly's forms where the CPU has AVX-512:
// the same offsets, fractions, layers and references, entries past the
// chunk untouched, and a chunk with a coordinate beyond ±2^30 or NaN
// declined.
func TestFootprintsAgree(t *testing.T) {
	forms := []bool{false}
	if lanes.Foot512 {
		forms = append(forms, true)
	}
	defer func(v bool) { lanes.Foot512 = v }(lanes.Foot512)
	for _, wide := range forms {
		lanes.Foot512 = wide
		rng := rand.New(rand.NewPCG(21, 1))
		declined := 0
		for iter := range 800 {
			k, lv, subBits := randomKeyLevel(rng, iter%3 == 2)
			var p Plan
			p.Key = k
			p.Setup(&lv)
			m := 8 * (1 + rng.IntN(lanes.Chunk/8))
			var s, tt, ref, a [lanes.Chunk]float32
			special := rng.IntN(4) == 0
			for j := range m {
				s[j], tt[j] = rng.Float32()*5-2, rng.Float32()*5-2
				if rng.IntN(3) == 0 { // texel centres and edges
					s[j] = float32(rng.IntN(8*int(lv.W)+1)-4*int(lv.W)) / float32(2*lv.W)
				}
				if special && rng.IntN(16) == 0 {
					tt[j] = footSpecials[rng.IntN(len(footSpecials))]
				}
				ref[j] = float32(j) + 0.25
				a[j] = rng.Float32()*float32(k.Layers+2) - 1
				if rng.IntN(16) == 0 {
					a[j] = float32(math.NaN())
				}
			}
			c := new(lanes.Set)
			got := p.Footprints(&s[0], &tt[0], &ref[0], &a[0], m, c)
			want := true
			for j := range m {
				u := float32(s[j]*float32(lv.W)) - 0.5
				v := float32(tt[j]*float32(lv.H)) - 0.5
				want = want && abs(u) < 1<<30 && abs(v) < 1<<30
			}
			if got != want {
				t.Fatalf("iteration %d: Footprints = %v, want %v", iter, got, want)
			}
			if !got {
				declined++
				continue
			}
			if c.N != m || c.NP != m || c.Lanes != m || c.FP.NSlow != 0 {
				t.Fatalf("iteration %d: N %d, NP %d, Lanes %d, NSlow %d; want %d, %d, %d, 0", iter, c.N, c.NP, c.Lanes, c.FP.NSlow, m, m, m)
			}
			for j := range m {
				layer := k.BaseLayer
				if k.Array {
					layer = layerOf(&k, a[j])
				}
				if c.Layer[j] != layer || c.Face[j] != -1 || c.OffU[j] != 0 || c.OffV[j] != 0 || c.Ref[j] != ref[j] {
					t.Fatalf("iteration %d entry %d: layer %d face %d offsets (%d, %d) ref %v; want layer %d (of %v), face −1, no offsets, ref %v",
						iter, j, c.Layer[j], c.Face[j], c.OffU[j], c.OffV[j], c.Ref[j], layer, a[j], ref[j])
				}
				o, fa, fb, _ := footprint(&k, &lv, subBits, s[j], tt[j], 0, 0, layer)
				for q := range o {
					if c.FP.O[q][j] != o[q] {
						t.Fatalf("iteration %d (%+v, %+v) entry %d (%v, %v): texel %d at %d, want %d", iter, k, lv, j, s[j], tt[j], q, c.FP.O[q][j], o[q])
					}
				}
				if math.Float32bits(c.FP.FA[j]) != math.Float32bits(fa) || math.Float32bits(c.FP.FB[j]) != math.Float32bits(fb) {
					t.Fatalf("iteration %d entry %d (%v, %v): fractions (%v, %v), want (%v, %v)", iter, j, s[j], tt[j], c.FP.FA[j], c.FP.FB[j], fa, fb)
				}
			}
			for j := m; j < lanes.Chunk; j++ {
				if c.FP.O[0][j]|c.FP.O[1][j]|c.FP.O[2][j]|c.FP.O[3][j] != 0 || c.FP.FA[j] != 0 || c.FP.FB[j] != 0 || c.Ref[j] != 0 {
					t.Fatalf("wide %v, %d entries: entry %d written", wide, m, j)
				}
			}
		}
		if declined == 0 {
			t.Errorf("wide %v: no chunk declined", wide)
		}
		t.Logf("wide %v: %d chunks declined", wide, declined)
	}
}

// TestEntriesReused checks that Entries writes a plain chunk's constant
// operands once per layer (lanes.Set.Plain) and an array's layers every
// time.
func TestEntriesReused(t *testing.T) {
	c := new(lanes.Set)
	k := Key{BaseLayer: 2, Layers: 1}
	Entries(&k, nil, 8, c)
	if !c.Plain || c.PlainLayer != 2 || c.Layer[lanes.Chunk-1] != 2 || c.Face[0] != -1 {
		t.Fatalf("plain %v layer %d, layers %d, face %d; want plain at layer 2, face −1", c.Plain, c.PlainLayer, c.Layer[lanes.Chunk-1], c.Face[0])
	}
	c.Layer[5] = 7 // a plain chunk of the same layer keeps what it finds
	Entries(&k, nil, 8, c)
	if c.Layer[5] != 7 {
		t.Fatal("Entries rewrote a plain chunk's layers")
	}
	k = Key{Array: true, BaseLayer: 1, Layers: 3}
	a := [8]float32{-1, 0, 0.5, 1.5, 2.5, 3, 100, float32(math.NaN())}
	Entries(&k, &a[0], 8, c)
	want := [8]int32{1, 1, 1, 3, 3, 3, 3, 1}
	if c.PlainLayer != -1 || [8]int32(c.Layer[:8]) != want {
		t.Fatalf("array layers %v (plain layer %d), want %v", c.Layer[:8], c.PlainLayer, want)
	}
}

// singleForm is a form of the one-level road's single call as the tests
// set it: lanes.PlainLevel512 and lanes.PlainLevel256 (both false: the
// stages).
type singleForm struct {
	name       string
	v512, v256 bool
}

// singleForms are the forms this CPU runs, the stages first: PlainLevel8
// where the assembly kernels run (an AVX-512 machine runs it too), then
// PlainLevelV where lanes.PlainLevel512 holds.
func singleForms() []singleForm {
	forms := []singleForm{{"stages", false, false}}
	if lanes.AsmKernels {
		forms = append(forms, singleForm{"PlainLevel8", false, true})
	}
	if lanes.PlainLevel512 {
		forms = append(forms, singleForm{"PlainLevelV", true, false})
	}
	return forms
}

// set makes f the form that Setup and Run choose.
func (f singleForm) set() { lanes.PlainLevel512, lanes.PlainLevel256 = f.v512, f.v256 }

// TestSetupKernels checks the single call's kernel Setup chooses for each
// key where the CPU runs a form of it — r8g8b8a8_unorm bilinear and
// gathers, 32-bit depth PCF and depth gathers, r32g32b32a32_sfloat
// bilinear, in exact precision, in both forms — and
// that Run declines a request without one, on an array view, or whose
// result rows lack room for whole chunks.
func TestSetupKernels(t *testing.T) {
	defer func(v, w bool) { lanes.PlainLevel512, lanes.PlainLevel256 = v, w }(lanes.PlainLevel512, lanes.PlainLevel256)
	lv := Level{W: 16, H: 16, D: 1, XS: 4, YS: 64, LS: 1024}
	data := make([]byte, 1024)
	one := [4]float32{1, 0, 0, 0}
	cases := []struct {
		key  Key
		kind int32
		xs   int // level 0's x stride, where not 4
	}{
		{Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Unorm}, lanes.LevelBilinear32, 0},
		{Key{Loop: LoopGather, Dec: lanes.DecodeRGBA8Unorm}, lanes.LevelGather8, 0},
		{Key{Loop: LoopFilter, Dec: lanes.DecodeR32Float, Compare: lanes.CompareLess, CmpTrue: one}, lanes.LevelPCF, 0},
		{Key{Loop: LoopGather, Dec: lanes.DecodeR32Float, Compare: lanes.CompareLess, CmpTrue: one}, lanes.LevelGatherDepth, 0},
		{Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Unorm, Hardware: true, Sub: 256, SubInv: 1.0 / 256}, lanes.LevelNone, 0},
		{Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Srgb}, lanes.LevelNone, 0},
		{Key{Loop: LoopGather, Dec: lanes.DecodeBC}, lanes.LevelNone, 0},
		{Key{Loop: LoopFilter, Dec: lanes.DecodeRGBA32Float}, lanes.LevelBilinear128, 16},
		// The depth kernels read pairs of 4-byte texels as one load:
		// d32_sfloat_s8_uint's 8-byte texels, and depth of another
		// decoder (d16_unorm's), take the stages.
		{Key{Loop: LoopFilter, Dec: lanes.DecodeR32Float, Compare: lanes.CompareLess, CmpTrue: one}, lanes.LevelNone, 8},
		{Key{Loop: LoopGather, Dec: lanes.DecodeR32Float, Compare: lanes.CompareLess, CmpTrue: one}, lanes.LevelNone, 8},
		{Key{Loop: LoopFilter, Dec: lanes.DecodeGeneric, Compare: lanes.CompareLess, CmpTrue: one}, lanes.LevelNone, 2},
		{Key{Loop: LoopGather, Dec: lanes.DecodeGeneric, Compare: lanes.CompareLess, CmpTrue: one}, lanes.LevelNone, 2},
	}
	for _, form := range singleForms() {
		form.set()
		for _, tc := range cases {
			var p Plan
			p.Key = tc.key
			lv.XS = 4
			if tc.xs != 0 {
				lv.XS = tc.xs
			}
			p.Setup(&lv)
			want := tc.kind
			if !form.v512 && !form.v256 {
				want = lanes.LevelNone
			}
			if p.level.Kind != want || p.Single() != (want != lanes.LevelNone) {
				t.Errorf("%s, key %+v: kernel %d (single %v), want %d", form.name, tc.key, p.level.Kind, p.Single(), want)
			}
			if want == lanes.LevelPCF && p.level != lanes.PCFKernel(tc.key.Compare, &tc.key.CmpTrue, &tc.key.CmpFalse) {
				t.Errorf("PCF kernel %+v", p.level)
			}
			s, tt, ref := make([]float32, 64), make([]float32, 64), make([]float32, 64)
			coord := [4][]float32{s, tt}
			var rows [4][]uint32
			for i := range rows {
				rows[i] = make([]uint32, 64)
			}
			if _, taken := p.Run(&data[0], &coord, ref, 64, &rows); taken != (want != lanes.LevelNone) {
				t.Errorf("%s, key %+v: Run taken %v", form.name, tc.key, taken)
			}
			if _, taken := p.Run(&data[0], &coord, ref, 72, &rows); taken { // rows for 64 lanes, not 128
				t.Errorf("key %+v: Run took 72 lanes with rows for 64", tc.key)
			}
			p.Key.Array = true
			if _, taken := p.Run(&data[0], &coord, ref, 64, &rows); taken {
				t.Errorf("key %+v: Run took an array view's request", tc.key)
			}
		}
	}
}

// TestRunAgreesWithStages runs whole requests through the one-level
// road's single calls (Plan.Run: lanes.PlainLevel8, and lanes.PlainLevelV
// where the CPU has AVX-512) and the same chunks through its staged form
// (Plan.Footprints and Plan.Kernel, the kernel the key chooses): the same
// bits in every lane, and the same chunks declined.
func TestRunAgreesWithStages(t *testing.T) {
	forms := singleForms()[1:]
	if len(forms) == 0 {
		t.Skip("no assembly kernels on this CPU: Plan.Run takes no request")
	}
	defer func(v, w bool) { lanes.PlainLevel512, lanes.PlainLevel256 = v, w }(lanes.PlainLevel512, lanes.PlainLevel256)
	for _, form := range forms {
		t.Run(form.name, func(t *testing.T) {
			form.set()
			runAgreesWithStages(t)
		})
	}
}

// runAgreesWithStages is TestRunAgreesWithStages for the form set.
func runAgreesWithStages(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2))
	one := [4]float32{1, 0, 0, 0}
	keys := []Key{
		{Loop: LoopFilter, Dec: lanes.DecodeRGBA8Unorm},
		{Loop: LoopGather, Dec: lanes.DecodeRGBA8Unorm},
		{Loop: LoopFilter, Dec: lanes.DecodeR32Float, Compare: lanes.CompareLessOrEqual, CmpTrue: one},
		{Loop: LoopGather, Dec: lanes.DecodeR32Float, Compare: lanes.CompareGreater, CmpTrue: one},
		{Loop: LoopFilter, Dec: lanes.DecodeR32Float, Compare: lanes.CompareLess, CmpTrue: [4]float32{0, 1, 1, 1}, CmpFalse: [4]float32{1, 0, 0, 0}},
	}
	taken := 0
	for iter := range 400 {
		base := keys[iter%len(keys)]
		k, lv, _ := randomKeyLevel(rng, false)
		k.Loop, k.Dec, k.Compare, k.CmpTrue, k.CmpFalse = base.Loop, base.Dec, base.Compare, base.CmpTrue, base.CmpFalse
		k.Array, k.Layers, k.BaseLayer = false, 1, 0
		lv.XS = 4 // both formats' texels are 4 bytes
		lv.YS = int(lv.W) * 4
		lv.LS = lv.YS * int(lv.H)
		data := make([]byte, lv.Off+lv.LS)
		for i := 0; i+4 <= len(data); i += 4 {
			if k.Dec == lanes.DecodeR32Float {
				f := rng.Float32()
				data[i], data[i+1], data[i+2], data[i+3] = byte(math.Float32bits(f)), byte(math.Float32bits(f)>>8), byte(math.Float32bits(f)>>16), byte(math.Float32bits(f)>>24)
			} else {
				v := rng.Uint32()
				data[i], data[i+1], data[i+2], data[i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
			}
		}
		var p Plan
		p.Key = k
		p.Setup(&lv)
		if !p.Single() {
			t.Fatalf("key %+v: no single call", k)
		}
		n := 8 * (1 + rng.IntN(32))
		s, tt, ref := make([]float32, n), make([]float32, n), make([]float32, n)
		for i := range n {
			s[i], tt[i], ref[i] = rng.Float32()*3-1, rng.Float32()*3-1, rng.Float32()
			if rng.IntN(400) == 0 {
				s[i] = footSpecials[rng.IntN(len(footSpecials))]
			}
		}
		var rows [4][]uint32
		for i := range rows {
			rows[i] = make([]uint32, (n+lanes.Chunk-1)/lanes.Chunk*lanes.Chunk)
		}
		coord := [4][]float32{s, tt}
		ok, tk := p.Run(&data[0], &coord, ref, n, &rows)
		if !tk {
			t.Fatalf("key %+v: Run did not take %d lanes", k, n)
		}
		c := new(lanes.Set)
		wantOK := true
		for i := 0; i < n && wantOK; i += lanes.Chunk {
			m := min(lanes.Chunk, n-i)
			if !p.Footprints(&s[i], &tt[i], &ref[i], nil, m, c) {
				wantOK = false
				break
			}
			out := lanes.OutOf(&c.Acc)
			p.Kernel(data, c, &out, true)
			for j := range m {
				for ch := range 4 {
					if got, want := rows[ch][i+j], math.Float32bits(c.Acc[ch][j]); got != want {
						t.Fatalf("iteration %d key %+v level %+v lane %d (%v, %v) channel %d: Run %08x, stages %08x", iter, k, lv, i+j, s[i+j], tt[i+j], ch, got, want)
					}
				}
			}
		}
		if ok != wantOK {
			t.Fatalf("iteration %d: Run ok %v, stages %v", iter, ok, wantOK)
		}
		if ok {
			taken++
		}
	}
	t.Logf("%d requests run whole", taken)
}
