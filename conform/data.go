package conform

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// This file builds texel streams: the bytes of a whole texture in the
// oracle's stream order (for level, layer, z, y, x, sample: one texel in the
// format's memory layout), which is also the layout of surface.Surface.Data.
// The generators implement the definitions in the comment at the top of the
// oracle's texoracle.c ("TEXEL DATA / STREAM ORDER"); the live test checks
// them against the oracle's own dump (texoracle -d).

func lowbias32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// streamSize returns the number of bytes of t's whole stream.
func streamSize(t *Texture) int {
	n := 0
	for l := 0; l < t.Levels; l++ {
		s := t.LevelSize(l)
		n += s[0] * s[1] * s[2] * t.Layers * t.Samples * t.Format.Info().Bytes
	}
	return n
}

// newSurface allocates a texunit surface with t's shape.
func (t *Texture) newSurface() (*surface.Surface, error) {
	return surface.New(surface.Desc{Kind: t.Type.Kind, Format: t.Format, Width: t.Width, Height: t.Height,
		Depth: t.Depth, Layers: t.Layers, Levels: t.Levels, Samples: t.Samples})
}

// Stream returns the texel stream of t.
func Stream(t *Texture) ([]byte, error) {
	n := streamSize(t)
	switch t.Data.Mode {
	case DataBytes:
		if len(t.Data.Raw) != n {
			return nil, fmt.Errorf("conform: texture data has %d bytes, the texture needs %d", len(t.Data.Raw), n)
		}
		return append([]byte(nil), t.Data.Raw...), nil
	case DataHash, DataCoords:
		// The oracle's generators are surface's own (checked byte for byte
		// against texoracle -d in surface's tests and in the live test here).
		s, err := t.newSurface()
		if err != nil {
			return nil, err
		}
		if t.Data.Mode == DataHash {
			s.FillHash(t.Data.Seed, t.Data.Lo, t.Data.Hi)
		} else {
			s.FillCoords()
		}
		return s.Data, nil
	case DataLevelConst:
		b := make([]byte, 0, n)
		for l := 0; l < t.Levels; l++ {
			texel := levelConstTexel(t, l)
			s := t.LevelSize(l)
			for k := s[0] * s[1] * s[2] * t.Layers * t.Samples; k > 0; k-- {
				b = append(b, texel...)
			}
		}
		return b, nil
	}
	return nil, fmt.Errorf("conform: unknown data mode %v", t.Data.Mode)
}

// levelConstTexel returns the bytes of the single texel value of level l in
// DataLevelConst mode: hash-generated elements of a stream that has one
// texel per level.
func levelConstTexel(t *Texture, l int) []byte {
	f := t.Format
	in := f.Info()
	eb := in.ElementBytes
	b := make([]byte, in.Bytes)
	hs := lowbias32(t.Data.Seed)
	lo, hi := t.Data.Lo, t.Data.Hi
	for e := 0; e < in.Bytes/eb; e++ {
		h := lowbias32(uint32(l*16+e) + hs)
		switch {
		case eb == 1:
			b[e] = byte(h)
		case f == format.D16Unorm:
			binary.LittleEndian.PutUint16(b[2*e:], uint16(h>>16))
		case eb == 2:
			binary.LittleEndian.PutUint16(b[2*e:], format.Float64ToHalf(lo+(hi-lo)*float64(h>>8)*0x1p-24))
		default:
			binary.LittleEndian.PutUint32(b[4*e:], math.Float32bits(float32(lo+(hi-lo)*float64(h>>8)*0x1p-24)))
		}
	}
	return b
}

// dataRange returns the largest magnitude a decoded texel component of t
// can have (1 for normalized formats), which scales the filtering
// tolerances.
func dataRange(t *Texture) float64 {
	in := t.Format.Info()
	if in.Numeric != format.NumericSfloat {
		return 1
	}
	switch t.Data.Mode {
	case DataHash, DataLevelConst:
		return max(1, math.Abs(t.Data.Lo), math.Abs(t.Data.Hi))
	case DataCoords:
		return float64(max(t.Width, t.Height, t.Depth+t.Layers, 16*t.Levels+t.Samples))
	case DataBytes:
		// Explicit bytes (a hand-written or recorded request): the largest
		// finite magnitude the data holds.
		r := 1.0
		dec := t.Format.Decoder()
		for i := 0; i+in.Bytes <= len(t.Data.Raw); i += in.Bytes {
			for _, v := range dec(t.Data.Raw[i : i+in.Bytes]) {
				if a := math.Abs(float64(v)); a > r && !math.IsInf(a, 0) {
					r = a
				}
			}
		}
		return r
	}
	return 1
}
