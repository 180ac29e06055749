package astc

import (
	"fmt"
	"math/bits"
)

// BlockSizes lists the 2D block footprints (width, height) of ASTC, in the order of the
// specification's table "ASTC 2D footprint and bit rates".
var BlockSizes = [14][2]int{
	{4, 4}, {5, 4}, {5, 5}, {6, 5}, {6, 6}, {8, 5}, {8, 6}, {8, 8},
	{10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12},
}

// BlockBytes is the size of every ASTC block in bytes.
const BlockBytes = 16

// ValidBlockSize reports whether bw x bh is one of the 2D footprints of BlockSizes.
func ValidBlockSize(bw, bh int) bool {
	for _, s := range BlockSizes {
		if s[0] == bw && s[1] == bh {
			return true
		}
	}
	return false
}

// ErrorColour is the colour an illegal or unsupported encoding decodes to: opaque magenta. It is a
// copy for callers to compare with; changing it does not change what Decode writes.
var ErrorColour = errorColour

// errorColour is the value Decode writes for illegal encodings.
var errorColour = [4]float32{1, 0, 1, 1}

// Decode decodes one 128-bit ASTC block with footprint bw x bh into dst, texel (x, y) at
// dst[y*bw+x] as R, G, B, A, under the LDR profile.
//
// With srgb false (linear decode) each channel is the 16-bit interpolated value divided by 65535;
// with srgb true each channel is the top 8 bits of the 16-bit value divided by 255 (the encoded
// sRGB value: the caller applies the sRGB transfer function). A block that is an illegal encoding,
// or that uses HDR endpoints or an HDR void extent, decodes to ErrorColour where the specification
// says so (the whole block, or the texels of a partition whose endpoints are HDR); that is a
// successful decode, not an error.
//
// Decode returns an error only for a block that is not 16 bytes, a footprint that is not an ASTC 2D
// footprint, or a dst shorter than bw*bh. It never panics.
func Decode(block []byte, bw, bh int, srgb bool, dst [][4]float32) error {
	if len(block) != BlockBytes {
		return fmt.Errorf("astc: block is %d bytes, want %d", len(block), BlockBytes)
	}
	if !ValidBlockSize(bw, bh) {
		return fmt.Errorf("astc: block footprint %dx%d is not an ASTC 2D footprint", bw, bh)
	}
	if len(dst) < bw*bh {
		return fmt.Errorf("astc: destination holds %d texels, want %d", len(dst), bw*bh)
	}
	var b bits128
	for i := 7; i >= 0; i-- {
		b.lo = b.lo<<8 | uint64(block[i])
		b.hi = b.hi<<8 | uint64(block[i+8])
	}
	var d decoder
	d.decode(b, bw, bh, srgb, dst[:bw*bh])
	return nil
}

// bits128 is the block read least significant bit first.
type bits128 struct{ lo, hi uint64 }

// get returns n (0..32) bits at pos; bits at or beyond 128 read 0.
func (v bits128) get(pos, n int) uint32 {
	if n == 0 || pos >= 128 {
		return 0
	}
	var x uint64
	switch {
	case pos >= 64:
		x = v.hi >> uint(pos-64)
	case pos+n <= 64:
		x = v.lo >> uint(pos)
	default:
		x = v.lo>>uint(pos) | v.hi<<uint(64-pos)
	}
	return uint32(x & (1<<uint(n) - 1))
}

// reversed returns the block with its bit order reversed (bit 127 becomes bit 0), the order in
// which the weights are stored.
func (v bits128) reversed() bits128 {
	return bits128{bits.Reverse64(v.hi), bits.Reverse64(v.lo)}
}

func fillError(dst [][4]float32) {
	for i := range dst {
		dst[i] = errorColour
	}
}
