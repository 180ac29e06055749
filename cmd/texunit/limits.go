package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/texunit/texunit/budget"
)

// runtimeOverhead is what a command's resident memory may exceed its
// -max-bytes budget by: the Go runtime, the code, goroutine stacks and the
// small fixed buffers that the budget does not count. It is added to the
// budget to set the runtime's soft memory limit, so that garbage is
// collected before the resident memory grows past budget + overhead.
const runtimeOverhead = 48 << 20

// byteSize is a flag value of a number of bytes, written as an integer
// with an optional binary unit: 268435456, 256MiB, 1GiB, 512KiB (also KB,
// MB, GB, K, M, G, read as binary units).
type byteSize int64

func (b *byteSize) String() string {
	if b == nil {
		return "0"
	}
	return formatSize(int64(*b))
}

// formatSize writes n with the largest binary unit that divides it.
func formatSize(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{40, "TiB"}, {30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n != 0 && n%(1<<u.shift) == 0 {
			return fmt.Sprintf("%d%s", n>>u.shift, u.name)
		}
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteSize) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}

// parseSize reads a byte count with an optional unit (see byteSize).
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	shift := uint(0)
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"TB", 40}, {"GB", 30}, {"MB", 20}, {"KB", 10}, {"T", 40}, {"G", 30}, {"M", 20}, {"K", 10}, {"B", 0}} {
		if v, ok := strings.CutSuffix(t, u.suffix); ok {
			t, shift = strings.TrimSpace(v), u.shift
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a byte count (such as 268435456, 256MiB or 1GiB)", s)
	}
	if n > (1<<62)>>shift {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return n << shift, nil
}

// memoryFlag defines the -max-bytes flag of a command: the memory budget
// of each file, job or command (0: budget.Default). what says what it
// covers, for the help text.
func memoryFlag(fs *flag.FlagSet, what string) *byteSize {
	b := byteSize(budget.Default)
	fs.Var(&b, "max-bytes", "memory budget `n` (such as 256MiB; 0: the default 1GiB) of "+what)
	return &b
}

// budgetOf returns the budget a -max-bytes value gives (0: the default),
// and sets the runtime's soft memory limit to that budget plus
// runtimeOverhead, so that the process's resident memory stays near it.
func budgetOf(b *byteSize) int64 {
	n := int64(*b)
	if n <= 0 {
		n = budget.Default
	}
	debug.SetMemoryLimit(n + runtimeOverhead)
	return n
}

// readSmallFile reads a regular file given on the command line, its size
// reserved from mem first (the caller releases len(b)).
func readSmallFile(name string, mem *budget.Budget) ([]byte, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	if err := mem.Reserve(fmt.Sprintf("file %s", name), st.Size()); err != nil {
		return nil, err
	}
	b := make([]byte, st.Size())
	if _, err := io.ReadFull(f, b); err != nil {
		mem.Release(st.Size())
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return b, nil
}
