//go:build !amd64 || purego

package sampler

// Without the assembly kernels (other architectures, the purego tag)
// fetchVec declines every request: runFetch2D reads lane by lane.
func (x *exec) fetchAsm(req *Request, res *Result) bool { return false }

// fetchPlan is fetch_amd64.go's set-up of fetchAsm's kernel: none here.
type fetchPlan struct{ kind fetchKernel }

type fetchKernel uint8

const fetchNone fetchKernel = 0

func (x *exec) setupFetch() {}
