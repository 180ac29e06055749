//go:build !amd64 || purego

package sampler

// Without the assembly (other architectures, the purego tag) the plain
// requests' lanes take the Go gatherer and the staged path: see
// plain_amd64.go.

func (x *exec) gatherPlainAsm(req *Request, c *laneSet, first, end int) (int, bool) {
	return first, false
}

func (x *exec) plainLevelAsm(src LodSource) bool { return false }

func (x *exec) runPlainLevelAsm(req *Request, res *Result, c *laneSet, first, end int) (int, bool) {
	return first, false
}
