// Command msaa-example shows the msaa library: Figure 5C's load, the
// resolve, and one image_msaa_load assembled, encoded and executed.
//
//	go run ./examples/msaa
package main

import (
	"fmt"
	"log"
	"math"

	"github.com/texunit/texunit/msaa"
)

func main() {
	// Figure 5C: eight samples, four components each, components of a sample
	// contiguous. Element SxCy holds 10x+y.
	s, err := msaa.New(msaa.Desc{Width: 2, Height: 2, Samples: 8, Components: 4, Element: msaa.Uint32})
	if err != nil {
		log.Fatal(err)
	}
	for y := 0; y < 2; y++ {
		for x := 0; x < 2; x++ {
			for f := 0; f < 8; f++ {
				for c := 0; c < 4; c++ {
					_ = s.SetElementBits(x, y, 0, f, c, uint32(10*(f+1)+c+1))
				}
			}
		}
	}
	w := &msaa.Wave{Size: 32, Exec: 0xf, X: []int32{0, 1, 0, 1}, Y: []int32{0, 0, 1, 1}}
	w.X, w.Y = append(w.X, make([]int32, 28)...), append(w.Y, make([]int32, 28)...)
	var res msaa.Result
	in := msaa.Instruction{Mode: msaa.SameComponent, AllPhases: true}
	if err := s.Load(&in, w, &res); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("same component: stride %d, %d phases; lane 0 registers %v %v; %d bytes, %d lines\n",
		res.Plan.Stride, res.Plan.Phases, col(res.Dword[:4], 0), col(res.Dword[4:], 0), res.Traffic.Bytes, res.Traffic.Lines)

	// The resolve on a float copy: the average of SxC1 over eight samples.
	f, _ := msaa.New(msaa.Desc{Width: 1, Height: 1, Samples: 8, Components: 1, Element: msaa.Float32})
	for i := 0; i < 8; i++ {
		_ = f.SetElementBits(0, 0, 0, i, 0, math.Float32bits(float32(i)))
	}
	im, _, _, err := msaa.Resolve(f, msaa.ResolveAverage)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("average of 0..7:", im.At(0, 0, 0, 0))

	// RDNA: assemble, encode and execute image_msaa_load on gfx1100.
	inst, err := msaa.Parse(msaa.GFX1100, "image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA unorm")
	if err != nil {
		log.Fatal(err)
	}
	b, _ := inst.Encode(msaa.GFX1100)
	fmt.Printf("%s ; % x\n", inst, b)
	m, _ := msaa.NewMachine(msaa.GFX1100, 32)
	_ = m.Bind(0, s)
	for lane := 0; lane < 32; lane++ {
		m.VGPR[4][lane], m.VGPR[5][lane], m.VGPR[6][lane] = uint32(lane%2), uint32(lane/2%2), uint32(lane%8)
	}
	if err := m.Execute(inst); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("lane 5 (sample index 5 -> samples 4..7, component C2): %d %d %d %d\n",
		m.VGPR[0][5], m.VGPR[1][5], m.VGPR[2][5], m.VGPR[3][5])
}

func col(d [][]uint32, lane int) []uint32 {
	out := make([]uint32, len(d))
	for i := range d {
		out[i] = d[i][lane]
	}
	return out
}
