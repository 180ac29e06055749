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

// BenchmarkDecodeHDR measures HDR mode on the 2D HDR golden blocks (testdata/astcenc_hdr_*.txt.gz:
// astcenc's HDR compressions, bit flips, random blocks and void extents) and every mode on the 3D
// golden blocks (astcenc_3d_*.txt.gz). MB/s counts compressed bytes.
func BenchmarkDecodeHDR(b *testing.B) {
	type set struct {
		name   string
		fp     footprint
		blocks [][]byte
		modes  []Mode
	}
	var sets []set
	for _, s := range [][2]int{{4, 4}, {6, 6}, {8, 8}, {12, 12}} {
		var bl [][]byte
		for _, g := range readHDRGolden(b, fmt.Sprintf("astcenc_hdr_%dx%d.txt.gz", s[0], s[1]), s[0]*s[1], 2) {
			bl = append(bl, g.block)
		}
		sets = append(sets, set{fmt.Sprintf("%dx%d", s[0], s[1]), footprint{s[0], s[1], 1}, bl, []Mode{HDR}})
	}
	for _, s := range [][3]int{{3, 3, 3}, {4, 4, 4}, {6, 6, 6}} {
		var bl [][]byte
		for _, g := range readHDRGolden(b, fmt.Sprintf("astcenc_3d_%dx%dx%d.txt.gz", s[0], s[1], s[2]), s[0]*s[1]*s[2], 4) {
			bl = append(bl, g.block)
		}
		sets = append(sets, set{fmt.Sprintf("%dx%dx%d", s[0], s[1], s[2]), footprint{s[0], s[1], s[2]}, bl, []Mode{LDR, HDR}})
	}
	for _, st := range sets {
		for _, m := range st.modes {
			b.Run(st.name+"/"+m.String(), func(b *testing.B) {
				dst := make([][4]float32, st.fp.w*st.fp.h*st.fp.d)
				b.SetBytes(BlockBytes)
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					if err := DecodeBlock(st.blocks[i%len(st.blocks)], st.fp.w, st.fp.h, st.fp.d, m, dst); err != nil {
						b.Fatal(err)
					}
					i++
				}
				b.ReportMetric(float64(len(dst)*i)/b.Elapsed().Seconds(), "texels/s")
			})
		}
	}
}
