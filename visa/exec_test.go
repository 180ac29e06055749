package visa

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// kernelFor assembles a kernel with one instruction: params p0..p{n-1}
// (exec elements each, of type ptype; offu/offv of type d, packed ones ud),
// dst of type dtype large enough for four channels and the null mask.
func kernelFor(t *testing.T, o *OpInfo, n, exec int, ptype, dtype, mods, chans string) *Kernel {
	t.Helper()
	var sb strings.Builder
	sb.WriteString(".version 4.1\n.kernel \"t\"\n")
	for j := 0; j < n; j++ {
		ty := ptype
		if o.Params[j].integer() {
			ty = "d"
		} else if o.Params[j].packed() {
			ty = "ud"
		}
		fmt.Fprintf(&sb, ".decl p%d v_type=G type=%s num_elts=%d align=GRF\n", j, ty, exec)
	}
	fmt.Fprintf(&sb, ".decl dst v_type=G type=%s num_elts=%d align=GRF\n", dtype, 5*32*64/4)
	sb.WriteString(".decl lod v_type=G type=ud num_elts=32 align=GRF\n")
	sb.WriteString(".decl smp v_type=S num_elts=1\n.decl tex v_type=T num_elts=1\n")
	var ops []string
	for j := 0; j < n; j++ {
		ops = append(ops, fmt.Sprintf("p%d.0", j))
	}
	switch o.Opcode {
	case OpcodeInfo:
		if o.Sub == ResInfo {
			fmt.Fprintf(&sb, "%s.%s (M1, %d) tex lod.0 dst.0\n", o.Mnemonic, chans, exec)
		} else {
			fmt.Fprintf(&sb, "%s.%s (M1, %d) tex dst.0\n", o.Mnemonic, chans, exec)
		}
	default:
		fmt.Fprintf(&sb, "%s%s.%s (M1, %d) 0x0:uw smp tex dst.0 %s\n", o.Mnemonic, mods, chans, exec, strings.Join(ops, " "))
	}
	k, err := Assemble(sb.String())
	if err != nil {
		t.Fatalf("%s: %v\n%s", o.Mnemonic, err, sb.String())
	}
	return k
}

func testSurface(t *testing.T, kind surface.Kind, f format.Format) surface.View {
	t.Helper()
	d := surface.Desc{Kind: kind, Format: f, Width: 8, Height: 8}
	switch kind {
	case surface.Kind1D, surface.Kind1DArray:
		d.Height = 1
	case surface.Kind3D:
		d.Depth = 4
	}
	if kind == surface.Kind2DArray || kind == surface.Kind1DArray {
		d.Layers = 3
	}
	s, err := surface.New(d)
	if err != nil {
		t.Fatal(err)
	}
	s.FillHash(7, 0, 1)
	return s.View()
}

// TestExecMatchesCore runs every operation through a Machine and through the
// engine directly, on the same lanes, and compares the bytes written.
func TestExecMatchesCore(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, o := range Ops() {
		o := o
		for _, exec := range []int{1, 2, 4, 8, 16, 32} {
			t.Run(fmt.Sprintf("%s/simd%d", o.Mnemonic, exec), func(t *testing.T) {
				kind, f := surface.Kind2DArray, format.R32G32B32A32Sfloat
				st := sampler.DefaultState()
				st.MagFilter, st.MinFilter, st.MipFilter = sampler.Linear, sampler.Linear, sampler.MipLinear
				if o.Core.Compare() {
					f = format.D32Sfloat
					st.Compare = sampler.CompareLessOrEqual
				}
				view := testSurface(t, kind, f)
				n := len(o.Params)
				chans := "RGBA"
				if o.Opcode == OpcodeSample4 {
					chans = "G"
				}
				dt := "f"
				if o.Opcode == OpcodeInfo {
					dt = "ud"
				}
				k := kernelFor(t, &o, n, exec, "f", dt, "", chans)
				m, err := NewMachine(k, DefaultPlatform)
				if err != nil {
					t.Fatal(err)
				}
				m.Surfaces[0] = view
				m.Samplers[0] = st
				// Random parameters; lanes 3 and 6 off in the dispatch mask.
				m.Regs.Dispatch = ^uint32(1<<3 | 1<<6)
				vals := make([][]uint32, n)
				for j, p := range o.Params[:n] {
					vals[j] = make([]uint32, exec)
					for l := 0; l < exec; l++ {
						var b uint32
						switch {
						case p.integer():
							b = uint32(int32(rng.Intn(64) - 32))
						case p.packed():
							pk, _ := PackOffUV(rng.Intn(64)-32, rng.Intn(64)-32)
							b = pk | math.Float32bits(float32(rng.Intn(8))/4)&^0xfff
						case p == ParamR:
							b = math.Float32bits(float32(rng.Intn(3)))
						case p == ParamLod || p == ParamBias:
							b = math.Float32bits(rng.Float32() * 3)
						case p >= ParamDudx && p <= ParamDrdy:
							b = math.Float32bits(rng.Float32() * 0.3)
						default:
							b = math.Float32bits(rng.Float32())
						}
						vals[j][l] = b
						binary.LittleEndian.PutUint32(m.Regs.Vars[j][4*l:], b)
					}
				}
				lod := k.VarIndex("lod")
				for l := 0; l < exec; l++ {
					binary.LittleEndian.PutUint32(m.Regs.Vars[lod][4*l:], uint32(rng.Intn(5)))
				}
				lanes, err := m.Exec(0)
				if err != nil {
					t.Fatal(err)
				}

				// The same request, built by hand: SIMD1 and SIMD2 requests
				// of the implicit-LOD operations are a quad whose helper
				// lanes repeat the instruction's lanes.
				nq := exec
				if o.Core.Implicit() && exec < 4 {
					nq = 4
				}
				req := sampler.Request{Op: o.Core, Lanes: nq, Active: make([]bool, nq)}
				for l := range req.Active {
					req.Active[l] = l < exec && l != 3 && l != 6
				}
				raw := func(p Param) []uint32 {
					for j, q := range o.Params[:n] {
						if q == p {
							out := make([]uint32, nq)
							for l := range out {
								out[l] = vals[j][l%exec]
							}
							return out
						}
					}
					return nil
				}
				fl := func(p Param) []float32 {
					out := make([]float32, nq)
					if b := raw(p); b != nil {
						for l := range out {
							out[l] = math.Float32frombits(b[l])
						}
					}
					return out
				}
				req.Coord = [4][]float32{fl(ParamU), fl(ParamV), fl(ParamR)}
				if o.Core.Compare() {
					req.Ref = fl(ParamRef)
				}
				switch o.Core.LodSource() {
				case sampler.LodExplicit:
					req.Lod = fl(ParamLod)
					if b := raw(ParamLodOffUV); b != nil {
						for l := range req.Lod {
							req.Lod[l] = math.Float32frombits(b[l] &^ 0xfff)
						}
					}
				case sampler.LodBias:
					req.Bias = fl(ParamBias)
					if b := raw(ParamBiasOffUV); b != nil {
						for l := range req.Bias {
							req.Bias[l] = math.Float32frombits(b[l] &^ 0xfff)
						}
					}
				case sampler.LodGradient:
					req.DDX = [3][]float32{fl(ParamDudx), fl(ParamDvdx)}
					req.DDY = [3][]float32{fl(ParamDudy), fl(ParamDvdy)}
				}
				if o.Opcode == OpcodeSample4 {
					req.Channel = make([]uint8, nq)
					for l := range req.Channel {
						req.Channel[l] = 1
					}
				}
				if o.Core.ProgrammableOffsets() {
					req.Offset[0], req.Offset[1] = make([]int32, nq), make([]int32, nq)
					for l := 0; l < nq; l++ {
						if b := raw(ParamOffU); b != nil {
							req.Offset[0][l], req.Offset[1][l] = int32(b[l]), int32(raw(ParamOffV)[l])
						}
						for _, p := range []Param{ParamOffUV, ParamOffUVR, ParamLodOffUV, ParamBiasOffUV} {
							if b := raw(p); b != nil {
								req.Offset[0][l] = int32(b[l]<<26) >> 26
								req.Offset[1][l] = int32(b[l]<<20) >> 26
							}
						}
					}
				}
				st2 := st
				if o.Opcode == OpcodeInfo {
					st2 = sampler.DefaultState()
					req.Coord = [4][]float32{}
					req.Level = make([]int32, exec)
					for l := range req.Level {
						req.Level[l] = int32(binary.LittleEndian.Uint32(m.Regs.Vars[lod][4*l:]))
					}
				}
				var res sampler.Result
				if err := (&sampler.Engine{}).Execute(view, &st2, &req, &res); err != nil {
					t.Fatal(err)
				}
				want := make([]byte, len(m.Regs.Vars[k.VarIndex("dst")]))
				stride := (exec*4 + 31) / 32 * 32
				errLanes := 0
				for c := 0; c < 4; c++ {
					for l := 0; l < exec; l++ {
						if !req.Active[l] || (res.LaneErr != nil && res.LaneErr[l] != nil) {
							continue
						}
						binary.LittleEndian.PutUint32(want[c*stride+4*l:], res.Bits[c][l])
					}
				}
				for l := 0; l < exec; l++ {
					if res.LaneErr != nil && res.LaneErr[l] != nil {
						errLanes++
					}
				}
				if len(lanes) != errLanes {
					t.Errorf("%d lane errors, the core has %d", len(lanes), errLanes)
				}
				got := m.Regs.Vars[k.VarIndex("dst")]
				nonzero := 0
				for _, b := range got {
					if b != 0 {
						nonzero++
					}
				}
				// (A comparison on one to four lanes may fail everywhere.)
				if nonzero == 0 && exec >= 8 {
					t.Errorf("dst is all zero (%d bytes set): the test compares nothing", nonzero)
				}
				if string(got) != string(want) {
					for i := 0; i < len(got); i += 4 {
						if string(got[i:i+4]) != string(want[i:i+4]) {
							t.Fatalf("dst byte %d (channel %d, lane %d): got %x, want %x", i, i/stride, i%stride/4, got[i:i+4], want[i:i+4])
						}
					}
				}
			})
		}
	}
}
