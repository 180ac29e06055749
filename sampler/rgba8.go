package sampler

import "github.com/texunit/texunit/format"

// The 8-bit four-channel formats the specialised path and the lane loop
// decode inline: r8g8b8a8_unorm, r8g8b8a8_srgb, b8g8r8a8_unorm and
// b8g8r8a8_srgb. Each result channel is one byte of the texel looked up in
// a 256-entry table — the UNORM8 decode, or for R, G and B of the sRGB
// formats the sRGB-to-linear conversion (Vulkan "sRGB to Linear
// Conversion", format.SRGBToLinear) — so a texel decodes to the bits of
// the format's own decoder (format.Format.Decoder), which both tables are
// taken from.

// srgb8Table is the exact sRGB-to-linear decode of an 8-bit component,
// taken from package format's own r8g8b8a8_srgb decoder.
var srgb8Table = func() (t [256]float32) {
	dec := format.R8G8B8A8Srgb.Decoder()
	for c := range t {
		t[c] = dec([]byte{byte(c), 0, 0, 0})[0]
	}
	return t
}()

// rgba8Decode is the decode of one of the 8-bit four-channel formats:
// result channel c is tab[c][byte pos[c] of the texel].
type rgba8Decode struct {
	pos [4]uint8
	tab [4]*[256]float32
}

// rgba8Decodes are the decodes of the inline 8-bit four-channel formats,
// by their texelDecoder; nil for the others.
var rgba8Decodes = [decoderCount]*rgba8Decode{
	decodeRGBA8Unorm: {pos: [4]uint8{0, 1, 2, 3}, tab: [4]*[256]float32{&unorm8Table, &unorm8Table, &unorm8Table, &unorm8Table}},
	decodeRGBA8Srgb:  {pos: [4]uint8{0, 1, 2, 3}, tab: [4]*[256]float32{&srgb8Table, &srgb8Table, &srgb8Table, &unorm8Table}},
	decodeBGRA8Unorm: {pos: [4]uint8{2, 1, 0, 3}, tab: [4]*[256]float32{&unorm8Table, &unorm8Table, &unorm8Table, &unorm8Table}},
	decodeBGRA8Srgb:  {pos: [4]uint8{2, 1, 0, 3}, tab: [4]*[256]float32{&srgb8Table, &srgb8Table, &srgb8Table, &unorm8Table}},
}

// rgba8 returns d's 8-bit four-channel decode, or nil where d is not one.
func (d texelDecoder) rgba8() *rgba8Decode { return rgba8Decodes[d] }

// inline reports whether the lane loop's colour kernels decode d's texels
// (the 8-bit four-channel formats and r32g32b32a32_sfloat).
func (d texelDecoder) inline() bool { return d == decodeRGBA32Float || d.rgba8() != nil }

// at decodes the texel at byte offset o of d.
// channel decodes channel c (0..3) alone of the texel at byte o.
func (dec *rgba8Decode) channel(d []byte, o, c int) float32 {
	c &= 3
	return dec.tab[c][d[o+int(dec.pos[c]&3)]]
}

func (dec *rgba8Decode) at(d []byte, o int) [4]float32 {
	t := [4]byte(d[o : o+4])
	return [4]float32{
		dec.tab[0][t[dec.pos[0]&3]],
		dec.tab[1][t[dec.pos[1]&3]],
		dec.tab[2][t[dec.pos[2]&3]],
		dec.tab[3][t[dec.pos[3]&3]],
	}
}

// bilinearRGBA8Dec is bilinearRGBA8 for any of the 8-bit four-channel
// formats: the weighted bilinear sum of the texels at byte offsets o00,
// o10, o01, o11, decoded through dec, in filterLevel2D's order and
// rounding.
func bilinearRGBA8Dec(d []byte, dec *rgba8Decode, o00, o10, o01, o11 int, wi0, wi1, wj0, wj1 float32) [4]float32 {
	t00 := [4]byte(d[o00 : o00+4])
	t10 := [4]byte(d[o10 : o10+4])
	t01 := [4]byte(d[o01 : o01+4])
	t11 := [4]byte(d[o11 : o11+4])
	w00, w10 := float32(wi0*wj0), float32(wi1*wj0)
	w01, w11 := float32(wi0*wj1), float32(wi1*wj1)
	var acc [4]float32
	for c := range acc {
		tab, p := dec.tab[c], dec.pos[c]&3
		a := float32(0)
		a += float32(w00 * tab[t00[p]])
		a += float32(w10 * tab[t10[p]])
		a += float32(w01 * tab[t01[p]])
		a += float32(w11 * tab[t11[p]])
		acc[c] = a
	}
	return acc
}

// bilinearRGBA8DecLanesGo is the lane loop's bilinear kernel for any of
// the 8-bit four-channel formats, in plain Go: bilinearRGBA8LanesGo's
// arithmetic with each channel decoded through dec.
func bilinearRGBA8DecLanesGo(d []byte, dec *rgba8Decode, fp *footprints, n int, out *chunkOut) {
	for k := 0; k < n; k++ {
		t00 := [4]byte(d[fp.o[0][k]:])
		t10 := [4]byte(d[fp.o[1][k]:])
		t01 := [4]byte(d[fp.o[2][k]:])
		t11 := [4]byte(d[fp.o[3][k]:])
		w00, w10, w01, w11 := bilinearWeights(fp.fa[k], fp.fb[k])
		for c := range out {
			tab, p := dec.tab[c], dec.pos[c]&3
			a := float32(0)
			a += float32(w00 * tab[t00[p]])
			a += float32(w10 * tab[t10[p]])
			a += float32(w01 * tab[t01[p]])
			a += float32(w11 * tab[t11[p]])
			out[c][k] = a
		}
	}
}

// gatherRGBA8DecLanesGo is the lane loop's gather kernel for any of the
// 8-bit four-channel formats, in plain Go: each entry's channel ch of its
// four texels, decoded through dec.
func gatherRGBA8DecLanesGo(d []byte, dec *rgba8Decode, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut) {
	for k := 0; k < n; k++ {
		c := ch[k] & 3
		tab, p := dec.tab[c], int(dec.pos[c]&3)
		for r, q := range gatherTexel {
			out[r][k] = tab[d[int(fp.o[q][k])+p]]
		}
	}
}

// bilinearRGBA8DecLanes runs the bilinear kernel of texel decode dec (one
// of the 8-bit four-channel formats) over the chunk's footprints: the
// assembly r8g8b8a8_unorm kernel for the unorm formats (for b8g8r8a8_unorm
// with its first and third output rows exchanged, so that byte 2 lands in
// channel 0), the sRGB assembly kernel for the sRGB ones where the build
// has it, else the Go kernel.
func bilinearRGBA8DecLanes(d []byte, dec texelDecoder, fp *footprints, n int, out *chunkOut, inside bool) {
	switch dec {
	case decodeRGBA8Unorm:
		bilinearRGBA8Lanes(d, fp, n, out, inside)
		return
	case decodeBGRA8Unorm:
		swapped := chunkOut{out[2], out[1], out[0], out[3]}
		if bilinearRGBA8Asm(d, fp, n, &swapped, inside) {
			return
		}
	case decodeRGBA8Srgb, decodeBGRA8Srgb:
		if bilinearSRGB8Asm(d, dec == decodeBGRA8Srgb, fp, n, out, inside) {
			return
		}
	}
	bilinearRGBA8DecLanesGo(d, dec.rgba8(), fp, n, out)
}

// gatherRGBA8DecLanes runs the gather kernel of texel decode dec (one of
// the 8-bit four-channel formats): the assembly r8g8b8a8_unorm kernel for
// that format, else the Go kernel.
func gatherRGBA8DecLanes(d []byte, dec texelDecoder, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) {
	if dec == decodeRGBA8Unorm {
		gatherRGBA8Lanes(d, fp, n, ch, out, inside)
		return
	}
	gatherRGBA8DecLanesGo(d, dec.rgba8(), fp, n, ch, out)
}
