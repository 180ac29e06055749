package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/texunit/texunit/conform"
)

func init() {
	register(command{name: "conform", summary: "compare texunit with the lavapipe oracle on seeded random cases", run: runConform})
}

// defaultOracle is where the shared oracle lives relative to the repository.
const defaultOracle = "../shared/oracle/texoracle"

func runConform(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("conform", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 2000, "number of cases")
	seedFlag := fs.String("seed", "", "run seed (decimal or 0x hex); default: from the clock")
	oraclePath := fs.String("oracle", "", "texoracle binary (default $TEXUNIT_ORACLE, else "+defaultOracle+")")
	asJSON := fs.Bool("json", false, "write the report as JSON")
	verbose := fs.Bool("v", false, "list every check out of tolerance")
	par := fs.Int("j", 0, "concurrent oracle runs (default: half the CPUs)")
	caseFlag := fs.String("case", "", "run only group G or case G.Q of the seed's run (replay)")
	request := fs.Bool("request", false, "with -case: print the group's oracle request and exit")
	reqFile := fs.String("req", "", "run the hand-written oracle request in `FILE` (- for stdin) on both sides and print every check")
	record := fs.String("record", "", "run the cases on the oracle only and write its answers as golden vectors to `FILE` (.jsonl.gz)")
	golden := fs.String("golden", "", "check texunit against the golden vectors in `FILE` (no oracle needed)")
	usage := "Usage: texunit conform [-n N] [-seed S] [-oracle PATH] [-json] [-v] [-j N] [-case G[.Q] [-request]] [-req FILE]\n" +
		"       texunit conform -record FILE [-n N] [-seed S] [-oracle PATH] [-j N]\n" +
		"       texunit conform -golden FILE [-json] [-v] [-j N]\n\n" +
		"Generates seeded random texture-sampling cases, runs them on texunit and on the\n" +
		"lavapipe oracle, and compares them per category (docs/CONFORMANCE.md).\n" +
		"Exit status: 0 all within tolerance, 1 a case out of tolerance, 2 usage or no oracle.\n\n" + "Flags:\n"
	if rc := parseCommandFlags(fs, args, usage, stdout, stderr); rc >= 0 {
		return rc
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "conform: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *golden != "" {
		return checkGolden(*golden, *par, *asJSON, *verbose, stdout, stderr)
	}
	var seed uint64
	if *seedFlag == "" {
		seed = uint64(time.Now().UnixNano())
	} else {
		s, err := strconv.ParseUint(*seedFlag, 0, 64)
		if err != nil {
			fmt.Fprintf(stderr, "conform: -seed: %q is not an unsigned integer\n", *seedFlag)
			return 2
		}
		seed = s
	}
	if *n < 1 {
		fmt.Fprintf(stderr, "conform: -n: %d is not positive\n", *n)
		return 2
	}
	cfg := &conform.Config{Seed: seed, N: *n, Parallel: *par}
	if *caseFlag != "" {
		id, hasQuery, err := conform.ParseCaseID(*caseFlag)
		if err != nil {
			fmt.Fprintf(stderr, "conform: -case: %v\n", err)
			return 2
		}
		cfg.Only, cfg.OnlyQuery = &id, hasQuery
	}
	if *reqFile != "" {
		var b []byte
		var err error
		if *reqFile == "-" {
			b, err = io.ReadAll(stdin)
		} else {
			b, err = os.ReadFile(*reqFile)
		}
		if err == nil {
			cfg.Request, err = conform.ParseRequest(string(b))
		}
		if err != nil {
			fmt.Fprintf(stderr, "conform: -req: %v\n", err)
			return 2
		}
		cfg.KeepAll = true
	}
	if *request {
		if cfg.Only == nil {
			fmt.Fprintf(stderr, "conform: -request needs -case\n")
			return 2
		}
		text, err := conform.RequestText(cfg.Groups()[0])
		if err != nil {
			fmt.Fprintf(stderr, "conform: %v\n", err)
			return 1
		}
		fmt.Fprint(stdout, text)
		return 0
	}
	path := *oraclePath
	if path == "" {
		path = os.Getenv("TEXUNIT_ORACLE")
	}
	if path == "" {
		path = defaultOracle
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	cfg.Oracle = &conform.Oracle{Path: path}
	cfg.Replay = func(id conform.CaseID) string {
		return fmt.Sprintf("texunit conform -seed %d -case %s", seed, id)
	}
	if isTerminal(stderr) {
		cfg.Progress = stderr
	}
	// The seed comes first, so a run that fails or is interrupted can be replayed.
	fmt.Fprintf(stdout, "seed %d\n", seed)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *record != "" {
		return recordGolden(ctx, cfg, *record, stdout, stderr)
	}
	rep, err := conform.Run(ctx, cfg)
	if err != nil {
		if errors.Is(err, conform.ErrNoOracle) {
			fmt.Fprintf(stderr, "conform: %v\n(build it with \"make -C ../shared/oracle\", or pass -oracle PATH)\n", err)
			return 2
		}
		fmt.Fprintf(stderr, "conform: %v\n", err)
		return 1
	}
	if *asJSON {
		if err := rep.WriteJSON(stdout); err != nil {
			fmt.Fprintf(stderr, "conform: %v\n", err)
			return 1
		}
	} else {
		rep.WriteText(stdout, *verbose)
	}
	if rep.Failed() {
		return 1
	}
	return 0
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// recordGolden runs cfg's cases on the oracle and writes its answers to path.
func recordGolden(ctx context.Context, cfg *conform.Config, path string, stdout, stderr io.Writer) int {
	driver, err := exec.CommandContext(ctx, cfg.Oracle.Path, "-i").Output()
	if err != nil {
		fmt.Fprintf(stderr, "conform: %s -i: %v\n", cfg.Oracle.Path, err)
		return 1
	}
	line, _, _ := strings.Cut(string(driver), "\n")
	gold, err := conform.Record(ctx, cfg, strings.TrimSpace(line))
	if err != nil {
		fmt.Fprintf(stderr, "conform: %v\n", err)
		return 1
	}
	f, err := os.Create(path)
	if err == nil {
		err = conform.WriteGolden(f, gold)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "conform: -record: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "recorded %d cases in %d groups from %s to %s\n", gold.Cases, len(gold.Groups), gold.Driver, path)
	return 0
}

// checkGolden compares texunit with the golden vectors in path.
func checkGolden(path string, par int, asJSON, verbose bool, stdout, stderr io.Writer) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "conform: -golden: %v\n", err)
		return 2
	}
	gold, err := conform.ReadGolden(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "conform: -golden: %s: %v\n", path, err)
		return 1
	}
	if par <= 0 {
		par = runtime.NumCPU()
	}
	rep := conform.CheckGolden(gold, par, false)
	fmt.Fprintf(stdout, "golden %s: seed %d, recorded from %s\n", path, gold.Seed, gold.Driver)
	if asJSON {
		if err := rep.WriteJSON(stdout); err != nil {
			fmt.Fprintf(stderr, "conform: %v\n", err)
			return 1
		}
	} else {
		rep.WriteText(stdout, verbose)
	}
	if rep.Failed() {
		return 1
	}
	return 0
}
