package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"

	"texunit/bench"
)

func init() {
	register(command{name: "bench", summary: "run texbench's eight throughput workloads on texunit (and on lavapipe)", run: runBench})
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	def := bench.DefaultConfig()
	workloads := fs.String("workloads", "", "comma-separated `list` of workloads (W1..W8 or names; default all)")
	threadsFlag := fs.String("threads", "", "comma-separated `list` of thread counts (default 1 and all cores)")
	asJSON := fs.Bool("json", false, "print one JSON object per line")
	against := fs.String("against", "", "run the texbench binary at `PATH` in the same invocation and print texunit/lavapipe")
	grid := fs.String("grid", fmt.Sprintf("%dx%d", def.Width, def.Height), "pixel grid `WxH` (texbench's -s)")
	k := fs.Int("k", def.K, "samples per invocation (texbench's -K)")
	reps := fs.Int("reps", def.Reps, "timed repetitions, median reported (texbench's -r)")
	seed := fs.Uint("seed", uint(def.Seed), "texel data seed (texbench's -S)")
	list := fs.Bool("l", false, "list the workloads and exit")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the texunit runs to `FILE` (go tool pprof; cmd/texunit/default.pgo is one)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: texunit bench [-workloads W1,W4] [-threads 1,2] [-json] [-against PATH] [-grid WxH] [-k N] [-reps N] [-seed S] [-cpuprofile FILE] [-l]\n\n"+
			"Runs the eight workloads of ../shared/oracle/texbench (BENCH.md) on texunit through whole\n"+
			"64-lane requests and prints M samples/s per workload and thread count. With -against it\n"+
			"runs texbench too and prints the ratio texunit/lavapipe.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bench: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *list {
		for _, w := range bench.Workloads() {
			fmt.Fprintf(stdout, "%s  %-17s %s\n", w.ID, w.Name, w.Desc)
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
	cfg.K, cfg.Reps, cfg.Seed = *k, *reps, uint32(*seed)
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	var lp map[benchKey]float64
	if *against != "" {
		lp, err = runTexbench(ctx, *against, ws, threads, cfg, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "bench: -against: %v\n", err)
			return 1
		}
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "grid %dx%d, K=%d, %d reps (median), GOMAXPROCS %d\n", cfg.Width, cfg.Height, cfg.K, cfg.Reps, runtime.GOMAXPROCS(0))
		fmt.Fprintf(stdout, "%-20s %7s %12s %10s %12s %14s", "workload", "threads", "Msamples/s", "net ms", "ns/sample/core", "checksum")
		if lp != nil {
			fmt.Fprintf(stdout, " %12s %8s", "lavapipe", "ratio")
		}
		fmt.Fprintln(stdout)
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
	for _, w := range ws {
		for _, t := range threads {
			r, err := bench.Run(ctx, w, t, cfg)
			if err != nil {
				fmt.Fprintf(stderr, "bench: %v\n", err)
				return 1
			}
			ref, haveRef := lp[benchKey{w.ID, t}]
			if *asJSON {
				out := struct {
					*bench.Result
					Lavapipe *float64 `json:"lavapipe_msamples_per_s,omitempty"`
					Ratio    *float64 `json:"ratio,omitempty"`
				}{Result: r}
				if haveRef {
					ratio := r.MSamples / ref
					out.Lavapipe, out.Ratio = &ref, &ratio
				}
				if err := enc.Encode(&out); err != nil {
					fmt.Fprintf(stderr, "bench: %v\n", err)
					return 1
				}
				continue
			}
			fmt.Fprintf(stdout, "%-20s %7d %12.2f %10.1f %12.1f %14.6e", w.ID+" "+w.Name, t, r.MSamples, r.NetMS, r.NsPerCore, r.Checksum)
			if lp != nil {
				if haveRef {
					fmt.Fprintf(stdout, " %12.1f %8.4f", ref, r.MSamples/ref)
				} else {
					fmt.Fprintf(stdout, " %12s %8s", "-", "-")
				}
			}
			fmt.Fprintln(stdout)
		}
	}
	return 0
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

// runTexbench runs texbench with the same workloads, grid, K, repetitions
// and seed, and returns its M samples/s per workload and thread count.
// texbench's threads are lavapipe's LP_NUM_THREADS: a count equal to the
// number of CPUs runs with it unset (lavapipe's default, all cores).
func runTexbench(ctx context.Context, path string, ws []bench.Workload, threads []int, cfg bench.Config, stderr io.Writer) (map[benchKey]float64, error) {
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
	fmt.Fprintf(stderr, "bench: running %s %s\n", path, strings.Join(args, " "))
	cmd := exec.CommandContext(ctx, path, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", path, err, strings.TrimSpace(errb.String()))
	}
	res := map[benchKey]float64{}
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		var line struct {
			Type     string  `json:"type"`
			Workload string  `json:"workload"`
			Threads  int     `json:"threads"`
			MSamples float64 `json:"msamples_per_s"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return nil, fmt.Errorf("texbench output: %v: %.80q", err, sc.Text())
		}
		if line.Type == "result" {
			res[benchKey{line.Workload, line.Threads}] = line.MSamples
		}
	}
	if len(res) == 0 {
		return nil, fmt.Errorf("texbench printed no results")
	}
	return res, sc.Err()
}
