package msaa

import (
	"encoding/binary"
	"fmt"
)

// Opcodes of image_msaa_load.
const (
	opcodeGFX1030 = 0x80
	opcodeGFX1100 = 0x18
	mimgEncoding  = 0x3c // bits 31:26 of the first dword
)

// Validate checks in for target t with the rules Parse applies after
// matching (dim, data size, address size, dmask), and the register ranges,
// for instructions built in code rather than parsed.
func (in *Inst) Validate(t Target) error {
	if t > GFX1100 {
		return errf("target", t, "is not a target")
	}
	if !in.HasDim {
		return errf("dim", "(none)", "is required on %s", t)
	}
	if in.Dim > Dim2DMSAAArray || !in.Dim.MSAA() {
		return errf("dim", in.Dim, "is not a multisample dim (SQ_RSRC_IMG_2D_MSAA or SQ_RSRC_IMG_2D_MSAA_ARRAY)")
	}
	if in.VDataRegs < 1 || int(in.VData)+in.VDataRegs-1 > lastVGPR {
		return errf("vdata", vrange(in.VData, in.VDataRegs), "is not a VGPR range within v0–v255")
	}
	if n := in.DataDwords(t); in.VDataRegs != n {
		return errf("vdata", vrange(in.VData, in.VDataRegs), "has %d registers; dmask %s, d16 %v and tfe %v need %d on %s", in.VDataRegs, hexImm(in.DMask), in.D16, in.TFE, n, t)
	}
	if n := in.AddrDwords(); len(in.VAddr) != n {
		return errf("vaddr", len(in.VAddr), "registers given; dim %s with a16 %v needs %d", in.Dim, in.A16, n)
	}
	if !in.NSA && int(in.VAddr[0])+len(in.VAddr)-1 > lastVGPR {
		return errf("vaddr", vrange(in.VAddr[0], len(in.VAddr)), "runs past v255")
	}
	if s := int(in.SRsrc); s%4 != 0 || (s+7 > lastSGPR && s < ttmpBase) || s+7 > ttmpBase+lastTTMP {
		return errf("srsrc", s, "is not the first register of an aligned s[N:N+7] or ttmp[N:N+7]")
	}
	if t == GFX1100 && popcountExact(in.DMask) != 1 {
		return errf("dmask", hexImm(in.DMask), "must have exactly one of its low 4 bits set on %s", t)
	}
	return nil
}

func nsaDwords(addrs int) int { return (addrs - 1 + 3) / 4 }

// Encode returns the machine words of in for target t, little-endian: two
// dwords, and for NSA addresses ⌈(n−1)/4⌉ more holding the second and
// later address registers one per byte.
func (in *Inst) Encode(t Target) ([]byte, error) {
	if err := in.Validate(t); err != nil {
		return nil, err
	}
	var w0, w1 uint32
	b := func(c bool) uint32 {
		if c {
			return 1
		}
		return 0
	}
	extra := 0
	if in.NSA {
		extra = nsaDwords(len(in.VAddr))
	}
	dm := uint32(in.DMask) & 15
	switch t {
	case GFX1030:
		w0 = opcodeGFX1030>>7 | uint32(extra)<<1 | uint32(in.Dim)<<3 | b(in.DLC)<<7 | dm<<8 | b(in.Unorm)<<12 |
			b(in.GLC)<<13 | b(in.R128)<<15 | b(in.TFE)<<16 | b(in.LWE)<<17 | (opcodeGFX1030&0x7f)<<18 |
			b(in.SLC)<<25 | mimgEncoding<<26
		w1 = uint32(in.VAddr[0]) | uint32(in.VData)<<8 | uint32(in.SRsrc>>2)<<16 | b(in.A16)<<30 | b(in.D16)<<31
	case GFX1100:
		w0 = b(in.NSA) | uint32(in.Dim)<<2 | b(in.Unorm)<<7 | dm<<8 | b(in.SLC)<<12 | b(in.DLC)<<13 |
			b(in.GLC)<<14 | b(in.R128)<<15 | b(in.A16)<<16 | b(in.D16)<<17 | opcodeGFX1100<<18 | mimgEncoding<<26
		w1 = uint32(in.VAddr[0]) | uint32(in.VData)<<8 | uint32(in.SRsrc>>2)<<16 | b(in.TFE)<<21 | b(in.LWE)<<22
	}
	out := make([]byte, 8+4*extra)
	binary.LittleEndian.PutUint32(out, w0)
	binary.LittleEndian.PutUint32(out[4:], w1)
	if in.NSA {
		copy(out[8:], in.VAddr[1:])
	}
	return out, nil
}

// DecodeError reports machine words that are not an image_msaa_load the
// model (and LLVM) can decode, at a byte offset.
type DecodeError struct {
	Offset int
	Msg    string
}

// Error returns "byte OFFSET: MESSAGE".
func (e *DecodeError) Error() string { return fmt.Sprintf("byte %d: %s", e.Offset, e.Msg) }

// Decode decodes the instruction at the start of b for target t and
// returns it with its length in bytes. Like LLVM's disassembler it accepts
// any dim and takes the register counts from the fields (dmask, d16, tfe;
// dim, a16), and rejects other opcodes, a non-zero sampler field, NSA
// dword counts that do not match the address, and truncated words.
func Decode(t Target, b []byte) (*Inst, int, error) {
	if t > GFX1100 {
		return nil, 0, errf("target", t, "is not a target")
	}
	if len(b) < 8 {
		return nil, 0, &DecodeError{len(b), fmt.Sprintf("truncated: %d bytes, an instruction needs 8", len(b))}
	}
	w0 := binary.LittleEndian.Uint32(b)
	w1 := binary.LittleEndian.Uint32(b[4:])
	if w0>>26 != mimgEncoding {
		return nil, 0, &DecodeError{3, fmt.Sprintf("encoding bits %#x are not MIMG (%#x)", w0>>26, mimgEncoding)}
	}
	in := &Inst{HasDim: true}
	bit := func(w uint32, i int) bool { return w>>i&1 != 0 }
	extra := 0
	switch t {
	case GFX1030:
		if op := (w0&1)<<7 | w0>>18&0x7f; op != opcodeGFX1030 {
			return nil, 0, &DecodeError{0, fmt.Sprintf("opcode %#x is not image_msaa_load (%#x)", op, opcodeGFX1030)}
		}
		if s := w1 >> 21 & 31; s != 0 {
			return nil, 0, &DecodeError{6, fmt.Sprintf("sampler field %d must be 0: image_msaa_load takes no sampler", s)}
		}
		extra = int(w0 >> 1 & 3)
		in.NSA = extra > 0
		in.Dim = Dim(w0 >> 3 & 7)
		in.DLC, in.Unorm, in.GLC, in.R128 = bit(w0, 7), bit(w0, 12), bit(w0, 13), bit(w0, 15)
		in.TFE, in.LWE, in.SLC = bit(w0, 16), bit(w0, 17), bit(w0, 25)
		in.A16, in.D16 = bit(w1, 30), bit(w1, 31)
	case GFX1100:
		if op := w0 >> 18 & 0xff; op != opcodeGFX1100 {
			return nil, 0, &DecodeError{2, fmt.Sprintf("opcode %#x is not image_msaa_load (%#x)", op, opcodeGFX1100)}
		}
		if s := w1 >> 26 & 31; s != 0 {
			return nil, 0, &DecodeError{7, fmt.Sprintf("sampler field %d must be 0: image_msaa_load takes no sampler", s)}
		}
		in.NSA = bit(w0, 0)
		in.Dim = Dim(w0 >> 2 & 7)
		in.Unorm, in.SLC, in.DLC, in.GLC, in.R128 = bit(w0, 7), bit(w0, 12), bit(w0, 13), bit(w0, 14), bit(w0, 15)
		in.A16, in.D16 = bit(w0, 16), bit(w0, 17)
		in.TFE, in.LWE = bit(w1, 21), bit(w1, 22)
	}
	in.DMask = int64(w0 >> 8 & 15)
	in.VData = uint8(w1 >> 8)
	in.VDataRegs = in.DataDwords(t)
	in.SRsrc = uint8(w1>>16&31) << 2
	addrs := in.AddrDwords()
	// The form LLVM's decoder starts from, and keeps when the real
	// register tuples do not exist: one destination register on gfx1030,
	// four on gfx1100, one address register (four in NSA form).
	baseData := 1
	if t == GFX1100 {
		baseData = 4
	}
	if in.NSA {
		need := nsaDwords(addrs)
		if t == GFX1100 {
			extra = max(need, 1)
		}
		if addrs < 2 && extra == 1 {
			if len(b) < 12 {
				return nil, 0, &DecodeError{len(b), fmt.Sprintf("truncated: %d bytes, the NSA form needs 12", len(b))}
			}
			in.VDataRegs = baseData
			in.VAddr = append([]uint8{uint8(w1)}, b[8:11]...)
			if int(in.VData)+in.VDataRegs-1 > lastVGPR {
				return nil, 0, &DecodeError{5, fmt.Sprintf("vdata v%d with %d registers runs past v255", in.VData, in.VDataRegs)}
			}
			if err := in.checkSRsrc(); err != nil {
				return nil, 0, err
			}
			return in, 12, nil
		}
		if extra != need {
			return nil, 0, &DecodeError{0, fmt.Sprintf("NSA with %d extra dwords, but dim %s with a16 %v has %d addresses (%d extra dwords)", extra, in.Dim, in.A16, addrs, need)}
		}
		if len(b) < 8+4*extra {
			return nil, 0, &DecodeError{len(b), fmt.Sprintf("truncated: %d bytes, the NSA form needs %d", len(b), 8+4*extra)}
		}
		in.VAddr = append([]uint8{uint8(w1)}, b[8:8+addrs-1]...)
	} else {
		for i := 0; i < addrs; i++ {
			in.VAddr = append(in.VAddr, uint8(int(w1&0xff)+i))
		}
	}
	if int(in.VData)+in.VDataRegs-1 > lastVGPR || (!in.NSA && int(w1&0xff)+addrs-1 > lastVGPR) {
		in.VDataRegs = baseData
		if !in.NSA {
			in.VAddr = in.VAddr[:1]
		}
	}
	if int(in.VData)+in.VDataRegs-1 > lastVGPR {
		return nil, 0, &DecodeError{5, fmt.Sprintf("vdata v%d with %d registers runs past v255", in.VData, in.VDataRegs)}
	}
	if err := in.checkSRsrc(); err != nil {
		return nil, 0, err
	}
	return in, 8 + 4*extra, nil
}

func (in *Inst) checkSRsrc() error {
	if s := int(in.SRsrc); (s+7 > lastSGPR && s < ttmpBase) || s+7 > ttmpBase+lastTTMP {
		return &DecodeError{6, fmt.Sprintf("srsrc field %d (register %d) is not s[N:N+7] or ttmp[N:N+7]", s>>2, s)}
	}
	return nil
}
