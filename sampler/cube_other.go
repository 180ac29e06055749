//go:build !amd64 || purego

package sampler

// Without the assembly (other architectures, the purego tag) the cube and
// anisotropic requests' lanes take gatherLanes: see cube_amd64.go.

func (x *exec) gatherCubeAsm(req *Request, c *laneSet, first int) (int, bool) {
	return first, false
}

func (x *exec) gatherAnisoAsm(req *Request, c *laneSet, first int) (int, bool) {
	return first, false
}
