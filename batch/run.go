package batch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texcache"
)

// DefaultMaxLineBytes is the default limit on the length of one job line
// (lowered to a quarter of the memory budget when that is smaller).
const DefaultMaxLineBytes = 64 << 20

// MaxWorkers is the largest number of concurrent jobs Run accepts.
const MaxWorkers = 256

// Options configures Run. The zero value gives every field its default.
type Options struct {
	// Workers is the number of jobs run concurrently; 0 means
	// runtime.GOMAXPROCS(0), at most MaxWorkers.
	Workers int
	// Window is the number of jobs in flight: read but not yet written. It
	// bounds the memory Run holds for lines and results whatever the input
	// size. 0 means 4·Workers, at least 16.
	Window int
	// MaxBytes is the memory budget of the whole batch: the jobs in flight
	// (each one's line, JSON tree, operands, surface, files and texture
	// decoding, result and output line), the lines read ahead, the results
	// waiting to be written in order and the surface cache, together. A
	// job may use all of it when it runs alone; a job that needs more gets
	// an error line naming what needed the memory, and the batch goes on.
	// A job refused only because the jobs beside it held the memory is run
	// again alone. 0 means budget.Default (1 GiB).
	MaxBytes int64
	// MaxLineBytes limits one job line; a longer line gets an error result
	// and the batch goes on. 0 means DefaultMaxLineBytes, or a quarter of
	// MaxBytes when that is less.
	MaxLineBytes int
	// Worker is the template of every worker's configuration
	// (MaxSurfaceBytes, CacheBytes, Files, ReadFile). The workers share one
	// surface cache that keeps idle surfaces up to CacheBytes (0: a quarter
	// of MaxBytes), within MaxBytes; a surface in use is shared by every
	// job that needs it, whatever its size, and built once for them.
	Worker Worker
	// Skip lists job ids whose results are already written, with how many
	// times each: a job whose id (its JSON text as result lines echo it,
	// "null" for a job without one) is in Skip with a positive count is not
	// run, the count goes down by one, and it gets no result line. This is
	// how a batch resumes (see Completed).
	Skip map[string]int
	// Progress, when not nil, is called after each result line is written,
	// from the goroutine that writes them, with the totals so far.
	Progress func(Stats)
	// NoBits leaves the "bits" member out of the result lines of the jobs
	// that do not say otherwise ("bits": true in a job still writes them).
	NoBits bool
	// Cache, when not nil, models a texture cache per job: every job is
	// traced and its texel reads go through an empty cache model of this
	// configuration (package texcache), lanes in order and each lane's
	// texels in the order the engine read them; the result line gets
	// "cache" (lookups, hits, misses, distinct lines, bytes from memory)
	// and Stats.Cache sums them. Each job starts empty, so the counts do
	// not depend on the order the workers run the jobs.
	Cache *texcache.Config
	// MemTrace, when not nil (and with Cache), receives the lines each
	// job's cache fetched from memory, in job order and, within a job, in
	// order: one line "0xADDRESS R" each (Ramulator's memory trace; the
	// address is the byte offset in the job's surface data).
	MemTrace io.Writer
	// DefineError, when not nil, is called with each definition line that
	// failed (it writes no result line; the jobs that name it get its
	// error), in input order, from the goroutine that writes the results.
	DefineError func(line int, err error)
}

// Stats counts what a batch did.
type Stats struct {
	Jobs       int // result lines written
	Failed     int // jobs with a job-level error ("error" lines)
	LaneErrors int // lanes with an error, over all the jobs that ran
	Lanes      int // lanes of the jobs that ran
	Skipped    int // jobs skipped because Options.Skip listed them
	// Definitions counts the definition lines read, DefineErrors those
	// that failed.
	Definitions  int
	DefineErrors int
	// Cache sums the jobs' cache counts (Options.Cache).
	Cache texcache.Stats
}

// OK reports whether no job, lane or definition failed.
func (s Stats) OK() bool { return s.Failed == 0 && s.LaneErrors == 0 && s.DefineErrors == 0 }

// item is one job line on its way through Run.
type item struct {
	line   []byte
	lineNo int
	// lineMem is what the line's memory reserves in the batch's budget
	// (its buffer's capacity): the reader's until a worker takes it.
	lineMem int64
	err     error         // set by the reader for a line it cannot pass on
	done    chan struct{} // closed when out is ready
	mem     *budget.Budget

	out        []byte
	failed     bool
	lanes      int
	laneErrors int
	cache      texcache.Stats // the job's cache counts (Options.Cache)
	memtrace   []byte         // the job's memory trace lines (Options.MemTrace)

	// A definition line: define is set, def is the definition to build
	// (nil when the reader found it invalid; defErr says why), and the
	// worker's outcome is defSurf, defSize and defErr until the last try
	// finishes def.
	define  bool
	defName string // "" when the line's name could not be read
	def     *definition
	defSurf *surface.Surface
	defSize int64
	defErr  error
	// after is the definition on the latest definition line before this
	// one, still being built when the line was read: the worker waits for
	// it, outside the memory gate, before it starts (definitions build in
	// input order, and a job finds every definition before it finished).
	after *definition
}

// batchMemory is the accounting Run shares between its reader, workers and
// writer.
type batchMemory struct {
	total  *budget.Budget // MaxBytes
	reader *budget.Budget // the read buffer and the lines not yet taken by a worker
	cache  *surfaceCache
	// freed is signalled (without blocking) whenever memory is given back,
	// for the reader waiting for room.
	freed chan struct{}
	// gate lets jobs run side by side (read lock) and a job run again
	// alone (write lock) when the others held the memory it needed.
	gate sync.RWMutex
}

func (m *batchMemory) signal() {
	select {
	case m.freed <- struct{}{}:
	default:
	}
}

// reserveLine reserves n bytes for the reader, waiting while other work
// holds the memory. It fails when n alone exceeds the budget or ctx is
// done.
// what names the memory in the error; lineNo > 0 makes it "what lineNo"
// (formatted only for an error).
func (m *batchMemory) reserveLine(ctx context.Context, what string, lineNo int, n int64) error {
	for {
		err := m.reader.Reserve(what, n)
		if err == nil {
			return nil
		}
		if lineNo > 0 {
			what = fmt.Sprintf("%s %d", what, lineNo)
			lineNo = 0
			continue // again, for the error's name
		}
		var be *budget.Error
		if err == nil || !errors.As(err, &be) || !be.Shared {
			return err
		}
		m.cache.evictIdle()
		if m.reader.Reserve(what, n) == nil {
			return nil
		}
		select {
		case <-m.freed:
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}

// Run reads job lines from r, runs them on Options.Workers goroutines and
// writes one result line per job to w, in input order. Blank lines are
// skipped. A job that fails gets an error line and the batch goes on; Run
// returns an error only when reading r or writing w fails or ctx is done,
// and then the output holds the results of a prefix of the jobs. The
// returned Stats count the lines written. Every result line reaches w in
// one Write of whole lines, so output cut off at any moment (a killed
// process) is a prefix of the results: whole lines, and at most the start
// of one more where the kernel cut a write in flight (Completed drops it). Output is
// flushed whenever no finished result is waiting, so a client may feed jobs
// one at a time over a pipe and read each result as it comes.
func Run(ctx context.Context, r io.Reader, w io.Writer, opts Options) (Stats, error) {
	workers := opts.Workers
	if workers <= 0 {
		workers = min(runtime.GOMAXPROCS(0), MaxWorkers)
	}
	if workers > MaxWorkers {
		return Stats{}, fmt.Errorf("workers: %d is more than the most, %d", workers, MaxWorkers)
	}
	if opts.Cache != nil {
		if _, err := texcache.New(*opts.Cache); err != nil {
			return Stats{}, err
		}
	}
	window := opts.Window
	if window <= 0 {
		window = max(16, 4*workers)
	}
	total := budget.New(opts.MaxBytes)
	maxLine := opts.MaxLineBytes
	if maxLine <= 0 {
		maxLine = int(min(DefaultMaxLineBytes, total.Limit()/4))
	}
	cacheBytes := int64(opts.Worker.CacheBytes)
	if cacheBytes == 0 {
		cacheBytes = total.Limit() / 4
	}
	mem := &batchMemory{total: total, reader: total.Child(0), freed: make(chan struct{}, 1)}
	files := opts.Worker.Files
	if files == nil && opts.Worker.ReadFile == nil {
		// One directory for every worker (not one each, opened lazily).
		f, err := OpenFiles(".")
		if err != nil {
			return Stats{}, fmt.Errorf("the current directory: %w", err)
		}
		defer f.Close()
		files = f
	}
	if cacheBytes > 0 {
		// The limit applies to the idle surfaces (trim); those in use are
		// shared whatever their size, within the batch's total.
		mem.cache = &surfaceCache{limit: cacheBytes, mem: total.Child(0)}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	defs := &definitions{mem: total.Child(0)}
	work := make(chan *item)
	order := make(chan *item, window)
	var wg sync.WaitGroup
	for range workers {
		rw := &runWorker{mem: mem, noBits: opts.NoBits, cache: opts.Cache, memtrace: opts.MemTrace != nil, w: Worker{
			MaxSurfaceBytes: opts.Worker.MaxSurfaceBytes,
			CacheBytes:      opts.Worker.CacheBytes,
			Files:           files,
			ReadFile:        opts.Worker.ReadFile,
			cache:           mem.cache,
			defs:            defs,
		}}
		if mem.cache == nil {
			rw.w.CacheBytes = -1
		}
		wg.Go(func() {
			for it := range work {
				rw.run(it)
				close(it.done)
			}
		})
	}

	var stats Stats
	var writeErr error
	writerStopped := false // the writer gave up on ctx before the last result
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		bw := bufio.NewWriterSize(w, 64<<10)
		fail := func(err error) {
			writeErr = err
			cancel(err)
		}
		for {
			var it *item
			var ok bool
			select {
			case it, ok = <-order:
			default:
				// Nothing is queued: flush before waiting, so results are
				// not held back while the reader waits for input.
				if err := bw.Flush(); err != nil {
					fail(err)
					return
				}
				it, ok = <-order
			}
			if !ok {
				if err := bw.Flush(); err != nil {
					fail(err)
				}
				return
			}
			select {
			case <-it.done:
			case <-ctx.Done():
				writerStopped = true
				return
			}
			if it.define {
				// A definition writes no line.
				if it.defErr != nil {
					stats.DefineErrors++
					if opts.DefineError != nil {
						opts.DefineError(it.lineNo, fmt.Errorf("line %d: %w", it.lineNo, defineError(it.defName, it.defErr)))
					}
				}
				it.mem.ReleaseAll()
				mem.signal()
				continue
			}
			it.out = append(it.out, '\n')
			// Whole lines only: flush what is buffered before a line that
			// does not fit, so that every Write carries whole lines (a
			// line longer than the buffer goes out in one Write).
			if len(it.out) > bw.Available() && bw.Buffered() > 0 {
				if err := bw.Flush(); err != nil {
					fail(err)
					return
				}
			}
			if _, err := bw.Write(it.out); err != nil {
				fail(err)
				return
			}
			if opts.MemTrace != nil && len(it.memtrace) > 0 {
				if _, err := opts.MemTrace.Write(it.memtrace); err != nil {
					fail(fmt.Errorf("memory trace: %w", err))
					return
				}
			}
			it.memtrace = it.memtrace[:0]
			stats.Cache = stats.Cache.Add(it.cache)
			stats.Jobs++
			stats.Lanes += it.lanes
			stats.LaneErrors += it.laneErrors
			if it.failed {
				stats.Failed++
			}
			putBuffer(it.out)
			it.out, it.line = nil, nil
			it.mem.ReleaseAll()
			mem.signal()
			if opts.Progress != nil {
				opts.Progress(stats)
			}
		}
	}()

	var skip map[string]int
	skipped := 0     // the reader's count (the writer passes stats to Progress)
	definitions := 0 // likewise
	var lastDef *definition
	send := func(it *item) bool {
		select {
		case order <- it:
		case <-ctx.Done():
			mem.reader.Release(it.lineMem)
			return false
		}
		select {
		case work <- it:
		case <-ctx.Done():
			return false
		}
		return true
	}
	if len(opts.Skip) > 0 {
		skip = maps.Clone(opts.Skip)
	}
	interrupted, readErr := readLines(ctx, r, maxLine, mem, func(it *item) bool {
		if lastDef != nil {
			select {
			case <-lastDef.ready:
				lastDef = nil
			default:
			}
		}
		it.after = lastDef
		if it.err == nil {
			// Definition lines are never skipped: a resumed run needs them
			// for the jobs after them.
			if dj, err, ok := readDefine(it.line, mem.total); ok {
				definitions++
				it.define = true
				mem.reader.Release(it.lineMem) // the definition keeps what it needs
				it.line, it.lineMem = nil, 0
				mem.signal()
				if err == nil {
					it.def, err = defs.add(dj.Define, it.lineNo, &dj.Surface)
				} else if dj.Define != "" {
					defs.failed(dj.Define, it.lineNo, err)
				}
				if err == nil {
					if err = defs.mem.Reserve(fmt.Sprintf("define %q", dj.Define), specBytes(&dj.Surface)); err != nil {
						it.def.finish(nil, 0, err)
						it.def = nil
					}
				}
				if err != nil {
					it.defName, it.defErr = dj.Define, err
					it.mem = mem.total.Child(0)
					close(it.done)
					select {
					case order <- it:
						return true
					case <-ctx.Done():
						return false
					}
				}
				it.defName = dj.Define
				lastDef = it.def
				return send(it)
			}
		}
		if skip != nil && it.err == nil {
			if key := idKey(it.line, mem.total.Child(0)); skip[key] > 0 {
				skip[key]--
				if skip[key] == 0 {
					delete(skip, key)
					if len(skip) == 0 {
						skip = nil
					}
				}
				skipped++
				mem.reader.Release(it.lineMem)
				mem.signal()
				return true
			}
		} else if skip != nil {
			if skip["null"] > 0 { // a line the reader refused has no id
				skip["null"]--
				skipped++
				return true
			}
		}
		return send(it)
	})
	close(work)
	close(order)
	wg.Wait()
	<-writerDone
	stats.Skipped = skipped
	stats.Definitions = definitions

	switch {
	case writeErr != nil:
		return stats, fmt.Errorf("writing output: %w", writeErr)
	case readErr != nil:
		return stats, fmt.Errorf("reading input: %w", readErr)
	case interrupted || writerStopped || ctx.Err() != nil:
		// Cancelled before Run returns, even where the input ended and
		// every job finished first (the reader saw the end of the input
		// rather than the cancellation): the caller asked it to stop.
		return stats, context.Cause(ctx)
	}
	return stats, nil
}

// readLines reads r line by line and hands each non-blank line to send
// until the input ends, send returns false or ctx is done (then
// interrupted is true). Each line's copy is reserved in mem.reader (the
// job takes the reservation over). It returns read errors other than
// io.EOF.
func readLines(ctx context.Context, r io.Reader, maxLine int, mem *batchMemory, send func(*item) bool) (interrupted bool, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	lineNo := 0
	var lr lineReader
	lr.mem, lr.ctx = mem, ctx
	defer lr.drop()
	for {
		if ctx.Err() != nil {
			return true, nil
		}
		var tooLong bool
		var buf []byte
		buf, tooLong, err = lr.readLine(br, maxLine)
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			if ctx.Err() != nil {
				return true, nil
			}
			return false, err // the partial line before the error is not a job
		}
		lineNo++
		it := &item{lineNo: lineNo, done: make(chan struct{})}
		switch {
		case tooLong:
			it.err = fmt.Errorf("line %d: longer than the limit of %d bytes", lineNo, maxLine)
		case len(bytes.TrimSpace(buf)) == 0:
			continue
		default:
			if cap(lr.buf) > 64<<10 {
				// A long line keeps the buffer it was read into (with
				// its reservation) rather than a copy.
				it.line, it.lineMem = buf, lr.reserved
				lr.buf, lr.reserved = nil, 0
				break
			}
			// A pooled buffer when it is not much larger than the line (what
			// is reserved is its capacity), else one of the line's size.
			line := getLine()
			if cap(line) < len(buf) || cap(line) > max(4*len(buf), 4096) {
				line = make([]byte, 0, len(buf))
			}
			if err := mem.reserveLine(ctx, "line", lineNo, int64(cap(line))); err != nil {
				if ctx.Err() != nil {
					return true, nil
				}
				it.err = fmt.Errorf("line %d: %w", lineNo, err)
				break
			}
			it.line, it.lineMem = append(line, buf...), int64(cap(line))
		}
		if !send(it) {
			return true, nil
		}
	}
}

// lineReader reads lines into a buffer reserved in the batch's budget.
type lineReader struct {
	ctx      context.Context
	mem      *batchMemory
	buf      []byte
	reserved int64
}

// grow makes room for n more bytes in the buffer, reserving its growth.
func (lr *lineReader) grow(n int) error {
	if len(lr.buf)+n <= cap(lr.buf) {
		return nil
	}
	c := max(2*cap(lr.buf), len(lr.buf)+n, 4096)
	if err := lr.mem.reserveLine(lr.ctx, "the line being read", 0, int64(c)-lr.reserved); err != nil {
		return err
	}
	lr.reserved = int64(c)
	nb := make([]byte, len(lr.buf), c)
	copy(nb, lr.buf)
	lr.buf = nb
	return nil
}

func (lr *lineReader) drop() {
	lr.mem.reader.Release(lr.reserved)
	lr.buf, lr.reserved = nil, 0
	lr.mem.signal()
}

// readLine reads the next line of br into lr's buffer, without its "\n" or
// "\r\n". A line longer than max bytes is consumed and reported by
// tooLong, with the buffer emptied. A last line without a newline is
// returned with a nil error; io.EOF means no more lines. Any other error
// (a refused reservation among them) comes with the data read before it.
func (lr *lineReader) readLine(br *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	lr.buf = lr.buf[:0]
	read := false
	for {
		chunk, err := br.ReadSlice('\n')
		read = read || len(chunk) > 0
		if !tooLong {
			if len(lr.buf)+len(chunk) > max+2 { // room for "\r\n"
				tooLong, lr.buf = true, lr.buf[:0]
			} else {
				if gerr := lr.grow(len(chunk)); gerr != nil {
					return lr.buf, false, gerr
				}
				lr.buf = append(lr.buf, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			if !read {
				return lr.buf, false, io.EOF
			}
			err = nil
		}
		buf := bytes.TrimSuffix(lr.buf, []byte("\n"))
		buf = bytes.TrimSuffix(buf, []byte("\r"))
		if !tooLong && len(buf) > max {
			tooLong, buf = true, buf[:0]
		}
		return buf, tooLong, err
	}
}

// idKey returns the text a result line echoes as the id of the job on
// line: its "id" member's JSON text (with invalid UTF-8 escaped), or "null"
// when it has none. The parse's memory is reserved in mem.
func idKey(line []byte, mem *budget.Budget) string {
	text := int64(len(line))
	if mem.Reserve("job line", text) != nil {
		return "null"
	}
	defer mem.Release(text)
	_, id, hasID, tree, _ := parseJSONIn(unsafe.String(unsafe.SliceData(line), len(line)), mem)
	mem.Release(tree)
	if !hasID {
		return "null"
	}
	return strings.Clone(validID(id))
}

// runWorker is one of Run's goroutines: a Worker and a reusable Result.
type runWorker struct {
	w      Worker
	res    sampler.Result
	mem    *batchMemory
	noBits bool // Options.NoBits
	parser parser

	trace    sampler.Trace      // the traced jobs' footprints
	cache    *texcache.Config   // Options.Cache
	model    *texcache.Model    // made from cache at the first job
	touched  texcache.Footprint // the job's distinct lines
	memtrace bool               // Options.MemTrace is set
}

var bufferPool = sync.Pool{New: func() any { return new([]byte) }}

// linePool holds the buffers of short job lines (up to 64 KiB, the longer
// ones keep the buffer they were read into), which a worker gives back
// once the line's result is encoded.
var linePool = sync.Pool{New: func() any { return new([]byte) }}

func getLine() []byte { return (*linePool.Get().(*[]byte))[:0] }

func putLine(b []byte) {
	if b == nil || cap(b) > 64<<10 {
		return
	}
	linePool.Put(&b)
}

func getBuffer() []byte { return (*bufferPool.Get().(*[]byte))[:0] }

func putBuffer(b []byte) {
	if cap(b) > 1<<20 {
		return // do not keep the buffers of huge jobs
	}
	bufferPool.Put(&b)
}

// run processes one job within its own budget, a child of the batch's
// total. The line's reservation moves from the reader to the job. A job
// refused only because the jobs beside it held the memory runs again
// alone, with the idle cached surfaces dropped, so that whether a job fits
// depends on the job, not on what ran beside it.
func (rw *runWorker) run(it *item) {
	m := rw.mem
	it.mem = m.total.Child(0)
	if err := m.reader.MoveTo(it.mem, "job line", it.lineMem); err != nil && it.err == nil {
		it.err = err
	}
	if it.after != nil {
		<-it.after.ready
	}
	defer func() {
		if it.define {
			it.def.finish(it.defSurf, it.defSize, it.defErr)
		}
		// The result line is encoded: nothing refers to the line any
		// more (the writer uses it.out alone).
		putLine(it.line)
		it.line = nil
	}()
	m.gate.RLock()
	rw.process(it)
	if !it.mem.Contended() || it.define && it.defErr == nil {
		m.gate.RUnlock()
		return
	}
	it.mem.ReleaseAll()
	putBuffer(it.out)
	it.out = nil
	m.signal()
	m.gate.RUnlock()
	m.gate.Lock()
	defer m.gate.Unlock()
	if m.cache != nil {
		m.cache.evictIdle()
	}
	it.mem = m.total.Child(0)
	if err := it.mem.Reserve("job line", it.lineMem); err != nil && it.err == nil {
		it.err = fmt.Errorf("line %d: %w", it.lineNo, err)
	}
	rw.process(it)
}

// process decodes and runs one job and encodes its result line in it.out.
// When it returns, it.mem holds only the result line's reservation (the
// writer releases it once the line is written).
func (rw *runWorker) process(it *item) {
	if it.define {
		rw.processDefine(it)
		return
	}
	mem := it.mem
	it.out = getBuffer()
	it.failed, it.lanes, it.laneErrors = false, 0, 0
	var id []byte
	defer func() {
		if p := recover(); p != nil {
			it.out = AppendError(it.out[:0], id, panicError(p))
			it.failed, it.lanes, it.laneErrors = true, 0, 0
		}
		if cap(rw.res.Bits[0]) > 4096 {
			rw.res = sampler.Result{} // do not keep a huge job's buffers
		}
		// Keep the output line's reservation only.
		mem.Release(mem.Used() - int64(cap(it.out)))
	}()
	fail := func(err error) {
		it.out = AppendError(it.out[:0], id, err)
		it.failed = true
		_ = mem.Reserve("error line", int64(cap(it.out))) // small, and written whether or not it fits
	}
	if it.err != nil {
		fail(it.err)
		return
	}
	job, err := decodeIn(it.line, mem, true, rw.w.defs, it.lineNo, &rw.parser)
	if err != nil {
		var je *JobError
		if errors.As(err, &je) {
			id = je.ID
		}
		if errors.Is(err, ErrJSON) {
			err = fmt.Errorf("line %d: %w", it.lineNo, err)
		}
		fail(err)
		return
	}
	id = job.ID
	rw.res.Trace = nil
	if job.Trace || rw.cache != nil {
		// At most maxTracedTexels a lane (16 probes × 2 levels × 8 texels,
		// with cube corners' extra reads), 48 bytes each.
		if err := mem.Reserve("trace", int64(job.Request.Lanes)*maxTracedTexels*48); err != nil {
			fail(fmt.Errorf("trace: %d lanes: %w", job.Request.Lanes, err))
			return
		}
		rw.res.Trace = &rw.trace
	}
	rw.w.Budget, rw.w.line = mem, it.lineNo
	err = job.Run(&rw.w, &rw.res)
	rw.w.Budget, rw.w.line = nil, 0
	if err != nil {
		fail(err)
		return
	}
	if job.Footprint != nil {
		n := int64(256 + 6*len(job.ID) + 160*job.Request.Lanes)
		for _, e := range job.FootprintErrs {
			if e != nil {
				n += 6*int64(len(e.Error())) + 8
			}
		}
		if err := mem.Reserve("result line", n); err != nil {
			fail(fmt.Errorf("result: %d lanes: %w", job.Request.Lanes, err))
			return
		}
		dims := 2
		if job.Surface.Kind == surface.Kind3D || job.def != nil && job.def.spec.Kind == surface.Kind3D {
			dims = 3
		}
		it.out = appendFootprints(it.out, job.ID, job.Request.Active, job.Footprints, job.FootprintErrs, dims)
		it.lanes = job.Request.Lanes
		for _, e := range job.FootprintErrs {
			if e != nil {
				it.laneErrors++
			}
		}
		return
	}
	var cache *jobCache
	if rw.cache != nil {
		cache = rw.runCache(it)
	}
	var texels *sampler.Trace
	if job.Trace {
		texels = rw.res.Trace
	}
	n := int64(resultLineBytes(job.ID, &rw.res))
	if err := mem.Reserve("result line", n); err != nil {
		fail(fmt.Errorf("result: %d lanes: %w", job.Request.Lanes, err))
		return
	}
	bits := !rw.noBits
	switch job.Bits {
	case BitsOn:
		bits = true
	case BitsOff:
		bits = false
	}
	it.out = appendResult(it.out, job.ID, job.Request.Active, &rw.res, bits, texels, cache)
	if extra := int64(cap(it.out)) - n; extra > 0 {
		_ = mem.Reserve("result line", extra) // measured: the line exists already
	}
	it.lanes = job.Request.Lanes
	it.laneErrors = laneErrors(&rw.res)
}

// processDefine builds the surface of a definition line within it.mem and
// moves it to the definitions' memory. The outcome waits in it for the
// last try (run finishes the definition).
func (rw *runWorker) processDefine(it *item) {
	d := it.def
	defer func() {
		if p := recover(); p != nil {
			it.defSurf, it.defSize, it.defErr = nil, 0, panicError(p)
		}
		it.mem.ReleaseAll()
	}()
	rw.w.Budget = it.mem
	surf, size, err := rw.w.buildDefinition(&d.spec, rw.w.defs.mem)
	rw.w.Budget = nil
	it.defSurf, it.defSize, it.defErr = surf, size, err
}

// readDefine decodes line when it is a definition line (ok true): a JSON
// object with a "define" member. Any other line, valid or not, is left to
// the worker (ok false). The parse's memory is reserved in a child of
// total.
func readDefine(line []byte, total *budget.Budget) (job *Job, err error, ok bool) {
	if !bytes.Contains(line, []byte("define")) && !bytes.Contains(line, []byte(`\u`)) {
		return nil, nil, false // a key "define" is spelt so, or with escapes
	}
	mem := total.Child(0)
	text := int64(len(line))
	if mem.Reserve("definition line", text) != nil {
		return nil, nil, false // the worker reports the line's size
	}
	defer mem.Release(text)
	v, _, _, tree, perr := parseJSONIn(unsafe.String(unsafe.SliceData(line), len(line)), mem)
	defer mem.Release(tree)
	if perr != nil || v.kind != kindObject || !isDefine(v) {
		return nil, nil, false
	}
	job = new(Job)
	err = job.decodeDefine(v)
	return job, err, true
}

// specBytes is what a definition holds besides its surface: the
// specification (its residency list and file name) and the table entry.
func specBytes(s *SurfaceSpec) int64 {
	return 256 + int64(len(s.NonResident))*int64(unsafe.Sizeof([5]int{})) + int64(len(s.Data.File))
}

// maxTracedTexels bounds the texels one lane of a traced job reads: 16
// anisotropic probes, two levels each, 8 texels a level (3D), and the two
// extra reads of a cube corner.
const maxTracedTexels = 16 * 2 * 8 * 2

// jobCache is what a job's reads did in its cache model.
type jobCache struct {
	texcache.Stats
	Lines int // distinct lines touched
}

// runCache feeds the traced job's reads through an empty cache model,
// lanes in order and each lane's texels in read order, and keeps the
// memory trace and counts in it.
func (rw *runWorker) runCache(it *item) *jobCache {
	if rw.model == nil {
		rw.model, _ = texcache.New(*rw.cache) // validated by Run
	}
	m := rw.model
	m.Reset()
	it.memtrace = it.memtrace[:0]
	if rw.memtrace {
		m.OnMemory = func(addr uint64, _ int) {
			it.memtrace = append(it.memtrace, "0x"...)
			it.memtrace = strconv.AppendUint(it.memtrace, addr, 16)
			it.memtrace = append(it.memtrace, " R\n"...)
		}
	} else {
		m.OnMemory = nil
	}
	rw.touched.Reset()
	tr := rw.res.Trace
	size := max(tr.TexelBytes, 1)
	for _, t := range tr.Texels() {
		if t.Border || t.Offset < 0 {
			continue
		}
		m.Access(uint64(t.Offset), size)
		rw.touched.Add(uint64(t.Offset), size)
	}
	c := &jobCache{Stats: m.Stats()}
	_, c.Lines = rw.touched.Count(rw.cache.L1.LineBytes)
	it.cache = c.Stats
	return c
}
