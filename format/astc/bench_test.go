package astc

import (
	"fmt"
	"testing"
)

// BenchmarkDecode measures each footprint on the blocks astcenc compressed from the test images
// (testdata/astcenc_*.txt.gz; error blocks included). MB/s counts compressed bytes; texels/s is
// reported beside it.
func BenchmarkDecode(b *testing.B) {
	for _, s := range BlockSizes {
		bw, bh := s[0], s[1]
		cases := readGolden(b, bw, bh)
		for _, srgb := range []bool{false, true} {
			name := fmt.Sprintf("%dx%d/linear", bw, bh)
			if srgb {
				name = fmt.Sprintf("%dx%d/srgb", bw, bh)
			}
			b.Run(name, func(b *testing.B) {
				dst := make([][4]float32, bw*bh)
				b.SetBytes(BlockBytes)
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					if err := Decode(cases[i%len(cases)].block, bw, bh, srgb, dst); err != nil {
						b.Fatal(err)
					}
					i++
				}
				b.ReportMetric(float64(bw*bh*i)/b.Elapsed().Seconds(), "texels/s")
			})
		}
	}
}
