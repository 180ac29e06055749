package batch

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

// toAny converts a parsed value to what encoding/json's Unmarshal into any
// gives with UseNumber (duplicate keys: the last wins).
func toAny(v value) any {
	switch v.kind {
	case kindNull:
		return nil
	case kindBool:
		return v.b
	case kindNumber:
		return json.Number(v.s)
	case kindString:
		return v.s
	case kindArray:
		a := make([]any, len(v.elems))
		for i, e := range v.elems {
			a[i] = toAny(e)
		}
		return a
	case kindNumbers:
		var a []any
		for _, e := range listOf(v).all() {
			a = append(a, json.Number(e.s))
		}
		return a
	}
	m := make(map[string]any, len(v.members))
	for _, e := range v.members {
		m[e.key] = toAny(e.val)
	}
	return m
}

func unmarshal(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, &json.SyntaxError{}
	}
	return v, nil
}

func TestParseJSON(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want any    // nil: compare with encoding/json
		err  string // a syntax error
	}{
		{in: `{"a": [1, -0.5e+3, true, false, null, "x"], "b": {}, "c": []}`},
		{in: ` "esc: \" \\ \/ \b \f \n \r \t \u00e9 \u20AC \ud83d\ude00" `},
		{in: `"unpaired: \ud800 \udc00 \ud800\u0041 \ud800\ud800\udc00"`},
		{in: "\"raw: \xff \xe2\x82 é \xed\xa0\x80\""},
		{in: `{"a": 1, "a": 2}`},
		{in: `[[[[[]]]]]`},
		{in: "[1,\t2 ,\n3\r, 4 \t]"}, {in: "[ 0.5\r\n,\t\t-1e-3 , 7 ]"}, {in: "[1 ,\t\"a\", 2]"}, {in: "[1,\n[2, 3\t]\r]"},
		{in: "[1 ,\t x]", err: `invalid character 'x', want a value (column 7)`},
		{in: "[1\t2]", err: `invalid character '2', want "," or "]" after an array element (column 4)`},
		{in: `0`}, {in: `-0`}, {in: `1E5`}, {in: `1e-5`}, {in: `123.456e+789`},
		{in: ``, err: "unexpected end of line"},
		{in: `{`, err: "unexpected end of line"},
		{in: `{"a"`, err: "unexpected end of line"},
		{in: `{"a" 1}`, err: `invalid character '1', want ":" after an object key (column 6)`},
		{in: `{"a": 1,}`, err: `invalid character '}', want an object key (a string) (column 9)`},
		{in: `{"a": 1 "b"}`, err: `invalid character '"', want "," or "}" after an object member (column 9)`},
		{in: `[1 2]`, err: `invalid character '2', want "," or "]" after an array element (column 4)`},
		{in: `[1,]`, err: `invalid character ']', want a value (column 4)`},
		{in: `01`, err: `more than one JSON value on the line (column 2)`},
		{in: `-`, err: `unexpected end of line`},
		{in: `-a`, err: `invalid character 'a', want a digit (column 2)`},
		{in: `1.`, err: `unexpected end of line`},
		{in: `1.e5`, err: `invalid character 'e', want a digit after the decimal point (column 3)`},
		{in: `1e`, err: `unexpected end of line`},
		{in: `.5`, err: `invalid character '.', want a value (column 1)`},
		{in: `+1`, err: `invalid character '+', want a value (column 1)`},
		{in: `tru`, err: `unexpected end of line`},
		{in: `nul1`, err: `invalid character '1', want 'l' (in literal null) (column 4)`},
		{in: `NaN`, err: `invalid character 'N', want a value (column 1)`},
		{in: "\"a\tb\"", err: `invalid byte 0x09 in a string (control characters must be escaped) (column 3)`},
		{in: `"\x"`, err: `invalid escape "\\x" in a string (column 2)`},
		{in: `"\u12G4"`, err: `invalid \u escape (want 4 hex digits) (column 2)`},
		{in: `"abc`, err: `unexpected end of line in a string`},
		{in: `"é`, err: `unexpected end of line in a string`},
		{in: "\x00", err: `invalid byte 0x00, want a value (column 1)`},
		{in: `{} x`, err: `more than one JSON value on the line (column 4)`},
		{in: strings.Repeat("[", maxDepth+1), err: "nested more than 10000 levels deep (column 10001)"},
	} {
		v, _, _, err := parseJSON(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			if json.Valid([]byte(tc.in)) {
				t.Errorf("%q: encoding/json accepts it", tc.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		want, err := unmarshal(tc.in)
		if err != nil {
			t.Fatalf("%q: encoding/json: %v", tc.in, err)
		}
		if got := toAny(v); !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\ngot  %#v\nwant %#v", tc.in, got, want)
		}
	}
}

func TestParseJSONKeepsID(t *testing.T) {
	for _, tc := range []struct{ in, id string }{
		{`{"id": {"a": [1,  2]}, "x": 1}`, `{"a": [1,  2]}`},
		{`{"id": 1, "x": oops}`, `1`},
		{`{"x": {"id": 1}}`, ``},
		{`{"x": oops, "id": 1}`, ``},
	} {
		_, id, has, _ := parseJSON(tc.in)
		if id != tc.id || has != (tc.id != "") {
			t.Errorf("%s: id %q (%v), want %q", tc.in, id, has, tc.id)
		}
	}
}

// FuzzParse checks the parser against encoding/json: the same texts are
// valid, and they give the same values.
func FuzzParse(f *testing.F) {
	golden, err := readGolden()
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range golden {
		f.Add(line)
	}
	for _, s := range []string{`"\ud800\udc00"`, "\"\xff\"", `{"a":[1,{"b":null}]}`, `-0.0e-0`, `[1,2,]`,
		`{"lanes": {"coord": [[0.5, 1e39, -0], [01]], "lod": [1 , 2,3 ]}}`, `[1, 2x]`, `[-]`, `[1.]`, `[1e+]`, `[0, "a"]`, `[[1], 1]`, `[`, `[1`, `[1,`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var p parser
		v, _, _, _, err := p.parse(string(b), nil)
		valid := json.Valid(b)
		if (err == nil) != valid {
			t.Fatalf("%q: parse error %v, json.Valid %v", b, err, valid)
		}
		if err != nil {
			return
		}
		want, err := unmarshal(string(b))
		if err != nil {
			t.Fatalf("%q: encoding/json: %v", b, err)
		}
		if got := toAny(v); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\ngot  %#v\nwant %#v", b, got, want)
		}
		checkFloats(t, b, &p, v)
	})
}

// checkFloats requires the float32s the parser converted while it read
// each array of numbers in v (kindNumbers, fi > 0: f32text.ScanJSONList's
// runs, ScanJSON and Parse) to be each element's own conversion
// (float32Number, strconv's value), bit for bit.
func checkFloats(t *testing.T, b []byte, p *parser, v value) {
	t.Helper()
	switch v.kind {
	case kindArray:
		for _, e := range v.elems {
			checkFloats(t, b, p, e)
		}
	case kindObject:
		for _, m := range v.members {
			checkFloats(t, b, p, m.val)
		}
	case kindNumbers:
		if v.fi == 0 {
			return
		}
		for i, e := range listOf(v).all() {
			want, err := float32Number("", e.s)
			if got := p.floats[int(v.fi)-1+i]; err != nil || math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("%q: element %d (%s) read as %v, want %v (%v)", b, i, e.s, got, want, err)
			}
		}
	}
}

func readGolden() ([][]byte, error) {
	b, err := os.ReadFile("testdata/golden.jsonl")
	if err != nil {
		return nil, err
	}
	return bytes.Split(b, []byte("\n")), nil
}
