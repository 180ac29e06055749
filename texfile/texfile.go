package texfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// Container is a texture file type.
type Container uint8

// The containers.
const (
	Unknown Container = iota // not a recognised file
	PNG                      // Portable Network Graphics
	KTX2                     // Khronos KTX 2.0
	DDS                      // DirectDraw Surface
	HDR                      // Radiance RGBE (.hdr, .pic)
	KTX                      // Khronos KTX 1.1 (.ktx)
	ASTC                     // astcenc's ASTC file (.astc): a 16-byte header and the blocks
)

var containerNames = [...]string{"unknown", "png", "ktx2", "dds", "hdr", "ktx", "astc"}

// String returns the container's name: "png", "ktx2", "dds", "hdr", "ktx",
// "astc" or "unknown".
func (c Container) String() string {
	if int(c) < len(containerNames) {
		return containerNames[c]
	}
	return fmt.Sprintf("invalid(%d)", uint8(c))
}

// ContainerOf returns the container a file name's extension implies (case
// ignored): .png, .ktx2, .dds, .hdr or .pic, .ktx, .astc; Unknown otherwise.
func ContainerOf(name string) Container {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".png":
		return PNG
	case ".ktx2":
		return KTX2
	case ".dds":
		return DDS
	case ".hdr", ".pic":
		return HDR
	case ".ktx":
		return KTX
	case ".astc":
		return ASTC
	}
	return Unknown
}

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	ktx2Magic = []byte("\xabKTX 20\xbb\r\n\x1a\n")
	ddsMagic  = []byte("DDS ")
	ktx1Magic = []byte("\xabKTX 11\xbb\r\n\x1a\n")
	astcMagic = []byte{0x13, 0xab, 0xa1, 0x5c} // 0x5CA1AB13, little-endian
)

// Sniff returns the container of the file whose first bytes are b, from its
// signature: PNG's 8 bytes, KTX 2.0's or KTX 1.1's 12-byte identifier,
// "DDS ", "#?" (the Radiance header's "#?RADIANCE" or "#?RGBE"), or the
// .astc magic number 0x5CA1AB13; Unknown otherwise.
func Sniff(b []byte) Container {
	switch {
	case bytes.HasPrefix(b, pngMagic):
		return PNG
	case bytes.HasPrefix(b, ktx2Magic):
		return KTX2
	case bytes.HasPrefix(b, ddsMagic):
		return DDS
	case bytes.HasPrefix(b, []byte("#?")):
		return HDR
	case bytes.HasPrefix(b, ktx1Magic):
		return KTX
	case bytes.HasPrefix(b, astcMagic):
		return ASTC
	}
	return Unknown
}

// DefaultMaxBytes is the default memory budget of Options: 1 GiB, as
// surface.DefaultMaxBytes and budget.Default.
const DefaultMaxBytes = surface.DefaultMaxBytes

// Options control reading. The zero value (or a nil *Options) reads with
// a budget of DefaultMaxBytes.
type Options struct {
	// MaxBytes is the memory budget of one file when Budget is nil: every
	// buffer whose size comes from the file (the file's bytes in ReadFile,
	// a zstd level's decoder window, image/png's decoded image, a scanline
	// buffer, the surface's texel data) is reserved from it before it is
	// allocated, and the reservations alive at once may not exceed it. 0
	// means DefaultMaxBytes.
	MaxBytes int
	// Budget, when not nil, is the budget the reader reserves from instead
	// of a fresh one of MaxBytes (which is then not used): the budget of a
	// whole command or job, shared with what it does with the surface.
	// Decode and ReadFile release every reservation of theirs before they
	// return except the surface's texel data, which belongs to the
	// returned File and stays reserved in Budget until the caller releases
	// len(f.Surface.Data) bytes. When they fail, nothing stays reserved.
	Budget *budget.Budget
	// Layout is the storage layout the surface is given (surface.Layout):
	// files hold their texels in the linear layout, and a reader that is
	// asked for another stores them in it (surface.WithLayout: the linear
	// and the laid-out texel data are both reserved for a moment). The
	// values are the same in every layout. BlockHeight is the block height
	// of surface.LayoutBlockLinear (0: the default); it must be 0 for the
	// other layouts.
	Layout      surface.Layout
	BlockHeight int
	// ASTC is the numeric type given to ASTC data whose container does not
	// say it: astcenc's .astc files, which hold only the block size, and
	// KTX 1.1's GL_COMPRESSED_RGBA_ASTC_* formats, which OpenGL uses for
	// LDR and HDR content alike (its GL_COMPRESSED_SRGB8_ALPHA8_ASTC_*
	// formats stay sRGB). format.NumericUnorm, the zero value, reads them
	// as astc_*_unorm_block (LDR: HDR blocks decode to the error colour),
	// NumericSrgb as astc_*_srgb_block, NumericSfloat as
	// astc_*_sfloat_block (the HDR profile). Other values are an error.
	ASTC format.Numeric
}

// budget returns the budget a read reserves from: o.Budget, or a new one
// of o.MaxBytes (0: DefaultMaxBytes).
func (o *Options) budget() *budget.Budget {
	if o == nil {
		return budget.New(0)
	}
	return budget.Or(o.Budget, int64(o.MaxBytes))
}

// File is a decoded texture file: the surface it describes, with its texel
// data in package surface's stream order.
type File struct {
	Name      string    // the name given to Decode or ReadFile
	Container Container // the file type
	// Surface holds the texels. Its Desc is the file's: kind, format, size,
	// mip levels and array layers.
	Surface *surface.Surface
	// Supercompression is KTX 2.0's supercompression scheme ("none", "zstd"
	// or "zlib"); "none" for the other containers.
	Supercompression string
	// Header describes the file's own format where it differs from the
	// surface's format name: the DDS FourCC or DXGI format, the PNG colour
	// type and bit depth, the KTX 2.0 VkFormat number, the Radiance FORMAT.
	Header string
}

// Errors wrapped by *Error, for callers that branch on the kind of problem.
var (
	// ErrMalformed: the file breaks its container's rules (truncated,
	// sizes that disagree, values out of range).
	ErrMalformed = errors.New("malformed file")
	// ErrUnsupported: a valid file that texunit cannot represent (a
	// format package format does not know, BasisLZ supercompression, a
	// 3D array texture, ...).
	ErrUnsupported = errors.New("unsupported")
	// ErrTooLarge: the file would need more memory than its budget
	// (Options.MaxBytes or Options.Budget) allows. It is
	// budget.ErrExceeded, so that errors.Is(err, ErrTooLarge) holds for
	// every refusal of a budget, texfile's and those of the packages that
	// share the budget (surface.WithMipsIn, ...).
	ErrTooLarge = budget.ErrExceeded
)

// Error is the error of every reader and writer: it names the file, the
// container, the header field and its byte offset in the file, the
// offending value and what is wrong with it. It wraps ErrMalformed,
// ErrUnsupported or ErrTooLarge (or an I/O error).
type Error struct {
	File      string    // the file's name ("" when reading from memory without one)
	Container Container // the container being read or written
	Field     string    // the header field or part, such as "pixelWidth" or "level[2].byteLength"
	Offset    int64     // byte offset of the field in the file; -1 when it has none
	Value     string    // the offending value as text ("" when there is none)
	Reason    string    // what is wrong
	Err       error     // ErrMalformed, ErrUnsupported, ErrTooLarge or the underlying error
}

// Error returns "FILE: CONTAINER: FIELD (byte OFFSET): VALUE REASON".
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	b.WriteString(e.Container.String())
	b.WriteString(": ")
	b.WriteString(e.Field)
	if e.Offset >= 0 {
		fmt.Fprintf(&b, " (byte %d)", e.Offset)
	}
	b.WriteString(": ")
	if e.Value != "" {
		b.WriteString(e.Value)
		b.WriteString(" ")
	}
	b.WriteString(e.Reason)
	return b.String()
}

// Unwrap returns the error's kind (ErrMalformed, ...) or cause.
func (e *Error) Unwrap() error { return e.Err }

// reader carries what every decoder needs to report errors and account for
// memory.
type reader struct {
	name string
	c    Container
	b    []byte
	bud  *budget.Budget
	held int64 // bytes this read holds reserved in bud
}

func (r *reader) errAt(kind error, field string, off int64, value any, reason string, args ...any) *Error {
	v := ""
	if value != nil {
		v = fmt.Sprint(value)
	}
	return &Error{File: r.name, Container: r.c, Field: field, Offset: off, Value: v, Reason: fmt.Sprintf(reason, args...), Err: kind}
}

func (r *reader) malformed(field string, off int64, value any, reason string, args ...any) *Error {
	return r.errAt(ErrMalformed, field, off, value, reason, args...)
}

func (r *reader) unsupported(field string, off int64, value any, reason string, args ...any) *Error {
	return r.errAt(ErrUnsupported, field, off, value, reason, args...)
}

// need checks that n bytes starting at off lie inside the file; the error
// points at off (clamped to the file's length).
func (r *reader) need(field string, off, n uint64) error {
	if off > uint64(len(r.b)) || n > uint64(len(r.b))-off {
		return r.malformed(field, int64(min(off, uint64(len(r.b)))), nil, "needs %d bytes at byte %d, but the file has %d bytes", n, off, len(r.b))
	}
	return nil
}

// needAt is need for a region that a header field at byte at describes:
// the error points at the field.
func (r *reader) needAt(field string, at int64, off, n uint64) error {
	if off > uint64(len(r.b)) || n > uint64(len(r.b))-off {
		return r.malformed(field, at, nil, "points to %d bytes at byte %d, but the file has %d bytes", n, off, len(r.b))
	}
	return nil
}

// reserve reserves n bytes for field (at byte off of the file) from the
// read's budget, before they are allocated. A refusal is an *Error naming
// the field, the bytes asked for and the budget, wrapping the
// *budget.Error (and so ErrTooLarge).
func (r *reader) reserve(field string, off int64, n uint64) error {
	if n > math.MaxInt64 {
		n = math.MaxInt64
	}
	if err := r.bud.Reserve(field, int64(n)); err != nil {
		return r.errAt(err, field, off, fmt.Sprintf("%d bytes", n), "%s", budgetReason(err))
	}
	r.held += int64(n)
	return nil
}

// release gives back n bytes reserved with reserve.
func (r *reader) release(n uint64) {
	r.bud.Release(int64(n))
	r.held -= int64(n)
}

// budgetReason words a refused reservation for an *Error whose Value is
// the bytes asked for: "exceed the memory budget of L (U already in use)".
func budgetReason(err error) string {
	var be *budget.Error
	if !errors.As(err, &be) {
		return err.Error()
	}
	reason := "exceed the memory budget of " + budget.Bytes(be.Limit)
	if be.Shared {
		reason += " shared by the jobs in flight"
	}
	if be.Used > 0 {
		reason += " (" + budget.Bytes(be.Used) + " already in use)"
	}
	return reason
}

// newSurface reserves the data size of d from the budget, then allocates
// the surface; the reservation stays with the surface (it belongs to the
// File). off is the header's offset, for errors.
func (r *reader) newSurface(d surface.Desc, off int64) (*surface.Surface, error) {
	size, ok := dataSize(d)
	if !ok {
		return nil, r.unsupported("format", off, d.Format, "has no known texel block size")
	}
	if size > math.MaxInt {
		return nil, r.errAt(ErrTooLarge, "texel data", off, fmt.Sprintf("%d bytes", size), "exceed the address space")
	}
	if err := r.reserve("texel data", off, size); err != nil {
		return nil, err
	}
	s, err := surface.NewWithLimit(d, max(int(size), 1))
	if err != nil {
		var se *surface.Error
		if errors.As(err, &se) {
			return nil, r.unsupported(se.Field, off, se.Value, "%s (as a texunit surface)", se.Reason)
		}
		return nil, r.unsupported("surface", off, nil, "%v", err)
	}
	if uint64(len(s.Data)) != size {
		return nil, r.unsupported("format", off, d.Format, "stores %d bytes in package surface, %d in the file", len(s.Data), size)
	}
	return s, nil
}

// Decode reads a texture file held in memory. name is used in errors only
// (it may be empty); the container is recognised from the file's signature
// (see Sniff). Every size in a header is checked against len(b), and every
// buffer whose size comes from the file is reserved from the budget (see
// Options) before it is allocated; every problem is an *Error: Decode does
// not panic on any input. b itself is the caller's and is not counted.
//
// With opt.Budget, the surface's texel data stays reserved in it when
// Decode succeeds: the caller releases len(f.Surface.Data) bytes when it
// drops the surface.
func Decode(name string, b []byte, opt *Options) (*File, error) {
	return decode(name, b, opt.budget(), opt)
}

func decode(name string, b []byte, bud *budget.Budget, opt *Options) (*File, error) {
	r := &reader{name: name, b: b, bud: bud}
	r.c = Sniff(b)
	var (
		f   *File
		err error
	)
	switch r.c {
	case PNG:
		f, err = r.decodePNG()
	case KTX2:
		f, err = r.decodeKTX2()
	case DDS:
		f, err = r.decodeDDS()
	case HDR:
		f, err = r.decodeHDR()
	case KTX, ASTC:
		var num format.Numeric
		if opt != nil {
			num = opt.ASTC
		}
		switch num {
		case format.NumericUnorm, format.NumericSrgb, format.NumericSfloat:
		default:
			return nil, r.unsupported("Options.ASTC", -1, num, "is not unorm, srgb or sfloat (the ASTC format families)")
		}
		if r.c == KTX {
			f, err = r.decodeKTX1(num)
		} else {
			f, err = r.decodeASTC(num)
		}
	default:
		n := min(len(b), 12)
		return nil, r.unsupported("signature", 0, fmt.Sprintf("%q", b[:n]), "is not the start of a PNG, KTX 2.0, KTX 1.1, DDS, Radiance HDR or .astc file")
	}
	if err != nil {
		r.bud.Release(r.held) // the surface's reservation, if it was made
		return nil, err
	}
	// Every decoder releases its intermediates; what stays reserved is the
	// surface (the tests check that nothing else does).
	r.bud.Release(r.held - int64(len(f.Surface.Data)))
	f.Name, f.Container = name, r.c
	if f.Supercompression == "" {
		f.Supercompression = "none"
	}
	if opt != nil && (opt.Layout != surface.LayoutLinear || opt.BlockHeight != 0) {
		if err := r.layOut(f, opt.Layout, opt.BlockHeight); err != nil {
			r.bud.Release(int64(len(f.Surface.Data)))
			return nil, err
		}
	}
	return f, nil
}

// layOut stores f's surface in layout l, moving its reservation from the
// linear data to the new.
func (r *reader) layOut(f *File, l surface.Layout, blockHeight int) error {
	s := f.Surface
	d := s.Desc
	d.Layout, d.BlockHeight = l, blockHeight
	size, err := surface.SizeOf(d)
	if err != nil {
		return &Error{File: r.name, Container: r.c, Field: "layout", Offset: -1, Value: l.String(), Reason: "cannot hold the file's surface: " + err.Error(), Err: ErrUnsupported}
	}
	if err := r.bud.Reserve("surface in layout "+l.String(), size); err != nil {
		return &Error{File: r.name, Container: r.c, Field: "layout", Offset: -1, Value: fmt.Sprintf("%d bytes", size), Reason: budgetReason(err), Err: err}
	}
	t, err := surface.WithLayout(s, l, blockHeight, max(int(size), 1))
	if err != nil {
		r.bud.Release(size)
		return &Error{File: r.name, Container: r.c, Field: "layout", Offset: -1, Value: l.String(), Reason: err.Error(), Err: ErrUnsupported}
	}
	r.bud.Release(int64(len(s.Data)))
	f.Surface = t
	return nil
}

// ReadFile reads and decodes the texture file name (see Decode). Only
// regular files are read: a directory, device, FIFO or socket is an *Error
// (the file is opened without blocking, so that a FIFO cannot hang the
// open). The file's size is reserved from the budget before it is read and
// released once it is decoded; with opt.Budget, the surface's texel data
// stays reserved as in Decode.
func ReadFile(name string, opt *Options) (*File, error) {
	bud := opt.budget()
	fh, err := openNonBlocking(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	fileErr := func(kind error, value, reason string) error {
		return &Error{File: name, Container: ContainerOf(name), Field: "file", Offset: -1, Value: value, Reason: reason, Err: kind}
	}
	switch m := st.Mode(); {
	case m.IsDir():
		return nil, fileErr(ErrUnsupported, "", "is a directory")
	case !m.IsRegular():
		return nil, fileErr(ErrUnsupported, "", "is not a regular file (a device, FIFO, socket or other special file)")
	}
	size := st.Size()
	if size > math.MaxInt-1 {
		return nil, fileErr(ErrTooLarge, fmt.Sprintf("%d bytes", size), "exceed the address space")
	}
	if err := bud.Reserve("file", size); err != nil {
		return nil, fileErr(err, fmt.Sprintf("%d bytes", size), budgetReason(err))
	}
	defer bud.Release(size)
	b := make([]byte, size)
	if n, err := io.ReadFull(fh, b); err != nil {
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			return nil, fileErr(ErrMalformed, fmt.Sprintf("%d bytes", n), fmt.Sprintf("were read of the %d its size said: it changed while being read", size))
		}
		return nil, err
	}
	var one [1]byte
	if n, _ := fh.Read(one[:]); n != 0 {
		return nil, fileErr(ErrMalformed, fmt.Sprintf("more than %d bytes", size), "were read: the file grew while being read")
	}
	return decode(name, b, bud, opt)
}

// parseFormat maps a Vulkan format name to package format's Format, or
// gives an unsupported error naming the file's own identification of it.
func (r *reader) parseFormat(field string, off int64, fileValue, name string) (format.Format, error) {
	if name == "" {
		return format.Undefined, r.unsupported(field, off, fileValue, "has no Vulkan format")
	}
	f, err := format.Parse(name)
	if err != nil {
		return format.Undefined, r.unsupported(field, off, fileValue, "is %s, which is not a format texunit knows", name)
	}
	return f, nil
}
