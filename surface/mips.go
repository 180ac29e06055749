package surface

import (
	"math"

	"texunit/format"
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
// Block-compressed formats (which would need an encoder) and multisampled
// surfaces give an *Error; a surface with one level is left unchanged.
func (s *Surface) GenerateMips() error {
	if s.Levels == 1 {
		return nil
	}
	in := s.Format.Info()
	if in.Compressed {
		return errorf("format", s.Format, "is block-compressed: mip generation needs an encoder, which texunit does not have")
	}
	if s.Samples != 1 {
		return errorf("samples", s.Samples, "multisampled surfaces have no mip levels")
	}
	read, write, err := mipCodec(s.Format)
	if err != nil {
		return err
	}
	for l := 1; l < s.Levels; l++ {
		sw, sh, sd := s.LevelSize(l - 1)
		dw, dh, dd := s.LevelSize(l)
		src := make([][4]float64, sw*sh*sd)
		// The taps of each destination column, row and slice, once per level.
		taps := func(n, m int) [][]mipTap {
			t := make([][]mipTap, m)
			for i := range t {
				t[i] = mipTaps(n, i)
			}
			return t
		}
		tapsX, tapsY, tapsZ := taps(sw, dw), taps(sh, dh), taps(sd, dd)
		for layer := 0; layer < s.Layers; layer++ {
			for z := 0; z < sd; z++ {
				for y := 0; y < sh; y++ {
					for x := 0; x < sw; x++ {
						src[(z*sh+y)*sw+x] = read(s.Data[s.TexelOffset(l-1, x, y, z, layer, 0):])
					}
				}
			}
			for z := 0; z < dd; z++ {
				tz := tapsZ[z]
				for y := 0; y < dh; y++ {
					ty := tapsY[y]
					for x := 0; x < dw; x++ {
						tx := tapsX[x]
						var sum [4]float64
						for _, a := range tz {
							for _, b := range ty {
								for _, c := range tx {
									wt := a.weight * b.weight * c.weight
									p := &src[(a.src*sh+b.src)*sw+c.src]
									for k := range sum {
										sum[k] += wt * p[k]
									}
								}
							}
						}
						first := src[(tz[0].src*sh+ty[0].src)*sw+tx[0].src]
						write(s.Data[s.TexelOffset(l, x, y, z, layer, 0):], sum, first)
					}
				}
			}
		}
	}
	return nil
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
// levels GenerateMips fills. maxBytes limits its size as in NewWithLimit.
func WithMips(src *Surface, levels, maxBytes int) (*Surface, error) {
	d := src.Desc
	d.Levels = levels
	dst, err := NewWithLimit(d, maxBytes)
	if err != nil {
		return nil, err
	}
	copy(dst.Data[:dst.LevelOffset(1)], src.Data[:src.LevelOffset(1)])
	if err := dst.GenerateMips(); err != nil {
		return nil, err
	}
	return dst, nil
}
