package sampler

import (
	"math"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestZeroTexel: the zero texel of every format is robustImageAccess2's
// zero values: R, G and B zero, A zero where the format stores alpha and
// one where it does not (as an integer for the integer classes). For the
// uncompressed formats it is the decode of all-zero memory; for the
// compressed ones it is not (an all-zero ETC2, EAC or ASTC block decodes
// to a colour of its own, BC1's to opaque black).
func TestZeroTexel(t *testing.T) {
	for _, f := range format.All() {
		in := f.Info()
		z := zeroTexelOf(f)
		one := float32(1)
		if in.Class != format.ClassFloat {
			one = math.Float32frombits(1)
		}
		alpha := in.Bits[3] > 0 || in.Compressed && in.Components == 4
		want := [4]float32{0, 0, 0, one}
		if alpha {
			want[3] = 0
		}
		if in.Depth || in.Stencil {
			want = f.Decoder()(zeroMemory[:]) // (0, 0, 0, 1) in its class: checked below
			if want[0] != 0 || want[1] != 0 || want[2] != 0 {
				t.Errorf("%s: zero memory decodes to %v", f, want)
			}
		}
		for c := range 4 {
			if math.Float32bits(z[c]) != math.Float32bits(want[c]) {
				t.Errorf("%s: zero texel %v, want %v", f, z, want)
				break
			}
		}
		if !in.Compressed && f.Decoder()(zeroMemory[:]) != z {
			t.Errorf("%s: zero texel %v is not the decode of zero memory %v", f, z, f.Decoder()(zeroMemory[:]))
		}
	}
}

// TestCompressedOutOfBounds: an out-of-bounds fetch and a non-resident
// read of a block-compressed surface give the zero values (not the decode
// of an all-zero block) on both roads.
func TestCompressedOutOfBounds(t *testing.T) {
	for _, f := range []format.Format{format.BC1RGBAUnormBlock, format.BC1RGBUnormBlock, format.BC7UnormBlock,
		format.ETC2R8G8B8UnormBlock, format.EACR11UnormBlock, format.EACR11SnormBlock, format.ASTC4x4UnormBlock, format.ASTC6x6SrgbBlock} {
		s := newSurface(t, surface.Desc{Kind: surface.Kind2D, Format: f, Width: 16, Height: 16, Levels: 1}, false)
		if err := s.SetTileSize(8, 8, 1); err != nil {
			t.Fatal(err)
		}
		if err := s.SetResident(0, 0, 1, 0, 0, false); err != nil { // texels 8–15 × 0–7
			t.Fatal(err)
		}
		want := [4]float32{0, 0, 0, 1}
		if f.Info().Components == 4 {
			want[3] = 0
		}
		for _, ref := range []bool{false, true} {
			fastDisabled = ref
			req := &Request{Op: OpFetch, Lanes: 4, Texel: [4][]int32{{-1, 16, 3, 9}, {0, 2, 20, 1}}, Level: []int32{0, 0, 0, 0}}
			var res Result
			if err := (&Engine{}).Execute(s.View(), &State{}, req, &res); err != nil {
				t.Fatal(err)
			}
			st := DefaultState()
			st.MagFilter, st.MinFilter = Linear, Linear
			smp := &Request{Op: OpSampleLZ, Lanes: 1, Coord: [4][]float32{{0.75}, {0.25}}}
			var sres Result
			if err := (&Engine{}).Execute(s.View(), &st, smp, &sres); err != nil {
				t.Fatal(err)
			}
			fastDisabled = false
			for i := range 4 {
				got := [4]float32{res.Float(0, i), res.Float(1, i), res.Float(2, i), res.Float(3, i)}
				if i < 3 && got != want {
					t.Errorf("%s (reference %v): lane %d out of bounds %v, want %v", f, ref, i, got, want)
				}
				if i == 3 && (got != want || res.Resident[3]) {
					t.Errorf("%s (reference %v): non-resident texel %v resident %v, want %v false", f, ref, got, res.Resident[3], want)
				}
			}
			if got := [4]float32{sres.Float(0, 0), sres.Float(1, 0), sres.Float(2, 0), sres.Float(3, 0)}; got != want || sres.Resident[0] {
				t.Errorf("%s (reference %v): sample inside a non-resident tile %v resident %v, want %v false", f, ref, got, sres.Resident[0], want)
			}
		}
	}
}
