package msaa

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// labelled returns a w×h×layers surface of uint32 elements whose component
// c of stored sample s holds 10·(s+1) + (c+1): the patent's S(s+1)C(c+1)
// written as a number (S1C1 = 11, S3C2 = 32). Depth surfaces hold s+1 at
// pixel (0,0) and 100·pixel + s + 1 elsewhere.
func labelled(t testing.TB, d Desc) *Surface {
	t.Helper()
	s, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	for l := 0; l < s.Layers; l++ {
		for y := 0; y < s.Height; y++ {
			for x := 0; x < s.Width; x++ {
				pix := (l*s.Height+y)*s.Width + x
				for f := 0; f < s.Stored(); f++ {
					for c := 0; c < s.Components; c++ {
						v := uint32(100*pix + 10*(f+1) + c + 1)
						if d.Depth {
							v = math.Float32bits(float32(100*pix + f + 1))
						}
						if err := s.SetElementBits(x, y, l, f, c, v); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
	}
	return s
}

func oneLane(x, y, slice, sample int32) *Wave {
	w := &Wave{Size: 32, Exec: 1, X: make([]int32, 32), Y: make([]int32, 32), Slice: make([]int32, 32), Sample: make([]int32, 32)}
	w.X[0], w.Y[0], w.Slice[0], w.Sample[0] = x, y, slice, sample
	return w
}

func lane0(r *Result) []uint32 {
	out := make([]uint32, len(r.Dword))
	for d := range r.Dword {
		out[d] = r.Dword[d][0]
	}
	return out
}

// TestFigures reproduces the loads of Figures 5A–5D: sampling rate, layout,
// mode, the stride chosen, the phases and the register contents (lane 0,
// pixel (0,0), elements labelled SxCy = 10x+y, depth values Dx = x).
func TestFigures(t *testing.T) {
	color := func(samples int, l Layout) Desc {
		return Desc{Width: 2, Height: 2, Samples: samples, Components: 4, Element: Uint32, Layout: l}
	}
	depth := func(samples int) Desc {
		return Desc{Width: 2, Height: 2, Samples: samples, Components: 1, Element: Float32, Depth: true}
	}
	five := Desc{Width: 2, Height: 2, Samples: 4, Components: 5, Element: Uint32}
	cases := []struct {
		fig     string
		desc    Desc
		in      Instruction
		stride  int
		phases  int
		regs    []uint32
		elemRds int
	}{
		// FIG. 5A: 4 samples, components of a sample contiguous.
		{"5A 506(1) same component", color(4, SampleContiguous), Instruction{Mode: SameComponent}, 4, 1, []uint32{11, 21, 31, 41}, 4},
		{"5A 506(1) same component C3", color(4, SampleContiguous), Instruction{Mode: SameComponent, Component: 2}, 4, 1, []uint32{13, 23, 33, 43}, 4},
		{"5A 506(2) same sample", color(4, SampleContiguous), Instruction{Mode: SameSample}, 1, 1, []uint32{11, 12, 13, 14}, 4},
		{"5A 507(1) depth", depth(4), Instruction{Mode: DepthSamples}, 1, 1, []uint32{1, 2, 3, 4}, 4},
		// FIG. 5B: 2 samples; the other two elements are filled.
		{"5B 526(1) same component, repeat", color(2, SampleContiguous), Instruction{Mode: SameComponent}, 4, 1, []uint32{11, 21, 11, 21}, 2},
		{"5B 526(1) same component, zeros", color(2, SampleContiguous), Instruction{Mode: SameComponent, Fill: FillZero}, 4, 1, []uint32{11, 21, 0, 0}, 2},
		{"5B 526(1) same component, constant", color(2, SampleContiguous), Instruction{Mode: SameComponent, Fill: FillConstant, Constant: 99}, 4, 1, []uint32{11, 21, 99, 99}, 2},
		{"5B 526(2) same sample", color(2, SampleContiguous), Instruction{Mode: SameSample, Phase: 0}, 1, 1, []uint32{11, 12, 13, 14}, 4},
		{"5B 527(1) depth", depth(2), Instruction{Mode: DepthSamples}, 1, 1, []uint32{1, 2, 1, 2}, 2},
		// FIG. 5C: 8 samples, two phases.
		{"5C 546(1) same component phase 0", color(8, SampleContiguous), Instruction{Mode: SameComponent, Phase: 0}, 4, 2, []uint32{11, 21, 31, 41}, 4},
		{"5C 546(2) same component phase 1", color(8, SampleContiguous), Instruction{Mode: SameComponent, Phase: 1}, 4, 2, []uint32{51, 61, 71, 81}, 4},
		{"5C 546(1)+(2) one instruction, two registers", color(8, SampleContiguous), Instruction{Mode: SameComponent, AllPhases: true}, 4, 2, []uint32{11, 21, 31, 41, 51, 61, 71, 81}, 8},
		{"5C 546(3) same sample", color(8, SampleContiguous), Instruction{Mode: SameSample}, 1, 1, []uint32{11, 12, 13, 14}, 4},
		{"5C 547(1) depth phase 1", depth(8), Instruction{Mode: DepthSamples, Phase: 0}, 1, 2, []uint32{1, 2, 3, 4}, 4},
		{"5C 547(2) depth phase 2", depth(8), Instruction{Mode: DepthSamples, Phase: 1}, 1, 2, []uint32{5, 6, 7, 8}, 4},
		// FIG. 5D: same component of the samples contiguous; the strides swap.
		{"5D 506(1) same component", color(4, ComponentContiguous), Instruction{Mode: SameComponent}, 1, 1, []uint32{11, 21, 31, 41}, 4},
		{"5D 506(2) same sample", color(4, ComponentContiguous), Instruction{Mode: SameSample}, 4, 1, []uint32{11, 12, 13, 14}, 4},
		{"5D 506(2) same sample S3", color(4, ComponentContiguous), Instruction{Mode: SameSample}, 4, 1, []uint32{31, 32, 33, 34}, 4},
		// Variations the description names: five components (stride 5),
		// 16 samples (four phases), a register of other sizes.
		{"five components, same component", five, Instruction{Mode: SameComponent, Component: 4}, 5, 1, []uint32{15, 25, 35, 45}, 4},
		{"five components, same sample phase 0", five, Instruction{Mode: SameSample}, 1, 2, []uint32{11, 12, 13, 14}, 4},
		{"five components, same sample phase 1", five, Instruction{Mode: SameSample, Phase: 1}, 1, 2, []uint32{15, 15, 15, 15}, 1},
		{"five components, component layout", Desc{Width: 1, Height: 1, Samples: 4, Components: 5, Element: Uint32, Layout: ComponentContiguous}, Instruction{Mode: SameSample, Elements: 8, Fill: FillZero}, 4, 1, []uint32{11, 12, 13, 14, 15, 0, 0, 0}, 5},
		{"16 samples phase 3", color(16, SampleContiguous), Instruction{Mode: SameComponent, Component: 1, Phase: 3}, 4, 4, []uint32{132, 142, 152, 162}, 4},
		{"8 samples, 8-element register", color(8, ComponentContiguous), Instruction{Mode: SameComponent, Elements: 8}, 1, 1, []uint32{11, 21, 31, 41, 51, 61, 71, 81}, 8},
		{"8 samples, 3-element register, last phase filled", color(8, SampleContiguous), Instruction{Mode: SameComponent, Elements: 3, Phase: 2}, 4, 3, []uint32{71, 81, 71}, 2},
	}
	for _, c := range cases {
		t.Run(c.fig, func(t *testing.T) {
			s := labelled(t, c.desc)
			sample := int32(0)
			if c.fig == "5D 506(2) same sample S3" {
				sample = 2
			}
			var res Result
			if err := s.Load(&c.in, oneLane(0, 0, 0, sample), &res); err != nil {
				t.Fatal(err)
			}
			if res.Plan.Stride != c.stride || res.Plan.Phases != c.phases {
				t.Errorf("stride %d phases %d, want %d and %d", res.Plan.Stride, res.Plan.Phases, c.stride, c.phases)
			}
			if res.Plan.Samples != c.desc.Samples || res.Plan.Layout != c.desc.Layout || res.Plan.Mode != c.in.Mode {
				t.Errorf("plan %+v does not echo samples %d, layout %v, mode %v", res.Plan, c.desc.Samples, c.desc.Layout, c.in.Mode)
			}
			got := lane0(&res)
			if c.desc.Depth {
				for i, b := range got {
					got[i] = uint32(math.Float32frombits(b))
				}
			}
			if !slices.Equal(got, c.regs) {
				t.Errorf("register %v, want %v", got, c.regs)
			}
			if res.Traffic.ElementReads != c.elemRds {
				t.Errorf("%d element reads, want %d", res.Traffic.ElementReads, c.elemRds)
			}
		})
	}
}

// TestFigure5DOrder checks the element order of the two layouts and the
// patent's remark that a stride-4 walk of Figure 5D's data reads the
// components of one sample, and a stride-1 walk one component of all samples.
func TestFigure5DOrder(t *testing.T) {
	a := labelled(t, Desc{Width: 1, Height: 1, Samples: 4, Components: 4, Element: Uint32})
	d := labelled(t, Desc{Width: 1, Height: 1, Samples: 4, Components: 4, Element: Uint32, Layout: ComponentContiguous})
	walk := func(s *Surface, start, stride int) []uint32 {
		var out []uint32
		for k := 0; k < 4; k++ {
			out = append(out, getElement(s.Data[(start+k*stride)*4:], 4))
		}
		return out
	}
	for _, c := range []struct {
		name   string
		s      *Surface
		stride int
		want   []uint32
	}{
		{"5A stride 4", a, 4, []uint32{11, 21, 31, 41}},
		{"5A stride 1", a, 1, []uint32{11, 12, 13, 14}},
		{"5D stride 4", d, 4, []uint32{11, 12, 13, 14}},
		{"5D stride 1", d, 1, []uint32{11, 21, 31, 41}},
	} {
		if got := walk(c.s, 0, c.stride); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestStrideTable(t *testing.T) {
	for _, c := range []struct {
		l          Layout
		m          Mode
		stored, cs int
		want       int
	}{
		{SampleContiguous, SameComponent, 4, 4, 4},
		{SampleContiguous, SameComponent, 2, 5, 5},
		{SampleContiguous, SameSample, 8, 4, 1},
		{ComponentContiguous, SameComponent, 8, 4, 1},
		{ComponentContiguous, SameSample, 8, 4, 8},
		{ComponentContiguous, SameSample, 2, 3, 2},
		{SampleContiguous, DepthSamples, 8, 1, 1},
		{ComponentContiguous, DepthSamples, 16, 1, 1},
	} {
		if got := Stride(c.l, c.m, c.stored, c.cs); got != c.want {
			t.Errorf("Stride(%v, %v, %d, %d) = %d, want %d", c.l, c.m, c.stored, c.cs, got, c.want)
		}
	}
}

// TestGroupFromSample checks the RDNA rule: a sample index loads the group
// of four that starts at 4·⌊index/4⌋; an index outside the pixel reads zeros.
func TestGroupFromSample(t *testing.T) {
	s := labelled(t, Desc{Width: 1, Height: 1, Samples: 16, Components: 2, Element: Uint32})
	s2 := labelled(t, Desc{Width: 1, Height: 1, Samples: 2, Components: 2, Element: Uint32})
	for _, c := range []struct {
		s      *Surface
		sample int32
		want   []uint32
	}{
		{s, 0, []uint32{11, 21, 31, 41}},
		{s, 3, []uint32{11, 21, 31, 41}},
		{s, 4, []uint32{51, 61, 71, 81}},
		{s, 7, []uint32{51, 61, 71, 81}},
		{s, 13, []uint32{131, 141, 151, 161}},
		{s, 16, []uint32{0, 0, 0, 0}},
		{s, -1, []uint32{0, 0, 0, 0}},
		{s2, 1, []uint32{11, 21, 11, 21}},
		{s2, 2, []uint32{0, 0, 0, 0}},
	} {
		var res Result
		in := Instruction{Mode: SameComponent, GroupFromSample: true}
		if err := c.s.Load(&in, oneLane(0, 0, 0, c.sample), &res); err != nil {
			t.Fatal(err)
		}
		if got := lane0(&res); !slices.Equal(got, c.want) {
			t.Errorf("%d samples, index %d: %v, want %v", c.s.Samples, c.sample, got, c.want)
		}
	}
}

func TestExecMaskAndWave(t *testing.T) {
	s := labelled(t, Desc{Width: 8, Height: 8, Layers: 2, Samples: 4, Components: 4, Element: Uint32})
	for _, size := range []int{16, 32, 64} {
		w := &Wave{Size: size, X: make([]int32, size), Y: make([]int32, size), Slice: make([]int32, size)}
		w.Exec = 0xaaaaaaaaaaaaaaaa
		if size < 64 {
			w.Exec &= 1<<size - 1
		}
		for i := 0; i < size; i++ {
			w.X[i], w.Y[i], w.Slice[i] = int32(i%8), int32(i/8%8), int32(i/32)
		}
		var res Result
		res.Dword = make([][]uint32, 4)
		for d := range res.Dword {
			res.Dword[d] = make([]uint32, size)
			for i := range res.Dword[d] {
				res.Dword[d][i] = 0xdead
			}
		}
		if err := s.Load(&Instruction{Mode: SameComponent, Component: 1}, w, &res); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < size; i++ {
			pix := uint32(w.Slice[i]*64 + w.Y[i]*8 + w.X[i])
			want := []uint32{100*pix + 12, 100*pix + 22, 100*pix + 32, 100*pix + 42}
			if i%2 == 0 {
				want = []uint32{0xdead, 0xdead, 0xdead, 0xdead}
			}
			for d := 0; d < 4; d++ {
				if res.Dword[d][i] != want[d] {
					t.Fatalf("wave %d lane %d word %d = %d, want %d", size, i, d, res.Dword[d][i], want[d])
				}
			}
		}
	}
}

func TestLoadErrors(t *testing.T) {
	col := labelled(t, Desc{Width: 2, Height: 2, Samples: 4, Components: 3, Element: Unorm8})
	dep := labelled(t, Desc{Width: 2, Height: 2, Samples: 8, Components: 1, Element: Float32, Depth: true})
	w := oneLane(0, 0, 0, 0)
	for _, c := range []struct {
		s    *Surface
		in   Instruction
		w    *Wave
		want string
	}{
		{col, Instruction{Mode: SameComponent, Component: 3}, w, "msaa: component: 3 is out of range (the surface has 3 components)"},
		{col, Instruction{Mode: SameComponent, Phase: 1}, w, "msaa: phase: 1 is out of range (0..0: 4 samples in groups of 4)"},
		{dep, Instruction{Mode: DepthSamples, Phase: 2}, w, "msaa: phase: 2 is out of range (0..1: 8 samples in groups of 4)"},
		{col, Instruction{Mode: DepthSamples}, w, "msaa: mode: depth needs a depth surface"},
		{dep, Instruction{Mode: SameSample}, w, "msaa: mode: same_sample loads colour components, but the surface is a depth surface"},
		{col, Instruction{Mode: SameSample, GroupFromSample: true}, w, "msaa: group_from_sample: true needs mode same_component or depth (same_sample loads one sample)"},
		{col, Instruction{Elements: 17}, w, "msaa: elements: 17 is out of range (1..16)"},
		{col, Instruction{AllPhases: true, GroupFromSample: true}, w, "msaa: all_phases: true and group_from_sample exclude each other (every group, or the lane's group)"},
		{col, Instruction{Fill: 3}, w, "msaa: fill: invalid(3) is not a fill policy"},
		{col, Instruction{Mode: 7}, w, "msaa: mode: invalid(7) is not a loading mode"},
		{col, Instruction{}, &Wave{Size: 8}, "msaa: wave: 8 is not a wave size (16, 32 or 64)"},
		{col, Instruction{}, &Wave{Size: 32, Exec: 1 << 40}, "msaa: exec: 0x10000000000 has bits above lane 31 of a wave of 32"},
		{col, Instruction{}, &Wave{Size: 16, Exec: 1 << 16}, "msaa: exec: 0x10000 has bits above lane 15 of a wave of 16"},
		{col, Instruction{}, &Wave{Size: 16, X: make([]int32, 16), Y: make([]int32, 15)}, "msaa: y: 15 lanes given, the wave has 16"},
		{col, Instruction{}, &Wave{Size: 64, X: make([]int32, 64), Y: make([]int32, 32)}, "msaa: y: 32 lanes given, the wave has 64"},
	} {
		var res Result
		err := c.s.Load(&c.in, c.w, &res)
		if err == nil || err.Error() != c.want {
			t.Errorf("%+v: error %v, want %q", c.in, err, c.want)
		}
	}
}

func TestOutOfRangeAndResidency(t *testing.T) {
	s := labelled(t, Desc{Width: 2, Height: 2, Layers: 2, Samples: 4, Components: 4, Element: Uint32})
	if err := s.SetResident(1, 0, 1, false); err != nil {
		t.Fatal(err)
	}
	in := Instruction{Mode: SameComponent, Residency: true, Fill: FillConstant, Constant: 7}
	for _, c := range []struct {
		x, y, slice int32
		want        []uint32
	}{
		{0, 0, 0, []uint32{11, 21, 31, 41, 0}},
		{1, 0, 1, []uint32{0, 0, 0, 0, 1}},  // non-resident: zeros, code 1
		{2, 0, 0, []uint32{0, 0, 0, 0, 0}},  // x out of range
		{0, -1, 0, []uint32{0, 0, 0, 0, 0}}, // y out of range
		{0, 0, 2, []uint32{0, 0, 0, 0, 0}},  // slice out of range
		{0, 1, 1, []uint32{611, 621, 631, 641, 0}},
	} {
		var res Result
		if err := s.Load(&in, oneLane(c.x, c.y, c.slice, 0), &res); err != nil {
			t.Fatal(err)
		}
		if got := lane0(&res); !slices.Equal(got, c.want) {
			t.Errorf("(%d,%d,%d): %v, want %v", c.x, c.y, c.slice, got, c.want)
		}
	}
}

func TestHalfResults(t *testing.T) {
	s, _ := New(Desc{Width: 1, Height: 1, Samples: 2, Components: 1, Element: Float32})
	for f, v := range []float32{1.5, -2} {
		if err := s.SetElementBits(0, 0, 0, f, 0, math.Float32bits(v)); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		in   Instruction
		want []uint32
	}{
		{Instruction{Half: true}, []uint32{0xc000_3e00, 0xc000_3e00}},
		{Instruction{Half: true, Fill: FillZero}, []uint32{0xc000_3e00, 0}},
		{Instruction{Half: true, Fill: FillConstant, Constant: math.Float32bits(1)}, []uint32{0xc000_3e00, 0x3c00_3c00}},
		{Instruction{Half: true, Elements: 3, Residency: true}, []uint32{0xc000_3e00, 0x3e00, 0}},
	} {
		var res Result
		if err := s.Load(&c.in, oneLane(0, 0, 0, 0), &res); err != nil {
			t.Fatal(err)
		}
		if got := lane0(&res); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %#x, want %#x", c.in, got, c.want)
		}
	}
	si, _ := New(Desc{Width: 1, Height: 1, Samples: 2, Components: 1, Element: Sint8})
	_ = si.SetElementBits(0, 0, 0, 0, 0, 0xff) // -1
	_ = si.SetElementBits(0, 0, 0, 1, 0, 5)
	var res Result
	if err := si.Load(&Instruction{Half: true, Fill: FillZero}, oneLane(0, 0, 0, 0), &res); err != nil {
		t.Fatal(err)
	}
	if got := lane0(&res); !slices.Equal(got, []uint32{0x0005_ffff, 0}) {
		t.Errorf("sint8 d16: %#x", got)
	}
}

// TestFMask checks loads through the FMASK: identity, sharing, unknown (8)
// reading fragment 0, validation, and the samples-identical query.
func TestFMask(t *testing.T) {
	s := labelled(t, Desc{Width: 2, Height: 1, Samples: 8, Components: 4, Element: Uint32, Fragments: 4})
	if got := s.FMask[0]; got != 0x8888_3210 {
		t.Fatalf("initial FMASK %#x, want 0x88883210", got)
	}
	full := labelled(t, Desc{Width: 1, Height: 1, Samples: 8, Components: 4, Element: Uint32, Fragments: 8})
	if got := full.FMask[0]; got != FMaskIdentity {
		t.Fatalf("8-fragment FMASK %#x, want identity", got)
	}
	for _, c := range []struct {
		word      uint64
		phase0    []uint32
		phase1    []uint32
		identical bool
	}{
		{0x0000_0000, []uint32{11, 11, 11, 11}, []uint32{11, 11, 11, 11}, true},
		{0x8888_8888, []uint32{11, 11, 11, 11}, []uint32{11, 11, 11, 11}, true},
		{0x8000_0008, []uint32{11, 11, 11, 11}, []uint32{11, 11, 11, 11}, true},
		{0x3333_3333, []uint32{41, 41, 41, 41}, []uint32{41, 41, 41, 41}, true},
		{0x0123_3210, []uint32{11, 21, 31, 41}, []uint32{41, 31, 21, 11}, false},
		{0x1111_1110, []uint32{11, 21, 21, 21}, []uint32{21, 21, 21, 21}, false},
	} {
		if err := s.SetFMask(0, 0, 0, c.word); err != nil {
			t.Fatal(err)
		}
		var res Result
		if err := s.Load(&Instruction{AllPhases: true}, oneLane(0, 0, 0, 0), &res); err != nil {
			t.Fatal(err)
		}
		got := lane0(&res)
		if !slices.Equal(got[:4], c.phase0) || !slices.Equal(got[4:], c.phase1) {
			t.Errorf("FMASK %#x: %v, want %v %v", c.word, got, c.phase0, c.phase1)
		}
		if res.Traffic.FMaskReads != 1 {
			t.Errorf("FMASK %#x: %d FMASK reads", c.word, res.Traffic.FMaskReads)
		}
		if s.SamplesIdentical(0, 0, 0) != c.identical {
			t.Errorf("FMASK %#x: samples identical %v", c.word, !c.identical)
		}
		// same sample through the FMASK
		in := Instruction{Mode: SameSample}
		if err := s.Load(&in, oneLane(0, 0, 0, 6), &res); err != nil {
			t.Fatal(err)
		}
		f := s.Fragment(0, 0, 0, 6)
		if got := lane0(&res); got[0] != uint32(10*(f+1)+1) {
			t.Errorf("FMASK %#x: sample 6 read %v, want fragment %d", c.word, got, f)
		}
	}
	for _, c := range []struct {
		word uint64
		want string
	}{
		{0x0000_0004, "msaa: fmask: 0x4 sample 0 names fragment 4, but 4 fragments are stored (and 8 means unknown)"},
		{0x9000_0000, "msaa: fmask: 0x90000000 sample 7 names fragment 9, but 4 fragments are stored (and 8 means unknown)"},
		{1 << 32, "msaa: fmask: 0x100000000 has bits above the 8 samples' 32 bits"},
	} {
		if err := s.SetFMask(0, 0, 0, c.word); err == nil || err.Error() != c.want {
			t.Errorf("SetFMask(%#x): %v, want %q", c.word, err, c.want)
		}
	}
	u := labelled(t, Desc{Width: 1, Height: 1, Samples: 4, Components: 1, Element: Uint32})
	if u.SamplesIdentical(0, 0, 0) {
		t.Error("uncompressed surface: samples identical")
	}
	if err := u.SetFMask(0, 0, 0, 0); err == nil {
		t.Error("SetFMask on an uncompressed surface succeeded")
	}
}

// TestTraffic checks the memory accounting against hand counts.
func TestTraffic(t *testing.T) {
	// 4 samples × 4 components × 4 bytes = 64 bytes per pixel: one line each.
	s := labelled(t, Desc{Width: 4, Height: 1, Samples: 4, Components: 4, Element: Uint32})
	w := &Wave{Size: 32, Exec: 0xf, X: make([]int32, 32), Y: make([]int32, 32)}
	for i := 0; i < 4; i++ {
		w.X[i] = int32(i)
	}
	w.X[3] = 0 // lanes 0 and 3 share a pixel
	var res Result
	if err := s.Load(&Instruction{}, w, &res); err != nil {
		t.Fatal(err)
	}
	if want := (Traffic{Bytes: 3 * 16, Lines: 3, ElementReads: 16}); res.Traffic != want {
		t.Errorf("same component: %+v, want %+v", res.Traffic, want)
	}
	// 16-bit elements, 2 samples × 3 components = 12 bytes per pixel.
	h := labelled(t, Desc{Width: 16, Height: 1, Samples: 2, Components: 3, Element: Float16})
	w = &Wave{Size: 32, Exec: 0xffff, X: make([]int32, 32), Y: make([]int32, 32)}
	for i := 0; i < 16; i++ {
		w.X[i] = int32(i)
	}
	if err := h.Load(&Instruction{Mode: SameComponent}, w, &res); err != nil {
		t.Fatal(err)
	}
	// 32 elements of 2 bytes; the block of 192 bytes spans 3 lines.
	if want := (Traffic{Bytes: 64, Lines: 3, ElementReads: 32}); res.Traffic != want {
		t.Errorf("float16: %+v, want %+v", res.Traffic, want)
	}
}

func TestNewErrors(t *testing.T) {
	for _, c := range []struct {
		d    Desc
		want string
	}{
		{Desc{Width: 0, Height: 1, Samples: 4, Components: 4, Element: Unorm8}, "msaa: width: 0 is out of range (1..65536)"},
		{Desc{Width: 1, Height: 1, Samples: 3, Components: 4, Element: Unorm8}, "msaa: samples: 3 is not 1, 2, 4, 8 or 16"},
		{Desc{Width: 1, Height: 1, Samples: 4, Components: 17, Element: Unorm8}, "msaa: components: 17 is out of range (1..16)"},
		{Desc{Width: 1, Height: 1, Samples: 4, Components: 2, Element: Float32, Depth: true}, "msaa: components: 2 must be 1 for a depth surface"},
		{Desc{Width: 1, Height: 1, Samples: 4, Components: 1, Element: Unorm8, Depth: true}, "msaa: element: unorm8 is not a depth element (unorm16 or float32)"},
		{Desc{Width: 1, Height: 1, Samples: 16, Components: 1, Element: Unorm8, Fragments: 9}, "msaa: fragments: 9 is out of range (0: uncompressed, or 1..8)"},
		{Desc{Width: 1, Height: 1, Samples: 4, Components: 1, Element: Element{3, 0}}, "msaa: element: invalid(3 bytes, unorm) is not an element type"},
		{Desc{Width: 65536, Height: 65536, Samples: 16, Components: 4, Element: Float32}, "msaa: size: 1099511627776 bytes is more than the limit of 1073741824"},
		{Desc{Width: 1, Height: 1, Samples: 4, Components: 3, Element: Unorm8, Spacing: 2}, "msaa: spacing: 2 is out of range (3, the components per sample, .. 256 elements)"},
		{Desc{Width: 1, Height: 1, Samples: 4, Components: 3, Element: Unorm8, Layout: ComponentContiguous, Spacing: 3}, "msaa: spacing: 3 is out of range (4, the samples stored per component, .. 256 elements)"},
		{Desc{Width: 1, Height: 1, Samples: 8, Fragments: 2, Components: 3, Element: Unorm8, Layout: ComponentContiguous, Spacing: 1}, "msaa: spacing: 1 is out of range (2, the samples stored per component, .. 256 elements)"},
		{Desc{Width: 1, Height: 1, Samples: 4, Components: 3, Element: Unorm8, Spacing: 257}, "msaa: spacing: 257 is out of range (3, the components per sample, .. 256 elements)"},
		{Desc{Width: 1, Height: 1, Samples: 4, Components: 3, Element: Unorm16, Spacing: 4, PixelPitch: 29}, "msaa: pixel_pitch: 29 is out of range (32, the block of 4 groups of 4 elements, .. 1073741824 bytes)"},
		{Desc{Width: 3, Height: 1, Samples: 1, Components: 1, Element: Float32, PixelPitch: 8, RowPitch: 23}, "msaa: row_pitch: 23 is out of range (24, 3 pixels of 8 bytes, .. 1073741824 bytes)"},
		{Desc{Width: 1, Height: 1, Samples: 1, Components: 1, Element: Float32, PixelPitch: -4}, "msaa: pixel_pitch: -4 is out of range (4, the block of 1 groups of 1 elements, .. 1073741824 bytes)"},
		{Desc{Width: 65536, Height: 1, Samples: 16, Components: 16, Element: Float32, PixelPitch: 1 << 20}, "msaa: row_pitch: 0 is out of range (68719476736, 65536 pixels of 1048576 bytes, .. 1073741824 bytes)"},
	} {
		if _, err := New(c.d); err == nil || err.Error() != c.want {
			t.Errorf("New(%+v): %v, want %q", c.d, err, c.want)
		}
	}
}

func ExampleSurface_Load() {
	// Figure 5C: eight samples, components of a sample contiguous; one
	// instruction writes both phases of component C1 into two registers.
	s, _ := New(Desc{Width: 1, Height: 1, Samples: 8, Components: 4, Element: Uint32})
	for f := 0; f < 8; f++ {
		for c := 0; c < 4; c++ {
			_ = s.SetElementBits(0, 0, 0, f, c, uint32(10*(f+1)+c+1)) // SxCy as 10x+y
		}
	}
	w := &Wave{Size: 32, Exec: 1, X: make([]int32, 32), Y: make([]int32, 32)}
	var res Result
	if err := s.Load(&Instruction{Mode: SameComponent, AllPhases: true}, w, &res); err != nil {
		panic(err)
	}
	fmt.Println("stride", res.Plan.Stride, "phases", res.Plan.Phases)
	for r := 0; r < res.Plan.Registers; r++ {
		fmt.Print("v", r, ":")
		for k := 0; k < 4; k++ {
			fmt.Print(" S", res.Dword[4*r+k][0]/10, "C", res.Dword[4*r+k][0]%10)
		}
		fmt.Println()
	}
	fmt.Printf("%d bytes, %d lines\n", res.Traffic.Bytes, res.Traffic.Lines)
	// Output:
	// stride 4 phases 2
	// v0: S1C1 S2C1 S3C1 S4C1
	// v1: S5C1 S6C1 S7C1 S8C1
	// 32 bytes, 2 lines
}

// BenchmarkLoad measures a same-component load over a full wave of 64
// lanes on an 8-sample surface (both phases written), per lane.
func BenchmarkLoad(b *testing.B) {
	s := labelled(b, Desc{Width: 64, Height: 64, Samples: 8, Components: 4, Element: Unorm8})
	w := &Wave{Size: 64, Exec: ^uint64(0), X: make([]int32, 64), Y: make([]int32, 64)}
	for i := range w.X {
		w.X[i], w.Y[i] = int32(i%8), int32(i/8)
	}
	in := Instruction{Mode: SameComponent, AllPhases: true}
	var res Result
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Load(&in, w, &res); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*64), "ns/lane")
}

// TestSpacing checks storage with padding (the patent's stride "set to
// match the spacing between those non-contiguous elements"): in both
// layouts, with padded groups, pixels and rows, every load agrees with the
// per-sample reference Value, the plan's stride is the spacing where the
// table has a group's length, a walk of the raw bytes from the plan's base
// by its stride reads the loaded elements, padding stays zero, and the
// traffic counts the padded addresses.
func TestSpacing(t *testing.T) {
	for _, c := range []struct {
		d                Desc
		sameComp, sample int // the strides expected
	}{
		{Desc{Width: 3, Height: 2, Samples: 4, Components: 3, Element: Uint32, Spacing: 4}, 4, 1},                                          // RGBX
		{Desc{Width: 3, Height: 2, Samples: 4, Components: 3, Element: Unorm8, Spacing: 5, PixelPitch: 24, RowPitch: 80}, 5, 1},            // padded pixels and rows
		{Desc{Width: 2, Height: 2, Layers: 2, Samples: 4, Components: 2, Element: Float16, Layout: ComponentContiguous, Spacing: 6}, 1, 6}, // Figure 5D with a gap after each component's samples
		{Desc{Width: 2, Height: 3, Samples: 8, Fragments: 2, Components: 4, Element: Uint16, Layout: ComponentContiguous, Spacing: 3}, 1, 3},
		{Desc{Width: 2, Height: 2, Samples: 8, Components: 1, Element: Float32, Depth: true, Spacing: 2}, 2, 2}, // a depth sample every 8 bytes
		{Desc{Width: 2, Height: 2, Samples: 8, Components: 1, Element: Float32, Depth: true, Layout: ComponentContiguous, Spacing: 9, RowPitch: 100}, 1, 1},
	} {
		s := labelled(t, c.d)
		// Padding: every byte not an element of some pixel is zero.
		used := make([]bool, len(s.Data))
		for l := 0; l < s.Layers; l++ {
			for y := 0; y < s.Height; y++ {
				for x := 0; x < s.Width; x++ {
					for f := 0; f < s.Stored(); f++ {
						for comp := 0; comp < s.Components; comp++ {
							o := s.ElementOffset(x, y, l, f, comp)
							for b := o; b < o+s.Element.Bytes; b++ {
								if used[b] {
									t.Fatalf("%+v: byte %d belongs to two elements", c.d, b)
								}
								used[b] = true
							}
						}
					}
				}
			}
		}
		for b, u := range used {
			if !u && s.Data[b] != 0 {
				t.Fatalf("%+v: padding byte %d is %#x", c.d, b, s.Data[b])
			}
		}
		var modes []Instruction
		if c.d.Depth {
			modes = append(modes, Instruction{Mode: DepthSamples, AllPhases: true})
		} else {
			for comp := 0; comp < s.Components; comp++ {
				modes = append(modes, Instruction{Mode: SameComponent, Component: comp, AllPhases: true})
			}
			modes = append(modes, Instruction{Mode: SameSample, Elements: s.Components})
		}
		w := &Wave{Size: 16, Exec: 0xffff, X: make([]int32, 16), Y: make([]int32, 16), Slice: make([]int32, 16), Sample: make([]int32, 16)}
		for i := range 16 {
			w.X[i], w.Y[i], w.Slice[i], w.Sample[i] = int32(i%s.Width), int32(i/s.Width%s.Height), int32(i/(s.Width*s.Height)%s.Layers), int32(i%s.Samples)
		}
		for _, in := range modes {
			var res Result
			if err := s.Load(&in, w, &res); err != nil {
				t.Fatalf("%+v %v: %v", c.d, in.Mode, err)
			}
			want := c.sameComp
			if in.Mode == SameSample {
				want = c.sample
			}
			if res.Plan.Stride != want || res.Plan.Stride != s.Desc.Stride(in.Mode) {
				t.Errorf("%+v %v: stride %d (Desc.Stride %d), want %d", c.d, in.Mode, res.Plan.Stride, s.Desc.Stride(in.Mode), want)
			}
			for i := range 16 {
				x, y, l, smp := int(w.X[i]), int(w.Y[i]), int(w.Slice[i]), int(w.Sample[i])
				for k := 0; k < res.Plan.Dwords; k++ {
					var ref uint32
					if in.Mode == SameSample {
						ref = s.Value(x, y, l, smp, k)
					} else {
						ref = s.Value(x, y, l, k, in.Component)
					}
					if res.Dword[k][i] != ref {
						t.Fatalf("%+v %v lane %d word %d: %#x, Value %#x", c.d, in.Mode, i, k, res.Dword[k][i], ref)
					}
				}
				// The raw walk: on an uncompressed surface the loaded
				// elements are Stride elements apart from the plan's base
				// (SameSample: from the sample's first element).
				if s.Fragments == 0 {
					base := res.Plan.Base
					if in.Mode == SameSample {
						base = s.ElementIndex(smp, 0)
					}
					pix := s.ElementOffset(x, y, l, 0, 0) - s.ElementIndex(0, 0)*s.Element.Bytes
					for k := 0; k < res.Plan.Dwords; k++ {
						raw := getElement(s.Data[pix+(base+k*res.Plan.Stride)*s.Element.Bytes:], s.Element.Bytes)
						if got := s.decode(s.Data[pix+(base+k*res.Plan.Stride)*s.Element.Bytes:], in.Component); got != res.Dword[k][i] {
							t.Fatalf("%+v %v lane %d: the walk by stride %d reads %#x (raw %#x) at element %d, the load %#x", c.d, in.Mode, i, res.Plan.Stride, got, raw, k, res.Dword[k][i])
						}
					}
				}
			}
		}
	}
}

// TestSpacingTraffic checks that spacing moves the addresses the traffic
// counts: one component of four samples of a 4-component unorm8 pixel is
// 4 bytes in one 64-byte line, and in two lines once the samples are 32
// elements apart.
func TestSpacingTraffic(t *testing.T) {
	for _, c := range []struct {
		spacing, bytes, lines int
	}{{0, 4, 1}, {4, 4, 1}, {16, 4, 1}, {32, 4, 2}} {
		s := labelled(t, Desc{Width: 1, Height: 1, Samples: 4, Components: 4, Element: Unorm8, Spacing: c.spacing})
		w := &Wave{Size: 16, Exec: 1, X: make([]int32, 16), Y: make([]int32, 16)}
		var res Result
		if err := s.Load(&Instruction{Mode: SameComponent, Component: 0}, w, &res); err != nil {
			t.Fatal(err)
		}
		if res.Traffic.Bytes != c.bytes || res.Traffic.Lines != c.lines {
			t.Errorf("spacing %d: %d bytes, %d lines; want %d, %d", c.spacing, res.Traffic.Bytes, res.Traffic.Lines, c.bytes, c.lines)
		}
	}
}
