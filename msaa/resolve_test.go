package msaa

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
)

// direct computes one resolved component straight from Surface.Value,
// sample by sample, with the documented arithmetic.
func direct(s *Surface, op ResolveOp, x, y, l, c int) uint32 {
	kind := s.Element.Kind()
	w, _ := Weights(s.Samples)
	var acc, wsum float32
	var best uint32
	for smp := 0; smp < s.Samples; smp++ {
		b := s.Value(x, y, l, smp, c)
		v := math.Float32frombits(b)
		switch op {
		case ResolveAverage:
			acc += v
		case ResolveWeighted:
			acc += float32(w[smp] * v)
			wsum += w[smp]
		}
		if smp == 0 || op == ResolveSample0 {
			if smp == 0 {
				best = b
			}
			continue
		}
		cur := math.Float32frombits(best)
		switch {
		case kind == ValueUint && op == ResolveMin && b < best, kind == ValueUint && op == ResolveMax && b > best,
			kind == ValueSint && op == ResolveMin && int32(b) < int32(best), kind == ValueSint && op == ResolveMax && int32(b) > int32(best):
			best = b
		case kind == ValueFloat && v == v && (cur != cur || (op == ResolveMin && v < cur) || (op == ResolveMax && v > cur)):
			best = b
		}
	}
	switch op {
	case ResolveAverage:
		return math.Float32bits(acc / float32(s.Samples))
	case ResolveWeighted:
		return math.Float32bits(acc / wsum)
	}
	return best
}

func randomSurface(t *testing.T, d Desc, seed uint64) *Surface {
	t.Helper()
	s, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for i := range s.Data {
		s.Data[i] = byte(r.Uint32())
	}
	if d.Element == Float16 || d.Element == Float32 {
		for i := 0; i < len(s.Data); i += d.Element.Bytes {
			v := r.Float64()*4 - 2
			if r.IntN(50) == 0 {
				v = math.NaN()
			}
			if d.Element == Float16 {
				putElement(s.Data[i:], 2, uint32(format.Float64ToHalf(v)))
			} else {
				putElement(s.Data[i:], 4, math.Float32bits(float32(v)))
			}
		}
	}
	if d.Fragments > 0 {
		for p := range s.FMask {
			var w uint64
			for smp := 0; smp < d.Samples; smp++ {
				f := uint64(r.IntN(d.Fragments + 1))
				if int(f) == d.Fragments {
					f = FMaskUnknown
				}
				w |= f << (4 * smp)
			}
			s.FMask[p] = w
		}
	}
	return s
}

func TestResolveAgainstDirect(t *testing.T) {
	surfaces := []Desc{
		{Width: 9, Height: 8, Samples: 4, Components: 4, Element: Srgb8},
		{Width: 7, Height: 5, Layers: 3, Samples: 8, Components: 1, Element: Float32, Depth: true},
		{Width: 11, Height: 7, Samples: 2, Components: 5, Element: Float16, Layout: ComponentContiguous},
		{Width: 8, Height: 9, Samples: 16, Components: 3, Element: Unorm8, Fragments: 8},
		{Width: 5, Height: 5, Samples: 8, Components: 2, Element: Snorm8, Fragments: 3, Layout: ComponentContiguous},
		{Width: 6, Height: 6, Samples: 4, Components: 4, Element: Uint8},
		{Width: 6, Height: 6, Samples: 16, Components: 2, Element: Sint8},
		{Width: 4, Height: 3, Samples: 1, Components: 4, Element: Float32},
		{Width: 13, Height: 6, Samples: 2, Components: 1, Element: Unorm16, Depth: true},
	}
	for i, d := range surfaces {
		s := randomSurface(t, d, uint64(i))
		for op := ResolveAverage; op <= ResolveWeighted; op++ {
			im, tr, n, err := Resolve(s, op)
			if s.Element.Kind() != ValueFloat && (op == ResolveAverage || op == ResolveWeighted) {
				if err == nil {
					t.Errorf("%v %v: no error", d.Element, op)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%+v %v: %v", d, op, err)
			}
			pixels := d.Width * d.Height * max(1, d.Layers)
			if want := (pixels + 63) / 64 * d.Components; n != want {
				t.Errorf("%v %v: %d instructions, want %d", d.Element, op, n, want)
			}
			if tr.ElementReads != pixels*d.Samples*d.Components {
				t.Errorf("%v %v: %d element reads, want %d", d.Element, op, tr.ElementReads, pixels*d.Samples*d.Components)
			}
			for l := 0; l < im.Layers; l++ {
				for y := 0; y < im.Height; y++ {
					for x := 0; x < im.Width; x++ {
						for c := 0; c < im.Components; c++ {
							got := im.Bits[((l*im.Height+y)*im.Width+x)*im.Components+c]
							if want := direct(s, op, x, y, l, c); got != want {
								t.Fatalf("%+v %v (%d,%d,%d) c%d: %#x, direct %#x", d, op, x, y, l, c, got, want)
							}
						}
					}
				}
			}
		}
	}
}

func TestResolveValues(t *testing.T) {
	// sRGB black and white average to linear 0.5, shown as sRGB 188.
	s, _ := New(Desc{Width: 1, Height: 1, Samples: 2, Components: 4, Element: Srgb8})
	for c := 0; c < 4; c++ {
		_ = s.SetElementBits(0, 0, 0, 1, c, 255)
	}
	im, _, _, err := Resolve(s, ResolveAverage)
	if err != nil {
		t.Fatal(err)
	}
	if v := im.At(0, 0, 0, 0); v != 0.5 {
		t.Errorf("average of sRGB 0 and 255: %v, want 0.5", v)
	}
	if px := im.ToImage(0).NRGBAAt(0, 0); px.R != 188 || px.A != 128 {
		t.Errorf("PNG pixel %v, want R 188 (sRGB of 0.5) and A 128", px)
	}
	// Weights: the 4x pattern is symmetric, every weight equal.
	w, _ := Weights(4)
	for _, v := range w {
		if v != w[0] || v <= 0 {
			t.Errorf("4x weights %v", w)
		}
	}
	if _, err := Weights(3); err == nil {
		t.Error("Weights(3): no error")
	}
	if _, _, _, err := Resolve(s, 9); err == nil || err.Error() != "msaa: resolve: invalid(9) is not a resolve operation" {
		t.Errorf("Resolve(9): %v", err)
	}
	u, _ := New(Desc{Width: 1, Height: 1, Samples: 2, Components: 1, Element: Uint8})
	if _, _, _, err := Resolve(u, ResolveAverage); err == nil || err.Error() != "msaa: resolve: average needs float elements, but the surface holds uint (uint8); use min, max or sample0" {
		t.Errorf("Resolve(uint8, average): %v", err)
	}
}

func ExampleResolve() {
	// Two samples of an sRGB pixel, black and white: the average is taken in
	// linear space (0.5) and written back sRGB-encoded (188) for PNG.
	s, _ := New(Desc{Width: 1, Height: 1, Samples: 2, Components: 4, Element: Srgb8})
	for c := 0; c < 4; c++ {
		_ = s.SetElementBits(0, 0, 0, 1, c, 255)
	}
	im, traffic, instructions, err := Resolve(s, ResolveAverage)
	if err != nil {
		panic(err)
	}
	fmt.Println(im.At(0, 0, 0, 0), im.ToImage(0).NRGBAAt(0, 0))
	fmt.Println(instructions, "loads,", traffic.ElementReads, "element reads")
	// Output:
	// 0.5 {188 188 188 128}
	// 4 loads, 8 element reads
}
