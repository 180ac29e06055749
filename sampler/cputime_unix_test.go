//go:build unix

package sampler

import (
	"syscall"
	"time"
)

// cpuTime is the process's user CPU time: on a machine shared with other
// work it moves far less between runs than the wall clock (benchRunIn's
// cpu-ns/op).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano())
}
