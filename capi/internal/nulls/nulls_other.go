//go:build !amd64 || purego

package nulls

// asm is false: maskGo runs.
const asm = false

func maskAsm(w *[16]uintptr) uint32 { panic("nulls: no assembly") }
