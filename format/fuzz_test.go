package format

import (
	"math"
	"strings"
	"testing"
)

// FuzzDecode decodes arbitrary bytes as every format: no decoder may panic,
// decoding must be deterministic, and for uncompressed formats decoding what
// Encode wrote from a decoded texel must give the texel back.
func FuzzDecode(f *testing.F) {
	f.Add(uint16(R8G8B8A8Unorm), []byte{1, 2, 3, 4})
	f.Add(uint16(E5B9G9R9UfloatPack32), []byte{0xff, 0xff, 0xff, 0xff})
	f.Add(uint16(BC7UnormBlock), make([]byte, 16))
	f.Add(uint16(D32SfloatS8Uint), []byte{0, 0, 0xc0, 0x7f, 9, 9, 9, 9})
	f.Fuzz(func(t *testing.T, fi uint16, data []byte) {
		fm := Format(fi % uint16(numFormats))
		if !fm.Valid() {
			return
		}
		in := fm.Info()
		if len(data) < in.Bytes {
			return
		}
		src := data[:in.Bytes]
		a, b := fm.Decode(src), fm.Decoder()(src)
		for c := range 4 {
			if math.Float32bits(a[c]) != math.Float32bits(b[c]) {
				t.Fatalf("%v: Decode and Decoder differ on % x", fm, src)
			}
		}
		if in.Compressed {
			dst := make([][4]float32, in.BlockWidth*in.BlockHeight)
			fm.BlockDecoder()(src, dst)
			return
		}
		for c := range 4 {
			if in.Class == ClassFloat && a[c] != a[c] {
				return // NaN payloads do not round-trip through float64
			}
		}
		var v [4]float64
		for c := range 4 {
			switch in.Class {
			case ClassUint:
				v[c] = float64(math.Float32bits(a[c]))
			case ClassSint:
				v[c] = float64(int32(math.Float32bits(a[c])))
			default:
				v[c] = float64(a[c])
			}
		}
		if in.Depth && in.Stencil {
			sf, off, _ := fm.AspectFormat(AspectStencil)
			v[1] = float64(math.Float32bits(sf.Decode(src[off:])[0]))
		}
		out := make([]byte, in.Bytes)
		fm.Encode(out, v)
		back := fm.Decode(out)
		for c := range 4 {
			if math.Float32bits(back[c]) != math.Float32bits(a[c]) {
				t.Fatalf("%v: % x decodes to %v, its encoding % x to %v", fm, src, a, out, back)
			}
		}
	})
}

// FuzzParse: Parse never panics and accepts exactly the names (any case).
func FuzzParse(f *testing.F) {
	f.Add("r8g8b8a8_unorm")
	f.Add("BC7_SRGB_BLOCK")
	f.Add("")
	f.Fuzz(func(t *testing.T, name string) {
		fm, err := Parse(name)
		if err != nil {
			return
		}
		if !strings.EqualFold(fm.String(), name) {
			t.Fatalf("Parse(%q) = %v", name, fm)
		}
	})
}
