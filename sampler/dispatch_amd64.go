//go:build amd64 && !purego

package sampler

import "math"

// The lane loop's stages that have assembly kernels in every amd64 build
// (asm_amd64.go): each reports false, doing nothing, where the kernel does
// not take the call (no AVX2, a chunk not a multiple of 8, a footprint
// that may read outside the data), and the caller runs the Go stage.

// offsetsInside reports whether every footprint offset o[q][k], k < n,
// reads size bytes inside d, so that the kernels, which have no bounds
// checks, may take them (unsigned: a negative offset is beyond any limit).
func offsetsInside(d []byte, o *[4][laneChunk]int32, n, size int) bool {
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
// fp.o in d: inside (every level lies inside the data, checked once per
// set-up) or checked here.
func asmTakes(d []byte, fp *footprints, n, size int, inside bool) bool {
	return asmKernels && n&7 == 0 && n != 0 && (inside || offsetsInside(d, &fp.o, n, size))
}

func bilinearRGBA8Asm(d []byte, fp *footprints, n int, out *chunkOut, inside bool) bool {
	if !asmTakes(d, fp, n, 4, inside) {
		return false
	}
	bilinear32(&d[0], &fp.o, &fp.fa, &fp.fb, n, out)
	return true
}

// bilinearSRGB8Asm is the r8g8b8a8_srgb bilinear kernel in assembly (its
// AVX-512 VBMI form where the CPU has it: srgbVBMI), or with bgra the
// b8g8r8a8_srgb one: the same kernel with its first and third output rows
// exchanged, so that byte 2 lands in channel 0.
func bilinearSRGB8Asm(d []byte, bgra bool, fp *footprints, n int, out *chunkOut, inside bool) bool {
	if !asmTakes(d, fp, n, 4, inside) {
		return false
	}
	rows := out
	if bgra {
		rows = &chunkOut{out[2], out[1], out[0], out[3]}
	}
	if srgbVBMI {
		bilinearSRGB8V(&d[0], &fp.o, &fp.fa, &fp.fb, n, rows)
		return true
	}
	bilinearSRGB8(&d[0], &fp.o, &fp.fa, &fp.fb, n, rows)
	return true
}

func bilinearRGBA32FAsm(d []byte, fp *footprints, n int, out *chunkOut, inside bool) bool {
	if !asmTakes(d, fp, n, 16, inside) {
		return false
	}
	bilinear128(&d[0], &fp.o, &fp.fa, &fp.fb, n, out)
	return true
}

func gatherRGBA8Asm(d []byte, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) bool {
	if !asmTakes(d, fp, n, 4, inside) {
		return false
	}
	gather8(&d[0], &fp.o, ch, n, out)
	return true
}

// log2Asm replaces a[0, n) by their logarithms, log2f's (log2Vec).
func log2Asm(a *[laneChunk]float32, n int) bool {
	if !asmKernels {
		return false
	}
	log2Vec(a[:(n+7)&^7]) // the padding's logarithms are not used
	return true
}

// fetchAsm is fetchVec in assembly: runFetch2D's bounds checks, offsets
// and r8g8b8a8_unorm decode eight lanes at a time, for requests with every
// lane active, no offsets, no levels (level 0), no swizzle and a multiple
// of 8 lanes, straight into the result's rows; it reports false (and does
// nothing) for the others. 2D views whose texels are 4 bytes apart take
// fetchRGBA8, arrays and the others fetchRGBA8Layers (footprints_amd64.go).
func (x *exec) fetchAsm(req *Request, res *Result) bool {
	n := req.Lanes
	if dec := x.fast.dec.rgba8(); dec != nil && x.fast.dec != decodeRGBA8Unorm {
		return x.fetchTabAsm(req, res, dec)
	}
	if !asmKernels || x.fast.dec != decodeRGBA8Unorm || x.swz || n&7 != 0 || n == 0 || req.Active != nil || req.Level != nil ||
		req.Offset[0] != nil || req.Offset[1] != nil || req.Offset[2] != nil {
		return false
	}
	// A lane outside the level reads the word 0 in place of its texel:
	// it decodes to (+0, +0, +0, +0), zeroTexel without a swizzle.
	if z := &x.zeroTexel; math.Float32bits(z[0])|math.Float32bits(z[1])|math.Float32bits(z[2])|math.Float32bits(z[3]) != 0 {
		return false
	}
	// Every lane inside the level reads inside the data; outside lanes
	// read the level's first texel.
	lv := &x.fast.levels[0]
	if !x.fetchInside(lv) {
		return false
	}
	first := lv.off + x.view.BaseLayer*lv.ls
	if x.array || lv.xs != 4 {
		x.fetchLayersAsm(req, res, lv, first)
		return true
	}
	// The whole request in one pass, straight into the result's rows.
	d := x.surf.Data
	p := [4]int32{lv.w, lv.h, int32(lv.ys), int32(first)}
	fetchRGBA8(&d[0], &req.Texel[0][0], &req.Texel[1][0], n, &p, &res.Bits[0][0], &res.Bits[1][0], &res.Bits[2][0], &res.Bits[3][0])
	return true
}
