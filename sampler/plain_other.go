//go:build !amd64 || purego

package sampler

// Without the assembly (other architectures, the purego tag) the
// one-level run takes no request: see plain_amd64.go.

func (x *exec) plainLevelAsm(src LodSource) bool { return false }

func (x *exec) runPlainLevelAsm(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	return first, false
}
