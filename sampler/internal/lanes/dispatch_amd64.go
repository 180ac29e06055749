//go:build amd64 && !purego

package lanes

import "math"

// The lane loop's stages that have assembly kernels in every amd64 build
// (asm_amd64.go): each reports false, doing nothing, where the kernel does
// not take the call (no AVX2, a chunk not a multiple of 8, a footprint
// that may read outside the data), and the caller runs the Go stage.

// offsetsInside reports whether every footprint offset o[q][k], k < n,
// reads size bytes inside d, so that the kernels, which have no bounds
// checks, may take them (unsigned: a negative offset is beyond any limit).
func offsetsInside(d []byte, o *[4][Chunk]int32, n, size int) bool {
	lim := len(d) - size
	if lim < 0 || lim > math.MaxInt32 {
		return false
	}
	var hi uint32
	for q := range o {
		for _, v := range o[q][:n] {
			hi = max(hi, uint32(v))
		}
	}
	return hi <= uint32(lim)
}

// asmTakes reports whether the assembly kernels take a chunk of n entries
// (a positive multiple of 8) whose footprints read size-byte texels at
// fp.O in d: inside (every level lies inside the data, checked once per
// set-up) or checked here.
func asmTakes(d []byte, fp *Footprints, n, size int, inside bool) bool {
	return AsmKernels && n&7 == 0 && n != 0 && (inside || offsetsInside(d, &fp.O, n, size))
}

func bilinearRGBA8Asm(d []byte, fp *Footprints, n int, out *Out, inside bool) bool {
	if !asmTakes(d, fp, n, 4, inside) {
		return false
	}
	if Wide512 {
		bilinear32V(&d[0], &fp.O, &fp.FA, &fp.FB, n, out)
		return true
	}
	bilinear32(&d[0], &fp.O, &fp.FA, &fp.FB, n, out)
	return true
}

// bilinearSRGB8Asm is the r8g8b8a8_srgb bilinear kernel in assembly (its
// AVX-512 VBMI form where the CPU has it: SRGBVBMI), or with bgra the
// b8g8r8a8_srgb one: the same kernel with its first and third output rows
// exchanged, so that byte 2 lands in channel 0.
func bilinearSRGB8Asm(d []byte, bgra bool, fp *Footprints, n int, out *Out, inside bool) bool {
	if !asmTakes(d, fp, n, 4, inside) {
		return false
	}
	rows := out
	if bgra {
		rows = &Out{out[2], out[1], out[0], out[3]}
	}
	if SRGBVBMI {
		bilinearSRGB8V(&d[0], &fp.O, &fp.FA, &fp.FB, n, rows)
		return true
	}
	bilinearSRGB8(&d[0], &fp.O, &fp.FA, &fp.FB, n, rows)
	return true
}

func bilinearRGBA32FAsm(d []byte, fp *Footprints, n int, out *Out, inside bool) bool {
	if !asmTakes(d, fp, n, 16, inside) {
		return false
	}
	bilinear128(&d[0], &fp.O, &fp.FA, &fp.FB, n, out)
	return true
}

func gatherRGBA8Asm(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) bool {
	if !asmTakes(d, fp, n, 4, inside) {
		return false
	}
	if Wide512 {
		gather8V(&d[0], &fp.O, ch, n, out)
		return true
	}
	gather8(&d[0], &fp.O, ch, n, out)
	return true
}

// Log2Asm replaces a[0, n) by their logarithms, log2f's (Log2Vec).
func Log2Asm(a *[Chunk]float32, n int) bool {
	if !AsmKernels {
		return false
	}
	Log2Vec(a[:(n+7)&^7]) // the padding's logarithms are not used
	return true
}
