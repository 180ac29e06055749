//go:build !amd64 || purego

package sampler

// Without the assembly kernels (other architectures, the purego tag)
// fetchVec declines every request: runFetch2D reads lane by lane.
func (x *exec) fetchAsm(req *Request, res *Result) bool { return false }

// fetchRun is fetch_amd64.go's kernel call, which the set-up cache's hot
// road makes for a set-up with a fetch kernel; without the kernels no
// set-up has one (setupFetch), and the fetch is runFetch's.
func (x *exec) fetchRun(req *Request, res *Result) { x.runFetch(req, res) }

// fetchPlan is fetch_amd64.go's set-up of fetchAsm's kernel: none here.
type fetchPlan struct{ kind fetchKernel }

type fetchKernel uint8

const fetchNone fetchKernel = 0

func (x *exec) setupFetch() {}
