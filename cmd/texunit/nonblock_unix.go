//go:build unix

package main

import "syscall"

// openNonBlock opens a FIFO named as an input without waiting for a writer
// (it is then refused as not a regular file).
const openNonBlock = syscall.O_NONBLOCK
