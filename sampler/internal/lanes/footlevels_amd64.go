//go:build amd64 && !purego

package lanes

// FootprintsLevels8 is Footprints8 for chunks whose entries are at
// different levels: entry k's footprint is computed at level lvl[k], whose
// values it looks up in t (footlevels_amd64.s), eight entries at a time.
// Of p it reads Flags (FpRepeat0, FpRepeat1 and FpHW; the chunk is never a
// cube's, and its offsets and layers are always read, as footprintRange
// reads them) and, with FpHW, Sub and SubInv. It returns the entries whose
// coordinates are not both within ±2^30 (or NaN), or whose level is not in
// t (TableLevels or deeper): bit k for entry k, whose footprint the caller
// computes again.
//
//go:noescape
func FootprintsLevels8(c *Set, fp *Footprints, p *FootprintParams, lvl *[Chunk]int32, t *LevelTable) (rejected uint64)
