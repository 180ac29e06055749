// Package bench runs texunit on the eight throughput workloads of the
// shared lavapipe benchmark texbench (../shared/oracle/texbench.c and
// BENCH.md), with the same textures, sampler states, coordinate patterns and
// sample counts, through the public API a simulator would use: whole
// 64-lane sampler.Requests.
//
// texbench runs a compute shader over a pixel grid (1024×1024 by default)
// in which every invocation takes K = 64 samples at
// P_k = base + (pixel + k·(0.37, 0.23))·step and sums them; four
// consecutive invocations form a 2×2 pixel quad. Here each request holds 64
// consecutive invocations of one invocation row (16 quads) for one k, and
// the operands are computed in float32 exactly as the shader computes them.
// As texbench does, a run times the sampling pass and a baseline pass that
// computes the same operands without sampling; the net time is the
// difference of their medians, and M samples/s = grid · K / net time.
//
// The checksum (the sum of every invocation's accumulated result) is
// texbench's too, so the two can be compared as a check that both sample
// the same thing; lavapipe's 8-bit filtering and approximate LOD make it
// agree only approximately.
package bench
