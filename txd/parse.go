package txd

import (
	"fmt"
	"strconv"
	"strings"
)

// SyntaxError is a parse error at a position of the source text.
type SyntaxError struct {
	Line, Col int // 1-based; Line is 0 for a single instruction parsed by Parse
	Msg       string
}

// Error returns "line L, column C: message" (without the line for a single
// instruction).
func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("column %d: %s", e.Col, e.Msg)
}

// token kinds
const (
	tWord  = iota // identifiers, numbers, dotted mnemonics
	tPunct        // one of @ ! , ; & ? = { }
	tEOF
)

type token struct {
	kind int
	text string
	col  int // 1-based, in bytes
}

func isWordByte(c byte) bool {
	return c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// lex splits one statement into tokens. col0 is the column of s[0].
func lex(s string, col0 int) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.IndexByte("@!,;&?={}", c) >= 0:
			toks = append(toks, token{tPunct, s[i : i+1], col0 + i})
			i++
		case isWordByte(c):
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			toks = append(toks, token{tWord, s[i:j], col0 + i})
			i = j
		default:
			return nil, &SyntaxError{Col: col0 + i, Msg: fmt.Sprintf("unexpected character %q", c)}
		}
	}
	toks = append(toks, token{tEOF, "", col0 + len(s)})
	return toks, nil
}

type parser struct {
	toks []token
	pos  int
}

func (p *parser) peek() token { return p.toks[p.pos] }
func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

func (p *parser) errf(t token, format string, args ...any) error {
	return &SyntaxError{Col: t.col, Msg: fmt.Sprintf(format, args...)}
}

func describe(t token) string {
	if t.kind == tEOF {
		return "end of instruction"
	}
	return strconv.Quote(t.text)
}

func (p *parser) punct(c string, what string) error {
	t := p.next()
	if t.kind != tPunct || t.text != c {
		return p.errf(t, "expected %q %s, found %s", c, what, describe(t))
	}
	return nil
}

func (p *parser) isPunct(c string) bool {
	t := p.peek()
	return t.kind == tPunct && t.text == c
}

// parseReg reads a general register operand named field.
func parseRegText(s string) (Reg, bool) {
	u := strings.ToUpper(s)
	if u == "RZ" {
		return RZ, true
	}
	if len(u) < 2 || u[0] != 'R' {
		return 0, false
	}
	n, err := strconv.ParseUint(u[1:], 10, 8)
	if err != nil || n > 254 || (len(u) > 2 && u[1] == '0') {
		return 0, false
	}
	return Reg(n), true
}

func (p *parser) reg(field string) (Reg, error) {
	t := p.next()
	if t.kind == tWord {
		if r, ok := parseRegText(t.text); ok {
			return r, nil
		}
	}
	return 0, p.errf(t, "%s: %s is not a register (R0..R254 or RZ)", field, describe(t))
}

func parsePredText(s string) (Pred, bool) {
	switch u := strings.ToUpper(s); {
	case u == "PT":
		return PT, true
	case len(u) == 2 && u[0] == 'P' && u[1] >= '0' && u[1] <= '6':
		return Pred(u[1] - '0'), true
	}
	return 0, false
}

func (p *parser) pred(field string) (Pred, error) {
	t := p.next()
	if t.kind == tWord {
		if q, ok := parsePredText(t.text); ok {
			return q, nil
		}
	}
	return 0, p.errf(t, "%s: %s is not a predicate (P0..P6 or PT)", field, describe(t))
}

// number reads an unsigned decimal or 0x-hexadecimal immediate of at most
// max.
func (p *parser) number(field string, max uint64) (uint64, token, error) {
	t := p.next()
	if t.kind != tWord {
		return 0, t, p.errf(t, "%s: expected a number, found %s", field, describe(t))
	}
	n, err := parseUint(t.text)
	if err != nil {
		return 0, t, p.errf(t, "%s: %q is not a number (decimal or 0x hexadecimal)", field, t.text)
	}
	if n > max {
		return 0, t, p.errf(t, "%s: %s is out of range (0..%#x)", field, t.text, max)
	}
	return n, t, nil
}

func parseParamText(s string) (Param, bool) {
	u := strings.ToUpper(s)
	for i, n := range paramNames {
		if n == u {
			return Param(i), true
		}
	}
	return 0, false
}

// Parse parses one TXD instruction in the syntax of the specification:
//
//	{@{!}Pg} TXD{.B}{.LC}{.AOFFI}{.NODEP}{.T|.P} {Ps,} Rd, Ra, Rb, tsPtrIdx, paramA{, wmsk} {&req={…}} {&rd=N} {&wr=N} {?hint} {;}
//
// or with the legacy "tid, smp" pair in place of tsPtrIdx (tsPtrIdx = smp<<8 |
// tid). Immediates are decimal or 0x hexadecimal; mnemonics, modifiers,
// registers and specifiers are case-insensitive; wmsk defaults to 0xf.
// Parse checks the syntax and the ranges of the fields; the register rules
// are checked by Inst.Check.
func Parse(s string) (Inst, error) {
	toks, err := lex(s, 1)
	if err != nil {
		return Inst{}, err
	}
	p := &parser{toks: toks}
	in, err := p.inst()
	if err != nil {
		return Inst{}, err
	}
	return in, nil
}

func (p *parser) inst() (Inst, error) {
	in := Inst{Guard: PT, Ps: PT, WriteMask: 0xf}
	if p.isPunct("@") {
		p.next()
		if p.isPunct("!") {
			p.next()
			in.GuardNot = true
		}
		g, err := p.pred("guard predicate")
		if err != nil {
			return Inst{}, err
		}
		in.Guard = g
	}
	t := p.next()
	if t.kind != tWord {
		return Inst{}, p.errf(t, "expected the mnemonic TXD, found %s", describe(t))
	}
	parts := strings.Split(t.text, ".")
	if !strings.EqualFold(parts[0], "TXD") {
		return Inst{}, p.errf(t, "mnemonic %q: expected TXD", parts[0])
	}
	seen := map[string]bool{}
	col := t.col + len(parts[0])
	for _, m := range parts[1:] {
		u := strings.ToUpper(m)
		mt := token{tWord, m, col + 1}
		col += 1 + len(m)
		if seen[u] {
			return Inst{}, p.errf(mt, "modifier .%s: given twice", m)
		}
		seen[u] = true
		switch u {
		case "B":
			in.Bindless = true
		case "LC":
			in.LodClamp = true
		case "AOFFI":
			in.Offsets = true
		case "NODEP":
			in.NoDep = true
		case "T", "P", "INVALIDPHASE3":
			if in.Phase != PhaseNone {
				return Inst{}, p.errf(mt, "modifier .%s: only one phase (.T, .P or .INVALIDPHASE3) is allowed", m)
			}
			in.Phase = map[string]Phase{"T": PhaseT, "P": PhaseP, "INVALIDPHASE3": PhaseInvalid3}[u]
		default:
			return Inst{}, p.errf(mt, "modifier .%s: unknown (TXD takes .B, .LC, .AOFFI, .NODEP, .T, .P, .INVALIDPHASE3)", m)
		}
	}
	// Optional sparse predicate.
	if t := p.peek(); t.kind == tWord {
		if q, ok := parsePredText(t.text); ok {
			p.next()
			in.Ps = q
			if err := p.punct(",", "after the sparse predicate Ps"); err != nil {
				return Inst{}, err
			}
		}
	}
	var err error
	if in.Rd, err = p.reg("Rd"); err != nil {
		return Inst{}, err
	}
	for _, f := range []struct {
		name string
		r    *Reg
	}{{"Ra", &in.Ra}, {"Rb", &in.Rb}} {
		if err := p.punct(",", "before "+f.name); err != nil {
			return Inst{}, err
		}
		if *f.r, err = p.reg(f.name); err != nil {
			return Inst{}, err
		}
	}
	if err := p.punct(",", "before #tsPtrIdxU13"); err != nil {
		return Inst{}, err
	}
	// Either "tsPtrIdx, paramA" or "tid, smp, paramA".
	if p.legacyForm() {
		tid, _, err := p.number("#tidU08", 0xff)
		if err != nil {
			return Inst{}, err
		}
		p.next() // ","
		smp, _, err := p.number("#smpU05", 0x1f)
		if err != nil {
			return Inst{}, err
		}
		in.TsPtrIdx = uint16(smp<<8 | tid)
	} else {
		ts, _, err := p.number("#tsPtrIdxU13", MaxTsPtrIdx)
		if err != nil {
			return Inst{}, err
		}
		in.TsPtrIdx = uint16(ts)
	}
	if in.Bindless {
		in.TsPtrIdx = 0 // ignored with .B
	}
	if err := p.punct(",", "before #paramA"); err != nil {
		return Inst{}, err
	}
	pt := p.next()
	pa, ok := parseParamText(pt.text)
	if pt.kind != tWord || !ok {
		return Inst{}, p.errf(pt, "#paramA: %s is not a coordinate description (1D, 2D, ARRAY_1D, ARRAY_2D; 3D, ARRAY_3D, CUBE, ARRAY_CUBE are reserved)", describe(pt))
	}
	in.Param = pa
	if p.isPunct(",") {
		p.next()
		m, _, err := p.number("#wmskU04", 0xf)
		if err != nil {
			return Inst{}, err
		}
		in.WriteMask = uint8(m)
	}
	if err := p.sched(&in.Sched); err != nil {
		return Inst{}, err
	}
	if p.isPunct(";") {
		p.next()
	}
	if t := p.peek(); t.kind != tEOF {
		return Inst{}, p.errf(t, "unexpected %s after the instruction", describe(t))
	}
	return in, nil
}

// sched parses the annotations {&req={…}} {&rd=N} {&wr=N} {?hint}, in that
// order. &rdN and &wrN (number glued to the name) and &req=MASK are accepted
// as well.
func (p *parser) sched(s *Sched) error {
	order := 0 // 1 req, 2 rd, 3 wr, 4 hint
	for {
		t := p.peek()
		if t.kind != tPunct || (t.text != "&" && t.text != "?") {
			return nil
		}
		p.next()
		nt := p.next()
		if nt.kind != tWord {
			return p.errf(nt, "expected an annotation name after %q, found %s", t.text, describe(nt))
		}
		if t.text == "?" {
			if order >= 4 {
				return p.errf(nt, "?%s: only one scheduling hint is allowed", nt.text)
			}
			order = 4
			if strings.Contains(nt.text, ".") {
				return p.errf(nt, "?%s: a hint is letters, digits and '_'", nt.text)
			}
			s.Hint = nt.text
			continue
		}
		name := strings.ToLower(nt.text)
		switch {
		case name == "req":
			if order >= 1 {
				return p.errf(nt, "&req: out of order or repeated (order: &req, &rd, &wr, ?hint)")
			}
			order = 1
			if err := p.punct("=", "after &req"); err != nil {
				return err
			}
			if p.isPunct("{") {
				p.next()
				for !p.isPunct("}") {
					n, nt, err := p.number("&req barrier", 5)
					if err != nil {
						return err
					}
					if s.Req&(1<<n) != 0 {
						return p.errf(nt, "&req: barrier %d listed twice", n)
					}
					s.Req |= 1 << n
					if p.isPunct(",") {
						p.next()
					} else if !p.isPunct("}") {
						return p.errf(p.peek(), "&req: expected ',' or '}', found %s", describe(p.peek()))
					}
				}
				p.next()
			} else {
				n, _, err := p.number("&req mask", 0x3f)
				if err != nil {
					return err
				}
				s.Req = uint8(n)
			}
		case strings.HasPrefix(name, "rd") || strings.HasPrefix(name, "wr"):
			kind := name[:2]
			rank := 2
			dst := &s.Rd
			if kind == "wr" {
				rank, dst = 3, &s.Wr
			}
			if order >= rank {
				return p.errf(nt, "&%s: out of order or repeated (order: &req, &rd, &wr, ?hint)", kind)
			}
			order = rank
			var n uint64
			if len(name) > 2 { // &rd5
				v, err := strconv.ParseUint(name[2:], 10, 8)
				if err != nil || v > 5 {
					return p.errf(nt, "&%s: %q is not a barrier 0..5", kind, nt.text[2:])
				}
				n = v
			} else {
				if err := p.punct("=", "after &"+kind); err != nil {
					return err
				}
				v, _, err := p.number("&"+kind+" barrier", 5)
				if err != nil {
					return err
				}
				n = v
			}
			*dst = SB(int(n))
		default:
			return p.errf(nt, "&%s: unknown annotation (&req, &rd, &wr)", nt.text)
		}
	}
}

// legacyForm reports whether the operands after Rb are "tid, smp, paramA"
// rather than "tsPtrIdx, paramA": two numbers in a row.
func (p *parser) legacyForm() bool {
	if p.pos+2 >= len(p.toks) {
		return false
	}
	a, comma, b := p.toks[p.pos], p.toks[p.pos+1], p.toks[p.pos+2]
	isNum := func(t token) bool {
		if t.kind != tWord {
			return false
		}
		_, err := parseUint(t.text)
		return err == nil
	}
	return isNum(a) && comma.kind == tPunct && comma.text == "," && isNum(b)
}

// parseUint parses a decimal or 0x-hexadecimal unsigned number.
func parseUint(s string) (uint64, error) {
	if len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X") {
		return strconv.ParseUint(s[2:], 16, 64)
	}
	return strconv.ParseUint(s, 10, 64)
}
