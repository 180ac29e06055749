package msaa

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// Layout is the storage layout of the samples of one pixel (the patent's
// "data storage format").
type Layout uint8

// The storage layouts.
const (
	// SampleContiguous stores the components of each sample together:
	// S0C0 S0C1 … S0Cn S1C0 … (Figures 5A–5C).
	SampleContiguous Layout = iota
	// ComponentContiguous stores the same component of the samples of a
	// pixel together: S0C0 S1C0 … SmC0 S0C1 … (Figure 5D).
	ComponentContiguous
)

// String returns "sample" or "component".
func (l Layout) String() string {
	switch l {
	case SampleContiguous:
		return "sample"
	case ComponentContiguous:
		return "component"
	}
	return fmt.Sprintf("invalid(%d)", uint8(l))
}

// ParseLayout parses "sample" (components of a sample contiguous) or
// "component" (same component of the samples contiguous).
func ParseLayout(s string) (Layout, error) {
	switch s {
	case "sample", "sample_contiguous":
		return SampleContiguous, nil
	case "component", "component_contiguous":
		return ComponentContiguous, nil
	}
	return 0, &Error{Field: "layout", Value: s, Reason: `is not a layout (want "sample" or "component")`}
}

// Element is the type of one stored element (one component of one sample,
// or one depth value): its size and numeric type.
type Element struct {
	Bytes   int            // 1, 2 or 4
	Numeric format.Numeric // see Valid for the combinations
}

// The element types the model stores.
var (
	Unorm8  = Element{1, format.NumericUnorm}
	Snorm8  = Element{1, format.NumericSnorm}
	Srgb8   = Element{1, format.NumericSrgb} // components 0–2 sRGB-encoded, the others unorm
	Uint8   = Element{1, format.NumericUint}
	Sint8   = Element{1, format.NumericSint}
	Unorm16 = Element{2, format.NumericUnorm}
	Snorm16 = Element{2, format.NumericSnorm}
	Uint16  = Element{2, format.NumericUint}
	Sint16  = Element{2, format.NumericSint}
	Float16 = Element{2, format.NumericSfloat}
	Float32 = Element{4, format.NumericSfloat}
	Uint32  = Element{4, format.NumericUint}
	Sint32  = Element{4, format.NumericSint}
)

var elementNames = []struct {
	name string
	e    Element
}{
	{"unorm8", Unorm8}, {"snorm8", Snorm8}, {"srgb8", Srgb8}, {"uint8", Uint8}, {"sint8", Sint8},
	{"unorm16", Unorm16}, {"snorm16", Snorm16}, {"uint16", Uint16}, {"sint16", Sint16}, {"float16", Float16},
	{"float32", Float32}, {"uint32", Uint32}, {"sint32", Sint32},
}

// Valid reports whether e is one of the element types listed above.
func (e Element) Valid() bool {
	for _, n := range elementNames {
		if n.e == e {
			return true
		}
	}
	return false
}

// String returns the element type's name ("unorm8", "float32", …).
func (e Element) String() string {
	for _, n := range elementNames {
		if n.e == e {
			return n.name
		}
	}
	return fmt.Sprintf("invalid(%d bytes, %s)", e.Bytes, e.Numeric)
}

// ParseElement parses an element type name as String prints it.
func ParseElement(s string) (Element, error) {
	for _, n := range elementNames {
		if n.name == s {
			return n.e, nil
		}
	}
	return Element{}, &Error{Field: "element", Value: s, Reason: "is not an element type (unorm8, snorm8, srgb8, uint8, sint8, unorm16, snorm16, uint16, sint16, float16, float32, uint32, sint32)"}
}

// Kind returns what loads of e return: float, unsigned or signed integer bits.
func (e Element) Kind() ValueKind {
	switch e.Numeric {
	case format.NumericUint:
		return ValueUint
	case format.NumericSint:
		return ValueSint
	}
	return ValueFloat
}

// ValueKind says how the 32-bit patterns of a loaded element are read.
type ValueKind uint8

// The value kinds.
const (
	ValueFloat ValueKind = iota // IEEE binary32 (binary16 in half-precision results)
	ValueUint                   // unsigned integer
	ValueSint                   // signed integer
)

// String returns "float", "uint" or "sint".
func (k ValueKind) String() string {
	switch k {
	case ValueFloat:
		return "float"
	case ValueUint:
		return "uint"
	case ValueSint:
		return "sint"
	}
	return fmt.Sprintf("invalid(%d)", uint8(k))
}

// MaxComponents is the largest number of components per sample.
const MaxComponents = 16

// MaxFragments is the largest number of fragments an FMASK can name: its
// 4-bit entries hold 0–7, and 8 means "unknown".
const MaxFragments = 8

// FMaskUnknown is the FMASK entry for a sample whose fragment is unknown;
// loads read fragment 0 for it.
const FMaskUnknown = 8

// FMaskIdentity is the FMASK word of an 8-sample pixel whose sample i is
// stored as fragment i (shorter sample counts use its low 4·S bits).
const FMaskIdentity = 0x76543210

// MaxBytes is the largest Data (plus FMASK) New allocates: 1 GiB.
const MaxBytes = 1 << 30

// Desc describes a multisample surface of the model.
type Desc struct {
	Width, Height int // pixels, 1..65536 each
	Layers        int // array slices, 1..65536; 0 means 1
	Samples       int // samples per pixel: 1, 2, 4, 8 or 16
	// Components is the number of components per sample, 1..MaxComponents
	// (any number: the patent's example of five works). Depth surfaces have 1.
	Components int
	Element    Element // the type of every element
	Depth      bool    // a depth surface: one depth value per sample
	Layout     Layout
	// Fragments is 0 for an uncompressed surface (every sample stored), or
	// the number of fragments stored per pixel, 1..min(Samples, 8), for a
	// surface compressed with an FMASK.
	Fragments int
	// Spacing is the distance in elements from the start of one group of
	// the layout to the next: from a sample's first component to the next
	// sample's (SampleContiguous), or from a component's first sample to
	// the next component's (ComponentContiguous). 0 means the group's own
	// length (Components, or the samples stored: no padding); otherwise it
	// is at least that, and the elements between are padding (an RGB
	// surface stored as RGBX has Components 3 and Spacing 4). The patent
	// sets the stride "to match the spacing between those non-contiguous
	// elements".
	Spacing int
	// PixelPitch is the distance in bytes from one pixel's block to the
	// next; 0 means the block's size: its groups, each Spacing elements
	// (the padding after the last group included).
	PixelPitch int
	// RowPitch is the distance in bytes from one row of pixels to the next;
	// 0 means Width·PixelPitch. A slice is Height rows.
	RowPitch int
}

// Storage is how a pixel's elements lie in memory: the layout and its
// spacing (the fields of Desc of the same names).
type Storage struct {
	Layout                        Layout
	Spacing, PixelPitch, RowPitch int
}

// Surface is a multisample surface in the model's own storage: per pixel
// (x fastest, then y, then slice; PixelPitch, RowPitch and Height·RowPitch
// bytes apart) one block of elements in the order Layout gives (Spacing
// elements from one group to the next), little-endian; padding reads and
// stays zero. Compressed surfaces have one FMASK word per pixel. New
// resolves Desc's zero spacing fields to their values, so a Surface's
// Spacing, PixelPitch and RowPitch are never 0.
type Surface struct {
	Desc
	Data []byte
	// FMask holds per pixel (same order as Data) the fragment of each
	// sample, 4 bits per sample, sample 0 in the low bits. nil when the
	// surface is uncompressed.
	FMask    []uint64
	resident []bool // per pixel; nil means all resident
	decode   func(b []byte, comp int) uint32
}

// Error reports an invalid argument or operand, naming the field and value.
type Error struct {
	Field  string
	Value  string
	Reason string
	Err    error // the cause, where there is one (a *budget.Error), or nil
}

// Unwrap returns the cause (budget.ErrExceeded for a refused reservation).
func (e *Error) Unwrap() error { return e.Err }

// Error returns "msaa: FIELD: VALUE REASON".
func (e *Error) Error() string { return "msaa: " + e.Field + ": " + e.Value + " " + e.Reason }

func errf(field string, value any, reason string, args ...any) error {
	return &Error{Field: field, Value: fmt.Sprint(value), Reason: fmt.Sprintf(reason, args...)}
}

// New validates d, resolves Layers 0 to 1 and allocates a zeroed surface.
// A compressed surface starts with every sample i < Fragments naming
// fragment i and the others unknown (FMaskIdentity for 8 samples).
func New(d Desc) (*Surface, error) { return NewIn(d, nil) }

// NewIn is New with the surface's bytes (its data and FMASK) reserved from
// mem before they are allocated (nil: checked against MaxBytes alone). The
// reservation stays: the caller releases Bytes() when it drops the
// surface.
func NewIn(d Desc, mem *budget.Budget) (*Surface, error) {
	if d.Layers == 0 {
		d.Layers = 1
	}
	if d.Width < 1 || d.Width > surface.MaxExtent {
		return nil, errf("width", d.Width, "is out of range (1..%d)", surface.MaxExtent)
	}
	if d.Height < 1 || d.Height > surface.MaxExtent {
		return nil, errf("height", d.Height, "is out of range (1..%d)", surface.MaxExtent)
	}
	if d.Layers < 1 || d.Layers > surface.MaxExtent {
		return nil, errf("layers", d.Layers, "is out of range (1..%d)", surface.MaxExtent)
	}
	switch d.Samples {
	case 1, 2, 4, 8, 16:
	default:
		return nil, errf("samples", d.Samples, "is not 1, 2, 4, 8 or 16")
	}
	if !d.Element.Valid() {
		return nil, errf("element", d.Element, "is not an element type")
	}
	if d.Depth {
		if d.Components != 1 {
			return nil, errf("components", d.Components, "must be 1 for a depth surface")
		}
		if d.Element != Unorm16 && d.Element != Float32 {
			return nil, errf("element", d.Element, "is not a depth element (unorm16 or float32)")
		}
	}
	if d.Components < 1 || d.Components > MaxComponents {
		return nil, errf("components", d.Components, "is out of range (1..%d)", MaxComponents)
	}
	if d.Layout > ComponentContiguous {
		return nil, errf("layout", d.Layout, "is not a layout")
	}
	if d.Fragments < 0 || d.Fragments > min(d.Samples, MaxFragments) {
		return nil, errf("fragments", d.Fragments, "is out of range (0: uncompressed, or 1..%d)", min(d.Samples, MaxFragments))
	}
	if err := d.resolveSpacing(); err != nil {
		return nil, err
	}
	s := &Surface{Desc: d}
	pixels := int64(d.Width) * int64(d.Height) * int64(d.Layers)
	dataBytes := int64(d.RowPitch) * int64(d.Height) * int64(d.Layers)
	size := dataBytes
	if d.Fragments > 0 {
		size += pixels * 8
	}
	if size > MaxBytes {
		return nil, errf("size", size, "bytes is more than the limit of %d", MaxBytes)
	}
	if err := mem.Reserve("msaa surface", size); err != nil {
		return nil, &Error{Field: "size", Value: fmt.Sprint(size), Reason: "bytes exceed the memory budget", Err: err}
	}
	s.Data = make([]byte, dataBytes)
	if d.Fragments > 0 {
		var w uint64
		for i := 0; i < d.Samples; i++ {
			f := uint64(FMaskUnknown)
			if i < d.Fragments {
				f = uint64(i)
			}
			w |= f << (4 * i)
		}
		s.FMask = make([]uint64, pixels)
		for i := range s.FMask {
			s.FMask[i] = w
		}
	}
	s.decode = elementDecoder(d.Element, d.Depth)
	return s, nil
}

// resolveSpacing checks the spacing fields of a validated d and replaces
// their zeros with the unpadded values. Every pitch is bounded so that the
// products New forms stay far from overflow before the size check.
func (d *Desc) resolveSpacing() error {
	stored := d.Samples
	if d.Fragments > 0 {
		stored = d.Fragments
	}
	group, groups := d.Components, stored // SampleContiguous: a group is a sample's components
	if d.Layout == ComponentContiguous {
		group, groups = stored, d.Components
	}
	if d.Spacing == 0 {
		d.Spacing = group
	}
	if d.Spacing < group || d.Spacing > MaxSpacing {
		return errf("spacing", d.Spacing, "is out of range (%d, the %s, .. %d elements)", group, groupName(d.Layout), MaxSpacing)
	}
	block := groups * d.Spacing * d.Element.Bytes // each group padded to Spacing, the last too
	if d.PixelPitch == 0 {
		d.PixelPitch = block
	}
	if d.PixelPitch < block || d.PixelPitch > MaxBytes {
		return errf("pixel_pitch", d.PixelPitch, "is out of range (%d, the block of %d groups of %d elements, .. %d bytes)", block, groups, d.Spacing, MaxBytes)
	}
	row := int64(d.Width) * int64(d.PixelPitch)
	if d.RowPitch == 0 && row <= MaxBytes {
		d.RowPitch = int(row)
	}
	if int64(d.RowPitch) < row || d.RowPitch > MaxBytes {
		return errf("row_pitch", d.RowPitch, "is out of range (%d, %d pixels of %d bytes, .. %d bytes)", row, d.Width, d.PixelPitch, MaxBytes)
	}
	return nil
}

// MaxSpacing is the largest Spacing: 256 elements.
const MaxSpacing = 256

func groupName(l Layout) string {
	if l == ComponentContiguous {
		return "samples stored per component"
	}
	return "components per sample"
}

// Storage returns the surface's layout and spacing.
func (d *Desc) Storage() Storage {
	return Storage{Layout: d.Layout, Spacing: d.Spacing, PixelPitch: d.PixelPitch, RowPitch: d.RowPitch}
}

// Stored returns the number of samples or fragments stored per pixel:
// Fragments for a compressed surface, Samples otherwise.
func (s *Surface) Stored() int {
	if s.Fragments > 0 {
		return s.Fragments
	}
	return s.Samples
}

// PixelBytes returns the distance in bytes from one pixel's block of
// elements to the next (PixelPitch; without padding, the block's size
// Stored()·Components·Element.Bytes).
func (s *Surface) PixelBytes() int { return s.PixelPitch }

// FMaskBytes returns the size of one pixel's FMASK entry in memory: 4 bits
// per sample, at least one byte; 0 for an uncompressed surface.
func (s *Surface) FMaskBytes() int {
	if s.Fragments == 0 {
		return 0
	}
	return max(1, s.Samples/2)
}

// FMaskBase returns the address the model gives the FMASK in memory
// accounting: the end of Data rounded up to 4096 bytes.
func (s *Surface) FMaskBase() int { return (len(s.Data) + 4095) &^ 4095 }

// ElementIndex returns the position of component comp of stored sample (or
// fragment) f within a pixel's block, in elements.
func (s *Surface) ElementIndex(f, comp int) int {
	if s.Layout == ComponentContiguous {
		return comp*s.Spacing + f
	}
	return f*s.Spacing + comp
}

// pixel returns the index of pixel (x, y, layer) in pixel order (the FMASK
// and residency arrays).
func (s *Surface) pixel(x, y, layer int) int { return (layer*s.Height+y)*s.Width + x }

// pixelOffset returns the byte offset of pixel (x, y, layer)'s block in Data.
func (s *Surface) pixelOffset(x, y, layer int) int {
	return (layer*s.Height+y)*s.RowPitch + x*s.PixelPitch
}

func (s *Surface) inRange(x, y, layer int) bool {
	return x >= 0 && x < s.Width && y >= 0 && y < s.Height && layer >= 0 && layer < s.Layers
}

// ElementOffset returns the byte offset in Data of component comp of stored
// sample (or fragment) f of pixel (x, y, layer). Arguments are not checked.
func (s *Surface) ElementOffset(x, y, layer, f, comp int) int {
	return s.pixelOffset(x, y, layer) + s.ElementIndex(f, comp)*s.Element.Bytes
}

// Fragment returns the stored fragment that sample `sample` of pixel (x, y,
// layer) reads: the sample itself on uncompressed surfaces, otherwise the
// FMASK entry, with FMaskUnknown reading fragment 0.
func (s *Surface) Fragment(x, y, layer, sample int) int {
	if s.Fragments == 0 {
		return sample
	}
	f := int(s.FMask[s.pixel(x, y, layer)]>>(4*sample)) & 15
	if f == FMaskUnknown {
		return 0
	}
	return f
}

// SetFMask sets the FMASK word of pixel (x, y, layer): 4 bits per sample,
// each a fragment below Fragments or FMaskUnknown.
func (s *Surface) SetFMask(x, y, layer int, word uint64) error {
	if s.Fragments == 0 {
		return errf("fmask", fmt.Sprintf("%#x", word), "cannot be set: the surface is not compressed (fragments 0)")
	}
	if !s.inRange(x, y, layer) {
		return errf("pixel", fmt.Sprintf("(%d, %d, %d)", x, y, layer), "is outside the %dx%dx%d surface", s.Width, s.Height, s.Layers)
	}
	if s.Samples < 16 && word>>(4*s.Samples) != 0 {
		return errf("fmask", fmt.Sprintf("%#x", word), "has bits above the %d samples' %d bits", s.Samples, 4*s.Samples)
	}
	for i := 0; i < s.Samples; i++ {
		f := int(word>>(4*i)) & 15
		if f != FMaskUnknown && f >= s.Fragments {
			return errf("fmask", fmt.Sprintf("%#x", word), "sample %d names fragment %d, but %d fragments are stored (and %d means unknown)", i, f, s.Fragments, FMaskUnknown)
		}
	}
	s.FMask[s.pixel(x, y, layer)] = word
	return nil
}

// SamplesIdentical reports whether every sample of pixel (x, y, layer)
// reads the same fragment, from the FMASK alone, as the hardware query
// does. It is false for uncompressed surfaces (without an FMASK nothing is
// known without reading the samples) and for pixels outside the surface.
func (s *Surface) SamplesIdentical(x, y, layer int) bool {
	if s.Fragments == 0 || !s.inRange(x, y, layer) {
		return false
	}
	f0 := s.Fragment(x, y, layer, 0)
	for i := 1; i < s.Samples; i++ {
		if s.Fragment(x, y, layer, i) != f0 {
			return false
		}
	}
	return true
}

// SetResident marks pixel (x, y, layer) resident or not; loads of a
// non-resident pixel read zeros and report residency code 1.
func (s *Surface) SetResident(x, y, layer int, resident bool) error {
	if !s.inRange(x, y, layer) {
		return errf("pixel", fmt.Sprintf("(%d, %d, %d)", x, y, layer), "is outside the %dx%dx%d surface", s.Width, s.Height, s.Layers)
	}
	if s.resident == nil {
		if resident {
			return nil
		}
		s.resident = make([]bool, s.Width*s.Height*s.Layers)
		for i := range s.resident {
			s.resident[i] = true
		}
	}
	s.resident[s.pixel(x, y, layer)] = resident
	return nil
}

// Resident reports whether pixel (x, y, layer), which must be in range, is
// resident.
func (s *Surface) Resident(x, y, layer int) bool {
	return s.resident == nil || s.resident[s.pixel(x, y, layer)]
}

// SetElementBits stores the raw element value v (its low Element.Bytes
// bytes) as component comp of stored sample or fragment f of pixel (x, y,
// layer).
func (s *Surface) SetElementBits(x, y, layer, f, comp int, v uint32) error {
	if !s.inRange(x, y, layer) {
		return errf("pixel", fmt.Sprintf("(%d, %d, %d)", x, y, layer), "is outside the %dx%dx%d surface", s.Width, s.Height, s.Layers)
	}
	if f < 0 || f >= s.Stored() {
		return errf("fragment", f, "is out of range (0..%d)", s.Stored()-1)
	}
	if comp < 0 || comp >= s.Components {
		return errf("component", comp, "is out of range (0..%d)", s.Components-1)
	}
	putElement(s.Data[s.ElementOffset(x, y, layer, f, comp):], s.Element.Bytes, v)
	return nil
}

// ElementBits returns the raw stored bits of component comp of stored
// sample or fragment f of pixel (x, y, layer); arguments must be in range.
func (s *Surface) ElementBits(x, y, layer, f, comp int) uint32 {
	return getElement(s.Data[s.ElementOffset(x, y, layer, f, comp):], s.Element.Bytes)
}

// Value returns what a load returns for component comp of sample `sample`
// of pixel (x, y, layer): the element, through the FMASK, decoded to 32-bit
// float (or integer) bits. Out-of-range arguments and non-resident pixels
// read zero memory. It is the direct per-sample reference the load
// instruction and the resolve are tested against.
func (s *Surface) Value(x, y, layer, sample, comp int) uint32 {
	if !s.inRange(x, y, layer) || sample < 0 || sample >= s.Samples || comp < 0 || comp >= s.Components || !s.Resident(x, y, layer) {
		return s.decode(zero4[:], comp)
	}
	f := s.Fragment(x, y, layer, sample)
	return s.decode(s.Data[s.ElementOffset(x, y, layer, f, comp):], comp)
}

var zero4 [4]byte

func putElement(b []byte, n int, v uint32) {
	switch n {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	default:
		binary.LittleEndian.PutUint32(b, v)
	}
}

func getElement(b []byte, n int) uint32 {
	switch n {
	case 1:
		return uint32(b[0])
	case 2:
		return uint32(binary.LittleEndian.Uint16(b))
	}
	return binary.LittleEndian.Uint32(b)
}

// The decoders take their exact conversions from package format, one
// table per 8-bit type, so that loads agree bit for bit with the core.
var unorm8Tab, snorm8Tab, srgb8Tab [256]uint32

func init() {
	for i := 0; i < 256; i++ {
		unorm8Tab[i] = math.Float32bits(format.R8Unorm.Decode([]byte{byte(i)})[0])
		snorm8Tab[i] = math.Float32bits(format.R8G8B8A8Snorm.Decode([]byte{byte(i), 0, 0, 0})[0])
		srgb8Tab[i] = math.Float32bits(format.SRGBToLinear(uint8(i)))
	}
}

// elementDecoder returns the decoder for one element of type e: raw bytes
// and the component index (sRGB applies to components 0–2 only) to the
// 32-bit result pattern.
func elementDecoder(e Element, depth bool) func(b []byte, comp int) uint32 {
	switch e {
	case Unorm8:
		return func(b []byte, _ int) uint32 { return unorm8Tab[b[0]] }
	case Snorm8:
		return func(b []byte, _ int) uint32 { return snorm8Tab[b[0]] }
	case Srgb8:
		return func(b []byte, c int) uint32 {
			if c < 3 {
				return srgb8Tab[b[0]]
			}
			return unorm8Tab[b[0]]
		}
	case Uint8:
		return func(b []byte, _ int) uint32 { return uint32(b[0]) }
	case Sint8:
		return func(b []byte, _ int) uint32 { return uint32(int32(int8(b[0]))) }
	case Unorm16:
		return func(b []byte, _ int) uint32 {
			return math.Float32bits(format.D16Unorm.Decode(b[:2])[0])
		}
	case Snorm16:
		return func(b []byte, _ int) uint32 {
			return math.Float32bits(format.R16Snorm.Decode(b[:2])[0])
		}
	case Uint16:
		return func(b []byte, _ int) uint32 { return uint32(binary.LittleEndian.Uint16(b)) }
	case Sint16:
		return func(b []byte, _ int) uint32 { return uint32(int32(int16(binary.LittleEndian.Uint16(b)))) }
	case Float16:
		return func(b []byte, _ int) uint32 {
			return math.Float32bits(format.HalfToFloat32(binary.LittleEndian.Uint16(b)))
		}
	}
	// Float32, Uint32, Sint32: the bits as stored.
	return func(b []byte, _ int) uint32 { return binary.LittleEndian.Uint32(b) }
}

// FromCore builds a model surface holding the same samples as s, a core
// 2d_ms or 2d_ms_array surface, in the given layout (uncompressed). The
// components are stored in R, G, B, A order (b8g8r8a8 formats are
// reordered), one element per component; depth formats give depth
// surfaces. Non-resident tiles of s become non-resident pixels. Loads of
// the result agree with fetch_ms on s sample for sample.
func FromCore(s *surface.Surface, layout Layout) (*Surface, error) { return FromCoreIn(s, layout, nil) }

// FromCoreIn is FromCore with the new surface's bytes reserved from mem
// (see NewIn).
func FromCoreIn(s *surface.Surface, layout Layout, mem *budget.Budget) (*Surface, error) {
	return FromCoreStorage(s, Storage{Layout: layout}, mem)
}

// Bytes returns the memory the surface's data and FMASK take.
func (s *Surface) Bytes() int64 { return int64(len(s.Data)) + 8*int64(len(s.FMask)) }

// FromCoreStorage is FromCoreIn with the storage's spacing too: the
// samples in layout st.Layout, st.Spacing elements from one group to the
// next and the given pitches (zeros: no padding).
func FromCoreStorage(s *surface.Surface, st Storage, mem *budget.Budget) (*Surface, error) {
	if !s.Kind.IsMultisample() {
		return nil, errf("surface.type", s.Kind, "is not a multisample kind (2d_ms or 2d_ms_array)")
	}
	info := s.Format.Info()
	switch {
	case info.Compressed:
		return nil, errf("surface.format", s.Format, "is block-compressed: the model stores one element per component")
	case info.Packed != 0:
		return nil, errf("surface.format", s.Format, "is packed: the model stores one element per component")
	case info.Stencil:
		return nil, errf("surface.format", s.Format, "has a stencil component: the model stores one element per component")
	case !info.Depth && info.Bits[0] == 0:
		return nil, errf("surface.format", s.Format, "does not store R: the model stores components from R on")
	case !info.Depth && info.Bits[0] != 8*info.ElementBytes:
		return nil, errf("surface.format", s.Format, "has padding bits below its components: the model stores whole elements")
	}
	el := Element{Bytes: info.ElementBytes, Numeric: info.Numeric}
	if info.Depth {
		if s.Format == format.D16Unorm {
			el = Unorm16
		} else {
			el = Float32
		}
	}
	if !el.Valid() {
		return nil, errf("surface.format", s.Format, "has no element type in the model")
	}
	m, err := NewIn(Desc{Width: s.Width, Height: s.Height, Layers: s.Layers, Samples: s.Samples,
		Components: info.Components, Element: el, Depth: info.Depth,
		Layout: st.Layout, Spacing: st.Spacing, PixelPitch: st.PixelPitch, RowPitch: st.RowPitch}, mem)
	if err != nil {
		return nil, err
	}
	sparse := s.HasNonResident()
	eb := el.Bytes
	for layer := 0; layer < s.Layers; layer++ {
		for y := 0; y < s.Height; y++ {
			for x := 0; x < s.Width; x++ {
				for smp := 0; smp < s.Samples; smp++ {
					o := s.TexelOffset(0, x, y, 0, layer, smp)
					for c := 0; c < info.Components; c++ {
						mc := c // memory position of logical component c
						if info.BGRA && c < 3 {
							mc = 2 - c
						}
						copy(m.Data[m.ElementOffset(x, y, layer, smp, c):][:eb], s.Data[o+mc*eb:][:eb])
					}
				}
				if sparse && !s.Resident(0, x, y, 0, layer) {
					if err := m.SetResident(x, y, layer, false); err != nil {
						mem.Release(m.Bytes())
						return nil, err
					}
				}
			}
		}
	}
	return m, nil
}
