package format

import "testing"

// TestPlanes checks the plane descriptions against Vulkan's "Plane Format
// Compatibility" table for one format of each shape.
func TestPlanes(t *testing.T) {
	type pl struct {
		f      Format
		wd, hd int
		lanes  [2]int8
	}
	for _, c := range []struct {
		f      Format
		chroma [2]int
		planes []pl
	}{
		{G8B8R82Plane420Unorm, [2]int{2, 2}, []pl{{R8Unorm, 1, 1, [2]int8{1, -1}}, {R8G8Unorm, 2, 2, [2]int8{2, 0}}}},
		{G8B8R83Plane420Unorm, [2]int{2, 2}, []pl{{R8Unorm, 1, 1, [2]int8{1, -1}}, {R8Unorm, 2, 2, [2]int8{2, -1}}, {R8Unorm, 2, 2, [2]int8{0, -1}}}},
		{G8B8R83Plane422Unorm, [2]int{2, 1}, []pl{{R8Unorm, 1, 1, [2]int8{1, -1}}, {R8Unorm, 2, 1, [2]int8{2, -1}}, {R8Unorm, 2, 1, [2]int8{0, -1}}}},
		{G8B8R82Plane444Unorm, [2]int{1, 1}, []pl{{R8Unorm, 1, 1, [2]int8{1, -1}}, {R8G8Unorm, 1, 1, [2]int8{2, 0}}}},
		{G10X6B10X6R10X62Plane420Unorm3Pack16, [2]int{2, 2}, []pl{{R10X6UnormPack16, 1, 1, [2]int8{1, -1}}, {R10X6G10X6Unorm2Pack16, 2, 2, [2]int8{2, 0}}}},
		{G12X4B12X4R12X43Plane444Unorm3Pack16, [2]int{1, 1}, []pl{{R12X4UnormPack16, 1, 1, [2]int8{1, -1}}, {R12X4UnormPack16, 1, 1, [2]int8{2, -1}}, {R12X4UnormPack16, 1, 1, [2]int8{0, -1}}}},
		{G16B16R162Plane422Unorm, [2]int{2, 1}, []pl{{R16Unorm, 1, 1, [2]int8{1, -1}}, {R16G16Unorm, 2, 1, [2]int8{2, 0}}}},
	} {
		in := c.f.Info()
		if !in.YCbCr || !c.f.MultiPlanar() || in.ChromaDivisor != c.chroma || in.PlaneCount != len(c.planes) {
			t.Errorf("%v: YCbCr %v, chroma %v, %d planes", c.f, in.YCbCr, in.ChromaDivisor, in.PlaneCount)
			continue
		}
		for p, want := range c.planes {
			got := in.Planes[p]
			if got.Format != want.f || got.WidthDivisor != want.wd || got.HeightDivisor != want.hd || got.Lanes != want.lanes {
				t.Errorf("%v plane %d = %+v, want %+v", c.f, p, got, want)
			}
		}
	}
	n := 0
	for _, f := range All() {
		in := f.Info()
		if in.YCbCr {
			n++
			if in.Components != 3 || in.Class != ClassFloat || in.Numeric != NumericUnorm {
				t.Errorf("%v: %+v", f, in)
			}
		} else if in.PlaneCount != 0 || in.ChromaDivisor != [2]int{1, 1} || f.MultiPlanar() {
			t.Errorf("%v: not YCbCr but %d planes, chroma %v", f, in.PlaneCount, in.ChromaDivisor)
		}
	}
	if n != 24 {
		t.Errorf("%d multi-planar formats, want 24", n)
	}
}

// TestPaddingIgnored checks that the padding bits of the 10x6 and 12x4
// formats do not change what a texel reads, and that Encode writes them
// as zeros.
func TestPaddingIgnored(t *testing.T) {
	for _, c := range []struct {
		f    Format
		word uint16 // the code 0x2aa (10-bit) or 0xaaa (12-bit) with its padding zero
		pad  uint16
		want float32
	}{
		{R10X6UnormPack16, 0x2aa << 6, 0x3f, float32(float64(0x2aa) / 1023)},
		{R12X4UnormPack16, 0xaaa << 4, 0xf, float32(float64(0xaaa) / 4095)},
	} {
		for _, p := range []uint16{0, c.pad, 0x15 & c.pad} {
			w := c.word | p
			got := c.f.Decode([]byte{byte(w), byte(w >> 8)})
			if got != [4]float32{c.want, 0, 0, 1} {
				t.Errorf("%v(%#04x) = %v, want R %v", c.f, w, got, c.want)
			}
		}
		var dst [2]byte
		c.f.Encode(dst[:], [4]float64{float64(c.want)})
		if uint16(dst[0])|uint16(dst[1])<<8 != c.word {
			t.Errorf("%v: Encode(%v) = % x, want %#04x", c.f, c.want, dst, c.word)
		}
	}
	// A gathered P010 texel: G (Y), B (Cb), R (Cr) in three padded words.
	var src []byte
	for _, code := range []uint16{0x101, 0x202, 0x303} { // with all padding bits set
		w := code<<6 | 0x3f
		src = append(src, byte(w), byte(w>>8))
	}
	got := G10X6B10X6R10X62Plane420Unorm3Pack16.Decode(src)
	want := [4]float32{float32(0x303 / 1023.0), float32(0x101 / 1023.0), float32(0x202 / 1023.0), 1}
	if got != want {
		t.Errorf("gathered 10x6 texel = %v, want %v", got, want)
	}
}
