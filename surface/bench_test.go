package surface

import (
	"testing"

	"github.com/texunit/texunit/format"
)

func BenchmarkTexelOffset(b *testing.B) {
	s := mustNew(b, Desc{Kind: Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64, Layers: 4})
	acc := 0
	for i := 0; b.Loop(); i++ {
		acc += s.TexelOffset(i&3, i&15, (i>>4)&15, 0, (i>>8)&3, 0)
	}
	_ = acc
}

func BenchmarkResident(b *testing.B) {
	s := mustNew(b, Desc{Kind: Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 256, Height: 256, Layers: 4})
	_ = s.SetTileSize(16, 16, 1)
	b.Run("all-resident", func(b *testing.B) {
		n := 0
		for i := 0; b.Loop(); i++ {
			if s.Resident(0, i&255, (i>>8)&255, 0, (i>>16)&3) {
				n++
			}
		}
		_ = n
	})
	_ = s.SetResident(0, 1, 3, 3, 0, false)
	b.Run("some-non-resident", func(b *testing.B) {
		n := 0
		for i := 0; b.Loop(); i++ {
			if s.Resident(0, i&255, (i>>8)&255, 0, (i>>16)&3) {
				n++
			}
		}
		_ = n
	})
}

func BenchmarkFillHash(b *testing.B) {
	for _, f := range []format.Format{format.R8G8B8A8Unorm, format.R16G16B16A16Sfloat, format.R32G32B32A32Sfloat} {
		b.Run(f.String(), func(b *testing.B) {
			s := mustNew(b, Desc{Kind: Kind2D, Format: f, Width: 1024, Height: 1024, Levels: 1})
			b.SetBytes(int64(len(s.Data)))
			for b.Loop() {
				s.FillHash(1, 0, 1)
			}
		})
	}
}

func BenchmarkFillCoords(b *testing.B) {
	s := mustNew(b, Desc{Kind: Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 512, Height: 512, Layers: 4, Levels: 1})
	b.SetBytes(int64(len(s.Data)))
	for b.Loop() {
		s.FillCoords()
	}
}
