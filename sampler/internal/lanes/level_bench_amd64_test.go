//go:build amd64 && !purego

package lanes

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user CPU time so far: on a loaded machine a
// steadier measure of a loop than the wall clock, which counts the time
// the thread waits for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano())
}

// benchLevelChunk is the level benchmarks' chunk: a 1024 × 1024 level of
// 4-byte texels d (rows 4096 bytes apart, repeat on both axes; its
// footprint parameters p) and 64 points (s, t) as texbench's screen-space
// quads about a texel apart, with compare references ref of ½.
func benchLevelChunk() (d []byte, p FootParams, s, t, ref *[Chunk]float32) {
	d = make([]byte, 4<<20+8)
	for i := range d {
		d[i] = byte(i * 7 >> 3)
	}
	p = FootParams{Fw: 1024, Fh: 1024, Wm: 1023, Hm: 1023, Ys: 4096, Xsh: 2, Rep0: 1, Rep1: 1}
	p.Derive()
	s, t, ref = new([Chunk]float32), new([Chunk]float32), new([Chunk]float32)
	for j := range Chunk {
		g, q, pp := j/16, j%16/4, j%4
		x, y := float32(q*2+pp%2+8*(g%2)), float32(pp/2+2*(g/2))
		s[j], t[j] = (100.3+x*1.02)/1024, (200.6+y*1.02)/1024
		ref[j] = 0.5
	}
	return d, p, s, t, ref
}

// BenchmarkPlainLevelV times PlainLevelV alone on one chunk of 64 points
// of a 1024 × 1024 level of 4-byte texels (rows 4096 bytes apart, repeat
// on both axes) for each of its kernels: screen-space quads about a texel
// apart, as texbench's W1 (bilinear), W4 (gather) and W5 (PCF, compare
// less) sample them, every footprint a pair of adjacent texels in each row
// but for those in the level's last column.
func BenchmarkPlainLevelV(b *testing.B) {
	if !PlainLevel512 {
		b.Skip("no AVX-512 on this CPU (or no assembly kernels in this build)")
	}
	d, p, s, t, ref := benchLevelChunk()
	var layer [Chunk]int32
	var acc [4][Chunk]float32
	out := OutOf(&acc)
	// W5's compare results: (r, 0, 0, 0), 1 where the compare passes.
	one, zero := [4]float32{1, 0, 0, 0}, [4]float32{}
	for _, tc := range []struct {
		name string
		k    LevelKernel
	}{
		{"bilinear", LevelKernel{Kind: LevelBilinear32}},
		{"gather", LevelKernel{Kind: LevelGather8}},
		{"pcf", PCFKernel(CompareLess, &one, &zero)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			c0 := cpuTime()
			for range b.N {
				if !PlainLevelV(&p, &tc.k, &d[0], &s[0], &t[0], &ref[0], &layer[0], Chunk, &out) {
					b.Fatal("rejected")
				}
			}
			b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkPlainLevel8 times the one-level road's AVX2 single call
// (PlainLevel8) against its staged form on the AVX2 road
// (PlainFootprintsAsm's AVX2 loop into a Set, then the AVX2 kernel:
// bilinear32, gather8 with every channel 0, or gatherRows and pcfDepth)
// on BenchmarkPlainLevelV's chunk, for each kernel. The staged form
// leaves out its Go glue (the entries, the kernel's dispatch), so the
// difference is the single call's gain from the footprints kept in
// registers alone. cpu-ns/op is one chunk of 64 entries.
func BenchmarkPlainLevel8(b *testing.B) {
	if !AsmKernels {
		b.Skip("no assembly kernels on this CPU")
	}
	defer func(v bool) { Foot512 = v }(Foot512)
	Foot512 = false // PlainFootprintsAsm's AVX2 loop
	d, p, s, t, ref := benchLevelChunk()
	var acc [4][Chunk]float32
	out := OutOf(&acc)
	c := new(Set)
	var ch [Chunk]uint8
	one, zero := [4]float32{1, 0, 0, 0}, [4]float32{}
	pcf := PCFKernel(CompareLess, &one, &zero)
	for _, tc := range []struct {
		name   string
		k      LevelKernel
		staged func()
	}{
		{"bilinear", LevelKernel{Kind: LevelBilinear32}, func() { bilinear32(&d[0], &c.FP.O, &c.FP.FA, &c.FP.FB, Chunk, &out) }},
		{"gather", LevelKernel{Kind: LevelGather8}, func() { gather8(&d[0], &c.FP.O, &ch, Chunk, &out) }},
		{"pcf", pcf, func() {
			gatherRows(&d[0], &c.FP.O, Chunk, &c.FP.Tex)
			pcfDepth(&c.FP.Tex, &c.Ref, &c.FP.FA, &c.FP.FB, Chunk, pcf.Op, &pcf.T, &pcf.F, &pcf.Form, &out)
		}},
	} {
		b.Run(tc.name+"/single", func(b *testing.B) {
			c0 := cpuTime()
			for range b.N {
				if !PlainLevel8(&p, &tc.k, &d[0], &s[0], &t[0], &ref[0], nil, Chunk, &out) {
					b.Fatal("rejected")
				}
			}
			b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
		})
		b.Run(tc.name+"/staged", func(b *testing.B) {
			c0 := cpuTime()
			for range b.N {
				if !PlainFootprintsAsm(&p, &s[0], &t[0], &ref[0], Chunk, c) {
					b.Fatal("rejected")
				}
				tc.staged()
			}
			b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}
