package texfile

import (
	"errors"
	"fmt"
	"math"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// ConvertFormat returns a copy of s with every texel converted to format f
// (same kind, size, levels and layers), within a memory budget of maxBytes
// (0: DefaultMaxBytes) for the new surface and the conversion's row
// buffer: ConvertFormatIn with a fresh budget.
func ConvertFormat(s *surface.Surface, f format.Format, maxBytes int) (*surface.Surface, error) {
	return ConvertFormatIn(s, f, budget.New(int64(maxBytes)))
}

// ConvertFormatIn returns a copy of s with every texel converted to format
// f (same kind, size, levels and layers). Each texel is decoded by package
// format (block-compressed sources through their block decoders) to its
// numeric values, and encoded with f.Encode: unorm, snorm and float values
// as they are (so sRGB sources convert through linear values, and encoding
// clamps to the target's range); integer values (uint, sint) as the
// integers themselves. Block-compressed targets are refused (texunit has
// no encoders), with an error wrapping ErrUnsupported.
//
// The new surface's data is reserved from b (nil: a budget of
// DefaultMaxBytes) before it is allocated, and stays reserved when
// ConvertFormatIn succeeds: the caller releases len(out.Data) bytes when it
// drops the surface (and, typically, s's bytes once it has replaced s by
// the result). The texels are converted a row at a time (a row of blocks
// for block-compressed sources), through one row buffer that is reserved
// while the conversion runs. A refusal wraps the *budget.Error (and so
// ErrTooLarge); nothing stays reserved when ConvertFormatIn fails.
func ConvertFormatIn(s *surface.Surface, f format.Format, b *budget.Budget) (*surface.Surface, error) {
	b = budget.Or(b, 0)
	fail := func(reason string, args ...any) error {
		return fmt.Errorf("converting %v to %v: %s: %w", s.Format, f, fmt.Sprintf(reason, args...), ErrUnsupported)
	}
	if !f.Valid() {
		return nil, fail("not a format")
	}
	if f.Info().Compressed {
		return nil, fail("the target is block-compressed, and texunit has no encoders")
	}
	if f.Info().YCbCr || s.Format.Info().YCbCr {
		return nil, fail("YCbCr formats are not converted (their colours need a Y′CbCr conversion; convert a plane, surface.Plane)")
	}
	if s.Samples != 1 {
		return nil, fail("multisampled surfaces are not converted")
	}
	d := s.Desc
	d.Format = f
	size, ok := dataSize(d)
	if !ok || size > math.MaxInt {
		return nil, fail("the %v surface has no size", f)
	}
	tooLarge := func(err error) error {
		return fmt.Errorf("converting %v to %v: %w", s.Format, f, err)
	}
	if err := b.Reserve("converted texel data", int64(size)); err != nil {
		return nil, tooLarge(err)
	}
	rows := rowBytes(s.Format, s.Width)
	if err := b.Reserve("conversion row buffer", int64(rows)); err != nil {
		b.Release(int64(size))
		return nil, tooLarge(err)
	}
	defer b.Release(int64(rows))
	out, err := surface.NewWithLimit(d, max(int(size), 1))
	if err != nil {
		b.Release(int64(size))
		var se *surface.Error
		if errors.As(err, &se) {
			return nil, fail("%v", err)
		}
		return nil, err
	}
	if err := convertTexels(out, s); err != nil {
		b.Release(int64(size))
		return nil, fail("%v", err)
	}
	return out, nil
}

// convertTexels encodes every texel of s into out (same description but
// the format), a row at a time.
func convertTexels(out, s *surface.Surface) error {
	class := s.Format.Info().Class
	f := out.Format
	var spare [][4]float32 // one buffer for every image
	for l := 0; l < s.Levels; l++ {
		_, _, depth := s.LevelSize(l)
		for layer := 0; layer < s.Layers; layer++ {
			for z := 0; z < depth; z++ {
				ir, err := newImageRows(s, l, layer, z)
				if err != nil {
					return err
				}
				ir.spare = spare
				for y := 0; y < ir.h; y++ {
					for x, v := range ir.row(y) {
						f.Encode(out.Data[out.TexelOffset(l, x, y, z, layer, 0):], numeric(v, class))
					}
				}
				spare = ir.spare
			}
		}
	}
	return nil
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
