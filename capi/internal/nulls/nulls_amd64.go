//go:build !purego

package nulls

import "golang.org/x/sys/cpu"

// asm says that the AVX2 form runs: chosen once per process.
var asm = cpu.X86.HasAVX2

// maskAsm is Mask in AVX2 (nulls_amd64.s).
//
//go:noescape
func maskAsm(w *[16]uintptr) uint32
