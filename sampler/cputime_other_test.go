//go:build !unix

package sampler

import "time"

// cpuTime is 0 where the process's CPU time is not read (benchRunIn
// reports no cpu-ns/op then).
func cpuTime() time.Duration { return 0 }
