package surface

import (
	"math"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
)

// mipTap is one source texel of a destination texel along one axis.
type mipTap struct {
	src    int
	weight float64
}

// mipTaps returns the box filter along an axis of n source texels for
// destination texel i of the next level (size max(1, ⌊n/2⌋)):
//
//   - n = 1: the texel itself, weight 1;
//   - n even: texels 2i and 2i+1, weights ½ and ½;
//   - n odd (n = 2m+1 > 1): texels 2i, 2i+1 and 2i+2 with weights
//     (m−i)/n, m/n and (i+1)/n, the exact box over the n/m source texels
//     the destination texel covers (the polyphase box of non-power-of-two
//     mipmapping; the weights sum to 1).
func mipTaps(n, i int) []mipTap {
	switch {
	case n == 1:
		return []mipTap{{0, 1}}
	case n%2 == 0:
		return []mipTap{{2 * i, 0.5}, {2*i + 1, 0.5}}
	}
	m := float64(n / 2)
	fn := float64(n)
	return []mipTap{{2 * i, (m - float64(i)) / fn}, {2*i + 1, m / fn}, {2*i + 2, float64(i+1) / fn}}
}

// GenerateMips fills mip levels 1 … Levels−1 of s, each from the level above
// it, with a box filter (see mipTaps for the exact weights, which handle
// odd sizes without dropping texels), separably in x, y and z. Array layers
// and cube faces are filtered independently.
//
// Texels are averaged as the values package format decodes, in float64:
//
//   - unorm, snorm, sfloat, ufloat and depth formats average the decoded
//     values and encode the mean (rounded to nearest, ties to even);
//   - sRGB formats average in linear space (decoded R, G, B) and encode
//     the mean with the sRGB transfer function; alpha is linear already;
//   - integer formats (uint, sint, uscaled, sscaled) average the integers
//     and round the mean to the nearest integer, ties to even;
//   - stencil (s8_uint and the stencil of depth/stencil formats) is not
//     averaged: it takes the stencil of the first source texel of the
//     footprint (texel (2x, 2y, 2z)), since stencil values are not
//     quantities; the depth of a depth/stencil format is averaged.
//
// The sum of a destination texel runs over its taps in z, then y, then x,
// each adding (wz·wy·wx)·value. The source texels are decoded a row at a
// time into a cache of the at most 3×3 rows (3 rows of up to 3 slices)
// that one destination row reads, so the memory it takes is 9 rows of the
// level's width at 32 bytes per texel (see MipRowCacheBytes), not a level.
//
// Block-compressed formats (which would need an encoder) and multisampled
// surfaces give an *Error; a surface with one level is left unchanged.
func (s *Surface) GenerateMips() error {
	if err := s.mipsSupported(); err != nil || s.Levels == 1 {
		return err
	}
	return s.generateMips()
}

// mipsSupported reports the *Error of GenerateMips for surfaces of the
// normalised description d that it cannot filter (nil when it can, or when
// there is nothing to filter).
func (d *Desc) mipsSupported() error {
	if d.Levels == 1 {
		return nil
	}
	if d.Format.Info().Compressed {
		return errorf("format", d.Format, "is block-compressed: mip generation needs an encoder, which texunit does not have")
	}
	if d.Samples != 1 {
		return errorf("samples", d.Samples, "multisampled surfaces have no mip levels")
	}
	return nil
}

// MipRowCacheBytes returns the memory GenerateMips uses for its row cache
// on a surface whose level 0 is width texels wide: 9 rows of 32 bytes per
// texel (four float64 values).
func MipRowCacheBytes(width int) int64 { return 9 * 32 * int64(width) }

// mipRow is a decoded source row in the row cache: row y of slice z.
type mipRow struct {
	z, y int
	px   [][4]float64
}

func (s *Surface) generateMips() error {
	read, write, err := mipCodec(s.Format)
	if err != nil {
		return err
	}
	// The row cache: 9 rows of level 0's width, reused for every level.
	var cache [9]mipRow
	for i := range cache {
		cache[i] = mipRow{z: -1, y: -1, px: make([][4]float64, s.Width)}
	}
	taps := func(n, m int) [][]mipTap {
		t := make([][]mipTap, m)
		for i := range t {
			t[i] = mipTaps(n, i)
		}
		return t
	}
	var rows [3][3][][4]float64 // rows[a][b]: the row of tap a in z, tap b in y
	for l := 1; l < s.Levels; l++ {
		sw, sh, sd := s.LevelSize(l - 1)
		dw, dh, dd := s.LevelSize(l)
		// The taps of each destination column, row and slice, once per level.
		tapsX, tapsY, tapsZ := taps(sw, dw), taps(sh, dh), taps(sd, dd)
		for layer := 0; layer < s.Layers; layer++ {
			for i := range cache {
				cache[i].z, cache[i].y = -1, -1
			}
			for z := 0; z < dd; z++ {
				tz := tapsZ[z]
				for y := 0; y < dh; y++ {
					ty := tapsY[y]
					// Find or decode the rows this destination row reads;
					// a row is decoded into a slot no tap of this row uses.
					var used [9]bool
					for ai, a := range tz {
						for bi, b := range ty {
							slot := -1
							for i := range cache {
								if cache[i].z == a.src && cache[i].y == b.src {
									slot = i
									break
								}
							}
							if slot < 0 {
								for i := range cache {
									if !used[i] && !mipRowWanted(cache[i], tz, ty) {
										slot = i
										break
									}
								}
								c := &cache[slot]
								c.z, c.y = a.src, b.src
								for x := 0; x < sw; x++ {
									c.px[x] = read(s.Data[s.TexelOffset(l-1, x, b.src, a.src, layer, 0):])
								}
							}
							used[slot] = true
							rows[ai][bi] = cache[slot].px
						}
					}
					for x := 0; x < dw; x++ {
						tx := tapsX[x]
						var sum [4]float64
						for ai, a := range tz {
							for bi, b := range ty {
								row := rows[ai][bi]
								for _, c := range tx {
									wt := a.weight * b.weight * c.weight
									p := &row[c.src]
									for k := range sum {
										sum[k] += wt * p[k]
									}
								}
							}
						}
						first := rows[0][0][tx[0].src]
						write(s.Data[s.TexelOffset(l, x, y, z, layer, 0):], sum, first)
					}
				}
			}
		}
	}
	return nil
}

// mipRowWanted reports whether a cached row is one of those the taps tz,
// ty read.
func mipRowWanted(r mipRow, tz, ty []mipTap) bool {
	for _, a := range tz {
		for _, b := range ty {
			if r.z == a.src && r.y == b.src {
				return true
			}
		}
	}
	return false
}

// mipCodec returns how GenerateMips reads a texel of f to four values and
// writes the mean back (first is the footprint's first texel, for stencil).
func mipCodec(f format.Format) (read func([]byte) [4]float64, write func(dst []byte, mean, first [4]float64), err error) {
	in := f.Info()
	if in.Depth && in.Stencil {
		df, doff, err1 := f.AspectFormat(format.AspectDepth)
		sf, soff, err2 := f.AspectFormat(format.AspectStencil)
		if err1 != nil || err2 != nil {
			return nil, nil, errorf("format", f, "has no depth and stencil aspects to filter")
		}
		dDec, sDec := df.Decoder(), sf.Decoder()
		read = func(b []byte) [4]float64 {
			d := dDec(b[doff:])
			st := sDec(b[soff:])
			return [4]float64{float64(d[0]), float64(math.Float32bits(st[0])), 0, 0}
		}
		write = func(dst []byte, mean, first [4]float64) {
			f.Encode(dst, [4]float64{mean[0], first[1], 0, 0})
		}
		return read, write, nil
	}
	dec := f.Decoder()
	switch in.Class {
	case format.ClassUint:
		read = func(b []byte) [4]float64 {
			v := dec(b)
			return [4]float64{float64(math.Float32bits(v[0])), float64(math.Float32bits(v[1])), float64(math.Float32bits(v[2])), float64(math.Float32bits(v[3]))}
		}
	case format.ClassSint:
		read = func(b []byte) [4]float64 {
			v := dec(b)
			return [4]float64{float64(int32(math.Float32bits(v[0]))), float64(int32(math.Float32bits(v[1]))), float64(int32(math.Float32bits(v[2]))), float64(int32(math.Float32bits(v[3])))}
		}
	default:
		read = func(b []byte) [4]float64 {
			v := dec(b)
			return [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])}
		}
	}
	write = func(dst []byte, mean, _ [4]float64) { f.Encode(dst, mean) }
	if in.Stencil {
		write = func(dst []byte, _, first [4]float64) { f.Encode(dst, first) }
	}
	return read, write, nil
}

// WithMips returns a new surface with the description of src but levels mip
// levels (0: the full chain), whose level 0 is src's level 0 and whose other
// levels GenerateMips fills. maxBytes (0: DefaultMaxBytes) is the memory
// budget of the new surface and the row cache together: WithMipsIn with a
// fresh budget of maxBytes.
func WithMips(src *Surface, levels, maxBytes int) (*Surface, error) {
	return WithMipsIn(src, levels, budget.New(int64(maxBytes)))
}

// WithMipsIn is WithMips within the budget b (nil: a budget of
// DefaultMaxBytes, which is budget.Default). The new surface's data is
// reserved from b before it is allocated, and so is GenerateMips' row cache
// (MipRowCacheBytes) while it runs. When WithMipsIn succeeds the new
// surface's data stays reserved: the caller releases len(dst.Data) bytes
// when it drops the surface (and, typically, src's bytes once dst replaces
// it). A refusal is the budget's *budget.Error (wrapping
// budget.ErrExceeded), and nothing stays reserved when WithMipsIn fails.
func WithMipsIn(src *Surface, levels int, b *budget.Budget) (*Surface, error) {
	b = budget.Or(b, 0)
	d := src.Desc
	d.Levels = levels
	if err := d.normalise(); err != nil {
		return nil, err
	}
	if err := d.mipsSupported(); err != nil {
		return nil, err
	}
	size, err := SizeOf(d)
	if err != nil {
		return nil, err
	}
	if err := b.Reserve("mip chain", size); err != nil {
		return nil, err
	}
	dst, err := NewWithLimit(d, int(min(max(size, 1), math.MaxInt)))
	if err != nil {
		b.Release(size)
		return nil, err
	}
	copy(dst.Data[:dst.LevelOffset(1)], src.Data[:src.LevelOffset(1)])
	if dst.Levels == 1 {
		return dst, nil
	}
	cache := MipRowCacheBytes(dst.Width)
	if err := b.Reserve("mip row cache", cache); err != nil {
		b.Release(size)
		return nil, err
	}
	defer b.Release(cache)
	if err := dst.generateMips(); err != nil {
		b.Release(size)
		return nil, err
	}
	return dst, nil
}
