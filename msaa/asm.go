package msaa

import (
	"fmt"
	"strconv"
	"strings"
)

// Target is a GPU generation whose image_msaa_load encoding the model knows.
type Target uint8

// The targets.
const (
	GFX1030 Target = iota // RDNA 2 (gfx10.3): MIMG, opcode 0x80
	GFX1100               // RDNA 3 (gfx11): MIMG, opcode 0x18
)

// String returns "gfx1030" or "gfx1100".
func (t Target) String() string {
	switch t {
	case GFX1030:
		return "gfx1030"
	case GFX1100:
		return "gfx1100"
	}
	return fmt.Sprintf("invalid(%d)", uint8(t))
}

// ParseTarget accepts "gfx1030" (or "gfx10.3") and "gfx1100" (or "gfx11").
func ParseTarget(s string) (Target, error) {
	switch strings.ToLower(s) {
	case "gfx1030", "gfx10.3":
		return GFX1030, nil
	case "gfx1100", "gfx11":
		return GFX1100, nil
	}
	return 0, &Error{Field: "target", Value: s, Reason: "is not a target (gfx1030 or gfx1100)"}
}

// Dim is the MIMG dim field: the resource type the address is for.
type Dim uint8

// The dims, in encoding order.
const (
	Dim1D Dim = iota
	Dim2D
	Dim3D
	DimCube
	Dim1DArray
	Dim2DArray
	Dim2DMSAA
	Dim2DMSAAArray
)

var dimNames = [...]string{"1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"}
var dimCoords = [...]int{1, 2, 3, 3, 2, 3, 3, 4}

// String returns the dim as LLVM prints it, e.g. "SQ_RSRC_IMG_2D_MSAA".
func (d Dim) String() string {
	if int(d) < len(dimNames) {
		return "SQ_RSRC_IMG_" + dimNames[d]
	}
	return fmt.Sprintf("invalid(%d)", uint8(d))
}

// MSAA reports whether d is a multisample dim.
func (d Dim) MSAA() bool { return d == Dim2DMSAA || d == Dim2DMSAAArray }

// Coords returns the number of address components of d: x, y and the
// fragment index for 2D_MSAA, and the slice too for 2D_MSAA_ARRAY.
func (d Dim) Coords() int { return dimCoords[d&7] }

// Register file limits (the last register of each file).
const (
	lastVGPR = 255
	lastSGPR = 105
	lastTTMP = 15
	ttmpBase = 108 // encoding of ttmp0 in the srsrc field (×4)
)

// Inst is one image_msaa_load instruction.
type Inst struct {
	VData     uint8 // first destination VGPR
	VDataRegs int   // number of destination VGPRs
	// VAddr holds the address VGPRs: one per address dword; contiguous
	// unless NSA.
	VAddr []uint8
	NSA   bool  // the address is a non-sequential list "[v4, v9, v6]"
	SRsrc uint8 // first register of the resource descriptor: s0–s105 as 0–105, ttmp0–15 as 108–123
	// DMask is the dmask as written (LLVM keeps and prints the whole
	// value); only its low 4 bits are encoded.
	DMask                    int64
	Dim                      Dim
	HasDim                   bool
	Unorm, GLC, SLC, DLC     bool
	R128, A16, TFE, LWE, D16 bool
}

// AddrDwords returns the number of address dwords the dim and a16 need.
func (in *Inst) AddrDwords() int {
	n := in.Dim.Coords()
	if in.A16 {
		n = (n + 1) / 2
	}
	return n
}

// DataDwords returns the number of destination dwords the target, dmask,
// d16 and tfe need, as LLVM 15 computes it: on gfx1030 one per dmask bit
// (dmask 0 counts as 1; d16 packs two per dword), on gfx1100 always four
// (two with d16), as for gathers; plus one for tfe.
func (in *Inst) DataDwords(t Target) int {
	n := 4
	if t == GFX1030 {
		n = popcount4(in.DMask)
	}
	if in.D16 {
		n = (n + 1) / 2
	}
	if in.TFE {
		n++
	}
	return n
}

func popcount4(m int64) int {
	m &= 15
	if m == 0 {
		return 1
	}
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// String prints the instruction as LLVM's disassembler and assembler
// (-show-encoding) print it.
func (in *Inst) String() string {
	var b strings.Builder
	b.WriteString("image_msaa_load ")
	b.WriteString(vrange(in.VData, in.VDataRegs))
	b.WriteString(", ")
	if in.NSA {
		b.WriteByte('[')
		for i, r := range in.VAddr {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "v%d", r)
		}
		b.WriteByte(']')
	} else {
		first := uint8(0)
		if len(in.VAddr) > 0 {
			first = in.VAddr[0]
		}
		b.WriteString(vrange(first, len(in.VAddr)))
	}
	b.WriteString(", ")
	if in.SRsrc >= ttmpBase {
		fmt.Fprintf(&b, "ttmp[%d:%d]", in.SRsrc-ttmpBase, in.SRsrc-ttmpBase+7)
	} else {
		fmt.Fprintf(&b, "s[%d:%d]", in.SRsrc, int(in.SRsrc)+7)
	}
	if in.DMask != 0 {
		b.WriteString(" dmask:" + hexImm(in.DMask))
	}
	if in.HasDim {
		b.WriteString(" dim:" + in.Dim.String())
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{in.Unorm, "unorm"}, {in.GLC, "glc"}, {in.SLC, "slc"}, {in.DLC, "dlc"}, {in.R128, "r128"},
		{in.A16, "a16"}, {in.TFE, "tfe"}, {in.LWE, "lwe"}, {in.D16, "d16"}} {
		if f.on {
			b.WriteString(" " + f.name)
		}
	}
	return b.String()
}

// hexImm prints an immediate as LLVM's printer does: values that fit a
// signed 16-bit integer as 16 bits, the others as their low 32 bits.
func hexImm(v int64) string {
	if v >= -1<<15 && v < 1<<15 {
		return fmt.Sprintf("0x%x", uint16(v))
	}
	return fmt.Sprintf("0x%x", uint32(v))
}

func vrange(first uint8, n int) string {
	if n == 1 {
		return fmt.Sprintf("v%d", first)
	}
	return fmt.Sprintf("v[%d:%d]", first, int(first)+n-1)
}

// AsmError is an assembly error at a column (1-based) of the line.
type AsmError struct {
	Col int
	Msg string
}

// Error returns "COL: MESSAGE".
func (e *AsmError) Error() string { return fmt.Sprintf("%d: %s", e.Col, e.Msg) }

// The messages of the assembler's errors, in LLVM's words.
const (
	msgInvalidOperand  = "invalid operand for instruction"
	msgNotForGPU       = "operands are not valid for this GPU or mode"
	msgDataSize        = "image data size does not match dmask, d16 and tfe"
	msgAddrSize        = "image address size does not match dim and a16"
	msgNotMSAA         = "invalid dim; must be MSAA type"
	msgGatherDMask     = "invalid image_gather dmask: only one bit must be set"
	msgDupCPol         = "duplicate cache policy modifier"
	msgTooFew          = "too few operands for instruction"
	msgInvalidDim      = "invalid dim value"
	msgCloseBracket    = "expected a closing square bracket"
	msgIndexOrder      = "first register index should not exceed second index"
	msgIndexRange      = "register index is out of range"
	msgAlignment       = "invalid register alignment"
	msgRegSize         = "invalid or unsupported register size"
	msgUnknownToken    = "unknown token in expression"
	msgNotOperand      = "not a valid operand."
	msgAbsExpr         = "expected absolute expression"
	msgUnknownMnemonic = "invalid instruction: the model assembles only image_msaa_load"
)

type regKind uint8

const (
	regNone regKind = iota
	regV
	regS
	regTTMP
	regA
	regSpecial // exec, vcc, m0, …
)

type operand struct {
	col    int
	kind   regKind
	first  int
	count  int
	nsa    []int // NSA list: VGPR numbers (count 1 each)
	nsaOK  []bool
	nsaCol []int
	isNSA  bool
	// modifier
	mod   string
	val   int64
	dim   Dim
	isMod bool
}

type parser struct {
	s   string
	pos int
}

func (p *parser) col() int { return p.pos + 1 }

func (p *parser) skipSpace() {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t') {
		p.pos++
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func (p *parser) ident() string {
	st := p.pos
	if p.pos < len(p.s) && isIdentStart(p.s[p.pos]) {
		for p.pos < len(p.s) && isIdentChar(p.s[p.pos]) {
			p.pos++
		}
	}
	return p.s[st:p.pos]
}

// number parses an integer literal (decimal, 0x hex, 0b binary) with an
// optional minus sign.
func (p *parser) number() (int64, bool) {
	st := p.pos
	neg := false
	if p.pos < len(p.s) && p.s[p.pos] == '-' {
		neg = true
		p.pos++
		p.skipSpace()
	}
	ds := p.pos
	for p.pos < len(p.s) && isIdentChar(p.s[p.pos]) {
		p.pos++
	}
	lit := strings.ToLower(p.s[ds:p.pos])
	if lit == "" || lit[0] < '0' || lit[0] > '9' {
		p.pos = st
		return 0, false
	}
	base := 10
	switch {
	case strings.HasPrefix(lit, "0x"):
		base, lit = 16, lit[2:]
	case strings.HasPrefix(lit, "0b"):
		base, lit = 2, lit[2:]
	}
	u, err := strconv.ParseUint(lit, base, 64)
	if err != nil {
		p.pos = st
		return 0, false
	}
	v := int64(u)
	if neg {
		v = -v
	}
	return v, true
}

var specialRegs = map[string]bool{"exec": true, "vcc": true, "m0": true, "scc": true, "exec_lo": true,
	"exec_hi": true, "vcc_lo": true, "vcc_hi": true, "null": true, "off": true}

// register parses a register at the current position, if there is one.
func (p *parser) register() (operand, error, bool) {
	st := p.pos
	op := operand{col: p.col()}
	name := p.ident()
	var kind regKind
	var rest string
	switch {
	case specialRegs[name]:
		op.kind, op.count = regSpecial, 1
		return op, nil, true
	case strings.HasPrefix(name, "ttmp"):
		kind, rest = regTTMP, name[4:]
	case strings.HasPrefix(name, "v"):
		kind, rest = regV, name[1:]
	case strings.HasPrefix(name, "s"):
		kind, rest = regS, name[1:]
	case strings.HasPrefix(name, "a"):
		kind, rest = regA, name[1:]
	}
	if kind == regNone {
		p.pos = st
		return op, nil, false
	}
	op.kind = kind
	if rest != "" {
		n, err := strconv.Atoi(rest)
		if err != nil || rest[0] == '+' || rest[0] == '-' {
			p.pos = st
			return op, nil, false
		}
		op.first, op.count = n, 1
	} else {
		p.skipSpace()
		if p.pos >= len(p.s) || p.s[p.pos] != '[' {
			p.pos = st
			return op, nil, false
		}
		p.pos++
		p.skipSpace()
		fcol := p.col()
		a, ok := p.number()
		if !ok || a < 0 {
			return op, &AsmError{p.col(), "expected a register index"}, true
		}
		b := a
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == ':' {
			p.pos++
			p.skipSpace()
			if b, ok = p.number(); !ok || b < 0 {
				return op, &AsmError{p.col(), "expected a register index"}, true
			}
			p.skipSpace()
		}
		if p.pos >= len(p.s) || p.s[p.pos] != ']' {
			return op, &AsmError{p.col(), msgCloseBracket}, true
		}
		p.pos++
		if a > b {
			return op, &AsmError{fcol, msgIndexOrder}, true
		}
		if b > 1<<20 {
			return op, &AsmError{op.col, msgIndexRange}, true
		}
		op.first, op.count = int(a), int(b-a+1)
	}
	if kind == regS || kind == regTTMP {
		if al := min(op.count, 4); op.first%al != 0 {
			return op, &AsmError{op.col, msgAlignment}, true
		}
	}
	switch op.count {
	case 1, 2, 3, 4, 5, 6, 7, 8, 16, 32:
	default:
		return op, &AsmError{op.col, msgRegSize}, true
	}
	last := lastVGPR
	switch kind {
	case regS:
		last = lastSGPR
	case regTTMP:
		last = lastTTMP
	}
	if op.first+op.count-1 > last {
		return op, &AsmError{op.col, msgIndexRange}, true
	}
	return op, nil, true
}

// modifierNames maps each modifier to its rank in LLVM's operand order;
// the cache-policy bits (rank 3) share one operand.
var modifierRank = map[string]int{
	"dmask": 0, "dim": 1, "unorm": 2, "glc": 3, "slc": 3, "dlc": 3, "r128": 4, "a16": 5, "tfe": 6, "lwe": 7, "d16": 8,
}

// Parse assembles one line of text for target t. It accepts what LLVM 15's
// AMDGPU assembler accepts for image_msaa_load on that target and rejects
// what it rejects, with LLVM's message at LLVM's column where the model
// knows them (see docs/MSAA.md for the known differences).
func Parse(t Target, line string) (*Inst, error) {
	if i := strings.Index(line, ";"); i >= 0 {
		line = line[:i]
	}
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	p := &parser{s: line}
	p.skipSpace()
	mcol := p.col()
	mn := p.ident()
	if strings.ToLower(mn) != "image_msaa_load" || (p.pos < len(p.s) && p.s[p.pos] != ' ' && p.s[p.pos] != '\t') {
		return nil, &AsmError{mcol, msgUnknownMnemonic}
	}
	var ops []operand
	cpol := map[string]bool{}
	for {
		p.skipSpace()
		if p.pos >= len(p.s) {
			break
		}
		if len(ops) > 0 && p.s[p.pos] == ',' {
			p.pos++
			p.skipSpace()
			if p.pos >= len(p.s) {
				return nil, &AsmError{p.col(), msgNotOperand}
			}
			if p.s[p.pos] == ',' {
				return nil, &AsmError{p.col(), msgUnknownToken}
			}
		}
		op, err := p.operand()
		if err != nil {
			return nil, err
		}
		if op.isMod && modifierRank[op.mod] == 3 {
			if cpol[op.mod] {
				return nil, &AsmError{op.col, msgDupCPol}
			}
			cpol[op.mod] = true
		}
		ops = append(ops, op)
	}
	return match(t, ops)
}

func (p *parser) operand() (operand, error) {
	c := p.s[p.pos]
	if c == '[' {
		return p.nsa()
	}
	st := p.pos
	if w := p.ident(); modifierRank[w] == 0 && modifierRank[strings.TrimPrefix(w, "no")] == 0 && w != "dmask" && w != "nodmask" {
		p.pos = st
		if op, err, ok := p.register(); ok {
			return op, err
		}
	}
	p.pos = st
	op := operand{col: p.col(), isMod: true}
	name := p.ident()
	if name == "" {
		if _, isNum := p.number(); isNum {
			op.mod = "?number"
			return op, nil
		}
		return op, &AsmError{p.col(), msgNotOperand}
	}
	base := strings.TrimPrefix(name, "no")
	switch {
	case name == "dmask" || name == "dim":
		p.skipSpace()
		if p.pos >= len(p.s) || p.s[p.pos] != ':' {
			return op, &AsmError{p.col(), "expected a colon"}
		}
		p.pos++
		p.skipSpace()
		op.mod = name
		if name == "dmask" {
			v, err := p.expression()
			if err != nil {
				return op, err
			}
			if p.skipSpace(); p.pos < len(p.s) && p.s[p.pos] == ')' {
				return op, &AsmError{p.col(), msgUnknownToken}
			}
			op.val = v
			return op, nil
		}
		vcol := p.col()
		st := p.pos
		for p.pos < len(p.s) && isIdentChar(p.s[p.pos]) {
			p.pos++
		}
		d, ok := parseDim(p.s[st:p.pos])
		if !ok {
			return op, &AsmError{vcol, msgInvalidDim}
		}
		op.dim = d
		return op, nil
	case modifierRank[name] >= 2 || name == "unorm":
		op.mod, op.val = name, 1
	case modifierRank[base] >= 2 || base == "unorm":
		op.mod, op.val = base, 0
	default:
		p.pos = st
		// Anything else is an expression LLVM cannot match to an operand.
		for p.pos < len(p.s) && p.s[p.pos] != ' ' && p.s[p.pos] != ',' && p.s[p.pos] != '\t' {
			p.pos++
		}
		op.mod = "?" + name
		return op, nil
	}
	if p.pos < len(p.s) && p.s[p.pos] == ':' {
		return op, &AsmError{p.col(), msgUnknownToken}
	}
	return op, nil
}

func parseDim(v string) (Dim, bool) {
	v = strings.TrimPrefix(v, "SQ_RSRC_IMG_")
	for i, n := range dimNames {
		if strings.EqualFold(v, n) {
			return Dim(i), true
		}
	}
	return 0, false
}

func (p *parser) nsa() (operand, error) {
	op := operand{col: p.col(), isNSA: true, kind: regV}
	p.pos++
	for {
		p.skipSpace()
		r, err, ok := p.register()
		if err != nil {
			return op, err
		}
		if !ok && len(op.nsa) == 0 {
			return op, &AsmError{p.col(), "expected a register"}
		}
		if !ok {
			return op, &AsmError{r.col, msgInvalidOperand}
		}
		op.nsa = append(op.nsa, r.first)
		op.nsaOK = append(op.nsaOK, r.kind == regV && r.count == 1)
		op.nsaCol = append(op.nsaCol, r.col)
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos >= len(p.s) || p.s[p.pos] != ']' {
			return op, &AsmError{p.col(), "expected a comma or a closing square bracket"}
		}
		p.pos++
		op.count = len(op.nsa)
		return op, nil
	}
}

// match checks the operands against the instruction's forms on t, in
// LLVM's order: operand classes and modifier order, the target's forms,
// then the semantic checks.
func match(t Target, ops []operand) (*Inst, error) {
	in := &Inst{}
	if len(ops) < 3 {
		for _, op := range ops {
			if op.isMod {
				return nil, &AsmError{op.col, msgInvalidOperand}
			}
		}
		return nil, &AsmError{1, msgTooFew}
	}
	vd, va, sr := ops[0], ops[1], ops[2]
	if vd.isMod || vd.isNSA || vd.kind != regV || vd.count > 5 {
		return nil, &AsmError{vd.col, msgInvalidOperand}
	}
	if va.isNSA {
		for i, good := range va.nsaOK {
			if !good || i == 4 {
				return nil, &AsmError{va.nsaCol[i], msgInvalidOperand}
			}
		}
	}
	if va.isMod || va.kind != regV || va.count > 4 {
		return nil, &AsmError{va.col, msgInvalidOperand}
	}
	if sr.isMod || (sr.kind != regS && sr.kind != regTTMP) || sr.count != 8 {
		return nil, &AsmError{sr.col, msgInvalidOperand}
	}
	in.VData, in.VDataRegs = uint8(vd.first), vd.count
	if va.isNSA && va.count > 1 {
		in.NSA = true
		for _, r := range va.nsa {
			in.VAddr = append(in.VAddr, uint8(r))
		}
	} else {
		for i := 0; i < va.count; i++ {
			in.VAddr = append(in.VAddr, uint8(va.first+i))
		}
		if va.isNSA {
			in.VAddr = []uint8{uint8(va.nsa[0])}
		}
	}
	in.SRsrc = uint8(sr.first)
	if sr.kind == regTTMP {
		in.SRsrc += ttmpBase
	}
	last := -1
	cpolSeen := map[string]bool{}
	var dmaskCol, dimCol int
	for _, op := range ops[3:] {
		if !op.isMod {
			return nil, &AsmError{op.col, msgInvalidOperand}
		}
		rank, known := modifierRank[op.mod]
		if !known {
			return nil, &AsmError{op.col, msgInvalidOperand}
		}
		if rank == 3 {
			first := len(cpolSeen) == 0
			cpolSeen[op.mod] = true
			if first {
				if rank <= last {
					return nil, &AsmError{op.col, msgInvalidOperand}
				}
				last = rank
			}
		} else {
			if rank <= last {
				return nil, &AsmError{op.col, msgInvalidOperand}
			}
			last = rank
		}
		on := op.val != 0
		switch op.mod {
		case "dmask":
			in.DMask, dmaskCol = op.val, op.col
		case "dim":
			in.Dim, in.HasDim, dimCol = op.dim, true, op.col
		case "unorm":
			in.Unorm = on
		case "glc":
			in.GLC = on
		case "slc":
			in.SLC = on
		case "dlc":
			in.DLC = on
		case "r128":
			in.R128 = on
		case "a16":
			in.A16 = on
		case "tfe":
			in.TFE = on
		case "lwe":
			in.LWE = on
		case "d16":
			in.D16 = on
		}
	}
	if !in.HasDim && len(ops) == 3 && !(t == GFX1100 && in.VDataRegs < 2) {
		return nil, &AsmError{1, "dim modifier is required on this GPU"}
	}
	if !in.HasDim || (t == GFX1100 && in.VDataRegs < 2) {
		return nil, &AsmError{1, msgNotForGPU}
	}
	if !in.Dim.MSAA() {
		return nil, &AsmError{dimCol, msgNotMSAA}
	}
	if in.VDataRegs != in.DataDwords(t) {
		return nil, &AsmError{1, msgDataSize}
	}
	if len(in.VAddr) != in.AddrDwords() {
		return nil, &AsmError{1, msgAddrSize}
	}
	if t == GFX1100 && popcountExact(in.DMask) != 1 {
		col := dmaskCol
		if col == 0 {
			col = 1
		}
		return nil, &AsmError{col, msgGatherDMask}
	}
	return in, nil
}

func popcountExact(m int64) int {
	m &= 15
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
