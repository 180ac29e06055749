//go:build !amd64 || purego

package lanes

// TraceAsm is false where the assembly is not built: TraceQuads runs its
// Go twin.
var TraceAsm = false

func traceQuads(dst *Record, q *Quads, n int) { panic("lanes: traceQuads without assembly") }

func traceQuadLevel(dst *Record, q *QuadLevel, n, stride int) {
	panic("lanes: traceQuadLevel without assembly")
}
