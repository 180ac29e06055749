package bc

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

// bitWriter assembles a block least significant bit first, as BC6H and BC7 read it.
type bitWriter struct {
	b   [16]byte
	pos int
}

func (w *bitWriter) put(v uint64, n int) {
	for i := 0; i < n; i++ {
		if v>>uint(i)&1 != 0 {
			w.b[(w.pos+i)/8] |= 1 << uint((w.pos+i)%8)
		}
	}
	w.pos += n
}

func decode(t *testing.T, f Format, block []byte) [16][4]float32 {
	t.Helper()
	var px [16][4]float32
	if err := Decode(f, block, &px); err != nil {
		t.Fatal(err)
	}
	return px
}

func colourBlock(c0, c1 uint16, idx uint32) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint16(b[0:], c0)
	binary.LittleEndian.PutUint16(b[2:], c1)
	binary.LittleEndian.PutUint32(b[4:], idx)
	return b
}

// idx0123 puts index i%4 in texel i.
const idx0123 = 0xE4E4E4E4

func TestColourBlock(t *testing.T) {
	third, twoThirds := float32(1.0/3), float32(2.0/3)
	tests := []struct {
		name   string
		f      Format
		c0, c1 uint16
		want   [4][4]float32 // palette entries 0..3
	}{
		{"BC1 four-colour white-black", BC1, 0xFFFF, 0x0000, [4][4]float32{{1, 1, 1, 1}, {0, 0, 0, 1}, {twoThirds, twoThirds, twoThirds, 1}, {third, third, third, 1}}},
		{"BC1 three-colour index 3 opaque black", BC1, 0x0000, 0xFFFF, [4][4]float32{{0, 0, 0, 1}, {1, 1, 1, 1}, {0.5, 0.5, 0.5, 1}, {0, 0, 0, 1}}},
		{"BC1A three-colour index 3 transparent", BC1A, 0x0000, 0xFFFF, [4][4]float32{{0, 0, 0, 1}, {1, 1, 1, 1}, {0.5, 0.5, 0.5, 1}, {0, 0, 0, 0}}},
		{"BC1A equal endpoints are three-colour", BC1A, 0xF800, 0xF800, [4][4]float32{{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {0, 0, 0, 0}}},
		{"BC1A four-colour keeps alpha", BC1A, 0xF801, 0xF800, [4][4]float32{{1, 0, 1.0 / 31, 1}, {1, 0, 0, 1}, {1, 0, float32(2.0 / 93), 1}, {1, 0, float32(1.0 / 93), 1}}},
		{"BC1 green uses 63ths", BC1, 0x07E0, 0x0020, [4][4]float32{{0, 1, 0, 1}, {0, float32(1.0 / 63), 0, 1}, {0, float32(127.0 / 189), 0, 1}, {0, float32(65.0 / 189), 0, 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			px := decode(t, tc.f, colourBlock(tc.c0, tc.c1, idx0123))
			for i := range 16 {
				if px[i] != tc.want[i%4] {
					t.Errorf("texel %d = %v, want %v", i, px[i], tc.want[i%4])
				}
			}
		})
	}
}

// BC2 and BC3 decode their colour block in four-colour mode whatever the endpoint order.
func TestBC2BC3AlwaysFourColour(t *testing.T) {
	for _, f := range []Format{BC2, BC3} {
		b := make([]byte, 16)
		copy(b[8:], colourBlock(0x0000, 0xFFFF, idx0123))
		px := decode(t, f, b)
		want := [4]float32{0, 1, float32(1.0 / 3), float32(2.0 / 3)}
		for i := range 16 {
			if px[i][0] != want[i%4] || px[i][1] != want[i%4] || px[i][2] != want[i%4] {
				t.Errorf("%v texel %d = %v, want grey %v", f, i, px[i], want[i%4])
			}
		}
	}
}

func TestBC2Alpha(t *testing.T) {
	b := make([]byte, 16)
	binary.LittleEndian.PutUint64(b, 0xFEDCBA9876543210) // texel i has alpha nibble i
	px := decode(t, BC2, b)
	for i := range 16 {
		if want := float32(i) / 15; px[i][3] != want {
			t.Errorf("texel %d alpha = %v, want %v", i, px[i][3], want)
		}
	}
}

// alphaBlock builds a BC3-alpha/BC4 block with texel i using index i%8.
func alphaBlock(a0, a1 byte) []byte {
	var idx uint64
	for i := range 16 {
		idx |= uint64(i%8) << (3 * uint(i))
	}
	b := make([]byte, 8)
	binary.LittleEndian.PutUint64(b, idx<<16)
	b[0], b[1] = a0, a1
	return b
}

func TestInterpolatedAlpha(t *testing.T) {
	r := func(n, d float64) float32 { return float32(n / d) }
	tests := []struct {
		name   string
		f      Format
		a0, a1 byte
		want   [8]float32
	}{
		{"BC4 eight values", BC4, 255, 0, [8]float32{1, 0, r(6, 7), r(5, 7), r(4, 7), r(3, 7), r(2, 7), r(1, 7)}},
		{"BC4 six values", BC4, 0, 255, [8]float32{0, 1, r(1, 5), r(2, 5), r(3, 5), r(4, 5), 0, 1}},
		{"BC4 equal endpoints are six-value", BC4, 10, 10, [8]float32{r(10, 255), r(10, 255), r(10, 255), r(10, 255), r(10, 255), r(10, 255), 0, 1}},
		{"BC4 full precision", BC4, 200, 100, [8]float32{r(200, 255), r(100, 255), r(1300, 1785), r(1200, 1785), r(1100, 1785), r(1000, 1785), r(900, 1785), r(800, 1785)}},
		{"BC4S eight values", BC4S, 127, 0x81, [8]float32{1, -1, r(5, 7), r(3, 7), r(1, 7), r(-1, 7), r(-3, 7), r(-5, 7)}},
		{"BC4S -128 reads as -1", BC4S, 127, 0x80, [8]float32{1, -1, r(5, 7), r(3, 7), r(1, 7), r(-1, 7), r(-3, 7), r(-5, 7)}},
		{"BC4S six values with constants", BC4S, 0x80, 127, [8]float32{-1, 1, r(-3, 5), r(-1, 5), r(1, 5), r(3, 5), -1, 1}},
		{"BC4S order compares signed", BC4S, 1, 0xFF, [8]float32{r(1, 127), r(-1, 127), r(5, 889), r(3, 889), r(1, 889), r(-1, 889), r(-3, 889), r(-5, 889)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			px := decode(t, tc.f, alphaBlock(tc.a0, tc.a1))
			for i := range 16 {
				if got := px[i]; got[0] != tc.want[i%8] || got[1] != 0 || got[2] != 0 || got[3] != 1 {
					t.Errorf("texel %d = %v, want R %v", i, got, tc.want[i%8])
				}
			}
			b3 := append(alphaBlock(tc.a0, tc.a1), colourBlock(0xFFFF, 0xFFFF, 0)...)
			if tc.f == BC4 {
				px := decode(t, BC3, b3)
				for i := range 16 {
					if px[i] != [4]float32{1, 1, 1, tc.want[i%8]} {
						t.Errorf("BC3 texel %d = %v, want alpha %v", i, px[i], tc.want[i%8])
					}
				}
				px = decode(t, BC5, append(alphaBlock(tc.a0, tc.a1), alphaBlock(tc.a1, tc.a0)...))
				if px[0] != [4]float32{tc.want[0], tc.want[1], 0, 1} {
					t.Errorf("BC5 texel 0 = %v", px[0])
				}
			}
		})
	}
}

// TestBC6HExactHalves checks hand-computed values: the largest half, 0.5 through the 16-bit mode
// (whose high endpoint bits are stored in reverse order), and signed extremes.
func TestBC6HExactHalves(t *testing.T) {
	mode11 := func(w, x uint64, signed bool) []byte { // mode 0x03: 10-bit endpoints, no deltas
		var bw bitWriter
		bw.put(0x03, 5)
		for range 3 {
			bw.put(w, 10)
		}
		for range 3 {
			bw.put(x, 10)
		}
		var idx uint64 // texel i: index i (texel 0 has 3 bits)
		bw.put(0, 3)
		for i := 1; i < 16; i++ {
			idx |= uint64(i) << (4 * uint(i-1))
		}
		bw.put(idx, 60)
		return bw.b[:]
	}
	mode14 := func(w uint64) []byte { // mode 0x0F: 16-bit base endpoint, zero deltas
		var bw bitWriter
		bw.put(0x0F, 5)
		for range 3 {
			bw.put(w&1023, 10)
		}
		for range 3 {
			bw.put(0, 4)
			for bit := 15; bit >= 10; bit-- {
				bw.put(w>>uint(bit)&1, 1)
			}
		}
		bw.put(0xFFFFFFFFFFFFFFF, 63)
		return bw.b[:]
	}
	tests := []struct {
		name  string
		f     Format
		block []byte
		texel int
		want  float32
	}{
		{"max endpoint is 65504", BC6H, mode11(1023, 0, false), 0, 65504},
		{"zero endpoint is 0", BC6H, mode11(1023, 0, false), 15, 0},
		{"16-bit endpoint 29597 is 0.5", BC6H, mode14(29597), 7, 0.5},
		{"signed 16-bit endpoint 14799 is 0.5", BC6HS, mode14(14799), 3, 0.5},
		{"signed 16-bit endpoint -14799 is -0.5", BC6HS, mode14(uint64(0x10000 - 14799)), 3, -0.5},
		{"signed max endpoint is 65504", BC6HS, mode11(511, 0x200, true), 0, 65504},
		{"signed -512 is -65504", BC6HS, mode11(511, 0x200, true), 15, -65504},
		{"signed -511 is -65504", BC6HS, mode11(511, 0x201, true), 15, -65504},
		{"signed 16-bit -32768 is -65504, not -Inf", BC6HS, mode14(0x8000), 5, -65504},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			px := decode(t, tc.f, tc.block)
			got := px[tc.texel]
			if got != [4]float32{tc.want, tc.want, tc.want, 1} {
				t.Errorf("texel %d = %v, want %v", tc.texel, got, tc.want)
			}
		})
	}
}

func TestBC6HReservedModes(t *testing.T) {
	for _, code := range []byte{0x13, 0x17, 0x1B, 0x1F} {
		b := make([]byte, 16)
		for i := range b {
			b[i] = 0xA5
		}
		b[0] = b[0]&^31 | code
		for _, f := range []Format{BC6H, BC6HS} {
			px := decode(t, f, b)
			for i := range 16 {
				if px[i] != [4]float32{0, 0, 0, 1} {
					t.Fatalf("%v mode %#x texel %d = %v, want (0,0,0,1)", f, code, i, px[i])
				}
			}
		}
	}
}

// TestBC6HLayouts checks that every mode's layout places each endpoint bit exactly once and that
// the block adds up to 128 bits.
func TestBC6HLayouts(t *testing.T) {
	if len(bc6hModes) != 14 {
		t.Fatalf("%d modes, want 14", len(bc6hModes))
	}
	for code, m := range bc6hModes {
		seen := map[bitDest]bool{}
		for _, f := range m.fields {
			if seen[f] {
				t.Errorf("mode %#x: bit %v twice", code, f)
			}
			seen[f] = true
		}
		for v := 0; v < 6*m.regions; v++ {
			n := m.endpointBits
			if v >= 3 {
				n = m.deltaBits[v%3]
			}
			for bit := 0; bit < n; bit++ {
				if !seen[bitDest{uint8(v), uint8(bit)}] {
					t.Errorf("mode %#x: endpoint value %d bit %d missing", code, v, bit)
				}
			}
		}
		indexBits := 63
		if m.regions == 2 {
			indexBits = 46
		}
		if total := m.headerBits + len(m.fields) + m.partitionBits + indexBits; total != 128 {
			t.Errorf("mode %#x: %d bits", code, total)
		}
	}
}

// The 2-subset partitions as the 16-bit masks of the ARB_texture_compression_bptc specification
// (bit i set: texel i is in subset 1), an independent copy of the table.
var arbMasks2 = [64]uint16{
	0xCCCC, 0x8888, 0xEEEE, 0xECC8, 0xC880, 0xFEEC, 0xFEC8, 0xEC80, 0xC800, 0xFFEC, 0xFE80, 0xE800, 0xFFE8, 0xFF00, 0xFFF0, 0xF000,
	0xF710, 0x008E, 0x7100, 0x08CE, 0x008C, 0x7310, 0x3100, 0x8CCE, 0x088C, 0x3110, 0x6666, 0x366C, 0x17E8, 0x0FF0, 0x718E, 0x399C,
	0xAAAA, 0xF0F0, 0x5A5A, 0x33CC, 0x3C3C, 0x55AA, 0x9696, 0xA55A, 0x73CE, 0x13C8, 0x324C, 0x3BDC, 0x6996, 0xC33C, 0x9966, 0x0660,
	0x0272, 0x04E4, 0x4E40, 0x2720, 0xC936, 0x936C, 0x39C6, 0x639C, 0x9336, 0x9CC6, 0x817E, 0xE718, 0xCCF0, 0x0FCC, 0x7744, 0xEE22,
}

func TestPartitionTables(t *testing.T) {
	for p := range 64 {
		var m uint16
		for i := range 16 {
			m |= uint16(partition2[p][i]) << uint(i)
		}
		if m != arbMasks2[p] {
			t.Errorf("2-subset partition %d = %#04x, want %#04x", p, m, arbMasks2[p])
		}
		if partition2[p][0] != 0 || partition3[p][0] != 0 {
			t.Errorf("partition %d: texel 0 not in subset 0", p)
		}
		if partition2[p][anchor2[p]] != 1 {
			t.Errorf("2-subset partition %d: anchor %d not in subset 1", p, anchor2[p])
		}
		a := anchor3[p]
		if partition3[p][a[0]] != 1 || partition3[p][a[1]] != 2 {
			t.Errorf("3-subset partition %d: anchors %v not in subsets 1, 2", p, a)
		}
	}
}

func TestBC7(t *testing.T) {
	t.Run("reserved mode 8 is transparent black", func(t *testing.T) {
		b := make([]byte, 16)
		for i := 1; i < 16; i++ {
			b[i] = 0xFF
		}
		px := decode(t, BC7, b)
		for i := range 16 {
			if px[i] != [4]float32{} {
				t.Fatalf("texel %d = %v", i, px[i])
			}
		}
	})
	t.Run("mode 6 ramp", func(t *testing.T) {
		var w bitWriter
		w.put(1<<6, 7)
		for range 4 { // R, G, B, A: endpoint 0 = 127, endpoint 1 = 0
			w.put(127, 7)
			w.put(0, 7)
		}
		w.put(1, 1) // p-bit of endpoint 0: 255
		w.put(0, 1) // p-bit of endpoint 1: 0
		w.put(0, 3)
		for i := 1; i < 16; i++ {
			w.put(uint64(i), 4)
		}
		px := decode(t, BC7, w.b[:])
		for i := range 16 {
			v := float32((255*(64-weights4[i])+32)>>6) / 255
			if px[i] != [4]float32{v, v, v, v} {
				t.Errorf("texel %d = %v, want %v", i, px[i], v)
			}
		}
	})
	t.Run("mode 5 rotation swaps alpha and red", func(t *testing.T) {
		var w bitWriter
		w.put(1<<5, 6)
		w.put(1, 2) // rotation 1: R <-> A
		for range 3 {
			w.put(0, 7)
			w.put(0, 7)
		}
		w.put(255, 8) // alpha endpoints
		w.put(255, 8)
		px := decode(t, BC7, w.b[:])
		for i := range 16 {
			if px[i] != [4]float32{1, 0, 0, 0} {
				t.Fatalf("texel %d = %v, want (1,0,0,0)", i, px[i])
			}
		}
	})
}

func TestErrors(t *testing.T) {
	var px [16][4]float32
	tests := []struct {
		f     Format
		block []byte
		want  string
	}{
		{0, make([]byte, 8), "unknown format"},
		{Format(99), make([]byte, 16), "unknown format"},
		{BC1, make([]byte, 16), "BC1 block is 16 bytes, want 8"},
		{BC7, make([]byte, 8), "BC7 block is 8 bytes, want 16"},
		{BC6H, nil, "BC6H block is 0 bytes, want 16"},
	}
	for _, tc := range tests {
		err := Decode(tc.f, tc.block, &px)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%v, %d bytes) = %v, want %q", tc.f, len(tc.block), err, tc.want)
		}
	}
	if err := Decode(BC1, make([]byte, 8), nil); err == nil {
		t.Error("nil destination accepted")
	}
}

func TestNames(t *testing.T) {
	for _, f := range Formats() {
		g, err := ParseFormat(strings.ToLower(f.String()))
		if err != nil || g != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), g, err)
		}
		if BlockBytes(f) == 0 {
			t.Errorf("BlockBytes(%v) = 0", f)
		}
	}
	if _, err := ParseFormat("BC8"); err == nil {
		t.Error("ParseFormat(BC8) succeeded")
	}
	if s := Format(200).String(); s != "Format(200)" {
		t.Errorf("String = %q", s)
	}
}

func TestHalfToFloat32(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		got := halfToFloat32(uint16(h))
		e, m := h>>10&31, h&1023
		var want float64
		switch {
		case e == 31 && m == 0:
			want = math.Inf(1)
		case e == 31:
			if !math.IsNaN(float64(got)) {
				t.Fatalf("%#04x = %v, want NaN", h, got)
			}
			continue
		case e == 0:
			want = math.Ldexp(float64(m), -24)
		default:
			want = math.Ldexp(float64(1024+m), e-25)
		}
		if h&0x8000 != 0 {
			want = -want
		}
		if float64(got) != want || math.Signbit(float64(got)) != (h&0x8000 != 0) {
			t.Fatalf("%#04x = %v, want %v", h, got, want)
		}
	}
}
