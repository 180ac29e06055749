package texfile

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// fuzzDecode is the body of every fuzz target: Decode must return a
// surface or an *Error naming the file and a field, never panic, and a
// decoded surface must hold exactly its description's bytes and survive a
// KTX 2.0 round trip unchanged.
func fuzzDecode(t *testing.T, b []byte) {
	f, err := Decode("fuzz", b, &Options{MaxBytes: 1 << 22})
	if err != nil {
		checkErr(t, "fuzz", err)
		return
	}
	s := f.Surface
	if n, ok := dataSize(s.Desc); !ok || n != uint64(len(s.Data)) {
		t.Fatalf("%+v holds %d bytes, want %d", s.Desc, len(s.Data), n)
	}
	var buf bytes.Buffer
	if err := WriteKTX2(&buf, s, nil); err != nil {
		t.Fatalf("WriteKTX2: %v", err)
	}
	g, err := Decode("fuzz.ktx2", buf.Bytes(), &Options{MaxBytes: 1 << 23})
	if err != nil {
		t.Fatalf("reading back: %v", err)
	}
	if g.Surface.Desc != s.Desc || !bytes.Equal(g.Surface.Data, s.Data) {
		t.Fatalf("KTX 2.0 round trip changed %+v to %+v", s.Desc, g.Surface.Desc)
	}
}

// seed adds the test files of the given container to the corpus, and
// those of the hostile-input corpus (internal/hostile: bombs, lying
// headers, huge dimensions).
func seed(f *testing.F, c Container, extra ...[]byte) {
	names, _ := filepath.Glob("testdata/*")
	hostile, _ := filepath.Glob("../internal/hostile/testdata/*")
	names = append(names, hostile...)
	for _, n := range names {
		if ContainerOf(n) == c {
			b, err := os.ReadFile(n)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	for _, b := range extra {
		f.Add(b)
	}
}

func FuzzPNG(f *testing.F) {
	seed(f, PNG)
	f.Fuzz(fuzzDecode)
}

func FuzzKTX2(f *testing.F) {
	seed(f, KTX2)
	f.Fuzz(fuzzDecode)
}

func FuzzDDS(f *testing.F) {
	rgba := [4]uint32{0xff, 0xff00, 0xff0000, 0xff000000}
	seed(f, DDS,
		makeDDS(ddsSpec{w: 2, h: 2, mips: 2, pfFlags: ddpfRGB | ddpfAlphaPixels, bits: 32, masks: rgba, data: seq(20)}),
		makeDDS(ddsSpec{w: 1, h: 1, mips: 1, dx10: true, dxgi: 61, dim: dx10Tex2D, misc: dx10MiscCube, array: 2, data: seq(12)}),
		makeDDS(ddsSpec{w: 2, h: 2, depth: 2, mips: 2, dx10: true, dxgi: 61, dim: dx10Tex3D, array: 1, data: seq(9)}),
		makeDDS(ddsSpec{w: 2, h: 2, mips: 2, pfFlags: ddpfLuminance, bits: 8, masks: [4]uint32{0xff}, caps2: ddsCaps2Cube | ddsCaps2AllFace, data: seq(30)}))
	f.Fuzz(fuzzDecode)
}

// FuzzHDR covers the Radiance header parser and the RLE scanline decoder.
func FuzzHDR(f *testing.F) {
	seed(f, HDR,
		[]byte("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n+Y 2 +X 1\n\x80\x40\x20\x81\x80\x80\x80\x82"),
		[]byte("#?RGBE\n\n-Y 1 +X 4\n\x80\x40\x20\x81\x01\x01\x01\x02\x80\x80\x80\x82"),
		[]byte("#?RADIANCE\n\n-Y 1 +X 8\n\x02\x02\x00\x08\x88\x80\x08\x01\x02\x03\x04\x05\x06\x07\x08\x88\x00\x88\x81"))
	f.Fuzz(fuzzDecode)
}

// FuzzKTX1 covers the KTX 1.1 reader: the header, key/value data, the level sizes with and without
// row padding, cube and array layouts, big-endian files and the glFormat/glType pairs.
func FuzzKTX1(f *testing.F) {
	seed(f, KTX,
		ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1907, internal: 0x8051, w: 3, h: 2, faces: 1, mips: 2,
			levels: [][]byte{make([]byte, 24), make([]byte, 4)}}.bytes(),
		ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1903, internal: 0x8229, w: 2, h: 2, faces: 6, mips: 1,
			levels: [][]byte{make([]byte, 48)}, sizes: []uint32{8}}.bytes(),
		ktx1File{order: binary.BigEndian, glType: 0x1403, glTypeSize: 2, glFormat: 0x8227, internal: 0x822C, w: 1, h: 1, faces: 1, mips: 1,
			levels: [][]byte{{1, 2, 3, 4}}}.bytes(),
		ktx1File{internal: 0x93C0, glTypeSize: 1, w: 3, h: 3, d: 3, faces: 1, mips: 1, levels: [][]byte{make([]byte, 16)}}.bytes(),
		// GL_BGRA bytes of GL_RGBA8; a 7×5×3 r8 volume of unpadded rows (astcenc's layout).
		ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x80E1, internal: 0x8058, w: 1, h: 1, faces: 1, mips: 1,
			levels: [][]byte{{1, 2, 3, 4}}}.bytes(),
		ktx1File{glType: 0x1401, glTypeSize: 1, glFormat: 0x1903, internal: 0x8229, w: 7, h: 5, d: 3, faces: 1, mips: 1,
			levels: [][]byte{make([]byte, 108)}, sizes: []uint32{105}}.bytes())
	f.Fuzz(fuzzDecode)
}

// FuzzASTC covers the .astc reader: the header's block and image sizes against the blocks.
func FuzzASTC(f *testing.F) {
	seed(f, ASTC,
		append([]byte{0x13, 0xab, 0xa1, 0x5c, 4, 4, 1, 4, 0, 0, 4, 0, 0, 1, 0, 0}, make([]byte, 16)...),
		append([]byte{0x13, 0xab, 0xa1, 0x5c, 3, 3, 3, 4, 0, 0, 3, 0, 0, 3, 0, 0}, make([]byte, 32)...))
	f.Fuzz(fuzzDecode)
}
