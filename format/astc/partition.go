package astc

// hash52 is the partition hash of the KDFS section "Partition pattern generation".
func hash52(p uint32) uint32 {
	p ^= p >> 15
	p *= 0xEEDE0891
	p ^= p >> 5
	p += p << 16
	p ^= p >> 7
	p ^= p >> 3
	p ^= p << 6
	p ^= p >> 17
	return p
}

// partitionHash holds the per-block part of the specification's select_partition: the seeds and
// shifts that depend only on the partition index and count.
type partitionHash struct {
	count      int
	small      bool
	s          [13]uint32 // squared and shifted seeds 1..12 (index 0 unused)
	ra, rb, rc uint32     // rnum >> 14, >> 10, >> 6
	rd         uint32     // rnum >> 2
}

// newPartitionHash prepares select_partition for the 10-bit partition index seed and count
// partitions; small is true for blocks of fewer than 31 texels, whose coordinates are doubled.
// Seeds 9 to 12 weigh the z coordinate, which is 0 in 2D blocks.
func newPartitionHash(seed, count int, small bool) partitionHash {
	seed += (count - 1) * 1024
	rnum := hash52(uint32(seed))
	h := partitionHash{count: count, small: small, ra: rnum >> 14, rb: rnum >> 10, rc: rnum >> 6, rd: rnum >> 2}
	for i := 1; i <= 8; i++ {
		v := rnum >> (4 * uint(i-1)) & 0xF
		h.s[i] = v * v
	}
	for i, v := range [4]uint32{rnum >> 18, rnum >> 22, rnum >> 26, rnum>>30 | rnum<<2} {
		v &= 0xF
		h.s[9+i] = v * v
	}
	var sh1, sh2 uint
	if seed&1 != 0 {
		sh1 = 5
		if seed&2 != 0 {
			sh1 = 4
		}
		sh2 = 5
		if count == 3 {
			sh2 = 6
		}
	} else {
		sh1 = 5
		if count == 3 {
			sh1 = 6
		}
		sh2 = 5
		if seed&2 != 0 {
			sh2 = 4
		}
	}
	for i := 1; i <= 8; i++ {
		if i%2 == 1 {
			h.s[i] >>= sh1
		} else {
			h.s[i] >>= sh2
		}
	}
	sh3 := sh2
	if seed&0x10 != 0 {
		sh3 = sh1
	}
	for i := 9; i <= 12; i++ {
		h.s[i] >>= sh3
	}
	return h
}

// of returns the partition (0..count-1) of texel (x, y, z).
func (h *partitionHash) of(x, y, z int) int {
	if h.count <= 1 {
		return 0
	}
	if h.small {
		x, y, z = x<<1, y<<1, z<<1
	}
	ux, uy, uz := uint32(x), uint32(y), uint32(z)
	a := (h.s[1]*ux + h.s[2]*uy + h.s[11]*uz + h.ra) & 0x3F
	b := (h.s[3]*ux + h.s[4]*uy + h.s[12]*uz + h.rb) & 0x3F
	c := (h.s[5]*ux + h.s[6]*uy + h.s[9]*uz + h.rc) & 0x3F
	d := (h.s[7]*ux + h.s[8]*uy + h.s[10]*uz + h.rd) & 0x3F
	if h.count < 4 {
		d = 0
	}
	if h.count < 3 {
		c = 0
	}
	switch {
	case a >= b && a >= c && a >= d:
		return 0
	case b >= c && b >= d:
		return 1
	case c >= d:
		return 2
	}
	return 3
}
