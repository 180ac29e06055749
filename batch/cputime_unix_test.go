//go:build unix

package batch

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user and system), so
// that a benchmark can report its rate per CPU second, which other work on
// a shared machine disturbs less than the rate per second of wall time.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
