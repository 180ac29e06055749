package etc

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Format names one ETC2 or EAC block-compressed format.
type Format uint8

// The ETC2 and EAC formats. The sRGB variants of the three ETC2 formats share the constant of their
// UNORM twin: Decode returns the encoded value and the caller applies the sRGB transfer function.
const (
	// ETC2RGB8 is ETC2 RGB (a superset of ETC1): 8-byte blocks, alpha 1.
	ETC2RGB8 Format = iota + 1
	// ETC2RGB8A1 is ETC2 RGB with punch-through (1-bit) alpha: 8-byte blocks.
	ETC2RGB8A1
	// ETC2RGBA8 is ETC2 RGB with an EAC alpha block in front: 16-byte blocks.
	ETC2RGBA8
	// EACR11 is EAC R11 unsigned: 8-byte blocks, 11-bit UNORM red; G=B=0, A=1.
	EACR11
	// EACR11S is EAC R11 signed: 11-bit SNORM red.
	EACR11S
	// EACRG11 is EAC RG11 unsigned: two R11 blocks (R then G), 16 bytes; B=0, A=1.
	EACRG11
	// EACRG11S is EAC RG11 signed.
	EACRG11S
)

var formatNames = [...]string{
	ETC2RGB8: "ETC2RGB8", ETC2RGB8A1: "ETC2RGB8A1", ETC2RGBA8: "ETC2RGBA8",
	EACR11: "EACR11", EACR11S: "EACR11S", EACRG11: "EACRG11", EACRG11S: "EACRG11S",
}

// Formats lists every format this package decodes, in constant order.
func Formats() []Format {
	return []Format{ETC2RGB8, ETC2RGB8A1, ETC2RGBA8, EACR11, EACR11S, EACRG11, EACRG11S}
}

// String returns the format's name as the constant spells it, or "Format(N)".
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
	return 0, fmt.Errorf("etc: unknown format %q", name)
}

// BlockBytes returns the size of one 4x4 block of f in bytes (8 or 16), or 0 for an unknown format.
func BlockBytes(f Format) int {
	switch f {
	case ETC2RGB8, ETC2RGB8A1, EACR11, EACR11S:
		return 8
	case ETC2RGBA8, EACRG11, EACRG11S:
		return 16
	}
	return 0
}

// Decode decodes one 4x4 block of format f into dst, texel (x, y) at dst[y*4+x] as R, G, B, A.
// ETC2 colour and alpha are 8-bit values divided by 255; EAC R11/RG11 are the 11-bit values divided
// by 2047 (unsigned, [0, 1]) or 1023 (signed, [-1, 1]). Missing channels read 0 (G, B) or 1 (A).
// It returns an error, leaving dst unchanged, for an unknown format or a block whose length is not
// BlockBytes(f). Every bit pattern of the right length decodes; Decode never panics.
func Decode(f Format, block []byte, dst *[16][4]float32) error {
	n := BlockBytes(f)
	if n == 0 {
		return fmt.Errorf("etc: unknown format %v", f)
	}
	if len(block) != n {
		return fmt.Errorf("etc: %v block is %d bytes, want %d", f, len(block), n)
	}
	if dst == nil {
		return fmt.Errorf("etc: nil destination")
	}
	switch f {
	case ETC2RGB8:
		decodeETC2(binary.BigEndian.Uint64(block), dst, false)
	case ETC2RGB8A1:
		decodeETC2(binary.BigEndian.Uint64(block), dst, true)
	case ETC2RGBA8:
		decodeETC2(binary.BigEndian.Uint64(block[8:]), dst, false)
		decodeEACAlpha(binary.BigEndian.Uint64(block), dst)
	case EACR11:
		decodeEAC11(binary.BigEndian.Uint64(block), dst, 0, false)
		fillMissing(dst, 1)
	case EACR11S:
		decodeEAC11(binary.BigEndian.Uint64(block), dst, 0, true)
		fillMissing(dst, 1)
	case EACRG11:
		decodeEAC11(binary.BigEndian.Uint64(block), dst, 0, false)
		decodeEAC11(binary.BigEndian.Uint64(block[8:]), dst, 1, false)
		fillMissing(dst, 2)
	case EACRG11S:
		decodeEAC11(binary.BigEndian.Uint64(block), dst, 0, true)
		decodeEAC11(binary.BigEndian.Uint64(block[8:]), dst, 1, true)
		fillMissing(dst, 2)
	}
	return nil
}

// fillMissing sets channels from..2 of every texel to 0 and alpha to 1.
func fillMissing(dst *[16][4]float32, from int) {
	for i := range dst {
		for c := from; c < 3; c++ {
			dst[i][c] = 0
		}
		dst[i][3] = 1
	}
}

// texel maps the ETC pixel number p (column-major: p = x*4 + y, as the index bits are ordered) to
// the row-major destination index.
func texel(p int) int { return p%4*4 + p/4 }
