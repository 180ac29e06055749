package hostile

import "encoding/binary"

// KTX1 is a KTX 1.1 file's header (Khronos "KTX File Format
// Specification" 1.1), written little-endian as given, its key/value data
// length and the bytes after the header (imageSize fields and images).
type KTX1 struct {
	GLType, GLTypeSize, GLFormat, GLInternalFormat uint32
	Width, Height, Depth, Arrays, Faces, Levels    uint32
	KeyValueBytes                                  uint32
	Data                                           []byte
}

// Bytes returns the file.
func (k *KTX1) Bytes() []byte {
	b := []byte("\xabKTX 11\xbb\r\n\x1a\n")
	for _, v := range []uint32{0x04030201, k.GLType, k.GLTypeSize, k.GLFormat, k.GLInternalFormat, k.GLFormat,
		k.Width, k.Height, k.Depth, k.Arrays, k.Faces, k.Levels, k.KeyValueBytes} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return append(b, k.Data...)
}

func ktx1RGBA8(w, h uint32) KTX1 {
	return KTX1{GLType: 0x1401, GLTypeSize: 1, GLFormat: 0x1908, GLInternalFormat: 0x8058, Width: w, Height: h, Faces: 1, Levels: 1}
}

// KTX1HugeMips is the header of a 65536×65536 RGBA8 texture with 17 levels
// (21 GiB) followed by one 64-byte imageSize and 64 bytes.
func KTX1HugeMips() []byte {
	k := ktx1RGBA8(65536, 65536)
	k.Levels = 17
	k.Data = append(binary.LittleEndian.AppendUint32(nil, 64), make([]byte, 64)...)
	return k.Bytes()
}

// KTX1HugeArray is the header of a 16384×16384 RGBA8 2D array of 65535
// layers (64 TiB) and 64 bytes of data.
func KTX1HugeArray() []byte {
	k := ktx1RGBA8(16384, 16384)
	k.Arrays = 65535
	k.Data = make([]byte, 64)
	return k.Bytes()
}

// KTX1ImageSizeLie is a 4×4 RGBA8 texture whose level's imageSize says
// 0xfffffff0 bytes and which holds 64.
func KTX1ImageSizeLie() []byte {
	k := ktx1RGBA8(4, 4)
	k.Data = append(binary.LittleEndian.AppendUint32(nil, 0xfffffff0), make([]byte, 64)...)
	return k.Bytes()
}

// KTX1KeyValueLie is a 4×4 RGBA8 texture whose bytesOfKeyValueData says
// 0xfffffff0.
func KTX1KeyValueLie() []byte {
	k := ktx1RGBA8(4, 4)
	k.KeyValueBytes = 0xfffffff0
	k.Data = append(binary.LittleEndian.AppendUint32(nil, 64), make([]byte, 64)...)
	return k.Bytes()
}

// KTX1MipCount is a 4×4 RGBA8 texture with numberOfMipmapLevels 0xffffffff.
func KTX1MipCount() []byte {
	k := ktx1RGBA8(4, 4)
	k.Levels = 0xffffffff
	k.Data = append(binary.LittleEndian.AppendUint32(nil, 64), make([]byte, 64)...)
	return k.Bytes()
}

// ASTCFile is an .astc file (astcenc's format): the 16-byte header of the
// given block and image sizes (the image's three 24-bit) and data.
func ASTCFile(bw, bh, bd byte, w, h, d uint32, data []byte) []byte {
	b := []byte{0x13, 0xab, 0xa1, 0x5c, bw, bh, bd}
	for _, v := range []uint32{w, h, d} {
		b = append(b, byte(v), byte(v>>8), byte(v>>16))
	}
	return append(b, data...)
}
