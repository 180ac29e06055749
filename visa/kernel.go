package visa

import (
	"fmt"
)

// Version is a vISA version. The bytecode's layout depends on it (the width
// of the sampler Op field, among others).
type Version struct{ Major, Minor uint8 }

// String returns "major.minor".
func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// DefaultVersion is the version texunit writes unless told otherwise: the
// version of IGC 1.0.12504's own bytecode writer.
var DefaultVersion = Version{4, 1}

// SupportedVersions are the versions texunit reads and writes: 3.6, the
// last version with the 8-bit Op field, and 4.1, with the 16-bit Op field.
// Both are checked against IGC 1.0.12504's reader (see docs/VISA.md).
var SupportedVersions = []Version{{3, 6}, {4, 1}}

func (v Version) supported() bool {
	for _, s := range SupportedVersions {
		if v == s {
			return true
		}
	}
	return false
}

// wide reports whether the version has the 16-bit sampler Op field.
func (v Version) wide() bool { return v.Major >= 4 }

// VarKind is the kind of a declared variable.
type VarKind uint8

// Variable kinds, as the v_type of a .decl line.
const (
	General   VarKind = iota // v_type=G: a range of GRF bytes
	Predicate                // v_type=P: up to 32 predicate bits
	Sampler                  // v_type=S: a sampler state
	Surface                  // v_type=T: a surface
)

var varKindNames = [...]string{"G", "P", "S", "T"}

// String returns the v_type letter.
func (k VarKind) String() string {
	if int(k) < len(varKindNames) {
		return varKindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Decl is one declared variable.
type Decl struct {
	// Name is the variable's name in the kernel. In canonical text (IGC's
	// form) samplers are S<i>, surfaces T<6+i> and predicates P<1+i>.
	Name  string
	Kind  VarKind
	Type  Type  // general variables
	Elems int   // num_elts
	Align Align // general variables
	// VName is the v_name attribute of samplers and surfaces: the name the
	// source gave them. Bindings look variables up by Name or VName.
	VName string
	// Alias names an earlier general variable this one overlays
	// (alias=<Alias, AliasOffset>, the offset in bytes); "" for a variable
	// with its own storage.
	Alias       string
	AliasOffset int
}

// Bytes returns the size of a general variable in bytes.
func (d *Decl) Bytes() int { return d.Elems * d.Type.Size() }

// Raw is a raw operand: a general variable and a byte offset into it
// ("V33.64"). Var is an index into Kernel.Vars, or −1 for %null.
type Raw struct {
	Var    int
	Offset int
}

// Null is the %null raw operand.
var Null = Raw{Var: -1}

// Operand is the Aoffimmi operand: an integer immediate or a scalar general
// operand var(row,col)<0;1,0> read at execution time.
type Operand struct {
	Imm   bool
	Value uint16 // the immediate (Imm)
	// Type is the immediate's type (Imm): uw, the documents' type, or any
	// other integer type (ud, d, w, ub, b, uq, q), which IGC also takes and
	// truncates to 16 bits; the value must be non-negative and fit 16 bits.
	Type     Type
	Var      int // index into Kernel.Vars (!Imm)
	Row, Col int // the element var(row, col): byte row·GRF + col·size
}

// ImmOperand returns an immediate UW operand.
func ImmOperand(v uint16) Operand { return Operand{Imm: true, Value: v, Type: TypeUW} }

// immMax returns the largest Aoffimmi immediate of type t: the type's
// largest positive value, at most 0xffff; ok is false for the float types,
// which texunit does not take as Aoffimmi.
func immMax(t Type) (max uint16, ok bool) {
	switch t {
	case TypeB:
		return 0x7f, true
	case TypeUB:
		return 0xff, true
	case TypeW:
		return 0x7fff, true
	case TypeUW, TypeUD, TypeD, TypeUQ, TypeQ:
		return 0xffff, true
	}
	return 0, false
}

// Inst is one instruction.
type Inst struct {
	Opcode Opcode
	Op     *OpInfo // the sampler operation (nil for ret)
	// PixelNullMask, CPS and NonUniform are the Op field's modifier bits
	// (.pixel_null_mask, .cps, .divS).
	PixelNullMask, CPS, NonUniform bool
	ExecSize                       int // 1, 2, 4, 8, 16 or 32 (ret: 1)
	EMask                          EMask
	Pred                           Pred
	// Channels is the write mask (R bit 0 .. A bit 3) of 3D_SAMPLE and INFO;
	// for 3D_SAMPLE4 it is the source channel, 0..3 (R, G, B, A).
	Channels uint8
	Aoffimmi Operand
	Sampler  int // index into Kernel.Samplers
	Surface  int // index into Kernel.Surfaces
	Dst      Raw
	LOD      Raw   // resinfo's LOD operand
	Params   []Raw // NumParams operands
	// Pos is the instruction's source position (line, column), 0 when it
	// was decoded from bytecode; Offset its byte offset in bytecode.
	Line, Col int
	Offset    int
}

// Kernel is a vISA kernel: its declarations and instructions.
type Kernel struct {
	Version  Version
	Name     string
	Vars     []Decl // general variables, bytecode ids 32, 33, ...
	Preds    []Decl // predicate variables, ids 1, 2, ...
	Samplers []Decl // sampler variables, ids 0, 1, ...
	Surfaces []Decl // surface variables, ids 6, 7, ...
	// Inputs are the kernel's .input lines: general variables whose initial
	// contents come from the thread payload. They are kept for the round trip
	// and do not change execution (the caller sets the registers).
	Inputs []Input
	Insts  []Inst
}

// Input is one ".input VAR offset=N size=M" line: general variable Var
// (an index into Kernel.Vars) is loaded from payload bytes Offset..Offset+Size.
type Input struct {
	Var    int
	Offset int
	Size   int
}

// Bytecode numbering of the variables of each kind: the ids below these
// bases are IGC's predefined variables.
const (
	firstGeneralID   = 32
	firstPredicateID = 1
	firstSurfaceID   = 6
	maxSamplers      = 31 // S31 is IGC's bindless sampler
)

// Lookup finds a sampler or surface by Name or VName; it returns −1 when
// there is none.
func lookupState(ds []Decl, name string) int {
	for i := range ds {
		if ds[i].Name == name {
			return i
		}
	}
	for i := range ds {
		if ds[i].VName == name {
			return i
		}
	}
	return -1
}

// SurfaceIndex returns the index in Surfaces of the surface called name
// (its Name or its v_name), or −1.
func (k *Kernel) SurfaceIndex(name string) int { return lookupState(k.Surfaces, name) }

// SamplerIndex returns the index in Samplers of the sampler called name
// (its Name or its v_name), or −1.
func (k *Kernel) SamplerIndex(name string) int { return lookupState(k.Samplers, name) }

// VarIndex returns the index in Vars of the general variable called name,
// or −1.
func (k *Kernel) VarIndex(name string) int {
	for i := range k.Vars {
		if k.Vars[i].Name == name {
			return i
		}
	}
	return -1
}

// PredIndex returns the index in Preds of the predicate variable called
// name, or −1.
func (k *Kernel) PredIndex(name string) int {
	for i := range k.Preds {
		if k.Preds[i].Name == name {
			return i
		}
	}
	return -1
}

// rootVar returns the general variable that owns v's storage (v unless v
// is an alias).
func (k *Kernel) rootVar(v int) int {
	for k.Vars[v].Alias != "" {
		v = k.VarIndex(k.Vars[v].Alias)
	}
	return v
}

// rootOffset returns the byte offset of general variable v within the
// variable that owns its storage (0 unless v is an alias).
func (k *Kernel) rootOffset(v int) int {
	off := 0
	for k.Vars[v].Alias != "" {
		off += k.Vars[v].AliasOffset
		v = k.VarIndex(k.Vars[v].Alias)
	}
	return off
}

// Canonicalize renames samplers, surfaces and predicates the way IGC's
// disassembler prints them (S<i>, T<6+i>, P<1+i>), keeping each sampler's
// and surface's source name as its VName.
func (k *Kernel) Canonicalize() {
	for i := range k.Samplers {
		d := &k.Samplers[i]
		if d.VName == "" {
			d.VName = d.Name
		}
		d.Name = fmt.Sprintf("S%d", i)
	}
	for i := range k.Surfaces {
		d := &k.Surfaces[i]
		if d.VName == "" {
			d.VName = d.Name
		}
		d.Name = fmt.Sprintf("T%d", firstSurfaceID+i)
	}
	for i := range k.Preds {
		k.Preds[i].Name = fmt.Sprintf("P%d", firstPredicateID+i)
	}
}

// Error is a validation, assembly or decoding error. Line and Col locate it
// in text (1-based; 0 when unknown), Offset in bytecode (−1 when unknown).
type Error struct {
	Line, Col int
	Offset    int
	Msg       string
}

// Error returns the message with its position: "line L, column C: ..." or
// "byte offset N: ...".
func (e *Error) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	case e.Offset >= 0:
		return fmt.Sprintf("byte offset %d: %s", e.Offset, e.Msg)
	}
	return e.Msg
}

func instErr(in *Inst, format string, args ...any) *Error {
	e := &Error{Line: in.Line, Col: in.Col, Offset: -1, Msg: fmt.Sprintf(format, args...)}
	if in.Line == 0 {
		e.Offset = in.Offset
	}
	return e
}

// Validate checks the kernel's declarations and every instruction against
// the rules of the specification that do not depend on the platform or on
// register contents: field ranges, exec sizes and masks, channel masks,
// Aoffimmi's reserved bits, parameter counts, operand indices and types.
// Platform rules (parameter types F/HF, CPS) are checked by ValidateFor.
func (k *Kernel) Validate() error {
	if !k.Version.supported() {
		return &Error{Offset: -1, Msg: fmt.Sprintf("version %s is not supported (want 3.6 or 4.1)", k.Version)}
	}
	if err := checkName("kernel name", k.Name, true); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, ds := range [][]Decl{k.Vars, k.Preds, k.Samplers, k.Surfaces} {
		for i := range ds {
			if err := checkName("variable name", ds[i].Name, false); err != nil {
				return err
			}
			if seen[ds[i].Name] {
				return &Error{Offset: -1, Msg: fmt.Sprintf("variable %s is declared twice", ds[i].Name)}
			}
			seen[ds[i].Name] = true
			if ds[i].VName != "" {
				if err := checkName("v_name of "+ds[i].Name, ds[i].VName, false); err != nil {
					return err
				}
			}
		}
	}
	for i, in := range k.Inputs {
		if in.Var < 0 || in.Var >= len(k.Vars) {
			return &Error{Offset: -1, Msg: fmt.Sprintf("input %d: general variable index %d is out of range", i, in.Var)}
		}
		if in.Offset < -0x8000 || in.Offset > 0x7fff || in.Size < 0 || in.Size > 0xffff {
			return &Error{Offset: -1, Msg: fmt.Sprintf(".input %s offset=%d size=%d: offset must fit 16 signed bits, size 16 unsigned bits", k.Vars[in.Var].Name, in.Offset, in.Size)}
		}
	}
	if len(k.Samplers) > maxSamplers {
		return &Error{Offset: -1, Msg: fmt.Sprintf("%d sampler variables: at most %d", len(k.Samplers), maxSamplers)}
	}
	if len(k.Surfaces)+firstSurfaceID > 255 {
		return &Error{Offset: -1, Msg: fmt.Sprintf("%d surface variables: at most %d", len(k.Surfaces), 255-firstSurfaceID)}
	}
	for i := range k.Vars {
		d := &k.Vars[i]
		if !d.Type.Valid() || d.Elems < 1 || d.Elems > 0xffff {
			return &Error{Offset: -1, Msg: fmt.Sprintf("variable %s: type %s with %d elements is not allowed", d.Name, d.Type, d.Elems)}
		}
		if d.Alias == "" {
			continue
		}
		p := k.VarIndex(d.Alias)
		if p < 0 || p >= i {
			return &Error{Offset: -1, Msg: fmt.Sprintf("variable %s: alias=<%s, %d>: %s is not a general variable declared before it", d.Name, d.Alias, d.AliasOffset, d.Alias)}
		}
		if d.AliasOffset < 0 || d.AliasOffset > 0xffff || d.AliasOffset+d.Bytes() > k.Vars[p].Bytes() {
			return &Error{Offset: -1, Msg: fmt.Sprintf("variable %s: alias=<%s, %d>: its %d bytes do not fit in %s's %d bytes", d.Name, d.Alias, d.AliasOffset, d.Bytes(), d.Alias, k.Vars[p].Bytes())}
		}
	}
	for i := range k.Preds {
		if e := k.Preds[i].Elems; e < 1 || e > 32 {
			return &Error{Offset: -1, Msg: fmt.Sprintf("predicate %s: num_elts=%d is out of range (1..32)", k.Preds[i].Name, e)}
		}
	}
	for i := range k.Insts {
		if err := k.validateInst(&k.Insts[i]); err != nil {
			return err
		}
	}
	return nil
}

// checkName requires a variable name to be a word of vISA assembly (letters,
// digits, _, $, % but not first: that is for IGC's predefined names) and a
// kernel name to be
// printable without a double quote, so that every kernel prints as text
// that assembles again.
func checkName(what, s string, quoted bool) error {
	if s == "" && !quoted {
		return &Error{Offset: -1, Msg: what + " is empty"}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if quoted && (c < 0x20 || c == '"' || c == 0x7f) || !quoted && (!isWordByte(c) || i == 0 && c == '%') {
			return &Error{Offset: -1, Msg: fmt.Sprintf("%s %q: character %q is not allowed", what, s, c)}
		}
	}
	return nil
}

func (k *Kernel) validateRaw(in *Inst, what string, r Raw) error {
	if r.Var == -1 {
		if r.Offset != 0 {
			return instErr(in, "%s: %%null must have offset 0, got %d", what, r.Offset)
		}
		return nil
	}
	if r.Var < 0 || r.Var >= len(k.Vars) {
		return instErr(in, "%s: general variable index %d is out of range (%d declared)", what, r.Var, len(k.Vars))
	}
	if r.Offset < 0 || r.Offset > 0xffff {
		return instErr(in, "%s: offset %d is out of range (0..65535)", what, r.Offset)
	}
	return nil
}

func (k *Kernel) validateInst(in *Inst) error {
	if in.Opcode == OpcodeRet {
		if in.Op != nil || in.ExecSize != 1 {
			return instErr(in, "ret: exec size must be 1, got %d", in.ExecSize)
		}
		return k.validatePred(in)
	}
	o := in.Op
	if o == nil || o.Opcode != in.Opcode {
		return instErr(in, "%s: missing or mismatched sampler operation", in.Opcode)
	}
	if o.Wide && !k.Version.wide() {
		return instErr(in, "%s (sub-opcode 0x%02x) needs the 16-bit Op field of vISA 4.0 or later; the kernel is version %s", o.Mnemonic, uint8(o.Sub), k.Version)
	}
	switch in.ExecSize {
	case 1, 2, 4, 8, 16, 32:
	default:
		return instErr(in, "%s: exec size %d is not allowed (want 1, 2, 4, 8, 16 or 32)", o.Mnemonic, in.ExecSize)
	}
	if in.EMask > M8NM {
		return instErr(in, "%s: execution mask %d is out of range", o.Mnemonic, in.EMask)
	}
	if !in.EMask.validFor(in.ExecSize) {
		return instErr(in, "%s: execution mask %s cannot go with exec size %d (SIMD1, 2, 4: M1..M8; SIMD8: M1, M3, M5, M7; SIMD16: M1, M5; SIMD32: M1, each with or without _NM)", o.Mnemonic, in.EMask, in.ExecSize)
	}
	if err := k.validatePred(in); err != nil {
		return err
	}
	if in.Opcode == OpcodeInfo {
		if in.Pred.Var != -1 {
			return instErr(in, "%s: INFO takes no predicate", o.Mnemonic)
		}
		if in.PixelNullMask || in.CPS || in.NonUniform {
			return instErr(in, "%s: INFO takes no .pixel_null_mask, .cps or .divS", o.Mnemonic)
		}
	}
	if in.Opcode == OpcodeSample4 {
		if in.Channels > 3 {
			return instErr(in, "%s: source channel %d is out of range (0..3: R, G, B, A)", o.Mnemonic, in.Channels)
		}
		if in.CPS || in.NonUniform {
			return instErr(in, "%s: 3D_SAMPLE4 takes no .cps or .divS", o.Mnemonic)
		}
	} else {
		if in.Channels == 0 {
			return instErr(in, "%s: the channel mask is empty (at least one of R, G, B, A must be enabled)", o.Mnemonic)
		}
		if in.Channels > 0xf {
			return instErr(in, "%s: channel mask 0x%x has bits above A", o.Mnemonic, in.Channels)
		}
	}
	if in.CPS && !o.CPS {
		return instErr(in, "%s: .cps (CPS LOD compensation) is only allowed on sample, sample_b, sample_c, sample_b_c and lod", o.Mnemonic)
	}
	if in.CPS && in.ExecSize != 8 && in.ExecSize != 16 {
		return instErr(in, "%s: .cps (CPS LOD compensation) needs exec size 8 or 16, got %d", o.Mnemonic, in.ExecSize)
	}
	if in.Opcode != OpcodeInfo {
		if in.Aoffimmi.Imm {
			if max, ok := immMax(in.Aoffimmi.Type); !ok {
				return instErr(in, "%s: aoffimmi immediate of type %s: want an integer type (uw, w, ud, d, ub, b, uq, q)", o.Mnemonic, in.Aoffimmi.Type)
			} else if in.Aoffimmi.Value > max {
				return instErr(in, "%s: aoffimmi 0x%x does not fit type %s", o.Mnemonic, in.Aoffimmi.Value, in.Aoffimmi.Type)
			}
			if in.Aoffimmi.Value&0xf000 != 0 {
				return instErr(in, "%s: aoffimmi 0x%x: bits 15..12 are reserved and must be zero", o.Mnemonic, in.Aoffimmi.Value)
			}
		} else {
			if in.Aoffimmi.Var < 0 || in.Aoffimmi.Var >= len(k.Vars) {
				return instErr(in, "%s: aoffimmi: general variable index %d is out of range", o.Mnemonic, in.Aoffimmi.Var)
			}
			if t := k.Vars[in.Aoffimmi.Var].Type; t != TypeUW && t != TypeW && t != TypeUD && t != TypeD {
				return instErr(in, "%s: aoffimmi: variable %s has type %s, want uw (or w, ud, d, as IGC takes)", o.Mnemonic, k.Vars[in.Aoffimmi.Var].Name, t)
			}
			if in.Aoffimmi.Row < 0 || in.Aoffimmi.Row > 255 || in.Aoffimmi.Col < 0 || in.Aoffimmi.Col > 255 {
				return instErr(in, "%s: aoffimmi: element (%d,%d) is out of range", o.Mnemonic, in.Aoffimmi.Row, in.Aoffimmi.Col)
			}
		}
		if in.Sampler < 0 || in.Sampler >= len(k.Samplers) {
			return instErr(in, "%s: sampler index %d is out of range (%d declared)", o.Mnemonic, in.Sampler, len(k.Samplers))
		}
	}
	if in.Surface < 0 || in.Surface >= len(k.Surfaces) {
		return instErr(in, "%s: surface index %d is out of range (%d declared)", o.Mnemonic, in.Surface, len(k.Surfaces))
	}
	if err := k.validateRaw(in, "dst", in.Dst); err != nil {
		return err
	}
	if in.Dst.Var >= 0 {
		t := k.Vars[in.Dst.Var].Type
		if in.Opcode == OpcodeInfo {
			if t != TypeUD && t != TypeD && t != TypeF {
				return instErr(in, "%s: dst %s has type %s; INFO's Dst must have a 32-bit type (ud, as the documents say; d or f as IGC also takes)", o.Mnemonic, k.Vars[in.Dst.Var].Name, t)
			}
		} else if !dstType(t) {
			return instErr(in, "%s: dst %s has type %s; want hf, f, w, uw, d or ud", o.Mnemonic, k.Vars[in.Dst.Var].Name, t)
		}
	}
	if in.Opcode == OpcodeInfo {
		if len(in.Params) != 0 {
			return instErr(in, "%s: INFO takes no parameters", o.Mnemonic)
		}
		if o.Sub == ResInfo {
			if err := k.validateRaw(in, "lod", in.LOD); err != nil {
				return err
			}
			if in.LOD.Var >= 0 && k.Vars[in.LOD.Var].Type != TypeUD {
				return instErr(in, "resinfo: lod %s has type %s; want ud", k.Vars[in.LOD.Var].Name, k.Vars[in.LOD.Var].Type)
			}
		} else if in.LOD != Null {
			return instErr(in, "sampleinfo takes no LOD operand")
		}
		return nil
	}
	n := len(in.Params)
	if n < 1 || n > 15 {
		return instErr(in, "%s: NumParams %d is out of range (1..15)", o.Mnemonic, n)
	}
	for i, p := range in.Params {
		if err := k.validateRaw(in, paramName(o, i), p); err != nil {
			return err
		}
	}
	return nil
}

func (k *Kernel) validatePred(in *Inst) error {
	if in.Pred.Var == -1 {
		if in.Pred.Invert || in.Pred.Control != PredNone {
			return instErr(in, "predicate control without a predicate variable")
		}
		return nil
	}
	if in.Pred.Var < 0 || in.Pred.Var >= len(k.Preds) {
		return instErr(in, "predicate variable index %d is out of range (%d declared)", in.Pred.Var, len(k.Preds))
	}
	if in.Pred.Control > PredAll {
		return instErr(in, "predicate control %d is out of range", in.Pred.Control)
	}
	return nil
}

func dstType(t Type) bool {
	switch t {
	case TypeHF, TypeF, TypeW, TypeUW, TypeD, TypeUD:
		return true
	}
	return false
}

// paramName names parameter slot i of operation o in errors: "parameter 1
// (v)", or "parameter 5 (beyond the table)".
func paramName(o *OpInfo, i int) string {
	if i < len(o.Params) {
		return fmt.Sprintf("parameter %d (%s)", i, o.Params[i])
	}
	return fmt.Sprintf("parameter %d (beyond %s's table)", i, o.Mnemonic)
}

func paramList(ps []Param) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += " "
		}
		s += p.String()
	}
	return s
}
