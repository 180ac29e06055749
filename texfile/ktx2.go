package texfile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/texunit/texunit/surface"
)

// KTX 2.0 supercompression schemes (KTX 2.0 specification, section 3.8).
const (
	ktx2None   = 0
	ktx2Basis  = 1
	ktx2Zstd   = 2
	ktx2Zlib   = 3
	ktx2Header = 80 // identifier (12) + header (36) + index (32)
)

var ktx2SchemeNames = map[uint32]string{ktx2None: "none", ktx2Basis: "basislz", ktx2Zstd: "zstd", ktx2Zlib: "zlib"}

// ktx2Level is one entry of the level index.
type ktx2Level struct {
	offset, length, uncompressed uint64
}

func (r *reader) decodeKTX2() (*File, error) {
	b := r.b
	if err := r.need("header", 0, ktx2Header); err != nil {
		return nil, err
	}
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	u64 := func(off int) uint64 { return binary.LittleEndian.Uint64(b[off:]) }
	vkFormat := u32(12)
	width, height, depth := u32(20), u32(24), u32(28)
	layerCount, faceCount, levelCount := u32(32), u32(36), u32(40)
	scheme := u32(44)
	dfdOff, dfdLen := uint64(u32(48)), uint64(u32(52))
	kvdOff, kvdLen := uint64(u32(56)), uint64(u32(60))
	sgdOff, sgdLen := u64(64), u64(72)

	// Dimensions (KTX 2.0, 3.4–3.7).
	if width == 0 || width > surface.MaxExtent {
		return nil, r.sizeErr("pixelWidth", 20, width, width == 0)
	}
	if height > surface.MaxExtent {
		return nil, r.sizeErr("pixelHeight", 24, height, false)
	}
	if depth > surface.MaxExtent {
		return nil, r.sizeErr("pixelDepth", 28, depth, false)
	}
	if depth > 0 && height == 0 {
		return nil, r.malformed("pixelDepth", 28, depth, "needs a pixelHeight (a 3D texture cannot be 1D)")
	}
	if layerCount > surface.MaxExtent {
		return nil, r.sizeErr("layerCount", 32, layerCount, false)
	}
	if faceCount != 1 && faceCount != 6 {
		return nil, r.malformed("faceCount", 36, faceCount, "is not 1 or 6")
	}
	if faceCount == 6 && (width != height || depth != 0) {
		return nil, r.malformed("faceCount", 36, faceCount, "needs square faces without depth (pixelWidth %d, pixelHeight %d, pixelDepth %d)", width, height, depth)
	}
	if depth > 0 && layerCount > 0 {
		return nil, r.unsupported("layerCount", 32, layerCount, "with pixelDepth %d: texunit has no 3D array surfaces", depth)
	}
	maxDim := max(width, height, depth)
	full := uint32(0)
	for v := maxDim; v > 0; v >>= 1 {
		full++
	}
	if levelCount > full {
		return nil, r.malformed("levelCount", 40, levelCount, "exceeds the %d levels of a %dx%dx%d texture", full, width, height, depth)
	}
	levels := max(1, levelCount) // 0: the reader may generate the others; the file has one
	schemeName, ok := ktx2SchemeNames[scheme]
	switch {
	case !ok:
		return nil, r.malformed("supercompressionScheme", 44, scheme, "is not a KTX 2.0 scheme (0 none, 1 BasisLZ, 2 zstd, 3 zlib)")
	case scheme == ktx2Basis:
		return nil, r.unsupported("supercompressionScheme", 44, scheme, "(BasisLZ) needs Basis Universal transcoding, which texunit does not do")
	}

	// Format.
	fmtName := vkFormatName(vkFormat)
	if vkFormat == 0 {
		return nil, r.unsupported("vkFormat", 12, vkFormatText(0), "means the data format is given only by the DFD (Basis Universal and other non-Vulkan formats), which texunit does not read")
	}
	f, err := r.parseFormat("vkFormat", 12, vkFormatText(vkFormat), fmtName)
	if err != nil {
		return nil, err
	}
	if f.MultiPlanar() {
		return nil, r.malformed("vkFormat", 12, vkFormatText(vkFormat), "is multi-planar, which KTX 2.0 does not allow")
	}
	if f.Info().YCbCr {
		return nil, r.unsupported("vkFormat", 12, vkFormatText(vkFormat), "is a 4:2:2 YCbCr format, which texunit does not read from KTX 2.0")
	}

	// The index's regions must lie in the file.
	levelIndexEnd := uint64(ktx2Header) + 24*uint64(levels)
	if err := r.need("levelIndex", ktx2Header, 24*uint64(levels)); err != nil {
		return nil, err
	}
	if dfdLen > 0 {
		if err := r.needAt("dfdByteOffset/dfdByteLength", 48, dfdOff, dfdLen); err != nil {
			return nil, err
		}
		if dfdOff < levelIndexEnd {
			return nil, r.malformed("dfdByteOffset", 48, dfdOff, "overlaps the header and level index (which end at byte %d)", levelIndexEnd)
		}
		if dfdLen < 4 || uint64(u32(int(dfdOff))) != dfdLen {
			return nil, r.malformed("dfdTotalSize", int64(dfdOff), u32min(b, dfdOff), "does not equal dfdByteLength %d", dfdLen)
		}
	} else {
		return nil, r.malformed("dfdByteLength", 52, 0, "is 0, but every KTX 2.0 file has a data format descriptor")
	}
	if kvdLen > 0 {
		if err := r.needAt("kvdByteOffset/kvdByteLength", 56, kvdOff, kvdLen); err != nil {
			return nil, err
		}
		if err := r.checkKVD(kvdOff, kvdLen); err != nil {
			return nil, err
		}
	}
	if sgdLen > 0 {
		if err := r.needAt("sgdByteOffset/sgdByteLength", 64, sgdOff, sgdLen); err != nil {
			return nil, err
		}
	}

	// Surface description.
	d := surface.Desc{Format: f, Width: int(width), Height: max(1, int(height)), Depth: max(1, int(depth)), Levels: int(levels)}
	switch {
	case faceCount == 6 && layerCount > 0:
		d.Kind, d.Layers = surface.KindCubeArray, 6*int(layerCount)
		if d.Layers > surface.MaxExtent {
			return nil, r.sizeErr("layerCount", 32, layerCount, false)
		}
	case faceCount == 6:
		d.Kind, d.Layers = surface.KindCube, 6
	case depth > 0:
		d.Kind, d.Layers = surface.Kind3D, 1
	case height == 0 && layerCount > 0:
		d.Kind, d.Layers = surface.Kind1DArray, int(layerCount)
	case height == 0:
		d.Kind, d.Layers = surface.Kind1D, 1
	case layerCount > 0:
		d.Kind, d.Layers = surface.Kind2DArray, int(layerCount)
	default:
		d.Kind, d.Layers = surface.Kind2D, 1
	}

	// Level index: check every level against the file before allocating
	// (the surface is reserved from the budget in newSurface).
	idx := make([]ktx2Level, levels)
	for l := range idx {
		off := ktx2Header + 24*l
		lv := ktx2Level{u64(off), u64(off + 8), u64(off + 16)}
		field := fmt.Sprintf("level[%d]", l)
		if err := r.needAt(field+".byteOffset/byteLength", int64(off), lv.offset, lv.length); err != nil {
			return nil, err
		}
		if lv.length > 0 && lv.offset < levelIndexEnd {
			return nil, r.malformed(field+".byteOffset", int64(off), lv.offset, "points into the header or level index")
		}
		want := levelBytes(d, l)
		if lv.uncompressed != want {
			return nil, r.malformed(field+".uncompressedByteLength", int64(off+16), lv.uncompressed, "is not the %d bytes of a %v %s level %d", want, d.Kind, f, l)
		}
		if scheme == ktx2None && lv.length != want {
			return nil, r.malformed(field+".byteLength", int64(off+8), lv.length, "is not the %d bytes of a %v %s level %d", want, d.Kind, f, l)
		}
		idx[l] = lv
	}
	s, err := r.newSurface(d, ktx2Header)
	if err != nil {
		return nil, err
	}
	for l, lv := range idx {
		dst := s.Data[s.LevelOffset(l):s.LevelOffset(l+1)]
		src := b[lv.offset : lv.offset+lv.length]
		field := fmt.Sprintf("level[%d] data", l)
		switch scheme {
		case ktx2None:
			copy(dst, src)
		case ktx2Zstd:
			if err := r.inflateZstd(dst, src, field, int64(lv.offset)); err != nil {
				return nil, err
			}
		case ktx2Zlib:
			zr, err := zlib.NewReader(bytes.NewReader(src))
			if err != nil {
				return nil, r.malformed(field, int64(lv.offset), nil, "zlib: %v", err)
			}
			n, err := io.ReadFull(zr, dst)
			if err != nil {
				return nil, r.malformed(field, int64(lv.offset), nil, "zlib: inflates to %d bytes, not %d: %v", n, len(dst), err)
			}
			var one [1]byte
			if k, _ := zr.Read(one[:]); k != 0 {
				return nil, r.malformed(field, int64(lv.offset), nil, "zlib: inflates to more than %d bytes", len(dst))
			}
		}
	}
	return &File{Surface: s, Supercompression: schemeName, Header: "vkFormat " + vkFormatText(vkFormat)}, nil
}

// sizeErr reports an extent that is 0 (malformed) or beyond texunit's limit.
func (r *reader) sizeErr(field string, off int64, v uint32, zero bool) error {
	if zero {
		return r.malformed(field, off, v, "must be at least 1")
	}
	return r.unsupported(field, off, v, "exceeds texunit's largest extent %d", surface.MaxExtent)
}

func u32min(b []byte, off uint64) uint32 {
	if off+4 > uint64(len(b)) {
		return 0
	}
	return binary.LittleEndian.Uint32(b[off:])
}

// checkKVD walks the key/value data: each entry is a 4-byte length, a
// NUL-terminated UTF-8 key and a value, padded to 4 bytes.
func (r *reader) checkKVD(off, n uint64) error {
	end := off + n
	for i := 0; off < end; i++ {
		field := fmt.Sprintf("keyValueData[%d]", i)
		if end-off < 4 {
			return r.malformed(field+".keyAndValueByteLength", int64(off), nil, "is cut off by the end of the key/value data at byte %d", end)
		}
		kv := uint64(binary.LittleEndian.Uint32(r.b[off:]))
		if kv > end-off-4 {
			return r.malformed(field+".keyAndValueByteLength", int64(off), kv, "runs past the end of the key/value data at byte %d", end)
		}
		if bytes.IndexByte(r.b[off+4:off+4+kv], 0) < 1 {
			return r.malformed(field+".key", int64(off+4), nil, "is not a non-empty NUL-terminated string")
		}
		off += 4 + kv + (4-kv%4)%4 // valuePadding aligns each entry to 4 bytes
	}
	return nil
}
