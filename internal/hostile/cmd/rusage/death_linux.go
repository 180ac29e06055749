package main

import (
	"os/exec"
	"syscall"
)

// setDeathSignal makes the kernel kill the command when rusage dies.
func setDeathSignal(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
