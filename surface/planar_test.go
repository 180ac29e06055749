package surface

import (
	"bytes"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

// TestPlanarRules checks Vulkan's image-creation rules for the multi-planar
// formats, each refused with the field and the value.
func TestPlanarRules(t *testing.T) {
	nv12 := format.G8B8R82Plane420Unorm
	for _, c := range []struct {
		d   Desc
		err string // "" when allowed
	}{
		{Desc{Kind: Kind2D, Format: nv12, Width: 6, Height: 4}, ""},
		{Desc{Kind: Kind2DArray, Format: nv12, Width: 6, Height: 4, Layers: 3}, ""},
		{Desc{Kind: Kind2D, Format: nv12, Width: 5, Height: 4}, "surface.width: 5 must be even"},
		{Desc{Kind: Kind2D, Format: nv12, Width: 6, Height: 3}, "surface.height: 3 must be even"},
		{Desc{Kind: Kind2D, Format: format.G8B8R83Plane422Unorm, Width: 6, Height: 3}, ""},
		{Desc{Kind: Kind2D, Format: format.G8B8R83Plane422Unorm, Width: 7, Height: 3}, "surface.width: 7 must be even"},
		{Desc{Kind: Kind2D, Format: format.G16B16R163Plane444Unorm, Width: 7, Height: 3}, ""},
		{Desc{Kind: Kind2D, Format: nv12, Width: 8, Height: 8, Levels: 2}, "surface.levels: 2 must be 1"},
		{Desc{Kind: Kind3D, Format: nv12, Width: 8, Height: 8, Depth: 2}, "surface.kind: 3d is not allowed"},
		{Desc{Kind: KindCube, Format: nv12, Width: 8, Height: 8}, "surface.kind: cube is not allowed"},
		{Desc{Kind: Kind2DMS, Format: nv12, Width: 8, Height: 8, Samples: 4}, "surface.kind: 2d_ms is not allowed"},
		{Desc{Kind: Kind1D, Format: nv12, Width: 8}, "surface.kind: 1d is not allowed"},
	} {
		s, err := New(c.d)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%+v: %v", c.d, err)
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("%+v: error %v, want %q", c.d, err, c.err)
		case err == nil && s.Levels != 1:
			t.Errorf("%+v: %d levels", c.d, s.Levels)
		}
	}
}

// TestPlanes checks each plane's format, extent and place in Data, for
// every multi-planar format in every layout, and SizeOf.
func TestPlanes(t *testing.T) {
	for _, f := range format.All() {
		in := f.Info()
		if !f.MultiPlanar() {
			continue
		}
		for _, l := range []Layout{LayoutLinear, LayoutTileY, LayoutBlockLinear} {
			d := Desc{Kind: Kind2DArray, Format: f, Width: 12, Height: 6, Layers: 2, Layout: l}
			s, err := New(d)
			if err != nil {
				t.Fatalf("%v %v: %v", f, l, err)
			}
			size, err := SizeOf(d)
			if err != nil || size != int64(len(s.Data)) {
				t.Errorf("%v %v: SizeOf %d, %v; Data %d", f, l, size, err, len(s.Data))
			}
			if s.PlaneCount() != in.PlaneCount || s.Plane(in.PlaneCount) != nil || s.Plane(-1) != nil {
				t.Fatalf("%v: %d planes", f, s.PlaneCount())
			}
			off, lin := 0, 0
			for p := range in.PlaneCount {
				ps, pl := s.Plane(p), in.Planes[p]
				if ps.Format != pl.Format || ps.Width != 12/pl.WidthDivisor || ps.Height != 6/pl.HeightDivisor || ps.Layers != 2 || ps.Layout != l {
					t.Errorf("%v plane %d: %v %dx%d×%d %v", f, p, ps.Format, ps.Width, ps.Height, ps.Layers, ps.Layout)
				}
				want, _ := SizeOf(ps.Desc)
				if len(ps.Data) != int(want) || &ps.Data[0] != &s.Data[off] {
					t.Errorf("%v plane %d: %d bytes at the wrong place", f, p, len(ps.Data))
				}
				off += len(ps.Data)
				lin += ps.LinearBytes()
			}
			if off != len(s.Data) || lin != s.LinearBytes() || s.LinearLevelBytes(0) != lin {
				t.Errorf("%v: planes %d bytes of %d; linear %d of %d", f, off, len(s.Data), lin, s.LinearBytes())
			}
		}
	}
}

// TestPlanarData checks that FillHash fills plane p as the plane's own
// surface with seed+p, and that the linear stream (LoadLinear,
// AppendLinear, WithLayout) is the planes' linear streams concatenated.
func TestPlanarData(t *testing.T) {
	for _, f := range []format.Format{format.G8B8R82Plane420Unorm, format.G10X6B10X6R10X63Plane422Unorm3Pack16, format.G16B16R162Plane444Unorm} {
		lin, _ := New(Desc{Kind: Kind2D, Format: f, Width: 10, Height: 6})
		lin.FillHash(7, 0, 1)
		var want []byte
		for p := range lin.PlaneCount() {
			ps, _ := New(lin.Plane(p).Desc)
			ps.FillHash(7+uint32(p), 0, 1)
			want = append(want, ps.Data...)
		}
		if !bytes.Equal(lin.Data, want) {
			t.Errorf("%v: FillHash differs from its planes'", f)
		}
		tiled, err := WithLayout(lin, LayoutTileY, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := tiled.AppendLinear(nil, 0); !bytes.Equal(got, lin.Data) {
			t.Errorf("%v: the tiled surface's linear stream differs", f)
		}
		for p := range tiled.PlaneCount() {
			if got := tiled.Plane(p).AppendLinear(nil, 0); !bytes.Equal(got, lin.Plane(p).Data) {
				t.Errorf("%v plane %d: tiled plane differs", f, p)
			}
		}
		again, _ := New(tiled.Desc)
		if err := again.LoadLinear(lin.Data); err != nil || !bytes.Equal(again.Data, tiled.Data) {
			t.Errorf("%v: LoadLinear: %v", f, err)
		}
		hashed, _ := New(tiled.Desc)
		hashed.FillHash(7, 0, 1)
		if !bytes.Equal(hashed.Data, tiled.Data) {
			t.Errorf("%v: FillHash on the tiled surface differs from the linear one's, tiled", f)
		}
		coords, _ := New(lin.Desc)
		coords.FillCoords()
		for p := range coords.PlaneCount() {
			ps, _ := New(lin.Plane(p).Desc)
			ps.FillCoords()
			if !bytes.Equal(coords.Plane(p).Data, ps.Data) {
				t.Errorf("%v plane %d: FillCoords differs", f, p)
			}
		}
	}
}

// TestPlaneView checks the plane aspects: a view of plane p is a view of
// the plane's surface, and the refusals name the field.
func TestPlaneView(t *testing.T) {
	s, _ := New(Desc{Kind: Kind2D, Format: format.G8B8R83Plane420Unorm, Width: 8, Height: 4})
	for p := range 3 {
		v, err := s.View().WithAspect(format.AspectPlane0 + format.Aspect(p))
		if err != nil {
			t.Fatal(err)
		}
		pv, err := v.PlaneView()
		if err != nil || pv.Surface != s.Plane(p) || pv.Aspect != format.AspectDefault || pv.Levels != 1 || pv.Layers != 1 {
			t.Errorf("plane %d: %+v, %v", p, pv, err)
		}
	}
	nv12, _ := New(Desc{Kind: Kind2D, Format: format.G8B8R82Plane420Unorm, Width: 8, Height: 4})
	if _, err := nv12.View().WithAspect(format.AspectPlane2); err == nil || !strings.Contains(err.Error(), "view.aspect: plane_2") {
		t.Errorf("plane_2 of NV12: %v", err)
	}
	if v, err := nv12.View().PlaneView(); err != nil || v.Surface != nv12 {
		t.Errorf("the colour view changed: %v", err)
	}
	if err := nv12.SetResident(0, 0, 0, 0, 0, false); err == nil || !strings.Contains(err.Error(), "surface.format: g8_b8r8_2plane_420_unorm is a YCbCr format or one's plane: residency") {
		t.Errorf("SetResident: %v", err)
	}
	if err := nv12.Plane(1).SetResident(0, 0, 0, 0, 0, false); err == nil || nv12.Plane(1).HasNonResident() {
		t.Errorf("SetResident: %v", err)
	}
	if _, err := nv12.Image(0, 0, 0); err == nil || !strings.Contains(err.Error(), "YCbCr format") {
		t.Errorf("Image: %v", err)
	}
}

// TestPacked422Surfaces checks the single-plane 4:2:2 formats' storage:
// 2×1 blocks, Vulkan's rules, and no coordinates generator.
func TestPacked422Surfaces(t *testing.T) {
	s, err := New(Desc{Kind: Kind2D, Format: format.G8B8G8R8422Unorm, Width: 6, Height: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Data) != 3*3*4 || s.Levels != 1 || s.PlaneCount() != 0 {
		t.Errorf("%d bytes, %d levels, %d planes", len(s.Data), s.Levels, s.PlaneCount())
	}
	if o, idx := s.BlockOffset(0, 5, 2, 0, 0); o != (2*3+2)*4 || idx != 1 {
		t.Errorf("BlockOffset(5, 2) = %d, %d", o, idx)
	}
	if _, err := New(Desc{Kind: Kind2D, Format: format.B16G16R16G16422Unorm, Width: 5, Height: 3}); err == nil || !strings.Contains(err.Error(), "surface.width: 5 must be even") {
		t.Errorf("odd width: %v", err)
	}
	if CoordsSupported(format.G8B8G8R8422Unorm) {
		t.Error("coordinates in 4:2:2 blocks")
	}
	if err := s.SetResident(0, 0, 0, 0, 0, false); err == nil || s.HasNonResident() {
		t.Errorf("residency of a 4:2:2 surface: %v", err)
	}
}

// TestPlanarLimit checks that a multi-planar surface's size counts every
// plane against the limit.
func TestPlanarLimit(t *testing.T) {
	d := Desc{Kind: Kind2D, Format: format.G8B8R83Plane420Unorm, Width: 64, Height: 64}
	if n, err := SizeOf(d); err != nil || n != 64*64*3/2 {
		t.Fatalf("SizeOf = %d, %v", n, err)
	}
	if _, err := NewWithLimit(d, 64*64*3/2-1); err == nil || err.Error() != "surface.size: 6144 bytes exceeds the limit of 6143 bytes" {
		t.Errorf("one byte short: %v", err)
	}
	if _, err := NewWithLimit(d, 64*64+10); err == nil || !strings.Contains(err.Error(), "surface.size: 6144 bytes") {
		t.Errorf("room for plane 0 only: %v", err)
	}
	if s, err := NewWithLimit(d, 64*64*3/2); err != nil || len(s.Data) != 6144 {
		t.Errorf("exactly: %v", err)
	}
}
