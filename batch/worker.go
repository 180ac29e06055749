package batch

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texfile"
)

// DefaultCacheBytes is the default budget of a Worker's surface cache.
const DefaultCacheBytes = 64 << 20

// maxCacheEntries bounds the number of surfaces a cache keeps.
const maxCacheEntries = 8

// ErrPanic is wrapped by the error of a job during which the code panicked:
// a bug in texunit. Decode and Job.Run recover and return it, so that one
// bad job cannot take a batch down.
var ErrPanic = errors.New("internal error (please report it)")

// Worker runs jobs one after another, keeping the surfaces it built so that
// jobs with the same surface specification share one surface instead of
// regenerating its data. Surfaces are read-only while jobs run, so sharing
// them is safe. The zero value is ready to use: it reads files under the
// current directory only (see Files). A Worker is not safe for concurrent
// use: Run gives each goroutine its own (sharing one cache between them).
type Worker struct {
	// MaxSurfaceBytes limits the size of one surface's data; 0 means
	// surface.DefaultMaxBytes.
	MaxSurfaceBytes int
	// CacheBytes is the budget of the surfaces kept for reuse: 0 means
	// DefaultCacheBytes, a negative value disables the cache. The surface
	// of the latest job is kept even when it alone exceeds the budget
	// (unless the Worker has a Budget, which the cache then shares).
	CacheBytes int
	// Files is the directory "file" and "image" data are read from; nil
	// means the current directory (opened when a job first needs it), and
	// NoFiles() forbids file access. See Files for the rules.
	Files *Files
	// ReadFile, when not nil, reads the files of "file" and "image" data
	// instead of Files: a service that embeds the batch confines file
	// access here (resolve names under its own root, refuse the rest, read
	// regular files only, check the size before reading). The bytes it
	// returns are counted against the job's budget once read.
	ReadFile func(name string) ([]byte, error)
	// Budget is the memory budget of the job being run: its surface, the
	// files it reads and the texture decoder's buffers are reserved from
	// it before they are allocated. nil means a budget of MaxSurfaceBytes
	// for each Run. Run (the batch) sets a child of the batch's total here
	// for each job.
	Budget *budget.Budget

	cache *surfaceCache
	held  []*cacheEntry // the cache entries the current job uses
	defs  *definitions  // the defined surfaces (Run shares one table between its workers)
	line  int           // the line of the job being run (Run), for the definitions' order
	eng   sampler.Engine
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
// cannot be read, an operation the surface or sampler cannot do, a job that
// exceeds its memory budget (wrapping budget.ErrExceeded), a surface name
// that no earlier definition run with w defines. Per-lane errors are in
// res.LaneErr.
//
// A definition (Define set) builds its surface and keeps it in w for the
// jobs run with w after it that name it; it leaves res as it is. Defining a
// name w already holds is an error.
func (j *Job) Run(w *Worker, res *sampler.Result) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicError(p)
		}
	}()
	if w == nil {
		w = &Worker{CacheBytes: -1}
	}
	mem := w.Budget
	if mem == nil {
		mem = budget.New(int64(w.surfaceLimit()))
		w.Budget = mem
		defer func() { w.Budget = nil }()
	}
	defer w.unhold()
	if j.Define != "" {
		return w.define(j)
	}
	var view surface.View
	if j.SurfaceName != "" {
		d := j.def
		if d == nil {
			if d, err = w.defs.lookup(j.SurfaceName, w.line); err != nil {
				return err
			}
		}
		view, err = w.viewOf(d.surf, &d.spec)
	} else {
		view, err = w.view(&j.Surface)
	}
	if err != nil {
		return err
	}
	// A defined surface lives as long as the worker: its jobs share one
	// engine, which keeps the set-up of the last request (jobs on one
	// surface with one sampler repeat it). Other surfaces get an engine of
	// their own, which keeps no reference to a surface the cache may drop.
	eng := &sampler.Engine{Precision: j.Precision}
	if j.SurfaceName != "" {
		w.eng.Precision = j.Precision
		eng = &w.eng
	}
	if j.Footprint != nil {
		if cap(j.Footprints) < j.Request.Lanes {
			j.Footprints = make([]sampler.Footprint, j.Request.Lanes)
		}
		j.Footprints = j.Footprints[:j.Request.Lanes]
		j.FootprintErrs, err = eng.Footprint(view, &j.Sampler, &j.Request, *j.Footprint, j.Footprints)
	} else {
		err = eng.Execute(view, &j.Sampler, &j.Request, res)
	}
	if err != nil {
		return requestError(err)
	}
	return nil
}

// define builds and keeps the surface of the definition j (outside Run:
// Run's reader and workers handle definitions themselves).
func (w *Worker) define(j *Job) error {
	if w.defs == nil {
		w.defs = &definitions{}
	}
	d, err := w.defs.add(j.Define, 0, &j.Surface)
	if err != nil {
		return defineError(j.Define, err)
	}
	surf, size, err := w.buildDefinition(&d.spec, nil)
	d.finish(surf, size, err)
	return defineError(j.Define, err)
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

func (w *Worker) surfaceLimit() int {
	if w.MaxSurfaceBytes <= 0 {
		return surface.DefaultMaxBytes
	}
	return w.MaxSurfaceBytes
}

// view returns the view of the job's surface, from the cache or built anew.
func (w *Worker) view(s *SurfaceSpec) (surface.View, error) {
	surf, err := w.surface(s)
	if err != nil {
		return surface.View{}, err
	}
	return w.viewOf(surf, s)
}

// viewOf returns the view s describes of surf.
func (w *Worker) viewOf(surf *surface.Surface, s *SurfaceSpec) (surface.View, error) {
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
	if w.cache == nil {
		limit := w.CacheBytes
		if limit == 0 {
			limit = DefaultCacheBytes
		}
		w.cache = &surfaceCache{limit: int64(limit)}
	}
	key := keyOf(s)
	for {
		e, build := w.cache.acquire(key)
		if build {
			surf, err := w.build(s)
			if err != nil {
				w.cache.abandon(e)
				return nil, err
			}
			if !w.cache.complete(e, surf, w.Budget) {
				return surf, nil // not shared: the job keeps its reservation
			}
			w.held = append(w.held, e)
			return surf, nil
		}
		// Another job is building the same surface: wait for it rather
		// than build a second copy (it holds the memory gate for reading,
		// as this job does, and needs nothing this job holds).
		<-e.ready
		if e.surf != nil {
			w.held = append(w.held, e)
			return e.surf, nil
		}
		w.cache.release(e) // its build failed: build it here (and report its error)
	}
}

// unhold gives back the cache entries the job used.
func (w *Worker) unhold() {
	for i, e := range w.held {
		w.cache.release(e)
		w.held[i] = nil
	}
	w.held = w.held[:0]
}

// surfaceCache keeps surfaces for reuse by later jobs, least recently used
// first out, and makes jobs that need a surface being built wait for it
// rather than build it again. Run shares one between its workers. Its
// surfaces are reserved in its own budget (a child of the batch's total,
// when it has one); an entry in use by a job is never dropped, so a
// surface larger than the cache's limit is still shared by the jobs that
// use it at once, and dropped when the last lets it go.
type surfaceCache struct {
	limit int64
	mem   *budget.Budget // nil: the entries' sizes are only compared with limit

	mu      sync.Mutex
	entries []*cacheEntry // least recently used first
	used    int64
}

type cacheEntry struct {
	key  cacheKey
	surf *surface.Surface // nil while it is built, and after a failed build
	size int64
	refs int
	// ready is closed when the build finished: surf is set, or the build
	// failed and the entry left the cache.
	ready chan struct{}
}

// acquire returns the entry of key, held by the caller: a built one, one
// being built (build false: the caller waits for ready), or a new one the
// caller builds (build true) and then completes or abandons.
func (c *surfaceCache) acquire(key cacheKey) (e *cacheEntry, build bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries {
		if e.key == key {
			copy(c.entries[i:], c.entries[i+1:])
			c.entries[len(c.entries)-1] = e
			e.refs++
			return e, false
		}
	}
	e = &cacheEntry{key: key, refs: 1, ready: make(chan struct{})}
	c.entries = append(c.entries, e)
	return e, true
}

// complete sets the surface a job built with memory reserved in job,
// moving that reservation to the cache's budget, and wakes the jobs
// waiting for it. It returns false, removing the entry, when the cache
// does not take it (the job keeps its reservation then).
func (c *surfaceCache) complete(e *cacheEntry, surf *surface.Surface, job *budget.Budget) bool {
	size := int64(len(surf.Data))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.mem != nil && job.MoveTo(c.mem, "cached surface", size) != nil {
		c.remove(e)
		close(e.ready)
		return false
	}
	e.surf, e.size = surf, size
	c.used += size
	close(e.ready)
	c.trim(c.limit, maxCacheEntries)
	return true
}

// abandon removes an entry whose build failed and wakes the jobs waiting
// for it (each builds the surface itself then).
func (c *surfaceCache) abandon(e *cacheEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.refs--
	c.remove(e)
	close(e.ready)
}

// remove takes e out of the entries (c.mu held).
func (c *surfaceCache) remove(e *cacheEntry) {
	for i, x := range c.entries {
		if x == e {
			c.entries = append(c.entries[:i], c.entries[i+1:]...)
			c.entries = c.entries[:len(c.entries):len(c.entries)]
			return
		}
	}
}

// release gives back a job's hold on e.
func (c *surfaceCache) release(e *cacheEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.refs--
	c.trim(c.limit, maxCacheEntries)
}

// evictIdle drops every entry no job is using: under memory pressure, so
// that a job run alone has the whole budget.
func (c *surfaceCache) evictIdle() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trim(0, 0)
}

// trim drops idle entries, least recently used first, until the cache
// holds at most limit bytes and n entries (keeping, without a budget, the
// newest entry even when it alone exceeds the limit, as before). Entries
// in use, and those being built, stay.
func (c *surfaceCache) trim(limit int64, n int) {
	keep := c.entries[:0]
	over := len(c.entries) - n
	used := c.used
	for i, e := range c.entries {
		newest := i == len(c.entries)-1 && c.mem == nil && limit > 0
		if e.refs == 0 && !newest && (used > limit || over > 0) {
			used -= e.size
			over--
			c.mem.Release(e.size)
			continue
		}
		keep = append(keep, e)
	}
	clear(c.entries[len(keep):])
	c.entries = keep
	c.used = used
}

// build creates a surface, sets its residency and fills its data. The
// surface's bytes are reserved in w.Budget.
func (w *Worker) build(s *SurfaceSpec) (*surface.Surface, error) {
	limit := w.surfaceLimit()
	mem := w.Budget
	desc := s.Desc
	var img *surface.Surface
	if s.Data.Source == DataImage {
		var err error
		if img, desc, err = w.image(s, limit); err != nil {
			return nil, err
		}
	}
	size, err := surface.SizeOf(desc)
	if err != nil {
		return nil, surfaceError(err)
	}
	if size > int64(limit) {
		return nil, fmt.Errorf("surface.size: %d bytes exceeds the limit of %d bytes", size, limit)
	}
	var surf *surface.Surface
	if img != nil && img.Desc == desc {
		surf = img // the file's surface as it is (its bytes are reserved already)
	} else {
		if err := mem.Reserve("surface", size); err != nil {
			return nil, err
		}
		if surf, err = surface.NewWithLimit(desc, limit); err != nil {
			return nil, surfaceError(err)
		}
		if img != nil {
			// Same layout: only the kind or the sRGB-ness may differ.
			copy(surf.Data, img.Data)
			mem.Release(int64(len(img.Data)))
		}
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
		b, err := w.readFile(s.Data.File)
		if err != nil {
			return nil, fmt.Errorf("surface.data.file: %w", err)
		}
		if surf.Layout == surface.LayoutLinear {
			err = surf.Load(b)
		} else {
			err = surf.LoadLinear(b) // the file holds the linear stream
		}
		container := texfile.Sniff(b)
		mem.Release(int64(len(b)))
		if err != nil {
			hint := ""
			if container != texfile.Unknown {
				// A texture file given as raw bytes.
				hint = fmt.Sprintf(` (it is a %s file: {"image": %q} reads texture files)`, strings.ToUpper(container.String()), s.Data.File)
			}
			var se *surface.Error
			if errors.As(err, &se) {
				return nil, fmt.Errorf("surface.data.file: %q holds %s, which %s%s", s.Data.File, se.Value, se.Reason, hint)
			}
			return nil, fmt.Errorf("surface.data.file: %w%s", err, hint)
		}
	case DataImage:
	default:
		return nil, fmt.Errorf("surface.data: invalid source %d", s.Data.Source)
	}
	return surf, nil
}

// readFile reads a data file through ReadFile or Files, with its bytes
// reserved in w.Budget (the caller releases them).
func (w *Worker) readFile(name string) ([]byte, error) {
	if w.ReadFile != nil {
		b, err := w.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if err := w.Budget.Reserve(fmt.Sprintf("file %q", name), int64(len(b))); err != nil {
			return nil, err
		}
		return b, nil
	}
	if w.Files == nil {
		f, err := OpenFiles(".")
		if err != nil {
			return nil, fmt.Errorf("the current directory: %w", err)
		}
		w.Files = f
	}
	return w.Files.ReadFile(name, w.Budget)
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
	b, err := w.readFile(s.Data.File)
	if err != nil {
		return nil, surface.Desc{}, fmt.Errorf("surface.data.image: %w", err)
	}
	opt := &texfile.Options{MaxBytes: limit, Budget: w.Budget, Layout: s.Layout, BlockHeight: s.BlockHeight}
	if in := s.Format.Info(); s.Format.Valid() && strings.HasPrefix(in.Name, "astc_") {
		// An .astc file (and KTX 1.1's RGBA ASTC) does not say whether its
		// blocks are UNORM, SRGB or SFLOAT: the job's format does.
		opt.ASTC = in.Numeric
	}
	f, err := texfile.Decode(s.Data.File, b, opt)
	w.Budget.Release(int64(len(b)))
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
