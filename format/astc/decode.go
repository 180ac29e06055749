package astc

import (
	"math"
	"math/bits"
)

// decoder holds the decoding state of one block; it lives on the stack.
type decoder struct {
	weights  [2][64]int32   // unquantized weights (0..64) of each plane, on the weight grid
	colours  [18]uint8      // unquantized colour endpoint values
	cems     [4]int         // colour endpoint mode per partition
	endpoint [4][2][4]int32 // endpoints per partition: 8-bit LDR or 12-bit HDR values
	hdr      [4]uint8       // per partition: bit c set where channel c's endpoints are HDR
}

// blockMode is the decoded 11-bit block mode of a 2D or 3D block.
type blockMode struct {
	gridW, gridH, gridD int // weight grid (gridD 1 for 2D blocks)
	dualPlane           bool
	weightQuant         int  // index into quantLevels
	ok                  bool // false: reserved encoding (error colour)
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
	bm.gridD = 1
	bm.ok = true
	return bm
}

// decodeBlockMode3D decodes bits 0..10 of a 3D block (KDFS table "3D block mode layout"). Void
// extent is handled before this is called.
func decodeBlockMode3D(m uint32) blockMode {
	bit := func(i uint) uint32 { return m >> i & 1 }
	var bm blockMode
	var r uint32
	h := bit(9)
	bm.dualPlane = bit(10) == 1
	if m&3 != 0 {
		r = bit(4) | (m&3)<<1
		bm.gridW, bm.gridH, bm.gridD = int(m>>5&3)+2, int(m>>7&3)+2, int(m>>2&3)+2
	} else {
		if m>>2&3 == 0 {
			return bm // reserved: bits 0..3 all zero
		}
		r = bit(4) | (m>>2&3)<<1
		switch m >> 7 & 3 {
		case 0:
			bm.gridW, bm.gridH, bm.gridD = 6, int(m>>9&3)+2, int(m>>5&3)+2
			bm.dualPlane, h = false, 0
		case 1:
			bm.gridW, bm.gridH, bm.gridD = int(m>>5&3)+2, 6, int(m>>9&3)+2
			bm.dualPlane, h = false, 0
		case 2:
			bm.gridW, bm.gridH, bm.gridD = int(m>>5&3)+2, int(m>>9&3)+2, 6
			bm.dualPlane, h = false, 0
		case 3:
			switch m >> 5 & 3 {
			case 0:
				bm.gridW, bm.gridH, bm.gridD = 6, 2, 2
			case 1:
				bm.gridW, bm.gridH, bm.gridD = 2, 6, 2
			case 2:
				bm.gridW, bm.gridH, bm.gridD = 2, 2, 6
			default:
				return bm // reserved (bits 2..4 all 1 is the void extent, handled before)
			}
		}
	}
	bm.weightQuant = int(r) - 2 + 6*int(h)
	bm.ok = true
	return bm
}

// decode decodes block b of footprint fp in mode into dst (len fp.w*fp.h*fp.d).
func (d *decoder) decode(b bits128, fp footprint, mode Mode, dst [][4]float32) {
	if b.get(0, 9) == 0x1FC {
		decodeVoidExtent(b, fp.d > 1, mode, dst)
		return
	}
	var bm blockMode
	if fp.d > 1 {
		bm = decodeBlockMode3D(b.get(0, 11))
	} else {
		bm = decodeBlockMode(b.get(0, 11))
	}
	if !bm.ok || bm.gridW > fp.w || bm.gridH > fp.h || bm.gridD > fp.d {
		fillError(dst)
		return
	}
	planes := 1
	if bm.dualPlane {
		planes = 2
	}
	nWeights := bm.gridW * bm.gridH * bm.gridD * planes
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
		d.endpoint[p], d.hdr[p] = decodeEndpoints(d.cems[p], d.colours[off:])
		off += 2 * (d.cems[p]>>2 + 1)
	}

	// Weights, read from the bit-reversed block.
	var rawW [64]int32
	decodeISE(b.reversed(), 0, bm.weightQuant, nWeights, rawW[:nWeights])
	for i := range nWeights {
		d.weights[i%planes][i/planes] = unquantizeWeight(bm.weightQuant, rawW[i])
	}

	// Each partition's endpoints widened to 16 bits, and how each channel's interpolated value
	// becomes the result, decided once per block.
	var e16 [4][2][4]int32
	var conv [4][4]uint8
	var errPart [4]bool // an HDR partition in the LDR or sRGB mode: the error colour
	for p := range partitions {
		errPart[p] = d.hdr[p] != 0 && mode != HDR
		for c := range 4 {
			k := ldrConv(mode)
			if d.hdr[p]>>uint(c)&1 != 0 {
				k = convLNS
			}
			conv[p][c] = k
			e16[p][0][c] = expand(d.endpoint[p][0][c], k)
			e16[p][1][c] = expand(d.endpoint[p][1][c], k)
		}
	}

	// Texels.
	ph := newPartitionHash(seed, partitions, fp.w*fp.h*fp.d < 31)
	ds := (1024 + fp.w/2) / (fp.w - 1)
	dt := (1024 + fp.h/2) / (fp.h - 1)
	dr := 0
	if fp.d > 1 {
		dr = (1024 + fp.d/2) / (fp.d - 1)
	}
	plane1 := -1 // the channel that takes the second plane's weight
	if bm.dualPlane {
		plane1 = ccs
	}
	i := 0
	for z := range fp.d {
		for y := range fp.h {
			for x := range fp.w {
				px := &dst[i]
				i++
				part := 0
				if partitions > 1 {
					part = ph.of(x, y, z)
				}
				if errPart[part] {
					*px = errorColour
					continue
				}
				var w [2]int32
				for pl := range planes {
					if fp.d > 1 {
						w[pl] = infill3D(&d.weights[pl], bm.gridW, bm.gridH, bm.gridD, ds*x, dt*y, dr*z)
					} else {
						w[pl] = infill(&d.weights[pl], bm.gridW, bm.gridH, ds*x, dt*y)
					}
				}
				e, k := &e16[part], &conv[part]
				for c := range 4 {
					wt := w[0]
					if c == plane1 {
						wt = w[1]
					}
					v := (e[0][c]*(64-wt) + e[1][c]*wt + 32) >> 6
					switch k[c] { // convert, the LDR modes inline
					case convUnorm16:
						px[c] = float32(v) / 65535
					case convSRGB8:
						px[c] = float32(v>>8) / 255
					default:
						px[c] = convert(v, k[c])
					}
				}
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
	p00 := weightAt(w, v0)
	var p01, p10, p11 int32
	if w01 != 0 || w11 != 0 {
		p01 = weightAt(w, v0+1)
	}
	if w10 != 0 || w11 != 0 {
		p10 = weightAt(w, v0+gw)
	}
	if w11 != 0 {
		p11 = weightAt(w, v0+gw+1)
	}
	return (p00*w00 + p01*w01 + p10*w10 + p11*w11 + 8) >> 4
}

// weightAt returns stored weight i, or 0 past the 64 a block can hold (only ever read with a
// zero factor).
func weightAt(w *[64]int32, i int) int32 {
	if i < 64 {
		return w[i]
	}
	return 0
}

// infill3D computes the effective weight of the texel at scaled position (cs, ct, cr) of a 3D
// block by simplex interpolation of the weight grid (KDFS section "Weight infill", table "ASTC
// simplex interpolation parameters"): the fractional parts, compared pairwise, choose the
// tetrahedron of four grid points around the texel and their weights.
func infill3D(w *[64]int32, gw, gh, gd, cs, ct, cr int) int32 {
	gs := (cs*(gw-1) + 32) >> 6
	gt := (ct*(gh-1) + 32) >> 6
	gr := (cr*(gd-1) + 32) >> 6
	js, fs := gs>>4, int32(gs&15)
	jt, ft := gt>>4, int32(gt&15)
	jr, fr := gr>>4, int32(gr&15)
	n, nm := gw, gw*gh
	var s1, s2 int
	var w0, w1, w2, w3 int32
	c := 0
	if fs > ft {
		c |= 4
	}
	if ft > fr {
		c |= 2
	}
	if fs > fr {
		c |= 1
	}
	switch c {
	case 7:
		s1, s2, w0, w1, w2, w3 = 1, n, 16-fs, fs-ft, ft-fr, fr
	case 3:
		s1, s2, w0, w1, w2, w3 = n, 1, 16-ft, ft-fs, fs-fr, fr
	case 5:
		s1, s2, w0, w1, w2, w3 = 1, nm, 16-fs, fs-fr, fr-ft, ft
	case 4:
		s1, s2, w0, w1, w2, w3 = nm, 1, 16-fr, fr-fs, fs-ft, ft
	case 2:
		s1, s2, w0, w1, w2, w3 = n, nm, 16-ft, ft-fr, fr-fs, fs
	default: // 0; 1 and 6 cannot happen (the three comparisons would contradict each other)
		s1, s2, w0, w1, w2, w3 = nm, n, 16-fr, fr-ft, ft-fs, fs
	}
	v0 := js + jt*n + jr*nm
	p0 := weightAt(w, v0)
	var p1, p2, p3 int32
	if w1 != 0 {
		p1 = weightAt(w, v0+s1)
	}
	if w2 != 0 {
		p2 = weightAt(w, v0+s1+s2)
	}
	if w3 != 0 {
		p3 = weightAt(w, v0+nm+n+1)
	}
	return (p0*w0 + p1*w1 + p2*w2 + p3*w3 + 8) >> 4
}

// The conversions of an interpolated 16-bit value C to the result (KDFS "Weight Application").
const (
	convUnorm16 uint8 = iota // LDR endpoints, linear LDR mode: C/65535
	convSRGB8                // LDR endpoints, sRGB mode: the top 8 bits of C /255
	convHalf                 // LDR endpoints, HDR mode: C by the decode_float16 rule
	convLNS                  // HDR endpoints, HDR mode: the pseudo-logarithmic C to FP16
)

// ldrConv is the conversion of LDR endpoints in mode m.
func ldrConv(m Mode) uint8 {
	switch m {
	case SRGB:
		return convSRGB8
	case HDR:
		return convHalf
	}
	return convUnorm16
}

// expand widens an endpoint to the 16 bits interpolation works in: an 8-bit LDR value to e<<8 | e,
// or e<<8 | 0x80 in sRGB mode; a 12-bit HDR value to e<<4.
func expand(e int32, conv uint8) int32 {
	switch conv {
	case convSRGB8:
		return e<<8 | 0x80
	case convLNS:
		return e << 4
	}
	return e<<8 | e
}

// convert turns an interpolated 16-bit value into the result.
func convert(c int32, conv uint8) float32 {
	switch conv {
	case convUnorm16:
		return float32(c) / 65535
	case convSRGB8:
		return float32(c>>8) / 255
	case convHalf:
		return halfToFloat32(unorm16ToHalf(uint32(c)))
	}
	return halfToFloat32(lnsToHalf(uint32(c)))
}

// interpolate is one channel of LDR endpoints e0, e1 (8-bit) at weight w (0..64) in mode m: the
// expansion to 16 bits, C = (C0·(64 − w) + C1·w + 32) >> 6, and the mode's conversion of C.
func interpolate(e0, e1, w int32, m Mode) float32 {
	k := ldrConv(m)
	return convert((expand(e0, k)*(64-w)+expand(e1, k)*w+32)>>6, k)
}

// interpolateHDR is one channel of HDR endpoints e0, e1 (12-bit) at weight w: shifted to 16 bits,
// interpolated as LDR values are, and converted to FP16.
func interpolateHDR(e0, e1, w int32) float32 {
	return convert((expand(e0, convLNS)*(64-w)+expand(e1, convLNS)*w+32)>>6, convLNS)
}

// lnsToHalf converts an interpolated 16-bit HDR value to FP16 bits: the top five bits are the
// exponent, the low eleven a mantissa mapped piecewise linearly toward a logarithmic curve; a
// result that would be +Inf or NaN becomes 0x7BFF, the largest finite half.
func lnsToHalf(c uint32) uint16 {
	e, m := c>>11&0x1F, c&0x7FF
	var mt uint32
	switch {
	case m < 512:
		mt = 3 * m
	case m >= 1536:
		mt = 5*m - 2048
	default:
		mt = 4*m - 512
	}
	return uint16(min(e<<10+mt>>3, 0x7BFF))
}

// unorm16ToHalf converts a UNORM16 value C to FP16 bits by the decode_float16 rule for LDR values:
// 65535 is 1.0 (0x3C00), any other C is C/65536 rounded toward zero.
func unorm16ToHalf(c uint32) uint16 {
	switch {
	case c >= 0xFFFF:
		return 0x3C00
	case c < 4: // C/65536 is a subnormal half: C·2⁸ units of 2⁻²⁴
		return uint16(c << 8)
	}
	lz := uint32(bits.LeadingZeros16(uint16(c)))
	// C = 1.f · 2^(15−lz), so C/65536 = 1.f · 2^(−1−lz): biased exponent 14 − lz.
	frac := c << (lz + 1) & 0xFFFF
	return uint16((14-lz)<<10 | frac>>6)
}

// halfToFloat32 converts FP16 bits to the float32 of the same value (every half is exact in
// float32; a NaN keeps its sign and payload, quieted).
func halfToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	e := uint32(h >> 10 & 0x1F)
	m := uint32(h & 0x3FF)
	switch {
	case e == 0x1F:
		return math.Float32frombits(sign | 0x7F800000 | m<<13 | boolBit(m != 0)<<22)
	case e != 0:
		return math.Float32frombits(sign | (e+112)<<23 | m<<13)
	case m == 0:
		return math.Float32frombits(sign)
	}
	// Subnormal: m · 2⁻²⁴.
	v := float32(m) * (1.0 / (1 << 24))
	if sign != 0 {
		v = -v
	}
	return v
}

func boolBit(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// decodeVoidExtent decodes a void-extent block: one constant colour (KDFS section "Void-extent
// blocks"). A 2D void extent has reserved bits 10..11, which must be 11, and 13-bit extents; a 3D
// one has no reserved bits and 9-bit extents. Each axis's extent must have its minimum below its
// maximum, unless every coordinate is all ones. Bit 9 set means FP16 colours (an HDR void extent):
// the error colour in the LDR and sRGB modes, the stored values themselves in HDR mode (infinities
// and NaNs included: the KDFS leaves them undefined).
func decodeVoidExtent(b bits128, is3D bool, mode Mode, dst [][4]float32) {
	hdr := b.get(9, 1) == 1
	if hdr && mode != HDR {
		fillError(dst)
		return
	}
	ok := true
	if is3D {
		var c [6]uint32
		all := true
		for i := range c {
			c[i] = b.get(10+9*i, 9)
			all = all && c[i] == 0x1FF
		}
		ok = all || c[0] < c[1] && c[2] < c[3] && c[4] < c[5]
	} else {
		if b.get(10, 2) != 3 {
			fillError(dst)
			return
		}
		s0, s1, t0, t1 := b.get(12, 13), b.get(25, 13), b.get(38, 13), b.get(51, 13)
		allOnes := s0 == 0x1FFF && s1 == 0x1FFF && t0 == 0x1FFF && t1 == 0x1FFF
		ok = allOnes || s0 < s1 && t0 < t1
	}
	if !ok {
		fillError(dst)
		return
	}
	var c [4]float32
	for i := range 4 {
		v := b.get(64+16*i, 16)
		switch {
		case hdr:
			c[i] = halfToFloat32(uint16(v))
		case mode == SRGB:
			c[i] = float32(v>>8) / 255
		case mode == HDR:
			c[i] = halfToFloat32(unorm16ToHalf(v))
		default:
			c[i] = float32(v) / 65535
		}
	}
	for i := range dst {
		dst[i] = c
	}
}
