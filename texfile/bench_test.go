package texfile

import (
	"bytes"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// benchFile returns a 512×512 r8g8b8a8_srgb surface with its mip chain,
// hash-filled, written by write.
func benchFile(b *testing.B, write func(*bytes.Buffer, *surface.Surface) error) ([]byte, int) {
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Srgb, Width: 512, Height: 512})
	if err != nil {
		b.Fatal(err)
	}
	s.FillCoords()
	var buf bytes.Buffer
	if err := write(&buf, s); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes(), len(s.Data)
}

func benchDecode(b *testing.B, file []byte, texelBytes int) {
	b.SetBytes(int64(texelBytes))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode("bench", file, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeKTX2(b *testing.B) {
	file, n := benchFile(b, func(w *bytes.Buffer, s *surface.Surface) error { return WriteKTX2(w, s, nil) })
	benchDecode(b, file, n)
}

func BenchmarkDecodeKTX2Zstd(b *testing.B) {
	file, n := benchFile(b, func(w *bytes.Buffer, s *surface.Surface) error { return WriteKTX2(w, s, &KTX2Options{Zstd: true}) })
	benchDecode(b, file, n)
}

func BenchmarkDecodePNG(b *testing.B) {
	file, _ := benchFile(b, func(w *bytes.Buffer, s *surface.Surface) error { return WritePNG(w, s, nil) })
	benchDecode(b, file, 512*512*4)
}

func BenchmarkDecodeHDR(b *testing.B) {
	// 512×256 RLE scanlines: runs of 8 and literals of 8 alternate.
	var body []byte
	for y := 0; y < 256; y++ {
		body = append(body, 2, 2, 2, 0)
		for c := 0; c < 4; c++ {
			for x := 0; x < 512; x += 16 {
				body = append(body, 128+8, byte(x))
				body = append(body, 8, 1, 2, 3, 4, 5, 6, 7, byte(y))
			}
		}
	}
	file := append([]byte("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 256 +X 512\n"), body...)
	benchDecode(b, file, 512*256*16)
}

func BenchmarkWriteKTX2Zstd(b *testing.B) {
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Srgb, Width: 512, Height: 512})
	s.FillCoords()
	b.SetBytes(int64(len(s.Data)))
	for b.Loop() {
		var buf bytes.Buffer
		if err := WriteKTX2(&buf, s, &KTX2Options{Zstd: true}); err != nil {
			b.Fatal(err)
		}
	}
}
