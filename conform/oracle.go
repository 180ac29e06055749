package conform

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Output is one result line of the oracle: the query index, the op name and
// the four result components as raw float32 bits.
type Output struct {
	Index int
	Op    string
	Bits  [4]uint32
}

// Vec returns the result as float32s.
func (o *Output) Vec() [4]float32 {
	var v [4]float32
	for i, b := range o.Bits {
		v[i] = math.Float32frombits(b)
	}
	return v
}

// ErrNoOracle is returned when the oracle binary cannot be found or run.
var ErrNoOracle = errors.New("oracle not available")

// Oracle runs the texoracle binary.
type Oracle struct {
	Path string        // the texoracle binary
	Env  []string      // extra environment (KEY=VALUE), e.g. TEXORACLE_CACHE
	Wait time.Duration // timeout per run; 0: 2 minutes
}

// Check reports whether the binary exists and is executable; the error
// wraps ErrNoOracle.
func (o *Oracle) Check() error {
	if o.Path == "" {
		return fmt.Errorf("%w: no path given", ErrNoOracle)
	}
	st, err := os.Stat(o.Path)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNoOracle, err)
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return fmt.Errorf("%w: %s is not an executable file", ErrNoOracle, o.Path)
	}
	return nil
}

// Run sends a request to the oracle and returns its result lines, which it
// checks against want (the number of queries).
func (o *Oracle) Run(ctx context.Context, request string, want int) ([]Output, error) {
	wait := o.Wait
	if wait == 0 {
		wait = 2 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	cmd := exec.CommandContext(ctx, o.Path)
	cmd.Stdin = strings.NewReader(request)
	cmd.Env = append(os.Environ(), o.Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("%w: %v", ErrNoOracle, err)
		}
		return nil, fmt.Errorf("oracle: %v: %s", err, lastLines(stderr.String(), 6))
	}
	out, err := ParseOutput(stdout.Bytes())
	if err != nil {
		return nil, err
	}
	if len(out) != want {
		return nil, fmt.Errorf("oracle: %d result lines for %d queries", len(out), want)
	}
	for i := range out {
		if out[i].Index != i {
			return nil, fmt.Errorf("oracle: result line %d has index %d", i, out[i].Index)
		}
	}
	return out, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// ParseOutput parses the oracle's output: '#' comment lines, then one line
// per query, "<index> <op> <x> <y> <z> <w> <hx> <hy> <hz> <hw>". The raw
// bits (hx..hw) are authoritative; the decimal fields must agree with them.
func ParseOutput(b []byte) ([]Output, error) {
	var out []Output
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		f := strings.Fields(s)
		if len(f) != 10 {
			return nil, fmt.Errorf("oracle output line %d: %d fields, want 10: %q", line, len(f), s)
		}
		idx, err := strconv.Atoi(f[0])
		if err != nil || idx < 0 {
			return nil, fmt.Errorf("oracle output line %d: bad index %q", line, f[0])
		}
		o := Output{Index: idx, Op: f[1]}
		for c := 0; c < 4; c++ {
			h, err := strconv.ParseUint(f[6+c], 16, 32)
			if err != nil || len(f[6+c]) != 8 {
				return nil, fmt.Errorf("oracle output line %d: bad hex %q", line, f[6+c])
			}
			o.Bits[c] = uint32(h)
			d, err := strconv.ParseFloat(f[2+c], 32)
			v := math.Float32frombits(o.Bits[c])
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				return nil, fmt.Errorf("oracle output line %d: bad float %q", line, f[2+c])
			}
			if float32(d) != v && !(d != d && v != v) {
				return nil, fmt.Errorf("oracle output line %d: %q disagrees with bits %s", line, f[2+c], f[6+c])
			}
		}
		out = append(out, o)
	}
	return out, sc.Err()
}
