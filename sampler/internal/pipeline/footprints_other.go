//go:build !amd64 || purego

package pipeline

import "github.com/texunit/texunit/sampler/internal/lanes"

// Without the assembly kernels (other architectures, the purego tag) the
// footprints take FootprintsOneLevel or FootprintRange: see
// footprints_amd64.go.

// FootprintsAsm takes no chunk here.
func (p *Plan) FootprintsAsm(c *lanes.Set, lvl *[lanes.Chunk]int32, fp *lanes.Footprints) bool {
	return false
}

// FootprintsLevels takes no chunk here.
func (p *Plan) FootprintsLevels(c *lanes.Set, lvl *[lanes.Chunk]int32, fp *lanes.Footprints, st *FootState) bool {
	return false
}
