package txd

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// StmtKind is the kind of a program statement.
type StmtKind uint8

// Statement kinds. Besides TXD a program may use the two instructions of
// the specification's OpenGL note, so that it runs as written:
//
//	S2R Rd, SR18       ; Rd = SR18 (Machine.SR18, as float32 bits)
//	FMUL Rd, Ra, Rb    ; Rd = Ra × Rb in float32
const (
	StmtTXD StmtKind = iota
	StmtS2R
	StmtFMUL
)

// Stmt is one statement of a program.
type Stmt struct {
	Kind       StmtKind
	Line       int  // 1-based source line
	TXD        Inst // StmtTXD
	Rd, Ra, Rb Reg  // StmtS2R (Rd), StmtFMUL (Rd, Ra, Rb)
}

// String returns the canonical text of the statement.
func (s Stmt) String() string {
	switch s.Kind {
	case StmtS2R:
		return fmt.Sprintf("S2R %s, SR18 ;", s.Rd)
	case StmtFMUL:
		return fmt.Sprintf("FMUL %s, %s, %s ;", s.Rd, s.Ra, s.Rb)
	}
	return s.TXD.String()
}

// ParseProgram parses a program: statements separated by newlines or ';',
// with comments from "//" to the end of the line and "/* … */"
// anywhere (so nvdisasm's "/*0008*/" addresses and "/* 0x… */" words may
// stay). Errors give the line and column.
func ParseProgram(src string) ([]Stmt, error) {
	src = stripBlockComments(src)
	var prog []Stmt
	for ln, line := range strings.Split(src, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		col := 0
		for _, part := range strings.SplitAfter(line, ";") {
			start := col
			col += len(part)
			if strings.TrimSpace(strings.TrimSuffix(part, ";")) == "" {
				continue
			}
			st, err := parseStmt(part, start+1)
			if err != nil {
				var se *SyntaxError
				if errors.As(err, &se) {
					se.Line = ln + 1
					return nil, se
				}
				return nil, fmt.Errorf("line %d: %w", ln+1, err)
			}
			st.Line = ln + 1
			prog = append(prog, st)
		}
	}
	return prog, nil
}

// stripBlockComments replaces /* … */ comments by spaces, keeping newlines
// so that line and column numbers stay right. An unterminated comment runs to
// the end.
func stripBlockComments(s string) string {
	if !strings.Contains(s, "/*") {
		return s
	}
	b := []byte(s)
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '/' && b[i+1] == '*' {
			j := i
			for ; j < len(b); j++ {
				if j+1 < len(b) && b[j] == '*' && b[j+1] == '/' {
					b[j], b[j+1] = ' ', ' '
					j++
					break
				}
				if b[j] != '\n' {
					b[j] = ' '
				}
			}
			i = j
		}
	}
	return string(b)
}

func parseStmt(s string, col0 int) (Stmt, error) {
	toks, err := lex(s, col0)
	if err != nil {
		return Stmt{}, err
	}
	p := &parser{toks: toks}
	// Find the mnemonic (after an optional guard).
	i := 0
	if toks[0].kind == tPunct && toks[0].text == "@" {
		i = 2
		if toks[1].kind == tPunct && toks[1].text == "!" {
			i = 3
		}
	}
	if i < len(toks) && toks[i].kind == tWord {
		switch m := strings.ToUpper(toks[i].text); m {
		case "S2R", "FMUL":
			if i != 0 {
				return Stmt{}, p.errf(toks[0], "%s: a guard predicate is only supported on TXD", m)
			}
			return p.simple(m)
		}
	}
	in, err := p.inst()
	if err != nil {
		return Stmt{}, err
	}
	return Stmt{Kind: StmtTXD, TXD: in}, nil
}

// simple parses S2R Rd, SR18 and FMUL Rd, Ra, Rb.
func (p *parser) simple(m string) (Stmt, error) {
	p.next()
	st := Stmt{Kind: StmtS2R}
	var err error
	if st.Rd, err = p.reg("Rd"); err != nil {
		return Stmt{}, err
	}
	if err := p.punct(",", "after Rd"); err != nil {
		return Stmt{}, err
	}
	if m == "S2R" {
		t := p.next()
		if t.kind != tWord || !strings.EqualFold(t.text, "SR18") {
			return Stmt{}, p.errf(t, "S2R: special register %s: only SR18 is modelled", describe(t))
		}
	} else {
		st.Kind = StmtFMUL
		if st.Ra, err = p.reg("Ra"); err != nil {
			return Stmt{}, err
		}
		if err := p.punct(",", "after Ra"); err != nil {
			return Stmt{}, err
		}
		if st.Rb, err = p.reg("Rb"); err != nil {
			return Stmt{}, err
		}
	}
	if p.isPunct(";") {
		p.next()
	}
	if t := p.peek(); t.kind != tEOF {
		return Stmt{}, p.errf(t, "unexpected %s after the instruction", describe(t))
	}
	return st, nil
}

// Step is what one statement of a program did.
type Step struct {
	Stmt    Stmt
	Written []Reg // registers written (per the threads that executed)
	// Vals holds, per register of Written, the values after the step for
	// every thread (a later step may overwrite the warp's registers).
	Vals    [][WarpSize]uint32
	Outcome *Outcome // TXD only
}

// Run executes prog on w statement by statement and reports each step. It
// stops at the first statement that fails as a whole (a register rule,
// a missing constant bank word) and returns the steps so far with the error.
// Per-thread problems do not stop it: see Outcome.Status and Outcome.Err.
func (m *Machine) Run(w *Warp, prog []Stmt) ([]Step, error) {
	var steps []Step
	for _, st := range prog {
		step := Step{Stmt: st}
		switch st.Kind {
		case StmtS2R:
			for t := 0; t < WarpSize; t++ {
				if w.Active>>t&1 != 0 {
					w.SetReg(t, st.Rd, math.Float32bits(m.SR18))
				}
			}
			step.Written = regsIfNotRZ(st.Rd)
		case StmtFMUL:
			for t := 0; t < WarpSize; t++ {
				if w.Active>>t&1 != 0 {
					a := math.Float32frombits(w.Reg(t, st.Ra))
					b := math.Float32frombits(w.Reg(t, st.Rb))
					w.SetReg(t, st.Rd, math.Float32bits(a*b))
				}
			}
			step.Written = regsIfNotRZ(st.Rd)
		default:
			out, err := m.Exec(w, st.TXD)
			if err != nil {
				return steps, fmt.Errorf("line %d: %s: %w", st.Line, st.TXD, err)
			}
			step.Outcome, step.Written = out, out.Written
		}
		for _, r := range step.Written {
			var v [WarpSize]uint32
			for t := range v {
				v[t] = w.Reg(t, r)
			}
			step.Vals = append(step.Vals, v)
		}
		steps = append(steps, step)
	}
	return steps, nil
}

func regsIfNotRZ(r Reg) []Reg {
	if r == RZ {
		return nil
	}
	return []Reg{r}
}
