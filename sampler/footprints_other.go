//go:build !amd64 || purego

package sampler

// Without the assembly kernels (other architectures, the purego tag) the
// footprints take footprintsOneLevel or footprintRange: see
// footprints_amd64.go.

func (x *exec) footprintsAsm(c *laneSet, lvl *[laneChunk]int32, fp *footprints) bool { return false }
