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

func ExampleDecodeBlock() {
	// An HDR void-extent block of a 3D footprint: one constant FP16 colour (R = 2.5, G = 0.5,
	// B = 1000, A = 1) over every texel of a 4x4x4 block. In HDR mode (the _SFLOAT_BLOCK formats)
	// it decodes to those values; in LDR mode (the _UNORM_BLOCK formats) to the error colour.
	block := []byte{0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x41, 0x00, 0x38, 0xD0, 0x63, 0x00, 0x3C}
	texels := make([][4]float32, 4*4*4)
	for _, mode := range []astc.Mode{astc.HDR, astc.LDR} {
		if err := astc.DecodeBlock(block, 4, 4, 4, mode, texels); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(mode, texels[63])
	}
	// Output:
	// hdr [2.5 0.5 1000 1]
	// ldr [1 0 1 1]
}
