// Package transpose moves 32-bit words between the lane-major layout
// (lanes × n: a lane's components together, as a batch lane or a C-ordered
// numpy array holds them) and the component-major one (n rows of lanes, as
// sampler.Request and sampler.Result hold them), for libtexunit's
// lane-major operands and results (capi/execute.go). On amd64 with AVX2
// the two forms that the C interface's requests need most — two-component
// operands in, four-channel results out — move eight lanes an iteration
// in assembly (transpose_amd64.s), chosen once per process; the Go loops
// here are the reference and the fallback (and the only form with the
// purego build tag), and TestAsmMatchesGo holds the two to the same words
// for every lane count up to 70 and unaligned arrays.
package transpose

// Split2 sets a[i] and b[i] to src[2i] and src[2i+1] for each lane i of
// a (b at least as long; src at least twice).
func Split2(src, a, b []uint32) {
	n := len(a)
	if n == 0 {
		return
	}
	b, src = b[:n], src[:2*n]
	done := 0
	if asm && n >= 8 {
		done = n &^ 7
		split2Asm(&src[0], &a[0], &b[0], done)
	}
	split2Go(src[2*done:], a[done:], b[done:])
}

// Interleave4 sets dst[4i+c] to rows[c][i] for each lane i of rows[0]
// (the other rows at least as long; dst at least four times).
func Interleave4(dst []uint32, rows *[4][]uint32) {
	n := len(rows[0])
	if n == 0 {
		return
	}
	r, g, b, a := rows[0], rows[1][:n], rows[2][:n], rows[3][:n]
	dst = dst[:4*n]
	done := 0
	if asm && n >= 8 {
		done = n &^ 7
		interleave4Asm(&dst[0], &r[0], &g[0], &b[0], &a[0], done)
	}
	interleave4Go(dst[4*done:], r[done:], g[done:], b[done:], a[done:])
}

// split2Go is Split2 in Go, for lanes of equal length (src twice theirs).
func split2Go(src, a, b []uint32) {
	b = b[:len(a)]
	for i := range a {
		p := src[2*i : 2*i+2 : 2*i+2]
		a[i], b[i] = p[0], p[1]
	}
}

// interleave4Go is Interleave4 in Go, for rows of equal length (dst four
// times theirs).
func interleave4Go(dst, r, g, b, a []uint32) {
	g, b, a = g[:len(r)], b[:len(r)], a[:len(r)]
	for i := range r {
		d := dst[4*i : 4*i+4 : 4*i+4]
		d[0], d[1], d[2], d[3] = r[i], g[i], b[i], a[i]
	}
}
