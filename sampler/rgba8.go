package sampler

import "github.com/texunit/texunit/format"

// The 8-bit formats the specialised path and the lane loop decode inline
// through tables: r8g8b8a8_unorm, r8g8b8a8_srgb, r8g8b8a8_snorm,
// b8g8r8a8_unorm, b8g8r8a8_srgb, and the one- and two-channel r8_unorm,
// r8_srgb, r8_snorm, r8g8_unorm, r8g8_srgb and r8g8_snorm. Each result
// channel is one byte of the texel looked up in a 256-entry table — the
// UNORM8 or SNORM8 decode, for the sRGB formats' colour channels the
// sRGB-to-linear conversion (Vulkan "sRGB to Linear Conversion",
// format.SRGBToLinear) — or, for a channel the format lacks, a table of
// the constant Vulkan gives it (0 for green and blue, 1 for alpha: "Format
// Conversion"), so that a texel decodes to the bits of the format's own
// decoder (format.Format.Decoder), which the tables are taken from, and a
// filter weighs the constants as the reference does.

// srgb8Table is the exact sRGB-to-linear decode of an 8-bit component,
// taken from package format's own r8g8b8a8_srgb decoder.
var srgb8Table = func() (t [256]float32) {
	dec := format.R8G8B8A8Srgb.Decoder()
	for c := range t {
		t[c] = dec([]byte{byte(c), 0, 0, 0})[0]
	}
	return t
}()

// snorm8Table is the exact SNORM8 decode, max(c/127, −1), taken from
// package format's own r8g8b8a8_snorm decoder.
var snorm8Table = func() (t [256]float32) {
	dec := format.R8G8B8A8Snorm.Decoder()
	for c := range t {
		t[c] = dec([]byte{byte(c), 0, 0, 0})[0]
	}
	return t
}()

// zero8Table and one8Table are the missing channels' constants.
var zero8Table, one8Table = [256]float32{}, func() (t [256]float32) {
	for c := range t {
		t[c] = 1
	}
	return t
}()

// A channel's kind for the assembly kernels (rgba8Decode.kind): read
// through its table, or a constant the bilinear kernels compute without
// reading (+0, or the sum of the weights, which is what the reference's
// filter gives for a channel of ones).
const (
	chanTable = iota
	chanZero
	chanOne
)

// rgba8Decode is the decode of one of the 8-bit formats: result channel c
// is tab[c][byte pos[c] of the texel] (pos[c] < size).
type rgba8Decode struct {
	pos  [4]uint8
	kind [4]uint8 // chanTable, or for zero8Table chanZero, for one8Table chanOne
	size uint8    // bytes per texel: 1, 2 or 4
	tab  [4]*[256]float32
}

// rgba8Decodes are the decodes of the inline 8-bit formats, by their
// texelDecoder; nil for the others.
var rgba8Decodes = func() (t [decoderCount]*rgba8Decode) {
	four := func(pos [4]uint8, r, g, b, a *[256]float32) *rgba8Decode {
		return &rgba8Decode{pos: pos, size: 4, tab: [4]*[256]float32{r, g, b, a}}
	}
	rgba, bgra := [4]uint8{0, 1, 2, 3}, [4]uint8{2, 1, 0, 3}
	t[decodeRGBA8Unorm] = four(rgba, &unorm8Table, &unorm8Table, &unorm8Table, &unorm8Table)
	t[decodeRGBA8Srgb] = four(rgba, &srgb8Table, &srgb8Table, &srgb8Table, &unorm8Table)
	t[decodeRGBA8Snorm] = four(rgba, &snorm8Table, &snorm8Table, &snorm8Table, &snorm8Table)
	t[decodeBGRA8Unorm] = four(bgra, &unorm8Table, &unorm8Table, &unorm8Table, &unorm8Table)
	t[decodeBGRA8Srgb] = four(bgra, &srgb8Table, &srgb8Table, &srgb8Table, &unorm8Table)
	// One and two channels: (r, 0, 0, 1) and (r, g, 0, 1).
	small := func(size uint8, tab *[256]float32) *rgba8Decode {
		dec := &rgba8Decode{size: size, kind: [4]uint8{chanTable, chanZero, chanZero, chanOne},
			tab: [4]*[256]float32{tab, &zero8Table, &zero8Table, &one8Table}}
		if size == 2 {
			dec.pos[1], dec.kind[1], dec.tab[1] = 1, chanTable, tab
		}
		return dec
	}
	t[decodeR8Unorm], t[decodeR8G8Unorm] = small(1, &unorm8Table), small(2, &unorm8Table)
	t[decodeR8Srgb], t[decodeR8G8Srgb] = small(1, &srgb8Table), small(2, &srgb8Table)
	t[decodeR8Snorm], t[decodeR8G8Snorm] = small(1, &snorm8Table), small(2, &snorm8Table)
	return t
}()

// rgba8 returns d's 8-bit decode, or nil where d is not one.
func (d texelDecoder) rgba8() *rgba8Decode { return rgba8Decodes[d] }

// inline reports whether the lane loop's colour kernels decode d's texels
// (the 8-bit formats, r16g16b16a16_sfloat and r32g32b32a32_sfloat).
func (d texelDecoder) inline() bool {
	return d == decodeRGBA32Float || d == decodeRGBA16Float || d.rgba8() != nil
}

// channel decodes channel c (0..3) alone of the texel at byte o.
func (dec *rgba8Decode) channel(d []byte, o, c int) float32 {
	c &= 3
	return dec.tab[c][d[o+int(dec.pos[c]&3)]]
}

// at decodes the texel at byte offset o of d.
func (dec *rgba8Decode) at(d []byte, o int) [4]float32 {
	if dec.size != 4 {
		return [4]float32{dec.channel(d, o, 0), dec.channel(d, o, 1), dec.channel(d, o, 2), dec.channel(d, o, 3)}
	}
	t := [4]byte(d[o : o+4])
	return [4]float32{
		dec.tab[0][t[dec.pos[0]&3]],
		dec.tab[1][t[dec.pos[1]&3]],
		dec.tab[2][t[dec.pos[2]&3]],
		dec.tab[3][t[dec.pos[3]&3]],
	}
}

// bilinearRGBA8Dec is bilinearRGBA8 for any of the 8-bit formats: the weighted bilinear sum of the texels at byte offsets o00,
// o10, o01, o11, decoded through dec, in filterLevel2D's order and
// rounding.
func bilinearRGBA8Dec(d []byte, dec *rgba8Decode, o00, o10, o01, o11 int, wi0, wi1, wj0, wj1 float32) [4]float32 {
	if dec.size != 4 {
		return bilinearTexels(dec.at(d, o00), dec.at(d, o10), dec.at(d, o01), dec.at(d, o11), wi0, wi1, wj0, wj1)
	}
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
// the 8-bit formats, in plain Go: bilinearRGBA8LanesGo's
// arithmetic with each channel decoded through dec.
func bilinearRGBA8DecLanesGo(d []byte, dec *rgba8Decode, fp *footprints, n int, out *chunkOut) {
	if dec.size != 4 {
		bilinearSmallLanesGo(d, dec, fp, n, out)
		return
	}
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
// 8-bit formats, in plain Go: each entry's channel ch of its
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

// bilinearTexels is the weighted bilinear sum of four decoded texels in
// filterLevel2D's order and rounding.
func bilinearTexels(t00, t10, t01, t11 [4]float32, wi0, wi1, wj0, wj1 float32) [4]float32 {
	w00, w10 := float32(wi0*wj0), float32(wi1*wj0)
	w01, w11 := float32(wi0*wj1), float32(wi1*wj1)
	var acc [4]float32
	for c := range acc {
		a := float32(0)
		a += float32(w00 * t00[c])
		a += float32(w10 * t10[c])
		a += float32(w01 * t01[c])
		a += float32(w11 * t11[c])
		acc[c] = a
	}
	return acc
}

// bilinearSmallLanesGo is bilinearRGBA8DecLanesGo for the one- and
// two-byte formats: each channel's byte read on its own (pos[c] < size,
// so no read goes beyond the texel).
func bilinearSmallLanesGo(d []byte, dec *rgba8Decode, fp *footprints, n int, out *chunkOut) {
	for k := 0; k < n; k++ {
		o00, o10, o01, o11 := int(fp.o[0][k]), int(fp.o[1][k]), int(fp.o[2][k]), int(fp.o[3][k])
		w00, w10, w01, w11 := bilinearWeights(fp.fa[k], fp.fb[k])
		for c := range out {
			tab, p := dec.tab[c], int(dec.pos[c]&3)
			a := float32(0)
			a += float32(w00 * tab[d[o00+p]])
			a += float32(w10 * tab[d[o10+p]])
			a += float32(w01 * tab[d[o01+p]])
			a += float32(w11 * tab[d[o11+p]])
			out[c][k] = a
		}
	}
}

// bilinearRGBA8DecLanes runs the bilinear kernel of texel decode dec (one
// of the 8-bit formats) over the chunk's footprints: the assembly
// r8g8b8a8_unorm kernel for the four-channel unorm formats (for
// b8g8r8a8_unorm with its first and third output rows exchanged, so that
// byte 2 lands in channel 0), the sRGB assembly kernel for the
// four-channel sRGB ones, the table kernel (bilinearTab) for the others
// where the build has them, else the Go kernel.
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
	default:
		if bilinearTabAsm(d, dec.rgba8(), fp, n, out, inside) {
			return
		}
	}
	bilinearRGBA8DecLanesGo(d, dec.rgba8(), fp, n, out)
}

// gatherRGBA8DecLanes runs the gather kernel of texel decode dec (one of
// the 8-bit formats): the assembly r8g8b8a8_unorm kernel for that format,
// the table kernel (gatherTab) for the others where the build has them,
// else the Go kernel.
func gatherRGBA8DecLanes(d []byte, dec texelDecoder, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) {
	if dec == decodeRGBA8Unorm {
		gatherRGBA8Lanes(d, fp, n, ch, out, inside)
		return
	}
	if gatherTabAsm(d, dec.rgba8(), fp, n, ch, out, inside) {
		return
	}
	gatherRGBA8DecLanesGo(d, dec.rgba8(), fp, n, ch, out)
}
