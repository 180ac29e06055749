package format

import (
	"math"
	"math/big"
	"strings"
	"testing"
)

// nearest32 returns the float32 nearest to num/den (exact rational arithmetic).
func nearest32(num, den int64) float32 {
	f, _ := new(big.Rat).SetFrac64(num, den).Float32()
	return f
}

func bitsEqual(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }

// TestUnorm8 checks every 8-bit UNORM code in every component position of the
// unorm formats against the correctly rounded quotient c/255, and against the
// float64 quotient rounded once to float32.
func TestUnorm8(t *testing.T) {
	for c := range 256 {
		want := nearest32(int64(c), 255)
		if f64 := float32(float64(c) / 255); !bitsEqual(f64, want) {
			t.Errorf("float32(float64(%d)/255) = %v, correctly rounded %v", c, f64, want)
		}
		for _, f := range []Format{R8Unorm, R8G8Unorm, R8G8B8A8Unorm, B8G8R8A8Unorm} {
			in := f.Info()
			for i := range in.Components {
				src := make([]byte, in.Bytes)
				src[i] = byte(c)
				lane := i
				if in.BGRA && i != 3 {
					lane = 2 - i
				}
				got := f.Decode(src)
				if !bitsEqual(got[lane], want) {
					t.Fatalf("%v byte %d = %d: lane %d = %v, want %v", f, i, c, lane, got[lane], want)
				}
			}
		}
		// The alpha of sRGB formats is linear UNORM.
		for _, f := range []Format{R8G8B8A8Srgb, B8G8R8A8Srgb} {
			if got := f.Decode([]byte{0, 0, 0, byte(c)}); !bitsEqual(got[3], want) {
				t.Fatalf("%v alpha %d = %v, want %v", f, c, got[3], want)
			}
		}
	}
}

// TestSnorm8 checks every 8-bit SNORM code: max(c/127, −1) correctly rounded.
func TestSnorm8(t *testing.T) {
	for c := -128; c <= 127; c++ {
		want := nearest32(int64(c), 127)
		if c == -128 {
			want = -1
		}
		for i := range 4 {
			src := make([]byte, 4)
			src[i] = byte(int8(c))
			if got := R8G8B8A8Snorm.Decode(src); !bitsEqual(got[i], want) {
				t.Fatalf("snorm %d in component %d = %v, want %v", c, i, got[i], want)
			}
		}
	}
	if got := R8G8B8A8Snorm.Decode([]byte{0x80, 0x81, 0x7f, 0}); got != [4]float32{-1, -1, 1, 0} {
		t.Errorf("snorm -128, -127, 127, 0 = %v", got)
	}
}

// TestUnorm16 checks every D16_UNORM code against c/65535 correctly rounded.
func TestUnorm16(t *testing.T) {
	r := new(big.Rat)
	for c := range 65536 {
		want, _ := r.SetFrac64(int64(c), 65535).Float32()
		got := D16Unorm.Decode([]byte{byte(c), byte(c >> 8)})
		if !bitsEqual(got[0], want) || got[1] != 0 || got[2] != 0 || got[3] != 1 {
			t.Fatalf("d16 %d = %v, want (%v, 0, 0, 1)", c, got, want)
		}
	}
}

// srgbFloat64 is the sRGB EOTF evaluated in float64, the normative definition.
func srgbFloat64(c int) float64 {
	v := float64(c) / 255
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// srgbExact returns the float32 nearest to the real-number sRGB EOTF of c/255,
// computed with exact rationals and a 5th root to 300 bits.
func srgbExact(c int) float32 {
	if c*100000 <= 4045*255 {
		return nearest32(int64(c)*100, 255*1292)
	}
	// ((c/255 + 0.055)/1.055)^2.4 = (r^12)^(1/5), r = (1000c + 14025)/269025.
	r := new(big.Rat).SetFrac64(int64(1000*c+14025), 269025)
	a := new(big.Rat).SetInt64(1)
	for range 12 {
		a.Mul(a, r)
	}
	const prec = 300
	af := new(big.Float).SetPrec(prec).SetRat(a)
	x := new(big.Float).SetPrec(prec).SetFloat64(srgbFloat64(c))
	five := new(big.Float).SetPrec(prec).SetInt64(5)
	for range 8 { // Newton: x -= (x^5 − a)/(5x^4), quadratic from 53 bits
		x4 := new(big.Float).SetPrec(prec).Mul(x, x)
		x4.Mul(x4, x4)
		x5 := new(big.Float).SetPrec(prec).Mul(x4, x)
		num := x5.Sub(x5, af)
		den := x4.Mul(x4, five)
		x.Sub(x, num.Quo(num, den))
	}
	f, _ := x.Float32()
	return f
}

// TestSRGB checks the table against the float64 formula rounded once, and
// that this equals the correctly rounded real value for every code, and the
// decoders of both sRGB formats.
func TestSRGB(t *testing.T) {
	for c := range 256 {
		want := float32(srgbFloat64(c))
		got := SRGBToLinear(uint8(c))
		if !bitsEqual(got, want) {
			t.Errorf("SRGBToLinear(%d) = %v (%#x), float64 formula gives %v (%#x)", c, got, math.Float32bits(got), want, math.Float32bits(want))
		}
		if exact := srgbExact(c); !bitsEqual(got, exact) {
			t.Errorf("SRGBToLinear(%d) = %v, correctly rounded %v", c, got, exact)
		}
		rgba := R8G8B8A8Srgb.Decode([]byte{byte(c), byte(c), byte(c), 255})
		bgra := B8G8R8A8Srgb.Decode([]byte{byte(c), byte(c), byte(c), 255})
		if rgba != [4]float32{want, want, want, 1} || bgra != rgba {
			t.Errorf("srgb decode %d: rgba %v bgra %v, want %v", c, rgba, bgra, want)
		}
	}
	if SRGBToLinear(0) != 0 || SRGBToLinear(255) != 1 {
		t.Errorf("SRGBToLinear endpoints: %v %v", SRGBToLinear(0), SRGBToLinear(255))
	}
}

func TestLinearToSRGB(t *testing.T) {
	tests := []struct{ in, want float64 }{
		{0, 0},
		{1, 1},
		{0.0031308, 0.0031308 * 12.92},
		{-0.5, -0.5 * 12.92},
		{0.5, 1.055*math.Pow(0.5, 1/2.4) - 0.055},
	}
	for _, tt := range tests {
		if got := LinearToSRGB(tt.in); math.Abs(got-tt.want) > 1e-15 {
			t.Errorf("LinearToSRGB(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if !math.IsNaN(LinearToSRGB(math.NaN())) {
		t.Error("LinearToSRGB(NaN) is not NaN")
	}
	// Inverse of the float64 EOTF to well within half a code.
	for c := range 256 {
		if got := LinearToSRGB(srgbFloat64(c)) * 255; math.Abs(got-float64(c)) > 1e-9 {
			t.Errorf("LinearToSRGB(EOTF(%d))·255 = %v", c, got)
		}
	}
}

// halfReference builds the value of half h from its bit fields in float64.
func halfReference(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e := int(h>>10) & 0x1f
	m := float64(h & 0x3ff)
	switch e {
	case 0:
		return sign * m * math.Pow(2, -24)
	case 31:
		return sign * math.Inf(1) // NaN handled by the caller
	}
	return sign * (1 + m/1024) * math.Pow(2, float64(e-15))
}

func halfIsNaN(h uint16) bool { return h&0x7c00 == 0x7c00 && h&0x3ff != 0 }

// TestHalfToFloat32 checks all 65536 halves.
func TestHalfToFloat32(t *testing.T) {
	for i := range 65536 {
		h := uint16(i)
		got := HalfToFloat32(h)
		if halfIsNaN(h) {
			want := uint32(h&0x8000)<<16 | 0x7f800000 | uint32(h&0x3ff)<<13
			if math.Float32bits(got) != want {
				t.Fatalf("HalfToFloat32(%#04x) = %#08x, want NaN %#08x", h, math.Float32bits(got), want)
			}
			continue
		}
		want := float32(halfReference(h))
		if float64(want) != halfReference(h) {
			t.Fatalf("reference for %#04x is not exact in float32", h)
		}
		if !bitsEqual(got, want) { // also distinguishes −0 from +0
			t.Fatalf("HalfToFloat32(%#04x) = %v (%#08x), want %v", h, got, math.Float32bits(got), want)
		}
	}
}

// TestFloat64ToHalfRoundTrip checks that every non-NaN half survives the trip
// through float32 and float64.
func TestFloat64ToHalfRoundTrip(t *testing.T) {
	for i := range 65536 {
		h := uint16(i)
		if halfIsNaN(h) {
			continue
		}
		if got := Float64ToHalf(float64(HalfToFloat32(h))); got != h {
			t.Fatalf("Float64ToHalf(HalfToFloat32(%#04x)) = %#04x", h, got)
		}
	}
}

// TestFloat64ToHalfMidpoints checks rounding at and around the midpoint of
// every pair of adjacent finite halves, including the overflow to infinity
// above 65504 and the denormal/normal boundary, for both signs.
func TestFloat64ToHalfMidpoints(t *testing.T) {
	for i := 0; i < 0x7c00; i++ {
		lo := uint16(i)
		hi := lo + 1 // 0x7c00 (infinity) for the largest finite half
		a := halfReference(lo)
		b := 65536.0 // the value infinity stands for when rounding
		if hi != 0x7c00 {
			b = halfReference(hi)
		}
		mid := (a + b) / 2 // exact in float64
		even := lo
		if lo&1 == 1 {
			even = hi
		}
		for _, s := range []struct {
			sign float64
			bit  uint16
		}{{1, 0}, {-1, 0x8000}} {
			cases := []struct {
				v    float64
				want uint16
			}{
				{s.sign * mid, even},
				{s.sign * math.Nextafter(mid, 0), lo},
				{s.sign * math.Nextafter(mid, math.Inf(1)), hi},
				{s.sign * a, lo},
			}
			for _, c := range cases {
				if got := Float64ToHalf(c.v); got != c.want|s.bit {
					t.Fatalf("Float64ToHalf(%v) = %#04x, want %#04x", c.v, got, c.want|s.bit)
				}
			}
		}
	}
}

func TestFloat64ToHalfSpecial(t *testing.T) {
	tests := []struct {
		in   float64
		want uint16
	}{
		{0, 0x0000},
		{math.Copysign(0, -1), 0x8000},
		{1, 0x3c00},
		{-2, 0xc000},
		{1 + 0x1p-11, 0x3c00},           // tie between 1 and 1+2^−10: even
		{1 + 3*0x1p-11, 0x3c02},         // tie: up to even
		{1 + 0x1p-11 + 0x1p-40, 0x3c01}, // just above the tie
		{65504, 0x7bff},                 // largest finite
		{65519.99, 0x7bff},              // below the overflow midpoint
		{65520, 0x7c00},                 // overflow midpoint rounds to infinity
		{1e300, 0x7c00},                 // far overflow
		{-1e300, 0xfc00},                //
		{math.Inf(1), 0x7c00},           //
		{math.Inf(-1), 0xfc00},          //
		{0x1p-24, 0x0001},               // smallest denormal
		{0x1p-25, 0x0000},               // half the smallest denormal: tie to even (0)
		{0x1p-25 + 0x1p-60, 0x0001},     // just above: rounds up
		{3 * 0x1p-25, 0x0002},           // tie between 1 and 2 units: even
		{-0x1p-26, 0x8000},              // underflow keeps the sign
		{0x1p-14, 0x0400},               // smallest normal
		{0x1p-14 - 0x1p-25, 0x0400},     // tie between 0x3ff and 0x400: even
		{0x1p-14 - 0x1p-25 - 0x1p-60, 0x03ff},
		{math.SmallestNonzeroFloat64, 0}, // float64 denormal
		{0x1p-1022, 0},                   // smallest float64 normal
		{0x1.ffcp15, 0x7bff},             // 65504 written in hex
	}
	for _, tt := range tests {
		if got := Float64ToHalf(tt.in); got != tt.want {
			t.Errorf("Float64ToHalf(%v) = %#04x, want %#04x", tt.in, got, tt.want)
		}
	}
	nans := []struct {
		in   uint64
		want uint16
	}{
		{0x7ff8000000000000, 0x7e00},                     // quiet NaN
		{0xfff8000000000000, 0xfe00},                     // default NaN of x86 arithmetic
		{0x7ff0000000000001, 0x7e00},                     // signalling, payload below the kept bits: quiet
		{0x7ff4000000000000, 0x7f00},                     // signalling NaN payload kept, made quiet
		{0x7fffffffffffffff, 0x7fff},                     // all payload bits
		{0x7ff8000000000000 | 0x155<<42, 0x7e00 | 0x155}, // payload kept
	}
	for _, n := range nans {
		if got := Float64ToHalf(math.Float64frombits(n.in)); got != n.want {
			t.Errorf("Float64ToHalf(NaN %#016x) = %#04x, want %#04x", n.in, got, n.want)
		}
	}
	// The NaN a computation like lo + (hi−lo)·u produces from infinities.
	inf := math.Inf(1)
	zero := 0.0
	if got := Float64ToHalf(-inf + (inf - -inf)*zero); got&0x7e00 != 0x7e00 {
		t.Errorf("NaN from arithmetic gives %#04x", got)
	}
}

// TestDecodeComponents checks, for every format, which lane each stored
// element reaches and what missing components read.
func TestDecodeComponents(t *testing.T) {
	one := math.Float32frombits(1)
	tests := []struct {
		f    Format
		src  []byte
		want [4]float32
	}{
		{R8Unorm, []byte{255}, [4]float32{1, 0, 0, 1}},
		{R8G8Unorm, []byte{0, 255}, [4]float32{0, 1, 0, 1}},
		{R8G8B8A8Unorm, []byte{255, 0, 51, 0}, [4]float32{1, 0, 0.2, 0}},
		{B8G8R8A8Unorm, []byte{255, 0, 51, 0}, [4]float32{0.2, 0, 1, 0}}, // memory B, G, R, A
		{B8G8R8A8Unorm, []byte{1 * 51, 2 * 51, 3 * 51, 4 * 51}, [4]float32{0.6, 0.4, 0.2, 0.8}},
		{B8G8R8A8Srgb, []byte{255, 0, 0, 51}, [4]float32{0, 0, 1, 0.2}},
		{R8G8B8A8Snorm, []byte{0x7f, 0x81, 0x80, 0}, [4]float32{1, -1, -1, 0}},
		{R8G8B8A8Uint, []byte{0, 1, 128, 255},
			[4]float32{math.Float32frombits(0), math.Float32frombits(1), math.Float32frombits(128), math.Float32frombits(255)}},
		{R8G8B8A8Sint, []byte{0x80, 0xff, 0x7f, 0x01},
			[4]float32{math.Float32frombits(0xffffff80), math.Float32frombits(0xffffffff), math.Float32frombits(127), math.Float32frombits(1)}},
		{R32Uint, []byte{0xff, 0xff, 0xff, 0xff}, [4]float32{math.Float32frombits(0xffffffff), 0, 0, one}},
		{R32Uint, []byte{0x01, 0x02, 0x03, 0x84}, [4]float32{math.Float32frombits(0x84030201), 0, 0, one}},
		{R16Sfloat, []byte{0x00, 0x3c}, [4]float32{1, 0, 0, 1}},
		{R16G16B16A16Sfloat, []byte{0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0xff, 0x7b}, [4]float32{1, -2, 0.5, 65504}},
		{R32Sfloat, []byte{0x00, 0x00, 0x80, 0x3f}, [4]float32{1, 0, 0, 1}},
		{R32G32B32A32Sfloat, []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0, 0, 0, 0, 0x3f, 0, 0, 0x80, 0x7f},
			[4]float32{1, -2, 0.5, float32(math.Inf(1))}},
		{D16Unorm, []byte{0xff, 0xff}, [4]float32{1, 0, 0, 1}},
		{D16Unorm, []byte{0, 0x80}, [4]float32{nearest32(32768, 65535), 0, 0, 1}},
		{D32Sfloat, []byte{0x00, 0x00, 0x00, 0x3f}, [4]float32{0.5, 0, 0, 1}},
		// Packed formats: components from the most significant bit.
		{R5G6B5UnormPack16, []byte{0x00, 0xf8}, [4]float32{1, 0, 0, 1}},
		{R5G6B5UnormPack16, []byte{0x1f, 0x00}, [4]float32{0, 0, 1, 1}},
		{B5G6R5UnormPack16, []byte{0x1f, 0x00}, [4]float32{1, 0, 0, 1}},
		{R5G5B5A1UnormPack16, []byte{0x01, 0x00}, [4]float32{0, 0, 0, 1}},
		{A1R5G5B5UnormPack16, []byte{0x00, 0x80}, [4]float32{0, 0, 0, 1}},
		{R4G4B4A4UnormPack16, []byte{0x0f, 0xf0}, [4]float32{1, 0, 0, 1}},
		{R4G4UnormPack8, []byte{0x5f}, [4]float32{float32(5.0 / 15), 1, 0, 1}},
		{A8B8G8R8UnormPack32, []byte{255, 0, 51, 0}, [4]float32{1, 0, 0.2, 0}}, // same bytes as r8g8b8a8
		{A2B10G10R10UnormPack32, []byte{0xff, 0x03, 0, 0xc0}, [4]float32{1, 0, 0, 1}},
		{A2B10G10R10SnormPack32, []byte{0x00, 0x02, 0, 0x80}, [4]float32{-1, 0, 0, -1}}, // −512 and −2 → −1
		{A2B10G10R10UintPack32, []byte{0xff, 0x03, 0, 0x40}, [4]float32{math.Float32frombits(1023), 0, 0, one}},
		{A2B10G10R10SintPack32, []byte{0xff, 0x03, 0, 0xc0},
			[4]float32{math.Float32frombits(0xffffffff), 0, 0, math.Float32frombits(0xffffffff)}},
		{A2R10G10B10UscaledPack32, []byte{0xff, 0x03, 0, 0xc0}, [4]float32{0, 0, 1023, 3}},
		{R8Sscaled, []byte{0x80}, [4]float32{-128, 0, 0, 1}},
		{R16Snorm, []byte{0x00, 0x80}, [4]float32{-1, 0, 0, 1}},
		{R16G16Uscaled, []byte{0xff, 0xff, 0x02, 0x00}, [4]float32{65535, 2, 0, 1}},
		{B8G8R8Unorm, []byte{255, 0, 0}, [4]float32{0, 0, 1, 1}},
		{R32G32B32Sint, []byte{0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0, 0, 0, 0, 0x80},
			[4]float32{math.Float32frombits(0xffffffff), math.Float32frombits(1), math.Float32frombits(0x80000000), one}},
		{A8Unorm, []byte{255}, [4]float32{0, 0, 0, 1}},
		{A8Unorm, []byte{0}, [4]float32{0, 0, 0, 0}},
		{B10G11R11UfloatPack32, []byte{0xc0, 0x03, 0, 0}, [4]float32{1, 0, 0, 1}},      // R = 15<<6
		{B10G11R11UfloatPack32, []byte{0, 0, 0, 0x78}, [4]float32{0, 0, 1, 1}},         // B = 15<<5 at bit 22
		{E5B9G9R9UfloatPack32, []byte{0x00, 0x01, 0x00, 0x80}, [4]float32{1, 0, 0, 1}}, // 256·2^(16−24)
		{X8D24UnormPack32, []byte{0xff, 0xff, 0xff, 0x00}, [4]float32{1, 0, 0, 1}},
		{X8D24UnormPack32, []byte{0x00, 0x00, 0x00, 0xff}, [4]float32{0, 0, 0, 1}}, // x bits ignored
		{D24UnormS8Uint, []byte{0xff, 0xff, 0xff, 0x07}, [4]float32{1, 0, 0, 1}},   // the default aspect: depth
		{D32SfloatS8Uint, []byte{0, 0, 0, 0x3f, 7, 0, 0, 0}, [4]float32{0.5, 0, 0, 1}},
		{S8Uint, []byte{200}, [4]float32{math.Float32frombits(200), 0, 0, one}},
	}
	for _, tt := range tests {
		got := tt.f.Decode(tt.src)
		gotDec := tt.f.Decoder()(tt.src)
		for i := range 4 {
			if !bitsEqual(got[i], tt.want[i]) || !bitsEqual(gotDec[i], tt.want[i]) {
				t.Errorf("%v.Decode(% x) = %v, want %v", tt.f, tt.src, got, tt.want)
				break
			}
		}
	}
}

// TestDecodeIntegerExhaustive checks the bit passing of every 8-bit integer.
func TestDecodeIntegerExhaustive(t *testing.T) {
	for c := range 256 {
		for i := range 4 {
			src := make([]byte, 4)
			src[i] = byte(c)
			if got := math.Float32bits(R8G8B8A8Uint.Decode(src)[i]); got != uint32(c) {
				t.Fatalf("uint %d = %#x", c, got)
			}
			if got := math.Float32bits(R8G8B8A8Sint.Decode(src)[i]); got != uint32(int32(int8(c))) {
				t.Fatalf("sint %d = %#x", int8(c), got)
			}
		}
	}
}

// TestDecodeReadsOnlyBytes checks that decoders accept src of exactly Bytes
// bytes and ignore what follows.
func TestDecodeReadsOnlyBytes(t *testing.T) {
	for _, f := range All() {
		n := f.Info().Bytes
		buf := make([]byte, n+8)
		for i := range buf {
			buf[i] = byte(0x31 * (i + 1))
		}
		a := f.Decode(buf[:n])
		for i := n; i < len(buf); i++ {
			buf[i] ^= 0xff
		}
		b := f.Decode(buf)
		for i := range 4 {
			if !bitsEqual(a[i], b[i]) {
				t.Errorf("%v: decode depends on bytes beyond the texel", f)
			}
		}
	}
}

// toValues turns decoded lanes into the values Encode takes.
func toValues(f Format, d [4]float32) [4]float64 {
	var v [4]float64
	for i, x := range d {
		switch f.Info().Class {
		case ClassUint:
			v[i] = float64(math.Float32bits(x))
		case ClassSint:
			v[i] = float64(int32(math.Float32bits(x)))
		default:
			v[i] = float64(x)
		}
	}
	return v
}

// TestEncodeInvertsDecode checks Encode(Decode(b)) == b over pseudo-random
// texels of every format (NaN floats and the SNORM code −128, which decodes
// like −127, excepted), and exhaustively over the 8-bit codes.
func TestEncodeInvertsDecode(t *testing.T) {
	x := uint32(12345)
	next := func() byte {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return byte(x >> 7)
	}
	for _, f := range All() {
		in := f.Info()
		if in.Compressed { // Encode writes nothing for block-compressed formats
			continue
		}
		src := make([]byte, in.Bytes)
		dst := make([]byte, in.Bytes)
		for n := range 3000 {
			for i := range src {
				if n < 256 && in.ElementBytes == 1 {
					src[i] = byte(n) // every 8-bit code in every component
				} else {
					src[i] = next()
				}
			}
			d := f.Decode(src)
			nan := false
			for i := range in.Components {
				if in.Class == ClassFloat && d[i] != d[i] {
					nan = true
				}
			}
			if nan {
				continue
			}
			for i := range dst {
				dst[i] = 0xa5
			}
			f.Encode(dst, toValues(f, d))
			// Bytes come back unchanged, except where several codes decode
			// alike (the SNORM code −2^(b−1), unused bits, the stencil of a
			// depth/stencil format): then the decoded values must agree.
			if string(dst) != string(src) {
				lossy := in.Numeric == NumericSnorm || in.Stencil || f == X8D24UnormPack32 || f == E5B9G9R9UfloatPack32 || padded(f) || in.BlockWidth == 2 // the odd texel's G of a 4:2:2 block is not read
				d2 := f.Decode(dst)
				if !lossy || math.Float32bits(d2[0]) != math.Float32bits(d[0]) || math.Float32bits(d2[1]) != math.Float32bits(d[1]) ||
					math.Float32bits(d2[2]) != math.Float32bits(d[2]) || math.Float32bits(d2[3]) != math.Float32bits(d[3]) {
					t.Fatalf("%v: Encode(Decode(% x)) = % x", f, src, dst)
				}
			}
		}
	}
}

func TestEncode(t *testing.T) {
	nan := math.NaN()
	inf := math.Inf(1)
	tests := []struct {
		f    Format
		v    [4]float64
		want []byte
	}{
		{R8Unorm, [4]float64{0.5, 9, 9, 9}, []byte{128}},                        // 127.5: tie to even
		{R8Unorm, [4]float64{1.5 / 255}, []byte{2}},                             // tie to even
		{R8Unorm, [4]float64{2.5 / 255}, []byte{2}},                             // tie to even
		{R8Unorm, [4]float64{2.5001 / 255}, []byte{3}},                          //
		{R8G8Unorm, [4]float64{-1, 2}, []byte{0, 255}},                          // clamped
		{R8G8B8A8Unorm, [4]float64{nan, inf, -inf, 0.2}, []byte{0, 255, 0, 51}}, // NaN → 0
		{B8G8R8A8Unorm, [4]float64{1, 0.2, 0, 0.4}, []byte{0, 51, 255, 102}},    // memory B, G, R, A
		{R8G8B8A8Snorm, [4]float64{-1, 1, -2, 0.5}, []byte{0x81, 0x7f, 0x81, 64}},
		{R8G8B8A8Snorm, [4]float64{nan, -0.5 / 127, 0.5 / 127, 1.5 / 127}, []byte{0, 0, 0, 2}},
		{R8G8B8A8Srgb, [4]float64{1, 0, 0.5, 0.5}, []byte{255, 0, 188, 128}},
		{B8G8R8A8Srgb, [4]float64{1, 0, 2, -1}, []byte{255, 0, 255, 0}},
		{R8G8B8A8Uint, [4]float64{-5, 300, 7.5, 8.5}, []byte{0, 255, 8, 8}},
		{R8G8B8A8Sint, [4]float64{-200, 200, -1, nan}, []byte{0x80, 0x7f, 0xff, 0}},
		{R32Uint, [4]float64{-1}, []byte{0, 0, 0, 0}},
		{R32Uint, [4]float64{1e12}, []byte{0xff, 0xff, 0xff, 0xff}},
		{R32Uint, [4]float64{0x84030201}, []byte{1, 2, 3, 0x84}},
		{R16Sfloat, [4]float64{65520}, []byte{0x00, 0x7c}},
		{R16G16B16A16Sfloat, [4]float64{1, -2, 0.5, 65504}, []byte{0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0xff, 0x7b}},
		{R32Sfloat, [4]float64{1 + 0x1p-24}, []byte{0, 0, 0x80, 0x3f}}, // tie to even
		{R32Sfloat, [4]float64{1 + 0x1p-24 + 0x1p-40}, []byte{1, 0, 0x80, 0x3f}},
		{R32G32B32A32Sfloat, [4]float64{1, -2, 0.5, 1e300}, []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0, 0, 0, 0, 0x3f, 0, 0, 0x80, 0x7f}},
		{D16Unorm, [4]float64{0.5, 7, 7, 7}, []byte{0x00, 0x80}}, // 32767.5: tie to even
		{D16Unorm, [4]float64{2}, []byte{0xff, 0xff}},
		{D32Sfloat, [4]float64{-0.25}, []byte{0, 0, 0x80, 0xbe}},
	}
	for _, tt := range tests {
		dst := make([]byte, tt.f.Info().Bytes)
		tt.f.Encode(dst, tt.v)
		if string(dst) != string(tt.want) {
			t.Errorf("%v.Encode(%v) = % x, want % x", tt.f, tt.v, dst, tt.want)
		}
	}
}

// TestEncodeSRGBInvertsTable checks that encoding each table value gives back
// its code, through the float32 value and through the float64 formula.
func TestEncodeSRGBInvertsTable(t *testing.T) {
	dst := make([]byte, 4)
	for c := range 256 {
		for _, v := range []float64{float64(SRGBToLinear(uint8(c))), srgbFloat64(c)} {
			R8G8B8A8Srgb.Encode(dst, [4]float64{v, v, v, float64(c) / 255})
			if dst[0] != byte(c) || dst[1] != byte(c) || dst[2] != byte(c) || dst[3] != byte(c) {
				t.Fatalf("Encode(srgb %d → %v) = % x", c, v, dst)
			}
		}
	}
}

func TestBorder(t *testing.T) {
	u := func(v uint32) float32 { return math.Float32frombits(v) }
	one := u(1)
	white := [4]float64{1, 1, 1, 1}
	nan := math.NaN()
	tests := []struct {
		f    Format
		b    [4]float64
		want [4]float32
	}{
		{R8Unorm, white, [4]float32{1, 0, 0, 1}},
		{R8Unorm, [4]float64{0, 0, 0, 0}, [4]float32{0, 0, 0, 1}},
		{R8G8Unorm, [4]float64{0.25, 2, 1, 0}, [4]float32{0.25, 1, 0, 1}},
		{R8G8B8A8Unorm, [4]float64{-1, 2, 0.3, 0}, [4]float32{0, 1, 0.3, 0}},
		{B8G8R8A8Unorm, [4]float64{0.1, 0.2, 0.3, 0.4}, [4]float32{0.1, 0.2, 0.3, 0.4}}, // RGBA, not memory order
		{R8G8B8A8Srgb, [4]float64{0.5, -1, 3, 0.5}, [4]float32{0.5, 0, 1, 0.5}},         // linear, clamped
		{B8G8R8A8Srgb, [4]float64{0.5, -1, 3, 2}, [4]float32{0.5, 0, 1, 1}},
		{R8G8B8A8Snorm, [4]float64{-2, 2, -0.5, 0}, [4]float32{-1, 1, -0.5, 0}},
		{R16Sfloat, [4]float64{-7, 1, 1, 0}, [4]float32{-7, 0, 0, 1}},
		{R16G16B16A16Sfloat, [4]float64{-7, 1e6, 0.1, 0}, [4]float32{-7, 1e6, 0.1, 0}},
		{R32Sfloat, [4]float64{100, 1, 1, 0}, [4]float32{100, 0, 0, 1}},
		{R32G32B32A32Sfloat, [4]float64{-100, 1e40, 0.1, 0}, [4]float32{-100, float32(math.Inf(1)), 0.1, 0}},
		{D16Unorm, [4]float64{2, 1, 1, 0}, [4]float32{1, 0, 0, 1}},
		{D16Unorm, [4]float64{-1, 1, 1, 0}, [4]float32{0, 0, 0, 1}},
		{D16Unorm, [4]float64{0.3, 1, 1, 0}, [4]float32{0.3, 0, 0, 1}},
		{D32Sfloat, [4]float64{2, 1, 1, 0}, [4]float32{2, 0, 0, 1}},
		{D32Sfloat, [4]float64{-3, 1, 1, 0}, [4]float32{-3, 0, 0, 1}},
		{R8G8B8A8Uint, white, [4]float32{one, one, one, one}},
		{R8G8B8A8Uint, [4]float64{-1, 256, 1e10, 7.5}, [4]float32{u(0), u(255), u(255), u(8)}},
		{R8G8B8A8Uint, [4]float64{nan, 0, 2, 3}, [4]float32{u(0), u(0), u(2), u(3)}},
		{R8G8B8A8Sint, [4]float64{-1, -200, 200, 0}, [4]float32{u(0xffffffff), u(0xffffff80), u(127), u(0)}},
		{R8G8B8A8Sint, white, [4]float32{one, one, one, one}},
		{R32Uint, white, [4]float32{one, 0, 0, one}},
		{R32Uint, [4]float64{0, 0, 0, 0}, [4]float32{0, 0, 0, one}},
		{R32Uint, [4]float64{5e9, 9, 9, 9}, [4]float32{u(0xffffffff), 0, 0, one}},
		{R32Uint, [4]float64{-5, 9, 9, 9}, [4]float32{u(0), 0, 0, one}},
		{R32Uint, [4]float64{4294967295, 9, 9, 9}, [4]float32{u(0xffffffff), 0, 0, one}},
		// Formats added later: ranges per component width and numeric type.
		{A8Unorm, [4]float64{1, 1, 1, 0.5}, [4]float32{0, 0, 0, 0.5}}, // single alpha: (0, 0, 0, B_a)
		{A8Unorm, [4]float64{1, 1, 1, 2}, [4]float32{0, 0, 0, 1}},
		{R5G6B5UnormPack16, [4]float64{2, 0.5, -1, 0}, [4]float32{1, 0.5, 0, 1}},
		{A2B10G10R10UintPack32, [4]float64{5000, 1, 2, 7}, [4]float32{u(1023), one, u(2), u(3)}},
		{A2B10G10R10SintPack32, [4]float64{-600, 600, -1, -7}, [4]float32{u(0xfffffe00), u(511), u(0xffffffff), u(0xfffffffe)}},
		{A2R10G10B10SnormPack32, [4]float64{-3, 3, 0.5, -0.5}, [4]float32{-1, 1, 0.5, -0.5}},
		{R8Uscaled, [4]float64{300, 1, 1, 1}, [4]float32{255, 0, 0, 1}},
		{R8G8Sscaled, [4]float64{-300, 2.5, 1, 1}, [4]float32{-128, 2.5, 0, 1}}, // clamped, not rounded
		{R16Uint, [4]float64{70000, 1, 1, 1}, [4]float32{u(65535), 0, 0, one}},
		{R16G16Sint, [4]float64{-40000, 40000, 1, 1}, [4]float32{u(0xffff8000), u(32767), 0, one}},
		{R32Sint, [4]float64{-5e9, 1, 1, 1}, [4]float32{u(0x80000000), 0, 0, one}},
		{B10G11R11UfloatPack32, [4]float64{-1, 1e6, 0.5, 0}, [4]float32{0, 1e6, 0.5, 1}},
		{E5B9G9R9UfloatPack32, [4]float64{-1, 2, 3, 0}, [4]float32{0, 2, 3, 1}},
		{S8Uint, [4]float64{300, 1, 1, 1}, [4]float32{u(255), 0, 0, one}},
		{X8D24UnormPack32, [4]float64{2, 1, 1, 1}, [4]float32{1, 0, 0, 1}},
		{D24UnormS8Uint, [4]float64{0.25, 1, 1, 1}, [4]float32{0.25, 0, 0, 1}}, // depth aspect
		{D32SfloatS8Uint, [4]float64{-2, 1, 1, 1}, [4]float32{-2, 0, 0, 1}},
	}
	for _, tt := range tests {
		got := tt.f.Border(tt.b)
		for i := range 4 {
			if !bitsEqual(got[i], tt.want[i]) {
				t.Errorf("%v.Border(%v) = %v, want %v", tt.f, tt.b, got, tt.want)
				break
			}
		}
	}
	// Opaque black and transparent black for every format.
	for _, f := range All() {
		a1 := float32(1)
		if f.Info().Class != ClassFloat {
			a1 = one
		}
		if got := f.Border([4]float64{0, 0, 0, 1}); got != [4]float32{0, 0, 0, a1} {
			t.Errorf("%v opaque black = %v", f, got)
		}
		wantA := a1
		if in := f.Info(); in.Bits[3] > 0 || (in.Compressed && in.Components == 4) {
			wantA = 0
		}
		if got := f.Border([4]float64{}); got != [4]float32{0, 0, 0, wantA} {
			t.Errorf("%v transparent black = %v", f, got)
		}
	}
}

func TestDecoderNoAlloc(t *testing.T) {
	src := make([]byte, 16)
	for _, f := range All() {
		dec := f.Decoder()
		var sink [4]float32
		n := testing.AllocsPerRun(100, func() { sink = dec(src) })
		if n != 0 {
			t.Errorf("%v decoder allocates %v times per call", f, n)
		}
		_ = sink
	}
}

func BenchmarkDecode(b *testing.B) {
	src := make([]byte, 1024)
	for i := range src {
		src[i] = byte(i * 37)
	}
	for _, f := range All() {
		b.Run(f.String(), func(b *testing.B) {
			dec := f.Decoder()
			n := f.Info().Bytes
			var acc float32
			for i := 0; b.Loop(); i++ {
				o := (i * n) & 511
				v := dec(src[o:])
				acc += v[0]
			}
			_ = acc
		})
	}
}

func BenchmarkFloat64ToHalf(b *testing.B) {
	var acc uint16
	for i := 0; b.Loop(); i++ {
		acc ^= Float64ToHalf(float64(i) * 0.001)
	}
	_ = acc
}

func BenchmarkHalfToFloat32(b *testing.B) {
	var acc float32
	for i := 0; b.Loop(); i++ {
		acc += HalfToFloat32(uint16(i))
	}
	_ = acc
}

func TestBorderNoAlloc(t *testing.T) {
	for _, f := range All() {
		var sink [4]float32
		if n := testing.AllocsPerRun(10, func() { sink = f.Border([4]float64{1, 0.5, 0, 1}) }); n != 0 {
			t.Errorf("%v.Border allocates %v times per call", f, n)
		}
		_ = sink
	}
}

// padded reports the formats whose components leave bits unused below
// them in 16-bit words (r10x6…, r12x4… and the multi-planar formats made
// of them): their padding reads as nothing and encodes as zeros.
func padded(f Format) bool {
	n := f.String()
	return strings.Contains(n, "x6") || strings.Contains(n, "x4")
}
