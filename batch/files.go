package batch

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/texunit/texunit/budget"
)

// Files is the directory that jobs' "file" and "image" data may be read
// from. Paths are resolved under it and may not leave it: a path with a
// ".." element, an absolute path outside it, or a symbolic link that
// resolves outside it (checked by the operating system as each path element
// is opened, through os.Root) is refused without touching the file it
// names, and the error says nothing about that file. Only regular files are
// read: devices, FIFOs, sockets and directories are refused (a FIFO is
// opened without blocking, so it cannot hang a job). A file's size is
// checked against the job's memory budget before it is read.
//
// A Files is safe for concurrent use. The zero value and NoFiles() refuse
// every path.
type Files struct {
	dir   string   // absolute, as given
	real  string   // dir with its symbolic links resolved
	root  *os.Root // nil: no file access
	label string   // how errors name the directory
}

// OpenFiles returns the Files rooted at dir ("" or "."; the current
// directory). The caller closes it when the jobs are done.
func OpenFiles(dir string) (*Files, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, err
	}
	return &Files{dir: abs, real: real, root: root, label: fmt.Sprintf("the files directory %q", dir)}, nil
}

// NoFiles returns a Files that refuses every path (texunit batch -files
// none).
func NoFiles() *Files { return &Files{} }

// Dir returns the directory's absolute path ("" for NoFiles).
func (f *Files) Dir() string {
	if f == nil {
		return ""
	}
	return f.dir
}

// Close releases the directory.
func (f *Files) Close() error {
	if f == nil || f.root == nil {
		return nil
	}
	return f.root.Close()
}

// ErrOutside is wrapped by the error for a path that Files refuses
// without touching it.
var ErrOutside = errors.New("outside the files directory")

// outsideError is a refused path.
type outsideError struct{ name, why string }

func (e *outsideError) Error() string { return fmt.Sprintf("%q %s", e.name, e.why) }
func (e *outsideError) Unwrap() error { return ErrOutside }

// rel returns name relative to the directory, or an error when it is
// outside it.
func (f *Files) rel(name string) (string, error) {
	if f == nil || f.root == nil {
		return "", &outsideError{name, "is not read: file access is off (texunit batch -files none)"}
	}
	refuse := func() (string, error) {
		return "", &outsideError{name, "is outside " + f.label + " (texunit batch -files)"}
	}
	for _, e := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == filepath.Separator }) {
		if e == ".." {
			return refuse()
		}
	}
	if !filepath.IsAbs(name) {
		return filepath.Clean(name), nil
	}
	clean := filepath.Clean(name)
	for _, base := range []string{f.real, f.dir} {
		if r, err := filepath.Rel(base, clean); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return r, nil
		}
	}
	return refuse()
}

// ReadFile reads the regular file name under the directory, reserving its
// size from mem (nil: checked against budget.Default alone) before reading.
// The bytes stay reserved; the caller releases len(b) when it drops them.
func (f *Files) ReadFile(name string, mem *budget.Budget) ([]byte, error) {
	rel, err := f.rel(name)
	if err != nil {
		return nil, err
	}
	fh, err := f.root.OpenFile(rel, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		var pe *fs.PathError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("%q: no such file in %s", name, f.label)
		case errors.Is(err, fs.ErrPermission):
			return nil, fmt.Errorf("%q: permission denied", name)
		case errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes"):
			return nil, &outsideError{name, "is outside " + f.label + " (texunit batch -files)"}
		}
		return nil, fmt.Errorf("%q cannot be opened in %s", name, f.label)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, fmt.Errorf("%q: %v", name, err)
	}
	if !st.Mode().IsRegular() {
		what := "not a regular file"
		if st.IsDir() {
			what = "a directory"
		}
		return nil, fmt.Errorf("%q is %s: only regular files are read", name, what)
	}
	size := st.Size()
	if err := mem.Reserve(fmt.Sprintf("file %q", name), size); err != nil {
		return nil, err
	}
	b := make([]byte, size)
	n, err := io.ReadFull(fh, b)
	if err == nil {
		var one [1]byte
		if k, _ := fh.Read(one[:]); k != 0 {
			err = errors.New("grew while it was read")
		}
	}
	if err != nil {
		mem.Release(size)
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			err = fmt.Errorf("shrank to %d bytes while it was read", n)
		}
		return nil, fmt.Errorf("%q: %v", name, err)
	}
	return b, nil
}
