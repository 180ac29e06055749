package batch

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/internal/f32text"
)

// This file is a small JSON parser (RFC 8259) that builds a compact tree of
// the job line: numbers and unescaped strings are substrings of the line,
// objects keep their members in order (so duplicates can be reported), and
// nothing goes through interfaces or maps. Its results agree with
// encoding/json's (FuzzParse checks this): the same texts are accepted,
// invalid UTF-8 and unpaired surrogates in strings become U+FFFD.

// kind is the type of a JSON value.
type kind uint8

// JSON value kinds.
const (
	kindNull kind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
	// kindNumbers is an array whose elements are all numbers, kept as the
	// text between its brackets (s) rather than as a value per element:
	// columnar lanes are such arrays, and reading their numbers straight
	// from the text saves building, and charging, a value for each. Code
	// reads both array kinds through list (value.go).
	kindNumbers
)

// value is a parsed JSON value.
type value struct {
	kind kind
	b    bool   // kindBool
	fi   uint32 // kindNumbers: 1 + the index in the parser's floats of the numbers as float32, or 0

	s       string   // kindNumber: the number's text; kindString: the decoded string; kindNumbers: the array's text inside its brackets
	elems   []value  // kindArray
	members []member // kindObject, in order, duplicates included
}

// member is one member of an object.
type member struct {
	key string
	val value
	raw string // the value's text, as written
}

// maxDepth bounds the nesting of arrays and objects, as encoding/json does.
const maxDepth = 10000

// parser parses one line.
type parser struct {
	s     string
	pos   int
	depth int
	id    string // the text of a top-level "id" member, once parsed
	hasID bool
	buf   []byte // scratch for strings with escapes

	// Elements and members are parsed onto stacks and then copied into
	// exactly sized slices carved from arenas, so that building the tree
	// costs a few allocations per line rather than several per value.
	values  []value
	members []member
	varena  []value
	marena  []member
	// floats holds the numbers of the kindNumbers arrays as float32, read
	// as the array is parsed (value.fi), so that float operands are not
	// read from the text a second time.
	floats []float32

	// The tree's memory is reserved from mem as it is allocated (arena
	// chunks and the stacks' growth), a chunk of chargeStep at a time:
	// cost is what the tree has allocated, charged what is reserved.
	mem     *budget.Budget
	cost    int64
	charged int64
	memErr  error
}

// chargeStep is how much the parser reserves from its budget at a time.
const chargeStep = 1 << 20

var (
	valueSize  = int64(unsafe.Sizeof(value{}))
	memberSize = int64(unsafe.Sizeof(member{}))
)

// charge records n more bytes of tree and reserves them (rounded up to
// chargeStep) from the parser's budget. It returns false, with p.memErr
// set, when the budget refuses.
func (p *parser) charge(n int64) bool {
	p.cost += n
	if p.mem == nil || p.cost <= p.charged {
		return p.memErr == nil
	}
	step := max(chargeStep, p.cost-p.charged)
	if err := p.mem.Reserve("job line (its JSON tree)", step); err != nil {
		p.memErr = err
		return false
	}
	p.charged += step
	return true
}

// memoryError is the syntax-level error of a refused charge.
func (p *parser) memoryError() error {
	return &memError{p.memErr}
}

// memError is a parse stopped by the memory budget.
type memError struct{ err error }

func (e *memError) Error() string { return e.err.Error() }
func (e *memError) Unwrap() error { return e.err }

// arenaSize is the number of values or members one arena chunk holds.
const arenaSize = 128

// popValues moves the values stacked from start into an arena slice.
func (p *parser) popValues(start int) []value {
	n := len(p.values) - start
	if cap(p.varena)-len(p.varena) < n {
		size := max(n, arenaSize, 2*cap(p.varena)) // geometric, so a reused parser soon needs one
		if !p.charge(int64(size) * valueSize) {
			return nil
		}
		p.varena = make([]value, 0, size)
	}
	l := len(p.varena)
	s := p.varena[l : l+n : l+n]
	p.varena = p.varena[:l+n]
	copy(s, p.values[start:])
	clear(p.values[start:])
	p.values = p.values[:start]
	return s
}

// popMembers moves the members stacked from start into an arena slice.
func (p *parser) popMembers(start int) []member {
	n := len(p.members) - start
	if cap(p.marena)-len(p.marena) < n {
		size := max(n, arenaSize, 2*cap(p.marena))
		if !p.charge(int64(size) * memberSize) {
			return nil
		}
		p.marena = make([]member, 0, size)
	}
	l := len(p.marena)
	s := p.marena[l : l+n : l+n]
	p.marena = p.marena[:l+n]
	copy(s, p.members[start:])
	clear(p.members[start:])
	p.members = p.members[:start]
	return s
}

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	msg string
	pos int // byte offset of the problem, or −1 at the end of the line
}

func (e *syntaxError) Error() string {
	if e.pos < 0 {
		return e.msg
	}
	return fmt.Sprintf("%s (column %d)", e.msg, e.pos+1)
}

// parseJSON parses s, which must hold exactly one JSON value (and
// whitespace). On a syntax error it still reports a top-level "id" member
// parsed before the error.
func parseJSON(s string) (v value, id string, hasID bool, err error) {
	v, id, hasID, _, err = parseJSONIn(s, nil)
	return v, id, hasID, err
}

// parseJSONIn is parseJSON with the tree's memory reserved from mem (nil:
// not accounted). It returns how much it reserved; the caller releases
// that once the tree is no longer used. A refused reservation stops the
// parse with an error wrapping the *budget.Error.
func parseJSONIn(s string, mem *budget.Budget) (v value, id string, hasID bool, reserved int64, err error) {
	var p parser
	return p.parse(s, mem)
}

// maxKeep is the most values or members a parser keeps for the next line.
const maxKeep = 4096

// parse is parseJSONIn with p's stacks and arena from the last line
// reused (a worker's parser: most lines then allocate nothing). The
// capacity reused is charged to this line's budget like new memory. The
// caller calls p.drop once the tree is no longer used.
func (p *parser) parse(s string, mem *budget.Budget) (v value, id string, hasID bool, reserved int64, err error) {
	*p = parser{s: s, mem: mem, buf: p.buf[:0], floats: p.floats[:0],
		values: p.values[:0], members: p.members[:0], varena: p.varena[:0], marena: p.marena[:0]}
	defer func() { reserved = p.charged }()
	if !p.charge(int64(cap(p.values)+cap(p.varena))*valueSize + int64(cap(p.members)+cap(p.marena))*memberSize + 4*int64(cap(p.floats))) {
		return value{}, "", false, 0, p.memoryError()
	}
	p.skipSpace()
	v, err = p.value()
	if err == nil {
		p.skipSpace()
		if p.pos < len(p.s) {
			err = &syntaxError{"more than one JSON value on the line", p.pos}
		}
	}
	if p.memErr != nil {
		return value{}, p.id, p.hasID, 0, p.memoryError()
	}
	return v, p.id, p.hasID, 0, err
}

// drop forgets the last line and its tree (their memory is no longer
// reserved), keeping small stacks and arena for the next line: nothing it
// keeps points into the line.
func (p *parser) drop() {
	clear(p.values[:cap(p.values)])
	clear(p.members[:cap(p.members)])
	clear(p.varena) // the part the tree used; the rest is zero
	clear(p.marena)
	keep := func(n int) bool { return n <= maxKeep }
	if !keep(cap(p.values)) {
		p.values = nil
	}
	if !keep(cap(p.members)) {
		p.members = nil
	}
	if !keep(cap(p.varena)) {
		p.varena = nil
	}
	if !keep(cap(p.marena)) {
		p.marena = nil
	}
	if cap(p.buf) > 64<<10 {
		p.buf = nil
	}
	if cap(p.floats) > 16*maxKeep {
		p.floats = nil
	}
	p.s, p.id, p.mem, p.memErr = "", "", nil, nil
}

func (p *parser) skipSpace() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// unexpected returns the error for the byte at p.pos (or the end of the
// line), where want was expected.
func (p *parser) unexpected(want string) error {
	if p.pos >= len(p.s) {
		return &syntaxError{"unexpected end of line", -1}
	}
	c := p.s[p.pos]
	var what string
	switch {
	case c < 0x20 || c >= 0x7f:
		what = fmt.Sprintf("invalid byte 0x%02x", c)
	default:
		what = fmt.Sprintf("invalid character %q", c)
	}
	return &syntaxError{what + ", want " + want, p.pos}
}

// value parses the value at p.pos (whitespace skipped).
func (p *parser) value() (value, error) {
	if p.pos >= len(p.s) {
		return value{}, p.unexpected("a value")
	}
	switch c := p.s[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.string()
		return value{kind: kindString, s: s}, err
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't':
		return value{kind: kindBool, b: true}, p.literal("true")
	case c == 'f':
		return value{kind: kindBool}, p.literal("false")
	case c == 'n':
		return value{kind: kindNull}, p.literal("null")
	}
	return value{}, p.unexpected("a value")
}

func (p *parser) literal(lit string) error {
	for i := 0; i < len(lit); i++ {
		if p.pos >= len(p.s) || p.s[p.pos] != lit[i] {
			return p.unexpected(fmt.Sprintf("%q (in literal %s)", lit[i], lit))
		}
		p.pos++
	}
	return nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return &syntaxError{fmt.Sprintf("nested more than %d levels deep", maxDepth), p.pos}
	}
	return nil
}

func (p *parser) object() (value, error) {
	if err := p.enter(); err != nil {
		return value{}, err
	}
	p.pos++ // '{'
	v := value{kind: kindObject}
	p.skipSpace()
	if p.pos < len(p.s) && p.s[p.pos] == '}' {
		p.pos++
		p.depth--
		v.members = []member{}
		return v, nil
	}
	start := len(p.members)
	for {
		if p.pos >= len(p.s) || p.s[p.pos] != '"' {
			return value{}, p.unexpected("an object key (a string)")
		}
		key, err := p.string()
		if err != nil {
			return value{}, err
		}
		p.skipSpace()
		if p.pos >= len(p.s) || p.s[p.pos] != ':' {
			return value{}, p.unexpected(`":" after an object key`)
		}
		p.pos++
		p.skipSpace()
		at := p.pos
		e, err := p.value()
		if err != nil {
			return value{}, err
		}
		raw := p.s[at:p.pos]
		if p.depth == 1 && key == "id" {
			p.id, p.hasID = raw, true
		}
		if len(p.members) == cap(p.members) {
			if !p.charge(int64(2*cap(p.members)+8) * memberSize) {
				return value{}, p.memoryError()
			}
		}
		p.members = append(p.members, member{key: key, val: e, raw: raw})
		p.skipSpace()
		if p.pos < len(p.s) {
			switch p.s[p.pos] {
			case ',':
				p.pos++
				p.skipSpace()
				continue
			case '}':
				p.pos++
				p.depth--
				if v.members = p.popMembers(start); v.members == nil {
					return value{}, p.memoryError()
				}
				return v, nil
			}
		}
		return value{}, p.unexpected(`"," or "}" after an object member`)
	}
}

func (p *parser) array() (value, error) {
	if err := p.enter(); err != nil {
		return value{}, err
	}
	p.pos++ // '['
	v := value{kind: kindArray}
	p.skipSpace()
	if p.pos < len(p.s) && p.s[p.pos] == ']' {
		p.pos++
		p.depth--
		v.elems = []value{}
		return v, nil
	}
	if p.pos < len(p.s) && (p.s[p.pos] == '-' || p.s[p.pos] >= '0' && p.s[p.pos] <= '9') {
		if v, ok, err := p.numbers(); ok || err != nil {
			return v, err
		}
	}
	start := len(p.values)
	for {
		e, err := p.value()
		if err != nil {
			return value{}, err
		}
		if len(p.values) == cap(p.values) {
			if !p.charge(int64(2*cap(p.values)+8) * valueSize) {
				return value{}, p.memoryError()
			}
		}
		p.values = append(p.values, e)
		p.skipSpace()
		if p.pos < len(p.s) {
			switch p.s[p.pos] {
			case ',':
				p.pos++
				p.skipSpace()
				continue
			case ']':
				p.pos++
				p.depth--
				if v.elems = p.popValues(start); v.elems == nil {
					return value{}, p.memoryError()
				}
				return v, nil
			}
		}
		return value{}, p.unexpected(`"," or "]" after an array element`)
	}
}

// numbers parses an array whose elements are all numbers, from its first
// element (p.pos; the '[' and the space after it are read), into a
// kindNumbers value, reading each number as a float32 on the way (into
// p.floats, unless one is beyond the float32 range: then its reader
// reports it). When an element is not a number, or not valid, it returns
// ok false with p.pos back at the first element, for the general parse to
// report.
func (p *parser) numbers() (v value, ok bool, err error) {
	// The loop keeps the position and the converted numbers in locals
	// (the parser's fields are stored back once, at the end).
	s := p.s
	start, fstart := p.pos, len(p.floats)
	pos, floats := start, p.floats
	convert := true
	for {
		if convert {
			// The run of numbers each followed by ", ", in one loop;
			// the one it stops at goes on here.
			pos, floats = f32text.ScanJSONList(s, pos, floats)
		}
		f, n, st := f32text.ScanJSON(s[pos:])
		if st == f32text.Invalid {
			break
		}
		if convert {
			if st == f32text.Slow {
				var err error
				if f, err = f32text.Parse(s[pos : pos+n]); err != nil {
					convert = false
				}
			}
			if len(floats) == cap(floats) && !p.charge(int64(cap(floats)+64)*4) {
				p.pos, p.floats = pos, floats
				return value{}, false, p.memoryError()
			}
			floats = append(floats, f)
		}
		pos += n
		// The common separator, ", " before a number's first byte, at
		// once; anything else as the grammar says.
		if pos+2 < len(s) && s[pos] == ',' && s[pos+1] == ' ' {
			if c := s[pos+2]; c-'0' < 10 || c == '-' {
				pos += 2
				continue
			}
		}
		end := pos
		pos = skipSpace(s, pos)
		if pos >= len(s) {
			break
		}
		if c := s[pos]; c == ',' {
			pos = skipSpace(s, pos+1)
			if pos < len(s) {
				if c := s[pos]; c == '-' || c >= '0' && c <= '9' {
					continue
				}
			}
			break // not a number (or the end)
		} else if c != ']' {
			break
		}
		p.pos = pos + 1
		p.depth--
		v := value{kind: kindNumbers, s: s[start:end]}
		if convert {
			v.fi = uint32(fstart + 1)
			p.floats = floats
		} else {
			p.floats = floats[:fstart]
		}
		return v, true, nil
	}
	p.pos, p.floats = start, floats[:fstart]
	return value{}, false, nil
}

// skipSpace returns the position of the first byte from pos on in s that
// is not JSON white space (a space first: the common case, inline).
func skipSpace(s string, pos int) int {
	for pos < len(s) && s[pos] == ' ' {
		pos++
	}
	if pos < len(s) && s[pos] <= '\r' && (s[pos] == '\t' || s[pos] == '\n' || s[pos] == '\r') {
		return skipSpaceSlow(s, pos)
	}
	return pos
}

// skipSpaceSlow is skipSpace past tabs and line ends.
func skipSpaceSlow(s string, pos int) int {
	for pos < len(s) {
		switch s[pos] {
		case ' ', '\t', '\n', '\r':
			pos++
		default:
			return pos
		}
	}
	return pos
}

// number parses a number per the JSON grammar:
// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
func (p *parser) number() (value, error) {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.s[p.pos] == '-' {
		p.pos++
	}
	switch {
	case p.pos < len(p.s) && p.s[p.pos] == '0':
		p.pos++
	case digits() == 0:
		return value{}, p.unexpected("a digit")
	}
	if p.pos < len(p.s) && p.s[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return value{}, p.unexpected("a digit after the decimal point")
		}
	}
	if p.pos < len(p.s) && (p.s[p.pos] == 'e' || p.s[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.s) && (p.s[p.pos] == '+' || p.s[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return value{}, p.unexpected("a digit in the exponent")
		}
	}
	return value{kind: kindNumber, s: p.s[start:p.pos]}, nil
}

// string parses a string at p.pos (which holds '"') and returns its
// contents: a substring of the line when it has no escapes and is valid
// UTF-8, else a decoded copy.
func (p *parser) string() (string, error) {
	p.pos++ // '"'
	start := p.pos
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == '"':
			p.pos++
			return p.s[start : p.pos-1], nil
		case c == '\\' || c >= utf8.RuneSelf:
			return p.slowString(start)
		case c < 0x20:
			return "", &syntaxError{fmt.Sprintf("invalid byte 0x%02x in a string (control characters must be escaped)", c), p.pos}
		}
		p.pos++
	}
	return "", &syntaxError{"unexpected end of line in a string", -1}
}

// slowString continues a string with escapes or non-ASCII bytes, from
// start (the first byte of the contents).
func (p *parser) slowString(start int) (string, error) {
	b := append(p.buf[:0], p.s[start:p.pos]...)
	defer func() { p.buf = b[:0] }()
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(b), nil
		case c < 0x20:
			return "", &syntaxError{fmt.Sprintf("invalid byte 0x%02x in a string (control characters must be escaped)", c), p.pos}
		case c == '\\':
			if p.pos+1 >= len(p.s) {
				return "", &syntaxError{"unexpected end of line in a string", -1}
			}
			e := p.s[p.pos+1]
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := p.hex4(p.pos + 2)
				if !ok {
					return "", &syntaxError{`invalid \u escape (want 4 hex digits)`, p.pos}
				}
				p.pos += 6
				if utf16.IsSurrogate(r) {
					// A pair is two escapes; anything else is U+FFFD.
					if p.pos+1 < len(p.s) && p.s[p.pos] == '\\' && p.s[p.pos+1] == 'u' {
						if r2, ok := p.hex4(p.pos + 2); ok {
							if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
								b = utf8.AppendRune(b, d)
								p.pos += 6
								continue
							}
						}
					}
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
				continue
			default:
				return "", &syntaxError{fmt.Sprintf("invalid escape %q in a string", "\\"+string(rune(e))), p.pos}
			}
			p.pos += 2
		case c < utf8.RuneSelf:
			b = append(b, c)
			p.pos++
		default:
			r, size := utf8.DecodeRuneInString(p.s[p.pos:])
			b = utf8.AppendRune(b, r) // invalid UTF-8 becomes U+FFFD
			p.pos += size
		}
	}
	return "", &syntaxError{"unexpected end of line in a string", -1}
}

// hex4 reads 4 hex digits at i.
func (p *parser) hex4(i int) (rune, bool) {
	if i+4 > len(p.s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(p.s[i : i+4]) {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// describe returns a short description of v for error messages.
func describe(v value) string {
	switch v.kind {
	case kindNull:
		return "null"
	case kindBool:
		if v.b {
			return "true"
		}
		return "false"
	case kindNumber:
		return v.s
	case kindString:
		if len(v.s) > 40 {
			return strconv.Quote(v.s[:40]) + "…"
		}
		return strconv.Quote(v.s)
	case kindArray, kindNumbers:
		return "an array"
	}
	return "an object"
}
