package visa

import (
	"strconv"
	"strings"
)

// offsetExpr parses a raw operand's offset written as an integer expression
// in parentheses, ".(64*3)", with IGC 1.0.12504's grammar (visa/CISA.y,
// IntExp): the conditional ?:, then &, ^, | (in that order of looser to
// tighter binding, as IGC has them), == and !=, < > <= >=, << >> (signed)
// >>> (unsigned), + and −, * / %, the unary − ~ !, decimal and hexadecimal
// literals, parentheses, and %sizeof of a declared general variable (its
// bytes). Values are 64-bit signed.
func (p *parser) offsetExpr() (int64, error) {
	start := p.pos
	if err := p.expect("("); err != nil {
		return 0, err
	}
	// Collect the tokens up to the matching ")", splitting the lexer's
	// negative literals ("-3") and joining two-character operators whose
	// characters touch.
	var ts []token
	depth := 1
	for depth > 0 {
		if p.atEnd() {
			return 0, p.errAt(p.toks[start].col, "unterminated offset expression: missing \")\"")
		}
		t := p.toks[p.pos]
		p.pos++
		switch t.text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				continue
			}
		}
		if !t.str && len(t.text) > 1 && t.text != "%sizeof" && strings.ContainsAny(t.text, "-%") {
			// The lexer keeps "-3" and "%" inside words: split them.
			for j, c := 0, t.col; j < len(t.text); {
				k := j + 1
				if t.text[j] != '-' && t.text[j] != '%' {
					for k < len(t.text) && t.text[k] != '%' {
						k++
					}
				}
				if strings.HasPrefix(t.text[j:], "%sizeof") {
					k = j + len("%sizeof")
				}
				ts = append(ts, token{text: t.text[j:k], col: c + j})
				j = k
			}
			continue
		}
		if n := len(ts); n > 0 && !t.str && ts[n-1].col+len(ts[n-1].text) == t.col {
			switch ts[n-1].text + t.text {
			case "<<", ">>", ">>>", "<=", ">=", "==", "!=":
				ts[n-1].text += t.text
				continue
			}
		}
		ts = append(ts, t)
	}
	e := &exprParser{p: p, ts: ts, end: p.col()}
	v, err := e.cond()
	if err != nil {
		return 0, err
	}
	if e.i < len(e.ts) {
		return 0, p.errAt(e.ts[e.i].col, "offset expression: unexpected %q", e.ts[e.i].text)
	}
	return v, nil
}

type exprParser struct {
	p   *parser
	ts  []token
	i   int
	end int
}

func (e *exprParser) peek() string {
	if e.i < len(e.ts) {
		return e.ts[e.i].text
	}
	return ""
}

func (e *exprParser) col() int {
	if e.i < len(e.ts) {
		return e.ts[e.i].col
	}
	return e.end
}

func (e *exprParser) cond() (int64, error) {
	c, err := e.and()
	if err != nil || e.peek() != "?" {
		return c, err
	}
	e.i++
	a, err := e.and()
	if err != nil {
		return 0, err
	}
	if e.peek() != ":" {
		return 0, e.p.errAt(e.col(), "offset expression: expected \":\" of ?:")
	}
	e.i++
	b, err := e.cond()
	if err != nil {
		return 0, err
	}
	if c != 0 {
		return a, nil
	}
	return b, nil
}

// binary parses a left-associative level: operands from next, joined by
// the operators in ops.
func (e *exprParser) binary(next func() (int64, error), ops map[string]func(a, b int64) (int64, error)) (int64, error) {
	a, err := next()
	if err != nil {
		return 0, err
	}
	for {
		f, ok := ops[e.peek()]
		if !ok {
			return a, nil
		}
		col := e.col()
		e.i++
		b, err := next()
		if err != nil {
			return 0, err
		}
		if a, err = f(a, b); err != nil {
			return 0, e.p.errAt(col, "offset expression: %v", err)
		}
	}
}

type exprError string

func (s exprError) Error() string { return string(s) }

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (e *exprParser) and() (int64, error) {
	return e.binary(e.xor, map[string]func(a, b int64) (int64, error){"&": func(a, b int64) (int64, error) { return a & b, nil }})
}

func (e *exprParser) xor() (int64, error) {
	return e.binary(e.or, map[string]func(a, b int64) (int64, error){"^": func(a, b int64) (int64, error) { return a ^ b, nil }})
}

func (e *exprParser) or() (int64, error) {
	return e.binary(e.eq, map[string]func(a, b int64) (int64, error){"|": func(a, b int64) (int64, error) { return a | b, nil }})
}

func (e *exprParser) eq() (int64, error) {
	return e.binary(e.rel, map[string]func(a, b int64) (int64, error){
		"==": func(a, b int64) (int64, error) { return b2i(a == b), nil },
		"!=": func(a, b int64) (int64, error) { return b2i(a != b), nil },
	})
}

func (e *exprParser) rel() (int64, error) {
	return e.binary(e.shift, map[string]func(a, b int64) (int64, error){
		"<":  func(a, b int64) (int64, error) { return b2i(a < b), nil },
		">":  func(a, b int64) (int64, error) { return b2i(a > b), nil },
		"<=": func(a, b int64) (int64, error) { return b2i(a <= b), nil },
		">=": func(a, b int64) (int64, error) { return b2i(a >= b), nil },
	})
}

func shiftCount(b int64) (uint, error) {
	if b < 0 || b > 63 {
		return 0, exprError("shift count " + strconv.FormatInt(b, 10) + " is out of range (0..63)")
	}
	return uint(b), nil
}

func (e *exprParser) shift() (int64, error) {
	return e.binary(e.add, map[string]func(a, b int64) (int64, error){
		"<<": func(a, b int64) (int64, error) { n, err := shiftCount(b); return a << n, err },
		">>": func(a, b int64) (int64, error) { n, err := shiftCount(b); return a >> n, err },
		">>>": func(a, b int64) (int64, error) {
			n, err := shiftCount(b)
			return int64(uint64(a) >> n), err
		},
	})
}

func (e *exprParser) add() (int64, error) {
	return e.binary(e.mul, map[string]func(a, b int64) (int64, error){
		"+": func(a, b int64) (int64, error) { return a + b, nil },
		"-": func(a, b int64) (int64, error) { return a - b, nil },
	})
}

func (e *exprParser) mul() (int64, error) {
	div := func(f func(a, b int64) int64) func(a, b int64) (int64, error) {
		return func(a, b int64) (int64, error) {
			if b == 0 {
				return 0, exprError("division by 0")
			}
			if a == -1<<63 && b == -1 {
				return 0, exprError("division overflows")
			}
			return f(a, b), nil
		}
	}
	return e.binary(e.unary, map[string]func(a, b int64) (int64, error){
		"*": func(a, b int64) (int64, error) { return a * b, nil },
		"/": div(func(a, b int64) int64 { return a / b }),
		"%": div(func(a, b int64) int64 { return a % b }),
	})
}

func (e *exprParser) unary() (int64, error) {
	switch e.peek() {
	case "-", "~", "!":
		op := e.peek()
		e.i++
		v, err := e.unary()
		if err != nil {
			return 0, err
		}
		switch op {
		case "-":
			return -v, nil
		case "~":
			return ^v, nil
		}
		return b2i(v == 0), nil
	}
	return e.primary()
}

func (e *exprParser) primary() (int64, error) {
	if e.i >= len(e.ts) {
		return 0, e.p.errAt(e.end, "offset expression: expected a number, found the end")
	}
	t := e.ts[e.i]
	e.i++
	switch {
	case t.text == "(":
		v, err := e.cond()
		if err != nil {
			return 0, err
		}
		if e.peek() != ")" {
			return 0, e.p.errAt(e.col(), "offset expression: expected \")\"")
		}
		e.i++
		return v, nil
	case t.text == "%sizeof":
		paren := e.peek() == "("
		if paren {
			e.i++
		}
		if e.i >= len(e.ts) {
			return 0, e.p.errAt(e.end, "offset expression: %%sizeof needs a variable")
		}
		n := e.ts[e.i]
		e.i++
		if paren {
			if e.peek() != ")" {
				return 0, e.p.errAt(e.col(), "offset expression: expected \")\" after %%sizeof(%s", n.text)
			}
			e.i++
		}
		v := e.p.k.VarIndex(n.text)
		if v < 0 {
			return 0, e.p.errAt(n.col, "offset expression: %%sizeof %s: not a declared general variable", n.text)
		}
		return int64(e.p.k.Vars[v].Bytes()), nil
	case !t.str && len(t.text) > 0 && t.text[0] >= '0' && t.text[0] <= '9':
		var v uint64
		var err error
		if strings.HasPrefix(t.text, "0x") || strings.HasPrefix(t.text, "0X") {
			v, err = strconv.ParseUint(t.text[2:], 16, 64)
		} else {
			v, err = strconv.ParseUint(t.text, 10, 63)
		}
		if err != nil {
			return 0, e.p.errAt(t.col, "offset expression: %q is not a decimal or hexadecimal number", t.text)
		}
		return int64(v), nil
	}
	return 0, e.p.errAt(t.col, "offset expression: unexpected %q (want a number, a parenthesis, -, ~, ! or %%sizeof VAR)", t.text)
}
