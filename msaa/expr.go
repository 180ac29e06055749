package msaa

import (
	"strconv"
	"strings"
)

// expr evaluates an absolute integer expression as LLVM's MC assembler
// does for the dmask operand: integer literals (decimal, 0x hex, 0b binary,
// leading-0 octal), character literals 'c', parentheses, unary - ~ ! +,
// and the binary operators with GNU precedence, lowest first:
//
//	||   &&   == != <> < <= > >=   + -   | ^ & !   * / % << >>
//
// in 64-bit two's complement: comparisons give −1 for true, && and || 1,
// shifts take their count modulo 64 and >> is logical, "a ! b" is a | ~b.
// Floating-point literals are not evaluated (LLVM takes their bits).
type exprParser struct {
	p     *parser
	start int // column of the expression, for "expected absolute expression"
}

func (p *parser) expression() (int64, error) {
	e := &exprParser{p: p, start: p.col()}
	return e.binary(1)
}

func (e *exprParser) errAbs() error { return &AsmError{e.start, msgAbsExpr} }

var binaryPrec = []struct {
	op   string
	prec int
}{
	// Longest first, so that "<<" is not read as "<".
	{"||", 1}, {"&&", 2}, {"==", 3}, {"!=", 3}, {"<>", 3}, {"<=", 3}, {">=", 3}, {"<<", 6}, {">>", 6},
	{"<", 3}, {">", 3}, {"+", 4}, {"-", 4}, {"|", 5}, {"^", 5}, {"&", 5}, {"!", 5}, {"*", 6}, {"/", 6}, {"%", 6},
}

func (e *exprParser) peekOp() (string, int) {
	p := e.p
	p.skipSpace()
	for _, b := range binaryPrec {
		if strings.HasPrefix(p.s[p.pos:], b.op) {
			return b.op, b.prec
		}
	}
	return "", 0
}

func (e *exprParser) binary(minPrec int) (int64, error) {
	lhs, err := e.unary()
	if err != nil {
		return 0, err
	}
	for {
		op, prec := e.peekOp()
		if op == "" || prec < minPrec {
			return lhs, nil
		}
		e.p.pos += len(op)
		rhs, err := e.binary(prec + 1)
		if err != nil {
			return 0, err
		}
		if lhs, err = e.apply(op, lhs, rhs); err != nil {
			return 0, err
		}
	}
}

func truth(b bool) int64 {
	if b {
		return -1
	}
	return 0
}

func (e *exprParser) apply(op string, a, b int64) (int64, error) {
	switch op {
	case "||":
		if a != 0 || b != 0 {
			return 1, nil
		}
		return 0, nil
	case "&&":
		if a != 0 && b != 0 {
			return 1, nil
		}
		return 0, nil
	case "==":
		return truth(a == b), nil
	case "!=", "<>":
		return truth(a != b), nil
	case "<":
		return truth(a < b), nil
	case "<=":
		return truth(a <= b), nil
	case ">":
		return truth(a > b), nil
	case ">=":
		return truth(a >= b), nil
	case "+":
		return a + b, nil
	case "-":
		return a - b, nil
	case "|":
		return a | b, nil
	case "^":
		return a ^ b, nil
	case "&":
		return a & b, nil
	case "!":
		return a | ^b, nil
	case "*":
		return a * b, nil
	case "/", "%":
		if b == 0 {
			return 0, e.errAbs()
		}
		if a == -1<<63 && b == -1 {
			if op == "/" {
				return a, nil
			}
			return 0, nil
		}
		if op == "/" {
			return a / b, nil
		}
		return a % b, nil
	case "<<":
		return a << (uint64(b) & 63), nil
	}
	return int64(uint64(a) >> (uint64(b) & 63)), nil // ">>"
}

func (e *exprParser) unary() (int64, error) {
	p := e.p
	p.skipSpace()
	if p.pos >= len(p.s) {
		return 0, e.errAbs()
	}
	switch c := p.s[p.pos]; c {
	case '-', '~', '!', '+':
		p.pos++
		v, err := e.unary()
		if err != nil {
			return 0, err
		}
		switch c {
		case '-':
			return -v, nil
		case '~':
			return ^v, nil
		case '!':
			if v == 0 {
				return 1, nil
			}
			return 0, nil
		}
		return v, nil
	case '(':
		p.pos++
		v, err := e.binary(1)
		if err != nil {
			return 0, err
		}
		p.skipSpace()
		if p.pos >= len(p.s) || p.s[p.pos] != ')' {
			return 0, &AsmError{p.col(), "expected ')'"}
		}
		p.pos++
		return v, nil
	case '\'':
		if p.pos+2 < len(p.s) && p.s[p.pos+2] == '\'' && p.s[p.pos+1] != '\\' {
			v := int64(p.s[p.pos+1])
			p.pos += 3
			return v, nil
		}
		return 0, &AsmError{e.start, "failed parsing operand."}
	}
	if c := p.s[p.pos]; c < '0' || c > '9' {
		return 0, e.errAbs()
	}
	// The lexer's integer: 0x hex digits, 0b binary digits, or decimal
	// digits (leading 0: octal); it stops at the first other character.
	st := p.pos
	base, digitsOf := 10, "0123456789"
	if p.pos+1 < len(p.s) && p.s[p.pos] == '0' && (p.s[p.pos+1] == 'x' || p.s[p.pos+1] == 'X') {
		base, digitsOf = 16, "0123456789abcdefABCDEF"
		p.pos += 2
	} else if p.pos+1 < len(p.s) && p.s[p.pos] == '0' && (p.s[p.pos+1] == 'b' || p.s[p.pos+1] == 'B') {
		base, digitsOf = 2, "01"
		p.pos += 2
	}
	ds := p.pos
	for p.pos < len(p.s) && strings.IndexByte(digitsOf, p.s[p.pos]) >= 0 {
		p.pos++
	}
	digits := p.s[ds:p.pos]
	if digits == "" {
		if base == 2 {
			return 0, &AsmError{st + 1, "directional label undefined"}
		}
		return 0, &AsmError{st + 1, "invalid hexadecimal number"}
	}
	if base == 10 && len(digits) > 1 && digits[0] == '0' {
		base = 8
	}
	u, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, &AsmError{st + 1, "literal value out of range for directive"}
		}
		return 0, &AsmError{st + 1, "failed parsing operand."}
	}
	return int64(u), nil
}
