//go:build !amd64 || purego

package sampler

// asmKernels is false where the assembly kernels are not built: other
// architectures, and the purego tag.
const asmKernels = false
