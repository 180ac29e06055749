package txd

import (
	"encoding/binary"
	"fmt"
)

// The SM 5.x (Maxwell) TXD instruction word. Field positions as published by
// Mesa's nouveau back-end (src/gallium/drivers/nouveau/codegen/
// nv50_ir_emit_gm107.cpp, CodeEmitterGM107::emitTXD: opcode 0xde38/0xde78,
// tsPtrIdx at 0x24, NODEP 0x31, AOFFI 0x23, mask 0x1f, dim 0x1d, array 0x1c,
// Rb 0x14, Ra 0x08, Rd 0x00), and checked bit by bit against NVIDIA's
// nvdisasm 11.8 (-b SM50/SM52), which also shows .LC (bit 50) and Ps (bits
// 51–53); see testdata/nvidia.
//
//	bits  0–7   Rd                 bits 31–34 write mask (R, G, B, A)
//	bits  8–15  Ra                 bit  35    .AOFFI
//	bits 16–18  guard predicate    bits 36–48 tsPtrIdx (ignored with .B)
//	bit  19     guard negated      bit  49    .NODEP
//	bits 20–27  Rb                 bit  50    .LC
//	bit  28     array              bits 51–53 Ps (7 = PT, none)
//	bits 29–30  dimension (0 1D, 1 2D, 2 3D, 3 CUBE)
//	bit  54     .B                 bits 55–63 opcode 0x1bc
const (
	opcodeShift = 55
	opcodeTXD   = 0x1bc
	bitBindless = 54
)

// ignoredBindless are the bits a bindless word does not use: the tsPtrIdx
// field, which nvdisasm also ignores (it prints 0x0).
const ignoredBindless = uint64(MaxTsPtrIdx) << 36

// DecodeError is an error decoding binary code, at a byte offset.
type DecodeError struct {
	Offset int // byte offset of the offending word
	Msg    string
}

// Error returns "byte offset N: message".
func (e *DecodeError) Error() string { return fmt.Sprintf("byte offset %d: %s", e.Offset, e.Msg) }

// Encode returns the 64-bit instruction word of in. The phase and the
// scheduling annotations are not part of the instruction word (Maxwell keeps
// them in the control word: see EncodeControl).
func Encode(in Inst) (uint64, error) {
	if err := in.checkFields(); err != nil {
		return 0, err
	}
	w := uint64(opcodeTXD) << opcodeShift
	w |= uint64(in.Rd) | uint64(in.Ra)<<8 | uint64(in.Guard)<<16 | uint64(in.Rb)<<20
	if in.GuardNot {
		w |= 1 << 19
	}
	w |= uint64(in.Param&1)<<28 | uint64(in.Param>>1)<<29
	w |= uint64(in.WriteMask&0xf) << 31
	if in.Offsets {
		w |= 1 << 35
	}
	if !in.Bindless {
		w |= uint64(in.TsPtrIdx) << 36
	} else {
		w |= 1 << bitBindless
	}
	if in.NoDep {
		w |= 1 << 49
	}
	if in.LodClamp {
		w |= 1 << 50
	}
	w |= uint64(in.Ps) << 51
	return w, nil
}

// checkFields checks the ranges of the fields that Encode packs.
func (in Inst) checkFields() error {
	switch {
	case in.Guard > PT:
		return fmt.Errorf("guard predicate: %d is not P0..P6 or PT", in.Guard)
	case in.Ps > PT:
		return fmt.Errorf("Ps: %d is not P0..P6 or PT", in.Ps)
	case in.TsPtrIdx > MaxTsPtrIdx:
		return fmt.Errorf("#tsPtrIdxU13: %#x is out of range (0..%#x)", in.TsPtrIdx, MaxTsPtrIdx)
	case in.WriteMask > 0xf:
		return fmt.Errorf("#wmskU04: %#x is out of range (0..0xf)", in.WriteMask)
	case in.Param > ParamArrayCube:
		return fmt.Errorf("#paramA: %d is not a coordinate description", in.Param)
	case in.Phase > PhaseInvalid3:
		return fmt.Errorf("phase: %d is not none, .T, .P or .INVALIDPHASE3", in.Phase)
	}
	return nil
}

// Decode decodes a 64-bit TXD instruction word. The phase and scheduling
// annotations come from the control word (DecodeControl). In a bindless
// word the tsPtrIdx bits are ignored, as the hardware and nvdisasm ignore
// them. The reserved 3D/CUBE descriptions decode, as nvdisasm prints them
// (Machine.Exec refuses them); words of other instructions are errors. The
// word is read as sm_52 and later do: see DecodeArch.
func Decode(w uint64) (Inst, error) {
	if op := w >> opcodeShift; op != opcodeTXD {
		return Inst{}, fmt.Errorf("word %#016x: opcode bits 55-63 are %#x, not TXD (%#x)", w, op, opcodeTXD)
	}
	in := Inst{
		Rd:        Reg(w),
		Ra:        Reg(w >> 8),
		Guard:     Pred(w>>16) & 7,
		GuardNot:  w>>19&1 != 0,
		Rb:        Reg(w >> 20),
		Param:     Param(w>>28&1 | (w>>29&3)<<1),
		WriteMask: uint8(w>>31) & 0xf,
		Offsets:   w>>35&1 != 0,
		NoDep:     w>>49&1 != 0,
		LodClamp:  w>>50&1 != 0,
		Ps:        Pred(w>>51) & 7,
		Bindless:  w>>bitBindless&1 != 0,
	}
	if !in.Bindless {
		in.TsPtrIdx = uint16(w>>36) & MaxTsPtrIdx
	}
	return in, nil
}

// DecodeArch decodes a word as architecture a reads it: Decode, then
// Inst.CheckArch (sm_50 refuses .LC and a sparse predicate).
func DecodeArch(w uint64, a Arch) (Inst, error) {
	in, err := Decode(w)
	if err != nil {
		return in, err
	}
	if err := in.CheckArch(a); err != nil {
		return Inst{}, fmt.Errorf("word %#016x: %w", w, err)
	}
	return in, nil
}

// Control is one instruction's 21-bit slot of a Maxwell control word (three
// slots per 64-bit control word, slot i at bits 21i..21i+20):
//
//	bits 0–3 stall cycles, bit 4 yield, bits 5–7 write barrier (7 none),
//	bits 8–10 read barrier (7 none), bits 11–16 wait mask, bits 17–20 reuse
//
// For texture instructions nvdisasm reads the low two reuse bits as the
// phase (1 .T, 2 .P, 3 .INVALIDPHASE3), which this package follows.
type Control struct {
	Stall uint8 // 0..15
	Yield bool
	Wr    Barrier
	Rd    Barrier
	Wait  uint8 // 6-bit mask of the barriers waited on
	Reuse uint8 // 4 bits; the phase in bits 0–1
}

// Slot returns the 21-bit encoding.
func (c Control) Slot() uint32 {
	bar := func(b Barrier) uint32 {
		if n, ok := b.Index(); ok {
			return uint32(n)
		}
		return 7
	}
	s := uint32(c.Stall&0xf) | bar(c.Wr)<<5 | bar(c.Rd)<<8 | uint32(c.Wait&0x3f)<<11 | uint32(c.Reuse&0xf)<<17
	if c.Yield {
		s |= 1 << 4
	}
	return s
}

// ControlFromSlot decodes a 21-bit slot. Barrier numbers 6 are reported as
// errors (only SB0..SB5 exist; 7 means none).
func ControlFromSlot(s uint32) (Control, error) {
	bar := func(v uint32, name string) (Barrier, error) {
		switch {
		case v == 7:
			return NoBarrier, nil
		case v > 5:
			return 0, fmt.Errorf("control slot %#06x: %s barrier %d does not exist (SB0..SB5, 7 none)", s, name, v)
		}
		return SB(int(v)), nil
	}
	wr, err := bar(s>>5&7, "write")
	if err != nil {
		return Control{}, err
	}
	rd, err := bar(s>>8&7, "read")
	if err != nil {
		return Control{}, err
	}
	return Control{Stall: uint8(s & 0xf), Yield: s>>4&1 != 0, Wr: wr, Rd: rd,
		Wait: uint8(s>>11) & 0x3f, Reuse: uint8(s>>17) & 0xf}, nil
}

// defaultStall is the stall count asm gives every instruction: the
// instruction word and the annotations do not say, and one cycle is what
// ptxas gives back-to-back texture instructions.
const defaultStall = 1

// EncodeControl returns the control slot that carries in's phase and its
// &req, &rd and &wr annotations (the ?hint is not encoded; the stall is
// defaultStall with yield set).
func EncodeControl(in Inst) Control {
	return Control{Stall: defaultStall, Yield: true, Wr: in.Sched.Wr, Rd: in.Sched.Rd,
		Wait: in.Sched.Req, Reuse: uint8(in.Phase)}
}

// ApplyControl sets in's phase and annotations from a control slot. Phase
// value 3 becomes PhaseInvalid3 (nvdisasm's .INVALIDPHASE3).
func ApplyControl(in *Inst, c Control) error {
	in.Phase = Phase(c.Reuse & 3)
	in.Sched.Req, in.Sched.Rd, in.Sched.Wr = c.Wait, c.Rd, c.Wr
	return nil
}

// NOP is the instruction word ptxas pads code with; EncodeProgram fills
// unused slots of the last group with it and DecodeProgram skips it.
const NOP uint64 = 0x50b0000000070f00

// nopSlot is the control slot of a padding NOP (no barriers, no stall).
const nopSlot = 0x7e0

// EncodeProgram encodes a TXD program in the Maxwell code layout that
// nvdisasm -b SM52 reads: groups of 32 bytes, each a control word followed by
// three instruction words, all little-endian.
func EncodeProgram(prog []Inst) ([]byte, error) {
	var out []byte
	for g := 0; g < len(prog); g += 3 {
		var words [3]uint64
		var ctrl uint64
		for i := 0; i < 3; i++ {
			slot := uint32(nopSlot)
			words[i] = NOP
			if g+i < len(prog) {
				w, err := Encode(prog[g+i])
				if err != nil {
					return nil, fmt.Errorf("instruction %d: %w", g+i+1, err)
				}
				words[i] = w
				slot = EncodeControl(prog[g+i]).Slot()
			}
			ctrl |= uint64(slot) << (21 * i)
		}
		out = binary.LittleEndian.AppendUint64(out, ctrl)
		for _, w := range words {
			out = binary.LittleEndian.AppendUint64(out, w)
		}
	}
	return out, nil
}

// DecodeProgram decodes code in the Maxwell layout (see EncodeProgram):
// every instruction word must be TXD or NOP; NOPs are skipped. Errors name
// the byte offset of the word. Words are read as sm_52 reads them: see
// DecodeProgramArch.
func DecodeProgram(code []byte) ([]Inst, error) { return DecodeProgramArch(code, DefaultArch) }

// DecodeProgramArch is DecodeProgram for architecture a: a word that a
// lacks a feature of (Inst.CheckArch) is an error at its byte offset, as
// nvdisasm -b SM50 stops at such a word.
func DecodeProgramArch(code []byte, a Arch) ([]Inst, error) {
	if len(code)%32 != 0 {
		return nil, &DecodeError{Offset: len(code) - len(code)%32,
			Msg: fmt.Sprintf("code is %d bytes, not a whole number of 32-byte groups (control word + 3 instructions)", len(code))}
	}
	var prog []Inst
	for g := 0; g < len(code); g += 32 {
		ctrl := binary.LittleEndian.Uint64(code[g:])
		if ctrl>>63 != 0 {
			return nil, &DecodeError{Offset: g, Msg: fmt.Sprintf("control word %#016x: bit 63 is set", ctrl)}
		}
		for i := 0; i < 3; i++ {
			off := g + 8 + 8*i
			w := binary.LittleEndian.Uint64(code[off:])
			if w == NOP {
				continue
			}
			in, err := DecodeArch(w, a)
			if err != nil {
				return nil, &DecodeError{Offset: off, Msg: err.Error()}
			}
			c, err := ControlFromSlot(uint32(ctrl>>(21*i)) & (1<<21 - 1))
			if err == nil {
				err = ApplyControl(&in, c)
			}
			if err != nil {
				return nil, &DecodeError{Offset: g, Msg: fmt.Sprintf("control word %#016x, slot %d: %v", ctrl, i, err)}
			}
			prog = append(prog, in)
		}
	}
	return prog, nil
}
