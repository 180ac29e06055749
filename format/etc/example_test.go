package etc_test

import (
	"fmt"

	"github.com/texunit/texunit/format/etc"
)

func ExampleDecode() {
	// An EAC R11 block: base 128, multiplier 1, table 0, every pixel index 4 (modifier +2).
	block := []byte{0x80, 0x10, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24}
	var px [16][4]float32
	if err := etc.Decode(etc.EACR11, block, &px); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.6f = %d/2047\n", px[0][0], 8*128+4+8*2)
	// Output:
	// 0.510015 = 1044/2047
}
