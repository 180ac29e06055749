package lanes

// TableLevels is the number of levels a LevelTable holds: FootprintsLevels8
// looks a level up in two halves of eight (an AVX2 VPERMD each) and rejects
// entries at deeper levels.
const TableLevels = 16

// LevelTable holds, by level, the footprint values of a view's first
// TableLevels levels (FootprintParams' per-level values): the size as
// floats and less one, the byte strides and the level's first byte. The
// multi-level footprint stage (FootprintsLevels8) reads each entry's from
// it. The working set holds one (Set.Levels), which package sampler fills
// for each request at its first chunk whose entries are at different
// levels.
type LevelTable struct {
	Fw, Fh         [TableLevels]float32
	Wm, Hm, Xs, Ys [TableLevels]int32
	Ls, Off        [TableLevels]int32
}
