//go:build amd64 && !purego

package sampler

import (
	"math/bits"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// footprintsLevels is footprintRange for 2D chunks whose entries are at
// different levels (common wherever the LOD varies across a chunk: each
// entry's footprint at its own level), in assembly
// (lanes.FootprintsLevels8) eight entries at a time, each entry's level
// values looked up in the request's level table (fillLevelTable, in the
// working set). It
// reports false, computing nothing, where the table is off for the
// request; an entry with a coordinate beyond ±2^30 or NaN takes
// footprintRange, which rewrites all of its footprint, as in footprintsAsm.
// The entries' footprints are footprintRange's bits
// (TestFootprintsLevelsAgree).
func (x *exec) footprintsLevels(c *laneSet, lvl *[laneChunk]int32, fp *footprints) bool {
	if !lanes.AsmKernels || c.NP&7 != 0 || c.NP > laneChunk {
		return false
	}
	if x.tableState == tableUnset {
		x.fillLevelTable(&c.Levels)
	}
	if x.tableState != tableReady {
		return false
	}
	var p lanes.FootprintParams
	if x.st.Address[0] == WrapRepeat {
		p.Flags |= lanes.FpRepeat0
	}
	if x.st.Address[1] == WrapRepeat {
		p.Flags |= lanes.FpRepeat1
	}
	if x.hw {
		p.Flags |= lanes.FpHW
		p.Sub, p.SubInv = x.q.sub, x.q.subInv
	}
	for rejected := lanes.FootprintsLevels8(c, fp, &p, lvl, x.levelTable); rejected != 0; rejected &= rejected - 1 {
		e := bits.TrailingZeros64(rejected)
		x.footprintRange(c, lvl, fp, e, e+1)
	}
	return true
}
