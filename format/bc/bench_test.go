package bc

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkDecode measures each format on 256 random blocks (BC7 and BC6H blocks cover every mode).
// MB/s counts compressed bytes; texels/s is reported beside it.
func BenchmarkDecode(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, f := range Formats() {
		n := BlockBytes(f)
		blocks := make([]byte, 256*n)
		for i := range blocks {
			blocks[i] = byte(rng.Uint32())
		}
		if f == BC7 {
			for i := 0; i < len(blocks); i += n {
				blocks[i] |= 1 << (i / n % 8)
			}
		}
		b.Run(f.String(), func(b *testing.B) {
			var px [16][4]float32
			b.SetBytes(int64(n))
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				off := i % 256 * n
				if err := Decode(f, blocks[off:off+n], &px); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(16*i)/b.Elapsed().Seconds(), "texels/s")
		})
	}
}
