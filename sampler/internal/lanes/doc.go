// Package lanes holds the sampler's lane loop kernels: one kernel per
// format and operation (bilinear filtering, gathers, fetches,
// depth compares and percentage-closer filtering, the BC formats' windows
// of decoded blocks, the 3D trilinear kernels, the blend of two levels,
// the stores into a result's rows, the LOD's logarithms), each as pure Go
// and, on amd64, as AVX2 assembly chosen once per process from the CPU's
// features (AsmKernels; the purego build tag forces the Go forms), and
// the 8-bit and half-float texel decodes the kernels and the sampler's
// specialised 2D path share.
//
// Every kernel performs the reference pipeline's binary32 operations
// (package sampler, Vulkan's "Texel Filtering" and "Texel Gathering") in
// the same order, so its results are the reference's bits; the Go and
// assembly forms are held to each other by this package's tests and to
// the reference by sampler's agreement tests and fuzzer.
//
// It also holds the lane loop's working set (Set: a chunk of entries as
// structures of arrays, and Footprints) and the assembly of the stages
// that fill it — the plain, cube and anisotropic requests' operands, LODs
// and levels (plain_amd64.s, cube_amd64.s), the footprints at one level
// (footprints_amd64.s) and at each entry's own level (footlevels_amd64.s,
// with its LevelTable; the two share the quad's steps as macros,
// footquad_amd64.h) — with their parameter blocks: all of the lane
// loop's assembly and its CPU dispatch are here. Where the CPU has
// AVX-512, some kernels have sixteen-lane forms chosen once per process
// (Foot512, Wide512, SRGBVBMI; the 2D fetch's in fetch512_amd64.s, the
// one-level footprint stage's, Footprints16, in footprints512_amd64.s,
// the cube face stage's, CubeLanes16, in cube512_amd64.s), and a
// one-level chunk of bilinear sampling, gathers or PCF is a single call
// from the request's coordinates to the result's rows (PlainLevelV,
// wide512_amd64.s, and for r32g32b32a32_sfloat level128_amd64.s; its kernel
// a LevelKernel; its front's macros in level16_amd64.h); where the CPU
// has AVX2 alone that call is PlainLevel8 (level8_amd64.s, eight entries
// an instruction, chosen where PlainLevel256), which shares the staged
// AVX2 kernels' reads and arithmetic with them (kernels8_amd64.h). And it writes sampler's trace records from the kept
// footprints of a chunk level, each record built in AVX-512 registers
// and stored as two 32-byte halves (TraceQuadLevel, TraceQuads,
// trace_amd64.s: a Record is sampler.TracedTexel's layout), with Go twins.
// And it compares the sampler's set-up cache key, a sampler state and a
// view under a mask of their fields' bytes, in one AVX2 call (SameKey,
// key_amd64.s; its Go twin in key.go).
//
// The package knows nothing of requests, sampler state or surfaces: its
// inputs are flat arrays (texel data, footprint offsets and fractions,
// compare references, channels, a request's operand rows) and parameter
// blocks, and its outputs the rows an Out names or a Set's entries. Which
// requests and chunks take the assembly, the stages' Go forms and the
// per-lane and per-footprint fallbacks to the reference pipeline are
// package pipeline's (sampler/internal/pipeline, on a compiled key: the
// one-level road, the 2D footprint stage, the kernel choice and the BC
// windows) and package sampler's (laneloop.go, lanes2d.go, lanes3d.go,
// plain_amd64.go, cube_amd64.go).
package lanes
