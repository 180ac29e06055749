package bc

import (
	"math"
	"testing"
)

// FuzzDecode checks that no block of any length and format panics, that a decoded block's values
// are finite and in the format's range, and that decoding is deterministic.
func FuzzDecode(f *testing.F) {
	for _, fm := range Formats() {
		f.Add(uint8(fm), make([]byte, BlockBytes(fm)))
	}
	f.Add(uint8(BC7), []byte{0x40, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add(uint8(BC6HS), []byte{0x0F, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Fuzz(func(t *testing.T, fm uint8, block []byte) {
		format := Format(fm % 13)
		var a, b [16][4]float32
		err := Decode(format, block, &a)
		if (err == nil) != (BlockBytes(format) != 0 && len(block) == BlockBytes(format)) {
			t.Fatalf("Decode(%v, %d bytes) error = %v", format, len(block), err)
		}
		if err != nil {
			return
		}
		if err := Decode(format, block, &b); err != nil || a != b {
			t.Fatalf("second decode differs")
		}
		lo, hi := float32(0), float32(1)
		switch format {
		case BC4S, BC5S:
			lo = -1
		case BC6H:
			hi = 65504
		case BC6HS:
			lo, hi = -65504, 65504
		}
		for i, px := range a {
			for c, v := range px {
				if math.IsNaN(float64(v)) || v < lo || v > hi {
					t.Fatalf("%v %x: texel %d channel %d = %v outside [%v, %v]", format, block, i, c, v, lo, hi)
				}
			}
		}
	})
}
