package conform

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"
)

// Config configures a run.
type Config struct {
	Seed     uint64
	N        int // number of cases (queries); groups are generated until they hold N
	Oracle   *Oracle
	Parallel int // concurrent oracle runs; 0: half the CPUs
	Gen      GenOptions
	// Only restricts the run to one group (and, with OnlyQuery, one of its
	// queries; the oracle still runs the whole group).
	Only      *CaseID
	OnlyQuery bool
	// Request, if not nil, is run instead of generated groups (a hand-written
	// oracle request parsed with ParseRequest).
	Request *Group
	// KeepAll keeps every check in Report.Checks, not only the failures.
	KeepAll bool
	// Progress, if not nil, receives a line per finished group.
	Progress io.Writer
	// Replay formats the command that replays a case.
	Replay func(CaseID) string
}

// Groups returns the groups the configuration runs.
func (c *Config) Groups() []*Group {
	if c.Request != nil {
		return []*Group{c.Request}
	}
	if c.Only != nil {
		return []*Group{GenerateGroup(c.Seed, c.Only.Group, c.Gen)}
	}
	return Generate(c.Seed, c.N, c.Gen)
}

// Run generates the cases, runs them on the oracle and on texunit, and
// compares them. A missing oracle gives an error wrapping ErrNoOracle.
func Run(ctx context.Context, cfg *Config) (*Report, error) {
	start := time.Now()
	dt, err := startOracle(ctx, cfg)
	if err != nil {
		return nil, err
	}
	groups := cfg.Groups()
	rep := &Report{Seed: cfg.Seed, Groups: len(groups), OracleRuns: int(numEncodings) + len(groups), replay: cfg.Replay,
		Decode: map[string]DecodeStat{}}
	for e := Encoding(0); e < numEncodings; e++ {
		rep.Decode[e.String()] = DecodeStat{Codes: e.codes(), Differ: dt.Differ[e], MaxErr: dt.MaxErr[e]}
	}
	if cfg.Only == nil && cfg.Request == nil {
		rep.add(dt.DecodeChecks())
	}
	par := cfg.Parallel
	if par <= 0 {
		par = max(1, runtime.NumCPU()/2)
	}
	type result struct {
		g      *Group
		checks []Check
		err    error
	}
	results := make([]result, len(groups))
	var wg sync.WaitGroup
	var mu sync.Mutex
	sem := make(chan struct{}, par)
	done := 0
	for i, g := range groups {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			checks, err := RunGroup(ctx, cfg.Oracle, g, dt)
			if cfg.Only != nil && cfg.OnlyQuery {
				var keep []Check
				for _, ck := range checks {
					if ck.Case.Query == cfg.Only.Query {
						keep = append(keep, ck)
					}
				}
				checks = keep
			}
			results[i] = result{g, checks, err}
			if cfg.Progress != nil {
				mu.Lock()
				done++
				fmt.Fprintf(cfg.Progress, "\rgroup %d/%d", done, len(groups))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if cfg.Progress != nil {
		fmt.Fprintln(cfg.Progress)
	}
	for _, r := range results {
		if r.err != nil {
			rep.Errors = append(rep.Errors, fmt.Sprintf("group %d: %v", r.g.ID, r.err))
			continue
		}
		rep.add(r.checks)
		if cfg.KeepAll {
			rep.Checks = append(rep.Checks, r.checks...)
		}
		if cfg.Only != nil && cfg.OnlyQuery {
			rep.Cases++
		} else {
			rep.Cases += len(r.g.Queries)
		}
	}
	rep.sort()
	rep.Seconds = time.Since(start).Seconds()
	return rep, ctx.Err()
}

// startOracle checks that cfg's oracle can run and measures its texel
// decode tables.
func startOracle(ctx context.Context, cfg *Config) (*DecodeTables, error) {
	if cfg.Oracle == nil {
		return nil, fmt.Errorf("%w: no oracle configured", ErrNoOracle)
	}
	if err := cfg.Oracle.Check(); err != nil {
		return nil, err
	}
	dt, err := MeasureDecode(ctx, cfg.Oracle)
	if err != nil {
		return nil, fmt.Errorf("conform: measuring the oracle's texel decode: %w", err)
	}
	return dt, nil
}

// RunGroup runs one group on the oracle and on texunit and compares every query.
func RunGroup(ctx context.Context, o *Oracle, g *Group, dt *DecodeTables) ([]Check, error) {
	req, err := RequestText(g)
	if err != nil {
		return nil, err
	}
	out, err := o.Run(ctx, req, len(g.Queries))
	if err != nil {
		return nil, err
	}
	return compareGroup(g, out, dt)
}

// compareGroup runs a group on texunit and compares every query with the
// oracle's results.
func compareGroup(g *Group, out []Output, dt *DecodeTables) ([]Check, error) {
	u, err := newUnit(g)
	if err != nil {
		return nil, err
	}
	c, err := newComparer(g, u, dt)
	if err != nil {
		return nil, err
	}
	var checks []Check
	for i := range g.Queries {
		line := queryLine(g.Tex.Type, &g.Smp, &g.Queries[i])
		for _, ck := range c.compare(i, &out[i]) {
			ck.Query = line
			checks = append(checks, ck)
		}
	}
	return checks, nil
}
