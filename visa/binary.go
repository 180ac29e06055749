package visa

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// The bytecode layout follows IGC 1.0.12504's reader (visa/ByteCodeReaderNG.cpp
// and processCommonISAHeader in visa/Common_ISA.cpp): a header naming the
// kernels, then per kernel a string pool, the variable tables, the kernel
// attributes and the instructions. Only what this package models is
// written: one kernel; no functions, address variables, labels or
// relocations; inputs only of general variables. All integers are
// little-endian.

var magic = [4]byte{'C', 'I', 'S', 'A'}

type writer struct{ b []byte }

func (w *writer) u8(v uint8)   { w.b = append(w.b, v) }
func (w *writer) u16(v uint16) { w.b = binary.LittleEndian.AppendUint16(w.b, v) }
func (w *writer) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(w.b, v) }

func execCode(n int) uint8 { return uint8(bits.TrailingZeros(uint(n))) }

// Encode returns the kernel as vISA bytecode of its Version. The kernel is
// validated first. Samplers and surfaces are stored under their VName when
// they have one (IGC keeps the source name there and prints S<i>/T<i>).
func (k *Kernel) Encode() ([]byte, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	v := k.Version
	// String pool: the kernel name, then every variable's name, then
	// "Target".
	var pool []string
	index := map[string]uint32{}
	str := func(s string) uint32 {
		if i, ok := index[s]; ok {
			return i
		}
		index[s] = uint32(len(pool))
		pool = append(pool, s)
		return index[s]
	}
	str(k.Name)
	stateStr := func(d *Decl) string {
		if d.VName != "" {
			return d.VName
		}
		return d.Name
	}
	for i := range k.Vars {
		str(k.Vars[i].Name)
	}
	for i := range k.Preds {
		str(k.Preds[i].Name)
	}
	for i := range k.Samplers {
		str(stateStr(&k.Samplers[i]))
	}
	for i := range k.Surfaces {
		str(stateStr(&k.Surfaces[i]))
	}
	target := str("Target")

	var code writer
	for i := range k.Insts {
		if err := k.encodeInst(&code, &k.Insts[i]); err != nil {
			return nil, err
		}
	}

	var body writer
	body.u32(uint32(len(pool)))
	for _, s := range pool {
		body.b = append(body.b, s...)
		body.u8(0)
	}
	body.u32(index[k.Name])
	body.u32(uint32(len(k.Vars)))
	for i := range k.Vars {
		d := &k.Vars[i]
		body.u32(index[d.Name])
		body.u8(uint8(d.Type) | uint8(d.Align)<<4)
		body.u16(uint16(d.Elems))
		if d.Alias != "" {
			body.u32(uint32(firstGeneralID + k.VarIndex(d.Alias)))
		} else {
			body.u32(0)
		}
		body.u16(uint16(d.AliasOffset))
		body.u8(0) // alias scope
		body.u8(0) // attributes
	}
	body.u16(0) // address variables
	body.u16(uint16(len(k.Preds)))
	for i := range k.Preds {
		body.u32(index[k.Preds[i].Name])
		body.u16(uint16(k.Preds[i].Elems))
		body.u8(0)
	}
	body.u16(0) // labels
	body.u8(uint8(len(k.Samplers)))
	for i := range k.Samplers {
		body.u32(index[stateStr(&k.Samplers[i])])
		body.u16(1)
		body.u8(0)
	}
	body.u8(uint8(len(k.Surfaces)))
	for i := range k.Surfaces {
		body.u32(index[stateStr(&k.Surfaces[i])])
		body.u16(1)
		body.u8(0)
	}
	body.u8(0) // VME variables
	inputAt := len(body.b)
	body.u32(uint32(len(k.Inputs))) // 4 bytes from 3.5 on; both supported versions are
	for _, in := range k.Inputs {
		body.u8(0) // INPUT_GENERAL, explicit
		body.u32(uint32(firstGeneralID + in.Var))
		body.u16(uint16(int16(in.Offset)))
		body.u16(uint16(in.Size))
	}
	sizeAt := len(body.b)
	body.u32(uint32(len(code.b)))
	body.u32(0) // entry, patched below
	body.u16(1) // kernel attributes
	body.u32(target)
	body.u8(1)
	body.u8(1) // Target = 3d
	entry := len(body.b)
	binary.LittleEndian.PutUint32(body.b[sizeAt+4:], uint32(entry))
	body.b = append(body.b, code.b...)

	var h writer
	h.b = append(h.b, magic[:]...)
	h.u8(v.Major)
	h.u8(v.Minor)
	h.u16(1)
	if len(k.Name) > 0xff && v.Major == 3 && v.Minor < 7 {
		return nil, fmt.Errorf("kernel name: %d bytes is too long for version %s (at most 255)", len(k.Name), v)
	}
	if v.Major == 3 && v.Minor < 7 {
		h.u8(uint8(len(k.Name)))
	} else {
		h.u16(uint16(len(k.Name)))
	}
	h.b = append(h.b, k.Name...)
	kernelOff := len(h.b) + 4 + 4 + 4 + 2 + 2 + 1 + 2 + 2
	h.u32(uint32(kernelOff))
	h.u32(uint32(len(body.b)))
	h.u32(uint32(kernelOff + inputAt))
	h.u16(0) // variable relocations
	h.u16(0) // function relocations
	h.u8(0)  // gen binaries
	h.u16(0) // file-scope variables
	h.u16(0) // functions
	return append(h.b, body.b...), nil
}

func rawID(r Raw) uint32 {
	if r.Var < 0 {
		return 0
	}
	return uint32(firstGeneralID + r.Var)
}

func (k *Kernel) encodeInst(w *writer, in *Inst) error {
	w.u8(uint8(in.Opcode))
	pred := func() {
		if in.Pred.Var < 0 {
			w.u16(0)
			return
		}
		p := uint16(firstPredicateID+in.Pred.Var) & 0xfff
		p |= uint16(in.Pred.Control) << 13
		if in.Pred.Invert {
			p |= 1 << 15
		}
		w.u16(p)
	}
	raw := func(r Raw) {
		w.u32(rawID(r))
		w.u16(uint16(r.Offset))
	}
	exec := func() { w.u8(execCode(in.ExecSize) | uint8(in.EMask)<<4) }
	if in.Opcode == OpcodeRet {
		exec()
		pred()
		return nil
	}
	o := in.Op
	if in.Opcode == OpcodeInfo {
		w.u8(uint8(o.Sub))
		exec()
		w.u8(in.Channels)
		w.u8(uint8(firstSurfaceID + in.Surface))
		if o.Sub == ResInfo {
			raw(in.LOD)
		}
		raw(in.Dst)
		return nil
	}
	if k.Version.wide() {
		op := uint16(o.Sub)
		if in.PixelNullMask {
			op |= 1 << 8
		}
		if in.CPS {
			op |= 1 << 9
		}
		if in.NonUniform {
			op |= 1 << 10
		}
		w.u16(op)
	} else {
		op := uint8(o.Sub)
		if in.PixelNullMask {
			op |= 1 << 5
		}
		if in.CPS {
			op |= 1 << 6
		}
		if in.NonUniform {
			op |= 1 << 7
		}
		w.u8(op)
	}
	exec()
	pred()
	w.u8(in.Channels)
	if in.Aoffimmi.Imm {
		w.u8(5) // OPERAND_IMMEDIATE
		w.u8(uint8(in.Aoffimmi.Type))
		if in.Aoffimmi.Type.Size() == 8 {
			w.u32(uint32(in.Aoffimmi.Value))
			w.u32(0)
		} else {
			w.u32(uint32(in.Aoffimmi.Value)) // immediates are at least 4 bytes
		}
	} else {
		w.u8(0) // OPERAND_GENERAL, no modifier
		w.u32(uint32(firstGeneralID + in.Aoffimmi.Var))
		w.u8(uint8(in.Aoffimmi.Row))
		w.u8(uint8(in.Aoffimmi.Col))
		w.u16(0x121) // <0;1,0>: REGION_0 | REGION_1<<4 | REGION_0<<8
	}
	w.u8(uint8(in.Sampler))
	w.u8(uint8(firstSurfaceID + in.Surface))
	raw(in.Dst)
	w.u8(uint8(len(in.Params)))
	for _, p := range in.Params {
		raw(p)
	}
	return nil
}

// reader decodes bytecode with bounds checks; every error names the byte
// offset.
type reader struct {
	b   []byte
	pos int
}

func (r *reader) errAt(off int, format string, args ...any) error {
	return &Error{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func (r *reader) need(n int, what string) error {
	if r.pos < 0 || n < 0 || r.pos+n > len(r.b) {
		return r.errAt(r.pos, "%s: need %d bytes, only %d left", what, n, max(0, len(r.b)-r.pos))
	}
	return nil
}

func (r *reader) u8(what string) (uint8, error) {
	if err := r.need(1, what); err != nil {
		return 0, err
	}
	r.pos++
	return r.b[r.pos-1], nil
}

func (r *reader) u16(what string) (uint16, error) {
	if err := r.need(2, what); err != nil {
		return 0, err
	}
	r.pos += 2
	return binary.LittleEndian.Uint16(r.b[r.pos-2:]), nil
}

func (r *reader) u32(what string) (uint32, error) {
	if err := r.need(4, what); err != nil {
		return 0, err
	}
	r.pos += 4
	return binary.LittleEndian.Uint32(r.b[r.pos-4:]), nil
}

// zero reads an integer field of width n that texunit requires to be 0.
func (r *reader) zero(n int, what string) error {
	at := r.pos
	var v uint32
	var err error
	switch n {
	case 1:
		var x uint8
		x, err = r.u8(what)
		v = uint32(x)
	case 2:
		var x uint16
		x, err = r.u16(what)
		v = uint32(x)
	default:
		v, err = r.u32(what)
	}
	if err != nil {
		return err
	}
	if v != 0 {
		return r.errAt(at, "%s: %d is not supported (texunit needs 0)", what, v)
	}
	return nil
}

// Decode reads vISA bytecode holding one kernel (versions 3.6 and 4.1) and
// validates it. Errors are *Error values with the byte offset. Samplers,
// surfaces and predicates get IGC's names (S<i>, T<6+i>, P<1+i>), with the
// stored names of samplers and surfaces as VName.
func Decode(b []byte) (*Kernel, error) {
	r := &reader{b: b}
	if err := r.need(4, "magic"); err != nil {
		return nil, err
	}
	if [4]byte(b[:4]) != magic {
		return nil, r.errAt(0, "magic %q: not vISA bytecode (want \"CISA\")", b[:4])
	}
	r.pos = 4
	maj, err := r.u8("major version")
	if err != nil {
		return nil, err
	}
	minr, err := r.u8("minor version")
	if err != nil {
		return nil, err
	}
	k := &Kernel{Version: Version{maj, minr}}
	if !k.Version.supported() {
		return nil, r.errAt(4, "version %s is not supported (want 3.6 or 4.1)", k.Version)
	}
	nk, err := r.u16("kernel count")
	if err != nil {
		return nil, err
	}
	if nk != 1 {
		return nil, r.errAt(6, "kernel count %d: texunit reads files with exactly one kernel", nk)
	}
	var nameLen int
	if maj == 3 && minr < 7 {
		n, err := r.u8("kernel name length")
		if err != nil {
			return nil, err
		}
		nameLen = int(n)
	} else {
		n, err := r.u16("kernel name length")
		if err != nil {
			return nil, err
		}
		nameLen = int(n)
	}
	if err := r.need(nameLen, "kernel name"); err != nil {
		return nil, err
	}
	k.Name = string(b[r.pos : r.pos+nameLen])
	r.pos += nameLen
	offAt := r.pos
	kernelOff, err := r.u32("kernel offset")
	if err != nil {
		return nil, err
	}
	kernelSize, err := r.u32("kernel size")
	if err != nil {
		return nil, err
	}
	if _, err := r.u32("input offset"); err != nil {
		return nil, err
	}
	if err := r.zero(2, "variable relocation count"); err != nil {
		return nil, err
	}
	if err := r.zero(2, "function relocation count"); err != nil {
		return nil, err
	}
	ngen, err := r.u8("gen binary count")
	if err != nil {
		return nil, err
	}
	if err := r.need(9*int(ngen), "gen binary table"); err != nil {
		return nil, err
	}
	r.pos += 9 * int(ngen)
	if err := r.zero(2, "file-scope variable count"); err != nil {
		return nil, err
	}
	if err := r.zero(2, "function count"); err != nil {
		return nil, err
	}
	if uint64(kernelOff)+uint64(kernelSize) > uint64(len(b)) || int(kernelOff) < r.pos {
		return nil, r.errAt(offAt, "kernel at %d with %d bytes does not fit the %d-byte file after the header", kernelOff, kernelSize, len(b))
	}
	start := int(kernelOff)
	r.b = b[:start+int(kernelSize)]
	r.pos = start

	ns, err := r.u32("string count")
	if err != nil {
		return nil, err
	}
	if int(ns) > len(r.b)-r.pos {
		return nil, r.errAt(r.pos-4, "string count %d is larger than the kernel", ns)
	}
	pool := make([]string, ns)
	for i := range pool {
		e := r.pos
		for e < len(r.b) && r.b[e] != 0 {
			e++
		}
		if e >= len(r.b) {
			return nil, r.errAt(r.pos, "string %d is not terminated", i)
		}
		pool[i] = string(r.b[r.pos:e])
		r.pos = e + 1
	}
	strAt := func(what string) (string, error) {
		at := r.pos
		i, err := r.u32(what)
		if err != nil {
			return "", err
		}
		if int(i) >= len(pool) {
			return "", r.errAt(at, "%s: string index %d is out of range (%d strings)", what, i, len(pool))
		}
		return pool[i], nil
	}
	if _, err := strAt("kernel name index"); err != nil {
		return nil, err
	}
	nv, err := r.u32("variable count")
	if err != nil {
		return nil, err
	}
	if int(nv) > (len(r.b)-r.pos)/15 {
		return nil, r.errAt(r.pos-4, "variable count %d is larger than the kernel", nv)
	}
	for i := 0; i < int(nv); i++ {
		at := r.pos
		d := Decl{Kind: General}
		if d.Name, err = strAt("variable name index"); err != nil {
			return nil, err
		}
		bp, err := r.u8("variable type")
		if err != nil {
			return nil, err
		}
		d.Type, d.Align = Type(bp&0xf), Align(bp>>4)
		if !d.Type.Valid() || int(d.Align) >= len(alignNames) {
			return nil, r.errAt(at+4, "variable %s: type/alignment byte 0x%02x is not valid", d.Name, bp)
		}
		ne, err := r.u16("element count")
		if err != nil {
			return nil, err
		}
		if ne == 0 {
			return nil, r.errAt(at+5, "variable %s has 0 elements", d.Name)
		}
		d.Elems = int(ne)
		ap := r.pos
		ai, err := r.u32("alias index")
		if err != nil {
			return nil, err
		}
		ao, err := r.u16("alias offset")
		if err != nil {
			return nil, err
		}
		if ai != 0 {
			if ai < firstGeneralID || int(ai-firstGeneralID) >= i {
				return nil, r.errAt(ap, "variable %s: alias id %d is not a general variable declared before it (predefined variables are not supported)", d.Name, ai)
			}
			d.Alias, d.AliasOffset = k.Vars[ai-firstGeneralID].Name, int(ao)
		} else if ao != 0 {
			return nil, r.errAt(ap+4, "variable %s: alias offset %d without an alias", d.Name, ao)
		}
		if err := r.zero(1, "alias scope"); err != nil {
			return nil, err
		}
		if err := r.zero(1, "variable attribute count"); err != nil {
			return nil, err
		}
		k.Vars = append(k.Vars, d)
	}
	if err := r.zero(2, "address variable count"); err != nil {
		return nil, err
	}
	readStates := func(count int, kind VarKind, what string) ([]Decl, error) {
		var ds []Decl
		for i := 0; i < count; i++ {
			at := r.pos
			name, err := strAt(what + " name index")
			if err != nil {
				return nil, err
			}
			ne, err := r.u16(what + " element count")
			if err != nil {
				return nil, err
			}
			if err := r.zero(1, what+" attribute count"); err != nil {
				return nil, err
			}
			d := Decl{Kind: kind, Elems: int(ne)}
			switch kind {
			case Predicate:
				d.Name = fmt.Sprintf("P%d", firstPredicateID+i)
				if ne < 1 || ne > 32 {
					return nil, r.errAt(at+4, "predicate %s: %d elements (want 1..32)", name, ne)
				}
			case Sampler, Surface:
				// The stored name is the v_name (Encode stores the
				// declaration's name where it has none): an empty one
				// would print as no v_name and encode back as the name.
				if name == "" {
					return nil, r.errAt(at, "%s %d: its name (v_name) is empty", what, i)
				}
				if kind == Sampler {
					d.Name, d.VName = fmt.Sprintf("S%d", i), name
				} else {
					d.Name, d.VName = fmt.Sprintf("T%d", firstSurfaceID+i), name
				}
			}
			if kind != Predicate && ne != 1 {
				return nil, r.errAt(at+4, "%s %s: %d elements (texunit supports 1)", what, name, ne)
			}
			ds = append(ds, d)
		}
		return ds, nil
	}
	np, err := r.u16("predicate count")
	if err != nil {
		return nil, err
	}
	if k.Preds, err = readStates(int(np), Predicate, "predicate"); err != nil {
		return nil, err
	}
	if err := r.zero(2, "label count"); err != nil {
		return nil, err
	}
	nsm, err := r.u8("sampler count")
	if err != nil {
		return nil, err
	}
	if nsm > maxSamplers {
		return nil, r.errAt(r.pos-1, "sampler count %d: at most %d", nsm, maxSamplers)
	}
	if k.Samplers, err = readStates(int(nsm), Sampler, "sampler"); err != nil {
		return nil, err
	}
	nsf, err := r.u8("surface count")
	if err != nil {
		return nil, err
	}
	if k.Surfaces, err = readStates(int(nsf), Surface, "surface"); err != nil {
		return nil, err
	}
	if err := r.zero(1, "VME variable count"); err != nil {
		return nil, err
	}
	ni, err := r.u32("input count")
	if err != nil {
		return nil, err
	}
	if int(ni) > (len(r.b)-r.pos)/9 {
		return nil, r.errAt(r.pos-4, "input count %d is larger than the kernel", ni)
	}
	for i := 0; i < int(ni); i++ {
		at := r.pos
		kind, _ := r.u8("input kind")
		if kind != 0 {
			return nil, r.errAt(at, "input %d: kind 0x%02x is not supported (only explicit general-variable inputs)", i, kind)
		}
		id, err := r.u32("input variable")
		if err != nil {
			return nil, err
		}
		if id < firstGeneralID || int(id-firstGeneralID) >= len(k.Vars) {
			return nil, r.errAt(at+1, "input %d: variable id %d is not a declared general variable", i, id)
		}
		off, err := r.u16("input offset")
		if err != nil {
			return nil, err
		}
		size, err := r.u16("input size")
		if err != nil {
			return nil, err
		}
		k.Inputs = append(k.Inputs, Input{Var: int(id - firstGeneralID), Offset: int(int16(off)), Size: int(size)})
	}
	sizeAt := r.pos
	size, err := r.u32("instruction bytes")
	if err != nil {
		return nil, err
	}
	entry, err := r.u32("entry")
	if err != nil {
		return nil, err
	}
	na, err := r.u16("kernel attribute count")
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(na); i++ {
		at := r.pos
		name, err := strAt("attribute name index")
		if err != nil {
			return nil, err
		}
		n, err := r.u8("attribute size")
		if err != nil {
			return nil, err
		}
		if err := r.need(int(n), "attribute value"); err != nil {
			return nil, err
		}
		val := r.b[r.pos : r.pos+int(n)]
		r.pos += int(n)
		if name != "Target" || n != 1 || val[0] != 1 {
			return nil, r.errAt(at, "kernel attribute %s (%d bytes): texunit supports only Target=3d", name, n)
		}
	}
	if int(entry) != r.pos-start || uint64(start)+uint64(entry)+uint64(size) != uint64(len(r.b)) {
		return nil, r.errAt(sizeAt, "instructions at entry %d with %d bytes do not follow the attributes (at %d) to the end of the kernel (%d bytes)", entry, size, r.pos-start, len(r.b)-start)
	}
	for r.pos < len(r.b) {
		in, err := k.decodeInst(r)
		if err != nil {
			return nil, err
		}
		k.Insts = append(k.Insts, in)
	}
	if err := k.Validate(); err != nil {
		return nil, err
	}
	return k, nil
}

func (k *Kernel) decodeInst(r *reader) (Inst, error) {
	in := Inst{Pred: NoPred, Offset: r.pos, LOD: Null}
	at := r.pos
	oc, _ := r.u8("opcode")
	in.Opcode = Opcode(oc)
	exec := func() error {
		p := r.pos
		e, err := r.u8("exec size")
		if err != nil {
			return err
		}
		if e&0xf > 5 {
			return r.errAt(p, "exec size code %d is out of range (0..5)", e&0xf)
		}
		in.ExecSize, in.EMask = 1<<(e&0xf), EMask(e>>4)
		return nil
	}
	pred := func() error {
		p := r.pos
		v, err := r.u16("predicate")
		if err != nil {
			return err
		}
		if v == 0 {
			return nil
		}
		id := int(v & 0xfff)
		if id < firstPredicateID || id-firstPredicateID >= len(k.Preds) {
			return r.errAt(p, "predicate id %d is out of range (%d predicates declared)", id, len(k.Preds))
		}
		if v&0x1000 != 0 || (v>>13)&3 == 3 {
			return r.errAt(p, "predicate 0x%04x has reserved bits set", v)
		}
		in.Pred = Pred{Var: id - firstPredicateID, Control: PredCtrl(v >> 13 & 3), Invert: v&0x8000 != 0}
		return nil
	}
	raw := func(what string) (Raw, error) {
		p := r.pos
		id, err := r.u32(what)
		if err != nil {
			return Raw{}, err
		}
		off, err := r.u16(what + " offset")
		if err != nil {
			return Raw{}, err
		}
		if id == 0 {
			if off != 0 {
				return Raw{}, r.errAt(p+4, "%s: %%null with offset %d", what, off)
			}
			return Null, nil
		}
		if id < firstGeneralID || int(id-firstGeneralID) >= len(k.Vars) {
			return Raw{}, r.errAt(p, "%s: variable id %d is not a declared general variable (ids %d..%d; predefined variables are not supported)", what, id, firstGeneralID, firstGeneralID+len(k.Vars)-1)
		}
		return Raw{Var: int(id - firstGeneralID), Offset: int(off)}, nil
	}
	surf := func() error {
		p := r.pos
		s, err := r.u8("surface")
		if err != nil {
			return err
		}
		if int(s) < firstSurfaceID || int(s)-firstSurfaceID >= len(k.Surfaces) {
			return r.errAt(p, "surface id %d is not a declared surface (ids %d..%d; predefined surfaces are not supported)", s, firstSurfaceID, firstSurfaceID+len(k.Surfaces)-1)
		}
		in.Surface = int(s) - firstSurfaceID
		return nil
	}
	var err error
	switch in.Opcode {
	case OpcodeRet:
		if err := exec(); err != nil {
			return in, err
		}
		return in, pred()
	case OpcodeInfo:
		p := r.pos
		sub, err := r.u8("INFO sub-opcode")
		if err != nil {
			return in, err
		}
		o, ok := LookupOp(OpcodeInfo, SubOp(sub))
		if !ok {
			return in, r.errAt(p, "INFO sub-opcode 0x%02x is not resinfo (0x0a) or sampleinfo (0x0b)", sub)
		}
		in.Op = o
		if err := exec(); err != nil {
			return in, err
		}
		if in.Channels, err = r.u8("channels"); err != nil {
			return in, err
		}
		if err := surf(); err != nil {
			return in, err
		}
		if o.Sub == ResInfo {
			if in.LOD, err = raw("lod"); err != nil {
				return in, err
			}
		}
		in.Dst, err = raw("dst")
		return in, err
	case OpcodeSample3D, OpcodeSample4:
	default:
		return in, r.errAt(at, "opcode 0x%02x (%s) is not supported: texunit decodes 3D_SAMPLE (0x6d), 3D_SAMPLE4 (0x6f), INFO (0x70) and ret (0x34)", oc, in.Opcode)
	}
	p := r.pos
	var sub SubOp
	if k.Version.wide() {
		op, err := r.u16("Op")
		if err != nil {
			return in, err
		}
		if op&0xf800 != 0 {
			return in, r.errAt(p, "Op 0x%04x has reserved bits 15..11 set", op)
		}
		sub = SubOp(op)
		in.PixelNullMask, in.CPS, in.NonUniform = op&(1<<8) != 0, op&(1<<9) != 0, op&(1<<10) != 0
	} else {
		op, err := r.u8("Op")
		if err != nil {
			return in, err
		}
		sub = SubOp(op & 0x1f)
		in.PixelNullMask, in.CPS, in.NonUniform = op&(1<<5) != 0, op&(1<<6) != 0, op&(1<<7) != 0
	}
	o, ok := LookupOp(in.Opcode, sub)
	if !ok {
		return in, r.errAt(p, "%s sub-opcode 0x%02x is not a %s operation", in.Opcode, uint8(sub), in.Opcode)
	}
	in.Op = o
	if err := exec(); err != nil {
		return in, err
	}
	if err := pred(); err != nil {
		return in, err
	}
	if in.Channels, err = r.u8("channels"); err != nil {
		return in, err
	}
	p = r.pos
	tag, err := r.u8("aoffimmi operand class")
	if err != nil {
		return in, err
	}
	switch tag {
	case 5:
		tp := r.pos
		t, err := r.u8("aoffimmi type")
		if err != nil {
			return in, err
		}
		max, ok := immMax(Type(t))
		if !ok {
			return in, r.errAt(tp, "aoffimmi immediate has type %s, want an integer type (uw, w, ud, d, ub, b, uq, q)", Type(t))
		}
		v64 := uint64(0)
		if Type(t).Size() == 8 {
			lo, err := r.u32("aoffimmi value")
			if err != nil {
				return in, err
			}
			hi, err := r.u32("aoffimmi value")
			if err != nil {
				return in, err
			}
			v64 = uint64(hi)<<32 | uint64(lo)
		} else {
			v, err := r.u32("aoffimmi value")
			if err != nil {
				return in, err
			}
			v64 = uint64(v)
		}
		if v64 > uint64(max) {
			return in, r.errAt(tp+1, "aoffimmi value 0x%x does not fit type %s (at most 0x%x: texunit takes non-negative values of 16 bits)", v64, Type(t), max)
		}
		in.Aoffimmi = Operand{Imm: true, Value: uint16(v64), Type: Type(t)}
	case 0:
		id, err := r.u32("aoffimmi variable")
		if err != nil {
			return in, err
		}
		if id < firstGeneralID || int(id-firstGeneralID) >= len(k.Vars) {
			return in, r.errAt(p+1, "aoffimmi: variable id %d is not a declared general variable", id)
		}
		row, err := r.u8("aoffimmi row")
		if err != nil {
			return in, err
		}
		col, err := r.u8("aoffimmi column")
		if err != nil {
			return in, err
		}
		rp := r.pos
		reg, err := r.u16("aoffimmi region")
		if err != nil {
			return in, err
		}
		if reg != 0x121 {
			return in, r.errAt(rp, "aoffimmi region 0x%04x: want <0;1,0> (0x0121)", reg)
		}
		in.Aoffimmi = Operand{Var: int(id - firstGeneralID), Row: int(row), Col: int(col)}
	default:
		return in, r.errAt(p, "aoffimmi operand class byte 0x%02x: want an immediate (0x05) or a general operand (0x00)", tag)
	}
	sp := r.pos
	smp, err := r.u8("sampler")
	if err != nil {
		return in, err
	}
	if int(smp) >= len(k.Samplers) {
		return in, r.errAt(sp, "sampler id %d is not a declared sampler (%d declared)", smp, len(k.Samplers))
	}
	in.Sampler = int(smp)
	if err := surf(); err != nil {
		return in, err
	}
	if in.Dst, err = raw("dst"); err != nil {
		return in, err
	}
	np := r.pos
	n, err := r.u8("NumParams")
	if err != nil {
		return in, err
	}
	if n < 1 || n > 15 {
		return in, r.errAt(np, "NumParams %d is out of range (1..15)", n)
	}
	for j := 0; j < int(n); j++ {
		pr, err := raw(paramName(o, j))
		if err != nil {
			return in, err
		}
		in.Params = append(in.Params, pr)
	}
	return in, nil
}
