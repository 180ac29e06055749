//go:build !amd64 || purego

package lanes

// AsmKernels is false where the assembly kernels are not built: other
// architectures, and the purego tag.
const AsmKernels = false

// PlainLevel512 is false where the assembly kernels are not built: the
// one-level road runs its Go stages (kernels_dispatch_amd64.go has the
// single call). A variable, as on amd64.
var PlainLevel512 = false

// PlainLevel256 is false where the assembly kernels are not built, as
// PlainLevel512.
var PlainLevel256 = false
