package visa

import (
	"strings"
	"testing"
)

// TestOffsetExpressions checks raw operand offsets written as IGC's integer
// expressions, with IGC's operator precedence (& binds loosest, then ^, |),
// and their errors.
func TestOffsetExpressions(t *testing.T) {
	cases := []struct {
		expr string
		want int
		err  string
	}{
		{"(64*3)", 192, ""},
		{"(1+2*3-7)", 0, ""},
		{"(8<<2)", 32, ""},
		{"(0x40>>1)", 32, ""},
		{"(-1>>>60)", 15, ""},
		{"(100%3)", 1, ""},
		{"(64 % 3)", 1, ""},
		{"(7/2)", 3, ""},
		{"(-(-32))", 32, ""},
		{"(~-33)", 32, ""},
		{"(!0)", 1, ""},
		{"(1 ? 32 : 64)", 32, ""},
		{"(0 ? 32 : 64)", 64, ""},
		{"(2 < 3)", 1, ""},
		{"(3 <= 2)", 0, ""},
		{"(2 == 2) ", 1, ""},
		{"(2 != 2)", 0, ""},
		{"(1 | 2 & 3)", 3, ""}, // (1|2)&3: & binds loosest in IGC's grammar
		{"(6 ^ 3 | 1)", 5, ""}, // 6^(3|1)
		{"(%sizeof u)", 64, ""},
		{"(%sizeof(u) - 32)", 32, ""},
		{"((32))", 32, ""},
		{"(010)", 10, ""}, // decimal, as IGC's atoi reads it
		{"(1/0)", 0, "division by 0"},
		{"(0-32)", 0, "byte offset -32: want 0..65535"},
		{"(65536)", 0, "byte offset 65536"},
		{"(32", 0, "missing \")\""},
		{"(32 +)", 0, "expected a number"},
		{"(32 32)", 0, "unexpected \"32\""},
		{"(%sizeof w)", 0, "%sizeof w: not a declared general variable"},
		{"(1<<64)", 0, "shift count 64"},
		{"(x)", 0, "unexpected \"x\""},
	}
	for _, c := range cases {
		src := header + ".decl u v_type=G type=f num_elts=16\n.decl d v_type=G type=f num_elts=20000\n" +
			".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n" +
			"sample_lz.R (M1, 8) 0x0:uw s x d." + c.expr + " u.0\n"
		k, err := Assemble(src)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: got %v, want an error containing %q", c.expr, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if got := k.Insts[0].Dst.Offset; got != c.want {
			t.Errorf("%s = %d, want %d", c.expr, got, c.want)
		}
	}
}
