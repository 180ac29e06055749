//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSS returns the peak resident memory of the finished process in bytes.
func maxRSS(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	n := int64(ru.Maxrss)
	if runtime.GOOS != "darwin" && runtime.GOOS != "ios" {
		n <<= 10 // kilobytes everywhere but Apple's systems
	}
	return n
}

// signal returns the name of the signal that ended the process, or "".
func signal(ps *os.ProcessState) string {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}
