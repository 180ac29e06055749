package lanes

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

// Unorm8Table is the exact UNORM8 decode, taken from package format's own
// decoder so that the two cannot disagree.
var Unorm8Table = func() (t [256]float32) {
	dec := format.R8G8B8A8Unorm.Decoder()
	for c := range t {
		t[c] = dec([]byte{byte(c), 0, 0, 0})[0]
	}
	return t
}()

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

// A channel's kind for the assembly kernels (RGBA8Decode.kind): read
// through its table, or a constant the bilinear kernels compute without
// reading (+0, or the sum of the weights, which is what the reference's
// filter gives for a channel of ones).
const (
	chanTable = iota
	chanZero
	chanOne
)

// RGBA8Decode is the decode of one of the 8-bit formats: result channel c
// is tab[c][byte pos[c] of the texel] (pos[c] < size).
type RGBA8Decode struct {
	pos  [4]uint8
	kind [4]uint8 // chanTable, or for zero8Table chanZero, for one8Table chanOne
	Size uint8    // bytes per texel: 1, 2 or 4
	tab  [4]*[256]float32
}

// rgba8Decodes are the decodes of the inline 8-bit formats, by their
// Decoder; nil for the others.
var rgba8Decodes = func() (t [DecoderCount]*RGBA8Decode) {
	four := func(pos [4]uint8, r, g, b, a *[256]float32) *RGBA8Decode {
		return &RGBA8Decode{pos: pos, Size: 4, tab: [4]*[256]float32{r, g, b, a}}
	}
	rgba, bgra := [4]uint8{0, 1, 2, 3}, [4]uint8{2, 1, 0, 3}
	t[DecodeRGBA8Unorm] = four(rgba, &Unorm8Table, &Unorm8Table, &Unorm8Table, &Unorm8Table)
	t[DecodeRGBA8Srgb] = four(rgba, &srgb8Table, &srgb8Table, &srgb8Table, &Unorm8Table)
	t[DecodeRGBA8Snorm] = four(rgba, &snorm8Table, &snorm8Table, &snorm8Table, &snorm8Table)
	t[DecodeBGRA8Unorm] = four(bgra, &Unorm8Table, &Unorm8Table, &Unorm8Table, &Unorm8Table)
	t[DecodeBGRA8Srgb] = four(bgra, &srgb8Table, &srgb8Table, &srgb8Table, &Unorm8Table)
	// One and two channels: (r, 0, 0, 1) and (r, g, 0, 1).
	small := func(size uint8, tab *[256]float32) *RGBA8Decode {
		dec := &RGBA8Decode{Size: size, kind: [4]uint8{chanTable, chanZero, chanZero, chanOne},
			tab: [4]*[256]float32{tab, &zero8Table, &zero8Table, &one8Table}}
		if size == 2 {
			dec.pos[1], dec.kind[1], dec.tab[1] = 1, chanTable, tab
		}
		return dec
	}
	t[DecodeR8Unorm], t[DecodeR8G8Unorm] = small(1, &Unorm8Table), small(2, &Unorm8Table)
	t[DecodeR8Srgb], t[DecodeR8G8Srgb] = small(1, &srgb8Table), small(2, &srgb8Table)
	t[DecodeR8Snorm], t[DecodeR8G8Snorm] = small(1, &snorm8Table), small(2, &snorm8Table)
	return t
}()

// rgba8 returns d's 8-bit decode, or nil where d is not one.
func (d Decoder) RGBA8() *RGBA8Decode { return rgba8Decodes[d] }

// inline reports whether the lane loop's colour kernels decode d's texels
// (the 8-bit formats, r16g16b16a16_sfloat and r32g32b32a32_sfloat).
func (d Decoder) Inline() bool {
	return d == DecodeRGBA32Float || d == DecodeRGBA16Float || d.RGBA8() != nil
}

// channel decodes channel c (0..3) alone of the texel at byte o.
func (dec *RGBA8Decode) Channel(d []byte, o, c int) float32 {
	c &= 3
	return dec.tab[c][d[o+int(dec.pos[c]&3)]]
}

// at decodes the texel at byte offset o of d.
func (dec *RGBA8Decode) At(d []byte, o int) [4]float32 {
	if dec.Size != 4 {
		return [4]float32{dec.Channel(d, o, 0), dec.Channel(d, o, 1), dec.Channel(d, o, 2), dec.Channel(d, o, 3)}
	}
	t := [4]byte(d[o : o+4])
	return [4]float32{
		dec.tab[0][t[dec.pos[0]&3]],
		dec.tab[1][t[dec.pos[1]&3]],
		dec.tab[2][t[dec.pos[2]&3]],
		dec.tab[3][t[dec.pos[3]&3]],
	}
}

// BilinearRGBA8Dec is bilinearRGBA8 for any of the 8-bit formats: the weighted bilinear sum of the texels at byte offsets o00,
// o10, o01, o11, decoded through dec, in filterLevel2D's order and
// rounding.
func BilinearRGBA8Dec(d []byte, dec *RGBA8Decode, o00, o10, o01, o11 int, wi0, wi1, wj0, wj1 float32) [4]float32 {
	if dec.Size != 4 {
		return BilinearTexels(dec.At(d, o00), dec.At(d, o10), dec.At(d, o01), dec.At(d, o11), wi0, wi1, wj0, wj1)
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
func bilinearRGBA8DecLanesGo(d []byte, dec *RGBA8Decode, fp *Footprints, n int, out *Out) {
	if dec.Size != 4 {
		bilinearSmallLanesGo(d, dec, fp, n, out)
		return
	}
	for k := 0; k < n; k++ {
		t00 := [4]byte(d[fp.O[0][k]:])
		t10 := [4]byte(d[fp.O[1][k]:])
		t01 := [4]byte(d[fp.O[2][k]:])
		t11 := [4]byte(d[fp.O[3][k]:])
		w00, w10, w01, w11 := BilinearWeights(fp.FA[k], fp.FB[k])
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
func gatherRGBA8DecLanesGo(d []byte, dec *RGBA8Decode, fp *Footprints, n int, ch *[Chunk]uint8, out *Out) {
	for k := 0; k < n; k++ {
		c := ch[k] & 3
		tab, p := dec.tab[c], int(dec.pos[c]&3)
		for r, q := range GatherTexel {
			out[r][k] = tab[d[int(fp.O[q][k])+p]]
		}
	}
}

// BilinearTexels is the weighted bilinear sum of four decoded texels in
// filterLevel2D's order and rounding.
func BilinearTexels(t00, t10, t01, t11 [4]float32, wi0, wi1, wj0, wj1 float32) [4]float32 {
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
func bilinearSmallLanesGo(d []byte, dec *RGBA8Decode, fp *Footprints, n int, out *Out) {
	for k := 0; k < n; k++ {
		o00, o10, o01, o11 := int(fp.O[0][k]), int(fp.O[1][k]), int(fp.O[2][k]), int(fp.O[3][k])
		w00, w10, w01, w11 := BilinearWeights(fp.FA[k], fp.FB[k])
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

// BilinearRGBA8DecLanes runs the bilinear kernel of texel decode dec (one
// of the 8-bit formats) over the chunk's footprints: the assembly
// r8g8b8a8_unorm kernel for the four-channel unorm formats (for
// b8g8r8a8_unorm with its first and third output rows exchanged, so that
// byte 2 lands in channel 0), the sRGB assembly kernel for the
// four-channel sRGB ones, the table kernel (bilinearTab) for the others
// where the build has them, else the Go kernel.
func BilinearRGBA8DecLanes(d []byte, dec Decoder, fp *Footprints, n int, out *Out, inside bool) {
	switch dec {
	case DecodeRGBA8Unorm:
		bilinearRGBA8Lanes(d, fp, n, out, inside)
		return
	case DecodeBGRA8Unorm:
		swapped := Out{out[2], out[1], out[0], out[3]}
		if bilinearRGBA8Asm(d, fp, n, &swapped, inside) {
			return
		}
	case DecodeRGBA8Srgb, DecodeBGRA8Srgb:
		if bilinearSRGB8Asm(d, dec == DecodeBGRA8Srgb, fp, n, out, inside) {
			return
		}
	default:
		if bilinearTabAsm(d, dec.RGBA8(), fp, n, out, inside) {
			return
		}
	}
	bilinearRGBA8DecLanesGo(d, dec.RGBA8(), fp, n, out)
}

// GatherRGBA8DecLanes runs the gather kernel of texel decode dec (one of
// the 8-bit formats): the assembly r8g8b8a8_unorm kernel for that format,
// the table kernel (gatherTab) for the others where the build has them,
// else the Go kernel.
func GatherRGBA8DecLanes(d []byte, dec Decoder, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) {
	if dec == DecodeRGBA8Unorm {
		gatherRGBA8Lanes(d, fp, n, ch, out, inside)
		return
	}
	if gatherTabAsm(d, dec.RGBA8(), fp, n, ch, out, inside) {
		return
	}
	gatherRGBA8DecLanesGo(d, dec.RGBA8(), fp, n, ch, out)
}
