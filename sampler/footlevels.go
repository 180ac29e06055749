package sampler

// The states of exec.tableState.
const (
	tableUnset = iota // not filled yet
	tableReady        // exec.levelTable holds the view's levels
	tableOff          // the request's chunks at several levels take footprintRange
)

// fillLevelTable fills x.levelTable for footprintsLevels, the values
// footprintRange reads of each level, exactly as it converts them; or
// marks the table off where the stage does not apply to the request: a
// cube (its footprints beyond a face need cubeEdge), more levels than the
// table holds, or a level some address mode cannot wrap as a mask or a
// clamp (vecWrap: repeat on a size that is not a power of two).
func (x *exec) fillLevelTable() {
	x.tableState = tableOff
	if x.cube || x.levels > len(x.levelTable.Fw) {
		return
	}
	am0, am1 := x.st.Address[0], x.st.Address[1]
	t := &x.levelTable
	for l := 0; l < x.levels; l++ {
		lv := &x.fast.levels[l]
		if !vecWrap(am0, lv.w) || !vecWrap(am1, lv.h) {
			return
		}
		t.Fw[l], t.Fh[l] = float32(lv.w), float32(lv.h)
		t.Wm[l], t.Hm[l] = lv.w-1, lv.h-1
		t.Xs[l], t.Ys[l], t.Ls[l], t.Off[l] = int32(lv.xs), int32(lv.ys), int32(lv.ls), int32(lv.off)
	}
	x.tableState = tableReady
}
