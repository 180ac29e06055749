//go:build unix

package batch

import "syscall"

// openNonBlock opens FIFOs without waiting for a writer.
const openNonBlock = syscall.O_NONBLOCK
