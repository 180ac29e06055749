package texfile

import (
	"fmt"

	"texunit/surface"
)

// decodeImage decodes slice z of array layer `layer` of mip level `level`
// of s to one RGBA value per texel, row-major, as package format decodes
// them (integer classes carry integer bits in the floats). Block-compressed
// formats go through Format.BlockDecoder.
func decodeImage(s *surface.Surface, level, layer, z int) ([][4]float32, int, int, error) {
	if level < 0 || level >= s.Levels {
		return nil, 0, 0, fmt.Errorf("level %d is out of range (0..%d)", level, s.Levels-1)
	}
	if layer < 0 || layer >= s.Layers {
		return nil, 0, 0, fmt.Errorf("layer %d is out of range (0..%d)", layer, s.Layers-1)
	}
	w, h, d := s.LevelSize(level)
	if z < 0 || z >= d {
		return nil, 0, 0, fmt.Errorf("slice %d is out of range (0..%d)", z, d-1)
	}
	if s.Samples != 1 {
		return nil, 0, 0, fmt.Errorf("multisampled surfaces are not written to files")
	}
	out := make([][4]float32, w*h)
	in := s.Format.Info()
	if !in.Compressed {
		dec := s.Format.Decoder()
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				out[y*w+x] = dec(s.Data[s.TexelOffset(level, x, y, z, layer, 0):])
			}
		}
		return out, w, h, nil
	}
	dec := s.Format.BlockDecoder()
	if dec == nil {
		return nil, 0, 0, fmt.Errorf("format %v has no block decoder", s.Format)
	}
	bw, bh, bb := in.BlockWidth, in.BlockHeight, in.Bytes
	bx, by := (w+bw-1)/bw, (h+bh-1)/bh
	imageBytes := bx * by * bb
	base := s.LevelOffset(level) + (layer*d+z)*imageBytes
	tmp := make([][4]float32, bw*bh)
	for j := 0; j < by; j++ {
		for i := 0; i < bx; i++ {
			off := base + (j*bx+i)*bb
			dec(s.Data[off:off+bb], tmp)
			for y := 0; y < bh && j*bh+y < h; y++ {
				for x := 0; x < bw && i*bw+x < w; x++ {
					out[(j*bh+y)*w+i*bw+x] = tmp[y*bw+x]
				}
			}
		}
	}
	return out, w, h, nil
}
