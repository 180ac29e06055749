package bc

import (
	"fmt"
	"strings"
)

// Format names one block-compressed format of the BC family.
type Format uint8

// The BC formats. The sRGB variants of BC1, BC2, BC3 and BC7 share the constant of their UNORM twin:
// Decode returns the encoded value and the caller applies the sRGB transfer function.
const (
	// BC1 is BC1 (DXT1) with RGB only: alpha is 1 everywhere, also for index 3 of three-colour blocks.
	BC1 Format = iota + 1
	// BC1A is BC1 (DXT1) with 1-bit alpha: index 3 of three-colour blocks is transparent black.
	BC1A
	// BC2 is BC2 (DXT3): BC1 colour in four-colour mode and explicit 4-bit alpha.
	BC2
	// BC3 is BC3 (DXT5): BC1 colour in four-colour mode and interpolated 8-bit alpha.
	BC3
	// BC4 is BC4 unsigned (RGTC1 unorm): one interpolated channel in R; G=B=0, A=1.
	BC4
	// BC4S is BC4 signed (RGTC1 snorm).
	BC4S
	// BC5 is BC5 unsigned (RGTC2 unorm): two BC4 channels in R and G; B=0, A=1.
	BC5
	// BC5S is BC5 signed (RGTC2 snorm).
	BC5S
	// BC6H is BC6H unsigned float (BPTC_FLOAT unsigned): RGB half values, A=1.
	BC6H
	// BC6HS is BC6H signed float (BPTC_FLOAT signed).
	BC6HS
	// BC7 is BC7 (BPTC unorm): RGBA with 8-bit results.
	BC7
)

var formatNames = [...]string{
	BC1: "BC1", BC1A: "BC1A", BC2: "BC2", BC3: "BC3", BC4: "BC4", BC4S: "BC4S",
	BC5: "BC5", BC5S: "BC5S", BC6H: "BC6H", BC6HS: "BC6HS", BC7: "BC7",
}

// Formats lists every format this package decodes, in constant order.
func Formats() []Format {
	return []Format{BC1, BC1A, BC2, BC3, BC4, BC4S, BC5, BC5S, BC6H, BC6HS, BC7}
}

// String returns the format's name as the constant spells it ("BC1A", "BC6HS"), or "Format(N)".
func (f Format) String() string {
	if int(f) < len(formatNames) && formatNames[f] != "" {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// ParseFormat returns the format whose String is name (case-insensitive).
func ParseFormat(name string) (Format, error) {
	for _, f := range Formats() {
		if strings.EqualFold(name, f.String()) {
			return f, nil
		}
	}
	return 0, fmt.Errorf("bc: unknown format %q", name)
}

// BlockBytes returns the size of one 4x4 block of f in bytes: 8 for BC1, BC1A, BC4 and BC4S, 16 for
// the others, and 0 for an unknown format.
func BlockBytes(f Format) int {
	switch f {
	case BC1, BC1A, BC4, BC4S:
		return 8
	case BC2, BC3, BC5, BC5S, BC6H, BC6HS, BC7:
		return 16
	}
	return 0
}

// Decode decodes one 4x4 block of format f into dst, texel (x, y) at dst[y*4+x] as R, G, B, A.
// UNORM results lie in [0, 1], SNORM results in [-1, 1], BC6H results are the half-precision values
// the block encodes, converted exactly to float32. Channels the format lacks read 0 (G, B) or 1 (A).
// It returns an error, and leaves dst unchanged, for an unknown format or a block whose length is
// not BlockBytes(f). Every bit pattern of the right length decodes; Decode never panics.
func Decode(f Format, block []byte, dst *[16][4]float32) error {
	n := BlockBytes(f)
	if n == 0 {
		return fmt.Errorf("bc: unknown format %v", f)
	}
	if len(block) != n {
		return fmt.Errorf("bc: %v block is %d bytes, want %d", f, len(block), n)
	}
	if dst == nil {
		return fmt.Errorf("bc: nil destination")
	}
	switch f {
	case BC1:
		decodeColour(block, dst, colourOpaque)
	case BC1A:
		decodeColour(block, dst, colourPunchThrough)
	case BC2:
		decodeColour(block[8:], dst, colourFour)
		decodeExplicitAlpha(block[:8], dst)
	case BC3:
		decodeColour(block[8:], dst, colourFour)
		decodeInterpolatedUnsigned(block[:8], dst, 3)
	case BC4:
		decodeInterpolatedUnsigned(block, dst, 0)
		fillMissing(dst, 1)
	case BC4S:
		decodeInterpolatedSigned(block, dst, 0)
		fillMissing(dst, 1)
	case BC5:
		decodeInterpolatedUnsigned(block[:8], dst, 0)
		decodeInterpolatedUnsigned(block[8:], dst, 1)
		fillMissing(dst, 2)
	case BC5S:
		decodeInterpolatedSigned(block[:8], dst, 0)
		decodeInterpolatedSigned(block[8:], dst, 1)
		fillMissing(dst, 2)
	case BC6H:
		decodeBC6H(block, dst, false)
	case BC6HS:
		decodeBC6H(block, dst, true)
	case BC7:
		decodeBC7(block, dst)
	}
	return nil
}

// fillMissing sets the channels from..2 of every texel to 0 and alpha to 1: the values Vulkan
// substitutes for components a format does not have.
func fillMissing(dst *[16][4]float32, from int) {
	for i := range dst {
		for c := from; c < 3; c++ {
			dst[i][c] = 0
		}
		dst[i][3] = 1
	}
}

// bits128 is a 128-bit block read least significant bit first, as BC6H and BC7 define.
type bits128 struct{ lo, hi uint64 }

func load128(b []byte) bits128 {
	var v bits128
	for i := 7; i >= 0; i-- {
		v.lo = v.lo<<8 | uint64(b[i])
		v.hi = v.hi<<8 | uint64(b[i+8])
	}
	return v
}

// get returns n (0..32) bits starting at bit position pos.
func (v bits128) get(pos, n int) uint32 {
	if n == 0 {
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
