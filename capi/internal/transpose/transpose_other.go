//go:build !amd64 || purego

package transpose

// asm is false: the Go loops run.
const asm = false

func split2Asm(src, a, b *uint32, n int)                { panic("transpose: no assembly") }
func interleave4Asm(dst, c0, c1, c2, c3 *uint32, n int) { panic("transpose: no assembly") }
