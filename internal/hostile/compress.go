package hostile

import (
	"encoding/binary"
	"math"
)

// zstdMagic is the Zstandard frame's Magic_Number (RFC 8878, 3.1.1).
const zstdMagic = 0xFD2FB528

// zstdBlock is the largest block a frame with a 128 KiB window may hold
// (Block_Maximum_Size, RFC 8878, 3.1.1.2.3).
const zstdBlock = 128 << 10

// NoContentSize, as ZstdFrame's contentSize, leaves the
// Frame_Content_Size field out.
const NoContentSize = -1

// ZstdFrame returns one Zstandard frame whose content is n copies of the
// byte v, as RLE blocks of at most 128 KiB (4 bytes each). The frame
// declares a 128 KiB window (Window_Descriptor 0x38, no Single_Segment
// flag) and contentSize as its Frame_Content_Size: the true n, another
// value (a lie), or NoContentSize for none. A frame with n = 0 holds one
// empty raw block.
func ZstdFrame(n int64, v byte, contentSize int64) []byte {
	b := binary.LittleEndian.AppendUint32(nil, zstdMagic)
	// Frame_Header_Descriptor: Frame_Content_Size_Flag in bits 7-6
	// (0: none without Single_Segment, 2: 4 bytes, 3: 8 bytes), no
	// checksum, no dictionary.
	var fhd byte
	switch {
	case contentSize < 0:
	case contentSize <= math.MaxUint32:
		fhd = 2 << 6
	default:
		fhd = 3 << 6
	}
	b = append(b, fhd, 0x38) // Window_Descriptor: exponent 7, mantissa 0: 2^17 bytes
	switch fhd {
	case 2 << 6:
		b = binary.LittleEndian.AppendUint32(b, uint32(contentSize))
	case 3 << 6:
		b = binary.LittleEndian.AppendUint64(b, uint64(contentSize))
	}
	if n == 0 {
		return append(b, 1, 0, 0) // Last_Block, Raw_Block of 0 bytes
	}
	for n > 0 {
		size := min(n, zstdBlock)
		n -= size
		// Block_Header: Last_Block (bit 0), Block_Type 1 = RLE (bits 1-2),
		// Block_Size (bits 3-23): the number of times the byte repeats.
		h := uint32(size)<<3 | 1<<1
		if n == 0 {
			h |= 1
		}
		b = append(b, byte(h), byte(h>>8), byte(h>>16), v)
	}
	return b
}

// bitWriter writes a DEFLATE bit stream: values least significant bit
// first, Huffman codes most significant bit first (RFC 1951, 3.1.1).
type bitWriter struct {
	b   []byte
	acc uint32
	n   uint
}

// bits writes the low n bits of v (n ≤ 16), least significant first.
func (w *bitWriter) bits(v uint32, n uint) {
	w.acc |= v << w.n
	w.n += n
	for w.n >= 8 {
		w.b = append(w.b, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// code writes an n-bit Huffman code, most significant bit first.
func (w *bitWriter) code(c uint32, n uint) {
	r := uint32(0)
	for i := uint(0); i < n; i++ {
		r |= (c >> i & 1) << (n - 1 - i)
	}
	w.bits(r, n)
}

// flush pads the last byte with zero bits.
func (w *bitWriter) flush() []byte {
	if w.n > 0 {
		w.b = append(w.b, byte(w.acc))
		w.acc, w.n = 0, 0
	}
	return w.b
}

// DeflateZeros returns a raw DEFLATE stream (RFC 1951) that inflates to n
// zero bytes (n ≥ 1): one final dynamic-Huffman block whose
// literal/length code gives length 258 (symbol 285) one bit, literal 0 and
// end-of-block two bits each, and whose distance code has the single
// one-bit code for distance 1. A literal zero, then a match of 258 at
// distance 1 per two bits, then up to 257 literal zeros: about 1 byte per
// 1032 bytes of output, DEFLATE's largest ratio.
func DeflateZeros(n int64) []byte {
	if n < 1 {
		panic("hostile: DeflateZeros needs at least one byte")
	}
	w := &bitWriter{}
	w.bits(1, 1)  // BFINAL
	w.bits(2, 2)  // BTYPE 10: dynamic Huffman codes
	w.bits(29, 5) // HLIT: 286 literal/length codes (up to symbol 285)
	w.bits(0, 5)  // HDIST: 1 distance code
	w.bits(14, 4) // HCLEN: 18 code length codes, up to symbol 1 in the order below
	// Code length code lengths, in the order 16, 17, 18, 0, 8, 7, 9, 6, 10,
	// 5, 11, 4, 12, 3, 13, 2, 14, 1: symbol 18 (a run of 11-138 zeros) gets
	// one bit, symbols 1 and 2 two bits. Canonical codes: 18 = 0, 1 = 10,
	// 2 = 11.
	for _, sym := range []int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1} {
		switch sym {
		case 18:
			w.bits(1, 3)
		case 1, 2:
			w.bits(2, 3)
		default:
			w.bits(0, 3)
		}
	}
	cl1 := func() { w.code(2, 2) } // code length 1
	cl2 := func() { w.code(3, 2) } // code length 2
	zeros := func(k int) {         // k (11..138) code lengths of 0
		w.code(0, 1)
		w.bits(uint32(k-11), 7)
	}
	// Literal/length code lengths: 0 → 2, 1..255 → 0, 256 → 2, 257..284 →
	// 0, 285 → 1. Canonical codes: 285 = 0, literal 0 = 10, 256 = 11.
	cl2()
	zeros(138)
	zeros(117)
	cl2()
	zeros(28)
	cl1()
	// Distance code lengths: symbol 0 (distance 1) → 1; its code is 0.
	cl1()
	// The data.
	w.code(2, 2) // literal 0
	n--
	for ; n >= 258; n -= 258 {
		w.bits(0, 2) // length 258 (code 0, no extra bits), distance 1 (code 0)
	}
	for ; n > 0; n-- {
		w.code(2, 2) // literal 0
	}
	w.code(3, 2) // end of block
	return w.flush()
}

// ZlibZeros returns a zlib stream (RFC 1950) of DeflateZeros(n), with the
// Adler-32 of n zero bytes.
func ZlibZeros(n int64) []byte {
	b := []byte{0x78, 0xda} // deflate, 32 KiB window, maximum compression; (0x78da % 31 == 0)
	b = append(b, DeflateZeros(n)...)
	// Adler-32: s1 stays 1 over zero bytes, s2 grows by 1 per byte.
	adler := uint32(n%65521)<<16 | 1
	return binary.BigEndian.AppendUint32(b, adler)
}
