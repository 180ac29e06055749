package format_test

import (
	"fmt"
	"math"

	"texunit/format"
)

func ExampleParse() {
	f, err := format.Parse("b8g8r8a8_srgb")
	if err != nil {
		panic(err)
	}
	in := f.Info()
	fmt.Println(f, in.Bytes, in.Numeric, in.Class, in.BGRA)
	_, err = format.Parse("rgba8")
	fmt.Println(err != nil)
	// Output:
	// b8g8r8a8_srgb 4 srgb float true
	// true
}

func ExampleFormat_Decoder() {
	// Choose the decoder once, then call it per texel.
	dec := format.R8G8B8A8Unorm.Decoder()
	texels := []byte{255, 0, 51, 255, 0, 128, 0, 255}
	for i := 0; i < len(texels); i += 4 {
		fmt.Println(dec(texels[i:]))
	}
	// Output:
	// [1 0 0.2 1]
	// [0 0.5019608 0 1]
}

func ExampleFormat_Decode_integer() {
	// Integer formats carry the integer as float32 bits.
	v := format.R8G8B8A8Sint.Decode([]byte{0x80, 0xff, 5, 127})
	for _, x := range v {
		fmt.Print(int32(math.Float32bits(x)), " ")
	}
	fmt.Println()
	// Output: -128 -1 5 127
}

func ExampleFormat_Border() {
	white := [4]float64{1, 1, 1, 1}
	fmt.Println(format.R8Unorm.Border(white))
	fmt.Println(format.R8G8B8A8Snorm.Border([4]float64{-2, 0.5, 2, 1}))
	// Output:
	// [1 0 0 1]
	// [-1 0.5 1 1]
}

func ExampleFloat64ToHalf() {
	fmt.Printf("%#04x %#04x %#04x\n", format.Float64ToHalf(1), format.Float64ToHalf(65504), format.Float64ToHalf(65520))
	fmt.Println(format.HalfToFloat32(0x3555))
	// Output:
	// 0x3c00 0x7bff 0x7c00
	// 0.33325195
}
