package txd

import (
	"errors"
	"fmt"
	"math/bits"
)

// Layout says where each parameter of an instruction lives, as offsets from
// Ra and Rb (−1: absent). Absent parameters compact the rest upwards, per
// the specification's "Texture parameter packing in Ra and Rb" table.
type Layout struct {
	Handle, S, T, Packed   int // offsets from Ra
	DSDX, DSDY, DTDX, DTDY int // offsets from Rb
	NA, NB                 int // scalar counts of Ra and Rb
	ND                     int // components written from Rd
}

// HasPacked reports whether the packed {LodClamp|toff|array} word is
// present: with .LC, .AOFFI or an array specifier.
func (in Inst) HasPacked() bool { return in.LodClamp || in.Offsets || in.Param.IsArray() }

// Layout returns the parameter layout of in.
func (in Inst) Layout() Layout {
	l := Layout{Handle: -1, S: -1, T: -1, Packed: -1, DSDX: -1, DSDY: -1, DTDX: -1, DTDY: -1}
	n := 0
	if in.Bindless {
		l.Handle, n = n, n+1
	}
	l.S, n = n, n+1
	if in.Param.Dims() >= 2 {
		l.T, n = n, n+1
	}
	if in.HasPacked() {
		l.Packed, n = n, n+1
	}
	l.NA = n
	l.DSDX, l.DSDY = 0, 1
	l.NB = 2
	if in.Param.Dims() >= 2 {
		l.DTDX, l.DTDY = 2, 3
		l.NB = 4
	}
	l.ND = bits.OnesCount8(in.WriteMask & 0xf)
	return l
}

// alignment is the register alignment of a vector of n scalars: 1, 2, or 4
// for 3 and 4 scalars.
func alignment(n int) int {
	switch {
	case n <= 1:
		return 1
	case n == 2:
		return 2
	}
	return 4
}

// ErrRegisterRule is wrapped by every violation of the register rules.
var ErrRegisterRule = errors.New("register rule")

// Check applies the specification's register rules and returns every
// violation, each wrapping ErrRegisterRule:
//
//  1. Rd is aligned to the number of components written (1, 2, or 4 for 3
//     and 4), unless it is RZ (every write discarded);
//  2. Ra and Rb are aligned to 1, 2 or 4 registers for scalar counts 1, 2
//     and 3–4;
//  3. Rb is RZ when it carries no parameters (never the case for TXD, whose
//     Rb always carries at least dsdx and dsdy);
//  4. Ra and Rb are not RZ when they carry parameters.
//
// It also checks that each vector fits below RZ (R255) and the field ranges
// (a reserved #paramA is not: it encodes; Runnable refuses it).
func (in Inst) Check() error {
	if err := in.checkFields(); err != nil {
		return err
	}
	l := in.Layout()
	var errs []error
	vec := func(name string, r Reg, n int, what string) {
		if n == 0 {
			return
		}
		if r == RZ {
			errs = append(errs, fmt.Errorf("%w: %s is RZ but must carry %d parameter(s) (%s)", ErrRegisterRule, name, n, what))
			return
		}
		if a := alignment(n); int(r)%a != 0 {
			errs = append(errs, fmt.Errorf("%w: %s %s is not aligned to %d registers (it carries %d: %s)", ErrRegisterRule, name, r, a, n, what))
		}
		if int(r)+n-1 > NumRegs-1 {
			errs = append(errs, fmt.Errorf("%w: %s %s: its %d registers run past R254 into RZ", ErrRegisterRule, name, r, n))
		}
	}
	vec("Ra", in.Ra, l.NA, in.raNames())
	vec("Rb", in.Rb, l.NB, in.rbNames())
	if in.Rd != RZ && l.ND > 0 {
		if a := alignment(l.ND); int(in.Rd)%a != 0 {
			errs = append(errs, fmt.Errorf("%w: Rd %s is not aligned to %d registers (write mask %#x writes %d)", ErrRegisterRule, in.Rd, a, in.WriteMask, l.ND))
		}
		if int(in.Rd)+l.ND-1 > NumRegs-1 {
			errs = append(errs, fmt.Errorf("%w: Rd %s: its %d registers run past R254 into RZ", ErrRegisterRule, in.Rd, l.ND))
		}
	}
	return errors.Join(errs...)
}

func (in Inst) raNames() string {
	s := ""
	if in.Bindless {
		s = "handle, "
	}
	s += "s"
	if in.Param.Dims() >= 2 {
		s += ", t"
	}
	if in.HasPacked() {
		s += ", packed word"
	}
	return s
}

func (in Inst) rbNames() string {
	if in.Param.Dims() >= 2 {
		return "dsdx, dsdy, dtdx, dtdy"
	}
	return "dsdx, dsdy"
}

// Packed is the decoded packed parameter word Ra+3 (after compaction, the
// last Ra register).
type Packed struct {
	LodClamp float32  // the u4.8 clamp as a number 0..15.996 (0 without .LC)
	Offset   [3]int32 // u, v, w texel offsets, each −8..7 (w only without .LC)
	Array    uint32   // the array index: 12 bits with .LC, 16 without
}

// UnpackWord splits a packed word: with .LC {LodClamp[31:20] | toff[19:12] |
// array[11:0]}, without {toff[27:16] | array[15:0]}; toff holds 4-bit two's
// complement offsets u in bits 3:0, v in 7:4 and (12-bit form only) w in
// 11:8.
func UnpackWord(w uint32, lodClamp bool) Packed {
	sext4 := func(v uint32) int32 { return int32(v<<28) >> 28 }
	var p Packed
	var toff uint32
	if lodClamp {
		p.LodClamp = float32(w>>20) / 256
		toff = w >> 12 & 0xff
		p.Array = w & 0xfff
	} else {
		toff = w >> 16 & 0xfff
		p.Array = w & 0xffff
		p.Offset[2] = sext4(toff >> 8)
	}
	p.Offset[0] = sext4(toff)
	p.Offset[1] = sext4(toff >> 4)
	return p
}

// PackWord is UnpackWord's inverse: it builds the packed word from a LOD
// clamp in u4.8 units (0..0xfff), offsets −8..7 and an array index.
func PackWord(lodClampU48 uint32, off [3]int32, array uint32, lodClamp bool) uint32 {
	u, v, w := uint32(off[0])&0xf, uint32(off[1])&0xf, uint32(off[2])&0xf
	if lodClamp {
		return (lodClampU48&0xfff)<<20 | (v<<4|u)<<12 | array&0xfff
	}
	return (w<<8|v<<4|u)<<16 | array&0xffff
}

// Handle is a texture handle: samplerPtr[31:20] | headerPtr[19:0].
type Handle uint32

// Header returns the texture header index.
func (h Handle) Header() uint32 { return uint32(h) & 0xfffff }

// Sampler returns the sampler index.
func (h Handle) Sampler() uint32 { return uint32(h) >> 20 }

// MakeHandle packs a header and a sampler index.
func MakeHandle(header, sampler uint32) Handle { return Handle(sampler<<20 | header&0xfffff) }
