//go:build !linux

package main

import "os/exec"

// setDeathSignal does nothing where there is no PR_SET_PDEATHSIG.
func setDeathSignal(*exec.Cmd) {}
