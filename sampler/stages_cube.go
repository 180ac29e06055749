//go:build !(goexperiment.simd && amd64 && !purego)

package sampler

// The cube and anisotropic requests' gathering of lanes, eight lanes at a
// time where a vector unit is available.

// gatherCubeVec is gatherLanes eight lanes at a time for cube requests
// where a vector unit is available; this build has none, so it reports
// false.
func (x *exec) gatherCubeVec(req *Request, c *laneSet, first int) (int, bool) {
	return first, false
}

// gatherAnisoVec is gatherLanes eight lanes at a time for anisotropic 2D
// requests where a vector unit is available; this build has none, so it
// reports false.
func (x *exec) gatherAnisoVec(req *Request, c *laneSet, first int) (int, bool) {
	return first, false
}
