package visa

import (
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestResinfoQuilt checks INFO's size and quilting rules: sizes are
// (Width+1)>>LOD, which reaches 0 where a dimension runs out before the mip
// chain (not max(1, size>>LOD)); on 2D and 2D array surfaces resinfo's
// width and height are multiplied by QuiltWidth+1 and QuiltHeight+1; an
// out-of-range LOD still returns zero sizes; the mip count, the layer
// counts and the other kinds are unchanged.
func TestResinfoQuilt(t *testing.T) {
	src := header + `.decl lod v_type=G type=ud num_elts=8 align=GRF
.decl size v_type=G type=ud num_elts=32 align=GRF
.decl tex v_type=T num_elts=1
resinfo.RGBA (M1, 8) tex lod.0 size.0
ret (M1, 1)
`
	for _, c := range []struct {
		kind  surface.Kind
		quilt [2]uint32
		lod   int64
		want  [4]uint64
	}{
		{surface.Kind2D, [2]uint32{0, 0}, 0, [4]uint64{64, 16, 0, 7}},
		{surface.Kind2D, [2]uint32{1, 0}, 0, [4]uint64{128, 16, 0, 7}},
		{surface.Kind2D, [2]uint32{2, 3}, 1, [4]uint64{96, 32, 0, 7}},
		{surface.Kind2D, [2]uint32{31, 31}, 6, [4]uint64{32, 0, 0, 7}}, // (16>>6)·32: the shift reached 0
		{surface.Kind2D, [2]uint32{0, 0}, 5, [4]uint64{2, 0, 0, 7}},    // not max(1, 16>>5)
		{surface.Kind2DArray, [2]uint32{0, 0}, 6, [4]uint64{1, 0, 3, 7}},
		{surface.Kind3D, [2]uint32{0, 0}, 2, [4]uint64{16, 4, 0, 7}}, // depth 3>>2 = 0
		{surface.Kind3D, [2]uint32{0, 0}, 1, [4]uint64{32, 8, 1, 7}},
		{surface.Kind1D, [2]uint32{0, 0}, 6, [4]uint64{1, 0, 0, 7}},
		{surface.KindCube, [2]uint32{0, 0}, 4, [4]uint64{4, 4, 1, 7}},
		{surface.Kind2D, [2]uint32{2, 3}, 7, [4]uint64{0, 0, 0, 7}},
		{surface.Kind2DArray, [2]uint32{1, 1}, 2, [4]uint64{32, 8, 3, 7}},
		{surface.Kind3D, [2]uint32{1, 1}, 0, [4]uint64{64, 16, 3, 7}},
	} {
		k := mustAssemble(t, src)
		m, err := NewMachine(k, DefaultPlatform)
		if err != nil {
			t.Fatal(err)
		}
		d := surface.Desc{Kind: c.kind, Format: format.R8G8B8A8Unorm, Width: 64, Height: 16, Depth: 1, Layers: 1}
		switch c.kind {
		case surface.Kind1D:
			d.Height = 1
		case surface.KindCube:
			d.Width, d.Height, d.Layers = 64, 64, 6
		case surface.Kind2DArray:
			d.Layers = 3
		case surface.Kind3D:
			d.Depth = 3
		}
		s, err := surface.New(d)
		if err != nil {
			t.Fatal(err)
		}
		m.Surfaces[0] = s.View()
		m.Quilts = [][2]uint32{c.quilt}
		lod := k.VarIndex("lod")
		for l := 0; l < 8; l++ {
			if err := m.Regs.SetInt(k, lod, l, c.lod); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := m.Run(); err != nil {
			t.Fatal(err)
		}
		size := k.VarIndex("size")
		for ch := 0; ch < 4; ch++ {
			if got := m.Regs.Bits(k, size, 8*ch); got != c.want[ch] {
				t.Errorf("%s quilt %v lod %d: channel %d = %d, want %d", c.kind, c.quilt, c.lod, ch, got, c.want[ch])
			}
		}
	}
}
