package surface

import (
	"encoding/binary"
	"math"
	"runtime"
	"sync"

	"texunit/format"
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
// The stream is a sequence of elements: one per component (one per texel for
// depth formats), in memory order, so for b8g8r8a8 formats B comes first.
// Element k of the whole stream (counting from 0 across all levels) gets
// h = lowbias32(k + lowbias32(seed)) in uint32 arithmetic, and is
//
//   - for 8-bit components, the byte h & 0xff (whatever the numeric type);
//   - for d16_unorm, h >> 16;
//   - for r32_uint, h;
//   - for float components (sfloat formats, d32_sfloat),
//     lo + (hi − lo)·((h >> 8)·2⁻²⁴) computed in float64 and rounded to
//     nearest even float32 or float16,
//
// stored little-endian. lo and hi matter only for float components.
func (s *Surface) FillHash(seed uint32, lo, hi float64) {
	in := s.Format.Info()
	eb := in.ElementBytes
	n := len(s.Data) / eb
	hs := lowbias32(seed)
	scale := hi - lo
	// value is the float an element gets. The explicit float64 conversion
	// keeps the compiler from fusing the multiply and add into an FMA, which
	// would round once where the reference rounds twice.
	value := func(h uint32) float64 { return lo + float64(scale*(float64(h>>8)*0x1p-24)) }
	data := s.Data
	var fill func(lo, hi int)
	switch {
	case eb == 1:
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				data[k] = byte(lowbias32(uint32(k) + hs))
			}
		}
	case s.Format == format.D16Unorm:
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint16(data[2*k:], uint16(lowbias32(uint32(k)+hs)>>16))
			}
		}
	case in.Numeric == format.NumericUint: // r32_uint
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint32(data[4*k:], lowbias32(uint32(k)+hs))
			}
		}
	case eb == 2: // float16
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint16(data[2*k:], format.Float64ToHalf(value(lowbias32(uint32(k)+hs))))
			}
		}
	default: // float32
		fill = func(a, b int) {
			for k := a; k < b; k++ {
				binary.LittleEndian.PutUint32(data[4*k:], math.Float32bits(float32(value(lowbias32(uint32(k)+hs)))))
			}
		}
	}
	parallel(n, len(data), fill)
}

// coordWriter returns the function that stores the coordinate values
// (R, G, B, A) as one texel of format f, following FillCoords.
func coordWriter(f format.Format) func(dst []byte, v *[4]int) {
	in := f.Info()
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
func (s *Surface) FillCoords() {
	in := s.Format.Info()
	write := coordWriter(s.Format)
	tb := s.texelBytes
	slabs := s.Levels * s.Layers // one slab per level and layer
	parallel(slabs, len(s.Data), func(a, b int) {
		var v [4]int
		for slab := a; slab < b; slab++ {
			l, layer := slab/s.Layers, slab%s.Layers
			lv := &s.levels[l]
			off := lv.offset + layer*lv.layerStride
			if in.Depth {
				s.fillDepthSlab(lv, layer, off)
				continue
			}
			for z := range lv.d {
				for y := range lv.h {
					for x := range lv.w {
						for smp := range s.Samples {
							v = [4]int{x, y, z + layer, 16*l + smp}
							write(s.Data[off:off+tb], &v)
							off += tb
						}
					}
				}
			}
		}
	})
}

// fillDepthSlab writes the depth coordinates of one layer of one level.
func (s *Surface) fillDepthSlab(lv *levelLayout, layer, off int) {
	n := float64(lv.w) * float64(lv.h) * float64(lv.d) * float64(s.Layers)
	d16 := s.Format == format.D16Unorm
	i := lv.w * lv.h * lv.d * layer
	for range lv.d {
		for range lv.h {
			for range lv.w {
				v := (float64(i) + 0.5) / n
				for range s.Samples {
					if d16 {
						// float64(·) keeps v·65535 + ½ from fusing into an FMA.
						binary.LittleEndian.PutUint16(s.Data[off:], uint16(math.Floor(float64(v*65535)+0.5)))
					} else {
						binary.LittleEndian.PutUint32(s.Data[off:], math.Float32bits(float32(v)))
					}
					off += s.texelBytes
				}
				i++
			}
		}
	}
}
