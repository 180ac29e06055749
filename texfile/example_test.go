package texfile_test

import (
	"bytes"
	"fmt"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texfile"
)

// Reading a texture file gives a surface ready for the sampler.
func ExampleReadFile() {
	f, err := texfile.ReadFile("testdata/ktx2_cube_r8.ktx2", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := f.Surface
	fmt.Println(f.Container, s.Kind, s.Format, s.Width, s.Height, s.Levels, s.Layers)
	// Output: ktx2 cube r8_unorm 2 2 2 6
}

// A malformed file is an error naming the file, the field and its offset.
func ExampleDecode_error() {
	_, err := texfile.Decode("bad.dds", []byte("DDS \x00\x00\x00\x00"), nil)
	fmt.Println(err)
	// Output: bad.dds: dds: DDS_HEADER (byte 0): needs 128 bytes at byte 0, but the file has 8 bytes
}

// Writing a surface with a generated mip chain as KTX 2.0, supercompressed.
func ExampleWriteKTX2() {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Srgb, Width: 16, Height: 8, Levels: 1})
	s.FillHash(1, 0, 1)
	m, _ := surface.WithMips(s, 0, surface.DefaultMaxBytes)
	var buf bytes.Buffer
	if err := texfile.WriteKTX2(&buf, m, &texfile.KTX2Options{Zstd: true}); err != nil {
		fmt.Println(err)
		return
	}
	f, _ := texfile.Decode("mips.ktx2", buf.Bytes(), nil)
	fmt.Println(f.Surface.Levels, f.Supercompression)
	// Output: 5 zstd
}

// A command that reads, converts and writes within one memory budget: each
// step reserves what it allocates, and the caller releases a surface's
// bytes when the next one replaces it.
func ExampleConvertFormatIn() {
	b := budget.New(1 << 20) // 1 MiB for the whole conversion
	f, err := texfile.ReadFile("testdata/rgba8.png", &texfile.Options{Budget: b})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := f.Surface
	c, err := texfile.ConvertFormatIn(s, format.R32G32B32A32Sfloat, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	b.Release(int64(len(s.Data))) // the 8-bit surface is no longer used
	fmt.Println(c.Format, len(c.Data), "bytes reserved:", b.Used())
	// Output: r32g32b32a32_sfloat 240 bytes reserved: 240
}
