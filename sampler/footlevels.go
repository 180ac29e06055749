package sampler

import "github.com/texunit/texunit/sampler/internal/lanes"

// The states of exec.tableState.
const (
	tableUnset = iota // not filled yet
	tableReady        // exec.levelTable holds the view's levels
	tableOff          // the request's chunks at several levels take footprintRange
)

// fillLevelTable fills t, the working set's table, for footprintsLevels
// with the values footprintRange reads of each level, exactly as it
// converts them, and makes it x.levelTable; or marks the table off where
// the stage does not apply to the request: a cube (its footprints beyond a
// face need cubeEdge), more levels than the table holds, or a level some
// address mode cannot wrap as a mask or a clamp (vecWrap: repeat on a size
// that is not a power of two).
func (x *exec) fillLevelTable(t *lanes.LevelTable) {
	x.tableState = tableOff
	if x.cube || x.levels > len(t.Fw) {
		return
	}
	am0, am1 := x.st.Address[0], x.st.Address[1]
	for l := 0; l < x.levels; l++ {
		lv := &x.fast.levels[l]
		if !vecWrap(am0, lv.W) || !vecWrap(am1, lv.H) {
			return
		}
		t.Fw[l], t.Fh[l] = float32(lv.W), float32(lv.H)
		t.Wm[l], t.Hm[l] = lv.W-1, lv.H-1
		t.Xs[l], t.Ys[l], t.Ls[l], t.Off[l] = int32(lv.XS), int32(lv.YS), int32(lv.LS), int32(lv.Off)
	}
	x.levelTable, x.tableState = t, tableReady
}
