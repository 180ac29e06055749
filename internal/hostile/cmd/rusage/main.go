// Command rusage runs a command and reports what it cost: its exit status,
// its peak resident memory as the kernel counts it for that process alone
// (ru_maxrss from wait4) and its wall time. cmd/texunit's hostile-input
// test runs texunit through it:
//
//	rusage -o REPORT [-timeout 60s] [-kill-rss 1GiB-in-bytes] -- COMMAND [ARG...]
//
// The command inherits rusage's standard input, output and error. REPORT
// gets one JSON object (see report); rusage exits 0 when it could run the
// command and wait for it, whatever the command's own status, and 125
// otherwise.
//
// Why a separate process: os/exec starts a child by vfork (the child
// shares the parent's memory map until it calls exec), and Linux carries
// the high-water mark of that map over into the child's ru_maxrss at exec.
// A child of a test process that once held 500 MB therefore reports at
// least 500 MB, however little it used. rusage is small, so the children it
// starts report their own peak (or rusage's few MB, whichever is larger).
//
// -timeout kills the command (SIGKILL) when it runs too long; -kill-rss
// kills it when its resident memory, polled every 10 ms from /proc on
// Linux, passes that many bytes, so that a memory bomb that works cannot
// exhaust the machine. On Linux the command is also killed when rusage
// dies (PR_SET_PDEATHSIG).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// report is what rusage writes to -o.
type report struct {
	Exit      int    `json:"exit"`       // the exit status, -1 when killed by a signal
	Signal    string `json:"signal"`     // the signal that ended it, if one did
	MaxRSS    int64  `json:"maxrss"`     // peak resident memory in bytes (ru_maxrss)
	WallNanos int64  `json:"wall_ns"`    // wall time
	TimedOut  bool   `json:"timed_out"`  // killed by -timeout
	RSSKilled bool   `json:"rss_killed"` // killed by -kill-rss
}

func main() {
	out := flag.String("o", "", "write the report to `file` (required)")
	timeout := flag.Duration("timeout", time.Minute, "kill the command after `d`")
	killRSS := flag.Int64("kill-rss", 1<<30, "kill the command when its resident memory passes `n` bytes (Linux; 0: never)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: rusage -o REPORT [-timeout d] [-kill-rss n] -- COMMAND [ARG...]\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(125)
	}
	r, err := run(flag.Args(), *timeout, *killRSS)
	if err == nil {
		var b []byte
		b, err = json.Marshal(r)
		if err == nil {
			err = os.WriteFile(*out, append(b, '\n'), 0o644)
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "rusage: %v\n", err)
		os.Exit(125)
	}
}

func run(args []string, timeout time.Duration, killRSS int64) (*report, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	setDeathSignal(cmd)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var timedOut, rssKilled atomic.Bool
	timer := time.AfterFunc(timeout, func() {
		timedOut.Store(true)
		cmd.Process.Kill()
	})
	stop := make(chan struct{})
	if killRSS > 0 && runtime.GOOS == "linux" {
		go watch(cmd.Process, killRSS, stop, &rssKilled)
	}
	err := cmd.Wait()
	timer.Stop()
	close(stop)
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return nil, err
	}
	r := &report{Exit: cmd.ProcessState.ExitCode(), WallNanos: int64(time.Since(start)), TimedOut: timedOut.Load(), RSSKilled: rssKilled.Load()}
	r.Signal = signal(cmd.ProcessState)
	r.MaxRSS = maxRSS(cmd.ProcessState)
	return r, nil
}

// watch kills p when its resident memory (VmRSS in /proc/PID/status)
// passes limit bytes, until stop is closed.
func watch(p *os.Process, limit int64, stop <-chan struct{}, killed *atomic.Bool) {
	status := "/proc/" + strconv.Itoa(p.Pid) + "/status"
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		b, err := os.ReadFile(status)
		if err != nil {
			continue
		}
		for line := range strings.Lines(string(b)) {
			if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
				if kb<<10 > limit {
					killed.Store(true)
					p.Kill()
				}
			}
		}
	}
}
