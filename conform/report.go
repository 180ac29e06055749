package conform

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// CategoryStats summarises the checks of one category.
type CategoryStats struct {
	Category string  `json:"category"`
	Cases    int     `json:"cases"`
	Pass     int     `json:"within_tolerance"`
	Excluded int     `json:"excluded"` // not compared: no model of the oracle applies
	MaxErr   float64 `json:"max_error"`
	MaxRaw   float64 `json:"max_raw_difference"` // before deviation models
	// MaxRatio is the largest error/tolerance of the passing checks with a
	// non-zero tolerance: how much of its tolerance a category uses.
	MaxRatio float64 `json:"max_error_over_tolerance"`
	Modelled int     `json:"modelled"` // checks where a deviation model changed the expectation
	Worst    string  `json:"worst_case,omitempty"`
	// Models counts the checks per deviation model applied.
	Models map[string]int `json:"models,omitempty"`
}

// DecodeStat describes the measured decode of one encoding: how many of
// its codes lavapipe decodes differently from texunit, and by how much.
type DecodeStat struct {
	Codes  int     `json:"codes"`
	Differ int     `json:"differ"`
	MaxErr float64 `json:"max_error"`
}

// Report is the outcome of a run.
type Report struct {
	Seed       uint64  `json:"seed"`
	Cases      int     `json:"cases"`
	Groups     int     `json:"groups"`
	OracleRuns int     `json:"oracle_runs"`
	Seconds    float64 `json:"seconds"`
	// Decode describes lavapipe's texel decode per encoding, as measured.
	Decode   map[string]DecodeStat `json:"decode"`
	Stats    []CategoryStats       `json:"categories"`
	Failures []Check               `json:"-"`
	Checks   []Check               `json:"-"`                // every check, with Config.KeepAll
	Errors   []string              `json:"errors,omitempty"` // groups that could not run
	replay   func(CaseID) string
}

// Failed reports whether any check was out of tolerance or any group failed to run.
func (r *Report) Failed() bool { return len(r.Failures) > 0 || len(r.Errors) > 0 }

// add accumulates checks.
func (r *Report) add(checks []Check) {
	for i := range checks {
		ck := &checks[i]
		var st *CategoryStats
		for j := range r.Stats {
			if r.Stats[j].Category == ck.Category {
				st = &r.Stats[j]
			}
		}
		if st == nil {
			r.Stats = append(r.Stats, CategoryStats{Category: ck.Category, Models: map[string]int{}})
			st = &r.Stats[len(r.Stats)-1]
		}
		st.Cases++
		if ck.Excluded {
			st.Excluded++
			continue
		}
		if ck.Pass {
			st.Pass++
		} else {
			r.Failures = append(r.Failures, *ck)
		}
		worse := ck.Err > st.MaxErr || (!ck.Pass && st.Worst == "")
		if ck.Err == ck.Err && worse {
			st.MaxErr = ck.Err
			st.Worst = ck.Case.String()
			if ck.Case.Group < 0 {
				st.Worst = ck.Query // a decode table entry
			}
		}
		if ck.Raw == ck.Raw {
			st.MaxRaw = max(st.MaxRaw, ck.Raw)
		}
		if ck.Pass && ck.Tol > 0 {
			st.MaxRatio = max(st.MaxRatio, ck.Err/ck.Tol)
		}
		if len(ck.Models) > 0 {
			st.Modelled++
			for _, m := range ck.Models {
				st.Models[m]++
			}
		}
	}
}

// sort orders the categories as Categories lists them.
func (r *Report) sort() {
	rank := func(c string) int {
		for i, x := range Categories {
			if x == c {
				return i
			}
		}
		return len(Categories)
	}
	sort.SliceStable(r.Stats, func(i, j int) bool { return rank(r.Stats[i].Category) < rank(r.Stats[j].Category) })
	sort.SliceStable(r.Failures, func(i, j int) bool {
		a, b := r.Failures[i].Case, r.Failures[j].Case
		return a.Group < b.Group || (a.Group == b.Group && a.Query < b.Query)
	})
}

func fmtErr(e float64) string {
	switch {
	case e == 0:
		return "0"
	case math.IsInf(e, 1):
		return "inf"
	}
	return fmt.Sprintf("%.3g", e)
}

// WriteText writes the report as a table and, with verbose, every failure.
func (r *Report) WriteText(w io.Writer, verbose bool) {
	fmt.Fprintf(w, "%d cases in %d groups (%d oracle runs) in %.1fs\n", r.Cases, r.Groups, r.OracleRuns, r.Seconds)
	var enc []string
	for e := Encoding(0); e < numEncodings; e++ {
		if d, ok := r.Decode[e.String()]; ok {
			enc = append(enc, fmt.Sprintf("%s %d/%d codes differ (max %.3g)", e, d.Differ, d.Codes, d.MaxErr))
		}
	}
	if len(enc) > 0 {
		fmt.Fprintf(w, "lavapipe decode: %s\n", strings.Join(enc, "; "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-12s %7s %7s %5s %9s %7s %10s %9s  %s\n", "category", "checks", "pass", "excl", "max err", "err/tol", "max raw", "modelled", "worst")
	for _, s := range r.Stats {
		worst := ""
		if s.Worst != "" && r.replay != nil {
			worst = s.Worst
			if id, _, err := ParseCaseID(s.Worst); err == nil {
				worst = r.replay(id)
			}
		}
		fmt.Fprintf(w, "%-12s %7d %7d %5d %9s %7.2f %10s %9d  %s\n", s.Category, s.Cases, s.Pass, s.Excluded, fmtErr(s.MaxErr), s.MaxRatio, fmtErr(s.MaxRaw), s.Modelled, worst)
	}
	fmt.Fprintf(w, "\ndeviation models applied (checks):\n")
	for _, s := range r.Stats {
		if len(s.Models) == 0 {
			continue
		}
		names := make([]string, 0, len(s.Models))
		for m := range s.Models {
			names = append(names, m)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, m := range names {
			parts[i] = fmt.Sprintf("%s %d", m, s.Models[m])
		}
		fmt.Fprintf(w, "  %-12s %s\n", s.Category, strings.Join(parts, ", "))
	}
	for _, e := range r.Errors {
		fmt.Fprintf(w, "error: %s\n", e)
	}
	if len(r.Checks) > 0 {
		fmt.Fprintf(w, "\nall checks\n")
		for i := range r.Checks {
			r.writeFailure(w, &r.Checks[i])
		}
	}
	if len(r.Failures) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%d checks out of tolerance\n", len(r.Failures))
	if len(r.Checks) > 0 {
		return // listed above
	}
	n := len(r.Failures)
	if !verbose && n > 10 {
		n = 10
	}
	for _, f := range r.Failures[:n] {
		r.writeFailure(w, &f)
	}
	if n < len(r.Failures) {
		fmt.Fprintf(w, "… %d more (-v lists all)\n", len(r.Failures)-n)
	}
}

func (r *Report) writeFailure(w io.Writer, f *Check) {
	replay := ""
	if r.replay != nil && f.Case.Group >= 0 {
		replay = r.replay(f.Case)
	}
	verdict := "FAIL"
	switch {
	case f.Excluded:
		verdict = "excl"
	case f.Pass:
		verdict = "ok"
	}
	fmt.Fprintf(w, "%s %s %s err=%s tol=%s models=[%s] %s\n  query   %s\n  oracle  %v\n  texunit %v\n  replay: %s\n",
		verdict, f.Case, f.Category, fmtErr(f.Err), fmtErr(f.Tol), strings.Join(f.Models, ","), f.Note,
		f.Query, f.Oracle, f.Texunit, replay)
}

// jsonCheck is a failure as JSON.
type jsonCheck struct {
	Case     string     `json:"case"`
	Category string     `json:"category"`
	Err      float64    `json:"error"`
	Tol      float64    `json:"tolerance"`
	Models   []string   `json:"models,omitempty"`
	Oracle   [4]float32 `json:"oracle"`
	Texunit  [4]float32 `json:"texunit"`
	Note     string     `json:"note,omitempty"`
	Query    string     `json:"query,omitempty"`
	Replay   string     `json:"replay,omitempty"`
}

// WriteJSON writes the report as one JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	type out struct {
		*Report
		Failures []jsonCheck `json:"failures"`
	}
	o := out{Report: r, Failures: []jsonCheck{}}
	for i := range r.Stats {
		s := &r.Stats[i]
		s.MaxErr = finite(s.MaxErr)
		s.MaxRaw = finite(s.MaxRaw)
	}
	for _, f := range r.Failures {
		j := jsonCheck{Case: f.Case.String(), Category: f.Category, Err: finite(f.Err), Tol: f.Tol, Models: f.Models,
			Oracle: nanless(f.Oracle), Texunit: nanless(f.Texunit), Note: f.Note, Query: f.Query}
		if r.replay != nil {
			j.Replay = r.replay(f.Case)
		}
		o.Failures = append(o.Failures, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(o)
}

// finite maps +Inf (a NaN mismatch or a texunit error) to MaxFloat64 for JSON.
func finite(v float64) float64 {
	if math.IsInf(v, 0) || v != v {
		return math.MaxFloat64
	}
	return v
}

func nanless(v [4]float32) [4]float32 {
	for i := range v {
		if v[i] != v[i] || math.IsInf(float64(v[i]), 0) {
			v[i] = math.MaxFloat32
		}
	}
	return v
}
