package batch

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/texunit/texunit/internal/f32text"
)

// This file converts parsed JSON values into typed values, with error
// messages that name the field and the value.

// fieldError returns "PATH: MESSAGE".
func fieldError(path string, format string, args ...any) error {
	return fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
}

// elemError prefixes err, a ": ..." message of element i, with "PATH[i]".
func elemError(path string, i int, err error) error {
	return fmt.Errorf("%s[%d]%w", path, i, err)
}

// fields is an object's members, checked for unknown and duplicate keys.
type fields []member

// object checks that v is an object whose keys are all in known, each at
// most once.
func object(path string, v value, known []string) (fields, error) {
	if v.kind != kindObject {
		return nil, fieldError(path, "want an object, got %s", describe(v))
	}
	for i, m := range v.members {
		if !slices.Contains(known, m.key) {
			return nil, fieldError(path, "unknown field %q (want %s)", m.key, strings.Join(known, ", "))
		}
		for _, prev := range v.members[:i] {
			if prev.key == m.key {
				return nil, fieldError(path, "duplicate field %q", m.key)
			}
		}
	}
	return v.members, nil
}

// get returns the member named key; a null member counts as absent.
func (f fields) get(key string) (value, bool) {
	for i := range f {
		if f[i].key == key {
			return f[i].val, f[i].val.kind != kindNull
		}
	}
	return value{}, false
}

// list is the elements of an array value of either kind: parsed values
// (kindArray) or numbers kept as text (kindNumbers).
type list struct {
	elems []value
	nums  string // kindNumbers: the text inside the brackets
	n     int
}

// listOf returns the elements of v, an array of either kind.
func listOf(v value) list {
	if v.kind == kindNumbers {
		return list{nums: v.s, n: countNumbers(v.s)}
	}
	return list{elems: v.elems, n: len(v.elems)}
}

// isArray reports whether v is an array of either kind.
func isArray(v value) bool { return v.kind == kindArray || v.kind == kindNumbers }

// countNumbers returns the number of numbers in the text of a kindNumbers
// array (numbers hold no commas).
func countNumbers(s string) int { return strings.Count(s, ",") + 1 }

// len returns the number of elements.
func (l list) len() int { return l.n }

// all yields the elements in order.
func (l list) all() iter.Seq2[int, value] {
	return func(yield func(int, value) bool) {
		if l.elems != nil || l.nums == "" {
			for i, e := range l.elems {
				if !yield(i, e) {
					return
				}
			}
			return
		}
		sc := numberScanner{s: l.nums}
		for i := 0; ; i++ {
			tok, ok := sc.next()
			if !ok || !yield(i, value{kind: kindNumber, s: tok}) {
				return
			}
		}
	}
}

// numberScanner reads the numbers of a kindNumbers array's text, which the
// parser has checked: numbers separated by commas and JSON whitespace.
type numberScanner struct {
	s   string
	pos int
}

// next returns the next number's text, or false at the end.
func (sc *numberScanner) next() (string, bool) {
	s, i := sc.s, sc.pos
	for i < len(s) && (s[i] == ',' || s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	if i >= len(s) {
		sc.pos = i
		return "", false
	}
	j := i
	for j < len(s) && s[j] != ',' && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r' {
		j++
	}
	sc.pos = j
	return s[i:j], true
}

// array checks that v is an array of lo..hi values.
func array(path string, v value, lo, hi int) (list, error) {
	if !isArray(v) {
		return list{}, fieldError(path, "want an array, got %s", describe(v))
	}
	l := listOf(v)
	if n := l.len(); n < lo || n > hi {
		return list{}, fieldError(path, "want %s, got %d", count(lo, hi), n)
	}
	return l, nil
}

// count returns "3 values" or "1 to 3 values".
func count(lo, hi int) string {
	unit := "values"
	if hi == 1 {
		unit = "value"
	}
	if lo == hi {
		return fmt.Sprintf("%d %s", lo, unit)
	}
	return fmt.Sprintf("%d to %d %s", lo, hi, unit)
}

// str converts a JSON string.
func str(path string, v value) (string, error) {
	if v.kind != kindString {
		return "", fieldError(path, "want a string, got %s", describe(v))
	}
	return v.s, nil
}

// boolean converts a JSON boolean.
func boolean(path string, v value) (bool, error) {
	if v.kind != kindBool {
		return false, fieldError(path, "want true or false, got %s", describe(v))
	}
	return v.b, nil
}

// integer converts a JSON integer in lo..hi. Numbers with a fraction or an
// exponent are not integers here, even when their value is integral.
func integer(path string, v value, lo, hi int64) (int64, error) {
	if v.kind != kindNumber {
		return 0, fieldError(path, "want an integer, got %s", describe(v))
	}
	i, err := strconv.ParseInt(v.s, 10, 64)
	if err != nil {
		if strings.ContainsAny(v.s, ".eE") {
			return 0, fieldError(path, "%s is not an integer", v.s)
		}
		return 0, fieldError(path, "%s is out of range (%d..%d)", v.s, lo, hi)
	}
	if i < lo || i > hi {
		return 0, fieldError(path, "%s is out of range (%d..%d)", v.s, lo, hi)
	}
	return i, nil
}

// int32Value converts a JSON integer that must fit in an int32.
func int32Value(path string, v value) (int32, error) {
	i, err := integer(path, v, math.MinInt32, math.MaxInt32)
	return int32(i), err
}

// intIn converts a JSON integer in lo..hi.
func intIn(path string, v value, lo, hi int64) (int, error) {
	i, err := integer(path, v, lo, hi)
	return int(i), err
}

// The special spellings of float values, accepted as JSON strings.
const specialFloats = `a JSON number, "NaN", "Inf", "+Inf", "-Inf", or "@" and 8 hex digits of float32 bits`

// nan32 is the float32 NaN the string "NaN" stands for: the default quiet
// NaN 0x7fc00000.
var nan32 = math.Float32frombits(0x7fc00000)

// special parses the string forms of a float32: "NaN", "Inf", "+Inf",
// "-Inf" and "@XXXXXXXX" (raw bits).
func special(s string) (float32, bool) {
	switch s {
	case "NaN":
		return nan32, true
	case "Inf", "+Inf":
		return float32(math.Inf(1)), true
	case "-Inf":
		return float32(math.Inf(-1)), true
	}
	if len(s) == 9 && s[0] == '@' {
		b, err := strconv.ParseUint(s[1:], 16, 32)
		if err == nil {
			return math.Float32frombits(uint32(b)), true
		}
	}
	return 0, false
}

// float32Value converts a JSON number (rounded once, to nearest even) or one
// of the special strings to a float32. Finite numbers beyond the float32
// range are errors; write "Inf" for infinity.
func float32Value(path string, v value) (float32, error) {
	switch v.kind {
	case kindNumber:
		return float32Number(path, v.s)
	case kindString:
		if f, ok := special(v.s); ok {
			return f, nil
		}
		return 0, fieldError(path, "%s is not a number (want %s)", describe(v), specialFloats)
	}
	return 0, fieldError(path, "want a number, got %s", describe(v))
}

// float32Number converts the text of a JSON number to a float32, as
// float32Value does.
func float32Number(path, s string) (float32, error) {
	f, err := f32text.Parse(s)
	if err != nil {
		return 0, fieldError(path, "%s is out of range for float32 (write \"+Inf\" or \"-Inf\" for infinities)", s)
	}
	return f, nil
}

// float64Value is float32Value for float64 fields; "@XXXXXXXX" still gives
// float32 bits, converted exactly.
func float64Value(path string, v value) (float64, error) {
	switch v.kind {
	case kindNumber:
		f, err := strconv.ParseFloat(v.s, 64)
		if err != nil {
			return 0, fieldError(path, "%s is out of range for float64 (write \"+Inf\" or \"-Inf\" for infinities)", v.s)
		}
		return f, nil
	case kindString:
		if f, ok := special(v.s); ok {
			return float64(f), nil
		}
		return 0, fieldError(path, "%s is not a number (want %s)", describe(v), specialFloats)
	}
	return 0, fieldError(path, "want a number, got %s", describe(v))
}
