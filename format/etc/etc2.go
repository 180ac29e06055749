package etc

// modifierTables are the ETC1/ETC2 intensity modifier tables (KDFS table "Intensity modifier sets
// for ETC1"): the small and large magnitude of each codeword.
var modifierTables = [8][2]int32{
	{2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183},
}

// distanceTable is the T- and H-mode distance table (KDFS table "Distance table for ETC2").
var distanceTable = [8]int32{3, 6, 11, 16, 23, 32, 41, 64}

func bits(w uint64, hi, lo int) int32 { return int32(w >> uint(lo) & (1<<uint(hi-lo+1) - 1)) }

func clamp255(v int32) int32 { return min(max(v, 0), 255) }

func extend4(x int32) int32 { return x<<4 | x }
func extend5(x int32) int32 { return x<<3 | x>>2 }
func extend6(x int32) int32 { return x<<2 | x>>4 }
func extend7(x int32) int32 { return x<<1 | x>>6 }

// decodeETC2 decodes a 64-bit ETC2 RGB block w (bit 63 is the first bit of the first byte) into the
// RGB channels of dst, and A as well (KDFS section "ETC2 compressed texture image formats"). With
// punchThrough, bit 33 is the "opaque" flag instead of "diff" and the block is always in
// differential (or T, H, planar) mode.
func decodeETC2(w uint64, dst *[16][4]float32, punchThrough bool) {
	diff := w>>33&1 == 1
	opaque := true
	if punchThrough {
		opaque = diff
		diff = true
	}
	flip := w>>32&1 == 1
	var rgba [16][4]int32
	if !diff {
		c1 := [3]int32{extend4(bits(w, 63, 60)), extend4(bits(w, 55, 52)), extend4(bits(w, 47, 44))}
		c2 := [3]int32{extend4(bits(w, 59, 56)), extend4(bits(w, 51, 48)), extend4(bits(w, 43, 40))}
		individualOrDifferential(w, c1, c2, flip, true, &rgba)
	} else {
		r, g, b := bits(w, 63, 59), bits(w, 55, 51), bits(w, 47, 43)
		dr, dg, db := signed3(bits(w, 58, 56)), signed3(bits(w, 50, 48)), signed3(bits(w, 42, 40))
		switch {
		case r+dr < 0 || r+dr > 31:
			modeT(w, opaque, &rgba)
		case g+dg < 0 || g+dg > 31:
			modeH(w, opaque, &rgba)
		case b+db < 0 || b+db > 31:
			modePlanar(w, &rgba)
		default:
			c1 := [3]int32{extend5(r), extend5(g), extend5(b)}
			c2 := [3]int32{extend5(r + dr), extend5(g + dg), extend5(b + db)}
			individualOrDifferential(w, c1, c2, flip, opaque, &rgba)
		}
	}
	for p := range 16 {
		t := &dst[texel(p)]
		for c := range 4 {
			t[c] = float32(rgba[p][c]) / 255
		}
	}
}

func signed3(x int32) int32 { return x << 29 >> 29 }

// pixelIndex returns the 2-bit index of pixel p (column-major): MSB from bit 16+p, LSB from bit p.
func pixelIndex(w uint64, p int) int32 {
	return int32(w>>uint(16+p)&1)<<1 | int32(w>>uint(p)&1)
}

// individualOrDifferential decodes the ETC1-style modes: two sub-blocks with base colours c1, c2
// and table codewords in bits 39..37 and 36..34. Without opaque (punch-through alpha), index 2
// (MSB 1, LSB 0) is transparent black and index 0 adds nothing.
func individualOrDifferential(w uint64, c1, c2 [3]int32, flip, opaque bool, out *[16][4]int32) {
	tables := [2]int32{bits(w, 39, 37), bits(w, 36, 34)}
	for p := range 16 {
		x, y := p/4, p%4
		sub := x >= 2
		if flip {
			sub = y >= 2
		}
		base, tbl := c1, tables[0]
		if sub {
			base, tbl = c2, tables[1]
		}
		idx := pixelIndex(w, p)
		var mod int32
		switch idx {
		case 0:
			mod = modifierTables[tbl][0]
		case 1:
			mod = modifierTables[tbl][1]
		case 2:
			mod = -modifierTables[tbl][0]
		case 3:
			mod = -modifierTables[tbl][1]
		}
		if !opaque {
			switch idx {
			case 0:
				mod = 0
			case 2:
				out[p] = [4]int32{0, 0, 0, 0}
				continue
			}
		}
		out[p] = [4]int32{clamp255(base[0] + mod), clamp255(base[1] + mod), clamp255(base[2] + mod), 255}
	}
}

// paint writes the four paint colours of T and H modes by pixel index; without opaque, index 2 is
// transparent black.
func paint(w uint64, pal [4][3]int32, opaque bool, out *[16][4]int32) {
	for p := range 16 {
		idx := pixelIndex(w, p)
		if !opaque && idx == 2 {
			out[p] = [4]int32{}
			continue
		}
		c := pal[idx]
		out[p] = [4]int32{c[0], c[1], c[2], 255}
	}
}

func addClamp(c [3]int32, d int32) [3]int32 {
	return [3]int32{clamp255(c[0] + d), clamp255(c[1] + d), clamp255(c[2] + d)}
}

// modeT decodes ETC2's T mode (the red differential overflows).
func modeT(w uint64, opaque bool, out *[16][4]int32) {
	c1 := [3]int32{extend4(bits(w, 60, 59)<<2 | bits(w, 57, 56)), extend4(bits(w, 55, 52)), extend4(bits(w, 51, 48))}
	c2 := [3]int32{extend4(bits(w, 47, 44)), extend4(bits(w, 43, 40)), extend4(bits(w, 39, 36))}
	d := distanceTable[bits(w, 35, 34)<<1|bits(w, 32, 32)]
	paint(w, [4][3]int32{c1, addClamp(c2, d), c2, addClamp(c2, -d)}, opaque, out)
}

// modeH decodes ETC2's H mode (the green differential overflows).
func modeH(w uint64, opaque bool, out *[16][4]int32) {
	r1, g1, b1 := bits(w, 62, 59), bits(w, 58, 56)<<1|bits(w, 52, 52), bits(w, 51, 51)<<3|bits(w, 49, 47)
	r2, g2, b2 := bits(w, 46, 43), bits(w, 42, 39), bits(w, 38, 35)
	order := int32(0)
	if r1<<8|g1<<4|b1 >= r2<<8|g2<<4|b2 {
		order = 1
	}
	d := distanceTable[bits(w, 34, 34)<<2|bits(w, 32, 32)<<1|order]
	c1 := [3]int32{extend4(r1), extend4(g1), extend4(b1)}
	c2 := [3]int32{extend4(r2), extend4(g2), extend4(b2)}
	paint(w, [4][3]int32{addClamp(c1, d), addClamp(c1, -d), addClamp(c2, d), addClamp(c2, -d)}, opaque, out)
}

// modePlanar decodes ETC2's planar mode (the blue differential overflows). It is always opaque.
func modePlanar(w uint64, out *[16][4]int32) {
	o := [3]int32{extend6(bits(w, 62, 57)), extend7(bits(w, 56, 56)<<6 | bits(w, 54, 49)), extend6(bits(w, 48, 48)<<5 | bits(w, 44, 43)<<3 | bits(w, 41, 39))}
	h := [3]int32{extend6(bits(w, 38, 34)<<1 | bits(w, 32, 32)), extend7(bits(w, 31, 25)), extend6(bits(w, 24, 19))}
	v := [3]int32{extend6(bits(w, 18, 13)), extend7(bits(w, 12, 6)), extend6(bits(w, 5, 0))}
	for p := range 16 {
		x, y := int32(p/4), int32(p%4)
		var px [4]int32
		for c := range 3 {
			px[c] = clamp255((x*(h[c]-o[c]) + y*(v[c]-o[c]) + 4*o[c] + 2) >> 2)
		}
		px[3] = 255
		out[p] = px
	}
}
