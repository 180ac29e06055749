package surface

import (
	"encoding/binary"
	"math"
	"runtime"
	"sync"

	"github.com/texunit/texunit/format"
)

// lowbias32 is Chris Wellons' 32-bit integer hash ("lowbias32").
func lowbias32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// parallelMin is the number of bytes below which the fills run on one
// goroutine.
const parallelMin = 1 << 20

// parallel runs fn(lo, hi) over [0, n) in chunks, concurrently when the work
// (bytes in all) is large.
func parallel(n, bytes int, fn func(lo, hi int)) {
	workers := runtime.GOMAXPROCS(0)
	if bytes < parallelMin || workers < 2 || n < 2 {
		fn(0, n)
		return
	}
	chunks := min(n, 4*workers)
	var wg sync.WaitGroup
	for c := range chunks {
		lo, hi := n*c/chunks, n*(c+1)/chunks
		wg.Go(func() { fn(lo, hi) })
	}
	wg.Wait()
}

// FillHash fills Data with the hash generator of the reference harness.
//
// The stream is a sequence of elements of format.Info.ElementBytes bytes: one
// per component for formats with 8-, 16- and 32-bit components, in memory
// order (so for b8g8r8a8 formats B comes first); one per texel for packed,
// depth and stencil formats; one per byte for block-compressed formats.
// Element k of the whole stream (counting from 0 across all levels) gets
// h = lowbias32(k + lowbias32(seed)) in uint32 arithmetic, and is
//
//   - for 8-bit elements (8-bit components whatever the numeric type,
//     r4g4_unorm_pack8, s8_uint, and every byte of block-compressed data),
//     the byte h & 0xff;
//   - for 16-bit elements other than float16 (d16_unorm, 16-bit unorm,
//     snorm, scaled and integer components, packed 16-bit formats), h >> 16;
//   - for 32-bit elements other than float32 (r32_uint and the other 32-bit
//     integers, packed 32-bit formats, x8_d24_unorm_pack32,
//     d24_unorm_s8_uint), h;
//   - for float components (sfloat formats, d32_sfloat),
//     lo + (hi − lo)·((h >> 8)·2⁻²⁴) computed in float64 and rounded to
//     nearest even float32 or float16;
//   - for b10g11r11_ufloat_pack32 and e5b9g9r9_ufloat_pack32, components
//     R, G, B = lo + (hi − lo)·u with u = ((h >> 10c) & 0x3ff)·2⁻¹⁰ for
//     c = 0, 1, 2, computed in float64 and encoded with
//     format.Float64ToUFloat11/10 or format.Float64ToRGB9E5 (negative values
//     become 0);
//   - for d16_unorm_s8_uint, depth h >> 16 and stencil h & 0xff; for
//     d32_sfloat_s8_uint, depth as a float component, stencil h & 0xff and
//     three zero bytes,
//
// stored little-endian. lo and hi matter only for float components. A
// multi-planar surface fills plane p as a surface of the plane's format
// with seed seed+p (Plane).
// Block-compressed data made this way is whatever those bytes decode to
// (reserved BC6H/BC7 modes and invalid ASTC blocks decode to the format's
// error colour).
func (s *Surface) FillHash(seed uint32, lo, hi float64) {
	for p, ps := range s.planes {
		ps.FillHash(seed+uint32(p), lo, hi)
	}
	if s.planes != nil {
		return
	}
	in := s.Format.Info()
	eb := in.ElementBytes
	n := s.LinearBytes() / eb
	hs := lowbias32(seed)
	scale := hi - lo
	// value is the float an element gets. The explicit float64 conversion
	// keeps the compiler from fusing the multiply and add into an FMA, which
	// would round once where the reference rounds twice.
	value := func(h uint32) float64 { return lo + float64(scale*(float64(h>>8)*0x1p-24)) }
	// fill writes elements lo..hi−1 of the linear stream, element k at
	// element k−base of data: Data itself for a linear surface, one image
	// at a time for the others (forEachImage).
	data, base := s.Data, 0
	var fill func(lo, hi int)
	packedFloat := func(a, b int, enc func(v [3]float64) uint32) {
		for k := a; k < b; k++ {
			h := lowbias32(uint32(k) + hs)
			var v [3]float64
			for c := range v {
				v[c] = lo + float64(scale*(float64(h>>(10*c)&0x3ff)*0x1p-10))
			}
			binary.LittleEndian.PutUint32(data[4*(k-base):], enc(v))
		}
	}
	switch {
	case eb == 1: // 8-bit components, r4g4_unorm_pack8, s8_uint, block-compressed bytes
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				data[k-base] = byte(lowbias32(uint32(k) + hs))
			}
		}
	case s.Format == format.D16Unorm:
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint16(data[2*(k-base):], uint16(lowbias32(uint32(k)+hs)>>16))
			}
		}
	case s.Format == format.B10G11R11UfloatPack32:
		fill = func(a, b int) {
			packedFloat(a, b, func(v [3]float64) uint32 {
				return format.Float64ToUFloat11(v[0]) | format.Float64ToUFloat11(v[1])<<11 | format.Float64ToUFloat10(v[2])<<22
			})
		}
	case s.Format == format.E5B9G9R9UfloatPack32:
		fill = func(a, b int) {
			packedFloat(a, b, func(v [3]float64) uint32 { return format.Float64ToRGB9E5(v[0], v[1], v[2]) })
		}
	case s.Format == format.D16UnormS8Uint:
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				h := lowbias32(uint32(k) + hs)
				binary.LittleEndian.PutUint16(data[3*(k-base):], uint16(h>>16))
				data[3*(k-base)+2] = byte(h)
			}
		}
	case s.Format == format.D32SfloatS8Uint:
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				h := lowbias32(uint32(k) + hs)
				binary.LittleEndian.PutUint32(data[8*(k-base):], math.Float32bits(float32(value(h))))
				binary.LittleEndian.PutUint32(data[8*(k-base)+4:], h&0xff)
			}
		}
	case eb == 2 && in.Numeric != format.NumericSfloat: // 16-bit integer components, packed 16-bit formats
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint16(data[2*(k-base):], uint16(lowbias32(uint32(k)+hs)>>16))
			}
		}
	case eb == 4 && in.Numeric != format.NumericSfloat: // r32_uint, other 32-bit integers, packed 32-bit formats
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint32(data[4*(k-base):], lowbias32(uint32(k)+hs))
			}
		}
	case eb == 2: // float16
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint16(data[2*(k-base):], format.Float64ToHalf(value(lowbias32(uint32(k)+hs))))
			}
		}
	default: // float32
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint32(data[4*(k-base):], math.Float32bits(float32(value(lowbias32(uint32(k)+hs)))))
			}
		}
	}
	if s.Layout == LayoutLinear {
		parallel(n, len(data), fill)
		return
	}
	s.forEachImage(func(lin []byte, offset int) {
		data, base = lin, offset/eb
		parallel(len(lin)/eb, len(lin), func(a, b int) { fill(base+a, base+b) })
	})
}

// coordWriter returns the function that stores the coordinate values
// (R, G, B, A) as one texel of format f, following FillCoords.
func coordWriter(f format.Format) func(dst []byte, v *[4]int) {
	in := f.Info()
	if f > format.D32Sfloat {
		return genericCoordWriter(f)
	}
	n := in.Components
	order := [4]int{0, 1, 2, 3}
	if in.BGRA {
		order = [4]int{2, 1, 0, 3}
	}
	switch {
	case in.ElementBytes == 1:
		mask := 255
		if in.Numeric == format.NumericSnorm {
			mask = 127
		}
		return func(dst []byte, v *[4]int) {
			for i := range n {
				dst[i] = byte(v[order[i]] & mask)
			}
		}
	case in.Numeric == format.NumericUint: // r32_uint
		return func(dst []byte, v *[4]int) {
			for i := range n {
				binary.LittleEndian.PutUint32(dst[4*i:], uint32(v[i]))
			}
		}
	case in.ElementBytes == 2: // float16
		return func(dst []byte, v *[4]int) {
			for i := range n {
				binary.LittleEndian.PutUint16(dst[2*i:], format.Float64ToHalf(float64(v[i])))
			}
		}
	default: // float32
		return func(dst []byte, v *[4]int) {
			for i := range n {
				binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(float32(v[i])))
			}
		}
	}
}

// FillCoords fills Data with the coordinates generator of the reference
// harness: every sample of every texel holds its own coordinates,
// R = x, G = y, B = z + layer, A = 16·level + sample.
//
// 8-bit unorm, srgb, uint and sint components store the value & 255 and snorm
// components the value & 127; float components store the value (rounded to
// float16 for 16-bit floats); r32_uint stores the value. Formats with fewer
// than four components store R, or R and G.
//
// Depth formats store instead the texel's position within its level: with
// i = x + w·(y + h·(z + d·layer)) and N = w·h·d·layers (w, h, d the level's
// size), d32_sfloat stores float32((i + ½)/N) computed in float64, and
// d16_unorm stores ⌊(i + ½)/N·65535 + ½⌋. All samples of a texel are equal.
//
// The formats added after the original sixteen follow the same rules per
// component: the code of a b-bit unorm, srgb, uint, uscaled, sint or sscaled
// component is the value & (2^b−1) (sint and sscaled codes are two's
// complement, so 200 in 8 bits reads −56), of a b-bit snorm component the
// value & (2^(b−1)−1); float components store the value (rounded to nearest
// for float16, the 11- and 10-bit floats and the shared-exponent format, as
// Format.Encode rounds); a8_unorm stores A. Depth components store the
// position as above, as a 16-bit or 24-bit UNORM code ⌊(i + ½)/N·(2^b−1) + ½⌋
// or a float32; stencil components (s8_uint and the depth/stencil formats)
// store x & 255.
//
// Block-compressed and 4:2:2 formats cannot hold arbitrary values per
// texel: FillCoords leaves their data unchanged (CoordsSupported reports
// false).
func (s *Surface) FillCoords() {
	for _, ps := range s.planes {
		ps.FillCoords()
	}
	if s.planes != nil {
		return
	}
	in := s.Format.Info()
	if !CoordsSupported(s.Format) {
		return
	}
	write := coordWriter(s.Format)
	tb := s.texelBytes
	tiled := s.Layout != LayoutLinear
	slabs := s.Levels * s.Layers // one slab per level and layer
	parallel(slabs, len(s.Data), func(a, b int) {
		var v [4]int
		for slab := a; slab < b; slab++ {
			l, layer := slab/s.Layers, slab%s.Layers
			lv := &s.levels[l]
			off := lv.offset + layer*lv.layerStride
			if in.Depth {
				s.fillDepthSlab(l, layer, off)
				continue
			}
			for z := range lv.d {
				for y := range lv.h {
					for x := range lv.w {
						for smp := range s.Samples {
							v = [4]int{x, y, z + layer, 16*l + smp}
							o := off // the linear layout's offset
							if tiled {
								o = s.TexelOffset(l, x, y, z, layer, smp)
							}
							write(s.Data[o:o+tb], &v)
							off += tb
						}
					}
				}
			}
		}
	})
}

// fillDepthSlab writes the depth coordinates of layer `layer` of level l,
// which starts at off in the linear layout.
func (s *Surface) fillDepthSlab(l, layer, off int) {
	lv := &s.levels[l]
	n := float64(lv.w) * float64(lv.h) * float64(lv.d) * float64(s.Layers)
	d16 := s.Format == format.D16Unorm
	generic := s.Format > format.D32Sfloat
	tiled := s.Layout != LayoutLinear
	i := lv.w * lv.h * lv.d * layer
	for z := range lv.d {
		for y := range lv.h {
			for x := range lv.w {
				v := (float64(i) + 0.5) / n
				for smp := range s.Samples {
					o := off
					if tiled {
						o = s.TexelOffset(l, x, y, z, layer, smp)
					}
					if generic {
						s.Format.Encode(s.Data[o:], [4]float64{depthCode(s.Format, v), float64(x & 255)})
					} else if d16 {
						// float64(·) keeps v·65535 + ½ from fusing into an FMA.
						binary.LittleEndian.PutUint16(s.Data[o:], uint16(math.Floor(float64(v*65535)+0.5)))
					} else {
						binary.LittleEndian.PutUint32(s.Data[o:], math.Float32bits(float32(v)))
					}
					off += s.texelBytes
				}
				i++
			}
		}
	}
}

// genericCoordWriter is coordWriter for the formats added after the
// original sixteen: each stored component's code is derived from the value as
// FillCoords describes and written with Format.Encode.
func genericCoordWriter(f format.Format) func(dst []byte, v *[4]int) {
	in := f.Info()
	return func(dst []byte, v *[4]int) {
		var val [4]float64
		if in.Stencil { // s8_uint
			val[0] = float64(v[0] & 255)
		}
		for c := range 4 {
			b := in.Bits[c]
			if b == 0 {
				continue
			}
			mask := 1<<b - 1
			switch in.Numeric {
			case format.NumericUnorm:
				val[c] = float64(v[c]&mask) / float64(mask)
			case format.NumericSrgb:
				val[c] = float64(v[c]&mask) / float64(mask)
				if c < 3 {
					val[c] = float64(format.SRGBToLinear(uint8(v[c] & mask)))
				}
			case format.NumericSnorm:
				val[c] = float64(v[c]&(mask>>1)) / float64(mask>>1)
			case format.NumericUint, format.NumericUscaled:
				val[c] = float64(v[c] & mask)
			case format.NumericSint, format.NumericSscaled:
				x := v[c] & mask
				if x > mask>>1 {
					x -= mask + 1
				}
				val[c] = float64(x)
			default: // sfloat, ufloat
				val[c] = float64(v[c])
			}
		}
		f.Encode(dst, val)
	}
}

// depthCode returns what FillCoords stores as the depth of a texel at
// position v = (i + ½)/N: the UNORM code ⌊v·(2^b−1) + ½⌋ of a b-bit depth as
// the value code/(2^b−1) that Format.Encode turns back into that code, or v
// rounded to float32 for float depth.
func depthCode(f format.Format, v float64) float64 {
	var m float64
	switch f {
	case format.D16Unorm, format.D16UnormS8Uint:
		m = 65535
	case format.X8D24UnormPack32, format.D24UnormS8Uint:
		m = 1<<24 - 1
	default:
		return float64(float32(v))
	}
	// float64(·) keeps v·m + ½ from fusing into an FMA.
	return math.Floor(float64(v*m)+0.5) / m
}

// CoordsSupported reports whether FillCoords can fill surfaces of format f:
// every valid uncompressed format but the single-plane 4:2:2 ones, whose
// 2×1 blocks share their chroma (a multi-planar surface fills each plane).
func CoordsSupported(f format.Format) bool {
	return f.Valid() && !f.Info().Compressed && f.Info().BlockWidth == 1
}
