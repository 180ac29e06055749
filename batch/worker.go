package batch

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"texunit/format"

	"texunit/sampler"
	"texunit/surface"
	"texunit/texfile"
)

// DefaultCacheBytes is the default budget of a Worker's surface cache.
const DefaultCacheBytes = 64 << 20

// maxCacheEntries bounds the number of surfaces a Worker keeps.
const maxCacheEntries = 8

// ErrPanic is wrapped by the error of a job during which the code panicked:
// a bug in texunit. Decode and Job.Run recover and return it, so that one
// bad job cannot take a batch down.
var ErrPanic = errors.New("internal error (please report it)")

// Worker runs jobs one after another, keeping the surfaces it built so that
// jobs with the same surface specification share one surface instead of
// regenerating its data. Surfaces are read-only while jobs run, so sharing
// them is safe. The zero value is ready to use. A Worker is not safe for
// concurrent use: Run gives each goroutine its own.
type Worker struct {
	// MaxSurfaceBytes limits the size of one surface's data; 0 means
	// surface.DefaultMaxBytes.
	MaxSurfaceBytes int
	// CacheBytes is the budget of the surfaces kept for reuse: 0 means
	// DefaultCacheBytes, a negative value disables the cache. The surface
	// of the latest job is kept even when it alone exceeds the budget.
	CacheBytes int
	// ReadFile reads the files of "file" and "image" data; nil means os.ReadFile.
	ReadFile func(name string) ([]byte, error)

	cache []cacheEntry // least recently used first
}

type cacheEntry struct {
	key  cacheKey
	surf *surface.Surface
}

// cacheKey identifies a surface specification: everything that determines
// a surface's description, residency and data (not the view).
// Floats are compared by their bits, so that the key is exact (−0 and +0
// differ) and NaN matches itself.
type cacheKey struct {
	desc        surface.Desc
	tile        [3]int
	nonResident string
	source      DataSource
	seed        uint32
	lo, hi      uint64
	file        string
}

func keyOf(s *SurfaceSpec) cacheKey {
	d := &s.Data
	k := cacheKey{desc: s.Desc, tile: s.Tile, source: d.Source, file: d.File}
	if d.Source == DataHash {
		k.seed, k.lo, k.hi = d.Seed, math.Float64bits(d.Lo), math.Float64bits(d.Hi)
	}
	if len(s.NonResident) > 0 {
		k.nonResident = fmt.Sprint(s.NonResident)
	}
	return k
}

// Run executes the job with w (nil: a fresh Worker without a cache) and
// writes the results to res, which may be reused across calls. It returns
// the job-level errors: a surface that cannot be built, a data file that
// cannot be read, an operation the surface or sampler cannot do. Per-lane
// errors are in res.LaneErr.
func (j *Job) Run(w *Worker, res *sampler.Result) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicError(p)
		}
	}()
	if w == nil {
		w = &Worker{CacheBytes: -1}
	}
	view, err := w.view(&j.Surface)
	if err != nil {
		return err
	}
	eng := sampler.Engine{Precision: j.Precision}
	if err := eng.Execute(view, &j.Sampler, &j.Request, res); err != nil {
		return requestError(err)
	}
	return nil
}

// requestError removes the engine's "invalid request: " prefix, so that the
// message starts with the field it names.
func requestError(err error) error {
	if errors.Is(err, sampler.ErrRequest) {
		if msg, ok := strings.CutPrefix(err.Error(), sampler.ErrRequest.Error()+": "); ok {
			return errors.New(msg)
		}
	}
	return err
}

// view returns the view of the job's surface, from the cache or built anew.
func (w *Worker) view(s *SurfaceSpec) (surface.View, error) {
	surf, err := w.surface(s)
	if err != nil {
		return surface.View{}, err
	}
	v, err := surface.NewView(surf, s.BaseLevel, s.LevelCount, s.BaseLayer, s.LayerCount)
	if err == nil && s.Aspect != format.AspectDefault {
		v, err = v.WithAspect(s.Aspect)
	}
	if err == nil && s.Swizzle != (surface.Swizzle{}) {
		v, err = v.WithSwizzle(s.Swizzle)
	}
	if err != nil {
		return surface.View{}, surfaceError(err)
	}
	return v, nil
}

func (w *Worker) surface(s *SurfaceSpec) (*surface.Surface, error) {
	if w.CacheBytes < 0 {
		return w.build(s)
	}
	key := keyOf(s)
	for i, e := range w.cache {
		if e.key == key {
			// Move to the most recently used end.
			copy(w.cache[i:], w.cache[i+1:])
			w.cache[len(w.cache)-1] = e
			return e.surf, nil
		}
	}
	if len(w.cache) == maxCacheEntries {
		w.evict(1)
	}
	surf, err := w.build(s)
	if err != nil {
		return nil, err
	}
	w.cache = append(w.cache, cacheEntry{key, surf})
	budget := w.CacheBytes
	if budget == 0 {
		budget = DefaultCacheBytes
	}
	total := 0
	for _, e := range w.cache {
		total += len(e.surf.Data)
	}
	for len(w.cache) > 1 && total > budget {
		total -= len(w.cache[0].surf.Data)
		w.evict(1)
	}
	return surf, nil
}

// evict drops the n least recently used surfaces.
func (w *Worker) evict(n int) {
	m := copy(w.cache, w.cache[n:])
	clear(w.cache[m:])
	w.cache = w.cache[:m]
}

// build creates a surface, sets its residency and fills its data.
func (w *Worker) build(s *SurfaceSpec) (*surface.Surface, error) {
	limit := w.MaxSurfaceBytes
	if limit <= 0 {
		limit = surface.DefaultMaxBytes
	}
	var img *surface.Surface
	desc := s.Desc
	if s.Data.Source == DataImage {
		var err error
		if img, desc, err = w.image(s, limit); err != nil {
			return nil, err
		}
	}
	surf, err := surface.NewWithLimit(desc, limit)
	if err != nil {
		return nil, surfaceError(err)
	}
	if s.Tile != [3]int{} {
		if err := surf.SetTileSize(s.Tile[0], s.Tile[1], s.Tile[2]); err != nil {
			return nil, surfaceError(err)
		}
	}
	for i, t := range s.NonResident {
		if err := surf.SetResident(t[0], t[1], t[2], t[3], t[4], false); err != nil {
			return nil, nonResidentError(i, err)
		}
	}
	switch s.Data.Source {
	case DataHash:
		surf.FillHash(s.Data.Seed, s.Data.Lo, s.Data.Hi)
	case DataCoords:
		surf.FillCoords()
	case DataFile:
		read := w.ReadFile
		if read == nil {
			read = os.ReadFile
		}
		b, err := read(s.Data.File)
		if err != nil {
			return nil, fmt.Errorf("surface.data.file: %w", err)
		}
		if err := surf.Load(b); err != nil {
			var se *surface.Error
			if errors.As(err, &se) {
				return nil, fmt.Errorf("surface.data.file: %q holds %s, which %s", s.Data.File, se.Value, se.Reason)
			}
			return nil, fmt.Errorf("surface.data.file: %w", err)
		}
	case DataImage:
		// Same layout: only the kind or the sRGB-ness may differ.
		copy(surf.Data, img.Data)
	default:
		return nil, fmt.Errorf("surface.data: invalid source %d", s.Data.Source)
	}
	return surf, nil
}

// nonResidentError renames SetResident's fields to surface.nonresident[i][k].
func nonResidentError(i int, err error) error {
	var se *surface.Error
	if !errors.As(err, &se) {
		return fmt.Errorf("surface.nonresident[%d]: %w", i, err)
	}
	k := map[string]int{"tile.level": 0, "tile.layer": 1, "tile.x": 2, "tile.y": 3, "tile.z": 4}[se.Field]
	return fmt.Errorf("surface.nonresident[%d][%d]: %s %s", i, k, se.Value, se.Reason)
}

// panicError turns a recovered panic value into an error wrapping ErrPanic,
// naming the panic and where it happened.
func panicError(p any) error {
	where := ""
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") && f.File != "" {
			where = fmt.Sprintf(" at %s:%d", filepath.Join(filepath.Base(filepath.Dir(f.File)), filepath.Base(f.File)), f.Line)
			break
		}
		if !more {
			break
		}
	}
	return fmt.Errorf("%w: panic: %v%s", ErrPanic, p, where)
}

// image reads the texture file of "image" data and returns its surface and
// the description of the job's surface: the file's, with the job's type,
// and checked against every field the job gives (see the package comment).
func (w *Worker) image(s *SurfaceSpec, limit int) (*surface.Surface, surface.Desc, error) {
	read := w.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	b, err := read(s.Data.File)
	if err != nil {
		return nil, surface.Desc{}, fmt.Errorf("surface.data.image: %w", err)
	}
	f, err := texfile.Decode(s.Data.File, b, &texfile.Options{MaxBytes: limit})
	if err != nil {
		return nil, surface.Desc{}, fmt.Errorf("surface.data.image: %w", err)
	}
	fd := f.Surface.Desc
	d := fd
	d.Kind = s.Kind
	if !kindCompatible(fd.Kind, s.Kind, fd.Layers) {
		return nil, surface.Desc{}, fmt.Errorf("surface.type: %v does not match the %v texture in %q", s.Kind, fd.Kind, s.Data.File)
	}
	if s.Format.Valid() && s.Format != fd.Format {
		if srgbTwin(s.Format.String()) != srgbTwin(fd.Format.String()) {
			return nil, surface.Desc{}, fmt.Errorf("surface.format: %v does not match the file's format %v in %q (only the sRGB and UNORM twins may differ)", s.Format, fd.Format, s.Data.File)
		}
		d.Format = s.Format
	}
	for _, c := range []struct {
		name       string
		given, has int
	}{
		{"width", s.Width, fd.Width}, {"height", s.Height, fd.Height}, {"depth", s.Depth, fd.Depth},
		{"layers", s.Layers, fd.Layers}, {"levels", s.Levels, fd.Levels}, {"samples", s.Samples, fd.Samples},
	} {
		if c.given != 0 && c.given != c.has {
			return nil, surface.Desc{}, fmt.Errorf("surface.%s: %d does not match the file's %d in %q", c.name, c.given, c.has, s.Data.File)
		}
	}
	return f.Surface, d, nil
}

// kindCompatible reports whether a file of kind file (with the given number
// of layers) may be read as a surface of kind want: the same kind, its array
// form, or a cube (array) as a 2D array of its faces.
func kindCompatible(file, want surface.Kind, layers int) bool {
	switch {
	case file == want:
		return true
	case want == surface.Kind1DArray:
		return file == surface.Kind1D
	case want == surface.Kind2DArray:
		return file == surface.Kind2D || file.IsCube()
	case want == surface.KindCubeArray:
		return file == surface.KindCube
	case want == surface.KindCube:
		return file == surface.Kind2DArray && layers == 6
	}
	return false
}

// srgbTwin maps a format name to the name of its UNORM twin, so that
// r8g8b8a8_srgb and r8g8b8a8_unorm compare equal.
func srgbTwin(name string) string { return strings.ReplaceAll(name, "srgb", "unorm") }
