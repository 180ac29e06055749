//go:build !purego

package transpose

import "golang.org/x/sys/cpu"

// asm says that the AVX2 forms run: chosen once per process.
var asm = cpu.X86.HasAVX2

// split2Asm is Split2 for n lanes, a multiple of 8 (transpose_amd64.s).
//
//go:noescape
func split2Asm(src, a, b *uint32, n int)

// interleave4Asm is Interleave4 for n lanes, a multiple of 8.
//
//go:noescape
func interleave4Asm(dst, c0, c1, c2, c3 *uint32, n int)
