//go:build !amd64 || purego

package sampler

// Without the assembly kernels (other architectures, the purego tag)
// fetchVec declines every request: runFetch2D reads lane by lane.
func (x *exec) fetchAsm(req *Request, res *Result) bool { return false }
