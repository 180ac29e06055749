package texfile

import (
	"fmt"
	"math"

	"texunit/format"
	"texunit/surface"
)

// ConvertFormat returns a copy of s with every texel converted to format f
// (same kind, size, levels and layers), within maxBytes (as
// surface.NewWithLimit). Each texel is decoded by package format
// (block-compressed sources through their block decoders) to its numeric
// values, and encoded with f.Encode: unorm, snorm and float values as they
// are (so sRGB sources convert through linear values, and encoding clamps
// to the target's range); integer values (uint, sint) as the integers
// themselves. Block-compressed targets are refused (texunit has no
// encoders), with an error wrapping ErrUnsupported.
func ConvertFormat(s *surface.Surface, f format.Format, maxBytes int) (*surface.Surface, error) {
	fail := func(reason string, args ...any) error {
		return fmt.Errorf("converting %v to %v: %s: %w", s.Format, f, fmt.Sprintf(reason, args...), ErrUnsupported)
	}
	if !f.Valid() {
		return nil, fail("not a format")
	}
	if f.Info().Compressed {
		return nil, fail("the target is block-compressed, and texunit has no encoders")
	}
	if s.Samples != 1 {
		return nil, fail("multisampled surfaces are not converted")
	}
	d := s.Desc
	d.Format = f
	out, err := surface.NewWithLimit(d, maxBytes)
	if err != nil {
		return nil, err
	}
	class := s.Format.Info().Class
	for l := 0; l < s.Levels; l++ {
		_, _, depth := s.LevelSize(l)
		for layer := 0; layer < s.Layers; layer++ {
			for z := 0; z < depth; z++ {
				px, w, h, err := decodeImage(s, l, layer, z)
				if err != nil {
					return nil, fail("%v", err)
				}
				for y := 0; y < h; y++ {
					for x := 0; x < w; x++ {
						f.Encode(out.Data[out.TexelOffset(l, x, y, z, layer, 0):], numeric(px[y*w+x], class))
					}
				}
			}
		}
	}
	return out, nil
}

// numeric returns the values a decoded texel stands for: the floats, or the
// integers carried in their bits.
func numeric(v [4]float32, c format.Class) [4]float64 {
	var r [4]float64
	for i, x := range v {
		switch c {
		case format.ClassUint:
			r[i] = float64(math.Float32bits(x))
		case format.ClassSint:
			r[i] = float64(int32(math.Float32bits(x)))
		default:
			r[i] = float64(x)
		}
	}
	return r
}
