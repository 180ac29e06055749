package astc

import (
	"strings"
	"testing"
)

// voidExtent builds a void-extent block: bits 0..8 = 0x1FC, bit 9 HDR, bits 10..11 reserved,
// four 13-bit extents, four 16-bit colours.
func voidExtent(hdr, reserved uint64, ext [4]uint64, rgba [4]uint64) []byte {
	lo := uint64(0x1FC) | hdr<<9 | reserved<<10
	for i, e := range ext {
		lo |= e << uint(12+13*i)
	}
	var hi uint64
	for i, c := range rgba {
		hi |= c << uint(16*i)
	}
	b := make([]byte, 16)
	for i := range 8 {
		b[i] = byte(lo >> uint(8*i))
		b[8+i] = byte(hi >> uint(8*i))
	}
	return b
}

var allOnes = [4]uint64{0x1FFF, 0x1FFF, 0x1FFF, 0x1FFF}

func TestVoidExtent(t *testing.T) {
	colour := [4]uint64{0x0000, 0x8000, 0xFFFF, 0x1234}
	tests := []struct {
		name  string
		block []byte
		srgb  bool
		want  [4]float32
	}{
		{"linear: UNORM16 / 65535", voidExtent(0, 3, allOnes, colour), false, [4]float32{0, float32(0x8000) / 65535, 1, float32(0x1234) / 65535}},
		{"sRGB: top 8 bits / 255", voidExtent(0, 3, allOnes, colour), true, [4]float32{0, float32(0x80) / 255, 1, float32(0x12) / 255}},
		{"valid extent rectangle", voidExtent(0, 3, [4]uint64{0, 10, 0, 10}, colour), false, [4]float32{0, float32(0x8000) / 65535, 1, float32(0x1234) / 65535}},
		{"HDR void extent is an error in LDR", voidExtent(1, 3, allOnes, colour), false, ErrorColour},
		{"reserved bits not 11", voidExtent(0, 1, allOnes, colour), false, ErrorColour},
		{"reserved bits 00", voidExtent(0, 0, allOnes, colour), true, ErrorColour},
		{"min S >= max S", voidExtent(0, 3, [4]uint64{10, 10, 0, 10}, colour), false, ErrorColour},
		{"min T > max T", voidExtent(0, 3, [4]uint64{0, 10, 11, 10}, colour), false, ErrorColour},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range BlockSizes {
				dst := make([][4]float32, s[0]*s[1])
				if err := Decode(tc.block, s[0], s[1], tc.srgb, dst); err != nil {
					t.Fatal(err)
				}
				for i, px := range dst {
					if px != tc.want {
						t.Fatalf("%dx%d texel %d = %v, want %v", s[0], s[1], i, px, tc.want)
					}
				}
			}
		})
	}
}

// TestReservedBlockModes checks encodings the block mode table reserves, and the limits on the
// weight grid, and that each decodes to the error colour.
func TestReservedBlockModes(t *testing.T) {
	tests := []struct {
		name string
		mode uint64
		bw   int
		bh   int
	}{
		{"bits 0..3 zero", 0x000, 4, 4},
		{"bits 0..3 zero with R0", 0x010, 4, 4},
		{"bits 5..8 = 1111 but not void extent", 0x1E0 | 0x0C, 8, 8},
		{"bits 5..8 = 1110", 0x1C0 | 0x04, 8, 8},
		{"grid wider than block: 12 x A+2 in 4x4", 0x000 | 0x04, 4, 4},
		{"grid taller than block: 10x6 in 6x5 (2D mode 1 1 0 1)", 0x1A4, 6, 5},
	}
	for _, tc := range tests {
		b := make([]byte, 16)
		b[0], b[1] = byte(tc.mode), byte(tc.mode>>8)
		for i := 2; i < 16; i++ {
			b[i] = 0x5A
		}
		b[1] = b[1]&0x07 | 0x5A&^0x07
		dst := make([][4]float32, tc.bw*tc.bh)
		if err := Decode(b, tc.bw, tc.bh, false, dst); err != nil {
			t.Fatal(err)
		}
		if bm := decodeBlockMode(uint32(tc.mode)); bm.ok && bm.gridW <= tc.bw && bm.gridH <= tc.bh {
			t.Errorf("%s: block mode %#x decodes as %+v", tc.name, tc.mode, bm)
		}
		if dst[0] != ErrorColour {
			t.Errorf("%s: texel 0 = %v, want the error colour", tc.name, dst[0])
		}
	}
}

// TestBlockModeTable checks the weight grid of one example of each row of the 2D block mode table.
func TestBlockModeTable(t *testing.T) {
	tests := []struct {
		mode   uint32
		w, h   int
		dual   bool
		levels int
	}{
		{0b0_0_00_10_1_00_11, 4, 4, false, 8},   // B+4 x A+2
		{0b1_1_01_01_0_01_10, 9, 3, true, 16},   // B+8 x A+2
		{0b0_1_11_00_1_10_11, 2, 11, false, 32}, // A+2 x B+8
		{0b0_0_01_11_0_11_10, 5, 7, false, 4},   // A+2 x B+6 (bit 8 = 0)
		{0b0_0_11_00_0_11_10, 3, 2, false, 4},   // B+2 x A+2 (bit 8 = 1)
		{0b0_0_00_10_0_01_00, 12, 4, false, 2},  // 12 x A+2
		{0b0_1_01_01_1_01_00, 3, 12, false, 12}, // A+2 x 12
		{0b1_0_11_00_1_01_00, 6, 10, true, 3},   // 6 x 10
		{0b0_0_11_01_1_11_00, 10, 6, false, 8},  // 10 x 6
		{0b11_10_11_1_01_00, 9, 9, false, 3},    // A+6 x B+6, no dual plane, no high precision
	}
	for _, tc := range tests {
		bm := decodeBlockMode(tc.mode)
		if !bm.ok || bm.gridW != tc.w || bm.gridH != tc.h || bm.dualPlane != tc.dual || quantLevels[bm.weightQuant].levels != tc.levels {
			t.Errorf("mode %#011b = %+v (levels %d), want %dx%d dual %v levels %d", tc.mode, bm,
				quantLevels[max(bm.weightQuant, 0)].levels, tc.w, tc.h, tc.dual, tc.levels)
		}
	}
}

// The weight unquantization tables of the KDFS ("Weight unquantization values"), in ISE value order.
var specWeights = map[int][]int32{
	3:  {0, 32, 64},
	5:  {0, 16, 32, 48, 64},
	6:  {0, 64, 12, 52, 25, 39},
	10: {0, 64, 7, 57, 14, 50, 21, 43, 28, 36},
	12: {0, 64, 17, 47, 5, 59, 23, 41, 11, 53, 28, 36},
	20: {0, 64, 16, 48, 3, 61, 19, 45, 6, 58, 23, 41, 9, 55, 26, 38, 13, 51, 29, 35},
	24: {0, 64, 8, 56, 16, 48, 24, 40, 2, 62, 11, 53, 19, 45, 27, 37, 5, 59, 13, 51, 22, 42, 30, 34},
	2:  {0, 64},
	4:  {0, 21, 43, 64},
	8:  {0, 9, 18, 27, 37, 46, 55, 64},
	16: {0, 4, 8, 12, 17, 21, 25, 29, 35, 39, 43, 47, 52, 56, 60, 64},
	32: {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64},
}

func TestUnquantizeWeight(t *testing.T) {
	for q := 0; q < 12; q++ {
		want := specWeights[quantLevels[q].levels]
		for v := range want {
			if got := unquantizeWeight(q, int32(v)); got != want[v] {
				t.Errorf("%d levels, value %d = %d, want %d", quantLevels[q].levels, v, got, want[v])
			}
		}
	}
}

// Colour unquantization, checked against values of the KDFS table "Color unquantization values"
// for a few ranges (ISE value order), and the bit-replication ranges in full.
func TestUnquantizeColour(t *testing.T) {
	spec := map[int][]uint8{
		6:  {0, 255, 51, 204, 102, 153},
		10: {0, 255, 28, 227, 56, 199, 84, 171, 113, 142},
		12: {0, 255, 69, 186, 23, 232, 92, 163, 46, 209, 116, 139},
		20: {0, 255, 67, 188, 13, 242, 80, 175, 27, 228, 94, 161, 40, 215, 107, 148, 54, 201, 121, 134},
	}
	for q := quant6; q < len(quantLevels); q++ {
		l := quantLevels[q]
		seen := map[uint8]bool{}
		for v := range l.levels {
			got := unquantizeColour(q, int32(v))
			seen[got] = true
			if want, ok := spec[l.levels]; ok && got != want[v] {
				t.Errorf("%d levels, value %d = %d, want %d", l.levels, v, got, want[v])
			}
			if !l.trits && !l.quints {
				// Bit replication is within 1 of the exact v·255/(2^n-1).
				if exact := float64(v) * 255 / float64(l.levels-1); float64(got) < exact-1 || float64(got) > exact+1 {
					t.Errorf("%d levels, value %d = %d, want about %.2f", l.levels, v, got, exact)
				}
			}
		}
		if len(seen) != l.levels {
			t.Errorf("%d levels map to only %d distinct values", l.levels, len(seen))
		}
	}
}

// TestTritsAndQuints checks that the trit and quint decodings cover every combination.
func TestTritsAndQuints(t *testing.T) {
	seenT := map[[5]uint8]bool{}
	for _, tr := range trits {
		for _, v := range tr {
			if v > 2 {
				t.Fatalf("trit %v", tr)
			}
		}
		seenT[tr] = true
	}
	if len(seenT) != 243 {
		t.Errorf("%d distinct trit quintuples, want 243", len(seenT))
	}
	seenQ := map[[3]uint8]bool{}
	for _, q := range quints {
		for _, v := range q {
			if v > 4 {
				t.Fatalf("quint %v", q)
			}
		}
		seenQ[q] = true
	}
	if len(seenQ) != 125 {
		t.Errorf("%d distinct quint triples, want 125", len(seenQ))
	}
	// Packing t0 + 3t1 + 9t2 + 27t3 + 81t4 in the natural order must be the identity on 0..242
	// for the encodings whose low bits are plain (T[4:2] != 111, T[6:5] != 11, C[1:0] != 11...):
	// spot-check the first values of the specification's table.
	if trits[0] != [5]uint8{0, 0, 0, 0, 0} || trits[1] != [5]uint8{1, 0, 0, 0, 0} || trits[2] != [5]uint8{2, 0, 0, 0, 0} || trits[4] != [5]uint8{0, 1, 0, 0, 0} {
		t.Errorf("trits[0..4] = %v", trits[:5])
	}
	if quints[0] != [3]uint8{0, 0, 0} || quints[1] != [3]uint8{1, 0, 0} || quints[5] != [3]uint8{0, 4, 0} || quints[8] != [3]uint8{0, 1, 0} {
		t.Errorf("quints = %v %v %v %v", quints[0], quints[1], quints[5], quints[8])
	}
}

func TestEndpointModes(t *testing.T) {
	tests := []struct {
		name string
		cem  int
		v    []uint8
		want [2][4]int32
		hdr  uint8
	}{
		{"0 luminance direct", 0, []uint8{10, 200}, [2][4]int32{{10, 10, 10, 255}, {200, 200, 200, 255}}, 0},
		{"1 luminance base+offset", 1, []uint8{0x84, 0xC5}, [2][4]int32{{0xE1, 0xE1, 0xE1, 255}, {0xE1 + 5, 0xE1 + 5, 0xE1 + 5, 255}}, 0},
		{"1 luminance offset clamps at 255", 1, []uint8{0xFC, 0xFF}, [2][4]int32{{0xFF, 0xFF, 0xFF, 255}, {255, 255, 255, 255}}, 0},
		{"4 luminance+alpha direct", 4, []uint8{1, 2, 3, 4}, [2][4]int32{{1, 1, 1, 3}, {2, 2, 2, 4}}, 0},
		{"5 luminance+alpha base+offset, negative offset clamps at 0", 5, []uint8{100, 0xFE, 50, 0x40}, [2][4]int32{{50 | 0x80, 50 | 0x80, 50 | 0x80, 25}, {177, 177, 177, 0}}, 0},
		{"6 RGB base+scale", 6, []uint8{200, 100, 50, 128}, [2][4]int32{{100, 50, 25, 255}, {200, 100, 50, 255}}, 0},
		{"8 RGB direct", 8, []uint8{10, 20, 30, 40, 50, 60}, [2][4]int32{{10, 30, 50, 255}, {20, 40, 60, 255}}, 0},
		{"8 RGB direct, reversed: blue contraction", 8, []uint8{20, 10, 40, 30, 60, 50}, [2][4]int32{{30, 40, 50, 255}, {40, 50, 60, 255}}, 0},
		{"9 RGB base+offset", 9, []uint8{20, 8, 40, 8, 60, 8}, [2][4]int32{{10, 20, 30, 255}, {14, 24, 34, 255}}, 0},
		{"9 RGB base+offset, negative sum: blue contraction", 9, []uint8{20, 0x7E, 40, 0x7E, 60, 0x7E}, [2][4]int32{{19, 24, 29, 255}, {20, 25, 30, 255}}, 0},
		{"10 RGB base+scale + two alphas", 10, []uint8{200, 100, 50, 64, 7, 9}, [2][4]int32{{50, 25, 12, 7}, {200, 100, 50, 9}}, 0},
		{"12 RGBA direct", 12, []uint8{1, 2, 3, 4, 5, 6, 7, 8}, [2][4]int32{{1, 3, 5, 7}, {2, 4, 6, 8}}, 0},
		{"12 RGBA direct, reversed", 12, []uint8{2, 1, 4, 3, 6, 5, 8, 7}, [2][4]int32{{3, 4, 5, 7}, {4, 5, 6, 8}}, 0},
		{"13 RGBA base+offset", 13, []uint8{20, 8, 40, 8, 60, 8, 80, 0x7E}, [2][4]int32{{10, 20, 30, 40}, {14, 24, 34, 39}}, 0},
		// HDR modes: 12-bit values, 0x780 (1.0) where the mode has no alpha.
		{"2 HDR luminance large range", 2, []uint8{1, 2}, [2][4]int32{{16, 16, 16, 0x780}, {32, 32, 32, 0x780}}, 0xF},
		{"2 HDR luminance, v1 < v0", 2, []uint8{2, 1}, [2][4]int32{{24, 24, 24, 0x780}, {24, 24, 24, 0x780}}, 0xF},
		{"3 HDR luminance small range, M=1", 3, []uint8{0x85, 0xA3}, [2][4]int32{{0xA14, 0xA14, 0xA14, 0x780}, {0xA20, 0xA20, 0xA20, 0x780}}, 0xF},
		{"3 HDR luminance small range, M=0", 3, []uint8{0x05, 0xA3}, [2][4]int32{{0xA0A, 0xA0A, 0xA0A, 0x780}, {0xA10, 0xA10, 0xA10, 0x780}}, 0xF},
		{"3 HDR luminance, y1 clamps at 0xFFF", 3, []uint8{0xFF, 0xFF}, [2][4]int32{{0xFFC, 0xFFC, 0xFFC, 0x780}, {0xFFF, 0xFFF, 0xFFF, 0x780}}, 0xF},
		// Mode 7, mode 0 (modeval 0: red major), R=1 G=1 B=1 S=1 without extra bits, shift 1:
		// red 2, green = blue = 2-2 = 0, scale 2: e0 = (0, 0, 0), e1 = (2, 0, 0).
		{"7 HDR RGB base+scale", 7, []uint8{1, 1, 1, 1}, [2][4]int32{{0, 0, 0, 0x780}, {2, 0, 0, 0x780}}, 0xF},
		// Mode 7, mode 5 (modeval 0xF): no differences, shift 5: R = 1<<5, G = 2<<5, B = 3<<5,
		// scale 1<<5; e0 = e1 - scale.
		{"7 HDR RGB base+scale, mode 5", 7, []uint8{0xC1, 0x82, 0x83, 1}, [2][4]int32{{0, 32, 64, 0x780}, {32, 64, 96, 0x780}}, 0xF},
		{"11 HDR RGB direct, major component 3", 11, []uint8{1, 2, 3, 4, 0x85, 0x86}, [2][4]int32{{16, 48, 160, 0x780}, {32, 64, 192, 0x780}}, 0xF},
		// Mode 11, mode 0 (m = 0, major component 0): a = 0x80, b0 = b1 = c = 0, d = 0, shift 3:
		// every channel 0x400.
		{"11 HDR RGB direct, mode 0", 11, []uint8{0x80, 0, 0, 0, 0, 0}, [2][4]int32{{0x400, 0x400, 0x400, 0x780}, {0x400, 0x400, 0x400, 0x780}}, 0xF},
		// As above with d0 = -1 (7 bits 0x7F): e0.g = a - b0 - c - d0 = 0x400 + 8.
		{"11 HDR RGB direct, negative d", 11, []uint8{0x80, 0, 0, 0, 0x3F, 0}, [2][4]int32{{0x400, 0x400 - 0x1F8, 0x400, 0x780}, {0x400, 0x400, 0x400, 0x780}}, 0xF},
		{"14 HDR RGB + LDR alpha", 14, []uint8{1, 2, 3, 4, 0x85, 0x86, 7, 9}, [2][4]int32{{16, 48, 160, 7}, {32, 64, 192, 9}}, 0x7},
		{"15 HDR RGBA, alpha mode 3", 15, []uint8{1, 2, 3, 4, 0x85, 0x86, 0x83, 0x85}, [2][4]int32{{16, 48, 160, 96}, {32, 64, 192, 160}}, 0xF},
		// Alpha mode 0: v6 = 0x10 | (v7<<1 & 0x780) = 0x10, v7 = (5 & 0x3F) sign-extended from
		// 6 bits = 5; both shifted by 4: a0 = 0x100, a1 = 0x100 + 0x50.
		{"15 HDR RGBA, alpha mode 0", 15, []uint8{1, 2, 3, 4, 0x85, 0x86, 0x10, 0x05}, [2][4]int32{{16, 48, 160, 0x100}, {32, 64, 192, 0x150}}, 0xF},
	}
	for _, tc := range tests {
		got, hdr := decodeEndpoints(tc.cem, tc.v)
		if got != tc.want || hdr != tc.hdr {
			t.Errorf("%s: %v (HDR channels %04b), want %v (%04b)", tc.name, got, hdr, tc.want, tc.hdr)
		}
	}
}

func TestInterpolate(t *testing.T) {
	for e := int32(0); e < 256; e++ {
		if got := interpolate(e, 255-e, 0, LDR); got != float32(e*257)/65535 {
			t.Fatalf("linear e=%d: %v", e, got)
		}
		if got := interpolate(e, 255-e, 0, SRGB); got != float32(e)/255 {
			t.Fatalf("sRGB e=%d: %v", e, got)
		}
		if got := interpolate(255-e, e, 64, SRGB); got != float32(e)/255 {
			t.Fatalf("sRGB w=64 e=%d: %v", e, got)
		}
	}
	// Halfway between 0 and 255: linear (0·32 + 65535·32 + 32) >> 6 = 32768; sRGB
	// (0x80·32 + 0xFF80·32 + 32) >> 6 = 0x8000 → 0x80.
	if got := interpolate(0, 255, 32, LDR); got != float32(32768)/65535 {
		t.Errorf("linear midpoint %v", got)
	}
	if got := interpolate(0, 255, 32, SRGB); got != float32(0x80)/255 {
		t.Errorf("sRGB midpoint %v", got)
	}
}

func TestDecodeErrors(t *testing.T) {
	dst := make([][4]float32, 144)
	tests := []struct {
		block  []byte
		bw, bh int
		dst    [][4]float32
		want   string
	}{
		{make([]byte, 15), 4, 4, dst, "block is 15 bytes, want 16"},
		{make([]byte, 17), 4, 4, dst, "block is 17 bytes, want 16"},
		{make([]byte, 16), 4, 5, dst, "footprint 4x5 is not"},
		{make([]byte, 16), 3, 3, dst, "footprint 3x3 is not"},
		{make([]byte, 16), 0, 0, dst, "footprint 0x0 is not"},
		{make([]byte, 16), 12, 12, dst[:143], "destination holds 143 texels, want 144"},
	}
	for _, tc := range tests {
		err := Decode(tc.block, tc.bw, tc.bh, false, tc.dst)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%d bytes, %dx%d, %d texels) = %v, want %q", len(tc.block), tc.bw, tc.bh, len(tc.dst), err, tc.want)
		}
	}
	for _, s := range BlockSizes {
		if !ValidBlockSize(s[0], s[1]) {
			t.Errorf("ValidBlockSize(%v) = false", s)
		}
	}
}

// TestPartitionHash checks properties of the partition pattern: one partition is always 0, every
// partition of a count appears for most seeds, and small blocks double their coordinates. (The
// pattern itself is checked texel by texel against astcenc in TestAgainstAstcenc.)
func TestPartitionHash(t *testing.T) {
	full := 0
	for seed := range 1024 {
		for count := 1; count <= 4; count++ {
			h := newPartitionHash(seed, count, false)
			seen := map[int]bool{}
			for y := range 12 {
				for x := range 12 {
					p := h.of(x, y, 0)
					if p < 0 || p >= count {
						t.Fatalf("seed %d count %d: partition %d", seed, count, p)
					}
					seen[p] = true
				}
			}
			if len(seen) == count {
				full++
			}
			small := newPartitionHash(seed, count, true)
			if small.of(1, 2, 1) != h.of(2, 4, 2) || small.of(3, 1, 2) != h.of(6, 2, 4) {
				t.Fatalf("seed %d count %d: small blocks do not double coordinates", seed, count)
			}
		}
	}
	// Some patterns of the hash leave a partition empty (the specification's encoders skip them);
	// 3230 of the 4096 seed/count pairs use all their partitions in a 12x12 block.
	if full != 3230 {
		t.Errorf("%d of %d seed/count pairs use all their partitions in 12x12, want 3230", full, 4*1024)
	}
}
