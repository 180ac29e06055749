package pipeline

import (
	"math/bits"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// Plan is the lane pipeline's plan for one set-up: its key, the view's
// level tables and the constants its roads derive from them, made once per
// set-up (package sampler's set-up fills the key and the tables, and Setup
// the one-level road's constants) and immutable after, so that a cached
// set-up's plan is shared by the requests that take it.
type Plan struct {
	Key Key
	// Levels is the view's level table (Key.Levels entries), the set-up's
	// own: package sampler's (its fastState.levels), which the set-up
	// cache re-points with it.
	Levels *[MaxLevels]Level
	// Cube is the map from the texels beyond a cube face's edges to the
	// neighbouring faces' (CubeEdge), by face and side: package sampler's
	// table, made from its cubeNeighbor.
	Cube *[6][4]CubeStep
	// Inside reports that every footprint of the lane loop reads inside
	// the texel data (package sampler's levelsInside), so that the
	// kernels need no bounds pass.
	Inside bool
	// BCPlan is a BC view's (bcwindow.go), which package sampler's set-up
	// fills.
	BCPlan
	// foot and level are the one-level road's constants (Setup): level
	// 0's footprint parameters and the kernel of its single call
	// (lanes.PlainLevelV or lanes.PlainLevel8; Kind LevelNone where it
	// has none: the stages).
	foot  lanes.FootParams
	level lanes.LevelKernel
	// LevelStage is the vector gatherers' level stage's constants
	// (package sampler's levelKey fills them with the key): after the
	// one-level road's constants, whose places it would otherwise move
	// (the single call per chunk ran 2–4 % slower, BenchmarkPlainLevel,
	// with them in the key).
	LevelStage LevelStage
}

// MaxLevels bounds the levels of a view: an extent of at most 65536 has
// at most 17.
const MaxLevels = 17

// Single reports whether the one-level road's chunks are single calls of
// lanes.PlainLevelV or lanes.PlainLevel8 (Setup chose a kernel for it).
func (p *Plan) Single() bool { return p.level.Kind != lanes.LevelNone }

// FootParams sets p to lanes.PlainFootprintsAsm's constants for the
// level lv (level 0 of a request the one-level road takes). It stores each
// field by itself: a FootParams built and returned as a value is copied
// with 16-byte moves that read its 4-byte stores back before they have
// left the store buffer, which no Intel core forwards (a stall of a dozen
// cycles each, 8 % of a 64-lane gather request on the session 13
// machine).
func (k *Key) FootParams(lv *Level, p *lanes.FootParams) {
	// The x stride is a texel's size, a power of two (1 to 16 bytes): a shift.
	xsh := int32(bits.TrailingZeros(uint(lv.XS)))
	if lv.W == 1 {
		xsh = 0 // the stride is 0, and both x indices are 0
	}
	p.Fw, p.Fh, p.Wm, p.Hm = float32(lv.W), float32(lv.H), lv.W-1, lv.H-1
	p.Ys, p.Xsh = int32(lv.YS), xsh
	p.Base, p.Layers, p.Ls = int32(lv.Off+int(k.BaseLayer)*lv.LS), 0, 0
	if k.Array { // each entry's layer (lanes.LayersAsm's, absolute)
		p.Base, p.Layers, p.Ls = int32(lv.Off), 1, int32(lv.LS)
	}
	p.Rep0, p.Rep1 = 0, 0
	if k.Wrap[0] == WrapRepeat {
		p.Rep0 = 1
	}
	if k.Wrap[1] == WrapRepeat {
		p.Rep1 = 1
	}
	p.Hw, p.Sub, p.SubInv = 0, 0, 0
	if k.Hardware {
		p.Hw, p.Sub, p.SubInv = 1, k.Sub, k.SubInv
	}
	p.Derive()
}
