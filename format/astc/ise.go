package astc

// quantLevel describes one integer sequence encoding range: values 0..levels-1 are stored as a
// trit (3), quint (5) or nothing times 2^bits plus bits low bits.
type quantLevel struct {
	levels int
	trits  bool
	quints bool
	bits   int
}

// quantLevels lists the ranges in increasing order (KDFS table "Encoding for different ranges").
var quantLevels = [21]quantLevel{
	{2, false, false, 1}, {3, true, false, 0}, {4, false, false, 2}, {5, false, true, 0},
	{6, true, false, 1}, {8, false, false, 3}, {10, false, true, 1}, {12, true, false, 2},
	{16, false, false, 4}, {20, false, true, 2}, {24, true, false, 3}, {32, false, false, 5},
	{40, false, true, 3}, {48, true, false, 4}, {64, false, false, 6}, {80, false, true, 4},
	{96, true, false, 5}, {128, false, false, 7}, {160, false, true, 5}, {192, true, false, 6},
	{256, false, false, 8},
}

// quant6 is the index of the 6-level range, the smallest a colour endpoint may use.
const quant6 = 4

// iseBits returns the number of bits n values of range q take.
func iseBits(q, n int) int {
	l := quantLevels[q]
	bitsN := n * l.bits
	if l.trits {
		bitsN += (8*n + 4) / 5
	}
	if l.quints {
		bitsN += (7*n + 2) / 3
	}
	return bitsN
}

// limitedReader reads bits from a block within [pos, end); bits beyond end read 0, as the
// specification requires for the last, partial trit or quint block.
type limitedReader struct {
	b        bits128
	pos, end int
}

// readField reads an n-bit field, zero-filling the bits past the end.
func (r *limitedReader) readField(n int) uint32 {
	if n == 0 {
		return 0
	}
	var v uint32
	if k := min(n, r.end-r.pos); k > 0 {
		v = r.b.get(r.pos, k)
	}
	r.pos += n
	return v
}

// decodeISE decodes n values of range q from b starting at bit start into out.
func decodeISE(b bits128, start, q, n int, out []int32) {
	l := quantLevels[q]
	r := limitedReader{b: b, pos: start, end: start + iseBits(q, n)}
	switch {
	case l.trits:
		for i := 0; i < n; i += 5 {
			var m [5]uint32
			var t uint32
			m[0] = r.readField(l.bits)
			t = r.readField(2)
			m[1] = r.readField(l.bits)
			t |= r.readField(2) << 2
			m[2] = r.readField(l.bits)
			t |= r.readField(1) << 4
			m[3] = r.readField(l.bits)
			t |= r.readField(2) << 5
			m[4] = r.readField(l.bits)
			t |= r.readField(1) << 7
			tr := trits[t]
			for j := 0; j < 5 && i+j < n; j++ {
				out[i+j] = int32(uint32(tr[j])<<uint(l.bits) | m[j])
			}
		}
	case l.quints:
		for i := 0; i < n; i += 3 {
			var m [3]uint32
			var qv uint32
			m[0] = r.readField(l.bits)
			qv = r.readField(3)
			m[1] = r.readField(l.bits)
			qv |= r.readField(2) << 3
			m[2] = r.readField(l.bits)
			qv |= r.readField(2) << 5
			qu := quints[qv]
			for j := 0; j < 3 && i+j < n; j++ {
				out[i+j] = int32(uint32(qu[j])<<uint(l.bits) | m[j])
			}
		}
	default:
		for i := range n {
			out[i] = int32(r.readField(l.bits))
		}
	}
}

// trits and quints decode the packed 8-bit trit block and 7-bit quint block (KDFS sections
// "Trits" and "Quints"), computed once from the specification's procedures.
var (
	trits  [256][5]uint8
	quints [128][3]uint8
)

func init() {
	bit := func(v uint32, i uint) uint32 { return v >> i & 1 }
	for t := uint32(0); t < 256; t++ {
		var c, t0, t1, t2, t3, t4 uint32
		if t>>2&7 == 7 {
			c = (t>>5&7)<<2 | t&3
			t4, t3 = 2, 2
		} else {
			c = t & 31
			if t>>5&3 == 3 {
				t4, t3 = 2, bit(t, 7)
			} else {
				t4, t3 = bit(t, 7), t>>5&3
			}
		}
		switch {
		case c&3 == 3:
			t2, t1 = 2, bit(c, 4)
			t0 = bit(c, 3)<<1 | (bit(c, 2) &^ bit(c, 3))
		case c>>2&3 == 3:
			t2, t1, t0 = 2, 2, c&3
		default:
			t2, t1 = bit(c, 4), c>>2&3
			t0 = bit(c, 1)<<1 | (bit(c, 0) &^ bit(c, 1))
		}
		trits[t] = [5]uint8{uint8(t0), uint8(t1), uint8(t2), uint8(t3), uint8(t4)}
	}
	for q := uint32(0); q < 128; q++ {
		var q0, q1, q2 uint32
		if q>>1&3 == 3 && q>>5&3 == 0 {
			q2 = bit(q, 0)<<2 | (bit(q, 4)&^bit(q, 0))<<1 | (bit(q, 3) &^ bit(q, 0))
			q1, q0 = 4, 4
		} else {
			var c uint32
			if q>>1&3 == 3 {
				q2 = 4
				c = (q>>3&3)<<3 | (^q>>5&3)<<1 | bit(q, 0)
			} else {
				q2 = q >> 5 & 3
				c = q & 31
			}
			if c&7 == 5 {
				q1, q0 = 4, c>>3&3
			} else {
				q1, q0 = c>>3&3, c&7
			}
		}
		quints[q] = [3]uint8{uint8(q0), uint8(q1), uint8(q2)}
	}
}
