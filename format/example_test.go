package format_test

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
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

func ExampleFormat_AspectFormat() {
	// The stencil of d24_unorm_s8_uint is the top byte of its 32-bit word.
	f, off, _ := format.D24UnormS8Uint.AspectFormat(format.AspectStencil)
	texel := []byte{0xff, 0xff, 0x7f, 200} // depth 0x7fffff, stencil 200
	fmt.Println(f, off, math.Float32bits(f.Decode(texel[off:])[0]))
	d, _, _ := format.D24UnormS8Uint.AspectFormat(format.AspectDepth)
	fmt.Println(d, d.Decode(texel)[0])
	// Output:
	// s8_uint 3 200
	// x8_d24_unorm_pack32 0.49999997
}

func ExampleFormat_BlockDecoder() {
	// A BC4 block whose endpoints are both 255 is white everywhere; R only.
	block := []byte{255, 255, 0, 0, 0, 0, 0, 0}
	texels := make([][4]float32, 16)
	format.BC4UnormBlock.BlockDecoder()(block, texels)
	in := format.BC4UnormBlock.Info()
	fmt.Println(in.BlockWidth, in.BlockHeight, in.Bytes, texels[5])
	// Output: 4 4 8 [1 0 0 1]
}

func ExampleRGB9E5ToFloat32() {
	// The shared exponent follows the largest component: with 1000 the
	// step is 2, so 1 rounds (half up) to 2 and 0.5 to 0.
	r, g, b := format.RGB9E5ToFloat32(format.Float64ToRGB9E5(1, 0.5, 1000))
	fmt.Println(r, g, b)
	fmt.Println(format.UFloat11ToFloat32(format.Float64ToUFloat11(0.1)))
	// Output:
	// 2 0 1000
	// 0.099609375
}
