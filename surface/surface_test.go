package surface

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

func TestKind(t *testing.T) {
	tests := []struct {
		k               Kind
		name            string
		array, cube, ms bool
		dims            int
	}{
		{Kind1D, "1d", false, false, false, 1},
		{Kind1DArray, "1d_array", true, false, false, 1},
		{Kind2D, "2d", false, false, false, 2},
		{Kind2DArray, "2d_array", true, false, false, 2},
		{Kind3D, "3d", false, false, false, 3},
		{KindCube, "cube", false, true, false, 3},
		{KindCubeArray, "cube_array", true, true, false, 3},
		{Kind2DMS, "2d_ms", false, false, true, 2},
		{Kind2DMSArray, "2d_ms_array", true, false, true, 2},
	}
	if len(tests) != int(numKinds) {
		t.Fatalf("table covers %d kinds, want %d", len(tests), numKinds)
	}
	for _, tt := range tests {
		if tt.k.String() != tt.name || tt.k.IsArray() != tt.array || tt.k.IsCube() != tt.cube ||
			tt.k.IsMultisample() != tt.ms || tt.k.Dims() != tt.dims || !tt.k.Valid() {
			t.Errorf("%d: %q array %v cube %v ms %v dims %d; want %+v", tt.k, tt.k.String(), tt.k.IsArray(),
				tt.k.IsCube(), tt.k.IsMultisample(), tt.k.Dims(), tt)
		}
		for _, s := range []string{tt.name, strings.ToUpper(tt.name)} {
			if k, err := ParseKind(s); k != tt.k || err != nil {
				t.Errorf("ParseKind(%q) = %v, %v", s, k, err)
			}
		}
	}
	if s := Kind(20).String(); s != "invalid(20)" || Kind(20).Valid() {
		t.Errorf("Kind(20): %q valid %v", s, Kind(20).Valid())
	}
	_, err := ParseKind("2darray")
	var e *Error
	if !errors.As(err, &e) || e.Field != "kind" ||
		err.Error() != `surface.kind: "2darray" is not a kind (valid: 1d, 1d_array, 2d, 2d_array, 3d, cube, cube_array, 2d_ms, 2d_ms_array)` {
		t.Errorf("ParseKind(2darray) error = %v", err)
	}
}

func TestNewDefaults(t *testing.T) {
	tests := []struct {
		in    Desc
		want  Desc
		bytes int
	}{
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 4, Height: 4},
			Desc{Kind2D, format.R8Unorm, 4, 4, 1, 1, 3, 1, LayoutLinear, 0}, 16 + 4 + 1},
		{Desc{Kind: Kind1D, Format: format.R32Sfloat, Width: 5},
			Desc{Kind1D, format.R32Sfloat, 5, 1, 1, 1, 3, 1, LayoutLinear, 0}, 4 * (5 + 2 + 1)},
		{Desc{Kind: Kind1DArray, Format: format.R8Unorm, Width: 8, Height: 1, Layers: 3, Levels: 2},
			Desc{Kind1DArray, format.R8Unorm, 8, 1, 1, 3, 2, 1, LayoutLinear, 0}, 3 * (8 + 4)},
		{Desc{Kind: Kind2DArray, Format: format.R8G8Unorm, Width: 3, Height: 2},
			Desc{Kind2DArray, format.R8G8Unorm, 3, 2, 1, 1, 2, 1, LayoutLinear, 0}, 2 * (6 + 1)},
		{Desc{Kind: Kind3D, Format: format.R16Sfloat, Width: 2, Height: 3, Depth: 9},
			Desc{Kind3D, format.R16Sfloat, 2, 3, 9, 1, 4, 1, LayoutLinear, 0}, 2 * (54 + 1*1*4 + 2 + 1)},
		{Desc{Kind: KindCube, Format: format.B8G8R8A8Srgb, Width: 2, Height: 2},
			Desc{KindCube, format.B8G8R8A8Srgb, 2, 2, 1, 6, 2, 1, LayoutLinear, 0}, 4 * 6 * (4 + 1)},
		{Desc{Kind: KindCubeArray, Format: format.D16Unorm, Width: 1, Height: 1},
			Desc{KindCubeArray, format.D16Unorm, 1, 1, 1, 6, 1, 1, LayoutLinear, 0}, 2 * 6},
		{Desc{Kind: KindCubeArray, Format: format.R8Unorm, Width: 1, Height: 1, Layers: 18},
			Desc{KindCubeArray, format.R8Unorm, 1, 1, 1, 18, 1, 1, LayoutLinear, 0}, 18},
		{Desc{Kind: Kind2DMS, Format: format.R32G32B32A32Sfloat, Width: 3, Height: 5, Samples: 4},
			Desc{Kind2DMS, format.R32G32B32A32Sfloat, 3, 5, 1, 1, 1, 4, LayoutLinear, 0}, 16 * 15 * 4},
		{Desc{Kind: Kind2DMSArray, Format: format.D32Sfloat, Width: 2, Height: 2, Layers: 3},
			Desc{Kind2DMSArray, format.D32Sfloat, 2, 2, 1, 3, 1, 1, LayoutLinear, 0}, 4 * 4 * 3},
		{Desc{Kind: Kind2D, Format: format.R32Uint, Width: 1, Height: 1},
			Desc{Kind2D, format.R32Uint, 1, 1, 1, 1, 1, 1, LayoutLinear, 0}, 4},
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 65536, Height: 1, Levels: 1},
			Desc{Kind2D, format.R8Unorm, 65536, 1, 1, 1, 1, 1, LayoutLinear, 0}, 65536},
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 1, Height: 65536},
			Desc{Kind2D, format.R8Unorm, 1, 65536, 1, 1, 17, 1, LayoutLinear, 0}, 2*65536 - 1},
	}
	for _, tt := range tests {
		s, err := New(tt.in)
		if err != nil {
			t.Errorf("New(%+v): %v", tt.in, err)
			continue
		}
		if s.Desc != tt.want {
			t.Errorf("New(%+v).Desc = %+v, want %+v", tt.in, s.Desc, tt.want)
		}
		if len(s.Data) != tt.bytes || s.LevelOffset(s.Levels) != tt.bytes {
			t.Errorf("New(%+v): %d bytes, LevelOffset(Levels) %d; want %d", tt.in, len(s.Data), s.LevelOffset(s.Levels), tt.bytes)
		}
		// A normalised Desc is accepted unchanged.
		if s2, err := New(s.Desc); err != nil || s2.Desc != s.Desc {
			t.Errorf("New(normalised %+v) = %+v, %v", s.Desc, s2, err)
		}
	}
}

func TestNewErrors(t *testing.T) {
	ok := Desc{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 4, Height: 4}
	with := func(f func(d *Desc)) Desc {
		d := ok
		f(&d)
		return d
	}
	tests := []struct {
		d     Desc
		field string
		msg   string
	}{
		{with(func(d *Desc) { d.Kind = 9 }), "kind", "surface.kind: invalid(9) is not a valid kind"},
		{with(func(d *Desc) { d.Format = format.Undefined }), "format", "surface.format: undefined is not a valid format"},
		{with(func(d *Desc) { d.Format = 1000 }), "format", "surface.format: invalid(1000) is not a valid format"},
		{with(func(d *Desc) { d.Kind = Kind3D; d.Format = format.S8Uint }), "format", "surface.format: s8_uint is a stencil format, not allowed with kind 3d"},
		{with(func(d *Desc) { d.Width = 0 }), "width", "surface.width: 0 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Width = -3 }), "width", "surface.width: -3 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Width = 65537 }), "width", "surface.width: 65537 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Height = -1 }), "height", "surface.height: -1 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Height = 1 << 20 }), "height", "surface.height: 1048576 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Kind = Kind1D; d.Height = 4 }), "height", "surface.height: 4 must be 1 for kind 1d"},
		{with(func(d *Desc) { d.Kind = Kind1DArray; d.Height = 2 }), "height", "surface.height: 2 must be 1 for kind 1d_array"},
		{with(func(d *Desc) { d.Kind = KindCube; d.Height = 2 }), "height", "surface.height: 2 must equal the width 4 for kind cube"},
		{with(func(d *Desc) { d.Kind = KindCubeArray; d.Height = 0 }), "height", "surface.height: 1 must equal the width 4 for kind cube_array"},
		{with(func(d *Desc) { d.Depth = 2 }), "depth", "surface.depth: 2 must be 1 for kind 2d"},
		{with(func(d *Desc) { d.Kind = Kind3D; d.Depth = -2 }), "depth", "surface.depth: -2 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Kind = Kind3D; d.Depth = 65537 }), "depth", "surface.depth: 65537 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Layers = 2 }), "layers", "surface.layers: 2 must be 1 for kind 2d"},
		{with(func(d *Desc) { d.Layers = -1 }), "layers", "surface.layers: -1 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Kind = Kind2DArray; d.Layers = 65537 }), "layers", "surface.layers: 65537 is out of range (1..65536)"},
		{with(func(d *Desc) { d.Kind = Kind3D; d.Layers = 2 }), "layers", "surface.layers: 2 must be 1 for kind 3d"},
		{with(func(d *Desc) { d.Kind = KindCube; d.Layers = 12 }), "layers", "surface.layers: 12 must be 6 for kind cube"},
		{with(func(d *Desc) { d.Kind = KindCubeArray; d.Layers = 8 }), "layers", "surface.layers: 8 is not a multiple of 6 (kind cube_array)"},
		{with(func(d *Desc) { d.Kind = Kind2DMS; d.Layers = 2; d.Samples = 4 }), "layers", "surface.layers: 2 must be 1 for kind 2d_ms"},
		{with(func(d *Desc) { d.Levels = 4 }), "levels", "surface.levels: 4 is out of range (1..3) for size 4x4x1"},
		{with(func(d *Desc) { d.Levels = -1 }), "levels", "surface.levels: -1 is out of range (1..3) for size 4x4x1"},
		{with(func(d *Desc) { d.Kind = Kind2DMS; d.Levels = 2 }), "levels", "surface.levels: 2 must be 1 for kind 2d_ms"},
		{with(func(d *Desc) { d.Samples = 3 }), "samples", "surface.samples: 3 is not 1, 2, 4, 8 or 16"},
		{with(func(d *Desc) { d.Kind = Kind2DMS; d.Samples = 32 }), "samples", "surface.samples: 32 is not 1, 2, 4, 8 or 16"},
		{with(func(d *Desc) { d.Samples = -4 }), "samples", "surface.samples: -4 is not 1, 2, 4, 8 or 16"},
		{with(func(d *Desc) { d.Samples = 4 }), "samples", "surface.samples: 4 must be 1 for kind 2d"},
		{with(func(d *Desc) { d.Kind = KindCube; d.Samples = 2 }), "samples", "surface.samples: 2 must be 1 for kind cube"},
		{with(func(d *Desc) { d.Kind = Kind3D; d.Format = format.D16Unorm }), "format", "surface.format: d16_unorm is a depth format, not allowed with kind 3d"},
		{with(func(d *Desc) { d.Kind = Kind3D; d.Format = format.D32Sfloat }), "format", "surface.format: d32_sfloat is a depth format, not allowed with kind 3d"},
		// The largest surface: 65536² texels × 65536 layers × 16 samples × 16 bytes = 2^56 bytes.
		{Desc{Kind: Kind2DMSArray, Format: format.R32G32B32A32Sfloat, Width: 65536, Height: 65536, Layers: 65536, Samples: 16},
			"size", "surface.size: 72057594037927936 bytes exceeds the limit of 1073741824 bytes"},
		{Desc{Kind: Kind2DArray, Format: format.R32G32B32A32Sfloat, Width: 65536, Height: 65536, Layers: 65536},
			"size", "surface.size: 6004799502811136 bytes exceeds the limit of 1073741824 bytes"},
		{Desc{Kind: Kind2D, Format: format.R32G32B32A32Sfloat, Width: 65536, Height: 65536, Levels: 1},
			"size", "surface.size: 68719476736 bytes exceeds the limit of 1073741824 bytes"},
		{Desc{Kind: Kind3D, Format: format.R8Unorm, Width: 1024, Height: 1024, Depth: 1024},
			"size", "surface.size: 1227133513 bytes exceeds the limit of 1073741824 bytes"},
	}
	for _, tt := range tests {
		s, err := New(tt.d)
		if err == nil {
			t.Errorf("New(%+v) = %+v, want an error", tt.d, s.Desc)
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Field != tt.field || err.Error() != tt.msg {
			t.Errorf("New(%+v) error = %q (field %q), want %q", tt.d, err, e.Field, tt.msg)
		}
	}
}

func TestSizeLimit(t *testing.T) {
	// Exactly 1 GiB is allowed by the arithmetic; use a small limit to test
	// the boundary without allocating it.
	d := Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 8, Height: 8} // 64+16+4+1 = 85 bytes
	if _, err := NewWithLimit(d, 85); err != nil {
		t.Errorf("NewWithLimit(85 bytes): %v", err)
	}
	_, err := NewWithLimit(d, 84)
	if err == nil || err.Error() != "surface.size: 85 bytes exceeds the limit of 84 bytes" {
		t.Errorf("NewWithLimit(84 bytes) error = %v", err)
	}
	// The limit applies to level 0 alone as well as to the sum.
	if _, err := NewWithLimit(d, 63); err == nil {
		t.Error("NewWithLimit(63 bytes) succeeded")
	}
	// 0 (or less) means DefaultMaxBytes, as every byte limit of texunit.
	for _, limit := range []int{0, -1} {
		if s, err := NewWithLimit(d, limit); err != nil || len(s.Data) != 85 {
			t.Errorf("NewWithLimit(%d): %v", limit, err)
		}
	}
	big := Desc{Kind: Kind2D, Format: format.R32G32B32A32Sfloat, Width: 16384, Height: 8192, Levels: 1} // 2 GiB
	if _, err := NewWithLimit(big, 0); err == nil || !strings.Contains(err.Error(), "exceeds the limit of 1073741824 bytes") {
		t.Errorf("NewWithLimit(2 GiB, 0) error = %v, want the default limit", err)
	}
	// Products that would overflow int are reported as too large.
	if _, ok := mulLimit(math.MaxInt, 1<<32, 1<<31); ok {
		t.Error("mulLimit(2^32, 2^31) fits in int")
	}
	if p, ok := mulLimit(100, 10, 10); !ok || p != 100 {
		t.Errorf("mulLimit(100, 10, 10) = %d, %v", p, ok)
	}
	if _, ok := mulLimit(99, 10, 10); ok {
		t.Error("mulLimit(99, 10, 10) fits")
	}
	if p, ok := mulLimit(5, 0, 1<<62, 1<<62); !ok || p != 0 {
		t.Errorf("mulLimit with a zero factor = %d, %v", p, ok)
	}
}

func TestLevelSize(t *testing.T) {
	tests := []struct {
		d    Desc
		want [][3]int
	}{
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 13, Height: 7},
			[][3]int{{13, 7, 1}, {6, 3, 1}, {3, 1, 1}, {1, 1, 1}}},
		{Desc{Kind: Kind2D, Format: format.R8Unorm, Width: 1, Height: 9},
			[][3]int{{1, 9, 1}, {1, 4, 1}, {1, 2, 1}, {1, 1, 1}}},
		{Desc{Kind: Kind3D, Format: format.R8Unorm, Width: 6, Height: 5, Depth: 17},
			[][3]int{{6, 5, 17}, {3, 2, 8}, {1, 1, 4}, {1, 1, 2}, {1, 1, 1}}},
		{Desc{Kind: Kind1DArray, Format: format.R8Unorm, Width: 300, Layers: 2},
			[][3]int{{300, 1, 1}, {150, 1, 1}, {75, 1, 1}, {37, 1, 1}, {18, 1, 1}, {9, 1, 1}, {4, 1, 1}, {2, 1, 1}, {1, 1, 1}}},
		{Desc{Kind: KindCube, Format: format.R8Unorm, Width: 5, Height: 5},
			[][3]int{{5, 5, 1}, {2, 2, 1}, {1, 1, 1}}},
		{Desc{Kind: Kind2DArray, Format: format.R8Unorm, Width: 1023, Height: 1, Layers: 4, Levels: 2},
			[][3]int{{1023, 1, 1}, {511, 1, 1}}},
	}
	for _, tt := range tests {
		s, err := New(tt.d)
		if err != nil {
			t.Fatal(err)
		}
		if s.Levels != len(tt.want) {
			t.Errorf("%+v: %d levels, want %d", tt.d, s.Levels, len(tt.want))
		}
		for l, w := range tt.want {
			if x, y, z := s.LevelSize(l); [3]int{x, y, z} != w {
				t.Errorf("%+v: LevelSize(%d) = %d×%d×%d, want %v", tt.d, l, x, y, z, w)
			}
		}
		if x, y, z := s.LevelSize(40); x != 1 || y != 1 || z != 1 {
			t.Errorf("LevelSize(40) = %d×%d×%d", x, y, z)
		}
	}
}

// naiveOffsets walks the stream order and returns the offset of every
// (level, layer, z, y, x, sample) and of every level.
func naiveOffsets(s *Surface) (texels map[[6]int]int, levels []int) {
	texels = map[[6]int]int{}
	off := 0
	tb := s.Format.Info().Bytes
	for l := range s.Levels {
		levels = append(levels, off)
		w := max(1, s.Width>>l)
		h := max(1, s.Height>>l)
		d := max(1, s.Depth>>l)
		for layer := range s.Layers {
			for z := range d {
				for y := range h {
					for x := range w {
						for smp := range s.Samples {
							texels[[6]int{l, x, y, z, layer, smp}] = off
							off += tb
						}
					}
				}
			}
		}
	}
	return texels, append(levels, off)
}

func TestTexelOffset(t *testing.T) {
	descs := []Desc{
		{Kind: Kind1D, Format: format.R8Unorm, Width: 7},
		{Kind: Kind1DArray, Format: format.R16G16B16A16Sfloat, Width: 5, Layers: 3},
		{Kind: Kind2D, Format: format.R8G8Unorm, Width: 13, Height: 7},
		{Kind: Kind2DArray, Format: format.R32G32B32A32Sfloat, Width: 3, Height: 5, Layers: 4},
		{Kind: Kind3D, Format: format.B8G8R8A8Unorm, Width: 5, Height: 3, Depth: 6},
		{Kind: KindCube, Format: format.D16Unorm, Width: 6, Height: 6},
		{Kind: KindCubeArray, Format: format.R32Uint, Width: 3, Height: 3, Layers: 12},
		{Kind: Kind2DMS, Format: format.R8G8B8A8Srgb, Width: 5, Height: 3, Samples: 4},
		{Kind: Kind2DMSArray, Format: format.D32Sfloat, Width: 3, Height: 2, Layers: 3, Samples: 16},
	}
	for _, d := range descs {
		s, err := New(d)
		if err != nil {
			t.Fatal(err)
		}
		texels, levels := naiveOffsets(s)
		if levels[len(levels)-1] != len(s.Data) {
			t.Errorf("%v: %d bytes, stream has %d", d.Kind, len(s.Data), levels[len(levels)-1])
		}
		for l, off := range levels {
			if s.LevelOffset(l) != off {
				t.Errorf("%v: LevelOffset(%d) = %d, want %d", d.Kind, l, s.LevelOffset(l), off)
			}
		}
		for c, off := range texels {
			if got := s.TexelOffset(c[0], c[1], c[2], c[3], c[4], c[5]); got != off {
				t.Fatalf("%v: TexelOffset%v = %d, want %d", d.Kind, c, got, off)
			}
		}
	}
}

func TestLoad(t *testing.T) {
	s, err := New(Desc{Kind: Kind2D, Format: format.R8G8Unorm, Width: 2, Height: 2, Levels: 1})
	if err != nil {
		t.Fatal(err)
	}
	b := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	if err := s.Load(b); err != nil || string(s.Data) != string(b) {
		t.Errorf("Load: %v, data % x", err, s.Data)
	}
	b[0] = 99 // Load copies
	if s.Data[0] != 1 {
		t.Error("Load did not copy")
	}
	for _, n := range []int{0, 7, 9} {
		err := s.Load(make([]byte, n))
		var e *Error
		want := "surface.data: " + itoa(n) + " bytes does not match the surface size (8 bytes)"
		if !errors.As(err, &e) || err.Error() != want {
			t.Errorf("Load(%d bytes) = %v, want %q", n, err, want)
		}
	}
	if s.Data[0] != 1 {
		t.Error("a failed Load changed the data")
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// referenceFill is a literal transcription of the harness's generator (make_data
// in texoracle.c), extended to the integer formats the harness lacks, kept as
// the reference for FillHash and FillCoords.
func referenceFill(s *Surface, coords bool, seed uint32, lo, hi float64) []byte {
	in := s.Format.Info()
	out := make([]byte, 0, len(s.Data))
	hs := lowbias32(seed)
	k := uint64(0)
	nel := in.Components
	if in.Depth {
		nel = 1
	}
	for l := range s.Levels {
		W, H, D := s.LevelSize(l)
		for L := range s.Layers {
			for z := range D {
				for y := range H {
					for x := range W {
						for smp := range s.Samples {
							for c := 0; c < nel; c, k = c+1, k+1 {
								var e []byte
								if !coords {
									h := lowbias32(uint32(k) + hs)
									switch {
									case in.ElementBytes == 1:
										e = []byte{byte(h & 0xff)}
									case s.Format == format.D16Unorm:
										e = binary.LittleEndian.AppendUint16(nil, uint16(h>>16))
									case s.Format == format.R32Uint:
										e = binary.LittleEndian.AppendUint32(nil, h)
									default:
										u := float64(h>>8) * (1.0 / 16777216.0)
										// float64(·) rounds the product: no FMA, as in the C reference.
										v := lo + float64((hi-lo)*u)
										if in.ElementBytes == 2 {
											e = binary.LittleEndian.AppendUint16(nil, format.Float64ToHalf(v))
										} else {
											e = binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(v)))
										}
									}
								} else if in.Depth {
									i := float64(x) + float64(W)*(float64(y)+float64(H)*(float64(z)+float64(D)*float64(L)))
									N := float64(W) * float64(H) * float64(D) * float64(s.Layers)
									v := (i + 0.5) / N
									if s.Format == format.D16Unorm {
										e = binary.LittleEndian.AppendUint16(nil, uint16(math.Floor(float64(v*65535.0)+0.5)))
									} else {
										e = binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(v)))
									}
								} else {
									lc := c
									if in.BGRA && (c == 0 || c == 2) {
										lc = 2 - c
									}
									rgba := [4]int{x, y, z + L, 16*l + smp}
									v := rgba[lc]
									switch {
									case in.Numeric == format.NumericSnorm:
										e = []byte{byte(v & 127)}
									case in.ElementBytes == 1:
										e = []byte{byte(v & 255)}
									case s.Format == format.R32Uint:
										e = binary.LittleEndian.AppendUint32(nil, uint32(v))
									case in.ElementBytes == 2:
										e = binary.LittleEndian.AppendUint16(nil, format.Float64ToHalf(float64(v)))
									default:
										e = binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(v)))
									}
								}
								out = append(out, e...)
							}
						}
					}
				}
			}
		}
	}
	return out
}

var fillDescs = []Desc{
	{Kind: Kind2D, Width: 13, Height: 7},
	{Kind: Kind2DArray, Width: 3, Height: 5, Layers: 3},
	{Kind: Kind3D, Width: 5, Height: 3, Depth: 6},
	{Kind: KindCube, Width: 4, Height: 4},
	{Kind: KindCubeArray, Width: 2, Height: 2, Layers: 12},
	{Kind: Kind2DMS, Width: 3, Height: 3, Samples: 8},
	{Kind: Kind2DMSArray, Width: 2, Height: 3, Layers: 2, Samples: 2},
	{Kind: Kind1DArray, Width: 270, Layers: 2, Levels: 2},
}

// TestFillReference checks both generators against the reference for every
// format (including r8g8b8a8_uint, r8g8b8a8_sint and r32_uint, which the
// harness lacks) and every kind.
func TestFillReference(t *testing.T) {
	ranges := [][3]float64{{1, 0, 1}, {0xdeadbeef, -2.5, 1000}, {12345, -70000, 70000}, {4, math.Inf(-1), math.Inf(1)}}
	for _, f := range format.All()[:16] { // the original formats; fill_test.go checks the others
		for _, d := range fillDescs {
			d.Format = f
			if f.Info().Depth && d.Kind == Kind3D {
				continue
			}
			s, err := New(d)
			if err != nil {
				t.Fatal(err)
			}
			s.FillCoords()
			if want := referenceFill(s, true, 0, 0, 0); string(s.Data) != string(want) {
				t.Errorf("%v %v coords: %s", f, d.Kind, firstDiff(s, s.Data, want))
			}
			for _, r := range ranges {
				s.FillHash(uint32(r[0]), r[1], r[2])
				if want := referenceFill(s, false, uint32(r[0]), r[1], r[2]); string(s.Data) != string(want) {
					t.Errorf("%v %v hash %v: %s", f, d.Kind, r, firstDiff(s, s.Data, want))
				}
			}
		}
	}
}

// TestFillIntegerFormats spells out values of the formats the harness lacks.
func TestFillIntegerFormats(t *testing.T) {
	s, err := New(Desc{Kind: Kind2DArray, Format: format.R8G8B8A8Sint, Width: 300, Height: 2, Layers: 2, Levels: 2})
	if err != nil {
		t.Fatal(err)
	}
	s.FillCoords()
	at := func(l, x, y, layer int) []byte { o := s.TexelOffset(l, x, y, 0, layer, 0); return s.Data[o : o+4] }
	if got := at(0, 299, 1, 1); string(got) != string([]byte{299 & 255, 1, 1, 0}) {
		t.Errorf("sint coords (299, 1, layer 1) = % x", got)
	}
	if got := at(1, 149, 0, 1); string(got) != string([]byte{149, 0, 1, 16}) {
		t.Errorf("sint coords level 1 = % x", got)
	}
	if v := format.R8G8B8A8Sint.Decode(at(1, 149, 0, 1)); int32(math.Float32bits(v[0])) != -107 {
		t.Errorf("sint 149 decodes to %d, want -107", int32(math.Float32bits(v[0])))
	}

	u, err := New(Desc{Kind: Kind2DMS, Format: format.R32Uint, Width: 3, Height: 2, Samples: 4})
	if err != nil {
		t.Fatal(err)
	}
	u.FillCoords()
	if got := binary.LittleEndian.Uint32(u.Data[u.TexelOffset(0, 2, 1, 0, 0, 3):]); got != 2 {
		t.Errorf("r32_uint coords = %d, want 2 (R = x)", got)
	}
	u.FillHash(9, 0, 1)
	hs := lowbias32(9)
	for k := range len(u.Data) / 4 {
		if got := binary.LittleEndian.Uint32(u.Data[4*k:]); got != lowbias32(uint32(k)+hs) {
			t.Fatalf("r32_uint hash element %d = %#x", k, got)
		}
	}
}

func TestLowbias32(t *testing.T) {
	// Values of Chris Wellons' lowbias32 (hash-prospector), computed by hand
	// from the definition.
	x := uint32(1)
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	if lowbias32(1) != x || lowbias32(0) != 0 {
		t.Errorf("lowbias32(1) = %#x, want %#x; lowbias32(0) = %#x", lowbias32(1), x, lowbias32(0))
	}
}

// TestFillParallel checks a surface large enough for the parallel path.
func TestFillParallel(t *testing.T) {
	for _, f := range []format.Format{format.R8G8B8A8Unorm, format.R16G16B16A16Sfloat, format.D32Sfloat} {
		s, err := New(Desc{Kind: Kind2DArray, Format: f, Width: 256, Height: 128, Layers: 8})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Data) < parallelMin {
			t.Fatalf("%v: %d bytes is below the parallel threshold", f, len(s.Data))
		}
		s.FillHash(77, -1, 3)
		if want := referenceFill(s, false, 77, -1, 3); string(s.Data) != string(want) {
			t.Errorf("%v hash: %s", f, firstDiff(s, s.Data, want))
		}
		s.FillCoords()
		if want := referenceFill(s, true, 0, 0, 0); string(s.Data) != string(want) {
			t.Errorf("%v coords: %s", f, firstDiff(s, s.Data, want))
		}
	}
}

func TestDataBytes(t *testing.T) {
	for _, d := range []Desc{
		{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 5, Height: 3},
		{Kind: KindCubeArray, Format: format.R32G32B32A32Sfloat, Width: 4, Height: 4, Layers: 12},
		{Kind: Kind3D, Format: format.BC1RGBAUnormBlock, Width: 9, Height: 9, Depth: 3},
	} {
		s, err := New(d)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.DataBytes(); got != len(s.Data) || got == 0 {
			t.Errorf("%v %v: DataBytes %d, len(Data) %d", d.Kind, d.Format, got, len(s.Data))
		}
	}
	if got := (&Surface{}).DataBytes(); got != 0 {
		t.Errorf("a Surface New did not make: DataBytes %d, want 0", got)
	}
}
