package visa_test

import (
	"fmt"
	"log"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/visa"
)

// Assemble a kernel, bind a surface and a sampler, set the registers, run it
// and read the destination back.
func Example() {
	k, err := visa.Assemble(`.version 4.1
.kernel "k"
.decl lod v_type=G type=f num_elts=8 align=GRF
.decl u v_type=G type=f num_elts=8 align=GRF
.decl v v_type=G type=f num_elts=8 align=GRF
.decl dst v_type=G type=f num_elts=16 align=GRF
.decl smp v_type=S num_elts=1
.decl tex v_type=T num_elts=1
sample_l.RG (M1, 8) 0x0:uw smp tex dst.0 lod.0 u.0 v.0
`)
	if err != nil {
		log.Fatal(err)
	}
	m, err := visa.NewMachine(k, visa.DefaultPlatform)
	if err != nil {
		log.Fatal(err)
	}
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 8, Height: 8, Levels: 1})
	s.FillCoords() // texel (x, y) holds (x, y, 0, 0)
	m.Surfaces[k.SurfaceIndex("tex")] = s.View()
	m.Samplers[k.SamplerIndex("smp")] = sampler.DefaultState()
	m.Regs.Dispatch = 0x0f // lanes 4..7 are not dispatched
	u, v := k.VarIndex("u"), k.VarIndex("v")
	for l := 0; l < 8; l++ {
		m.Regs.SetFloat32(k, u, l, (float32(l)+0.5)/8)
		m.Regs.SetFloat32(k, v, l, 2.5/8)
	}
	if _, err := m.Run(); err != nil {
		log.Fatal(err)
	}
	dst := k.VarIndex("dst")
	for i := 0; i < 16; i++ {
		fmt.Print(float32frombits(m.Regs.Bits(k, dst, i)), " ")
	}
	fmt.Println()
	// Output: 0 1 2 3 0 0 0 0 2 2 2 2 0 0 0 0
}

// Encode a kernel as bytecode and disassemble it in IGC's canonical form.
func ExampleDecode() {
	k, err := visa.Assemble(`.version 4.1
.kernel "k"
.decl lod v_type=G type=ud num_elts=16 align=GRF
.decl size v_type=G type=ud num_elts=64 align=GRF
.decl tex v_type=T num_elts=1
resinfo.RGBA (M1, 16) tex lod.0 size.0
`)
	if err != nil {
		log.Fatal(err)
	}
	b, err := k.Encode()
	if err != nil {
		log.Fatal(err)
	}
	k2, err := visa.Decode(b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d bytes\n%s", len(b), k2.Text())
	// Output:
	// 149 bytes
	// .version 4.1
	// .kernel "k"
	// .decl lod v_type=G type=ud num_elts=16 align=GRF
	// .decl size v_type=G type=ud num_elts=64 align=GRF
	// .decl T6 v_type=T num_elts=1 v_name=tex
	// .kernel_attr Target="3d"
	//     resinfo.RGBA (M1, 16) T6 lod.0 size.0
}

func float32frombits(b uint64) float32 { return math.Float32frombits(uint32(b)) }
