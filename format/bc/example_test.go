package bc_test

import (
	"fmt"

	"github.com/texunit/texunit/format/bc"
)

func ExampleDecode() {
	// A BC1 block: color0 = white, color1 = black (four-colour mode), texel i uses index i%4.
	block := []byte{0xFF, 0xFF, 0x00, 0x00, 0xE4, 0xE4, 0xE4, 0xE4}
	var px [16][4]float32
	if err := bc.Decode(bc.BC1, block, &px); err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range px[:4] {
		fmt.Printf("%.4f %.4f %.4f %.0f\n", t[0], t[1], t[2], t[3])
	}
	// Output:
	// 1.0000 1.0000 1.0000 1
	// 0.0000 0.0000 0.0000 1
	// 0.6667 0.6667 0.6667 1
	// 0.3333 0.3333 0.3333 1
}
