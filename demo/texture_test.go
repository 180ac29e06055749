package demo

import (
	"math"
	"testing"
)

func TestDownsample(t *testing.T) {
	px := func(v float64) [4]float64 { return [4]float64{v, 2 * v, 0, 1} }
	for _, tc := range []struct {
		name   string
		w, h   int
		src    []float64 // channel 0, row-major
		dw, dh int
		want   []float64
	}{
		{"2x2", 2, 2, []float64{1, 2, 3, 4}, 1, 1, []float64{2.5}},
		{"4x2", 4, 2, []float64{0, 1, 2, 3, 4, 5, 6, 7}, 2, 1, []float64{2.5, 4.5}},
		// An odd width drops the last column (the box of x = 1 is 2..3).
		{"5x2", 5, 2, []float64{0, 1, 2, 3, 100, 5, 6, 7, 8, 100}, 2, 1, []float64{3, 5}},
		// A dimension of 1 clamps: the box averages each texel with itself.
		{"4x1", 4, 1, []float64{0, 1, 2, 3}, 2, 1, []float64{0.5, 2.5}},
		{"1x3", 1, 3, []float64{2, 4, 9}, 1, 1, []float64{3}},
		{"1x1", 1, 1, []float64{7}, 1, 1, []float64{7}},
	} {
		src := make([][4]float64, len(tc.src))
		for i, v := range tc.src {
			src[i] = px(v)
		}
		dst, dw, dh := downsample(src, tc.w, tc.h)
		if dw != tc.dw || dh != tc.dh || len(dst) != dw*dh {
			t.Errorf("%s: got %dx%d (%d texels), want %dx%d", tc.name, dw, dh, len(dst), tc.dw, tc.dh)
			continue
		}
		for i, v := range tc.want {
			if dst[i] != px(v) {
				t.Errorf("%s: texel %d = %v, want %v", tc.name, i, dst[i], px(v))
			}
		}
	}
}

// TestTextureMipChain checks the full chain: the level count and sizes, and
// that every level decodes to the box-filtered linear average of level 0
// within the 8-bit sRGB rounding (the last level is the mean of the whole
// texture).
func TestTextureMipChain(t *testing.T) {
	for _, size := range []int{64, 40} {
		s, err := NewTexture(size)
		if err != nil {
			t.Fatal(err)
		}
		if s.Format != TextureFormat || s.Width != size || s.Height != size {
			t.Fatalf("texture %d: %v %dx%d", size, s.Format, s.Width, s.Height)
		}
		wantLevels := int(math.Floor(math.Log2(float64(size)))) + 1
		if s.Levels != wantLevels {
			t.Fatalf("texture %d: %d levels, want %d", size, s.Levels, wantLevels)
		}
		ref := pattern(size)
		w, h := size, size
		for l := range s.Levels {
			if l > 0 {
				ref, w, h = downsample(ref, w, h)
			}
			lw, lh, _ := s.LevelSize(l)
			if lw != w || lh != h {
				t.Fatalf("texture %d level %d: %dx%d, want %dx%d", size, l, lw, lh, w, h)
			}
			for y := range h {
				for x := range w {
					got := s.Format.Decode(s.Data[s.TexelOffset(l, x, y, 0, 0, 0):])
					for c := range 4 {
						// Half an 8-bit sRGB step is at most about 0.0045 in linear.
						if d := math.Abs(float64(got[c]) - ref[y*w+x][c]); d > 0.005 {
							t.Fatalf("texture %d level %d texel (%d, %d) channel %d: %v, want %v", size, l, x, y, c, got[c], ref[y*w+x][c])
						}
					}
				}
			}
		}
	}
}

// TestTexturePattern checks the layout of level 0: a checkerboard of
// light and dark cells with borders.
func TestTexturePattern(t *testing.T) {
	const size = 64
	img := pattern(size)
	at := func(x, y int) [4]float64 { return img[y*size+x] }
	if at(0, 0) != cellBorder.linear() || at(7, 3) != cellBorder.linear() {
		t.Error("cell borders missing")
	}
	if at(3, 5) != lightCell.linear() || at(8+3, 5) != darkCell.linear() || at(8+3, 8+5) != lightCell.linear() {
		t.Errorf("checkerboard: %v %v %v", at(3, 5), at(11, 5), at(11, 13))
	}
	if _, err := NewTexture(MinTextureSize - 1); err == nil {
		t.Error("NewTexture accepted a size below the minimum")
	}
}
