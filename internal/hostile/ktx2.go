package hostile

import "encoding/binary"

// KTX 2.0 constants (the KTX 2.0 specification, sections 3.1-3.8).
const (
	ktx2Header = 80 // identifier (12) + header (36) + index (32)

	// VkFormat numbers.
	VkR8Unorm            = 9
	VkR8G8B8A8Unorm      = 37
	VkR32G32B32A32Sfloat = 109

	// supercompressionScheme values.
	KTX2None = 0
	KTX2Zstd = 2
	KTX2Zlib = 3
)

var ktx2Magic = []byte("\xabKTX 20\xbb\r\n\x1a\n")

// KTX2Level is one level of a KTX2 file: its bytes as stored and the
// uncompressedByteLength its level index entry declares.
type KTX2Level struct {
	Data         []byte
	Uncompressed uint64
}

// KTX2 describes a KTX 2.0 file; every field is written as given, so that
// it may disagree with the others.
type KTX2 struct {
	VkFormat, TypeSize                  uint32
	Width, Height, Depth, Layers, Faces uint32
	LevelCount, Scheme                  uint32
	DFD                                 []byte      // the data format descriptor, dfdTotalSize first
	Levels                              []KTX2Level // the level index, level 0 first
}

// Bytes returns the file: header, level index, DFD, then the levels from
// the smallest to the largest, each aligned to 4 bytes when the file is
// not supercompressed.
func (k *KTX2) Bytes() []byte {
	dfdOff := uint64(ktx2Header) + 24*uint64(len(k.Levels))
	end := dfdOff + uint64(len(k.DFD))
	offsets := make([]uint64, len(k.Levels))
	for l := len(k.Levels) - 1; l >= 0; l-- {
		if k.Scheme == KTX2None {
			end = (end + 3) &^ 3
		}
		offsets[l] = end
		end += uint64(len(k.Levels[l].Data))
	}
	b := make([]byte, 0, end)
	b = append(b, ktx2Magic...)
	for _, v := range []uint32{k.VkFormat, k.TypeSize, k.Width, k.Height, k.Depth, k.Layers, k.Faces, k.LevelCount, k.Scheme,
		uint32(dfdOff), uint32(len(k.DFD)), 0, 0} { // no key/value data
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	b = binary.LittleEndian.AppendUint64(b, 0) // sgdByteOffset
	b = binary.LittleEndian.AppendUint64(b, 0) // sgdByteLength
	for l, lv := range k.Levels {
		b = binary.LittleEndian.AppendUint64(b, offsets[l])
		b = binary.LittleEndian.AppendUint64(b, uint64(len(lv.Data)))
		b = binary.LittleEndian.AppendUint64(b, lv.Uncompressed)
	}
	b = append(b, k.DFD...)
	for l := len(k.Levels) - 1; l >= 0; l-- {
		for uint64(len(b)) < offsets[l] {
			b = append(b, 0)
		}
		b = append(b, k.Levels[l].Data...)
	}
	return b
}

// dfChannel is one sample of a basic data format descriptor.
type dfChannel struct {
	bits         int
	channel      byte // channel id | qualifiers
	lower, upper uint32
}

// BasicDFD returns a data format descriptor (dfdTotalSize, then one basic
// block, Khronos Data Format Specification 1.3, section 5) of an
// uncompressed RGBSDA format whose texel is bytes long and whose
// components are the samples, in memory order. blockSize overrides
// descriptorBlockSize when not 0 (a lie).
func basicDFD(bytes int, samples []dfChannel, blockSize int) []byte {
	size := 24 + 16*len(samples)
	if blockSize == 0 {
		blockSize = size
	}
	b := binary.LittleEndian.AppendUint32(nil, uint32(4+size))
	b = binary.LittleEndian.AppendUint32(b, 0) // vendorId 0 (Khronos), descriptorType 0 (basic)
	b = binary.LittleEndian.AppendUint32(b, 2|uint32(blockSize)<<16)
	b = append(b, 1 /* RGBSDA */, 1 /* BT709 */, 1 /* linear */, 0)
	b = append(b, 0, 0, 0, 0) // texelBlockDimension 1x1x1x1
	b = append(b, byte(bytes), 0, 0, 0, 0, 0, 0, 0)
	off := 0
	for _, s := range samples {
		b = binary.LittleEndian.AppendUint16(b, uint16(off))
		b = append(b, byte(s.bits-1), s.channel, 0, 0, 0, 0)
		b = binary.LittleEndian.AppendUint32(b, s.lower)
		b = binary.LittleEndian.AppendUint32(b, s.upper)
		off += s.bits
	}
	return b
}

// DFDR8G8B8A8Unorm and DFDR8Unorm are honest descriptors of those formats.
func DFDR8G8B8A8Unorm() []byte {
	return basicDFD(4, []dfChannel{{8, 0, 0, 255}, {8, 1, 0, 255}, {8, 2, 0, 255}, {8, 15, 0, 255}}, 0)
}

// DFDR8Unorm is the descriptor of r8_unorm.
func DFDR8Unorm() []byte { return basicDFD(1, []dfChannel{{8, 0, 0, 255}}, 0) }

// dfdR32G32B32A32Sfloat is the descriptor of r32g32b32a32_sfloat.
func dfdR32G32B32A32Sfloat() []byte {
	const float, signed = 0x80, 0x40
	one, minusOne := uint32(0x3f800000), uint32(0xbf800000)
	return basicDFD(16, []dfChannel{{32, 0 | float | signed, minusOne, one}, {32, 1 | float | signed, minusOne, one},
		{32, 2 | float | signed, minusOne, one}, {32, 15 | float | signed, minusOne, one}}, 0)
}

// rgba8 returns a KTX2 description of a w×h r8g8b8a8_unorm 2D texture of
// one level.
func rgba8(w, h uint32, scheme uint32, level KTX2Level) *KTX2 {
	return &KTX2{VkFormat: VkR8G8B8A8Unorm, TypeSize: 1, Width: w, Height: h, Faces: 1, LevelCount: 1, Scheme: scheme,
		DFD: DFDR8G8B8A8Unorm(), Levels: []KTX2Level{level}}
}

// Bomb sizes.
const (
	// BombBytes is what the bombs inflate to: 1 GiB.
	BombBytes = 1 << 30
	// SmallLevelBytes is the size the bombs' level index declares: a 4×4
	// r8g8b8a8_unorm level.
	SmallLevelBytes = 64
)

// KTX2ZstdBomb returns a 4×4 r8g8b8a8_unorm KTX2 file whose one level
// declares 64 bytes (uncompressedByteLength) but is a zstd frame of 1 GiB
// of zeros (32 KiB) declaring that size as its Frame_Content_Size.
func KTX2ZstdBomb() []byte {
	return rgba8(4, 4, KTX2Zstd, KTX2Level{ZstdFrame(BombBytes, 0, BombBytes), SmallLevelBytes}).Bytes()
}

// KTX2ZstdBombNoSize is KTX2ZstdBomb with a frame that has no
// Frame_Content_Size: only decoding it tells its size.
func KTX2ZstdBombNoSize() []byte {
	return rgba8(4, 4, KTX2Zstd, KTX2Level{ZstdFrame(BombBytes, 0, NoContentSize), SmallLevelBytes}).Bytes()
}

// KTX2ZstdBombFalseSize is KTX2ZstdBomb with a frame that declares a
// Frame_Content_Size of 64, the level's size, and holds 1 GiB.
func KTX2ZstdBombFalseSize() []byte {
	return rgba8(4, 4, KTX2Zstd, KTX2Level{ZstdFrame(BombBytes, 0, SmallLevelBytes), SmallLevelBytes}).Bytes()
}

// KTX2ZstdBombTwoFrames is KTX2ZstdBomb whose level is two frames: an
// honest one of 64 bytes with its content size, then 1 GiB without one. A
// decoder that checks only the first frame's header is fooled.
func KTX2ZstdBombTwoFrames() []byte {
	data := append(ZstdFrame(SmallLevelBytes, 0x55, SmallLevelBytes), ZstdFrame(BombBytes, 0, NoContentSize)...)
	return rgba8(4, 4, KTX2Zstd, KTX2Level{data, SmallLevelBytes}).Bytes()
}

// ZlibBombBytes is what the zlib bomb inflates to: 64 MiB (DEFLATE cannot
// do better than 1032:1, so more would not keep the file small).
const ZlibBombBytes = 64 << 20

// KTX2ZlibBomb returns a 4×4 r8g8b8a8_unorm KTX2 file whose one level
// declares 64 bytes but is a zlib stream of 64 MiB of zeros (64 KiB).
func KTX2ZlibBomb() []byte {
	return rgba8(4, 4, KTX2Zlib, KTX2Level{ZlibZeros(ZlibBombBytes), SmallLevelBytes}).Bytes()
}

// KTX2ZstdHonest returns a w×w KTX2 file of one level, honestly
// described: format r8g8b8a8_unorm (rgba) or r8_unorm, every texel byte
// 0x80, supercompressed with zstd with the true content size. It is tiny
// (4 bytes per 128 KiB) and decodes to w·w·4 (or w·w) bytes.
func KTX2ZstdHonest(w uint32, rgba bool) []byte {
	n := uint64(w) * uint64(w)
	k := &KTX2{VkFormat: VkR8Unorm, TypeSize: 1, Width: w, Height: w, Faces: 1, LevelCount: 1, Scheme: KTX2Zstd, DFD: DFDR8Unorm()}
	if rgba {
		n *= 4
		k.VkFormat, k.DFD = VkR8G8B8A8Unorm, DFDR8G8B8A8Unorm()
	}
	k.Levels = []KTX2Level{{ZstdFrame(int64(n), 0x80, int64(n)), n}}
	return k.Bytes()
}

// KTX2HugeArray returns a KTX2 file of a 16384×16384 r8g8b8a8_unorm 2D
// array of 2048 layers (2 TiB), honestly described in the header and level
// index, with a zstd level that holds only its first 128 KiB.
func KTX2HugeArray() []byte {
	const n = 16384 * 16384 * 4 * 2048
	k := rgba8(16384, 16384, KTX2Zstd, KTX2Level{ZstdFrame(zstdBlock, 0, n), n})
	k.Layers = 2048
	return k.Bytes()
}

// KTX2HugeWidth returns a KTX2 file of a 2^31×1 r8g8b8a8_unorm texture of
// one level with 64 bytes of data.
func KTX2HugeWidth() []byte {
	k := rgba8(1<<31, 1, KTX2None, KTX2Level{make([]byte, 64), 1 << 33})
	return k.Bytes()
}

// tinyRGBA8 is a 4×4 r8g8b8a8_unorm level without supercompression.
func tinyRGBA8() KTX2Level {
	b := make([]byte, 64)
	for i := range b {
		b[i] = byte(i * 4)
	}
	return KTX2Level{b, 64}
}

// KTX2DFDTotalSizeLie returns a 4×4 r8g8b8a8_unorm KTX2 file whose DFD
// says it is 0xfffffff0 bytes long (dfdTotalSize) where dfdByteLength says
// 92.
func KTX2DFDTotalSizeLie() []byte {
	k := rgba8(4, 4, KTX2None, tinyRGBA8())
	binary.LittleEndian.PutUint32(k.DFD, 0xfffffff0)
	return k.Bytes()
}

// KTX2DFDOtherFormat returns a 4×4 r8g8b8a8_unorm KTX2 file whose DFD
// describes r32g32b32a32_sfloat (16-byte texels of four float samples).
func KTX2DFDOtherFormat() []byte {
	k := rgba8(4, 4, KTX2None, tinyRGBA8())
	k.DFD = dfdR32G32B32A32Sfloat()
	return k.Bytes()
}

// KTX2DFDBlockSizeLie returns a 4×4 r8g8b8a8_unorm KTX2 file whose DFD
// has a consistent dfdTotalSize but a descriptorBlockSize of 65535: a
// block of 4094 samples in a 92-byte descriptor.
func KTX2DFDBlockSizeLie() []byte {
	k := rgba8(4, 4, KTX2None, tinyRGBA8())
	k.DFD = basicDFD(4, []dfChannel{{8, 0, 0, 255}, {8, 1, 0, 255}, {8, 2, 0, 255}, {8, 15, 0, 255}}, 0xffff)
	return k.Bytes()
}
