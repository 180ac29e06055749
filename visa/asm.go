package visa

import (
	"fmt"
	"strconv"
	"strings"
)

// token is one lexical token of a line: a word (letters, digits, _, %, $,
// and for numbers x), a punctuation character, or a quoted string.
type token struct {
	text string
	col  int // 1-based column of the first character
	str  bool
}

func isWordByte(c byte) bool {
	return c == '_' || c == '%' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// lexLine splits a line (without comments) into tokens.
func lexLine(line string, lineNo int) ([]token, error) {
	var toks []token
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '"':
			j := strings.IndexByte(line[i+1:], '"')
			if j < 0 {
				return nil, &Error{Line: lineNo, Col: i + 1, Offset: -1, Msg: "unterminated string"}
			}
			toks = append(toks, token{text: line[i+1 : i+1+j], col: i + 1, str: true})
			i += j + 2
		case isWordByte(c) || c == '-' && i+1 < len(line) && line[i+1] >= '0' && line[i+1] <= '9':
			j := i + 1
			for j < len(line) && isWordByte(line[j]) {
				j++
			}
			toks = append(toks, token{text: line[i:j], col: i + 1})
			i = j
		case strings.IndexByte("().,<>;!:=+-*/%&|^~?", c) >= 0:
			toks = append(toks, token{text: line[i : i+1], col: i + 1})
			i++
		default:
			return nil, &Error{Line: lineNo, Col: i + 1, Offset: -1, Msg: fmt.Sprintf("unexpected character %q", c)}
		}
	}
	return toks, nil
}

// parser reads the tokens of one line.
type parser struct {
	k    *Kernel
	line int
	toks []token
	pos  int
	end  int // column just past the line's end, for errors at the end
}

func (p *parser) errAt(col int, format string, args ...any) error {
	return &Error{Line: p.line, Col: col, Offset: -1, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) errf(format string, args ...any) error {
	return p.errAt(p.col(), format, args...)
}

func (p *parser) col() int {
	if p.pos < len(p.toks) {
		return p.toks[p.pos].col
	}
	return p.end
}

func (p *parser) peek() string {
	if p.pos < len(p.toks) && !p.toks[p.pos].str {
		return p.toks[p.pos].text
	}
	return ""
}

func (p *parser) atEnd() bool { return p.pos >= len(p.toks) }

func (p *parser) next() (token, error) {
	if p.pos >= len(p.toks) {
		return token{}, p.errf("unexpected end of line")
	}
	t := p.toks[p.pos]
	p.pos++
	return t, nil
}

func (p *parser) expect(s string) error {
	if p.peek() != s {
		if p.atEnd() {
			return p.errf("expected %q, found the end of the line", s)
		}
		return p.errf("expected %q, found %q", s, p.toks[p.pos].text)
	}
	p.pos++
	return nil
}

func (p *parser) word(what string) (token, error) {
	if p.atEnd() || p.toks[p.pos].str || !isWordByte(p.toks[p.pos].text[0]) && len(p.toks[p.pos].text) == 1 {
		if p.atEnd() {
			return token{}, p.errf("expected %s, found the end of the line", what)
		}
		return token{}, p.errf("expected %s, found %q", what, p.toks[p.pos].text)
	}
	t := p.toks[p.pos]
	p.pos++
	return t, nil
}

func (p *parser) number(what string, min, max int64) (int64, int, error) {
	t, err := p.word(what)
	if err != nil {
		return 0, 0, err
	}
	v, err := strconv.ParseInt(t.text, 0, 64)
	if err != nil {
		return 0, t.col, p.errAt(t.col, "%s: %q is not a number", what, t.text)
	}
	if v < min || v > max {
		return 0, t.col, p.errAt(t.col, "%s: %d is out of range (%d..%d)", what, v, min, max)
	}
	return v, t.col, nil
}

// Assemble parses a kernel in IGC's vISA assembly: a ".version" line, a
// ".kernel" line, ".decl" lines for the general (G), predicate (P), sampler
// (S) and surface (T) variables, an optional ".kernel_attr Target=..." line,
// and instructions: the sampler instructions of 3D_SAMPLE, 3D_SAMPLE4 and
// INFO, and ret. Comments run from "//" to the end of the line. The kernel
// is validated (Kernel.Validate); errors are *Error values with the line and
// column.
func Assemble(src string) (*Kernel, error) {
	k := &Kernel{Version: DefaultVersion}
	names := map[string]bool{}
	sawVersion, sawKernel := false, false
	lines := strings.Split(src, "\n")
	for ln, line := range lines {
		lineNo := ln + 1
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		toks, err := lexLine(line, lineNo)
		if err != nil {
			return nil, err
		}
		if len(toks) == 0 {
			continue
		}
		p := &parser{k: k, line: lineNo, toks: toks, end: len(line) + 1}
		switch {
		case p.peek() == "." && p.pos+1 < len(toks):
			p.pos++
			dir, _ := p.next()
			switch dir.text {
			case "version":
				if sawVersion || sawKernel {
					return nil, p.errAt(dir.col, ".version must come first, once")
				}
				sawVersion = true
				t, err := p.word("a version such as 4.1")
				if err != nil {
					return nil, err
				}
				if err := p.expect("."); err != nil {
					return nil, err
				}
				t2, err := p.word("the minor version")
				if err != nil {
					return nil, err
				}
				maj, e1 := strconv.ParseUint(t.text, 10, 8)
				minr, e2 := strconv.ParseUint(t2.text, 10, 8)
				v := Version{uint8(maj), uint8(minr)}
				if e1 != nil || e2 != nil || !v.supported() {
					return nil, p.errAt(t.col, "version %s.%s is not supported (want 3.6 or 4.1)", t.text, t2.text)
				}
				k.Version = v
			case "kernel":
				if sawKernel {
					return nil, p.errAt(dir.col, "a second .kernel: one kernel per file")
				}
				sawKernel = true
				if p.atEnd() || !p.toks[p.pos].str {
					return nil, p.errf(".kernel needs a quoted name")
				}
				k.Name = p.toks[p.pos].text
				p.pos++
			case "decl":
				if !sawKernel {
					return nil, p.errAt(dir.col, ".decl before .kernel")
				}
				if err := p.decl(names); err != nil {
					return nil, err
				}
			case "input":
				if !sawKernel {
					return nil, p.errAt(dir.col, ".input before .kernel")
				}
				if err := p.input(); err != nil {
					return nil, err
				}
			case "kernel_attr":
				t, err := p.word("an attribute name")
				if err != nil {
					return nil, err
				}
				if t.text != "Target" {
					return nil, p.errAt(t.col, "kernel attribute %q is not supported (only Target)", t.text)
				}
				if err := p.expect("="); err != nil {
					return nil, err
				}
				if p.atEnd() || !p.toks[p.pos].str || p.toks[p.pos].text != "3d" {
					return nil, p.errf("Target must be \"3d\"")
				}
				p.pos++
				// GenX_IR 1.0.12504 prints the first instruction on the
				// .kernel_attr line.
				if !p.atEnd() {
					in, err := p.inst()
					if err != nil {
						return nil, err
					}
					k.Insts = append(k.Insts, in)
				}
			default:
				return nil, p.errAt(dir.col, "unknown directive .%s (want .version, .kernel, .decl, .input or .kernel_attr)", dir.text)
			}
		default:
			if !sawKernel {
				return nil, p.errf("instruction before .kernel")
			}
			in, err := p.inst()
			if err != nil {
				return nil, err
			}
			k.Insts = append(k.Insts, in)
		}
		if !p.atEnd() {
			return nil, p.errf("unexpected %q at the end of the line", p.toks[p.pos].text)
		}
	}
	if !sawKernel {
		return nil, &Error{Line: len(lines), Col: 1, Offset: -1, Msg: "no .kernel line"}
	}
	if err := k.Validate(); err != nil {
		return nil, err
	}
	return k, nil
}

// attrs reads key=value pairs to the end of the line.
func (p *parser) attrs() (map[string]token, error) {
	m := map[string]token{}
	for !p.atEnd() {
		key, err := p.word("an attribute")
		if err != nil {
			return nil, err
		}
		if err := p.expect("="); err != nil {
			return nil, err
		}
		if _, dup := m[key.text]; dup {
			return nil, p.errAt(key.col, "attribute %s given twice", key.text)
		}
		// A value is a word, or for alias <name, offset>.
		if p.peek() == "<" {
			p.pos++
			name, err := p.word("the aliased variable")
			if err != nil {
				return nil, err
			}
			if err := p.expect(","); err != nil {
				return nil, err
			}
			off, err := p.word("the alias offset")
			if err != nil {
				return nil, err
			}
			if err := p.expect(">"); err != nil {
				return nil, err
			}
			m[key.text] = name
			m[key.text+".offset"] = off
			continue
		}
		val, err := p.word("a value for " + key.text)
		if err != nil {
			return nil, err
		}
		m[key.text] = val
		_ = key
	}
	return m, nil
}

func (p *parser) decl(names map[string]bool) error {
	nameTok, err := p.word("a variable name")
	if err != nil {
		return err
	}
	name := nameTok.text
	if names[name] {
		return p.errAt(nameTok.col, "variable %s declared twice", name)
	}
	if strings.HasPrefix(name, "%") {
		return p.errAt(nameTok.col, "%s: names starting with %% are IGC's predefined variables", name)
	}
	a, err := p.attrs()
	if err != nil {
		return err
	}
	get := func(key string) (token, bool) { t, ok := a[key]; delete(a, key); return t, ok }
	vt, ok := get("v_type")
	if !ok {
		return p.errAt(nameTok.col, "%s: v_type is missing", name)
	}
	d := Decl{Name: name, Elems: 1}
	if ne, ok := get("num_elts"); ok {
		v, err := strconv.ParseInt(ne.text, 0, 32)
		if err != nil || v < 1 || v > 0xffff {
			return p.errAt(ne.col, "num_elts=%s: want 1..65535", ne.text)
		}
		d.Elems = int(v)
	} else {
		return p.errAt(nameTok.col, "%s: num_elts is missing", name)
	}
	switch vt.text {
	case "G":
		d.Kind = General
		tt, ok := get("type")
		if !ok {
			return p.errAt(nameTok.col, "%s: type is missing", name)
		}
		t, ok := parseType(tt.text)
		if !ok {
			return p.errAt(tt.col, "type=%s: unknown type (want ud, d, uw, w, ub, b, df, f, uq, q or hf)", tt.text)
		}
		d.Type = t
		if at, ok := get("alias"); ok {
			ot, _ := get("alias.offset")
			off, err := strconv.ParseUint(ot.text, 0, 16)
			if err != nil {
				return p.errAt(ot.col, "alias offset %q: want 0..65535", ot.text)
			}
			pi := p.k.VarIndex(at.text)
			if pi < 0 {
				return p.errAt(at.col, "alias=<%s, ...>: %s is not a declared general variable (predefined variables are not supported)", at.text, at.text)
			}
			if int(off)+d.Elems*d.Type.Size() > p.k.Vars[pi].Bytes() {
				return p.errAt(ot.col, "alias=<%s, %d>: %s's %d bytes do not fit in %s's %d bytes", at.text, off, name, d.Elems*d.Type.Size(), at.text, p.k.Vars[pi].Bytes())
			}
			d.Alias, d.AliasOffset = at.text, int(off)
		}
		if al, ok := get("align"); ok {
			found := false
			for i, n := range alignNames {
				if n == al.text {
					d.Align, found = Align(i), true
				}
			}
			if !found {
				return p.errAt(al.col, "align=%s: unknown alignment (want %s)", al.text, strings.Join(alignNames[:], ", "))
			}
		}
		p.k.Vars = append(p.k.Vars, d)
	case "P":
		d.Kind = Predicate
		if d.Elems > 32 {
			return p.errAt(nameTok.col, "%s: num_elts=%d: a predicate has at most 32 elements", name, d.Elems)
		}
		p.k.Preds = append(p.k.Preds, d)
	case "S", "T":
		d.Kind = Sampler
		if vt.text == "T" {
			d.Kind = Surface
		}
		if d.Elems != 1 {
			return p.errAt(nameTok.col, "%s: num_elts=%d: only single sampler and surface variables are supported", name, d.Elems)
		}
		if vn, ok := get("v_name"); ok {
			d.VName = vn.text
		}
		if d.Kind == Sampler {
			p.k.Samplers = append(p.k.Samplers, d)
		} else {
			p.k.Surfaces = append(p.k.Surfaces, d)
		}
	default:
		return p.errAt(vt.col, "v_type=%s: want G, P, S or T", vt.text)
	}
	for key, t := range a {
		return p.errAt(t.col, "attribute %s is not supported on v_type=%s", key, vt.text)
	}
	names[name] = true
	return nil
}

// input parses ".input VAR offset=N [size=M]"; the size defaults to the
// variable's.
func (p *parser) input() error {
	t, err := p.word("an input variable")
	if err != nil {
		return err
	}
	v := p.k.VarIndex(t.text)
	if v < 0 {
		return p.errAt(t.col, ".input %s: not a declared general variable (sampler and surface inputs are not supported)", t.text)
	}
	in := Input{Var: v, Size: p.k.Vars[v].Bytes()}
	for _, key := range []string{"offset", "size"} {
		if p.atEnd() && key == "size" {
			break
		}
		kt, err := p.word(key)
		if err != nil {
			return err
		}
		if kt.text != key {
			return p.errAt(kt.col, ".input: expected %s=, found %q", key, kt.text)
		}
		if err := p.expect("="); err != nil {
			return err
		}
		lo, hi := int64(-0x8000), int64(0x7fff)
		if key == "size" {
			lo, hi = 0, 0xffff
		}
		n, _, err := p.number(key, lo, hi)
		if err != nil {
			return err
		}
		if key == "offset" {
			in.Offset = int(n)
		} else {
			in.Size = int(n)
		}
	}
	p.k.Inputs = append(p.k.Inputs, in)
	return nil
}

func (p *parser) inst() (Inst, error) {
	in := Inst{Pred: NoPred, Line: p.line, Col: p.col(), Offset: -1}
	if p.peek() == "(" {
		if err := p.pred(&in); err != nil {
			return in, err
		}
	}
	mt, err := p.word("a mnemonic")
	if err != nil {
		return in, err
	}
	if mt.text == "ret" {
		in.Opcode = OpcodeRet
		if err := p.execSize(&in); err != nil {
			return in, err
		}
		if in.ExecSize != 1 || in.EMask != M1 {
			return in, p.errAt(mt.col, "ret must be (M1, 1)")
		}
		return in, nil
	}
	o, ok := LookupMnemonic(mt.text)
	if !ok {
		return in, p.errAt(mt.col, "unknown mnemonic %q (want a 3D_SAMPLE, 3D_SAMPLE4 or INFO operation such as sample_3d, sample4_c or resinfo, or ret)", mt.text)
	}
	in.Opcode, in.Op = o.Opcode, o
	if o.Opcode == OpcodeInfo && in.Pred.Var >= 0 {
		return in, p.errAt(in.Col, "%s takes no predicate", o.Mnemonic)
	}
	// Modifiers in IGC's grammar order (.pixel_null_mask, .cps, .divS, each
	// at most once), then the channels.
	modRank := 0
	for {
		if err := p.expect("."); err != nil {
			return in, p.errf("%s needs a channel suffix such as .RGBA", o.Mnemonic)
		}
		t, err := p.word("a modifier or channels")
		if err != nil {
			return in, err
		}
		var flag *bool
		rank := 0
		switch t.text {
		case "pixel_null_mask":
			flag, rank = &in.PixelNullMask, 1
		case "cps":
			flag, rank = &in.CPS, 2
		case "divS":
			flag, rank = &in.NonUniform, 3
		}
		if flag != nil {
			if *flag {
				return in, p.errAt(t.col, ".%s given twice", t.text)
			}
			if rank < modRank {
				return in, p.errAt(t.col, ".%s after .%s: the modifiers go in the order .pixel_null_mask, .cps, .divS (IGC's grammar)", t.text, modNames[modRank])
			}
			*flag, modRank = true, rank
			continue
		}
		mask, ok := parseChannels(t.text)
		if !ok {
			return in, p.errAt(t.col, "%q is neither a modifier (.pixel_null_mask, .cps, .divS) nor a channel mask (R, G, B, A in that order)", t.text)
		}
		if o.Opcode == OpcodeSample4 {
			switch mask {
			case 1, 2, 4, 8:
				in.Channels = uint8(map[uint8]int{1: 0, 2: 1, 4: 2, 8: 3}[mask])
			default:
				return in, p.errAt(t.col, "%s: the source channel must be one of R, G, B, A, got %s", o.Mnemonic, t.text)
			}
		} else {
			in.Channels = mask
		}
		break
	}
	if err := p.execSize(&in); err != nil {
		return in, err
	}
	if o.Opcode == OpcodeInfo {
		if in.Surface, err = p.state(p.k.Surfaces, "surface"); err != nil {
			return in, err
		}
		in.LOD = Null
		if o.Sub == ResInfo {
			if in.LOD, err = p.raw("lod"); err != nil {
				return in, err
			}
		}
		if in.Dst, err = p.raw("dst"); err != nil {
			return in, err
		}
		return in, nil
	}
	if err := p.aoffimmi(&in); err != nil {
		return in, err
	}
	if in.Sampler, err = p.state(p.k.Samplers, "sampler"); err != nil {
		return in, err
	}
	if in.Surface, err = p.state(p.k.Surfaces, "surface"); err != nil {
		return in, err
	}
	if in.Dst, err = p.raw("dst"); err != nil {
		return in, err
	}
	for !p.atEnd() {
		if len(in.Params) == 15 {
			return in, p.errf("more than 15 parameters")
		}
		r, err := p.raw(fmt.Sprintf("parameter %d", len(in.Params)))
		if err != nil {
			return in, err
		}
		in.Params = append(in.Params, r)
	}
	if len(in.Params) == 0 {
		return in, p.errf("%s needs at least one parameter (NumParams is 1..15)", o.Mnemonic)
	}
	return in, nil
}

var modNames = [...]string{"", "pixel_null_mask", "cps", "divS"}

func parseChannels(s string) (uint8, bool) {
	var mask uint8
	last := -1
	for i := 0; i < len(s); i++ {
		c := strings.IndexByte(chanLetters, s[i]&^0x20)
		if c < 0 || c <= last {
			return 0, false
		}
		last = c
		mask |= 1 << uint(c)
	}
	return mask, mask != 0
}

func (p *parser) pred(in *Inst) error {
	p.pos++ // (
	if p.peek() == "!" {
		in.Pred.Invert = true
		p.pos++
	}
	t, err := p.word("a predicate variable")
	if err != nil {
		return err
	}
	idx := p.k.PredIndex(t.text)
	if idx < 0 {
		return p.errAt(t.col, "%s is not a declared predicate variable", t.text)
	}
	in.Pred.Var = idx
	if p.peek() == "." {
		p.pos++
		c, err := p.word("any or all")
		if err != nil {
			return err
		}
		switch c.text {
		case "any":
			in.Pred.Control = PredAny
		case "all":
			in.Pred.Control = PredAll
		default:
			return p.errAt(c.col, "predicate control .%s: want .any or .all", c.text)
		}
	}
	return p.expect(")")
}

func (p *parser) execSize(in *Inst) error {
	if err := p.expect("("); err != nil {
		return err
	}
	in.EMask = M1
	if p.pos+1 < len(p.toks) && p.toks[p.pos+1].text == "," {
		t, _ := p.next()
		found := false
		for i, n := range emaskNames {
			if n == t.text {
				in.EMask, found = EMask(i), true
			}
		}
		if t.text == "NoMask" { // IGC's other spelling of M1_NM
			in.EMask, found = M1NM, true
		}
		if !found {
			return p.errAt(t.col, "execution mask %q: want M1..M8, M1_NM..M8_NM or NoMask", t.text)
		}
		p.pos++ // ,
	}
	v, col, err := p.number("exec size", 1, 32)
	if err != nil {
		return err
	}
	switch v {
	case 1, 2, 4, 8, 16, 32:
	default:
		return p.errAt(col, "exec size %d: want 1, 2, 4, 8, 16 or 32", v)
	}
	in.ExecSize = int(v)
	return p.expect(")")
}

func (p *parser) state(ds []Decl, what string) (int, error) {
	t, err := p.word("a " + what + " variable")
	if err != nil {
		return 0, err
	}
	for i := range ds {
		if ds[i].Name == t.text {
			return i, nil
		}
	}
	return 0, p.errAt(t.col, "%s is not a declared %s variable", t.text, what)
}

func (p *parser) raw(what string) (Raw, error) {
	t, err := p.word(what + " (a raw operand such as V33.0)")
	if err != nil {
		return Raw{}, err
	}
	if err := p.expect("."); err != nil {
		return Raw{}, p.errAt(t.col, "%s %s: a raw operand needs a byte offset, as in %s.0", what, t.text, t.text)
	}
	var off uint64
	if p.peek() == "(" {
		// IGC's integer expression: .(64*3)
		col := p.col()
		v, err := p.offsetExpr()
		if err != nil {
			return Raw{}, err
		}
		if v < 0 || v > 0xffff {
			return Raw{}, p.errAt(col, "%s: byte offset %d: want 0..65535", what, v)
		}
		off = uint64(v)
		if t.text == "%null" && off != 0 {
			return Raw{}, p.errAt(col, "%%null must have offset 0")
		}
	} else {
		ot, err := p.word("the operand's byte offset")
		if err != nil {
			return Raw{}, err
		}
		off, err = strconv.ParseUint(ot.text, 10, 32)
		if err != nil || off > 0xffff {
			return Raw{}, p.errAt(ot.col, "%s: byte offset %q: want a decimal number 0..65535 or an expression in parentheses", what, ot.text)
		}
		if t.text == "%null" && off != 0 {
			return Raw{}, p.errAt(ot.col, "%%null must have offset 0")
		}
	}
	if t.text == "%null" {
		return Null, nil
	}
	v := p.k.VarIndex(t.text)
	if v < 0 {
		return Raw{}, p.errAt(t.col, "%s: %s is not a declared general variable", what, t.text)
	}
	return Raw{Var: v, Offset: int(off)}, nil
}

func (p *parser) aoffimmi(in *Inst) error {
	t, err := p.word("aoffimmi (an immediate such as 0x0:uw)")
	if err != nil {
		return err
	}
	if p.peek() == ":" {
		p.pos++
		ty, err := p.word("the immediate's type")
		if err != nil {
			return err
		}
		typ, ok := parseType(ty.text)
		if !ok {
			return p.errAt(ty.col, "aoffimmi type %q: unknown type", ty.text)
		}
		max, ok := immMax(typ)
		if !ok {
			return p.errAt(ty.col, "aoffimmi must have an integer type (uw, w, ud, d, ub, b, uq, q), got %s", ty.text)
		}
		v, err := strconv.ParseInt(t.text, 0, 64)
		if err != nil || v < 0 || v > int64(max) {
			return p.errAt(t.col, "aoffimmi %q: want a value 0..0x%x of type %s (texunit takes non-negative values of 16 bits)", t.text, max, typ)
		}
		if v&0xf000 != 0 {
			return p.errAt(t.col, "aoffimmi 0x%x: bits 15..12 are reserved and must be zero", v)
		}
		in.Aoffimmi = Operand{Imm: true, Value: uint16(v), Type: typ}
		return nil
	}
	v := p.k.VarIndex(t.text)
	if v < 0 {
		return p.errAt(t.col, "aoffimmi: %q is neither an immediate (such as 0x0:uw) nor a declared general variable", t.text)
	}
	if err := p.expect("("); err != nil {
		return err
	}
	row, _, err := p.number("row", 0, 255)
	if err != nil {
		return err
	}
	if err := p.expect(","); err != nil {
		return err
	}
	col, _, err := p.number("column", 0, 255)
	if err != nil {
		return err
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	in.Aoffimmi = Operand{Var: v, Row: int(row), Col: int(col)}
	if p.peek() == "<" {
		c := p.col()
		p.pos++
		var nums []string
		for i := 0; i < 5; i++ {
			t, err := p.next()
			if err != nil {
				return err
			}
			nums = append(nums, t.text)
		}
		if err := p.expect(">"); err != nil {
			return err
		}
		if strings.Join(nums, "") != "0;1,0" {
			return p.errAt(c, "aoffimmi: the region must be <0;1,0> (a scalar), got <%s>", strings.Join(nums, ""))
		}
	}
	return nil
}
