//go:build amd64 && !purego

package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/surface"
)

// TestFootprintsLevelsAgree runs pipeline.Plan.FootprintsLevels (lanes.FootprintsLevels8)
// and pipeline.Plan.FootprintRange on the same chunks and requires the same footprints,
// fractions and slow entries: chunks whose entries are at random levels
// of 2D arrays with square and non-square sizes (powers of two or not),
// every address mode on either axis, both precisions (hardware precision
// with 1 to 16 subtexel bits), plain chunks (one layer) and chunks with
// offsets and layers, coordinates at texel centres and edges, beyond
// ±2^30, NaN and infinite. It must decline exactly the requests whose
// table is off: a level that repeat cannot wrap as a mask, cubes.
func TestFootprintsLevelsAgree(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	rng := rand.New(rand.NewPCG(23, 2026))
	coord := func(size int32) float32 { return edgeCoord(rng, size, -1, 3) }
	var taken, declined, slow, hw int
	modes := map[[2]AddressMode]bool{}
	for iter := 0; iter < 3000; iter++ {
		cube := rng.IntN(10) == 0
		layers := 1 + rng.IntN(3)
		var s *surface.Surface
		var req *Request
		if cube {
			s = newSurface(t, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 16, Height: 16, Layers: 6}, false)
			req = &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{{1}, {0}, {0}, {0}}, Lod: []float32{0}}
		} else {
			w, h := []int{1, 2, 8, 64, 256, 37, 100}[rng.IntN(7)], []int{1, 4, 16, 64, 37, 256}[rng.IntN(6)]
			s = newSurface(t, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: w, Height: h, Layers: layers}, false)
			req = &Request{Op: OpSampleL, Lanes: 1, Coord: [4][]float32{{0}, {0}, {0}}, Lod: []float32{0}}
		}
		st := linearState()
		st.MipFilter = MipLinear
		mode := func() AddressMode { // mostly the two the stage takes
			if rng.IntN(4) == 0 {
				return AddressMode(rng.IntN(5))
			}
			return []AddressMode{WrapRepeat, WrapClampToEdge}[rng.IntN(2)]
		}
		st.Address = [3]AddressMode{mode(), mode(), WrapRepeat}
		var x exec
		prec := altPrecision(iter)
		if err := x.setup(prec, s.View(), &st, req); err != nil {
			t.Fatal(err)
		}
		var c laneSet
		c.N = 1 + rng.IntN(laneChunk)
		c.NP = (c.N + 7) &^ 7
		c.Plain = !cube && rng.IntN(2) == 0
		c.PlainLayer = int32(rng.IntN(layers))
		for k := 0; k < c.NP; k++ {
			c.Hi[k] = int32(rng.IntN(x.levels))
			lv := &x.fast.levels[c.Hi[k]]
			c.S[k], c.T[k] = coord(lv.W), coord(lv.H)
			c.Face[k] = -1
			switch {
			case c.Plain:
				c.Layer[k] = c.PlainLayer
			case cube:
				c.Face[k] = int32(rng.IntN(6))
				c.Layer[k] = c.Face[k]
			default:
				c.Layer[k] = int32(rng.IntN(layers))
				if rng.IntN(2) == 0 {
					c.OffU[k], c.OffV[k] = int32(rng.IntN(16)-8), int32(rng.IntN(16)-8)
				}
			}
		}
		wraps := !cube
		for l := 0; l < x.levels; l++ {
			lv := &x.fast.levels[l]
			wraps = wraps && vecWrap(st.Address[0], lv.W) && vecWrap(st.Address[1], lv.H)
		}
		var got, want footprints
		ok := x.fast.plan.FootprintsLevels(&c, &c.Hi, &got, &x.foot)
		if ok != wraps {
			t.Fatalf("%v %dx%d %v: pipeline.Plan.FootprintsLevels took the chunk: %v; want %v", s.Kind, s.Width, s.Height, st.Address, ok, wraps)
		}
		if !ok {
			declined++
			continue
		}
		taken++
		modes[[2]AddressMode{st.Address[0], st.Address[1]}] = true
		if x.hw {
			hw++
		}
		x.fast.plan.FootprintRange(&c, &c.Hi, &want, 0, c.NP)
		if got.NSlow != want.NSlow || got.Slow != want.Slow || got.O != want.O {
			t.Fatalf("%dx%d %v %v plain %v: footprints differ:\nasm   %v %v\nplain %v %v", s.Width, s.Height, st.Address, prec, c.Plain,
				got.Slow[:got.NSlow], got.O, want.Slow[:want.NSlow], want.O)
		}
		for k := 0; k < c.NP; k++ {
			if math.Float32bits(got.FA[k]) != math.Float32bits(want.FA[k]) || math.Float32bits(got.FB[k]) != math.Float32bits(want.FB[k]) {
				t.Fatalf("%dx%d %v entry %d at level %d (%v, %v): fractions (%v, %v), plain (%v, %v)", s.Width, s.Height, prec, k, c.Hi[k], c.S[k], c.T[k], got.FA[k], got.FB[k], want.FA[k], want.FB[k])
			}
		}
		slow += got.NSlow
	}
	if taken < 1000 || declined < 300 || slow < 100 || hw < 400 || len(modes) < 4 {
		t.Errorf("%d chunks taken (%d at hardware precision, %d pairs of address modes), %d declined, %d slow entries: too few", taken, hw, len(modes), declined, slow)
	}
	t.Logf("%d chunks taken (%d at hardware precision, %d pairs of address modes), %d declined, %d slow entries", taken, hw, len(modes), declined, slow)
}

// TestFootprintsLevels8Table checks that lanes.FootprintsLevels8 rejects
// the entries whose level is not in its table (TableLevels or more, or
// negative) and computes the others' footprints at their own levels.
func TestFootprintsLevels8Table(t *testing.T) {
	if !lanes.AsmKernels {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	var tab lanes.LevelTable
	for l := range lanes.TableLevels {
		tab.Fw[l], tab.Fh[l] = float32(int32(1)<<l), 1
		tab.Wm[l], tab.Hm[l] = int32(1)<<l-1, 0
		tab.Xs[l], tab.Ys[l], tab.Ls[l], tab.Off[l] = 4, 4<<l, 0, int32(1000*l)
	}
	var c laneSet
	c.N, c.NP = 24, 24
	var lvl [laneChunk]int32
	for k := range c.NP {
		lvl[k] = int32(k) - 4 // −4 … 19
		c.S[k], c.T[k] = 0.75, 0.5
	}
	var fp footprints
	p := lanes.FootprintParams{Flags: lanes.FpRepeat0 | lanes.FpRepeat1}
	rejected := lanes.FootprintsLevels8(&c, &fp, &p, &lvl, &tab)
	for k := range c.NP {
		l := lvl[k]
		in := l >= 0 && l < lanes.TableLevels
		if in == (rejected&(1<<k) != 0) {
			t.Errorf("entry %d at level %d: rejected %v", k, l, !in)
		}
		if !in {
			continue
		}
		// u = 0.75·2^l − ½: i0 = ⌊u⌋ wrapped on 2^l; one row.
		u := float32(0.75)*float32(int32(1)<<l) - 0.5
		i0 := int32(math.Floor(float64(u)))
		want := int32(1000*l) + 4*(i0&(int32(1)<<l-1))
		if fp.O[0][k] != want || math.Float32bits(fp.FA[k]) != math.Float32bits(u-float32(i0)) {
			t.Errorf("entry %d at level %d: offset %d, fraction %v; want %d, %v", k, l, fp.O[0][k], fp.FA[k], want, u-float32(i0))
		}
	}
}
