//go:build linux && amd64 && !purego

package lanes

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"unsafe"
)

// TestPlainLevelVOperandsEnd runs PlainLevelV on chunks whose last group
// is eight entries (n = 8, 24, 40, 56) with the request's operand rows s,
// t and ref ending right before a page that cannot be read: the call reads
// them under its group mask only (a request's rows are n long, not
// Chunk), so it must neither fault nor differ from the footprints stage
// and the Go kernels.
func TestPlainLevelVOperandsEnd(t *testing.T) {
	if !PlainLevel512 {
		t.Skip("no AVX-512 on this CPU (or no assembly kernels in this build)")
	}
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 6*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(mem)
	for _, q := range []int{1, 3, 5} { // each operand's page is followed by an unreadable one
		if err := syscall.Mprotect(mem[q*page:(q+1)*page], syscall.PROT_NONE); err != nil {
			t.Skip("mprotect:", err)
		}
	}
	// rows returns the last n float32s before the unreadable page q.
	rows := func(q, n int) []float32 {
		end := unsafe.Pointer(&mem[q*page-4])
		return unsafe.Slice((*float32)(unsafe.Add(end, -4*(n-1))), n)
	}
	rng := rand.New(rand.NewPCG(23, 2026))
	d := randomWords(rng)
	p := FootParams{Fw: 32, Fh: 32, Wm: 31, Hm: 31, Ys: 128, Xsh: 2, Rep0: 1}
	p.Ysh = ShiftOf(p.Ys)
	for _, n := range []int{8, 24, 40, 56} {
		for _, kind := range []int32{LevelGather8, LevelBilinear32, LevelPCF, LevelGatherDepth} {
			s, tc, ref := rows(1, n), rows(3, n), rows(5, n)
			for j := 0; j < n; j++ {
				s[j], tc[j], ref[j] = rng.Float32(), rng.Float32(), rng.Float32()
			}
			k := LevelKernel{Kind: kind, Op: CompareLess, T: [4]float32{1}}
			k.Form = pcfForms(&k.T, &k.F)
			c := new(Set)
			if !PlainFootprintsAsm(&p, &s[0], &tc[0], &ref[0], n, c) {
				t.Fatal("the footprints stage declined coordinates in range")
			}
			var ch [Chunk]uint8
			var plain [4][Chunk]float32
			po := OutOf(&plain)
			switch kind {
			case LevelGather8:
				gatherRGBA8LanesGo(d, &c.FP, n, &ch, &po)
			case LevelBilinear32:
				bilinearRGBA8LanesGo(d, &c.FP, n, &po)
			case LevelPCF:
				pcfDepthLanesGo(d, &c.FP, n, &c.Ref, k.Op, &k.T, &k.F, &po)
			case LevelGatherDepth:
				gatherDepthLanesGo(d, &c.FP, n, &c.Ref, k.Op, k.T[0], k.F[0], &po)
			}
			vec := untouched()
			vo := OutOf(&vec)
			if !PlainLevelV(&p, &k, &d[0], &s[0], &tc[0], &ref[0], nil, n, &vo) {
				t.Fatal("PlainLevelV declined coordinates in range")
			}
			sameForms(t, "operands at a page's end", true, n, &vec, &plain)
		}
	}
}
