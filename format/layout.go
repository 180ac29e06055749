package format

import (
	"fmt"
	"strconv"
	"strings"
)

// Channels of a component: where its value goes in the RGBA result.
const (
	chR        = iota // red: lane 0
	chG               // green: lane 1
	chB               // blue: lane 2
	chA               // alpha: lane 3
	chDepth           // depth: lane 0
	chStencil         // stencil: lane 0
	chUnused          // x: bits that are not read
	chExponent        // e: the shared exponent of e5b9g9r9
)

// component is one field of a texel.
type component struct {
	ch   int     // chR … chExponent
	bits int     // width in bits
	pos  int     // packed formats: bit position of the least significant bit in the word; others: byte offset
	num  Numeric // numeric type
}

// layout is the memory layout of one uncompressed texel.
type layout struct {
	pack  int         // bits of the packed word (8, 16, 32), or 0 for byte-addressed components
	comps []component // in name order
	// words16: each colour component has a little-endian 16-bit word of
	// its own, at byte offset pos, holding its bits in the word's most
	// significant bits and zero padding below (the _2pack16 and _3pack16
	// formats of Vulkan's YCbCr extension: r10x6g10x6_unorm_2pack16).
	words16 bool
}

var layouts [numFormats]layout

// lane returns the RGBA lane a channel's value goes to.
func lane(ch int) int {
	switch ch {
	case chDepth, chStencil:
		return 0
	}
	return ch
}

// parseName derives a format's description from its Vulkan name, following
// the naming rules of Vulkan's "Format Definition": the first part lists the
// components with their widths (in memory byte order for unpacked formats,
// from the most significant bit for _packN formats), then the numeric type,
// then the _packN or _block suffix.
func parseName(name string) (Info, layout, error) {
	in := Info{Name: name, BlockWidth: 1, BlockHeight: 1, BlockDepth: 1}
	var lay layout
	if c, ok := compressedShape(name); ok {
		in.Compressed = true
		in.BlockWidth, in.BlockHeight, in.BlockDepth, in.Bytes = c.w, c.h, c.d, c.bytes
		in.Components, in.Numeric = c.comps, c.num
		in.ElementBytes = 1
		in.Class = ClassFloat
		return in, lay, nil
	}
	if strings.Contains(name, "plane_") {
		return parsePlanar(name)
	}
	if strings.Contains(name, "_422_") {
		return parsePacked422(name)
	}
	parts := strings.Split(name, "_")
	if len(parts) == 3 && len(parts[2]) > 1 && parts[2][0] >= '2' && parts[2][0] <= '4' && parts[2][1:] == "pack16" {
		return parseWords16(name, parts)
	}
	switch name {
	case "d16_unorm_s8_uint":
		lay.comps = []component{{chDepth, 16, 0, NumericUnorm}, {chStencil, 8, 2, NumericUint}}
		in.Bytes = 3
	case "x8_d24_unorm_pack32":
		lay.pack = 32
		lay.comps = []component{{chUnused, 8, 24, NumericUnorm}, {chDepth, 24, 0, NumericUnorm}}
		in.Bytes = 4
	case "d24_unorm_s8_uint":
		lay.pack = 32
		lay.comps = []component{{chStencil, 8, 24, NumericUint}, {chDepth, 24, 0, NumericUnorm}}
		in.Bytes = 4
	case "d32_sfloat_s8_uint":
		lay.comps = []component{{chDepth, 32, 0, NumericSfloat}, {chStencil, 8, 4, NumericUint}}
		in.Bytes = 8
	default:
		if len(parts) < 2 || len(parts) > 3 {
			return in, lay, fmt.Errorf("format name %q: want COMPONENTS_NUMERIC[_packN]", name)
		}
		num, err := parseNumeric(parts[1])
		if err != nil {
			return in, lay, fmt.Errorf("format name %q: %w", name, err)
		}
		if len(parts) == 3 {
			if !strings.HasPrefix(parts[2], "pack") {
				return in, lay, fmt.Errorf("format name %q: suffix %q is not packN", name, parts[2])
			}
			if lay.pack, err = strconv.Atoi(parts[2][4:]); err != nil {
				return in, lay, fmt.Errorf("format name %q: %w", name, err)
			}
		}
		comps := parts[0]
		for comps != "" {
			c := component{num: num}
			switch comps[0] {
			case 'r':
				c.ch = chR
			case 'g':
				c.ch = chG
			case 'b':
				c.ch = chB
			case 'a':
				c.ch = chA
			case 'd':
				c.ch = chDepth
			case 's':
				c.ch = chStencil
			case 'x':
				c.ch = chUnused
			case 'e':
				c.ch = chExponent
			default:
				return in, lay, fmt.Errorf("format name %q: unknown component %q", name, comps[:1])
			}
			n := 1
			for n < len(comps) && comps[n] >= '0' && comps[n] <= '9' {
				n++
			}
			if c.bits, err = strconv.Atoi(comps[1:n]); err != nil {
				return in, lay, fmt.Errorf("format name %q: %w", name, err)
			}
			comps = comps[n:]
			lay.comps = append(lay.comps, c)
		}
		total := 0
		for _, c := range lay.comps {
			total += c.bits
		}
		if lay.pack != 0 {
			if total != lay.pack {
				return in, lay, fmt.Errorf("format name %q: components have %d bits, pack has %d", name, total, lay.pack)
			}
			pos := lay.pack
			for i := range lay.comps {
				pos -= lay.comps[i].bits
				lay.comps[i].pos = pos
			}
		} else {
			off := 0
			for i := range lay.comps {
				if lay.comps[i].bits%8 != 0 || lay.comps[i].bits != lay.comps[0].bits {
					return in, lay, fmt.Errorf("format name %q: unpacked components must be whole equal bytes", name)
				}
				lay.comps[i].pos = off
				off += lay.comps[i].bits / 8
			}
		}
		in.Bytes = total / 8
	}
	in.Packed = lay.pack
	for _, c := range lay.comps {
		switch c.ch {
		case chDepth:
			in.Depth = true
		case chStencil:
			in.Stencil = true
		case chUnused, chExponent:
			continue
		default:
			in.Bits[c.ch] = c.bits
		}
		in.Components++
	}
	// Numeric and class: the first colour or depth component's.
	in.Numeric = lay.comps[0].num
	for _, c := range lay.comps {
		if c.ch != chUnused && c.ch != chStencil && c.ch != chExponent {
			in.Numeric = c.num
			break
		}
	}
	switch in.Numeric {
	case NumericUint:
		in.Class = ClassUint
	case NumericSint:
		in.Class = ClassSint
	}
	switch {
	case lay.pack != 0 || in.Depth || in.Stencil:
		in.ElementBytes = in.Bytes
	default:
		in.ElementBytes = lay.comps[0].bits / 8
	}
	in.BGRA = lay.pack == 0 && len(lay.comps) >= 3 && lay.comps[0].ch == chB
	return in, lay, nil
}

func parseNumeric(s string) (Numeric, error) {
	for i, n := range numericNames {
		if n == s {
			return Numeric(i), nil
		}
	}
	return 0, fmt.Errorf("unknown numeric type %q", s)
}

func init() {
	for f := Undefined + 1; f < numFormats; f++ {
		in, lay, err := parseName(formatNames[f])
		if err != nil {
			panic(err) // the generated name list is wrong: caught by every test
		}
		if in.ChromaDivisor == [2]int{} {
			in.ChromaDivisor = [2]int{1, 1}
		}
		infos[f] = in
		layouts[f] = lay
	}
	resolvePlanes()
	infos[Undefined] = Info{Name: "undefined"}
	initDecoders()
	initBorders()
}
