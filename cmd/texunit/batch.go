package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"time"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/texcache"
)

func init() {
	register(command{
		name:    "batch",
		summary: "run JSON Lines sampling jobs (stdin → stdout)",
		run:     runBatch,
	})
}

func runBatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("batch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	inName := fs.String("i", "-", "read jobs from `file` (-: standard input)")
	outName := fs.String("o", "-", "write results to `file` (-: standard output)")
	workers := fs.Int("j", 0, fmt.Sprintf("run `n` jobs at once (0: one per CPU; at most %d)", batch.MaxWorkers))
	maxBytes := memoryFlag(fs, "the whole batch: the jobs in flight, the lines read ahead, the results waiting and the surface cache together")
	filesDir := fs.String("files", ".", "read \"file\" and \"image\" data under `dir` only (none: no file access)")
	resume := fs.String("resume", "", "append to `file`, an interrupted run's output, skipping the jobs it has results for")
	bits := fs.Bool("bits", true, "write each channel's bit pattern (\"bits\") in the results; a job's \"bits\" member overrides it")
	cacheSpec := fs.String("cache", "", "trace every job and run its texel reads through an empty texture cache model `BYTES/LINE/WAYS[/POLICY]` (such as 16KiB/64/4/lru): results get \"cache\" (lookups, hits, misses, lines, memory_bytes), the totals go to standard error")
	memtrace := fs.String("memtrace", "", "with -cache, write the lines each job's cache fetched from memory to `file`, in job order, one \"0xADDRESS R\" line each (Ramulator's memory trace)")
	const usage = "Usage: texunit batch [-i file] [-o file | -resume file] [-j n] [-max-bytes n] [-files dir] [-bits=false] [-cache spec [-memtrace file]]\n\n" +
		"Reads texture-sampling jobs as JSON Lines, one JSON object per line, runs\n" +
		"them on all CPUs and writes one result line per job, in input order. The\n" +
		"protocol is described in the documentation of package\n" +
		"github.com/texunit/texunit/batch (go doc ./batch in a checkout). A line\n" +
		"{\"define\": NAME, \"surface\": {...}} builds a surface once for the jobs\n" +
		"after it that give \"surface\": NAME; it writes no result line (a failed\n" +
		"definition is reported here, on standard error).\n\n" +
		"Limits: the batch's memory (-max-bytes) is one total; a job that needs more\n" +
		"gets an error line and the others go on. Files named by jobs are read under\n" +
		"-files only, and only regular files. Result lines are written whole, so an\n" +
		"interrupted run's output is a prefix of the results: -resume completes it.\n\n" +
		"Exit status: 0 every job ran, 1 a job or lane failed (or reading or writing\n" +
		"failed part-way), 2 usage error or unreadable input file.\n\nFlags:\n"
	if rc := parseCommandFlags(fs, args, usage, stdout, stderr); rc >= 0 {
		return rc
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "texunit batch: unexpected argument %q (see texunit batch -h)\n", fs.Arg(0))
		return 2
	}
	if *workers < 0 || *workers > batch.MaxWorkers {
		fmt.Fprintf(stderr, "texunit batch: -j %d: must be 0 (one per CPU) to %d\n", *workers, batch.MaxWorkers)
		return 2
	}
	if *resume != "" {
		if *outName != "-" && *outName != "" && *outName != *resume {
			fmt.Fprintf(stderr, "texunit batch: -o %s and -resume %s: -resume appends to its own file; give one of them\n", *outName, *resume)
			return 2
		}
		*outName = *resume
	}
	budgetBytes := budgetOf(maxBytes)
	var files *batch.Files
	switch *filesDir {
	case "none":
		files = batch.NoFiles()
	default:
		f, err := batch.OpenFiles(*filesDir)
		if err != nil {
			fmt.Fprintf(stderr, "texunit batch: -files %s: %v\n", *filesDir, err)
			return 2
		}
		defer f.Close()
		files = f
	}

	in := stdin
	if *inName != "-" && *inName != "" {
		f, err := os.Open(*inName)
		if err != nil {
			fmt.Fprintf(stderr, "texunit batch: -i: %v\n", err)
			return 2
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			fmt.Fprintf(stderr, "texunit batch: -i: %s is a directory\n", *inName)
			return 2
		}
		in = f
	}
	opts := batch.Options{Workers: *workers, MaxBytes: budgetBytes, Worker: batch.Worker{Files: files}, NoBits: !*bits,
		DefineError: func(line int, err error) { fmt.Fprintf(stderr, "texunit batch: %v\n", err) }}
	if *cacheSpec != "" {
		l1, err := texcache.ParseLevel("cache", *cacheSpec)
		if err != nil {
			fmt.Fprintf(stderr, "texunit batch: -cache: %v\n", err)
			return 2
		}
		opts.Cache = &texcache.Config{L1: l1}
	}
	if *memtrace != "" {
		if opts.Cache == nil {
			fmt.Fprintf(stderr, "texunit batch: -memtrace needs -cache (the trace is the cache's misses)\n")
			return 2
		}
		f, err := os.Create(*memtrace)
		if err != nil {
			fmt.Fprintf(stderr, "texunit batch: -memtrace: %v\n", err)
			return 2
		}
		bw := bufio.NewWriterSize(f, 1<<16)
		opts.MemTrace = bw
		defer func() {
			if err := bw.Flush(); err != nil {
				fmt.Fprintf(stderr, "texunit batch: -memtrace: %v\n", err)
			}
			f.Close()
		}()
	}
	out := stdout
	var outFile *os.File
	if *outName != "-" && *outName != "" {
		if f, ok := in.(*os.File); ok {
			// Creating the output would truncate the input before it is read.
			if ist, err1 := f.Stat(); err1 == nil {
				if ost, err2 := os.Stat(*outName); err2 == nil && os.SameFile(ist, ost) {
					fmt.Fprintf(stderr, "texunit batch: -o %s is the input file\n", *outName)
					return 2
				}
			}
		}
		var f *os.File
		var err error
		if *resume != "" {
			f, err = openResume(*resume, &opts)
		} else if f, err = os.Create(*outName); err != nil {
			err = fmt.Errorf("-o: %w", err)
		}
		if err != nil {
			fmt.Fprintf(stderr, "texunit batch: %v\n", err)
			return 2
		}
		outFile, out = f, f
	}

	var progress *batchProgress
	if isTerminal(stderr) {
		progress = &batchProgress{w: stderr}
		opts.Progress = progress.update
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	stats, err := batch.Run(ctx, in, out, opts)
	if progress != nil {
		progress.finish()
	}
	if outFile != nil {
		if cerr := outFile.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("writing output: %w", cerr)
		}
	}
	if stats.Skipped > 0 {
		fmt.Fprintf(stderr, "texunit batch: resumed: %d jobs already had results, %d ran\n", stats.Skipped, stats.Jobs)
	}
	if opts.Cache != nil {
		c := stats.Cache
		fmt.Fprintf(stderr, "texunit batch: cache %s, each job starting empty: %d line lookups, %d hits, %d misses, %d bytes from memory\n",
			opts.Cache.L1, c.L1.Lookups, c.L1.Hits, c.L1.Misses, c.MemoryBytes)
	}
	if err != nil {
		fmt.Fprintf(stderr, "texunit batch: %v (after %d jobs)\n", err, stats.Jobs)
		return 1
	}
	if !stats.OK() {
		defs := ""
		if stats.DefineErrors > 0 {
			defs = fmt.Sprintf(", %d of %d %s failed", stats.DefineErrors, stats.Definitions, plural(stats.Definitions, "definition", "definitions"))
		}
		fmt.Fprintf(stderr, "texunit batch: %d of %d jobs failed, %d lane %s%s\n", stats.Failed, stats.Jobs, stats.LaneErrors, plural(stats.LaneErrors, "error", "errors"), defs)
		return 1
	}
	return 0
}

// openResume opens an interrupted run's output for appending: the ids of
// its whole result lines go to opts.Skip, and a line cut off at its end is
// truncated away. A file that does not exist yet is created.
func openResume(name string, opts *batch.Options) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("-resume: %w", err)
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("-resume: %s is not a regular file", name)
	}
	done, valid, err := batch.Completed(f)
	if err == nil {
		err = f.Truncate(valid)
	}
	if err == nil {
		_, err = f.Seek(valid, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("-resume %s: %w", name, err)
	}
	opts.Skip = done
	return f, nil
}

// batchProgress shows the number of jobs done on a terminal, at most a few
// times a second.
type batchProgress struct {
	mu    sync.Mutex
	w     io.Writer
	last  time.Time
	shown bool
}

func (p *batchProgress) update(s batch.Stats) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if now := time.Now(); now.Sub(p.last) >= 200*time.Millisecond {
		p.last = now
		p.shown = true
		fmt.Fprintf(p.w, "\rtexunit batch: %d jobs, %d failed", s.Jobs, s.Failed)
	}
}

func (p *batchProgress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
