package f32text

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"testing"
)

var exhaustive = flag.Bool("exhaustive", false, "check every float32 bit pattern (minutes on one core; parallel over GOMAXPROCS)")

// checkFormat compares AppendShortest with strconv for the float32 with
// bits b, and checks that Parse reads the text back to the same bits and,
// for finite values, that AppendJSON writes the same text and AppendJSON4
// four copies of it.
func checkFormat(b uint32, buf, want []byte) ([]byte, []byte, error) {
	f := math.Float32frombits(b)
	buf = AppendShortest(buf[:0], f)
	want = strconv.AppendFloat(want[:0], float64(f), 'g', -1, 32)
	if b&0x7fffffff == 0x39800000 && bytes.HasSuffix(want, []byte("0.00024414063")) {
		// 2⁻¹² = 0.000244140625 lies halfway between the two shortest
		// candidates; Go 1.26's strconv takes the odd one (see shortest).
		want = append(want[:len(want)-1], '2')
	}
	if !bytes.Equal(buf, want) {
		return buf, want, fmt.Errorf("AppendShortest(%#08x) = %q, strconv %q", b, buf, want)
	}
	if f != f || math.IsInf(float64(f), 0) {
		return buf, want, nil
	}
	g, err := Parse(string(buf))
	if err != nil || math.Float32bits(g) != b {
		return buf, want, fmt.Errorf("Parse(%q) = %#08x, %v; want %#08x", buf, math.Float32bits(g), err, b)
	}
	if buf = AppendJSON(buf[:0], f); !bytes.Equal(buf, want) {
		return buf, want, fmt.Errorf("AppendJSON(%#08x) = %q, strconv %q", b, buf, want)
	}
	buf = AppendJSON4(buf[:0], [4]uint32{b, b, b, b})
	if n := len(want); len(buf) != 4*n+3 || !bytes.Equal(buf[:n], want) || !bytes.Equal(buf[3*n+3:], want) {
		return buf, want, fmt.Errorf("AppendJSON4(%#08x ×4) = %q, strconv %q", b, buf, want)
	}
	return buf, want, nil
}

func TestAppendShortest(t *testing.T) {
	var buf, want []byte
	var err error
	check := func(b uint32) {
		t.Helper()
		if buf, want, err = checkFormat(b, buf, want); err != nil {
			t.Fatal(err)
		}
	}
	// Every exponent with mantissas at both ends and in the middle, and
	// the special values.
	for e := uint32(0); e < 256; e++ {
		for _, m := range []uint32{0, 1, 2, 3, 1 << 22, 1<<23 - 1, 1<<23 - 2, 0x2aaaaa, 0x555555} {
			check(e<<23 | m)
			check(1<<31 | e<<23 | m)
		}
	}
	for _, c := range []struct {
		f    float32
		want string
	}{{float32(math.NaN()), `"NaN"`}, {float32(math.Inf(1)), `"+Inf"`}, {float32(math.Inf(-1)), `"-Inf"`}} {
		if got := string(AppendJSON([]byte("x"), c.f)); got != "x"+c.want {
			t.Errorf("AppendJSON(%v) = %s, want %s", c.f, got[1:], c.want)
		}
	}
	if got := string(AppendShortest(nil, 1.0/4096)); got != "0.00024414062" {
		t.Errorf("AppendShortest(2⁻¹²) = %s, want 0.00024414062 (the even of the two closest)", got)
	}
	for _, f := range []float32{0.1, 0.2, 0.3, 1.0 / 3, 0.41568628, 1e-5, 1e-4, 123456, 1234567, 1e6, 1e7, 16777216, 3.4028235e38, 1.4e-45, 1e-45, 5e-324} {
		check(math.Float32bits(f))
	}
	// Every float32 with an 8-bit UNORM or sRGB-like value and their
	// trilinear blends' neighbourhoods, then random patterns.
	for i := range 256 {
		check(math.Float32bits(float32(i) / 255))
	}
	r := rand.New(rand.NewPCG(1, 2))
	// appendFraction's range, [10⁻⁴, 1): its ends and their neighbours
	// (on either side lies appendG's), and every binade in it densely
	// (fractions of 1 to 13 digits, in one or two eight-digit stores).
	for _, f := range []float32{1e-4, 1, 0.001, 0.01, 0.1, 0.5, 0.99999994} {
		b := math.Float32bits(f)
		for d := uint32(0); d < 64; d++ {
			check(b - d)
			check(b + d)
		}
	}
	for e := uint32(112); e <= 127; e++ {
		for range 20_000 {
			check(e<<23 | r.Uint32()&(1<<23-1))
		}
	}
	n := 2_000_000
	if testing.Short() {
		n = 100_000
	}
	for range n {
		check(r.Uint32())
	}
}

// TestAppendJSON4 holds AppendJSON4 to four AppendJSON calls joined by
// commas on random mixtures of common results (with fractions of up to 8
// digits and of more), other finite values, NaN and the infinities,
// appended to buffers of every small capacity (so that it grows them in
// the middle of a lane too).
func TestAppendJSON4(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pick := func() uint32 {
		switch r.IntN(6) {
		case 0:
			return r.Uint32()
		case 1:
			return []uint32{0x7fc00000, 0x7f800000, 0xff800000, 0, 1 << 31, 0x3f800000, 0x38d1b717, 0x3f000000}[r.IntN(8)]
		case 2:
			return 114<<23 | r.Uint32()&(1<<23-1) // 2⁻¹³ and above: long fractions
		}
		return (114+r.Uint32N(13))<<23 | r.Uint32()&(1<<23-1)
	}
	var want []byte
	for range 200_000 {
		v := [4]uint32{pick(), pick(), pick(), pick()}
		prefix := []byte("[1,")[:r.IntN(4)]
		dst := append(make([]byte, 0, len(prefix)+r.IntN(90)), prefix...)
		got := AppendJSON4(dst, v)
		want = append(want[:0], prefix...)
		for c, b := range v {
			if c > 0 {
				want = append(want, ',')
			}
			want = AppendJSON(want, math.Float32frombits(b))
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("AppendJSON4(%q, %#08x) = %q, want %q", prefix, v, got, want)
		}
	}
}

// TestAppendShortestExhaustive checks every non-negative bit pattern (2³¹;
// a negative value's text is its magnitude's after a "-", from the same
// code) with -exhaustive, through AppendShortest, AppendJSON and
// AppendJSON4: about half an hour of one core.
func TestAppendShortestExhaustive(t *testing.T) {
	if !*exhaustive {
		t.Skip("run with -exhaustive")
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []error
	const chunk = 1 << 24
	next := make(chan uint64)
	for range workers {
		wg.Go(func() {
			var buf, want []byte
			var err error
			for start := range next {
				for b := start; b < start+chunk; b++ {
					if buf, want, err = checkFormat(uint32(b), buf, want); err != nil {
						mu.Lock()
						if len(failures) < 20 {
							failures = append(failures, err)
						}
						mu.Unlock()
					}
				}
			}
		})
	}
	for start := uint64(0); start < 1<<31; start += chunk {
		next <- start
	}
	close(next)
	wg.Wait()
	for _, err := range failures {
		t.Error(err)
	}
}

// parseCases are JSON numbers on both paths of Parse.
var parseCases = []string{
	"0", "-0", "0.0", "-0.0", "1", "-1", "0.5", "1e0", "1E+2", "1e-2", "123456789", "1234567890123456789",
	"12345678901234567890", "0.000000000000000000000000000000000000000000001", "1e-45", "7e-46", "1e-50",
	"3.4028235e38", "3.4028236e38", "3.5e38", "1e39", "-1e39", "16777217", "16777216.5", "16777218.999999",
	"0.30000001192092896", "0.1", "1.00000005960464477539062", "1.0000000596046448", "1.00000006",
	"1.000000059604644775390625", "9007199254740993", "9007199254740992e-22", "1e22", "1e23", "4.5e-23",
	"33554431", "33554433", "0.000000059604644775390625", "2.98023223876953125e-8",
}

func TestParse(t *testing.T) {
	check := func(s string) {
		t.Helper()
		want, werr := strconv.ParseFloat(s, 32)
		got, err := Parse(s)
		if math.Float32bits(got) != math.Float32bits(float32(want)) || (err == nil) != (werr == nil) {
			t.Fatalf("Parse(%q) = %v (%#08x), %v; strconv %v (%#08x), %v", s, got, math.Float32bits(got), err, want, math.Float32bits(float32(want)), werr)
		}
	}
	for _, s := range parseCases {
		check(s)
	}
	// Random decimals of 1 to 20 digits with exponents that reach both
	// paths, and the exact midpoints between float32 neighbours (which
	// the fast path must hand to strconv) written with 17 digits.
	r := rand.New(rand.NewPCG(3, 4))
	n := 1_000_000
	if testing.Short() {
		n = 50_000
	}
	var b []byte
	for range n {
		b = b[:0]
		if r.IntN(2) == 0 {
			b = append(b, '-')
		}
		nd := 1 + r.IntN(20)
		point := r.IntN(nd + 1)
		for i := range nd {
			if i == point && i > 0 {
				b = append(b, '.')
			}
			d := byte('0' + r.IntN(10))
			if i == 0 && d == '0' && point != 1 {
				d = '1'
			}
			b = append(b, d)
		}
		if r.IntN(2) == 0 {
			b = append(b, 'e')
			b = strconv.AppendInt(b, int64(r.IntN(80)-40), 10)
		}
		check(string(b))
	}
	for range 100_000 {
		lo := math.Float32frombits(r.Uint32() & 0x7f7fffff)
		hi := math.Nextafter32(lo, float32(math.Inf(1)))
		mid := (float64(lo) + float64(hi)) / 2
		check(strconv.FormatFloat(mid, 'g', -1, 64))
		check(new(big.Float).SetFloat64(mid).Text('g', 40))
	}
}

func TestPutDigits(t *testing.T) {
	b := make([]byte, 16)
	check := func(v uint32) {
		nd := decimalLen(v)
		putDigits(b, v, nd)
		if got, want := string(b[:nd]), strconv.FormatUint(uint64(v), 10); got != want {
			t.Fatalf("putDigits(%d) = %q", v, got)
		}
	}
	for v := uint32(1); v < 1_000_000_000; v += 1 + v/4096 {
		check(v)
	}
	for _, v := range []uint32{1, 9, 10, 99, 100, 9999, 10000, 99999999, 100000000, 999999999, 1000000000, 4294967295} {
		check(v)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 1_000_000 {
		check(1 + r.Uint32N(999_999_999))
	}
}

func TestDecimalLen(t *testing.T) {
	for _, v := range []uint32{1, 9, 10, 11, 99, 100, 999999999, 1000000000, 4294967295, 1 << 31, 8, 16, 1023, 1024} {
		if got, want := decimalLen(v), len(strconv.FormatUint(uint64(v), 10)); got != want {
			t.Errorf("decimalLen(%d) = %d, want %d", v, got, want)
		}
	}
	for k := uint64(1); k < 1<<32; k *= 10 { // every boundary of the formula: powers of ten and of two
		for _, v := range []uint64{k - 1, k, k + 1} {
			if v > 0 && v < 1<<32 && decimalLen(uint32(v)) != len(strconv.FormatUint(v, 10)) {
				t.Errorf("decimalLen(%d) = %d", v, decimalLen(uint32(v)))
			}
		}
	}
	for k := uint64(1); k < 1<<32; k *= 2 {
		for _, v := range []uint64{k - 1, k, k + 1} {
			if v > 0 && v < 1<<32 && decimalLen(uint32(v)) != len(strconv.FormatUint(v, 10)) {
				t.Errorf("decimalLen(%d) = %d", v, decimalLen(uint32(v)))
			}
		}
	}
	for v := uint32(1); v < 1<<20; v++ {
		if got, want := decimalLen(v), len(strconv.FormatUint(uint64(v), 10)); got != want {
			t.Fatalf("decimalLen(%d) = %d, want %d", v, got, want)
		}
	}
}

// ScanJSON accepts exactly the JSON number grammar: its length agrees with
// encoding/json's view of where a number ends.
func TestScanJSON(t *testing.T) {
	for _, tc := range []struct {
		in string
		n  int
		st Status
	}{
		{"0", 1, Fast}, {"-0", 2, Fast}, {"0.5,", 3, Fast}, {"12]", 2, Fast}, {"1e5 ", 3, Fast}, {"1E+05", 5, Fast},
		{"-1.25e-3x", 8, Fast}, {"1e99999", 7, Slow}, {"12345678901234567890", 20, Slow}, {"1e30", 4, Slow},
		{"01", 0, Invalid}, {"-", 0, Invalid}, {"-a", 0, Invalid}, {".5", 0, Invalid}, {"1.", 0, Invalid}, {"1.e5", 0, Invalid},
		{"1e", 0, Invalid}, {"1e+", 0, Invalid}, {"+1", 0, Invalid}, {"", 0, Invalid}, {"Inf", 0, Invalid}, {"-01", 0, Invalid},
	} {
		f, n, st := ScanJSON(tc.in)
		if n != tc.n || st != tc.st {
			t.Errorf("ScanJSON(%q) = %v, %d, %d; want %d, %d", tc.in, f, n, st, tc.n, tc.st)
		}
		if st == Fast {
			want, _ := strconv.ParseFloat(tc.in[:n], 32)
			if math.Float32bits(f) != math.Float32bits(float32(want)) {
				t.Errorf("ScanJSON(%q) = %v, want %v", tc.in, f, want)
			}
		}
	}
}

func BenchmarkAppendShortest(b *testing.B) {
	vals := make([]float32, 256)
	for i := range vals {
		vals[i] = float32(math.Sin(float64(i)))*0.5 + 0.5
	}
	buf := make([]byte, 0, 4096)
	for b.Loop() {
		buf = buf[:0]
		for _, v := range vals {
			buf = AppendShortest(buf, v)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(vals)), "ns/value")
}

func BenchmarkStrconvAppendFloat32(b *testing.B) {
	vals := make([]float32, 256)
	for i := range vals {
		vals[i] = float32(math.Sin(float64(i)))*0.5 + 0.5
	}
	buf := make([]byte, 0, 4096)
	for b.Loop() {
		buf = buf[:0]
		for _, v := range vals {
			buf = strconv.AppendFloat(buf, float64(v), 'g', -1, 32)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(vals)), "ns/value")
}

func BenchmarkParse(b *testing.B) {
	strs := make([]string, 256)
	for i := range strs {
		strs[i] = strconv.FormatFloat(float64(float32(math.Sin(float64(i)))*0.5+0.5), 'g', -1, 32)
	}
	for b.Loop() {
		for _, s := range strs {
			if _, err := Parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(strs)), "ns/value")
}

func BenchmarkStrconvParseFloat32(b *testing.B) {
	strs := make([]string, 256)
	for i := range strs {
		strs[i] = strconv.FormatFloat(float64(float32(math.Sin(float64(i)))*0.5+0.5), 'g', -1, 32)
	}
	for b.Loop() {
		for _, s := range strs {
			if _, err := strconv.ParseFloat(s, 32); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(strs)), "ns/value")
}

// TestScanJSONEight holds ScanJSON's eight-digit path to scanJSON (byte
// at a time) on numbers of every shape the path sees or turns away: 1 to
// 25 digits on either side of the point, leading zeros, signs, exponents,
// a point with no digits, and what follows them (commas, brackets,
// spaces, letters, every byte value, the end of the text) at every
// distance from the end of the eight-byte loads.
func TestScanJSONEight(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	digits := func(b []byte, n int) []byte {
		for range n {
			b = append(b, byte('0'+r.IntN(10)))
		}
		return b
	}
	tails := []string{"", ",", "]", ", 0.5]", " ", "e5", "E-3,", "e+", "x", "\x80\xff", ".", ".5", "0", "a b c d e f g h i"}
	var b []byte
	check := func(s string) {
		t.Helper()
		f, n, st := ScanJSON(s)
		g, m, su := scanJSON(s)
		if math.Float32bits(f) != math.Float32bits(g) || n != m || st != su {
			t.Fatalf("ScanJSON(%q) = %v, %d, %d; scanJSON %v, %d, %d", s, f, n, st, g, m, su)
		}
	}
	for range 300_000 {
		b = b[:0]
		if r.IntN(4) == 0 {
			b = append(b, '-')
		}
		switch r.IntN(8) {
		case 0:
			b = append(b, '0')
		case 1:
			b = digits(b, r.IntN(3)) // perhaps none, perhaps a leading zero
		default:
			b = append(b, byte('1'+r.IntN(9)))
			b = digits(b, r.IntN(20))
		}
		if r.IntN(5) != 0 {
			b = append(b, '.')
			if r.IntN(2) == 0 {
				b = append(b, "0000"[:r.IntN(5)]...)
			}
			b = digits(b, r.IntN(26))
		}
		if r.IntN(3) == 0 {
			b = append(b, byte(r.IntN(256))) // '/' and ':' beside the digits too
		}
		b = append(b, tails[r.IntN(len(tails))]...)
		b = append(b, "        ,]}"[:r.IntN(12)]...)
		check(string(b))
	}
	for _, s := range parseCases {
		for pad := range 12 {
			check(s + "]}}}}}}}}}}}"[:pad])
		}
	}
}

// TestScanJSONList reads random arrays as the batch's parser does —
// ScanJSONList's runs, the number it stops at with ScanJSON (or Parse) and
// the separator after it — into slices of every small capacity, and
// requires each element's strconv value in order: numbers of every shape
// (short and long fractions, integers, exponents, signs, more digits than
// the shorter paths take), separated by ", " or by other white space.
func TestScanJSONList(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	elem := func() string {
		switch r.IntN(6) {
		case 0:
			return strconv.FormatFloat(r.NormFloat64()*1e3, 'g', -1, 64)
		case 1:
			return strconv.Itoa(r.IntN(2000) - 1000)
		case 2:
			return strconv.FormatFloat(r.Float64(), 'e', r.IntN(10), 32)
		case 3: // scanUnit's edges: 8, 9, 15 and 16 fraction digits, m ≥ 2⁵³, zeros
			return []string{"0.1234567890123456789012", "0.12345678", "0.123456789", "1.234567890123456", "9.999999999999999",
				"9.0071992547409919", "0.000000000000000", "0.0", "0.00000001", "1.5e3", "0.99999994", "0.5"}[r.IntN(12)]
		}
		return strconv.FormatFloat(float64(r.Float32()), 'g', -1, 32)
	}
	seps := []string{", ", ", ", ", ", ",", " ,", ",  ", ",\n", "\t, "}
	for range 20_000 {
		n := 1 + r.IntN(40)
		want := make([]float32, n)
		var b []byte
		for i := range want {
			if i > 0 {
				b = append(b, seps[r.IntN(len(seps))]...)
			}
			e := elem()
			v, err := strconv.ParseFloat(e, 32)
			if err != nil {
				t.Fatal(err)
			}
			want[i] = float32(v)
			b = append(b, e...)
		}
		b = append(b, "]}"[:1+r.IntN(2)]...)
		s := string(b)
		got := make([]float32, 0, r.IntN(8))
		pos := 0
		for {
			pos, got = ScanJSONList(s, pos, got)
			f, m, st := ScanJSON(s[pos:])
			switch st {
			case Invalid:
				t.Fatalf("%q: ScanJSONList stopped at %d, not a number", s, pos)
			case Slow:
				f, _ = Parse(s[pos : pos+m])
			}
			got = append(got, f)
			for pos += m; s[pos] == ' ' || s[pos] == '\n' || s[pos] == '\t'; pos++ {
			}
			if s[pos] == ']' {
				break
			}
			for pos++; s[pos] == ' ' || s[pos] == '\n' || s[pos] == '\t'; pos++ {
			}
		}
		if len(got) != n {
			t.Fatalf("%q: %d numbers, want %d", s, len(got), n)
		}
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("%q: element %d is %v, want %v", s, i, got[i], want[i])
			}
		}
	}
}

// TestScanUnit holds scanUnit to ScanJSON on random 32-byte texts made of
// the bytes numbers and their separators are made of (and others): where
// it takes one, ScanJSON must read the same bits as Fast up to ", " and
// the first byte of another number.
func TestScanUnit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const alphabet = "0123456789012345678901234567890123456789.., ,-e]/:x"
	var b [32]byte
	taken := 0
	for range 1_000_000 {
		b[0] = "0123456789-"[r.IntN(11)]
		b[1] = ".5"[r.IntN(2)&r.IntN(2)]
		for i := 2; i < len(b); i++ {
			b[i] = alphabet[r.IntN(len(alphabet))]
			if r.IntN(12) == 0 { // a likely separator
				b[i] = ','
				if i+1 < len(b) {
					b[i+1] = ' '
					i++
				}
			}
		}
		s := string(b[:])
		f, n := scanUnit(s)
		if n == 0 {
			continue
		}
		taken++
		g, m, st := ScanJSON(s)
		if st != Fast || m != n-2 || s[m:n] != ", " || math.Float32bits(f) != math.Float32bits(g) {
			t.Fatalf("scanUnit(%q) = %v, %d; ScanJSON %v, %d, %d", s, f, n, g, m, st)
		}
		if c := s[n]; c != '-' && (c < '0' || c > '9') {
			t.Fatalf("scanUnit(%q) took a number not followed by another's first byte", s)
		}
	}
	if taken < 10_000 {
		t.Errorf("scanUnit took %d texts: too few", taken)
	}
}

// FuzzScanJSON holds ScanJSON and Parse to encoding/json's grammar and to
// strconv's values.
func FuzzScanJSON(f *testing.F) {
	for _, s := range parseCases {
		f.Add(s)
	}
	for _, s := range []string{"01", "-", "1.", "1e", ".5", "1.5e+07,", "-0.0e-0]", "1e-400", "9e99",
		"0.001003009, 0.002006018]", "-0.45635548]}}", "123456789012.5, ", "0.000000000000000000000001, 1]", "1.e5, 2, 3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		isNumber := func(s string) bool {
			return s != "" && (s[0] == '-' || s[0] >= '0' && s[0] <= '9') && s[len(s)-1] >= '0' && s[len(s)-1] <= '9' && json.Valid([]byte(s))
		}
		v, n, st := ScanJSON(s)
		if g, m, su := scanJSON(s); math.Float32bits(v) != math.Float32bits(g) || n != m || st != su {
			t.Fatalf("ScanJSON(%q) = %v, %d, %d; scanJSON %v, %d, %d", s, v, n, st, g, m, su)
		}
		switch {
		case st == Invalid && isNumber(s):
			t.Fatalf("ScanJSON(%q): invalid, but it is a JSON number", s)
		case st != Invalid && !isNumber(s[:n]):
			t.Fatalf("ScanJSON(%q): %d bytes, %q is not a JSON number", s, n, s[:n])
		case st != Invalid && n < len(s) && isNumber(s[:n+1]):
			t.Fatalf("ScanJSON(%q): stopped at %d, inside the number", s, n)
		}
		if st == Fast {
			want, err := strconv.ParseFloat(s[:n], 32)
			if err != nil || math.Float32bits(v) != math.Float32bits(float32(want)) {
				t.Fatalf("ScanJSON(%q) = %v, strconv %v, %v", s, v, want, err)
			}
		}
		got, err := Parse(s)
		want, werr := strconv.ParseFloat(s, 32)
		if (err == nil) != (werr == nil) || math.Float32bits(got) != math.Float32bits(float32(want)) {
			t.Fatalf("Parse(%q) = %v, %v; strconv %v, %v", s, got, err, want, werr)
		}
	})
}
