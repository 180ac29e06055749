//go:build ignore

// mkwords writes sweep.bin: raw SM 5.x code (32-byte groups of a control
// word and three instruction words) holding TXD words that exercise every
// field, for nvdisasm -b SM52 to print (see gen.sh). Deterministic.
package main

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
)

const base = 0xde380587a1870808 // TXD.T R8, R8, R24, 0x58, 2D, 0xf from ptxas

func main() {
	var words []uint64
	// Every single field bit flipped, except the opcode bits 55-63 and the
	// dimension bit 30 (3D/CUBE, reserved for TXD).
	for b := 0; b <= 54; b++ {
		if b == 30 {
			continue
		}
		words = append(words, base^1<<b)
	}
	// Random combinations of every field.
	r := rand.New(rand.NewPCG(2026, 6))
	for i := 0; i < 600; i++ {
		w := uint64(0x1bc) << 55
		w |= r.Uint64N(256) | r.Uint64N(256)<<8 | r.Uint64N(16)<<16 | r.Uint64N(256)<<20
		w |= r.Uint64N(2)<<28 | r.Uint64N(2)<<29 | r.Uint64N(16)<<31 | r.Uint64N(2)<<35
		w |= r.Uint64N(8192)<<36 | r.Uint64N(2)<<49 | r.Uint64N(2)<<50 | r.Uint64N(8)<<51 | r.Uint64N(2)<<54
		if w>>54&1 != 0 && i%4 != 0 {
			w &^= 8191 << 36 // bindless words as ptxas writes them (tsPtrIdx 0), mostly
		}
		if i%5 == 0 {
			w |= 7 << 51 // Ps = PT often
		}
		if i%3 == 0 {
			w = w&^(15<<16) | 7<<16 // unguarded often
		}
		words = append(words, w)
	}
	var out []byte
	for g := 0; g < len(words); g += 3 {
		var ctrl uint64
		for s := 0; s < 3; s++ {
			// stall, yield, barriers (SB0..SB5 or 7, none) and wait mask at random; reuse bits 0-1 =
			// phase 0, 1 or 2 (3 is invalid), bits 2-3 at random.
			bar := func() uint64 { return []uint64{0, 1, 2, 3, 4, 5, 7}[r.IntN(7)] } // SB0..SB5 or none
			slot := r.Uint64N(16) | r.Uint64N(2)<<4 | bar()<<5 | bar()<<8 | r.Uint64N(64)<<11
			slot |= r.Uint64N(3)<<17 | r.Uint64N(4)<<19
			ctrl |= slot << (21 * s)
		}
		out = binary.LittleEndian.AppendUint64(out, ctrl)
		for s := 0; s < 3; s++ {
			w := uint64(0x50b0000000070f00) // NOP padding
			if g+s < len(words) {
				w = words[g+s]
			}
			out = binary.LittleEndian.AppendUint64(out, w)
		}
	}
	if err := os.WriteFile("sweep.bin", out, 0o644); err != nil {
		panic(err)
	}
}
