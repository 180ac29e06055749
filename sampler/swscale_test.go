package sampler

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// swscaleTolerance is how far texunit's conversion, scaled by swscale's
// white level and clamped to [0, 1] as swscale clamps, may lie from
// swscale's: its fixed-point arithmetic (14-bit coefficients, 15-bit
// intermediates with accurate_rnd) and its chroma interpolation weights in
// 1/16384 steps (see testdata/swscale/README.md).
const swscaleTolerance = 0x1p-13

// TestYCbCrSwscale compares the conversion with ffmpeg's swscale on the
// frames of testdata/swscale (made by make.sh): each texel centre sampled
// with the nearest filter through explicit reconstruction with the linear
// chroma filter, the chroma locations swscale was given, against
// swscale's full-chroma bilinear conversion to planar float RGB.
func TestYCbCrSwscale(t *testing.T) {
	const w, h = 32, 24
	for _, c := range []struct {
		name  string
		f     format.Format
		model YCbCrModel
		rng   YCbCrRange
		x, y  ChromaLocation
	}{
		{"nv12_709_tv_center", format.G8B8R82Plane420Unorm, YCbCr709, RangeITUNarrow, ChromaMidpoint, ChromaMidpoint},
		{"nv12_709_tv_left", format.G8B8R82Plane420Unorm, YCbCr709, RangeITUNarrow, ChromaCositedEven, ChromaMidpoint},
		{"yuv420p_601_pc_center", format.G8B8R83Plane420Unorm, YCbCr601, RangeITUFull, ChromaMidpoint, ChromaMidpoint},
		{"p010_2020_tv_center", format.G10X6B10X6R10X62Plane420Unorm3Pack16, YCbCr2020, RangeITUNarrow, ChromaMidpoint, ChromaMidpoint},
		{"yuv422p_709_tv_left", format.G8B8R83Plane422Unorm, YCbCr709, RangeITUNarrow, ChromaCositedEven, ChromaMidpoint},
		{"yuv444p_601_tv", format.G8B8R83Plane444Unorm, YCbCr601, RangeITUNarrow, ChromaMidpoint, ChromaMidpoint},
		{"yuv420p16_709_tv_left", format.G16B16R163Plane420Unorm, YCbCr709, RangeITUNarrow, ChromaCositedEven, ChromaCositedEven},
		{"yuyv422_709_tv_left", format.G8B8G8R8422Unorm, YCbCr709, RangeITUNarrow, ChromaCositedEven, ChromaCositedEven},
		{"uyvy422_601_pc_center", format.B8G8R8G8422Unorm, YCbCr601, RangeITUFull, ChromaMidpoint, ChromaCositedEven},
		{"y210_2020_tv_left", format.G10X6B10X6G10X6R10X6422Unorm4Pack16, YCbCr2020, RangeITUNarrow, ChromaCositedEven, ChromaCositedEven},
	} {
		dir := filepath.Join("testdata", "swscale")
		yuv, err1 := os.ReadFile(filepath.Join(dir, c.name+".yuv"))
		rgb, err2 := os.ReadFile(filepath.Join(dir, c.name+".gbrpf32"))
		white, err3 := os.ReadFile(filepath.Join(dir, c.name+".white.gbrpf32"))
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatal(err1, err2, err3)
		}
		s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: c.f, Width: w, Height: h})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Load(yuv); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		// swscale's white: narrow-range (or full-range) white converts
		// to this, not to 1.
		gain := float64(math.Float32frombits(binary.LittleEndian.Uint32(white)))
		conv := YCbCrConversion{Model: c.model, Range: c.rng, XChromaOffset: c.x, YChromaOffset: c.y,
			ChromaFilter: Linear, ForceExplicitReconstruction: true}
		worst, at := swscaleDiff(t, s, conv, rgb, gain)
		if worst > swscaleTolerance {
			t.Errorf("%s: texunit and swscale differ by %v at texel %d (tolerance %v)", c.name, worst, at, swscaleTolerance)
		}
		t.Logf("%s: largest difference %.3g (%.2f of the tolerance)", c.name, worst, worst/swscaleTolerance)
		// The comparison sees each rule: another model, the other range,
		// and on a subsampled axis the other chroma location, fail it.
		wrong := []YCbCrConversion{conv, conv}
		wrong[0].Model = YCbCr709 + (c.model-YCbCr709+1)%3
		wrong[1].Range = 1 - c.rng
		if c.f.Info().ChromaDivisor[0] == 2 {
			w := conv
			w.XChromaOffset = 1 - c.x
			wrong = append(wrong, w)
		}
		if c.f.Info().ChromaDivisor[1] == 2 {
			w := conv
			w.YChromaOffset = 1 - c.y
			wrong = append(wrong, w)
		}
		for _, cw := range wrong {
			if worst, _ := swscaleDiff(t, s, cw, rgb, gain); worst <= swscaleTolerance {
				t.Errorf("%s: %+v agrees with swscale too (%v)", c.name, cw, worst)
			}
		}
	}
}

// swscaleDiff samples every texel centre of the 32×24 surface s with the
// nearest filter through conv and returns the largest difference from
// swscale's gbrpf32 frame rgb (gain: swscale's white), and where.
func swscaleDiff(t *testing.T, s *surface.Surface, conv YCbCrConversion, rgb []byte, gain float64) (worst float64, at int) {
	const w, h = 32, 24
	st := yccState(conv, Nearest)
	{
		req := &Request{Op: OpSampleL, Lanes: w * h, Lod: make([]float32, w*h)}
		req.Coord[0], req.Coord[1] = make([]float32, w*h), make([]float32, w*h)
		for j := range h {
			for i := range w {
				req.Coord[0][j*w+i] = (float32(i) + 0.5) / w
				req.Coord[1][j*w+i] = (float32(j) + 0.5) / h
			}
		}
		res := run(t, &Engine{}, s.View(), &st, req)
		for k := range w * h {
			got := res.Vec(k)
			// gbrpf32: the G plane, then B, then R.
			for ch, plane := range [3]int{2, 0, 1} {
				sws := float64(math.Float32frombits(binary.LittleEndian.Uint32(rgb[4*(plane*w*h+k):])))
				ours := min(max(gain*float64(got[ch]), 0), 1) // swscale clamps its result
				if d := math.Abs(ours - sws); d > worst {
					worst, at = d, k
				}
			}
		}
	}
	return worst, at
}
