package astc

// replicate widens an n-bit value to width bits by repeating its bit pattern from the top.
func replicate(v int32, n, width int) int32 {
	if n == 0 {
		return 0
	}
	var r int32
	for shift := width - n; ; shift -= n {
		if shift >= 0 {
			r |= v << uint(shift)
		} else {
			r |= v >> uint(-shift)
			break
		}
		if shift == 0 {
			break
		}
	}
	return r
}

// unquantizeColour maps an ISE value of range q to 0..255 (KDFS table "Color unquantization
// parameters"): bit replication for pure-bit ranges, else T = D·C + B, T ^= A,
// T = (A & 0x80) | (T >> 2), where D is the trit or quint, A replicates bit 0 to 9 bits and B
// spreads the other low bits.
func unquantizeColour(q int, v int32) uint8 {
	l := quantLevels[q]
	if !l.trits && !l.quints {
		return uint8(replicate(v, l.bits, 8))
	}
	d := v >> uint(l.bits)
	m := v & (1<<uint(l.bits) - 1)
	a := -(m & 1) & 0x1FF
	b, c, dd, e, f := m>>1&1, m>>2&1, m>>3&1, m>>4&1, m>>5&1
	var B, C int32
	switch l.levels {
	case 6:
		C = 204
	case 10:
		C = 113
	case 12:
		B, C = b*0x116, 93
	case 20:
		B, C = b*0x10C, 54
	case 24:
		B, C = c*0x10A+b*0x085, 44
	case 40:
		B, C = c*0x105+b*0x082, 26
	case 48:
		B, C = dd*0x104+c*0x082+b*0x041, 22
	case 80:
		B, C = dd*0x102+c*0x081+b*0x040, 13
	case 96:
		B, C = e*0x102+dd*0x081+c*0x040+b*0x020, 11
	case 160:
		B, C = e*0x101+dd*0x080+c*0x040+b*0x020, 6
	case 192:
		B, C = f*0x101+e*0x080+dd*0x040+c*0x020+b*0x010, 5
	default: // 3 and 5 levels: never used for colours (the minimum is 6)
		return uint8(d * 255 / int32(l.levels-1))
	}
	t := d*C + B
	t ^= a
	return uint8(a&0x80 | t>>2)
}

// unquantizeWeight maps an ISE weight value of range q to 0..64 (KDFS table "Weight
// unquantization parameters"), including the final step that maps values above 32 one up.
func unquantizeWeight(q int, v int32) int32 {
	l := quantLevels[q]
	var t int32
	switch {
	case !l.trits && !l.quints:
		t = replicate(v, l.bits, 6)
	case l.bits == 0 && l.trits:
		return [3]int32{0, 32, 64}[v]
	case l.bits == 0 && l.quints:
		return [5]int32{0, 16, 32, 48, 64}[v]
	default:
		d := v >> uint(l.bits)
		m := v & (1<<uint(l.bits) - 1)
		a := -(m & 1) & 0x7F
		b, c := m>>1&1, m>>2&1
		var B, C int32
		switch l.levels {
		case 6:
			C = 50
		case 10:
			C = 28
		case 12:
			B, C = b*0x45, 23
		case 20:
			B, C = b*0x42, 13
		case 24:
			B, C = c*0x42+b*0x21, 11
		}
		t = d*C + B
		t ^= a
		t = a&0x20 | t>>2
	}
	if t > 32 {
		t++
	}
	return t
}
