package etc

// eacModifiers are the EAC modifier tables (KDFS table "Intensity modifier sets for the alpha
// component" / "for EAC"), indexed by table index and pixel index.
var eacModifiers = [16][8]int32{
	{-3, -6, -9, -15, 2, 5, 8, 14},
	{-3, -7, -10, -13, 2, 6, 9, 12},
	{-2, -5, -8, -13, 1, 4, 7, 12},
	{-2, -4, -6, -13, 1, 3, 5, 12},
	{-3, -6, -8, -12, 2, 5, 7, 11},
	{-3, -7, -9, -11, 2, 6, 8, 10},
	{-4, -7, -8, -11, 3, 6, 7, 10},
	{-3, -5, -8, -11, 2, 4, 7, 10},
	{-2, -6, -8, -10, 1, 5, 7, 9},
	{-2, -5, -8, -10, 1, 4, 7, 9},
	{-2, -4, -8, -10, 1, 3, 7, 9},
	{-2, -5, -7, -10, 1, 4, 6, 9},
	{-3, -4, -7, -10, 2, 3, 6, 9},
	{-1, -2, -3, -10, 0, 1, 2, 9},
	{-4, -6, -8, -9, 3, 5, 7, 8},
	{-3, -5, -7, -9, 2, 4, 6, 8},
}

// eacIndex returns the 3-bit index of pixel p (column-major): bits 47-3p..45-3p.
func eacIndex(w uint64, p int) int { return int(w >> uint(45-3*p) & 7) }

// decodeEACAlpha decodes the EAC alpha block of ETC2 RGBA8 into channel A:
// clamp(base + modifier·multiplier, 0, 255) / 255.
func decodeEACAlpha(w uint64, dst *[16][4]float32) {
	base, mult, tbl := int32(w>>56), int32(w>>52&15), w>>48&15
	for p := range 16 {
		a := clamp255(base + eacModifiers[tbl][eacIndex(w, p)]*mult)
		dst[texel(p)][3] = float32(a) / 255
	}
}

// decodeEAC11 decodes an EAC R11 block into channel ch of dst (KDFS section "EAC R11 / RG11").
// Unsigned: clamp(8·base + 4 + 8·modifier·multiplier, 0, 2047) / 2047. Signed: the base is a
// two's-complement byte (-128 reads as -127) and the value is
// clamp(8·base + 8·modifier·multiplier, -1023, 1023) / 1023. A multiplier of 0 means the
// modifier is used unscaled (modifier·1 instead of modifier·8·0).
func decodeEAC11(w uint64, dst *[16][4]float32, ch int, signed bool) {
	mult, tbl := int32(w>>52&15), w>>48&15
	for p := range 16 {
		m := eacModifiers[tbl][eacIndex(w, p)]
		if mult != 0 {
			m *= 8 * mult
		}
		var v float32
		if signed {
			base := max(int32(int8(w>>56)), -127)
			v = float32(min(max(8*base+m, -1023), 1023)) / 1023
		} else {
			base := int32(w >> 56)
			v = float32(min(max(8*base+4+m, 0), 2047)) / 2047
		}
		dst[texel(p)][ch] = v
	}
}
