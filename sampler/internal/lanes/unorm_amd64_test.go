//go:build amd64 && !purego

package lanes

import (
	"encoding/binary"
	"math"
	"testing"
)

// TestUnorm8IsDivision checks the assembly's r8g8b8a8_unorm decode (the
// exact quotient u/255 by one fused multiply-add, unorm8 in gather8)
// against the binary32 quotient the reference decodes, for every byte in
// every channel position, and unormRep's words against unormRepBase, from
// which gather8 builds them.
func TestUnorm8IsDivision(t *testing.T) {
	for c := range 4 {
		for e := range 8 {
			r := unormRep[c][4*e : 4*e+4]
			if w := uint32(uint8(r[0])) | uint32(uint8(r[1]))<<8 | uint32(uint8(r[2]))<<16 | uint32(uint8(r[3]))<<24; w != unormRepBase[e]+uint32(c)*0x010101 {
				t.Fatalf("unormRep[%d] word %d: %08x, unormRepBase gives %08x", c, e, w, unormRepBase[e]+uint32(c)*0x010101)
			}
		}
	}
	if !AsmKernels {
		t.Skip("no AVX2 and FMA")
	}
	// 256 words, word u holding byte u in channel c and other bytes
	// elsewhere; a gather of channel c over Footprints of four words each.
	d := make([]byte, 4*256)
	for c := range 4 {
		for u := range 256 {
			binary.LittleEndian.PutUint32(d[4*u:], 0xa5a5a5a5&^(0xff<<(8*c))|uint32(u)<<(8*c))
		}
		for k0 := 0; k0 < 256; k0 += 4 * Chunk {
			var fp Footprints
			var ch [Chunk]uint8
			for k := range Chunk {
				for q := range 4 {
					fp.O[q][k] = int32(4 * ((k0 + 4*k + q) % 256))
				}
				ch[k] = uint8(c)
			}
			var got [4][Chunk]float32
			out := OutOf(&got)
			if !gatherRGBA8Asm(d, &fp, Chunk, &ch, &out, true) {
				t.Fatal("gatherRGBA8Asm declined")
			}
			for k := range Chunk {
				for q := range 4 {
					// Gather returns texels (i0,j1), (i1,j1), (i1,j0), (i0,j0):
					// footprint rows 2, 3, 1, 0.
					v := got[q][k]
					src := [4]int{2, 3, 1, 0}[q]
					u := (k0 + 4*k + src) % 256
					if want := float32(u) / 255; math.Float32bits(v) != math.Float32bits(want) {
						t.Fatalf("channel %d byte %d: %v (%08x), want %v (%08x)", c, u, v, math.Float32bits(v), want, math.Float32bits(want))
					}
				}
			}
		}
	}
}
