//go:build !amd64 || purego

package sampler

// Without the assembly kernels, chunks whose entries are at different
// levels take footprintRange (see footlevels_amd64.go).
func (x *exec) footprintsLevels(c *laneSet, lvl *[laneChunk]int32, fp *footprints) bool {
	return false
}
