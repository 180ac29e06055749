package texfile

import (
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// KTX2Options control WriteKTX2. The zero value writes without
// supercompression.
type KTX2Options struct {
	// Zstd supercompresses every level with Zstandard (scheme 2).
	Zstd bool
	// ZstdLevel is the zstd compression level, 1..22; 0 means 3 (zstd's default).
	ZstdLevel int
	// Budget is the memory budget the writer's buffers (the compressed
	// levels and the zstd encoder) are reserved from while it runs; nil
	// means a budget of DefaultMaxBytes.
	Budget *budget.Budget
}

// KTXWriter is the KTXwriter value texunit puts in the files it writes.
const KTXWriter = "texunit"

// WriteKTX2 writes s as a KTX 2.0 file: the header, the level index, a
// basic data format descriptor (KHR_DF_MODEL_RGBSDA for uncompressed
// formats, the BC, ETC2 or ASTC colour model for block-compressed ones),
// the key/value data {KTXwriter: texunit}, and the levels from the
// smallest to the largest, each aligned to lcm(4, texel block size) when
// not supercompressed. Multisampled surfaces and formats without a VkFormat
// number are refused.
//
// The file is streamed to w: the levels without supercompression straight
// from s.Data. With zstd, each level is compressed before the header is
// written (the level index holds the compressed sizes), so the compressed
// levels are held until they are written: each is reserved from
// opts.Budget (the encoder's bound on its compressed size while it is
// compressed, then its size), with an estimate of the encoder's own
// memory, and released when WriteKTX2 returns.
func WriteKTX2(w io.Writer, s *surface.Surface, opts *KTX2Options) error {
	var o KTX2Options
	if opts != nil {
		o = *opts
	}
	fail := func(field string, value any, reason string, args ...any) error {
		return &Error{Container: KTX2, Field: field, Offset: -1, Value: fmt.Sprint(value), Reason: fmt.Sprintf(reason, args...), Err: ErrUnsupported}
	}
	if s.Samples != 1 {
		return fail("samples", s.Samples, "multisampled surfaces have no KTX 2.0 form")
	}
	if s.Format.MultiPlanar() {
		return fail("vkFormat", s.Format, "is multi-planar, which KTX 2.0 does not allow")
	}
	if s.Format.Info().YCbCr {
		return fail("vkFormat", s.Format, "is a 4:2:2 YCbCr format, whose KTX 2.0 data format descriptor texunit does not write")
	}
	vk, ok := vkFormatNumber(s.Format.String())
	if !ok {
		return fail("vkFormat", s.Format, "has no VkFormat number")
	}
	dfd, err := basicDFD(s.Format)
	if err != nil {
		return fail("dfd", s.Format, "%v", err)
	}
	in := s.Format.Info()
	var width, height, depth, layers, faces uint32 = uint32(s.Width), uint32(s.Height), 0, 0, 1
	switch s.Kind {
	case surface.Kind1D:
		height = 0
	case surface.Kind1DArray:
		height, layers = 0, uint32(s.Layers)
	case surface.Kind2D:
	case surface.Kind2DArray:
		layers = uint32(s.Layers)
	case surface.Kind3D:
		depth = uint32(s.Depth)
	case surface.KindCube:
		faces = 6
	case surface.KindCubeArray:
		faces, layers = 6, uint32(s.Layers/6)
	default:
		return fail("kind", s.Kind, "has no KTX 2.0 form")
	}
	typeSize := uint32(in.ElementBytes)
	switch {
	case in.Compressed, in.Depth && in.Stencil:
		typeSize = 1
	case in.Packed > 0:
		typeSize = uint32(in.Packed / 8)
	}
	scheme := uint32(ktx2None)
	levels := make([][]byte, s.Levels)
	for l := range levels {
		levels[l] = s.LinearLevel(l) // the level's bytes of Data for a linear surface; files are linear
	}
	if o.Zstd {
		scheme = ktx2Zstd
		lvl := o.ZstdLevel
		if lvl == 0 {
			lvl = 3
		}
		if lvl < 1 || lvl > 22 {
			return fail("zstd_level", lvl, "is out of range (1..22)")
		}
		bud := budget.Or(o.Budget, 0)
		held := int64(0)
		defer func() { bud.Release(held) }()
		reserve := func(what string, n uint64) error {
			if err := bud.Reserve(what, int64(n)); err != nil {
				return &Error{Container: KTX2, Field: what, Offset: -1, Value: fmt.Sprintf("%d bytes", n), Reason: budgetReason(err), Err: err}
			}
			held += int64(n)
			return nil
		}
		speed := zstd.EncoderLevelFromZstd(lvl)
		window := zstdEncoderWindow(speed, len(levels[0]))
		if err := reserve("zstd encoder", zstdEncoderBytes(speed, window)); err != nil {
			return err
		}
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(speed), zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(window))
		if err != nil {
			return fail("zstd_level", lvl, "%v", err)
		}
		defer enc.Close()
		for l := range levels {
			bound := uint64(enc.MaxEncodedSize(len(levels[l])))
			field := fmt.Sprintf("level[%d] zstd data", l)
			if err := reserve(field, bound); err != nil {
				return err
			}
			out := enc.EncodeAll(levels[l], make([]byte, 0, bound))
			// Keep the compressed bytes only: reserve their size, copy
			// them, and give the bound back.
			if err := reserve(field, uint64(len(out))); err != nil {
				return err
			}
			levels[l] = append([]byte(nil), out...)
			bud.Release(int64(bound))
			held -= int64(bound)
		}
	}
	kvd := kvEntry("KTXwriter", KTXWriter)
	nLevels := uint64(s.Levels)
	dfdOff := uint64(ktx2Header) + 24*nLevels
	kvdOff := dfdOff + uint64(len(dfd))
	end := kvdOff + uint64(len(kvd))
	align := uint64(1)
	if scheme == ktx2None {
		align = lcm(4, uint64(in.Bytes))
	}
	// Levels are stored smallest first.
	offsets := make([]uint64, s.Levels)
	for l := s.Levels - 1; l >= 0; l-- {
		end = (end + align - 1) / align * align
		offsets[l] = end
		end += uint64(len(levels[l]))
	}
	head := make([]byte, 0, kvdOff+uint64(len(kvd)))
	head = append(head, ktx2Magic...)
	for _, v := range []uint32{vk, typeSize, width, height, depth, layers, faces, uint32(s.Levels), scheme,
		uint32(dfdOff), uint32(len(dfd)), uint32(kvdOff), uint32(len(kvd))} {
		head = binary.LittleEndian.AppendUint32(head, v)
	}
	head = binary.LittleEndian.AppendUint64(head, 0) // sgdByteOffset
	head = binary.LittleEndian.AppendUint64(head, 0) // sgdByteLength
	for l := range levels {
		head = binary.LittleEndian.AppendUint64(head, offsets[l])
		head = binary.LittleEndian.AppendUint64(head, uint64(len(levels[l])))
		head = binary.LittleEndian.AppendUint64(head, uint64(s.LinearLevelBytes(l)))
	}
	head = append(head, dfd...)
	head = append(head, kvd...)
	if _, err := w.Write(head); err != nil {
		return err
	}
	pos := uint64(len(head))
	var pad [16]byte // lcm(4, block size) − 1 bytes at most
	for l := s.Levels - 1; l >= 0; l-- {
		if _, err := w.Write(pad[:offsets[l]-pos]); err != nil {
			return err
		}
		if _, err := w.Write(levels[l]); err != nil {
			return err
		}
		pos = offsets[l] + uint64(len(levels[l]))
	}
	return nil
}

// zstdEncoderWindow returns the window WriteKTX2's zstd encoder uses for
// levels of at most n bytes: the encoder's default for the speed (4 MiB at
// the fastest, 8 MiB otherwise), or the smallest power of two of at least
// 128 KiB that holds n when that is smaller. No match can reach further
// back than the level's size, so the smaller window compresses every level
// to the same bytes (the frames declare their content size, not the
// window, up to that size), and it keeps the encoder's history buffer (two
// windows) in proportion to the level.
func zstdEncoderWindow(speed zstd.EncoderLevel, n int) int {
	def := 8 << 20
	if speed == zstd.SpeedFastest {
		def = 4 << 20
	}
	w := 128 << 10
	for w < n && w < def {
		w <<= 1
	}
	return min(w, def)
}

// zstdEncoderBytes estimates what the zstd encoder of github.com/klauspost/
// compress v1.20.3 allocates at a speed with a window of w bytes: its
// history (two windows, zstd/enc_base.go ensureHist) and its match tables
// and block buffers (measured with EncodeAll, and rounded up: 1.5 MiB at
// the fastest speed, 3 MiB at the default, 6 MiB for better and 38 MiB for
// the best compression, whose tables have 4 Mi entries of 8 bytes,
// zstd/enc_best.go).
func zstdEncoderBytes(speed zstd.EncoderLevel, w int) uint64 {
	var fixed uint64
	switch speed {
	case zstd.SpeedFastest:
		fixed = 3 << 19
	case zstd.SpeedDefault:
		fixed = 3 << 20
	case zstd.SpeedBetterCompression:
		fixed = 6 << 20
	default:
		fixed = 38 << 20
	}
	return fixed + 2*uint64(w)
}

func lcm(a, b uint64) uint64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// kvEntry returns one key/value entry with its padding.
func kvEntry(key, value string) []byte {
	n := len(key) + 1 + len(value) + 1
	b := binary.LittleEndian.AppendUint32(nil, uint32(n))
	b = append(b, key...)
	b = append(b, 0)
	b = append(b, value...)
	b = append(b, 0)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}

// Khronos Data Format constants (Khronos Data Format Specification 1.3).
const (
	dfModelRGBSDA = 1
	dfModelBC1A   = 128
	dfModelBC2    = 129
	dfModelBC3    = 130
	dfModelBC4    = 131
	dfModelBC5    = 132
	dfModelBC6H   = 133
	dfModelBC7    = 134
	dfModelETC2   = 161
	dfModelASTC   = 162

	dfChannelR       = 0
	dfChannelG       = 1
	dfChannelB       = 2
	dfChannelStencil = 13
	dfChannelDepth   = 14
	dfChannelA       = 15
	dfETC2Color      = 2

	dfQualifierLinear   = 0x10
	dfQualifierExponent = 0x20
	dfQualifierSigned   = 0x40
	dfQualifierFloat    = 0x80
)

type dfSample struct {
	offset, bits int
	channel      byte
	lower, upper uint32
}

// basicDFD returns the data format descriptor (dfdTotalSize and one basic
// descriptor block) of f.
func basicDFD(f format.Format) ([]byte, error) {
	in := f.Info()
	name := f.String()
	numeric := in.Numeric
	signed := numeric == format.NumericSnorm || numeric == format.NumericSint || numeric == format.NumericSscaled || numeric == format.NumericSfloat
	isFloat := numeric == format.NumericSfloat || numeric == format.NumericUfloat
	var qual byte
	if signed {
		qual |= dfQualifierSigned
	}
	if isFloat {
		qual |= dfQualifierFloat
	}
	lower, upper := rangeOf(numeric, 32)
	model := byte(dfModelRGBSDA)
	var samples []dfSample
	if in.Compressed {
		switch {
		case strings.HasPrefix(name, "bc1_"):
			model = dfModelBC1A
			ch := byte(0)
			if strings.HasPrefix(name, "bc1_rgba") {
				ch = 1 // KHR_DF_CHANNEL_BC1A_ALPHAPRESENT
			}
			samples = []dfSample{{0, 64, ch, lower, upper}}
		case strings.HasPrefix(name, "bc2_"), strings.HasPrefix(name, "bc3_"):
			model = dfModelBC2
			if name[2] == '3' {
				model = dfModelBC3
			}
			samples = []dfSample{{0, 64, dfChannelA, lower, upper}, {64, 64, 0, lower, upper}}
		case strings.HasPrefix(name, "bc4_"):
			model, samples = dfModelBC4, []dfSample{{0, 64, qual, lower, upper}}
		case strings.HasPrefix(name, "bc5_"):
			model, samples = dfModelBC5, []dfSample{{0, 64, dfChannelR | qual, lower, upper}, {64, 64, dfChannelG | qual, lower, upper}}
		case strings.HasPrefix(name, "bc6h_"):
			model, samples = dfModelBC6H, []dfSample{{0, 128, qual, lower, upper}}
		case strings.HasPrefix(name, "bc7_"):
			model, samples = dfModelBC7, []dfSample{{0, 128, 0, lower, upper}}
		case strings.HasPrefix(name, "etc2_r8g8b8a8_"):
			model, samples = dfModelETC2, []dfSample{{0, 64, dfChannelA, lower, upper}, {64, 64, dfETC2Color, lower, upper}}
		case strings.HasPrefix(name, "etc2_"):
			model, samples = dfModelETC2, []dfSample{{0, 64, dfETC2Color, lower, upper}}
		case strings.HasPrefix(name, "eac_r11g11_"):
			model, samples = dfModelETC2, []dfSample{{0, 64, dfChannelR | qual, lower, upper}, {64, 64, dfChannelG | qual, lower, upper}}
		case strings.HasPrefix(name, "eac_r11_"):
			model, samples = dfModelETC2, []dfSample{{0, 64, dfChannelR | qual, lower, upper}}
		case strings.HasPrefix(name, "astc_"):
			model, samples = dfModelASTC, []dfSample{{0, 128, qual, lower, upper}}
		default:
			return nil, fmt.Errorf("no data format descriptor for this compressed format")
		}
	} else {
		var err error
		if samples, err = uncompressedSamples(name, in, qual); err != nil {
			return nil, err
		}
	}
	transfer := byte(1) // KHR_DF_TRANSFER_LINEAR
	if numeric == format.NumericSrgb {
		transfer = 2 // KHR_DF_TRANSFER_SRGB
		for i := range samples {
			if samples[i].channel&0xf == dfChannelA && !in.Compressed {
				samples[i].channel |= dfQualifierLinear
			}
		}
	}
	blockSize := 24 + 16*len(samples)
	b := binary.LittleEndian.AppendUint32(nil, uint32(4+blockSize))
	b = binary.LittleEndian.AppendUint32(b, 0) // vendorId 0 (Khronos), descriptorType 0 (basic)
	b = binary.LittleEndian.AppendUint32(b, 2|uint32(blockSize)<<16)
	b = append(b, model, 1 /* BT709 */, transfer, 0 /* straight alpha */)
	b = append(b, byte(in.BlockWidth-1), byte(in.BlockHeight-1), byte(in.BlockDepth-1), 0)
	b = append(b, byte(in.Bytes), 0, 0, 0, 0, 0, 0, 0)
	for _, s := range samples {
		b = binary.LittleEndian.AppendUint16(b, uint16(s.offset))
		b = append(b, byte(s.bits-1), s.channel, 0, 0, 0, 0)
		b = binary.LittleEndian.AppendUint32(b, s.lower)
		b = binary.LittleEndian.AppendUint32(b, s.upper)
	}
	return b, nil
}

// rangeOf returns sampleLower and sampleUpper for a component of the given
// numeric type and width.
func rangeOf(n format.Numeric, bits int) (uint32, uint32) {
	switch n {
	case format.NumericUnorm, format.NumericSrgb:
		if bits >= 32 {
			return 0, 0xffffffff
		}
		return 0, 1<<bits - 1
	case format.NumericSnorm:
		if bits >= 32 {
			return 0x80000001, 0x7fffffff
		}
		m := uint32(1)<<(bits-1) - 1
		return -m, m
	case format.NumericUint, format.NumericUscaled:
		return 0, 1
	case format.NumericSint, format.NumericSscaled:
		return 0xffffffff, 1
	case format.NumericSfloat:
		return 0xbf800000, 0x3f800000 // −1.0, 1.0
	case format.NumericUfloat:
		return 0, 0x3f800000
	}
	return 0, 0xffffffff
}

// uncompressedSamples derives the samples of an uncompressed format from its
// Vulkan name: components listed from the most significant bit for packed
// formats (_packN, and d24_unorm_s8_uint-like words), in memory order
// otherwise.
func uncompressedSamples(name string, in *format.Info, qual byte) ([]dfSample, error) {
	parts := strings.Split(name, "_")
	type comp struct {
		letter byte
		bits   int
	}
	var comps []comp
	for _, p := range parts {
		if p == "" || strings.HasPrefix(p, "pack") {
			continue
		}
		c0 := p[0]
		if c0 < 'a' || c0 > 'z' || len(p) < 2 || p[1] < '0' || p[1] > '9' {
			continue
		}
		// A run of letter+digits tokens: "a2b10g10r10", "d24", "s8".
		rest := p
		ok := true
		var cs []comp
		for rest != "" {
			l := rest[0]
			i := 1
			for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
				i++
			}
			n, err := strconv.Atoi(rest[1:i])
			if err != nil || !strings.ContainsRune("rgbadsxe", rune(l)) {
				ok = false
				break
			}
			cs = append(cs, comp{l, n})
			rest = rest[i:]
		}
		if ok {
			comps = append(comps, cs...)
		}
	}
	if len(comps) == 0 {
		return nil, fmt.Errorf("cannot derive the components of %q", name)
	}
	total := 0
	for _, c := range comps {
		total += c.bits
	}
	packed := strings.Contains(name, "_pack")
	var samples []dfSample
	off := 0
	for _, c := range comps {
		pos := off
		if packed {
			pos = total - off - c.bits
		}
		off += c.bits
		var ch byte
		q := qual
		lower, upper := rangeOf(in.Numeric, c.bits)
		switch c.letter {
		case 'r':
			ch = dfChannelR
		case 'g':
			ch = dfChannelG
		case 'b':
			ch = dfChannelB
		case 'a':
			ch = dfChannelA
		case 'd':
			ch = dfChannelDepth
		case 's':
			ch, q = dfChannelStencil, 0
			lower, upper = 0, 1
		case 'x':
			continue
		case 'e':
			// The shared exponent of e5b9g9r9: one exponent sample per
			// colour channel, after the mantissas below.
			continue
		}
		samples = append(samples, dfSample{pos, c.bits, ch | q, lower, upper})
	}
	if strings.HasPrefix(name, "e5b9g9r9") {
		for _, ch := range []byte{dfChannelR, dfChannelG, dfChannelB} {
			samples = append(samples, dfSample{27, 5, ch | dfQualifierExponent, 15, 31})
		}
	}
	return samples, nil
}
