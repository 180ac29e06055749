package batch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"texunit/sampler"
)

// DefaultMaxLineBytes is the default limit on the length of one job line.
const DefaultMaxLineBytes = 64 << 20

// Options configures Run. The zero value gives every field its default.
type Options struct {
	// Workers is the number of jobs run concurrently; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Window is the number of jobs in flight: read but not yet written. It
	// bounds the memory Run holds for lines and results whatever the input
	// size. 0 means 4·Workers, at least 16.
	Window int
	// MaxLineBytes limits one job line; a longer line gets an error result
	// and the batch goes on. 0 means DefaultMaxLineBytes.
	MaxLineBytes int
	// Worker is the template of every worker's configuration
	// (MaxSurfaceBytes, CacheBytes, ReadFile); each worker has its own cache.
	Worker Worker
	// Progress, when not nil, is called after each result line is written,
	// from the goroutine that writes them, with the totals so far.
	Progress func(Stats)
}

// Stats counts what a batch did.
type Stats struct {
	Jobs       int // result lines written
	Failed     int // jobs with a job-level error ("error" lines)
	LaneErrors int // lanes with an error, over all the jobs that ran
	Lanes      int // lanes of the jobs that ran
}

// OK reports whether no job and no lane failed.
func (s Stats) OK() bool { return s.Failed == 0 && s.LaneErrors == 0 }

// item is one job line on its way through Run.
type item struct {
	line   []byte
	lineNo int
	err    error         // set by the reader for a line it cannot pass on
	done   chan struct{} // closed when out is ready

	out        []byte
	failed     bool
	lanes      int
	laneErrors int
}

// Run reads job lines from r, runs them on Options.Workers goroutines and
// writes one result line per job to w, in input order. Blank lines are
// skipped. A job that fails gets an error line and the batch goes on; Run
// returns an error only when reading r or writing w fails or ctx is done,
// and then the output holds the results of a prefix of the jobs. The
// returned Stats count the lines written. Output is flushed whenever no
// finished result is waiting, so a client may feed jobs one at a time over
// a pipe and read each result as it comes.
func Run(ctx context.Context, r io.Reader, w io.Writer, opts Options) (Stats, error) {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	window := opts.Window
	if window <= 0 {
		window = max(16, 4*workers)
	}
	maxLine := opts.MaxLineBytes
	if maxLine <= 0 {
		maxLine = DefaultMaxLineBytes
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	work := make(chan *item)
	order := make(chan *item, window)
	var wg sync.WaitGroup
	for range workers {
		rw := &runWorker{w: Worker{
			MaxSurfaceBytes: opts.Worker.MaxSurfaceBytes,
			CacheBytes:      opts.Worker.CacheBytes,
			ReadFile:        opts.Worker.ReadFile,
		}}
		wg.Go(func() {
			for it := range work {
				rw.process(it)
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
			it.out = append(it.out, '\n')
			if _, err := bw.Write(it.out); err != nil {
				fail(err)
				return
			}
			stats.Jobs++
			stats.Lanes += it.lanes
			stats.LaneErrors += it.laneErrors
			if it.failed {
				stats.Failed++
			}
			putBuffer(it.out)
			it.out, it.line = nil, nil
			if opts.Progress != nil {
				opts.Progress(stats)
			}
		}
	}()

	interrupted, readErr := readLines(ctx, r, maxLine, func(it *item) bool {
		select {
		case order <- it:
		case <-ctx.Done():
			return false
		}
		select {
		case work <- it:
		case <-ctx.Done():
			return false
		}
		return true
	})
	close(work)
	close(order)
	wg.Wait()
	<-writerDone

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
// interrupted is true). It returns read errors other than io.EOF.
func readLines(ctx context.Context, r io.Reader, maxLine int, send func(*item) bool) (interrupted bool, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	lineNo := 0
	var buf []byte
	for {
		if ctx.Err() != nil {
			return true, nil
		}
		var tooLong bool
		buf, tooLong, err = readLine(br, buf[:0], maxLine)
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
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
			it.line = bytes.Clone(buf)
		}
		if !send(it) {
			return true, nil
		}
	}
}

// readLine appends the next line of br to buf, without its "\n" or "\r\n".
// A line longer than max bytes is consumed and reported by tooLong, with
// buf emptied. A last line without a newline is returned with a nil error;
// io.EOF means no more lines. Any other error comes with the data read
// before it.
func readLine(br *bufio.Reader, buf []byte, max int) (line []byte, tooLong bool, err error) {
	read := false
	for {
		chunk, err := br.ReadSlice('\n')
		read = read || len(chunk) > 0
		if !tooLong {
			if len(buf)+len(chunk) > max+2 { // room for "\r\n"
				tooLong, buf = true, buf[:0]
			} else {
				buf = append(buf, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			if !read {
				return buf, false, io.EOF
			}
			err = nil
		}
		buf = bytes.TrimSuffix(buf, []byte("\n"))
		buf = bytes.TrimSuffix(buf, []byte("\r"))
		if !tooLong && len(buf) > max {
			tooLong, buf = true, buf[:0]
		}
		return buf, tooLong, err
	}
}

// runWorker is one of Run's goroutines: a Worker and a reusable Result.
type runWorker struct {
	w   Worker
	res sampler.Result
}

var bufferPool = sync.Pool{New: func() any { return new([]byte) }}

func getBuffer() []byte { return (*bufferPool.Get().(*[]byte))[:0] }

func putBuffer(b []byte) {
	if cap(b) > 1<<20 {
		return // do not keep the buffers of huge jobs
	}
	bufferPool.Put(&b)
}

// process decodes and runs one job and encodes its result line in it.out.
func (rw *runWorker) process(it *item) {
	it.out = getBuffer()
	var id []byte
	defer func() {
		if p := recover(); p != nil {
			it.out = AppendError(it.out[:0], id, panicError(p))
			it.failed, it.lanes, it.laneErrors = true, 0, 0
		}
	}()
	if it.err != nil {
		it.out = AppendError(it.out, nil, it.err)
		it.failed = true
		return
	}
	job, err := Decode(it.line)
	if err != nil {
		var je *JobError
		if errors.As(err, &je) {
			id = je.ID
		}
		if errors.Is(err, ErrJSON) {
			err = fmt.Errorf("line %d: %w", it.lineNo, err)
		}
		it.out = AppendError(it.out, id, err)
		it.failed = true
		return
	}
	id = job.ID
	if err := job.Run(&rw.w, &rw.res); err != nil {
		it.out = AppendError(it.out, job.ID, err)
		it.failed = true
		return
	}
	it.out = AppendResult(it.out, job.ID, job.Request.Active, &rw.res)
	it.lanes = job.Request.Lanes
	it.laneErrors = laneErrors(&rw.res)
}
