//go:build ignore

// mkwords writes raw SM 5.x code (32-byte groups of a control word and three
// instruction words) for nvdisasm to print (see gen.sh). Deterministic.
//
//	sweep.bin       TXD words that exercise every field (read as SM52..SM62)
//	sweep_sm50.bin  the words of sweep.bin that SM50 accepts (no .LC, Ps = PT)
//	dims.bin        every #paramA dimension (the reserved 3D, CUBE and their
//	                arrays too) with every phase 0..3 of the control slot
//	                (3: INVALIDPHASE3), under six sets of modifiers
//	dims_sm50.bin   the words of dims.bin that SM50 accepts
//	sm50_reject.hex words SM50 refuses (.LC, Ps != PT), one per line, each
//	                given to nvdisasm -b SM50 and -b SM52 on its own
package main

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
)

// slotted is an instruction word with its 21-bit control slot.
type slotted struct {
	word uint64
	slot uint64
}

// sm50OK reports whether nvdisasm -b SM50 reads the word: no .LC (bit 50)
// and Ps = PT (bits 51-53).
func sm50OK(w uint64) bool { return w>>50&1 == 0 && w>>51&7 == 7 }

// code lays words out in 32-byte groups, padding with NOPs.
func code(ws []slotted) []byte {
	var out []byte
	for g := 0; g < len(ws); g += 3 {
		var ctrl uint64
		words := [3]uint64{0x50b0000000070f00, 0x50b0000000070f00, 0x50b0000000070f00}
		for s := 0; s < 3; s++ {
			slot := uint64(0x7e0) // a NOP's
			if g+s < len(ws) {
				slot, words[s] = ws[g+s].slot, ws[g+s].word
			}
			ctrl |= slot << (21 * s)
		}
		out = binary.LittleEndian.AppendUint64(out, ctrl)
		for _, w := range words {
			out = binary.LittleEndian.AppendUint64(out, w)
		}
	}
	return out
}

func write(name string, b []byte) {
	if err := os.WriteFile(name, b, 0o644); err != nil {
		panic(err)
	}
}

// dims returns every dimension with every phase under six modifier sets.
func dims() []slotted {
	const plain = 0xde380587a1870808 &^ (7 << 28) // TXD R8, R8, R24, 0x58, <dim>, 0xf
	mods := []uint64{
		0,                                       // plain
		1<<54 | 0,                               // .B (tsPtrIdx kept: ignored)
		1 << 50,                                 // .LC
		1<<35 | 1<<49,                           // .AOFFI.NODEP
		uint64(2)<<51 | (3|8)<<16,               // Ps = P2, @!P3
		1<<54 | 1<<50 | uint64(0)<<51 | 0x3<<31, // .B.LC P0, mask 0x7 (over the 0xf)
	}
	var ws []slotted
	for p := uint64(0); p < 8; p++ {
		for ph := uint64(0); ph < 4; ph++ {
			for i, m := range mods {
				w := plain | p<<28
				if i == 4 {
					w = w&^(7<<51|15<<16) | m
				} else if i == 5 {
					w = w&^(7<<51|15<<31) | m
				} else {
					w |= m
				}
				slot := uint64(1) | 1<<4 | 7<<5 | 7<<8 | ph<<17
				ws = append(ws, slotted{w, slot})
			}
		}
	}
	return ws
}

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
	var sweep []slotted
	for g := 0; g < len(words); g += 3 {
		var ctrl uint64
		for s := 0; s < 3; s++ {
			// stall, yield, barriers (SB0..SB5 or 7, none) and wait mask at random; reuse bits 0-1 =
			// phase 0, 1 or 2 (3 is invalid), bits 2-3 at random.
			bar := func() uint64 { return []uint64{0, 1, 2, 3, 4, 5, 7}[r.IntN(7)] } // SB0..SB5 or none
			slot := r.Uint64N(16) | r.Uint64N(2)<<4 | bar()<<5 | bar()<<8 | r.Uint64N(64)<<11
			slot |= r.Uint64N(3)<<17 | r.Uint64N(4)<<19
			ctrl |= slot << (21 * s)
			if g+s < len(words) {
				sweep = append(sweep, slotted{words[g+s], slot})
			}
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
	write("sweep.bin", out)
	only50 := func(ws []slotted) []slotted {
		var out []slotted
		for _, w := range ws {
			if sm50OK(w.word) {
				out = append(out, w)
			}
		}
		return out
	}
	write("sweep_sm50.bin", code(only50(sweep)))
	d := dims()
	write("dims.bin", code(d))
	write("dims_sm50.bin", code(only50(d)))
	// SM50's refusals: 24 refused words spread over both files.
	var refused []uint64
	for _, w := range append(d, sweep...) {
		if !sm50OK(w.word) {
			refused = append(refused, w.word)
		}
	}
	var rej []byte
	for i := 0; i < 24; i++ {
		rej = fmt.Appendf(rej, "%#016x\n", refused[i*len(refused)/24])
	}
	write("sm50_reject.hex", rej)
}
