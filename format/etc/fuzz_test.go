package etc

import (
	"math"
	"testing"
)

// FuzzDecode checks that no block of any length and format panics and that decoded values are in
// the format's range.
func FuzzDecode(f *testing.F) {
	for _, fm := range Formats() {
		f.Add(uint8(fm), make([]byte, BlockBytes(fm)))
	}
	f.Add(uint8(ETC2RGB8A1), []byte{0xFF, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE})
	f.Fuzz(func(t *testing.T, fm uint8, block []byte) {
		format := Format(fm % 9)
		var px [16][4]float32
		err := Decode(format, block, &px)
		if (err == nil) != (BlockBytes(format) != 0 && len(block) == BlockBytes(format)) {
			t.Fatalf("Decode(%v, %d bytes) error = %v", format, len(block), err)
		}
		if err != nil {
			return
		}
		lo := float32(0)
		if format == EACR11S || format == EACRG11S {
			lo = -1
		}
		for i, t4 := range px {
			for c, v := range t4 {
				if math.IsNaN(float64(v)) || v < lo || v > 1 {
					t.Fatalf("%v %x: texel %d channel %d = %v", format, block, i, c, v)
				}
			}
		}
	})
}
