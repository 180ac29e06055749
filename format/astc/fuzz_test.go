package astc

import (
	"math"
	"testing"
)

// FuzzDecode checks that no block, footprint or destination length panics, that a decoded block's
// values lie in [0, 1], and that decoding is deterministic.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4, 5, 6, 7, 8}, uint8(0), false)
	f.Add([]byte{0x43, 0x80, 0xA5, 0xA7, 0xA9, 0xA7, 0x25, 0xC4, 0xB3, 0xB2, 0x80, 0xE0, 0xE0, 0xD5, 0xED, 0x4E}, uint8(0), true)
	f.Add(make([]byte, 16), uint8(13), false)
	f.Fuzz(func(t *testing.T, block []byte, size uint8, srgb bool) {
		s := BlockSizes[int(size)%len(BlockSizes)]
		bw, bh := s[0], s[1]
		if size >= 200 { // also try footprints that are not ASTC's
			bw, bh = int(size%16), int(size/16%16)
		}
		dst := make([][4]float32, bw*bh)
		err := Decode(block, bw, bh, srgb, dst)
		if (err == nil) != (len(block) == 16 && ValidBlockSize(bw, bh)) {
			t.Fatalf("Decode(%d bytes, %dx%d) error = %v", len(block), bw, bh, err)
		}
		if err != nil {
			return
		}
		again := make([][4]float32, bw*bh)
		if err := Decode(block, bw, bh, srgb, again); err != nil {
			t.Fatal(err)
		}
		for i, px := range dst {
			if px != again[i] {
				t.Fatalf("%x: texel %d decodes differently twice", block, i)
			}
			for c, v := range px {
				if math.IsNaN(float64(v)) || v < 0 || v > 1 {
					t.Fatalf("%x %dx%d: texel %d channel %d = %v", block, bw, bh, i, c, v)
				}
			}
		}
	})
}
