package astc

func clamp255(v int32) int32 { return min(max(v, 0), 255) }

// bitTransferSigned moves the top bit of a into b and leaves a as a signed 6-bit offset (KDFS
// "bit_transfer_signed").
func bitTransferSigned(a, b *int32) {
	*b = *b>>1 | *a&0x80
	*a = *a >> 1 & 0x3F
	if *a&0x20 != 0 {
		*a -= 0x40
	}
}

// blueContract returns (r+b)/2, (g+b)/2, b, a (KDFS "blue_contract").
func blueContract(r, g, b, a int32) [4]int32 {
	return [4]int32{(r + b) >> 1, (g + b) >> 1, b, a}
}

// decodeEndpoints computes the two RGBA endpoints of a colour endpoint mode from its unquantized
// values, and which channels are HDR (bit c set for channel c). LDR modes (0, 1, 4, 5, 6, 8, 9,
// 10, 12, 13) give 8-bit values (KDFS section "LDR Endpoint Decoding"), HDR modes (2, 3, 7, 11,
// 14, 15) 12-bit pseudo-logarithmic values ("HDR Endpoint Decoding"), except mode 14's alpha,
// which is 8-bit LDR.
func decodeEndpoints(cem int, vals []uint8) ([2][4]int32, uint8) {
	var v [8]int32
	for i := 0; i < 2*(cem>>2+1) && i < len(vals); i++ {
		v[i] = int32(vals[i])
	}
	switch cem {
	case 2, 3, 7, 11, 14, 15:
		return decodeHDREndpoints(cem, &v)
	}
	return decodeLDREndpoints(cem, &v), 0
}

// decodeLDREndpoints computes the two 8-bit RGBA endpoints of an LDR colour endpoint mode.
func decodeLDREndpoints(cem int, v *[8]int32) [2][4]int32 {
	switch cem {
	case 0: // luminance, direct
		return [2][4]int32{{v[0], v[0], v[0], 255}, {v[1], v[1], v[1], 255}}
	case 1: // luminance, base + offset
		l0 := v[0]>>2 | v[1]&0xC0
		l1 := min(l0+v[1]&0x3F, 255)
		return [2][4]int32{{l0, l0, l0, 255}, {l1, l1, l1, 255}}
	case 4: // luminance + alpha, direct
		return [2][4]int32{{v[0], v[0], v[0], v[2]}, {v[1], v[1], v[1], v[3]}}
	case 5: // luminance + alpha, base + offset
		bitTransferSigned(&v[1], &v[0])
		bitTransferSigned(&v[3], &v[2])
		l1, a1 := clamp255(v[0]+v[1]), clamp255(v[2]+v[3])
		return [2][4]int32{{v[0], v[0], v[0], v[2]}, {l1, l1, l1, a1}}
	case 6: // RGB, base + scale
		return [2][4]int32{{v[0] * v[3] >> 8, v[1] * v[3] >> 8, v[2] * v[3] >> 8, 255}, {v[0], v[1], v[2], 255}}
	case 8: // RGB, direct
		if v[1]+v[3]+v[5] >= v[0]+v[2]+v[4] {
			return [2][4]int32{{v[0], v[2], v[4], 255}, {v[1], v[3], v[5], 255}}
		}
		return [2][4]int32{blueContract(v[1], v[3], v[5], 255), blueContract(v[0], v[2], v[4], 255)}
	case 9: // RGB, base + offset
		bitTransferSigned(&v[1], &v[0])
		bitTransferSigned(&v[3], &v[2])
		bitTransferSigned(&v[5], &v[4])
		if v[1]+v[3]+v[5] >= 0 {
			return [2][4]int32{{v[0], v[2], v[4], 255}, {clamp255(v[0] + v[1]), clamp255(v[2] + v[3]), clamp255(v[4] + v[5]), 255}}
		}
		e0 := blueContract(v[0]+v[1], v[2]+v[3], v[4]+v[5], 255)
		e1 := blueContract(v[0], v[2], v[4], 255)
		for c := range 3 {
			e0[c], e1[c] = clamp255(e0[c]), clamp255(e1[c])
		}
		return [2][4]int32{e0, e1}
	case 10: // RGB, base + scale, plus two alphas
		return [2][4]int32{{v[0] * v[3] >> 8, v[1] * v[3] >> 8, v[2] * v[3] >> 8, v[4]}, {v[0], v[1], v[2], v[5]}}
	case 12: // RGBA, direct
		if v[1]+v[3]+v[5] >= v[0]+v[2]+v[4] {
			return [2][4]int32{{v[0], v[2], v[4], v[6]}, {v[1], v[3], v[5], v[7]}}
		}
		return [2][4]int32{blueContract(v[1], v[3], v[5], v[7]), blueContract(v[0], v[2], v[4], v[6])}
	case 13: // RGBA, base + offset
		bitTransferSigned(&v[1], &v[0])
		bitTransferSigned(&v[3], &v[2])
		bitTransferSigned(&v[5], &v[4])
		bitTransferSigned(&v[7], &v[6])
		if v[1]+v[3]+v[5] >= 0 {
			return [2][4]int32{{v[0], v[2], v[4], v[6]}, {clamp255(v[0] + v[1]), clamp255(v[2] + v[3]), clamp255(v[4] + v[5]), clamp255(v[6] + v[7])}}
		}
		e0 := blueContract(v[0]+v[1], v[2]+v[3], v[4]+v[5], v[6]+v[7])
		e1 := blueContract(v[0], v[2], v[4], v[6])
		for c := range 4 {
			e0[c], e1[c] = clamp255(e0[c]), clamp255(e1[c])
		}
		return [2][4]int32{e0, e1}
	}
	return [2][4]int32{}
}

// hdrOne is 1.0 as a 12-bit HDR endpoint value: the alpha of the HDR modes without alpha.
const hdrOne = 0x780

func clamp12(v int32) int32 { return min(max(v, 0), 0xFFF) }

// decodeHDREndpoints computes the endpoints of an HDR colour endpoint mode (KDFS section "HDR
// Endpoint Decoding", the procedures of modes 2, 3, 7, 11, 14 and 15 step by step) and the mask of
// its HDR channels.
func decodeHDREndpoints(cem int, v *[8]int32) ([2][4]int32, uint8) {
	switch cem {
	case 2: // luminance, large range
		y0, y1 := v[0]<<4, v[1]<<4
		if v[1] < v[0] {
			y0, y1 = v[1]<<4+8, v[0]<<4-8
		}
		return [2][4]int32{{y0, y0, y0, hdrOne}, {y1, y1, y1, hdrOne}}, 0xF
	case 3: // luminance, small range
		var y0, d int32
		if v[0]&0x80 != 0 {
			y0 = (v[1]&0xE0)<<4 | (v[0]&0x7F)<<2
			d = (v[1] & 0x1F) << 2
		} else {
			y0 = (v[1]&0xF0)<<4 | (v[0]&0x7F)<<1
			d = (v[1] & 0x0F) << 1
		}
		y1 := min(y0+d, 0xFFF)
		return [2][4]int32{{y0, y0, y0, hdrOne}, {y1, y1, y1, hdrOne}}, 0xF
	case 7: // RGB, base + scale
		return hdrMode7(v), 0xF
	case 11: // RGB, direct
		return hdrMode11(v), 0xF
	case 14: // RGB direct, LDR alpha
		e := hdrMode11(v)
		e[0][3], e[1][3] = v[6], v[7]
		return e, 0x7
	}
	// 15: RGB direct, HDR alpha.
	e := hdrMode11(v)
	mode := v[6]>>7&1 | v[7]>>6&2
	a0, a1 := v[6]&0x7F, v[7]&0x7F
	if mode == 3 {
		a0, a1 = a0<<5, a1<<5
	} else {
		a0 |= a1 << uint(mode+1) & 0x780
		a1 &= 0x3F >> uint(mode)
		a1 ^= 0x20 >> uint(mode)
		a1 -= 0x20 >> uint(mode)
		a0 <<= uint(4 - mode)
		a1 <<= uint(4 - mode)
		a1 = clamp12(a1 + a0)
	}
	e[0][3], e[1][3] = a0, a1
	return e, 0xF
}

// hdrMode7 decodes HDR endpoint mode 7 (RGB, base + scale) from v[0..3]: the mode bits give the
// major component and the endpoint bit mode, which places the extra bits X0..X6.
func hdrMode7(v *[8]int32) [2][4]int32 {
	modeval := (v[0]&0xC0)>>6 | (v[1]&0x80)>>5 | (v[2]&0x80)>>4
	var majcomp, mode int32
	switch {
	case modeval&0xC != 0xC:
		majcomp, mode = modeval>>2, modeval&3
	case modeval != 0xF:
		majcomp, mode = modeval&3, 4
	default:
		majcomp, mode = 0, 5
	}
	red, green, blue, scale := v[0]&0x3F, v[1]&0x1F, v[2]&0x1F, v[3]&0x1F
	x0, x1, x2 := v[1]>>6&1, v[1]>>5&1, v[2]>>6&1
	x3, x4, x5, x6 := v[2]>>5&1, v[3]>>7&1, v[3]>>6&1, v[3]>>5&1
	ohm := int32(1) << uint(mode)
	if ohm&0x30 != 0 {
		green |= x0 << 6
	}
	if ohm&0x3A != 0 {
		green |= x1 << 5
	}
	if ohm&0x30 != 0 {
		blue |= x2 << 6
	}
	if ohm&0x3A != 0 {
		blue |= x3 << 5
	}
	if ohm&0x3D != 0 {
		scale |= x6 << 5
	}
	if ohm&0x2D != 0 {
		scale |= x5 << 6
	}
	if ohm&0x04 != 0 {
		scale |= x4 << 7
	}
	if ohm&0x3B != 0 {
		red |= x4 << 6
	}
	if ohm&0x04 != 0 {
		red |= x3 << 6
	}
	if ohm&0x10 != 0 {
		red |= x5 << 7
	}
	if ohm&0x0F != 0 {
		red |= x2 << 7
	}
	if ohm&0x05 != 0 {
		red |= x1 << 8
	}
	if ohm&0x0A != 0 {
		red |= x0 << 8
	}
	if ohm&0x05 != 0 {
		red |= x0 << 9
	}
	if ohm&0x02 != 0 {
		red |= x6 << 9
	}
	if ohm&0x01 != 0 {
		red |= x3 << 10
	}
	if ohm&0x02 != 0 {
		red |= x5 << 10
	}
	shamt := uint([6]int32{1, 1, 2, 3, 4, 5}[mode])
	red, green, blue, scale = red<<shamt, green<<shamt, blue<<shamt, scale<<shamt
	if mode != 5 {
		green, blue = red-green, red-blue
	}
	switch majcomp {
	case 1:
		red, green = green, red
	case 2:
		red, blue = blue, red
	}
	return [2][4]int32{
		{clamp12(red - scale), clamp12(green - scale), clamp12(blue - scale), hdrOne},
		{clamp12(red), clamp12(green), clamp12(blue), hdrOne},
	}
}

// hdrMode11 decodes HDR endpoint mode 11 (RGB, direct) from v[0..5], also the RGB of modes 14
// and 15: either three 12-bit values per endpoint given directly (major component 3), or a base
// value a of the major component and differences b, c, d whose widths the mode bits choose.
func hdrMode11(v *[8]int32) [2][4]int32 {
	majcomp := (v[4]&0x80)>>7 | (v[5]&0x80)>>6
	if majcomp == 3 {
		return [2][4]int32{
			{v[0] << 4, v[2] << 4, (v[4] & 0x7F) << 5, hdrOne},
			{v[1] << 4, v[3] << 4, (v[5] & 0x7F) << 5, hdrOne},
		}
	}
	mode := (v[1]&0x80)>>7 | (v[2]&0x80)>>6 | (v[3]&0x80)>>5
	va := v[0] | (v[1]&0x40)<<2
	vb0, vb1 := v[2]&0x3F, v[3]&0x3F
	vc := v[1] & 0x3F
	dbits := uint([8]int32{7, 6, 7, 6, 5, 6, 5, 6}[mode])
	vd0 := (v[4] & 0x7F) << (32 - dbits) >> (32 - dbits) // sign-extend the low dbits bits
	vd1 := (v[5] & 0x7F) << (32 - dbits) >> (32 - dbits)
	x0, x1, x2 := v[2]>>6&1, v[3]>>6&1, v[4]>>6&1
	x3, x4, x5 := v[5]>>6&1, v[4]>>5&1, v[5]>>5&1
	ohm := int32(1) << uint(mode)
	if ohm&0xA4 != 0 {
		va |= x0 << 9
	}
	if ohm&0x08 != 0 {
		va |= x2 << 9
	}
	if ohm&0x50 != 0 {
		va |= x4 << 9
	}
	if ohm&0x50 != 0 {
		va |= x5 << 10
	}
	if ohm&0xA0 != 0 {
		va |= x1 << 10
	}
	if ohm&0xC0 != 0 {
		va |= x2 << 11
	}
	if ohm&0x04 != 0 {
		vc |= x1 << 6
	}
	if ohm&0xE8 != 0 {
		vc |= x3 << 6
	}
	if ohm&0x20 != 0 {
		vc |= x2 << 7
	}
	if ohm&0x5B != 0 {
		vb0 |= x0 << 6
	}
	if ohm&0x5B != 0 {
		vb1 |= x1 << 6
	}
	if ohm&0x12 != 0 {
		vb0 |= x2 << 7
	}
	if ohm&0x12 != 0 {
		vb1 |= x3 << 7
	}
	shamt := uint(mode>>1) ^ 3
	va, vb0, vb1 = va<<shamt, vb0<<shamt, vb1<<shamt
	vc, vd0, vd1 = vc<<shamt, vd0<<shamt, vd1<<shamt
	e := [2][4]int32{
		{clamp12(va - vc), clamp12(va - vb0 - vc - vd0), clamp12(va - vb1 - vc - vd1), hdrOne},
		{clamp12(va), clamp12(va - vb0), clamp12(va - vb1), hdrOne},
	}
	switch majcomp {
	case 1:
		e[0][0], e[0][1] = e[0][1], e[0][0]
		e[1][0], e[1][1] = e[1][1], e[1][0]
	case 2:
		e[0][0], e[0][2] = e[0][2], e[0][0]
		e[1][0], e[1][2] = e[1][2], e[1][0]
	}
	return e
}
