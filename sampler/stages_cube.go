package sampler

// The cube and anisotropic requests' gathering of lanes, eight lanes at a
// time in assembly where the CPU runs it (cube_amd64.go: AVX2 and FMA on
// amd64 without the purego tag), or reporting false so that the lane loop
// takes gatherLanes.

// gatherCubeVec is gatherLanes eight lanes at a time for the requests
// laneForms' formCubeVec admits: it fills the chunk with lanes [first,
// first+64) (or to the request's end) and returns the next lane, or
// reports false (filling nothing) when the chunk's lane count or first
// lane is not a multiple of 8 or the assembly does not run here
// (gatherCubeAsm).
func (x *exec) gatherCubeVec(req *Request, c *laneSet, first int) (int, bool) {
	return x.gatherCubeAsm(req, c, first)
}

// gatherAnisoVec is gatherLanes for the requests laneForms' formAnisoVec
// admits, the scale factors and levels eight lanes at a time: it fills the
// chunk with the lanes from first whose probes fit and returns the next
// lane, or reports false (filling nothing) when the request's lane count is
// not a multiple of 8 or the assembly does not run here (gatherAnisoAsm).
func (x *exec) gatherAnisoVec(req *Request, c *laneSet, first int) (int, bool) {
	return x.gatherAnisoAsm(req, c, first)
}
