package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Lanes is the number of lanes per request: 64 invocations, 16 quads, the
// width of one texbench workgroup.
const Lanes = 64

// ChunkRequests is the largest number of requests a worker builds before it
// executes them: their operands are computed first, outside the timed
// region, then Engine.Execute runs over all of them between two clock
// readings, then their results are summed, outside it again. A chunk holds
// at most 64·3.5 KB (operands and result channels; the sampler's working
// set is the worker's one Result's), so it stays in a core's L2.
const ChunkRequests = 64

// ChunkTime is the time a chunk's requests aim at: Run sizes the chunks
// from the warm-up's time per request, 1 to ChunkRequests requests. Long
// enough that the clock readings (about 50 ns a pair) weigh under 0.5 %,
// short enough that a preemption or a stolen time slice (milliseconds)
// falls in few chunks, which the steady figure leaves out (Result.Steady).
const ChunkTime = 20 * time.Microsecond

// maxSegments bounds the chunk times a worker keeps per pass for the
// steady figure: on a grid with more chunks, each entry sums the times of
// a run of consecutive chunks.
const maxSegments = 1 << 16

// MinMeasurableMS is the shortest Execute time per pass, in milliseconds,
// that a Result does not flag as TooShort: below it the clock readings
// (one pair per chunk, about 50 ns) and a single preemption weigh on the
// figure.
const MinMeasurableMS = 2.0

// Config sets up a run.
type Config struct {
	Width, Height int // pixel grid; both even, Width·2 a multiple of Lanes (texbench: 1024×1024)
	K             int // samples per invocation (texbench: 64)
	Seed          uint32
	Reps          int // timed repetitions; the median is reported (texbench: 5)
	Engine        sampler.Engine
	// Progress, if not nil, is called now and then during Run, from one
	// goroutine at a time, with the share of the run done (0..1).
	Progress func(done float64)
}

// TexbenchConfig returns texbench's defaults: 1024×1024 pixels, K = 64,
// five repetitions, seed 1.
func TexbenchConfig() Config {
	return Config{Width: 1024, Height: 1024, K: 64, Seed: 1, Reps: 5}
}

// DefaultConfig returns the bench's defaults: texbench's K, seed and
// repetitions on a 256×256 grid (4.2 M samples per pass), on which the
// whole table (W1–W10, one thread and all cores) takes about a minute with
// the default build on texbench's 2-core machine. The figures are
// per-sample throughputs, so a larger grid gives the same ones (texbench's
// grid is TexbenchConfig).
func DefaultConfig() Config {
	c := TexbenchConfig()
	c.Width, c.Height = 256, 256
	return c
}

// Limits of a configuration: texbench's own grid limit (its dispatch is
// at most 65535 invocation rows), and K and repetitions far beyond any
// useful run, so that every count fits an int on every platform.
const (
	MaxGrid = 65536
	MaxK    = 1 << 16
	MaxReps = 1000
)

// Validate checks the configuration.
func (c *Config) Validate() error {
	switch {
	case c.Width < 2 || c.Width%2 != 0 || (2*c.Width)%Lanes != 0 || c.Width > MaxGrid:
		return fmt.Errorf("grid width %d: want a positive multiple of %d up to %d", c.Width, Lanes/2, MaxGrid)
	case c.Height < 2 || c.Height%2 != 0 || c.Height > MaxGrid:
		return fmt.Errorf("grid height %d: want a positive even number up to %d", c.Height, MaxGrid)
	case c.K < 1 || c.K > MaxK:
		return fmt.Errorf("k %d: want 1..%d", c.K, MaxK)
	case c.Reps < 1 || c.Reps > MaxReps:
		return fmt.Errorf("reps %d: want 1..%d", c.Reps, MaxReps)
	}
	return nil
}

// Result is one workload measured at one thread count.
//
// The figure is the time spent in Engine.Execute itself: each worker times
// its calls a chunk of requests at a time (ChunkRequests) and the pass's
// time is its slowest worker's (they split the grid evenly, as a dispatch
// is as slow as its slowest thread). The operands are built and the results
// summed outside that time, so no baseline is subtracted (texbench
// subtracts a baseline shader's time because it cannot time the texture
// instructions alone).
type Result struct {
	Workload string    `json:"workload"`
	Name     string    `json:"name"`
	Threads  int       `json:"threads"`
	MSamples float64   `json:"msamples_per_s"`      // samples / median net time
	Best     float64   `json:"msamples_per_s_best"` // samples / shortest net time
	NetMS    float64   `json:"net_ms"`              // median over repetitions of the time in Execute per pass
	NetMin   float64   `json:"net_ms_min"`
	NetMax   float64   `json:"net_ms_max"`
	NetAll   []float64 `json:"net_ms_all"`
	Spread   float64   `json:"spread"`  // (max − min) / median of the net times, as texbench's spread
	PassMS   float64   `json:"pass_ms"` // median wall time of a whole pass: operands, Execute and sums
	// Steady is M samples/s from SteadyMS: the slowest goroutine's sum
	// over its chunks of each chunk's median time over the repetitions.
	// A preemption or a stolen time slice lengthens the chunks it falls in,
	// in one repetition; the median leaves it out, so Steady is what the
	// requests cost when they run, while MSamples, as texbench's figure,
	// also counts what the machine's other load took. On a quiet machine
	// the two agree.
	Steady    float64 `json:"msamples_per_s_steady"`
	SteadyMS  float64 `json:"steady_ms"`
	NsPerCore float64 `json:"ns_per_sample_per_core"`
	Samples   int64   `json:"samples"`
	Checksum  float64 `json:"checksum"` // Σ over invocations and components of Σ_k result, as texbench's
	Stable    bool    `json:"stable"`   // every pass gave the same checksum
	TooShort  bool    `json:"too_short,omitempty"`
	Grid      [2]int  `json:"grid"`
	K         int     `json:"k"`
	Reps      int     `json:"reps"`
	Chunk     int     `json:"chunk_requests"` // requests per timed chunk
}

// Job is a prepared workload: its texture, sampler state and grid. It keeps
// one worker (requests, results) per thread across passes; one pass runs at
// a time.
type Job struct {
	w       *Workload
	cfg     *Config
	view    surface.View
	st      sampler.State
	p       params
	gw      int // invocations per row: 2·Width
	gh      int // invocation rows: Height/2
	chunk   int // requests per chunk, 1..ChunkRequests
	workers []*worker
}

// Prepare builds workload w's texture and state for the configuration.
func Prepare(w Workload, cfg Config) (*Job, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	view, err := w.Surface(cfg.Seed)
	if err != nil {
		return nil, fmt.Errorf("%s: texture: %w", w.ID, err)
	}
	j := &Job{w: &w, cfg: &cfg, view: view, st: w.State(), p: w.params(cfg.Height), gw: 2 * cfg.Width, gh: cfg.Height / 2, chunk: ChunkRequests}
	if err := j.st.Validate(); err != nil {
		return nil, err
	}
	return j, nil
}

// Samples returns the number of samples one pass takes.
func (j *Job) Samples() int64 { return int64(j.gw) * int64(j.gh) * int64(j.cfg.K) }

// PassStats is what one pass measured.
type PassStats struct {
	Checksum float64
	// Execute is the time the slowest goroutine spent in Engine.Execute
	// (zero for a pass without sampling).
	Execute time.Duration
	// Wall is the wall time of the whole pass.
	Wall time.Duration
}

// Pass runs the whole grid once over threads goroutines. With sampling
// false it builds the operands and sums the result channels without
// sampling (the cost of the harness around the requests: what texbench's
// baseline shader measures).
func (j *Job) Pass(ctx context.Context, threads int, sampling bool) (PassStats, error) {
	if threads < 1 {
		return PassStats{}, fmt.Errorf("threads %d: want at least 1", threads)
	}
	return j.pass(ctx, threads, sampling, 1, nil)
}

// Run measures workload w with the given number of threads (goroutines,
// each running whole 64-lane requests over its share of the invocation
// rows): a short warm-up, then cfg.Reps timed passes over the grid, each
// timing Engine.Execute alone (see Result).
func Run(ctx context.Context, w Workload, threads int, cfg Config) (*Result, error) {
	if threads < 1 {
		return nil, fmt.Errorf("threads %d: want at least 1", threads)
	}
	j, err := Prepare(w, cfg)
	if err != nil {
		return nil, err
	}
	// The warm-up runs the first sixteenth of every goroutine's rows (the
	// set-up cache, each Result's working set, the caches and the branch
	// predictors); it counts as one sixteenth of a pass in the progress.
	const warm = 1.0 / 16
	passes := warm + float64(cfg.Reps)
	report := func(before, weight float64) func(float64) {
		if cfg.Progress == nil {
			return nil
		}
		return func(done float64) { cfg.Progress((before + weight*done) / passes) }
	}
	if _, err := j.pass(ctx, threads, true, warm, report(0, warm)); err != nil {
		return nil, err
	}
	// The chunks' size, from the first goroutine's time per request.
	if wk := j.workers[0]; wk.requests > 0 {
		perRequest := max(wk.exec/time.Duration(wk.requests), 1)
		j.chunk = int(min(max(ChunkTime/perRequest, 1), ChunkRequests))
	}
	res := &Result{Workload: w.ID, Name: w.Name, Threads: threads, Grid: [2]int{cfg.Width, cfg.Height}, K: cfg.K, Reps: cfg.Reps,
		Samples: j.Samples(), Stable: true, Chunk: j.chunk}
	var wall []float64
	chunks := make([][][]time.Duration, threads) // [thread][repetition][chunk]
	for r := 0; r < cfg.Reps; r++ {
		ps, err := j.pass(ctx, threads, true, 1, report(warm+float64(r), 1))
		if err != nil {
			return nil, err
		}
		for t := range threads {
			chunks[t] = append(chunks[t], slices.Clone(j.workers[t].segs))
		}
		if r == 0 {
			res.Checksum = ps.Checksum
		} else if math.Float64bits(ps.Checksum) != math.Float64bits(res.Checksum) {
			res.Stable = false
		}
		res.NetAll = append(res.NetAll, ms(ps.Execute))
		wall = append(wall, ms(ps.Wall))
	}
	if cfg.Progress != nil {
		cfg.Progress(1)
	}
	res.NetMS, res.PassMS = median(res.NetAll), median(wall)
	res.NetMin, res.NetMax = slices.Min(res.NetAll), slices.Max(res.NetAll)
	res.MSamples, res.Best = rate(res.Samples, res.NetMS), rate(res.Samples, res.NetMin)
	res.SteadyMS = ms(steady(chunks))
	res.Steady = rate(res.Samples, res.SteadyMS)
	if res.NetMS > 0 {
		res.Spread = (res.NetMax - res.NetMin) / res.NetMS
		res.NsPerCore = float64(threads) * res.NetMS * 1e6 / float64(res.Samples)
	}
	res.TooShort = res.NetMS < MinMeasurableMS
	return res, nil
}

// steady returns the largest over threads of the sum over chunks of the
// chunk's median time over the repetitions: chunks[thread][rep][chunk]
// (or runs of chunks: maxSegments).
func steady(chunks [][][]time.Duration) time.Duration {
	var worst time.Duration
	for _, reps := range chunks {
		var sum time.Duration
		col := make([]time.Duration, len(reps))
		for c := range reps[0] {
			for r := range reps {
				col[r] = reps[r][c]
			}
			slices.Sort(col)
			n := len(col)
			if n%2 == 1 {
				sum += col[n/2]
			} else {
				sum += (col[n/2-1] + col[n/2]) / 2
			}
		}
		worst = max(worst, sum)
	}
	return worst
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// rate returns M samples/s for n samples in t ms; 0 where t is not positive.
func rate(n int64, t float64) float64 {
	if !(t > 0) {
		return 0
	}
	return float64(n) / (t * 1e-3) / 1e6
}

func median(x []float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// pass runs a share (0..1] of each goroutine's rows: the whole grid for 1.
// The invocation rows are split evenly over threads; progress, if not nil,
// is called by the first goroutine with its share of the pass done.
func (j *Job) pass(ctx context.Context, threads int, sampling bool, share float64, progress func(float64)) (PassStats, error) {
	for len(j.workers) < threads {
		j.workers = append(j.workers, j.newWorker())
	}
	sums := make([]float64, threads)
	errs := make([]error, threads)
	var wg sync.WaitGroup
	t0 := time.Now()
	for t := 0; t < threads; t++ {
		lo, hi := j.gh*t/threads, j.gh*(t+1)/threads
		if share < 1 {
			hi = lo + max(1, int(math.Ceil(float64(hi-lo)*share)))
		}
		wk := j.workers[t]
		wk.exec, wk.requests, wk.chunks = 0, 0, 0
		nc := ((hi-lo)*(j.gw/Lanes)*j.cfg.K + j.chunk - 1) / j.chunk
		wk.stride = max(1, (nc+maxSegments-1)/maxSegments)
		ns := (nc + wk.stride - 1) / wk.stride
		switch {
		case ns <= len(wk.segMem):
			wk.segs = wk.segMem[:ns]
		case ns <= cap(wk.segs) && cap(wk.segs) > len(wk.segMem):
			wk.segs = wk.segs[:ns]
		default:
			wk.segs = make([]time.Duration, ns, max(ns, ownPages/8+1))
		}
		clear(wk.segs)
		var pr func(float64)
		if t == 0 {
			pr = progress
		}
		wg.Go(func() { sums[t], errs[t] = j.rows(ctx, wk, lo, hi, sampling, pr) })
	}
	wg.Wait()
	st := PassStats{Wall: time.Since(t0)}
	for t := range threads {
		if errs[t] != nil {
			return PassStats{}, errs[t]
		}
		st.Checksum += sums[t]
		st.Execute = max(st.Execute, j.workers[t].exec)
	}
	return st, nil
}

// worker holds one goroutine's chunk of requests with their result
// channels, the Result that executes them, and the accumulators.
//
// Everything a goroutine writes while it runs its rows (the requests and
// their operands, the result channels, the Result and its residency flags,
// the accumulators, the chunk times) lies in three allocations of its
// worker's, each larger than the Go allocator's largest size class (32 KB),
// so each has pages of its own (a span, page-aligned, that holds no other
// object: TestWorkersApart): the worker itself, reqs and mem. Allocated as
// many small objects, as they were until session 15, the two workers'
// operand and result slices and structs shared 4 KB pages, and the
// goroutine with the higher-addressed worker spent 14–28 % more time in
// Execute on W5, W7 and W8 than the other did on the same requests (the
// cost followed the worker, not the rows, and came and went with an 8-byte
// change to the struct), though no cache line was written by both:
// presumably the prefetchers drew one core's neighbouring lines into the
// other. It is a cost of where the bench put its memory, not of Execute
// (a program pays it only where its goroutines' requests and Results lie
// side by side), so the bench keeps the workers apart. What it times is
// unchanged: Engine.Execute over whole 64-lane requests built outside the
// timed region, on the one Engine the goroutines share.
type worker struct {
	reqs []sampler.Request
	bits [ChunkRequests][4][]uint32 // bits[i]: request i's result channels
	res  sampler.Result
	acc  [4][Lanes]float32
	exec time.Duration // time in Execute during the current pass
	// requests counts the requests executed in the current pass.
	requests int
	// segs[i] is the time in Execute of chunk i of the current pass, or
	// of chunks i·stride to (i+1)·stride − 1: segMem while it is long
	// enough, a slice of its own pages beyond (pass).
	segs   []time.Duration
	stride int
	chunks int // chunks executed in the current pass

	// The memory behind the slices above. mem holds each request's
	// result channels and then its operands (at most nine float operands,
	// KindCubeGrad's, or two texel coordinates), blocks of 64 four-byte
	// lanes, one request after another, as they lay when each was a small
	// allocation of its own (one goroutine runs as fast as it did then;
	// the requests and mem inside the worker made W8 about 10 % slower).
	mem      [][Lanes]uint32
	resident [Lanes]bool
	segMem   [segMemLen]time.Duration
}

// maxFloatOperands is the most float operand slices a workload's request
// reads: KindCubeGrad's three coordinates and six derivatives.
const maxFloatOperands = 9

// segMemLen is the chunk times a worker keeps in itself: a 512×512 pass's
// chunks over two goroutines of the fastest workloads, and beyond that
// segments of pages of their own (ownPages).
const segMemLen = 4096

// ownPages is the least bytes of an allocation that the Go allocator
// gives pages of its own: one more than its largest size class.
const ownPages = 32<<10 + 1

func (j *Job) newWorker() *worker {
	wk := new(worker)
	wk.reqs = make([]sampler.Request, ChunkRequests)
	wk.mem = make([][Lanes]uint32, ChunkRequests*(4+maxFloatOperands))
	wk.res.Resident = wk.resident[:0]
	next := 0
	block := func() *[Lanes]uint32 { next++; return &wk.mem[next-1] }
	// Float and texel operands take blocks as their own types (the same
	// size and alignment, no pointers).
	f := func() []float32 { return unsafe.Slice((*float32)(unsafe.Pointer(block())), Lanes) }
	i := func() []int32 { return unsafe.Slice((*int32)(unsafe.Pointer(block())), Lanes) }
	for n := range wk.reqs {
		r := &wk.reqs[n]
		r.Op, r.Lanes = j.w.Op(), Lanes
		for c := range wk.bits[n] { // a pass without sampling sums them as they are
			wk.bits[n][c] = block()[:]
		}
		switch j.w.Kind {
		case KindLod:
			r.Coord[0], r.Coord[1], r.Lod = f(), f(), f()
		case KindGather:
			r.Coord[0], r.Coord[1] = f(), f()
		case KindGrad:
			r.Coord[0], r.Coord[1] = f(), f()
			r.DDX[0], r.DDX[1], r.DDY[0], r.DDY[1] = f(), f(), f(), f()
		case KindShadow:
			r.Coord[0], r.Coord[1], r.Lod, r.Ref = f(), f(), f(), f()
		case KindCubeGrad:
			for c := 0; c < 3; c++ {
				r.Coord[c], r.DDX[c], r.DDY[c] = f(), f(), f()
			}
		case KindFetch:
			r.Texel[0], r.Texel[1] = i(), i()
		}
	}
	return wk
}

// rows runs invocation rows lo..hi−1: their requests, in the order
// (row, 64-invocation group, k), j.chunk at a time.
func (j *Job) rows(ctx context.Context, wk *worker, lo, hi int, sampling bool, progress func(float64)) (float64, error) {
	K := j.cfg.K
	sum := 0.0
	gy, gx0, k := lo, 0, 0 // the next request to build
	total := (hi - lo) * (j.gw / Lanes) * K
	lastRow := gy
	for done := 0; done < total; {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		n := min(j.chunk, total-done)
		for i := range n {
			j.p.fill(j.w, &wk.reqs[i], gx0, gy, k)
			if k++; k == K {
				k = 0
				if gx0 += Lanes; gx0 == j.gw {
					gx0 = 0
					gy++
				}
			}
		}
		if sampling {
			if err := wk.execute(j, n); err != nil {
				return 0, err
			}
		}
		// Sum the results in the order the requests were built: each
		// invocation's K samples into its float32 accumulator, as
		// texbench's shader does, then the accumulators into the
		// checksum, a group of invocations at a time. Both passes sum the
		// four components (the shadow workload's one compare result four
		// times: vec4(float)), as texbench's sampling and baseline shaders
		// both sum a vec4.
		for i := range n {
			bits := &wk.bits[i]
			for c := 0; c < 4; c++ {
				src := bits[c][:Lanes]
				if j.w.Kind == KindShadow {
					src = bits[0][:Lanes]
				}
				acc := &wk.acc[c]
				for l, b := range src {
					acc[l] += math.Float32frombits(b)
				}
			}
			if (done+i+1)%K == 0 { // the group's last sample
				for c := 0; c < 4; c++ {
					for l := 0; l < Lanes; l++ {
						sum += float64(wk.acc[c][l])
					}
				}
				wk.acc = [4][Lanes]float32{}
			}
		}
		done += n
		if progress != nil && gy != lastRow {
			lastRow = gy
			progress(float64(done) / float64(total))
		}
	}
	return sum, nil
}

// execute runs requests 0..n−1 of the chunk through the engine and adds the
// time to wk.exec. One Result executes them all (so the sampler's working
// set is one); each request's result channels are swapped in before and
// taken back after, which costs a few stores.
func (wk *worker) execute(j *Job, n int) error {
	var err error
	bad := -1
	// The loop's invariants in locals first: the view is then copied once
	// a call (into Execute's arguments), not twice through a temporary,
	// and nothing is loaded again through j and wk.
	eng, view, st, res, reqs, bits := &j.cfg.Engine, j.view, &j.st, &wk.res, wk.reqs[:n], wk.bits[:n]
	t0 := time.Now()
	for i := range reqs {
		res.Bits = bits[i]
		err = eng.Execute(view, st, &reqs[i], res)
		bits[i] = res.Bits
		if err != nil || res.LaneErr != nil {
			bad = i
			break
		}
	}
	d := time.Since(t0)
	wk.exec += d
	wk.requests += n
	wk.segs[wk.chunks/wk.stride] += d
	wk.chunks++
	if bad < 0 {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", j.w.ID, err)
	}
	for l, e := range wk.res.LaneErr {
		if e != nil {
			return fmt.Errorf("%s: lane %d: %w", j.w.ID, l, e)
		}
	}
	return fmt.Errorf("%s: %w", j.w.ID, errors.New("lane error"))
}
