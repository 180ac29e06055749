package astc

// decoder holds the decoding state of one block; it lives on the stack.
type decoder struct {
	weights  [2][64]int32   // unquantized weights (0..64) of each plane, on the weight grid
	colours  [18]uint8      // unquantized colour endpoint values
	cems     [4]int         // colour endpoint mode per partition
	endpoint [4][2][4]int32 // 8-bit endpoints per partition, or -1 for an HDR (error) partition
}

// blockMode is the decoded 11-bit block mode of a 2D block.
type blockMode struct {
	gridW, gridH int // weight grid
	dualPlane    bool
	weightQuant  int  // index into quantLevels
	ok           bool // false: reserved encoding (error colour)
}

// decodeBlockMode decodes bits 0..10 (KDFS table "2D block mode layout"). Void extent is handled
// before this is called.
func decodeBlockMode(m uint32) blockMode {
	bit := func(i uint) uint32 { return m >> i & 1 }
	var bm blockMode
	var r uint32
	h := bit(9)
	bm.dualPlane = bit(10) == 1
	a := int(m >> 5 & 3)
	if m&3 != 0 {
		r = bit(4) | (m&3)<<1
		b := int(m >> 7 & 3)
		switch m >> 2 & 3 {
		case 0:
			bm.gridW, bm.gridH = b+4, a+2
		case 1:
			bm.gridW, bm.gridH = b+8, a+2
		case 2:
			bm.gridW, bm.gridH = a+2, b+8
		case 3:
			if bit(8) == 0 {
				bm.gridW, bm.gridH = a+2, int(bit(7))+6
			} else {
				bm.gridW, bm.gridH = int(bit(7))+2, a+2
			}
		}
	} else {
		if m>>2&3 == 0 {
			return bm // reserved: bits 0..3 all zero
		}
		r = bit(4) | (m>>2&3)<<1
		switch m >> 7 & 3 {
		case 0:
			bm.gridW, bm.gridH = 12, a+2
		case 1:
			bm.gridW, bm.gridH = a+2, 12
		case 2:
			bm.gridW, bm.gridH = a+6, int(m>>9&3)+6
			bm.dualPlane, h = false, 0
		case 3:
			switch m >> 5 & 3 {
			case 0:
				bm.gridW, bm.gridH = 6, 10
			case 1:
				bm.gridW, bm.gridH = 10, 6
			default:
				return bm // reserved
			}
		}
	}
	// Weight ranges by (H, R): R = 2..7 → levels 2,3,4,5,6,8 (H=0) or 10,12,16,20,24,32 (H=1).
	bm.weightQuant = int(r) - 2 + 6*int(h)
	bm.ok = true
	return bm
}

// decode decodes block b into dst (len bw*bh).
func (d *decoder) decode(b bits128, bw, bh int, srgb bool, dst [][4]float32) {
	if b.get(0, 9) == 0x1FC {
		decodeVoidExtent(b, srgb, dst)
		return
	}
	bm := decodeBlockMode(b.get(0, 11))
	if !bm.ok || bm.gridW > bw || bm.gridH > bh {
		fillError(dst)
		return
	}
	planes := 1
	if bm.dualPlane {
		planes = 2
	}
	nWeights := bm.gridW * bm.gridH * planes
	if nWeights > 64 {
		fillError(dst)
		return
	}
	weightBits := iseBits(bm.weightQuant, nWeights)
	if weightBits < 24 || weightBits > 96 {
		fillError(dst)
		return
	}
	partitions := int(b.get(11, 2)) + 1
	if partitions == 4 && bm.dualPlane {
		fillError(dst)
		return
	}

	// Colour endpoint modes and where the colour data lies.
	colourStart := 17
	belowWeights := weightBits // bits taken from the top of the block
	seed := 0
	if partitions == 1 {
		d.cems[0] = int(b.get(13, 4))
	} else {
		seed = int(b.get(13, 10))
		colourStart = 29
		field := b.get(23, 6)
		if field&3 == 0 {
			for p := range partitions {
				d.cems[p] = int(field >> 2)
			}
		} else {
			extra := 3*partitions - 4
			belowWeights += extra
			all := field | b.get(128-belowWeights, extra)<<6
			base := int(field&3) - 1
			for p := range partitions {
				c := int(all >> uint(2+p) & 1)
				m := int(all >> uint(2+partitions+2*p) & 3)
				d.cems[p] = (base+c)<<2 | m
			}
		}
	}
	ccs := 0
	if bm.dualPlane {
		belowWeights += 2
		ccs = int(b.get(128-belowWeights, 2))
	}
	nColours := 0
	for p := range partitions {
		nColours += 2 * (d.cems[p]>>2 + 1)
	}
	colourBits := 128 - belowWeights - colourStart
	if nColours > 18 || colourBits < 0 {
		fillError(dst)
		return
	}
	colourQuant := -1
	for q := len(quantLevels) - 1; q >= 0; q-- {
		if iseBits(q, nColours) <= colourBits {
			colourQuant = q
			break
		}
	}
	if colourQuant < quant6 {
		fillError(dst)
		return
	}

	// Colour endpoints.
	var raw [18]int32
	decodeISE(b, colourStart, colourQuant, nColours, raw[:nColours])
	for i := range nColours {
		d.colours[i] = unquantizeColour(colourQuant, raw[i])
	}
	off := 0
	for p := range partitions {
		d.endpoint[p] = decodeEndpoints(d.cems[p], d.colours[off:])
		off += 2 * (d.cems[p]>>2 + 1)
	}

	// Weights, read from the bit-reversed block.
	var rawW [64]int32
	decodeISE(b.reversed(), 0, bm.weightQuant, nWeights, rawW[:nWeights])
	for i := range nWeights {
		d.weights[i%planes][i/planes] = unquantizeWeight(bm.weightQuant, rawW[i])
	}

	// Texels.
	ph := newPartitionHash(seed, partitions, bw*bh < 31)
	ds := (1024 + bw/2) / (bw - 1)
	dt := (1024 + bh/2) / (bh - 1)
	for y := range bh {
		for x := range bw {
			part := 0
			if partitions > 1 {
				part = ph.of(x, y)
			}
			e := &d.endpoint[part]
			var w [2]int32
			for pl := range planes {
				w[pl] = infill(&d.weights[pl], bm.gridW, bm.gridH, ds*x, dt*y)
			}
			px := &dst[y*bw+x]
			if e[0][0] < 0 {
				*px = errorColour
				continue
			}
			for c := range 4 {
				wt := w[0]
				if bm.dualPlane && c == ccs {
					wt = w[1]
				}
				px[c] = interpolate(e[0][c], e[1][c], wt, srgb)
			}
		}
	}
}

// infill computes the effective weight of the texel at scaled position (cs, ct) by bilinear
// interpolation of the weight grid (KDFS section "Weight infill").
func infill(w *[64]int32, gw, gh, cs, ct int) int32 {
	gs := (cs*(gw-1) + 32) >> 6
	gt := (ct*(gh-1) + 32) >> 6
	js, fs := gs>>4, int32(gs&15)
	jt, ft := gt>>4, int32(gt&15)
	w11 := (fs*ft + 8) >> 4
	w10 := ft - w11
	w01 := fs - w11
	w00 := 16 - fs - ft + w11
	v0 := js + jt*gw
	at := func(i int) int32 {
		if i < 64 {
			return w[i]
		}
		return 0
	}
	p00 := at(v0)
	var p01, p10, p11 int32
	if w01 != 0 || w11 != 0 {
		p01 = at(v0 + 1)
	}
	if w10 != 0 || w11 != 0 {
		p10 = at(v0 + gw)
	}
	if w11 != 0 {
		p11 = at(v0 + gw + 1)
	}
	return (p00*w00 + p01*w01 + p10*w10 + p11*w11 + 8) >> 4
}

// interpolate expands the 8-bit endpoints to 16 bits (e<<8 | e linear, e<<8 | 0x80 sRGB),
// interpolates with weight w (0..64) and converts the 16-bit result: /65535 (linear) or top 8 bits
// /255 (sRGB).
func interpolate(e0, e1, w int32, srgb bool) float32 {
	var c0, c1 int32
	if srgb {
		c0, c1 = e0<<8|0x80, e1<<8|0x80
	} else {
		c0, c1 = e0<<8|e0, e1<<8|e1
	}
	c := (c0*(64-w) + c1*w + 32) >> 6
	if srgb {
		return float32(c>>8) / 255
	}
	return float32(c) / 65535
}

// decodeVoidExtent decodes a void-extent block: one constant colour (KDFS section "Void-extent
// blocks"). An HDR void extent, reserved bits other than 11, or an invalid extent rectangle are
// errors.
func decodeVoidExtent(b bits128, srgb bool, dst [][4]float32) {
	if b.get(9, 1) == 1 || b.get(10, 2) != 3 {
		fillError(dst)
		return
	}
	s0, s1, t0, t1 := b.get(12, 13), b.get(25, 13), b.get(38, 13), b.get(51, 13)
	allOnes := s0 == 0x1FFF && s1 == 0x1FFF && t0 == 0x1FFF && t1 == 0x1FFF
	if !allOnes && (s0 >= s1 || t0 >= t1) {
		fillError(dst)
		return
	}
	var c [4]float32
	for i := range 4 {
		v := b.get(64+16*i, 16)
		if srgb {
			c[i] = float32(v>>8) / 255
		} else {
			c[i] = float32(v) / 65535
		}
	}
	for i := range dst {
		dst[i] = c
	}
}
