package etc

import (
	"encoding/binary"
	"strings"
	"testing"
)

// block64 assembles a big-endian 64-bit block from (hi, lo, value) fields.
func block64(fields ...[3]uint64) []byte {
	var w uint64
	for _, f := range fields {
		hi, lo, v := f[0], f[1], f[2]
		m := uint64(1)<<(hi-lo+1) - 1
		w = w&^(m<<lo) | (v&m)<<lo
	}
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, w)
	return b
}

// indices sets the 2-bit index of every pixel p (column-major) to idx(p).
func indices(idx func(p int) uint64) [][3]uint64 {
	var out [][3]uint64
	for p := range 16 {
		out = append(out, [3]uint64{uint64(16 + p), uint64(16 + p), idx(p) >> 1}, [3]uint64{uint64(p), uint64(p), idx(p) & 1})
	}
	return out
}

func decode(t *testing.T, f Format, b []byte) [16][4]float32 {
	t.Helper()
	var px [16][4]float32
	if err := Decode(f, b, &px); err != nil {
		t.Fatal(err)
	}
	return px
}

func u8(v int) float32 { return float32(v) / 255 }

func grey(v int) [4]float32 { return [4]float32{u8(v), u8(v), u8(v), 1} }

func TestETC2Modes(t *testing.T) {
	byPixel := func(p int) uint64 { return uint64(p % 4) } // pixel (x, y) uses index y
	tests := []struct {
		name  string
		f     Format
		block []byte
		want  func(x, y int) [4]float32
	}{
		{
			"individual: 4-bit bases, table 0, clamping at 255",
			ETC2RGB8,
			block64(append(indices(byPixel), [3]uint64{63, 60, 15}, [3]uint64{55, 52, 15}, [3]uint64{47, 44, 15},
				[3]uint64{59, 56, 8}, [3]uint64{51, 48, 8}, [3]uint64{43, 40, 8}, [3]uint64{36, 34, 7})...),
			func(x, y int) [4]float32 {
				if x < 2 {
					return grey([]int{255, 255, 253, 247}[y])
				}
				return grey([]int{136 + 47, 255, 136 - 47, 0}[y]) // 136+183 and 136-183 clamp
			},
		},
		{
			"differential with flip: 5-bit base, negative delta, top/bottom sub-blocks",
			ETC2RGB8,
			block64(append(indices(byPixel), [3]uint64{33, 33, 1}, [3]uint64{32, 32, 1},
				[3]uint64{63, 59, 16}, [3]uint64{55, 51, 16}, [3]uint64{47, 43, 16},
				[3]uint64{58, 56, 7}, [3]uint64{50, 48, 7}, [3]uint64{42, 40, 7}, [3]uint64{39, 37, 1})...),
			func(x, y int) [4]float32 {
				if y < 2 {
					return grey(132 + []int{5, 17, -5, -17}[y])
				}
				return grey(123 + []int{2, 8, -2, -8}[y])
			},
		},
		{
			"planar: O = H = V is flat",
			ETC2RGB8,
			// R 63 (O, H, V), G 127, B 0. The red (15-1) and green (15-2) differentials stay in range;
			// blue (0-4) overflows, which selects planar mode.
			block64([3]uint64{33, 33, 1}, [3]uint64{62, 57, 63}, [3]uint64{63, 63, 0}, [3]uint64{56, 56, 1}, [3]uint64{54, 49, 63},
				[3]uint64{55, 55, 0}, [3]uint64{48, 48, 0}, [3]uint64{44, 43, 0}, [3]uint64{41, 39, 0}, [3]uint64{47, 45, 0}, [3]uint64{42, 42, 1},
				[3]uint64{38, 34, 31}, [3]uint64{32, 32, 1}, [3]uint64{31, 25, 127}, [3]uint64{24, 19, 0},
				[3]uint64{18, 13, 63}, [3]uint64{12, 6, 127}, [3]uint64{5, 0, 0}),
			func(x, y int) [4]float32 { return [4]float32{1, 1, 0, 1} },
		},
		{
			"punch-through, not opaque: index 2 transparent, index 0 is the base colour",
			ETC2RGB8A1,
			block64(append(indices(byPixel), [3]uint64{33, 33, 0}, [3]uint64{63, 59, 16}, [3]uint64{55, 51, 16}, [3]uint64{47, 43, 16},
				[3]uint64{39, 37, 0}, [3]uint64{36, 34, 0})...),
			func(x, y int) [4]float32 {
				switch y {
				case 0:
					return grey(132)
				case 1:
					return grey(140)
				case 2:
					return [4]float32{}
				}
				return grey(124)
			},
		},
		{
			"punch-through, opaque: same as ETC2 RGB",
			ETC2RGB8A1,
			block64(append(indices(byPixel), [3]uint64{33, 33, 1}, [3]uint64{63, 59, 16}, [3]uint64{55, 51, 16}, [3]uint64{47, 43, 16})...),
			func(x, y int) [4]float32 { return grey(132 + []int{2, 8, -2, -8}[y]) },
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			px := decode(t, tc.f, tc.block)
			for y := range 4 {
				for x := range 4 {
					if want := tc.want(x, y); px[y*4+x] != want {
						t.Errorf("texel (%d,%d) = %v, want %v", x, y, px[y*4+x], want)
					}
				}
			}
		})
	}
}

// TestTModeAndHMode checks the paint colours of T and H mode blocks with all four indices.
func TestTModeAndHMode(t *testing.T) {
	byPixel := func(p int) uint64 { return uint64(p % 4) }
	// T mode: red 5-bit base 31 with delta +1 overflows. c1 = (R 0b1111, G 0, B 0), c2 = (8, 8, 8),
	// distance index (bits 35..34 = 3, bit 32 = 1) = 7: 64.
	tb := block64(append(indices(byPixel), [3]uint64{33, 33, 1}, [3]uint64{63, 61, 7}, [3]uint64{60, 59, 3}, [3]uint64{58, 58, 0},
		[3]uint64{57, 56, 3}, [3]uint64{55, 52, 0}, [3]uint64{51, 48, 0}, [3]uint64{47, 44, 8}, [3]uint64{43, 40, 8}, [3]uint64{39, 36, 8},
		[3]uint64{35, 34, 3}, [3]uint64{32, 32, 1})...)
	px := decode(t, ETC2RGB8, tb)
	wantT := [4][4]float32{{1, 0, 0, 1}, grey(136 + 64), grey(136), grey(136 - 64)}
	for i := range 16 {
		if px[i] != wantT[i/4] {
			t.Errorf("T texel %d = %v, want %v", i, px[i], wantT[i/4])
		}
	}
	// H mode: green 5-bit base 0 with delta -1 overflows (red does not). c1 = (R1, G1, B1) =
	// (15, 0b0101, 0), c2 = (0, 0, 0); c1 >= c2 so the distance index's low bit is 1: bits 34 = 0,
	// 32 = 1 → index 3: 16.
	hb := block64(append(indices(byPixel), [3]uint64{33, 33, 1}, [3]uint64{63, 63, 0}, [3]uint64{62, 59, 15},
		[3]uint64{58, 56, 2}, [3]uint64{55, 53, 0}, [3]uint64{52, 52, 1}, [3]uint64{51, 51, 0}, [3]uint64{50, 48, 7}, [3]uint64{49, 47, 0},
		[3]uint64{46, 43, 0}, [3]uint64{42, 39, 0}, [3]uint64{38, 35, 0}, [3]uint64{34, 34, 0}, [3]uint64{32, 32, 1})...)
	px = decode(t, ETC2RGB8, hb)
	g1 := 0b0101 * 17
	wantH := [4][4]float32{{1, u8(g1 + 16), u8(16), 1}, {u8(255 - 16), u8(g1 - 16), 0, 1}, grey(16), grey(0)}
	for i := range 16 {
		if px[i] != wantH[i/4] {
			t.Errorf("H texel %d = %v, want %v", i, px[i], wantH[i/4])
		}
	}
}

func eacBlock(base, mult, table uint64, idx func(p int) uint64) []byte {
	w := base<<56 | mult<<52 | table<<48
	for p := range 16 {
		w |= idx(p) << uint(45-3*p)
	}
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, w)
	return b
}

func TestEAC(t *testing.T) {
	byPixel := func(p int) uint64 { return uint64(p % 8) } // pixel p (column-major) uses index p%8
	tests := []struct {
		name              string
		f                 Format
		base, mult, table uint64
		want              func(idx int) float32
	}{
		{"R11 multiplier 1", EACR11, 128, 1, 0, func(i int) float32 {
			return float32(8*128+4+8*[]int{-3, -6, -9, -15, 2, 5, 8, 14}[i]) / 2047
		}},
		{"R11 multiplier 0 adds the modifier unscaled", EACR11, 128, 0, 0, func(i int) float32 {
			return float32(8*128+4+[]int{-3, -6, -9, -15, 2, 5, 8, 14}[i]) / 2047
		}},
		{"R11 clamps to [0, 2047]", EACR11, 255, 15, 0, func(i int) float32 {
			return float32(min(max(8*255+4+120*[]int{-3, -6, -9, -15, 2, 5, 8, 14}[i], 0), 2047)) / 2047
		}},
		{"R11S -128 reads as -127, clamps to -1023", EACR11S, 0x80, 2, 13, func(i int) float32 {
			return float32(max(-1016+16*[]int{-1, -2, -3, -10, 0, 1, 2, 9}[i], -1023)) / 1023
		}},
		{"R11S positive base", EACR11S, 100, 15, 15, func(i int) float32 {
			return float32(min(800+120*[]int{-3, -5, -7, -9, 2, 4, 6, 8}[i], 1023)) / 1023
		}},
		{"RGBA8 alpha", ETC2RGBA8, 200, 3, 7, func(i int) float32 {
			return u8(min(200+3*[]int{-3, -5, -8, -11, 2, 4, 7, 10}[i], 255))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := eacBlock(tc.base, tc.mult, tc.table, byPixel)
			ch := 0
			if tc.f == ETC2RGBA8 {
				b = append(b, make([]byte, 8)...)
				ch = 3
			}
			px := decode(t, tc.f, b)
			for p := range 16 {
				x, y := p/4, p%4
				got := px[y*4+x]
				if got[ch] != tc.want(p%8) {
					t.Errorf("pixel %d (%d,%d) = %v, want channel %d = %v", p, x, y, got, ch, tc.want(p%8))
				}
				if ch == 0 && (got[1] != 0 || got[2] != 0 || got[3] != 1) {
					t.Errorf("pixel %d: G, B, A = %v", p, got)
				}
			}
			if tc.f == EACR11 || tc.f == EACR11S {
				two := EACRG11
				if tc.f == EACR11S {
					two = EACRG11S
				}
				px2 := decode(t, two, append(append([]byte{}, b...), b...))
				for i := range 16 {
					if px2[i] != [4]float32{px[i][0], px[i][0], 0, 1} {
						t.Errorf("%v texel %d = %v", two, i, px2[i])
					}
				}
			}
		})
	}
}

func TestErrorsAndNames(t *testing.T) {
	var px [16][4]float32
	for _, tc := range []struct {
		f    Format
		n    int
		want string
	}{
		{0, 8, "unknown format"},
		{Format(50), 8, "unknown format"},
		{ETC2RGB8, 16, "ETC2RGB8 block is 16 bytes, want 8"},
		{EACRG11S, 15, "EACRG11S block is 15 bytes, want 16"},
	} {
		if err := Decode(tc.f, make([]byte, tc.n), &px); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%v, %d bytes) = %v, want %q", tc.f, tc.n, err, tc.want)
		}
	}
	if err := Decode(ETC2RGB8, make([]byte, 8), nil); err == nil {
		t.Error("nil destination accepted")
	}
	for _, f := range Formats() {
		if g, err := ParseFormat(strings.ToLower(f.String())); err != nil || g != f {
			t.Errorf("ParseFormat(%v) = %v, %v", f, g, err)
		}
	}
	if _, err := ParseFormat("ETC1"); err == nil {
		t.Error("ParseFormat(ETC1) succeeded")
	}
}
