package demo_test

import (
	"fmt"
	"image/png"
	"io"

	"github.com/texunit/texunit/demo"
)

// Render the demonstration picture at a small size and encode it as PNG.
func ExampleRender() {
	img, stats, err := demo.Render(demo.Options{Width: 192, Height: 144})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := png.Encode(io.Discard, img); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Bounds().Dx(), "x", img.Bounds().Dy(), "pixels,", stats.Samples, "samples")
	// Output: 384 x 288 pixels, 82944 samples
}
