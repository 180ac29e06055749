package bench

import (
	"context"
	"fmt"
	"math"
	"sort"
	"sync"
	"time"

	"texunit/sampler"
	"texunit/surface"
)

// Lanes is the number of lanes per request: 64 invocations, 16 quads, the
// width of one texbench workgroup.
const Lanes = 64

// Config sets up a run.
type Config struct {
	Width, Height int // pixel grid; both even, Width·2 a multiple of Lanes (texbench: 1024×1024)
	K             int // samples per invocation (texbench: 64)
	Seed          uint32
	Reps          int // timed repetitions; the median is reported (texbench: 5)
	Engine        sampler.Engine
}

// DefaultConfig returns texbench's defaults.
func DefaultConfig() Config {
	return Config{Width: 1024, Height: 1024, K: 64, Seed: 1, Reps: 5}
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	switch {
	case c.Width < 2 || c.Width%2 != 0 || (2*c.Width)%Lanes != 0:
		return fmt.Errorf("grid width %d: want a positive multiple of %d", c.Width, Lanes/2)
	case c.Height < 2 || c.Height%2 != 0:
		return fmt.Errorf("grid height %d: want a positive even number", c.Height)
	case c.K < 1:
		return fmt.Errorf("k %d: want at least 1", c.K)
	case c.Reps < 1:
		return fmt.Errorf("reps %d: want at least 1", c.Reps)
	}
	return nil
}

// Result is one workload measured at one thread count.
type Result struct {
	Workload   string    `json:"workload"`
	Name       string    `json:"name"`
	Threads    int       `json:"threads"`
	MSamples   float64   `json:"msamples_per_s"` // samples / net time
	NetMS      float64   `json:"net_ms"`         // median sampling − median baseline
	SampleMS   float64   `json:"sample_ms"`
	BaselineMS float64   `json:"baseline_ms"`
	NsPerCore  float64   `json:"ns_per_sample_per_core"`
	Samples    int64     `json:"samples"`
	Checksum   float64   `json:"checksum"` // Σ over invocations and components of Σ_k result, as texbench's
	SampleAll  []float64 `json:"sample_ms_all"`
	Grid       [2]int    `json:"grid"`
	K          int       `json:"k"`
}

// Job is a prepared workload: its texture, sampler state and grid. Its
// passes may run concurrently.
type Job struct {
	w    *Workload
	cfg  *Config
	view surface.View
	st   sampler.State
	p    params
	gw   int // invocations per row: 2·Width
	gh   int // invocation rows: Height/2
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
	j := &Job{w: &w, cfg: &cfg, view: view, st: w.State(), p: w.params(cfg.Height), gw: 2 * cfg.Width, gh: cfg.Height / 2}
	if err := j.st.Validate(); err != nil {
		return nil, err
	}
	return j, nil
}

// Samples returns the number of samples one pass takes.
func (j *Job) Samples() int64 { return int64(j.gw) * int64(j.gh) * int64(j.cfg.K) }

// Pass runs the whole grid once over threads goroutines and returns the
// checksum. With sampling false it computes the operands and sums the
// result buffer without sampling (the baseline).
func (j *Job) Pass(ctx context.Context, threads int, sampling bool) (float64, error) {
	if threads < 1 {
		return 0, fmt.Errorf("threads %d: want at least 1", threads)
	}
	return j.pass(ctx, threads, sampling)
}

// Run measures workload w with the given number of threads (goroutines,
// each running whole 64-lane requests over its share of the invocation
// rows). Like texbench it times the sampling pass and a baseline pass that
// computes the same operands without sampling, and reports the difference.
func Run(ctx context.Context, w Workload, threads int, cfg Config) (*Result, error) {
	if threads < 1 {
		return nil, fmt.Errorf("threads %d: want at least 1", threads)
	}
	j, err := Prepare(w, cfg)
	if err != nil {
		return nil, err
	}
	// Warm-up (and the checksum): one untimed sampling pass.
	sum, err := j.pass(ctx, threads, true)
	if err != nil {
		return nil, err
	}
	res := &Result{Workload: w.ID, Name: w.Name, Threads: threads, Checksum: sum, Grid: [2]int{cfg.Width, cfg.Height}, K: cfg.K}
	var samp, base []float64
	for r := 0; r < cfg.Reps; r++ {
		for _, sampling := range []bool{true, false} {
			t0 := time.Now()
			if _, err := j.pass(ctx, threads, sampling); err != nil {
				return nil, err
			}
			ms := float64(time.Since(t0).Nanoseconds()) / 1e6
			if sampling {
				samp = append(samp, ms)
			} else {
				base = append(base, ms)
			}
		}
	}
	res.SampleAll = samp
	res.SampleMS, res.BaselineMS = median(samp), median(base)
	res.NetMS = math.Max(res.SampleMS-res.BaselineMS, 1e-6)
	res.Samples = j.Samples()
	res.MSamples = float64(res.Samples) / (res.NetMS * 1e-3) / 1e6
	res.NsPerCore = float64(threads) * 1e3 / res.MSamples
	return res, nil
}

func median(x []float64) float64 {
	s := append([]float64(nil), x...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// pass runs the whole grid once, splitting the invocation rows over
// threads, and returns the checksum. With sampling false it computes the
// operands and sums the result buffer without sampling (the baseline).
func (j *Job) pass(ctx context.Context, threads int, sampling bool) (float64, error) {
	sums := make([]float64, threads)
	errs := make([]error, threads)
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		lo, hi := j.gh*t/threads, j.gh*(t+1)/threads
		wg.Go(func() { sums[t], errs[t] = j.rows(ctx, lo, hi, sampling) })
	}
	wg.Wait()
	total := 0.0
	for t := range threads {
		if errs[t] != nil {
			return 0, errs[t]
		}
		total += sums[t]
	}
	return total, nil
}

// worker holds one goroutine's request, result and accumulators.
type worker struct {
	req sampler.Request
	res sampler.Result
	acc [4][Lanes]float32
}

func (j *Job) newWorker() *worker {
	wk := &worker{}
	r := &wk.req
	r.Op, r.Lanes = j.w.Op(), Lanes
	f := func() []float32 { return make([]float32, Lanes) }
	for c := range wk.res.Bits { // the baseline pass sums them as they are
		wk.res.Bits[c] = make([]uint32, Lanes)
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
		r.Texel[0], r.Texel[1] = make([]int32, Lanes), make([]int32, Lanes)
	}
	return wk
}

// rows runs invocation rows lo..hi−1.
func (j *Job) rows(ctx context.Context, lo, hi int, sampling bool) (float64, error) {
	wk := j.newWorker()
	sum := 0.0
	for gy := lo; gy < hi; gy++ {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		for gx0 := 0; gx0 < j.gw; gx0 += Lanes {
			wk.acc = [4][Lanes]float32{}
			for k := 0; k < j.cfg.K; k++ {
				j.p.fill(j.w, &wk.req, gx0, gy, k)
				if sampling {
					if err := j.cfg.Engine.Execute(j.view, &j.st, &wk.req, &wk.res); err != nil {
						return 0, fmt.Errorf("%s: %w", j.w.ID, err)
					}
					if wk.res.LaneErr != nil {
						for i, e := range wk.res.LaneErr {
							if e != nil {
								return 0, fmt.Errorf("%s: lane %d: %w", j.w.ID, i, e)
							}
						}
					}
				}
				// Both passes sum the result's four components, as
				// texbench's sampling and baseline shaders both sum a vec4
				// (the baseline's from a few operations on the operands;
				// here the result buffer, which only the sampling pass
				// writes), so the net time is the requests' alone.
				for c := 0; c < 4; c++ {
					bits := wk.res.Bits[c][:Lanes]
					if j.w.Kind == KindShadow {
						bits = wk.res.Bits[0][:Lanes] // vec4(float): the compare result in every component
					}
					acc := &wk.acc[c]
					for i, b := range bits {
						acc[i] += math.Float32frombits(b)
					}
				}
			}
			for c := 0; c < 4; c++ {
				for i := 0; i < Lanes; i++ {
					sum += float64(wk.acc[c][i])
				}
			}
		}
	}
	return sum, nil
}
