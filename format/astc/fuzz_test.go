package astc

import (
	"math"
	"testing"
)

// FuzzDecode checks that no block, footprint (2D or 3D), mode or destination length panics, that
// decoding is deterministic, and that values lie where the mode puts them: [0, 1] in the LDR and
// sRGB modes; in HDR mode, values a half holds, finite and non-negative unless the block is an HDR
// void extent (whose FP16 constants are returned as they are).
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4, 5, 6, 7, 8}, uint8(0), uint8(0))
	f.Add([]byte{0x43, 0x80, 0xA5, 0xA7, 0xA9, 0xA7, 0x25, 0xC4, 0xB3, 0xB2, 0x80, 0xE0, 0xE0, 0xD5, 0xED, 0x4E}, uint8(0), uint8(1))
	f.Add(make([]byte, 16), uint8(13), uint8(2))
	f.Add([]byte{0x22, 0xe4, 0xc9, 0xe5, 0xf1, 0xfc, 0x91, 0xc8, 0x43, 0x49, 0x7f, 0xe3, 0x26, 0x6e, 0xc2, 0x04}, uint8(17), uint8(2))
	f.Fuzz(func(t *testing.T, block []byte, size uint8, mode uint8) {
		var bw, bh, bd int
		switch n := int(size) % 32; {
		case n < len(BlockSizes):
			bw, bh, bd = BlockSizes[n][0], BlockSizes[n][1], 1
		case n < len(BlockSizes)+len(BlockSizes3D):
			s := BlockSizes3D[n-len(BlockSizes)]
			bw, bh, bd = s[0], s[1], s[2]
		default: // also try footprints that are not ASTC's
			bw, bh, bd = int(size%7), int(size/7%7), int(size/49%7)
		}
		m := Mode(mode % 4)
		dst := make([][4]float32, bw*bh*bd)
		err := DecodeBlock(block, bw, bh, bd, m, dst)
		if (err == nil) != (len(block) == 16 && ValidFootprint(bw, bh, bd) && m <= HDR) {
			t.Fatalf("DecodeBlock(%d bytes, %dx%dx%d, %v) error = %v", len(block), bw, bh, bd, m, err)
		}
		if err != nil {
			return
		}
		again := make([][4]float32, bw*bh*bd)
		if err := DecodeBlock(block, bw, bh, bd, m, again); err != nil {
			t.Fatal(err)
		}
		hdrVoid := block[0] == 0xFC && block[1]&3 == 3 // bits 0..8 0x1FC, bit 9 HDR
		for i, px := range dst {
			for c, v := range px {
				if math.Float32bits(v) != math.Float32bits(again[i][c]) {
					t.Fatalf("%x: texel %d decodes differently twice", block, i)
				}
				if m != HDR {
					if math.IsNaN(float64(v)) || v < 0 || v > 1 {
						t.Fatalf("%x %dx%dx%d %v: texel %d channel %d = %v", block, bw, bh, bd, m, i, c, v)
					}
					continue
				}
				if h, ok := halfBits(v); !ok {
					t.Fatalf("%x %v: texel %d channel %d = %v is not a half (%04x)", block, m, i, c, v, h)
				}
				if !hdrVoid && (math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) || v < 0) {
					t.Fatalf("%x %dx%dx%d HDR: texel %d channel %d = %v", block, bw, bh, bd, i, c, v)
				}
			}
		}
	})
}
