package surface

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
)

// newFormats are the formats added after the original sixteen but the
// YCbCr ones (planar_test.go checks those).
func newFormats() []format.Format {
	var fs []format.Format
	for _, f := range format.All()[16:] {
		if !f.Info().YCbCr {
			fs = append(fs, f)
		}
	}
	return fs
}

// hashReference is FillHash's definition for the formats added after the
// original sixteen, written element by element on one goroutine.
func hashReference(s *Surface, seed uint32, lo, hi float64) []byte {
	in := s.Format.Info()
	out := make([]byte, len(s.Data))
	hs := lowbias32(seed)
	h := func(k int) uint32 { return lowbias32(uint32(k) + hs) }
	val := func(u float64) float64 { return lo + float64((hi-lo)*u) }
	eb := in.ElementBytes
	for k := 0; k < len(out)/eb; k++ {
		e := out[k*eb : (k+1)*eb]
		hk := h(k)
		switch {
		case s.Format == format.B10G11R11UfloatPack32 || s.Format == format.E5B9G9R9UfloatPack32:
			var v [4]float64
			for c := range 3 {
				v[c] = val(float64(hk>>(10*c)&0x3ff) / 1024)
			}
			s.Format.Encode(e, v)
		case s.Format == format.D16UnormS8Uint:
			e[0], e[1], e[2] = byte(hk>>16), byte(hk>>24), byte(hk)
		case s.Format == format.D32SfloatS8Uint:
			binary.LittleEndian.PutUint32(e, math.Float32bits(float32(val(float64(hk>>8)/(1<<24)))))
			e[4] = byte(hk)
		case eb == 1:
			e[0] = byte(hk)
		case in.Numeric == format.NumericSfloat && eb == 2:
			binary.LittleEndian.PutUint16(e, format.Float64ToHalf(val(float64(hk>>8)/(1<<24))))
		case in.Numeric == format.NumericSfloat:
			binary.LittleEndian.PutUint32(e, math.Float32bits(float32(val(float64(hk>>8)/(1<<24)))))
		case eb == 2:
			binary.LittleEndian.PutUint16(e, uint16(hk>>16))
		default:
			binary.LittleEndian.PutUint32(e, hk)
		}
	}
	return out
}

// TestFillHashNewFormats checks FillHash for every added format and kind
// against the element-by-element reference, including one surface large
// enough to be filled in parallel.
func TestFillHashNewFormats(t *testing.T) {
	for _, f := range newFormats() {
		in := f.Info()
		for _, d := range fillDescs {
			d.Format = f
			if (in.Depth || in.Stencil) && d.Kind == Kind3D || in.Compressed && (d.Kind.Dims() == 1 || d.Kind.IsMultisample()) || in.BlockDepth > 1 && d.Kind != Kind3D {
				continue
			}
			s, err := New(d)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range [][3]float64{{1, 0, 1}, {77, -3, 70000}} {
				s.FillHash(uint32(r[0]), r[1], r[2])
				if want := hashReference(s, uint32(r[0]), r[1], r[2]); string(s.Data) != string(want) {
					t.Fatalf("%v %v hash %v differs from the reference", f, d.Kind, r)
				}
			}
		}
	}
	s, err := New(Desc{Kind: Kind2D, Format: format.A2B10G10R10UnormPack32, Width: 1024, Height: 512})
	if err != nil {
		t.Fatal(err)
	}
	s.FillHash(5, 0, 1)
	if string(s.Data) != string(hashReference(s, 5, 0, 1)) {
		t.Fatal("parallel fill differs from the reference")
	}
}

// TestFillCoordsNewFormats decodes every texel of every added uncompressed
// format after FillCoords and checks the values its doc comment promises.
func TestFillCoordsNewFormats(t *testing.T) {
	for _, f := range newFormats() {
		in := f.Info()
		if in.Compressed {
			continue
		}
		for _, d := range fillDescs {
			d.Format = f
			if (in.Depth || in.Stencil) && d.Kind == Kind3D {
				continue
			}
			s, err := New(d)
			if err != nil {
				t.Fatal(err)
			}
			s.FillCoords()
			checkCoords(t, s)
		}
	}
}

func checkCoords(t *testing.T, s *Surface) {
	t.Helper()
	in := s.Format.Info()
	dec := s.Format.Decoder()
	for l := range s.Levels {
		w, h, dd := s.LevelSize(l)
		for layer := range s.Layers {
			for z := range dd {
				for y := range h {
					for x := range w {
						for smp := range s.Samples {
							o := s.TexelOffset(l, x, y, z, layer, smp)
							got := dec(s.Data[o:])
							want := [4]int{x, y, z + layer, 16*l + smp}
							if in.Depth {
								i := float64(x + w*(y+h*(z+dd*layer)))
								v := (i + 0.5) / (float64(w) * float64(h) * float64(dd) * float64(s.Layers))
								if math.Abs(float64(got[0])-v) > 1e-4 {
									t.Fatalf("%v level %d (%d,%d,%d) layer %d: depth %v, want %v", s.Format, l, x, y, z, layer, got[0], v)
								}
								if in.Stencil {
									sf, off, _ := s.Format.AspectFormat(format.AspectStencil)
									if st := math.Float32bits(sf.Decode(s.Data[o+off:])[0]); st != uint32(x&255) {
										t.Fatalf("%v (%d,%d): stencil %d, want %d", s.Format, x, y, st, x&255)
									}
								}
								continue
							}
							for c := range 4 {
								b := in.Bits[c]
								if in.Stencil && c == 0 {
									b = 8
								}
								if b == 0 {
									continue
								}
								mask := 1<<b - 1
								var wantV float64
								gotV := float64(got[c])
								switch in.Class {
								case format.ClassUint:
									gotV = float64(math.Float32bits(got[c]))
									wantV = float64(want[c] & mask)
								case format.ClassSint:
									gotV = float64(int32(math.Float32bits(got[c])))
									wantV = float64(signExtend(want[c]&mask, b))
								default:
									switch in.Numeric {
									case format.NumericUnorm:
										wantV = float64(want[c]&mask) / float64(mask)
									case format.NumericSrgb:
										wantV = float64(want[c]&mask) / float64(mask)
										if c < 3 {
											wantV = float64(format.SRGBToLinear(uint8(want[c] & mask)))
										}
									case format.NumericSnorm:
										wantV = float64(want[c]&(mask>>1)) / float64(mask>>1)
									case format.NumericUscaled:
										wantV = float64(want[c] & mask)
									case format.NumericSscaled:
										wantV = float64(signExtend(want[c]&mask, b))
									default: // floats hold the value, rounded for small floats
										wantV = float64(want[c])
									}
								}
								tol := 1e-6 * math.Max(1, math.Abs(wantV))
								if in.Numeric == format.NumericUfloat || in.Numeric == format.NumericSfloat && b == 16 {
									tol = math.Abs(wantV) / 32 // 5 mantissa bits at least
								}
								if math.Abs(gotV-wantV) > tol {
									t.Fatalf("%v level %d (%d,%d,%d) layer %d sample %d: component %d = %v, want %v",
										s.Format, l, x, y, z, layer, smp, c, gotV, wantV)
								}
							}
						}
					}
				}
			}
		}
	}
}

func signExtend(v, b int) int {
	if v >= 1<<(b-1) {
		return v - 1<<b
	}
	return v
}

// TestCoordsSupported: every uncompressed format but the 4:2:2 ones (2×1
// blocks), no compressed one; a compressed surface's data is left alone.
func TestCoordsSupported(t *testing.T) {
	for _, f := range format.All() {
		if CoordsSupported(f) == (f.Info().Compressed || f.Info().BlockWidth == 2) {
			t.Errorf("CoordsSupported(%v) = %v", f, CoordsSupported(f))
		}
	}
	if CoordsSupported(format.Undefined) {
		t.Error("CoordsSupported(undefined) = true")
	}
}

// TestCompressedLayout checks the block layout of block-compressed
// surfaces: level sizes in blocks (partial blocks stored whole), offsets,
// BlockOffset and the kinds that are refused.
func TestCompressedLayout(t *testing.T) {
	s, err := New(Desc{Kind: Kind2DArray, Format: format.BC1RGBUnormBlock, Width: 10, Height: 6, Layers: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Levels 10×6, 5×3, 2×1, 1×1 → blocks 3×2, 2×1, 1×1, 1×1 of 8 bytes.
	wantBlocks := [][2]int{{3, 2}, {2, 1}, {1, 1}, {1, 1}}
	off := 0
	for l, wb := range wantBlocks {
		if bx, by := s.LevelBlocks(l); bx != wb[0] || by != wb[1] {
			t.Errorf("level %d: %d×%d blocks, want %v", l, bx, by, wb)
		}
		if s.LevelOffset(l) != off {
			t.Errorf("level %d offset %d, want %d", l, s.LevelOffset(l), off)
		}
		off += wb[0] * wb[1] * 2 * 8
	}
	if len(s.Data) != off || s.LevelOffset(s.Levels) != off {
		t.Errorf("len(Data) = %d, want %d", len(s.Data), off)
	}
	if w, h := s.BlockSize(); w != 4 || h != 4 {
		t.Errorf("BlockSize = %d×%d", w, h)
	}
	tests := []struct{ level, x, y, layer, off, idx int }{
		{0, 0, 0, 0, 0, 0},
		{0, 3, 3, 0, 0, 15},
		{0, 4, 0, 0, 8, 0},
		{0, 9, 5, 0, 5 * 8, 1*4 + 1},
		{0, 1, 2, 1, 6 * 8, 2*4 + 1},
		{1, 4, 2, 1, 96 + 2*8 + 8, 2*4 + 0},
		{2, 1, 0, 0, 96 + 32, 1},
	}
	for _, tt := range tests {
		o, i := s.BlockOffset(tt.level, tt.x, tt.y, 0, tt.layer)
		if o != tt.off || i != tt.idx {
			t.Errorf("BlockOffset(%d, %d, %d, layer %d) = %d, %d; want %d, %d", tt.level, tt.x, tt.y, tt.layer, o, i, tt.off, tt.idx)
		}
	}
	// Uncompressed: BlockOffset is TexelOffset and index 0.
	u, _ := New(Desc{Kind: Kind2D, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8})
	if o, i := u.BlockOffset(1, 3, 2, 0, 0); o != u.TexelOffset(1, 3, 2, 0, 0, 0) || i != 0 {
		t.Errorf("uncompressed BlockOffset = %d, %d", o, i)
	}
	// ASTC-like shapes are exercised through 3D slices of BC7 here.
	s3, err := New(Desc{Kind: Kind3D, Format: format.BC7UnormBlock, Width: 5, Height: 5, Depth: 3, Levels: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(s3.Data) != 2*2*3*16 {
		t.Errorf("3d bc7 5×5×3: %d bytes", len(s3.Data))
	}
	if o, _ := s3.BlockOffset(0, 4, 4, 2, 0); o != (2*4+3)*16 {
		t.Errorf("3d bc7 block offset %d", o)
	}
	for _, d := range []Desc{
		{Kind: Kind1D, Format: format.BC1RGBUnormBlock, Width: 8},
		{Kind: Kind1DArray, Format: format.BC4UnormBlock, Width: 8, Layers: 2},
		{Kind: Kind2DMS, Format: format.BC7UnormBlock, Width: 8, Height: 8, Samples: 4},
	} {
		_, err := New(d)
		var e *Error
		if !errors.As(err, &e) || e.Field != "format" || !strings.Contains(err.Error(), "block-compressed") {
			t.Errorf("New(%v %v) error = %v", d.Kind, d.Format, err)
		}
	}
	// Size limits count blocks.
	_, err = NewWithLimit(Desc{Kind: Kind2D, Format: format.BC1RGBUnormBlock, Width: 16, Height: 16, Levels: 1}, 127)
	if err == nil || !strings.Contains(err.Error(), "128 bytes exceeds the limit of 127 bytes") {
		t.Errorf("limit error = %v", err)
	}
	// Tiles: Vulkan's 64 KiB shapes, 512×256 texels for 8-byte 4×4 blocks.
	if w, h, d := s.TileSize(); w != 512 || h != 256 || d != 1 {
		t.Errorf("bc1 tile %d×%d×%d", w, h, d)
	}
	if w, h, _ := s3.TileSize(); w != 256 || h != 256 {
		t.Errorf("bc7 tile %d×%d", w, h)
	}
	// Load takes whole blocks.
	if err := s.Load(make([]byte, off-1)); err == nil {
		t.Error("Load of a short stream succeeded")
	}
}
