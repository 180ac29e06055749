package astc_test

import (
	"fmt"

	"github.com/texunit/texunit/format/astc"
)

func ExampleDecode() {
	// A void-extent block: one constant colour (UNORM16 R=0xFFFF, G=0x8000, B=0, A=0xFFFF).
	block := []byte{0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF}
	texels := make([][4]float32, 6*6)
	if err := astc.Decode(block, 6, 6, false, texels); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("linear %.6f\n", texels[35])
	if err := astc.Decode(block, 6, 6, true, texels); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("sRGB   %.6f\n", texels[35])
	// Output:
	// linear [1.000000 0.500008 0.000000 1.000000]
	// sRGB   [1.000000 0.501961 0.000000 1.000000]
}
