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

// BlockSizes3D lists the 3D block footprints (width, height, depth) of ASTC, in the order of the
// specification's table "ASTC 3D footprint and bit rates" (and of VK_EXT_texture_compression_astc_3d).
var BlockSizes3D = [10][3]int{
	{3, 3, 3}, {4, 3, 3}, {4, 4, 3}, {4, 4, 4}, {5, 4, 4},
	{5, 5, 4}, {5, 5, 5}, {6, 5, 5}, {6, 6, 5}, {6, 6, 6},
}

// BlockBytes is the size of every ASTC block in bytes.
const BlockBytes = 16

// MaxBlockTexels is the most texels a block holds (the 6x6x6 footprint).
const MaxBlockTexels = 216

// ValidBlockSize reports whether bw x bh is one of the 2D footprints of BlockSizes.
func ValidBlockSize(bw, bh int) bool {
	for _, s := range BlockSizes {
		if s[0] == bw && s[1] == bh {
			return true
		}
	}
	return false
}

// ValidFootprint reports whether bw x bh x bd is an ASTC footprint: a 2D one of BlockSizes with bd
// 1, or a 3D one of BlockSizes3D.
func ValidFootprint(bw, bh, bd int) bool {
	if bd == 1 {
		return ValidBlockSize(bw, bh)
	}
	for _, s := range BlockSizes3D {
		if s[0] == bw && s[1] == bh && s[2] == bd {
			return true
		}
	}
	return false
}

// Mode is the operation mode a block is decoded in (KDFS "sRGB, Linear LDR and HDR Operation
// Modes"). It decides what LDR endpoints become and whether HDR endpoints and HDR void extents are
// decoded or are the error colour.
type Mode uint8

// The operation modes.
const (
	// LDR is the linear LDR mode of the UNORM formats: each channel is the 16-bit interpolated
	// value C divided by 65535; HDR endpoints are the error colour.
	LDR Mode = iota
	// SRGB is the sRGB mode of the SRGB formats: the top 8 bits of C divided by 255 (the encoded
	// value, to which the caller applies the sRGB EOTF); HDR endpoints are the error colour.
	SRGB
	// HDR is the HDR mode of the SFLOAT formats with the decode_float16 decode mode: every channel
	// is an FP16 value (returned exactly as a float32). LDR channels convert C as the KDFS says
	// (65535 is 1.0, any other C is C/65536 rounded toward zero); HDR channels convert the
	// interpolated 16-bit pseudo-logarithmic value to FP16, +Inf and NaN becoming 0x7BFF (65504).
	HDR
)

var modeNames = [...]string{"ldr", "srgb", "hdr"}

// String returns "ldr", "srgb" or "hdr".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
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
	if !ValidBlockSize(bw, bh) {
		return fmt.Errorf("astc: block footprint %dx%d is not an ASTC 2D footprint", bw, bh)
	}
	mode := LDR
	if srgb {
		mode = SRGB
	}
	return DecodeBlock(block, bw, bh, 1, mode, dst)
}

// DecodeBlock decodes one 128-bit ASTC block with footprint bw x bh x bd (bd 1 for the 2D
// footprints of BlockSizes, or one of BlockSizes3D) in operation mode mode into dst, texel
// (x, y, z) at dst[(z*bh+y)*bw+x] as R, G, B, A.
//
// An illegal encoding decodes to ErrorColour in every texel; so do an HDR void extent in the LDR
// and sRGB modes, and the texels of a partition whose colour endpoint mode is HDR in those modes.
// That is a successful decode, not an error.
//
// DecodeBlock returns an error only for a block that is not 16 bytes, a footprint that is not
// ASTC's, an unknown mode, or a dst shorter than bw*bh*bd. It never panics.
func DecodeBlock(block []byte, bw, bh, bd int, mode Mode, dst [][4]float32) error {
	if len(block) != BlockBytes {
		return fmt.Errorf("astc: block is %d bytes, want %d", len(block), BlockBytes)
	}
	if !ValidFootprint(bw, bh, bd) {
		return fmt.Errorf("astc: block footprint %dx%dx%d is not an ASTC footprint", bw, bh, bd)
	}
	if mode > HDR {
		return fmt.Errorf("astc: mode %d is not LDR, SRGB or HDR", uint8(mode))
	}
	if len(dst) < bw*bh*bd {
		return fmt.Errorf("astc: destination holds %d texels, want %d", len(dst), bw*bh*bd)
	}
	var b bits128
	for i := 7; i >= 0; i-- {
		b.lo = b.lo<<8 | uint64(block[i])
		b.hi = b.hi<<8 | uint64(block[i+8])
	}
	var d decoder
	d.decode(b, footprint{bw, bh, bd}, mode, dst[:bw*bh*bd])
	return nil
}

// footprint is a block's size in texels; d is 1 for 2D blocks.
type footprint struct{ w, h, d int }

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
