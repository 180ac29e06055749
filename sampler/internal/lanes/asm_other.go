//go:build !amd64 || purego

package lanes

// AsmKernels is false where the assembly kernels are not built: other
// architectures, and the purego tag.
const AsmKernels = false
