package visa

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
)

// Regs is the register model of one thread: the bytes of every general
// variable, the bits of every predicate variable and the dispatch mask.
// A variable declared with alias=<parent, offset> shares the parent's bytes
// from that offset; every other variable has its own storage, which starts on
// a GRF boundary.
type Regs struct {
	Vars  [][]byte // Vars[i] has Kernel.Vars[i].Bytes() bytes, little-endian
	Preds []uint32 // Preds[i]: bit c is channel c of predicate i
	// Dispatch is the thread's dispatch mask: bit c enables channel c for
	// instructions without _NM.
	Dispatch uint32
	// Written marks the general variables an instruction wrote.
	Written []bool
	// NullMasks lists where pixel null masks were written: the variable
	// and the byte offset of the mask's dword in it, in the order written.
	NullMasks []NullMaskAt
}

// NullMaskAt is the place of a pixel null mask: its dword (bit l set when
// lane l's texels were all resident or the lane did not run) at byte
// Offset of variable Var.
type NullMaskAt struct{ Var, Offset int }

// NewRegs returns zeroed registers for k, with every channel dispatched.
func NewRegs(k *Kernel) *Regs {
	r := &Regs{Vars: make([][]byte, len(k.Vars)), Preds: make([]uint32, len(k.Preds)),
		Dispatch: 0xffffffff, Written: make([]bool, len(k.Vars))}
	for i := range k.Vars {
		d := &k.Vars[i]
		if p := k.VarIndex(d.Alias); d.Alias != "" && p >= 0 && p < i && d.AliasOffset+d.Bytes() <= len(r.Vars[p]) {
			r.Vars[i] = r.Vars[p][d.AliasOffset : d.AliasOffset+d.Bytes() : d.AliasOffset+d.Bytes()]
			continue
		}
		r.Vars[i] = make([]byte, d.Bytes())
	}
	return r
}

// element reads element i of type t at byte offset off of variable v as a
// 32-bit pattern: floats as float32 bits (HF widened exactly), integers
// sign- or zero-extended.
func element(b []byte, off int, t Type) uint32 {
	switch t.Size() {
	case 1:
		if t == TypeB {
			return uint32(int32(int8(b[off])))
		}
		return uint32(b[off])
	case 2:
		v := binary.LittleEndian.Uint16(b[off:])
		switch t {
		case TypeHF:
			return math.Float32bits(format.HalfToFloat32(v))
		case TypeW:
			return uint32(int32(int16(v)))
		}
		return uint32(v)
	}
	return binary.LittleEndian.Uint32(b[off:])
}

// SetFloat32 stores f as element i of general variable v, converted to the
// variable's type (HF rounds to nearest even; integer types truncate toward
// zero and saturate).
func (r *Regs) SetFloat32(k *Kernel, v, i int, f float32) error {
	d := &k.Vars[v]
	if i < 0 || i >= d.Elems {
		return fmt.Errorf("%s[%d]: index out of range (0..%d)", d.Name, i, d.Elems-1)
	}
	off := i * d.Type.Size()
	b := r.Vars[v]
	switch d.Type {
	case TypeF:
		binary.LittleEndian.PutUint32(b[off:], math.Float32bits(f))
	case TypeHF:
		binary.LittleEndian.PutUint16(b[off:], format.Float64ToHalf(float64(f)))
	case TypeDF:
		binary.LittleEndian.PutUint64(b[off:], math.Float64bits(float64(f)))
	default:
		return r.SetInt(k, v, i, satInt(float64(f)))
	}
	return nil
}

func satInt(f float64) int64 {
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

// SetInt stores x as element i of general variable v: integer types keep the
// low bits of x (two's complement), float types get the nearest value.
func (r *Regs) SetInt(k *Kernel, v, i int, x int64) error {
	d := &k.Vars[v]
	if i < 0 || i >= d.Elems {
		return fmt.Errorf("%s[%d]: index out of range (0..%d)", d.Name, i, d.Elems-1)
	}
	off := i * d.Type.Size()
	b := r.Vars[v]
	switch d.Type {
	case TypeF, TypeHF, TypeDF:
		return r.SetFloat32(k, v, i, float32(x))
	}
	switch d.Type.Size() {
	case 1:
		b[off] = byte(x)
	case 2:
		binary.LittleEndian.PutUint16(b[off:], uint16(x))
	case 4:
		binary.LittleEndian.PutUint32(b[off:], uint32(x))
	default:
		binary.LittleEndian.PutUint64(b[off:], uint64(x))
	}
	return nil
}

// SetBits stores the raw bit pattern x (of the type's width) as element i of
// general variable v.
func (r *Regs) SetBits(k *Kernel, v, i int, x uint64) error {
	d := &k.Vars[v]
	if i < 0 || i >= d.Elems {
		return fmt.Errorf("%s[%d]: index out of range (0..%d)", d.Name, i, d.Elems-1)
	}
	off := i * d.Type.Size()
	b := r.Vars[v]
	switch d.Type.Size() {
	case 1:
		b[off] = byte(x)
	case 2:
		binary.LittleEndian.PutUint16(b[off:], uint16(x))
	case 4:
		binary.LittleEndian.PutUint32(b[off:], uint32(x))
	default:
		binary.LittleEndian.PutUint64(b[off:], x)
	}
	return nil
}

// Bits returns element i of general variable v as its raw bit pattern.
func (r *Regs) Bits(k *Kernel, v, i int) uint64 {
	d := &k.Vars[v]
	off := i * d.Type.Size()
	b := r.Vars[v]
	switch d.Type.Size() {
	case 1:
		return uint64(b[off])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b[off:]))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b[off:]))
	}
	return binary.LittleEndian.Uint64(b[off:])
}
