package astc

// hdrEndpoint marks a partition whose colour endpoint mode is HDR: under the LDR profile its texels
// decode to the error colour.
var hdrEndpoint = [2][4]int32{{-1, -1, -1, -1}, {-1, -1, -1, -1}}

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

// decodeEndpoints computes the two 8-bit RGBA endpoints of an LDR colour endpoint mode from its
// unquantized values (KDFS section "LDR endpoint decoding"). HDR modes (2, 3, 7, 11, 14, 15) return
// hdrEndpoint.
func decodeEndpoints(cem int, vals []uint8) [2][4]int32 {
	var v [8]int32
	for i := 0; i < 2*(cem>>2+1) && i < len(vals); i++ {
		v[i] = int32(vals[i])
	}
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
	return hdrEndpoint
}
