package visa

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

func mustAssemble(t *testing.T, src string) *Kernel {
	t.Helper()
	k, err := Assemble(src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return k
}

const header = ".version 4.1\n.kernel \"t\"\n"

func TestLanes(t *testing.T) {
	cases := []struct {
		name     string
		exec     int
		emask    string
		pred     string
		dispatch uint32
		p        uint32
		want     uint32
	}{
		{"all dispatched", 16, "M1", "", 0xffffffff, 0, 0xffff},
		{"dispatch mask", 16, "M1", "", 0x00f0, 0, 0x00f0},
		{"M5 reads channels 16..31", 16, "M5", "", 0xabcd0000, 0, 0xabcd},
		{"M3 SIMD8 reads channels 8..15", 8, "M3", "", 0x0000f100, 0, 0xf1},
		{"M7 SIMD8 reads channels 24..31", 8, "M7", "", 0x81000000, 0, 0x81},
		{"_NM ignores the dispatch mask", 16, "M1_NM", "", 0, 0, 0xffff},
		{"M5_NM", 16, "M5_NM", "", 0, 0, 0xffff},
		{"predicate", 8, "M1", "(P1)", 0xff, 0x5a, 0x5a},
		{"inverted predicate", 8, "M1", "(!P1)", 0xff, 0x5a, 0xa5},
		{"predicate and dispatch", 8, "M1", "(P1)", 0x0f, 0x5a, 0x0a},
		{"predicate bits follow the channel", 16, "M5", "(P1)", 0xffffffff, 0x00ff0000, 0x00ff},
		{"any: one bit", 8, "M1", "(P1.any)", 0xff, 0x10, 0xff},
		{"any: none", 8, "M1", "(P1.any)", 0xff, 0x100, 0},
		{"inverted any", 8, "M1", "(!P1.any)", 0xff, 0, 0xff},
		{"all: all bits", 8, "M1", "(P1.all)", 0xff, 0xff, 0xff},
		{"all: one missing", 8, "M1", "(P1.all)", 0xff, 0x7f, 0},
		{"inverted all", 8, "M1", "(!P1.all)", 0xfe, 0x7f, 0xfe},
		{"any with dispatch", 8, "M1", "(P1.any)", 0x0f, 0x80, 0x0f},
		{"SIMD32 all", 32, "M1", "(P1)", 0xffffffff, 0x80000001, 0x80000001},
		{"SIMD4 M8 reads channels 28..31", 4, "M8", "", 0xa0000000, 0, 0xa},
		{"SIMD2 M2 reads channels 4..5", 2, "M2", "(P1)", 0x30, 0x10, 0x1},
		{"SIMD1 M6_NM", 1, "M6_NM", "(!P1)", 0, 0, 0x1},
		{"SIMD1 M6 off", 1, "M6", "", 0xffefffff, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := "sample_lz.R"
			if c.exec == 32 {
				op = "sample4.R"
			}
			src := header + ".decl u v_type=G type=f num_elts=32\n.decl d v_type=G type=f num_elts=256\n.decl P1 v_type=P num_elts=32\n" +
				".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n" +
				fmt.Sprintf("%s %s (%s, %d) 0x0:uw s x d.0 u.0\n", c.pred, op, c.emask, c.exec)
			m, err := NewMachine(mustAssemble(t, src), DefaultPlatform)
			if err != nil {
				t.Fatal(err)
			}
			m.Regs.Dispatch, m.Regs.Preds[0] = c.dispatch, c.p
			act, err := m.Lanes(0)
			if err != nil {
				t.Fatal(err)
			}
			var got uint32
			for l, a := range act {
				if a {
					got |= 1 << uint(l)
				}
			}
			if got != c.want {
				t.Errorf("lanes %#x, want %#x", got, c.want)
			}
		})
	}
}

func TestPredicateTooShort(t *testing.T) {
	src := header + ".decl u v_type=G type=f num_elts=32\n.decl d v_type=G type=f num_elts=256\n.decl P1 v_type=P num_elts=16\n" +
		".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n(P1) sample_lz.R (M5, 16) 0x0:uw s x d.0 u.0\n"
	m, _ := NewMachine(mustAssemble(t, src), DefaultPlatform)
	m.Surfaces[0] = coordsSurface(t, surface.Kind2D, 4, 4)
	if _, err := m.Exec(0); err == nil || !strings.Contains(err.Error(), "predicate P1 has 16 elements") {
		t.Fatalf("got %v", err)
	}
}

func coordsSurface(t *testing.T, kind surface.Kind, w, h int) surface.View {
	t.Helper()
	d := surface.Desc{Kind: kind, Format: format.R32G32B32A32Sfloat, Width: w, Height: h, Levels: 1}
	s, err := surface.New(d)
	if err != nil {
		t.Fatal(err)
	}
	s.FillCoords()
	return s.View()
}

// TestWriteBack checks the GRF packing for every Dst type, exec size, GRF
// size and a channel mask with gaps: channel k starts k GRF-rounded strides
// in, only enabled lanes are written, and the rest of each GRF is untouched.
func TestWriteBack(t *testing.T) {
	for _, grf := range []int{32, 64} {
		for _, exec := range []int{1, 2, 4, 8, 16, 32} {
			for _, dt := range []string{"hf", "f", "w", "uw", "d", "ud"} {
				t.Run(fmt.Sprintf("grf%d/simd%d/%s", grf, exec, dt), func(t *testing.T) {
					src := header + fmt.Sprintf(".decl u v_type=G type=f num_elts=32\n.decl v v_type=G type=f num_elts=32\n"+
						".decl d v_type=G type=%s num_elts=512\n.decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n"+
						"sample_lz.pixel_null_mask.GA (M1, %d) 0x0:uw s x d.%d u.0 v.0\n", dt, exec, grf)
					k := mustAssemble(t, src)
					p := DefaultPlatform
					p.GRFSize = grf
					m, err := NewMachine(k, p)
					if err != nil {
						t.Fatal(err)
					}
					m.Surfaces[0] = coordsSurface(t, surface.Kind2D, 32, 32)
					m.Regs.Dispatch = 0xffffffff &^ (1 << 2)
					for l := 0; l < 32; l++ {
						m.Regs.SetFloat32(k, 0, l, (float32(l)+0.5)/32)
						m.Regs.SetFloat32(k, 1, l, (float32(31-l)+0.5)/32)
					}
					dst := m.Regs.Vars[2]
					for i := range dst {
						dst[i] = 0xaa
					}
					if _, err := m.Exec(0); err != nil {
						t.Fatal(err)
					}
					size := k.Vars[2].Type.Size()
					stride := (exec*size + grf - 1) / grf * grf
					base := grf
					for i := 0; i < base; i++ {
						if dst[i] != 0xaa {
							t.Fatalf("byte %d before the dst offset was written", i)
						}
					}
					for ki, c := range []int{1, 3} { // G then A: R and B are skipped
						for l := 0; l < exec; l++ {
							off := base + ki*stride + l*size
							var want uint32
							switch c {
							case 1:
								want = math.Float32bits(float32(31 - l))
							case 3:
								want = 0
							}
							if l == 2 {
								if dst[off] != 0xaa || dst[off+1] != 0xaa {
									t.Errorf("disabled lane 2 of channel %d was written", c)
								}
								continue
							}
							var got uint32
							if size == 4 {
								got = binary.LittleEndian.Uint32(dst[off:])
							} else {
								got = uint32(binary.LittleEndian.Uint16(dst[off:]))
								want = uint32(format.Float64ToHalf(float64(math.Float32frombits(want))))
							}
							if got != want {
								t.Errorf("channel %d lane %d at byte %d: %#x, want %#x", c, l, off, got, want)
							}
						}
						for i := base + ki*stride + exec*size; i < base+(ki+1)*stride; i++ {
							if dst[i] != 0xaa {
								t.Fatalf("byte %d, past channel %d's %d elements, was written", i, c, exec)
							}
						}
					}
					nm := base + 2*stride
					if got, want := binary.LittleEndian.Uint32(dst[nm:]), uint32(uint64(1)<<uint(exec)-1); got != want {
						t.Errorf("pixel null mask %#x, want %#x", got, want)
					}
					for i := nm + 4; i < nm+grf; i++ {
						if dst[i] != 0xaa {
							t.Fatalf("byte %d of the null mask GRF past its dword was written", i)
						}
					}
				})
			}
		}
	}
}

func TestNarrow16(t *testing.T) {
	cases := []struct {
		kind sampler.ValueKind
		in   uint32
		want uint16
	}{
		{sampler.ValueFloat, math.Float32bits(1), 0x3c00},
		{sampler.ValueFloat, math.Float32bits(-2.5), 0xc100},
		{sampler.ValueFloat, math.Float32bits(1e6), 0x7c00},
		{sampler.ValueFloat, math.Float32bits(1 + 1.0/2048), 0x3c00}, // tie to even
		{sampler.ValueUint, 5, 5},
		{sampler.ValueUint, 70000, 0xffff},
		{sampler.ValueSint, uint32(0xffffff85), 0xff85}, // -123
		{sampler.ValueSint, 40000, 0x7fff},
		{sampler.ValueSint, uint32(0xffff0000), 0x8000},
	}
	for _, c := range cases {
		if got := Narrow16(c.kind, c.in); got != c.want {
			t.Errorf("Narrow16(%v, %#x) = %#x, want %#x", c.kind, c.in, got, c.want)
		}
	}
}

func TestNullMaskNonResident(t *testing.T) {
	src := header + ".decl u v_type=G type=f num_elts=8\n.decl d v_type=G type=f num_elts=40 align=GRF\n" +
		".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\nsample_lz.pixel_null_mask.R (M1, 8) 0x0:uw s x d.0 u.0 u.0\n"
	k := mustAssemble(t, src)
	m, _ := NewMachine(k, DefaultPlatform)
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 32, Height: 32, Levels: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.FillHash(1, 0, 1)
	if err := s.SetTileSize(16, 16, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetResident(0, 0, 1, 1, 0, false); err != nil {
		t.Fatal(err)
	}
	m.Surfaces[0] = s.View()
	m.Regs.Dispatch = 0x7f // lane 7 not dispatched: its bit reads 1
	for l := 0; l < 8; l++ {
		m.Regs.SetFloat32(k, 0, l, float32(l)/8+0.01)
	}
	if _, err := m.Exec(0); err != nil {
		t.Fatal(err)
	}
	// Lanes 4..6 read texels 16..28 on both axes: the non-resident tile.
	if got := binary.LittleEndian.Uint32(m.Regs.Vars[1][32:]); got != 0x8f {
		t.Errorf("null mask %#x, want 0x8f", got)
	}
}

func TestAoffimmiFields(t *testing.T) {
	cases := []struct {
		v       uint16
		u, w, r int32
	}{
		{0x000, 0, 0, 0}, {0x800, -8, 0, 0}, {0x700, 7, 0, 0}, {0x080, 0, -8, 0}, {0x070, 0, 7, 0},
		{0x008, 0, 0, -8}, {0x007, 0, 0, 7}, {0xfff, -1, -1, -1}, {0x123, 1, 2, 3},
	}
	for _, c := range cases {
		u, v, r := AoffimmiOffsets(c.v)
		if u != c.u || v != c.w || r != c.r {
			t.Errorf("AoffimmiOffsets(%#x) = %d %d %d, want %d %d %d", c.v, u, v, r, c.u, c.w, c.r)
		}
		p, err := PackAoffimmi(int(c.u), int(c.w), int(c.r))
		if err != nil || p != c.v {
			t.Errorf("PackAoffimmi(%d, %d, %d) = %#x, %v", c.u, c.w, c.r, p, err)
		}
	}
	if _, err := PackAoffimmi(8, 0, 0); err == nil {
		t.Error("PackAoffimmi(8, 0, 0) did not fail")
	}
}

// TestAoffimmiCorners samples with U, V offsets of −8 and 7 and compares with
// the core's offsets.
func TestAoffimmiCorners(t *testing.T) {
	for _, c := range [][2]int{{-8, -8}, {7, 7}, {-8, 7}, {7, -8}} {
		ao, _ := PackAoffimmi(c[0], c[1], 0)
		src := header + ".decl u v_type=G type=f num_elts=8\n.decl v v_type=G type=f num_elts=8\n.decl d v_type=G type=f num_elts=16\n" +
			fmt.Sprintf(".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\nsample_lz.RG (M1, 8) 0x%x:uw s x d.0 u.0 v.0\n", ao)
		k := mustAssemble(t, src)
		m, _ := NewMachine(k, DefaultPlatform)
		m.Surfaces[0] = coordsSurface(t, surface.Kind2D, 16, 16)
		st := sampler.DefaultState()
		st.Address = [3]sampler.AddressMode{sampler.WrapClampToEdge, sampler.WrapClampToEdge, sampler.WrapClampToEdge}
		m.Samplers[0] = st
		for l := 0; l < 8; l++ {
			m.Regs.SetFloat32(k, 0, l, (float32(2*l)+0.5)/16)
			m.Regs.SetFloat32(k, 1, l, (float32(15-2*l)+0.5)/16)
		}
		if _, err := m.Exec(0); err != nil {
			t.Fatal(err)
		}
		for l := 0; l < 8; l++ {
			x := min(max(2*l+c[0], 0), 15)
			y := min(max(15-2*l+c[1], 0), 15)
			gx := math.Float32frombits(binary.LittleEndian.Uint32(m.Regs.Vars[2][4*l:]))
			gy := math.Float32frombits(binary.LittleEndian.Uint32(m.Regs.Vars[2][32+4*l:]))
			if gx != float32(x) || gy != float32(y) {
				t.Errorf("offset %v lane %d: texel (%v, %v), want (%d, %d)", c, l, gx, gy, x, y)
			}
		}
	}
}

func TestPackedOffsets(t *testing.T) {
	for _, c := range [][2]int{{0, 0}, {-32, 31}, {31, -32}, {-1, 5}} {
		p, err := PackOffUV(c[0], c[1])
		if err != nil {
			t.Fatal(err)
		}
		full := p | math.Float32bits(2.75)&^0xfff
		u, v := UnpackOffUV(full)
		if int(u) != c[0] || int(v) != c[1] {
			t.Errorf("UnpackOffUV(PackOffUV%v) = %d, %d", c, u, v)
		}
		if PackedLod(full) != 2.75 {
			t.Errorf("PackedLod = %v, want 2.75", PackedLod(full))
		}
	}
	if _, err := PackOffUV(32, 0); err == nil {
		t.Error("PackOffUV(32, 0) did not fail")
	}
	// The low 12 bits of the LOD are not part of it.
	if got := PackedLod(math.Float32bits(1.0001)); got != math.Float32frombits(math.Float32bits(1.0001)&^0xfff) {
		t.Errorf("PackedLod kept low bits: %v", got)
	}
}

// TestSurfaceTypes checks the per-surface-type meaning of u, v, r, ai and
// the trailing parameters read as zero, against the core.
func TestSurfaceTypes(t *testing.T) {
	kinds := []struct {
		kind   surface.Kind
		coords int
	}{
		{surface.Kind1D, 1}, {surface.Kind1DArray, 2}, {surface.Kind2D, 2}, {surface.Kind2DArray, 3},
		{surface.Kind3D, 3}, {surface.KindCube, 3}, {surface.KindCubeArray, 4},
	}
	for _, kc := range kinds {
		for nparams := 1; nparams <= 5; nparams++ {
			t.Run(fmt.Sprintf("%s/%dparams", kc.kind, nparams), func(t *testing.T) {
				var ps []string
				for j := 0; j < nparams; j++ {
					ps = append(ps, fmt.Sprintf("p%d.0", j))
				}
				src := header + ".decl p0 v_type=G type=f num_elts=8\n.decl p1 v_type=G type=f num_elts=8\n.decl p2 v_type=G type=f num_elts=8\n" +
					".decl p3 v_type=G type=f num_elts=8\n.decl p4 v_type=G type=f num_elts=8\n.decl d v_type=G type=f num_elts=32\n" +
					".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\nsample_l.RGBA (M1, 8) 0x0:uw s x d.0 " + strings.Join(ps, " ") + "\n"
				k := mustAssemble(t, src)
				m, _ := NewMachine(k, DefaultPlatform)
				d := surface.Desc{Kind: kc.kind, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4}
				switch kc.kind {
				case surface.Kind1D, surface.Kind1DArray:
					d.Height = 1
				case surface.Kind3D:
					d.Depth = 4
				}
				if kc.kind == surface.Kind1DArray || kc.kind == surface.Kind2DArray {
					d.Layers = 3
				}
				if kc.kind == surface.KindCubeArray {
					d.Layers = 12
				}
				s, err := surface.New(d)
				if err != nil {
					t.Fatal(err)
				}
				s.FillHash(5, 0, 1)
				m.Surfaces[0] = s.View()
				vals := [5][8]float32{}
				for j := 0; j < 5; j++ {
					for l := 0; l < 8; l++ {
						vals[j][l] = float32((j*8+l)%7) / 6
						if j == 0 {
							vals[j][l] = float32(l % 3) // lod
						}
						if j < nparams {
							m.Regs.SetFloat32(k, j, l, vals[j][l])
						}
					}
				}
				if _, err := m.Exec(0); err != nil {
					t.Fatal(err)
				}
				req := sampler.Request{Op: sampler.OpSampleL, Lanes: 8, Lod: make([]float32, 8)}
				for c := 0; c < kc.coords; c++ {
					req.Coord[c] = make([]float32, 8)
				}
				for l := 0; l < 8; l++ {
					for j := 0; j < nparams; j++ {
						if j == 0 {
							req.Lod[l] = vals[0][l]
						} else if j-1 < kc.coords {
							req.Coord[j-1][l] = vals[j][l]
						}
					}
				}
				st := sampler.DefaultState()
				var res sampler.Result
				if err := (&sampler.Engine{}).Execute(s.View(), &st, &req, &res); err != nil {
					t.Fatal(err)
				}
				for c := 0; c < 4; c++ {
					for l := 0; l < 8; l++ {
						if got := binary.LittleEndian.Uint32(m.Regs.Vars[5][32*c+4*l:]); got != res.Bits[c][l] {
							t.Fatalf("channel %d lane %d: %#x, want %#x", c, l, got, res.Bits[c][l])
						}
					}
				}
			})
		}
	}
}

// TestLodQuery checks the LOD operation's write-back: the clamped LOD in R
// and the unclamped LOD in G.
func TestLodQuery(t *testing.T) {
	src := header + ".decl u v_type=G type=f num_elts=8\n.decl v v_type=G type=f num_elts=8\n.decl d v_type=G type=f num_elts=16\n" +
		".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\nlod.RG (M1, 8) 0x0:uw s x d.0 u.0 v.0\n"
	k := mustAssemble(t, src)
	m, _ := NewMachine(k, DefaultPlatform)
	m.Surfaces[0] = testSurface(t, surface.Kind2D, format.R8G8B8A8Unorm) // 8×8, 4 levels
	st := sampler.DefaultState()
	st.MipFilter, st.MaxLod = sampler.MipLinear, 1
	m.Samplers[0] = st
	// A quad spanning 4 texels per pixel: LOD 2, clamped to 1.
	for l, uv := range [][2]float32{{0, 0}, {0.5, 0}, {0, 0.5}, {0.5, 0.5}, {0, 0}, {0.5, 0}, {0, 0.5}, {0.5, 0.5}} {
		m.Regs.SetFloat32(k, 0, l, uv[0])
		m.Regs.SetFloat32(k, 1, l, uv[1])
	}
	if _, err := m.Exec(0); err != nil {
		t.Fatal(err)
	}
	r := math.Float32frombits(binary.LittleEndian.Uint32(m.Regs.Vars[2][0:]))
	g := math.Float32frombits(binary.LittleEndian.Uint32(m.Regs.Vars[2][32:]))
	if r != 1 || g != 2 {
		t.Errorf("lod = (R %v, G %v), want (1, 2)", r, g)
	}
}

// TestIntegerResults checks the 16- and 32-bit write-back of integer
// formats against the core: 32-bit types get the core's patterns, 16-bit
// ones saturate.
func TestIntegerResults(t *testing.T) {
	for _, f := range []format.Format{format.R8G8B8A8Uint, format.R8G8B8A8Sint, format.R32Uint} {
		for _, dt := range []string{"w", "uw", "d", "ud"} {
			src := header + ".decl u v_type=G type=f num_elts=8\n.decl v v_type=G type=f num_elts=8\n" +
				fmt.Sprintf(".decl d v_type=G type=%s num_elts=64\n.decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n", dt) +
				"sample_lz.RGBA (M1, 8) 0x0:uw s x d.0 u.0 v.0\n"
			k := mustAssemble(t, src)
			m, _ := NewMachine(k, DefaultPlatform)
			s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: 8, Height: 8, Levels: 1})
			if err != nil {
				t.Fatal(err)
			}
			s.FillHash(9, 0, 1)
			m.Surfaces[0] = s.View()
			req := sampler.Request{Op: sampler.OpSampleLZ, Lanes: 8, Coord: [4][]float32{make([]float32, 8), make([]float32, 8)}}
			for l := 0; l < 8; l++ {
				u, v := (float32(l)+0.5)/8, (float32(7-l)+0.5)/8
				m.Regs.SetFloat32(k, 0, l, u)
				m.Regs.SetFloat32(k, 1, l, v)
				req.Coord[0][l], req.Coord[1][l] = u, v
			}
			if _, err := m.Exec(0); err != nil {
				t.Fatal(err)
			}
			st := sampler.DefaultState()
			var res sampler.Result
			if err := (&sampler.Engine{}).Execute(s.View(), &st, &req, &res); err != nil {
				t.Fatal(err)
			}
			size := k.Vars[2].Type.Size()
			for c := 0; c < 4; c++ {
				for l := 0; l < 8; l++ {
					got := m.Regs.Bits(k, 2, c*32/size+l)
					want := uint64(res.Bits[c][l])
					if size == 2 {
						want = uint64(Narrow16(res.Kind, res.Bits[c][l]))
					}
					if got != want {
						t.Errorf("%s %s: channel %d lane %d: %#x, want %#x", f, dt, c, l, got, want)
					}
				}
			}
		}
	}
}

// TestAlias checks that an alias shares its parent's bytes, in both
// directions, and that the destination's GRF alignment counts from the root.
func TestAlias(t *testing.T) {
	src := header + ".decl base v_type=G type=f num_elts=64 align=GRF\n.decl u v_type=G type=f num_elts=8 alias=<base, 0>\n" +
		".decl v v_type=G type=f num_elts=8 alias=<base, 32>\n.decl d v_type=G type=f num_elts=16 alias=<base, 128>\n" +
		".decl dd v_type=G type=f num_elts=8 alias=<d, 32>\n.decl bad v_type=G type=f num_elts=8 alias=<base, 100>\n" +
		".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n" +
		"sample_lz.RG (M1, 8) 0x0:uw s x d.0 u.0 v.0\nsample_lz.R (M1, 8) 0x0:uw s x bad.0 u.0 v.0\n"
	k := mustAssemble(t, src)
	if _, err := NewMachine(k, DefaultPlatform); err == nil || !strings.Contains(err.Error(), "dst bad.0 starts at byte 100 of base") {
		t.Errorf("dst at root byte 100: %v", err)
	}
	k.Insts = k.Insts[:1]
	m, err := NewMachine(k, DefaultPlatform)
	if err != nil {
		t.Fatal(err)
	}
	m.Surfaces[0] = coordsSurface(t, surface.Kind2D, 8, 8)
	for l := 0; l < 8; l++ {
		m.Regs.SetFloat32(k, 0, l, (float32(l)+0.5)/8) // base[0..7] through u
		m.Regs.SetFloat32(k, 0, 8+l, 0.5/8)            // base[8..15]: v
	}
	if _, err := m.Exec(0); err != nil {
		t.Fatal(err)
	}
	for l := 0; l < 8; l++ {
		if got := math.Float32frombits(uint32(m.Regs.Bits(k, 0, 32+l))); got != float32(l) {
			t.Errorf("base[%d] = %v, want %d (R through alias d)", 32+l, got, l)
		}
		if got := m.Regs.Bits(k, 4, l); got != 0 { // dd is d's G channel: texel y = 0
			t.Errorf("dd[%d] = %#x, want 0", l, got)
		}
	}
	b, err := k.Encode()
	if err != nil {
		t.Fatal(err)
	}
	k2, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	k.Canonicalize()
	if k2.Text() != k.Text() || !strings.Contains(k2.Text(), ".decl dd v_type=G type=f num_elts=8 alias=<d, 32>") {
		t.Errorf("alias round trip:\n%s\n%s", k.Text(), k2.Text())
	}
}

func TestInputRoundTrip(t *testing.T) {
	k := mustAssemble(t, header+".decl a v_type=G type=f num_elts=8\n.input a offset=-32\n")
	b, err := k.Encode()
	if err != nil {
		t.Fatal(err)
	}
	k2, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(k2.Text(), ".input a offset=-32 size=32\n") || k2.Text() != k.Text() {
		t.Errorf("got\n%s", k2.Text())
	}
}

// TestSmallQuads checks the SIMD1 and SIMD2 forms of an implicit-LOD
// operation: the quad is completed by helper lanes that repeat the
// instruction's lanes, so SIMD2 has the horizontal derivative of its two
// lanes and no vertical one, and SIMD1 has none (the base level); SIMD4 is
// one whole quad. Only the instruction's lanes are written.
func TestSmallQuads(t *testing.T) {
	for _, c := range []struct {
		exec int
		uv   [][2]float32
		r, g float32 // the clamped and unclamped LOD
	}{
		{1, [][2]float32{{0.5, 0.5}}, 0, float32(math.Inf(-1))},
		{2, [][2]float32{{0, 0}, {0.5, 0}}, 1, 2},
		{4, [][2]float32{{0, 0}, {0.25, 0}, {0, 0.5}, {0.25, 0.5}}, 1, 2},
	} {
		t.Run(fmt.Sprintf("simd%d", c.exec), func(t *testing.T) {
			src := header + ".decl u v_type=G type=f num_elts=8\n.decl v v_type=G type=f num_elts=8\n.decl d v_type=G type=f num_elts=24\n" +
				".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n" +
				fmt.Sprintf("lod.RG (M3, %d) 0x0:uw s x d.0 u.0 v.0\n", c.exec)
			k := mustAssemble(t, src)
			m, _ := NewMachine(k, DefaultPlatform)
			m.Surfaces[0] = testSurface(t, surface.Kind2D, format.R8G8B8A8Unorm) // 8×8, 4 levels
			st := sampler.DefaultState()
			st.MipFilter, st.MaxLod = sampler.MipLinear, 1
			m.Samplers[0] = st
			m.Regs.Dispatch = 0xff00 // M3: channels 8..
			for l, uv := range c.uv {
				m.Regs.SetFloat32(k, 0, l, uv[0])
				m.Regs.SetFloat32(k, 1, l, uv[1])
			}
			d := m.Regs.Vars[2]
			for i := range d {
				d[i] = 0xaa
			}
			if _, err := m.Exec(0); err != nil {
				t.Fatal(err)
			}
			for l := 0; l < 8; l++ {
				r := math.Float32frombits(binary.LittleEndian.Uint32(d[4*l:]))
				g := math.Float32frombits(binary.LittleEndian.Uint32(d[32+4*l:]))
				if l >= c.exec {
					if d[4*l] != 0xaa || d[32+4*l] != 0xaa {
						t.Errorf("lane %d, beyond exec size %d, was written", l, c.exec)
					}
					continue
				}
				if r != c.r || g != c.g {
					t.Errorf("lane %d: lod = (R %v, G %v), want (%v, %v)", l, r, g, c.r, c.g)
				}
			}
		})
	}
}

// TestCoarsePixel checks .cps under coarse pixel shading: with a coarse
// pixel size s×s the LOD drops by log2(s) and nothing else changes (the
// samples equal sample_l at the compensated LOD); without .cps, or at 1×1,
// the LOD is the coarse fragments'; a 2×1 size scales only the x
// derivatives.
func TestCoarsePixel(t *testing.T) {
	src := header + ".decl u v_type=G type=f num_elts=8\n.decl v v_type=G type=f num_elts=8\n.decl l v_type=G type=f num_elts=8\n" +
		".decl d v_type=G type=f num_elts=64\n.decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n" +
		"lod.cps.RG (M1, 8) 0x0:uw s x d.0 u.0 v.0\n" +
		"lod.RG (M1, 8) 0x0:uw s x d.64 u.0 v.0\n" +
		"sample_3d.cps.RGBA (M1, 8) 0x0:uw s x d.128 u.0 v.0\n" +
		"sample_l.RGBA (M1, 8) 0x0:uw s x d.0 l.0 u.0 v.0\n"
	k := mustAssemble(t, src)
	lodOf := func(m *Machine, at int) (float32, float32) {
		b := m.Regs.Vars[3]
		return math.Float32frombits(binary.LittleEndian.Uint32(b[at:])), math.Float32frombits(binary.LittleEndian.Uint32(b[at+32:]))
	}
	for _, c := range []struct {
		size     [2]int
		dx, dy   float32 // quad steps in u and v (the texture is 8×8)
		lod, cps float32 // the LOD without and with .cps
	}{
		{[2]int{0, 0}, 0.25, 0.25, 1, 1},
		{[2]int{1, 1}, 0.25, 0.25, 1, 1},
		{[2]int{2, 2}, 0.25, 0.25, 1, 0},
		{[2]int{4, 4}, 0.5, 0.5, 2, 0},
		{[2]int{2, 1}, 0.25, 0.25, 1, 1}, // y still 2 texels a fragment
		{[2]int{2, 1}, 0.5, 0.125, 2, 1}, // x: 4 texels / 2
		{[2]int{1, 4}, 0.125, 0.5, 2, 0}, // y: 4 texels / 4
	} {
		t.Run(fmt.Sprintf("%dx%d/%v,%v", c.size[0], c.size[1], c.dx, c.dy), func(t *testing.T) {
			m, err := NewMachine(k, DefaultPlatform)
			if err != nil {
				t.Fatal(err)
			}
			m.Surfaces[0] = testSurface(t, surface.Kind2D, format.R8G8B8A8Unorm) // 8×8, 4 levels
			st := sampler.DefaultState()
			st.MagFilter, st.MinFilter, st.MipFilter = sampler.Linear, sampler.Linear, sampler.MipLinear
			m.Samplers[0] = st
			m.CoarsePixel = c.size
			for l := 0; l < 8; l++ {
				q := float32(l / 4)
				m.Regs.SetFloat32(k, 0, l, 0.125+q*0.0625+float32(l&1)*c.dx) // exact differences
				m.Regs.SetFloat32(k, 1, l, 0.25+float32(l>>1&1)*c.dy)
			}
			for i := 0; i < 2; i++ {
				if _, err := m.Exec(i); err != nil {
					t.Fatal(err)
				}
			}
			r, g := lodOf(m, 0)
			r0, g0 := lodOf(m, 64)
			if g != c.cps || g0 != c.lod {
				t.Fatalf("unclamped LOD: .cps %v, without %v; want %v and %v", g, g0, c.cps, c.lod)
			}
			if want := min(max(c.cps, 0), 3); r != want || r0 != min(max(c.lod, 0), 3) {
				t.Errorf("clamped LOD: .cps %v, without %v", r, r0)
			}
			// The samples with .cps are sample_l's at the compensated LOD.
			for l := 0; l < 8; l++ {
				m.Regs.SetFloat32(k, 2, l, c.cps)
			}
			for _, i := range []int{2, 3} {
				if _, err := m.Exec(i); err != nil {
					t.Fatal(err)
				}
			}
			b := m.Regs.Vars[3]
			if string(b[128:256]) != string(b[0:128]) {
				t.Errorf(".cps samples differ from sample_l at LOD %v", c.cps)
			}
		})
	}
	m, _ := NewMachine(k, DefaultPlatform)
	m.Surfaces[0] = testSurface(t, surface.Kind2D, format.R8G8B8A8Unorm)
	m.CoarsePixel = [2]int{3, 1}
	if _, err := m.Exec(0); err == nil || !strings.Contains(err.Error(), "coarse pixel size [3 1]: each of width and height must be 1, 2 or 4") {
		t.Errorf("coarse pixel 3×1: %v", err)
	}
}
