package conform

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"
)

// Golden vectors: the oracle's answers recorded once, so that texunit can be
// checked against them without Vulkan. A golden file holds the oracle's
// measured texel decode tables and, for every group, the exact request text
// sent to the oracle and the result lines it printed. Checking a golden file
// parses each request back into a group, runs it on texunit and compares
// with the same comparer, tolerances and deviation models as a live run; so
// a golden check fails exactly where a live run against the same driver
// would.

// GoldenFormat names the file format; ReadGolden rejects any other.
const GoldenFormat = "texunit-conform-golden/1"

// GoldenGroup is one recorded group.
type GoldenGroup struct {
	Group   int    `json:"group"`
	Request string `json:"request"` // the request text sent to the oracle
	Output  string `json:"output"`  // the oracle's result lines ('#' comments dropped)
}

// Golden is a recorded run.
type Golden struct {
	Seed   uint64 // the run's seed
	Cases  int    // the number of queries over all groups
	Driver string // the oracle's device line (driver and Mesa version)
	Decode *DecodeTables
	Groups []GoldenGroup
}

// goldenHeader is the first line of a golden file.
type goldenHeader struct {
	Format string            `json:"format"`
	Seed   uint64            `json:"seed"`
	Cases  int               `json:"cases"`
	Groups int               `json:"groups"`
	Driver string            `json:"driver"`
	Decode map[string]string `json:"decode"` // encoding → base64 of little-endian float32 bits
}

// Record generates the configuration's groups and runs them on the oracle
// only, returning what it answered. driver describes the oracle (for
// example the first line of "texoracle -i").
func Record(ctx context.Context, cfg *Config, driver string) (*Golden, error) {
	dt, err := startOracle(ctx, cfg)
	if err != nil {
		return nil, err
	}
	groups := cfg.Groups()
	gold := &Golden{Seed: cfg.Seed, Driver: driver, Decode: dt, Groups: make([]GoldenGroup, len(groups))}
	par := max(1, cfg.Parallel)
	errs := make([]error, len(groups))
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	for i, g := range groups {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			req, err := RequestText(g)
			if err != nil {
				errs[i] = err
				return
			}
			out, err := cfg.Oracle.Run(ctx, req, len(g.Queries))
			if err != nil {
				errs[i] = fmt.Errorf("group %d: %w", g.ID, err)
				return
			}
			gold.Groups[i] = GoldenGroup{Group: g.ID, Request: req, Output: outputText(out)}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, g := range groups {
		gold.Cases += len(g.Queries)
	}
	return gold, ctx.Err()
}

// outputText prints result lines in the oracle's own line format, so that
// ParseOutput reads them back to the same bits.
func outputText(out []Output) string {
	var b strings.Builder
	for _, o := range out {
		fmt.Fprintf(&b, "%d %s", o.Index, o.Op)
		for _, h := range o.Bits {
			fmt.Fprintf(&b, " %s", formatFloatField(math.Float32frombits(h)))
		}
		for _, h := range o.Bits {
			fmt.Fprintf(&b, " %08x", h)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// formatFloatField prints f so that ParseFloat(·, 32) gives f back.
func formatFloatField(f float32) string {
	switch {
	case f != f:
		return "nan"
	case math.IsInf(float64(f), 1):
		return "inf"
	case math.IsInf(float64(f), -1):
		return "-inf"
	}
	return fmt.Sprint(f)
}

// WriteGolden writes g gzip-compressed as JSON Lines: a header line, then
// one line per group.
func WriteGolden(w io.Writer, g *Golden) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(zw)
	h := goldenHeader{Format: GoldenFormat, Seed: g.Seed, Cases: g.Cases, Groups: len(g.Groups), Driver: g.Driver,
		Decode: map[string]string{}}
	for e := Encoding(0); e < numEncodings; e++ {
		tab := g.Decode.Lavapipe[e]
		b := make([]byte, 4*len(tab))
		for i, v := range tab {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
		}
		h.Decode[e.String()] = base64.StdEncoding.EncodeToString(b)
	}
	if err := enc.Encode(&h); err != nil {
		return err
	}
	for i := range g.Groups {
		if err := enc.Encode(&g.Groups[i]); err != nil {
			return err
		}
	}
	return zw.Close()
}

// ReadGolden reads a file written by WriteGolden.
func ReadGolden(r io.Reader) (*Golden, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("golden: %w", err)
	}
	dec := json.NewDecoder(bufio.NewReader(zr))
	dec.DisallowUnknownFields()
	var h goldenHeader
	if err := dec.Decode(&h); err != nil {
		return nil, fmt.Errorf("golden: header: %w", err)
	}
	if h.Format != GoldenFormat {
		return nil, fmt.Errorf("golden: header: format %q, want %q", h.Format, GoldenFormat)
	}
	g := &Golden{Seed: h.Seed, Cases: h.Cases, Driver: h.Driver, Decode: &DecodeTables{}}
	for e := Encoding(0); e < numEncodings; e++ {
		s, ok := h.Decode[e.String()]
		if !ok {
			return nil, fmt.Errorf("golden: header: decode: no table for %s", e)
		}
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return nil, fmt.Errorf("golden: header: decode.%s: %w", e, err)
		}
		if len(b) != 4*e.codes() {
			return nil, fmt.Errorf("golden: header: decode.%s: %d bytes, want %d", e, len(b), 4*e.codes())
		}
		tab := make([]float32, e.codes())
		for i := range tab {
			tab[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		g.Decode.Lavapipe[e] = tab
	}
	g.Decode.init()
	for i := 0; i < h.Groups; i++ {
		var gg GoldenGroup
		if err := dec.Decode(&gg); err != nil {
			return nil, fmt.Errorf("golden: group line %d: %w", i+1, err)
		}
		g.Groups = append(g.Groups, gg)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("golden: more than the header's %d groups", h.Groups)
	}
	return g, nil
}

// CheckGolden runs every recorded group on texunit and compares it with the
// recorded answers, as Run does with live ones. par is the number of groups
// checked at once (0: 1).
func CheckGolden(g *Golden, par int, keepAll bool) *Report {
	start := time.Now()
	rep := &Report{Seed: g.Seed, Groups: len(g.Groups), Decode: map[string]DecodeStat{}}
	for e := Encoding(0); e < numEncodings; e++ {
		rep.Decode[e.String()] = DecodeStat{Codes: e.codes(), Differ: g.Decode.Differ[e], MaxErr: g.Decode.MaxErr[e]}
	}
	rep.add(g.Decode.DecodeChecks())
	type result struct {
		checks []Check
		cases  int
		err    error
	}
	results := make([]result, len(g.Groups))
	sem := make(chan struct{}, max(1, par))
	var wg sync.WaitGroup
	for i := range g.Groups {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			checks, cases, err := checkGoldenGroup(&g.Groups[i], g.Decode)
			results[i] = result{checks, cases, err}
		})
	}
	wg.Wait()
	for i, r := range results {
		if r.err != nil {
			rep.Errors = append(rep.Errors, fmt.Sprintf("group %d: %v", g.Groups[i].Group, r.err))
			continue
		}
		rep.add(r.checks)
		if keepAll {
			rep.Checks = append(rep.Checks, r.checks...)
		}
		rep.Cases += r.cases
	}
	rep.sort()
	rep.Seconds = time.Since(start).Seconds()
	return rep
}

// checkGoldenGroup compares one recorded group.
func checkGoldenGroup(gg *GoldenGroup, dt *DecodeTables) ([]Check, int, error) {
	g, err := ParseRequest(gg.Request)
	if err != nil {
		return nil, 0, err
	}
	g.ID = gg.Group
	out, err := ParseOutput([]byte(gg.Output))
	if err != nil {
		return nil, 0, err
	}
	if len(out) != len(g.Queries) {
		return nil, 0, fmt.Errorf("%d recorded results for %d queries", len(out), len(g.Queries))
	}
	checks, err := compareGroup(g, out, dt)
	return checks, len(g.Queries), err
}
