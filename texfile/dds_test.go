package texfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/texunit/texunit/surface"
)

// ddsSpec describes a hand-made DDS file.
type ddsSpec struct {
	w, h, depth, mips      uint32
	flags                  uint32
	pfFlags, fourCC, bits  uint32
	masks                  [4]uint32
	caps2                  uint32
	dx10                   bool
	dxgi, dim, misc, array uint32
	data                   []byte
}

// makeDDS builds a DDS file from s (Microsoft's DDS_HEADER layout).
func makeDDS(s ddsSpec) []byte {
	b := make([]byte, 128)
	copy(b, "DDS ")
	le := binary.LittleEndian
	le.PutUint32(b[4:], 124)
	le.PutUint32(b[8:], 0x1007|s.flags) // CAPS | HEIGHT | WIDTH | PIXELFORMAT
	le.PutUint32(b[12:], s.h)
	le.PutUint32(b[16:], s.w)
	le.PutUint32(b[24:], s.depth)
	le.PutUint32(b[28:], s.mips)
	le.PutUint32(b[76:], 32)
	le.PutUint32(b[80:], s.pfFlags)
	le.PutUint32(b[84:], s.fourCC)
	le.PutUint32(b[88:], s.bits)
	for i, m := range s.masks {
		le.PutUint32(b[92+4*i:], m)
	}
	le.PutUint32(b[108:], 0x1000)
	le.PutUint32(b[112:], s.caps2)
	if s.dx10 {
		le.PutUint32(b[84:], fourCC("DX10"))
		le.PutUint32(b[80:], ddpfFourCC)
		x := make([]byte, 20)
		le.PutUint32(x[0:], s.dxgi)
		le.PutUint32(x[4:], s.dim)
		le.PutUint32(x[8:], s.misc)
		le.PutUint32(x[12:], s.array)
		b = append(b, x...)
	}
	return append(b, s.data...)
}

func seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// TestReadDDSImageMagick compares the ImageMagick-made files with
// ImageMagick's own decodes.
func TestReadDDSImageMagick(t *testing.T) {
	f := readTestFile(t, "bgra.dds")
	s := f.Surface
	if s.Format.String() != "b8g8r8a8_unorm" || s.Width != 4 || s.Height != 2 || s.Levels != 1 {
		t.Fatalf("bgra.dds: %v %dx%d %d levels", s.Format, s.Width, s.Height, s.Levels)
	}
	ref := readPAM(t, "bgra.pam")
	for p := 0; p < 8; p++ {
		got := []int{int(s.Data[4*p+2]), int(s.Data[4*p+1]), int(s.Data[4*p]), int(s.Data[4*p+3])}
		for c := 0; c < 4; c++ {
			if got[c] != ref.samples[4*p+c] {
				t.Fatalf("pixel %d: RGBA %v, ImageMagick %v", p, got, ref.samples[4*p:4*p+4])
			}
		}
	}
	for _, tc := range []struct {
		file, format string
		w, h, levels int
	}{
		{"dxt1_mips.dds", "bc1_rgba_unorm_block", 8, 8, 4},
		{"dxt5.dds", "bc3_unorm_block", 8, 4, 1},
		{"dxt1_6x5.dds", "bc1_rgba_unorm_block", 6, 5, 1}, // partial blocks
	} {
		if !knows(tc.format) {
			_, err := ReadFile("testdata/"+tc.file, nil)
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s before %s exists: %v, want ErrUnsupported", tc.file, tc.format, err)
			}
			continue
		}
		f := readTestFile(t, tc.file)
		s := f.Surface
		if s.Format.String() != tc.format || s.Width != tc.w || s.Height != tc.h || s.Levels != tc.levels {
			t.Fatalf("%s: %v %dx%d %d levels", tc.file, s.Format, s.Width, s.Height, s.Levels)
		}
		// ImageMagick decodes BC1/BC3 through 8-bit arithmetic of its own;
		// package format decodes exactly: allow 2/255.
		px, w, h, err := decodeImageRef(s, 0, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		ref := readPAM(t, tc.file[:len(tc.file)-4]+".pam")
		for p := 0; p < w*h; p++ {
			for c := 0; c < ref.depth; c++ {
				if !near(float64(px[p][c]), float64(ref.samples[p*ref.depth+c])/255, 2.0/255) {
					t.Fatalf("%s pixel %d: %v, ImageMagick %v", tc.file, p, px[p], ref.samples[p*ref.depth:p*ref.depth+ref.depth])
				}
			}
		}
	}
}

// TestReadDDSLayouts checks the header variants and the reordering from
// DDS's layer-major to the surface's level-major order.
func TestReadDDSLayouts(t *testing.T) {
	rgba := [4]uint32{0xff, 0xff00, 0xff0000, 0xff000000}
	for _, tc := range []struct {
		name   string
		spec   ddsSpec
		kind   surface.Kind
		format string
		layers int
		// check: the byte at surface offset → file data offset pairs
		pairs [][2]int
	}{
		{"legacy rgba8 mips", ddsSpec{w: 2, h: 2, mips: 2, pfFlags: ddpfRGB | ddpfAlphaPixels, bits: 32, masks: rgba, data: seq(20)},
			surface.Kind2D, "r8g8b8a8_unorm", 1, [][2]int{{0, 0}, {16, 16}, {19, 19}}},
		{"dx10 2d array mips", ddsSpec{w: 2, h: 1, mips: 2, dx10: true, dxgi: 61, dim: dx10Tex2D, array: 2, data: seq(6)},
			// file: layer0 [l0: 0 1][l1: 2] layer1 [l0: 3 4][l1: 5]; surface: l0 [0 1 3 4] l1 [2 5]
			surface.Kind2DArray, "r8_unorm", 2, [][2]int{{0, 0}, {1, 1}, {2, 3}, {3, 4}, {4, 2}, {5, 5}}},
		{"dx10 cube", ddsSpec{w: 1, h: 1, mips: 1, dx10: true, dxgi: 61, dim: dx10Tex2D, misc: dx10MiscCube, array: 1, data: seq(6)},
			surface.KindCube, "r8_unorm", 6, [][2]int{{0, 0}, {5, 5}}},
		{"dx10 cube array", ddsSpec{w: 1, h: 1, mips: 1, dx10: true, dxgi: 61, dim: dx10Tex2D, misc: dx10MiscCube, array: 2, data: seq(12)},
			surface.KindCubeArray, "r8_unorm", 12, [][2]int{{11, 11}}},
		{"legacy cube luminance", ddsSpec{w: 2, h: 2, mips: 2, pfFlags: ddpfLuminance, bits: 8, masks: [4]uint32{0xff}, caps2: ddsCaps2Cube | ddsCaps2AllFace, data: seq(30)},
			// face f: 4 bytes of level 0 then 1 of level 1 → surface l0 face f at 4f, l1 face f at 24+f.
			surface.KindCube, "r8_unorm", 6, [][2]int{{4, 5}, {24, 4}, {29, 29}}},
		{"dx10 1d array", ddsSpec{w: 4, h: 1, mips: 1, dx10: true, dxgi: 61, dim: dx10Tex1D, array: 2, data: seq(8)},
			surface.Kind1DArray, "r8_unorm", 2, [][2]int{{7, 7}}},
		{"dx10 3d mips", ddsSpec{w: 2, h: 2, depth: 2, mips: 2, dx10: true, dxgi: 61, dim: dx10Tex3D, array: 1, data: seq(9)},
			surface.Kind3D, "r8_unorm", 1, [][2]int{{8, 8}}},
		{"legacy volume", ddsSpec{w: 2, h: 1, depth: 2, flags: ddsdDepth, mips: 1, pfFlags: ddpfLuminance, bits: 8, masks: [4]uint32{0xff}, caps2: ddsCaps2Volume, data: seq(4)},
			surface.Kind3D, "r8_unorm", 1, [][2]int{{3, 3}}},
		{"x8r8g8b8 opaque", ddsSpec{w: 1, h: 1, mips: 1, pfFlags: ddpfRGB, bits: 32, masks: [4]uint32{0xff0000, 0xff00, 0xff, 0}, data: []byte{1, 2, 3, 9}},
			surface.Kind2D, "b8g8r8a8_unorm", 1, nil},
		{"r5g6b5", ddsSpec{w: 1, h: 1, mips: 1, pfFlags: ddpfRGB, bits: 16, masks: [4]uint32{0xf800, 0x7e0, 0x1f, 0}, data: []byte{1, 2}},
			surface.Kind2D, "r5g6b5_unorm_pack16", 1, [][2]int{{1, 1}}},
		{"fourcc float", ddsSpec{w: 1, h: 1, pfFlags: ddpfFourCC, fourCC: 116, data: seq(16)},
			surface.Kind2D, "r32g32b32a32_sfloat", 1, [][2]int{{15, 15}}},
		{"trailing bytes", ddsSpec{w: 1, h: 1, mips: 1, dx10: true, dxgi: 61, dim: dx10Tex2D, array: 1, data: seq(5)},
			surface.Kind2D, "r8_unorm", 1, [][2]int{{0, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode(tc.name, makeDDS(tc.spec), nil)
			if err != nil {
				t.Fatal(err)
			}
			s := f.Surface
			if s.Kind != tc.kind || s.Format.String() != tc.format || s.Layers != tc.layers {
				t.Fatalf("%v %v %d layers, want %v %s %d", s.Kind, s.Format, s.Layers, tc.kind, tc.format, tc.layers)
			}
			for _, p := range tc.pairs {
				if s.Data[p[0]] != tc.spec.data[p[1]] {
					t.Errorf("surface byte %d = %d, want file data byte %d = %d", p[0], s.Data[p[0]], p[1], tc.spec.data[p[1]])
				}
			}
			if tc.name == "x8r8g8b8 opaque" && !bytes.Equal(s.Data, []byte{1, 2, 3, 255}) {
				t.Errorf("X8R8G8B8: %v, want alpha 255", s.Data)
			}
		})
	}
}

// TestReadDDSErrors checks that each malformed or unsupported header field
// is reported by name and offset.
func TestReadDDSErrors(t *testing.T) {
	good := ddsSpec{w: 2, h: 2, mips: 1, dx10: true, dxgi: 61, dim: dx10Tex2D, array: 1, data: seq(4)}
	for _, tc := range []struct {
		name   string
		mutate func(s *ddsSpec, b []byte) []byte
		field  string
		offset int64
		kind   error
	}{
		{"size", func(s *ddsSpec, b []byte) []byte { b[4] = 100; return b }, "dwSize", 4, ErrMalformed},
		{"pf size", func(s *ddsSpec, b []byte) []byte { b[76] = 0; return b }, "ddspf.dwSize", 76, ErrMalformed},
		{"width 0", func(s *ddsSpec, b []byte) []byte { b[16] = 0; return b }, "dwWidth", 16, ErrMalformed},
		{"height huge", func(s *ddsSpec, b []byte) []byte { b[15] = 1; return b }, "dwHeight", 12, ErrUnsupported},
		{"mips", func(s *ddsSpec, b []byte) []byte { b[28] = 3; return b }, "dwMipMapCount", 28, ErrMalformed},
		{"dxgi", func(s *ddsSpec, b []byte) []byte { b[128] = 1; return b }, "dxgiFormat", 128, ErrUnsupported},
		{"dimension", func(s *ddsSpec, b []byte) []byte { b[132] = 9; return b }, "resourceDimension", 132, ErrMalformed},
		{"array 0", func(s *ddsSpec, b []byte) []byte { b[140] = 0; return b }, "arraySize", 140, ErrMalformed},
		{"truncated data", func(s *ddsSpec, b []byte) []byte { return b[:len(b)-1] }, "texel data", 148, ErrMalformed},
		{"truncated dx10", func(s *ddsSpec, b []byte) []byte { return b[:140] }, "DDS_HEADER_DXT10", 128, ErrMalformed},
		{"fourcc", func(s *ddsSpec, b []byte) []byte { copy(b[84:], "ABCD"); return b }, "ddspf.dwFourCC", 84, ErrUnsupported},
		{"masks", func(s *ddsSpec, b []byte) []byte {
			binary.LittleEndian.PutUint32(b[80:], ddpfRGB)
			binary.LittleEndian.PutUint32(b[88:], 8)
			return b
		}, "ddspf", 76, ErrUnsupported},
		{"partial cube", func(s *ddsSpec, b []byte) []byte {
			binary.LittleEndian.PutUint32(b[80:], ddpfLuminance)
			binary.LittleEndian.PutUint32(b[88:], 8)
			binary.LittleEndian.PutUint32(b[92:], 0xff)
			binary.LittleEndian.PutUint32(b[112:], ddsCaps2Cube|0x400)
			return b
		}, "dwCaps2", 112, ErrUnsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := good
			b := tc.mutate(&s, makeDDS(s))
			_, err := Decode("bad.dds", b, nil)
			var e *Error
			if !errors.As(err, &e) || e.Field != tc.field || e.Offset != tc.offset || !errors.Is(err, tc.kind) || e.File != "bad.dds" {
				t.Fatalf("error %v (%#v), want field %s at %d, %v", err, e, tc.field, tc.offset, tc.kind)
			}
		})
	}
}
