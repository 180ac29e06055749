package txd

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

func mustParse(t *testing.T, s string) Inst {
	t.Helper()
	in, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return in
}

// newView makes a hashed, fully mipmapped r32g32b32a32_sfloat surface.
func newView(t *testing.T, kind surface.Kind, w, h, layers int) *surface.View {
	t.Helper()
	f, err := format.Parse("r32g32b32a32_sfloat")
	if err != nil {
		t.Fatal(err)
	}
	s, err := surface.New(surface.Desc{Kind: kind, Format: f, Width: w, Height: h, Layers: layers})
	if err != nil {
		t.Fatal(err)
	}
	s.FillHash(uint32(kind)+7, -1, 2)
	v := s.View()
	return &v
}

func trilinear() *sampler.State {
	st := sampler.DefaultState()
	st.MagFilter, st.MinFilter, st.MipFilter = sampler.Linear, sampler.Linear, sampler.MipLinear
	st.Address = [3]sampler.AddressMode{sampler.WrapRepeat, sampler.WrapMirroredRepeat, sampler.WrapClampToEdge}
	return &st
}

// testMachine binds four textures (headers 0..3: 1D, 1D array, 2D, 2D
// array), two samplers (0 trilinear, 1 nearest) and a constant bank whose
// word i holds handle (header i, sampler i%2).
func testMachine(t *testing.T) *Machine {
	m := &Machine{
		Headers: []*surface.View{
			newView(t, surface.Kind1D, 64, 1, 1),
			newView(t, surface.Kind1DArray, 32, 1, 5),
			newView(t, surface.Kind2D, 32, 16, 1),
			newView(t, surface.Kind2DArray, 16, 16, 3),
		},
		HeaderMax:  3,
		SamplerMax: 1,
	}
	nearest := sampler.DefaultState()
	m.Samplers = []*sampler.State{trilinear(), &nearest}
	for i := uint32(0); i < 4; i++ {
		m.ConstBank = append(m.ConstBank, uint32(MakeHandle(i, i%2)))
	}
	return m
}

func f32(x float32) uint32 { return math.Float32bits(x) }

// lane is one thread's parameters as a test writes them.
type lane struct {
	handle   Handle
	s, t     float32
	array    uint32
	off      [2]int32
	clampU48 uint32
	d        [4]float32 // dsdx, dsdy, dtdx, dtdy
}

// load writes the lane's parameters into Ra/Rb per the packing table,
// written out here independently of Layout.
func load(w *Warp, tid int, in Inst, p lane) {
	r := in.Ra
	put := func(v uint32) { w.R[tid][r] = v; r++ }
	if in.Bindless {
		put(uint32(p.handle))
	}
	put(f32(p.s))
	if in.Param.Dims() == 2 {
		put(f32(p.t))
	}
	if in.LodClamp {
		put(p.clampU48<<20 | (uint32(p.off[1])&0xf)<<16 | (uint32(p.off[0])&0xf)<<12 | p.array&0xfff)
	} else if in.Offsets || in.Param.IsArray() {
		put((uint32(p.off[1])&0xf)<<20 | (uint32(p.off[0])&0xf)<<16 | p.array&0xffff)
	}
	w.R[tid][in.Rb] = f32(p.d[0])
	w.R[tid][in.Rb+1] = f32(p.d[1])
	if in.Param.Dims() == 2 {
		w.R[tid][in.Rb+2] = f32(p.d[2])
		w.R[tid][in.Rb+3] = f32(p.d[3])
	}
}

// reference samples one lane alone with the core's sample_d.
func reference(t *testing.T, m *Machine, in Inst, p lane) ([4]uint32, bool) {
	t.Helper()
	v, st := m.Headers[p.handle.Header()], *m.Samplers[p.handle.Sampler()]
	if m.ViaHeaderBinding {
		st = *m.Samplers[p.handle.Header()]
	}
	if in.LodClamp {
		c := float32(p.clampU48) / 256
		st.MinLod, st.MaxLod = max(st.MinLod, c), max(st.MaxLod, c)
	}
	req := sampler.Request{Op: sampler.OpSampleD, Lanes: 1}
	one := func(x float32) []float32 { return []float32{x} }
	req.Coord[0], req.DDX[0], req.DDY[0] = one(p.s), one(p.d[0]), one(p.d[1])
	n := 1
	if in.Param.Dims() == 2 {
		req.Coord[1], req.DDX[1], req.DDY[1] = one(p.t), one(p.d[2]), one(p.d[3])
		n = 2
	}
	if v.Surface.Kind.IsArray() {
		layer := float32(0)
		if in.Param.IsArray() {
			layer = float32(p.array)
		}
		req.Coord[n] = one(layer)
	}
	if in.Offsets {
		for i := 0; i < n; i++ {
			req.Offset[i] = []int32{p.off[i]}
		}
	}
	var res sampler.Result
	if err := (&sampler.Engine{}).Execute(*v, &st, &req, &res); err != nil {
		t.Fatalf("reference: %v", err)
	}
	return [4]uint32{res.Bits[0][0], res.Bits[1][0], res.Bits[2][0], res.Bits[3][0]}, res.Resident[0]
}

func randLane(r *rand.Rand, handle Handle, lc bool) lane {
	g := func() float32 { return float32(r.NormFloat64() * 0.05) }
	p := lane{handle: handle, s: float32(r.Float64()*3 - 1), t: float32(r.Float64()*3 - 1),
		array: uint32(r.IntN(7)), off: [2]int32{int32(r.IntN(16)) - 8, int32(r.IntN(16)) - 8},
		d: [4]float32{g(), g(), g(), g()}}
	if lc {
		p.clampU48 = uint32(r.IntN(4)) * 0x80 // 0, 0.5, 1, 1.5: several groups
	}
	return p
}

// TestExecMatchesCore runs every form over a warp with random parameters and
// compares each thread with the core's sample_d for that thread alone.
func TestExecMatchesCore(t *testing.T) {
	m := testMachine(t)
	r := rand.New(rand.NewPCG(6, 1))
	params := []struct {
		param  string
		header uint32 // matching textures
	}{{"1D", 0}, {"1D", 1}, {"ARRAY_1D", 0}, {"ARRAY_1D", 1}, {"2D", 2}, {"2D", 3}, {"ARRAY_2D", 2}, {"ARRAY_2D", 3}}
	for _, pa := range params {
		for _, mods := range []string{"", ".AOFFI", ".LC", ".LC.AOFFI", ".B", ".B.LC.AOFFI", ".B.AOFFI"} {
			for _, mask := range []uint8{0xf, 0x5, 0x8} {
				bindless := strings.Contains(mods, ".B")
				lc := strings.Contains(mods, ".LC")
				text := "TXD" + mods + " P2, R16, R8, R4, " + map[bool]string{true: "0x0", false: "0x" + string("0123"[pa.header])}[bindless] +
					", " + pa.param + ", 0x" + string("0123456789abcdef"[mask])
				in := mustParse(t, text)
				l := in.Layout()
				in.Ra = Reg(8) // aligned for up to 4
				in.Rb = Reg(4)
				in.Rd = Reg(16)
				if l.ND <= 2 {
					in.Rd = 18
				}
				w := NewWarp()
				w.Active = 0xfffffffe // thread 0 inactive
				lanes := make([]lane, WarpSize)
				for tid := range lanes {
					h := MakeHandle(pa.header, pa.header%2)
					if bindless && tid%3 == 1 {
						h = MakeHandle(pa.header, 1-pa.header%2) // a second sampler: two requests
					}
					lanes[tid] = randLane(r, h, lc)
					load(w, tid, in, lanes[tid])
					w.R[tid][in.Rd] = 0xdeadbeef
				}
				out, err := m.Exec(w, in)
				if err != nil {
					t.Fatalf("%s: %v", in, err)
				}
				if w.R[0][in.Rd] != 0xdeadbeef || out.Status[0] != LaneOff {
					t.Errorf("%s: inactive thread 0 was written", in)
				}
				for tid := 1; tid < WarpSize; tid++ {
					if out.Status[tid] != LaneSampled {
						t.Fatalf("%s: thread %d: status %v (%v)", in, tid, out.Status[tid], out.Err[tid])
					}
					want, resident := reference(t, m, in, lanes[tid])
					n := 0
					for c := 0; c < 4; c++ {
						if mask>>c&1 == 0 {
							continue
						}
						if got := w.R[tid][in.Rd+Reg(n)]; got != want[c] {
							t.Errorf("%s: thread %d component %d in %s: %#x, want %#x", in, tid, c, in.Rd+Reg(n), got, want[c])
						}
						n++
					}
					if w.P[tid][2] != !resident {
						t.Errorf("%s: thread %d: Ps %v, want %v", in, tid, w.P[tid][2], !resident)
					}
				}
			}
		}
	}
}

// run executes text on a fresh warp of testMachine after set(w) and returns
// the warp and outcome.
func run(t *testing.T, m *Machine, text string, set func(w *Warp)) (*Warp, *Outcome, error) {
	t.Helper()
	in := mustParse(t, text)
	w := NewWarp()
	if set != nil {
		set(w)
	}
	out, err := m.Exec(w, in)
	return w, out, err
}

// set2D loads s, t and derivatives of a 2D lookup into R2, R3 and R4..R7.
func set2D(w *Warp) {
	for tid := 0; tid < WarpSize; tid++ {
		w.R[tid][2], w.R[tid][3] = f32(0.3+float32(tid)/64), f32(0.6)
		w.R[tid][4], w.R[tid][7] = f32(0.01), f32(0.02)
	}
}

func TestInvalidTextures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		setup  func(m *Machine)
		handle Handle
	}{
		{"header beyond MaximumIndex", func(m *Machine) { m.HeaderMax = 1 }, MakeHandle(2, 0)},
		{"sampler beyond MaximumIndex", func(m *Machine) { m.SamplerMax = 0 }, MakeHandle(2, 1)},
		{"header within MaximumIndex but beyond the pool", func(m *Machine) { m.HeaderMax = 100 }, MakeHandle(50, 0)},
		{"unbound header", func(m *Machine) { m.Headers[2] = nil }, MakeHandle(2, 0)},
		{"unbound sampler", func(m *Machine) { m.Samplers[1] = nil }, MakeHandle(2, 1)},
		{"via header binding: header 2 used as sampler 2 > max", func(m *Machine) { m.ViaHeaderBinding = true }, MakeHandle(2, 0)},
		{"samplerPtr bits 31:20 beyond max", func(m *Machine) {}, MakeHandle(2, 0xfff)},
		{"headerPtr bits 19:0 beyond max", func(m *Machine) {}, MakeHandle(0xfffff, 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMachine(t)
			tc.setup(m)
			w, out, err := run(t, m, "TXD.B P1, R0, R4, R8, 0x0, 2D, 0xf", func(w *Warp) {
				for tid := 0; tid < WarpSize; tid++ {
					w.R[tid][4], w.R[tid][5], w.R[tid][6] = uint32(tc.handle), f32(0.5), f32(0.5)
					w.R[tid][0], w.R[tid][3] = 0xffffffff, 0xffffffff
					w.P[tid][1] = true
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			for tid := 0; tid < WarpSize; tid++ {
				if out.Status[tid] != LaneInvalid {
					t.Fatalf("thread %d: status %v, want invalid texture", tid, out.Status[tid])
				}
				if w.R[tid][0] != 0 || w.R[tid][3] != 0 || w.P[tid][1] {
					t.Fatalf("thread %d: R0=%#x R3=%#x P1=%v, want zeros and P1 false", tid, w.R[tid][0], w.R[tid][3], w.P[tid][1])
				}
			}
		})
	}
}

// TestViaHeaderBinding: the header pointer selects the sampler as well.
func TestViaHeaderBinding(t *testing.T) {
	m := testMachine(t)
	m.ViaHeaderBinding = true
	m.SamplerMax = 2
	nearest := sampler.DefaultState()
	m.Samplers = append(m.Samplers, &nearest) // sampler 2 = nearest
	m.ConstBank[2] = uint32(MakeHandle(2, 0)) // samplerPtr 0 is ignored
	w, _, err := run(t, m, "TXD R0, R2, R4, 0x2, 2D", set2D)
	if err != nil {
		t.Fatal(err)
	}
	p := lane{handle: MakeHandle(2, 2), s: 0.3 + 5.0/64, t: 0.6, d: [4]float32{0.01, 0, 0, 0.02}}
	want, _ := reference(t, &Machine{Headers: m.Headers, Samplers: m.Samplers}, mustParse(t, "TXD R0, R2, R4, 0x2, 2D"), p)
	for c := 0; c < 4; c++ {
		if w.R[5][c] != want[c] {
			t.Fatalf("component %d: %#x, want %#x (sampler 2, nearest)", c, w.R[5][c], want[c])
		}
	}
}

func TestCoordinateMismatch(t *testing.T) {
	for _, tc := range []struct {
		text   string
		header uint32
		status LaneStatus
	}{
		{"TXD R0, R8, R4, 0x0, 2D", 0, LaneMismatch},       // 2 coordinates, 1D texture
		{"TXD R0, R8, R4, 0x1, ARRAY_2D", 1, LaneMismatch}, // 1D array texture
		{"TXD R0, R8, R4, 0x2, 1D", 2, LaneMismatch},       // 2D texture
		{"TXD R0, R8, R4, 0x3, ARRAY_1D", 3, LaneMismatch}, // 2D array texture
		{"TXD R0, R8, R4, 0x2, ARRAY_2D", 2, LaneSampled},  // array specifier, non-array texture
		{"TXD R0, R8, R4, 0x3, 2D", 3, LaneSampled},        // non-array specifier, array texture
		{"TXD R0, R8, R4, 0x0, ARRAY_1D", 0, LaneSampled},  //
		{"TXD R0, R8, R4, 0x1, 1D", 1, LaneSampled},        //
		{"TXD R0, R8, R4, 0x4, 2D", 4, LaneMismatch},       // 3D texture
	} {
		m := testMachine(t)
		m.Headers = append(m.Headers, newView(t, surface.Kind3D, 8, 8, 1))
		m.HeaderMax = 4
		m.ConstBank = append(m.ConstBank, uint32(MakeHandle(4, 0)))
		in := mustParse(t, tc.text)
		w := NewWarp()
		p := lane{handle: MakeHandle(tc.header, tc.header%2), s: 0.4, t: 0.7, array: 2, d: [4]float32{0.03, 0.01, 0, 0.05}}
		for tid := 0; tid < WarpSize; tid++ {
			load(w, tid, in, p)
			w.R[tid][0] = 0xffffffff
		}
		out, err := m.Exec(w, in)
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if out.Status[7] != tc.status {
			t.Errorf("%s on header %d: status %v, want %v", tc.text, tc.header, out.Status[7], tc.status)
			continue
		}
		if tc.status == LaneMismatch {
			if w.R[7][0] != 0 || w.R[7][3] != 0 {
				t.Errorf("%s: mismatch wrote %#x, want zeros", tc.text, w.R[7][0])
			}
			continue
		}
		want, _ := reference(t, m, in, p)
		for c := 0; c < 4; c++ {
			if w.R[7][c] != want[c] {
				t.Errorf("%s: component %d %#x, want %#x", tc.text, c, w.R[7][c], want[c])
			}
		}
	}
}

// TestWriteMaskCompaction: enabled components land in consecutive registers
// from Rd; the registers after them are untouched.
func TestWriteMaskCompaction(t *testing.T) {
	m := testMachine(t)
	full, _, err := run(t, m, "TXD R8, R2, R4, 0x2, 2D, 0xf", set2D)
	if err != nil {
		t.Fatal(err)
	}
	for mask := uint8(0); mask < 16; mask++ {
		text := "TXD R8, R2, R4, 0x2, 2D, 0x" + string("0123456789abcdef"[mask])
		w, out, err := run(t, m, text, func(w *Warp) {
			set2D(w)
			for tid := 0; tid < WarpSize; tid++ {
				for r := 8; r < 13; r++ {
					w.R[tid][r] = 0xcafe
				}
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		n := 0
		for c := 0; c < 4; c++ {
			if mask>>c&1 != 0 {
				if got, want := w.R[9][8+n], full.R[9][8+c]; got != want {
					t.Errorf("%s: R%d = %#x, want component %d %#x", text, 8+n, got, c, want)
				}
				n++
			}
		}
		if len(out.Written) != n {
			t.Errorf("%s: Written %v, want %d registers", text, out.Written, n)
		}
		for r := 8 + n; r < 13; r++ {
			if w.R[9][r] != 0xcafe {
				t.Errorf("%s: R%d was written", text, r)
			}
		}
	}
}

func TestRegisterRules(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // substring of the error; "" = no error
	}{
		{"TXD R0, R2, R4, 0x0, 2D", ""},
		{"TXD R1, R2, R4, 0x0, 2D", "Rd R1 is not aligned to 4"},
		{"TXD R2, R2, R4, 0x0, 2D, 0x7", "Rd R2 is not aligned to 4"}, // 3 components: vec4
		{"TXD R2, R2, R4, 0x0, 2D, 0x5", ""},                          // 2 components
		{"TXD R3, R2, R4, 0x0, 2D, 0x9", "Rd R3 is not aligned to 2"},
		{"TXD R3, R2, R4, 0x0, 2D, 0x8", ""}, // 1 component
		{"TXD R7, R2, R4, 0x0, 2D, 0x0", ""}, // nothing written
		{"TXD RZ, R2, R4, 0x0, 2D", ""},      // every write discarded
		{"TXD R252, R2, R4, 0x0, 2D", "Rd R252: its 4 registers run past R254"},
		{"TXD R0, R3, R4, 0x0, 2D", "Ra R3 is not aligned to 2"},
		{"TXD R0, R3, R4, 0x0, 1D", ""},                                // Ra: s only
		{"TXD R0, R2, R4, 0x0, ARRAY_2D", "Ra R2 is not aligned to 4"}, // s, t, packed
		{"TXD.B R0, R4, R8, 0x0, 2D", ""},                              // handle, s, t
		{"TXD.B R0, R6, R8, 0x0, 2D", "Ra R6 is not aligned to 4"},
		{"TXD.B.LC R0, R4, R8, 0x0, ARRAY_2D", ""},                     // four in Ra
		{"TXD.AOFFI R0, R5, R8, 0x0, 1D", "Ra R5 is not aligned to 2"}, // s, packed
		{"TXD R0, R2, R6, 0x0, 2D", "Rb R6 is not aligned to 4"},
		{"TXD R0, R2, R6, 0x0, 1D", ""}, // dsdx, dsdy
		{"TXD R0, R2, R5, 0x0, 1D", "Rb R5 is not aligned to 2"},
		{"TXD R0, RZ, R4, 0x0, 2D", "Ra is RZ but must carry 2"},
		{"TXD R0, R2, RZ, 0x0, 1D", "Rb is RZ but must carry 2"},
		{"TXD R0, R254, R4, 0x0, 1D", ""}, // one register: R254 is the last
		{"TXD R0, R254, R4, 0x0, 2D", "Ra R254: its 2 registers run past R254"},
		{"TXD R0, R252, R4, 0x0, ARRAY_2D", ""}, // R252..R254
		{"TXD.B R0, R252, R4, 0x0, ARRAY_2D", "Ra R252: its 4 registers run past"},
	} {
		err := mustParse(t, tc.text).Check()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.text, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want %q", tc.text, err, tc.want)
		case err != nil && !errors.Is(err, ErrRegisterRule):
			t.Errorf("%s: %v does not wrap ErrRegisterRule", tc.text, err)
		}
		// Exec refuses a broken rule and writes nothing.
		if err != nil {
			m := testMachine(t)
			w, _, xerr := run(t, m, tc.text, func(w *Warp) { w.R[0][0] = 77 })
			if xerr == nil || w.R[0][0] != 77 {
				t.Errorf("%s: Exec ran despite %v", tc.text, err)
			}
		}
	}
}

// TestRZ: RZ as Rd discards the results (Ps still works); reading RZ gives
// zero; writing PT as Ps is discarded.
func TestRZ(t *testing.T) {
	m := testMachine(t)
	w, out, err := run(t, m, "TXD P3, RZ, R2, R4, 0x2, 2D", set2D)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Written) != 0 || out.Status[0] != LaneSampled {
		t.Fatalf("Written %v, status %v", out.Written, out.Status[0])
	}
	for tid := 0; tid < WarpSize; tid++ {
		for r := 0; r < 2; r++ {
			if w.R[tid][r] != 0 {
				t.Fatalf("R%d of thread %d written", r, tid)
			}
		}
	}
	if w.Reg(0, RZ) != 0 {
		t.Error("RZ does not read 0")
	}
	w.SetReg(0, RZ, 5)
	w.SetPred(0, PT, false)
	if w.Reg(0, RZ) != 0 || !w.Pred(0, PT) {
		t.Error("writes to RZ/PT were kept")
	}
}

func TestGuardAndActiveMask(t *testing.T) {
	m := testMachine(t)
	for _, tc := range []struct {
		text string
		want func(tid int) bool
	}{
		{"@P1 TXD R8, R2, R4, 0x2, 2D", func(tid int) bool { return tid%2 == 0 && tid != 4 }},
		{"@!P1 TXD R8, R2, R4, 0x2, 2D", func(tid int) bool { return tid%2 == 1 }},
		{"@PT TXD R8, R2, R4, 0x2, 2D", func(tid int) bool { return tid != 4 }},
		{"@!PT TXD R8, R2, R4, 0x2, 2D", func(tid int) bool { return false }},
	} {
		w, out, err := run(t, m, tc.text, func(w *Warp) {
			set2D(w)
			w.Active &^= 1 << 4
			for tid := 0; tid < WarpSize; tid += 2 {
				w.P[tid][1] = true
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for tid := 0; tid < WarpSize; tid++ {
			ran := out.Status[tid] == LaneSampled
			if ran != tc.want(tid) || (w.R[tid][8] != 0) != ran {
				t.Errorf("%s: thread %d ran=%v (R8=%#x), want %v", tc.text, tid, ran, w.R[tid][8], tc.want(tid))
			}
		}
	}
}

// TestLegacyForm: "tid, smp" is tsPtrIdx = smp<<8 | tid and reads the same
// constant bank word.
func TestLegacyForm(t *testing.T) {
	m := testMachine(t)
	m.ConstBank = make([]uint32, 0x304)
	m.ConstBank[0x302] = uint32(MakeHandle(2, 1))
	in := mustParse(t, "TXD R0, R2, R4, 2, 3, 2D, 0xf")
	if in.TsPtrIdx != 0x302 || in.String() != "TXD R0, R2, R4, 0x302, 2D, 0xf ;" {
		t.Fatalf("legacy form parsed as %q (tsPtrIdx %#x)", in, in.TsPtrIdx)
	}
	a, _, err := run(t, m, "TXD R0, R2, R4, 2, 3, 2D", set2D)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := run(t, m, "TXD R0, R2, R4, 0x302, 2D", set2D)
	if err != nil {
		t.Fatal(err)
	}
	if a.R != b.R || a.R[3][0] == 0 {
		t.Fatal("legacy and tsPtrIdx forms differ")
	}
	if _, _, err := run(t, m, "TXD R0, R2, R4, 0x303, 2D", set2D); err != nil {
		t.Fatalf("last bank word: %v", err)
	}
	if _, _, err := run(t, m, "TXD R0, R2, R4, 0x304, 2D", set2D); !errors.Is(err, ErrConstBank) {
		t.Fatalf("beyond the bank: %v, want ErrConstBank", err)
	}
}

// TestLodClamp: the u4.8 clamp raises the LOD from below, per thread, in
// one request (the lanes' MinLod operand).
func TestLodClamp(t *testing.T) {
	m := testMachine(t)
	text := "TXD.LC R0, R4, R8, 0x2, 2D"
	in := mustParse(t, text)
	w := NewWarp()
	lanes := make([]lane, WarpSize)
	for tid := range lanes {
		// Tiny derivatives: λ' is far below 0, so the clamp decides the LOD.
		lanes[tid] = lane{handle: MakeHandle(2, 0), s: 0.37, t: 0.61, d: [4]float32{1e-4, 0, 0, 1e-4}, clampU48: uint32(tid) * 0x30}
		load(w, tid, in, lanes[tid])
	}
	out, err := m.Exec(w, in)
	if err != nil {
		t.Fatal(err)
	}
	if out.Requests != 1 {
		t.Errorf("%d requests, want 1", out.Requests)
	}
	for tid := range lanes {
		want, _ := reference(t, m, in, lanes[tid])
		// And directly: the same as sample_l at LOD = clamp (trilinear sampler, min LOD 0).
		st := *m.Samplers[0]
		lod := float32(lanes[tid].clampU48) / 256
		req := sampler.Request{Op: sampler.OpSampleL, Lanes: 1, Coord: [4][]float32{{0.37}, {0.61}}, Lod: []float32{lod}}
		var res sampler.Result
		if err := (&sampler.Engine{}).Execute(*m.Headers[2], &st, &req, &res); err != nil {
			t.Fatal(err)
		}
		for c := 0; c < 4; c++ {
			if w.R[tid][c] != want[c] || w.R[tid][c] != res.Bits[c][0] {
				t.Errorf("thread %d (clamp %v): component %d %#x, want %#x (sample_l %#x)", tid, lod, c, w.R[tid][c], want[c], res.Bits[c][0])
			}
		}
	}
	// Without .LC the same bits are the toff/array fields: no clamp.
	in2 := mustParse(t, "TXD.AOFFI R0, R4, R8, 0x2, 2D")
	w2 := NewWarp()
	for tid := range lanes {
		load(w2, tid, in2, lane{handle: MakeHandle(2, 0), s: 0.37, t: 0.61, d: [4]float32{1e-4, 0, 0, 1e-4}})
		w2.R[tid][6] |= 0xf << 28 // bits 31:28 unused without .LC
	}
	if _, err := m.Exec(w2, in2); err != nil {
		t.Fatal(err)
	}
	if w2.R[0] != w2.R[31] {
		t.Error("bits 31:28 of the packed word changed the result without .LC")
	}
}

// TestSparse: Ps is set for threads whose footprint touched a non-resident
// tile, and cleared for the others.
func TestSparse(t *testing.T) {
	m := testMachine(t)
	s := m.Headers[2].Surface
	if err := s.SetTileSize(8, 8, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetResident(0, 0, 0, 0, 0, false); err != nil { // texels 0..7 × 0..7 of level 0
		t.Fatal(err)
	}
	w, _, err := run(t, m, "TXD.P P5, R0, R2, R4, 0x2, 2D", func(w *Warp) {
		for tid := 0; tid < WarpSize; tid++ {
			u := float32(tid) / 32 // 32 texels wide: thread tid samples around texel tid
			w.R[tid][2], w.R[tid][3] = f32(u+1.0/64), f32(4.0/16)
			w.R[tid][4], w.R[tid][7] = f32(1.0/64), f32(1.0/32) // level 0
			w.P[tid][5] = tid%2 == 0                            // stale values are overwritten
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for tid := 0; tid < WarpSize; tid++ {
		// Texels 0..7 are in the non-resident tile; thread 31's footprint
		// wraps (repeat) to texel 0 with weight 0, which counts too.
		want := tid < 8 || tid == 31
		if w.P[tid][5] != want {
			t.Errorf("thread %d: Ps %v, want %v", tid, w.P[tid][5], want)
		}
	}
}

func TestUnpackWord(t *testing.T) {
	for _, tc := range []struct {
		w    uint32
		lc   bool
		want Packed
	}{
		{0x00e1_0005, false, Packed{Offset: [3]int32{1, -2, 0}, Array: 5}},
		{0x0f87_ffff, false, Packed{Offset: [3]int32{7, -8, -1}, Array: 0xffff}},
		{0xf000_0000, false, Packed{}},
		{0x1808_7abc, true, Packed{LodClamp: 1.5, Offset: [3]int32{7, -8, 0}, Array: 0xabc}},
		{0xfff0_0fff, true, Packed{LodClamp: 4095.0 / 256, Array: 0xfff}},
		{0x0000_f000, true, Packed{Offset: [3]int32{-1, 0, 0}}},
	} {
		if got := UnpackWord(tc.w, tc.lc); got != tc.want {
			t.Errorf("UnpackWord(%#x, lc=%v) = %+v, want %+v", tc.w, tc.lc, got, tc.want)
		}
		u48 := uint32(tc.want.LodClamp * 256)
		if back := PackWord(u48, tc.want.Offset, tc.want.Array, tc.lc); UnpackWord(back, tc.lc) != tc.want {
			t.Errorf("PackWord(%+v) = %#x does not unpack back", tc.want, back)
		}
	}
}

func TestLayoutCompaction(t *testing.T) {
	for _, tc := range []struct {
		text                          string
		handle, s, tt, packed, na, nb int
	}{
		{"TXD R0, R0, R0, 0x0, 1D", -1, 0, -1, -1, 1, 2},
		{"TXD R0, R0, R0, 0x0, 2D", -1, 0, 1, -1, 2, 4},
		{"TXD R0, R0, R0, 0x0, ARRAY_1D", -1, 0, -1, 1, 2, 2},
		{"TXD R0, R0, R0, 0x0, ARRAY_2D", -1, 0, 1, 2, 3, 4},
		{"TXD.B R0, R0, R0, 0x0, 1D", 0, 1, -1, -1, 2, 2},
		{"TXD.B.AOFFI R0, R0, R0, 0x0, 2D", 0, 1, 2, 3, 4, 4},
		{"TXD.LC R0, R0, R0, 0x0, 1D", -1, 0, -1, 1, 2, 2},
		{"TXD.B.LC R0, R0, R0, 0x0, ARRAY_1D", 0, 1, -1, 2, 3, 2},
	} {
		l := mustParse(t, tc.text).Layout()
		if l.Handle != tc.handle || l.S != tc.s || l.T != tc.tt || l.Packed != tc.packed || l.NA != tc.na || l.NB != tc.nb {
			t.Errorf("%s: layout %+v", tc.text, l)
		}
	}
}

// TestLodClampAboveMaxLod: a clamp above the sampler's maximum LOD wins
// (the minimum is applied last, as the core applies its own MinLod); an
// unnormalized sampler cannot be used with TXD at all.
func TestLodClampAboveMaxLod(t *testing.T) {
	m := testMachine(t)
	st := *m.Samplers[0]
	st.MaxLod = 0.5
	m.Samplers[0] = &st
	in := mustParse(t, "TXD.LC R0, R4, R8, 0x2, 2D")
	w := NewWarp()
	for tid := 0; tid < WarpSize; tid++ {
		load(w, tid, in, lane{handle: MakeHandle(2, 0), s: 0.37, t: 0.61, d: [4]float32{1e-4, 0, 0, 1e-4}, clampU48: 0x180})
	}
	if _, err := m.Exec(w, in); err != nil {
		t.Fatal(err)
	}
	req := sampler.Request{Op: sampler.OpSampleL, Lanes: 1, Coord: [4][]float32{{0.37}, {0.61}}, Lod: []float32{1.5}}
	ref := *trilinear()
	var res sampler.Result
	if err := (&sampler.Engine{}).Execute(*m.Headers[2], &ref, &req, &res); err != nil {
		t.Fatal(err)
	}
	for c := 0; c < 4; c++ {
		if w.R[0][c] != res.Bits[c][0] {
			t.Fatalf("component %d: %#x, want sample_l at LOD 1.5 %#x", c, w.R[0][c], res.Bits[c][0])
		}
	}

	// sample_d is not allowed with unnormalized coordinates (the core
	// follows Vulkan): the threads fail with the core's error.
	un := sampler.DefaultState()
	un.Unnormalized, un.MipFilter, un.MaxLod = true, sampler.MipNone, 0
	un.Address = [3]sampler.AddressMode{sampler.WrapClampToEdge, sampler.WrapClampToEdge, sampler.WrapClampToEdge}
	m.Samplers[1] = &un
	_, out, err := run(t, m, "TXD.B R0, R4, R8, 0x0, 2D", func(w *Warp) { // header 2, sampler 1
		for tid := 0; tid < WarpSize; tid++ {
			w.R[tid][4], w.R[tid][5], w.R[tid][6] = uint32(MakeHandle(2, 1)), f32(3.5), f32(2.5)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if out.Status[0] != LaneError || !errors.Is(out.Err[0], sampler.ErrRequest) {
		t.Fatalf("unnormalized: %v %v", out.Status[0], out.Err[0])
	}
}

// TestRequestErrorIsolated: when the core rejects one group's request (a
// linear filter on an integer format), only that group's threads fail; the
// others are sampled and nothing is written for the failed ones.
func TestRequestErrorIsolated(t *testing.T) {
	m := testMachine(t)
	f, err := format.Parse("r8g8b8a8_uint")
	if err != nil {
		t.Fatal(err)
	}
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: 8, Height: 8})
	if err != nil {
		t.Fatal(err)
	}
	v := s.View()
	m.Headers = append(m.Headers, &v)
	m.HeaderMax = 4
	w, out, err := run(t, m, "TXD.B R0, R4, R8, 0x0, 2D", func(w *Warp) {
		for tid := 0; tid < WarpSize; tid++ {
			h := MakeHandle(2, 0)
			if tid%2 == 1 {
				h = MakeHandle(4, 0) // integer texture, linear sampler
			}
			w.R[tid][4], w.R[tid][5], w.R[tid][6] = uint32(h), f32(0.5), f32(0.5)
			w.R[tid][0] = 0x5555
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for tid := 0; tid < WarpSize; tid++ {
		if tid%2 == 1 {
			if out.Status[tid] != LaneError || out.Err[tid] == nil || !errors.Is(out.Err[tid], sampler.ErrRequest) || w.R[tid][0] != 0x5555 {
				t.Fatalf("thread %d: status %v err %v R0 %#x", tid, out.Status[tid], out.Err[tid], w.R[tid][0])
			}
		} else if out.Status[tid] != LaneSampled || w.R[tid][0] == 0x5555 {
			t.Fatalf("thread %d: status %v", tid, out.Status[tid])
		}
	}
}

func BenchmarkExec(b *testing.B) {
	m := &Machine{HeaderMax: 0, SamplerMax: 0, ConstBank: []uint32{0}}
	f, _ := format.Parse("r8g8b8a8_unorm")
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: 256, Height: 256})
	s.FillHash(1, 0, 1)
	v := s.View()
	m.Headers = []*surface.View{&v}
	m.Samplers = []*sampler.State{trilinear()}
	in, _ := Parse("TXD R0, R2, R4, 0x0, 2D")
	w := NewWarp()
	for tid := 0; tid < WarpSize; tid++ {
		w.R[tid][2], w.R[tid][3] = f32(float32(tid)/32), f32(0.3)
		w.R[tid][4], w.R[tid][7] = f32(0.01), f32(0.02)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Exec(w, in); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*WarpSize)/b.Elapsed().Seconds(), "samples/s")
}

// TestNoStaleLayer: a non-array description on an array texture reads layer
// 0 even right after a request that used another layer (Exec reuses its
// working memory).
func TestNoStaleLayer(t *testing.T) {
	m := testMachine(t)
	arr := mustParse(t, "TXD R0, R8, R4, 0x3, ARRAY_2D")
	flat := mustParse(t, "TXD R0, R8, R4, 0x3, 2D")
	p := lane{handle: MakeHandle(3, 1), s: 0.4, t: 0.7, array: 2, d: [4]float32{0.03, 0.01, 0, 0.05}}
	w := NewWarp()
	for tid := 0; tid < WarpSize; tid++ {
		load(w, tid, arr, p)
	}
	if _, err := m.Exec(w, arr); err != nil {
		t.Fatal(err)
	}
	layer2 := w.R[0]
	if _, err := m.Exec(w, flat); err != nil {
		t.Fatal(err)
	}
	want, _ := reference(t, m, flat, p)
	for c := 0; c < 4; c++ {
		if w.R[0][c] != want[c] {
			t.Fatalf("component %d: %#x, want layer 0's %#x", c, w.R[0][c], want[c])
		}
	}
	if layer2 == w.R[0] {
		t.Fatal("layers 0 and 2 read the same: the test texture does not tell them apart")
	}
}

// TestExecRefuses: the words nvdisasm prints but TXD cannot run (the
// reserved 3D and CUBE dimensions, phase 3) and the features an
// architecture lacks (sm_50: .LC, a sparse predicate) are instruction
// errors; nothing is written.
func TestExecRefuses(t *testing.T) {
	for _, tc := range []struct {
		text string
		arch Arch
		want string
	}{
		{"TXD R0, R2, R4, 0x0, 3D", 0, "#paramA 3D: TXD cannot sample 3D textures"},
		{"TXD R0, R2, R4, 0x0, ARRAY_CUBE", SM52, "#paramA ARRAY_CUBE"},
		{"TXD.INVALIDPHASE3 R0, R2, R4, 0x0, 2D", SM62, "phase .INVALIDPHASE3"},
		{"TXD.LC R0, R8, R4, 0x0, 2D", SM50, "sm_50 has no .LC"},
		{"TXD P1, R0, R2, R4, 0x0, 2D", SM50, "sm_50 has no sparse predicate (Ps P1"},
		{"TXD.LC P1, R0, R8, R4, 0x0, 2D", SM52, ""},
		{"TXD.LC P1, R0, R8, R4, 0x0, 2D", SM53, ""},
		{"TXD R0, R2, R4, 0x0, 2D", SM50, ""},
	} {
		m := testMachine(t)
		m.Arch = tc.arch
		w, out, err := run(t, m, tc.text, set2D)
		if tc.want == "" {
			if err != nil || out == nil {
				t.Errorf("%s on %s: %v", tc.text, tc.arch, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s on %s: got %v, want ...%s...", tc.text, tc.arch, err, tc.want)
		}
		if w.Reg(0, 0) != 0 {
			t.Errorf("%s on %s: R0 written", tc.text, tc.arch)
		}
	}
	for _, s := range []string{"sm_50", "52", "SM53", "sm60", "sm_61", "Sm_62"} {
		if _, err := ParseArch(s); err != nil {
			t.Errorf("ParseArch(%q): %v", s, err)
		}
	}
	for _, s := range []string{"sm_51", "sm_70", "", "sm_"} {
		if _, err := ParseArch(s); err == nil {
			t.Errorf("ParseArch(%q) accepted", s)
		}
	}
	if Arch(0).String() != "sm_52" || SM61.String() != "sm_61" {
		t.Errorf("Arch strings: %s %s", Arch(0), SM61)
	}
}
