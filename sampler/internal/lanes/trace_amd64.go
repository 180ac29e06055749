//go:build amd64 && !purego

package lanes

import "golang.org/x/sys/cpu"

// TraceAsm reports whether TraceQuads takes its entries in fours in
// assembly (trace_amd64.s): AVX-512 F and VL (the masked two-table
// permutations on 256-bit registers).
var TraceAsm = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL

// traceQuads writes the records of entries 0 to n (a multiple of 4) as
// traceQuadsGo does.
//
//go:noescape
func traceQuads(dst *Record, q *Quads, n int)

// traceQuadLevel writes the records of entries 0 to n (a multiple of 4)
// as traceQuadLevelGo does, entry k's at dst + k·stride records.
//
//go:noescape
func traceQuadLevel(dst *Record, q *QuadLevel, n, stride int)
