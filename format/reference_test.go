package format

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// refComp is one component in the reference description: its channel
// letter and its bit range [lo, hi] in the texel read as one little-endian
// integer of Bytes bytes.
type refComp struct {
	ch     byte
	hi, lo int
}

// refPacked spells out, from the bit ranges in the Vulkan specification's
// format descriptions ("Formats"), the layout of every packed, depth and
// stencil format. The decoders derive theirs from the names instead.
var refPacked = map[string][]refComp{
	"r4g4_unorm_pack8":        {{'r', 7, 4}, {'g', 3, 0}},
	"r4g4b4a4_unorm_pack16":   {{'r', 15, 12}, {'g', 11, 8}, {'b', 7, 4}, {'a', 3, 0}},
	"b4g4r4a4_unorm_pack16":   {{'b', 15, 12}, {'g', 11, 8}, {'r', 7, 4}, {'a', 3, 0}},
	"a4r4g4b4_unorm_pack16":   {{'a', 15, 12}, {'r', 11, 8}, {'g', 7, 4}, {'b', 3, 0}},
	"a4b4g4r4_unorm_pack16":   {{'a', 15, 12}, {'b', 11, 8}, {'g', 7, 4}, {'r', 3, 0}},
	"r5g6b5_unorm_pack16":     {{'r', 15, 11}, {'g', 10, 5}, {'b', 4, 0}},
	"b5g6r5_unorm_pack16":     {{'b', 15, 11}, {'g', 10, 5}, {'r', 4, 0}},
	"r5g5b5a1_unorm_pack16":   {{'r', 15, 11}, {'g', 10, 6}, {'b', 5, 1}, {'a', 0, 0}},
	"b5g5r5a1_unorm_pack16":   {{'b', 15, 11}, {'g', 10, 6}, {'r', 5, 1}, {'a', 0, 0}},
	"a1r5g5b5_unorm_pack16":   {{'a', 15, 15}, {'r', 14, 10}, {'g', 9, 5}, {'b', 4, 0}},
	"a1b5g5r5_unorm_pack16":   {{'a', 15, 15}, {'b', 14, 10}, {'g', 9, 5}, {'r', 4, 0}},
	"a8b8g8r8_*_pack32":       {{'a', 31, 24}, {'b', 23, 16}, {'g', 15, 8}, {'r', 7, 0}},
	"a2r10g10b10_*_pack32":    {{'a', 31, 30}, {'r', 29, 20}, {'g', 19, 10}, {'b', 9, 0}},
	"a2b10g10r10_*_pack32":    {{'a', 31, 30}, {'b', 29, 20}, {'g', 19, 10}, {'r', 9, 0}},
	"x8_d24_unorm_pack32":     {{'d', 23, 0}},
	"d24_unorm_s8_uint":       {{'d', 23, 0}}, // depth aspect; stencil in 31..24
	"d16_unorm_s8_uint":       {{'d', 15, 0}}, // stencil in 23..16
	"d32_sfloat_s8_uint":      {{'d', 31, 0}}, // stencil in 39..32
	"s8_uint":                 {{'s', 7, 0}},
	"b10g11r11_ufloat_pack32": {{'b', 31, 22}, {'g', 21, 11}, {'r', 10, 0}},
	"e5b9g9r9_ufloat_pack32":  {{'b', 26, 18}, {'g', 17, 9}, {'r', 8, 0}}, // exponent 31..27
	// The padded formats of the YCbCr extension: each component in the
	// high bits of a 16-bit word of its own.
	"r10x6_unorm_pack16":       {{'r', 15, 6}},
	"r10x6g10x6_unorm_2pack16": {{'r', 15, 6}, {'g', 31, 22}},
	"r12x4_unorm_pack16":       {{'r', 15, 4}},
	"r12x4g12x4_unorm_2pack16": {{'r', 15, 4}, {'g', 31, 20}},
	// The single-plane 4:2:2 formats, from the specification's
	// descriptions: a 2×1 block whose first texel (what Decode returns)
	// has the first G; the odd texel's G is not read.
	"g8b8g8r8_422_unorm":                     {{'g', 7, 0}, {'b', 15, 8}, {'r', 31, 24}},
	"b8g8r8g8_422_unorm":                     {{'b', 7, 0}, {'g', 15, 8}, {'r', 23, 16}},
	"g10x6b10x6g10x6r10x6_422_unorm_4pack16": {{'g', 15, 6}, {'b', 31, 22}, {'r', 63, 54}},
	"b10x6g10x6r10x6g10x6_422_unorm_4pack16": {{'b', 15, 6}, {'g', 31, 22}, {'r', 47, 38}},
	"g12x4b12x4g12x4r12x4_422_unorm_4pack16": {{'g', 15, 4}, {'b', 31, 20}, {'r', 63, 52}},
	"b12x4g12x4r12x4g12x4_422_unorm_4pack16": {{'b', 15, 4}, {'g', 31, 20}, {'r', 47, 36}},
	"g16b16g16r16_422_unorm":                 {{'g', 15, 0}, {'b', 31, 16}, {'r', 63, 48}},
	"b16g16r16g16_422_unorm":                 {{'b', 15, 0}, {'g', 31, 16}, {'r', 47, 32}},
}

// refPlanar is the layout of one texel of a multi-planar format gathered
// from its planes (format.Info.Planes): G, then B, then R, each in the
// plane format's container (a byte, a 16-bit word, or the high bits of
// one), by component width.
var refPlanar = map[string][]refComp{
	"g8":    {{'g', 7, 0}, {'b', 15, 8}, {'r', 23, 16}},
	"g10x6": {{'g', 15, 6}, {'b', 31, 22}, {'r', 47, 38}},
	"g12x4": {{'g', 15, 4}, {'b', 31, 20}, {'r', 47, 36}},
	"g16":   {{'g', 15, 0}, {'b', 31, 16}, {'r', 47, 32}},
}

var compRE = regexp.MustCompile(`([rgbad])(\d+)`)

// refLayout returns the reference layout of an uncompressed format: the
// table above, or for array formats the components of the name at
// consecutive bit ranges from bit 0 (byte order).
func refLayout(name string) []refComp {
	if l, ok := refPacked[name]; ok {
		return l
	}
	parts := strings.Split(name, "_")
	if strings.Contains(name, "plane_") {
		return refPlanar[parts[0]]
	}
	if len(parts) == 3 {
		if l, ok := refPacked[parts[0]+"_*_"+parts[2]]; ok {
			return l
		}
	}
	var l []refComp
	pos := 0
	for _, m := range compRE.FindAllStringSubmatch(parts[0], -1) {
		b, _ := strconv.Atoi(m[2])
		l = append(l, refComp{m[1][0], pos + b - 1, pos})
		pos += b
	}
	return l
}

// refValue converts a component's bits per the Vulkan conversion rules
// ("Fixed-Point Data Conversions", "Texel Input Operations"), independently
// of the decoders: exact rational arithmetic for normalized values.
// It returns the float32 result and whether it is a NaN.
func refValue(num string, ch byte, bits uint64, b int) (float32, bool) {
	signed := func() int64 {
		v := int64(bits)
		if v >= 1<<(b-1) {
			v -= 1 << b
		}
		return v
	}
	switch num {
	case "unorm":
		f, _ := new(big.Rat).SetFrac64(int64(bits), 1<<b-1).Float32()
		return f, false
	case "srgb":
		if ch == 'a' {
			f, _ := new(big.Rat).SetFrac64(int64(bits), 1<<b-1).Float32()
			return f, false
		}
		return srgbExact(int(bits)), false
	case "snorm":
		v := signed()
		if v == -(1 << (b - 1)) {
			return -1, false
		}
		f, _ := new(big.Rat).SetFrac64(v, 1<<(b-1)-1).Float32()
		return f, false
	case "uscaled":
		return float32(bits), false
	case "sscaled":
		return float32(signed()), false
	case "uint":
		return math.Float32frombits(uint32(bits)), false
	case "sint":
		return math.Float32frombits(uint32(signed())), false
	case "sfloat":
		if b == 16 {
			h := uint16(bits)
			if halfIsNaN(h) {
				return 0, true
			}
			return float32(halfReference(h)), false
		}
		f := math.Float32frombits(uint32(bits))
		return f, f != f
	}
	panic(num)
}

// refSmallFloat is the value of an unsigned float with a 5-bit exponent and
// an m-bit mantissa (Khronos Data Format Specification, "Unsigned 11-bit"
// and "10-bit floating-point numbers").
func refSmallFloat(v uint64, m int) (float64, bool) {
	e := int(v >> m)
	f := float64(v & (1<<m - 1))
	switch e {
	case 0:
		return f / float64(uint(1)<<m) * math.Pow(2, -14), false
	case 31:
		return math.Inf(1), f != 0
	}
	return (1 + f/float64(uint(1)<<m)) * math.Pow(2, float64(e-15)), false
}

// refDecode decodes texel src of format f with the reference description.
// nan reports the lanes that must be NaN (their value is not compared).
func refDecode(f Format, src []byte) (want [4]float32, nan [4]bool) {
	name := f.String()
	in := f.Info()
	word := new(big.Int).SetBytes(reverse(src[:in.Bytes]))
	field := func(c refComp) uint64 {
		return new(big.Int).And(new(big.Int).Rsh(word, uint(c.lo)), big.NewInt(1<<(c.hi-c.lo+1)-1)).Uint64()
	}
	want = [4]float32{0, 0, 0, 1}
	if in.Class != ClassFloat {
		want[3] = math.Float32frombits(1)
	}
	num := strings.Split(name, "_")[len(strings.Split(name, "_"))-1]
	if strings.HasPrefix(num, "pack") {
		num = strings.Split(name, "_")[1]
	}
	if strings.Contains(num, "pack") || in.YCbCr {
		num = "unorm" // r10x6g10x6_unorm_2pack16, g8_b8r8_2plane_420_unorm, …_3pack16
	}
	lanes := map[byte]int{'r': 0, 'g': 1, 'b': 2, 'a': 3, 'd': 0, 's': 0}
	switch name {
	case "a8_unorm":
		want[3], _ = refValue("unorm", 'a', uint64(src[0]), 8)
		return want, nan
	case "x8_d24_unorm_pack32", "d24_unorm_s8_uint", "d16_unorm_s8_uint":
		num = "unorm"
	case "d32_sfloat_s8_uint":
		num = "sfloat"
	case "s8_uint":
		num = "uint"
	case "b10g11r11_ufloat_pack32":
		for _, c := range refLayout(name) {
			m := 6
			if c.ch == 'b' {
				m = 5
			}
			v, isNaN := refSmallFloat(field(c), m)
			want[lanes[c.ch]], nan[lanes[c.ch]] = float32(v), isNaN
		}
		return want, nan
	case "e5b9g9r9_ufloat_pack32":
		e := field(refComp{'e', 31, 27})
		for _, c := range refLayout(name) {
			want[lanes[c.ch]] = float32(float64(field(c)) * math.Pow(2, float64(int(e)-15-9)))
		}
		return want, nan
	}
	for _, c := range refLayout(name) {
		want[lanes[c.ch]], nan[lanes[c.ch]] = refValue(num, c.ch, field(c), c.hi-c.lo+1)
	}
	return want, nan
}

func reverse(b []byte) []byte {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return r
}

// TestDecodeReference checks every uncompressed format's decoder against the
// reference on special texels (zero, all ones, every single bit set) and on
// pseudo-random texels.
func TestDecodeReference(t *testing.T) {
	x := uint64(0x9e3779b97f4a7c15)
	for _, f := range All() {
		in := f.Info()
		if in.Compressed {
			continue
		}
		var texels [][]byte
		texels = append(texels, make([]byte, in.Bytes), bytesOf(in.Bytes, 0xff))
		for bit := range 8 * in.Bytes {
			b := make([]byte, in.Bytes)
			b[bit/8] = 1 << (bit % 8)
			texels = append(texels, b)
		}
		for range 400 {
			b := make([]byte, in.Bytes)
			for i := range b {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				b[i] = byte(x >> 24)
			}
			texels = append(texels, b)
		}
		for _, src := range texels {
			got := f.Decode(src)
			want, nan := refDecode(f, src)
			for c := range 4 {
				if nan[c] {
					if got[c] == got[c] {
						t.Errorf("%v(% x) lane %d = %v, want NaN", f, src, c, got[c])
					}
					continue
				}
				if !bitsEqual(got[c], want[c]) {
					t.Errorf("%v(% x) = %v, want %v", f, src, got, want)
					break
				}
			}
		}
	}
}

func bytesOf(n int, v byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = v
	}
	return b
}

// TestNormalizedExhaustive checks every code of every UNORM and SNORM width
// the formats use (1 to 24 bits) against the correctly rounded quotient. It
// tests "f is the float32 nearest to c/m" without rationals: f·m and its
// neighbours' products are exact in float64 (24 + 24 bits), so the distances
// to c compare exactly.
func TestNormalizedExhaustive(t *testing.T) {
	nearest := func(f float32, c, m float64) bool {
		d := math.Abs(float64(f)*m - c)
		up := math.Nextafter32(f, float32(math.Inf(1)))
		dn := math.Nextafter32(f, float32(math.Inf(-1)))
		return d <= math.Abs(float64(up)*m-c) && d <= math.Abs(float64(dn)*m-c)
	}
	for _, b := range []int{1, 2, 4, 5, 6, 8, 10, 16, 24} {
		conv := convBits(NumericUnorm, b, chR)
		m := float64(uint64(1)<<b - 1)
		for c := range uint32(1) << b {
			if f := conv(c); !nearest(f, float64(c), m) {
				t.Fatalf("unorm%d %d = %v, not nearest to %d/%v", b, c, f, c, m)
			}
		}
		if b < 2 {
			continue
		}
		sconv := convBits(NumericSnorm, b, chR)
		ms := float64(uint64(1)<<(b-1) - 1)
		for c := range uint32(1) << b {
			v := float64(int32(c<<(32-b)) >> (32 - b))
			f := sconv(c)
			if v == -ms-1 {
				if f != -1 {
					t.Fatalf("snorm%d %v = %v, want -1", b, v, f)
				}
				continue
			}
			if !nearest(f, v, ms) {
				t.Fatalf("snorm%d %v = %v, not nearest to %v/%v", b, v, f, v, ms)
			}
		}
	}
	// The 16-bit decoders of the array formats agree with convBits.
	for c := range 65536 {
		u := conv16(NumericUnorm)(uint16(c))
		s := conv16(NumericSnorm)(uint16(c))
		if !bitsEqual(u, convBits(NumericUnorm, 16, chR)(uint32(c))) || !bitsEqual(s, convBits(NumericSnorm, 16, chR)(uint32(c))) {
			t.Fatalf("16-bit code %d: array and packed conversions differ", c)
		}
	}
}

// TestEightBitExhaustive checks every 8-bit UNORM, SNORM and sRGB code in
// every component of every format with 8-bit components, array and packed.
func TestEightBitExhaustive(t *testing.T) {
	for _, f := range All() {
		in := f.Info()
		if in.Compressed || in.Bits[0] != 8 && in.Bits[3] != 8 {
			continue
		}
		switch in.Numeric {
		case NumericUnorm, NumericSnorm, NumericSrgb:
		default:
			continue
		}
		for _, c := range refLayout(f.String()) {
			for code := range 256 {
				src := make([]byte, in.Bytes)
				src[c.lo/8] = byte(code)
				got := f.Decode(src)
				want, _ := refDecode(f, src)
				if got != want {
					t.Fatalf("%v component %c = %d: %v, want %v", f, c.ch, code, got, want)
				}
			}
		}
	}
}

// TestPackedFloatsExhaustive checks every 11-bit and 10-bit unsigned float,
// and every shared exponent of RGB9E5 with every mantissa.
func TestPackedFloatsExhaustive(t *testing.T) {
	for _, m := range []int{6, 5} {
		for v := range uint64(1) << (m + 5) {
			var got float32
			if m == 6 {
				got = UFloat11ToFloat32(uint32(v))
			} else {
				got = UFloat10ToFloat32(uint32(v))
			}
			want, isNaN := refSmallFloat(v, m)
			if isNaN {
				wantBits := uint32(0x7f800000) | uint32(v&(1<<m-1))<<(23-m)
				if math.Float32bits(got) != wantBits {
					t.Fatalf("%d-bit float %#x = %#x, want NaN %#x", m+5, v, math.Float32bits(got), wantBits)
				}
				continue
			}
			if float64(got) != want || math.Signbit(float64(got)) {
				t.Fatalf("%d-bit float %#x = %v, want %v", m+5, v, got, want)
			}
			// Encoding the value gives the code back.
			var back uint32
			if m == 6 {
				back = Float64ToUFloat11(want)
			} else {
				back = Float64ToUFloat10(want)
			}
			if back != uint32(v) {
				t.Fatalf("%d-bit float %#x: encode(%v) = %#x", m+5, v, want, back)
			}
		}
	}
	for e := range uint32(32) {
		for mant := range uint32(512) {
			w := e<<27 | mant<<18 | (511-mant)<<9 | mant
			r, g, b := RGB9E5ToFloat32(w)
			scale := math.Pow(2, float64(int(e)-24))
			if float64(r) != float64(mant)*scale || float64(g) != float64(511-mant)*scale || float64(b) != float64(mant)*scale {
				t.Fatalf("rgb9e5 %#08x = %v %v %v", w, r, g, b)
			}
			if got := E5B9G9R9UfloatPack32.Decode([]byte{byte(w), byte(w >> 8), byte(w >> 16), byte(w >> 24)}); got != [4]float32{r, g, b, 1} {
				t.Fatalf("e5b9g9r9 %#08x = %v", w, got)
			}
		}
	}
}

// TestSmallFloatEncode checks the rounding of Float64ToUFloat11/10 and
// Float64ToRGB9E5 at their edges.
func TestSmallFloatEncode(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	tests := []struct {
		v        float64
		u11, u10 uint32
		what     string
	}{
		{0, 0, 0, "zero"},
		{-1, 0, 0, "negative → 0"},
		{math.Copysign(0, -1), 0, 0, "−0 → 0"},
		{-inf, 0, 0, "−∞ → 0"},
		{inf, 0x7c0, 0x3e0, "∞"},
		{nan, 0x7e0, 0x3f0, "NaN"},
		{1, 15 << 6, 15 << 5, "one"},
		{65024, 30<<6 | 63, 0x3e0, "largest 11-bit float; a 10-bit tie rounds up to ∞"},
		{1e9, 0x7c0, 0x3e0, "overflow → ∞"},
		{math.Ldexp(1, -20), 1, 0, "smallest 11-bit denormal; 10-bit tie → even 0"},
		{math.Ldexp(3, -21), 2, 1, "1.5 ulp: ties to even"},
		{math.Ldexp(1, -30), 0, 0, "underflow → 0"},
	}
	for _, tt := range tests {
		if got := Float64ToUFloat11(tt.v); got != tt.u11 {
			t.Errorf("Float64ToUFloat11(%v) [%s] = %#x, want %#x", tt.v, tt.what, got, tt.u11)
		}
		if got := Float64ToUFloat10(tt.v); got != tt.u10 {
			t.Errorf("Float64ToUFloat10(%v) [%s] = %#x, want %#x", tt.v, tt.what, got, tt.u10)
		}
	}
	rgb := []struct {
		r, g, b float64
		want    uint32
	}{
		{0, 0, 0, 0},
		{1, 0, 0, 16<<27 | 256}, // 1 = 256·2^(16−24)
		{1, 0.5, 0.25, 16<<27 | 64<<18 | 128<<9 | 256},
		{511.0 / 512 * 65536, 0, 0, 31<<27 | 511}, // the largest value
		{1e10, -5, nan, 31<<27 | 511},             // clamped
		{0.99999, 0, 0, 16<<27 | 256},             // rounds up to 512·2^−9: exponent raised
	}
	for _, tt := range rgb {
		if got := Float64ToRGB9E5(tt.r, tt.g, tt.b); got != tt.want {
			t.Errorf("Float64ToRGB9E5(%v, %v, %v) = %#08x, want %#08x", tt.r, tt.g, tt.b, got, tt.want)
		}
	}
}
