package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/texunit/texunit/bench"
)

func init() {
	register(command{name: "bench", summary: "run texbench's ten throughput workloads on texunit (and on lavapipe)", run: runBench})
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("bench", flag.ContinueOnError)
	fset.SetOutput(stderr)
	def := bench.DefaultConfig()
	tb := bench.TexbenchConfig()
	workloads := fset.String("workloads", "", "comma-separated `list` of workloads (W1..W10 or names; default all)")
	threadsFlag := fset.String("threads", "", "comma-separated `list` of thread counts (default 1 and all cores)")
	asJSON := fset.Bool("json", false, "print one JSON object per line")
	against := fset.String("against", "", "run the texbench binary at `PATH` in the same invocation and print texunit/lavapipe")
	grid := fset.String("grid", fmt.Sprintf("%dx%d", def.Width, def.Height), fmt.Sprintf("pixel grid `WxH` (texbench's -s; texbench's default is %dx%d)", tb.Width, tb.Height))
	k := fset.Int("k", def.K, "samples per invocation (texbench's -K)")
	reps := fset.Int("reps", def.Reps, "timed repetitions, median reported (texbench's -r)")
	seed := fset.Uint("seed", uint(def.Seed), "texel data seed (texbench's -S)")
	list := fset.Bool("l", false, "list the workloads and exit")
	cpuprofile := fset.String("cpuprofile", "", "write a CPU profile of the texunit runs to `FILE` (go tool pprof; cmd/texunit/default.pgo is one)")
	roundsFlag := fset.Int("rounds", 1, "measure each row `N` times, texbench and texunit in turn with -against, and print the round with the median ratio (or figure) and the rounds' range")
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "Usage: texunit bench [-workloads W1,W4] [-threads 1,2] [-json] [-against PATH] [-rounds N] [-grid WxH] [-k N] [-reps N] [-seed S] [-cpuprofile FILE] [-l]\n\n"+
			"Runs the ten workloads of ../shared/oracle/texbench (BENCH.md) on texunit through whole\n"+
			"64-lane requests and prints M samples/s per workload and thread count. With -against it\n"+
			"runs texbench too, row by row just before texunit's run of the same row (so that the\n"+
			"two meet the same machine), and prints the ratio texunit/lavapipe. -rounds N measures\n"+
			"each row N times in turn and prints the round whose ratio (without -against, whose\n"+
			"figure) is the median, and the rounds' range: on a shared host single runs move by\n"+
			"10-30%%, pairs of runs seconds apart much less.\n\n"+
			"The figure is the time spent in Engine.Execute: each goroutine builds the operands of\n"+
			"a chunk of requests (up to %d, about %v of sampling), times Execute over them and sums\n"+
			"their results, chunk after chunk, and a pass's time is its slowest goroutine's.\n"+
			"Msamples/s is from the median pass. \"spread\" is (max - min) / median of the passes'\n"+
			"times and \"best\" the figure from the fastest, as texbench prints them. \"steady\" sums\n"+
			"each chunk's median time over the passes: a preemption or a stolen time slice falls in\n"+
			"one pass and is left out, so it shows what the requests cost when they run; a median\n"+
			"figure more than 10%% below it is flagged (the machine was busy). A median time under\n"+
			"%g ms is flagged as too short to measure. The default grid runs the whole table in\n"+
			"about a minute on a 2-core machine; progress goes to stderr when it is a terminal.\n\n"+
			"Flags:\n", bench.ChunkRequests, bench.ChunkTime, bench.MinMeasurableMS)
		fset.SetOutput(w)
		fset.PrintDefaults()
	}
	// The flag package prints its parse errors; the usage text goes to
	// stdout for -h and to stderr after an error.
	fset.Usage = func() {}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return 0
		}
		usage(stderr)
		return 2
	}
	if fset.NArg() > 0 {
		fmt.Fprintf(stderr, "bench: unexpected argument %q\n", fset.Arg(0))
		return 2
	}
	if *list {
		for _, w := range bench.Workloads() {
			fmt.Fprintf(stdout, "%-3s %-17s %s\n", w.ID, w.Name, w.Desc)
		}
		return 0
	}
	ws, err := bench.Select(*workloads)
	if err != nil {
		fmt.Fprintf(stderr, "bench: -workloads: %v\n", err)
		return 2
	}
	threads, err := parseThreads(*threadsFlag)
	if err != nil {
		fmt.Fprintf(stderr, "bench: -threads: %v\n", err)
		return 2
	}
	cfg := def
	if _, err := fmt.Sscanf(*grid, "%dx%d", &cfg.Width, &cfg.Height); err != nil {
		fmt.Fprintf(stderr, "bench: -grid: %q is not WxH\n", *grid)
		return 2
	}
	if *roundsFlag < 1 || *roundsFlag > 100 {
		fmt.Fprintf(stderr, "bench: -rounds: %d is out of range (1..100)\n", *roundsFlag)
		return 2
	}
	cfg.K, cfg.Reps, cfg.Seed = *k, *reps, uint32(*seed)
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	if *against != "" {
		if err := checkExecutable(*against); err != nil {
			fmt.Fprintf(stderr, "bench: -against: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "bench: running %s before texunit on each row (%d %s): -j -p unset -w <row> -T <threads> -s %dx%d -K %d -r %d -S %d\n",
			*against, *roundsFlag, plural(*roundsFlag, "round", "rounds"), cfg.Width, cfg.Height, cfg.K, cfg.Reps, cfg.Seed)
	}
	var progress *benchProgress
	if isTerminal(stderr) {
		progress = &benchProgress{w: stderr, start: time.Now()}
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "grid %dx%d, K=%d: %.3g M samples per pass; median of %d passes (time in Engine.Execute); GOMAXPROCS %d\n",
			cfg.Width, cfg.Height, cfg.K, float64(2*cfg.Width)*float64(cfg.Height/2)*float64(cfg.K)/1e6, cfg.Reps, runtime.GOMAXPROCS(0))
		fmt.Fprintf(stdout, "%-20s %7s %10s %7s %10s %10s %9s %14s %-19s", "workload", "threads", "Msamples/s", "spread", "best", "steady", "net ms", "ns/sample/core", "checksum")
		if *against != "" {
			fmt.Fprintf(stdout, " %10s %7s %6s %9s", "lavapipe", "spread", "ratio", "Δchecksum")
		}
		fmt.Fprintln(stdout, "  notes")
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "bench: -cpuprofile: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "bench: -cpuprofile: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	enc := json.NewEncoder(stdout)
	rows, row := len(ws)*len(threads), 0
	for _, w := range ws {
		for _, t := range threads {
			c := cfg
			if progress != nil {
				label := fmt.Sprintf("%s %s, %d %s (row %d of %d)", w.ID, w.Name, t, plural(t, "thread", "threads"), row+1, rows)
				c.Progress = func(done float64) { progress.update(label, done) }
			}
			m, err := measureRow(ctx, w, t, c, *against, *roundsFlag, stderr)
			row++
			progress.clear()
			if err != nil {
				fmt.Fprintf(stderr, "bench: %v\n", err)
				return 1
			}
			r, ref, haveRef := m.r, m.ref, m.haveRef
			var notes []string
			if note := m.roundsNote(); note != "" {
				notes = append(notes, note)
			}
			if r.TooShort {
				notes = append(notes, fmt.Sprintf("too short to measure (net < %g ms: raise -grid or -k)", bench.MinMeasurableMS))
			}
			if !r.TooShort && r.MSamples < 0.9*r.Steady {
				notes = append(notes, fmt.Sprintf("busy machine: the median is %.0f%% below steady", 100*(1-r.MSamples/r.Steady)))
			}
			if !r.Stable {
				notes = append(notes, "UNSTABLE (the checksum changed between passes)")
			}
			refOK := haveRef && ref.measurable()
			if haveRef && !refOK {
				notes = append(notes, fmt.Sprintf("lavapipe's net time %.3g ms is too short to measure", ref.NetMS))
			}
			if *asJSON {
				out := struct {
					*bench.Result
					Lavapipe *float64 `json:"lavapipe_msamples_per_s,omitempty"`
					Ratio    *float64 `json:"ratio,omitempty"`
					// Rounds, RoundMSamples and RoundRatios are -rounds' (more
					// than one): each round's figure and ratio, in order; the
					// row is the round with the median ratio (or figure).
					Rounds        int       `json:"rounds,omitempty"`
					RoundMSamples []float64 `json:"round_msamples_per_s,omitempty"`
					RoundRatios   []float64 `json:"round_ratios,omitempty"`
					// LavapipeChecksum is texbench's checksum, which agrees with
					// texunit's within lavapipe's deviations (bench.TestChecksumsMatchTexbench).
					LavapipeChecksum *float64 `json:"lavapipe_checksum,omitempty"`
					Notes            []string `json:"notes,omitempty"`
				}{Result: r, Notes: notes}
				if len(m.figures) > 1 {
					out.Rounds, out.RoundMSamples, out.RoundRatios = len(m.figures), m.figures, m.ratios
				}
				if haveRef {
					out.LavapipeChecksum = &ref.Checksum
				}
				if refOK {
					out.Lavapipe = &ref.MSamples
					if !r.TooShort {
						ratio := r.MSamples / ref.MSamples
						out.Ratio = &ratio
					}
				}
				if err := enc.Encode(&out); err != nil {
					fmt.Fprintf(stderr, "bench: %v\n", err)
					return 1
				}
				continue
			}
			fmt.Fprintf(stdout, "%-20s %7d %10s %6.1f%% %10s %10s %9.2f %14s %-19.12e", w.ID+" "+w.Name, t, figure(r.MSamples, r.TooShort),
				100*r.Spread, figure(r.Best, r.TooShort), figure(r.Steady, r.TooShort), r.NetMS, figure(r.NsPerCore, r.TooShort), r.Checksum)
			if *against != "" {
				switch {
				case !haveRef:
					fmt.Fprintf(stdout, " %10s %7s %6s %9s", "-", "-", "-", "-")
				case !refOK:
					fmt.Fprintf(stdout, " %10s %6.1f%% %6s", "?", 100*ref.Spread, "-")
				case r.TooShort:
					fmt.Fprintf(stdout, " %10.1f %6.1f%% %6s", ref.MSamples, 100*ref.Spread, "-")
				default:
					fmt.Fprintf(stdout, " %10.1f %6.1f%% %6.3f", ref.MSamples, 100*ref.Spread, r.MSamples/ref.MSamples)
				}
				if haveRef && ref.Checksum != 0 {
					fmt.Fprintf(stdout, " %+9.1e", (r.Checksum-ref.Checksum)/ref.Checksum)
				} else if haveRef {
					fmt.Fprintf(stdout, " %9s", "-")
				}
			}
			if len(notes) > 0 {
				fmt.Fprintf(stdout, "  %s", strings.Join(notes, "; "))
			}
			fmt.Fprintln(stdout)
		}
	}
	return 0
}

// benchRow is one row of the table: the round shown (r, and texbench's
// ref where it has one) and, over -rounds, every round's texunit figure
// and ratio (where both were measurable).
type benchRow struct {
	r       *bench.Result
	ref     texbenchResult
	haveRef bool
	figures []float64
	ratios  []float64
}

// measureRow measures workload w with t threads rounds times, each round
// texbench's run of the row (with against) straight before texunit's, and
// keeps the round whose ratio is the median (the lower of the two middle
// ones for an even count), or whose figure is where there is no ratio.
func measureRow(ctx context.Context, w bench.Workload, t int, cfg bench.Config, against string, rounds int, stderr io.Writer) (benchRow, error) {
	type round struct {
		r       *bench.Result
		ref     texbenchResult
		haveRef bool
		ratio   float64 // 0: none
	}
	var rs []round
	var row benchRow
	for range rounds {
		var rd round
		if against != "" {
			lp, err := runTexbench(ctx, against, []bench.Workload{w}, []int{t}, cfg, stderr)
			if err != nil {
				return row, fmt.Errorf("-against: %w", err)
			}
			rd.ref, rd.haveRef = lp[benchKey{w.ID, t}]
		}
		r, err := bench.Run(ctx, w, t, cfg)
		if err != nil {
			return row, err
		}
		rd.r = r
		if rd.haveRef && rd.ref.measurable() && !r.TooShort {
			rd.ratio = r.MSamples / rd.ref.MSamples
			row.ratios = append(row.ratios, rd.ratio)
		}
		row.figures = append(row.figures, r.MSamples)
		rs = append(rs, rd)
	}
	// The median round: by ratio among those with one, else by figure.
	key := func(rd round) float64 { return rd.r.MSamples }
	if len(row.ratios) > 0 {
		key = func(rd round) float64 { return rd.ratio }
		rs = slices.DeleteFunc(rs, func(rd round) bool { return rd.ratio == 0 })
	}
	slices.SortStableFunc(rs, func(a, b round) int { return cmp.Compare(key(a), key(b)) })
	m := rs[(len(rs)-1)/2]
	row.r, row.ref, row.haveRef = m.r, m.ref, m.haveRef
	return row, nil
}

// roundsNote is the table's note on the rounds' range (none for one
// round).
func (b *benchRow) roundsNote() string {
	if len(b.figures) < 2 {
		return ""
	}
	if len(b.ratios) > 0 {
		return fmt.Sprintf("%d rounds: ratio %.3f–%.3f", len(b.figures), slices.Min(b.ratios), slices.Max(b.ratios))
	}
	return fmt.Sprintf("%d rounds: %.2f–%.2f M/s", len(b.figures), slices.Min(b.figures), slices.Max(b.figures))
}

// figure formats a rate or a time per sample for the table: "?" for one
// measured over too short a time.
func figure(v float64, tooShort bool) string {
	if tooShort {
		return "?"
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// benchProgress shows on a terminal which row of the table runs, how much of
// it is done and the time since the start, at most five times a second.
type benchProgress struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
	last  time.Time
	shown bool
}

func (p *benchProgress) update(label string, done float64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if now := time.Now(); now.Sub(p.last) >= 200*time.Millisecond {
		p.last = now
		p.shown = true
		fmt.Fprintf(p.w, "\r\033[Kbench: %s: %3.0f%%, %s in all", label, 100*done, now.Sub(p.start).Round(time.Second))
	}
}

// clear removes the progress line (before a row of the table is printed).
func (p *benchProgress) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// parseThreads parses a list of thread counts; empty means 1 and all cores.
func parseThreads(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		n := runtime.GOMAXPROCS(0)
		if n == 1 {
			return []int{1}, nil
		}
		return []int{1, n}, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 1024 {
			return nil, fmt.Errorf("%q is not a thread count 1..1024", f)
		}
		out = append(out, n)
	}
	return out, nil
}

type benchKey struct {
	workload string
	threads  int
}

// texbenchResult is what the bench reads of one texbench result line.
type texbenchResult struct {
	Type     string  `json:"type"`
	Workload string  `json:"workload"`
	Threads  int     `json:"threads"`
	MSamples float64 `json:"msamples_per_s"`
	NetMS    float64 `json:"net_ms"`
	Spread   float64 `json:"spread"`
	Checksum float64 `json:"checksum"`
	Error    string  `json:"error"`
}

// measurable reports whether texbench's net time (sampling − baseline) is
// long enough to give a figure: on small grids it can be near zero or
// negative.
func (r *texbenchResult) measurable() bool { return r.NetMS >= bench.MinMeasurableMS }

// checkExecutable says plainly why path cannot be run as texbench.
func checkExecutable(path string) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("texbench binary %s does not exist (build it with \"make -C ../shared/oracle texbench\")", path)
	case err != nil:
		return fmt.Errorf("texbench binary %s: %w", path, err)
	case st.IsDir():
		return fmt.Errorf("texbench binary %s is a directory", path)
	case st.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("texbench binary %s is not executable", path)
	}
	return nil
}

// runTexbench runs texbench with the same workloads, grid, K, repetitions
// and seed, and returns its result per workload and thread count.
// texbench's threads are lavapipe's LP_NUM_THREADS: a count equal to the
// number of CPUs runs with it unset (lavapipe's default, all cores).
func runTexbench(ctx context.Context, path string, ws []bench.Workload, threads []int, cfg bench.Config, stderr io.Writer) (map[benchKey]texbenchResult, error) {
	var ids, ts []string
	for _, w := range ws {
		ids = append(ids, w.ID)
	}
	for _, t := range threads {
		ts = append(ts, strconv.Itoa(t))
	}
	args := []string{"-j", "-p", "unset", "-w", strings.Join(ids, ","), "-T", strings.Join(ts, ","),
		"-s", fmt.Sprintf("%dx%d", cfg.Width, cfg.Height), "-K", strconv.Itoa(cfg.K), "-r", strconv.Itoa(cfg.Reps),
		"-S", strconv.FormatUint(uint64(cfg.Seed), 10)}
	cmd := exec.CommandContext(ctx, path, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	runErr := cmd.Run()
	var ee *exec.ExitError
	if runErr != nil && !errors.As(runErr, &ee) {
		return nil, fmt.Errorf("cannot run texbench %s: %w", path, runErr)
	}
	// texbench exits 1 when a configuration's child process failed, after
	// printing the others' results and an error line for it.
	res := map[benchKey]texbenchResult{}
	var failed []string
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		var line texbenchResult
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			if runErr != nil { // a failed run's output may stop anywhere
				break
			}
			return nil, fmt.Errorf("texbench output: %v: %.80q", err, sc.Text())
		}
		switch {
		case line.Type != "result":
		case line.Error != "":
			failed = append(failed, fmt.Sprintf("%s with %d %s (%s)", line.Workload, line.Threads, plural(line.Threads, "thread", "threads"), line.Error))
		default:
			res[benchKey{line.Workload, line.Threads}] = line
		}
	}
	msg := strings.TrimSpace(errb.String())
	switch {
	case runErr != nil && len(res) == 0 && msg != "":
		return nil, fmt.Errorf("texbench %s failed (%v): %s", path, runErr, msg)
	case runErr != nil && len(res) == 0:
		return nil, fmt.Errorf("texbench %s failed (%v)", path, runErr)
	case sc.Err() != nil:
		return nil, fmt.Errorf("texbench output: %w", sc.Err())
	case len(res) == 0:
		return nil, errors.New("texbench printed no results")
	}
	if len(failed) > 0 {
		fmt.Fprintf(stderr, "bench: texbench failed for %s; those rows have no lavapipe figures\n", strings.Join(failed, ", "))
	}
	return res, nil
}
