// Package bench runs texunit on the ten throughput workloads of the shared
// lavapipe benchmark texbench (../shared/oracle/texbench.c and BENCH.md),
// with the same textures, sampler states, coordinate patterns and sample
// counts, through the public API a simulator would use: whole 64-lane
// sampler.Requests.
//
// texbench runs a compute shader over a pixel grid (1024×1024 by default)
// in which every invocation takes K = 64 samples at
// P_k = base + (pixel + k·(0.37, 0.23))·step and sums them; four
// consecutive invocations form a 2×2 pixel quad. Here each request holds 64
// consecutive invocations of one invocation row (16 quads) for one k, and
// the operands are computed in float32 exactly as the shader computes them.
//
// What is timed differs. texbench cannot time the texture instructions
// alone, so it times the sampling shader and a baseline shader that
// computes the same operands without sampling, and reports the difference
// of their medians. Here each goroutine builds a chunk of requests
// (ChunkRequests, ChunkTime) outside the timed region, times Engine.Execute over the
// chunk, and sums the results outside it again; a pass's time is its
// slowest goroutine's time in Execute, and M samples/s = grid · K / the
// median of the passes' times. No baseline is subtracted, so the figure
// does not carry the noise of a second measurement.
//
// The checksum (the sum of every invocation's accumulated result) is
// texbench's too, so the two can be compared as a check that both sample
// the same thing; lavapipe's 8-bit filtering, approximate LOD, sRGB decode
// and BC1 interpolation make it agree only approximately
// (TestChecksumsMatchTexbench, testdata/README.md).
package bench
