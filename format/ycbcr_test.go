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
	n, planar := 0, 0
	for _, f := range All() {
		in := f.Info()
		if f.MultiPlanar() {
			planar++
		}
		if in.YCbCr {
			n++
			if in.Components != 3 || in.Class != ClassFloat || in.Numeric != NumericUnorm {
				t.Errorf("%v: %+v", f, in)
			}
		} else if in.PlaneCount != 0 || in.ChromaDivisor != [2]int{1, 1} || f.MultiPlanar() {
			t.Errorf("%v: not YCbCr but %d planes, chroma %v", f, in.PlaneCount, in.ChromaDivisor)
		}
	}
	if n != 32 || planar != 24 {
		t.Errorf("%d YCbCr formats, %d multi-planar, want 32 and 24", n, planar)
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

// TestPacked422 checks the block layout of the single-plane 4:2:2 formats
// against the specification's descriptions.
func TestPacked422(t *testing.T) {
	for _, c := range []struct {
		f                  Format
		g0, g1, b, r, elem int
	}{
		{G8B8G8R8422Unorm, 0, 2, 1, 3, 1},
		{B8G8R8G8422Unorm, 1, 3, 0, 2, 1},
		{G10X6B10X6G10X6R10X6422Unorm4Pack16, 0, 4, 2, 6, 2},
		{B12X4G12X4R12X4G12X4422Unorm4Pack16, 2, 6, 0, 4, 2},
		{G16B16G16R16422Unorm, 0, 4, 2, 6, 2},
		{B16G16R16G16422Unorm, 2, 6, 0, 4, 2},
	} {
		g0, g1, b, r, elem, ok := c.f.Packed422()
		in := c.f.Info()
		if !ok || g0 != c.g0 || g1 != c.g1 || b != c.b || r != c.r || elem != c.elem ||
			in.BlockWidth != 2 || in.BlockHeight != 1 || in.Bytes != 4*c.elem || in.ChromaDivisor != [2]int{2, 1} || in.PlaneCount != 0 {
			t.Errorf("%v: %d %d %d %d %d %v; %+v", c.f, g0, g1, b, r, elem, ok, in)
		}
	}
	if _, _, _, _, _, ok := G8B8R82Plane422Unorm.Packed422(); ok {
		t.Error("a multi-planar format is packed 4:2:2")
	}
}
