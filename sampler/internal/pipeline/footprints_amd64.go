//go:build amd64 && !purego

package pipeline

import (
	"math/bits"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// The footprint stage's assembly (package lanes' footprints_amd64.s and
// footlevels_amd64.s): the vector loop of the retired simd/archsimd
// footprintsVec, one AVX2 instruction for each archsimd operation, in the
// same order (no fused multiply-add, the same floor and the same
// truncating conversion), so that the results are the Go stage's bits
// (package sampler's TestVectorKernelsAgree, TestFootprintsAsmAgree,
// TestFootprintsLevelsAgree). Where lanes.Wide512 holds, the one-level
// stage is lanes.Footprints16, the same operations sixteen entries an
// AVX-512 instruction (the same bits: lanes' TestFootprintsForms). The
// control around them — which chunks they take, and the entries the
// vector test rejects, in order — is here.

// FootprintsAsm computes the chunk's footprints eight entries at a time
// when every entry is at the same level and both address modes are repeat
// on a power-of-two size or clamp-to-edge (a cube's interior footprints:
// clamp-to-edge), and reports false (computing nothing) otherwise. A cube
// footprint beyond its face takes CubeEdge (or the reference) on its own,
// and an entry with a coordinate beyond ±2^30 or NaN FootprintRange.
func (p *Plan) FootprintsAsm(c *lanes.Set, lvl *[lanes.Chunk]int32, fp *lanes.Footprints) bool {
	if !lanes.AsmKernels || c.NP&7 != 0 || c.NP > lanes.Chunk {
		return false
	}
	if !lanes.LevelsUniform(lvl, c.NP) {
		return false
	}
	k := &p.Key
	l := lvl[0]
	lv := &p.Levels[l]
	am0, am1 := k.Wrap[0], k.Wrap[1]
	if k.Cube { // interior footprints only, as FootprintRange
		am0, am1 = WrapClampToEdge, WrapClampToEdge
	}
	if !VecWrap(am0, lv.W) || !VecWrap(am1, lv.H) {
		return false
	}
	ls, off := int32(lv.LS), int32(lv.Off)
	// Field by field: a composite literal is built in a temporary with
	// 4-byte stores and copied with 16-byte loads, which cannot take
	// their bytes from those stores (a store-forwarding stall each, a
	// sixth of this function's time in W2's profile).
	var fpp lanes.FootprintParams
	fpp.Fw, fpp.Fh = float32(lv.W), float32(lv.H)
	fpp.Wm, fpp.Hm = lv.W-1, lv.H-1
	fpp.Xs, fpp.Ys, fpp.Ls, fpp.Off = int32(lv.XS), int32(lv.YS), ls, off
	fpp.PlainBase = c.PlainLayer*ls + off
	if c.Plain {
		fpp.Flags |= lanes.FpPlain
		if c.PlainLayer >= 0 {
			fpp.Flags |= lanes.FpOneLayer
		}
	}
	if k.Hardware {
		fpp.Flags |= lanes.FpHW
		fpp.Sub, fpp.SubInv = k.Sub, k.SubInv
	}
	if am0 == WrapRepeat {
		fpp.Flags |= lanes.FpRepeat0
	}
	if am1 == WrapRepeat {
		fpp.Flags |= lanes.FpRepeat1
	}
	var ei, ej *[lanes.Chunk]int32 // bit k of edges: entry k is a cube footprint beyond its face, at (ei[k], ej[k])
	if k.Cube {
		fpp.Flags |= lanes.FpCube
		ei, ej = &c.EdgeI, &c.EdgeJ
	}
	var rejected, edges uint64
	if lanes.Wide512 { // sixteen entries an instruction, the same bits
		rejected, edges = lanes.Footprints16(c, fp, &fpp, ei, ej)
	} else {
		rejected, edges = lanes.Footprints8(c, fp, &fpp, ei, ej)
	}
	// The entries the test rejected, one by one and in order, so that
	// fp.Slow stays sorted: a cube footprint beyond its face takes CubeEdge
	// (FootprintRange's cube case, with the fractions stored above), or
	// the reference; a coordinate beyond ±2^30 or NaN FootprintRange,
	// which rewrites all of its footprint.
	for ; rejected != 0; rejected &= rejected - 1 {
		e := bits.TrailingZeros64(rejected)
		if edges&(1<<e) == 0 {
			p.FootprintRange(c, lvl, fp, e, e+1)
		} else if !p.CubeEdge(lv, c.Layer[e], c.Face[e], ei[e], ej[e], fp, e) {
			setSlow(fp, e, lv)
		}
	}
	return true
}

// FootprintsLevels is FootprintRange for 2D chunks whose entries are at
// different levels (common wherever the LOD varies across a chunk: each
// entry's footprint at its own level), in assembly
// (lanes.FootprintsLevels8) eight entries at a time, each entry's level
// values looked up in the request's level table (fillLevelTable, in the
// working set; st holds it for the request). It reports false, computing
// nothing, where the table is off for the request; an entry with a
// coordinate beyond ±2^30 or NaN takes FootprintRange, which rewrites all
// of its footprint, as in FootprintsAsm. The entries' footprints are
// FootprintRange's bits (package sampler's TestFootprintsLevelsAgree).
func (p *Plan) FootprintsLevels(c *lanes.Set, lvl *[lanes.Chunk]int32, fp *lanes.Footprints, st *FootState) bool {
	if !lanes.AsmKernels || c.NP&7 != 0 || c.NP > lanes.Chunk {
		return false
	}
	if st.state == tableUnset {
		p.fillLevelTable(&c.Levels, st)
	}
	if st.state != tableReady {
		return false
	}
	k := &p.Key
	var fpp lanes.FootprintParams
	if k.Wrap[0] == WrapRepeat {
		fpp.Flags |= lanes.FpRepeat0
	}
	if k.Wrap[1] == WrapRepeat {
		fpp.Flags |= lanes.FpRepeat1
	}
	if k.Hardware {
		fpp.Flags |= lanes.FpHW
		fpp.Sub, fpp.SubInv = k.Sub, k.SubInv
	}
	for rejected := lanes.FootprintsLevels8(c, fp, &fpp, lvl, st.table); rejected != 0; rejected &= rejected - 1 {
		e := bits.TrailingZeros64(rejected)
		p.FootprintRange(c, lvl, fp, e, e+1)
	}
	return true
}
