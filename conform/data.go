package conform

import (
	"encoding/binary"
	"fmt"
	"math"

	"texunit/format"
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

// Stream returns the texel stream of t.
func Stream(t *Texture) ([]byte, error) {
	in := t.Format.Info()
	n := streamSize(t)
	switch t.Data.Mode {
	case DataBytes:
		if len(t.Data.Raw) != n {
			return nil, fmt.Errorf("conform: texture data has %d bytes, the texture needs %d", len(t.Data.Raw), n)
		}
		return append([]byte(nil), t.Data.Raw...), nil
	case DataHash:
		return hashStream(t, n), nil
	case DataCoords:
		return coordsStream(t, n), nil
	case DataLevelConst:
		b := make([]byte, 0, n)
		for l := 0; l < t.Levels; l++ {
			texel := levelConstTexel(t, l)
			s := t.LevelSize(l)
			for k := s[0] * s[1] * s[2] * t.Layers * t.Samples; k > 0; k-- {
				b = append(b, texel...)
			}
		}
		_ = in
		return b, nil
	}
	return nil, fmt.Errorf("conform: unknown data mode %v", t.Data.Mode)
}

func hashStream(t *Texture, n int) []byte {
	f := t.Format
	in := f.Info()
	eb := in.ElementBytes
	b := make([]byte, n)
	hs := lowbias32(t.Data.Seed)
	lo, hi := t.Data.Lo, t.Data.Hi
	value := func(h uint32) float64 { return lo + float64((hi-lo)*(float64(h>>8)*0x1p-24)) }
	for k := 0; k < n/eb; k++ {
		h := lowbias32(uint32(k) + hs)
		switch {
		case eb == 1:
			b[k] = byte(h)
		case f == format.D16Unorm:
			binary.LittleEndian.PutUint16(b[2*k:], uint16(h>>16))
		case eb == 2:
			binary.LittleEndian.PutUint16(b[2*k:], format.Float64ToHalf(value(h)))
		default:
			binary.LittleEndian.PutUint32(b[4*k:], math.Float32bits(float32(value(h))))
		}
	}
	return b
}

func coordsStream(t *Texture, n int) []byte {
	f := t.Format
	in := f.Info()
	b := make([]byte, 0, n)
	var tmp [16]byte
	for l := 0; l < t.Levels; l++ {
		s := t.LevelSize(l)
		N := float64(s[0]) * float64(s[1]) * float64(s[2]) * float64(t.Layers)
		for L := 0; L < t.Layers; L++ {
			for z := 0; z < s[2]; z++ {
				for y := 0; y < s[1]; y++ {
					for x := 0; x < s[0]; x++ {
						for smp := 0; smp < t.Samples; smp++ {
							if in.Depth {
								i := float64(x) + float64(s[0])*(float64(y)+float64(s[1])*(float64(z)+float64(s[2])*float64(L)))
								v := (i + 0.5) / N
								if f == format.D16Unorm {
									binary.LittleEndian.PutUint16(tmp[:], uint16(math.Floor(float64(v*65535)+0.5)))
								} else {
									binary.LittleEndian.PutUint32(tmp[:], math.Float32bits(float32(v)))
								}
								b = append(b, tmp[:in.Bytes]...)
								continue
							}
							rgba := [4]int{x, y, z + L, 16*l + smp}
							for c := 0; c < in.Components; c++ {
								lc := c
								if in.BGRA && (c == 0 || c == 2) {
									lc = 2 - c
								}
								v := rgba[lc]
								switch {
								case in.ElementBytes == 1 && in.Numeric == format.NumericSnorm:
									b = append(b, byte(v&127))
								case in.ElementBytes == 1:
									b = append(b, byte(v&255))
								case in.ElementBytes == 2:
									b = binary.LittleEndian.AppendUint16(b, format.Float64ToHalf(float64(v)))
								default:
									b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(v)))
								}
							}
						}
					}
				}
			}
		}
	}
	return b
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
	}
	return 1
}
