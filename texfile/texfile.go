package texfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"texunit/format"
	"texunit/surface"
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
)

var containerNames = [...]string{"unknown", "png", "ktx2", "dds", "hdr"}

// String returns the container's name: "png", "ktx2", "dds", "hdr" or
// "unknown".
func (c Container) String() string {
	if int(c) < len(containerNames) {
		return containerNames[c]
	}
	return fmt.Sprintf("invalid(%d)", uint8(c))
}

// ContainerOf returns the container a file name's extension implies (case
// ignored): .png, .ktx2, .dds, .hdr or .pic; Unknown otherwise.
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
	}
	return Unknown
}

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	ktx2Magic = []byte("\xabKTX 20\xbb\r\n\x1a\n")
	ddsMagic  = []byte("DDS ")
)

// Sniff returns the container of the file whose first bytes are b, from its
// signature: PNG's 8 bytes, KTX 2.0's 12-byte identifier, "DDS ", or "#?"
// (the Radiance header's "#?RADIANCE" or "#?RGBE"); Unknown otherwise.
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
	}
	return Unknown
}

// DefaultMaxBytes is the memory limit of Options: 1 GiB, as
// surface.DefaultMaxBytes.
const DefaultMaxBytes = surface.DefaultMaxBytes

// Options control reading. The zero value (or a nil *Options) reads with
// the default limit.
type Options struct {
	// MaxBytes limits the memory a file may make the reader allocate: the
	// texel data of the surface, and every intermediate buffer (a level
	// inflated from zstd, a decoded PNG image), each checked against the
	// sizes in the header before it is allocated. ReadFile also refuses
	// files longer than MaxBytes. 0 means DefaultMaxBytes.
	MaxBytes int
}

func (o *Options) maxBytes() int {
	if o == nil || o.MaxBytes <= 0 {
		return DefaultMaxBytes
	}
	return o.MaxBytes
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
	// ErrTooLarge: the file would need more memory than Options.MaxBytes.
	ErrTooLarge = errors.New("exceeds the memory limit")
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

// reader carries what every decoder needs to report errors and check sizes.
type reader struct {
	name  string
	c     Container
	b     []byte
	limit int
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

// checkAlloc checks that n bytes may be allocated under the memory limit.
func (r *reader) checkAlloc(field string, off int64, n uint64) error {
	if n > uint64(r.limit) {
		return r.errAt(ErrTooLarge, field, off, fmt.Sprintf("%d bytes", n), "exceed the memory limit of %d bytes", r.limit)
	}
	return nil
}

// newSurface checks the data size of d against the limit, then allocates
// the surface. off is the header's offset, for errors.
func (r *reader) newSurface(d surface.Desc, off int64) (*surface.Surface, error) {
	size, ok := dataSize(d)
	if !ok {
		return nil, r.unsupported("format", off, d.Format, "has no known texel block size")
	}
	if err := r.checkAlloc("texel data", off, size); err != nil {
		return nil, err
	}
	s, err := surface.NewWithLimit(d, r.limit)
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
// (see Sniff). Every size in a header is checked against len(b) and
// opt.MaxBytes before anything is allocated, and every problem is an
// *Error: Decode does not panic on any input.
func Decode(name string, b []byte, opt *Options) (*File, error) {
	r := &reader{name: name, b: b, limit: opt.maxBytes()}
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
	default:
		n := min(len(b), 12)
		return nil, r.unsupported("signature", 0, fmt.Sprintf("%q", b[:n]), "is not the start of a PNG, KTX 2.0, DDS or Radiance HDR file")
	}
	if err != nil {
		return nil, err
	}
	f.Name, f.Container = name, r.c
	if f.Supercompression == "" {
		f.Supercompression = "none"
	}
	return f, nil
}

// ReadFile reads and decodes the texture file name (see Decode). A file
// longer than the memory limit is refused before it is read.
func ReadFile(name string, opt *Options) (*File, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &Error{File: name, Container: ContainerOf(name), Field: "file", Offset: -1, Reason: "is a directory", Err: ErrUnsupported}
	}
	limit := opt.maxBytes()
	if st.Size() > int64(limit) {
		return nil, &Error{File: name, Container: ContainerOf(name), Field: "file", Offset: -1, Value: fmt.Sprintf("%d bytes", st.Size()), Reason: fmt.Sprintf("exceed the memory limit of %d bytes", limit), Err: ErrTooLarge}
	}
	// Read at most limit+1 bytes, in case the file grew since Stat.
	b, err := io.ReadAll(io.LimitReader(fh, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > limit {
		return nil, &Error{File: name, Container: ContainerOf(name), Field: "file", Offset: -1, Value: fmt.Sprintf("more than %d bytes", limit), Reason: "exceed the memory limit", Err: ErrTooLarge}
	}
	return Decode(name, b, opt)
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
