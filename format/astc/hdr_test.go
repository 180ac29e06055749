package astc

import (
	"fmt"
	"math"
	"testing"
)

// TestUnorm16ToHalf checks the decode_float16 rule for LDR values on every UNORM16 C: 65535 is
// 1.0, any other C is C/65536 rounded toward zero to a half.
func TestUnorm16ToHalf(t *testing.T) {
	for c := uint32(0); c <= 0xFFFF; c++ {
		h := unorm16ToHalf(c)
		got := float64(halfToFloat32(h))
		if c == 0xFFFF {
			if h != 0x3C00 {
				t.Fatalf("C=65535: %04x, want 3c00", h)
			}
			continue
		}
		exact := float64(c) / 65536
		// The next half up must lie above the exact value (truncation), and h must not.
		next := float64(halfToFloat32(h + 1))
		if got > exact || next <= exact {
			t.Fatalf("C=%d: half %04x = %v, next %v; exact %v", c, h, got, next, exact)
		}
	}
}

// TestLNSToHalf checks the HDR pseudo-logarithmic conversion: its three mantissa segments, the
// exponent carried unchanged, and the clamp of +Inf and NaN results to 0x7BFF.
func TestLNSToHalf(t *testing.T) {
	tests := []struct {
		c    uint32
		want uint16
	}{
		{0, 0},
		{0x7800, 0x3C00},                           // E=15, M=0: 1.0
		{15<<11 | 511, 15<<10 | (3*511)>>3},        // M < 512: 3M
		{15<<11 | 512, 15<<10 | (4*512-512)>>3},    // 512 ≤ M < 1536: 4M − 512
		{15<<11 | 1535, 15<<10 | (4*1535-512)>>3},  //
		{15<<11 | 1536, 15<<10 | (5*1536-2048)>>3}, // M ≥ 1536: 5M − 2048
		{30<<11 | 2047, 30<<10 | 1023},             // the largest finite: 0x7BFF
		{31 << 11, 0x7BFF},                         // would be +Inf
		{0xFFFF, 0x7BFF},                           // would be NaN
	}
	for _, tc := range tests {
		if got := lnsToHalf(tc.c); got != tc.want {
			t.Errorf("lnsToHalf(%#04x) = %#04x, want %#04x", tc.c, got, tc.want)
		}
	}
	// Monotonic: a larger interpolated value never gives a smaller half.
	prev := uint16(0)
	for c := uint32(0); c <= 0xFFFF; c++ {
		h := lnsToHalf(c)
		if h < prev {
			t.Fatalf("lnsToHalf(%#x) = %#x < lnsToHalf(%#x) = %#x", c, h, c-1, prev)
		}
		prev = h
	}
}

// voidExtent3D builds a 3D void-extent block: bits 0..8 = 0x1FC, bit 9 HDR, six 9-bit extents
// (min s, max s, min t, max t, min r, max r) from bit 10, four 16-bit colours.
func voidExtent3D(hdr uint64, ext [6]uint64, rgba [4]uint64) []byte {
	lo := uint64(0x1FC) | hdr<<9
	for i, e := range ext {
		lo |= e << uint(10+9*i)
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

// TestVoidExtentModes checks void extents in every mode, 2D and 3D: LDR constants as UNORM16
// (C/65535, the top 8 bits in sRGB mode, the decode_float16 rule in HDR mode), HDR (FP16)
// constants as themselves in HDR mode — negative values, infinity and NaN included — and as the
// error colour in the LDR modes; 3D extents have no reserved bits and 9-bit coordinates.
func TestVoidExtentModes(t *testing.T) {
	ones3 := [6]uint64{0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF}
	ldr := [4]uint64{0x0000, 0x8000, 0xFFFF, 0x1234}
	fp16 := [4]uint64{0xBC00, 0x7BFF, 0x7C00, 0x3555} // -1, 65504, +Inf, 0.333…
	inf := float32(math.Inf(1))
	hdrWant := [4]float32{-1, 65504, inf, halfToFloat32(0x3555)}
	ldrHDR := [4]float32{0, halfToFloat32(0x3800), 1, halfToFloat32(unorm16ToHalf(0x1234))}
	tests := []struct {
		name  string
		block []byte
		mode  Mode
		want  [4]float32
		is3D  bool
	}{
		{"2D LDR constant in HDR mode", voidExtent(0, 3, allOnes, ldr), HDR, ldrHDR, false},
		{"2D HDR constant in HDR mode", voidExtent(1, 3, allOnes, fp16), HDR, hdrWant, false},
		{"2D HDR constant in LDR mode", voidExtent(1, 3, allOnes, fp16), LDR, ErrorColour, false},
		{"2D HDR constant in sRGB mode", voidExtent(1, 3, allOnes, fp16), SRGB, ErrorColour, false},
		{"2D HDR, reserved bits 01", voidExtent(1, 1, allOnes, fp16), HDR, ErrorColour, false},
		{"2D HDR, bad extent", voidExtent(1, 3, [4]uint64{9, 9, 0, 1}, fp16), HDR, ErrorColour, false},
		{"3D LDR constant in LDR mode", voidExtent3D(0, ones3, ldr), LDR, [4]float32{0, float32(0x8000) / 65535, 1, float32(0x1234) / 65535}, true},
		{"3D LDR constant in sRGB mode", voidExtent3D(0, ones3, ldr), SRGB, [4]float32{0, float32(0x80) / 255, 1, float32(0x12) / 255}, true},
		{"3D LDR constant in HDR mode", voidExtent3D(0, ones3, ldr), HDR, ldrHDR, true},
		{"3D HDR constant in HDR mode", voidExtent3D(1, ones3, fp16), HDR, hdrWant, true},
		{"3D HDR constant in LDR mode", voidExtent3D(1, ones3, fp16), LDR, ErrorColour, true},
		{"3D valid extent", voidExtent3D(0, [6]uint64{0, 1, 2, 3, 4, 5}, ldr), HDR, ldrHDR, true},
		{"3D min r = max r", voidExtent3D(0, [6]uint64{0, 1, 2, 3, 5, 5}, ldr), HDR, ErrorColour, true},
		{"3D min s > max s", voidExtent3D(0, [6]uint64{7, 1, 2, 3, 4, 5}, ldr), LDR, ErrorColour, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sizes := [][3]int{}
			if tc.is3D {
				sizes = append(sizes, BlockSizes3D[:]...)
			} else {
				for _, s := range BlockSizes {
					sizes = append(sizes, [3]int{s[0], s[1], 1})
				}
			}
			for _, s := range sizes {
				dst := make([][4]float32, s[0]*s[1]*s[2])
				if err := DecodeBlock(tc.block, s[0], s[1], s[2], tc.mode, dst); err != nil {
					t.Fatal(err)
				}
				for i, px := range dst {
					if px != tc.want {
						t.Fatalf("%v texel %d = %v, want %v", s, i, px, tc.want)
					}
				}
			}
		})
	}
	// A NaN constant stays NaN in HDR mode.
	dst := make([][4]float32, 16)
	if err := DecodeBlock(voidExtent(1, 3, allOnes, [4]uint64{0x7E00, 0, 0, 0x3C00}), 4, 4, 1, HDR, dst); err != nil {
		t.Fatal(err)
	}
	if v := dst[0][0]; v == v {
		t.Errorf("NaN constant decodes to %v", v)
	}
}

// TestMixedPartitions checks the rule for blocks whose partitions mix LDR and HDR endpoint modes,
// on every such block of the astcenc golden files: in LDR mode the texels of HDR partitions are
// the error colour and the others decode normally (their UNORM16 value, which, converted by the
// decode_float16 rule, is exactly the HDR mode's result for them).
func TestMixedPartitions(t *testing.T) {
	mixed, both := 0, 0
	for _, s := range BlockSizes {
		fp := footprint{s[0], s[1], 1}
		for _, g := range readHDRGolden(t, fmt.Sprintf("astcenc_hdr_%dx%d.txt.gz", fp.w, fp.h), fp.w*fp.h, 2) {
			var st blockStats
			st.classify(g.block, fp)
			if st.mixedBlocks == 0 {
				continue
			}
			mixed++
			n := fp.w * fp.h
			lin, hdr := make([][4]float32, n), make([][4]float32, n)
			if err := DecodeBlock(g.block, fp.w, fp.h, 1, LDR, lin); err != nil {
				t.Fatal(err)
			}
			if err := DecodeBlock(g.block, fp.w, fp.h, 1, HDR, hdr); err != nil {
				t.Fatal(err)
			}
			var b bits128
			for i := 7; i >= 0; i-- {
				b.lo = b.lo<<8 | uint64(g.block[i])
				b.hi = b.hi<<8 | uint64(g.block[i+8])
			}
			var d decoder
			d.decode(b, fp, HDR, hdr)
			ph := newPartitionHash(int(b.get(13, 10)), int(b.get(11, 2))+1, n < 31)
			errs, normal := 0, 0
			for y := range fp.h {
				for x := range fp.w {
					i := y*fp.w + x
					if isHDRMode(d.cems[ph.of(x, y, 0)]) {
						if lin[i] != ErrorColour {
							t.Fatalf("%x texel (%d,%d) of an HDR partition: %v in LDR mode", g.block, x, y, lin[i])
						}
						errs++
						continue
					}
					normal++
					for c := range 4 {
						if h, _ := halfBits(hdr[i][c]); linearToHalf(lin[i][c]) != h {
							t.Fatalf("%x texel (%d,%d) channel %d of an LDR partition: LDR %v, HDR %v", g.block, x, y, c, lin[i][c], hdr[i][c])
						}
					}
				}
			}
			if errs > 0 && normal > 0 { // (a partition pattern may leave a partition empty)
				both++
			}
		}
	}
	if mixed < 20 || both < 15 {
		t.Errorf("%d mixed blocks in the golden files, %d with texels of both kinds; want at least 20 and 15", mixed, both)
	}
	t.Logf("%d mixed blocks, %d with texels of both kinds", mixed, both)
}

// TestBlockModes3D checks the 3D block mode table row by row: the weight grid each row gives, and
// the reserved encodings.
func TestBlockModes3D(t *testing.T) {
	tests := []struct {
		mode    uint32
		w, h, d int
		dual    bool
		ok      bool
	}{
		// Row 1: bits 0..1 ≠ 0; W = bits 5..6 + 2, H = bits 7..8 + 2, D = bits 2..3 + 2.
		{0x001 | 1<<5 | 2<<7 | 3<<2, 3, 4, 5, false, true},
		{0x002 | 1<<10, 2, 2, 2, true, true},
		// Rows 2–4: bits 0..1 = 0, bits 7..8 choose which dimension is 6.
		{0x004 | 0<<7 | 2<<9 | 1<<5, 6, 4, 3, false, true},
		{0x004 | 1<<7 | 3<<9 | 2<<5, 4, 6, 5, false, true},
		{0x004 | 2<<7 | 1<<9 | 3<<5, 5, 3, 6, false, true},
		// Rows 5–7: bits 7..8 = 11, bits 5..6 choose 6x2x2, 2x6x2 or 2x2x6; dual plane allowed.
		{0x004 | 3<<7 | 0<<5, 6, 2, 2, false, true},
		{0x004 | 3<<7 | 1<<5 | 1<<10, 2, 6, 2, true, true},
		{0x004 | 3<<7 | 2<<5, 2, 2, 6, false, true},
		// Reserved: bits 5..8 all 1 but not a void extent, and bits 0..3 zero.
		{0x004 | 3<<7 | 3<<5, 0, 0, 0, false, false},
		{0x010, 0, 0, 0, false, false},
	}
	for _, tc := range tests {
		bm := decodeBlockMode3D(tc.mode)
		if bm.ok != tc.ok || tc.ok && (bm.gridW != tc.w || bm.gridH != tc.h || bm.gridD != tc.d || bm.dualPlane != tc.dual) {
			t.Errorf("mode %#03x: %+v, want %dx%dx%d dual %v ok %v", tc.mode, bm, tc.w, tc.h, tc.d, tc.dual, tc.ok)
		}
	}
	// A grid deeper than the block is the error colour.
	b := make([]byte, 16)
	m := uint32(0x004 | 2<<7 | 1<<9 | 0<<5) // 2x3x6
	b[0], b[1] = byte(m), byte(m>>8)
	dst := make([][4]float32, 27)
	if err := DecodeBlock(b, 3, 3, 3, HDR, dst); err != nil {
		t.Fatal(err)
	}
	if dst[0] != ErrorColour {
		t.Errorf("2x3x6 grid in a 3x3x3 block: %v, want the error colour", dst[0])
	}
}

// TestDecodeBlockErrors checks the arguments DecodeBlock rejects.
func TestDecodeBlockErrors(t *testing.T) {
	b := make([]byte, 16)
	dst := make([][4]float32, MaxBlockTexels)
	for _, tc := range []struct {
		bw, bh, bd int
		mode       Mode
		dst        int
	}{
		{4, 4, 2, HDR, 216},  // not a footprint
		{3, 3, 1, LDR, 216},  // 3x3 is not 2D
		{6, 6, 6, 3, 216},    // unknown mode
		{6, 6, 6, HDR, 215},  // destination too short
		{12, 12, 12, LDR, 0}, // not a footprint
	} {
		if err := DecodeBlock(b, tc.bw, tc.bh, tc.bd, tc.mode, dst[:tc.dst]); err == nil {
			t.Errorf("DecodeBlock(%dx%dx%d, mode %d, %d texels) succeeded", tc.bw, tc.bh, tc.bd, tc.mode, tc.dst)
		}
	}
	if err := DecodeBlock(b[:15], 4, 4, 1, LDR, dst); err == nil {
		t.Error("15-byte block accepted")
	}
}

// TestHDRGoldenCoverage checks that the astcenc golden blocks exercise every HDR endpoint mode
// and every bit mode within modes 7 (six), 11 (eight, plus the direct form) and 15's alpha (four),
// each in a block that decodes without error in HDR mode, so that TestAgainstAstcencHDR and
// TestAgainstAstcenc3D check each decoding path against astcenc.
func TestHDRGoldenCoverage(t *testing.T) {
	seen := map[string]int{}
	note := func(block []byte, fp footprint) {
		var b bits128
		for i := 7; i >= 0; i-- {
			b.lo = b.lo<<8 | uint64(block[i])
			b.hi = b.hi<<8 | uint64(block[i+8])
		}
		if b.get(0, 9) == 0x1FC {
			return
		}
		var d decoder
		dst := make([][4]float32, fp.w*fp.h*fp.d)
		d.decode(b, fp, HDR, dst)
		if dst[0] == errorColour {
			return
		}
		off := 0
		for p := range int(b.get(11, 2)) + 1 {
			cem := d.cems[p]
			v := d.colours[off:]
			off += 2 * (cem>>2 + 1)
			switch cem {
			case 2, 3, 14:
				seen[fmt.Sprint("mode ", cem)]++
			case 7:
				modeval := (v[0]&0xC0)>>6 | (v[1]&0x80)>>5 | (v[2]&0x80)>>4
				sub := int(modeval & 3)
				switch {
				case modeval&0xC == 0xC && modeval != 0xF:
					sub = 4
				case modeval == 0xF:
					sub = 5
				}
				seen[fmt.Sprint("mode 7.", sub)]++
			}
			if cem == 11 || cem == 14 || cem == 15 {
				if (v[4]&0x80)>>7|(v[5]&0x80)>>6 == 3 {
					seen["mode 11 direct"]++
				} else {
					seen[fmt.Sprint("mode 11.", (v[1]&0x80)>>7|(v[2]&0x80)>>6|(v[3]&0x80)>>5)]++
				}
			}
			if cem == 15 {
				seen[fmt.Sprint("mode 15 alpha.", v[6]>>7&1|v[7]>>6&2)]++
			}
		}
	}
	for _, s := range BlockSizes {
		for _, g := range readHDRGolden(t, fmt.Sprintf("astcenc_hdr_%dx%d.txt.gz", s[0], s[1]), s[0]*s[1], 2) {
			note(g.block, footprint{s[0], s[1], 1})
		}
	}
	for _, s := range BlockSizes3D {
		for _, g := range readHDRGolden(t, fmt.Sprintf("astcenc_3d_%dx%dx%d.txt.gz", s[0], s[1], s[2]), s[0]*s[1]*s[2], 4) {
			note(g.block, footprint{s[0], s[1], s[2]})
		}
	}
	var missing []string
	want := []string{"mode 2", "mode 3", "mode 14", "mode 11 direct"}
	for i := range 6 {
		want = append(want, fmt.Sprint("mode 7.", i))
	}
	for i := range 8 {
		want = append(want, fmt.Sprint("mode 11.", i))
	}
	for i := range 4 {
		want = append(want, fmt.Sprint("mode 15 alpha.", i))
	}
	for _, w := range want {
		if seen[w] == 0 {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the golden blocks never use %v (seen: %v)", missing, seen)
	}
	t.Logf("%v", seen)
}
