package txd_test

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/txd"
)

// Example runs the specification's example instruction on a warp: the
// handle comes from constant bank word 5, R2/R3 hold s and t, R4..R7 the
// derivatives, and R0..R3 receive the four components.
func Example() {
	f, _ := format.Parse("r32g32b32a32_sfloat")
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: f, Width: 4, Height: 4, Levels: 1})
	s.FillCoords()
	view := s.View()
	st := sampler.DefaultState()
	m := &txd.Machine{
		Headers:   []*surface.View{&view},
		Samplers:  []*sampler.State{&st},
		ConstBank: []uint32{0, 0, 0, 0, 0, uint32(txd.MakeHandle(0, 0))},
	}
	in, err := txd.Parse("TXD R0,R2,R4,5,2D,0xf;")
	if err != nil {
		fmt.Println(err)
		return
	}
	w := txd.NewWarp()
	for t := 0; t < txd.WarpSize; t++ {
		w.R[t][2] = math.Float32bits(0.375) // s
		w.R[t][3] = math.Float32bits(0.625) // t
		w.R[t][4] = math.Float32bits(0.25)  // dsdx
		w.R[t][7] = math.Float32bits(0.25)  // dtdy
	}
	if _, err := m.Exec(w, in); err != nil {
		fmt.Println(err)
		return
	}
	word, _ := txd.Encode(in)
	fmt.Printf("%s  /* %#016x */\n", in, word)
	fmt.Println(math.Float32frombits(w.R[0][0]), math.Float32frombits(w.R[0][1]))
	// Output:
	// TXD R0, R2, R4, 0x5, 2D, 0xf ;  /* 0xde380057a0470200 */
	// 1 2
}

// ExampleParse shows the canonical text, which is NVIDIA's: the legacy
// tid, smp pair becomes tsPtrIdx and the default write mask is printed.
func ExampleParse() {
	in, err := txd.Parse("@!P1 txd.aoffi.lc.t p0, r4, r8, r12, 3, 1, array_2d &wr=0x2 ?trans1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(in)
	_, err = txd.Parse("TXD R0, R2, R4, 0x0, SPHERE")
	fmt.Println(err)
	// Output:
	// @!P1 TXD.LC.AOFFI.T P0, R4, R8, R12, 0x103, ARRAY_2D, 0xf &wr=0x2 ?trans1;
	// column 22: #paramA: "SPHERE" is not a coordinate description (1D, 2D, ARRAY_1D, ARRAY_2D; 3D, ARRAY_3D, CUBE, ARRAY_CUBE are reserved)
}

// ExampleDecode decodes a word that ptxas emitted for tex.grad.a2d with a
// bindless handle and offsets.
func ExampleDecode() {
	in, err := txd.Decode(0xde78000fb0c71414)
	if err != nil {
		fmt.Println(err)
		return
	}
	l := in.Layout()
	fmt.Println(in)
	fmt.Printf("Ra: handle R%d, s R%d, t R%d, packed R%d; Rb: %d registers\n",
		int(in.Ra)+l.Handle, int(in.Ra)+l.S, int(in.Ra)+l.T, int(in.Ra)+l.Packed, l.NB)
	// Output:
	// TXD.B.AOFFI R20, R20, R12, 0x0, ARRAY_2D, 0xf ;
	// Ra: handle R20, s R21, t R22, packed R23; Rb: 4 registers
}
