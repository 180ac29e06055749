// Package lanes holds the sampler's lane loop kernels: the chunk of up to
// Chunk entries and its bilinear footprints as the kernels read them, one
// kernel per format and operation (bilinear filtering, gathers, fetches,
// depth compares and percentage-closer filtering, the blend of two levels,
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
// The package knows nothing of requests, sampler state or surfaces: its
// inputs are flat arrays (texel data, footprint offsets and fractions,
// compare references, channels) and its outputs the rows an Out names.
// The stages that fill a chunk from a request — operands, LODs, level
// selection, footprints — are package sampler's (lanes2d.go, lanes3d.go,
// plain_amd64.go, cube_amd64.go, footprints_amd64.go, bcwindow.go).
package lanes
